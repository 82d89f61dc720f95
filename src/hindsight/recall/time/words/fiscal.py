"""Fiscal notations as the calendar periods they name (fiscal years are calendar years): "Q3 FY26",
"1H26", "2025财年", a date of eight digits; and, where the user's region keeps a financial or tax year of its
own (`region.FISCAL_YEARS`, `region.TAX_YEARS`), its fiscal and tax years as the rules that read the region's
years write them ("last financial year", "financial year 2026", "tax year 2026")."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from hindsight import prefilter
from hindsight.recall.time.region import _REGION, YearStart, _fiscal_year_start
from hindsight.recall.time.vocabulary import zh_number
from hindsight.recall.time.words.rewrite import _substituted

_FISCAL = (
    (prefilter.compile(r"\bfiscal (?P<k>q[1-4]|h[12]) '?(?P<y>\d{2})\b", re.IGNORECASE), r"\g<k> 20\g<y>"),
    (
        prefilter.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?'?(?P<y>\d{2}(?!\d))\b", re.IGNORECASE
        ),
        r"\g<k> 20\g<y>",
    ),
    (
        prefilter.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?(?P<y>(?:19|20)\d{2})\b", re.IGNORECASE
        ),
        r"\g<k> \g<y>",
    ),
    (prefilter.compile(r"\b(?P<n>[12])h'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"H\g<n> 20\g<y>"),
    (prefilter.compile(r"\b(?P<n>[1-4])q'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"Q\g<n> 20\g<y>"),
    (prefilter.compile(r"(?P<y>(?:19|20)\d{2})\s*(?:年度|财年)"), r"\g<y>年"),
    (
        prefilter.compile(r"(?<![A-Za-z])fy ?'?(?P<y>\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE),
        r"20\g<y>年",
    ),
    (
        prefilter.compile(
            r"(?<![A-Za-z])fy ?(?P<y>(?:19|20)\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE
        ),
        r"\g<y>年",
    ),
    (prefilter.compile(r"上一?个?财年"), "去年"),
    (prefilter.compile(r"(?:本|这一?个?|今)财年"), "今年"),
    (prefilter.compile(r"财季"), "季度"),
    (prefilter.compile(r"\b(?:the )?(last|this|next) fiscal year\b", re.IGNORECASE), r"\1 year"),
    (prefilter.compile(r"\bthe fiscal year\b", re.IGNORECASE), "the year"),
    (prefilter.compile(r"\bfy ?'?(\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 20\1"),
    (prefilter.compile(r"\bfy ?((?:19|20)\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 \1"),
    (
        prefilter.compile(
            r"\b(?P<p>on|dated|of|from) (?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])\b"
        ),
        r"\g<p> \g<y>-\g<m>-\g<d>",
    ),
    (
        prefilter.compile(
            r"(?<=时间|日期)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"
        ),
        r"\g<y>-\g<m>-\g<d>",
    ),
    (
        prefilter.compile(
            r"(?<!\d)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?=那天|当天|这天|那日|那一天)"
        ),
        r"\g<y>-\g<m>-\g<d>",
    ),
)
"""Fiscal notations as the calendar periods they name (fiscal years are calendar years): "Q3 FY26"
as "Q3 2026", "1H26" as "H1 2026", "3Q26" as "Q3 2026", "2025财年" / "2025年度" as "2025年", 上一财年 as
去年; a date of eight digits after "on" ("the call on 20260304") as 2026-03-04."""
_FISCAL_HINT = prefilter.compile(
    r"fy|fiscal|\d[hq]'?\d|财|年度|\b(?:on|dated|of|from) 20\d{6}\b|(?:时间|日期)20\d{6}|20\d{6}(?:那|当|这)",
    re.IGNORECASE,
)


def fiscal_as_calendar(query: str) -> str:
    """Fiscal notations as the calendar periods they name (`_FISCAL`)."""
    return _substituted(query, _FISCAL) if _FISCAL_HINT.search(query) else query


_REGION_HINT = prefilter.compile(
    r"fy|fiscal|financial|\bfin\b|tax year|assessment|财|年度|税年", re.IGNORECASE
)
"""A word of a financial or tax year: a query without one skips `fiscal_by_region`."""
_WHICH = {
    **dict.fromkeys(("this", "current", "present", "本", "这", "今", "呢"), "this"),
    **dict.fromkeys(("last", "previous", "prior", "preceding", "past", "上"), "last"),
    **dict.fromkeys(("next", "coming", "following", "下"), "next"),
}
"""Which financial year a word before it names (the one holding today, the one before, the one after)."""
_ORDINAL = {"1": "first", "2": "second", "3": "third", "4": "fourth"}
_MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December")  # fmt: skip


def _named(year: str) -> int:
    """A year's number as said ("26", "'26", "2026")."""
    digits = year.lstrip("'")
    return int(digits) + (2000 if len(digits) == 2 else 0)


