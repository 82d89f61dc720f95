"""Qdrant as the vector index, composed with a record store that feeds it (HINDSIGHT_VECTORS).

    qdrant://host:6333            a Qdrant server (qdrants:// for TLS; ?api_key=...&prefix=NAME)
    qdrant:///path/to/folder      qdrant-client's local mode: the index in a folder, in the process

The record store stays the truth: it keeps each record's vector (so backups, `vectors_of` and a
reindex need nothing from Qdrant) and marks, in the transaction of every change a vector search
sees, the records whose index entry is behind (IndexFeed). Qdrant holds a copy to search, fed from
those marks: after `set_vectors`, before every search and from the embedding backlog's loop
(`pending`), whatever is marked is written to Qdrant and only then unmarked, so a crash between
the store's commit and Qdrant's write is repaired by the next sync, and a record is found by
meaning only once Qdrant has it. A sync that fails (Qdrant down) leaves the marks; the next retries.

Short-term and long-term memories live in separate collections (`<prefix>_short_<dim>`,
`<prefix>_long_<dim>`): a search names the tiers it may see, and a promotion moves the point. Each
point carries the tenant, user, tier, kind, validity and entity values as payload, indexed on a
server (the tenant and user as keyword indexes, the validity as float ranges), so the filters run
inside the HNSW search; `hnsw_m`, `hnsw_ef_construction` and `hnsw_ef_search` are settings.

Local mode (the only Qdrant this project's CI can run: no server is packaged for it) searches
exactly, ignores payload indexes and HNSW parameters, and holds a lock on its folder while a client
is open: a process opens it for each operation (another process on the same folder waits its turn),
which is correct for several processes but reads the whole folder every time - fine for tests and a
laptop, not for production. Run a server there.
"""

from __future__ import annotations

import contextlib
import fcntl
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar
from urllib.parse import parse_qsl, urlsplit

import numpy as np
from qdrant_client import QdrantClient, models

from hindsight.errors import InvalidInput, StoreUnavailable
from hindsight.models import TIERS, MemoryRecord, Scope
from hindsight.stores.base import IndexEntry, IndexFeed, RecordFilter, Scored, Vector, VectorIndex
from hindsight.timeutil import to_epoch

if TYPE_CHECKING:
    from hindsight.settings import Settings
    from hindsight.state.base import Cache
    from hindsight.stores.registry import Parts

FOREVER = 1e18
"""valid_until of a record still valid (payload ranges need a number)."""
SYNC_BATCH = 512
LOCK_WAIT_S = 60.0
_T = TypeVar("_T")
_POINTS = uuid.UUID("8f0c3a52-4bb1-4c4e-9a57-2f0d4b7a9d13")
_PAYLOAD_INDEXES = {
    "tenant": models.PayloadSchemaType.KEYWORD,
    "user": models.PayloadSchemaType.KEYWORD,
    "kind": models.PayloadSchemaType.KEYWORD,
    "entities": models.PayloadSchemaType.KEYWORD,
    "valid_from": models.PayloadSchemaType.FLOAT,
    "valid_until": models.PayloadSchemaType.FLOAT,
}


def point_id(record_id: str) -> str:
    """Qdrant ids are UUIDs or integers; record ids are any text: a UUID derived from it."""
    return str(uuid.uuid5(_POINTS, record_id))


class Connection:
    """How to reach Qdrant: a client kept open (a server), or opened per operation (local mode: the
    folder's lock is held only meanwhile, so several processes take turns on one folder)."""

    _local_locks: ClassVar[dict[str, threading.RLock]] = {}
    _guard = threading.Lock()

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query))
        self.prefix = query.pop("prefix", "hindsight")
        self.local: str | None = None
        self.where = url.split("?")[0]
        self._client: QdrantClient | None = None
        if parts.netloc in ("", ":memory:") or parts.netloc.startswith("."):
            self.local = (
                ":memory:"
                if parts.netloc == ":memory:"
                else str(Path(parts.netloc + parts.path).expanduser())
            )
            if self.local == ":memory:":
                self._client = QdrantClient(location=":memory:")
            else:
                Path(self.local).mkdir(parents=True, exist_ok=True)
                with Connection._guard:
                    self._lock = Connection._local_locks.setdefault(self.local, threading.RLock())
            return
        scheme = "https" if parts.scheme == "qdrants" else "http"
        host = parts.hostname or "localhost"
        port = parts.port or 6333
        self._client = QdrantClient(
            url=f"{scheme}://{host}:{port}",
            api_key=query.get("api_key"),
            timeout=int(query.get("timeout", "10")),
        )
        self.where = f"{parts.scheme}://{host}:{port}"

    @property
    def server(self) -> bool:
        return self.local is None

    @contextmanager
    def client(self) -> Iterator[QdrantClient]:
        if self._client is not None:
            yield self._client
            return
        assert self.local is not None
        with self._lock, _turn_on_folder(self.local):
            client = self._open_local(self.local)
            try:
                yield client
            finally:
                client.close()

    @staticmethod
    def _open_local(path: str) -> QdrantClient:
        def attempt() -> QdrantClient:
            try:
                return QdrantClient(path=path)
            except RuntimeError as exc:  # open in a process that is not Hindsight's: wait for its turn
                if "already accessed" in str(exc):
                    raise _FolderBusy(str(exc)) from None
                raise StoreUnavailable(f"the Qdrant folder {path} is unavailable: {exc}") from None

        return _in_turn(attempt, path)

    def close(self) -> None:
        if self._client is not None:
            self._client.close()


