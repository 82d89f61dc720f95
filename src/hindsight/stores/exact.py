"""Exact vector search in process memory, for a backend whose engine cannot search vectors itself
(SQLite): one user's vectors as one matrix, and the fields a search filters on beside it.

A matrix is a cache, and a cache is never the truth: it is tagged with the generation of the
user's vectors it was read at (stores.base.Generation.vectors), and a backend uses it only while the
store's generation is still that number. Any process's change to what a vector search sees moves
the number in the same transaction, so the next search reads the matrix again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
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


@dataclass
class UserMatrix:
    """One user's vectors, in insertion order, as parallel arrays (stacked once per change)."""

    generation: int
    ids: list[str] = field(default_factory=list)
    positions: dict[str, int] = field(default_factory=dict)
    _rows: list[Vector] = field(default_factory=list)
    _tier: list[int] = field(default_factory=list)
    _kind: list[str] = field(default_factory=list)
    _valid_from: list[float] = field(default_factory=list)
    _valid_until: list[float] = field(default_factory=list)
    _frozen: tuple[Any, ...] | None = None

    @classmethod
    def of(cls, generation: int, rows: Sequence[Row]) -> UserMatrix:
        matrix = cls(generation)
        for row in rows:
            matrix.append(row)
        return matrix

    def append(self, row: Row) -> None:
        self.positions[row.id] = len(self.ids)
        self.ids.append(row.id)
        self._rows.append(row.vector)
        self._tier.append(TIERS.index(row.tier))
        self._kind.append(row.kind)
        self._valid_from.append(row.valid_from)
        self._valid_until.append(np.inf if row.valid_until is None else row.valid_until)
        self._frozen = None

    def _arrays(self) -> tuple[Any, ...]:
        # Stacking is O(n): done once after a change, not on every search.
        if self._frozen is None:
            dim = self._rows[0].shape[0] if self._rows else 0
            self._frozen = (
                np.stack(self._rows) if self._rows else np.zeros((0, dim), np.float32),
                np.array(self._tier, dtype=np.int8),
                np.array(self._valid_from, dtype=np.float64),
                np.array(self._valid_until, dtype=np.float64),
                np.array(self._kind, dtype=object),
            )
        return self._frozen

    def vectors_of(self, ids: Sequence[str]) -> dict[str, Vector]:
        return {rid: self._rows[self.positions[rid]] for rid in ids if rid in self.positions}

    def search(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        if not self.ids:
            return []
        matrix, tiers, valid_from, valid_until, kinds = self._arrays()
        if matrix.shape[1] != vector.shape[0]:
            raise InvalidInput(
                f"query vector has {vector.shape[0]} dimensions, the stored vectors {matrix.shape[1]}"
            )
        moment = to_epoch(where.valid_at)
        mask: npt.NDArray[np.bool_] = (valid_from <= moment) & (valid_until > moment)
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
