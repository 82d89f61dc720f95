"""How many statements the write path closes while ingesting a bench file (slot conflicts and
updates by meaning): `python bench/closures.py FILE.jsonl [...]`.

Each file is ingested as `hindsight bench` does (`harness._ingest`: sessions in order, every item
as the user's turn), with the hashing embedder (closing never reads the stored vectors), and the
write log's `closed` entries are counted per file. On files that never change a value (the shared
bench files, the personal-facts files) every closure is one a recall may miss: run it before and
after a change to the conflict path. Counts only: it prints no text, so a test part can be counted
without being read."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tqdm import tqdm

from hindsight import Memory, Settings
from hindsight.bench import harness
from hindsight.bench.dataset import load
from hindsight.embedding.hashing import HashEmbedder


def closures(path: Path) -> int:
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(home=Path(home), embedder="hash")
        with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
            haystacks = load(path)
            for haystack in haystacks:
                harness._ingest(memory, haystack, tqdm(disable=True))
            memory.flush()
            return sum(
                entry.action == "closed" for haystack in haystacks for entry in memory.write_log(haystack.id)
            )


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {closures(Path(name))} closed")
