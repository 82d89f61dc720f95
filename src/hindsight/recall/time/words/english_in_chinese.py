"""An English time word said inside Chinese ("last month二十几号", "今天和yesterday"), as the
Chinese one, so that the Chinese rules read what follows it."""

from __future__ import annotations

import re

from hindsight import prefilter

_ZH_FOR_EN = {
    "the day before yesterday": "前天", "the day after tomorrow": "后天", "yesterday": "昨天",
    "today": "今天", "tomorrow": "明天", "tmrw": "明天", "tmr": "明天", "last weekend": "上周末",
    "this weekend": "这周末", "next weekend": "下周末", "last week": "上周", "this week": "这周",
    "next week": "下周", "last month": "上个月", "this month": "这个月", "next month": "下个月",
    "last year": "去年", "this year": "今年", "next year": "明年",
}  # fmt: skip
_EN_IN_ZH = prefilter.compile(
    r"(?P<pre>[\u4e00-\u9fff]\s?)?(?<![A-Za-z])"
    r"(?P<w>" + "|".join(sorted(_ZH_FOR_EN, key=len, reverse=True)) + r")"
    r"(?![A-Za-z])(?=(?P<zh>\s?(?:[\u4e00-\u9fff]|\d{1,2}[号日]))|\s*(?:$|[，。？！,.?!]))",
    re.IGNORECASE,
)
"""An English time word said inside Chinese ("last month二十几号", "今天和yesterday", "tmr的后一天"), as the
Chinese one: the Chinese rules then read what follows it ("上个月二十几号"). Only where Chinese text is
beside it, so an English sentence naming a Chinese name keeps its English."""


def _zh_for_en(match: re.Match[str]) -> str:
    word = _ZH_FOR_EN[match["w"].lower()] if match["zh"] or match["pre"] else match["w"]
    return (match["pre"] or "") + word


_EN_IN_ZH_HINT = prefilter.compile(r"(?i)(?:yesterday|today|tomorrow|tmrw?|week|month|year)")
_ZH_JOINED = prefilter.compile(
    r"(?<=上个月|这个月|下个月)\s(?=\d{1,2}[号日]|[一二三四五六七八九十]+[号日]|[初底末中尾头])"
    r"|(?<=[上这下]周)\s(?=[一二三四五六日天末])"
    r"|(?<=[上这下]周)\s?的?\s?(?:(?:周|星期|礼拜)(?=[一二三四五六日天])|(?=(?i:mon|tue|wed|thu|fri|sat|sun)))"
)
_ZH_MONTH_ORDINAL = prefilter.compile(
    r"(?i)(?<=[上这下]个月)\s?(?:the\s)?(\d{1,2})(?:st|nd|rd|th)(?![A-Za-z])"
)
"""上个月 the 3rd, 下个月1st: the day as 号 ("上个月3号")."""
"""The space an English time word translated inside Chinese leaves ("last month 15号" → "上个月 15号"): taken
out, so the Chinese rule reads the whole ("上个月15号")."""


def english_words_as_chinese(query: str) -> str:
    """An English time word beside Chinese as the Chinese one, and the space it leaves taken out."""
    if _EN_IN_ZH_HINT.search(query):
        query = _EN_IN_ZH.sub(_zh_for_en, query)
        query = _ZH_MONTH_ORDINAL.sub(r"\1号", _ZH_JOINED.sub("", query))
    return query
