"""What the write path's own steps cost per turn, apart from embedding and storage.

Replays every haystack of a bench file through Memory.observe / end_session with the hashing
embedder (no model), timing the guard, the triggers and the event extraction (rule extractor plus
conflict resolution) where the Writer calls them, and the store's transactions separately.

    python bench/write_overhead.py ../shared/bench/locomo-dev.jsonl ../shared/bench/madial-zh.jsonl
"""

from __future__ import annotations

import functools
import json
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import hindsight.write.pipeline as pipeline
from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.stores.sqlite import SQLiteStore
from hindsight.text import segment_for_index

spent: dict[str, float] = {}


def timed(owner: Any, name: str, label: str) -> None:
    original: Callable[..., Any] = getattr(owner, name)

    @functools.wraps(original)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent[label] = spent.get(label, 0.0) + time.perf_counter() - started

    setattr(owner, name, wrapper)


def main(paths: list[str]) -> None:
    timed(pipeline.guard, "check", "guard")
    timed(pipeline, "decide", "triggers")
    timed(pipeline.Writer, "_write_event", "extract + conflicts")
    timed(SQLiteStore, "apply_write", "store: apply (transaction)")
    timed(SQLiteStore, "enqueue", "store: enqueue (transaction)")
    segment_for_index("预热分词器")  # loading the segmenter's dictionary is start-up, not per-turn cost
    for path in paths:
        spent.clear()
        turns = 0
        with open(path, encoding="utf-8") as handle:
            haystacks = [json.loads(line) for line in handle if line.strip()]
        started = time.perf_counter()
        for haystack in haystacks:
            settings = Settings(home=tempfile.mkdtemp(prefix="hindsight-write-"), embedder="hash")
            with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
                core, user, previous = memory.core, haystack["id"], None
                for item in haystack["items"]:
                    session = item.get("session") or "main"
                    if previous is not None and session != previous:
                        core._end_session(user, previous, None)
                    role = item.get("speaker") or "user"
                    core._observe(user, session, role, item["text"], item.get("time"), item["id"], True)
                    previous = session
                    turns += 1
        total = time.perf_counter() - started
        print(f"{path}: {turns} turns, {1000 * total / turns:.2f} ms/turn end to end (hash embedder)")
        for label, seconds in spent.items():
            print(f"  {label:<30} {1000 * seconds / turns:.3f} ms/turn")
        own = sum(spent.get(k, 0.0) for k in ("guard", "triggers", "extract + conflicts"))
        print(f"  {'guard + triggers + extraction':<30} {1000 * own / turns:.3f} ms/turn")


if __name__ == "__main__":
    main(sys.argv[1:])
