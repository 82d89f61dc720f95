"""Fiscal notations as the calendar periods they name (fiscal years are calendar years): "Q3 FY26",
"1H26", "2025财年", a date of eight digits."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.rewrite import _substituted

_FISCAL = (
    (prefilter.compile(r"\bfiscal (?P<k>q[1-4]|h[12]) '?(?P<y>\d{2})\b", re.IGNORECASE), r"\g<k> 20\g<y>"),
    (
        prefilter.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?'?(?P<y>\d{2}(?!\d))\b", re.IGNORECASE
        ),
        r"\g<k> 20\g<y>",
    ),
    (
        prefilter.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?(?P<y>(?:19|20)\d{2})\b", re.IGNORECASE
        ),
        r"\g<k> \g<y>",
    ),
    (prefilter.compile(r"\b(?P<n>[12])h'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"H\g<n> 20\g<y>"),
    (prefilter.compile(r"\b(?P<n>[1-4])q'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"Q\g<n> 20\g<y>"),
    (prefilter.compile(r"(?P<y>(?:19|20)\d{2})\s*(?:年度|财年)"), r"\g<y>年"),
    (
        prefilter.compile(r"(?<![A-Za-z])fy ?'?(?P<y>\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE),
        r"20\g<y>年",
    ),
    (
        prefilter.compile(
            r"(?<![A-Za-z])fy ?(?P<y>(?:19|20)\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE
        ),
        r"\g<y>年",
    ),
    (prefilter.compile(r"上一?个?财年"), "去年"),
    (prefilter.compile(r"(?:本|这一?个?|今)财年"), "今年"),
    (prefilter.compile(r"财季"), "季度"),
    (prefilter.compile(r"\b(?:the )?(last|this|next) fiscal year\b", re.IGNORECASE), r"\1 year"),
    (prefilter.compile(r"\bthe fiscal year\b", re.IGNORECASE), "the year"),
    (prefilter.compile(r"\bfy ?'?(\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 20\1"),
    (prefilter.compile(r"\bfy ?((?:19|20)\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 \1"),
    (
        prefilter.compile(
            r"\b(?P<p>on|dated|of|from) (?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])\b"
        ),
        r"\g<p> \g<y>-\g<m>-\g<d>",
    ),
    (
        prefilter.compile(
            r"(?<=时间|日期)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"
        ),
        r"\g<y>-\g<m>-\g<d>",
    ),
    (
        prefilter.compile(
            r"(?<!\d)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?=那天|当天|这天|那日|那一天)"
        ),
        r"\g<y>-\g<m>-\g<d>",
    ),
)
"""Fiscal notations as the calendar periods they name (fiscal years are calendar years): "Q3 FY26"
as "Q3 2026", "1H26" as "H1 2026", "3Q26" as "Q3 2026", "2025财年" / "2025年度" as "2025年", 上一财年 as
去年; a date of eight digits after "on" ("the call on 20260304") as 2026-03-04."""
_FISCAL_HINT = prefilter.compile(
    r"fy|fiscal|\d[hq]'?\d|财|年度|\b(?:on|dated|of|from) 20\d{6}\b|(?:时间|日期)20\d{6}|20\d{6}(?:那|当|这)",
    re.IGNORECASE,
)


def fiscal_as_calendar(query: str) -> str:
    """Fiscal notations as the calendar periods they name (`_FISCAL`)."""
    return _substituted(query, _FISCAL) if _FISCAL_HINT.search(query) else query
