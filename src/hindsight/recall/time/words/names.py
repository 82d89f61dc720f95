"""Names of months and weekdays, and a quarter's number in words, that several rewrite tables read."""

from __future__ import annotations

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_OF = {name[:3]: name for name in _MONTHS.split("|")}
_FULL_DAY = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday",
    "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday",
    "sun": "sunday",
}  # fmt: skip
"""A weekday's short forms, each to its full name."""
_QUARTER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4"}
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"


def _kept_case(said: str, word: str) -> str:
    """`word` capitalised as the short form `said` was ("Aug" → "August", "fri" → "friday")."""
    return word.capitalize() if said[:1].isupper() else word
