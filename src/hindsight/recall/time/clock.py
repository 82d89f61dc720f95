"""The clock a query's time words are said on: the user's own, unless the query names another place's.

A user abroad often speaks on the clock of the place they speak of: "results come out today Manila time",
"he got the scan yesterday his time, in Vancouver", "北京时间明天", "按东京时间今天", "多伦多那边的今天", or — a
Chinese speaker living abroad — "国内昨天出的成绩单" (国内, "at home", is China's clock). Read on the user's clock,
a Toronto morning's "today Manila time" would be the wrong day for the half of the day the two clocks disagree.
So recall (`timefilter.scope`) asks `clock_of` first: the clock named, and its wall time at the moment asked;
the parser reads the time words on that wall time, and the days they name are searched as the UTC moments they
span on that clock. The conventions (day-first dates, holidays, seasons) stay the user's region's: only the
clock changes.

A clock is named only where a place is tied to the time words: "<place> time" (or "<place>时间", "<地方>那边的
今天") beside them, "his / her / their time" (他那边今天) with a place in the same sentence, a fixed zone
abbreviation after a time word ("today PST", "tomorrow 9am CET"), 国内 beside a day word. A place merely
mentioned ("my parents in Lahore", "给国内爸妈汇款") is no clock. 国内 names China's clock only for a user whose
region is known and outside Greater China: in China (and in Taiwan, where 國內 is Taiwan) it is the user's own
country, and without a region it cannot be told from "here". A named clock that is the user's own zone is the
user's clock (None). The places are a modest gazetteer: the big diaspora cities and the countries of one zone (or
one zone almost everyone means: New Zealand, Spain, Portugal); a country of several ("US time", "Australia time")
names no clock unless by a city or a zone word ("Pacific time", "eastern time" — in Australia its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from hindsight import prefilter
from hindsight.locality import Locality, time_zone
from hindsight.recall.time import nearby
from hindsight.recall.time.as_typed import plain

_PLACES: tuple[tuple[str, str, str], ...] = (
    # (IANA zone, English names, Chinese names) — one zone a row; a city's country where it keeps one zone
    (
        "Asia/Manila",
        "manila|cebu|davao|quezon city|(?:the )?philippines|philippine|pinas",
        "菲律宾|菲律賓|马尼拉|馬尼拉",
    ),
    ("Africa/Lagos", "lagos|abuja|ibadan|port harcourt|enugu|nigeria|naija", "尼日利亚|拉各斯"),
    ("Africa/Nairobi", "nairobi|mombasa|kisumu|kenya", "肯尼亚|内罗毕"),
    ("Africa/Accra", "accra|kumasi|ghana", "加纳"),
    (
        "Africa/Johannesburg",
        "johannesburg|joburg|cape town|durban|pretoria|south africa",
        "南非|约翰内斯堡|开普敦",
    ),
    ("Africa/Cairo", "cairo|egypt", "埃及|开罗"),
    ("Africa/Addis_Ababa", "addis ababa|ethiopia", "埃塞俄比亚"),
    ("Africa/Kampala", "kampala|uganda", "乌干达"),
    ("Africa/Harare", "harare|zimbabwe", "津巴布韦"),
    ("Asia/Dubai", "dubai|abu dhabi|sharjah|uae|the emirates", "迪拜|阿联酋"),
    ("Asia/Qatar", "doha|qatar", "多哈|卡塔尔"),
    ("Asia/Riyadh", "riyadh|jeddah|saudi(?: arabia)?|ksa", "沙特|利雅得"),
    ("Asia/Karachi", "karachi|lahore|islamabad|rawalpindi|peshawar|pakistan", "巴基斯坦|卡拉奇|拉合尔"),
    (
        "Asia/Kolkata",
        "india|(?:new )?delhi|mumbai|bombay|bangalore|bengaluru|chennai|kolkata|pune|kerala|goa",
        "印度(?!尼西亚|洋)|孟买|新德里",
    ),
    ("Asia/Dhaka", "dhaka|bangladesh", "孟加拉|达卡"),
    ("Asia/Colombo", "colombo|sri lanka", "斯里兰卡|科伦坡"),
    ("Asia/Kathmandu", "kathmandu|nepal", "尼泊尔|加德满都"),
    (
        "Asia/Shanghai",
        "china|beijing|shanghai|guangzhou|shenzhen|chengdu|hangzhou|wuhan|xiamen",
        "中国|中國|北京|上海|广州|廣州|深圳|成都|杭州|武汉|南京|西安|重庆|天津|厦门|苏州",
    ),
    ("Asia/Hong_Kong", "hong kong|hk", "香港"),
    ("Asia/Macau", "macau|macao", "澳门|澳門"),
    ("Asia/Taipei", "taiwan|taipei|kaohsiung|taichung", "台湾|台灣|台北|臺北|高雄|台中"),
    ("Asia/Tokyo", "japan|tokyo|osaka|kyoto", "日本|东京|東京|大阪|京都"),
    ("Asia/Seoul", "(?:south )?korea|seoul|busan", "韩国|韓國|首尔|首爾|釜山"),
    ("Asia/Singapore", "singapore|s'pore", "新加坡|狮城"),
    ("Asia/Kuala_Lumpur", "malaysia|kuala lumpur|penang", "马来西亚|大马|吉隆坡|槟城"),
    ("Asia/Bangkok", "thailand|bangkok", "泰国|曼谷"),
    ("Asia/Ho_Chi_Minh", "vietnam|hanoi|saigon|ho chi minh city", "越南|河内|胡志明"),
    ("Asia/Jakarta", "jakarta", "雅加达"),
    ("Asia/Jerusalem", "israel|tel aviv|jerusalem", "以色列"),
    (
        "Europe/London",
        "uk|britain|england|scotland|wales|london|manchester|birmingham|edinburgh|glasgow",
        "英国|英國|伦敦|倫敦",
    ),
    ("Europe/Dublin", "ireland|dublin", "爱尔兰|都柏林"),
    ("Europe/Paris", "france|paris", "法国|巴黎"),
    ("Europe/Berlin", "germany|berlin|munich|frankfurt", "德国|柏林|慕尼黑"),
    ("Europe/Madrid", "spain|madrid|barcelona", "西班牙|马德里"),
    ("Europe/Rome", "italy|rome|milan", "意大利|罗马|米兰"),
    ("Europe/Amsterdam", "netherlands|holland|amsterdam", "荷兰|阿姆斯特丹"),
    ("Europe/Zurich", "switzerland|zurich|geneva", "瑞士"),
    ("Europe/Lisbon", "portugal|lisbon", "葡萄牙|里斯本"),
    ("Europe/Warsaw", "poland|warsaw", "波兰"),
    ("Europe/Athens", "greece|athens", "希腊"),
    ("Europe/Istanbul", "t[uü]rkiye|istanbul|ankara", "土耳其|伊斯坦布尔"),
    ("Europe/Moscow", "moscow", "莫斯科"),
    ("America/Toronto", "toronto|ottawa|montreal|ontario|quebec", "多伦多|多倫多|渥太华|蒙特利尔"),
    ("America/Vancouver", "vancouver|british columbia", "温哥华|溫哥華"),
    ("America/Edmonton", "calgary|edmonton|alberta", "卡尔加里|埃德蒙顿"),
    ("America/Winnipeg", "winnipeg|manitoba", "温尼伯"),
    (
        "America/New_York",
        "new york|nyc|boston|miami|atlanta|philadelphia|washington dc|east coast",
        "纽约|紐約|波士顿|华盛顿",
    ),
    ("America/Chicago", "chicago|houston|dallas", "芝加哥|休斯顿|达拉斯"),
    ("America/Denver", "denver", "丹佛"),
    ("America/Phoenix", "phoenix|arizona", "凤凰城"),
    (
        "America/Los_Angeles",
        "los angeles|san francisco|seattle|california|bay area|west coast|silicon valley",
        "洛杉矶|洛杉磯|旧金山|舊金山|西雅图|加州|湾区",
    ),
    ("Pacific/Honolulu", "hawaii|honolulu", "夏威夷"),
    ("America/Mexico_City", "mexico city", "墨西哥城"),
    ("America/Sao_Paulo", "s[aã]o paulo|rio de janeiro", "圣保罗"),
    ("America/Argentina/Buenos_Aires", "argentina|buenos aires", "阿根廷"),
    ("America/Lima", "peru|lima", "秘鲁"),
    ("America/Bogota", "colombia|bogot[aá]", "哥伦比亚"),
    ("America/Jamaica", "jamaica", "牙买加"),
    ("Australia/Sydney", "sydney|canberra|nsw", "悉尼|雪梨|堪培拉"),
    ("Australia/Melbourne", "melbourne", "墨尔本|墨爾本"),
    ("Australia/Brisbane", "brisbane|queensland|gold coast", "布里斯班"),
    ("Australia/Perth", "perth", "珀斯"),
    ("Australia/Adelaide", "adelaide", "阿德莱德"),
    ("Pacific/Auckland", "new zealand|nz|auckland|wellington|christchurch", "新西兰|纽西兰|奥克兰|惠灵顿"),
    ("Pacific/Fiji", "fiji", "斐济"),
)
"""The gazetteer: the places whose clock a query may name, by their zone."""

_ZONE_OF_GROUP = {f"z{index}": zone for index, (zone, _, _) in enumerate(_PLACES)}
_PLACE_BY_ZONE = "|".join(
    rf"(?P<z{index}>\b(?:{english})\b|{chinese})" for index, (_, english, chinese) in enumerate(_PLACES)
)
_PLACE = "|".join(rf"\b(?:{english})\b|{chinese}" for _, english, chinese in _PLACES)
"""Any place of the gazetteer (`_PLACE_BY_ZONE`: with the group that says its zone)."""
_AT_HOME = "国内|國內"
"""China's clock, said by a Chinese speaker abroad ("国内昨天出的成绩单"): the user's own country's clock."""

