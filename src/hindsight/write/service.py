"""Writing, end to end: check the input, ask the guard (once per write), acknowledge the write in the
durable queue, apply it, and tell the caller exactly what happened to it.

A write is acknowledged when its queue entry is committed. The process that took the write holds
the entry's claim from that moment and applies it at once; the Change that applies it removes the
entry in the same transaction (an outbox), so the write is applied once - by this process, or, if
it dies or its lease runs out, by whichever process claims the entry next. A plan made from a read
that another process changed since is refused by the store (StaleWrite) and made again.

Failures: input no retry can fix goes to the dead letters at once; anything else (the store busy
or full, a model or LLM endpoint down) is retried with backoff and only then dead-lettered.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import datetime, timedelta

from hindsight import validate
from hindsight.errors import (
    ClaimLost,
    DuplicateRecord,
    EmbedderUnavailable,
    HindsightError,
    InvalidInput,
    StaleWrite,
    StoreUnavailable,
    WriteDeferred,
    WriteRejected,
)
from hindsight.ids import new_record_id, turn_record_id
from hindsight.models import (
    DEFAULT_TENANT,
    Decision,
    Kind,
    MemoryRecord,
    Observed,
    QueueEntry,
    Remembered,
    Scope,
    Tier,
    Turn,
    WriteAction,
    Written,
)
from hindsight.settings import Settings
from hindsight.stores.base import Change, Claim
from hindsight.stores.registry import Backend
from hindsight.timeutil import normalize, utcnow
from hindsight.write import guard, guard_labels
from hindsight.write.pipeline import Plan, Writer, log_entry
from hindsight.write.queue import MAX_ATTEMPTS, backoff
from hindsight.write.triggers import is_idle_gap

log = logging.getLogger("hindsight.write")

STALE_RETRIES = 8
"""Plans made again after a StaleWrite before the write is deferred to the queue's retries."""

_DECISIONS: dict[str, Decision] = {"store": "stored", "skip": "skipped", "refuse": "refused"}
_TRANSIENT = (StoreUnavailable, EmbedderUnavailable, StaleWrite)
"""Errors of the moment: retried with backoff, never dead-lettered on the first try."""


