"""Numbers said in words, as the rules read them: ordinals ("the twenty second", "march the
third"), years ("twenty twenty six"), counts ("twenty-three days"), days and weeks in cardinal words ("dec
twenty eight", "week forty four")."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _MONTH_OF, _MONTHS, _kept_case
from hindsight.recall.time.words.rewrite import _case_kept, _found


def _nth(number: int | str) -> str:
    """1 or "1" → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd"."""
    day = int(number)
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


_UNITS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_TEENS = (
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth",
)  # fmt: skip
_ORDINALS = {word: day for day, word in enumerate(_UNITS) if word} | {
    word: 10 + i for i, word in enumerate(_TEENS)
}
_ORDINALS |= {"twentieth": 20, "thirtieth": 30}
_ORDINALS |= {
    f"{tens}{sep}{unit}": base + day
    for tens, base in (("twenty", 20), ("thirty", 30))
    for day, unit in enumerate(_UNITS)
    if unit and base + day <= 31
    for sep in (" ", "-")
}
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}
_ORDINAL_WORDS = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_DAY_ORDINAL = prefilter.compile(
    rf"(?<=\bthe )(?P<o>{_ORDINAL_WORDS})\b"
    # "the first" / "the second" name a day only before "of …", a span word, a correction or the end
    r"(?=\s+of\b|\s+(?:to|till|until|through|thru|and|or|no)\b|\s*(?:[,.?!;:]|$)|\s*[-–]\s*\d"
    # from the fifth on, any "the fifth" names a day unless a noun of order follows
    r"|(?<!\bthe first)(?<!\bthe second)(?<!\bthe third)(?<!\bthe fourth)"
    r"(?!\s+(?:time|floor|grade|row|place|one|ones|half|quarter|week|month|year|day|night|item|step|round|page|chapter|amendment|person|option|attempt)\b))",
    re.IGNORECASE,
)
_MONTH_ORDINAL = prefilter.compile(
    rf"\b(?P<m>{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec) "
    rf"(?:the )?(?P<o>{_ORDINAL_WORDS})\b",
    re.IGNORECASE,
)
_YEAR_WORDS = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "twenty one": 21, "twenty two": 22,
    "twenty three": 23, "twenty four": 24, "twenty five": 25, "twenty six": 26, "twenty seven": 27,
    "twenty eight": 28, "twenty nine": 29, "thirty": 30,
}  # fmt: skip
_YEAR = prefilter.compile(
    r"\b(?:twenty|two thousand(?: and)?) (?P<y>"
    + "|".join(sorted((w.replace(" ", "[ -]") for w in _YEAR_WORDS), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)


_ON_THE_ORDINAL = prefilter.compile(
    r"(?:(?<=\bon the )|(?<=\bsince the )|(?<=\bfrom the )|(?<=\buntil the )|(?<=\btill the ))"
    r"(?P<o>first|second|third|fourth)\b(?=\s+(?:who|what|when|where|which|how|did|do|does|was|were|is|i|we|you|he"
    r"|she|they|it|re|about|at|for|with|my|our)\b)",
    re.IGNORECASE,
)
""""On the third who said …", "since the first what refills …": the first four ordinals after on / since
name a day when a clause goes on after them (not "on the second floor", "the first time")."""
_WEEK_OF_ORDINAL = prefilter.compile(rf"(?<=\bweek of the )(?P<o>{_ORDINAL_WORDS})\b", re.IGNORECASE)
"""An ordinal after "the week of the" names a day whatever follows ("the week of the fourth what did …")."""


def _ordinal(match: re.Match[str]) -> str:
    day = _ORDINALS[re.sub(r"\s+", " ", match["o"].lower())]
    return f"{day}{_SUFFIX.get(day, 'th')}"


def _month_ordinal(match: re.Match[str]) -> str:
    return f"{match['m']} {_ordinal(match)}"


def _year(match: re.Match[str]) -> str:
    return str(2000 + _YEAR_WORDS[re.sub(r"[ -]", " ", match["y"].lower())])


_NUMBER_WORDS = prefilter.compile(
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|tieth)\b|twenty|thousand",
    re.IGNORECASE,
)
"""Cheap tests that tell whether a query holds anything the substitutions below would change (most
queries hold nothing: each substitution is then skipped)."""


_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}  # fmt: skip
_ONES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COUNT_IN_WORDS = prefilter.compile(
    rf"\b(?P<t>{'|'.join(_TENS)})[- ](?P<o>{'|'.join(_ONES)})\b(?= (?:hours?|days?|weeks?|months?|years?)\b)",
    re.IGNORECASE,
)
"""A count in two words before a unit ("twenty-three days ago", "thirty one days"): in digits, as the
rules count it (they read "twenty" or "three", not both)."""


