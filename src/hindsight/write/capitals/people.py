"""People typed small: a known given name, a word the dictionary writes only with a capital, and the names a
message announces ("my cousin jamal", "dr. okoro", "tamsin and i", "i'm bartek nowak", "hamlin's piano
lessons"), with their family names."""

from __future__ import annotations

import re

from hindsight import prefilter, relations
from hindsight.write.capitals.words import (
    DAYS_AND_MONTHS,
    NOT_A_NAME,
    NOT_CONTRACTED,
    SENTENCE_START,
    SHORTHAND,
    WORD,
    capitalised,
    could_be_a_name,
    dictionary,
    known_names,
    looks_like_a_name,
    replace_spans,
)
from hindsight.write.entities import EN_GIVEN_NAMES, OWNED_EN_WORDS

_NAME_START = prefilter.compile(r"(?<![A-Za-z])[a-z]+")
_LATIN_LETTER = prefilter.compile(r"[A-Za-z\u00c0-\u024f]")


def give_known_names_capitals(text: str) -> str:
    """A known organisation, city or given name spelled as it is known ("fedex" -> "FedEx", "new york")."""
    by_first, spellings = known_names()
    spans: list[tuple[int, str]] = []
    for word in _NAME_START.finditer(text):
        for name in by_first.get(word.group(0), ()):
            end = word.start() + len(name)
            # the name ends where a Latin letter does not follow (a Chinese character may: "lazada买的")
            if text.startswith(name, word.start()) and not _LATIN_LETTER.match(text[end : end + 1]):
                spans.append((word.start(), spellings[name]))
                break
    return replace_spans(text, spans)


def give_proper_words_capitals(text: str) -> str:
    """A word the dictionary knows only with a capital, spelled so ("seattle", "nasa" -> "NASA")."""
    small, proper, _ = dictionary()

    def spelt(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in small or len(word) < 3 or word in DAYS_AND_MONTHS or word in SHORTHAND:
            return word
        return proper.get(word, word)

    return WORD.sub(spelt, text)


_RELATIONS_EN = relations.alternation(relations.ENGLISH)


_ANNOUNCED = prefilter.compile(
    rf"\b(?:my|our|his|her)\s+(?:(?:old|oldest|closest|new|best|little|older|younger|big|baby|eldest|youngest)\s+)?"
    rf"(?:{_RELATIONS_EN})(?:,|\s+is)?\s+(?P<a>[A-Za-z\u00e0-\u00ff]+){NOT_CONTRACTED}"
    rf"(?:\s+(?P<a2>[A-Za-z\u00e0-\u00ff]+){NOT_CONTRACTED})?"
)


_BEFORE_AND_I = prefilter.compile(
    r"(?:^|(?<=[.!?,]\s))(?P<b>[A-Za-z\u00e0-\u00ff]+)(?:\s+(?P<b2>[A-Za-z\u00e0-\u00ff]+))?(?=\s+and\s+I\b)"
)


_INTRODUCED = prefilter.compile(
    r"\b(?:I['’]?m|I am|this is|my name is|name is|named|called|name's|it['’]?s for|ask for|"
    r"under the name)\s+"
    rf"(?P<c>[A-Za-z\u00e0-\u00ff]+){NOT_CONTRACTED}(?:\s+(?P<c2>[A-Za-z\u00e0-\u00ff]+){NOT_CONTRACTED})?"
)


def give_announced_people_capitals(text: str) -> str:
    """A name after "my cousin", before "and I", after "I'm" or "named": capitalised where the word could
    be a name (the dictionary does not know it, or knows it with a capital too: "grace")."""
    spans: list[tuple[int, str]] = []
    matches = [*_ANNOUNCED.finditer(text), *_BEFORE_AND_I.finditer(text), *_INTRODUCED.finditer(text)]
    for match in matches:
        first = next(
            group for group in ("a", "b", "c") if match.re.groupindex.get(group) and match.group(group)
        )
        word = match.group(first).lower()
        if not could_be_a_name(word) or not looks_like_a_name(word):
            continue
        if first == "c" and word in dictionary()[0]:
            continue  # "I'm reading", "I'm good": after "I'm" only a word no dictionary writes small
        spans.append((match.start(first), word.capitalize()))
        last = (match.group(first + "2") or "").lower()
        if last and last not in dictionary()[0] and last not in NOT_A_NAME and looks_like_a_name(last):
            spans.append((match.start(first + "2"), last.capitalize()))
    return replace_spans(text, spans)


def give_i_its_capital(text: str) -> str:
    """ "i" -> "I" ("grace and i", "i'm kenji")."""
    return re.sub(r"(?<![A-Za-z'’])i(?=['’](?:m|ll|ve|d)\b|(?![A-Za-z'’]))", "I", text)


_TITLED = prefilter.compile(
    r"(?<![A-Za-z])(?P<title>aunt|auntie|uncle|grandma|grandpa|granny|nana|cousin|dr|mr|mrs|ms|miss|prof|coach|"
    r"officer|agent|nurse|sister|father|pastor|rabbi|imam|captain|judge)(?P<dot>\.?)\s+(?P<name>[A-Za-z\u00e0-\u00ff]+)"
)


def give_titled_people_capitals(text: str) -> str:
    """A title and the name after it ("dr. patel", "grandma rose" -> "Dr. Patel", "Grandma Rose")."""
    spans: list[tuple[int, str]] = []
    for match in _TITLED.finditer(text):
        name = match.group("name").lower()
        if not could_be_a_name(name) or not looks_like_a_name(name):
            continue
        title = match.group("title")
        if (
            title in {"sister", "father", "miss", "nurse", "agent", "officer", "judge", "captain"}
            and not match.group("dot")
            and name in dictionary()[0]
        ):
            continue  # "my sister rose early": a relation's word, a common word after it
        spans += [(match.start("title"), title.capitalize()), (match.start("name"), name.capitalize())]
    return replace_spans(text, spans)


_NAMED_THEN_LOWER = prefilter.compile(
    r"(?<![A-Za-z'’])(?P<given>[A-Z][a-z\u00e0-\u00ff]+)\s+(?P<last>[a-z\u00e0-\u00ff]+(?:-[a-z\u00e0-\u00ff]+)*)"
    r"(?![A-Za-z'’])"
)


def give_surnames_capitals(text: str) -> str:
    """The family name after a person's given name ("Kenji sato", "Priya nair" -> "Kenji Sato"): a word no
    dictionary has, after a known given name or a name no dictionary has either; hyphenated parts each
    ("Ms. Okonkwo-harris")."""
    small, proper, _ = dictionary()
    spans: list[tuple[int, str]] = []
    for match in _NAMED_THEN_LOWER.finditer(text):
        given, last = match.group("given"), match.group("last")
        given_lower = given.lower()
        opens_a_sentence = SENTENCE_START.search(text[max(0, match.start() - 3) : match.start()])
        is_person = given in EN_GIVEN_NAMES or (
            not opens_a_sentence and given_lower not in small and given_lower not in proper
        )
        parts = last.split("-")
        if not is_person or last in NOT_A_NAME or last in DAYS_AND_MONTHS:
            continue
        if any(part in small or not looks_like_a_name(part) for part in parts):
            continue
        spans.append((match.start("last"), "-".join(part.capitalize() for part in parts)))
    return replace_spans(text, spans)


def give_hyphenated_names_capitals(text: str) -> str:
    """The lower parts of a hyphenated name after a capital ("Delacroix-yu" -> "Delacroix-Yu"); not a word
    the dictionary writes small ("Well-known", "Co-worker" at a sentence's start)."""
    small = dictionary()[0]

    def spelt(match: re.Match[str]) -> str:
        if match.group(1).lower() in small:
            return match.group(0)
        return match.group(1) + match.group(2).title()

    return re.sub(r"(?<![A-Za-z])([A-Z][a-z]+)((?:-[a-z]+)+)(?![A-Za-z])", spelt, text)


_CUED_GIVEN = prefilter.compile(
    r"(?<![A-Za-z])(?:with|w/|met|meet|meeting|call|called|text|texted|ask|asked|tell|told|email|emailed|"
    r"technician|driver|courier|agent|rep|recruiter|manager|nurse|doctor|tutor|teacher|coach)\s+(?P<name>[a-z]+)"
    r"(?![A-Za-z])"
)


def give_cued_given_names_capitals(text: str) -> str:
    """A common given name that is also a word ("tom", "mike", "grant") where a person is met, called or
    named by a role: "1:1 with tom", "the technician mike"."""
    return capitalised(text, _CUED_GIVEN, "name", lambda word: word.capitalize() in EN_GIVEN_NAMES)


_GIVEN_THEN_SURNAME = prefilter.compile(r"(?<![A-Za-z])(?P<given>[a-z]+)\s+(?=[A-Z][a-z]+(?![A-Za-z]))")


def give_given_names_before_surnames_capitals(text: str) -> str:
    """A given name that is also a word ("maria", "grant") before a family name already capitalised
    ("maria Lopez" -> "Maria Lopez")."""
    return _GIVEN_THEN_SURNAME.sub(
        lambda m: m.group(0).capitalize() if m.group("given").capitalize() in EN_GIVEN_NAMES else m.group(0),
        text,
    )


_OWNED = prefilter.compile(
    r"(?<![A-Za-z])(?P<name>[a-z\u00e0-\u00ff]+)['’]s\s+(?:[a-z]+\s+)?"
    rf"(?:{OWNED_EN_WORDS}|funeral|anniversary|surgery|exams?|visit)\b"
)


def give_owners_capitals(text: str) -> str:
    """Someone whose lessons, birthday or appointment a message is about ("cancel hamish's swimming
    lessons"), where the word could be a name."""
    return capitalised(text, _OWNED, "name", lambda word: could_be_a_name(word) and looks_like_a_name(word))
