"""The PostgreSQL store's keyword index: BM25 computed in SQL over terms made in Python.

A record's text is segmented as the SQLite path segments it (CJK runs split into words by rjieba,
text.segment_for_index), then tokenised as SQLite FTS5's `porter unicode61 remove_diacritics 2`
tokenizer does (letters and digits, lower-cased, diacritics removed, English words Porter-stemmed):
so "美式咖啡" is found inside "用户喜欢喝美式咖啡" and "running" finds "runs", in the same way on both
engines. Terms and their frequencies are rows (keyword_terms), kept current in the records' own
transactions; BM25 (k1 1.2, b 0.75, FTS5's IDF) is computed with statistics per tenant - how many
records the tenant holds, their total length and each term's document frequency, counted in the
writes' own transactions (keyword_tenants, keyword_df) - so one tenant's vocabulary never moves
another's ranking, and a tenant's ranking is the one SQLite's FTS5 gives a store holding that
tenant (BENCHMARKS.md: per-user statistics moved madial-zh ev@10 by +0.012).

Up to TOP_POSTINGS_FROM_DOCS memories a search scores every posting of the query's terms, as FTS5
does; a larger memory's search reads each term's highest-impact postings only (_TOP_SEARCH), in
bounded time and nearly the same order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from hindsight.models import MemoryRecord
from hindsight.stores.base import RecordFilter, Scored
from hindsight.stores.postgres.database import Conn, Database
from hindsight.stores.terms import record_terms, tokens
from hindsight.text import segment_for_index

PRUNE_FROM_DOCS = 1000
"""From this many memories on, terms in more than half of them are left out of a keyword search."""
CANDIDATES = 1000
"""Matches scored before the validity filter; more only if the filter leaves too few."""
TOP_POSTINGS_FROM_DOCS = 20_000
"""From this many memories on, a search reads the query terms' best postings, not all of them."""
POSTINGS_READ = 10_000
"""Postings a large memory's search reads, shared among the query's terms in proportion to their
idf (a rare term's are often all read), each term's highest-impact postings first."""
RESCORED = 400
"""Of the records those postings hold, how many are scored in full (every query term looked up),
the best scored by the read postings alone first."""
K1 = 1.2
B = 0.75
IMPACT = "(t.tf::float8 / (t.tf + 0.3 + 0.045 * t.doc_len))"
"""A posting's impact: BM25's term-frequency part over k1 + 1 at an average length of 20 (k1 (1 - b)
= 0.3, k1 b / 20 = 0.045), the order keyword_terms_impact keeps a term's postings in. Spelled as
the index spells it (schema.py, migration 5), or the planner does not use the index."""


@dataclass
class Delta:
    """How a change moves the keyword statistics: per user (records, terms) and per tenant each
    term's document frequency. Written once per change, in one order (apply_delta)."""

    users: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    terms: Counter[tuple[str, str]] = field(default_factory=Counter)

    def add(self, other: Delta) -> None:
        for key, (docs, length) in other.users.items():
            had = self.users.get(key, (0, 0))
            self.users[key] = (had[0] + docs, had[1] + length)
        self.terms.update(other.terms)


def index(conn: Conn, records: Sequence[MemoryRecord]) -> Delta:
    """Put records in the keyword index; returns how the statistics move."""
    rows: list[tuple[str, str, str, str, int, int]] = []
    lengths: list[tuple[int, str]] = []
    delta = Delta()
    for record in records:
        counts = record_terms(record)
        length = sum(counts.values())
        rows += [(record.tenant, record.user_id, term, record.id, tf, length) for term, tf in counts.items()]
        lengths.append((length, record.id))
        delta.add(
            Delta({(record.tenant, record.user_id): (1, length)}, Counter((record.tenant, t) for t in counts))
        )
    with conn.cursor() as cur:
        if rows:
            cur.executemany(
                "INSERT INTO keyword_terms (tenant, user_id, term, record_id, tf, doc_len) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                rows,
            )
        cur.executemany("UPDATE records SET doc_len = %s WHERE id = %s", lengths)
    return delta


def unindex(conn: Conn, record: MemoryRecord, doc_len: int) -> Delta:
    terms = conn.execute(
        "DELETE FROM keyword_terms WHERE record_id = %s RETURNING term", (record.id,)
    ).fetchall()
    return Delta(
        {(record.tenant, record.user_id): (-1, -doc_len)},
        Counter({(record.tenant, row[0]): -1 for row in terms}),
    )


