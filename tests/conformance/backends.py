"""The registry of backends the conformance suite runs against: the only backend-specific code in it.

A `Kind` says how to make an empty store of one backend (a URL, and the state URL if working memory
and locks live elsewhere) and how to remove it again. A `Site` is one such store: every `open` is
another instance on it - its own connection, its own cache - as another process would open it, so
the two-instance and concurrency cases need nothing else. Adding a backend (PostgreSQL, Qdrant,
Redis) is adding a Kind here: every case then runs against it unchanged.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.registry import Backend, open_backend
from hindsight.stores.sqlite import Database

WORKING_TTL_S = 60.0
"""The idle TTL of working memory in every case (state cases move `now` around it)."""


@dataclass(frozen=True)
class Kind:
    name: str
    fresh: Callable[[Path], AbstractContextManager[str]]
    """An empty store under this directory (or named after it): yields its URL, removes it after."""
    state: str | None = None
    """HINDSIGHT_STATE: where working memory and locks live (None: in the store)."""
    shared_state: bool = True
    """Whether every instance on the store sees one working memory and one holder per lock (an
    in-process state does not: each instance keeps its own)."""


@cache
def _sqlite_template() -> Path:
    """An empty store with every migration applied, made once per process: a case's store is a copy
    of it (migrating a new file for each of some hundred cases would take most of the suite's time)."""
    directory = Path(tempfile.mkdtemp(prefix="hindsight-conformance-"))
    atexit.register(shutil.rmtree, directory, True)
    Database(directory / "memory.db").close()
    return directory / "memory.db"


@contextmanager
def _sqlite_file(directory: Path) -> Iterator[str]:
    target = directory / "memory.db"  # the directory is the case's own tmp_path: removed by pytest
    shutil.copyfile(_sqlite_template(), target)
    yield f"sqlite://{target}"


SQLITE = Kind("sqlite", _sqlite_file)

STORES: dict[str, Kind] = {"sqlite": SQLITE}
"""Every backend that provides all the store seams."""

STATES: dict[str, Kind] = {
    "sqlite": SQLITE,
    "memory": Kind("memory", _sqlite_file, state="memory://", shared_state=False),
}
"""Every implementation of SessionState and Locks: the store's own, and the in-process one."""


class Site:
    """One store of one kind. `open()` is another instance on it, closed by `close_all()`."""

    def __init__(self, kind: Kind, directory: Path, url: str) -> None:
        self.kind = kind
        self.directory = directory
        self.url = url
        self._opened: list[Backend] = []

    def settings_kwargs(self, **overrides: Any) -> dict[str, Any]:
        """What Settings needs to reach this store (picklable: a spawned process builds its own)."""
        return {
            "home": self.directory,
            "store": self.url,
            "state": self.kind.state,
            "embedder": "hash",
            "working_ttl_s": WORKING_TTL_S,
            **overrides,
        }

    def settings(self, **overrides: Any) -> Settings:
        return Settings(**self.settings_kwargs(**overrides))

    def open(self) -> Backend:
        """Another instance on this store, with a cache of its own (as another process has)."""
        backend = open_backend(self.settings(), LruCache(64))
        self._opened.append(backend)
        return backend

    def reopen(self, backend: Backend) -> Backend:
        """Close an instance and open the store again."""
        self._opened.remove(backend)
        backend.close()
        return self.open()

    def close_all(self) -> None:
        while self._opened:
            self._opened.pop().close()


@contextmanager
def site_of(kind: Kind, directory: Path) -> Iterator[Site]:
    directory.mkdir(parents=True, exist_ok=True)
    with kind.fresh(directory) as url:
        site = Site(kind, directory, url)
        try:
            yield site
        finally:
            site.close_all()
