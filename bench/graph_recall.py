"""How much of the exact top 10 the SQLite store's HNSW graph (stores/hnsw.py, the settings'
defaults) finds, on real embeddings: the vectors of a `hindsight bench --embed-cache` file (e5's
passages and questions of the shared bench files), some held out as queries. The graph is asked
for as many candidates as the vector route asks (2k, at least k + 32) at several ef.

    python bench/graph_recall.py /tmp/e5-cache.db --queries 500
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import time

import numpy as np

from hindsight.stores.hnsw import Graph, GraphParams


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("cache", help="an embed cache file (`hindsight bench --embed-cache`)")
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--route-k", type=int, default=20, help="what the route asks for (route_candidates)")
    args = parser.parse_args()
    with sqlite3.connect(args.cache) as conn:
        blobs = [row[0] for row in conn.execute("SELECT data FROM vec ORDER BY key")]
    vectors = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1)
    vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
    rng = np.random.default_rng(5)
    held = rng.permutation(len(vectors))
    queries, haystack = vectors[held[: args.queries]], vectors[held[args.queries :]]
    params = GraphParams()
    graph = Graph.new(vectors.shape[1], params)
    started = time.perf_counter()
    graph.add(np.arange(len(haystack), dtype=np.int64), haystack, threads=1)
    build_s = time.perf_counter() - started
    exact = [set(np.argsort(-(haystack @ q), kind="stable")[: args.k].tolist()) for q in queries]
    asked = max(2 * args.route_k, args.route_k + 32)
    for ef in (16, 32, 64, params.ef_search, 200):
        started = time.perf_counter()
        found = [graph.search(q, asked, ef) for q in queries]
        took = (time.perf_counter() - started) / len(queries) * 1000
        # the route scores what the graph found exactly and keeps the best k of them
        best = [
            set(keys[np.argsort(-(haystack[keys] @ q), kind="stable")[: args.k]].tolist())
            for keys, q in zip(found, queries, strict=True)
        ]
        recall = float(np.mean([len(a & b) / args.k for a, b in zip(best, exact, strict=True)]))
        print(
            json.dumps(
                {
                    "vectors": len(haystack),
                    "ef": ef,
                    "asked": asked,
                    f"recall@{args.k}": round(recall, 4),
                    "search_ms": round(took, 2),
                    "build_s": round(build_s, 1),
                }
            )
        )


if __name__ == "__main__":
    main()
