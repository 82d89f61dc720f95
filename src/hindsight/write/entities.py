"""Entities a rule can see, in Chinese and English: ids, dates, money, phones, e-mails, names,
places and products. Each finder is a small function over one sentence or turn."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache

from hindsight import prefilter, relations
from hindsight.spaces import numbers_with_units, plain_spaces
from hindsight.text import sentences
from hindsight.write import slots

# An order / tracking / ticket id: letters then digits (SF123456, JD2024001234, TK-88812), or the
# alphanumeric word after a keyword that names one.
_CODE = prefilter.compile(r"(?<![A-Za-z0-9])([A-Z]{1,4}-?\d{5,16})(?![A-Za-z0-9])")
_KEYED_ID = prefilter.compile(
    r"(?P<kind>订单号?|单号|运单号?|快递单号|物流单号|工单号?|票号|预订号|order(?: number| no\.?| id| #)?|"
    r"tracking(?: number| no\.?| id)?|ticket(?: number| no\.?| id)?|booking(?: reference| number| ref)?|"
    r"confirmation(?: number| code)?|case(?: number| id)?)"
    r"\s*(?:是|为|号|is|was|:|：|#)?\s*(?P<id>[A-Za-z0-9][A-Za-z0-9-]{4,24})",
    re.IGNORECASE,
)
_FLIGHT = prefilter.compile(
    r"(?:\bflight|航班)\s*(?:number|no\.?|号)?\s*(?:is\s+|是)?(?P<id>[A-Z0-9]{2}\s?\d{2,4})\b", re.I
)
_ID_KIND = [
    (prefilter.compile(r"运单|快递单|物流单|tracking", re.I), "tracking_no"),
    (prefilter.compile(r"工单|ticket|case", re.I), "ticket_id"),
    (prefilter.compile(r"预订|booking|confirmation", re.I), "booking_ref"),
]

_NUMBER_WORD = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|"
    "seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand"
)
_SAID_NUMBER = rf"(?:{_NUMBER_WORD})(?:[ -](?:and )?(?:{_NUMBER_WORD}))*"
_MONEY = prefilter.compile(
    r"(?:(?<![A-Za-z])(?:[A-Z]{1,3}\$|RM|RMB|SGD|HKD|NTD|MYR|AUD|CAD|USD|EUR|GBP|INR|NGN|KES|KSh|Ksh|Rs\.?)"
    r"\s?\d[\d,]*(?:\.\d+)?(?:\s?[kK](?![A-Za-z])|\s?[万千])?)"
    r"|(?:[¥￥$€£₹₱₦₩]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kK](?![A-Za-z])|\s?[万千])?)"
    r"|(?:\d[\d,]*(?:\.\d+)?\s?(?:万元|千元|元|块钱|块|美元|欧元|英镑|rmb|RMB|usd|USD|dollars?|bucks|euros?|quid|ringgit|pounds?)(?![A-Za-z]))"
    r"|(?:[一二两三四五六七八九十百千万]+(?:块钱|块|元))"
    # an amount said in words, as dictated ("one hundred and twelve pounds fifty", "forty dollars")
    rf"|(?i:\b{_SAID_NUMBER} (?:pounds?|dollars?|euros?|quid|bucks|rupees|pesos?)(?! of\b)"
    rf"(?: (?:and )?{_SAID_NUMBER}(?: (?:pence|cents?))?)?\b)"
    r"|(?:(?<=预算)(?:是|为|在|大概|改成|改为|调到|调整为)?\s?(?:\d[\d,]*(?:\.\d+)?\s?[kK万千]?|[一二两三四五六七八九十百千万]+))",
)
_MONEY_VERB = prefilter.compile(r"^(?:是|为|在|大概|改成|改为|调到|调整为)")
_PHONE = prefilter.compile(
    r"(?<!\d)(?:\+?86[ -]?)?1[3-9]\d{9}(?!\d)|\+\d{1,3}[ -]?\(?\d{1,4}\)?[ -]?\d{3,4}[ -]?\d{3,4}"
    # North American ("416-555-0144") and a local number with its leading 0 ("0433 102 776", "012-338 4471")
    r"|(?<![\d-])\(?[2-9]\d{2}\)?[-. ][2-9]\d{2}-\d{4}(?![\d-])|(?<![\d-])0\d{1,3}[- ]\d{3}[- ]\d{3,4}(?![\d-])"
)
_EMAIL = prefilter.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_ABBR = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_ORDINAL_WORDS = (
    "(?:twenty|thirty)[- ]?(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
    "thirtieth|twentieth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
    "eleventh|twelfth|tenth|ninth|eighth|seventh|sixth|fifth|fourth|third|second|first"
)
"""A day of the month said in words, as dictated ("the fourteenth of june", "august fifth")."""
_MONTHS_NOT_MAY = _MONTHS.replace("may|", "")  # "I may first ask" is no date
_SPOKEN_DATE = (
    rf"\b(?:the )?(?:{_ORDINAL_WORDS}) of (?:{_MONTHS})\b"
    rf"|\b(?:{_MONTHS_NOT_MAY}) (?:the )?(?:{_ORDINAL_WORDS})\b"
)
_DATE = prefilter.compile(
    r"\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?|\d{1,2}月\d{1,2}[日号]|(?<![\d/])\d{1,2}/\d{1,2}/(?:19|20)\d{2}(?![\d/])|"
    rf"\b(?:{_MONTHS}|{_MONTH_ABBR})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?\b|"
    rf"\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS}|{_MONTH_ABBR})\.?(?: \d{{4}})?\b|"
    rf"{_SPOKEN_DATE}|"
    # a day and a month without the year, after Chinese or a word of a time ("订6/15去台中", "it ends 31/03")
    r"(?:(?<=[\u4e00-\u9fff])|(?<=\bon )|(?<=\bends )|(?<=\buntil )|(?<=\bby )|(?<=\bbefore )|(?<=\bafter ))"
    r"(?:(?:0?[1-9]|1[0-2])/(?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])/(?:0?[1-9]|1[0-2]))"
    r"(?![\d/.:A-Za-z]| of\b)|"
    r"今天|明天|后天|大后天|昨天|前天|大前天|下周[一二三四五六日天]?|上周[一二三四五六日天]?|这周[一二三四五六日天]|"
    r"周[一二三四五六日天]|星期[一二三四五六日天]|下个月|上个月|月底|月初|"
    r"\btoday\b|\btomorrow\b|\btmrw?\b|\btmr\b|\byesterday\b|\btonight\b|\b(?:next|last|this) (?:week|month|year|weekend|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:on )?(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)\b|\b(?:two|three|\d+) (?:days|weeks|months) ago\b",
    re.IGNORECASE,
)
_RELATIVE_DAYS = {
    "今天": 0, "明天": 1, "后天": 2, "大后天": 3, "昨天": -1, "前天": -2, "大前天": -3,
    "today": 0, "tonight": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "yesterday": -1,
}  # fmt: skip

_PERSON = prefilter.compile(
    r"(?<![帮给替让请])我叫(?P<zh>[\u4e00-\u9fff]{2,4})|我的名字是(?P<zh2>[\u4e00-\u9fff]{2,4})|"
    r"\bmy name is (?P<en>[A-Z][a-z]+(?: [A-Z][a-z]+)?)|\bcall me (?P<en2>[A-Z][a-z]+)"
)
"""A name the user gives as their own ("我叫王芳", "my name is Ann"); "帮我叫车" is a ride asked for."""
_PLACE = prefilter.compile(
    r"(?:住在|寄到|送到|搬到|搬去|(?<![现正还实存所好自])在)(?P<zh>[\u4e00-\u9fff]{2,8}?(?:省|市|区|县|镇|路|街|小区|大学|公司))|"
    r"\b(?:live in|living in|moved to|move to|ship (?:it |them )?to|deliver (?:it )?to|based in|from)\s+"
    r"(?P<en>[A-Z][a-zA-Z]+(?: [A-Z][a-zA-Z]+){0,2})(?![A-Za-z]|\s+&)"
)
_PRODUCT = prefilter.compile(
    r"买的(?P<zh>[\u4e00-\u9fff]{1,8}?)(?:订单|已经|一直|还没|没|，|。|,|$)|"
    r"买(?:了)?(?:一|两|几)?(?:台|个|件|双|部|本|条|瓶|盒|套)(?P<zh2>[\u4e00-\u9fff]{1,8}?)(?:，|。|,|$|给|预算)|"
    r"\b(?:bought|ordered|purchased|buy|order) (?:a |an |the |some |my |two |new )+(?P<en>[a-z][a-z -]{2,30}?)"
    r"(?= (?:from|on|last|yesterday|for|and|but|which|that)\b|[.,!?]|$)",
    re.IGNORECASE,
)
_STOP_PLACES = {"The", "There", "Home", "Work", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}
_FROM_A_RELATIVE = prefilter.compile(
    r"(?:Grandma|Grandpa|Granny|Nana|Mum|Mom|Dad|Aunt|Auntie|Uncle|Cousin)\b"
)
""""the thing from Grandpa": a person sent it, no place."""
CAMEL_BRAND_RE = r"[A-Z][a-z]+[A-Z][A-Za-z]*|[A-Z]{1,3}[a-z]+[A-Z][A-Za-z]*|[A-Z]{2,}[a-z]{3,}"
_CAMEL_BRAND = prefilter.compile(CAMEL_BRAND_RE)
"""A name written with a capital inside ("FreshCart", "GCash", "BritBox", "HKTVmall"): a company's brand,
no town."""


_ABSOLUTE_DATE = prefilter.compile(
    rf"\d{{4}}[-/年]|\d/\d{{4}}|\d月\d|\d{{1,2}}(?:st|nd|rd|th)?(?: of)? [A-Za-z]|[A-Za-z]\.? \d"
    rf"|{_SPOKEN_DATE}|\d/\d",
    re.IGNORECASE,
)
RELATIVE_DATE = "relative_date"
"""A day named against the moment it is said ("tomorrow", "下周三", "on Friday", "last month"): not a date
of its own (the corpora's convention); a day offset is resolved to the ISO date, the rest kept as said."""


DATE_KINDS = frozenset({"date", RELATIVE_DATE})


def date_kind(said: str) -> str:
    """ "date" for a day on the calendar ("3月21号", "June 3rd", "2026-04-02"), RELATIVE_DATE for one
    named against the moment ("明天", "next friday", "周六")."""
    return "date" if _ABSOLUTE_DATE.search(said) and "ago" not in said.lower() else RELATIVE_DATE


def resolve_date(text: str, at: datetime) -> str:
    """A relative day ("明天", "yesterday") as an ISO date seen from `at`; other dates unchanged."""
    offset = _RELATIVE_DAYS.get(text.lower())
    if offset is None:
        return text
    return (at + timedelta(days=offset)).date().isoformat()


def find_ids(text: str) -> list[tuple[str, str]]:
    """(type, id) pairs, keyword-named ids first; a bare code counts as an order id."""
    found: dict[str, str] = {}
    for match in _KEYED_ID.finditer(text):
        value = match.group("id")
        if not re.search(r"\d", value):
            continue
        kind = next((name for pattern, name in _ID_KIND if pattern.search(match.group("kind"))), "order_id")
        found.setdefault(value.upper(), kind)
    for match in _FLIGHT.finditer(text):
        found.setdefault(match.group("id").upper(), "flight_no")
    for match in _CODE.finditer(text):
        found.setdefault(match.group(1).upper(), "order_id")
    return [(kind, value) for value, kind in found.items()]


def _first_group(match: re.Match[str]) -> str:
    return next(value for value in match.groups() if value)


def find_entities(text: str, at: datetime) -> list[tuple[str, str]]:
    """Every entity in `text` as (type, value), in a stable order.

    Found sentence by sentence (and cached per sentence): an event is re-read at each trigger, and
    a turn and its sentences are both asked about, so each sentence is analysed once. Read with plain
    spaces (`spaces.plain_spaces`: a no-break space typed by a phone is a space)."""
    text = numbers_with_units(plain_spaces(text))
    parts = sentences(text)
    if len(parts) <= 1:
        return list(_find_entities(text, at))
    out: list[tuple[str, str]] = []
    for part in parts:
        out += [pair for pair in _find_entities(part, at) if pair not in out]
    return out


_DATE_HINTS = (
    *"0123456789今明后昨前周星月天", "day", "week", "month", "year", "ago", "tonight",
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
)  # fmt: skip


def _might_hold_a_date(text: str) -> bool:
    # The date pattern is the slowest of all; most sentences hold none of its anchors.
    lowered = text.lower()
    return any(hint in lowered for hint in _DATE_HINTS)


_BARE_TOMORROW = prefilter.compile(r"\b(?:tomorrow|tmrw?|tmr)\b", re.IGNORECASE)


def bare_tomorrow(text: str, at: datetime) -> list[tuple[str, str]]:
    """ "tomorrow" in a sentence with no other anchor of a date ("remnd me tmrw morning to take the bins
    out"), which find_entities' cheap pre-check (_DATE_HINTS) passes over: the relative day, resolved. Read
    for an event's extraction only — not for whether a turn is key information nor for the sentences a
    summary keeps, which it would change on LoCoMo (a multi-hop question out of the top 5, BENCHMARKS.md)."""
    return [
        (RELATIVE_DATE, resolve_date(match.group(0), at))
        for part in sentences(text)
        if not _might_hold_a_date(part)
        for match in _BARE_TOMORROW.finditer(part)
    ]


@lru_cache(maxsize=8192)
def _find_entities(text: str, at: datetime) -> tuple[tuple[str, str], ...]:
    # Cached: an event is re-read at each trigger, so the same sentence is analysed repeatedly.
    out: list[tuple[str, str]] = list(find_ids(text))
    ids = {value for _, value in out}
    finders: list[Callable[[str], list[tuple[str, str]]]] = [
        lambda t: [("money", _MONEY_VERB.sub("", m.group(0)).strip(" ,")) for m in _MONEY.finditer(t)],
        lambda t: [("phone", m.group(0)) for m in _PHONE.finditer(t)],
        lambda t: [("email", m.group(0)) for m in _EMAIL.finditer(t)],
        lambda t: (
            [(date_kind(m.group(0)), resolve_date(m.group(0), at)) for m in _DATE.finditer(t)]
            if _might_hold_a_date(t)
            else []
        ),
        lambda t: [("person", _first_group(m)) for m in _PERSON.finditer(t)],
        lambda t: [
            ("place", _first_group(m))
            for m in _PLACE.finditer(t)
            if _first_group(m) not in _STOP_PLACES
            and not _FROM_A_RELATIVE.match(_first_group(m))
            and not _CAMEL_BRAND.fullmatch(_first_group(m))
        ],
        lambda t: [("product", _first_group(m).strip()) for m in _PRODUCT.finditer(t)],
    ]
    found = [pair for finder in finders for pair in finder(text)]
    for kind, value in found:
        if value and value not in ids and (kind, value) not in out:
            out.append((kind, value))
    return tuple(out)


def as_mapping(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """{type: value}; a second value of one type is kept as type_2, a third as type_3, ..."""
    mapping: dict[str, str] = {}
    for kind, value in pairs:
        if value in mapping.values():
            continue
        key, n = kind, 1
        while key in mapping:
            n += 1
            key = f"{kind}_{n}"
        mapping[key] = value
    return mapping


# -- people, organisations, places (issue 16) ---------------------------------------------------
# Who and where an event is about: "王芳的生日是 5 月 3 日", "Maria Lopez works at Acme Robotics in
# Denver", "我同事李明在深圳的华为上班". Read for an event's extraction (its summary's entities), not
# for every turn's record nor every query: a name found in every turn of a conversation would make
# the entity route match all of them.

SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾肖田董潘袁蔡蒋余于杜叶程魏苏吕丁任卢姚沈钟姜崔谭陆范汪廖石金韦"
    "贾夏付方邹熊白孟秦邱侯江尹薛闫段雷龙黎史陶贺毛郝顾龚邵万覃武钱戴严莫孔向常汤康易乔赖文施洪庞樊兰殷"
)
_COMPOUND_SURNAMES = (
    "欧阳|司马|上官|诸葛|东方|皇甫|尉迟|公孙|慕容|长孙|宇文|司徒|令狐|端木|单于|濮阳|闻人|夏侯|轩辕|独孤|南宫|西门|呼延|"
    "澹台|申屠|钟离|赫连|拓跋|公冶|太史|百里|东郭"
)
_LESS_COMMON_SURNAMES = (
    "颜俞宁邢裴甘岳齐柴骆阮柯隋葛季蒙童聂鲁伍苗祝詹翁耿凌符卓屈纪舒项饶戚栾褚卫庄艾鲍焦霍辛滕巫晏郁嵇闵邝储"
)
"""Surnames the names of an event are read with beyond SURNAMES (which the people route reads too):
two-character surnames ("欧阳娜娜", "司徒磊") and less common ones ("颜慧珊", "俞佳怡")."""
_ZH_SURNAME = rf"(?:{_COMPOUND_SURNAMES}|[{SURNAMES}{_LESS_COMMON_SURNAMES}])"
_ZH_RELATIONS = relations.alternation(relations.CHINESE)
_ZH_NAME = rf"{_ZH_SURNAME}[\u4e00-\u9fff]{{1,2}}?"
_ZH_AFTER_NAME = (
    r"(?=的|是|在|现在|住|退休|考|生日|今年|明年|去年|下个?月|上个?月|搬|说|也|和|跟|给|要|刚|已经|还|"
    r"对(?!象)|每(?:次|天|回|周)|都|总|一直|最近|"
    r"昨天|今天|明天|前天|后天|上周|下周|，|。|,|$|\d)"
)
_PERSON_ZH = prefilter.compile(
    rf"我(?:的)?(?:[\u4e00-\u9fff]{{0,2}}?)(?:{_ZH_RELATIONS})(?P<a>{_ZH_NAME}){_ZH_AFTER_NAME}"
    rf"|(?:^|[，。！？,.!?\s])(?P<b>{_ZH_NAME})(?=的生日|生日|是\d|是[一二三四五六七八九十]|是我|在[\u4e00-\u9fff]{{2,8}}(?:工作|上班|读书|上学|开)|\d{{1,2}}\s?月)"
)
_EN_RELATIONS = relations.alternation(relations.ENGLISH)
EN_NOT_NAMES = frozenset(  # capitalised words that are not names; the people route reads it too
    {"I", "I'm", "I've", "I'll", "My", "Our", "The", "A", "An", "This", "That", "These", "Those", "Please", "Can", "Could", "Would", "Will", "Book", "Ship", "Call", "Send", "Remember", "What", "When", "Where", "Why", "How", "Who", "Yes", "No", "Ok", "Okay", "Thanks", "Thank", "Hi", "Hello", "Hey", "And", "But", "Also", "Just", "Let", "Tell", "Show", "Give", "Make", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday", "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December", "Today", "Tomorrow", "Yesterday", "There", "Here", "Dentist", "Reception", "Courier", "Driver", "Deliver", "Order", "Reserve", "Which", "Do", "Does", "Did", "Is", "Are", "Was", "Were", "Has", "Had", "So", "It", "He", "She", "They", "We", "You", "Your", "His", "Her", "Their", "Never", "Always", "From", "Since", "Last", "Next", "New", "Mr", "Mrs", "Ms", "Dr"}
)  # fmt: skip
_EN_NAME = r"[A-Z][a-z\u00e0-\u00ff]+(?:[ -][A-Z][a-z\u00e0-\u00ff]+)?"
_PERSON_EN = prefilter.compile(
    rf"\b(?i:my|our|his|her)\s+"
    rf"(?:old\s+|oldest\s+|closest\s+|new\s+|best\s+|little\s+|older\s+|younger\s+|big\s+)?"
    rf"(?i:{_EN_RELATIONS})(?:,|\s+is)?\s+(?P<a>{_EN_NAME})\b"
    rf"|(?:^|(?<=[.!?]\s)|(?<=,\sand\s))(?P<b>{_EN_NAME})"
    rf"(?='s\b|,|\s+(?:and|is|was|works?|lives?|from|at|just|now|turns|got|moved|started|"
    rf"has|had|will|joined|studies|teaches|runs|and I)\b)"
    rf"|\b(?i:that|with|to|for|meet|met|visit|visiting|called|named)\s+(?P<c>{_EN_NAME})(?=\s+(?:was|is|has|will|works|lives)\b|'s\b)"
)
_SIGNED_EN = prefilter.compile(
    r"\b(?:Kind regards|Best regards|Warm regards|Regards|Many thanks|Thanks|Thank you|Cheers|Sincerely|Yours sincerely|"
    r"Yours faithfully|Best wishes|Best)[,!.]?\s+(?P<name>[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2})\.?\s*$"
)
"""The name a message is signed with ("… Kind regards, Harjit Sandhu")."""
OWNED_EN_WORDS = (
    r"birthday|party|lessons?|class(?:es)?|school|teacher|appointment|wedding|flight|mum|mom|dad|wife|husband|son|"
    r"daughter|graduation|recital|homework|bedtime|allergy|doctor|dentist|practice|tuition|nursery|passport"
)
"""What is someone's in a message about them ("Hamish's swimming lessons"); the capitals reading (capitals/people.py) reads it too."""
_OWNED_EN = prefilter.compile(rf"\b(?P<name>[A-Z][a-z]+)['’]s\s+(?:[a-z]+\s+)?(?:{OWNED_EN_WORDS})\b")
"""Someone whose lessons, birthday or appointment a message is about ("cancel Hamish's swimming lessons")."""
_ORG_WORDS = r"Inc|Ltd|LLC|Corp|Corporation|Company|Co|Group|Bank|University|College|Hospital|Institute|Robotics|Labs?|Systems|Foundation"
_ORG_EN = prefilter.compile(
    r"\b(?:works? (?:at|for)|working (?:at|for)|(?:a |new )?job (?:at|with)|intern(?:ing)? at|(?:engineer|manager|nurse|doctor|"
    r"teacher|analyst|designer|developer|lawyer|consultant|researcher|student|professor|chemist|scientist|accountant|pharmacist|"
    r"cashier|barista|chef|clerk|receptionist|director|technician|architect|programmer|specialist|paralegal) at|employed (?:at|by)|joined|got into|"
    r"studies at|accepted (?:at|to|into)|at|from)\s+(?P<org>(?:[A-Z][A-Za-z&.]*|[A-Z]{2,})(?:\s+(?:[A-Z][A-Za-z&.]*|of|and)){0,3})"
    r"(?P<tail>\s+in\s+(?P<place>[A-Z][a-z]+(?: [A-Z][a-z]+)?))?"
)
_ORG_CUE = prefilter.compile(
    r"\b(?:works?|working|job|intern|employed|joined|got into|studies|accepted|engineer|manager|mentor|handling|"
    r"chemist|scientist|accountant|pharmacist|cashier|barista|chef|clerk|receptionist|director|technician|architect|"
    r"programmer|specialist|paralegal)\b",
    re.I,
)
_CITIES_ZH = (
    "北京|上海|天津|重庆|广州|深圳|杭州|南京|苏州|成都|武汉|西安|长沙|郑州|青岛|厦门|宁波|无锡|大连|沈阳|哈尔滨|长春|济南|合肥|福州|"
    "南昌|昆明|贵阳|南宁|海口|三亚|兰州|西宁|银川|乌鲁木齐|拉萨|呼和浩特|石家庄|太原|珠海|佛山|东莞|温州|香港|澳门|台北"
)
_ORG_ZH = prefilter.compile(
    rf"(?:(?<![现正还实存所好自住])在|入职了?|加入了?|考上了?|就职于|供职于|去了)(?:(?P<place>{_CITIES_ZH})(?:的)?)?(?P<org>[\u4e00-\u9fffA-Za-z]{{2,8}}?)"
    r"(?=工作|上班|做|当|实习|读书|上学|读研|读博|任职|$|，|。|,|了)"
    r"|是(?P<org2>[\u4e00-\u9fff]{2,8}?)的(?=医生|护士|老师|员工|工程师|律师|经理|研究员|教授|学生)"
)
_ORG_ZH_NOT = prefilter.compile(
    rf"^(?:这|那|哪|公司|单位|学校|医院|附近|外面|楼下|{_CITIES_ZH})$|^(?:工作|上班|实习|读书|上学)|^[家住在是去到开做当来买吃玩看跟和给帮找等]|了|[吗呢吧]$|"
    # what was done there, not a name: "在海底捞的预订取消了", "在全聚德订个包间", "在西湖边碰到了"
    r"的|订|取消|碰到|遇到|见到|看到|边$|店|等(?:你|我)|"
    # a time or a call, not a name: "别安排在中午十二点到两点", "一路都在打电话", "在国家体育场那场"
    r"[\d一二三四五六七八九十两]点|打电话|那场|这场|"
    # a shop pointed at, not named: "在深圳南山一家做无人机的公司", "在旺角那间波鞋铺买了"
    r"一家|一间|那家|那间|这家|这间|"
    # a time of day, not a name: "都放在中午以后"; a calendar or a screen: "在日历上标一下"
    r"以后|以前|之后|之前|^(?:中午|早上|晚上|上午|下午|白天|周末)|"
    r"一下$|^(?:日历|日程|手机|网上|线上|微信|群里)"
)
_DONE_THERE_ZH = prefilter.compile(
    r"(?:吃饭|吃|喝茶|饮茶|喝咖啡|喝酒|见面|碰面|集合|逛街|逛|玩|停了?|困了?|堵了?|排队|过夜|"
    r"看电影|唱歌|打球|聚餐|吃火锅|等)$"
)
"""What is done at a place, after the place's name ("在南锣鼓巷吃饭", "包裹在义乌停了"): the name is a place."""
_PLACE_ZH = prefilter.compile(
    rf"(?:住在|搬到|搬去|搬回|在|去了?|来自|到|回)(?P<city>{_CITIES_ZH})(?!大学|银行)"
)
_PLACE_EN = prefilter.compile(
    r"\b(?:lives? in|living in|moved to|moving to|relocated to|based in|settled in|grew up in|from)\s+(?P<place>[A-Z][a-z]+(?: [A-Z][a-z]+)?)"
    r"(?![A-Za-z]|\s+&)"
)
_PLACE_AFTER_EN = prefilter.compile(
    r"(?<![A-Za-z])(?:in|to|near|around|outside)\s+(?P<place>[A-Z][a-z\u00e0-\u00ff'’]+(?:\s+[A-Z][a-z\u00e0-\u00ff'’]+){0,2})"
    r"(?![A-Za-z0-9'’])"
)
"""A place said after "in", "to", "near" ("physio … in Richmond", "an Uber … to Brighton"); not a given name
("talk to Amy"), a month or a word that opens a sentence, nor what another finder typed."""
_LANGUAGE_NAME = prefilter.compile(
    r"English|Chinese|Mandarin|Cantonese|Spanish|French|German|Italian|Japanese|Korean|Portuguese|Arabic|Hindi|Russian|"
    r"Malay|Tamil|Thai|Vietnamese|Dutch|Polish|Irish|Welsh|Tagalog|Hokkien"
)
_BIRTH_DATE = prefilter.compile(r"(?P<m>\d{1,2})\s?月\s?(?P<d>\d{1,2})\s?[日号]")
_GENERIC_ORG_SUFFIX = prefilter.compile(r"^(?:大学|学院|银行|医院|公司|集团|中学|小学)$")


def _split_city(org: str) -> tuple[str, str]:
    """ "杭州阿里巴巴" -> ("杭州", "阿里巴巴"); "北京大学" stays (the city is part of the name)."""
    found = re.match(rf"(?:{_CITIES_ZH})", org)
    if found and len(org) - found.end() >= 2 and not _GENERIC_ORG_SUFFIX.match(org[found.end() :]):
        return found.group(0), org[found.end() :]
    return "", org


# -- gazetteers (issue 16, third round) ---------------------------------------------------------
# Common given names and well-known organisations and places, so that a name is found where no
# context word announces it ("Your support agent Kevin hung up", "package stuck in customs in
# Frankfurt"). Words that are also ordinary words (May, Will, Grace, Apple, Target) are left out.

EN_GIVEN_NAMES = frozenset(
    re.findall(
        r"\S+",
        """
    Aaron Abigail Adam Adrian Aiden Alan Albert Alex Alexander Alexandra Alice Alicia Alison Amanda Amelia Amy Andrea
    Andrew Angela Anna Anne Anthony Antonio Ashley Barbara Ben Benjamin Beth Betty Brandon Brian Brittany Bruce Caleb
    Cameron Carl Carla Carlos Caroline Carol Catherine Charles Charlie Charlotte Chloe Chris Christina Christine
    Christopher Claire Daniel Danielle David Deborah Dennis Diana Diego Donna Dylan Edward Elena Eli Elijah Elizabeth
    Ella Ellie Emily Emma Eric Erica Ethan Eva Evan Fiona Gabriel George Grant Greg Hannah Harry Heather Helen Henry
    Ian Isaac Isabella Jack Jacob Jake James Jamie Jane Jason Jeff Jennifer Jenny Jeremy Jessica Jim John Jonathan
    Jordan Jose Joseph Josh Joshua Julia Julie Justin Karen Kate Katie Kelly Kevin Kim Kyle Laura Lauren Leo Liam
    Linda Lisa Logan Lucas Lucy Luis Luke Maria Marcus Margaret Maria Marie Martin Mary Matt Matthew Megan Mei Melissa
    Mia Michael Michelle Mike Molly Nancy Natalie Nathan Nicholas Nick Nicole Noah Nora Oliver Olivia Owen Patrick
    Paul Peter Priya Rachel Raj Rebecca Richard Robert Ryan Sam Samantha Samuel Sandra Sara Sarah Scott Sean Sophia
    Sophie Stephanie Stephen Steve Steven Susan Thomas Tim Timothy Tom Tony Tyler Victoria Vincent Wei William Zoe
    Ahmed Ali Fatima Hiroshi Yuki Kenji Arjun Ravi Sanjay Anil Olga Ivan Dmitri Lars Sven Hans Pierre Luca Marco
    Giulia Sofia Camila Lucia Mateo Javier Ana Pablo Min Jin Hyun Ji
    """,
    )
)
_EN_RELATION_TITLES = r"Aunt|Auntie|Uncle|Grandma|Grandpa|Granny|Nana|Cousin|Dr\.?|Mr\.?|Mrs\.?|Ms\.?|Miss|Prof\.?|Coach|Officer|Agent"
ORGS_EN = (
    "Google|Amazon|Microsoft|Meta|Facebook|Netflix|Uber|Lyft|PayPal|Venmo|DHL|FedEx|UPS|USPS|Tesla|IBM|Intel|Nvidia|"
    "Stripe|Deloitte|Accenture|McKinsey|Goldman Sachs|JPMorgan|Tencent|Alibaba|Huawei|Xiaomi|ByteDance|TikTok|Samsung|"
    "Siemens|Spotify|Airbnb|Starbucks|Walmart|Costco|IKEA|Oracle|Salesforce|Adobe|Airbus|Boeing|Toyota|Honda|BMW|"
    "HSBC|Barclays|Citibank|Chase Bank|Wells Fargo|Shopify|eBay|Etsy|Zara|Nike|Adidas|Sony|LinkedIn|Twitter|OpenAI|"
    "Harvard|Stanford|MIT|Yale|Princeton|Berkeley|Mount Sinai|Mayo Clinic|Kaiser|"
    # airlines; streaming, telecoms and utilities; shops and apps; banks and public services; universities
    "Ryanair|easyJet|British Airways|WestJet|Air Canada|Qantas|Jetstar|Emirates|Qatar Airways|Singapore Airlines|"
    "Cathay Pacific|AirAsia|Scoot|Delta|United Airlines|American Airlines|Southwest|Aer Lingus|Lufthansa|KLM|Air France|"
    "Paramount\\+|Disney\\+|Hulu|HBO Max|Prime Video|Apple TV\\+|YouTube|Viu|KKBOX|Singtel|StarHub|Vodafone|Eir|O2|"
    "Telstra|Optus|Rogers|Telus|Verizon|T-Mobile|AT&T|Comcast|Xfinity|Virgin Media|Tesco|Sainsbury's|Asda|Aldi|Lidl|"
    "Marks & Spencer|Harvey Norman|JB Hi-Fi|Canadian Tire|Loblaws|Dunnes Stores|Woolworths|Uniqlo|H&M|Kmart|Bunnings|"
    "Officeworks|Selfridges|Harrods|Primark|Decathlon|Takealot|Jumia|Flipkart|Myntra|Nykaa|"
    "Waitrose|John Lewis|Argos|Currys|Target|Best Buy|Home Depot|Smyths|FairPrice|Lazada|Shopee|Grab|Gojek|Deliveroo|"
    "Just Eat|DoorDash|Instacart|Monzo|Revolut|Santander|Lloyds|NatWest|RBC|Scotiabank|CIBC|DBS|OCBC|UOB|Maybank|CIMB|"
    "PTSB|AIB|Bank of Ireland|Medicare|NHS|HMRC|IRS|SMRT|MTR|UBC|NTU|NUS|Oxford|Cambridge|UCL|McGill|"
    # payment services, telecoms, airlines, streaming and delivery apps of India, the Philippines, Kenya,
    # Nigeria and New Zealand; British streaming
    "GCash|M-Pesa|PayMaya|Paytm|PhonePe|Safaricom|Airtel|MTN|Jio|PLDT|Globe Telecom|Spark NZ|IndiGo|"
    "Air India|Vistara|Cebu Pacific|Philippine Airlines|Kenya Airways|Air Peace|Air New Zealand|"
    "Swiggy|Zomato|Hotstar|"
    "BritBox|Now TV"
)
ORGS_ZH = (
    "阿里巴巴|阿里|腾讯|华为|京东|顺丰|百度|字节跳动|美团|小米|网易|拼多多|淘宝|天猫|滴滴|携程|支付宝|中国石化|中国石油|"
    "中国移动|中国联通|中国电信|国家电网|工商银行|招商银行|建设银行|农业银行|中国银行|交通银行|平安银行|浦发银行|"
    "中通|圆通|韵达|申通|邮政|菜鸟|比亚迪|宁德时代|联想|格力|海尔|大疆|蔚来|理想汽车|"
    "北大|清华|复旦|浙大|交大|人大|南大|中科院|协和|"
    # airlines, streaming, telecoms, property managers, shops and apps, health checks; Taiwan's and Hong Kong's
    "国航|东航|南航|海航|川航|厦航|深航|春秋航空|吉祥航空|长荣|华航|国泰|港铁|爱奇艺|腾讯视频|优酷|芒果TV|哔哩哔哩|"
    "网易云音乐|QQ音乐|联通|万科物业|万科|碧桂园|链家|贝壳|饿了么|盒马|山姆|永辉|沃尔玛|家乐福|苏宁|唯品会|闲鱼|得物|"
    "12306|美年大健康|爱康国宾|国泰世华|台积电|中华电信|台湾大哥大|远传|"
    # utilities and rail of Taiwan and Hong Kong
    "台电|台湾电力|台水|台铁|台湾高铁|港灯|中华煤气"
)
CITIES_EN = (
    "New York|Los Angeles|San Francisco|San Diego|Las Vegas|Chicago|Boston|Seattle|Austin|Houston|Dallas|Denver|Miami|"
    "Atlanta|Portland|Phoenix|Philadelphia|Toronto|Vancouver|Montreal|London|Manchester|Liverpool|Edinburgh|"
    "Glasgow|Dublin|Paris|Lyon|Berlin|Munich|Frankfurt|Hamburg|Amsterdam|Brussels|Zurich|Geneva|Vienna|Prague|"
    "Rome|Milan|Florence|Venice|Madrid|Barcelona|Lisbon|Porto|Athens|Istanbul|Moscow|Stockholm|Oslo|Copenhagen|"
    "Helsinki|Warsaw|Budapest|Dubai|Cairo|Lagos|Nairobi|Johannesburg|Cape Town|Mumbai|Delhi|Bangalore|Tokyo|Osaka|"
    "Kyoto|Seoul|Busan|Singapore|Bangkok|Hanoi|Manila|Jakarta|Bali|Kuala Lumpur|Sydney|Melbourne|Auckland|Beijing|"
    "Shanghai|Shenzhen|Guangzhou|Hangzhou|Chengdu|Wuhan|Nanjing|Suzhou|Xiamen|Hong Kong|Macau|Taipei|Mexico City|"
    "Buenos Aires|Rio de Janeiro|Sao Paulo|Lima|Bogota"
)
CITIES_ZH_WORLD = (
    "纽约|洛杉矶|旧金山|西雅图|芝加哥|波士顿|多伦多|温哥华|伦敦|巴黎|柏林|慕尼黑|法兰克福|罗马|米兰|马德里|巴塞罗那|"
    "里斯本|阿姆斯特丹|维也纳|苏黎世|莫斯科|迪拜|东京|大阪|京都|首尔|釜山|新加坡|曼谷|吉隆坡|悉尼|墨尔本|奥克兰|"
    "雅加达|河内|胡志明市|巴厘岛|普吉岛|清迈"
)

_MORE_PLACES_ZH = (
    "大兴安岭|铁西|顺德|荔湾|外滩|南京路|"
    "义乌|绍兴|嘉兴|湖州|金华|台州|舟山|南通|盐城|淮安|连云港|镇江|泰州|宿迁|芜湖|蚌埠|安庆|泉州|漳州|莆田|赣州|九江|"
    "景德镇|威海|日照|临沂|淄博|济宁|泰安|保定|唐山|秦皇岛|邯郸|廊坊|大同|包头|鞍山|吉林|大庆|襄阳|宜昌|岳阳|株洲|湘潭|"
    "常德|衡阳|汕头|湛江|江门|肇庆|清远|韶关|柳州|北海|遵义|绵阳|宜宾|乐山|泸州|南充|德阳|宝鸡|咸阳|延安|天水|敦煌|"
    "喀什|伊犁|吐鲁番|林芝|日喀则|西宁|格尔木|张家界|凤凰|黄山|婺源|阳朔|腾冲|香格里拉|北戴河|"
    "朝阳区|海淀区|东城区|西城区|丰台区|通州|顺义|昌平|大兴|房山|怀柔|密云|延庆|望京|五道口|中关村|国贸|三里屯|回龙观|"
    "天通苑|亦庄|浦东|浦西|徐汇|静安|黄浦|长宁|闵行|宝山|嘉定|松江|青浦|陆家嘴|天河|越秀|海珠|番禺|白云|南山|福田|"
    "罗湖|宝安|龙岗|前海|西湖区|滨江|萧山|余杭|拱墅|武侯|锦江|高新区|江北|渝中|解放碑|新街口|夫子庙|鼓楼|"
    "旺角|铜锣湾|尖沙咀|中环|湾仔|沙田|荃湾|元朗|屯门|将军澳|观塘|九龙|新界|大屿山|"
    "台北|台中|台南|高雄|新竹|桃园|基隆|嘉义|宜兰|花莲|台东|屏东|新北|板桥|信义区|竹北|淡水|九份|垦丁|"
    "吉隆坡|槟城|怡保|马六甲|新山|古晋|亚庇|云顶|金马仑|芙蓉|巴生|八打灵再也|"
    "日本|韩国|泰国|越南|新加坡|马来西亚|印尼|菲律宾|澳洲|澳大利亚|新西兰|美国|加拿大|英国|法国|德国|意大利|西班牙|"
    "瑞士|荷兰|冰岛|迪拜|海南|云南|贵州|四川|西藏|新疆|内蒙古|广西|东北|江南"
)
"""More places a user names: cities and districts of the mainland, Hong Kong, Taiwan and Malaysia, and
countries and provinces travelled to."""
_PLACES_ZH = f"{_CITIES_ZH}|{CITIES_ZH_WORLD}|东莞|惠州|中山|常州|徐州|扬州|烟台|潍坊|洛阳|桂林|丽江|大理|西双版纳|{_MORE_PLACES_ZH}"
_EN_NAME_CHUNK = r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
_GIVEN_EN = prefilter.compile(
    rf"(?<![A-Za-z'.])(?:(?P<title>{_EN_RELATION_TITLES})\s+)?(?P<first>{_EN_NAME_CHUNK})(?:\s+(?P<last>{_EN_NAME_CHUNK}))?(?![A-Za-z])"
)
_TITLED_EN = prefilter.compile(
    rf"(?<![A-Za-z])(?:{_EN_RELATION_TITLES})\s+(?P<name>{_EN_NAME_CHUNK})(?![A-Za-z])"
)
_SELF_EN = prefilter.compile(
    rf"\b(?:I'?m|I am|this is|it'?s)\s+(?P<name>{_EN_NAME_CHUNK}\s+{_EN_NAME_CHUNK})\b"
)


def _longest_first(alternation: str) -> str:
    return "|".join(sorted(alternation.split("|"), key=len, reverse=True))


_KNOWN_ORG_EN = prefilter.compile(rf"(?<![A-Za-z])(?:{_longest_first(ORGS_EN)})(?![A-Za-z])")
_KNOWN_ORG_ZH = prefilter.compile(rf"(?:{_longest_first(ORGS_ZH)})(?!银行|医院|大学)")
_SUFFIX_ORG_EN = prefilter.compile(
    r"(?<![A-Za-z])(?P<org>(?:(?:St\.|[A-Z][A-Za-z0-9'&.-]*)\s+){1,3}(?:Hospital|University|College|School|Elementary|Academy|"
    r"Clinic|Dental|Medical Cent(?:er|re)|Health Cent(?:er|re)|Practice|Surgery|Physio|Physiotherapy|Pharmacy|Institute|Bank|"
    r"Inc\.?|Ltd\.?|LLC|Corp\.?|Group|Labs?|Foundation|Primary|Kindergarten|Nursery|Railways?|Airlines|Airways|"
    r"Telecom|Analytics|Insurance|Energy|Council|Credit Union|Montessori|Water|Power|Electric|Utilities))"
    r"(?![A-Za-z])"
)
_SUFFIX_ORG_ZH = prefilter.compile(
    r"(?<=[是在去到于进上入职了约叫的，。、：:\s])(?!我|你|他|她|这|那|本|贵|原|一)"
    r"(?P<org>(?:[^\x00-\x7f的了在是与跟从到去说读做当要写填改叫，。、：:！？\s]|[0-9]){2,12}?"
    r"(?:有限公司|股份公司|公司|集团|银行|医院|大学|学院|中学|小学|附小|附中|国小|国中|研究院|研究所|"
    r"幼儿园|幼稚园|"
    # a works or a tech firm said by its short name, before a stop or the work done there ("辽新配件厂上班")
    r"(?:科技|厂)(?=[，。,.!！？；;\s]|$|上班|工作|做事|打工|的)))"
    r"(?![\u4e00-\u9fff]{0,1}(?:公司|银行|医院|大学))"
    # a hospital of a medical school by its number ("北医三院", "浙大二院")
    r"|(?P<numbered>(?:(?![一个的了在是去到挂约我你他她])[\u4e00-\u9fff]){1,2}[医大][一二三四五六七八九]院)"
)
_CITY_EN = prefilter.compile(rf"(?<![A-Za-z])(?:{CITIES_EN})(?![A-Za-z])")
_CITY_ZH = prefilter.compile(
    rf"(?:{_PLACES_ZH.replace('上海', '(?<![晚早马路网线楼身])上海')})(?!大学|银行|医院|公司|分公司|人(?!民))"
)
_STATION_ZH = prefilter.compile(
    rf"(?:{_CITIES_ZH})[东西南北](?:站|(?=到|去|至|出发|的(?:高铁|动车|火车)|高铁|动车|[—～~-]))"
)
"""A railway station named by its city and a direction ("济南西到青岛", "去广州南的高铁", "北京南站"); not a part of
the city ("广州南部")."""
_VENUE_EN = prefilter.compile(
    r"(?<![A-Za-z])(?P<venue>(?:(?:[A-Z][A-Za-z'&-]*|&)\s+){1,4}(?:Inn|Hotel|Club|Cafe|Café|Coffee|Restaurant|Bar|Grill|"
    r"Bistro|Museum|Theatre|Theater|Stadium|Arena|Gym|Park|Mall|Airport|Station|Hub|Regency|B&B|Lodge|Resort|Suites|"
    r"Hostel|Kopitiam|Markets?|House|Plaza|Chambers))(?![A-Za-z])"
)
_VENUE_ZH = prefilter.compile(
    r"(?:(?<=[订去在到约住，：])|(?<=一下)|^)(?![这那哪每一我你帮给请推找选换去约订])(?P<venue>[^\x00-\x7f的了在是和与跟订去到，。、：！？「」“”『』\s]{2,8}?"
    r"(?:酒店|饭店|宾馆|餐厅|餐馆|咖啡馆|公园|博物馆|体育馆|体育场|瑜伽馆|美术馆|音乐厅|影院|影城|"
    r"电影院|剧院|"
    r"火车站|地铁站|"
    # an airport with its terminal ("浦东机场T2", "虹桥机场二号航站楼")
    r"机场(?:T\d|[一二三四五六七八九\d]号航站楼)?)"
    # a hotel with its branch ("亚朵酒店西湖断桥店")
    r"(?:(?<=酒店)[^\x00-\x7f的了在是和与跟订，。、：！？\s]{2,6}?店)?)"
    # a chain with its branch ("海底捞望京店"): the branch is part of the place
    r"|(?:海底捞|外婆家|西贝|太二|喜茶|星巴克|麦当劳|肯德基|必胜客|瑞幸)(?:[\u4e00-\u9fff]{2,4}?(?:店|分店)(?![\u4e00-\u9fff]?店))?"
    # any shop with its branch, after where one goes or is ("拿到优衣库三里屯店换", "美奥口腔望京店")
    r"|(?:(?<=[在到去，：、])|^)(?![这那哪每一我你他她附楼网本该此])(?P<branch>[^\x00-\x7f的了在是和与跟订我你他她要不去到，。、：！？\s]{2,10}(?<![网门小商本该此舰酒饭红])(?:分店|店))"
    r"(?![\u4e00-\u9fff]?店|员|主|长|家|铺|面)"
)
_QUOTED_VENUE_ZH = prefilter.compile(
    r"[「“『\"](?P<venue>[^」”』\"\s]{2,12})[」”』\"](?=私厨|餐厅|饭店|酒店|小馆|馆|咖啡|茶餐厅|酒吧|民宿|书店|面馆|店)"
)
"""A name in quotation marks before what it is ("「小院子」私廚", "“老地方”餐厅"): the place."""
_OUR_SITE_EN = prefilter.compile(
    r"\b(?:the|your|our|my)\s+(?P<venue>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s+"
    r"(?:hotel|office|branch|outlet|store|clinic|site|campus|depot|warehouse)\b"
)
"""A place said as where a business is ("your Bencoolen hotel", "the Novena office")."""
_AT_VENUE_IN_EN = prefilter.compile(
    r"\bat\s+(?P<venue>(?:The\s+)?[A-Z][\w'’]+(?:\s+[A-Z][\w'’]+){0,3})(?:\s+in|,)\s+(?=[A-Z][a-z])"
)
"""A venue said before the town it is in ("lunch at The Wheatsheaf in Chipping Norton", "at Nonna Ketty's in
Leslieville", "at the Lakeview Regency, Kelowna")."""
_NIGHTS_ZH = prefilter.compile(r"^[一二两三四五六七八九十\d]+[晚间个张位天]")
_BOOKED_AT_EN = prefilter.compile(
    r"\b(?i:tables?|seats?|rooms?|courts?|spots?|reserve|book)\b[^.?!]{0,30}?\bat\s+(?:the\s+)?"
    # a venue named for its owner too ("at Nonna Pia's", "at Uncle Bayo's Kitchen")
    r"(?P<venue>[A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2}(?:['’]s(?:\s+[A-Z][a-z]+){0,2})?)"
    r"|(?<![A-Za-z])(?P<named>(?:Hotel|Hôtel|Restaurant|Café|Cafe)\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"
)
_BOOKED_AT_ZH = prefilter.compile(
    r"(?<=在)(?P<venue>[\u4e00-\u9fff]{2,6}?)的?"
    r"(?=订(?:的[^，。！？]{0,6}?)?(?:个|一个|了)?(?:包间|位|桌|座))"
)
"""The restaurant a table is asked at: "在全聚德订个包间", "在福记小馆的订位", "在老街火锅订的周五那桌"."""
_BANK_BRANCH_ZH = prefilter.compile(
    r"(?:(?![去在到的了是我你他她帮给和跟])[\u4e00-\u9fff]){2,4}银行[\u4e00-\u9fff]{2,4}?(?:支行|分行|营业部)"
    r"|(?:(?![去在到的了是我你他她帮给和跟])[\u4e00-\u9fff]){2,6}?营业厅"
)
"""A bank's branch or a provider's shop ("工商银行望京支行", "移动营业厅"): the place one goes."""
_AIRPORT_TERMINAL_EN = prefilter.compile(r"(?<![A-Za-z])[A-Z]{3,4} Terminal \d\b")
"""An airport by its code and terminal ("NAIA Terminal 3", "JFK Terminal 4")."""
_AMPERSAND_ORG_EN = prefilter.compile(
    r"(?<![A-Za-z])[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s+&\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?(?![A-Za-z])"
)
"""A firm named as two words joined by "&" ("Sparkle & Shine", "Hale & Sons")."""
_POINTED_AT_ZH = prefilter.compile(r"那间|那家|这间|这家|一家|一间")
_BOOKING_WORDS = prefilter.compile(r"订|预约|位子|座位|包间|\b(?:book|table|reserve)\b", re.I)
_ZH_GIVEN_CHARS = (
    "伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚英华玉萍红飞鹏宇浩凯婷雪琳晶欣怡悦思琪雨朵晓志建国文斌辉宁慧佳嘉子梓涵"
    "轩睿博然诗雅梦瑶晨阳鑫鸣海波峰岚颖薇蕾倩婉璐露菲妍彤昊哲翔俊豪毅恒楠烨熙瑾萱蓉莉燕玲丹琦琳亮东健磊晴雯宝"
    "芬瑜"
)


_ZH_NAME_STRICT = (
    rf"{_ZH_SURNAME}(?:(?![的是在和跟与说叫了也都从到去今明刚已还要住现])[\u4e00-\u9fff]){{1,2}}"
)


def _zh_bare_name(group: str) -> str:
    """A name without a surname: 小刘, 小雨, 朵朵 (a doubled character), 志明 (two given-name characters)."""
    return (
        rf"{_NOT_DOUBLED_WORD}(?:[小阿老][{SURNAMES}]|[小阿][{_ZH_GIVEN_CHARS}]|(?P<{group}>[\u4e00-\u9fff])(?P={group})"
        rf"|[{_ZH_GIVEN_CHARS}]{{2}})"
    )


_NOT_DOUBLED_WORD = (
    r"(?!刚刚|常常|天天|慢慢|好好|悄悄|渐渐|偷偷|宝宝|妈妈|爸爸|哥哥|姐姐|弟弟|妹妹|爷爷|奶奶|姥姥|叔叔|舅舅|姑姑|婆婆|"
    r"公公|仅仅|往往|稍稍|默默|早早|统统|乖乖|人人|家家|年年|月月|日日|个个|样样|处处|时时)"
)
"""Words that double a character and name nobody (刚刚, 天天, 妈妈), before a doubled name (朵朵, 豆豆)."""


_PERSON_ZH_BARE = prefilter.compile(
    rf"(?:我(?:的)?(?:[\u4e00-\u9fff]{{0,2}}?)|(?:^|(?<=[，。！？,.!?\s了到见和跟给])))(?:{_ZH_RELATIONS})(?:叫|名叫)?"
    rf"(?P<a>{_ZH_NAME_STRICT}|{_zh_bare_name('dup_a')}|[A-Z][a-z]+)(?![A-Za-z])(?={_ZH_AFTER_NAME[3:]}"
    rf"|(?:客服|经理|同事|师傅|快递员|店员|老板|主管|医生|护士|司机|保安|保洁|阿姨)(?P<c>[小老阿][{SURNAMES}])"
    rf"|(?:^|(?<=[，。！？,.!?\s]))(?P<b>{_ZH_NAME_STRICT}|{_zh_bare_name('dup_b')})(?=的生日|生日|是我|和我|跟我|是我们|叫|在[\u4e00-\u9fff]{{2,8}}(?:工作|上班|读书|上学|开|当|做)|是?\d{{1,2}}\s?月|是?[一二三四五六七八九十]{{1,2}}月|说)"
    rf"|(?:叫|名叫|名字是)(?P<d>{_ZH_NAME_STRICT})"
)
_ROLE_NAME_ZH = prefilter.compile(
    rf"(?:收件人|收货人|联系人|病人|患者|就诊人|主治(?:医生|医师)?)(?:是|为|叫|：|:)?\s?"
    rf"(?:我(?:的)?(?:{_ZH_RELATIONS}))?"
    rf"(?P<name>{_ZH_NAME_STRICT})(?=[，。,.!！？；;\s]|$|医生|医师|收)"
    rf"|(?:^|(?<=[，。！？,.!?\s]))(?P<receiver>{_ZH_NAME_STRICT})(?=收(?:[，。,.!！？；;\s]|$))"
)
"""A name given for a role in a form — whom a parcel is for, the patient, the doctor ("收件人汪丽华",
"病人是我妈顾秀英", "主治是彭建华医生") — and a receiver after an address ("…8号，蒋文斌收，")."""
_UNDER_NAME_EN = prefilter.compile(
    rf"\bunder (?:the )?name(?: of)?\s+(?P<name>{_EN_NAME})\b"
    rf"|(?:^|(?<=[.!?,;:]\s)|(?<=\b[Mm]y\s)|(?<=\b[Hh]is\s)|(?<=\b[Hh]er\s))"
    rf"[Nn]ame(?:\s+is|'s)\s+(?P<said>{_EN_NAME})\b"
    rf"|\b(?:it'?s|it is|this is|that'?s) for\s+(?P<for>[A-Z][a-z]+\s+[A-Z][a-z]+)\b"
)
"""The name a table or a room is booked under ("under the name Patel"), a name given for a form ("Name is
Folasade Adeyemi", "her name's Ruth"), the one a parcel is for ("it's for Auma Otieno")."""
_BRAND_AFTER_EN = prefilter.compile(
    rf"\b(?:from|via|through|using)\s+(?P<org>(?:{CAMEL_BRAND_RE})(?:\s+[A-Z][a-z]+){{0,2}})(?![A-Za-z])"
)
"""A brand written with a capital inside, where something comes from or goes through ("from FreshCart",
"via GCash"): the company."""
_TEAM_EN = prefilter.compile(r"\b(?:the|an?) (?P<org>[A-Z][a-z]+|[A-Z]{2,}) team\b")
_DEPARTMENTS = frozenset(
    {"Sales", "Marketing", "Support", "Finance", "Design", "Product", "Engineering", "Legal", "Data", "Dev", "Ops",
     "Security", "IT", "HR", "QA", "Research", "Admin", "Leadership", "Management", "Platform", "Growth", "Tech"}
)  # fmt: skip
"""Teams that are no organisation of their own ("the Sales team"); "the Acme team" is Acme's."""
_PROVIDER_NAME = (
    r"(?:[A-Z][A-Za-z&.'-]*[A-Za-z]|[A-Z]{2,})(?:[ -](?:[A-Z][A-Za-z&.'-]*[A-Za-z]|[A-Z]{2,})){0,2}"
)
_SWITCHED_PROVIDER_EN = prefilter.compile(
    rf"\b(?i:switch(?:ed|ing)?|swapp?(?:ed|ing)?|port(?:ed|ing)?|jump(?:ed|ing) ship)\b[^.!?\n]{{0,40}}?"
    rf"\bfrom\s+(?P<old>{_PROVIDER_NAME})(?:\s+(?:over\s+)?to\s+(?P<new>{_PROVIDER_NAME}))?"
    rf"|\b(?i:bank(?:s|ing)?|insured|(?:insurance|plan|contract|policy|account|subscription|broadband|mortgage)(?: is|'s))\s+with\s+(?P<with>{_PROVIDER_NAME})"
)
"""A provider left or joined ("switching my phone plan from Verizon to T-Mobile", "I bank with Monzo"):
an organisation, not the place "from Verizon" would read as."""
_ZH_TO_NAME = prefilter.compile(
    rf"(?:(?<=[给跟和与同找问约叫])|(?<=约了))(?P<name>(?:{_COMPOUND_SURNAMES})[\u4e00-\u9fff]{{1,2}}?"
    rf"|[{SURNAMES}{_LESS_COMMON_SURNAMES}][{{GIVEN}}]{{1,2}}?"
    rf"|[小老阿][{SURNAMES}{_LESS_COMMON_SURNAMES}]|阿[{{GIVEN}}])"
    r"(?=回电话|打电话|打个电话|回个|发|开会|开视频|见面|吃饭|饮茶|喝茶|喝咖啡|吃|对一下|对下|说|约|一起|聊|"
    r"商量|视频|通话|碰|他们|她们)"
    # a given name alone, with whom a time is set ("跟欣怡约在永康街", "同佳琪饮茶")
    rf"|(?<=[跟同和与])(?P<given>[{{GIVEN}}]{{2}})(?=约|一起|吃饭|饮茶|喝茶|喝咖啡|见面|开会)"
    # a full name opening a sentence, then what that person does ("陈伟下周要来上海", "赵磊让我问一下")
    rf"|(?:^|(?<=[，。！？,.!?：:\s]))(?!文明|高明|黄金|金刚|白天|马上|常常|万一|于是|向来|何时|江湖|方便|平时)"
    rf"(?P<lead>(?:{_COMPOUND_SURNAMES})[{{GIVEN}}]{{1,2}}|[{SURNAMES}{_LESS_COMMON_SURNAMES}][{{GIVEN}}]{{1,2}}"
    # the forty-first round: a nickname (阿强, 小王, 老李) opening a sentence, then a date ("阿强11月2号在厦门结婚")
    rf"|[小老阿][{SURNAMES}{_LESS_COMMON_SURNAMES}]|阿[{{GIVEN}}])"
    r"(?=让我|叫我|问我|给我|找我|要来|来了|下周|明天|今天|昨天|后天|上周|刚|已经|打算|准备|负责"
    r"|[0-9一二三四五六七八九十]{1,3}月[0-9一二三四五六七八九十]{1,3}[号日])"
)
"""Whom the user calls, meets or tells: "给张伟回电话", "我和李娜约了", "跟小林对一下方案" (a given name from
_ZH_GIVEN_CHARS, so "跟方案" is no one)."""
_CALLED_ZH = prefilter.compile(
    rf"(?:^|(?<=[，。！？,.!?\s])|(?<![帮给替让请][他她我])(?<=[他她我]))(?:{_ZH_RELATIONS})?"
    rf"(?:的名字|的?小名|的?大名|的?全名|的?中文名)?(?:叫做?|名叫|名字是)"
    rf"(?P<name>(?:{_COMPOUND_SURNAMES})[\u4e00-\u9fff]{{1,2}}|[\u4e00-\u9fff]{{2,3}}"
    # a transliterated name of four characters ("玛蒂尔德"), not an errand ("叫个外卖吧")
    rf"|(?![个一两几点些])[\u4e00-\u9fff]{{3}}(?![吧吗呢了的啊呀])[\u4e00-\u9fff])"
    rf"(?=[，。,.!！？；;：:\s(（]|$)"
)
"""A name said with 叫: "我老公叫司马骏，", "她叫单于静，" — after a person, a relation or a sentence's start, and
up to a stop ("帮我叫车去机场", "叫外卖" name no one); a pet name ("小名叫糖豆")."""
_ACCOUNT_HOLDER_EN = prefilter.compile(
    r"\b(?:my|our|his|her)\s+(?P<org>[A-Z][A-Za-z0-9&+'-]*(?:\s+[A-Z][A-Za-z0-9&+'-]*)?)\s+"
    r"(?:account|card|membership|subscription|app|order|plan|contract|appointment|broadband|points|loyalty)\b"
)
"""The company that holds what the user has ("my Medicare account", "my Singtel appointment")."""
_HOLIDAY_EN = prefilter.compile(
    r"Christmas|Easter|New Year|Mother|Father|Valentine|Halloween|Thanksgiving|Diwali"
)
_MET_WITH_EN = prefilter.compile(
    r"\b(?i:meeting|call|lunch|dinner|coffee|appointment|session|haircut|class|lesson|1-on-1|catch-up|drinks|physio)"
    r"\s+with\s+(?P<name>[A-Z][a-z\u00e0-\u00ff]+(?:\s+[A-Z][a-z\u00e0-\u00ff]+(?:-[a-z]+)?)?)(?![A-Za-z])"
    r"|\bask for (?P<asked>[A-Z][a-z\u00e0-\u00ff]+)(?![A-Za-z])"
)
"""Whom the user meets or asks for ("physio with Sinéad", "a haircut with Kelvin", "ask for Priyanka")."""
_TRANSLITERATION_CHARS = (
    "玛丽亚安娜约翰汤姆杰克露西艾米莉莎拉塔斯蒂芬妮凯特琳达克托弗迈尔卡洛詹士威廉乔治亨保罗彼得丹尼戴维苏菲"
    "伊贝奥利埃德诺曼哈森本明布朗金恩伦宾逊黛博雷切娅纳瑞秋莫比钦瑟蕾薇拉雅琪娃尼科普希芙劳伯萨曼莎"
)
"""Characters that Chinese spells foreign given names with (玛丽亚, 约翰, 安娜, 大卫 is 大 + 卫)."""
_RELATION_FOREIGN_NAME_ZH = prefilter.compile(
    rf"(?:{_ZH_RELATIONS}|同事|朋友|室友|邻居|同学|客户|老板|上司|房东)"
    rf"(?P<name>[{_TRANSLITERATION_CHARS}大]{{2,4}}?)"
    r"(?=是|说|来|去|到|在|下周|下个月|明天|今天|昨天|上周|刚|要|会|也|又|的|，|,|。)"
)
"""A foreign name in Chinese text after who the person is ("我同事玛丽亚是西班牙人", "我朋友安娜下周来北京"): the
forty-first round, from the extraction tuning part's foreign names in Chinese."""
_LATIN_NAME_IN_ZH = prefilter.compile(
    r"(?<=[给跟和与同找约])(?P<name>[A-Z][a-z]{2,}(?: [A-Z][a-z]+)?)(?= ?[\u4e00-\u9fff])"
)
"""A Latin given name in Chinese text, with whom something is done: "同Kenneth饮茶", "跟Amy说一声"."""
_EN_RELATION_CJK = prefilter.compile(
    rf"\b(?i:my|our|his|her)\s+(?:[a-z]+\s+)?(?i:{_EN_RELATIONS})\s+(?P<name>[\u4e00-\u9fff]{{2,3}})(?![\u4e00-\u9fff])"
)
_PERSON_VERB = prefilter.compile(
    r"'s\b|\s+(?:has (?:a |an )?(?:\w+ )?allergy|is allergic|"
    r"and I|works?|lives?|turns|studies|teaches|joined|moved|got|just|is my|was my|said|says|told|"
    r"from (?:your|the) (?:team|support|office|desk|store|shop|company))\b"
)
_ZH_NUM_DATE = prefilter.compile(r"[一二三四五六七八九十]{1,2}月[一二三四五六七八九十]{1,3}[日号]")
_ZH_TO_NAME = prefilter.compile(_ZH_TO_NAME.pattern.replace("{GIVEN}", _ZH_GIVEN_CHARS))
_STOP_VENUE_WORDS = frozenset({"The", "A", "An", "My", "Our", "This", "That"})
# A product or model named in Latin letters inside Chinese text ("iPhone 16 和 Mate 70", "小米14 Ultra",
# "AirPods Pro"): a name quoted from the user, not English words. A word counts when it is capitalised,
# has a capital inside (iPhone) or a digit (X100); a lowercase brand ("vivo") when a model word follows.
_MODEL_WORD = r"(?:[A-Za-z]*[A-Z][A-Za-z0-9]*|[A-Za-z]*\d+[A-Za-z0-9]*)"
_PRODUCT_IN_ZH = prefilter.compile(
    rf"(?<![A-Za-z0-9@.])(?:(?:{ORGS_ZH})(?=\d))?(?:[a-z]+ (?={_MODEL_WORD}))?{_MODEL_WORD}(?: {_MODEL_WORD})*(?![A-Za-z0-9@])"
)
_CJK = prefilter.compile(r"[\u4e00-\u9fff]")
# A product or model named in an English sentence ("the Sony WH-1000XM5", "Galaxy S24 and Pixel 9", "MacBook Air
# M3", "Nintendo Switch OLED"): a run of capitalised words with a model word after the first (a digit, two
# capitals, or a capital inside), so a brand in it ("Sony") is the product's, no organisation of its own.
_RUN_EN = prefilter.compile(
    r"(?<![A-Za-z0-9@./#-])(?:[A-Z][A-Za-z0-9-]*|[a-z]+[A-Z][A-Za-z0-9-]*)(?: (?:[A-Z][A-Za-z0-9-]*|[a-z]+[A-Z][A-Za-z0-9-]*|\d+[A-Za-z0-9-]*))+(?![A-Za-z0-9@-])"
)
_MODEL_TOKEN = prefilter.compile(
    r"^(?:[A-Za-z-]*\d[A-Za-z0-9-]*|[A-Z]{2,}[A-Za-z0-9-]*|[A-Za-z]+[A-Z][A-Za-z0-9-]*)$"
)
_NOT_PRODUCT_FIRST = frozenset(
    re.findall(
        r"\S+",
        """
    Flat Apt Apartment Suite Unit Room Gate Terminal Platform Level Floor Block Building Tower Line Route Bus Flight
    Order Case Ticket Size Step Page Chapter Section Table Seat Row Box No Number Jan Feb Mar Apr Jun Jul Aug Sep
    Sept Oct Nov Dec Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun Week Day Year Q Version Season Episode Zone
    """,
    )
)
"""First words of a run that is no product ("Flat 3", "Terminal 5", "Nov 2")."""
_REGION_CODE = prefilter.compile(r"\b[A-Z]{2} \d{5}\b|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b")
_CODE_LIKE = prefilter.compile(r"^[A-Za-z]{0,4}-?\d{5,}$|^\d+$|^[A-Z]$")


_ABBREVIATION_END = prefilter.compile(
    r"(?:^|\s)(?:Inc|Ltd|Co|Corp|St|Jr|Sr|Dr|Mr|Mrs|Ms|No)\.$|\.[A-Za-z]\.$"
)


def _strip_leading_stops(value: str) -> str:
    words = value.split()
    while len(words) > 1 and words[0] in _STOP_VENUE_WORDS | EN_NOT_NAMES:
        words = words[1:]
    return " ".join(words)


@lru_cache(maxsize=8192)
def find_named(text: str) -> tuple[tuple[str, str], ...]:
    """People, organisations and places an event names, as (type, value): "person", "org", "place";
    and birth dates written with spaces ("5 月 3 日" is the date "5月3日")."""
    out: list[tuple[str, str]] = []

    def add(kind: str, value: str | None) -> None:
        value = (value or "").strip(" ,，")
        if value.endswith(".") and not _ABBREVIATION_END.search(value):
            value = value[:-1]
        if value and (kind, value) not in out:
            out.append((kind, value))

    for match in _PERSON_ZH.finditer(text):
        add("person", match["a"] or match["b"])
    for match in _PERSON_EN.finditer(text):
        name = next(group for group in (match["a"], match["b"], match["c"]) if group)
        words = name.split()
        if re.fullmatch(_EN_RELATION_TITLES, words[0]):
            continue  # "Grandma Rose": the name without the title, below
        if words[0] in EN_NOT_NAMES or (
            len(words) == 1
            and not match["a"]
            and name not in EN_GIVEN_NAMES
            and not _PERSON_VERB.match(text, match.end())
        ):
            continue  # "Calls at work are a no-go": a capitalised word starting a sentence is no name
        add("person", name)
    for match in (*_SIGNED_EN.finditer(text), *_OWNED_EN.finditer(text)):
        name = match["name"]
        if (
            name.split()[0] not in EN_NOT_NAMES
            and not _KNOWN_ORG_EN.match(name)
            and not _CITY_EN.fullmatch(name)
        ):
            add("person", name)
    for match in _PERSON_ZH_BARE.finditer(text):
        add("person", match["a"] or match["b"] or match["c"] or match["d"])
    for match in _ROLE_NAME_ZH.finditer(text):
        add("person", match["name"] or match["receiver"])
    for match in _EN_RELATION_CJK.finditer(text):
        add("person", match["name"])
    for match in _CALLED_ZH.finditer(text):
        add("person", match["name"])
    for match in _MET_WITH_EN.finditer(text):
        name = match["name"] or match["asked"]
        if name.split()[0] not in EN_NOT_NAMES and not _KNOWN_ORG_EN.match(name):
            add("person", name)
    for match in _RELATION_FOREIGN_NAME_ZH.finditer(text):
        add("person", match["name"])
    for match in _LATIN_NAME_IN_ZH.finditer(text):
        if not (_KNOWN_ORG_EN.fullmatch(match["name"]) or _CITY_EN.fullmatch(match["name"])):
            add("person", match["name"])
    for match in _UNDER_NAME_EN.finditer(text):
        name = match["name"] or match["said"] or match["for"]
        if (
            name.split()[0] not in EN_NOT_NAMES
            and not _KNOWN_ORG_EN.match(name)
            and not _CITY_EN.match(name)
            and not _HOLIDAY_EN.match(name)
        ):
            add("person", name)
    for match in _BRAND_AFTER_EN.finditer(text):
        words = match["org"].split()
        while len(words) > 1 and words[-1] in EN_NOT_NAMES:
            words.pop()
        add("org", " ".join(words))
    for match in _ZH_TO_NAME.finditer(text):
        add("person", match["name"] or match["lead"] or match["given"])
    for match in _SELF_EN.finditer(text):
        if match["name"].split()[0] not in EN_NOT_NAMES:
            add("person", match["name"])
    for match in _GIVEN_EN.finditer(text):
        last = match["last"]
        if last and (last in EN_NOT_NAMES or re.fullmatch(_ORG_WORDS, last)):
            last = None
        if match["title"] or match["first"] in EN_GIVEN_NAMES:
            if match["first"] in EN_NOT_NAMES:
                continue
            add("person", match["first"] + (f" {last}" if last else ""))
    for pattern in (_SUFFIX_ORG_EN, _SUFFIX_ORG_ZH):
        for match in pattern.finditer(text):
            add("org", _strip_leading_stops(match["org"] or match.groupdict().get("numbered") or ""))
    for match in (*_KNOWN_ORG_EN.finditer(text), *_KNOWN_ORG_ZH.finditer(text)):
        add("org", match.group(0))
    for match in _ACCOUNT_HOLDER_EN.finditer(text):
        org = match["org"]
        known = _KNOWN_ORG_EN.match(org)
        if known:
            add("org", known.group(0))  # "my Tesco Clubcard account": Tesco
        elif org.split()[0] not in EN_NOT_NAMES and not _MODEL_TOKEN.match(org.split()[-1]):
            add("org", org)
    for match in _TEAM_EN.finditer(text):
        if match["org"] not in _DEPARTMENTS and match["org"] not in EN_NOT_NAMES:
            add("org", match["org"])
    for match in _SWITCHED_PROVIDER_EN.finditer(text):
        for said in (match["old"], match["new"], match["with"]):
            if said and said.split()[0] not in EN_NOT_NAMES:
                add("org", said)
    known_orgs = [value for kind, value in out if kind == "org"]
    people = {value for kind, value in out if kind == "person"}
    for match in _ORG_ZH.finditer(text):
        doing = _DONE_THERE_ZH.search(match["org"] or "")
        if doing and doing.start() >= 2 and not match["place"]:
            add("place", match["org"][: doing.start()])  # "在南锣鼓巷吃饭": where it was done
            continue
        whole = (
            (match["place"] or "") + (match["org"] or "")
            if _GENERIC_ORG_SUFFIX.match(match["org"] or "")
            else ""
        )
        place, org = ("", whole) if whole else _split_city(match["org"] or match["org2"] or "")
        if (
            org.startswith(tuple(known_orgs))
            or _CITY_ZH.fullmatch(org)
            or (len(org) < 3 and not whole and _KNOWN_ORG_ZH.fullmatch(org) is None)
        ):
            org = ""  # "在腾讯深圳总部": the organisation is 腾讯; "在外地", "在新加坡" name none
            add("place", match["place"] or place)
        if org and not _ORG_ZH_NOT.search(org) and org not in people and not org.startswith(tuple(people)):
            add("place", "" if whole else match["place"] or place)
            # a Latin name where a table is booked is the restaurant ("两个人，在Wagas")
            latin_venue = re.fullmatch(r"[A-Za-z][A-Za-z' ]*", org) and _BOOKING_WORDS.search(text)
            add("place" if latin_venue else "org", org)
    if _ORG_CUE.search(text) or re.search(rf"\b(?:{_ORG_WORDS})\b", text):
        for match in _ORG_EN.finditer(text):
            org = re.sub(r"\s+(?:of|and)$", "", match["org"])
            if org.split()[0] in EN_NOT_NAMES or org in people:
                continue
            after_name = any(text[: match.start()].rstrip().endswith(person) for person in people)
            bare = match.group(0).startswith(("at ", "from "))
            if bare and not (match["place"] or re.search(_ORG_WORDS, org) or after_name):
                continue  # "at Heathrow", "from Lyon": a place as often as an organisation
            add("org", org)
            add("place", match["place"])
    for match in _PLACE_ZH.finditer(text):
        add("place", match["city"])
    for match in _PLACE_EN.finditer(text):
        if (
            match["place"] not in {value for _, value in out}
            and match["place"].split()[0] not in EN_NOT_NAMES
            and not _FROM_A_RELATIVE.match(match["place"])
        ):
            add("place", match["place"])
    typed = {value for _, value in out}
    for match in _PLACE_AFTER_EN.finditer(text):
        place = match["place"]
        first = place.split()[0]
        if (
            first in EN_NOT_NAMES
            or first in EN_GIVEN_NAMES
            or first in _NOT_PRODUCT_FIRST  # "in Jan", "to Terminal 5"
            or _LANGUAGE_NAME.fullmatch(place)  # "reply in English"
            or place in typed
            or any(place in value or value in place for value in typed)
            or _KNOWN_ORG_EN.fullmatch(place)
        ):
            continue
        add("place", place)
    for match in _BIRTH_DATE.finditer(text):
        if " " in match.group(0):  # "5 月 3 日"; "3月21号" is _DATE's, as said
            add("date", f"{match['m']}月{match['d']}日")
    for match in _ZH_NUM_DATE.finditer(text):
        add("date", match.group(0))
    for match in _BANK_BRANCH_ZH.finditer(text):
        add("place", match.group(0))
    for match in _AIRPORT_TERMINAL_EN.finditer(text):
        add("place", match.group(0))
    for match in _AT_VENUE_IN_EN.finditer(text):
        venue = match["venue"]  # "The Wheatsheaf": a capital "The" mid-sentence is part of the name
        named = {value for _, value in out}  # "at Google in London": the employer, typed already
        if venue.split()[-1] not in EN_NOT_NAMES and not _CITY_EN.fullmatch(venue) and venue not in named:
            add("place", venue)
    for pattern in (_VENUE_EN, _VENUE_ZH, _BOOKED_AT_EN, _BOOKED_AT_ZH, _QUOTED_VENUE_ZH, _OUR_SITE_EN):
        for match in pattern.finditer(text):
            venue = _strip_leading_stops(
                match.groupdict().get("venue")
                or match.groupdict().get("named")
                or match.groupdict().get("branch")
                or match.group(0)
            )
            venue = _NIGHTS_ZH.sub("", venue)  # "订两晚亚朵酒店": the hotel
            pointed = _POINTED_AT_ZH.search(venue)  # "旺角那间书店": the shop is pointed at, 旺角 is named
            if pointed:
                venue = venue[: pointed.start()]
                if len(venue) < 2:
                    continue
            if venue.split()[0] not in EN_NOT_NAMES:
                add("place", venue)
    for match in _AMPERSAND_ORG_EN.finditer(text):
        firm = match.group(0)  # after the venues: "the Eastern & Oriental Hotel" is the hotel
        if firm.split()[0] not in EN_NOT_NAMES and not any(firm in value for _, value in out):
            add("org", firm)
    for match in (*_STATION_ZH.finditer(text), *_CITY_EN.finditer(text), *_CITY_ZH.finditer(text)):
        add("place", match.group(0))
    for product in _products_in_zh(text, {value for _, value in out}):
        add("org" if _provider_in_zh(text, product) else "product", product)
    for product in _products_in_en(text, {value for _, value in out}):
        add("product", product)
    # a known organisation is no person, however its name reads ("return the pram to John Lewis")
    return _outermost([(kind, value) for kind, value in out if kind != "person" or ("org", value) not in out])


def _products_in_en(text: str, named: set[str]) -> list[str]:
    """Product and model names in English text (_RUN_EN); not where the text is Chinese (_products_in_zh
    reads it), nor a run that starts with a unit, a month, a city, a given name or a sentence word ("Flat 3",
    "London NW1 6XE"), nor a region and postcode ("CA 94105")."""
    if len(_CJK.findall(text)) >= len(re.findall(r"[A-Za-z]{2,}", text)):
        return []
    found = []
    for match in _RUN_EN.finditer(text):
        words = match.group(0).split()
        while words and (words[0] in EN_NOT_NAMES or words[0] in _STOP_VENUE_WORDS):
            words = words[1:]
        if (
            len(words) < 2
            or not re.search(r"[a-z]", words[0])
            or words[0] in _NOT_PRODUCT_FIRST
            or words[0] in EN_GIVEN_NAMES
            or _CITY_EN.fullmatch(words[0])
            or not any(_MODEL_TOKEN.match(word) for word in words[1:])
        ):
            continue
        value = " ".join(words)
        if any(value.startswith(f"{name} ") and _VENUE_EN.fullmatch(name) for name in named):
            continue  # "Prosperity House 3rd floor": the building, named, and its floor
        if value not in named and not _REGION_CODE.search(value) and not _CITY_EN.match(value):
            found.append(value)
    return found


_PROVIDER_BEFORE_ZH = prefilter.compile(r"(?:在|取消|登入|登录|登陆|被|找)\s?$")
_PROVIDER_AFTER_ZH = prefilter.compile(
    r"^\s?(?:的(?:自动续费|会员|会籍|账号|账户|客服|订单|app|App|APP)|买的|上买|下的单|收了|扣了|多扣|plan|套餐|会员)"
)


def _provider_in_zh(text: str, name: str) -> bool:
    """A Latin name without a model number in Chinese text that sells, charges or holds an account
    ("在Lazada买的", "取消Viu的自动续费", "Singtel收了我两次") is the company, not a product."""
    if re.search(r"\d", name):
        return False
    at = text.find(name)
    return bool(
        _PROVIDER_BEFORE_ZH.search(text[max(0, at - 3) : at])
        or _PROVIDER_AFTER_ZH.match(text[at + len(name) : at + len(name) + 6])
    )


def _products_in_zh(text: str, named: set[str]) -> list[str]:
    """Latin-letter names inside Chinese text that no other finder typed (_PRODUCT_IN_ZH): not an id,
    a person, an organisation or a place already found, nor a carrier (DHL). Only where the text is
    Chinese (more Chinese characters than Latin words): in "my colleague 王伟 works at Tencent" the
    Latin words are English."""
    if len(_CJK.findall(text)) < len(re.findall(r"[A-Za-z]{2,}", text)):
        return []
    return [
        value
        for match in _PRODUCT_IN_ZH.finditer(text)
        if re.search(r"[A-Za-z]", value := match.group(0))  # "152 1234 5678" is a phone number
        and not _CODE_LIKE.match(value)
        and value not in named
        and not _KNOWN_ORG_EN.fullmatch(value)
        and not _CITY_EN.fullmatch(value)
        and value.split()[0] not in EN_GIVEN_NAMES
        and not slots.carriers_in(value)  # "Ninja Van的SMS": a carrier (extract.type_carriers), no product
    ]


def _outermost(found: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """Without a name inside a longer organisation or place found with it: "St. Mary" and "Mary" in
    "St. Mary's Hospital", "北京" and "协和医院" in "北京协和医院"."""
    wider = [value for kind, value in found if kind in {"org", "place", "product"}]
    people = [value for kind, value in found if kind == "person"]
    return tuple(
        (kind, value)
        for kind, value in found
        if kind == "date"
        or not (
            any(value != other and value in other for other in wider)
            or (
                kind == "person"
                and any(
                    other != value and (other.startswith(value) or other.endswith(f" {value}"))
                    for other in people
                )
            )
        )
    )
