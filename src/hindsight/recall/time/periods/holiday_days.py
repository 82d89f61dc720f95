"""Holidays: which year's a query means (the year named; the coming one when the query speaks
of a plan; else the latest begun), and the days around one (a day before or after, the week holding it, the
weekend it joins)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight import prefilter
from hindsight.recall import holidays
from hindsight.recall.time.periods.days import _days, _week_around, _week_of
from hindsight.recall.time.periods.months import _past_month
from hindsight.recall.time.periods.working_days import _working_day_beside
from hindsight.recall.time.periods.years import _year_word
from hindsight.recall.time.region import (
    BANK_HOLIDAYS,
    _clock_change_days,
    _holiday_region,
    _local_holiday,
    _long_weekend_holidays,
    rests,
)


def _weekday_beside(days: tuple[datetime, datetime], weekday: int, after: bool) -> tuple[datetime, datetime]:
    """The first `weekday` after a holiday's days, or the last before them."""
    day = days[1] if after else days[0] - timedelta(days=1)
    while day.weekday() != weekday:
        day += timedelta(days=1 if after else -1)
    return _days(day)


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


_OTHER_BANK_HOLIDAYS = ("new year's day", "good friday", "christmas", "boxing day")
"""The bank holidays of England and Wales that are not always Mondays (Ireland's: with St Patrick's Day)."""


def _latest_bank_holiday(now: datetime, query: str = "", every: bool = False) -> tuple[datetime, datetime]:
    """The latest begun of England's Monday bank holidays ("over the bank holiday weekend"), or of the
    region's (`region.BANK_HOLIDAYS`); with `every`, of all its bank holidays ("the last bank holiday")."""
    region = _holiday_region(query, "bank holiday") or ""
    names = BANK_HOLIDAYS.get(region, _BANK_HOLIDAYS)
    if every:
        names = (*names, *_OTHER_BANK_HOLIDAYS, *(("st patrick's day",) if region == "IE" else ()))
    return max(holidays.latest(name, now) for name in names)


def _en_named(m: re.Match[str]) -> str:
    """The holiday the English name a rule matched (group "h") means: `holidays.EN_NAMES`'s, or the one of that
    name the region keeps (`region._local_holiday`)."""
    return _local_holiday(holidays.EN_NAMES[m["h"].lower()], m["h"], m.string)


def _zh_named(m: re.Match[str]) -> str:
    """The holiday the Chinese name a rule matched (group "h") means, as `_en_named`."""
    return _local_holiday(holidays.ZH_NAMES[m["h"]], m["h"], m.string)


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


_CLAUSE_END = prefilter.compile(r"[，。！？!?；;…]|[,.](?=\s)")


def _clause(match: re.Match[str]) -> str:
    """The clause of the query that holds `match` (chatter before it says nothing of its tense:
    "晚上吃撑了……国庆我打算带谁去哪来着")."""
    text = match.string
    before = [end.end() for end in _CLAUSE_END.finditer(text, 0, match.start())]
    after = _CLAUSE_END.search(text, match.end())
    return text[before[-1] if before else 0 : after.start() if after else len(text)]


_AHEAD = prefilter.compile(
    r"打算|准备|计划|安排|预订|要不要|想去|要去哪|会放|放几天|怎么过|去哪玩|([回去来过放])不\1|\bplan(?![tk]|et)|\bgoing to\b|\bgonna\b|\bwill (?:we|i|you)\b"
    r"|\bare (?:we|you) (?:doing|going)\b|\bupcoming\b|\bcoming up\b",
    re.IGNORECASE,
)
"""Words of a plan: a holiday said with them is the coming one — unless the query asks what was said or
done ("元旦那天我说的计划是啥", "what did we plan for Easter")."""
_SAID = prefilter.compile(
    r"我说|说过|说的|提过|提到|聊过|那天|当天|了|来着|\b(?:did|said|told|was|were|had"
    # the fortieth round: a plan the user wrote down with the assistant ("the plans I saved for National Day")
    r"|noted|saved|wrote down|jotted down|mentioned|logged)\b",
    re.IGNORECASE,
)
_DONE = prefilter.compile(r"(?:去哪(?:儿|里)?玩|去哪(?:儿|里)?|怎么过|出去玩|放了几天)了|去了哪|玩了什么")
"""A plan word with 了 after it ("国庆那几天我们去哪玩了"): what was done, the latest holiday (the twenty-sixth
round, second wave)."""


