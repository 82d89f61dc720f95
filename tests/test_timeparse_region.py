"""The region a user lives in (`parse_range(query, now, region)`): what only a place decides — the order of a
date in digits, the hemisphere's seasons, the day of a holiday kept on different days, the financial and tax
year — read by the region when the query names no place, by the place when it does, and the parser's defaults
without a region. Examples are written here, not copied from the corpus."""

from __future__ import annotations

import threading
from datetime import datetime

import pytest

from hindsight.recall import holidays
from hindsight.recall.time import region as regions
from hindsight.recall.timeparse import REGION_CODES, parse_range

from .time_ranges import days_named

JUNE = datetime(2027, 6, 16, 10, 0)  # a Wednesday
MARCH = datetime(2027, 3, 10, 10, 0)  # a Wednesday; the Australian financial year 2026-27 is under way
OCTOBER = datetime(2027, 10, 1, 9, 0)  # a Friday
NOVEMBER = datetime(2027, 11, 20, 15, 0)  # a Saturday, before the US Thanksgiving (25 November)


days = days_named


# --- dates in digits ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "now", "region", "expected"),
    [
        # no region: month first, as before
        ("the plumber came on 4/2, what did he charge", JUNE, None, ("2027-04-02", "2027-04-03")),
        # day first where people write the day first
        ("the plumber came on 4/2, what did he charge", JUNE, "GB", ("2027-02-04", "2027-02-05")),
        ("the plumber came on 4/2, what did he charge", JUNE, "AU", ("2027-02-04", "2027-02-05")),
        ("the plumber came on 4/2, what did he charge", JUNE, "IN", ("2027-02-04", "2027-02-05")),
        ("the plumber came on 4/2, what did he charge", JUNE, "UK", ("2027-02-04", "2027-02-05")),
        # month first in the US and the Philippines; China, Taiwan, Japan and Korea keep month then day;
        # Canada keeps the default
        ("the plumber came on 4/2, what did he charge", JUNE, "US", ("2027-04-02", "2027-04-03")),
        ("the plumber came on 4/2, what did he charge", JUNE, "PH", ("2027-04-02", "2027-04-03")),
        ("the plumber came on 4/2, what did he charge", JUNE, "CN", ("2027-04-02", "2027-04-03")),
        ("the plumber came on 4/2, what did he charge", JUNE, "CA", ("2027-04-02", "2027-04-03")),
        # a place the query names wins over the region
        ("the plumber from our Boston office came on 4/2", JUNE, "GB", ("2027-04-02", "2027-04-03")),
        ("the invoice our London team dated 4/2", JUNE, "US", ("2027-02-04", "2027-02-05")),
        # with the year
        ("the lease I signed 6/3/2026", JUNE, None, ("2026-06-03", "2026-06-04")),
        ("the lease I signed 6/3/2026", JUNE, "NZ", ("2026-03-06", "2026-03-07")),
        ("the lease I signed 6/3/2026", JUNE, "US", ("2026-06-03", "2026-06-04")),
        # a first number over 12 is the day wherever the user is
        ("the refund from 25/3", JUNE, "US", ("2027-03-25", "2027-03-26")),
        ("the refund from 25/3", JUNE, "GB", ("2027-03-25", "2027-03-26")),
        # "the weekend of 5/6": the 6th of May, or the 5th of June
        ("the weekend of 5/6", JUNE, None, ("2027-05-08", "2027-05-10")),
        ("the weekend of 5/6", JUNE, "IE", ("2027-06-05", "2027-06-07")),
        # in Chinese
        ("4/2 那天交的押金是多少", JUNE, None, ("2027-04-02", "2027-04-03")),
        ("4/2 那天交的押金是多少", JUNE, "HK", ("2027-02-04", "2027-02-05")),
        ("4/2 那天交的押金是多少", JUNE, "SG", ("2027-02-04", "2027-02-05")),
        ("4/2 那天交的押金是多少", JUNE, "TW", ("2027-04-02", "2027-04-03")),
        ("纽约那边 4/2 那天交的押金", JUNE, "HK", ("2027-04-02", "2027-04-03")),
        # a dotted date in Chinese is month first everywhere (3.8 is 三八)
        ("3.8那天买的花多少钱", JUNE, "GB", ("2027-03-08", "2027-03-09")),
    ],
)
def test_a_date_in_digits_is_read_in_the_order_the_region_writes(
    query: str, now: datetime, region: str | None, expected: tuple[str, str]
) -> None:
    assert days(query, now, region) == expected


