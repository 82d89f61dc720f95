"""Train the "updates by meaning" decision (hindsight.write.updates) on the tuning part of the
issue-16 conflict corpus.

    python bench/train_updates.py            # cross-validate on the tuning part, then train and save
    python bench/train_updates.py --cv-only  # only the cross-validation report

Pairs (new statement, earlier statement), from tests/corpora/conflicts/tune.jsonl and
tune-extra.jsonl (80 cases written in the third round, half of them ordinary conversation that is
no update - a second pet, a relative's new car, a new head teacher at the same nursery) only:
  positive — a "close" case's two turns (the second updates the first);
  negative — a "keep" case's two turns (another slot, another person's), and each case's second
             turn against the first turns of *other* cases of another attribute in its language (the
             statements nearest in meaning first: the hard ones), as a user's other open statements
             would be;
  chat     — ordinary conversation: in the project's own Chinese personal-facts tuning files
             (bench/data/zh-personal-tune.jsonl, zh-personal2-tune.jsonl: a user's facts about
             relatives, purchases, trips, spread over weeks, and chatter), each user statement with a
             cue against the user's earlier statements nearest in meaning. These files ask about
             facts, never about a changed value, so none of these pairs is an update. (The shared
             bench files are not used: they measure what the path costs recall.)
The regularisation is fixed (small); the threshold is chosen by 5-fold cross-validation over the
cases (each pair scored by a model that never saw its case): the lowest at which at most `MAX_KEEP`
of the keep cases are closed, at most `MAX_CROSS` of the second turns would close another case's
statement and at most `MAX_CHAT` of the chat statements would close anything. The test parts are
never read here; `python bench/conflicts_eval.py test test2` measures them."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hindsight.write import updates

ROOT = Path(__file__).resolve().parent.parent
CORPUS = [ROOT / "tests" / "corpora" / "conflicts" / name for name in ("tune.jsonl", "tune-extra.jsonl")]
OUT = ROOT / "src" / "hindsight" / "write" / updates.MODEL_FILE
CHAT = [ROOT / "bench" / "data" / name for name in ("zh-personal-tune.jsonl", "zh-personal2-tune.jsonl")]
CHAT_NEAREST = 3
CHAT_UPDATES = {
    ("btw 吕刚的工作是会计，单位是德勤", "fyi 吕刚从老单位出来了，入职一家外贸公司，岗位是会计"),
    ("我堂妹是设计师，在蔚来上班。", "跟你讲，我堂妹罗菲从老单位出来了，入职一家广告公司，岗位是设计师"),
    ("btw 张海燕一家在苏州定居了", "张海燕搬到厦门去了"),
}
"""Chat pairs that are updates, not ordinary chat: a named person's or a relative's new employer or
city, said again in the personal-facts files. Read among the out-of-fold chat pairs scored 0.86 and
above (the ones that set the threshold) and left out of the negatives; the other pairs there (a
repeat with chatter around it, two people's cars, two lights) stay negatives."""
MAX_CHAT = 0.0005
"""The share of all the chat statements that may close one of the user's earlier statements (out of
fold): one in two thousand. (A few of them are updates after all - "张海燕搬到厦门去了" after "张海燕一家在
苏州定居了" - and 0.5 % was tried first, threshold 0.88; on the shared bench files that closed one
narrative line of madial-en - "Bart felt lonely ... made new friends" by "... make new friends" -
and cost its ev@5 0.008. None was then allowed, threshold 0.94, until the eighth round found that
the one chat statement that held it there is an update too: "吕刚从老单位出来了，入职一家外贸公司，岗位是
会计" after "吕刚的工作是会计，单位是德勤", out of fold 0.937; the next, at 0.918, is not. One allowed:
0.92, every shared bench cell as before - BENCHMARKS.md, "Issue 16, eighth round". In the ninth round
the chat pairs that are updates were left out of the negatives (`CHAT_UPDATES`), and the bound chose
0.90, every shared bench cell still as before.)"""
HARD_NEGATIVES = 8
"""Other cases' first turns per second turn, the nearest in meaning."""
MAX_KEEP = 0.01
"""At most this share of the keep cases may close their own first statement (out of fold). Zero
until the third round; with its own hard non-updates ("阳光幼儿园换了新园长" after "女儿在阳光幼儿园")
zero kept the threshold at 0.96, where the path closes a twelfth of the updates."""
MAX_CROSS = 0.02
"""At most this share of the cued second turns may close another case's statement (out of fold)."""
L2 = 0.01
STEPS = 3000
FOLDS = 5


def cases() -> list[dict[str, object]]:
    return [json.loads(line) for path in CORPUS for line in path.open(encoding="utf-8")]


def pairs(
    rows: list[dict[str, object]],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], list[int], list[str], list[tuple[bool, bool]]]:
    """Feature rows, labels, the case index of each pair, its kind (own / cross / chat), and whether
    its new statement replaces a number of the earlier one (`updates.replaces_a_number`) and gives
    another named thing's number (`updates.of_another_thing`)."""
    olds = [str(row["turns"][0]) for row in rows]  # type: ignore[index]
    news = [str(row["turns"][-1]) for row in rows]  # type: ignore[index]
    old_vectors, new_vectors = updates.vectors(olds), updates.vectors(news)
    cosines = new_vectors @ old_vectors.T
    x: list[npt.NDArray[np.float64]] = []
    y: list[float] = []
    group: list[int] = []
    kind: list[str] = []
    replaced: list[tuple[bool, bool]] = []
    for i, row in enumerate(rows):
        x.append(updates.features(news[i], olds[i], float(cosines[i, i])))
        y.append(1.0 if row["expect"] == "close" else 0.0)
        group.append(i)
        kind.append("own")
        replaced.append(_numbers(news[i], olds[i]))
        others = [
            j
            for j in np.argsort(-cosines[i])
            if j != i and rows[j]["attribute"] != row["attribute"] and rows[j]["lang"] == row["lang"]
        ]
        for j in others[:HARD_NEGATIVES]:
            x.append(updates.features(news[i], olds[j], float(cosines[i, j])))
            y.append(0.0)
            group.append(i)
            kind.append("cross")
            replaced.append(_numbers(news[i], olds[j]))
    group_of_chat: list[int] = []
    for statements in chat():
        group_of_chat.append(0)
        vectors = updates.vectors(statements)
        for i in range(1, len(statements)):
            if not updates.has_cue(statements[i]):
                continue
            cosines = vectors[:i] @ vectors[i]
            for j in np.argsort(-cosines)[:CHAT_NEAREST]:
                if (statements[j], statements[i]) in CHAT_UPDATES:
                    continue
                x.append(updates.features(statements[i], statements[j], float(cosines[j])))
                y.append(0.0)
                group.append(-1 - i - 10_000 * len(group_of_chat))
                kind.append("chat")
                replaced.append(_numbers(statements[i], statements[j]))
    return np.stack(x), np.array(y), group, kind, replaced


def _numbers(new: str, old: str) -> tuple[bool, bool]:
    return updates.replaces_a_number(new, old), updates.of_another_thing(new, old)


def chat() -> list[list[str]]:
    """Each user's own statements, in order, from the Chinese personal-facts tuning files."""
    out: list[list[str]] = []
    for path in CHAT:
        for line in path.open(encoding="utf-8"):
            haystack = json.loads(line)
            items = sorted(haystack["items"], key=lambda item: item["time"])
            out.append([item["text"] for item in items if item.get("speaker", "user") == "user"])
    return out


def fit(
    x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], threshold: float = 0.5
) -> updates.UpdateModel:
    """Logistic regression by gradient descent, classes weighted to balance, features standardised."""
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    z = (x - mean) / scale
    weight = np.where(y == 1, 0.5 / max(1, y.sum()), 0.5 / max(1, (1 - y).sum()))
    w, b = np.zeros(z.shape[1]), 0.0
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        g = weight * (p - y)
        w -= 0.5 * (z.T @ g + L2 * w)
        b -= 0.5 * g.sum()
    return updates.UpdateModel(w, float(b), mean, scale, threshold)


def cross_validate(rows: list[dict[str, object]]) -> float:
    """Out-of-fold, as a store would decide: each second turn (with a cue) against its own first
    turn and the other cases' nearest ones; the best-scoring one is closed if it reaches the
    threshold. Right: a close case closes its own. Wrong: a keep case closes its own, or any case
    closes another case's statement."""
    x, y, group, kind, replaced = pairs(rows)
    order = list(range(len(rows)))
    random.Random(16).shuffle(order)
    fold_of = {case: index % FOLDS for index, case in enumerate(order)}
    fold_of.update({g: (-g) % FOLDS for g in group if g < 0})
    oof = np.zeros(len(y))
    groups = np.array(group)
    for fold in range(FOLDS):
        held = np.array([fold_of[g] == fold for g in group])
        oof[held] = fit(x[~held], y[~held]).probability(x[held])
    # as best_match does
    oof *= np.array([not updates.ruled_out(row, *numbers) for row, numbers in zip(x, replaced, strict=True)])
    cued = [i for i, row in enumerate(rows) if updates.has_cue(str(row["turns"][-1]))]  # type: ignore[index]
    closes = sum(1 for row in rows if row["expect"] == "close")
    print(f"{len(rows)} cases ({closes} close), {len(cued)} with a cue; {len(y)} pairs")
    chat_statements = {g for g, k in zip(group, kind, strict=True) if k == "chat"}
    chat_total = sum(len(statements) for statements in chat())
    print(f"{chat_total} chat statements, {len(chat_statements)} with a cue")
    print("threshold  right (close cases)  keep case closed  another case's closed  chat closing")
    chosen = 1.0
    for threshold in np.arange(0.50, 0.99, 0.02):
        right = keep_closed = other_closed = 0
        for case in cued:
            index = np.flatnonzero(groups == case)
            best = index[int(np.argmax(oof[index]))]
            if oof[best] < threshold:
                continue
            if kind[best] == "cross":
                other_closed += 1
            elif rows[case]["expect"] == "close":
                right += 1
            else:
                keep_closed += 1
        closing = {g for g, k, p in zip(group, kind, oof, strict=True) if k == "chat" and p >= threshold}
        chat_rate = len(closing) / max(1, chat_total)
        print(
            f"  {threshold:.2f}     {right:3d}/{closes}"
            f"              {keep_closed:2d}               {other_closed:2d}"
            f"                     {chat_rate:.3f}"
        )
        if (
            keep_closed <= MAX_KEEP * (len(rows) - closes)
            and other_closed <= MAX_CROSS * len(cued)
            and chat_rate <= MAX_CHAT
            and threshold < chosen
        ):
            chosen = float(threshold)
    print(f"chosen threshold {chosen:.2f}")
    return chosen


def main() -> None:
    rows = cases()
    threshold = cross_validate(rows)
    if "--cv-only" in sys.argv:
        return
    x, y, *_ = pairs(rows)
    trained = fit(x, y, threshold)
    print(
        "weights (standardised):",
        ", ".join(f"{n} {w:+.2f}" for n, w in zip(updates.FEATURES, trained.weights, strict=True)),
    )
    updates.save(str(OUT), trained)
    print(f"saved {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
