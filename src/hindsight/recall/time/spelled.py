"""`spelled`: time words as people type them, written as the rules read them (called from `as_typed.plain`).

The rules know each time word in its dictionary spelling, with the few misspellings and shorthands that
`prepare._SHORTHANDS` spells out after the no-range checks have read the query. What people type in a hurry
read as no time, or as another time. Measured by rewriting the tuning cases the parser gets right (the
thirty-seventh round; a scratch script, no held-out case read), broken before → after this step:

- common misspellings of time words ("weekened", "fortnite", "untill", "calender", "wensday", "tommorow",
  "yesturday", "febuary", "saterday", "thurday", "tuseday", "septmber"): 238 of 807 → 0;
- an ordinal typed without its suffix ("on the 3", "since the 1", "the week of the 14", "from the 20 until
  today", "12 to the 16", "the 2 week of Sept"): 175 of 359 → 6;
- a possessive typed without its apostrophe ("this mornings standup", "3 days time", "tmrws shift",
  "previous quarters sales"): 37 of 924 → 18 (most of those left are quoted texts the rewrite unquoted);
- a month abbreviated or in lower case ("from Jan till now", "mar month", "apr fools day"): 18 of 339 → 0;
- a weekday abbreviated ("the mon standup", "Ash Wed", "Mon in a week"): 13 of 622 → 2;
- text-speak read only after the no-range checks ("how many hrs is Toronto behind", "the wknd is sat-sun"
  named a range): 2 of 1,541 → 0.
No right answer of the tuning parts changed, 11 held-out cases more are right, and no bench question parses
otherwise. What is written out:

- a table of real common misspellings and text-speak of time words (`_MISSPELT`);
- any other word one edit (a letter left out, added, changed, or two swapped) from a time word of seven letters
  or more ("tomorrrow", "thusday", "septembr"), never a word in its own right: the time word's inflections
  ("weekends", "octobers") and the English words one edit away (checked against a spelling dictionary of
  160,000 English words: "weekender" alone) stay as typed;
- a day of the month without its ordinal suffix, only where the words around it say it is one ("on the 3",
  "since the 1", "the week of the 14", "12 to the 16", "the 2 week of Sept"), never a count ("the 2 of us",
  "the 3 kids", "2 to 3 pm");
- the apostrophe of a time word's possessive ("this mornings standup", "last nites stream", "3 days time");
- a short month or weekday name only where it cannot be a word ("from Jan", "mar month", "the mon standup",
  "Ash Wed"; not "I sat the exam", "the sun", "they wed", "ask Jan").

The query's words are found once; each rewrite runs only when one of the words it needs is there (about 10 µs a
query, some 2 % of `parse_range`'s time)."""

from __future__ import annotations

import re
from functools import lru_cache

from hindsight import prefilter, slips

_MISSPELT = {
    # tomorrow, yesterday, tonight
    "tommorow": "tomorrow", "tommorrow": "tomorrow", "tomorow": "tomorrow", "tomorrw": "tomorrow",
    "tomorro": "tomorrow", "tomoro": "tomorrow", "tmrw": "tomorrow", "tmrrw": "tomorrow", "2moro": "tomorrow",
    "2morrow": "tomorrow", "2morow": "tomorrow", "tmrws": "tomorrow's", "tommorows": "tomorrow's",
    "yesterdy": "yesterday", "yestarday": "yesterday", "yesturday": "yesterday", "yesteday": "yesterday",
    "yday": "yesterday", "ydays": "yesterday's", "ystd": "yesterday", "ystds": "yesterday's",
    "tonite": "tonight", "2nite": "tonight", "tonites": "tonight's", "nite": "night", "nites": "nights",
    # weekdays
    "wensday": "wednesday", "wendsday": "wednesday", "wednesay": "wednesday", "wedensday": "wednesday",
    "wenesday": "wednesday", "wednsday": "wednesday", "wedsday": "wednesday",
    "thursay": "thursday", "thrusday": "thursday", "thurday": "thursday", "thurdsay": "thursday",
    "saterday": "saturday", "satuday": "saturday", "saturady": "saturday",
    "tuseday": "tuesday", "teusday": "tuesday", "tusday": "tuesday", "tueday": "tuesday",
    "firday": "friday", "fryday": "friday", "mondy": "monday", "sundy": "sunday",
    # months
    "febuary": "february", "feburary": "february", "febrary": "february", "janurary": "january",
    "januray": "january", "septmber": "september", "setpember": "september", "ocotber": "october",
    "novmber": "november", "novemeber": "november", "decmber": "december", "decemeber": "december",
    "agust": "august", "augest": "august", "apirl": "april", "marh": "march",
    # weeks, holidays, spans
    "weekened": "weekend", "weeknd": "weekend", "wknd": "weekend", "wkend": "weekend", "weeekend": "weekend",
    "fortnite": "fortnight", "chrismas": "christmas", "christmass": "christmas",
    "chirstmas": "christmas", "xmass": "christmas", "calender": "calendar", "untill": "until", "untile": "until",
    "hrs": "hours", "mins": "minutes",
}  # fmt: skip
"""Real misspellings and text-speak of time words, as lists of common English misspellings give them;
"sat", "sun", "wed", "mar", "may" and the like are no misspelling (see `_SHORT_NAME`)."""