# --- seasons --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "now", "region", "expected"),
    [
        ("what did we plant last spring", JUNE, None, ("2027-03-01", "2027-06-01")),
        ("what did we plant last spring", JUNE, "AU", ("2026-09-01", "2026-12-01")),
        ("what did we plant last spring", JUNE, "US", ("2027-03-01", "2027-06-01")),
        ("how cold was it this winter", JUNE, None, ("2027-12-01", "2028-03-01")),
        ("how cold was it this winter", JUNE, "NZ", ("2027-06-01", "2027-09-01")),
        # a southern summer runs over the new year and is named by the year it begins in
        ("the beach house we rented summer 2026", JUNE, "AU", ("2026-12-01", "2027-03-01")),
        ("the beach house we rented summer 2026", JUNE, None, ("2026-06-01", "2026-09-01")),
        # a northern place named: its seasons
        ("what did we pay for the ryokan last summer in Japan", JUNE, "AU", ("2026-06-01", "2026-09-01")),
        # Chinese
        ("去年冬天的电费一共多少", JUNE, None, ("2026-12-01", "2027-03-01")),
        ("去年冬天的电费一共多少", JUNE, "NZ", ("2026-06-01", "2026-09-01")),
        ("去年冬天的电费一共多少", JUNE, "ZA", ("2026-06-01", "2026-09-01")),
        ("今年春天种的番茄", JUNE, "AR", ("2027-09-01", "2027-12-01")),
        # the start of a season: read only with a region (its hemisphere decides the month)
        ("what have I logged since the start of autumn", JUNE, "AU", ("2027-03-01", "2027-06-17")),
        ("what have I logged since the start of autumn", JUNE, "US", ("2026-09-01", "2027-06-17")),
        ("what have I logged since the start of autumn", JUNE, None, None),
    ],
)
def test_seasons_are_the_hemispheres(
    query: str, now: datetime, region: str | None, expected: tuple[str, str] | None
) -> None:
    assert days(query, now, region) == expected


