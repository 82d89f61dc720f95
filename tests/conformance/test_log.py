"""WriteLog: entries written through Change.log, numbered in order, paged newest first by user,
tenant or everyone, perhaps only some actions."""

from __future__ import annotations

from hindsight.models import LogLine, Scope, Tenant
from hindsight.paging import Cursor
from hindsight.stores.registry import Backend

from .kit import ACME_ALICE, ALICE, T0, entry, log

BOB_OF_ACME = Scope("acme", "bob")
DAN_OF_ACME = Scope("acme", "dan")
CAROL = Scope("default", "carol")
ACME_X = Scope("acmeX", "alice")


def _fixture(backend: Backend) -> None:
    """Eight entries, numbered in this order, of users of the default tenant, acme and acmeX."""
    log(
        backend,
        entry(ALICE),
        entry(BOB_OF_ACME),
        entry(ALICE, "skipped"),
        entry(ACME_ALICE),  # acme's alice: not the default tenant's
        entry(CAROL, "promoted"),
        entry(DAN_OF_ACME, "skipped"),
        entry(ALICE, "promoted"),
        entry(ACME_X),
    )


def _who(lines: list[LogLine]) -> list[str]:
    return [f"{line.entry.tenant}/{line.entry.user_id}" for line in lines]


def test_an_entry_round_trips_every_field(backend: Backend) -> None:
    written = entry(ACME_ALICE, "refused", reason="a secret: 密钥", detail="carrier|=顺丰", source="observe")
    log(backend, written)
    (line,) = backend.log.page_log(None, 10)
    assert line.entry == written and line.entry.tenant == "acme"


def test_page_log_newest_first_by_user_tenant_and_action(backend: Backend) -> None:
    _fixture(backend)
    everyone = backend.log.page_log(None, 100)
    assert len(everyone) == 8
    assert [line.id for line in everyone] == sorted((line.id for line in everyone), reverse=True)
    assert everyone[-1].entry == entry(ALICE)
    assert [line.entry.action for line in backend.log.page_log(ALICE, 100)] == [
        "promoted",
        "skipped",
        "refused",
    ]
    assert _who(backend.log.page_log(ACME_ALICE, 100)) == ["acme/alice"]
    assert _who(backend.log.page_log(Tenant("acme"), 100)) == ["acme/dan", "acme/alice", "acme/bob"]
    assert _who(backend.log.page_log(Tenant("default"), 100)) == [
        "default/alice",
        "default/carol",
        "default/alice",
        "default/alice",
    ]
    guard = backend.log.page_log(Tenant("acme"), 100, actions={"refused", "skipped"})
    assert [(f"{line.entry.tenant}/{line.entry.user_id}", line.entry.action) for line in guard] == [
        ("acme/dan", "skipped"),
        ("acme/alice", "refused"),
        ("acme/bob", "refused"),
    ]
    assert backend.log.page_log(None, 100, actions=()) == []
    assert _who(backend.log.page_log(None, 2)) == ["acmeX/alice", "default/alice"]
    assert backend.log.page_log(Tenant("nobody"), 100) == []


def test_page_log_from_a_cursor_in_both_directions(backend: Backend) -> None:
    _fixture(backend)
    numbers = [line.id for line in backend.log.page_log(None, 100)]
    older = backend.log.page_log(None, 3, cursor=Cursor(numbers[2]))
    assert [line.id for line in older] == numbers[3:6]
    newer = backend.log.page_log(None, 3, cursor=Cursor(numbers[6], newer=True))
    assert [line.id for line in newer] == numbers[3:6]
    assert backend.log.page_log(None, 3, cursor=Cursor(numbers[0], newer=True)) == []
    assert backend.log.page_log(None, 3, cursor=Cursor(numbers[-1])) == []
    alice_before = backend.log.page_log(ALICE, 9, cursor=Cursor(numbers[0]))
    assert [line.entry.action for line in alice_before] == ["promoted", "skipped", "refused"]
    acme_newer = backend.log.page_log(Tenant("acme"), 9, cursor=Cursor(numbers[-1], newer=True))
    assert _who(acme_newer) == ["acme/dan", "acme/alice", "acme/bob"]


def test_count_log_counts_what_page_log_pages(backend: Backend) -> None:
    _fixture(backend)
    numbers = [line.id for line in backend.log.page_log(None, 100)]
    count = backend.log.count_log
    assert count(None) == 8 and count(ALICE) == 3 and count(ACME_ALICE) == 1
    assert count(Tenant("acme")) == 3 and count(Tenant("default")) == 4 and count(Tenant("acmeX")) == 1
    assert count(Tenant("default"), actions={"skipped"}) == 1
    assert count(None, actions=[]) == 0
    assert count(None, newer_than=numbers[3]) == 3
    assert count(ALICE, actions={"refused"}, newer_than=numbers[-1]) == 0


def test_count_logged_counts_one_users_entries_with_that_detail(backend: Backend) -> None:
    detail = "carrier|=中通"
    log(
        backend,
        entry(ALICE, detail=detail),
        entry(ALICE, detail=detail),
        entry(Scope("default", "bob"), detail=detail),
        entry(ACME_ALICE, detail=detail),
        entry(ALICE, detail="carrier|=顺丰"),
    )
    assert backend.log.count_logged(ALICE, detail) == 2
    assert backend.log.count_logged(ACME_ALICE, detail) == 1
    assert backend.log.count_logged(ALICE, "nothing") == 0


def test_numbers_keep_growing(backend: Backend) -> None:
    log(backend, entry(ALICE, time=T0))
    log(backend, entry(ALICE, time=T0), entry(ACME_ALICE, time=T0))
    numbers = [line.id for line in backend.log.page_log(None, 10)]
    assert numbers == sorted(set(numbers), reverse=True) and len(numbers) == 3
