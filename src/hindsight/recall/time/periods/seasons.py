"""Seasons (the meteorological ones, the southern hemisphere's where the user lives there), semesters and
school breaks."""

from __future__ import annotations

import re
from datetime import datetime

from hindsight.recall.time.periods.months import _month, _past_month
from hindsight.recall.time.region import _southern

_SEASON_START = {"spring": 3, "summer": 6, "fall": 9, "autumn": 9, "winter": 12}
_SOUTHERN_START = {"spring": 9, "summer": 12, "fall": 3, "autumn": 3, "winter": 6}
_ZH_SEASONS = {"春": "spring", "夏": "summer", "秋": "autumn", "冬": "winter"}


def _season_of(year: int, season: str, south: bool = False) -> tuple[datetime, datetime]:
    """Meteorological seasons: spring March-May, summer June-August, autumn September-November,
    winter December to February (named by the year it begins in); with `south`, the southern hemisphere's
    (`region.SOUTHERN`: summer December-February, named by the year it begins in, autumn March-May, winter
    June-August, spring September-November)."""
    first = (_SOUTHERN_START if south else _SEASON_START)[season]
    return _month(year, first)[0], _month(year, first + 3)[0]


def _en_season(now: datetime, season: str, which: str, south: bool = False) -> tuple[datetime, datetime]:
    """ "last fall": the latest that has ended; "next spring": the next not begun; "this summer": this
    year's (the season that runs over the new year — winter, or in the south summer — asked in January or
    February: the one begun in December); "in the spring": the latest begun."""
    year = now.year
    if which in ("last", "lst", "past", "this past"):
        while _season_of(year, season, south)[1] > now:
            year -= 1
        return _season_of(year, season, south)
    if which == "next":
        while _season_of(year, season, south)[0] <= now:
            year += 1
        return _season_of(year, season, south)
    if which == "this":
        over_new_year = (_SOUTHERN_START if south else _SEASON_START)[season] == 12
        return _season_of(year - 1 if over_new_year and now.month <= 2 else year, season, south)
    while _season_of(year, season, south)[0] > now:
        year -= 1
    return _season_of(year, season, south)


def _season_edge(now: datetime, season: str, first: bool, south: bool = False) -> tuple[datetime, datetime]:
    """ "the start of spring": the first month of the latest such season begun; "the end of winter": its last."""
    start, end = _en_season(now, season, "in", south)
    return _month(start.year, start.month) if first else _month(end.year, end.month - 1)


def _zh_season(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    season = _ZH_SEASONS[(m["s"] or m["s2"] or m["s3"])[0]]
    south = _southern(m.string)
    if m["yr"] == "今年" or (m["lead"] or "").startswith("这"):
        # 今年夏天 and 这个夏天 as "this summer": in the south, asked in January or February, the summer begun in
        # December (这个 the forty-ninth round's; 刚过去的 stays the latest ended)
        return _en_season(now, season, "this", south)
    if m["yr"]:
        return _season_of(now.year + {"去年": -1, "明年": 1, "前年": -2}[m["yr"]], season, south)
    return _en_season(now, season, "last", south)


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
