"""Which texts the guard's words reading can read: English and Chinese, the languages it learned.

The learned layer's third reading (intent_words.py) is a regression over a text's hashed English words
and Chinese characters, trained on English and Chinese lines only. On a text in another language it
reads next to nothing — Cyrillic, kana and Hangul are no tokens of it, Spanish words are buckets it
never saw — and says "ordinary" with confidence, pulling the mean of the three readings down: the two
readings over the multilingual sentence embedding caught 67 of 75 of the Spanish poison lines of the
translated tuning half (`tests/corpora/guard-translated/tune.jsonl`), the mean of three 38 (BENCHMARKS.md,
Issue 16, thirty-ninth round). A reading that cannot read the language abstains, and the decision is the
mean of the other two (`intent.IntentModel.judge_poison`).

Another language is told by its letters (a fifth of them in a script that is neither Latin nor Chinese:
Cyrillic, kana, Hangul, Greek, Arabic, ...) or, for Latin letters, by its words: of four or more words
written in letters only (codes, keys and base64 have digits or capitals inside), fewer than half are
English words or names the spelling dictionary knows. On the tuning half, English lines of the guard's
tuning part below half are codes and keys (by the letters-only test, none is left), Spanish lines' median
is 0.36 and none of the bench's English items is below 0.86."""

from __future__ import annotations

import unicodedata

from hindsight.write.capitals.words import is_known_spelling

OTHER_SCRIPT_SHARE = 0.2
"""A text is in another language when at least this share of its letters is neither Latin nor Chinese
(Japanese writes kana beside its kanji; a Chinese text with a Korean brand name stays Chinese)."""

MIN_LATIN_WORDS = 4
ENGLISH_SHARE = 0.5


def _script(letter: str) -> str:
    if letter.isascii():
        return "latin"
    if "\u4e00" <= letter <= "\u9fff" or "\u3400" <= letter <= "\u4dbf" or "\uf900" <= letter <= "\ufaff":
        return "chinese"
    name = unicodedata.name(letter, "")
    return "latin" if name.startswith("LATIN") else "other"


def _latin_words(text: str) -> list[str]:
    """The words written in letters only, small or with a first capital ("Cuenta", "ordenador"; not
    "sk-proj-8fK2", "SWdub3Jl" or "NASA")."""
    words = []
    for token in text.split():
        word = token.strip(".,;:!?¿¡\"'“”‘’()[]{}«»…-—–*")
        if len(word) < 2 or not word.isalpha() or not all(_script(c) == "latin" for c in word):
            continue
        if word[1:].islower():
            words.append(word)
    return words


def words_can_read(text: str) -> bool:
    """Whether `text` is in English or Chinese (or has too few words to tell): what the words reading
    learned to read."""
    text = unicodedata.normalize("NFKC", text)  # full-width letters are Latin ones
    if text.isascii():  # every letter Latin: the words alone tell (the same answer, no pass per letter)
        if not any(c.isalpha() for c in text):
            return True
    else:
        letters = [_script(c) for c in text if c.isalpha()]
        if not letters:
            return True
        if letters.count("other") >= OTHER_SCRIPT_SHARE * len(letters):
            return False
        if letters.count("chinese") * 2 >= len(letters):
            return True
    words = _latin_words(text)
    if len(words) < MIN_LATIN_WORDS:
        return True
    english = sum(1 for word in words if is_known_spelling(word))
    return english >= ENGLISH_SHARE * len(words)