# --- holidays -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "now", "region", "expected"),
    [
        # Thanksgiving: the fourth Thursday of November; in Canada the second Monday of October
        ("what did we cook for Thanksgiving", NOVEMBER, None, ("2026-11-26", "2026-11-27")),
        ("what did we cook for Thanksgiving", NOVEMBER, "CA", ("2027-10-11", "2027-10-12")),
        ("what did we cook for Thanksgiving", NOVEMBER, "GB", ("2026-11-26", "2026-11-27")),
        ("感恩节那天吃了什么", NOVEMBER, "CA", ("2027-10-11", "2027-10-12")),
        ("Thanksgiving with the American side of the family", NOVEMBER, "CA", ("2026-11-26", "2026-11-27")),
        # Mother's Day: Mothering Sunday in the UK, Ireland and Nigeria (7 March 2027; Easter was 28 March)
        ("which restaurant was Mother's Day brunch", JUNE, None, ("2027-05-09", "2027-05-10")),
        ("which restaurant was Mother's Day brunch", JUNE, "GB", ("2027-03-07", "2027-03-08")),
        ("which restaurant was Mother's Day brunch", JUNE, "IE", ("2027-03-07", "2027-03-08")),
        ("which restaurant was Mother's Day brunch", JUNE, "AU", ("2027-05-09", "2027-05-10")),
        # a place tied to the name: its day ("Mother's Day brunch in Sydney"); a place said of someone else
        # leaves the region's ("at my sister's in Sydney": a GB user's Mothering Sunday)
        ("Mother's Day brunch in Sydney", JUNE, "GB", ("2027-05-09", "2027-05-10")),
        ("Mother's Day at my sister's in Sydney", JUNE, "GB", ("2027-03-07", "2027-03-08")),
        # 母亲节 in Chinese: the region's day, as "Mother's Day" (the thirty-fourth round)
        ("母亲节给妈妈订的花", JUNE, "GB", ("2027-03-07", "2027-03-08")),
        ("母亲节给妈妈订的花", JUNE, None, ("2027-05-09", "2027-05-10")),
        # Father's Day: the first Sunday of September in Australia and New Zealand, 8 August in Taiwan
        ("what did the kids give me for Father's Day", OCTOBER, None, ("2027-06-20", "2027-06-21")),
        ("what did the kids give me for Father's Day", OCTOBER, "AU", ("2027-09-05", "2027-09-06")),
        ("what did the kids give me for Father's Day", OCTOBER, "NZ", ("2027-09-05", "2027-09-06")),
        ("父亲节那天去哪吃的饭", OCTOBER, "TW", ("2027-08-08", "2027-08-09")),
        ("父亲节那天去哪吃的饭", OCTOBER, "AU", ("2027-09-05", "2027-09-06")),
        ("父亲节那天去哪吃的饭", OCTOBER, "CN", ("2027-06-20", "2027-06-21")),
        # Labour Day: 1 May; a Monday in the US and Canada (September), New Zealand (fourth of October) and
        # New South Wales (first of October)
        ("where did we go on Labour Day", NOVEMBER, None, ("2027-05-01", "2027-05-02")),
        ("where did we go on Labour Day", NOVEMBER, "US", ("2027-09-06", "2027-09-07")),
        ("where did we go on Labour Day", NOVEMBER, "NZ", ("2027-10-25", "2027-10-26")),
        ("where did we go on Labour Day", NOVEMBER, "AU", ("2027-10-04", "2027-10-05")),
        ("where did we go on Labour Day", NOVEMBER, "GB", ("2027-05-01", "2027-05-02")),
        # 五一 / 劳动节: mainland China's 1-5 May; 1 May alone in Hong Kong, Taiwan, Singapore, Malaysia
        ("五一放假那几天去了哪", NOVEMBER, None, ("2027-05-01", "2027-05-06")),
        ("五一放假那几天去了哪", NOVEMBER, "HK", ("2027-05-01", "2027-05-02")),
        # a place named beside the holiday: the holiday as read without a region (where it was spent)
        ("五一假期去槟城住的民宿", NOVEMBER, "CN", ("2027-05-01", "2027-05-06")),
        # Independence Day said alone: the Fourth of July, or the region's own
        ("the fireworks on Independence Day", NOVEMBER, None, ("2027-07-04", "2027-07-05")),
        ("the fireworks on Independence Day", NOVEMBER, "IN", ("2027-08-15", "2027-08-16")),
        ("the fireworks on Independence Day", NOVEMBER, "NG", ("2027-10-01", "2027-10-02")),
        ("the fireworks on Independence Day", NOVEMBER, "PH", ("2027-06-12", "2027-06-13")),
        ("the fireworks on Independence Day", NOVEMBER, "KE", ("2026-12-12", "2026-12-13")),
        ("the fireworks on the Fourth of July", NOVEMBER, "IN", ("2027-07-04", "2027-07-05")),
        # National Day / 国庆
        ("National Day 那天去看烟花", NOVEMBER, None, ("2027-10-01", "2027-10-08")),
        ("National Day 那天去看烟花", NOVEMBER, "SG", ("2027-08-09", "2027-08-10")),
        ("国庆那几天花了多少钱", NOVEMBER, None, ("2027-10-01", "2027-10-08")),
        ("国庆那几天花了多少钱", NOVEMBER, "SG", ("2027-08-09", "2027-08-10")),
        ("国庆那几天花了多少钱", NOVEMBER, "MY", ("2027-08-31", "2027-09-01")),
        # (Taiwan's days off: National Day 2027 is a Sunday, made up on the Monday; the fiftieth round)
        ("国庆那几天花了多少钱", NOVEMBER, "TW", ("2027-10-10", "2027-10-12")),
        ("国庆那几天花了多少钱", NOVEMBER, "HK", ("2027-10-01", "2027-10-02")),
        ("十一黄金周去了哪", NOVEMBER, "SG", ("2027-10-01", "2027-10-08")),
        ("国庆回北京那几天花了多少", NOVEMBER, "SG", ("2027-10-01", "2027-10-08")),
        # Golden Week in Japan; the August bank holiday in Ireland; Children's Day in Taiwan
        ("what did we do in golden week", JUNE, "JP", ("2027-04-29", "2027-05-06")),
        ("what did we do in golden week", JUNE, None, ("2026-10-01", "2026-10-08")),
        ("what did we do on the August bank holiday", OCTOBER, None, ("2027-08-30", "2027-08-31")),
        ("what did we do on the August bank holiday", OCTOBER, "IE", ("2027-08-02", "2027-08-03")),
        ("儿童节给孩子买的礼物", JUNE, "TW", ("2027-04-04", "2027-04-05")),
        ("六一儿童节给孩子买的礼物", JUNE, "TW", ("2027-06-01", "2027-06-02")),
    ],
)
def test_a_holiday_said_without_a_country_is_the_regions(
    query: str, now: datetime, region: str | None, expected: tuple[str, str]
) -> None:
    assert days(query, now, region) == expected


