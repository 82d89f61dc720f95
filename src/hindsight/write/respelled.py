"""English words mistyped — "pls cacnel my order", "a tabble for 4", "why the $12.99 charrge" — read as the
words meant, for the rules that tell what an event is about (its intent).

The intent rules read task words ("cancel", "table", "charge", "deliver", "calendar"); one slip of the
fingers in one of them and the event was chat or personal: a typo in a quarter of the long words of the
extraction's tuning cases turned 42 of their 835 right intents wrong (BENCHMARKS.md, "Issue 16,
thirty-eighth round").

A word is read anew only when it is no word at all: five letters or more, written small, not in the
shipped spelling dictionary (`capitals`), not a name the project knows, not chat shorthand. It becomes the
dictionary word one slip away — two neighbours swapped, then a letter the typist left out, then one typed
twice, then one too many, then one changed (`slips.slips_by_kind`): the first kind of slip that reaches any
word decides, and only when it reaches exactly one ("tabel" is "table", swapped, not "label", changed;
"ordder" is "order", not "odder"; "remnd" stays, "remind" and "remand" as near). Read for the intent
only: a name the dictionary does not know is left alone by the finders of names, which read the text as
typed ("hamish" is no "famish"). A real word the dictionary lacks is read as its neighbour too
("influencers" as "influences", "themed" as "theme"): harmless unless the neighbour is a task word. On the
bench files' 3,080 turns the reading changes 38 words, none a task word; on the extraction corpus as
written, no intent."""

from __future__ import annotations

from functools import lru_cache

from hindsight import prefilter, slips
from hindsight.write.capitals import is_common_word, is_known_spelling

_SMALL_WORD = prefilter.compile(r"(?<![A-Za-z0-9'’@._-])[a-z]{5,}(?![A-Za-z0-9'’@-])")


def respelled(text: str) -> str:
    """`text` with each mistyped word read as the one English word it is a slip of; the rest as typed."""
    return _SMALL_WORD.sub(lambda match: meant(match.group(0)), text)


@lru_cache(maxsize=16384)
def meant(word: str) -> str:
    """The English word `word` is one slip of, when it is no word and exactly one word is that near."""
    if is_known_spelling(word):
        return word
    for candidates in slips.slips_by_kind(word):
        found = sorted(candidate for candidate in candidates if is_common_word(candidate))
        if found:
            return found[0] if len(found) == 1 else word
    return word
