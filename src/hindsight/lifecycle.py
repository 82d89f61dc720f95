"""Lifecycle: memory that ages. Merge near-duplicates, consolidate patterns, promote what recurs,
demote what is no longer used, expire what has lived its time.

Everything runs on the memories' own times and the `now` it is given, never the wall clock, so a
test can age a memory through months without sleeping. The steps are small functions over a
`Ledger` (one user's records and the changes made to them so far); `Memory.maintain` applies each
user's ledger in one transaction, so a crash leaves a user's memory as it was or fully maintained.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

import numpy as np
import numpy.typing as npt

from hindsight.ids import new_record_id
from hindsight.indexing import GENERIC_ROLES, normalize_entity
from hindsight.models import DEFAULT_TENANT, MemoryRecord, WriteAction, WriteLogEntry
from hindsight.text import has_cjk, query_terms
from hindsight.write import guard
from hindsight.write.entities import DATE_KINDS
from hindsight.write.extract import ttl_for


@dataclass(frozen=True, slots=True)
class Policy:
    """The lifecycle's numbers (DESIGN.md, "Lifecycle"); Settings can override them."""

    promote_mentions: int = 3
    """Promote an entity (or a task intent) met in this many sessions ..."""
    promote_window_days: float = 7.0
    """... within this many days."""
    review_every_days: float = 90.0
    demote_unhit_days: float = 90.0
    long_ttl_days: float = 180.0
    low_importance: float = 0.3
    low_importance_days: float = 7.0
    consolidate_sessions: int = 4
    """A pattern needs this many sessions that say the same kind of thing (one more than promotion
    needs: three mentions make a fact worth keeping, four make a habit) ..."""
    consolidate_window_days: float = 30.0
    """... within this many days."""
    cleaning_grace_days: float = 7.0
    """Consolidated and merged-away records are closed at once and removed after this long."""
    duplicate_similarity: float = 0.97


Action = WriteAction


@dataclass(frozen=True, slots=True)
class Change:
    user_id: str
    action: Action
    record_id: str
    reason: str


@dataclass(frozen=True, slots=True)
class MaintenanceReport:
    """What one `maintain` did, and why, per memory."""

    now: datetime
    users: int
    examined: int
    changes: tuple[Change, ...] = ()
    skipped: tuple[str, ...] = ()
    """Users left for next time, and why (another process was maintaining them)."""

    def count(self, action: Action) -> int:
        return sum(1 for change in self.changes if change.action == action)

    @property
    def counts(self) -> dict[str, int]:
        return {action: self.count(action) for action in LIFECYCLE_ACTIONS}


LIFECYCLE_ACTIONS: tuple[Action, ...] = ("merged", "consolidated", "promoted", "expired", "demoted")


@dataclass
class Ledger:
    """One user's records as the steps leave them, and what to write back."""

    user_id: str
    now: datetime
    records: dict[str, MemoryRecord]
    vectors: Mapping[str, npt.NDArray[np.float32]] = field(default_factory=dict)
    added: dict[str, MemoryRecord] = field(default_factory=dict)
    updated: dict[str, MemoryRecord] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)
    log: list[WriteLogEntry] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)
    tenant: str = DEFAULT_TENANT

    def live(self) -> list[MemoryRecord]:
        """Still-valid records, oldest first."""
        return sorted(
            (r for r in self.records.values() if r.is_valid_at(self.now)), key=lambda r: r.created_at
        )

    def note(self, action: Action, record: MemoryRecord, reason: str) -> None:
        self.changes.append(Change(self.user_id, action, record.id, reason))
        self.log.append(
            WriteLogEntry(
                user_id=self.user_id,
                action=action,
                reason=reason,
                text_hash=guard.text_hash(record.text),
                time=self.now,
                source="maintain",
                detail=record.id,
                tenant=self.tenant,
            )
        )

    def put(self, record: MemoryRecord) -> None:
        self.records[record.id] = record
        if record.id in self.added:
            self.added[record.id] = record
        else:
            self.updated[record.id] = record

    def add(self, record: MemoryRecord) -> None:
        self.records[record.id] = record
        self.added[record.id] = record

    def remove(self, record: MemoryRecord) -> None:
        self.records.pop(record.id, None)
        self.updated.pop(record.id, None)
        if self.added.pop(record.id, None) is None:
            self.deleted.append(record.id)


