"""The background loop: the work no request waits for, one `tick` at a time.

    1. release the claims of processes of this machine that are gone (their writes are applied now,
       not when the lease runs out)
    2. apply queued writes that are due (retries, and what dead processes acknowledged)
    3. write and close open events idle for `event_idle_s` (the session ended without a word)
    4. embed a batch of the backlog (under a lock: one process at a time embeds the shared backlog)
    5. write the recall counts
    6. drop working memory idle past its TTL
    7. maintain, when the schedule says so (under a lock: one process maintains; the time of the
       last run is kept in the store, so replicas do not each run it)

Who runs it: a `hindsight worker` process (HINDSIGHT_WORKER=external tells the others it exists),
or else every process that opens the memory, in a thread of its own (`Background`).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from datetime import datetime, timedelta

from hindsight.embedding.backlog import EmbeddingBacklog
from hindsight.errors import HindsightError
from hindsight.ops.maintain import Maintainer
from hindsight.ops.owner import gone
from hindsight.recall.hits import HitCounter
from hindsight.settings import Settings
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow
from hindsight.write.service import WriteService

log = logging.getLogger("hindsight.runner")

LAST_RUN_META = "maintain.last_run"
SCHEDULE_LOCK = "maintain:schedule"
BACKLOG_LOCK = "embedding:backlog"


@dataclass(frozen=True, slots=True)
class Tick:
    released: int = 0
    applied: int = 0
    closed_events: int = 0
    embedded: int = 0
    maintained: int = 0

    @property
    def busy(self) -> bool:
        return bool(self.applied or self.closed_events or self.embedded)


class Runner:
    def __init__(
        self,
        backend: Backend,
        writes: WriteService,
        backlog: EmbeddingBacklog,
        hits: HitCounter,
        maintainer: Maintainer,
        settings: Settings,
        owner: str,
    ) -> None:
        self._backend = backend
        self._writes = writes
        self._backlog = backlog
        self._hits = hits
        self._maintainer = maintainer
        self._settings = settings
        self._owner = owner

    def release_gone(self) -> int:
        """Release the claims of processes of this machine that no longer run."""
        queue = self._backend.queue
        return queue.release(gone(queue.holders()))

    def tick(self, now: datetime | None = None) -> Tick:
        now = now or utcnow()
        settings = self._settings
        released = self.release_gone()
        applied = self._writes.drain(now, limit=settings.embed_batch)
        closed = self.close_idle_events(now)
        embedded = self.embed_backlog(now)
        self._hits.flush()
        self._backend.sessions.expire(now)
        maintained = self.maintain_if_due(now)
        return Tick(released, applied, closed, embedded, maintained)

    def close_idle_events(self, now: datetime) -> int:
        before = now - timedelta(seconds=self._settings.event_idle_s)
        closed = 0
        for scope, event in self._backend.events.idle_events(before, limit=100):
            try:
                self._writes.end_session(scope, event.session_id, touched_before=before)
                closed += 1
            except HindsightError as exc:
                log.info("idle event of %s/%s not closed yet: %s", scope.owner, event.session_id, exc)
        return closed

    def embed_backlog(self, now: datetime) -> int:
        locks = self._backend.locks
        lease = now + timedelta(seconds=self._settings.queue_lease_s)
        if not self._backlog.waiting() or not locks.acquire(BACKLOG_LOCK, self._owner, lease, now):
            return 0
        try:
            return self._backlog.embed(limit=self._settings.embed_batch)
        finally:
            locks.release(BACKLOG_LOCK, self._owner)

    def maintain_if_due(self, now: datetime) -> int:
        """Run the scheduled maintenance if `maintain_every_s` has passed since the last run by any
        process; returns how many users it maintained."""
        every = self._settings.maintain_every_s
        records, locks = self._backend.records, self._backend.locks
        if every <= 0:
            return 0
        last = records.get_meta(LAST_RUN_META)
        if last is None:
            records.set_meta(LAST_RUN_META, now.isoformat())  # the schedule starts now
            return 0
        if now - datetime.fromisoformat(last) < timedelta(seconds=every):
            return 0
        if not locks.acquire(SCHEDULE_LOCK, self._owner, now + timedelta(seconds=every), now):
            return 0
        try:
            last = records.get_meta(LAST_RUN_META)  # another process may have just run it
            if last is not None and now - datetime.fromisoformat(last) < timedelta(seconds=every):
                return 0
            records.set_meta(LAST_RUN_META, now.isoformat())
            report = self._maintainer.run(now, records.scopes(), strict=False)
            log.info("scheduled maintenance: %s users, %s changes", report.users, len(report.changes))
            return report.users
        finally:
            locks.release(SCHEDULE_LOCK, self._owner)


class Background:
    """Runs `runner.tick` every `interval_s` in a daemon thread until stopped; `wake` runs the next
    tick now (a write that filled a batch of the embedding backlog)."""

    def __init__(self, runner: Runner, interval_s: float) -> None:
        self._runner = runner
        self._interval_s = interval_s
        self._stop = threading.Event()
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="hindsight-background", daemon=True)
        self.failures = 0

    def start(self) -> None:
        self._thread.start()

    def wake(self) -> None:
        self._wake.set()

    def _loop(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self._interval_s)
            self._wake.clear()
            if self._stop.is_set():
                return
            try:
                while self._runner.tick().busy and not self._stop.is_set():
                    pass  # more work is waiting: no pause between ticks
            except Exception:  # the loop outlives any one failure; the next tick tries again
                self.failures += 1
                log.warning("background work failed; retrying at the next tick", exc_info=True)

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout=60)
