"""Collapse: a memory built from turns stands in for those turns.

When a summary (or a fact) and a raw turn it was built from are both recalled, the raw turn is
dropped and the summary keeps the better of the two scores: the answer lists the event once,
where its best evidence ranked, and the room goes to other memories.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import numpy as np
import numpy.typing as npt

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


def order_sources(
    hits: Sequence[Hit],
    user_id: str,
    vectors: Mapping[str, npt.NDArray[np.float32]],
    query_vector: npt.NDArray[np.float32],
    keep: int,
    matched: set[str],
) -> list[Hit]:
    """A summary stands for the turns that matched on their own (record ids in `matched`, in the
    order absorb_sources put them) and then for the rest of its event, closest to the query first,
    at most `keep` of those (0 = all).

    A six-turn event whose every turn is listed fills six of ten places with one episode; the
    question usually needs one or two of them, and evidence spread over several sessions needs
    the room (locomo-dev multi-hop ev@10 0.326 -> 0.350 with keep=1, BENCHMARKS.md)."""
    out = []
    for hit in hits:
        record = hit.record
        if record.kind == "turn" or len(record.source_ids) <= 1:
            out.append(hit)
            continue
        first = [s for s in record.source_ids if turn_record_id(user_id, s) in matched]
        rest = [s for s in record.source_ids if turn_record_id(user_id, s) not in matched]

        def closeness(source: str) -> float:
            vector = vectors.get(turn_record_id(user_id, source))
            return float(vector @ query_vector) if vector is not None else -1.0

        rest.sort(key=closeness, reverse=True)
        if keep > 0:
            rest = rest[:keep]
        out.append(replace(hit, record=replace(record, source_ids=tuple(first + rest))))
    return out
