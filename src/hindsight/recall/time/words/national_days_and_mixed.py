"""The twenty-sixth round, second wave (Hong Kong, Taiwan, Singapore, Malaysia; dictation; Chinese
and English in one phrase): the week of a month without "of", a National Day with its country, a span of dates
in one month, English parts of a month beside Chinese."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.region import _holiday_region, _keeps_own, _tied
from hindsight.recall.time.words.names import _MONTH_OF, _MONTHS
from hindsight.recall.time.words.number_words import _MONTH_WORDS
from hindsight.recall.time.words.rewrite import _Replacement, _where_words

_SINGAPORE = prefilter.compile(
    r"(?i)singapore|s'pore|\bspore\b|\bsg\b|\bndp\b|\bmarina\b|\bpadang\b|\bhdb\b|新加坡|狮城|星洲|滨海湾"
)
_MALAYSIA = prefilter.compile(
    r"(?i)malaysia|\bmsia\b|kuala lumpur|\bkl\b|penang|johor|sabah|sarawak|马来西亚|大马|吉隆坡|槟城|新山"
)
_TAIWAN = prefilter.compile(r"(?i)taiwan|taipei|kaohsiung|台湾|台北|高雄|台中|台南")
_BOUGHT = prefilter.compile(
    r"(?i)\b(?:buy|bought|order(?:ed)?|shop(?:ping|ped)?|spen[dt]|purchased?|cart|sale)\b|[买购抢]"
)


def _national_day(match: re.Match[str]) -> str:
    """ "National Day" / 国庆 where the query names the country: Singapore's (9 August), Malaysia's
    (31 August), Taiwan's (10 October); else as said (1-7 October). Where the user's region keeps a National Day
    of its own, the country's words count only tied to the name ("国庆日 NDP 那天"; not "my parents' visit from
    Chennai", `region._tied`), else it is the region's (time/region.py reads it)."""
    own = _keeps_own(match.string, match.group(0), "national day")
    if _named(_SINGAPORE, match, own):
        return "singapore national day "
    if _named(_MALAYSIA, match, own):
        return "merdeka day "
    if _named(_TAIWAN, match, own):
        return "taiwan national day " if match.group(0).isascii() else "双十节"
    if match.group(0).lower().endswith("parade") and not own:
        # the National Day Parade is Singapore's, unless the user's region holds one of its own (Malaysia's)
        return "singapore national day "
    return match.group(0)


def _named(words: prefilter.Pattern, match: re.Match[str], own: bool) -> bool:
    """Whether the query names the country `words` find: anywhere; where the user's region keeps a day of the
    name `match` holds (`own`), only tied to it (`region._tied`)."""
    if not own:
        return words.search(match.string) is not None
    return any(_tied(match.string, found, [match]) for found in words.finditer(match.string))


_INDEPENDENCE_BY_PLACE = (
    (
        prefilter.compile(
            r"(?i)nigeria|\bnaija\b|\blagos\b|\babuja\b|\bikeja\b|\blekki\b|\bibadan\b|\bkano\b|"
            r"port harcourt|\benugu\b|\boga\b|\babeg\b|\bwahala\b|\bnaira\b|₦|\bwetin\b"
        ),
        "nigerian independence day",
    ),
    (
        prefilter.compile(r"(?i)kenya|nairobi|mombasa|kisumu|nakuru|eldoret|\bm-?pesa\b|\bksh\b|\bmatatu"),
        "jamhuri day",
    ),
    (prefilter.compile(r"(?i)ghana|\baccra\b|\bkumasi\b|\bcedis?\b"), "ghanaian independence day"),
    (prefilter.compile(r"(?i)pakistan|karachi|lahore|islamabad|rawalpindi"), "pakistani independence day"),
    (
        prefilter.compile(r"(?i)philippine|\bpinoy\b|\bmanila\b|\bcebu\b|\bdavao\b|quezon"),
        "philippine independence day",
    ),
    (
        prefilter.compile(
            r"(?i)\bindia\b|mumbai|delhi|bengaluru|bangalore|chennai|kolkata|\bcrores?\b|\blakhs?\b"
        ),
        "indian independence day",
    ),
    (_MALAYSIA, "merdeka day"),
)
"""The country an "Independence Day" is of, told by a place or a word of the query (the thirtieth round):
Nigeria's is 1 October, Kenya's Jamhuri Day (12 December), Ghana's 6 March, Pakistan's 14 August, the
Philippines' 12 June, India's 15 August, Malaysia's Merdeka Day (31 August); else the Fourth of July."""


