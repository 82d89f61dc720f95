"""The console's charts: the SVG drawing (charts.py), what the stats page counts for it
(activity.py), and the sentences that say what each chart shows (figures.py)."""

from __future__ import annotations

import asyncio
import re
import xml.etree.ElementTree as ET
from datetime import date, datetime, timedelta

import pytest

from hindsight import Memory, MemoryRecord
from hindsight.models import Kind, Tier, WriteAction, WriteLogEntry
from hindsight.recall.timings import RecentRecalls
from hindsight.server.console import activity, charts, figures
from tests.stored import log, put

SVG = "{http://www.w3.org/2000/svg}"


def parsed(chart: charts.Chart) -> ET.Element:
    """The chart's SVG as XML: it must be well-formed to parse at all."""
    return ET.fromstring(str(chart.svg))


def assert_self_contained(chart: charts.Chart) -> None:
    """Nothing the page's Content-Security-Policy would block, and nothing fetched from anywhere."""
    text = str(chart.svg)
    for banned in ("<script", "style=", "<style", "href=", "url(", "javascript:", "<foreignObject"):
        assert banned not in text, banned


# -- drawing ---------------------------------------------------------------------------------------


def test_stacked_bars_draw_one_rect_per_nonzero_value_with_its_number() -> None:
    chart = charts.stacked_bars(
        "written-long",
        "Long-term memories per day",
        "7 memories in 3 days.",
        ["1 Nov", "2 Nov", "3 Nov"],
        [charts.Series("fact", (2, 0, 1), "#009E73"), charts.Series("preference", (1, 3, 0), "#E69F00")],
        names=["2026-11-01", "2026-11-02", "2026-11-03"],
        unit="memories",
    )
    root = parsed(chart)
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "written-long-title written-long-desc"
    assert root.findtext(f"{SVG}title") == "Long-term memories per day"
    assert root.findtext(f"{SVG}desc") == "7 memories in 3 days."
    bars = [rect for rect in root.iter(f"{SVG}rect") if rect.find(f"{SVG}title") is not None]
    tips = [rect.findtext(f"{SVG}title") for rect in bars]
    assert tips == [
        "2026-11-01 · fact: 2",
        "2026-11-01 · preference: 1",
        "2026-11-02 · preference: 3",
        "2026-11-03 · fact: 1",
    ]
    # Stacked: on 1 Nov the preference sits on top of the fact, and 3 is taller than 1.
    fact, preference = bars[0], bars[1]
    assert float(preference.get("y", 0)) + float(preference.get("height", 0)) == pytest.approx(
        float(fact.get("y", 0)), abs=0.11
    )
    assert float(bars[2].get("height", 0)) == pytest.approx(3 * float(bars[1].get("height", 0)), rel=0.01)
    assert chart.head == ("Day", "fact", "preference", "Total")
    assert chart.rows == (
        ("2026-11-01", "2", "1", "3"),
        ("2026-11-02", "0", "3", "3"),
        ("2026-11-03", "1", "0", "1"),
    )
    assert_self_contained(chart)


def test_small_multiples_share_a_scale() -> None:
    low = charts.stacked_bars("a", "A", "", ["d"], [charts.Series("x", (2,), "#000000")], top=10)
    high = charts.stacked_bars("b", "B", "", ["d"], [charts.Series("x", (10,), "#000000")], top=10)

    def height(chart: charts.Chart) -> float:
        bar = next(r for r in parsed(chart).iter(f"{SVG}rect") if r.find(f"{SVG}title") is not None)
        return float(bar.get("height", 0))

    assert height(high) == pytest.approx(5 * height(low), rel=0.01)


def test_every_text_in_a_chart_is_escaped() -> None:
    evil = '<script>alert("x")</script> & "quotes"'
    chart = charts.stacked_bars(
        "evil", evil, evil, [evil], [charts.Series(evil, (1,), "#000000")], names=[evil], unit=evil
    )
    root = parsed(chart)  # still well-formed XML
    assert "<script" not in str(chart.svg)
    assert root.findtext(f"{SVG}title") == evil
    assert evil in [t.text for t in root.iter(f"{SVG}text")]
    dots = charts.dots(
        "evil-dots", evil, evil, [charts.Point(evil, 1.0)], unit=evil, lines=[(evil, 1.0, "#000000")]
    )
    assert "<script" not in str(dots.svg) and parsed(dots).findtext(f"{SVG}desc") == evil


