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

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta


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
_EN_NUM = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|couple|few"
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


_YEAR_OFFSET = {"去年": -1, "今年": 0, "前年": -2, "last year": -1, "this year": 0}


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
    if part == "last week":
        return end - d(days=7), end
    week = int(part.removeprefix("week "))
    return start + d(days=7 * (week - 1)), start + d(days=7 * week)


_ZH_PARTS = {
    "初": "early", "月初": "early", "上旬": "early", "月中": "mid", "中": "mid", "中旬": "mid", "底": "late",
    "月底": "late", "末": "late", "月末": "late", "下旬": "late",
}  # fmt: skip
_EN_PARTS = {
    "early": "early", "earlier in": "early", "beginning of": "early", "the beginning of": "early", "start of": "early",
    "the start of": "early", "mid": "mid", "mid-": "mid", "middle of": "mid", "the middle of": "mid", "late": "late",
    "end of": "late", "the end of": "late", "later in": "late",
}  # fmt: skip
_WEEK_ORDINALS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                  "third": 3, "fourth": 4}  # fmt: skip


def _part_name(zh_part: str | None, week: str | None, last_week: bool) -> str:
    if last_week:
        return "last week"
    if week:
        return f"week {_WEEK_ORDINALS[week]}"
    return _ZH_PARTS[zh_part or ""]


def _latest_begun_part(now: datetime, part: str) -> tuple[datetime, datetime]:
    """ "月底" said alone: this month's, if it has begun, else last month's."""
    this = _month_part(_month(now.year, now.month), part)
    return this if this[0] <= now else _month_part(_month(now.year, now.month - 1), part)


def _year_part(year: int, part: str) -> tuple[datetime, datetime]:
    """Part of a year: early (January-February), late (November-December), the first or second half."""
    bounds = {"early": (1, 3), "late": (11, 13), "first half": (1, 7), "second half": (7, 13)}[part]
    start = datetime(year, bounds[0], 1)
    end = datetime(year + 1, 1, 1) if bounds[1] == 13 else datetime(year, bounds[1], 1)
    return start, end


_ZH_YEAR_PARTS = {
    "年初": "early",
    "年底": "late",
    "年末": "late",
    "上半年": "first half",
    "下半年": "second half",
}


def _zh_year_part(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    part = _ZH_YEAR_PARTS[m["part"]]
    if m["yr"]:
        return _year_part(now.year + _YEAR_OFFSET[m["yr"]], part)
    this = _year_part(now.year, part)
    return this if this[0] <= now else _year_part(now.year - 1, part)


def _weekend(now: datetime, weeks: int | None) -> tuple[datetime, datetime]:
    """Saturday and Sunday of a week (0 this, -1 last, 1 next); None: the latest that has begun."""
    if weeks is None:
        weeks = 0 if now.weekday() >= 5 else -1
    return _days(_week_of(now) + timedelta(weeks=weeks, days=5), 2)


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


def _so_far(start: datetime, now: datetime) -> tuple[datetime, datetime]:
    """ "earlier this week": from `start` to today, today included."""
    return start, _day(now) + timedelta(days=1)


_ZH_WEEKS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}
_QUARTER_NUMBERS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                    "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip
_QUARTER_OFFSETS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "last": -1, "lst": -1, "previous": -1,
                    "this": 0, "next": 1}  # fmt: skip


def _year_word(word: str | None, now: datetime) -> int | None:
    """ "去年", "last year's", "2025" before or after a quarter: that year; None when there is none."""
    if not word:
        return None
    word = word.lower().removesuffix("'s").replace("lst", "last").strip()
    return int(word.removesuffix("年")) if word[:4].isdigit() else now.year + _YEAR_OFFSET[word]


_UNIT_DAYS = {"周": 7, "星期": 7, "礼拜": 7, "月": 30, "week": 7, "weeks": 7, "month": 30, "months": 30}

Build = Callable[[re.Match[str], datetime], tuple[datetime, datetime]]


_Rule = tuple[re.Pattern[str], Build, tuple[str, ...], str]
"""A pattern, what its match means, the words one of which the query must hold (none: no such
condition), and the script the query must hold: "zh" (any non-ASCII character), "en" (a Latin
letter) or "" (either)."""


