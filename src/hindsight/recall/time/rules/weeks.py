"""Rules that read a week or a weekend: this, last or next one and the ones beyond ("上上周",
"the week before last"), a part of a week ("上周初", "midweek"), the week holding a day ("5月3号那周", "the
week of March 8"), weekends named or counted ("两周末前", "the weekend of the 20th")."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.periods.counted import _mixed_unit
from hindsight.recall.time.periods.days import (
    _WEEK_PART_START,
    _days,
    _so_far,
    _week_around,
    _week_of,
    _weekend,
)
from hindsight.recall.time.periods.digits import _month_and_day, _parsed
from hindsight.recall.time.periods.months import (
    _day_in_past_month,
    _day_of_month,
    _latest_day_of_month,
    _month_day,
    _month_ends,
    _past_month,
)
from hindsight.recall.time.rules.pieces import RuleRow, gated, zh_ref_of
from hindsight.recall.time.vocabulary import (
    _EN_MONTHS,
    _EN_NUM,
    _MONTH_NAMES,
    _QUARTER_OFFSETS,
    _ZH_DAY,
    _ZH_WEEKS,
    _bounded,
    en_number,
    zh_number,
)


def _latest_weekends(now: datetime, count: int) -> tuple[datetime, datetime]:
    """The `count` latest weekends begun ("the last two weekends", "最近两个周末"): the first one's Saturday to
    the end of the latest one."""
    latest = 0 if now.weekday() >= 5 else -1
    return _weekend(now, latest - (max(_bounded(count), 1) - 1))[0], _weekend(now, latest)[1]


ZH: list[RuleRow] = [
    (
        # the fortieth round: the N latest weekends ("最近两个周末", "过去三个周末"), not N weeks
        r"(?:最近|过去|近|前)(?:的)?(?P<n>[2-9]|[两俩二三四五六七八九十])个?(?:周末|週末|礼拜六日|星期六日)",
        lambda m, n: _latest_weekends(n, zh_number(m["n"])),
    ),
    (
        gated(
            rf"(?:(?P<mo>1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])月|(?P<ref>上上个?月|上个?月|这个?月|本月)(?:的)?)?"
            rf"(?<![\d年号第.#])(?P<dd>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日](?:的|那)(?:个|一)?(?:周|星期|礼拜)(?![一二三四五六日天])",
            "号",
            "日",
        ),
        lambda m, n: _week_around(
            _month_day(n, zh_number(m["mo"]), zh_number(m["dd"]), None)[0]
            if m["mo"]
            else _day_of_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0), zh_number(m["dd"]))
            if m["ref"]
            else _latest_day_of_month(n, zh_number(m["dd"]))[0]
        ),
    ),
    (
        r"(?P<w>上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<p>初|中间|中|头几天|头|前几天|前半截|前半段|前半部分|后面几天|后几天|后头几天|后半截|后半段|后半部分|尾巴|尾)(?![午])",
        lambda m, n: (
            _so_far(_week_of(n), n)
            if m["w"] in "这本" and m["p"] in ("前几天", "头几天")
            else _days(_week_of(n) + timedelta(weeks=_ZH_WEEKS[m["w"]], days=_WEEK_PART_START[m["p"]]), 3)
        ),
    ),
    (
        r"(?P<ref>上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)的?周末",
        lambda m, n: _weekend(
            n,
            _QUARTER_OFFSETS[m["ref"]]
            if m["ref"] not in ("上上", "下下")
            else 2 * _QUARTER_OFFSETS[m["ref"][0]],
        ),
    ),
    (
        r"(?P<ref>上上|上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?:(?:前|头)(?P<k>[两俩仨二三四五六])(?:天|个工作[日天])"
        r"|刚开始(?:的)?(?:那|头)?(?P<k2>[两俩仨二三])天)",
        lambda m, n: _days(
            _week_of(n) + timedelta(weeks=_QUARTER_OFFSETS[m["ref"]] if m["ref"] != "上上" else -2),
            zh_number(m["k"] or m["k2"]),
        ),
    ),
    (r"刚(?:过去|过)的(?:这个|那个)?周末", lambda m, n: _weekend(n, None)),
    (r"前个(?:礼拜|星期|周)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7)),
    (
        r"(?:这|本)一(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])(?!以来)",
        lambda m, n: _days(_week_of(n), 7),
    ),
    (
        gated(r"(?P<n>俩|仨|两个?|三个?|二)周末(?:之|以)?前", "周末"),
        lambda m, n: _weekend(n, -zh_number(m["n"].removesuffix("个"))),
    ),
    (r"(?:今|呢)(?:个)?(?:礼拜|星期)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n), 7)),
    (
        r"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?P<u>(?i:week|weekend|month|quarter|q))(?![A-Za-z])",
        lambda m, n: _mixed_unit(m["w"], m["u"].lower(), n),
    ),
    (
        r"(?P<w>上上|大上|上|这|本|下下|下)?(?:个)?周末",
        lambda m, n: _weekend(n, _ZH_WEEKS[m["w"]] if m["w"] else None),
    ),
    (
        r"(?P<w>上|这|本)(?:个)?(?:周|星期|礼拜)六日",
        lambda m, n: _days(_week_of(n) + timedelta(weeks=-(m["w"] == "上"), days=5), 2),
    ),
    (r"(?:这|本)一?整个?(?:星期|礼拜|周)(?![一二三四五六日天末])", lambda m, n: _days(_week_of(n), 7)),
    (
        r"(?:上上|大上)(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])",
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7),
    ),
    (r"下下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + timedelta(weeks=2), 7)),
    (r"上一?(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) - timedelta(weeks=1), 7)),
    (r"(?:这|本)(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n), 7)),
    (r"下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + timedelta(weeks=1), 7)),
]

EN: list[RuleRow] = [
    (
        r"\b(?:last to last|previous to previous) week\b",
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7),
    ),
    (
        r"\bnext to next week\b|\bnext next week\b|\bthe week after the next(?: week)?\b",
        lambda m, n: _days(_week_of(n) + timedelta(weeks=2), 7),
    ),
    (
        r"\bthe week before (?:the )?last week\b",
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7),
    ),
    (
        r"\bthe (?:week that (?:passed|has passed|just passed)|passed week)\b",
        lambda m, n: _days(_week_of(n) - timedelta(weeks=1), 7),
    ),
    (
        gated(
            r"\b(?:the |during the )?(?:previous|preceding|prior) (?:calendar )?week\b|\bprev week\b"
            r"|\bthe week just (?:gone|been)\b",
            *("prev", "preceding", "prior", "just gone", "just been"),
        ),
        lambda m, n: _days(_week_of(n) - timedelta(weeks=1), 7),
    ),
    (
        gated(r"\b(?:a |one )?fortnight back\b", "fortnight"),
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7),
    ),
    (
        gated(
            rf"\b(?:during |in )?the week of (?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\b",
            "week of",
        ),
        lambda m, n: _days(
            _week_of(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))), 7
        ),
    ),
    (r"\b(?:the )?weekend before last\b", lambda m, n: _weekend(n, -2)),
    (r"\b(?:the )?weekend after next\b", lambda m, n: _weekend(n, 2)),
    (
        # "the weekend just been" (Australian and New Zealand English, as "just gone")
        r"\b(?:this|the) past weekend\b|\bthe weekend (?:just gone|just been|there|gone)\b",
        lambda m, n: _weekend(n, None),
    ),
    (r"\b(?:the )?week before last\b", lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7)),
    (r"\b(?:the )?week after next\b", lambda m, n: _days(_week_of(n) + timedelta(weeks=2), 7)),
    (
        r"\b(?:over|during|on|at|in) the weekend\b(?! (?:after|before) (?:next|last))",
        lambda m, n: _weekend(n, None),
    ),
    (r"\blast weekend but one\b", lambda m, n: _weekend(n, -2)),
    (gated(r"\b(?:in )?the early of this week\b", "early"), lambda m, n: _days(_week_of(n), 3)),
    (gated(r"\bthe week prior to last\b", "prior"), lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7)),
    (
        gated(r"\bthe (?P<u>week|weekend) after this(?: one)?\b", "after this"),
        lambda m, n: (
            _days(_week_of(n) + timedelta(weeks=1), 7) if m["u"].lower() == "week" else _weekend(n, 1)
        ),
    ),
    (
        gated(r"\bthe week before the previous one\b", "previous"),
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7),
    ),
    (
        # the fortieth round: the N latest weekends ("I worked the last two weekends")
        gated(rf"\b(?:the )?(?:last|past|previous|latest) (?P<n>{_EN_NUM}) weekends\b", "weekends"),
        lambda m, n: _latest_weekends(n, en_number(m["n"])),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) weekends? (?:ago|back)\b", "weekend"),
        lambda m, n: _weekend(n, -en_number(m["n"])),
    ),
    (
        r"\b(?:at |by |around |towards? )?(?:the )?(?P<p>start|beginning|end) of (?P<w>last|this|next|the) week\b",
        lambda m, n: (
            (
                _week_of(n)
                + timedelta(weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=4 * (m["p"].lower() == "end"))
            ),
            (
                _week_of(n)
                + timedelta(
                    weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=3 + 4 * (m["p"].lower() == "end")
                )
            ),
        ),
    ),
    (r"\bnext weekend\b", lambda m, n: _weekend(n, 1)),
    (
        r"\b(?P<p>early|late|mid|mid-|midweek|the middle of) ?(?P<w>last|this|next) week\b",
        lambda m, n: _days(
            _week_of(n)
            + timedelta(
                weeks=_QUARTER_OFFSETS[m["w"].lower()], days=_WEEK_PART_START[m["p"].lower().rstrip("-")]
            ),
            3,
        ),
    ),
    (
        gated(
            rf"\b(?:the )?(?P<o>first|last) (?P<k>{_EN_NUM}) days of (?P<w>last|this|next) week\b",
            "days of",
        ),
        lambda m, n: _month_ends(
            _days(_week_of(n) + timedelta(weeks=_QUARTER_OFFSETS[m["w"].lower()]), 7),
            en_number(m["k"]),
            m["o"].lower() == "first",
        ),
    ),
    (
        gated(r"\bmidweek\b(?! (?:last|this|next) week\b)", "midweek"),
        lambda m, n: _days(_week_of(n) + timedelta(days=1), 3),
    ),
    (r"\bthe previous weekend\b", lambda m, n: _weekend(n, -1)),
    (r"\blast weekend\b", lambda m, n: _days(_week_of(n) - timedelta(days=2), 2)),
    (r"\bthis weekend\b", lambda m, n: _days(_week_of(n) + timedelta(days=5), 2)),
    (r"\blast (?:week|wk)\b", lambda m, n: _days(_week_of(n) - timedelta(weeks=1), 7)),
    (r"\bthis (?:week|wk)\b", lambda m, n: _days(_week_of(n), 7)),
    (r"\bnext (?:week|wk)\b", lambda m, n: _days(_week_of(n) + timedelta(weeks=1), 7)),
    (
        gated(
            r"\b(?:during |in )?(?:the )?week of (?:(?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])"
            r"|(?P<dd2>1[3-9]|2\d|3[01])/(?P<mo2>1[0-2]|0?[1-9]))(?![\d/])",
            "week of",
        ),
        lambda m, n: _week_around(
            _month_day(n, int(m["mo2"]), int(m["dd2"]))[0]
            if m["mo2"]
            else _month_day(n, *_month_and_day(int(m["mo"]), int(m["dd"]), m.string))[0]
        ),
    ),
    (
        gated(r"\b(?:during |in )?the week of the (?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b", "week of"),
        lambda m, n: _week_around(_latest_day_of_month(n, int(m["dd"]))[0]),
    ),
    (r"\blast last week\b", lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7)),
    (
        gated(r"\b(?:sat(?:urday)?|sat\.)\s*(?:/|&|and|n|-)\s*sun(?:day)?\b", "sat"),
        lambda m, n: _weekend(n, None),
    ),
    (
        gated(
            rf"\b(?:during |in )?the week of (?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?P<mo>{_MONTH_NAMES})\b",
            "week of",
        ),
        lambda m, n: _week_around(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))),
    ),
    (
        gated(r"\b(?:this|the) (?:coming|upcoming) weekend\b", "coming"),
        lambda m, n: _days(_week_of(n) + timedelta(weeks=1 if n.weekday() >= 5 else 0, days=5), 2),
    ),
    (
        # "week of March 8", "the week of Mar 8": the calendar week holding that day
        gated(
            rf"\b(?:during |in )?(?:the )?week of (?P<date>(?:{_MONTH_NAMES})\.? \d{{1,2}}(?:st|nd|rd|th)?\b"
            r"(?:,? (?:19|20)\d{2})?)",
            "week of",
        ),
        lambda m, n: _week_around(_parsed(m["date"], n)[0]),
    ),
    (
        # "the weekend of the 20th", "the weekend of Nov 20", "the weekend of 11/20": Saturday and Sunday of that
        # day's calendar week (the day as said alone)
        gated(
            rf"\b(?:(?:over|during|on|at) )?(?:the )?weekend of (?:the )?(?:(?P<mo>{_MONTH_NAMES}) (?P<d1>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?"
            rf"|(?P<d2>[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)(?: of (?P<mo2>{_MONTH_NAMES}))?"
            r"|(?P<m3>1[0-2]|0?[1-9])/(?P<d3>[12]\d|3[01]|0?[1-9]))\b(?![/\d])",
            "weekend of",
        ),
        lambda m, n: _days(
            _week_of(
                _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["d1"] or m["d2"]))
                if m["mo"] or m["mo2"]
                else _month_day(n, *_month_and_day(int(m["m3"]), int(m["d3"]), m.string, regional=True))[0]
                if m["m3"]
                else _latest_day_of_month(n, int(m["d2"]))[0]
            )
            + timedelta(days=5),
            2,
        ),
    ),
]
