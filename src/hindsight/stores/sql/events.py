"""Open events as the open_events table holds them: a row's state, and an OpenEvent read back.

Shared because both engines write an open event in their own unit of work (Change.events) and read
it back with the same SQL (SqlRecords.open_events, idle_events).
"""

from __future__ import annotations

from typing import Any

from hindsight.stores.base import OpenEvent
from hindsight.stores.sql.dialect import Dialect
from hindsight.timeutil import from_epoch, to_epoch


def event_state(event: OpenEvent) -> dict[str, Any]:
    """What open_events.state holds of an open event (its key, touch and version have columns)."""
    return {
        "turn_ids": list(event.turn_ids),
        "last_time": None if event.last_time is None else to_epoch(event.last_time),
        "summary_id": event.summary_id,
        "fact_values": dict(event.fact_values),
        "agent_id": event.agent_id,
    }


def open_event(dialect: Dialect, session_id: str, state: Any, touched_at: Any, version: int) -> OpenEvent:
    data: dict[str, Any] = dialect.load_json(state)
    last = data.get("last_time")
    return OpenEvent(
        session_id=session_id,
        turn_ids=tuple(data.get("turn_ids", ())),
        last_time=None if last is None else from_epoch(last),
        touched_at=dialect.load_time(touched_at),
        summary_id=data.get("summary_id"),
        fact_values=dict(data.get("fact_values", {})),
        agent_id=data.get("agent_id"),
        version=int(version),
    )
