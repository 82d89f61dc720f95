"""Read views composed from the store: counts (`stats`) and the human-readable `dump`.

Counted and listed by the store for one tenant's users (or everyone's), never read record by record
and filtered here."""

from __future__ import annotations

from collections import Counter

from hindsight.limits import MAX_LIST
from hindsight.models import DEFAULT_TENANT, Owners, Scope, Stats, Tenant
from hindsight.render import render_dump
from hindsight.stores.registry import Backend
from hindsight.timeutil import utcnow

LOG_SHOWN = 1000
"""A dump shows at most the newest this many log entries of each user."""


def label(scope: Scope) -> str:
    return scope.user if scope.tenant == DEFAULT_TENANT else f"{scope.user} (tenant {scope.tenant})"


def _tenant_of(space: Owners) -> str | None:
    return space.name if isinstance(space, Tenant) else None


def stats(backend: Backend, space: Owners) -> Stats:
    counts: Counter[str] = Counter()
    closed = 0
    for tier, kind, live, number in backend.records.tally(space):
        if not live:
            closed += number
            continue
        counts[tier] += number
        counts[kind] += number
    return Stats(
        users=len(backend.records.scopes(_tenant_of(space))),
        records=dict(counts),
        closed=closed,
        refused=backend.log.count_log(space, actions=["refused"]),
        skipped=backend.log.count_log(space, actions=["skipped"]),
        dead_letters=len(backend.queue.dead_letters(space)),
        waiting=len(backend.queue.waiting(space, limit=MAX_LIST)),
    )


def dump(backend: Backend, space: Owners, user: Scope | None) -> str:
    """One user, or every user in `space` (who has records or log entries), per tier."""
    if user is not None:
        scopes = [user]
    else:
        logged = {
            Scope(line.entry.tenant, line.entry.user_id) for line in backend.log.page_log(space, LOG_SHOWN)
        }
        scopes = sorted(
            {*backend.records.scopes(_tenant_of(space)), *logged}, key=lambda s: (s.tenant, s.user)
        )
    wanted = {(s.tenant, s.user) for s in scopes}
    dead = [e for e in backend.queue.dead_letters(space) if (e.tenant, e.user_id) in wanted]
    now = utcnow()
    return render_dump(
        {label(s): list(backend.records.scan(s)) for s in scopes},
        {
            label(s): [
                (session, backend.sessions.window(s, session, now))
                for session in backend.sessions.sessions(s, now)
            ]
            for s in scopes
        },
        {label(s): [line.entry for line in reversed(backend.log.page_log(s, LOG_SHOWN))] for s in scopes},
        dead,
    )
