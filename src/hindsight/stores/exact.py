"""Exact vector search in process memory, for a backend whose engine cannot search vectors itself
(SQLite): one user's vectors as one matrix, and the fields a search filters on beside it.

A matrix is a cache, and a cache is never the truth: it is tagged with the generation of the
user's vectors it was read at (stores.base.Generation.vectors), and a backend uses it only while the
store's generation is still that number. Any process's change to what a vector search sees moves
the number in the same transaction, so the next search reads the matrix again.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from hindsight.errors import InvalidInput
from hindsight.models import TIERS
from hindsight.stores.base import RecordFilter, Scored, Vector
from hindsight.timeutil import to_epoch


@dataclass(frozen=True, slots=True)
class Row:
    """One record's vector and the fields a search filters on."""

    id: str
    vector: Vector
    tier: str
    kind: str
    valid_from: float
    valid_until: float | None


StoredRow = tuple[str, bytes, str, str, float, float | None]
"""As a store reads it: id, float32 vector bytes, tier, kind, valid_from, valid_until (epochs)."""


ID_BYTES = 200
"""About what one record id costs a cached index in Python (the string, its list and dict slots)."""


@dataclass(frozen=True)
class UserMatrix:
    """One user's vectors, in insertion order, as one matrix and parallel arrays, built at once."""

    generation: int
    ids: list[str]
    positions: dict[str, int]
    matrix: npt.NDArray[np.float32]
    tiers: npt.NDArray[np.int8]
    valid_from: npt.NDArray[np.float64]
    valid_until: npt.NDArray[np.float64]
    kinds: npt.NDArray[Any]
    seqs: npt.NDArray[np.int64] | None = None
    """The rows' places in the store's write order, if the store gave them (then `changed` works)."""
    position: int = -1
    """Where in the store's change feed the rows were read (-1: no feed)."""

    @property
    def nbytes(self) -> int:
        """About what it holds in memory (a process's cache of users is bounded by it)."""
        arrays = (self.matrix, self.tiers, self.valid_from, self.valid_until, self.kinds, self.seqs)
        return sum(a.nbytes for a in arrays if a is not None) + ID_BYTES * len(self.ids)

    @classmethod
    def of(cls, generation: int, rows: Sequence[Row]) -> UserMatrix:
        stored: list[StoredRow] = [
            (row.id, np.asarray(row.vector, dtype=np.float32).tobytes(), row.tier, row.kind, row.valid_from,
             row.valid_until)
            for row in rows
        ]  # fmt: skip
        return cls.read(generation, stored)

    @classmethod
    def read(
        cls,
        generation: int,
        rows: Sequence[StoredRow],
        seqs: Sequence[int] | None = None,
        position: int = -1,
    ) -> UserMatrix:
        """The matrix of rows as a store returns them: the vectors joined and viewed as one array
        (one copy; a Row object and an array per record cost a user of 100,000 memories 0.6 s more
        on every read of the matrix, and it is read again after each change)."""
        ids = [row[0] for row in rows]
        sizes = {len(row[1]) for row in rows}
        if len(sizes) > 1:
            raise InvalidInput(
                "this user's stored vectors have different dimensions; run `hindsight reindex` "
                "with one embedder"
            )
        size = sizes.pop() if sizes else 0
        matrix = np.frombuffer(b"".join(row[1] for row in rows), dtype=np.float32).reshape(
            len(rows), size // 4
        )
        return cls(
            generation=generation,
            ids=ids,
            positions={rid: n for n, rid in enumerate(ids)},
            matrix=matrix,
            tiers=np.array([TIERS.index(row[2]) for row in rows], dtype=np.int8),
            valid_from=np.array([row[4] for row in rows], dtype=np.float64),
            valid_until=np.array([np.inf if row[5] is None else row[5] for row in rows], dtype=np.float64),
            kinds=np.array([row[3] for row in rows], dtype=object),
            seqs=None if seqs is None else np.array(seqs, dtype=np.int64),
            position=position,
        )

    def changed(
        self, generation: int, position: int, rows: Collection[int], found: Sequence[tuple[int, StoredRow]]
    ) -> UserMatrix:
        """A new matrix with these rows (by seq) as the store holds them now: those in `found` put in
        (in place of the old ones), the others taken out; the rows stay in write order. This one is
        left as it was (a search in another thread keeps using it)."""
        assert self.seqs is not None, "a matrix read without seqs cannot be changed"
        if not rows:  # nothing a search sees changed
            return replace(self, generation=generation, position=position)
        fresh = UserMatrix.read(generation, [row for _, row in found], [seq for seq, _ in found])
        assert fresh.seqs is not None
        if len(fresh.ids) and len(self.ids) and fresh.matrix.shape[1] != self.matrix.shape[1]:
            raise InvalidInput(
                "this user's stored vectors have different dimensions; run `hindsight reindex` "
                "with one embedder"
            )
        kept = ~np.isin(self.seqs, np.fromiter(rows, dtype=np.int64, count=len(rows)))
        keep: Any = slice(None) if kept.all() else np.flatnonzero(kept)  # a slice copies nothing
        parts = [
            (part, pick)
            for part, pick in ((self, keep), (fresh, slice(None)))
            if len(part.ids) and (isinstance(pick, slice) or len(pick))
        ]
        seqs = (
            np.concatenate([np.asarray(part.seqs)[pick] for part, pick in parts]) if parts else self.seqs[:0]
        )
        # Written after every row kept (the usual change: memories added): no reordering.
        order = None if bool(np.all(seqs[1:] > seqs[:-1])) else np.argsort(seqs, kind="stable")

        def joined(name: str) -> Any:
            if not parts:
                return getattr(self, name)[:0]
            every = np.concatenate([getattr(part, name)[pick] for part, pick in parts])
            return every if order is None else every[order]

        every_id = [
            rid
            for part, pick in parts
            for rid in (part.ids if isinstance(pick, slice) else [part.ids[i] for i in pick.tolist()])
        ]
        ids = every_id if order is None else [every_id[i] for i in order.tolist()]
        if order is None and isinstance(keep, slice):  # appended: the old places stand
            positions = dict(self.positions)
            positions.update((rid, len(self.ids) + n) for n, rid in enumerate(fresh.ids))
        else:
            positions = {rid: n for n, rid in enumerate(ids)}
        return UserMatrix(
            generation=generation,
            ids=ids,
            positions=positions,
            matrix=joined("matrix"),
            tiers=joined("tiers"),
            valid_from=joined("valid_from"),
            valid_until=joined("valid_until"),
            kinds=joined("kinds"),
            seqs=seqs if order is None else seqs[order],
            position=position,
        )

    def vectors_of(self, ids: Sequence[str]) -> dict[str, Vector]:
        return {rid: self.matrix[self.positions[rid]] for rid in ids if rid in self.positions}

    def search(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        if not self.ids:
            return []
        matrix, tiers, kinds = self.matrix, self.tiers, self.kinds
        if matrix.shape[1] != vector.shape[0]:
            raise InvalidInput(
                f"query vector has {vector.shape[0]} dimensions, the stored vectors {matrix.shape[1]}"
            )
        moment = to_epoch(where.valid_at)
        mask: npt.NDArray[np.bool_] = (self.valid_from <= moment) & (self.valid_until > moment)
        if len(where.tiers) < len(TIERS):
            mask &= np.isin(tiers, [TIERS.index(t) for t in where.tiers])
        if where.kinds is not None:
            mask &= np.isin(kinds, list(where.kinds))
        scores = np.where(mask, matrix @ vector, -np.inf)
        k = min(k, int(mask.sum()))
        if k <= 0:
            return []
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in top]
