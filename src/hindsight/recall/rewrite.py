"""Query rewriting: a query seen with the conversation it came from.

A question in the middle of a dialogue ("I want to make it very special!") names little by itself;
the turns just before it carry the topic. The recall query is the question plus the last few turns
of working memory, question first. A short or anaphoric query ("那个呢", "what about it?",
"我那个退款到哪了") also gets the entities the session has named (an order id, a product), so the
entity and keyword routes can find what "it" is. The embedder reads the query with the
conversation's participants named neutrally (`neutralize_participants`).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import lru_cache

from hindsight.indexing import GENERIC_ROLES
from hindsight.models import Turn
from hindsight.text import has_cjk, query_terms
from hindsight.write.entities import DATE_KINDS, find_entities

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
            value
            for turn in window
            for kind, value in find_entities(turn.text, turn.time)
            if kind not in DATE_KINDS
        )
        missing = [value for value in named if value not in "\n".join(parts)]
        if missing:
            parts.append(" ".join(missing))
    return "\n".join(parts)


_LATIN_NEIGHBOUR = "A-Za-z0-9\u00c0-\u024f"
PLACEHOLDER = "a person"
PLACEHOLDER_CJK = "某人"


def _name_pattern(name: str) -> str:
    escaped = re.escape(name)
    if has_cjk(name):
        return escaped
    # Latin boundaries only: "Caroline喜欢什么" still names Caroline (a CJK character is \w too).
    return f"(?<![{_LATIN_NEIGHBOUR}]){escaped}(?![{_LATIN_NEIGHBOUR}])"


@lru_cache(maxsize=256)
def _names_pattern(names: frozenset[str], ignore_case: bool) -> re.Pattern[str]:
    """One pattern for a conversation's names, longest first ("Anna" before "Ann"); compiled once
    per set of names, not once per recall."""
    ordered = sorted(names, key=lambda name: (-len(name), name))
    return re.compile("|".join(_name_pattern(name) for name in ordered), re.IGNORECASE if ignore_case else 0)


def neutralize_participants(query: str, participants: Collection[str]) -> str:
    """The query as the embedder reads it: each conversation participant's name replaced by "a
    person" ("某人" in a Chinese query).

    A participant's name is in almost every memory of the conversation (the speaker's own turns
    are indexed as "Caroline: ...", the other side's say "Wow, Caroline!"), so it tells memories
    apart no better than "the" does, yet in a short question it is the strongest word: "What
    activities does Melanie partake in?" is nearest to the turns that greet Melanie. The keyword
    route leaves names out for the same reason. A neutral referent keeps the question's shape
    (locomo-dev ev@10 0.754 -> 0.778, BENCHMARKS.md). Generic roles ("user", "assistant") are not
    names; a query that is nothing but names is left as it is."""
    names = frozenset(
        name.strip() for name in participants if name.strip() and name.strip().lower() not in GENERIC_ROLES
    )
    if not names:
        return query
    # A name is matched as it is written ("Will", not the "will" of "what will she bring"), unless
    # the query is written in one case throughout, where case says nothing.
    pattern = _names_pattern(names, ignore_case=query in (query.lower(), query.upper()))
    if not query_terms(pattern.sub(" ", query)):
        return query
    placeholder = PLACEHOLDER_CJK if has_cjk(query) else PLACEHOLDER
    return pattern.sub(placeholder, query)