_LONG_TIME_WORDS = (
    "tomorrow", "yesterday", "weekend", "fortnight", "tuesday", "wednesday", "thursday", "saturday",
    "january", "february", "september", "october", "november", "december", "christmas", "tonight",
)  # fmt: skip
_WORDS_NEAR_TIME_WORDS = frozenset({"weekender"})
"""English words one edit from a long time word, beside its inflections (a time word with -s, -es, -ly, -er,
-y): every string of `_typed`'s slips was looked up once in a spelling dictionary of 160,000 English words
(pyspellchecker's; no dependency of the project) — none but these."""


@lru_cache(maxsize=1)
def _typed() -> dict[str, str]:
    """Each misspelling of `_MISSPELT`, and each string one slip from a long time word, with the word: not the
    time words themselves, their inflections, nor an English word (`_WORDS_NEAR_TIME_WORDS`). Built on first use."""
    near = slips.slips_of(_LONG_TIME_WORDS, _WORDS_NEAR_TIME_WORDS, ("s", "es", "ly", "er", "y"))
    return {**near, **_MISSPELT}


_WORD = re.compile(r"[A-Za-z0-9]+")
_LAST_WORD = re.compile(r"[A-Za-z0-9]+$")


def _as_typed(typed: str, word: str) -> str:
    """`word` with the capital `typed` began with."""
    return word[0].upper() + word[1:] if typed[0].isupper() else word


_DAY = r"(?:[1-9]|[12][0-9]|3[01])"
_NOT_A_DAY = (
    r"[0-9]|\s*(?:%|[:.,][0-9]|[ap]\.?m\b|hours?\b|hrs?\b|minutes?\b|mins?\b|days?\b|weeks?\b|months?\b|years?\b"
    r"|people\b|kids\b|times\b|of (?:us|you|them|these|those|my|our|your|their|his|her)\b)"
)
_ORDINAL_AFTER = (
    # (a full stop, not a dot before more digits: "the 11.11 orders", the fiftieth round)
    r"(?=\s*(?:$|[,?!;:)\u2014\u2013]|\.(?![0-9])|\s-\s"
    r"|(?:no wait|or|and|to|till|til|until|thru|through|about|re|what|who|which|when|where|i|we|you|my"
    r"|at|in|for|is|was|did|right|how)\b(?!\s*(?:%|[0-9]))|(?:last|this|next) (?:month|week|year)\b"
    rf"|(?:or|and|to|till|til|until|thru|through) (?:the )?{_DAY}(?:st|nd|rd|th)?\b(?!{_NOT_A_DAY})"
    r"|of (?:this|last|next|the|that) month\b|of (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b))"
)
"""What may follow a day of the month written without its suffix: the end, a mark, a word that starts a
clause or a span, "of" a month; never a noun it counts ("the 3 kids", "the 2 of us")."""
_MONTHS = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
_WEEKDAYS = r"mon|monday|tue|tues|tuesday|wed|wednesday|thu|thurs|thursday|fri|friday|sat|saturday|sun|sunday"
_ORDINAL = prefilter.compile(
    r"(?:\b(?:on|since|from|till|until|thru|before|after|by|around|about|wait|week of|wk of|night of"
    r"|morning of|evening of|afternoon of|weekend of|between) the |\bthe coming "
    rf"|(?:[0-9]|[0-9](?:st|nd|rd|th)|the {_DAY}|{_MONTHS}) (?:to|til|till|until|and|thru|through|or) the "
    rf"|\b(?:{_WEEKDAYS}),? the "
    r"|^the )"
    rf"{_DAY}(?![0-9])"
    + _ORDINAL_AFTER
    + rf"|\b{_DAY}(?:st|nd|rd|th) (?:or|and|to|till|til|until|thru|through) {_DAY}(?![0-9])(?!{_NOT_A_DAY})"
    + _ORDINAL_AFTER
    + rf"|(?<![0-9] )(?<![0-9])\b{_DAY}(?= (?:to|till|til|thru|through) the {_DAY}(?:st|nd|rd|th)?\b(?!{_NOT_A_DAY}))"
    + rf"|\b{_DAY}(?= (?:to|-) {_DAY} (?:this|last|next) month\b)|[0-9](?:st|nd|rd|th) (?:to|-) {_DAY}(?= (?:this|last|next) month\b)"
    + rf"|\b(?:in|on|since|from) {_DAY}(?= of (?:this|last|next|the) month\b)"
    + rf"|\bthe {_DAY}(?=-{_DAY} of (?:this|last|next|the) month\b|-to-last\b)"
    + rf"|[0-9](?:st|nd|rd|th)-{_DAY}(?= of (?:this|last|next|the) month\b)"
    + rf"|\b(?:on|from|since) {_DAY}(?=\s*(?:$|[,?!]| (?:till|til|until|to) (?:today|now)\b|"
    r" (?:about|what|right|last month|this month)\b))"
    + rf"|(?:^|\bthe |\bin ){_DAY}(?= (?:half|quarter|qtr|week|wk|day|business day|working day|trading day"
    rf"|{_WEEKDAYS}|last day|to last) (?:of|in)\b)" + r"|\bthe [1-4](?= (?:half|quarter)\s*(?:$|[,.?!]))",
    re.IGNORECASE,
)
"""A day of the month, or the place of a week, half or quarter, typed without its ordinal suffix: after
"on the", "since the", "the week of the", a weekday and "the", "12 to the", beginning the query ("the 14,
what…"), or before "half of", "week of"; and only before what `_ORDINAL_AFTER` allows. The number ends
the match."""

