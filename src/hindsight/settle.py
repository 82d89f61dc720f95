"""A long-running process's start-up objects taken out of the garbage collector's full passes.

A process that has loaded Hindsight's stack holds some 60,000 objects that live as long as it does
(modules, classes, functions, the web framework's and the validator's schemas). Each full pass of
Python's cyclic garbage collector walks every one of them: 30-50 ms on the project's machines, at
one recall in a few hundred, which then is the slowest of them (BENCHMARKS.md, Issue 17,
twenty-fifth round). `gc.freeze()` moves them into a generation no pass walks; garbage made later
is collected as before. Only for a process Hindsight owns (`serve` and its workers): in a host's
process it would keep the host's objects of that moment out of every later collection too.
"""

from __future__ import annotations

import gc


def freeze_start_up_objects() -> int:
    """Collect what is garbage now, then freeze the rest; returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