@contextmanager
def _turn_on_folder(path: str) -> Iterator[None]:
    """Hold the folder for one client's whole life, across processes. qdrant-client's own lock is
    not enough: a client reads the folder's meta.json and collections *before* taking it, so a
    process could load what another was writing (a meta.json created but still empty - seen in CI
    as "Expecting value: line 1 column 1") or what another changed just before letting go (a stale
    list of collections, written back over the other's). Taken first, this lock makes the load
    happen in turn too."""
    with open(Path(path) / ".hindsight-turn", "a+") as held:
        _in_turn(lambda: fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB), path)
        try:
            yield
        finally:
            fcntl.flock(held, fcntl.LOCK_UN)


class _FolderBusy(Exception):
    """The folder is open in another process (qdrant-client's own lock)."""


def _in_turn(attempt: Callable[[], _T], path: str) -> _T:
    """`attempt` again while the folder is held elsewhere (it raises _FolderBusy or, for a lock taken
    without waiting, BlockingIOError), backing off from 5 to 100 ms, for LOCK_WAIT_S in all."""
    deadline = time.monotonic() + LOCK_WAIT_S
    pause = 0.005
    while True:
        try:
            return attempt()
        except (_FolderBusy, BlockingIOError) as exc:
            if time.monotonic() > deadline:
                raise StoreUnavailable(
                    f"the Qdrant folder {path} is unavailable: another process held it for "
                    f"{LOCK_WAIT_S:.0f} s ({exc})"
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, 0.1)


