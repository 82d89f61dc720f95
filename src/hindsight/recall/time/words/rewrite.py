"""How a table of rewrites is applied: every row in order (`_substituted`), or only the rows whose hint
the query holds (`_where_words`); and the cheap tests that let a query skip a table."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence

from hindsight import prefilter

_Replacement = str | Callable[[re.Match[str]], str]
"""What a pattern's match is replaced with: a template, or a function of the match."""
_Hint = Sequence[str] | prefilter.Pattern
"""What a row of a rewrite table needs in the lowered query to be tried: one of its words, or a match."""


def _where_words(
    query: str,
    rows: Iterable[tuple[_Hint, prefilter.Pattern, _Replacement]],
    hints: tuple[frozenset[str], prefilter.Pattern] | None = None,
) -> str:
    """`query` with each row's pattern replaced, in order, where the lowered query holds the row's hint (one
    of its words, or a match of its pattern): the one way the round's rewrite tables are applied (most queries
    hold no hint of most rows). `hints`, the table's `_any_hint`, lets a query that holds none of them
    skip the whole table at once."""
    lowered = query.lower()
    if hints is not None and not any(word in lowered for word in hints[0]) and not hints[1].search(lowered):
        return query
    for hint, pattern, replacement in rows:
        if (
            hint.search(lowered)
            if isinstance(hint, prefilter.Pattern)
            else any(word in lowered for word in hint)
        ):
            changed = pattern.sub(replacement, query)
            if changed != query:
                query, lowered = changed, changed.lower()
    return query


def _any_hint(
    table: tuple[tuple[_Hint, prefilter.Pattern, _Replacement], ...],
) -> tuple[frozenset[str], prefilter.Pattern]:
    """The table's hint words, and one pattern that finds any of its hint patterns: a query that holds
    none of either skips the whole table."""
    words = frozenset(
        word for hint, _, _ in table if not isinstance(hint, prefilter.Pattern) for word in hint
    )
    patterns = [hint.pattern for hint, _, _ in table if isinstance(hint, prefilter.Pattern)]
    return words, prefilter.compile("|".join(patterns) or "(?!)")


def _substituted(query: str, table: tuple[tuple[prefilter.Pattern, _Replacement], ...]) -> str:
    """`query` with each of the table's patterns replaced, in order."""
    for pattern, replacement in table:
        query = pattern.sub(replacement, query)
    return query


_CASED_BEYOND_ASCII = prefilter.compile(
    "[^\x00-\x7f\u2000-\u206f\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff20\uff3b-\uff40\uff5b-\uff65]"
)
"""A character that may have a case beyond ASCII (the ranges left out are punctuation, kana and Chinese, which
have none, and no case-blind match of an ASCII letter)."""


def _found(hint: prefilter.Pattern, lowered_hint: prefilter.Pattern, query: str) -> bool:
    """Whether case-blind `hint` finds something in `query`: `lowered_hint`, its pattern without the flag, on
    the lowered query where that is the same (its letters ASCII), which is faster to search."""
    if query.isascii() or not _CASED_BEYOND_ASCII.search(query):
        return lowered_hint.search(query.lower()) is not None
    return hint.search(query) is not None


def _case_kept(pattern: prefilter.Pattern) -> prefilter.Pattern:
    """`pattern` without re.IGNORECASE, for a lowered query (its letters written lowercase)."""
    return prefilter.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)
