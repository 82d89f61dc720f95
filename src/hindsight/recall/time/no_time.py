"""A rule's match that, read whole, names no time: `_no_time` makes parse_range answer None. The words of
a rule of settlement ("T+1到账", "trades settle T+1") are one such case."""

from __future__ import annotations

import re
from typing import NoReturn

from hindsight import prefilter

_SETTLES = prefilter.compile(
    r"\s*(?:(?:今天|今日|明天|明日|昨天|当天|\btoday|\btomorrow|\byesterday)\s*(?:就|才|已经|已)?\s*)?"
    r"(?:到账|交收|结算|清算|\bsettle(?:s|d|ment)?\b)",
    re.IGNORECASE,
)
"""T+3 said of money arriving ("基金赎回T+3到账", "trades settle T+1"): a rule, not a day ahead; a day word between
("T+1今天到账的那笔", "T+2 tomorrow settles") is the day asked about."""
_MEANING = prefilter.compile(
    r"什么意思|啥意思|啥子意思|咩意思|哪样意思|么子意思|一样意思|意思一样|\bwhat means\b|是指|区别|差别|差在哪|有什么不同|有什么不一样|有啥不一样|分别|\bmean(?:s|ing)?\b|\bexplain\b|\bdifference\b",
    re.IGNORECASE,
)
"""A question about what a notation means ("T+1到账是什么意思"): T+1 there is no day."""


_SETTLEMENT = "a rule of settlement"
_SETTLED_BEFORE = prefilter.compile(
    r"(?:\bsettle[sd]?|\bsettlement|\bpay(?:ing)? ?outs?|\bpaid out|\bclears?|到账|结算|交收)\s*(?:in|on|at|by|是|为)?\s*$",
    re.IGNORECASE,
)
_FROM_TODAY = prefilter.compile(r"\s*(?:from|after) (?:today|now)\b", re.IGNORECASE)
"""T+1 after the words of a settlement ("trades settle T+1", "are we paying out T+1"): a rule, not a day — unless
counted from today ("which payments settle T+3 from today")."""


def _no_time(why: str) -> NoReturn:
    """A rule's match that, read whole, names no time ("T+1到账是什么意思", "五三天前"): parse_range answers None."""
    raise ValueError(why)
