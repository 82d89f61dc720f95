"""Words only a region reads (the thirty-fourth round; `region.py` holds the conventions): a date in Taiwan's
years of the Republic written in digits ("116/11/3"), a year of assessment ("YA2027"), the Fourth (of July) said
alone in the United States, Swahili "jana" (yesterday) in East Africa, Thailand's years of the Buddhist era.
Without a region the query is left as it is."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.region import _REGION, _assessment_shift, _place

_ROC_DATE = prefilter.compile(
    r"(?<![\d/.-])(?:民国)?(?P<y>1[0-2]\d|[6-9]\d)(?P<s>[/.-])(?P<m>1[0-2]|0?[1-9])(?P=s)(?P<d>3[01]|[12]\d|0?[1-9])"
    r"(?![\d/.-])"
)
"""A date in Taiwan's years of the Republic (民國 116 is 2027, the year 1911 + 116), year first as Taiwan writes
it ("116/11/3", "116.11.3"): read in Taiwan, where the government's forms and most people write dates so; the
first number, over 31, can be no day."""
_ROC_YEAR = prefilter.compile(r"(?<![\d.])(?:民国)?(?P<y>1[01]\d)年(?![来前后间多])")
"""A year of the Republic by its number before 年 ("113年的年終獎金", "民國116年底": 2024, 2027), as Taiwan names its
years (民國 1 is 1912): read in Taiwan, for the years 100-119 (2011-2030); not a count of years ("100年来")."""
_ASSESSMENT = prefilter.compile(
    r"(?<![A-Za-z])YA ?(?P<y>(?:19|20)\d{2})(?!\d)|\b[Yy]ear [Oo]f [Aa]ssessment (?P<y2>(?:19|20)\d{2})(?!\d)"
    # the forty-ninth round: in Chinese, "2027评税年", "2027年评税年度", "评税年2027"
    r"|(?<!\d)(?P<y3>(?:19|20)\d{2})\s?年?(?:的)?\s?(?:评税|課税|课税)年(?:度)?|(?:评税|课税)年度?\s?(?P<y4>(?:19|20)\d{2})(?!\d)"
)
"""A year of assessment by its number ("YA2027", "year of assessment 2027"): the calendar year of the income it
taxes, where the region counts one (`region.ASSESSMENT_YEARS`)."""
_THE_FOURTH = prefilter.compile(
    r"(?:(?<=\bover )|(?<=\bon )|(?<=\bfor )|(?<=\baround )|(?<=\bsince )|(?<=\bafter )|(?<=\bbefore )"
    r"|(?<=\bduring )|(?<=\bat ))the Fourth\b(?! of\b)"
)
"""The Fourth of July said as the Fourth, with its capital ("over the Fourth", "since the Fourth"): in the United
States, the holiday (elsewhere, and in lower case, the fourth of a month)."""
_JANA = prefilter.compile(r"(?<![A-Za-z])(?<!mwaka )(?<!wiki )(?<!mwezi )jana(?![A-Za-z])", re.IGNORECASE)
"""Swahili "jana", yesterday ("jana i told you about the mpesa"), where Swahili is spoken: elsewhere it is more
often a name; after mwaka / wiki / mwezi it is "last" ("mwaka jana", last year: words/english_with_loanwords)."""
SWAHILI_REGIONS = frozenset({"KE", "TZ", "UG"})
_BUDDHIST_ERA_DATE = prefilter.compile(
    r"(?<![\d/.-])(?P<d>3[01]|[12]\d|0?[1-9])(?P<s>[/.-])(?P<m>1[0-2]|0?[1-9])(?P=s)(?P<y>25[4-9]\d)(?![\d/.-])"
)
"""A date in digits whose year is of the Buddhist era (B.E. 2569 is 2026, the year 543 + 2026), day first, as
Thailand writes it ("2/5/2569", "14/07/2570"): read in Thailand, where receipts, invoices and forms are dated
so; a year 2540-2599 can be no Gregorian year a user writes of."""
_BUDDHIST_ERA_YEAR = prefilter.compile(
    r"(?:佛历|佛曆|\bB\.?E\.?|พ\.ศ\.)\s?(?P<y>25[4-9]\d)(?!\d)|(?<![\d.])(?P<y2>25[4-9]\d)(?=年)"
)
"""A year of the Buddhist era by its number: said as one (佛历2569年, "B.E. 2569", พ.ศ. 2569) anywhere; a year
2540-2599 before 年 in Thailand (elsewhere no year)."""
_NEW_YEAR_IS_CNY = prefilter.compile(
    r"(?<!农历)(?<!農曆)(?<!阴历)(?<!元旦)(?<!过)新年(?![快计計愿願第礼禮])"
    r"|(?:农历|農曆)年(?!初|底|尾|末)"
)
"""新年 said by a Chinese speaker in Malaysia, Singapore, Brunei or Indonesia, where it is Chinese New Year
("新年那个礼拜", "新年期间"; not 新年快乐, a new year's plan or wish); 农历年 anywhere ("農曆年假嗰幾日")."""
NEW_YEAR_IS_CNY_REGIONS = frozenset({"MY", "SG", "BN", "ID"})
_INDIAN_ASSESSMENT = prefilter.compile(
    r"\b(?:AY|A\.Y\.|assessment year) ?(?P<y>20\d{2})-(?:20)?(?P<y2>\d{2})\b"
)
"""India's assessment year ("AY 2027-28"): the financial year before it, whose income it taxes (FY 2026-27)."""
_MAY_TWO_FOUR = prefilter.compile(
    r"\bmay (?:2-4|two-four|two four|2 4)(?:\s+(?:long\s+)?weekend)?\b", re.IGNORECASE
)
"""Canada's "May two-four" ("the may 2-4 promo", "over the May 2-4 weekend"): the Victoria Day long weekend."""
_SEVENTH_MONTH = prefilter.compile(r"\b(?:the )?(?:7th|seventh) month\b(?! of\b)", re.IGNORECASE)
""""the 7th month" where Chinese families keep the lunar one (the ghost month: Singapore, Malaysia)."""
_HEROES_WEEKEND = prefilter.compile(r"\bheroes(?:'| day)? weekend\b", re.IGNORECASE)
"""Jamaica's "Heroes weekend": the National Heroes Day long weekend."""
_HANDOVER = prefilter.compile(
    r"(?<![澳门香港])回归(?:纪念日|日)?(?=嗰日|那天|当天|那日|假期|嗰时|那阵|的时候)|(?<![澳门香港])回归日"
)
"""回归 said of a day in Macau or Hong Kong: the handover's day there."""
_LAST_TWO_WEEKS = prefilter.compile(
    r"(?<!\bthe )(?<!\bpast )(?<!\bin )(?<!\bfor )(?<!\bover )(?<!\bwithin )\blast (?P<n>two|2|three|3) weeks\b",
    re.IGNORECASE,
)
""""last two weeks" in West African English ("i paid the fees last two weeks"): two weeks ago, the calendar week
that many back (not "in the last two weeks", the window)."""
WEST_AFRICA = frozenset({"NG", "GH", "SL", "LR", "GM"})
_HINTS = (
    *("/", ".", "-", "ya", "year of assessment", "fourth", "jana", "年", "25", "评税", "课税", "may"),
    *("month", "heroes", "回归", "家庭日", "weeks"),
)


def region_words(query: str) -> str:
    """`query` with the words only the user's region reads written as the rules read them (`_ROC_DATE`,
    `_ASSESSMENT`, `_THE_FOURTH`, `_JANA`); unchanged without a region."""
    region = _REGION.get()
    if region is None:
        return query
    lowered = query.lower()
    if not any(hint in lowered for hint in _HINTS):
        return query
    if region == "TW" and _ROC_DATE.search(query):
        query = _ROC_DATE.sub(lambda m: f"{int(m['y']) + 1911}/{m['m']}/{m['d']}", query)
    if region == "TW" and "年" in query:
        query = _ROC_YEAR.sub(lambda m: f"{int(m['y']) + 1911}年", query)
    if "25" in query:
        query = _buddhist_era(query, region)
    if (
        "ya" in lowered or "assessment" in lowered or "评税" in query or "课税" in query
    ) and _ASSESSMENT.search(query):
        shift = _assessment_shift(query)
        if shift is not None:
            query = _ASSESSMENT.sub(lambda m: _assessment_year(m, shift), query)
    if "Fourth" in query and _place(query, _THE_FOURTH) == "US":
        query = _THE_FOURTH.sub("the fourth of july", query)
    if region in SWAHILI_REGIONS and "jana" in lowered:
        query = _JANA.sub("yesterday", query)
    if "年" in query:
        query = _NEW_YEAR_IS_CNY.sub(
            lambda m: "农历新年" if m.group(0) != "新年" or region in NEW_YEAR_IS_CNY_REGIONS else m.group(0),
            query,
        )
    if region in ("SG", "MY") and "month" in lowered:
        query = _SEVENTH_MONTH.sub("the ghost month", query)
    if region == "JM" and "heroes" in lowered:
        query = _HEROES_WEEKEND.sub("heroes day long weekend", query)
    if region in ("MO", "HK") and "回归" in query:
        query = _HANDOVER.sub("澳门回归纪念日" if region == "MO" else "香港回归纪念日", query)
    if region in WEST_AFRICA and "weeks" in lowered:
        query = _LAST_TWO_WEEKS.sub(lambda m: f"{m['n']} weeks ago", query)
    if region == "CA" and "家庭日" in query:
        # Canada's Family Day (February's third Monday) said in Chinese
        query = query.replace("家庭日", "Family Day ")
    if region == "CA" and "may" in lowered:
        query = _MAY_TWO_FOUR.sub("the victoria day long weekend", query)
    if region == "IN" and "-" in query:
        query = _INDIAN_ASSESSMENT.sub(lambda m: f"FY {int(m['y']) - 1}-{int(m['y2']) - 1:02d}", query)
    return query


def _buddhist_era(query: str, region: str) -> str:
    """`query` with its years of the Buddhist era (`_BUDDHIST_ERA_DATE`, `_BUDDHIST_ERA_YEAR`) as the Gregorian
    years they are."""
    if region == "TH":
        query = _BUDDHIST_ERA_DATE.sub(lambda m: f"{m['d']}/{m['m']}/{int(m['y']) - 543}", query)

    def year(m: re.Match[str]) -> str:
        if m["y"] is not None:
            return f"{int(m['y']) - 543}"
        return f"{int(m['y2']) - 543}" if region == "TH" else m.group(0)

    return _BUDDHIST_ERA_YEAR.sub(year, query)


def _assessment_year(m: re.Match[str], shift: int) -> str:
    """The calendar year of the income a year of assessment taxes, as the rules read a year."""
    year = int(m["y"] or m["y2"] or m["y3"] or m["y4"]) + shift
    return f"{year}年" if not m.string.isascii() else f"in {year}"
