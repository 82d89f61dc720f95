"""What typing on a phone or in chat does to a time phrase: a space lost or doubled ("lastweek"), an
apostrophe left out, a letter held ("friii"), a weekday's short name ("tues", "last sat"), "this mo"."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _FULL_DAY, _MONTH_OF, _kept_case
from hindsight.recall.time.words.rewrite import _case_kept, _found, _substituted

_STRETCHED = prefilter.compile(r"([a-z])\1{2,}", re.IGNORECASE)
"""A letter held in chat ("friii", "yesterdayyyy", "halloweeen"): one letter, two for e and o ("week",
"tomorrow")."""
_THIS_MO = prefilter.compile(r"\b(this |last |next |mid-?)mo\b", re.IGNORECASE)


def _unstretch(match: re.Match[str]) -> str:
    return match.group(1) * (2 if match.group(1).lower() in "eo" else 1)


_ABBREVIATED_DAY = prefilter.compile(
    r"\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b", re.IGNORECASE
)


_TYPED = (
    # "lastweek", "thismonth", "nextweekend": a phone keyboard's lost space
    (
        prefilter.compile(
            r"\b(last|this|next)(week|weekend|month|year|quarter|fortnight|night|morning)\b", re.IGNORECASE
        ),
        r"\1 \2",
    ),
    # "the week end", "next week-end": one word ("the week ending 8 March" is not this)
    (prefilter.compile(r"\bweek[ -]end\b(?!-)", re.IGNORECASE), "weekend"),
    # "last weeks review", "next Fridays call", "last nights shift": the apostrophe left out of a possessive
    # ("the last weeks of term", "the past weeks", "last weeks ago" are plural: left)
    (
        prefilter.compile(
            r"(?<!\bthe )(?<!\bfew )\b((?:last|this|next) "
            r"(?:week|weekend|month|year|quarter|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
            r"tonight|today|tomorrow|yesterday)s\b(?! (?:ago|back|before|after|of|in)\b)",
            re.IGNORECASE,
        ),
        r"\1's",
    ),
    # "4-days ago": the count and its unit hyphenated
    (prefilter.compile(r"\b(\d+)-(days?|weeks?|months?|years?) (ago|back)\b", re.IGNORECASE), r"\1 \2 \3"),
    # "this am" (no dots): this morning, unless a time of day is asked ("is this am or pm")
    (prefilter.compile(r"\bthis am\b(?! or\b|/)", re.IGNORECASE), "this morning"),
    # "the previous month", "the preceding week": last month, last week, whatever is said of them ("mid the
    # previous month", "the 28th of the previous month", "the previous week Thursday")
    (
        prefilter.compile(
            r"\b(?:the )?(?:previous|preceding|prior) (week|month|quarter|year)\b(?!s)", re.IGNORECASE
        ),
        r"last \1",
    ),
    # "on 15th", "on 1st of the month": the day as "on the 15th" (not "on 5th street")
    (
        prefilter.compile(
            r"\bon (\d{1,2}(?:st|nd|rd|th))\b(?! (?:street|st|avenue|ave|floor|fl|road|rd|grade|place)\b)",
            re.I,
        ),
        r"on the \1",
    ),
    # "aug 15", "dec. 31": a month's short name before a day, as its whole name, which every rule reads
    # ("dec 3 weeks ago" is no date)
    (
        prefilter.compile(
            r"\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
            r"(?= \d{1,2}(?:st|nd|rd|th)?\b(?! (?:weeks?|days?|months?|years?|hours?|mins?|times)\b))",
            re.IGNORECASE,
        ),
        lambda m: _kept_case(m[1], _MONTH_OF[m[1].lower()[:3]]),
    ),
    # "1 week ago yesterday", "one year ago this week": a count of one as the rules read it ("a week ago")
    (prefilter.compile(r"\b(?:1|one) (day|week|fortnight|month|year) ago\b", re.IGNORECASE), r"a \1 ago"),
)
"""What typing on a phone does to a time phrase the rules read: a space lost or added, an apostrophe
left out."""
_TYPED_HINT = prefilter.compile(
    r"(?:last|this|next)(?:week|month|year|quarter|fortnight|night|morning)|week[ -]end\b"
    r"|(?:week|weekend|month|year|quarter|night|day)s\b|\b(?:1|one) \w+ ago"
    r"|\d-\w+ (?:ago|back)|this am\b|(?:previous|preceding|prior) (?:week|month|quarter|year)\b"
    r"|\bon \d|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]?\.? \d",
    re.IGNORECASE,
)
NOT_A_SHORT_DAY = (
    r"(?! (?:cream|screen|block|lotion|hat|glasses|bed|lounger|burn|set|rise|light|shine|dress|roof|tan"
    r"|damage|exposure|protection|rays?|navs?|phones?|dish|dishes|tv|test|exam|scores?)\b)"
)
"""What follows "sun" or "sat" when it is the sun or a satellite ("put on sun cream", "on sat nav"), not a
day."""
_DAY_FOLLOWS = (
    "last", "this", "next", "past", "each", "on", "every", "since", "until", "till", "final", "previous",
    "coming", "a week", "cyber", "easter", "palm", "mothering", "remembrance", "day or", "day and",
    "day to", "day n", "day &", "day -", "day thru", "day through", "day till", "day until",
)  # fmt: skip
"""Words after which "mon", "wed", "sat", "sun" name a day ("day or" is "saturday or", once spelt out); an
ordinal only before "of" or "in" ("the first sat of the month", not "when I first sat the exam"), "from"
only before a span's "to" ("from mon until today", not "shade from sun")."""
_SHORT_DAY = prefilter.compile(
    # "tues", "thurs", "fri" name nothing but a day; "mon", "wed", "sat", "sun" are words too ("the sun",
    # "they sat", "wed in June", "put on sun cream"): those only after a word that says a day follows ("last
    # sat", "on mon", "the 3rd sun of", "Mothering sun") or before one that says a day went before ("mon
    # coming", "sat's match", "sun morning"), not after a pronoun ("we sat")
    r"\b(?P<d>tues|tue|thurs|thur|thu|weds|fri)\b"
    r"|(?:"
    + "|".join(rf"(?<=\b{words} )" for words in _DAY_FOLLOWS)
    + r")(?P<d2>mon|wed|sat|sun)\b"
    + NOT_A_SHORT_DAY
    + r"|(?:(?<=\bfirst )|(?<=\bsecond )|(?<=\bthird )|(?<=\bfourth )|(?<=\bfifth )|(?<=\d(?:st|nd|rd|th) ))"
    r"(?P<d4>mon|wed|sat|sun)\b(?= (?:of|in)\b)"
    r"|(?<=\bfrom )(?P<d5>mon|wed|sat|sun)\b(?= (?:to|till|until|thru|through|-) )"
    + r"|(?<!\bi )(?<!\bwe )(?<!\bhe )(?<!\bshe )(?<!\bthey )(?<!\byou )\b(?P<d3>mon|wed|sat|sun)"
    r"(?=(?<!\bthe sun)'s\b| (?:coming|past|gone|just gone|after next|before last|that (?:just )?passed"
    r"|morning|afternoon|evening|night|week|last(?! (?:week|month|year|time|night|few|couple|\d)))\b"
    r"| (?:or|and|n|&|to|thru|through|till|until|-) (?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)",
    re.IGNORECASE,
)
"""A weekday's short name ("tues", "last sat", "mon coming") as the whole name, which every rule reads."""