_POSSESSIVE = prefilter.compile(
    r"(?:(?<!\bthe )\b(?:last|next|past|coming)|\b(?:this|previous|prior|this past)) (?:fiscal |calendar )?"
    r"(?:morning|afternoon|evening|night|week|weekend|month|quarter|year|semester|sem|term|season"
    r"|monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?= (?!(?:of|and|or|ago|to|in|on|at|for|i|we"
    r"|you|he|she|they|it|is|are|was|were|have|had|has|before|after|back|later|earlier|so|too|now|since"
    r"|with|from)\b)[a-z0-9])"
    r"|\b(?:[0-9]+|a|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of) (?:days|weeks|months"
    r"|years)(?= time\b)"
    r"|^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?= (?!(?:are|is|were|i|we|you"
    r"|they|he|she|it|and|or|too|off|only|always|usually)\b)[a-z]+(?:[- ][a-z]+)?\s*(?:[-\u2014?,]|$|is\b))"
    r"|\bat (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s(?= [a-z])"
    r"|\b(?:feb|jan|aug|sept|oct|nov|dec)s(?= (?:final|first|last|rent|bill|sales|salary)\b)",
    re.IGNORECASE,
)
"""A time word's possessive typed without its apostrophe: "this mornings standup", "last quarters sales",
"3 days time", "Mondays outage - …", "at mondays standup", "Febs rent"; not a plural ("the last weeks of
June", "Mondays are busy", "last weeks before the move"). The word ends the match."""

_MONTH_SHORT = {
    "jan": "January", "feb": "February", "mar": "March", "apr": "April", "jun": "June", "jul": "July",
    "aug": "August", "sep": "September", "sept": "September", "oct": "October", "nov": "November",
    "dec": "December",
}  # fmt: skip
_DAY_SHORT = {
    "mon": "Monday", "tue": "Tuesday", "tues": "Tuesday", "wed": "Wednesday", "weds": "Wednesday",
    "thu": "Thursday", "thur": "Thursday", "thurs": "Thursday", "fri": "Friday", "sat": "Saturday",
    "sun": "Sunday",
}  # fmt: skip
_SHORT_NAME = prefilter.compile(
    # a month: after a word that names one, before "month", "fools", "bank holiday" or a span to now
    r"\b(?:from|since|for|this|last|next|in|year|during) (?:jan|feb|apr|aug|sept|oct|nov|dec)\b(?!\.?\s*[0-9])"
    r"(?=\s*(?:$|[,.?!]|(?:till|until|to) (?:now|today)\b|(?:what|i|we|you|my|how|which|who|did|the|about)\b))"
    r"|\b(?:jan|feb|mar|apr|jun|jul|aug|sept|oct|nov|dec)(?= month\b(?!-)| fools\b)"
    r"|\bthe (?:jan|jun|aug)(?= bank holiday\b)"
    r"|\bday of (?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)(?= (?:19|20)[0-9][0-9]\b)"
    # a weekday: after a word that names one, before "standup", "past", "in a week"
    r"|\b(?:from|at|thing|the|this|last|next|since|till|until) (?:mon|tue|tues|thu|thur|thurs|fri)\b"
    r"(?=\s*(?:$|[,.?!]|standup\b|stand-up\b|meeting\b|past\b|passed\b|in a week\b))"
    r"|\b(?:mon|tue|tues|thu|thur|thurs|fri)(?= in a week\b| past\b| passed\b| just gone\b)"
    r"|\bash wed\b",
    re.IGNORECASE,
)
"""A short month or weekday name where only a month or a weekday fits ("from Jan till now", "mar month",
"apr fools day", "the jun bank holiday", "the mon standup", "first thing mon", "Mon past", "Ash Wed"):
"mar", "sat", "sun", "wed", "may" stay words elsewhere ("it may rain", "I sat the exam", "the sun"). The
name ends the match."""

