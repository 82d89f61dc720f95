"""Calendar quarters: a year's quarter, the latest begun, one counted from this one, a quarter's
first, middle or last month."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.periods.years import _whole_year, _year_word
from hindsight.recall.time.vocabulary import _QUARTER_NUMBERS, _QUARTER_OFFSETS, _YEAR_OFFSET


def _quarter(year: int, quarter: int) -> tuple[datetime, datetime]:
    return _month(year, 3 * quarter - 2)[0], _month(year, 3 * quarter + 1)[0]


def _latest_quarter(now: datetime, quarter: int, year: int | None = None) -> tuple[datetime, datetime]:
    """Q1, 第三季度: of the year named, else of the latest year in which it has begun."""
    if year is None:
        year = now.year if 3 * quarter - 2 <= now.month else now.year - 1
    return _quarter(year, quarter)


def _quarter_from(now: datetime, offset: int) -> tuple[datetime, datetime]:
    """上个季度 / last quarter (-1), this quarter (0), next quarter (1): calendar quarters."""
    index = now.year * 4 + (now.month - 1) // 3 + offset
    return _quarter(index // 4, index % 4 + 1)


def _quarters(now: datetime, first: int, last: int, year: int | None) -> tuple[datetime, datetime]:
    """ "Q1-Q3", "Q2 to Q4 2026": quarter `first` (of the year named, else the latest begun) to `last`."""
    start = _latest_quarter(now, first, year)[0]
    return start, _quarter(start.year + (last < first), last)[1]


def _first_quarters(now: datetime, count: int, year: int | None) -> tuple[datetime, datetime]:
    """ "前三季度", "the first two quarters of 2026": Q1 to quarter `count` of the year named, else of the latest
    year in which that quarter has begun."""
    last = _latest_quarter(now, count, year)
    return datetime(last[0].year, 1, 1), last[1]


def _quarter_part_begun(now: datetime, part: str) -> tuple[datetime, datetime]:
    """This quarter's first, middle or last month; the middle or last one only when begun, else last quarter's."""
    this = _quarter_month(_quarter_from(now, 0), part)
    return this if this[0] <= now else _quarter_month(_quarter_from(now, -1), part)


def _quarter_end(now: datetime) -> tuple[datetime, datetime]:
    """ "quarter-end", "季末" said alone: this quarter's last month if it has begun, else last quarter's."""
    this = _quarter_month(_quarter_from(now, 0), "late")
    return this if this[0] <= now else _quarter_month(_quarter_from(now, -1), "late")


def _quarter_month(quarter: tuple[datetime, datetime], part: str) -> tuple[datetime, datetime]:
    """ "the end of Q1", "二季度末", "start of next quarter": the quarter's last, middle or first month."""
    start = quarter[0]
    return _month(start.year, start.month + {"early": 0, "mid": 1, "late": 2}[part])


_QUARTER_PARTS = {"末": "late", "底": "late", "尾": "late", "初": "early", "头": "early", "end": "late",
                  "最后一个月": "late", "头一个月": "early", "第一个月": "early",
                  "close": "late", "start": "early", "beginning": "early", "middle": "mid"}  # fmt: skip


def _zh_period(
    m: re.Match[str], now: datetime, month_of: Callable[[re.Match[str], datetime], tuple[datetime, datetime]]
) -> tuple[datetime, datetime]:
    """The month, quarter or year a Chinese phrase names before a part of it ("上个月", "第三季度",
    "本季度", "去年"): its groups are `month_of`'s, q / qyr, qref or y."""
    if m["q"]:
        return _latest_quarter(now, _QUARTER_NUMBERS[m["q"]], _year_word(m["qyr"], now))
    if m["qref"]:
        return _quarter_from(now, _QUARTER_OFFSETS[m["qref"]])
    if m["y"]:
        return _whole_year(now.year + _YEAR_OFFSET[m["y"]])
    return month_of(m, now)
