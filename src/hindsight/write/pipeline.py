"""The write path, verb by verb: observe a turn → trigger → extract → guard → resolve conflicts →
store (dual write: the event's summary, its slot facts, and the raw turns beside them).

The Writer holds nothing between calls. What an event needs between turns (its turns so far, its
summary, the slot values it stored) is an OpenEvent in the store, read at the start of each call
and written back by the call's one Change - with the records, the log lines and the removal of the
queue entry the call applies. So any process can apply the next turn of a conversation, a restart
loses nothing of an open event, and a write planned from a read that another process has since
changed is refused by the store (StaleWrite) and planned again by the caller (write/service.py).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from hindsight import validate
from hindsight.ids import new_record_id, turn_record_id
from hindsight.locality import EVERYWHERE, Locality, for_user, of_write
from hindsight.models import Kind, MemoryRecord, Scope, Tier, Turn, WriteAction, WriteLogEntry
from hindsight.spaces import numbers_with_units, plain_spaces
from hindsight.stores.base import (
    Change,
    Claim,
    EventChange,
    EventStore,
    OpenEvent,
    RecordSearch,
    RecordStore,
    SlotRead,
    WriteLog,
)
from hindsight.text import sentences
from hindsight.timeutil import normalize
from hindsight.write import conflicts, guard, patterns, updates
from hindsight.write.capitals import with_capitals
from hindsight.write.entities import as_mapping, find_entities
from hindsight.write.extract import Extraction, Extractor, SlotFact, facts_in, ttl_for
from hindsight.write.respelled import respelled
from hindsight.write.triggers import Trigger, decide, idle_between

_SLOT_KINDS_PREFERENCE = {"taste", "carrier"}

_new_id = new_record_id


@dataclass
class _EventDraft:
    """A session's open event as this write leaves it: `event` (None: closed), replacing the stored
    one at version `expected` (0: there was none)."""

    expected: int
    event: OpenEvent | None


def accepts_second_argument(method: Callable[..., object]) -> bool:
    """Whether a bound method can be called with two positional arguments."""
    try:
        signature = inspect.signature(method)
    except (TypeError, ValueError):
        return False
    positional = [
        p for p in signature.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in signature.parameters.values())


@dataclass
class Plan:
    """Everything one write will commit, gathered before the single transaction."""

    scope: Scope
    add: list[MemoryRecord] = field(default_factory=list)
    update: list[MemoryRecord] = field(default_factory=list)
    log: list[WriteLogEntry] = field(default_factory=list)
    written: list[MemoryRecord] = field(default_factory=list)
    """What the caller is told was written (summaries, facts, the remembered record; not raw turns)."""
    closed: dict[str, MemoryRecord] = field(default_factory=dict)
    """Records this write closes (valid_until set), as they will be stored."""
    events: dict[str, _EventDraft] = field(default_factory=dict)
    rejected: WriteLogEntry | None = None
    """For remember: the refusal that means nothing was stored (also in `log`)."""
    slots: dict[str, frozenset[str]] = field(default_factory=dict)
    """slot -> the ids of its still-valid stored records, as first read: the store refuses the
    plan if another write changed the slot meanwhile."""
    place: Locality | None = None
    """The user's clock and country for this write, once read (Writer.place_of)."""

    def put(self, record: MemoryRecord) -> None:
        """Replace a record already planned (same id)."""
        for bucket in (self.add, self.update):
            for index, planned in enumerate(bucket):
                if planned.id == record.id:
                    bucket[index] = record
        if record.id in self.closed:
            self.closed[record.id] = record

    def upsert(self, record: MemoryRecord, stored: bool) -> None:
        if any(planned.id == record.id for planned in (*self.add, *self.update)):
            self.put(record)
        elif stored:
            self.update.append(record)
        else:
            self.add.append(record)

    def close(self, record: MemoryRecord, stored: bool) -> None:
        self.upsert(record, stored)
        self.closed[record.id] = record

    def planned(self, record_id: str) -> MemoryRecord | None:
        return next((r for r in (*self.add, *self.update) if r.id == record_id), None)

    def change(self, done: Claim | None) -> Change:
        return Change(
            add=tuple(self.add),
            update=tuple(self.update),
            log=tuple(self.log),
            events=tuple(
                EventChange(self.scope, session, draft.event, draft.expected)
                for session, draft in sorted(self.events.items())
            ),
            done=done,
            slots=tuple(SlotRead(self.scope, slot, ids) for slot, ids in sorted(self.slots.items())),
        )


