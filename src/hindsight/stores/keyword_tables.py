"""The read-only tables under a keyword index (stores/sparse.py): its terms with their postings, and
its record ids, as flat numpy arrays that can be memory-mapped from the index's file, so that a new
process opens a user's index without reading or rebuilding it (a million memories: a dict of a
million terms took 1.6 s to build and the ids' dict 0.5 s; the arrays map in milliseconds).

Terms are kept sorted by their UTF-8 bytes, concatenated, and found by binary search; record ids in
ordinal order beside a copy sorted for lookup by id.
"""

from __future__ import annotations

import json
import mmap
import os
import threading
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

Docs = npt.NDArray[np.int32]
"""Document ordinals: a user's memories number far below 2**31."""
Tfs = npt.NDArray[np.float32]
"""Term frequencies (whole numbers, exact in float32)."""
Bytes = npt.NDArray[np.uint8]
Offsets = npt.NDArray[np.int64]


def utf8(term: str) -> bytes:
    return term.encode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class TermTable:
    """Terms sorted by their UTF-8 bytes, each with its postings (document ordinals ascending and
    their term frequencies): term t's bytes are blob[ends[t - 1]:ends[t]], its postings
    docs[stops[t - 1]:stops[t]]."""

    blob: Bytes
    ends: Offsets
    stops: Offsets
    docs: Docs
    tfs: Tfs

    @classmethod
    def of(cls, terms: list[bytes], docs: Docs, tfs: Tfs, sizes: Offsets) -> TermTable:
        """From terms already sorted, and their postings in that order."""
        lengths = np.fromiter((len(term) for term in terms), dtype=np.int64, count=len(terms))
        return cls(
            blob=np.frombuffer(b"".join(terms), dtype=np.uint8),
            ends=np.cumsum(lengths),
            stops=np.cumsum(sizes).astype(np.int64),
            docs=docs.astype(np.int32, copy=False),
            tfs=tfs.astype(np.float32, copy=False),
        )

    def __len__(self) -> int:
        return len(self.ends)

    def term(self, t: int) -> bytes:
        start = int(self.ends[t - 1]) if t else 0
        return self.blob[start : int(self.ends[t])].tobytes()

    def position(self, key: bytes) -> int:
        """Where `key` is or would be inserted (bisect_left over the sorted terms)."""
        lo, hi = 0, len(self.ends)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.term(mid) < key:
                lo = mid + 1
            else:
                hi = mid
        return lo

    def find(self, term: str) -> int:
        """The term's place, or -1."""
        key = utf8(term)
        t = self.position(key)
        return t if t < len(self.ends) and self.term(t) == key else -1

    def postings(self, t: int) -> tuple[Docs, Tfs]:
        start = int(self.stops[t - 1]) if t else 0
        end = int(self.stops[t])
        return self.docs[start:end], self.tfs[start:end]

    def sizes(self) -> Offsets:
        return np.diff(self.stops, prepend=0)

    def lengths(self) -> Offsets:
        return np.diff(self.ends, prepend=0)

    def terms(self) -> Iterator[str]:
        for t in range(len(self.ends)):
            yield self.term(t).decode("utf-8", "surrogatepass")


