"""Typing slips: the strings one slip of the fingers from a word — a letter left out, added or changed, or two
neighbours swapped ("tommorow", "pasword", "recovry") — read as the word. Shared by the time words
(recall/time/spelled.py) and the write guard's key words (write/guard_typos.py); each keeps its own words and
the English words near them that stay as typed."""

from __future__ import annotations

from collections.abc import Iterable

_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def one_slip(word: str) -> set[str]:
    """Every string one letter left out, added, changed or two neighbours swapped from `word`."""
    splits = [(word[:at], word[at:]) for at in range(len(word) + 1)]
    return {
        *(left + right[1:] for left, right in splits if right),
        *(left + right[1] + right[0] + right[2:] for left, right in splits if len(right) > 1),
        *(left + letter + right[1:] for left, right in splits if right for letter in _LETTERS),
        *(left + letter + right for left, right in splits for letter in _LETTERS),
    }


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
