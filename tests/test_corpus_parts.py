"""The issue-16 corpora keep their held-out parts apart from their tuning parts: no line of a test
part is in a tuning part (a copy there would be tuned on), and ids are unique across a corpus.

Short stock lines ("哈哈好的", "ok thanks!", a one-line fact) are written by more than one author on
their own, so only lines of 30 characters or more are compared; a time case is its query at its
"now"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

CORPORA = Path(__file__).parent / "corpora"


def _rows(path: Path) -> list[dict[str, object]]:
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def _key(row: dict[str, object]) -> str:
    """What a line says: its text (guard), its turns (conflicts, extraction) or its query (time)."""
    if "query" in row:
        return json.dumps([row["query"], row["now"]], ensure_ascii=False)
    for field in ("text", "turns"):
        if field in row:
            return json.dumps(row[field], ensure_ascii=False)
    raise AssertionError(f"a corpus line with nothing to compare: {row}")


@pytest.mark.parametrize("corpus", ["guard", "conflicts", "time", "extraction"])
def test_no_held_out_line_is_in_a_tuning_part(corpus: str) -> None:
    folder = CORPORA / corpus
    tuning = [row for path in sorted(folder.glob("tune*.jsonl")) for row in _rows(path)]
    held_out = {path.stem: _rows(path) for path in sorted(folder.glob("test*.jsonl"))}
    assert tuning and held_out
    tuned = {_key(row) for row in tuning}
    for part, rows in held_out.items():
        assert not [row["id"] for row in rows if len(_key(row)) >= 30 and _key(row) in tuned], part
    ids = [row["id"] for row in tuning] + [row["id"] for rows in held_out.values() for row in rows]
    assert len(ids) == len(set(ids))
