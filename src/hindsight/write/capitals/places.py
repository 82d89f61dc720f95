"""Organisations and places typed small: a school or a venue named before its kind ("thornfield primary"), a
venue booked at, a known organisation whose name is a word ("works at stripe"), where one lives or goes, and a
word no dictionary has after "at", "from", "in", "to" ("works at infosys")."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write.capitals.words import (
    DAYS_AND_MONTHS,
    NOT_A_NAME,
    NOT_CONTRACTED,
    dictionary,
    looks_like_a_name,
    replace_spans,
    title_case,
    unknown_name,
    word_set,
)
from hindsight.write.entities import ORGS_EN

_INSTITUTION_WORDS = (
    r"hospital|university|college|school|elementary|academy|clinic|dental|medical cent(?:er|re)|"
    r"health cent(?:er|re)|practice|surgery|physio|physiotherapy|pharmacy|institute|bank|savings bank|group|"
    r"labs?|foundation|primary|kindergarten|nursery|montessori|railways?|airlines|airways|telecom|insurance|"
    r"energy|council|credit union|water|power|electric|utilities|robotics|inn|hotel|club|tennis club|"
    r"golf club|"
    r"cafe|café|coffee|restaurant|bar|"
    r"grill|bistro|museum|theatre|theater|stadium|arena|gym|mall|airport|station|lodge|resort|suites|hostel|"
    r"chambers|high school|middle school|primary school|medical centre|medical center"
)


_INSTITUTION = prefilter.compile(
    r"(?<![A-Za-z])(?:at|from|to|with|for|in|into|near|by|attends?|joins?|joined)\s+(?:the\s+)?"
    r"(?P<name>(?:(?:st\.?|saint)\s+)?(?:[A-Za-z\u00e0-\u00ff'’]+\s+){1,3}?"
    rf"(?:{_INSTITUTION_WORDS}))(?![A-Za-z])"
)


_NOT_INSTITUTION_NAME = word_set(
    """my your our his her their a an this that the local new old nearest closest same other next last first
    big     small main best usual favourite favorite public private primary high middle some any every each"""
)


def give_institutions_capitals(text: str) -> str:
    """A school, a hospital, a company, a venue named before the word for what it is, where something
    happens at it ("at westbrook middle school", "from severnvale water", "at the hilton garden inn"):
    the name in capitals when one of its words is no common English word or a name ("Lincoln High
    School"); "at the local hospital" stays."""
    small, _, _ = dictionary()
    spans: list[tuple[int, str]] = []
    for match in _INSTITUTION.finditer(text):
        name = match.group("name")
        words = re.findall(r"[A-Za-z\u00e0-\u00ff]+", name)
        head = re.sub(r"^(?:st\.?|saint)\s+", "", name)
        head_words = re.findall(r"[A-Za-z\u00e0-\u00ff]+", head)
        if not words or head_words[0].lower() in _NOT_INSTITUTION_NAME:
            continue
        if any(w.lower() in NOT_A_NAME for w in head_words[:-1]):
            continue
        if all(w.lower() in small and not w[0].isupper() for w in head_words):
            continue
        spans.append((match.start("name"), title_case(name)))
    return replace_spans(text, spans)


_BOOKED_AT = prefilter.compile(
    r"\b(?:tables?|seats?|rooms?|courts?|spots?|reserve|reservation|book|booking|haircut|appointment|dinner|"
    r"lunch|brunch|breakfast|drinks|coffee)\b[^.?!]{0,30}?\bat\s+(?:the\s+)?"
    r"(?P<venue>[A-Za-z\u00e0-\u00ff'’]+(?:\s+[A-Za-z\u00e0-\u00ff'’]+){0,2})"
)


_VENUE_HEADS = word_set(
    """kitchen house bar grill cafe café bistro diner eatery tavern pub inn hotel club lounge garden gardens
    room     sushi pizza pizzeria trattoria brasserie steakhouse bakery noodle noodles canteen dining"""
)


def give_booked_venues_capitals(text: str) -> str:
    """A venue booked at, named by words no dictionary has ("a table for 4 at nopa", "at nonna pia's",
    "at dishoom shoreditch"): each such word from the first, up to the first common word."""
    small, _, _ = dictionary()
    spans: list[tuple[int, str]] = []
    for match in _BOOKED_AT.finditer(text):
        at = match.start("venue")
        for word in re.finditer(r"[A-Za-z\u00e0-\u00ff]+(?:['’]s)?", match.group("venue")):
            bare = re.sub(r"['’]s$", "", word.group(0)).lower()
            if spans and spans[-1][0] >= match.start("venue") and bare in _VENUE_HEADS:
                spans.append((at + word.start(), word.group(0).capitalize()))
                continue  # "at saltbush kitchen": the kind of place is part of its name
            if bare in small or bare in NOT_A_NAME or bare in DAYS_AND_MONTHS or not looks_like_a_name(bare):
                break
            spans.append((at + word.start(), word.group(0).capitalize()))
    return replace_spans(text, spans)


_ORGS_THAT_ARE_WORDS = (
    "target|stripe|delta|meta|oracle|adobe|chase|grab|ups|scoot|southwest|telus|rogers|google|amazon|apple"
)
"""Known organisations whose names, typed small, are English words too."""
_ORG_TYPED_AS_A_WORD = prefilter.compile(_ORGS_THAT_ARE_WORDS)
_ORG_WORDS_TYPED_SMALL = prefilter.compile(
    r"(?<![A-Za-z])(?:(?:works?|working|job|intern(?:ing)?|employed)\s+(?:at|for|with)|at|from|via|with|by|leaving|"
    rf"left|joined|joining|quit|(?:[A-Z][A-Za-z]+)\s+(?:or|and))\s+(?P<org>{_ORGS_THAT_ARE_WORDS})(?![A-Za-z])"
)


def give_orgs_typed_as_words_capitals(text: str) -> str:
    """A known organisation whose name is a word ("target", "stripe", "ups") where an organisation is
    said: "works at stripe", "from target", "fedex or ups"."""
    if not _ORG_TYPED_AS_A_WORD.search(text):
        return text
    spelling = {name.lower(): name for name in ORGS_EN.split("|")}
    return _ORG_WORDS_TYPED_SMALL.sub(
        lambda m: m.group(0)[: m.start("org") - m.start()] + spelling.get(m.group("org"), m.group("org")),
        text,
    )


_SITE = prefilter.compile(
    r"\b(?:the|your|our|my)\s+(?P<name>[a-z\u00e0-\u00ff]+)\s+"
    r"(?:hotel|office|branch|outlet|store|shop|clinic|site|campus|depot|warehouse|showroom|location)\b"
)
"""A business's site said by its place ("your bencoolen hotel", "the novena office")."""


_PLACE_GONE_TO = prefilter.compile(
    r"\b(?:lives?|living|based|settled|grew up|born|stuck|stranded|raining|snowing|staying|stay|office is|"
    r"home is)"
    r"(?:\s+\w+){0,3}?\s+in\s+(?P<a>[a-z\u00e0-\u00ff]+)"
    r"|\b(?:moved|moving|move|relocated|relocating|flying|fly|flight|trip|drive|driving|travel(?:l?ing)?|"
    r"back|going|heading|head|return(?:ing)?|balik kampung)(?:\s+\w+){0,2}?\s+to\s+(?P<b>[a-z\u00e0-\u00ff]+)"
    r"|\bfrom\s+(?P<c>[a-z\u00e0-\u00ff]+)\s+to\s+(?P<d>[a-z\u00e0-\u00ff]+)"
)
"""Where one lives, moves or goes ("moving back to kraków", "from kapitolyo to naia"). Not any "in" before a
stop: "how are you doing in shcool?" is a typo, not a town."""


def give_sites_and_places_capitals(text: str) -> str:
    """A place no dictionary has where a place is said: a business's site ("your bencoolen hotel"), where one
    lives, moves or goes ("back to kraków")."""
    spans: list[tuple[int, str]] = []
    for match in _SITE.finditer(text):
        word = match.group("name")
        if word not in dictionary()[0] and word not in NOT_A_NAME and looks_like_a_name(word):
            spans.append((match.start("name"), word.capitalize()))
    for match in _PLACE_GONE_TO.finditer(text):
        for group in "abcd":
            word = match.group(group)
            if not word or word in dictionary()[0] or word in NOT_A_NAME or word in DAYS_AND_MONTHS:
                continue
            if looks_like_a_name(word) and len(word) >= 3:
                spans.append((match.start(group), word.capitalize()))
    return replace_spans(text, spans)


_AFTER_A_PLACE_WORD = prefilter.compile(
    r"(?<![A-Za-z])(?:at|from|in|to|near|around|via)\s+(?P<name>[a-z\u00e0-\u00ff]{5,})"
    rf"(?P<more>\s+[a-z\u00e0-\u00ff]{{4,}})?{NOT_CONTRACTED}"
)


def give_unknown_places_capitals(text: str) -> str:
    """A word of five letters or more that no dictionary has and that is no typo of one, after "at", "from",
    "in", "to" ("works at infosys", "moved over from sembcorp", "wedding in enugu"): a place or an
    organisation, as a careful writer would capitalise it; the word after it too when it is such a word."""
    spans: list[tuple[int, str]] = []
    for match in _AFTER_A_PLACE_WORD.finditer(text):
        name = match.group("name")
        if not unknown_name(name):
            continue
        spans.append((match.start("name"), name.capitalize()))
        more = (match.group("more") or "").strip()
        if more and unknown_name(more):
            spans.append((match.start("more") + 1 + match.group("more")[1:].find(more), more.capitalize()))
    return replace_spans(text, spans)