# --- financial and tax years ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "region", "expected"),
    [
        # no region: calendar years, as before
        ("what did the shop turn over last financial year", None, ("2026-01-01", "2027-01-01")),
        ("what did the shop turn over last financial year", "AU", ("2025-07-01", "2026-07-01")),
        ("what did the shop turn over last financial year", "IN", ("2025-04-01", "2026-04-01")),
        ("what did the shop turn over last financial year", "US", ("2026-01-01", "2027-01-01")),
        # (so far: from the year's start to today, as "so far this month"; the forty-ninth round)
        ("spend so far this FY", "AU", ("2026-07-01", "2027-03-11")),
        ("the FY26 audit findings", "IN", ("2025-04-01", "2026-04-01")),
        ("the FY26 audit findings", "JP", ("2026-04-01", "2027-04-01")),
        ("the FY26 audit findings", None, ("2026-01-01", "2027-01-01")),
        ("the Q3 FY26 board pack", "AU", ("2026-01-01", "2026-04-01")),
        ("the Q3 FY26 board pack", None, ("2026-07-01", "2026-10-01")),
        ("capex since the start of the financial year", "NZ", ("2026-04-01", "2027-03-11")),
        # a place named: its year (the US one is a calendar year)
        ("last FY at our US parent company", "AU", ("2026-01-01", "2027-01-01")),
        # tax years: 6 April in the UK, 1 March in South Africa; not read without a region
        ("what did I earn last tax year", "GB", ("2025-04-06", "2026-04-06")),
        ("what did I earn last tax year", "ZA", ("2026-03-01", "2027-03-01")),
        ("what did I earn last tax year", "US", ("2026-01-01", "2027-01-01")),
        ("what did I earn last tax year", None, None),
        ("the 2025/26 tax year", "GB", ("2025-04-06", "2026-04-06")),
        # Chinese
        ("上个财年的审计调整", None, ("2026-01-01", "2027-01-01")),
        ("上个财年的审计调整", "AU", ("2025-07-01", "2026-07-01")),
        ("2026财年第一季度的预算", "IN", ("2025-04-01", "2025-07-01")),
        ("上个纳税年度交了多少税", "NZ", ("2025-04-01", "2026-04-01")),
        ("本财年到目前为止报销了多少", "AU", ("2026-07-01", "2027-03-11")),
        # a question about the year names none, with or without a region
        ("when does the financial year start", "AU", None),
        ("财年是从几月开始算的", "IN", None),
    ],
)
def test_a_financial_or_tax_year_is_the_regions(
    query: str, region: str | None, expected: tuple[str, str] | None
) -> None:
    assert days(query, MARCH, region) == expected


