"""Time expressions become date ranges, resolved against the query's "now" (48 zh/en cases)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from hindsight.recall.timeparse import en_number, parse_range, zh_number

NOW = datetime(2026, 3, 18, 15, 30)  # a Wednesday


def D(y: int, m: int, d: int) -> date:
    return date(y, m, d)


CASES = [
    # Chinese: days
    ("我昨天买了什么", D(2026, 3, 17), D(2026, 3, 18)),
    ("昨晚说的那家餐厅", D(2026, 3, 17), D(2026, 3, 18)),
    ("前天的订单", D(2026, 3, 16), D(2026, 3, 17)),
    ("大前天", D(2026, 3, 15), D(2026, 3, 16)),
    ("今天聊了什么", D(2026, 3, 18), D(2026, 3, 19)),
    ("三天前说的事", D(2026, 3, 15), D(2026, 3, 16)),
    ("两天前", D(2026, 3, 16), D(2026, 3, 17)),
    ("十二天前", D(2026, 3, 6), D(2026, 3, 7)),
    ("5天前的快递", D(2026, 3, 13), D(2026, 3, 14)),
    ("最近三天", D(2026, 3, 16), D(2026, 3, 19)),
    ("过去七天里", D(2026, 3, 12), D(2026, 3, 19)),
    # Chinese: weeks and weekdays
    ("上周", D(2026, 3, 9), D(2026, 3, 16)),
    ("上个星期", D(2026, 3, 9), D(2026, 3, 16)),
    ("上周五", D(2026, 3, 13), D(2026, 3, 14)),
    ("上星期一", D(2026, 3, 9), D(2026, 3, 10)),
    ("上上周", D(2026, 3, 2), D(2026, 3, 9)),
    ("这周", D(2026, 3, 16), D(2026, 3, 23)),
    ("本周二", D(2026, 3, 17), D(2026, 3, 18)),
    ("周一说过", D(2026, 3, 16), D(2026, 3, 17)),
    ("星期天", D(2026, 3, 15), D(2026, 3, 16)),
    ("两周前", D(2026, 3, 2), D(2026, 3, 9)),
    # Chinese: months and years
    ("上个月", D(2026, 2, 1), D(2026, 3, 1)),
    ("上月", D(2026, 2, 1), D(2026, 3, 1)),
    ("这个月", D(2026, 3, 1), D(2026, 4, 1)),
    ("三个月前", D(2025, 12, 1), D(2026, 1, 1)),
    ("五月", D(2025, 5, 1), D(2025, 6, 1)),
    ("12月份", D(2025, 12, 1), D(2026, 1, 1)),
    ("3月1号", D(2026, 3, 1), D(2026, 3, 2)),
    ("2025年5月3日", D(2025, 5, 3), D(2025, 5, 4)),
    ("去年", D(2025, 1, 1), D(2026, 1, 1)),
    ("前年", D(2024, 1, 1), D(2025, 1, 1)),
    ("最近", D(2026, 3, 5), D(2026, 3, 19)),
    # English
    ("yesterday", D(2026, 3, 17), D(2026, 3, 18)),
    ("what did I say last night", D(2026, 3, 17), D(2026, 3, 18)),
    ("the day before yesterday", D(2026, 3, 16), D(2026, 3, 17)),
    ("earlier today", D(2026, 3, 18), D(2026, 3, 19)),
    ("two days ago", D(2026, 3, 16), D(2026, 3, 17)),
    ("3 days ago", D(2026, 3, 15), D(2026, 3, 16)),
    ("a week ago", D(2026, 3, 9), D(2026, 3, 16)),
    ("last week", D(2026, 3, 9), D(2026, 3, 16)),
    ("this week", D(2026, 3, 16), D(2026, 3, 23)),
    ("last Friday", D(2026, 3, 13), D(2026, 3, 14)),
    ("what did we discuss on Monday", D(2026, 3, 16), D(2026, 3, 17)),
    ("last weekend", D(2026, 3, 14), D(2026, 3, 16)),
    ("in the past 5 days", D(2026, 3, 14), D(2026, 3, 19)),
    ("last month", D(2026, 2, 1), D(2026, 3, 1)),
    ("two months ago", D(2026, 1, 1), D(2026, 2, 1)),
    ("in May", D(2025, 5, 1), D(2025, 6, 1)),
    ("in March", D(2026, 3, 1), D(2026, 4, 1)),
    ("May 3rd", D(2025, 5, 3), D(2025, 5, 4)),
    ("on 7 May", D(2025, 5, 7), D(2025, 5, 8)),
    ("March 2, 2024", D(2024, 3, 2), D(2024, 3, 3)),
    ("in May 2023", D(2023, 5, 1), D(2023, 6, 1)),
    ("in 2023", D(2023, 1, 1), D(2024, 1, 1)),
    ("last year", D(2025, 1, 1), D(2026, 1, 1)),
    ("recently", D(2026, 3, 5), D(2026, 3, 19)),
]


@pytest.mark.parametrize(("query", "start", "end"), CASES)
def test_expression_becomes_a_range(query: str, start: date, end: date) -> None:
    found = parse_range(query, NOW)
    assert found is not None, query
    assert (found.start.date(), found.end.date()) == (start, end)
    assert found.expression in query
    assert found.start.time() == found.end.time() == datetime.min.time()  # whole days


def test_there_are_at_least_forty_cases() -> None:
    assert len(CASES) >= 40
    assert sum(1 for q, *_ in CASES if any("\u4e00" <= c <= "\u9fff" for c in q)) >= 20


@pytest.mark.parametrize(
    "query",
    [
        "what is my order number?",
        "我那个退款到哪了",
        "May I ask about the cello?",
        "周到的服务",
        "Tell me about Sunday roast recipes",
    ],
)
def test_no_time_expression(query: str) -> None:
    found = parse_range(query, NOW)
    # "Sunday roast" names a weekday, which is a (harmless) range; the others hold no time at all.
    assert found is None or found.expression.lower().strip() == "sunday"


def test_an_impossible_date_is_no_range() -> None:
    assert parse_range("2月30日", NOW) is None


def test_chinese_numerals() -> None:
    assert [zh_number(t) for t in ("三", "十", "十二", "二十", "二十五", "两", "一百", "7")] == [
        3,
        10,
        12,
        20,
        25,
        2,
        100,
        7,
    ]


def test_ranges_follow_now() -> None:
    found = parse_range("yesterday", datetime(2024, 1, 1, 0, 5))
    assert found is not None and (found.start, found.end) == (datetime(2023, 12, 31), datetime(2024, 1, 1))


@pytest.mark.parametrize(
    "query",
    [
        "what did I order 3000000000 months ago",
        "30000000000000 days ago",
        "99999999999 weeks ago",
        "9999999999个月前",
        "5000 years ago",
        "9" * 20_000 + " days ago",
        "一" * 20_000 + "天前",
    ],
)
def test_a_count_no_time_phrase_means_names_no_time(query: str) -> None:
    # These spun the parser for seconds (a loop step per year; a long number retried from every
    # position) or raised OverflowError. The speed is bench/time_eval.py's to show; here: no range.
    assert parse_range(query, datetime(2026, 3, 18)) is None


def test_counts_are_bounded_before_any_date_is_computed() -> None:
    with pytest.raises(ValueError):
        en_number("3000000000")
    with pytest.raises(ValueError):
        zh_number("3000000000")
    assert en_number("10000") == 10_000 and zh_number("三") == 3


def test_months_far_back_are_computed_at_once() -> None:
    found = parse_range("1200 months ago", datetime(2026, 3, 18))
    assert found is not None and (found.start, found.end) == (datetime(1926, 3, 1), datetime(1926, 4, 1))
