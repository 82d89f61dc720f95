"""English words mistyped — "pls cacnel my order", "a tabble for 4", "why the $12.99 charrge" — read as the
words meant, for the rules that tell what an event is about (its intent) and whether a statement updates an
earlier one.

The intent rules read task words ("cancel", "table", "charge", "deliver", "calendar"); one slip of the
fingers in one of them and the event was chat or personal: a typo in a quarter of the long words of the
extraction's tuning cases turned 42 of their 835 right intents wrong (BENCHMARKS.md, "Issue 16,
thirty-eighth round").

A word is read anew only when it is no word at all: five letters or more, written small, not in the
shipped spelling dictionary (`capitals`), not a name the project knows, not chat shorthand. It becomes the
dictionary word one slip away — two neighbours swapped, then a letter the typist left out, then one typed
twice, then one too many, then one hit on a neighbouring key (`slips.slips_by_kind`; "physio" is no slip
of "physic", o and c are far apart on a keyboard): the first kind of slip that reaches any
word decides, and only when it reaches exactly one ("tabel" is "table", swapped, not "label", changed;
"ordder" is "order", not "odder"; "remnd" stays, "remind" and "remand" as near).

Read by the intent rules and by the update judge (`pipeline._as_read`), never by the finders of names and
values, which read the text as typed, nor stored. A real word the dictionary lacks is read as its neighbour
too ("influencers" as "influences", "themed" as "theme"): harmless unless the neighbour is a task word.
Measured: BENCHMARKS.md, "Issue 16, thirty-eighth round"."""

from __future__ import annotations

from functools import lru_cache

from hindsight import prefilter, slips
from hindsight.write.capitals.words import is_common_word, is_known_spelling

_SMALL_WORD = prefilter.compile(r"(?<![A-Za-z0-9'’@._-])[a-z]{5,}(?![A-Za-z0-9'’@-])")


def respelled(text: str) -> str:
    """`text` with each mistyped word read as the one English word it is a slip of; the rest as typed."""
    return _SMALL_WORD.sub(lambda match: meant(match.group(0)), text)


@lru_cache(maxsize=16384)
def meant(word: str) -> str:
    """The English word `word` is one slip of, when it is no word and exactly one word is that near."""
    if is_known_spelling(word):
        return word
    *likelier, changed = slips.slips_by_kind(word)
    for candidates in (*likelier, {near for near in changed if _a_neighbouring_key(word, near)}):
        found = sorted(candidate for candidate in candidates if is_common_word(candidate))
        if found:
            return found[0] if len(found) == 1 else word
    return word


_KEYBOARD_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")


@lru_cache(maxsize=1)
def _neighbouring_keys() -> dict[str, frozenset[str]]:
    """Each letter's neighbours on a QWERTY keyboard: beside it and on the rows above and below."""
    at = {key: (row, column) for row, keys in enumerate(_KEYBOARD_ROWS) for column, key in enumerate(keys)}
    return {
        key: frozenset(
            other
            for other, (other_row, other_column) in at.items()
            if other != key and abs(other_row - row) <= 1 and abs(other_column - column) <= 1
        )
        for key, (row, column) in at.items()
    }


def _a_neighbouring_key(typed: str, meant: str) -> bool:
    """Whether `typed` is `meant` with one letter hit on a neighbouring key ("cancwl" for "cancel"), not any
    letter changed ("physio" is no slip of "physic": o and c are far apart)."""
    changed = [(a, b) for a, b in zip(typed, meant, strict=True) if a != b]
    return len(changed) == 1 and changed[0][0] in _neighbouring_keys().get(changed[0][1], frozenset())
