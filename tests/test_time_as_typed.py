"""A query as keyboards and apps type it (recall/time/as_typed.py): the spaces, invisible characters,
spacing around numbers, full-width marks and capitals a phone, a word processor or a web page puts in a
message are read as the plain text would be; numbers that are no time stay none. The examples are this
file's own."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.locality import Locality, time_zone
from hindsight.recall.time.as_typed import plain
from hindsight.recall.time.clock import named_clock
from tests.time_ranges import days_named

NOW = datetime(2027, 3, 17, 15, 0)  # a Wednesday


@pytest.mark.parametrize(
    ("typed", "as_plain"),
    [
        ("what did the plumber say last\u00a0Tuesday", "what did the plumber say last Tuesday"),
        ("what did the plumber say last\u202fTuesday", "what did the plumber say last Tuesday"),
        ("what did the plumber say last\u2009Tuesday", "what did the plumber say last Tuesday"),
        ("what did the plumber say last\u200b Tuesday", "what did the plumber say last Tuesday"),
        ("what did the plumber say last\nTuesday", "what did the plumber say last Tuesday"),
        ("what did the plumber say\tlast  Tuesday", "what did the plumber say last Tuesday"),
        ("\ufeffwhat did the plumber say last\u3000Tuesday", "what did the plumber say last Tuesday"),
        ("第 11 周的周报发了吗", "第11周的周报发了吗"),
        ("2026 年第 4 季度的电费", "2026年第4季度的电费"),
        ("过去 36 小时的告警", "过去36小时的告警"),
        ("双 11 抢的那台扫地机", "双11 抢的那台扫地机"),
        ("Q3 末的库存盘点", "Q3末的库存盘点"),
        ("on the 9th，what did the vet say", "on the 9th, what did the vet say"),
        ("did the vet call on the 9th？I forgot", "did the vet call on the 9th? I forgot"),
        ("WHAT DID THE VET SAY LAST FRIDAY", "what did the vet say last friday"),
    ],
)
def test_typed_forms_are_read_as_the_plain_text(typed: str, as_plain: str) -> None:
    assert plain(typed) == as_plain
    assert days_named(typed, NOW) == days_named(as_plain, NOW) is not None


@pytest.mark.parametrize(
    "query",
    [
        "那个 24/7 的 客服热线是多少",  # a number with a stroke keeps its spaces
        "我雅思考了 7 还要再考吗",  # a number with no unit after it
        "Forever 21 的 退货政策是啥",
        "my 尾号 6621 card 还有多少钱",
        "IS THE NHS APP WORKING",  # capitals naming no time
    ],
)
def test_numbers_and_capitals_that_name_no_time_stay_none(query: str) -> None:
    assert days_named(query, NOW) is None


def test_text_in_capitals_among_lower_case_words_is_left_as_it_is() -> None:
    assert plain("what did the NHS letter say last Friday") == "what did the NHS letter say last Friday"
    assert plain("这个月的KPI") == "这个月的KPI"


def test_another_place_s_clock_is_found_through_a_no_break_space() -> None:
    toronto = Locality(*time_zone("America/Toronto"), "CA")
    clock = named_clock("mom's results come out today\u00a0Manila\u00a0time", toronto)
    assert clock is not None and clock.zone_name == "Asia/Manila"
