"""Holidays a query may name a time by ("what did the kids get for Christmas", "国庆那几天", "除夕那天晚上"):
which days each covers in a given year. time/periods/holiday_days.py resolves the year (the one named,
else the latest in which the holiday has begun).

The lunar holidays (春节, 除夕, 端午, 中秋) come from a table of their Gregorian dates, computed once
with the `lunardate` package (not a dependency) for 2015-2040; outside it they name no range."""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import partial

from hindsight.recall import holiday_tables

_LUNAR = {
    # year: (正月初一, 端午, 中秋)
    2015: ("2015-02-19", "2015-06-20", "2015-09-27"),
    2016: ("2016-02-08", "2016-06-09", "2016-09-15"),
    2017: ("2017-01-28", "2017-05-30", "2017-10-04"),
    2018: ("2018-02-16", "2018-06-18", "2018-09-24"),
    2019: ("2019-02-05", "2019-06-07", "2019-09-13"),
    2020: ("2020-01-25", "2020-06-25", "2020-10-01"),
    2021: ("2021-02-12", "2021-06-14", "2021-09-21"),
    2022: ("2022-02-01", "2022-06-03", "2022-09-10"),
    2023: ("2023-01-22", "2023-06-22", "2023-09-29"),
    2024: ("2024-02-10", "2024-06-10", "2024-09-17"),
    2025: ("2025-01-29", "2025-05-31", "2025-10-06"),
    2026: ("2026-02-17", "2026-06-19", "2026-09-25"),
    2027: ("2027-02-06", "2027-06-09", "2027-09-15"),
    2028: ("2028-01-26", "2028-05-28", "2028-10-03"),
    2029: ("2029-02-13", "2029-06-16", "2029-09-22"),
    2030: ("2030-02-03", "2030-06-05", "2030-09-12"),
    2031: ("2031-01-23", "2031-06-24", "2031-10-01"),
    2032: ("2032-02-11", "2032-06-12", "2032-09-19"),
    2033: ("2033-01-31", "2033-06-01", "2033-09-08"),
    2034: ("2034-02-19", "2034-06-20", "2034-09-27"),
    2035: ("2035-02-08", "2035-06-10", "2035-09-16"),
    2036: ("2036-01-28", "2036-05-30", "2036-10-04"),
    2037: ("2037-02-15", "2037-06-18", "2037-09-24"),
    2038: ("2038-02-04", "2038-06-07", "2038-09-13"),
    2039: ("2039-01-24", "2039-05-27", "2039-10-02"),
    2040: ("2040-02-12", "2040-06-14", "2040-09-20"),
}

_LUNAR_MORE = {
    # year: (元宵 正月十五, 七夕 七月初七, 重阳 九月初九)
    2015: ("2015-03-05", "2015-08-20", "2015-10-21"),
    2016: ("2016-02-22", "2016-08-09", "2016-10-09"),
    2017: ("2017-02-11", "2017-08-28", "2017-10-28"),
    2018: ("2018-03-02", "2018-08-17", "2018-10-17"),
    2019: ("2019-02-19", "2019-08-07", "2019-10-07"),
    2020: ("2020-02-08", "2020-08-25", "2020-10-25"),
    2021: ("2021-02-26", "2021-08-14", "2021-10-14"),
    2022: ("2022-02-15", "2022-08-04", "2022-10-04"),
    2023: ("2023-02-05", "2023-08-22", "2023-10-23"),
    2024: ("2024-02-24", "2024-08-10", "2024-10-11"),
    2025: ("2025-02-12", "2025-08-29", "2025-10-29"),
    2026: ("2026-03-03", "2026-08-19", "2026-10-18"),
    2027: ("2027-02-20", "2027-08-08", "2027-10-08"),
    2028: ("2028-02-09", "2028-08-26", "2028-10-26"),
    2029: ("2029-02-27", "2029-08-16", "2029-10-16"),
    2030: ("2030-02-17", "2030-08-05", "2030-10-05"),
    2031: ("2031-02-06", "2031-08-24", "2031-10-24"),
    2032: ("2032-02-25", "2032-08-12", "2032-10-12"),
    2033: ("2033-02-14", "2033-08-01", "2033-10-01"),
    2034: ("2034-03-05", "2034-08-20", "2034-10-20"),
    2035: ("2035-02-22", "2035-08-10", "2035-10-09"),
    2036: ("2036-02-11", "2036-08-28", "2036-10-27"),
    2037: ("2037-03-01", "2037-08-17", "2037-10-17"),
    2038: ("2038-02-18", "2038-08-07", "2038-10-07"),
    2039: ("2039-02-07", "2039-08-26", "2039-10-26"),
    2040: ("2040-02-26", "2040-08-14", "2040-10-14"),
}

_BUDDHAS_BIRTHDAY = {
    # 佛诞, the eighth day of the fourth lunar month (as Hong Kong and Macau keep it; Vesak, kept at the
    # full moon in Singapore and Malaysia, is another day and is not read)
    2015: (5, 25), 2016: (5, 14), 2017: (5, 3), 2018: (5, 22), 2019: (5, 12),
    2020: (4, 30), 2021: (5, 19), 2022: (5, 8), 2023: (5, 26), 2024: (5, 15),
    2025: (5, 5), 2026: (5, 24), 2027: (5, 13), 2028: (5, 2), 2029: (5, 20),
    2030: (5, 9), 2031: (5, 28), 2032: (5, 16), 2033: (5, 6), 2034: (5, 25),
    2035: (5, 15), 2036: (5, 3), 2037: (5, 22), 2038: (5, 11), 2039: (4, 30),
    2040: (5, 18),
}  # fmt: skip

_LUNAR_MONTHS = {
    # year: (腊月初一 before that year's 春节, 二月初一)
    2015: ("2015-01-20", "2015-03-20"),
    2016: ("2016-01-10", "2016-03-09"),
    2017: ("2016-12-29", "2017-02-26"),
    2018: ("2018-01-17", "2018-03-17"),
    2019: ("2019-01-06", "2019-03-07"),
    2020: ("2019-12-26", "2020-02-23"),
    2021: ("2021-01-13", "2021-03-13"),
    2022: ("2022-01-03", "2022-03-03"),
    2023: ("2022-12-23", "2023-02-20"),
    2024: ("2024-01-11", "2024-03-10"),
    2025: ("2024-12-31", "2025-02-28"),
    2026: ("2026-01-19", "2026-03-19"),
    2027: ("2027-01-08", "2027-03-08"),
    2028: ("2027-12-28", "2028-02-25"),
    2029: ("2029-01-15", "2029-03-15"),
    2030: ("2030-01-04", "2030-03-04"),
    2031: ("2030-12-25", "2031-02-21"),
    2032: ("2032-01-13", "2032-03-12"),
    2033: ("2033-01-01", "2033-03-01"),
    2034: ("2034-01-20", "2034-03-20"),
    2035: ("2035-01-09", "2035-03-10"),
    2036: ("2035-12-29", "2036-02-27"),
    2037: ("2037-01-16", "2037-03-17"),
    2038: ("2038-01-05", "2038-03-06"),
    2039: ("2038-12-26", "2039-02-23"),
    2040: ("2040-01-14", "2040-03-13"),
}

Days = tuple[datetime, datetime]


def _on(year: int, month: int, day: int, count: int = 1) -> Days:
    start = datetime(year, month, day)
    return start, start + timedelta(days=count)


def _nth_weekday(year: int, month: int, weekday: int, nth: int) -> datetime:
    first = datetime(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (nth - 1))


def _st_brigids_weekend(year: int) -> Days:
    """Ireland's St Brigid's Day bank holiday weekend: the holiday is the first Monday of February, or 1
    February itself when it is a Friday (the Organisation of Working Time (Public Holiday) Regulations 2022);
    Saturday to that Monday, or that Friday to the Sunday."""
    if datetime(year, 2, 1).weekday() == 4:
        return datetime(year, 2, 1), datetime(year, 2, 4)
    monday = _nth_weekday(year, 2, 0, 1)
    return monday - timedelta(days=2), monday + timedelta(days=1)


