"""Texts two rules of different topic modules both match whole, read as the earlier module's rule reads them:
the order of hindsight/recall/time/rules/table.py's `_TABLES` decides these ties (the readings are the
parser's from before its rules were split into modules)."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2026, 3, 18, 15, 30)  # a Wednesday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # holiday_names before months: 二月二 is 龙抬头 (the lunar 2/2), not 2 February
        ("二月二", "2025-03-01", "2025-03-02"),
        # holiday_names before digit_dates: 11.11 before what was bought then is Singles' Day
        ("11.11买的", "2025-11-11", "2025-11-12"),
        # weekdays before weeks: a span of two days
        ("sat-sun", "2026-03-14", "2026-03-16"),
        # working_days before quarters: the quarter's last Monday-to-Friday
        ("the last working day of last quarter", "2025-12-31", "2026-01-01"),
        # quarters before years and months: the period's last / first weeks
        ("去年最后一周", "2025-12-25", "2026-01-01"),
        ("上月头二周", "2026-02-01", "2026-02-15"),
        # years before office and months
        ("during 2027", "2027-01-01", "2028-01-01"),
        ("the month after next", "2026-05-01", "2026-06-01"),
        ("the first few days of this year", "2026-01-01", "2026-01-11"),
        # office before spans: quarter to date runs to today
        ("quarter to date", "2026-01-01", "2026-03-19"),
        # spans before months: earlier in the month is this month's days so far
        ("earlier in the month", "2026-03-01", "2026-03-19"),
    ],
)
def test_a_tie_between_modules_falls_to_the_earlier(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end)
