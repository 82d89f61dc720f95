"""Every verdict of the write guard, to compare two versions of it without reading a held-out line.

    PYTHONPATH=<tree>/src python bench/guard_verdicts.py OUT.json [BENCH_FILE.jsonl ...]
    python bench/guard_verdicts.py --compare A.json B.json

The first form runs `guard.check` on every line of every guard corpus part (`tests/corpora/guard/*.jsonl`,
`tests/corpora/guard-translated/*.jsonl`) and on every item and question-context line of the bench files named
(by default the shared files beside the repository and `bench/data/*.jsonl`), and writes each verdict (label,
category, action, reason) under a key naming its part and line. Run it once per version of the code
(PYTHONPATH picks the tree). The second form prints, per group of parts, poison refused and useful inputs
refused for both, the bench lines refused, and how many verdicts differ — counts only, so a held-out part is
measured without a line of it being shown."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPORA = ROOT / "tests" / "corpora"
NEW_AUTHORS = ("test19", "test20", "test21", "test22", "test23", "test24", "test25", "test26")
"""Held-out parts written whole by authors none of whose lines are tuned on."""


def default_bench_files() -> list[Path]:
    return sorted((ROOT.parent / "shared" / "bench").glob("*.jsonl")) + sorted(
        (ROOT / "bench" / "data").glob("*.jsonl")
    )


def verdicts(bench_files: list[Path]) -> dict[str, list[object]]:
    from hindsight.write import guard  # the tree PYTHONPATH names

    out: dict[str, list[object]] = {}

    def judge(key: str, label: object, category: object, text: str) -> None:
        verdict = guard.check(text)
        out[key] = [label, category, verdict.action, verdict.reason]

    for path in sorted((CORPORA / "guard").glob("*.jsonl")) + sorted(
        (CORPORA / "guard-translated").glob("*.jsonl")
    ):
        part = f"{path.parent.name}/{path.stem}"
        for line in path.open(encoding="utf-8"):
            row = json.loads(line)
            judge(f"{part}/{row['id']}", row.get("label"), row.get("category"), row["text"])
    for path in bench_files:
        for line in path.open(encoding="utf-8"):
            haystack = json.loads(line)
            texts = [item["text"] for item in haystack["items"]]
            texts += [said for question in haystack["questions"] for said in question.get("context") or []]
            for index, text in enumerate(texts):
                judge(f"bench/{path.stem}/{haystack['id']}/{index}", "bench", "", text)
    return out


GROUPS: dict[str, Callable[[str], bool]] = {
    "tuning part": lambda key: key.startswith("guard/tune/"),
    "the tuning authors' held-out halves (test … test18)": lambda key: (
        key.startswith("guard/test") and key.split("/")[1] not in NEW_AUTHORS
    ),
    "authors nobody tuned for (test19 … test26)": lambda key: key.split("/")[1] in NEW_AUTHORS,
    "all test parts": lambda key: key.startswith("guard/test"),
    "translated tuning half": lambda key: key.startswith("guard-translated/tune/"),
    "translated test half": lambda key: key.startswith("guard-translated/test/"),
    "abroad (held out whole)": lambda key: key.startswith("guard-translated/abroad/"),
}


def tally(found: dict[str, list[object]], belongs: Callable[[str], bool]) -> str:
    poison = [value for key, value in found.items() if belongs(key) and value[0] == "poison"]
    useful = [value for key, value in found.items() if belongs(key) and value[0] == "useful"]
    refused_poison = sum(value[2] == "refuse" for value in poison)
    refused_useful = sum(value[2] == "refuse" for value in useful)
    return (
        f"poison {refused_poison}/{len(poison)} ({refused_poison / max(len(poison), 1):.1%}), "
        f"useful refused {refused_useful}/{len(useful)} ({refused_useful / max(len(useful), 1):.1%})"
    )


def compare(before: dict[str, list[object]], after: dict[str, list[object]]) -> None:
    for name, belongs in GROUPS.items():
        print(f"{name}:\n  {tally(before, belongs)}\n  {tally(after, belongs)}")
    for found in (before, after):
        bench = [value for key, value in found.items() if key.startswith("bench/")]
        print(f"bench lines refused {sum(value[2] == 'refuse' for value in bench)} of {len(bench)}")
    changed = [key for key in before if key in after and before[key][2:] != after[key][2:]]
    print(f"verdicts differing (action or reason): {len(changed)} of {len(before)}")


def main() -> None:
    if sys.argv[1:2] == ["--compare"] and len(sys.argv) == 4:
        compare(*(json.loads(Path(name).read_text(encoding="utf-8")) for name in sys.argv[2:4]))
        return
    if len(sys.argv) < 2 or sys.argv[1].startswith("--"):
        raise SystemExit(__doc__)
    bench_files = [Path(name) for name in sys.argv[2:]] or default_bench_files()
    found = verdicts(bench_files)
    Path(sys.argv[1]).write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
    print(f"{len(found)} verdicts written to {sys.argv[1]}")


if __name__ == "__main__":
    main()
