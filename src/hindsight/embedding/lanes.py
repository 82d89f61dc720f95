"""How an embedder uses the cores: texts sorted by length into micro-batches, run on several lanes
at once, with a recall's query always first.

Why: a batch is padded to its longest text (MiniLM through ONNX Runtime), so a batch of mixed
lengths computes mostly padding; sorted by length, each micro-batch pads little (the same texts
embed about 2x faster, BENCHMARKS.md Issue 17). One model call runs on one core (one BLAS/OpenMP
thread: more collapse throughput on busy shared cores), so a machine with two cores embeds two
micro-batches at a time. A recall waits on its query's vector; an ingest batch does not wait on
anyone. So a query never queues behind passages: there is one lane more than the workers, which
only a query may take, and no new micro-batch of passages starts while a query is waiting or
while queries and passages together already fill the workers.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

import numpy as np

from hindsight.embedding.base import Vectors


def cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def length_batches(lengths: Sequence[int], size: int, lanes: int = 1) -> list[list[int]]:
    """Indices of the texts, sorted by length (stable), in runs of at most `size`: as few runs as
    that allows, rounded up to a multiple of `lanes` so every lane gets one (15 texts on two lanes
    are runs of 8 and 7, not one run of 15 beside an idle core), and as even as they can be."""
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    if not order:
        return []
    fewest = -(-len(order) // max(1, size))
    per_round = max(1, lanes)
    runs = min(len(order), -(-fewest // per_round) * per_round)
    # As even as the count allows: the first `extra` runs hold one text more.
    base, extra = divmod(len(order), runs)
    batches: list[list[int]] = []
    start = 0
    for run in range(runs):
        end = start + base + (1 if run < extra else 0)
        batches.append(order[start:end])
        start = end
    return batches


class Lanes:
    """`workers` lanes for passages and queries, plus one only a query may take.

    A lane is a number in range(workers + 1): an embedder with one engine per lane (e5) uses it
    to pick the engine; one whose engine serves concurrent calls (ONNX Runtime) ignores it."""

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._reset()

    def _reset(self) -> None:
        self._pid = os.getpid()
        self._cond = threading.Condition()
        self._free = list(range(self.workers, -1, -1))  # lane 0 is taken first
        self._queries_waiting = 0
        self._running = 0

    def _own(self) -> None:
        """A forked child has none of the parent's threads: lanes they held are free in it."""
        if self._pid != os.getpid():
            self._reset()

    @contextmanager
    def query(self) -> Iterator[int]:
        """A lane for a query: at once unless every lane (the spare one too) is busy."""
        self._own()
        with self._cond:
            self._queries_waiting += 1
            try:
                while not self._free:
                    self._cond.wait()
            finally:
                self._queries_waiting -= 1
            lane = self._take()
        try:
            yield lane
        finally:
            self._give(lane)

    @contextmanager
    def passage(self) -> Iterator[int]:
        """A lane for one micro-batch of passages: once no query waits and fewer than `workers`
        lanes are busy (the spare lane stays free for the next query)."""
        self._own()
        with self._cond:
            while self._queries_waiting or self._running >= self.workers:
                self._cond.wait()
            lane = self._take()
        try:
            yield lane
        finally:
            self._give(lane)

    def _take(self) -> int:
        self._running += 1
        return self._free.pop()

    def _give(self, lane: int) -> None:
        with self._cond:
            self._running -= 1
            self._free.append(lane)
            self._free.sort(reverse=True)
            self._cond.notify_all()

    def run(
        self,
        lengths: Sequence[int],
        micro_batch: int,
        embed: Callable[[int, list[int]], Vectors],
        dim: int,
    ) -> Vectors:
        """Embed texts 0..len(lengths)-1 in sorted micro-batches on up to `workers` lanes at once:
        `embed(lane, indices)` returns the vectors of those texts in that order. The caller's
        thread works too; rows come back in the texts' own order."""
        batches = length_batches(lengths, micro_batch, self.workers)
        out = np.zeros((len(lengths), dim), dtype=np.float32)
        if not batches:
            return out
        pending = iter(batches)
        taking = threading.Lock()
        failures: list[BaseException] = []

        def work() -> None:
            while not failures:
                with taking:
                    indices = next(pending, None)
                if indices is None:
                    return
                try:
                    with self.passage() as lane:
                        vectors = embed(lane, indices)
                    out[indices] = vectors
                except BaseException as exc:  # handed to the caller below
                    failures.append(exc)
                    return

        helpers = [
            threading.Thread(target=work, name="hindsight-embed", daemon=True)
            for _ in range(min(self.workers, len(batches)) - 1)
        ]
        for helper in helpers:
            helper.start()
        work()
        for helper in helpers:
            helper.join()
        if failures:
            raise failures[0]
        return out
