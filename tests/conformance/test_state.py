"""SessionState (working memory: the last N turns of each session, dropped after an idle TTL) and
Locks (named leases), for every implementation: the store's own and the in-process one.

Time is passed in (`now`): the TTL is WORKING_TTL_S (60 s) and a case moves `now` around it."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Scope
from hindsight.state.base import Locks, SessionState
from hindsight.stores.registry import Backend

from .backends import WORKING_TTL_S, Site
from .kit import ACME_ALICE, ALICE, BOB, T0, turn

KEEP = 3
TTL = timedelta(seconds=WORKING_TTL_S)


@pytest.fixture
def state(state_site: Site) -> Backend:
    return state_site.open()


@pytest.fixture
def sessions(state: Backend) -> SessionState:
    return state.sessions


@pytest.fixture
def locks(state: Backend) -> Locks:
    return state.locks


def _at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def _window(sessions: SessionState, scope: Scope = ALICE, session: str = "s1", at: float = 0) -> list[str]:
    return [t.turn_id for t in sessions.window(scope, session, _at(at))]


# -- working memory -------------------------------------------------------------------------------


def test_an_unknown_session_is_empty(sessions: SessionState) -> None:
    assert sessions.window(ALICE, "nothing", T0) == []
    assert sessions.sessions(ALICE, T0) == []
    assert sessions.expire(T0) == 0


def test_a_turn_round_trips(sessions: SessionState) -> None:
    said = turn(1, "会话", role="Caroline", text='我想订一张去上海的票 — "window seat" please')
    sessions.append(ALICE, said, KEEP, T0)
    assert sessions.window(ALICE, "会话", T0) == [said]


def test_keeps_turns_oldest_first(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.append(ALICE, turn(2), KEEP, T0)
    assert _window(sessions) == ["s1-t1", "s1-t2"]


def test_keeps_only_the_last_n_turns(sessions: SessionState) -> None:
    for n in range(1, 6):
        sessions.append(ALICE, turn(n), KEEP, _at(n))
    assert _window(sessions, at=5) == ["s1-t3", "s1-t4", "s1-t5"]
    sessions.append(ALICE, turn(6), 2, _at(6))  # a smaller N trims at once
    assert _window(sessions, at=6) == ["s1-t5", "s1-t6"]


def test_the_window_is_a_copy(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.window(ALICE, "s1", T0).clear()
    assert _window(sessions) == ["s1-t1"]


def test_users_are_isolated_by_tenant_and_user(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.append(BOB, turn(2), KEEP, T0)
    sessions.append(ACME_ALICE, turn(3), KEEP, T0)
    assert _window(sessions, ALICE) == ["s1-t1"]
    assert _window(sessions, BOB) == ["s1-t2"]
    assert _window(sessions, ACME_ALICE) == ["s1-t3"], "acme's alice is not the default tenant's"
    assert sessions.sessions(ALICE, T0) == ["s1"] and sessions.sessions(ACME_ALICE, T0) == ["s1"]
    assert sessions.sessions(Scope("acme", "bob"), T0) == []
    sessions.clear(ACME_ALICE, "s1")
    assert _window(sessions, ACME_ALICE) == [] and _window(sessions, ALICE) == ["s1-t1"]


def test_sessions_are_isolated(sessions: SessionState) -> None:
    for n in range(1, 5):
        sessions.append(ALICE, turn(n, "s1"), KEEP, T0)
    sessions.append(ALICE, turn(1, "s2"), KEEP, T0)
    assert _window(sessions, session="s1") == ["s1-t2", "s1-t3", "s1-t4"]
    assert _window(sessions, session="s2") == ["s2-t1"]
    assert sessions.sessions(ALICE, T0) == ["s1", "s2"], "in the order they started"


def test_clear_drops_only_that_session(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1, "s1"), KEEP, T0)
    sessions.append(ALICE, turn(2, "s1"), KEEP, T0)
    sessions.append(ALICE, turn(1, "s2"), KEEP, T0)
    sessions.append(BOB, turn(1, "s1"), KEEP, T0)
    sessions.clear(ALICE, "s1")
    sessions.clear(ALICE, "never")
    assert _window(sessions, session="s1") == []
    assert _window(sessions, session="s2") == ["s2-t1"]
    assert _window(sessions, BOB) == ["s1-t1"]
    assert sessions.sessions(ALICE, T0) == ["s2"]


def test_a_session_restarts_after_clear(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.clear(ALICE, "s1")
    sessions.append(ALICE, turn(2), KEEP, T0)
    assert _window(sessions) == ["s1-t2"]


def test_an_idle_session_is_gone_after_the_ttl(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    assert _window(sessions, at=WORKING_TTL_S - 1) == ["s1-t1"], "not idle yet"
    assert _window(sessions, at=WORKING_TTL_S + 1) == []
    assert sessions.sessions(ALICE, _at(WORKING_TTL_S + 1)) == []


def test_the_ttl_boundary_is_not_yet_idle(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    assert _window(sessions, at=WORKING_TTL_S) == ["s1-t1"], "idle only when strictly older"
    assert sessions.sessions(ALICE, _at(WORKING_TTL_S)) == ["s1"]
    assert sessions.expire(_at(WORKING_TTL_S)) == 0


def test_reading_does_not_refresh_the_ttl(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    assert _window(sessions, at=40)
    assert sessions.sessions(ALICE, _at(40)) == ["s1"]
    assert _window(sessions, at=80) == [], "80 s since the last turn"


def test_a_new_turn_refreshes_the_ttl(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.append(ALICE, turn(2), KEEP, _at(50))
    assert _window(sessions, at=100) == ["s1-t1", "s1-t2"], "100 s since the first turn, 50 since the last"


def test_only_idle_sessions_go(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1, "old"), KEEP, T0)
    sessions.append(ALICE, turn(1, "fresh"), KEEP, _at(45))
    at = _at(75)  # old: 75 s idle, fresh: 30 s idle
    assert sessions.sessions(ALICE, at) == ["fresh"]
    assert sessions.window(ALICE, "old", at) == []
    assert [t.turn_id for t in sessions.window(ALICE, "fresh", at)] == ["fresh-t1"]


def test_an_idle_session_starts_empty_on_a_new_turn(sessions: SessionState) -> None:
    sessions.append(ALICE, turn(1), KEEP, T0)
    sessions.append(ALICE, turn(2), KEEP, T0)
    sessions.append(ALICE, turn(3), KEEP, _at(120))
    assert _window(sessions, at=120) == ["s1-t3"]


def test_expire_drops_every_idle_session_and_says_how_many(sessions: SessionState) -> None:
    for n in range(1, 4):  # a session of three turns counts once
        sessions.append(ALICE, turn(n, "old"), KEEP, T0)
    sessions.append(ACME_ALICE, turn(1, "old"), KEEP, T0)
    sessions.append(BOB, turn(1, "fresh"), KEEP, _at(45))
    assert sessions.expire(_at(75)) == 2
    assert sessions.expire(_at(75)) == 0
    assert _window(sessions, BOB, "fresh", at=75) == ["fresh-t1"]
    # Gone for good, not only out of sight: the clock going back does not bring it back.
    assert _window(sessions, session="old", at=1) == []


# -- locks ----------------------------------------------------------------------------------------

A, B = "host:1:a", "host:2:b"


def test_a_free_lock_is_taken_and_held_against_others(locks: Locks) -> None:
    assert locks.acquire("maintain:x", A, _at(60), T0)
    assert not locks.acquire("maintain:x", B, _at(120), _at(30))
    assert locks.acquire("other", B, _at(60), T0), "locks are by name"


def test_the_holder_extends_its_lease(locks: Locks) -> None:
    assert locks.acquire("l", A, _at(60), T0)
    assert locks.acquire("l", A, _at(200), _at(50))
    assert not locks.acquire("l", B, _at(300), _at(100)), "extended to 200 s"
    assert locks.acquire("l", B, _at(300), _at(200)), "a lease is over at its end"


def test_a_lapsed_lease_is_anyones(locks: Locks) -> None:
    assert locks.acquire("l", A, _at(60), T0)
    assert locks.acquire("l", B, _at(120), _at(61))
    assert not locks.acquire("l", A, _at(180), _at(62)), "A's lease lapsed: B holds it now"


def test_release_frees_the_lock_only_for_its_holder(locks: Locks) -> None:
    assert locks.acquire("l", A, _at(60), T0)
    locks.release("l", B)
    assert not locks.acquire("l", B, _at(60), T0), "B does not hold it: its release changes nothing"
    locks.release("l", A)
    assert locks.acquire("l", B, _at(60), T0)
    locks.release("never-taken", A)
