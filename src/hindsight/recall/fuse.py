"""Fusion: route scores, min-max normalised per query, combined with a named profile's weights.

Normalising first is what lets a weight mean what it says: a cosine of 0.82 and a BM25 of 11.3 are
not on one scale, but "best of this route" and "worst of this route's candidates" are.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from hindsight.errors import InvalidInput
from hindsight.stores.base import Scored

Method = Literal["weighted", "rrf"]


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    weights: MappingProxyType[str, float]
    method: Method = "weighted"


def _profile(name: str, method: Method = "weighted", **weights: float) -> Profile:
    return Profile(name, MappingProxyType(weights), method)


# score = Σ weight · normalised route score. A route that finds nothing for a query (no entity or
# time expression in it) adds nothing, so its weight costs the other routes nothing either.
PROFILES: dict[str, Profile] = {
    # Time 0.5, not DESIGN's 0.2: a query that names a time ("上周五", "last month") wants that time,
    # and at 0.2 a min-max-normalised semantic or keyword lead always outvotes it. On the bench
    # files (few time expressions) 0.2 and 0.5 measure the same (locomo-dev ev@10 0.676 / 0.677).
    # People 0.5: the memories about the people a question names, ranked by meaning among
    # themselves (recall/people.py); on the harder personal-facts file's tuning part 0 / 0.5 / 0.7 /
    # 1.0 measured ev@10 0.692 / 0.730 / 0.733 / 0.735, 0.5 the best at comparison and computation.
    "default": _profile("default", semantic=0.5, keyword=0.5, entity=0.3, time=0.5, people=0.5),
    "chat": _profile("chat", semantic=0.7, keyword=0.3, entity=0.1, time=0.2, people=0.3),
    "customer_service": _profile(
        "customer_service", semantic=0.3, keyword=0.3, entity=0.4, time=0.2, people=0.3
    ),
    "rrf": _profile("rrf", "rrf", semantic=1.0, keyword=1.0, entity=1.0, time=1.0, people=1.0),
    # Single routes, for measuring what each adds (hindsight bench --profile semantic_only).
    "semantic_only": _profile("semantic_only", semantic=1.0),
    "keyword_only": _profile("keyword_only", keyword=1.0),
}

RRF_K = 60


def get_profile(name: str) -> Profile:
    try:
        return PROFILES[name]
    except KeyError:
        raise InvalidInput(f"unknown recall profile {name!r}; known: {', '.join(sorted(PROFILES))}") from None


REFERENCE_DEPTH = 20
"""Min-max is taken over a route's first 20 candidates whatever their number, so a score means
the same for top_k=5 and top_k=40 (deeper candidates clip at 0)."""


def normalize(scored: Scored, depth: int = REFERENCE_DEPTH) -> dict[str, float]:
    """Min-max to [0, 1] over this route's best `depth` candidates; a lone or tied candidate scores 1."""
    if not scored:
        return {}
    values = sorted((score for _, score in scored), reverse=True)[:depth]
    low, high = values[-1], values[0]
    span = high - low
    return {rid: max(0.0, (score - low) / span) if span > 0 else 1.0 for rid, score in scored}


def fuse(routes: dict[str, Scored], profile: Profile) -> list[tuple[str, float, dict[str, float]]]:
    """Combine route candidates into one ranking: (id, fused score, per-route scores), best first."""
    per_route: dict[str, dict[str, float]] = {}
    for name, scored in routes.items():
        if name not in profile.weights:
            continue
        if profile.method == "rrf":
            per_route[name] = {rid: 1.0 / (RRF_K + rank) for rank, (rid, _) in enumerate(scored, start=1)}
        else:
            per_route[name] = normalize(scored)
    fused: dict[str, float] = {}
    explained: dict[str, dict[str, float]] = {}
    for name, scores in per_route.items():
        weight = profile.weights[name]
        for rid, score in scores.items():
            fused[rid] = fused.get(rid, 0.0) + weight * score
            explained.setdefault(rid, {})[name] = score
    ranked = sorted(fused.items(), key=lambda pair: -pair[1])
    return [(rid, score, explained[rid]) for rid, score in ranked]
