"""Vectors changed by other processes: what one process's search finds after two others added
vectors, closed a record, deleted one and changed one's text (so that its vector is gone) - with
this process's index of the user warmed before, so that it must notice what changed."""

from __future__ import annotations

import numpy as np

from hindsight.stores.registry import Backend

from .backends import Site
from .kit import NOW, T0, add_with_vectors, ids, rec, where
from .workers import Processes, change_vectors

DIM = 8


def test_changes_by_two_other_processes_are_what_this_one_searches(
    site: Site, backend: Backend, processes: Processes
) -> None:
    rng = np.random.default_rng(3)
    first = rng.standard_normal((20, DIM)).astype(np.float32)
    first /= np.linalg.norm(first, axis=1, keepdims=True)
    add_with_vectors(backend, [(rec(f"here-{n}"), first[n]) for n in range(20)])
    assert len(backend.vectors.search_vector(where(), first[0], 100)) == 20  # warmed

    found_by = processes.side_by_side(
        change_vectors, (site.settings_kwargs(), "p", DIM), (site.settings_kwargs(), "q", DIM)
    )

    alive = {f"here-{n}" for n in range(20)} | {rid for found in found_by for rid in found}
    for prefix in ("p", "q"):
        after = backend.records.get_many([f"{prefix}-3"])[f"{prefix}-3"]
        vector = backend.vectors.vectors_of(where().scope, [after.id])[after.id]
        best = backend.vectors.search_vector(where(), vector, 1)
        assert ids(best) == [after.id] and abs(best[0][1] - 1.0) < 1e-5
    every = backend.vectors.search_vector(where(), first[0], 200)
    assert set(ids(every)) == alive, "added ones found; the closed, deleted and text-changed not"
    assert {"p-0", "q-0"} <= set(ids(backend.vectors.search_vector(where(at=T0), first[0], 200)))
    assert NOW > T0