_REGIONAL_ZONE_WORDS = {
    # a zone said by its name ("Pacific time", "eastern time"): Australia's own where the user lives there
    "AU": {"eastern": "Australia/Sydney", "central": "Australia/Adelaide", "western": "Australia/Perth"},
    None: {
        "pacific": "America/Los_Angeles",
        "eastern": "America/New_York",
        "central": "America/Chicago",
        "mountain": "America/Denver",
    },
}
_ABBREVIATIONS = {
    # fixed abbreviations only: CST (the US or China?), IST (India, Ireland, Israel?), PT (physical therapy)
    # and ET are left out
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "EST": "America/New_York",
    "EDT": "America/New_York", "CDT": "America/Chicago", "MST": "America/Denver", "MDT": "America/Denver",
    "GMT": "UTC", "UTC": "UTC", "BST": "Europe/London", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Athens", "EEST": "Europe/Athens", "JST": "Asia/Tokyo", "KST": "Asia/Seoul",
    "HKT": "Asia/Hong_Kong", "SGT": "Asia/Singapore", "PHT": "Asia/Manila", "PKT": "Asia/Karachi",
    "WAT": "Africa/Lagos", "EAT": "Africa/Nairobi", "SAST": "Africa/Johannesburg", "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney", "ACST": "Australia/Adelaide", "ACDT": "Australia/Adelaide",
    "AWST": "Australia/Perth", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}  # fmt: skip
