"""Time phrasings of the twentieth round (the tuning halves of authors t-r51 … t-r56, and what the
last round left): the solar terms by the sun's position, the first or last day or week of a year,
corrections after full-width commas, and what must stay no range. Examples are
written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall import holidays
from hindsight.recall.timeparse import parse_range

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday

# The published days (China's time) of ten solar terms, 2023-2025: 立春 惊蛰 春分 清明 立夏 夏至
# 立秋 秋分 立冬 冬至. The shortcut formula the parser used for 清明 and 冬至 misses some of them.
_TERMS = (
    "start of spring",
    "awakening of insects",
    "spring equinox",
    "qingming",
    "start of summer",
    "summer solstice",
    "start of autumn",
    "autumn equinox",
    "start of winter",
    "winter solstice",
)
_PUBLISHED = {
    2023: "02-04 03-06 03-21 04-05 05-06 06-21 08-08 09-23 11-08 12-22",
    2024: "02-04 03-05 03-20 04-04 05-05 06-21 08-07 09-22 11-07 12-21",
    2025: "02-03 03-05 03-20 04-04 05-05 06-21 08-07 09-23 11-07 12-21",
}


@pytest.mark.parametrize("year", sorted(_PUBLISHED))
def test_solar_terms_fall_on_their_published_day(year: int) -> None:
    found = " ".join(holidays.HOLIDAYS[term](year)[0].strftime("%m-%d") for term in _TERMS)
    assert found == _PUBLISHED[year]


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("立春那天我跟你说的减肥计划", "2027-02-04", "2027-02-05"),
        ("打春那天吃春饼了没", "2027-02-04", "2027-02-05"),
        ("去年立秋贴秋膘吃的啥", "2026-08-07", "2026-08-08"),
        ("夏至那天几点日落来着", "2026-06-21", "2026-06-22"),
        ("立冬那天包的饺子", "2026-11-07", "2026-11-08"),
        # the first or last day or week of a named year; a day of a month without "the"
        ("what did I plan the first week of this year", "2027-01-01", "2027-01-08"),
        ("first week of 2026 gym schedule", "2026-01-01", "2026-01-08"),
        ("on the last day of last year who did we see", "2026-12-31", "2027-01-01"),
        ("去年的第一周我在哪上班", "2026-01-01", "2026-01-08"),
        ("今年最后一个礼拜要交的材料", "2027-12-25", "2028-01-01"),
        ("明年第一天的安排", "2028-01-01", "2028-01-02"),
        ("first day of last month, what did I pay", "2027-02-01", "2027-02-02"),
        # a correction after a full-width comma
        ("上个月，不对，是上上个月，我订的那个酒店", "2027-01-01", "2027-02-01"),
        ("礼拜五，呃，礼拜四跟谁吃的饭", "2027-03-18", "2027-03-19"),
    ],
)
def test_a_phrasing_names_its_range(query: str, start: str, end: str) -> None:
    found = parse_range(query, NOW)
    assert found is not None, query
    assert (found.start.date().isoformat(), found.end.date().isoformat()) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # a term's two characters as the ends of other words
        "成立夏令营那天谁来了",
        "建立秋季课程表的事",
        "青春分享会上我说了啥",
        "新春分会场在哪",
        "华夏至今的历史讲到哪了",
    ],
)
def test_a_near_miss_names_no_range(query: str) -> None:
    assert parse_range(query, NOW) is None, query
