"""Backends from URLs: `HINDSIGHT_STORE=sqlite:///path/memory.db` (the default, under
HINDSIGHT_HOME), `HINDSIGHT_STATE=memory://` (working memory and locks in the process only).

A URL's scheme names a factory, found as sqlalchemy finds dialects and llm its plugins: in the
`hindsight.backends` entry points of the installed packages (a backend in another package
registers itself there), else among the built-in ones. A factory returns the seams it provides;
the store URL's backend must provide them all, and a state URL's replaces working memory and locks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING

from hindsight.errors import InvalidInput
from hindsight.state.base import Cache, Locks, SessionState
from hindsight.stores.base import (
    EventStore,
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
}


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

    def close(self) -> None:
        for close in reversed(self.closers):
            close()


Factory = Callable[[str, "Settings", Cache], Parts]


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
                description=f"{parts.description}; state {state.description}",
            )
        missing = [
            f.name
            for f in fields(Parts)
            if f.name not in ("closers", "description") and getattr(parts, f.name) is None
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
        )
    except BaseException:
        for part in reversed(opened):
            for close in part.closers:
                close()
        raise
