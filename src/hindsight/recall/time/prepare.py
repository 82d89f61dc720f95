"""The query as the rules read it (`_prepared`): shorthand spelt out, words normalised (time/words), long
numbers and web addresses as one mark, Latin and Chinese parted, quotations and texts to translate set aside."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.normalise import normalise

_TRANSLATE = prefilter.compile(
    r"翻译|翻成|怎么说|怎么讲|咋说|咋讲|咋个说|咋个讲|点讲|点样讲|点译|点样译|用(?:英|中|日|法|德|韩|西班牙)[语文]|\btranslat|\bhow (?:do|would|can|should) (?:you|u|i|we) say\b|\bhow to say\b|\bwhat means\b|译做|译成|翻做|"
    # the forty-first round: Wu 哪能讲 (how to say), "what's he on about" (what does he mean)
    r"哪能讲|哪能说|\bwhat(?:'s| is) (?:he|she|it|they|that) on about\b|\bwhat (?:is|are) (?:he|she|they) on about\b|"
    r"什么意思|啥意思|啥子意思|咩意思|哪样意思|么子意思|一样意思|意思一样|即系点|即系咩|即系乜|即是什么|即是啥|\bwhat (?:does|do|did) .{0,60}\b(?:mean|stand for)\b|\bmeaning of\b|"
    r"\bin (?:english|chinese|mandarin|cantonese|french|spanish|german|japanese|korean|italian|portuguese|russian)\b",
    re.IGNORECASE,
)
_QUOTED = prefilter.compile(
    r"“[^”]*”|‘[^’']*['’]|「[^」]*」|『[^』]*』|\"[^\"]*\"|(?<![A-Za-z])'(?:[^']|(?<=[A-Za-z])'(?=[A-Za-z]))*'(?![A-Za-z])"
)
_TO_TRANSLATE = prefilter.compile(r"(?:翻译|translate)[^:：]{0,12}[:：].*", re.IGNORECASE | re.DOTALL)
_TO_SAY = prefilter.compile(
    r"(?P<ask>\btranslate |\bhow (?:do|would|can|should) (?:you|u|i|we) say |\bhow to say )"
    r".{1,80}?(?=\s+(?:into|to|in)\s+[a-z]+\b)"
    r"|(?P<ask2>\bwhat (?:does|do|did) ).{1,60}?(?=\s+(?:mean|stand for)\b)"
    r"|^[^，。？！?!]{1,30}?(?=\s*(?:用|的)?(?:英|中|日|法|德|韩|西班牙|马来)[语文]?(?:怎么|咋)(?:说|讲|写))"
    r"|(?<=把)[^，。？！?!]{1,30}?(?=\s*(?:翻译|翻|译)成)"
    # what someone wrote, before "what does that mean" ("my coworker wrote 明天见 what does that mean",
    # "他发了个 see u tmr 是什么意思")
    r"|(?:(?<=\bwrote )|(?<=\bwrites )|(?<=\bsaid )|(?<=\bsays )|(?<=\btexted )|(?<=\bsent )|(?<=\btyped )"
    r"|(?<=\breplied )|(?<=\bposted ))[^?.!]{1,40}?(?=\s*[,，]?\s*(?:so )?(?:what does|what do|what's|whats|wat does)"
    r" (?:that|this|it) mean\b)"
    r"|(?:(?<=写)|(?<=说)|(?<=发)|(?<=回))(?:了|着|的)?(?:个|句)?[^，。？！?!]{1,30}?(?=\s*是?(?:什么|啥|咩|乜)意思)",
    re.IGNORECASE,
)
"""The words to translate when no quotation marks show them ("translate see you tomorrow into Spanish",
"上个月 用英文怎么讲"): set aside like a quotation."""
"""A time word inside a text to translate ("translate 'see you tomorrow'", "把“明天见”翻译成英文",
"翻译一下：明天见") names no range: the quoted text, or what follows the colon, is set aside."""
_LONG_NUMBER = prefilter.compile(r"[0-9零〇一二两三四五六七八九十百]{7,}")


def _prepared(query: str) -> str:
    """The query as the rules read it: words normalised (time/words), long numbers as one mark,
    shorthand spelt out, a text to translate set aside."""
    # Shorthand and a typed apostrophe are spelt out before the words are normalised, whose rewrites read
    # whole words ("the last yr in November", "last month’s final Friday"), and once more after when
    # normalising changed the text or parted Latin from Chinese ("wk那天" is a word only once spaced).
    query = query.replace("’", "'")
    if "morn" in query or "Morn" in query:
        query = _SCOTS_MORN.sub(lambda m: "tomorrow morning" if m[1] else "tomorrow", query)
    spelt = _spelt_out(query)
    normalised = normalise(spelt)
    # A run of more than six digits counts nothing a time phrase counts, and the rules' number
    # patterns would retry it from every position (quadratic in its length): one mark stands for it.
    query = _LONG_NUMBER.sub("#", normalised)
    if ".com" in query or ".io" in query:
        query = _DOMAIN.sub("#", query)
    if "-" in query:
        query = _NAME_TWICE.sub("#", query)
    query = _NEAREST.sub(r"\1最靠近", _MIXED.sub(" ", query))
    lowered = query.lower()
    if any(word in lowered for word in _NOT_A_TIME_WORDS) or all(
        any(word in lowered for word in words) for words in _OPENING_HOURS_WORDS
    ):
        query = _NOT_A_TIME.sub(lambda m: " " * len(m.group(0)), query)
    if normalised != spelt or not query.isascii():
        query = _spelt_out(query)
    if (query.count("'") + query.count('"') > 1 or not query.isascii()) and _QUOTED_COMPARED.search(query):
        query = _QUOTED.sub(" ", query)  # "“下礼拜”和“下个星期”一样吗": words compared, no time asked
    elif _QUOTED.search(query) and _QUOTED_TITLE.search(_QUOTED.sub(" ", query)):
        query = _QUOTED.sub(" ", query)  # a quoted title or sentence to correct (the second wave)
    if _TRANSLATE.search(query):
        query = _TO_SAY.sub(
            lambda m: (m["ask"] or m["ask2"] or "") + " ", _TO_TRANSLATE.sub(" ", _QUOTED.sub(" ", query))
        )
    return query


_NOT_A_TIME = prefilter.compile(
    # a date of birth ("Dad was born 4 July 1941", "born in 1952", "DOB 3/4/1950", 1948年出生, 生于1950年)
    r"\bborn (?:on |in )?(?:the )?[\w ,./-]{0,20}?\b(?:18|19|20)\d\d\b|\b(?:date of birth|dob|d\.o\.b\.?)\W{0,3}"
    r"(?:is |was )?[\w ,./-]{0,20}?\b(?:18|19|20)\d\d\b|(?:出生于|生于|出生在)[^，。,？?]{0,12}?(?:19|20)\d\d年(?:[^，。,？?]{0,8}?[日号])?"
    r"|(?:19|20)\d\d年(?:[^，。,？?]{0,8}?[日号])?(?:出生|出世|生人)"
    # opening hours: weekdays and then hours ("Monday to Friday 8 to 4", "Mon-Fri 9am-5pm", 周一至周五8点到4点)
    r"|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*(?:-|–|to|till|thru|through)\s*(?:fri|sat|sun)[a-z]*\.?,?\s*"
    r"(?:from\s*)?\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)?\s*(?:-|–|to|till)\s*\d{1,2}(?:[:.]\d\d)?\s*"
    r"(?:am|pm|a\.m\.|p\.m\.|o'clock)?(?![\d/])"
    r"|(?:周|星期|礼拜)[一二三四五六日天]\s*(?:至|到|-|–)\s*(?:周|星期|礼拜)?[一二三四五六日天]\s*"
    r"(?:早上|上午)?\d{1,2}(?:[:：]\d\d|点半?)?\s*(?:至|到|-|–)\s*(?:下午|晚上)?\d{1,2}(?:[:：]\d\d|点半?)?"
    # a year someone wrongly thinks it is ("以为现在是1980年", "thinks it's still 1980")
    r"|以为(?:现在|而家|依家|今年|今日|今天)?(?:还)?(?:是|系)\s*(?:19|20)\d\d年?"
    r"|\bthinks? (?:that )?(?:it'?s|it is|we'?re in|we are in) (?:still )?(?:19|20)\d\d\b",
    re.IGNORECASE,
)
"""What holds a date and names no time of a memory (the thirty-third round): a date of birth, opening hours
on weekdays, a year someone wrongly believes it is; set aside so that another time word may still be read."""
_NOT_A_TIME_WORDS = ("born", "birth", "dob", "d.o.b", "出生", "生于", "出世", "生人", "以为", "think")
_OPENING_HOURS_WORDS = (
    ("-", "–", " to ", "till", "thru", "through", "至", "到"),
    ("day", "mon", "fri", "周", "星期", "礼拜"),
)
"""A query `_NOT_A_TIME` can find something in holds one of the first words, or one of each of the next two
tuples (a span and a weekday): cheap tests before its search."""
_SCOTS_MORN = prefilter.compile(
    r"(?<!\bin )(?<!\bthis )(?<!\bthat )(?<!\bevery )(?<!\beach )(?<!\bby )(?<!\bfrom )(?<!\btill )"
    r"(?<!\buntil )(?<!\ball )(?<!\bthrough )\bthe morn\b(?!ing| of\b)('s morn(?:ing)?\b)?",
    re.IGNORECASE,
)
"""Scots "the morn" (tomorrow; "the morn's morn": tomorrow morning), read before "morn" is spelt out as
"morning" — not "in the morn", "the morn of the wedding" (the thirty-third round)."""
_DOMAIN = prefilter.compile(r"\b[\w-]+\.(?:com|io)\b", re.IGNORECASE)
"""A web address ("Monday.com", "may.io") names no day."""
_NAME_TWICE = prefilter.compile(r"\b([A-Za-z]{2,})-\1\b")
"""A name said twice, as Filipino nicknames are ("Jun-Jun", "May-May"), names no month."""
_QUOTED_COMPARED = prefilter.compile(
    r"(?:[“「『\"'‘][^”」』\"'’]{1,20}[”」』\"'’]\s*(?:和|跟|与|同|还有|还是|and|vs\.?|or|versus)\s*[“「『\"'‘])"
    r".*(?:一样|相同|一个意思|同一个|区别|差别|不同|分别|差在哪|哪个对|\bsame\b|\bdifferen|\bcorrect\b|\bright\b)"
    r"|[“「『\"'‘][^”」』\"'’]{1,20}[”」』\"'’]\s*(?:is |are )?(?:the )?same (?:thing )?(?:as|like)\s*[“「『\"'‘]"
    # the thirty-third round: "the difference between 'Monday week' and 'next Monday'"
    r"|\b(?:differen(?:ce|t)|confus\w*|mix(?:ed)? up) (?:between )?[“「『\"'‘][^”」』\"'’]{1,20}[”」』\"'’]\s*(?:and|&|vs\.?|or)\s*[“「『\"'‘]",
    re.IGNORECASE,
)
"""Two quoted words compared ("“下礼拜”和“下个星期”一样吗", "is 'next week' and 'the coming week' the
same"): the words are asked about, not a time."""
_QUOTED_TITLE = prefilter.compile(
    r"\b(?:songs?|lyrics?|book|novel|film|movie|show|series|album|poem|titled|the title|(?:that|it) goes|sings?)\b"
    r"|\bcorrect (?:my|this|the|me|his|her)\b|\b(?:is|was) (?:this|it|my|the) (?:sentence |english |grammar )?"
    r"(?:correct|right|grammatical|proper)\b|\b(?:correct|grammatical|proper english)\s*[?.!]*\s*$|\bgrammar\b|\bgrammatically\b|\brephrase\b|\bproofread\b"
    r"|^\s*what(?:'s|s| is| was)\s+about\s*[?.!]*\s*$|书名|歌名|歌词|电影|电视剧|这首歌|那首歌|这本书|那本书|病句|语法"
    # the forty-first round: a quoted instruction asked how it counts ("the card says 'review in 6 months', is
    # that from the day I was seen", "写着'三个月后复查'，是从哪天开始算")
    r"|\b(?:is|was) (?:that|it|this) (?:counted |counting )?from\b|\bcount(?:ed|ing)? from\b"
    r"|\bfrom (?:which|what) (?:day|date)\b|从哪(?:一)?天(?:开始)?算|从什么时候(?:开始)?算|从几号(?:开始)?算|怎么算"
    # a quoted word judged ("通知里写'明个见'是不是太土了"): the words are asked about
    r"|太土|土不土|正不正式|够不够正式|礼不礼貌|合不合适",
    re.IGNORECASE,
)
"""A quoted title or a quoted sentence to correct, said outside the quotes ("the song that goes 'friday
i'm in love'", "what's 'Tomorrow, When the War Began' about", "correct my sentence: 'I am here since 3
days'"): the quoted words name no time of the user's."""
_MIXED = prefilter.compile(
    r"(?<=[A-Za-z])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z])"
    r"|(?<=[A-Za-z][0-9])(?=[\u4e00-\u9fff])|(?<=[A-Za-z][0-9]{2})(?=[\u4e00-\u9fff])"
)
"""Between a Latin letter and a Chinese character ("yesterday那单"): the English rules' word
boundaries hold there once a space does."""
_NEAREST = prefilter.compile(
    r"((?:离|(?:到|距)(?=[^，。,.!?？！\s]{1,12}?最近的?是?(?:哪(?![天次回年月日周])|什么(?!时候))))"
    r"[^，。,.!?？！\s]{1,12}?|哪[个家条座间所站][^，。,.!?？！\s]{0,6}?(?=最近\s*[？?呢啊呀]?\s*$))最近"
)
"""离…最近 is "nearest to", not "recently" ("3号线哪个站离我们仓库最近"); so is 到 / 距…最近 before a question of
which one, and 哪个…最近 ending a question (the thirtieth round: "到公司最近的是哪个出口", "哪个站最近")."""
_SHORTHANDS = {
    "ystd": "yesterday", "kanina": "today", "arvo": "afternoon", "2day": "today", "b4": "before", "morn": "morning", "ystrdy": "yesterday", "ytd'y": "yesterday", "mth": "month", "mths": "months", "dis": "this",
    "wk": "week", "wks": "weeks", "yr": "year", "yrs": "years", "wknd": "weekend", "wkend": "weekend", "wknds": "weekends", "tomoro": "tomorrow",
    "dyas": "days", "dys": "days", "mos": "months", "hrs": "hours", "mnth": "month", "mnths": "months", "2moro": "tomorrow",
    "nite": "night", "2nite": "tonight", "tonite": "tonight", "sem": "semester", "sems": "semesters",
    "qtr": "quarter", "qtrs": "quarters", "prev": "previous", "eom": "month end", "eoq": "quarter end",
    "eow": "end of the week", "eoy": "end of the year",
    "hols": "holidays", "yestrday": "yesterday", "wednesdy": "wednesday", "tuesdy": "tuesday", "yday": "yesterday", "mondy": "monday", "tuseday": "tuesday",
    "tusday": "tuesday", "teusday": "tuesday", "wendsday": "wednesday", "wensday": "wednesday",
    "wednsday": "wednesday", "wednesay": "wednesday", "wednessday": "wednesday", "wedesday": "wednesday", "wedensday": "wednesday", "wedsday": "wednesday", "thrusday": "thursday",
    "thursdy": "thursday", "thurday": "thursday", "tueday": "tuesday", "yestarday": "yesterday",
    "thurdsay": "thursday", "thursay": "thursday", "yesteday": "yesterday", "yesterdy": "yesterday", "nxt": "next", "yest": "yesterday",
    "esok": "tomorrow", "semalam": "yesterday", "minggu lepas": "last week", "bulan lepas": "last month",
    "tahun lepas": "last year", "firday": "friday", "fridy": "friday", "saterday": "saturday",
    "satuday": "saturday", "saturdy": "saturday", "sundy": "sunday", "febuary": "february", "yesterdays": "yesterday", "q-end": "quarter end", "wednseday": "wednesday", "wedneday": "wednesday", "feburary": "february",
    "febrary": "february", "janurary": "january", "januray": "january", "septmber": "september", "setpember": "september",
    "tmrw": "tomorrow", "tmr": "tomorrow", "tmrow": "tomorrow", "tomorow": "tomorrow", "tommorow": "tomorrow",
    "tommorrow": "tomorrow", "tomorrw": "tomorrow", "yesturday": "yesterday", "yesterady": "yesterday", "lst": "last",
    "ocotber": "october", "novmber": "november", "novemeber": "november", "decmber": "december", "decemeber": "december",
}  # fmt: skip
_SHORTHAND = prefilter.compile(r"\b(?:" + "|".join(_SHORTHANDS) + r")\b", re.IGNORECASE)


def _spelt_out(query: str) -> str:
    """`query` with its shorthand and misspelt time words written out ("wk", "yr", "tmrw", "yesturday")."""
    return _SHORTHAND.sub(lambda m: _SHORTHANDS[m.group(0).lower()], query)
