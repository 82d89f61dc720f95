"""English as a recogniser hears it and people say it: homophones ("fry day", "last weak", "to days
ago"), fillers ("last, uh, Tuesday"), an age or Malay words beside time words, days in cardinal words, the
second end of a span of days in words."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _QUARTER_WORDS
from hindsight.recall.time.words.number_words import (
    _CARDINAL,
    _CARDINAL_FIRST,
    _MONTH_SHORT,
    _MONTH_WORDS,
    _NOT_COUNTED,
    _ORDINAL_WORDS,
    _cardinal,
    _month_day_words,
    _ordinal,
    _week_words,
)
from hindsight.recall.time.words.rewrite import _any_hint, _substituted, _where_words

_EN_SOUNDALIKES = (
    (prefilter.compile(r"\b(mon|tues|wednes|thurs|satur|sun) day\b", re.IGNORECASE), r"\1day"),
    (prefilter.compile(r"\bfry ?day\b", re.IGNORECASE), "friday"),
    (prefilter.compile(r"\byester day\b", re.IGNORECASE), "yesterday"),
    (prefilter.compile(r"\bto morrow\b", re.IGNORECASE), "tomorrow"),
    (prefilter.compile(r"\bfort night", re.IGNORECASE), "fortnight"),
    (prefilter.compile(r"\b(last|this|next|a|one|that) weak\b", re.IGNORECASE), r"\1 week"),
    (prefilter.compile(r"\btoo (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "two "),
    (prefilter.compile(r"\bfor (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "four "),
    (prefilter.compile(r"\bate (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "eight "),
)
_EN_HEARD_WRONG = prefilter.compile(
    r" day\b|\byester |\bto morrow|\bfort night|\bweak\b"
    r"|\b(?:too|for|ate) (?:days?|weeks?|months?|years?) (?:ago|back)",
    re.IGNORECASE,
)


_MALAY = {"depan": "next", "ini": "this", "ni": "this", "lepas": "last", "lalu": "last", "minggu": "week",
          "bulan": "month", "tahun": "year"}  # fmt: skip
_HABIT_WORDS = prefilter.compile(
    r"\b(?:always|usually|normally|typically|generally|every|each)\b", re.IGNORECASE
)
_EN_SPOKEN_MORE = (
    # a recogniser's homophones of a count before "ago" ("to days ago", "won week back")
    (
        ("to day", "to week", "to month", "to year", "too day", "too week", "too month", "too year"),
        prefilter.compile(
            r"\b(?:to|too) (?=(?:days?|weeks?|months?|years?) (?:ago|back|later|from now|earlier)\b)", re.I
        ),
        "two ",
    ),
    # "the forth of July", "march forth": the ordinal
    (("forth",), prefilter.compile(r"(?<=\bthe )forth\b", re.IGNORECASE), "fourth"),
    (("forth",), prefilter.compile(rf"\b({_MONTH_WORDS}\.? )forth\b", re.IGNORECASE), r"\1fourth"),
    (("won ",), prefilter.compile(r"\bwon (?=(?:day|week|month|year) (?:ago|back)\b)", re.IGNORECASE), "a "),
    # a web address said aloud ("monday dot com")
    ((" dot ",), prefilter.compile(r"\b([\w-]+) dot (com|io|net|org)\b", re.IGNORECASE), r"\1.\2"),
    # an age said in words ("my daughter is eight this year", "he turns forty-one this year")
    (
        ("this year",),
        prefilter.compile(
            rf"(?:(?<=\bis )|(?<=\bbe )|(?<=\bam )|(?<=\bare )|(?<=\bwas )|(?<='s )|(?<=\bturns )"
            rf"|(?<=\bturning )|(?<=\bturned ))(?P<n>{_CARDINAL})(?= (?:years? old )?this year\b)",
            re.IGNORECASE,
        ),
        lambda m: str(_cardinal(m["n"])),
    ),
    ((" old this year",), prefilter.compile(r"(?<=\d) years? old(?= this year\b)", re.IGNORECASE), ""),
    # a filler set off by commas ("last, uh, Tuesday", "two, um, weeks ago"), once the filler is left out
    ((", ,", ",,"), prefilter.compile(r"\s*,\s*,\s*"), " "),
    # "two or three days ago", "two days ago or three": either count, both read ("a day or two ago")
    (
        (" or ",),
        prefilter.compile(
            r"\b(?P<a>\d{1,2}|two|three|four|five|six|seven|eight|nine) or "
            r"(?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back)\b",
            re.IGNORECASE,
        ),
        r"\g<a> \g<u> \g<w> or \g<b> \g<u> \g<w>",
    ),
    (
        (" or ",),
        prefilter.compile(
            r"\b(?P<a>(?:\d{1,2}|two|three|four|five|six|seven|eight|nine) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back)) or (?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten)\b(?! \w)",
            re.IGNORECASE,
        ),
        r"\g<a> or \g<b> \g<u> \g<w>",
    ),
    # Singapore and Malaysian English: next next Friday, last last Friday
    (
        ("next next",),
        prefilter.compile(r"\bnext next ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE),
        r"the \1 after next",
    ),
    (
        ("last last",),
        prefilter.compile(r"\blast last ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE),
        r"the \1 before last",
    ),
    # a habit on "the last Friday" ("we always close the books on the last Friday"): of each month
    (
        ("on the last ", "on the final "),
        prefilter.compile(
            r"\bon the (?:last|final) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?! of\b| in\b| before\b)",
            re.IGNORECASE,
        ),
        lambda m: m.group(0) + " of the month" if _HABIT_WORDS.search(m.string) else m.group(0),
    ),
    # Malay time words said in English (as "semalam", "minggu lepas" are)
    (
        ("minggu", "bulan", "tahun"),
        prefilter.compile(r"\b(minggu|bulan|tahun) (depan|ini|ni|lepas|lalu)(?![A-Za-z])", re.IGNORECASE),
        lambda m: _MALAY[m[2].lower()] + " " + _MALAY[m[1].lower()],
    ),
    (("hari ini",), prefilter.compile(r"\bhari ini(?![A-Za-z])", re.IGNORECASE), "today"),
    (("kelmarin",), prefilter.compile(r"\bkelmarin(?![A-Za-z])", re.IGNORECASE), "yesterday"),
    (("lusa",), prefilter.compile(r"\blusa(?![A-Za-z])", re.IGNORECASE), "the day after tomorrow"),
    # "ytd" is year to date, but not before a part of the day or after "the day before" (yesterday, as chat
    # in Singapore and Malaysia writes it)
    (("ytd",), prefilter.compile(r"\b(?:the )?day before ytd\b", re.IGNORECASE), "the day before yesterday"),
    (
        ("ytd",),
        prefilter.compile(r"\bytd(?= (?:night|nite|morning|afternoon|evening)\b)", re.IGNORECASE),
        "yesterday",
    ),
    (("tadi",), prefilter.compile(r"\btadi(?![A-Za-z])", re.IGNORECASE), "just now"),
    (
        ("last last",),
        prefilter.compile(r"\blast last (year|weekend)\b", re.IGNORECASE),
        r"the \1 before last",
    ),
    (("next next",), prefilter.compile(r"\bnext next weekend\b", re.IGNORECASE), "the weekend after next"),
    # a day of the month in cardinal words after its month ("dec twenty eight", "june five")
    (
        prefilter.compile(rf"\b(?:{_MONTH_SHORT})[a-z]*\.? (?:the )?(?:{_CARDINAL_FIRST})\b"),
        prefilter.compile(
            rf"\b(?P<m>{_MONTH_WORDS})\.? (?:the )?(?P<d>{_CARDINAL})\b{_NOT_COUNTED}"
            rf"(?: ?(?P<j>to|through|thru|till|until|-|–|and) (?:the )?(?P<e>{_CARDINAL})\b{_NOT_COUNTED})?",
            re.IGNORECASE,
        ),
        _month_day_words,
    ),
    # a quarter or a half in words ("q three", "h two")
    (
        ("q one", "q two", "q three", "q four", "h one", "h two"),
        prefilter.compile(
            r"\b([qh]) (one|two|three|four)\b(?! (?:days?|weeks?|months?|years?|hours?|times|of|b|o)\b)", re.I
        ),
        lambda m: (
            m[1].upper() + _QUARTER_WORDS[m[2].lower()]
            if m[1].lower() == "q" or m[2].lower() in ("one", "two")
            else m.group(0)
        ),
    ),
    # an ISO week in words ("week forty four")
    (
        prefilter.compile(rf"\b(?:week|wk) (?:number )?(?:{_CARDINAL_FIRST}|forty|fifty)\b"),
        prefilter.compile(rf"\b(?P<w>week|wk) (?:number )?(?P<n>{_CARDINAL})\b{_NOT_COUNTED}", re.IGNORECASE),
        _week_words,
    ),
    # an ordinal before "of" and a month ("third of march"; not "a third of")
    (
        prefilter.compile(
            r"(?:first|second|third|th) of (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"
        ),
        prefilter.compile(
            rf"(?<!\ba )(?<!\bone )(?<!\btwo )(?<!\bthe )(?<!\btwenty )(?<!\bthirty )(?<![a-z]-)"
            rf"\b(?P<o>{_ORDINAL_WORDS}) (?=of (?:{_MONTH_WORDS})\b)",
            re.IGNORECASE,
        ),
        lambda m: _ordinal(m) + " ",
    ),
)
_EN_SPOKEN_MORE_HINTS = _any_hint(_EN_SPOKEN_MORE)
_AFTER_A_DAY = (
    # the second end of a span of days in words ("the 1st and seventh", "june 5th to seventh")
    (
        prefilter.compile(
            rf"(?<=\d(?:st|nd|rd|th) )(?P<j>(?:and|to|through|thru|till|until|or|-|–) (?:the )?)"
            rf"(?P<o>{_ORDINAL_WORDS})\b"
            r"(?!\s+(?:time|times|floor|grade|row|place|one|ones|half|quarter|week|month|year|day|night|item|step"
            r"|round|page|chapter|person|option|attempt)\b)",
            re.IGNORECASE,
        ),
        lambda m: m["j"] + _ordinal(m),
    ),
    # a month's day and a later day ("December 28 to 30", "june 5th - 7th"): both of that month
    (
        prefilter.compile(
            r"\b(?P<m>january|february|march|april|may|june|july|august|september|october|november|december)"
            r" (?P<a>\d{1,2}(?:st|nd|rd|th)?) ?(?P<j>to|through|thru|till|until|-|–) ?"
            r"(?P<b>\d{1,2}(?:st|nd|rd|th)?)\b"
            r"(?!\s*(?:am|pm|:|[.,]\d|%|\d)| (?:days?|weeks?|months?|years?|hours?|people|of)\b)",
            re.IGNORECASE,
        ),
        r"\g<m> \g<a> \g<j> \g<m> \g<b>",
    ),
)
_AFTER_A_DAY_HINT = prefilter.compile(
    r"\d(?:st|nd|rd|th)? ?(?:and|to|through|thru|till|until|or|-|–) ", re.IGNORECASE
)
"""The twenty-sixth round's spoken English: a recogniser's "to days ago", "monday dot com"; an age in
words before "this year"; "next next Friday"; Malay "minggu depan"; days and ISO weeks in cardinal words
("dec twenty eight to thirty", "week forty four"); "between the first and seventh"."""


_FILLER = prefilter.compile(r"(?<![A-Za-z'])(?:u+m+|u+h+|e+r+m+|h+m+)(?![A-Za-z'])|嗯+", re.IGNORECASE)
"""Fillers of speech ("um", "uh", "erm", 嗯) between the words of a time expression: left out."""


def fillers_left_out(query: str) -> str:
    """Fillers of speech ("um", "uh", 嗯) left out, and the spaces they leave."""
    if _FILLER.search(query):
        query = re.sub(r"[ \t]{2,}", " ", _FILLER.sub(" ", query))
    return query


def homophones_fixed(query: str) -> str:
    """A recogniser's homophones of time words ("fry day", "last weak")."""
    return _substituted(query, _EN_SOUNDALIKES) if _EN_HEARD_WRONG.search(query) else query


def spoken_words(query: str) -> str:
    """The twenty-sixth round's spoken English (`_EN_SPOKEN_MORE`)."""
    return _where_words(query, _EN_SPOKEN_MORE, _EN_SPOKEN_MORE_HINTS)


def days_after_a_day(query: str) -> str:
    """The second end of a span of days ("the 1st and seventh", "December 28 to 30")."""
    return _substituted(query, _AFTER_A_DAY) if _AFTER_A_DAY_HINT.search(query) else query
