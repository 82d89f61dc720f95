"""Any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, vLLM, Ollama, llama.cpp, TEI...)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import httpx
import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.errors import EmbedderUnavailable

if TYPE_CHECKING:
    from hindsight.settings import Settings


class OpenAIEmbedder:
    def __init__(
        self, base_url: str, model: str, api_key: str | None = None, timeout_s: float = 30.0
    ) -> None:
        self._url = base_url.rstrip("/") + "/embeddings"
        self._model = model
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(timeout=timeout_s, headers=headers)
        self._dim: int | None = None

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAIEmbedder:
        if not settings.openai_base_url:
            raise EmbedderUnavailable(
                "HINDSIGHT_EMBEDDER=openai needs HINDSIGHT_OPENAI_BASE_URL (e.g. http://127.0.0.1:8000/v1)"
            )
        return cls(
            settings.openai_base_url,
            settings.openai_embedding_model,
            settings.openai_api_key,
            settings.openai_timeout_s,
        )

    @property
    def model_id(self) -> str:
        return f"openai:{self._model}"

    @property
    def dim(self) -> int:
        if self._dim is None:
            self._dim = int(self.embed_query("dimension probe").shape[0])
        return self._dim

    def _post(self, texts: list[str]) -> Vectors:
        try:
            response = self._client.post(self._url, json={"model": self._model, "input": texts})
        except httpx.HTTPError as exc:
            raise EmbedderUnavailable(f"embedding endpoint {self._url} unreachable: {exc}") from exc
        if response.status_code != 200:
            raise EmbedderUnavailable(
                f"embedding endpoint {self._url} answered {response.status_code}: {response.text[:300]}"
            )
        try:
            payload: dict[str, Any] = response.json()
            rows = sorted(payload["data"], key=lambda row: row.get("index", 0))
            matrix = np.array([row["embedding"] for row in rows], dtype=np.float32)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise EmbedderUnavailable(
                f"embedding endpoint {self._url} sent an unexpected body: {exc}"
            ) from exc
        if matrix.shape[0] != len(texts):
            raise EmbedderUnavailable(
                f"embedding endpoint returned {matrix.shape[0]} vectors for {len(texts)} texts"
            )
        self._dim = int(matrix.shape[1])
        return normalize_rows(matrix)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self._dim or 0), dtype=np.float32)
        return self._post(list(texts))

    def close(self) -> None:
        self._client.close()

    def embed_query(self, text: str) -> Vectors:
        vector: Vectors = self._post([text])[0]
        return vector
