"""The region a user lives in, as the time parser reads it: an ISO 3166-1 alpha-2 country code ("US",
"GB", "AU", "CN"). Where a query does not say, the region decides what only a place can: whether "12/3" is
the 12th of March or the 3rd of December, which months "winter" names, which day "Thanksgiving",
"Mother's Day" or "National Day" is, and when "the financial year" begins. Without a region the parser keeps
its defaults (month first, the northern seasons, the United States' and China's holidays, calendar fiscal
years), and a place the query names always wins.

How the region reaches the rules: `parse_range` sets `_REGION` for the length of one call (a
`contextvars.ContextVar`, so each thread and each asyncio task sees its own, and nothing is left behind), and
the code that needs it asks `_place(query)`, which answers None without a region (the defaults, at the cost of
one read of the variable). Every convention a region changes is in the tables below, each with the reason."""

from __future__ import annotations

import re
from contextvars import ContextVar

from hindsight import prefilter

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
    "IN": r"\bindia\b|mumbai|delhi|bangalore|bengaluru|chennai|kolkata|hyderabad|\bpune\b|印度(?!尼西亚)|孟买"
    r"|新德里",
    "SG": r"singapore|s'pore|\bspore\b|\bsg\b|新加坡|狮城|星洲",
    "MY": r"malaysia|\bmsia\b|kuala lumpur|\bkl\b|penang|johor|马来西亚|大马|吉隆坡|槟城|新山",
    "HK": r"hong kong|\bhk\b|kowloon|香港|九龙",
    "MO": r"\bmacau\b|\bmacao\b|澳门",
    "TW": r"taiwan|taipei|kaohsiung|taichung|台湾|台北|高雄|台中|台南",
    "CN": r"\bchina\b|beijing|shanghai|guangzhou|shenzhen|中国|内地|大陆|北京|上海|广州|深圳",
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


def _place(query: str) -> str | None:
    """Whose conventions a query's time words follow: the country of the first place the query names,
    else the user's region; None when no region was given (the parser's defaults, which read the places
    they always read: `periods/digits._DAY_FIRST`, the country-named holidays of `words/`)."""
    region = _REGION.get()
    if region is None:
        return None
    named = _PLACES.search(query)
    letters = _US.search(query)
    if letters is not None and (named is None or letters.start() < named.start()):
        return "US"
    return named.lastgroup if named is not None and named.lastgroup is not None else region


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


def _day_first(query: str) -> bool:
    """Whether, by the region (or the place the query names), a date in digits in `query` is written day
    first; False without a region (the parser's default, month first)."""
    place = _place(query)
    return place is not None and place not in MONTH_FIRST


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
    """Whether `query`'s seasons are the southern hemisphere's (by the region or the place it names)."""
    return _place(query) in SOUTHERN


# --- holidays -------------------------------------------------------------------------------------

_HOLIDAY_BY_KEY: dict[str, dict[str, str]] = {
    # Canada's Thanksgiving is the second Monday of October (the Holidays Act); the US one, the default, is
    # the fourth Thursday of November (and is what "Thanksgiving" means in countries that keep none)
    "thanksgiving": {"CA": "canadian thanksgiving"},
    # the United Kingdom, Ireland and Nigeria keep Mothering Sunday, the fourth Sunday of Lent (three weeks
    # before Easter Sunday), as their Mother's Day; most others, the default, the second Sunday of May
    "mother's day": {"GB": "mothering sunday", "IE": "mothering sunday", "NG": "mothering sunday"},
    # Australia and New Zealand keep Father's Day on the first Sunday of September, Taiwan on 8 August (爸爸节,
    # 八八); the default is the third Sunday of June
    "father's day": {
        "AU": "father's day (australia)",
        "NZ": "father's day (australia)",
        "TW": "father's day (taiwan)",
    },
    # "Labour Day" where the query names no place: the first Monday of September in the United States and
    # Canada (words/national_days_and_mixed.py writes it "labor day" there); New Zealand's the fourth Monday of
    # October; Australia's differs by state (first Monday of March in Western Australia, second Monday of March
    # in Victoria and Tasmania, first Monday of May in Queensland and the Northern Territory, first Monday of
    # October in New South Wales, the ACT and South Australia): the last, the most populous states', is taken
    "labor day": {"NZ": "labour day (new zealand)", "AU": "labour day (new south wales)"},
    # 劳动节 / 五一: mainland China's public holiday is 1-5 May; Hong Kong, Macau, Taiwan, Singapore and
    # Malaysia keep the day itself, 1 May
    "labour day": {code: "may day" for code in ("HK", "MO", "TW", "SG", "MY")},
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
    },
    # 儿童节: 1 June in mainland China (the default); Taiwan's is 4 April, Japan's and Korea's 5 May
    "children's day": {
        "TW": "children's day (taiwan)",
        "JP": "children's day (japan, korea)",
        "KR": "children's day (japan, korea)",
    },
    # 教师节: 10 September in mainland China (the default); 28 September in Taiwan, 16 May in Malaysia
    "teachers' day": {"TW": "teachers' day (taiwan)", "MY": "teachers' day (malaysia)"},
    # Buddha's birthday (佛诞) is the 8th day of the 4th lunar month as Hong Kong, Macau and Taiwan keep it;
    # Singapore and Malaysia keep Vesak Day instead
    "buddha's birthday": {"SG": "vesak day", "MY": "vesak day"},
    # the "summer" (August) bank holiday: the last Monday of August in England and Wales (the default), the
    # first Monday of August in Ireland
    "summer bank holiday": {"IE": "august bank holiday (ireland)"},
    # Family Day: the third Monday of February in Canada's provinces (the default); in South Africa, Easter
    # Monday
    "family day": {"ZA": "easter monday"},
}
"""The holiday a name said without a country means in a region, by the holiday the name reads as without one
(`hindsight.recall.holidays`): only where the region keeps a holiday of that name on another day."""
_HOLIDAY_BY_NAME: dict[str, dict[str, str]] = {
    # China's golden week by its own name, 十一 (1 October), 六一 (1 June) and the Fourth of July name their days
    # wherever the user is
    "十一假期": {},
    "十一长假": {},
    "十一黄金周": {},
    "六一儿童节": {},
    "fourth of july": {},
    "4th of july": {},
    # Mother's Day and Father's Day said in Chinese: the Chinese-speaking world's days (the second Sunday of May,
    # the third Sunday of June; Taiwan's Father's Day 8 August), wherever the user lives — a Chinese speaker in
    # the United Kingdom or Australia as often means the day kept by the family in China
    "母亲节": {},
    "父亲节": {"TW": "father's day (taiwan)"},
    # "Golden Week" in Japan is 29 April (Shōwa Day) to 5 May (Children's Day)
    "golden week": {"JP": "golden week (japan)"},
}
"""Names that `_HOLIDAY_BY_KEY` does not read by their holiday: those that name one country's days, and
"Golden Week", which names China's by default and Japan's in Japan."""


