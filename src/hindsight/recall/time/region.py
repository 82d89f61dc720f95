"""The region a user lives in, as the time parser reads it: an ISO 3166-1 alpha-2 country code ("US",
"GB", "AU", "CN"). Where a query does not say, the region decides what only a place can: whether "12/3" is
the 12th of March or the 3rd of December, which months "winter" names, which day "Thanksgiving",
"Mother's Day" or "National Day" is, when "the financial year" begins, which days the clocks change on and
which days the weekend is. Without a region the parser keeps its defaults (month first, the northern seasons,
the United States' and China's holidays, calendar fiscal years). A place the query names wins over the region
where it is tied to the time words ("last summer in Japan", `_tied`); a place said of someone else ("my parents in
Lahore") does not.

How the region reaches the rules: `parse_range` sets `_REGION` for the length of one call (a
`contextvars.ContextVar`, so each thread and each asyncio task sees its own, and nothing is left behind), and
the code that needs it asks `_place(query, anchor)`, which answers None without a region (the defaults, at the
cost of one read of the variable). Every convention a region changes is in the tables below, each with its
source."""

from __future__ import annotations

import re
from contextvars import ContextVar
from datetime import datetime, timedelta
from functools import partial

from hindsight import prefilter
from hindsight.recall import holiday_tables, holidays
from hindsight.recall.time import nearby

_CODES = """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
    BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
    EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
    HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
    LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
    NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
    SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
    TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
"""
REGION_CODES = frozenset(_CODES.split())
"""Every ISO 3166-1 alpha-2 code (from the IANA time zone database's iso3166.tab)."""


_ALIASES = {"UK": "GB"}
"""Names users write for a code ("UK" is GB in ISO 3166)."""


def check_region(code: str) -> str:
    """`code` as the parser takes it (upper case); ValueError if it is no ISO 3166-1 alpha-2 code."""
    region = _ALIASES.get(code.strip().upper(), code.strip().upper())
    if region not in REGION_CODES:
        raise ValueError(f"region {code!r} is not an ISO 3166-1 alpha-2 country code (e.g. US, GB, AU, CN)")
    return region


_REGION: ContextVar[str | None] = ContextVar("hindsight_time_region", default=None)
"""The region of the `parse_range` call running in this context (None: none given). Set and reset by
`parse_range` only; read through `_place`."""


# --- the places a query may name ------------------------------------------------------------------

_PLACE_WORDS = {
    # a country's names (and the adjectives of a few, which seldom name a cuisine or a language: "Indian",
    # "French", "Thai" are left out), its best-known cities, in English and Chinese
    "US": r"\bamerica\b|\bamerican\b|\bthe states\b|\bstateside\b|new york|\bnyc\b"
    r"|california|texas|florida|chicago|seattle|boston|san francisco|los angeles|美国|纽约|加州|洛杉矶|旧金山"
    r"|西雅图|芝加哥|波士顿",
    "CA": r"canada|canadian|toronto|vancouver|montreal|ottawa|calgary|edmonton|quebec|winnipeg|加拿大|多伦多"
    r"|温哥华|蒙特利尔",
    "GB": r"\buk\b|\bu\.k\.|britain|british|\bengland\b|scotland|scottish|\bwales\b|welsh|london|manchester"
    r"|birmingham|\bleeds\b|glasgow|edinburgh|belfast|cardiff|liverpool|英国|伦敦|曼彻斯特|苏格兰",
    "IE": r"ireland|\birish\b|dublin|galway|爱尔兰|都柏林",
    "AU": r"australia|\baussie|sydney|melbourne|brisbane|\bperth\b|adelaide|canberra|hobart|澳洲|澳大利亚|悉尼"
    r"|墨尔本|布里斯班|珀斯|阿德莱德",
    "NZ": r"new zealand|\bnz\b|auckland|wellington|christchurch|新西兰|纽西兰|奥克兰|惠灵顿",
    # (not Singapore's and Kuala Lumpur's Little India, nor 印度 of a person or a dish: 印度邻居, 印度菜)
    "IN": r"(?<!little )\bindia\b|mumbai|delhi|bangalore|bengaluru|chennai|kolkata|hyderabad|\bpune\b"
    r"|印度(?!尼西亚|邻居|朋友|同事|同学|人|裔|籍|菜|餐|餐厅|太太|阿姨|老板)|孟买|新德里",
    "SG": r"singapore|s'pore|\bspore\b|\bsg\b|新加坡|狮城|星洲",
    "MY": r"malaysia|\bmsia\b|kuala lumpur|\bkl\b|penang|johor|马来西亚|大马|吉隆坡|槟城|新山",
    "HK": r"hong kong|\bhk\b|kowloon|香港|九龙",
    "MO": r"\bmacau\b|\bmacao\b|澳门",
    "TW": r"taiwan|taipei|kaohsiung|taichung|台湾|台北|高雄|台中|台南",
    # (not 中国城 / 中国街, a Chinatown abroad)
    "CN": r"\bchina\b(?!town)|beijing|shanghai|guangzhou|shenzhen|中国(?![城街])|内地|大陆|北京|上海|广州|深圳",
    "JP": r"\bjapan\b|tokyo|osaka|kyoto|日本|东京|大阪|京都",
    "KR": r"\bkorea\b|seoul|busan|韩国|首尔|釜山",
    "PH": r"philippines|manila|\bcebu\b|davao|quezon|菲律宾|马尼拉",
    "ZA": r"south africa|johannesburg|joburg|cape town|durban|pretoria|南非|约翰内斯堡|开普敦",
    "NG": r"nigeria|\bnaija\b|\blagos\b|\babuja\b|ibadan|port harcourt|\benugu\b|尼日利亚",
    "KE": r"\bkenya|nairobi|mombasa|kisumu|肯尼亚|内罗毕",
    "GH": r"\bghana|\baccra\b|kumasi",
    "PK": r"pakistan|karachi|lahore|islamabad",
    "DE": r"germany|berlin|munich|frankfurt|hamburg|德国|柏林|慕尼黑",
    "FR": r"\bfrance\b|\bparis\b|法国|巴黎",
    "ES": r"\bspain\b|madrid|barcelona|西班牙|马德里|巴塞罗那",
    "IT": r"\bitaly\b|\brome\b|milan|venice|意大利|罗马|米兰|威尼斯",
    "NL": r"netherlands|holland|amsterdam|rotterdam|荷兰|阿姆斯特丹",
    "CH": r"switzerland|zurich|geneva|瑞士|苏黎世",
    "TH": r"thailand|bangkok|phuket|chiang mai|泰国|曼谷|普吉",
    "VN": r"vietnam|hanoi|saigon|ho chi minh|越南|河内|胡志明",
    "ID": r"indonesia|jakarta|\bbali\b|印尼|印度尼西亚|雅加达|巴厘岛",
    "BR": r"brazil|são paulo|sao paulo|rio de janeiro|巴西",
    "AR": r"argentin|buenos aires|阿根廷",
    "CL": r"\bchile\b|santiago|智利",
}
"""The places a query may name, by their country (the earliest named in the query is the one taken)."""
_PLACES = prefilter.compile(
    "|".join(f"(?P<{code}>{words})" for code, words in _PLACE_WORDS.items()), re.IGNORECASE
)
_US = prefilter.compile(r"\bU\.?S\.?A?\b")
"""The United States by its letters, in capitals ("us" is a pronoun)."""

# A place is the calendar's only where it is tied to the time words: "last summer in Japan", "Japan's summer",
# "日本的夏天", "Thanksgiving with the American side of the family", "国庆回北京那几天", "the UK site's report
# dated 4/3". A place said of someone or something else in the query — where the family lives ("my parents in
# Lahore", "我哥（在深圳）"), where money or a flight goes or comes from ("remitted to Lagos this tax year", "flying
# in from Manila for Thanksgiving"), a place further off in the sentence — leaves the user's own conventions:
# a user in Auckland writes "7/12" day first and means the New Zealand summer whoever the query speaks of.
_CLAUSE = prefilter.compile(r"[，。、；;:：!?！？()（）\[\]\n]|,(?!\d)|\.\s")
"""A clause's end: a place beyond one is not tied to the time words."""
_NOT_WHERE = prefilter.compile(
    r"(?:\b(?:from|to|via|into|towards?)|从|由|自|来自|寄|寄到|寄去|寄回|寄给|汇到|汇去|汇回|汇给|转到|转给|送给|带给"
    r"|飞往|飞到|飞"
    # 去 (as "to": "28/12 至 2/1 去日本" is written as the user writes)
    r"|(?<!过)(?<!回)去)"
    r"\s*(?:the\s+)?$"
    # a person's place: "my mum in Hanoi", "Bhaiya in Dubai", "my son's uni in Canada", 我哥（在深圳）, 女儿在台湾
    r"|\b(?:mum|mom|mother|mam|ma|dad|father|papa|pa|parents?|folks|son|daughter|kids?|child|children|brother"
    r"|bro|sister|sis|bhaiya|didi|wife|husband|hubby|cousins?|uncle|aunt|auntie|aunty|nephew|niece|family"
    r"|relatives?|in-?laws?|grand(?:ma|pa|mother|father|parents?)|nana|nan|granny|friends?|boss|colleagues?"
    r"|tita|tito|ate|kuya)(?:'s)?(?:\s+[a-z]+)?\s+(?:in|at|back in|back home in|over in)"
    r"\s+(?:the\s+)?$"
    r"|(?:妈|爸|父母|爸妈|儿子|女儿|哥|姐|弟|妹|老公|老婆|太太|先生|家人|亲戚|朋友|孩子|婆家|娘家|外婆|奶奶|爷爷"
    r"|外公|亲家|同事)(?:[（(])?(?:现在|还|也|都)?(?:在|住在|住)\s*$",
    re.IGNORECASE,
)
"""What before a place says it is not where the user's time words are kept: where something goes or comes
from, where someone else is."""
_WORKPLACE_AFTER = prefilter.compile(
    r"\s+(?:site|office|team|branch|hq|headquarters|plant|factory|warehouse|store|shop|outlet|subsidiary|entity"
    r"|depot|lab|clinic|campus)s?\b",
    re.IGNORECASE,
)
"""A workplace after the place ("the report from the UK site", "the plumber from our Boston office"): where a
record comes from, written as that place writes it — not a person's home."""
_SOMEONE_AFTER = prefilter.compile(
    r"\s*(?:supplier|client|customer|buyer|seller|vendor|agent|wholesaler|trader|distributor|importer|exporter"
    r"|partner|manufacturer|forwarder|broker|landlord|tenant)s?\b|\s*(?:的)?(?:供应商|供货商|客户|客人|买家|卖家|厂家|代理|批发商)",
    re.IGNORECASE,
)
"""Whom the place says where they are ("paid the Shenzhen supplier in the last tax year", "the Maputo client",
"深圳供应商"): a trading partner's home, not the user's calendar (the forty-ninth round) — except for a date in
digits, which the partner's paper writes its own way."""


_HERE = prefilter.compile(
    r"\b(?:i'?m|i am|we'?re|we are|i live|we live|i'?m based|we'?re based|i'?m living|here|over here|back here)"
    r"\s+in\s+(?:the\s+)?$|(?:我|我们|我家|我们家)(?:现在|目前)?(?:住)?在\s*$",
    re.IGNORECASE,
)
_HERE_AFTER = prefilter.compile(r"\s*(?:这边|这里|这儿|呢度|呢边)")
"""Where the user says they are ("I'm in the UK", "here in Melbourne", "我在悉尼", "墨尔本这边"): the place is the
user's own, whatever it is said beside."""


def _tied(query: str, place: re.Match[str], anchors: list[re.Match[str]]) -> bool:
    """Whether `place` is tied to one of the time words `anchors` (`nearby.few_words`, in one clause: `_CLAUSE`,
    `_NOT_WHERE`), or is where the user says they are (`_HERE`)."""
    before = max(0, place.start() - 40)
    if _HERE.search(query, before, place.start()) or _HERE_AFTER.match(query, place.end()):
        return True
    if _NOT_WHERE.search(query, before, place.start()) and not _WORKPLACE_AFTER.match(query, place.end()):
        return False
    if _SOMEONE_AFTER.match(query, place.end()) and not any(
        _DIGIT_ANCHOR.fullmatch(a.group(0)) for a in anchors
    ):
        # (a date in digits on a partner's paper is written as the partner writes it: "our Chicago supplier's
        # invoice dated 5/6")
        return False
    for anchor in anchors:
        if anchor.start() < place.end() and place.start() < anchor.end():
            return True
        gap = nearby.between(query, place, anchor)
        if nearby.few_words(gap) and not _CLAUSE.search(gap):
            return True
    return False


def _place(query: str, anchor: prefilter.Pattern) -> str | None:
    """Whose conventions a query's time words (those `anchor` finds) follow: the country of the first place
    the query names tied to them (`_tied`), else the user's region; None when no region was given (the parser's
    defaults, which read the places they always read: `periods/digits._DAY_FIRST`, the country-named holidays
    of `words/`)."""
    region = _REGION.get()
    if region is None:
        return None
    anchors = list(anchor.finditer(query))
    if not anchors:
        return region
    named: list[tuple[int, str, re.Match[str]]] = [
        (found.start(), found.lastgroup or region, found) for found in _PLACES.finditer(query)
    ]
    named += [(found.start(), "US", found) for found in _US.finditer(query)]
    for _, code, found in sorted(named, key=lambda item: item[0]):
        if _tied(query, found, anchors):
            return code
    return region


def _anchor(said: str) -> prefilter.Pattern:
    """The time words `said` as an anchor for `_place` (a holiday's name as the query wrote it)."""
    key = said.lower()
    if key not in _ANCHORS:
        _ANCHORS[key] = prefilter.compile(re.escape(key), re.IGNORECASE)
    return _ANCHORS[key]


_ANCHORS: dict[str, prefilter.Pattern] = {}
_DIGIT_ANCHOR = prefilter.compile(r"(?<!\d)\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?(?!\d)")
"""A date in digits, the time words a place may be tied to for the order of its numbers."""
_SEASON_ANCHOR = prefilter.compile(
    r"\b(?:spring|summer|autumn|fall|winter)\b|[春夏秋冬](?:天|季)|入[春夏秋冬]|[春夏秋冬](?=[上里])",
    re.IGNORECASE,
)
_FISCAL_ANCHOR = prefilter.compile(
    r"\b(?:fy|eofy|fiscal|financial|fin|tax|ya)\b|fy\d|ya\d|财年|财政|会计年度|年度|税年", re.IGNORECASE
)


_SCHOOL_ANCHOR = prefilter.compile(r"\b(?:school|academic) year\b|学年", re.IGNORECASE)

SCHOOL_YEARS = {
    # the month a school year begins in, where one month holds for the whole country's
    # schools: the calendar year in Australia, New Zealand, South Africa and Singapore (terms from late January
    # or February); Taiwan's from 1 August (the Ministry of Education's 學年度); Japan's from April, Korea's from
    # March; September in the United Kingdom, Ireland, the United States, Canada, mainland China and Hong Kong
    **dict.fromkeys(("AU", "NZ", "ZA", "SG"), 1),
    "TW": 8,
    "JP": 4,
    "KR": 3,
    **dict.fromkeys(("GB", "IE", "US", "CA", "CN", "HK", "MO"), 9),
}
"""When the school year begins (its first month), by region; elsewhere "this school year" names none (India's,
Malaysia's and others' differ by board or have moved)."""


def _school_year_start(query: str) -> int | None:
    """The month the query's school year begins in (`SCHOOL_YEARS`), by the region or the place tied to it."""
    return SCHOOL_YEARS.get(_place(query, _SCHOOL_ANCHOR) or "")


# --- dates in digits ------------------------------------------------------------------------------

MONTH_FIRST = frozenset(
    {"US", "AS", "GU", "MP", "UM", "VI", "FM", "MH", "PW", "PH", "CA", "CN", "TW", "JP", "KR"}
)
"""Where "12/3" is the 3rd of December (everywhere else the day comes first: the United Kingdom, Ireland,
Australia, New Zealand, India, Singapore, Malaysia, Hong Kong, Macau, South Africa, Nigeria, Kenya, Europe,
Latin America, ...). The United States and the places that follow its usage (its territories, Micronesia, the
Marshall Islands, Palau, the Philippines) write the month first; China, Taiwan, Japan and Korea write
year-month-day, and a date without its year keeps that order, month then day ("3/12" is 3月12日); Canada
writes both, and its usage in English is mostly the US one, so it keeps the parser's default."""


def _day_first(query: str, day_first_places: prefilter.Pattern | None = None) -> bool:
    """Whether, by the region (or a place tied to the date), a date in digits in `query` is written day first;
    False without a region (the parser's default, month first). A place tied to the date decides ("纽约那边 4/2
    那天", "the UK site's incident report dated 4/3": also any of `day_first_places` tied to it); one said of
    someone else does not ("the transfer on 7/8 for mum's rent in Cebu", from Australia): the user wrote the
    digits."""
    region = _REGION.get()
    place = _place(query, _DIGIT_ANCHOR)
    if place is None or region is None:
        return False
    if place == region and region in MONTH_FIRST and day_first_places is not None:
        anchors = list(_DIGIT_ANCHOR.finditer(query))
        return any(_tied(query, found, anchors) for found in day_first_places.finditer(query))
    return place not in MONTH_FIRST


# --- seasons --------------------------------------------------------------------------------------

SOUTHERN = frozenset({"AU", "NZ", "ZA", "LS", "SZ", "NA", "BW", "ZW", "AR", "CL", "UY", "PY", "BR", "FK"})
"""Where the seasons are the southern hemisphere's: summer December-February, autumn March-May, winter
June-August, spring September-November (the meteorological seasons, as the Bureau of Meteorology, New
Zealand's MetService and the South African Weather Service count them; Brazil and the Southern Cone name
theirs the same months). The tropics north of these (Indonesia, Peru, Kenya, most of Brazil's north) have wet
and dry seasons rather than four, but Brazil as a whole counts its four by these months. A southern summer
runs over the new year and is named, as the northern winter is, by the year it begins in ("summer 2026" is
December 2026 to February 2027); a southern winter lies within one year ("winter 2026" is June-August 2026)."""


def _southern(query: str) -> bool:
    """Whether `query`'s seasons are the southern hemisphere's (by the region or the place tied to them)."""
    return _place(query, _SEASON_ANCHOR) in SOUTHERN


# --- holidays -------------------------------------------------------------------------------------

