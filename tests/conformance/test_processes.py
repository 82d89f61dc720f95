"""The two-process harness itself: one case that fails must not fail every case after it."""

from __future__ import annotations

import threading

import pytest

from tests.conformance.workers import Processes, meet_the_other


def test_a_case_that_broke_the_start_barrier_does_not_break_the_next(processes: Processes) -> None:
    with pytest.raises((RuntimeError, threading.BrokenBarrierError)):
        processes.side_by_side(meet_the_other, (True,), (False,))
    assert processes.side_by_side(meet_the_other, (False,), (False,)) == ["met", "met"]
