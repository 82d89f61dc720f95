"""The SQLite store's keyword and entity indexes (FTS5 BM25 over CJK-segmented text; normalised
entity values), kept current by the records' own transactions (index / unindex).

A keyword search ranks in process memory (stores/sparse.py: the user's postings as numpy arrays, the
query's terms scored, no scan of every match), from an index read once per process and brought
forward before each use: the store's generation says whether anything changed, and the keyword
feed (keyword_log, written beside each FTS5 row put in or taken out) says which records. FTS5 still
answers a query term that is a phrase of several tokens (the in-memory index keeps no positions).
"""

from __future__ import annotations

import hashlib
import logging
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hindsight.errors import InvalidInput
from hindsight.indexing import index_text, normalize_entity
from hindsight.models import MemoryRecord, Scope
from hindsight.state.base import Cache
from hindsight.stores.base import RecordFilter, Scored
from hindsight.stores.sparse import Postings, Statistics, best_valid
from hindsight.stores.sqlite.database import Database, marks, owner_token
from hindsight.stores.terms import text_terms, tokens
from hindsight.text import segment_for_index
from hindsight.timeutil import to_epoch

log = logging.getLogger("hindsight.store")


def index(conn: sqlite3.Connection, record: MemoryRecord) -> None:
    """Put a record in the keyword index (its CJK-segmented text) and the entity index."""
    conn.execute(
        "INSERT INTO memory_fts (body, owner, record_id) VALUES (?, ?, ?)",
        (segment_for_index(index_text(record)), owner_token(record.scope), record.id),
    )
    _feed(conn, record, added=True)
    _count(conn, record.tenant, text_terms(record.role, record.text), 1)
    values = {normalize_entity(value) for value in record.entities.values()} - {""}
    conn.executemany(
        "INSERT INTO memory_entities (record_id, tenant, user_id, value) VALUES (?, ?, ?, ?)",
        [(record.id, record.tenant, record.user_id, value) for value in sorted(values)],
    )


def unindex(conn: sqlite3.Connection, record: MemoryRecord, role: str | None, text: str) -> None:
    """Take a record out of the indexes; `role` and `text` are what it was indexed with."""
    conn.execute("DELETE FROM memory_fts WHERE record_id = ?", (record.id,))
    conn.execute("DELETE FROM memory_entities WHERE record_id = ?", (record.id,))
    _feed(conn, record, added=False)
    _count(conn, record.tenant, text_terms(role, text), -1)


def _count(conn: sqlite3.Connection, tenant: str, terms: Counter[str], sign: int) -> None:
    """Move the tenant's BM25 statistics by one record's terms."""
    conn.executemany(
        "INSERT INTO keyword_df (tenant, term, docs) VALUES (?, ?, ?) "
        "ON CONFLICT (tenant, term) DO UPDATE SET docs = docs + excluded.docs",
        [(tenant, term, sign) for term in terms],
    )
    conn.execute(
        "INSERT INTO keyword_tenants (tenant, docs, tokens) VALUES (?, ?, ?) "
        "ON CONFLICT (tenant) DO UPDATE SET docs = docs + excluded.docs, tokens = tokens + excluded.tokens",
        (tenant, sign, sign * sum(terms.values())),
    )


def recount(conn: sqlite3.Connection) -> None:
    """The statistics counted again from every record (a migration; a bulk load into the tables)."""
    docs: Counter[tuple[str, str]] = Counter()
    tenants: dict[str, list[int]] = {}
    for tenant, role, text in conn.execute("SELECT tenant, role, text FROM records"):
        terms = text_terms(role, text)
        docs.update((tenant, term) for term in terms)
        counted = tenants.setdefault(tenant, [0, 0])
        counted[0] += 1
        counted[1] += sum(terms.values())
    conn.execute("DELETE FROM keyword_df")
    conn.execute("DELETE FROM keyword_tenants")
    conn.executemany(
        "INSERT INTO keyword_df (tenant, term, docs) VALUES (?, ?, ?)",
        [(tenant, term, n) for (tenant, term), n in sorted(docs.items())],
    )
    conn.executemany(
        "INSERT INTO keyword_tenants (tenant, docs, tokens) VALUES (?, ?, ?)",
        [(tenant, n, tokens) for tenant, (n, tokens) in sorted(tenants.items())],
    )


