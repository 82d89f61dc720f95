"""Working memory and locks under concurrent use: two writers appending to one session both land,
and of two processes asking for one lock at the same moment exactly one gets it. A shared state is
used through two instances (two processes); an in-process one through one instance by two threads."""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from functools import partial

import pytest

from hindsight.stores.registry import Backend

from .backends import Site
from .kit import ALICE, T0, turn

ROUNDS = 20


@pytest.fixture
def two(state_site: Site) -> tuple[Backend, Backend]:
    """Two users of the state: two instances where it is shared, else one instance twice."""
    first = state_site.open()
    return (first, state_site.open()) if state_site.kind.shared_state else (first, first)


def _side_by_side(*work: Callable[[], object]) -> list[object]:
    start = threading.Barrier(len(work))

    def run(job: Callable[[], object]) -> object:
        start.wait(60)
        return job()

    with ThreadPoolExecutor(len(work)) as pool:
        return [future.result(timeout=120) for future in [pool.submit(run, job) for job in work]]


def test_appends_to_one_session_from_two_writers_all_land(two: tuple[Backend, Backend]) -> None:
    count, keep = 30, 100

    def append(backend: Backend, prefix: str) -> None:
        for n in range(count):
            backend.sessions.append(ALICE, turn(n, text=f"{prefix} {n}"), keep, T0)

    _side_by_side(lambda: append(two[0], "a"), lambda: append(two[1], "b"))
    window = [t.text for t in two[1].sessions.window(ALICE, "s1", T0)]
    assert sorted(window) == sorted(f"{p} {n}" for p in "ab" for n in range(count))
    for prefix in "ab":  # each writer's turns in the order it appended them
        mine = [text for text in window if text.startswith(prefix)]
        assert mine == [f"{prefix} {n}" for n in range(count)]


def test_a_window_kept_short_by_two_writers_is_the_last_n(two: tuple[Backend, Backend]) -> None:
    def append(backend: Backend, prefix: str) -> None:
        for n in range(20):
            backend.sessions.append(ALICE, turn(n, text=f"{prefix} {n}"), 3, T0)

    _side_by_side(lambda: append(two[0], "a"), lambda: append(two[1], "b"))
    window = [t.text for t in two[0].sessions.window(ALICE, "s1", T0)]
    assert len(window) == 3 and len(set(window)) == 3
    assert {"a 19", "b 19"} & set(window), "the newest turns are kept"


def test_one_lock_has_one_holder_whoever_asks_at_once(two: tuple[Backend, Backend]) -> None:
    until = T0 + timedelta(minutes=1)
    owners = ("host:1:a", "host:2:b")
    for round_ in range(ROUNDS):
        name = f"maintain:round-{round_}"
        got = _side_by_side(
            *(
                partial(backend.locks.acquire, name, owner, until, T0)
                for backend, owner in zip(two, owners, strict=True)
            )
        )
        assert got.count(True) == 1, f"round {round_}: {got}"
        holder, other = (0, 1) if got[0] else (1, 0)
        assert not two[other].locks.acquire(name, owners[other], until, T0), "still held"
        two[other].locks.release(name, owners[holder])  # released by its holder, from anywhere
        assert two[other].locks.acquire(name, owners[other], until, T0)
