"""What the rule tables share: what a rule's match means (`Build`), pieces of patterns and the words
that gate the holiday rules."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

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
    "establishment day", "malaysia day", "merdeka", "ghost festival", "goodwill", "cup day", "braai", "king's day",
    "civic holiday", "two-four", "tuen ng",
    "pat's", "pats day", "straya", "chrissy", "chrissie",
    "kings day", "all saints", "turkey day", "silvester", "labour weekend",
    "mid autumn", "moon festival", "tet", "tết", "chuseok", "seollal", "korean new year", "vietnamese new year",
    # the twenty-sixth round, second wave
    "eid", "lebaran", "idul", "hari raya", "bakrid", "bakri", "bakra", "kurban", "ramadan", "ramazan", "ramzan",
    "holi", "diwali", "deepavali", "divali", "dipawali", "matariki",
    "orthodox", "russian christmas", "ethiopian christmas", "genna", "madaraka", "mashujaa", "jamhuri", "jean",
    "lohri", "women's day", "womens day", "super bowl", "superbowl",
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
)
"""What follows "3号" when it is a line, a building, a seat or a size, not the 3rd of the month."""


Build = Callable[[re.Match[str], datetime], tuple[datetime, datetime]]


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
