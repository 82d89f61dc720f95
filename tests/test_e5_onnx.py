"""e5 run by ONNX Runtime with 8-bit weight products: within a cosine of 0.999 of the numpy
engine's float32 vectors on texts of every kind the write path meets, a text's vector independent
of the texts batched with it, and the graph written by hand parsed and run by ONNX Runtime."""

from __future__ import annotations

import logging
import threading

import numpy as np
import pytest

from hindsight.embedding import e5 as e5_module
from hindsight.embedding.e5 import E5Embedder
from hindsight.embedding.e5_numpy import E5Numpy
from hindsight.embedding.e5_numpy import shared_engine as numpy_engine
from hindsight.embedding.e5_onnx import E5Onnx, integer_products_exact, quantize_columns, shared_engine
from hindsight.embedding.onnx_proto import FLOAT, GraphBuilder, _varint

from .test_e5_numpy import TEXTS

pytestmark = pytest.mark.model


@pytest.fixture(scope="module")
def engine() -> E5Onnx:
    if not integer_products_exact():  # the embedder never runs this engine there (see below)
        pytest.skip("this core's 8-bit products may saturate (no VNNI)")
    return shared_engine()


@pytest.fixture(scope="module")
def exact() -> E5Numpy:
    return numpy_engine()


def test_passages_agree_with_the_float_engine(engine: E5Onnx, exact: E5Numpy) -> None:
    by_integers = engine.passages(TEXTS)
    by_floats = exact.passages(TEXTS)
    assert by_integers.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(by_integers, axis=1), 1.0, atol=1e-5)
    cosines = (by_integers * by_floats).sum(axis=1)
    assert cosines.min() > 0.999, cosines


def test_queries_agree_and_stay_queries(engine: E5Onnx, exact: E5Numpy) -> None:
    for question in ("where is my headphone order?", "我那个耳机订单到哪了", "", "a\x00b"):
        vector = engine.query(question)
        assert vector.shape == (384,)
        assert float(vector @ exact.embed([question], "query: ")[0]) > 0.999
    # the prefix is read: a query's vector is not its passage's
    assert float(engine.query(TEXTS[2]) @ engine.passages([TEXTS[2]])[0]) < 0.9999


def test_a_vector_does_not_depend_on_its_batch(engine: E5Onnx) -> None:
    # each token is rounded to 8 bits on its own scale, and padding is masked out of attention
    batched = engine.passages(TEXTS)
    for i in (0, 2, 9):
        alone = engine.passages([TEXTS[i]])[0]
        assert np.allclose(alone, batched[i], atol=1e-5)


def test_one_session_serves_threads_at_once(engine: E5Onnx) -> None:
    expected = engine.passages(TEXTS[:4])
    results: list[np.ndarray] = []

    def work() -> None:
        for _ in range(3):
            results.append(engine.passages(TEXTS[:4]))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 12
    for vectors in results:
        assert np.allclose(vectors, expected, atol=1e-6)


def test_the_embedder_runs_queries_on_the_onnx_engine(engine: E5Onnx, exact: E5Numpy) -> None:
    embedder = E5Embedder(workers=2)  # the defaults: passages by numpy, queries by onnx
    assert embedder.dim == 384
    question = "weather in Lisbon"
    assert np.allclose(embedder.embed_query(question), engine.query(question), atol=1e-6)
    assert np.allclose(embedder.embed_passages(TEXTS[:3]), exact.passages(TEXTS[:3]), atol=1e-5)
    both = E5Embedder(workers=2, passages="onnx")
    assert np.allclose(both.embed_passages(TEXTS[:3]), engine.passages(TEXTS[:3]), atol=1e-5)


