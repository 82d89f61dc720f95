"""Office and back-office shorthand (the twenty-sixth round): "the current quarter", "FY-26", "2H
2026", "E.O.W.", "back half of last year", "last Q", "WD3 of next month"."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.names import _MONTHS
from hindsight.recall.time.words.number_words import _nth
from hindsight.recall.time.words.rewrite import _substituted

_OFFICE_HINT = prefilter.compile(
    # read on the lowered query; the lookahead lets a search skip most characters at once
    r"(?=[cyfb财滚wkem.\-\dqh])(?:current|year[- ]?end|ye |fy|back half|财|滚动|week (?:next|last) week|w/e"
    r"|(?:wk|week|cw|kw|ww)(?:\.|-| ?#| no| number)|e\.o\.|c\.o\.b|[-.]t[-.]d|\d(?:[hq] | ?h\b|年|-[a-z]{3})"
    r"|[qh]\d(?: '?\d\d|[-/]\d))"
)


def _undotted(m: re.Match[str]) -> str:
    """ "E.O.W.", "c.o.b.", "y-t-d": the shorthand without its dots or hyphens."""
    if m[1]:
        return f"eo{m[1].lower()}"
    return "cob" if m[2] is None else f"{m[2].lower()}td"


_OFFICE = tuple(
    (prefilter.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\b(?:the )?current (?:fiscal|financial) year\b", "this year"),
        (r"\bnext fy\b(?!-)", "next year"),
        (r"\b(?:the )?current (year|quarter|month|week)\b", r"this \1"),
        (r"\bfy-(?=(?:19|20)?\d{2}\b)", "FY"),
        (r"\b([12])([hq]) (?:fy ?)?'?((?:19|20)\d{2})\b", lambda m: f"{m[2].upper()}{m[1]} {m[3]}"),
        (
            r"\b(q[1-4]|h[12]) '?(1[5-9]|[23]\d)\b(?![\d%/:.]| ?(?:days?|weeks?|months?|years?|hours?|hrs?"
            r"|mins?|minutes?|people|staff|items?|units?|orders?|tickets?|deals?|customers?|accounts?|stores?|x)\b)",
            r"\1 20\2",
        ),
        (r"\bthe back half of the year\b", "the second half of the year"),
        (r"\b(last|past|previous|prior|next|within(?: the)?(?: last| past)?) (\d{1,3}) ?h\b", r"\1 \2 hours"),
        (r"\bend of the week (next|last) week\b", r"end of \1 week"),
        (r"\b(wk|week|cw|kw|ww)(?:\.|-| ?#| no\.?| number) ?(?=\d)", r"\1 "),
        (r"\b([0-3]?\d)-(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b(?![-/]\d)", r"\1 \2"),
        (r"\b(?:e\.o\.([wdmqy])|c\.o\.b|([ymqwh])[-.]t[-.]d)\b\.?", _undotted),
        (r"\b(q[1-4]|h[12])[-/]'?(1[5-9]|[23]\d)\b(?![-/]\d)", r"\1 20\2"),
        (
            r"\b(this|last|next|over the|at the|on the|during the|the) w/e(?:nd)?\b"
            r"(?! *(?:\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
            r"\1 weekend",
        ),
        (r"\bw/end\b", "weekend"),
        (r"下一?个?财年", "明年"),
        (r"上半财年|财年上半年", "上半年"),
        (r"下半财年|财年下半年", "下半年"),
        (
            r"(?<![\d])([12]\d)年(?=\s?(?:q[1-4]|h[12]|第?[一二三四1-4]季|上半年|下半年|全年|年底|年初|年中|年末))",
            r"20\1年",
        ),
        (r"(?<![\d])([1-3]\d)(?:财年|财政年度)", r"20\1年"),
        (r"滚动(?:的)?(?=[0-9一二两三四五六七八九十]+个?(?:天|周|星期|礼拜|月))", "近"),
        (r"\b(?:the )?(?:fiscal|financial) year[- ]end\b|\b(?:the )?fy[- ]?end\b", "the end of the year"),
        (r"\bby (?:the )?year[- ]end\b", "by the end of the year"),
        (
            r"\b(?:the )?(?:year[- ]end|ye) (?=(?:close|closing|audit|review|count|stocktake|inventory"
            r"|accounts|reporting|books|numbers|results|crunch|deadline|push|adjustments|accruals)\b)",
            "the end of the year ",
        ),
    )
)
"""Office shorthand (the twenty-sixth round): "the current quarter", "FY-26", "next FY", "2H 2026", "Q1 26",
"the year-end close", "the fiscal year end"."""

_BACK_OFFICE_HINT = prefilter.compile(
    r"\b(?:back|front|latter|former)[- ]half|\b[12]h (?:last|this|next) year"
    r"|week of (?:the|last|this|next) quarter|\b(?:last|this|next|prior|previous) q\b"
    r"|\b(?:wd|bd)[- ]?\d|\bp\d|(?:this|last|next) fiscal\b|(?:early|late) (?:last|this|next) q"
    r"|(?:prior|preceding|previous) \w+ (?:days|weeks|months)|\d ?[dw] (?:ago|back)|\d ?mo\b"
    r"|fortnight (?:of|in)|(?:first|last) (?:two|2|three|3) weeks"
    r"|(?:business|working) day (?:next|last|this) month|\d(?:st|nd|rd|th) (?:wd|bd)\b"
    r"|[\d一二三四]\s*[-~～至到—–]\s*第?[\d一二三四]{1,2}\s*(?:月|季度)|年度|q[1-4]\s*季"
)
_BACK_OFFICE = tuple(
    (prefilter.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # "back half of last year" (no "the"), "the front half of this year": the second / first half
        (
            r"\b(?:the )?(back|front|latter|former)[- ]half of (last|this) year\b",
            lambda m: (
                f"the {'second' if m[1].lower() in ('back', 'latter') else 'first'} half of {m[2]} year"
            ),
        ),
        # "2H last year", "1H this year": as "H2 last year"
        (r"\b([12])h (last|this|next) year\b", r"H\1 \2 year"),
        # "first week of the quarter", "last week of last quarter" ("the" left out): that week of this / that
        # quarter
        (
            r"\b(?:the )?(first|last|final) week of (?:the|(last|this|next)) quarter\b",
            lambda m: f"the {m[1]} week of {m[2] or 'this'} quarter",
        ),
        # "contracts signed this fiscal", "last fiscal's audit": the fiscal year, read as the calendar one
        (
            r"\b(this|last|next) fiscal\b"
            r"(?!-| (?:year|yr|quarter|qtr|q[1-4]?|month|period|week|half|h[12]|calendar)\b)",
            r"\1 year",
        ),
        # "last fiscal quarter", "this fiscal month": that quarter, that month
        (r"\b(this|last|next) fiscal (quarter|qtr|month)\b", r"\1 \2"),
        # "early next quarter", "late last quarter": its first / last month, as "the beginning / end of" it
        (
            r"\b(early|late) (last|this|next) (quarter|qtr)\b",
            lambda m: f"the {'beginning' if m[1].lower() == 'early' else 'end'} of {m[2]} quarter",
        ),
        # "prior 30 days", "previous 4 weeks" ("the" left out): as "the past 30 days"
        (
            r"(?<!\bthe )\b(?:prior|preceding|previous) "
            r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve) (days|weeks|months)\b",
            r"the past \1 \2",
        ),
        # "3d ago", "2w back", "past 3mo", "last 12 mo": days, weeks, months
        (r"\b(\d{1,3}) ?d (ago|back)\b", r"\1 days \2"),
        (r"\b(\d{1,2}) ?w (ago|back)\b", r"\1 weeks \2"),
        (r"\b(last|past|previous|prior|next) (\d{1,2}) ?mo\b(?!['.]?\w)", r"\1 \2 months"),
        (r"\b(\d{1,2}) ?mo (ago|back)\b", r"\1 months \2"),
        # "the first fortnight of December", "final fortnight in September", "first two weeks of next month"
        # ("the" left out): as "the first 2 weeks of December"
        (
            r"\b(?:the )?(first|last|final) fortnight (?:of|in) ",
            lambda m: f"the {'last' if m[1].lower() == 'final' else m[1]} 2 weeks of ",
        ),
        (r"(?<!\bthe )\b(first|last) (two|2|three|3) weeks (?:of|in) ", r"the \1 \2 weeks of "),
        # "last Q", "this Q's", "next Q": the quarter ("next Q&A", "this q-tip" are not)
        # ("the last Q on the form", "my next Q" are a question)
        (r"(?<!\bthe )(?<!\bmy )(?<!\byour )\b(last|this|next|prior|previous) q\b(?![&-])", r"\1 quarter"),
        # "WD3 of next month", "BD2 last month", "next month's WD5": that working day of that month
        (
            r"\b(?:wd|bd)[- ]?([1-9]|1\d|2[0-3])\b(?: of| in)? (?:the )?(last|this|next) month(?:'s)?\b",
            lambda m: f"the {_nth(int(m[1]))} working day of {m[2]} month",
        ),
        # "3rd WD of next month", "the 2nd BD in March": the working day
        (r"\b(?:the )?(\d{1,2})(st|nd|rd|th) (?:wd|bd)\b", r"the \1\2 working day"),
        # "first business day next month", "the 3rd working day last month" ("of" left out)
        (
            r"\b((?:first|last|second|third|fourth|fifth|\d{1,2}(?:st|nd|rd|th)) (?:business|working) day)"
            r" (next|last|this) month\b",
            r"\1 of \2 month",
        ),
        (
            rf"\b(?:wd|bd)[- ]?([1-9]|1\d|2[0-3]) (?:of|in) ({_MONTHS})\b",
            lambda m: f"the {_nth(int(m[1]))} working day of {m[2]}",
        ),
        (
            r"\b(last|this|next) month'?s (?:close (?:calendar |schedule )?)?"
            r"(?:wd|bd)[- ]?([1-9]|1\d|2[0-3])\b",
            lambda m: f"the {_nth(int(m[2]))} working day of {m[1]} month",
        ),
        # "booked in P3", "posted to P11": an accounting period, read as "period 3" (a ticket's P3 is not)
        (
            r"\b(booked|posted|accrued|recorded|recogni[sz]ed|expensed|reversed|capitali[sz]ed|reclassed"
            r"|reclassified|journaled|journalled) (in|to|into|during|for) p(1[0-2]|0?[1-9])\b",
            r"\1 \2 period \3",
        ),
        # "3-5月", "1至9月", "去年1-6月": those months, as "3月到5月" reads them ("3-5个月" counts months)
        (
            r"(?<![\d/.\-])(1[0-2]|0?[1-9])\s*(?:-|~|～|至|到|—|–)\s*(1[0-2]|0?[1-9])\s*月",
            r"\1月到\2月",
        ),
        # "1-3季度", "二至四季度", "第一到第三季度": those quarters
        (
            r"(?<![\d/.\-])第?([1-4一二三四])\s*(?:-|~|～|至|到|—|–)\s*第?([1-4一二三四])\s*季度",
            r"\1季度到\2季度",
        ),
        # "Q3季末", "Q1季初", "q4季度末": as "第3季度末"
        (r"\bq([1-4])\s*季度?(末|初|底|尾|头)", r"第\1季度\2"),
        # "本年度", "上年度", "下一年度": this, last, next year
        (r"(?:本|今)年度", "今年"),
        (r"上一?年度", "去年"),
        (r"下一?年度", "明年"),
    )
)
"""Back-office shorthand (the twenty-sixth round, second wave): "back half of last year", "last Q", "WD3 of
next month", "booked in P3"."""


def office_shorthand(query: str) -> str:
    """Office shorthand (`_OFFICE`)."""
    return _substituted(query, _OFFICE) if _OFFICE_HINT.search(query.lower()) else query


def back_office_shorthand(query: str) -> str:
    """Back-office shorthand (`_BACK_OFFICE`)."""
    return _substituted(query, _BACK_OFFICE) if _BACK_OFFICE_HINT.search(query.lower()) else query
