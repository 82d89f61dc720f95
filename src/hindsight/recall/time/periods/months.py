"""Months and their days: a calendar month (its number may run past 12 or below 1), the latest one
begun, parts of a month (early, mid, late, a week of it), its first or last days, its weekends and weekdays."""

from __future__ import annotations

import calendar
from datetime import datetime, timedelta

from hindsight.recall.time.periods.days import _day, _days
from hindsight.recall.time.vocabulary import _WEEK_ORDINALS, _YEAR_OFFSET


def _month(year: int, month: int) -> tuple[datetime, datetime]:
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1  # month may be far below 1
    start = datetime(year, month, 1)
    end = datetime(year + (month == 12), month % 12 + 1, 1)
    return start, end


def _past_month(now: datetime, month: int) -> tuple[datetime, datetime]:
    """The most recent such month that has begun: "in May" asked in March means last May."""
    return _month(now.year if month <= now.month else now.year - 1, month)


def _named_month(now: datetime, month: int, year_word: str | None) -> tuple[datetime, datetime]:
    """A month by name: of the year named ("去年五月"), else the most recent one that has begun."""
    if year_word:
        return _month(now.year + _YEAR_OFFSET[year_word], month)
    return _past_month(now, month)


def _month_part(month: tuple[datetime, datetime], part: str) -> tuple[datetime, datetime]:
    """Part of a month: early (days 1-10), mid (11-20), late (21 to the end), week 1..4 (days 1-7,
    8-14, ...) or the last week (its last seven days)."""
    start, end = month
    d = timedelta
    if part == "early":
        return start, start + d(days=10)
    if part == "mid":
        return start + d(days=10), start + d(days=20)
    if part == "late":
        return start + d(days=20), end
    if part == "mid and late":
        return start + d(days=10), end
    if part == "early and mid":
        return start, start + d(days=20)
    if part == "last week":
        return end - d(days=7), end
    week = int(part.removeprefix("week "))
    return start + d(days=7 * (week - 1)), start + d(days=7 * week)


_ZH_PARTS = {
    "初": "early", "月初": "early", "月头": "early", "上旬": "early", "月中": "mid", "中": "mid", "中旬": "mid", "底": "late",
    "月底": "late", "末": "late", "月末": "late", "下旬": "late", "月尾": "late", "尾": "late",
    "中下旬": "mid and late", "上中旬": "early and mid", "头": "early", "最后几天": "late", "中间": "mid",
    "开始": "early", "开头": "early",
}  # fmt: skip
_EN_PARTS = {
    "early": "early", "earlier in": "early", "beginning of": "early", "the beginning of": "early", "start of": "early",
    "the first part of": "early", "first part of": "early", "the latter part of": "late", "latter part of": "late",
    "the last part of": "late", "the start of": "early", "mid": "mid", "mid-": "mid", "middle of": "mid", "the middle of": "mid", "late": "late",
    "end of": "late", "the end of": "late", "later in": "late", "first few days of": "early",
    "first days of": "early", "last few days of": "late", "final days of": "late", "last days of": "late",
    "early in": "early", "late in": "late", "end": "late", "begin of": "early", "the begin of": "early", "halfway through": "mid", "tail end of": "late", "the tail end of": "late",
}  # fmt: skip
_EN_PARTS |= {
    "early of": "early", "the early of": "early", "ending of": "late", "the ending of": "late", "starting of": "early",
}  # fmt: skip  # the twenty-sixth round: "early of this month", "the ending of last month"
_PART_AFTER = {"end": "late", "ending": "late", "beginning": "early", "starting": "early", "start": "early",
               "middle": "mid"}  # fmt: skip
"""A part of a month said after it ("this month beginning", "December end")."""


def _part_name(zh_part: str | None, week: str | None, last_week: bool) -> str:
    """The part of a month a Chinese phrase names (`_month_part`'s names)."""
    if last_week:
        return "last week"
    if week:
        return f"week {_WEEK_ORDINALS[week]}"
    return _ZH_PARTS[zh_part or ""]


def _latest_begun_part(now: datetime, part: str) -> tuple[datetime, datetime]:
    """ "月底" said alone: this month's, if it has begun, else last month's."""
    this = _month_part(_month(now.year, now.month), part)
    return this if this[0] <= now else _month_part(_month(now.year, now.month - 1), part)


def _day_of_month(year: int, month: int, day: int) -> datetime:
    """That day of that month; ValueError when the month has no such day."""
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1
    return datetime(year, month, day)


def _latest_day_of_month(now: datetime, day: int) -> tuple[datetime, datetime]:
    """ "on the 3rd", "5号那天": the latest such day, today included (a month without it is skipped)."""
    return _latest_span_of_month(now, day, day)


def _latest_span_of_month(
    now: datetime, first: int, last: int, ref: int | None = None
) -> tuple[datetime, datetime]:
    """ "between the 5th and the 12th", "1号到7号": both days included, in the month named (an
    offset from this one), else the latest month in which the whole span has passed."""
    if last < first:
        raise ValueError("a span that ends before it starts")
    if ref is not None:
        return _day_of_month(now.year, now.month + ref, first), _days(
            _day_of_month(now.year, now.month + ref, last)
        )[1]
    for back in range(0, 4):
        try:
            end = _day_of_month(now.year, now.month - back, last)
        except ValueError:
            continue
        if end <= now:  # the whole span has begun (a one-day span: that day, today included)
            return _day_of_month(now.year, now.month - back, first), _days(end)[1]
    raise ValueError("no such span in the last months")


