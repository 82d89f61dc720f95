"""The failed-login limit (server/console/limiter.py): 5 failures in a sliding 5-minute window per
address, cleared by a success, and a bounded number of addresses remembered."""

from __future__ import annotations

from starlette.requests import Request

from hindsight.server.console.app import _client_address
from hindsight.server.console.limiter import LoginLimiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def fail(limiter: LoginLimiter, address: str, times: int) -> None:
    for _ in range(times):
        assert limiter.wait_s(address) == 0
        limiter.failed(address)


def test_five_failures_make_an_address_wait_out_the_window() -> None:
    clock = Clock()
    limiter = LoginLimiter(clock=clock)
    fail(limiter, "10.0.0.1", 4)
    assert limiter.wait_s("10.0.0.1") == 0
    limiter.failed("10.0.0.1")
    assert limiter.wait_s("10.0.0.1") == 300
    clock.now += 120.5
    assert limiter.wait_s("10.0.0.1") == 180  # whole seconds, rounded up
    assert limiter.wait_s("10.0.0.2") == 0  # another address is not held up


def test_a_success_clears_the_address() -> None:
    clock = Clock()
    limiter = LoginLimiter(clock=clock)
    fail(limiter, "10.0.0.1", 4)
    fail(limiter, "10.0.0.2", 4)
    limiter.succeeded("10.0.0.1")
    fail(limiter, "10.0.0.1", 4)  # four more are allowed, as after no failure at all
    assert limiter.wait_s("10.0.0.1") == 0
    limiter.failed("10.0.0.2")
    assert limiter.wait_s("10.0.0.2") > 0  # the other address's failures still count
    limiter.succeeded("never-failed")  # nothing to clear: no error


def test_the_window_slides() -> None:
    clock = Clock()
    limiter = LoginLimiter(clock=clock)
    for _ in range(5):
        limiter.failed("10.0.0.1")
        clock.now += 10  # failures at 1000, 1010, ... 1040
    assert limiter.wait_s("10.0.0.1") == 250  # until the first is 300 s old, at 1300
    clock.now = 1299.5
    assert limiter.wait_s("10.0.0.1") == 1
    clock.now = 1300
    assert limiter.wait_s("10.0.0.1") == 0  # the first failure has left the window: one more try
    limiter.failed("10.0.0.1")
    assert limiter.wait_s("10.0.0.1") == 10  # until the second is 300 s old, at 1310
    clock.now = 1599  # all but the newest failure (at 1300) have left the window
    assert limiter.wait_s("10.0.0.1") == 0 and len(limiter) == 1
    clock.now = 1600
    assert limiter.wait_s("10.0.0.1") == 0 and len(limiter) == 0  # nothing left to remember


def test_the_addresses_remembered_are_bounded_dropping_the_stalest() -> None:
    clock = Clock()
    limiter = LoginLimiter(max_failures=1, max_addresses=3, clock=clock)
    for address in ("a", "b", "c"):
        limiter.failed(address)
        clock.now += 1
    limiter.failed("a")  # "a" again: now "b" failed longest ago
    limiter.failed("d")
    assert len(limiter) == 3
    assert limiter.wait_s("b") == 0  # forgotten
    assert all(limiter.wait_s(address) > 0 for address in ("a", "c", "d"))


def test_the_default_bound_is_ten_thousand_addresses() -> None:
    limiter = LoginLimiter(clock=Clock())
    for number in range(10_050):
        limiter.failed(f"198.51.{number // 256}.{number % 256}")
    assert len(limiter) == 10_000


def test_clients_without_an_address_share_one_count() -> None:
    assert _client_address(Request({"type": "http", "client": ("192.0.2.1", 4321)})) == "192.0.2.1"
    assert _client_address(Request({"type": "http"})) == _client_address(
        Request({"type": "http", "client": None})
    )
