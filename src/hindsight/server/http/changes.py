"""Routes that change memory: forget, promote, demote, maintain, retry a dead letter, where a user
lives."""

from __future__ import annotations

from fastapi import APIRouter

from hindsight.serialize import locality_dict
from hindsight.server.http import schemas
from hindsight.server.http.deps import View

router = APIRouter(prefix="/v1", tags=["change"])


@router.delete("/memories/{record_id}", summary="Forget one memory for good")
async def forget(record_id: str, memory: View) -> schemas.RecordOut:
    return schemas.RecordOut.of(await memory.forget(record_id))


@router.post("/memories/{record_id}/promote", summary="Move to long-term memory")
async def promote(record_id: str, memory: View) -> schemas.RecordOut:
    return schemas.RecordOut.of(await memory.promote(record_id))


@router.post("/memories/{record_id}/demote", summary="Move to short-term memory")
async def demote(record_id: str, memory: View) -> schemas.RecordOut:
    return schemas.RecordOut.of(await memory.demote(record_id))


@router.post(
    "/memories/{record_id}/revise", summary="Correct a memory: a new version, the old one kept in history"
)
async def revise(record_id: str, body: schemas.ReviseIn, memory: View) -> schemas.RememberedOut:
    return schemas.RememberedOut.of(await memory.revise(record_id, body.text, body.entities))


@router.post("/maintain", summary="Run the lifecycle now (the background loop also runs it on a schedule)")
async def maintain(body: schemas.MaintainIn, memory: View) -> schemas.MaintainOut:
    return schemas.MaintainOut.of(await memory.maintain(body.now, body.user_id))


@router.post("/dead-letters/{entry_id}/retry", summary="Send a dead letter back")
async def retry(entry_id: int, memory: View) -> schemas.RetriedOut:
    return schemas.RetriedOut(requeued=await memory.retry(entry_id))


@router.put(
    "/users/{user_id}/locality",
    summary="Store where the user lives (time zone, region): every later call reads their times on it",
)
async def set_locality(user_id: str, body: schemas.LocalityIn, memory: View) -> schemas.LocalityOut:
    stored = await memory.set_locality(user_id, body.time_zone, body.region)
    return schemas.LocalityOut(**locality_dict(user_id, stored))


@router.delete("/users/{user_id}/locality", summary="Remove where the user lives (the settings' apply again)")
async def clear_locality(user_id: str, memory: View) -> schemas.LocalityOut:
    await memory.clear_locality(user_id)
    return schemas.LocalityOut(**locality_dict(user_id, None))
