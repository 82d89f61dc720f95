"""The write path, verb by verb: observe a turn → trigger → extract → guard → resolve conflicts →
store (dual write: the event's summary, its slot facts, and the raw turns beside them).

Each call works from one durable queue entry and ends in one `apply_write` transaction that also
removes the entry, so a write is either wholly applied or still waiting in the queue.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from hindsight import validate
from hindsight.errors import WriteRejected
from hindsight.ids import new_record_id, turn_record_id
from hindsight.models import Kind, MemoryRecord, Tier, Turn, WriteAction, WriteLogEntry
from hindsight.stores.base import Store
from hindsight.text import sentences
from hindsight.timeutil import normalize
from hindsight.write import conflicts, guard, patterns
from hindsight.write.entities import as_mapping, find_entities
from hindsight.write.extract import Extraction, Extractor, SlotFact, facts_in, ttl_for
from hindsight.write.triggers import Trigger, decide, is_idle_gap

SessionKey = tuple[str, str]
_SLOT_KINDS_PREFERENCE = {"taste", "carrier"}


_new_id = new_record_id


@dataclass
class Segment:
    """The turns of one event (task) in one session that are not yet closed."""

    turns: list[Turn] = field(default_factory=list)
    summary: MemoryRecord | None = None
    fact_values: dict[str, str] = field(default_factory=dict)
    agent_id: str | None = None
    """The agent that saw the event's latest turn: what is written from the event carries it."""


@dataclass
class Plan:
    """Everything one write will commit, gathered before the single transaction."""

    add: list[MemoryRecord] = field(default_factory=list)
    update: list[MemoryRecord] = field(default_factory=list)
    log: list[WriteLogEntry] = field(default_factory=list)
    written: list[MemoryRecord] = field(default_factory=list)

    def put(self, record: MemoryRecord) -> None:
        """Add a new record, or replace one already planned or stored (same id)."""
        for bucket in (self.add, self.update):
            for index, planned in enumerate(bucket):
                if planned.id == record.id:
                    bucket[index] = record
                    return

    def upsert(self, record: MemoryRecord, stored: bool) -> None:
        if any(planned.id == record.id for planned in (*self.add, *self.update)):
            self.put(record)
        elif stored:
            self.update.append(record)
        else:
            self.add.append(record)


