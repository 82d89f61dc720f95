"""Backends from URLs: `HINDSIGHT_STORE=sqlite:///path/memory.db` (the default, under
HINDSIGHT_HOME) or `postgresql://...`, `HINDSIGHT_STATE=memory://` (working memory and locks in the
process only) or `redis://...`, `HINDSIGHT_VECTORS=qdrant://...` (the vector index elsewhere, fed
from the record store's outbox).

A URL's scheme names a factory, found as sqlalchemy finds dialects and llm its plugins: in the
`hindsight.backends` entry points of the installed packages (a backend in another package
registers itself there), else among the built-in ones. A factory returns the seams it provides;
the store URL's backend must provide them all, and a state URL's replaces working memory and locks
(and, if it has one, the cache of recall answers). A vectors URL's factory is handed the store's
parts (it feeds from their IndexFeed) and replaces the vector index; the keyword index stays in the
record store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from hindsight.errors import InvalidInput
from hindsight.state.base import Cache, Locks, LoginLimits, SessionState
from hindsight.stores.base import (
    EventStore,
    IndexFeed,
    KeywordIndex,
    RecordSearch,
    RecordStore,
    Snapshots,
    VectorIndex,
    WriteLog,
    WriteQueue,
)

if TYPE_CHECKING:
    from hindsight.settings import Settings

GROUP = "hindsight.backends"
BUILTIN = {
    "sqlite": "hindsight.stores.sqlite:open_sqlite",
    "memory": "hindsight.state.local:open_local_state",
    "postgresql": "hindsight.stores.postgres:open_postgres",
    "postgres": "hindsight.stores.postgres:open_postgres",
    "redis": "hindsight.state.redis:open_redis_state",
    "rediss": "hindsight.state.redis:open_redis_state",
}
ONE_PROCESS = frozenset({"memory"})
"""State schemes whose working memory and locks only the process holding them sees."""


def one_process_only(settings: Settings) -> bool:
    """Whether the settings keep working memory and locks where no other process sees them."""
    return bool(settings.state) and scheme_of(settings.state or "") in ONE_PROCESS


VECTORS_GROUP = "hindsight.vector_indexes"
BUILTIN_VECTORS = {
    "qdrant": "hindsight.stores.qdrant:open_qdrant",
    "qdrants": "hindsight.stores.qdrant:open_qdrant",
}
"""Vector indexes by URL scheme (HINDSIGHT_VECTORS): a factory (url, settings, cache, store parts)."""


@dataclass
class Parts:
    """The seams one backend provides (None: not this one)."""

    records: RecordStore | None = None
    search: RecordSearch | None = None
    events: EventStore | None = None
    vectors: VectorIndex | None = None
    keywords: KeywordIndex | None = None
    queue: WriteQueue | None = None
    log: WriteLog | None = None
    snapshots: Snapshots | None = None
    sessions: SessionState | None = None
    locks: Locks | None = None
    answers: Cache | None = None
    """Where recall answers are cached, if not in the process (a state backend shared by replicas)."""
    login_limits: LoginLimits | None = None
    """Failed console logins, if shared by the processes (else each server counts its own)."""
    feed: IndexFeed | None = None
    """The record store's outbox for an external vector index (HINDSIGHT_VECTORS), if it has one."""
    status: Callable[[], dict[str, str]] | None = None
    """What is degraded right now ({} when all is well): for /ready."""
    closers: list[Callable[[], None]] = field(default_factory=list)
    description: str = ""


@dataclass(frozen=True)
class Backend:
    """Every seam the core uses, composed from the configured URLs."""

    records: RecordStore
    search: RecordSearch
    events: EventStore
    vectors: VectorIndex
    keywords: KeywordIndex
    queue: WriteQueue
    log: WriteLog
    snapshots: Snapshots
    sessions: SessionState
    locks: Locks
    closers: tuple[Callable[[], None], ...] = ()
    description: str = ""
    """Where each seam lives, for start-up lines and errors ("sqlite:///.../memory.db")."""
    answers: Cache | None = None
    """The recall answers' cache, if a state backend provides one (else the process keeps its own)."""
    login_limits: LoginLimits | None = None
    """The console's failed logins, if a state backend shares them (else each server counts its own)."""
    checks: tuple[Callable[[], dict[str, str]], ...] = ()

    def degraded(self) -> dict[str, str]:
        """What does not work right now and what that means ({} when all is well)."""
        found: dict[str, str] = {}
        for check in self.checks:
            found.update(check())
        return found

    def close(self) -> None:
        for close in reversed(self.closers):
            close()


