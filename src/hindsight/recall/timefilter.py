"""Time as a filter: a query that names a range ("上个月初", "two days ago", "上周三") is answered from
the memories inside that range, ranked there by meaning and words; only when nothing is inside does
recall fall back to all memories (with the range still a route): when no memory is inside, or when
none inside is a candidate of the other routes (nothing there matches the words). Which of these
happened is part of the answer's `explain`.

A route score alone (the temporal route) cannot do this: a memory outside the range with better
words outranks every memory inside it. Filtering after ranking the whole memory is not enough
either: the memories inside a narrow range are rarely among the whole memory's best 20 by meaning,
so here they are ranked among themselves — the semantic route is recomputed over exactly the
records inside the range, from their stored vectors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

import numpy as np
import numpy.typing as npt

from hindsight.locality import EVERYWHERE, Locality
from hindsight.recall.time.clock import clock_of
from hindsight.recall.timeparse import TimeRange, parse_range
from hindsight.stores.base import RecordFilter, RecordSearch, Scored

INSIDE_LIMIT = 1000
"""At most this many records inside a range are considered (the most recent ones)."""


@dataclass(frozen=True, slots=True)
class TimeScope:
    """The range a query names (on the user's clock, or the clock the query names: whole local days) and the
    records inside it, most recent first (the temporal route)."""

    range: TimeRange
    inside: Scored
    place: Locality = EVERYWHERE
    """The clock the range was read on: the user's, or the one the query names (`clock`)."""
    clock: str | None = None
    """The place the query names its clock by ("Manila", "国内"); None: the user's own clock."""

    @property
    def ids(self) -> frozenset[str]:
        return frozenset(rid for rid, _ in self.inside)


def scope(
    store: RecordSearch, where: RecordFilter, query: str, now: datetime, place: Locality = EVERYWHERE
) -> TimeScope | None:
    """The query's range and what the store holds inside it; None when the query names no time.
    `now` is naive UTC; the query is read on the user's clock (`place`) — or on the clock of the place
    it names ("today Manila time", "国内明天": time/clock.py), with the user's region — and the local
    days it names are searched as the UTC moments they span on that clock."""
    clock = clock_of(query, now, place)
    found = parse_range(query, clock.now, place.region)
    if found is None:
        return None
    inside = store.search_time(where, clock.place.utc(found.start), clock.place.utc(found.end), INSIDE_LIMIT)
    return TimeScope(found, inside, clock.place, clock.name)


RELEVANT_DEPTH = 5
"""A range filters when one of the memories inside it is among the best this many of the unfiltered
ranking (measured on the personal-facts file's tuning part, BENCHMARKS.md)."""


def filters(time_scope: TimeScope | None, ranked: Sequence[tuple[str, float, object]]) -> bool:
    """Whether the range restricts the answer: an explicit range holding a memory that ranks among
    the best few by meaning and words alone (`ranked`: the fusion of every route but time).
    Memories inside that match nothing mean the range is not what the answer is about:
    "这个月和上个月营业额各多少？" asked weeks later is about the months the user spoke of,
    not this month's small talk, and recall falls back. A vague window ("最近", "recently")
    is weighed as a route only."""
    if time_scope is None or time_scope.range.vague or not time_scope.inside:
        return False
    inside = time_scope.ids
    return any(rid in inside for rid, *_ in ranked[:RELEVANT_DEPTH])


def semantic_inside(
    vectors: Mapping[str, npt.NDArray[np.float32]], query_vector: npt.NDArray[np.float32], k: int
) -> Scored:
    """Cosine similarity of each record inside the range (vectors: unit length), best first."""
    if not vectors:
        return []
    ids = list(vectors)
    scores = np.stack([vectors[rid] for rid in ids]) @ query_vector
    order = np.argsort(-scores)[:k]
    return [(ids[i], float(scores[i])) for i in order]


def restrict(routes: Mapping[str, Scored], time_scope: TimeScope, semantic: Scored) -> dict[str, Scored]:
    """The route candidates inside the range: `semantic` (computed over the records inside) in place
    of the whole memory's semantic route, and the other routes' candidates that are inside. Every
    candidate is inside, so the temporal route gives each the same score (1: "inside the range",
    which `explain` shows) and among them meaning and words decide, not recency."""
    inside = time_scope.ids
    restricted = {
        name: [(rid, score) for rid, score in scored if rid in inside]
        for name, scored in routes.items()
        if name not in {"semantic", "time"}
    }
    restricted["semantic"] = semantic
    candidates = dict.fromkeys(rid for scored in restricted.values() for rid, _ in scored)
    restricted["time"] = [(rid, 1.0) for rid in candidates]
    return restricted


def describe(time_scope: TimeScope | None, filtered: bool) -> str:
    """What `explain` says about time: which range, and whether it filtered or fell back."""
    if time_scope is None:
        return "no time expression: all memories"
    found = time_scope.range
    start, end = found.start.date().isoformat(), found.end.date().isoformat()
    span = f"{found.expression!r} = {start}..{end} (end excluded)"
    if time_scope.clock is not None:
        span += f" on {time_scope.clock}'s clock ({time_scope.place.zone_name})"
    elif time_scope.place != EVERYWHERE:
        span += f" on the user's clock ({time_scope.place.describe()})"
    if filtered:
        return f"filtered to {span}: {len(time_scope.inside)} memories inside"
    if found.vague:
        return f"vague {span}: all memories, the range as a route"
    if not time_scope.inside:
        return f"fallback: nothing inside {span}; all memories, the range as a route"
    return f"fallback: nothing inside {span} matches the query; all memories, the range as a route"