_AUSTRALIAN_EST = "Australia/Sydney"
""""EST" in Australia is its own eastern standard time (AEST), as Australians write it."""
CHINA = "Asia/Shanghai"
GREATER_CHINA = frozenset({"CN", "HK", "MO", "TW"})
"""Where 国内 is the user's own country (or, in Hong Kong and Macau, a clock the same as theirs)."""

_EN_DAY = (
    r"\b(?:today|tonight|tonite|yesterday|yday|tomorrow|tmrw|tmr|tomoz|this (?:morning|afternoon|evening)"
    r"|last night|(?:mon|tues|wednes|thurs|fri|satur|sun)day|noon|midnight|morning|afternoon|evening|night"
    r"|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}/\d{1,2}(?:/\d{2,4})?"
    r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?"
    r"|\d{1,2}(?:st|nd|rd|th)?(?: of)? (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)\b"
)
_ZH_DAY = (
    r"(?:大?[前后後]天|[今昨明][天日晚早]|今晨|昨夜|明晨|[上下这這本]?(?:周|週|星期|礼拜|禮拜)[一二三四五六日天]"
    r"|\d{1,2}(?:号|號|日)|[一二三四五六七八九十]{1,3}(?:号|號)|早上|上午|中午|下午|晚上|凌晨|半夜)"
)
_DAY = prefilter.compile(f"{_EN_DAY}|{_ZH_DAY}", re.IGNORECASE)
"""The time words a clock is tied to: a day, a part of a day, an hour, a date."""

