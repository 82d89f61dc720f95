"""The few ONNX messages a computation graph needs, written as protobuf bytes by hand.

Why not the `onnx` package: it would be a second 18 MB dependency (and its own protobuf pin) only
to serialise one graph that ONNX Runtime parses at once; the wire format of the fields below is a
page of code. Field numbers are those of onnx/onnx.proto (IR version 9)."""

from __future__ import annotations

import struct
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

# TensorProto.DataType
FLOAT, UINT8, INT8, INT32, INT64 = 1, 2, 3, 6, 7
_DATA_TYPES = {
    np.dtype(np.float32): FLOAT,
    np.dtype(np.uint8): UINT8,
    np.dtype(np.int8): INT8,
    np.dtype(np.int32): INT32,
    np.dtype(np.int64): INT64,
}
# AttributeProto.AttributeType
_ATTR_FLOAT, _ATTR_INT, _ATTR_STRING, _ATTR_INTS = 1, 2, 3, 7


def _varint(value: int) -> bytes:
    value &= (1 << 64) - 1  # negative int64 as its two's complement, ten bytes
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _int_field(number: int, value: int) -> bytes:
    return _varint(number << 3) + _varint(value)


def _bytes_field(number: int, payload: bytes) -> bytes:
    return _varint(number << 3 | 2) + _varint(len(payload)) + payload


def _str_field(number: int, text: str) -> bytes:
    return _bytes_field(number, text.encode())


def _float_field(number: int, value: float) -> bytes:
    return _varint(number << 3 | 5) + struct.pack("<f", value)


def tensor(name: str, array: npt.NDArray[np.generic]) -> list[bytes]:
    """TensorProto: dims 1, data_type 2, name 8, raw_data 9 (little-endian, row-major); in two
    pieces, the fields and the data, so the data is copied once more only, into the model."""
    data_type = _DATA_TYPES[array.dtype]
    dims = b"".join(_int_field(1, int(d)) for d in array.shape)
    raw = np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<"), copy=False).tobytes()
    head = dims + _int_field(2, data_type) + _str_field(8, name) + _varint(9 << 3 | 2) + _varint(len(raw))
    return [head, raw]


def attribute(name: str, value: int | float | str | Sequence[int]) -> bytes:
    """AttributeProto: name 1, f 2, i 3, s 4, ints 8, type 20."""
    head = _str_field(1, name)
    if isinstance(value, int):  # a bool too
        return head + _int_field(3, int(value)) + _int_field(20, _ATTR_INT)
    if isinstance(value, float):
        return head + _float_field(2, value) + _int_field(20, _ATTR_FLOAT)
    if isinstance(value, str):
        return head + _str_field(4, value) + _int_field(20, _ATTR_STRING)
    return head + b"".join(_int_field(8, int(v)) for v in value) + _int_field(20, _ATTR_INTS)


def node(op_type: str, inputs: Sequence[str], outputs: Sequence[str], attributes: dict[str, object]) -> bytes:
    """NodeProto: input 1, output 2, op_type 4, attribute 5."""
    parts = [_str_field(1, name) for name in inputs]
    parts += [_str_field(2, name) for name in outputs]
    parts.append(_str_field(4, op_type))
    parts += [_bytes_field(5, attribute(key, value)) for key, value in attributes.items()]  # type: ignore[arg-type]
    return b"".join(parts)


def value_info(name: str, elem_type: int, shape: Sequence[int | str]) -> bytes:
    """ValueInfoProto { name 1, type 2: TypeProto { tensor_type 1: { elem_type 1, shape 2 } } };
    a dimension is a number (dim_value 1) or a name (dim_param 2)."""
    dims = b"".join(
        _bytes_field(1, _str_field(2, d) if isinstance(d, str) else _int_field(1, d)) for d in shape
    )
    tensor_type = _int_field(1, elem_type) + _bytes_field(2, dims)
    return _str_field(1, name) + _bytes_field(2, _bytes_field(1, tensor_type))


class GraphBuilder:
    """Nodes and constants appended in order; every intermediate gets a fresh name."""

    def __init__(self) -> None:
        self._nodes: list[bytes] = []
        self._initializers: list[list[bytes]] = []
        self._count = 0

    def _name(self, hint: str) -> str:
        self._count += 1
        return f"{hint}_{self._count}"

    def const(self, array: npt.ArrayLike, dtype: npt.DTypeLike | None = None) -> str:
        name = self._name("const")
        self._initializers.append(tensor(name, np.asarray(array, dtype=dtype)))
        return name

    def op(self, op_type: str, *inputs: str, output: str | None = None, **attributes: object) -> str:
        name = output or self._name(op_type)
        self._nodes.append(node(op_type, inputs, [name], attributes))
        return name

    def model(
        self,
        inputs: Sequence[tuple[str, int, Sequence[int | str]]],
        outputs: Sequence[tuple[str, int, Sequence[int | str]]],
        opset: int,
    ) -> bytes:
        """ModelProto: ir_version 1, graph 7, opset_import 8 (the default domain), joined once:
        the weights are tens of megabytes, and every copy of them would stay in the heap."""
        chunks = [_bytes_field(1, n) for n in self._nodes]
        chunks.append(_str_field(2, "hindsight"))
        for pieces in self._initializers:
            chunks.append(_varint(5 << 3 | 2) + _varint(sum(len(piece) for piece in pieces)))
            chunks.extend(pieces)
        chunks += [_bytes_field(11, value_info(*spec)) for spec in inputs]
        chunks += [_bytes_field(12, value_info(*spec)) for spec in outputs]
        head = _int_field(1, 9) + _varint(7 << 3 | 2) + _varint(sum(len(chunk) for chunk in chunks))
        opset_import = _str_field(1, "") + _int_field(2, opset)
        return b"".join([head, *chunks, _bytes_field(8, opset_import)])
