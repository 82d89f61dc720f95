"""What the write path's own steps cost per turn, apart from embedding.

Replays every haystack of a bench file through `Memory.observe` / `end_session` (as the bench
harness does: each speaker's name kept) with the hashing embedder (no model), timing where the
write path calls them: the guard's rules, its learned layer (and inside it the sentence encoder),
the triggers, the writer's event step (rule extraction and conflict resolution) and the store's
transactions (the queue's acknowledgement and the records' write).

    python bench/write_overhead.py ../shared/bench/locomo-dev.jsonl ../shared/bench/madial-zh.jsonl

The guard's model and the Chinese segmenter are loaded before the clock starts (once per process,
not per turn). Each text is new to the process, so no cache answers for it; run one file per
process to compare codes."""

from __future__ import annotations

import functools
import json
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

import hindsight.write.pipeline as pipeline
from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.stores.sqlite.queue import SQLiteQueue
from hindsight.stores.sqlite.records import SQLiteRecords
from hindsight.text import segment_for_index
from hindsight.write import guard, intent

spent: dict[str, float] = {}

STEPS = (
    (guard, "check_rules", "guard: rules"),
    (guard, "check_learned", "guard: learned layer"),
    (intent, "vectors", "  of which the sentence encoder"),
    (pipeline, "decide", "triggers"),
    (pipeline.Writer, "_write_event", "extraction + conflicts"),
    (SQLiteQueue, "enqueue", "store: queue (transaction)"),
    (SQLiteRecords, "apply", "store: records (transaction)"),
)


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


def replay(memory: Memory, haystack: dict[str, Any]) -> int:
    user, previous, turns = haystack["id"], None, 0
    for item in haystack["items"]:
        session = item.get("session") or "main"
        if previous is not None and session != previous:
            memory.end_session(user, previous)
        at = datetime.fromisoformat(item["time"]) if item.get("time") else None
        speaker = (item.get("speaker") or "").strip() or None
        memory.observe(user, session, "user", item["text"], at, turn_id=item["id"], speaker=speaker)
        previous, turns = session, turns + 1
    if previous is not None:
        memory.end_session(user, previous)
    return turns


def main(paths: list[str]) -> None:
    segment_for_index("预热分词器")  # the segmenter's dictionary: start-up, not per-turn cost
    guard.warm_up()  # the learned layer's encoder and weights: start-up too
    for owner, name, label in STEPS:
        timed(owner, name, label)
    for path in paths:
        spent.clear()
        turns = 0
        with open(path, encoding="utf-8") as handle:
            haystacks = [json.loads(line) for line in handle if line.strip()]
        started = time.perf_counter()
        for haystack in haystacks:
            settings = Settings(home=tempfile.mkdtemp(prefix="hindsight-write-"), embedder="hash")
            with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
                turns += replay(memory, haystack)
        total = time.perf_counter() - started
        print(f"{path}: {turns} turns, {1000 * total / turns:.2f} ms/turn end to end (hash embedder)")
        for _, _, label in STEPS:
            print(f"  {label:<34} {1000 * spent.get(label, 0.0) / turns:.3f} ms/turn")


if __name__ == "__main__":
    main(sys.argv[1:])
