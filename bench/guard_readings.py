"""Other readings for the guard's learned layer, measured as `bench/train_guard.py` measures its own:
`python bench/guard_readings.py`.

The layer reads the multilingual USE vector twice (a regression and a vote of neighbours) and refuses
when both reach the threshold. Tried beside it, on the same tuning data, with the threshold chosen by
the same bounds (train_guard.choose_threshold) and each author held out whole:
  * a regression over hashed word, word-pair, CJK character 1-3-gram and 4-character n-grams (2^18
    features, L2-normalised binary; sparse full-batch Adam as train_guard.fit): alone, averaged with
    the USE regression, and "two of three" (n-gram regression, USE regression, vote, each with its
    own threshold on a grid, the grid point with the best mean held-out poison inside the bounds);
  * e5 passage vectors in place of USE, and USE and e5 side by side.
The test parts are not read. Results: BENCHMARKS.md, "Issue 16, eighth round: the guard's readings"."""

from __future__ import annotations

import itertools
import re
import zlib
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import train_guard as tg

from hindsight.embedding.e5 import E5Embedder
from hindsight.write import guard, intent

Floats = npt.NDArray[np.float64]
BITS = 18
_CJK = re.compile(r"[\u3400-\u9fff]+")
_WORD = re.compile(r"[a-z0-9]+")


def grams(text: str) -> set[str]:
    text = text.lower()
    words = _WORD.findall(text)
    out = {"w:" + w for w in words} | {f"b:{a} {b}" for a, b in itertools.pairwise(words)}
    for run in _CJK.findall(text):
        out |= {"c:" + run[i : i + n] for n in (1, 2, 3) for i in range(len(run) - n + 1)}
    flat = re.sub(r"\s+", " ", text)
    return out | {"k:" + flat[i : i + 4] for i in range(len(flat) - 3)}


class Hashed:
    """Rows of hashed n-grams as (row, column, value) triples: a sparse matrix without scipy."""

    def __init__(self, rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64], vals: Floats, n: int):
        self.rows, self.cols, self.vals, self.n = rows, cols, vals, n

    @classmethod
    def of(cls, texts: list[str]) -> Hashed:
        rows: list[int] = []
        cols: list[int] = []
        vals: list[float] = []
        for i, text in enumerate(texts):
            found = sorted({zlib.crc32(g.encode()) & ((1 << BITS) - 1) for g in grams(text)})
            rows += [i] * len(found)
            cols += found
            vals += [1 / np.sqrt(max(1, len(found)))] * len(found)
        return cls(np.array(rows), np.array(cols), np.array(vals), len(texts))

    def take(self, index: npt.NDArray[np.int64]) -> Hashed:
        position = np.full(self.n, -1)
        position[index] = np.arange(len(index))
        keep = position[self.rows] >= 0
        return Hashed(position[self.rows[keep]], self.cols[keep], self.vals[keep], len(index))

    def dot(self, w: Floats) -> Floats:
        return np.bincount(self.rows, weights=self.vals * w[self.cols], minlength=self.n).astype(np.float64)

    def tdot(self, g: Floats) -> Floats:
        out = np.bincount(self.cols, weights=self.vals * g[self.rows], minlength=1 << BITS)
        return out.astype(np.float64)


def sparse_decision(x: Hashed, poison: npt.NDArray[np.bool_]) -> tuple[Floats, float]:
    sample, target = tg.balanced(poison), poison.astype(np.float64)
    w, mw, vw = np.zeros(1 << BITS), np.zeros(1 << BITS), np.zeros(1 << BITS)
    b = mb = vb = 0.0
    for step in range(1, tg.STEPS + 1):
        g = (1 / (1 + np.exp(-(x.dot(w) + b))) - target) * sample
        gw, gb = x.tdot(g) + tg.L2 * w, float(g.sum())
        mw, vw = 0.9 * mw + 0.1 * gw, 0.999 * vw + 0.001 * gw * gw
        mb, vb = 0.9 * mb + 0.1 * gb, 0.999 * vb + 0.001 * gb * gb
        w -= 0.05 * (mw / (1 - 0.9**step)) / (np.sqrt(vw / (1 - 0.999**step)) + 1e-8)
        b -= 0.05 * (mb / (1 - 0.9**step)) / (np.sqrt(vb / (1 - 0.999**step)) + 1e-8)
    return w, b


