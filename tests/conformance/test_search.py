"""RecordSearch: slots, citations, entities, time ranges and speakers, each within one user's records."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from hindsight.models import MemoryRecord, Scope
from hindsight.stores.registry import Backend

from .kit import ACME_ALICE, ALICE, BOB, E0, E1, NOW, T0, add, add_with_vectors, ids, rec, record_ids, where


def test_open_slot_is_a_users_still_valid_records_of_that_slot_oldest_first(backend: Backend) -> None:
    add(
        backend,
        rec("f1", "budget 5000", slot="budget|"),
        rec("f2", "budget 8000", slot="budget|", valid_until=NOW),
        rec("f3", "budget 9000", slot="budget|", tier="long"),
        rec("other", "carrier", slot="carrier|"),
        rec("bob", "budget", scope=BOB, slot="budget|"),
        rec("acme", "budget", scope=ACME_ALICE, slot="budget|"),
    )
    assert record_ids(backend.search.open_slot(ALICE, "budget|")) == ["f1", "f3"]
    assert record_ids(backend.search.open_slot(ACME_ALICE, "budget|")) == ["acme"]
    assert backend.search.open_slot(ALICE, "budget") == [], "a slot is matched whole"
    assert backend.search.open_slot(Scope("default", "carol"), "budget|") == []


def test_citing_matches_whole_source_ids_of_a_users_still_valid_records(backend: Backend) -> None:
    add(
        backend,
        rec("f1", slot="budget|", source_ids=("t1",)),
        rec("s1", kind="summary", source_ids=("t1", "t9")),
        rec("closed", source_ids=("t1",), valid_until=NOW),
        rec("t10", source_ids=("t10",)),
        rec("x", scope=BOB, source_ids=("t1",)),
        rec("y", scope=ACME_ALICE, source_ids=("t1",)),
    )
    assert {r.id for r in backend.search.citing(ALICE, "t1")} == {"f1", "s1"}
    assert {r.id for r in backend.search.citing(ACME_ALICE, "t1")} == {"y"}
    assert backend.search.citing(ALICE, "t") == [], "whole ids only, not prefixes"
    assert record_ids(backend.search.citing(ALICE, "t10")) == ["t10"]


@pytest.mark.parametrize("source", ['say "hi"', "back\\slash", "50%", "a_b", "%", "_", "it's", "引号“x”"])
def test_citing_finds_source_ids_with_characters_a_query_language_means_something_by(
    backend: Backend, source: str
) -> None:
    add(backend, rec("a", source_ids=("plain", source)), rec("decoy", source_ids=("50x", "axb", "x")))
    assert record_ids(backend.search.citing(ALICE, source)) == ["a"]


def test_search_entities_normalises_and_counts_matches(backend: Backend) -> None:
    add(
        backend,
        rec("a", entities={"order_id": "SF123456", "product": "耳机"}),
        rec("b", entities={"order_id": "SF654321"}),
        rec("c", entities={"order_id": "SF123456"}, valid_until=T0 + timedelta(hours=1)),
        rec("d", entities={"order_id": "SF123456"}, scope=BOB),
        rec("e", entities={"order_id": "SF123456"}, scope=ACME_ALICE),
    )
    found = backend.search.search_entities(where(), ["sf-123 456", "耳机", "nothing"], 10)
    assert found == [("a", 2.0)]
    assert set(
        ids(backend.search.search_entities(where(at=T0 + timedelta(minutes=1)), ["SF123456"], 10))
    ) == {
        "a",
        "c",
    }
    assert backend.search.search_entities(where(ACME_ALICE), ["SF123456"], 10) == [("e", 1.0)]
    assert backend.search.search_entities(where(), [], 10) == []
    assert backend.search.search_entities(where(), ["SF123456"], 0) == []


def test_search_entities_filters_tiers_and_kinds_and_puts_more_matches_first(backend: Backend) -> None:
    add(
        backend,
        rec("one", entities={"city": "Paris"}),
        rec("two", entities={"city": "Paris", "hotel": "Ritz"}, tier="long"),
        rec("turn", entities={"city": "paris"}, kind="turn"),
    )
    assert ids(backend.search.search_entities(where(), ["PARIS", "ritz"], 10))[0] == "two"
    assert ids(backend.search.search_entities(where(tiers=("short",)), ["paris"], 10)) != []
    assert "two" not in ids(backend.search.search_entities(where(tiers=("short",)), ["paris"], 10))
    assert ids(backend.search.search_entities(where(kinds=("turn",)), ["paris"], 10)) == ["turn"]
    assert len(backend.search.search_entities(where(), ["paris"], 2)) == 2


def _at(hours: float, rid: str, **fields: object) -> MemoryRecord:
    moment = T0 + timedelta(hours=hours)
    return replace(rec(rid, **fields), event_time=moment, created_at=moment, valid_from=moment)  # type: ignore[arg-type]


def test_search_time_in_a_half_open_range_most_recent_first(backend: Backend) -> None:
    add(
        backend,
        _at(0, "start"),
        _at(1, "a"),
        _at(5, "b"),
        _at(24, "end"),
        _at(30, "later"),
        _at(2, "bob", scope=BOB),
        _at(2, "acme", scope=ACME_ALICE),
    )
    found = backend.search.search_time(where(at=T0 + timedelta(days=3)), T0, T0 + timedelta(days=1), 10)
    assert ids(found) == ["b", "a", "start"], "[start, end): the end is out"
    scores = [score for _, score in found]
    assert scores == sorted(scores, reverse=True) and all(score > 0 for score in scores)
    assert ids(backend.search.search_time(where(ACME_ALICE, at=NOW), T0, NOW, 10)) == ["acme"]
    assert len(backend.search.search_time(where(at=T0 + timedelta(days=3)), T0, NOW, 2)) == 2


def test_search_time_honours_validity_tiers_and_kinds(backend: Backend) -> None:
    add(
        backend,
        _at(1, "closed", valid_until=T0 + timedelta(hours=2)),
        _at(2, "long", tier="long"),
        _at(3, "turn", kind="turn"),
    )
    window = (T0, T0 + timedelta(days=1))
    assert ids(backend.search.search_time(where(at=NOW), *window, 10)) == ["turn", "long"]
    assert ids(backend.search.search_time(where(at=T0 + timedelta(hours=1, minutes=30)), *window, 10)) == [
        "closed"
    ]
    assert ids(backend.search.search_time(where(tiers=("long",)), *window, 10)) == ["long"]
    assert ids(backend.search.search_time(where(kinds=("turn",)), *window, 10)) == ["turn"]


def test_speakers_are_the_roles_of_one_users_embedded_records(backend: Backend) -> None:
    add_with_vectors(
        backend,
        [
            (rec("a", kind="turn", role="Caroline"), E0),
            (rec("b", kind="turn", role="user"), E1),
            (rec("c"), E0),
            (rec("z", scope=BOB, kind="turn", role="Melanie"), E0),
            (rec("y", scope=ACME_ALICE, kind="turn", role="Jon"), E0),
        ],
    )
    add(backend, rec("unembedded", kind="turn", role="Gina"))
    assert backend.search.speakers(ALICE) == {"Caroline", "user"}, "only records with a vector"
    assert backend.search.speakers(ACME_ALICE) == {"Jon"}
    assert backend.search.speakers(Scope("default", "nobody")) == set()


def test_every_role_with_a_vector_is_a_speaker_however_its_records_sort(backend: Backend) -> None:
    # Roles are found one distinct value at a time: those before and after a role with no vector,
    # roles that differ only in case or past ASCII, and a role whose first record has no vector.
    add(backend, rec("z1", kind="turn", role="Zoe"), rec("a1", kind="turn", role="Ann"))
    add_with_vectors(
        backend,
        [
            (rec("z2", kind="turn", role="Zoe"), E0),
            (rec("b1", kind="turn", role="bob"), E1),
            (rec("b2", kind="turn", role="Bob"), E0),
            (rec("w1", kind="turn", role="王伟"), E1),
            (rec("w2", kind="turn", role="王伟"), E0),
        ],
    )
    assert backend.search.speakers(ALICE) == {"Zoe", "bob", "Bob", "王伟"}


def test_ids_starting_a_prefix_within_a_user_a_tenant_or_everyone(backend: Backend) -> None:
    from hindsight.models import Tenant

    add(
        backend,
        rec("abc123", scope=ALICE),
        rec("abc124", scope=BOB),
        rec("abc999", scope=ACME_ALICE),
        rec("abd000", scope=ALICE),
        rec("ab", scope=ALICE),
    )
    assert backend.search.ids_starting("abc", None, 10) == ["abc123", "abc124", "abc999"]
    assert backend.search.ids_starting("abc", ALICE, 10) == ["abc123"]
    assert backend.search.ids_starting("abc", Tenant("acme"), 10) == ["abc999"]
    assert backend.search.ids_starting("abc", None, 2) == ["abc123", "abc124"]
    assert backend.search.ids_starting("abd000", None, 10) == ["abd000"]
    assert backend.search.ids_starting("x", None, 10) == []
    assert backend.search.ids_starting("ab%", None, 10) == [], "a prefix is text, not a pattern"