def apply_delta(conn: Conn, delta: Delta) -> None:
    """Move the tenants' statistics, in (tenant, term) order then tenant order: two writers never
    wait for each other in a cycle."""
    terms = sorted((key, n) for key, n in delta.terms.items() if n)
    tenants: dict[str, tuple[int, int]] = {}
    for (tenant, _user), (docs, length) in delta.users.items():
        had = tenants.get(tenant, (0, 0))
        tenants[tenant] = (had[0] + docs, had[1] + length)
    with conn.cursor() as cur:
        if terms:
            cur.executemany(
                "INSERT INTO keyword_df AS d (tenant, term, docs) VALUES (%s, %s, %s) "
                "ON CONFLICT (tenant, term) DO UPDATE SET docs = d.docs + excluded.docs",
                [(tenant, term, n) for (tenant, term), n in terms],
            )
        rows = sorted((t, d, n) for t, (d, n) in tenants.items() if d or n)
        if rows:
            cur.executemany(
                "INSERT INTO keyword_tenants AS k (tenant, docs, doc_len) VALUES (%s, %s, %s) "
                "ON CONFLICT (tenant) DO UPDATE SET docs = k.docs + excluded.docs, doc_len = k.doc_len + excluded.doc_len",
                rows,
            )


def validity(where: RecordFilter, alias: str) -> tuple[str, list[object]]:
    """The clauses every search shares: the user's records of the asked tiers (and kinds), valid
    at `where.valid_at`."""
    clauses = [
        f"{alias}.tenant = %s",
        f"{alias}.user_id = %s",
        f"{alias}.tier = ANY(%s)",
        f"{alias}.valid_from <= %s",
        f"({alias}.valid_until IS NULL OR {alias}.valid_until > %s)",
    ]
    params: list[object] = [
        where.scope.tenant,
        where.scope.user,
        list(where.tiers),
        where.valid_at,
        where.valid_at,
    ]
    if where.kinds is not None:
        clauses.append(f"{alias}.kind = ANY(%s)")
        params.append(list(where.kinds))
    return " AND ".join(clauses), params


_SEARCH = f"""
WITH q AS (SELECT DISTINCT unnest(%s::text[]) AS term),
stats AS (
    SELECT greatest(docs, 1)::float8 AS n, greatest(doc_len::float8 / greatest(docs, 1), 1e-9) AS avgdl
    FROM keyword_tenants WHERE tenant = %s
),
users AS (SELECT greatest(docs, 1)::float8 AS n FROM generations WHERE tenant = %s AND user_id = %s),
df AS (
    SELECT d.term, d.docs::float8 AS n FROM keyword_df d JOIN q ON q.term = d.term
    WHERE d.tenant = %s AND d.docs > 0
),
weighted AS (
    SELECT df.term, greatest(ln(greatest(stats.n - df.n + 0.5, 1e-9) / (df.n + 0.5)), 1e-6) AS w FROM df, stats
),
idf AS (
    -- In a large memory, a term in more than half of it weighs 1e-6 (FTS5's floor): it cannot change
    -- the order of records other terms match, so its (long) postings are not read - unless no other
    -- term is left. (In a small one every match is kept, as FTS5 keeps it.)
    SELECT weighted.* FROM weighted, users
    WHERE w > 1e-6 OR users.n < {PRUNE_FROM_DOCS} OR NOT EXISTS (SELECT 1 FROM weighted WHERE w > 1e-6)
),
scored AS (
    SELECT t.record_id,
           sum(idf.w * (t.tf * ({K1} + 1)) / (t.tf + {K1} * (1 - {B} + {B} * t.doc_len / stats.avgdl))) AS score
    FROM keyword_terms t
    JOIN idf ON idf.term = t.term
    CROSS JOIN stats
    WHERE t.tenant = %s AND t.user_id = %s
    GROUP BY t.record_id
    ORDER BY score DESC
    LIMIT %s
)
SELECT s.record_id, s.score FROM scored s JOIN records m ON m.id = s.record_id
WHERE {{validity}}
ORDER BY s.score DESC, m.seq
LIMIT %s
"""


def _bm25(posting: str) -> str:
    """A posting's BM25 part in SQL, in float8 throughout (numeric arithmetic costs a third of the
    search when thousands of postings are read)."""
    return (
        f"idf.w * ({posting}.tf * {K1 + 1}::float8) "
        f"/ ({posting}.tf + {K1}::float8 * ({1 - B}::float8 + {B}::float8 * {posting}.doc_len / stats.avgdl))"
    )


