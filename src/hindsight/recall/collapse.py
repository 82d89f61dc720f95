"""Collapse: a memory built from turns stands in for those turns.

When a summary (or a fact) and a raw turn it was built from are both recalled, the raw turn is
dropped and the summary keeps the better of the two scores: the answer lists the event once,
where its best evidence ranked, and the room goes to other memories.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hindsight.ids import turn_record_id
from hindsight.models import Hit


def absorb_sources(hits: Sequence[Hit], user_id: str) -> list[Hit]:
    owner: dict[str, int] = {}
    for index, hit in enumerate(hits):
        if hit.record.kind != "turn":
            for source in hit.record.source_ids:
                owner.setdefault(turn_record_id(user_id, source), index)
    merged = list(hits)
    dropped: set[int] = set()
    matched: dict[int, list[str]] = {}
    for index, hit in enumerate(hits):
        keeper = owner.get(hit.record.id)
        if keeper is None or hit.record.kind != "turn":
            continue
        best = merged[keeper]
        if hit.score > best.score:
            scores = {route: max(best.scores.get(route, 0.0), s) for route, s in hit.scores.items()}
            merged[keeper] = replace(best, score=hit.score, scores={**best.scores, **scores})
        matched.setdefault(keeper, []).extend(hit.record.source_ids)
        dropped.add(index)
    for keeper, first in matched.items():
        # The turns that matched lead the summary's sources (hits come best first, so they are in
        # order of relevance); the rest of the event follows.
        record = merged[keeper].record
        ordered = tuple(dict.fromkeys([*first, *record.source_ids]))
        merged[keeper] = replace(merged[keeper], record=replace(record, source_ids=ordered))
    return [hit for index, hit in enumerate(merged) if index not in dropped]
