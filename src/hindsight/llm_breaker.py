"""A pause after an LLM endpoint fails several times in a row, so a write does not wait on it.

Why: with an endpoint configured the write path asks it once per event (extraction) and, since
the forty-eighth round, once per user turn that says something (the update judge). An endpoint that
hangs costs each of those calls the whole timeout (30 s by default) before the rules or the model
decide anyway; one that refuses costs little per call but fills the log. After `OPEN_AFTER` endpoint
failures in a row, calls are not made for a pause (`FIRST_PAUSE_S`, doubled after each failed try
once it is over, at most `LONGEST_PAUSE_S`); a call that gets through closes it. The callers fall
back as for any endpoint failure, and the write log says the endpoint was skipped and why.

What counts: the endpoint failing (unreachable, a timeout, an HTTP error, a body that is no chat
completion). An answer that is not the JSON asked for is the model's, not the endpoint's: it does not
count. The state is this process's estimate of the endpoint's health, not data: no memory is kept
or served from it.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

OPEN_AFTER = 3
FIRST_PAUSE_S = 30.0
LONGEST_PAUSE_S = 600.0


class Breaker:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._lock = threading.Lock()
        self._failures = 0
        self._pause = 0.0
        self._until = 0.0
        self._last = ""

    def skipped(self) -> str | None:
        """Why a call is not to be made now, or None when it may be."""
        with self._lock:
            left = self._until - self._clock()
            if left <= 0:
                return None
            return (
                f"endpoint skipped for {left:.0f} s more after {self._failures} failures in a row "
                f"(the last: {self._last})"
            )

    def failed(self, why: str) -> None:
        with self._lock:
            self._failures += 1
            self._last = why
            if self._failures >= OPEN_AFTER:
                self._pause = min(LONGEST_PAUSE_S, self._pause * 2 if self._pause else FIRST_PAUSE_S)
                self._until = self._clock() + self._pause

    def succeeded(self) -> None:
        with self._lock:
            self._failures, self._pause, self._until, self._last = 0, 0.0, 0.0, ""
