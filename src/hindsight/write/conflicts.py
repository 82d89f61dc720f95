"""Conflicts: a new value for the same slot (subject + attribute) closes the old record.

Nothing is deleted: the old record gets `valid_until` = the new one's `valid_from` and stays
queryable with `as_of`. Different dimensions never conflict — the slot carries the dimension
("taste|红色" is not "taste|红色的衣服"; "budget|trip" is not "budget|laptop"). A long-term fact is
not overwritten on the strength of one unverified mention: the new statement must be explicit or a
correction by the user, not hedged — or be the second time the user says it.

Slots match by meaning, not by their strings (issue 16). The attribute is canonical already
(slots.py: "spending limit" and "预算" are both `budget`); subjects match when one's words hold
the other's ("the Lisbon trip" and "trip", "装修厨房" and "厨房装修"), never across owners (the
user's phone is not the wife's). A statement with no subject ("raise the budget to 8000",
"预算改成8000") is about the slot the conversation last set: the most recent open value of that
attribute, in the same session if there is one. An earlier statement with no subject is replaced
by a later one with a subject only when the later one says it is a change ("instead", "改成").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Literal

from hindsight.models import MemoryRecord, Scope
from hindsight.stores.base import RecordFilter, RecordSearch, RecordStore
from hindsight.text import has_cjk
from hindsight.write import slots
from hindsight.write.extract import SlotFact

Outcome = Literal["add", "duplicate", "refuse"]


@dataclass(frozen=True, slots=True)
class Resolution:
    outcome: Outcome
    close: tuple[MemoryRecord, ...] = ()
    reason: str = ""


def slot_value(record: MemoryRecord) -> str | None:
    if record.slot is None:
        return None
    attribute = record.slot.split("|", 1)[0]
    return record.entities.get(attribute)


ATTRIBUTE_ENTITY = "attribute"
"""The entity under which a slot fact names its attribute ("budget"): the entity index then finds
every open value of an attribute, whatever its subject (`open_of_attribute`)."""


def attribute_of(slot: str) -> str:
    return slot.split("|", 1)[0]


def split_owner(subject: str) -> tuple[str, str]:
    """ "wife: trip" -> ("wife", "trip"); "trip" -> ("", "trip") (slots.py writes owners so)."""
    owner, sep, rest = subject.partition(":")
    return (owner.strip(), rest.strip()) if sep else ("", subject.strip())


def _words(subject: str) -> frozenset[str]:
    # English plurals fold ("laptops" is "laptop"); Chinese is segmented into words.
    return frozenset(re.sub(r"(?<=[a-z]{3})(?:es|s)$", "", word) for word in slots.subject_words(subject))


def subject_of(record: MemoryRecord) -> str:
    return record.slot.split("|", 1)[1] if record.slot and "|" in record.slot else ""


def _same_owner_and_attribute(fact: SlotFact, record: MemoryRecord) -> bool:
    if record.slot is None or attribute_of(record.slot) != fact.attribute:
        return False
    return split_owner(fact.subject)[0] == split_owner(subject_of(record))[0]


def compatible(fact: SlotFact, record: MemoryRecord) -> bool:
    """Whether `record` holds a value of the slot `fact` states (its subject said differently)."""
    if not _same_owner_and_attribute(fact, record):
        return False
    new, old = split_owner(fact.subject)[1], split_owner(subject_of(record))[1]
    if new == old:
        return True
    if slots.ATTRIBUTES.get(fact.attribute, slots.Attribute(fact.attribute)).exact_subject:
        return False
    if not new or not old:
        # No subject against one: inherit_subject gave a subject-less statement the latest one;
        # an earlier subject-less value is replaced only by a stated change.
        return bool(new) and (fact.correction or fact.explicit)
    if has_cjk(new) and has_cjk(old) and (new in old or old in new):
        return True  # "电脑" and "笔记本电脑", "礼物" and "生日礼物": segmentation joins them into one word
    a, b = _words(new), _words(old)
    return bool(a and b) and (a <= b or b <= a)


def _latest(records: Iterable[MemoryRecord], session_id: str | None) -> MemoryRecord | None:
    ordered = sorted(records, key=lambda r: (r.session_id == session_id, r.valid_from, r.created_at))
    return ordered[-1] if ordered else None


def inherit_subject(fact: SlotFact, candidates: Sequence[MemoryRecord], session_id: str | None) -> SlotFact:
    """A statement without a subject takes the subject of the value it replaces: the latest open
    value of its attribute (of the same owner), the same session's first."""
    owner, subject = split_owner(fact.subject)
    if subject:
        return fact
    latest = _latest((r for r in candidates if _same_owner_and_attribute(fact, r)), session_id)
    if latest is None or not subject_of(latest):
        return fact
    return replace(
        fact, subject=subject_of(latest) if not owner else f"{owner}: {split_owner(subject_of(latest))[1]}"
    )


def replaced_by(fact: SlotFact, candidates: Sequence[MemoryRecord]) -> list[MemoryRecord]:
    """The open records of `fact`'s slot: those it confirms (same value) or replaces."""
    return [record for record in candidates if record.valid_until is None and compatible(fact, record)]


def open_of_attribute(
    search: RecordSearch,
    records: RecordStore,
    scope: Scope,
    fact: SlotFact,
    at: datetime,
    read_slot: Callable[[str], Sequence[MemoryRecord]],
    planned: Sequence[MemoryRecord] = (),
) -> list[MemoryRecord]:
    """Every open record holding a value of `fact`'s attribute: found through the attribute entity,
    by the exact slot (records written before it existed), and among `planned` (this write's own).
    Every slot among them is read whole through `read_slot`, which the caller keeps: a plan is
    checked against exactly the reads it was made from."""
    where = RecordFilter(scope=scope, valid_at=at)
    found = [rid for rid, _ in search.search_entities(where, [fact.attribute], 200)]
    candidates = [*records.get_many(found).values(), *read_slot(fact.slot), *planned]
    for slot in sorted({r.slot for r in candidates if r.slot is not None}):
        candidates += read_slot(slot)
    unique = {r.id: r for r in candidates if (r.tenant, r.user_id) == (scope.tenant, scope.user)}
    return [
        r
        for r in unique.values()
        if r.valid_until is None and r.slot is not None and attribute_of(r.slot) == fact.attribute
    ]


def is_verified(fact: SlotFact, from_user: bool, earlier_mentions: Callable[[], int]) -> bool:
    if from_user and (fact.explicit or fact.correction) and not fact.hedged:
        return True
    return earlier_mentions() >= 1  # asked last: it is a look-up, and only this case needs it


def resolve(
    new: MemoryRecord,
    fact: SlotFact,
    open_records: Sequence[MemoryRecord],
    from_user: bool,
    earlier_mentions: Callable[[], int],
) -> Resolution:
    """Decide how `new` (stating `fact`) meets the still-valid records of the same slot."""
    value = slots.normalize_value(fact.attribute, fact.value)
    same = [
        record
        for record in open_records
        if slots.normalize_value(fact.attribute, slot_value(record) or "") == value
    ]
    if same:
        return Resolution("duplicate", reason=f"{fact.slot} is already {fact.value}")
    others = [record for record in open_records if record.id != new.id]
    if any(record.tier == "long" for record in others) and not is_verified(fact, from_user, earlier_mentions):
        return Resolution(
            "refuse",
            reason="would overwrite a long-term fact on the strength of a single unverified mention",
        )
    closed = tuple(replace(record, valid_until=new.valid_from) for record in others)
    return Resolution("add", closed)