Factory = Callable[[str, "Settings", Cache], Parts]
VectorsFactory = Callable[[str, "Settings", Cache, Parts], Parts]


def scheme_of(url: str) -> str:
    scheme, separator, _rest = url.partition("://")
    if not separator or not scheme:
        raise InvalidInput(f"{url!r} is not a backend URL (scheme://...), e.g. sqlite:///path/to/memory.db")
    return scheme.lower()


def factory(scheme: str) -> Factory:
    found = {entry.name: entry.value for entry in entry_points(group=GROUP)}
    target = found.get(scheme) or BUILTIN.get(scheme)
    if target is None:
        known = ", ".join(sorted({*found, *BUILTIN}))
        raise InvalidInput(f"no backend for {scheme!r} URLs (known: {known})")
    module, _, name = target.partition(":")
    made: Factory = getattr(import_module(module), name)
    return made


def vectors_factory(scheme: str) -> VectorsFactory:
    found = {entry.name: entry.value for entry in entry_points(group=VECTORS_GROUP)}
    target = found.get(scheme) or BUILTIN_VECTORS.get(scheme)
    if target is None:
        known = ", ".join(sorted({*found, *BUILTIN_VECTORS}))
        raise InvalidInput(f"HINDSIGHT_VECTORS: no vector index for {scheme!r} URLs (known: {known})")
    module, _, name = target.partition(":")
    made: VectorsFactory = getattr(import_module(module), name)
    return made


def open_backend(settings: Settings, cache: Cache) -> Backend:
    """The backend the settings name: the store URL's, with working memory and locks from the state
    URL's if one is set."""
    store_url = settings.store_url
    parts = factory(scheme_of(store_url))(store_url, settings, cache)
    opened = [parts]
    try:
        if settings.state:
            state = factory(scheme_of(settings.state))(settings.state, settings, cache)
            opened.append(state)
            if state.sessions is None or state.locks is None:
                raise InvalidInput(f"HINDSIGHT_STATE={settings.state!r} provides no session state")
            parts = replace(
                parts,
                sessions=state.sessions,
                locks=state.locks,
                answers=state.answers,
                login_limits=state.login_limits,
                status=_both(parts.status, state.status),
                description=f"{parts.description}; state {state.description}",
            )
        if settings.vectors:
            index = vectors_factory(scheme_of(settings.vectors))(settings.vectors, settings, cache, parts)
            opened.append(index)
            if index.vectors is None:
                raise InvalidInput(f"HINDSIGHT_VECTORS={settings.vectors!r} provides no vector index")
            parts = replace(
                parts,
                vectors=index.vectors,
                status=_both(parts.status, index.status),
                description=f"{parts.description}; vectors {index.description}",
            )
        missing = [
            f.name
            for f in fields(Parts)
            if f.name not in ("closers", "description", "answers", "login_limits", "feed", "status")
            and getattr(parts, f.name) is None
        ]
        if missing:
            raise InvalidInput(f"the backend of {store_url!r} lacks {', '.join(missing)}")
        return Backend(
            records=parts.records,  # type: ignore[arg-type]
            search=parts.search,  # type: ignore[arg-type]
            events=parts.events,  # type: ignore[arg-type]
            vectors=parts.vectors,  # type: ignore[arg-type]
            keywords=parts.keywords,  # type: ignore[arg-type]
            queue=parts.queue,  # type: ignore[arg-type]
            log=parts.log,  # type: ignore[arg-type]
            snapshots=parts.snapshots,  # type: ignore[arg-type]
            sessions=parts.sessions,  # type: ignore[arg-type]
            locks=parts.locks,  # type: ignore[arg-type]
            closers=tuple(close for part in opened for close in part.closers),
            description=parts.description,
            answers=parts.answers,
            login_limits=parts.login_limits,
            checks=(parts.status,) if parts.status is not None else (),
        )
    except BaseException:
        for part in reversed(opened):
            for close in part.closers:
                close()
        raise


def _both(
    first: Callable[[], dict[str, str]] | None, second: Callable[[], dict[str, str]] | None
) -> Callable[[], dict[str, str]] | None:
    if first is None or second is None:
        return first or second

    def merged() -> dict[str, str]:
        return {**first(), **second()}

    return merged
