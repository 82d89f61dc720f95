"""Holidays, financial years and calendars of South Asia, the Gulf, Africa and Southeast Asia where the user
lives (`parse_range(query, now, region)`): the days a region keeps Mother's, Father's, Children's, Teachers'
and National Day on, its own national holidays, the Islamic holidays and Songkran named in Chinese,
Pakistan's and Bangladesh's July years, Sri Lanka's year of assessment, Thailand's years of the Buddhist era.
Examples are written here, not copied from the corpus; each with its near misses, which must stay no range
or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # Mother's Day: Thailand's 12 August, Indonesia's 22 December, the Arab world's 21 March
        ("what flowers did I get mum on Mother's Day", "2027-09-01", "TH", ("2027-08-12", "2027-08-13")),
        ("母亲节那天吃的哪家餐厅", "2027-02-01", "ID", ("2026-12-22", "2026-12-23")),
        ("what did we cook for Mother's Day", "2027-04-10", "QA", ("2027-03-21", "2027-03-22")),
        ("母亲节那天送了什么", "2027-04-10", "EG", ("2027-03-21", "2027-03-22")),
        # near misses: the default (second Sunday of May) elsewhere and without a region
        ("what did we cook for Mother's Day", "2027-06-10", "SG", ("2027-05-09", "2027-05-10")),
        ("what did we cook for Mother's Day", "2027-06-10", None, ("2027-05-09", "2027-05-10")),
        # Father's Day: Thailand's 5 December, Indonesia's 12 November
        ("the shirt I bought dad for Father's Day", "2028-01-03", "TH", ("2027-12-05", "2027-12-06")),
        ("父亲节那天去哪里吃饭了", "2027-12-01", "ID", ("2027-11-12", "2027-11-13")),
        ("父亲节那天去哪里吃饭了", "2027-12-01", "MY", ("2027-06-20", "2027-06-21")),
        # Children's Day: Thailand's second Saturday of January, Indonesia's 23 July, Singapore's first Friday
        # of October; Vietnam's Teachers' Day 20 November
        ("photos from Children's Day at the temple fair", "2028-02-01", "TH", ("2028-01-08", "2028-01-09")),
        ("儿童节那天学校有什么活动", "2027-08-10", "ID", ("2027-07-23", "2027-07-24")),
        ("儿童节那天学校有什么活动", "2027-10-20", "SG", ("2027-10-01", "2027-10-02")),
        ("what happened at school on Teachers' Day", "2027-12-01", "VN", ("2027-11-20", "2027-11-21")),
        # the Philippines' Teachers' Day is 5 October (the forty-ninth round; this row read China's before);
        # where the region keeps none of its own, China's 10 September
        ("教师节那天送了什么", "2027-12-01", "PH", ("2027-10-05", "2027-10-06")),
        ("教师节那天送了什么", "2027-12-01", "GB", ("2027-09-10", "2027-09-11")),
        # Singapore's Youth Day, the first Sunday of July (Taiwan's and China's stay theirs)
        ("青年节那天去了哪里", "2028-07-20", "SG", ("2028-07-02", "2028-07-03")),
        ("青年节那天去了哪里", "2028-07-20", "CN", ("2028-05-04", "2028-05-05")),
    ],
)
def test_days_kept_on_a_date_of_the_region(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # National Day: Saudi Arabia's 23 September, the Emirates' 2 December, Vietnam's 2 September
        ("receipts from the National Day fireworks trip", "2027-10-10", "SA", ("2027-09-23", "2027-09-24")),
        ("what did we do on National Day", "2027-12-20", "AE", ("2027-12-02", "2027-12-03")),
        ("国庆节那天去了哪里", "2027-09-20", "VN", ("2027-09-02", "2027-09-03")),
        # near misses: China's where it is kept, Singapore's own
        ("国庆节那天去了哪里", "2027-10-20", "CN", ("2027-10-01", "2027-10-02")),
        ("what did we do on National Day", "2027-09-20", "SG", ("2027-08-09", "2027-08-10")),
        # Independence Day: Indonesia's 17 August; 独立日 a region's own, the Fourth of July without one
        ("the lomba at Independence Day, who won", "2027-09-01", "ID", ("2027-08-17", "2027-08-18")),
        ("独立日那天去看了游行", "2027-09-01", "ID", ("2027-08-17", "2027-08-18")),
        ("独立日那天去看了游行", "2027-09-10", "MY", ("2027-08-31", "2027-09-01")),
        ("独立日那天去看了游行", "2027-07-10", "PH", ("2027-06-12", "2027-06-13")),
        ("独立日那天去看了游行", "2027-07-10", None, ("2027-07-04", "2027-07-05")),
        # Victory Day: Bangladesh's 16 December, 9 May elsewhere; Saudi Founding Day 22 February; Heroes Day:
        # Kenya's 20 October, the Philippines' last Monday of August
        ("the Victory Day parade, what time did it start", "2028-01-10", "BD", ("2027-12-16", "2027-12-17")),
        ("the Victory Day parade, what time did it start", "2028-06-10", "RU", ("2028-05-09", "2028-05-10")),
        ("what did we eat on Founding Day", "2027-03-10", "SA", ("2027-02-22", "2027-02-23")),
        ("who came over on Heroes Day", "2027-11-02", "KE", ("2027-10-20", "2027-10-21")),
        ("the beach trip on National Heroes Day", "2028-09-10", "PH", ("2028-08-28", "2028-08-29")),
    ],
)
def test_national_days(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the Islamic holidays and Songkran by their Chinese names (Singapore and Malaysia sight the moon
        # a day after the Gulf in 2027: `holiday_tables`, the fiftieth round)
        ("开斋节那天穿的衣服在哪买的", "2027-04-01", "SG", ("2027-03-10", "2027-03-11")),
        ("斋月期间的开销", "2027-04-01", "AE", ("2027-02-08", "2027-03-09")),
        ("哈芝节那天去了谁家", "2027-06-01", "MY", ("2027-05-17", "2027-05-18")),
        ("宋干节那几天去了清迈", "2027-05-01", "TH", ("2027-04-13", "2027-04-16")),
        # near misses: the words as other words (a fasting habit, a water fight said alone)
        ("斋月一般几点开饭", "2027-04-01", "AE", None),
    ],
)
def test_islamic_holidays_and_songkran_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Pakistan's and Bangladesh's fiscal and tax years run July to June; Sri Lanka's year of assessment
        # April to March
        ("what did the shop earn this fiscal year", "2027-02-10", "PK", ("2026-07-01", "2027-07-01")),
        ("total zakat paid in tax year 2026", "2026-09-01", "PK", ("2025-07-01", "2026-07-01")),
        ("what did we export last fiscal", "2027-09-01", "BD", ("2026-07-01", "2027-07-01")),
        ("PAYE slips for year of assessment 2027/28", "2028-06-01", "LK", ("2027-04-01", "2028-04-01")),
        # near misses: Kenya's and Egypt's tax years are calendar years; a plain year stays one in Pakistan
        ("what did the shop earn this fiscal year", "2027-02-10", "KE", ("2027-01-01", "2028-01-01")),
        ("what did we spend in 2026", "2027-02-10", "PK", ("2026-01-01", "2027-01-01")),
    ],
)
def test_july_and_april_years(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Thailand's years of the Buddhist era (B.E. 2570 is 2027): a date in digits, day first, in Thailand;
        # 佛历 / B.E. before a year anywhere; 25xx年 in Thailand
        ("the clinic bill dated 9/11/2570", "2027-12-01", "TH", ("2027-11-09", "2027-11-10")),
        ("ใบเสร็จ 03-01-2571 what was it for", "2028-02-01", "TH", ("2028-01-03", "2028-01-04")),
        ("佛历2570年的电费一共多少", "2028-02-01", "SG", ("2027-01-01", "2028-01-01")),
        ("2570年交了多少税", "2028-02-01", "TH", ("2027-01-01", "2028-01-01")),
        # near miss: outside Thailand a date with such a year is none
        ("invoice 9/11/2570", "2027-12-01", "SG", None),
    ],
)
def test_buddhist_era_years(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the online shops' double-day sales said in English before "sale": that day, the latest passed
        (
            "the rice cooker from the 10.10 sale, has it shipped",
            "2027-11-02",
            "MY",
            ("2027-10-10", "2027-10-11"),
        ),
        ("what I grabbed in the 12.12 mega sale", "2027-11-02", "PH", ("2026-12-12", "2026-12-13")),
        ("did the 8.8 deals include the headphones", "2027-11-02", "SG", ("2027-08-08", "2027-08-09")),
        # near misses: a version, a score, two different numbers
        ("the 2.2 release notes", "2027-11-02", "MY", None),
        ("the 9.5 sale price", "2027-11-02", "MY", None),
    ],
)
def test_double_day_sales(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected
