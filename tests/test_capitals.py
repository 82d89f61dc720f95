"""English typed in lower case, read with its capitals (write/capitals/; issue 16, thirty-eighth round).

Each rule with a case it must restore and a near miss it must leave as typed. Corpus figures:
`python bench/extraction_eval.py --typed-small` and BENCHMARKS.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.write.capitals import typed_without_capitals, with_capitals
from hindsight.write.capitals.words import is_common_word
from hindsight.write.extract import RuleExtractor

AT = datetime(2026, 3, 18, 10, 0)


@pytest.mark.parametrize(
    ("text", "typed_small"),
    [
        ("my brother lives in leeds now", True),
        ("My brother lives in leeds now. He likes it.", True),  # a phone's capital at each sentence's start
        ("i think i'm late, sorry", True),
        ("my parcel AB1234567 is late", True),  # a pasted code's capitals
        ("My brother lives in Leeds now", False),  # a writer who capitalises names
        ("我哥哥住在上海", False),
        ("", False),
    ],
)
def test_typed_without_capitals(text: str, typed_small: bool) -> None:
    assert typed_without_capitals(text) is typed_small


@pytest.mark.parametrize(
    ("typed", "restored"),
    [
        # people announced by a relation, a title, "and I", an introduction
        ("my niece oksana starts school today", "my niece Oksana starts school today"),
        ("my niece grace loves it", "my niece Grace loves it"),
        ("dr. okoro moved my appointment", "Dr. Okoro moved my appointment"),
        ("grandpa joe turns 80", "Grandpa Joe turns 80"),
        ("tamsin and i are flying out", "Tamsin and I are flying out"),
        ("hi, i'm bartek nowak", "hi, I'm Bartek Nowak"),
        # a known given name, then the family name no dictionary has
        ("ask priya ramaswamy about it", "ask Priya Ramaswamy about it"),
        # organisations and cities the project knows, places the dictionary writes with a capital
        ("is it coming with fedex?", "is it coming with FedEx?"),
        ("she flew to new york", "she flew to New York"),
        ("he works for nasa in houston", "he works for NASA in Houston"),
        ("my friend works at stripe", "my friend works at Stripe"),
        # codes, postcodes, a state before its ZIP, a currency, a street
        ("order ab1234567 never came", "order AB1234567 never came"),
        ("send it to 12 birch lane, leeds ls6 2ab", "send it to 12 Birch Lane, Leeds LS6 2AB"),
        ("the office is in austin, tx 78701", "the office is in Austin, TX 78701"),
        ("a refund of ca$45 please", "a refund of CA$45 please"),
        # a school or a venue named before its kind, a booked venue, a place no dictionary has
        ("the kids go to thornfield primary", "the kids go to Thornfield Primary"),
        ("a table for two at zuccotti's tonight", "a table for two at Zuccotti's tonight"),
        ("she just started at cromwellworks", "she just started at Cromwellworks"),
        ("cancel hamlin's piano lessons", "cancel Hamlin's piano lessons"),
    ],
)
def test_capitals_given_back(typed: str, restored: str) -> None:
    assert with_capitals(typed) == restored


@pytest.mark.parametrize(
    "typed",
    [
        "i'm reading a good book",
        "i'm good, thanks",  # after "I'm", a word written small stays
        "my kids don't have one",  # "don" of "don't" is no name
        "how are you doing in shcool?",  # a typo of a word, not a town
        "aim for the target first",  # an organisation's name that is a word, where none is said
        "the local hospital was full",  # a kind of place with no name
        "my dentist appt moved to thurs",  # shorthand and a day stay
        "email me at jo.ward@example.com",  # an address is spelled as typed
        "see you on friday in march",
    ],
)
def test_words_left_as_typed(typed: str) -> None:
    assert with_capitals(typed).replace("I'm", "i'm") == typed


def test_text_written_with_capitals_is_left_alone() -> None:
    text = "My cousin Jamal works at nasa in Geneva."  # capitals given by the writer: their choice stands
    assert with_capitals(text) == text


def test_only_the_case_changes() -> None:
    typed = "my sister bethan and i moved from swansea to 4 kestrel way, bristol bs1 4dj, call 0117 496 0000"
    restored = with_capitals(typed)
    assert len(restored) == len(typed)
    assert restored.lower() == typed.lower()
    assert restored != typed


def test_common_words_come_from_the_shipped_dictionary() -> None:
    assert is_common_word("target") and is_common_word("bought")
    assert not is_common_word("oksana") and not is_common_word("seattle")


def test_chinese_with_english_typed_small() -> None:
    assert with_capitals("单号jd88120033221，走的fedex") == "单号JD88120033221，走的FedEx"


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        # a known name followed by a Chinese character, which is no Latin letter (the fortieth round)
        ("我在shopee买的耳机坏了", "我在Shopee买的耳机坏了"),
        ("netflix的会员帮我取消", "Netflix的会员帮我取消"),
        ("周末跟jessica吃饭", "周末跟Jessica吃饭"),
        # not a name inside a longer Latin word, nor an English word that is a name
        ("我在shopeex买的", "我在shopeex买的"),
        ("帮我把target写下来", "帮我把target写下来"),
    ],
)
def test_a_known_name_before_a_chinese_character(typed: str, read: str) -> None:
    assert with_capitals(typed) == read


def test_the_extractor_finds_an_organisation_typed_small_in_chinese() -> None:
    entities = _extract("上个礼拜在lazada买的风扇坏了，想退货")
    assert entities.get("org") == "lazada"


def _extract(*texts: str) -> dict[str, str]:
    turns = [Turn(f"t{i}", "s", "user", text, AT + timedelta(minutes=i)) for i, text in enumerate(texts)]
    return RuleExtractor().extract(turns).entities


def test_the_extractor_finds_names_typed_small_as_typed() -> None:
    entities = _extract("my colleague oksana petrenko just moved to lisbon to work for siemens")
    values = set(entities.values())
    assert "oksana petrenko" in values  # reported as the user typed it
    assert "lisbon" in values
    assert "siemens" in values
    assert next(kind for kind, value in entities.items() if value == "oksana petrenko").startswith("person")


def test_the_extractor_reads_an_address_typed_small() -> None:
    entities = _extract("please ship it to 27 harrow road, london w2 5ta")
    assert any(kind.startswith("address") and "harrow road" in value for kind, value in entities.items())


def test_the_extractor_on_properly_written_text_is_unchanged() -> None:
    written = _extract("My colleague Oksana Petrenko just moved to Lisbon to work for Siemens")
    small = _extract("my colleague oksana petrenko just moved to lisbon to work for siemens")
    assert {k: v.lower() for k, v in written.items()} == small