class QdrantVectors:
    """VectorIndex: vectors stored in the record store (`store`), searched in Qdrant, fed by `feed`."""

    def __init__(
        self, connection: Connection, store: VectorIndex, feed: IndexFeed, settings: Settings
    ) -> None:
        self._qdrant = connection
        self._store = store
        self._feed = feed
        self._m = settings.hnsw_m
        self._ef_construct = settings.hnsw_ef_construction
        self._ef_search = settings.hnsw_ef_search
        self._known: set[str] = set()

    # -- collections ----------------------------------------------------------------------------

    def _name(self, tier: str, dim: int) -> str:
        return f"{self._qdrant.prefix}_{tier}_{dim}"

    def _collections(self, client: QdrantClient) -> set[str]:
        return {
            c.name
            for c in client.get_collections().collections
            if c.name.startswith(self._qdrant.prefix + "_")
        }

    def _ensure(self, client: QdrantClient, name: str, dim: int) -> None:
        if name in self._known or client.collection_exists(name):
            self._known.add(name)
            return
        client.create_collection(
            name,
            vectors_config=models.VectorParams(size=dim, distance=models.Distance.DOT),
            hnsw_config=models.HnswConfigDiff(m=self._m, ef_construct=self._ef_construct, payload_m=self._m),
        )
        if self._qdrant.server:  # local mode ignores payload indexes (and warns)
            for field, schema in _PAYLOAD_INDEXES.items():
                client.create_payload_index(name, field, field_schema=schema)
        self._known.add(name)

    # -- feeding ---------------------------------------------------------------------------------

    def sync(self) -> int:
        """Write what the record store marked behind; returns how many entries were passed on."""
        total = 0
        while True:
            try:
                done = self._feed.sync(self._write, SYNC_BATCH)
            except (StoreUnavailable, InvalidInput):
                raise
            except Exception as exc:  # Qdrant down or refusing: the marks stay, the next sync retries
                raise StoreUnavailable(
                    f"the vector index at {self._qdrant.where} is unavailable: {exc}"
                ) from exc
            total += done
            if done < SYNC_BATCH:
                return total

    def _write(self, entries: Sequence[IndexEntry]) -> None:
        with self._qdrant.client() as client:
            existing = self._collections(client)
            for entry in entries:
                pid = point_id(entry.id)
                keep = None
                if not entry.removed and entry.vector is not None:
                    keep = self._name(entry.tier, int(entry.vector.shape[0]))
                    self._ensure(client, keep, int(entry.vector.shape[0]))
                    client.upsert(
                        keep,
                        points=[
                            models.PointStruct(
                                id=pid,
                                vector=entry.vector.astype(np.float32).tolist(),
                                payload=_payload(entry),
                            )
                        ],
                        wait=True,
                    )
                # Out of every other collection: the other tier's, another dimension's, or all (removed).
                for name in sorted(existing | ({keep} if keep else set())):
                    if name != keep:
                        client.delete(name, points_selector=models.PointIdsList(points=[pid]), wait=True)

    # -- VectorIndex -------------------------------------------------------------------------------

    def set_vectors(
        self, ids: Sequence[str], vectors: Vector, model_id: str, *, versions: Sequence[int] | None = None
    ) -> None:
        self._store.set_vectors(ids, vectors, model_id, versions=versions)
        self._try_sync()

    def _try_sync(self) -> None:
        # Stored and marked: if Qdrant is down, the loop (pending) or the next search writes it.
        with contextlib.suppress(StoreUnavailable):
            self.sync()

    def search_vector(self, where: RecordFilter, vector: Vector, k: int) -> Scored:
        if k <= 0:
            return []
        self.sync()  # what any process changed is in Qdrant before it is searched
        query = np.ascontiguousarray(vector, dtype=np.float32).reshape(-1)
        dim = int(query.shape[0])
        moment = to_epoch(where.valid_at)
        must: list[Any] = [
            models.FieldCondition(key="tenant", match=models.MatchValue(value=where.scope.tenant)),
            models.FieldCondition(key="user", match=models.MatchValue(value=where.scope.user)),
            models.FieldCondition(key="valid_from", range=models.Range(lte=moment)),
            models.FieldCondition(key="valid_until", range=models.Range(gt=moment)),
        ]
        if where.kinds is not None:
            must.append(
                models.FieldCondition(
                    key="kind", match=models.MatchAny(any=[str(kind) for kind in where.kinds])
                )
            )
        found: list[tuple[str, float]] = []
        with self._qdrant.client() as client:
            existing = self._collections(client)
            names = [self._name(tier, dim) for tier in TIERS if tier in where.tiers]
            if not any(name in existing for name in names):
                others = sorted(name for name in existing if name.rsplit("_", 1)[-1] != str(dim))
                if others and self._has_user(client, others, where.scope):
                    stored = others[0].rsplit("_", 1)[-1]
                    raise InvalidInput(f"query vector has {dim} dimensions, the stored vectors {stored}")
                return []
            params = models.SearchParams(hnsw_ef=max(self._ef_search, k)) if self._qdrant.server else None
            for name in names:
                if name not in existing:
                    continue
                result = client.query_points(
                    name,
                    query=query.tolist(),
                    query_filter=models.Filter(must=must),
                    limit=k,
                    search_params=params,
                    with_payload=["rid"],
                )
                found += [(str((p.payload or {})["rid"]), float(p.score)) for p in result.points]
        found.sort(key=lambda hit: -hit[1])
        return found[:k]

    @staticmethod
    def _has_user(client: QdrantClient, names: Sequence[str], scope: Scope) -> bool:
        owner = models.Filter(
            must=[
                models.FieldCondition(key="tenant", match=models.MatchValue(value=scope.tenant)),
                models.FieldCondition(key="user", match=models.MatchValue(value=scope.user)),
            ]
        )
        return any(client.count(name, count_filter=owner, exact=True).count for name in names)

    def vectors_of(self, scope: Scope, ids: Sequence[str]) -> dict[str, Vector]:
        return self._store.vectors_of(scope, ids)

    def pending(self, limit: int, scope: Scope | None = None) -> list[MemoryRecord]:
        # The backlog's loop asks this every tick: the outbox is drained here too.
        self._try_sync()
        return self._store.pending(limit, scope)

    def stale(self, model_id: str) -> list[str]:
        return self._store.stale(model_id)


def _payload(entry: IndexEntry) -> dict[str, Any]:
    return {
        "rid": entry.id,
        "tenant": entry.scope.tenant,
        "user": entry.scope.user,
        "tier": entry.tier,
        "kind": entry.kind,
        "valid_from": to_epoch(entry.valid_from) if entry.valid_from is not None else -FOREVER,
        "valid_until": to_epoch(entry.valid_until) if entry.valid_until is not None else FOREVER,
        "entities": list(entry.entity_values),
    }


def open_qdrant(url: str, settings: Settings, cache: Cache, store: Parts) -> Parts:
    """`qdrant://...` as HINDSIGHT_VECTORS: the store's vectors searched in Qdrant."""
    from hindsight.stores.registry import Parts

    if store.feed is None or store.vectors is None:
        raise InvalidInput(
            f"HINDSIGHT_VECTORS={url.split('?')[0]} needs a record store that feeds an external vector index "
            f"(a postgresql:// HINDSIGHT_STORE); {store.description} does not"
        )
    try:
        connection = Connection(url)
        with connection.client() as client:
            client.get_collections()
    except StoreUnavailable:
        raise
    except Exception as exc:
        raise StoreUnavailable(f"HINDSIGHT_VECTORS={url.split('?')[0]}: cannot reach Qdrant: {exc}") from None
    store.feed.enable()
    index = QdrantVectors(connection, store.vectors, store.feed, settings)

    def status() -> dict[str, str]:
        try:
            with connection.client() as client:
                client.get_collections()
        except Exception as exc:
            return {"vectors": f"{connection.where} unreachable ({exc}): recall by meaning is unavailable"}
        return {}

    return Parts(
        vectors=index,
        status=status if connection.server else None,
        closers=[connection.close],
        description=connection.where + ("" if connection.server else " (qdrant-client local mode)"),
    )
