"""A store written by Hindsight as it landed before tenants had columns (schema 6, commit b5a1e47)
opens, migrates and keeps every record, tenant, log line, queued write and dead letter; a backup
file of that time (format 1) restores to the same memory. The fixtures were made by that commit's
own code (tests/fixtures/make_landed_store.py), and `landed-main-v6.json` is what its API reported."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.legacy import split_owner
from hindsight.models import Scope
from hindsight.stores.sqlite.schema import LATEST
from tests.stored import all_records, snapshot

FIXTURES = Path(__file__).parent / "fixtures"
REPORT: dict[str, Any] = json.loads((FIXTURES / "landed-main-v6.json").read_text(encoding="utf-8"))
QUEUED_ID = "queued0000000000000000000000000a"


def open_memory(home: Path) -> Memory:
    return Memory(settings=Settings(home=home, embedder="hash"), embedder=HashEmbedder(), background=False)


@pytest.fixture
def migrated(tmp_path: Path) -> Memory:
    home = tmp_path / "home"
    home.mkdir()
    shutil.copy(FIXTURES / "landed-main-v6.db", home / "memory.db")
    memory = open_memory(home)
    yield memory  # type: ignore[misc]
    memory.close()


def test_the_fixture_is_what_the_landed_main_wrote() -> None:
    assert REPORT["commit"] == "b5a1e47" and REPORT["schema_version"] == 6
    assert set(REPORT["users"]) == {"li", "sam", "acme::carol", "acme::li"}


def test_every_record_keeps_its_fields_and_gets_its_tenant(migrated: Memory) -> None:
    stored = {record.id: record for record in all_records(migrated)}
    for old in REPORT["records"]:
        record = stored[old["id"]]
        tenant, user = split_owner(old["user_id"])
        assert (record.tenant, record.user_id) == (tenant, user), old["id"]
        fields = ("tier", "kind", "text", "source_ids", "entities", "importance", "origin", "slot", "intent",
                  "context_id", "role", "session_id", "embedding_model", "hits")  # fmt: skip
        for name in fields:
            value = getattr(record, name)
            assert (list(value) if isinstance(value, tuple) else value) == old[name], (old["id"], name)
        for name in ("created_at", "event_time", "valid_from", "valid_until", "expires_at", "tier_since"):
            value = getattr(record, name)
            assert (value.isoformat() if value is not None else None) == old[name], (old["id"], name)
    # The one write the old process acknowledged and did not apply was applied at the first open.
    assert set(stored) == {old["id"] for old in REPORT["records"]} | {QUEUED_ID}
    assert (stored[QUEUED_ID].tenant, stored[QUEUED_ID].user_id) == ("acme", "carol")
    vectors = {record.id for record, vector in snapshot(migrated)[0] if vector is not None}
    assert set(REPORT["vectors"]) <= vectors


def test_tenants_are_scopes_now_and_never_meet(migrated: Memory) -> None:
    acme = migrated.for_tenant("acme")
    assert migrated.users() == ["li", "sam"]
    assert acme.users() == ["carol", "li"]
    assert [s.owner for s in migrated.scopes()] == ["acme::carol", "acme::li", "li", "sam"]
    acme_li = acme.recall("li", "green tea", count_hits=False).hits
    assert acme_li and all(hit.record.tenant == "acme" for hit in acme_li)
    assert all("green tea" not in hit.record.text for hit in migrated.recall("li", "green tea").hits)
    carol = acme.recall("carol", "which seat does carol prefer", count_hits=False).hits
    assert "window seats" in carol[0].record.text
    # By keyword too: the keyword index of a migrated tenant user still answers for them only.
    assert any(
        "AB987654" in hit.record.text for hit in acme.recall("carol", "AB987654", count_hits=False).hits
    )
    assert acme.recall("sam", "DHL", count_hits=False).hits == []


def test_the_log_the_queue_and_the_dead_letters_keep_their_tenants(migrated: Memory) -> None:
    log = migrated.write_log()
    assert [(e.tenant, e.user_id, e.action, e.reason) for e in log][: len(REPORT["write_log"])] == [
        (*split_owner(old["user_id"]), old["action"], old["reason"]) for old in REPORT["write_log"]
    ]
    waiting, dead = migrated.queue()
    assert waiting == []
    (letter,) = dead
    assert (letter.id, letter.tenant, letter.user_id) == (REPORT["dead_letters"][0]["id"], "acme", "dave")
    assert migrated.for_tenant("acme").dead_letters() == [letter]
    assert migrated.for_tenant("other").dead_letters() == []


def test_ids_derived_from_the_old_user_ids_still_hold(migrated: Memory) -> None:
    # Raw turns were named from the user id of the time: the same names come from the scope now.
    summary = next(r for r in all_records(migrated) if r.kind == "summary" and r.user_id == "li")
    for turn_id in summary.source_ids:
        assert migrated.get(turn_record_id(Scope("default", "li").owner, turn_id)).kind == "turn"
    acme_turn = next(
        old for old in REPORT["records"] if old["user_id"] == "acme::carol" and old["kind"] == "turn"
    )
    assert acme_turn["id"] == turn_record_id(Scope("acme", "carol").owner, acme_turn["source_ids"][0])
    # The lifecycle's review dates were kept under the same keys.
    assert migrated.backend.records.get_meta("lifecycle.review.acme::carol") == "2026-11-08T00:00:00"


def test_the_migrated_store_goes_on_working(migrated: Memory, tmp_path: Path) -> None:
    acme = migrated.for_tenant("acme")
    observed = acme.observe("carol", "c2", "user", "My new order CD112233 is on its way", turn_id="c-2")
    assert observed.persisted
    assert acme.get(turn_record_id("acme::carol", "c-2")).tenant == "acme"
    remembered = acme.remember("carol", "Carol's budget is 300", slot="budget")
    again = acme.remember("carol", "Carol's budget is 400", slot="budget")
    assert [r.id for r in again.closed] == [remembered.record.id]
    assert migrated.maintain(now="2026-12-01T00:00:00").users == 4  # dave has only a dead letter
    path = tmp_path / "after.jsonl"
    assert migrated.backup(path).counts["record"] == len(all_records(migrated))


def test_schema_is_the_latest_after_opening(migrated: Memory) -> None:
    conn = migrated.backend.records._db.conn  # type: ignore[attr-defined]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == LATEST
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"records", "generations", "open_events", "working_turns", "locks"} <= tables
    assert not {"memory_short", "memory_long"} & tables


def test_a_backup_of_that_time_restores_to_the_same_memory(migrated: Memory, tmp_path: Path) -> None:
    with open_memory(tmp_path / "restored") as restored:
        summary = restored.restore(FIXTURES / "landed-main-v6.backup.jsonl")
        assert summary.counts == {"record": 12, "log": 4, "queued": 1, "dead_letter": 1, "locality": 0}
        restored.process_queue()
        mine = {r.id: (r.tenant, r.user_id, r.text, r.tier, r.valid_until) for r in all_records(restored)}
        theirs = {r.id: (r.tenant, r.user_id, r.text, r.tier, r.valid_until) for r in all_records(migrated)}
        assert mine == theirs
        assert restored.for_tenant("acme").users() == ["carol", "li"]
        assert [(e.tenant, e.user_id) for e in restored.write_log()] == [
            (e.tenant, e.user_id) for e in migrated.write_log()
        ]
        assert [(e.id, e.tenant, e.user_id) for e in restored.queue()[1]] == [
            (e.id, e.tenant, e.user_id) for e in migrated.queue()[1]
        ]
