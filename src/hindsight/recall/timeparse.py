"""Time expressions in a query, as a date range resolved against the query's "now".

Rules, Chinese and English, no dependencies: "昨天", "前天", "三天前", "上周", "上周五", "上个月",
"五月", "去年", "最近", "yesterday", "last week", "two days ago", "last Friday", "in May",
"May 3rd", "in 2023", "recently" — and (issue 16) parts of months and years ("上个月初", "月底",
"中旬", "early last month", "the first week of July", "年底", "上半年"), weekends, "上上周三",
"下周三", "this / next Tuesday", rolling windows ("最近一周", "近一个月", "the past two weeks"),
"前几天", "a few days ago", "in two days". README.md has the table of phrasings and what each
means. Ranges are half-open [start, end) in naive UTC; a day is midnight to midnight. When several
expressions match, the earliest in the text wins, then the longest ("上个月初" over "上个月").
A weekday or weekend said of a habit ("我周末一般…", "what do I usually do on Sundays") names no
range. dateparser handles only part of this (not Chinese numerals nor "上周五"), and a rule table
is easier to read and test than a general parser's guesses.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NoReturn

from hindsight.recall import holidays
from hindsight.recall.time.words.normalise import normalise
from hindsight.recall.time.words.typed import NOT_A_SHORT_DAY


@dataclass(frozen=True, slots=True)
class TimeRange:
    start: datetime
    end: datetime
    expression: str
    vague: bool = False
    """"最近", "recently", "前几天", "a few days ago": a rough window, not a range the user drew —
    recall weighs it (the temporal route) but does not filter by it."""

    def __contains__(self, moment: datetime) -> bool:
        return self.start <= moment < self.end


_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "俩": 2,
    "仨": 3,
}
_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2, "couple": 2, "few": 3,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
}  # fmt: skip
_EN_WEEKDAY_ABBREVIATIONS = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_WEEKDAYS = {
    d: i for i, d in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
}
_EN_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
         "november", "december")
    )
}  # fmt: skip
_EN_MONTHS.update({name[:3]: number for name, number in list(_EN_MONTHS.items())} | {"sept": 9})

_ZH_NUM = r"[0-9]+|[零〇一二两俩仨三四五六七八九十百]+"
_ZH_YEARS_BACK = r"(?<![0-9])(?P<n>[0-9]{1,2}|[一二两三四五六七八九十]+)年(?:之|以)?前"
"""三年前, 2年以前: years counted back (a four-digit year before 年前 is a year, "2025年前")."""
_EN_NUM = (
    r"\d+|a|an|one|two|thirteen|three|fourteen|four|fifteen|five|sixteen|six|seventeen|seven|eighteen|eight"
    r"|nineteen|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|ninety|couple of|couple|few"
)
_MONTH_NAMES = "|".join(sorted(_EN_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_EN_WEEKDAYS)
_ANY_WEEKDAY = "|".join(sorted([*_EN_WEEKDAYS, *_EN_WEEKDAY_ABBREVIATIONS], key=len, reverse=True))
"""Full names and "Tues", "Thurs", "Sat": only after last / this / next / past, where "sat" is no verb."""


def _weekday(name: str) -> int:
    name = name.lower()
    return _EN_WEEKDAYS[name] if name in _EN_WEEKDAYS else _EN_WEEKDAY_ABBREVIATIONS[name]


LARGEST_COUNT = 10_000
"""The most days, weeks, months or years a phrase may count ("3000000000 months ago" names no time:
a bigger number is refused at once, not computed step by step)."""


def _bounded(count: int) -> int:
    if count > LARGEST_COUNT:
        raise ValueError(f"{count} is more than a time phrase counts")
    return count


def zh_number(text: str) -> int:
    """Chinese or Arabic numerals up to the hundreds: "三" 3, "十二" 12, "二十" 20, "两" 2."""
    if text.isdigit():
        return _bounded(int(text))  # a 5,000-digit number is a ValueError already
    total, current = 0, 0
    for char in text:
        if char == "百":
            total += (current or 1) * 100
            current = 0
        elif char == "十":
            total += (current or 1) * 10
            current = 0
        else:
            current = _ZH_DIGITS.get(char, 0)
    return total + current


def en_number(text: str) -> int:
    if text.isdigit():
        return _bounded(int(text))  # a 5,000-digit number is a ValueError already
    return _EN_NUMBERS.get(text.lower(), 1)


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _days(start: datetime, count: int = 1) -> tuple[datetime, datetime]:
    return _day(start), _day(start) + timedelta(days=count)


def _week_of(moment: datetime) -> datetime:
    return _day(moment) - timedelta(days=moment.weekday())


def _month(year: int, month: int) -> tuple[datetime, datetime]:
    year, month = year + (month - 1) // 12, (month - 1) % 12 + 1  # month may be far below 1
    start = datetime(year, month, 1)
    end = datetime(year + (month == 12), month % 12 + 1, 1)
    return start, end


def _past_month(now: datetime, month: int) -> tuple[datetime, datetime]:
    """The most recent such month that has begun: "in May" asked in March means last May."""
    return _month(now.year if month <= now.month else now.year - 1, month)


def _past_weekday(now: datetime, weekday: int) -> datetime:
    """The most recent such weekday up to today ("on Friday" asked on a Friday means today)."""
    return _day(now) - timedelta(days=(now.weekday() - weekday) % 7)


def _named_month(now: datetime, month: int, year_word: str | None) -> tuple[datetime, datetime]:
    """A month by name: of the year named ("去年五月"), else the most recent one that has begun."""
    if year_word:
        return _month(now.year + _YEAR_OFFSET[year_word], month)
    return _past_month(now, month)


_YEAR_OFFSET = {
    "去年": -1,
    "今年": 0,
    "前年": -2,
    "明年": 1,
    "旧年": -1,
    "出年": 1,
    "last year": -1,
    "this year": 0,
    "next year": 1,
}


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
_WEEK_PART_START = {"early": 0, "mid": 1, "midweek": 1, "the middle of": 1, "late": 4, "初": 0, "头": 0, "中": 1, "中间": 1,
                    "前几天": 0, "头几天": 0, "前半截": 0, "后几天": 4, "后面几天": 4, "后半截": 4, "尾巴": 4, "尾": 4,
                    "前半段": 0, "前半部分": 0, "后半段": 4, "后半部分": 4, "后头几天": 4}  # fmt: skip
"""Early / mid / late in a week: Monday, Tuesday or Friday, and the two days after it."""
_PART_AFTER = {"end": "late", "ending": "late", "beginning": "early", "starting": "early", "start": "early",
               "middle": "mid"}  # fmt: skip
"""A part of a month said after it ("this month beginning", "December end")."""
_WORKING_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}
_WEEK_ORDINALS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                  "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip


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


def _weekend(now: datetime, weeks: int | None) -> tuple[datetime, datetime]:
    """Saturday and Sunday of a week (0 this, -1 last, 1 next); None: the latest that has begun."""
    if weeks is None:
        weeks = 0 if now.weekday() >= 5 else -1
    return _days(_week_of(now) + timedelta(weeks=weeks, days=5), 2)


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


def _rolling(now: datetime, days: int) -> tuple[datetime, datetime]:
    """The last `days` days, today included."""
    return _day(now) - timedelta(days=days - 1), _day(now) + timedelta(days=1)


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


def _so_far(start: datetime, now: datetime) -> tuple[datetime, datetime]:
    """ "earlier this week": from `start` to today, today included."""
    return start, _day(now) + timedelta(days=1)


_ZH_WEEKS = {"上上": -2, "大上": -2, "前": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}
_QUARTER_NUMBERS = {"首": 1, "一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                    "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip
_QUARTER_OFFSETS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "last": -1, "lst": -1, "previous": -1, "prior": -1,
                    "this": 0, "next": 1}  # fmt: skip


def _year_word(word: str | None, now: datetime) -> int | None:
    """ "去年", "last year's", "2025" before or after a quarter: that year; None when there is none."""
    if not word:
        return None
    word = word.lower().removesuffix("'s").replace("lst", "last").strip()
    return int(word.removesuffix("年")) if word[:4].isdigit() else now.year + _YEAR_OFFSET[word]


_UNIT_DAYS = {
    "周": 7,
    "星期": 7,
    "礼拜": 7,
    "月": 30,
    "年": 365,
    "季度": 90,
    "week": 7,
    "weeks": 7,
    "month": 30,
    "months": 30,
}


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


def _last_business_day(now: datetime) -> tuple[datetime, datetime]:
    """ "last business day", "上个工作日": the latest Monday to Friday before today (holidays aside)."""
    day = _day(now) - timedelta(days=1)
    while day.weekday() >= 5:
        day -= timedelta(days=1)
    return _days(day)


def _working_day(now: datetime, count: int) -> datetime:
    """The `count`-th Monday-to-Friday before (negative) or after (positive) today ("5 working days ago",
    "T+2", "十个工作日后"; public holidays are not known)."""
    day, step = _day(now), (1 if count > 0 else -1)
    for _ in range(_bounded(abs(count))):
        day += timedelta(days=step)
        while day.weekday() >= 5:
            day += timedelta(days=step)
    return day


def _working_days_back(now: datetime, count: int) -> tuple[datetime, datetime]:
    """ "the past 10 working days", "近五个工作日": the `count` latest Monday-to-Friday days, today
    included when it is one, to today."""
    today = _day(now)
    first = _working_day(now, -(count - 1)) if today.weekday() < 5 else _working_day(now, -count)
    return first, today + timedelta(days=1)


def _working_days_ahead(now: datetime, count: int) -> tuple[datetime, datetime]:
    """ "the next 5 business days", 未来五个工作日: today when it is a Monday to Friday and the working days
    after it, `count` in all."""
    today = _day(now)
    last = _working_day(now, count - 1) if today.weekday() < 5 else _working_day(now, count)
    return (today if today.weekday() < 5 else _working_day(now, 1)), last + timedelta(days=1)


_ORDINAL_WEEKS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
                  "5th": 5}  # fmt: skip
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


def _parsed(text: str, now: datetime) -> tuple[datetime, datetime]:
    """The range a date said inside a longer expression names ("the week of March 8", "Friday 5 March")."""
    found = parse_range(text, now)
    if found is None:
        raise ValueError("no date")
    return found.start, found.end


def _week_by_numbers(now: datetime, m: re.Match[str]) -> tuple[datetime, datetime]:
    """ "w/e 3/5", "w/c 8/3", "week ending 3/12": the week ending on (the 7 days to) or beginning with (the
    calendar week holding) a date in digits. Month first, as in the US, unless the first number is over 12,
    the query names a place that writes the day first, or only the day-first reading falls on a day that
    ends (Friday to Sunday) or begins (Monday or Sunday) a week; the latest such week begun."""
    ending = m["k"].lower() in ("w/e", "w.e.") or m["k"].lower().startswith("week end")
    a, b = int(m["a"]), int(m["b"])
    year = (int(m["y"]) + (2000 if len(m["y"]) == 2 else 0)) if m["y"] else None
    edges = (4, 5, 6) if ending else (0, 6)

    def latest(month: int, day: int) -> datetime | None:
        try:
            if year is not None:
                return datetime(year, month, day)
            date = datetime(now.year, month, day)
            return (
                date
                if date - timedelta(days=6 if ending else 0) <= now
                else datetime(now.year - 1, month, day)
            )
        except ValueError:
            return None

    month_first, day_first = latest(a, b), latest(b, a)
    date = month_first or day_first
    if date is None:
        raise ValueError("no such date")
    if (
        month_first is not None
        and day_first is not None
        and month_first != day_first
        and (
            _DAY_FIRST.search(m.string)
            or (day_first.weekday() in edges and month_first.weekday() not in edges)
        )
    ):
        date = day_first
    if ending:
        return date - timedelta(days=6), date + timedelta(days=1)
    return _week_around(date)


def _iso_weeks(
    now: datetime, first: int, last: int, year: int | None, query: str
) -> tuple[datetime, datetime]:
    """ "weeks 10-12": ISO week `first` (of the year named, else the latest begun) to week `last` of its year."""
    if last <= first:
        raise ValueError("a span runs forward")
    start = _iso_week(now, first, year, query)[0]
    return start, datetime.fromisocalendar(start.isocalendar()[0], last, 1) + timedelta(days=7)


def _quarters(now: datetime, first: int, last: int, year: int | None) -> tuple[datetime, datetime]:
    """ "Q1-Q3", "Q2 to Q4 2026": quarter `first` (of the year named, else the latest begun) to `last`."""
    start = _latest_quarter(now, first, year)[0]
    return start, _quarter(start.year + (last < first), last)[1]


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


def _nth_last_working_day(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """The `count`-th Monday-to-Friday from a month's end ("the 2nd-to-last business day", 倒数第二个工作日)."""
    day, seen = month[1] - timedelta(days=1), 0
    while day >= month[0]:
        seen += day.weekday() < 5
        if seen == count:
            return _days(day)
        day -= timedelta(days=1)
    raise ValueError("the month has fewer working days")


