"""The in-process matrix of one user's vectors, read at once from the rows a store returns."""

from __future__ import annotations

from datetime import datetime

import numpy as np
import pytest

from hindsight.errors import InvalidInput
from hindsight.models import Scope
from hindsight.stores.base import RecordFilter
from hindsight.stores.exact import Row, UserMatrix
from hindsight.timeutil import to_epoch

T = to_epoch(datetime(2026, 1, 1))


def _rows(n: int, dim: int = 8) -> list[Row]:
    rng = np.random.default_rng(3)
    vectors = rng.standard_normal((n, dim)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    return [
        Row(
            f"r{i}",
            vectors[i],
            "long" if i % 3 == 0 else "short",
            "fact" if i % 2 else "turn",
            T,
            None if i % 5 else T + 10,  # every fifth closed ten seconds after it began
        )
        for i in range(n)
    ]


def test_read_rows_search_as_the_vectors_say() -> None:
    rows = _rows(50)
    matrix = UserMatrix.of(7, rows)
    assert matrix.generation == 7 and matrix.ids == [row.id for row in rows]
    assert np.array_equal(matrix.vectors_of(["r3"])["r3"], rows[3].vector)
    query = rows[11].vector
    where = RecordFilter(scope=Scope("t", "u"), valid_at=datetime(2026, 1, 1, 0, 1))
    found = matrix.search(where, query, 5)
    expected = sorted(
        ((row.id, float(row.vector @ query)) for row in rows if row.valid_until is None),
        key=lambda pair: -pair[1],
    )[:5]
    assert [rid for rid, _ in found] == [rid for rid, _ in expected]
    assert found[0][0] == "r11"  # itself, still valid
    long_turns = RecordFilter(scope=where.scope, valid_at=where.valid_at, tiers=("long",), kinds=("turn",))
    assert {rid for rid, _ in matrix.search(long_turns, query, 50)} == {
        row.id for row in rows if row.tier == "long" and row.kind == "turn" and row.valid_until is None
    }


def test_no_rows_and_mixed_dimensions() -> None:
    empty = UserMatrix.read(1, [])
    assert (
        empty.search(RecordFilter(scope=Scope("t", "u"), valid_at=datetime(2026, 1, 1)), np.ones(4), 3) == []
    )
    mixed = [("a", np.ones(4, np.float32).tobytes(), "short", "fact", T, None),
             ("b", np.ones(8, np.float32).tobytes(), "short", "fact", T, None)]  # fmt: skip
    with pytest.raises(InvalidInput, match="different dimensions"):
        UserMatrix.read(1, mixed)
