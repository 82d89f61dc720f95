"""Time phrasings of the eighteenth round (the tuning halves of tests/corpora/time/tune27 … tune32):
years counted back in Chinese (三年前, 两年前的今天, 两年前暑假), "a year ago today", a season before
last, "this coming weekend", the Nth weekday of a Chinese month, a weekday said "or was it" another —
and what must stay no range (an age asked with 今年, a yearly habit). Examples are written here, not
copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall.timeparse import parse_range

NOW = datetime(2026, 3, 18, 9, 30)  # a Wednesday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("what did we do a year ago today", "2025-03-18", "2025-03-19"),
        ("2年前的今天我们在哪", "2024-03-18", "2024-03-19"),
        ("三年前搬的家花了多少", "2023-01-01", "2024-01-01"),
        ("十年前买的那块表", "2016-01-01", "2017-01-01"),
        ("两年前暑假去哪玩的", "2024-07-01", "2024-09-01"),
        ("一年前的夏天穿的那双凉鞋", "2025-06-01", "2025-09-01"),
        ("where did we stay the summer before last", "2024-06-01", "2024-09-01"),
        ("the winter before last, which boiler guy came", "2024-12-01", "2025-03-01"),
        ("what did the kids eat the night before yesterday", "2026-03-16", "2026-03-17"),
        ("anything on this coming weekend", "2026-03-21", "2026-03-23"),
        ("上个月第二个礼拜六足球赛在哪", "2026-02-14", "2026-02-15"),
        ("这个月最后一个周五交的啥", "2026-03-27", "2026-03-28"),
        ("did the cleaner come monday gone or was it tuesday", "2026-03-16", "2026-03-18"),
        ("what did i tell u mon about the dog walker", "2026-03-16", "2026-03-17"),
    ],
)
def test_a_phrasing_names_its_range(query: str, start: str, end: str) -> None:
    found = parse_range(query, NOW)
    assert found is not None, query
    assert (found.start.date().isoformat(), found.end.date().isoformat()) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        "我儿子今年几岁来着，6岁？",
        "她今年多大？",
        "每年中秋我们一般去哪吃团圆饭",
        "几年前的事了，记不清",
        "机票要提前一年订吗",
        "mon ami said hello",
    ],
)
def test_a_near_miss_names_no_range(query: str) -> None:
    assert parse_range(query, NOW) is None, query