# -- helpers ---------------------------------------------------------------------------------------


def is_pinned(record: MemoryRecord) -> bool:
    """An explicit preference ("from now on ...", "以后都 ...") is meant forever: no demotion, no
    expiry. The write path marks it by giving it no lifetime."""
    return record.kind == "preference" and record.ttl_days is None


def _latest(*moments: datetime | None) -> datetime:
    return max(moment for moment in moments if moment is not None)


def last_used(record: MemoryRecord) -> datetime:
    """The latest of: written, entered its tier, recalled."""
    return _latest(record.created_at, record.tier_since, record.last_hit_at)


def expiry_of(record: MemoryRecord, policy: Policy) -> datetime | None:
    """When the record is removed unless used again; None for a pinned preference.

    Long-term: `long_ttl_days` after its last use. Short-term: its TTL (7-30 days by importance,
    7 below `low_importance`) after its last use, so a memory that keeps being recalled lives on."""
    if is_pinned(record):
        return None
    if record.tier == "long":
        return last_used(record) + timedelta(days=policy.long_ttl_days)
    if record.importance < policy.low_importance:
        days = min(policy.low_importance_days, record.ttl_days or policy.low_importance_days)
    else:
        days = record.ttl_days if record.ttl_days is not None else ttl_for(record.importance)
    return last_used(record) + timedelta(days=days)


def _entity_keys(record: MemoryRecord, participants: set[str]) -> set[str]:
    """The values that identify what a memory is about: not dates (every memory has one), not the
    conversation's participants (every memory is theirs)."""
    keys = set()
    for kind, value in record.entities.items():
        # A second value of a kind is keyed "date_2", "relative_date_3": the kind is before the number.
        base = re.sub(r"_\d+$", "", kind)
        if base in DATE_KINDS or base == "subject":
            continue
        normal = normalize_entity(str(value))
        if normal and normal not in participants and len(normal) > 1:
            keys.add(normal)
    return keys


def _session_of(record: MemoryRecord) -> str:
    return record.session_id or record.id


def _days(delta: timedelta) -> float:
    return delta.total_seconds() / 86400.0


# -- steps -----------------------------------------------------------------------------------------


def merge_duplicates(ledger: Ledger, policy: Policy) -> None:
    """Near-duplicates are merged, not piled up: two live short-term statements (facts) of one kind
    with the same entities and the same words (or vectors at least `duplicate_similarity` apart)
    become the newer one, which takes the older one's sources, hits and importance. Event summaries
    are not merged: the same words about events in different sessions is a recurrence, which
    `consolidate` turns into a pattern."""
    seen: dict[tuple[str, str | None, tuple[tuple[str, str], ...]], list[MemoryRecord]] = {}
    for record in ledger.live():
        if record.tier != "short" or record.kind not in {"fact", "preference"} or is_pinned(record):
            continue
        key = (record.kind, record.slot, tuple(sorted(record.entities.items())))
        seen.setdefault(key, []).append(record)
    for group in seen.values():
        kept: list[MemoryRecord] = []
        for record in group:  # oldest first
            twin = next((older for older in kept if _same_words(older, record, ledger, policy)), None)
            if twin is None:
                kept.append(record)
                continue
            merged = replace(
                record,
                source_ids=tuple(dict.fromkeys([*twin.source_ids, *record.source_ids])),
                hits=record.hits + twin.hits,
                last_hit_at=_max_optional(record.last_hit_at, twin.last_hit_at),
                importance=max(record.importance, twin.importance),
            )
            ledger.put(merged)
            ledger.put(_closed_for_cleaning(twin, ledger.now, policy))
            ledger.note("merged", twin, f"near-duplicate of {record.id}")
            kept[kept.index(twin)] = merged


def _closed_for_cleaning(record: MemoryRecord, now: datetime, policy: Policy) -> MemoryRecord:
    """Closed now (recall no longer returns it, `as_of` still does), removed after the grace."""
    return replace(record, valid_until=now, tier="short", tier_since=now, ttl_days=policy.cleaning_grace_days)


def _max_optional(a: datetime | None, b: datetime | None) -> datetime | None:
    if a is None or b is None:
        return a or b
    return max(a, b)


def _normal_words(text: str) -> str:
    return " ".join(re.findall(r"\w+", text.lower()))