def _count(match: re.Match[str]) -> str:
    return str(_TENS[match["t"].lower()] + _ONES[match["o"].lower()])


_CARDINALS = {
    word: number
    for number, word in enumerate(
        (
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        ),
        start=1,
    )
} | _TENS  # fmt: skip
_CARDINAL = (
    rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{'|'.join(_ONES)}))?|"
    + "|".join(sorted((w for w in _CARDINALS if w not in _TENS), key=len, reverse=True))
    + ")"
)


_CARDINAL_FIRST = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    "|eighteen|nineteen|twenty|thirty"
)
"""The first word of a day's number in words: a cheap hint that a month or "week" is followed by one."""
_MONTH_SHORT = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"


def _cardinal(words: str) -> int:
    """ "twenty eight", "forty-four", "nine": the number."""
    parts = re.split(r"[- ]", words.lower())
    return sum(_CARDINALS[part] for part in parts)


_MONTH_WORDS = (
    r"(?:january|february|march|april|june|july|august|september|october|november|december|(?-i:May)"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
)
_NOT_COUNTED = (
    r"(?![- ](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b)(?!-)"
    r"(?! (?:thousand|hundred)\b)"
    r"(?! (?:days?|weeks?|months?|years?|hours?|minutes?|mins?|times|of|am|pm|o'?clock|people|miles?|km"
    r"|kilomet(?:er|re)s?|met(?:er|re)s?|steps|laps|feet)\b)"
)


def _month_day_words(match: re.Match[str]) -> str:
    """ "dec twenty eight", "june five": the month's whole name and the day in digits (None past 31)."""
    day = _cardinal(match["d"])
    month = match["m"]
    name = _kept_case(month, _MONTH_OF.get(month.lower()[:3], month))
    if day > 31 or (
        _A_YEAR_GOES_ON.match(match.string, match.end("d")) and match["d"].lower() in ("twenty", "nineteen")
    ):
        return match.group(0)  # "march twenty twenty six" is March 2026
    last = _cardinal(match["e"]) if match["e"] else 0
    if match["j"] and match["j"].lower() == "and":
        # "between october five and twelve": both ends of that month; "october five and six people": the first
        if 0 < last <= 31 and match.string[: match.start()].lower().endswith("between "):
            return f"{name} {day} and {name} {last}"
        last = 0
    tail = f" {match['j']} {last}" if 0 < last <= 31 else (match.group(0)[match.end("d") - match.start() :])
    return f"{name} {day}{tail}"


_A_YEAR_GOES_ON = prefilter.compile(rf"[- ](?:{_CARDINAL})\b", re.IGNORECASE)


def _week_words(match: re.Match[str]) -> str:
    number = _cardinal(match["n"])
    return f"{match['w']} {number}" if number <= 53 else match.group(0)


_NUMBER_WORDS_LOWERED = _case_kept(_NUMBER_WORDS)


def counts_in_digits(query: str) -> str:
    """A count in two words before a unit ("twenty-three days") in digits."""
    return _COUNT_IN_WORDS.sub(_count, query) if "ty" in query.lower() else query


def ordinals_and_years(query: str) -> str:
    """Years and ordinals said in words ("twenty twenty six", "march the third") in digits."""
    if _found(_NUMBER_WORDS, _NUMBER_WORDS_LOWERED, query):
        query = _YEAR.sub(_year, query)
        query = _MONTH_ORDINAL.sub(_month_ordinal, query)
        query = _WEEK_OF_ORDINAL.sub(_ordinal, query)
        query = _DAY_ORDINAL.sub(_ordinal, query)
        query = _ON_THE_ORDINAL.sub(_ordinal, query)
    return query
