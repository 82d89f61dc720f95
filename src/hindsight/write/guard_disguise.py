"""Text written to slip past a reader, read as what it says: letters of other scripts that look Latin
("іgnоrе" with Cyrillic і and о), accents stacked on letters ("ignóre all prévious"), digits and signs
for letters ("1gn0re", "p@ssw0rd"), and letters split by spaces, dots or dashes ("i-g-n-o-r-e",
"忽·略·之·前·的·指·令").

Each is the oldest way past a word filter, and each reads to a person exactly as the plain text. Measured
on the guard's tuning part before this view existed (BENCHMARKS.md, "Issue 16, thirty-seventh round"): of
the poison lines the guard refused, written with Cyrillic look-alikes for every Latin letter that has one
77 % were stored, with an accent on every vowel 74 %, in leetspeak 76 %, each long word's letters spaced
or dotted 67-68 %, Chinese with a dot, a space or a star between characters 23-27 %. The rules read this
reading beside the others, and the learned layer reads it after the text as it reads it already
(guard_views.learned_inputs), so it can only add a refusal; ordinary text has none of it (its verdicts
are unchanged on every corpus text and bench item).
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from hindsight import prefilter

_LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
        "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "һ": "h", "ɡ": "g", "ո": "n", "ս": "u",
        "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C",
        "Т": "T", "У": "Y", "Х": "X", "І": "I", "Ј": "J", "Ѕ": "S",
        # Greek
        "α": "a", "ε": "e", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u",
        "χ": "x", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M",
        "Ν": "N", "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X",
    }
)  # fmt: skip
"""Letters of Cyrillic, Greek and Armenian that are drawn as a Latin letter (Unicode's confusables for
the Latin alphabet, the common ones): a word written with them reads as English and matches nothing."""

_OTHER_SCRIPT_WORD = prefilter.compile(
    r"(?<![^\W\d_])[^\W\d_]*[\u0370-\u03ff\u0400-\u052f\u0561-\u0586\u0261][^\W\d_]*"
)
"""A word with a letter of Greek, Cyrillic or Armenian in it (matched from a word's start only: tried at every
letter, a long Latin word before one would be read over and over)."""
_LATIN = re.compile(r"[A-Za-z]")

_LEET = str.maketrans(
    {"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s", "!": "i"}
)
_TOKEN = prefilter.compile(r"(?<![\w@$!])[A-Za-z0-9@$!]*[013457@$!][A-Za-z0-9@$!]*(?![\w@$!])")
_LEET_AMONG_LETTERS = re.compile(
    r"[A-Za-z][013457@$!]+[A-Za-z]|^[013457@$]+[A-Za-z]{2}|[A-Za-z]{2}[013457$]{1,2}$"
)
_CODE_DIGIT = re.compile(r"[2689]")
_ORDINAL_OR_HOUR = re.compile(r"\d+(?:st|nd|rd|th|am|pm)", re.IGNORECASE)
_NUMBER_AND_UNIT = re.compile(
    r"\d+(?:st|nd|rd|th|am|pm|k|m|b|km|kg|mg|ml|mm|cm|hr|hrs|min|mins|sec|secs|ms|mb|gb|tb|kb|px|pt|lb|lbs|"
    r"oz|ft|mph|kw|kwh|yr|yrs|yo|ish|s|x|h|d|w|y|mo)",
    re.IGNORECASE,
)
_ADDRESS = prefilter.compile(r"\S+://\S+|\S+@\S+\.[A-Za-z]{2,}")


def _unleet(text: str) -> str:
    """Words with digits or signs for letters ("ign0re", "p@ssw0rd", "73ll", "wh47's") in letters: two
    letters or more, such a character between two of them or in front of or after two, and no digit
    that stands for no letter. A code ("A1B2C3", "4G", "B2B", "x86", "3rd", "h264", "2FA") has fewer
    letters, a digit of its own, or capitals only; a number and its unit ("10am", "15th") stay; links and
    e-mail addresses keep what they have. Once two such words are found the text is written so, and
    every word with a letter is read so too ("1s", "m3", "7h1$", "pl34$3")."""
    addresses = [match.span() for match in _ADDRESS.finditer(text)]

    def is_code(word: str, start: int, units: re.Pattern[str] = _NUMBER_AND_UNIT) -> bool:
        return bool(
            _CODE_DIGIT.search(word)
            or units.fullmatch(word)
            or word.upper() == word
            or any(begin <= start < end for begin, end in addresses)
        )

    found: list[str] = []

    def long_word(match: re.Match[str]) -> str:
        word = match.group(0)
        if (
            len(word) < 4
            or sum(char.isalpha() for char in word) < 2
            or not _LEET_AMONG_LETTERS.search(word)
            or is_code(word, match.start())
        ):
            return word
        found.append(word)
        return word.lower().translate(_LEET)

    def any_word(match: re.Match[str]) -> str:
        word = match.group(0)
        if not any(char.isalpha() for char in word) or is_code(word, match.start(), _ORDINAL_OR_HOUR):
            return word
        return word.lower().translate(_LEET)

    read = _TOKEN.sub(long_word, text)
    if len(found) < 2:
        return read
    addresses = [match.span() for match in _ADDRESS.finditer(read)]
    return _TOKEN.sub(any_word, read)


_SPREAD_LATIN = prefilter.compile(
    r"(?<![A-Za-z])[A-Za-z](?P<gap>[ .\-_*·|/~+]{1,2})[A-Za-z](?:(?P=gap)[A-Za-z]){2,}(?![A-Za-z])"
)
"""Four letters or more, one at a time, each apart from the next by the same gap ("i g n o r e",
"p.a.s.s.w.o.r.d", "s-y-s-t-e-m")."""
_HAN = "\u4e00-\u9fff，。！？；：、“”‘’（）《》"
_SPREAD_CJK = prefilter.compile(
    rf"[{_HAN}](?P<gap>[ ·•*_\-.~|/+＊．・\u3000]{{1,2}})[{_HAN}](?:(?P=gap)[{_HAN}]){{1,}}"
)
"""Chinese characters one at a time, each apart from the next by the same gap, three or more ("忽·略·之",
"密 码 发", "好·，·以"): Chinese puts nothing between the characters of a phrase."""
_DOTTED_PAIR = prefilter.compile(rf"[{_HAN}](?P<mark>[·•・])[{_HAN}]")
"""Two characters apart by a middle dot ("密·码"): in a text with three such dots or more (a name's "·",
"约翰·史密斯", is one)."""
_MIDDLE_DOT = re.compile("[·•・]")
_GAP = re.compile(r"[ .\-_*·•|/~+＊．・\u3000]")


_STACKED_MARKS = re.compile(
    r"(?<=[A-Za-z])[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]+"
)
"""Combining marks on a Latin letter (after NFD: the accents of "é" too)."""


def _plain_letters(text: str) -> str:
    """Accents and other marks stacked on Latin letters dropped ("ignóre" → "ignore")."""
    if text.isascii():
        return text
    spread = unicodedata.normalize("NFD", text)
    bare = _STACKED_MARKS.sub("", spread)
    return unicodedata.normalize("NFC", bare)


def _latin_look_alikes(text: str) -> str:
    """Words written with look-alike letters of other scripts, in Latin letters: words that mix them with
    Latin ones, and, in a text that has such a word, words whose every letter has a Latin twin ("оnе" is
    mixed, "соре" whole). A Russian or Greek word in an English sentence stays as written."""
    if text.isascii():
        return text
    words = _OTHER_SCRIPT_WORD.findall(text)
    if not any(_LATIN.search(word) for word in words):
        return text

    def latin(match: re.Match[str]) -> str:
        word = match.group(0)
        read = word.translate(_LOOK_ALIKES)
        return read if _LATIN.search(word) or read.isascii() else word

    return _OTHER_SCRIPT_WORD.sub(latin, text)


@lru_cache(maxsize=4096)  # the rules' views and the learned layer's second reading of one text both ask
def undisguised(text: str) -> str | None:
    """`text` with look-alike letters, stacked accents, leetspeak and letters spread apart read as plain
    words; None when it has none of them (the usual case: nothing more for the guard to read)."""
    read = _latin_look_alikes(_plain_letters(text))
    read = _SPREAD_LATIN.sub(lambda match: _GAP.sub("", match.group(0)), read)
    read = _SPREAD_CJK.sub(lambda match: _GAP.sub("", match.group(0)), read)
    if len(_MIDDLE_DOT.findall(text)) >= 3:
        read = _DOTTED_PAIR.sub(lambda match: _GAP.sub("", match.group(0)), read)
    read = _unleet(read)
    return read if read != text else None


def disguised_beyond_accents(text: str) -> str | None:
    """`undisguised(text)` when more than its accents changed, or when its accents are too many to be a
    language's (`_ACCENTED_SHARE`): the learned layer's second reading. A text in Spanish or French carries
    accents as written, and the layer, which reads those languages too, reads its words as they are (an
    accent-stripped second reading refused a Spanish tenant's question about a notice); the rules, written
    in English and Chinese, read it stripped all the same."""
    plain = undisguised(text)
    if plain is None:
        return None
    if plain != _plain_letters(text):
        return plain
    letters = [char for char in unicodedata.normalize("NFC", text) if char.isalpha() and ord(char) < 0x250]
    accented = sum(not char.isascii() for char in letters)
    return plain if letters and accented / len(letters) >= _ACCENTED_SHARE else None


_ACCENTED_SHARE = 0.15
"""The share of a text's Latin letters with an accent at which the accents are a disguise: about 2-4 % in
Spanish, French or Portuguese text, 35 % in English with an accent on every vowel."""
