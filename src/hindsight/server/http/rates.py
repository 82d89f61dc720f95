"""Per-caller rate limits: a token bucket per API key (per client address on a keyless server), so
one busy client cannot take the whole server. Kept in this process: each replica counts its own."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable


class RateLimiter:
    """`rate` requests a second on average, bursts of `burst`; `check` says how long to wait (0:
    go ahead). At most `max_callers` callers are tracked (the least recently seen go first)."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic, max_callers: int = 10_000
    ) -> None:
        self.rate = rate
        self.burst = max(1, burst)
        self._clock = clock
        self._max = max_callers
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def enabled(self) -> bool:
        return self.rate > 0

    def check(self, caller: str) -> float:
        if not self.enabled:
            return 0.0
        now = self._clock()
        with self._lock:
            tokens, seen = self._buckets.pop(caller, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - seen) * self.rate)
            wait = 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate
            self._buckets[caller] = (tokens - 1.0 if wait == 0.0 else tokens, now)
            while len(self._buckets) > self._max:
                self._buckets.popitem(last=False)
        return wait
