"""Years and their parts: a calendar year, its early or late months and its halves, the year a word
names (去年, "last year's", 2025), its first or last day or week."""

from __future__ import annotations

import re
from datetime import datetime

from hindsight.recall.time.periods.days import _days
from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.region import _fiscal_year_start
from hindsight.recall.time.vocabulary import _YEAR_OFFSET


def _en_year(ref: str, now: datetime) -> int:
    """ "this year", "last year" or a year's number."""
    return int(ref) if ref.isdigit() else now.year + (-1 if ref.lower().startswith("last") else 0)


def _first_months(year: int, count: int) -> tuple[datetime, datetime]:
    """ "the first 5 months of this year": January to the end of the fifth month."""
    if not 0 < count <= 12:
        raise ValueError("a year has twelve months")
    return datetime(year, 1, 1), _month(year, count + 1)[0]


def _whole_year(year: int) -> tuple[datetime, datetime]:
    return datetime(year, 1, 1), datetime(year + 1, 1, 1)


_EN_YEAR_PARTS = {
    "early": "early",
    "beginning of": "early",
    "start of": "early",
    "end of": "late",
    "late": "late",
    "first half of": "first half",
    "second half of": "second half",
    "1st half of": "first half",
    "2nd half of": "second half",
}


def _year_part(year: int, part: str, begun_by: datetime | None = None) -> tuple[datetime, datetime]:
    """Part of a year: early (January-February), late (November-December), the first or second half;
    with `begun_by`, of the latest year in which it has begun ("the end of the year" asked in June)."""
    bounds = {"early": (1, 3), "late": (11, 13), "first half": (1, 7), "second half": (7, 13)}[part]
    if begun_by is not None and datetime(year, bounds[0], 1) > begun_by:
        year -= 1
    start = datetime(year, bounds[0], 1)
    end = datetime(year + 1, 1, 1) if bounds[1] == 13 else datetime(year, bounds[1], 1)
    return start, end


_ZH_YEAR_PARTS = {
    "年初": "early",
    "年头": "early",
    "年尾": "late",
    "年底": "late",
    "年末": "late",
    "上半年": "first half",
    "下半年": "second half",
}


def _zh_year_part(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    part = _ZH_YEAR_PARTS[m["part"]]
    if m["yr"]:
        year = int(m["yr"][:4]) if m["yr"][:4].isdigit() else now.year + _YEAR_OFFSET[m["yr"]]
        return _year_part(year, part)
    this = _year_part(now.year, part)
    return this if this[0] <= now else _year_part(now.year - 1, part)


def _year_word(word: str | None, now: datetime) -> int | None:
    """ "去年", "last year's", "2025" before or after a quarter: that year; None when there is none."""
    if not word:
        return None
    word = word.lower().removesuffix("'s").replace("lst", "last").strip()
    return int(word.removesuffix("年")) if word[:4].isdigit() else now.year + _YEAR_OFFSET[word]


def _mid_year(now: datetime) -> tuple[datetime, datetime]:
    """ "年中", "mid-year": June and July of the latest year in which they have begun."""
    year = now.year if now >= datetime(now.year, 6, 1) else now.year - 1
    return datetime(year, 6, 1), datetime(year, 8, 1)


def _end_of_year(year: int, first: bool, week: bool) -> tuple[datetime, datetime]:
    """The first or last day, or week (its first or last seven days, as a month's), of a year."""
    if week:
        return (datetime(year, 1, 1), datetime(year, 1, 8)) if first else _days(datetime(year, 12, 25), 7)
    return _days(datetime(year, 1, 1) if first else datetime(year, 12, 31))


def _fiscal_year(now: datetime, offset: int, query: str, tax: bool = False) -> tuple[datetime, datetime]:
    """The financial (with `tax`, the tax) year that holds `now`, `offset` years on ("this FY" 0, "last
    financial year" -1): the region's (`region.FISCAL_YEARS`, `region.TAX_YEARS`), else the calendar year."""
    start = _fiscal_year_start(query, tax)
    if start is None:
        return _whole_year(now.year + offset)
    month, day, _ = start
    year = now.year if datetime(now.year, month, day) <= now else now.year - 1
    return datetime(year + offset, month, day), datetime(year + offset + 1, month, day)


def _fiscal_year_named(year: int, query: str, tax: bool = False) -> tuple[datetime, datetime]:
    """The financial (tax) year a number names ("FY26", "2026财年"): the region's year ending in it (or, in
    Japan, beginning in it), else the calendar year."""
    start = _fiscal_year_start(query, tax)
    if start is None:
        return _whole_year(year)
    month, day, by_end = start
    begins = year - 1 if by_end else year
    return datetime(begins, month, day), datetime(begins + 1, month, day)


_FISCAL_PARTS = {
    "early": (0, 2),
    "late": (10, 12),
    "first half": (0, 6),
    "second half": (6, 12),
    "q1": (0, 3),
    "q2": (3, 6),
    "q3": (6, 9),
    "q4": (9, 12),
}
"""A part of a financial year as the months it spans from the year's first day ("the start of the financial
year": its first two months, as "early in the year" is January-February)."""


def _fiscal_year_part(year: tuple[datetime, datetime], part: str) -> tuple[datetime, datetime]:
    """Part of a financial year (`_FISCAL_PARTS`): its first two months, its last two, a half, a quarter."""
    first = year[0]

    def after(months: int) -> datetime:
        count = first.month - 1 + months
        return datetime(first.year + count // 12, count % 12 + 1, first.day)

    begin, end = _FISCAL_PARTS[part]
    return after(begin), after(end)


_ORDINALS = {"first": 1, "1st": 1, "second": 2, "2nd": 2, "third": 3, "3rd": 3, "fourth": 4, "4th": 4}


def _fiscal_year_of(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    """ "the end of last financial year", "the third quarter of the financial year", "H2 of this tax year": that
    part of that year (with "the", of the latest year in which it has begun)."""
    tax = (m["t"] or "").lower() == "tax"
    if m["p"]:
        part = "early" if m["p"].lower() in ("start", "beginning") else "late"
    elif m["k"]:
        part = m["k"].lower() if m["k"][0] in "qQ" else ("first half" if m["k"][1] == "1" else "second half")
    elif m["u"].lower() == "half":
        part = "first half" if _ORDINALS[m["o"].lower()] == 1 else "second half"
        if _ORDINALS[m["o"].lower()] > 2:
            raise ValueError("a year has two halves")
    else:
        part = f"q{_ORDINALS[m['o'].lower()]}"
    which = m["w"].lower()
    found = _fiscal_year_part(_fiscal_year(now, {"last": -1, "next": 1}.get(which, 0), m.string, tax), part)
    if which == "the" and found[0] > now:
        found = _fiscal_year_part(_fiscal_year(now, -1, m.string, tax), part)
    return found