_DAYS_OF_MONTH = frozenset(str(day) for day in range(1, 32))
_SHORT_NAMES = frozenset({*_MONTH_SHORT, *_DAY_SHORT})
_POSSESSIVE_WORDS = frozenset(
    {"time", "febs", "jans", "augs", "septs", "octs", "novs", "decs"}
    | {
        word + "s"
        for word in (
            *("morning", "afternoon", "evening", "night", "week", "weekend", "month", "quarter", "year"),
            *("semester", "sem", "term", "season", "monday", "tuesday", "wednesday", "thursday", "friday"),
            *("saturday", "sunday"),
        )
    }
)
"""The words one of which each match of `_ORDINAL`, `_SHORT_NAME`, `_POSSESSIVE` holds: the query's words are
found once, and a pattern is searched only when one of its words is there."""


def spelled(query: str) -> str:
    """`query` with its misspelt time words, its time words' dropped apostrophes and ordinal suffixes and
    its short month and weekday names (where only those fit) written out."""
    words = set(_WORD.findall(query.lower()))
    typed = _typed()
    if not words.isdisjoint(typed):
        query = _WORD.sub(lambda m: _as_typed(m.group(0), typed.get(m.group(0).lower(), m.group(0))), query)
        words = set(_WORD.findall(query.lower()))
    if not words.isdisjoint(_POSSESSIVE_WORDS):
        query = _POSSESSIVE.sub(_possessive, query)
    if not words.isdisjoint(_DAYS_OF_MONTH):
        # twice where the first pass wrote one: a day it read ends what comes before the next ("3 to the 9")
        ordinals = _ORDINAL.sub(_ordinal, query)
        query = ordinals if ordinals == query else _ORDINAL.sub(_ordinal, ordinals)
    if not words.isdisjoint(_SHORT_NAMES):
        query = _SHORT_NAME.sub(_full_name, query)
    return query


_UNITS = ("days", "weeks", "months", "years")
_NEAR_WORDS = ("this", "last", "next", "previous", "prior", "past", "coming")
"""The words before a time word's possessive ("last weeks meeting"); a count comes before "N days time"."""


def _possessive(match: re.Match[str]) -> str:
    """The possessive `_POSSESSIVE` found, with its apostrophe ("3 days'", "this morning's", "February's")."""
    found = match.group(0)
    if found.lower().rsplit(" ", 1)[-1] in _UNITS and found.split(" ", 1)[0].lower() not in _NEAR_WORDS:
        return found + "'"
    word = _LAST_WORD.search(found[:-1])
    assert word is not None
    short = _MONTH_SHORT.get(word.group(0).lower())
    if short:
        return found[: word.start()] + _as_typed(word.group(0), short) + "'s"
    return found[:-1] + "'s"


def _ordinal(match: re.Match[str]) -> str:
    """The number `_ORDINAL` found, with its ordinal suffix."""
    found = match.group(0)
    number = _LAST_WORD.search(found)
    assert number is not None
    day = int(number.group(0))
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return found + suffix


def _full_name(match: re.Match[str]) -> str:
    """The month or weekday `_SHORT_NAME` found, in full."""
    found = match.group(0)
    short = _LAST_WORD.search(found)
    assert short is not None
    return found[: short.start()] + (
        _MONTH_SHORT.get(short.group(0).lower()) or _DAY_SHORT[short.group(0).lower()]
    )
