"""Chinese written in Traditional characters, read as Simplified: one character for one, so a folded
text keeps its length and every word its place, and what a rule finds in the folded text is found at
the same offsets in what the user wrote (`in_original`).

The rules of extraction are written in Simplified characters ("帮我订", "我女儿"); a Hong Kong or
Taiwan user writes "幫我訂", "我女兒". The table is OpenCC's (ts_characters.txt beside this module),
with the Cantonese characters written in Hong Kong chat whose Mandarin word is one character too
("喺" 在, "咗" 了, "唔" 不, "嘅" 的, "佢" 他)."""

from __future__ import annotations

import re
from functools import lru_cache
from importlib import resources

_CANTONESE = {
    "喺": "在",
    "咗": "了",
    "唔": "不",
    "嘅": "的",
    "佢": "他",
    "啲": "些",
    "睇": "看",
    "俾": "给",
    "嚟": "来",
    "嗰": "那",
    "乜": "什",
    "咁": "这",
    "噚": "寻",
}
"""Cantonese characters and the one Mandarin character each stands for in chat ("佢哋" 他们 is
two for two: 哋 is left, no rule reads it)."""
_PREFERRED = {"帳": "账"}
"""Where the rules read another Simplified form than OpenCC's first: 帳單 is a bill (账单), not a tent."""


@lru_cache(maxsize=1)
def _table() -> dict[int, str]:
    pairs = {**_CANTONESE, **_PREFERRED}
    text = resources.files("hindsight").joinpath("ts_characters.txt").read_text(encoding="utf-8")
    for line in text.splitlines():
        if line and not line.startswith("#"):
            traditional, simplified = line.split("\t")
            pairs.setdefault(traditional, simplified)
    return str.maketrans(pairs)


_NOT_HAVE = re.compile(r"(?<!有)冇")
"""Cantonese 冇 (没有) as 没, but not in 有冇 (有没有, "is there"): a question the rules read as it was."""


def fold(text: str) -> str:
    """The text in Simplified characters, character for character (ASCII text as it is)."""
    if text.isascii():
        return text
    return _NOT_HAVE.sub("没", text).translate(_table())


def in_original(value: str, folded: str, original: str) -> str:
    """A value found in the folded text, as the user wrote it: the same span of the original. A value
    that is not a span of the folded text (a resolved date) is returned as it is."""
    if folded == original:
        return value
    at = folded.find(value)
    return original[at : at + len(value)] if at >= 0 else value
