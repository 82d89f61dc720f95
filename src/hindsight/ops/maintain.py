"""Running the lifecycle (lifecycle.py) over users, correctly when processes share the store.

Each user is maintained under a lock of their own ("maintain:<owner>"), so two processes never age
one memory at once, and in one Change: a crash leaves the user's memory as it was or fully
maintained. The ledger is planned from a read; a write that lands between that read and the Change
(a turn closing a slot, a recall's hit count, a promotion by hand) moves a record's version, the
store refuses the Change (StaleWrite), and the user is planned again from a fresh read - so a
concurrent write is never overwritten.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from hindsight import lifecycle
from hindsight.errors import Busy, StaleWrite
from hindsight.llm import ChatClient, LLMPatternWriter
from hindsight.models import Scope
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow
from hindsight.write.extract import Extractor
from hindsight.write.pipeline import log_entry

if TYPE_CHECKING:
    from hindsight.core import Core

log = logging.getLogger("hindsight.maintain")

RETRIES = 5
LOCK_S = 600.0
"""A user's maintenance lock outlives any one user's run; a crashed holder's lock lapses after it."""


@dataclass(frozen=True, slots=True)
class _Skipped:
    scope: Scope
    reason: str
    busy: bool = True
    """Another process holds it (not a failure)."""


class Maintainer:
    def __init__(self, backend: Backend, extractor: Extractor, owner: str, policy: lifecycle.Policy) -> None:
        self._backend = backend
        self._extractor = extractor
        self._owner = owner
        self.policy = policy

    def _pattern_writer(self) -> lifecycle.PatternWriter:
        client = getattr(self._extractor, "client", None)
        if isinstance(client, ChatClient):
            return LLMPatternWriter(client, lifecycle.rule_pattern_text)
        return lifecycle.rule_pattern_text

    def run(
        self,
        moment: datetime,
        scopes: Sequence[Scope],
        progress: Callable[[Scope], None] | None = None,
        *,
        strict: bool = True,
    ) -> lifecycle.MaintenanceReport:
        """Age each user's memory to `moment`. A user another process is maintaining right now is
        skipped (the report lists them); if that leaves every one undone, `strict` raises Busy."""
        changes: list[lifecycle.Change] = []
        skipped: list[_Skipped] = []
        examined = 0
        write_pattern = self._pattern_writer()
        for scope in scopes:
            lock = f"maintain:{scope.tenant}:{scope.user}"
            wall = utcnow()
            if not self._backend.locks.acquire(lock, self._owner, wall + timedelta(seconds=LOCK_S), wall):
                skipped.append(_Skipped(scope, "another process is maintaining this memory"))
                continue
            try:
                for _attempt in range(RETRIES):
                    try:
                        seen, done = self._maintain(scope, moment, write_pattern)
                    except StaleWrite:
                        continue  # a write landed meanwhile: plan again from what is stored now
                    except Exception as exc:  # one memory's fault must not stop the others'
                        log.warning("maintenance of %s failed", scope.owner, exc_info=True)
                        skipped.append(_Skipped(scope, f"failed: {type(exc).__name__}: {exc}", busy=False))
                        break
                    examined += seen
                    changes += done
                    break
                else:
                    skipped.append(_Skipped(scope, "its memory kept changing; maintained next time"))
            finally:
                self._backend.locks.release(lock, self._owner)
            if progress is not None:
                progress(scope)
        if strict and scopes and len(skipped) == len(scopes) and all(item.busy for item in skipped):
            raise Busy(f"could not maintain: {skipped[0].reason} ({len(skipped)} user(s)); try again later")
        return lifecycle.MaintenanceReport(
            moment,
            len(scopes) - len(skipped),
            examined,
            tuple(changes),
            tuple(f"{item.scope.owner}: {item.reason}" for item in skipped),
        )

    def _maintain(
        self, scope: Scope, moment: datetime, write_pattern: lifecycle.PatternWriter
    ) -> tuple[int, list[lifecycle.Change]]:
        backend, policy = self._backend, self.policy
        records = {record.id: record for record in backend.records.scan(scope)}
        read = dict(records)
        ledger = lifecycle.Ledger(
            scope.user, moment, records, backend.vectors.vectors_of(scope, list(records)), tenant=scope.tenant
        )
        lifecycle.merge_duplicates(ledger, policy)
        lifecycle.consolidate(ledger, policy, write_pattern)
        if isinstance(write_pattern, LLMPatternWriter):
            ledger.log += [
                log_entry(scope, "llm_fallback", note, note, moment, "maintain")
                for note in write_pattern.notes
            ]
            write_pattern.notes.clear()
        lifecycle.promote_frequent(ledger, policy, backend.search.speakers(scope))
        # Expiry before review: a long-term memory unused for its whole lifetime goes, rather
        # than being demoted and given a fresh short-term TTL.
        lifecycle.expire(ledger, policy)
        review_key = f"lifecycle.review.{scope.owner}"
        last_review = backend.records.get_meta(review_key)
        reviewed = lifecycle.review(
            ledger, policy, None if last_review is None else datetime.fromisoformat(last_review)
        )
        backend.records.apply(
            Change(
                add=tuple(ledger.added.values()),
                update=tuple(r for rid, r in ledger.updated.items() if rid not in ledger.deleted),
                delete=tuple(read[rid] for rid in ledger.deleted if rid in read),
                log=tuple(ledger.log),
                meta={review_key: moment.isoformat()} if reviewed else {},
            )
        )
        return len(records), ledger.changes


def maintain_now(
    core: Core,
    moment: datetime,
    user: Scope | None,
    tenant: str | None,
    progress: Callable[[Scope], None] | None,
) -> lifecycle.MaintenanceReport:
    """An explicit maintenance (not the schedule): of one user, or of every user of `tenant` (None:
    of everyone). What waits is applied and embedded first, and the recall counts written, so the
    lifecycle sees the memory as it is now."""
    scopes = [user] if user is not None else core.backend.records.scopes(tenant)
    core.writes.drain(due=False)
    for scope in scopes:
        core.backlog.embed(scope)  # new vectors first: merging compares them
    core.hits.join()
    core.hits.flush()
    report = core.maintainer.run(moment, scopes, progress)
    for scope in scopes:
        core.backlog.embed(scope)  # new pattern memories become searchable now
    return report
