"""The parts of an issue-16 corpus a script reads when none is named: the tuning parts alone.

A test part is read only when named on the command line (`python bench/conflicts_eval.py test4`):
with no argument the scripts once ran `tune` and `test` together, and a look at a held-out part was
one command away."""

from __future__ import annotations

from pathlib import Path


def tuning_parts(corpus: Path) -> list[str]:
    """The corpus's tuning parts (`tune.jsonl`, `tune3.jsonl`, `tune-extra.jsonl`, ...), by name."""
    return sorted(path.stem for path in corpus.glob("tune*.jsonl"))
