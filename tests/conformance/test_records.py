"""RecordStore: records of every tenant, user and tier; reads by id, by owner, by page; tallies; meta."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from hindsight.errors import InvalidInput, StaleWrite
from hindsight.models import Kind, MemoryRecord, Scope, Tenant, Tier
from hindsight.paging import Cursor, RecordKey
from hindsight.stores.base import Change, Generation
from hindsight.stores.registry import Backend
from hindsight.text import query_terms

from .backends import Site
from .kit import (
    ACME_ALICE,
    ACME_BOB,
    ALICE,
    BOB,
    E0,
    E1,
    MODEL,
    NOW,
    T0,
    add,
    add_with_vectors,
    current,
    delete,
    ids,
    rec,
    record_ids,
    update,
    where,
)


def test_empty_store(backend: Backend) -> None:
    assert backend.records.get_many(["nope"]) == {}
    assert backend.records.get_many([]) == {}
    assert list(backend.records.scan()) == []
    assert backend.records.scopes() == []
    assert backend.records.tally(None) == []
    assert backend.records.page_records(ALICE, "short", 10) == []
    assert backend.records.count_records(ALICE, "short") == 0
    assert backend.records.generation(ALICE) == Generation(0, 0)
    assert backend.records.get_meta("anything") is None
    assert backend.vectors.pending(10) == []
    assert backend.vectors.search_vector(where(), E0, 5) == []
    assert backend.keywords.search_keyword(where(), ["coffee"], 5) == []


def test_add_round_trips_every_field(backend: Backend) -> None:
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
        last_hit_at=T0 + timedelta(minutes=5, microseconds=250_000),
        origin="llm",
        embedding_model=None,
        slot="drink|",
        intent="preference",
        context_id="t0",
        tier_since=T0 + timedelta(hours=1),
    )
    add(backend, record)
    stored = current(backend, "r1")
    assert stored == record
    assert stored.version == 1 and stored.tenant == "acme"
    assert [r.id for r in backend.records.scan(ACME_ALICE)] == ["r1"]
    assert list(backend.records.scan(ALICE)) == [], "the tenant is part of whose record it is"


def test_add_defaults_round_trip(backend: Backend) -> None:
    record = rec("r1")
    add(backend, record)
    stored = current(backend, "r1")
    assert stored == record
    assert stored.valid_until is None and stored.entities == {} and stored.source_ids == ()
    assert stored.tenant == "default" and stored.version == 1


def test_an_empty_change_writes_nothing(backend: Backend) -> None:
    assert Change().empty
    backend.records.apply(Change())
    assert list(backend.records.scan()) == []
    assert backend.records.generation(ALICE) == Generation(0, 0)


def test_adding_an_existing_id_fails_the_whole_change(backend: Backend) -> None:
    add(backend, rec("a"))
    with pytest.raises(InvalidInput):
        backend.records.apply(Change(add=(rec("b"), rec("a", "another text"))))
    assert record_ids(list(backend.records.scan())) == ["a"]
    assert current(backend, "a").text == "record a"
    with pytest.raises(InvalidInput):
        add(backend, rec("a", scope=ACME_ALICE))  # ids are unique across tenants and users
    assert backend.keywords.search_keyword(where(), ["another"], 5) == []


def test_get_many_across_tiers_skips_unknown_ids(backend: Backend) -> None:
    add(backend, rec("s1", tier="short"), rec("l1", tier="long"), rec("s2", scope=ACME_BOB))
    found = backend.records.get_many(["l1", "missing", "s1", "l1", "s2"])
    assert set(found) == {"l1", "s1", "s2"}, "get_many reads any owner's records"
    assert found["l1"].tier == "long" and found["s1"].tier == "short"
    assert found["s2"].scope == ACME_BOB


def test_get_many_and_scan_many_records(backend: Backend) -> None:
    records = [rec(f"r{i:04d}") for i in range(1203)]
    add(backend, *records)
    found = backend.records.get_many([r.id for r in records])
    assert len(found) == 1203 and found["r1202"].text == "record r1202"
    scanned = record_ids(list(backend.records.scan(ALICE)))
    assert scanned == [r.id for r in records], "a scan in chunks keeps the order and misses nothing"


# -- update / delete ----------------------------------------------------------------------------


def test_update_changes_fields_in_place_and_moves_the_version(backend: Backend) -> None:
    add(backend, rec("a"), rec("b"), rec("c"))
    changed = replace(current(backend, "b"), importance=0.9, hits=7, entities={"k": "v"}, slot="k|")
    update(backend, changed)
    stored = current(backend, "b")
    assert stored == replace(changed, version=2)
    update(backend, replace(stored, importance=0.1))
    assert current(backend, "b").version == 3, "every change moves the version by one"
    assert record_ids(list(backend.records.scan())) == ["a", "b", "c"], "an update keeps the position"
    assert current(backend, "a").version == 1


def test_update_changing_tier_keeps_the_vector(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a"), E0), (rec("b"), E1)])
    assert ids(backend.vectors.search_vector(where(tiers=("short",)), E1, 3))[0] == "b"  # warm any cache

    update(backend, replace(current(backend, "b"), tier="long", tier_since=NOW))

    assert record_ids(list(backend.records.scan(tier="short"))) == ["a"]
    assert record_ids(list(backend.records.scan(tier="long"))) == ["b"]
    hits = backend.vectors.search_vector(where(tiers=("long",)), E1, 3)
    assert ids(hits) == ["b"] and hits[0][1] == pytest.approx(1.0, abs=1e-6)
    assert "b" not in ids(backend.vectors.search_vector(where(tiers=("short",)), E1, 3))
    assert backend.vectors.pending(10) == [], "moving a record must not lose its vector"
    assert current(backend, "b").embedding_model == MODEL
    assert ids(backend.keywords.search_keyword(where(tiers=("long",)), ["record", "b"], 5)) == ["b"]


def test_update_closing_validity_hides_the_record(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a", "likes tea"), E0), (rec("b", "likes coffee"), E1)])
    assert "a" in ids(backend.vectors.search_vector(where(), E0, 5))

    update(backend, replace(current(backend, "a"), valid_until=T0 + timedelta(hours=1)))

    assert record_ids(list(backend.records.scan(include_closed=False))) == ["b"]
    assert record_ids(list(backend.records.scan(include_closed=True))) == ["a", "b"]
    assert "a" not in ids(backend.vectors.search_vector(where(at=NOW), E0, 5))
    assert ids(backend.vectors.search_vector(where(at=T0 + timedelta(minutes=30)), E0, 1)) == ["a"]
    assert backend.keywords.search_keyword(where(at=NOW), ["tea"], 5) == []
    assert ids(backend.keywords.search_keyword(where(at=T0 + timedelta(minutes=30)), ["tea"], 5)) == ["a"]


def test_update_reindexes_changed_text_and_entities(backend: Backend) -> None:
    add_with_vectors(backend, [(rec("a", "old words about tea", entities={"drink": "tea"}), E0)])
    update(backend, replace(current(backend, "a"), text="fresh banana bread", entities={"food": "banana"}))
    assert ids(backend.keywords.search_keyword(where(), ["banana"], 5)) == ["a"]
    assert backend.keywords.search_keyword(where(), ["tea"], 5) == []
    assert backend.search.search_entities(where(), ["tea"], 5) == []
    assert backend.search.search_entities(where(), ["BANANA"], 5) == [("a", 1.0)]
    assert record_ids(backend.vectors.pending(5)) == ["a"], "a changed text drops the vector"
    assert current(backend, "a").embedding_model is None
    assert backend.vectors.search_vector(where(), E0, 5) == []


def test_update_of_an_unknown_record_is_stale(backend: Backend) -> None:
    with pytest.raises(StaleWrite):
        update(backend, rec("ghost"))
    assert backend.records.get_many(["ghost"]) == {}


def test_delete_removes_the_record_from_every_index(backend: Backend) -> None:
    add_with_vectors(
        backend,
        [
            (rec("a", "espresso shots", entities={"drink": "espresso"}, kind="turn", role="Caroline"), E0),
            (rec("b", "green tea"), E1),
        ],
    )
    assert ids(backend.vectors.search_vector(where(), E0, 5))[0] == "a"  # warm any cache
    assert backend.search.speakers(ALICE) == {"Caroline"}

    delete(backend, current(backend, "a"))

    assert backend.records.get_many(["a"]) == {}
    assert record_ids(list(backend.records.scan())) == ["b"]
    assert "a" not in ids(backend.vectors.search_vector(where(), E0, 5))
    assert backend.vectors.vectors_of(ALICE, ["a"]) == {}
    assert backend.keywords.search_keyword(where(), ["espresso"], 5) == []
    assert backend.search.search_entities(where(), ["espresso"], 5) == []
    assert backend.search.speakers(ALICE) == set()
    with pytest.raises(StaleWrite):
        delete(backend, rec("a"))  # already gone
    with pytest.raises(StaleWrite):
        delete(backend, rec("never-existed"))


def test_deleting_a_users_last_record_removes_the_user(backend: Backend) -> None:
    add(backend, rec("a"), rec("b", scope=BOB, tier="long"))
    delete(backend, current(backend, "b"))
    assert backend.records.scopes() == [ALICE]


# -- scan / scopes / tally ----------------------------------------------------------------------


def test_scan_in_insertion_order_by_owner_and_tier(backend: Backend) -> None:
    add(backend, rec("z", tier="long"), rec("y", tier="short"))
    add(backend, rec("x", tier="long"), rec("v", scope=ACME_ALICE))
    add(backend, rec("w", tier="short", scope=BOB))
    scan = backend.records.scan
    assert record_ids(list(scan())) == ["z", "y", "x", "v", "w"]
    assert record_ids(list(scan(ALICE))) == ["z", "y", "x"]
    assert record_ids(list(scan(BOB))) == ["w"]
    assert record_ids(list(scan(ACME_ALICE))) == ["v"]
    assert record_ids(list(scan(Tenant("default")))) == ["z", "y", "x", "w"]
    assert record_ids(list(scan(Tenant("acme")))) == ["v"]
    assert record_ids(list(scan(tier="long"))) == ["z", "x"]
    assert record_ids(list(scan(ALICE, tier="short"))) == ["y"]
    assert list(scan(Scope("default", "carol"))) == [] and list(scan(Tenant("nobody"))) == []


def test_scan_include_closed(backend: Backend) -> None:
    add(
        backend,
        rec("open"),
        rec("closed", valid_until=T0 + timedelta(days=1)),
        rec("future-closed", tier="long", valid_until=T0 + timedelta(days=3650)),
    )
    assert record_ids(list(backend.records.scan())) == ["open", "closed", "future-closed"]
    assert record_ids(list(backend.records.scan(include_closed=False))) == ["open"]


def test_scopes_are_distinct_and_sorted_by_tenant_then_user(backend: Backend) -> None:
    carol = Scope("default", "carol")
    add(backend, rec("1", scope=carol), rec("2", tier="long"), rec("3", scope=BOB))
    add(backend, rec("4"), rec("5", scope=carol, tier="long"), rec("6", scope=ACME_BOB))
    add(backend, rec("7", scope=ACME_ALICE))
    assert backend.records.scopes() == [ACME_ALICE, ACME_BOB, ALICE, BOB, carol]
    assert backend.records.scopes("acme") == [ACME_ALICE, ACME_BOB]
    assert backend.records.scopes("default") == [ALICE, BOB, carol]
    assert backend.records.scopes("nobody") == []


def _as_dict(rows: list[tuple[Tier, Kind, bool, int]]) -> dict[tuple[str, str, bool], int]:
    return {(tier, kind, live): count for tier, kind, live, count in rows}


def test_tally_counts_by_tier_kind_and_validity_for_a_user_a_tenant_or_everyone(backend: Backend) -> None:
    al, bo = Scope("acme", "al"), Scope("acme", "bo")
    add(
        backend,
        rec("a1", scope=al),
        rec("a2", scope=al, kind="summary"),
        rec("a3", scope=al, tier="long", kind="preference"),
        rec("a4", scope=al, valid_until=T0 + timedelta(days=1)),
        rec("b1", scope=bo, tier="long", kind="preference"),
        rec("c1", scope=Scope("default", "carol")),
        rec("x1", scope=Scope("acme-team", "al")),  # another tenant, whose name starts alike
    )
    assert _as_dict(backend.records.tally(al)) == {
        ("short", "fact", True): 1,
        ("short", "summary", True): 1,
        ("long", "preference", True): 1,
        ("short", "fact", False): 1,
    }
    acme = _as_dict(backend.records.tally(Tenant("acme")))
    assert acme[("long", "preference", True)] == 2 and sum(acme.values()) == 5
    assert _as_dict(backend.records.tally(Tenant("default"))) == {("short", "fact", True): 1}
    assert sum(_as_dict(backend.records.tally(None)).values()) == 7
    assert backend.records.tally(Scope("default", "al")) == [], "al of acme is nobody in default"
    assert backend.records.tally(Scope("default", "nobody")) == []


# -- page_records / count_records ----------------------------------------------------------------


def _created(rid: str, minutes: int, **fields: object) -> MemoryRecord:
    return replace(rec(rid, **fields), created_at=T0 + timedelta(minutes=minutes))  # type: ignore[arg-type]


def _paging_fixture(backend: Backend) -> list[str]:
    """alice's still-valid short-term records, and what else a page of them must leave out; returns
    their ids newest first: by created_at, then by id where two were created at the same moment."""
    add(
        backend,
        _created("a", 0),
        _created("c", 5),
        _created("b", 5),  # same moment as "c": the id decides
        _created("d", 5, kind="preference"),
        _created("e", 9),
        _created("f", 1),
        _created("closed", 7, valid_until=T0 + timedelta(days=1)),
        _created("long", 8, tier="long"),
        _created("bob", 6, scope=BOB),
        _created("acme", 6, scope=ACME_ALICE),
    )
    return ["e", "d", "c", "b", "f", "a"]


def test_page_records_newest_first_by_time_then_id(backend: Backend) -> None:
    newest_first = _paging_fixture(backend)
    page = backend.records.page_records
    assert record_ids(page(ALICE, "short", 100)) == newest_first
    assert record_ids(page(ALICE, "short", 2)) == ["e", "d"]
    assert record_ids(page(ALICE, "long", 100)) == ["long"]
    assert record_ids(page(ALICE, "short", 100, kind="fact")) == ["e", "c", "b", "f", "a"]
    assert record_ids(page(ACME_ALICE, "short", 100)) == ["acme"]
    assert page(Scope("default", "carol"), "short", 100) == []
    (first,) = page(ALICE, "short", 1)
    assert first == current(backend, "e")  # whole records, every field


def test_page_records_from_a_cursor_in_both_directions(backend: Backend) -> None:
    newest_first = _paging_fixture(backend)
    key = {rid: RecordKey(r.created_at, r.id) for rid, r in backend.records.get_many(newest_first).items()}
    page = backend.records.page_records
    # Older than "d": the next rows after it, even those created at the same moment.
    assert record_ids(page(ALICE, "short", 2, cursor=Cursor(key["d"]))) == ["c", "b"]
    assert record_ids(page(ALICE, "short", 9, cursor=Cursor(key["b"]))) == ["f", "a"]
    assert page(ALICE, "short", 9, cursor=Cursor(key["a"])) == []
    # Newer than "f": the nearest ones, still newest first.
    assert record_ids(page(ALICE, "short", 2, cursor=Cursor(key["f"], newer=True))) == ["c", "b"]
    assert record_ids(page(ALICE, "short", 9, cursor=Cursor(key["b"], newer=True))) == ["e", "d", "c"]
    assert page(ALICE, "short", 9, cursor=Cursor(key["e"], newer=True)) == []
    # A key of no stored record is a place in the order all the same.
    between = RecordKey(T0 + timedelta(minutes=5), "bz")
    assert record_ids(page(ALICE, "short", 9, cursor=Cursor(between))) == ["b", "f", "a"]
    assert record_ids(page(ALICE, "short", 9, kind="fact", cursor=Cursor(key["e"]))) == ["c", "b", "f", "a"]


@pytest.mark.parametrize("size", [1, 2, 3, 4, 7])
def test_walking_every_page_both_ways_meets_each_record_once(backend: Backend, size: int) -> None:
    newest_first = _paging_fixture(backend)
    seen: list[str] = []
    cursor: Cursor[RecordKey] | None = None
    while rows := backend.records.page_records(ALICE, "short", size, cursor=cursor):
        seen += record_ids(rows)
        cursor = Cursor(RecordKey(rows[-1].created_at, rows[-1].id))
    assert seen == newest_first
    # And back up from the oldest, a page of newer rows at a time.
    oldest = current(backend, newest_first[-1])
    back: list[str] = []
    cursor = Cursor(RecordKey(oldest.created_at, oldest.id), newer=True)
    while rows := backend.records.page_records(ALICE, "short", size, cursor=cursor):
        back = record_ids(rows) + back
        cursor = Cursor(RecordKey(rows[0].created_at, rows[0].id), newer=True)
    assert back == newest_first[:-1]


def test_count_records_counts_what_page_records_pages(backend: Backend) -> None:
    newest_first = _paging_fixture(backend)
    count = backend.records.count_records
    assert count(ALICE, "short") == len(newest_first) == 6
    assert count(ALICE, "short", kind="preference") == 1
    assert count(ALICE, "long") == 1 and count(Scope("default", "carol"), "short") == 0
    assert count(ACME_ALICE, "short") == 1
    c = current(backend, "c")
    assert count(ALICE, "short", newer_than=RecordKey(c.created_at, c.id)) == 2  # e, d
    assert count(ALICE, "short", kind="fact", newer_than=RecordKey(c.created_at, c.id)) == 1


# -- meta ---------------------------------------------------------------------------------------


def test_meta_get_set_overwrite_and_remove(backend: Backend) -> None:
    meta = backend.records
    assert meta.get_meta("embedding_model") is None
    meta.set_meta("embedding_model", "e5-small")
    meta.set_meta("other", "值")
    assert meta.get_meta("embedding_model") == "e5-small"
    meta.set_meta("embedding_model", "hash-ngram-512")
    assert meta.get_meta("embedding_model") == "hash-ngram-512"
    meta.set_meta("embedding_model", None)
    meta.set_meta("never-set", None)
    assert meta.get_meta("embedding_model") is None and meta.get_meta("never-set") is None
    assert meta.get_meta("other") == "值"


def test_meta_through_a_change(backend: Backend) -> None:
    backend.records.set_meta("gone", "soon")
    backend.records.apply(Change(meta={"review": "2024-05-08", "gone": None}))
    assert backend.records.get_meta("review") == "2024-05-08"
    assert backend.records.get_meta("gone") is None


# -- persistence --------------------------------------------------------------------------------


def test_a_reopened_store_keeps_everything(site: Site, backend: Backend) -> None:
    full = rec(
        "a",
        "用户喜欢喝美式咖啡",
        tier="long",
        kind="preference",
        entities={"drink": "美式"},
        source_ids=("t1",),
    )
    add_with_vectors(backend, [(full, E0), (rec("b", "green tea", scope=BOB), E1)])
    add(backend, rec("pending", "not embedded yet"), rec("acme", scope=ACME_ALICE))
    update(backend, replace(current(backend, "pending"), importance=0.8))
    backend.records.set_meta("embedding_model", MODEL)
    before_vector = backend.vectors.search_vector(where(), E0, 5)
    before_records = list(backend.records.scan())
    before_generation = backend.records.generation(ALICE)

    backend = site.reopen(backend)

    assert list(backend.records.scan()) == before_records
    assert current(backend, "a") == replace(full, embedding_model=MODEL)
    assert current(backend, "pending").version == 2
    assert backend.records.scopes() == [ACME_ALICE, ALICE, BOB]
    assert backend.records.get_meta("embedding_model") == MODEL
    assert backend.records.generation(ALICE) == before_generation
    assert backend.vectors.search_vector(where(), E0, 5) == before_vector
    assert ids(backend.vectors.search_vector(where(BOB), E0, 5)) == ["b"]
    assert record_ids(backend.vectors.pending(10)) == ["pending", "acme"]
    assert ids(backend.keywords.search_keyword(where(), query_terms("美式咖啡"), 5)) == ["a"]

    add(backend, rec("after"))
    assert record_ids(list(backend.records.scan())) == ["a", "b", "pending", "acme", "after"], (
        "records added after reopening come after the old ones"
    )


def test_times_keep_microseconds_and_far_dates(backend: Backend) -> None:
    moment = datetime(2031, 12, 31, 23, 59, 59, 123_456)
    record = replace(rec("a"), created_at=moment, event_time=datetime(1999, 1, 1), valid_from=moment)
    add(backend, record)
    assert current(backend, "a") == record