@dataclass(frozen=True)
class IdTable:
    """Ordinal -> record id: the ids a table was made with (`base`, bytes, maybe mapped from a file,
    with a copy sorted for lookups) and those added since (`added`)."""

    base: npt.NDArray[np.bytes_]
    sorted_ids: npt.NDArray[np.bytes_]
    sorted_at: Docs
    added: tuple[str, ...] = ()
    added_at: Mapping[str, int] | None = None

    @classmethod
    def of(cls, ids: Iterable[str]) -> IdTable:
        encoded = [utf8(rid) for rid in ids]
        return cls.from_bytes(np.array(encoded, dtype=np.bytes_) if encoded else np.empty(0, dtype="S1"))

    @classmethod
    def from_bytes(cls, base: npt.NDArray[np.bytes_]) -> IdTable:
        order = np.argsort(base, kind="stable").astype(np.int32)
        return cls(base=base, sorted_ids=base[order], sorted_at=order)

    def as_bytes(self) -> npt.NDArray[np.bytes_]:
        """Every ordinal's id, as bytes."""
        if not self.added:
            return self.base
        return np.concatenate([self.base, np.array([utf8(rid) for rid in self.added], dtype=np.bytes_)])

    def __len__(self) -> int:
        return len(self.base) + len(self.added)

    def __getitem__(self, n: int) -> str:
        if n < len(self.base):
            return bytes(self.base[n]).decode("utf-8", "surrogatepass")
        return self.added[n - len(self.base)]

    def __iter__(self) -> Iterator[str]:
        for n in range(len(self)):
            yield self[n]

    def place(self, rid: str, alive: npt.NDArray[np.bool_]) -> int | None:
        """The id's live ordinal (a rewritten record's older places are removed ones), or None."""
        if self.added_at is not None:
            n = self.added_at.get(rid)
            if n is not None and alive[n]:
                return n
        key = utf8(rid)
        if len(key) > self.sorted_ids.dtype.itemsize:
            return None  # longer than any id the table holds
        # The key in the table's own width: with another, numpy would convert the whole table.
        at = int(np.searchsorted(self.sorted_ids, np.array(key, dtype=self.sorted_ids.dtype)))
        if at < len(self.sorted_ids) and bytes(self.sorted_ids[at]) == key:
            n = int(self.sorted_at[at])
            if alive[n]:
                return n
        return None

    def kept(
        self, keep: Docs | npt.NDArray[np.intp], renumber: Docs, alive: npt.NDArray[np.bool_]
    ) -> IdTable:
        """A table of the ids at the ordinals `keep` (ascending), renumbered by `renumber`: the
        sorted copy filtered and the ids added since merged in (no sort of them all)."""
        every = self.as_bytes()
        base = every[keep]
        live = alive[self.sorted_at]
        sorted_ids = self.sorted_ids[live].astype(base.dtype)
        sorted_at = renumber[self.sorted_at[live]]
        positions = np.asarray(keep, dtype=np.int64)
        added = positions[positions >= len(self.base)]
        if len(added):
            keys = every[added]
            order = np.argsort(keys, kind="stable")
            keys, ordinals = keys[order], renumber[added[order]]
            places = np.searchsorted(sorted_ids, keys)
            sorted_ids = np.insert(sorted_ids, places, keys)
            sorted_at = np.insert(sorted_at, places, ordinals)
        return IdTable(base=base, sorted_ids=sorted_ids, sorted_at=sorted_at.astype(np.int32))

    def plus(self, rids: list[str]) -> IdTable:
        start = len(self)
        added_at = dict(self.added_at or {})
        added_at.update((rid, start + offset) for offset, rid in enumerate(rids))
        return IdTable(self.base, self.sorted_ids, self.sorted_at, self.added + tuple(rids), added_at)


MAGIC = b"HINDSIGHT-KEYWORDS-1\n"
ALIGN = 64


def write_arrays(path: Path, arrays: Mapping[str, np.ndarray], header: Mapping[str, object]) -> None:
    """One file: the magic line, a JSON header (the arrays' dtypes, shapes and offsets, and
    `header`), then each array's bytes, aligned. Written beside and moved in place, so a reader
    (or a process that mapped the old file) sees one whole file or the other."""
    layout: dict[str, tuple[str, list[int], int]] = {}
    offset = 0
    for name, array in arrays.items():
        offset = -(-offset // ALIGN) * ALIGN
        layout[name] = (array.dtype.str, list(array.shape), offset)
        offset += array.nbytes
    head = json.dumps({"arrays": layout, **header}, sort_keys=True).encode()
    start = -(-(len(MAGIC) + 8 + len(head)) // ALIGN) * ALIGN
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    try:
        with open(partial, "wb") as out:
            out.write(MAGIC + len(head).to_bytes(8, "little") + head)
            for name, array in arrays.items():
                out.seek(start + layout[name][2])
                out.write(np.ascontiguousarray(array).tobytes())
            if out.seek(0, os.SEEK_END) < start + offset:  # empty arrays last: the file still reaches them
                out.truncate(start + offset)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


def map_arrays(path: Path) -> tuple[dict[str, np.ndarray], dict[str, object]] | None:
    """The arrays `write_arrays` wrote, as read-only views of the file mapped into memory (read as
    searches touch them), and the header; None if the file is missing or is not one."""
    try:
        with open(path, "rb") as found:
            if found.read(len(MAGIC)) != MAGIC:
                return None
            mapped = mmap.mmap(found.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    try:
        size = int.from_bytes(mapped[len(MAGIC) : len(MAGIC) + 8], "little")
        header = json.loads(mapped[len(MAGIC) + 8 : len(MAGIC) + 8 + size])
        start = -(-(len(MAGIC) + 8 + size) // ALIGN) * ALIGN
        arrays = {}
        for name, (dtype, shape, offset) in header.pop("arrays").items():
            kind = np.dtype(dtype)
            count = int(np.prod(shape)) if shape else 1
            if start + offset + count * kind.itemsize > len(mapped):
                return None
            view = np.frombuffer(mapped, dtype=kind, count=count, offset=start + offset)
            arrays[name] = view.reshape(shape)
        return arrays, header
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
