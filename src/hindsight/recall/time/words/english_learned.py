"""Word orders of English as people who learned it write it ("the day before of yesterday",
"sunday coming", "last year december 31"), as the rules read them."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _FULL_DAY, _MONTHS, _QUARTER_WORDS
from hindsight.recall.time.words.rewrite import _substituted

_PERIOD = r"(?:week|month|year|semester|term|quarter)"
_EN_LEARNED = (
    (prefilter.compile(r"\b(the day (?:before|after)) of\b", re.IGNORECASE), r"\1"),
    (prefilter.compile(r"\btomorrow'?s? day after\b", re.IGNORECASE), "the day after tomorrow"),
    (prefilter.compile(r"\byesterday'?s? day before\b", re.IGNORECASE), "the day before yesterday"),
    (
        prefilter.compile(
            rf"\bthe ({_PERIOD}) (?:that |which )?"
            r"(?:passed|went by|has passed|(?:just )?(?:finish(?:ed)?|ended|gone|passed)|just past)\b"
            r"(?! (?:so|too|very|quickly|fast|slowly|by)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    (prefilter.compile(r"\bthe previous to previous (\w+)", re.IGNORECASE), r"the \1 before last"),
    (
        prefilter.compile(rf"\bthe ({_PERIOD}) before the last(?: one)?\b(?! (?:day|time)\b)", re.IGNORECASE),
        r"the \1 before last",
    ),
    (prefilter.compile(r"\b(?:in |on )?(?:the )?mid of\b", re.IGNORECASE), "in the middle of"),
    (
        prefilter.compile(r"\b(?:on )?(mon|tues|wednes|thurs|fri|satur|sun)day coming\b", re.IGNORECASE),
        r"the coming \1day",
    ),
    (prefilter.compile(r"\bthe weekend coming\b", re.IGNORECASE), "the coming weekend"),
    (prefilter.compile(r"\b(?:this )?coming month[- ]?end\b", re.IGNORECASE), "the end of this month"),
    (
        prefilter.compile(r"\bthese (\d+|two|three|four|five|six|seven|ten) days\b", re.IGNORECASE),
        r"the last \1 days",
    ),
    (prefilter.compile(r"\bhalf (?:a )?month (?:ago|back|before)\b", re.IGNORECASE), "2 weeks ago"),
    (prefilter.compile(r"\b(?:the )?last one (month|week)\b", re.IGNORECASE), r"the past \1"),
    (prefilter.compile(r"\b(?:the )?(week|month) before this (?:week|month)\b", re.IGNORECASE), r"last \1"),
    (prefilter.compile(r"\bnext tomorrow\b", re.IGNORECASE), "the day after tomorrow"),
    (prefilter.compile(r"\bthis aft\b", re.IGNORECASE), "this afternoon"),
    (prefilter.compile(r"\bon new year\b(?!'s| eve| resolution| party)", re.IGNORECASE), "on new year's day"),
    (
        prefilter.compile(
            r"\b(last|this|next) month,? (?:in )?the (?:starting|beginning|start)\b", re.IGNORECASE
        ),
        r"the start of \1 month",
    ),
    (prefilter.compile(rf"\b((?:{_MONTHS})) month\b", re.IGNORECASE), r"in \1"),
    (
        prefilter.compile(
            r"\bfrom (?:the )?(\d{1,2}(?:st|nd|rd|th)) (?:till|until|to|thru|through) (?:today|now)\b",
            re.IGNORECASE,
        ),
        r"since the \1",
    ),
    (
        prefilter.compile(r"\bthe same (?:day|date) (?:of )?last month\b", re.IGNORECASE),
        "this day last month",
    ),
    (prefilter.compile(r"\b(?:the )?yesterday'?s yesterday\b", re.IGNORECASE), "the day before yesterday"),
    (prefilter.compile(r"\b(after|before) the (tomorrow|yesterday)\b", re.IGNORECASE), r"\1 \2"),
    (
        prefilter.compile(
            r"\b(?:in )?this year'?s?,? (?:the )?(spring|summer|fall|autumn|winter)\b", re.IGNORECASE
        ),
        r"this \1",
    ),
    (
        prefilter.compile(
            r"\b(?:in )?(this|last) year,? (?:the |in the )?"
            r"(first|second|third|fourth|1st|2nd|3rd|4th) quarter\b",
            re.IGNORECASE,
        ),
        r"the \2 quarter of \1 year",
    ),
    (
        prefilter.compile(
            r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (days?|weeks?|months?|years?) before"
            r"(?=\s+(?:i|we|you|he|she|they|my)\b|\s*[,?.!]|\s*$)",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    (prefilter.compile(r"\bnot (?:so|that|too) long (?:time )?ago\b", re.IGNORECASE), "recently"),
    (prefilter.compile(r"\bdated (?=\d{1,2}/\d{1,2}\b)", re.IGNORECASE), "on "),
    (prefilter.compile(r"\bat (?:the )?year[- ]end\b", re.IGNORECASE), "at the end of the year"),
    (
        prefilter.compile(r"\btrailing (\d{1,3}|seven|fourteen|thirty|sixty|ninety) days\b", re.IGNORECASE),
        r"the last \1 days",
    ),
    (prefilter.compile(r"\bL(\d{1,3})D\b"), r"the last \1 days"),
    (
        prefilter.compile(
            rf"\b({_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|q[1-4]|h[12])"
            r"\.? ?['’](\d{2})\b",
            re.IGNORECASE,
        ),
        r"\1 20\2",
    ),
    (
        prefilter.compile(
            rf"\b((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))'s"
            r" (?:final|last) (?:wk|week)\b",
            re.IGNORECASE,
        ),
        r"the last week of \1",
    ),
    (prefilter.compile(r"\b(?:the )?tomorrow'?s tomorrow\b", re.IGNORECASE), "the day after tomorrow"),
    (
        prefilter.compile(
            r"\bthe (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (last|first) (days|weeks)\b",
            re.IGNORECASE,
        ),
        r"the \2 \1 \3",
    ),
    (
        prefilter.compile(
            r"\b(a|one|\d{1,2}|two|three|four|five|six) ((?:day|week|month|year)s?) before today\b",
            re.IGNORECASE,
        ),
        r"\1 \2 ago today",
    ),
    (prefilter.compile(r"\bthe (?:coming|following) (?:two|2) weeks\b", re.IGNORECASE), "the next two weeks"),
    (prefilter.compile(r"\bthe (?:last|previous) year,? in\b", re.IGNORECASE), "last year in"),
    (
        prefilter.compile(
            r"\b(?:this|the) week,? (?=since (?:mon|tues|wednes|thurs|fri|satur|sun)day\b)", re.IGNORECASE
        ),
        "",
    ),
    (
        prefilter.compile(
            r"\b(last|this|next) month,? in (?:its|the) (middle|beginning|start|end)\b", re.IGNORECASE
        ),
        r"in the \2 of \1 month",
    ),
    (
        prefilter.compile(
            r"\bthe weekend (?:that |which )?(?:has |had )?(?:just )?"
            r"(?:passed|went by|finish(?:ed)?|ended|gone)\b"
            r"(?! (?:so|too|very|quickly|fast|slowly|by)\b)",
            re.IGNORECASE,
        ),
        "last weekend",
    ),
    (prefilter.compile(r"\b(?:the )?(?:\w+ )?weekend just gone\b", re.IGNORECASE), "the weekend just gone"),
    (
        prefilter.compile(
            r"\b(?:the )?year[- ]end(?= (?:freeze|shutdown|break|holidays?|rush|sales?|party|dinner)\b)",
            re.IGNORECASE,
        ),
        "the end of the year",
    ),
    (
        prefilter.compile(r"\bbetween (?:xmas|christmas) and (?:nye|new year'?s eve)\b", re.IGNORECASE),
        "from christmas to new year's eve",
    ),
    (prefilter.compile(r"\ba year ago this week\b", re.IGNORECASE), "the same week last year"),
    (prefilter.compile(r"\bthese (\d+|two|three|four) weeks\b", re.IGNORECASE), r"the past \1 weeks"),
    (prefilter.compile(r"\b(?:at |in )?((?:19|20)\d{2}) (?:ending|end)\b", re.IGNORECASE), r"the end of \1"),
    (
        prefilter.compile(
            r"\b(tomorrow|tmrw|tmr|yesterday) or the day (after|before)\b(?! \w+day)", re.IGNORECASE
        ),
        r"\1 or the day \2 \1",
    ),
    (
        prefilter.compile(
            rf"\ball of ((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec))\b", re.IGNORECASE
        ),
        r"in \1",
    ),
    (
        prefilter.compile(
            r"\blast (week|month|year),? (?:(?:no|sorry|wait|i mean|actually|no wait)[, ]+)+"
            r"the \1 before(?: that)?\b",
            re.IGNORECASE,
        ),
        r"the \1 before last",
    ),
    (prefilter.compile(r"\bthe day before the day before yesterday\b", re.IGNORECASE), "3 days ago"),
    (prefilter.compile(r"\bin a couple (?:of )?weeks\b", re.IGNORECASE), "in 2 weeks"),
    (prefilter.compile(r"\b(last|this|next) calendar (month|year|week|quarter)\b", re.IGNORECASE), r"\1 \2"),
    (
        prefilter.compile(
            r"\b(last|this|next) month'?s? (?:final|last) ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
            re.IGNORECASE,
        ),
        r"the last \2 of \1 month",
    ),
    (
        prefilter.compile(r"\bthe back half of (last|this) year'?s?\b", re.IGNORECASE),
        r"the second half of \1 year",
    ),
    (prefilter.compile(r"\b(?:in )?this whole week\b", re.IGNORECASE), "this week"),
    (prefilter.compile(r"\blast week end\b", re.IGNORECASE), "last weekend"),
    (prefilter.compile(r"\buntil now,? from (the \d{1,2}(?:st|nd|rd|th))\b", re.IGNORECASE), r"since \1"),
    (
        prefilter.compile(r"(?<!\bday )(?<!\bdays )\bafter (?:tmrw|tmr|tomorow|tomorrow)\b", re.IGNORECASE),
        "the day after tomorrow",
    ),
    (prefilter.compile(r"\b(?:the )?(?:last|past) half(?: a)? year\b", re.IGNORECASE), "the past 6 months"),
    (
        prefilter.compile(r"\bthe (\d{1,2}(?:st|nd|rd|th)),? (last|this|next) month\b", re.IGNORECASE),
        r"the \1 of \2 month",
    ),
    (
        prefilter.compile(r"\b(?:the )?(?:night|nite|morning|evening) before last\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (prefilter.compile(r"\bthe last year (?:on|in|at) (?=\w)", re.IGNORECASE), "last year's "),
    (prefilter.compile(r"\bthe last week,? on (\w+day)\b", re.IGNORECASE), r"last week \1"),
    (
        prefilter.compile(
            r"\bthe last ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?! (?:of|in|before)\b)", re.IGNORECASE
        ),
        r"this past \1",
    ),
    (
        prefilter.compile(r"(?<!\bday )(?<!\bdays )(?<!\bthe )\bbefore[- ]yesterday\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (
        prefilter.compile(
            r"\btrimester(?= of (?:this|last|next) year\b| of (?:19|20)\d{2}\b)"
            r"|(?<=\blast |this |next )trimester\b",
            re.IGNORECASE,
        ),
        "quarter",
    ),
    (
        prefilter.compile(
            rf"\b((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))'s (?:final|last) day\b",
            re.IGNORECASE,
        ),
        r"the last day of \1",
    ),
    (prefilter.compile(r"\b(?:on )?this (?:date|very day) last year\b", re.IGNORECASE), "this day last year"),
    (prefilter.compile(r"\bthe last days\b(?! of\b)", re.IGNORECASE), "the past few days"),
    (prefilter.compile(r"\b(?:on )?the day (\d{1,2})\b(?! of\b)", re.IGNORECASE), r"on the \1th"),
    (prefilter.compile(r"\bthe (\d{1,2}) of the month\b", re.IGNORECASE), r"the \1th"),
    (prefilter.compile(r"\b(?:the )?passed weekend\b", re.IGNORECASE), "the past weekend"),
    (prefilter.compile(r"\bthe weekend that comes\b", re.IGNORECASE), "the coming weekend"),
    (
        prefilter.compile(
            r"\b(?:the )?((?:mon|tues|wednes|thurs|fri|satur|sun)day) that comes\b", re.IGNORECASE
        ),
        r"the coming \1",
    ),
    (
        prefilter.compile(r"\bthe (\d|two|three|four) first (days|weeks|months)\b", re.IGNORECASE),
        r"the first \1 \2",
    ),
    (prefilter.compile(r"\bin a couple (?:of )?days\b", re.IGNORECASE), "in 2 days"),
    (
        prefilter.compile(r"\bquarter (one|two|three|four)\b", re.IGNORECASE),
        lambda m: "Q" + _QUARTER_WORDS[m[1].lower()],
    ),
    (prefilter.compile(r"\ba week ago yesterday\b", re.IGNORECASE), "8 days ago"),
    (
        prefilter.compile(
            r"\b(yesterday|today) (or|and|n) the day before\b(?! (?:yesterday|that|it)\b)", re.IGNORECASE
        ),
        r"\1 \2 the day before yesterday",
    ),
    (
        prefilter.compile(r"\b(last|this|next) month,? on the (\d{1,2}(?:st|nd|rd|th))\b", re.IGNORECASE),
        r"the \2 of \1 month",
    ),
    (prefilter.compile(r"\bearlier (?:on )?in the week\b", re.IGNORECASE), "earlier this week"),
    (prefilter.compile(r"\bthe day before last\b", re.IGNORECASE), "the day before yesterday"),
    (
        prefilter.compile(
            r"\b(\d|two|three|four) ((?:mon|tues|wednes|thurs|fri|satur|sun)days) before\b", re.IGNORECASE
        ),
        r"\1 \2 ago",
    ),
    (
        prefilter.compile(
            r"(?<!\bthe )(?<!\bthis )\bcoming (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"the coming \1day",
    ),
    (
        prefilter.compile(r"(?<!\bthe )(?<!\bthis )\bcoming (sat|sun|mon|tue|wed|thu|fri)\b", re.IGNORECASE),
        lambda m: f"the coming {_FULL_DAY[m[1].lower()]}",
    ),
    (
        prefilter.compile(
            r"\bnext to next (week|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE
        ),
        r"the \1 after next",
    ),
    (prefilter.compile(r"\bthe fortnight (?:just gone|just passed)\b", re.IGNORECASE), "the past fortnight"),
    (
        prefilter.compile(
            r"\bfrom (the \d{1,2}(?:st|nd|rd|th)) (?=till now|until now|to now|to date|to today)",
            re.IGNORECASE,
        ),
        r"since \1 ",
    ),
    (
        prefilter.compile(
            r"\b(this|last|next) week (?:in|on) the (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"\1 week \2day",
    ),
    (
        prefilter.compile(
            r"\b(?:on )?the (last|this|next) week (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"\1 week \2day",
    ),
    (
        prefilter.compile(
            r"\blast year(?:,)? (?:this|the) same month\b|\b(?:the )?same month (?:of )?last year\b",
            re.IGNORECASE,
        ),
        "this month last year",
    ),
    (
        prefilter.compile(
            r"\bthe same day (?:of )?last year\b|\blast year(?:,)? (?:this|the) same day\b", re.IGNORECASE
        ),
        "this day last year",
    ),
    (
        prefilter.compile(r"\b(?:in )?(?:the )?last year (?:in )?the end\b", re.IGNORECASE),
        "the end of last year",
    ),
    (
        prefilter.compile(
            rf"\b(?:in )?(?:the )?previous year ((?:{_MONTHS})(?: \d{{1,2}})?)\b", re.IGNORECASE
        ),
        r"\1 last year",
    ),
    (
        prefilter.compile(
            rf"\b(?:in )?(?:the )?(last|this) year,? (?:in )?"
            rf"(?!(?:{_MONTHS}) (?:\d{{1,2}}(?:st|nd|rd|th)?|first|second|third|fourth|last) (?:week|half)\b)"
            rf"((?:{_MONTHS})(?: \d{{1,2}}(?:st|nd|rd|th)?)?)\b",
            re.IGNORECASE,
        ),
        r"\2 \1 year",
    ),
    (
        prefilter.compile(
            r"\b(?:in )?(last|this|next) month(?:'s)? (?:the )?(first|last) (day|week|half)\b", re.IGNORECASE
        ),
        r"the \2 \3 of \1 month",
    ),
    (
        prefilter.compile(
            r"\b(?:in )?(?:the )?(last|this|next) month(?:'s)? (first|last|second) (day|week|half)\b",
            re.IGNORECASE,
        ),
        r"the \2 \3 of \1 month",
    ),
    (
        prefilter.compile(
            r"\b(?:in )?(this|last) year(?:'s)? first (\d+|two|three|four|five|six) months\b", re.IGNORECASE
        ),
        r"the first \2 months of \1 year",
    ),
    (
        prefilter.compile(r"\bthe (\d{1,2}) of (this|last|next) month\b", re.IGNORECASE),
        r"the \1th of \2 month",
    ),
    (
        prefilter.compile(
            r"\bafter (\d+|a|one|two|three|four|five|six) (weeks?|months?)\b"
            r"(?! (?:of|from|in|at|before|after|the)\b)",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    (
        prefilter.compile(r"\b(\d+|a|one|two|three) (week|day)s? before today\b", re.IGNORECASE),
        r"\1 \2s ago today",
    ),
    (
        prefilter.compile(
            r"\bfrom (\d+|a|one|two|three|four|five|six|seven|ten) (days?|weeks?)\b"
            r"(?! (?:ago|back|before|after|later|from|to|of|in)\b)",
            re.IGNORECASE,
        ),
        r"since \1 \2",
    ),
    (
        prefilter.compile(r"\b(\d+|one|two|three|four) (weeks?) before,? on (\w+day)\b", re.IGNORECASE),
        r"\1 \2 ago \3",
    ),
    (prefilter.compile(r"\b(?:in|on) (?:the )?valentine\b(?!'?s)", re.IGNORECASE), "on valentine's day"),
    (
        prefilter.compile(
            r"\bthe (prior|preceding|previous) (\d+|two|three|four|five|six|seven|ten|fortnight)\b"
            r"(?! (?:years?)\b)",
            re.IGNORECASE,
        ),
        r"the past \2",
    ),
    (
        prefilter.compile(r"\bthe (\d+|two|three|four|five|six) (days|weeks|months) prior\b", re.IGNORECASE),
        r"the past \1 \2",
    ),
    (
        prefilter.compile(
            r"\b(?:this past|the previous) quarter\b|\bthe quarter (?:that )?just (?:ended|gone|finished)\b",
            re.IGNORECASE,
        ),
        "last quarter",
    ),
    (
        prefilter.compile(rf"\bthe (\d{{1,2}}(?:st|nd|rd|th)) day of (?=(?:{_MONTHS})\b)", re.IGNORECASE),
        r"the \1 of ",
    ),
    (
        prefilter.compile(r"\b(last|this|next) (?:year|yr)'?s? (q[1-4]|h[12])\b(?! close)", re.IGNORECASE),
        r"\2 \1 year",
    ),
    (
        prefilter.compile(r"\b(last|this|next) (?:year|yr)'?s? (q[1-4]) close\b", re.IGNORECASE),
        r"the \2 close \1 year",
    ),
    (
        prefilter.compile(
            r"\bbetween ((?:\w+ ){1,3}?\w+) and (?=(?:the )?\d{1,2}(?:st|nd|rd|th)\b"
            r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b(?!,? ?(?:19|20)\d{2}))",
            re.IGNORECASE,
        ),
        r"from \1 to ",
    ),
    (
        prefilter.compile(
            r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) (or|and|n|&) "
            r"(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b",
            re.IGNORECASE,
        ),
        lambda m: f"{_FULL_DAY[m[1].lower()]} {m[2]} {_FULL_DAY[m[3].lower()]}",
    ),
    (
        prefilter.compile(
            r"\bin (?=(?:[12]\d|3[01])/(?:0?[1-9]|1[0-2])\b(?!/)"
            r"|(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])\b(?!/))",
            re.IGNORECASE,
        ),
        "on ",
    ),
    (
        prefilter.compile(
            rf"\bin ((?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?)\b"
            r"(?! ?(?:am|pm|:|\d)| (?:weeks?|half|fortnight|weekend)\b)",
            re.IGNORECASE,
        ),
        r"on \1",
    ),
)
"""Word orders of English as people who learned it write it, as the rules read them: "the day before
of yesterday", "tomorrow's day after", "the month passed", "the previous to previous sunday", "the mid
of", "sunday coming", "this week in the saturday", "last year this same month", "last year in the
end", "last year december 31", "last month last day", "this year first 3 months", "the 3 of this month", "the
3 last days of March", "one month before today", "the yesterday's yesterday", "the weekend which just
finish", "last month in its middle"."""
_EN_LEARNED_HINT = prefilter.compile(
    # One word boundary in front of every branch: at most positions the search fails at once. It
    # reads the lowercased query (a case-blind search of this many branches costs three times as much).
    r"\b(?:"
    + "|".join(
        (
            r"before (?:of|today|the last one)\b",
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)?day (?:after|before|coming|of)\b",
            "passed",
            "went by",
            "previous",
            r"mid of\b",
            "weekend coming",
            r"month[- ]?end\b",
            r"these \w+ days\b",
            r"half (?:a )?month\b",
            r"last one\b",
            r"(?:week|month) before this\b",
            "next tomorrow",
            r"this aft\b",
            r"on new year\b",
            r"month,? (?:in )?the (?:starting|beginning|start)\b",
            r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* month\b",
            r"from (?:the )?\d{1,2}(?:st|nd|rd|th) (?:till|until|to|thru|through) (?:today|now)\b",
            r"the same (?:day|date) (?:of )?last month\b",
            r"(?:yesterday|tomorrow)'?s (?:yesterday|tomorrow)\b",
            r"the \w+ (?:last|first) (?:days|weeks)\b",
            r"(?:day|week|month|year)s? before today\b",
            r"week,? since\b",
            r"(?:after|before) the (?:tomorrow|yesterday)\b",
            r"before the last\b",
            r"this year'?s?,? (?:the )?(?:spring|summer|fall|autumn|winter)\b",
            r"(?:this|last) year,? (?:the |in the )?(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter\b",
            r"(?:days?|weeks?|months?|years?) before\b",
            r"long (?:time )?ago\b",
            r"just past\b",
            r"dated \d",
            r"(?:at|the) year[- ]end\b",
            r"trailing \w+ days\b",
            r"l\d{1,3}d\b",
            r"[a-z]{1,3}\d?\.? ?['’]\d{2}\b",
            r"[a-z]{3,9}'s (?:final|last) (?:wk|week)\b",
            r"month,? in (?:its|the)\b",
            r"weekend (?:that |which )?(?:has |had )?(?:just )?(?:passed|went|finish|ended|gone)",
            r"weekend just gone\b",
            r"year[- ]end\b",
            r"between (?:xmas|christmas)\b",
            r"a year ago this week\b",
            r"these \w+ weeks\b",
            r"(?:19|20)\d{2} (?:ending|end)\b",
            r"or the day (?:after|before)\b",
            r"all of\b",
            r"the (?:week|month|year) before(?: that)?\b",
            r"the day before the day before\b",
            r"in a couple\b",
            r"calendar (?:month|year|week|quarter)\b",
            r"month'?s? (?:final|last)\b",
            r"back half of\b",
            r"this whole week\b",
            r"last week end\b",
            r"until now\b",
            r"after (?:tmrw|tmr|tomorow|tomorrow)\b",
            r"(?:last|past) half\b",
            r"(?:in|on) valentine\b",
            r"the \d{1,2}(?:st|nd|rd|th),? (?:last|this|next) month\b",
            r"(?:night|nite|morning|evening) before last\b",
            r"the last (?:year|week|days|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
            r"before[- ]yesterday\b",
            r"trimester\b",
            r"'s (?:final|last) day\b",
            r"this (?:date|very day) last\b",
            r"the day \d",
            r"the \d{1,2} of the month\b",
            r"passed weekend\b",
            r"\w+ that comes\b",
            r"the \w+ first (?:days|weeks|months)\b",
            r"(?:last|this) year,? in\b",
            r"in a couple\b",
            r"quarter (?:one|two|three|four)\b",
            r"a week ago yesterday\b",
            r"(?:yesterday|today) (?:or|and|n) the day before\b",
            r"(?:last|this|next) month,? on the\b",
            r"earlier (?:on )?in the week\b",
            r"the day before last\b",
            r"just (?:finish|ended|gone)",
            r"(?:\d|two|three|four) \w+days before\b",
            r"previous year\b",
            r"coming\b",
            "next to next",
            "fortnight",
            r"from (?:the \d|\w+ (?:days?|weeks?)\b)",
            r"weeks? (?:in the|on the|(?:mon|tues|wednes|thurs|fri|satur|sun)day|before,? on)\b",
            r"same (?:month|day)\b",
            r"the (?:end\b|\d{1,2} of\b|valentine\b)",
            r"(?:last|this) year [a-z]{3,9}\b",
            r"month(?:'s)? (?:the )?(?:first|last|second)\b",
            r"year(?:'s)? first\b",
            r"after \w+ (?:weeks?|months?)\b",
            r"in (?:\d{1,2}/\d|[a-z]{3,9} \d)",
            r"(?:year|yr)'?s? [qh]\d",
            r"between\b",
            r"prior\b",
            r"preceding\b",
            "quarter",
            r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) (?:or|and|n|&) ",
        )
    )
    + ")"
)


def learned_word_orders(query: str) -> str:
    """Word orders of English as people who learned it write it (`_EN_LEARNED`)."""
    return _substituted(query, _EN_LEARNED) if _EN_LEARNED_HINT.search(query.lower()) else query