def _same_words(a: MemoryRecord, b: MemoryRecord, ledger: Ledger, policy: Policy) -> bool:
    if _normal_words(a.text) == _normal_words(b.text):
        return True
    va, vb = ledger.vectors.get(a.id), ledger.vectors.get(b.id)
    return va is not None and vb is not None and float(va @ vb) >= policy.duplicate_similarity


PatternWriter = Callable[[Sequence[MemoryRecord]], str]


def consolidate(ledger: Ledger, policy: Policy, write_pattern: PatternWriter) -> None:
    """Several short-term event memories with one pattern (the same kind of request, about the same
    thing or in the same words, in `consolidate_sessions` sessions within the window) become one
    long-term `pattern` memory naming all their sources. The originals are closed (recall stops
    returning them; `as_of` still does) and removed after the cleaning grace."""
    candidates = [
        r
        for r in ledger.live()
        if r.tier == "short"
        and r.kind in {"summary", "fact"}
        and r.intent not in {None, "chat"}
        and _days(ledger.now - r.event_time) <= policy.consolidate_window_days
    ]
    by_intent: dict[str, list[MemoryRecord]] = {}
    for record in candidates:
        by_intent.setdefault(record.intent or "", []).append(record)
    for group in by_intent.values():
        for cluster in _clusters(group, ledger):
            sessions = {_session_of(r) for r in cluster}
            if len(sessions) < policy.consolidate_sessions:
                continue
            cluster.sort(key=lambda r: r.event_time)
            pattern = _pattern_record(ledger, cluster, write_pattern(cluster))
            ledger.add(pattern)
            ledger.note(
                "consolidated", pattern, f"pattern of {len(cluster)} memories in {len(sessions)} sessions"
            )
            for source in cluster:
                ledger.put(_closed_for_cleaning(source, ledger.now, policy))
                ledger.note("consolidated", source, f"into pattern {pattern.id}")


def _clusters(group: Sequence[MemoryRecord], ledger: Ledger) -> list[list[MemoryRecord]]:
    """Connected components of "says the same kind of thing": a shared entity, half their content
    words in common, or vectors close enough."""
    words = {r.id: set(query_terms(r.text)) for r in group}
    parent = {r.id: r.id for r in group}

    def root(rid: str) -> str:
        while parent[rid] != rid:
            parent[rid] = parent[parent[rid]]
            rid = parent[rid]
        return rid

    for i, a in enumerate(group):
        for b in group[i + 1 :]:
            if _related(a, b, words, ledger):
                parent[root(a.id)] = root(b.id)
    found: dict[str, list[MemoryRecord]] = {}
    for record in group:
        found.setdefault(root(record.id), []).append(record)
    return list(found.values())


_RELATED_SIMILARITY = 0.9
_RELATED_WORDS = 0.5


def _related(a: MemoryRecord, b: MemoryRecord, words: Mapping[str, set[str]], ledger: Ledger) -> bool:
    if _entity_keys(a, set()) & _entity_keys(b, set()):
        return True
    wa, wb = words[a.id], words[b.id]
    if wa and wb and len(wa & wb) / min(len(wa), len(wb)) >= _RELATED_WORDS:
        return True
    va, vb = ledger.vectors.get(a.id), ledger.vectors.get(b.id)
    return va is not None and vb is not None and float(va @ vb) >= _RELATED_SIMILARITY


_WEEKDAYS_EN = ("Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays")
_WEEKDAYS_ZH = ("周一", "周二", "周三", "周四", "周五", "周六", "周日")


def rule_pattern_text(cluster: Sequence[MemoryRecord]) -> str:
    """ "Recurring (4 times, 2026-03-06 to 2026-03-27, usually on Fridays): <the latest memory>"."""
    first, last = cluster[0].event_time, cluster[-1].event_time
    weekday, times = Counter(r.event_time.weekday() for r in cluster).most_common(1)[0]
    usual = times / len(cluster) >= 0.6
    latest = cluster[-1].text
    if has_cjk(latest):
        when = f"，多在{_WEEKDAYS_ZH[weekday]}" if usual else ""
        return f"反复出现（{len(cluster)}次，{first:%Y-%m-%d}至{last:%Y-%m-%d}{when}）：{latest}"
    when = f", usually on {_WEEKDAYS_EN[weekday]}" if usual else ""
    return f"Recurring ({len(cluster)} times, {first:%Y-%m-%d} to {last:%Y-%m-%d}{when}): {latest}"