_COUNTRY_BEFORE = prefilter.compile(
    r"(?i)\b(?:american|us|u\.s\.|usa|indian|nigerian|ghanaian|pakistani|philippine|filipino|kenyan|malaysian"
    r"|mexican|america's|americas)\s+$"
)


def _independence_day(match: re.Match[str]) -> str:
    """ "Independence Day" where the query names the country ("independence day takings at the Lekki shop");
    as said where a country's adjective stands before it ("Indian Independence Day") or none is named; where the
    user's region keeps an Independence Day of its own, the country's words count only tied to the name."""
    if _COUNTRY_BEFORE.search(match.string, 0, match.start()):
        return match.group(0)
    own = _keeps_own(match.string, match.group(0), "independence day")
    for place, name in _INDEPENDENCE_BY_PLACE:
        if _named(place, match, own):
            return name
    return match.group(0)


def _labour_day(match: re.Match[str]) -> str:
    """ "Labour Day" in English: 1 May ("may day"), unless the query names Canada or the region keeps a Labour
    Day of its own ("labor day": the US and Canada's, which time/region.py turns into New Zealand's, Australia's
    or Jamaica's there; `region._holiday_region`)."""
    if (
        re.search(r"(?i)canad|加拿大", match.string)
        or _holiday_region(match.string, match.group(0)) in _MONDAY_LABOUR_DAY
    ):
        return "labor day"
    # (written as "workers' day", 1 May too, where "May Day" names the early May bank holiday: the UK's and
    # Ireland's, `region._HOLIDAY_BY_NAME`)
    return "workers' day" if _holiday_region(match.string, match.group(0)) in ("GB", "IE") else "may day"


_MONDAY_LABOUR_DAY = frozenset({"US", "CA", "NZ", "AU", "JM"})
"""Where Labour Day is not 1 May: a Monday, or Jamaica's 23 May (`region._HOLIDAY_BY_KEY` says which)."""


_TAIWAN_DAY_AFTER = r"(?=\s?(?:当天|那天|那日|当日|那几天|那个?周末|连假|假期|期间|放假|前后|的时候))"
"""What follows a Taiwanese holiday said by its date (双十那天, 228当天): a day word, its long weekend."""


def _same_month_span(match: re.Match[str]) -> str:
    """ "3/4 to 10/4": two dates in digits sharing their second number, a span within one month, day first."""
    first, month, last = int(match["a"]), int(match["m"]), int(match["b"])
    if first == last or first > 31 or last > 31:
        return match.group(0)
    if not match.string.isascii():
        return f"{month}月{first}号到{month}月{last}号"
    name = _MONTHS.split("|")[month - 1]
    return f"{first} {name} to {last} {name}"


_UNIT_ZH = {"day": "天", "week": "周", "month": "个月", "year": "年"}


_WEEK_ORDINAL_ZH = {
    "first": "第一周", "1st": "第一周", "second": "第二周", "2nd": "第二周", "third": "第三周",
    "3rd": "第三周", "fourth": "第四周", "4th": "第四周", "last": "最后一周", "final": "最后一周",
}  # fmt: skip


def _part_zh(part: str, unit: str) -> str:
    """ "early", "mid", "the end of" … before a year or a week as 初, 中, 底 / 尾."""
    if "mid" in part or "middle" in part:
        return "年中" if unit.endswith("年") else "中"
    if part == "late" or "end" in part:
        return "底" if unit.endswith("年") else "尾"
    return "初"


def _month_part_zh(part: str) -> str:
    """ "early", "mid", "late", "the end of" … before a month as the Chinese 初, 中, 底."""
    return "中" if part == "mid" else "底" if part == "late" or "end" in part else "初"