def test_without_onnxruntime_passages_fall_back_to_numpy_and_queries_to_c(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def missing(threads: int) -> E5Onnx:
        raise ImportError("No module named 'onnxruntime'")

    monkeypatch.setattr(e5_module, "onnx_engine", missing)
    monkeypatch.setattr(e5_module, "integer_products_exact", lambda: True)
    embedder = E5Embedder(passages="onnx", queries="onnx")
    with caplog.at_level(logging.WARNING):
        assert isinstance(embedder._engine("passages"), E5Numpy)
        assert embedder._engine("queries") is None
    assert "onnxruntime is not installed" in caplog.text
    vector = embedder.embed_query("hello")  # the C engine answers
    assert vector.shape == (384,) and abs(float(np.linalg.norm(vector)) - 1.0) < 1e-5


def test_column_quantization_is_within_half_a_step() -> None:
    rng = np.random.default_rng(7)
    weights = rng.normal(size=(64, 48)).astype(np.float32)
    weights[:, 5] = 0.0  # a column of zeros keeps a usable scale
    quantized, scale = quantize_columns(weights)
    assert quantized.dtype == np.int8 and scale.shape == (48,)
    assert np.abs(quantized).max() <= 127
    error = np.abs(quantized * scale - weights)
    assert (error <= scale / 2 + 1e-7).all()
    assert (quantized[:, 5] == 0).all()


def test_varints_are_protobufs() -> None:
    assert _varint(1) == b"\x01"
    assert _varint(300) == b"\xac\x02"
    assert _varint(-1) == b"\xff" * 9 + b"\x01"  # int64 -1: ten bytes, as protobuf writes it


def test_a_graph_written_by_hand_runs() -> None:
    import onnxruntime

    g = GraphBuilder()
    x = g.op("Transpose", "x", perm=[1, 0])  # ints
    x = g.op("Softmax", x, axis=-1)  # a negative int
    x = g.op(
        "LayerNormalization",
        x,
        g.const(np.ones(2, np.float32)),
        g.const(np.zeros(2, np.float32)),
        epsilon=1e-3,
    )
    x = g.op("Gelu", x, approximate="tanh")  # a string
    g.op("Add", x, g.const([[0.5, -0.5]], np.float32), output="y")
    model = g.model([("x", FLOAT, [2, "n"])], [("y", FLOAT, ["n", 2])], opset=20)
    session = onnxruntime.InferenceSession(model, providers=["CPUExecutionProvider"])
    data = np.array([[1.0, 2.0, 3.0], [3.0, 2.0, 0.0]], dtype=np.float32)
    (y,) = session.run(["y"], {"x": data})

    t = data.T
    soft = np.exp(t - t.max(axis=1, keepdims=True))
    soft /= soft.sum(axis=1, keepdims=True)
    centred = soft - soft.mean(axis=1, keepdims=True)
    normed = centred / np.sqrt((centred**2).mean(axis=1, keepdims=True) + 1e-3)
    gelu = 0.5 * normed * (1 + np.tanh(np.sqrt(2 / np.pi) * (normed + 0.044715 * normed**3)))
    assert np.allclose(y, gelu + np.array([[0.5, -0.5]]), atol=1e-5)


def test_integer_products_are_trusted_only_where_they_cannot_saturate() -> None:
    vnni = "processor\t: 0\nflags\t\t: fpu sse2 avx2 avx512f avx512_vnni\n"
    avx_vnni = "flags\t\t: fpu avx2 avx_vnni\n"
    plain = "flags\t\t: fpu sse2 avx avx2 fma\n"
    assert integer_products_exact("x86_64", vnni)
    assert integer_products_exact("AMD64", avx_vnni)
    assert not integer_products_exact("x86_64", plain)
    assert not integer_products_exact("x86_64", "")
    assert integer_products_exact("aarch64", plain)  # ARM's dot products do not saturate


def test_without_vnni_the_onnx_engine_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(e5_module, "integer_products_exact", lambda: False)
    embedder = E5Embedder(passages="onnx", queries="onnx")
    assert isinstance(embedder._engine("passages"), E5Numpy)
    assert embedder._engine("queries") is None
