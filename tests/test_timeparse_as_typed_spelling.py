"""Time words as people type them (recall/time/spelled.py, read from as_typed.plain): a misspelt time word,
an ordinal without its suffix, a possessive without its apostrophe, a short month or weekday name, or
text-speak names the range its correct spelling names; words that only look like these stay what they
are. The examples are this file's own."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall.time.spelled import spelled
from hindsight.recall.timeparse import parse_range
from tests.time_ranges import days_named

NOW = datetime(2027, 3, 17, 15, 0)  # a Wednesday


@pytest.mark.parametrize(
    ("typed", "spelt"),
    [
        # misspellings, and one edit from a long time word
        ("where did we eat over the weekened", "where did we eat over the weekend"),
        ("what did the vet charge a fortnite ago", "what did the vet charge a fortnight ago"),
        ("gym visits from the 3rd untill now", "gym visits from the 3rd until now"),
        ("fuel spend this calender month", "fuel spend this calendar month"),
        ("what did I cook last wendesday", "what did I cook last wednesday"),
        ("the plumber came on thusday, what did he fix", "the plumber came on thursday, what did he fix"),
        ("what's planned for tomorrrow", "what's planned for tomorrow"),
        ("who rang me yeaterday", "who rang me yesterday"),
        ("the school trip in septembr", "the school trip in september"),
        ("last weekened's match, who scored", "last weekend's match, who scored"),
        ("上上个 weekened 去的那家火锅店叫什么", "上上个 weekend 去的那家火锅店叫什么"),
        ("我 yeaterday 跟你说的那个快递单号", "我 yesterday 跟你说的那个快递单号"),
        # a day of the month without its suffix
        ("what did the electrician say on the 4", "what did the electrician say on the 4th"),
        ("takeaway orders since the 1", "takeaway orders since the 1st"),
        ("who was on call the week of the 8", "who was on call the week of the 8th"),
        (
            "we were in Cork 9 to the 12, what did we spend",
            "we were in Cork 9th to the 12th, what did we spend",
        ),
        ("did the courier come on the 5 or 6?", "did the courier come on the 5th or 6th?"),
        ("receipts from the 2 until today", "receipts from the 2nd until today"),
        ("the 2 week of February, what did I log", "the 2nd week of February, what did I log"),
        # a possessive without its apostrophe
        ("what did Sam say at this mornings huddle", "what did Sam say at this morning's huddle"),
        ("is anything booked in 2 weeks time", "is anything booked in 2 weeks' time"),
        ("the setlist from last nites gig", "the setlist from last night's gig"),
        ("tmrws dentist - what time was it", "tomorrow's dentist - what time was it"),
        ("notes from the previous quarters review", "notes from the previous quarter's review"),
        # short month and weekday names where only a month or a weekday fits
        ("gym fees from Feb till now", "gym fees from February till now"),
        ("the apr fools prank at work, who did it", "the April fools prank at work, who did it"),
        ("nov month electricity bill", "November month electricity bill"),
        ("what came up at the tues standup", "what came up at the Tuesday standup"),
        ("who read the lesson on Ash Wed", "who read the lesson on Ash Wednesday"),
        ("the parcel I sent Fri past", "the parcel I sent Friday past"),
    ],
)
def test_typed_time_words_name_the_range_of_their_spelling(typed: str, spelt: str) -> None:
    assert days_named(typed, NOW) == days_named(spelt, NOW) is not None


@pytest.mark.parametrize(
    ("typed", "days"),
    [
        ("where did we eat over the weekened", ("2027-03-13", "2027-03-15")),
        ("gym visits from the 3rd untill now", ("2027-03-03", "2027-03-18")),
        ("fuel spend this calender month", ("2027-03-01", "2027-04-01")),
        ("what's planned for tomorrrow", ("2027-03-18", "2027-03-19")),
        ("我 yeaterday 跟你说的那个快递单号", ("2027-03-16", "2027-03-17")),
        ("what did the electrician say on the 4", ("2027-03-04", "2027-03-05")),
        ("takeaway orders since the 1", ("2027-03-01", "2027-03-18")),
        ("who was on call the week of the 8", ("2027-03-08", "2027-03-15")),
        ("did the courier come on the 5 or 6?", ("2027-03-05", "2027-03-07")),
        ("the setlist from last nites gig", ("2027-03-16", "2027-03-17")),
        ("tmrws dentist - what time was it", ("2027-03-18", "2027-03-19")),
        ("gym fees from Feb till now", ("2027-02-01", "2027-03-18")),
        ("who read the lesson on Ash Wed", ("2027-02-10", "2027-02-11")),
        ("the parcel I sent Fri past", ("2027-03-12", "2027-03-13")),
    ],
)
def test_typed_time_words_name_these_days(typed: str, days: tuple[str, str]) -> None:
    assert days_named(typed, NOW) == days


@pytest.mark.parametrize(
    "query",
    [
        "the 2 of us went hiking, where was it",
        "what did the 3 kids want for lunch",
        "I paid 14 of them already, how many are left",
        "split the bill between the 2 of them",
        "I sat the exam in the big hall, what was my mark",
        "was the sun out at the beach",
        "they wed in a tiny chapel, what was it called",
        "ask Jan about the invoice",
        "Mondays are always busy at the shop, any tips",
        "weekends I run along the canal, how far is it",
        "How many hrs is Lagos behind Sydney?",
        "in Oman is the wknd fri-sat or sat-sun now?",
    ],
)
def test_words_that_only_look_like_time_words_name_no_range(query: str) -> None:
    assert days_named(query, NOW) is None


@pytest.mark.parametrize(
    "word", ["weekends", "Tuesdays", "octobers", "weakened", "augusta", "tonights", "Weekender", "Xmases"]
)
def test_inflections_and_words_near_time_words_are_left_as_typed(word: str) -> None:
    assert spelled(f"the {word} list") == f"the {word} list"


def test_a_count_after_a_day_keeps_its_number() -> None:
    assert spelled("from the 2 to 3 pm on the 4") == "from the 2 to 3 pm on the 4th"
    assert spelled("I gave 2 to the 3 kids") == "I gave 2 to the 3 kids"


@pytest.mark.parametrize(
    "query",
    [
        "what's the APR on my credit card",
        "did the bank say the APR would change",
        "how much can I put in the SEP",
        "check the MAR for grandma's evening meds",
        "is the APY better at the other bank",
    ],
)
def test_a_rate_or_record_acronym_names_no_month(query: str) -> None:
    assert parse_range(query, datetime(2026, 6, 10)) is None


def test_the_same_capitals_beside_a_day_or_in_a_shouted_query_are_the_month() -> None:
    now = datetime(2026, 6, 10)
    for query in ("what did I book for 3 APR", "APR 3 dentist?", "WHAT DID I BOOK IN APR"):
        found = parse_range(query, now)
        assert found is not None and found.start.month == 4, query
