"""How far the LLM update judge can reach, measured without an LLM:
`python bench/llm_judge_reach.py [parts ...] [--chat FILE ...]`.

With an LLM configured (HINDSIGHT_LLM_BASE_URL), a user's statement may close an earlier one only if
the judge calls the LLM for it *and* shows it that earlier statement among the few it reads
(llm_updates.py; write/update_candidates.py). This script counts, for each "close" case of the
issue-16 conflict corpus, whether both happen when the statement it replaces sits among 199 other
first statements (other cases' of another attribute, same language, drawn from the tuning parts;
seeded by the case's id): the share of updates a perfect reader could close. It is a ceiling, not a
closure rate: no LLM runs here, and a scripted one would measure the script.

Two choices are counted side by side: "before" (the judge until the forty-eighth round: the pair
model's first eight, and for a statement with no word of change only those on its topic) and "now"
(`update_candidates.shown`). "keep cases shown" counts the keep cases whose first statement the LLM
would read (its chance to close one wrongly: the prompt's business). `--chat FILE ...` counts, over
the user statements of bench files (each against the user's 200 statements before it), how many
would cost a call: the price of reading more.

With no part named, the tuning parts; a test part is read only when named, and prints counts only."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from corpus_parts import tuning_parts

from hindsight.write import topics, update_candidates, updates

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "conflicts"
CROWD = 199
HISTORY = 200


def before(new: str, earlier: Sequence[str]) -> list[int]:
    """The statements the judge showed the LLM until the forty-eighth round (empty: no call)."""
    chosen = updates.ranked(new, earlier, update_candidates.SHOWN)
    if not updates.has_cue(new):
        chosen = [match for match in chosen if topics.shared(new, earlier[match.index])[0]]
    return [match.index for match in chosen]


def now(new: str, earlier: Sequence[str]) -> list[int]:
    return [match.index for match in update_candidates.shown(new, earlier)]


CHOICES: dict[str, Callable[[str, Sequence[str]], list[int]]] = {"before": before, "now": now}


def read(part: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]


def reach(part: str, crowd_from: list[dict[str, object]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for case in read(part):
        turns = [str(turn) for turn in case["turns"]]  # type: ignore[attr-defined]
        new, old = turns[-1], turns[0]
        others = [
            str(other["turns"][0])  # type: ignore[index]
            for other in crowd_from
            if other["id"] != case["id"]
            and other["lang"] == case["lang"]
            and other["attribute"] != case["attribute"]
        ]
        earlier = [*random.Random(str(case["id"])).sample(others, min(CROWD, len(others))), old]
        expect = str(case["expect"])
        counts[expect] += 1
        for name, choose in CHOICES.items():
            if len(earlier) - 1 in choose(new, earlier):
                counts[f"{expect} {name}"] += 1
    return counts


def user_statements(path: Path) -> list[list[str]]:
    out = []
    for line in path.open(encoding="utf-8"):
        haystack = json.loads(line)
        items = sorted(haystack["items"], key=lambda item: item["time"])
        user = haystack.get("user")
        out.append([item["text"] for item in items if item.get("speaker", "user") in ("user", user)])
    return out


def calls(path: Path) -> Counter[str]:
    counts: Counter[str] = Counter()
    for statements in user_statements(path):
        for index in range(1, len(statements)):
            new, earlier = statements[index], statements[max(0, index - HISTORY) : index]
            counts["statements"] += 1
            for name, choose in CHOICES.items():
                counts[name] += bool(choose(new, earlier))
    return counts


def main() -> None:
    args = sys.argv[1:]
    chat = [Path(arg) for arg in args[args.index("--chat") + 1 :]] if "--chat" in args else []
    named = args[: args.index("--chat")] if "--chat" in args else args
    parts = named or tuning_parts(CORPUS)
    crowd_from = [case for part in tuning_parts(CORPUS) for case in read(part)]
    total: Counter[str] = Counter()
    for part in parts:
        counts = reach(part, crowd_from)
        total += counts
        print(
            f"== {part}: updates reachable before {counts['close before']}/{counts['close']}, "
            f"now {counts['close now']}/{counts['close']}; keep cases shown before "
            f"{counts['keep before']}/{counts['keep']}, now {counts['keep now']}/{counts['keep']}"
        )
    if len(parts) > 1:
        print(
            f"== all: updates reachable before {total['close before']}/{total['close']}, "
            f"now {total['close now']}/{total['close']}; keep cases shown before "
            f"{total['keep before']}/{total['keep']}, now {total['keep now']}/{total['keep']}"
        )
    for path in chat:
        counts = calls(path)
        print(
            f"== {path.name}: user statements costing a call before "
            f"{counts['before']}/{counts['statements']}, now {counts['now']}/{counts['statements']}"
        )


if __name__ == "__main__":
    main()
