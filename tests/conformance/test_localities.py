"""Where each user lives (UserLocality): stored per user, replaced, removed, kept apart per tenant;
and read by every instance and process on its next call - never from a cache."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import UserLocality
from hindsight.stores.registry import Backend

from .backends import Site
from .kit import ACME_ALICE, ALICE, BOB, T0
from .workers import Processes, set_locality_then_recall


def test_a_locality_is_stored_replaced_and_removed_per_user(backend: Backend) -> None:
    assert backend.records.locality_of(ALICE) is None
    backend.records.set_locality(UserLocality("default", "alice", "Asia/Shanghai", None, T0))
    backend.records.set_locality(UserLocality("acme", "alice", None, "GB", T0))
    assert backend.records.locality_of(ALICE) == UserLocality("default", "alice", "Asia/Shanghai", None, T0)
    assert backend.records.locality_of(ACME_ALICE) == UserLocality("acme", "alice", None, "GB", T0)
    assert backend.records.locality_of(BOB) is None, "another user has none"
    backend.records.set_locality(UserLocality("default", "alice", "America/Toronto", "CA", T0))
    assert backend.records.locality_of(ALICE) == UserLocality("default", "alice", "America/Toronto", "CA", T0)
    assert backend.records.remove_locality(ALICE) is True
    assert backend.records.remove_locality(ALICE) is False, "nothing left to remove"
    assert backend.records.locality_of(ALICE) is None
    assert backend.records.locality_of(ACME_ALICE) is not None, "the other tenant's user keeps theirs"


@pytest.fixture
def two(site: Site) -> Iterator[tuple[Memory, Memory]]:
    with (
        Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as first,
        Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as second,
    ):
        yield first, second


def test_a_locality_set_through_one_instance_holds_at_once_in_the_other(two: tuple[Memory, Memory]) -> None:
    first, second = two
    first.remember("alice", "I parked on level 3")
    question = "what did I tell you yesterday?"
    # 01:00 UTC on 6 December: already the 6th in Shanghai (09:00), still the 5th in Toronto (20:00)
    before = second.recall("alice", question, now="2026-12-06T01:00:00")
    assert "2026-12-05..2026-12-06" in before.notes["time"] and "clock" not in before.notes["time"]
    first.set_locality("alice", "Asia/Shanghai")
    shanghai = second.recall("alice", question, now="2026-12-06T01:00:00")
    assert "on the user's clock (Asia/Shanghai, region CN)" in shanghai.notes["time"]
    first.set_locality("alice", "America/Toronto")
    toronto = second.recall("alice", question, now="2026-12-06T01:00:00")
    assert (
        "2026-12-04..2026-12-05" in toronto.notes["time"]
        and "America/Toronto, region CA" in toronto.notes["time"]
    )
    assert first.clear_locality("alice")
    after = second.recall("alice", question, now="2026-12-06T01:00:00")
    assert after.notes["time"] == before.notes["time"], "the settings' clock again"


def test_localities_set_in_two_processes_are_read_by_each_other(site: Site, processes: Processes) -> None:
    seen = processes.side_by_side(
        set_locality_then_recall,
        (site.settings_kwargs(), "carl", "Asia/Tokyo"),
        (site.settings_kwargs(), "dana", "Europe/Paris"),
    )
    # each process read the user the other process set
    assert "Europe/Paris, region FR" in seen[0] and "Asia/Tokyo, region JP" in seen[1]