def log_entry(
    scope: Scope,
    action: WriteAction,
    reason: str,
    text: str,
    time: datetime,
    source: str,
    detail: str | None = None,
) -> WriteLogEntry:
    return WriteLogEntry(
        user_id=scope.user,
        action=action,
        reason=reason,
        text_hash=guard.text_hash(text),
        time=time,
        source=source,
        detail=detail,
        tenant=scope.tenant,
    )


def _bigrams(text: str) -> frozenset[str]:
    squeezed = "".join(text.lower().split())
    return frozenset(squeezed[i : i + 2] for i in range(len(squeezed) - 1))


def distinct_utterances(turns: Sequence[Turn], threshold: float = 0.8) -> int:
    """How many different things the turns say: near-duplicates (character-bigram Jaccard >= 0.8)
    count once."""
    kept: list[frozenset[str]] = []
    for turn in turns:
        grams = _bigrams(turn.text)
        similar = (len(grams & other) / len(grams | other) >= threshold for other in kept if grams and other)
        if not any(similar):
            kept.append(grams)
    return len(kept)


def verdict_of(payload: Mapping[str, object], text: str) -> guard.Verdict:
    """The guard's word as the core recorded it in the queued payload (the guard runs once per
    write); a payload queued by an older version carries none, and is judged now."""
    recorded = payload.get("guard")
    if isinstance(recorded, dict) and recorded.get("action") in ("store", "skip", "refuse"):
        return guard.Verdict(recorded["action"], str(recorded.get("reason", "")))
    return guard.check(text)