_PLACE_TIME = prefilter.compile(
    rf"(?P<place>{_PLACE})(?:'s|’s)?\s+(?:(?:local|standard)\s+)?time\b(?!\s*(?:zones?|difference|diff|gap|slot)\b)"
    r"|\b(?P<zone_word>pacific|eastern|central|mountain|western)(?:\s+standard)?\s+time\b(?!\s*zones?\b)"
    rf"|(?<!在)(?P<zh_place>{_PLACE}|{_AT_HOME})(?:的?(?:当地|當地))?(?:时间|時間)(?!差|段|表)",
    re.IGNORECASE,
)
"""A place's clock by name: "Manila time", "Lagos's local time", "Pacific time", "北京时间", "东京当地时间" (not
"Manila time zone", "the Tokyo time difference", 时差, nor time spent there: "在北京的时间")."""
_THERE_DAY = prefilter.compile(
    rf"(?P<zh_place>{_PLACE}|{_AT_HOME})(?:那边|那邊|那儿|那兒|那里|那裡|那头|那頭)的?(?={_ZH_DAY})"
)
"""A place's day said of the place: "多伦多那边的今天", "国内那边昨天"."""
_AT_HOME_DAY = prefilter.compile(
    rf"(?P<before>{_AT_HOME})的?(?={_ZH_DAY})|(?:大?[前后後]天|[今昨明][天日晚早])的?(?P<after>{_AT_HOME})"
)
"""国内 beside a day word: "国内今天", "国内的明天", "明天国内开的家长会"."""
_THEIR_TIME = prefilter.compile(
    r"\b(?:(?:his|her|their)\s+(?:local\s+)?|local\s+)time\b|(?:他|她|他们|她们|他們|她們)(?:那边|那邊|那儿|那兒|那里|那裡)的?"
    rf"(?:时间|時間)?(?={_ZH_DAY})",
    re.IGNORECASE,
)
"""Someone else's clock: "yesterday his time", "today, their time", "9am local time", "他那边今天" — the place
named nearby."""
_TIME_SPENT = prefilter.compile(
    r"\b(?:take|takes|took|taking|taken|spend|spends|spent|spending|waste|wasted|wasting|in|of|all|most|half|my|our"
    r"|your|his|her|their)\s+$",
    re.IGNORECASE,
)
"""What before "her time" or "Manila time" says it is time spent, not a clock ("she took her time", "in her time",
"my Manila time")."""
_ANY_PLACE = prefilter.compile(_PLACE_BY_ZONE, re.IGNORECASE)
_ABBREVIATION = prefilter.compile(r"\b(?:" + "|".join(_ABBREVIATIONS) + r")\b")
"""A zone by its abbreviation, in capitals."""
_USERS_OWN = prefilter.compile(
    r"(?:\b(?:i'?m|i am|we'?re|we are|i live|we live|here|from|back to)\s+in\s+|\bfrom\s+|我(?:们)?(?:住)?在)$",
    re.IGNORECASE,
)
"""What before a place says it is the user's own or where something came from ("I'm in", "here in", "sent from"):
not the clock of someone's "his time"."""

_THEIR_PLACE_GAP = 120
"""How far (characters, within the sentence) the place of "his time" may be: "my son in Toronto was doing
today, his time"."""
_SENTENCE_END = prefilter.compile(r"[.?!。？！\n](?!\d)")
_HINTS = prefilter.compile(
    r"time|时间|時間|那边|那邊|那儿|那兒|那里|那裡|那头|那頭|国内|國內|\b(?:"
    + "|".join(_ABBREVIATIONS)
    + r")\b",
    re.IGNORECASE,
)
"""Words one of which every named clock holds: most queries are passed over with one search."""


@dataclass(frozen=True, slots=True)
class Clock:
    """The clock a query's time words are read on, and its wall time at the moment asked."""

    place: Locality
    now: datetime
    name: str | None = None
    """The place the query names the clock by, as written ("Manila", "国内"); None: the user's own clock."""


def clock_of(query: str, now: datetime, place: Locality) -> Clock:
    """The clock `query`'s time words are said on — the one it names (`named_clock`), else the user's
    (`place`) — with its wall time at `now` (naive UTC)."""
    found = _named(plain(query), place)
    if found is None:
        return Clock(place, place.wall_time(now))
    name, clock = found
    return Clock(clock, clock.wall_time(now), name)


def named_clock(query: str, place: Locality) -> Locality | None:
    """The clock of another place the query says its time words on ("today Manila time", "国内明天" from
    abroad): that zone, with the user's region (the conventions stay the user's); None when the query names
    no clock, or names the user's own zone."""
    found = _named(plain(query), place)
    return found[1] if found else None


def _named(query: str, place: Locality) -> tuple[str, Locality] | None:
    """The clock the query names, as written and as a locality (`named_clock`)."""
    if not _HINTS.search(query):
        return None
    days = list(_DAY.finditer(query))
    found = _by_name(query, place.region, days) or _by_their_time(query, days)
    if found is None and _abroad(place.region):
        found = _at_home(query)
    if found is None:
        found = _by_abbreviation(query, place.region, days)
    if found is None or found[1] == place.zone_name:
        return None
    name, zone_name = found
    zone, zone_name = time_zone(zone_name)
    return name, Locality(zone, zone_name, place.region)


