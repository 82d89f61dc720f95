"""Time phrasings of the twenty-sixth round, second wave, offices (classes found among the wrong cases of
two new authors' tuning parts — project and IT service desks, back offices: close calendars, payroll,
claims, settlements): "back half of last year" without "the", "last Q", WD3 / BD4 of another month, an
accounting period booked into ("posted to P9"), "from the 25th through month end", an event's verb between
"since" and its date, any short event before 以来, the leap day in digits, a day word beside T+N, a quarter
said with "usually"; and what must stay no range. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 11, 10, 9, 30)  # a Wednesday; Q4 2027


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # the back / front half of a year, "the" left out
        ("front half of last year's hires", "2026-01-01", "2026-07-01"),
        ("Back half of this year pipeline", "2027-07-01", "2028-01-01"),
        ("how did the back half of last year go", "2026-07-01", "2027-01-01"),
        ("the front half of last year", "2026-01-01", "2026-07-01"),
        ("the latter half of last year", "2026-07-01", "2027-01-01"),
        ("back-half of this year churn", "2027-07-01", "2028-01-01"),
        ("2H last year bookings", "2026-07-01", "2027-01-01"),
        ("1h this year", "2027-01-01", "2027-07-01"),
        # "last Q", "this Q's", "next Q": that quarter
        ("renewals booked last Q", "2027-07-01", "2027-10-01"),
        ("this Q's forecast by rep", "2027-10-01", "2028-01-01"),
        ("what's in the plan for next Q", "2028-01-01", "2028-04-01"),
        # WDn / BDn of another month; the nth working day with "on" before it (Monday-Friday counted)
        ("WD2 of next month", "2027-12-02", "2027-12-03"),
        ("last month's BD4 tasks", "2027-10-06", "2027-10-07"),
        ("wd 7 of January", "2027-01-11", "2027-01-12"),
        ("on the 6th business day of next month", "2027-12-08", "2027-12-09"),
        ("3rd WD of next month", "2027-12-03", "2027-12-04"),
        ("first business day next month", "2027-12-01", "2027-12-02"),
        # an accounting period booked into: that month, the latest begun
        ("accruals posted to P9", "2027-09-01", "2027-10-01"),
        ("revenue recognised in P10", "2027-10-01", "2027-11-01"),
        ("journals reversed in p2", "2027-02-01", "2027-03-01"),
        # from a day of the month to its end: the latest such day begun
        ("from the 25th through month end", "2027-10-25", "2027-11-01"),
        ("the 3rd till EOM", "2027-11-03", "2027-12-01"),
        # since an event whose verb stands before its date; any short event between a date and 以来
        ("since the new policy took effect Oct 4", "2027-10-04", "2027-11-11"),
        ("since onboarding kicked off September 20th", "2027-09-20", "2027-11-11"),
        ("10月8号开放预约以来的单子", "2027-10-08", "2027-11-11"),
        ("自9月1日换供应商以来的到货", "2027-09-01", "2027-11-11"),
        # the leap day in digits or Chinese numerals, no year: the latest passed
        ("claims with a loss date of 2/29", "2024-02-29", "2024-03-01"),
        ("2月29日那笔报销", "2024-02-29", "2024-03-01"),
        ("二月二十九号的出险记录", "2024-02-29", "2024-03-01"),
        # T+N then a day word and a settlement: the day word is the day asked about
        ("T+1明天到账的那笔赎回款", "2027-11-11", "2027-11-12"),
        ("T+2今天到账了吗", "2027-11-10", "2027-11-11"),
        ("T+2 today settled?", "2027-11-10", "2027-11-11"),
        # the first / last week of the quarter, "the" left out; a quarter's first week, its first / last
        # working day
        ("first week of the quarter", "2027-10-01", "2027-10-08"),
        ("ops review in the last week of last quarter", "2027-09-24", "2027-10-01"),
        ("上季度第一周的工单", "2027-07-01", "2027-07-08"),
        ("本季度第一个工作日", "2027-10-01", "2027-10-02"),
        ("上个季度最后一个工作日的对账", "2027-09-30", "2027-10-01"),
        # months / quarters joined by a dash or 至, the year said before them
        ("4-6月的加班记录", "2027-04-01", "2027-07-01"),
        ("去年2至8月的差旅", "2026-02-01", "2026-09-01"),
        ("2026年10-12月", "2026-10-01", "2027-01-01"),
        ("去年11月到2月", "2026-11-01", "2027-03-01"),
        ("去年一至三季度的营收", "2026-01-01", "2026-10-01"),
        ("前年Q2-Q4", "2025-04-01", "2026-01-01"),
        # 本年度, 上年度, 下一年度
        ("本年度的培训预算", "2027-01-01", "2028-01-01"),
        ("上年度绩效", "2026-01-01", "2027-01-01"),
        # a weekday before / after a holiday; N weeks from a weekday
        ("the Monday after Easter", "2027-03-29", "2027-03-30"),
        ("the Friday before Christmas", "2026-12-18", "2026-12-19"),
        ("the Monday after Labor Day", "2027-09-13", "2027-09-14"),
        ("the Sat before Christmas", "2026-12-19", "2026-12-20"),
        ("国庆节后的第一个周一", "2027-10-11", "2027-10-12"),
        ("元旦后的周一", "2027-01-04", "2027-01-05"),
        ("去年国庆前的那个周五", "2026-09-25", "2026-09-26"),
        ("two weeks from Friday", "2027-11-26", "2027-11-27"),
        ("3 weeks on Monday", "2027-12-06", "2027-12-07"),
        ("two weeks from tomorrow", "2027-11-25", "2027-11-26"),
        # the rest / remainder / balance of a period, 本季度剩下的时间: today to its end
        ("forecast for the rest of the quarter", "2027-11-10", "2028-01-01"),
        ("the remainder of the year", "2027-11-10", "2028-01-01"),
        ("rest of year hiring plan", "2027-11-10", "2028-01-01"),
        ("balance of the quarter", "2027-11-10", "2028-01-01"),
        ("本季度剩下的时间怎么排", "2027-11-10", "2028-01-01"),
        ("这个月剩下两周的值班", "2027-11-10", "2027-12-01"),
        # "this fiscal" (the year), "last fiscal quarter"
        ("contracts signed this fiscal", "2027-01-01", "2028-01-01"),
        ("last fiscal quarter's accruals", "2027-07-01", "2027-10-01"),
        # the weekend of a day: Saturday and Sunday of its calendar week; early / late next / last quarter
        ("the weekend of the 20th", "2027-10-23", "2027-10-25"),
        ("over the weekend of the 3rd of October", "2027-10-02", "2027-10-04"),
        ("cutover the weekend of 11/20", "2026-11-21", "2026-11-23"),
        ("early next quarter", "2028-01-01", "2028-02-01"),
        ("late last quarter", "2027-09-01", "2027-10-01"),
        # the first / last fortnight of a month, "first two weeks of" without "the"; a date then "onwards"
        ("first fortnight of December", "2026-12-01", "2026-12-15"),
        ("the last fortnight of October", "2027-10-18", "2027-11-01"),
        ("first two weeks of next month", "2027-12-01", "2027-12-15"),
        ("POs from 1 Nov onwards", "2027-11-01", "2027-11-11"),
        ("Oct 20 and after", "2027-10-20", "2027-11-11"),
        # Q3季末, Q1季初: the quarter's last / first month
        ("Q3季末的库存盘点", "2027-09-01", "2027-10-01"),
        ("Q1季初的预算", "2027-01-01", "2027-02-01"),
        # "prior 30 days", "previous two weeks" without "the"; 3d ago, 2w back, past 12 mo
        ("prior 30 days of wires", "2027-10-12", "2027-11-11"),
        ("previous two weeks", "2027-10-28", "2027-11-11"),
        ("the deploy 3d ago", "2027-11-07", "2027-11-08"),
        ("2w back", "2027-10-25", "2027-11-01"),
        ("past 12 mo churn", "2026-11-11", "2027-11-11"),
        ("2 mo ago", "2027-09-01", "2027-10-01"),
        # a quarter without "usually" keeps its range
        ("三季度的理赔量", "2027-07-01", "2027-10-01"),
        # what is left of a budget is no span of days
        ("今年剩下的预算还有多少", "2027-01-01", "2028-01-01"),
    ],
)
def test_phrasings_of_the_second_wave_offices(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # a quarter said with "usually": what each year's quarter is like
        "三季度一般是淡季吗",
        "is Q1 typically slow for hiring",
        "四季度通常要加班吗",
        # a Q that is no quarter, a ticket's priority, a half that is no year's, an event with no date
        "the Q&A deck",
        "next Q&A session",
        "the last Q on the intake form",
        "P3 incidents from the queue",
        "how many P2 tickets are open",
        "front half of the truck",
        "the latter half of the meeting",
        "the weekend of the launch",
        "a 6mo plan",
        "the 3 mo contract",
        "the first two weeks of the sprint",
        "since we last spoke",
        "3-6个月的试用期",
        "年度报告模板",
        "WD-40 for the hinges",
    ],
)
def test_what_stays_no_range_in_the_second_wave_offices(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_the_leap_day_passed_this_year_is_this_years() -> None:
    assert days_named("the 2/29 payroll run", datetime(2028, 3, 5, 9)) == ("2028-02-29", "2028-03-01")
