"""Rules that read a weekday: of the week named ("上周五", "next Tuesday", "Friday of last week"),
the latest or the coming one ("周三", "on Mon", "this coming Sunday"), counted in weeks ("two Fridays ago"), a
span of weekdays ("from Mon to Wed")."""

from __future__ import annotations

from datetime import timedelta

from hindsight.recall.time.periods.days import (
    _coming_weekday,
    _days,
    _last_weekday,
    _past_weekday,
    _week_of,
    _weekday_span,
)
from hindsight.recall.time.rules.pieces import WEEKDAY_ABBREVIATIONS, RuleRow, gated
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_NUM,
    _EN_WEEKDAYS,
    _QUARTER_OFFSETS,
    _WEEKDAY_NAMES,
    _ZH_NUM,
    _ZH_WEEKDAYS,
    _ZH_WEEKS,
    _weekday,
    en_number,
    zh_number,
)
from hindsight.recall.time.words.typed import NOT_A_SHORT_DAY

ZH: list[RuleRow] = [
    (
        # Cantonese 嚟緊禮拜六 (嚟 folds to 来), 接下来的周五: the next such day after today
        gated(r"(?:来紧|接下来)(?:个|嘅|的)?(?:礼拜|星期|周)(?P<d>[一二三四五六日天])", "来紧", "接下来"),
        lambda m, n: _coming_weekday(n, _ZH_WEEKDAYS[m["d"]]),
    ),
    (
        gated(
            rf"(?P<n>{_ZH_NUM})个?(?:周|星期|礼拜)(?:之|以)?前的(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            "前的",
        ),
        lambda m, n: _days(
            _week_of(n) - timedelta(weeks=zh_number(m["n"])) + timedelta(days=_ZH_WEEKDAYS[m["w"]])
        ),
    ),
    (
        r"刚过去的(?:这个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
        lambda m, n: _days(_past_weekday(n - timedelta(days=1), _ZH_WEEKDAYS[m["w"]])),
    ),
    (
        r"(?P<which>上上|大上|下下|下|前(?=个))(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
        lambda m, n: _days(_week_of(n) + timedelta(weeks=_ZH_WEEKS[m["which"]], days=_ZH_WEEKDAYS[m["w"]])),
    ),
    (
        rf"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?:周|礼拜|星期)?\s*(?P<d>(?i:{_ANY_WEEKDAY}))\b",
        lambda m, n: _days(_week_of(n) + timedelta(weeks=_ZH_WEEKS[m["w"]], days=_weekday(m["d"]))),
    ),
    (
        r"上一?(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
        lambda m, n: _days(_week_of(n) - timedelta(weeks=1) + timedelta(days=_ZH_WEEKDAYS[m["w"]])),
    ),
    (
        r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
        lambda m, n: _days(_week_of(n) + timedelta(days=_ZH_WEEKDAYS[m["w"]])),
    ),
    (
        r"(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
        lambda m, n: _days(_past_weekday(n, _ZH_WEEKDAYS[m["w"]])),
    ),
]

