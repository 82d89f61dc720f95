"""Character n-gram feature hashing: a real, deterministic embedder with no model file.

It captures surface overlap only (no meaning), so it is for tests and machines too small for a
model, never the default.
"""

from __future__ import annotations

import itertools
import re
import zlib
from collections.abc import Sequence

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows

_TOKEN = re.compile(r"[a-z0-9]+|[\u3400-\u9fff]")


class HashEmbedder:
    def __init__(self, dim: int = 512) -> None:
        self._dim = dim

    @property
    def model_id(self) -> str:
        return f"hash-ngram-{self._dim}"

    @property
    def dim(self) -> int:
        return self._dim

    def _features(self, text: str) -> list[str]:
        tokens = _TOKEN.findall(text.lower())
        features = list(tokens)
        features += [a + b for a, b in itertools.pairwise(tokens)]
        for token in tokens:
            if len(token) > 4:
                features += [token[i : i + 3] for i in range(len(token) - 2)]
        return features

    def _one(self, text: str) -> Vectors:
        vector = np.zeros(self._dim, dtype=np.float32)
        for feature in self._features(text):
            code = zlib.crc32(feature.encode("utf-8"))
            vector[code % self._dim] += 1.0 if (code >> 31) & 1 else -1.0
        return normalize_rows(vector)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self._dim), dtype=np.float32)
        return np.stack([self._one(text) for text in texts])

    def embed_query(self, text: str) -> Vectors:
        return self._one(text)
