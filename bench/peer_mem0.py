"""mem0 OSS on the shared bench files, with Hindsight's own MiniLM embedder (Issue 17's peer).

mem0 (`pip install mem0ai`, 2.x; its core needs no torch) stores each turn as given (`add(...,
infer=False)`: no LLM) in its default local Qdrant, one memory per turn with the item id in its
metadata, and answers `search` by vector similarity. Its embedder is replaced by the one Hindsight
uses with `--embedder minilm` (all-MiniLM-L6-v2 int8 through ONNX Runtime, one thread), so the
comparison is the same model on both sides, not torch against ONNX. Scores are Hindsight's
(ev@k, any@k, all@k over the ranked item ids); ingest items/s and search p50/p99 are timed the
same way as `hindsight bench` times them.

    pip install --target /tmp/mem0 mem0ai     # or into a venv of its own
    PYTHONPATH=src:/tmp/mem0 python bench/peer_mem0.py ../shared/bench/locomo-dev.jsonl --k 5,10,20

Not the project's dependency: nothing in src/ imports mem0. mem0 2.x's optional extras stay off
here as they would in a torch-free install: its BM25 keyword search needs fastembed (whose model
comes from a hub at run time) and its entity boost needs spaCy; it says so on start and runs on
vectors alone.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from hindsight.bench.dataset import load
from hindsight.bench.metrics import Tally, dedupe, percentile
from hindsight.embedding.minilm import MiniLMEmbedder


class HindsightMiniLM:
    """mem0's embedder interface (`embed`, `embed_batch`) over Hindsight's MiniLM."""

    def __init__(self) -> None:
        self.model = MiniLMEmbedder(threads=1, workers=1)

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        return [float(x) for x in self.model.embed_query(text)]

    def embed_batch(self, texts: list[str], memory_action: str = "add") -> list[list[float]]:
        return [[float(x) for x in row] for row in self.model.embed_passages(texts)]


def open_mem0(home: str) -> Any:
    os.environ.setdefault("MEM0_TELEMETRY", "False")
    os.environ.setdefault("OPENAI_API_KEY", "unused")  # the default LLM client is built, never called
    from mem0 import Memory as Mem0

    config = {
        "vector_store": {
            "provider": "qdrant",
            "config": {"path": f"{home}/qdrant", "embedding_model_dims": 384, "on_disk": True},
        },
        "history_db_path": f"{home}/history.db",
    }
    memory = Mem0.from_config(config)
    memory.embedding_model = HindsightMiniLM()
    return memory


def run(path: Path, ks: tuple[int, ...]) -> dict[str, Any]:
    haystacks = load(path)
    deepest = max(ks)
    with tempfile.TemporaryDirectory(prefix="peer-mem0-") as home:
        memory = open_mem0(home)
        memory.embedding_model.embed("warm up")
        items = sum(len(h.items) for h in haystacks)
        started = time.perf_counter()
        for haystack in haystacks:
            for item in haystack.items:
                message: dict[str, str] = {"role": "user", "content": item.text}
                if item.speaker and item.speaker.strip():
                    message["name"] = item.speaker.strip()
                memory.add([message], user_id=haystack.id, infer=False, metadata={"item_id": item.id})
        ingest_s = time.perf_counter() - started
        tally = Tally(ks)
        latencies: list[float] = []
        for haystack in haystacks:
            for question in haystack.questions:
                began = time.perf_counter()
                found = memory.search(
                    question.question, top_k=deepest, filters={"user_id": haystack.id}, threshold=0.0
                )
                latencies.append((time.perf_counter() - began) * 1000.0)
                hits = found.get("results", []) if isinstance(found, dict) else found
                ranked = dedupe([(hit.get("metadata") or {}).get("item_id", "") for hit in hits])[:deepest]
                if question.evidence:
                    tally.add(question.category, ranked, question.evidence)
    return {
        "file": path.name,
        "system": "mem0 OSS + Hindsight's MiniLM int8 ONNX",
        "items": items,
        "ingest_items_per_s": items / ingest_s,
        "search_p50_ms": percentile(latencies, 50),
        "search_p99_ms": percentile(latencies, 99),
        "scores": tally.averages(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--k", default="5,10,20")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args()
    ks = tuple(sorted({int(k) for k in args.k.split(",")}))
    results = []
    for path in args.files:
        result = run(path, ks)
        results.append(result)
        every = result["scores"].get("all", {})
        print(
            f"{result['file']}: ingest {result['ingest_items_per_s']:.1f} items/s, search p50 "
            f"{result['search_p50_ms']:.1f} / p99 {result['search_p99_ms']:.1f} ms, "
            + "  ".join(f"ev@{k} {every.get(f'ev@{k}', 0.0):.3f}" for k in ks),
            flush=True,
        )
    if args.json_out:
        args.json_out.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
