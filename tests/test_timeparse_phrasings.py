"""Issue 16, fourth round: phrasings the round-3 corpus author met and the first rounds did not tune
for — weekdays ("last Tues", "this past Monday", "two Fridays ago"), the weekend / week before last,
fortnights, 俩礼拜, "earlier this week", parts of next month, quarters, 大后天, parts of a named
month, numbers that are no date, habits, text to translate, two expressions (README's time table)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from hindsight.recall.timeparse import parse_range

NOW = datetime(2026, 3, 18, 15, 30)  # a Wednesday; this week is 03-16..03-22


def D(y: int, m: int, d: int) -> date:
    return date(y, m, d)


CASES = [
    # weekdays: English "last" / "this past" is the latest before today; 上周二 is last week's
    ("last Tues I told you about the plumber", D(2026, 3, 10), D(2026, 3, 11)),  # of last week, as 上周二
    ("what did I say lst tue", D(2026, 3, 10), D(2026, 3, 11)),
    ("last Wed", D(2026, 3, 11), D(2026, 3, 12)),
    ("this past Monday i got a parcel", D(2026, 3, 16), D(2026, 3, 17)),
    ("this past Wednesday", D(2026, 3, 11), D(2026, 3, 12)),
    ("two Fridays ago", D(2026, 3, 6), D(2026, 3, 7)),
    ("three Sundays ago", D(2026, 3, 1), D(2026, 3, 2)),
    ("the Friday before last", D(2026, 3, 6), D(2026, 3, 7)),
    ("this Sat", D(2026, 3, 21), D(2026, 3, 22)),
    ("next Thurs", D(2026, 3, 26), D(2026, 3, 27)),
    ("上周二说的车险", D(2026, 3, 10), D(2026, 3, 11)),
    ("上礼拜天", D(2026, 3, 15), D(2026, 3, 16)),
    # weekends, weeks and fortnights two back or ahead
    ("the ramen place from the weekend before last", D(2026, 3, 7), D(2026, 3, 9)),
    ("上上周末去的那家店", D(2026, 3, 7), D(2026, 3, 9)),
    ("this past weekend", D(2026, 3, 14), D(2026, 3, 16)),
    ("a fortnight ago", D(2026, 3, 2), D(2026, 3, 9)),
    ("the week before last", D(2026, 3, 2), D(2026, 3, 9)),
    ("俩礼拜前说的那本书", D(2026, 3, 2), D(2026, 3, 9)),
    ("俩星期前", D(2026, 3, 2), D(2026, 3, 9)),
    ("上上个星期", D(2026, 3, 2), D(2026, 3, 9)),
    ("in the past fortnight", D(2026, 3, 5), D(2026, 3, 19)),
    ("what's my plan for the week after next", D(2026, 3, 30), D(2026, 4, 6)),
    ("下下周有什么安排", D(2026, 3, 30), D(2026, 4, 6)),
    ("下下周三", D(2026, 4, 1), D(2026, 4, 2)),
    # so far this week / month
    ("earlier this week", D(2026, 3, 16), D(2026, 3, 19)),
    ("what did I say earlier this month about rent", D(2026, 3, 1), D(2026, 3, 19)),
    ("这周早些时候", D(2026, 3, 16), D(2026, 3, 19)),
    ("这个月早些时候说的", D(2026, 3, 1), D(2026, 3, 19)),
    # next month and its parts
    ("early next month", D(2026, 4, 1), D(2026, 4, 11)),
    ("mid next month", D(2026, 4, 11), D(2026, 4, 21)),
    ("the end of next month", D(2026, 4, 21), D(2026, 5, 1)),
    ("next month", D(2026, 4, 1), D(2026, 5, 1)),
    ("下个月初有什么安排", D(2026, 4, 1), D(2026, 4, 11)),
    ("下个月中旬", D(2026, 4, 11), D(2026, 4, 21)),
    ("下个月", D(2026, 4, 1), D(2026, 5, 1)),
    # quarters: Q1 alone is of the latest year in which it has begun
    ("give me the Q1 expense summary", D(2026, 1, 1), D(2026, 4, 1)),
    ("q2 numbers", D(2025, 4, 1), D(2025, 7, 1)),
    ("the third quarter", D(2025, 7, 1), D(2025, 10, 1)),
    ("Q4 2024", D(2024, 10, 1), D(2025, 1, 1)),
    ("last quarter", D(2025, 10, 1), D(2026, 1, 1)),
    ("第一季度的报销", D(2026, 1, 1), D(2026, 4, 1)),
    ("三季度", D(2025, 7, 1), D(2025, 10, 1)),
    ("去年第四季度", D(2025, 10, 1), D(2026, 1, 1)),
    ("去年Q4的账单", D(2025, 10, 1), D(2026, 1, 1)),
    ("上个季度我在打车上花了多少", D(2025, 10, 1), D(2026, 1, 1)),
    ("本季度", D(2026, 1, 1), D(2026, 4, 1)),
    # days ahead and back
    ("大后天", D(2026, 3, 21), D(2026, 3, 22)),
    ("what is on the day after tomorrow", D(2026, 3, 20), D(2026, 3, 21)),
    ("a couple days ago", D(2026, 3, 16), D(2026, 3, 17)),
    ("昨儿说的", D(2026, 3, 17), D(2026, 3, 18)),
    ("俩月前", D(2026, 1, 1), D(2026, 2, 1)),
    ("the note from 2025-12-24", D(2025, 12, 24), D(2025, 12, 25)),
    # parts of a named month with no year: of the latest such month begun
    ("around mid-July", D(2025, 7, 11), D(2025, 7, 21)),
    ("late February", D(2026, 2, 21), D(2026, 3, 1)),
    ("the first week of February", D(2026, 2, 1), D(2026, 2, 8)),
    ("the beginning of September", D(2025, 9, 1), D(2025, 9, 11)),
    ("last week of november expenses", D(2025, 11, 24), D(2025, 12, 1)),
    ("七月中旬", D(2025, 7, 11), D(2025, 7, 21)),
    ("二月最后一周", D(2026, 2, 22), D(2026, 3, 1)),
    # two expressions: the earliest wins
    ("last week you said you'd remind me tomorrow", D(2026, 3, 9), D(2026, 3, 16)),
    ("tomorrow I need what you told me last week", D(2026, 3, 19), D(2026, 3, 20)),
    ("昨天你说下周会到货", D(2026, 3, 17), D(2026, 3, 18)),
    ("下周你提醒我昨天说的事", D(2026, 3, 23), D(2026, 3, 30)),
    # a quoted time word stays a time word when nothing is to be translated
    ('last Friday you said "see you tomorrow"', D(2026, 3, 13), D(2026, 3, 14)),
    ("what did I ask you to translate yesterday", D(2026, 3, 17), D(2026, 3, 18)),
]


@pytest.mark.parametrize(("query", "start", "end"), CASES)
def test_phrasing_becomes_a_range(query: str, start: date, end: date) -> None:
    found = parse_range(query, NOW)
    assert found is not None, query
    assert (found.start.date(), found.end.date()) == (start, end), query


def test_both_languages_are_covered() -> None:
    chinese = sum(1 for q, *_ in CASES if any("\u4e00" <= c <= "\u9fff" for c in q))
    assert chinese >= 20 and len(CASES) - chinese >= 30


@pytest.mark.parametrize(
    "query",
    [
        # numbers that are no date
        "order 20260512 still hasnt arrived",
        "订单号20250301查一下",
        "my flight number is 1430, save it pls",
        "flight 1430 to Denver",
        "3号线地铁末班车几点",
        "5号楼怎么走",
        "8号院在哪",
        "七天酒店还有空房吗",
        "七天无理由退货怎么申请",
        "5 days shipping or 2 days, which one is cheaper",
        "你们是24小时客服吗",
        "a quarter of an hour",
        "季度报告怎么写",
        # habits and standing instructions
        "what do I do every morning",
        "what do I usually do on Sunday mornings",
        "on Sunday mornings I go swimming",
        "do you deliver on weekends?",
        "我一般周几去超市",
        "我一般礼拜五晚上点什么外卖",
        "每个月初都要交房租，帮我设个提醒",
        "每个月的中旬要体检",
        "I always pay rent at the beginning of the month",
        "以后周五都提醒我交周报",
        "三天两头停电",
        "一天到晚都在加班",
        # a time word inside a text to translate
        "translate 'see you tomorrow' into French",
        'how do you say "last week" in Spanish?',
        "what's the French for 'see you next week'? translate it",
        "把“明天见”翻译成英文",
        "“下周见”用英语怎么说",
        "帮我翻译一下：明天见",
    ],
)
def test_no_range(query: str) -> None:
    assert parse_range(query, NOW) is None, query