def _day_in_past_month(now: datetime, month: int, day: int) -> datetime:
    """Day `day` of the latest such month begun ("Feb 29" asked in 2027: 29 February 2024)."""
    year = _past_month(now, month)[0].year
    if month == now.month and day > now.day:
        year -= 1  # the twenty-sixth round, second wave: "on June 21" asked on 4 June is last year's
    for back in range(8):
        try:
            return datetime(year - back, month, day)
        except ValueError:
            if day > 29 or month != 2:
                raise
    raise ValueError("no such day")


def _full_week(month: tuple[datetime, datetime], last: bool) -> tuple[datetime, datetime]:
    """ "the first / last full week of March": its first or last Monday-to-Sunday wholly inside it."""
    if last:
        sunday = month[1] - timedelta(days=month[1].weekday() + 1)
        return sunday - timedelta(days=6), sunday + timedelta(days=1)
    monday = month[0] + timedelta(days=-month[0].weekday() % 7)
    return _days(monday, 7)


def _same_day(now: datetime, months: int) -> datetime:
    """Today's day of the month `months` away, or that month's last day ("a month ago today" on 31 July:
    30 June)."""
    start, end = _month(now.year, now.month + months)
    return min(start + timedelta(days=now.day - 1), end - timedelta(days=1))


def _nth_weekday_of(month: tuple[datetime, datetime], weekday: int, which: str) -> tuple[datetime, datetime]:
    """ "the third Sunday of last month", "the last Friday in May"."""
    if which == "last":
        day = month[1] - timedelta(days=1)
        return _days(day - timedelta(days=(day.weekday() - weekday) % 7))
    first = month[0] + timedelta(days=(weekday - month[0].weekday()) % 7)
    return _days(first + timedelta(weeks=_WEEK_ORDINALS[which] - 1))


def _edge_weekend(month: tuple[datetime, datetime], last: bool) -> tuple[datetime, datetime]:
    """A month's first or last weekend: its first Saturday and the Sunday after, or the last Saturday and Sunday
    both inside it ("the first weekend of this month", "上个月最后一个周末")."""
    if last:
        sunday = month[1] - timedelta(days=1)
        sunday -= timedelta(days=(sunday.weekday() - 6) % 7)
        return _days(sunday - timedelta(days=1), 2)
    saturday = month[0] + timedelta(days=(5 - month[0].weekday()) % 7)
    return _days(saturday, 2)


def _month_half(month: tuple[datetime, datetime], second: bool) -> tuple[datetime, datetime]:
    """ "the first half of December", "上半月": days 1-15; the second half: day 16 to the end."""
    start, end = month
    middle = start + timedelta(days=15)
    return (middle, end) if second else (start, middle)


def _latest_leap_day(now: datetime) -> tuple[datetime, datetime]:
    year = now.year
    while not (year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)) or datetime(year, 2, 29) > now:
        year -= 1
    return _days(datetime(year, 2, 29))


def _months_to(now: datetime, count: int, month: int) -> tuple[datetime, datetime]:
    """ "the 3 months to April": the `count` calendar months ending with the latest such month begun."""
    last = _past_month(now, month)
    return _month(last[0].year, last[0].month - count + 1)[0], last[1]


def _next_day_of_month(now: datetime, day: int) -> tuple[datetime, datetime]:
    """ "the coming 15th": the next such day of a month after today."""
    for ahead in range(0, 3):
        month = _month(now.year, now.month + ahead)[0]
        try:
            candidate = month.replace(day=day)
        except ValueError:
            continue
        if candidate > _day(now):
            return _days(candidate)
    raise ValueError("no such day ahead")


def _is_leap_day_passed(now: datetime, year: int) -> bool:
    """Whether `year` has a 29 February and it is not after `now`."""
    return calendar.isleap(year) and datetime(year, 2, 29) <= now


def _month_day(now: datetime, month: int, day: int, year: int | None = None) -> tuple[datetime, datetime]:
    """A month and day with no year ("2/26", "11/11 last year"): of the year named, else the latest passed."""
    if year is not None:
        return _days(datetime(year, month, day))
    if (month, day) == (2, 29):  # "2/29", "2月29日": the latest leap day passed
        year = now.year - next(back for back in range(8) if _is_leap_day_passed(now, now.year - back))
        return _days(datetime(year, 2, 29))
    this = datetime(now.year, month, day)
    return _days(this if this <= now else datetime(now.year - 1, month, day))


def _month_ends(month: tuple[datetime, datetime], count: int, first: bool) -> tuple[datetime, datetime]:
    """The first or last `count` days of a month or year ("the last 3 days of last month")."""
    if not 0 < count <= (month[1] - month[0]).days:
        raise ValueError("more days than the month holds")
    if first:
        return month[0], month[0] + timedelta(days=count)
    return month[1] - timedelta(days=count), month[1]