_ARAB_MOTHERS_DAY = ("AE", "SA", "QA", "KW", "BH", "OM", "EG", "JO", "LB", "SY", "IQ", "PS", "YE", "SD")
"""Where Mother's Day is 21 March (the Arab world's, first kept in Egypt in 1956)."""
_HOLIDAY_BY_KEY: dict[str, dict[str, str]] = {
    # Canada's Thanksgiving is the second Monday of October (the Holidays Act); the US one, the default, is
    # the fourth Thursday of November (and is what "Thanksgiving" means in countries that keep none)
    "thanksgiving": {"CA": "canadian thanksgiving"},
    # the United Kingdom, Ireland and Nigeria keep Mothering Sunday, the fourth Sunday of Lent (three weeks
    # before Easter Sunday), as their Mother's Day; most others, the default, the second Sunday of May
    # Thailand keeps it on 12 August (Queen Sirikit's birthday), Indonesia on 22 December (Hari Ibu), the Arab
    # world on 21 March
    "mother's day": {
        "GB": "mothering sunday",
        "IE": "mothering sunday",
        "NG": "mothering sunday",
        "TH": "mother's day (thailand)",
        "ID": "mother's day (indonesia)",
        **dict.fromkeys(_ARAB_MOTHERS_DAY, "mother's day (arab world)"),
    },
    # Australia and New Zealand keep Father's Day on the first Sunday of September, Taiwan on 8 August (爸爸节,
    # 八八), Thailand on 5 December (King Bhumibol's birthday), Indonesia on 12 November (Hari Ayah); the default
    # is the third Sunday of June
    "father's day": {
        "AU": "father's day (australia)",
        "NZ": "father's day (australia)",
        "TW": "father's day (taiwan)",
        "TH": "father's day (thailand)",
        "ID": "father's day (indonesia)",
    },
    # "Labour Day" where the query names no place: the first Monday of September in the United States and
    # Canada (words/national_days_and_mixed.py writes it "labor day" there); New Zealand's the fourth Monday of
    # October; Australia's differs by state (first Monday of March in Western Australia, second Monday of March
    # in Victoria and Tasmania, first Monday of May in Queensland and the Northern Territory, first Monday of
    # October in New South Wales, the ACT and South Australia): the last, the most populous states', is taken
    # (the forty-ninth round: the Philippines' Labor Day is 1 May, Jamaica's Labour Day 23 May)
    "labor day": {
        "NZ": "labour day (new zealand)",
        "AU": "labour day (new south wales)",
        "PH": "may day",
        "JM": "labour day (jamaica)",
    },
    # 劳动节 / 五一: mainland China's public holiday is 1-5 May; Hong Kong, Macau, Taiwan, Singapore and
    # Malaysia keep the day itself, 1 May. 劳动节 said where Labour Day is a Monday is that Monday, as Chinese
    # speakers there name the local holiday ("劳动节长周末" in the United States): the United States' and Canada's
    # (first Monday of September), New Zealand's, Australia's (by state: `AU_STATE_HOLIDAYS`); 五一 stays 1 May
    "labour day": {
        **{code: "may day" for code in ("HK", "MO", "TW", "SG", "MY")},
        "US": "labor day",
        "CA": "labor day",
        "NZ": "labour day (new zealand)",
        "AU": "labour day (new south wales)",
        "PH": "may day",
        "JM": "labour day (jamaica)",
    },
    # Independence Day said alone is the Fourth of July by default; a country that keeps one of its own
    # means its own (as words/national_days_and_mixed.py reads a place named: India 15 August, Nigeria 1
    # October, Ghana 6 March, Pakistan 14 August, the Philippines 12 June; Kenya's is Jamhuri Day, 12
    # December, and Malaysia's Merdeka Day, 31 August)
    "independence day": {
        "IN": "indian independence day",
        "NG": "nigerian independence day",
        "GH": "ghanaian independence day",
        "PK": "pakistani independence day",
        "PH": "philippine independence day",
        "KE": "jamhuri day",
        "MY": "merdeka day",
        "ID": "indonesian independence day",
        "LK": "sri lankan independence day",
        # the fiftieth round: Jamaica's, 6 August; Trinidad and Tobago's, 31 August
        "JM": "jamaican independence day",
        "TT": "trinidad and tobago independence day",
    },
    # National Day / 国庆: mainland China's is its 1-7 October holiday (the default); Singapore's is 9 August,
    # Malaysia's (Hari Kebangsaan, Merdeka) 31 August, Taiwan's (双十) 10 October; Hong Kong keeps 1 October
    # alone, Macau 1 and 2 October
    "national day": {
        "SG": "national day (singapore)",
        "MY": "merdeka day",
        "TW": "national day (taiwan)",
        "HK": "national day (hong kong)",
        "MO": "national day (macau)",
        # Saudi Arabia's is 23 September, the United Arab Emirates' 2 December, Vietnam's (Quốc khánh) 2
        # September
        "SA": "national day (saudi arabia)",
        "AE": "national day (uae)",
        "VN": "national day (vietnam)",
    },
    # 儿童节 / Children's Day: 1 June in mainland China (the default, International Children's Day); Taiwan's is
    # 4 April, Japan's and Korea's 5 May, India's 14 November (Nehru's birthday, Bal Diwas), Nigeria's 27 May
    "children's day": {
        "TW": "children's day (taiwan)",
        # (Hong Kong keeps 4 April as Taiwan does, as two of the fiftieth round's authors read it)
        "HK": "children's day (taiwan)",
        "JP": "children's day (japan, korea)",
        "KR": "children's day (japan, korea)",
        "IN": "children's day (india)",
        "NG": "children's day (nigeria)",
        # Thailand's the second Saturday of January, Indonesia's 23 July, Singapore's school holiday the first
        # Friday of October
        "TH": "children's day (thailand)",
        "ID": "children's day (indonesia)",
        "SG": "children's day (singapore)",
    },
    # 教师节 / Teachers' Day: 10 September in mainland China (the default); 28 September in Taiwan, 16 May in
    # Malaysia, 5 September in India (Radhakrishnan's birthday), the first Friday of September in Singapore (the
    # Ministry of Education's school holiday)
    "teachers' day": {
        "TW": "teachers' day (taiwan)",
        "MY": "teachers' day (malaysia)",
        "IN": "teachers' day (india)",
        "SG": "teachers' day (singapore)",
        # Vietnam's is 20 November, the Philippines' 5 October
        "VN": "teachers' day (vietnam)",
        "PH": "teachers' day (philippines)",
    },
    # the King's Birthday: the second Monday of June in Australia (the default; Queensland's, the first Monday of
    # October: `AU_STATE_HOLIDAYS`; Western Australia's is proclaimed each year, late in September, and not
    # read), the first Monday of June in New Zealand (the Holidays Act 2003's Sovereign's Birthday)
    # (and Malaysia's, the Agong's, the first Monday of June)
    "king's birthday": {"NZ": "king's birthday (new zealand)", "MY": "king's birthday (malaysia)"},
    # Buddha's birthday (佛诞) is the 8th day of the 4th lunar month as Hong Kong, Macau and Taiwan keep it;
    # Singapore and Malaysia keep Vesak Day instead
    "buddha's birthday": {"SG": "vesak day", "MY": holidays.by_country("vesak day", "MY")},
    # the "summer" (August) bank holiday: the last Monday of August in England and Wales (the default), the
    # first Monday of August in Ireland
    "summer bank holiday": {"IE": "august bank holiday (ireland)"},
    # Family Day: the third Monday of February in Canada's provinces (the default); in South Africa, Easter
    # Monday
    "family day": {"ZA": "easter monday"},
    # "Heroes Day": Kenya's Mashujaa Day (the default), the Philippines' National Heroes Day (the last Monday of
    # August), Indonesia's Hari Pahlawan (10 November)
    # (and Jamaica's National Heroes Day, the third Monday of October)
    "mashujaa day": {
        "PH": "national heroes day (philippines)",
        "ID": "heroes' day (indonesia)",
        "JM": "national heroes day (jamaica)",
    },
    # Republic Day: India's 26 January by default; Ghana's 1 July
    "republic day": {"GH": "republic day (ghana)"},
    # Women's Day: 8 March by default; South Africa's National Women's Day is 9 August
    "women's day": {"ZA": "south african women's day"},
    # the tax filing deadline: the United States' 15 April by default; Canada's 30 April, the United Kingdom's
    # self assessment deadline 31 January
    "tax day (us)": {"CA": "tax deadline (canada)", "GB": "self assessment deadline (uk)"},
    # Passover's days: eight outside Israel, seven in it (the fiftieth round)
    "passover days": {"IL": "passover days (israel)"},
    # Victory Day: 9 May by default; Bangladesh's (Bijoy Dibosh) is 16 December
    "victory day": {"BD": "victory day (bangladesh)"},
    # the fiftieth round: Eid al-Fitr and al-Adha by the moon as each country sights it (South and Southeast
    # Asia and much of Africa often a day after the Gulf, the default), Deepavali by the Tamil calendar in
    # Singapore and Malaysia, Vesak by Malaysia's and Indonesia's gazettes (`holiday_tables`)
    **{
        holiday: {country: holidays.by_country(holiday, country) for country in countries}
        for holiday, countries in holiday_tables.FIRST_DAYS.items()
    },
    # Ramadan to the day before the country's own Eid al-Fitr
    "ramadan": {
        country: holidays.by_country("ramadan", country)
        for country in holiday_tables.FIRST_DAYS["eid al-fitr"]
    },
}
"""The holiday a name said without a country means in a region, by the holiday the name reads as without one
(`hindsight.recall.holidays`): only where the region keeps a holiday of that name on another day."""
_MID_AUTUMN_OFF = ("中秋放假", "中秋假期", "中秋假")
"""中秋 said as its day off."""
_HOLIDAY_BY_NAME: dict[str, dict[str, str]] = {
    # "May Day": 1 May by default; in the United Kingdom and Ireland, the early May bank holiday (May's first
    # Monday), which is what the name says there (the fiftieth round; "Labour Day" stays 1 May)
    "may day": {"GB": "early may bank holiday", "IE": "early may bank holiday"},
    # China's golden week by its own name, 十一 (1 October), 六一 (1 June) and the Fourth of July name their days
    # wherever the user is
    "十一假期": {},
    "十一长假": {},
    "十一黄金周": {},
    "六一儿童节": {},
    "fourth of july": {},
    "4th of july": {},
    # 五一 names 1 May: China's 1-5 May, or the day itself where it is kept alone; never a Monday Labour Day
    "五一": {code: "may day" for code in ("HK", "MO", "TW", "SG", "MY")},
    # "Golden Week" / 黄金周 in Japan is 29 April (Shōwa Day) to 5 May (Children's Day)
    "golden week": {"JP": "golden week (japan)"},
    "黄金周": {"JP": "golden week (japan)"},
    # 盂兰盆节 is China's 中元节 (the 15th of the 7th lunar month); in Japan, Obon (お盆), 13-16 August
    # 青年节 is mainland China's May Fourth Youth Day (4 May); Taiwan's Youth Day (青年節) is 29 March
    # (South Africa's Youth Day is 16 June)
    "青年节": {"TW": "youth day (taiwan)", "SG": "youth day (singapore)", "ZA": "youth day"},
    # 农民节 is China's harvest festival (the autumn equinox); in Ghana, Farmers' Day
    "农民节": {"GH": "farmers' day (ghana)"},
    # Chinese New Year said alone: mainland China's seven days off (the default, README's table); elsewhere, where
    # no such week is kept, the new year's day itself (as the region authors read it, by CONVENTIONS.md's "Chinese
    # New Year's day"; the forty-ninth round); Vietnam's Tết holiday keeps its days
    **{
        said: {code: "lunar new year" for code in REGION_CODES - {"CN", "VN"}}
        for said in ("chinese new year", "cny", "lunar new year", "春节", "过年", "农历新年")
    },
    # Christmas said as its days off: Hong Kong's and Macau's two public holidays
    **{
        said: {"HK": "christmas holidays (hong kong)", "MO": "christmas holidays (macau)"}
        for said in ("圣诞假期", "圣诞放假", "圣诞假")
    },
    # 回归纪念日 is Macau's handover day in Macau (20 December), Hong
    # Kong's elsewhere (1 July); 圣诞节后第一个周日 is Hong Kong's holiday after Christmas (the first day after it
    # that is no Sunday: "周日" a weekday there), the first Sunday after it elsewhere
    "回归纪念日": {"MO": "macau sar establishment day"},
    "圣诞节后第一个周日": {"HK": "first weekday after christmas (hong kong)"},
    "盂兰盆节": {"JP": "obon (japan)"},
    "盂兰盆": {"JP": "obon (japan)"},
    # 中秋 said as its day off is, in Hong Kong and Macau, the public holiday on the day after the festival
    # (Hong Kong's General Holidays Ordinance, Cap. 149; Macau's 中秋節翌日); elsewhere the festival's day
    **{
        said: {"HK": "mid-autumn holiday (hong kong)", "MO": "mid-autumn holiday (hong kong)"}
        for said in _MID_AUTUMN_OFF
    },
}
"""Names that `_HOLIDAY_BY_KEY` does not read by their holiday: those that name one country's days, 五一, and
"Golden Week" and 盂兰盆节, which name China's by default and Japan's in Japan. (母亲节 and 父亲节 are read by
their holiday, as "Mother's Day" is: a Chinese speaker in the United Kingdom or Australia names the day kept
where the family lives with them, Mothering Sunday, September's Father's Day.)"""

