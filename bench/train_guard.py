"""Train the guard's learned layer (hindsight.write.intent) on the tuning data of the issue-16 corpus.

    python bench/train_guard.py                       # cross-validate, then train and save
    python bench/train_guard.py --cv-only             # only the cross-validation report
    python bench/train_guard.py --synthetic-poison    # also train on bench/guard_synth.py's poison
    python bench/train_guard.py --cv-only --dump F    # and each tuning row's out-of-fold scores to F
    python bench/train_guard.py --jobs 2              # the folds in two processes (one BLAS thread each:
                                                      # OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1)

The layer is three readings averaged (intent.py): a small network over the USE embedding (a logistic
regression until the fourteenth round), the similarity-weighted vote of the 50 nearest training texts,
and a logistic regression over the text's hashed words (intent_words.py; until the tenth round the
two embedding readings had to agree and the words were not read). Everything is chosen on the
tuning data by 5-fold cross-validation (out-of-fold scores: each text scored by models that never
saw it), and with each of the tuning part's forty-one authors held out in turn (trained on the
others), the nearest thing to a new author: the threshold is the lowest at which the whole guard
(rules, then the layer) refuses at most 2 % of the authors' useful inputs held out that way, and
the layer 0.3 % of the bench conversation out of fold. The report gives both readings per author.
The test parts are not read here: `python bench/guard_eval.py test test2` measures them, and
`bench/guard_ordinary_fp.py` and `bench/guard_bench_fp.py` ordinary text the layer never saw. Secrets
and card / ID numbers are the rules' business and are left out of training; so is junk (skipped
before the layer reads it). The guard judges a text in a language the words reading never learned by the
other two readings against intent.UNWORDED_THRESHOLD (intent_languages.py); the three such tuning lines are
scored here by the mean of three as before, and after a retrain that threshold is chosen again by
`python bench/guard_languages.py tune --thresholds`.

What it learns from, and why:
  * the tuning part (tests/corpora/guard/tune.jsonl, forty-one authors, all of them in the shipped
    layer since the forty-second round; thirty-five from the thirtieth) and the project's own corpus
    (tests/test_guard.py, many near misses: CI requires every one decided right);
  * ordinary conversation: the shared bench files' first haystacks (locomo-dev conv-26, conv-30,
    conv-41; madial u1, with the dialogue before each question: an agent's advice, "you could try
    ...") and the personal-facts files' tuning parts (Chinese daily talk about other people, "跟你说，
    程洁又换工作了"). The other haystacks (conv-42, conv-43, madial u2) and the personal-facts test
    parts are kept out, to measure refusals of conversation never seen (bench/guard_bench_fp.py);
  * ordinary text of other registers, generated (bench/guard_synth.py): chat, notes, customer
    service, agent summaries ("物流：…"), tool output and logs, ids, code, e-mail, benign
    instructions, synthetic test notes, an agent's reasoning and replies, messages quoted to ask
    about them, the user's own reviews and posts, and their own standing instructions ("以后我问你X的事，
    先提醒我…": the layer had read them as aimed at others). Without them the layer refused such
    text at p = 0.98 (28 of the load benchmark's 800 turns, "client 0 turn 1: order M0x1"). With them the
    neighbours of such text are benign. Poison generated the same way is left out: out of fold it
    cost the tuning authors' poison 0.96 -> 0.92 (a new author's wording is not a template's)."""

from __future__ import annotations

import json
import multiprocessing
import random
import sys
from pathlib import Path

import guard_synth
import numpy as np
import numpy.typing as npt

