"""Pure data: what Hindsight stores and returns. No database or model code lives here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

Tier = Literal["short", "long"]
"""Stored tiers. Working memory is in-process and holds Turns, not records."""
TIERS: tuple[Tier, ...] = ("short", "long")

Role = Literal["user", "assistant", "tool"]
"""Which side of a conversation spoke. A participant's name (a conversation between people) is the
turn's speaker, not its role."""
ROLES: tuple[Role, ...] = ("user", "assistant", "tool")
Kind = Literal["turn", "summary", "fact", "preference", "pattern"]
KINDS: tuple[Kind, ...] = ("turn", "summary", "fact", "preference", "pattern")

Origin = Literal["rule", "llm", "manual", "consolidation", "observe"]

DEFAULT_TENANT = "default"
"""The tenant of a library user, of the CLI, and of a server without API keys."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Whose memory: one tenant's user, and (for what is written) the agent and the session.

    Stores keep the tenant and the user in columns of their own; a query for one user's memory
    matches both, and a tenant's users are those whose tenant column is the tenant's name.
    """

    tenant: str
    user: str
    agent: str | None = None
    session: str | None = None

    @property
    def owner(self) -> str:
        """One string for the (tenant, user) pair, where a hash or a key needs one: the ids of raw
        turns, the keyword index's owner token, meta keys. A default-tenant user is named alone and
        another tenant's as "tenant::user" - the names stores written before tenants had columns
        derived those from, so no id changes. Neither part can hold "::" (validate.scope), so the
        string names one pair only. Never parsed, never matched by prefix."""
        return self.user if self.tenant == DEFAULT_TENANT else f"{self.tenant}::{self.user}"

    @property
    def person(self) -> Scope:
        """The same user without agent and session: what a store query for their memory needs."""
        return Scope(self.tenant, self.user)


@dataclass(frozen=True, slots=True)
class Tenant:
    """All users of one tenant (a store query over a tenant's memory)."""

    name: str


Owners = Scope | Tenant | None
"""Whose records a store query reads: one user (Scope), one tenant's users (Tenant), or everyone."""


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
    version: int = 1
    """Grows by one with every change the store makes to the record. An update or delete names the
    version it was read at, and the store refuses it (StaleWrite) if the record changed since, so a
    process working from an old read never overwrites another's newer write."""

    @property
    def scope(self) -> Scope:
        return Scope(self.tenant, self.user_id)

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
    "revised",
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
    tenant: str = DEFAULT_TENANT


@dataclass(frozen=True, slots=True)
class LogLine:
    """A write-log entry with its number in the log: numbers only grow, so they order the log and
    say where a page of it starts."""

    id: int
    entry: WriteLogEntry


@dataclass(frozen=True, slots=True)
class UserLocality:
    """Where one user lives, as stored for them: set once (by the agent, an operator or the user's
    app) and read by every process, so a query's "yesterday" and a write's "明天" are read on the
    user's clock without each caller passing it (locality.py). Either part may be None: that part
    is the settings'."""

    tenant: str
    user_id: str
    time_zone: str | None
    """An IANA name ("Asia/Shanghai") or a fixed offset ("+08:00"), as locality.time_zone reads it."""
    region: str | None
    """An ISO 3166-1 alpha-2 country code ("CN")."""
    updated_at: datetime


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
    tenant: str = DEFAULT_TENANT
    user_id: str = ""
    """Whose write it is (also inside the payload); a store filters a tenant's entries by these."""
    claimed_by: str | None = None
    """The process applying it (an owner id), while its lease lasts."""
    claimed_until: datetime | None = None


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


Decision = Literal["stored", "skipped", "refused"]
"""What the write guard decided about one text: keep it, pass it over (chit-chat: not worth
storing, not a danger), or refuse it (an injection, a secret)."""


@dataclass(frozen=True, slots=True)
class Written:
    """What one write did: the records it wrote, and the older ones it closed (their valid_until is
    set; they stay in history for `as_of`)."""

    records: tuple[MemoryRecord, ...] = ()
    closed: tuple[MemoryRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class Observed:
    """What `observe` did with one turn."""

    turn: Turn
    decision: Decision
    """The guard's word on the turn. "refused": nothing of it was kept, not even in working memory."""
    reason: str = ""
    persisted: bool = False
    """Whether the turn was stored raw (a stored decision and persist=True)."""
    records: tuple[MemoryRecord, ...] = ()
    """Records written now from the conversation (an event summary, preferences, facts): usually
    none, since memory is written on events."""
    closed: tuple[MemoryRecord, ...] = ()


@dataclass(frozen=True, slots=True)
class Remembered:
    """What `remember` stored, and what it replaced."""

    record: MemoryRecord
    closed: tuple[MemoryRecord, ...] = ()
    """Earlier values of the same slot this record closed (kept in history for `as_of`)."""
    embedded_chars: int | None = None
    """How many characters of a long memory's text the embedding model read (the first
    `HINDSIGHT_EMBED_MAX_CHARS`); None when it read all of it. The whole text is stored and
    keyword-indexed either way: only recall by meaning sees the start alone."""


@dataclass(frozen=True, slots=True)
class Stats:
    """Counts over one tenant's memory (or the whole store's)."""

    users: int
    records: dict[str, int]
    """Still-valid records per tier ("short", "long") and per kind ("turn", "summary", ...)."""
    closed: int
    refused: int
    skipped: int
    dead_letters: int
    waiting: int
