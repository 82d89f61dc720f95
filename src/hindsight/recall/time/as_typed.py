"""`plain`: a query as people's keyboards and apps type it, made plain before any time rule reads it.

The rules are written with plain spaces and the punctuation of each language. What a phone, a word processor
or a web page puts in a message instead reads as no time at all — measured by rewriting the tuning cases the
parser gets right (BENCHMARKS.md, "Issue 16, thirty-sixth round"): a no-break or thin space between the words
("last\u00a0Tuesday", as macOS and iOS type it, or text pasted from a page) lost 4,084 of 7,403
cases, a zero-width space 1,293, a line break or a tab in place of one space 865 and 853; spaces between
Chinese and digits ("第 33 周", "双 11", "3 天前", as many Chinese writers and formatters space them) 57 of
1,252; an English comma or question mark typed on a Chinese keyboard ("the 14th，what did…") 14 of 2,561; a
message in capitals 23 of 7,303. None of these changes what the query says, so each is undone here, once,
for every rule. Time words typed as people type them (misspelt, in text-speak, an ordinal without its suffix, a
possessive without its apostrophe, a short month or weekday name) are written out last (`spelled.py`, which
says what that fixed)."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.spelled import spelled
from hindsight.spaces import numbers_with_units, plain_spaces

_WIDE_MARK = prefilter.compile(r"(?<=[A-Za-z0-9])[，？！：；](?= |[A-Za-z0-9]|$)")
"""A full-width comma, question mark, colon or semicolon after an English word or a number, and before a space,
another or the end: English typed on a Chinese keyboard ("the 14th，what did the dentist say")."""
_NARROW_MARKS = str.maketrans("，？！：；", ",?!:;")
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
_ACRONYM = re.compile(r"(?<!\d)(?<!\d )\b(?P<word>APR|APY|SEP|MAR)\b(?! ?\d)")
"""Capitals that spell a month's short name and are an acronym in a query written in lower case: a loan's APR,
a savings account's APY, a SEP pension, a ward's MAR (its medication record) — "what's the APR on my credit
card" named April. No tuning query writes a month so; one with a day number beside it ("3 APR", "APR 3") is a
date, and a query all in capitals is read in lower case first."""


def plain(query: str) -> str:
    """`query` with every kind of space as one plain space (line breaks too) and invisible characters gone
    (`spaces.plain_spaces`), no space between a number and its Chinese unit (`spaces.numbers_with_units`),
    English punctuation typed full
    width as ASCII, a message written all in capitals (English alone, no lower-case letter, two words of
    capitals or more) in lower case, a rate's or a record's acronym ("the APR") apart from the month it spells,
    and its time words as `spelled.spelled` writes them."""
    query = plain_spaces(query, lines=False)
    if query.upper() != query and _ACRONYM.search(query):
        query = _ACRONYM.sub(lambda m: ".".join(m["word"]) + ".", query)
    if query.isascii():
        if query.upper() == query and len(_CAPITALS.findall(query)) >= 2:
            query = query.lower()
        return spelled(query)
    if _WIDE_MARK.search(query):
        query = _WIDE_MARK.sub(lambda m: m.group(0).translate(_NARROW_MARKS) + " ", query).replace("  ", " ")
    return spelled(numbers_with_units(query))
