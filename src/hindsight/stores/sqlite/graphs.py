"""The SQLite store's vector route past a size: one HNSW graph per large user (stores/hnsw.py),
kept current from the vector feed and kept in a file beside the store, so that a search does not
scan every vector and a new process does not build the graph again.

- A user with `exact_below` vectors or more (HINDSIGHT_VECTOR_EXACT_BELOW, 20,000) is searched
  through their graph; a smaller one exactly (stores/exact.py). A graph of up to INLINE_BUILD
  vectors is built in the search that first needs it; a larger one in a thread of its own, from a
  connection of its own, while searches stay exact until it is done.
- A graph is a cache and never the truth. It holds what the vector feed (`vector_log`, written by
  triggers in every transaction that sets, changes or removes a vector) held up to its position,
  and each search first applies what the feed holds since. Tier, kind and validity are not in the
  graph: each search asks the graph for more than it needs, keeps those that pass the filter in the
  store as it is now, and scores them exactly from their stored vectors; while too few pass, it
  asks for four times as many, and past WIDEST it searches the filtered rows exactly.
- A graph of a user is kept in `<store>.vectors/` (one file per user, named by a hash, and a tag
  beside it naming the feed and the position it was written at): a new process reads it, checks
  that it belongs to this store's feed and agrees with the user's count, and applies the feed
  since. It is written again once the feed has moved past a tenth of it, or once the changes a
  process keeps beside the file's view have made it copy the graph into memory (stores/hnsw.py).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import sqlite3
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hindsight.errors import InvalidInput
from hindsight.models import Scope
from hindsight.state.base import Cache
from hindsight.stores.base import RecordFilter, Scored, Vector
from hindsight.stores.hnsw import Graph, GraphParams
from hindsight.stores.sqlite.database import BUSY_TIMEOUT_MS, Database, marks
from hindsight.stores.sqlite.keywords import validity

log = logging.getLogger(__name__)

INLINE_BUILD = 2_000
"""Graphs of up to this many vectors are built in the search that needs them (well under a second);
larger ones in a thread of their own."""
REBUILD_PAST = 0.5
"""A feed longer than this share of the graph is read as a new graph instead."""
SAVE_EVERY = 0.1
"""The file is written again once the feed moved past this share of the graph (at least 1,000)."""
WIDEST = 4096
"""Candidates asked of the graph at most; past it the filtered rows are searched exactly."""
RETAG_PAST = 10_000
"""An unchanged graph's tag is moved to the feed's end once the feed moved on this far (by other
users' changes), so that the file stays usable after the feed's oldest entries are pruned."""
BUILD_BATCH = 10_000
BUILD_THREADS = 1
"""Cores a background build uses (the searches keep the others)."""


@dataclass
class _UserGraph:
    """One user's graph in this process, where it stands in the feed, and its lock."""

    graph: Graph
    position: int
    """The feed's entries up to here are in the graph (none of the user's after it, when read)."""
    unsaved: int = 0
    """The user's entries applied since the file was written."""
    file: str = ""
    """The file the graph was last written to (it holds the graph as it was then)."""
    tagged: int = 0
    """The position the file's tag names."""
    mapped: bool = False
    """Read from its file as a view: once changes have copied it into memory, it is written again
    (the next process then maps a graph that needs no copy)."""
    lock: threading.Lock = field(default_factory=threading.Lock)


@dataclass(frozen=True)
class _Change:
    position: int
    """The feed's last entry when it was read (the user's or another's)."""
    removed: list[int]
    added: list[tuple[int, bytes]]
    entries: int


class SQLiteGraphs:
    """The graphs of a store's large users, cached in `cache` under ("graph", tenant, user)."""

    def __init__(self, db: Database, cache: Cache, params: GraphParams, exact_below: int) -> None:
        self._db = db
        self._cache = cache
        self._params = params
        self.exact_below = exact_below
        self._folder = db.path.with_name(db.path.name + ".vectors")
        self._building: set[tuple[str, str]] = set()
        self._guard = threading.Lock()

    # -- which users ------------------------------------------------------------------------------

    def _key(self, scope: Scope) -> tuple[str, str, str]:
        return ("graph", scope.tenant, scope.user)

    def _name(self, scope: Scope) -> str:
        return hashlib.sha256(f"{scope.tenant}\x00{scope.user}".encode()).hexdigest()[:32]

    def holds(self, scope: Scope) -> bool:
        """Whether this user has a graph (cached, or kept in a file): their vectors are then read
        by id, not held as a matrix."""
        return isinstance(self._cache.get(self._key(scope)), _UserGraph) or self._tag_path(scope).is_file()

    def wanted(self, size: int) -> bool:
        return size >= self.exact_below and size > 0

    # -- search -----------------------------------------------------------------------------------

    def search(self, where: RecordFilter, vector: Vector, k: int) -> Scored | None:
        """The k nearest valid records through the user's graph, or None: no graph (yet)."""
        user = self._current(where.scope)
        if user is None:
            return None
        if user.graph.dim != vector.shape[0]:
            raise InvalidInput(
                f"query vector has {vector.shape[0]} dimensions, the stored vectors {user.graph.dim}"
            )
        if k <= 0:
            return []
        clauses, params = validity(where, "m", by_id=True)
        count = max(2 * k, k + 32)
        while True:
            with user.lock:
                size = len(user.graph)
                asked = min(count, size)
                keys = user.graph.search(vector, asked, self._params.ef_search)
            found = self._scored(keys.tolist(), clauses, params, vector)
            if len(found) >= k or len(keys) >= size:  # enough, or every vector was seen
                return found[:k]
            if asked >= size or count >= WIDEST:
                return self._exact(where, vector, k)
            count *= 4

    def _scored(
        self, keys: list[int], clauses: str, params: list[object], vector: Vector
    ) -> list[tuple[str, float]]:
        """Of these rows, those that pass the filter, scored exactly, best first (ties: write order)."""
        rows: list[tuple[int, str, bytes]] = []
        with self._db.read() as conn:
            for first in range(0, len(keys), 500):
                chunk = keys[first : first + 500]
                rows += conn.execute(
                    f"SELECT m.seq, m.id, m.embedding FROM records m WHERE m.seq IN ({marks(chunk)}) "
                    f"AND m.embedding IS NOT NULL AND {clauses}",
                    [*chunk, *params],
                ).fetchall()
        return _ranked(rows, vector)

    def _exact(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        """The filtered rows searched exactly (the filter leaves too few of the graph's nearest)."""
        clauses, params = validity(where, "m")
        with self._db.read() as conn:
            rows = conn.execute(
                f"SELECT m.seq, m.id, m.embedding FROM records m WHERE {clauses} AND m.embedding IS NOT NULL",
                params,
            ).fetchall()
        return _ranked(rows, vector)[:k]

    def vectors_of(self, scope: Scope, ids: Sequence[str]) -> dict[str, Vector]:
        """The stored vectors of these records, read by id (a large user's are not all in memory)."""
        found: dict[str, Vector] = {}
        wanted = list(dict.fromkeys(ids))
        with self._db.read() as conn:
            for first in range(0, len(wanted), 500):
                chunk = wanted[first : first + 500]
                for rid, blob in conn.execute(
                    f"SELECT id, embedding FROM records WHERE id IN ({marks(chunk)}) "
                    "AND +tenant = ? AND +user_id = ? AND embedding IS NOT NULL",
                    [*chunk, scope.tenant, scope.user],
                ):
                    found[rid] = np.frombuffer(blob, dtype=np.float32)
        return found

    # -- the graph at the store's generation ------------------------------------------------------

    def _current(self, scope: Scope) -> _UserGraph | None:
        """The user's graph with what the feed holds since applied, as one read transaction sees
        it (a few indexed reads when nothing changed)."""
        key = self._key(scope)
        cached = self._cache.get(key)
        user = cached if isinstance(cached, _UserGraph) else None
        if user is None:
            user = self._from_file(scope)
            if user is None:
                return None
        with self._db.snapshot() as conn:
            change = _since(conn, scope, user.position, len(user.graph))
        if change is None:  # too much changed, or the feed no longer holds it all: built again
            self._cache.put(key, None)
            return None
        with user.lock:
            if change.position > user.position:
                if not _apply(user.graph, change):
                    self._cache.put(key, None)
                    return None
                user.position = change.position
                user.unsaved += change.entries
            copied = user.mapped and not user.graph.viewed
            if user.unsaved > max(1000, int(len(user.graph) * SAVE_EVERY)) or (copied and user.unsaved):
                user.mapped = False
                self._save(scope, user)
            elif user.file and not user.unsaved and user.position - user.tagged > RETAG_PAST:
                self._tag(scope, user, user.file)  # the same graph, later in the feed
        self._cache.put(key, user)
        return user

    # -- building ---------------------------------------------------------------------------------

    def want(self, scope: Scope, size: int) -> bool:
        """A user has `size` vectors, enough for a graph: build it now if it is small (True: it is
        ready), else in a thread of its own (the searches stay exact until it is done)."""
        if size <= INLINE_BUILD:
            try:
                self.build(scope, threads=1)  # one thread: the same graph every time
            except (sqlite3.Error, OSError, RuntimeError) as exc:  # a cache: this search stays exact
                log.warning("the vector graph of a user could not be built: %s", exc)
                return False
            return True
        owner = (scope.tenant, scope.user)
        with self._guard:
            if owner in self._building:
                return False
            self._building.add(owner)
        threading.Thread(target=self._build_aside, args=(scope,), name="hindsight-graph", daemon=True).start()
        return False

    def _build_aside(self, scope: Scope) -> None:
        try:
            self.build(scope, threads=BUILD_THREADS)
        except Exception as exc:  # a cache: the searches stay exact
            log.warning("the vector graph of a user could not be built: %s", exc)
        finally:
            with self._guard:
                self._building.discard((scope.tenant, scope.user))

    def build(self, scope: Scope, threads: int = 0) -> None:
        """Build the user's graph from every vector they have (one read transaction of a connection
        of its own: the store's connection stays free), keep it in a file and cache it."""
        conn = sqlite3.connect(self._db.path, check_same_thread=False, isolation_level=None)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            conn.execute("BEGIN")
            position = head(conn)
            cursor = conn.execute(
                "SELECT seq, embedding FROM records WHERE tenant = ? AND user_id = ? "
                "AND embedding IS NOT NULL ORDER BY seq",
                (scope.tenant, scope.user),
            )
            graph: Graph | None = None
            while rows := cursor.fetchmany(BUILD_BATCH):
                keys, vectors = _stacked(rows)
                if graph is None:
                    graph = Graph.new(vectors.shape[1], self._params)
                elif vectors.shape[1] != graph.dim:
                    raise InvalidInput(
                        "this user's stored vectors have different dimensions; run `hindsight reindex` "
                        "with one embedder"
                    )
                graph.add(keys, vectors, threads=threads)
            conn.execute("COMMIT")
        finally:
            conn.close()
        if graph is None:
            return
        user = _UserGraph(graph, position)
        self._save(scope, user)
        self._cache.put(self._key(scope), user)

    # -- files ------------------------------------------------------------------------------------

    def _tag_path(self, scope: Scope) -> Path:
        return self._folder / f"{self._name(scope)}.json"

    def _save(self, scope: Scope, user: _UserGraph) -> None:
        """Write the graph to a new file, then the tag that names it: a reader reads the tag first,
        so it never pairs a tag with another graph."""
        name = self._name(scope)
        graph_file = f"{name}.{uuid.uuid4().hex[:12]}.hnsw"
        try:
            user.graph.save(self._folder / graph_file)
        except OSError as exc:  # a cache: the store is still the truth
            log.warning("the vector graph of a user could not be kept in %s: %s", self._folder, exc)
            user.unsaved = 0  # tried again after as many changes more, not at every search
            return
        if self._tag(scope, user, graph_file):
            user.unsaved, user.file = 0, graph_file
            for old in self._folder.glob(f"{name}.*.hnsw"):
                if old.name != graph_file:
                    old.unlink(missing_ok=True)

    def _tag(self, scope: Scope, user: _UserGraph, graph_file: str) -> bool:
        """Write the tag naming the graph's file and where in the feed it stands."""
        try:
            with self._db.read() as conn:
                tag = {**_place(conn, user.position), "count": len(user.graph), "file": graph_file}
            partial = self._folder / f"{self._name(scope)}.json.{os.getpid()}.{threading.get_ident()}.tmp"
            partial.write_text(json.dumps(tag, sort_keys=True))
            os.replace(partial, self._tag_path(scope))
        except OSError as exc:
            log.warning("the vector graph of a user could not be kept in %s: %s", self._folder, exc)
            user.tagged = user.position  # not again at every search
            return False
        user.tagged = user.position
        return True

    def _from_file(self, scope: Scope) -> _UserGraph | None:
        """The user's graph from its file, if it belongs to this store as it is now (read twice if
        another process replaced the file meanwhile)."""
        for _ in range(2):
            try:
                tag = json.loads(self._tag_path(scope).read_text())
            except (OSError, ValueError):
                return None
            if not self.wanted(int(tag.get("count", 0))):
                return None  # a smaller user than this process searches through a graph
            graph = Graph.load(self._folder / str(tag.get("file", "")))
            if graph is not None:
                break
        else:
            return None
        position = int(tag.get("position", -1))
        with self._db.snapshot() as conn:
            place = _place(conn, position)
            if any(tag.get(name) != value for name, value in place.items()) or tag.get("count") != len(graph):
                return None
            change = _since(conn, scope, position, len(graph))
            count = _count(conn, scope)
        if change is None or not _apply(graph, change) or len(graph) != count:
            return None
        return _UserGraph(
            graph,
            change.position,
            unsaved=change.entries,
            file=str(tag["file"]),
            tagged=position,
            mapped=True,
        )


def head(conn: sqlite3.Connection) -> int:
    """The feed's last entry."""
    return int(conn.execute("SELECT coalesce(max(seq), 0) FROM vector_log").fetchone()[0])


def _count(conn: sqlite3.Connection, scope: Scope) -> int:
    """The user's vectors: their records less those waiting for one (two indexes, no row read)."""
    owner = (scope.tenant, scope.user)
    every = conn.execute("SELECT count(*) FROM records WHERE tenant = ? AND user_id = ?", owner).fetchone()[0]
    pending = conn.execute(
        "SELECT count(*) FROM records INDEXED BY records_pending_owner "
        "WHERE tenant = ? AND user_id = ? AND embedding IS NULL",
        owner,
    ).fetchone()[0]
    return int(every) - int(pending)


def feed_since(
    conn: sqlite3.Connection, scope: Scope, position: int, most: int, vectors_only: bool
) -> tuple[int, dict[int, int]] | None:
    """The feed's last entry, and the user's rows logged past `position` with the last thing logged
    of each (1 a vector set, 0 taken away, 2 what a search filters on changed; with `vectors_only`
    the 2s are passed over). None: more than `most` entries, or the feed no longer holds them all."""
    pruned = conn.execute("SELECT value FROM meta WHERE key = 'vector_log_pruned'").fetchone()
    if pruned is not None and position < int(pruned[0]):
        return None
    only = " AND added < 2" if vectors_only else ""
    rows = conn.execute(
        "SELECT record_seq, added FROM vector_log WHERE tenant = ? AND user_id = ? AND seq > ?"
        f"{only} ORDER BY seq LIMIT ?",
        (scope.tenant, scope.user, position, most + 1),
    ).fetchall()
    if len(rows) > most:
        return None
    return head(conn), {int(record): int(added) for record, added in rows}


def _since(conn: sqlite3.Connection, scope: Scope, position: int, size: int) -> _Change | None:
    """What the feed holds for this user's vectors past `position`, up to its last entry (None: too
    much, or no longer all there)."""
    found = feed_since(conn, scope, position, int(max(1000, size * REBUILD_PAST)), vectors_only=True)
    if found is None:
        return None
    head, last = found
    if not last:
        return _Change(head, [], [], 0)
    wanted = [record for record, added in last.items() if added]
    added: list[tuple[int, bytes]] = []
    for first in range(0, len(wanted), 500):
        chunk = wanted[first : first + 500]
        added += conn.execute(
            f"SELECT seq, embedding FROM records WHERE seq IN ({marks(chunk)}) AND embedding IS NOT NULL",
            chunk,
        ).fetchall()
    present = {seq for seq, _ in added}
    return _Change(head, [record for record in last if record not in present], added, len(last))


def _apply(graph: Graph, change: _Change) -> bool:
    """Apply a change to a graph (False: a vector of another dimension; the graph must go)."""
    graph.remove(np.array(change.removed, dtype=np.int64))
    if change.added:
        keys, vectors = _stacked(change.added)
        if vectors.shape[1] != graph.dim:
            return False
        graph.add(keys, vectors)
    return True


def _stacked(rows: Sequence[tuple[int, bytes]]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32]]:
    sizes = {len(blob) for _, blob in rows}
    if len(sizes) > 1:
        raise InvalidInput(
            "this user's stored vectors have different dimensions; run `hindsight reindex` with one embedder"
        )
    keys = np.array([seq for seq, _ in rows], dtype=np.int64)
    vectors = np.frombuffer(b"".join(blob for _, blob in rows), dtype=np.float32).reshape(len(rows), -1)
    return keys, vectors


def _ranked(rows: Sequence[tuple[int, str, bytes]], vector: Vector) -> list[tuple[str, float]]:
    """Rows scored exactly against `vector`, best first, equal scores in write order."""
    if not rows:
        return []
    ordered = sorted(rows)  # write order
    sizes = {len(blob) for _, _, blob in ordered}
    if sizes != {vector.shape[0] * 4}:
        raise InvalidInput(
            f"query vector has {vector.shape[0]} dimensions, the stored vectors {min(sizes) // 4}"
        )
    matrix = np.frombuffer(b"".join(blob for _, _, blob in ordered), dtype=np.float32).reshape(
        len(ordered), -1
    )
    scores = matrix @ np.asarray(vector, dtype=np.float32)
    order = np.argsort(-scores, kind="stable")
    return [(ordered[i][1], float(scores[i])) for i in order]


def _place(conn: sqlite3.Connection, position: int) -> dict[str, str | int]:
    """What names a place in this store's vector feed: the feed's name, the position and the row
    logged there."""
    feed = conn.execute("SELECT value FROM meta WHERE key = 'vector_feed'").fetchone()
    found = conn.execute("SELECT record_seq FROM vector_log WHERE seq = ?", (position,)).fetchone()
    return {"feed": str(feed[0]) if feed else "", "position": position, "at": int(found[0]) if found else 0}
