"""Time phrasings of the thirty-third round (classes found among the wrong cases of the tuning parts:
travellers and expats writing Scots, South African, Hinglish and Canadian English and Shandong, Shaanxi,
Hainan and Singapore Chinese; older people and their children writing Northern Irish, Australian, Nigerian
and Hong Kong English and Shanghainese, Hubei, Guizhou and Cantonese), and what must stay no range.
Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; the lunar new year of 2027 fell on 6 February
LATE_YEAR = datetime(2027, 11, 20, 15, 0)  # a Saturday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # a span between two dates in different months
        ("receipts between the 2nd of January and the 20th of February", "2027-01-02", "2027-02-21"),
        ("from the 10th of February to the 3rd of March, any parcels?", "2027-02-10", "2027-03-04"),
        ("from the 3rd to the 9th of February", "2027-02-03", "2027-02-10"),
        # two days with the month after the second ("5 to 9 Feb")
        ("the caravan booking 5 to 9 Feb", "2027-02-05", "2027-02-10"),
        ("physio sessions 2 till 6 March", "2027-03-02", "2027-03-07"),
        # "N days' time" with no "in"
        ("anything on for 4 days' time?", "2027-03-22", "2027-03-23"),
        ("what's due a week's time", "2027-03-22", "2027-03-29"),
        # "a fortnight ago yesterday", "two weeks ago tomorrow"
        ("the plumber came a fortnight ago yesterday", "2027-03-03", "2027-03-04"),
        ("two weeks ago tomorrow we paid the gas", "2027-03-05", "2027-03-06"),
        # a weekday "after next" with no "the": as with it
        ("Friday after next, who's driving mum?", "2027-04-02", "2027-04-03"),
        # Scots "o" for "of"
        ("the gas bill fae the end o last month", "2027-02-21", "2027-03-01"),
        ("whit did I spend at the start o the month", "2027-03-01", "2027-03-11"),
        # Scots and Northern Irish "the day", "the night", "the morn"
        ("did the chemist phone about dad's tablets the day or no", "2027-03-18", "2027-03-19"),
        ("who's picking up granny the night?", "2027-03-18", "2027-03-19"),
        ("whit time's the bus the morn", "2027-03-19", "2027-03-20"),
        # Australian "the March quarter": the quarter that ends in that month
        ("the rates notice for the June quarter", "2026-04-01", "2026-07-01"),
        ("super contributions in the December quarter 2026", "2026-10-01", "2027-01-01"),
        # Hallowe'en
        ("the sweets we bought for Hallowe'en", "2026-10-31", "2026-11-01"),
        # Hinglish kal / parso by the tense said in Hindi
        ("kal jo parcel aaya tha uska bill", "2027-03-17", "2027-03-18"),
        ("parso maine jo cab book ki thi", "2027-03-16", "2027-03-17"),
        ("kal doctor ke paas jaana hai kya", "2027-03-19", "2027-03-20"),
        # a date in digits with a place that writes the day first (West Africa, more of India)
        ("the Abuja clinic's note of 2/3/2027", "2027-03-02", "2027-03-03"),
        ("wetin the chemist sell me on 5/1/2027", "2027-01-05", "2027-01-06"),
        # holidays by the country the query names
        ("what did we braai on Women's Day in Durban", "2026-08-09", "2026-08-10"),
        ("Women's Day flowers for the office", "2027-03-08", "2027-03-09"),
        ("Democracy Day rally, abeg how much was the bus", "2026-06-12", "2026-06-13"),
        ("any post from the council since the Twelfth", "2026-07-12", "2027-03-19"),
        # Chinese: a date with spaces in it
        ("我 2026 年 11 月买的药", "2026-11-01", "2026-12-01"),
        ("3 月 2 号那天的挂号单", "2027-03-02", "2027-03-03"),
        # 过了年以后 / 过完年到现在: since the lunar new year
        ("过完年到现在电费交了几回", "2027-02-06", "2027-03-19"),
        ("过了年以后买的车票", "2027-02-06", "2027-03-19"),
        # Wu 明朝 before a part of the day; 月半 (mid-month); 前头 N 个号头 (the last N months)
        ("明朝上昼要去银行", "2027-03-19", "2027-03-20"),
        ("上个号头月半辰光个体检单", "2027-02-11", "2027-02-21"),
        ("前头两个号头个水费", "2027-01-18", "2027-03-19"),
        # Cantonese 呢N日: the last N days
        ("呢兩日食咗啲乜", "2027-03-17", "2027-03-19"),
        # 头晌 said first (Shandong): today
        ("头晌俺去超市买了啥", "2027-03-18", "2027-03-19"),
        # CNY 那天: the first day
        ("CNY 那天 我们吃了什么", "2027-02-06", "2027-02-07"),
    ],
)
def test_phrasings_of_the_round(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


def test_the_ember_months_are_september_to_december() -> None:
    assert days_named("bills for the ember months", LATE_YEAR) == ("2027-09-01", "2028-01-01")
    assert days_named("ember months spending", NOW) == ("2026-09-01", "2027-01-01")


@pytest.mark.parametrize(
    "query",
    [
        # "the day" / "the night" / "the morn" that are not today, tonight or tomorrow
        "a room for the night near the station",
        "who saved the day?",
        "at the end of the day it's your call",
        "what did I eat in the morn",
        # Democracy Day with no country named
        "democracy day",
        # words compared, not a time asked
        "is there a difference between 'next Friday' and 'Friday week'?",
        # a time-zone question
        "how many hours is Perth ahead of London in summer?",
        "北京跟温哥华时差几个小时",
        # what a holiday is
        "Deepavali 是什么节",
        # a date of birth, opening hours, a year wrongly believed
        "mum was born 12 March 1939, what's her pension age",
        "爷爷1936年3月5日出生，属什么",
        "the clinic is Mon-Fri 9am-5pm right",
        "pharmacy hours Tuesday to Saturday 10 to 6",
        "门诊周一至周五8点到5点吗",
        "爷爷以为现在是1975年，正常吗",
        "grandad thinks it's still 1968, what do I say",
        # "these days" in a general question
        "how long do people wait for cataract surgery these days",
        # a message written or a gift asked for a holiday
        "write a short Easter message for the church group",
        "中秋节有什么适合长辈的礼物",
        # a quoted line whose meaning is asked (Cantonese)
        "張單寫住「3日後覆診」即係點",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_what_is_set_aside_leaves_the_rest_read() -> None:
    # a birth date set aside, the other time word still read
    assert days_named("dad was born 4 May 1940 and saw the GP yesterday", NOW) == ("2027-03-17", "2027-03-18")
    # the night before last stays two nights back
    assert days_named("the night before last", NOW) == ("2027-03-16", "2027-03-17")