def _part_of(kind: str, number: int, year: int, start: YearStart, zh: bool) -> str:
    """Quarter or half `number` of the financial year named `year`, as the calendar period it is ("Q3 FY26" in
    Australia: "Q1 2026"; in India: "Q4 2025"; "FY26上半年" in India: "2025年4月到2025年9月")."""
    month, _, by_end = start
    begins = year - 1 if by_end and month > 1 else year
    months = 3 if kind == "q" else 6
    count = month - 1 + months * (number - 1)
    first_year, first_month = begins + count // 12, count % 12 + 1
    last_count = count + months - 1
    last_year, last_month = begins + last_count // 12, last_count % 12 + 1
    if months == 3:
        quarter = (first_month - 1) // 3 + 1
        return f"{first_year}年第{'一二三四'[quarter - 1]}季度" if zh else f"Q{quarter} {first_year}"
    if first_month in (1, 7):
        half = 1 if first_month == 1 else 2
        return f"{first_year}年{'上下'[half - 1]}半年" if zh else f"H{half} {first_year}"
    if zh:
        return f"{first_year}年{first_month}月到{last_year}年{last_month}月"
    names = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December")  # fmt: skip
    return f"{names[first_month - 1]} {first_year} to {names[last_month - 1]} {last_year}"


def _zh_part(part: str) -> tuple[str, int]:
    """A Chinese part of a year (第三季度, Q3, H1, 上半年) as ("q" or "h", its number)."""
    part = part.lower().lstrip("第").rstrip("季度")
    if part in ("上半年", "下半年"):
        return "h", 1 if part == "上半年" else 2
    if part[0] in "qh":
        return part[0], int(part[1])
    return "q", zh_number(part)


def _year_words(which: str, tax: bool) -> str:
    return f"{_WHICH[which.lower()]} {'tax' if tax else 'financial'} year"


_Row = tuple[prefilter.Pattern, Callable[[re.Match[str], YearStart], str]]


def _two_years(first: str, second: str, said: str, start: YearStart, tax: bool) -> str:
    """ "FY2025-26", "the 2025/26 tax year": the year that begins in `first` and ends in `second`, by the
    number the region names it with; as `said` when the two are not a year apart."""
    if (int(first) + 1) % 100 != int(second) % 100:
        return said
    year = int(first) + (2000 if len(first) == 2 else 0)
    return f"{'tax' if tax else 'financial'} year {year + 1 if start[2] else year}"


