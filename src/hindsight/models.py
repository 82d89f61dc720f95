"""Pure data: what Hindsight stores and returns. No database or model code lives here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Tier = Literal["short", "long"]
"""Stored tiers. Working memory is in-process and holds Turns, not records."""
TIERS: tuple[Tier, ...] = ("short", "long")

Kind = Literal["turn", "summary", "fact", "preference", "pattern"]
KINDS: tuple[Kind, ...] = ("turn", "summary", "fact", "preference", "pattern")

Origin = Literal["rule", "llm", "manual", "consolidation", "observe"]


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance in a session, as the agent saw it."""

    turn_id: str
    session_id: str
    role: str
    text: str
    time: datetime


@dataclass(frozen=True, slots=True)
class MemoryRecord:
    """One stored memory: a raw turn, an event summary, a fact, a preference or a pattern.

    `valid_until is None` means the record is still true. Times are naive UTC.
    """

    id: str
    user_id: str
    tier: Tier
    kind: Kind
    text: str
    created_at: datetime
    event_time: datetime
    valid_from: datetime
    valid_until: datetime | None = None
    source_ids: tuple[str, ...] = ()
    entities: dict[str, str] = field(default_factory=dict)
    importance: float = 0.5
    tenant: str = "default"
    agent_id: str | None = None
    session_id: str | None = None
    role: str | None = None
    ttl_days: float | None = None
    expires_at: datetime | None = None
    hits: int = 0
    last_hit_at: datetime | None = None
    origin: Origin = "manual"
    embedding_model: str | None = None
    slot: str | None = None
    """What the record states a value of ("budget|trip", "carrier|"): a newer value for the same
    slot closes this record. None for records that state no single value (turns, summaries)."""
    intent: str | None = None
    context_id: str | None = None
    """The record of the turn just before this one in its conversation: the embedder reads this
    turn after it ("Melanie: what helps you unwind?" / "Caroline: running"), since a reply often
    means little alone. Only an id, so forgetting that turn leaves no copy of its text here."""
    tier_since: datetime | None = None
    """When the lifecycle last moved the record (promoted, demoted, closed for cleaning); None means
    it is where it was written. Lifetimes count from the latest of this, creation and last hit."""

    def is_valid_at(self, moment: datetime) -> bool:
        if self.valid_from > moment:
            return False
        return self.valid_until is None or self.valid_until > moment


WriteAction = Literal[
    "skipped",
    "refused",
    "llm_fallback",
    "dead_letter",
    "closed",
    # lifecycle (maintain): what aging did to a memory, and why
    "promoted",
    "demoted",
    "expired",
    "merged",
    "consolidated",
]


@dataclass(frozen=True, slots=True)
class WriteLogEntry:
    """Something the write path decided not to store as asked (or had to work around), or what the
    lifecycle did to a memory: the reason, a hash of the text (never the text: a refused secret
    must not be kept), and when."""

    user_id: str
    action: WriteAction
    reason: str
    text_hash: str
    time: datetime
    source: str = "observe"
    """observe | remember | queue"""
    detail: str | None = None


@dataclass(frozen=True, slots=True)
class LogLine:
    """A write-log entry with its number in the log: numbers only grow, so they order the log and
    say where a page of it starts."""

    id: int
    entry: WriteLogEntry


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """A write that was acknowledged and is waiting to be applied (or has failed for good)."""

    id: int
    op: str
    payload: dict[str, object]
    attempts: int
    created_at: datetime
    next_attempt_at: datetime
    last_error: str | None = None


@dataclass(frozen=True, slots=True)
class Hit:
    """A recalled record, its fused score and the per-route scores behind it."""

    record: MemoryRecord
    score: float
    scores: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Recall:
    """The answer to one recall: ranked hits plus the session's working-memory window."""

    query: str
    hits: list[Hit]
    working: list[Turn]
    profile: str = "default"
    tokens: int = 0
    """Tokens the hits' prompt snippets use (counted when a token budget applies)."""
    timings: dict[str, float] = field(default_factory=dict)
    """Milliseconds per step (embed, semantic, keyword, fuse)."""
    notes: dict[str, str] = field(default_factory=dict)
    """What recall decided besides the scores, for `explain`: "time" (the range the query names and
    whether it filtered the memories or fell back to all of them), "min_score" (the floor applied)."""

    @property
    def records(self) -> list[MemoryRecord]:
        return [hit.record for hit in self.hits]

    def source_ids(self) -> list[str]:
        """The ids of the original items behind the hits, best first, without repeats."""
        seen: dict[str, None] = {}
        for hit in self.hits:
            for source in hit.record.source_ids or (hit.record.id,):
                seen.setdefault(source, None)
        return list(seen)
