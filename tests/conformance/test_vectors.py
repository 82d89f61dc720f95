"""VectorIndex: vectors by record id, exact cosine search within one user's valid records, the
embedding backlog and what a re-embedding still has to do."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import numpy as np
import pytest

from hindsight.errors import InvalidInput
from hindsight.models import Scope
from hindsight.stores.registry import Backend

from .kit import (
    ACME_ALICE,
    ALICE,
    BOB,
    DIM,
    E0,
    E1,
    E2,
    MODEL,
    T0,
    add,
    add_with_vectors,
    current,
    delete,
    ids,
    rec,
    record_ids,
    unit,
    update,
    where,
)


def test_pending_is_the_backlog_oldest_first_of_anyone_or_one_user(backend: Backend) -> None:
    add(backend, rec("a", tier="long"), rec("b"), rec("c", tier="long"), rec("d"))
    add(backend, rec("bob", scope=BOB), rec("acme", scope=ACME_ALICE))
    assert record_ids(backend.vectors.pending(10)) == ["a", "b", "c", "d", "bob", "acme"]
    assert record_ids(backend.vectors.pending(3)) == ["a", "b", "c"]
    assert record_ids(backend.vectors.pending(10, ACME_ALICE)) == ["acme"]
    assert record_ids(backend.vectors.pending(10, BOB)) == ["bob"]

    backend.vectors.set_vectors(["b", "c"], np.stack([E0, E1]), MODEL)

    assert record_ids(backend.vectors.pending(10, ALICE)) == ["a", "d"]
    backend.vectors.set_vectors(["a", "d", "bob", "acme"], np.stack([E1, E2, E0, E0]), MODEL)
    assert backend.vectors.pending(10) == []
    assert backend.vectors.pending(1)[:1] == []


def test_set_vectors_records_the_model(backend: Backend) -> None:
    add(backend, rec("a"), rec("b", tier="long"))
    backend.vectors.set_vectors(["a", "b"], np.stack([E0, E1]), MODEL)
    assert current(backend, "a").embedding_model == MODEL
    assert current(backend, "b").embedding_model == MODEL


def test_set_vectors_length_mismatch_raises_and_writes_nothing(backend: Backend) -> None:
    add(backend, rec("a"), rec("b"))
    with pytest.raises(InvalidInput):
        backend.vectors.set_vectors(["a", "b"], np.stack([E0]), MODEL)
    assert len(backend.vectors.pending(10)) == 2


def test_set_vectors_ignores_records_removed_meanwhile(backend: Backend) -> None:
    add(backend, rec("a"), rec("b"))
    delete(backend, current(backend, "a"))
    backend.vectors.set_vectors(["a", "b"], np.stack([E0, E1]), MODEL)
    assert backend.records.get_many(["a"]) == {}
    assert ids(backend.vectors.search_vector(where(), E0, 5)) == ["b"]


def test_set_vectors_accepts_float64_and_non_contiguous(backend: Backend) -> None:
    add(backend, rec("a"), rec("b"))
    wide = np.zeros((2, DIM * 2), dtype=np.float64)
    wide[:, ::2] = np.stack([E0, E1])
    matrix = wide[:, ::2]
    assert not matrix.flags.c_contiguous
    backend.vectors.set_vectors(["a", "b"], matrix, MODEL)  # type: ignore[arg-type]
    hits = backend.vectors.search_vector(where(), E1, 2)
    assert ids(hits) == ["b", "a"]
    assert hits[0][1] == pytest.approx(1.0, abs=1e-6)


def _ranked_fixture(backend: Backend) -> None:
    # Cosines with E0: a 1.0, b 0.7071, c 0.4472, d 0.0, e -1.0 (inserted out of order).
    add_with_vectors(
        backend,
        [
            (rec("d"), E1),
            (rec("b"), unit(1.0, 1.0)),
            (rec("e"), unit(-1.0)),
            (rec("a"), E0),
            (rec("c"), unit(1.0, 2.0)),
        ],
    )


def test_search_vector_exact_cosine_order(backend: Backend) -> None:
    _ranked_fixture(backend)
    hits = backend.vectors.search_vector(where(), E0, 5)
    assert ids(hits) == ["a", "b", "c", "d", "e"]
    expected = [1.0, 1 / np.sqrt(2), 1 / np.sqrt(5), 0.0, -1.0]
    assert [score for _, score in hits] == pytest.approx(expected, abs=1e-6)
    assert all(isinstance(score, float) for _, score in hits)


def test_search_vector_top_k_more_than_there_are_and_zero(backend: Backend) -> None:
    _ranked_fixture(backend)
    assert ids(backend.vectors.search_vector(where(), E0, 2)) == ["a", "b"]
    assert ids(backend.vectors.search_vector(where(), E1, 1)) == ["d"]
    assert ids(backend.vectors.search_vector(where(), E0, 100)) == ["a", "b", "c", "d", "e"]
    assert backend.vectors.search_vector(where(), E0, 0) == []


def test_search_vector_is_one_users_of_one_tenant(backend: Backend) -> None:
    add_with_vectors(
        backend,
        [
            (rec("alice-1"), unit(1.0, 1.0)),
            (rec("bob-1", scope=BOB), E0),
            (rec("acme-alice-1", scope=ACME_ALICE), E0),
        ],
    )
    assert ids(backend.vectors.search_vector(where(), E0, 5)) == ["alice-1"]
    assert ids(backend.vectors.search_vector(where(BOB), E0, 5)) == ["bob-1"]
    assert ids(backend.vectors.search_vector(where(ACME_ALICE), E0, 5)) == ["acme-alice-1"]
    assert backend.vectors.search_vector(where(Scope("default", "carol")), E0, 5) == []
    assert backend.vectors.search_vector(where(Scope("acme", "bob")), E0, 5) == []


def test_search_vector_filters_by_tier(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("s", tier="short"), E0), (rec("l", tier="long"), unit(1.0, 1.0))])
    assert ids(backend.vectors.search_vector(where(tiers=("short",)), E0, 5)) == ["s"]
    assert ids(backend.vectors.search_vector(where(tiers=("long",)), E0, 5)) == ["l"]
    assert ids(backend.vectors.search_vector(where(tiers=("short", "long")), E0, 5)) == ["s", "l"]


def test_search_vector_filters_by_kinds(backend: Backend) -> None:
    add_with_vectors(
        backend,
        [
            (rec("t", kind="turn"), E0),
            (rec("f", kind="fact"), unit(1.0, 1.0)),
            (rec("p", kind="preference"), unit(1.0, 2.0)),
        ],
    )
    assert ids(backend.vectors.search_vector(where(kinds=("fact", "preference")), E0, 5)) == ["f", "p"]
    assert ids(backend.vectors.search_vector(where(kinds=("turn",)), E0, 5)) == ["t"]
    assert backend.vectors.search_vector(where(kinds=("pattern",)), E0, 5) == []


def test_search_vector_validity_window(backend: Backend) -> None:
    start, end = T0, T0 + timedelta(days=10)
    add_with_vectors(
        backend,
        [
            (rec("window", valid_from=start, valid_until=end), E0),
            (rec("forever", valid_from=start), unit(1.0, 1.0)),
        ],
    )

    def found(at: datetime) -> list[str]:
        return ids(backend.vectors.search_vector(where(at=at), E0, 5))

    assert found(start - timedelta(seconds=1)) == [], "not valid before valid_from"
    assert found(start) == ["window", "forever"], "valid_from is inclusive"
    assert found(end - timedelta(seconds=1)) == ["window", "forever"]
    assert found(end) == ["forever"], "valid_until is exclusive"
    assert found(end + timedelta(days=365)) == ["forever"]


def test_search_vector_sees_vectors_added_after_a_search(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a"), E1)])
    assert ids(backend.vectors.search_vector(where(), E0, 5)) == ["a"]  # warm any cache
    add_with_vectors(backend, [(rec("b"), E0)])
    add(backend, rec("no-vector"))
    assert ids(backend.vectors.search_vector(where(), E0, 5)) == ["b", "a"]


def test_search_vector_after_re_embedding_returns_each_record_once(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a"), E0), (rec("b"), E1)])
    assert ids(backend.vectors.search_vector(where(), E0, 5)) == ["a", "b"]  # warm any cache
    backend.vectors.set_vectors(["a"], np.stack([E2]), "test-model-v2")
    hits = backend.vectors.search_vector(where(), E2, 5)
    assert ids(hits) == ["a", "b"]
    assert hits[0][1] == pytest.approx(1.0, abs=1e-6)
    assert current(backend, "a").embedding_model == "test-model-v2"


def test_search_vector_dimension_mismatch_raises(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a"), E0)])
    with pytest.raises(InvalidInput):
        backend.vectors.search_vector(where(), np.ones(DIM + 1, dtype=np.float32), 5)


def test_vectors_of_returns_the_stored_vectors_of_one_user(backend: Backend) -> None:
    add_with_vectors(
        backend, [(rec("a"), E0), (rec("b"), E1), (rec("z", scope=BOB), E0), (rec("y", scope=ACME_ALICE), E2)]
    )
    add(backend, rec("plain"))
    found = backend.vectors.vectors_of(ALICE, ["a", "b", "z", "y", "plain", "unknown"])
    assert set(found) == {"a", "b"}
    assert found["a"] == pytest.approx(E0) and found["b"] == pytest.approx(E1)
    assert set(backend.vectors.vectors_of(ACME_ALICE, ["a", "y"])) == {"y"}
    assert backend.vectors.vectors_of(ALICE, []) == {}


def test_an_update_keeps_the_vector_unless_the_text_changes(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a", "same words"), E0)])
    update(backend, replace(current(backend, "a"), importance=0.9, entities={"x": "y"}))
    assert backend.vectors.vectors_of(ALICE, ["a"])["a"] == pytest.approx(E0)
    update(backend, replace(current(backend, "a"), text="other words"))
    assert backend.vectors.vectors_of(ALICE, ["a"]) == {}
    assert record_ids(backend.vectors.pending(5)) == ["a"]


def test_stale_ids_are_missing_or_other_models_vectors_oldest_first(backend: Backend) -> None:
    add(backend, rec("a", tier="long"), rec("b"), rec("c", tier="long"), rec("d"), rec("e", scope=ACME_ALICE))
    backend.vectors.set_vectors(["a", "d"], np.stack([E0, E1]), MODEL)
    backend.vectors.set_vectors(["b", "e"], np.stack([E1, E2]), "test-model-v2")
    assert backend.vectors.stale(MODEL) == ["b", "c", "e"]
    assert backend.vectors.stale("test-model-v2") == ["a", "c", "d"]
    backend.vectors.set_vectors(["b", "c", "e"], np.stack([E0, E1, E2]), MODEL)
    assert backend.vectors.stale(MODEL) == []
    update(backend, replace(current(backend, "a"), text="new words"))
    assert backend.vectors.stale(MODEL) == ["a"], "a changed text drops the vector"