# --- what a region does not change ----------------------------------------------------------------

_PLACELESS = [
    "yesterday",
    "what did I say the day before yesterday",
    "上周三我说了什么",
    "last month's invoices",
    "three days ago",
    "next Friday",
    "this weekend",
    "上个月初",
    "最近买的东西",
    "in May",
    "what did we get for Christmas",
    # (not 春节那几天: where the region gives days off of its own, they are the days, the fiftieth round)
    "the meeting on 2026-03-04",
    # (not "Q1 sales": a bare quarter in India is its financial year's, the fiftieth round)
    "去年的账单",
    "the past two weeks",
    "since last Thursday",
    "earlier this week",
    "the 21st of last month",
    "过去七天",
    # no range
    "what do I usually do on Sundays",
    "add 3/4 cup of flour",
    "订单号20250301到了吗",
    "每个月初都要交房租",
    "when did I last see you",
]


@pytest.mark.parametrize(
    "region", ["US", "GB", "AU", "NZ", "IN", "CA", "CN", "SG", "HK", "TW", "ZA", "NG", "JP"]
)
@pytest.mark.parametrize("now", [JUNE, NOVEMBER])
def test_a_region_changes_nothing_a_place_does_not_decide(region: str, now: datetime) -> None:
    assert [days(query, now, region) for query in _PLACELESS] == [days(query, now) for query in _PLACELESS]


# --- the region's carriage ------------------------------------------------------------------------


def test_the_region_is_checked_and_leaves_no_state_behind() -> None:
    assert days("on 4/2", JUNE, "gb") == ("2027-02-04", "2027-02-05")
    assert regions._REGION.get() is None
    with pytest.raises(ValueError, match="not an ISO 3166-1"):
        parse_range("on 4/2", JUNE, "XX")
    assert regions._REGION.get() is None
    assert days("on 4/2", JUNE) == ("2027-04-02", "2027-04-03")


def test_threads_each_read_their_own_region() -> None:
    queries = ["on 4/2", "last winter", "Father's Day", "last financial year", "国庆那几天"]
    users = ["US", "GB", "AU", "SG", "IN", None] * 4
    expected = {region: [days(query, OCTOBER, region) for query in queries] for region in set(users)}
    found: dict[int, list[tuple[str, str] | None]] = {}
    start = threading.Barrier(len(users))

    def read(index: int, region: str | None) -> None:
        start.wait()
        found[index] = [days(query, OCTOBER, region) for query in queries * 20][: len(queries)]

    threads = [threading.Thread(target=read, args=pair) for pair in enumerate(users)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert [found[index] for index in range(len(users))] == [expected[region] for region in users]
    assert expected["AU"] != expected[None] and expected["GB"] != expected["US"]


def test_the_tables_name_real_regions_and_holidays() -> None:
    codes = {
        *regions.MONTH_FIRST,
        *regions.SOUTHERN,
        *regions.FISCAL_YEARS,
        *regions.TAX_YEARS,
        *regions.BANK_HOLIDAYS,
        *regions._PLACE_WORDS,
        *(code for table in regions._HOLIDAY_BY_KEY.values() for code in table),
        *(code for table in regions._HOLIDAY_BY_NAME.values() for code in table),
    }
    assert codes <= REGION_CODES
    named = {
        *regions._HOLIDAY_BY_KEY,
        *(name for table in regions._HOLIDAY_BY_KEY.values() for name in table.values()),
        *(name for table in regions._HOLIDAY_BY_NAME.values() for name in table.values()),
        *(name for names in regions.BANK_HOLIDAYS.values() for name in names),
    }
    assert named <= set(holidays.HOLIDAYS)
    assert set(regions._HOLIDAY_BY_NAME) <= {*holidays.EN_NAMES, *holidays.ZH_NAMES}