def _day_spelt_out(match: re.Match[str]) -> str:
    short = next(group for group in match.groups() if group)
    return _kept_case(short, _FULL_DAY[short.lower()])


_TYPED_HINT_LOWERED = _case_kept(_TYPED_HINT)
_ABBREVIATED_DAY_LOWERED = _case_kept(_ABBREVIATED_DAY)


def single_spaces(query: str) -> str:
    """Spaces doubled by a phone keyboard, as one."""
    if "  " in query or "\t" in query:
        query = re.sub(r"[ \t]{2,}", " ", query)
    return query


def typing_fixed(query: str) -> str:
    """A space lost or added, an apostrophe left out (`_TYPED`)."""
    return _substituted(query, _TYPED) if _found(_TYPED_HINT, _TYPED_HINT_LOWERED, query) else query


def short_days_spelt_out(query: str) -> str:
    """A weekday's short name as its whole name ("tues", "last sat")."""
    if _found(_ABBREVIATED_DAY, _ABBREVIATED_DAY_LOWERED, query):
        # twice: the second of two days ("sat or sun") is read as one once the first is spelt out
        query = _SHORT_DAY.sub(_day_spelt_out, _SHORT_DAY.sub(_day_spelt_out, query))
    return query


def unstretched(query: str) -> str:
    """A letter held in chat ("friii") as one."""
    return _STRETCHED.sub(_unstretch, query) if _STRETCHED.search(query) else query


def mo_as_month(query: str) -> str:
    """ "this mo", "last mo", "mid-mo": the month."""
    return _THIS_MO.sub(r"\1month", query)