def _holiday_region(query: str) -> str | None:
    """The region whose holidays a query's holiday names are: the user's, unless the query names a place in
    another country (then None: the parser reads the query as it does without a region, and its own readings
    of places decide, words/national_days_and_mixed.py's). A place named beside a holiday is as often where the
    holiday was spent ("五一假期去槟城", "National Day 去 Sydney") as whose holiday it is ("Thanksgiving with my US
    cousins"); either way the region's own reading is then not the one to take."""
    region = _REGION.get()
    if region is None or _place(query) != region:
        return None
    return region


def _local_holiday(holiday: str, said: str, query: str) -> str:
    """The holiday `said` (a name of `holiday`) means in `query`: the region's own of that name
    (`_HOLIDAY_BY_KEY`, `_HOLIDAY_BY_NAME`), else `holiday` as the parser reads it anywhere."""
    region = _holiday_region(query)
    if region is None:
        return holiday
    by_region = _HOLIDAY_BY_NAME.get(said.lower(), _HOLIDAY_BY_KEY.get(holiday))
    return holiday if by_region is None else by_region.get(region, holiday)


BANK_HOLIDAYS = {
    "IE": ("easter monday", "early may bank holiday", "june bank holiday", "august bank holiday (ireland)",
           "october bank holiday"),
}  # fmt: skip
"""The Monday bank holidays "the bank holiday weekend" may mean, where they are not England's (the default:
Easter Monday, the early May, spring and summer bank holidays): Ireland's Monday public holidays."""


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
    # Japan: the fiscal year (年度) runs 1 April to 31 March and is named by the year it begins in (FY2026 is
    # April 2026 to March 2027)
    "JP": (4, 1, False),
}
"""Where the financial / fiscal year is not the calendar year, when it begins: where the government's, the tax
year and most companies' agree (in India the law sets April to March for every company). Left at the default
(the calendar year), where a company's year is its own choice and often the calendar year: the United Kingdom
and Hong Kong (the government's financial year and the tax year run from April, `TAX_YEARS`, but companies'
year ends vary), Canada (the federal year runs from 1 April, the tax year is the calendar year), the United
States (the federal fiscal year runs from 1 October; a person's tax year and most companies' are calendar
years), Singapore (the government's from 1 April; the year of assessment counts calendar years), South Africa
(the government's from April, the tax year from March, companies' vary), mainland China, Taiwan, Malaysia and
most of Europe (calendar years), and the countries whose government's year runs from July (Kenya, Pakistan,
Egypt, ...)."""
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
}
"""Where the tax year is not the calendar year, when it begins (the others, Japan's, Canada's and the United
States' among them: the calendar year)."""


def _fiscal_year_start(query: str, tax: bool = False) -> YearStart | None:
    """When `query`'s financial (or, with `tax`, tax) year begins, by the region or the place the query
    names; None for a calendar year (the default, and every region's without its own)."""
    place = _place(query)
    if place is None:
        return None
    return (TAX_YEARS if tax else FISCAL_YEARS).get(place)
