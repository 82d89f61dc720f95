"""What a recalled summary stands for: its matched turns, then the closest of the rest, capped."""

from __future__ import annotations

from datetime import datetime

import numpy as np

from hindsight.ids import turn_record_id
from hindsight.models import Hit, MemoryRecord
from hindsight.recall.collapse import order_sources

WHEN = datetime(2024, 5, 1, 12, 0)


def hit(rid: str, kind: str = "summary", sources: tuple[str, ...] = ()) -> Hit:
    record = MemoryRecord(
        id=rid, user_id="u", tier="short", kind=kind, text=rid, created_at=WHEN,  # type: ignore[arg-type]
        event_time=WHEN, valid_from=WHEN, source_ids=sources,
    )  # fmt: skip
    return Hit(record=record, score=1.0, scores={"semantic": 1.0})


def unit(*values: float) -> np.ndarray:
    vector = np.array(values, dtype=np.float32)
    return vector / np.linalg.norm(vector)


VECTORS = {
    turn_record_id("u", "i1"): unit(0, 1),
    turn_record_id("u", "i2"): unit(1, 0.1),
    turn_record_id("u", "i3"): unit(1, 0),
    turn_record_id("u", "i4"): unit(-1, 0),
}


def test_matched_turns_lead_then_the_closest_up_to_the_cap() -> None:
    summary = hit("s", sources=("i1", "i2", "i3", "i4"))
    matched = {turn_record_id("u", "i4")}
    out = order_sources([summary], "u", VECTORS, unit(1, 0), keep=2, matched=matched)
    assert out[0].record.source_ids == ("i4", "i3", "i2")


def test_every_matched_turn_is_kept_whatever_the_cap() -> None:
    summary = hit("s", sources=("i1", "i2", "i3", "i4"))
    matched = {turn_record_id("u", s) for s in ("i1", "i4")}
    out = order_sources([summary], "u", VECTORS, unit(1, 0), keep=1, matched=matched)
    assert out[0].record.source_ids == ("i1", "i4", "i3")


def test_cap_zero_keeps_the_whole_event_closest_first() -> None:
    summary = hit("s", sources=("i1", "i2", "i3", "i4"))
    out = order_sources([summary], "u", VECTORS, unit(1, 0), keep=0, matched=set())
    assert out[0].record.source_ids == ("i3", "i2", "i1", "i4")


def test_a_source_without_a_vector_goes_last() -> None:
    summary = hit("s", sources=("gone", "i3"))
    out = order_sources([summary], "u", VECTORS, unit(1, 0), keep=0, matched=set())
    assert out[0].record.source_ids == ("i3", "gone")


def test_turns_are_untouched() -> None:
    turn = hit("t", kind="turn", sources=("i1",))
    assert order_sources([turn], "u", {}, unit(1, 0), keep=1, matched=set()) == [turn]
