"""The SQLite store's keyword and entity indexes (FTS5 BM25 over CJK-segmented text; normalised
entity values), kept current by the records' own transactions (index / unindex)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from hindsight.errors import InvalidInput
from hindsight.indexing import index_text, normalize_entity
from hindsight.models import MemoryRecord
from hindsight.stores.base import RecordFilter, Scored
from hindsight.stores.sqlite.database import Database, marks, owner_token
from hindsight.text import segment_for_index
from hindsight.timeutil import to_epoch


def index(conn: sqlite3.Connection, record: MemoryRecord) -> None:
    """Put a record in the keyword index (its CJK-segmented text) and the entity index."""
    conn.execute(
        "INSERT INTO memory_fts (body, owner, record_id) VALUES (?, ?, ?)",
        (segment_for_index(index_text(record)), owner_token(record.scope), record.id),
    )
    values = {normalize_entity(value) for value in record.entities.values()} - {""}
    conn.executemany(
        "INSERT INTO memory_entities (record_id, tenant, user_id, value) VALUES (?, ?, ?, ?)",
        [(record.id, record.tenant, record.user_id, value) for value in sorted(values)],
    )


def unindex(conn: sqlite3.Connection, record_id: str) -> None:
    conn.execute("DELETE FROM memory_fts WHERE record_id = ?", (record_id,))
    conn.execute("DELETE FROM memory_entities WHERE record_id = ?", (record_id,))


def validity(where: RecordFilter, alias: str) -> tuple[str, list[object]]:
    """The clauses every search shares: the user's records of the asked tiers (and kinds), valid
    at `where.valid_at`."""
    moment = to_epoch(where.valid_at)
    clauses = [
        f"{alias}.tenant = ?",
        f"{alias}.user_id = ?",
        f"{alias}.tier IN ({marks(where.tiers)})",
        f"{alias}.valid_from <= ?",
        f"({alias}.valid_until IS NULL OR {alias}.valid_until > ?)",
    ]
    params: list[object] = [where.scope.tenant, where.scope.user, *where.tiers, moment, moment]
    if where.kinds is not None:
        clauses.append(f"{alias}.kind IN ({marks(where.kinds)})")
        params += list(where.kinds)
    return " AND ".join(clauses), params


class SQLiteKeywords:
    """KeywordIndex on FTS5."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        if not terms or k <= 0:
            return []
        # Each term a quoted string: text, never syntax. A NUL would end the query string early.
        any_term = " OR ".join('"' + term.replace('"', '""').replace("\x00", " ") + '"' for term in terms)
        # The owner column narrows the match to one user inside FTS5 itself (a doclist
        # intersection), and its bm25 weight of 0 keeps it out of the score.
        match = f'owner : "{owner_token(where.scope)}" AND ({any_term})'
        clauses, params = validity(where, "m")
        with self._db.read() as conn:
            try:
                return _best_valid(conn, match, clauses, params, k)
            except sqlite3.OperationalError as exc:
                raise InvalidInput(f"keyword query could not be parsed: {exc}") from exc


FIRST_CANDIDATES = 200
"""Matches FTS5 ranks first (its own top-N, no sort of the whole match list); more when the
validity filter leaves too few of them or a tie crosses the cut."""
MOST_CANDIDATES = 10_000
"""Past this many, every match is joined at once (and the ids stay under SQLite's bound on
parameters)."""


def _best_valid(conn: sqlite3.Connection, match: str, clauses: str, params: list[object], k: int) -> Scored:
    """The k best-ranked matches that pass the validity filter, best first, ties in write order:
    exactly what ranking every match, joining each to its record and sorting would give, but
    FTS5 ranks only its top `limit` (a heap, not a sort of the whole list) and only those are
    joined. A common word can match most of a large user's memories (16,000 rows for a typical
    query at 100,000 memories): joining them all was most of the keyword route's time."""
    limit = max(FIRST_CANDIDATES, 4 * k)
    while limit <= MOST_CANDIDATES:
        hits = conn.execute(
            "SELECT record_id, bm25(memory_fts, 1.0, 0.0) AS rank FROM memory_fts "
            "WHERE memory_fts MATCH ? ORDER BY rank LIMIT ?",
            (match, limit + 1),
        ).fetchall()
        complete = len(hits) <= limit
        hits = hits[:limit]
        rank_of = {rid: float(rank) for rid, rank in hits}
        valid = conn.execute(
            f"SELECT m.id, m.seq FROM records m WHERE m.id IN ({marks(rank_of)}) AND {clauses}",
            [*rank_of, *params],
        ).fetchall()
        # FTS5's bm25() is negative (more negative = better); the routes agree on higher = better.
        ranked = sorted(((rank_of[rid], seq, rid) for rid, seq in valid))[:k]
        # Exact once every match was ranked, or once k passed the filter and the last of them
        # ranks strictly before the cut (no tie with a match beyond it).
        if complete or (len(ranked) == k and ranked[-1][0] < hits[-1][1]):
            return [(rid, -rank) for rank, _seq, rid in ranked]
        limit *= 4
    rows = conn.execute(
        "WITH hits AS MATERIALIZED (SELECT record_id, bm25(memory_fts, 1.0, 0.0) AS rank "
        "FROM memory_fts WHERE memory_fts MATCH ?) "
        f"SELECT h.record_id, h.rank FROM hits h JOIN records m ON m.id = h.record_id WHERE {clauses} "
        "ORDER BY h.rank, m.seq LIMIT ?",
        [match, *params, k],
    ).fetchall()
    return [(rid, -float(rank)) for rid, rank in rows]
