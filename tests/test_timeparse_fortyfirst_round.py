"""The forty-first round's time words (`parse_range(query, now, region)`): a bare month after
"from"; Scots "o" before a month and "twa"; 自打 (since); these N days or weeks (这三天, 这三个礼拜);
双休 (the weekend); 逢 before a weekday and 不开 asked (habits, opening days); a quoted instruction
asked how it counts; a week of something other than a year; 月底 with what is still to come; N日 as
a count after 疗程 / 为期; when a course may stop; a weekday of a holiday's week (复活节那个礼拜日).
Examples are written here, not copied from the corpus; each with its near misses, which must stay
no range or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a bare month after "from" (Friday 2027-10-01): the latest such month begun
        ("the dentist invoice from July, did I pay it", "2027-10-01", None, ("2027-07-01", "2027-08-01")),
        ("what was the quote from march", "2027-10-01", None, ("2027-03-01", "2027-04-01")),
        # near misses: a span, a day of the month, May Day, "onwards" — each read as before
        ("from July to September", "2027-10-01", None, ("2027-07-01", "2027-10-01")),
        ("the receipt from July 4th", "2027-10-01", None, ("2027-07-04", "2027-07-05")),
        ("the receipt from July the fourth", "2027-10-01", None, ("2027-07-04", "2027-07-05")),
        ("the bill from June 3-5", "2027-10-01", None, ("2027-06-03", "2027-06-06")),
        ("overtime from May Day", "2027-10-01", "GB", ("2027-05-01", "2027-05-02")),
        # Scots: "o" for "of" before a month, "twa" for two
        ("ma prescription fae the end o March", "2027-05-10", None, ("2027-03-21", "2027-04-01")),
        ("whit did the GP say twa weeks ago", "2027-05-12", None, ("2027-04-26", "2027-05-03")),
        ("the twa of us went", "2027-05-12", None, None),
    ],
)
def test_english_words(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # 自打 / 打从: since (Thursday 2027-06-10)
        ("自打端午开始我就没喝过奶茶吧", "2027-06-20", None, ("2027-06-09", "2027-06-21")),
        ("打从上个月起血压怎么样", "2027-06-20", None, ("2027-05-01", "2027-06-21")),
        # these N days or weeks, today included
        ("这四天我睡了几个小时", "2027-06-20", None, ("2027-06-17", "2027-06-21")),
        ("这三个星期跑了几次", "2027-06-20", None, ("2027-05-31", "2027-06-21")),
        # near misses: 这两天 (yesterday and today), 这一周 (this calendar week), a count ahead or back
        ("这两天吃药了吗", "2027-06-20", None, ("2027-06-19", "2027-06-21")),
        ("这一周的安排", "2027-06-20", None, ("2027-06-14", "2027-06-21")),
        (
            "这两个月花了多少",
            "2027-06-20",
            None,
            None,
        ),  # months not read: a loose "lately" in the personal-facts files
        # 双休 (the two days off): the weekend
        ("上个双休去钓鱼钓了几条", "2027-06-16", None, ("2027-06-12", "2027-06-14")),
        ("双休制是哪年开始的", "2027-06-16", None, None),
        # habits and opening days: 逢 before a weekday, 不开 asked (Cantonese 唔開 reads as 不开)
        ("逢星期三下午去游泳，记一下", "2027-06-16", None, None),
        ("游泳池禮拜二係咪唔開㗎", "2027-06-16", None, None),
        ("上个星期三下午去游泳了没", "2027-06-16", None, ("2027-06-09", "2027-06-10")),
        # 月底 with what is still to come: this month's end, begun or not; a thing due then, the latest begun
        ("月底要去银行续存，是哪几天", "2027-06-05", None, ("2027-06-21", "2027-07-01")),
        ("月底要交的物业费交了没", "2027-06-05", None, ("2027-05-21", "2027-06-01")),
        ("月底那笔钱到了吗", "2027-06-05", None, ("2027-05-21", "2027-06-01")),
        # N日 after 疗程 / 为期 / 连续: a count of days, no day of the month
        ("醫生話個療程10日，食完未", "2027-06-20", None, None),
        ("为期7日的培训是哪天开始的", "2027-06-20", None, None),
        ("10日嗰日去咗边", "2027-06-20", None, ("2027-06-10", "2027-06-11")),
        # a weekday of a holiday's week
        ("国庆那个礼拜五加班了吗", "2027-11-01", None, ("2027-10-01", "2027-10-02")),
        ("圣诞那周的周六去了哪", "2028-01-10", None, ("2027-12-25", "2027-12-26")),
        ("国庆那个礼拜一起去的是谁", "2027-11-01", None, ("2027-09-27", "2027-10-04")),
    ],
)
def test_chinese_words(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a quoted instruction asked how it counts
        ("the letter says 'repeat in 3 months', is that counted from the letter?", "2027-06-20", None, None),
        ("化验单上写着“两周后复查”，从哪天开始算", "2027-06-20", None, None),
        (
            "what did the nurse say yesterday, is that counted from the scan?",
            "2027-06-20",
            None,
            ("2027-06-19", "2027-06-20"),
        ),
        # a week of something other than a year
        ("week 7 of the marathon plan, what's the long run", "2027-06-20", None, None),
        ("week 7 of 2027", "2027-06-20", None, ("2027-02-15", "2027-02-22")),
        ("what did we ship in week 7", "2027-06-20", None, ("2027-02-15", "2027-02-22")),
        # when a course may stop counts from its start
        ("it says take them for 10 days, can I stop after 7 days", "2027-06-20", None, None),
        ("what did I eat after 2 days of fasting", "2027-06-20", None, None),
        ("remind me after 2 days", "2027-06-20", None, ("2027-06-22", "2027-06-23")),
    ],
)
def test_no_range_and_near_misses(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected
