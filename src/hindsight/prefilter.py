"""Regular expressions that skip a search when the text lacks every string a match must contain.

The guard reads each text with some 380 patterns (write/patterns.py and its neighbours), and the rest of
the write path with 260 more (extraction, slots, updates, triggers); the recall path's time parser reads
each query with some 1,200 (recall/time: its rules, rewrite tables and span words). Most are alternations
of words ("tell|say|inform ..."), and Python's `re` tries every position of the text for each. A plain
`in` over the few strings a match cannot do without is far cheaper, and on ordinary text none of them is
present for most patterns (about 85 % of the pattern-and-text pairs on the guard's corpora and the bench
files; nearly 90 % of the time parser's searches of the bench questions). This is the "required literal"
prefilter of RE2 and Hyperscan, done in Python over the parse tree `re` itself builds.

`compile` returns a `Pattern` with the methods the rules use; the answer is always the compiled regex's
own: the prefilter only decides that there is nothing to find. The pattern is parsed once, for both
(parsing is most of what `re.compile` costs). It is sound by construction — any match contains at least
one of the needed strings — and checked against the plain regex on random patterns and texts and on every
guard and time-parser pattern over its corpus (tests/test_prefilter.py).
"""

from __future__ import annotations

import _sre  # type: ignore[import-not-found]
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from re import _casefix, _compiler, _parser  # type: ignore[attr-defined]
from re import _constants as sre  # type: ignore[attr-defined]
from typing import Any, Protocol

_MOST = 64
"""Largest set of strings kept for one piece of a pattern: past it, `in` checks cost as much as the search."""

_WIDEST_CLASS = 16
"""A character class of at most this many characters counts as that many one-character strings."""

_LITERAL = sre.LITERAL

_UNSAFE_FOLDS = frozenset(
    chr(code) for key, others in _casefix._EXTRA_CASES.items() for code in (key, *others) if code > 127
) | {"\u0130"}
"""Characters an IGNORECASE regex matches with a letter `str.lower` does not map them to ("ſ" with "s",
"ı" with "i", Greek and Cyrillic variants), and the one whose lower case is two characters ("İ": "i" and a
combining dot, which would part "İK" from "ik"): a text holding one is searched without the prefilter."""


@dataclass(frozen=True, slots=True)
class _Reading:
    exact: frozenset[str] | None = None
    """Every string this piece matches, when there are few (lower-cased under IGNORECASE)."""
    needed: frozenset[str] | None = None
    """Strings of which every match of this piece contains one; None when unknown."""


_ONLY_EMPTY: frozenset[str] = frozenset({""})
_ASCII = tuple(chr(code) for code in range(128))
_ASCII_LOWER = tuple(character.lower() for character in _ASCII)
_NOTHING_KNOWN = _Reading()
_EMPTY = _Reading(_ONLY_EMPTY)


def _items(sequence: Any) -> list[Any]:
    """The pieces of a parsed sequence: a SubPattern's own list (iterating a SubPattern calls a Python
    method for each piece), or the pieces listed."""
    data = getattr(sequence, "data", None)
    return data if isinstance(data, list) else list(sequence)


def _selectivity(strings: frozenset[str] | None) -> tuple[int, int] | None:
    """Longer shortest string first, then fewer strings; None for a set that says nothing."""
    if not strings or "" in strings:
        return None
    return (min(map(len, strings)), -len(strings))


def _most_selective(candidates: list[frozenset[str]]) -> frozenset[str] | None:
    best: frozenset[str] | None = None
    best_score: tuple[int, int] | None = None
    for candidate in candidates:
        score = _selectivity(candidate)
        if score is not None and (best_score is None or score > best_score):
            best, best_score = candidate, score
    return best


def _as_needed(reading: _Reading) -> frozenset[str] | None:
    if reading.exact is not None and _selectivity(reading.exact) is not None:
        return reading.exact
    return reading.needed


def _as_read(character: str, folded: bool) -> str | None:
    """A character as the needed strings hold it: lower-cased under IGNORECASE, or None for a cased letter
    beyond ASCII ("İ" matches "i" there, though its lower case is two characters): such a piece needs
    nothing known."""
    if not folded:
        return character
    if ord(character) > 127 and (character.lower() != character.upper() or len(character.lower()) != 1):
        return None
    return character.lower()


def _character_class(items: list[tuple[Any, Any]], folded: bool) -> frozenset[str] | None:
    characters: set[str] = set()
    for op, value in items:
        if op is sre.LITERAL:
            characters.add(chr(value))
        elif op is sre.RANGE and value[1] - value[0] < _WIDEST_CLASS:
            characters.update(chr(code) for code in range(value[0], value[1] + 1))
        else:  # a negated class, a category (\w, \d, \s) or a wide range
            return None
    if len(characters) > _WIDEST_CLASS:
        return None
    read = [_as_read(character, folded) for character in characters]
    return frozenset(character for character in read if character is not None) if None not in read else None


def _read_sequence(items: list[tuple[Any, Any]], folded: bool) -> _Reading:
    """A sequence: neighbouring pieces with exact strings are joined (every combination, while few);
    the most selective of those joins and of the other pieces' needed strings is what it needs. A run
    of plain characters is gathered first and joined once (most of a pattern is words)."""
    candidates: list[frozenset[str]] = []
    joined: frozenset[str] = _ONLY_EMPTY
    every_piece_exact = True
    characters: list[str] = []

    def join(exact: frozenset[str]) -> None:
        nonlocal joined, every_piece_exact
        if joined is _ONLY_EMPTY or exact is _ONLY_EMPTY:  # "" + a string is that string
            combined = exact if joined is _ONLY_EMPTY else joined
        else:
            combined = frozenset(left + right for left in joined for right in exact)
        if len(combined) > _MOST:
            candidates.append(joined)
            joined = exact
            every_piece_exact = False
        else:
            joined = combined

    ascii_read = _ASCII_LOWER if folded else _ASCII
    for op, value in items:
        if op is _LITERAL:  # what _as_read gives, without calling it for a character of ASCII
            if value < 128:
                characters.append(ascii_read[value])
                continue
            if (read := _as_read(chr(value), folded)) is not None:
                characters.append(read)
                continue
        if characters:
            join(frozenset({"".join(characters)}))
            characters.clear()
        piece = _read_piece(op, value, folded)
        if piece.exact is not None:
            join(piece.exact)
            continue
        every_piece_exact = False
        candidates.append(joined)
        joined = _ONLY_EMPTY
        if piece.needed is not None:
            candidates.append(piece.needed)
    if characters:
        join(frozenset({"".join(characters)}))
    candidates.append(joined)
    return _Reading(joined if every_piece_exact else None, _most_selective(candidates))


def _read_piece(op: Any, value: Any, folded: bool) -> _Reading:
    if op is sre.LITERAL:
        read = _as_read(chr(value), folded)
        return _Reading(frozenset({read})) if read is not None else _NOTHING_KNOWN
    if op in (sre.AT, sre.ASSERT, sre.ASSERT_NOT):
        return _EMPTY  # anchors and look-arounds consume nothing: their neighbours stay adjacent
    if op is sre.IN:
        characters = _character_class(_items(value), folded)
        return _Reading(characters, characters) if characters is not None else _NOTHING_KNOWN
    if op is sre.BRANCH:
        branches = [_read_sequence(_items(branch), folded) for branch in value[1]]
        if all(branch.exact is not None for branch in branches):
            union = frozenset().union(*(branch.exact for branch in branches if branch.exact is not None))
            if len(union) <= _MOST:
                return _Reading(union, union if _selectivity(union) else None)
        needs = [_as_needed(branch) for branch in branches]
        if any(need is None for need in needs):
            return _NOTHING_KNOWN
        union = frozenset().union(*(need for need in needs if need is not None))
        return _Reading(None, union if len(union) <= 4 * _MOST else None)
    if op is sre.SUBPATTERN:
        _group, added, removed, inner = value
        inner_folded = (folded or bool(added & sre.SRE_FLAG_IGNORECASE)) and not (
            removed & sre.SRE_FLAG_IGNORECASE
        )
        return _read_sequence(_items(inner), inner_folded)
    if op is sre.ATOMIC_GROUP:
        return _read_sequence(_items(value), folded)
    if op in (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT):
        least, most, inner = value
        if least == 0:
            return _NOTHING_KNOWN
        repeated = _read_sequence(_items(inner), folded)
        return repeated if least == most == 1 else _Reading(None, _as_needed(repeated))
    return _NOTHING_KNOWN  # any character, a negated literal, a back-reference, a conditional


def _needed_in(tree: Any, source: str, flags: int) -> tuple[frozenset[str], bool] | None:
    folded = bool(flags & re.IGNORECASE) or "(?i" in source
    needed = _as_needed(_read_sequence(_items(tree), folded))
    if needed is None:
        return None
    if folded:
        needed = frozenset(text.lower() for text in needed)
        # A cased letter beyond ASCII may fold in ways str.lower does not follow: no prefilter then.
        cased = (
            character for text in needed if not text.isascii() for character in text if ord(character) > 127
        )
        if any(character.lower() != character.upper() for character in cased):
            return None
    return _without_longer(needed), folded


def _without_longer(needed: frozenset[str]) -> frozenset[str]:
    """`needed` without the strings that hold another of them ("from now" beside "from "): a text holds
    one of the rest exactly when it holds one of all, and each string left out is one `in` test less."""
    kept: list[str] = []
    for text in sorted(needed, key=len):
        for shorter in kept:
            if shorter in text:
                break
        else:
            kept.append(text)
    return frozenset(kept)


def needed_strings(pattern: re.Pattern[str]) -> tuple[frozenset[str], bool] | None:
    """Strings of which every match of `pattern` contains one, and whether they are to be looked for in
    the lower-cased text; None when the pattern needs nothing a plain `in` can find."""
    tree = _parser.parse(pattern.pattern, pattern.flags)
    return _needed_in(tree, pattern.pattern, pattern.flags | tree.state.flags)


def _compiled_from(tree: Any, source: str, flags: int) -> re.Pattern[str]:
    """What re.compile builds from `source`, from the tree already parsed (re's own steps, so that a
    pattern is parsed once: parsing is most of a compile, and the write path holds 638 patterns)."""
    groupindex = tree.state.groupdict
    indexgroup: list[str | None] = [None] * tree.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    code = _compiler._code(tree, flags)
    return _sre.compile(  # type: ignore[no-any-return]
        source, flags | tree.state.flags, code, tree.state.groups - 1, groupindex, tuple(indexgroup)
    )


_last_lowered: tuple[str, str | None] = ("", "")
"""The last text lowered, and its lower case (None when it holds a character `re` folds otherwise): the rules
read one text with many case-blind patterns in a row."""


def _lowered(text: str) -> str | None:
    global _last_lowered
    last = _last_lowered  # one read: another thread may replace it meanwhile, never half of it
    if last[0] is text:
        return last[1]
    lowered = text.lower() if _UNSAFE_FOLDS.isdisjoint(text) else None
    _last_lowered = (text, lowered)
    return lowered


class Pattern:
    """A compiled regex that answers "no match" without searching when the text holds none of the
    strings every match needs."""

    __slots__ = ("_compiled", "_folded", "_needed")

    def __init__(self, compiled: re.Pattern[str], needed: tuple[frozenset[str], bool] | None) -> None:
        self._compiled = compiled
        self._needed: frozenset[str] | None = needed[0] if needed is not None else None
        self._folded = needed[1] if needed is not None else False

    @property
    def pattern(self) -> str:
        return self._compiled.pattern

    @property
    def flags(self) -> int:
        return self._compiled.flags

    @property
    def groups(self) -> int:
        return self._compiled.groups

    @property
    def groupindex(self) -> Any:
        return self._compiled.groupindex

    @property
    def compiled(self) -> re.Pattern[str]:
        return self._compiled

    def may_match(self, text: str) -> bool:
        """False only when no match is possible: the text holds none of the needed strings."""
        needed = self._needed
        if needed is None:
            return True
        if self._folded:
            lowered = _lowered(text)
            if lowered is None:
                return True
            text = lowered
        # A loop, not any(...): no generator to start on each search (the time parser runs some 150 a query).
        for string in needed:  # noqa: SIM110
            if string in text:
                return True
        return False

    def search(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self._compiled.search(text, pos, endpos) if self.may_match(text) else None

    def match(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self._compiled.match(text, pos, endpos) if self.may_match(text) else None

    def fullmatch(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self._compiled.fullmatch(text, pos, endpos) if self.may_match(text) else None

    def finditer(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self._compiled.finditer(text, pos, endpos) if self.may_match(text) else iter(())

    def findall(self, text: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self._compiled.findall(text, pos, endpos) if self.may_match(text) else []

    def sub(self, replacement: str | Callable[[re.Match[str]], str], text: str, count: int = 0) -> str:
        return self._compiled.sub(replacement, text, count) if self.may_match(text) else text

    def subn(
        self, replacement: str | Callable[[re.Match[str]], str], text: str, count: int = 0
    ) -> tuple[str, int]:
        return self._compiled.subn(replacement, text, count) if self.may_match(text) else (text, 0)

    def split(self, text: str, maxsplit: int = 0) -> list[str | Any]:
        return self._compiled.split(text, maxsplit) if self.may_match(text) else [text]

    def __repr__(self) -> str:
        return f"prefilter.Pattern({self._compiled!r})"


def compile(source: str, flags: int | re.RegexFlag = 0) -> Pattern:
    """`re.compile`, with the prefilter. Where this Python's `re` internals differ from the ones read here,
    the pattern is compiled by `re.compile` and parsed a second time for what it needs."""
    flags = int(flags)
    tree = _parser.parse(source, flags)
    needed = _needed_in(tree, source, flags | tree.state.flags)
    try:
        compiled = _compiled_from(tree, source, flags)
    except (AttributeError, TypeError):  # pragma: no cover - another Python's internals
        compiled = re.compile(source, flags)
    return Pattern(compiled, needed)


class _Searches(Protocol):
    def search(self, text: str, /) -> re.Match[str] | None: ...


def any_found(text: str, *patterns: _Searches) -> bool:
    """Whether any of `patterns` is found in `text` (each searched in turn, stopping at the first)."""
    return any(pattern.search(text) is not None for pattern in patterns)
