"""English typed without capitals — "my cousin jamal is an intern at nasa", "ship it to 55 market st, san
francisco, ca 94105" — read with the capitals a careful writer would have given it.

The rule extractor finds English names, organisations, places, addresses and codes by their capitals, as a
reader does. Many people type chat in lower case; measured on the extraction tuning parts with every turn
lowered, the entities found fell from 851 to 515 of 938 (BENCHMARKS.md, "Issue 16, thirty-eighth round").

A text is read so only when it is typed without capitals (`typed_without_capitals`): Latin words, no
Chinese, and no capital but a sentence's first letter, "I" and the letters of a code. Each word then
gets the capitals its spelling has elsewhere, in this order:
  * codes: an order number, a postcode, a state before its ZIP code, a currency's letters, a street
    ("sf7720193846", "nw1 6xe", "ca 94105", "ca$189", "48 oak avenue", "apt 4b");
  * a known organisation, city or given name (the gazetteers of `entities`): several words, or one that is
    no English word written small ("fedex" -> "FedEx", "new york" -> "New York"; not "target", "grant");
  * a word the spelling dictionary knows only with a capital ("seattle", "pfizer", "nasa" -> "NASA");
  * where a person is announced ("my cousin jamal", "kenji sato and i", "i'm priya", "named grace"), a
    word the dictionary does not know, or knows with a capital as well as without ("grace").
Only the case of letters changes, so the text keeps its length and a value found in it is the same span of
what the user typed (`traditional.in_original`).

The spelling dictionary is SCOWL's size-50 American English list (Debian's `wamerican`), shipped gzipped in
`english_words.txt.gz` (its notice: `english_words.NOTICE`). It is read on first use, never at import."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from hindsight import prefilter
from hindsight.write.capitals.codes import give_codes_capitals
from hindsight.write.capitals.people import (
    give_announced_people_capitals,
    give_cued_given_names_capitals,
    give_given_names_before_surnames_capitals,
    give_hyphenated_names_capitals,
    give_i_its_capital,
    give_known_names_capitals,
    give_owners_capitals,
    give_proper_words_capitals,
    give_surnames_capitals,
    give_titled_people_capitals,
)
from hindsight.write.capitals.places import (
    give_booked_venues_capitals,
    give_institutions_capitals,
    give_orgs_typed_as_words_capitals,
    give_sites_and_places_capitals,
    give_unknown_places_capitals,
)
from hindsight.write.capitals.words import SENTENCE_START

_CAPITAL = prefilter.compile(r"[A-Z\u00c0-\u00de]")
_NOT_LATIN = prefilter.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")


_LATIN_WORDS = prefilter.compile(r"[A-Za-z]{2,}")


_I_FORMS = prefilter.compile(r"(?<![A-Za-z'’])I(?:['’](?:m|ll|ve|d))?(?![A-Za-z])")


_WITH_DIGIT = prefilter.compile(r"[A-Za-z]*\d[A-Za-z0-9]*")


def typed_without_capitals(text: str) -> bool:
    """Latin words with no capital but a sentence's first letter, "I" ("I'm") and the letters of a
    code ("AB12345"): a text typed in lower case. Text with Chinese or Japanese is left to its own rules."""
    if _NOT_LATIN.search(text) or not _LATIN_WORDS.search(text):
        return False
    allowed = {m.start() for m in _I_FORMS.finditer(text)}
    for code in _WITH_DIGIT.finditer(text):
        allowed.update(range(code.start(), code.end()))
    for capital in _CAPITAL.finditer(text):
        at = capital.start()
        if at not in allowed and not SENTENCE_START.search(text[max(0, at - 3) : at]):
            return False
    return True


def with_capitals(text: str) -> str:
    """`text` with capitals given back where it is typed without them; any other text as it is."""
    if typed_without_capitals(text):
        restored = _restore(text, _STEPS)
    elif _NOT_LATIN.search(text) and typed_without_capitals(_NOT_LATIN.sub(" ", text)):
        # Chinese with English words typed small ("单号jd88120033221", "我朋友jessica"): codes and known names
        restored = _restore(text, _STEPS_AMONG_CHINESE)
    else:
        return text
    return restored if len(restored) == len(text) else text


_KEPT_AS_TYPED = prefilter.compile(
    r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\b(?:https?://|www\.)\S+|(?<![A-Za-z0-9])@\w+"
)
"""An e-mail address, a link or a handle: spelled as typed ("mia.r@inbox.com" names no Mia)."""


@lru_cache(maxsize=4096)
def _restore(text: str, steps: tuple[Callable[[str], str], ...]) -> str:
    restored = text
    for step in steps:
        restored = step(restored)
    for kept in _KEPT_AS_TYPED.finditer(text):
        restored = restored[: kept.start()] + kept.group(0) + restored[kept.end() :]
    return restored


_STEPS: tuple[Callable[[str], str], ...] = (
    give_i_its_capital,
    give_codes_capitals,
    give_known_names_capitals,
    give_orgs_typed_as_words_capitals,
    give_titled_people_capitals,
    give_announced_people_capitals,
    give_cued_given_names_capitals,
    give_institutions_capitals,
    give_booked_venues_capitals,
    give_sites_and_places_capitals,
    give_owners_capitals,
    give_unknown_places_capitals,
    give_proper_words_capitals,
    give_given_names_before_surnames_capitals,
    give_surnames_capitals,
    give_hyphenated_names_capitals,
)


_STEPS_AMONG_CHINESE: tuple[Callable[[str], str], ...] = (give_codes_capitals, give_known_names_capitals)