_FISCAL_BY_REGION: tuple[_Row, ...] = tuple(
    (prefilter.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # a quarter or half of a financial year named by its number: the calendar period it is
        (
            r"\b(?:fiscal )?(?P<k>q[1-4]|h[12]) ?(?:fy|fiscal(?: year)?) ?(?P<y>(?:19|20)\d{2}|'?\d{2})(?![0-9A-Za-z])"
            r"|\bfiscal (?P<k2>q[1-4]|h[12]) (?P<y2>(?:19|20)\d{2}|'?\d{2})\b"
            r"|\b(?P<n>[1-4])(?P<k3>[hq]) ?fy ?(?P<y3>(?:19|20)\d{2}|'?\d{2})\b",
            lambda m, start: (
                _part_of(
                    (m["k"] or m["k2"] or m["k3"])[0].lower(),
                    int(m["n"] or (m["k"] or m["k2"])[1]),
                    _named(m["y"] or m["y2"] or m["y3"]),
                    start,
                    zh=False,
                )
                if not (m["k3"] and m["k3"].lower() == "h" and m["n"] not in "12")
                else m.group(0)
            ),
        ),
        (
            r"\bfy ?(?P<y>(?:19|20)\d{2}|'?\d{2}) ?(?P<k>q[1-4]|h[12])(?![0-9A-Za-z])"
            r"|(?<!\d)(?P<y2>(?:19|20)\d{2}|[1-3]\d)(?:财年|财政年度|会计年度)\s?(?:的)?(?P<k2>[qh][1-4])(?![0-9])",
            lambda m, start: (
                _part_of(
                    (m["k"] or m["k2"])[0].lower(),
                    int((m["k"] or m["k2"])[1]),
                    _named(m["y"] or m["y2"]),
                    start,
                    zh=False,
                )
                if (m["k"] or m["k2"])[0].lower() == "q" or (m["k"] or m["k2"])[1] in "12"
                else m.group(0)
            ),
        ),
        (
            r"(?:\bfy ?(?P<y>(?:19|20)\d{2}|'?\d{2})|(?<!\d)(?P<y2>(?:19|20)\d{2}|[1-3]\d)(?:财年|财政年度|会计年度))"
            r"\s?(?:的)?(?P<p>第?[一二三四1-4]季度?|上半年|下半年)",
            lambda m, start: _part_of(*_zh_part(m["p"]), _named(m["y"] or m["y2"]), start, zh=True),
        ),
        # a financial year named by two years, or by one
        (
            r"\b(?:fy|fiscal(?: year)?|financial year) ?(?P<a>(?:19|20)\d{2})[/-](?P<b>(?:19|20)?\d{2})\b"
            r"|\bfy ?(?P<a2>\d{2})[/-](?P<b2>\d{2})\b"
            r"|\b(?:the )?(?P<a3>(?:19|20)\d{2})[/-](?P<b3>(?:19|20)?\d{2}) (?:financial|fiscal) year\b",
            lambda m, start: _two_years(
                m["a"] or m["a2"] or m["a3"], m["b"] or m["b2"] or m["b3"], m.group(0), start, tax=False
            ),
        ),
        (
            r"(?<!week of )\b(?:fy|fiscal(?: year)?|financial year) ?(?P<y>(?:19|20)\d{2}|'?\d{2})(?![0-9])"
            r"|(?<!\d)(?P<y2>(?:19|20)\d{2}|[1-3]\d)(?:财年|财政年度|会计年度)",
            lambda m, start: f"financial year {_named(m['y'] or m['y2'])}",
        ),
        # so far this financial year; its end
        (
            r"\b(?:fytd|fy to date|(?:fiscal|financial) year to date)\b",
            lambda m, start: "financial year to date",
        ),
        # the EOFY sales (Australia's run through June): the financial year's last month;
        # the new financial year's start, said in Chinese before 以后 / 以来 (新财年开始以后): from it to today
        (
            r"\beofy\s?(?:sales?|specials?|deals?|promos?|clearance|大促|促销|打折|特卖|折扣)",
            lambda m, start: f"the month of {_MONTH_NAMES[(start[0] - 2) % 12]}",
        ),
        (
            # (the forty-ninth round: "这个FY到现在")
            r"(?:新|本|这个?|今)?一?个?(?:(?:财年|财政年度|会计年度)(?:开始|开头|起)(?:以后|以来|之后|后|到现在|至今)"
            r"|\s?fy\s?(?:开始)?(?:到现在|至今|以来))"
            # the fiftieth round: 今年财年到现在; "since the new financial year started"
            r"|今年(?:的)?(?:财年|财政年度)(?:开始)?(?:到现在|至今|以来)"
            r"|\bsince (?:the )?(?:new )?(?:financial|fiscal|tax) year (?:started|began|kicked off|kicked in|rolled over)\b"
            r"|\bsince (?:the )?(?:new )?fy (?:started|began|kicked off|kicked in|rolled over)\b",
            lambda m, start: "since the start of this financial year ",
        ),
        (
            r"\beofy\b|\b(?:the )?end of (?:the )?(?:financial|fiscal) year\b|\b(?:the )?(?:financial|fiscal) year[- ]end\b"
            r"|\b(?:the )?fy[- ]?end\b",
            lambda m, start: "the end of the financial year",
        ),
        # which financial year: this, the last, the next; in Chinese, with a part of it after
        (
            r"\b(?:the )?(?P<w>this|current|present|last|previous|prior|preceding|past|next|coming|following)"
            r" (?:fiscal|financial|fin\.?) year\b|\b(?P<w2>this|current|last|previous|prior|next) fy\b(?!-)"
            r"|\b(?P<w3>this|last|next) fiscal\b(?! (?:quarter|qtr|q[1-4]?|month|period|week|half|h[12]|calendar)\b)",
            lambda m, start: _year_words(m["w"] or m["w2"] or m["w3"], tax=False),
        ),
        # the thirty-fourth round: "the financial year that just ended", "the FY just gone": the last one
        (
            r"\bthe (?:(?:fiscal|financial) year|fy) (?:that |which )?(?:has )?(?:just )?"
            r"(?:ended|finished|closed|gone|passed)\b",
            lambda m, start: "last financial year",
        ),
        (r"\bthe fiscal year\b", lambda m, start: "the financial year"),
        (
            r"\bfiscal (?P<k>q[1-4]|h[12])\b(?! ?'?\d)",
            lambda m, start: f"{m['k'].upper()} of the financial year",
        ),
        (
            r"(?P<w>上上|上|本|这|今|下|呢)一?个?(?:财年|财政年度|会计年度|\s?(?:financial|fiscal) year\b|\s?(?i:fy)(?![a-z0-9]))"
            r"(?:的)?(?P<p>第?[一二三四1-4]季度?|[QqHh][1-4](?![0-9])|上半年|下半年)?"
            r"|(?<![\d年])(?:财年|财政年度|会计年度)(?:的)?(?P<p2>第?[一二三四1-4]季度?|[QqHh][1-4](?![0-9])|上半年|下半年)",
            lambda m, start: _zh_financial_year(m),
        ),
        # the thirty-fourth round: 年度 said as the financial year where the region keeps one (Japan's 昨年度,
        # 今年度上半期 — 上期 and 下期 its halves, 四半期 its quarters —; 上年度, 本年度 in Chinese); 前年度 is the
        # last one in Japanese only (in Chinese, 前年 is the year before last)
        (
            r"(?<![\d年])(?P<w>昨|今|来|本|上|去|下|前)年度(?:の|的)?"
            r"(?P<p>上半期|下半期|上期|下期|上半年|下半年|第?[一二三四1-4](?:四半期|季度|季))?",
            lambda m, start: _nendo(m),
        ),
        (r"上半财年", lambda m, start: "the first half of this financial year"),
        (r"下半财年", lambda m, start: "the second half of this financial year"),
    )
)
"""Financial years where the region keeps its own (`fiscal_by_region`): a quarter or half of a numbered one as
the calendar period it is; a numbered one, this / last / next one, its end, so far this one, as the words
rules/office.py reads with the region's year ("financial year 2026", "last financial year")."""