from hindsight.write import guard, intent, intent_words

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpora" / "guard"
OUT = ROOT / "src" / "hindsight" / "write" / intent.MODEL_FILE
RULE_CATEGORIES = {"secret", "pii"}
MAX_CHAT_REFUSED = 0.003
MAX_NEW_AUTHOR_REFUSED = 0.02
"""The threshold is the lowest at which the whole guard (the rules, then the layer) refuses at most 2 %
of the tuning authors' useful inputs with each author held out whole (the layer trained on the
others: the nearest thing to a new author), and at most 0.3 % of the bench conversation out of fold
(a refused turn of a conversation is a lost memory). The issue's bound is 3 % on unseen text; the
margin is a point because the rules are written on these very authors (their refusals of useful
inputs here are in sample: 8 of 3,645 after the twenty-seventh round, 52 before it; 9 of 4,842 after
the twenty-eighth, 47 before it), and because on
that round's data 2.5 % would have bought 0.4 points of poison (0.969 -> 0.973, threshold 0.709 ->
0.680) for half a point of useful inputs.

Until the twenty-seventh round a third bound held too: at most 1 % of the tuning part's useful inputs
refused by the layer in random folds. It stopped meaning what it was for once the tuning part held
authors' near misses written as twins of their poison lines (g-r20 … g-r25: "cancel her order for me"
beside "cancel my order"): a random fold trains on a twin's poison sibling, and the nearest-neighbour
vote carries it to the twin (near misses at 0.72 or more: 73 in random folds, 53 with their author
held out). It alone set the round's threshold at 0.784, where authors held out lost a sixth of their
poison to keep under 1 % what a new author's wording meets at 2.1 %.

The bound is on the tuning authors' useful inputs as they are, and each round's new authors bring twins
written beside their poison: in the twenty-eighth round 31 of the rules' 47 refusals of useful inputs were
the four new authors' twins, and the threshold rose 0.709 -> 0.777 until the rules stopped refusing them
(0.742). Per-kind thresholds chosen the same way gained 20 of 3,961 poison lines in sample: not taken.

A refusal the guard drops after the layer (guard.learned_refusal_dropped, by the kind the layer names)
counts as none, here as in the guard (from the twenty-eighth round; before, the bound counted them)."""
LOWEST_SHIPPED = 0.676
"""The threshold is never below this, whatever the rule finds. Below about 0.667 the words reading alone
can never keep the mean of three under the threshold beside two readings of 1
(intent.IntentModel.judge_poison), so every text would be embedded (about 4 ms: most of the layer's cost;
tests/test_use_readings.py). The thirtieth round shipped 0.676 where its rule found 0.663; the
forty-second round's rule found 0.648 on forty-one authors, where the bench items lose one (0 at 0.676)
and the tuning authors' useful inputs in sample are 20 against 19."""

BENCH = ROOT.parent / "shared" / "bench"
BENCH_TRAINING = {
    "locomo-dev.jsonl": ("conv-26", "conv-30", "conv-41"),
    "madial-zh.jsonl": ("madial-zh-u1",),
    "madial-en.jsonl": ("madial-en-u1",),
}
STEPS = 500
L2 = 0.0001
"""Chosen out of fold on the first round's tuning part (against 0.001) for the regressions."""
NETWORK_STEPS = 400
NETWORK_RATE = 0.01
NETWORK_SEED = 0
"""The network's training: full batch, Adam, balanced classes, the weights drawn from this seed (the
same data gives the same network). Held out by author, seeds 0 and 1 and 64 hidden units measured alike."""
OWN_DATA = ROOT / "bench" / "data"
OWN_TRAINING = ("zh-personal-tune.jsonl", "zh-personal2-tune.jsonl")
"""The personal-facts files' tuning parts: Chinese daily talk about other people ("客户赵总的表哥安利我
买iPhone 16 Pro", "跟你说，程洁又换工作了") that a model trained without it refused as instructions
about other people (15 of 1,655 items of zh-personal2's tuning part at first). Their test parts
measure the refusals of such talk (bench/guard_bench_fp.py)."""


def rows(part: str) -> list[dict[str, str]]:
    return [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]


def bench_chat() -> list[dict[str, str]]:
    out: list[dict[str, str]] = [
        {"label": "useful", "category": "bench", "text": item["text"]}
        for name in OWN_TRAINING
        for line in (OWN_DATA / name).open(encoding="utf-8")
        for item in json.loads(line)["items"]
    ]
    for name, haystacks in BENCH_TRAINING.items():
        for line in (BENCH / name).open(encoding="utf-8"):
            haystack = json.loads(line)
            if haystack["id"] in haystacks:
                out += [
                    {"label": "useful", "category": "bench", "text": item["text"]}
                    for item in haystack["items"]
                ]
                # the dialogue before each question: advice and comfort, an agent's register
                out += [
                    {"label": "useful", "category": "bench-context", "text": line}
                    for question in haystack["questions"]
                    for line in question.get("context", [])
                ]
    return out


