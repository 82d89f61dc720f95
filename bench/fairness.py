"""Does one tenant's bulk writing slow another tenant's recall? One process, the default e5
embedder, two tenants on one SQLite store:

1. tenant "quiet" holds a few hundred short memories; its recall latency is measured idle;
2. tenant "bulk" then writes maximum-size memories (HINDSIGHT_MAX_TEXT_CHARS characters of
   Chinese, the costliest text for the model) back to back in another thread, and "quiet"'s recall
   latency is measured again, in the same run.

Reported as ratios of the busy to the idle percentile (target: p99 at most 2x idle), for the
configuration as shipped and for the one before (one engine instance for queries and passages,
no bound on what the model reads), so the difference is measured on one machine in one run.

    python bench/fairness.py [--recalls 40] [--out bench/results/issue12/fairness.jsonl]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from hindsight import Memory, Settings
from hindsight.embedding.e5 import E5Embedder

TOPICS = ["订单", "地址", "发票", "退款", "快递", "会员", "优惠券", "账户", "密码", "电话"]
ENGLISH = ["order", "address", "invoice", "refund", "parcel", "membership", "coupon", "account"]


class SharedInstance(E5Embedder):
    """The configuration before this change: queries wait behind passages on one engine."""

    def _loaded(self, role: str) -> Any:
        self._locks["query"] = self._locks["passage"]
        return super()._loaded("passage")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def recall_latencies(memory: Memory, count: int, offset: int, deadline: float = float("inf")) -> list[float]:
    quiet = memory.for_tenant("quiet")
    out: list[float] = []
    for i in range(count):
        if time.monotonic() > deadline:  # each recall may wait out a whole bulk write before
            break
        n = offset + i  # a new query every time: the recall cache must not answer
        query = f"what did I say about my {ENGLISH[n % len(ENGLISH)]} number {n}?"
        start = time.perf_counter()
        quiet.recall("q-user", query, top_k=5)
        out.append((time.perf_counter() - start) * 1000)
    return out


def run(configuration: str, recalls: int, busy_s: float, home: Path) -> dict[str, Any]:
    settings = Settings(home=home, recall_cache_ttl_s=0, rate_per_s=0)
    if configuration == "before":
        settings = settings.model_copy(update={"embed_max_chars": settings.max_text_chars})
        embedder: E5Embedder = SharedInstance()
    else:
        embedder = E5Embedder()
    with Memory(settings=settings, embedder=embedder, background=False) as memory:
        quiet = memory.for_tenant("quiet")
        for i in range(300):
            topic = TOPICS[i % len(TOPICS)]
            quiet.remember("q-user", f"My {ENGLISH[i % len(ENGLISH)]} note {i}: {topic} 编号 {i * 7919}")
        recall_latencies(memory, 5, 10_000)  # warm both engine instances and the vector cache
        idle = recall_latencies(memory, recalls, 0)

        bulk = memory.for_tenant("bulk")
        sentence = "我们今天讨论了项目的进度、预算和下一步的安排，大家都同意按计划推进。"
        body = (sentence * (settings.max_text_chars // len(sentence) + 1))[: settings.max_text_chars - 20]
        stop = threading.Event()
        written: list[float] = []

        def write_bulk() -> None:
            n = 0
            while not stop.is_set():
                start = time.perf_counter()
                bulk.remember("b-user", f"{body} 第{n}份")
                written.append(time.perf_counter() - start)
                n += 1

        writer = threading.Thread(target=write_bulk, daemon=True)
        writer.start()
        time.sleep(1.0)  # the first bulk write is under way
        busy = recall_latencies(memory, recalls, 20_000, time.monotonic() + busy_s)
        stop.set()
        writer.join()
    return {
        "configuration": configuration,
        "recalls_idle": len(idle),
        "recalls_busy": len(busy),
        "idle_p50_ms": round(statistics.median(idle), 1),
        "idle_p99_ms": round(percentile(idle, 0.99), 1),
        "busy_p50_ms": round(statistics.median(busy), 1),
        "busy_p99_ms": round(percentile(busy, 0.99), 1),
        "p50_ratio": round(statistics.median(busy) / statistics.median(idle), 2),
        "p99_ratio": round(percentile(busy, 0.99) / percentile(idle, 0.99), 2),
        "bulk_writes": len(written),
        "bulk_write_mean_s": round(statistics.mean(written), 2) if written else None,
        "bulk_chars": settings.max_text_chars,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--recalls", type=int, default=40)
    parser.add_argument("--busy-s", type=float, default=120.0, help="longest time to measure while busy")
    parser.add_argument("--out", type=Path, default=None)
    options = parser.parse_args()
    lines = []
    for configuration in ("shipped", "before"):
        with tempfile.TemporaryDirectory(prefix="hindsight-fair-") as scratch:
            line = json.dumps(run(configuration, options.recalls, options.busy_s, Path(scratch)))
        print(line, flush=True)
        lines.append(line)
    if options.out is not None:
        options.out.parent.mkdir(parents=True, exist_ok=True)
        options.out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