class Writer:
    """Turns queue entries into plans; holds nothing between calls."""

    def __init__(
        self,
        records: RecordStore,
        search: RecordSearch,
        events: EventStore,
        log: WriteLog,
        extractor: Extractor,
        max_event_turns: int = 6,
        clock: Callable[[], datetime] | None = None,
        updates_by_meaning: bool = True,
        update_judge: updates.UpdateJudge | None = None,
        place: Locality = EVERYWHERE,
    ) -> None:
        self.records = records
        self.search = search
        self.events = events
        self.log = log
        self.extractor = extractor
        # An extractor written before extractors were given the user's clock takes the turns alone
        # (and reads dates on its own clock): it keeps working.
        self._extractor_takes_place = accepts_second_argument(extractor.extract)
        self.max_event_turns = max_event_turns
        self.updates_by_meaning = updates_by_meaning
        self.update_judge: updates.UpdateJudge = update_judge or updates.ModelJudge()
        self._clock = clock or (lambda: normalize(None))
        self.place = place
        """The settings' clock and country: a date a text names ("明天", "next Friday") is read on it
        when nothing is stored for the user (place_of)."""

    def place_of(self, plan: Plan, said: object = None) -> Locality:
        """The clock and country a write's dates are read on: what the write's call said (`said`, its
        payload's "place"), else what is stored for the user, else the settings'. Read from the store
        once a write (never kept longer: another process may have just set it)."""
        if plan.place is None:
            plan.place = of_write(said, for_user(self.records.locality_of(plan.scope), self.place))
        return plan.place

    # -- open events -------------------------------------------------------------------------------

    def _event(self, plan: Plan, stored: Mapping[str, OpenEvent], session_id: str) -> OpenEvent:
        """The session's open event as the plan has it so far (a fresh one if there is none)."""
        draft = plan.events.get(session_id)
        if draft is not None:
            return draft.event or OpenEvent(session_id)
        return stored.get(session_id) or OpenEvent(session_id)

    def _keep_event(
        self, plan: Plan, stored: Mapping[str, OpenEvent], session_id: str, event: OpenEvent | None
    ) -> None:
        """Record the session's event as this write leaves it (None, or no turns: closed)."""
        if event is not None and not event.turn_ids:
            event = None
        before = stored.get(session_id)
        expected = (
            plan.events[session_id].expected
            if session_id in plan.events
            else (before.version if before else 0)
        )
        if event is None and expected == 0:
            plan.events.pop(session_id, None)  # never stored, nothing to close
            return
        if event is not None:
            event = replace(event, touched_at=self._clock())
        plan.events[session_id] = _EventDraft(expected, event)

    def _turns(self, plan: Plan, event: OpenEvent) -> list[Turn]:
        """The event's turns, read back from their stored records (a turn forgotten meanwhile is
        left out: nothing forgotten is summarised later)."""
        ids = [turn_record_id(plan.scope.owner, turn_id) for turn_id in event.turn_ids]
        planned = {r.id: r for r in plan.add if r.kind == "turn"}
        stored = self.records.get_many([rid for rid in ids if rid not in planned])
        turns: list[Turn] = []
        for turn_id, rid in zip(event.turn_ids, ids, strict=True):
            record = planned.get(rid) or stored.get(rid)
            if record is not None:
                turns.append(
                    Turn(
                        turn_id,
                        record.session_id or event.session_id,
                        record.role or "",
                        record.text,
                        record.event_time,
                    )
                )
        return turns

    # -- observe -----------------------------------------------------------------------------------

    def observe(self, scope: Scope, payload: Mapping[str, object]) -> Plan:
        turn = Turn(
            turn_id=str(payload["turn_id"]),
            session_id=str(payload["session_id"]),
            role=str(payload["role"]),
            text=str(payload["text"]),
            time=normalize(str(payload["time"])),
        )
        context = payload.get("context_id")
        agent = payload.get("agent_id")
        plan = Plan(scope)
        self.place_of(plan, payload.get("place"))
        stored = {event.session_id: event for event in self.events.open_events(scope)}
        for session_id, event in stored.items():
            if event.turn_ids and idle_between(event.last_time, turn.time):
                self._keep_event(plan, stored, session_id, self._write_event(plan, event, close=True))
        verdict = verdict_of(payload, turn.text)
        if verdict.action == "refuse":
            plan.log.append(log_entry(scope, "refused", verdict.reason, turn.text, turn.time, "observe"))
            return plan
        event = self._event(plan, stored, turn.session_id)
        if verdict.stored:
            record = self._turn_record(
                scope, turn, context if isinstance(context, str) else None, self.place_of(plan)
            )
            plan.add.append(replace(record, agent_id=agent) if isinstance(agent, str) else record)
            if self.updates_by_meaning and turn.role.strip().lower() == "user":
                self._close_updated(plan, record)
            event = replace(
                event,
                turn_ids=(*event.turn_ids, turn.turn_id),
                last_time=turn.time,
                agent_id=agent if isinstance(agent, str) else event.agent_id,
            )
        else:
            plan.log.append(log_entry(scope, "skipped", verdict.reason, turn.text, turn.time, "observe"))
        trigger = decide(turn)
        if len(event.turn_ids) >= self.max_event_turns and not trigger.close:
            # An event is a handful of turns: a longer stretch is summarised in pieces, so each
            # summary stays specific (and names few turns).
            trigger = Trigger(True, True, "event full")
        kept: OpenEvent | None = event
        if trigger.write and event.turn_ids:
            kept = self._write_event(plan, event, close=trigger.close)
        elif trigger.close:
            kept = None
        self._keep_event(plan, stored, turn.session_id, kept)
        return plan

    def end_session(
        self, scope: Scope, session_id: str, touched_before: datetime | None = None, said: object = None
    ) -> Plan:
        """Write and close the session's open event (if it was untouched since `touched_before`), on
        the clock `said` names (`locality.said_by_write`), else the user's stored one."""
        plan = Plan(scope)
        self.place_of(plan, said)
        stored = {event.session_id: event for event in self.events.open_events(scope)}
        event = stored.get(session_id)
        idle = touched_before is None or (
            event is not None and (event.touched_at or touched_before) < touched_before
        )
        if event is not None and idle:
            self._keep_event(plan, stored, session_id, self._write_event(plan, event, close=True))
        return plan

    def _close_updated(self, plan: Plan, turn: MemoryRecord) -> None:
        """Updates by meaning (updates.py): a user's turn that says it changes something closes the
        earlier statement of theirs it updates - the turn, the slot facts it stated and the
        summaries that repeat it - as a slot conflict would. The regex slots do the same for the
        attributes they know; this path is for the words they do not. Who decides is the
        `update_judge`: the shipped model, or an LLM when one is configured (falling back to the
        model, with a note in the log, when the LLM fails)."""
        scope = plan.scope
        said = _as_read(turn.text)
        if not self.update_judge.considers(said):
            return
        earlier = [
            r
            for r in self.records.page_records(scope, "short", updates.CANDIDATES, kind="turn")
            if r.id != turn.id
            and (r.role or "").strip().lower() == "user"
            and r.valid_from <= turn.valid_from
            and r.id not in plan.closed
        ]
        if not earlier:
            return
        judgement = self.update_judge.judge(said, [_as_read(r.text) for r in earlier])
        if judgement.note:
            note = log_entry(scope, "llm_fallback", judgement.note, turn.text, turn.valid_from, "observe")
            plan.log.append(note)
        for match in judgement.matches:
            if earlier[match.index].id not in plan.closed:
                self._close_one(plan, turn, earlier[match.index], judgement.how)

    def _close_one(self, plan: Plan, turn: MemoryRecord, old: MemoryRecord, reason: str) -> None:
        """Close `old` (a turn), the slot facts it stated and the summaries that repeat it."""
        scope = plan.scope
        at = turn.valid_from
        stated = [
            r
            for source in old.source_ids
            for r in self.search.citing(scope, source)
            if r.valid_until is None and r.id not in plan.closed
        ]
        facts = [
            r
            for r in stated
            if r.slot is not None and (conflicts.slot_value(r) or "\0").lower() not in turn.text.lower()
        ]
        old_sentences = [s.rstrip("。.!！?？ ") for s in sentences(old.text)]
        summaries = [
            r
            for r in stated
            if r.kind == "summary" and any(s and s.lower() in r.text.lower() for s in old_sentences)
        ]
        verified = bool(
            patterns.EXPLICIT.search(turn.text) or patterns.CORRECTION.search(turn.text)
        ) and not patterns.HEDGED.search(turn.text)
        if any(r.tier == "long" for r in facts) and not verified:
            plan.log.append(
                log_entry(
                    scope,
                    "refused",
                    f"{reason}, but would overwrite a long-term fact on one unverified mention",
                    turn.text,
                    at,
                    "observe",
                    old.id,
                )
            )
            return
        for record in (old, *facts, *summaries):
            plan.close(replace(record, valid_until=at), stored=True)
        plan.log.append(log_entry(scope, "closed", reason, turn.text, at, "observe", old.id))

    def _turn_record(
        self, scope: Scope, turn: Turn, context_id: str | None = None, place: Locality = EVERYWHERE
    ) -> MemoryRecord:
        return MemoryRecord(
            id=turn_record_id(scope.owner, turn.turn_id),
            user_id=scope.user,
            tenant=scope.tenant,
            tier="short",
            kind="turn",
            text=turn.text,
            created_at=turn.time,
            event_time=turn.time,
            valid_from=turn.time,
            source_ids=(turn.turn_id,),
            # The turn's own entities, so the entity route finds the raw dialogue too.
            entities=as_mapping(find_entities(turn.text, place.wall_time(turn.time))),
            importance=0.3,
            session_id=turn.session_id,
            role=turn.role,
            origin="observe",
            context_id=context_id,
        )

    def _write_event(self, plan: Plan, event: OpenEvent, close: bool) -> OpenEvent | None:
        """Write the event's summary and slot facts; returns the event as it stays open (None once
        closed)."""
        turns = self._turns(plan, event)
        if not turns:
            return None if close else event
        last = turns[-1]
        extraction = (
            self.extractor.extract(turns, self.place_of(plan))
            if self._extractor_takes_place
            else self.extractor.extract(turns)
        )
        for note in extraction.notes:
            plan.log.append(log_entry(plan.scope, "llm_fallback", note, last.text, last.time, "extract"))
        summary_id = event.summary_id
        # An event that says one thing (one turn, or the same words repeated) would be summarised
        # into a copy of its own raw turn, which carries its entities already: the turn is the
        # memory. Measured: such copies crowd the ranking (madial-zh ev@10 -0.02) and cost an
        # embedding each.
        if extraction.source_ids and distinct_utterances(turns) > 1:
            summary_id = self._write_summary(plan, event, turns, extraction) or summary_id
        values = dict(event.fact_values)
        for fact in extraction.facts:
            if values.get(fact.slot) == fact.value:
                continue
            at = next((t.time for t in turns if t.turn_id == fact.turn_id), last.time)
            written = self._write_fact(
                plan, fact, at, source="observe", session_id=event.session_id, agent_id=event.agent_id
            )
            if written:
                values[fact.slot] = fact.value
        if close:
            return None
        return replace(event, summary_id=summary_id, fact_values=values)

    def _write_summary(
        self, plan: Plan, event: OpenEvent, turns: Sequence[Turn], extraction: Extraction
    ) -> str | None:
        """Write (or rewrite) the event's summary; returns its id, or None if the guard refused it."""
        first, last = turns[0], turns[-1]
        scope = plan.scope
        # A rule summary is made of turns the guard already passed; an LLM-written one is checked.
        verdict = guard.check_safety(extraction.summary) if extraction.origin == "llm" else guard.STORE
        if not verdict.stored:
            plan.log.append(
                log_entry(scope, "refused", verdict.reason, extraction.summary, last.time, "extract")
            )
            return None
        previous = None
        if event.summary_id is not None:
            previous = plan.planned(event.summary_id) or self.records.get_many([event.summary_id]).get(
                event.summary_id
            )
        content = {
            "text": extraction.summary,
            "event_time": first.time,
            "valid_until": None,
            "source_ids": tuple(turn.turn_id for turn in turns),
            "entities": extraction.entities,
            "importance": extraction.importance,
            "session_id": first.session_id,
            "agent_id": event.agent_id,
            "ttl_days": extraction.ttl_days,
            "expires_at": last.time + timedelta(days=extraction.ttl_days),
            "origin": "llm" if extraction.origin == "llm" else "rule",
            "intent": extraction.intent,
        }
        if previous is None:
            summary = MemoryRecord(
                id=_new_id(),
                user_id=scope.user,
                tenant=scope.tenant,
                tier="short",
                kind="summary",
                created_at=last.time,
                valid_from=last.time,
                **content,  # type: ignore[arg-type]
            )
            plan.add.append(summary)
        else:
            summary = replace(previous, **content)  # type: ignore[arg-type]
            if summary == previous:
                return summary.id
            plan.upsert(summary, stored=True)
        plan.written = [record for record in plan.written if record.id != summary.id] + [summary]
        return summary.id

    def _write_fact(
        self,
        plan: Plan,
        fact: SlotFact,
        at: datetime,
        source: str,
        session_id: str | None = None,
        record_id: str | None = None,
        importance: float | None = None,
        agent_id: str | None = None,
        kind: Kind | None = None,
        tier: Tier | None = None,
        extra_entities: dict[str, str] | None = None,
    ) -> MemoryRecord | None:
        """Store one slot fact, closing what it replaces. Returns the record, or None when it was a
        duplicate or refused (the refusal is logged)."""
        scope = plan.scope
        # Issue 16: slots match by meaning (conflicts.py). Every open value of the attribute is a
        # candidate; a statement without a subject takes the one it replaces.
        planned = [*plan.add, *plan.update]
        reads: dict[str, list[MemoryRecord]] = {}

        def read_slot(slot: str) -> list[MemoryRecord]:
            if slot not in reads:  # each slot read once: the plan is checked against that read
                reads[slot] = self.search.open_slot(scope, slot)
            return reads[slot]

        candidates = conflicts.open_of_attribute(
            self.search, self.records, scope, fact, at, read_slot, planned
        )
        fact = conflicts.inherit_subject(fact, candidates, session_id)
        explicit = fact.explicit and not fact.hedged
        entities = {fact.attribute: fact.value, **({"subject": fact.subject} if fact.subject else {})}
        if source == "observe":  # a remembered record keeps exactly the entities it was given
            entities[conflicts.ATTRIBUTE_ENTITY] = fact.attribute
        record = MemoryRecord(
            id=record_id or _new_id(),
            user_id=scope.user,
            tenant=scope.tenant,
            tier=tier or ("long" if explicit else "short"),
            kind=kind or ("preference" if explicit or fact.attribute in _SLOT_KINDS_PREFERENCE else "fact"),
            text=fact.statement,
            created_at=at,
            event_time=at,
            valid_from=at,
            source_ids=(fact.turn_id,) if record_id is None else (),
            entities={**entities, **(extra_entities or {})},
            importance=importance if importance is not None else (0.9 if explicit else 0.7),
            session_id=session_id,
            agent_id=agent_id,
            ttl_days=None if explicit else ttl_for(0.7),
            origin="rule" if source == "observe" else "manual",
            slot=fact.slot,
            intent="preference" if fact.attribute in _SLOT_KINDS_PREFERENCE or explicit else None,
        )
        open_records = {r.id: r for r in conflicts.replaced_by(fact, candidates)}
        # What this plan read of each slot it may close: the store refuses the plan (StaleWrite) if
        # another writer opened or closed a value of one of them meanwhile, and it is planned again.
        for slot in sorted({fact.slot, *(r.slot for r in open_records.values() if r.slot)}):
            plan.slots.setdefault(slot, frozenset(r.id for r in read_slot(slot)))
        detail = f"{fact.slot}={fact.value}"
        resolution = conflicts.resolve(
            record, fact, list(open_records.values()), True, lambda: self.log.count_logged(scope, detail)
        )
        if resolution.outcome == "duplicate" and source == "observe":
            return None  # the value is already known; the turn itself is stored raw
        if resolution.outcome == "duplicate":  # remember: the text may say more than the value
            plan.add.append(record)
            plan.written.append(record)
            return record
        if resolution.outcome == "refuse":
            plan.log.append(
                log_entry(scope, "refused", resolution.reason, fact.statement, at, source, detail)
            )
            return None
        plan.add.append(record)
        plan.written.append(record)
        added = {r.id for r in plan.add}
        for closed in resolution.close:
            plan.close(closed, stored=closed.id not in added)
            self._close_sources(plan, closed, record.valid_from)
        return record

    def _close_sources(self, plan: Plan, closed: MemoryRecord, at: datetime) -> None:
        """The raw turns that stated a replaced value, and the summaries that repeat it, state
        something no longer true: close them too (they stay in history for `as_of`)."""
        scope = plan.scope
        old_value = conflicts.slot_value(closed) or ""
        turn_ids = [turn_record_id(scope.owner, source) for source in closed.source_ids]
        stale = list(self.records.get_many(turn_ids).values())
        for source in closed.source_ids:
            stale += [
                r for r in self.search.citing(scope, source) if r.kind == "summary" and old_value in r.text
            ]
        added = {r.id for r in plan.add}
        for record in stale:
            current = plan.planned(record.id) or record
            if current.valid_until is None and current.id != closed.id:
                plan.close(replace(current, valid_until=at), stored=current.id not in added)
        for record in list(plan.add):  # written in this same plan, not yet stored
            cites = record.id in turn_ids or (
                record.kind == "summary"
                and old_value in record.text
                and set(record.source_ids) & set(closed.source_ids)
            )
            if cites and record.valid_until is None:
                plan.close(replace(record, valid_until=at), stored=False)

    # -- remember ----------------------------------------------------------------------------------

    def remember(self, scope: Scope, payload: Mapping[str, object]) -> Plan:
        """Plan one remembered memory; `plan.rejected` is set (and nothing but the log line planned)
        when the guard or conflict resolution refuses it."""
        text = str(payload["text"])
        at = normalize(str(payload["time"]))
        record_id = str(payload["record_id"])
        plan = Plan(scope)
        self.place_of(plan, payload.get("place"))
        verdict = verdict_of(payload, text)
        if not verdict.stored:
            action: WriteAction = "refused" if verdict.action == "refuse" else "skipped"
            plan.rejected = log_entry(scope, action, verdict.reason, text, at, "remember")
            plan.log.append(plan.rejected)
            return plan
        given = payload.get("entities")
        found = find_entities(text, self.place_of(plan).wall_time(at))
        entities = {**as_mapping(found), **(given if isinstance(given, dict) else {})}
        explicit = bool(patterns.EXPLICIT.search(text)) and not patterns.HEDGED.search(text)
        tier = validate.tier("long" if explicit else payload["tier"])
        kind = validate.kind(payload["kind"])
        raw_importance = payload.get("importance")
        importance = float(raw_importance) if isinstance(raw_importance, int | float) else None
        agent_id = str(payload["agent_id"]) if payload.get("agent_id") else None
        session_id = str(payload["session_id"]) if payload.get("session_id") else None
        raw_sources = payload.get("source_ids")
        source_ids = tuple(str(s) for s in raw_sources) if isinstance(raw_sources, list) else ()
        facts = [fact for sentence in sentences(text) for fact in facts_in(sentence, record_id)]
        named = payload.get("slot")
        if isinstance(named, str) and named:
            # The caller names the slot (a key-value preference): the value is the entity of
            # that name, or the text; the caller's statement is explicit.
            value = next((str(v) for k, v in entities.items() if k.lower() == named), text)
            facts = [SlotFact(named, "", value, text, record_id, explicit=True)]
        if len({fact.slot for fact in facts}) == 1 and kind in ("fact", "preference"):
            fact = replace(facts[-1], statement=text)
            record = self._write_fact(
                plan,
                fact,
                at,
                source="remember",
                record_id=record_id,
                importance=importance,
                kind=kind,
                tier=tier,
                extra_entities=entities,
            )
            if record is None:
                plan.rejected = plan.log[-1]
                return plan
            record = replace(record, source_ids=source_ids, agent_id=agent_id, session_id=session_id)
            plan.put(record)
            plan.written = [record if r.id == record.id else r for r in plan.written]
        else:
            record = MemoryRecord(
                id=record_id,
                user_id=scope.user,
                tenant=scope.tenant,
                tier=tier,
                kind=kind,
                text=text,
                created_at=at,
                event_time=at,
                valid_from=at,
                source_ids=source_ids,
                entities=entities,
                importance=importance if importance is not None else 0.5,
                origin="manual",
                agent_id=agent_id,
                session_id=session_id,
            )
            plan.add.append(record)
            plan.written.append(record)
        return plan


def _as_read(text: str) -> str:
    """A statement as the update judge reads it: plain spaces, numbers beside their Chinese units
    (`spaces`: a no-break space or a spaced "500 块" says what the plain text says), English typed in
    lower case with its capitals (`capitals`) and its mistyped words as meant (`respelled`), as the
    extractor reads them (BENCHMARKS.md, "Issue 16, thirty-eighth round")."""
    return respelled(with_capitals(numbers_with_units(plain_spaces(text))))
