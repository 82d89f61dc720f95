"""Routes that write: observe a turn, end a session, remember a memory."""

from __future__ import annotations

from fastapi import APIRouter

from hindsight.server.http import schemas
from hindsight.server.http.deps import View

router = APIRouter(prefix="/v1", tags=["write"])


@router.post("/observe", summary="One turn of a conversation; says what the guard decided")
async def observe(body: schemas.ObserveIn, memory: View) -> schemas.ObservedOut:
    observed = await memory.observe(
        body.user_id,
        body.session_id,
        body.role,
        body.text,
        body.time,
        turn_id=body.turn_id,
        persist=body.persist,
        agent_id=body.agent_id,
        speaker=body.speaker,
        time_zone=body.time_zone,
        region=body.region,
    )
    return schemas.ObservedOut.of(observed)


@router.post("/end_session", summary="Close a session: write what is pending")
async def end_session(body: schemas.EndSessionIn, memory: View) -> schemas.WrittenOut:
    written = await memory.end_session(
        body.user_id, body.session_id, body.time, time_zone=body.time_zone, region=body.region
    )
    return schemas.WrittenOut.of(written)


@router.post("/remember", summary="Store one memory directly", status_code=201)
async def remember(body: schemas.RememberIn, memory: View) -> schemas.RememberedOut:
    remembered = await memory.remember(
        body.user_id,
        body.text,
        body.tier,
        body.kind,
        body.entities,
        body.importance,
        body.time,
        body.source_ids,
        body.slot,
        body.agent_id,
        body.session_id,
        body.time_zone,
        body.region,
    )
    return schemas.RememberedOut.of(remembered)
