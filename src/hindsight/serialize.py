"""The one JSON shape of each thing Hindsight returns, shared by every surface (HTTP bodies, the
CLI's --json, MCP tool results): a record, a hit, a turn, a log entry, a queued write, where a user
lives."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from hindsight.models import Hit, MemoryRecord, QueueEntry, Turn, UserLocality, WriteLogEntry


def _time(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def record_dict(record: MemoryRecord) -> dict[str, Any]:
    """A memory as callers see it (the store's bookkeeping - vector model, version, slot - stays in)."""
    return {
        "id": record.id,
        "user_id": record.user_id,
        "tier": record.tier,
        "kind": record.kind,
        "text": record.text,
        "entities": dict(record.entities),
        "importance": record.importance,
        "source_ids": list(record.source_ids),
        "created_at": _time(record.created_at),
        "event_time": _time(record.event_time),
        "valid_from": _time(record.valid_from),
        "valid_until": _time(record.valid_until),
        "hits": record.hits,
        "origin": record.origin,
        "agent_id": record.agent_id,
        "session_id": record.session_id,
    }


def hit_dict(hit: Hit, explain: bool) -> dict[str, Any]:
    return {
        "record": record_dict(hit.record),
        "score": hit.score,
        "scores": dict(hit.scores) if explain else None,
    }


def turn_dict(turn: Turn) -> dict[str, Any]:
    return {"turn_id": turn.turn_id, "role": turn.role, "text": turn.text, "time": _time(turn.time)}


def log_dict(entry: WriteLogEntry) -> dict[str, Any]:
    return {
        "user_id": entry.user_id,
        "action": entry.action,
        "reason": entry.reason,
        "text_hash": entry.text_hash,
        "time": _time(entry.time),
        "source": entry.source,
        "detail": entry.detail,
    }


def queued_dict(entry: QueueEntry) -> dict[str, Any]:
    """A queued write without its text (it may hold what a user asked to be kept private)."""
    session = entry.payload.get("session_id")
    return {
        "id": entry.id,
        "op": entry.op,
        "user_id": entry.user_id,
        "session_id": str(session) if session else None,
        "attempts": entry.attempts,
        "created_at": _time(entry.created_at),
        "last_error": entry.last_error,
    }


def locality_dict(user_id: str, locality: UserLocality | None) -> dict[str, Any]:
    """Where a user lives as stored for them; `stored` false (and the rest null) when nothing is:
    the settings' zone and region apply."""
    return {
        "user_id": user_id,
        "stored": locality is not None,
        "time_zone": None if locality is None else locality.time_zone,
        "region": None if locality is None else locality.region,
        "updated_at": None if locality is None else _time(locality.updated_at),
    }