def _rules() -> list[_Rule]:
    d = timedelta
    gates: dict[str, tuple[str, ...]] = {}

    def gated(pattern: str, *words: str) -> str:
        """A rule searched only when the lowered query holds one of `words` (a rule whose pattern
        begins with optional parts is tried at every position: this keeps parse_range fast)."""
        gates[pattern] = words
        return pattern

    zh_month = r"(?P<ref>上上个?月|上个?月|这个?月|本月|下个?月|(?P<yr>去年|今年|前年)?(?:的)?(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?)"
    zh_part = (
        r"(?P<part>月初|月中|月底|月末|上旬|中旬|下旬|初|中(?![午间心国文秋])|底|末)"
        r"|第(?P<wk>[一二三四1-4])(?:个)?(?:周|星期|礼拜)|(?P<lastwk>最后一(?:个)?(?:周|星期|礼拜))"
    )

    def zh_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
        ref = m["ref"]
        if m["mo"]:
            return _named_month(n, zh_number(m["mo"]), m["yr"])
        back = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}[
            next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))
        ]
        return _month(n.year, n.month + back)

    zh: list[tuple[str, Build]] = [
        (
            rf"{zh_month}(?:的)?(?:{zh_part})",
            lambda m, n: _month_part(zh_month_of(m, n), _part_name(m["part"], m["wk"], bool(m["lastwk"]))),
        ),
        (
            r"(?P<part>月初|月中|月底|月末|上旬|中旬|下旬)",
            lambda m, n: _latest_begun_part(n, _ZH_PARTS[m["part"]]),
        ),
        (
            rf"(?P<yr>去年|今年|前年)(?:的)?(?P<mo>{_ZH_NUM})月(?:份)?",
            lambda m, n: _named_month(n, zh_number(m["mo"]), m["yr"]),
        ),
        (r"(?P<yr>去年|今年|前年)?(?:的)?(?P<part>年初|年底|年末|上半年|下半年)", _zh_year_part),
        (
            r"(?P<w>上上|上|这|本|下下|下)?(?:个)?周末",
            lambda m, n: _weekend(n, _ZH_WEEKS[m["w"]] if m["w"] else None),
        ),
        (
            r"(?P<which>上上|下下|下)(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["which"]], days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (
            rf"(?:最近|过去|近)(?:的)?(?P<n>{_ZH_NUM})?(?:个)?(?P<u>周|星期|礼拜|月)",
            lambda m, n: _rolling(n, (zh_number(m["n"]) if m["n"] else 1) * _UNIT_DAYS[m["u"]]),
        ),
        (r"前几天|前些天|这两天前", lambda m, n: (_day(n) - d(days=5), _day(n))),
        (r"大前天", lambda m, n: _days(n - d(days=3))),
        (r"前天", lambda m, n: _days(n - d(days=2))),
        (r"昨天|昨日|昨晚|昨夜|昨儿", lambda m, n: _days(n - d(days=1))),
        (r"今天|今日|今早|今晚|刚才|刚刚|今儿", lambda m, n: _days(n)),
        (r"明天|明儿", lambda m, n: _days(n + d(days=1))),
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
            gated(r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?第?(?P<q>[一二三四1-4])季度", "季度"),
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)),
        ),
        (
            gated(r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度", "季度"),
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"]]),
        ),
        (gated(rf"(?P<n>{_ZH_NUM})天(?:之|以)?前", "前"), lambda m, n: _days(n - d(days=zh_number(m["n"])))),
        (
            rf"(?:最近|过去|近)(?P<n>{_ZH_NUM})天",
            lambda m, n: (_day(n) - d(days=zh_number(m["n"]) - 1), _day(n) + d(days=1)),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?前", "前"),
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])), 7),
        ),
        (r"上上(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (r"下下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + d(weeks=2), 7)),
        (
            r"上(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) - d(weeks=1) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"上(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
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
        (r"上上个月", lambda m, n: _month(n.year, n.month - 2)),
        (r"上(?:个)?月", lambda m, n: _month(n.year, n.month - 1)),
        (r"(?:这|本)(?:个)?月", lambda m, n: _month(n.year, n.month)),
        (r"下(?:个)?月", lambda m, n: _month(n.year, n.month + 1)),
        (r"明年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (r"前年", lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1))),
        (r"去年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (r"今年", lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1))),
        (
            r"(?P<y>\d{4})年(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号]",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            rf"(?P<mo>{_ZH_NUM})月(?P<dd>{_ZH_NUM})[日号]",
            lambda m, n: _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["dd"]))),
        ),
        (r"(?P<y>\d{4})年(?P<mo>\d{1,2})月", lambda m, n: _month(int(m["y"]), int(m["mo"]))),
        (r"(?P<y>\d{4})年", lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1))),
        (
            r"(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?",
            lambda m, n: _past_month(n, zh_number(m["mo"])),
        ),
        (r"最近|近来|这几天|这些天", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
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
            n.month + {"last month": -1, "this month": 0, "next month": 1}.get(ref.replace("lst", "last"), 0),
        )

    en_month = (
        rf"(?P<ref>last month|this month|next month|the month|(?P<mo>{_MONTH_NAMES})(?: (?P<y>\d{{4}}))?)"
    )
    en: list[tuple[str, Build]] = [
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
            r"\b(?:the )?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) quarter\b"
            r"(?: of (?P<yr>last year|this year|(?:19|20)\d{2}))?",
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"].lower()], _year_word(m["yr"], n)),
        ),
        (
            r"\b(?:the )?(?P<w>last|previous|this|next) quarter\b(?! of)",
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"].lower()]),
        ),
        (r"\b(?:the )?weekend before last\b", lambda m, n: _weekend(n, -2)),
        (r"\b(?:the )?weekend after next\b", lambda m, n: _weekend(n, 2)),
        (r"\b(?:this|the) past weekend\b", lambda m, n: _weekend(n, None)),
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
        (r"\bthe day after tomorrow\b", lambda m, n: _days(n + d(days=2))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s ago\b", "s ago"),
            lambda m, n: _days(
                _past_weekday(n - d(days=1), _weekday(m["w"])) - d(weeks=en_number(m["n"]) - 1)
            ),
        ),
        (
            gated(rf"\bthe (?P<w>{_WEEKDAY_NAMES}) before last\b", "before last"),
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"])) - d(weeks=1)),
        ),
        (
            rf"\b(?:in |at |around |towards? )?(?:the )?(?P<part>{en_parts})[\s-]*{en_month}\b",
            lambda m, n: (
                _month_part(en_month_of(m, n), _EN_PARTS[m["part"].lower()])
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, _EN_PARTS[m["part"].lower()])
            ),
        ),
        (
            rf"\b(?:in |during )?(?:the )?(?P<ord>first|second|third|fourth|last) week of {en_month}\b",
            lambda m, n: _month_part(
                en_month_of(m, n),
                "last week"
                if m["ord"].lower() in ("last", "lst")
                else f"week {_WEEK_ORDINALS[m['ord'].lower()]}",
            ),
        ),
        (
            r"\b(?:in |at |around |towards? )?(?:the )?(?P<part>early|beginning of|start of|end of|late|first half of|second half of)"
            r"\s+(?P<ref>last year|this year|the year|(?P<y>(?:19|20)\d{2}))\b",
            lambda m, n: _year_part(
                int(m["y"])
                if m["y"]
                else n.year + _YEAR_OFFSET.get(m["ref"].lower().replace("lst", "last"), 0),
                {
                    "early": "early",
                    "beginning of": "early",
                    "start of": "early",
                    "end of": "late",
                    "late": "late",
                    "first half of": "first half",
                    "second half of": "second half",
                }[m["part"].lower()],
            ),
        ),
        (r"\bearlier this year\b", lambda m, n: (datetime(n.year, 1, 1), _day(n) + d(days=1))),
        (
            rf"\b(?:in |over |during |within )?(?:the|this) (?:past|last) (?:(?P<n>{_EN_NUM}) )?(?P<u>weeks?|months?)\b(?! of)",
            lambda m, n: _rolling(n, (en_number(m["n"]) if m["n"] else 1) * _UNIT_DAYS[m["u"].lower()]),
        ),
        (r"\b(?:over|during|on|at) the weekend\b", lambda m, n: _weekend(n, None)),
        (r"\bnext weekend\b", lambda m, n: _weekend(n, 1)),
        (
            rf"\bthis (?P<w>{_ANY_WEEKDAY})\b\.?",
            lambda m, n: _days(_week_of(n) + d(days=_weekday(m["w"]))),
        ),
        (
            rf"\bnext (?P<w>{_ANY_WEEKDAY})\b\.?",
            lambda m, n: _days(_week_of(n) + d(weeks=1, days=_weekday(m["w"]))),
        ),
        (
            r"\b(?:a few|few|several) days (?:ago|back)\b|\bthe other day\b",
            lambda m, n: (_day(n) - d(days=5), _day(n)),
        ),
        (rf"\bin (?P<n>{_EN_NUM}) days?\b", lambda m, n: _days(n + d(days=en_number(m["n"])))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) days? back\b", "back"),
            lambda m, n: _days(n - d(days=en_number(m["n"]))),
        ),
        (r"\bthe day before yesterday\b", lambda m, n: _days(n - d(days=2))),
        (r"\b(?:yesterday|yday|yesterdy|yesturday)\b|\blast night\b", lambda m, n: _days(n - d(days=1))),
        (
            r"\btoday\b|\bthis (?:morning|afternoon|evening)\b|\btonight\b|\bearlier today\b",
            lambda m, n: _days(n),
        ),
        (r"\b(?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b", lambda m, n: _days(n + d(days=1))),
        (gated(rf"\b(?P<n>{_EN_NUM}) days? ago\b", "ago"), lambda m, n: _days(n - d(days=en_number(m["n"])))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) weeks? ago\b", "ago"),
            lambda m, n: _days(_week_of(n) - d(weeks=en_number(m["n"])), 7),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) months? ago\b", "ago"),
            lambda m, n: _month(n.year, n.month - en_number(m["n"])),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) years? ago\b", "ago"),
            lambda m, n: (
                datetime(n.year - en_number(m["n"]), 1, 1),
                datetime(n.year - en_number(m["n"]) + 1, 1, 1),
            ),
        ),
        (
            rf"\b(?:in the )?(?:past|last) (?P<n>{_EN_NUM}) days\b",
            lambda m, n: (_day(n) - d(days=en_number(m["n"]) - 1), _day(n) + d(days=1)),
        ),
        (r"\blast weekend\b", lambda m, n: _days(_week_of(n) - d(days=2), 2)),
        (r"\bthis weekend\b", lambda m, n: _days(_week_of(n) + d(days=5), 2)),
        (
            rf"\b(?:last|(?:this )?past) (?P<w>{_ANY_WEEKDAY})\b\.?",
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"]))),
        ),
        (r"\blast (?:week|wk)\b", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (r"\bthis (?:week|wk)\b", lambda m, n: _days(_week_of(n), 7)),
        (r"\bnext (?:week|wk)\b", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
        (r"\blast month\b", lambda m, n: _month(n.year, n.month - 1)),
        (r"\bthis month\b", lambda m, n: _month(n.year, n.month)),
        (r"\blast year\b", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (r"\bthis year\b", lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1))),
        (
            rf"\b(?:on )?(?P<w>{_WEEKDAY_NAMES})\b",
            lambda m, n: _days(_past_weekday(n, _EN_WEEKDAYS[m["w"].lower()])),
        ),
        (
            rf"\b(?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<y>\d{{4}})\b",
            lambda m, n: _days(datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
        ),
        (
            rf"\b(?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\b",
            lambda m, n: _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))),
        ),
        (
            rf"\b(?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mo>{_MONTH_NAMES})\b",
            lambda m, n: _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))),
        ),
        (
            rf"\bin (?P<mo>{_MONTH_NAMES}) (?P<y>\d{{4}})\b",
            lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            rf"\b(?:in|during|since|last) (?P<mo>{_MONTH_NAMES})\b",
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            r"\b(?:in|during) (?P<y>(?:19|20)\d{2})\b",
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (r"\brecently\b|\blately\b|\bthese days\b", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
    ]
    # "lst week", "lst month": the one misspelling of "last" that chat keeps.
    last = re.compile(r"(?:(?<=\\b)|(?<![A-Za-z]))last(?![a-z])")
    either: list[tuple[str, Build]] = [
        (
            r"(?<!\d)(?P<y>(?:19|20)\d{2})(?P<sep>[-/.])(?P<mo>\d{1,2})(?P=sep)(?P<dd>\d{1,2})(?!\d)",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
    ]
    return (
        [(re.compile(p), f, gates.get(p, ()), "zh") for p, f in zh]
        + [(re.compile(last.sub("l(?:a)?st", p), re.IGNORECASE), f, gates.get(p, ()), "en") for p, f in en]
        + [(re.compile(p), f, (), "") for p, f in either]
    )


_RULES = _rules()


_HABIT = re.compile(
    r"一般|通常|平时|平常|经常|往往|总是|每(?:个|逢|到)?(?:周|星期|礼拜|月|天)|(?:以后|今后|往后).{0,8}都|\busually\b|\bnormally\b|"
    r"\btypically\b|\bgenerally\b|\boften\b|\balways\b|\bevery\b|\beach (?:week|month)\b|\bfrom now on\b|"
    r"\bon (?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|"
    rf"\b(?:{_WEEKDAY_NAMES}) (?:mornings|afternoons|evenings|nights)\b",
    re.IGNORECASE,
)
_RECURRING = re.compile(
    rf"^(?:周末|(?:周|星期|礼拜)[一二三四五六日天]|(?:on )?(?:{_WEEKDAY_NAMES})|(?:over|during|on|at) the weekend|月初|月底|月末|月中"
    r"|上旬|中旬|下旬|.*\bthe month)$",
    re.IGNORECASE,
)
"""What a habit may name without naming a range: a weekday, a weekend, a part of "the" month."""

_TRANSLATE = re.compile(
    r"翻译|翻成|怎么说|用(?:英|中|日|法|德|韩|西班牙)[语文]|\btranslat|\bhow (?:do|would|can|should) (?:you|i|we) say\b|"
    r"\bin (?:english|chinese|mandarin|cantonese|french|spanish|german|japanese|korean|italian|portuguese|russian)\b",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"“[^”]*”|‘[^’]*’|「[^」]*」|『[^』]*』|\"[^\"]*\"|(?<![A-Za-z])'[^']*'(?![A-Za-z])")
_TO_TRANSLATE = re.compile(r"(?:翻译|translate)[^:：]{0,12}[:：].*", re.IGNORECASE | re.DOTALL)
"""A time word inside a text to translate ("translate 'see you tomorrow'", "把“明天见”翻译成英文",
"翻译一下：明天见") names no range: the quoted text, or what follows the colon, is set aside."""


_LATIN = re.compile(r"[A-Za-z]")
_LONG_NUMBER = re.compile(r"[0-9零〇一二两三四五六七八九十百]{7,}")


def parse_range(query: str, now: datetime) -> TimeRange | None:
    """The first time expression in `query` (earliest in the text, then the longest), as a range;
    None if there is none, or if it is a weekday or weekend said of a habit."""
    # A run of more than six digits counts nothing a time phrase counts, and the rules' number
    # patterns would retry it from every position (quadratic in its length): one mark stands for it.
    query = _LONG_NUMBER.sub("#", query)
    if _TRANSLATE.search(query):
        query = _TO_TRANSLATE.sub(" ", _QUOTED.sub(" ", query))
    best: tuple[int, int, int, re.Match[str], Build] | None = None
    lowered = query.lower()
    # Chinese rules need a Chinese character, English ones a Latin letter: a query in one language
    # skips the other's rules.
    skip = {"zh": query.isascii(), "en": _LATIN.search(query) is None, "": False}
    for order, (pattern, build, gate, script) in enumerate(_RULES):
        if skip[script] or (gate and not any(word in lowered for word in gate)):
            continue
        match = pattern.search(query)
        if match and (best is None or (match.start(), -len(match.group(0)), order) < best[:3]):
            best = (match.start(), -len(match.group(0)), order, match, build)
    if best is None:
        return None
    *_, match, build = best
    if _RECURRING.match(match.group(0).strip()) and _HABIT.search(query):
        return None
    try:
        start, end = build(match, now)
    except (ValueError, KeyError, OverflowError):  # "2月30日", a year before 1: not a date
        return None
    return TimeRange(start, end, match.group(0), vague=_VAGUE.fullmatch(match.group(0).strip()) is not None)


_VAGUE = re.compile(
    r"最近|近来|这几天|这些天|前几天|前些天|这两天前|recently|lately|these days|(?:a few|few|several) days (?:ago|back)|the other day",
    re.IGNORECASE,
)
