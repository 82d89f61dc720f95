"""Two writers observing turns of the same session at once - two threads with a Memory each, and two
processes: every turn is stored once, and the session's open event lists every stored turn exactly
once (its version check refuses a plan made from an event the other writer has moved on; the write
is planned again, or deferred to the queue and applied from there)."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import StaleWrite
from hindsight.ids import turn_record_id
from hindsight.models import Scope
from hindsight.stores.base import Change, OpenEvent
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow

from .backends import Site
from .workers import OBSERVED_TEXT, Processes, observe_in_process, observe_turns

USER, SESSION = "alice", "s1"
SCOPE = Scope("default", USER)
MAX_TURNS = 100
"""No event fills up: every turn stays in the one open event."""


def _settings(site: Site) -> dict[str, object]:
    return site.settings_kwargs(event_max_turns=MAX_TURNS)


class Events:
    """An EventStore that lets another writer in right after each read of the open events (`race`
    runs once, after the first read; `yield_` hands the interpreter to the other thread after every
    read), counting the plans the store refused."""

    def __init__(self, inner: Any, race: Callable[[], None] | None = None, yield_: bool = False) -> None:
        self.inner = inner
        self.race = race
        self.yield_ = yield_

    def open_events(self, scope: Scope) -> list[OpenEvent]:
        found: list[OpenEvent] = self.inner.open_events(scope)
        if self.race is not None:
            race, self.race = self.race, None
            race()
        if self.yield_:
            time.sleep(0)  # no wait: only a turn for the other thread
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


class Refusals:
    """A RecordStore counting the Changes it refused as stale."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.stale = 0

    def apply(self, change: Change) -> None:
        try:
            self.inner.apply(change)
        except StaleWrite:
            self.stale += 1
            raise

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def _memory(site: Site, backend: Backend | None = None) -> Memory:
    settings = site.settings(**_settings(site))
    return Memory(settings=settings, embedder=HashEmbedder(), background=False, backend=backend)


def _check(memory: Memory, turn_ids: list[str]) -> OpenEvent:
    memory.process_queue()  # what was deferred to the queue is applied now
    backend = memory.backend
    turns = [r for r in backend.records.scan(SCOPE) if r.kind == "turn"]
    assert sorted(r.id for r in turns) == sorted(turn_record_id(USER, t) for t in turn_ids), (
        "each turn stored once"
    )
    (event,) = backend.events.open_events(SCOPE)
    assert Counter(event.turn_ids) == Counter(turn_ids), "the open event lists each stored turn exactly once"
    assert event.version == len(turn_ids), "one write of the event per turn: none lost, none doubled"
    assert backend.queue.waiting() == [] and backend.queue.dead_letters() == []
    window = [t.turn_id for t in backend.sessions.window(SCOPE, SESSION, utcnow())]
    assert len(window) == min(len(turn_ids), memory.settings.working_turns) == len(set(window))
    assert set(window) <= set(turn_ids)
    return event


def test_a_turn_observed_between_anothers_read_and_write_is_kept(site: Site) -> None:
    with _memory(site) as b:
        own = site.open()
        records = Refusals(own.records)

        def other_writer() -> None:
            b.observe(USER, SESSION, "user", OBSERVED_TEXT.format(n=1, prefix="b"), turn_id="b-1")

        racing = replace(own, records=records, events=Events(own.events, race=other_writer))
        with _memory(site, racing) as a:
            a.observe(USER, SESSION, "user", OBSERVED_TEXT.format(n=1, prefix="a"), turn_id="a-1")
            assert records.stale == 1, "A's plan, made before B's turn landed, was refused once"
            event = _check(a, ["a-1", "b-1"])
            assert event.turn_ids == ("b-1", "a-1"), "planned again on top of B's turn"


def test_two_threads_observing_one_session_lose_no_turn(site: Site) -> None:
    """Each writer hands the interpreter to the other after reading the open event, so their plans
    overlap often; whatever the interleaving, nothing is lost."""
    count = 15
    memories = []
    for _ in range(2):
        own = site.open()
        memories.append(_memory(site, replace(own, events=Events(own.events, yield_=True))))
    a, b = memories
    with a, b:
        start = threading.Barrier(2)
        with ThreadPoolExecutor(2) as pool:
            futures = [
                pool.submit(observe_turns, memory, USER, SESSION, prefix, count, start)
                for memory, prefix in ((a, "a"), (b, "b"))
            ]
            for future in futures:
                future.result(timeout=120)
        _check(a, [f"{prefix}-{n}" for prefix in "ab" for n in range(count)])


def test_two_processes_observing_one_session_lose_no_turn(site: Site, processes: Processes) -> None:
    count = 10
    processes.side_by_side(
        observe_in_process, *((_settings(site), USER, SESSION, prefix, count) for prefix in ("p", "q"))
    )
    with _memory(site) as memory:
        _check(memory, [f"{prefix}-{n}" for prefix in "pq" for n in range(count)])


@pytest.mark.parametrize("closer", ["end_session", "idle"])
def test_an_event_closed_by_two_writers_at_once_is_written_once(site: Site, closer: str) -> None:
    """The user ends the session on one replica while the background loop of another closes the
    same event as idle: its summary is written once, and the later closer writes nothing."""
    with _memory(site) as b:
        said = (
            "I want to plan a trip to the mountains in spring",
            "maybe a small cabin near a lake would be nice",
            "we could hike every morning and read in the evening",
        )
        for n, text in enumerate(said):
            b.observe(USER, SESSION, "user", text, turn_id=f"b-{n}")
        later = utcnow() + timedelta(seconds=b.settings.event_idle_s + 1)

        def close(memory: Memory) -> int:
            if closer == "idle":
                return memory.core.core.runner.close_idle_events(later)
            return len(memory.end_session(USER, SESSION).records)

        own = site.open()
        records = Refusals(own.records)
        racing = replace(own, records=records, events=Events(own.events, race=lambda: close(b)))
        with _memory(site, racing) as a:
            close(a)
            assert records.stale == 1, "A's plan, made before B closed the event, was refused"
        summaries = [r for r in b.backend.records.scan(SCOPE) if r.kind == "summary"]
        assert len(summaries) == 1, "written once"
        assert set(summaries[0].source_ids) <= {f"b-{n}" for n in range(3)}
        assert b.backend.events.open_events(SCOPE) == []
