"""Chinese speakers in Taiwan, Hong Kong, Macau, Singapore, Malaysia and Chinese families abroad, and English
speakers in those places (`parse_range(query, now, region)`), the thirty-sixth round, second wave: holidays
by their Traditional, Cantonese and local names, 連假 and long weekends, financial and tax years said in
Chinese, dates in digits inside Chinese, the days the clocks change, local weekends. Examples are written
here, not copied from the corpus; each with its near misses, which must stay no range or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a Chinese word of which before an English tax or financial year; Cantonese 呢个 (this)
        ("上個 tax year 交咗幾多稅", "2027-09-10", "GB", ("2026-04-06", "2027-04-06")),
        ("呢個 financial year 賺咗幾多", "2027-09-10", "AU", ("2027-07-01", "2028-07-01")),
        ("呢個報稅年度退咗幾多稅", "2027-09-10", "HK", ("2027-04-01", "2028-04-01")),
        ("上个 financial year 的花费", "2027-09-10", "NZ", ("2026-04-01", "2027-04-01")),
        # Hong Kong's year of assessment by its two years
        ("salaries tax for the 2024/25 year of assessment", "2026-01-10", "HK", ("2024-04-01", "2025-04-01")),
        # near misses: no region keeps no year of its own; "this tax year" stays a calendar year in the US
        ("呢個 financial year 賺咗幾多", "2027-09-10", None, None),
        ("for the 2024/25 year of assessment", "2026-01-10", None, None),
        ("呢个 tax 表点填", "2027-09-10", "HK", None),
    ],
)
def test_tax_and_financial_years_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # holidays by their local names: Taiwan's Double Tenth and 爸爸節 (8 August), Malaysia Day, NDP typed
        # against Chinese, Macau's 回歸紀念日 (20 December), Quebec's St-Jean
        ("did we watch the fireworks on Double Tenth", "2027-11-01", "TW", ("2027-10-10", "2027-10-11")),
        ("爸爸節那天吃了什麼", "2027-09-01", "TW", ("2027-08-08", "2027-08-09")),
        ("爸爸节那天吃了什么", "2027-09-01", "CN", ("2027-06-20", "2027-06-21")),
        ("马来西亚日去了哪里", "2027-10-01", "MY", ("2027-09-16", "2027-09-17")),
        ("去年NDP我们在哪看的", "2027-10-01", "SG", ("2026-08-09", "2026-08-10")),
        ("回歸紀念日嗰日去咗邊", "2027-12-30", "MO", ("2027-12-20", "2027-12-21")),
        ("回歸紀念日嗰日去咗邊", "2027-12-30", "HK", ("2027-07-01", "2027-07-02")),
        ("澳門回歸紀念日嗰日去咗邊", "2027-12-30", "HK", ("2027-12-20", "2027-12-21")),
        ("who hosted the St-Jean fête this year", "2027-07-10", "CA", ("2027-06-24", "2027-06-25")),
        # Hong Kong's 聖誕節後第一個周日: the first day after Christmas that is no Sunday; elsewhere the first
        # Sunday after it
        ("聖誕節後第一個周日去咗邊", "2027-01-10", "HK", ("2026-12-26", "2026-12-27")),
        ("聖誕節後第一個周日去咗邊", "2028-01-10", "HK", ("2027-12-27", "2027-12-28")),
        ("圣诞节后第一个周日去了哪", "2028-01-10", None, ("2027-12-26", "2027-12-27")),
        # near misses: a word holding the letters, a name that is no holiday
        ("the NDPR compliance form", "2027-10-01", "SG", None),
        ("double ten percent off", "2027-10-01", "TW", None),
    ],
)
def test_holidays_by_their_local_names(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        ("how was the weekend just been", "2027-03-03", "AU", ("2027-02-27", "2027-03-01")),
        ("what did we cook the week just been", "2027-03-03", "NZ", ("2027-02-22", "2027-03-01")),
        # near miss: "just been" said of something else
        ("the parcel has just been delivered", "2027-03-03", "AU", None),
    ],
)
def test_the_weekend_just_been(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a holiday's 連假 with a region: its long weekend; in Taiwan a holiday on a Saturday is made up the
        # Friday before, one on a Sunday the Monday after
        ("和平紀念日連假去了哪裡", "2026-03-10", "TW", ("2026-02-27", "2026-03-02")),  # a Saturday
        ("雙十連假住哪", "2027-10-20", "TW", ("2027-10-09", "2027-10-12")),  # a Sunday
        ("端午連假去哪了", "2027-06-20", "TW", ("2027-06-09", "2027-06-10")),  # a Wednesday: the day
        ("Memorial Day 連假買了什麼", "2027-06-10", "US", ("2027-05-29", "2027-06-01")),
        ("勞工節連假去哪了", "2027-09-20", "CA", ("2027-09-04", "2027-09-07")),
        # in Hong Kong and Singapore a holiday on a Sunday is made up the Monday after
        ("國慶連假去咗邊", "2028-10-10", "HK", ("2028-09-30", "2028-10-03")),
        # near misses: no region (the holiday), Easter's days stay Good Friday to Easter Monday
        ("端午連假我們去了哪裡", "2028-06-14", None, ("2028-05-28", "2028-05-29")),
        ("復活節假期去咗邊", "2027-04-10", "HK", ("2027-03-26", "2027-03-30")),
    ],
)
def test_a_holidays_long_weekend(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the days the clocks change: 转 (Hong Kong usage) and 夏令時間; the week or the weekend of the change
        ("轉咗冬令時間之後成日好早天黑", "2027-11-20", "GB", ("2027-10-31", "2027-11-21")),
        ("轉夏令時間嗰個禮拜去咗邊", "2027-11-20", "NZ", ("2027-09-20", "2027-09-27")),
        ("the weekend the clocks went forward, where", "2027-04-20", "GB", ("2027-03-27", "2027-03-29")),
        ("the week the clocks went back", "2027-11-20", "US", ("2027-11-01", "2027-11-08")),
        # near misses: where the clocks do not change, a transfer that is no clock
        ("轉咗夏令時間之後", "2027-11-20", "SG", None),
        ("the weekend the clocks went back", "2027-11-20", "JP", None),
        ("轉咗賬之後收到未", "2027-11-20", "HK", None),
    ],
)
def test_the_days_the_clocks_change(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # 上個 before a season: the latest ended, in the region's hemisphere
        ("上個冬天去咗邊度滑雪", "2027-10-05", "NZ", ("2027-06-01", "2027-09-01")),
        ("上个夏天去了哪", "2027-10-05", "GB", ("2027-06-01", "2027-09-01")),
        ("上一个秋季的电费", "2027-07-05", "AU", ("2027-03-01", "2027-06-01")),
        # near miss: 上个 before what is no season
        ("上个夏令营的照片", "2027-10-05", "GB", None),
    ],
)
def test_the_last_season_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the weekend in Kelantan, Terengganu and Kedah is Friday and Saturday (Wednesday 9 June 2027)
        ("what did we eat last weekend in Terengganu", "2027-06-09", "MY", ("2027-06-04", "2027-06-06")),
        ("上个周末在哥打巴鲁买了什么", "2027-06-09", "MY", ("2027-06-04", "2027-06-06")),
        # near misses: elsewhere in Malaysia, and the state named outside Malaysia
        ("what did we eat last weekend in Penang", "2027-06-09", "MY", ("2027-06-05", "2027-06-07")),
        ("what did we eat last weekend, mum is from Kedah", "2027-06-09", "GB", ("2027-06-05", "2027-06-07")),
    ],
)
def test_local_weekends(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # dates in digits inside Chinese, in the region's order: a span over the new year with spaces, a date
        # after 我 before where and what was done, before a meeting or a class, a date a receipt is dated
        ("30/12 至 3/1 去台北住咗邊間酒店", "2027-01-20", "HK", ("2026-12-30", "2027-01-04")),
        ("我8/3在 Giant 买的米还有吗", "2027-03-20", "MY", ("2027-03-08", "2027-03-09")),
        ("9/5 上堂嘅时候老师讲咗咩", "2027-05-20", "SG", ("2027-05-09", "2027-05-10")),
        ("收據上寫著 4/6，係咪嗰日買嘅", "2027-06-20", "AU", ("2027-06-04", "2027-06-05")),
        ("收據上寫著 4/6，係咪嗰日買嘅", "2027-06-20", "TW", ("2027-04-06", "2027-04-07")),
        # near misses: a recipe's amount, a share of the class, no region
        ("食谱写着 3/4 杯面粉", "2027-06-20", "AU", None),
        ("3/4 上课的人都走了", "2027-06-20", "HK", ("2027-04-03", "2027-04-04")),
        ("9/5 上堂嘅时候老师讲咗咩", "2027-05-20", None, None),
    ],
)
def test_dates_in_digits_inside_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected
