"""A probe, measured and not taken (BENCHMARKS.md, "Issue 16, sixteenth round"): does knowing what a
statement is *about* help the update judge (hindsight.write.updates) close fresh authors' updates?

    python bench/updates_about_probe.py

1. **What a statement is about.** A softmax regression over the USE vectors (the update judge's own
   encoder) names one of 76 personal attributes (`tests/corpora/about/TAXONOMY.md`: the home address,
   the employer, the dentist, a child's school, the shoe size …) or one of two classes that are no
   attribute of the user's (`other_people`: news of people outside the household; `chatter`). It is
   trained on `tests/corpora/about/` (3,232 statements by four authors who saw neither the conflict
   corpora nor the code; 8 per attribute and author, 100 per extra class and author) and scored with
   each author held out in turn.
2. **One more pair feature.** The probability that two statements are about the same attribute of
   the user's (the two distributions' product summed over the user's attributes) beside the judge's
   own features (`updates.FEATURES`).
3. **Held out by author.** Every tuning part of the conflict corpus (eight authors: c-tune, c-more,
   c-fresh, c-conf3, c-r5, c-r7, c-r8, c-r9; never a test part): each author's pairs are scored by
   a model trained on the other seven, with `bench/train_updates.py`'s negatives (each second turn
   against the 8 nearest other cases' first turns of another attribute, minus the pairs a reader
   labelled the same slot in `tests/corpora/conflicts/pairs-labelled.jsonl`; each cued chat
   statement of the personal-facts tuning files against its 3 nearest earlier ones) and its bounds
   (≤ 1 % of keep cases, ≤ 2 % of cued second turns closing another case's statement, ≤ 1 in 2,000
   chat statements closing anything). Printed: the updates closed per author at the lowest
   threshold within the bounds, with and without the feature."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import numpy.typing as npt
import train_updates as tu

from hindsight.write import intent, updates

ROOT = Path(__file__).resolve().parent.parent
ABOUT = ROOT / "tests" / "corpora" / "about"
PARTS = ("tune", "tune-extra", "tune4", "tune5", "tune6", "tune7")
AUTHORS = ("c-tune", "c-more", "c-fres", "c-conf3", "c-r5", "c-r7", "c-r8", "c-r9")
NOT_THE_USERS = ("other_people", "chatter")
LABELLED = ROOT / "tests" / "corpora" / "conflicts" / "pairs-labelled.jsonl"
SAME_SLOT = {
    (row["new_case"], row["old_case"])
    for row in map(json.loads, LABELLED.open(encoding="utf-8"))
    if row["label"] == "same"
}
"""Pairs of different cases a reader labelled the same slot (2,063 pairs read, 477 the same: different
authors' names for one attribute, "address" and "home_address"): no negatives."""
L2, STEPS, RATE = 1e-4, 400, 0.05


def softmax(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    logits = logits - logits.max(axis=1, keepdims=True)
    exp = np.exp(logits)
    return np.asarray(exp / exp.sum(axis=1, keepdims=True))


def fit_about(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.int64], classes: int
) -> tuple[np.ndarray, np.ndarray]:
    """Softmax regression, full batch, Adam, zero start (deterministic)."""
    weights, bias = np.zeros((x.shape[1], classes)), np.zeros(classes)
    target = np.eye(classes)[y]
    moments = [np.zeros_like(weights), np.zeros_like(bias)]
    squares = [np.zeros_like(weights), np.zeros_like(bias)]
    for step in range(1, STEPS + 1):
        error = (softmax(x @ weights + bias) - target) / len(x)
        for parameter, gradient, moment, square in zip(
            (weights, bias), (x.T @ error + L2 * weights, error.sum(axis=0)), moments, squares, strict=True
        ):
            moment *= 0.9
            moment += 0.1 * gradient
            square *= 0.999
            square += 0.001 * gradient * gradient
            parameter -= RATE * (moment / (1 - 0.9**step)) / (np.sqrt(square / (1 - 0.999**step)) + 1e-8)
    return weights, bias


def about_model() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rows = []
    for path in sorted(ABOUT.glob("*.jsonl")):
        author = path.stem.removeprefix("others_")
        lines = [line for line in path.open(encoding="utf-8") if line.strip()]
        rows += [dict(json.loads(line), author=author) for line in lines]
    names = sorted({row["attribute"] for row in rows})
    x = intent.vectors([row["text"] for row in rows]).astype(np.float64)
    y = np.array([names.index(row["attribute"]) for row in rows])
    authors = sorted({row["author"] for row in rows})
    print(f"about: {len(rows)} statements, {len(names)} classes, authors {', '.join(authors)}")
    for author in authors:
        held = np.array([row["author"] == author for row in rows])
        found = softmax(x[held] @ (w := fit_about(x[~held], y[~held], len(names)))[0] + w[1])
        top = np.argsort(-found, axis=1)
        among_three = np.mean([label in row[:3] for label, row in zip(y[held], top, strict=True)])
        print(
            f"  {author} held out: right {np.mean(top[:, 0] == y[held]):.3f}, "
            f"among the first three {among_three:.3f}"
        )
    weights, bias = fit_about(x, y, len(names))
    personal = np.array([name not in NOT_THE_USERS for name in names], dtype=np.float64)
    return weights, bias, personal


def author_of(case_id: str) -> str:
    return next(prefix for prefix in AUTHORS if case_id.startswith(prefix))


def pairs(rows: list[dict], same_of) -> tuple:  # type: ignore[no-untyped-def]
    """`train_updates.pairs`, with the same-attribute probability as one more column."""
    olds = [str(row["turns"][0]) for row in rows]
    news = [str(row["turns"][-1]) for row in rows]
    old_vectors, new_vectors = updates.vectors(olds), updates.vectors(news)
    cosines = new_vectors @ old_vectors.T
    same = same_of(new_vectors, old_vectors)
    x, y, group, kind, numbers = [], [], [], [], []
    for i, row in enumerate(rows):
        nearest = [
            j
            for j in np.argsort(-cosines[i])
            if j != i and rows[j]["attribute"] != row["attribute"] and rows[j]["lang"] == row["lang"]
        ][: tu.HARD_NEGATIVES]
        for j in [i] + [j for j in nearest if (row["id"], rows[j]["id"]) not in SAME_SLOT]:
            x.append(np.append(updates.features(news[i], olds[j], float(cosines[i, j])), same[i, j]))
            y.append(float(j == i and row["expect"] == "close"))
            group.append(i)
            kind.append("own" if j == i else "cross")
            numbers.append(tu._numbers(news[i], olds[j]))
    for user, statements in enumerate(tu.chat()):
        vectors = updates.vectors(statements)
        alike = same_of(vectors, vectors)
        for i in range(1, len(statements)):
            if not updates.has_cue(statements[i]):
                continue
            for j in np.argsort(-(vectors[:i] @ vectors[i]))[: tu.CHAT_NEAREST]:
                if (statements[j], statements[i]) in tu.CHAT_UPDATES:
                    continue
                cosine = float(vectors[j] @ vectors[i])
                x.append(np.append(updates.features(statements[i], statements[j], cosine), alike[i, j]))
                y.append(0.0)
                group.append(-1 - i - 10_000 * (user + 1))
                kind.append("chat")
                numbers.append(tu._numbers(statements[i], statements[j]))
    return np.stack(x), np.array(y), group, kind, numbers


def held_out_by_author(rows: list[dict], built: tuple, columns: list[int], label: str) -> None:  # type: ignore[type-arg]
    x, y, group, kind, numbers = built
    x = x[:, columns]
    authors = [author_of(row["id"]) for row in rows]
    fold = np.array([AUTHORS.index(authors[g]) if g >= 0 else (-g) % len(AUTHORS) for g in group])
    scores = np.zeros(len(y))
    for held in range(len(AUTHORS)):
        scores[fold == held] = tu.fit(x[fold != held], y[fold != held]).probability(x[fold == held])
    scores *= np.array([not updates.ruled_out(row, *n) for row, n in zip(built[0], numbers, strict=True)])
    groups = np.array(group)
    cued = [i for i, row in enumerate(rows) if updates.has_cue(str(row["turns"][-1]))]
    best = {case: (index := np.flatnonzero(groups == case))[int(np.argmax(scores[index]))] for case in cued}
    keeps = sum(row["expect"] == "keep" for row in rows)
    chat_total = sum(len(statements) for statements in tu.chat())
    for threshold in np.arange(0.50, 0.99, 0.02):
        right = dict.fromkeys(AUTHORS, 0)
        keep_closed = other_closed = 0
        for case, pair in best.items():
            if scores[pair] < threshold:
                continue
            if kind[pair] == "cross":
                other_closed += 1
            elif rows[case]["expect"] == "close":
                right[authors[case]] += 1
            else:
                keep_closed += 1
        chat = len({g for g, k, p in zip(group, kind, scores, strict=True) if k == "chat" and p >= threshold})
        within = (
            keep_closed <= tu.MAX_KEEP * keeps
            and other_closed <= tu.MAX_CROSS * len(cued)
            and chat <= tu.MAX_CHAT * chat_total
        )
        if within:
            closes = {
                a: sum(1 for i, row in enumerate(rows) if authors[i] == a and row["expect"] == "close")
                for a in AUTHORS
            }
            print(
                f"{label}: threshold {threshold:.2f}, closed {sum(right.values())}/{sum(closes.values())} "
                f"(keep cases closed {keep_closed}, another case's {other_closed}, chat {chat}); per author "
                + ", ".join(f"{a} {right[a]}/{closes[a]}" for a in AUTHORS)
            )
            return
    print(f"{label}: no threshold within the bounds")


def main() -> None:
    weights, bias, personal = about_model()

    def same_of(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return (softmax(a @ weights + bias) * personal) @ softmax(b @ weights + bias).T

    tu.CORPUS = [tu.ROOT / "tests" / "corpora" / "conflicts" / f"{part}.jsonl" for part in PARTS]
    rows = tu.cases()
    built = pairs(rows, same_of)
    own = list(range(len(updates.FEATURES)))
    held_out_by_author(rows, built, own, "the judge's features")
    held_out_by_author(rows, built, [*own, len(own)], "+ same attribute")


if __name__ == "__main__":
    main()
