"""Routes that read: recall, one memory, a user's memories and history, pages, counts, the log, the
dead letters, stats and the human-readable dump."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter, Query
from fastapi.responses import PlainTextResponse

from hindsight import limits
from hindsight.errors import InvalidInput
from hindsight.paging import Cursor, RecordKey
from hindsight.serialize import locality_dict, turn_dict
from hindsight.server.http import schemas
from hindsight.server.http.deps import View

router = APIRouter(prefix="/v1", tags=["read"])
debug = APIRouter(tags=["read"])

Size = Query(default=limits.DEFAULT_PAGE, ge=1, le=limits.MAX_LIST)
OptionalUser = Query(default=None, min_length=1, max_length=limits.MAX_ID_CHARS)
MAX_ENTRY = 2**63 - 1
"""The largest entry number a store keeps (SQL's BIGINT)."""
Actions = Query(default=None, description="Only these actions (repeatable)")


@router.post("/recall", summary="Recall by meaning, entity, keyword and time")
async def recall(body: schemas.RecallIn, memory: View) -> schemas.RecallOut:
    answer = await memory.recall(
        body.user_id,
        body.query,
        body.session_id,
        body.top_k,
        body.tier,
        body.now,
        body.as_of,
        body.profile,
        body.token_budget,
        body.count_hits,
        body.min_score,
        body.time_zone,
        body.region,
    )
    return schemas.RecallOut.of(answer, body.explain)


@router.get("/users/{user_id}/working/{session_id}", summary="A session's working memory, oldest first")
async def working(user_id: str, session_id: str, memory: View) -> list[schemas.TurnOut]:
    return [schemas.TurnOut(**turn_dict(turn)) for turn in await memory.working(user_id, session_id)]


@router.get("/users/{user_id}/locality", summary="Where the user lives, as stored for them")
async def locality(user_id: str, memory: View) -> schemas.LocalityOut:
    return schemas.LocalityOut(**locality_dict(user_id, await memory.locality(user_id)))


@router.get("/memories/{record_id}", summary="One memory")
async def get(record_id: str, memory: View) -> schemas.RecordOut:
    return schemas.RecordOut.of(await memory.get(record_id))


@router.get("/users", summary="The tenant's users")
async def users(memory: View) -> schemas.UsersOut:
    return schemas.UsersOut(users=await memory.users())


@router.get("/users/{user_id}/memories", summary="A user's valid memories, newest first")
async def memories(
    user_id: str,
    memory: View,
    tier: schemas.TierName | None = None,
    kind: schemas.KindName | None = None,
    limit: int = Query(default=100, ge=1, le=limits.MAX_LIST),
) -> schemas.RecordsOut:
    return schemas.RecordsOut(records=schemas.records_out(await memory.memories(user_id, tier, kind, limit)))


@router.get("/users/{user_id}/history", summary="Every record of a user, closed versions too, oldest first")
async def records(
    user_id: str, memory: View, tier: schemas.TierName | None = None, include_closed: bool = True
) -> schemas.RecordsOut:
    return schemas.RecordsOut(
        records=schemas.records_out(await memory.records(user_id, tier, include_closed))
    )


def _record_cursor(before: str | None, after: str | None) -> Cursor[RecordKey] | None:
    given = before or after
    if given is None:
        return None
    moment, _, rid = given.partition("|")
    try:
        key = RecordKey(datetime.fromisoformat(moment), rid)
    except ValueError:
        raise InvalidInput(f"{given!r} is not a page cursor (the `newer`/`older` of a page)") from None
    return Cursor(key, newer=after is not None)


@router.get("/users/{user_id}/pages/{tier}", summary="A page of a user's valid memories of one tier")
async def record_page(
    user_id: str,
    tier: schemas.TierName,
    memory: View,
    kind: schemas.KindName | None = None,
    before: str | None = Query(default=None, description="A page's `older`: the page after it"),
    after: str | None = Query(default=None, description="A page's `newer`: the page before it"),
    size: int = Size,
) -> schemas.PageOut:
    page = await memory.record_page(user_id, tier, kind, _record_cursor(before, after), size)
    return schemas.PageOut.of(page)


@router.get("/users/{user_id}/count/{tier}", summary="How many valid memories of one tier a user has")
async def count_records(
    user_id: str, tier: schemas.TierName, memory: View, kind: schemas.KindName | None = None
) -> schemas.CountOut:
    return schemas.CountOut(count=await memory.count_records(user_id, tier, kind))


@router.get("/tally", summary="Records counted by tier, kind and validity (one user, or the tenant)")
async def tally(memory: View, user_id: str | None = OptionalUser) -> list[schemas.TallyRow]:
    rows = await memory.tally(user_id)
    return [
        schemas.TallyRow(tier=tier, kind=kind, valid=valid, count=count) for tier, kind, valid, count in rows
    ]


@router.get("/dump", summary="Everything remembered, human-readable, as JSON")
async def dump(memory: View, user_id: str | None = OptionalUser) -> schemas.DumpOut:
    return schemas.DumpOut(dump=await memory.dump(user_id))


@router.get("/stats", summary="Counts per tier and kind, refusals, queue")
async def stats(memory: View) -> schemas.StatsOut:
    return schemas.StatsOut.of(await memory.stats())


@router.get("/log", summary="The guard and lifecycle log (reasons and text hashes), a page at a time")
async def log_page(
    memory: View,
    user_id: str | None = OptionalUser,
    action: list[str] | None = Actions,
    before: int | None = Query(
        default=None, ge=0, le=MAX_ENTRY, description="A page's `older`: the page after it"
    ),
    after: int | None = Query(
        default=None, ge=0, le=MAX_ENTRY, description="A page's `newer`: the page before it"
    ),
    size: int = Size,
) -> schemas.LogPageOut:
    given = before if before is not None else after
    cursor = None if given is None else Cursor(given, newer=after is not None)
    return schemas.LogPageOut.of(await memory.log_page(user_id, action, cursor, size))


@router.get("/log/count", summary="How many log entries (one user or the tenant; some actions)")
async def count_log(
    memory: View,
    user_id: str | None = OptionalUser,
    action: list[str] | None = Actions,
) -> schemas.CountOut:
    return schemas.CountOut(count=await memory.count_log(user_id, action))


@router.get("/dead-letters", summary="Writes that failed every retry (no text)")
async def dead_letters(memory: View) -> list[schemas.DeadLetterOut]:
    return [schemas.DeadLetterOut.of(entry) for entry in await memory.dead_letters()]


@debug.get("/debug/dump", summary="Human-readable dump", response_class=PlainTextResponse)
async def debug_dump(memory: View, user_id: str | None = OptionalUser) -> str:
    return await memory.dump(user_id)
