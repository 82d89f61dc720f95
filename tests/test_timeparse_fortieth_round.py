"""The fortieth round's time words (`parse_range(query, now, region)`): dates in digits written with a leading
zero anywhere (and with a dot, in the region's order), after "tgl", before "holiday trip", after a visit, or
before what one did with someone; working days where the weekend is Friday and Saturday; a reminder's lead
time; Hinglish counts back; a part of a financial year with words between it and its year; a bare 新年 beside
the customs of the lunar new year; a holiday's plan the user wrote down. Examples are written here, not copied
from the corpus; each with its near misses, which must stay no range or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a leading zero makes a date, wherever in the sentence, in the region's order
        (
            "the quote for 12/03 from the caterer, how much was it",
            "2027-04-20",
            "ZA",
            ("2027-03-12", "2027-03-13"),
        ),
        (
            "the quote for 12/03 from the caterer, how much was it",
            "2027-04-20",
            "US",
            ("2026-12-03", "2026-12-04"),
        ),
        ("收据上面日期是 09/04，那天买了什么", "2027-05-01", "MY", ("2027-04-09", "2027-04-10")),
        ("收据上面日期是 09/04，那天买了什么", "2027-10-01", None, ("2027-09-04", "2027-09-05")),
        ("06.05 那张水费单多少钱", "2027-06-01", "SG", ("2027-05-06", "2027-05-07")),
        ("04.03 交的学费是多少", "2027-06-01", "MY", ("2027-03-04", "2027-03-05")),
        ("3.8 交的学费是多少", "2027-06-01", "MY", ("2027-03-08", "2027-03-09")),
        # near misses: Chinese shorthand with a dot and no zero stays month first; amounts and fractions
        ("5.1那天去哪玩了", "2027-06-01", "SG", ("2027-05-01", "2027-05-02")),
        ("我把 1/2 的钱转给她了", "2027-06-01", "MY", None),
        ("加 03/04 杯糖", "2027-06-01", "MY", None),
        ("the 1/2 price sale at the mall", "2027-06-01", "ZA", None),
        # "tgl" / "tanggal" (Indonesian and Malay: date) before a date in digits
        ("tolong cek notes dari meeting tgl 3/8", "2027-09-01", "ID", ("2027-08-03", "2027-08-04")),
        ("what did I write about the tanggal 14/6 pickup", "2027-07-01", "ID", ("2027-06-14", "2027-06-15")),
        # the kind of outing between its date and it
        ("photos from the 5/4 family trip to Penang", "2027-05-20", "MY", ("2027-04-05", "2027-04-06")),
        ("how much was our 4/12 office party", "2027-12-20", "US", ("2027-04-12", "2027-04-13")),
        ("how much was our 1/2 day trip to the zoo", "2027-12-20", "US", None),
        # a visit before its date
        (
            "the electrician came over 9/3, what did he say about the wiring",
            "2027-04-01",
            "AU",
            ("2027-03-09", "2027-03-10"),
        ),
        ("my sister visited 2/6 and left her charger", "2027-06-20", "IE", ("2027-06-02", "2027-06-03")),
        ("she came over 2/3 of the way", "2027-06-20", "IE", None),
        # what one did with someone on the day said before it
        ("我 5/3 跟房东谈的租金是多少", "2027-04-01", "MY", ("2027-03-05", "2027-03-06")),
        ("我 5/3 跟房东谈的租金是多少", "2027-06-01", None, ("2027-05-03", "2027-05-04")),
    ],
)
def test_dates_in_digits(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Sunday to Thursday where the weekend is Friday and Saturday (Thursday 2028-06-08)
        ("the report from 5 working days ago", "2028-06-08T10:00", "SA", ("2028-06-01", "2028-06-02")),
        ("the report from 5 working days ago", "2028-06-08T10:00", "GB", ("2028-06-01", "2028-06-02")),
        ("the next business day", "2028-06-08T10:00", "SA", ("2028-06-11", "2028-06-12")),
        ("the next business day", "2028-06-08T10:00", "GB", ("2028-06-09", "2028-06-10")),
        ("下一个工作日", "2028-06-08T10:00", "KW", ("2028-06-11", "2028-06-12")),
        ("the last working day of May", "2028-06-08T10:00", "SA", ("2028-05-31", "2028-06-01")),
        ("the last working day of June 2028", "2028-06-08T10:00", "SA", ("2028-06-29", "2028-06-30")),
        ("the last working day of June 2028", "2028-06-08T10:00", "AE", ("2028-06-30", "2028-07-01")),
    ],
)
def test_working_days_where_the_weekend_is_friday_and_saturday(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a reminder's lead time names no range; a date beside it is still read
        ("rent is due on the 1st of every month, set a reminder 3 days before", "2027-05-10", "IN", None),
        ("remind me a week ahead pls", "2027-05-10", None, None),
        ("提前三天提醒我", "2027-05-10", None, None),
        ("下周五交报告，提前一天提醒我", "2027-05-10", None, ("2027-05-21", "2027-05-22")),
        # near misses: a count back that is no lead time
        ("I called the bank 3 days before", "2027-05-10", None, ("2027-05-07", "2027-05-08")),
        ("remind me what I paid 2 days ago", "2027-05-10", None, ("2027-05-08", "2027-05-09")),
        # Hinglish counts back, and this week / month / year
        ("pichle 7 din mein kitne orders aaye", "2027-05-10", "IN", ("2027-05-04", "2027-05-11")),
        ("pichhle teen mahine ka bijli bill", "2027-05-10", "IN", ("2027-02-10", "2027-05-11")),
        ("is mahine ka rent diya kya", "2027-05-10", "IN", ("2027-05-01", "2027-06-01")),
        ("pichla hafta kaisa gaya", "2027-05-10", "IN", ("2027-05-03", "2027-05-10")),
        ("is this the right bill", "2027-05-10", "IN", None),
        ("is saal ki salary kitni thi", "2027-05-10", "IN", ("2027-01-01", "2028-01-01")),
        ("This is Saal 3 at the venue", "2027-05-10", "IN", None),
    ],
)
def test_lead_times_and_hinglish(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a part of a financial year with words between it and its year
        ("pull up the H2 numbers of this fiscal", "2028-01-08", "IN", ("2027-10-01", "2028-04-01")),
        ("Q3 sales of last financial year", "2028-01-08", "AU", ("2027-01-01", "2027-04-01")),
        ("Q3 sales of last year", "2028-01-08", "AU", ("2027-07-01", "2027-10-01")),
        # a bare 新年 beside the customs of the lunar new year (2027: 6 February)
        ("新年那天派了几多利是", "2027-03-01", "MY", ("2027-02-06", "2027-02-07")),
        ("新年那天吃的团圆饭在哪家", "2027-03-01", None, ("2027-02-06", "2027-02-07")),
        ("新年那天做了什么", "2027-03-01", None, None),
        ("新年快乐", "2027-03-01", None, None),
        # a holiday's plan the user wrote down, eleven days after it: the one just past (Eid al-Fitr in the
        # Gulf, 2027: 9 March); asked ahead of it, the coming one
        ("the plans I noted for Eid, who was hosting?", "2027-03-20", "AE", ("2027-03-09", "2027-03-10")),
        ("what are our plans for Eid", "2027-03-01", "AE", ("2027-03-09", "2027-03-10")),
    ],
)
def test_fiscal_parts_new_year_and_plans(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the N latest weekends begun (Monday 2027-05-17; Saturday 2027-05-22: this weekend is the latest)
        ("did I log hours the past two weekends", "2027-05-17", None, ("2027-05-08", "2027-05-17")),
        ("the last 3 weekends of gardening", "2027-05-22", None, ("2027-05-08", "2027-05-24")),
        ("最近两个周末去了哪里", "2027-05-17", None, ("2027-05-08", "2027-05-17")),
        ("过去三个周末我跟你说过什么", "2027-05-17", None, ("2027-05-01", "2027-05-17")),
        # near misses: N weekends ago, the last two weeks, last weekend
        ("two weekends ago", "2027-05-17", None, ("2027-05-08", "2027-05-10")),
        ("the last two weeks", "2027-05-17", None, ("2027-05-04", "2027-05-18")),
        ("last weekend", "2027-05-17", None, ("2027-05-15", "2027-05-17")),
    ],
)
def test_latest_weekends(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected
