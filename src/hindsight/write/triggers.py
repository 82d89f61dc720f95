"""Triggers: when to write. Memory is written on events, not on every turn — a finished task, a turn
carrying key information, or the end of a session (explicit, or idle for 10 minutes measured in the
turns' own times, never the wall clock)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta

from hindsight import prefilter
from hindsight.models import Turn
from hindsight.write import patterns
from hindsight.write.extract import has_key_information, is_user_side

IDLE_GAP = timedelta(minutes=10)
_SHORT_TURN_CHARS = 24
_TOOL_DONE = prefilter.compile(
    r"\b(?:completed|succeeded|success(?:ful(?:ly)?)?|done|finished)\b|成功|完成|已办结", re.I
)


@dataclass(frozen=True, slots=True)
class Trigger:
    write: bool
    close: bool
    reason: str


NO_TRIGGER = Trigger(False, False, "")


def is_task_done(turn: Turn) -> bool:
    """ "谢谢" / "that's all" in a short user turn, or a tool reporting its task complete."""
    if turn.role.strip().lower() == "tool":
        return bool(_TOOL_DONE.search(turn.text))
    if not is_user_side(turn):
        return False
    text = turn.text.strip()
    return bool(patterns.TASK_DONE.search(text)) and len(text) <= _SHORT_TURN_CHARS


def is_idle_gap(previous: Turn | None, turn: Turn) -> bool:
    """Ten minutes between two turns, either way: a turn from another time (an archive replayed out
    of order, a late import) belongs to another event too."""
    return previous is not None and idle_between(previous.time, turn.time)


def idle_between(earlier: datetime | None, later: datetime) -> bool:
    """is_idle_gap for two moments (None: nothing came before)."""
    return earlier is not None and abs(later - earlier) >= IDLE_GAP


def decide(turn: Turn) -> Trigger:
    """What this turn asks of the write path: write the event now, and whether the event is over."""
    if is_task_done(turn):
        return Trigger(True, True, "task done")
    if has_key_information(turn):
        return Trigger(True, False, "key information")
    return NO_TRIGGER
