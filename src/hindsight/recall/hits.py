"""Counting recalls for the lifecycle (what is used lives on): counted in memory and written in
batches, off the recall path - a hit is a soft signal, not worth a disk write per recall.

Counts still in memory when a process dies are lost: the lifecycle then sees a memory as a little
less used than it was, nothing more.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from datetime import datetime

from hindsight.models import Hit
from hindsight.stores.base import RecordStore

BATCH = 256
log = logging.getLogger("hindsight.hits")


class HitCounter:
    def __init__(self, records: RecordStore) -> None:
        self._records = records
        self._counts: dict[str, tuple[int, datetime]] = {}
        self._lock = threading.Lock()
        self._flusher: threading.Thread | None = None

    def count(self, hits: Sequence[Hit], moment: datetime) -> None:
        with self._lock:
            for hit in hits:
                times, last = self._counts.get(hit.record.id, (0, moment))
                self._counts[hit.record.id] = (times + 1, max(last, moment))
            full = len(self._counts) >= BATCH and self._flusher is None
            if full:
                # Written off the recall path: the answer does not wait for the bookkeeping.
                self._flusher = threading.Thread(
                    target=self._flush_quietly, name="hindsight-hits", daemon=True
                )
                self._flusher.start()

    def flush(self) -> int:
        """Write the counts so far; returns how many records they touched."""
        with self._lock:
            counted, self._counts = self._counts, {}
        try:
            self._records.add_hits(counted)
        except BaseException:
            with self._lock:  # not written: keep them for the next flush
                for rid, (times, last) in counted.items():
                    before, seen = self._counts.get(rid, (0, last))
                    self._counts[rid] = (before + times, max(seen, last))
            raise
        finally:
            with self._lock:
                if self._flusher is threading.current_thread():
                    self._flusher = None
        return len(counted)

    def _flush_quietly(self) -> None:
        try:
            self.flush()
        except Exception:  # kept for the next flush; a background thread has no caller to tell
            log.warning("recall counts not written yet", exc_info=True)

    def join(self) -> None:
        with self._lock:
            flusher = self._flusher
        if flusher is not None:
            flusher.join()