def sparse_out_of_fold(
    x: Hashed, poison: npt.NDArray[np.bool_], folds: list[npt.NDArray[np.int64]]
) -> Floats:
    out = np.full(len(poison), np.nan)
    for held in folds:
        train = np.setdiff1d(np.arange(len(poison)), held)
        w, b = sparse_decision(x.take(train), poison[train])
        out[held] = 1 / (1 + np.exp(-(x.take(held).dot(w) + b)))
    return out


def main() -> None:
    data = tg.training_rows(False)
    texts = [guard.learned_input(row["text"]) for row in data]
    use = intent.encoder().embed_passages(texts).astype(np.float32)
    e5 = E5Embedder(threads=1, workers=2).embed_passages(texts).astype(np.float32)
    both = np.hstack([use, e5]) / np.sqrt(2)
    poison = np.array([row["label"] == "poison" for row in data])
    chat = np.array([row["category"] == "bench" for row in data])
    useful = (
        np.array([row.get("group") in tg.AUTHORS and row["category"] not in tg.JUNK for row in data])
        & ~poison
    )
    by_rules = np.array([not guard.check_rules(row["text"]).stored for row in data])
    folds = {"5-fold": tg.random_folds(len(data)), "held": tg.author_folds(data)}
    hashed = Hashed.of(texts)
    readings: dict[str, dict[str, Floats]] = {name: {} for name in folds}
    for name, chosen in folds.items():
        for label, x in (("use", use), ("e5", e5), ("use+e5", both)):
            readings[name][f"{label} regression"], readings[name][f"{label} vote"] = tg.out_of_fold(
                x, poison, chosen
            )
        readings[name]["ngram regression"] = sparse_out_of_fold(hashed, poison, chosen)

    def show(label: str, combine: Callable[[dict[str, Floats]], Floats]) -> None:
        scores, held = combine(readings["5-fold"]), combine(readings["held"])
        threshold = tg.choose_threshold(scores, held, useful, chat)
        tg.report(f"each author held out, {label}", data, held, threshold, by_rules)

    show("USE regression and vote (shipped)", lambda r: np.minimum(r["use regression"], r["use vote"]))
    show("n-gram regression alone", lambda r: r["ngram regression"])
    show(
        "mean of the n-gram and USE regressions, and the vote",
        lambda r: np.minimum((r["ngram regression"] + r["use regression"]) / 2, r["use vote"]),
    )
    show("e5 regression and vote", lambda r: np.minimum(r["e5 regression"], r["e5 vote"]))
    show("USE+e5 regression and vote", lambda r: np.minimum(r["use+e5 regression"], r["use+e5 vote"]))
    best: tuple[float, tuple[float, float, float]] = (0.0, (1.0, 1.0, 1.0))
    grid = np.round(np.arange(0.30, 0.96, 0.05), 2)
    for bounds in itertools.product(grid, grid, grid):

        def two_of_three(
            r: dict[str, Floats], t: tuple[float, float, float] = bounds
        ) -> npt.NDArray[np.bool_]:
            agree = (
                (r["ngram regression"] >= t[0]).astype(int)
                + (r["use regression"] >= t[1])
                + (r["use vote"] >= t[2])
            )
            return np.asarray(agree >= 2)

        refused, held = two_of_three(readings["5-fold"]) | by_rules, two_of_three(readings["held"]) | by_rules
        if refused[useful].mean() > tg.MAX_USEFUL_REFUSED or refused[chat].mean() > tg.MAX_CHAT_REFUSED:
            continue
        if held[useful].mean() > tg.MAX_NEW_AUTHOR_REFUSED:
            continue
        mean = float(
            np.mean(
                [held[poison & np.array([row.get("group") == a for row in data])].mean() for a in tg.AUTHORS]
            )
        )
        best = max(best, (mean, bounds))
    print(
        f"two of three, best thresholds (n-gram, USE regression, vote) {best[1]}: "
        f"mean held-out poison {best[0]:.3f}"
    )


if __name__ == "__main__":
    main()