_REWRITES: tuple[tuple[prefilter.Pattern, _Replacement], ...] = (
    # "first week next month", "the 2nd week this month": the week of that month ("of" left out)
    (
        prefilter.compile(
            r"\b(?P<o>(?:the )?(?:first|1st|second|2nd|third|3rd|fourth|4th)|the (?:last|final)) "
            r"(?P<u>week|weekend) (?=(?:next|last|this) month\b)",
            re.IGNORECASE,
        ),
        r"\g<o> \g<u> of ",
    ),
    # dictation: "earlier to day", "what did i do to day", "to night" (today, tonight); "choose day" (Tuesday)
    (
        prefilter.compile(
            r"(?:(?<=\bearlier )|(?<=\blater )|(?<=\bfrom )|(?<=\buntil )|(?<=\btill )|(?<=\bsince )"
            r"|(?<=\bfor )|(?<=\bdid )|(?<=\bdo )|(?<=\bi )|(?<=\bwe ))to (day|night)\b"
            r"(?!-| (?:care|trip|trips|off|pass|job|shift|market|school|class|classes|one|\d))"
            r"|(?<!\bday )(?<!\bhow )\bto (day|night)(?=\s*(?:[?.!,]|$))"
            r"|^to (day|night)(?= (?:i|we|you|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        lambda m: "to" + (m[1] or m[2] or m[3]),
    ),
    (prefilter.compile(r"\b(?:choose|chews|twos) ?day\b", re.IGNORECASE), "tuesday"),
    (prefilter.compile(r"\b(?:wens|whens) ?day\b", re.IGNORECASE), "wednesday"),
    # a year after "ends in", "starts with" is part of a password, a number ("the one that ends in 2025")
    (
        prefilter.compile(
            r"\b(?:ends?|ending|ended|starts?|starting|started|begins?|beginning) (?:in|with)"
            r" (?:19|20)\d{2}\b",
            re.IGNORECASE,
        ),
        "#",
    ),
    # a National Day named with its country; NDP, Singapore's parade; Hari Kebangsaan, Malaysia's
    (
        prefilter.compile(r"\bnational day(?: parade)?\b|(?<!新加坡)国庆(?:节|日)?(?!双十)", re.IGNORECASE),
        _national_day,
    ),
    # NDP typed against Chinese ("看NDP那天": no word boundary between a letter and a character)
    (prefilter.compile(r"(?<![A-Za-z0-9])ndp(?![A-Za-z0-9])", re.IGNORECASE), "singapore national day"),
    (prefilter.compile(r"\bhari kebangsaan\b", re.IGNORECASE), "merdeka day"),
    # "labour day" in English: 1 May (Singapore, Malaysia, Hong Kong and most of the world); Canada's is the
    # first Monday of September, as the US Labor Day (and New Zealand's and Australia's a Monday of their own)
    (prefilter.compile(r"\blabour day(?![A-Za-z0-9])", re.IGNORECASE), _labour_day),
    # "mid-autumn" said alone: the festival
    (
        prefilter.compile(r"\bmid[- ]autumn\b(?! (?:festival|fest|of)\b)", re.IGNORECASE),
        "mid-autumn festival",
    ),
    # "on 618" in a query about buying: the shopping festival
    (
        prefilter.compile(
            r"\b(?:on|at|for) 618\b"
            r"(?![\d/.:]|\s*(?:km|m|st|street|road|rd|ave|avenue|floor|page|route|bus|to|-)\b)"
        ),
        lambda m: "during 618" if _BOUGHT.search(m.string) else m.group(0),
    ),
    # "3/4 to 10/4", "3/4-10/4", "3/4到10/4": the same month, day first
    (
        prefilter.compile(
            r"(?<![\d/.])(?P<a>\d{1,2})/(?P<m>1[0-2]|0?[1-9])(?P<j>\s*(?:-|–|~|to|till|until|thru|through|到|至)\s*)"
            r"(?P<b>\d{1,2})/(?P=m)(?![\d/.])",
            re.IGNORECASE,
        ),
        _same_month_span,
    ),
    # a title in quotation marks beside "song", "playlist", "movie" … or in 《》 names no time ("the 'Monday
    # Blues' playlist", "「明天过后」这部电影", 《明天过后》)
    (prefilter.compile(r"《[^》]{1,40}》"), "#"),
    (
        prefilter.compile(
            r"(?:“[^”]{1,40}”|「[^」]{1,40}」|『[^』]{1,40}』|\"[^\"]{1,40}\"|(?<![A-Za-z])'[^']{1,40}'(?![A-Za-z]))"
            r"(?=\s*(?:(?:这|那|呢|嗰)?(?:部|首|本|张|套|出)?(?:电影|戏|歌|书|剧|专辑|节目|歌单|影片|小说)"
            r"|(?:playlist|song|album|movie|film|book|show|series|episode|track|podcast|drama|novel|single)s?\b))",
            re.IGNORECASE,
        ),
        "#",
    ),
    # mixed: "early 下个月" (early next month), "day before 昨天" (the day before yesterday), once the English
    # month or day word is read as Chinese
    (
        prefilter.compile(
            r"(?i)\b(?P<p>early|late|mid|the end of|end of|the beginning of|beginning of"
            r"|the start of|start of)"
            r"\s?(?P<m>上个月|这个月|下个月)"
        ),
        lambda m: m["m"] + _month_part_zh(m["p"].lower()),
    ),
    (
        prefilter.compile(
            r"(?i)\b(?P<p>early|late|mid|the end of|end of|the beginning of|beginning of"
            r"|the start of|start of|the middle of|middle of)\s?(?P<y>去年|今年|明年|上周|这周|下周)"
        ),
        lambda m: m["y"] + _part_zh(m["p"].lower(), m["y"]),
    ),
    # "上个月 first week", "3月 the last week", "last month 第一个礼拜": the week of that month
    (
        prefilter.compile(
            r"(?i)(?P<m>上个月|这个月|下个月|(?:1[0-2]|[1-9])月)\s?的?\s?(?:the\s)?(?P<o>first|1st|second|2nd|third|3rd"
            r"|fourth|4th|last|final)\sweek\b"
        ),
        lambda m: m["m"] + _WEEK_ORDINAL_ZH[m["o"].lower()],
    ),
    # "3月 the last week" once "last week" is read as 上周 beside Chinese
    (prefilter.compile(r"(?i)(?P<m>上个月|这个月|下个月|(?:1[0-2]|[1-9])月)\s?the\s上周"), r"\g<m>最后一周"),
    (
        prefilter.compile(
            r"(?P<m>上个月|这个月|下个月)\s+(?=第[一二三四1-4]个?(?:周|礼拜|星期)|头一个|最后一)"
        ),
        r"\g<m>",
    ),
    # "the 8th 的 meeting", "15th 那天": the day as 号
    (
        prefilter.compile(
            r"(?i)(?:\bthe\s)?(?<![\d/])\b(?P<d>[12]?\d|3[01])(?:st|nd|rd|th)\s?(?=的|那天|那日|当天|嗰日)"
        ),
        r"\g<d>号",
    ),
    # "valentine 那天", "on valentine": the day ("my valentine" is a person)
    (
        prefilter.compile(
            r"(?i)(?:(?<=\bon )|(?<=\bduring )|(?<=\blast )|(?<=\bthis )|(?<=\bnext )|(?<=\bfor ))"
            r"valentine\b(?!'|s\b)"
            r"|\bvalentine(?=\s?(?:那天|当天|的时候|嗰日|期间))"
        ),
        "valentine's day",
    ),
    (prefilter.compile(r"(?i)\b(?:the )?day before\s?昨天"), "前天"),
    (prefilter.compile(r"(?i)\b(?:the )?day after\s?明天"), "后天"),
    # mixed: "过去 30 days", "最近 2 weeks": the last N days; "上个月 的 2 号": the day of that month
    (
        prefilter.compile(
            r"(?i)(?P<w>过去|最近|近)\s?(?P<n>\d{1,3})\s?(?P<u>day|week|month|year)s?(?![A-Za-z])"
        ),
        lambda m: m["w"] + m["n"] + _UNIT_ZH[m["u"].lower()],
    ),
    (
        prefilter.compile(r"(?P<w>过去|最近|近)\s+(?P<n>\d{1,3})\s*(?=天|周|个?星期|个?礼拜|个?月|年)"),
        r"\g<w>\g<n>",
    ),
    (prefilter.compile(r"(?<=上个月|这个月|下个月)\s?的\s?(?P<d>\d{1,2})\s?(?=[号日])"), r"的\g<d>"),
    # Cantonese 礼拜尾 / 星期尾 said alone: the weekend (上个礼拜尾 stays the end of last week)
    (prefilter.compile(r"(?<![上下这个本呢前])(?:礼拜|星期)尾(?!牙)"), "周末"),
    # Singapore and Malaysian English "recent 3 months", "the recent few days": the past ones
    (
        prefilter.compile(
            r"\brecent (?=(?:\d{1,3}|few|couple(?: of)?|two|three|four|five|six|seven|eight|nine|ten|twelve)"
            r" (?:days?|weeks?|months?|years?)\b)",
            re.IGNORECASE,
        ),
        "past ",
    ),
    # "上个月 end", "下个月 beginning": that part of the month; "去年 的 Christmas": the year's
    (
        prefilter.compile(r"(?i)(?P<m>上个月|这个月|下个月)\s?(?P<p>end|ending|start|starting|beginning)\b"),
        lambda m: m["m"] + ("底" if m["p"].lower().startswith("end") else "初"),
    ),
    (
        prefilter.compile(r"(?P<w>去年|今年|前年|明年|上个月|下个月|这个月)\s+的\s*(?=[A-Za-z]|这|今)"),
        r"\g<w>的",
    ),
    # mixed: "上个礼拜 的 Friday" (that weekday of that week), "this time 去年" (this time last year),
    # "半个月 ago", "weekend 去了哪" (the weekend)
    (
        prefilter.compile(r"(?P<w>[上下这])个?(?:礼拜|星期)\s*的?\s*(?=(?i:mon|tue|wed|thu|fri|sat|sun))"),
        r"\g<w>周",
    ),
    (prefilter.compile(r"(?i)\bthis time\s?(?P<w>去年|上个月|上周)"), lambda m: m["w"] + "的今天"),
    (prefilter.compile(r"(?i)(?P<h>半个月|半年)\s?(?:ago|back|before)\b"), r"\g<h>前"),
    (
        prefilter.compile(
            r"(?i)(?<![A-Za-z])(?<!long )(?<!labour )(?<!labor )(?:the\s)?weekend\s?(?=[\u4e00-\u9fff])"
        ),
        "周末",
    ),
    # "two days ago or was it three", "3 weeks back, or maybe 4": either count, both read
    (
        prefilter.compile(
            r"\b(?P<a>\d{1,2}|two|three|four|five|six|seven|eight|nine) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back),? or (?:was it|maybe|is it|perhaps|possibly) "
            r"(?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten)\b(?! (?:days|weeks|months|years)\b)",
            re.IGNORECASE,
        ),
        r"\g<a> \g<u> \g<w> or \g<b> \g<u> \g<w>",
    ),
    # "the June holidays", "march hols": that month
    (
        prefilter.compile(
            rf"\b(?:the )?(?P<m>{_MONTH_WORDS})\.? (?:school )?(?:holidays|hols|vacation|break)\b",
            re.IGNORECASE,
        ),
        lambda m: "the month of " + _MONTH_OF[m["m"].lower()[:3]],
    ),
    # Taiwan's year of the Republic without 民國, before a month or a part of the year ("115年3月的發票",
    # "114年度"; not "成立115年", a count of years); 農曆年 (the lunar new year; 农历年前 stays 腊月)
    (
        prefilter.compile(
            r"(?<![\d.])(?P<y>1[01]\d|12\d)(?=年\s?(?:(?:1[0-2]|0?[1-9]|[一二三四五六七八九十]{1,2})月|度|第|[上下]半年"
            r"|底|初|年底|年初|全年|[Qq][1-4]))"
        ),
        lambda m: str(int(m["y"]) + 1911),
    ),
    (prefilter.compile(r"农历年(?![前后底初尾])"), "农历新年"),
    # "past 1 week", "the past one month", "past year": the rolling span ("the past week")
    (
        prefilter.compile(
            r"\b(?:the )?(?:past|last|previous|recent) (?:1|one) (week|month|year)\b(?!s|'s| ago| back)"
            r"|(?<!\bthe )(?<!\bthis )(?<!\ba )\bpast (week|month|year)\b(?!s|'s| ago| back)",
            re.IGNORECASE,
        ),
        lambda m: "the past " + (m[1] or m[2]),
    ),
    # Singapore English "end month", "early month": as "month end", "early in the month"
    (prefilter.compile(r"(?<!\bthe )(?<!\bof )\bend[- ]month\b", re.IGNORECASE), "month end"),
    (prefilter.compile(r"(?<!\bthe )\bearly[- ]month\b", re.IGNORECASE), "early in the month"),
    # dictation: "three days a go", "last thirsday", "this after noon", "last knight"
    (prefilter.compile(r"\b(days?|weeks?|months?|years?) a go\b", re.IGNORECASE), r"\1 ago"),
    (prefilter.compile(r"\b(?:thirsday|thirstday|thurday|thursdy)\b", re.IGNORECASE), "thursday"),
    (
        prefilter.compile(
            r"\b(this|yesterday|tomorrow|friday|monday|saturday|sunday) after noon\b", re.IGNORECASE
        ),
        r"\1 afternoon",
    ),
    (prefilter.compile(r"(?<!\bthe )\blast knight\b", re.IGNORECASE), "last night"),
    # a correction to "the one before / after" ("last month no the one before"): the unit said again
    (
        prefilter.compile(
            r"\b(?P<w>last|next|this) (?P<u>weekend|week|month|year"
            r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
            r"(?P<c>\W+(?:no|sorry|wait|actually|i mean)\W+(?:(?:no|wait|sorry)\W+)?)"
            r"the one (?P<r>before|after)\b",
            re.IGNORECASE,
        ),
        r"\g<w> \g<u>\g<c>the \g<u> \g<r>",
    ),
    # Cantonese: 前排 (a while ago, as 前阵子; not a front row), 过两日, 下年 (next year), 最尾嗰个礼拜;
    # 上两个礼拜 / 上两周 (the two calendar weeks before this one)
    (prefilter.compile(r"(?<![坐最在第])前排(?![座位坐])"), "前阵子"),
    (prefilter.compile(r"过两日"), "过两天"),
    (prefilter.compile(r"(?<![上这今去前明])下年(?![级纪龄])"), "明年"),
    (prefilter.compile(r"最尾(?:那|嗰)?一?个?(?=礼拜|星期|周)"), "最后一个"),
    (prefilter.compile(r"上两个?(?:礼拜|星期|周)(?![一二三四五六日天末])"), "上上周到上周"),
    # "last weekend no the weekend before", "next weekend sorry the weekend after": the weekend before last /
    # after next
    (
        prefilter.compile(
            r"\b(?P<w>last|next) weekend\W+(?:no|sorry|wait|actually|i mean)\W+(?:(?:no|wait|sorry)\W+)?"
            r"the weekend (?P<r>before|after)\b",
            re.IGNORECASE,
        ),
        lambda m: (
            "the weekend before last"
            if (m["w"].lower(), m["r"].lower()) == ("last", "before")
            else "the weekend after next"
            if (m["w"].lower(), m["r"].lower()) == ("next", "after")
            else m.group(0)
        ),
    ),
    # "2026年第四季": the quarter (第四季 alone already is)
    (prefilter.compile(r"(?<=年)(?P<q>第?[一二三四1-4])季(?![度节])"), r"\g<q>季度"),
    # the thirtieth round: "Independence Day" where the query names the country (Lagos, Nairobi, Accra …)
    (prefilter.compile(r"\bindependence day\b", re.IGNORECASE), _independence_day),
    # the thirtieth round: Taiwan's holidays said by their dates before a day word — 双十那天 (10 October; not
    # 双十一, 双十二), 228当天, 二二八那几天 (28 February)
    (
        prefilter.compile(
            r"(?<![\d一二三四五六七八九十])双十(?![一二三四五六七八九十\d节])" + _TAIWAN_DAY_AFTER
        ),
        "双十节",
    ),
    (prefilter.compile(r"(?<![\d./-])(?:228|二二八)(?![\d./])" + _TAIWAN_DAY_AFTER), "二二八纪念日"),
    # "bank hol", "bank hols" (British chat): bank holiday(s)
    (prefilter.compile(r"\bbank hol(s?)\b\.?", re.IGNORECASE), r"bank holiday\1"),
)
"""The twenty-sixth round, second wave (Hong Kong, Taiwan, Singapore, Malaysia; dictation; Chinese and English
in one phrase): the week of a month without "of", a recogniser's "to day" and "choose day", a year that ends a
number, a National Day with its country, "labour day", "mid-autumn", "on 618", a span of dates in one month, a
quoted title, English parts of a month beside Chinese, 2026年第四季."""
_REWRITES_NEED: tuple[tuple[str, ...], ...] = (
    ("next month", "this month", "last month"),
    ("to day", "to night"),
    ("choose", "chews", "twos"),
    ("wens", "whens"),
    (" in 19", " in 20", " with 19", " with 20"),
    ("national day", "国庆"),
    ("ndp",),
    ("kebangsaan",),
    ("labour day",),
    ("mid-autumn", "mid autumn"),
    ("618",),
    ("/",),
    ("《",),
    ("“", "「", "『", '"', "'"),
    ("上个月", "这个月", "下个月"),
    ("去年", "今年", "明年", "上周", "这周", "下周"),
    ("月",),
    ("上周",),
    ("上个月 ", "这个月 ", "下个月 "),
    ("的", "那天", "那日", "当天", "嗰日"),
    ("valentine",),
    ("昨天",),
    ("明天",),
    ("过去", "近"),
    ("过去", "近"),
    ("上个月", "这个月", "下个月"),
    ("尾",),
    ("recent",),
    ("上个月", "这个月", "下个月"),
    (" 的",),
    ("礼拜", "星期"),
    ("this time",),
    ("半",),
    ("weekend",),
    (" or ",),
    ("holiday", "hols", "vacation", "break"),
    ("年",),
    ("农历年",),
    ("past", "last 1", "last one", "previous 1", "previous one", "recent 1", "recent one"),
    ("end month", "end-month"),
    ("early month", "early-month"),
    (" a go",),
    ("thirs", "thurday", "thursdy"),
    ("after noon",),
    ("knight",),
    ("the one",),
    ("前排",),
    ("过两日",),
    ("下年",),
    ("最尾",),
    ("上两",),
    ("the weekend before", "the weekend after"),
    ("季",),
    ("independence day",),
    ("双十",),
    ("228", "二二八"),
    ("bank hol",),
)
"""What must be in the lowered query for each rewrite of `_REWRITES` to be tried (any one of them): a
rewrite whose words are absent costs a substring test, not a regular-expression search."""


_REWRITES_ALL = tuple(
    (pattern, replacement, needs)
    for (pattern, replacement), needs in zip(_REWRITES, _REWRITES_NEED, strict=True)
)
_REWRITES_LATIN = tuple(
    (pattern, replacement, tuple(need for need in needs if need.isascii()))
    for pattern, replacement, needs in _REWRITES_ALL
    if any(need.isascii() for need in needs)
)
"""The rewrites with their words; those an ASCII query can need, with their ASCII words only."""


def national_days_and_mixed(query: str) -> str:
    """`query` with national days by country, spans in one month and Chinese beside English read (`_REWRITES`)."""
    table = _REWRITES_LATIN if query.isascii() else _REWRITES_ALL
    return _where_words(query, ((needs, pattern, replacement) for pattern, replacement, needs in table))
