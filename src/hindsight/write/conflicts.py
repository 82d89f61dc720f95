"""Conflicts: a new value for the same slot (subject + attribute) closes the old record.

Nothing is deleted: the old record gets `valid_until` = the new one's `valid_from` and stays
queryable with `as_of`. Different dimensions never conflict — the slot carries the dimension
("taste|红色" is not "taste|红色的衣服"; "budget|trip" is not "budget|laptop"). A long-term fact is
not overwritten on the strength of one unverified mention: the new statement must be explicit or a
correction by the user, not hedged — or be the second time the user says it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from hindsight.models import MemoryRecord
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
    same = [record for record in open_records if slot_value(record) == fact.value]
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
