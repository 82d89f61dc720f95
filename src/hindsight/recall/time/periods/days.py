"""Days and weeks: a day's midnight, a run of days, the Monday of a week, weekdays and weekends counted
from today."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.vocabulary import _EN_DAY_OFFSETS, _QUARTER_OFFSETS


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _days(start: datetime, count: int = 1) -> tuple[datetime, datetime]:
    return _day(start), _day(start) + timedelta(days=count)


def _week_of(moment: datetime) -> datetime:
    return _day(moment) - timedelta(days=moment.weekday())


def _past_weekday(now: datetime, weekday: int) -> datetime:
    """The most recent such weekday up to today ("on Friday" asked on a Friday means today)."""
    return _day(now) - timedelta(days=(now.weekday() - weekday) % 7)


_WEEK_PART_START = {"early": 0, "mid": 1, "midweek": 1, "the middle of": 1, "late": 4, "初": 0, "头": 0, "中": 1, "中间": 1,
                    "前几天": 0, "头几天": 0, "前半截": 0, "后几天": 4, "后面几天": 4, "后半截": 4, "尾巴": 4, "尾": 4,
                    "前半段": 0, "前半部分": 0, "后半段": 4, "后半部分": 4, "后头几天": 4}  # fmt: skip
"""Early / mid / late in a week: Monday, Tuesday or Friday, and the two days after it."""


def _weekend(now: datetime, weeks: int | None) -> tuple[datetime, datetime]:
    """Saturday and Sunday of a week (0 this, -1 last, 1 next); None: the latest that has begun."""
    if weeks is None:
        weeks = 0 if now.weekday() >= 5 else -1
    return _days(_week_of(now) + timedelta(weeks=weeks, days=5), 2)


def _rolling(now: datetime, days: int) -> tuple[datetime, datetime]:
    """The last `days` days, today included."""
    return _day(now) - timedelta(days=days - 1), _day(now) + timedelta(days=1)


def _so_far(start: datetime, now: datetime) -> tuple[datetime, datetime]:
    """ "earlier this week": from `start` to today, today included."""
    return start, _day(now) + timedelta(days=1)


def _last_weekday(now: datetime, weekday: int) -> datetime:
    """ "last Friday": that weekday of last week, as 上周五 (most authors asked read it so; "this past
    Friday" and "Friday just gone" are the latest before today)."""
    return _week_of(now) - timedelta(weeks=1) + timedelta(days=weekday)


def _coming_weekday(now: datetime, weekday: int) -> tuple[datetime, datetime]:
    """ "this coming Sunday": the next such day after today."""
    return _days(_day(now) + timedelta(days=(weekday - now.weekday() - 1) % 7 + 1))


def _weekday_span(now: datetime, first: int, last: int, week: str | None) -> tuple[datetime, datetime]:
    """ "from Mon to Wed last week": those days of the week named, else of the latest week in which
    the first has begun."""
    if week:
        monday = _week_of(now) + timedelta(weeks=_QUARTER_OFFSETS[week.lower()])
    else:
        monday = _week_of(_past_weekday(now, first))
    if last < first:
        raise ValueError("a span of weekdays that ends before it starts")
    return monday + timedelta(days=first), monday + timedelta(days=last + 1)


def _week_around(day: datetime) -> tuple[datetime, datetime]:
    """The Monday-to-Sunday week a day falls in ("the week of the 14th", "in a fortnight", "两周后")."""
    return _days(_week_of(day), 7)


def _day_pair(now: datetime, first: int, second: int) -> tuple[datetime, datetime]:
    """Two neighbouring days said together ("昨天和前天", "yesterday and today"): both; two apart
    ("昨天和明天"): only the first, as said."""
    if abs(first - second) != 1:
        return _days(now + timedelta(days=first))
    return _days(now + timedelta(days=min(first, second)), 2)


def _en_day_after(first: str, second: str) -> int:
    """The offset from today of the second of two day words ("the day before" said after
    "yesterday" is the day before that)."""
    second = second.lower()
    if second in _EN_DAY_OFFSETS:
        return _EN_DAY_OFFSETS[second]
    return _EN_DAY_OFFSETS[first.lower()] + (-1 if second.endswith("before") else 1)
