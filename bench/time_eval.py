"""Time-range accuracy on the issue-16 corpus: `python bench/time_eval.py [tune|test|tune3|test3] [--show]`.
With no part named, the tuning parts (bench/corpus_parts.py); a test part is read only when named.

Each case is a query, its "now" and the range it names (start and end dates, end exclusive) — or
none, when the query names no time. A case is right when `timeparse.parse_range` returns exactly
that range (or nothing). The conventions (what "上个月初", "the first week of July", "最近" mean)
are in README.md's table. `tune3` / `test3` are a second author's 260 cases (split before any
tuning; tests/corpora/README.md). `--show` lists the wrong cases of the tuning parts only (tune,
tune3): the held-out parts print their figure alone.

A case may say where the user lives (`"region": "AU"`, the `region-*` parts): it is passed to the
parser. `--no-region` reads every case as if no region were given (the parser before regions).

A case whose query names another place's clock ("today Manila time", "国内明天") wants the days on that clock:
its "now" is the user's wall time, turned into UTC on the user's zone — the case's `"time_zone"`, else its
region's principal zone (`PRINCIPAL_ZONES`, else the first zone zone.tab lists for the country) — and read
on the named clock's wall time, as recall does (`recall/time/clock.clock_of`). A case with neither zone nor
region (or with `--no-region`) is read on its "now" as before."""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from datetime import datetime
from pathlib import Path

from corpus_parts import tuning_parts

from hindsight.locality import Locality, time_zone, zones_of
from hindsight.recall.time.clock import clock_of
from hindsight.recall.timeparse import parse_range

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "time"
PARTS = tuple(sorted(path.stem for path in CORPUS.glob("*.jsonl")))
TUNING = tuple(part for part in PARTS if part.startswith("tune"))
"""The tuning parts (the region parts are named `region-tune*` / `region-test*`)."""
PRINCIPAL_ZONES = {
    # the most populous zone of a country of several: where a case of that region is taken to be said
    "CA": "America/Toronto", "US": "America/New_York", "AU": "Australia/Sydney", "BR": "America/Sao_Paulo",
    "MX": "America/Mexico_City", "RU": "Europe/Moscow", "ID": "Asia/Jakarta", "KZ": "Asia/Almaty",
    "CL": "America/Santiago", "AR": "America/Argentina/Buenos_Aires", "EC": "America/Guayaquil",
    "PT": "Europe/Lisbon", "ES": "Europe/Madrid", "NZ": "Pacific/Auckland", "GB": "Europe/London",
    "IN": "Asia/Kolkata", "CN": "Asia/Shanghai", "MY": "Asia/Kuala_Lumpur", "DE": "Europe/Berlin",
}  # fmt: skip


def user_zone(case: dict[str, str]) -> str | None:
    """The zone a case is said in: its own `"time_zone"`, else its region's principal zone; None without
    either."""
    if case.get("time_zone"):
        return case["time_zone"]
    region = case.get("region")
    if not region:
        return None
    return PRINCIPAL_ZONES.get(region) or next(iter(zones_of(region)), None)


def wall_now(case: dict[str, str], region: str | None) -> datetime:
    """The "now" the case's time words are read on: the named clock's wall time where the query names one
    (and the user's zone is known), else the case's own."""
    now = datetime.fromisoformat(case["now"])
    zone_name = user_zone(case) if region else None
    if zone_name is None:
        return now
    user = Locality(*time_zone(zone_name), region)
    clock = clock_of(case["query"], user.utc(now), user)
    return clock.now if clock.name is not None else now


def evaluate(part: str, show: bool, regions: bool = True) -> float:
    cases = [json.loads(line) for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")]
    by: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    wrong: list[str] = []
    for case in cases:
        region = case.get("region") if regions else None
        found = parse_range(case["query"], wall_now(case, region), region)
        got = (found.start.date().isoformat(), found.end.date().isoformat()) if found else (None, None)
        right = got == (case["start"], case["end"])
        by[case["lang"]][0] += right
        by[case["lang"]][1] += 1
        if not right:
            wrong.append(
                f"  {case['now'][:10]} {case.get('region', '')} {case['query']!r}: want "
                f"{case['start']}..{case['end']}, got {got}"
            )
    total = sum(r for r, _ in by.values()), sum(n for _, n in by.values())
    print(
        f"== {part}: ranges right {total[0]}/{total[1]} = {total[0] / total[1]:.3f}  "
        + ", ".join(f"{lang} {r}/{n}" for lang, (r, n) in sorted(by.items()))
    )
    if show and (part in TUNING or part.startswith("region-tune")):
        print("\n".join(wrong))
    return total[0] / total[1]


if __name__ == "__main__":
    names = [arg for arg in sys.argv[1:] if not arg.startswith("--")] or tuning_parts(CORPUS)
    unknown = [name for name in names if name not in PARTS]
    if unknown:
        sys.exit(f"unknown part(s) {unknown}: choose from {', '.join(PARTS)}")
    for name in names:
        evaluate(name, "--show" in sys.argv, regions="--no-region" not in sys.argv)
