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
        sql = (
            "WITH hits AS MATERIALIZED (SELECT record_id, bm25(memory_fts, 1.0, 0.0) AS rank "
            "FROM memory_fts WHERE memory_fts MATCH ?) "
            f"SELECT h.record_id, h.rank FROM hits h JOIN records m ON m.id = h.record_id WHERE {clauses} "
            "ORDER BY h.rank, m.seq LIMIT ?"
        )
        with self._db.read() as conn:
            try:
                rows = conn.execute(sql, [match, *params, k]).fetchall()
            except sqlite3.OperationalError as exc:
                raise InvalidInput(f"keyword query could not be parsed: {exc}") from exc
        # FTS5's bm25() is negative (more negative = better); the routes agree on higher = better.
        return [(rid, -float(rank)) for rid, rank in rows]
