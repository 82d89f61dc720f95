"""Query rewriting: a query seen with the conversation it came from.

A question in the middle of a dialogue ("I want to make it very special!") names little by itself;
the turns just before it carry the topic. The recall query is the question plus the last few turns
of working memory, question first. A short or anaphoric query ("那个呢", "what about it?",
"我那个退款到哪了") also gets the entities the session has named (an order id, a product), so the
entity and keyword routes can find what "it" is.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from hindsight.models import Turn
from hindsight.text import has_cjk
from hindsight.write.entities import find_entities

_ANAPHORA = re.compile(
    r"那个|这个|那件|这件|那笔|这笔|那单|它|他们|她们|那些|这些|上面|刚才|之前说的|"
    r"\b(?:it|that|this|those|these|them|the same|the one|there)\b",
    re.IGNORECASE,
)
_SHORT_CJK_CHARS = 10
_SHORT_WORDS = 5


def is_vague(query: str) -> bool:
    """Short, or pointing back at something said before."""
    if _ANAPHORA.search(query):
        return True
    if has_cjk(query):
        return len(re.sub(r"\W", "", query)) <= _SHORT_CJK_CHARS
    return len(query.split()) <= _SHORT_WORDS


def with_context(query: str, window: Sequence[Turn], turns: int) -> str:
    parts = [query]
    if turns > 0 and window:
        parts += [turn.text for turn in reversed(window[-turns:]) if turn.text != query]
    if window and is_vague(query):
        named = dict.fromkeys(
            value for turn in window for kind, value in find_entities(turn.text, turn.time) if kind != "date"
        )
        missing = [value for value in named if value not in "\n".join(parts)]
        if missing:
            parts.append(" ".join(missing))
    return "\n".join(parts)