EN: list[RuleRow] = [
    (
        gated(
            rf"\b(?:on|since) (?P<w>{WEEKDAY_ABBREVIATIONS})\b{NOT_A_SHORT_DAY}\.?|\b(?P<w2>{_ANY_WEEKDAY})\.? (?:morning|afternoon|evening|night)\b",
            *("on ", "since ", "morning", "afternoon", "evening", "night"),
        ),
        lambda m, n: _days(_past_weekday(n, _weekday(m["w"] or m["w2"]))),
    ),
    (
        gated(
            rf"\b(?:this|the) coming (?P<w>{_ANY_WEEKDAY})\b\.?|\bthis (?P<w2>{_WEEKDAY_NAMES}) coming\b",
            "@weekday",
        ),
        lambda m, n: _coming_weekday(n, _weekday(m["w"] or m["w2"])),
    ),
    (
        gated(
            rf"\b(?:from )?(?P<a>{_ANY_WEEKDAY})\.? ?(?:to|through|thru|till|until|-|–) ?(?P<b>{_ANY_WEEKDAY})\b\.?"
            r"(?:\s+(?:of\s+)?(?:the\s+)?(?P<w>last|this|next)\s+week)?",
            *("to", "thr", "till", "until", "-", "–"),
        ),
        lambda m, n: _weekday_span(n, _weekday(m["a"]), _weekday(m["b"]), m["w"]),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s back\b", "s back"),
        lambda m, n: _days(
            _past_weekday(n - timedelta(days=1), _weekday(m["w"])) - timedelta(weeks=en_number(m["n"]) - 1)
        ),
    ),
    (
        # the forty-ninth round: British "a week last Friday" (the Friday a week before last Friday), "two weeks
        # last Monday"
        gated(rf"\b(?P<n>a|one|two|three|{_EN_NUM}) weeks? last (?P<w>{_ANY_WEEKDAY})\b", "last"),
        lambda m, n: _days(
            _last_weekday(n, _weekday(m["w"]))
            - timedelta(weeks=1 if m["n"].lower() in ("a", "one") else en_number(m["n"]))
        ),
    ),
    (
        gated(rf"\blast (?P<w>{_ANY_WEEKDAY}) but one\b", "but one"),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - timedelta(weeks=1)),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s ago\b", "s ago"),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - timedelta(weeks=en_number(m["n"]) - 1)),
    ),
    (
        gated(
            rf"\b(?:(?:the )?(?P<w>{_ANY_WEEKDAY}) before last|last to last (?P<w2>{_ANY_WEEKDAY}))\b",
            "last",
        ),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"] or m["w2"])) - timedelta(weeks=1)),
    ),
    (
        gated(rf"\b(?P<w>{_WEEKDAY_NAMES}) in a week\b", "in a week"),
        lambda m, n: _days(_coming_weekday(n, _weekday(m["w"]))[0] + timedelta(days=7)),
    ),
    (gated(r"\bhump day\b", "hump"), lambda m, n: _days(_past_weekday(n, 2))),
    (
        gated(rf"\b(?:on )?the (?P<w>{_WEEKDAY_NAMES}) after next\b", "after next"),
        lambda m, n: _days(_week_of(n) + timedelta(weeks=2, days=_weekday(m["w"]))),
    ),
    (
        gated(
            rf"\b(?:this|(?P<w>{_ANY_WEEKDAY}))\.? a\.m\.|\b(?:this|(?P<w2>{_ANY_WEEKDAY}))\.? p\.m\.",
            "a.m",
            "p.m",
        ),
        lambda m, n: _days(n if not (m["w"] or m["w2"]) else _past_weekday(n, _weekday(m["w"] or m["w2"]))),
    ),
    (
        gated(
            rf"\b(?:on )?(?P<w>{_WEEKDAY_NAMES}) last\b(?! (?:week|month|year|night|time|thing|one)\b)",
            "@weekday",
        ),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) weeks? ago,? (?:on )?(?P<w>{_ANY_WEEKDAY})\b", "ago"),
        lambda m, n: _days(
            _week_of(n) - timedelta(weeks=en_number(m["n"])) + timedelta(days=_weekday(m["w"]))
        ),
    ),
    (
        # the weekday said first: "the Tuesday of two weeks ago", "tuesday 3 weeks ago", and as people
        # who learned English write it, "the Tuesday of before two weeks"
        gated(
            rf"\b(?:the )?(?P<w>{_ANY_WEEKDAY})\.? (?:of )?(?:(?P<n>{_EN_NUM}) weeks? ago"
            rf"|before (?P<n2>{_EN_NUM}) weeks?)\b",
            "ago",
            "before",
        ),
        lambda m, n: _days(
            _week_of(n) - timedelta(weeks=en_number(m["n"] or m["n2"])) + timedelta(days=_weekday(m["w"]))
        ),
    ),
    (
        gated(rf"\blast week'?s\b(?: [a-z']+){{0,4}} on (?P<w>{_ANY_WEEKDAY})\b", "last week"),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
    ),
    (
        gated(rf"\bthis (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
        lambda m, n: _days(_week_of(n) + timedelta(days=_weekday(m["w"]))),
    ),
    (
        gated(rf"\bnext (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
        lambda m, n: _days(_week_of(n) + timedelta(weeks=1, days=_weekday(m["w"]))),
    ),
    (
        gated(rf"\blast (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
        lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
    ),
    (
        gated(rf"\b(?:this )?past (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
        lambda m, n: _days(_past_weekday(n - timedelta(days=1), _weekday(m["w"]))),
    ),
    (
        gated(
            rf"\b(?<!black )(?<!cyber )(?<!good )(?:on )?(?P<w>{_WEEKDAY_NAMES})\b(?! (?:school|roast|best)\b)",
            "@weekday",
        ),
        lambda m, n: _days(_past_weekday(n, _EN_WEEKDAYS[m["w"].lower()])),
    ),
    (
        gated(
            rf"^\s*(?P<w>{WEEKDAY_ABBREVIATIONS})\.?(?=\s*(?:[-–:,]|$))|\b(?:on )?(?P<w2>tues|tue|thurs|thur|thu|weds|fri)\b\.?",
            "@weekday",
        ),
        lambda m, n: _days(_past_weekday(n, _weekday(m["w"] or m["w2"]))),
    ),
    (
        gated(
            rf"\b(?:on )?(?P<w>{_ANY_WEEKDAY})\.?,? (?:of )?(?P<wk>last|this|next) (?:week|wk)\b"
            rf"|\b(?P<wk2>last|this|next) week(?:'s)?,? (?:on )?(?P<w2>{_ANY_WEEKDAY})\b\.?",
            "week",
        ),
        lambda m, n: _days(
            _week_of(n)
            + timedelta(
                weeks=_QUARTER_OFFSETS[(m["wk"] or m["wk2"]).lower()], days=_weekday(m["w"] or m["w2"])
            )
        ),
    ),
    (
        gated(
            rf"\b(?P<w>{_ANY_WEEKDAY})\.? (?:of )?the week (?P<r>before last|after next)\b",
            "before last",
            "after next",
        ),
        lambda m, n: _days(
            _week_of(n) + timedelta(weeks=-2 if m["r"].lower() == "before last" else 2, days=_weekday(m["w"]))
        ),
    ),
    (
        gated(
            r"\b(?:told|tell|said|say|asked|ask|sent|send|texted|text|mentioned|showed)\s+(?:you|u|ya)\s+"
            r"(?:on\s+)?(?P<w>mon|wed|sat|sun)\b",
            "@weekday",
        ),
        lambda m, n: _days(_past_weekday(n, _weekday(m["w"]))),
    ),
    (
        gated(rf"\b(?:the )?(?P<w>{_ANY_WEEKDAY})\.? just gone\b|\b(?P<w2>{_ANY_WEEKDAY})\.? gone\b", "gone"),
        lambda m, n: _days(_past_weekday(n - timedelta(days=1), _weekday(m["w"] or m["w2"]))),
    ),
]
