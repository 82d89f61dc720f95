"""`hindsight doctor`: is the store sound, and is anything waiting that should not be?

Damage first (the backend's own checks: with SQLite every page and the keyword index), then what
the memory's own bookkeeping says: the embedding model of the vectors, records still waiting for a
vector, writes waiting or failed for good, claims held by processes that are gone, events left open.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from hindsight.core import Core
from hindsight.limits import MAX_LIST
from hindsight.ops.owner import gone
from hindsight.reindex import EMBEDDING_MODEL_META, REINDEX_META
from hindsight.timeutil import utcnow

Level = Literal["ok", "note", "problem"]


@dataclass(frozen=True, slots=True)
class Finding:
    level: Level
    what: str


def examine(core: Core, thorough: bool = True) -> list[Finding]:
    backend = core.backend
    found: list[Finding] = [
        Finding("problem", f"damage: {problem}") for problem in backend.records.check(thorough)
    ]
    if found:
        found.append(
            Finding("note", "restore the last backup into a new home: hindsight --home NEW restore FILE")
        )
        return found  # the rest would read the damage
    found.append(
        Finding(
            "ok",
            f"{backend.description}: no damage found ({'every page read' if thorough else 'quick check'})",
        )
    )
    model, target = backend.records.get_meta(EMBEDDING_MODEL_META), backend.records.get_meta(REINDEX_META)
    if target is not None:
        found.append(
            Finding("problem", f"a reindex to {target!r} is unfinished: run `hindsight reindex` again")
        )
    elif model not in (None, core.embedder.model_id):
        found.append(
            Finding("problem", f"the vectors are {model!r}'s, the embedder is {core.embedder.model_id!r}")
        )
    waiting = len(backend.vectors.pending(MAX_LIST))
    if waiting:
        found.append(
            Finding("note", f"{waiting} record(s) wait for a vector (the background loop embeds them)")
        )
    queued, dead = backend.queue.waiting(None, MAX_LIST), backend.queue.dead_letters(None)
    if queued:
        found.append(Finding("note", f"{len(queued)} acknowledged write(s) wait to be applied"))
    if dead:
        found.append(
            Finding("problem", f"{len(dead)} write(s) failed for good: `hindsight queue`, then --retry")
        )
    stale = gone(backend.queue.holders())
    if stale:
        found.append(
            Finding("note", f"claims of {len(stale)} process(es) that are gone: `hindsight queue --apply`")
        )
    idle = backend.events.idle_events(utcnow(), MAX_LIST)
    if idle:
        found.append(
            Finding("note", f"{len(idle)} conversation event(s) open (written when idle, or at session end)")
        )
    return found