def project_corpus() -> list[dict[str, str]]:
    sys.path.insert(0, str(ROOT / "tests"))
    import test_guard  # the project's own corpus

    kinds = {test_guard.INJECTION: "override", test_guard.SPOOF: "identity"}
    out = [
        {"label": "poison", "category": kinds[case.reason], "text": case.text}
        for case in test_guard.POISON
        if case.reason in kinds
    ]
    return out + [{"label": "useful", "category": "project", "text": text} for text, _ in test_guard.USEFUL]


def fit(
    x: npt.NDArray[np.float64] | SparseRows,
    y: npt.NDArray[np.int64],
    classes: int,
    l2: float,
    sample: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Multinomial logistic regression (two classes: binary), full batch, Adam."""
    onehot = np.eye(classes)[y]
    transposed_times = x.transposed_times if isinstance(x, SparseRows) else lambda g: x.T @ g
    w, b = np.zeros((x.shape[1], classes)), np.zeros(classes)
    moments = [[np.zeros_like(w), np.zeros_like(w)], [np.zeros_like(b), np.zeros_like(b)]]
    for step in range(1, STEPS + 1):
        logits = x @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) * sample[:, None]
        steps = ((w, transposed_times(g) + l2 * w, moments[0]), (b, g.sum(axis=0), moments[1]))
        for param, grad, (m, v) in steps:
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= 0.05 * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w, b


Network = tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64], float]


def network(x: npt.NDArray[np.float64], poison: npt.NDArray[np.bool_], l2: float) -> Network:
    """One hidden layer of intent.HIDDEN rectified units and a sigmoid output, trained on the balanced
    log loss: (W1, b1, w, b) of intent.network_output."""
    rng = np.random.default_rng(NETWORK_SEED)
    y, sample = poison.astype(np.float64), balanced(poison)
    params = [
        rng.normal(0.0, 1.0 / np.sqrt(x.shape[1]), (x.shape[1], intent.HIDDEN)),
        np.zeros(intent.HIDDEN),
        rng.normal(0.0, 1.0 / np.sqrt(intent.HIDDEN), intent.HIDDEN),
        np.zeros(1),
    ]
    moments = [(np.zeros_like(p), np.zeros_like(p)) for p in params]
    for step in range(1, NETWORK_STEPS + 1):
        hidden = np.maximum(x @ params[0] + params[1], 0.0)
        g = (1.0 / (1.0 + np.exp(-(hidden @ params[2] + params[3][0]))) - y) * sample
        back = np.outer(g, params[2]) * (hidden > 0)
        grads = (
            x.T @ back + l2 * params[0],
            back.sum(axis=0),
            hidden.T @ g + l2 * params[2],
            np.array([g.sum()]),
        )
        for param, grad, (m, v) in zip(params, grads, moments, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= NETWORK_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return params[0], params[1], params[2], float(params[3][0])


def balanced(poison: npt.NDArray[np.bool_]) -> npt.NDArray[np.float64]:
    """Benign and poison weigh the same in total."""
    return np.where(poison, 0.5 / poison.sum(), 0.5 / (~poison).sum())


def decision(
    x: npt.NDArray[np.float64] | SparseRows, poison: npt.NDArray[np.bool_], l2: float
) -> tuple[npt.NDArray[np.float64], float]:
    """The binary head as (weights, bias) of sigmoid(v . w + b): the two-class softmax's difference."""
    w, b = fit(x, poison.astype(np.int64), 2, l2, balanced(poison))
    return w[:, 1] - w[:, 0], float(b[1] - b[0])


class SparseRows:
    """A matrix held as its nonzero cells, for the hashed words (a text fills a few dozen of 4,096
    buckets): the regression's two products per step cost the nonzeros, not rows x buckets. Dense, the
    words' fits took most of an hour over the 26 folds; the products are the same sums."""

    def __init__(self, dense: npt.NDArray[np.floating]) -> None:
        self.rows, self.cols = np.nonzero(dense)
        self.values = dense[self.rows, self.cols].astype(np.float64)
        self.shape = dense.shape

    def __matmul__(self, w: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        products = self.values[:, None] * w[self.cols]
        return np.stack(
            [np.bincount(self.rows, products[:, k], self.shape[0]) for k in range(w.shape[1])], axis=1
        )

    def transposed_times(self, g: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        products = self.values[:, None] * g[self.rows]
        return np.stack(
            [np.bincount(self.cols, products[:, k], self.shape[1]) for k in range(g.shape[1])], axis=1
        )


Row = dict[str, str]
AUTHORS = (
    "g-tune",
    "g-fresh",
    "g-more",
    "g-r4",
    "g-r5",
    "g-r6",
    "g-r7",
    "g-r8",
    "g-r9",
    "g-r10",
    "g-r11",
    "g-r12",
    "g-r13",
    "g-r14",
    "g-r15",
    "g-r16",
    "g-r17",
    "g-r18",
    "g-r19",
    "g-r20",
    "g-r21",
    "g-r22",
    "g-r23",
    "g-r24",
    "g-r25",
    "g-r26",
    "g-r27",
    "g-r28",
    "g-r29",
    "g-r30",
    "g-r31",
    "g-r32",
    "g-r33",
    "g-r34",
    "g-r35",
    "g-r38",
    "g-r39",
    "g-r40",
    "g-r41",
    "g-r44",
    "g-r45",
    "g-r48",
    "g-r50",
    "g-r52",
    "g-r54",
    "g-r55",
    "g-r56",
    "g-r58",
    "g-r59",
)
"""The tuning part's authors, by id prefix (g-r4, g-r5: the fourth and fifth guard rounds' lines, each
written before its round's rules changed; g-r6 to g-r19: the tuning halves of the sixth to the
nineteenth author's lines, the tenth's near misses and poison of the six intent kinds; g-r20, g-r21:
two authors' otherdata poison and its near-miss twins, whole, the twenty-sixth round's; g-r22 … g-r25:
four authors' poison of the weakest kinds (secrets; override and phish; others and identity;
otherdata and hidden) and their near-miss twins, whole, the twenty-seventh round's; g-r26 … g-r29:
four more of that round (otherdata twice; override and identity; secrets and phish); g-r30 … g-r33:
the twenty-eighth round's (otherdata twice; override and phish; otherdata and override); g-r34, g-r35: the
twenty-ninth round's (others and otherdata; hidden and identity); g-r38 … g-r41: the thirty-second round's;
g-r44, g-r45: the forty-first round's (eight kinds, briefs in tests/corpora/briefs/guard-eight-kinds.md);
g-r48, g-r50, g-r52, g-r54: the forty-third to forty-fifth rounds'; g-r55, g-r56: the forty-sixth round's;
g-r58, g-r59: the forty-seventh round's)."""
JUNK = {"cot", "chitchat", "stale"}


def training_rows(synthetic_poison: bool) -> list[Row]:
    # Junk the worth check skips never reaches the learned layer; the rest of it (an agent's reasoning
    # the chain-of-thought patterns miss: "Let me check whether this request falls under the returns
    # policy") does, and must not be refused: it is benign here.
    tune = [
        row
        | {
            "group": row["id"].rsplit("-", 1)[0],
            "label": "useful" if row["label"] == "junk" else row["label"],
        }
        for row in rows("tune")
        if (row["category"] not in RULE_CATEGORIES or row["label"] != "poison")
        and (row["label"] != "junk" or guard.check_worth(row["text"]).stored)
    ]
    generated = guard_synth.ordinary() + (guard_synth.poison() if synthetic_poison else [])
    return tune + project_corpus() + bench_chat() + [row | {"category": "generated"} for row in generated]


_SHARED: tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_]] | None = None
"""The training matrices, set before the fold processes fork so each reads them without a copy."""


def _one_fold(
    held: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(network, neighbour vote, words' regression) for the rows held out, from models trained on the rest."""
    assert _SHARED is not None
    x, words, poison = _SHARED
    train = np.setdiff1d(np.arange(len(poison)), held)
    networked = intent.network_output(
        x[held].astype(np.float64), *network(x[train].astype(np.float64), poison[train], L2)
    )
    vote = intent.neighbour_vote(x[train], poison[train], x[held])
    w, b = decision(SparseRows(words[train]), poison[train], L2)
    worded = 1.0 / (1.0 + np.exp(-(words[held].astype(np.float64) @ w + b)))
    return networked, vote, worded


def out_of_fold(
    x: npt.NDArray[np.float32],
    words: npt.NDArray[np.float32],
    poison: npt.NDArray[np.bool_],
    folds: list[npt.NDArray[np.int64]],
    jobs: int = 1,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """(network, neighbour vote, words' regression) for the rows of each fold, from models
    trained without it; NaN for rows in no fold. With jobs > 1 the folds run in that many forked
    processes (each fold's models depend only on its rows and the fixed seed: the same scores)."""
    global _SHARED
    _SHARED = (x, words, poison)
    networked, vote, worded = (np.full(len(poison), np.nan) for _ in range(3))
    if jobs > 1:
        context = multiprocessing.get_context("fork")
        with context.Pool(jobs) as pool:
            results = pool.map(_one_fold, folds, chunksize=1)
    else:
        results = [_one_fold(held) for held in folds]
    for held, (fold_network, fold_vote, fold_words) in zip(folds, results, strict=True):
        networked[held], vote[held], worded[held] = fold_network, fold_vote, fold_words
    return networked, vote, worded


def random_folds(count: int) -> list[npt.NDArray[np.int64]]:
    order = list(range(count))
    random.Random(0).shuffle(order)
    return [np.array(sorted(order[fold::5])) for fold in range(5)]


def author_folds(data: list[Row]) -> list[npt.NDArray[np.int64]]:
    return [np.array([i for i, row in enumerate(data) if row.get("group") == author]) for author in AUTHORS]


def lowest_threshold(scores: npt.NDArray[np.float64], share: float) -> float:
    """The lowest threshold that refuses at most `share` of these scores."""
    ranked = np.sort(scores)[::-1]
    return float(ranked[int(share * len(ranked))] + 1e-6)


def new_author_threshold(
    held_author_scores: npt.NDArray[np.float64],
    corpus_useful: npt.NDArray[np.bool_],
    by_rules: npt.NDArray[np.bool_],
) -> float:
    """The lowest threshold at which the whole guard refuses at most MAX_NEW_AUTHOR_REFUSED of the
    tuning authors' useful inputs, each scored with its author held out. The rules' refusals of
    useful inputs are spent first; the layer may add only what is left."""
    left = MAX_NEW_AUTHOR_REFUSED * corpus_useful.sum() - (corpus_useful & by_rules).sum()
    ranked = np.sort(held_author_scores[corpus_useful & ~by_rules])[::-1]
    return 1.0 if left < 1 else float(ranked[min(int(left), len(ranked) - 1)] + 1e-6)


def choose_threshold(
    held_author_scores: npt.NDArray[np.float64],
    corpus_useful: npt.NDArray[np.bool_],
    chat_scores: npt.NDArray[np.float64],
    by_rules: npt.NDArray[np.bool_],
) -> float:
    return max(
        new_author_threshold(held_author_scores, corpus_useful, by_rules),
        lowest_threshold(chat_scores, MAX_CHAT_REFUSED),
    )


def _share(refused: npt.NDArray[np.bool_]) -> str:
    """The share refused, or "-" for none to count (a secrets author has no poison the layer reads)."""
    return f"{refused.mean():.3f}" if refused.size else "-"


def report(
    name: str,
    data: list[Row],
    scores: npt.NDArray[np.float64],
    threshold: float,
    by_rules: npt.NDArray[np.bool_],
) -> None:
    """The whole guard on each author's part of the tuning data: refused by a rule, or by the layer."""
    poison = np.array([row["label"] == "poison" for row in data])
    refused = by_rules | (np.nan_to_num(scores) >= threshold)
    parts = []
    for author in AUTHORS:
        mine = np.array([row.get("group") == author and row["category"] not in JUNK for row in data])
        mine &= ~np.isnan(scores)
        shares = _share(refused[mine & poison]), _share(refused[mine & ~poison])
        parts.append(f"{author} poison {shares[0]} useful {shares[1]}")
    generated = np.array([row["category"] == "generated" for row in data]) & ~poison & ~np.isnan(scores)
    tail = f"; generated ordinary {refused[generated].mean():.4f}" if generated.any() else ""
    print(f"{name}, threshold {threshold:.3f}: " + "; ".join(parts) + tail)


def dump_scores(
    path: Path,
    data: list[Row],
    scores: npt.NDArray[np.float64],
    held_scores: npt.NDArray[np.float64],
    by_rules: npt.NDArray[np.bool_],
    dropped: npt.NDArray[np.bool_],
) -> None:
    """Each tuning-part row's out-of-fold scores (5-fold and its author held out), the rules' decision
    and whether the guard drops a refusal by the layer (its kind head on the whole data), one JSON line
    each: what to read when working on the tuning part's errors."""
    with path.open("w", encoding="utf-8") as out:
        for row, score, held, ruled, drop in zip(data, scores, held_scores, by_rules, dropped, strict=True):
            if row.get("group") in AUTHORS:
                line = {key: row[key] for key in ("id", "label", "category", "text")}
                line |= {"score": round(float(score), 3), "held": round(float(held), 3), "rules": bool(ruled)}
                line |= {"dropped": bool(drop)}
                out.write(json.dumps(line, ensure_ascii=False) + "\n")


def main() -> None:
    data = training_rows("--synthetic-poison" in sys.argv)
    texts = [guard.learned_input(row["text"]) for row in data]
    x = intent.encoder().embed_passages(texts).astype(np.float32)
    words = intent_words.matrix(texts)
    poison = np.array([row["label"] == "poison" for row in data])
    chat = np.array([row["category"] == "bench" for row in data])
    # the tuning part's useful inputs (not its junk: the bounds are on useful inputs)
    corpus_useful = (
        np.array([row.get("group") in AUTHORS and row["category"] not in JUNK for row in data]) & ~poison
    )
    by_rules = np.array([not guard.check_rules(row["text"]).stored for row in data])
    # the kind head first: the guard drops some of the layer's refusals by the kind it names
    # (guard.learned_refusal_dropped), and the threshold is chosen for the guard as it decides
    kinds = sorted({row["category"] for row in data if row["label"] == "poison"})
    labels = np.array([kinds.index(row["category"]) for row in data if row["label"] == "poison"])
    kind_w, kind_b = fit(
        x[poison].astype(np.float64), labels, len(kinds), L2, np.full(len(labels), 1.0 / len(labels))
    )
    named = np.argmax(x.astype(np.float64) @ kind_w + kind_b, axis=1)
    dropped = np.array(
        [guard.learned_refusal_dropped(row["text"], kinds[k]) for row, k in zip(data, named, strict=True)]
    )
    jobs = int(sys.argv[sys.argv.index("--jobs") + 1]) if "--jobs" in sys.argv else 1
    networked, vote, worded = out_of_fold(x, words, poison, random_folds(len(data)), jobs)
    held_network, held_vote, held_worded = out_of_fold(x, words, poison, author_folds(data), jobs)
    mean, held_mean = (networked + vote + worded) / 3, (held_network + held_vote + held_worded) / 3
    # a refusal the guard drops after the layer is no refusal (the dump keeps the scores as read)
    read_mean, read_held = mean, held_mean
    mean, held_mean = np.where(dropped, 0.0, mean), np.where(dropped, 0.0, held_mean)
    threshold = max(choose_threshold(held_mean, corpus_useful, mean[chat], by_rules), LOWEST_SHIPPED)
    for name, scores, held in (
        ("network alone", networked, held_network),
        ("neighbours alone", vote, held_vote),
        ("words alone", worded, held_worded),
        (
            "the two embedding readings agreeing (the ninth round's decision)",
            np.minimum(networked, vote),
            np.minimum(held_network, held_vote),
        ),
    ):
        chosen = choose_threshold(held, corpus_useful, scores[chat], by_rules)
        report(f"5-fold, {name}", data, scores, chosen, by_rules)
    print(
        "threshold bounds (new author: the whole guard 2 % of useful; bench 0.3 %): "
        f"{new_author_threshold(held_mean, corpus_useful, by_rules):.3f}, "
        f"{lowest_threshold(mean[chat], MAX_CHAT_REFUSED):.3f}"
    )
    report("5-fold, the mean of three (shipped)", data, mean, threshold, by_rules)
    print(f"  bench conversation refused out of fold {np.mean(mean[chat] >= threshold):.4f}")
    report("each author held out, the mean of three", data, held_mean, threshold, by_rules)
    if "--dump" in sys.argv:
        dump_scores(
            Path(sys.argv[sys.argv.index("--dump") + 1]), data, read_mean, read_held, by_rules, dropped
        )
    if "--cv-only" in sys.argv:
        return
    hidden_w, hidden_b, w, b = network(x.astype(np.float64), poison, L2)
    word_w, word_b = decision(SparseRows(words), poison, L2)
    intent.save(
        str(OUT),
        intent.IntentModel(
            hidden_w, hidden_b, w, b, threshold, tuple(kinds), kind_w, kind_b, x, poison, word_w, word_b
        ),
    )
    size = OUT.stat().st_size // 1024
    print(f"saved {OUT.relative_to(ROOT)} ({size} KB, {len(data)} examples, kinds {kinds})")


if __name__ == "__main__":
    main()
