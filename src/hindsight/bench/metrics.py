"""Scoring ranked item ids against gold evidence (FORMAT.md, "Scoring")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


def dedupe(ids: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def evidence_at_k(ranked: Sequence[str], evidence: Sequence[str], k: int) -> tuple[float, bool, bool]:
    """(fraction of evidence in the first k ids, any found, all found)."""
    gold = set(evidence)
    if not gold:
        raise ValueError("a question without evidence cannot be scored")
    found = gold & set(dedupe(ranked)[:k])
    return len(found) / len(gold), bool(found), found == gold


@dataclass
class Tally:
    """Sums per category and k; `table()` turns them into averages."""

    ks: tuple[int, ...]
    sums: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def add(self, category: str, ranked: Sequence[str], evidence: Sequence[str]) -> None:
        for name in dict.fromkeys((category, "all")):
            self.counts[name] = self.counts.get(name, 0) + 1
            per_k = self.sums.setdefault(name, {k: [0.0, 0.0, 0.0] for k in self.ks})
            for k in self.ks:
                ev, any_, all_ = evidence_at_k(ranked, evidence, k)
                per_k[k][0] += ev
                per_k[k][1] += any_
                per_k[k][2] += all_

    def averages(self) -> dict[str, dict[str, float]]:
        out: dict[str, dict[str, float]] = {}
        for name, per_k in self.sums.items():
            n = self.counts[name]
            row: dict[str, float] = {"n": float(n)}
            for k in self.ks:
                ev, any_, all_ = per_k[k]
                row[f"ev@{k}"] = ev / n
                row[f"any@{k}"] = any_ / n
                row[f"all@{k}"] = all_ / n
            out[name] = row
        return out


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100.0 * (len(ordered) - 1))))
    return ordered[index]
