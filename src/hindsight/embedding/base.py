"""The Embedder Protocol and the factory that picks an implementation from Settings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from hindsight.settings import Settings

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors. Queries and passages may be embedded
    differently (e5 prefixes them with "query: " / "passage: ")."""

    @property
    def model_id(self) -> str:
        """Names the model and its variant; the store records it beside the vectors."""
        ...

    @property
    def dim(self) -> int: ...

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        """(len(texts), dim) float32, rows L2-normalised."""
        ...

    def embed_query(self, text: str) -> Vectors:
        """(dim,) float32, L2-normalised."""
        ...


def normalize_rows(matrix: npt.NDArray[np.floating]) -> Vectors:
    matrix = np.asarray(matrix, dtype=np.float32)
    if matrix.ndim == 1:
        norm = float(np.linalg.norm(matrix))
        scaled: Vectors = (matrix / norm if norm > 0 else matrix).astype(np.float32)
        return scaled
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    norms[norms == 0] = 1.0
    rows: Vectors = (matrix / norms).astype(np.float32)
    return rows


def make_embedder(settings: Settings) -> Embedder:
    """The embedder named by settings.embedder. Models load lazily, on first use."""
    from hindsight.embedding.lanes import cores

    name = settings.embedder
    workers = settings.embed_workers or cores()
    if name == "e5":
        from hindsight.embedding.e5 import E5Embedder

        return E5Embedder(
            settings.embed_threads,
            workers,
            settings.embed_micro_batch,
            passages=settings.e5_passages,
            queries=settings.e5_queries,
        )
    if name == "use":
        from hindsight.embedding.use import USEEmbedder

        return USEEmbedder(threads=settings.embed_threads)
    if name == "minilm":
        from hindsight.embedding.minilm import MiniLMEmbedder

        return MiniLMEmbedder(settings.embed_threads, workers, settings.embed_micro_batch)
    if name == "openai":
        from hindsight.embedding.openai import OpenAIEmbedder

        return OpenAIEmbedder.from_settings(settings)
    from hindsight.embedding.hashing import HashEmbedder

    return HashEmbedder()