_AU_STATE_WORDS = {
    "VIC": r"melbourne|\bmelb\b|victoria(?! day| harbour| park| peak)|geelong|ballarat|bendigo|墨尔本|维州|维多利亚州",
    "TAS": r"tasmania|\btassie\b|hobart|launceston|塔斯马尼亚|塔州|霍巴特",
    "WA": r"\bperth\b|western australia|fremantle|珀斯|西澳",
    "QLD": r"queensland|brisbane|gold coast|sunshine coast|cairns|townsville|昆士兰|昆州|布里斯班|黄金海岸",
    "NT": r"darwin|northern territory|alice springs|达尔文|北领地",
    "SA": r"adelaide|south australia|阿德莱德|南澳",
    "ACT": r"canberra|堪培拉",
    "NSW": r"sydney|new south wales|newcastle|wollongong|悉尼|新州|新南威尔士",
}
"""Australia's states and territories by their names and cities, in English and Chinese ("here in Melbourne",
"悉尼这边")."""
_AU_STATES = prefilter.compile(
    "|".join(f"(?P<{state}>{words})" for state, words in _AU_STATE_WORDS.items()), re.IGNORECASE
)
AU_STATE_HOLIDAYS = {
    # Labour Day: the first Monday of October in New South Wales, the ACT and South Australia (the default);
    # the second Monday of March in Victoria (Public Holidays Act 1993) and Tasmania (Eight Hours Day); the
    # first Monday of March in Western Australia; the first Monday of May in Queensland and the Northern
    # Territory (May Day)
    "labour day (new south wales)": {
        "VIC": "labour day (victoria)",
        "TAS": "labour day (victoria)",
        "WA": "labour day (western australia)",
        "QLD": "labour day (queensland)",
        "NT": "labour day (queensland)",
    },
    # the King's Birthday: the second Monday of June (the default), the first Monday of October in Queensland
    "king's birthday": {"QLD": "king's birthday (queensland)"},
}
"""The Australian holidays a state keeps on another day (the Fair Work Ombudsman's list of public holidays),
by the state the query names ("Labour Day here in Melbourne"); without one, New South Wales's."""


def _au_state(query: str) -> str | None:
    """The Australian state or territory a query names, if any."""
    found = _AU_STATES.search(query)
    return None if found is None else found.lastgroup


def _holiday_region(query: str, said: str) -> str | None:
    """The region whose holidays a query's holiday names (`said`, as written) are: the user's, unless a place in
    another country is tied to the name (then None: the parser reads the query as it does without a region, and
    its own readings of places decide, words/national_days_and_mixed.py's). A place beside a holiday is as often
    where the holiday was spent ("五一假期去槟城", "National Day 去 Sydney") as whose holiday it is ("Thanksgiving
    with the American side of the family"); either way the region's own reading is then not the one to take. A
    place said of someone else ("my in-laws flying in from Manila for Thanksgiving") leaves the user's holiday."""
    region = _REGION.get()
    if region is None or _place(query, _anchor(said)) != region:
        return None
    return region


_KEPT_BY_DEFAULT = {"national day": "CN", "independence day": "US"}
"""Whose day a name means by default (`hindsight.recall.holidays`): mainland China's National Day, the United
States' Independence Day."""


