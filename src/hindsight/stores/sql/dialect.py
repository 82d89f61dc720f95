"""The dialect and the driver: what the shared SQL needs to know of an engine, and the WHERE clauses
every shared statement is built from.

A Dialect names what differs in that SQL from one engine to the other: the driver's parameter
placeholder, how a column is matched against a list of values, how text is ordered by code point,
and how a time, a JSON value and a row of records are stored and read back. Connection, Cursor and
Database are the parts of the two drivers (and of the stores' databases) the shared SQL uses.
Shared because every other module of this package writes its SQL through them; it imports none of
them, so that the package holds no import cycle.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, closing
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from hindsight.models import MemoryRecord, Owners, Scope, Tenant


@dataclass(frozen=True)
class Dialect:
    """What the shared SQL needs to know of one engine and its driver."""

    mark: str
    """The driver's parameter placeholder."""
    one_of: Callable[[str, Sequence[Any]], tuple[str, list[Any]]]
    """The condition that a column holds one of these values (none: it matches nothing), and its
    parameters."""
    by_code_point: str
    """What follows a text column in ORDER BY to sort it by code point (as Python sorts str),
    whatever collation the database was created with."""
    store_time: Callable[[datetime], Any]
    """A (naive UTC) time as the time columns hold it."""
    load_time: Callable[[Any], datetime]
    """A time column's value as a (naive UTC) time."""
    store_json: Callable[[Any], Any]
    """A JSON value as the JSON columns hold it."""
    load_json: Callable[[Any], Any]
    """A JSON column's value as Python data."""
    record_from_row: Callable[[Sequence[Any]], MemoryRecord]
    """A record from a row of RECORD_COLUMNS (each engine's own: its reads are the hot path)."""

    def marks(self, count: int) -> str:
        return ", ".join([self.mark] * count)


class Cursor(Protocol):
    """A cursor, as both drivers' cursors have it."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]], /) -> Any: ...

    def close(self) -> None: ...


class Connection(Protocol):
    """A connection, as both drivers' connections have it."""

    def execute(self, sql: str, params: Any = ..., /) -> Cursor: ...

    def cursor(self) -> Cursor: ...


class Database(Protocol):
    """A store's database: connections to read with, and write transactions."""

    def read(self) -> AbstractContextManager[Connection]: ...

    def write(self) -> AbstractContextManager[Connection]: ...


DB = TypeVar("DB", bound=Database)


def execute_many(conn: Connection, sql: str, rows: Iterable[Sequence[Any]]) -> None:
    # On a cursor of its own: one driver's connections have no executemany.
    with closing(conn.cursor()) as cursor:
        cursor.executemany(sql, rows)


def where(clauses: Sequence[str]) -> str:
    """The WHERE clause that ANDs `clauses` (none: no WHERE at all)."""
    return f"WHERE {' AND '.join(clauses)}" if clauses else ""


def owners_where(dialect: Dialect, owners: Owners, alias: str = "") -> tuple[list[str], list[Any]]:
    """WHERE clauses (ANDed) choosing one user, one tenant's users or (no clause) everyone."""
    prefix = f"{alias}." if alias else ""
    mark = dialect.mark
    if isinstance(owners, Scope):
        return [f"{prefix}tenant = {mark}", f"{prefix}user_id = {mark}"], [owners.tenant, owners.user]
    if isinstance(owners, Tenant):
        return [f"{prefix}tenant = {mark}"], [owners.name]
    return [], []
