"""One conformance suite for the MemoryStore Protocol (hindsight.stores.base).

Every test runs against every backend in OPENERS: adding a backend is adding one entry there.
Vectors are small hand-made float32 unit vectors, so the expected cosine order is known exactly.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from hindsight.errors import InvalidInput
from hindsight.models import Kind, LogLine, MemoryRecord, Tier, WriteLogEntry
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import MemoryStore, RecordFilter, Store, StoreContents, UserSpace
from hindsight.stores.sqlite import SQLiteStore
from hindsight.text import query_terms

Opener = Callable[[Path], MemoryStore]

# Backend name -> how to open (or reopen) it on a directory of its own.
OPENERS: dict[str, Opener] = {
    "sqlite": lambda directory: SQLiteStore(directory / "memory.db"),
}

T0 = datetime(2024, 5, 8, 13, 56, 0)
NOW = T0 + timedelta(days=1)
DIM = 4
MODEL = "test-model-v1"

Vector = npt.NDArray[np.float32]


def unit(*components: float) -> Vector:
    vector = np.zeros(DIM, dtype=np.float32)
    vector[: len(components)] = components
    return (vector / np.linalg.norm(vector)).astype(np.float32)


E0 = unit(1.0)
E1 = unit(0.0, 1.0)
E2 = unit(0.0, 0.0, 1.0)


def rec(
    rid: str,
    text: str | None = None,
    *,
    user: str = "alice",
    tier: Tier = "short",
    kind: Kind = "fact",
    valid_from: datetime = T0,
    valid_until: datetime | None = None,
    **fields: object,
) -> MemoryRecord:
    return MemoryRecord(
        id=rid,
        user_id=user,
        tier=tier,
        kind=kind,
        text=text if text is not None else f"record {rid}",
        created_at=T0,
        event_time=T0,
        valid_from=valid_from,
        valid_until=valid_until,
        **fields,  # type: ignore[arg-type]
    )


def where(
    user: str = "alice",
    at: datetime = NOW,
    tiers: tuple[Tier, ...] = ("short", "long"),
    kinds: tuple[Kind, ...] | None = None,
) -> RecordFilter:
    return RecordFilter(user_id=user, valid_at=at, tiers=tiers, kinds=kinds)


def ids(scored: list[tuple[str, float]]) -> list[str]:
    return [rid for rid, _ in scored]


def add_with_vectors(store: MemoryStore, pairs: list[tuple[MemoryRecord, Vector]]) -> None:
    store.add([record for record, _ in pairs])
    store.set_vectors([record.id for record, _ in pairs], np.stack([v for _, v in pairs]), MODEL)


class _Backend:
    """Opens one backend on one directory and closes whatever is still open at the end."""

    def __init__(self, name: str, directory: Path) -> None:
        self.name = name
        self.directory = directory
        self._open: list[MemoryStore] = []

    def open(self) -> MemoryStore:
        store = OPENERS[self.name](self.directory)
        self._open.append(store)
        return store

    def reopen(self, store: MemoryStore) -> MemoryStore:
        self._open.remove(store)
        store.close()
        return self.open()

    def close_all(self) -> None:
        while self._open:
            self._open.pop().close()


@pytest.fixture
def _backends() -> dict[str, _Backend]:
    return {}


@pytest.fixture(params=list(OPENERS))
def store(
    request: pytest.FixtureRequest, tmp_path: Path, _backends: dict[str, _Backend]
) -> Iterator[MemoryStore]:
    backend = _backends["store"] = _Backend(request.param, tmp_path)
    try:
        yield backend.open()
    finally:
        backend.close_all()


@pytest.fixture
def reopen(store: MemoryStore, _backends: dict[str, _Backend]) -> Callable[[MemoryStore], MemoryStore]:
    """Close a store and open the same backend on the same location again."""
    return _backends["store"].reopen


# -- add / get / get_many -----------------------------------------------------------------------


def test_empty_store(store: MemoryStore) -> None:
    assert store.get("nope") is None
    assert store.get_many(["nope"]) == {}
    assert store.list_records() == []
    assert store.users() == []
    assert store.missing_vectors(10) == []
    assert store.search_vector(where(), E0, 5) == []
    assert store.search_keyword(where(), ["coffee"], 5) == []


def test_add_and_get_round_trips_every_field(store: MemoryStore) -> None:
    record = MemoryRecord(
        id="r1",
        user_id="alice",
        tier="long",
        kind="preference",
        text="用户喜欢喝美式咖啡 and flat whites",
        created_at=T0,
        event_time=T0 - timedelta(hours=3),
        valid_from=T0 - timedelta(hours=2),
        valid_until=T0 + timedelta(days=30),
        source_ids=("t1", "t2"),
        entities={"drink": "美式咖啡", "order_id": "SF123456"},
        importance=0.875,
        tenant="acme",
        agent_id="barista-bot",
        session_id="s-42",
        role="Caroline",
        ttl_days=14.5,
        expires_at=T0 + timedelta(days=14),
        hits=3,
        last_hit_at=T0 + timedelta(minutes=5),
        origin="llm",
        embedding_model=None,
    )
    store.add([record])
    assert store.get("r1") == record


def test_add_defaults_round_trip(store: MemoryStore) -> None:
    record = rec("r1")
    store.add([record])
    got = store.get("r1")
    assert got == record
    assert got is not None and got.valid_until is None and got.entities == {} and got.source_ids == ()


def test_add_empty_list_is_a_no_op(store: MemoryStore) -> None:
    store.add([])
    assert store.list_records() == []


def test_get_many_across_tiers_skips_unknown_ids(store: MemoryStore) -> None:
    store.add([rec("s1", tier="short"), rec("l1", tier="long"), rec("s2", tier="short")])
    found = store.get_many(["l1", "missing", "s1", "l1"])
    assert set(found) == {"l1", "s1"}
    assert found["l1"].tier == "long"
    assert found["s1"].tier == "short"
    assert store.get_many([]) == {}


def test_get_many_many_ids(store: MemoryStore) -> None:
    records = [rec(f"r{i:04d}") for i in range(1203)]
    store.add(records)
    found = store.get_many([r.id for r in records])
    assert len(found) == 1203
    assert found["r1202"].text == "record r1202"


# -- update / delete ----------------------------------------------------------------------------


def test_update_changes_fields_in_place(store: MemoryStore) -> None:
    store.add([rec("a"), rec("b"), rec("c")])
    updated = dataclasses.replace(store.get("b"), importance=0.9, hits=7, entities={"k": "v"})  # type: ignore[type-var]
    store.update(updated)
    assert store.get("b") == updated
    assert [r.id for r in store.list_records()] == ["a", "b", "c"], "an update keeps the insertion position"


def test_update_changing_tier_moves_the_record_and_keeps_its_vector(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a"), E0), (rec("b"), E1), (rec("c"), E2)])
    # Warm any search cache before the move.
    assert ids(store.search_vector(where(tiers=("short",)), E1, 3))[0] == "b"

    store.update(dataclasses.replace(store.get("b"), tier="long"))  # type: ignore[type-var]

    assert [r.id for r in store.list_records(tier="short")] == ["a", "c"]
    assert [r.id for r in store.list_records(tier="long")] == ["b"]
    moved = store.get("b")
    assert moved is not None and moved.tier == "long"
    assert [r.id for r in store.list_records()] == ["a", "b", "c"]

    long_hits = store.search_vector(where(tiers=("long",)), E1, 3)
    assert ids(long_hits) == ["b"]
    assert long_hits[0][1] == pytest.approx(1.0, abs=1e-6)
    assert "b" not in ids(store.search_vector(where(tiers=("short",)), E1, 3))
    assert store.missing_vectors(10) == [], "moving a record must not lose its vector"
    assert ids(store.search_keyword(where(tiers=("long",)), ["record", "b"], 5)) == ["b"]


def test_update_closing_validity_hides_the_record(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a", "likes tea"), E0), (rec("b", "likes coffee"), E1)])
    assert "a" in ids(store.search_vector(where(), E0, 5))

    store.update(dataclasses.replace(store.get("a"), valid_until=T0 + timedelta(hours=1)))  # type: ignore[type-var]

    assert [r.id for r in store.list_records(include_closed=False)] == ["b"]
    assert [r.id for r in store.list_records(include_closed=True)] == ["a", "b"]
    assert "a" not in ids(store.search_vector(where(at=NOW), E0, 5))
    assert ids(store.search_vector(where(at=T0 + timedelta(minutes=30)), E0, 1)) == ["a"]
    assert store.search_keyword(where(at=NOW), ["tea"], 5) == []
    assert ids(store.search_keyword(where(at=T0 + timedelta(minutes=30)), ["tea"], 5)) == ["a"]


def test_update_reindexes_changed_text(store: MemoryStore) -> None:
    store.add([rec("a", "old words about tea")])
    store.update(dataclasses.replace(store.get("a"), text="fresh banana bread"))  # type: ignore[type-var]
    assert ids(store.search_keyword(where(), ["banana"], 5)) == ["a"]
    assert store.search_keyword(where(), ["tea"], 5) == []


def test_update_unknown_record_raises(store: MemoryStore) -> None:
    with pytest.raises(InvalidInput):
        store.update(rec("ghost"))
    assert store.get("ghost") is None


def test_delete_removes_record_vector_and_keyword_entry(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a", "espresso shots"), E0), (rec("b", "green tea"), E1)])
    assert ids(store.search_vector(where(), E0, 5))[0] == "a"  # warm any cache

    assert store.delete("a") is True

    assert store.get("a") is None
    assert [r.id for r in store.list_records()] == ["b"]
    assert "a" not in ids(store.search_vector(where(), E0, 5))
    assert store.search_keyword(where(), ["espresso"], 5) == []
    assert store.delete("a") is False
    assert store.delete("never-existed") is False


def test_delete_last_record_of_a_user_removes_the_user(store: MemoryStore) -> None:
    store.add([rec("a", user="alice"), rec("b", user="bob", tier="long")])
    store.delete("b")
    assert store.users() == ["alice"]


# -- list_records / users -----------------------------------------------------------------------


def test_list_records_in_insertion_order_across_tiers(store: MemoryStore) -> None:
    store.add([rec("z", tier="long"), rec("y", tier="short")])
    store.add([rec("x", tier="long")])
    store.add([rec("w", tier="short", user="bob")])
    assert [r.id for r in store.list_records()] == ["z", "y", "x", "w"]
    assert [r.id for r in store.list_records(user_id="alice")] == ["z", "y", "x"]
    assert [r.id for r in store.list_records(user_id="bob")] == ["w"]
    assert [r.id for r in store.list_records(tier="long")] == ["z", "x"]
    assert [r.id for r in store.list_records(user_id="alice", tier="short")] == ["y"]
    assert store.list_records(user_id="carol") == []


def test_list_records_include_closed(store: MemoryStore) -> None:
    store.add(
        [
            rec("open"),
            rec("closed", valid_until=T0 + timedelta(days=1)),
            rec("future-closed", tier="long", valid_until=T0 + timedelta(days=3650)),
        ]
    )
    assert [r.id for r in store.list_records()] == ["open", "closed", "future-closed"]
    assert [r.id for r in store.list_records(include_closed=False)] == ["open"]


def test_users_are_distinct_and_sorted(store: MemoryStore) -> None:
    store.add([rec("1", user="carol"), rec("2", user="alice", tier="long"), rec("3", user="bob")])
    store.add([rec("4", user="alice"), rec("5", user="carol", tier="long")])
    assert store.users() == ["alice", "bob", "carol"]


def test_tally_counts_by_tier_kind_and_validity_for_a_user_a_space_or_everyone(store: MemoryStore) -> None:
    store.add(
        [
            rec("a1", user="acme::al"),
            rec("a2", user="acme::al", kind="summary"),
            rec("a3", user="acme::al", tier="long", kind="preference"),
            rec("a4", user="acme::al", valid_until=T0 + timedelta(days=1)),
            rec("b1", user="acme::bo", tier="long", kind="preference"),
            rec("c1", user="carol"),
            rec("x1", user="acme::team::x"),  # another space: a separator after the prefix
        ]
    )

    def as_dict(rows: list[tuple[Tier, Kind, bool, int]]) -> dict[tuple[str, str, bool], int]:
        return {(tier, kind, live): count for tier, kind, live, count in rows}

    assert as_dict(store.tally("acme::al")) == {
        ("short", "fact", True): 1,
        ("short", "summary", True): 1,
        ("long", "preference", True): 1,
        ("short", "fact", False): 1,
    }
    acme = as_dict(store.tally(UserSpace("acme::", "::")))
    assert acme[("long", "preference", True)] == 2 and sum(acme.values()) == 5
    assert sum(as_dict(store.tally(UserSpace("", "::"))).values()) == 1  # carol, the default space
    assert sum(as_dict(store.tally(None)).values()) == 7
    assert store.tally("nobody") == []


# -- page_records / count_records ----------------------------------------------------------------


def _created(rid: str, minutes: int, **fields: object) -> MemoryRecord:
    return replace(rec(rid, **fields), created_at=T0 + timedelta(minutes=minutes))  # type: ignore[arg-type]


def _paging_fixture(store: MemoryStore) -> list[str]:
    """alice's still-valid short-term records, and what else a page of them must leave out; returns
    their ids newest first: by created_at, then by id where two were created at the same moment."""
    store.add(
        [
            _created("a", 0),
            _created("c", 5),
            _created("b", 5),  # same moment as "c": the id decides
            _created("d", 5, kind="preference"),
            _created("e", 9),
            _created("f", 1),
            _created("closed", 7, valid_until=T0 + timedelta(days=1)),
            _created("long", 8, tier="long"),
            _created("bob", 6, user="bob"),
        ]
    )
    return ["e", "d", "c", "b", "f", "a"]


def test_page_records_newest_first_by_time_then_id(store: MemoryStore) -> None:
    newest_first = _paging_fixture(store)
    assert [r.id for r in store.page_records("alice", "short", 100)] == newest_first
    assert [r.id for r in store.page_records("alice", "short", 2)] == ["e", "d"]
    assert [r.id for r in store.page_records("alice", "long", 100)] == ["long"]
    assert [r.id for r in store.page_records("alice", "short", 100, kind="fact")] == ["e", "c", "b", "f", "a"]
    assert store.page_records("carol", "short", 100) == []
    (first,) = store.page_records("alice", "short", 1)
    assert first == store.get("e")  # whole records, every field


def test_page_records_from_a_cursor_in_both_directions(store: MemoryStore) -> None:
    newest_first = _paging_fixture(store)
    key = {rid: RecordKey(r.created_at, r.id) for rid, r in store.get_many(newest_first).items()}
    # Older than "d": the next rows after it, even those created at the same moment.
    assert [r.id for r in store.page_records("alice", "short", 2, cursor=Cursor(key["d"]))] == ["c", "b"]
    assert [r.id for r in store.page_records("alice", "short", 9, cursor=Cursor(key["b"]))] == ["f", "a"]
    assert store.page_records("alice", "short", 9, cursor=Cursor(key["a"])) == []
    # Newer than "f": the nearest ones, still newest first.
    newer_than_f = store.page_records("alice", "short", 2, cursor=Cursor(key["f"], newer=True))
    assert [r.id for r in newer_than_f] == ["c", "b"]
    newer_than_b = store.page_records("alice", "short", 9, cursor=Cursor(key["b"], newer=True))
    assert [r.id for r in newer_than_b] == ["e", "d", "c"]
    assert store.page_records("alice", "short", 9, cursor=Cursor(key["e"], newer=True)) == []
    # A key of no stored record is a place in the order all the same.
    between = RecordKey(T0 + timedelta(minutes=5), "bz")
    assert [r.id for r in store.page_records("alice", "short", 9, cursor=Cursor(between))] == ["b", "f", "a"]
    with_kind = store.page_records("alice", "short", 9, kind="fact", cursor=Cursor(key["e"]))
    assert [r.id for r in with_kind] == ["c", "b", "f", "a"]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7])
def test_walking_every_page_meets_each_record_once(store: MemoryStore, size: int) -> None:
    newest_first = _paging_fixture(store)
    seen: list[str] = []
    cursor: Cursor[RecordKey] | None = None
    while page := store.page_records("alice", "short", size, cursor=cursor):
        seen += [r.id for r in page]
        cursor = Cursor(RecordKey(page[-1].created_at, page[-1].id))
    assert seen == newest_first


def test_count_records_counts_what_page_records_pages(store: MemoryStore) -> None:
    newest_first = _paging_fixture(store)
    assert store.count_records("alice", "short") == len(newest_first) == 6
    assert store.count_records("alice", "short", kind="preference") == 1
    assert store.count_records("alice", "long") == 1 and store.count_records("carol", "short") == 0
    c = store.get("c")
    assert c is not None
    assert store.count_records("alice", "short", newer_than=RecordKey(c.created_at, c.id)) == 2  # e, d
    assert store.count_records("alice", "short", kind="fact", newer_than=RecordKey(c.created_at, c.id)) == 1


# -- vectors ------------------------------------------------------------------------------------


def test_missing_vectors_oldest_first_with_limit(store: MemoryStore) -> None:
    store.add([rec("a", tier="long"), rec("b"), rec("c", tier="long"), rec("d")])
    assert [r.id for r in store.missing_vectors(10)] == ["a", "b", "c", "d"]
    assert [r.id for r in store.missing_vectors(3)] == ["a", "b", "c"]

    store.set_vectors(["b", "c"], np.stack([E0, E1]), MODEL)

    assert [r.id for r in store.missing_vectors(10)] == ["a", "d"]
    store.set_vectors(["a", "d"], np.stack([E1, E2]), MODEL)
    assert store.missing_vectors(10) == []


def test_set_vectors_records_the_model(store: MemoryStore) -> None:
    store.add([rec("a"), rec("b", tier="long")])
    store.set_vectors(["a", "b"], np.stack([E0, E1]), MODEL)
    assert store.get("a").embedding_model == MODEL  # type: ignore[union-attr]
    assert store.get("b").embedding_model == MODEL  # type: ignore[union-attr]


def test_set_vectors_length_mismatch_raises(store: MemoryStore) -> None:
    store.add([rec("a"), rec("b")])
    with pytest.raises(InvalidInput):
        store.set_vectors(["a", "b"], np.stack([E0]), MODEL)
    assert len(store.missing_vectors(10)) == 2


def test_set_vectors_accepts_float64_and_non_contiguous(store: MemoryStore) -> None:
    store.add([rec("a"), rec("b")])
    wide = np.zeros((2, DIM * 2), dtype=np.float64)
    wide[:, ::2] = np.stack([E0, E1])
    matrix = wide[:, ::2]
    assert not matrix.flags.c_contiguous
    store.set_vectors(["a", "b"], matrix, MODEL)  # type: ignore[arg-type]
    hits = store.search_vector(where(), E1, 2)
    assert ids(hits) == ["b", "a"]
    assert hits[0][1] == pytest.approx(1.0, abs=1e-6)


# -- search_vector ------------------------------------------------------------------------------


def _ranked_fixture(store: MemoryStore) -> None:
    # Cosines with E0: a 1.0, b 0.7071, c 0.4472, d 0.0, e -1.0 (inserted out of order).
    add_with_vectors(
        store,
        [
            (rec("d"), E1),
            (rec("b"), unit(1.0, 1.0)),
            (rec("e"), unit(-1.0)),
            (rec("a"), E0),
            (rec("c"), unit(1.0, 2.0)),
        ],
    )


def test_search_vector_exact_cosine_order(store: MemoryStore) -> None:
    _ranked_fixture(store)
    hits = store.search_vector(where(), E0, 5)
    assert ids(hits) == ["a", "b", "c", "d", "e"]
    expected = [1.0, 1 / np.sqrt(2), 1 / np.sqrt(5), 0.0, -1.0]
    assert [score for _, score in hits] == pytest.approx(expected, abs=1e-6)
    assert all(isinstance(score, float) for _, score in hits)


def test_vectors_of_returns_stored_vectors_of_one_user(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a"), E0), (rec("b"), E1), (rec("z", user="zed"), E0)])
    found = store.vectors_of("alice", ["a", "b", "z", "unknown"])
    assert set(found) == {"a", "b"}
    assert found["a"] == pytest.approx(E0)
    assert store.vectors_of("alice", []) == {}


def test_speakers_are_the_roles_of_one_users_records(store: MemoryStore) -> None:
    add_with_vectors(
        store,
        [
            (rec("a", kind="turn", role="Caroline"), E0),
            (rec("b", kind="turn", role="user"), E1),
            (rec("c"), E0),
            (rec("z", user="zed", kind="turn", role="Melanie"), E0),
        ],
    )
    assert store.speakers("alice") == {"Caroline", "user"}
    assert store.speakers("nobody") == set()


def test_search_vector_top_k(store: MemoryStore) -> None:
    _ranked_fixture(store)
    assert ids(store.search_vector(where(), E0, 2)) == ["a", "b"]
    assert ids(store.search_vector(where(), E1, 1)) == ["d"]


def test_search_vector_k_larger_than_available(store: MemoryStore) -> None:
    _ranked_fixture(store)
    hits = store.search_vector(where(), E0, 100)
    assert ids(hits) == ["a", "b", "c", "d", "e"]


def test_search_vector_k_zero(store: MemoryStore) -> None:
    _ranked_fixture(store)
    assert store.search_vector(where(), E0, 0) == []


def test_search_vector_filters_by_user(store: MemoryStore) -> None:
    add_with_vectors(
        store,
        [(rec("alice-1", user="alice"), unit(1.0, 1.0)), (rec("bob-1", user="bob"), E0)],
    )
    assert ids(store.search_vector(where(user="alice"), E0, 5)) == ["alice-1"]
    assert ids(store.search_vector(where(user="bob"), E0, 5)) == ["bob-1"]
    assert store.search_vector(where(user="carol"), E0, 5) == []


def test_search_vector_filters_by_tier(store: MemoryStore) -> None:
    add_with_vectors(
        store,
        [(rec("s", tier="short"), E0), (rec("l", tier="long"), unit(1.0, 1.0))],
    )
    assert ids(store.search_vector(where(tiers=("short",)), E0, 5)) == ["s"]
    assert ids(store.search_vector(where(tiers=("long",)), E0, 5)) == ["l"]
    assert ids(store.search_vector(where(tiers=("short", "long")), E0, 5)) == ["s", "l"]


def test_search_vector_filters_by_kinds(store: MemoryStore) -> None:
    add_with_vectors(
        store,
        [
            (rec("t", kind="turn"), E0),
            (rec("f", kind="fact"), unit(1.0, 1.0)),
            (rec("p", kind="preference"), unit(1.0, 2.0)),
        ],
    )
    assert ids(store.search_vector(where(kinds=("fact", "preference")), E0, 5)) == ["f", "p"]
    assert ids(store.search_vector(where(kinds=("turn",)), E0, 5)) == ["t"]
    assert store.search_vector(where(kinds=("pattern",)), E0, 5) == []


def test_search_vector_validity_window(store: MemoryStore) -> None:
    start, end = T0, T0 + timedelta(days=10)
    add_with_vectors(
        store,
        [
            (rec("window", valid_from=start, valid_until=end), E0),
            (rec("forever", valid_from=start), unit(1.0, 1.0)),
        ],
    )

    def found(at: datetime) -> list[str]:
        return ids(store.search_vector(where(at=at), E0, 5))

    assert found(start - timedelta(seconds=1)) == [], "not valid before valid_from"
    assert found(start) == ["window", "forever"], "valid_from is inclusive"
    assert found(end - timedelta(seconds=1)) == ["window", "forever"]
    assert found(end) == ["forever"], "valid_until is exclusive"
    assert found(end + timedelta(days=365)) == ["forever"]


def test_search_vector_sees_vectors_added_after_a_search(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a"), E1)])
    assert ids(store.search_vector(where(), E0, 5)) == ["a"]  # warm any cache
    add_with_vectors(store, [(rec("b"), E0)])
    store.add([rec("no-vector")])
    assert ids(store.search_vector(where(), E0, 5)) == ["b", "a"]


def test_search_vector_after_re_embedding_returns_each_record_once(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a"), E0), (rec("b"), E1)])
    assert ids(store.search_vector(where(), E0, 5)) == ["a", "b"]  # warm any cache
    store.set_vectors(["a"], np.stack([E2]), "test-model-v2")
    hits = store.search_vector(where(), E2, 5)
    assert ids(hits) == ["a", "b"]
    assert hits[0][1] == pytest.approx(1.0, abs=1e-6)


def test_search_vector_dimension_mismatch_raises(store: MemoryStore) -> None:
    add_with_vectors(store, [(rec("a"), E0)])
    with pytest.raises(InvalidInput):
        store.search_vector(where(), np.ones(DIM + 1, dtype=np.float32), 5)


# -- search_keyword -----------------------------------------------------------------------------


def test_search_keyword_cjk(store: MemoryStore) -> None:
    store.add(
        [
            rec("coffee", "用户喜欢喝美式咖啡"),
            rec("tea", "用户喜欢喝绿茶"),
            rec("latte", "他昨天点了一杯拿铁咖啡"),
        ]
    )
    terms = query_terms("美式咖啡")
    assert terms
    hits = store.search_keyword(where(), terms, 5)
    assert ids(hits)[0] == "coffee", "the record with every query term ranks first"
    assert "tea" not in ids(hits)
    assert set(ids(hits)) == {"coffee", "latte"}


def test_search_keyword_scores_are_positive_and_best_first(store: MemoryStore) -> None:
    store.add(
        [
            rec("one", "coffee"),
            rec("two", "coffee with milk and more coffee, coffee"),
            rec("none", "green tea"),
            rec("filler-1", "bread"),
            rec("filler-2", "butter"),
        ]
    )
    hits = store.search_keyword(where(), ["coffee", "milk"], 5)
    assert ids(hits) == ["two", "one"]
    scores = [score for _, score in hits]
    assert all(score > 0 for score in scores)
    assert scores == sorted(scores, reverse=True)


def test_search_keyword_english_porter_stemming(store: MemoryStore) -> None:
    store.add(
        [
            rec("run", "I run every day"),
            rec("running", "new running shoes"),
            rec("runner", "the runner ran"),
        ]
    )
    # Porter folds run/runs/running together; "runner" and "ran" are other stems.
    for word in ("running", "run", "runs"):
        assert set(ids(store.search_keyword(where(), [word], 5))) == {"run", "running"}, word
    assert ids(store.search_keyword(where(), ["ran"], 5)) == ["runner"]


def test_search_keyword_is_case_insensitive(store: MemoryStore) -> None:
    store.add([rec("a", "Order SF123456 shipped")])
    assert ids(store.search_keyword(where(), ["sf123456"], 5)) == ["a"]
    assert ids(store.search_keyword(where(), ["SHIPPED"], 5)) == ["a"]


def test_search_keyword_indexes_a_named_speaker(store: MemoryStore) -> None:
    store.add([rec("a", "likes jazz", role="Caroline"), rec("b", "likes rock", role="user")])
    assert ids(store.search_keyword(where(), ["caroline"], 5)) == ["a"]
    assert store.search_keyword(where(), ["user"], 5) == [], "generic roles are not indexed"


def test_search_keyword_user_isolation(store: MemoryStore) -> None:
    store.add([rec("a", "espresso", user="alice"), rec("b", "espresso", user="bob", tier="long")])
    assert ids(store.search_keyword(where(user="alice"), ["espresso"], 5)) == ["a"]
    assert ids(store.search_keyword(where(user="bob"), ["espresso"], 5)) == ["b"]
    assert store.search_keyword(where(user="carol"), ["espresso"], 5) == []


def test_search_keyword_validity_filter(store: MemoryStore) -> None:
    start, end = T0, T0 + timedelta(days=10)
    store.add([rec("w", "espresso", valid_from=start, valid_until=end), rec("f", "espresso machine")])

    def found(at: datetime) -> set[str]:
        return set(ids(store.search_keyword(where(at=at), ["espresso"], 5)))

    assert found(start - timedelta(seconds=1)) == set()
    assert found(start) == {"w", "f"}
    assert found(end - timedelta(seconds=1)) == {"w", "f"}
    assert found(end) == {"f"}


def test_search_keyword_tier_and_kind_filters(store: MemoryStore) -> None:
    store.add(
        [
            rec("s-turn", "espresso", tier="short", kind="turn"),
            rec("l-fact", "espresso", tier="long", kind="fact"),
            rec("l-pref", "espresso", tier="long", kind="preference"),
        ]
    )
    assert set(ids(store.search_keyword(where(tiers=("short",)), ["espresso"], 5))) == {"s-turn"}
    assert set(ids(store.search_keyword(where(tiers=("long",)), ["espresso"], 5))) == {"l-fact", "l-pref"}
    assert set(ids(store.search_keyword(where(kinds=("preference", "turn")), ["espresso"], 5))) == {
        "s-turn",
        "l-pref",
    }
    assert store.search_keyword(where(kinds=("pattern",)), ["espresso"], 5) == []


def test_search_keyword_k_limits_results(store: MemoryStore) -> None:
    store.add([rec(f"r{i}", f"espresso number {i}") for i in range(6)])
    assert len(store.search_keyword(where(), ["espresso"], 4)) == 4
    assert len(store.search_keyword(where(), ["espresso"], 100)) == 6


def test_search_keyword_empty_terms(store: MemoryStore) -> None:
    store.add([rec("a", "espresso")])
    assert store.search_keyword(where(), [], 5) == []
    assert store.search_keyword(where(), query_terms("what is the"), 5) == []


@pytest.mark.parametrize("term", ['say "hi"', "AND", "NOT", "c++", "*", "NEAR", "(x)", "a:b"])
def test_search_keyword_terms_are_text_not_query_syntax(store: MemoryStore, term: str) -> None:
    store.add([rec("a", 'We say "hi" and NOT bye to c++ fans')])
    hits = store.search_keyword(where(), [term], 5)  # must not raise
    assert set(ids(hits)) <= {"a"}


# -- meta ---------------------------------------------------------------------------------------


def test_meta_get_set_overwrite(store: MemoryStore) -> None:
    assert store.get_meta("embedding_model") is None
    store.set_meta("embedding_model", "e5-small")
    store.set_meta("other", "值")
    assert store.get_meta("embedding_model") == "e5-small"
    store.set_meta("embedding_model", "hash-ngram-512")
    assert store.get_meta("embedding_model") == "hash-ngram-512"
    assert store.get_meta("other") == "值"


# -- persistence --------------------------------------------------------------------------------


def test_reopened_store_keeps_everything(
    store: MemoryStore, reopen: Callable[[MemoryStore], MemoryStore]
) -> None:
    full = rec(
        "a",
        "用户喜欢喝美式咖啡",
        tier="long",
        kind="preference",
        entities={"drink": "美式"},
        source_ids=("t1",),
    )
    add_with_vectors(store, [(full, E0), (rec("b", "green tea", user="bob"), E1)])
    store.add([rec("pending", "not embedded yet")])
    store.set_meta("embedding_model", MODEL)
    before_vector = store.search_vector(where(), E0, 5)
    before_records = store.list_records()

    store = reopen(store)

    assert store.list_records() == before_records
    assert store.get("a") == dataclasses.replace(full, embedding_model=MODEL)
    assert store.users() == ["alice", "bob"]
    assert store.get_meta("embedding_model") == MODEL
    assert store.search_vector(where(), E0, 5) == before_vector
    assert ids(store.search_vector(where(user="bob"), E0, 5)) == ["b"]
    assert [r.id for r in store.missing_vectors(10)] == ["pending"]
    assert ids(store.search_keyword(where(), query_terms("美式咖啡"), 5)) == ["a"]

    store.add([rec("after")])
    assert [r.id for r in store.list_records()] == ["a", "b", "pending", "after"], (
        "records added after reopening come after the old ones"
    )


# -- the write path's needs: slots, citations, atomic writes, queue, log ---------------------------


def test_open_slot_and_citing(store: MemoryStore) -> None:
    store.add(
        [
            rec("f1", "budget 5000", slot="budget|", source_ids=("t1",)),
            rec("f2", "budget 8000", slot="budget|", source_ids=("t2",), valid_until=NOW),
            rec("s1", "summary", kind="summary", source_ids=("t1", "t9")),
            rec("x", "other user's", user="bob", slot="budget|", source_ids=("t1",)),
        ]
    )
    assert ids([(r.id, 0.0) for r in store.open_slot("alice", "budget|")]) == ["f1"]
    assert {r.id for r in store.citing("alice", "t1")} == {"f1", "s1"}
    assert store.citing("alice", "t") == []  # whole ids only, not prefixes


def test_apply_write_is_all_or_nothing(store: MemoryStore) -> None:
    store.add([rec("a")])
    entry = store.enqueue("observe", {"user_id": "alice", "text": "x"}, T0)
    with pytest.raises(InvalidInput):
        store.apply_write(add=[rec("b"), rec("a")], done=entry)  # "a" exists: the whole write fails
    assert store.get("b") is None and [e.id for e in store.due(None)] == [entry]
    store.apply_write(add=[rec("b")], update=[replace(store.get("a"), text="changed")], done=entry)  # type: ignore[arg-type]
    assert store.get("b") is not None and store.get("a").text == "changed"  # type: ignore[union-attr]
    assert store.due(None) == []


def test_queue_retry_dead_letter_and_requeue(store: MemoryStore) -> None:
    entry = store.enqueue("remember", {"user_id": "alice", "text": "hello"}, T0)
    store.fail(entry, "boom", T0 + timedelta(seconds=2), T0)
    (waiting,) = store.due(None)
    assert (waiting.attempts, waiting.last_error) == (1, "boom")
    assert store.due(T0) == [] and len(store.due(T0 + timedelta(seconds=3))) == 1
    store.fail(entry, "boom again", None, T0)
    assert store.due(None) == [] and [e.id for e in store.dead_letters()] == [entry]
    assert store.requeue(entry, T0) and store.dead_letters() == []
    assert store.due(None)[0].payload == {"user_id": "alice", "text": "hello"}
    assert not store.requeue(entry, T0)


def test_write_log_round_trip(store: MemoryStore) -> None:
    from hindsight.models import WriteLogEntry

    entry = WriteLogEntry("alice", "refused", "secret", "abc123", T0, "remember", "slot=x")
    store.log_writes([entry, replace(entry, user_id="bob")])
    assert store.write_log("alice") == [entry]
    assert len(store.write_log()) == 2


def test_search_entities_normalises_and_counts_matches(store: MemoryStore) -> None:
    store.add(
        [
            rec("a", entities={"order_id": "SF123456", "product": "耳机"}),
            rec("b", entities={"order_id": "SF654321"}),
            rec("c", entities={"order_id": "SF123456"}, valid_until=T0 + timedelta(hours=1)),
            rec("d", entities={"order_id": "SF123456"}, user="bob"),
        ]
    )
    found = store.search_entities(where(), ["sf-123 456", "耳机", "nothing"], 10)
    assert found == [("a", 2.0)]
    assert store.search_entities(where(at=T0 + timedelta(minutes=1)), ["SF123456"], 10)[0][0] in {"a", "c"}
    assert store.search_entities(where(), [], 10) == []


def test_search_time_in_range_most_recent_first(store: MemoryStore) -> None:
    def at(hours: int, rid: str) -> MemoryRecord:
        moment = T0 + timedelta(hours=hours)
        return replace(rec(rid), event_time=moment, created_at=moment, valid_from=moment)

    store.add([at(1, "a"), at(5, "b"), at(30, "c")])
    found = store.search_time(where(at=T0 + timedelta(days=3)), T0, T0 + timedelta(days=1), 10)
    assert ids(found) == ["b", "a"] and found[0][1] > found[1][1]


def test_count_logged_counts_one_users_entries_with_that_detail(store: MemoryStore) -> None:
    from hindsight.models import WriteLogEntry

    entry = WriteLogEntry("alice", "refused", "unverified", "h", T0, "observe", "carrier|=中通")
    store.log_writes([entry, entry, replace(entry, user_id="bob"), replace(entry, detail="carrier|=顺丰")])
    assert store.count_logged("alice", "carrier|=中通") == 2
    assert store.count_logged("alice", "nothing") == 0


def _log_fixture(store: Store) -> None:
    """Eight entries, numbered in this order, of users of the default tenant and of acme."""
    entry = WriteLogEntry("alice", "refused", "secret", "h", T0, "remember")
    store.log_writes(
        [
            entry,
            replace(entry, user_id="acme::bob"),
            replace(entry, action="skipped"),
            replace(entry, user_id="acme::bob::x"),  # no user of acme (nor of the default tenant)
            replace(entry, user_id="carol", action="promoted"),
            replace(entry, user_id="acme::dan", action="skipped"),
            replace(entry, action="promoted"),
            replace(entry, user_id="acmeX"),
        ]
    )


def _users(lines: list[LogLine]) -> list[str]:
    return [line.entry.user_id for line in lines]


def test_page_log_newest_first_by_user_space_and_action(store: Store) -> None:
    _log_fixture(store)
    everyone = store.page_log(None, 100)
    assert len(everyone) == 8 and [line.id for line in everyone] == sorted(
        (line.id for line in everyone), reverse=True
    )
    assert everyone[-1].entry == WriteLogEntry("alice", "refused", "secret", "h", T0, "remember")
    assert [line.entry.action for line in store.page_log("alice", 100)] == ["promoted", "skipped", "refused"]
    assert _users(store.page_log(UserSpace("acme::", "::"), 100)) == ["acme::dan", "acme::bob"]
    assert _users(store.page_log(UserSpace("", "::"), 100)) == ["acmeX", "alice", "carol", "alice", "alice"]
    guard = store.page_log(UserSpace("", "::"), 100, actions={"refused", "skipped"})
    assert [(line.entry.user_id, line.entry.action) for line in guard] == [
        ("acmeX", "refused"),
        ("alice", "skipped"),
        ("alice", "refused"),
    ]
    assert store.page_log(None, 100, actions=()) == []
    assert _users(store.page_log(None, 2)) == ["acmeX", "alice"]


def test_page_log_from_a_cursor_in_both_directions(store: Store) -> None:
    _log_fixture(store)
    numbers = [line.id for line in store.page_log(None, 100)]
    older = store.page_log(None, 3, cursor=Cursor(numbers[2]))
    assert [line.id for line in older] == numbers[3:6]
    newer = store.page_log(None, 3, cursor=Cursor(numbers[6], newer=True))
    assert [line.id for line in newer] == numbers[3:6]
    assert store.page_log(None, 3, cursor=Cursor(numbers[0], newer=True)) == []
    assert store.page_log(None, 3, cursor=Cursor(numbers[-1])) == []
    alice_before = store.page_log("alice", 9, cursor=Cursor(numbers[0]))
    assert [line.entry.action for line in alice_before] == ["promoted", "skipped", "refused"]


def test_count_log_counts_what_page_log_pages(store: Store) -> None:
    _log_fixture(store)
    numbers = [line.id for line in store.page_log(None, 100)]
    assert store.count_log(None) == 8 and store.count_log("alice") == 3
    assert store.count_log(UserSpace("acme::", "::")) == 2 and store.count_log(UserSpace("", "::")) == 5
    assert store.count_log(UserSpace("", "::"), actions={"skipped"}) == 1
    assert store.count_log(None, actions=[]) == 0
    assert store.count_log(None, newer_than=numbers[3]) == 3
    assert store.count_log("alice", actions={"refused"}, newer_than=numbers[-1]) == 0


# -- re-embedding and snapshots (reindex, backup and restore) ----------------------------------------


@pytest.fixture
def other_store(store: MemoryStore, tmp_path: Path, _backends: dict[str, _Backend]) -> Iterator[MemoryStore]:
    """A second, empty store of the same backend, in a directory of its own."""
    directory = tmp_path / "other"
    directory.mkdir()
    backend = _backends["other"] = _Backend(_backends["store"].name, directory)
    try:
        yield backend.open()
    finally:
        backend.close_all()


def test_stale_vector_ids_are_missing_or_other_models_vectors_oldest_first(store: MemoryStore) -> None:
    store.add([rec("a", tier="long"), rec("b"), rec("c", tier="long"), rec("d"), rec("e")])
    store.set_vectors(["a", "d"], np.stack([E0, E1]), MODEL)
    store.set_vectors(["b", "e"], np.stack([E1, E2]), "test-model-v2")
    assert store.stale_vector_ids(MODEL) == ["b", "c", "e"]
    assert store.stale_vector_ids("test-model-v2") == ["a", "c", "d"]
    store.set_vectors(["b", "c", "e"], np.stack([E0, E1, E2]), MODEL)
    assert store.stale_vector_ids(MODEL) == []
    store.update(replace(store.get("a"), text="new words"))  # type: ignore[arg-type]
    assert store.stale_vector_ids(MODEL) == ["a"], "a changed text drops the vector"


def test_delete_meta(store: MemoryStore) -> None:
    store.set_meta("reindex_target", "m2")
    store.set_meta("keep", "v")
    store.delete_meta("reindex_target")
    store.delete_meta("never-set")
    assert store.get_meta("reindex_target") is None
    assert store.get_meta("keep") == "v"


def _full_store(store: Store) -> None:
    """Records in both tiers (one closed, one without a vector), a log, a queue, a dead letter."""
    from hindsight.models import WriteLogEntry

    add_with_vectors(
        store,
        [
            (rec("a", "用户喜欢美式", tier="long", entities={"drink": "美式"}), E0),
            (rec("b", "old budget", valid_until=T0 + timedelta(hours=1), slot="budget|"), E1),
            (rec("c", "bob's note", user="bob"), E2),
        ],
    )
    store.add([rec("pending", "not embedded yet")])
    store.log_writes([WriteLogEntry("alice", "refused", "secret", "h1", T0, "remember", None)])
    dead = store.enqueue("remember", {"user_id": "alice", "text": "failed"}, T0)
    store.fail(dead, "boom", None, T0)
    store.enqueue("observe", {"user_id": "bob", "text": "waiting"}, T0 + timedelta(minutes=1))


def test_export_all_reads_everything(store: Store) -> None:
    _full_store(store)
    contents = store.export_all()
    assert contents.records == store.list_records()
    assert [r.id for r in contents.records] == ["a", "b", "c", "pending"]
    assert set(contents.vectors) == {"a", "b", "c"}
    assert contents.vectors["b"] == pytest.approx(E1)
    assert contents.write_log == store.write_log()
    assert contents.queue == store.due(None) and len(contents.queue) == 1
    assert contents.dead_letters == store.dead_letters() and len(contents.dead_letters) == 1


def test_import_all_into_an_empty_store_round_trips(store: Store, other_store: Store) -> None:
    _full_store(store)
    contents = store.export_all()
    other_store.import_all(contents)
    assert _same_contents(other_store.export_all(), contents)
    assert other_store.list_records() == store.list_records()
    assert [r.id for r in other_store.missing_vectors(10)] == ["pending"]
    assert "b" not in ids(other_store.search_vector(where(), E1, 5)), "the closed record stays closed"
    assert ids(other_store.search_vector(where(at=T0), E1, 1)) == ["b"]
    assert ids(other_store.search_keyword(where(), query_terms("美式"), 5)) == ["a"]
    assert other_store.search_entities(where(), ["美式"], 5) == [("a", 1.0)]
    assert other_store.users() == ["alice", "bob"]


def _same_contents(left: StoreContents, right: StoreContents) -> bool:
    """Equal, comparing the vectors by value (numpy arrays do not compare with ==)."""
    same_vectors = set(left.vectors) == set(right.vectors) and all(
        np.array_equal(left.vectors[rid], right.vectors[rid]) for rid in left.vectors
    )
    rest = (left.records, left.write_log, left.queue, left.dead_letters)
    return same_vectors and rest == (right.records, right.write_log, right.queue, right.dead_letters)


def test_import_all_keeps_queue_ids_and_new_writes_never_take_them(store: Store, other_store: Store) -> None:
    first = store.enqueue("remember", {"user_id": "alice", "text": "one"}, T0)
    dead = store.enqueue("remember", {"user_id": "alice", "text": "two"}, T0)
    store.fail(dead, "boom", None, T0)
    other_store.import_all(store.export_all())
    assert [e.id for e in other_store.due(None)] == [first]
    assert [e.id for e in other_store.dead_letters()] == [dead]
    fresh = other_store.enqueue("observe", {"user_id": "alice", "text": "three"}, T0)
    assert fresh > dead
    assert other_store.requeue(dead, T0), "the dead letter goes back into the queue under its own id"
    assert sorted(e.id for e in other_store.due(None)) == sorted([first, dead, fresh])


@pytest.mark.parametrize("holding", ["record", "log", "queued", "dead_letter"])
def test_import_all_refuses_a_store_that_is_not_empty(store: Store, other_store: Store, holding: str) -> None:
    from hindsight.models import WriteLogEntry

    _full_store(store)
    if holding == "record":
        other_store.add([rec("mine")])
    elif holding == "log":
        other_store.log_writes([WriteLogEntry("zed", "skipped", "chit-chat", "h", T0)])
    else:
        entry = other_store.enqueue("observe", {"user_id": "zed", "text": "x"}, T0)
        if holding == "dead_letter":
            other_store.fail(entry, "boom", None, T0)
    before = other_store.export_all()
    with pytest.raises(InvalidInput, match="not empty"):
        other_store.import_all(store.export_all())
    assert _same_contents(other_store.export_all(), before), "a refused import writes nothing"


def test_import_all_refuses_vectors_of_records_it_does_not_restore(store: Store) -> None:
    with pytest.raises(InvalidInput, match="ghost"):
        store.import_all(StoreContents(records=[rec("a")], vectors={"ghost": E0}))
    assert store.list_records() == []
