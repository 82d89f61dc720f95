"""Embedding behind the writes, for a memory with no background loop (a library caller, the CLI,
`hindsight bench`).

Without the loop, what a user writes is embedded when their session ends or their next recall
comes, all of it at once, while nothing else runs: the writes (the guard, extraction, the update
judge: one core, mostly Python) and the embedding (numpy on every core) take turns. Here, once a
user has `batch` records waiting, those are embedded in a thread of their own while the next
writes are planned, so the two overlap. Only the oldest waiting records are taken, in the order
they were written, and whoever embeds the rest (`Core.embed_after_write`) first waits for what was
started here: the batches are the same at every run, and so are the vectors.

The counts are a trigger, not the truth: a record embedded by someone else meanwhile is simply not
found waiting (the backlog reads the store).
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from hindsight.embedding.backlog import EmbeddingBacklog
from hindsight.errors import HindsightError
from hindsight.models import Scope

log = logging.getLogger(__name__)


class EmbedBehind:
    def __init__(self, backlog: EmbeddingBacklog, batch: int) -> None:
        self._backlog = backlog
        self._batch = batch
        self._lock = threading.Lock()
        self._waiting: dict[Scope, int] = {}
        self._started: dict[Scope, list[Future[None]]] = {}
        self._pool: ThreadPoolExecutor | None = None

    def written(self, scope: Scope, count: int) -> None:
        """`count` records of `scope` were stored without a vector: start a batch once there are
        enough (never blocks the write)."""
        user = Scope(scope.tenant, scope.user)
        with self._lock:
            waiting = self._waiting.get(user, 0) + count
            batches, self._waiting[user] = divmod(waiting, self._batch)
            if not batches:
                return
            if self._pool is None:
                self._pool = ThreadPoolExecutor(1, thread_name_prefix="hindsight-embed-behind")
            started = self._started.setdefault(user, [])
            started[:] = [future for future in started if not future.done()]
            started.extend(self._pool.submit(self._embed, user) for _ in range(batches))

    def _embed(self, scope: Scope) -> None:
        # Whatever goes wrong, the records are stored and still waiting: the next embed_after_write
        # (or recall, or the session's end) takes them. Nothing here may fail the writer.
        try:
            self._backlog.embed(scope, limit=self._batch)
        except HindsightError as exc:
            log.warning("stored, not embedded yet: %s", exc)
        except Exception:
            log.exception("embedding behind the writes failed; the records wait for the next embedding")

    def settle(self, scope: Scope | None = None) -> None:
        """Wait for the batches started for `scope` (or anyone's); forget its count (whoever calls
        this embeds what is left)."""
        with self._lock:
            if scope is None:
                futures = [future for started in self._started.values() for future in started]
                self._started.clear()
                self._waiting.clear()
            else:
                user = Scope(scope.tenant, scope.user)
                futures = self._started.pop(user, [])
                self._waiting.pop(user, None)
        for future in futures:
            future.result()

    def close(self) -> None:
        self.settle()
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True)
