"""Human-readable views of memory (`dump`): what is remembered, per user and tier."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from hindsight.models import DEFAULT_TENANT, TIERS, MemoryRecord, QueueEntry, Turn, WriteLogEntry

_TIER_TITLES = {"short": "short-term", "long": "long-term"}


def _when(moment: datetime | None) -> str:
    return "-" if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def _line(text: str, limit: int = 100) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def render_record(record: MemoryRecord) -> str:
    validity = "valid" if record.valid_until is None else f"closed {_when(record.valid_until)}"
    head = (
        f"  [{record.id[:12]}] {record.kind:<10} imp {record.importance:.2f}  "
        f"{_when(record.event_time)}  {validity}"
    )
    lines = [head, f"      {(record.role + ': ') if record.role else ''}{_line(record.text)}"]
    if record.entities:
        lines.append("      entities: " + ", ".join(f"{k}={v}" for k, v in sorted(record.entities.items())))
    return "\n".join(lines)


def render_log(entry: WriteLogEntry) -> str:
    detail = f" [{entry.detail}]" if entry.detail else ""
    origin = f"(from {entry.source}, text #{entry.text_hash})"
    return f"  {_when(entry.time)}  {entry.action:<12} {entry.reason}{detail}  {origin}"


def render_queue_entry(entry: QueueEntry) -> str:
    user = entry.user_id or "?"
    if entry.tenant != DEFAULT_TENANT:
        user = f"{user} (tenant {entry.tenant})"
    text = _line(str(entry.payload.get("text", "")), 60)
    error = f"  error: {entry.last_error}" if entry.last_error else ""
    return f"  #{entry.id} {entry.op} for {user}, {entry.attempts} attempts: {text}{error}"


_NOT_STORED = frozenset({"skipped", "refused", "dead_letter"})
"""Log actions about a write that did not land; every other action (promoted, expired, revised,
...) is a change to what was stored."""


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def render_dump(
    records_by_user: Mapping[str, Sequence[MemoryRecord]],
    working_by_user: Mapping[str, Sequence[tuple[str, Sequence[Turn]]]] | None = None,
    log_by_user: Mapping[str, Sequence[WriteLogEntry]] | None = None,
    dead_letters: Sequence[QueueEntry] = (),
) -> str:
    out: list[str] = []
    if dead_letters:
        out.append(
            f"dead letters ({len(dead_letters)}): writes that failed for good; `hindsight queue retry`"
        )
        out += [render_queue_entry(entry) for entry in dead_letters]
        out.append("")
    if not records_by_user:
        return "\n".join([*out, "Hindsight remembers nothing yet."]) + "\n"
    for user_id, records in records_by_user.items():
        out.append(f"== user {user_id}: {_count(len(records), 'memory', 'memories')} ==")
        for session_id, turns in (working_by_user or {}).get(user_id, ()):
            out.append(f"working memory, session {session_id} ({_count(len(turns), 'turn', 'turns')})")
            out += [f"  {turn.role}: {_line(turn.text)}" for turn in turns]
        for tier in reversed(TIERS):
            tiered = [record for record in records if record.tier == tier]
            out.append(f"{_TIER_TITLES[tier]} ({len(tiered)})")
            out += [render_record(record) for record in tiered] or ["  (none)"]
        logged = (log_by_user or {}).get(user_id, ())
        not_stored = [entry for entry in logged if entry.action in _NOT_STORED]
        changed = [entry for entry in logged if entry.action not in _NOT_STORED]
        for title, shown in (("not stored, and why", not_stored), ("changed since, and why", changed)):
            if shown:
                out.append(f"{title} ({len(shown)})")
                out += [render_log(entry) for entry in shown]
        out.append("")
    return "\n".join(out) + "\n"