def _keeps_own(query: str, said: str, holiday: str) -> bool:
    """Whether the user's region keeps a day of its own by the name `said` (of `holiday`) and no place of
    another country is tied to it: then the region's day is meant, whatever other places the query names
    ("on National Day I told you about my parents' visit from Chennai", a user in Singapore)."""
    region = _holiday_region(query, said)
    return region is not None and (
        region in _HOLIDAY_BY_KEY.get(holiday, {}) or _KEPT_BY_DEFAULT.get(holiday) == region
    )


_NEW_YEARS_DAYS = prefilter.compile(
    r"\b(?:during|over|throughout)\s+(?:the\s+)?(?:cny|chinese new year|lunar new year)\b"
    r"|(?:cny|chinese new year|lunar new year)\s+(?:holidays?|break|period|week)\b"
    r"|(?:春节|过年|农历新年)(?:的)?(?:那几天|那些天|期间|假期|长假|连假|放假|那周|那个礼拜|那个星期|的时候)",
    re.IGNORECASE,
)
"""Chinese New Year said as its days, not its day (`_HOLIDAY_BY_NAME`'s reading where no week is kept)."""


_IN_LIEU = prefilter.compile(
    r"\s*(?:的)?\s*(?:补假|补休|补假期|off[- ]in[- ]lieu|in[- ]lieu|cuti ganti|replacement (?:holiday|day)"
    r"|substitute (?:holiday|day)|\(?observed\)?)",
    re.IGNORECASE,
)
"""What after a holiday's name says the day it is made up on is meant (补假, "off-in-lieu", "cuti ganti")."""


def _in_lieu_of(holiday: str) -> str:
    """The name of the day `holiday` is made up on, where it falls on a weekend (a key of `holidays.HOLIDAYS`:
    `_IN_LIEU_DAYS`)."""
    return f"{holiday} in lieu"


def _made_up_day(holiday: str, year: int) -> tuple[datetime, datetime]:
    """The working day `holiday` in `year` is made up on where the user lives (`MAKE_UP_DAYS`; elsewhere a
    Saturday's or a Sunday's on the Monday after); the day itself where it falls on a working day."""
    day = holidays.HOLIDAYS[holiday](year)[0]
    made_up = _made_up(day)
    if made_up == day and day.weekday() >= 5:
        made_up = day + timedelta(days=7 - day.weekday())
    return made_up, made_up + timedelta(days=1)


_IN_LIEU_DAYS = {_in_lieu_of(holiday): partial(_made_up_day, holiday) for holiday in list(holidays.HOLIDAYS)}
"""Each holiday's day in lieu, by `_in_lieu_of`'s name (read into `holidays.HOLIDAYS` once, below)."""
holidays.HOLIDAYS.update(_IN_LIEU_DAYS)


_SPAN_OF = {"spring festival": "lunar new year"}
"""The holiday of `holiday_tables.DAYS_OFF_SPANS` a holiday's days off are kept under (Chinese New Year's)."""
_DAYS_OFF_AFTER = prefilter.compile(
    r"(?:'s)?\s*(?:break|holidays|hols|(?:public|bank) hol(?:iday)?s|days off|ph\b|cuti\b)"
    r"|\s*(?:的)?\s*(?:cuti\s*)?(?:公假|公众假期|假期|放假|的假|那几天|那些天|嗰几日|几天假|两天假|期间|假(?![期日])"
    r"|ph\b)",
    re.IGNORECASE,
)
"""What after a holiday's name says its days off are meant ("sallah break", "eid holidays", "CNY 的 PH",
"开斋节 cuti 那几天", "年假嗰几日"; a long weekend, 连假, is the weekend's: `_long_weekend`)."""


_DAYS_OFF_BEFORE = prefilter.compile(r"\bcuti\s+$", re.IGNORECASE)
"""What before a holiday's name says its days off are meant (Malay "cuti raya", the Raya holidays)."""


def _said_as_days_off(query: str, said: str) -> bool:
    """Whether the holiday `said` in `query` is said as its days off (`_DAYS_OFF_AFTER` right after it,
    `_DAYS_OFF_BEFORE` right before)."""
    at = query.lower().find(said.lower())
    return at >= 0 and (
        _DAYS_OFF_AFTER.match(query, at + len(said)) is not None
        or _DAYS_OFF_BEFORE.search(query, 0, at) is not None
    )


_ONLY_WITH_A_REGION = frozenset({"democracy day (nigeria)"})
"""Names read only where the user's region keeps the day (elsewhere and without a region, no range)."""
_SOME_COUNTRIES = {
    "monsoon": frozenset({"IN", "PK", "BD", "NP", "LK", "BT"}),
    "long rains": frozenset({"KE", "TZ", "UG"}),
    "short rains": frozenset({"KE", "TZ", "UG"}),
    "harmattan": frozenset({"GH", "NG", "BJ", "TG", "CI", "BF", "NE", "ML", "SN", "CM", "GM", "GN"}),
}
"""Seasons of weather named only where they are kept (South Asia's monsoon; elsewhere a monsoon has other
months, or none): read where the user's region is one of these (or none is given); elsewhere no range."""
_ONE_COUNTRYS = {
    "election day (us)": "US",
    "patriots' day": "US",
    "tax day (us)": "US",
    # the fiftieth round: Ghana's Farmers' Day, Nigeria's Democracy Day
    "farmers' day (ghana)": "GH",
    "democracy day (nigeria)": "NG",
}
"""Days one country keeps under a name others use for days of their own (an election day): read where the
user's region is that country (or none is given); elsewhere the name gives no day."""


def _local_holiday(holiday: str, said: str, query: str) -> str:
    """The holiday `said` (a name of `holiday`) means in `query`: the region's own of that name
    (`_HOLIDAY_BY_KEY`, `_HOLIDAY_BY_NAME`), else `holiday` as the parser reads it anywhere."""
    region = _holiday_region(query, said)
    if region is None:
        # (Democracy Day is several countries' on several days: with no region, none; the thirty-third round)
        return "" if holiday in _ONLY_WITH_A_REGION and _REGION.get() is None else holiday
    by_region = _HOLIDAY_BY_NAME.get(said.lower(), _HOLIDAY_BY_KEY.get(holiday))
    local = holiday if by_region is None else by_region.get(region, holiday)
    if _ONE_COUNTRYS.get(local, region) != region or region not in _SOME_COUNTRIES.get(local, {region}):
        return ""  # no such holiday: the rule's lookup fails and it names no range
    at = query.lower().find(said.lower())
    if at >= 0 and _IN_LIEU.match(query, at + len(said)) and local in holidays.HOLIDAYS:
        # the day a holiday on a weekend is made up on ("佛誕補假嗰日", "the deepavali off-in-lieu")
        return _in_lieu_of(local)
    spans = holiday_tables.DAYS_OFF_SPANS.get(_SPAN_OF.get(holiday, holiday), {})
    if region in spans and (
        _said_as_days_off(query, said) or (holiday == "spring festival" and _NEW_YEARS_DAYS.search(query))
    ):
        # the holiday said as its days off ("the sallah break", "eid holidays", "CNY 的 PH", 年假嗰几日): the
        # public holidays the country gives for it (the fiftieth round)
        return holidays.days_off(_SPAN_OF.get(holiday, holiday), region)
    if local == "lunar new year" and holiday == "spring festival" and _NEW_YEARS_DAYS.search(query):
        # its days said ("during CNY", "春节那几天", "春节假期"): the holiday's days as anywhere
        return holiday
    if region == "AU" and local in AU_STATE_HOLIDAYS:
        return AU_STATE_HOLIDAYS[local].get(_au_state(query) or "", local)
    return local