def log_entry(
    user_id: str,
    action: WriteAction,
    reason: str,
    text: str,
    time: datetime,
    source: str,
    detail: str | None = None,
) -> WriteLogEntry:
    return WriteLogEntry(
        user_id=user_id,
        action=action,
        reason=reason,
        text_hash=guard.text_hash(text),
        time=time,
        source=source,
        detail=detail,
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


class Writer:
    """Holds the open event segments of every session and turns queue entries into records."""

    def __init__(self, store: Store, extractor: Extractor, max_event_turns: int = 6) -> None:
        self.store = store
        self.max_event_turns = max_event_turns
        self.extractor = extractor
        self._segments: dict[SessionKey, Segment] = {}
        self._lock = threading.RLock()

    # -- observe ---------------------------------------------------------------------------------

    def observe(self, payload: dict[str, object], done: int | None) -> list[MemoryRecord]:
        user_id = str(payload["user_id"])
        turn = Turn(
            turn_id=str(payload["turn_id"]),
            session_id=str(payload["session_id"]),
            role=str(payload["role"]),
            text=str(payload["text"]),
            time=normalize(str(payload["time"])),
        )
        context = payload.get("context_id")
        agent = payload.get("agent_id")
        with self._lock:
            plan = Plan()
            key = (user_id, turn.session_id)
            for other_key, segment in list(self._segments.items()):
                if other_key[0] == user_id and segment.turns and is_idle_gap(segment.turns[-1], turn):
                    self._write_event(other_key, segment, plan, close=True, reason="idle")
            verdict = guard.check(turn.text)
            if verdict.action == "refuse":
                plan.log.append(
                    log_entry(user_id, "refused", verdict.reason, turn.text, turn.time, "observe")
                )
                self._commit(plan, done)
                return []
            segment = self._segments.setdefault(key, Segment())
            if verdict.stored:
                record = self._turn_record(user_id, turn, context if isinstance(context, str) else None)
                plan.add.append(replace(record, agent_id=agent) if isinstance(agent, str) else record)
                segment.turns.append(turn)
                if isinstance(agent, str):
                    segment.agent_id = agent
            else:
                plan.log.append(
                    log_entry(user_id, "skipped", verdict.reason, turn.text, turn.time, "observe")
                )
            trigger = decide(turn)
            if len(segment.turns) >= self.max_event_turns and not trigger.close:
                # An event is a handful of turns: a longer stretch is summarised in pieces, so each
                # summary stays specific (and names few turns).
                trigger = Trigger(True, True, "event full")
            if trigger.write and segment.turns:
                self._write_event(key, segment, plan, close=trigger.close, reason=trigger.reason)
            elif trigger.close:
                self._segments.pop(key, None)
            self._commit(plan, done)
            return plan.written

    def end_session(self, user_id: str, session_id: str) -> list[MemoryRecord]:
        with self._lock:
            plan = Plan()
            segment = self._segments.get((user_id, session_id))
            if segment is not None and segment.turns:
                self._write_event((user_id, session_id), segment, plan, close=True, reason="session end")
            self._segments.pop((user_id, session_id), None)
            self._commit(plan, None)
            return plan.written

    def _commit(self, plan: Plan, done: int | None) -> None:
        try:
            self.store.apply_write(plan.add, plan.update, plan.log, done)
        except BaseException:
            # The in-process segments may now describe writes that did not happen: start afresh.
            self._segments.clear()
            raise

    @staticmethod
    def _turn_record(user_id: str, turn: Turn, context_id: str | None = None) -> MemoryRecord:
        return MemoryRecord(
            id=turn_record_id(user_id, turn.turn_id),
            user_id=user_id,
            tier="short",
            kind="turn",
            text=turn.text,
            created_at=turn.time,
            event_time=turn.time,
            valid_from=turn.time,
            source_ids=(turn.turn_id,),
            # The turn's own entities, so the entity route finds the raw dialogue too.
            entities=as_mapping(find_entities(turn.text, turn.time)),
            importance=0.3,
            session_id=turn.session_id,
            role=turn.role,
            origin="observe",
            context_id=context_id,
        )

    def _write_event(self, key: SessionKey, segment: Segment, plan: Plan, close: bool, reason: str) -> None:
        user_id = key[0]
        last = segment.turns[-1]
        extraction = self.extractor.extract(segment.turns)
        for note in extraction.notes:
            plan.log.append(log_entry(user_id, "llm_fallback", note, last.text, last.time, "extract"))
        # An event that says one thing (one turn, or the same words repeated) would be summarised
        # into a copy of its own raw turn, which carries its entities already: the turn is the
        # memory. Measured: such copies crowd the ranking (madial-zh ev@10 -0.02) and cost an
        # embedding each.
        if extraction.source_ids and distinct_utterances(segment.turns) > 1:
            self._write_summary(user_id, segment, extraction, plan)
        for fact in extraction.facts:
            if segment.fact_values.get(fact.slot) == fact.value:
                continue
            at = next((t.time for t in segment.turns if t.turn_id == fact.turn_id), last.time)
            written = self._write_fact(
                user_id, fact, at, plan, source="observe", session_id=key[1], agent_id=segment.agent_id
            )
            if written:
                segment.fact_values[fact.slot] = fact.value
        if close:
            self._segments.pop(key, None)

    def _write_summary(self, user_id: str, segment: Segment, extraction: Extraction, plan: Plan) -> None:
        first, last = segment.turns[0], segment.turns[-1]
        # A rule summary is made of turns the guard already passed; an LLM-written one is checked.
        verdict = guard.check_safety(extraction.summary) if extraction.origin == "llm" else guard.STORE
        if not verdict.stored:
            plan.log.append(
                log_entry(user_id, "refused", verdict.reason, extraction.summary, last.time, "extract")
            )
            return
        previous = segment.summary
        summary = MemoryRecord(
            id=previous.id if previous else _new_id(),
            user_id=user_id,
            tier="short",
            kind="summary",
            text=extraction.summary,
            created_at=previous.created_at if previous else last.time,
            event_time=first.time,
            valid_from=previous.valid_from if previous else last.time,
            source_ids=tuple(turn.turn_id for turn in segment.turns),
            entities=extraction.entities,
            importance=extraction.importance,
            session_id=first.session_id,
            agent_id=segment.agent_id,
            ttl_days=extraction.ttl_days,
            expires_at=last.time + timedelta(days=extraction.ttl_days),
            origin="llm" if extraction.origin == "llm" else "rule",
            intent=extraction.intent,
        )
        if previous is not None and replace(previous, embedding_model=None) == replace(
            summary, embedding_model=None
        ):
            return
        plan.upsert(summary, stored=previous is not None)
        plan.written = [record for record in plan.written if record.id != summary.id] + [summary]
        segment.summary = summary

    def _write_fact(
        self,
        user_id: str,
        fact: SlotFact,
        at: datetime,
        plan: Plan,
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
        # Issue 16: slots match by meaning (conflicts.py). Every open value of the attribute is a
        # candidate; a statement without a subject takes the one it replaces. (The new core should
        # offer "open records of an attribute" as a store query; the attribute entity stands in.)
        planned = [r for r in (*plan.add, *plan.update) if r.user_id == user_id]
        candidates = conflicts.open_of_attribute(self.store, user_id, fact, at, planned)
        fact = conflicts.inherit_subject(fact, candidates, session_id)
        explicit = fact.explicit and not fact.hedged
        entities = {fact.attribute: fact.value, **({"subject": fact.subject} if fact.subject else {})}
        if source == "observe":  # a remembered record keeps exactly the entities it was given
            entities[conflicts.ATTRIBUTE_ENTITY] = fact.attribute
        record = MemoryRecord(
            id=record_id or _new_id(),
            user_id=user_id,
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
        detail = f"{fact.slot}={fact.value}"
        resolution = conflicts.resolve(
            record, fact, list(open_records.values()), True, lambda: self.store.count_logged(user_id, detail)
        )
        if resolution.outcome == "duplicate" and source == "observe":
            return None  # the value is already known; the turn itself is stored raw
        if resolution.outcome == "duplicate":  # remember: the text may say more than the value
            plan.add.append(record)
            plan.written.append(record)
            return record
        if resolution.outcome == "refuse":
            plan.log.append(
                log_entry(user_id, "refused", resolution.reason, fact.statement, at, source, detail)
            )
            return None
        plan.add.append(record)
        plan.written.append(record)
        for closed in resolution.close:
            plan.upsert(closed, stored=closed.id not in {r.id for r in plan.add})
            self._close_sources(user_id, closed, record.valid_from, plan)
        return record

    def _close_sources(self, user_id: str, closed: MemoryRecord, at: datetime, plan: Plan) -> None:
        """The raw turns that stated a replaced value, and the summaries that repeat it, state
        something no longer true: close them too (they stay in history for `as_of`)."""
        old_value = conflicts.slot_value(closed) or ""
        turn_ids = [turn_record_id(user_id, source) for source in closed.source_ids]
        stale = list(self.store.get_many(turn_ids).values())
        for source in closed.source_ids:
            stale += [
                r for r in self.store.citing(user_id, source) if r.kind == "summary" and old_value in r.text
            ]
        planned = {r.id: r for r in (*plan.add, *plan.update)}
        for record in stale:
            current = planned.get(record.id, record)
            if current.valid_until is None and current.id != closed.id:
                plan.upsert(replace(current, valid_until=at), stored=True)
        for record in list(plan.add):  # written in this same plan, not yet stored
            cites = record.id in turn_ids or (
                record.kind == "summary"
                and old_value in record.text
                and set(record.source_ids) & set(closed.source_ids)
            )
            if cites and record.valid_until is None:
                plan.put(replace(record, valid_until=at))

    # -- remember --------------------------------------------------------------------------------

    def remember(self, payload: dict[str, object], done: int | None) -> MemoryRecord:
        user_id = str(payload["user_id"])
        text = str(payload["text"])
        at = normalize(str(payload["time"]))
        record_id = str(payload["record_id"])
        with self._lock:
            plan = Plan()
            verdict = guard.check(text)
            if not verdict.stored:
                action: WriteAction = "refused" if verdict.action == "refuse" else "skipped"
                plan.log.append(log_entry(user_id, action, verdict.reason, text, at, "remember"))
                self._commit(plan, done)
                raise WriteRejected(action, verdict.reason)
            given = payload.get("entities")
            entities = {**as_mapping(find_entities(text, at)), **(given if isinstance(given, dict) else {})}
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
                    user_id,
                    fact,
                    at,
                    plan,
                    source="remember",
                    record_id=record_id,
                    importance=importance,
                    kind=kind,
                    tier=tier,
                    extra_entities=entities,
                )
                if record is None:
                    self._commit(plan, done)
                    raise WriteRejected("refused", plan.log[-1].reason)
                record = replace(record, source_ids=source_ids, agent_id=agent_id, session_id=session_id)
                plan.put(record)
            else:
                record = MemoryRecord(
                    id=record_id,
                    user_id=user_id,
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
            self._commit(plan, done)
            return record
