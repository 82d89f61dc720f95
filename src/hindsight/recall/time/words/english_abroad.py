"""Calques of English as people who learned it write it (the twenty-sixth round): "there is 10
days", "one week before from today", "from 3 months", "the friday which is coming"; Indonesian, Tagalog and
Hindi time words in English text."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _WEEKDAY
from hindsight.recall.time.words.number_words import _nth
from hindsight.recall.time.words.rewrite import _Replacement, _where_words

_COUNT = (
    r"(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
_MANY = r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
"""A count that is more than one ("there is a day I will never forget" counts nothing back)."""
_UNIT = r"((?:day|week|month|year)s?)"
_CLAUSE_GOES_ON = (
    r"(?=\s*(?:[,.;!?]|$|(?:i|we|you|u|he|she|they|my|our|did|do|was|were|is|are|will"
    r"|what|when|where|how|who)\b))"
)
"""What follows a time phrase that ends its clause ("the week last, I went", "the friday next we meet")."""


_CLAUSE_START = r"(?:^|(?<=[,;!?] )|(?<=[,;!?]))"
"""The start of the query or of a clause in it."""
_SINCE_WHAT = (
    rf"(?:(?:last|this) )?{_WEEKDAY}|yesterday|last (?:night|week|month|year)|(?:this )?morning"
    r"|(?:the )?\d{1,2}(?:st|nd|rd|th)"
)
"""What "from … onwards" starts from."""
_COUNTED_BACK = r"(?=\s*(?:[,.;!?]|$|(?:that|since|i|we|you|u|he|she|they|my|our|me|did)\b))"
"""What follows "there is 10 days" when it counts back from today (not "there is 10 days left")."""
_WORDS_ABROAD = {
    # Indonesian, Tagalog and Hindi time words in English text (the longer first)
    "kemarin lusa": "the day before yesterday", "kemarin": "yesterday", "kemaren": "yesterday",
    "besok": "tomorrow", "minggu lalu": "last week", "bulan lalu": "last month", "tahun lalu": "last year",
    "minggu depan": "next week", "bulan depan": "next month", "tahun depan": "next year", "hari ini": "today",
    "kamakalawa": "the day before yesterday", "noong isang linggo": "last week",
    "noong isang buwan": "last month", "noong isang taon": "last year", "nung isang linggo": "last week",
    "nung isang buwan": "last month", "nung isang taon": "last year", "pichle hafte": "last week",
    "pichhle hafte": "last week", "agle hafte": "next week", "pichle mahine": "last month",
    "pichhle mahine": "last month", "agle mahine": "next month", "pichle saal": "last year",
    "pichhle saal": "last year", "pichla hafta": "last week", "pichhla hafta": "last week",
    "pichla mahina": "last month", "pichhla mahina": "last month", "pichla saal": "last year",
    "pichhla saal": "last year", "agla hafta": "next week", "agla mahina": "next month", "agle saal": "next year",
    "agla saal": "next year", "is hafte": "this week", "is mahine": "this month",
    # the fiftieth round: Tagalog "ngayong" (this), paydays on the 15th (kinsenas) and at the month's end
    # (katapusan); Hindi "se abhi tak" (until now)
    "ngayong linggo": "this week", "ngayong buwan": "this month", "ngayong taon": "this year",
    "nung kinsenas": "on the 15th", "noong kinsenas": "on the 15th", "nung katapusan": "on the last day of last month",
    "noong katapusan": "on the last day of last month",
    "is saal ka": "this year's", "is saal ki": "this year's", "is saal ke": "this year's",
    # and the misspellings of learners' typing
    "comming": "coming", "upcomming": "upcoming", "frist": "first", "secound": "second", "wek": "week",
    "befor": "before", "sinse": "since", "ther": "there",
}  # fmt: skip
"""Words of other languages and learners' misspellings, as the English the rules read."""
_WORD_ABROAD = prefilter.compile(
    r"(?<![A-Za-z])(?:" + "|".join(_WORDS_ABROAD) + r")(?![A-Za-z])", re.IGNORECASE
)
_TAGALOG_WEEKDAYS = {
    "lunes": "monday", "martes": "tuesday", "miyerkules": "wednesday", "huwebes": "thursday",
    "biyernes": "friday", "sabado": "saturday", "linggo": "sunday",
}  # fmt: skip
_TAGALOG_ON = prefilter.compile(
    r"\b(?:nung|noong) (?:(" + "|".join(_TAGALOG_WEEKDAYS) + r")\b|(?=\d{1,2}/\d{1,2}\b))", re.IGNORECASE
)
"""Tagalog "nung" / "noong" (when, of a time past) before a weekday or a date in digits ("noong isang linggo",
last week, is read first)."""
_HINDI_NUMBERS = {
    "ek": "1", "do": "2", "teen": "3", "char": "4", "chaar": "4", "paanch": "5", "panch": "5", "chhe": "6",
    "che": "6", "saat": "7", "aath": "8", "nau": "9", "das": "10", "pandrah": "15", "bees": "20", "tees": "30",
}  # fmt: skip
_HINDI_UNITS = {"din": "days", "dino": "days", "dinon": "days", "hafte": "weeks", "haftey": "weeks",
                "hafton": "weeks", "mahine": "months", "mahino": "months", "mahinon": "months",
                "saal": "years", "saalon": "years", "salon": "years"}  # fmt: skip
