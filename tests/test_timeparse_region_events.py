"""Shopping, sport, shows and local events where the user lives (`parse_range(query, now, region)`), the
thirty-sixth round: a date in digits before what was bought, booked or seen that day, or opening a Chinese
sentence before where and what was done. Examples are written here, not copied from the corpus; each with
its near misses, which must stay no range or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a date in digits between "the", "my", "that" … and what was bought, booked or seen (region order)
        ("where did we sit at the 14/3 gig", "2027-04-02", "GB", ("2027-03-14", "2027-03-15")),
        ("where did we sit at the 4/3 gig", "2027-04-02", "GB", ("2027-03-04", "2027-03-05")),
        ("where did we sit at the 4/3 gig", "2027-04-20", "US", ("2027-04-03", "2027-04-04")),
        ("has my 8/2 Lazada order come yet", "2027-02-20", "MY", ("2027-02-08", "2027-02-09")),
        ("who scored in that 9/1 match", "2027-01-20", "NZ", ("2027-01-09", "2027-01-10")),
        ("refund for our 2/6 tickets", "2027-06-20", "PH", ("2027-02-06", "2027-02-07")),
        # near misses: an amount, a share, a fraction before a noun that is no deed
        ("my 1/2 order of fries was cold", "2027-02-20", "GB", None),
        ("the 2/3 majority vote", "2027-02-20", "GB", None),
        ("the 3/4 sleeve dress", "2027-02-20", "AU", None),
        # a Chinese date opening the sentence, then where and what was done
        ("2/9 在 Lazada 买的耳机到了没", "2027-09-20", "MY", ("2027-09-02", "2027-09-03")),
        ("2/9 在 Lazada 买的耳机到了没", "2027-09-20", "TW", ("2027-02-09", "2027-02-10")),
        ("5/4 喺红馆睇嗰场show几点开始", "2027-05-20", "HK", ("2027-04-05", "2027-04-06")),
        ("8/3 在淘宝下的单还没发货", "2027-08-20", "CN", ("2027-08-03", "2027-08-04")),
        # near misses: a share of people, a date not opening the sentence with a deed after it
        ("3/4 在这里的人同意", "2027-08-20", "HK", None),
        ("问一下 2/9 在 Lazada 买的", "2027-09-20", "MY", None),
    ],
)
def test_dates_in_digits_before_a_deed(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a season said alone opening a Chinese sentence, before where something was done: the latest
        # begun, in the region's hemisphere
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", "NZ", ("2027-06-01", "2027-09-01")),
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", "GB", ("2026-12-01", "2027-03-01")),
        ("秋天去 Daylesford 住的那家民宿叫什么", "2027-07-01", "AU", ("2027-03-01", "2027-06-01")),
        ("夏天在海边那次谁开的车", "2027-01-10", "ZA", ("2026-12-01", "2027-03-01")),
        # near misses: a plan or a habit, and no region (the hemisphere unknown)
        ("冬天去哪里玩比较好", "2027-10-05", "NZ", None),
        ("冬天在家一般做什么", "2027-10-05", "NZ", None),
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", None, None),
    ],
)
def test_seasons_said_alone_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a country's own day, by the user's region where the name is that country's alone
        ("Democracy Day rally, who spoke", "2027-07-01", "NG", ("2027-06-12", "2027-06-13")),
        ("what did we cook on Women's Day", "2027-09-01", "ZA", ("2027-08-09", "2027-08-10")),
        # near misses: elsewhere Democracy Day names none, Women's Day stays 8 March
        ("Democracy Day rally, who spoke", "2027-07-01", "KE", None),
        ("what did we cook on Women's Day", "2027-09-01", "GB", ("2027-03-08", "2027-03-09")),
        # 青年节: China's May Fourth Youth Day, Taiwan's 29 March; 青年节目 is a programme
        ("青年节那天我们去了哪", "2027-06-01", "CN", ("2027-05-04", "2027-05-05")),
        ("青年節那天我們去了哪", "2027-06-01", "TW", ("2027-03-29", "2027-03-30")),
        ("那个青年节目叫什么", "2027-06-01", "CN", None),
        # Boxing Week (26-31 December), Undas (1-2 November), the ber months (September to December)
        ("how much did I spend in Boxing Week", "2027-02-01", "CA", ("2026-12-26", "2027-01-01")),
        ("sino kasama natin nung Undas", "2027-11-20", "PH", ("2027-11-01", "2027-11-03")),
        (
            "what have we spent on parols since the ber months began",
            "2027-11-10",
            "PH",
            ("2027-09-01", "2027-11-11"),
        ),
        ("the ber months sale haul", "2028-02-01", "PH", ("2027-09-01", "2028-01-01")),
        # near miss: a word holding "ber" is no ber month
        ("those amber months in the hills", "2028-02-01", "PH", None),
    ],
)
def test_days_of_a_place(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Ireland's St Brigid's weekend: Saturday to the first Monday of February, or Friday 1 February to
        # Sunday
        (
            "St Brigid's weekend in Kilkenny, where did we eat",
            "2026-02-20",
            "IE",
            ("2026-01-31", "2026-02-03"),
        ),
        (
            "St Brigid's weekend in Kilkenny, where did we eat",
            "2030-02-20",
            "IE",
            ("2030-02-01", "2030-02-04"),
        ),
        # near miss: St Brigid's Day itself stays 1 February
        ("St Brigid's Day in Kilkenny, where did we eat", "2028-02-20", "IE", ("2028-02-01", "2028-02-02")),
        # an English holiday's long weekend said in Chinese: 周末, 那个长周末, 那个 long weekend, 连休
        ("Labor Day 周末去湖边住了哪家", "2027-09-20", "US", ("2027-09-04", "2027-09-07")),
        ("Victoria Day 连休 去了哪", "2027-05-30", "CA", ("2027-05-22", "2027-05-25")),
        ("Labour weekend 在 Napier 吃了啥", "2027-11-10", "NZ", ("2027-10-23", "2027-10-26")),
        ("维多利亚日连休 去了哪", "2027-05-30", "CA", ("2027-05-22", "2027-05-25")),
        # near miss: the holiday said alone stays its day
        ("Labor Day 去湖边住了哪家", "2027-09-20", "US", ("2027-09-06", "2027-09-07")),
        # "bank hol" (chat) as "bank holiday"; the bank holiday Monday: the latest Monday bank holiday
        ("what did I spend over the August bank hol", "2027-09-10", "GB", ("2027-08-30", "2027-08-31")),
        ("the bank holiday Monday, what did we buy at B&Q", "2027-06-07", "GB", ("2027-05-31", "2027-06-01")),
        ("bank holiday 那个礼拜一去哪了", "2027-06-07", "GB", ("2027-05-31", "2027-06-01")),
        # near misses: a habit, a question about any such Monday
        ("is the tip open on bank holiday Mondays", "2027-06-07", "GB", None),
        ("are they open on a bank holiday Monday?", "2027-06-07", "GB", None),
    ],
)
def test_long_weekends_and_bank_holidays(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the EOFY sales: the financial year's last month (June in Australia, March in India)
        (
            "the robot vacuum from the EOFY sales, which model",
            "2027-08-02",
            "AU",
            ("2027-06-01", "2027-07-01"),
        ),
        ("EOFY 促销买的那台洗衣机", "2027-08-02", "AU", ("2027-06-01", "2027-07-01")),
        ("the EOFY sale haul", "2027-08-02", "IN", ("2027-03-01", "2027-04-01")),
        # near misses: EOFY alone stays the financial year's end; no financial year of its own, none
        ("before EOFY hits, what did I claim", "2027-06-10", "AU", ("2027-05-01", "2027-07-01")),
        ("the EOFY sale haul", "2027-08-02", "GB", None),
        # since the new financial year began, in Chinese
        ("新财年开始以来 Bunnings 花了多少", "2027-09-10", "AU", ("2027-07-01", "2027-09-11")),
        ("财年开始以后交了几次房租", "2027-05-10", "NZ", ("2027-04-01", "2027-05-11")),
        # Hong Kong's financial year (財政年度) runs from April, as its year of assessment does
        ("今個財政年度交咗幾多次管理費", "2027-06-10", "HK", ("2027-04-01", "2028-04-01")),
        ("last financial year, how much rent", "2027-06-10", "HK", ("2026-04-01", "2027-04-01")),
        # the school year by the region: the calendar year in Australia, September in the UK, none in India
        ("这个学年交的校服费", "2027-10-20", "AU", ("2027-01-01", "2028-01-01")),
        ("what did the school trips cost last school year", "2027-10-20", "GB", ("2026-09-01", "2027-09-01")),
        ("上个学年交的校服费", "2027-10-20", "SG", ("2026-01-01", "2027-01-01")),
        ("what did the school trips cost last school year", "2027-10-20", "IN", None),
        ("what did the school trips cost last school year", "2027-10-20", None, None),
        ("这个学年制怎么样", "2027-10-20", "AU", None),
    ],
)
def test_financial_and_school_years(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected
