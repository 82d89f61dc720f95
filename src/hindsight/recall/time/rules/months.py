"""Rules that read a month and its days: a month named or counted ("五月", "上个月", "May 2026", "the
month before last"), a part of it ("月底", "中旬", "early March", "the second week of July"), its first or last
days, weekends and weekdays ("上个月最后三天", "the last Friday in May"), a day of a month ("5号", "May 3rd",
"the 15th of last month") and spans of such days ("1号到7号", "between the 5th and the 12th")."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.periods.days import _days
from hindsight.recall.time.periods.digits import _parsed
from hindsight.recall.time.periods.months import (
    _EN_PARTS,
    _PART_AFTER,
    _ZH_PARTS,
    _day_in_past_month,
    _day_of_month,
    _edge_weekend,
    _full_week,
    _latest_begun_part,
    _latest_day_of_month,
    _latest_span_of_month,
    _month,
    _month_ends,
    _month_half,
    _month_part,
    _months_to,
    _named_month,
    _next_day_of_month,
    _nth_weekday_of,
    _part_name,
    _past_month,
)
from hindsight.recall.time.periods.years import _whole_year
from hindsight.recall.time.rules.pieces import (
    _NOT_A_DAY,
    EN_MONTH,
    EN_MONTH_PARTS,
    ZH_MONTH,
    ZH_MONTH_PART,
    RuleRow,
    en_month_of,
    gated,
    zh_month_of,
    zh_ref_of,
)
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_MONTHS,
    _EN_NUM,
    _MONTH_NAMES,
    _QUARTER_OFFSETS,
    _WEEK_ORDINALS,
    _WEEKDAY_NAMES,
    _WORKING_ORDINALS,
    _YEAR_OFFSET,
    _ZH_DAY,
    _ZH_NUM,
    _ZH_WEEKDAYS,
    _weekday,
    en_number,
    zh_number,
)

ZH: list[RuleRow] = [
    (
        gated(
            r"(?:(?P<ref>上上个?月|上个?月|这个?月|本月)(?:的)?|(?<![\d月年]))"
            rf"(?P<a>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日]?(?:到|至|~|～|-)(?P<b>[1-9]|[12]\d|3[01]|{_ZH_DAY})[号日]",
            *("号", "日"),
        ),
        lambda m, n: _latest_span_of_month(n, zh_number(m["a"]), zh_number(m["b"]), zh_ref_of(m["ref"])),
    ),
    (
        rf"(?P<ref>上上个?月|上一?个?月|这一?个?月|本月|下一?个?月)(?:的)?(?:(?P<dd>{_ZH_NUM})[号日]"
        r"|(?P<dd2>[0-9]{1,2}|[二三]?十[一二三四五六七八九]?)(?![0-9零〇一二两三四五六七八九十百天个元块岁年周次点分斤米份%]))",
        lambda m, n: _days(
            _day_of_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0), zh_number(m["dd"] or m["dd2"]))
        ),
    ),
    (
        r"(?<![\d月年号第.#])(?P<dd>[1-9]|[12]\d|3[01])[号日](?![\d号]|" + _NOT_A_DAY + ")",
        lambda m, n: _latest_day_of_month(n, int(m["dd"])),
    ),
    (
        r"(?P<ref>上上个?月|上个?月|这个?月|本月)?(?:的)?(?P<t>二十|十)几号",
        lambda m, n: (
            _month_part(
                _month(n.year, n.month + (zh_ref_of(m["ref"]) or 0)), "mid" if m["t"] == "十" else "late"
            )
            if m["ref"]
            else _latest_begun_part(n, "mid" if m["t"] == "十" else "late")
        ),
    ),
    (
        rf"(?<![\d一二三四五六七八九十月年号第几.#])(?P<dd>{_ZH_DAY})号(?![\d号]|" + _NOT_A_DAY + ")",
        lambda m, n: _latest_day_of_month(n, zh_number(m["dd"])),
    ),
    (
        gated(
            rf"(?:{ZH_MONTH})?(?:的)?(?P<h>上半月|下半月|前半个月|后半个月|上半个月|下半个月|上半拉月|下半拉月|上半截|下半截)",
            "半",
        ),
        lambda m, n: _month_half(
            zh_month_of(m, n) if m["ref"] else _month(n.year, n.month),
            m["h"] in ("下半月", "后半个月", "下半个月", "下半拉月", "下半截"),
        ),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?最后(?:那一?|一)(?:天|日)", "最后"),
        lambda m, n: _days(zh_month_of(m, n)[1] - timedelta(days=1)),
    ),
    (
        gated(
            rf"{ZH_MONTH}(?:的)?(?:第(?P<o>[一二三四1-4])|(?P<last>最后一))个?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            "第",
            "最后",
        ),
        lambda m, n: _nth_weekday_of(
            zh_month_of(m, n), _ZH_WEEKDAYS[m["w"]], "last" if m["last"] else m["o"]
        ),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?(?P<o>第一个|最后一个)周末", "周末"),
        lambda m, n: _edge_weekend(zh_month_of(m, n), m["o"] == "最后一个"),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?第一(?:天|日)", "第一"),
        lambda m, n: _days(zh_month_of(m, n)[0]),
    ),
    (r"去年(?:的)?这个月", lambda m, n: _month(n.year - 1, n.month)),
    (r"下下个?月", lambda m, n: _month(n.year, n.month + 2)),
    (
        gated(rf"{ZH_MONTH}(?:的)?倒数第(?P<k>[一二三四五1-5])天", "倒数"),
        lambda m, n: _days(zh_month_of(m, n)[1] - timedelta(days=zh_number(m["k"]))),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?最后(?P<k>[两俩仨二三四五六七八九十1-9])天", "最后"),
        lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), False),
    ),
    (r"前个月", lambda m, n: _month(n.year, n.month - 2)),
    (r"(?:这|本)一个月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
    (
        gated(rf"{ZH_MONTH}(?:的)?(?:头|前)(?P<k>[两俩仨二三四五六七八九十1-9]|十[一二三四五])天", "天"),
        lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), True),
    ),
    (
        gated(
            rf"(?P<mo>{_ZH_NUM})月(?P<a>{_ZH_NUM})[日号](?:到|至|~|～|-)(?P<b>{_ZH_NUM})[日号]",
            *("到", "至", "~", "～", "-"),
        ),
        lambda m, n: (
            _past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["a"])),
            _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["b"])))[1],
        ),
    ),
    (
        r"(?:今|呢)(?:个)?月",
        lambda m, n: _month(n.year, n.month),
    ),
    (
        rf"{ZH_MONTH}(?:的)?刚?(?:{ZH_MONTH_PART})",
        lambda m, n: _month_part(zh_month_of(m, n), _part_name(m["part"], m["wk"], bool(m["lastwk"]))),
    ),
    (
        # said of what is still to come ("月底要去华西复诊", the forty-first round): this month's part, begun or not;
        # not a thing due then, named by a clause with 的 ("月末要交的季度报告": the latest begun, as before)
        r"(?P<part>月初|月头|月中|月底|月末|月尾|上旬|中旬|下旬)"
        r"(?=(?P<ahead>(?:还|就|我|得|也)?(?:要|会|准备|打算|计划|将)(?!求)(?![^，。,？?！!的嘅]{0,6}[的嘅])))?",
        lambda m, n: (
            _month_part(_month(n.year, n.month), _ZH_PARTS[m["part"]])
            if m["ahead"]
            else _latest_begun_part(n, _ZH_PARTS[m["part"]])
        ),
    ),
    (
        rf"(?P<yr>去年|今年|前年|旧年|明年|出年)(?:的)?(?P<mo>{_ZH_NUM})月(?:份)?",
        lambda m, n: _named_month(n, zh_number(m["mo"]), m["yr"]),
    ),
    (r"(?:这|本)一?整个?月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
    (r"(?:上上|大上)个?月", lambda m, n: _month(n.year, n.month - 2)),
    (r"上一?(?:个)?月", lambda m, n: _month(n.year, n.month - 1)),
    (r"(?:这|本)(?:个)?月", lambda m, n: _month(n.year, n.month)),
    (r"下(?:个)?月", lambda m, n: _month(n.year, n.month + 1)),
    (
        r"(?<![\d一二三四五六七八九十])(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月初?"
        rf"(?P<dd>{_ZH_DAY}|[12]\d|3[01]|[1-9])"
        r"(?=那|当天|的时候|前后|左右|之前|之后|以前|以后|晚上|早上|上午|下午|中午|买|去|来|到|下单|发|寄|交|办|见|回"
        r"|$|[\s，。,.?？!！、])",
        lambda m, n: _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["dd"]))),
    ),
    (
        rf"(?P<yr>去年|今年|前年|明年|旧年)?(?:的)?(?P<mo>{_ZH_NUM})月(?P<dd>{_ZH_NUM})"
        r"(?:[日号]|(?=[我你他她在去那跟和陪带给,，。？?\s]|$))",
        lambda m, n: _days(
            datetime(n.year + _YEAR_OFFSET[m["yr"]], zh_number(m["mo"]), zh_number(m["dd"]))
            if m["yr"]
            else _day_in_past_month(n, zh_number(m["mo"]), zh_number(m["dd"]))
        ),
    ),
    (
        r"(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?(?!天)",
        lambda m, n: _past_month(n, zh_number(m["mo"])),
    ),
]

EN: list[RuleRow] = [
    (
        gated(
            r"\b(?:on|since|(?:on or )?after|around|about|from(?= the \d{1,2}(?:st|nd|rd|th)\b(?! (?:to|till|until|through|thru|and)\b))|(?:the )?(?:night|morning|evening|afternoon) of) (?:the )?"
            r"(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b"
            # (nor "the 13th month" pay, the forty-ninth round)
            r"(?! (?:of |half|quarter|week|floor|time|place|row|gear|street|st\b|avenue|ave\b|road|rd\b|grade|birthday"
            r"|month\b))"
            rf"(?!,? (?:{_MONTH_NAMES})\b)"
            # "the 1st of the month", "1st of the month, did rent go out?" ("the" left out)
            r"|\b(?:the )?(?P<dd2>[12]?\d|3[01])(?:st|nd|rd|th) of (?P<tm>the|this) month\b"
            r"|^\s*the (?P<dd3>[12]?\d|3[01])(?:st|nd|rd|th)(?=\s*(?:[-–:,]|$))",
            "@ordinal",
        ),
        lambda m, n: (
            _days(datetime(n.year, n.month, int(m["dd2"])))
            if (m["tm"] or "").lower() == "this"
            else _latest_day_of_month(n, int(m["dd"] or m["dd2"] or m["dd3"]))
        ),
    ),
    (
        gated(
            r"\bbetween the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)?\b",
            "between",
        ),
        lambda m, n: _latest_span_of_month(n, int(m["a"]), int(m["b"])),
    ),
    (
        gated(
            r"\bbetween (?P<a>[12]?\d|3[01])(?:st|nd|rd|th) and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)\b",
            "between",
        ),
        lambda m, n: _latest_span_of_month(n, int(m["a"]), int(m["b"])),
    ),
    (
        gated(r"\b(?:on )?(?:the )?coming (?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b", "coming"),
        lambda m, n: _next_day_of_month(n, int(m["dd"])),
    ),
    (
        r"\b(?:last to last|previous to previous) month\b|\bthe month before (?:the )?last(?: one| month)?\b",
        lambda m, n: _month(n.year, n.month - 2),
    ),
    (
        gated(
            rf"\bbetween (?P<mo>{_MONTH_NAMES}) (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and "
            rf"(?:(?P<mo2>{_MONTH_NAMES}) )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)?,? (?P<y>(?:19|20)\d{{2}})\b",
            "between",
        ),
        lambda m, n: (
            datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["a"])),
            _days(datetime(int(m["y"]), _EN_MONTHS[(m["mo2"] or m["mo"]).lower()], int(m["b"])))[1],
        ),
    ),
    (
        gated(rf"\b(?:in )?(?P<yw>last|this|next) year (?P<mo>{_MONTH_NAMES})\b", "@month"),
        lambda m, n: _month(n.year + _QUARTER_OFFSETS[m["yw"].lower()], _EN_MONTHS[m["mo"].lower()]),
    ),
    (
        gated(rf"\b(?:the )?last day of (?P<mo>{_MONTH_NAMES})\b", "@month"),
        lambda m, n: _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[1] - timedelta(days=1)),
    ),
    (
        gated(
            r"\b(?:the |during the )?(?:previous|preceding|prior) (?:calendar )?month\b",
            "prev",
            "preceding",
            "prior",
        ),
        lambda m, n: _month(n.year, n.month - 1),
    ),
    (
        gated(
            rf"\bthe (?P<k>{_EN_NUM}) months to (?:the )?(?:end of )?(?P<mo>{_MONTH_NAMES})\b",
            "months to",
        ),
        lambda m, n: _months_to(n, en_number(m["k"]), _EN_MONTHS[m["mo"].lower()]),
    ),
    (
        r"\b(?:(?P<this>this|last) )?month[- ]end\b",
        lambda m, n: (
            _month_part(_month(n.year, n.month - (m["this"].lower() != "this")), "late")
            if m["this"]
            else _latest_begun_part(n, "late")
        ),
    ),
    (
        gated(
            r"\b(?:the )?(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th) of (?P<w>last|this|next) month\b"
            r"|\b(?P<w2>last|this|next) month(?:'s)? (?:the )?(?P<dd2>[12]?\d|3[01])(?:st|nd|rd|th)\b",
            "@ordinal",
        ),
        lambda m, n: _days(
            _day_of_month(
                n.year, n.month + _QUARTER_OFFSETS[(m["w"] or m["w2"]).lower()], int(m["dd"] or m["dd2"])
            )
        ),
    ),
    (
        gated(
            rf"\b(?:between|from) (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? (?:and|to|-|–) (?P<b>[12]?\d|3[01])(?:st|nd|rd|th)? "
            rf"(?:of )?(?P<mo>{_MONTH_NAMES})\b",
            "@month",
        ),
        lambda m, n: (
            _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["a"])),
            _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["b"])))[1],
        ),
    ),
    (
        gated(rf"\b(?:in |during )?{EN_MONTH} (?P<h>first|1st|second|2nd) half\b", "half"),
        lambda m, n: _month_half(en_month_of(m, n), m["h"].lower() in ("second", "2nd")),
    ),
    (
        gated(
            rf"\b(?:in |during )?(?:the )?(?P<h>first|1st|second|2nd|back|front|latter) half of {EN_MONTH}\b",
            "half",
        ),
        lambda m, n: _month_half(en_month_of(m, n), m["h"].lower() in ("second", "2nd", "back", "latter")),
    ),
    (
        gated(
            rf"\b(?:in |during )?the (?:last|final) (?P<k>two|2|three|3) weeks of {EN_MONTH}\b",
            "weeks of",
        ),
        lambda m, n: (en_month_of(m, n)[1] - timedelta(weeks=en_number(m["k"])), en_month_of(m, n)[1]),
    ),
    (gated(r"\b(?:in |at |around )?mid[- ]?month\b", "mid"), lambda m, n: _latest_begun_part(n, "mid")),
    (r"\b(?:the )?month before last\b", lambda m, n: _month(n.year, n.month - 2)),
    (r"\bnext month\b", lambda m, n: _month(n.year, n.month + 1)),
    (
        gated(
            rf"\b(?:in |at |around |towards? )?(?:the )?(?P<part>{EN_MONTH_PARTS})[\s-]*{EN_MONTH}\b(?! bank holiday)",
            "@month",
            "month",
        ),
        lambda m, n: (
            _month_part(en_month_of(m, n), _EN_PARTS[m["part"].lower()])
            if m["ref"].lower() != "the month"
            else _latest_begun_part(n, _EN_PARTS[m["part"].lower()])
        ),
    ),
    (
        gated(
            rf"\b(?:in |during )?(?:(?P<yw>last|this|next) year )?{EN_MONTH} (?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last) week\b",
            "week",
        ),
        lambda m, n: _month_part(
            _month(n.year + _QUARTER_OFFSETS[m["yw"].lower()], _EN_MONTHS[m["mo"].lower()])
            if m["yw"] and m["mo"]
            else en_month_of(m, n),
            "last week" if m["ord"].lower() == "last" else f"week {_WEEK_ORDINALS[m['ord'].lower()]}",
        ),
    ),
    (
        gated(
            rf"\b(?:in |during )?(?:the )?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last|final) week of {EN_MONTH}\b",
            "@month",
            "month",
        ),
        lambda m, n: _month_part(
            en_month_of(m, n),
            "last week"
            if m["ord"].lower() in ("last", "lst", "final")
            else f"week {_WEEK_ORDINALS[m['ord'].lower()]}",
        ),
    ),
    (
        gated(rf"\bthe (?:month|course) of (?P<mo>{_MONTH_NAMES})\b", "month of", "course of"),
        lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
    ),
    (
        gated(
            rf"\b(?:on )?(?:the )?(?P<o>first|second|third|fourth|last|1st|2nd|3rd|4th) (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {EN_MONTH}\b",
            "@weekday",
        ),
        lambda m, n: _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), m["o"].lower()),
    ),
    (
        # "week 2 of April", "wk 3 in March": as "the second week of April" (days 8-14)
        gated(rf"\bweek (?P<k>[1-4]) (?:of|in) {EN_MONTH}\b", "@isoweek"),
        lambda m, n: _month_part(en_month_of(m, n), f"week {m['k']}"),
    ),
    (
        # "the first full week of March", "the last full week of February": its first / last Monday to
        # Sunday wholly inside it
        gated(rf"\bthe (?P<o>first|1st|last|final) full week (?:of|in) {EN_MONTH}\b", "full"),
        lambda m, n: _full_week(en_month_of(m, n), m["o"].lower() in ("last", "final")),
    ),
    (
        gated(
            rf"\b(?P<a>[12]?\d|3[01])\s*[-–]\s*(?P<b>[12]?\d|3[01]) (?P<mo>{_MONTH_NAMES})\b"
            rf"|\b(?P<mo2>{_MONTH_NAMES})\.? (?P<a2>[12]?\d|3[01])(?:st|nd|rd|th)?\s*[-–]\s*(?P<b2>[12]?\d|3[01])(?:st|nd|rd|th)?\b(?!\d)",
            "@month",
        ),
        lambda m, n: (
            _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["a"] or m["a2"])),
            _day_in_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()], int(m["b"] or m["b2"]))
            + timedelta(days=1),
        ),
    ),
    (
        gated(r"\bthe day (?P<dd>[12]?\d|3[01]) of (?P<w>last|this|next) month\b", "day"),
        lambda m, n: _days(_day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["dd"]))),
    ),
    (
        gated(
            rf"\b(?:the )?(?P<a>{_MONTH_NAMES}) (?:to|through|thru|-|–) (?P<b>{_MONTH_NAMES})(?: period)?,? (?P<yr>last year|this year)\b",
            "@month",
        ),
        lambda m, n: (
            _month(n.year + _QUARTER_OFFSETS[m["yr"].split()[0].lower()], _EN_MONTHS[m["a"].lower()])[0],
            _month(n.year + _QUARTER_OFFSETS[m["yr"].split()[0].lower()], _EN_MONTHS[m["b"].lower()])[1],
        ),
    ),
    (
        gated(
            rf"\b(?:on )?the (?:(?P<o>2nd|second|3rd|third)[- ](?:to[- ])?last|(?P<p>penultimate)) day of {EN_MONTH}\b",
            "last",
            "penultimate",
        ),
        lambda m, n: _days(
            en_month_of(m, n)[1] - timedelta(days=2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()])
        ),
    ),
    (
        gated(
            r"\bbetween (?:the )?(?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)? "
            r"(?:of )?(?P<w>last|this|next) month\b",
            "between",
        ),
        lambda m, n: (
            _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["a"])),
            _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["b"]))
            + timedelta(days=1),
        ),
    ),
    (
        gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) days of {EN_MONTH}\b", "days of"),
        lambda m, n: _days(en_month_of(m, n)[0], min(en_number(m["n"]), 31)),
    ),
    (
        gated(
            rf"\b(?:in |by |at )?{EN_MONTH} (?P<p>end|ending|beginning|starting|start|middle)\b",
            *_PART_AFTER,
        ),
        lambda m, n: (
            _month_part(en_month_of(m, n), _PART_AFTER[m["p"].lower()])
            if m["ref"].lower() != "the month"
            else _latest_begun_part(n, _PART_AFTER[m["p"].lower()])
        ),
    ),
    (
        gated(rf"\bending of {EN_MONTH}\b", "ending"),
        lambda m, n: (
            _month_part(en_month_of(m, n), "late")
            if m["ref"].lower() != "the month"
            else _latest_begun_part(n, "late")
        ),
    ),
    (
        gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) weeks of {EN_MONTH}\b", "weeks of"),
        lambda m, n: _days(en_month_of(m, n)[0], 7 * en_number(m["n"])),
    ),
    (
        gated(
            rf"\b(?:(?:from|in|during|on|over) )?the (?P<o>first|last) (?P<k>{_EN_NUM}) days of "
            rf"(?:(?P<ref>last|this|next) month|(?P<yref>last|this|next) year"
            rf"|(?P<mo>{_MONTH_NAMES})(?: (?P<y>(?:19|20)\d{{2}}))?)\b",
            "days of",
        ),
        lambda m, n: _month_ends(
            _month(n.year, n.month + _QUARTER_OFFSETS[m["ref"].lower()])
            if m["ref"]
            else _whole_year(n.year + _QUARTER_OFFSETS[m["yref"].lower()])
            if m["yref"]
            else (
                _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
                if m["y"]
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            ),
            en_number(m["k"]),
            m["o"].lower() == "first",
        ),
    ),
    (
        gated(r"\b(?:the )?(?P<e>last|first) day of (?P<w>last|this|next) month\b", "day of"),
        lambda m, n: _days(
            _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[1] - timedelta(days=1)
            if m["e"].lower() == "last"
            else _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[0]
        ),
    ),
    (
        gated(rf"\b(?:the )?(?P<o>first|last) weekend (?:of|in) {EN_MONTH}\b", "weekend"),
        lambda m, n: _edge_weekend(en_month_of(m, n), m["o"].lower() == "last"),
    ),
    (
        gated(
            rf"(?<!\bas of )(?<!\bas at )\b(?P<mo>{_MONTH_NAMES})\.?,? (?P<y>(?:19|20)\d{{2}})\b",
            "@month",
        ),
        lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
    ),
    (r"\blast month\b", lambda m, n: _month(n.year, n.month - 1)),
    (r"\bthis (?:whole |entire )?month\b", lambda m, n: _month(n.year, n.month)),
    (
        gated(
            rf"\b(?P<mo>{_MONTH_NAMES})\.? (?P<dd>\d{{1,2}})(?:st|nd|rd|th)?(?:, ?| )(?P<y>\d{{4}})\b",
            "@month",
        ),
        lambda m, n: _days(datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
    ),
    (
        gated(rf"\b(?P<mo>{_MONTH_NAMES})\.? (?:the )?(?P<dd>\d{{1,2}})(?:st|nd|rd|th)?\b", "@month"),
        lambda m, n: _days(_day_in_past_month(n, _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
    ),
    (
        gated(
            rf"\b(?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?:of )?(?P<mo>{_MONTH_NAMES})\b(?:,? (?P<y>(?:19|20)\d{{2}})\b)?",
            "@month",
        ),
        lambda m, n: _days(
            datetime(int(m["y"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))
            if m["y"]
            else _day_in_past_month(n, _EN_MONTHS[m["mo"].lower()], int(m["dd"]))
        ),
    ),
    (
        gated(rf"\b(?:in|during) (?P<mo>{_MONTH_NAMES}),? (?P<y>\d{{4}})\b", "@month"),
        lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
    ),
    (
        # the forty-first round: "the consultant fee from August" (a bare month after "from" that no span
        # goes on from: "from August to October" is the span's)
        gated(
            # (the fiftieth round: not "since july 4th", a day's)
            rf"\b(?P<w>in|during|since(?! (?:{_MONTH_NAMES})\.?,? (?:the )?\d{{1,2}}(?:st|nd|rd|th)?\b)|last"
            rf"|from(?= (?:{_MONTH_NAMES})\b"
            # (ordinal words are digits by now: "feb fourteenth" reads "feb 14th")
            r"(?!,?\s+(?:the\s+)?(?:\d|(?:to|till|til|until|through|thru|onwards?|on|and|day)\b)"
            r"|\s*[-–~]))) "
            rf"(?P<mo>{_MONTH_NAMES})\b",
            "@month",
        ),
        # "last Feb" said in February is a year back; any other month, the latest one begun
        lambda m, n: (
            _month(n.year - 1, n.month)
            if m["w"].lower() == "last" and _EN_MONTHS[m["mo"].lower()] == n.month
            else _past_month(n, _EN_MONTHS[m["mo"].lower()])
        ),
    ),
    (
        gated(
            rf"\b(?:on )?(?P<w>{_ANY_WEEKDAY})\.?,? (?:the )?(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b"
            rf"(?: of (?P<mo>{_MONTH_NAMES})\b)?",
            "@weekday",
        ),
        lambda m, n: (
            _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"])))
            if m["mo"]
            else _latest_day_of_month(n, int(m["dd"]))
        ),
    ),
    (
        gated(
            rf"\b(?:in |during )?(?P<mo>{_MONTH_NAMES})\.?,? (?:of )?(?P<yr>last|this|next) year\b",
            "@month",
        ),
        lambda m, n: _month(
            n.year + {"last": -1, "lst": -1, "this": 0, "next": 1}[m["yr"].lower()],
            _EN_MONTHS[m["mo"].lower()],
        ),
    ),
    (
        gated(
            r"\b(?:from )?(?:the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)?|(?P<a2>[12]?\d|3[01])(?:st|nd|rd|th))"
            r" ?(?:to|till|until|through|thru|-|–) ?(?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)\b"
            rf"(?:,? (?:of )?(?:(?P<w>last|this|next) month|(?P<mo>{_MONTH_NAMES}))\b)?",
            "@ordinal",
        ),
        lambda m, n: (
            (
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["a"] or m["a2"])),
                _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["b"])))[1],
            )
            if m["mo"]
            else _latest_span_of_month(
                n,
                int(m["a"] or m["a2"]),
                int(m["b"]),
                _QUARTER_OFFSETS[m["w"].lower()] if m["w"] else None,
            )
        ),
    ),
    (
        # "from the 28th thru month end", "the 25th to the end of the month": the latest such day begun, to
        # its month's end
        gated(
            r"\b(?:from )?(?:the (?P<a>[12]?\d|3[01])(?:st|nd|rd|th)?|(?P<a2>[12]?\d|3[01])(?:st|nd|rd|th))"
            r" ?(?:to|till|until|through|thru|-|–) ?(?:the )?(?:month[- ]?end|end of (?:the )?month|eom)\b",
            "month",
            "eom",
        ),
        lambda m, n: (
            (day := _latest_day_of_month(n, int(m["a"] or m["a2"]))[0]),
            _month(day.year, day.month)[1],
        ),
    ),
    (
        gated(
            r"(?<!\bas of )(?<!\bas at )\b(?P<mo>january|february|july|september|october|november|december|sept|feb|oct|nov"
            r"|dec|(?<=\bthe )(?:jan|mar|apr|jun|jul|aug|sep))\b"
            r"(?:,? (?P<y>(?:19|20)\d{2})\b)?",
            "@month",
        ),
        lambda m, n: (
            _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
            if m["y"]
            else _past_month(n, _EN_MONTHS[m["mo"].lower()])
        ),
    ),
    (
        gated(rf"\b(?:the )?(?P<mo>{_MONTH_NAMES}) month[- ]end\b|\bend-(?P<mo2>{_MONTH_NAMES})\b", "end"),
        lambda m, n: _month_part(_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()]), "late"),
    ),
    (
        gated(
            rf"\b(?:the )?(?P<n>{_EN_NUM}) months (?:to|ended|ending|up to) (?:(?:the )?\d{{1,2}}(?:st|nd|rd|th)? )?"
            rf"(?P<mo>{_MONTH_NAMES})\b",
            "months",
        ),
        lambda m, n: (
            _month(
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].year,
                _EN_MONTHS[m["mo"].lower()] - en_number(m["n"]) + 1,
            )[0],
            _past_month(n, _EN_MONTHS[m["mo"].lower()])[1],
        ),
    ),
    (
        gated(
            rf"\b(?P<a>{_MONTH_NAMES})\.? ?(?:-|–|to|through|thru) ?(?P<b>{_MONTH_NAMES})\.?,?(?: (?P<y>(?:19|20)\d{{2}}))?\b",
            "@month",
        ),
        lambda m, n: (
            _month(int(m["y"]), _EN_MONTHS[m["a"].lower()])[0]
            if m["y"]
            else _past_month(n, _EN_MONTHS[m["a"].lower()])[0],
            _month(int(m["y"]), _EN_MONTHS[m["b"].lower()])[1]
            if m["y"]
            else _month(
                _past_month(n, _EN_MONTHS[m["a"].lower()])[0].year
                + (_EN_MONTHS[m["b"].lower()] < _EN_MONTHS[m["a"].lower()]),
                _EN_MONTHS[m["b"].lower()],
            )[1],
        ),
    ),
    (
        gated(
            rf"\b(?P<dd>[12]\d|3[01]|0?[1-9]) (?P<mo>{_MONTH_NAMES})\.? '?(?P<yy>\d{{2}})\b(?!\d)",
            "@month",
        ),
        lambda m, n: _days(datetime(2000 + int(m["yy"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
    ),
    (r"\blast last month\b", lambda m, n: _month(n.year, n.month - 2)),
    (
        # Singapore and Malaysian English: next next month, last last year; the month after next
        gated(
            r"\b(?P<w>next next|last last) (?P<u>month|year)\b|\bthe (?P<u2>month|year) after next\b",
            "next",
            "last",
        ),
        lambda m, n: (
            _month(n.year, n.month + (2 if (m["w"] or "next").lower().startswith("next") else -2))
            if (m["u"] or m["u2"]).lower() == "month"
            else _whole_year(n.year + (2 if (m["w"] or "next").lower().startswith("next") else -2))
        ),
    ),
    (
        # "Friday 5 March", "Fri, March 5th, 2027": the date (the weekday is not checked)
        gated(
            rf"\b(?=[motwfs])(?:on )?(?:{_ANY_WEEKDAY})\.?,? (?P<date>(?:the )?\d{{1,2}}(?:st|nd|rd|th)?(?: of)? "
            rf"(?:{_MONTH_NAMES})\b\.?(?:,? (?:19|20)\d{{2}})?|(?:{_MONTH_NAMES})\.? \d{{1,2}}(?:st|nd|rd|th)?\b"
            r"(?:,? (?:19|20)\d{2})?)",
            "@month",
        ),
        lambda m, n: _parsed(m["date"], n),
    ),
    (
        # "the quarter ending June", "the half year to June", "the year to March": the months to that one
        gated(
            rf"\bthe (?P<u>quarter|qtr|half[- ]year|half|year|twelve months) (?:ending|ended|to) (?:the )?(?:end of )?"
            rf"(?P<mo>{_MONTH_NAMES})\b(?!\s+\d{{1,2}}\b)",
            "ending",
            "end",
            "year",
        ),
        lambda m, n: _months_to(
            n,
            {"q": 3, "h": 6}.get(m["u"].lower()[0], 12),
            _EN_MONTHS[m["mo"].lower()],
        ),
    ),
    (
        # "the 2nd-to-last Friday of the month": that weekday a week before the last one
        gated(
            rf"\bthe (?P<k>2nd|second|3rd|third)[- ]to[- ]last (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {EN_MONTH}\b",
            "last",
        ),
        lambda m, n: _days(
            _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), "last")[0]
            - timedelta(weeks=1 if m["k"].lower() in ("2nd", "second") else 2)
        ),
    ),
]
