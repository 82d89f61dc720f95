"""The HTTP API's request and response bodies (pydantic), so the OpenAPI document says exactly what
each route takes and gives. Limits come from hindsight.limits, shapes from hindsight.serialize: the
same numbers and the same JSON as every other surface."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from hindsight import limits
from hindsight.lifecycle import MaintenanceReport
from hindsight.models import (
    LogLine,
    MemoryRecord,
    Observed,
    QueueEntry,
    Recall,
    Remembered,
    Role,
    Stats,
    Written,
)
from hindsight.paging import Page, RecordKey
from hindsight.serialize import hit_dict, log_dict, queued_dict, record_dict, turn_dict

Id = Field(min_length=1, max_length=limits.MAX_ID_CHARS)
TierName = Literal["short", "long"]
KindName = Literal["fact", "preference", "summary", "pattern", "turn"]
Text = Field(min_length=1, max_length=20_000)
Time = Field(
    default=None, description="ISO 8601 (naive is UTC); default now", examples=["2026-11-30T09:00:00"]
)


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


WriteZone = Field(
    default=None,
    max_length=64,
    description="The user's time zone, for a date the text names (IANA name or offset; default: time's "
    "offset, then the user's stored locality, then HINDSIGHT_TIME_ZONE)",
    examples=["Asia/Shanghai"],
)
WriteRegion = Field(
    default=None,
    max_length=8,
    description="The user's country (ISO 3166-1 alpha-2), for a date the text names (default: the user's "
    "stored locality, then HINDSIGHT_REGION)",
    examples=["CN"],
)


class ObserveIn(Body):
    user_id: str = Id
    session_id: str = Id
    role: Role = Field(description="The side that spoke", examples=["user"])
    text: str = Text
    time: str | None = Time
    turn_id: str | None = Field(default=None, min_length=1, max_length=limits.MAX_ID_CHARS)
    persist: bool = True
    speaker: str | None = Field(
        default=None,
        min_length=1,
        max_length=limits.MAX_ROLE_CHARS,
        description="A participant's name, in a conversation between people (a user or assistant turn)",
        examples=["Caroline"],
    )
    agent_id: str | None = Field(
        default=None, min_length=1, max_length=limits.MAX_ID_CHARS, description="The agent that saw the turn"
    )
    time_zone: str | None = WriteZone
    region: str | None = WriteRegion


class EndSessionIn(Body):
    user_id: str = Id
    session_id: str = Id
    time: str | None = Time
    time_zone: str | None = WriteZone
    region: str | None = WriteRegion


class RememberIn(Body):
    user_id: str = Id
    text: str = Text
    tier: TierName = "short"
    kind: KindName = "fact"
    entities: dict[str, str] | None = Field(default=None, max_length=limits.MAX_ENTITIES)
    importance: float | None = Field(default=None, ge=0, le=1)
    time: str | None = Time
    source_ids: list[str] | None = Field(default=None, max_length=limits.MAX_SOURCE_IDS)
    slot: str | None = Field(
        default=None,
        min_length=1,
        max_length=limits.MAX_ID_CHARS,
        description="What the memory states a value of: a later value of the same slot closes this one",
    )
    agent_id: str | None = Field(
        default=None, min_length=1, max_length=limits.MAX_ID_CHARS, description="Who stores it"
    )
    session_id: str | None = Field(
        default=None, min_length=1, max_length=limits.MAX_ID_CHARS, description="In which conversation"
    )
    time_zone: str | None = WriteZone
    region: str | None = WriteRegion


class RecallIn(Body):
    user_id: str = Id
    query: str = Text
    session_id: str | None = Field(default=None, min_length=1, max_length=limits.MAX_ID_CHARS)
    top_k: int = Field(default=limits.DEFAULT_TOP_K, ge=1, le=limits.MAX_TOP_K)
    tier: TierName | None = None
    now: str | None = Time
    as_of: str | None = Field(default=None, description="Recall what was valid then (ISO 8601)")
    profile: str = Field(default="default", max_length=limits.MAX_PROFILE_CHARS)
    token_budget: int | None = Field(default=limits.DEFAULT_TOKEN_BUDGET, ge=1, le=limits.MAX_TOKEN_BUDGET)
    count_hits: bool = Field(
        default=True, description="Count the hits for the lifecycle (false: just looking)"
    )
    min_score: float | None = Field(
        default=None,
        ge=0,
        description="Leave out hits scoring below this (default: HINDSIGHT_RECALL_MIN_SCORE)",
    )
    time_zone: str | None = Field(
        default=None,
        max_length=64,
        description="The user's time zone, for the times the query names (IANA name or offset; default: "
        "now's offset, then the user's stored locality, then HINDSIGHT_TIME_ZONE)",
        examples=["Asia/Shanghai"],
    )
    region: str | None = Field(
        default=None,
        max_length=8,
        description="The user's country (ISO 3166-1 alpha-2), for dates in digits, seasons and holidays "
        "(default: the user's stored locality, then HINDSIGHT_REGION)",
        examples=["AU"],
    )
    explain: bool = False


class ReviseIn(Body):
    text: str = Text
    entities: dict[str, str] | None = Field(
        default=None, max_length=limits.MAX_ENTITIES, description="The new version's entities (default: kept)"
    )


class MaintainIn(Body):
    now: str | None = Time
    user_id: str | None = Field(default=None, min_length=1, max_length=limits.MAX_ID_CHARS)


class RecordOut(BaseModel):
    id: str
    user_id: str
    tier: str
    kind: str
    text: str
    entities: dict[str, str]
    importance: float
    source_ids: list[str]
    created_at: str
    event_time: str
    valid_from: str
    valid_until: str | None
    hits: int
    origin: str
    agent_id: str | None = None
    session_id: str | None = None

    @classmethod
    def of(cls, record: MemoryRecord) -> RecordOut:
        return cls(**record_dict(record))


def records_out(records: Any) -> list[RecordOut]:
    return [RecordOut.of(record) for record in records]


class RecordsOut(BaseModel):
    records: list[RecordOut]


class WrittenOut(BaseModel):
    records: list[RecordOut] = Field(description="Memories written by this call (summaries, facts)")
    closed: list[RecordOut] = Field(description="Earlier memories this call closed (kept for as_of)")

    @classmethod
    def of(cls, written: Written) -> WrittenOut:
        return cls(records=records_out(written.records), closed=records_out(written.closed))


class ObservedOut(BaseModel):
    turn_id: str
    decision: Literal["stored", "skipped", "refused"] = Field(
        description="The write guard's word: stored, skipped (not worth storing) "
        "or refused (unsafe; kept nowhere)"
    )
    reason: str
    persisted: bool = Field(description="Whether the turn was stored raw")
    records: list[RecordOut]
    closed: list[RecordOut]

    @classmethod
    def of(cls, observed: Observed) -> ObservedOut:
        return cls(
            turn_id=observed.turn.turn_id,
            decision=observed.decision,
            reason=observed.reason,
            persisted=observed.persisted,
            records=records_out(observed.records),
            closed=records_out(observed.closed),
        )


class RememberedOut(BaseModel):
    record: RecordOut
    closed: list[RecordOut] = Field(description="Earlier values of the same slot this memory closed")
    embedded_chars: int | None = Field(
        default=None,
        description="How many characters of a long text the embedding model read "
        "(HINDSIGHT_EMBED_MAX_CHARS); null when it read all of it. "
        "The whole text is stored and keyword-indexed.",
    )

    @classmethod
    def of(cls, remembered: Remembered) -> RememberedOut:
        return cls(
            record=RecordOut.of(remembered.record),
            closed=records_out(remembered.closed),
            embedded_chars=remembered.embedded_chars,
        )


class HitOut(BaseModel):
    record: RecordOut
    score: float
    scores: dict[str, float] | None = Field(default=None, description="Per-route scores (explain=true)")


class TurnOut(BaseModel):
    turn_id: str
    role: str
    text: str
    time: str


class RecallOut(BaseModel):
    query: str
    profile: str
    hits: list[HitOut]
    working: list[TurnOut]
    tokens: int
    timings_ms: dict[str, float] | None = None
    notes: dict[str, str] | None = Field(
        default=None, description="With explain: the time filter's decision and the minimum score applied"
    )

    @classmethod
    def of(cls, answer: Recall, explain: bool) -> RecallOut:
        return cls(
            query=answer.query,
            profile=answer.profile,
            hits=[HitOut(**hit_dict(hit, explain)) for hit in answer.hits],
            working=[TurnOut(**turn_dict(t)) for t in answer.working],
            tokens=answer.tokens,
            timings_ms=dict(answer.timings) if explain else None,
            notes=dict(answer.notes) if explain else None,
        )


class PageOut(BaseModel):
    records: list[RecordOut]
    first: int = Field(description="Position (from 1) of the first row in the whole list; 0 if none")
    total: int
    newer: str | None = Field(description="Cursor of the page before this one (the `after` parameter)")
    older: str | None = Field(description="Cursor of the page after this one (the `before` parameter)")

    @classmethod
    def of(cls, page: Page[RecordKey, MemoryRecord]) -> PageOut:
        return cls(
            records=records_out(page.rows),
            first=page.first,
            total=page.total,
            newer=record_cursor(page.newer),
            older=record_cursor(page.older),
        )


def record_cursor(key: RecordKey | None) -> str | None:
    return None if key is None else f"{key.created_at.isoformat()}|{key.id}"


class ChangeOut(BaseModel):
    user_id: str
    action: str
    record_id: str
    reason: str


class MaintainOut(BaseModel):
    now: str
    users: int
    examined: int
    counts: dict[str, int]
    changes: list[ChangeOut]
    skipped: list[str] = Field(description="Users another process was maintaining, left for next time")

    @classmethod
    def of(cls, report: MaintenanceReport) -> MaintainOut:
        return cls(
            now=report.now.isoformat(),
            users=report.users,
            examined=report.examined,
            counts=report.counts,
            changes=[
                ChangeOut(user_id=c.user_id, action=c.action, record_id=c.record_id, reason=c.reason)
                for c in report.changes
            ],
            skipped=list(report.skipped),
        )


class LogEntryOut(BaseModel):
    user_id: str
    action: str
    reason: str
    text_hash: str
    time: str
    source: str
    detail: str | None


class LogPageOut(BaseModel):
    entries: list[LogEntryOut] = Field(description="Newest first")
    first: int
    total: int
    newer: int | None = Field(description="`after` for the page before this one")
    older: int | None = Field(description="`before` for the page after this one")

    @classmethod
    def of(cls, page: Page[int, LogLine]) -> LogPageOut:
        return cls(
            entries=[LogEntryOut(**log_dict(line.entry)) for line in page.rows],
            first=page.first,
            total=page.total,
            newer=page.newer,
            older=page.older,
        )


class TallyRow(BaseModel):
    tier: str
    kind: str
    valid: bool
    count: int


class StatsOut(BaseModel):
    users: int
    records: dict[str, int]
    closed: int
    refused: int
    skipped: int
    dead_letters: int
    waiting: int

    @classmethod
    def of(cls, stats: Stats) -> StatsOut:
        return cls(**{name: getattr(stats, name) for name in cls.model_fields})


class DeadLetterOut(BaseModel):
    id: int
    op: str
    user_id: str
    session_id: str | None
    attempts: int
    created_at: str
    last_error: str | None

    @classmethod
    def of(cls, entry: QueueEntry) -> DeadLetterOut:
        return cls(**queued_dict(entry))


class RetriedOut(BaseModel):
    requeued: int


class UsersOut(BaseModel):
    users: list[str]


class LocalityIn(Body):
    time_zone: str | None = Field(
        default=None,
        max_length=64,
        description="The user's time zone (IANA name or offset); at least one of time_zone and region",
        examples=["Asia/Shanghai"],
    )
    region: str | None = Field(
        default=None,
        max_length=8,
        description="The user's country (ISO 3166-1 alpha-2); default: the zone's country",
        examples=["CN"],
    )


class LocalityOut(BaseModel):
    user_id: str
    stored: bool = Field(description="false: nothing is stored; the deployment's settings apply")
    time_zone: str | None
    region: str | None
    updated_at: str | None


class DumpOut(BaseModel):
    dump: str


class CountOut(BaseModel):
    count: int


class ErrorOut(BaseModel):
    error: str
    detail: str
