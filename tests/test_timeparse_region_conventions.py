"""Conventions of where the user lives that a query says in its own way (`parse_range(query, now,
region)`): a date in digits written with a leading zero or opening a Chinese sentence before its deed,
Taiwan's years of the Republic before 年, the southern seasons in Chinese (今年夏天, 秋天以来), holidays by
the names said abroad (劳工节, 维多利亚日, お盆休み, 七一), 中秋 as Hong Kong's day off, a holiday's first
days counted, a holiday's week said in Chinese after its English name, CNY day, and a month's long weekend
or bank holiday by its part (九月初那个 long weekend, 五月底那个 bank holiday). Examples are written here,
not copied from the corpus; each with its near misses, which must not change."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a leading zero says a date (no amount, score or fraction is written so), in the region's order
        ("what did the landlord say on the phone 04/06", "2026-07-10", "GB", ("2026-06-04", "2026-06-05")),
        ("what did the landlord say on the phone 04/06", "2026-07-10", "US", ("2026-04-06", "2026-04-07")),
        ("what did the landlord say on the phone 04/06", "2026-07-10", None, ("2026-04-06", "2026-04-07")),
        ("01/03那天中介跟我说了什么", "2027-04-10", "SG", ("2027-03-01", "2027-03-02")),
        ("notes from the Finanzamt visit on 04.02.?", "2026-03-18", "DE", ("2026-02-04", "2026-02-05")),
        # near misses: a fraction or a ratio without a leading zero stays no date
        ("the recipe said 3/4 cup of sugar", "2026-07-10", "GB", None),
        ("we won 7/5 in the quiz", "2026-07-10", "GB", None),
        # a Chinese date opening the sentence (or after 我) before what was done that day
        ("4/10 交的房租收据在哪", "2027-11-08", "HK", ("2027-10-04", "2027-10-05")),
        ("我 6/8 汇给妈妈的钱是多少", "2027-09-14", "MY", ("2027-08-06", "2027-08-07")),
        ("4/10 交的房租收据在哪", "2027-11-08", "CN", ("2027-04-10", "2027-04-11")),
        # near misses: an amount handed over, or a share of people, is no date
        ("把3/4转给他", "2027-11-08", "HK", None),
        ("3/4的人去了", "2027-11-08", "HK", None),
    ],
)
def test_dates_in_digits(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Taiwan names its years by the Republic (民國 1 is 1912): in Taiwan only, the years 100-119
        ("112年的年終獎金是多少", "2026-01-10", "TW", ("2023-01-01", "2024-01-01")),
        ("民國115年底我說的那個計畫", "2027-01-15", "TW", ("2026-11-01", "2027-01-01")),
        ("112年的年終獎金是多少", "2026-01-10", "CN", None),
        ("这100年来变化很大", "2026-01-10", "TW", None),
        # a numbered year's end or start, anywhere
        ("2026年底我跟你说过的计划", "2027-03-01", None, ("2026-11-01", "2027-01-01")),
    ],
)
def test_years_by_number(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # 今年夏天 as "this summer": in the south, asked in January, the summer begun in December
        ("今年夏天去海边花了多少", "2027-01-20", "AU", ("2026-12-01", "2027-03-01")),
        ("how much did the beach cost this summer", "2027-01-20", "AU", ("2026-12-01", "2027-03-01")),
        ("今年夏天去海边花了多少", "2027-07-20", "CN", ("2027-06-01", "2027-09-01")),
        # a season since its start, to today
        ("秋天以来我交了几次电费", "2027-05-18", "NZ", ("2027-03-01", "2027-05-19")),
        ("入冬到现在我感冒了几次", "2027-07-10", "AU", ("2027-06-01", "2027-07-11")),
        # near miss: without a region the parser reads no such phrase, as before regions
        ("秋天以来我交了几次电费", "2027-05-18", None, None),
    ],
)
def test_seasons_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the names Chinese speakers abroad give the local holidays
        ("劳工节那天我们去哪了", "2027-09-20", "CA", ("2027-09-06", "2027-09-07")),
        ("维多利亚日那天买了什么", "2027-06-01", "CA", ("2027-05-24", "2027-05-25")),
        ("お盆休み那几天我们去哪了", "2027-08-25", "JP", ("2027-08-13", "2027-08-17")),
        ("七一嗰日我哋去咗邊度？", "2027-07-05", "HK", ("2027-07-01", "2027-07-02")),
        # near miss: 劳动节 in China stays its 1-5 May
        ("劳动节那天我们去哪了", "2027-09-20", "CN", ("2027-05-01", "2027-05-02")),
        # 中秋 as its day off: the day after the festival in Hong Kong (Cap. 149), the festival elsewhere
        ("中秋放假嗰日去咗邊？", "2026-10-05", "HK", ("2026-09-26", "2026-09-27")),
        ("中秋放假那天去了哪", "2026-10-05", "CN", ("2026-09-25", "2026-09-26")),
        ("中秋嗰日去咗邊？", "2026-10-05", "HK", ("2026-09-25", "2026-09-26")),
        # a holiday's first days counted; three days of a Monday holiday are its long weekend
        ("圣诞假那两天我们去了哪", "2027-12-30", "HK", ("2027-12-25", "2027-12-27")),
        ("劳动节那三天去了哪里", "2027-09-20", "US", ("2027-09-04", "2027-09-07")),
        # (its days said: Hong Kong's Christmas holidays, the 25th to the first weekday after it, the fiftieth
        # round)
        ("圣诞那几天我们去了哪", "2027-12-30", "HK", ("2027-12-25", "2027-12-28")),
        # a holiday's week in Chinese after its English name; CNY day
        ("Christmas 那个礼拜我说的机票", "2027-12-30", "US", ("2027-12-20", "2027-12-27")),
        ("Christmas 那天我说的机票", "2027-12-30", "US", ("2027-12-25", "2027-12-26")),
        ("what did I tell you on CNY day", "2027-03-01", "SG", ("2027-02-06", "2027-02-07")),
        # (Singapore's Chinese New Year holidays, with the Sunday made up on the Monday: the fiftieth round)
        ("what did I tell you during CNY", "2027-03-01", "SG", ("2027-02-06", "2027-02-09")),
    ],
)
def test_holidays(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a month's long weekend or bank holiday by its part
        ("九月初那个长周末去哪了", "2027-09-20", "CA", ("2027-09-04", "2027-09-07")),
        ("八月初那个 long weekend 我们住哪", "2026-08-20", "CA", ("2026-08-01", "2026-08-04")),
        ("五月底那个 bank holiday 我们去了哪", "2027-06-05", "GB", ("2027-05-31", "2027-06-01")),
        ("五月初那个 bank holiday 我们去了哪", "2027-06-05", "GB", ("2027-05-03", "2027-05-04")),
        # near misses: England's May holds two, said without its part: the month; without a region, the month
        ("五月的 bank holiday 我们去了哪", "2027-06-05", "GB", ("2027-05-01", "2027-06-01")),
        ("五月底那个 bank holiday 我们去了哪", "2027-06-05", None, ("2027-05-21", "2027-06-01")),
    ],
)
def test_month_long_weekends_and_bank_holidays(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected
