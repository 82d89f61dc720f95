"""The Python tokenizer (stores/terms.py) makes the terms SQLite FTS5's `porter unicode61
remove_diacritics 2` tokenizer makes: the keyword indexes that are not FTS5 rank as FTS5 does."""

from __future__ import annotations

import sqlite3

from hindsight.stores.terms import text_terms, tokens
from hindsight.text import segment_for_index

TEXTS = [
    "Caroline went running on Sunday; she runs 5km every morning.",
    "Café crème and naïve résumés: Zoë's piñata, ÉCOLE, Ångström!",
    "order SF12345678 shipped_to the warehouse at 10:30, tracking e-mail sent",
    "用户喜欢喝美式咖啡，不喜欢拿铁。下周三去上海出差",
    "Melanie painted a sunrise; the paintings were exhibited in galleries and museums",
    "ＦＵＬＬＷＩＤＴＨ letters and ①②③ digits, x² and ½",
]


def _fts5_terms(text: str) -> list[str]:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE VIRTUAL TABLE t USING fts5(body, tokenize = 'porter unicode61 remove_diacritics 2')")
    conn.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance')")
    conn.execute("INSERT INTO t (rowid, body) VALUES (1, ?)", (text,))
    found = [term for term, _offset in conn.execute("SELECT term, offset FROM v ORDER BY offset")]
    conn.close()
    return found


def test_terms_are_the_ones_fts5_makes() -> None:
    for text in TEXTS:
        segmented = segment_for_index(text)
        assert tokens(segmented) == _fts5_terms(segmented), text


def test_a_records_terms_count_its_role_and_repeated_words() -> None:
    counts = text_terms("Caroline", "runs and running, she runs")
    assert counts["run"] == 3 and counts["carolin"] == 1 and counts["she"] == 1
    assert text_terms(None, "美式咖啡")["美式"] == 1
