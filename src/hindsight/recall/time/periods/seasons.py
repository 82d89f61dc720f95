"""Seasons (the meteorological ones), semesters and school breaks."""

from __future__ import annotations

import re
from datetime import datetime

from hindsight.recall.time.periods.months import _month, _past_month

_SEASON_START = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_ZH_SEASONS = {"春": "spring", "夏": "summer", "秋": "autumn", "冬": "winter"}


def _season_of(year: int, season: str) -> tuple[datetime, datetime]:
    """Meteorological seasons: spring March-May, summer June-August, autumn September-November,
    winter December to February (named by the year it begins in)."""
    start = _month(year, _SEASON_START[season])[0]
    return start, _month(year, _SEASON_START[season] + 3)[0]


def _en_season(now: datetime, season: str, which: str) -> tuple[datetime, datetime]:
    """ "last fall": the latest that has ended; "next spring": the next not begun; "this summer": this
    year's (a winter asked in January or February: the one begun in December); "in the spring":
    the latest begun."""
    year = now.year
    if which in ("last", "lst", "past", "this past"):
        while _season_of(year, season)[1] > now:
            year -= 1
        return _season_of(year, season)
    if which == "next":
        while _season_of(year, season)[0] <= now:
            year += 1
        return _season_of(year, season)
    if which == "this":
        return _season_of(year - 1 if season == "winter" and now.month <= 2 else year, season)
    while _season_of(year, season)[0] > now:
        year -= 1
    return _season_of(year, season)


def _zh_season(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    season = _ZH_SEASONS[(m["s"] or m["s2"])[0]]
    if m["yr"]:
        return _season_of(now.year + {"去年": -1, "今年": 0, "明年": 1, "前年": -2}[m["yr"]], season)
    return _en_season(now, season, "last")


def _named_semester(now: datetime, autumn: bool) -> tuple[datetime, datetime]:
    """秋季学期 / "the fall semester" (September-December), 春季学期 / "the spring semester" (March-June):
    the latest begun."""
    month = 9 if autumn else 3
    year = now.year if now.month >= month else now.year - 1
    return datetime(year, month, 1), (datetime(year, 7, 1) if month == 3 else datetime(year + 1, 1, 1))


def _semester(now: datetime, back: int) -> tuple[datetime, datetime]:
    """这学期 / "this semester" (`back` 0): spring March-June or autumn September-December, the latest
    begun; 上学期 / "last semester" (`back` 1): the one before it."""
    starts = [(now.year - years, month) for years in range(0, 3) for month in (9, 3)]  # newest first
    begun = [(year, month) for year, month in starts if datetime(year, month, 1) <= now]
    year, month = begun[back]
    return datetime(year, month, 1), _month(year, month + 4)[0]


def _school_break(now: datetime, month: int) -> tuple[datetime, datetime]:
    """寒假 January-February, 暑假 / "summer break" July-August: the latest begun."""
    return _break_of(_past_month(now, month)[0].year, month)


def _break_of(year: int, month: int) -> tuple[datetime, datetime]:
    """A year's 寒假 (`month` 1: January-February) or 暑假 (7: July-August)."""
    return _month(year, month)[0], _month(year, month + 2)[0]
