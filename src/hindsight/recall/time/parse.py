"""parse_range: the first time expression in a query, as a range. The rules whose gates the query opens are
searched; the earliest match wins, then the longest, then the earlier rule; then the words around it may make
a span of it, run it to today, correct it, or say it names no range."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight import prefilter
from hindsight.recall import holidays
from hindsight.recall.time.as_typed import plain
from hindsight.recall.time.corrections import (
    _CORRECTION,
    _MEANT,
    _MEANT_AFTER,
    _RUN_ON_NUMBER,
    _SHIFTED,
    _ZH_PIECES,
)
from hindsight.recall.time.no_range import (
    _ANY_QUARTER,
    _HABIT,
    _NO_RANGE_ABOUT_TIME_ITSELF,
    _NO_RANGE_ABOUT_TIME_ITSELF_WORDS,
    _NO_RANGE_WEEKEND_OR_MEANING,
    _RECURRING,
    _STANDING,
    _USUALLY,
    _WHICH_YEAR,
    without_reminder_lead,
)
from hindsight.recall.time.no_time import _SETTLEMENT
from hindsight.recall.time.periods.days import _day, _days, _week_of
from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.prepare import _prepared
from hindsight.recall.time.region import _REGION, _weekend_moved, check_region
from hindsight.recall.time.rules.pieces import _REGION_ONLY, Build
from hindsight.recall.time.rules.table import _BY_SCRIPT, _CLASSES, _GATE_BY_PAIR, _RULES
from hindsight.recall.time.span_words import (
    _BARE_MONTH_DAY,
    _BARE_MONTH_OR_QUARTER,
    _BARE_WEEKDAY,
    _BETWEEN,
    _BETWEEN_AND,
    _DAY_BESIDE,
    _EITHER,
    _JOINED,
    _NEXT_DAY,
    _ONWARDS,
    _SINCE_AFTER,
    _SINCE_BEFORE,
    _SINCE_EVENT_ZH,
    _SINCE_EVENT_ZH_ANY,
    _SPAN,
    _TO_NOW,
    _WEEK_AFTER,
    _WEEK_ENDING,
    _WEEKS_ENDING,
    _ZH_WEEKDAY_END,
    _ZH_WEEKDAY_NUMERAL,
    _since_event,
)
from hindsight.recall.time.time_range import TimeRange
from hindsight.recall.time.vocabulary import _MONTH_NAMES, _QUARTER_OFFSETS, _ZH_WEEKDAYS, _weekday, en_number

_LATIN = prefilter.compile(r"[A-Za-z]")
_DATED = prefilter.compile(
    rf"(?:\b(?:{_MONTH_NAMES})\b|月|\d[/.-]\d).*(?:19|20)\d\d|(?:19|20)\d\d.*(?:\b(?:{_MONTH_NAMES})\b|月|\d[/.-]\d)"
    r"|^(?:in|during) (?:19|20)\d\d$"
    # the second wave: a holiday or a season with its year ("2026年国庆", "Diwali 2025", "2025's Eid")
    r"|(?:19|20)\d\d年的?[\u4e00-\u9fff]{2}|\b[a-z]{3,}\s+(?:19|20)\d\d\b|\b(?:19|20)\d\d(?:'s)?\s+[a-z]{3,}",
    re.IGNORECASE,
)
"""An expression that names a month or a day with its year ("23 January, 2022", "May 2022", "2023年5月",
"in 2024"): when a query also holds a relative one ("recently", "last Friday"), this one is what the
question is anchored to — it says when the thing was said."""


def _a_holiday(said: str) -> bool:
    """Whether `said` is a holiday's name alone ("on deepavali"): "deepavali or the day after" asks which of the
    two, and the holiday is the answer the user leans to (the fiftieth round's authors, five of six)."""
    name = said.strip().lower().removeprefix("on ").removeprefix("the ")
    return name in holidays.EN_NAMES or said.strip() in holidays.ZH_NAMES


_SINCE_A_DAY = prefilter.compile(r"\bsince\s+(?:the\s+)?$|自从\s*$", re.IGNORECASE)
""""since" right before a day the habit words would read as recurring ("every ride since Labor Day")."""


def parse_range(query: str, now: datetime, region: str | None = None) -> TimeRange | None:
    """The first time expression in `query` (earliest in the text, then the longest), as a range;
    None if there is none, or if it is a weekday or weekend said of a habit. `now` is the user's local
    wall time (naive); `region` (an ISO 3166-1 alpha-2 code, `region.check_region`) is where the user
    lives, for what only a place decides (`region.py`); without it, the parser's defaults."""
    query = plain(query)
    if region is None:
        return _parse_range(query, now)
    # the region holds for this call (and the calls it makes) only: set here, reset however it ends
    token = _REGION.set(check_region(region))
    try:
        return _parse_range(query, now)
    finally:
        _REGION.reset(token)


def _parse_range(query: str, now: datetime) -> TimeRange | None:
    """`parse_range` in the region set for the call (`region._REGION`)."""
    if ("these days" in query or "on the " in query) and _STANDING.search(query):
        return None
    if _NO_RANGE_WEEKEND_OR_MEANING.search(query):
        return None
    query = without_reminder_lead(query)
    if any(
        word in query.lower() for word in _NO_RANGE_ABOUT_TIME_ITSELF_WORDS
    ) and _NO_RANGE_ABOUT_TIME_ITSELF.search(query):
        return None
    query = _prepared(query)
    best: tuple[int, int, int, re.Match[str], Build] | None = None
    dated: tuple[int, int, int, re.Match[str], Build] | None = None
    lowered = query.lower()
    # A gate may name a class of words ("@month"): the query's classes are found once, then read
    # as words of the gated text.
    lowered += "".join(f" {name}" for name, pattern in _CLASSES if pattern.search(lowered))
    # Each gate word is looked for once; a gated rule runs when one of its words is present.
    pairs = {lowered[at : at + 2] for at in range(len(lowered))}.union(lowered)
    present = {
        word
        for pair in pairs.intersection(_GATE_BY_PAIR)
        for word in _GATE_BY_PAIR[pair]
        if len(word) < 3 or word in lowered
    }
    if _REGION.get() is not None:
        # the rules only a region reads (financial and tax years, a season's start)
        present.add(_REGION_ONLY[0])
    # Chinese rules need a Chinese character, English ones a Latin letter: a query in one language
    # skips the other's rules.
    scripts = [
        script for script, skip in (("zh", query.isascii()), ("en", _LATIN.search(query) is None)) if not skip
    ]
    for script in (*scripts, ""):
        for order, pattern, build, gate in _BY_SCRIPT[script]:
            if gate and gate.isdisjoint(present):
                continue
            match = pattern.search(query)
            if match and (best is None or (match.start(), -len(match.group(0)), order) < best[:3]):
                best = (match.start(), -len(match.group(0)), order, match, build)
            if (
                match
                and _DATED.search(match.group(0))
                and (dated is None or (match.start(), -len(match.group(0)), order) < dated[:3])
            ):
                dated = (match.start(), -len(match.group(0)), order, match, build)
    if best is None:
        return None
    if dated is not None and not _DATED.search(best[3].group(0)):
        best = dated  # "what did he finish last Friday, as mentioned on 23 January, 2022": the date said
    *_, match, build = best
    if (
        _RECURRING.match(match.group(0).strip())
        and _HABIT.search(query)
        and not _TO_NOW.match(query, match.end())
        # the fiftieth round: "every ride I gave since Labor Day" lists what was done since a day, no habit
        and not _SINCE_A_DAY.search(query, 0, match.start())
    ):
        return None
    if _ANY_QUARTER.fullmatch(match.group(0).strip()) and _USUALLY.search(query):
        return None
    if _WHICH_YEAR.search(query) and _RECURRING.match(match.group(0).strip()):
        return None  # "在 Canada 过的那个 Chinese New Year 是哪年": the year is what is asked
    if _MEANT.search(query, match.end()) and (restated := _restated(query, match.end(), now)):
        return restated
    correction = _CORRECTION.match(query, match.end())
    if correction and (fixed := _corrected(match.group(0), query, correction.end(), now)):
        return fixed
    try:
        start, end = build(match, now)
    except (ValueError, KeyError, OverflowError) as error:  # "2月30日", a year before 1: not a date
        if str(error) == _SETTLEMENT:
            # "T+1到账的那笔退款今天到了吗": the rule of settlement names no day; another time word may
            return _parse_range(
                query[: match.start()] + " " * len(match.group(0)) + query[match.end() :], now
            )
        return None
    if _REGION.get() is not None:
        start, end = _weekend_moved(
            match.group(0), start, end, query
        )  # Friday and Saturday where the region keeps them
    expression = match.group(0)
    span = (
        _SPAN.match(query, match.end())
        or (_BETWEEN_AND.match(query, match.end()) if _BETWEEN.search(query, 0, match.start()) else None)
        or _NEXT_DAY.match(query, match.end())
    )
    second = (
        _expression_at(query, span.end(), now, start, _ZH_WEEKDAY_END.search(expression) is not None)
        if span
        else None
    )
    if second is not None and span and span.re is _NEXT_DAY.compiled and second[0] != end:
        second = None  # "周一周三周五" lists days; only the next day joins without a word ("礼拜六礼拜天")
    either = (
        span is not None
        and span.re is _SPAN.compiled
        and _EITHER.fullmatch(span.group(0).strip()) is not None
    )
    if (
        second is None
        and span
        and either
        and not (_a_holiday(match.group(0)) and "both" not in query.lower())
        and (moved := _shifted(match.group(0), query[span.end() :], now))
    ):
        # "last night or was it the night before", "last friday or the friday before": both
        start, end = min(start, moved.start), max(end, moved.end)
        expression = query[match.start() : span.end()] + moved.expression[len(match.group(0)) + 1 :]
    elif second is not None and span and either:
        # "前天还是大前天", "tues or wed": either day, whichever comes first in the text
        start, end = min(start, second[0]), max(end, second[1])
        expression = query[match.start() : second[2]]
    elif second is not None and second[1] > start:
        end = second[1]
        expression = query[match.start() : second[2]]
        while span and span.re is _NEXT_DAY.compiled and (span := _NEXT_DAY.match(query, second[2])):
            # "last week Mon Tue Wed", "上周一和周二和周三": each next day joins in turn
            third = _expression_at(
                query, span.end(), now, start, _ZH_WEEKDAY_END.search(expression) is not None
            )
            if third is None or third[0] != end:
                break
            second, end, expression = third, third[1], query[match.start() : third[2]]
        week = _WEEK_AFTER.match(query, second[2])
        if week and _BARE_WEEKDAY.fullmatch(match.group(0).strip()):
            # "from tuesday to thursday last week": both days of the week named after them
            shift = _week_of(now) + timedelta(weeks=_QUARTER_OFFSETS[week["w"].lower()]) - _week_of(start)
            start, end = start + shift, end + shift
            expression = query[match.start() : week.end()]
    elif weeks := _WEEKS_ENDING.search(query[: match.start()]):
        # "the fortnight ending Friday", "the 2 weeks commencing 1 March": those weeks to / from that day
        count = 2 if weeks["n"] is None else en_number(weeks["n"])
        start, end = (
            (_week_of(start), _week_of(start) + timedelta(weeks=count))
            if weeks["c"]
            else (end - timedelta(weeks=count), end)
        )
        expression = query[weeks.start() : match.end()]
    elif ending := _WEEK_ENDING.search(query[: match.start()]):
        # "the week ending 30 May", "w/e 3/5": the seven days to that day; "w/c 2 Feb": its calendar week
        start, end = (
            (_week_of(start), _week_of(start) + timedelta(days=7))
            if ending["c"]
            else (end - timedelta(days=7), end)
        )
        expression = query[ending.start() : match.end()]
    elif (
        start <= now
        and not _JOINED.search(expression)
        and (
            _SINCE_BEFORE.search(query[: match.start()])
            or _since_event(query[: match.start()], expression)
            or _SINCE_EVENT_ZH.match(query, match.end())
            or _SINCE_EVENT_ZH_ANY.match(query, match.end())
            or _ONWARDS.match(query, match.end())
            or expression.lower().startswith(("since", "after", "on or after"))
            or _SINCE_AFTER.match(query, match.end())
        )
    ):
        end = _day(now) + timedelta(days=1)  # "since last Thursday", "本月以来": up to today
    beside = _DAY_BESIDE.search(query, 0, match.start())
    if beside and expression == match.group(0) and end - start == timedelta(days=1):
        # "the day before the go-live on 12 May", "the day after the 3/3 board meeting": the day beside
        shift = timedelta(days=1 if beside["r"].lower() == "after" else -1)
        start, end = start + shift, end + shift
        expression = query[beside.start() : match.end()]
    return TimeRange(start, end, expression, vague=_VAGUE.fullmatch(expression.strip()) is not None)


def _restated(query: str, position: int, now: datetime) -> TimeRange | None:
    """A time said again right after the first and marked as the one meant ("last month uh the middle of
    last month i mean"): that one. None when no time follows at once or no "i mean" comes after it."""
    rest = query[position:].lstrip(" ,，、")
    found = _parse_range(rest, now)
    if found is None or not rest.lower().startswith(found.expression.lower()):
        return None
    return found if _MEANT_AFTER.match(rest, len(found.expression)) else None


def _shifted(said: str, fix: str, now: datetime) -> TimeRange | None:
    """What `_SHIFTED` makes of the expression `said`: its day, week, month or year one back or on."""
    shift = _SHIFTED.match(fix)
    first = _parse_range(said, now) if shift else None
    if shift is None or first is None:
        return None
    step = -1 if shift["r"].lower() == "before" else 1
    unit = shift["u"].lower()
    length = first.end - first.start
    if unit in ("day", "night", "evening", "morning", "afternoon") and length == timedelta(days=1):
        start, end = first.start + timedelta(days=step), first.end + timedelta(days=step)
    elif (unit == "week" and length == timedelta(days=7)) or (
        unit.endswith("day") and length == timedelta(days=1) and first.start.weekday() == _weekday(unit)
    ):
        start, end = first.start + timedelta(weeks=step), first.end + timedelta(weeks=step)
    elif unit == "month" and first.start.day == 1 and 28 <= length.days <= 31:
        start, end = _month(first.start.year, first.start.month + step)
    elif unit == "year" and (first.start.month, first.start.day) == (1, 1) and length.days in (365, 366):
        start, end = datetime(first.start.year + step, 1, 1), datetime(first.start.year + step + 1, 1, 1)
    else:
        return None
    return TimeRange(start, end, f"{said} {shift.group(0).strip()}")


def _corrected(said: str, query: str, position: int, now: datetime) -> TimeRange | None:
    """What a correction at `position` makes of the expression `said` before it: its last part
    replaced by the words after the correction, the first such reading that is a whole expression
    ("last tuesday" + "wednesday" → "last wednesday"; "上个月十五号" + "十六号" → "上个月十六号";
    "礼拜五" + "礼拜四" → "礼拜四"). None when no reading is."""
    rest = query[position:]
    if shifted := _shifted(said, rest, now):
        return shifted
    if said.isascii():
        cuts = [0, *(i + 1 for i, char in enumerate(said) if char == " ")]
        words = rest.split()
        fixes = [" ".join(words[:k]).rstrip(",.;:!?") for k in range(min(6, len(words)), 0, -1)]
    else:
        cuts = [piece.start() for piece in _ZH_PIECES.finditer(said)]
        fixes = [rest[:k].strip() for k in range(min(8, len(rest)), 0, -1)]
    for cut in reversed(cuts):  # keep as much of what was said as a reading allows
        for fix in fixes:
            text = said[:cut] + fix
            if not fix or _CORRECTION.fullmatch(fix) or _RUN_ON_NUMBER.search(said[:cut] + fix[:1]):
                continue  # a number must not run into the one before it ("十" + "十一号")
            if text.strip().lower() == said.strip().lower():
                continue  # the same words again are no correction ("the day after tomorrow no wait tomorrow")
            found = _parse_range(text, now)
            if found is not None and found.expression.strip() in (text.strip(), _prepared(text).strip()):
                return found
    return None


def _expression_at(
    query: str, position: int, now: datetime, first_start: datetime, after_zh_weekday: bool = False
) -> tuple[datetime, datetime, int] | None:
    """The time expression that begins exactly at `position` (the second end of a span: "上周一到周五",
    "上周四到这周二", "礼拜三还是礼拜四"), as (start, end, where it ends); a bare weekday there is a day
    of the first expression's week ("this Sat n Sun"; after a Chinese weekday its numeral alone:
    "上个星期一到三")."""
    bare = _BARE_WEEKDAY.match(query, position) or (
        _ZH_WEEKDAY_NUMERAL.match(query, position) if after_zh_weekday else None
    )
    if bare and (bare["zh"] or not query[bare.end() : bare.end() + 1].isalpha()):
        name = bare["zh"] or bare["en"]
        number = _ZH_WEEKDAYS[name] if bare["zh"] else _weekday(name)
        start, end = _days(_week_of(first_start) + timedelta(days=number))
        return start, end, bare.end()
    if day := _BARE_MONTH_DAY.match(query, position):
        try:
            start, end = _days(first_start.replace(day=int(day["dd"] or day["zh"])))
        except ValueError:
            return None
        return start, end, day.end()
    best: tuple[int, int, re.Match[str], Build] | None = None
    # "to the 15th of April": a date with its month may have "the" before it (the thirty-third round)
    starts = (position, position + 4) if query[position : position + 4].lower() == "the " else (position,)
    for order, (pattern, build, gate, _script) in enumerate(_RULES):
        if gate == _REGION_ONLY and _REGION.get() is None:
            continue
        for begin in starts:
            match = pattern.match(query, begin)
            if match and match.end() > begin and (best is None or (-match.end(), order) < best[:2]):
                best = (-match.end(), order, match, build)
    if best is None:
        return None
    *_, match, build = best
    try:
        start, end = build(match, now)
    except (ValueError, KeyError, OverflowError):
        return None
    if start.year != first_start.year and _BARE_MONTH_OR_QUARTER.fullmatch(match.group(0).strip()):
        # "去年1月到6月", "2026年Q1-Q3": a month or quarter with no year ends the span in the first's year (or
        # the year after, when that is before the first: "去年11月到2月")
        years = first_start.year - start.year + (start.replace(year=first_start.year) < first_start)
        start, end = start.replace(year=start.year + years), end.replace(year=end.year + years)
    return start, end, match.end()


_VAGUE = prefilter.compile(
    r"最近|近来|近期|这几天|这些天|这阵子|前阵子|前段时间|前一阵子?|早排|呢排|近排|呢两日|the other week|these few days|(?:the )?(?:past|last) few days|前几天|前些天|前两天|早两天|早几天|头两天|这两天前|这两天|日前|前些日子|这些日子|前些时候|recently|lately|these days|(?:a few|few|several|some) days (?:ago|back)|the other (?:day|night)",
    re.IGNORECASE,
)