FEED_KEPT = 200_000
"""Entries of the keyword feed kept: an index that stands before the oldest is read whole again."""
FEED_PRUNE_EVERY = 10_000
"""The feed's oldest entries are removed at every this many new ones (in that write's change)."""


def _feed(conn: sqlite3.Connection, record: MemoryRecord, added: bool) -> None:
    seq = conn.execute(
        "INSERT INTO keyword_log (tenant, user_id, record_id, added) VALUES (?, ?, ?, ?)",
        (record.tenant, record.user_id, record.id, int(added)),
    ).lastrowid
    if seq is not None and seq % FEED_PRUNE_EVERY == 0 and seq > FEED_KEPT:
        conn.execute("DELETE FROM keyword_log WHERE seq <= ?", (seq - FEED_KEPT,))
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('keyword_log_pruned', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (str(seq - FEED_KEPT),),
        )


def validity(where: RecordFilter, alias: str, by_id: bool = False) -> tuple[str, list[object]]:
    """The clauses every search shares: the user's records of the asked tiers (and kinds), valid
    at `where.valid_at`. `by_id`: the query names its records by id, and the owner's clauses must
    not lead the planner to an index by owner instead (a few hundred ids were looked up in 117 ms
    through it, 5 ms by id, for a user of 100,000 memories)."""
    moment = to_epoch(where.valid_at)
    owner = "+" if by_id else ""
    clauses = [
        f"{owner}{alias}.tenant = ?",
        f"{owner}{alias}.user_id = ?",
        f"{alias}.tier IN ({marks(where.tiers)})",
        f"{alias}.valid_from <= ?",
        f"({alias}.valid_until IS NULL OR {alias}.valid_until > ?)",
    ]
    params: list[object] = [where.scope.tenant, where.scope.user, *where.tiers, moment, moment]
    if where.kinds is not None:
        clauses.append(f"{alias}.kind IN ({marks(where.kinds)})")
        params += list(where.kinds)
    return " AND ".join(clauses), params


OWNER_TOKENS = 1
"""Tokens each FTS5 row holds beyond its text (the owner column's one): FTS5 counts them in a
document's length, and so does the in-memory index, so both rank alike."""
REBUILD_PAST = 0.5
"""A feed longer than this share of the user's memories is read as a whole index instead."""
KEEP_FROM_DOCS = 5000
"""Users with this many memories have their index kept in a file (a smaller one builds fast)."""


@dataclass(frozen=True)
class _Unbuilt:
    generation: int
    position: int
    rows: list[tuple[str, int, str | None, str]]


