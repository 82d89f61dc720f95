"""Compare recall settings on one ingest: `python bench/experiment.py CACHE FILE 'name:k=v,k=v' ...`.

Ingests FILE once (vectors from the CACHE file, see hindsight.bench.embedcache), then asks every
question once per variant, each variant a set of Settings overrides, and prints ev@k per category.
Quality only: timings through the cache do not measure the embedder."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tqdm import tqdm

from hindsight import Memory, Settings
from hindsight.bench import harness
from hindsight.bench.dataset import load
from hindsight.bench.embedcache import CachedEmbedder
from hindsight.embedding import make_embedder


def parse(spec: str) -> tuple[str, dict[str, object]]:
    name, _, body = spec.partition(":")
    updates: dict[str, object] = {}
    for pair in filter(None, body.split(",")):
        key, _, value = pair.partition("=")
        updates[key] = float(value) if "." in value else int(value)
    return name, updates


def main() -> None:
    cache, path, *specs = sys.argv[1:]
    variants = [parse(spec) for spec in specs] or [("base", {})]
    with tempfile.TemporaryDirectory() as home:
        base = Settings(home=Path(home), embedder="e5", recall_cache_ttl_s=0)
        embedder = CachedEmbedder(make_embedder(base), Path(cache))
        with Memory(settings=base, embedder=embedder, background=False) as memory:
            plan = harness._selected(load(Path(path)), None)
            with tqdm(disable=True) as bar:
                for haystack, _ in plan:
                    harness._ingest(memory, haystack, bar)
                memory.flush()
            for name, updates in variants:
                memory._core.settings = base.model_copy(update=updates)
                result = harness.BenchResult(Path(path).name, "", name, (5, 10, 20), {}, 0, 0.0, 0, 0)
                with tqdm(disable=True) as bar:
                    harness._ask(memory, plan, result, "default", None, bar)
                row = " ".join(
                    f"{cat[:6]}:{result.table[cat]['ev@10']:.3f}"
                    for cat in sorted(result.table)
                    if cat != "all"
                )
                overall = result.table["all"]
                print(
                    f"{name:24s} ev@5 {overall['ev@5']:.3f} ev@10 {overall['ev@10']:.3f} "
                    f"ev@20 {overall['ev@20']:.3f} | {row}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
