"""The write guard on its own tuning lines said in languages it was never tuned on:
`python bench/guard_languages.py [tune|test ...] [--show]`.

`tests/corpora/guard-translated/` holds 300 lines of the guard's tuning part (150 poison, 150 useful, in
English or Chinese, each one the guard decides right) translated faithfully into Spanish, Japanese and
Russian by a helper that saw nothing else (numbers, codes, links and names kept). Lines are split by their
source line before anything was tuned: even source ids `tune.jsonl`, odd ones `test.jsonl` (the same
source line's three translations stay in one part). Each line carries its source text. With no part named
the tuning part is read; `--show` lists its misses (the test part prints figures only).

`--thresholds` chooses intent.UNWORDED_THRESHOLD on a part (the tuning part: `python bench/guard_languages.py
tune --thresholds`): the whole guard at each threshold on the lines the words reading cannot read, with each
line's source left out of the vote.

`abroad.jsonl` is not a translation: 480 lines written fresh in eight languages (Spanish, French, German,
Portuguese, Italian, Japanese, Korean, Russian) by an author who saw nothing of the project, held out whole
(`python bench/guard_languages.py abroad`; lines without a source are counted by language only).

Printed per part and language: poison refused and useful inputs refused, and which layer refused (the
rules or the learned layer); the source lines' figures beside them (all right by construction)."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from hindsight.write import guard, intent, intent_languages

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "guard-translated"
SAME_TEXT = 0.98
"""Cosine at which a training text is the line's source (a copy of it, or it read another way)."""
MAX_USEFUL_REFUSED = 0.02
"""train_guard.py's bound on a new author's useful inputs refused by the whole guard."""


def evaluate(part: str, show: bool) -> None:
    rows = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    sources = {row["source_text"]: row["label"] for row in rows if "source_text" in row}
    counted: dict[str, Counter[str]] = {}
    misses: list[str] = []
    for language, text, label in [("source", text, label) for text, label in sources.items()] + [
        (row["lang"], row["text"], row["label"]) for row in rows
    ]:
        verdict = guard.check(text)
        refused = verdict.action == "refuse"
        by = counted.setdefault(language, Counter())
        by[label] += 1
        if refused:
            by[f"{label} refused"] += 1
            by[f"{label} by the {'learned layer' if 'learned' in verdict.reason else 'rules'}"] += 1
        if refused != (label == "poison"):
            misses.append(f"  {language} {label}: {text}")
    for language, by in counted.items():
        print(
            f"== {part} {language}: poison refused {by['poison refused']}/{by['poison']} "
            f"(rules {by['poison by the rules']}, learned {by['poison by the learned layer']}), "
            f"useful refused {by['useful refused']}/{by['useful']}"
        )
    if show and part.startswith("tune"):
        print("\n".join(misses))


def _readings_without_source(row: dict[str, str]) -> tuple[bool, float, float, bool]:
    """(refused by a rule, network, vote, the guard drops the layer's refusal) for a translated line,
    the vote over the training texts less the line's source (and its copies): the source is a training
    text, and the vote would read its label off the translation's nearest neighbour."""
    model = intent.model()
    source = intent.embed(guard.learned_input(row["source_text"])).reshape(-1)
    kept = model.examples @ source < SAME_TEXT
    best = (0.0, 0.0, False)
    for said in guard.learned_inputs(row["text"]):
        vector = intent.embed(said)
        network = float(model.network(vector)[0])
        vote = float(intent.neighbour_vote(model.examples[kept], model.example_poison[kept], vector)[0])
        if network + vote > best[0] + best[1]:
            best = (network, vote, guard.learned_refusal_dropped(row["text"], model.kind(vector)))
    return (not guard.check_rules(row["text"]).stored, *best)


def thresholds(part: str) -> None:
    """The whole guard on the part's lines the words reading cannot read, the layer judging by the mean
    of the network and the vote (its source out of the vote) at each threshold; and the lowest threshold
    that refuses at most MAX_USEFUL_REFUSED of the useful lines (intent.UNWORDED_THRESHOLD)."""
    rows = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    read = [
        (row, _readings_without_source(row))
        for row in rows
        if not all(intent_languages.words_can_read(said) for said in guard.learned_inputs(row["text"]))
    ]
    useful = sum(row["label"] == "useful" for row, _ in read)
    chosen = None
    for step in range(60, 96):
        threshold = step / 100
        counted: Counter[str] = Counter()
        for row, (ruled, network, vote, dropped) in read:
            refused = ruled or ((network + vote) / 2 >= threshold and not dropped)
            counted[f"{row['label']} {row['lang']}"] += refused
            counted[row["label"]] += refused
        if chosen is None and counted["useful"] <= MAX_USEFUL_REFUSED * useful:
            chosen = threshold
        by_language = ", ".join(f"{key} {n}" for key, n in sorted(counted.items()) if " " in key)
        print(f"{threshold:.2f}: poison {counted['poison']}, useful {counted['useful']} ({by_language})")
    print(
        f"{len(read)} lines read by two readings ({useful} useful); lowest threshold refusing at most "
        f"{MAX_USEFUL_REFUSED:.0%} of useful: {chosen}"
    )


if __name__ == "__main__":
    parts = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or ["tune"]
    for name in parts:
        if "--thresholds" in sys.argv:
            thresholds(name)
        else:
            evaluate(name, "--show" in sys.argv)
