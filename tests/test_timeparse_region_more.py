"""The region a user lives in, the thirty-fourth round (`parse_range(query, now, region)`, time/region.py):
a place counts only tied to the time words, Taiwan's years of the Republic in digits and its school years,
the southern seasons in Chinese, more financial and tax years, holidays by country and by Australian state,
long weekends named by their month, the days the clocks change, Friday-Saturday weekends. Examples are
written here, not copied from the corpus; each with and without a region."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


def check(cases: list[Case]) -> None:
    assert [days(query, now, region) for query, now, region, _ in cases] == [
        expected for *_, expected in cases
    ]


# --- a place counts where it is tied to the time words --------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        # a place said of someone else leaves the order the user writes dates in
        (
            "how much rent did I send for my brother's flat in Manila on 9/10",
            "2027-11-03",
            "AU",
            ("2027-10-09", "2027-10-10"),
        ),
        (
            "how much rent did I send for my brother's flat in Manila on 9/10",
            "2027-11-03",
            None,
            ("2027-09-10", "2027-09-11"),
        ),
        ("我给在西雅图的女儿转的钱是 9/10 那天吗", "2027-11-03", "GB", ("2027-10-09", "2027-10-10")),
        # a place tied to the date, a workplace's record, where the user says they are: that place's order
        ("纽约那边 9/10 那天的账单", "2027-11-03", "GB", ("2027-09-10", "2027-09-11")),
        ("the Boston clinic's letter dated 9/10", "2027-11-03", "NZ", ("2027-09-10", "2027-09-11")),
        ("I'm in London now, what did I note on 9/10", "2027-11-03", "US", ("2027-10-09", "2027-10-10")),
        # seasons: the region's, unless the season is said of the place
        (
            "what did I plan last winter, my parents in Toronto came to stay",
            "2027-11-03",
            "AU",
            ("2027-06-01", "2027-09-01"),
        ),
        ("the ski trip last winter in Canada", "2027-11-03", "AU", ("2026-12-01", "2027-03-01")),
        ("去年冬天我爸妈从哈尔滨过来住了多久", "2027-11-03", "NZ", ("2026-06-01", "2026-09-01")),
        # holidays and financial years
        ("we flew in from Singapore for National Day", "2027-09-01", "MY", ("2027-08-31", "2027-09-01")),
        ("National Day in Singapore, which hotel", "2027-09-01", "MY", ("2027-08-09", "2027-08-10")),
        ("my cousin in Chennai called on Independence Day", "2027-09-01", "PH", ("2027-06-12", "2027-06-13")),
        ("what did I remit to Karachi this financial year", "2027-09-01", "AU", ("2027-07-01", "2028-07-01")),
        ("last FY for our Tokyo office", "2027-09-01", "AU", ("2026-04-01", "2027-04-01")),
    ],
)
def test_a_place_counts_only_tied_to_the_time_words(case: Case) -> None:
    check([case])


# --- dates in digits ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        # a date in digits said before 跟你说 / 同你讲 / 转给你: month first without a region, day first where
        # the region writes it so
        ("我9/10跟你说的那个牙医预约", "2027-11-03", None, ("2027-09-10", "2027-09-11")),
        ("我9/10跟你说的那个牙医预约", "2027-11-03", "HK", ("2027-10-09", "2027-10-10")),
        ("我在9/10同你讲过嘅嘢", "2027-11-03", "SG", ("2027-10-09", "2027-10-10")),
        ("2/3转给你的那张收据", "2027-11-03", "GB", ("2027-03-02", "2027-03-03")),
        ("2/3转给你的那张收据", "2027-11-03", None, ("2027-02-03", "2027-02-04")),
        ("我跟你说过1/2的房租", "2027-11-03", "GB", None),
        # Taiwan's years of the Republic in digits (民國 117 is 2028); its school years, August to July
        ("我跟你說過117/2/5要去戶政事務所", "2028-03-01", "TW", ("2028-02-05", "2028-02-06")),
        ("I told you about 117/2/5", "2028-03-01", "TW", ("2028-02-05", "2028-02-06")),
        ("我跟你說過117/2/5要去戶政事務所", "2028-03-01", None, None),
        ("116學年度的註冊費", "2028-03-01", "TW", ("2027-08-01", "2028-08-01")),
        ("116學年度下學期的註冊費", "2028-03-01", "TW", ("2028-02-01", "2028-08-01")),
        ("116學年度的註冊費", "2028-03-01", None, None),
    ],
)
def test_dates_in_digits(case: Case) -> None:
    check([case])


# --- seasons in Chinese ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        ("冬天的时候我跟你说的暖气费", "2027-10-20", "AU", ("2027-06-01", "2027-09-01")),
        ("冬天的时候我跟你说的暖气费", "2027-10-20", "US", ("2026-12-01", "2027-03-01")),
        ("冬天的时候我跟你说的暖气费", "2027-10-20", None, None),
        ("夏天那会儿说的机票", "2027-10-20", "NZ", ("2026-12-01", "2027-03-01")),
        ("冬天的时候一般几点起床", "2027-10-20", "AU", None),
        ("刚过去的那个冬天花了多少电费", "2027-10-20", None, ("2026-12-01", "2027-03-01")),
        ("刚过去的那个冬天花了多少电费", "2027-10-20", "AU", ("2027-06-01", "2027-09-01")),
        ("入冬以来我跟你说过几次感冒", "2027-07-20", "AU", ("2027-06-01", "2027-07-21")),
        ("入冬以来我跟你说过几次感冒", "2027-12-20", "GB", ("2027-12-01", "2027-12-21")),
        ("入冬以来我跟你说过几次感冒", "2027-12-20", None, None),
    ],
)
def test_seasons_in_chinese(case: Case) -> None:
    check([case])


# --- financial, tax and assessment years ----------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        (
            "what did I tell the accountant about the tax year that just ended",
            "2028-04-20",
            "NZ",
            ("2027-04-01", "2028-04-01"),
        ),
        ("what did I tell the accountant about the tax year that just ended", "2028-04-20", None, None),
        ("the financial year just gone", "2028-08-20", "AU", ("2027-07-01", "2028-07-01")),
        ("the FY that has just closed", "2028-08-20", "IN", ("2027-04-01", "2028-04-01")),
        ("上个税年的退税", "2028-08-20", "GB", ("2027-04-06", "2028-04-06")),
        ("上个税年的退税", "2028-08-20", None, None),
        ("这个税年交了多少", "2028-08-20", "ZA", ("2028-03-01", "2029-03-01")),
        # 年度 as the financial year where the region keeps one (Japan's from April)
        ("昨年度の残業代", "2028-08-20", "JP", ("2027-04-01", "2028-04-01")),
        ("今年度下期的奖金", "2028-08-20", "JP", ("2028-10-01", "2029-04-01")),
        ("上年度的审计", "2028-08-20", "IN", ("2027-04-01", "2028-04-01")),
        ("上年度的审计", "2028-08-20", None, ("2027-01-01", "2028-01-01")),
        # a year of assessment: Singapore's taxes the year before, Malaysia's its own
        ("the receipts for YA2028", "2028-02-20", "SG", ("2027-01-01", "2028-01-01")),
        ("the receipts for YA2028", "2028-02-20", "MY", ("2028-01-01", "2029-01-01")),
        ("the receipts for YA2028", "2028-02-20", None, None),
        ("报YA 2028要准备的收据", "2028-02-20", "SG", ("2027-01-01", "2028-01-01")),
    ],
)
def test_financial_tax_and_assessment_years(case: Case) -> None:
    check([case])


# --- holidays -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        # Children's Day, Teachers' Day
        ("the school trip on Children's Day", "2027-12-01", "IN", ("2027-11-14", "2027-11-15")),
        ("the school trip on Children's Day", "2027-12-01", "NG", ("2027-05-27", "2027-05-28")),
        ("the school trip on Children's Day", "2027-12-01", None, ("2027-06-01", "2027-06-02")),
        ("儿童节那天带孩子去的游乐园", "2027-12-01", "IN", ("2027-11-14", "2027-11-15")),
        ("what did the class give on Teachers' Day", "2027-10-01", "SG", ("2027-09-03", "2027-09-04")),
        ("what did the class give on Teachers' Day", "2027-10-01", "IN", ("2027-09-05", "2027-09-06")),
        ("what did the class give on Teachers' Day", "2027-10-01", None, ("2027-09-10", "2027-09-11")),
        ("教师节那天送的花", "2027-10-01", "SG", ("2027-09-03", "2027-09-04")),
        # the King's Birthday; Labour Day by Australian state
        ("the King's Birthday long weekend at the coast", "2027-07-01", "AU", ("2027-06-12", "2027-06-15")),
        ("the King's Birthday long weekend at the coast", "2027-07-01", "NZ", ("2027-06-05", "2027-06-08")),
        ("on the King's Birthday up in Brisbane", "2027-11-01", "AU", ("2027-10-04", "2027-10-05")),
        ("国王生日那三天假去了哪", "2027-07-01", "NZ", ("2027-06-05", "2027-06-08")),
        ("Labour Day in Perth", "2027-05-20", "AU", ("2027-03-01", "2027-03-02")),
        ("Labour Day here in Brisbane", "2027-05-20", "AU", ("2027-05-03", "2027-05-04")),
        ("what did we do on Labour Day", "2027-05-20", "AU", ("2026-10-05", "2026-10-06")),
        # 劳动节 where Labour Day is a Monday: that Monday; 五一 stays 1 May
        ("劳动节那天加班了吗", "2027-11-20", "NZ", ("2027-10-25", "2027-10-26")),
        ("劳动节那天加班了吗", "2027-11-20", "US", ("2027-09-06", "2027-09-07")),
        ("劳动节那天加班了吗", "2027-11-20", None, ("2027-05-01", "2027-05-02")),
        ("五一那天加班了吗", "2027-11-20", "US", ("2027-05-01", "2027-05-02")),
        ("劳动节长周末去了哪", "2027-11-20", "CA", ("2027-09-04", "2027-09-07")),
        ("劳动节长周末去了哪", "2027-11-20", None, ("2027-05-01", "2027-05-06")),
        ("墨尔本这边劳动节那个long weekend", "2027-11-20", "AU", ("2027-03-06", "2027-03-09")),
        # Golden Week, Obon, the Easter holidays
        ("黄金周去了哪", "2027-06-20", "JP", ("2027-04-29", "2027-05-06")),
        ("黄金周去了哪", "2027-06-20", None, ("2026-10-01", "2026-10-08")),
        ("盂兰盆节回老家", "2027-09-20", "JP", ("2027-08-13", "2027-08-17")),
        ("盂兰盆节回老家", "2027-09-20", None, ("2027-08-16", "2027-08-17")),
        ("what did we do over Obon", "2027-09-20", "JP", ("2027-08-13", "2027-08-17")),
        ("复活节假期去了哪", "2027-06-20", "HK", ("2027-03-26", "2027-03-30")),
        ("复活节假期去了哪", "2027-06-20", None, ("2027-03-26", "2027-03-30")),
        # the Fourth said alone in the United States; the last bank holiday
        ("the barbecue over the Fourth", "2027-07-20", "US", ("2027-07-04", "2027-07-05")),
        ("the barbecue over the Fourth", "2027-07-20", "GB", None),
        ("the barbecue over the Fourth", "2027-07-20", None, None),
        ("what did I buy on the last bank holiday", "2027-06-10", "GB", ("2027-05-31", "2027-06-01")),
        ("what did I buy on the last bank holiday", "2027-06-10", "IE", ("2027-06-07", "2027-06-08")),
        ("上个bank holiday去了哪", "2027-06-10", "GB", ("2027-05-31", "2027-06-01")),
    ],
)
def test_holidays_by_country_and_state(case: Case) -> None:
    check([case])


@pytest.mark.parametrize(
    "case",
    [
        ("where did we camp over the May long weekend", "2027-06-10", "CA", ("2027-05-22", "2027-05-25")),
        ("where did we camp over the May long weekend", "2027-06-10", "US", ("2027-05-29", "2027-06-01")),
        ("where did we camp over the May long weekend", "2027-06-10", "GB", None),
        ("where did we camp over the May long weekend", "2027-06-10", None, None),
        ("the August long weekend at the cottage", "2027-09-10", "CA", ("2027-07-31", "2027-08-03")),
        ("the October long weekend", "2027-11-10", "AU", ("2027-10-02", "2027-10-05")),
        ("the June long weekend", "2027-07-10", "IE", ("2027-06-05", "2027-06-08")),
        ("五月长周末去的露营地", "2027-06-10", "CA", ("2027-05-22", "2027-05-25")),
        ("六月长周末去哪了", "2027-07-10", "AU", ("2027-06-12", "2027-06-15")),
    ],
)
def test_a_long_weekend_named_by_its_month(case: Case) -> None:
    check([case])


# --- the days the clocks change -------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        ("since the clocks went back", "2027-11-10", "GB", ("2027-10-31", "2027-11-11")),
        ("since the clocks went back", "2027-11-10", "US", ("2027-11-07", "2027-11-11")),
        ("since the clocks went back", "2027-11-10", "AU", ("2027-04-04", "2027-11-11")),
        ("since the clocks went back", "2027-11-10", None, None),
        ("since the clocks went back", "2027-11-10", "CN", None),
        ("since the clocks went forward", "2027-11-10", "AU", ("2027-10-03", "2027-11-11")),
        ("since the clocks went forward here in Brisbane", "2027-11-10", "AU", None),
        ("since daylight saving started", "2027-11-10", "NZ", ("2027-09-26", "2027-11-11")),
        ("since the clocks changed", "2027-11-10", "IE", ("2027-10-31", "2027-11-11")),
        ("since the clocks changed", "2027-05-10", "NZ", ("2027-04-04", "2027-05-11")),
        ("the day the clocks went forward", "2027-05-10", "US", ("2027-03-14", "2027-03-15")),
        (
            "what did I tell you about the clocks on the weekend",
            "2027-05-10",
            "GB",
            ("2027-05-08", "2027-05-10"),
        ),
        ("夏令时开始以后", "2027-05-10", "GB", ("2027-03-28", "2027-05-11")),
        ("换回冬令时之后", "2027-11-20", "CA", ("2027-11-07", "2027-11-21")),
        ("调夏令时以后", "2027-11-20", "NZ", ("2027-09-26", "2027-11-21")),
        ("冬令时开始以来", "2027-11-20", "DE", ("2027-10-31", "2027-11-21")),
        ("夏令时开始以后", "2027-05-10", None, None),
        ("夏令时开始以后", "2027-05-10", "CN", None),
    ],
)
def test_the_days_the_clocks_change(case: Case) -> None:
    check([case])


# --- weekends -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "case",
    [
        ("what did we eat last weekend", "2027-03-16", "SA", ("2027-03-12", "2027-03-14")),
        ("what did we eat last weekend", "2027-03-16", "QA", ("2027-03-12", "2027-03-14")),
        ("what did we eat last weekend", "2027-03-16", "AE", ("2027-03-13", "2027-03-15")),
        ("what did we eat last weekend", "2027-03-16", None, ("2027-03-13", "2027-03-15")),
        ("上个周末吃了什么", "2027-03-16", "KW", ("2027-03-12", "2027-03-14")),
        # every weekend is a habit, with or without a region
        ("他是不是每个周末都去钓鱼", "2027-06-10", None, None),
        ("他是不是每个周末都去钓鱼", "2027-06-10", "SG", None),
    ],
)
def test_weekends_where_they_are_friday_and_saturday(case: Case) -> None:
    check([case])


def test_the_new_tables_name_real_regions_and_holidays() -> None:
    from hindsight.recall import holidays
    from hindsight.recall.time import region as regions
    from hindsight.recall.timeparse import REGION_CODES

    codes = {
        *regions.LONG_WEEKENDS,
        *regions.CLOCK_CHANGES,
        *regions.FRIDAY_SATURDAY_WEEKENDS,
        *regions.ASSESSMENT_YEARS,
    }
    assert codes <= REGION_CODES
    named = {
        *(name for names in regions.LONG_WEEKENDS.values() for name in names),
        *(name for names in regions.AU_STATE_LONG_WEEKENDS.values() for name in names),
        *regions.AU_STATE_HOLIDAYS,
        *(name for table in regions.AU_STATE_HOLIDAYS.values() for name in table.values()),
    }
    assert named <= set(holidays.HOLIDAYS)
    assert set(regions.AU_STATE_LONG_WEEKENDS) == set(regions._AU_STATE_WORDS)
