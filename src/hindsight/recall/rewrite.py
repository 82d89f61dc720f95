"""Query rewriting: a query seen with the conversation it came from.

A question in the middle of a dialogue ("I want to make it very special!") names little by itself;
the turns just before it carry the topic. The recall query is the question plus the last few turns
of working memory, question first.
"""

from __future__ import annotations

from collections.abc import Sequence

from hindsight.models import Turn


def with_context(query: str, window: Sequence[Turn], turns: int) -> str:
    if turns <= 0 or not window:
        return query
    recent = [turn.text for turn in window[-turns:] if turn.text != query]
    if not recent:
        return query
    return "\n".join([query, *reversed(recent)])
