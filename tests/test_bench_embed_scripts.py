"""The Issue 17 bench scripts run: the ingest texts they time, and the concurrent recall clients."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder

BENCH = Path(__file__).resolve().parent.parent / "bench"


def _script(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_embed_throughput_times_what_ingest_embeds(tmp_path: Path) -> None:
    items = [
        {"id": "1", "text": "what helps you unwind?", "speaker": "Melanie"},
        {"id": "2", "text": "running", "speaker": "Caroline"},
        {"id": "3", "text": "no speaker"},
    ]
    path = tmp_path / "h.jsonl"
    path.write_text(json.dumps({"id": "h", "items": items, "questions": []}) + "\n", encoding="utf-8")
    texts = _script("embed_throughput").turn_texts(path, 10)
    assert texts == [
        "Melanie: what helps you unwind?",
        "Melanie: w\nCaroline: running",
        "Caroline: \nno speaker",
    ]
    assert _script("embed_throughput").turn_texts(path, 0)[1] == "Caroline: running"


def test_recall_concurrency_counts_every_client_s_recalls(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", recall_cache_ttl_s=0, query_vectors_kept=0)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
        memory.remember("bench", "the blue door is locked on Sundays")
        script = _script("recall_concurrency")
        rate, latencies = script._clients(script._in_process(memory), ["blue door", "Sundays"], 4, 0.3)
    assert len(latencies) >= 4 and rate > 0
    assert all(ms > 0 for ms in latencies)
