"""Mistyped English words read as the words meant, for the intent (write/respelled.py; issue 16,
thirty-eighth round). Corpus figures: `python bench/extraction_eval.py --typos` and BENCHMARKS.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.write.extract import RuleExtractor
from hindsight.write.respelled import meant, respelled

AT = datetime(2026, 3, 18, 10, 0)


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("cacnel", "cancel"),  # two neighbours swapped
        ("cancwl", "cancel"),  # a letter hit on a neighbouring key
        ("delivry", "delivery"),  # a letter left out
        ("refuund", "refund"),  # a letter typed twice
        ("ordder", "order"),  # a letter typed twice before one too many: not "odder"
    ],
)
def test_a_mistyped_word_is_read_as_the_word(typed: str, word: str) -> None:
    assert meant(typed) == word


@pytest.mark.parametrize(
    "typed",
    [
        "weekend",  # a word
        "seattle",  # a name the dictionary knows
        "hamish",  # "famish" is one letter changed, but h and f are not neighbouring keys
        "physio",  # nor o and c ("physic")
        "calender",  # a misspelling, not a slip of the fingers: e and a are not neighbours
        "tomorow",  # see below
        "remnd",  # two words as near by the likeliest slip ("remind", "remand"): which is not known
        "pls",  # shorthand, and short
        "xqzvbn",  # nothing near
    ],
)
def test_words_left_as_typed(typed: str) -> None:
    if typed == "tomorow":
        assert meant(typed) == "tomorrow"
        return
    assert meant(typed) == typed


def test_a_word_written_with_a_capital_is_the_writers_own() -> None:
    assert respelled("Cancle it, pls cacnel") == "Cancle it, pls cancel"


def test_respelled_keeps_addresses_codes_and_names() -> None:
    text = "pls cacnel ordder AB1234567 for Jomar, mail jo.pennigton@gmail.com"
    assert respelled(text) == "pls cancel order AB1234567 for Jomar, mail jo.pennigton@gmail.com"


def _extract(text: str) -> str:
    return RuleExtractor().extract([Turn("t0", "s", "user", text, AT + timedelta(minutes=0))]).intent


def test_the_intent_of_a_mistyped_task() -> None:
    assert _extract("pls cacnel my gym membrship from next month") == "cancel"
    assert _extract("i want a refnud for the broken kettle") == "refund"


def test_the_summary_and_entities_keep_the_words_as_typed() -> None:
    turns = [Turn("t0", "s", "user", "pls cacnel my Netflix subscripton", AT)]
    extraction = RuleExtractor().extract(turns)
    assert "cacnel" in extraction.summary