class SQLiteKeywords:
    """KeywordIndex: BM25 in process memory over the records (stores/sparse.py), FTS5 for phrases;
    the in-memory indexes cached in `cache` under (tenant, user), tagged with the generation, and
    a large user's index kept in a file beside the store (`<store>.keywords/`) so that a new
    process reads it instead of tokenizing every memory again."""

    def __init__(self, db: Database, cache: Cache) -> None:
        self._db = db
        self._cache = cache
        self._folder = db.path.with_name(db.path.name + ".keywords")
        self._saved: dict[tuple[str, str], tuple[int, tuple[int, int]]] = {}

    def postings(self, scope: Scope) -> Postings:
        """The user's in-memory index at the store's current generation."""
        return self._index(scope, ())[0]

    def _file(self, scope: Scope) -> Path:
        name = hashlib.sha256(f"{scope.tenant}\x00{scope.user}".encode()).hexdigest()[:32]
        return self._folder / f"{name}.keywords"

    def _index(self, scope: Scope, words: Sequence[str]) -> tuple[Postings, Statistics]:
        """The user's index at the generation one read transaction sees, and the statistics of
        `words` in the same transaction."""
        cached = self._cache.get(("keywords", scope.tenant, scope.user))
        from_file = None
        if not isinstance(cached, Postings):
            from_file = Postings.load(self._file(scope))  # outside the store's lock
        with self._db.snapshot() as conn:
            if from_file is not None:
                cached = _checked(conn, scope, *from_file)
            found = self._postings(conn, scope, cached if isinstance(cached, Postings) else None)
            stats = _statistics(conn, scope.tenant, words)
        if isinstance(found, _Unbuilt):
            index = Postings.build(
                ((rid, seq, text_terms(role, text)) for rid, seq, role, text in found.rows),
                extra=OWNER_TOKENS,
                generation=found.generation,
                position=found.position,
            )
        else:
            index = found
        self._cache.put(("keywords", scope.tenant, scope.user), index)
        self._keep(scope, index, found)
        return index, stats

    def _postings(
        self, conn: sqlite3.Connection, scope: Scope, cached: Postings | None
    ) -> Postings | _Unbuilt:
        """The user's in-memory index at the generation this read transaction sees: cached or
        brought forward from the feed; or the rows to build it from (outside the store's lock:
        the other routes read meanwhile)."""
        found = conn.execute(
            "SELECT records FROM generations WHERE tenant = ? AND user_id = ?", (scope.tenant, scope.user)
        ).fetchone()
        generation = int(found[0]) if found else 0
        if cached is not None:
            if cached.generation == generation:
                return cached
            index = _forward(conn, scope, cached, generation)
            if index is not None:
                return index
        position = int(conn.execute("SELECT coalesce(max(seq), 0) FROM keyword_log").fetchone()[0])
        rows = conn.execute(
            "SELECT id, seq, role, text FROM records WHERE tenant = ? AND user_id = ? ORDER BY seq",
            (scope.tenant, scope.user),
        ).fetchall()
        return _Unbuilt(generation, position, rows)

    def _keep(self, scope: Scope, index: Postings, found: Postings | _Unbuilt) -> None:
        """Write a large user's index to its file when it was built, when it moved on far from
        what the file holds, or when a memory left it: a forgotten or expired memory's words must
        not stay on disk in the file (it is written without them)."""
        if index.live < KEEP_FROM_DOCS:
            return
        key = (scope.tenant, scope.user)
        removed = (len(index.ids), len(index.ids) - index.live)
        saved = self._saved.get(key)
        if saved is None and not isinstance(found, _Unbuilt):
            # read from the file, or kept by another process
            self._saved[key] = saved = (index.position, removed)
        if (
            saved is not None
            and index.position - saved[0] <= max(1000, index.live // 10)
            and (removed[1] == 0 or removed == saved[1])
        ):
            return
        tag: dict[str, str | int] = {**_feed_at(self._db, index.position), "docs": index.live}
        try:
            index.save(self._file(scope), tag)
            self._file(scope).with_suffix(".npz").unlink(missing_ok=True)  # the format before
        except OSError as exc:  # a cache: the store is still the truth
            log.warning("the keyword index of a user could not be kept in %s: %s", self._folder, exc)
        self._saved[key] = (index.position, removed)

    def search_keyword(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
        if not terms or k <= 0:
            return []
        phrases = [tokens(term) for term in terms]
        if all(len(phrase) <= 1 for phrase in phrases):
            words = [phrase[0] for phrase in phrases if phrase]
            if not words:
                return []
            index, stats = self._index(where.scope, words)
            clauses, params = validity(where, "m", by_id=True)
            return best_valid(index, words, k, lambda ids: self._valid(ids, clauses, params), stats)
        return self._search_fts(where, terms, k)

    def _valid(self, ids: list[str], clauses: str, params: list[object]) -> set[str]:
        """Of these records, those that pass the filter."""
        passed: set[str] = set()
        with self._db.read() as conn:
            for first in range(0, len(ids), MOST_CANDIDATES):
                chunk = ids[first : first + MOST_CANDIDATES]
                passed.update(
                    row[0]
                    for row in conn.execute(
                        f"SELECT m.id FROM records m WHERE m.id IN ({marks(chunk)}) AND {clauses}",
                        [*chunk, *params],
                    )
                )
        return passed

    def _search_fts(self, where: RecordFilter, terms: Sequence[str], k: int) -> Scored:
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


def _forward(conn: sqlite3.Connection, scope: Scope, cached: Postings, generation: int) -> Postings | None:
    """The cached index with what the feed holds since it was read (None: read it whole)."""
    pruned = conn.execute("SELECT value FROM meta WHERE key = 'keyword_log_pruned'").fetchone()
    if pruned is not None and cached.position < int(pruned[0]):
        return None  # what changed since is no longer all in the feed
    rows = conn.execute(
        "SELECT seq, record_id, added FROM keyword_log WHERE tenant = ? AND user_id = ? AND seq > ? "
        "ORDER BY seq LIMIT ?",
        (scope.tenant, scope.user, cached.position, int(max(1000, cached.live * REBUILD_PAST)) + 1),
    ).fetchall()
    if len(rows) > max(1000, cached.live * REBUILD_PAST):
        return None
    if not rows:  # a change the keyword index does not see (a tier, a validity, a vector)
        return cached.moved(generation)
    last = {rid: bool(added) for _seq, rid, added in rows}
    wanted = [rid for rid, added in last.items() if added]
    texts: list[tuple[str, int, str | None, str]] = []
    for first in range(0, len(wanted), 500):
        chunk = wanted[first : first + 500]
        texts += conn.execute(
            f"SELECT id, seq, role, text FROM records WHERE id IN ({marks(chunk)})", chunk
        ).fetchall()
    return cached.changed(
        [rid for rid, added in last.items() if not added],
        [(rid, seq, text_terms(role, text)) for rid, seq, role, text in texts],
        generation,
        int(rows[-1][0]),
    )


def _statistics(conn: sqlite3.Connection, tenant: str, words: Sequence[str]) -> Statistics:
    found = conn.execute("SELECT docs, tokens FROM keyword_tenants WHERE tenant = ?", (tenant,)).fetchone()
    distinct = sorted(set(words))
    df = conn.execute(
        f"SELECT term, docs FROM keyword_df WHERE tenant = ? AND term IN ({marks(distinct)})",
        [tenant, *distinct],
    ).fetchall()
    return Statistics(docs=int(found[0]) if found else 0, tokens=int(found[1]) if found else 0, df=dict(df))


def _feed_at(db: Database, position: int) -> dict[str, str | int]:
    """What names a place in this store's feed: the feed's name and the record logged there."""
    with db.read() as conn:
        return _place(conn, position)


def _place(conn: sqlite3.Connection, position: int) -> dict[str, str | int]:
    feed = conn.execute("SELECT value FROM meta WHERE key = 'keyword_feed'").fetchone()
    found = conn.execute("SELECT record_id FROM keyword_log WHERE seq = ?", (position,)).fetchone()
    return {"feed": str(feed[0]) if feed else "", "at": str(found[0]) if found else ""}


def _checked(
    conn: sqlite3.Connection, scope: Scope, index: Postings, tag: dict[str, str | int]
) -> Postings | None:
    """An index read from a file, if it belongs to this store as it is now: the feed still holds
    the entry it was written at (a store replaced by a backup or another file does not), and it
    holds as many memories as the store once brought forward."""
    place = _place(conn, index.position)
    if any(tag.get(name) != value for name, value in place.items()) or tag.get("docs") != index.live:
        return None
    generation = conn.execute(
        "SELECT records FROM generations WHERE tenant = ? AND user_id = ?", (scope.tenant, scope.user)
    ).fetchone()
    forwarded = _forward(conn, scope, index, 0 if generation is None else int(generation[0]))
    if forwarded is None:
        return None
    count = conn.execute(
        "SELECT count(*) FROM records WHERE tenant = ? AND user_id = ?", (scope.tenant, scope.user)
    ).fetchone()[0]
    return forwarded if forwarded.live == count else None
