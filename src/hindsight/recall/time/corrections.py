"""A speaker correcting the time just said ("last tuesday no wait wednesday", "礼拜五 呃 礼拜四") or
restating it ("i mean")."""

from __future__ import annotations

import re

from hindsight import prefilter

_CORRECTION = prefilter.compile(
    r"(?:\s*[,，、.。]?\s*(?:\b(?:no wait|no sorry|no no|no|sorry|i mean|or rather|actually)\b|哦不对|啊不对|不对|不是|呃|哦不|啊不|说错了|应该是|我是说"
    r"|\bi meant\b|我的意思是|我意思是))+"
    r"\s*[,，、.。]?\s*(?:\b(?:it was|it's|it is|make that)\b\s*|是(?!不是))?",
    re.IGNORECASE,
)
"""A speaker correcting the time just said ("last tuesday no wait wednesday", "礼拜五 呃 礼拜四")."""
_RUN_ON_NUMBER = prefilter.compile(r"[零〇一二两三四五六七八九十百0-9]{2}$")
_ZH_PIECES = prefilter.compile(r"[零〇一二两三四五六七八九十百0-9]+|[^零〇一二两三四五六七八九十百0-9]+")


_MEANT = prefilter.compile(r"\b(?:i mean|i meant|i should say)\b|我是说|我的意思是", re.IGNORECASE)
_MEANT_AFTER = prefilter.compile(
    r"\s*[,，]?\s*(?:\b(?:i mean|i meant|i should say)\b|我是说|我的意思是)", re.IGNORECASE
)
_SHIFTED = prefilter.compile(
    r"(?:the |that )?(?P<u>day|night|evening|morning|afternoon|week|month|year|(?:mon|tues|wednes|thurs|fri|satur"
    r"|sun)day) (?P<r>before|after)(?: that| it| then)?\b"
    r"(?!\s+(?:the|a|an|my|our|your|his|her|their|last|next|this|yesterday|today|tomorrow|\d+|[a-z]+day)\b)",
    re.IGNORECASE,
)
"""A correction that moves what was said by one ("last night no the night before", "tomorrow no sorry the
day after", "last month no the month before"): one day, week, month or year back or on."""
