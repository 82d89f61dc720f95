"""The HTTP API's request and response bodies (pydantic), so the OpenAPI document says exactly
what each route takes and gives."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hindsight.lifecycle import MaintenanceReport
from hindsight.models import Hit, MemoryRecord, Recall, WriteLogEntry
from hindsight.tenancy import Stats

Id = Field(min_length=1, max_length=256)
TierName = Literal["short", "long"]
KindName = Literal["fact", "preference", "summary", "pattern", "turn"]


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ObserveIn(Body):
    user_id: str = Id
    session_id: str = Id
    role: str = Field(min_length=1, max_length=64, examples=["user"])
    text: str = Field(min_length=1, max_length=20_000)
    time: str | None = Field(
        default=None, description="ISO 8601; default now", examples=["2026-11-30T09:00:00"]
    )
    turn_id: str | None = Field(default=None, min_length=1, max_length=256)
    persist: bool = True
    agent_id: str | None = Field(
        default=None, min_length=1, max_length=256, description="The agent that saw the turn (kept on it)"
    )


class EndSessionIn(Body):
    user_id: str = Id
    session_id: str = Id
    time: str | None = None


class RememberIn(Body):
    user_id: str = Id
    text: str = Field(min_length=1, max_length=20_000)
    tier: TierName = "short"
    kind: KindName = "fact"
    entities: dict[str, str] | None = None
    importance: float | None = Field(default=None, ge=0, le=1)
    time: str | None = None
    source_ids: list[str] | None = Field(default=None, max_length=1000)
    agent_id: str | None = Field(default=None, min_length=1, max_length=256, description="Who stores it")
    session_id: str | None = Field(
        default=None, min_length=1, max_length=256, description="In which conversation"
    )


class RecallIn(Body):
    user_id: str = Id
    query: str = Field(min_length=1, max_length=20_000)
    session_id: str | None = Field(default=None, min_length=1, max_length=256)
    top_k: int = Field(default=5, ge=1, le=100)
    tier: TierName | None = None
    now: str | None = None
    as_of: str | None = None
    profile: str = Field(default="default", max_length=64)
    token_budget: int | None = Field(default=1500, ge=1, le=1_000_000)
    explain: bool = False


class MaintainIn(Body):
    now: str | None = None
    user_id: str | None = Field(default=None, min_length=1, max_length=256)


class RecordOut(BaseModel):
    id: str
    user_id: str
    tier: str
    kind: str
    text: str
    entities: dict[str, str]
    importance: float
    source_ids: list[str]
    event_time: str
    valid_from: str
    valid_until: str | None
    hits: int
    origin: str
    agent_id: str | None = None
    session_id: str | None = None

    @classmethod
    def of(cls, record: MemoryRecord) -> RecordOut:
        return cls(
            id=record.id,
            user_id=record.user_id,
            tier=record.tier,
            kind=record.kind,
            text=record.text,
            entities=record.entities,
            importance=record.importance,
            source_ids=list(record.source_ids),
            event_time=record.event_time.isoformat(),
            valid_from=record.valid_from.isoformat(),
            valid_until=record.valid_until.isoformat() if record.valid_until else None,
            hits=record.hits,
            origin=record.origin,
            agent_id=record.agent_id,
            session_id=record.session_id,
        )


class RecordsOut(BaseModel):
    records: list[RecordOut]


class HitOut(BaseModel):
    record: RecordOut
    score: float
    scores: dict[str, float] | None = Field(default=None, description="Per-route scores (explain=true)")

    @classmethod
    def of(cls, hit: Hit, explain: bool) -> HitOut:
        return cls(
            record=RecordOut.of(hit.record), score=hit.score, scores=dict(hit.scores) if explain else None
        )


class TurnOut(BaseModel):
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
    notes: dict[str, str] | None = None
    """With explain: the time filter's decision and the minimum score (issue 16)."""

    @classmethod
    def of(cls, answer: Recall, explain: bool) -> RecallOut:
        return cls(
            query=answer.query,
            profile=answer.profile,
            hits=[HitOut.of(hit, explain) for hit in answer.hits],
            working=[TurnOut(role=t.role, text=t.text, time=t.time.isoformat()) for t in answer.working],
            tokens=answer.tokens,
            timings_ms=dict(answer.timings) if explain else None,
            notes=dict(answer.notes) if explain else None,
        )


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
        )


class LogEntryOut(BaseModel):
    user_id: str
    action: str
    reason: str
    text_hash: str
    time: str
    source: str
    detail: str | None

    @classmethod
    def of(cls, entry: WriteLogEntry) -> LogEntryOut:
        return cls(
            user_id=entry.user_id,
            action=entry.action,
            reason=entry.reason,
            text_hash=entry.text_hash,
            time=entry.time.isoformat(),
            source=entry.source,
            detail=entry.detail,
        )


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


class RetriedOut(BaseModel):
    requeued: int


class UsersOut(BaseModel):
    users: list[str]


class DumpOut(BaseModel):
    dump: str


class ErrorOut(BaseModel):
    error: str
    detail: str
