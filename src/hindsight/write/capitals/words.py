"""The words the capitals reading knows: the shipped spelling dictionary (what is a common word, what is
written only with a capital), the gazetteers' names, chat shorthand, days and months, and the small helpers
the steps share (a word that could be a name, a typo of a word, a span given its capitals)."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources

from hindsight import prefilter, slips
from hindsight.write.entities import CITIES_EN, EN_GIVEN_NAMES, ORGS_EN


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


WORD = prefilter.compile(r"(?<![A-Za-z\u00c0-\u00ff])[a-z\u00e0-\u00ff]+(?![A-Za-z\u00c0-\u00ff])")


SENTENCE_START = prefilter.compile(r"(?:^|[.!?\n]\s*|[\"“(]\s*)$")


@lru_cache(maxsize=1)
def dictionary() -> tuple[frozenset[str], dict[str, str], frozenset[str]]:
    """(words written small, {lower: the only spelling} of words written only with capitals, lower forms
    of words the dictionary has both ways: "grace" / "Grace")."""
    data = resources.files("hindsight.write").joinpath("english_words.txt.gz").read_bytes()
    words = gzip.decompress(data).decode("utf-8").split()
    small = frozenset(word for word in words if word.islower())
    proper: dict[str, str] = {}
    both: set[str] = set()
    for word in words:
        lowered = word.lower()
        if word == lowered:
            continue
        if lowered in small:
            if word == word.capitalize():  # "Grace", not the acronym "NOW" nor the element "At"
                both.add(lowered)
        else:
            proper.setdefault(lowered, word)
    return small, proper, frozenset(both)


def is_common_word(word: str) -> bool:
    """An English word written small ("target", "grant", "bought")."""
    return word.lower() in dictionary()[0]


def is_known_spelling(word: str) -> bool:
    """A word the dictionary has either way, a name the project knows, chat shorthand or a day's or a month's
    short name: a word typed as meant ("colour" is not: the dictionary is American)."""
    lowered = word.lower()
    small, proper, _ = dictionary()
    return (
        lowered in small
        or lowered in proper
        or lowered in known_names()[1]
        or lowered in SHORTHAND
        or lowered in DAYS_AND_MONTHS
    )


def capitalised(text: str, pattern: prefilter.Pattern, group: str, is_a_name: Callable[[str], bool]) -> str:
    """`text` with the word that `group` of each match of `pattern` holds capitalised, if `is_a_name`."""
    spans = [
        (match.start(group), match.group(group).capitalize())
        for match in pattern.finditer(text)
        if is_a_name(match.group(group))
    ]
    return replace_spans(text, spans)


def replace_spans(text: str, spans: list[tuple[int, str]]) -> str:
    out = text
    for at, spelt in spans:
        if out[at : at + len(spelt)].lower() == spelt.lower():
            out = out[:at] + spelt + out[at + len(spelt) :]
    return out


_LOWER_PARTICLES = frozenset({"de", "del", "della", "des", "du", "la", "von", "van", "der"})


def title_case(words: str) -> str:
    return re.sub(
        r"(?<![A-Za-z\u00c0-\u00ff])[a-z\u00e0-\u00ff]+",
        lambda m: m.group(0) if m.group(0) in _LOWER_PARTICLES else m.group(0).capitalize(),
        words,
    )


_READ_AS_WORDS = frozenset({"best buy", "just eat", "now tv", "prime video", "home depot"})
"""Known names whose words, typed small, say something else more often ("the best buy is ...")."""


_NAMES_SELDOM_WORDS = frozenset({"john", "maria", "harry", "martin", "tony", "peter", "josh", "matt"})
"""Given names the dictionary also writes small whose other sense is rare in chat (a toilet, the seas of the
moon, to harass, a bird); the rest ("grant", "jack", "nick", "mike", "min", "tom", "carol", "heather") are
names only where a person is said ("my son jack", "with tom")."""


@lru_cache(maxsize=1)
def known_names() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    spellings: dict[str, str] = {}
    for name in [*ORGS_EN.split("|"), *CITIES_EN.split("|"), *EN_GIVEN_NAMES]:
        name = name.replace("\\+", "+")
        lowered = name.lower()
        if lowered in _READ_AS_WORDS:
            continue
        if " " not in lowered and is_common_word(lowered) and lowered not in _NAMES_SELDOM_WORDS:
            continue
        spellings.setdefault(lowered, name)
    by_first: dict[str, list[str]] = {}
    for name in sorted(spellings, key=len, reverse=True):  # the longest first: "new york" before "york"
        by_first.setdefault(re.split(r"[^a-z]", name, maxsplit=1)[0], []).append(name)
    return {first: tuple(names) for first, names in by_first.items()}, spellings


DAYS_AND_MONTHS = word_set(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat
    sun january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec"""
)
"""Left as typed: the date rules read them in any case, and "to thurs" is no place."""


SHORTHAND = word_set(
    """appt appts pls plz thx thanks tmrw tmr btw fyi asap lol omg idk imo tbh ur rn bc cuz coz gonna wanna
    gotta dont cant wont didnt doesnt isnt wasnt arent havent im ive id ill its thats whats hes shes theyre
    youre yall ok okay hmm umm uh um pm am hrs mins yr yrs mo mos wk wks msg txt ty np irl bday hq max min
    approx incl excl est qty pcs nos ppl"""
)
"""Chat shorthand: no name although no dictionary has it ("my dentist appt")."""


NOT_A_NAME = SHORTHAND | word_set(
    """will may can could would should might must shall did does do is was are were has had have got gets
    and or but so just also never always still really said says told tells who which that what when where
    the a an his her their our my your its this these those there here then than not no yes too very at in
    on of to by for from with about as into"""
)


NOT_CONTRACTED = r"(?![A-Za-z]|['’](?:t|re|ve|ll|d|m)\b)"
"""A word's end that is not inside a contraction ("don't" is no "Don"); a possessive "'s" may follow."""


def could_be_a_name(word: str) -> bool:
    """Not a function word nor a day; a word the dictionary does not know, or knows with a capital
    ("grace"); a word of three letters or more (the dictionary's "At", "In" are chemical elements)."""
    small, _, both = dictionary()
    if word in NOT_A_NAME or word in DAYS_AND_MONTHS or len(word) < 2:
        return False
    return word not in small or (word in both and len(word) >= 3)


def looks_like_a_name(word: str) -> bool:
    """A word the dictionary does not know, shaped like a name: a vowel, no letter three times running."""
    return bool(re.search(r"[aeiouy\u00e0-\u00ff]", word)) and not re.search(r"(.)\1\1", word)


def _is_a_typo(word: str) -> bool:
    """One slip from an English word ("shcool", "recieve"): a word mistyped, not a name."""

    small = dictionary()[0]
    return any(near in small for near in slips.one_slip(word))


def unknown_name(word: str) -> bool:
    small, proper, _ = dictionary()
    return (
        word not in small
        and word not in proper
        and word not in NOT_A_NAME
        and looks_like_a_name(word)
        and not _is_a_typo(word)
    )
