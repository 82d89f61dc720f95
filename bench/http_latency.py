"""Recall through a real `hindsight serve`, against the same recall in process.

    python bench/http_latency.py ../shared/bench/madial-en.jsonl [--embedder e5]

Starts `hindsight serve` on 127.0.0.1 (a fresh home, one API key), ingests the file's haystacks
through POST /v1/observe and /v1/end_session, then asks every question through POST /v1/recall
(cache off) and prints p50/p95/p99 of the whole HTTP round trip next to the server-side recall
timings the response reports (explain=true). The difference is what the HTTP adapter costs."""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from hindsight.bench.dataset import load
from hindsight.bench.metrics import percentile

KEY = "bench-key-0123456789"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("file", type=Path)
    parser.add_argument("--embedder", default="e5")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as home:
        env = {
            **os.environ,
            "HINDSIGHT_HOME": home,
            "HINDSIGHT_EMBEDDER": args.embedder,
            "HINDSIGHT_API_KEYS": KEY,
            "HINDSIGHT_RECALL_CACHE_TTL_S": "0",
            "HINDSIGHT_MAINTAIN_EVERY_S": "0",
        }
        cmd = [sys.executable, "-m", "hindsight.cli", "serve", "--port", str(port)]
        server = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            run(f"http://127.0.0.1:{port}", args.file)
        finally:
            server.terminate()
            server.wait(timeout=30)


def run(base: str, path: Path) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {KEY}"}, timeout=60) as http:
        deadline = time.monotonic() + 120
        while True:
            try:
                if http.get("/ready").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("the server did not become ready")
            time.sleep(0.2)
        haystacks = load(path)
        started = time.perf_counter()
        items = 0
        for haystack in haystacks:
            session = None
            for item in haystack.items:
                if session is not None and item.session != session:
                    http.post(
                        "/v1/end_session", json={"user_id": haystack.id, "session_id": session or "main"}
                    )
                session = item.session
                body = {
                    "user_id": haystack.id,
                    "session_id": item.session or "main",
                    "role": item.speaker or "user",
                    "text": item.text,
                    "time": item.time,
                    "turn_id": item.id,
                }
                http.post("/v1/observe", json=body).raise_for_status()
                items += 1
            http.post("/v1/end_session", json={"user_id": haystack.id, "session_id": session or "main"})
        ingest_s = time.perf_counter() - started
        round_trip, server_side, embed = [], [], []
        for haystack in haystacks:
            for question in haystack.questions:
                body = {
                    "user_id": haystack.id,
                    "query": question.question,
                    "now": question.time,
                    "explain": True,
                    "top_k": 10,
                    "token_budget": None,
                }
                t0 = time.perf_counter()
                answer = http.post("/v1/recall", json=body)
                round_trip.append((time.perf_counter() - t0) * 1000)
                answer.raise_for_status()
                timings = answer.json()["timings_ms"]
                server_side.append(sum(timings.values()))
                embed.append(timings.get("embed", 0.0))
    print(
        f"{path.name}: {items} items ingested over HTTP in {ingest_s:.1f} s ({items / ingest_s:.1f} items/s)"
    )
    for name, values in (("HTTP round trip", round_trip), ("recall steps (server)", server_side),
                         ("of which embedding", embed)):  # fmt: skip
        print(f"  {name:24s} p50 {percentile(values, 50):6.1f}  p95 {percentile(values, 95):6.1f}  "
              f"p99 {percentile(values, 99):6.1f} ms  (n={len(values)})")  # fmt: skip


if __name__ == "__main__":
    main()