def _by_name(query: str, region: str | None, days: list[re.Match[str]]) -> tuple[str, str] | None:
    """A place's clock by name beside the time words ("today Manila time", "Pacific time", "北京时间明天",
    "多伦多那边的今天"); 国内 only for a user abroad (`_abroad`)."""
    for found in (*_PLACE_TIME.finditer(query), *_THERE_DAY.finditer(query)):
        if not _tied(query, found, days):
            continue
        groups = found.groupdict()
        if groups.get("zone_word"):
            word = groups["zone_word"]
            zone = _REGIONAL_ZONE_WORDS.get(region, {}).get(word.lower())
            zone = zone or _REGIONAL_ZONE_WORDS[None].get(word.lower())
            if zone:
                return word, zone
            continue
        if groups.get("place") and _spent(query, found.start()):
            continue
        named = groups.get("place") or groups["zh_place"]
        if named not in _AT_HOME:
            return named, _zone_named(named)
        if _abroad(region):
            return named, CHINA
    return None


def _by_their_time(query: str, days: list[re.Match[str]]) -> tuple[str, str] | None:
    """Someone else's clock ("yesterday his time, in Vancouver", "my son in Toronto … today, his time"): the
    place named nearest in the sentence, not the user's own ("I'm in Calgary")."""
    for found in _THEIR_TIME.finditer(query):
        if not _tied(query, found, days) or _spent(query, found.start()):
            continue
        sentence_start, sentence_end = _sentence(query, found.start())
        places = [
            place
            for place in _ANY_PLACE.finditer(query, sentence_start, sentence_end)
            if abs(place.start() - found.start()) <= _THEIR_PLACE_GAP
            and not _USERS_OWN.search(query[max(0, place.start() - 20) : place.start()])
        ]
        if places:
            nearest = min(
                places,
                key=lambda place: min(abs(place.start() - found.end()), abs(found.start() - place.end())),
            )
            return nearest.group(), _zone_named(nearest.group())
    return None


def _abroad(region: str | None) -> bool:
    """Whether 国内 is another country's clock than the user's: a region known and outside `GREATER_CHINA`."""
    return region is not None and region not in GREATER_CHINA


def _at_home(query: str) -> tuple[str, str] | None:
    """国内 beside a day word ("国内今天", "明天国内开的家长会"): China's clock, for a user living abroad."""
    found = _AT_HOME_DAY.search(query)
    return (found["before"] or found["after"], CHINA) if found else None


def _by_abbreviation(query: str, region: str | None, days: list[re.Match[str]]) -> tuple[str, str] | None:
    """A zone abbreviation after a time word ("today PST", "tomorrow 9am CET", "明天 JST")."""
    for found in _ABBREVIATION.finditer(query):
        if any(day.end() <= found.start() and _close(query[day.end() : found.start()]) for day in days):
            abbreviation = found.group()
            if abbreviation == "EST" and region == "AU":
                return abbreviation, _AUSTRALIAN_EST
            return abbreviation, _ABBREVIATIONS[abbreviation]
    return None


def _spent(query: str, at: int) -> bool:
    """Whether the words before position `at` make the time after it time spent (`_TIME_SPENT`)."""
    return _TIME_SPENT.search(query, max(0, at - 20), at) is not None


def _zone_named(name: str) -> str:
    """The zone of a place in the gazetteer (`_PLACES`)."""
    found = _ANY_PLACE.fullmatch(name)
    assert found is not None and found.lastgroup is not None  # the name was found by the same gazetteer
    return _ZONE_OF_GROUP[found.lastgroup]


def _tied(query: str, clock: re.Match[str], days: list[re.Match[str]]) -> bool:
    """Whether the clock's words are beside one of the time words (`nearby.few_words`, in one
    sentence): "today Manila time", "北京时间明天下午" — not a place's time said elsewhere in the query."""
    for day in days:
        if day.start() < clock.end() and clock.start() < day.end():
            continue  # the clock's own words ("Pacific time" holds no day; "明天国内" is found whole)
        if _close(nearby.between(query, clock, day)):
            return True
    return False


def _close(gap: str) -> bool:
    """Whether the words between two matches are few enough, and in one sentence, for one to be said of the other."""
    return nearby.few_words(gap) and not _SENTENCE_END.search(gap)


def _sentence(query: str, at: int) -> tuple[int, int]:
    """The bounds of the sentence holding position `at`."""
    start = max((end.end() for end in _SENTENCE_END.finditer(query, 0, at)), default=0)
    after = _SENTENCE_END.search(query, at)
    return start, after.start() if after else len(query)
