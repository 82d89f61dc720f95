"""`plain`: a query as people's keyboards and apps type it, made plain before any time rule reads it.

The rules are written with plain spaces and the punctuation of each language. What a phone, a word processor
or a web page puts in a message instead reads as no time at all — measured by rewriting the tuning cases the
parser gets right (BENCHMARKS.md, "Issue 16, thirty-sixth round"): a no-break or thin space between the words
("last\u00a0Tuesday", as macOS and iOS type it, or text pasted from a page) lost 4,084 of 7,403 English
cases, a zero-width space 1,293, a line break or a tab in place of one space 865 and 853; spaces between
Chinese and digits ("第 33 周", "双 11", "3 天前", as many Chinese writers and formatters space them) 57 of
1,252; an English comma or question mark typed on a Chinese keyboard ("the 14th，what did…") 14 of 2,561; a
message in capitals 23 of 7,303. None of these changes what the query says, so each is undone here, once,
for every rule."""

from __future__ import annotations

import re

from hindsight import prefilter

_ODD_SPACE = re.compile(r"[^\S ]+")
"""Any space but the plain one: no-break, thin, narrow and ideographic spaces, tabs, line breaks."""
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
"""Characters that show nothing: zero-width spaces and joiners, direction marks, a soft hyphen, a BOM."""
_SPACES = re.compile(r" {2,}")
_UNIT = (
    r"(?:年|月|日|号|號|天|周|週|星期|礼拜|禮拜|个月|個月|个星期|個星期|个礼拜|個禮拜|个工作日|個工作日|个周末|個週末"
    r"|小时|小時|钟头|鐘頭|点|點|季度|季|上半年|下半年|末|初|底|上旬|中旬|下旬)"
)
_SPACED_DIGITS = prefilter.compile(
    rf"(?<=[\u3400-\u4dbf\u4e00-\u9fff]) (?=[0-9]+ ?{_UNIT})|(?<=[双雙]) (?=1[12](?![0-9]))"
    rf"|(?<![0-9./:-])([0-9]+) (?={_UNIT})"
)
"""One space between a number and the Chinese unit it counts, and before such a number ("第 33 周", "2028 年",
"过去 72 小时", "Q4 末", "双 11"): the Chinese rules read the number with its unit, as it is written without the
spaces. A number with no unit after it keeps its spaces ("我 TOEFL 考了 105 还要再考吗", "Forever 21 的 return
policy"), as does one with a stroke, point, colon or dash in it ("那个 24/7 的 hotline")."""
_WIDE_MARK = prefilter.compile(r"(?<=[A-Za-z0-9])[，？！：；](?= |[A-Za-z0-9]|$)")
"""A full-width comma, question mark, colon or semicolon after an English word or a number, and before a space,
another or the end: English typed on a Chinese keyboard ("the 14th，what did the dentist say")."""
_NARROW_MARKS = str.maketrans("，？！：；", ",?!:;")
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")


def plain(query: str) -> str:
    """`query` with every kind of space as one plain space, invisible characters gone, no space between a
    Chinese character and a digit, English punctuation typed full width as ASCII, and a message written all
    in capitals (English alone, no lower-case letter, two words of capitals or more) in lower case."""
    if query.isascii():
        if "\t" in query or "\n" in query or "\r" in query or "\x0b" in query or "\x0c" in query:
            query = _SPACES.sub(" ", _ODD_SPACE.sub(" ", query))
        if query.upper() == query and len(_CAPITALS.findall(query)) >= 2:
            query = query.lower()
        return query
    query = _WIDE_MARK.sub(lambda m: m.group(0).translate(_NARROW_MARKS) + " ", _INVISIBLE.sub("", query))
    query = _SPACES.sub(" ", _ODD_SPACE.sub(" ", query))
    return _SPACED_DIGITS.sub(lambda m: m.group(1) or "", query) if " " in query else query
