"""Spaces as phones, word processors and web pages type them, read as plain ones.

The rules that read a text (time words, entities, intents) are written with plain spaces. A no-break or
thin space ("£120\u00a0on Friday", as macOS and iOS type it, or text pasted from a page), a zero-width space
or a tab between the words reads as no space at all, and the rule finds nothing: on the extraction tuning
parts a no-break space for every space lost 77 of 938 entities and 122 of 864 intents, a zero-width space
284 entities (BENCHMARKS.md, "Issue 16, thirty-sixth round"). What a text says is the same either way, so the
readers take the plain form; what is stored stays as typed."""

from __future__ import annotations

import re

_ODD_SPACE = re.compile(r"[^\S \n]+")
"""Any space but the plain one and the line break: no-break, thin, narrow and ideographic spaces, tabs."""
_ODD_SPACE_OR_LINE = re.compile(r"[^\S ]+")
_INVISIBLE = re.compile("[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]")
"""Characters that show nothing: zero-width spaces and joiners, direction marks, a soft hyphen, a BOM."""
_SPACES = re.compile(r" {2,}")
_CONTROL_SPACE = ("\t", "\r", "\x0b", "\x0c")


def plain_spaces(text: str, *, lines: bool = True) -> str:
    """`text` with every kind of space as one plain space and the characters that show nothing removed; line
    breaks kept (`lines`) or read as spaces too, and a run of spaces as one."""
    if text.isascii():
        if not any(char in text for char in _CONTROL_SPACE) and (lines or "\n" not in text):
            return _SPACES.sub(" ", text) if "  " in text else text
    else:
        text = _INVISIBLE.sub("", text)
    spaced = (_ODD_SPACE if lines else _ODD_SPACE_OR_LINE).sub(" ", text)
    return _SPACES.sub(" ", spaced) if "  " in spaced else spaced


_CJK = r"[\u3400-\u4dbf\u4e00-\u9fff]"
_UNIT = (
    r"(?:年|月|日|号|號|天|周|週|星期|礼拜|禮拜|个月|個月|个星期|個星期|个礼拜|個禮拜|个工作日|個工作日|个周末|個週末"
    r"|小时|小時|钟头|鐘頭|点|點|季度|季|上半年|下半年|末|初|底|上旬|中旬|下旬"
    r"|栋|棟|幢|座|单元|單元|楼|樓|层|層|室|巷|弄|段|期|元|块|塊|万|萬|千|百|岁|歲)"
)
_SPACED_NUMBER = re.compile(
    rf"(?<={_CJK}) (?=[0-9]+ ?{_UNIT})|(?<=[双雙]) (?=1[12](?![0-9]))|(?<![0-9./:-])([0-9]+) (?={_UNIT})"
)


def numbers_with_units(text: str) -> str:
    """`text` with no space between a number and the Chinese unit it counts, nor before such a number
    ("第 33 周", "2028 年", "天府大道 888 号", "预算 500 块", "双 11"), as many Chinese writers and formatters
    space them: the rules read the number with its unit, as it is written without the spaces. A number with no
    unit after it keeps its spaces ("我 TOEFL 考了 105 还要再考吗", "Forever 21 的 return policy"), as does
    one with a stroke, point, colon or dash in it ("那个 24/7 的 hotline")."""
    if " " not in text or text.isascii():
        return text
    return _SPACED_NUMBER.sub(lambda m: m.group(1) or "", text)
