"""Dates written in digits (month first, unless the first number is over 12, the query names a place that
writes the day first, or the user's region writes it so: `region.MONTH_FIRST`) and ISO weeks."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight import prefilter
from hindsight.recall.time.periods.days import _days, _week_around
from hindsight.recall.time.periods.months import _month_day
from hindsight.recall.time.region import _REGION, _day_first


def _parsed(text: str, now: datetime) -> tuple[datetime, datetime]:
    """The range a date said inside a longer expression names ("the week of March 8", "Friday 5 March")."""
    # imported here, not above: parse imports the rules, whose builds call this
    from hindsight.recall.time.parse import _parse_range

    found = _parse_range(text, now)
    if found is None:
        raise ValueError("no date")
    return found.start, found.end


def _week_by_numbers(now: datetime, m: re.Match[str]) -> tuple[datetime, datetime]:
    """ "w/e 3/5", "w/c 8/3", "week ending 3/12": the week ending on (the 7 days to) or beginning with (the
    calendar week holding) a date in digits. Month first, as in the US, unless the first number is over 12,
    the query names a place (or the region is one) that writes the day first, or only the day-first reading
    falls on a day that ends (Friday to Sunday) or begins (Monday or Sunday) a week; the latest such week
    begun."""
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
            _writes_day_first(m.string)
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


def _digits_no_year(now: datetime, first: int, second: int, query: str) -> tuple[datetime, datetime]:
    """ "by 3/31", "due 15/4": month first, as in the US, unless the first number is over 12 or the query names a
    place (or the region is one) that writes the day first; of the year as "on 3/31" reads it."""
    day_first = first > 12 or (second <= 12 and _writes_day_first(query))
    month, day = (second, first) if day_first else (first, second)
    return _month_day(now, month, day)


_DAY_FIRST = prefilter.compile(
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
    r"|\b(?:singaporean|malaysian|hongkong|kl|kuala lumpur|penang|macau|macao)\b|澳门|吉隆坡|槟城|大马|狮城"
    # the thirty-third round: West and East Africa (and Nigerian Pidgin), more of India
    r"|\b(?:nigeria|nigerian|naija|lagos|abuja|ibadan|enugu|kano|port harcourt|wetin|abeg|wahala|ghana|accra"
    r"|kenya|nairobi|mombasa|uganda|kampala|tanzania|johannesburg|joburg|cape town|durban|pretoria|kolkata"
    r"|calcutta|jaipur|goa|kerala|kochi|ahmedabad|lucknow|chandigarh|ooty|shimla|manali|darjeeling)\b",
    re.IGNORECASE,
)
"""Places whose dates are written day first ("the UK site's report dated 04/03/2027" is 4 March)."""


_WRITES_DAY_FIRST = prefilter.compile(r"\b(?:wetin|abeg|wahala|naija)\b", re.IGNORECASE)
"""Words of a register whose writers put the day first (Nigerian Pidgin): they say how the user writes, wherever
the user lives."""


def _writes_day_first(query: str) -> bool:
    """Whether a date in digits in `query` is written day first: without a region, where the query names a place
    (or writes in a register) that writes it so (`_DAY_FIRST`); with one, where the region does, unless a place
    tied to the date writes it otherwise (`region._day_first`, which reads `_DAY_FIRST`'s places too: a place
    said of someone else, "mum's rent in Cebu", "寄給越南婆家的包裹", leaves the order the user writes in), or
    the user writes in a register that puts the day first (`_WRITES_DAY_FIRST`)."""
    if _REGION.get() is None:
        return _DAY_FIRST.search(query) is not None
    return _WRITES_DAY_FIRST.search(query) is not None or _day_first(query, _DAY_FIRST)


def _swapped_in_region(query: str, *seconds: int) -> bool:
    """Whether dates in digits that the parser reads month first wherever the user is (a span "4/3 - 4/9",
    "between 4/3 and 4/9", "the weekend of 4/3") are read day first: only with a region (the default keeps
    them month first), where `_writes_day_first` says so and every second number can be a month."""
    return _REGION.get() is not None and all(second <= 12 for second in seconds) and _writes_day_first(query)


def _numeric_date(first: int, second: int, year: int, query: str) -> tuple[datetime, datetime]:
    """A date in digits with its year ("3/4/2027", "27/02/2027", "7/4/27"): month first, as in the US,
    unless the first number is over 12 or the query names a place (or the region is one) that writes the
    day first."""
    if year < 100:
        year += 2000
    day_first = first > 12 or (second <= 12 and _writes_day_first(query))
    month, day = (second, first) if day_first else (first, second)
    return _days(datetime(year, month, day))


def _bare_date(
    now: datetime, first: int, second: int, query: str, dotted: bool = False
) -> tuple[datetime, datetime]:
    """A date in digits without its year ("4/3 那天"): month first, unless the query names a place (or the
    region is one) that writes the day first ("新加坡那边的发票写 4/3" is 4 March), as a date with its year
    is read. Dotted in Chinese ("3.8那天", "12.5那天"), month first wherever the user lives, unless the query names
    a place that writes the day first: 3.8 is 三八, as 5.1, 6.18 and 11.11 are in Chinese everywhere."""
    if dotted:
        day_first = second <= 12 and _DAY_FIRST.search(query) is not None
        return _month_day(now, *((second, first) if day_first else (first, second)))
    return _month_day(now, *_month_and_day(first, second, query))


def _month_and_day(first: int, second: int, query: str, regional: bool = False) -> tuple[int, int]:
    """The month and the day of a date in digits without its year, as `_bare_date` reads them; `regional`: for
    a rule that reads it month first wherever the user is unless a region says otherwise (`_swapped_in_region`)."""
    if regional:
        return (second, first) if _swapped_in_region(query, second) else (first, second)
    return (second, first) if second <= 12 and _writes_day_first(query) else (first, second)


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


_OTHER_WEEKS = prefilter.compile(
    r"孕|怀孕|产检|学期|课|培训|训练|疗程|化疗|\bpregnan|\bscan\b|\btrimester|\bsemester|\bterm\b|\bcourse"
    r"|\bprogram|\bclass|\btraining|\bpostpartum|\bgestation",
    re.IGNORECASE,
)


_SPRINT = prefilter.compile(r"\bsprint\b", re.IGNORECASE)
"""A sprint's weeks are numbered from its start ("week 2 of the sprint"); a week number over 6 beside one is a
calendar week ("sprint 23 ran wk31 to wk32")."""


def _digit_span(
    now: datetime, month: int, day: int, end_month: int, end_day: int, query: str = ""
) -> tuple[datetime, datetime]:
    """ "4/13 thru 4/17": from the latest such first day passed to the second, both included (day first where
    the region writes it so: `_swapped_in_region`)."""
    if _swapped_in_region(query, day, end_day):
        month, day, end_month, end_day = day, month, end_day, end_month
    start = _month_day(now, month, day)[0]
    end = datetime(start.year + (end_month < month), end_month, end_day)
    if end < start:
        raise ValueError("a span that ends before it starts")
    return start, end + timedelta(days=1)
