"""Two writers stating a value for the same slot at once: a new value closes the old one, so however
the writes interleave, the slot ends with one still-valid value - never two side by side (the
second writer's plan, made from a read of the slot that the first writer's value has changed since,
is refused and made again)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import MemoryRecord, Scope

from .backends import Site

ALICE = Scope("default", "alice")


class RacingSearch:
    """A RecordSearch that lets another writer in right after the first read of a slot."""

    def __init__(self, inner: Any, race: Callable[[], None]) -> None:
        self.inner = inner
        self.race: Callable[[], None] | None = race

    def open_slot(self, scope: Scope, slot: str) -> list[MemoryRecord]:
        found: list[MemoryRecord] = self.inner.open_slot(scope, slot)
        if self.race is not None:
            race, self.race = self.race, None
            race()
        return found

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


@pytest.fixture
def other(site: Site) -> Iterator[Memory]:
    with Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as memory:
        yield memory


def _racing(site: Site, race: Callable[[], None]) -> Memory:
    own = site.open()
    return Memory(
        settings=site.settings(),
        embedder=HashEmbedder(),
        background=False,
        backend=replace(own, search=RacingSearch(own.search, race)),
    )


def _open_values(memory: Memory) -> list[str]:
    return [r.text for r in memory.records("alice") if r.slot is not None and r.valid_until is None]


@pytest.mark.parametrize("before", [None, "language is Italian"])
def test_two_values_remembered_at_once_leave_one_open(site: Site, other: Memory, before: str | None) -> None:
    if before is not None:
        other.remember("alice", before, slot="language")
    with _racing(site, lambda: other.remember("alice", "language is French", slot="language")) as memory:
        memory.remember("alice", "language is German", slot="language")
        assert _open_values(memory) == ["language is German"], "the later write closed the earlier"
        closed = [r.text for r in memory.records("alice") if r.valid_until is not None]
        assert sorted(closed) == sorted(["language is French", *([before] if before else [])])
