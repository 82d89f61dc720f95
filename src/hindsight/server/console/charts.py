"""Charts drawn on the server: pure functions from numbers to an SVG string, so the console's pages
stay script-free and need no asset of anyone else's.

Each chart is inline SVG that draws with presentation attributes only (no `style` attribute or
element, which the console's Content-Security-Policy would block), every text in it escaped. It is
an image with a title and a description for assistive technology (`role="img"`, `<title>`,
`<desc>`), each mark has a `<title>` (the browser's tooltip) with its exact number, and a `Chart`
carries the same numbers as a table, which the page shows under the picture for anyone who would
rather read them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

WIDTH, HEIGHT = 720, 220
"""The drawing's own units (the viewBox); the page scales it to the column's width."""
LEFT, RIGHT, TOP, BOTTOM = 52, 16, 26, 30
"""Margins: tick labels on the left, dates or times below."""
LEGEND = 26
"""Height of the legend row under the chart."""
AXIS, GRID, INK = "#4d4d57", "#e1e1e8", "#1b1b1f"
MAX_X_LABELS = 8

KIND_COLOURS = {
    "turn": "#56B4E9",
    "summary": "#0072B2",
    "fact": "#009E73",
    "preference": "#E69F00",
    "pattern": "#CC79A7",
}
"""Okabe-Ito colours, told apart with the common colour-vision deficiencies too."""
REFUSED_COLOUR, SKIPPED_COLOUR = "#D55E00", "#8a8a96"
DOT_COLOUR, MEDIAN_COLOUR, P95_COLOUR = "#0072B2", "#009E73", "#D55E00"

_ID = re.compile(r"[a-z][a-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Series:
    """One stacked layer of a bar chart: a value for each bar."""

    name: str
    values: tuple[float, ...]
    colour: str


@dataclass(frozen=True, slots=True)
class Chart:
    """A drawn chart and its text alternative."""

    id: str
    title: str
    summary: str
    """One or two sentences that say what the picture shows (also its SVG description)."""
    svg: Markup
    head: tuple[str, ...]
    """The column headings of the table of the numbers drawn."""
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Scale:
    """The y axis: where a value is drawn, and the ticks labelled."""

    ticks: tuple[float, ...]
    """From the bottom of the plot to its top (the last tick is the top)."""
    log: bool = False

    @classmethod
    def linear(cls, largest: float, *, whole: bool = True) -> Scale:
        """From 0 to a round top at or above `largest`: a step of 1, 2 or 5 times a power of ten,
        at most 5 steps; whole steps only for counts."""
        if largest <= 0 or not math.isfinite(largest):
            return cls((0.0, 1.0))
        raw = largest / 5
        power = 10 ** math.floor(math.log10(raw))
        step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
        if whole:
            step = max(1.0, float(math.ceil(step)))
        steps = max(1, math.ceil(largest / step - 1e-9))
        return cls(tuple(step * i for i in range(steps + 1)))

    @classmethod
    def decades(cls, values: Sequence[float]) -> Scale:
        """Logarithmic, a tick at each power of ten from below the smallest positive value to above
        the largest (latencies: a cache hit and a cold start both stay readable)."""
        positive = [v for v in values if v > 0 and math.isfinite(v)]
        if not positive:
            return cls((1.0, 10.0), log=True)
        low = math.floor(math.log10(min(positive)))
        high = max(low + 1, math.ceil(math.log10(max(positive))))
        return cls(tuple(10.0**power for power in range(low, high + 1)), log=True)

    def y(self, value: float) -> float:
        plot_h = HEIGHT - TOP - BOTTOM
        bottom, top = self.ticks[0], self.ticks[-1]
        if self.log:
            value = min(max(value, bottom), top)
            share = (math.log10(value) - math.log10(bottom)) / (math.log10(top) - math.log10(bottom))
        else:
            share = (value - bottom) / (top - bottom)
        return TOP + plot_h - plot_h * share


def stacked_bars(
    chart_id: str,
    title: str,
    summary: str,
    labels: Sequence[str],
    series: Sequence[Series],
    *,
    names: Sequence[str] | None = None,
    top: float | None = None,
    unit: str = "",
) -> Chart:
    """Bars side by side, one per label (a day), each a stack of `series` (kinds; refused and
    skipped). `names` are the labels in full, for tooltips and the table (default: `labels`);
    `top` puts the axis's top at least there (small multiples share one scale); `unit` names
    what is counted, over the axis ("memories")."""
    _check_id(chart_id)
    count = len(labels)
    names = list(names) if names is not None else list(labels)
    if len(names) != count or any(len(one.values) != count for one in series):
        raise ValueError("every series needs one value per label")
    totals = [sum(one.values[i] for one in series) for i in range(count)]
    scale = Scale.linear(max([*totals, top or 0.0]))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    band = plot_w / max(count, 1)
    bar = max(1.0, band * 0.72)
    parts = [_open(chart_id, title, summary, HEIGHT + LEGEND), *_y_axis(scale, unit)]
    for i in range(count):
        x = LEFT + band * i + (band - bar) / 2
        base = 0.0
        for one in series:
            value = one.values[i]
            if value <= 0:
                continue
            y0, y1 = scale.y(base), scale.y(base + value)
            tip = f"{names[i]} · {one.name}: {_number(value)}"
            parts.append(
                f'<rect x="{x:.1f}" y="{y1:.1f}" width="{bar:.1f}" height="{max(y0 - y1, 0.5):.1f}" '
                f'fill="{one.colour}"><title>{escape(tip)}</title></rect>'
            )
            base += value
    for i in _labelled(count, MAX_X_LABELS):
        parts.append(_text(LEFT + band * (i + 0.5), TOP + plot_h + 18, labels[i], anchor="middle"))
    parts.append(_line(LEFT, TOP + plot_h, WIDTH - RIGHT, TOP + plot_h, AXIS))
    parts += _legend([(one.name, one.colour, "box") for one in series])
    parts.append("</svg>")
    head = ("Day", *(one.name for one in series), "Total")
    rows = tuple(
        (names[i], *(_number(one.values[i]) for one in series), _number(totals[i])) for i in range(count)
    )
    return Chart(chart_id, title, summary, Markup("".join(parts)), head, rows)


@dataclass(frozen=True, slots=True)
class Point:
    """One measurement of a dot chart, in order: its label (a time) and value (milliseconds)."""

    label: str
    value: float
    hollow: bool = False


def dots(
    chart_id: str,
    title: str,
    summary: str,
    points: Sequence[Point],
    *,
    unit: str,
    lines: Sequence[tuple[str, float, str]] = (),
    filled_name: str = "",
    hollow_name: str = "",
) -> Chart:
    """One dot per measurement, oldest on the left, evenly spaced; `lines` are horizontal reference
    lines (name, value, colour) such as percentiles. Hollow dots are another sort of measurement
    (answered from a cache), named in the legend by `hollow_name`."""
    _check_id(chart_id)
    scale = Scale.decades([*(p.value for p in points), *(v for _, v, _ in lines)])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(points)
    span = plot_w - 8

    def x_of(i: int) -> float:
        return LEFT + 4 + (span * i / (count - 1) if count > 1 else span / 2)

    parts = [_open(chart_id, title, summary, HEIGHT + LEGEND), *_y_axis(scale, unit)]
    for name, value, colour in lines:
        y = scale.y(value)
        parts.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{WIDTH - RIGHT}" y2="{y:.1f}" stroke="{colour}" '
            f'stroke-width="1.5" stroke-dasharray="6 4"><title>{escape(f"{name}: {_number(value)} {unit}")}'
            "</title></line>"
        )
    for i, point in enumerate(points):
        fill = "#ffffff" if point.hollow else DOT_COLOUR
        tip = f"{point.label}: {_number(point.value)} {unit}" + (f" ({hollow_name})" if point.hollow else "")
        parts.append(
            f'<circle cx="{x_of(i):.1f}" cy="{scale.y(point.value):.1f}" r="3.2" fill="{fill}" '
            f'stroke="{DOT_COLOUR}" stroke-width="1.2"><title>{escape(tip)}</title></circle>'
        )
    shown = _labelled(count, 6)
    for i in shown:
        anchor = "start" if i == 0 and count > 1 else "end" if i == count - 1 and count > 1 else "middle"
        parts.append(_text(x_of(i), TOP + plot_h + 18, points[i].label, anchor=anchor))
    parts.append(_line(LEFT, TOP + plot_h, WIDTH - RIGHT, TOP + plot_h, AXIS))
    legend: list[tuple[str, str, str]] = []
    if filled_name:
        legend.append((filled_name, DOT_COLOUR, "dot"))
    if hollow_name:
        legend.append((hollow_name, DOT_COLOUR, "ring"))
    legend += [(f"{name} {_number(value)} {unit}", colour, "dash") for name, value, colour in lines]
    parts += _legend(legend)
    parts.append("</svg>")
    head = ("#", "When", unit, "How")
    rows = tuple(
        (str(i + 1), p.label, _number(p.value), hollow_name if p.hollow else filled_name)
        for i, p in enumerate(points)
    )
    return Chart(chart_id, title, summary, Markup("".join(parts)), head, rows)


# -- drawing ---------------------------------------------------------------------------------------


def _check_id(chart_id: str) -> None:
    if not _ID.fullmatch(chart_id):
        raise ValueError(f"a chart id is lowercase letters, digits and dashes, not {chart_id!r}")


def _open(chart_id: str, title: str, summary: str, height: int) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" id="{chart_id}" class="chart-svg" '
        f'font-size="12" fill="{INK}">'
        f'<title id="{chart_id}-title">{escape(title)}</title>'
        f'<desc id="{chart_id}-desc">{escape(summary)}</desc>'
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#ffffff"/>'
    )


def _labelled(count: int, most: int) -> list[int]:
    """Which of `count` places along the x axis get a label: evenly spaced, at most about `most`,
    the first always and the last when there is room for it."""
    if count <= 0:
        return []
    step = max(1, math.ceil(count / most))
    shown = list(range(0, count, step))
    if shown[-1] != count - 1 and count - 1 - shown[-1] >= step / 2:
        shown.append(count - 1)
    return shown


def _y_axis(scale: Scale, unit: str = "") -> list[str]:
    """Grid lines and their labels; the unit, if any, above the labels."""
    parts = []
    for tick in scale.ticks:
        y = scale.y(tick)
        parts.append(_line(LEFT, y, WIDTH - RIGHT, y, GRID))
        parts.append(_text(LEFT - 6, y + 4, f"{tick:g}" if scale.log else _number(tick), anchor="end"))
    if unit:
        parts.append(_text(4, TOP - 12, unit))
    return parts


def _legend(entries: Sequence[tuple[str, str, str]]) -> list[str]:
    """Swatches and names in one row under the chart; `shape` is box, dot, ring or dash."""
    parts, x, y = [], float(LEFT), HEIGHT + 8
    for name, colour, shape in entries:
        if shape == "box":
            parts.append(f'<rect x="{x:.1f}" y="{y - 9}" width="11" height="11" fill="{colour}"/>')
        elif shape in ("dot", "ring"):
            fill = colour if shape == "dot" else "#ffffff"
            parts.append(
                f'<circle cx="{x + 5.5:.1f}" cy="{y - 3.5}" r="4" fill="{fill}" stroke="{colour}" '
                'stroke-width="1.2"/>'
            )
        else:
            parts.append(
                f'<line x1="{x:.1f}" y1="{y - 3.5}" x2="{x + 14:.1f}" y2="{y - 3.5}" stroke="{colour}" '
                'stroke-width="2" stroke-dasharray="5 3"/>'
            )
        parts.append(_text(x + 18, y + 1, name))
        x += 18 + 7.2 * len(name) + 18
    return parts


def _line(x1: float, y1: float, x2: float, y2: float, colour: str) -> str:
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="1"/>'
    )


def _text(x: float, y: float, text: str, anchor: str = "start") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="{AXIS}">{escape(text)}</text>'


def _number(value: float) -> str:
    """A count as a whole number with thousands separators; a measurement with what it needs."""
    if float(value).is_integer() and abs(value) >= 1:
        return f"{int(value):,}"
    if value == 0:
        return "0"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"