def _zh_financial_year(m: re.Match[str]) -> str:
    """上个财年 / 本财年 / 上上个财年, or a part of one (上一财年H2, 财年第三季度: this one's), as `rules/office.py`
    reads them ("last financial year", "the third quarter of this financial year")."""
    which, part = m["w"] or "本", m["p"] or m["p2"]
    year = "the financial year before last" if which == "上上" else _year_words(which, tax=False)
    if part is None:
        return year
    if part[0] in "Hh" and part[1] not in "12":
        return m.group(0)
    kind, number = _zh_part(part)
    return f"the {_ORDINAL[str(number)]} {'quarter' if kind == 'q' else 'half'} of {year}"


_NENDO = {
    "昨": "last",
    "前": "last",
    "上": "last",
    "去": "last",
    "今": "this",
    "本": "this",
    "来": "next",
    "下": "next",
}


def _nendo(m: re.Match[str]) -> str:
    """昨年度 / 今年度 / 来年度 (with a half or a quarter after it) as the financial year `rules/office.py` reads."""
    if m["w"] == "前" and _REGION.get() != "JP":
        return m.group(0)
    year = f"{_NENDO[m['w']]} financial year"
    part = m["p"]
    if part is None:
        return year
    if part.startswith(("上", "下")):
        return f"the {'first' if part[0] == '上' else 'second'} half of {year}"
    number = zh_number(part.lstrip("第")[0])
    return f"the {_ORDINAL[str(number)]} quarter of {year}"