_HINDI_LAST_COUNT = prefilter.compile(
    r"\bpichh?le (\d{1,3}|" + "|".join(_HINDI_NUMBERS) + r") (" + "|".join(_HINDI_UNITS) + r")\b"
    r"(?: (?:mein|mei|me|mai|se))?",
    re.IGNORECASE,
)
"""Hinglish "pichle 10 din mein" (in the last 10 days), "pichhle do hafte" (the last two weeks)."""


def _hindi_last_count(match: re.Match[str]) -> str:
    count = _HINDI_NUMBERS.get(match[1].lower(), match[1])
    unit = _HINDI_UNITS[match[2].lower()]
    return f"in the last {count} {unit[:-1] if count == '1' else unit}"


_EN_ABROAD: tuple[tuple[prefilter.Pattern, _Replacement], ...] = (
    (_HINDI_LAST_COUNT, _hindi_last_count),
    (_WORD_ABROAD, lambda m: _WORDS_ABROAD[m.group(0).lower()]),
    # Tagalog "nung Lunes", "noong 6/4" (the thirty-fifth round): on a day past, as "on monday", "on 6/4"
    (_TAGALOG_ON, lambda m: "on " + _TAGALOG_WEEKDAYS.get((m[1] or "").lower(), m[1] or "")),
    # French "il y a 10 jours", Spanish "hace", Portuguese "faz": "there is 10 days", "it makes 2 weeks" — a
    # count back from today, as "10 days ago" ("there are 3 days left", "there are 7 days in a week" are not)
    (
        prefilter.compile(
            rf"\b(?:there is|there'?s|theres) {_MANY} {_UNIT}" + _COUNTED_BACK,
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    (
        prefilter.compile(rf"\b(?:(?:it )?makes?|it has) {_COUNT} {_UNIT}" + _COUNTED_BACK, re.IGNORECASE),
        r"\1 \2 ago",
    ),
    (prefilter.compile(rf"\bthere are {_MANY} {_UNIT}(?=\s*(?:[,.;!?]|$))", re.IGNORECASE), r"\1 \2 ago"),
    # "it's been 3 days since I called", "2 weeks have passed since the surgery": that many back
    (
        prefilter.compile(
            rf"\b(?:it'?s|it is|it has been|it'?s been|its been) {_COUNT} {_UNIT} since\b"
            rf"|\b{_COUNT} {_UNIT} (?:have |has )?(?:passed|gone by|went by) since\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1] or m[3]} {m[2] or m[4]} ago, since",
    ),
    # Hindi "aaj se 7 din pehle", and "one week before from today": the day that many back
    (
        prefilter.compile(rf"\b{_COUNT} {_UNIT},? (?:before|back|ago),? from (?:today|now)\b", re.IGNORECASE),
        r"\1 \2 ago today",
    ),
    (
        prefilter.compile(rf"\bfrom (?:today|now),? {_COUNT} {_UNIT} (?:before|back|ago)\b", re.IGNORECASE),
        r"\1 \2 ago today",
    ),
    # "till yesterday from monday", "up to now from the 5th": the span said end first
    (
        prefilter.compile(
            r"\b(?:till|until|til|upto|up to|up till|up until) (today|now|yesterday|date),? "
            rf"(?:starting )?from ((?:(?:last|this|the) )?{_WEEKDAY}"
            r"|(?:the )?\d{1,2}(?:st|nd|rd|th)(?: of (?:this|last) month)?)\b",
            re.IGNORECASE,
        ),
        r"from \2 till \1",
    ),
    (
        prefilter.compile(
            r"\b(?:upto|up to|up till|up until) (?=(?:today|now|yesterday|date)\b)", re.IGNORECASE
        ),
        "till ",
    ),
    (prefilter.compile(r"\b(till|until|til) date\b", re.IGNORECASE), r"\1 today"),
    # "from 3 months", "since 2 years" (Hindi "3 mahine se", German "seit"): the last 3 months to today
    (
        prefilter.compile(
            rf"\bfrom {_COUNT} ((?:month|year)s?)\b"
            r"(?! (?:ago|back|before|after|later|from|to|of|in|now|old|age)\b)",
            re.IGNORECASE,
        ),
        r"since \1 \2",
    ),
    # "the upcoming friday", "the friday which is coming", "the next friday that will come": the coming one
    (
        prefilter.compile(rf"\b(?:the |this )?upcoming (?=(?:{_WEEKDAY}|weekend)\b)", re.IGNORECASE),
        "the coming ",
    ),
    (
        prefilter.compile(
            rf"\b(?:the )?(?:next )?({_WEEKDAY}|weekend) (?:that|which) (?:is coming|will come|comes)\b",
            re.IGNORECASE,
        ),
        r"the coming \1",
    ),
    # "this friday that passed", Nigerian Pidgin "the friday wey pass": the latest such day before today
    (
        prefilter.compile(
            rf"(?<!\band )(?<!\bor )(?<!& )\b(?:this |the )?({_WEEKDAY}) (?:that|which|wey) "
            r"(?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            re.IGNORECASE,
        ),
        r"this past \1",
    ),
    (
        prefilter.compile(
            r"\b(?:this |the )?weekend (?:that|which|wey) "
            r"(?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            re.IGNORECASE,
        ),
        "last weekend",
    ),
    # "the last week's saturday" (Japanese 先週の土曜日, Russian "на прошлой неделе в субботу"): of last week
    (
        prefilter.compile(rf"\bthe (?:last|past|previous) week'?s ({_WEEKDAY})\b", re.IGNORECASE),
        r"last week's \1",
    ),
    # "2 days after" said alone (Korean 2일 후, Japanese 2日後): that day ahead, as "2 days later"
    (
        prefilter.compile(
            rf"\b{_COUNT} (days?) after(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our|will)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 later",
    ),
    # "before few days", "before some days": as "a few days ago" (the 5 days before today)
    (prefilter.compile(r"\bbefore (?:a )?(?:few|some|several) days\b", re.IGNORECASE), "a few days ago"),
    # "last-last week", "next-next friday": as "last last", "next next"; "last-to-last": as "last to last"
    (prefilter.compile(r"\b(last|next)-(?:last|next)\b", re.IGNORECASE), r"\1 \1"),
    (prefilter.compile(r"\b(last|next)-to-(?:last|next)\b", re.IGNORECASE), r"\1 to \1"),
    # "last to last weekend", "last last quarter", "next to next weekend": the one before last / after next
    (
        prefilter.compile(
            r"\b(?:last to last|last last|previous to previous) (weekend|quarter)\b", re.IGNORECASE
        ),
        r"the \1 before last",
    ),
    (
        prefilter.compile(r"\b(?:next to next|next next) (weekend|quarter)\b", re.IGNORECASE),
        r"the \1 after next",
    ),
    # "the month that comes", "the 15th that comes": as "the coming month", "the coming 15th"
    (
        prefilter.compile(
            r"\bthe (week|month|year|\d{1,2}(?:st|nd|rd|th)) (?:that|which) (?:comes|is coming)\b", re.I
        ),
        r"the coming \1",
    ),
    # Italian "l'altro ieri": "the other yesterday", the day before yesterday
    (prefilter.compile(r"\bthe other yesterday\b", re.IGNORECASE), "the day before yesterday"),
    # "for 3 days now", "for 2 months now": the last 3 days / 2 months to today, as "since 3 days"
    (prefilter.compile(rf"\bfor {_COUNT} {_UNIT} now\b", re.IGNORECASE), r"since \1 \2"),
    # "3 days earlier" said alone: as "3 days ago"
    (
        prefilter.compile(
            rf"\b{_COUNT} {_UNIT} earlier(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "the week which went", "the month that went": last week, last month
    (
        prefilter.compile(
            r"\bthe (week|month|year) (?:that|which) went\b"
            r"(?! (?:well|badly|by|to|on|fast|slowly|so|wrong|ok)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    # "previous of previous week", "last of last month": the one before last
    (
        prefilter.compile(
            r"\b(?:the )?(?:previous|last) (?:of|before) (?:the )?(?:previous|last) (week|month|year)\b", re.I
        ),
        r"the \1 before last",
    ),
    # "at weekend", "on weekend" (no article): as "at the weekend"
    (prefilter.compile(r"\b(at|on|in|over|during) weekend\b(?!s)", re.IGNORECASE), r"\1 the weekend"),
    # "between monday and now": from Monday to today
    (
        prefilter.compile(
            rf"\bbetween ((?:(?:last|this) )?{_WEEKDAY}|the \d{{1,2}}(?:st|nd|rd|th)) and (now|today)\b",
            re.IGNORECASE,
        ),
        r"from \1 till \2",
    ),
    # "on march" (Spanish "en marzo", Russian "в марте"): as "in march" (not "on march 5")
    (
        prefilter.compile(
            r"\bon ((?:january|february|march|april|june|july|august|september|october|november|december))\b"
            r"(?!'| ?\d| the \d)",
            re.IGNORECASE,
        ),
        r"in \1",
    ),
    # "this year starting", "the starting of this month": its start
    (
        prefilter.compile(
            r"\b(this|last|next) year,? (?:in the )?(?:starting|beginning|start)\b"
            r"(?! (?:from|in|on|with|salary)\b)",
            re.IGNORECASE,
        ),
        r"the start of \1 year",
    ),
    (prefilter.compile(r"\b(?:the )?starting of\b", re.IGNORECASE), "the start of"),
    (
        prefilter.compile(r"\b(?:in )?(?:this|the) whole (?:of (?:the |this )?)?quarter\b", re.IGNORECASE),
        "this quarter",
    ),
    # "2 days hence": that day ahead
    (prefilter.compile(rf"\b{_COUNT} {_UNIT} hence\b", re.IGNORECASE), r"\1 \2 from now"),
    # "the weekend past" (Spanish "el fin de semana pasado"): the latest weekend begun
    (prefilter.compile(r"\bthe weekend past\b", re.IGNORECASE), "the past weekend"),
    # "the weekend of the last week": last week's weekend
    (
        prefilter.compile(r"\bthe weekend of (?:the )?(?:last|previous|past) week\b", re.IGNORECASE),
        "last week's weekend",
    ),
    (prefilter.compile(r"\bthe weekend of (?:the )?(this|next) week\b", re.IGNORECASE), r"\1 week's weekend"),
    # "last month the 15", "this month 3" (a day with no "th"): that day of that month
    (
        prefilter.compile(
            r"\b(last|this|next) month,? (?:the |on the |on )?([12]?\d|3[01])\b"
            r"(?! ?(?:st|nd|rd|th|days?|weeks?|months?|times?|hours?|hrs?)\b| ?%)",
            re.I,
        ),
        lambda m: f"the {_nth(m[2])} of {m[1]} month",
    ),
    # "from the beginning of the year, …" said first (no end said): since then ("my a1c from the beginning of
    # the month" is a reading of those days)
    (
        prefilter.compile(
            _CLAUSE_START + r"from the (?:beginning|start|starting) of (the|this) (year|month|week|quarter)\b"
            r"(?! (?:to|till|until|through|thru|up)\b)",
            re.IGNORECASE,
        ),
        r"since the start of \1 \2",
    ),
    # "this week's weekend", "next week weekend" (Japanese 今週の週末, Korean 이번 주 주말): that weekend
    (prefilter.compile(r"\b(this|last|next) week'?s? weekend\b", re.IGNORECASE), r"\1 weekend"),
    # "2 weeks after" said alone (Korean 2주 후): as "in 2 weeks"
    (
        prefilter.compile(
            rf"\b{_COUNT} ((?:week|month)s?) "
            r"(?:after(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our|will)\b))"
            r"|later(?=\s*(?:[,.?!]|$|(?:i|we) will\b)))",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    # French word order: "the week last" (la semaine dernière), "the month next", "the friday next"
    (
        prefilter.compile(r"\bthe (week|month|year) (last|next)\b" + _CLAUSE_GOES_ON, re.IGNORECASE),
        r"\2 \1",
    ),
    (
        prefilter.compile(rf"\b(?:the )?({_WEEKDAY}) next\b" + _CLAUSE_GOES_ON, re.IGNORECASE),
        r"next \1",
    ),
    # "yesterday's previous day", "tomorrow's next day"; "2 days before of today"
    (
        prefilter.compile(r"\byesterday'?s? (?:previous|prior) day\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (prefilter.compile(r"\btomorrow'?s? (?:next|following) day\b", re.IGNORECASE), "the day after tomorrow"),
    (prefilter.compile(r"\b(before|after) of (today|yesterday|tomorrow)\b", re.IGNORECASE), r"\1 \2"),
    # "this night" (Spanish "esta noche"): tonight
    (prefilter.compile(r"\b(?:in |on )?this night\b", re.IGNORECASE), "tonight"),
    # "these last days", "few days before" said alone: as "the past few days", "a few days ago"
    (prefilter.compile(r"\bthese last (?:few )?days\b", re.IGNORECASE), "the past few days"),
    (
        prefilter.compile(
            r"\b(?:a )?(?:few|some|several) days before"
            r"(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        "a few days ago",
    ),
    # "before 2 hours", "3 hours back": as "2 hours ago"
    (
        prefilter.compile(
            r"\bbefore (\d{1,2}|an|one|two|three|four|five|six) (hours?|hrs?)\b", re.IGNORECASE
        ),
        r"\1 \2 ago",
    ),
    (
        prefilter.compile(
            r"\b(\d{1,2}|an|one|two|three|four|five|six) (hours?|hrs?) (?:back|before)"
            r"(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "from monday onwards"; said first, "from yesterday I have fever", "from morning …" (Hindi "kal se"):
    # since then ("the photos from yesterday, I want them" is not this)
    (
        prefilter.compile(
            rf"\bfrom ({_SINCE_WHAT}) ?onwards?\b|{_CLAUSE_START}from ({_SINCE_WHAT})"
            r"(?=,? (?:i|we|my|he|she|they|it|there)\b)",
            re.IGNORECASE,
        ),
        lambda m: f"since {m[1] or m[2]}",
    ),
    (prefilter.compile(r"\bsince morning\b", re.IGNORECASE), "since this morning"),
    # "2days ago", "before2 days", "las week": a lost space, a lost letter
    (
        prefilter.compile(r"\b(\d{1,3})(days?|weeks?|months?|years?|hrs?|hours?|wks?)\b", re.IGNORECASE),
        r"\1 \2",
    ),
    (prefilter.compile(r"\b(before|after|since|in|past|next)(\d{1,3}) ", re.IGNORECASE), r"\1 \2 "),
    (prefilter.compile(rf"\blas (week|month|year|night|weekend|{_WEEKDAY})\b", re.IGNORECASE), r"last \1"),
    # "at the end of the last week" (a part of it): as "of last week" ("over the course of the last week"
    # is the last 7 days)
    (
        prefilter.compile(r"(?<!\bcourse )\bof the (?:last|previous|past) week\b", re.IGNORECASE),
        "of last week",
    ),
    # "last year at this time", "this time of last month": as "this time last year"
    (
        prefilter.compile(
            r"\b(?:at )?this (?:same )?time of (?:the )?last (week|month|year)\b"
            r"|\blast (week|month|year),? (?:at |in )?this (?:same )?time\b",
            re.IGNORECASE,
        ),
        lambda m: f"this time last {m[1] or m[2]}",
    ),
    # "the previous day of yesterday", "the next day of tomorrow"
    (
        prefilter.compile(
            r"\bthe (?:previous|prior) day (?:of|to|from) (yesterday|tomorrow)\b", re.IGNORECASE
        ),
        r"the day before \1",
    ),
    (
        prefilter.compile(
            r"\bthe (?:next|following) day (?:of|to|from) (yesterday|tomorrow)\b", re.IGNORECASE
        ),
        r"the day after \1",
    ),
)
"""Calques of English as people who learned it write it (the twenty-sixth round): "there is 10 days", "one
week before from today", "till yesterday from monday", "from 3 months", "the friday which is coming"."""
_EN_ABROAD_NEEDS = (
    ("pich",),
    (
        "kemar",
        "besok",
        "minggu",
        "bulan",
        "tahun",
        "hari ini",
        "kamakalawa",
        "noong",
        "nung",
        "pich",
        "agle",
        "agla",
        "is hafte",
        "is mahine",
        "is saal k",
        "ngayong",
        "comming",
        "frist",
        "secound",
        "wek",
        "befor",
        "sinse",
        "ther",
    ),
    ("nung", "noong"),
    ("there",),
    ("make", "it has"),
    ("there are",),
    ("since",),
    ("from today", "from now"),
    ("from today", "from now"),
    ("from",),
    ("upto", "up to", "up till", "up until"),
    ("date",),
    ("from",),
    ("upcoming",),
    ("come", "coming"),
    ("pass", "went by", "gone"),
    ("pass", "went by", "gone"),
    ("week",),
    ("after",),
    ("before",),
    ("-",),
    ("-to-",),
    ("weekend", "quarter"),
    ("weekend", "quarter"),
    ("come", "coming"),
    ("other yesterday",),
    (" now",),
    ("earlier",),
    ("went",),
    ("previous", "last"),
    ("weekend",),
    ("between",),
    ("on ",),
    ("start", "beginning"),
    ("starting of",),
    ("whole",),
    ("hence",),
    ("weekend past",),
    ("weekend of",),
    ("weekend of",),
    ("month",),
    ("from the",),
    ("weekend",),
    ("after", "later"),
    ("the week", "the month", "the year"),
    ("day next",),
    ("yesterday",),
    ("tomorrow",),
    ("before of", "after of"),
    ("this night",),
    ("these last",),
    ("days before",),
    ("hour", "hr"),
    ("hour", "hr"),
    ("from",),
    ("since morning",),
    ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
    ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
    ("las ",),
    ("of the last week", "of the previous week", "of the past week"),
    ("this time", "this same time"),
    ("previous day", "prior day"),
    ("next day", "following day"),
)
"""For each rewrite of _EN_ABROAD, in order, words one of which the lowercased query holds when it can apply
(a rewrite is tried only then: the table is long and most of it is idle on any one query)."""
assert len(_EN_ABROAD_NEEDS) == len(_EN_ABROAD)


def _abroad(query: str) -> str:
    """`query` with the rewrites of _EN_ABROAD that may apply to it applied, in order."""
    rows = zip(_EN_ABROAD_NEEDS, _EN_ABROAD, strict=True)
    return _where_words(query, ((needs, pattern, replacement) for needs, (pattern, replacement) in rows))


_EN_ABROAD_HINT = prefilter.compile(
    # As _EN_LEARNED_HINT: one word boundary in front of every branch, read on the lowercased query.
    r"\b(?:"
    + "|".join(
        (
            r"(?:there(?: is| are|'?s)|theres|makes?|it has) \w+ (?:day|week|month|year)",
            r"from (?:today|now)\b",
            r"(?:day|week|month|year)s? (?:(?:have |has )?(?:passed|gone by|went by) )?since\b",
            r"from \w+ (?:month|year)",
            r"(?:till|until|til|upto|up to|up till|up until) (?:today|now|yesterday|date)\b",
            r"upcoming\b",
            r"(?:that|which) (?:is coming|will come|comes|went)\b",
            r"(?:previous|prior|next|following) day (?:of|to|from)\b",
            r"(?:that|which|wey) (?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            r"week'?s? (?:\w+day|weekend)\b",
            r"days? after\b",
            r"before (?:a )?(?:few|some|several) days",
            r"(?:last|next)-",
            r"other yesterday",
            r"(?:day|week|month|year)s? (?:now|earlier|hence)\b",
            r"(?:last|next|previous) (?:to )?(?:last|next|previous) (?:weekend|quarter)\b",
            r"(?:previous|last) (?:of|before) ",
            r"(?:at|on|in|over|during) weekend\b",
            r"between (?:\w+ ){1,2}and (?:now|today)\b",
            r"on (?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)",
            r"year,? (?:in the )?(?:starting|beginning|start)\b",
            r"starting of\b",
            r"whole (?:of (?:the |this )?)?quarter\b",
            r"weekend (?:past|of)\b",
            r"(?:week|month)s? (?:after|later)\b",
            r"the (?:week|month|year) (?:last|next)\b",
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day next\b",
            r"(?:yesterday|tomorrow)'?s? \w+ day\b",
            r"(?:before|after) of\b",
            r"this night\b",
            r"these last\b",
            r"(?:few|some|several) days before\b",
            r"before \w+ h(?:ou)?rs?\b",
            r"\w+ h(?:ou)?rs? (?:back|before)\b",
            r"since morning\b",
            r"month,? (?:the |on the |on )?\d",
            r"from the (?:beginning|start|starting) of\b",
            r"from \w+(?: \w+)? ?onward",
            r"from (?:\w+ ){0,2}\w+,? (?:i|we|my|he|she|they|it|there)\b",
            r"\d{1,3}(?:day|week|month|year|hr|hour|wk)",
            r"(?:before|after|since|in|past|next)\d",
            r"las ",
            r"(?:kemar[ie]n|besok|minggu|bulan|tahun|hari ini|kamakalawa|noong|nung|pichh?l[ea]|agl[ea]"
            r"|is (?:hafte|mahine|saal k[aie])|(?:up)?comming|ngayong"
            r"|frist|secound|wek|befor|sinse|ther)\b",
            r"of the (?:last|previous|past) week\b",
            r"this (?:same )?time\b",
        )
    )
    + ")"
)


def calques_read(query: str) -> str:
    """Calques of English learned abroad, and other languages' time words (`_EN_ABROAD`)."""
    return _abroad(query) if _EN_ABROAD_HINT.search(query.lower()) else query