@pytest.mark.parametrize("bad", ["Has Caps", "1st", "", "a b", 'x"onload="y'])
def test_a_chart_id_is_a_plain_name(bad: str) -> None:
    with pytest.raises(ValueError, match="chart id"):
        charts.stacked_bars(bad, "t", "s", [], [])


def test_values_must_match_the_labels() -> None:
    with pytest.raises(ValueError, match="one value per label"):
        charts.stacked_bars("a", "t", "s", ["1", "2"], [charts.Series("x", (1,), "#000000")])


@pytest.mark.parametrize(
    ("largest", "ticks"),
    [
        (0, (0, 1)),
        (1, (0, 1)),
        (3, (0, 1, 2, 3)),
        (7, (0, 2, 4, 6, 8)),
        (10, (0, 2, 4, 6, 8, 10)),
        (11, (0, 5, 10, 15)),
        (230, (0, 50, 100, 150, 200, 250)),
    ],
)
def test_a_linear_axis_has_round_whole_steps(largest: float, ticks: tuple[float, ...]) -> None:
    assert charts.Scale.linear(largest).ticks == ticks


def test_a_latency_axis_spans_whole_decades() -> None:
    scale = charts.Scale.decades([0.12, 3.0, 410.0])
    assert scale.log and scale.ticks == (0.1, 1.0, 10.0, 100.0, 1000.0)
    bottom, top = scale.y(0.1), scale.y(1000.0)
    assert scale.y(10.0) == pytest.approx((bottom + top) / 2)  # the middle decade is in the middle
    assert scale.y(0.0) == bottom and scale.y(1e9) == top  # off the scale: drawn at its edge
    assert charts.Scale.decades([]).ticks == (1.0, 10.0)


def test_dots_draw_each_measurement_and_the_reference_lines() -> None:
    points = [
        charts.Point("10:00:00", 12.5),
        charts.Point("10:00:01", 0.1, hollow=True),
        charts.Point("10:00:02", 40),
    ]
    chart = charts.dots(
        "recall-latency",
        "Recall latency",
        "3 recalls.",
        points,
        unit="ms",
        lines=[("median", 12.5, "#009E73")],
        filled_name="recall",
        hollow_name="from the cache",
    )
    root = parsed(chart)
    marks = [c for c in root.iter(f"{SVG}circle") if c.find(f"{SVG}title") is not None]
    assert [c.findtext(f"{SVG}title") for c in marks] == [
        "10:00:00: 12.5 ms",
        "10:00:01: 0.10 ms (from the cache)",
        "10:00:02: 40 ms",
    ]
    assert [c.get("fill") for c in marks] == [charts.DOT_COLOUR, "#ffffff", charts.DOT_COLOUR]
    xs = [float(c.get("cx", 0)) for c in marks]
    assert xs == sorted(xs) and xs[0] < xs[-1]  # oldest on the left
    ys = [float(c.get("cy", 0)) for c in marks]
    assert ys[2] < ys[0] < ys[1]  # slower is higher
    median = next(line for line in root.iter(f"{SVG}line") if line.find(f"{SVG}title") is not None)
    assert median.findtext(f"{SVG}title") == "median: 12.5 ms" and float(
        median.get("y1", 0)
    ) == pytest.approx(ys[0])
    assert chart.rows[1] == ("2", "10:00:01", "0.10", "from the cache")
    assert_self_contained(chart)


# -- what is counted -------------------------------------------------------------------------------

TODAY = date(2026, 11, 30)


def written(
    memory: Memory, user: str, tier: Tier, kind: Kind, days_ago: int, count: int, tenant: str = "default"
) -> None:
    at = datetime.combine(TODAY, datetime.min.time()) - timedelta(days=days_ago) + timedelta(hours=9)
    put(
        memory,
        *(
            MemoryRecord(
                id=f"{tenant}-{user}-{tier}-{kind}-{days_ago}-{n}",
                user_id=user,
                tenant=tenant,
                tier=tier,
                kind=kind,
                text=f"{kind} {n}",
                created_at=at + timedelta(minutes=n),
                event_time=at,
                valid_from=at,
            )
            for n in range(count)
        ),
    )


