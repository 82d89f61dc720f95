"""Words of more regions (written from the thirty-third round's travellers and expats, older people and their
children): Scots "o" for "of" and "the day" / "the night" for today / tonight, "3 days' time" without "in", "a fortnight ago yesterday", "Sunday
after next" without "the", Australian "the March quarter", "the ember months", "Hallowe'en", "14 to 19 Aug";
Chinese dates with spaces in them, 过了年以后 (since the new year), 明朝 before a part of the day, 月半 (mid-month),
前头三个月, Cantonese 呢三日."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.region import _holiday_region
from hindsight.recall.time.words.names import _MONTHS, _WEEKDAY
from hindsight.recall.time.words.national_days_and_mixed import _INDEPENDENCE_BY_PLACE
from hindsight.recall.time.words.rewrite import _any_hint, _Hint, _Replacement, _where_words

_COUNT = r"\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a couple of|a few"
_WEEKS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_SHORT_MONTHS = r"jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec"
_QUARTER_BY_END = {"mar": "Q1", "jun": "Q2", "sep": "Q3", "dec": "Q4"}

_NOT_BEFORE_SCOTS_DAY = (
    "for", "of", "all", "through", "thru", "during", "in", "on", "at", "by", "that", "to", "from", "until", "till",
    "before", "after", "about", "over", "into", "per", "across", "throughout", "around", "since", "save", "saved",
    "saves", "seize", "seized", "win", "won", "carry", "carried", "rule", "ruled", "spend", "spent", "spending",
    "stay", "stayed", "staying", "call", "called", "make", "made", "makes", "end", "whole", "same", "like",
    "remember", "is", "was", "what", "when", "a", "one", "every", "each", "this", "that", "just", "off", "out",
)  # fmt: skip
"""Words after which "the day" / "the night" is a day or a night of something, not today or tonight ("for the
night", "saved the day", "at the end of the day")."""
_SCOTS_DAY = prefilter.compile(
    "".join(rf"(?<!\b{word} )" for word in _NOT_BEFORE_SCOTS_DAY)
    + r"(?<=[a-z] )\bthe (day|night)(?=\s*(?:[?.!,;]|$|\b(?:or|and|then|too|again|anyway)\b))",
    re.IGNORECASE,
)
"""Scots and Northern Irish "the day", "the night" (today, tonight) said at the end of a clause, after a word of
the sentence ("did I ring the surgery the day or not", "what's on the night?")."""


_SOUTH_AFRICA = prefilter.compile(
    r"south africa|\bmzansi\b|\bjoburg\b|johannesburg|\bjozi\b|cape town|\bdurban\b|\bpretoria\b|\bsoweto\b"
    r"|stellenbosch|franschhoek|gqeberha|port elizabeth|bloemfontein|\bkruger\b|\bzar\b|\bbraai\b|\bhowzit\b",
    re.IGNORECASE,
)
"""Places and words that tell the query is of South Africa (its Women's Day is 9 August)."""


def _womens_day(match: re.Match[str]) -> str:
    """ "Women's Day" where the query names South Africa, or the user lives there and no other country is tied to
    the name: 9 August; else as said (8 March)."""
    if _SOUTH_AFRICA.search(match.string) or _holiday_region(match.string, match.group(0)) == "ZA":
        return "south african women's day"
    return match.group(0)


def _democracy_day(match: re.Match[str]) -> str:
    """ "Democracy Day" where the query names Nigeria (a place or a word of its Pidgin), or the user lives there
    and no other country is tied to the name: 12 June; else none."""
    if (
        _INDEPENDENCE_BY_PLACE[0][0].search(match.string)
        or _holiday_region(match.string, match.group(0)) == "NG"
    ):
        return "nigerian democracy day"
    return match.group(0)


def _weeks_and_a_day(match: re.Match[str]) -> str:
    """ "a fortnight ago yesterday", "two weeks ago tomorrow": that many days ago."""
    count = int(match[1]) if match[1].isdigit() else _WEEKS[match[1].lower()]
    days = count * (14 if match[2].lower().startswith("fortnight") else 7)
    days += 1 if match[3].lower() == "yesterday" else -1
    return f"{days} days ago"


def _quarter_by_end(match: re.Match[str]) -> str:
    """Australian "the March quarter": the quarter ending in that month."""
    quarter = _QUARTER_BY_END[match[1].lower()[:3]]
    return f"{quarter} {match[2]}" if match[2] else quarter


_WELSH = {
    "wythnos diwetha": "last week", "mis diwetha": "last month",
    "blwyddyn diwetha": "last year", "llynedd": "last year", "echdoe": "the day before yesterday",
    "ddoe": "yesterday", "heddiw": "today", "yfory": "tomorrow", "wythnos nesa": "next week", "mis nesa": "next month",
}  # fmt: skip
_ENGLISH: tuple[tuple[_Hint, prefilter.Pattern, _Replacement], ...] = (
    # Scots "o" for "of" after a part of a period ("the start o the month", "the back end o last month")
    (
        (" o ",),
        prefilter.compile(
            r"\b(start|end|beginning|middle|back end|tail end|front end|turn|rest|half|week|month|year|first|last)"
            rf" o (?=(?:the|last|this|next|{_MONTHS})\b)",
            re.IGNORECASE,
        ),
        r"\1 of ",
    ),
    # the forty-first round. Yorkshire "t'" for "the" ("t'other day", "over t'last three month")
    (("t'",), prefilter.compile(r"(?<![A-Za-z'])t'(?=[a-z])", re.IGNORECASE), "the "),
    # Australian "Chrissy" (Christmas) after a word of when: not the name ("what did Chrissy say")
    (
        ("chrissy", "chrissie"),
        prefilter.compile(
            # not "for" / "on" / "by": "what did I buy for Chrissy" names a person
            r"\b(over|at|before|after|since|last|this|till|til|until|around) chriss(?:y|ie)\b(?! day\b)",
            re.IGNORECASE,
        ),
        r"\1 Christmas",
    ),
    # "the nor'easter" (a storm) names no Easter
    (("easter",), prefilter.compile(r"\bnor'? ?easters?\b", re.IGNORECASE), "storm"),
    # "from the 12th through to the 16th": through
    ((" through to ", " thru to "), prefilter.compile(r"\b(through|thru) to\b", re.IGNORECASE), r"\1"),
    # US business "the back half / front half of 2027": its second / first half
    (
        ("back half", "front half"),
        prefilter.compile(r"\b(?:the )?(back|front) half of\b", re.IGNORECASE),
        lambda m: ("the second" if m[1].lower() == "back" else "the first") + " half of",
    ),
    # Welsh time words in English text ("the tesco shop wythnos diwetha")
    (
        ("wythnos", "mis diweth", "blwyddyn", "llynedd", "ddoe", "heddiw", "yfory"),
        prefilter.compile(
            r"\b(?:wythnos diwethaf?|mis diwethaf?|blwyddyn diwethaf?|llynedd|echdoe|ddoe|heddiw|yfory"
            r"|wythnos nesaf?|mis nesaf?)\b",
            re.IGNORECASE,
        ),
        lambda m: _WELSH[m[0].lower().rstrip("f")],
    ),
    # Swahili "leo" (today) and "jana" (yesterday) in English text, any region (juzi, kesho, wiki iliyopita are
    # english_with_loanwords'; "jana" alone in East Africa where_the_user_lives'): only where a name cannot be —
    # opening a question in lower case, after a verb of the past ("Leo", "Jana" are names)
    (
        ("leo ",),
        prefilter.compile(r"^(?-i:leo)(?= (?:i|we|you|u|do|did|is|are|what|how)\b)", re.IGNORECASE),
        "today",
    ),
    (
        (" jana",),
        prefilter.compile(
            r"\b(had|did|was|were|sent|paid|came|went|got|told|said|made|met|called|rang|saw) (?-i:jana)\b",
            re.IGNORECASE,
        ),
        r"\1 yesterday",
    ),
    # Scots "twa" (two) before a unit ("twa days ago", the forty-first round)
    (
        ("twa ",),
        prefilter.compile(r"\btwa (?=(?:days?|weeks?|months?|years?|fortnights?)\b)", re.IGNORECASE),
        "two ",
    ),
    # Scots and Northern Irish "the day" / "the night": today / tonight
    (("the day", "the night"), _SCOTS_DAY, lambda m: "today" if m[1].lower() == "day" else "tonight"),
    # "3 days' time", "a week's time" with no "in" before: in 3 days, in a week
    (
        ("' time", "'s time"),
        prefilter.compile(
            rf"(?<!\bin )(?<!\bwithin )\b({_COUNT}) (days?|weeks?|fortnights?|months?|years?)'s? time\b",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    # "a fortnight ago yesterday", "2 weeks ago tomorrow": that many days ago
    (
        (" ago yesterday", " ago tomorrow"),
        prefilter.compile(
            r"\b(\d|a|an|one|two|three|four|five|six) (fortnights?|weeks?) ago (yesterday|tomorrow)\b",
            re.IGNORECASE,
        ),
        _weeks_and_a_day,
    ),
    # "Sunday after next" without "the": as "the Sunday after next"
    (
        (" after next",),
        prefilter.compile(rf"(?<!\bthe )\b({_WEEKDAY}) after next\b", re.IGNORECASE),
        r"the \1 after next",
    ),
    # Australian "the March quarter", "the June quarter 2026": the quarter ending in that month
    (
        (" quarter",),
        prefilter.compile(
            r"\bthe (march|june|september|december|mar|jun|sept?|dec) quarter\b(?:,? (?:of )?((?:19|20)\d\d)\b)?",
            re.IGNORECASE,
        ),
        _quarter_by_end,
    ),
    # Nigerian and Filipino "the ember months", the Philippines' "ber months": September to December; "since the
    # ber months started": from September to today
    (
        ("ber month",),
        prefilter.compile(
            r"\bsince (?:the )?(?:em)?ber months(?: (?:started|began|begun|kicked in|kicked off|came|arrived|hit))?\b",
            re.IGNORECASE,
        ),
        "since september",
    ),
    (
        ("ber month",),
        prefilter.compile(r"\b(?:the )?(?:em)?ber months\b", re.IGNORECASE),
        "september to december",
    ),
    # holidays by the country the query names: South Africa's Women's Day, Nigeria's Democracy Day
    (
        ("women's day", "womens day"),
        prefilter.compile(r"(?<!international )\bwomen'?s day\b", re.IGNORECASE),
        _womens_day,
    ),
    (("democracy day",), prefilter.compile(r"\bdemocracy day\b", re.IGNORECASE), _democracy_day),
    # Northern Ireland's "the Twelfth" (capitalised, no month after it): 12 July
    (
        ("twelfth",),
        prefilter.compile(
            r"\b[Tt]he Twelfth\b(?! (?:of|[Nn]ight|[Dd]ay|[Mm]an|[Cc]ake|[Gg]rade|[Cc]entury)\b)"
        ),
        "orangemen's day",
    ),
    # "Hallowe'en": Halloween
    (("hallowe",), prefilter.compile(r"\bhallowe'?en\b", re.IGNORECASE), "halloween"),
    # "14 to 19 Aug" (two days, the month after the second): from the first to the second of that month
    (
        prefilter.compile(r"\d(?:st|nd|rd|th)? (?:to|till|until|thru|through) \d"),
        prefilter.compile(
            r"(?<!\bfrom )(?<!\bbetween )(?<![\d/.:-])\b([0-3]?\d)(?:st|nd|rd|th)? (?:to|till|until|thru|through)"
            rf" ([0-3]?\d(?:st|nd|rd|th)? (?:{_MONTHS}|{_SHORT_MONTHS})\b)",
            re.IGNORECASE,
        ),
        r"from \1 to \2",
    ),
)
"""English of the thirty-third round."""
_ENGLISH_HINTS = _any_hint(_ENGLISH)

_CHINESE: tuple[tuple[_Hint, prefilter.Pattern, _Replacement], ...] = (
    # spaces inside a date ("2027 年 3 月", "3 月 5 号"): left out
    (
        prefilter.compile(r"\d\s+[年月日号]|[年月]\s+\d"),
        prefilter.compile(r"(?<=\d)\s+(?=[年月日号])|(?<=[年月])\s+(?=\d)"),
        "",
    ),
    # 过了年以后, 过完年到现在: since the (lunar) new year — not a plan (过了年以后再说)
    (
        ("过了年", "过完年"),
        prefilter.compile(
            r"过(?:了|完)年(?:以后|之后|以来|后|到现在|到而家|到今天|到如今|到依家)(?!再|要|打算|准备|会|就要|才|去)"
        ),
        "春节以来",
    ),
    # Wu 明朝 before a part of the day (明朝下半日, 明朝上昼): tomorrow (not the dynasty)
    (
        ("明朝",),
        prefilter.compile(
            r"明朝(?=上半日|下半日|上昼|下昼|早浪|早上|早晨|夜里|夜到|夜快|中浪|中午|下午|上午|晚上|一早)"
        ),
        "明天",
    ),
    # 月半 after a month (上个月月半, 号头月半) and 月半辰光: mid-month
    (
        ("月半",),
        prefilter.compile(r"(?<=月)月半(?:辰光|的时候|时候)?|(?<![个一二两三四五六七八九十])月半辰光"),
        "月中",
    ),
    # 前头 before a count of months, weeks or days (前头三个月, 前头两个礼拜): the past …
    (
        ("前头",),
        prefilter.compile(r"前头(?=[一二两三四五六七八九十\d]+(?:个月|个号头|个礼拜|个星期|周|天|日))"),
        "过去",
    ),
    # Cantonese 呢三日 (these three days): the last three days
    (("呢",), prefilter.compile(r"呢([两三四五六七八九十\d])日"), r"最近\1天"),
    # northern 头晌, 前晌, 上晌 said first: this morning (as 晌午 … said first)
    (("晌",), prefilter.compile(r"^(?:头晌|前晌|上晌)(?=[^午])"), "今头晌"),
    # "CNY 那天", "Chinese New Year 当天": the first day, as 春节那天
    (
        ("cny", "new year"),
        prefilter.compile(r"\b(?:cny|(?:chinese|lunar) new year)\s*(?=那天|当天|那日|那一天)", re.IGNORECASE),
        "春节",
    ),
)
"""Chinese of the thirty-third round (after Traditional characters are folded)."""
_CHINESE_HINTS = _any_hint(_CHINESE)


def more_regions_english(query: str) -> str:
    """`query` with the English rewrites of the thirty-third round whose hints it holds."""
    return _where_words(query, _ENGLISH, _ENGLISH_HINTS)


def more_regions_chinese(query: str) -> str:
    """`query` with the Chinese rewrites of the thirty-third round whose hints it holds."""
    return _where_words(query, _CHINESE, _CHINESE_HINTS)
