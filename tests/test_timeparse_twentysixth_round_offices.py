"""Time phrasings of the twenty-sixth round, offices and operations (classes found among the wrong cases
of two new authors' tuning parts and in the shorthand offices use: EOW / EOD / COB, weeks ending or
commencing on a date in digits, ISO weeks and quarters as spans, D-N and L7D, fiscal shorthand, close
calendars, reports by issue, holidays and working days in Chinese offices), and what must stay no range.
Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall.timeparse import parse_range
from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; this week is 03-15 .. 03-21


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # EOW (as "the end of the week": Friday to Sunday of this week), EOY, by EOD / COB (today)
        ("which tasks are due eow for the vendor audit", "2027-03-19", "2027-03-22"),
        ("what's blocking the release EOY", "2026-11-01", "2027-01-01"),
        ("anything I promised by cob", "2027-03-18", "2027-03-19"),
        ("what has to be signed off by end of day", "2027-03-18", "2027-03-19"),
        ("the eod report yesterday", "2027-03-17", "2027-03-18"),
        # a week ending / commencing on a date in digits: the reading whose weekday fits the week's edge
        ("what did the team ship w/e 3/12", "2027-03-06", "2027-03-13"),
        ("staffing for the W/E 13/3 roster in the London office", "2027-03-07", "2027-03-14"),
        ("notes from the w/c 3/1 planning", "2027-03-01", "2027-03-08"),
        ("the w.c. 1 March kickoff", "2027-03-01", "2027-03-08"),
        ("the week beginning 8 Feb offsite", "2027-02-08", "2027-02-15"),
        ("the week of Feb 8 offsite", "2027-02-08", "2027-02-15"),
        ("week ending Sun 7 March numbers", "2027-03-01", "2027-03-08"),
        # a weekday before a date names the date
        ("the standup on Tues 9 March", "2027-03-09", "2027-03-10"),
        # the next N business days: today (a working day) and the ones after
        ("what's queued for the next 3 business days", "2027-03-18", "2027-03-23"),
        ("the coming four working days", "2027-03-18", "2027-03-24"),
        ("接下来五个工作日的排产", "2027-03-18", "2027-03-25"),
        # D-N: calendar days; L7D, L2W, L6M, past 14d (beside Chinese too)
        ("the stock snapshot at D-3", "2027-03-15", "2027-03-16"),
        ("d+2 delivery plan", "2027-03-20", "2027-03-21"),
        ("D-2的出库单", "2027-03-16", "2027-03-17"),
        ("pull L14D for the EMEA stores", "2027-03-05", "2027-03-19"),
        ("L2W conversion", "2027-03-05", "2027-03-19"),
        ("L6M churn", "2026-09-19", "2027-03-19"),
        ("过去L30D的退货", "2027-02-17", "2027-03-19"),
        ("past 14d orders", "2027-03-05", "2027-03-19"),
        ("rolling 12 weeks of returns", "2026-12-25", "2027-03-19"),
        ("LTM bookings", "2026-03-19", "2027-03-19"),
        ("discharges in the last 48h", "2027-03-16", "2027-03-19"),
        # since an event named with its date
        ("tickets since the cutover on 2/15", "2027-02-15", "2027-03-19"),
        ("what changed since the migration in January", "2027-01-01", "2027-03-19"),
        ("2月15号切换以来的工单", "2027-02-15", "2027-03-19"),
        # dates: a place that writes the day first, dotted days, digits without a year
        ("the Paris office's memo dated 03/02/2027", "2027-02-03", "2027-02-04"),
        ("a receipt from 14.2.", "2027-02-14", "2027-02-15"),
        ("the 02.03.27 manifest", "2027-03-02", "2027-03-03"),
        ("due 2/28", "2027-02-28", "2027-03-01"),
        ("the 3/5 go-live", "2027-03-05", "2027-03-06"),
        # ISO weeks and quarters as spans; a sprint beside a calendar week
        ("weeks 6-8 burn-down", "2027-02-08", "2027-03-01"),
        ("KW 7 bis KW 9", "2027-02-15", "2027-03-08"),
        ("sprint 9 ran W10 to W11", "2027-03-08", "2027-03-22"),
        ("2026W50 shipments", "2026-12-07", "2026-12-14"),
        ("2026年W52的周报", "2026-12-21", "2026-12-28"),
        ("Q2-Q3 backlog", "2026-04-01", "2026-10-01"),
        ("Q1 through Q2 2026", "2026-01-01", "2026-07-01"),
        ("the first three quarters of 2026", "2026-01-01", "2026-10-01"),
        ("前两个季度的回款", "2026-01-01", "2026-07-01"),
        # a year back
        ("the same week a year ago", "2026-03-16", "2026-03-23"),
        ("this quarter last year's bookings", "2026-01-01", "2026-04-01"),
        ("YTD last year", "2026-01-01", "2026-03-19"),
        ("last year's MTD", "2026-03-01", "2026-03-19"),
        # fiscal and close-calendar shorthand
        ("P10 close", "2026-10-01", "2026-11-01"),
        ("period 04 accruals", "2026-04-01", "2026-05-01"),
        ("FY-27 budget", "2027-01-01", "2028-01-01"),
        ("Q2 26 forecast", "2026-04-01", "2026-07-01"),
        ("1H 2026 results", "2026-01-01", "2026-07-01"),
        ("the current quarter pipeline", "2027-01-01", "2027-04-01"),
        ("the year-end audit", "2026-11-01", "2027-01-01"),
        ("the fiscal year-end close", "2026-11-01", "2027-01-01"),
        ("quarter close checklist", "2027-03-01", "2027-04-01"),
        ("early Q4", "2026-10-01", "2026-11-01"),
        ("late Q1 2026", "2026-03-01", "2026-04-01"),
        ("BD2 deadline", "2027-03-02", "2027-03-03"),
        ("the first full week of February", "2027-02-01", "2027-02-08"),
        ("week 2 of February", "2027-02-08", "2027-02-15"),
        ("the last day of the quarter", "2027-03-31", "2027-04-01"),
        ("the first working day of Q2", "2026-04-01", "2026-04-02"),
        ("the last business day of last week", "2027-03-12", "2027-03-13"),
        ("下个财年的预算", "2028-01-01", "2029-01-01"),
        ("27财年的预算", "2027-01-01", "2028-01-01"),
        ("滚动三个月的销量", "2026-12-19", "2027-03-19"),
        # retail days
        ("BFCM orders", "2026-11-27", "2026-12-01"),
        ("the 618 promo results", "2026-06-18", "2026-06-19"),
        ("618的客单价", "2026-06-18", "2026-06-19"),
        ("年货节那阵子的GMV", "2027-01-08", "2027-02-06"),
        # reports by issue; 年中 of a year named; working days of a month or a week
        ("上期月报里的客诉", "2027-02-01", "2027-03-01"),
        ("本期周报", "2027-03-15", "2027-03-22"),
        ("上一期季报", "2026-10-01", "2027-01-01"),
        ("前年年中的盘点", "2025-06-01", "2025-08-01"),
        ("本月最后两个工作日", "2027-03-30", "2027-04-01"),
        ("下个月前三个工作日", "2027-04-01", "2027-04-06"),
        ("下周最后一个工作日", "2027-03-26", "2027-03-27"),
        ("本季度截至昨天的费用", "2027-01-01", "2027-03-18"),
        # the calendar week holding the first working day after a holiday
        ("春节后第一周", "2027-02-15", "2027-02-22"),
        ("中秋节后第一周进场的材料", "2026-09-28", "2026-10-05"),
        ("年后复工第一周", "2027-02-15", "2027-02-22"),
        ("the first week back after chinese new year", "2027-02-15", "2027-02-22"),
        # a fortnight or N weeks ending / commencing on a day; the quarter / half year ending a month
        ("the fortnight ending 14 March", "2027-03-01", "2027-03-15"),
        ("the 2 weeks commencing 1 March", "2027-03-01", "2027-03-15"),
        ("the quarter ending June", "2026-04-01", "2026-07-01"),
        ("the half year to June", "2026-01-01", "2026-07-01"),
        # ISO weeks joined by a slash; EOW of next week; working days beside a holiday; the prior business day
        ("CW14/15 deliveries", "2026-03-30", "2026-04-13"),
        ("what's due EOW next week", "2027-03-26", "2027-03-29"),
        ("the last working day before Christmas", "2026-12-24", "2026-12-25"),
        ("the first business day after Easter Monday", "2026-04-07", "2026-04-08"),
        ("the prior business day's file", "2027-03-17", "2027-03-18"),
        # a quarter's close of a year named; the last quarter-end; a year ago this month
        ("last year's Q1 close adjustments", "2026-03-01", "2026-04-01"),
        ("the 2026 Q2 close", "2026-06-01", "2026-07-01"),
        ("the last quarter-end sign-off", "2026-12-01", "2027-01-01"),
        ("a year ago this month, the backlog", "2026-03-01", "2026-04-01"),
        # a two-digit year before a quarter or a half; the week after the new year; the working day before
        # a holiday
        ("26年Q3的毛利", "2026-07-01", "2026-10-01"),
        ("25年下半年的项目", "2025-07-01", "2026-01-01"),
        ("过完年第一周的到货", "2027-02-15", "2027-02-22"),
        ("国庆节前最后一个工作日", "2026-09-30", "2026-10-01"),
        ("上半财年的费用", "2027-01-01", "2027-07-01"),
        # a year or a month (March, April, May, June, August) before what an office plans or reports
        ("the 2026 budget", "2026-01-01", "2027-01-01"),
        ("what did we land on for 2025", "2025-01-01", "2026-01-01"),
        ("SKO 2027 agenda", "2027-01-01", "2028-01-01"),
        ("the June QBR deck", "2026-06-01", "2026-07-01"),
        ("the March steerco minutes", "2027-03-01", "2027-04-01"),
        ("the freeze starts 12/15", "2026-12-15", "2026-12-16"),
        # moved / pushed to a date in digits; an event named after one; an entry booked to a period
        ("which demos got pushed to 3/9", "2027-03-09", "2027-03-10"),
        ("the 2/26 pickup from the Reno depot", "2027-02-26", "2027-02-27"),
        ("what did we post to P11 for the offsite", "2026-11-01", "2026-12-01"),
        # a week of a semester: seven days counted from its start
        ("本学期第二周的听课记录", "2027-03-08", "2027-03-15"),
        ("week 1 of last semester", "2026-09-01", "2026-09-08"),
        # the shorthand's variants: dots, hyphens, "#", "no."
        ("Wk. 11 handover", "2027-03-15", "2027-03-22"),
        ("the week #9 retro", "2027-03-01", "2027-03-08"),
        ("KW-10 Lieferung", "2027-03-08", "2027-03-15"),
        ("w/c 8-Mar rota", "2027-03-08", "2027-03-15"),
        ("Y.T.D. spend", "2027-01-01", "2027-03-19"),
        ("what's left to do by C.O.B.", "2027-03-18", "2027-03-19"),
        ("Q2/26 churn", "2026-04-01", "2026-07-01"),
        # the same period a month or a week back; the next working day
        ("上月同期的退货", "2027-02-01", "2027-02-19"),
        ("上周同期的客流", "2027-03-08", "2027-03-12"),
        ("vs the same period last month", "2027-02-01", "2027-02-19"),
        ("下个工作日谁值班", "2027-03-19", "2027-03-20"),
        # the academic year in school offices' shorthand
        ("AY 26/27 enrolments", "2026-09-01", "2027-09-01"),
        ("SY2025-26 attendance", "2025-09-01", "2026-09-01"),
        ("value date 3/11 on the wire", "2027-03-11", "2027-03-12"),
        # a record's verb before a date in digits; the second-to-last weekday of a month
        ("the RFI raised 3/2", "2027-03-02", "2027-03-03"),
        ("which POs were approved 2/14", "2027-02-14", "2027-02-15"),
        ("the 2nd-to-last Friday of the month", "2027-03-19", "2027-03-20"),
        # w/e said of the weekend (no date after it)
        ("sales over the w/e", "2027-03-13", "2027-03-15"),
        ("who's on call this w/e", "2027-03-20", "2027-03-22"),
        ("the w/e 12/3 figures", "2027-03-06", "2027-03-13"),
        # parts of the quarter; fiscal quarters by ordinal; the last N quarters; this half
        ("what slipped at the end of the quarter", "2027-03-01", "2027-04-01"),
        ("the mid-quarter review", "2027-02-01", "2027-03-01"),
        ("the start of the quarter", "2027-01-01", "2027-02-01"),
        ("the third fiscal quarter of 2026", "2026-07-01", "2026-10-01"),
        ("churn over the past two quarters", "2026-09-19", "2027-03-19"),
        ("this half's hiring", "2027-01-01", "2027-07-01"),
        ("季中复盘的结论", "2027-02-01", "2027-03-01"),
        ("上个半年的费用", "2026-07-01", "2027-01-01"),
        # a rule of settlement names no day, another time word still does
        ("T+1到账的退款昨天到了吗", "2027-03-17", "2027-03-18"),
    ],
)
def test_phrasings_of_the_round(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # a notation asked about; a metric's name; a sprint's own weeks and numbers; an event with no date
        "what does EOD mean in this email",
        "what's a good WoW growth rate",
        "sprint 14 velocity",
        "week 2 of the sprint",
        "anything logged since go-live",
        # a fraction, a vitamin, a product
        "reduce the backlog by 3/4",
        "vitamin D-3 supplements order",
        "WD-40 for the forklifts",
        "week 2-3 of the project",
        "a rating of 4.5.",
        "we completed 3/4 of the punch list",
        "最近一个迭代的燃尽图",
        "最近的sprint目标",
        "we shipped 2026 units",
        "I may review it later",
        # a standing rule or habit, a lead time, present practice
        "the weekend overtime policy",
        "周六的加班规定是什么",
        "报销要提前两个工作日提交吗",
        "we usually run payroll on the last Friday",
        "do you still take card payments these days?",
        "our trades settle T+2 nowadays",
        "每年年货节前要备多少货",
        # things bought for a holiday
        "the Black Friday banners for the windows",
        "the cyber monday posters we printed",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_a_priority_is_no_period() -> None:
    assert days_named("the P1 report from last night", NOW) == ("2027-03-17", "2027-03-18")


def test_these_days_still_reads_as_recently_outside_a_yes_no_question() -> None:
    assert days_named("what have you been reading these days", NOW) == ("2027-03-05", "2027-03-19")


def test_the_first_working_days_of_a_month_begin_with_its_first_working_day() -> None:
    # 1 October 2028 is a Sunday: the first five working days are 2-6 October
    assert days_named("本月前五个工作日", datetime(2028, 10, 20, 9)) == ("2028-10-02", "2028-10-07")
    assert days_named("the first 3 business days of the month", datetime(2028, 10, 20, 9)) == (
        "2028-10-02",
        "2028-10-05",
    )


def test_a_sprint_named_beside_a_week_under_seven_keeps_no_range() -> None:
    assert parse_range("sprint 3 ran W2 to W3", NOW) is None
