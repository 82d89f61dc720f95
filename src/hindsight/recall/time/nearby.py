"""When a place is said of a query's time words: the words between them, few enough. Shared by the region
(recall/time/region.py: "纽约那边 4/2" follows New York's conventions) and another place's clock
(recall/time/clock.py: "today Manila time" is Manila's day); each adds the boundary a gap may not cross."""

from __future__ import annotations

import re

from hindsight import prefilter

GAP_WORDS = 4
"""At most this many English words between a place and the time words for the place to be said of them."""
GAP_CHARACTERS = 6
"""At most this many Chinese characters between them ("新加坡那边的发票写 4/3", "按东京时间今天")."""
_WORD = prefilter.compile(r"[A-Za-z0-9][\w'’-]*")
_CJK = prefilter.compile(r"[\u4e00-\u9fff]")


def between(query: str, one: re.Match[str], other: re.Match[str]) -> str:
    """The text between two matches of `query` that do not overlap, whichever comes first."""
    if one.end() <= other.start():
        return query[one.end() : other.start()]
    return query[other.end() : one.start()]


def few_words(gap: str) -> bool:
    """Whether `gap` holds at most GAP_WORDS English words and GAP_CHARACTERS Chinese characters."""
    return len(_WORD.findall(gap)) <= GAP_WORDS and len(_CJK.findall(gap)) <= GAP_CHARACTERS
