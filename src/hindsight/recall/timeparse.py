"""Time expressions in a query, as a date range resolved against the query's "now".

Rules, Chinese and English, no dependencies: "昨天", "前天", "三天前", "上周", "上周五", "上个月",
"五月", "去年", "最近", "yesterday", "last week", "two days ago", "last Friday", "in May",
"May 3rd", "in 2023", "recently". Ranges are half-open [start, end) in naive UTC; a day is midnight
to midnight. dateparser handles only part of this (not Chinese numerals nor "上周五"), and a rule
table is easier to read and test than a general parser's guesses.
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
}
_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2, "few": 3,
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

_ZH_NUM = r"[0-9]+|[零〇一二两三四五六七八九十百]+"
_EN_NUM = r"\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|couple of|few"
_MONTH_NAMES = "|".join(sorted(_EN_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_EN_WEEKDAYS)


def zh_number(text: str) -> int:
    """Chinese or Arabic numerals up to the hundreds: "三" 3, "十二" 12, "二十" 20, "两" 2."""
    if text.isdigit():
        return int(text)
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
    return int(text) if text.isdigit() else _EN_NUMBERS.get(text.lower(), 1)


def _day(moment: datetime) -> datetime:
    return moment.replace(hour=0, minute=0, second=0, microsecond=0)


def _days(start: datetime, count: int = 1) -> tuple[datetime, datetime]:
    return _day(start), _day(start) + timedelta(days=count)


def _week_of(moment: datetime) -> datetime:
    return _day(moment) - timedelta(days=moment.weekday())


def _month(year: int, month: int) -> tuple[datetime, datetime]:
    while month < 1:
        year, month = year - 1, month + 12
    start = datetime(year, month, 1)
    end = datetime(year + (month == 12), month % 12 + 1, 1)
    return start, end


def _past_month(now: datetime, month: int) -> tuple[datetime, datetime]:
    """The most recent such month that has begun: "in May" asked in March means last May."""
    return _month(now.year if month <= now.month else now.year - 1, month)


def _past_weekday(now: datetime, weekday: int) -> datetime:
    """The most recent such weekday up to today ("on Friday" asked on a Friday means today)."""
    return _day(now) - timedelta(days=(now.weekday() - weekday) % 7)


Build = Callable[[re.Match[str], datetime], tuple[datetime, datetime]]


def _rules() -> list[tuple[re.Pattern[str], Build]]:
    d = timedelta
    zh: list[tuple[str, Build]] = [
        (r"大前天", lambda m, n: _days(n - d(days=3))),
        (r"前天", lambda m, n: _days(n - d(days=2))),
        (r"昨天|昨日|昨晚|昨夜", lambda m, n: _days(n - d(days=1))),
        (r"今天|今日|今早|今晚|刚才|刚刚", lambda m, n: _days(n)),
        (r"明天", lambda m, n: _days(n + d(days=1))),
        (r"后天", lambda m, n: _days(n + d(days=2))),
        (rf"(?P<n>{_ZH_NUM})天(?:之|以)?前", lambda m, n: _days(n - d(days=zh_number(m["n"])))),
        (
            rf"(?:最近|过去|近)(?P<n>{_ZH_NUM})天",
            lambda m, n: (_day(n) - d(days=zh_number(m["n"]) - 1), _day(n) + d(days=1)),
        ),
        (
            rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?前",
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])), 7),
        ),
        (r"上上(?:周|星期|个?礼拜)", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
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
        (rf"(?P<n>{_ZH_NUM})个月(?:之|以)?前", lambda m, n: _month(n.year, n.month - zh_number(m["n"]))),
        (r"上上个月", lambda m, n: _month(n.year, n.month - 2)),
        (r"上(?:个)?月", lambda m, n: _month(n.year, n.month - 1)),
        (r"(?:这|本)(?:个)?月", lambda m, n: _month(n.year, n.month)),
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
    en: list[tuple[str, Build]] = [
        (r"\bthe day before yesterday\b", lambda m, n: _days(n - d(days=2))),
        (r"\byesterday\b|\blast night\b", lambda m, n: _days(n - d(days=1))),
        (
            r"\btoday\b|\bthis (?:morning|afternoon|evening)\b|\btonight\b|\bearlier today\b",
            lambda m, n: _days(n),
        ),
        (r"\btomorrow\b", lambda m, n: _days(n + d(days=1))),
        (rf"\b(?P<n>{_EN_NUM}) days? ago\b", lambda m, n: _days(n - d(days=en_number(m["n"])))),
        (
            rf"\b(?P<n>{_EN_NUM}) weeks? ago\b",
            lambda m, n: _days(_week_of(n) - d(weeks=en_number(m["n"])), 7),
        ),
        (rf"\b(?P<n>{_EN_NUM}) months? ago\b", lambda m, n: _month(n.year, n.month - en_number(m["n"]))),
        (
            rf"\b(?P<n>{_EN_NUM}) years? ago\b",
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
            rf"\blast (?P<w>{_WEEKDAY_NAMES})\b",
            lambda m, n: _days(_past_weekday(n - d(days=1), _EN_WEEKDAYS[m["w"].lower()])),
        ),
        (r"\blast week\b", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (r"\bthis week\b", lambda m, n: _days(_week_of(n), 7)),
        (r"\bnext week\b", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
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
    return [(re.compile(p), f) for p, f in zh] + [(re.compile(p, re.IGNORECASE), f) for p, f in en]


_RULES = _rules()


def parse_range(query: str, now: datetime) -> TimeRange | None:
    """The first time expression in `query` (earliest in the text), as a range; None if there is none."""
    best: tuple[int, int, re.Match[str], Build] | None = None
    for order, (pattern, build) in enumerate(_RULES):
        match = pattern.search(query)
        if match and (best is None or (match.start(), order) < (best[0], best[1])):
            best = (match.start(), order, match, build)
    if best is None:
        return None
    _, _, match, build = best
    try:
        start, end = build(match, now)
    except (ValueError, KeyError):  # "2月30日": not a date
        return None
    return TimeRange(start, end, match.group(0))
