"""Maintenance racing a write: the maintainer plans a user's ledger from a read; a write that lands
before its Change (a hit count, an edit, a slot closed, a forget) moves a version, the store refuses
the Change (StaleWrite), and Maintainer.run plans again from what is stored now - so the final state
holds both the concurrent write and the maintenance, and a forgotten memory stays forgotten.

The race is made deterministic by a RecordStore that lets the concurrent write land just before the
maintainer's first Change; a threaded version then races them freely for a bounded number of rounds."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import Any

import pytest

from hindsight.errors import StaleWrite
from hindsight.lifecycle import MaintenanceReport, Policy
from hindsight.models import MemoryRecord, Scope
from hindsight.ops.maintain import Maintainer
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend
from hindsight.write.extract import RuleExtractor

from .backends import Site
from .kit import ALICE, T0, add, current, rec, update

MOMENT = T0 + timedelta(days=1)
"""When maintenance runs: the records are a day old, well inside their lifetime."""
GROUP = ("r1", "r2", "r3")
FILLERS = 150


def _recurring(scope: Scope, prefix: str = "") -> list[MemoryRecord]:
    """One order met in three sessions within the promotion window: maintenance promotes all three."""
    return [
        rec(
            f"{prefix}{rid}",
            f"Order SF1001 update number {n}: {word}",
            scope=scope,
            entities={"order_id": "SF1001"},
            session_id=f"s{n}",
        )
        for n, (rid, word) in enumerate(zip(GROUP, ("shipped", "delayed", "delivered"), strict=True), 1)
    ]


@dataclass
class RacingRecords:
    """The maintainer's RecordStore: just before the first Change that changes records goes through,
    `race` runs (another process's write); every apply's outcome is kept."""

    inner: Any
    race: Callable[[], None]
    outcomes: list[str] = field(default_factory=list)
    raced: bool = False

    def apply(self, change: Change) -> None:
        if not self.raced and (change.update or change.delete):
            self.raced = True
            self.race()
        try:
            self.inner.apply(change)
        except StaleWrite:
            self.outcomes.append("stale")
            raise
        self.outcomes.append("applied")

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _maintainer(backend: Backend) -> Maintainer:
    return Maintainer(backend, RuleExtractor(), "host:1:maintainer", Policy())


def _run(backend: Backend, race: Callable[[], None]) -> tuple[MaintenanceReport, list[str]]:
    racing = RacingRecords(backend.records, race)
    report = _maintainer(replace(backend, records=racing)).run(MOMENT, [ALICE])
    return report, racing.outcomes


@pytest.fixture
def pair(site: Site) -> tuple[Backend, Backend]:
    """The maintainer's instance and the writer's, on one store; the recurring order stored."""
    maintainer, writer = site.open(), site.open()
    add(maintainer, *_recurring(ALICE))
    return maintainer, writer


def test_without_a_race_maintenance_promotes_the_recurring_order(pair: tuple[Backend, Backend]) -> None:
    maintainer, _ = pair
    report, outcomes = _run(maintainer, lambda: None)
    assert outcomes == ["applied"]
    assert report.count("promoted") == 3 and report.skipped == ()
    assert [current(maintainer, rid).tier for rid in GROUP] == ["long"] * 3


def test_a_hit_count_landing_meanwhile_is_kept_and_the_promotion_made(pair: tuple[Backend, Backend]) -> None:
    maintainer, writer = pair
    report, outcomes = _run(maintainer, lambda: writer.records.add_hits({"r1": (2, MOMENT)}))
    assert outcomes == ["stale", "applied"], "refused once, planned again from a fresh read"
    r1 = current(maintainer, "r1")
    assert (r1.tier, r1.hits, r1.last_hit_at) == ("long", 2, MOMENT)
    assert report.count("promoted") == 3 and report.skipped == ()


def test_an_edit_landing_meanwhile_is_kept_and_the_promotion_made(pair: tuple[Backend, Backend]) -> None:
    maintainer, writer = pair
    report, outcomes = _run(
        maintainer,
        lambda: update(writer, replace(current(writer, "r2"), importance=0.95, text="edited by hand")),
    )
    assert outcomes == ["stale", "applied"]
    r2 = current(maintainer, "r2")
    assert (r2.tier, r2.importance, r2.text) == ("long", 0.95, "edited by hand")
    assert report.count("promoted") == 3


def test_a_slot_closed_meanwhile_stays_closed(pair: tuple[Backend, Backend]) -> None:
    maintainer, writer = pair
    closed_at = MOMENT + timedelta(hours=1)  # a newer value, stated after the maintenance moment
    report, outcomes = _run(
        maintainer, lambda: update(writer, replace(current(writer, "r3"), valid_until=closed_at))
    )
    assert outcomes == ["stale", "applied"]
    r3 = current(maintainer, "r3")
    assert (r3.tier, r3.valid_until) == ("long", closed_at), "closed by the write, promoted by maintenance"
    assert report.count("promoted") == 3


def test_a_memory_forgotten_meanwhile_stays_forgotten(pair: tuple[Backend, Backend]) -> None:
    maintainer, writer = pair
    report, outcomes = _run(maintainer, lambda: writer.records.apply(Change(delete=(current(writer, "r1"),))))
    assert outcomes == ["stale", "applied"]
    assert maintainer.records.get_many(["r1"]) == {}, "never written back"
    # Planned again without it, the order is met in two sessions only: not promoted.
    assert [current(maintainer, rid).tier for rid in ("r2", "r3")] == ["short", "short"]
    assert report.count("promoted") == 0
    assert maintainer.log.count_log(ALICE, actions={"promoted"}) == 0, "the refused plan's log lines too"


@pytest.mark.parametrize("recalled", [False, True])
def test_a_memory_recalled_while_it_was_planned_to_expire_lives_on(
    pair: tuple[Backend, Backend], recalled: bool
) -> None:
    maintainer, writer = pair
    old = replace(rec("old", "an old note"), created_at=T0 - timedelta(days=40), importance=0.5)
    add(maintainer, old)

    def recall() -> None:
        if recalled:
            writer.records.add_hits({"old": (1, MOMENT)})

    report, outcomes = _run(maintainer, recall)
    if not recalled:
        assert outcomes == ["applied"] and report.count("expired") == 1
        assert maintainer.records.get_many(["old"]) == {}
        return
    assert outcomes == ["stale", "applied"]
    assert report.count("expired") == 0, "used just now: its lifetime starts again"
    assert current(maintainer, "old").hits == 1
    assert [current(maintainer, rid).tier for rid in GROUP] == ["long"] * 3


def _race_round(maintainer_side: Backend, writer: Backend, scope: Scope, chance: random.Random) -> list[str]:
    """One user's recurring order, maintained while the writer counts hits and edits importance
    side by side; returns the outcomes of the maintainer's Changes."""
    records = _recurring(scope, prefix=f"{scope.user}-")
    # Other memories of the user make planning take a while: a window for the writer's writes.
    add(
        writer,
        *records,
        *(rec(f"{scope.user}-filler-{n}", f"filler memory {n}", scope=scope) for n in range(FILLERS)),
    )
    rids = [r.id for r in records]
    hits = dict.fromkeys(rids, 0)
    last_edit: dict[str, float] = {}
    racing = RacingRecords(maintainer_side.records, lambda: None, raced=True)
    maintainer = _maintainer(replace(maintainer_side, records=racing))
    start = threading.Barrier(2)
    reports: list[MaintenanceReport] = []

    def maintain() -> None:
        start.wait(60)
        for _ in range(50):  # until it gets through: a user that kept changing is retried, boundedly
            reports.append(maintainer.run(MOMENT, [scope], strict=False))
            if reports[-1].users == 1:
                return

    def write() -> None:
        start.wait(60)
        for _ in range(40):
            rid = chance.choice(rids)
            if chance.random() < 0.6:
                writer.records.add_hits({rid: (1, MOMENT)})
                hits[rid] += 1
                continue
            importance = round(chance.uniform(0.1, 0.9), 3)
            for _attempt in range(50):
                try:
                    update(writer, replace(current(writer, rid), importance=importance))
                except StaleWrite:
                    continue  # the maintainer changed it: read again
                last_edit[rid] = importance
                break

    threads = [threading.Thread(target=maintain), threading.Thread(target=write)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads)
    assert reports and reports[-1].users == 1, f"{scope.user}: maintained in the end"
    stored = maintainer_side.records.get_many(rids)
    for rid in rids:
        assert stored[rid].tier == "long", f"{rid} promoted"
        assert stored[rid].hits == hits[rid], f"no hit count lost on {rid}"
        if rid in last_edit:
            assert stored[rid].importance == last_edit[rid], f"{rid}'s last edit kept"
    assert maintainer_side.log.count_log(scope, actions={"promoted"}) == 3, "each promotion logged once"
    return racing.outcomes


def test_maintenance_and_writes_racing_freely_lose_nothing(site: Site) -> None:
    """Threads, bounded rounds: whatever the interleaving, the end state holds every hit, the last
    edit and the promotion - each logged once."""
    maintainer_side, writer = site.open(), site.open()
    chance = random.Random(20261130)
    for n in range(8):
        outcomes = _race_round(maintainer_side, writer, Scope("default", f"racer-{n}"), chance)
        # Refused as often as a write landed in its window (often, with this many memories to
        # plan), and then applied once.
        assert outcomes.count("applied") == 1 and set(outcomes) <= {"stale", "applied"}
