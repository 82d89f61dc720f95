"""Time phrasings of the sixteenth round (two more authors' tuning halves, tests/corpora/time/tune4 and
tune5): holidays, spans of days, "since", days of the month, halves, shorthand, mixed scripts — and
what must stay no range. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall import holidays
from hindsight.recall.timeparse import parse_range
from tests.time_ranges import days_named

NOW = datetime(2026, 3, 18, 9, 30)  # a Wednesday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # holidays: the latest begun, or of the year named
        ("what did we cook for christmas", "2025-12-25", "2025-12-26"),
        ("who came over on Christmas Eve", "2025-12-24", "2025-12-25"),
        ("what did I buy on black friday last year", "2025-11-28", "2025-11-29"),
        ("gifts for mother's day 2025", "2025-05-11", "2025-05-12"),
        ("where were we at Easter", "2025-04-20", "2025-04-21"),
        ("去年圣诞节收到了什么", "2025-12-25", "2025-12-26"),
        ("国庆假期去了哪", "2025-10-01", "2025-10-08"),
        ("五一那几天花了多少钱", "2025-05-01", "2025-05-06"),
        ("过年的时候见了哪些亲戚", "2026-02-17", "2026-02-24"),
        ("除夕夜吃了什么", "2026-02-16", "2026-02-17"),
        ("中秋节的月饼是谁送的", "2025-10-06", "2025-10-07"),
        ("双11买的耳机", "2025-11-11", "2025-11-12"),
        ("去年618抢的那台电视", "2025-06-18", "2025-06-19"),
        # spans of days, both ends included; a bare weekday is of the first one's week
        ("上周二到周四的会议纪要", "2026-03-10", "2026-03-13"),
        ("上礼拜五还是礼拜六来着", "2026-03-13", "2026-03-15"),
        ("上周五到这周一一直在出差", "2026-03-13", "2026-03-17"),
        ("from monday to wednesday last week", "2026-03-09", "2026-03-12"),
        ("3号到10号之间的快递", "2026-03-03", "2026-03-11"),
        ("上个月5号到8号的账单", "2026-02-05", "2026-02-09"),
        ("anything between the 2nd and the 9th?", "2026-03-02", "2026-03-10"),
        # since ...: up to today
        ("what have I logged since last Friday", "2026-03-13", "2026-03-19"),
        ("since the 10th", "2026-03-10", "2026-03-19"),
        ("这个月以来跑了几次步", "2026-03-01", "2026-03-19"),
        ("how much have I spent so far this month", "2026-03-01", "2026-03-19"),
        # days of the month
        ("what did the electrician say on the 21st", "2026-02-21", "2026-02-22"),
        ("上个月15号那单", "2026-02-15", "2026-02-16"),
        ("12号那天见了谁", "2026-03-12", "2026-03-13"),
        ("上个月的最后一天", "2026-02-28", "2026-03-01"),
        ("the first half of january", "2026-01-01", "2026-01-16"),
        ("the 2nd half of last year", "2025-07-01", "2026-01-01"),
        ("上个月下半月的电费", "2026-02-16", "2026-03-01"),
        ("how much did I spend in H2", "2025-07-01", "2026-01-01"),
        ("on 2/14", "2026-02-14", "2026-02-15"),
        ("3月底那次", "2026-03-21", "2026-04-01"),
        ("上个月尾", "2026-02-21", "2026-03-01"),
        # other days
        ("the night before last", "2026-03-16", "2026-03-17"),
        ("the day after next", "2026-03-20", "2026-03-21"),
        ("前儿个说的那个事", "2026-03-16", "2026-03-17"),
        ("两天后到的那个快递", "2026-03-20", "2026-03-21"),
        ("what did I flag on the last business day", "2026-03-17", "2026-03-18"),
        ("上个工作日", "2026-03-17", "2026-03-18"),
        ("what's happening this coming Wednesday", "2026-03-25", "2026-03-26"),
        ("the thurs before last", "2026-03-05", "2026-03-06"),
        ("what did I eat on sat", "2026-03-14", "2026-03-15"),
        ("what did I watch fri night", "2026-03-13", "2026-03-14"),
        ("the most recent leap day", "2024-02-29", "2024-03-01"),
        # rolling windows and shorthand
        ("over the past 2 wks", "2026-03-05", "2026-03-19"),
        ("in the last 3 months", "2025-12-19", "2026-03-19"),
        ("过去一年一共看了几次牙", "2025-03-19", "2026-03-19"),
        ("the next 3 days", "2026-03-18", "2026-03-21"),
        ("what did I say last yr about taxes", "2025-01-01", "2026-01-01"),
        ("2 wks ago", "2026-03-02", "2026-03-09"),
        ("four weeks back", "2026-02-16", "2026-02-23"),
        ("yesterday那个订单", "2026-03-17", "2026-03-18"),
        ("last week的周报", "2026-03-09", "2026-03-16"),
        ("in all of 2024", "2024-01-01", "2025-01-01"),
        # the third author's tuning half (tune6)
        ("what did we agree this time last week", "2026-03-11", "2026-03-12"),
        ("上周的今天开了什么会", "2026-03-11", "2026-03-12"),
        ("anything due 3 days from now", "2026-03-21", "2026-03-22"),
        ("how much have I billed ytd", "2026-01-01", "2026-03-19"),
        ("the tax thing back in '24", "2024-01-01", "2025-01-01"),
        ("who covered my shifts the week of christmas", "2025-12-22", "2025-12-29"),
        ("the day after tmrw", "2026-03-20", "2026-03-21"),
        ("what did the client say ystday", "2026-03-17", "2026-03-18"),
        ("7号出发那趟带了什么", "2026-03-07", "2026-03-08"),
        ("28号我在哪", "2026-02-28", "2026-03-01"),
        ("下个month的酒店订好了吗", "2026-04-01", "2026-05-01"),
        ("上个week的会议记录", "2026-03-09", "2026-03-16"),
        ("上个Q的营收", "2025-10-01", "2026-01-01"),
        # the fourth and fifth authors' tuning halves (tune7, tune8)
        ("on Boxing Day", "2025-12-26", "2025-12-27"),
        ("St. Patrick's Day deliveries", "2026-03-17", "2026-03-18"),
        ("元宵节那天吃的汤圆", "2026-03-03", "2026-03-04"),
        ("from Tue to Thu last week", "2026-03-10", "2026-03-13"),
        ("上周六和周日谁值班", "2026-03-14", "2026-03-16"),
        ("last to last week", "2026-03-02", "2026-03-09"),
        ("the preceding calendar week", "2026-03-09", "2026-03-16"),
        ("the prior fiscal year", "2025-01-01", "2026-01-01"),
        ("the final quarter of last year", "2025-10-01", "2026-01-01"),
        ("month-to-date", "2026-03-01", "2026-03-19"),
        ("this month end", "2026-03-21", "2026-04-01"),
        ("three Sundays back", "2026-03-01", "2026-03-02"),
        ("last Monday but one", "2026-03-02", "2026-03-03"),
        ("a fortnight back", "2026-03-02", "2026-03-09"),
        ("since the 2nd of last month", "2026-02-02", "2026-03-19"),
        ("on or after the 10th", "2026-03-10", "2026-03-19"),
        ("within the last 30 days", "2026-02-17", "2026-03-19"),
        ("from 3 to 9 February", "2026-02-03", "2026-02-10"),
        ("on 25/12", "2025-12-25", "2025-12-26"),
        ("the week of March 4th", "2026-03-02", "2026-03-09"),
        ("2月3日至9日", "2026-02-03", "2026-02-10"),
        ("三号到八号", "2026-03-03", "2026-03-09"),
        ("上月中下旬", "2026-02-11", "2026-03-01"),
        ("近一个季度", "2025-12-19", "2026-03-19"),
        ("近半个月", "2026-03-04", "2026-03-19"),
        ("去年年尾", "2025-11-01", "2026-01-01"),
        ("自上周一起", "2026-03-09", "2026-03-19"),
        ("头两天寄的快递", "2026-03-13", "2026-03-18"),
        ("前个月", "2026-01-01", "2026-02-01"),
        ("day after tmrw", "2026-03-20", "2026-03-21"),
        # the sixth and seventh authors' tuning halves (tune9, tune10)
        ("what did we plant last fall", "2025-09-01", "2025-12-01"),
        ("what did I sow in the spring", "2026-03-01", "2026-06-01"),
        ("the trip in summer 2021", "2021-06-01", "2021-09-01"),
        ("去年夏天去了哪", "2025-06-01", "2025-09-01"),
        ("明年开春种什么", "2027-03-01", "2027-04-01"),
        ("这学期请了几次假", "2026-03-01", "2026-07-01"),
        ("what was my gpa last sem", "2025-09-01", "2026-01-01"),
        ("寒假打了几把游戏", "2026-01-01", "2026-03-01"),
        ("over summer break", "2025-07-01", "2025-09-01"),
        ("腊月里送了什么年货", "2026-01-19", "2026-02-17"),
        ("腊月初收的租子", "2026-01-19", "2026-01-29"),
        ("年后谈的那个活", "2026-02-17", "2026-03-19"),
        ("腊八那天", "2026-01-26", "2026-01-27"),
        ("Canada Day parade", "2025-07-01", "2025-07-02"),
        ("the last day of February", "2026-02-28", "2026-03-01"),
        ("day before yesterday", "2026-03-16", "2026-03-17"),
        ("what did he say the other nite", "2026-03-13", "2026-03-18"),
        ("the last 3 wks of practice", "2026-02-26", "2026-03-19"),
        ("月头跟客户说的付款", "2026-03-01", "2026-03-11"),
        ("这阵子睡得怎么样", "2026-03-05", "2026-03-19"),
    ],
)
def test_a_phrasing_names_its_range(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        "我女儿今年8岁，鞋码是多少",
        "离我家最近的药店是哪家",
        "3号线哪站换乘",
        "五一路上那家面馆叫什么",
        "what do I usually order on fri",
        "add 3/4 cup of sugar?",
        "we moved to the 2nd floor",
        "translate 'we'll talk tomorrow' into French",
        "what's a good gift for a friend",
        "5号楼的快递柜在哪",
        "坐到12号站下车",
        "每年三月提醒我报税",
        "诊所周末开门吗",
        "order #20260315 still not here",
        "what time do I get up",
        "三年多的事了",  # a duration (三年前 is a year: tests/test_timeparse_years_ago_and_either.py)
        "我习惯礼拜六上午去健身房",
        "2号地块种的啥",
        "ideas for a summer dress",
    ],
)
def test_no_range_where_none_is_named(query: str) -> None:
    assert parse_range(query, NOW) is None, query


def test_a_lunar_holiday_outside_the_table_names_no_range() -> None:
    assert parse_range("春节那几天", datetime(2050, 3, 1)) is None
    assert holidays.latest("christmas", datetime(2050, 3, 1))[0] == datetime(2049, 12, 25)


def test_easter_and_the_movable_holidays() -> None:
    assert holidays.HOLIDAYS["easter"](2024)[0] == datetime(2024, 3, 31)
    assert holidays.HOLIDAYS["easter"](2026)[0] == datetime(2026, 4, 5)
    assert holidays.HOLIDAYS["thanksgiving"](2026)[0] == datetime(2026, 11, 26)
    assert holidays.HOLIDAYS["father's day"](2026)[0] == datetime(2026, 6, 21)
