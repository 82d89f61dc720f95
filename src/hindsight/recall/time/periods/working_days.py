"""Working days (Monday to Friday, or Sunday to Thursday where the weekend is Friday and Saturday:
`region.rests`; public holidays are not known): counted from today, of a
month, a week or a quarter, beside a holiday."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight.recall.time.periods.days import _day, _days
from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.periods.quarters import _latest_quarter, _quarter_from
from hindsight.recall.time.region import rests
from hindsight.recall.time.vocabulary import _QUARTER_OFFSETS, _bounded


def _last_business_day(now: datetime) -> tuple[datetime, datetime]:
    """ "last business day", "上个工作日": the latest Monday to Friday before today (holidays aside)."""
    day = _day(now) - timedelta(days=1)
    while rests(day):
        day -= timedelta(days=1)
    return _days(day)


def _working_day(now: datetime, count: int) -> datetime:
    """The `count`-th Monday-to-Friday before (negative) or after (positive) today ("5 working days ago",
    "T+2", "十个工作日后"; public holidays are not known)."""
    day, step = _day(now), (1 if count > 0 else -1)
    for _ in range(_bounded(abs(count))):
        day += timedelta(days=step)
        while rests(day):
            day += timedelta(days=step)
    return day


def _working_days_back(now: datetime, count: int) -> tuple[datetime, datetime]:
    """ "the past 10 working days", "近五个工作日": the `count` latest Monday-to-Friday days, today
    included when it is one, to today."""
    today = _day(now)
    first = _working_day(now, -(count - 1)) if not rests(today) else _working_day(now, -count)
    return first, today + timedelta(days=1)


def _working_days_ahead(now: datetime, count: int) -> tuple[datetime, datetime]:
    """ "the next 5 business days", 未来五个工作日: today when it is a Monday to Friday and the working days
    after it, `count` in all."""
    today = _day(now)
    last = _working_day(now, count - 1) if not rests(today) else _working_day(now, count)
    return (today if not rests(today) else _working_day(now, 1)), last + timedelta(days=1)


def _nth_last_working_day(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """The `count`-th Monday-to-Friday from a month's end ("the 2nd-to-last business day", 倒数第二个工作日)."""
    day, seen = month[1] - timedelta(days=1), 0
    while day >= month[0]:
        seen += not rests(day)
        if seen == count:
            return _days(day)
        day -= timedelta(days=1)
    raise ValueError("the month has fewer working days")


def _last_working_days(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """A month's last `count` Mondays-to-Fridays, to its end ("the last 3 working days of last year")."""
    return _nth_last_working_day(month, count)[0], month[1]


def _first_working_days(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """A month's first `count` Mondays-to-Fridays ("本月前五个工作日", "the first 3 business days of May"): its
    1st working day to its `count`-th."""
    return _nth_working_day(month, 1)[0], _nth_working_day(month, count)[1]


def _working_day_beside(days: tuple[datetime, datetime], after: bool) -> tuple[datetime, datetime]:
    """The last Monday-to-Friday before a holiday's days, or the first after them."""
    day = days[1] if after else days[0] - timedelta(days=1)
    while rests(day):
        day += timedelta(days=1 if after else -1)
    return _days(day)


def _quarter_day(now: datetime, m: re.Match[str]) -> tuple[datetime, datetime]:
    """ "the last day of the quarter", "the first business day of Q3", "the last working day of last quarter"."""
    if m["q"]:
        quarter = _latest_quarter(now, int(m["q"]))
    else:
        quarter = _quarter_from(now, _QUARTER_OFFSETS[m["w"].lower()] if m["w"] else 0)
    last = m["e"].lower() != "first"
    if m["u"].lower() == "day":
        return _days(quarter[1] - timedelta(days=1) if last else quarter[0])
    months = (
        _month(quarter[0].year, quarter[0].month + 2) if last else _month(quarter[0].year, quarter[0].month)
    )
    return _edge_working_day(months, last)


def _nth_working_day(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """The `count`-th Monday-to-Friday of a month ("the third business day of May", "上个月第三个工作日")."""
    day, seen = month[0], 0
    while True:
        seen += not rests(day)
        if seen == count:
            return _days(day)
        day += timedelta(days=1)
        if day >= month[1]:
            raise ValueError("the month has fewer working days")


def _edge_working_day(month: tuple[datetime, datetime], last: bool) -> tuple[datetime, datetime]:
    """The first or last Monday-to-Friday of a month."""
    day = month[1] - timedelta(days=1) if last else month[0]
    while rests(day):
        day += timedelta(days=-1 if last else 1)
    return _days(day)


def _next_working_day(now: datetime) -> tuple[datetime, datetime]:
    """ "the next business day", 下一个工作日: the first Monday to Friday after today (no holiday calendar)."""
    day = _day(now) + timedelta(days=1)
    while rests(day):
        day += timedelta(days=1)
    return _days(day)