# A large memory's search, in the spirit of top-k retrieval over impact-ordered postings: a
# common term's postings are tens of thousands (the 100,000-memory user of BENCHMARKS.md's scale
# run: 13-29 % of their memories per query word), and reading every one of them was 90 % of the
# recall's time. So each term contributes its highest-impact postings, the budget POSTINGS_READ
# split by idf; the RESCORED records those postings score best are looked up for every query
# term and scored exactly; the filter and the order are the small path's. Not exact: a record
# whose postings are all below the cuts is missed (measured against full scoring: BENCHMARKS.md).
_TOP_SEARCH = f"""
WITH q AS (SELECT DISTINCT unnest(%s::text[]) AS term),
stats AS (
    SELECT greatest(docs, 1)::float8 AS n, greatest(doc_len::float8 / greatest(docs, 1), 1e-9) AS avgdl
    FROM keyword_tenants WHERE tenant = %s
),
df AS (
    SELECT d.term, d.docs::float8 AS n FROM keyword_df d JOIN q ON q.term = d.term
    WHERE d.tenant = %s AND d.docs > 0
),
weighted AS (
    SELECT df.term, greatest(ln(greatest(stats.n - df.n + 0.5, 1e-9) / (df.n + 0.5)), 1e-6) AS w FROM df, stats
),
idf AS (
    SELECT weighted.* FROM weighted WHERE w > 1e-6 OR NOT EXISTS (SELECT 1 FROM weighted WHERE w > 1e-6)
),
top AS MATERIALIZED (
    SELECT p.record_id, {_bm25("p")} AS part
    FROM idf CROSS JOIN stats CROSS JOIN LATERAL (
        SELECT t.record_id, t.tf, t.doc_len FROM keyword_terms t
        WHERE t.tenant = %s AND t.user_id = %s AND t.term = idf.term
        ORDER BY {IMPACT} DESC LIMIT ceil(%s * idf.w / (SELECT sum(w) FROM idf))::int
    ) p
),
candidates AS (
    -- the records the read postings score best, from those postings alone
    SELECT record_id FROM top GROUP BY record_id ORDER BY sum(part) DESC LIMIT %s
),
scored AS (
    SELECT c.record_id,
           sum({_bm25("t")}) AS score
    FROM candidates c
    -- a candidate's own postings of the query's terms, its full score: one index probe each
    CROSS JOIN LATERAL (
        SELECT t.term, t.tf, t.doc_len FROM keyword_terms t
        WHERE t.record_id = c.record_id AND t.term = ANY(ARRAY(SELECT term FROM idf))
        OFFSET 0  -- probed per candidate, never joined as a whole: the planner cannot tell how few
    ) t
    JOIN idf ON idf.term = t.term
    CROSS JOIN stats
    GROUP BY c.record_id
),
best AS (
    SELECT s.record_id, s.score, m.seq FROM scored s JOIN records m ON m.id = s.record_id
    WHERE {{validity}}
    ORDER BY s.score DESC, m.seq
    LIMIT %s
)
SELECT record_id, score FROM best ORDER BY score DESC, seq
"""


class PostgresKeywords:
    """KeywordIndex on keyword_terms."""

    def __init__(self, db: Database) -> None:
        self._db = db

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        wanted = sorted({token for term in terms for token in tokens(segment_for_index(term))})
        if not wanted or k <= 0:
            return []
        clauses, params = validity(where, "m")
        with self._db.read() as conn:
            if self._memory_size(conn, where) >= TOP_POSTINGS_FROM_DOCS:
                return self._search_top_postings(conn, where, wanted, k, clauses, params)
            return self._search_all_postings(conn, where, wanted, k, clauses, params)

    def _memory_size(self, conn: Conn, where: RecordFilter) -> int:
        row = conn.execute(
            "SELECT docs FROM generations WHERE tenant = %s AND user_id = %s",
            (where.scope.tenant, where.scope.user),
        ).fetchone()
        return int(row[0]) if row else 0

    def _search_top_postings(
        self, conn: Conn, where: RecordFilter, wanted: list[str], k: int, clauses: str, params: list[object]
    ) -> Scored:
        """The best matches among the records the query terms' highest-impact postings hold
        (_TOP_SEARCH); every match when those leave fewer than k after the filter."""
        scope = [where.scope.tenant, where.scope.user]
        tenant = where.scope.tenant
        statement = _TOP_SEARCH.replace("{validity}", clauses)
        rescored = max(RESCORED, 20 * k)
        rows = conn.execute(
            statement, [wanted, tenant, tenant, *scope, POSTINGS_READ, rescored, *params, k]
        ).fetchall()
        if len(rows) < k:
            return self._search_all_postings(conn, where, wanted, k, clauses, params)
        return [(rid, float(score)) for rid, score in rows]

    def _search_all_postings(
        self, conn: Conn, where: RecordFilter, wanted: list[str], k: int, clauses: str, params: list[object]
    ) -> Scored:
        scope = [where.scope.tenant, where.scope.user]
        statement = _SEARCH.replace("{validity}", clauses)
        # The best-scored matches first, then the filter (tiers, kinds, validity); if the filter
        # leaves fewer than k of them, every match is scored and filtered.
        candidates = max(CANDIDATES, 20 * k)
        head = [wanted, where.scope.tenant, *scope, where.scope.tenant, *scope]
        rows = conn.execute(statement, [*head, candidates, *params, k]).fetchall()
        if len(rows) < k:
            rows = conn.execute(statement, [*head, None, *params, k]).fetchall()
        return [(rid, float(score)) for rid, score in rows]