def _last_working_days(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """A month's last `count` Mondays-to-Fridays, to its end ("the last 3 working days of last year")."""
    return _nth_last_working_day(month, count)[0], month[1]


_ZH_UNIT_NAMES = {"周": "week", "期": "week", "拜": "week", "月": "month", "年": "year"}


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


def _last_weekday(now: datetime, weekday: int) -> datetime:
    """ "last Friday": that weekday of last week, as 上周五 (most authors asked read it so; "this past
    Friday" and "Friday just gone" are the latest before today)."""
    return _week_of(now) - timedelta(weeks=1) + timedelta(days=weekday)


def _first_working_days(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """A month's first `count` Mondays-to-Fridays ("本月前五个工作日", "the first 3 business days of May"): its
    1st working day to its `count`-th."""
    return _nth_working_day(month, 1)[0], _nth_working_day(month, count)[1]


def _full_week(month: tuple[datetime, datetime], last: bool) -> tuple[datetime, datetime]:
    """ "the first / last full week of March": its first or last Monday-to-Sunday wholly inside it."""
    if last:
        sunday = month[1] - timedelta(days=month[1].weekday() + 1)
        return sunday - timedelta(days=6), sunday + timedelta(days=1)
    monday = month[0] + timedelta(days=-month[0].weekday() % 7)
    return _days(monday, 7)


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


def _digits_no_year(now: datetime, first: int, second: int, query: str) -> tuple[datetime, datetime]:
    """ "by 3/31", "due 15/4": month first, as in the US, unless the first number is over 12 or the query names a
    place that writes the day first; of the year as "on 3/31" reads it."""
    day_first = first > 12 or (second <= 12 and _DAY_FIRST.search(query) is not None)
    month, day = (second, first) if day_first else (first, second)
    return _month_day(now, month, day)


def _first_quarters(now: datetime, count: int, year: int | None) -> tuple[datetime, datetime]:
    """ "前三季度", "the first two quarters of 2026": Q1 to quarter `count` of the year named, else of the latest
    year in which that quarter has begun."""
    last = _latest_quarter(now, count, year)
    return datetime(last[0].year, 1, 1), last[1]


def _working_day_beside(days: tuple[datetime, datetime], after: bool) -> tuple[datetime, datetime]:
    """The last Monday-to-Friday before a holiday's days, or the first after them."""
    day = days[1] if after else days[0] - timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1 if after else -1)
    return _days(day)


def _weekday_beside(days: tuple[datetime, datetime], weekday: int, after: bool) -> tuple[datetime, datetime]:
    """The first `weekday` after a holiday's days, or the last before them."""
    day = days[1] if after else days[0] - timedelta(days=1)
    while day.weekday() != weekday:
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


def _to_date_back(now: datetime, unit: str) -> tuple[datetime, datetime]:
    """ "上月同期", "the same period last week": last month / week from its start to today's counterpart."""
    if unit == "week":
        start = _week_of(now) - timedelta(weeks=1)
        return start, _day(now) - timedelta(days=6)
    day = _same_day(now, -1)
    return datetime(day.year, day.month, 1), _day(day) + timedelta(days=1)


def _quarter_part_begun(now: datetime, part: str) -> tuple[datetime, datetime]:
    """This quarter's first, middle or last month; the middle or last one only when begun, else last quarter's."""
    this = _quarter_month(_quarter_from(now, 0), part)
    return this if this[0] <= now else _quarter_month(_quarter_from(now, -1), part)


def _nth_working_day(month: tuple[datetime, datetime], count: int) -> tuple[datetime, datetime]:
    """The `count`-th Monday-to-Friday of a month ("the third business day of May", "上个月第三个工作日")."""
    day, seen = month[0], 0
    while True:
        seen += day.weekday() < 5
        if seen == count:
            return _days(day)
        day += timedelta(days=1)
        if day >= month[1]:
            raise ValueError("the month has fewer working days")


_DAY_FIRST = re.compile(
    r"\b(?:uk|u\.k\.|british|britain|england|scotland|ireland|irish|europe|european|eu|germany|german|france|french|"
    r"australia|australian|nz|new zealand|india|indian|singapore|sg|malaysia|my office|hong kong|hk)\b|英国|欧洲|澳洲|澳大利亚|"
    r"新西兰|香港|新加坡|马来|德国|法国|印度|爱尔兰|"
    # the twenty-sixth round: cities and countries whose offices write the day first
    r"\b(?:dublin|london|manchester|birmingham|leeds|glasgow|edinburgh|belfast|cardiff|wales|welsh|scottish|paris|"
    r"berlin|munich|frankfurt|hamburg|amsterdam|rotterdam|brussels|madrid|barcelona|lisbon|rome|milan|zurich|geneva|"
    r"vienna|prague|warsaw|stockholm|copenhagen|oslo|helsinki|spain|spanish|italy|italian|netherlands|dutch|belgium|"
    r"poland|polish|sweden|swedish|denmark|norway|finland|switzerland|swiss|austria|portugal|brazil|brazilian|"
    r"mexico|south africa|sydney|melbourne|brisbane|perth|adelaide|auckland|wellington|mumbai|delhi|bangalore|"
    r"bengaluru|chennai|hyderabad|pune|kuala lumpur|kl|penang|jakarta|indonesia|vietnam)\b|"
    r"都柏林|伦敦|巴黎|柏林|慕尼黑|阿姆斯特丹|马德里|罗马|米兰|苏黎世|悉尼|墨尔本|奥克兰|孟买|新德里|班加罗尔|吉隆坡|雅加达|越南"
    r"|\b(?:singaporean|malaysian|hongkong|kl|kuala lumpur|penang|macau|macao)\b|澳门|吉隆坡|槟城|大马|狮城",
    re.IGNORECASE,
)
"""Places whose dates are written day first ("the UK site's report dated 04/03/2027" is 4 March)."""


def _numeric_date(first: int, second: int, year: int, query: str) -> tuple[datetime, datetime]:
    """A date in digits with its year ("3/4/2027", "27/02/2027", "7/4/27"): month first, as in the US,
    unless the first number is over 12 or the query names a place that writes the day first."""
    if year < 100:
        year += 2000
    day_first = first > 12 or (second <= 12 and _DAY_FIRST.search(query) is not None)
    month, day = (second, first) if day_first else (first, second)
    return _days(datetime(year, month, day))


def _bare_date(now: datetime, first: int, second: int, query: str) -> tuple[datetime, datetime]:
    """A date in digits without its year ("4/3 那天"): month first, unless the query names a place that
    writes the day first ("新加坡那边的发票写 4/3" is 4 March), as a date with its year is read."""
    return _month_day(now, *_month_and_day(first, second, query))


def _month_and_day(first: int, second: int, query: str) -> tuple[int, int]:
    """The month and the day of a date in digits without its year, as `_bare_date` reads them."""
    return (second, first) if second <= 12 and _DAY_FIRST.search(query) is not None else (first, second)


def _edge_working_day(month: tuple[datetime, datetime], last: bool) -> tuple[datetime, datetime]:
    """The first or last Monday-to-Friday of a month."""
    day = month[1] - timedelta(days=1) if last else month[0]
    while day.weekday() >= 5:
        day += timedelta(days=-1 if last else 1)
    return _days(day)


def _iso_week(now: datetime, week: int, year: int | None, query: str = "") -> tuple[datetime, datetime]:
    """ISO week `week` ("W12", "CW34", "第12周") of the year named, else the latest that has begun. A week
    counted from something else ("week 12 of the pregnancy", "第5周的课") is no calendar week: no range."""
    if _OTHER_WEEKS.search(query) or (week <= 6 and _SPRINT.search(query)):
        raise ValueError("a week of a pregnancy, a term, a course or a sprint")
    if year is not None:
        return _days(datetime.fromisocalendar(year, week, 1), 7)
    for year in range(now.isocalendar()[0], now.isocalendar()[0] - 7, -1):
        try:  # W53 only in the years that have one
            monday = datetime.fromisocalendar(year, week, 1)
        except ValueError:
            continue
        if monday <= now:
            return _days(monday, 7)
    raise ValueError("no such week in the last years")


_OTHER_WEEKS = re.compile(
    r"孕|怀孕|产检|学期|课|培训|训练|疗程|化疗|\bpregnan|\bscan\b|\btrimester|\bsemester|\bterm\b|\bcourse"
    r"|\bprogram|\bclass|\btraining|\bpostpartum|\bgestation",
    re.IGNORECASE,
)


_SPRINT = re.compile(r"\bsprint\b", re.IGNORECASE)
"""A sprint's weeks are numbered from its start ("week 2 of the sprint"); a week number over 6 beside one is a
calendar week ("sprint 23 ran wk31 to wk32")."""


def _mid_year(now: datetime) -> tuple[datetime, datetime]:
    """ "年中", "mid-year": June and July of the latest year in which they have begun."""
    year = now.year if now >= datetime(now.year, 6, 1) else now.year - 1
    return datetime(year, 6, 1), datetime(year, 8, 1)


def _same_day(now: datetime, months: int) -> datetime:
    """Today's day of the month `months` away, or that month's last day ("a month ago today" on 31 July:
    30 June)."""
    start, end = _month(now.year, now.month + months)
    return min(start + timedelta(days=now.day - 1), end - timedelta(days=1))


def _around_holiday(days: tuple[datetime, datetime], shift: int, week: bool) -> tuple[datetime, datetime]:
    """ "3 days before Christmas" (that one day), "the day after Thanksgiving", "the week before Christmas"
    (the calendar week before the one holding it)."""
    if week:  # "the two weeks before Christmas": the two calendar weeks before the one holding it
        return _days(_week_of(days[0]) + timedelta(weeks=min(shift, 1)), 7 * abs(shift))
    return _days((days[0] if shift < 0 else days[1] - timedelta(days=1)) + timedelta(days=shift))


def _holiday_weekend(day: tuple[datetime, datetime], name: str) -> tuple[datetime, datetime]:
    """ "Memorial Day weekend", "the Easter long weekend", "Thanksgiving weekend": the holiday with the
    weekend it joins (Saturday to a Monday holiday; Friday to Monday around Easter; Thursday to Sunday)."""
    start = day[0]
    if name == "easter":
        return start - timedelta(days=2), start + timedelta(days=2)
    weekday = start.weekday()
    if weekday == 0:
        return start - timedelta(days=2), start + timedelta(days=1)
    if weekday in (3, 4):
        return start, start + timedelta(days=7 - weekday)
    return _week_of(start) + timedelta(days=5), _week_of(start) + timedelta(days=7)


def _weekend_beside(days: tuple[datetime, datetime], after: bool) -> tuple[datetime, datetime]:
    """ "the weekend before Thanksgiving", "the weekend after Easter": the Saturday and Sunday just
    before the holiday's first day, or just after its last."""
    if after:
        return _days(days[1] + timedelta(days=(5 - days[1].weekday()) % 7), 2)
    sunday = days[0] - timedelta(days=days[0].weekday() + 1)
    return sunday - timedelta(days=1), sunday + timedelta(days=1)


_BANK_HOLIDAYS = ("easter monday", "early may bank holiday", "spring bank holiday", "summer bank holiday")


def _latest_bank_holiday(now: datetime) -> tuple[datetime, datetime]:
    """The latest begun of England's Monday bank holidays ("over the bank holiday weekend")."""
    return max(holidays.latest(name, now) for name in _BANK_HOLIDAYS)


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


def _quarter_end(now: datetime) -> tuple[datetime, datetime]:
    """ "quarter-end", "季末" said alone: this quarter's last month if it has begun, else last quarter's."""
    this = _quarter_month(_quarter_from(now, 0), "late")
    return this if this[0] <= now else _quarter_month(_quarter_from(now, -1), "late")


def _coming_weekday(now: datetime, weekday: int) -> tuple[datetime, datetime]:
    """ "this coming Sunday": the next such day after today."""
    return _days(_day(now) + timedelta(days=(weekday - now.weekday() - 1) % 7 + 1))


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


def _next_working_day(now: datetime) -> tuple[datetime, datetime]:
    """ "the next business day", 下一个工作日: the first Monday to Friday after today (no holiday calendar)."""
    day = _day(now) + timedelta(days=1)
    while day.weekday() >= 5:
        day += timedelta(days=1)
    return _days(day)


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


def _digit_span(
    now: datetime, month: int, day: int, end_month: int, end_day: int
) -> tuple[datetime, datetime]:
    """ "4/13 thru 4/17": from the latest such first day passed to the second, both included."""
    start = _month_day(now, month, day)[0]
    end = datetime(start.year + (end_month < month), end_month, end_day)
    if end < start:
        raise ValueError("a span that ends before it starts")
    return start, end + timedelta(days=1)


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


_EN_HOLIDAY_WORDS = (
    "christmas", "xmas", "new year", "nye", "valentine", "halloween", "singles", "thanksgiving", "black fri",
    "mother", "father", "easter", "national day", "golden week", "mid-autumn", "dragon boat", "boxing day",
    "patrick", "paddy", "australia day", "independence day", "of july", "canada day", "michaelmas", "hogmanay",
    "anzac", "waitangi", "burns", "bonfire", "guy fawkes", "remembrance", "armistice", "veteran", "andrew",
    "david", "george", "fool", "may day", "juneteenth", "memorial day", "labor day", "president", "mlk",
    "martin luther", "victoria day", "good friday", "easter", "shrove", "pancake", "mardi gras", "ash wed",
    "qingming", "tomb", "cny", "patricks", "melbourne", "mothering", "gandhi", "republic", "stephen", "palm",
    "noche", "rizal", "ne'erday", "freedom day", "heritage day", "cyber", "ching ming", "double ninth", "chung yeung",
    "reunion dinner", "buddha", "bank holiday", "11.11", "mooncake", "chap goh mei", "cny eve", "new year's eve",
    "family day", "brigid", "reconciliation", "youth day", "human rights", "songkran", "new year day",
    "establishment day", "malaysia day", "merdeka", "ghost festival", "goodwill", "cup day", "braai", "king's day",
    "civic holiday", "two-four", "tuen ng",
    "pat's", "pats day", "straya", "chrissy", "chrissie",
    "kings day", "all saints", "turkey day", "silvester", "labour weekend",
    "mid autumn", "moon festival", "tet", "tết", "chuseok", "seollal", "korean new year", "vietnamese new year",
    # the twenty-sixth round, second wave
    "eid", "lebaran", "idul", "hari raya", "bakrid", "bakri", "bakra", "kurban", "ramadan", "ramazan", "ramzan",
    "holi", "diwali", "deepavali", "divali", "dipawali", "matariki",
    "orthodox", "russian christmas", "ethiopian christmas", "genna", "madaraka", "mashujaa", "jamhuri", "jean",
    "lohri", "women's day", "womens day", "super bowl", "superbowl",
)  # fmt: skip
"""One of these is in a query that names a holiday in English (the holiday rule runs only then)."""
_VESAK_WORDS = ("vesak", "wesak")
"""Vesak Day's names (the twenty-sixth round, second wave): the holiday rule runs for them too."""
_NOT_A_FRACTION = r"(?!\s*(?:cups?|tsp|tbsp|teaspoons?|tablespoons?|inch(?:es)?|miles?|lbs?|kg|oz|pounds?|ounces?|of|in)\b|\s*\")"
"""What follows "3/4" when it is an amount, not the 4th of March."""


_ZH_DAY = "[一二三四五六七八九]|十[一二三四五六七八九]?|二十[一二三四五六七八九]?|三十一?"
"""A day of the month in Chinese numerals (一 … 三十一)."""
_NOT_A_DAY = (
    r"线|楼|院|门|房|床|站|口|车|柜|机|位|桌|厅|馆|窗|地铁|地块|地|选手|种子|码|店|仓|库|箱|台|键|包|场|道|路|街|巷|弄|栋|单元|室|层|排|座|客运|"
    r"会议室|教室|诊室|办公室|实验室|宿舍|寝室|包厢|包间|车位|展位|"
    r"电池|球|衣|鞋|字|人|球员|队|选项|方案|文件|病房|航站楼|登机口|出口|入口|通道|展厅|窗口|工位|档|塔|泵|罐|炉|槽|井"
    r"|搭客|大厦|大楼|候机|闸|月台|车厢|码头|停车"
    r"|巴士|小巴|公交|电车|渡轮|船|风球|台风|信号"
)
"""What follows "3号" when it is a line, a building, a seat or a size, not the 3rd of the month."""


_EN_DAY_COUNTS = {"fourteen": 14, "thirty": 30, "sixty": 60, "ninety": 90}
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


def _holiday(
    name: str, year_word: str | None, now: datetime, query: str = "", which: str | None = None
) -> tuple[datetime, datetime]:
    """A holiday of the year named; "next" / "this coming" / "last" one; the coming one when the
    query speaks of a plan ("国庆打算去哪", "what are we doing for Christmas") and this year's has
    not ended; else the latest begun."""
    which = (which or "").lower().replace("lst", "last")
    if year_word:
        return holidays.latest(name, now, _year_word(year_word, now))
    if which in ("next", "this coming", "the coming", "the upcoming", "upcoming"):
        return holidays.coming(name, now)
    if which == "this":
        return holidays.latest(name, now, now.year)
    if which == "last":
        return holidays.latest_ended(name, now)
    if _AHEAD.search(query) and not _DONE.search(query):
        coming = holidays.coming(name, now, begun=True)
        if not _SAID.search(query):
            return coming
        # a plan and words of what was said ("五一打算去哪 我跟你说过", "元旦那天我说的计划"): the nearer one
        latest = holidays.latest(name, now)
        return coming if coming[0] - now < now - min(latest[1], now) else latest
    return holidays.latest(name, now)


_CLAUSE_END = re.compile(r"[，。！？!?；;…]|[,.](?=\s)")


def _clause(match: re.Match[str]) -> str:
    """The clause of the query that holds `match` (chatter before it says nothing of its tense:
    "晚上吃撑了……国庆我打算带谁去哪来着")."""
    text = match.string
    before = [end.end() for end in _CLAUSE_END.finditer(text, 0, match.start())]
    after = _CLAUSE_END.search(text, match.end())
    return text[before[-1] if before else 0 : after.start() if after else len(text)]


_SETTLES = re.compile(
    r"\s*(?:(?:今天|今日|明天|明日|昨天|当天|\btoday|\btomorrow|\byesterday)\s*(?:就|才|已经|已)?\s*)?"
    r"(?:到账|交收|结算|清算|\bsettle(?:s|d|ment)?\b)",
    re.IGNORECASE,
)
"""T+3 said of money arriving ("基金赎回T+3到账", "trades settle T+1"): a rule, not a day ahead; a day word between
("T+1今天到账的那笔", "T+2 tomorrow settles") is the day asked about."""
_MEANING = re.compile(
    r"什么意思|啥意思|啥子意思|咩意思|哪样意思|么子意思|一样意思|意思一样|\bwhat means\b|是指|区别|差别|差在哪|有什么不同|有什么不一样|有啥不一样|分别|\bmean(?:s|ing)?\b|\bexplain\b|\bdifference\b",
    re.IGNORECASE,
)
"""A question about what a notation means ("T+1到账是什么意思"): T+1 there is no day."""


_SETTLEMENT = "a rule of settlement"
_SETTLED_BEFORE = re.compile(
    r"(?:\bsettle[sd]?|\bsettlement|\bpay(?:ing)? ?outs?|\bpaid out|\bclears?|到账|结算|交收)\s*(?:in|on|at|by|是|为)?\s*$",
    re.IGNORECASE,
)
_FROM_TODAY = re.compile(r"\s*(?:from|after) (?:today|now)\b", re.IGNORECASE)
"""T+1 after the words of a settlement ("trades settle T+1", "are we paying out T+1"): a rule, not a day — unless
counted from today ("which payments settle T+3 from today")."""
_STANDING = re.compile(
    r"\b(?:always|usually|normally|typically|generally)\b.*\bon the (?:last|first|final|second|third) "
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"(?:^\W*|[-–—:;,]\s*)(?:(?:so|and|but|ok|hey|also)\W+)?(?:are|do|does|is) (?:we|you|u|they|it|he|she|i)\b[^.?!]*"
    r"\bthese days\W*$",
    re.IGNORECASE,
)
"""A habit on "the last Friday" (of each month: "we always close the books on the last Friday"); a yes-no question
about the present practice ("are we paying out T+1 these days?"): no range."""


def _no_time(why: str) -> NoReturn:
    """A rule's match that, read whole, names no time ("T+1到账是什么意思", "五三天前"): parse_range answers None."""
    raise ValueError(why)


_AHEAD = re.compile(
    r"打算|准备|计划|安排|预订|要不要|想去|要去哪|会放|放几天|怎么过|去哪玩|([回去来过放])不\1|\bplan(?![tk]|et)|\bgoing to\b|\bgonna\b|\bwill (?:we|i|you)\b"
    r"|\bare (?:we|you) (?:doing|going)\b|\bupcoming\b|\bcoming up\b",
    re.IGNORECASE,
)
_SAID = re.compile(
    r"我说|说过|说的|提过|提到|聊过|那天|当天|了|来着|\b(?:did|said|told|was|were|had)\b", re.IGNORECASE
)
_DONE = re.compile(r"(?:去哪(?:儿|里)?玩|去哪(?:儿|里)?|怎么过|出去玩|放了几天)了|去了哪|玩了什么")
"""A plan word with 了 after it ("国庆那几天我们去哪玩了"): what was done, the latest holiday (the twenty-sixth
round, second wave)."""
"""Words of a plan: a holiday said with them is the coming one — unless the query asks what was said or
done ("元旦那天我说的计划是啥", "what did we plan for Easter")."""


def _days_from_holiday(
    days: tuple[datetime, datetime], one: str | None, offset: str | None
) -> tuple[datetime, datetime]:
    """The holiday's days; its own day ("国庆节那天"); a day before or after it ("中秋节前一天", "国庆节第二天");
    the calendar week holding it ("圣诞节那周"); the first working day after its days ("国庆后第一个工作日")."""
    if offset and "前" in offset and offset.endswith(("工作日", "工作天")):
        # "国庆节前最后一个工作日": the last Monday-to-Friday before the holiday's days
        return _working_day_beside(days, False)
    if offset and offset.endswith(("工作日", "工作天")):
        day = days[1]
        while day.weekday() >= 5:
            day += timedelta(days=1)
        return _days(day)
    if offset and "后" in offset and ("第一" in offset or "头一" in offset):
        # "国庆节后第一周": the calendar week holding the first working day after the holiday's days
        return _week_around(_days_from_holiday(days, None, "后第一个工作日")[0])
    if offset and offset not in ("前一周", "后一周") and offset.endswith(("周", "礼拜", "星期")):
        return _week_around(days[0])
    if offset:
        if offset in ("前一周", "后一周"):
            return _days(_week_of(days[0]) + timedelta(weeks=-1 if offset == "前一周" else 1), 7)
        shift = {"前一天": -1, "后一天": 1, "第二天": 1, "第三天": 2, "隔天": 1, "翌日": 1}[offset]
        return _days(days[0] + timedelta(days=shift))
    return _first_day_if(bool(one), days)


def _first_day_if(one: bool, days: tuple[datetime, datetime]) -> tuple[datetime, datetime]:
    """ "国庆节那天", "五一当天": the holiday's own day, not the public holiday's days."""
    return _days(days[0]) if one else days


def _quarter_month(quarter: tuple[datetime, datetime], part: str) -> tuple[datetime, datetime]:
    """ "the end of Q1", "二季度末", "start of next quarter": the quarter's last, middle or first month."""
    start = quarter[0]
    return _month(start.year, start.month + {"early": 0, "mid": 1, "late": 2}[part])


def _week_around(day: datetime) -> tuple[datetime, datetime]:
    """The Monday-to-Sunday week a day falls in ("the week of the 14th", "in a fortnight", "两周后")."""
    return _days(_week_of(day), 7)


_QUARTER_PARTS = {"末": "late", "底": "late", "尾": "late", "初": "early", "头": "early", "end": "late",
                  "最后一个月": "late", "头一个月": "early", "第一个月": "early",
                  "close": "late", "start": "early", "beginning": "early", "middle": "mid"}  # fmt: skip


Build = Callable[[re.Match[str], datetime], tuple[datetime, datetime]]


_Rule = tuple[re.Pattern[str], Build, tuple[str, ...], str]
"""A pattern, what its match means, the words one of which the query must hold (none: no such
condition), and the script the query must hold: "zh" (any non-ASCII character), "en" (a Latin
letter) or "" (either)."""


_SOLAR_TERM_BEFORE = "(?<![设建成树确独创订站起自对孤矗挺竖中公私国市林鼎屹伫耸肃倒直侧青迎新早华])"
_SOLAR_TERM_AFTER = "(?![红今季令])"
"""A solar term's name is two common characters, so it is read only where they are not the ends of
other words: 成立|夏令营, 建立|秋季, 青春|分享, 新春|分会场, 华夏|至今, 中秋|分月饼, 春|分红."""


_ZH_DAY_OFFSETS = {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "明天": 1, "后天": 2, "大后天": 3,
                   "前日": -2, "昨日": -1, "琴日": -1, "寻日": -1, "今日": 0, "明日": 1, "听日": 1, "后日": 2}  # fmt: skip
"""The day words, with the 日 of Cantonese and of written Chinese ("昨日和前日")."""
_ZH_DAY_WORDS = "|".join(sorted(_ZH_DAY_OFFSETS, key=len, reverse=True))
_EN_DAY_OFFSETS = {"the day before yesterday": -2, "yesterday": -1, "today": 0, "tomorrow": 1,
                   "the day after tomorrow": 2}  # fmt: skip
_EN_DAY_WORDS = "|".join(sorted(_EN_DAY_OFFSETS, key=len, reverse=True))


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


def _month_ends(month: tuple[datetime, datetime], count: int, first: bool) -> tuple[datetime, datetime]:
    """The first or last `count` days of a month or year ("the last 3 days of last month")."""
    if not 0 < count <= (month[1] - month[0]).days:
        raise ValueError("more days than the month holds")
    if first:
        return month[0], month[0] + timedelta(days=count)
    return month[1] - timedelta(days=count), month[1]


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


def _end_of_year(year: int, first: bool, week: bool) -> tuple[datetime, datetime]:
    """The first or last day, or week (its first or last seven days, as a month's), of a year."""
    if week:
        return (datetime(year, 1, 1), datetime(year, 1, 8)) if first else _days(datetime(year, 12, 25), 7)
    return _days(datetime(year, 1, 1) if first else datetime(year, 12, 31))


_OFFICE_NOUNS = (
    "budgets?|plans?|planning|results|sales|revenue|forecasts?|targets?|numbers|figures|accounts|audits?|reports?"
    "|review|kick-?off|sko|roadmap|headcount|bonus(?:es)?|payroll|tax return|filings?|close|calendar|intake|cohort"
    "|conference|offsite|summit|agm|goals|okrs|strategy|capex|opex|spend|bookings|pipeline|p&l|ebitda|appraisals?"
    "|rota|roster|leave|holidays?|board|steerco|all-hands|town ?hall|qbr|mbr|release|launch|campaign|promo"
    "|newsletter|deck|pack|accruals|invoices?|statements?|payments?|bills?|schedule|deadline|exams?|sprint|retro"
    "|rollout|migration|go-live|cutover"
)
"""What an office plans or reports for a year ("the 2026 budget"): a year before them is that calendar year."""


def _rules() -> list[_Rule]:
    d = timedelta
    gates: dict[str, tuple[str, ...]] = {}

    def gated(pattern: str, *words: str) -> str:
        """A rule searched only when the lowered query holds one of `words` or of the classes named
        "@month", "@weekday", "@ordinal" (a rule whose pattern begins with optional parts is tried at
        every position: this keeps parse_range fast)."""
        gates[pattern] = words
        return pattern

    zh_month = r"(?P<ref>上上个?月|上个?月|这个?月|本月|下个?月|(?P<yr>去年|今年|前年|旧年|明年|出年)?(?:的)?(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?)"
    zh_part = (
        r"(?P<part>月初|月头|月中|月底|月末|月尾|中下旬|上中旬|上旬|中旬|下旬|最后几天|中间|开始|开头|初(?![一二三四五六七八九十])|中(?![午间心国文秋])|底|末|尾|头(?![发疼痛像盔条部顶脑一回次儿]))"
        r"|(?:第|头)(?P<wk>[一二三四1-4])(?:个)?(?:周|星期|礼拜)|(?P<lastwk>最后一(?:个)?(?:周|星期|礼拜))"
    )

    def zh_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
        ref = m["ref"]
        if m["mo"]:
            return _named_month(n, zh_number(m["mo"]), m["yr"])
        back = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}[
            next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))
        ]
        return _month(n.year, n.month + back)

    zh_holidays = "|".join(
        rf"{_SOLAR_TERM_BEFORE}{re.escape(n)}{_SOLAR_TERM_AFTER}"
        if n in holidays.SOLAR_TERMS
        else re.escape(n)
        for n in sorted(holidays.ZH_NAMES, key=len, reverse=True)
    )
    zh_ref = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}

    def zh_ref_of(ref: str | None) -> int | None:
        return (
            None
            if not ref
            else zh_ref[next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))]
        )

    en_names = "|".join(sorted((re.escape(n) for n in holidays.EN_NAMES), key=len, reverse=True))
    zh: list[tuple[str, Build]] = [
        (
            gated(
                rf"(?P<yr>去年|今年|前年|明年|旧年|出年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{zh_holidays})(?!路|街|广场|大道|村|中学|小学|大街)"
                # what is bought for a holiday ("万圣节服装", "圣诞礼物") names no day of it
                r"(?!节?(?:服装|服饰|衣服|装扮|装饰|礼物|礼品|礼盒|贺卡|树|彩灯|灯饰|面具|糖果|南瓜灯|帽子|毛衣|袜子|套装))"
                r"(?:(?P<one>那天|当天|那一天|那日)|(?:的)?(?P<off>前一天|后一天|第二天|第三天|隔天|翌日|前一周|后一周"
                r"|那周|那一?个(?:礼拜|星期)|所在的?(?:那一?个?)?(?:周|礼拜|星期)"
                r"|(?:之|以)?后(?:的)?(?:第一|头一)个工作[日天]|(?:之|以)?后(?:的)?(?:第一|头一)个?(?:周|礼拜|星期)"
                r"|(?:之|以)?前(?:的)?最后一个工作[日天]))?",
                *holidays.ZH_NAMES,
            ),
            lambda m, n: _days_from_holiday(
                _holiday(holidays.ZH_NAMES[m["h"]], m["yr"], n, _clause(m)), m["one"], m["off"]
            ),
        ),
        (
            # "国庆节后的第一个周一", "圣诞节前的那个周五", "春节前最后一个星期五": the first such weekday after the
            # holiday's days, or the last before them
            gated(
                rf"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{zh_holidays})(?:之|以)?(?P<r>前|后)(?:的)?"
                r"(?:第一个|头一个|最后一个|那个|那)?(?:周|星期|礼拜)(?P<d>[一二三四五六日天])",
                *holidays.ZH_NAMES,
            ),
            lambda m, n: _weekday_beside(
                _holiday(holidays.ZH_NAMES[m["h"]], m["yr"], n, _clause(m)),
                _ZH_WEEKDAYS[m["d"]],
                m["r"] == "后",
            ),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年)?(?:的)?(?P<d>618|520|六一|十一|三八)(?=\s?(?:大促|活动|那天|期间|的时候|买|抢|当天|送|表白|那几天"
                r"|放假|假期|长假|黄金周|出去玩|儿童节))",
                "618",
                "520",
                "六一",
                "十一",
                "三八",
            ),
            lambda m, n: _holiday(
                {"六一": "children's day", "十一": "national day", "三八": "women's day"}.get(m["d"], m["d"]),
                m["yr"],
                n,
                _clause(m),
            ),
        ),
        (
            # the shopping festivals written with a dot before what was bought then ("11.11买的东西到了没有")
            r"(?<![\d./])(?P<d>11\.11|12\.12|6\.18)(?![\d./])"
            r"(?=\s?(?:大促|活动|期间|买|抢|下单|囤|付|购|订|的时候|那|当天))",
            lambda m, n: _holiday(
                {"11.11": "singles' day", "12.12": "double twelve", "6.18": "618"}[m["d"]],
                None,
                n,
                _clause(m),
            ),
        ),
        (
            r"(?<![\d./])(?P<mo>1[0-2]|[1-9])[./](?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])(?=\s?(?:那|当天|当晚|的时候))",
            lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string),
        ),
        (
            # a Chinese year word before an English holiday ("去年Christmas", "今年的CNY")
            rf"(?P<yr>去年|今年|前年|明年|旧年|出年)(?:的)?\s?(?P<h>(?i:{en_names}))(?![A-Za-z])",
            lambda m, n: _holiday(holidays.EN_NAMES[m["h"].lower()], m["yr"], n),
        ),
        (
            # 上上个学期: two semesters back
            gated(r"上上(?:个|一个)?学期", "学期"),
            lambda m, n: _semester(n, 2),
        ),
        (
            # 去年年中, 明年年中: June and July of that year (as 年中 alone)
            gated(r"(?P<yr>去年|今年|前年|明年)(?:的)?年中(?![午秋])", "年中"),
            lambda m, n: (
                datetime(n.year + _YEAR_OFFSET[m["yr"]], 6, 1),
                datetime(n.year + _YEAR_OFFSET[m["yr"]], 8, 1),
            ),
        ),
        (
            # 3小时前, 半个钟前, 几个小时前 (Cantonese 三個鐘前): the day of that hour
            gated(
                r"(?P<n>[0-9]{1,2}|[一二两三四五六七八九十]+|几|半)\s?(?:个)?(?:半)?(?:小时|钟头|个钟)(?:之|以)?前",
                "小时",
                "钟",
            ),
            lambda m, n: _days(
                n
                - d(
                    hours=3 if m["n"] == "几" else 0.5 if m["n"] == "半" else min(zh_number(m["n"]), 24 * 366)
                )
            ),
        ),
        (
            # 三四个礼拜前, 两三个月前, 两三年前: both (as 两三天前)
            gated(
                r"(?<![一两二三四五六七八九十])(?P<a>[一两二三四五六七八九])(?P<b>[两二三四五六七八九十])"
                r"(?P<u>个?(?:周|星期|礼拜)|个月|年)(?:之|以)?前",
                "前",
            ),
            lambda m, n: (
                _units_ago(n, zh_number(m["b"]), _ZH_UNIT_NAMES[m["u"][-1]])[0],
                _units_ago(n, zh_number(m["a"]), _ZH_UNIT_NAMES[m["u"][-1]])[1],
            ),
        ),
        (
            # 这一季, 呢一季: this quarter
            gated(r"(?:这|本)一季(?![度节])", "一季"),
            lambda m, n: _quarter_from(n, 0),
        ),
        (
            # 明年的今天, 明年这个时候: this day next year
            gated(r"明年(?:的)?(?:这个时候|这个时间|这时候|今天|今日)", "明年"),
            lambda m, n: _days(_same_day(n, 12)),
        ),
        (
            # 后年 / 後年, 大后年: the year after next, the one after that
            gated(r"(?P<big>大)?(?<![以之然前最落今往])后年(?![级龄纪代])", "后年"),
            lambda m, n: _whole_year(n.year + (3 if m["big"] else 2)),
        ),
        (
            # Cantonese 嚟緊禮拜六 (嚟 folds to 来), 接下来的周五: the next such day after today
            gated(r"(?:来紧|接下来)(?:个|嘅|的)?(?:礼拜|星期|周)(?P<d>[一二三四五六日天])", "来紧", "接下来"),
            lambda m, n: _coming_weekday(n, _ZH_WEEKDAYS[m["d"]]),
        ),
        (
            gated(
                r"(?:(?P<ref>上上个?月|上个?月|这个?月|本月)(?:的)?|(?<![\d月年]))"
                rf"(?P<a>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日]?(?:到|至|~|～|-)(?P<b>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日]",
                *("号", "日"),
            ),
            lambda m, n: _latest_span_of_month(n, zh_number(m["a"]), zh_number(m["b"]), zh_ref_of(m["ref"])),
        ),
        (
            rf"(?P<ref>上上个?月|上一?个?月|这一?个?月|本月|下一?个?月)(?:的)?(?:(?P<dd>{_ZH_NUM})[号日]"
            r"|(?P<dd2>[0-9]{1,2}|[二三]?十[一二三四五六七八九]?)(?![0-9零〇一二两三四五六七八九十百天个元块岁年周次点分斤米份%]))",
            lambda m, n: _days(
                _day_of_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0), zh_number(m["dd"] or m["dd2"]))
            ),
        ),
        (
            r"(?<![\d月年号第.#])(?P<dd>[1-9]|[12]\d|3[01])[号日](?![\d号]|" + _NOT_A_DAY + ")",
            lambda m, n: _latest_day_of_month(n, int(m["dd"])),
        ),
        (
            r"(?P<ref>上上个?月|上个?月|这个?月|本月)?(?:的)?(?P<t>二十|十)几号",
            lambda m, n: (
                _month_part(
                    _month(n.year, n.month + (zh_ref_of(m["ref"]) or 0)), "mid" if m["t"] == "十" else "late"
                )
                if m["ref"]
                else _latest_begun_part(n, "mid" if m["t"] == "十" else "late")
            ),
        ),
        (
            rf"(?<![\d一二三四五六七八九十月年号第几.#])(?P<dd>{_ZH_DAY})号(?![\d号]|" + _NOT_A_DAY + ")",
            lambda m, n: _latest_day_of_month(n, zh_number(m["dd"])),
        ),
        (
            gated(
                rf"(?:(?P<mo>1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])月|(?P<ref>上上个?月|上个?月|这个?月|本月)(?:的)?)?"
                rf"(?<![\d年号第.#])(?P<dd>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日](?:的|那)(?:个|一)?(?:周|星期|礼拜)(?![一二三四五六日天])",
                "号",
                "日",
            ),
            lambda m, n: _week_around(
                _month_day(n, zh_number(m["mo"]), zh_number(m["dd"]), None)[0]
                if m["mo"]
                else _day_of_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0), zh_number(m["dd"]))
                if m["ref"]
                else _latest_day_of_month(n, zh_number(m["dd"]))[0]
            ),
        ),
        (
            gated(
                rf"(?:{zh_month})?(?:的)?(?P<h>上半月|下半月|前半个月|后半个月|上半个月|下半个月|上半拉月|下半拉月|上半截|下半截)",
                "半",
            ),
            lambda m, n: _month_half(
                zh_month_of(m, n) if m["ref"] else _month(n.year, n.month),
                m["h"] in ("下半月", "后半个月", "下半个月", "下半拉月", "下半截"),
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?:那一?|一)(?:天|日)", "最后"),
            lambda m, n: _days(zh_month_of(m, n)[1] - d(days=1)),
        ),
        (
            gated(
                rf"{zh_month}(?:的)?(?:第(?P<o>[一二三四1-4])|(?P<last>最后一))个?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
                "第",
                "最后",
            ),
            lambda m, n: _nth_weekday_of(
                zh_month_of(m, n), _ZH_WEEKDAYS[m["w"]], "last" if m["last"] else m["o"]
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?(?P<o>第一个|最后一个)周末", "周末"),
            lambda m, n: _edge_weekend(zh_month_of(m, n), m["o"] == "最后一个"),
        ),
        (
            gated(rf"{zh_month}(?:的)?第一(?:天|日)", "第一"),
            lambda m, n: _days(zh_month_of(m, n)[0]),
        ),
        (
            r"(?P<w>上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<p>初|中间|中|头几天|头|前几天|前半截|前半段|前半部分|后面几天|后几天|后头几天|后半截|后半段|后半部分|尾巴|尾)(?![午])",
            lambda m, n: (
                _so_far(_week_of(n), n)
                if m["w"] in "这本" and m["p"] in ("前几天", "头几天")
                else _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["w"]], days=_WEEK_PART_START[m["p"]]), 3)
            ),
        ),
        (
            # "上个月最后两周", "第三季度最后两周", "本季度头两周": the period's first or last 7, 14, 21 days
            gated(
                rf"(?:{zh_month}|(?P<qyr>去年|今年|前年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度"
                r"|(?P<qref>上上|上|这|本|下)(?:一)?(?:个)?季度|(?P<y>去年|今年|前年))"
                r"(?:的)?(?:(?P<last>最后)(?P<k>[一两俩二三])|(?:前|头)(?P<k2>[两俩二三]))(?:个)?(?:周|星期|礼拜)",
                "最后",
                "前",
                "头",
            ),
            lambda m, n: _month_ends(
                _zh_period(m, n, zh_month_of), 7 * zh_number(m["k"] or m["k2"]), m["last"] is None
            ),
        ),
        (r"去年(?:的)?这个月", lambda m, n: _month(n.year - 1, n.month)),
        (r"大前年", lambda m, n: (datetime(n.year - 3, 1, 1), datetime(n.year - 2, 1, 1))),
        (r"前段时间", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
        (r"(?:上|前)一?个工作(?:日|天)", lambda m, n: _last_business_day(n)),
        (
            gated(rf"{zh_month}(?:的)?前(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _first_working_days(zh_month_of(m, n), zh_number(m["k"])),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?![一1]个)(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _last_working_days(zh_month_of(m, n), zh_number(m["k"])),
        ),
        (
            gated(rf"{zh_month}(?:的)?倒数第(?P<k>[一二三四五1-5])个工作[日天]", "工作"),
            lambda m, n: _nth_last_working_day(zh_month_of(m, n), zh_number(m["k"])),
        ),
        (
            r"(?P<ref>上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)的?周末",
            lambda m, n: _weekend(
                n,
                _QUARTER_OFFSETS[m["ref"]]
                if m["ref"] not in ("上上", "下下")
                else 2 * _QUARTER_OFFSETS[m["ref"][0]],
            ),
        ),
        (
            rf"(?P<a>{_ZH_DAY_WORDS})(?:和|跟|与|同|、|或|还有)(?P<b>{_ZH_DAY_WORDS})",
            lambda m, n: _day_pair(n, _ZH_DAY_OFFSETS[m["a"]], _ZH_DAY_OFFSETS[m["b"]]),
        ),
        (
            r"(?P<a>昨天|今天|明天)的(?P<r>前|后)一天",
            lambda m, n: _days(n + d(days=_ZH_DAY_OFFSETS[m["a"]] + (1 if m["r"] == "后" else -1))),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})个?(?P<u>礼拜|星期|周|月)(?:以前|之前|前)的今天", "的今天"),
            lambda m, n: _days(
                n - d(weeks=zh_number(m["n"])) if m["u"] != "月" else _same_day(n, -zh_number(m["n"]))
            ),
        ),
        (r"上一年(?!级|度)", lambda m, n: _whole_year(n.year - 1)),
        (r"下下个?月", lambda m, n: _month(n.year, n.month + 2)),
        (r"下一个工作日", lambda m, n: _next_working_day(n)),
        (
            gated(rf"(?P<k>{_ZH_NUM})个季度(?:之|以)?前", "季度"),
            lambda m, n: _quarter_from(n, -zh_number(m["k"])),
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?最后一个季度",
            lambda m, n: _quarter(n.year + _YEAR_OFFSET[m["yr"]], 4),
        ),
        (
            r"(?P<ref>本|这个?|上个?|下个?)季度(?:的)?(?P<k>第一|头一|第二|第三|最后一)个月",
            lambda m, n: _month(
                _quarter_from(n, {"本": 0, "这": 0, "上": -1, "下": 1}[m["ref"][0]])[0].year,
                _quarter_from(n, {"本": 0, "这": 0, "上": -1, "下": 1}[m["ref"][0]])[0].month
                + {"第一": 0, "头一": 0, "第二": 1, "第三": 2, "最后一": 2}[m["k"]],
            ),
        ),
        (
            r"(?<!每年)(?<!每逢)(?P<yr>今年|去年)?(?:过年|农历年|春节)前(?![后夕一两三几天])",
            lambda m, n: holidays.latest("twelfth lunar month", n, _year_word(m["yr"], n)),
        ),
        (
            gated(rf"{zh_month}(?:的)?倒数第(?P<k>[一二三四五1-5])天", "倒数"),
            lambda m, n: _days(zh_month_of(m, n)[1] - d(days=zh_number(m["k"]))),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?P<k>[两俩仨二三四五六七八九十1-9])天", "最后"),
            lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), False),
        ),
        (
            r"(?P<ref>上上|上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?:(?:前|头)(?P<k>[两俩仨二三四五六])(?:天|个工作[日天])"
            r"|刚开始(?:的)?(?:那|头)?(?P<k2>[两俩仨二三])天)",
            lambda m, n: _days(
                _week_of(n) + d(weeks=_QUARTER_OFFSETS[m["ref"]] if m["ref"] != "上上" else -2),
                zh_number(m["k"] or m["k2"]),
            ),
        ),
        (
            gated(
                rf"(?:未来|接下来|往后)(?:的)?(?P<n>{_ZH_NUM})(?:个)?(?P<u>天|周|星期|礼拜)",
                "未来",
                "接下来",
                "往后",
            ),
            lambda m, n: (_day(n), _day(n) + d(days=zh_number(m["n"]) * (1 if m["u"] == "天" else 7))),
        ),
        (r"(?:本|这个?|当前)(?:计薪|工资|发薪|薪资)周期", lambda m, n: _month(n.year, n.month)),
        (
            r"(?<![大年])初(?P<d>[一二三四五六七])(?=那天|那日|当天|回娘家|拜年|开工|去拜年)",
            lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
        ),
        (
            gated(rf"(?<![最过近提])前(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: (
                _working_day(n, -zh_number(m["n"])),
                _working_day(n, -1) + d(days=1),
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?关账(?:的时候|那几天|期间)", "关账"),
            lambda m, n: _month_part(zh_month_of(m, n), "late"),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
                "季度",
            ),
            lambda m, n: _month_part(
                _quarter_month(_latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)), "late"),
                "last week",
            ),
        ),
        (
            r"(?P<h>上|下)半年(?:的)?最后一个月",
            lambda m, n: _past_month(n, 6 if m["h"] == "上" else 12),
        ),
        (r"(?:这|最近)(?:俩|两个?)(?:礼拜|星期|周)", lambda m, n: _rolling(n, 14)),
        (
            gated(rf"往前数(?P<n>{_ZH_NUM})天", "往前"),
            lambda m, n: _days(n - d(days=zh_number(m["n"]))),
        ),
        (
            gated(rf"{zh_month}(?:的)?第(?P<o>[二三四五2-5])个工作[日天]", "工作"),
            lambda m, n: _nth_working_day(zh_month_of(m, n), zh_number(m["o"])),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})个?工作[日天](?:之|以)?(?P<w>前|后)", "工作"),
            lambda m, n: _days(_working_day(n, zh_number(m["n"]) * (-1 if m["w"] == "前" else 1))),
        ),
        (
            gated(rf"(?:近|过去|最近)(?:的)?(?:这)?(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _working_days_back(n, zh_number(m["n"])),
        ),
        (
            gated(rf"{zh_month}(?:的)?(?P<e>最后一个|第一个)工作[日天]", "工作"),
            lambda m, n: _edge_working_day(zh_month_of(m, n), m["e"] == "最后一个"),
        ),
        (
            gated(
                rf"(?P<y>(?:19|20)\d{{2}})年(?:的)?第(?P<wy>{_ZH_NUM})周"
                r"|第(?P<w>[5-9]|[1-4]\d|5[0-3]|[五六七八九]|[一二三四五]?十[一二三四五六七八九]?)周",
                "周",
            ),
            lambda m, n: _iso_week(
                n, zh_number(m["w"] or m["wy"]), int(m["y"]) if m["y"] else None, m.string
            ),
        ),
        (
            gated(
                r"(?P<ref>上上个?月|上个?月|这个?月|本月)?(?:的)?月结(?=时|的时候|那|前后|期间|当天)", "月结"
            ),
            lambda m, n: (
                _month_part(_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0)), "late")
                if m["ref"]
                else _latest_begun_part(n, "late")
            ),
        ),
        (r"(?<![一二三四1-4上下这本个])季(?:度)?末", lambda m, n: _quarter_end(n)),
        # 季初 said alone: this quarter's first month, as 这个季度初 (it has always begun)
        (
            r"(?<![一二三四1-4上下这本个每])季(?:度)?初(?![一二三四五六七八九十])",
            lambda m, n: _quarter_month(_quarter_from(n, 0), "early"),
        ),
        (
            gated(r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?最后一(?:个)?(?:周|星期|礼拜)", "季度"),
            lambda m, n: (
                _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[1] - d(days=7),
                _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[1],
            ),
        ),
        (
            # "上季度第一周", "本季度第一个工作日", "上个季度最后一个工作日": the quarter's first 7 days, its first / last
            # Monday-to-Friday
            gated(
                r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?(?:(?:第一|头一)(?:个)?(?P<wk>周|星期|礼拜)"
                r"|(?P<e>第一|头一|最后一)个工作日)",
                "季度",
            ),
            lambda m, n: (
                (
                    _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[0],
                    _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[0] + d(days=7),
                )
                if m["wk"]
                else _edge_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["w"]]), m["e"] == "最后一")
            ),
        ),
        (
            # "本季度剩下的时间", "今年剩下的几个月", "本月剩余时间", "这周余下几天": today to the end of that period
            gated(
                r"(?P<p>今年|本年|这个?月|本月|这个?季度|本季度?|这周|本周|这个?(?:星期|礼拜))(?:的)?(?:剩下|剩余|余下)"
                r"(?=(?:的|来的)?(?:时间|日子|[几两三四五六七八九十\d]+个?(?:天|周|星期|礼拜|月)))",
                "剩下",
                "剩余",
                "余下",
            ),
            lambda m, n: (
                _day(n),
                _rest_end_any(
                    n,
                    "year"
                    if "年" in m["p"]
                    else "quarter"
                    if "季" in m["p"]
                    else "month"
                    if "月" in m["p"]
                    else "week",
                ),
            ),
        ),
        (r"(?<!每)年中(?![午秋])", lambda m, n: _mid_year(n)),
        (r"前个月", lambda m, n: _month(n.year, n.month - 2)),
        (
            r"刚(?:结束|过去)的(?:那个|这个)?(?P<u>季度|月|礼拜|星期|周)(?![末一二三四五六日天])",
            lambda m, n: (
                _quarter_from(n, -1)
                if m["u"] == "季度"
                else _month(n.year, n.month - 1)
                if m["u"] == "月"
                else _days(_week_of(n) - d(weeks=1), 7)
            ),
        ),
        (r"刚(?:过去|过)的(?:这个|那个)?周末", lambda m, n: _weekend(n, None)),
        (
            r"(?:这个)?自然月(?:开始)?(?:到现在|至今|以来)",
            lambda m, n: _so_far(_month(n.year, n.month)[0], n),
        ),
        (
            gated(
                rf"(?P<yr>去年|今年|前年)(?:的)?(?:年底|年末|年终)?(?:的)?最后(?P<k>{_ZH_NUM})个工作[日天]",
                "工作",
            ),
            lambda m, n: _last_working_days(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), zh_number(m["k"])),
        ),
        (r"前天的前一天", lambda m, n: _days(n - d(days=3))),
        (r"昨天的前一天", lambda m, n: _days(n - d(days=2))),
        (
            gated(rf"再过(?P<k>{_ZH_NUM})个?(?:礼拜|星期|周)", "再过"),
            lambda m, n: _week_around(n + d(weeks=zh_number(m["k"]))),
        ),
        (r"上个?计薪周期|上个?考勤周期", lambda m, n: _month(n.year, n.month - 1)),
        (r"明朝(?=要|去|几|早|我|你|有|来|再|还)", lambda m, n: _days(n + d(days=1))),
        (gated(rf"再过(?P<n>{_ZH_NUM})天", "再过"), lambda m, n: _days(n + d(days=zh_number(m["n"])))),
        (
            gated(
                r"(?<![再经])过(?P<n>[两俩二三四五六七八九十])天(?=我|要|就|再|去|得|还|会|你|他|她|咱|俺)",
                "过",
            ),
            lambda m, n: _days(n + d(days=zh_number(m["n"]))),
        ),
        (r"前排(?=[我你佢他她有讲话提说係系])", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
        (
            gated(
                r"(?P<yr>今年|去年|前年)(?:的)?(?:头(?P<k>[一二三四五六两俩仨1-6])个?|前(?P<k2>[一二三四五六两俩仨1-6])个)月",
                "头",
                "前",
            ),
            lambda m, n: _first_months(n.year + _YEAR_OFFSET[m["yr"]], zh_number(m["k"] or m["k2"])),
        ),
        (
            gated(
                rf"(?P<n>{_ZH_NUM})个?(?:周|星期|礼拜)(?:之|以)?前的(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
                "前的",
            ),
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"(?:这|本)一个月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
        (
            r"(?P<yr>去年|今年|前年|明年)(?:的)?(?P<e>最后|第一)一?(?P<u>天|个?(?:周|星期|礼拜))(?![一二三四五六日天末])",
            lambda m, n: _end_of_year(n.year + _YEAR_OFFSET[m["yr"]], m["e"] == "第一", m["u"] != "天"),
        ),
        (r"前个(?:礼拜|星期|周)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            r"(?:这|本)一(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])(?!以来)",
            lambda m, n: _days(_week_of(n), 7),
        ),
        (
            r"(?P<r>上|下)(?:个)?(?:周|星期|礼拜)的?(?:这个时候|这时候|这会儿|今天|今日)",
            lambda m, n: _days(n + d(weeks=1 if m["r"] == "下" else -1)),
        ),
        (
            r"刚过去的(?:这个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_past_weekday(n - d(days=1), _ZH_WEEKDAYS[m["w"]])),
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
            lambda m, n: _month_part(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), "last week"),
        ),
        (
            gated(r"(?P<n>俩|仨|两个?|三个?|二)周末(?:之|以)?前", "周末"),
            lambda m, n: _weekend(n, -zh_number(m["n"].removesuffix("个"))),
        ),
        (
            gated(rf"(?:过去|最近|近)(?P<n>{_ZH_NUM})(?:个)?小时", "小时"),
            lambda m, n: (_day(n - d(hours=min(zh_number(m["n"]), 24 * 366))), _day(n) + d(days=1)),
        ),
        (
            r"(?P<yr>去年|今年|明年|前年)(?:的)?(?P<s>春天|夏天|秋天|冬天|春季|夏季|秋季|冬季|[春夏秋冬]上(?![来去班学课市网])|[春秋]里)"
            r"|(?:刚过去的|这个|刚刚过去的)(?:这个)?(?P<s2>春天|夏天|秋天|冬天)",
            lambda m, n: _zh_season(m, n),
        ),
        (
            r"(?P<yr>去年|今年|明年)?开春",
            lambda m, n: (
                _month(n.year + {"去年": -1, "今年": 0, "明年": 1}[m["yr"]], 3)
                if m["yr"]
                else _past_month(n, 3)
            ),
        ),
        (
            r"(?<![\d一二两三四五六七八九十几多去今明前后半])年(?P<w>前|后)(?![\d一二两三四五六七八九十])",
            lambda m, n: holidays.latest("twelfth lunar month" if m["w"] == "前" else "first lunar month", n),
        ),
        (
            r"(?P<m>腊月|正月)(?P<part>初|中旬|底|末|尾)(?!一|二|三|四|五|六|七|八|九|十)",
            lambda m, n: _month_part(
                holidays.latest("twelfth lunar month" if m["m"] == "腊月" else "first lunar month", n),
                _ZH_PARTS[m["part"]],
            ),
        ),
        (
            r"(?P<w>这|本|上)(?:个|一个)?学期",
            lambda m, n: _semester(n, 1 if m["w"] == "上" else 0),
        ),
        (
            gated(r"(?P<s>秋季|春季)学期", "学期"),
            lambda m, n: _named_semester(n, autumn=m["s"] == "秋季"),
        ),
        (
            r"(?P<yr>去年|今年|前年)?(?:的)?(?P<b>寒假|暑假)",
            lambda m, n: (
                _break_of(n.year + _YEAR_OFFSET[m["yr"]], 1 if m["b"] == "寒假" else 7)
                if m["yr"]
                else _school_break(n, 1 if m["b"] == "寒假" else 7)
            ),
        ),
        (r"(?:最近|过去|近|这)(?:的|这)?半个月(?!前|以前|之前)", lambda m, n: _rolling(n, 15)),
        (r"(?:最近|过去|近)(?:的)?(?:这)?半年", lambda m, n: _rolling(n, 180)),
        (r"(?:最近|过去|近)(?:的)?(?:这)?一个半月", lambda m, n: _rolling(n, 45)),
        (
            r"(?P<yr>去年|今年)?(?P<d>618|双十一|双11)(?:大促)?那(?:一)?(?:周|个?礼拜|个?星期)",
            lambda m, n: _days(
                _week_of(
                    _month_day(
                        n, 6 if m["d"] == "618" else 11, 18 if m["d"] == "618" else 11, _year_word(m["yr"], n)
                    )[0]
                ),
                7,
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?(?:头|前)(?P<k>[两俩仨二三四五六七八九十1-9]|十[一二三四五])天", "天"),
            lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), True),
        ),
        (r"半年(?:之|以)?前", lambda m, n: _month(n.year, n.month - 6)),
        (
            r"(?P<m>腊月|正月)(?P<dd>初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?|三十)",
            lambda m, n: holidays.day_of(
                holidays.latest("twelfth lunar month" if m["m"] == "腊月" else "first lunar month", n),
                zh_number(m["dd"].removeprefix("初")),
            ),
        ),
        (r"一个月(?:之|以)?前的今(?:天|日)", lambda m, n: _days(_same_day(n, -1))),
        (
            gated(
                rf"(?P<mo>{_ZH_NUM})月(?P<a>{_ZH_NUM})[日号](?:到|至|~|～|-)(?P<b>{_ZH_NUM})[日号]",
                *("到", "至", "~", "～", "-"),
            ),
            lambda m, n: (
                _past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["a"])),
                _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["b"])))[1],
            ),
        ),
        (r"上(?:个)?(?:周|星期|礼拜)的?今(?:天|日)", lambda m, n: _days(n - d(days=7))),
        (
            rf"(?:接下来|未来|往后|之后)(?:的)?(?P<n>{_ZH_NUM})天",
            lambda m, n: (_day(n), _day(n) + d(days=zh_number(m["n"]))),
        ),
        (r"旧年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (r"出年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (
            r"(?:今|呢)(?:个)?月",
            lambda m, n: _month(n.year, n.month),
        ),
        (r"(?:今|呢)(?:个)?(?:礼拜|星期)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n), 7)),
        (
            r"(?P<yr>去年|今年)?第(?P<q>[一二三四1-4])季(?![度剧集节播])|上一?季(?![度剧集节播])",
            lambda m, n: (
                _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n))
                if m["q"]
                else _quarter_from(n, -1)
            ),
        ),
        (
            r"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?P<u>(?i:week|weekend|month|quarter|q))(?![A-Za-z])",
            lambda m, n: _mixed_unit(m["w"], m["u"].lower(), n),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})天(?:之|以)?后", "后"),
            lambda m, n: _days(n + d(days=zh_number(m["n"]))),
        ),
        (
            rf"{zh_month}(?:的)?刚?(?:{zh_part})",
            lambda m, n: _month_part(zh_month_of(m, n), _part_name(m["part"], m["wk"], bool(m["lastwk"]))),
        ),
        (
            r"(?P<part>月初|月头|月中|月底|月末|月尾|上旬|中旬|下旬)",
            lambda m, n: _latest_begun_part(n, _ZH_PARTS[m["part"]]),
        ),
        (
            rf"(?P<yr>去年|今年|前年|旧年|明年|出年)(?:的)?(?P<mo>{_ZH_NUM})月(?:份)?",
            lambda m, n: _named_month(n, zh_number(m["mo"]), m["yr"]),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年|明年|出年|(?:19|20)\d{2}年)?(?:的)?(?P<part>年初|年头|年底|年末|年尾|上半年|下半年)",
            _zh_year_part,
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?(?P<part>前|后|头)半年",
            lambda m, n: _year_part(
                n.year + _YEAR_OFFSET[m["yr"]], _ZH_YEAR_PARTS["下半年" if m["part"] == "后" else "上半年"]
            ),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年)(?P<part>初(?![一二三四五六七八九十])|头(?![发疼痛])|底|末|尾)",
            lambda m, n: _year_part(n.year + _YEAR_OFFSET[m["yr"]], _ZH_YEAR_PARTS["年" + m["part"]]),
        ),
        (
            r"(?P<w>上上|大上|上|这|本|下下|下)?(?:个)?周末",
            lambda m, n: _weekend(n, _ZH_WEEKS[m["w"]] if m["w"] else None),
        ),
        (
            r"(?P<which>上上|大上|下下|下|前(?=个))(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["which"]], days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (
            rf"(?:最近|过去|近)(?:的|这)?(?P<n>{_ZH_NUM})?(?:个)?(?P<u>周|星期|礼拜|月|年|季度)",
            lambda m, n: _rolling(n, (zh_number(m["n"]) if m["n"] else 1) * _UNIT_DAYS[m["u"]]),
        ),
        (
            r"(?<!提)(?:前几天|前些天|前两天)|早两天|早几天|头两天|头几天|这两天前|日前",
            lambda m, n: (_day(n) - d(days=5), _day(n)),
        ),
        (r"(?:这|呢)一?两(?:天|日)(?!后)", lambda m, n: (_day(n) - d(days=1), _day(n) + d(days=1))),
        (r"今明两?天", lambda m, n: _days(n, 2)),
        (r"明后(?:两)?天", lambda m, n: _days(n + d(days=1), 2)),
        (r"半个月(?:之|以)?前", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            r"(?P<w>上|这|本)(?:个)?(?:周|星期|礼拜)六日",
            lambda m, n: _days(_week_of(n) + d(weeks=-(m["w"] == "上"), days=5), 2),
        ),
        (r"后儿个|后儿(?!子)", lambda m, n: _days(n + d(days=2))),
        (
            r"(?P<y>去年|前年)(?:的)?(?:这个时候|这个时间|这时候|这会儿|今天|今日)",
            lambda m, n: _days(_same_day(n, -12 if m["y"] == "去年" else -24)),
        ),
        (
            r"上(?:个)?月(?:的)?今(?:天|日)",
            lambda m, n: _days(_same_day(n, -1)),
        ),
        (
            r"(?<![一两二三四五六七八九十])(?P<a>[一两二三四五六七八九])(?P<b>[两二三四五六七八九])天(?:之|以)?前",
            lambda m, n: (
                (
                    _day(n) - d(days=zh_number(m["b"])),
                    _day(n) - d(days=zh_number(m["a"]) - 1),
                )
                if zh_number(m["b"]) > zh_number(m["a"])
                else _no_time("not a span of days")
            ),
        ),
        (
            rf"(?P<y>(?:19|20)\d{{2}})年(?P<mo>{_ZH_NUM})月(?:(?P<dd>{_ZH_NUM})[日号]|份)?"
            r"(?:的)?(?P<part>月初|月头|月中|月底|月末|月尾|上旬|中旬|下旬|初|底|末|尾)?(?![一二三四五六七八九十\d])",
            lambda m, n: (
                _days(datetime(int(m["y"]), zh_number(m["mo"]), zh_number(m["dd"])))
                if m["dd"]
                else _month_part(_month(int(m["y"]), zh_number(m["mo"])), _ZH_PARTS[m["part"]])
                if m["part"]
                else _month(int(m["y"]), zh_number(m["mo"]))
            ),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年)(?:的)?最后(?:一|那)个月",
            lambda m, n: _month(n.year + _YEAR_OFFSET[m["yr"]], 12),
        ),
        (r"^早上(?=我|你|跟|说|的|那|俺|咱|他|她)", lambda m, n: _days(n)),
        (
            # another part of the day said first, of something said then ("晌午我跟你讲的菜谱"): today
            r"^(?:早晨|清早|上午|晌午|中午|下午|傍晚|头晌|前晌|后晌|[上下前后]半晌|傍黑|擦黑|头午|过晌|前晌午|晌午头)(?=(?:我|你|俺|咱)(?:跟|和|给|对)?(?:你|我|俺|咱)?(?:讲|说|提|聊|发|问))",
            lambda m, n: _days(n),
        ),
        (
            rf"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?:周|礼拜|星期)?\s*(?P<d>(?i:{_ANY_WEEKDAY}))\b",
            lambda m, n: _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["w"]], days=_weekday(m["d"]))),
        ),
        (r"大大前天", lambda m, n: _days(n - d(days=4))),
        (r"(?:等下|等一下|等会儿?|待会儿?)(?=要|去|就|再|我|你|他|她|得|还)", lambda m, n: _days(n)),
        (
            r"大年初(?P<d>[四五六七])",
            lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
        ),
        (r"大前天|大前儿(?:个)?|大前日", lambda m, n: _days(n - d(days=3))),
        (r"(?:这|本)一?整个?月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
        (
            r"(?:这|本|今)一?整年(?!以来|来)",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
        ),
        (r"(?:这|本)一?整个?(?:星期|礼拜|周)(?![一二三四五六日天末])", lambda m, n: _days(_week_of(n), 7)),
        (
            r"前天|(?<![这那哪])前儿个|(?<![这那哪])前儿(?!子)|(?<![日以之提])前日(?!本)",
            lambda m, n: _days(n - d(days=2)),
        ),
        (
            r"昨天|昨日|昨晚|昨夜|昨儿|昨个|夜来(?!香|风雨)|夜儿个|夜个儿?|[琴寻]日|[琴寻]晚|昨末子|昨昏",
            lambda m, n: _days(n - d(days=1)),
        ),
        (
            r"今天|今日|今早|今晚|刚才|刚刚|今儿|今们儿|今个儿?(?![月礼星季时])|头先|今朝|今末(?!尾)|啱啱|啱先",
            lambda m, n: _days(n),
        ),
        (r"前晚", lambda m, n: _days(n - d(days=2))),
        (r"明天|明儿|明个儿?|听日|明早|明晚|明日(?![之香方报])", lambda m, n: _days(n + d(days=1))),
        (r"(?<![以之今])后日", lambda m, n: _days(n + d(days=2))),
        (r"大后天", lambda m, n: _days(n + d(days=3))),
        (r"后天", lambda m, n: _days(n + d(days=2))),
        (
            r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?:的)?早(?:些|点|一点)(?:时候)?",
            lambda m, n: _so_far(_week_of(n), n),
        ),
        (
            r"(?:这|本)(?:个)?月(?:的)?早(?:些|点|一点)(?:时候)?",
            lambda m, n: _so_far(_month(n.year, n.month)[0], n),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度",
                "季度",
            ),
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)),
        ),
        (
            gated(r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度", "季度"),
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"]]),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})[天日](?:之|以)?前", "前"),
            lambda m, n: _days(n - d(days=zh_number(m["n"]))),
        ),
        (
            rf"(?:最近|过去|近)(?:的)?(?:这)?(?P<n>{_ZH_NUM})[天日]",
            lambda m, n: (_day(n) - d(days=zh_number(m["n"]) - 1), _day(n) + d(days=1)),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?前", "前"),
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])), 7),
        ),
        (
            r"(?:上上|大上)(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (r"下下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + d(weeks=2), 7)),
        (
            r"上一?(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) - d(weeks=1) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"上一?(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (
            r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"(?:这|本)(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n), 7)),
        (r"下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
        (
            r"(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_past_weekday(n, _ZH_WEEKDAYS[m["w"]])),
        ),
        (
            gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?前", "月"),
            lambda m, n: _month(n.year, n.month - zh_number(m["n"] or m["n2"])),
        ),
        (r"(?:上上|大上)个?月", lambda m, n: _month(n.year, n.month - 2)),
        (r"上一?(?:个)?月", lambda m, n: _month(n.year, n.month - 1)),
        (r"(?:这|本)(?:个)?月", lambda m, n: _month(n.year, n.month)),
        (r"下(?:个)?月", lambda m, n: _month(n.year, n.month + 1)),
        (r"明年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (
            gated(rf"{_ZH_YEARS_BACK}(?:的)?今(?:天|日)", "今"),
            lambda m, n: _days(_same_day(n, -12 * zh_number(m["n"]))),
        ),
        (
            gated(rf"{_ZH_YEARS_BACK}(?!后)", "年"),
            lambda m, n: _whole_year(n.year - zh_number(m["n"])),
        ),
        (
            gated(
                rf"{_ZH_YEARS_BACK}(?:的|那个)?(?P<b>寒假|暑假|(?P<s>[春夏秋冬])天)",
                "年",
            ),
            lambda m, n: (
                _season_of(n.year - zh_number(m["n"]), _ZH_SEASONS[m["s"]])
                if m["s"]
                else _break_of(n.year - zh_number(m["n"]), 1 if m["b"] == "寒假" else 7)
            ),
        ),
        (r"前年", lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1))),
        (r"去年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (
            r"今年(?!\s*(?:才|刚|已经|都)?\s*(?:[0-9]+|[一二两三四五六七八九十]+)[几多]?\s*(?:周)?(?:岁|了|啦))"
            r"(?!\s*(?:几岁|几多岁|多大|多少岁|有几岁|有多大))"
            # an age said without 岁 ("老伴今年七十三 能办老年卡不", "他今年八十多，"): a count of ten or more alone
            r"(?!\s*(?:俺|我|他|她|咱)?(?:才|刚|已经|都|也|满|快|虚岁|周岁|整)?\s*"
            r"(?:[1-9][0-9]|[二三四五六七八九]?十[一二三四五六七八九]?|一百[零一二三四五六七八九十]*)"
            r"(?:多|来|出头|好几|有[一二三四五六七八九])?(?:[\s，,。！!？?、了岁]|$))",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
        ),
        (
            r"(?P<y>\d{4})年(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号]",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            r"(?<![\d一二三四五六七八九十])(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月初?"
            rf"(?P<dd>{_ZH_DAY}|[12]\d|3[01]|[1-9])"
            r"(?=那|当天|的时候|前后|左右|之前|之后|以前|以后|晚上|早上|上午|下午|中午|买|去|来|到|下单|发|寄|交|办|见|回"
            r"|$|[\s，。,.?？!！、])",
            lambda m, n: _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["dd"]))),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)?(?:的)?第?(?P<q>[一二三四1-4])季度(?:的)?"
                r"(?P<part>末|底|尾|初|头|最后一个月|头一个月|第一个月)"
                r"|(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?(?P<part2>末|底|尾|初|头|最后一个月|头一个月|第一个月)",
                "季度",
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n))
                if m["q"]
                else _quarter_from(n, _QUARTER_OFFSETS[m["w"]]),
                _QUARTER_PARTS[m["part"] or m["part2"]],
            ),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?后", "后"),
            lambda m, n: _week_around(n + d(weeks=zh_number(m["n"]))),
        ),
        (
            gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?后", "后"),
            lambda m, n: _month(n.year, n.month + zh_number(m["n"] or m["n2"])),
        ),
        (
            rf"(?P<yr>去年|今年|前年|明年|旧年)?(?:的)?(?P<mo>{_ZH_NUM})月(?P<dd>{_ZH_NUM})"
            r"(?:[日号]|(?=[我你他她在去那跟和陪带给,，。？?\s]|$))",
            lambda m, n: _days(
                datetime(n.year + _YEAR_OFFSET[m["yr"]], zh_number(m["mo"]), zh_number(m["dd"]))
                if m["yr"]
                else _day_in_past_month(n, zh_number(m["mo"]), zh_number(m["dd"]))
            ),
        ),
        (r"(?P<y>\d{4})年(?P<mo>\d{1,2})月", lambda m, n: _month(int(m["y"]), int(m["mo"]))),
        (
            r"(?<!\d)(?P<y>[12]\d)年(?P<mo>1[0-2]|[1-9])月(?:(?P<dd>3[01]|[12]\d|[1-9])[号日])?",
            lambda m, n: (
                _days(datetime(2000 + int(m["y"]), int(m["mo"]), int(m["dd"])))
                if m["dd"]
                else _month(2000 + int(m["y"]), int(m["mo"]))
            ),
        ),
        (r"(?P<y>\d{4})年", lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1))),
        (
            r"(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?(?!天)",
            lambda m, n: _past_month(n, zh_number(m["mo"])),
        ),
        (
            r"最近|近来|近期|这几天|这些天|这阵子|前阵子|前一阵子?|早排|呢排|近排|前些日子|这些日子|前些时候",
            lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1)),
        ),
        # the twenty-sixth round, offices: "上一期周报", "本期月报", "上期季报" — the period the report covers
        (
            gated(r"(?P<w>上上|上|本|这|当|下)一?期(?:的)?(?P<k>周报|月报|季报|季度报告|年报|日报)", "期"),
            lambda m, n: _report_period(n, {"上上": -2, "上": -1, "下": 1}.get(m["w"], 0), m["k"]),
        ),
        # "去年年中盘点", "今年年中": June and July of the year named
        (
            gated(r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)(?:的)?年中(?![午秋])", "年"),
            lambda m, n: (
                datetime(_year_word(m["yr"], n) or n.year, 6, 1),
                datetime(_year_word(m["yr"], n) or n.year, 8, 1),
            ),
        ),
        # "未来五个工作日", "接下来三个工作日", "之后两个工作日": today (when a working day) and the ones after
        (
            gated(rf"(?:未来|接下来|往后|之后|后面|今后)(?:的)?(?:这)?(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _working_days_ahead(n, zh_number(m["n"])),
        ),
        # "年货节期间的销量": the shopping festival before the new year, as 腊月 (年前)
        (
            gated(r"(?<!每年)(?<!每年的)(?<!每逢)年货节", "年"),
            lambda m, n: holidays.latest("twelfth lunar month", n),
        ),
        # "年后开工第一天", "春节后开工第一周": the first working day after 春节's days, its calendar week
        (
            gated(
                r"(?P<yr>去年|今年)?(?:的)?(?:(?:春节后?|过年后|年后|过完年|开年)(?:的)?(?:复工|开工)(?:后)?|年后|过完年|开年)"
                r"(?:的)?(?:(?P<day>第一天|当天|那天|首日|头一天)|(?P<wk>第一周|第一个?(?:礼拜|星期)|头一周))",
                "工",
                "年",
            ),
            lambda m, n: (_week_around if m["wk"] else _days)(
                _days_from_holiday(_holiday("spring festival", m["yr"], n), None, "后第一个工作日")[0]
            ),
        ),
        # "2026W14", "2026-W14", "2026年W14": that ISO week
        (
            gated(r"(?<!\d)(?P<y>(?:19|20)\d{2})(?:年|-)? ?(?:第)?[Ww](?P<w>[0-5]?\d)(?!\d)", "@digitword"),
            lambda m, n: _iso_week(n, int(m["w"]), int(m["y"]), m.string),
        ),
        # "上周最后一个工作日", "下周第一个工作日": that week's Friday / Monday
        (
            gated(
                r"(?P<ref>上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<e>最后一个|第一个|头一个)工作[日天]",
                "工作",
            ),
            lambda m, n: _days(
                _week_of(n) + d(weeks=_ZH_WEEKS[m["ref"]], days=4 if m["e"] == "最后一个" else 0)
            ),
        ),
        # "前三季度", "今年前三季度", "2026年前两个季度": Q1 to that quarter
        (
            gated(r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?前(?P<k>[二两三2-3])(?:个)?季度", "季度"),
            lambda m, n: _first_quarters(n, zh_number(m["k"]), _year_word(m["yr"], n)),
        ),
        # "本月截至昨天", "今年截止到昨日": from the period's start to yesterday
        (
            gated(
                r"(?P<p>本月|这个?月|本季度|这个?季度|今年|本周|这周)(?:的)?(?:截至|截止|截止到|截至到)(?:昨天|昨日)",
                "昨",
            ),
            lambda m, n: (
                {
                    "月": _month(n.year, n.month)[0],
                    "季": _quarter_from(n, 0)[0],
                    "年": datetime(n.year, 1, 1),
                    "周": _week_of(n),
                }[next(k for k in "月季年周" if k in m["p"])],
                _day(n),
            ),
        ),
        # "本学期第三周": the semester's third seven days from its start (as "the second week of September")
        (
            gated(
                rf"(?P<w>这|本|上)(?:个|一个)?学期(?:的)?第(?P<k>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)", "学期"
            ),
            lambda m, n: _days(
                _semester(n, 1 if m["w"] == "上" else 0)[0] + d(weeks=zh_number(m["k"]) - 1),
                7,
            ),
        ),
        # "下个工作日", "下一工作日": the next Monday to Friday after today (as 下一个工作日)
        (r"下(?:个|一)工作[日天]", lambda m, n: _next_working_day(n)),
        # "上月同期", "上周同期": last month / week from its start to today's counterpart
        (
            r"(?P<u>上个?月|上周|上个?星期|上个?礼拜)(?:的)?同期",
            lambda m, n: _to_date_back(n, "month" if "月" in m["u"] else "week"),
        ),
        # "季中复盘": this quarter's middle month (when begun, else last quarter's)
        (
            gated(r"(?<![每四换])(?:本|这个?)?季中(?![心国午间旬])", "季中"),
            lambda m, n: _quarter_part_begun(n, "mid"),
        ),
        # "上个半年": the half-year before this one (as "the previous half")
        (
            r"上一?个半年(?!度)",
            lambda m, n: (
                _year_part(n.year - 1, "second half") if n.month <= 6 else _year_part(n.year, "first half")
            ),
        ),
        # "最近一个迭代", "最近的sprint": the latest sprint, whose length is unknown — no range
        (
            gated(r"最近(?:的)?(?:一|这)?(?:个)?\s?(?:迭代|冲刺|[Ss]print|SPRINT)", "迭代", "冲刺", "sprint"),
            lambda m, n: _no_time("a sprint's length is unknown"),
        ),
        # "618的销量", "618 sale": 18 June, the latest begun
        (
            gated(
                r"(?<![\d./])618(?=的|\s?(?:大促|购物节|活动|销量|销售|订单|战报|复盘|预售|期间|sale|promo|GMV))",
                "618",
            ),
            lambda m, n: _holiday("618", None, n),
        ),
    ]
    en_parts = "|".join(sorted((re.escape(p) for p in _EN_PARTS), key=len, reverse=True))

    def en_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
        ref = m["ref"].lower()
        if m["mo"]:
            return (
                _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
                if m["y"]
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            )
        return _month(
            n.year,
            n.month
            + {"last month": -1, "the last month": -1, "this month": 0, "next month": 1}.get(
                ref.replace("lst", "last"), 0
            ),
        )

    en_month = rf"(?P<ref>last month|the last month|this month|next month|the month|(?P<mo>{_MONTH_NAMES})(?: (?P<y>\d{{4}}))?)"
    en_holidays = "|".join(sorted((re.escape(n) for n in holidays.EN_NAMES), key=len, reverse=True))
    abbreviations = "|".join(sorted(_EN_WEEKDAY_ABBREVIATIONS, key=len, reverse=True))
    en: list[tuple[str, Build]] = [
        (
            # "yesterday and today", "today & tomorrow", "yesterday and the day before": both days
            gated(
                rf"\b(?P<a>{_EN_DAY_WORDS})\s*(?:and|&|\+)\s*(?P<b>{_EN_DAY_WORDS}|the day (?:before|after))\b",
                "yesterday",
                "today",
                "tomorrow",
            ),
            lambda m, n: _day_pair(n, _EN_DAY_OFFSETS[m["a"].lower()], _en_day_after(m["a"], m["b"])),
        ),
        (
            gated(
                rf"\b(?:(?P<yr>last year(?:'?s)?|this year'?s|next year'?s|(?:19|20)\d{{2}}'?s?)\s+"
                r"|(?P<which>this coming|the coming|the upcoming|upcoming|next|this|last)\s+)?"
                rf"(?P<h>{en_holidays})\b(?! (?:presents|gifts|shopping|cards|decorations|lights|tree|budget|list|concert|photos|pictures|play|fair|market|jumpers?|bonus|decor|costumes?|clothes|outfits?|sweets|hampers?|(?:window )?(?:decals|signage|banners?|posters?|stickers?|ornaments?|wreaths?|inflatables?))\b)"
                r"(?:\s+(?P<yr2>last year|this year|next year|(?:19|20)\d{2})|(?P<bl>\s+before last))?",
                *_EN_HOLIDAY_WORDS,
                *_VESAK_WORDS,
            ),
            lambda m, n: (
                holidays.latest(
                    holidays.EN_NAMES[m["h"].lower()],
                    n,
                    holidays.latest(holidays.EN_NAMES[m["h"].lower()], n)[0].year - 1,
                )
                if m["bl"]
                else _holiday(
                    holidays.EN_NAMES[m["h"].lower()], m["yr"] or m["yr2"], n, _clause(m), m["which"]
                )
            ),
        ),
        (
            gated(
                rf"\b(?:on|since) (?P<w>{abbreviations})\b{NOT_A_SHORT_DAY}\.?|\b(?P<w2>{_ANY_WEEKDAY})\.? (?:morning|afternoon|evening|night)\b",
                *("on ", "since ", "morning", "afternoon", "evening", "night"),
            ),
            lambda m, n: _days(_past_weekday(n, _weekday(m["w"] or m["w2"]))),
        ),
        (
            gated(
                rf"\b(?:this|the) coming (?P<w>{_ANY_WEEKDAY})\b\.?|\bthis (?P<w2>{_WEEKDAY_NAMES}) coming\b",
                "@weekday",
            ),
            lambda m, n: _coming_weekday(n, _weekday(m["w"] or m["w2"])),
        ),
        (
            gated(
                r"\b(?:on|since|(?:on or )?after|around|about|from(?= the \d{1,2}(?:st|nd|rd|th)\b(?! (?:to|till|until|through|thru|and)\b))|(?:the )?(?:night|morning|evening|afternoon) of) (?:the )?"
                r"(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b"
                r"(?! (?:of |half|quarter|week|floor|time|place|row|gear|street|st\b|avenue|ave\b|road|rd\b|grade|birthday))"
                rf"(?!,? (?:{_MONTH_NAMES})\b)"
                # "the 1st of the month", "1st of the month, did rent go out?" ("the" left out)
                r"|\b(?:the )?(?P<dd2>[12]?\d|3[01])(?:st|nd|rd|th) of (?P<tm>the|this) month\b"
                r"|^\s*the (?P<dd3>[12]?\d|3[01])(?:st|nd|rd|th)(?=\s*(?:[-–:,]|$))",
                "@ordinal",
            ),
            lambda m, n: (
                _days(datetime(n.year, n.month, int(m["dd2"])))
                if (m["tm"] or "").lower() == "this"
                else _latest_day_of_month(n, int(m["dd"] or m["dd2"] or m["dd3"]))
            ),
        ),
        (
            gated(
                r"\bbetween the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)?\b",
                "between",
            ),
            lambda m, n: _latest_span_of_month(n, int(m["a"]), int(m["b"])),
        ),
        (
            gated(
                r"\bbetween (?P<a>[12]?\d|3[01])(?:st|nd|rd|th) and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)\b",
                "between",
            ),
            lambda m, n: _latest_span_of_month(n, int(m["a"]), int(m["b"])),
        ),
        (
            gated(r"\b(?:on )?(?:the )?coming (?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b", "coming"),
            lambda m, n: _next_day_of_month(n, int(m["dd"])),
        ),
        (r"\bthe day after next\b", lambda m, n: _days(n + d(days=2))),
        (
            gated(
                rf"\b(?:from )?(?P<a>{_ANY_WEEKDAY})\.? ?(?:to|through|thru|till|until|-|–) ?(?P<b>{_ANY_WEEKDAY})\b\.?"
                r"(?:\s+(?:of\s+)?(?:the\s+)?(?P<w>last|this|next)\s+week)?",
                *("to", "thr", "till", "until", "-", "–"),
            ),
            lambda m, n: _weekday_span(n, _weekday(m["a"]), _weekday(m["b"]), m["w"]),
        ),
        (
            r"\b(?:last to last|previous to previous) week\b",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            r"\bnext to next week\b|\bnext next week\b|\bthe week after the next(?: week)?\b",
            lambda m, n: _days(_week_of(n) + d(weeks=2), 7),
        ),
        (
            r"\b(?:last to last|previous to previous) month\b|\bthe month before (?:the )?last(?: one| month)?\b",
            lambda m, n: _month(n.year, n.month - 2),
        ),
        (
            r"\bthe week before (?:the )?last week\b",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            r"\bthe (?:week that (?:passed|has passed|just passed)|passed week)\b",
            lambda m, n: _days(_week_of(n) - d(weeks=1), 7),
        ),
        (r"\b(?:last to last|previous to previous) year\b", lambda m, n: _whole_year(n.year - 2)),
        (
            gated(
                r"\b(?:in |during |on )?(?:the )?(?P<o>first|last|final) (?P<u>day|week) of "
                r"(?:(?P<ref>last|this|next) year|the year|(?P<y>(?:19|20)\d{2}))\b",
                "week of",
                "day of",
            ),
            lambda m, n: _end_of_year(
                int(m["y"]) if m["y"] else n.year + _QUARTER_OFFSETS[(m["ref"] or "this").lower()],
                m["o"].lower() == "first",
                m["u"].lower() == "week",
            ),
        ),
        (
            gated(
                r"\b(?:on )?the (?P<o>1st|first|2nd|second|3rd|third) day of (?:cny|chinese new year|lunar new year)\b",
                "day of",
            ),
            lambda m, n: holidays.day_of(
                holidays.latest("first lunar month", n), _WEEK_ORDINALS[m["o"].lower()]
            ),
        ),
        (
            gated(
                rf"\bbetween (?P<mo>{_MONTH_NAMES}) (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and "
                rf"(?:(?P<mo2>{_MONTH_NAMES}) )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)?,? (?P<y>(?:19|20)\d{{2}})\b",
                "between",
            ),
            lambda m, n: (
                datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["a"])),
                _days(datetime(int(m["y"]), _EN_MONTHS[(m["mo2"] or m["mo"]).lower()], int(m["b"])))[1],
            ),
        ),
        (
            gated(rf"\b(?:in )?(?P<yw>last|this|next) year (?P<mo>{_MONTH_NAMES})\b", "@month"),
            lambda m, n: _month(n.year + _QUARTER_OFFSETS[m["yw"].lower()], _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(
                r"\b(?P<w>in|during|over|this|last|l(?:a)?st|next|this past|past) (?:the )?(?P<s>spring|summer|fall|autumn|winter)\b"
                r"(?! (?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)"
                r"(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
                *("spring", "summer", "fall", "autumn", "winter"),
            ),
            lambda m, n: (
                _season_of(int(m["y"]), m["s"].lower())
                if m["y"]
                else _en_season(n, m["s"].lower(), m["w"].lower())
            ),
        ),
        (
            # "term" only after this / last ("the last term of the series" is no semester)
            gated(
                r"\b(?P<w>this|last|l(?:a)?st|previous) semester\b|(?<!the )\b(?P<w2>this|last) term\b",
                "semester",
                "term",
            ),
            lambda m, n: _semester(n, 0 if (m["w"] or m["w2"]).lower() == "this" else 1),
        ),
        (
            gated(
                r"\b(?:the |over |during )*(?:summer|winter) (?:break|vacation|holidays?)\b",
                "summer",
                "winter",
            ),
            lambda m, n: _school_break(n, 7 if "summer" in m.group(0).lower() else 1),
        ),
        (
            gated(rf"\b(?:the )?last day of (?P<mo>{_MONTH_NAMES})\b", "@month"),
            lambda m, n: _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[1] - d(days=1)),
        ),
        (
            gated(
                r"\b(?:the |during the )?(?:previous|preceding|prior) (?:calendar )?week\b|\bprev week\b"
                r"|\bthe week just gone\b",
                *("prev", "preceding", "prior", "just gone"),
            ),
            lambda m, n: _days(_week_of(n) - d(weeks=1), 7),
        ),
        (
            gated(
                r"\b(?:the |during the )?(?:previous|preceding|prior) (?:calendar )?month\b",
                "prev",
                "preceding",
                "prior",
            ),
            lambda m, n: _month(n.year, n.month - 1),
        ),
        (
            gated(
                r"\b(?:the )?(?:previous|preceding|prior) (?:fiscal |financial )?year\b|\blast (?:fiscal|financial) year\b",
                *("prev", "preceding", "prior", "fiscal", "financial"),
            ),
            lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1)),
        ),
        (
            gated(
                r"\b(?:the )?(?:final|last) (?P<u>quarter|month) of (?P<ref>last year|this year|(?P<y>(?:19|20)\d{2}))\b",
                "quarter",
                "month",
            ),
            lambda m, n: (
                _quarter(_year_word(m["ref"], n) or n.year, 4)
                if m["u"].lower() == "quarter"
                else _month(_year_word(m["ref"], n) or n.year, 12)
            ),
        ),
        (
            gated(r"\bmid[- ]?q(?P<q>[1-4])\b", "mid"),
            lambda m, n: _month(
                _latest_quarter(n, int(m["q"]))[0].year, _latest_quarter(n, int(m["q"]))[0].month + 1
            ),
        ),
        (
            gated(r"\b(?:the )?prior quarter\b", "quarter"),
            lambda m, n: _quarter_from(n, -1),
        ),
        (
            r"\bmonth[- ]to[- ]date\b|\bmtd\b|\bquarter[- ]to[- ]date\b|\bqtd\b|\bweek[- ]to[- ]date\b|\bwtd\b"
            r"|\bhalf[- ]to[- ]date\b|\bhtd\b",
            lambda m, n: _so_far(
                _month(n.year, n.month)[0]
                if m.group(0).lower().startswith("m")
                else _week_of(n)
                if m.group(0).lower().startswith("w")
                else datetime(n.year, 1 if n.month <= 6 else 7, 1)
                if m.group(0).lower().startswith("h")
                else _quarter_from(n, 0)[0],
                n,
            ),
        ),
        (
            gated(
                r"\b(?:in |during )?the (?P<o>opening|first|closing|last|final) (?:week|(?P<k>two|2|three|3) weeks) of "
                r"(?:(?P<q>q[1-4])|(?P<ref>this|last|next|the) quarter)\b",
                "week of",
                "weeks of",
            ),
            lambda m, n: _month_ends(
                _latest_quarter(n, int(m["q"][1]))
                if m["q"]
                else _quarter_from(n, _QUARTER_OFFSETS.get(m["ref"].lower(), 0)),
                7 * (en_number(m["k"].lower()) if m["k"] else 1),
                m["o"].lower() in ("opening", "first"),
            ),
        ),
        (
            gated(
                r"\b(?:on )?the (?P<o>first|last) (?:working|business|biz) day of (?P<ref>this|last|next) quarter\b",
                "quarter",
            ),
            lambda m, n: (
                _nth_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 1)
                if m["o"].lower() == "first"
                else _nth_last_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 1)
            ),
        ),
        (
            gated(r"\b(?:the )?(?:previous|last|prior) half(?: year)?\b(?! of\b)", "half"),
            lambda m, n: (
                (datetime(n.year - 1, 7, 1), datetime(n.year, 1, 1))
                if n.month <= 6
                else (datetime(n.year, 1, 1), datetime(n.year, 7, 1))
            ),
        ),
        (
            gated(r"\b(?:the )?next (?:business|working|biz) day\b", "next"),
            lambda m, n: _next_working_day(n),
        ),
        (
            gated(
                rf"\bthe (?P<k>{_EN_NUM}) months to (?:the )?(?:end of )?(?P<mo>{_MONTH_NAMES})\b",
                "months to",
            ),
            lambda m, n: _months_to(n, en_number(m["k"]), _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            r"\b(?:(?P<this>this|last) )?month[- ]end\b",
            lambda m, n: (
                _month_part(_month(n.year, n.month - (m["this"].lower() != "this")), "late")
                if m["this"]
                else _latest_begun_part(n, "late")
            ),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s back\b", "s back"),
            lambda m, n: _days(
                _past_weekday(n - d(days=1), _weekday(m["w"])) - d(weeks=en_number(m["n"]) - 1)
            ),
        ),
        (
            gated(rf"\blast (?P<w>{_ANY_WEEKDAY}) but one\b", "but one"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - d(weeks=1)),
        ),
        (
            gated(r"\b(?:a |one )?fortnight back\b", "fortnight"),
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (r"\b(?:in |over |during )?last fortnight\b", lambda m, n: _rolling(n, 14)),
        (
            gated(
                r"\b(?:the )?(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th) of (?P<w>last|this|next) month\b"
                r"|\b(?P<w2>last|this|next) month(?:'s)? (?:the )?(?P<dd2>[12]?\d|3[01])(?:st|nd|rd|th)\b",
                "@ordinal",
            ),
            lambda m, n: _days(
                _day_of_month(
                    n.year, n.month + _QUARTER_OFFSETS[(m["w"] or m["w2"]).lower()], int(m["dd"] or m["dd2"])
                )
            ),
        ),
        (
            gated(
                r"\b(?:within |in |during |over )?the (?:last|past|preceding|previous|prior) (?P<n>\d+|"
                r"two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty|sixty|ninety) days\b",
                *("last", "past", "preceding", "previous", "prior", "lst"),
            ),
            lambda m, n: _rolling(n, _EN_DAY_COUNTS.get(m["n"].lower()) or en_number(m["n"])),
        ),
        (
            gated(
                rf"\b(?:between|from) (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? (?:and|to|-|–) (?P<b>[12]?\d|3[01])(?:st|nd|rd|th)? "
                rf"(?:of )?(?P<mo>{_MONTH_NAMES})\b",
                "@month",
            ),
            lambda m, n: (
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["a"])),
                _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["b"])))[1],
            ),
        ),
        (
            gated(
                rf"\b(?:on|of) (?P<dd>1[3-9]|2\d|3[01])/(?P<mo>1[0-2]|0?[1-9])(?![\d/]){_NOT_A_FRACTION}", "/"
            ),
            lambda m, n: _month_day(n, int(m["mo"]), int(m["dd"])),
        ),
        (r"\b(?:this|the same|same) time last week\b", lambda m, n: _days(n - d(weeks=1))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|weeks?) from (?:now|today)\b", "from"),
            lambda m, n: _days(
                n + d(days=en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1))
            ),
        ),
        (r"\bytd\b|\byear to date\b", lambda m, n: _so_far(datetime(n.year, 1, 1), n)),
        (
            r"\b(?:back )?in '(?P<yy>\d{2})\b",
            lambda m, n: (datetime(2000 + int(m["yy"]), 1, 1), datetime(2001 + int(m["yy"]), 1, 1)),
        ),
        (
            gated(rf"\b(?:during |in )?the week of (?P<h>{en_holidays})\b", "week of"),
            lambda m, n: _days(_week_of(_holiday(holidays.EN_NAMES[m["h"].lower()], None, n)[0]), 7),
        ),
        (
            gated(
                rf"\b(?:during |in )?the week of (?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\b",
                "week of",
            ),
            lambda m, n: _days(
                _week_of(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))), 7
            ),
        ),
        (r"\bthe night before last\b", lambda m, n: _days(n - d(days=2))),
        (
            r"\b(?:the )?(?:last|previous) (?:business|working) day\b",
            lambda m, n: _last_business_day(n),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?) back\b", "back"),
            lambda m, n: (
                _days(_week_of(n) - d(weeks=en_number(m["n"])), 7)
                if m["u"].lower().startswith("week")
                else _month(n.year, n.month - en_number(m["n"]))
            ),
        ),
        (
            gated(r"\b(?:in |during )?(?:all of|throughout) (?P<y>(?:19|20)\d{2})\b", "all of", "throughout"),
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (
            gated(
                r"(?:(?P<yr0>去年|今年|前年|(?:19|20)\d{2}年?)\s*(?:的)?\s*)?\bh(?P<h>[12])\b"
                r"(?:\s*(?:of\s+)?(?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "h1",
                "h2",
            ),
            lambda m, n: (
                _year_part(
                    _year_word(m["yr"] or m["yr0"], n) or n.year,
                    "second half" if m["h"] == "2" else "first half",
                )
                if m["yr"] or m["yr0"] or m["h"] == "1" or n.month >= 7
                else _year_part(n.year - 1, "second half")
            ),
        ),
        (
            gated(rf"\b(?:in |during )?{en_month} (?P<h>first|1st|second|2nd) half\b", "half"),
            lambda m, n: _month_half(en_month_of(m, n), m["h"].lower() in ("second", "2nd")),
        ),
        (
            gated(
                rf"\b(?:in |during )?(?:the )?(?P<h>first|1st|second|2nd|back|front|latter) half of {en_month}\b",
                "half",
            ),
            lambda m, n: _month_half(
                en_month_of(m, n), m["h"].lower() in ("second", "2nd", "back", "latter")
            ),
        ),
        (
            gated(
                r"\b(?:in |during )?(?:the )?(?P<h>1st|2nd) half of (?P<ref>last year|this year|(?P<y>(?:19|20)\d{2}))\b",
                "half",
            ),
            lambda m, n: _year_part(
                int(m["y"]) if m["y"] else n.year + _YEAR_OFFSET[m["ref"].lower().replace("lst", "last")],
                "first half" if m["h"].lower() == "1st" else "second half",
            ),
        ),
        (
            r"\bso far this (?P<u>week|month|quarter|year)\b|\bthis (?P<u2>week|month|quarter|year) so far\b",
            lambda m, n: _so_far(
                {
                    "week": _week_of(n),
                    "month": _month(n.year, n.month)[0],
                    "quarter": _quarter_from(n, 0)[0],
                    "year": datetime(n.year, 1, 1),
                }[(m["u"] or m["u2"]).lower()],
                n,
            ),
        ),
        (r"\bleap day\b", lambda m, n: _latest_leap_day(n)),
        (
            gated(
                rf"\b(?:in |during )?the (?:last|final) (?P<k>two|2|three|3) weeks of {en_month}\b",
                "weeks of",
            ),
            lambda m, n: (en_month_of(m, n)[1] - d(weeks=en_number(m["k"])), en_month_of(m, n)[1]),
        ),
        (gated(r"\b(?:in |at |around )?mid[- ]?month\b", "mid"), lambda m, n: _latest_begun_part(n, "mid")),
        (
            gated(
                r"\b(?:in |over |during |within )?(?:the )?(?:past|last) "
                r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|couple of|few) (?P<u>weeks|months)\b"
                rf"(?! of (?:{_MONTH_NAMES}|l(?:a)?st|this|next|the (?:month|year))\b)",
                *("past", "last", "lst"),
            ),
            lambda m, n: _rolling(n, _unit_days(en_number(m["n"]), m["u"].lower())),
        ),
        (
            gated(
                r"\b(?:in |over |during |within )?the (?:past|last) (?:year|12 months)\b",
                "past",
                "last",
                "lst",
            ),
            lambda m, n: _rolling(n, 365),
        ),
        (
            gated(rf"\b(?:in |over |during |within )?(?:the )?next (?P<n>{_EN_NUM}) days\b", "next"),
            lambda m, n: (_day(n), _day(n) + d(days=en_number(m["n"]))),
        ),
        (
            gated(
                r"\b(?:from )?(?P<m1>1[0-2]|0?[1-9])/(?P<d1>3[01]|[12]\d|0?[1-9]) ?(?:-|–|to|thru|through|till|until) ?"
                r"(?P<m2>1[0-2]|0?[1-9])/(?P<d2>3[01]|[12]\d|0?[1-9])(?![\d/])",
                "/",
            ),
            lambda m, n: _digit_span(n, int(m["m1"]), int(m["d1"]), int(m["m2"]), int(m["d2"])),
        ),
        (
            gated(
                rf"(?<![\d/.])(?!24/7\b)(?P<dd>3[01]|1[3-9]|2\d)/(?P<mo>1[0-2]|0[1-9]|[1-9])(?![\d/.]){_NOT_A_FRACTION}",
                "/",
            ),
            lambda m, n: _month_day(n, int(m["mo"]), int(m["dd"]), None),
        ),
        (
            gated(
                rf"\b(?:on|of|from) (?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])(?![\d/]){_NOT_A_FRACTION}"
                r"(?:\s+(?P<yr>last year|this year))?"
                rf"|(?<![\d/])(?P<mo2>1[0-2]|0?[1-9])/(?P<dd2>3[01]|[12]\d|0?[1-9])(?![\d/])\s+(?P<yr2>last year|this year)",
                "/",
            ),
            lambda m, n: _month_day(
                n,
                *_month_and_day(int(m["mo"] or m["mo2"]), int(m["dd"] or m["dd2"]), m.string),
                _year_word(m["yr"] or m["yr2"], n),
            ),
        ),
        (r"\bearlier (?:this|in the) week\b", lambda m, n: _so_far(_week_of(n), n)),
        (r"\bearlier (?:this|in the) month\b", lambda m, n: _so_far(_month(n.year, n.month)[0], n)),
        (
            gated(
                r"(?:(?P<yr>last year'?s|this year'?s|去年|今年|前年|(?:19|20)\d{2}年?)\s*(?:的)?\s*)?(?<![a-z])q(?P<q>[1-4])"
                r"(?![0-9])(?:\s*(?:of\s+)?(?P<yr2>last year|this year|(?:19|20)\d{2}))?",
                *("q1", "q2", "q3", "q4"),
            ),
            lambda m, n: _latest_quarter(n, int(m["q"]), _year_word(m["yr"] or m["yr2"], n)),
        ),
        (
            gated(
                r"\b(?:the )?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) quarter\b"
                r"(?: of (?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "quarter",
            ),
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"].lower()], _year_word(m["yr"], n)),
        ),
        (
            gated(r"\b(?:the )?(?P<w>last|previous|prior|this|next) quarter\b(?! of)", "quarter"),
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"].lower()]),
        ),
        (r"\b(?:the )?weekend before last\b", lambda m, n: _weekend(n, -2)),
        (r"\b(?:the )?weekend after next\b", lambda m, n: _weekend(n, 2)),
        (
            r"\b(?:this|the) past weekend\b|\bthe weekend (?:just gone|there|gone)\b",
            lambda m, n: _weekend(n, None),
        ),
        (r"\bsince the weekend\b", lambda m, n: (_weekend(n, None)[0], _day(n) + d(days=1))),
        (
            gated(
                r"\b(?P<n>a few|few|several|a couple of|a couple|couple of|\d{1,2}) (?:hours|hrs) ago\b",
                "ago",
            ),
            lambda m, n: _days(n - d(hours=int(m["n"]) if m["n"].isdigit() else 3)),
        ),
        (r"\b(?:the )?week before last\b", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (r"\b(?:the )?week after next\b", lambda m, n: _days(_week_of(n) + d(weeks=2), 7)),
        (
            gated(rf"\b(?:(?P<n>{_EN_NUM}) )?fortnights? ago\b", "fortnight"),
            lambda m, n: _days(_week_of(n) - d(weeks=2 * (en_number(m["n"]) if m["n"] else 1)), 7),
        ),
        (r"\b(?:in |over |during )?(?:the|this) (?:past|last) fortnight\b", lambda m, n: _rolling(n, 14)),
        (r"\b(?:the )?month before last\b", lambda m, n: _month(n.year, n.month - 2)),
        (
            r"\b(?:the )?year before last\b",
            lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1)),
        ),
        (r"\bnext month\b", lambda m, n: _month(n.year, n.month + 1)),
        (r"\bnext year\b", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (
            r"\b(?:the )?day after (?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b",
            lambda m, n: _days(n + d(days=2)),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s ago\b", "s ago"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - d(weeks=en_number(m["n"]) - 1)),
        ),
        (
            gated(
                rf"\b(?:(?:the )?(?P<w>{_ANY_WEEKDAY}) before last|last to last (?P<w2>{_ANY_WEEKDAY}))\b",
                "last",
            ),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"] or m["w2"])) - d(weeks=1)),
        ),
        (
            gated(
                rf"\b(?:in |at |around |towards? )?(?:the )?(?P<part>{en_parts})[\s-]*{en_month}\b(?! bank holiday)",
                "@month",
                "month",
            ),
            lambda m, n: (
                _month_part(en_month_of(m, n), _EN_PARTS[m["part"].lower()])
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, _EN_PARTS[m["part"].lower()])
            ),
        ),
        (
            gated(
                rf"\b(?:in |during )?(?:(?P<yw>last|this|next) year )?{en_month} (?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last) week\b",
                "week",
            ),
            lambda m, n: _month_part(
                _month(n.year + _QUARTER_OFFSETS[m["yw"].lower()], _EN_MONTHS[m["mo"].lower()])
                if m["yw"] and m["mo"]
                else en_month_of(m, n),
                "last week" if m["ord"].lower() == "last" else f"week {_WEEK_ORDINALS[m['ord'].lower()]}",
            ),
        ),
        (
            gated(
                rf"\b(?:in |during )?(?:the )?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last|final) week of {en_month}\b",
                "@month",
                "month",
            ),
            lambda m, n: _month_part(
                en_month_of(m, n),
                "last week"
                if m["ord"].lower() in ("last", "lst", "final")
                else f"week {_WEEK_ORDINALS[m['ord'].lower()]}",
            ),
        ),
        (
            gated(
                r"\b(?:in |at |around |towards? )?(?:the )?(?P<part>early|beginning of|start of|end of|late|first half of|second half of|1st half of|2nd half of)"
                r"\s+(?:the )?(?P<ref>last year|this year|the year|(?P<y>(?:19|20)\d{2}))\b",
                "year",
                "19",
                "20",
            ),
            lambda m, n: _year_part(
                int(m["y"])
                if m["y"]
                else n.year + _YEAR_OFFSET.get(m["ref"].lower().replace("lst", "last"), 0),
                _EN_YEAR_PARTS[m["part"].lower()],
                n if m["ref"] and m["ref"].lower() == "the year" else None,
            ),
        ),
        (r"\bearlier this year\b", lambda m, n: (datetime(n.year, 1, 1), _day(n) + d(days=1))),
        (
            gated(
                rf"\b(?:in |over |during |within )?(?:the|this) (?:past|last) (?:(?P<n>{_EN_NUM}) )?(?P<u>weeks?|months?)\b(?! of)",
                "past",
                "last",
                "lst",
            ),
            lambda m, n: _rolling(n, _unit_days(en_number(m["n"]) if m["n"] else 1, m["u"].lower())),
        ),
        (
            r"\b(?:over|during|on|at|in) the weekend\b(?! (?:after|before) (?:next|last))",
            lambda m, n: _weekend(n, None),
        ),
        (
            gated(rf"\bthe weekend (?P<r>before|after) (?P<h>{en_holidays})\b", "weekend"),
            lambda m, n: _weekend_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n, _clause(m)), m["r"].lower() == "after"
            ),
        ),
        (
            gated(
                rf"\b(?P<k>two|2|three|3|four|4) (?P<h>{en_holidays})(?:es|s)? (?:ago|back)\b", "ago", "back"
            ),
            lambda m, n: holidays.latest(
                holidays.EN_NAMES[m["h"].lower()],
                n,
                holidays.latest(holidays.EN_NAMES[m["h"].lower()], n)[0].year - en_number(m["k"].lower()) + 1,
            ),
        ),
        (
            # "the bank holiday weekend" with no month: the latest of England's Monday bank holidays
            gated(r"\b(?:the )?bank holiday(?: long)? weekend\b", "bank holiday"),
            lambda m, n: _holiday_weekend(_latest_bank_holiday(n), "bank holiday"),
        ),
        (
            gated(rf"\b(?:the )?(?P<h>{en_holidays}) (?:long |bank holiday )?weekend\b", "weekend"),
            lambda m, n: _holiday_weekend(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n, _clause(m)),
                holidays.EN_NAMES[m["h"].lower()],
            ),
        ),
        (
            gated(rf"\bthe (?:month|course) of (?P<mo>{_MONTH_NAMES})\b", "month of", "course of"),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(
                r"\b(?:in |over |during |within )?(?:the )?(?:past|last) (?P<n>\d{1,3}) (?:hours|hrs)\b",
                "hours",
                "hrs",
            ),
            lambda m, n: (_day(n - d(hours=int(m["n"]))), _day(n) + d(days=1)),
        ),
        (
            gated(r"\bbetween (?:christmas|xmas) and new year'?s?\b", "between"),
            lambda m, n: (
                holidays.latest("christmas", n)[0],
                holidays.latest("christmas", n)[0] + d(days=8),
            ),
        ),
        (
            gated(
                rf"\ba (?P<u>week|fortnight) (?:on |from )?(?P<w>{_WEEKDAY_NAMES}|today|tomorrow)\b"
                rf"|\b(?:on )?(?P<w2>{_ANY_WEEKDAY}|tomorrow)\.? (?P<u2>week|fortnight)\b(?! (?:ago|before|after|of|off))",
                "week",
                "fortnight",
            ),
            lambda m, n: _days(
                (
                    n
                    if (m["w"] or m["w2"]).lower() == "today"
                    else n + d(days=1)
                    if (m["w"] or m["w2"]).lower() == "tomorrow"
                    else _coming_weekday(n, _weekday(m["w"] or m["w2"]))[0]
                )
                + d(days=14 if (m["u"] or m["u2"]).lower() == "fortnight" else 7)
            ),
        ),
        (
            gated(
                rf"\b(?:on )?(?:the )?(?P<o>first|second|third|fourth|last|1st|2nd|3rd|4th) (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {en_month}\b",
                "@weekday",
            ),
            lambda m, n: _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), m["o"].lower()),
        ),
        (r"\blast weekend but one\b", lambda m, n: _weekend(n, -2)),
        (
            r"\b(?:in |over |during |within )?the (?:next|coming) fortnight\b",
            lambda m, n: (_day(n), _day(n) + d(days=14)),
        ),
        (
            gated(
                rf"\b(?:(?P<n>{_EN_NUM}) days?|the (?:day|night|evening)|(?P<wk>the (?:(?P<wn>{_EN_NUM}) )?weeks?)) (?P<r>before|after) "
                rf"(?:(?P<yr>last year'?s|this year'?s) )?(?P<h>{en_holidays})\b(?: (?P<yr2>last year|this year|(?:19|20)\d{{2}}))?",
                "before",
                "after",
            ),
            lambda m, n: _around_holiday(
                _holiday(holidays.EN_NAMES[m["h"].lower()], m["yr"] or m["yr2"], n, _clause(m)),
                (en_number(m["n"] or m["wn"] or "1")) * (-1 if m["r"].lower() == "before" else 1),
                bool(m["wk"]),
            ),
        ),
        (
            gated(r"\bover easter\b|\b(?:the )?easter (?:holidays?|break|weekend)\b", "easter"),
            lambda m, n: _holiday_weekend(_holiday("easter", None, n, _clause(m)), "easter"),
        ),
        (gated(r"\ba week and a half ago\b", "half"), lambda m, n: _days(n - d(days=10))),
        (gated(r"\bhalf a year ago\b", "half"), lambda m, n: _month(n.year, n.month - 6)),
        (
            gated(rf"\b(?P<dd>\d{{1,2}})-(?P<mo>{_MONTH_NAMES})-(?P<y>(?:19|20)\d{{2}}|\d{{2}})\b", "@month"),
            lambda m, n: _days(
                datetime(
                    int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), _EN_MONTHS[m["mo"].lower()], int(m["dd"])
                )
            ),
        ),
        (
            gated(
                rf"\bthe last (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days of (?:(?P<yr>last|this) year|{en_month})\b",
                "days of",
            ),
            lambda m, n: _last_working_days(
                _month(n.year + _QUARTER_OFFSETS[m["yr"].lower()], 12) if m["yr"] else en_month_of(m, n),
                en_number(m["k"]),
            ),
        ),
        (
            # "week 2 of April", "wk 3 in March": as "the second week of April" (days 8-14)
            gated(rf"\bweek (?P<k>[1-4]) (?:of|in) {en_month}\b", "@isoweek"),
            lambda m, n: _month_part(en_month_of(m, n), f"week {m['k']}"),
        ),
        (
            # "the first full week of March", "the last full week of February": its first / last Monday to
            # Sunday wholly inside it
            gated(rf"\bthe (?P<o>first|1st|last|final) full week (?:of|in) {en_month}\b", "full"),
            lambda m, n: _full_week(en_month_of(m, n), m["o"].lower() in ("last", "final")),
        ),
        (
            # "YTD last year", "last year's YTD", "prior-year QTD": the same span to today's date a year back
            gated(
                r"\b(?:(?:last year'?s?|the prior year'?s?|prior[- ]year|py|ly) (?P<a>ytd|qtd|mtd)"
                r"|(?P<b>ytd|qtd|mtd) (?:last year|ly|prior year|py|a year ago))\b",
                "td",
            ),
            lambda m, n: _to_date_year_back(n, (m["a"] or m["b"]).lower()),
        ),
        (
            # "the first 5 business days of the month / of October": its 1st to its 5th working day
            gated(
                rf"\bthe (?:first|1st|opening) (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days (?:of|in) {en_month}\b",
                "days of",
            ),
            lambda m, n: _first_working_days(en_month_of(m, n), en_number(m["k"])),
        ),
        (
            gated(r"\b(?:the )?(?:last|previous|prior) pay(?:roll)? period\b", "pay"),
            lambda m, n: _month(n.year, n.month - 1),
        ),
        (
            gated(
                rf"\b(?P<a>[12]?\d|3[01])\s*[-–]\s*(?P<b>[12]?\d|3[01]) (?P<mo>{_MONTH_NAMES})\b"
                rf"|\b(?P<mo2>{_MONTH_NAMES})\.? (?P<a2>[12]?\d|3[01])(?:st|nd|rd|th)?\s*[-–]\s*(?P<b2>[12]?\d|3[01])(?:st|nd|rd|th)?\b(?!\d)",
                "@month",
            ),
            lambda m, n: (
                _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["a"] or m["a2"])),
                _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["b"] or m["b2"]))
                + d(days=1),
            ),
        ),
        (
            gated(r"\b(?:on )?the (?P<e>first|last) day of (?:the|this) year\b", "day of"),
            lambda m, n: _days(
                datetime(n.year, 1, 1) if m["e"].lower() == "first" else datetime(n.year, 12, 31)
            ),
        ),
        (gated(r"\bovermorrow\b", "overmorrow"), lambda m, n: _days(n + d(days=2))),
        (
            gated(rf"\b(?P<w>{_WEEKDAY_NAMES}) in a week\b", "in a week"),
            lambda m, n: _days(_coming_weekday(n, _weekday(m["w"]))[0] + d(days=7)),
        ),
        (
            gated(r"\bon (?P<dd>[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.?(?![\d.])", "on"),
            lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
        ),
        (
            gated(r"\bthe day (?P<dd>[12]?\d|3[01]) of (?P<w>last|this|next) month\b", "day"),
            lambda m, n: _days(
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["dd"]))
            ),
        ),
        (gated(r"\blast year this time\b", "this time"), lambda m, n: _days(_same_day(n, -12))),
        (gated(r"\b(?:in )?the early of this week\b", "early"), lambda m, n: _days(_week_of(n), 3)),
        (gated(r"\bthe week prior to last\b", "prior"), lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            gated(r"\blater in the week\b", "later"),
            lambda m, n: (_day(n) + d(days=1), _week_of(n) + d(days=7)),
        ),
        (
            gated(r"\bthe (?P<u>week|weekend) after this(?: one)?\b", "after this"),
            lambda m, n: _days(_week_of(n) + d(weeks=1), 7) if m["u"].lower() == "week" else _weekend(n, 1),
        ),
        (gated(r"\bhump day\b", "hump"), lambda m, n: _days(_past_weekday(n, 2))),
        (
            gated(
                rf"\b(?:the )?(?P<a>{_MONTH_NAMES}) (?:to|through|thru|-|–) (?P<b>{_MONTH_NAMES})(?: period)?,? (?P<yr>last year|this year)\b",
                "@month",
            ),
            lambda m, n: (
                _month(n.year + _QUARTER_OFFSETS[m["yr"].split()[0].lower()], _EN_MONTHS[m["a"].lower()])[0],
                _month(n.year + _QUARTER_OFFSETS[m["yr"].split()[0].lower()], _EN_MONTHS[m["b"].lower()])[1],
            ),
        ),
        (
            gated(
                rf"\b(?:on )?the (?:(?P<o>2nd|second|3rd|third)[- ](?:to[- ])?last|(?P<p>penultimate)) day of {en_month}\b",
                "last",
                "penultimate",
            ),
            lambda m, n: _days(
                en_month_of(m, n)[1] - d(days=2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()])
            ),
        ),
        (
            gated(rf"\b(?:on )?the (?P<w>{_WEEKDAY_NAMES}) after next\b", "after next"),
            lambda m, n: _days(_week_of(n) + d(weeks=2, days=_weekday(m["w"]))),
        ),
        (
            gated(
                r"\b(?:in |during )?the (?:final|last) week of (?P<ref>this|last|next) quarter\b", "quarter"
            ),
            lambda m, n: _month_ends(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 7, False),
        ),
        (
            gated(r"\bcy ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "cy"),
            lambda m, n: _whole_year(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])),
        ),
        (
            gated(
                rf"\bthe (?:(?P<o>2nd|second|3rd|third)[- ]to[- ]last|(?P<p>penultimate)) (?:working|business|biz|trading) day of {en_month}\b",
                "last",
                "penultimate",
            ),
            lambda m, n: _nth_last_working_day(
                en_month_of(m, n), 2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()]
            ),
        ),
        (
            gated(rf"\b(?:the )?trailing (?P<n>{_EN_NUM}) months\b|\bttm\b", "trailing", "ttm"),
            lambda m, n: _rolling(
                n, 365 if not m["n"] or en_number(m["n"]) == 12 else 30 * en_number(m["n"])
            ),
        ),
        (gated(r"\bm ?- ?(?P<k>[1-3])\b", "m-", "m -"), lambda m, n: _month(n.year, n.month - int(m["k"]))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) quarters? ago\b", "quarter"),
            lambda m, n: _quarter_from(n, -en_number(m["n"])),
        ),
        (
            gated(r"\b(?:the )?(?P<h>first|1st|second|2nd) half of the (?:financial|fiscal) year\b", "half"),
            lambda m, n: _year_part(
                n.year, "first half" if m["h"].lower() in ("first", "1st") else "second half"
            ),
        ),
        (gated(r"\b(?:in |over |during )?the coming week\b", "coming"), lambda m, n: _days(n, 7)),
        (
            gated(r"\bthe week before the previous one\b", "previous"),
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            gated(
                r"\bbetween (?:the )?(?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)? "
                r"(?:of )?(?P<w>last|this|next) month\b",
                "between",
            ),
            lambda m, n: (
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["a"])),
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["b"])) + d(days=1),
            ),
        ),
        (
            gated(
                rf"\b(?:this|(?P<w>{_ANY_WEEKDAY}))\.? a\.m\.|\b(?:this|(?P<w2>{_ANY_WEEKDAY}))\.? p\.m\.",
                "a.m",
                "p.m",
            ),
            lambda m, n: _days(
                n if not (m["w"] or m["w2"]) else _past_weekday(n, _weekday(m["w"] or m["w2"]))
            ),
        ),
        (gated(r"\bthis day last week\b", "last week"), lambda m, n: _days(n - d(weeks=1))),
        (
            gated(
                rf"\b(?:on )?(?P<w>{_WEEKDAY_NAMES}) last\b(?! (?:week|month|year|night|time|thing|one)\b)",
                "@weekday",
            ),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(
                rf"\b(?!few\b)(?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?) before\b"
                r"(?=\s*(?:about|regarding|re\b|that|when|[,.?!]|$|i\b|we\b|you\b|u\b))",
                "before",
            ),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(rf"\bsince (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b", "since"),
            lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
        ),
        (
            # "2-3 days back", "3 or 4 days ago": those days (as 两三天前)
            gated(
                r"\b(?P<a>[1-9]|one|two|three|four|five|six|seven|eight) ?(?:-|–|or|to|/) ?"
                r"(?P<b>[2-9]|1[0-4]|two|three|four|five|six|seven|eight|nine|ten) days? (?:ago|back|before)\b",
                "ago",
                "back",
                "before",
            ),
            lambda m, n: (
                (_day(n) - d(days=en_number(m["b"])), _day(n) - d(days=en_number(m["a"]) - 1))
                if en_number(m["b"]) > en_number(m["a"])
                else _no_time("not a span of days")
            ),
        ),
        (
            # "1-2 weeks ago", "a week or two ago", "a month or two back": those calendar weeks / months
            gated(
                r"\b(?:(?P<a>[1-4]|a|one|two|three) ?(?:-|–|or|to) ?(?P<b>[2-5]|two|three|four|five) (?P<u>weeks?|months?)"
                r"|(?P<a2>a|one|two|three) (?P<u2>weeks?|months?) or (?P<b2>two|three|four|2|3|4)) (?:ago|back|before)\b",
                "ago",
                "back",
                "before",
            ),
            lambda m, n: _weeks_or_months_back(
                n, en_number(m["a"] or m["a2"]), en_number(m["b"] or m["b2"]), (m["u"] or m["u2"]).lower()
            ),
        ),
        (
            # "what did I tell you earlier?": earlier today
            gated(
                r"\b(?:told|tell|said|say|asked|ask|sent|send|mentioned|mention|gave|give|showed|show|shared|wrote"
                r"|talked|discussed|texted|noted|saved)\b"
                r"[^,.?!;]{0,40}?\bearlier(?= ?(?:today|on)?\s*(?:[,.?!;]|$))",
                "earlier",
            ),
            lambda m, n: _days(n),
        ),
        (
            # "since 2 days ago", "since 3 weeks back": from that day to today
            gated(rf"\bsince (?P<n>{_EN_NUM}) (?P<u>days?|weeks?) (?:ago|back|before)\b", "since"),
            lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1) + 1),
        ),
        (
            # "the coming month", "the coming year": today and the 29 / 364 days after (as "the coming week")
            gated(r"\b(?:in |over |during )?the coming (?P<u>month|year)\b", "coming"),
            lambda m, n: _days(n, 30 if m["u"].lower() == "month" else 365),
        ),
        (
            # "since 3 months", "since one year" (as people who learned English write it): the last 90 / 365 days
            gated(rf"\bsince (?:the )?(?:last |past )?(?P<n>{_EN_NUM}) (?P<u>months?|years?)\b", "since"),
            lambda m, n: _rolling(
                n,
                365 * en_number(m["n"])
                if m["u"].lower().startswith("y")
                else _unit_days(en_number(m["n"]), m["u"].lower()),
            ),
        ),
        (
            # "the month after next", "next to next year" (as "the year after next"): that calendar month / year
            gated(r"\b(?:the )?(?P<u>month|year|quarter) after next\b", "after next"),
            lambda m, n: _after_next(n, m["u"].lower()),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) weeks? ago,? (?:on )?(?P<w>{_ANY_WEEKDAY})\b", "ago"),
            lambda m, n: _days(_week_of(n) - d(weeks=en_number(m["n"])) + d(days=_weekday(m["w"]))),
        ),
        (
            # the weekday said first: "the Tuesday of two weeks ago", "tuesday 3 weeks ago", and as people
            # who learned English write it, "the Tuesday of before two weeks"
            gated(
                rf"\b(?:the )?(?P<w>{_ANY_WEEKDAY})\.? (?:of )?(?:(?P<n>{_EN_NUM}) weeks? ago"
                rf"|before (?P<n2>{_EN_NUM}) weeks?)\b",
                "ago",
                "before",
            ),
            lambda m, n: _days(
                _week_of(n) - d(weeks=en_number(m["n"] or m["n2"])) + d(days=_weekday(m["w"]))
            ),
        ),
        (
            gated(rf"\b(?:in |over |within |during )?the next (?P<n>{_EN_NUM}) weeks\b", "next"),
            lambda m, n: (_day(n), _day(n) + d(weeks=en_number(m["n"]))),
        ),
        (
            gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) days of {en_month}\b", "days of"),
            lambda m, n: _days(en_month_of(m, n)[0], min(en_number(m["n"]), 31)),
        ),
        (
            gated(r"\b(?:in )?the first few days of (?:the|this) year\b", "year"),
            lambda m, n: _days(datetime(n.year, 1, 1), 10),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) weekends? (?:ago|back)\b", "weekend"),
            lambda m, n: _weekend(n, -en_number(m["n"])),
        ),
        (
            gated(rf"\blast week'?s\b(?: [a-z']+){{0,4}} on (?P<w>{_ANY_WEEKDAY})\b", "last week"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(
                rf"\bbefore (?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?|years?)(?! (?:of|from|after|before|to)\b)",
                "before",
            ),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(
                rf"\b(?:since|from) (?:the )?(?:last|past) (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b",
                "since",
                "from",
            ),
            lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
        ),
        (
            gated(
                rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) months of (?:the )?(?P<ref>this year|last year|year|(?:19|20)\d{{2}})\b",
                "months of",
            ),
            lambda m, n: _first_months(_en_year(m["ref"], n), en_number(m["n"])),
        ),
        (
            gated(
                rf"\b(?:in |by |at )?{en_month} (?P<p>end|ending|beginning|starting|start|middle)\b",
                *_PART_AFTER,
            ),
            lambda m, n: (
                _month_part(en_month_of(m, n), _PART_AFTER[m["p"].lower()])
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, _PART_AFTER[m["p"].lower()])
            ),
        ),
        (
            gated(rf"\bending of {en_month}\b", "ending"),
            lambda m, n: (
                _month_part(en_month_of(m, n), "late")
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, "late")
            ),
        ),
        (
            gated(
                r"\b(?P<ref>last|this) year (?:end|ending)\b|\bending of (?P<ref2>last|this) year\b", "end"
            ),
            lambda m, n: _year_part(n.year + _QUARTER_OFFSETS[(m["ref"] or m["ref2"]).lower()], "late"),
        ),
        (
            gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) weeks of {en_month}\b", "weeks of"),
            lambda m, n: _days(en_month_of(m, n)[0], 7 * en_number(m["n"])),
        ),
        (r"\blater this week\b", lambda m, n: (_day(n) + d(days=1), _week_of(n) + d(days=7))),
        (r"\blater this month\b", lambda m, n: (_day(n) + d(days=1), _month(n.year, n.month)[1])),
        (r"\bthe other week\b", lambda m, n: (_week_of(n) - d(weeks=2), _week_of(n))),
        (
            r"\b(?:at |by |around |towards? )?(?:the )?(?P<p>start|beginning|end) of (?P<w>last|this|next|the) week\b",
            lambda m, n: (
                (
                    _week_of(n)
                    + d(weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=4 * (m["p"].lower() == "end"))
                ),
                (
                    _week_of(n)
                    + d(weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=3 + 4 * (m["p"].lower() == "end"))
                ),
            ),
        ),
        (
            r"\ba month ago today\b|\b(?:this|the same|same) (?:time|day) last (?P<u>month|year)\b",
            lambda m, n: _days(_same_day(n, -12 if (m["u"] or "").lower() == "year" else -1)),
        ),
        (
            gated(
                rf"\b(?P<n>{_EN_NUM}) days? (?P<r>after tomorrow|before yesterday)\b",
                "after tomorrow",
                "before yesterday",
            ),
            lambda m, n: _days(
                n + d(days=(1 + en_number(m["n"])) * (1 if m["r"].lower().startswith("after") else -1))
            ),
        ),
        (
            gated(r"\bthe day (?:before tomorrow|after yesterday)\b", "before tomorrow", "after yesterday"),
            lambda m, n: _days(n),
        ),
        (
            gated(
                rf"\b(?:(?:from|in|during|on|over) )?the (?P<o>first|last) (?P<k>{_EN_NUM}) days of "
                rf"(?:(?P<ref>last|this|next) month|(?P<yref>last|this|next) year"
                rf"|(?P<mo>{_MONTH_NAMES})(?: (?P<y>(?:19|20)\d{{2}}))?)\b",
                "days of",
            ),
            lambda m, n: _month_ends(
                _month(n.year, n.month + _QUARTER_OFFSETS[m["ref"].lower()])
                if m["ref"]
                else _whole_year(n.year + _QUARTER_OFFSETS[m["yref"].lower()])
                if m["yref"]
                else (
                    _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
                    if m["y"]
                    else _past_month(n, _EN_MONTHS[m["mo"].lower()])
                ),
                en_number(m["k"]),
                m["o"].lower() == "first",
            ),
        ),
        (
            r"\b(?:this|the same) (?P<u>month|week) (?:of )?last year\b",
            lambda m, n: (
                _month(n.year - 1, n.month)
                if m["u"].lower() == "month"
                else _days(_week_of(_same_day(n, -12)), 7)
            ),
        ),
        (r"\bnext weekend\b", lambda m, n: _weekend(n, 1)),
        (
            gated(
                r"\b(?:the )?(?P<y>20\d{2})[/-](?P<y2>\d{2}|20\d{2}) (?:academic|school) year\b"
                r"|\b(?:the )?(?P<s>fall|autumn|spring) (?:semester|term)\b",
                "academic",
                "school",
                "semester",
                "term",
            ),
            lambda m, n: (
                (datetime(int(m["y"]), 9, 1), datetime(int(m["y"]) + 1, 9, 1))
                if m["y"]
                else _named_semester(n, autumn=m["s"].lower() != "spring")
            ),
        ),
        (
            gated(r"\b(?:this|the current|current) pay ?(?:period|cycle)\b", "pay"),
            lambda m, n: _month(n.year, n.month),
        ),
        (
            gated(
                r"\b(?:for|during|throughout|across|over) (?P<y>(?:19|20)\d{2})"
                r"(?= overall\b| as a whole\b| in total\b| in full\b| full[- ]year\b| altogether\b)",
                "overall",
                "whole",
                "total",
                "full",
                "altogether",
            ),
            lambda m, n: _whole_year(int(m["y"])),
        ),
        (
            gated(rf"\bthis (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_week_of(n) + d(days=_weekday(m["w"]))),
        ),
        (
            gated(rf"\bnext (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_week_of(n) + d(weeks=1, days=_weekday(m["w"]))),
        ),
        (
            r"\b(?:a few|few|several|some) days (?:ago|back|before(?= i\b| we\b| you\b| u\b))\b|\bthe other (?:day|night)\b",
            lambda m, n: (_day(n) - d(days=5), _day(n)),
        ),
        (rf"\bin (?P<n>{_EN_NUM}) days?\b(?! ago\b)", lambda m, n: _days(n + d(days=en_number(m["n"])))),
        (
            gated(rf"\bafter (?P<n>{_EN_NUM}) days?\b(?! (?:of|in|at|from|after|before)\b)", "after"),
            lambda m, n: _days(n + d(days=en_number(m["n"]))),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?:days?|nights?) back\b", "back"),
            lambda m, n: _units_ago(n, en_number(m["n"]), "day"),
        ),
        (
            r"\b(?:the )?(?:day|evening|morning|afternoon|night) before yesterday\b",
            lambda m, n: _days(n - d(days=2)),
        ),
        (
            r"\b(?P<p>early|late|mid|mid-|midweek|the middle of) ?(?P<w>last|this|next) week\b",
            lambda m, n: _days(
                _week_of(n)
                + d(
                    weeks=_QUARTER_OFFSETS[m["w"].lower()], days=_WEEK_PART_START[m["p"].lower().rstrip("-")]
                ),
                3,
            ),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<o>first|last) (?P<k>{_EN_NUM}) days of (?P<w>last|this|next) week\b",
                "days of",
            ),
            lambda m, n: _month_ends(
                _days(_week_of(n) + d(weeks=_QUARTER_OFFSETS[m["w"].lower()]), 7),
                en_number(m["k"]),
                m["o"].lower() == "first",
            ),
        ),
        (
            gated(r"\bmidweek\b(?! (?:last|this|next) week\b)", "midweek"),
            lambda m, n: _days(_week_of(n) + d(days=1), 3),
        ),
        (gated(r"\bthe quarter before last\b", "quarter"), lambda m, n: _quarter_from(n, -2)),
        (
            gated(rf"\ba fortnight (?:today|on (?P<w>{_WEEKDAY_NAMES}))\b", "fortnight"),
            lambda m, n: _days(
                _coming_weekday(n, _weekday(m["w"]))[0] + d(days=14) if m["w"] else n + d(days=14)
            ),
        ),
        (
            gated(r"\b(?:the )?(?P<e>last|first) day of (?P<w>last|this|next) month\b", "day of"),
            lambda m, n: _days(
                _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[1] - d(days=1)
                if m["e"].lower() == "last"
                else _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[0]
            ),
        ),
        (
            r"\b(?:yesterday|yday|yesterdy|yesturday|ystday|yest|kahapon|gister|ddoe)\b|\blast (?:night|evening)\b",
            lambda m, n: _days(n - d(days=1)),
        ),
        (
            r"\btoday\b|\bthis (?:morning|afternoon|evening|avo)\b|\btonight\b|\bearlier today\b|\bjust now\b",
            lambda m, n: _days(n),
        ),
        (r"\b(?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b", lambda m, n: _days(n + d(days=1))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|nights?) ago\b", "ago"),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (gated(r"\ba day or two ago\b", "ago"), lambda m, n: (_day(n) - d(days=2), _day(n))),
        (r"\bthe previous weekend\b", lambda m, n: _weekend(n, -1)),
        (
            gated(rf"\b(?:the )?(?P<o>first|last) weekend (?:of|in) {en_month}\b", "weekend"),
            lambda m, n: _edge_weekend(en_month_of(m, n), m["o"].lower() == "last"),
        ),
        (
            gated(
                rf"(?<!\bas of )(?<!\bas at )\b(?P<mo>{_MONTH_NAMES})\.?,? (?P<y>(?:19|20)\d{{2}})\b",
                "@month",
            ),
            lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?|years?) ago\b", "ago"),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(
                rf"\b(?:in the )?(?:past|last) (?:(?!few )(?P<n>{_EN_NUM}) days|(?:a )?day or two)\b",
                *("past", "last", "lst"),
            ),
            lambda m, n: (_day(n) - d(days=(en_number(m["n"]) if m["n"] else 2) - 1), _day(n) + d(days=1)),
        ),
        (r"\blast weekend\b", lambda m, n: _days(_week_of(n) - d(days=2), 2)),
        (r"\bthis weekend\b", lambda m, n: _days(_week_of(n) + d(days=5), 2)),
        (
            gated(rf"\blast (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(rf"\b(?:this )?past (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"]))),
        ),
        (r"\blast (?:week|wk)\b", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (r"\bthis (?:week|wk)\b", lambda m, n: _days(_week_of(n), 7)),
        (r"\bnext (?:week|wk)\b", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
        (r"\blast month\b", lambda m, n: _month(n.year, n.month - 1)),
        (r"\bthis (?:whole |entire )?month\b", lambda m, n: _month(n.year, n.month)),
        (r"\blast year\b", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (
            r"(?<!\d )\bthis (?:whole |entire )?year\b",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
        ),
        (
            gated(
                rf"\b(?<!black )(?<!cyber )(?<!good )(?:on )?(?P<w>{_WEEKDAY_NAMES})\b(?! (?:school|roast|best)\b)",
                "@weekday",
            ),
            lambda m, n: _days(_past_weekday(n, _EN_WEEKDAYS[m["w"].lower()])),
        ),
        (
            gated(
                rf"\b(?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?(?:, ?| )(?P<y>\d{{4}})\b",
                "@month",
            ),
            lambda m, n: _days(datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
        ),
        (
            gated(rf"\b(?P<mo>{_MONTH_NAMES})\.? (?:the )?(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\b", "@month"),
            lambda m, n: _days(_day_in_past_month(n, _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
        ),
        (
            gated(
                rf"\b(?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mo>{_MONTH_NAMES})\b(?:,? (?P<y>(?:19|20)\d{{2}})\b)?",
                "@month",
            ),
            lambda m, n: _days(
                datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))
                if m["y"]
                else _day_in_past_month(n, _EN_MONTHS[m["mo"].lower()], int(m["dd"]))
            ),
        ),
        (
            gated(rf"\b(?:in|during) (?P<mo>{_MONTH_NAMES}),? (?P<y>\d{{4}})\b", "@month"),
            lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(rf"\b(?P<w>in|during|since|last) (?P<mo>{_MONTH_NAMES})\b", "@month"),
            # "last Feb" said in February is a year back; any other month, the latest one begun
            lambda m, n: (
                _month(n.year - 1, n.month)
                if m["w"].lower() == "last" and _EN_MONTHS[m["mo"].lower()] == n.month
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            ),
        ),
        (
            r"\b(?:in|during) (?P<y>(?:19|20)\d{2})\b",
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (
            gated(
                rf"\b(?:on )?(?P<w>{_ANY_WEEKDAY})\.?,? (?:the )?(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b"
                rf"(?: of (?P<mo>{_MONTH_NAMES})\b)?",
                "@weekday",
            ),
            lambda m, n: (
                _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"])))
                if m["mo"]
                else _latest_day_of_month(n, int(m["dd"]))
            ),
        ),
        (
            gated(
                rf"^\s*(?P<w>{abbreviations})\.?(?=\s*(?:[-–:,]|$))|\b(?:on )?(?P<w2>tues|tue|thurs|thur|thu|weds|fri)\b\.?",
                "@weekday",
            ),
            lambda m, n: _days(_past_weekday(n, _weekday(m["w"] or m["w2"]))),
        ),
        (
            gated(
                rf"\b(?:on )?(?P<w>{_ANY_WEEKDAY})\.?,? (?:of )?(?P<wk>last|this|next) (?:week|wk)\b"
                rf"|\b(?P<wk2>last|this|next) week(?:'s)?,? (?:on )?(?P<w2>{_ANY_WEEKDAY})\b\.?",
                "week",
            ),
            lambda m, n: _days(
                _week_of(n)
                + d(weeks=_QUARTER_OFFSETS[(m["wk"] or m["wk2"]).lower()], days=_weekday(m["w"] or m["w2"]))
            ),
        ),
        (
            gated(
                rf"\b(?:in |during )?(?P<mo>{_MONTH_NAMES})\.?,? (?:of )?(?P<yr>last|this|next) year\b",
                "@month",
            ),
            lambda m, n: _month(
                n.year + {"last": -1, "lst": -1, "this": 0, "next": 1}[m["yr"].lower()],
                _EN_MONTHS[m["mo"].lower()],
            ),
        ),
        (
            gated(
                r"\b(?:from )?(?:the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)?|(?P<a2>[12]?\d|3[01])(?:st|nd|rd|th))"
                r" ?(?:to|till|until|through|thru|-|–) ?(?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)\b"
                rf"(?:,? (?:of )?(?:(?P<w>last|this|next) month|(?P<mo>{_MONTH_NAMES}))\b)?",
                "@ordinal",
            ),
            lambda m, n: (
                (
                    _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["a"] or m["a2"])),
                    _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["b"])))[1],
                )
                if m["mo"]
                else _latest_span_of_month(
                    n,
                    int(m["a"] or m["a2"]),
                    int(m["b"]),
                    _QUARTER_OFFSETS[m["w"].lower()] if m["w"] else None,
                )
            ),
        ),
        (
            # "from the 28th thru month end", "the 25th to the end of the month": the latest such day begun, to
            # its month's end
            gated(
                r"\b(?:from )?(?:the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)?|(?P<a2>[12]?\d|3[01])(?:st|nd|rd|th))"
                r" ?(?:to|till|until|through|thru|-|–) ?(?:the )?(?:month[- ]?end|end of (?:the )?month|eom)\b",
                "month",
                "eom",
            ),
            lambda m, n: (
                (day := _latest_day_of_month(n, int(m["a"] or m["a2"]))[0]),
                _month(day.year, day.month)[1],
            ),
        ),
        (
            gated(
                r"\b(?:during |in )?(?:the )?week of (?:(?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])"
                r"|(?P<dd2>1[3-9]|2\d|3[01])/(?P<mo2>1[0-2]|0?[1-9]))(?![\d/])",
                "week of",
            ),
            lambda m, n: _week_around(
                _month_day(n, int(m["mo2"]), int(m["dd2"]))[0]
                if m["mo2"]
                else _month_day(n, *_month_and_day(int(m["mo"]), int(m["dd"]), m.string))[0]
            ),
        ),
        (
            gated(
                r"\bbetween (?P<mo>1[0-2]|0?[1-9])/(?P<a>3[01]|[12]\d|0?[1-9]) and (?P<mo2>1[0-2]|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d/])",
                "between",
            ),
            lambda m, n: (
                _month_day(n, int(m["mo"]), int(m["a"]))[0],
                _month_day(n, int(m["mo2"]), int(m["b"]))[1],
            ),
        ),
        (
            gated(r"\b(?:over |in |during )?the past quarter\b", "quarter"),
            lambda m, n: _rolling(n, 90),
        ),
        (
            gated(r"\b(?:the )?(?:q(?P<q>[1-4]) |quarter[- ]?)close\b", "close"),
            lambda m, n: (
                _quarter_month(_latest_quarter(n, int(m["q"])), "late") if m["q"] else _quarter_end(n)
            ),
        ),
        (
            gated(r"\b(?:during |in )?the week of the (?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b", "week of"),
            lambda m, n: _week_around(_latest_day_of_month(n, int(m["dd"]))[0]),
        ),
        (
            gated(
                r"\b(?:at |by |around |towards? |in )?(?:the )?(?P<part>end|close|start|beginning|middle) of (?:the )?"
                r"(?:q(?P<q>[1-4])|(?P<qo>first|second|third|fourth|1st|2nd|3rd|4th) quarter"
                r"|(?P<w>last|this|next|previous|prior) quarter)\b"
                r"(?:,? (?:of )?(?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "quarter",
                *("q1", "q2", "q3", "q4"),
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(
                    n, int(m["q"]) if m["q"] else _QUARTER_NUMBERS[m["qo"].lower()], _year_word(m["yr"], n)
                )
                if m["q"] or m["qo"]
                else _quarter_from(n, _QUARTER_OFFSETS[m["w"].lower()]),
                _QUARTER_PARTS[m["part"].lower()],
            ),
        ),
        (
            gated(
                rf"\bin (?:(?P<n>{_EN_NUM}) weeks?|(?P<f>(?:a |one )?fortnight))(?:'?s? time)?\b",
                "week",
                "fortnight",
            ),
            lambda m, n: _week_around(n + d(weeks=2 if m["f"] else en_number(m["n"]))),
        ),
        (
            gated(rf"\bin (?P<n>{_EN_NUM}) months?(?:'s? time)?\b", "month"),
            lambda m, n: _month(n.year, n.month + en_number(m["n"])),
        ),
        (
            gated(
                r"(?<!\bas of )(?<!\bas at )\b(?P<mo>january|february|july|september|october|november|december|sept|feb|oct|nov"
                r"|dec|(?<=\bthe )(?:jan|mar|apr|jun|jul|aug|sep))\b"
                r"(?:,? (?P<y>(?:19|20)\d{2})\b)?",
                "@month",
            ),
            lambda m, n: (
                _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
                if m["y"]
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            ),
        ),
        (
            r"\brecently\b|\blately\b|\bthese (?:few )?days\b|\bnot long ago\b|\bof late\b",
            lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1)),
        ),
        (r"\b(?:the )?(?:past|last) few days\b", lambda m, n: (_day(n) - d(days=5), _day(n))),
        (r"\blast last week\b", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            # "in the 44 week", "the 44th week of the year": the ISO week, as "week 44" (a number under 5
            # is as likely a week of a month)
            gated(
                r"\b(?:in )?the (?P<w>[5-9]|[1-4]\d|5[0-3])(?:st|nd|rd|th)? week\b(?: of (?:the|this) year\b)?(?! of)",
                "week",
            ),
            lambda m, n: _iso_week(n, int(m["w"]), None, m.string),
        ),
        (
            gated(
                r"\b(?:iso |calendar )?(?:(?:cw|kw|ww|w) ?(?P<w>0?[1-9]|[1-4]\d|5[0-3])|(?:wk|week) ?(?P<w2>0[1-9]|[5-9]|[1-4]\d|5[0-3]))\b"
                r"(?!\s*(?:days?|weeks?|%|am|pm))(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
                "@isoweek",
            ),
            lambda m, n: _iso_week(n, int(m["w"] or m["w2"]), int(m["y"]) if m["y"] else None, m.string),
        ),
        (
            gated(
                r"\bbetween (?:iso )?(?:cw|w|wk|week) ?(?P<a>[1-9]|[1-4]\d|5[0-3]) and (?:cw|w|wk|week)? ?(?P<b>[1-9]|[1-4]\d|5[0-3])\b",
                "between",
            ),
            lambda m, n: (
                _iso_week(n, int(m["a"]), None)[0],
                _iso_week(n, int(m["a"]), None)[0] + d(weeks=int(m["b"]) - int(m["a"]) + 1),
            ),
        ),
        (
            gated(r"\b(?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "fy", "fiscal"),
            lambda m, n: (
                datetime(int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), 1, 1),
                datetime(int(m["y"]) + (2001 if len(m["y"]) == 2 else 1), 1, 1),
            ),
        ),
        (
            gated(r"\b(?:prior|last|previous) fy\b|\b(?P<this>this|current) fy\b", "fy"),
            lambda m, n: (
                datetime(n.year - (not m["this"]), 1, 1),
                datetime(n.year + 1 - (not m["this"]), 1, 1),
            ),
        ),
        (gated(r"\bfytd\b", "fytd"), lambda m, n: _so_far(datetime(n.year, 1, 1), n)),
        (
            gated(
                r"\b(?:the )?(?P<o>first|last) week of (?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b",
                "week of",
            ),
            lambda m, n: (
                (datetime(int(m["y"][-2:]) + 2000, 1, 1), datetime(int(m["y"][-2:]) + 2000, 1, 8))
                if m["o"].lower() == "first"
                else (datetime(int(m["y"][-2:]) + 2000, 12, 25), datetime(int(m["y"][-2:]) + 2001, 1, 1))
            ),
        ),
        (
            gated(
                rf"\b(?P<n>{_EN_NUM}) (?:working|business|biz|trading) days? (?P<w>ago|back|from now|from today)\b",
                "days",
            ),
            lambda m, n: _days(
                _working_day(n, en_number(m["n"]) * (-1 if m["w"].lower() in ("ago", "back") else 1))
            ),
        ),
        (
            gated(
                rf"\bin (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days?\b|(?<!\band )(?<!\bor )(?<!\bvs )\bt ?\+ ?(?P<t>\d{{1,2}})(?!\d)(?! (?:and|or|vs|versus) t ?\+)",
                "days",
                "t+",
                "t +",
            ),
            lambda m, n: _days(
                _working_day(n, int(m["t"]) if m["t"] else en_number(m["n"]))
                if not (
                    m["t"]
                    and (
                        _MEANING.search(m.string)
                        or _SETTLES.match(m.string, m.end())
                        or (
                            _SETTLED_BEFORE.search(m.string, 0, m.start())
                            and not _FROM_TODAY.match(m.string, m.end())
                        )
                    )
                )
                else _no_time(_SETTLEMENT if not _MEANING.search(m.string) else "a notation asked about")
            ),
        ),
        (
            # "4 business days out", "10 days out", "T-minus 9 days": that day ahead ("a day out" is an outing)
            gated(
                rf"\b(?!(?:a|an|one) )(?P<n>{_EN_NUM}) (?P<w>(?:working|business|biz) )?days out\b"
                r"|\bt ?- ?minus (?P<t>\d{1,3}) days?\b",
                "out",
                "minus",
            ),
            lambda m, n: _days(
                _working_day(n, en_number(m["n"]))
                if m["w"]
                else n + d(days=int(m["t"]) if m["t"] else en_number(m["n"]))
            ),
        ),
        (
            gated(
                rf"\b(?:the )?(?:past|last|previous|prior) (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days\b",
                "days",
            ),
            lambda m, n: _working_days_back(n, en_number(m["n"])),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<e>last|first) (?:working|business|biz|trading) day of {en_month}\b",
                "day of",
            ),
            lambda m, n: _edge_working_day(en_month_of(m, n), m["e"].lower() != "first"),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<o>second|third|fourth|fifth|2nd|3rd|4th|5th) (?:working|business|biz|trading) day of {en_month}\b",
                "day of",
            ),
            lambda m, n: _nth_working_day(en_month_of(m, n), _WORKING_ORDINALS[m["o"].lower()]),
        ),
        (
            # "on the 3rd working day of next month", "the 8th business day of March" (and "WD8 of next month",
            # spelt out so): that working day of that month, any count
            gated(
                rf"\b(?:on )?(?:the )?(?P<o>[1-9]|1\d|2[0-3])(?:st|nd|rd|th) (?:working|business|biz|trading) day"
                rf" (?:of|in) {en_month}\b",
                "day of",
                "day in",
            ),
            lambda m, n: _nth_working_day(en_month_of(m, n), int(m["o"])),
        ),
        (
            gated(
                rf"\b(?P<w>{_ANY_WEEKDAY})\.? (?:of )?the week (?P<r>before last|after next)\b",
                "before last",
                "after next",
            ),
            lambda m, n: _days(
                _week_of(n) + d(weeks=-2 if m["r"].lower() == "before last" else 2, days=_weekday(m["w"]))
            ),
        ),
        (
            gated(r"\b(?:sat(?:urday)?|sat\.)\s*(?:/|&|and|n|-)\s*sun(?:day)?\b", "sat"),
            lambda m, n: _weekend(n, None),
        ),
        (
            gated(
                r"\bsince (?:the (?:start|beginning) of (?:the|this) quarter|the quarter (?:started|began))\b"
                r"|\bquarter to date\b",
                "quarter",
            ),
            lambda m, n: _so_far(_quarter_from(n, 0)[0], n),
        ),
        (
            gated(r"\blast quarter[- ]end\b|\bthe end of last quarter\b", "quarter"),
            lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
        ),
        (
            gated(r"(?<![\w/-])t ?- ?(?P<t>[1-9]|10)(?![\d%])", "t-", "t -"),
            lambda m, n: (
                _days(_working_day(n, -int(m["t"])))
                if not _MEANING.search(m.string)
                else _no_time("a notation asked about")
            ),
        ),
        (
            gated(rf"\bperiod (?P<p>1[0-2]|[1-9])\b(?! (?:{_MONTH_NAMES})\b)", "period"),
            lambda m, n: _past_month(n, int(m["p"])),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<mo>{_MONTH_NAMES}) (?:(?:reporting |accounting |close )?period"
                r"|(?:reporting|accounting|close) cycle)\b",
                "period",
                "cycle",
            ),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<mo>{_MONTH_NAMES}) month[- ]end\b|\bend-(?P<mo2>{_MONTH_NAMES})\b", "end"
            ),
            lambda m, n: _month_part(_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()]), "late"),
        ),
        (gated(r"\bquarter[- ]end\b", "quarter"), lambda m, n: _quarter_end(n)),
        (gated(r"\bmid-?year\b", "year"), lambda m, n: _mid_year(n)),
        (
            gated(
                rf"\b(?:the )?(?P<n>{_EN_NUM}) months (?:to|ended|ending|up to) (?:(?:the )?\d{{1,2}}(?:st|nd|rd|th)? )?"
                rf"(?P<mo>{_MONTH_NAMES})\b",
                "months",
            ),
            lambda m, n: (
                _month(
                    _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].year,
                    _EN_MONTHS[m["mo"].lower()] - en_number(m["n"]) + 1,
                )[0],
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[1],
            ),
        ),
        (
            gated(
                rf"\b(?P<a>{_MONTH_NAMES})\.? ?(?:-|–|to|through|thru) ?(?P<b>{_MONTH_NAMES})\.?,?(?: (?P<y>(?:19|20)\d{{2}}))?\b",
                "@month",
            ),
            lambda m, n: (
                _month(int(m["y"]), _EN_MONTHS[m["a"].lower()])[0]
                if m["y"]
                else _past_month(n, _EN_MONTHS[m["a"].lower()])[0],
                _month(int(m["y"]), _EN_MONTHS[m["b"].lower()])[1]
                if m["y"]
                else _month(
                    _past_month(n, _EN_MONTHS[m["a"].lower()])[0].year
                    + (_EN_MONTHS[m["b"].lower()] < _EN_MONTHS[m["a"].lower()]),
                    _EN_MONTHS[m["b"].lower()],
                )[1],
            ),
        ),
        (
            gated(
                rf"\b(?:during |in )?the week of (?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?P<mo>{_MONTH_NAMES})\b",
                "week of",
            ),
            lambda m, n: _week_around(
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))
            ),
        ),
        (
            r"\b(?P<dd>[12]\d|3[01]|0?[1-9])\.(?P<mo>1[0-2]|0?[1-9])\.(?P<y>(?:19|20)\d{2})\b",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            gated(
                rf"\b(?P<dd>[12]\d|3[01]|0?[1-9]) (?P<mo>{_MONTH_NAMES})\.? '?(?P<yy>\d{{2}})\b(?!\d)",
                "@month",
            ),
            lambda m, n: _days(datetime(2000 + int(m["yy"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
        ),
        (r"\blast last month\b", lambda m, n: _month(n.year, n.month - 2)),
        (gated(r"\bthe semester before last\b", "before last"), lambda m, n: _semester(n, 2)),
        (gated(r"\b(?:an|one|half an) hour ago\b", "hour"), lambda m, n: _days(n - d(hours=1))),
        (
            # Singapore and Malaysian English: next next month, last last year; the month after next
            gated(
                r"\b(?P<w>next next|last last) (?P<u>month|year)\b|\bthe (?P<u2>month|year) after next\b",
                "next",
                "last",
            ),
            lambda m, n: (
                _month(n.year, n.month + (2 if (m["w"] or "next").lower().startswith("next") else -2))
                if (m["u"] or m["u2"]).lower() == "month"
                else _whole_year(n.year + (2 if (m["w"] or "next").lower().startswith("next") else -2))
            ),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) days? later\b", "later"),
            lambda m, n: _days(n + d(days=en_number(m["n"]))),
        ),
        (
            gated(rf"\b(?:the )?(?:next|coming) (?P<n>{_EN_NUM}) days\b", "coming"),
            lambda m, n: (_day(n), _day(n) + d(days=en_number(m["n"]))),
        ),
        (
            gated(
                rf"\b(?P<n>{_EN_NUM}) weeks? ago (?:today|to the day)\b|\bexactly (?P<n2>{_EN_NUM}) weeks? ago\b"
                r"|\b(?P<f>a |one )?fortnight ago today\b",
                "ago",
            ),
            lambda m, n: _days(
                n
                - d(
                    weeks=2
                    if m["f"] is not None or "fortnight" in m.group(0).lower()
                    else en_number(m["n"] or m["n2"])
                )
            ),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>years?|months?) ago today\b", "ago today"),
            lambda m, n: _days(
                _same_day(n, -(12 if m["u"].lower().startswith("y") else 1) * en_number(m["n"]))
            ),
        ),
        (
            gated(r"\b(?:the )?(?P<s>spring|summer|fall|autumn|winter) before last\b", "before last"),
            lambda m, n: _season_of(_en_season(n, m["s"].lower(), "last")[0].year - 1, m["s"].lower()),
        ),
        (
            gated(r"\b(?:this|the) (?:coming|upcoming) weekend\b", "coming"),
            lambda m, n: _days(_week_of(n) + d(weeks=1 if n.weekday() >= 5 else 0, days=5), 2),
        ),
        (
            gated(
                r"\b(?:told|tell|said|say|asked|ask|sent|send|texted|text|mentioned|showed)\s+(?:you|u|ya)\s+"
                r"(?:on\s+)?(?P<w>mon|wed|sat|sun)\b",
                "@weekday",
            ),
            lambda m, n: _days(_past_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<w>{_ANY_WEEKDAY})\.? just gone\b|\b(?P<w2>{_ANY_WEEKDAY})\.? gone\b", "gone"
            ),
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"] or m["w2"]))),
        ),
        (
            gated(r"\b(?:for )?(?:the )?rest of (?:the|this) (?P<u>week|month|year)\b", "rest of"),
            lambda m, n: (_day(n), _rest_end(n, m["u"].lower())),
        ),
        (
            # "the rest of the quarter", "the remainder of the month", "rest of year", "the balance of the quarter":
            # today to the end of the period today is in
            gated(
                r"\b(?:for )?(?:the )?(?:(?:rest|remainder) of (?:the |this )?|balance of (?:the|this) )"
                r"(?P<u>week|month|quarter|qtr|year)\b(?!'?s? (?:budget|account|invoice|payment|fees?)\b)",
                "rest of",
                "remainder of",
                "balance of",
            ),
            lambda m, n: (_day(n), _rest_end_any(n, m["u"].lower())),
        ),
        (
            gated(rf"\b(?:the )?(?P<h>{en_holidays}) week\b", *_EN_HOLIDAY_WORDS),
            lambda m, n: _week_around(_holiday(holidays.EN_NAMES[m["h"].lower()], None, n)[0]),
        ),
        # the twenty-sixth round, offices and operations
        (
            # "by EOD", "at COB", "due end of day": today (a day named after it is that day: "EOD Friday")
            gated(
                r"\b(?:by|at|before|until|till|for|due|around) (?:the )?(?:eod|cob|eob|eobd|close of (?:business|play)"
                r"|end of (?:business )?day|end of business)\b(?![ ,]*(?:on )?(?:today|tonight|tomorrow|yesterday"
                rf"|{_ANY_WEEKDAY}|{_MONTH_NAMES}|\d|the\b|this\b|next\b|last\b))",
                "eod",
                "cob",
                "end",
                "close",
            ),
            lambda m, n: _days(n) if not _MEANING.search(m.string) else _no_time("a notation asked about"),
        ),
        (
            # "w/e 3/5", "w/c 8/3", "week ending 3/12": the reading whose weekday fits the week's edge
            gated(
                r"\b(?:the )?(?P<k>week (?:ending|ended|commencing|beginning|starting|beg\.?)|w/e|w\.e\.|w/c|w\.c\.|wc|w/b)"
                rf"\s+(?:on\s+)?(?:(?:{_ANY_WEEKDAY})\.?,?\s+)?(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)"
                r"(?:/(?P<y>(?:19|20)?\d{2}))?(?![\d/])",
                "/",
            ),
            lambda m, n: _week_by_numbers(n, m),
        ),
        (
            # "week of March 8", "the week of Mar 8": the calendar week holding that day
            gated(
                rf"\b(?:during |in )?(?:the )?week of (?P<date>(?:{_MONTH_NAMES})\.? \d{{1,2}}(?:st|nd|rd|th)?\b"
                r"(?:,? (?:19|20)\d{2})?)",
                "week of",
            ),
            lambda m, n: _week_around(_parsed(m["date"], n)[0]),
        ),
        (
            # "Friday 5 March", "Fri, March 5th, 2027": the date (the weekday is not checked)
            gated(
                rf"\b(?=[motwfs])(?:on )?(?:{_ANY_WEEKDAY})\.?,? (?P<date>(?:the )?\d{{1,2}}(?:st|nd|rd|th)?(?: of)? "
                rf"(?:{_MONTH_NAMES})\b\.?(?:,? (?:19|20)\d{{2}})?|(?:{_MONTH_NAMES})\.? \d{{1,2}}(?:st|nd|rd|th)?\b"
                r"(?:,? (?:19|20)\d{2})?)",
                "@month",
            ),
            lambda m, n: _parsed(m["date"], n),
        ),
        (
            # "the next 5 business days", "the coming 3 working days": today (when a working day) and after
            gated(
                rf"\b(?:the )?(?:next|coming|upcoming|following) (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days\b",
                "next",
                "coming",
            ),
            lambda m, n: _working_days_ahead(n, en_number(m["n"])),
        ),
        (
            # "invoice dated 23.5.", "the claim from 4.11.": a dotted date, day first
            gated(
                r"\b(?:dated|from|since|until|till|am|vom) (?P<dd>[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.(?![\d.])",
                "@digitword",
            ),
            lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
        ),
        (
            # "04.03.27": day, month and a year of two digits
            gated(
                r"(?<![\d.])(?P<dd>0[1-9]|[12]\d|3[01])\.(?P<mo>0[1-9]|1[0-2])\.(?P<y>\d{2})(?![\d.])",
                "@digitword",
            ),
            lambda m, n: _days(datetime(2000 + int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            # "weeks 10-12", "wks 31 to 33", "KW 31 bis KW 33", "CW14/15": those ISO weeks (the first of them the
            # latest begun; a week number under 5 needs W)
            gated(
                r"\b(?:iso |calendar )?(?:weeks|week|kw|cw|w) ?(?P<a>[5-9]|[1-4]\d|5[0-3]) ?(?:-|–|/|to|through|thru|till|until|and|&|bis) ?"
                r"(?:weeks? ?|kw ?|cw ?|w)?(?P<b>[1-4]\d|5[0-3]|[6-9])\b(?!/)(?:,? (?:of )?(?P<y>(?:19|20)\d{2}))?",
                "weeks",
                "@isoweek",
            ),
            lambda m, n: _iso_weeks(n, int(m["a"]), int(m["b"]), int(m["y"]) if m["y"] else None, m.string),
        ),
        (
            # "Q1-Q3", "Q2 to Q4 2026", "Q1 and Q2": those quarters of one year
            gated(
                r"\bq(?P<a>[1-4]) ?(?:-|–|to|through|thru|and|&) ?q(?P<b>[1-4])\b(?:,? (?P<y>(?:19|20)\d{2}))?",
                "q1",
                "q2",
                "q3",
            ),
            lambda m, n: _quarters(n, int(m["a"]), int(m["b"]), int(m["y"]) if m["y"] else None),
        ),
        (
            # "same week last year", "the same quarter a year ago", "this quarter last year"
            gated(
                r"\b(?:the )?(?:same|this) (?P<u>day|date|week|month|quarter) (?:of |as )?(?:last year|a year ago|ly)\b",
                "same",
                "quarter",
            ),
            lambda m, n: _year_back(n, m["u"].lower()),
        ),
        (
            # "P9 close", "P2 numbers", "period 09": that month, the latest begun ("P1" alone is a priority: "the
            # P1 report")
            gated(
                r"\b(?:(?:fiscal )?(?:fp|period) ?0?|p0?)(?P<p>1[0-2]|[1-9])\b(?= (?:close|closing|accruals|actuals|books|p&l|pack"
                r"|forecast|reporting|numbers|results)\b)"
                r"|\b(?:fiscal )?(?:fp|period) ?0?(?P<p3>1[0-2]|[1-9])\b(?= (?:results|numbers|report|end)\b)"
                r"|\bperiod 0(?P<p2>[1-9])\b"
                # "what did we book to P7": an entry booked, posted or accrued to a period
                r"|\b(?:book(?:ed)?|post(?:ed)?|accrue[ds]?|charged?|roll(?:ed)?|move[ds]?) (?:it |them |that )?(?:to|into|in) "
                r"p0?(?P<p4>1[0-2]|[1-9])\b",
                "@digitword",
                "period",
            ),
            lambda m, n: _past_month(n, int(m["p"] or m["p2"] or m["p3"] or m["p4"])),
        ),
        (
            # "by 3/31", "due 4/15", "the 4/1 release", "as at 12/31": a date in digits with no year (month first
            # unless the first number is over 12 or the place writes the day first)
            gated(
                # after "by" or "completed" not a proper fraction ("reduced by 3/4", "completed 2/3")
                r"\b(?:(?:by|completed|delivered|paid)(?! (?:1/[2-8]|2/[3-8]|3/[4-8]|4/[5-8]|5/[6-8]|6/[78]|7/8)(?![\d/]))"
                r"|due|before|after|until|till|thru|through|since|as at|as of|effective|eff\.?|starting|ending"
                r"|starts|started|begins|began|ends|ended|no later than|nlt|(?<!to )date:?"
                r"|(?:moved|pushed|rescheduled|postponed|shifted|bumped|brought forward|booked|scheduled|slipped)"
                r"(?: back| out)? (?:to|for|until|till)"
                # a record's verb before its date: "raised 3/2", "signed 2/20", "sent 3/3"
                r"|(?:raised|submitted|issued|signed|sent|opened|closed|approved|rejected|filed|posted|invoiced"
                r"|shipped|dispatched|received|logged|created|resolved|escalated|booked|ordered"
                r"|returned|cancell?ed|renewed|expired|published|released|deployed|merged|reported|agreed|dated)"
                r"|the(?= \d{1,2}/\d{1,2} (?:deadline|cut-?off|release|launch|go-?live|meeting|call|deploy(?:ment)?|close"
                r"|payroll|invoice|report|review|sync|stand-?up|board|delivery|shipment|order|audit|update|email|memo"
                r"|event|sale|promo|kick-?off|cutover|migration|outage|incident|maintenance|freeze|demo|workshop|offsite"
                r"|town-?hall|all-hands|submission|filing|payment|payout|run|batch|snapshot|build|pick|count|inspection"
                r"|visit|shift|rota|roster|pick-?up|collection|dispatch|install(?:ation)?|appointment|session|training"
                r"|interview|walk-?through|handover|hearing|flight|departure|arrival)\b))"
                rf" (?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/]){_NOT_A_FRACTION}",
                "/",
            ),
            lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
        ),
        (
            # "early Q3", "late Q2": the quarter's first / last month (as "the start / end of Q3")
            gated(r"\b(?P<p>early|late)[- ]q(?P<q>[1-4])\b(?:,? (?P<y>(?:19|20)\d{2}))?", "@digitword"),
            lambda m, n: _quarter_month(
                _latest_quarter(n, int(m["q"]), int(m["y"]) if m["y"] else None), m["p"].lower()
            ),
        ),
        (
            # "the last day of the quarter", "the first business day of Q3": this quarter's (or that one's)
            gated(
                r"\bthe (?P<e>first|last|final) (?P<u>day|business day|working day|trading day) of (?:the |this )?"
                r"(?:(?P<w>last|previous|prior|next) )?(?:quarter|q(?P<q>[1-4]))\b",
                "quarter",
                "@digitword",
            ),
            lambda m, n: _quarter_day(n, m),
        ),
        (
            # "BFCM": Black Friday to Cyber Monday; "Cyber Five": Thanksgiving to Cyber Monday
            gated(r"\bbfcm\b(?: weekend)?|\bcyber (?:5|five)\b", "bfcm", "cyber"),
            lambda m, n: (
                _holiday("black friday", None, n)[0] - d(days=0 if "bfcm" in m.group(0).lower() else 1),
                _holiday("black friday", None, n)[0] + d(days=4),
            ),
        ),
        (
            # "rolling 30 days", "rolling 12 months", "LTM", "T12M": the last N days / weeks / months to today
            gated(
                r"\b(?:on )?(?:a )?rolling (?P<n>\d{1,3}) (?P<u>days?|weeks?|months?)\b|\b(?P<l>ltm|t12m)\b",
                "rolling",
                "ltm",
                "@digitword",
            ),
            lambda m, n: _last_units(n, int(m["n"]) if m["n"] else 12, (m["u"] or "m")[0].lower()),
        ),
        (
            # "the last business day of last week", "the first working day of next week": its Friday / Monday
            gated(
                r"\bthe (?P<e>first|last|final) (?:business|working|biz|trading) day of (?P<w>last|this|next) week\b",
                "week",
            ),
            lambda m, n: _days(
                _week_of(n)
                + d(weeks=_QUARTER_OFFSETS[m["w"].lower()], days=0 if m["e"].lower() == "first" else 4)
            ),
        ),
        (
            # "the first three quarters (of 2026)", "the first 2 quarters of this year": Q1 to that quarter
            gated(
                r"\b(?:in |during |over )?the (?:first|1st) (?P<k>two|three|2|3) quarters"
                r"(?: of (?:(?P<y>(?:19|20)\d{2})|(?P<yr>last|this|next) year))?\b",
                "quarter",
            ),
            lambda m, n: _first_quarters(
                n,
                en_number(m["k"]),
                int(m["y"]) if m["y"] else (n.year + _QUARTER_OFFSETS[m["yr"].lower()] if m["yr"] else None),
            ),
        ),
        (
            # "the prior business day": as "the previous business day"
            gated(r"\b(?:the )?prior (?:business|working|biz) day\b", "prior"),
            lambda m, n: _last_business_day(n),
        ),
        (
            # "the last working day before Christmas", "the first business day after Easter Monday"
            gated(
                rf"\bthe (?P<e>last|final|first) (?:working|business|biz) day (?P<r>before|after) (?:the )?(?P<h>{en_holidays})\b",
                "before",
                "after",
            ),
            lambda m, n: _working_day_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n), m["r"].lower() == "after"
            ),
        ),
        (
            # "the Monday after Easter", "the Friday before Christmas", "the Tuesday after Labor Day": the first such
            # weekday after the holiday's days, or the last before them (the holiday as said alone)
            gated(
                rf"\bthe (?P<w>{_ANY_WEEKDAY})\.? (?P<r>before|after) (?:the )?(?P<h>{en_holidays})\b",
                "before",
                "after",
            ),
            lambda m, n: _weekday_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n),
                _weekday(m["w"]),
                m["r"].lower() == "after",
            ),
        ),
        (
            # "the weekend of the 20th", "the weekend of Nov 20", "the weekend of 11/20": Saturday and Sunday of that
            # day's calendar week (the day as said alone)
            gated(
                rf"\b(?:(?:over|during|on|at) )?(?:the )?weekend of (?:the )?(?:(?P<mo>{_MONTH_NAMES}) (?P<d1>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
                rf"|(?P<d2>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)(?: of (?P<mo2>{_MONTH_NAMES}))?"
                r"|(?P<m3>1[0-2]|0?[1-9])/(?P<d3>[12]\d|3[01]|0?[1-9]))\b(?![/\d])",
                "weekend of",
            ),
            lambda m, n: _days(
                _week_of(
                    _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["d1"] or m["d2"]))
                    if m["mo"] or m["mo2"]
                    else _month_day(n, int(m["m3"]), int(m["d3"]))[0]
                    if m["m3"]
                    else _latest_day_of_month(n, int(m["d2"]))[0]
                )
                + d(days=5),
                2,
            ),
        ),
        (
            # "two weeks from Friday", "3 weeks on Monday", "two weeks from tomorrow": as "a week from Friday",
            # that many weeks on
            gated(
                rf"\b(?P<n>{_EN_NUM}) (?:weeks|wks) (?:on|from) (?P<w>{_WEEKDAY_NAMES}|tomorrow)\b",
                "weeks",
                "wks",
            ),
            lambda m, n: _days(
                (n + d(days=1) if m["w"].lower() == "tomorrow" else _coming_weekday(n, _weekday(m["w"]))[0])
                + d(weeks=en_number(m["n"]))
            ),
        ),
        (
            # "the quarter ending June", "the half year to June", "the year to March": the months to that one
            gated(
                rf"\bthe (?P<u>quarter|qtr|half[- ]year|half|year|twelve months) (?:ending|ended|to) (?:the )?(?:end of )?"
                rf"(?P<mo>{_MONTH_NAMES})\b(?!\s+\d{{1,2}}\b)",
                "ending",
                "end",
                "year",
            ),
            lambda m, n: _months_to(
                n,
                {"q": 3, "h": 6}.get(m["u"].lower()[0], 12),
                _EN_MONTHS[m["mo"].lower()],
            ),
        ),
        (
            # "last year's Q1 close", "the Q3 close last year", "the 2026 Q1 close": that quarter's last month
            gated(
                r"\b(?:(?P<yr>last year'?s?|this year'?s?|(?:19|20)\d{2}'?s?) )?(?:the )?q(?P<q>[1-4]) close\b"
                r"(?: (?P<yr2>last year|this year|(?:19|20)\d{2}))?",
                "close",
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(
                    n,
                    int(m["q"]),
                    _year_word((m["yr"] or m["yr2"] or "").replace("'", "").removesuffix("s"), n),
                ),
                "late",
            ),
        ),
        (
            # "the last quarter-end": the last month of last quarter; "a year ago this month / quarter"
            gated(r"\bthe (?:last|previous|prior) quarter[- ]end\b", "quarter"),
            lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
        ),
        (
            gated(r"\ba year ago this (?P<u>month|quarter)\b", "ago"),
            lambda m, n: _year_back(n, m["u"].lower()),
        ),
        (
            # "the 2026 budget", "2027 results", "budget 2027", "the plan for 2026": that calendar year
            gated(
                rf"\b(?:(?:the|our|my|their) )?(?P<y>(?:19|20)\d{{2}})(?= (?:{_OFFICE_NOUNS})\b)"
                r"|\b(?:budget|plan|kick-?off|sko|conference|summit|offsite|roadmap|forecast|targets?|results|review|goals"
                r"|okrs|strategy|agm) (?P<y2>(?:19|20)\d{2})\b(?![/.-]\d)"
                r"|\b(?:for|of|during|throughout|across) (?P<y3>(?:19|20)\d{2})\b(?![/.-]\d| ?(?:units|people|items|pcs|hours))",
                "19",
                "20",
            ),
            lambda m, n: _whole_year(int(m["y"] or m["y2"] or m["y3"])),
        ),
        (
            # "the March steerco", "the June QBR", "the May release": that month, the latest begun (March, April,
            # May, June and August said alone name no month)
            gated(
                r"\bthe (?P<mo>march|april|may|june|august)(?= (?:board|steerco|steering|all-hands|town ?hall|qbr|mbr"
                r"|offsite|review|close|numbers|report|figures|invoice|payroll|release|sprint|retro|planning|forecast"
                r"|budget|results|sales|promo|campaign|newsletter|update|meeting|kick-?off|audit|rota|roster|schedule"
                r"|deadline|cohort|intake|exams?|bill|statement|run|cycle|launch|drop|bookings|pipeline|accruals|p&l"
                r"|pack|deck|ops review|business review|payment|invoices|stocktake|count|inventory)\b)",
                "march",
                "april",
                "may",
                "june",
                "august",
            ),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            # "week 3 of this semester", "the 2nd week of last semester": seven days counted from its start
            gated(
                r"\b(?:(?:the )?(?P<o>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) week|week (?P<k>\d{1,2})) "
                r"(?:of|in) (?P<w>this|last) (?:semester|sem)\b",
                "semester",
            ),
            lambda m, n: _days(
                _semester(n, 1 if m["w"].lower().startswith("l") else 0)[0]
                + d(weeks=(int(m["k"]) if m["k"] else _ORDINAL_WEEKS[m["o"].lower()]) - 1),
                7,
            ),
        ),
        (
            # "the same period last month / week": its start to today's counterpart
            gated(r"\b(?:the )?same period (?:last|previous|prior) (?P<u>month|week)\b", "same"),
            lambda m, n: _to_date_back(n, m["u"].lower()),
        ),
        (
            # "AY 26/27", "SY 2026-27", "AY2026/27": the academic year, 1 September to 31 August
            gated(
                r"\b(?:ay|sy) ?(?:20)?(?P<y>\d{2})[/-](?:20)?(?P<y2>\d{2})\b", "ay 2", "ay2", "sy 2", "sy2"
            ),
            lambda m, n: (
                (datetime(2000 + int(m["y"]), 9, 1), datetime(2001 + int(m["y"]), 9, 1))
                if int(m["y2"]) == int(m["y"]) + 1
                else _no_time("not two years in a row")
            ),
        ),
        (
            # "the 2nd-to-last Friday of the month": that weekday a week before the last one
            gated(
                rf"\bthe (?P<k>2nd|second|3rd|third)[- ]to[- ]last (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {en_month}\b",
                "last",
            ),
            lambda m, n: _days(
                _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), "last")[0]
                - d(weeks=1 if m["k"].lower() in ("2nd", "second") else 2)
            ),
        ),
        (
            # "the start / end / middle of the quarter", "mid-quarter": this quarter's first / last / middle month
            # (the last and middle ones when begun, else last quarter's)
            gated(
                r"\b(?:at |by |around |towards? )?(?:the )?(?:(?P<p>start|beginning|end|close|middle) of (?:the |this )?"
                r"(?:fiscal )?quarter|(?P<mid>mid-? ?quarter))\b",
                "quarter",
            ),
            lambda m, n: _quarter_part_begun(
                n, "mid" if m["mid"] or m["p"].lower() == "middle" else _QUARTER_PARTS[m["p"].lower()]
            ),
        ),
        (
            # "the first fiscal quarter of 2027", "the second fiscal quarter": as the calendar quarter
            gated(
                r"\b(?:the )?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) fiscal quarter"
                r"(?: of (?:(?P<y>(?:19|20)\d{2})|(?P<yr>last|this|next) year))?\b",
                "fiscal",
            ),
            lambda m, n: _latest_quarter(
                n,
                _QUARTER_NUMBERS[m["q"].lower()],
                int(m["y"]) if m["y"] else (n.year + _QUARTER_OFFSETS[m["yr"].lower()] if m["yr"] else None),
            ),
        ),
        (
            # "the last two quarters", "the past 3 quarters": the last 6 / 9 months to today (as "the last 6 months")
            gated(
                rf"\b(?:over |in |during )?the (?:last|past|previous|prior|preceding) (?P<k>{_EN_NUM}) quarters\b",
                "quarter",
            ),
            lambda m, n: _last_units(n, 3 * en_number(m["k"]), "m"),
        ),
        (
            # "this half", "next half": the half-year
            gated(r"\b(?P<w>this|next|current) half(?: year)?\b(?! of\b)", "half"),
            lambda m, n: (
                _year_part(n.year, "first half" if n.month <= 6 else "second half")
                if m["w"].lower() != "next"
                else (
                    _year_part(n.year, "second half")
                    if n.month <= 6
                    else _year_part(n.year + 1, "first half")
                )
            ),
        ),
        (
            # "BD3", "WD5" (a close calendar's business / working day 3): that Monday-to-Friday of this month
            gated(r"\b(?:bd|wd) ?(?P<k>[1-9]|1\d|2[0-3])\b(?![.%/])", "@digitword"),
            lambda m, n: _nth_working_day(_month(n.year, n.month), int(m["k"])),
        ),
        (
            # "2026W14", "2026-W14": that ISO week
            gated(
                r"(?<!\d)(?P<y>(?:19|20)\d{2})-?w(?P<w>[0-5]?\d)\b",
                "@digitword",
            ),
            lambda m, n: _iso_week(n, int(m["w"]), int(m["y"]), m.string),
        ),
        (
            # "D-2 snapshot", "D-2的库存快照", "D+1": calendar days from today (T-2 counts working days); not a
            # vitamin ("vitamin D-3")
            gated(
                r"(?<![A-Za-z0-9])(?<!vitamin )d ?(?P<s>[-+]) ?(?P<n>\d{1,3})(?![\d.%])",
                "d-",
                "d+",
            ),
            lambda m, n: _days(n + d(days=int(m["n"]) * (1 if m["s"] == "+" else -1))),
        ),
        (
            # "L7D" beside Chinese ("帮我拉一下L7D的GMV"), "L4W", "L3M", "last 7d", "past 30d"
            gated(
                r"(?<![A-Za-z0-9])l(?P<n>\d{1,3})(?P<u>[dwm])(?![A-Za-z0-9])"
                r"|\b(?:the )?(?:last|past|prior|trailing|previous) (?P<n2>\d{1,3}) ?(?P<u2>d)\b",
                "@digitword",
            ),
            lambda m, n: _last_units(n, int(m["n"] or m["n2"]), (m["u"] or m["u2"]).lower()),
        ),
        (
            # "the 618 sale", "during 618": 18 June; "Double 11", "Double Eleven", "12.12": 11 / 12 November
            gated(
                r"\b(?:the )?618(?= (?:sale|sales|promo|promotion|campaign|festival|shopping festival|event|deals?|orders"
                r"|gmv|day|period|week)\b)|\b(?:during|since|after|before|for) 618\b"
                r"|\bdouble (?P<d>11|eleven|12|twelve)\b(?! (?:x|times)\b)",
                "618",
                "double",
            ),
            lambda m, n: _holiday(
                "618"
                if not m["d"]
                else ("singles' day" if m["d"].lower() in ("11", "eleven") else "double twelve"),
                None,
                n,
            ),
        ),
        (
            # "the first week after Golden Week", "the first week back after CNY": the calendar week holding
            # the first working day after the holiday's days
            gated(
                rf"\bthe first (?:full )?week (?:back )?after (?:the )?(?P<h>{en_holidays})\b",
                "after",
            ),
            lambda m, n: _week_around(
                _days_from_holiday(
                    _holiday(holidays.EN_NAMES[m["h"].lower()], None, n), None, "后第一个工作日"
                )[0]
            ),
        ),
    ]
    en += [
        (
            # the twenty-sixth round, second wave: "photos from 2026" (that year; not "from 2026 to 2028",
            # "from 2000 customers")
            gated(
                r"\bfrom (?P<y>(?:19|20)\d{2})\b(?![\d,.]\d|\s*(?:to|till|until|through|thru|and|-|–|onwards?|on|up"
                r"|\+|%|people|users|customers|staff|items|dollars|bucks|rm|sgd|hkd|usd|ringgit|words|steps|km)\b)",
                "from",
            ),
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (
            # "summer 2024 photos", "the winter of 2025", "2021 summer": that season of that year ("fall" only
            # after "the": "prices fall 2024" is no season)
            gated(
                r"(?:\b(?:(?:the )?(?P<s>spring|summer|autumn|winter)|the (?P<f>fall)),? (?:of )?"
                r"(?P<y>(?:19|20)\d{2})\b|\b(?P<y2>(?:19|20)\d{2}) (?P<s2>spring|summer|autumn|fall|winter)\b)"
                r"(?! (?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)",
                *("spring", "summer", "fall", "autumn", "winter"),
            ),
            lambda m, n: _season_of(
                int(m["y"] or m["y2"]), (m["s"] or m["f"] or m["s2"]).lower().replace("fall", "autumn")
            ),
        ),
        (
            # "during 618 this year": that year's 18 June
            gated(r"\bduring 618 (?P<yr>this year|last year)\b", "618"),
            lambda m, n: _holiday("618", m["yr"], n),
        ),
    ]
    # "lst week", "lst month": the one misspelling of "last" that chat keeps.
    last = re.compile(r"(?:(?<=\\b)|(?<![A-Za-z]))last(?![a-z])")
    either: list[tuple[str, Build]] = [
        (
            r"(?<!\d)(?P<y>(?:19|20)\d{2})(?P<sep>[-/.])(?P<mo>\d{1,2})(?P=sep)(?P<dd>\d{1,2})(?!\d)",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            rf"(?<![0-9A-Za-z/.])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<y>(?:19|20)\d{{2}}|\d{{2}})(?![\d/]){_NOT_A_FRACTION}",
            lambda m, n: _numeric_date(int(m["a"]), int(m["b"]), int(m["y"]), m.string),
        ),
    ]
    return (
        [(re.compile(p), f, gates.get(p, ()), "zh") for p, f in zh]
        + [(re.compile(last.sub("l(?:a)?st", p), re.IGNORECASE), f, gates.get(p, ()), "en") for p, f in en]
        + [(re.compile(p), f, (), "") for p, f in either]
    )


_RULES = _rules()
_BY_SCRIPT = {
    script: [
        (order, pattern, build, frozenset(gate))
        for order, (pattern, build, gate, rule_script) in enumerate(_RULES)
        if rule_script == script
    ]
    for script in ("zh", "en", "")
}
"""The rules of each script, with their place in `_RULES` (which breaks ties) and their gate as a set."""
_GATE_WORDS = frozenset(word for _, _, gate, _ in _RULES for word in gate)
_GATE_BY_PAIR: dict[str, tuple[str, ...]] = {}
for _word in sorted(_GATE_WORDS):
    _GATE_BY_PAIR[_word[:2]] = (*_GATE_BY_PAIR.get(_word[:2], ()), _word)
"""The gate words by their first two characters (one character for a word of one): a query is tested
only for the words whose first two characters it holds side by side."""


_HABIT = re.compile(
    r"一般|通常|平时|平常|经常|往往|总是|习惯|每(?:个|逢|到)?(?:周|星期|礼拜|月|天|年|季度|季)|每逢|(?:以后|今后|往后).{0,8}都|开门|营业(?!额|执照|收入|部)|关门|看不看|开不开|开唔开|有开吗|有没有开|业务吗|办不办|有冇人值班|有冇开|上不上班|上班吗|办公吗|上班不|门诊|看诊|有冇医生|睇症|接不接|有人值班|值不值班|"
    # the twenty-sixth round: 常常, 老是; Nigerian Pidgin "bank dey open"; "the bank is open on second saturday or not"
    r"常常|时常|老是|向来|常(?:去|在|做|干|吃|玩|跑|来)|\bdey (?:open|close|work|run)\b|"
    r"\bregularly\b|\bfrequently\b|\bmost of the time\b|\bas a rule\b|"
    r"跑不跑|运营吗|运营不|歇业|休息吗|几点下班|几点上班|有号吗|有大夫|有医生吗|看病不|看病吗|看不看病|坐诊|出诊|放号|"
    # the twenty-sixth round, second wave: Shanghainese 休息伐, 开伐 (a shop's day off, asked)
    r"(?:休息|开门|开|关门|营业)(?:伐|哇|不(?![了成好到])|没)(?!有)|休不休息|"
    r"^(?!.*\b(?:did|was|were|had)\b).*(?:\bopen (?:on |in )?(?:the )?(?:\w+ ){1,2}\w+ or not\b|\b(?:bank|shop|store|office|clinic|branch|gym|pharmacy|chemist|market|mall|"
    r"supermarket|library|museum|restaurant|salon|embassy|consulate|hospital|counter|cent(?:er|re)|school|pool|"
    r"dmv|kedai|pasar|polyclinic|dispensary|cafe|canteen|bakery|registry|mairie|questura|rathaus)"
    r"s? (?:is |are |dey |will be )?(?:open|opens|opening|closed|close|closes|closing|works|working"
    r"|operates?|operating|functions?|functioning)\b"
    r"|\b(?:metro|bus|train|ferry|tram)(?:e?s)? (?:is |are |dey )?(?:runs?|running|operates?|operating)\b|\btimings?\b)|"
    r"\busually\b|\bnormally\b|\ban? (?:normal|typical|usual|average)\b|\b(?:is|are) (?:the )?[a-z]+(?: [a-z]+)? open\b|\bopen (?:on )?\w+ or not\b|"
    # "on" may be left out before the day ("what time the bank close friday", "is the gym closing saturday")
    r"\b(?:is|are) (?:the )?[a-z]+(?: [a-z]+)? (?:closing|opening)(?: on\b| (?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b))|"
    r"\b(?:is|are) (?:open|closed) (?:in|on) (?:a )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
    rf"\bon an? (?:{_WEEKDAY_NAMES})\b|"
    r"\btypically\b|\bgenerally\b|\boften\b|\balways\b|\bevery\b|\beach (?:week|month|day|morning|evening|night|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bfrom now on\b|"
    r"\bon (?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|"
    rf"\b(?:{_WEEKDAY_NAMES}) (?:mornings|afternoons|evenings|nights)\b|"
    # whether a shop or an office serves on a weekday ("他们周末送货吗", "银行礼拜六办业务不", "what time
    # the bank close on friday", "does the clinic see patients at the weekend"): a standing question
    r"(?:送货|外送|配送|派送|送|上门|办业务|办理业务)(?:吗|嘛|么|不)|可以(?:外送|送货|配送|上门)|"
    # "do you deliver on saturday?", "does the pharmacy open on Sunday": the same standing question in English
    r"\b(?:do|does) (?:the )?[a-z]+(?: guys)? (?:deliver|ship|open|close|operate|take orders)\b|"
    r"\bwhat time (?!did\b|was\b|were\b)(?:[a-z]+ ){0,4}(?:close|closes|closing|open|opens|opening|shuts?)"
    r"(?: on\b| for\b| (?=(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|weekends?\b))|"
    r"^(?!.*\b(?:did|was|were)\b).*\b(?:see|sees) (?:patients|walk-ins)\b|"
    # the twenty-sixth round: a standing rule or policy for a day ("周末的排班规则是怎样的", "the weekend overtime policy")
    r"(?:周末|(?:周|星期|礼拜)[一二三四五六日天]|节假日)(?:的)?(?:排班|加班|值班|上班|考勤|调休|请假|休假|倒班|轮班|送货|配送|营业)?"
    r"(?:的)?(?:规则|规定|制度|政策)|"
    r"\b(?:policy|policies|rules?) (?:for|on|about) (?:the )?(?:weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b|"
    r"\b(?:weekend|saturday|sunday) (?:\w+ )?(?:policy|rules?)\b",
    re.IGNORECASE,
)
_HOLIDAY_NAMES = "|".join(
    sorted((re.escape(name) for name in (*holidays.ZH_NAMES, *holidays.EN_NAMES)), key=len, reverse=True)
)
_RECURRING = re.compile(
    rf"^(?:周末|(?:周|星期|礼拜)[一二三四五六日天]|(?:on )?(?:{_ANY_WEEKDAY})\.?(?: (?:morning|afternoon|evening|night))?"
    r"|(?:over|during|on|at|in) the weekend|月初|月底|月末|月中|月头|月尾|(?:十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月份?"
    rf"|(?:in |during )?(?:{_MONTH_NAMES})|{_HOLIDAY_NAMES}"
    r"|上旬|中旬|下旬|腊月|正月|季(?:度)?末|quarter[- ]end|month[- ]end|.*\bthe month|(?:on )?the \d{1,2}(?:st|nd|rd|th)|\d{1,2}号"
    r"|(?:on )?the (?:first|last) (?:business|working) day"
    # the twenty-sixth round: "the bank is open on second saturday or not", "we always close on the last friday"
    rf"|(?:on )?(?:the )?(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (?:{_ANY_WEEKDAY})"
    rf"|(?:on )?(?:the last|this past) (?:{_ANY_WEEKDAY}))$",
    re.IGNORECASE,
)
"""What a habit may name without naming a range: a weekday, a weekend, a part of "the" month."""
_ANY_QUARTER = re.compile(r"第?[一二三四1-4]季度|(?:in |during )?(?:the )?q[1-4]", re.IGNORECASE)
_USUALLY = re.compile(
    r"一般|通常|往往|一向|向来|历来|\b(?:usually|typically|normally|generally|traditionally|historically)\b",
    re.IGNORECASE,
)
"""A quarter of no year said with "usually" ("二季度一般是旺季吗", "is Q4 usually slow for claims"): what each
year's quarter is like, no range (the twenty-sixth round, second wave)."""

_TRANSLATE = re.compile(
    r"翻译|翻成|怎么说|怎么讲|咋说|咋讲|咋个说|咋个讲|点讲|点样讲|点译|点样译|用(?:英|中|日|法|德|韩|西班牙)[语文]|\btranslat|\bhow (?:do|would|can|should) (?:you|u|i|we) say\b|\bhow to say\b|\bwhat means\b|译做|译成|翻做|"
    r"什么意思|啥意思|啥子意思|咩意思|哪样意思|么子意思|一样意思|意思一样|\bwhat (?:does|do|did) .{0,60}\b(?:mean|stand for)\b|\bmeaning of\b|"
    r"\bin (?:english|chinese|mandarin|cantonese|french|spanish|german|japanese|korean|italian|portuguese|russian)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(
    r"“[^”]*”|‘[^’']*['’]|「[^」]*」|『[^』]*』|\"[^\"]*\"|(?<![A-Za-z])'(?:[^']|(?<=[A-Za-z])'(?=[A-Za-z]))*'(?![A-Za-z])"
)
_TO_TRANSLATE = re.compile(r"(?:翻译|translate)[^:：]{0,12}[:：].*", re.IGNORECASE | re.DOTALL)
_TO_SAY = re.compile(
    r"(?P<ask>\btranslate |\bhow (?:do|would|can|should) (?:you|u|i|we) say |\bhow to say )"
    r".{1,80}?(?=\s+(?:into|to|in)\s+[a-z]+\b)"
    r"|(?P<ask2>\bwhat (?:does|do|did) ).{1,60}?(?=\s+(?:mean|stand for)\b)"
    r"|^[^，。？！?!]{1,30}?(?=\s*(?:用|的)?(?:英|中|日|法|德|韩|西班牙|马来)[语文]?(?:怎么|咋)(?:说|讲|写))"
    r"|(?<=把)[^，。？！?!]{1,30}?(?=\s*(?:翻译|翻|译)成)"
    # what someone wrote, before "what does that mean" ("my coworker wrote 明天见 what does that mean",
    # "他发了个 see u tmr 是什么意思")
    r"|(?:(?<=\bwrote )|(?<=\bwrites )|(?<=\bsaid )|(?<=\bsays )|(?<=\btexted )|(?<=\bsent )|(?<=\btyped )"
    r"|(?<=\breplied )|(?<=\bposted ))[^?.!]{1,40}?(?=\s*[,，]?\s*(?:so )?(?:what does|what do|what's|whats|wat does)"
    r" (?:that|this|it) mean\b)"
    r"|(?:(?<=写)|(?<=说)|(?<=发)|(?<=回))(?:了|着|的)?(?:个|句)?[^，。？！?!]{1,30}?(?=\s*是?(?:什么|啥|咩|乜)意思)",
    re.IGNORECASE,
)
"""The words to translate when no quotation marks show them ("translate see you tomorrow into Spanish",
"上个月 用英文怎么讲"): set aside like a quotation."""
"""A time word inside a text to translate ("translate 'see you tomorrow'", "把“明天见”翻译成英文",
"翻译一下：明天见") names no range: the quoted text, or what follows the colon, is set aside."""


_LATIN = re.compile(r"[A-Za-z]")
_DATED = re.compile(
    rf"(?:\b(?:{_MONTH_NAMES})\b|月|\d[/.-]\d).*(?:19|20)\d\d|(?:19|20)\d\d.*(?:\b(?:{_MONTH_NAMES})\b|月|\d[/.-]\d)"
    r"|^(?:in|during) (?:19|20)\d\d$"
    # the second wave: a holiday or a season with its year ("2026年国庆", "Diwali 2025", "2025's Eid")
    r"|(?:19|20)\d\d年的?[\u4e00-\u9fff]{2}|\b[a-z]{3,}\s+(?:19|20)\d\d\b|\b(?:19|20)\d\d(?:'s)?\s+[a-z]{3,}",
    re.IGNORECASE,
)
"""An expression that names a month or a day with its year ("23 January, 2022", "May 2022", "2023年5月",
"in 2024"): when a query also holds a relative one ("recently", "last Friday"), this one is what the
question is anchored to — it says when the thing was said."""
_CLASSES = (
    ("@month", re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")),
    ("@weekday", re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)")),
    ("@ordinal", re.compile(r"\d(?:st|nd|rd|th)\b")),
    ("@isoweek", re.compile(r"\b(?:cw|kw|ww|w|wk|week) ?\d")),
    (
        "@digitword",
        re.compile(r"[a-z.]\d|\d(?!(?:st|nd|rd|th|am|pm|s|h|hrs?|k|m|x|pcs?|kg|g|ml|l|mins?)\b)[a-z.]"),
    ),
)
"""Classes of words a gate may name: a month or a weekday (full or abbreviated), a day's ordinal."""
_LONG_NUMBER = re.compile(r"[0-9零〇一二两三四五六七八九十百]{7,}")


def _prepared(query: str) -> str:
    """The query as the rules read it: words normalised (time/words), long numbers as one mark,
    shorthand spelt out, a text to translate set aside."""
    # Shorthand and a typed apostrophe are spelt out before the words are normalised, whose rewrites read
    # whole words ("the last yr in November", "last month’s final Friday"), and once more after when
    # normalising changed the text or parted Latin from Chinese ("wk那天" is a word only once spaced).
    spelt = _spelt_out(query.replace("’", "'"))
    normalised = normalise(spelt)
    # A run of more than six digits counts nothing a time phrase counts, and the rules' number
    # patterns would retry it from every position (quadratic in its length): one mark stands for it.
    query = _LONG_NUMBER.sub("#", normalised)
    if ".com" in query or ".io" in query:
        query = _DOMAIN.sub("#", query)
    if "-" in query:
        query = _NAME_TWICE.sub("#", query)
    query = _NEAREST.sub(r"\1最靠近", _MIXED.sub(" ", query))
    if normalised != spelt or not query.isascii():
        query = _spelt_out(query)
    if (query.count("'") + query.count('"') > 1 or not query.isascii()) and _QUOTED_COMPARED.search(query):
        query = _QUOTED.sub(" ", query)  # "“下礼拜”和“下个星期”一样吗": words compared, no time asked
    elif _QUOTED.search(query) and _QUOTED_TITLE.search(_QUOTED.sub(" ", query)):
        query = _QUOTED.sub(" ", query)  # a quoted title or sentence to correct (the second wave)
    if _TRANSLATE.search(query):
        query = _TO_SAY.sub(
            lambda m: (m["ask"] or m["ask2"] or "") + " ", _TO_TRANSLATE.sub(" ", _QUOTED.sub(" ", query))
        )
    return query


def parse_range(query: str, now: datetime) -> TimeRange | None:
    """The first time expression in `query` (earliest in the text, then the longest), as a range;
    None if there is none, or if it is a weekday or weekend said of a habit."""
    if ("these days" in query or "on the " in query) and _STANDING.search(query):
        return None
    if _NO_RANGE_SECOND_WAVE.search(query):
        return None
    query = _prepared(query)
    best: tuple[int, int, int, re.Match[str], Build] | None = None
    dated: tuple[int, int, int, re.Match[str], Build] | None = None
    lowered = query.lower()
    # A gate may name a class of words ("@month"): the query's classes are found once, then read
    # as words of the gated text.
    lowered += "".join(f" {name}" for name, pattern in _CLASSES if pattern.search(lowered))
    # Each gate word is looked for once; a gated rule runs when one of its words is present.
    pairs = {lowered[at : at + 2] for at in range(len(lowered))}.union(lowered)
    present = {
        word
        for pair in pairs.intersection(_GATE_BY_PAIR)
        for word in _GATE_BY_PAIR[pair]
        if len(word) < 3 or word in lowered
    }
    # Chinese rules need a Chinese character, English ones a Latin letter: a query in one language
    # skips the other's rules.
    scripts = [
        script for script, skip in (("zh", query.isascii()), ("en", _LATIN.search(query) is None)) if not skip
    ]
    for script in (*scripts, ""):
        for order, pattern, build, gate in _BY_SCRIPT[script]:
            if gate and gate.isdisjoint(present):
                continue
            match = pattern.search(query)
            if match and (best is None or (match.start(), -len(match.group(0)), order) < best[:3]):
                best = (match.start(), -len(match.group(0)), order, match, build)
            if (
                match
                and _DATED.search(match.group(0))
                and (dated is None or (match.start(), -len(match.group(0)), order) < dated[:3])
            ):
                dated = (match.start(), -len(match.group(0)), order, match, build)
    if best is None:
        return None
    if dated is not None and not _DATED.search(best[3].group(0)):
        best = dated  # "what did he finish last Friday, as mentioned on 23 January, 2022": the date said
    *_, match, build = best
    if (
        _RECURRING.match(match.group(0).strip())
        and _HABIT.search(query)
        and not _TO_NOW.match(query, match.end())
    ):
        return None
    if _ANY_QUARTER.fullmatch(match.group(0).strip()) and _USUALLY.search(query):
        return None
    if _WHICH_YEAR.search(query) and _RECURRING.match(match.group(0).strip()):
        return None  # "在 Canada 过的那个 Chinese New Year 是哪年": the year is what is asked
    if _MEANT.search(query, match.end()) and (restated := _restated(query, match.end(), now)):
        return restated
    correction = _CORRECTION.match(query, match.end())
    if correction and (fixed := _corrected(match.group(0), query, correction.end(), now)):
        return fixed
    try:
        start, end = build(match, now)
    except (ValueError, KeyError, OverflowError) as error:  # "2月30日", a year before 1: not a date
        if str(error) == _SETTLEMENT:
            # "T+1到账的那笔退款今天到了吗": the rule of settlement names no day; another time word may
            return parse_range(query[: match.start()] + " " * len(match.group(0)) + query[match.end() :], now)
        return None
    expression = match.group(0)
    span = (
        _SPAN.match(query, match.end())
        or (_BETWEEN_AND.match(query, match.end()) if _BETWEEN.search(query, 0, match.start()) else None)
        or _NEXT_DAY.match(query, match.end())
    )
    second = (
        _expression_at(query, span.end(), now, start, _ZH_WEEKDAY_END.search(expression) is not None)
        if span
        else None
    )
    if second is not None and span and span.re is _NEXT_DAY and second[0] != end:
        second = None  # "周一周三周五" lists days; only the next day joins without a word ("礼拜六礼拜天")
    either = span is not None and span.re is _SPAN and _EITHER.fullmatch(span.group(0).strip()) is not None
    if second is None and span and either and (moved := _shifted(match.group(0), query[span.end() :], now)):
        # "last night or was it the night before", "last friday or the friday before": both
        start, end = min(start, moved.start), max(end, moved.end)
        expression = query[match.start() : span.end()] + moved.expression[len(match.group(0)) + 1 :]
    elif second is not None and span and either:
        # "前天还是大前天", "tues or wed": either day, whichever comes first in the text
        start, end = min(start, second[0]), max(end, second[1])
        expression = query[match.start() : second[2]]
    elif second is not None and second[1] > start:
        end = second[1]
        expression = query[match.start() : second[2]]
        while span and span.re is _NEXT_DAY and (span := _NEXT_DAY.match(query, second[2])):
            # "last week Mon Tue Wed", "上周一和周二和周三": each next day joins in turn
            third = _expression_at(
                query, span.end(), now, start, _ZH_WEEKDAY_END.search(expression) is not None
            )
            if third is None or third[0] != end:
                break
            second, end, expression = third, third[1], query[match.start() : third[2]]
        week = _WEEK_AFTER.match(query, second[2])
        if week and _BARE_WEEKDAY.fullmatch(match.group(0).strip()):
            # "from tuesday to thursday last week": both days of the week named after them
            shift = _week_of(now) + timedelta(weeks=_QUARTER_OFFSETS[week["w"].lower()]) - _week_of(start)
            start, end = start + shift, end + shift
            expression = query[match.start() : week.end()]
    elif weeks := _WEEKS_ENDING.search(query[: match.start()]):
        # "the fortnight ending Friday", "the 2 weeks commencing 1 March": those weeks to / from that day
        count = 2 if weeks["n"] is None else en_number(weeks["n"])
        start, end = (
            (_week_of(start), _week_of(start) + timedelta(weeks=count))
            if weeks["c"]
            else (end - timedelta(weeks=count), end)
        )
        expression = query[weeks.start() : match.end()]
    elif ending := _WEEK_ENDING.search(query[: match.start()]):
        # "the week ending 30 May", "w/e 3/5": the seven days to that day; "w/c 2 Feb": its calendar week
        start, end = (
            (_week_of(start), _week_of(start) + timedelta(days=7))
            if ending["c"]
            else (end - timedelta(days=7), end)
        )
        expression = query[ending.start() : match.end()]
    elif (
        start <= now
        and not _JOINED.search(expression)
        and (
            _SINCE_BEFORE.search(query[: match.start()])
            or _since_event(query[: match.start()], expression)
            or _SINCE_EVENT_ZH.match(query, match.end())
            or _SINCE_EVENT_ZH_ANY.match(query, match.end())
            or _ONWARDS.match(query, match.end())
            or expression.lower().startswith(("since", "after", "on or after"))
            or _SINCE_AFTER.match(query, match.end())
        )
    ):
        end = _day(now) + timedelta(days=1)  # "since last Thursday", "本月以来": up to today
    beside = _DAY_BESIDE.search(query, 0, match.start())
    if beside and expression == match.group(0) and end - start == timedelta(days=1):
        # "the day before the go-live on 12 May", "the day after the 3/3 board meeting": the day beside
        shift = timedelta(days=1 if beside["r"].lower() == "after" else -1)
        start, end = start + shift, end + shift
        expression = query[beside.start() : match.end()]
    return TimeRange(start, end, expression, vague=_VAGUE.fullmatch(expression.strip()) is not None)


_NO_RANGE_SECOND_WAVE = re.compile(
    # which days make the weekend ("in Johor the weekend is sat-sun or fri-sat now?", "周末是周五周六吗")
    r"\b(?:weekends? (?:here |there |now )?(?:is|are|was|were|falls? on|=)|(?:is|are) (?:the )?weekends?)"
    r"\s*(?:on\s+)?(?:the\s+)?(?:thu|fri|sat|sun)[a-z]*\s*(?:-|–|/|and|&|to|\+|or)\s*(?:fri|sat|sun)"
    r"|周末是(?:周|星期|礼拜)[四五六日天](?:和|跟|同|、|到|至)?(?:周|星期|礼拜)?[五六日天]"
    # an English or Malay word whose meaning is asked in Chinese ("semalam 是什么意思？")
    r"|^\s*[A-Za-z][A-Za-z' ]{0,30}?\s*(?:是|係|系)?(?:什么|啥|咩|乜)(?:嘢)?意思\s*[？?]?\s*$",
    re.IGNORECASE,
)
"""No range (the twenty-sixth round, second wave): a question about which days make the weekend; a word's
meaning asked."""
_WHICH_YEAR = re.compile(r"哪一?年|几几年|\b(?:which|what) year\b", re.IGNORECASE)
"""A question asking the year ("那个 Chinese New Year 是哪年来着"): a holiday, a month or a weekday said without
one names no range."""


_DAY_BESIDE = re.compile(
    r"\bthe day (?P<r>before|after)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:on\s+)?$", re.IGNORECASE
)
"""The day before or after an event named with its date, the event's words between ("the day after the
3/3/2027 board meeting", "the day before the launch on 12 May")."""
_CORRECTION = re.compile(
    r"(?:\s*[,，、.。]?\s*(?:\b(?:no wait|no sorry|no no|no|sorry|i mean|or rather|actually)\b|哦不对|啊不对|不对|不是|呃|哦不|啊不|说错了|应该是|我是说"
    r"|\bi meant\b|我的意思是|我意思是))+"
    r"\s*[,，、.。]?\s*(?:\b(?:it was|it's|it is|make that)\b\s*|是(?!不是))?",
    re.IGNORECASE,
)
"""A speaker correcting the time just said ("last tuesday no wait wednesday", "礼拜五 呃 礼拜四")."""
_RUN_ON_NUMBER = re.compile(r"[零〇一二两三四五六七八九十百0-9]{2}$")
_ZH_PIECES = re.compile(r"[零〇一二两三四五六七八九十百0-9]+|[^零〇一二两三四五六七八九十百0-9]+")


_MEANT = re.compile(r"\b(?:i mean|i meant|i should say)\b|我是说|我的意思是", re.IGNORECASE)
_MEANT_AFTER = re.compile(
    r"\s*[,，]?\s*(?:\b(?:i mean|i meant|i should say)\b|我是说|我的意思是)", re.IGNORECASE
)
_SHIFTED = re.compile(
    r"(?:the |that )?(?P<u>day|night|evening|morning|afternoon|week|month|year|(?:mon|tues|wednes|thurs|fri|satur"
    r"|sun)day) (?P<r>before|after)(?: that| it| then)?\b"
    r"(?!\s+(?:the|a|an|my|our|your|his|her|their|last|next|this|yesterday|today|tomorrow|\d+|[a-z]+day)\b)",
    re.IGNORECASE,
)
"""A correction that moves what was said by one ("last night no the night before", "tomorrow no sorry the
day after", "last month no the month before"): one day, week, month or year back or on."""


def _restated(query: str, position: int, now: datetime) -> TimeRange | None:
    """A time said again right after the first and marked as the one meant ("last month uh the middle of
    last month i mean"): that one. None when no time follows at once or no "i mean" comes after it."""
    rest = query[position:].lstrip(" ,，、")
    found = parse_range(rest, now)
    if found is None or not rest.lower().startswith(found.expression.lower()):
        return None
    return found if _MEANT_AFTER.match(rest, len(found.expression)) else None


def _shifted(said: str, fix: str, now: datetime) -> TimeRange | None:
    """What `_SHIFTED` makes of the expression `said`: its day, week, month or year one back or on."""
    shift = _SHIFTED.match(fix)
    first = parse_range(said, now) if shift else None
    if shift is None or first is None:
        return None
    step = -1 if shift["r"].lower() == "before" else 1
    unit = shift["u"].lower()
    length = first.end - first.start
    if unit in ("day", "night", "evening", "morning", "afternoon") and length == timedelta(days=1):
        start, end = first.start + timedelta(days=step), first.end + timedelta(days=step)
    elif (unit == "week" and length == timedelta(days=7)) or (
        unit.endswith("day") and length == timedelta(days=1) and first.start.weekday() == _weekday(unit)
    ):
        start, end = first.start + timedelta(weeks=step), first.end + timedelta(weeks=step)
    elif unit == "month" and first.start.day == 1 and 28 <= length.days <= 31:
        start, end = _month(first.start.year, first.start.month + step)
    elif unit == "year" and (first.start.month, first.start.day) == (1, 1) and length.days in (365, 366):
        start, end = datetime(first.start.year + step, 1, 1), datetime(first.start.year + step + 1, 1, 1)
    else:
        return None
    return TimeRange(start, end, f"{said} {shift.group(0).strip()}")


def _corrected(said: str, query: str, position: int, now: datetime) -> TimeRange | None:
    """What a correction at `position` makes of the expression `said` before it: its last part
    replaced by the words after the correction, the first such reading that is a whole expression
    ("last tuesday" + "wednesday" → "last wednesday"; "上个月十五号" + "十六号" → "上个月十六号";
    "礼拜五" + "礼拜四" → "礼拜四"). None when no reading is."""
    rest = query[position:]
    if shifted := _shifted(said, rest, now):
        return shifted
    if said.isascii():
        cuts = [0, *(i + 1 for i, char in enumerate(said) if char == " ")]
        words = rest.split()
        fixes = [" ".join(words[:k]).rstrip(",.;:!?") for k in range(min(6, len(words)), 0, -1)]
    else:
        cuts = [piece.start() for piece in _ZH_PIECES.finditer(said)]
        fixes = [rest[:k].strip() for k in range(min(8, len(rest)), 0, -1)]
    for cut in reversed(cuts):  # keep as much of what was said as a reading allows
        for fix in fixes:
            text = said[:cut] + fix
            if not fix or _CORRECTION.fullmatch(fix) or _RUN_ON_NUMBER.search(said[:cut] + fix[:1]):
                continue  # a number must not run into the one before it ("十" + "十一号")
            if text.strip().lower() == said.strip().lower():
                continue  # the same words again are no correction ("the day after tomorrow no wait tomorrow")
            found = parse_range(text, now)
            if found is not None and found.expression.strip() in (text.strip(), _prepared(text).strip()):
                return found
    return None


def _expression_at(
    query: str, position: int, now: datetime, first_start: datetime, after_zh_weekday: bool = False
) -> tuple[datetime, datetime, int] | None:
    """The time expression that begins exactly at `position` (the second end of a span: "上周一到周五",
    "上周四到这周二", "礼拜三还是礼拜四"), as (start, end, where it ends); a bare weekday there is a day
    of the first expression's week ("this Sat n Sun"; after a Chinese weekday its numeral alone:
    "上个星期一到三")."""
    bare = _BARE_WEEKDAY.match(query, position) or (
        _ZH_WEEKDAY_NUMERAL.match(query, position) if after_zh_weekday else None
    )
    if bare and (bare["zh"] or not query[bare.end() : bare.end() + 1].isalpha()):
        name = bare["zh"] or bare["en"]
        number = _ZH_WEEKDAYS[name] if bare["zh"] else _weekday(name)
        start, end = _days(_week_of(first_start) + timedelta(days=number))
        return start, end, bare.end()
    if day := _BARE_MONTH_DAY.match(query, position):
        try:
            start, end = _days(first_start.replace(day=int(day["dd"] or day["zh"])))
        except ValueError:
            return None
        return start, end, day.end()
    best: tuple[int, int, re.Match[str], Build] | None = None
    for order, (pattern, build, _gate, _script) in enumerate(_RULES):
        match = pattern.match(query, position)
        if match and match.end() > position and (best is None or (-match.end(), order) < best[:2]):
            best = (-match.end(), order, match, build)
    if best is None:
        return None
    *_, match, build = best
    try:
        start, end = build(match, now)
    except (ValueError, KeyError, OverflowError):
        return None
    if start.year != first_start.year and _BARE_MONTH_OR_QUARTER.fullmatch(match.group(0).strip()):
        # "去年1月到6月", "2026年Q1-Q3": a month or quarter with no year ends the span in the first's year (or
        # the year after, when that is before the first: "去年11月到2月")
        years = first_start.year - start.year + (start.replace(year=first_start.year) < first_start)
        start, end = start.replace(year=start.year + years), end.replace(year=end.year + years)
    return start, end, match.end()


_BARE_MONTH_OR_QUARTER = re.compile(
    rf"(?:十[一二]?|[一二三四五六七八九]|1[0-2]|0?[1-9])月份?|(?:{_MONTH_NAMES})|q[1-4]|第?[一二三四1-4]季度",
    re.IGNORECASE,
)
"""A month or a quarter named with no year, as the second end of a span (the twenty-sixth round, second wave)."""


_SPAN = re.compile(
    r"\s*(?:到|至|~|～|–|—|-|\bto\b|\bthrough\b|\bthru\b|\btill\b|\buntil\b|还是|或者|要不就是|要不然就是|要么是|要么|或是|定系|定|"
    r"\bor\b(?:\s+(?:was it|is it|maybe|perhaps)\b)?)\s*",
    re.IGNORECASE,
)
"""What joins the two ends of a span of days, both included ("上周一到周五", "tues or wed")."""
_EITHER = re.compile(
    r"还是|或者|要不就是|要不然就是|要么是|要么|或是|或|定系|定|\bor\b(?:\s+(?:was it|is it|maybe|perhaps)\b)?",
    re.IGNORECASE,
)
_NEXT_DAY = re.compile(
    rf"(?:和|跟|与|同|及|、)?(?=(?:周|星期|礼拜)?[一二三四五六日天](?![一二三四五六七八九十个月号日天年点]))|\s*(?:and|n|&)\s*(?=(?:{_ANY_WEEKDAY})\b)"
    r"|(?:和|跟|与|、)(?=\d{1,2}[号日])|\s*(?:and|n|&)\s*(?=(?:the )?\d{1,2}(?:st|nd|rd|th)\b)"
    # "next Sat Sun", "this Saturday, Sunday": the next day said without "and"
    rf"|\s*,?\s+(?=(?:{_ANY_WEEKDAY})\b)",
    re.IGNORECASE,
)
"""Two weekdays or days of a month side by side ("上个礼拜六礼拜天", "上周六和周日", "the 3rd and 4th",
"3号和4号"): the second joins when it is the next day."""
_BARE_MONTH_DAY = re.compile(
    r"(?:the )?(?P<dd>\d{1,2})(?:st|nd|rd|th)\b|(?P<zh>\d{1,2})[号日]", re.IGNORECASE
)
"""A day of the month said after another ("the 3rd and 4th"): of the first one's month."""
_BARE_WEEKDAY = re.compile(
    rf"(?:(?:周|星期|礼拜)(?P<zh>[一二三四五六日天]))|(?:on )?(?P<en>{_ANY_WEEKDAY})\.?", re.IGNORECASE
)
_ZH_WEEKDAY_END = re.compile(r"(?:周|星期|礼拜)[一二三四五六日天]$")
_ZH_WEEKDAY_NUMERAL = re.compile(
    r"(?P<zh>[一二三四五六日天])(?![一二三四五六七八九十个月号日天年点])(?P<en>)"
)
_WEEK_AFTER = re.compile(r"\s*(?:of\s+)?(?:the\s+)?(?P<w>last|this|next)\s+week\b", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s+$", re.IGNORECASE)
_BETWEEN_AND = re.compile(r"\s*(?:and|&)\s*", re.IGNORECASE)
"""The "and" of "between tues and thurs last week": the two ends of a span, as "to" joins them."""
_WEEK_ENDING = re.compile(
    r"\b(?:the )?(?:week (?:ending|ended)|w/e|w\.e\.|(?P<c>week commencing|week beginning|week starting|week beg\.?|w/c|w\.c\.|wc|w/b))"
    r"\s+(?:on\s+)?"
    r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+)?$",
    re.IGNORECASE,
)
_WEEKS_ENDING = re.compile(
    rf"\b(?:the )?(?:fortnight|(?P<n>two|three|four|2|3|4) weeks) (?:ending|ended|to|(?P<c>commencing|beginning|starting))"
    rf"\s+(?:on\s+)?(?:(?:{_ANY_WEEKDAY})\.?,?\s+)?$",
    re.IGNORECASE,
)
"""A fortnight or a few weeks ending or beginning on a day ("the fortnight ending 14 March")."""
_JOINED = re.compile(r"到|至|[~～–—]|\b(?:to|through|thru|till|until)\b", re.IGNORECASE)
"""An expression that is a span already ("从3月1号到10号"): it names its own end, whatever "从" says."""
_TO_NOW = re.compile(
    r"\s*(?:until|till|til|to|through|thru|up to|到|至)\s*(?:today|now|现在|今天)", re.IGNORECASE
)
"""A span that ends today ("from Monday until today, I told you each day"): a range, whatever habit words
follow."""
_SINCE_BEFORE = re.compile(r"(?:\bsince(?:,? like,?)?(?: the)?|\bon or after|自从|从|自)\s*$", re.IGNORECASE)
_SINCE_AFTER = re.compile(
    r"\s*(?:开始(?=我|就|到现在|一直|都|，|,)|(?:开始)?(?:以来|至今|到现在|到今天|到而家|到目前为止|截至目前|截止目前|截至今天|截止到现在|以后|之后|起(?!床|飞|来)|\btill now\b|\buntil now\b|\bto date\b|\bso far\b))",
    re.IGNORECASE,
)
_SINCE_EVENT = re.compile(
    r"\bsince\s+(?!(?:we|i|you|they|he|she|it|that|this|there|then|when)\b)(?:the\s+|our\s+|my\s+|their\s+)?"
    r"[\w'-]+(?:\s+(?!(?:is|are|was|were|will|be|has|have|had|on|in)\b)[\w'-]+){0,2}\s+(?P<on>(?:on|in)\s+)?$",
    re.IGNORECASE,
)


def _since_event(before: str, expression: str) -> bool:
    """ "since go-live on 3/1", "since the migration in February": an event named with its date, from
    that date to today."""
    since = _SINCE_EVENT.search(before)
    if _SINCE_EVENT_VERB.search(before):
        return True
    return since is not None and (since["on"] is not None or expression.lower().startswith(("on ", "in ")))


_SINCE_EVENT_VERB = re.compile(
    r"\bsince\s+(?:the\s+|our\s+|my\s+|their\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?\s+(?:started|began|kicked off"
    r"|went live|launched|opened|rolled out|took effect|came into effect|closed|was signed|was filed)\s+$",
    re.IGNORECASE,
)
"""The twenty-sixth round, second wave: the event's verb before its date ("since open enrollment kicked off
Nov 1", "since the policy took effect July 1st"): from the date to today."""


_SINCE_EVENT_ZH = re.compile(
    r"\s*(?:的)?(?:上线|开业|开张|入职|开工|复工|启用|投产|改版|切换|迁移|发布|成立|开通|接手|生效|实施|搬迁|交付|签约|立项)"
    r"(?:以来|至今|到现在|到今天|后到现在)"
)
"""An event named after its date, then 以来 ("3月1号上线以来"): from the date to today."""
_ONWARDS = re.compile(r"\s*(?:onwards?|and (?:after|later|since)|or later)\b", re.IGNORECASE)
"""A date then "onwards" ("Nov 1 onwards", "from 1 Nov onwards", "the 3rd and after"): the date to today (the
twenty-sixth round, second wave)."""
_SINCE_EVENT_ZH_ANY = re.compile(r"\s*(?:的)?(?:开始|启动)?[\u4e00-\u9fff]{1,6}?(?<![前后到至])以来")
"""Any short event's words between the date and 以来 ("11月1号开放登记以来", "3月5日新系统切换以来"): from the date to
today (the twenty-sixth round, second wave)."""


_DOMAIN = re.compile(r"\b[\w-]+\.(?:com|io)\b", re.IGNORECASE)
"""A web address ("Monday.com", "may.io") names no day."""
_NAME_TWICE = re.compile(r"\b([A-Za-z]{2,})-\1\b")
"""A name said twice, as Filipino nicknames are ("Jun-Jun", "May-May"), names no month."""
_QUOTED_COMPARED = re.compile(
    r"(?:[“「『\"'‘][^”」』\"'’]{1,20}[”」』\"'’]\s*(?:和|跟|与|同|还有|还是|and|vs\.?|or|versus)\s*[“「『\"'‘])"
    r".*(?:一样|相同|一个意思|同一个|区别|差别|不同|分别|差在哪|哪个对|\bsame\b|\bdifferen|\bcorrect\b|\bright\b)"
    r"|[“「『\"'‘][^”」』\"'’]{1,20}[”」』\"'’]\s*(?:is |are )?(?:the )?same (?:thing )?(?:as|like)\s*[“「『\"'‘]",
    re.IGNORECASE,
)
"""Two quoted words compared ("“下礼拜”和“下个星期”一样吗", "is 'next week' and 'the coming week' the
same"): the words are asked about, not a time."""
_QUOTED_TITLE = re.compile(
    r"\b(?:songs?|lyrics?|book|novel|film|movie|show|series|album|poem|titled|the title|(?:that|it) goes|sings?)\b"
    r"|\bcorrect (?:my|this|the|me|his|her)\b|\b(?:is|was) (?:this|it|my|the) (?:sentence |english |grammar )?"
    r"(?:correct|right|grammatical|proper)\b|\b(?:correct|grammatical|proper english)\s*[?.!]*\s*$|\bgrammar\b|\bgrammatically\b|\brephrase\b|\bproofread\b"
    r"|^\s*what(?:'s|s| is| was)\s+about\s*[?.!]*\s*$|书名|歌名|歌词|电影|电视剧|这首歌|那首歌|这本书|那本书|病句|语法",
    re.IGNORECASE,
)
"""A quoted title or a quoted sentence to correct, said outside the quotes ("the song that goes 'friday
i'm in love'", "what's 'Tomorrow, When the War Began' about", "correct my sentence: 'I am here since 3
days'"): the quoted words name no time of the user's."""
_MIXED = re.compile(
    r"(?<=[A-Za-z])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z])"
    r"|(?<=[A-Za-z][0-9])(?=[\u4e00-\u9fff])|(?<=[A-Za-z][0-9]{2})(?=[\u4e00-\u9fff])"
)
"""Between a Latin letter and a Chinese character ("yesterday那单"): the English rules' word
boundaries hold there once a space does."""
_NEAREST = re.compile(r"(离[^，。,.!?？！\s]{1,12}?)最近")
"""离…最近 is "nearest to", not "recently" ("3号线哪个站离我们仓库最近")."""
_SHORTHANDS = {
    "ystd": "yesterday", "kanina": "today", "arvo": "afternoon", "2day": "today", "b4": "before", "morn": "morning", "ystrdy": "yesterday", "ytd'y": "yesterday", "mth": "month", "mths": "months", "dis": "this",
    "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years", "wknd": "weekend", "wkend": "weekend", "wknds": "weekends", "tomoro": "tomorrow",
    "dyas": "days", "dys": "days", "mos": "months", "hrs": "hours", "mnth": "month", "mnths": "months", "2moro": "tomorrow",
    "nite": "night", "2nite": "tonight", "tonite": "tonight", "sem": "semester", "sems": "semesters",
    "qtr": "quarter", "qtrs": "quarters", "prev": "previous", "eom": "month end", "eoq": "quarter end",
    "eow": "end of the week", "eoy": "end of the year",
    "hols": "holidays", "yestrday": "yesterday", "wednesdy": "wednesday", "tuesdy": "tuesday", "yday": "yesterday", "mondy": "monday", "tuseday": "tuesday",
    "tusday": "tuesday", "teusday": "tuesday", "wendsday": "wednesday", "wensday": "wednesday",
    "wednsday": "wednesday", "wednesay": "wednesday", "wednessday": "wednesday", "wedesday": "wednesday", "wedensday": "wednesday", "wedsday": "wednesday", "thrusday": "thursday",
    "thursdy": "thursday", "thurday": "thursday", "tueday": "tuesday", "yestarday": "yesterday",
    "thurdsay": "thursday", "thursay": "thursday", "yesteday": "yesterday", "yesterdy": "yesterday", "nxt": "next", "yest": "yesterday",
    "esok": "tomorrow", "semalam": "yesterday", "minggu lepas": "last week", "bulan lepas": "last month",
    "tahun lepas": "last year", "firday": "friday", "fridy": "friday", "saterday": "saturday",
    "satuday": "saturday", "saturdy": "saturday", "sundy": "sunday", "febuary": "february", "yesterdays": "yesterday", "q-end": "quarter end", "wednseday": "wednesday", "wedneday": "wednesday", "feburary": "february",
    "febrary": "february", "janurary": "january", "januray": "january", "septmber": "september", "setpember": "september",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow",
    "tommorrow": "tomorrow", "tomorrw": "tomorrow", "yesturday": "yesterday", "yesterady": "yesterday", "lst": "last",
    "ocotber": "october", "novmber": "november", "novemeber": "november", "decmber": "december", "decemeber": "december",
}  # fmt: skip
_SHORTHAND = re.compile(r"\b(?:" + "|".join(_SHORTHANDS) + r")\b", re.IGNORECASE)


def _spelt_out(query: str) -> str:
    """`query` with its shorthand and misspelt time words written out ("wk", "yr", "tmrw", "yesturday")."""
    return _SHORTHAND.sub(lambda m: _SHORTHANDS[m.group(0).lower()], query)


_VAGUE = re.compile(
    r"最近|近来|近期|这几天|这些天|这阵子|前阵子|前段时间|前一阵子?|早排|呢排|近排|呢两日|the other week|these few days|(?:the )?(?:past|last) few days|前几天|前些天|前两天|早两天|早几天|头两天|这两天前|这两天|日前|前些日子|这些日子|前些时候|recently|lately|these days|(?:a few|few|several|some) days (?:ago|back)|the other (?:day|night)",
    re.IGNORECASE,
)