BANK_HOLIDAYS = {
    "IE": ("easter monday", "early may bank holiday", "june bank holiday", "august bank holiday (ireland)",
           "october bank holiday"),
}  # fmt: skip
"""The Monday bank holidays "the bank holiday weekend" may mean, where they are not England's (the default:
Easter Monday, the early May, spring and summer bank holidays): Ireland's Monday public holidays."""


LONG_WEEKENDS = {
    "US": ("martin luther king day", "presidents' day", "memorial day", "labor day"),
    "CA": ("family day", "victoria day", "civic holiday", "labor day", "canadian thanksgiving"),
    "NZ": ("king's birthday (new zealand)", "labour day (new zealand)"),
    "AU": ("labour day (victoria)", "king's birthday", "labour day (new south wales)"),
    "IE": (
        "early may bank holiday",
        "june bank holiday",
        "august bank holiday (ireland)",
        "october bank holiday",
    ),
}
"""The Monday holidays a long weekend named by its month means ("the May long weekend" in Canada is Victoria
Day's, "the June long weekend" in Australia the King's Birthday's, "the October long weekend" in New South
Wales Labour Day's): where a month holds one of them (not the United Kingdom, whose May holds two bank
holidays; Australia by state, `AU_STATE_LONG_WEEKENDS`)."""
AU_STATE_LONG_WEEKENDS = {
    "VIC": ("labour day (victoria)", "king's birthday"),
    "TAS": ("labour day (victoria)", "king's birthday"),
    "WA": ("labour day (western australia)",),
    "QLD": ("labour day (queensland)", "king's birthday (queensland)"),
    "NT": ("labour day (queensland)", "king's birthday"),
    "NSW": ("king's birthday", "labour day (new south wales)"),
    "ACT": ("king's birthday", "labour day (new south wales)"),
    "SA": ("king's birthday", "labour day (new south wales)"),
}
"""An Australian state's Monday holidays (`AU_STATE_HOLIDAYS`), for the long weekend named by its month."""


def _long_weekend_holidays(query: str) -> tuple[str, ...]:
    """The Monday holidays of the region (or the Australian state the query names) whose long weekends are
    named by their month (`LONG_WEEKENDS`); none without a region or where a month's is not one."""
    place = _place(query, _LONG_WEEKEND_ANCHOR)
    if place == "AU" and (state := _au_state(query)) is not None:
        return AU_STATE_LONG_WEEKENDS[state]
    return LONG_WEEKENDS.get(place or "", ())


_LONG_WEEKEND_ANCHOR = prefilter.compile(r"long weekend|长周末", re.IGNORECASE)


MAKE_UP_DAYS: dict[str, dict[int, int]] = {
    # Taiwan (紀念日及節日實施條例, since 2015): a holiday on a Saturday is made up the Friday before, one on a
    # Sunday the Monday after
    "TW": {5: -1, 6: 1},
    # Hong Kong (General Holidays Ordinance), Macau, Singapore (Holidays Act), Malaysia: a holiday on a Sunday
    # is made up the Monday after (none for a Saturday)
    **{code: {6: 1} for code in ("HK", "MO", "SG", "MY")},
}
"""Where a holiday on a weekend is made up on a working day, how many days from it, by its weekday (5: a
Saturday, 6: a Sunday): its long weekend (連假) runs to or from that day."""


def _made_up(day: datetime) -> datetime:
    """The day off a one-day holiday on `day` gives where the user lives (`MAKE_UP_DAYS`): the working day it is
    made up on where it falls on a weekend, else `day`."""
    return day + timedelta(days=MAKE_UP_DAYS.get(_REGION.get() or "", {}).get(day.weekday(), 0))


def days_off_around(day: datetime) -> tuple[datetime, datetime] | None:
    """The days off in a row that hold `day` where the user lives: its weekend and its public holidays, made-up
    days included (`holiday_tables.DAYS_OFF`: Taiwan's 連假, "清明連假" 3-6 April 2026 with Children's Day);
    None where no table holds the year, or `day` is no day off."""
    table = holiday_tables.DAYS_OFF.get(_REGION.get() or "", {})
    if day.year not in table:
        return None

    def off(when: datetime) -> bool:
        return rests(when) or when.strftime("%m%d") in table.get(when.year, "").split()

    if not off(day):
        return None
    start, end = day, day + timedelta(days=1)
    while off(start - timedelta(days=1)):
        start -= timedelta(days=1)
    while off(end):
        end += timedelta(days=1)
    return start, end


# --- weekends -------------------------------------------------------------------------------------

FRIDAY_SATURDAY_WEEKENDS = frozenset(
    {"SA", "QA", "KW", "BH", "OM", "YE", "JO", "EG", "IQ", "SY", "DZ", "BD", "IL"}
)
"""Where the weekend is Friday and Saturday (the working week Sunday to Thursday): Saudi Arabia (since 2013),
Qatar, Kuwait, Bahrain, Oman, Yemen, Jordan, Egypt, Iraq, Syria, Algeria, Bangladesh, Israel. The United Arab
Emirates moved to Saturday and Sunday in 2022, and are left at the default."""


def rests(day: datetime) -> bool:
    """Whether `day` is a weekend day where the user lives: Friday or Saturday where
    `FRIDAY_SATURDAY_WEEKENDS`, else Saturday or Sunday (a working day is any other; public holidays are
    not known)."""
    return day.weekday() in ((4, 5) if _REGION.get() in FRIDAY_SATURDAY_WEEKENDS else (5, 6))


_WEEKEND_WORD = prefilter.compile(r"week-?end|wknd|周末|週末|礼拜六日|星期六日", re.IGNORECASE)


_MY_FRIDAY_SATURDAY_STATES = prefilter.compile(
    r"kelantan|kota bh?aru|terengganu|kedah|alor set[ae]r|吉兰丹|哥打巴鲁|登嘉楼|丁加奴|吉打|亚罗士打",
    re.IGNORECASE,
)
"""The Malaysian states whose weekend is Friday and Saturday: Kelantan,
Terengganu and Kedah, by their names and capitals (Johor went back to Saturday and Sunday in 2025)."""


def _weekend_moved(
    expression: str, start: datetime, end: datetime, query: str = ""
) -> tuple[datetime, datetime]:
    """A weekend (`expression` says one; Saturday and Sunday found) as the region keeps it: Friday and Saturday
    where `FRIDAY_SATURDAY_WEEKENDS`, and in Malaysia where the query names a state that keeps them
    (`_MY_FRIDAY_SATURDAY_STATES`: "we're in Kota Bharu"); else as found."""
    region = _REGION.get()
    if (
        (
            region in FRIDAY_SATURDAY_WEEKENDS
            or (region == "MY" and query and _MY_FRIDAY_SATURDAY_STATES.search(query) is not None)
        )
        and start.weekday() == 5
        and end - start == timedelta(days=2)
        and _WEEKEND_WORD.search(expression)
    ):
        return start - timedelta(days=1), end - timedelta(days=1)
    return start, end


