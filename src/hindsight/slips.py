"""Typing slips: the strings one slip of the fingers from a word — a letter left out, added or changed, or two
neighbours swapped ("tommorow", "pasword", "recovry") — read as the word. Shared by the time words
(recall/time/spelled.py) and the write guard's key words (write/guard_typos.py); each keeps its own words and
the English words near them that stay as typed."""

from __future__ import annotations

from collections.abc import Iterable

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def one_slip(word: str) -> set[str]:
    """Every string one letter left out, added, changed or two neighbours swapped from `word`."""
    return set().union(*slips_by_kind(word))


def slips_by_kind(word: str) -> tuple[set[str], ...]:
    """The strings one slip from `word`, by the slip: two neighbours swapped, a letter added, one of two
    letters alike left out, another letter left out, a letter changed. Read backwards, the words a mistyped
    word may have meant, the likeliest slip first: "refnud" is "refund" swapped, "remnd" is "remind" (or
    "remand") with the letter the typist left out added, "ordder" is "order" with the doubled letter left
    out (not "odder")."""
    splits = [(word[:at], word[at:]) for at in range(len(word) + 1)]
    undoubled = {left + right[1:] for left, right in splits if right and left[-1:] == right[:1]}
    return (
        {left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1},
        {left + letter + right for left, right in splits for letter in _LETTERS},
        undoubled,
        {left + right[1:] for left, right in splits if right} - undoubled,
        {left + letter + right[1:] for left, right in splits if right for letter in _LETTERS},
    )


def slips_of(words: Iterable[str], real_words: frozenset[str], endings: Iterable[str]) -> dict[str, str]:
    """Each string one slip from one of `words`, with the word it is read as; never one of the words, an
    inflection of one (the word and one of `endings`: "weekends", "admins") nor one of `real_words` (the
    English words one slip away, found once in a spelling dictionary: "admit", "weekender")."""
    said = tuple(words)
    kept = {*said, *real_words, *(word + ending for word in said for ending in endings)}
    slips: dict[str, str] = {}
    for word in said:
        for typed in one_slip(word):
            if typed not in kept:
                slips.setdefault(typed, word)
    return slips
