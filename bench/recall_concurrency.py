"""Recall throughput at 1, 4 and 16 concurrent clients, and a recall beside an ingest (Issue 17).

One user holds the first `--items` turns of the shared LoCoMo file (ingested through observe and
end_session with the chosen embedder); each client thread asks the file's questions in turn
through `Memory.recall`, every one a distinct query embedded afresh (the recall-answer cache and
the recent query vectors are off). Reports recalls/s and p50/p99 per client count, then one
client's recall latency while another thread embeds passages without pause (an ingest), against
the same client alone. Run it once per source tree, alternating, for before/after ratios:

    PYTHONPATH=src python bench/recall_concurrency.py --embedder e5 --seconds 20
"""

from __future__ import annotations

import argparse
import json
import tempfile
import threading
import time
from pathlib import Path

from hindsight import Memory, Settings
from hindsight.bench.metrics import percentile

LOCOMO = Path("/work/shared/bench/locomo-dev.jsonl")


def _clients(memory: Memory, questions: list[str], clients: int, seconds: float) -> tuple[float, list[float]]:
    latencies: list[float] = []
    guard = threading.Lock()
    deadline = time.perf_counter() + seconds
    counter = iter(range(10**9))

    def client() -> None:
        while time.perf_counter() < deadline:
            with guard:
                question = questions[next(counter) % len(questions)]
            started = time.perf_counter()
            memory.recall("bench", question, top_k=10, count_hits=False)
            took = (time.perf_counter() - started) * 1000.0
            with guard:
                latencies.append(took)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return len(latencies) / (time.perf_counter() - started), latencies


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--items", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", default="1,4,16")
    parser.add_argument("--label", default="")
    args = parser.parse_args()

    haystack = json.loads(LOCOMO.read_text(encoding="utf-8").splitlines()[0])
    questions = [
        q["question"] for line in LOCOMO.read_text().splitlines() for q in json.loads(line)["questions"]
    ]
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(
            home=Path(home),
            embedder=args.embedder,
            recall_cache_ttl_s=0,
            query_vectors_kept=0,
        )
        with Memory(settings=settings, background=False) as memory:
            for item in haystack["items"][: args.items]:
                memory.observe("bench", item.get("session") or "s", "user", item["text"], item.get("time"))
            memory.end_session("bench", "s")
            memory.flush()
            memory.embedder.embed_query("warm up")
            for question in questions[:8]:  # every lane's engine loaded before timing
                memory.recall("bench", question, count_hits=False)
            results: dict[str, object] = {"label": args.label, "embedder": args.embedder}
            offset = 0
            for clients in (int(c) for c in args.clients.split(",")):
                rate, latencies = _clients(
                    memory, questions[offset:] + questions[:offset], clients, args.seconds
                )
                offset += len(latencies)
                results[f"clients_{clients}"] = {
                    "recalls_per_s": round(rate, 2),
                    "p50_ms": round(percentile(latencies, 50), 1),
                    "p99_ms": round(percentile(latencies, 99), 1),
                    "n": len(latencies),
                }
                print(
                    f"{args.label} {clients:>2} clients: {rate:6.2f} recalls/s  "
                    f"p50 {percentile(latencies, 50):7.1f}  p99 {percentile(latencies, 99):7.1f} ms  "
                    f"(n={len(latencies)})",
                    flush=True,
                )
            # One client beside a thread that embeds passages without pause (an ingest).
            passages = [item["text"] for item in haystack["items"][:64]]
            stop = threading.Event()
            embedded = 0

            def ingest() -> None:
                nonlocal embedded
                while not stop.is_set():
                    memory.embedder.embed_passages(passages)
                    embedded += len(passages)

            writer = threading.Thread(target=ingest)
            started = time.perf_counter()
            writer.start()
            rate, latencies = _clients(memory, questions[offset:] + questions[:offset], 1, args.seconds)
            stop.set()
            writer.join()
            ingest_rate = embedded / (time.perf_counter() - started)
            results["clients_1_beside_ingest"] = {
                "recalls_per_s": round(rate, 2),
                "p50_ms": round(percentile(latencies, 50), 1),
                "p99_ms": round(percentile(latencies, 99), 1),
                "n": len(latencies),
                "ingest_passages_per_s": round(ingest_rate, 1),
            }
            print(
                f"{args.label}  1 client beside an ingest: {rate:6.2f} recalls/s  "
                f"p50 {percentile(latencies, 50):7.1f}  p99 {percentile(latencies, 99):7.1f} ms; "
                f"ingest {ingest_rate:.1f} passages/s",
                flush=True,
            )
            print(json.dumps(results))


if __name__ == "__main__":
    main()