class WriteService:
    def __init__(
        self,
        backend: Backend,
        writer: Writer,
        settings: Settings,
        owner: str,
        on_written: Callable[[Scope, int], None] = lambda scope, count: None,
    ) -> None:
        self._backend = backend
        self.writer = writer
        self._settings = settings
        self.owner = owner
        self._on_written = on_written
        """Told how many records of a user were stored without a vector (the loop, or the embedding
        behind the writes, embeds them)."""

    # -- the caller's own writes ---------------------------------------------------------------------

    def observe(
        self,
        scope: Scope,
        session_id: str,
        role: str,
        text: str,
        time: datetime | str | None,
        turn_id: str | None,
        persist: bool,
        speaker: str | None = None,
        place: Mapping[str, str] | None = None,
    ) -> Observed:
        backend, settings = self._backend, self._settings
        session_id = validate.identifier(session_id, "session_id")
        role = validate.speaker_label(role, speaker)  # the turn is stored as said by this label
        body = validate.text(text, max_chars=settings.max_text_chars)
        turn = Turn(
            turn_id=validate.identifier(turn_id, "turn_id") if turn_id is not None else new_record_id(),
            session_id=session_id,
            role=role,
            text=body,
            time=normalize(time),
        )
        seen = (
            persist
            and turn_id is not None
            and backend.records.get_many([turn_record_id(scope.owner, turn.turn_id)])
        )
        if seen:
            raise InvalidInput(f"turn_id {turn_id!r} was already observed for this user")
        wall = utcnow()
        window = backend.sessions.window(scope, session_id, wall)
        verdict = guard.check(body)
        if verdict.action != "refuse" and speaker is not None:  # a skipped turn still joins the window
            verdict = guard_labels.refused_or(verdict, guard_labels.write_labels(speaker=role))
        decision = _DECISIONS[verdict.action]
        if verdict.action == "refuse":
            # Refused before the queue: an unsafe text (a secret, an injection) never reaches disk,
            # nor the agent's working memory (which is blended into recall queries and handed back
            # to the agent), whether or not it was to be persisted. Only the reason and a hash are kept.
            self._log_only(scope, "refused", verdict.reason, body, turn.time, "observe")
            return Observed(turn, decision, verdict.reason)
        backend.sessions.append(scope, turn, settings.working_turns, wall)
        if not persist:
            return Observed(turn, decision, verdict.reason)
        payload: dict[str, object] = {
            "tenant": scope.tenant,
            "user_id": scope.user,
            "session_id": session_id,
            "role": role,
            "text": body,
            "time": turn.time.isoformat(),
            "turn_id": turn.turn_id,
            "guard": {"action": verdict.action, "reason": verdict.reason},
        }
        if scope.agent is not None:
            payload["agent_id"] = scope.agent
        if place:
            payload["place"] = dict(place)  # where the call said the user is (locality.said_by_write)
        previous = window[-1] if window else None
        if previous is not None and previous.role != role and not is_idle_gap(previous, turn):
            # The other side's turn this one answers (read with it by the embedder, if stored).
            # Not one's own previous turn: a run of statements by one speaker is often a run of
            # unrelated facts, and each would blur the next.
            payload["context_id"] = turn_record_id(scope.owner, previous.turn_id)
        written = self._submit("observe", scope, payload)
        return Observed(turn, decision, verdict.reason, verdict.stored, written.records, written.closed)

    def remember(
        self,
        scope: Scope,
        text: str,
        tier: Tier | str,
        kind: Kind | str,
        entities: Mapping[str, object] | None,
        importance: float | None,
        time: datetime | str | None,
        source_ids: Sequence[str] | None,
        slot: str | None,
        place: Mapping[str, str] | None = None,
    ) -> Remembered:
        body = validate.text(text, max_chars=self._settings.max_text_chars)
        labelled = validate.entities(entities)
        payload: dict[str, object] = {
            "record_id": new_record_id(),
            "tenant": scope.tenant,
            "user_id": scope.user,
            "text": body,
            "tier": validate.tier(tier),
            "kind": validate.kind(kind),
            "entities": labelled,
            "importance": validate.importance(importance, default=0.5) if importance is not None else None,
            "time": normalize(time).isoformat(),
            "source_ids": list(validate.source_ids(source_ids)),
        }
        slotted = validate.identifier(slot, "slot").lower() if slot is not None else None
        if slotted is not None:
            payload["slot"] = slotted
        if place:
            payload["place"] = dict(place)  # where the call said the user is (locality.said_by_write)
        for name, value in (("agent_id", scope.agent), ("session_id", scope.session)):
            if value is not None:
                payload[name] = value
        verdict = guard.check(body)
        if verdict.stored:  # the labels stored with the text reach agents with it
            verdict = guard_labels.refused_or(verdict, guard_labels.write_labels(labelled, slotted))
        if not verdict.stored:
            action: WriteAction = "refused" if verdict.action == "refuse" else "skipped"
            self._log_only(scope, action, verdict.reason, body, normalize(time), "remember")
            raise WriteRejected(action, verdict.reason)
        payload["guard"] = {"action": verdict.action, "reason": verdict.reason}
        written = self._submit("remember", scope, payload)
        record = next(r for r in written.records if r.id == payload["record_id"])
        return Remembered(record, written.closed)

    def end_session(
        self,
        scope: Scope,
        session_id: str,
        touched_before: datetime | None = None,
        place: Mapping[str, str] | None = None,
    ) -> Written:
        """Write and close the session's open event (only if untouched since `touched_before`, when
        given: the loop closing idle events must not close one that just got a turn), on the clock
        `place` says (`locality.said_by_write`), else the user's stored one."""
        session_id = validate.identifier(session_id, "session_id")
        for _attempt in range(STALE_RETRIES):
            plan = self.writer.end_session(scope, session_id, touched_before, place)
            try:
                self._backend.records.apply(plan.change(None))
            except StaleWrite:
                continue
            self._note_written(plan)
            return _as_stored(plan)
        raise StaleWrite(f"session {session_id!r} kept changing while it was closed; try again")

    def _log_only(
        self, scope: Scope, action: WriteAction, reason: str, text: str, at: datetime, source: str
    ) -> None:
        self._backend.records.apply(Change(log=(log_entry(scope, action, reason, text, at, source),)))

    def _submit(self, op: str, scope: Scope, payload: dict[str, object]) -> Written:
        """Acknowledge a write (it is in the durable queue once enqueue returns), then apply it under
        the claim taken with it."""
        now = utcnow()
        lease = now + timedelta(seconds=self._settings.queue_lease_s)
        entry_id = self._backend.queue.enqueue(op, payload, scope, now, owner=self.owner, lease_until=lease)
        entry = QueueEntry(entry_id, op, payload, 0, now, now, tenant=scope.tenant, user_id=scope.user)
        return self.apply(entry)

    # -- applying a queued write (the caller's own, or one the loop claimed) ---------------------------

    def apply(self, entry: QueueEntry) -> Written:
        """Apply a queue entry this process has claimed. Raises what the caller should hear:
        WriteRejected (the guard or a conflict said no; the entry is done), WriteDeferred (it will be
        retried), ClaimLost (another process applies it), InvalidInput (it is in the dead letters)."""
        claim = Claim(entry.id, self.owner)
        for _attempt in range(STALE_RETRIES):
            try:
                plan = self._plan(entry)
                self._backend.records.apply(plan.change(claim))
            except StaleWrite:
                continue  # planned from a read another process has changed since: plan again
            except (WriteRejected, ClaimLost):
                raise
            except DuplicateRecord as exc:
                if entry.op != "observe":
                    raise self._failed(entry, claim, exc) from exc
                # The same turn, applied meanwhile by another process that took it too (both passed
                # the "already observed" check at once): it is stored, once; this entry is done.
                self._backend.records.apply(Change(done=claim))
                raise InvalidInput(f"turn {entry.payload.get('turn_id')!r} was already observed") from exc
            except Exception as exc:
                raise self._failed(entry, claim, exc) from exc
            if plan.rejected is not None:
                raise WriteRejected(plan.rejected.action, plan.rejected.reason)
            self._note_written(plan)
            return _as_stored(plan)
        raise self._failed(entry, claim, StaleWrite("the memory kept changing while this write was planned"))

    def _plan(self, entry: QueueEntry) -> Plan:
        payload = entry.payload
        scope = Scope(str(payload.get("tenant", DEFAULT_TENANT)), str(payload["user_id"]))
        agent = payload.get("agent_id")
        if entry.op == "observe":
            return self.writer.observe(
                replace(scope, agent=agent if isinstance(agent, str) else None), payload
            )
        if entry.op == "remember":
            return self.writer.remember(scope, payload)
        raise InvalidInput(f"unknown queued operation {entry.op!r}")

    def _failed(self, entry: QueueEntry, claim: Claim, exc: BaseException) -> HindsightError:
        """Count a failed attempt in the queue; returns the error for the caller."""
        error = f"{type(exc).__name__}: {exc}"
        now = utcnow()
        transient = isinstance(exc, _TRANSIENT) or not isinstance(
            exc, HindsightError | ValueError | KeyError | TypeError
        )
        retry_at = now + backoff(entry.attempts) if transient and entry.attempts + 1 < MAX_ATTEMPTS else None
        try:
            self._backend.queue.fail(claim, error, retry_at, now)
        except HindsightError:
            # The store cannot even count the failure: the claim runs out and the entry is tried again.
            log.warning("queued write %s failed and could not be marked: %s", entry.id, error)
        if retry_at is not None:
            return WriteDeferred(entry.id, str(exc))
        if isinstance(exc, HindsightError) and not transient:
            return exc
        return InvalidInput(
            f"queued write {entry.id} cannot be applied ({error}); "
            "it is in the dead letters (`hindsight queue`)"
        )

    def _note_written(self, plan: Plan) -> None:
        waiting = len(plan.add) + sum(1 for r in plan.update if r.embedding_model is None)
        if waiting:
            self._on_written(plan.scope, waiting)

    # -- the queue -------------------------------------------------------------------------------------

    def drain(self, now: datetime | None = None, *, due: bool = True, limit: int | None = None) -> int:
        """Claim and apply queued writes no live process holds (only those due at `now`, unless `due`
        is False), oldest first, at most `limit`; returns how many were applied."""
        applied = 0
        while limit is None or applied < limit:
            moment = now or utcnow()
            lease = moment + timedelta(seconds=self._settings.queue_lease_s)
            size = 50 if limit is None else min(50, limit - applied)
            claimed = self._backend.queue.claim(self.owner, moment, lease, size, due=due)
            if not claimed:
                break
            for entry in claimed:
                try:
                    self.apply(entry)
                    applied += 1
                except WriteRejected:
                    applied += 1  # applied: the refusal is logged and the entry done
                except HindsightError as exc:
                    log.info("queued write %s not applied: %s", entry.id, exc)
            if len(claimed) < size:
                break
        return applied

    def requeue(self, entry_ids: Sequence[int]) -> int:
        now = utcnow()
        return sum(self._backend.queue.requeue(entry_id, now) for entry_id in entry_ids)


def _as_stored(plan: Plan) -> Written:
    """What the plan wrote, as the store now holds it: an updated record's version moved by one."""
    updated = {record.id for record in plan.update}

    def stored(record: MemoryRecord) -> MemoryRecord:
        return replace(record, version=record.version + 1) if record.id in updated else record

    return Written(tuple(map(stored, plan.written)), tuple(map(stored, plan.closed.values())))