# --- the days the clocks change -------------------------------------------------------------------

_EUROPEAN_SUMMER_TIME = """
    GB IE IM JE GG GI FO AD AL AT AX BA BE BG CH CY CZ DE DK EE ES FI FR GR HR HU IT LI LT LU LV MC MD ME MK MT
    NL NO PL PT RO RS SE SI SK SM UA VA
"""
ClockDay = tuple[int, int]
"""A day the clocks change: its month and which Sunday of it (-1: the last)."""
CLOCK_CHANGES: dict[str, tuple[ClockDay, ClockDay]] = {
    # the European Union's summer time (Directive 2000/84/EC) and the United Kingdom's (the Summer Time Order
    # 2002), which the rest of Europe west of Belarus and Turkey keeps: the last Sunday of March to the last
    # Sunday of October
    **dict.fromkeys(_EUROPEAN_SUMMER_TIME.split(), ((3, -1), (10, -1))),
    # the United States (the Energy Policy Act of 2005; not Arizona nor Hawaii), Canada (not Saskatchewan), the
    # Bahamas, Bermuda: the second Sunday of March to the first Sunday of November
    **dict.fromkeys(("US", "CA", "BS", "BM"), ((3, 2), (11, 1))),
    # Australia (New South Wales, Victoria, the ACT, Tasmania, South Australia; not Queensland, Western
    # Australia nor the Northern Territory): the first Sunday of October to the first Sunday of April
    "AU": ((10, 1), (4, 1)),
    # New Zealand (the New Zealand Daylight Time Order 2007): the last Sunday of September to the first Sunday
    # of April
    "NZ": ((9, -1), (4, 1)),
}
"""Where the clocks change, the day they go forward (daylight saving, summer time, begins) and the day they go
back (it ends). Most of Asia, Africa and Latin America keep one time all year (Mexico since 2022, Brazil since
2019): there "since the clocks changed" names no day."""
_NO_CLOCK_CHANGE_STATES = frozenset({"QLD", "WA", "NT"})
_CLOCK_ANCHOR = prefilter.compile(r"clock|daylight|\bdst\b|summer ?time|\bbst\b|令时|令時", re.IGNORECASE)


def _clock_change_days(query: str) -> tuple[ClockDay, ClockDay] | None:
    """The days the clocks change where the user lives (or the place tied to the words: "here in Sydney", "墨尔本
    这边"), `CLOCK_CHANGES`; None where they do not change."""
    place = _place(query, _CLOCK_ANCHOR)
    if place == "AU" and _au_state(query) in _NO_CLOCK_CHANGE_STATES:
        return None
    return CLOCK_CHANGES.get(place or "")


# --- financial and tax years ----------------------------------------------------------------------

YearStart = tuple[int, int, bool]
"""Where a region's financial or tax year begins: its month and day, and whether a year named by one number is
named by the calendar year it ends in ("FY26" ends in 2026) rather than the one it begins in."""
FISCAL_YEARS: dict[str, YearStart] = {
    # Australia: the financial year (the government's, the tax office's "income year", most companies') runs
    # 1 July to 30 June; FY26 is the year to 30 June 2026
    "AU": (7, 1, True),
    # New Zealand: the tax year and most businesses' (a 31 March balance date) run 1 April to 31 March (the
    # government's own runs July to June, but "the financial year" of a person or a business is April's)
    "NZ": (4, 1, True),
    # India: the financial year runs 1 April to 31 March; FY26 is 2025-26
    "IN": (4, 1, True),
    # Hong Kong: the government's financial year (財政年度) and the year of assessment run
    # 1 April to 31 March, and a person's "financial year" is that one (companies' year ends vary, as in New
    # Zealand, where the person's and most businesses' year is taken)
    "HK": (4, 1, True),
    # Japan: the fiscal year (年度) runs 1 April to 31 March and is named by the year it begins in (FY2026 is
    # April 2026 to March 2027)
    "JP": (4, 1, False),
    # Pakistan and Bangladesh: the government's fiscal year and every person's and company's tax year (Pakistan's
    # "normal tax year", Bangladesh's income year) run 1 July to 30 June; Pakistan's "tax year 2027" and FY27
    # end in June 2027
    "PK": (7, 1, True),
    "BD": (7, 1, True),
}
"""Where the financial / fiscal year is not the calendar year, when it begins: where the government's, the tax
year and most companies' agree (in India the law sets April to March for every company). Left at the default
(the calendar year), where a company's year is its own choice and often the calendar year: the United Kingdom
(the government's financial year and the tax year run from April, `TAX_YEARS`, but companies' year ends vary),
Canada (the federal year runs from 1 April, the tax year is the calendar year), the United
States (the federal fiscal year runs from 1 October; a person's tax year and most companies' are calendar
years), Singapore (the government's from 1 April; the year of assessment counts calendar years), South Africa
(the government's from April, the tax year from March, companies' vary), mainland China, Taiwan, Malaysia and
most of Europe (calendar years), and the countries whose government's year alone runs from July (Kenya,
Egypt, ...: the tax year there is the calendar year)."""
TAX_YEARS: dict[str, YearStart] = {
    "AU": (7, 1, True),
    "NZ": (4, 1, True),
    "IN": (4, 1, True),
    # Hong Kong's year of assessment runs 1 April to 31 March
    "HK": (4, 1, True),
    # the United Kingdom's tax year runs 6 April to 5 April (HMRC)
    "GB": (4, 6, True),
    # South Africa's tax year runs 1 March to the end of February, named by the year it ends in (SARS)
    "ZA": (3, 1, True),
    # Pakistan's and Bangladesh's tax years run 1 July to 30 June (as their fiscal years); Sri Lanka's year of
    # assessment 1 April to 31 March (the government's financial year there is the calendar year)
    "PK": (7, 1, True),
    "BD": (7, 1, True),
    "LK": (4, 1, True),
}
"""Where the tax year is not the calendar year, when it begins (the others, Japan's, Canada's and the United
States' among them: the calendar year)."""


ASSESSMENT_YEARS = {"SG": -1, "MY": 0}
"""Where a "year of assessment" (YA2027) names the income of a calendar year, how far from the year it names:
Singapore taxes the income of the year before (IRAS, the preceding year basis: YA2027 is 2026's income);
Malaysia the year's own (LHDN, the current year basis since 2000). Hong Kong's year of assessment runs from
April (`TAX_YEARS`)."""


def _assessment_shift(query: str) -> int | None:
    """How far the calendar year of a query's year of assessment is from the year it names
    (`ASSESSMENT_YEARS`); None where the region (or a place tied to it) counts none."""
    return ASSESSMENT_YEARS.get(_place(query, _FISCAL_ANCHOR) or "")


def _fiscal_year_start(query: str, tax: bool = False) -> YearStart | None:
    """When `query`'s financial (or, with `tax`, tax) year begins, by the region or the place the query
    names tied to the year; None for a calendar year (the default, and every region's without its own)."""
    place = _place(query, _FISCAL_ANCHOR)
    if place is None:
        return None
    return (TAX_YEARS if tax else FISCAL_YEARS).get(place)
