"""What reading a query on the user's clock is worth: `python bench/time_zone_eval.py [zone ...]`.

Every tuning case of the time corpus says its "now" as the user's wall time. Put the user in a zone
(default: Asia/Shanghai, America/New_York, Australia/Sydney, Europe/London): the moment is then
that wall time in the zone, in UTC, and the case is read two ways — on the user's clock (what recall
does with `time_zone`, locality.py) and in UTC (what it did before: "昨天" asked at 07:30 in Shanghai
read as the UTC day before, which is the wrong day). A case is right when the days named equal the
case's range."""

from __future__ import annotations

import json
import sys
from datetime import datetime
from pathlib import Path

from corpus_parts import tuning_parts

from hindsight.locality import Locality, time_zone
from hindsight.recall.timeparse import TimeRange, parse_range

CORPUS = Path(__file__).resolve().parent.parent / "tests" / "corpora" / "time"
ZONES = ("Asia/Shanghai", "America/New_York", "Australia/Sydney", "Europe/London")


def _days(found: TimeRange | None) -> tuple[str | None, str | None]:
    return (found.start.date().isoformat(), found.end.date().isoformat()) if found else (None, None)


def main(zones: list[str]) -> None:
    cases = [
        json.loads(line)
        for part in tuning_parts(CORPUS)
        for line in (CORPUS / f"{part}.jsonl").open(encoding="utf-8")
    ]
    for name in zones:
        place = Locality(*time_zone(name))
        local = in_utc = 0
        for case in cases:
            moment = place.utc(datetime.fromisoformat(case["now"]))
            gold = (case["start"], case["end"])
            local += _days(parse_range(case["query"], place.wall_time(moment))) == gold
            in_utc += _days(parse_range(case["query"], moment)) == gold
        print(f"{name}: {len(cases)} cases, right on the user's clock {local}, read in UTC {in_utc}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(ZONES))
