"""Embedders: the Protocol, and one module per model. `make_embedder(settings)` picks one."""

from hindsight.embedding.base import Embedder, make_embedder, normalize_rows

__all__ = ["Embedder", "make_embedder", "normalize_rows"]
