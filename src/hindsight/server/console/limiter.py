"""A limit on failed console logins per client address, so API keys cannot be guessed at speed.

In memory and per process: it slows guessing down, it is not an account lockout. Behind a reverse
proxy every client has the proxy's address and shares one limit.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable

MAX_FAILURES = 5
WINDOW_S = 300.0
MAX_ADDRESSES = 10_000
"""Beyond this many addresses the one that failed longest ago is forgotten, so a flood of
addresses costs bounded memory (and at worst frees one of them early)."""


class LoginLimiter:
    """After `max_failures` failed logins from one address within `window_s` seconds, that address
    waits until the oldest of them leaves the window (a sliding window). A success clears it."""

    def __init__(
        self,
        max_failures: int = MAX_FAILURES,
        window_s: float = WINDOW_S,
        max_addresses: int = MAX_ADDRESSES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.window_s = window_s
        self.max_addresses = max_addresses
        self._clock = clock
        # address -> times of its recent failures, oldest first; the address that failed least
        # recently comes first, so it is the one dropped when there are too many.
        self._failures: OrderedDict[str, deque[float]] = OrderedDict()

    def __len__(self) -> int:
        """How many addresses are remembered."""
        return len(self._failures)

    def wait_s(self, address: str) -> int:
        """Whole seconds `address` must wait before its next attempt; 0 when it may try now."""
        failures = self._recent(address)
        if len(failures) < self.max_failures:
            return 0
        return max(1, math.ceil(failures[0] + self.window_s - self._clock()))

    def failed(self, address: str) -> None:
        failures = self._recent(address)
        failures.append(self._clock())  # the deque's maxlen keeps only the newest max_failures
        self._failures[address] = failures
        self._failures.move_to_end(address)
        while len(self._failures) > self.max_addresses:
            self._failures.popitem(last=False)

    def succeeded(self, address: str) -> None:
        self._failures.pop(address, None)

    def _recent(self, address: str) -> deque[float]:
        """The address's failures still inside the window (older ones are dropped on the way)."""
        failures = self._failures.get(address)
        if failures is None:
            return deque(maxlen=self.max_failures)
        horizon = self._clock() - self.window_s
        while failures and failures[0] <= horizon:
            failures.popleft()
        if not failures:
            del self._failures[address]
        return failures
