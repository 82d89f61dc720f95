"""Shopping, sport, shows and local events where the user lives (`parse_range(query, now, region)`), the
thirty-sixth round: a date in digits before what was bought, booked or seen that day, or opening a Chinese
sentence before where and what was done. Examples are written here, not copied from the corpus; each with
its near misses, which must stay no range or unchanged."""

from __future__ import annotations

import pytest

from .time_ranges import days_at

days = days_at


Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # a date in digits between "the", "my", "that" … and what was bought, booked or seen (region order)
        ("where did we sit at the 14/3 gig", "2027-04-02", "GB", ("2027-03-14", "2027-03-15")),
        ("where did we sit at the 4/3 gig", "2027-04-02", "GB", ("2027-03-04", "2027-03-05")),
        ("where did we sit at the 4/3 gig", "2027-04-20", "US", ("2027-04-03", "2027-04-04")),
        ("has my 8/2 Lazada order come yet", "2027-02-20", "MY", ("2027-02-08", "2027-02-09")),
        ("who scored in that 9/1 match", "2027-01-20", "NZ", ("2027-01-09", "2027-01-10")),
        ("refund for our 2/6 tickets", "2027-06-20", "PH", ("2027-02-06", "2027-02-07")),
        # near misses: an amount, a share, a fraction before a noun that is no deed
        ("my 1/2 order of fries was cold", "2027-02-20", "GB", None),
        ("the 2/3 majority vote", "2027-02-20", "GB", None),
        ("the 3/4 sleeve dress", "2027-02-20", "AU", None),
        # a Chinese date opening the sentence, then where and what was done
        ("2/9 在 Lazada 买的耳机到了没", "2027-09-20", "MY", ("2027-09-02", "2027-09-03")),
        ("2/9 在 Lazada 买的耳机到了没", "2027-09-20", "TW", ("2027-02-09", "2027-02-10")),
        ("5/4 喺红馆睇嗰场show几点开始", "2027-05-20", "HK", ("2027-04-05", "2027-04-06")),
        ("8/3 在淘宝下的单还没发货", "2027-08-20", "CN", ("2027-08-03", "2027-08-04")),
        # near misses: a share of people, a date not opening the sentence with a deed after it
        ("3/4 在这里的人同意", "2027-08-20", "HK", None),
        ("问一下 2/9 在 Lazada 买的", "2027-09-20", "MY", None),
    ],
)
def test_dates_in_digits_before_a_deed(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a season said alone opening a Chinese sentence, before where something was done: the latest
        # begun, in the region's hemisphere
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", "NZ", ("2027-06-01", "2027-09-01")),
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", "GB", ("2026-12-01", "2027-03-01")),
        ("秋天去 Daylesford 住的那家民宿叫什么", "2027-07-01", "AU", ("2027-03-01", "2027-06-01")),
        ("夏天在海边那次谁开的车", "2027-01-10", "ZA", ("2026-12-01", "2027-03-01")),
        # near misses: a plan or a habit, and no region (the hemisphere unknown)
        ("冬天去哪里玩比较好", "2027-10-05", "NZ", None),
        ("冬天在家一般做什么", "2027-10-05", "NZ", None),
        ("冬天在 Wanaka 租的雪板多少钱", "2027-10-05", None, None),
    ],
)
def test_seasons_said_alone_in_chinese(case: Case) -> None:
    query, now, region, expected = case
    assert days(query, now, region) == expected
