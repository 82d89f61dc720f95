"""The durable write queue's policy. The queue itself is a table in the store (stores.base.WriteQueue):
a write is acknowledged once its entry is committed, applied in the same transaction that removes
the entry, retried with exponential backoff when applying fails, and moved to the dead letters after
MAX_ATTEMPTS (or at once when the failure is one no retry can fix)."""

from __future__ import annotations

from datetime import timedelta

MAX_ATTEMPTS = 5
BASE_DELAY_S = 2.0
MAX_DELAY_S = 600.0


def backoff(attempts: int) -> timedelta:
    """Delay before the next try after `attempts` failures: 2 s, 4 s, 8 s, ... capped at 10 min."""
    return timedelta(seconds=min(MAX_DELAY_S, BASE_DELAY_S * 2**attempts))
