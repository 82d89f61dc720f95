"""An embedder that remembers its vectors on disk, for quality experiments.

Ingesting LoCoMo with e5 takes about five minutes, almost all of it embedding. Comparing recall
variants needs the same vectors each time, not new ones, so `hindsight bench --embed-cache FILE`
wraps the configured embedder with this cache. Timings measured through it are not the embedder's:
the bench says so in its output, and BENCHMARKS.md timings always come from runs without it."""

from __future__ import annotations

import hashlib
import sqlite3
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from hindsight.embedding.base import Embedder, Vectors


class CachedEmbedder:
    """Embedder Protocol over another embedder; misses are embedded and stored, hits read back."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner = inner
        self._db = sqlite3.connect(str(path), check_same_thread=False)
        self._db.execute("CREATE TABLE IF NOT EXISTS vec (key TEXT PRIMARY KEY, data BLOB NOT NULL)")
        self.hits = 0
        self.misses = 0

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    def _key(self, kind: str, text: str) -> str:
        raw = f"{self.inner.model_id}\0{kind}\0{text}".encode()
        return hashlib.sha256(raw).hexdigest()

    def _lookup(self, keys: Sequence[str]) -> dict[str, Vectors]:
        found: dict[str, Vectors] = {}
        for start in range(0, len(keys), 500):
            chunk = list(keys[start : start + 500])
            marks = ",".join("?" * len(chunk))
            for key, data in self._db.execute(f"SELECT key, data FROM vec WHERE key IN ({marks})", chunk):
                found[key] = np.frombuffer(data, dtype=np.float32).copy()
        return found

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        keys = [self._key("passage", text) for text in texts]
        found = self._lookup(keys)
        missing = [i for i, key in enumerate(keys) if key not in found]
        if missing:
            fresh = self.inner.embed_passages([texts[i] for i in missing])
            with self._db:
                for row, i in enumerate(missing):
                    found[keys[i]] = fresh[row]
                    self._db.execute(
                        "INSERT OR REPLACE INTO vec VALUES (?, ?)", (keys[i], fresh[row].tobytes())
                    )
        self.hits += len(texts) - len(missing)
        self.misses += len(missing)
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.stack([found[key] for key in keys]).astype(np.float32)

    def embed_query(self, text: str) -> Vectors:
        key = self._key("query", text)
        found = self._lookup([key])
        if key in found:
            self.hits += 1
            return found[key]
        vector = self.inner.embed_query(text)
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO vec VALUES (?, ?)", (key, vector.tobytes()))
        self.misses += 1
        return vector

    def close(self) -> None:
        self._db.close()
