"""What the rule tables share: what a rule's match means (`Build`), pieces of patterns and the words
that gate the holiday rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from hindsight.recall import holidays
from hindsight.recall.time.periods.months import _EN_PARTS, _month, _named_month, _past_month
from hindsight.recall.time.vocabulary import _EN_MONTHS, _EN_WEEKDAY_ABBREVIATIONS, _MONTH_NAMES, zh_number

_EN_HOLIDAY_WORDS = (
    "christmas", "xmas", "new year", "nye", "valentine", "halloween", "singles", "thanksgiving", "black fri",
    "mother", "father", "easter", "national day", "golden week", "mid-autumn", "dragon boat", "boxing day",
    "patrick", "paddy", "australia day", "independence day", "of july", "canada day", "michaelmas", "hogmanay",
    "anzac", "waitangi", "burns", "bonfire", "guy fawkes", "remembrance", "armistice", "veteran", "andrew",
    "david", "george", "fool", "may day", "juneteenth", "memorial day", "labor day", "president", "mlk",
    "martin luther", "victoria day", "good friday", "easter", "shrove", "pancake", "mardi gras", "ash wed",
    "qingming", "tomb", "cny", "patricks", "melbourne", "mothering", "gandhi", "republic", "stephen", "palm",
    "noche", "rizal", "ne'erday", "freedom day", "heritage day", "cyber", "ching ming", "double ninth", "chung yeung",
    "reunion dinner", "buddha", "bank holiday", "11.11", "mooncake", "chap goh mei", "cny eve", "new year's eve",
    "family day", "brigid", "reconciliation", "youth day", "human rights", "songkran", "new year day",
    "establishment day", "malaysia day", "merdeka", "agong", "ghost festival", "goodwill", "cup day", "braai", "king's day",
    "civic holiday", "two-four", "tuen ng", "double ten", "fête", "fete", "columbus", "indigenous people",
    "pat's", "pats day", "straya", "chrissy", "chrissie",
    "kings day", "all saints", "turkey day", "silvester", "labour weekend",
    "mid autumn", "moon festival", "tet", "tết", "chuseok", "seollal", "korean new year", "vietnamese new year",
    # the twenty-sixth round, second wave
    "eid", "lebaran", "idul", "hari raya", "bakrid", "bakri", "bakra", "kurban", "ramadan", "ramazan", "ramzan", "puasa", "fasting month",
    "holi", "diwali", "deepavali", "divali", "dipawali", "matariki", "thaipusam", "farmers day", "democracy day", "i-day", "mlk", "thanksgiving eve", "hijri", "islamic new", "muharram", "maal hijrah", "nuzul", "17an", "17-an", "tujuhbelasan", "agustusan", "harbolnas", "monsoon", "long rains", "short rains", "harmattan", "simbang", "misa de gallo", "nat day", "ghost", "holy week", "semana santa", "mahal na araw", "rakhi", "raksha", "ganesh",
    "chaturthi", "chathurthi", "pongal", "janmashtami", "onam", "dussehra", "dasara", "dussera", "vijayadashami",
    "navratri", "navaratri", "navratra", "passover", "pesach", "seder", "rosh hash", "lent",
    "orthodox", "russian christmas", "ethiopian christmas", "genna", "madaraka", "mashujaa", "jamhuri", "jean",
    "lohri", "women's day", "womens day", "super bowl", "superbowl",
    # the thirty-third round
    "democracy day", "orangemen",
    # the thirty-fourth round
    "children's day", "childrens day", "children day", "teacher's day", "teachers' day", "teachers day",
    "king's birthday", "kings birthday", "queen's birthday", "queens birthday", "obon", "o-bon", "bon festival",
    "boxing week", "undas",
    "heroes day", "heroes' day", "victory day", "founding day",
    # the forty-ninth round
    "sallah", "ileya", "raya", "emancipendence", "farmers", "election day", "patriot", "auckland anniversary",
    "bc day", "b.c. day", "british columbia day", "hari guru", "araw ng", "workers", "bday", "pfingst", "whit",
    "pentecost", "tax day", "tax deadline", "tax filing deadline", "self assessment", "self-assessment",
)  # fmt: skip
"""One of these is in a query that names a holiday in English (the holiday rule runs only then)."""
_VESAK_WORDS = ("vesak", "wesak")
"""Vesak Day's names (the twenty-sixth round, second wave): the holiday rule runs for them too."""
_NOT_A_FRACTION = r"(?!\s*(?:cups?|tsp|tbsp|teaspoons?|tablespoons?|inch(?:es)?|miles?|lbs?|kg|oz|pounds?|ounces?|of|in)\b|\s*\")"
"""What follows "3/4" when it is an amount, not the 4th of March."""
_NOT_A_DAY = (
    r"线|楼|院|门|房|床|站|口|车|柜|机|位|桌|厅|馆|窗|地铁|地块|地|选手|种子|码|店|仓|库|箱|台|键|包|场|道|路|街|巷|弄|栋|单元|室|层|排|座|客运|"
    r"会议室|教室|诊室|办公室|实验室|宿舍|寝室|包厢|包间|车位|展位|"
    r"电池|球|衣|鞋|字|人|球员|队|选项|方案|文件|病房|航站楼|登机口|出口|入口|通道|展厅|窗口|工位|档|塔|泵|罐|炉|槽|井"
    r"|搭客|大厦|大楼|候机|闸|月台|车厢|码头|停车"
    r"|巴士|小巴|公交|电车|渡轮|船|风球|台风|信号"
    # the forty-ninth round: a road's number ("1号公路")
    r"|公路|高速|国道|省道|干线"
)
"""What follows "3号" when it is a line, a building, a seat or a size, not the 3rd of the month."""


