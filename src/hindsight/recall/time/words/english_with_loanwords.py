"""English of the twenty-sixth round's second wave (learned abroad, everyday, Commonwealth): "in
beginning of month", "has two weeks that", Hindi kal / parso read by the tense of the query, Swahili "wiki
iliyopita", Spanish antier, "a month and a half"."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _MONTHS, _WEEKDAY
from hindsight.recall.time.words.number_words import _nth
from hindsight.recall.time.words.rewrite import _case_kept, _found, _Replacement, _substituted

_HINDI_PAST = prefilter.compile(
    r"\b(?:did|was|were|had|went|ate|paid|bought|sent|got|told|said|gave|came|took|made|saw|met|left|lost|spent"
    r"|wrote|forgot|kept|put|brought|sold|heard|felt|slept|(?!planned|scheduled|needed)\w{3,}ed"
    # the thirty-third round: Hindi's past in Hinglish ("book kiya tha", "ki thi", "aaya kya")
    r"|tha|thi|thay|kiya|kia|kiye|kari|gaya|gayi|gaye|liya|liye|diya|diye|hua|hui|huya|aaya|aya|aayi|mila|mili)\b",
    re.IGNORECASE,
)
_HINDI_AHEAD = prefilter.compile(
    r"\b(?:will|going to|gonna|have to|has to|need to|needs to|must|shall|should|plan|planned|remind"
    r"|scheduled|upcoming|tomorrow's"
    # the thirty-third round: Hindi's future in Hinglish ("karna hai", "hoga", "jayenge")
    r"|hoga|hogi|honge|karenge|karunga|karungi|jayenge|jaunga|jaungi|jaana hai|karna hai|karni hai)\b|'ll\b",
    re.IGNORECASE,
)
_HINDI_DAY = {
    ("kal", False): "yesterday", ("kal", True): "tomorrow", ("parso", False): "the day before yesterday",
    ("parso", True): "the day after tomorrow",
}  # fmt: skip
_HINDI_PART = {" raat": "night", " subah": "morning", " shaam": "evening"}


def _hindi_day(match: re.Match[str]) -> str:
    """Hindi kal / parso by the tense of the query's English ("kal I paid …", "what's planned for kal"); the
    word left as it is when the query tells neither tense or both ("parson" is a word of English, read only
    with a time of day)."""
    word, part = match[1].lower(), (match[2] or "").lower()
    if word == "parson" and not part:
        return match.group(0)
    past, ahead = _HINDI_PAST.search(match.string), _HINDI_AHEAD.search(match.string)
    if bool(past) == bool(ahead):
        return match.group(0)
    day = _HINDI_DAY[("kal" if word == "kal" else "parso", bool(ahead))]
    if not part:
        return day
    if day == "yesterday" and part == " raat":
        return "last night"
    return f"{day} {_HINDI_PART[part]}" if day in ("yesterday", "tomorrow") else day


_SWAHILI_UNIT = {"wiki": "week", "mwezi": "month", "mwaka": "year"}
_SWAHILI_WHICH = {
    "iliyopita": "last", "uliopita": "last", "jana": "last", "ijayo": "next", "ujao": "next", "hii": "this",
    "huu": "this",
}  # fmt: skip


def _swahili(match: re.Match[str]) -> str:
    """Swahili "wiki iliyopita", "mwezi ujao", "mwaka jana": last week, next month, last year."""
    return f"{_SWAHILI_WHICH[match[2].lower()]} {_SWAHILI_UNIT[match[1].lower()]}"


_HALF_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}


def _and_a_half(match: re.Match[str]) -> str:
    """ "a month and a half", "1.5 years": 6 weeks, 18 months (a half said as the next smaller unit)."""
    word = (match[1] or match[2] or match[4]).lower()
    count = _HALF_COUNT.get(word) or int(word)
    if (match[3] or match[5]).lower().startswith("month"):
        return f"{count * 4 + 2} weeks"
    return f"{count * 12 + 6} months"


_COUNT_WORDS = (
    r"(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|some|several)"
)
_SUBJECT = r"(?:i|we|you|u|he|she|they|my|our|his|her|their|it|there|the)"
_EN_LOANWORDS: tuple[tuple[prefilter.Pattern, _Replacement], ...] = (
    # "in beginning of month", "at end of week", "middle of month" (no article: Slavic, Hindi, Chinese
    # speakers): of this month / week / year
    (
        prefilter.compile(
            r"\b(beginning|begining|starting|start|end|ending|middle) of (month|week|year)\b"
            r"(?! (?:routine|payments?|bills?|reports?|close|closing|process|checklist|tasks?|sale)\b)",
            re.IGNORECASE,
        ),
        r"\1 of this \2",
    ),
    # "3 days more I fly to Hanoi" (Vietnamese "3 ngày nữa", Spanish "en 3 días más"), said first: in 3 days
    (
        prefilter.compile(
            rf"(?:^|(?<=[,.!?;:] ))(?:only |just )?({_COUNT_WORDS}) (days?|weeks?|months?) more"
            rf"(?=,? {_SUBJECT}\b)",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    # "in the last period I feel tired", "in last time" (Russian "в последнее время"): lately
    (
        prefilter.compile(
            r"\b(?:in|during|over) (?:the )?last (?:period|time)"
            r"(?=,? (?:i|we|my|he|she|they|you|u|it|there)\b)",
            re.IGNORECASE,
        ),
        "lately",
    ),
    # "from 10 to 20 of this month", "between 3 and 7 of last month": those days of that month
    (
        prefilter.compile(
            r"\b(from|between) (?:the )?(\d{1,2})(?:st|nd|rd|th)?( (?:to|till|until|and|-) | ?[-–] ?)"
            r"(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?"
            r"(this|last|next|previous|coming) month\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} the {_nth(m[2])} {m[3].strip(' -–') or 'to'} the {_nth(m[4])} of {m[5]} month",
    ),
    # "on 25 of last month", "the 3 of next month": that day of that month
    (
        prefilter.compile(
            r"\b(on|the|since|from|till|until|by) (\d{1,2}) of (this|last|next|previous|coming) month\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} {'' if m[1].lower() == 'the' else 'the '}{_nth(m[2])} of {m[3]} month",
    ),
    # "last month on 25", "this month on the 3rd": that day of that month
    (
        prefilter.compile(
            r"\b(last|this|next|previous) month,? on (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b"
            r"(?! ?(?:am|pm|%|hours?|hrs?|days?|kg|o'clock|:))",
            re.IGNORECASE,
        ),
        lambda m: f"on the {_nth(m[2])} of {m[1]} month",
    ),
    # Spanish and Portuguese day words in English text: antier / anteayer / anteontem, pasado mañana /
    # depois de amanhã, ayer / ontem
    (
        prefilter.compile(r"\b(?:antier|anteayer|anteontem|antes de ayer|antes de ontem)\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (
        prefilter.compile(r"\b(?:pasado ma[ñn]ana|depois de amanh[ãa])(?![a-z])", re.IGNORECASE),
        "the day after tomorrow",
    ),
    (prefilter.compile(r"\b(?:ayer|ontem)\b", re.IGNORECASE), "yesterday"),
    # Hindi kal (yesterday or tomorrow), parso (two days either way) and aaj (today) in English text: kal and
    # parso by the tense of the query's English, none when it tells neither or both
    (prefilter.compile(r"\baaj raat\b", re.IGNORECASE), "tonight"),
    (prefilter.compile(r"\baaj\b", re.IGNORECASE), "today"),
    (prefilter.compile(r"\b(kal|parso|parson)( raat| subah| shaam)?\b", re.IGNORECASE), _hindi_day),
    # "has two weeks that I ordered", "it's three weeks since I gave" (Portuguese "faz", Spanish "hace"): ago
    (
        prefilter.compile(
            r"\b(?:it's been|it has been|it's|its|it is|it has|has been|have been|has|have|it makes|makes) "
            rf"({_COUNT_WORDS}) (days?|weeks?|months?|years?) (?:that|since)"
            rf"(?= {_SUBJECT}\b)",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "anything I need to get done by friday", "the report is due by thursday": a deadline, today to
    # the coming such day ("by next friday", "by EOD Friday" keep their own reading)
    (
        prefilter.compile(
            r"\b((?:need|needs|needed|have to|has to|must|should|due|deadline|supposed to|got to|gotta|finish"
            r"|submit|complete|ready|to-?do|to do)\b[^.?!]{0,50}?) by (?:this )?"
            rf"({_WEEKDAY})\b(?! (?:last|before|next|after|morning|night|evening|afternoon)\b)",
            re.IGNORECASE,
        ),
        r"\1 from today till the coming \2",
    ),
    # "a month and a half ago", "1.5 years back", "two and a half months ago": in weeks or months (6 weeks,
    # 18 months, 10 weeks)
    (
        prefilter.compile(
            r"\b(?:(a|one|two|three|four|[1-9]) and (?:a )?half|([1-9])\.5) (months?|years?)"
            r"(?= (?:ago|back|before|later|after|from now)\b)"
            r"|\b(a|one|two|three|four|[1-9]) (months?|years?) and a half"
            r"(?= (?:ago|back|before|later|from now)\b)",
            re.IGNORECASE,
        ),
        _and_a_half,
    ),
    # "on day 15 I paid", "day 5 of this month" (Portuguese "dia 15", Spanish "el día 15"): the 15th
    (
        prefilter.compile(
            r"\b(on|until|till|by|before|after) day (\d{1,2})\b(?! of\b)(?!\s*[-–/:.]\s*\d)"
            r"|\bday (\d{1,2}) (?=of (?:this|last|next|previous|the) month\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} the {_nth(m[2])}" if m[1] else f"the {_nth(m[3])} ",
    ),
    # "a fortnight from now", "a fortnight later": as "two weeks from now", "two weeks later"
    (
        prefilter.compile(r"\b(?:a|one) fortnight (from now|from today|later|hence)\b", re.IGNORECASE),
        r"two weeks \1",
    ),
    # "in this days" (a learner's "these"): these days; "the week coming", "the month coming": as "the
    # coming week"
    (prefilter.compile(r"\b(?:in )?this days\b", re.IGNORECASE), "these days"),
    (
        prefilter.compile(
            r"\bthe (week|month|year|weekend) coming\b(?! (?:up|back|home|to|in|out)\b)", re.IGNORECASE
        ),
        r"the coming \1",
    ),
    # British and Irish: "this day week" (a week today), "yesterday week" (a week before yesterday), "this
    # Sunday past" (as "Sunday past"); Scottish "the morra" (tomorrow); letters' "the 10th ult." / "inst." /
    # "prox." (of last / this / next month)
    (prefilter.compile(r"\bthis day (?:next )?week\b", re.IGNORECASE), "a week today"),
    (prefilter.compile(r"\bthis day last week\b", re.IGNORECASE), "this time last week"),
    (prefilter.compile(r"\byesterday week\b", re.IGNORECASE), "8 days ago"),
    (prefilter.compile(rf"\bthis ({_WEEKDAY}) (past|gone|just gone)\b", re.IGNORECASE), r"\1 \2"),
    (prefilter.compile(r"\bthe morra\b", re.IGNORECASE), "tomorrow"),
    (
        prefilter.compile(
            r"\b(?:the )?([123]?\d)(?:st|nd|rd|th)? (ult|inst|prox)(?:\.|imo\b|ant\b|\b)", re.IGNORECASE
        ),
        lambda m: (
            f"the {_nth(m[1])} of {({'ult': 'last', 'inst': 'this', 'prox': 'next'})[m[2].lower()]} month"
        ),
    ),
    # "3 days before now": 3 days ago; "10th this month": the 10th of this month; "last year's December":
    # December last year; "last week from Monday to Wednesday": those days of last week
    (
        prefilter.compile(rf"\b({_COUNT_WORDS}) (days?|weeks?|months?|years?) before now\b", re.IGNORECASE),
        r"\1 \2 ago",
    ),
    (
        prefilter.compile(
            r"(?<!\bthe )(?<!\bon the )\b(\d{1,2})(st|nd|rd|th) (this|last|next) month\b", re.IGNORECASE
        ),
        r"the \1\2 of \3 month",
    ),
    (
        prefilter.compile(
            rf"\b(last|this|next) year'?s ({_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b",
            re.IGNORECASE,
        ),
        r"\2 \1 year",
    ),
    (
        prefilter.compile(
            rf"\b(last|this|next) week,? (from|between) ({_WEEKDAY}) (to|till|until|and|-) ({_WEEKDAY})\b",
            re.IGNORECASE,
        ),
        r"\2 \3 \4 \5 \1 week",
    ),
    # "recent 3 days", "in recent week", "the recent month", "recent days" (Chinese 最近三天): the past …
    (
        prefilter.compile(
            rf"\b(?:in )?(?:the )?recent ({_COUNT_WORDS}) (days|weeks|months|years)\b", re.IGNORECASE
        ),
        r"the past \1 \2",
    ),
    (
        prefilter.compile(
            r"\b(?:in )?(?:the )?recent (week|month|year)\b(?!'| (?:of|when|where|that)\b)", re.IGNORECASE
        ),
        r"the past \1",
    ),
    (
        prefilter.compile(r"\b(?:in )?(?:the )?recent (days|weeks|months)\b", re.IGNORECASE),
        r"the past few \1",
    ),
    # phone shorthand: "a cpl days ago", "2mrw", "tmw", "tomoz", "sun am"
    (prefilter.compile(r"\bcpl\b", re.IGNORECASE), "couple"),
    (
        prefilter.compile(r"\b(?:2mrw|2mro|2morrow|2moz|tmw|tmrow|tomoz|tomoro|tomorow)\b", re.IGNORECASE),
        "tomorrow",
    ),
    (
        prefilter.compile(
            r"(?<!\bthe )\bsun (am|pm|morning|night|nite|evening|arvo)\b(?! i\b)", re.IGNORECASE
        ),
        r"sunday \1",
    ),
    # "the week past", "the month past": last week, last month (as "the weekend past")
    (prefilter.compile(r"\bthe (week|month|year) past\b", re.IGNORECASE), r"last \1"),
    # "Week before I go to the hospital" (Vietnamese "tuần trước", Chinese 上周), said first without
    # "the": last week
    (
        prefilter.compile(
            r"(?:^|(?<=[,.!?;:] ))(week|month|year) before(?=,? (?:i|we|you|u|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    # "Week after I start school" (Vietnamese "tuần sau"), said first without "the": next week
    (
        prefilter.compile(
            r"(?:^|(?<=[,.!?;:] ))(week|month|year) after(?=,? (?:i|we|you|u|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        r"next \1",
    ),
    # Swahili and Arabic day words in English text
    (prefilter.compile(r"\bkeshokutwa\b", re.IGNORECASE), "the day after tomorrow"),
    (prefilter.compile(r"\b(?:kesho|bukra|bokra|bukara)\b", re.IGNORECASE), "tomorrow"),
    (prefilter.compile(r"\bjuzi\b", re.IGNORECASE), "the day before yesterday"),
    (
        prefilter.compile(
            r"\b(wiki|mwezi|mwaka) (iliyopita|uliopita|jana|ijayo|ujao|hii|huu)\b", re.IGNORECASE
        ),
        _swahili,
    ),
    # "I'll sort the account just now" (South African "just now": in a while): no time of a memory
    (
        prefilter.compile(
            r"\b((?:i'll|i will|we'll|we will|i'm going to|i am going to|gonna|i'm gonna)\b[^.?!]{0,60}?)"
            r" just now\b",
            re.IGNORECASE,
        ),
        r"\1",
    ),
    # "Chrissy lunch", "chrissie pressies" (Australian): Christmas — not "for Chrissy" (a name)
    (
        prefilter.compile(
            r"\bchriss(?:y|ie)(?= (?:lunch|dinner|party|parties|eve|pressies|presents|break|holidays?|hols"
            r"|arvo|morning|brekkie|breakfast|drinks|do|shopping|day)\b)",
            re.IGNORECASE,
        ),
        "christmas",
    ),
)
"""English of the twenty-sixth round's second wave (learned abroad, everyday, Commonwealth): "in beginning
of month", "3 days more I fly", "in the last period", "from 10 to 20 of this month", "last month on 25",
antier, pasado mañana, "has two weeks that", "the week past", "week before I went", South African
"I'll do it just now", "Chrissy lunch"."""
_EN_LOANWORDS_HINT = prefilter.compile(
    r"\b(?:beginning|begining|starting|start|end|ending|middle) of (?:month|week|year)\b|\bmore\b"
    r"|\blast (?:period|time)\b|\d(?:st|nd|rd|th)?(?: (?:to|till|until|and|-) | ?[-–] ?)(?:the )?\d"
    r"|\bmonth,? on\b|\d of (?:this|last|next|previous|coming) month\b"
    r"|\bant(?:e|ier)|\bpasado ma|\bdepois de|\bayer\b|\bontem\b"
    r"|\b(?:days?|weeks?|months?|years?) (?:that|since)\b"
    r"|\b(?:week|month|year) (?:past|before)\b|\bjust now\b|\bchriss"
    r"|\bby (?:this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:kal|parso|parson|aaj)\b|half|\.5 "
    r"|\bday \d|\b(?:week|month|year) after\b|\bfortnight (?:from|later|hence)\b"
    r"|\b(?:kesho|bukra|bokra|bukara|juzi|wiki|mwezi|mwaka)\b|\bthis days\b"
    r"|\b(?:week|month|year|weekend) coming\b|\bthis day\b|\byesterday week\b"
    r"|\bthis \w+day (?:past|gone|just)|\bthe morra\b|\bbefore now\b"
    r"|\d(?:st|nd|rd|th) (?:this|last|next) month|\byear'?s [a-z]|\bweek,? (?:from|between) "
    r"|\brecent (?:\w+ )?(?:day|week|month|year)|\bcpl\b|\b(?:2m|tmw|tmrow|tomo)"
    r"|\bsun (?:am|pm|mor|ni|ev|ar)|\d(?:st|nd|rd|th)? (?:ult|inst|prox)",
    re.IGNORECASE,
)


_EN_LOANWORDS_HINT_LOWERED = _case_kept(_EN_LOANWORDS_HINT)


def english_with_loanwords(query: str) -> str:
    """English with Hindi, Swahili and Spanish time words, and as learned abroad (`_EN_LOANWORDS`)."""
    if _found(_EN_LOANWORDS_HINT, _EN_LOANWORDS_HINT_LOWERED, query):
        return _substituted(query, _EN_LOANWORDS)
    return query
