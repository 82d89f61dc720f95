"""The guard's learned layer: is a text an instruction or claim aimed at the agent (or, through it,
at other people), whatever its words?

Rules recognise what has a shape (a card number, a key, "ignore previous instructions", the frames
in patterns.py); intent has endless wordings. A small logistic regression over a sentence embedding
reads the rest. The model format also takes one hidden layer (`bench/train_guard.py --hidden`): on
the grown tuning part it caught more out of fold (0.68 of the intent poison against 0.45 at 0.9 % of
useful inputs) but refused ordinary text it had not seen at p = 0.99 (an LLM's delivery summary, a
dialogue line), so the shipped weights are still the first round's regression (BENCHMARKS.md, Issue
16 second round). The embedding is the multilingual Universal Sentence Encoder that ships with
Hindsight (`fast-universal-sentence- encoder`, pure numpy, ~3 ms a text on one thread): the guard's
own encoder, so the decision does not depend on which embedder stores the memories, and a write is
judged before anything is stored. Trained on the tuning part of the issue-16 corpus
(`bench/train_guard.py`), its threshold chosen there by cross-validation, measured on the test part
(BENCHMARKS.md). The weights (a 512 x 7 matrix) ship as `guard_intent.npz`.

Two small heads share the embedding: a binary one decides (p(poison) against the threshold), and
a second one, trained on the poison alone, names the kind for the log (an instruction about other
people, an override of the agent's rules, an identity or privilege claim, a phishing link, a
command on another user's data, an instruction hidden in quoted content). A binary decision
measured better than one read off the kinds (out-of-fold recall 0.62 against 0.53 at the same
1 % of useful inputs refused, BENCHMARKS.md).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import IO

import numpy as np
import numpy.typing as npt

from hindsight.embedding.use import USEEmbedder

MODEL_FILE = "guard_intent.npz"

CLASS_REASONS = {
    "others": "about what to tell or do to other people",
    "override": "overriding the agent's rules",
    "identity": "an identity or privilege claim",
    "phish": "sending people elsewhere to log in or pay",
    "otherdata": "on another user's data",
    "hidden": "hidden in quoted or embedded content",
}


def _softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


@dataclass(frozen=True, slots=True)
class IntentModel:
    weights: npt.NDArray[np.float64]  # [hidden]: the decision, p(poison) = sigmoid(h . w + b)
    bias: float
    threshold: float
    """Refuse when p(poison) reaches this (chosen on the tuning part)."""
    kinds: tuple[str, ...]
    kind_weights: npt.NDArray[np.float64]  # [dim, kinds]: which kind of poison, for the reason
    kind_bias: npt.NDArray[np.float64]  # [kinds]
    hidden_weights: npt.NDArray[np.float64] | None = None  # [dim, hidden]: h = relu(v . W + c)
    hidden_bias: npt.NDArray[np.float64] | None = None  # [hidden]; without them h is v itself

    def poison_probability(self, vectors: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
        """p(poison), one per row (rows: unit-length sentence embeddings)."""
        features = np.atleast_2d(vectors).astype(np.float64)
        if self.hidden_weights is not None and self.hidden_bias is not None:
            features = np.maximum(features @ self.hidden_weights + self.hidden_bias, 0.0)
        logits = features @ self.weights + self.bias
        return np.asarray(1.0 / (1.0 + np.exp(-logits)))

    def kind(self, vector: npt.NDArray[np.float32]) -> str:
        logits = np.atleast_2d(vector).astype(np.float64) @ self.kind_weights + self.kind_bias
        return self.kinds[int(np.argmax(_softmax(logits)[0]))]

    def judge(self, vector: npt.NDArray[np.float32]) -> tuple[float, str]:
        """(p(poison), the likeliest kind of poison) for one vector."""
        return float(self.poison_probability(vector)[0]), self.kind(vector)


def save(path: str, model: IntentModel) -> None:
    arrays: dict[str, npt.NDArray[np.generic]] = {
        "weights": model.weights.astype(np.float32),
        "bias": np.array(model.bias, dtype=np.float64),
        "threshold": np.array(model.threshold, dtype=np.float64),
        "kinds": np.array(model.kinds),
        "kind_weights": model.kind_weights.astype(np.float32),
        "kind_bias": model.kind_bias.astype(np.float32),
    }
    if model.hidden_weights is not None and model.hidden_bias is not None:
        arrays["hidden_weights"] = model.hidden_weights.astype(np.float32)
        arrays["hidden_bias"] = model.hidden_bias.astype(np.float32)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def read(source: str | IO[bytes]) -> IntentModel:
    with np.load(source, allow_pickle=False) as data:
        return IntentModel(
            weights=data["weights"].astype(np.float64),
            bias=float(data["bias"]),
            threshold=float(data["threshold"]),
            kinds=tuple(str(name) for name in data["kinds"]),
            kind_weights=data["kind_weights"].astype(np.float64),
            kind_bias=data["kind_bias"].astype(np.float64),
            hidden_weights=data["hidden_weights"].astype(np.float64) if "hidden_weights" in data else None,
            hidden_bias=data["hidden_bias"].astype(np.float64) if "hidden_bias" in data else None,
        )


@lru_cache(maxsize=1)
def model() -> IntentModel:
    """The shipped model, read on first use (never at import)."""
    with resources.files("hindsight.write").joinpath(MODEL_FILE).open("rb") as handle:
        return read(handle)


_encoder_lock = threading.Lock()


@lru_cache(maxsize=1)
def encoder() -> USEEmbedder:
    """The guard's sentence encoder, loaded on first use (about 2 s, once per process)."""
    with _encoder_lock:
        return USEEmbedder(threads=1)


def embed(text: str) -> npt.NDArray[np.float32]:
    return encoder().embed_query(text)