def test_memories_written_per_day_by_tier_and_kind(memory: Memory) -> None:
    written(memory, "alice", "short", "fact", 0, 3)
    written(memory, "alice", "short", "turn", 0, 2)
    written(memory, "alice", "long", "preference", 2, 1)
    written(memory, "bob", "short", "fact", 6, 4)
    written(memory, "bob", "short", "fact", 7, 5)  # a day before the window
    written(memory, "carol", "short", "fact", 1, 9, tenant="acme")  # another tenant
    view = memory.core.for_tenant("default")
    days = activity.window(7, TODAY)
    assert days[0] == date(2026, 11, 24) and days[-1] == TODAY
    found = asyncio.run(activity.written_per_day(view, ["alice", "bob"], ("long", "short"), days))
    assert found.of("short", "fact") == [4, 0, 0, 0, 0, 0, 3]
    assert found.of("short", "turn") == [0, 0, 0, 0, 0, 0, 2]
    assert found.of("long", "preference") == [0, 0, 0, 0, 1, 0, 0]
    assert found.of("long", "fact") == [0] * 7
    assert found.total == 10 and found.complete
    assert activity.kinds_of(found) == ["turn", "fact", "preference"]
    only_bob = asyncio.run(activity.written_per_day(view, ["bob"], ("long", "short"), days))
    assert only_bob.total == 4


def test_counting_stops_at_its_limit_and_says_so(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    written(memory, "alice", "short", "fact", 0, 120)
    monkeypatch.setattr(activity, "MAX_ROWS_READ", 60)
    monkeypatch.setattr(activity, "FIRST_PAGE", 20)
    monkeypatch.setattr(activity, "PAGE", 20)
    found = asyncio.run(
        activity.written_per_day(
            memory.core.for_tenant("default"), ["alice"], ("short",), activity.window(7, TODAY)
        )
    )
    assert not found.complete and found.total == 60
    [chart, *_] = figures.written(found, ("short",), "alice")
    assert "the oldest days may be short" in chart.summary


def entry(action: WriteAction, days_ago: int, user: str = "alice", tenant: str = "default") -> WriteLogEntry:
    at = datetime.combine(TODAY, datetime.min.time()) - timedelta(days=days_ago) + timedelta(hours=12)
    return WriteLogEntry(user, action, "why", "0" * 16, at, "remember", tenant=tenant)


def test_refusals_and_skips_per_day(memory: Memory) -> None:
    log(
        memory,
        entry("refused", 3),
        entry("refused", 3),
        entry("skipped", 0),
        entry("skipped", 0, user="bob"),
        entry("promoted", 0),  # not the guard's
        entry("refused", 9),  # before the window
        entry("refused", 0, tenant="acme"),  # another tenant's
    )
    view = memory.core.for_tenant("default")
    days = activity.window(7, TODAY)
    everyone = asyncio.run(activity.guarded_per_day(view, None, days))
    assert everyone.of("refused") == [0, 0, 0, 2, 0, 0, 0]
    assert everyone.of("skipped") == [0, 0, 0, 0, 0, 0, 2]
    alice = asyncio.run(activity.guarded_per_day(view, "alice", days))
    assert alice.of("skipped") == [0, 0, 0, 0, 0, 0, 1] and sum(alice.of("refused")) == 2
    chart = figures.guarded(everyone, "every user", (3, 2))
    assert chart.rows[3] == ("2026-11-27", "2", "0", "2")
    assert "refused 2 writes and skipped 2" in chart.summary and "3 refused and 2 skipped" in chart.summary


def test_reading_the_log_stops_at_the_first_page_older_than_the_window(
    memory: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    log(memory, *(entry("refused", 20) for _ in range(30)), *(entry("skipped", 1) for _ in range(5)))
    monkeypatch.setattr(activity, "PAGE", 10)
    found = asyncio.run(
        activity.guarded_per_day(memory.core.for_tenant("default"), None, activity.window(7, TODAY))
    )
    assert found.of("skipped")[-2] == 5 and sum(found.of("refused")) == 0
    assert found.read == 20  # the page with the 5 skips and 5 older, then one page all older


def test_the_latency_chart_says_what_it_measured() -> None:
    recent = RecentRecalls()
    at = datetime(2026, 11, 30, 12, 0, 5)
    for ms in (10, 20, 30, 40, 1000):
        recent.record("default", ms / 1000, at=at)
    recent.record("default", 0.0001, cached=True, at=at)
    chart = figures.latency(recent.of("default"))
    assert chart is not None
    assert re.search(
        r"median 20\.0 ms, 95th percentile 1000\.0 ms, slowest 1000\.0 ms; 1 answered", chart.summary
    )
    assert "this server process" in chart.title and "since 2026-11-30 12:00 UTC" in chart.summary
    assert figures.latency([]) is None
    assert figures.percentile([5, 1, 3, 2, 4], 0.5) == 3 and figures.percentile([1.0], 0.95) == 1.0
