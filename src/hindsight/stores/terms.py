"""Index terms as SQLite FTS5's `porter unicode61 remove_diacritics 2` tokenizer makes them, in
Python, for the keyword indexes that are not FTS5 (PostgreSQL's terms table, the in-process sparse
index of stores/sparse.py): letters and digits, lower-cased, diacritics removed, English words
Porter-stemmed. Text is segmented first as every path segments it (CJK runs split into words,
text.segment_for_index), so "美式咖啡" is a term of "用户喜欢喝美式咖啡" and "running" finds "runs"."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from functools import lru_cache

import snowballstemmer

from hindsight.indexing import index_text, indexable
from hindsight.models import MemoryRecord
from hindsight.text import segment_for_index

_TOKEN = re.compile(r"[^\W_]+", re.UNICODE)
_STEMMER = snowballstemmer.stemmer("porter")


@lru_cache(maxsize=65536)
def _stem(token: str) -> str:
    # Every Porter rule removes or rewrites a suffix of letters: a token ending in a digit (an
    # order number, a date, an id - often each one of a kind) is what it is, without the stemmer.
    if len(token) < 3 or not token.isascii() or token[-1].isdigit():
        return token
    return str(_STEMMER.stemWord(token))


def _fold(text: str) -> str:
    if text.isascii():  # nothing to decompose (the common case, and 20x faster)
        return text.lower()
    decomposed = unicodedata.normalize("NFD", text.lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def tokens(text: str) -> list[str]:
    """Index terms of already segmented text."""
    return [_stem(token) for token in _TOKEN.findall(_fold(text))]


def text_terms(role: str | None, text: str) -> Counter[str]:
    """The terms of a record's role and text, as its keyword index holds them."""
    return Counter(tokens(segment_for_index(indexable(role, text))))


def record_terms(record: MemoryRecord) -> Counter[str]:
    return Counter(tokens(segment_for_index(index_text(record))))