def _easter(year: int) -> datetime:
    """Western Easter Sunday (the anonymous Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    g = (8 * b + 13) // 25
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741 - the computus's own name
    m = (a + 11 * h + 19 * l) // 433
    month = (h + l - 7 * m + 90) // 25
    return datetime(year, month, (h + l - 7 * m + 33 * month + 19) % 32)


def _lunar(year: int, which: int, offset: int = 0, count: int = 1) -> Days:
    dates = _LUNAR[year] + _LUNAR_MORE[year]  # KeyError: a year outside the table
    start = datetime.fromisoformat(dates[which]) + timedelta(days=offset)
    return start, start + timedelta(days=count)


def _lunar_month(year: int, which: str) -> Days:
    """腊月 (the twelfth lunar month, before the year's 春节) or 正月 (the first), as Gregorian days."""
    twelfth, second = _LUNAR_MONTHS[year]  # KeyError: a year outside the table
    new_year = datetime.fromisoformat(_LUNAR[year][0])
    if which == "twelfth":
        return datetime.fromisoformat(twelfth), new_year
    return new_year, datetime.fromisoformat(second)


def day_of(month: Days, day: int) -> Days:
    """Day `day` of a month given as its days (a lunar month: 腊八, "腊月二十三", "正月初六");
    ValueError past its end."""
    start = month[0] + timedelta(days=day - 1)
    if start >= month[1]:
        raise ValueError("no such day in that month")
    return start, start + timedelta(days=1)


def _nearest_monday(day: datetime) -> datetime:
    """The Monday nearest `day` (a Friday or Saturday's is the one after; a Tuesday to Thursday's, before)."""
    back = day.weekday()
    return day - timedelta(days=back) if back <= 3 else day + timedelta(days=7 - back)


def _seventh_lunar_month(year: int) -> Days:
    """The seventh lunar month of `year`: its first day six days before 七夕 (the 7th), its last the day
    before the eighth month's first (fourteen days before 中秋, the 15th). KeyError outside the tables."""
    qixi = datetime.fromisoformat(_LUNAR_MORE[year][1])
    mid_autumn = datetime.fromisoformat(_LUNAR[year][2])
    return qixi - timedelta(days=6), mid_autumn - timedelta(days=14)


def _weekday_on_or_after(day: datetime) -> datetime:
    """`day`, or the Monday after it when it falls on a Saturday or a Sunday."""
    return day + timedelta(days=(7 - day.weekday()) % 7 if day.weekday() >= 5 else 0)


def _on_date(day: datetime) -> Days:
    return day, day + timedelta(days=1)


def _sun_longitude(days_since_j2000: float) -> float:
    """The sun's apparent ecliptic longitude in degrees (Meeus, Astronomical Algorithms ch. 25, the
    low-accuracy series: about 0.01 degrees, a quarter of an hour of the sun's motion)."""
    t = days_since_j2000 / 36525.0
    mean_longitude = 280.46646 + 36000.76983 * t + 0.0003032 * t * t
    anomaly = math.radians(357.52911 + 35999.05029 * t - 0.0001537 * t * t)
    centre = (
        (1.914602 - 0.004817 * t - 0.000014 * t * t) * math.sin(anomaly)
        + (0.019993 - 0.000101 * t) * math.sin(2 * anomaly)
        + 0.000289 * math.sin(3 * anomaly)
    )
    node = math.radians(125.04 - 1934.136 * t)
    return (mean_longitude + centre - 0.00569 - 0.00478 * math.sin(node)) % 360.0


_J2000 = datetime(2000, 1, 1, 12)
_CHINA = timedelta(hours=8)


def _solar_term_day(year: int, month: int, longitude: float) -> int:
    """The day of `month` on which the sun reaches `longitude` in China's time (清明 15, 冬至 270,
    立春 315 degrees). The usual shortcut formula, [Y x 0.2422 + C] - [Y / 4], is a day off in
    some years (立冬 2027); this finds the moment, a few minutes either way."""
    moment = datetime(year, month, 15) - _CHINA
    for _ in range(6):  # the sun moves ~0.9856 degrees a day; each step shrinks the error ~100x
        days = (moment - _J2000).total_seconds() / 86400.0
        behind = (longitude - _sun_longitude(days) + 180.0) % 360.0 - 180.0
        moment += timedelta(days=behind / 0.9856)
    return (moment + _CHINA).day


_MOVABLE_ABROAD = {
    # the twenty-sixth round, second wave: holidays of English written in South and Southeast Asia, the
    # Middle East, East Africa and New Zealand, kept by a calendar of their own (first days as most keep them)
    "eid al-fitr": {
        2020: "2020-05-24", 2021: "2021-05-13", 2022: "2022-05-02", 2023: "2023-04-21", 2024: "2024-04-10",
        2025: "2025-03-30", 2026: "2026-03-20", 2027: "2027-03-09", 2028: "2028-02-26", 2029: "2029-02-14",
        2030: "2030-02-04",
    },
    "eid al-adha": {
        2020: "2020-07-31", 2021: "2021-07-20", 2022: "2022-07-09", 2023: "2023-06-28", 2024: "2024-06-16",
        2025: "2025-06-06", 2026: "2026-05-27", 2027: "2027-05-16", 2028: "2028-05-05", 2029: "2029-04-24",
        2030: "2030-04-13",
    },
    "ramadan": {
        2020: "2020-04-24", 2021: "2021-04-13", 2022: "2022-04-02", 2023: "2023-03-23", 2024: "2024-03-11",
        2025: "2025-03-01", 2026: "2026-02-18", 2027: "2027-02-08", 2028: "2028-01-28", 2029: "2029-01-16",
        2030: "2030-01-06",
    },
    "holi": {
        2020: "2020-03-10", 2021: "2021-03-29", 2022: "2022-03-18", 2023: "2023-03-08", 2024: "2024-03-25",
        2025: "2025-03-14", 2026: "2026-03-04", 2027: "2027-03-22", 2028: "2028-03-11", 2029: "2029-03-01",
        2030: "2030-03-20",
    },
    "diwali": {
        2020: "2020-11-14", 2021: "2021-11-04", 2022: "2022-10-24", 2023: "2023-11-12", 2024: "2024-10-31",
        2025: "2025-10-20", 2026: "2026-11-08", 2027: "2027-10-29", 2028: "2028-10-17", 2029: "2029-11-05",
        2030: "2030-10-26",
    },
    # New Zealand's Matariki public holiday, kept since 2022
    "matariki": {
        2022: "2022-06-24", 2023: "2023-07-14", 2024: "2024-06-28", 2025: "2025-06-20", 2026: "2026-07-10",
        2027: "2027-06-25", 2028: "2028-07-14", 2029: "2029-07-06", 2030: "2030-06-21",
    },
}  # fmt: skip


def _movable(name: str, year: int) -> Days:
    """A holiday of `_MOVABLE_ABROAD` in `year` (KeyError: a year outside its table); Ramadan is its month
    of days, to the day before Eid al-Fitr."""
    start = datetime.fromisoformat(_MOVABLE_ABROAD[name][year])
    if name == "ramadan":
        return start, datetime.fromisoformat(_MOVABLE_ABROAD["eid al-fitr"][year])
    return _on_date(start)


def _thanksgiving(year: int) -> datetime:
    return _nth_weekday(year, 11, 3, 4)


HOLIDAYS: dict[str, Callable[[int], Days]] = {
    "christmas eve": lambda y: _on(y, 12, 24),
    "christmas": lambda y: _on(y, 12, 25),
    "new year's eve": lambda y: _on(y, 12, 31),
    "new year's day": lambda y: _on(y, 1, 1),
    "valentine's day": lambda y: _on(y, 2, 14),
    "songkran": lambda y: _on(y, 4, 13, 3),
    "halloween": lambda y: _on(y, 10, 31),
    "singles' day": lambda y: _on(y, 11, 11),
    "double twelve": lambda y: _on(y, 12, 12),
    "618": lambda y: _on(y, 6, 18),
    "520": lambda y: _on(y, 5, 20),
    "thanksgiving": lambda y: (_thanksgiving(y), _thanksgiving(y) + timedelta(days=1)),
    "black friday": lambda y: (_thanksgiving(y) + timedelta(days=1), _thanksgiving(y) + timedelta(days=2)),
    "cyber monday": lambda y: _on_date(_thanksgiving(y) + timedelta(days=4)),
    "mother's day": lambda y: (_nth_weekday(y, 5, 6, 2), _nth_weekday(y, 5, 6, 2) + timedelta(days=1)),
    "father's day": lambda y: (_nth_weekday(y, 6, 6, 3), _nth_weekday(y, 6, 6, 3) + timedelta(days=1)),
    "easter": lambda y: (_easter(y), _easter(y) + timedelta(days=1)),
    "national day": lambda y: _on(y, 10, 1, 7),
    "labour day": lambda y: _on(y, 5, 1, 5),
    "spring festival": lambda y: _lunar(y, 0, 0, 7),
    "lunar new year": lambda y: _lunar(y, 0),
    "new year's eve (lunar)": lambda y: _lunar(y, 0, -1),
    "dragon boat": lambda y: _lunar(y, 1),
    "mid-autumn": lambda y: _lunar(y, 2),
    # Hong Kong's and Macau's public holiday for the Mid-Autumn Festival is the day after it (Hong Kong's
    # General Holidays Ordinance, Cap. 149: "the day following the Chinese Mid-Autumn Festival"; Macau's
    # 中秋節翌日)
    "mid-autumn holiday (hong kong)": lambda y: _lunar(y, 2, 1),
    "chuseok": lambda y: _lunar(y, 2, -1, 3),
    "seollal": lambda y: _lunar(y, 0, -1, 3),
    "lantern festival": lambda y: _lunar(y, 3),
    "qixi": lambda y: _lunar(y, 4),
    "ghost festival": lambda y: _lunar(y, 4, 8),
    "weiya": lambda y: day_of(_lunar_month(y, "twelfth"), 16),
    "hksar establishment day": lambda y: _on(y, 7, 1),
    "malaysia day": lambda y: _on(y, 9, 16),
    # Macau's handover day (澳門特別行政區成立紀念日, 20 December), which
    # Macau calls 回歸紀念日 as Hong Kong calls its 1 July; Hong Kong's "first weekday after Christmas Day"
    # (聖誕節後第一個周日, the General Holidays Ordinance's: the first day after 25 December that is not a
    # Sunday), read as the first Sunday after Christmas elsewhere
    "macau sar establishment day": lambda y: _on(y, 12, 20),
    "first weekday after christmas (hong kong)": lambda y: _on_date(
        datetime(y, 12, 26) + timedelta(days=datetime(y, 12, 26).weekday() == 6)
    ),
    "first sunday after christmas": lambda y: _on_date(
        datetime(y, 12, 26) + timedelta(days=(6 - datetime(y, 12, 26).weekday()) % 7)
    ),
    "merdeka day": lambda y: _on(y, 8, 31),
    "double ninth": lambda y: _lunar(y, 5),
    "boxing day": lambda y: _on(y, 12, 26),
    "canada day": lambda y: _on(y, 7, 1),
    "national day (taiwan)": lambda y: _on(y, 10, 10),
    # the twenty-sixth round, second wave: Singapore's National Day (the parade, NDP, is that evening)
    "national day (singapore)": lambda y: _on(y, 8, 9),
    "peace memorial day": lambda y: _on(y, 2, 28),
    "michaelmas": lambda y: _on(y, 9, 29),
    "twelfth lunar month": lambda y: _lunar_month(y, "twelfth"),
    "first lunar month": lambda y: _lunar_month(y, "first"),
    "laba": lambda y: day_of(_lunar_month(y, "twelfth"), 8),
    "buddha's birthday": lambda y: _on(y, *_BUDDHAS_BIRTHDAY[y]),
    "eid al-fitr": partial(_movable, "eid al-fitr"),
    "eid al-adha": partial(_movable, "eid al-adha"),
    "ramadan": partial(_movable, "ramadan"),
    "holi": partial(_movable, "holi"),
    "diwali": partial(_movable, "diwali"),
    "matariki": partial(_movable, "matariki"),
    "orthodox christmas": lambda y: _on(y, 1, 7),
    "madaraka day": lambda y: _on(y, 6, 1),
    "mashujaa day": lambda y: _on(y, 10, 20),
    "jamhuri day": lambda y: _on(y, 12, 12),
    "st jean baptiste day": lambda y: _on(y, 6, 24),
    "lohri": lambda y: _on(y, 1, 13),
    # the Super Bowl: the second Sunday of February since 2022, the first before
    "super bowl": lambda y: _on_date(_nth_weekday(y, 2, 6, 2 if y >= 2022 else 1)),
    # the twenty-sixth round, second wave: Vesak Day (Singapore, Malaysia), the full moon a week after 佛诞
    "vesak day": lambda y: _on_date(_on(y, *_BUDDHAS_BIRTHDAY[y])[0] + timedelta(days=7)),
    "little new year": lambda y: day_of(_lunar_month(y, "twelfth"), 23),
    "st patrick's day": lambda y: _on(y, 3, 17),
    "australia day": lambda y: _on(y, 1, 26),
    "independence day": lambda y: _on(y, 7, 4),
    "indian independence day": lambda y: _on(y, 8, 15),
    # the thirtieth round: Independence Day where the query names the country (Nigeria, Ghana, Pakistan, the
    # Philippines; Kenya's is Jamhuri Day, Malaysia's Merdeka Day)
    "nigerian independence day": lambda y: _on(y, 10, 1),
    "ghanaian independence day": lambda y: _on(y, 3, 6),
    "pakistani independence day": lambda y: _on(y, 8, 14),
    "philippine independence day": lambda y: _on(y, 6, 12),
    "king's day": lambda y: _on(y, 4, 27),
    "all saints' day": lambda y: _on(y, 11, 1),
    "fifth day of the lunar new year": lambda y: _lunar(y, 0, 4),
    "canadian thanksgiving": lambda y: _on_date(_nth_weekday(y, 10, 0, 2)),
    "civic holiday": lambda y: _on_date(_nth_weekday(y, 8, 0, 1)),
    # the forty-first round: the second Monday of October in the United States
    "columbus day": lambda y: _on_date(_nth_weekday(y, 10, 0, 2)),
    "dragon raises its head": lambda y: _on_date(
        datetime.fromisoformat(_LUNAR_MONTHS[y][1]) + timedelta(days=1)
    ),
    "hogmanay": lambda y: _on(y, 12, 31),
    "anzac day": lambda y: _on(y, 4, 25),
    "waitangi day": lambda y: _on(y, 2, 6),
    "burns night": lambda y: _on(y, 1, 25),
    "bonfire night": lambda y: _on(y, 11, 5),
    "remembrance day": lambda y: _on(y, 11, 11),
    "st andrew's day": lambda y: _on(y, 11, 30),
    "st david's day": lambda y: _on(y, 3, 1),
    "st george's day": lambda y: _on(y, 4, 23),
    "april fools' day": lambda y: _on(y, 4, 1),
    "may day": lambda y: _on(y, 5, 1),
    "juneteenth": lambda y: _on(y, 6, 19),
    "memorial day": lambda y: _on_date(_nth_weekday(y, 6, 0, 1) - timedelta(days=7)),
    "spring bank holiday": lambda y: _on_date(_nth_weekday(y, 6, 0, 1) - timedelta(days=7)),
    "early may bank holiday": lambda y: _on_date(_nth_weekday(y, 5, 0, 1)),
    "summer bank holiday": lambda y: _on_date(_nth_weekday(y, 9, 0, 1) - timedelta(days=7)),
    "labor day": lambda y: _on_date(_nth_weekday(y, 9, 0, 1)),
    "june bank holiday": lambda y: _on_date(_nth_weekday(y, 6, 0, 1)),
    "october bank holiday": lambda y: _on_date(_nth_weekday(y, 11, 0, 1) - timedelta(days=7)),
    "family day": lambda y: _on_date(_nth_weekday(y, 2, 0, 3)),
    "st brigid's day": lambda y: _on(y, 2, 1),
    # Ireland's St Brigid's weekend (its bank holiday's long weekend), Canada's Boxing
    # Week (its sales, 26 to 31 December), the Philippines' Undas (All Saints' and All Souls' Days, 1-2
    # November), Taiwan's Youth Day (青年節, 29 March) and China's May Fourth Youth Day (五四青年节, 4 May)
    "st brigid's weekend (ireland)": _st_brigids_weekend,
    # the fiftieth round: the bank holiday itself (February's first Monday, or 1 February when a Friday)
    "st brigid's bank holiday (ireland)": lambda y: _on_date(
        datetime(y, 2, 1) if datetime(y, 2, 1).weekday() == 4 else _nth_weekday(y, 2, 0, 1)
    ),
    "boxing week": lambda y: _on(y, 12, 26, 6),
    "undas": lambda y: _on(y, 11, 1, 2),
    "youth day (taiwan)": lambda y: _on(y, 3, 29),
    "may fourth youth day": lambda y: _on(y, 5, 4),
    "reconciliation day": lambda y: _on(y, 12, 16),
    "youth day": lambda y: _on(y, 6, 16),
    "human rights day": lambda y: _on(y, 3, 21),
    "presidents' day": lambda y: _on_date(_nth_weekday(y, 2, 0, 3)),
    "martin luther king day": lambda y: _on_date(_nth_weekday(y, 1, 0, 3)),
    "victoria day": lambda y: _on_date(
        _nth_weekday(y, 5, 0, 4) - timedelta(days=7 * (_nth_weekday(y, 5, 0, 4).day > 24))
    ),
    "good friday": lambda y: _on_date(_easter(y) - timedelta(days=2)),
    "easter monday": lambda y: _on_date(_easter(y) + timedelta(days=1)),
    # New Zealand's Labour Day, the fourth Monday of October, named by the long weekend it ends
    "labour weekend (new zealand)": lambda y: (
        _nth_weekday(y, 10, 0, 4) - timedelta(days=2),
        _nth_weekday(y, 10, 0, 4) + timedelta(days=1),
    ),
    "shrove tuesday": lambda y: _on_date(_easter(y) - timedelta(days=47)),
    "ash wednesday": lambda y: _on_date(_easter(y) - timedelta(days=46)),
    "remembrance sunday": lambda y: _on_date(_nth_weekday(y, 11, 6, 2)),
    "gandhi jayanti": lambda y: _on(y, 10, 2),
    "palm sunday": lambda y: _on_date(_easter(y) - timedelta(days=7)),
    # the fiftieth round: Holy Week, Palm Sunday to Holy (Black) Saturday (Semana Santa, Mahal na Araw in the
    # Philippines), as two of the round's three authors who wrote it read it
    "holy week": lambda y: (_easter(y) - timedelta(days=7), _easter(y)),
    "noche buena": lambda y: _on(y, 12, 24),
    "rizal day": lambda y: _on(y, 12, 30),
    "freedom day": lambda y: _on(y, 4, 27),
    "heritage day": lambda y: _on(y, 9, 24),
    "army day": lambda y: _on(y, 8, 1),
    "water-splashing festival": lambda y: _on(y, 4, 13, 3),
    "republic day": lambda y: _on(y, 1, 26),
    "mothering sunday": lambda y: _on_date(_easter(y) - timedelta(days=21)),
    "melbourne cup": lambda y: _on_date(_nth_weekday(y, 11, 1, 1)),
    "lunar new year day 2": lambda y: _lunar(y, 0, 1),
    "the eve of new year's eve (lunar)": lambda y: _lunar(y, 0, -2),
    "lunar new year day 3": lambda y: _lunar(y, 0, 2),
    "qingming": lambda y: _on(y, 4, _solar_term_day(y, 4, 15)),
    "winter solstice": lambda y: _on(y, 12, _solar_term_day(y, 12, 270)),
    "start of spring": lambda y: _on(y, 2, _solar_term_day(y, 2, 315)),
    "awakening of insects": lambda y: _on(y, 3, _solar_term_day(y, 3, 345)),
    "spring equinox": lambda y: _on(y, 3, _solar_term_day(y, 3, 0)),
    "start of summer": lambda y: _on(y, 5, _solar_term_day(y, 5, 45)),
    "summer solstice": lambda y: _on(y, 6, _solar_term_day(y, 6, 90)),
    "start of autumn": lambda y: _on(y, 8, _solar_term_day(y, 8, 135)),
    "autumn equinox": lambda y: _on(y, 9, _solar_term_day(y, 9, 180)),
    "start of winter": lambda y: _on(y, 11, _solar_term_day(y, 11, 225)),
    "children's day": lambda y: _on(y, 6, 1),
    "women's day": lambda y: _on(y, 3, 8),
    # the thirty-third round: South Africa's Women's Day, Nigeria's Democracy Day, Northern Ireland's Twelfth
    "south african women's day": lambda y: _on(y, 8, 9),
    "nigerian democracy day": lambda y: _on(y, 6, 12),
    "orangemen's day": lambda y: _on(y, 7, 12),
    "teachers' day": lambda y: _on(y, 9, 10),
    "party founding day": lambda y: _on(y, 7, 1),
    # the same holidays' days in the regions that keep them on other days (time/region.py says which region
    # reads which, and why)
    "father's day (australia)": lambda y: _on_date(_nth_weekday(y, 9, 6, 1)),
    "father's day (taiwan)": lambda y: _on(y, 8, 8),
    "labour day (new zealand)": lambda y: _on_date(_nth_weekday(y, 10, 0, 4)),
    "labour day (new south wales)": lambda y: _on_date(_nth_weekday(y, 10, 0, 1)),
    "national day (hong kong)": lambda y: _on(y, 10, 1),
    "national day (macau)": lambda y: _on(y, 10, 1, 2),
    "children's day (taiwan)": lambda y: _on(y, 4, 4),
    "children's day (japan, korea)": lambda y: _on(y, 5, 5),
    "teachers' day (taiwan)": lambda y: _on(y, 9, 28),
    "teachers' day (malaysia)": lambda y: _on(y, 5, 16),
    "golden week (japan)": lambda y: _on(y, 4, 29, 7),
    "august bank holiday (ireland)": lambda y: _on_date(_nth_weekday(y, 8, 0, 1)),
    # the thirty-fourth round (time/region.py says which region reads which, and why): India's Children's
    # Day (Nehru's birthday) and Teachers' Day (Radhakrishnan's), Nigeria's Children's Day, Singapore's
    # Teachers' Day (a school holiday, the first Friday of September)
    "children's day (india)": lambda y: _on(y, 11, 14),
    "children's day (nigeria)": lambda y: _on(y, 5, 27),
    "teachers' day (india)": lambda y: _on(y, 9, 5),
    "teachers' day (singapore)": lambda y: _on_date(_nth_weekday(y, 9, 4, 1)),
    # the King's Birthday holiday: the second Monday of June in most of Australia, the first Monday of June in
    # New Zealand, the first Monday of October in Queensland
    "king's birthday": lambda y: _on_date(_nth_weekday(y, 6, 0, 2)),
    "king's birthday (new zealand)": lambda y: _on_date(_nth_weekday(y, 6, 0, 1)),
    "king's birthday (queensland)": lambda y: _on_date(_nth_weekday(y, 10, 0, 1)),
    # Labour Day in the Australian states that keep it in March or May (New South Wales's, in October, is
    # above)
    "labour day (victoria)": lambda y: _on_date(_nth_weekday(y, 3, 0, 2)),
    "labour day (western australia)": lambda y: _on_date(_nth_weekday(y, 3, 0, 1)),
    "labour day (queensland)": lambda y: _on_date(_nth_weekday(y, 5, 0, 1)),
    # Obon (お盆) as most of Japan keeps it, 13-16 August
    "obon (japan)": lambda y: _on(y, 8, 13, 4),
    # the days South and Southeast Asia and the Gulf keep on dates of their own (time/region.py says which
    # region reads which): Thailand's Mother's Day (Queen Sirikit's birthday) and Father's Day (King
    # Bhumibol's), Indonesia's Hari Ibu and Hari Ayah, the Arab world's Mother's Day (21 March, the equinox)
    "mother's day (thailand)": lambda y: _on(y, 8, 12),
    "mother's day (indonesia)": lambda y: _on(y, 12, 22),
    "mother's day (arab world)": lambda y: _on(y, 3, 21),
    "father's day (thailand)": lambda y: _on(y, 12, 5),
    "father's day (indonesia)": lambda y: _on(y, 11, 12),
    # Thailand's Children's Day is the second Saturday of January; Singapore's school holiday for it the first
    # Friday of October; Indonesia's Hari Anak Nasional 23 July; Vietnam's Teachers' Day 20 November
    "children's day (thailand)": lambda y: _on_date(_nth_weekday(y, 1, 5, 2)),
    "children's day (singapore)": lambda y: _on_date(_nth_weekday(y, 10, 4, 1)),
    "children's day (indonesia)": lambda y: _on(y, 7, 23),
    "teachers' day (vietnam)": lambda y: _on(y, 11, 20),
    # Singapore's Youth Day is the first Sunday of July
    "youth day (singapore)": lambda y: _on_date(_nth_weekday(y, 7, 6, 1)),
    # national days: Saudi Arabia's (23 September) and Founding Day (22 February), the United Arab Emirates'
    # (2 December), Vietnam's (2 September), Indonesia's Independence Day (17 August), Bangladesh's Victory
    # Day (16 December); Victory Day elsewhere is 9 May (Russia's and most of the former Soviet Union's)
    "national day (saudi arabia)": lambda y: _on(y, 9, 23),
    "saudi founding day": lambda y: _on(y, 2, 22),
    "national day (uae)": lambda y: _on(y, 12, 2),
    "national day (vietnam)": lambda y: _on(y, 9, 2),
    "indonesian independence day": lambda y: _on(y, 8, 17),
    "victory day": lambda y: _on(y, 5, 9),
    "victory day (bangladesh)": lambda y: _on(y, 12, 16),
    # the Philippines' National Heroes Day is the last Monday of August; Indonesia's Hari Pahlawan 10 November
    "national heroes day (philippines)": lambda y: _on_date(_nth_weekday(y, 9, 0, 1) - timedelta(days=7)),
    "heroes' day (indonesia)": lambda y: _on(y, 11, 10),
    # the forty-ninth round: Sri Lanka's Independence Day (4 February); Jamaica's Labour Day (23 May),
    # its "Emancipendence" (Emancipation Day, 1 August, to Independence Day, 6 August) and National Heroes
    # Day (the third Monday of October); Ghana's Farmers' Day (the first Friday of December); the United
    # States' Election Day (the Tuesday after the first Monday of November), Patriots' Day (Massachusetts
    # and Maine: the third Monday of April); Auckland's Anniversary Day (the Monday nearest 29 January);
    # Malaysia's King's Birthday (the Agong's, the first Monday of June); the Jade Emperor's birthday
    # (天公生, the 9th of the first lunar month); the seventh lunar month (the ghost month, 鬼月)
    "sri lankan independence day": lambda y: _on(y, 2, 4),
    # the fiftieth round: Jamaica's Independence Day (6 August), Trinidad and Tobago's (31 August); Taiwan's
    # Retrocession Day (光復節, 25 October, a public holiday again since 2025); Nigeria's Democracy Day
    # (12 June); the eve of the US Thanksgiving
    "jamaican independence day": lambda y: _on(y, 8, 6),
    "trinidad and tobago independence day": lambda y: _on(y, 8, 31),
    "retrocession day": lambda y: _on(y, 10, 25),
    "democracy day (nigeria)": lambda y: _on(y, 6, 12),
    "thanksgiving eve": lambda y: _on_date(_thanksgiving(y) - timedelta(days=1)),
    "labour day (jamaica)": lambda y: _on(y, 5, 23),
    "emancipendence": lambda y: _on(y, 8, 1, 6),
    "national heroes day (jamaica)": lambda y: _on_date(_nth_weekday(y, 10, 0, 3)),
    "farmers' day (ghana)": lambda y: _on_date(_nth_weekday(y, 12, 4, 1)),
    "election day (us)": lambda y: _on_date(_nth_weekday(y, 11, 0, 1) + timedelta(days=1)),
    "patriots' day": lambda y: _on_date(_nth_weekday(y, 4, 0, 3)),
    "auckland anniversary day": lambda y: _on_date(_nearest_monday(datetime(y, 1, 29))),
    "king's birthday (malaysia)": lambda y: _on_date(_nth_weekday(y, 6, 0, 1)),
    "jade emperor's birthday": lambda y: day_of(_lunar_month(y, "first"), 9),
    "seventh lunar month": _seventh_lunar_month,
    # Christmas's public holidays: Hong Kong's Christmas Day and the first weekday after it (the General
    # Holidays Ordinance: the first day after 25 December that is not a Sunday); Macau's Christmas Eve and
    # Christmas Day
    "christmas holidays (hong kong)": lambda y: (
        datetime(y, 12, 25),
        datetime(y, 12, 27) + timedelta(days=datetime(y, 12, 26).weekday() == 6),
    ),
    "christmas holidays (macau)": lambda y: _on(y, 12, 24, 2),
    # the Philippines' Day of Valor (Araw ng Kagitingan, 9 April); Whit Monday (Pfingstmontag, the day
    # after Pentecost: Easter plus 50 days); Ghana's Republic Day (1 July); Japan's Respect for the Aged
    # Day (敬老の日, the third Monday of September)
    "day of valor": lambda y: _on(y, 4, 9),
    "whit monday": lambda y: _on_date(_easter(y) + timedelta(days=50)),
    "republic day (ghana)": lambda y: _on(y, 7, 1),
    "respect for the aged day": lambda y: _on_date(_nth_weekday(y, 9, 0, 3)),
    # the Philippines' Teachers' Day (5 October, World Teachers' Day); 高考, mainland China's university
    # entrance examination, on 7 and 8 June nationwide
    "teachers' day (philippines)": lambda y: _on(y, 10, 5),
    "gaokao": lambda y: _on(y, 6, 7, 2),
    # tax filing deadlines: the United States' Tax Day (15 April), Canada's (30 April), each moved to the
    # Monday when it falls on a weekend; the United Kingdom's self assessment deadline (31 January)
    "tax day (us)": lambda y: _on_date(_weekday_on_or_after(datetime(y, 4, 15))),
    "tax deadline (canada)": lambda y: _on_date(_weekday_on_or_after(datetime(y, 4, 30))),
    "self assessment deadline (uk)": lambda y: _on(y, 1, 31),
}
"""Each holiday's days in a year: one day, or the public holiday's days (国庆 1-7 October, 五一 1-5
May, 春节 初一 to 初七)."""


def _in_table(series: str, year: int) -> str:
    """`year`'s entry of a `holiday_tables` series (one a year from `FIRST_YEAR`); KeyError: a year outside
    it."""
    if not holiday_tables.FIRST_YEAR <= year <= holiday_tables.LAST_YEAR:
        raise KeyError(year)
    return series.split()[year - holiday_tables.FIRST_YEAR]


def _table_day(year: int, said: str) -> datetime:
    """A table's MMDD as the day of `year`."""
    return datetime(year, int(said[:2]), int(said[2:]))


def _first_day_by_country(holiday: str, country: str, year: int) -> Days:
    """The first day of `holiday` as `country` keeps it (`holiday_tables.FIRST_DAYS`: a moon sighted there,
    or a calendar of its own); KeyError: a year outside the table."""
    return _on_date(_table_day(year, _in_table(holiday_tables.FIRST_DAYS[holiday][country], year)))


def _ramadan_by_country(country: str, year: int) -> Days:
    """Ramadan where `country` sights its own moon: from the default first day to the day before the country's
    Eid al-Fitr."""
    return HOLIDAYS["ramadan"](year)[0], _first_day_by_country("eid al-fitr", country, year)[0]


def by_country(holiday: str, country: str) -> str:
    """The name of `holiday` as `country` keeps it (a key of `HOLIDAYS` where it has a table of its own)."""
    return f"{holiday} ({country})"


HOLIDAYS.update(
    {
        by_country(holiday, country): partial(_first_day_by_country, holiday, country)
        for holiday, countries in holiday_tables.FIRST_DAYS.items()
        for country in countries
    }
)


def days_off(holiday: str, country: str) -> str:
    """The name of the public holidays `country` gives for `holiday` (a key of `HOLIDAYS` where
    `holiday_tables.DAYS_OFF_SPANS` holds them)."""
    return f"{holiday} days off ({country})"


def _days_off_by_country(holiday: str, country: str, year: int) -> Days:
    """The public holidays `country` gives for `holiday` in `year`, first to last; KeyError: none that year,
    or a year outside the table."""
    span = _in_table(holiday_tables.DAYS_OFF_SPANS[holiday][country], year)
    if span == "-":
        raise KeyError(year)
    first, last = (_table_day(year, day) for day in span.split("-"))
    return first, last + timedelta(days=1)


HOLIDAYS.update(
    {
        days_off(holiday, country): partial(_days_off_by_country, holiday, country)
        for holiday, countries in holiday_tables.DAYS_OFF_SPANS.items()
        for country in countries
    }
)


HOLIDAYS.update(
    {
        by_country("ramadan", country): partial(_ramadan_by_country, country)
        for country in holiday_tables.FIRST_DAYS["eid al-fitr"]
    }
)
BY_TABLE_ONLY = {
    "thaipusam": "MY",
    **dict.fromkeys(
        ("raksha bandhan", "ganesh chaturthi", "pongal", "janmashtami", "onam", "dussehra"), "IN"
    ),
    **dict.fromkeys(("passover", "rosh hashanah"), "IL"),
    # the Islamic new year as the UAE keeps it by default (each country's own where it has a table);
    # Nuzul al-Quran (17 Ramadan), as Malaysia keeps it
    "islamic new year": "AE",
    "nuzul al-quran": "MY",
}
"""Holidays the parser knows only from a country's table (`holiday_tables`): read by that country's days
wherever the user is (Thaipusam by the Tamil calendar, as Malaysia keeps it and Singapore's Tamils mark
it)."""
HOLIDAYS.update(
    {name: partial(_first_day_by_country, name, country) for name, country in BY_TABLE_ONLY.items()}
)


def _nights_before(holiday: str, nights: int, year: int) -> Days:
    """The `nights` days before `holiday`'s day (Navratri, the nine nights before Dussehra)."""
    day = HOLIDAYS[holiday](year)[0]
    return day - timedelta(days=nights), day


def _days_from(holiday: str, days: int, offset: int, year: int) -> Days:
    """`days` days from `offset` days after `holiday`'s first day (Passover's eight days outside Israel; the
    first seder, the evening before it)."""
    day = HOLIDAYS[holiday](year)[0] + timedelta(days=offset)
    return day, day + timedelta(days=days)


HOLIDAYS.update(
    {
        # the fiftieth round: Navratri, the nine nights before Dussehra; Passover's days (eight outside
        # Israel, seven in it) and its first seder, the evening before; Lent, Ash Wednesday to Holy Saturday
        "navratri": partial(_nights_before, "dussehra", 9),
        "passover days": partial(_days_from, "passover", 8, 0),
        "passover days (israel)": partial(_days_from, "passover", 7, 0),
        "first seder": partial(_days_from, "passover", 1, -1),
        "lent": lambda y: (_easter(y) - timedelta(days=46), _easter(y)),
        # seasons of weather some places name their year by: South Asia's (south-west) monsoon, June to
        # September (the India Meteorological Department's); East Africa's long rains (March-May) and short
        # rains (October-December); West Africa's harmattan, December to February
        "monsoon": lambda y: (datetime(y, 6, 1), datetime(y, 10, 1)),
        "long rains": lambda y: (datetime(y, 3, 1), datetime(y, 6, 1)),
        "short rains": lambda y: (datetime(y, 10, 1), datetime(y + 1, 1, 1)),
        "harmattan": lambda y: (datetime(y, 12, 1), datetime(y + 1, 3, 1)),
        # the Philippines' Simbang Gabi, the nine dawn masses of 16-24 December
        "simbang gabi": lambda y: _on(y, 12, 16, 9),
        # days Chinese temples keep: 观音诞 (the 19th of the 2nd lunar month, eighteen days after its
        # first), the Nine Emperor Gods' nine days (九皇爷诞, the 1st to the 9th of the 9th month, to 重阳)
        "guanyin's birthday": lambda y: _on_date(
            datetime.fromisoformat(_LUNAR_MONTHS[y][1]) + timedelta(days=18)
        ),
        "nine emperor gods": lambda y: (
            datetime.fromisoformat(_LUNAR_MORE[y][2]) - timedelta(days=8),
            datetime.fromisoformat(_LUNAR_MORE[y][2]) + timedelta(days=1),
        ),
    }
)


EN_NAMES = {
    "christmas eve": "christmas eve",
    "xmas eve": "christmas eve",
    "christmas day": "christmas",
    "christmas": "christmas",
    "xmas day": "christmas",
    "xmas": "christmas",
    "new year's eve": "new year's eve",
    "new years eve": "new year's eve",
    "nye": "new year's eve",
    "new year's day": "new year's day",
    "new year's": "new year's day",
    "new years": "new year's day",
    "remembrance sunday": "remembrance sunday",
    "mothering sunday": "mothering sunday",
    "melbourne cup day": "melbourne cup",
    "melbourne cup": "melbourne cup",
    "new years day": "new year's day",
    "new year eve": "new year's eve",
    "valentine's day": "valentine's day",
    "valentines day": "valentine's day",
    "valentine day": "valentine's day",
    "new year day": "new year's day",
    "songkran": "songkran",
    "day of goodwill": "boxing day",
    "cup day": "melbourne cup",
    "hksar establishment day": "hksar establishment day",
    "peace memorial day": "peace memorial day",
    "establishment day": "hksar establishment day",
    "malaysia day": "malaysia day",
    # Taiwan's National Day by its English name; Quebec's Fête nationale
    # by the names said there ("the St-Jean fête", "la Saint-Jean")
    "double tenth": "national day (taiwan)",
    "double tenth day": "national day (taiwan)",
    "double ten day": "national day (taiwan)",
    "st-jean fête": "st jean baptiste day",
    "st-jean fete": "st jean baptiste day",
    "st jean fête": "st jean baptiste day",
    "st jean fete": "st jean baptiste day",
    "saint-jean fête": "st jean baptiste day",
    "saint-jean fete": "st jean baptiste day",
    "fête de la saint-jean": "st jean baptiste day",
    "fête de la st-jean": "st jean baptiste day",
    "la saint-jean": "st jean baptiste day",
    "la st-jean": "st jean baptiste day",
    "st-jean": "st jean baptiste day",
    "merdeka day": "merdeka day",
    "ghost festival": "ghost festival",
    "valentine's": "valentine's day",
    "valentines": "valentine's day",
    "cyber monday": "cyber monday",
    "palm sunday": "palm sunday",
    "holy week": "holy week",
    "simbang gabi": "simbang gabi",
    "hijri new year": "islamic new year",
    "islamic new year": "islamic new year",
    "awal muharram": "islamic new year",
    "maal hijrah": "islamic new year",
    "nuzul quran": "nuzul al-quran",
    "nuzul al-quran": "nuzul al-quran",
    "nuzul al quran": "nuzul al-quran",
    # Indonesia's Independence Day as Indonesians say it (17-an, tujuhbelasan); Harbolnas (12 December)
    "17an": "indonesian independence day",
    "17-an": "indonesian independence day",
    "tujuhbelasan": "indonesian independence day",
    "agustusan": "indonesian independence day",
    "harbolnas": "double twelve",
    "monsoon": "monsoon",
    "monsoons": "monsoon",
    "monsoon season": "monsoon",
    "long rains": "long rains",
    "short rains": "short rains",
    "harmattan": "harmattan",
    "harmattan season": "harmattan",
    "misa de gallo": "simbang gabi",
    "nat day": "national day",
    "hungry ghost month": "seventh lunar month",
    "ghost month": "seventh lunar month",
    "hungry ghost festival month": "seventh lunar month",
    # the fiftieth round: India's festivals, Israel's holy days, Lent
    "raksha bandhan": "raksha bandhan",
    "rakhi": "raksha bandhan",
    "ganesh chaturthi": "ganesh chaturthi",
    "ganesh chathurthi": "ganesh chaturthi",
    "vinayaka chaturthi": "ganesh chaturthi",
    "vinayagar chathurthi": "ganesh chaturthi",
    "pongal": "pongal",
    "janmashtami": "janmashtami",
    "krishna janmashtami": "janmashtami",
    "onam": "onam",
    "dussehra": "dussehra",
    "dasara": "dussehra",
    "dussera": "dussehra",
    "vijayadashami": "dussehra",
    "navratri": "navratri",
    "navaratri": "navratri",
    "navratra": "navratri",
    "passover": "passover days",
    "pesach": "passover days",
    "first seder": "first seder",
    "rosh hashanah": "rosh hashanah",
    "rosh hashana": "rosh hashanah",
    # (Lent only where it cannot be the verb: "he lent me money")
    "for lent": "lent",
    "during lent": "lent",
    "this lent": "lent",
    "last lent": "lent",
    "in lent": "lent",
    "lenten season": "lent",
    "lent season": "lent",
    "semana santa": "holy week",
    "mahal na araw": "holy week",
    "noche buena": "noche buena",
    "rizal day": "rizal day",
    "ne'erday": "new year's day",
    "freedom day": "freedom day",
    "heritage day": "heritage day",
    "braai day": "heritage day",
    "civic holiday": "civic holiday",
    "may two-four": "victoria day",
    "tuen ng": "dragon boat",
    "merdeka": "merdeka day",
    "st. pat's day": "st patrick's day",
    "st pat's day": "st patrick's day",
    "st. pats day": "st patrick's day",
    "st pats day": "st patrick's day",
    "straya day": "australia day",
    "chrissy day": "christmas",
    "chrissie day": "christmas",
    "king's day": "king's day",
    "kings day": "king's day",
    "all saints' day": "all saints' day",
    "all saints day": "all saints' day",
    "all saints": "all saints' day",
    "late may bank holiday": "spring bank holiday",
    "indian independence day": "indian independence day",
    "nigerian independence day": "nigerian independence day",
    "nigeria independence day": "nigerian independence day",
    "ghanaian independence day": "ghanaian independence day",
    "ghana independence day": "ghanaian independence day",
    "pakistani independence day": "pakistani independence day",
    "pakistan independence day": "pakistani independence day",
    "philippine independence day": "philippine independence day",
    "kenyan independence day": "jamhuri day",
    "malaysian independence day": "merdeka day",
    # the fiftieth round: the Agong's (Malaysia's king's) birthday
    "agong's birthday": "king's birthday (malaysia)",
    "agong birthday": "king's birthday (malaysia)",
    "agong's bday": "king's birthday (malaysia)",
    "agong bday": "king's birthday (malaysia)",
    "jamaican independence day": "jamaican independence day",
    "jamaica independence day": "jamaican independence day",
    "canadian thanksgiving": "canadian thanksgiving",
    "columbus day": "columbus day",
    "indigenous peoples' day": "columbus day",
    "indigenous peoples day": "columbus day",
    "indigenous people's day": "columbus day",
    "gandhi jayanti": "gandhi jayanti",
    "republic day": "republic day",
    "stephen's day": "boxing day",
    "st stephen's day": "boxing day",
    "st. stephen's day": "boxing day",
    "halloween": "halloween",
    "singles' day": "singles' day",
    "singles day": "singles' day",
    "thanksgiving": "thanksgiving",
    "black friday": "black friday",
    "black fri": "black friday",
    "mother's day": "mother's day",
    "mothers day": "mother's day",
    "father's day": "father's day",
    "fathers day": "father's day",
    "easter sunday": "easter",
    "easter": "easter",
    # Named in English, the new year is its holiday (初一 to 初七), as "CNY" and 春节 are; its first
    # day alone is "Chinese New Year's Day" or "the 1st day of CNY".
    "chinese new year": "spring festival",
    "cny": "spring festival",
    "lunar new year": "spring festival",
    "chinese new year's day": "lunar new year",
    "lunar new year's day": "lunar new year",
    "national day": "national day",
    # the twenty-sixth round, second wave: a National Day named with its country (time/words reads the
    # country from the query: "national day at marina", "NDP", "国庆日 with 新加坡")
    "singapore national day": "national day (singapore)",
    "taiwan national day": "national day (taiwan)",
    "vesak day": "vesak day",
    "vesak": "vesak day",
    "wesak day": "vesak day",
    "wesak": "vesak day",
    "golden week": "national day",
    "mid-autumn festival": "mid-autumn",
    "mooncake festival": "mid-autumn",
    # the twenty-sixth round: the same holidays as Vietnamese and Korean users name them in English
    # (Tết as the Chinese New Year's seven days; Chuseok and Seollal their three days)
    "mid autumn festival": "mid-autumn",
    "moon festival": "mid-autumn",
    "tet holiday": "spring festival",
    "tet holidays": "spring festival",
    "tet festival": "spring festival",
    "lunar tet": "spring festival",
    "tết": "spring festival",
    "vietnamese new year": "spring festival",
    "chuseok": "chuseok",
    "seollal": "seollal",
    "korean new year": "seollal",
    "chap goh mei": "lantern festival",
    "11.11": "singles' day",
    "cny eve": "new year's eve (lunar)",
    "chinese new year's eve": "new year's eve (lunar)",
    "chinese new year eve": "new year's eve (lunar)",
    "lunar new year's eve": "new year's eve (lunar)",
    "dragon boat festival": "dragon boat",
    "boxing day": "boxing day",
    "canada day": "canada day",
    "michaelmas": "michaelmas",
    "st patrick's day": "st patrick's day",
    "st. patrick's day": "st patrick's day",
    "st patricks day": "st patrick's day",
    "st. patricks day": "st patrick's day",
    "saint patrick's day": "st patrick's day",
    "paddy's day": "st patrick's day",
    "paddys day": "st patrick's day",
    "st paddys day": "st patrick's day",
    "st. paddys day": "st patrick's day",
    "turkey day": "thanksgiving",
    "silvester": "new year's eve",
    "labour weekend": "labour weekend (new zealand)",
    "australia day": "australia day",
    "independence day": "independence day",
    "fourth of july": "independence day",
    "4th of july": "independence day",
    "hogmanay": "hogmanay",
    "anzac day": "anzac day",
    "waitangi day": "waitangi day",
    "burns night": "burns night",
    "burns supper": "burns night",
    "bonfire night": "bonfire night",
    "guy fawkes night": "bonfire night",
    "guy fawkes": "bonfire night",
    "remembrance day": "remembrance day",
    "armistice day": "remembrance day",
    "veterans day": "remembrance day",
    "veterans' day": "remembrance day",
    "st andrew's day": "st andrew's day",
    "st. andrew's day": "st andrew's day",
    "st david's day": "st david's day",
    "st. david's day": "st david's day",
    "st george's day": "st george's day",
    "st. george's day": "st george's day",
    "april fools' day": "april fools' day",
    "april fools day": "april fools' day",
    "april fools": "april fools' day",
    "april fool's": "april fools' day",
    "april fool's day": "april fools' day",
    "may day": "may day",
    "juneteenth": "juneteenth",
    "memorial day": "memorial day",
    "spring bank holiday": "spring bank holiday",
    "may bank holiday": "early may bank holiday",
    "early may bank holiday": "early may bank holiday",
    "may day bank holiday": "early may bank holiday",
    "summer bank holiday": "summer bank holiday",
    "august bank holiday": "summer bank holiday",
    "labor day": "labor day",
    "june bank holiday": "june bank holiday",
    "october bank holiday": "october bank holiday",
    "family day": "family day",
    "st brigid's day": "st brigid's day",
    "st brigid's weekend": "st brigid's weekend (ireland)",
    "st. brigid's weekend": "st brigid's weekend (ireland)",
    "saint brigid's weekend": "st brigid's weekend (ireland)",
    "st brigid's bank holiday weekend": "st brigid's weekend (ireland)",
    "st brigid's long weekend": "st brigid's weekend (ireland)",
    "st brigid's bank holiday": "st brigid's bank holiday (ireland)",
    "st brigids bank holiday": "st brigid's bank holiday (ireland)",
    "st. brigid's bank holiday": "st brigid's bank holiday (ireland)",
    "st brigid's day bank holiday": "st brigid's bank holiday (ireland)",
    "boxing week": "boxing week",
    "undas": "undas",
    "st. brigid's day": "st brigid's day",
    "saint brigid's day": "st brigid's day",
    "reconciliation day": "reconciliation day",
    "youth day": "youth day",
    "human rights day": "human rights day",
    "presidents' day": "presidents' day",
    "presidents day": "presidents' day",
    "president's day": "presidents' day",
    "mlk day": "martin luther king day",
    "martin luther king day": "martin luther king day",
    "victoria day": "victoria day",
    "good friday": "good friday",
    "easter monday": "easter monday",
    "shrove tuesday": "shrove tuesday",
    "pancake day": "shrove tuesday",
    "mardi gras": "shrove tuesday",
    "ash wednesday": "ash wednesday",
    "qingming festival": "qingming",
    "tomb-sweeping day": "qingming",
    "tomb sweeping day": "qingming",
    "ching ming": "qingming",
    "double ninth": "double ninth",
    "chung yeung": "double ninth",
    "reunion dinner": "new year's eve (lunar)",
    "buddha's birthday": "buddha's birthday",
    "buddhas birthday": "buddha's birthday",
    # the twenty-sixth round, second wave
    "eid al-fitr": "eid al-fitr",
    "eid al fitr": "eid al-fitr",
    "eid ul-fitr": "eid al-fitr",
    "eid ul fitr": "eid al-fitr",
    "eid-ul-fitr": "eid al-fitr",
    "eid-al-fitr": "eid al-fitr",
    "eid el-fitr": "eid al-fitr",
    "eid-e-fitr": "eid al-fitr",
    "eid": "eid al-fitr",
    "lebaran": "eid al-fitr",
    "idul fitri": "eid al-fitr",
    "hari raya aidilfitri": "eid al-fitr",
    "hari raya puasa": "eid al-fitr",
    "hari raya": "eid al-fitr",
    "eid al-adha": "eid al-adha",
    "eid al adha": "eid al-adha",
    "eid ul-adha": "eid al-adha",
    "eid ul adha": "eid al-adha",
    "eid-ul-adha": "eid al-adha",
    "eid-al-adha": "eid al-adha",
    "eid ul azha": "eid al-adha",
    "eid-ul-azha": "eid al-adha",
    "bakrid": "eid al-adha",
    "bakri eid": "eid al-adha",
    "bakra eid": "eid al-adha",
    "idul adha": "eid al-adha",
    "hari raya haji": "eid al-adha",
    "kurban bayram": "eid al-adha",
    "ramadan": "ramadan",
    "ramazan": "ramadan",
    "ramzan": "ramadan",
    # the fiftieth round: the fasting month as Malaysians, Singaporeans and Indonesians say it
    "bulan puasa": "ramadan",
    "puasa month": "ramadan",
    "puasa": "ramadan",
    "fasting month": "ramadan",
    "holi": "holi",
    "diwali": "diwali",
    "deepavali": "diwali",
    "thaipusam": "thaipusam",
    "divali": "diwali",
    "dipawali": "diwali",
    "matariki": "matariki",
    "orthodox christmas": "orthodox christmas",
    "russian christmas": "orthodox christmas",
    "ethiopian christmas": "orthodox christmas",
    "genna": "orthodox christmas",
    "madaraka day": "madaraka day",
    "madaraka": "madaraka day",
    "mashujaa day": "mashujaa day",
    "mashujaa": "mashujaa day",
    "jamhuri day": "jamhuri day",
    "jamhuri": "jamhuri day",
    "st jean baptiste day": "st jean baptiste day",
    "st-jean-baptiste day": "st jean baptiste day",
    "saint-jean-baptiste day": "st jean baptiste day",
    "saint jean baptiste day": "st jean baptiste day",
    "st. jean baptiste day": "st jean baptiste day",
    "st-jean-baptiste": "st jean baptiste day",
    "st jean baptiste": "st jean baptiste day",
    "saint-jean-baptiste": "st jean baptiste day",
    "lohri": "lohri",
    "super bowl sunday": "super bowl",
    "super bowl": "super bowl",
    "superbowl sunday": "super bowl",
    "superbowl": "super bowl",
    "women's day": "women's day",
    "international women's day": "women's day",
    "south african women's day": "south african women's day",
    "national women's day": "south african women's day",
    "nigerian democracy day": "nigerian democracy day",
    "nigeria democracy day": "nigerian democracy day",
    "orangemen's day": "orangemen's day",
    # the thirty-fourth round: days named in English that Chinese names already (儿童节, 教师节: China's by
    # default, a region's own where it keeps one), the King's Birthday, Obon
    "children's day": "children's day",
    "childrens day": "children's day",
    "children day": "children's day",
    "teachers' day": "teachers' day",
    "teachers day": "teachers' day",
    "teacher's day": "teachers' day",
    "king's birthday": "king's birthday",
    "kings birthday": "king's birthday",
    "queen's birthday": "king's birthday",
    "queens birthday": "king's birthday",
    "obon": "obon (japan)",
    "o-bon": "obon (japan)",
    "bon festival": "obon (japan)",
    # "Heroes Day" is Kenya's Mashujaa Day unless the region keeps another (time/region.py)
    "heroes day": "mashujaa day",
    "heroes' day": "mashujaa day",
    "national heroes day": "national heroes day (philippines)",
    "victory day": "victory day",
    "founding day": "saudi founding day",
    # the forty-ninth round
    "sri lankan independence day": "sri lankan independence day",
    "emancipendence": "emancipendence",
    "farmers' day": "farmers' day (ghana)",
    # the fiftieth round: as typed without the apostrophe; Nigeria's Democracy Day (12 June); India's "I-Day";
    # "MLK weekend"; Thanksgiving Eve
    "farmers day": "farmers' day (ghana)",
    "national farmers day": "farmers' day (ghana)",
    "democracy day": "democracy day (nigeria)",
    "i-day": "indian independence day",
    "mlk": "martin luther king day",
    "thanksgiving eve": "thanksgiving eve",
    "election day": "election day (us)",
    "patriots' day": "patriots' day",
    "patriot's day": "patriots' day",
    "patriots day": "patriots' day",
    "auckland anniversary day": "auckland anniversary day",
    "auckland anniversary": "auckland anniversary day",
    "bc day": "civic holiday",
    "b.c. day": "civic holiday",
    "british columbia day": "civic holiday",
    "halloween bank holiday": "october bank holiday",
    "hari guru": "teachers' day",
    # Eid al-Fitr as West Africa (Sallah, Small Sallah) and Malaysia (Raya) say it; Eid al-Adha as Big Sallah,
    # Ileya
    "sallah": "eid al-fitr",
    "small sallah": "eid al-fitr",
    "big sallah": "eid al-adha",
    "ileya": "eid al-adha",
    # as Chinese speakers in Nigeria say Big Sallah ("大Sallah", parted as "大 sallah" before the rules
    # read it)
    "大 sallah": "eid al-adha",
    "raya": "eid al-fitr",
    # Labour Day by its Filipino and Nigerian names, the Day of Valor, the King's Birthday typed short,
    # Whit Monday
    "araw ng paggawa": "may day",
    "workers' day": "may day",
    "araw ng kagitingan": "day of valor",
    "king's bday": "king's birthday",
    "whit monday": "whit monday",
    "pfingstmontag": "whit monday",
    "pentecost monday": "whit monday",
    # tax filing deadlines (the United States' by default; Canada's and the United Kingdom's there:
    # time/region.py)
    "tax day": "tax day (us)",
    "tax deadline": "tax day (us)",
    "tax filing deadline": "tax day (us)",
    "self assessment deadline": "self assessment deadline (uk)",
    "self-assessment deadline": "self assessment deadline (uk)",
}
EN_NAMES |= {
    name.replace("'s", "s"): holiday for name, holiday in EN_NAMES.items() if "'s" in name
} | EN_NAMES
"""Each name with its apostrophe left out, as a phone keyboard leaves it ("St Stephens Day", "St Brigids
Day")."""
ZH_NAMES = {
    "平安夜": "christmas eve",
    "圣诞节": "christmas",
    "圣诞": "christmas",
    "跨年夜": "new year's eve",
    "跨年": "new year's eve",
    "元旦": "new year's day",
    "新年第一天": "new year's day",
    "情人节": "valentine's day",
    "万圣节": "halloween",
    "双十一": "singles' day",
    "双11": "singles' day",
    "光棍节": "singles' day",
    "双十二": "double twelve",
    "双12": "double twelve",
    "感恩节": "thanksgiving",
    "黑五": "black friday",
    "黑色星期五": "black friday",
    "母亲节": "mother's day",
    "父亲节": "father's day",
    "复活节": "easter",
    "国庆节": "national day",
    "国庆": "national day",
    "十一假期": "national day",
    "十一长假": "national day",
    "十一黄金周": "national day",
    "劳动节": "labour day",
    "五一": "labour day",
    "春节": "spring festival",
    "过年": "spring festival",
    "大年初一": "lunar new year",
    "年初一": "lunar new year",
    "大年初二": "lunar new year day 2",
    "大年初三": "lunar new year day 3",
    "年初二": "lunar new year day 2",
    "年初三": "lunar new year day 3",
    "农历新年": "spring festival",
    "除夕": "new year's eve (lunar)",
    "大年三十": "new year's eve (lunar)",
    "年三十": "new year's eve (lunar)",
    "建军节": "army day",
    "泼水节": "water-splashing festival",
    "端午节": "dragon boat",
    "端午": "dragon boat",
    "五月节": "dragon boat",
    "中秋节": "mid-autumn",
    "中秋": "mid-autumn",
    "腊月": "twelfth lunar month",
    "正月": "first lunar month",
    "正月十五": "lantern festival",
    "腊八": "laba",
    "佛诞": "buddha's birthday",
    "浴佛节": "buddha's birthday",
    "团圆饭": "new year's eve (lunar)",
    # the twenty-sixth round: the reunion dinner's other names (团年饭 in Hong Kong and Malaysia, 年夜饭;
    # not 团年 alone: 集团年会), 年卅 (Cantonese 年三十), 大年夜; 新历年 (the Gregorian new year in Hong Kong)
    "团年饭": "new year's eve (lunar)",
    "年夜饭": "new year's eve (lunar)",
    "大年夜": "new year's eve (lunar)",
    "年卅晚": "new year's eve (lunar)",
    "年卅": "new year's eve (lunar)",
    "新历年": "new year's day",
    # Taiwan's 双十 long weekend and 二二八 (28 February); Hong Kong's 回归纪念日 (1 July)
    "双十连假": "national day (taiwan)",
    "双十国庆": "national day (taiwan)",
    "国庆双十": "national day (taiwan)",
    "二二八纪念日": "peace memorial day",
    "228纪念日": "peace memorial day",
    "二二八连假": "peace memorial day",
    "228连假": "peace memorial day",
    "和平纪念日": "peace memorial day",
    "回归纪念日": "hksar establishment day",
    # Macau's handover day (20 December: 回归纪念日 in Macau,
    # time/region.py), Malaysia Day (16 September), Taiwan's 爸爸节 (Father's Day: 8 August in Taiwan), Hong
    # Kong's first weekday after Christmas Day (聖誕節後第一個周日; the first Sunday after it elsewhere)
    "澳门回归纪念日": "macau sar establishment day",
    "澳门特区成立纪念日": "macau sar establishment day",
    "马来西亚日": "malaysia day",
    # the fiftieth round: Malaysia Day as Malaysians write it (大马日); Taiwan's Retrocession Day; the Agong's
    # birthday said in Chinese
    "大马日": "malaysia day",
    # Australia Day as Chinese speakers there name it; Canada's Remembrance Day (国殇日)
    "澳洲国庆日": "australia day",
    "澳洲国庆": "australia day",
    "澳大利亚国庆日": "australia day",
    "澳洲日": "australia day",
    "国殇日": "remembrance day",
    "光复节": "retrocession day",
    "台湾光复节": "retrocession day",
    "元首生日": "king's birthday (malaysia)",
    "agong生日": "king's birthday (malaysia)",
    "agong 生日": "king's birthday (malaysia)",
    "Agong生日": "king's birthday (malaysia)",
    "Agong 生日": "king's birthday (malaysia)",
    "爸爸节": "father's day",
    "圣诞节后第一个周日": "first sunday after christmas",
    "卫塞节": "vesak day",
    "特区成立纪念日": "hksar establishment day",
    "小年夜": "the eve of new year's eve (lunar)",
    "小年": "little new year",
    "元宵节": "lantern festival",
    "做冬": "winter solstice",
    "元宵": "lantern festival",
    "七夕": "qixi",
    "中元普渡": "ghost festival",
    "中元节": "ghost festival",
    "中元": "ghost festival",
    "尾牙": "weiya",
    "双十节": "national day (taiwan)",
    "重阳节": "double ninth",
    "重阳": "double ninth",
    "清明节": "qingming",
    "清明": "qingming",
    "冬至": "winter solstice",
    "立春": "start of spring",
    "打春": "start of spring",
    "惊蛰": "awakening of insects",
    "春分": "spring equinox",
    "立夏": "start of summer",
    "夏至": "summer solstice",
    "立秋": "start of autumn",
    "秋分": "autumn equinox",
    "立冬": "start of winter",
    "儿童节": "children's day",
    "六一儿童节": "children's day",
    "妇女节": "women's day",
    "三八妇女节": "women's day",
    "三八节": "women's day",
    "教师节": "teachers' day",
    "建党节": "party founding day",
    "龙抬头": "dragon raises its head",
    "破五": "fifth day of the lunar new year",
    "二月二": "dragon raises its head",
    "女神节": "women's day",
    "愚人节": "april fools' day",
    # the thirty-fourth round: 黄金周 alone (China's National Day week, as "golden week"; Japan's in Japan:
    # time/region.py), 盂兰盆节 (中元节; Obon in Japan), the King's Birthday
    "黄金周": "national day",
    "盂兰盆节": "ghost festival",
    "盂兰盆": "ghost festival",
    "国王生日": "king's birthday",
    # the thirty-fifth round: the North American holidays by the names Chinese speakers there give them
    # (劳工节 is Labor Day, the first Monday of September; 劳动节 is May Day), Japan's お盆 (休み: its days
    # off), 中秋 said as its day off (the day after it in Hong Kong and Macau: time/region.py)
    "劳工节": "labor day",
    "维多利亚日": "victoria day",
    "お盆休み": "obon (japan)",
    "お盆": "obon (japan)",
    "中秋放假": "mid-autumn",
    "中秋假期": "mid-autumn",
    "中秋假": "mid-autumn",
    "英王生日": "king's birthday",
    "女王生日": "king's birthday",
    # 青年节 (China's May Fourth Youth Day; Taiwan's, 29 March: time/region.py)
    "青年节": "may fourth youth day",
    # the Islamic holidays and Songkran as Chinese speakers in Southeast Asia and the Gulf name them
    "开斋节": "eid al-fitr",
    "斋月": "ramadan",
    "puasa 那个月": "ramadan",
    "puasa那个月": "ramadan",
    "哈芝节": "eid al-adha",
    "古尔邦节": "eid al-adha",
    "宰牲节": "eid al-adha",
    "宋干节": "songkran",
    # 独立日 is the Fourth of July unless the region keeps its own (time/region.py)
    "独立日": "independence day",
    "五四青年节": "may fourth youth day",
    # the forty-ninth round: the King's Birthday as Chinese speakers in Malaysia name it (最高元首诞辰),
    # 天公生, the ghost month, 民主日 (Nigeria's Democracy Day), 选举日 (the United States' Election Day),
    # 农民节 (China's harvest festival, 中国农民丰收节, on the autumn equinox; Ghana's Farmers' Day there)
    "元首诞辰": "king's birthday",
    "最高元首诞辰": "king's birthday",
    "天公生": "jade emperor's birthday",
    "拜天公": "jade emperor's birthday",
    "玉皇诞": "jade emperor's birthday",
    "农历七月": "seventh lunar month",
    "阴历七月": "seventh lunar month",
    "鬼月": "seventh lunar month",
    "民主日": "nigerian democracy day",
    "选举日": "election day (us)",
    "大选日": "election day (us)",
    "农民节": "autumn equinox",
    # Christmas said as its days off (Christmas Day; Hong Kong's and Macau's two public holidays there:
    # time/region.py)
    "圣诞假期": "christmas",
    "圣诞放假": "christmas",
    "圣诞假": "christmas",
    # Japan's Respect for the Aged Day as Chinese speakers there write it; the Melbourne Cup
    "敬老日": "respect for the aged day",
    "敬老の日": "respect for the aged day",
    "墨尔本杯": "melbourne cup",
    # Deepavali as Chinese speakers in Singapore and Malaysia call it; 高考's days
    "屠妖节": "diwali",
    # the fiftieth round: Thaipusam (大宝森节), Guanyin's birthday, the Nine Emperor Gods' days
    "大宝森节": "thaipusam",
    "观音诞": "guanyin's birthday",
    "观音诞辰": "guanyin's birthday",
    "九皇爷诞": "nine emperor gods",
    "九皇诞": "nine emperor gods",
    "九皇大帝诞": "nine emperor gods",
    "高考": "gaokao",
}


SOLAR_TERMS = frozenset({"立春", "打春", "惊蛰", "春分", "立夏", "夏至", "立秋", "秋分", "立冬"})
"""Solar-term names added with the twentieth round, read only where they are a word of their own
(the older 清明 and 冬至 keep their plain reading)."""


def coming(name: str, now: datetime, begun: bool = False) -> Days:
    """The next such holiday: this year's if it has not begun (or, with `begun`, not ended), else next
    year's ("what are we doing for Christmas" asked in November)."""
    this = HOLIDAYS[name](now.year)
    return this if (this[1] if begun else this[0]) > now else HOLIDAYS[name](now.year + 1)


def latest_ended(name: str, now: datetime) -> Days:
    """ "last Christmas": this year's if it has ended, else last year's."""
    this = HOLIDAYS[name](now.year)
    return this if this[1] <= now else HOLIDAYS[name](now.year - 1)


def latest(name: str, now: datetime, year: int | None = None) -> Days:
    """The holiday's days in `year`, else in the latest year in which it has begun (today
    included). KeyError: a lunar holiday outside the table."""
    days = HOLIDAYS[name]
    if year is not None:
        return days(year)
    this = days(now.year)
    return this if this[0] <= now else days(now.year - 1)
