"""Time phrasings the rules already read, as people vary them when they type: a space lost or doubled,
an apostrophe left out or curled, shorthand and misspellings inside longer phrases, a weekday's short
name, a count of one in digits, full-width digits, the numerals of receipts, an English time word inside
Chinese, written Chinese (明日, 本月), a filler after "since", an ordinal in words; and a standing question
about a shop in English, which names no day. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; this week is 03-15 .. 03-21, last week 03-08 .. 03-14


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # a space lost between "last" / "this" / "next" and the unit; doubled spaces
        ("what did I note lastweek about the boiler", "2027-03-08", "2027-03-15"),
        ("thismonth's rent, did I pay it", "2027-03-01", "2027-04-01"),
        ("what are we doing nextweekend", "2027-03-27", "2027-03-29"),
        ("what did I say last  Tuesday", "2027-03-09", "2027-03-10"),
        # "week end" and "week-end" as one word
        ("over the week end what did I cook", "2027-03-13", "2027-03-15"),
        ("next week-end plans", "2027-03-27", "2027-03-29"),
        # a possessive without its apostrophe; a curled apostrophe inside a longer phrase
        ("notes from last weeks review", "2027-03-08", "2027-03-15"),
        ("the summary of last Fridays call", "2027-03-12", "2027-03-13"),
        ("what did I say on St Stephens Day", "2026-12-26", "2026-12-27"),
        ("what came up at last month’s final Friday standup", "2027-02-26", "2027-02-27"),
        # shorthand and misspellings read inside the longer phrases too
        ("the last yr in November what did I buy", "2026-11-01", "2026-12-01"),
        ("after 2 wks is the exam, which date", "2027-03-29", "2027-04-05"),
        ("a week from tommorow what's booked", "2027-03-26", "2027-03-27"),
        ("the day before yesturday I called the bank", "2027-03-16", "2027-03-17"),
        ("lst month on the twelfth what did I pay", "2027-02-12", "2027-02-13"),
        # a weekday's short name wherever the whole name is read
        ("what's on the 2nd tues of this month", "2027-03-09", "2027-03-10"),
        ("is the review still on for the mon after next", "2027-03-29", "2027-03-30"),
        ("last sat what did we buy", "2027-03-13", "2027-03-14"),
        ("sat or sun I called mum, what did she say", "2027-03-13", "2027-03-15"),
        ("did they deliver on saturday?", "2027-03-13", "2027-03-14"),
        # a count of one in digits; a hyphenated count; "this am"
        ("what did I say 1 week ago yesterday", "2027-03-10", "2027-03-11"),
        ("the plumber came 4-days ago", "2027-03-14", "2027-03-15"),
        ("what did I tell you this am", "2027-03-18", "2027-03-19"),
        # a filler after "since"; an ordinal in words after "on the", or before a dash
        ("since like, monday what did I eat", "2027-03-15", "2027-03-19"),
        ("on the third who said they'd bring the urn", "2027-03-03", "2027-03-04"),
        ("the first-10th of this month, total for diapers?", "2027-03-01", "2027-03-11"),
        # full-width digits and letters; the numerals of receipts
        ("３月５号我说了啥", "2027-03-05", "2027-03-06"),
        ("Ｑ４末的结账安排", "2026-12-01", "2027-01-01"),
        ("W１０那周的周报", "2027-03-08", "2027-03-15"),
        ("叁天前我说的事", "2027-03-15", "2027-03-16"),
        # an English time word inside Chinese, read as the Chinese one
        ("last month二十几号我交的钱", "2027-02-21", "2027-03-01"),
        ("last month15号以来买了几次菜", "2027-02-15", "2027-03-19"),
        ("今天和yesterday我都记了啥", "2027-03-17", "2027-03-19"),
        ("tmr的后一天要干嘛", "2027-03-20", "2027-03-21"),
        # written Chinese; a holiday's short name with a space before 那天
        ("去年本月我买过什么", "2026-03-01", "2026-04-01"),
        ("明日的后一天我要去看病", "2027-03-20", "2027-03-21"),
        ("618 那天我抢的东西", "2026-06-18", "2026-06-19"),
        # 上一个月, 上一年 (as 上个月, 去年); 前日 in a longer phrase; a day in words before 日
        ("上一个月底我交的学费是多少", "2027-02-21", "2027-03-01"),
        ("上一年十二月的水电费一共多少", "2026-12-01", "2027-01-01"),
        ("前日的前一天我取了多少钱", "2027-03-15", "2027-03-16"),
        ("上前日我说的那个农药", "2027-03-15", "2027-03-16"),
        ("十二日那天我跟你说的事", "2027-03-12", "2027-03-13"),
        # "on 15th" without "the"; a month's short name before a day in a learned word order
        ("on 15th last month, what was the rent", "2027-02-15", "2027-02-16"),
        ("in aug 15 i pay the fees?", "2026-08-15", "2026-08-16"),
        ("last year dec. 31 night what did I say", "2026-12-31", "2027-01-01"),
        # "1st of the month" without "the"; "the previous month / week" inside a longer phrase
        ("1st of the month, did rent go out?", "2027-03-01", "2027-03-02"),
        ("mid the previous month what did the agent say", "2027-02-11", "2027-02-21"),
        ("the previous week Thursday I asked you to note a quote", "2027-03-11", "2027-03-12"),
        ("the 28th of the preceding month I gave you a number", "2027-02-28", "2027-03-01"),
        ("去年这月我买过空调滤网吗", "2026-03-01", "2026-04-01"),
    ],
)
def test_a_varied_phrasing_keeps_its_range(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # "sun", "sat", "mon", "wed", "jan" said as words
        "the sun was out, which sunscreen did I buy",
        "put on sun cream before the walk",
        "we sat by the window at that cafe, what was it called",
        "what did Jan say about the budget",
        "when I first sat the exam, what did I score",
        "I relied on sat nav, which route was it",
        # a standing question about a shop, "on" said or not
        "do you deliver on saturday?",
        "does the pharmacy open on Sunday",
        "what time the bank close friday",
        "the clinic open Sunday or not?",
        # full-width digits of an age and of an order number stay what they were
        "我女儿今年８岁，该打什么疫苗",
        "订单号２０２６０３０１２３那个发货了吗",
        # the numerals of receipts outside a time phrase; first grade; a street
        "收拾天台的工具放哪了",
        "上一年级的课本放哪了",
        "the flat on 5th street, what was the rent",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_english_beside_a_chinese_name_keeps_its_reading() -> None:
    # only English inside Chinese text is read as Chinese: a name in an English sentence changes nothing
    assert days_named("what did 王伟 say last week on friday", NOW) == ("2027-03-12", "2027-03-13")