def _pattern_record(ledger: Ledger, cluster: Sequence[MemoryRecord], text: str) -> MemoryRecord:
    shared = dict(cluster[-1].entities)
    for record in cluster:
        for kind, value in record.entities.items():
            shared.setdefault(kind, value)
    return MemoryRecord(
        id=new_record_id(),
        user_id=ledger.user_id,
        tier="long",
        kind="pattern",
        text=text,
        created_at=ledger.now,
        event_time=cluster[-1].event_time,
        valid_from=ledger.now,
        source_ids=tuple(dict.fromkeys(s for r in cluster for s in r.source_ids)),
        entities=shared,
        importance=min(1.0, max(r.importance for r in cluster) + 0.1),
        tenant=cluster[-1].tenant,
        agent_id=cluster[-1].agent_id,
        hits=sum(r.hits for r in cluster),
        origin="consolidation",
        intent=cluster[-1].intent,
        tier_since=ledger.now,
    )


def promote_frequent(ledger: Ledger, policy: Policy, participants: Iterable[str]) -> None:
    """What keeps coming back is worth keeping: an entity (an order, a product, a place) or a task
    intent (refund, delivery, ...) met in `promote_mentions` sessions within the window goes to
    long-term memory. Only memories that carry an entity count — asking about the weather three
    times is not a fact. The event memories (summaries, facts) are promoted; raw turns only when
    nothing else holds the mention."""
    named = {normalize_entity(p) for p in participants if p.lower() not in GENERIC_ROLES}
    window = [r for r in ledger.live() if _days(ledger.now - r.event_time) <= policy.promote_window_days]
    groups: dict[str, list[MemoryRecord]] = {}
    for record in window:
        keys = _entity_keys(record, named)
        if not keys:
            continue
        for key in keys:
            groups.setdefault(f"entity {key}", []).append(record)
        if record.intent not in {None, "chat", "personal", "preference"}:
            groups.setdefault(f"intent {record.intent}", []).append(record)
    for key, group in sorted(groups.items()):
        sessions = {_session_of(r) for r in group}
        if len(sessions) < policy.promote_mentions or any(r.tier == "long" for r in group):
            continue  # too rare, or already kept
        chosen = [r for r in group if r.kind != "turn"] or [max(group, key=lambda r: r.event_time)]
        for record in chosen:
            current = ledger.records.get(record.id)
            if current is None or current.tier == "long":
                continue
            ledger.put(replace(current, tier="long", tier_since=ledger.now))
            ledger.note(
                "promoted",
                current,
                f"frequency: {key} in {len(sessions)} sessions within {policy.promote_window_days:g} days",
            )


def review(ledger: Ledger, policy: Policy, last_review: datetime | None) -> bool:
    """Every `review_every_days` of memory time: a long-term memory not used (recalled, promoted,
    written) for `demote_unhit_days` goes back to short-term, where its TTL runs. Pinned
    preferences stay. Returns whether a review ran."""
    if last_review is not None and _days(ledger.now - last_review) < policy.review_every_days:
        return False
    for record in ledger.live():
        if record.tier != "long" or is_pinned(record):
            continue
        idle = _days(ledger.now - last_used(record))
        if idle >= policy.demote_unhit_days:
            ledger.put(replace(record, tier="short", tier_since=ledger.now))
            ledger.note("demoted", record, f"not recalled for {idle:.0f} days")
    return True


def expire(ledger: Ledger, policy: Policy) -> None:
    """Remove what has outlived its lifetime (open or closed): it leaves every index, and the
    removal is logged with the reason and a hash of the text."""
    for record in sorted(ledger.records.values(), key=lambda r: r.created_at):
        until = expiry_of(record, policy)
        if until is None or until > ledger.now:
            continue
        if record.valid_until is not None and record.valid_until <= ledger.now:
            reason = f"closed {record.valid_until:%Y-%m-%d}, kept {_days(until - last_used(record)):g} days"
        elif record.tier == "long":
            reason = f"long-term, unused since {last_used(record):%Y-%m-%d}"
        else:
            reason = f"short-term TTL ended {until:%Y-%m-%d}"
        ledger.remove(record)
        ledger.note("expired", record, reason)
