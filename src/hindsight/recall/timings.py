"""How long the latest recalls took, in this process: a small bounded ring per tenant, for the
operator console's latency chart.

It is per process and in memory only: another worker process keeps its own, a restart empties it,
and nothing is written to the store. Prometheus (/metrics) keeps the long view of HTTP requests;
this keeps the last few hundred recalls of each tenant, through any surface (HTTP, MCP, the
library, the console's own searches), timed from call to answer.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from dataclasses import dataclass
from datetime import datetime

from hindsight.timeutil import utcnow

PER_TENANT = 500
"""Recalls kept per tenant: the newest this many."""
TENANTS = 256
"""Tenants kept: past this many, the one whose last recall is oldest is dropped."""


@dataclass(frozen=True, slots=True)
class RecallTiming:
    at: datetime
    """When the answer was ready (UTC)."""
    seconds: float
    """From the call to the answer, waiting for a worker thread included."""
    cached: bool
    """Answered from the recall cache."""


class RecentRecalls:
    """The newest `per_tenant` recall timings of each of at most `tenants` tenants (thread-safe)."""

    def __init__(self, per_tenant: int = PER_TENANT, tenants: int = TENANTS) -> None:
        self.per_tenant = per_tenant
        self.tenants = tenants
        self._rings: OrderedDict[str, deque[RecallTiming]] = OrderedDict()
        self._lock = threading.Lock()

    def record(self, tenant: str, seconds: float, cached: bool = False, at: datetime | None = None) -> None:
        timing = RecallTiming(at if at is not None else utcnow(), max(0.0, seconds), cached)
        with self._lock:
            ring = self._rings.get(tenant)
            if ring is None:
                ring = self._rings[tenant] = deque(maxlen=self.per_tenant)
                while len(self._rings) > self.tenants:
                    self._rings.popitem(last=False)
            else:
                self._rings.move_to_end(tenant)
            ring.append(timing)

    def of(self, tenant: str) -> list[RecallTiming]:
        """The tenant's kept timings, oldest first."""
        with self._lock:
            return list(self._rings.get(tenant, ()))
