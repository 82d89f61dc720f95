"""Human-readable views of memory (`dump`): what is remembered, per user and tier."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from hindsight.models import TIERS, MemoryRecord, Turn

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


def render_dump(
    records_by_user: Mapping[str, Sequence[MemoryRecord]],
    working_by_user: Mapping[str, Sequence[tuple[str, Sequence[Turn]]]] | None = None,
) -> str:
    if not records_by_user:
        return "Hindsight remembers nothing yet.\n"
    out: list[str] = []
    for user_id, records in records_by_user.items():
        out.append(f"== user {user_id}: {len(records)} memories ==")
        for session_id, turns in (working_by_user or {}).get(user_id, ()):
            out.append(f"working memory, session {session_id} ({len(turns)} turns)")
            out += [f"  {turn.role}: {_line(turn.text)}" for turn in turns]
        for tier in reversed(TIERS):
            tiered = [record for record in records if record.tier == tier]
            out.append(f"{_TIER_TITLES[tier]} ({len(tiered)})")
            out += [render_record(record) for record in tiered] or ["  (none)"]
        out.append("")
    return "\n".join(out) + "\n"