_TAX_BY_REGION: tuple[_Row, ...] = tuple(
    (prefilter.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (
            # Hong Kong's "year of assessment" by its two years, as the
            # tax year it is (the Inland Revenue Department's "2025/26 year of assessment")
            r"\b(?:the )?(?P<a>(?:19|20)\d{2})[/-](?P<b>(?:19|20)?\d{2}) (?:tax year|year of assessment)\b"
            r"|\b(?:tax year|year of assessment) (?P<a2>(?:19|20)\d{2})[/-](?P<b2>(?:19|20)?\d{2})\b",
            lambda m, start: _two_years(m["a"] or m["a2"], m["b"] or m["b2"], m.group(0), start, tax=True),
        ),
        # (the forty-ninth round: "the 2027 year of assessment", South Africa's SARS, as its tax year; the two
        # years in Chinese, "2025/26課稅年度", Hong Kong's)
        (
            r"\b(?:the )?(?P<y>(?:19|20)\d{2}) (?:tax year|year of assessment)\b",
            lambda m, start: f"tax year {m['y']}",
        ),
        (
            r"(?<!\d)(?P<a>(?:19|20)\d{2})[/-](?P<b>(?:19|20)?\d{2})\s?(?:课税|纳税|税务|报税|评税)年度",
            lambda m, start: _two_years(m["a"], m["b"], m.group(0), start, tax=True),
        ),
        # the fiftieth round: both years in two digits ("the 26/27 tax year", "26/27課稅年度"): one year after the
        # other, or no year
        (
            r"(?<![\d/.])(?P<a>\d{2})[/-](?P<b>\d{2})(?![\d/.])\s?(?:tax year|year of assessment|(?:课税|纳税|税务|报税|评税)年度)",
            lambda m, start: (
                _two_years(f"20{m['a']}", m["b"], m.group(0), start, tax=True)
                if int(m["b"]) == (int(m["a"]) + 1) % 100
                else m.group(0)
            ),
        ),
        (
            r"\b(?:the )?(?P<w>this|current|present|last|previous|prior|preceding|past|next|coming|following)"
            r" (?:tax year|year of assessment)\b",
            lambda m, start: _year_words(m["w"], tax=True),
        ),
        (
            r"(?P<w>上|本|这|今|下|呢)一?个?(?:(?:纳税|税务|报税|课税|财税)年度|税年)",
            lambda m, start: _year_words(m["w"], tax=True),
        ),
        # a Chinese word of which before the English name ("这个 tax year",
        # 上个 tax year; Cantonese 呢个报税年度 above)
        (
            r"(?P<w>上|本|这|今|下|呢)一?个?\s?tax year(?![A-Za-z])(?P<so_far>\s?(?:开始)?(?:到现在|至今|以来))?",
            lambda m, start: (
                "tax year to date " if m["so_far"] and m["w"] in "本这今呢" else _year_words(m["w"], tax=True)
            ),
        ),
        # the thirty-fourth round: "the tax year that just ended", "the tax year just gone": the last one
        (
            r"\bthe tax year (?:that |which )?(?:has )?(?:just )?(?:ended|finished|closed|gone|passed)\b",
            lambda m, start: "last tax year",
        ),
    )
)
"""Tax years where the region's is not the calendar year: this / last / next one, one named by its number or
its two years, as the words rules/office.py reads with the region's tax year ("last tax year", "tax year
2026")."""


def fiscal_by_region(query: str) -> str:
    """`query` with its financial and tax years as the region reads them (`_FISCAL_BY_REGION`,
    `_TAX_BY_REGION`), where the user's region (or the place the query names) keeps a year of its own;
    unchanged without a region, and where the region's years are calendar years (then `fiscal_as_calendar`
    reads them)."""
    if _REGION.get() is None or not _REGION_HINT.search(query):
        return query
    for table, tax in ((_FISCAL_BY_REGION, False), (_TAX_BY_REGION, True)):
        start = _fiscal_year_start(query, tax)
        if start is None:
            continue
        for pattern, replacement in table:
            query = pattern.sub(partial(_replaced, replacement, start), query)
    return query


def _replaced(
    replacement: Callable[[re.Match[str], YearStart], str], start: YearStart, m: re.Match[str]
) -> str:
    said = replacement(m, start)
    after = m.string[m.end() : m.end() + 1]
    # the English written for Chinese keeps a space before English said right after it ("上个税务年度IRD退了…",
    # "上个财年的tax invoice": the fiftieth round)
    if (
        said != m.group(0)
        and said[-1:].isascii()
        and said[-1:].isalnum()
        and after.isascii()
        and after.isalnum()
    ):
        return said + " "
    return said


_PART_AWAY_FROM_ITS_YEAR = prefilter.compile(
    r"\b(?P<part>q[1-4]|h[12]|first half|second half|first quarter|second quarter|third quarter|fourth quarter)"
    r"\s+(?P<between>(?:(?!of\b)[a-z]+\s+){1,2}?)"
    r"(?P<year>of (?:this|last|next|the current|the previous|the last|current|previous) "
    r"(?:fiscal(?: year)?|financial year|fy))\b",
    re.IGNORECASE,
)
"""A part of a financial year with what it holds said between them ("H1 expenses of this fiscal")."""


def part_next_to_its_year(query: str) -> str:
    """ "H1 expenses of this fiscal" as "H1 of this fiscal expenses": the part beside the year it is a part of,
    as the rules read it."""
    if "of " not in query.lower():
        return query
    return _PART_AWAY_FROM_ITS_YEAR.sub(lambda m: f"{m['part']} {m['year']} {m['between'].rstrip()}", query)
