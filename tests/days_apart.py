"""A user's statements a day apart, each in its own session, through the real write path: the
shape of every conflict case (tests of slots, providers, updates by meaning)."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight import Memory

START = datetime(2026, 10, 1, 10, 0)


def current_turns(memory: Memory, user: str, turns: list[str]) -> set[str]:
    """Say `turns` a day apart; the ids of the user's turns still current afterwards."""
    for index, text in enumerate(turns):
        at = START + timedelta(days=index)
        memory.observe(user, f"s{index}", "user", text, at, turn_id=f"t{index}")
        memory.end_session(user, f"s{index}", at + timedelta(minutes=1))
    return {r.id for r in memory.records(user) if r.kind == "turn" and r.valid_until is None}
