"""Time phrasings of the twenty-first round (the tuning halves of authors t-r78 … t-r81 and t-r84:
English as people who learned it write it, offices, Hong Kong / Taiwan / Malaysia, regional Chinese),
and what must stay no range. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # English word orders and calques
        ("the 2 last days of February, what did I buy", "2027-02-27", "2027-03-01"),
        ("the three first weeks of January I was sick", "2027-01-01", "2027-01-22"),
        ("two months before today I paid the deposit", "2027-01-18", "2027-01-19"),
        ("one month ago today the car broke", "2027-02-18", "2027-02-19"),
        ("3 months ago today what did I sign", "2026-12-18", "2026-12-19"),
        ("the tomorrow's tomorrow I fly", "2027-03-20", "2027-03-21"),
        ("the yesterday's yesterday who came", "2027-03-16", "2027-03-17"),
        ("the day after the tomorrow is the exam", "2027-03-20", "2027-03-21"),
        ("the weekend which just finished, where did we eat", "2027-03-13", "2027-03-15"),
        ("the month just past, how much was the bill", "2027-02-01", "2027-03-01"),
        ("the week before the last, the plumber", "2027-03-01", "2027-03-08"),
        ("the same date of last month I ordered shoes", "2027-02-18", "2027-02-19"),
        ("the last year in August the trip", "2026-08-01", "2026-09-01"),
        ("last month in its beginning the landlord called", "2027-02-01", "2027-02-11"),
        ("this week since Monday what did I eat", "2027-03-15", "2027-03-19"),
        ("in this year's spring the tree was planted", "2027-03-01", "2027-06-01"),
        ("in this year first quarter the savings", "2027-01-01", "2027-04-01"),
        ("2 years before I told you the address", "2025-01-01", "2026-01-01"),
        ("not so long time ago I told you a name", "2027-03-05", "2027-03-19"),
        ("from monday until today, I paid something each day", "2027-03-15", "2027-03-19"),
        # a month said in its own month is last year's; a misspelt month
        ("last March the flood", "2026-03-01", "2026-04-01"),
        ("last February the flood", "2027-02-01", "2027-03-01"),
        ("this febuary we moved", "2027-02-01", "2027-03-01"),
        # offices
        ("what is left for the rest of the month", "2027-03-18", "2027-04-01"),
        ("rest of this week, who is on call", "2027-03-18", "2027-03-22"),
        ("invoices, trailing 30 days", "2027-02-17", "2027-03-19"),
        ("L7D signups", "2027-03-12", "2027-03-19"),
        ("the Oct '26 headcount", "2026-10-01", "2026-11-01"),
        ("back in Q3 '26 the churn", "2026-07-01", "2026-10-01"),
        ("what did we ship in Feb's final week", "2027-02-22", "2027-03-01"),
        ("the letter dated 11/30, what did it say", "2026-11-30", "2026-12-01"),
        ("open POs at year end", "2026-11-01", "2027-01-01"),
        ("第三季度最后一个月的采购", "2026-09-01", "2026-10-01"),
        ("明年一季度的排产", "2028-01-01", "2028-04-01"),
        ("Q4末的对账", "2026-12-01", "2027-01-01"),
        ("今年前两个月的出库量", "2027-01-01", "2027-03-01"),
        ("2026年11月底的库存", "2026-11-21", "2026-12-01"),
        ("从3月1号到10号的预约量", "2027-03-01", "2027-03-11"),
        # regional Chinese and Hong Kong / Taiwan
        ("这一向我跟你讲过几回胃痛", "2027-03-05", "2027-03-19"),
        ("前一向说的那个工作机会", "2027-03-05", "2027-03-19"),
        ("去年子十月我跟你讲过哪样", "2026-10-01", "2026-11-01"),
        ("晌午我跟你讲的那个菜谱", "2027-03-18", "2027-03-19"),
        ("下午我跟你说的地址", "2027-03-18", "2027-03-19"),
        ("明日要带么子东西", "2027-03-19", "2027-03-20"),
        ("頭幾日我講嘅嘢", "2027-03-13", "2027-03-18"),
        ("後晚約咗邊個食飯", "2027-03-20", "2027-03-21"),
        ("舊年今日我喺邊度", "2026-03-18", "2026-03-19"),
        ("下個Fri要交咩文件", "2027-03-26", "2027-03-27"),
        ("上个礼拜五要么礼拜六，我讲了个地址", "2027-03-12", "2027-03-14"),
        ("今年子女教育的开销", "2027-01-01", "2028-01-01"),  # 子女 (children): 今年 as said
    ],
)
def test_phrasings_of_the_round(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        "which Monday.com board has the intake requests?",
        "is the embassy open on Saturday?",
        "what time is the gym closing on sunday",
        "2号会议室能坐多少人",
        "3号教室在几楼",
        "“前日”用普通话咋个讲",
        "基金T+1到账是哪样意思",
        "明日香是谁",
        "这向日葵开得真好",
        "这段时间的努力没有白费",  # a period of one's life, no range of days
        "the rest of the story, please",
        "the march to the sea was long",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_a_span_ending_today_is_no_habit_but_a_bare_weekday_habit_still_is() -> None:
    assert days_named("from monday until today, what did I spend each day", NOW) == (
        "2027-03-15",
        "2027-03-19",
    )
    assert days_named("what do I eat on monday each week", NOW) is None


def test_a_span_after_from_keeps_its_own_end_and_since_still_reaches_today() -> None:
    assert days_named("从3月1号到5号的订单", NOW) == ("2027-03-01", "2027-03-06")
    assert days_named("从3月1号开始的订单", NOW) == ("2027-03-01", "2027-03-19")
    assert days_named("since the 3rd, what did I buy", NOW) == ("2027-03-03", "2027-03-19")