Build = Callable[[re.Match[str], datetime], tuple[datetime, datetime]]
"""What a rule's match means: its range, read against the query's "now"."""
RuleRow = tuple[str, Build]
"""A rule as its table writes it: the pattern (`gated` or not) and what its match means."""


_REGION_ONLY = ("@region",)
"""The gate of a rule only a region reads ("this financial year", "the tax year", "the start of spring":
`region.py`): parse.py opens it for a call with a region; without one the rule is never tried."""


class GatedPattern(str):
    """A pattern with its gate (`gated`)."""

    gate: tuple[str, ...]


def gated(pattern: str, *words: str) -> str:
    """A rule searched only when the lowered query holds one of `words` or of the classes named
    "@month", "@weekday", "@ordinal" (a rule whose pattern begins with optional parts is tried at
    every position: this keeps parse_range fast)."""
    gated_pattern = GatedPattern(pattern)
    gated_pattern.gate = words
    return gated_pattern


def gate_of(pattern: str) -> tuple[str, ...]:
    """The words `gated` gave `pattern`; none when it was not gated."""
    return pattern.gate if isinstance(pattern, GatedPattern) else ()


_SOLAR_TERM_BEFORE = "(?<![设建成树确独创订站起自对孤矗挺竖中公私国市林鼎屹伫耸肃倒直侧青迎新早华])"
_SOLAR_TERM_AFTER = "(?![红今季令])"
"""A solar term's name is two common characters, so it is read only where they are not the ends of
other words: 成立|夏令营, 建立|秋季, 青春|分享, 新春|分会场, 华夏|至今, 中秋|分月饼, 春|分红."""


_OFFICE_NOUNS = (
    "budgets?|plans?|planning|results|sales|revenue|forecasts?|targets?|numbers|figures|accounts|audits?|reports?"
    "|review|kick-?off|sko|roadmap|headcount|bonus(?:es)?|payroll|tax return|filings?|close|calendar|intake|cohort"
    "|conference|offsite|summit|agm|goals|okrs|strategy|capex|opex|spend|bookings|pipeline|p&l|ebitda|appraisals?"
    "|rota|roster|leave|holidays?|board|steerco|all-hands|town ?hall|qbr|mbr|release|launch|campaign|promo"
    "|newsletter|deck|pack|accruals|invoices?|statements?|payments?|bills?|schedule|deadline|exams?|sprint|retro"
    "|rollout|migration|go-live|cutover"
)
"""What an office plans or reports for a year ("the 2026 budget"): a year before them is that calendar year."""


ZH_MONTH = r"(?P<ref>上上个?月|上个?月|这个?月|本月|下个?月|(?P<yr>去年|今年|前年|旧年|明年|出年)?(?:的)?(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?)"
"""A month in Chinese (上个月, 这个月, 去年五月, 3月份): groups ref, yr and mo, which `zh_month_of` reads."""
ZH_MONTH_PART = (
    r"(?P<part>月初|月头|月中|月底|月末|月尾|中下旬|上中旬|上旬|中旬|下旬|最后几天|中间|开始|开头|初(?![一二三四五六七八九十])|中(?![午间心国文秋])|底|末|尾|头(?![发疼痛像盔条部顶脑一回次儿]))"
    r"|(?:第|头)(?P<wk>[一二三四1-4])(?:个)?(?:周|星期|礼拜)|(?P<lastwk>最后一(?:个)?(?:周|星期|礼拜))"
)
"""A part of a month said after it (初, 中旬, 月底, 第二周, 最后一周): groups part, wk and lastwk."""


def zh_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
    """The month `ZH_MONTH` matched."""
    ref = m["ref"]
    if m["mo"]:
        return _named_month(n, zh_number(m["mo"]), m["yr"])
    back = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}[
        next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))
    ]
    return _month(n.year, n.month + back)


ZH_HOLIDAYS = "|".join(
    rf"{_SOLAR_TERM_BEFORE}{re.escape(n)}{_SOLAR_TERM_AFTER}" if n in holidays.SOLAR_TERMS else re.escape(n)
    for n in sorted(holidays.ZH_NAMES, key=len, reverse=True)
)
"""The Chinese names of the holidays, longest first."""
_ZH_REF = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}


def zh_ref_of(ref: str | None) -> int | None:
    """The month 上上个月 / 上个月 / 这个月 / 本月 / 下个月 names, as an offset from this one; None for none."""
    return (
        None if not ref else _ZH_REF[next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))]
    )


EN_HOLIDAYS = "|".join(sorted((re.escape(n) for n in holidays.EN_NAMES), key=len, reverse=True))
"""The English names of the holidays, longest first."""
EN_MONTH_PARTS = "|".join(sorted((re.escape(p) for p in _EN_PARTS), key=len, reverse=True))
"""A part of a month said before it ("early", "the end of", "halfway through")."""


def en_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
    """The month `EN_MONTH` matched."""
    ref = m["ref"].lower()
    if m["mo"]:
        return (
            _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
            if m["y"]
            else _past_month(n, _EN_MONTHS[m["mo"].lower()])
        )
    return _month(
        n.year,
        n.month
        + {"last month": -1, "the last month": -1, "this month": 0, "next month": 1}.get(
            ref.replace("lst", "last"), 0
        ),
    )


EN_MONTH = rf"(?P<ref>last month|the last month|this month|next month|the month|(?P<mo>{_MONTH_NAMES})(?: (?P<y>\d{{4}}))?)"
"""A month in English ("last month", "the month", "May", "May 2026"): groups ref, mo and y, which `en_month_of`
reads."""
WEEKDAY_ABBREVIATIONS = "|".join(sorted(_EN_WEEKDAY_ABBREVIATIONS, key=len, reverse=True))
