"""Periods counted from today: N units ago, the one after next, the rest of this one, a period's
counterpart a month or a year back, the period a report of an issue covers."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.no_time import _no_time
from hindsight.recall.time.periods.days import _day, _days, _rolling, _week_of, _weekend
from hindsight.recall.time.periods.months import _month, _same_day
from hindsight.recall.time.periods.quarters import _quarter, _quarter_from
from hindsight.recall.time.periods.years import _whole_year
from hindsight.recall.time.vocabulary import _UNIT_DAYS, _ZH_WEEKS


def _unit_days(count: int, unit: str) -> int:
    """The days of `count` weeks or months counted back: a month is 30 days, but twelve of them are a
    year ("the past 12 months", 365 days, as "the past year")."""
    if unit.startswith("month") and count % 12 == 0:
        return 365 * (count // 12)
    return count * _UNIT_DAYS[unit]


def _after_next(now: datetime, unit: str) -> tuple[datetime, datetime]:
    """ "the month / quarter / year after next": that calendar period two ahead."""
    if unit == "month":
        return _month(now.year, now.month + 2)
    if unit == "quarter":
        first = (now.month - 1) // 3 * 3 + 1 + 6
        return _month(now.year, first)[0], _month(now.year, first + 3)[0]
    return datetime(now.year + 2, 1, 1), datetime(now.year + 3, 1, 1)


def _weeks_or_months_back(now: datetime, near: int, far: int, unit: str) -> tuple[datetime, datetime]:
    """ "1-2 weeks ago", "a month or two back": the calendar weeks / months `far` back to `near` back."""
    if far <= near:
        _no_time("not a span of weeks or months")
    if unit.startswith("week"):
        return _week_of(now) - timedelta(weeks=far), _week_of(now) - timedelta(weeks=near - 1)
    return _month(now.year, now.month - far)[0], _month(now.year, now.month - near + 1)[0]


def _rest_end(now: datetime, unit: str) -> datetime:
    """Where "the rest of the week / month / year" ends: the end of the period today is in."""
    if unit == "week":
        return _week_of(now) + timedelta(days=7)
    if unit == "month":
        return _month(now.year, now.month)[1]
    return datetime(now.year + 1, 1, 1)


def _rest_end_any(now: datetime, unit: str) -> datetime:
    """As `_rest_end`, a quarter too ("the rest of the quarter", "本季度剩下的时间")."""
    return _quarter_from(now, 0)[1] if unit in ("quarter", "qtr") else _rest_end(now, unit)


_REPORT_UNITS = {
    "日报": "day",
    "周报": "week",
    "月报": "month",
    "季报": "quarter",
    "季度报告": "quarter",
    "年报": "year",
}


def _report_period(now: datetime, offset: int, report: str) -> tuple[datetime, datetime]:
    """ "上一期周报", "本期月报": the week, month, quarter or year the report of that issue covers."""
    unit = _REPORT_UNITS[report]
    if unit == "day":
        return _days(_day(now) + timedelta(days=offset))
    if unit == "week":
        return _days(_week_of(now) + timedelta(weeks=offset), 7)
    if unit == "month":
        return _month(now.year, now.month + offset)
    if unit == "quarter":
        return _quarter_from(now, offset)
    return _whole_year(now.year + offset)


def _year_back(now: datetime, unit: str) -> tuple[datetime, datetime]:
    """ "the same week / month / quarter / day last year": this one's counterpart a year back."""
    day = _same_day(now, -12)
    if unit == "week":
        return _days(_week_of(day), 7)
    if unit == "month":
        return _month(day.year, day.month)
    if unit == "quarter":
        return _quarter(day.year, (day.month - 1) // 3 + 1)
    return _days(day)


def _last_units(now: datetime, count: int, unit: str) -> tuple[datetime, datetime]:
    """ "L7D", "L4W", "L3M": the last 7 days, 4 weeks (28 days), 3 months, to today."""
    if unit == "m":
        return _day(_same_day(now, -count)) + timedelta(days=1), _day(now) + timedelta(days=1)
    return _rolling(now, count * (7 if unit == "w" else 1))


def _units_ago(now: datetime, count: int, unit: str) -> tuple[datetime, datetime]:
    """ "3 days ago" (that day), "2 weeks ago" (that calendar week), "2 months ago" (that calendar month),
    "3 years ago" (that calendar year)."""
    if unit.startswith(("day", "night")):
        return _days(now - timedelta(days=count))
    if unit.startswith("week"):
        return _days(_week_of(now) - timedelta(weeks=count), 7)
    if unit.startswith("year"):
        return _whole_year(now.year - count)
    return _month(now.year, now.month - count)


def _to_date_year_back(now: datetime, span: str) -> tuple[datetime, datetime]:
    """ "YTD last year", "last year's QTD": from the start of the year, quarter or month to today's date, a
    year back."""
    day = _same_day(now, -12)
    start = {
        "ytd": datetime(day.year, 1, 1),
        "qtd": datetime(day.year, 3 * ((day.month - 1) // 3) + 1, 1),
        "mtd": datetime(day.year, day.month, 1),
    }[span]
    return start, _day(day) + timedelta(days=1)


def _to_date_back(now: datetime, unit: str) -> tuple[datetime, datetime]:
    """ "上月同期", "the same period last week": last month / week from its start to today's counterpart."""
    if unit == "week":
        start = _week_of(now) - timedelta(weeks=1)
        return start, _day(now) - timedelta(days=6)
    day = _same_day(now, -1)
    return datetime(day.year, day.month, 1), _day(day) + timedelta(days=1)


def _mixed_unit(which: str, unit: str, now: datetime) -> tuple[datetime, datetime]:
    """上个week, 下个month, 这个weekend, 上个Q: a Chinese "which" before an English unit."""
    offset = _ZH_WEEKS[which]
    if unit == "week":
        return _days(_week_of(now) + timedelta(weeks=offset), 7)
    if unit == "weekend":
        return _weekend(now, offset)
    if unit == "month":
        return _month(now.year, now.month + offset)
    return _quarter_from(now, offset)
