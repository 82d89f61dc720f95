"""WorkingMemory: the last N turns per (user, session), in process, dropped after an idle TTL."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.working import WorkingMemory

T0 = datetime(2024, 5, 8, 12, 0, 0)


class FakeClock:
    """A monotonic clock the test moves by hand."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def turn(n: int, session: str = "s1", role: str = "user") -> Turn:
    return Turn(
        turn_id=f"{session}-t{n}",
        session_id=session,
        role=role,
        text=f"turn {n} of {session}",
        time=T0 + timedelta(minutes=n),
    )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def wm(clock: FakeClock) -> WorkingMemory:
    return WorkingMemory(turns=3, ttl_s=60.0, clock=clock)


def test_unknown_session_is_empty(wm: WorkingMemory) -> None:
    assert wm.window("nobody", "nothing") == []
    assert wm.sessions() == []


def test_keeps_turns_oldest_first(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1))
    wm.append("alice", turn(2))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t1", "s1-t2"]


def test_keeps_only_last_n_turns(wm: WorkingMemory) -> None:
    for n in range(1, 6):
        wm.append("alice", turn(n))
    window = wm.window("alice", "s1")
    assert [t.turn_id for t in window] == ["s1-t3", "s1-t4", "s1-t5"]


def test_window_is_a_copy(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1))
    window = wm.window("alice", "s1")
    window.clear()
    assert len(wm.window("alice", "s1")) == 1


def test_users_are_isolated(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1))
    wm.append("bob", turn(2))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t1"]
    assert [t.turn_id for t in wm.window("bob", "s1")] == ["s1-t2"]
    assert wm.sessions("alice") == [("alice", "s1")]
    assert wm.sessions("bob") == [("bob", "s1")]


def test_sessions_are_isolated(wm: WorkingMemory) -> None:
    for n in range(1, 5):
        wm.append("alice", turn(n, "s1"))
    wm.append("alice", turn(1, "s2"))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t2", "s1-t3", "s1-t4"]
    assert [t.turn_id for t in wm.window("alice", "s2")] == ["s2-t1"]
    assert sorted(wm.sessions("alice")) == [("alice", "s1"), ("alice", "s2")]


def test_sessions_lists_all_users_without_filter(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1, "s1"))
    wm.append("bob", turn(1, "s9"))
    assert sorted(wm.sessions()) == [("alice", "s1"), ("bob", "s9")]


def test_clear_returns_and_drops_only_that_session(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1, "s1"))
    wm.append("alice", turn(2, "s1"))
    wm.append("alice", turn(1, "s2"))
    wm.append("bob", turn(1, "s1"))

    cleared = wm.clear("alice", "s1")

    assert [t.turn_id for t in cleared] == ["s1-t1", "s1-t2"]
    assert wm.window("alice", "s1") == []
    assert [t.turn_id for t in wm.window("alice", "s2")] == ["s2-t1"]
    assert [t.turn_id for t in wm.window("bob", "s1")] == ["s1-t1"]
    assert ("alice", "s1") not in wm.sessions()


def test_clear_unknown_session_returns_empty(wm: WorkingMemory) -> None:
    assert wm.clear("alice", "never") == []


def test_session_can_restart_after_clear(wm: WorkingMemory) -> None:
    wm.append("alice", turn(1))
    wm.clear("alice", "s1")
    wm.append("alice", turn(2))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t2"]


def test_idle_session_is_evicted_after_ttl(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1))
    clock.advance(59.0)
    assert len(wm.window("alice", "s1")) == 1, "not idle yet"
    clock.advance(2.0)  # 61 s since the last turn > 60 s TTL
    assert wm.window("alice", "s1") == []
    assert wm.sessions() == []


def test_ttl_boundary_is_not_yet_idle(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1))
    clock.advance(60.0)  # exactly the TTL: evicted only when strictly older
    assert len(wm.window("alice", "s1")) == 1


def test_reading_does_not_refresh_the_ttl(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1))
    clock.advance(40.0)
    assert wm.window("alice", "s1")
    clock.advance(40.0)  # 80 s since the last *turn*
    assert wm.window("alice", "s1") == []


def test_new_turn_refreshes_the_ttl(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1))
    clock.advance(50.0)
    wm.append("alice", turn(2))
    clock.advance(50.0)  # 100 s since the first turn, 50 s since the last
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t1", "s1-t2"]


def test_only_idle_sessions_are_evicted(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1, "old"))
    clock.advance(45.0)
    wm.append("alice", turn(1, "fresh"))
    clock.advance(30.0)  # old: 75 s idle, fresh: 30 s idle
    assert wm.sessions("alice") == [("alice", "fresh")]
    assert wm.window("alice", "old") == []
    assert len(wm.window("alice", "fresh")) == 1


def test_evicted_session_starts_empty_on_new_turn(wm: WorkingMemory, clock: FakeClock) -> None:
    wm.append("alice", turn(1))
    wm.append("alice", turn(2))
    clock.advance(120.0)
    wm.append("alice", turn(3))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t3"]


def test_default_clock_is_usable() -> None:
    wm = WorkingMemory(turns=2)
    wm.append("alice", turn(1))
    assert [t.turn_id for t in wm.window("alice", "s1")] == ["s1-t1"]
