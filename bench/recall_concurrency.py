"""Recall throughput at 1, 4 and 16 concurrent clients, and a recall beside an ingest (Issue 17).

One user holds the first `--items` turns of the shared LoCoMo file (ingested through observe and
end_session with the chosen embedder); each client thread asks the file's questions in turn
through `Memory.recall`, every one a distinct query embedded afresh (the recall-answer cache and
the recent query vectors are off). Reports recalls/s and p50/p99 per client count, then one
client's recall latency while another thread embeds passages without pause (an ingest), against
the same client alone. Run it once per source tree, alternating, for before/after ratios:

    PYTHONPATH=src python bench/recall_concurrency.py --embedder e5 --seconds 20

With `--serve-workers 1,2` the clients ask a real `hindsight serve --workers N` instead (one
keep-alive HTTP connection each, rate limit and answer cache off), once per N: in one process
Python runs one thread at a time, so a recall's own work (routes, fusion) is one core's however
many clients wait; workers are processes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hindsight import Memory, Settings
from hindsight.bench.metrics import percentile

LOCOMO = Path("/work/shared/bench/locomo-dev.jsonl")


Asker = Callable[[str], object]
"""One client's way to ask a question (a recall)."""


def _clients(
    new_asker: Callable[[], Asker], questions: list[str], clients: int, seconds: float
) -> tuple[float, list[float]]:
    """`clients` threads asking the questions in turn for `seconds`, each through an asker of its own:
    recalls a second and every recall's latency (ms)."""
    latencies: list[float] = []
    guard = threading.Lock()
    deadline = time.perf_counter() + seconds
    counter = iter(range(10**9))

    def client() -> None:
        ask = new_asker()
        while time.perf_counter() < deadline:
            with guard:
                question = questions[next(counter) % len(questions)]
            started = time.perf_counter()
            ask(question)
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


def _in_process(memory: Memory) -> Callable[[], Asker]:
    return lambda: lambda question: memory.recall("bench", question, top_k=10, count_hits=False)


def _over_http(port: int) -> Callable[[], Asker]:
    """Each client with its own keep-alive connection to the server."""

    def new_asker() -> Asker:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        return lambda question: _post(
            conn, "/v1/recall", {"user_id": "bench", "query": question, "top_k": 10, "count_hits": False}
        )

    return new_asker


def _sweep(
    args: argparse.Namespace, label: str, new_asker: Callable[[], Asker], questions: list[str]
) -> tuple[dict[str, object], int]:
    """Every client count of `--clients` in turn, each on the questions after the last one's:
    (results by count, questions asked in all)."""
    results: dict[str, object] = {}
    offset = 0
    for clients in (int(c) for c in args.clients.split(",")):
        rate, latencies = _clients(new_asker, questions[offset:] + questions[:offset], clients, args.seconds)
        offset += len(latencies)
        results[f"clients_{clients}"] = _summary(rate, latencies)
        print(
            f"{label} {clients:>2} clients: {rate:6.2f} recalls/s  p50 {percentile(latencies, 50):7.1f}  "
            f"p99 {percentile(latencies, 99):7.1f} ms  (n={len(latencies)})",
            flush=True,
        )
    return results, offset


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _post(conn: http.client.HTTPConnection, path: str, body: dict[str, object]) -> None:
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = conn.getresponse()
    answer.read()
    if answer.status != 200:
        raise SystemExit(f"{path}: HTTP {answer.status}")


def serve_run(
    args: argparse.Namespace, workers: int, haystack: dict[str, Any], questions: list[str]
) -> dict[str, object]:
    """The client counts against `hindsight serve --workers <workers>` on a fresh home."""
    port = _free_port()
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "HINDSIGHT_HOME": home,
            "HINDSIGHT_EMBEDDER": args.embedder,
            "HINDSIGHT_RECALL_CACHE_TTL_S": "0",
            "HINDSIGHT_QUERY_VECTORS_KEPT": "0",
            "HINDSIGHT_RATE_PER_S": "0",
            "HINDSIGHT_MAINTAIN_EVERY_S": "0",
        }
        command = [sys.executable, "-m", "hindsight.cli", "serve", "--port", str(port)]
        command += ["--workers", str(workers)]
        server = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 180
            while True:
                try:
                    probe = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                    probe.request("GET", "/ready")
                    if probe.getresponse().status == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not become ready")
                time.sleep(0.2)
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            for item in haystack["items"][: args.items]:
                turn = {"user_id": "bench", "session_id": "s", "role": "user", "text": item["text"]}
                _post(conn, "/v1/observe", {**turn, "time": item.get("time")})
            _post(conn, "/v1/end_session", {"user_id": "bench", "session_id": "s"})
            # Every worker's engines loaded and the records' vectors written before timing.
            _clients(_over_http(port), questions[:64], 16, 3.0)
            results: dict[str, object] = {"label": args.label, "embedder": args.embedder}
            results["serve_workers"] = workers
            swept, _ = _sweep(args, f"{args.label} serve --workers {workers},", _over_http(port), questions)
            results.update(swept)
            return results
        finally:
            server.terminate()
            server.wait(timeout=60)


def _summary(rate: float, latencies: list[float]) -> dict[str, float]:
    return {
        "recalls_per_s": round(rate, 2),
        "p50_ms": round(percentile(latencies, 50), 1),
        "p99_ms": round(percentile(latencies, 99), 1),
        "n": len(latencies),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--items", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--clients", default="1,4,16")
    parser.add_argument("--label", default="")
    parser.add_argument("--serve-workers", default="", help="e.g. 1,2: through `hindsight serve --workers N`")
    args = parser.parse_args()

    haystack = json.loads(LOCOMO.read_text(encoding="utf-8").splitlines()[0])
    questions = [
        q["question"] for line in LOCOMO.read_text().splitlines() for q in json.loads(line)["questions"]
    ]
    if args.serve_workers:
        for workers in (int(w) for w in args.serve_workers.split(",")):
            print(json.dumps(serve_run(args, workers, haystack, questions)))
        return
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
            swept, offset = _sweep(args, args.label, _in_process(memory), questions)
            results.update(swept)
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
            rest = questions[offset:] + questions[:offset]
            rate, latencies = _clients(_in_process(memory), rest, 1, args.seconds)
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
