"""Sixteen writers at once on one store - two processes, eight threads each, every thread with a
Memory of its own - all writing for one user: every acknowledged write lands exactly once."""

from __future__ import annotations

from collections import Counter

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder

from .backends import Site
from .workers import MANY_TEXT, Processes, write_as_many

PER_PROCESS = 8
COUNT = 5


def test_sixteen_writers_lose_nothing_and_write_nothing_twice(site: Site, processes: Processes) -> None:
    writers = [[f"p{p}w{w}" for w in range(PER_PROCESS)] for p in range(2)]
    deferred = processes.side_by_side(
        write_as_many, *((site.settings_kwargs(), names, COUNT) for names in writers)
    )
    with Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as memory:
        memory.process_queue()  # what was deferred is applied now
        records = memory.records("shared")
        notes = Counter(r.text for r in records if r.kind == "fact" and r.text.startswith("Writer "))
        turns = Counter(r.text for r in records if r.kind == "turn")
        everyone = [name for names in writers for name in names]
        assert notes == Counter(MANY_TEXT.format(writer=w, n=n) for w in everyone for n in range(COUNT))
        assert sum(turns.values()) == len(everyone) * COUNT and max(turns.values()) == 1
        assert memory.queue() == ([], []), "nothing waiting, nothing dead"
    # Deferred writes are allowed (the store was busy); lost or doubled ones are not.
    assert all(isinstance(item, str) for items in deferred for item in items)
