"""Conflict resolution on the issue-16 corpus: `python bench/conflicts_eval.py [tune|test ...] [--show]`.
With no part named, the tuning parts (bench/corpus_parts.py); a test part is read only when named.

Each case is a user stating a value and, in a later session, either a new value for the same slot
said in other words ("close": the first statement must stop being current) or a value of another
slot ("keep": both stay current). The turns go through the real write path (observe, end_session;
hashing embedder, no model), a day apart. A case is right when, afterwards:
  close — the first turn, the summaries built from it and its facts of the case's attribute are
          closed, the second turn is current;
  keep  — the first turn is still current.
`--show` lists the wrong cases: use it on the tuning part only. `--typed-small` types every turn in lower
case, `--typos` puts a slip of the fingers in a quarter of the long words (`extraction_eval.with_typos`,
the same generator): the thirty-eighth round's robustness checks. `--llm=URL` (an OpenAI-compatible
endpoint, e.g. http://127.0.0.1:8000/v1; `--llm-model=NAME`, the key in HINDSIGHT_LLM_API_KEY) runs
the write path as a deployment with an LLM does: LLM extraction and the LLM update judge
(llm_updates.py), each falling back to the rules."""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections import defaultdict
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path

from corpus_parts import tuning_parts
from extraction_eval import with_typos

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "conflicts"
ALIASES = {"guests": "party_size"}
"""The corpus's name of an attribute where slots.py names it otherwise."""
START = datetime(2026, 10, 1, 10, 0)


def typed_small(text: str) -> str:
    return text.lower()


def run_case(memory: Memory, case: dict[str, object], typed: Callable[[str], str] = str) -> bool:
    user = str(case["id"])
    turns = [typed(str(turn)) for turn in case["turns"]]  # type: ignore[attr-defined]
    for index, text in enumerate(turns):
        session = f"s{index}"
        at = START + timedelta(days=index)
        memory.observe(user, session, "user", text, at, turn_id=f"t{index}")
        memory.end_session(user, session, at + timedelta(minutes=1))
    records = memory.records(user)
    first = turn_record_id(user, "t0")
    last = turn_record_id(user, f"t{len(turns) - 1}")
    current = {record.id for record in records if record.valid_until is None}
    attribute = ALIASES.get(str(case["attribute"]), str(case["attribute"]))
    # what the first turn said of *this* slot: the summaries of its event and its facts of the
    # attribute (a fact of another slot said in the same turn rightly stays)
    built_from_first = {
        record.id
        for record in records
        if "t0" in record.source_ids
        and (record.kind == "summary" or (record.slot or "").split("|")[0] == attribute)
    }
    if case["expect"] == "close":
        return first not in current and not (built_from_first & current) and last in current
    return first in current and last in current


def evaluate(
    part: str,
    show: bool,
    llm: str | None = None,
    llm_model: str = "gpt-4o-mini",
    typed: Callable[[str], str] = str,
) -> float:
    cases = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong: list[str] = []
    with tempfile.TemporaryDirectory() as home:
        settings = Settings(
            home=Path(home),
            embedder="hash",
            recall_cache_ttl_s=0,
            llm_base_url=llm,
            llm_model=llm_model,
            llm_api_key=os.environ.get("HINDSIGHT_LLM_API_KEY"),
        )
        with Memory(settings=settings, embedder=HashEmbedder()) as memory:
            for case in cases:
                right = run_case(memory, case, typed)
                for key in (case["expect"], f"{case['expect']}/{case['lang']}"):
                    by[key][0] += right
                    by[key][1] += 1
                if not right:
                    wrong.append(
                        f"  {case['expect']:5s} {case['attribute']:13s} {' || '.join(case['turns'])}"
                    )
    close_right, close_total = by["close"]
    keep_right, keep_total = by["keep"]
    print(
        f"== {part}{'' if typed is str else f' ({typed.__name__})'}: "
        f"conflicts closed {close_right}/{close_total} = {close_right / close_total:.3f}; "
        f"different slots kept {keep_right}/{keep_total} = {keep_right / keep_total:.3f}  "
        + ", ".join(f"{key} {r}/{n}" for key, (r, n) in sorted(by.items()) if "/" in key)
    )
    if show:
        print("\n".join(wrong))
    return close_right / close_total


if __name__ == "__main__":
    parts = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or tuning_parts(CORPUS)
    options = dict(arg[2:].split("=", 1) for arg in sys.argv[1:] if arg.startswith("--") and "=" in arg)
    for name in parts:
        evaluate(
            name,
            "--show" in sys.argv,
            options.get("llm"),
            options.get("llm-model", "gpt-4o-mini"),
            typed_small if "--typed-small" in sys.argv else with_typos if "--typos" in sys.argv else str,
        )
