"""Two `Memory` objects on one store, as two processes (a server and a worker, two replicas) have:
whatever B does, A's next recall and get reflect it - A's answer cache, vector matrices and speaker
sets are its own, and a change by B makes them stale. A forgotten memory is never A's again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import NotFound
from hindsight.ids import turn_record_id

from .backends import Site

USER = "alice"
LOCKER = "Alice's locker number at the Zurich gym is 4417"
QUERY = "locker number zurich gym"


def open_memory(site: Site) -> Memory:
    return Memory(settings=site.settings(), embedder=HashEmbedder(), background=False)


@pytest.fixture
def memories(site: Site) -> Iterator[tuple[Memory, Memory]]:
    with open_memory(site) as a, open_memory(site) as b:
        yield a, b


def _found(memory: Memory, query: str = QUERY, **options: object) -> list[str]:
    return [hit.record.id for hit in memory.recall(USER, query, **options).hits]  # type: ignore[arg-type]


def test_what_one_remembers_the_other_recalls(memories: tuple[Memory, Memory]) -> None:
    a, b = memories
    tea = a.remember(USER, "Alice drinks green tea in the morning").record
    assert set(_found(a)) <= {tea.id}  # A's caches warm
    stored = b.remember(USER, LOCKER).record
    assert stored.id in _found(a)
    assert a.get(stored.id).text == LOCKER
    assert stored.id in [r.id for r in a.memories(USER)]


def test_what_one_forgets_the_other_never_returns_again(memories: tuple[Memory, Memory]) -> None:
    a, b = memories
    kept = a.remember(USER, "Alice's gym is in Zurich near the lake").record
    gone = a.remember(USER, LOCKER).record
    assert gone.id in _found(a)  # cached by A: the answer, the matrix, the hit count
    again = a.recall(USER, QUERY)
    assert again.timings == {"cache": 0.0}, "A serves it from its answer cache now"

    b.forget(gone.id)

    fresh = a.recall(USER, QUERY)
    assert fresh.timings != {"cache": 0.0}
    assert gone.id not in [hit.record.id for hit in fresh.hits]
    with pytest.raises(NotFound):
        a.get(gone.id)
    assert kept.id in _found(a)
    # Nothing A still holds brings it back: its hit counts, its backlog, its background work.
    a.work()
    a.flush()
    assert gone.id not in _found(a)
    assert gone.id not in [r.id for r in a.records(USER)]
    assert gone.id not in [r.id for r in a.memories(USER)]
    assert all(hit.record.id != gone.id for hit in a.recall(USER, LOCKER, top_k=50).hits)


def test_what_one_promotes_the_other_finds_in_the_long_tier(memories: tuple[Memory, Memory]) -> None:
    a, b = memories
    stored = a.remember(USER, LOCKER).record
    assert stored.tier == "short"
    assert _found(a, tier="long") == []
    assert stored.id in _found(a, tier="short")

    b.promote(stored.id)

    assert a.get(stored.id).tier == "long"
    assert stored.id in _found(a, tier="long")
    assert stored.id not in _found(a, tier="short")
    b.demote(stored.id)
    assert a.get(stored.id).tier == "short" and _found(a, tier="long") == []


def test_what_one_observes_the_other_recalls_and_sees_in_working_memory(
    memories: tuple[Memory, Memory],
) -> None:
    a, b = memories
    assert a.recall(USER, QUERY, session_id="s1").working == []
    b.observe(USER, "s1", "user", LOCKER, turn_id="turn-1")
    b.observe(USER, "s1", "assistant", "Noted, I will remember your locker.", turn_id="turn-2")

    answer = a.recall(USER, QUERY, session_id="s1")
    turn = turn_record_id(USER, "turn-1")
    assert turn in [hit.record.id for hit in answer.hits]
    assert [t.turn_id for t in answer.working] == ["turn-1", "turn-2"]
    assert a.get(turn).text == LOCKER
    # The next turn, observed by A, continues the event B's turns opened.
    a.observe(USER, "s1", "user", "thanks, that's all", turn_id="turn-3")
    assert [t.turn_id for t in b.recall(USER, QUERY, session_id="s1").working] == [
        "turn-1",
        "turn-2",
        "turn-3",
    ]


def test_a_tenants_memory_stays_the_tenants_across_instances(memories: tuple[Memory, Memory]) -> None:
    a, b = memories
    acme_a, acme_b = a.for_tenant("acme"), b.for_tenant("acme")
    theirs = acme_b.remember(USER, LOCKER).record
    assert theirs.id in [hit.record.id for hit in acme_a.recall(USER, QUERY).hits]
    assert _found(a) == [], "the default tenant's alice is someone else"
    with pytest.raises(NotFound):
        a.for_tenant("other").get(theirs.id)
    b.forget(theirs.id)
    assert [hit.record.id for hit in acme_a.recall(USER, QUERY).hits] == []