def _days_from_holiday(
    days: tuple[datetime, datetime], one: str | None, offset: str | None
) -> tuple[datetime, datetime]:
    """The holiday's days; its own day ("国庆节那天"); a day before or after it ("中秋节前一天", "国庆节第二天");
    the calendar week holding it ("圣诞节那周"); the first working day after its days ("国庆后第一个工作日")."""
    if offset and offset[0] in "之以" and "那" in offset:
        # "劳工节之前那个星期": the calendar week before (or after) the holiday's
        offset = "前一周" if "前" in offset else "后一周"
    if offset and "前" in offset and offset.endswith(("工作日", "工作天")):
        # "国庆节前最后一个工作日": the last Monday-to-Friday before the holiday's days
        return _working_day_beside(days, False)
    if offset and offset.endswith(("工作日", "工作天")):
        day = days[1]
        while rests(day):
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
        shift = {
            "前一天": -1,
            "后一天": 1,
            "第一天": 0,
            "头一天": 0,
            "第二天": 1,
            "第三天": 2,
            "隔天": 1,
            "翌日": 1,
        }[offset]
        return _days(days[0] + timedelta(days=shift))
    return _first_day_if(bool(one), days)


def _first_day_if(one: bool, days: tuple[datetime, datetime]) -> tuple[datetime, datetime]:
    """ "国庆节那天", "五一当天": the holiday's own day, not the public holiday's days."""
    return _days(days[0]) if one else days


def _month_long_weekend(
    month: int, now: datetime, query: str, last: bool = False
) -> tuple[datetime, datetime]:
    """ "the May long weekend", "五月长周末", "九月初那个长周末": the long weekend of the region's Monday holiday in that
    month (`region.LONG_WEEKENDS`: Victoria Day's in Canada, the King's Birthday's in June in Australia; with
    `last`, "五月底", the month's last such holiday); the coming one when the query speaks of a plan, else the
    latest begun. ValueError where the region keeps none then."""
    name = _holiday_in_month(_long_weekend_holidays(query), month, now, last)
    return _holiday_weekend(_holiday(name, None, now, query), name)


def _month_bank_holiday(month: int, now: datetime, query: str, part: str | None) -> tuple[datetime, datetime]:
    """ "五月底那个 bank holiday", "八月的 bank holiday": the Monday bank holiday of that month where the user lives
    (England's, the default; Ireland's `region.BANK_HOLIDAYS`), the first or the last of the month as `part` (初,
    底) says; the latest begun. A month of two said without its part (England's May: the early May and the spring
    bank holiday) is the month, the latest begun."""
    region = _holiday_region(query, "bank holiday") or ""
    names = BANK_HOLIDAYS.get(region, _BANK_HOLIDAYS)
    if part is None and sum(holidays.HOLIDAYS[name](now.year)[0].month == month for name in names) > 1:
        return _past_month(now, month)
    name = _holiday_in_month(names, month, now, part in _LAST_PARTS)
    return _holiday(name, None, now, query)


_LAST_PARTS = ("底", "末", "尾")
"""The parts of a month said after it that name its end ("五月底")."""


def _holiday_in_month(names: tuple[str, ...], month: int, now: datetime, last: bool) -> str:
    """The first (or `last`) of the holidays `names` that falls in `month`; ValueError where none does."""
    found = [name for name in names if holidays.HOLIDAYS[name](now.year)[0].month == month]
    if not found:
        raise ValueError("no such holiday in that month where the user lives")
    return max(found, key=lambda name: holidays.HOLIDAYS[name](now.year)[0]) if last else found[0]


def _sunday(year: int, month: int, nth: int) -> datetime:
    """The `nth` Sunday of a month (-1: its last)."""
    if nth > 0:
        first = datetime(year, month, 1)
        return first + timedelta(days=(6 - first.weekday()) % 7 + 7 * (nth - 1))
    last = datetime(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
    return last - timedelta(days=(last.weekday() + 1) % 7)


def _clock_change(now: datetime, query: str, back: bool | None) -> tuple[datetime, datetime]:
    """The day the clocks last went forward (`back` False), back (True), or either (None), where the user lives
    (`region.CLOCK_CHANGES`): "since the clocks went back", "夏令时开始以后". ValueError where they do not change."""
    days = _clock_change_days(query)
    if days is None:
        raise ValueError("the clocks do not change where the user lives")
    changes = [
        _sunday(year, month, nth)
        for year in (now.year, now.year - 1)
        for index, (month, nth) in enumerate(days)
        if back is None or index == int(back)
    ]
    return _days(max(day for day in changes if day <= now))
