"""The stats page's charts: what activity.py counted and the recall timings of this process, put
into charts.py's pictures with a sentence each that says what they show."""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date

from hindsight.models import Tier
from hindsight.recall.timings import PER_TENANT, RecallTiming
from hindsight.server.console import charts
from hindsight.server.console.activity import MAX_ROWS_READ, PerDay, kinds_of

TIER_NAMES = {"long": "long-term", "short": "short-term"}
PLURALS = {"summary": "summaries"}
SHORT = f" Counted from the newest {MAX_ROWS_READ:,} {{what}} read: the oldest days may be short."


def _short_day(day: date) -> str:
    return f"{day.day} {day.strftime('%b')}"


def _plural(count: int, one: str, many: str | None = None) -> str:
    return f"{count:,} {one if count == 1 else (many or one + 's')}"


def _busiest(days: Sequence[date], totals: Sequence[int]) -> str:
    if not any(totals):
        return ""
    best = max(range(len(totals)), key=lambda i: (totals[i], i))
    return f", most on {days[best].isoformat()} ({totals[best]:,})"


def written(found: PerDay, tiers: Sequence[Tier], who: str) -> list[charts.Chart]:
    """One chart per tier (small multiples on one scale), each day's bar stacked by kind."""
    kinds = kinds_of(found)
    span = f"the last {len(found.days)} days (UTC)"
    places = range(len(found.days))
    totals = {tier: [sum(found.of(tier, kind)[i] for kind in kinds) for i in places] for tier in tiers}
    top = max([0, *(max(values, default=0) for values in totals.values())])
    made = []
    for tier in tiers:
        series = [
            charts.Series(kind, tuple(found.of(tier, kind)), charts.KIND_COLOURS[kind]) for kind in kinds
        ]
        day_totals = totals[tier]
        by_kind = ", ".join(
            _plural(sum(found.of(tier, kind)), kind, PLURALS.get(kind))
            for kind in kinds
            if sum(found.of(tier, kind))
        )
        name = f"still-valid {TIER_NAMES[tier]} memor"
        summary = (
            f"{_plural(sum(day_totals), name + 'y', name + 'ies')} of {who} written in {span}"
            f"{_busiest(found.days, day_totals)}" + (f": {by_kind}." if by_kind else ".")
        )
        if not found.complete:
            summary += SHORT.format(what="memories")
        made.append(
            charts.stacked_bars(
                f"written-{tier}",
                f"{TIER_NAMES[tier].capitalize()} memories written per day, by kind",
                summary,
                [_short_day(day) for day in found.days],
                series,
                names=[day.isoformat() for day in found.days],
                top=top,
                unit="memories",
            )
        )
    return made


def guarded(found: PerDay, who: str, all_time: tuple[int, int]) -> charts.Chart:
    """Refusals and skips per day, stacked."""
    refused, skipped = found.of("refused"), found.of("skipped")
    summary = (
        f"The guard refused {_plural(sum(refused), 'write')} and skipped {sum(skipped):,} of {who} "
        f"in the last {len(found.days)} days (UTC, by the time of the text it judged)"
        f"{_busiest(found.days, [a + b for a, b in zip(refused, skipped, strict=True)])}; "
        f"since the start, {all_time[0]:,} refused and {all_time[1]:,} skipped."
    )
    if not found.complete:
        summary += SHORT.format(what="log entries")
    return charts.stacked_bars(
        "guarded",
        "Refused and skipped by the guard, per day",
        summary,
        [_short_day(day) for day in found.days],
        [
            charts.Series("refused", tuple(refused), charts.REFUSED_COLOUR),
            charts.Series("skipped", tuple(skipped), charts.SKIPPED_COLOUR),
        ],
        names=[day.isoformat() for day in found.days],
        unit="writes",
    )


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile (`share` from 0 to 1) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def latency(timings: Sequence[RecallTiming]) -> charts.Chart | None:
    """Each recent recall's time, oldest first, with the median and 95th percentile; None when this
    process has answered none for the tenant."""
    if not timings:
        return None
    values = [timing.seconds * 1000 for timing in timings]
    median, p95 = percentile(values, 0.5), percentile(values, 0.95)
    cached = sum(timing.cached for timing in timings)
    summary = (
        f"The last {_plural(len(timings), 'recall')} of this tenant answered by this server process "
        f"(it keeps {PER_TENANT:,}, in memory, since {timings[0].at:%Y-%m-%d %H:%M} UTC): "
        f"median {median:.1f} ms, 95th percentile {p95:.1f} ms, slowest {max(values):.1f} ms"
        + (f"; {cached:,} answered from the recall cache." if cached else ".")
    )
    return charts.dots(
        "recall-latency",
        "Recall latency, this server process",
        summary,
        [charts.Point(f"{t.at:%H:%M:%S}", t.seconds * 1000, t.cached) for t in timings],
        unit="ms",
        lines=[("median", median, charts.MEDIAN_COLOUR), ("95th percentile", p95, charts.P95_COLOUR)],
        filled_name="recall",
        hollow_name="from the cache" if cached else "",
    )
