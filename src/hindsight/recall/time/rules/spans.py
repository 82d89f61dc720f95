"""Rules that read a span to or from today: a rolling window ("最近一周", "the past two weeks",
"the next 5 days"), since ("since 3 days", "本月以来"), so far ("earlier this week", "本周早些时候"), the rest
of a period ("本季度剩下的时间", "later this month"), and the vague recent ones ("最近", "recently", "前段时间")."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.periods.counted import (
    _last_units,
    _rest_end,
    _rest_end_any,
    _to_date_back,
    _unit_days,
)
from hindsight.recall.time.periods.days import _day, _days, _rolling, _so_far, _week_of, _weekend
from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.periods.quarters import _quarter_from
from hindsight.recall.time.rules.pieces import RuleRow, gated
from hindsight.recall.time.vocabulary import (
    _EN_DAY_COUNTS,
    _EN_NUM,
    _MONTH_NAMES,
    _UNIT_DAYS,
    _ZH_NUM,
    en_number,
    zh_number,
)

ZH: list[RuleRow] = [
    (r"前段时间", lambda m, n: (_day(n) - timedelta(days=13), _day(n) + timedelta(days=1))),
    (
        gated(
            rf"(?:未来|接下来|往后)(?:的)?(?P<n>{_ZH_NUM})(?:个)?(?P<u>天|周|星期|礼拜)",
            "未来",
            "接下来",
            "往后",
        ),
        lambda m, n: (_day(n), _day(n) + timedelta(days=zh_number(m["n"]) * (1 if m["u"] == "天" else 7))),
    ),
    (r"(?:这|最近)(?:俩|两个?)(?:礼拜|星期|周)", lambda m, n: _rolling(n, 14)),
    (
        # "本季度剩下的时间", "今年剩下的几个月", "本月剩余时间", "这周余下几天": today to the end of that period
        gated(
            r"(?P<p>今年|本年|这个?月|本月|这个?季度|本季度?|这周|本周|这个?(?:星期|礼拜))(?:的)?(?:剩下|剩余|余下)"
            r"(?=(?:的|来的)?(?:时间|日子|[几两三四五六七八九十\d]+个?(?:天|周|星期|礼拜|月)))",
            "剩下",
            "剩余",
            "余下",
        ),
        lambda m, n: (
            _day(n),
            _rest_end_any(
                n,
                "year"
                if "年" in m["p"]
                else "quarter"
                if "季" in m["p"]
                else "month"
                if "月" in m["p"]
                else "week",
            ),
        ),
    ),
    (
        r"刚(?:结束|过去)的(?:那个|这个)?(?P<u>季度|月|礼拜|星期|周)(?![末一二三四五六日天])",
        lambda m, n: (
            _quarter_from(n, -1)
            if m["u"] == "季度"
            else _month(n.year, n.month - 1)
            if m["u"] == "月"
            else _days(_week_of(n) - timedelta(weeks=1), 7)
        ),
    ),
    (
        r"(?:这个)?自然月(?:开始)?(?:到现在|至今|以来)",
        lambda m, n: _so_far(_month(n.year, n.month)[0], n),
    ),
    (
        r"前排(?=[我你佢他她有讲话提说係系])",
        lambda m, n: (_day(n) - timedelta(days=13), _day(n) + timedelta(days=1)),
    ),
    (
        gated(rf"(?:过去|最近|近)(?P<n>{_ZH_NUM})(?:个)?小时", "小时"),
        lambda m, n: (
            _day(n - timedelta(hours=min(zh_number(m["n"]), 24 * 366))),
            _day(n) + timedelta(days=1),
        ),
    ),
    (r"(?:最近|过去|近|这)(?:的|这)?半个月(?!前|以前|之前)", lambda m, n: _rolling(n, 15)),
    (r"(?:最近|过去|近)(?:的)?(?:这)?半年", lambda m, n: _rolling(n, 180)),
    # the forty-first round: 这一年来, 这一年以来, 近一年来 (over the past year), today included
    (r"(?:这|近)一年(?:来|以来)", lambda m, n: _rolling(n, 365)),
    (r"(?:最近|过去|近)(?:的)?(?:这)?一个半月", lambda m, n: _rolling(n, 45)),
    (
        rf"(?:接下来|未来|往后|之后)(?:的)?(?P<n>{_ZH_NUM})天",
        lambda m, n: (_day(n), _day(n) + timedelta(days=zh_number(m["n"]))),
    ),
    (
        rf"(?:最近|过去|近)(?:的|这)?(?P<n>{_ZH_NUM})?(?:个)?(?P<u>周|星期|礼拜|月|年|季度)",
        lambda m, n: _rolling(n, (zh_number(m["n"]) if m["n"] else 1) * _UNIT_DAYS[m["u"]]),
    ),
    (
        r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?:的)?早(?:些|点|一点)(?:时候)?",
        lambda m, n: _so_far(_week_of(n), n),
    ),
    (
        r"(?:这|本)(?:个)?月(?:的)?早(?:些|点|一点)(?:时候)?",
        lambda m, n: _so_far(_month(n.year, n.month)[0], n),
    ),
    (
        rf"(?:最近|过去|近)(?:的)?(?:这)?(?P<n>{_ZH_NUM})[天日]",
        lambda m, n: (_day(n) - timedelta(days=zh_number(m["n"]) - 1), _day(n) + timedelta(days=1)),
    ),
    # the forty-first round: "这三天的药", "这三个礼拜" — these N days or weeks, today included ("这两天" is
    # yesterday and today, "这一周" this calendar week: both their own rules'). Not months: the personal-facts
    # files ask "这两个月我旅游去过哪" of trips 69 days back (a loose "lately"), and a 60-day window cut them
    (
        r"(?<![最过近])这(?P<n>(?=[二两三四五六七八九十2-9]|1[0-9])[0-9二两三四五六七八九十]+)(?:个)?"
        r"(?P<u>周|星期|礼拜)(?!前|以前|之前|后|以后|之后|[末一二三四五六日天])",
        lambda m, n: _rolling(n, zh_number(m["n"]) * _UNIT_DAYS[m["u"]]),
    ),
    (
        r"(?<![最过近])这(?P<n>(?=[三四五六七八九十3-9]|[12][0-9]|二十)[0-9二三四五六七八九十]+)[天日](?!前|以前|之前|后|以后|之后)",
        lambda m, n: _rolling(n, zh_number(m["n"])),
    ),
    (
        r"最近|近来|近期|这几天|这些天|这阵子|前阵子|前一阵子?|早排|呢排|近排|前些日子|这些日子|前些时候",
        lambda m, n: (_day(n) - timedelta(days=13), _day(n) + timedelta(days=1)),
    ),
    # "本月截至昨天", "今年截止到昨日": from the period's start to yesterday
    (
        gated(
            r"(?P<p>本月|这个?月|本季度|这个?季度|今年|本周|这周)(?:的)?(?:截至|截止|截止到|截至到)(?:昨天|昨日)",
            "昨",
        ),
        lambda m, n: (
            {
                "月": _month(n.year, n.month)[0],
                "季": _quarter_from(n, 0)[0],
                "年": datetime(n.year, 1, 1),
                "周": _week_of(n),
            }[next(k for k in "月季年周" if k in m["p"])],
            _day(n),
        ),
    ),
    # "上月同期", "上周同期": last month / week from its start to today's counterpart
    (
        r"(?P<u>上个?月|上周|上个?星期|上个?礼拜)(?:的)?同期",
        lambda m, n: _to_date_back(n, "month" if "月" in m["u"] else "week"),
    ),
]

EN: list[RuleRow] = [
    (r"\b(?:in |over |during )?last fortnight\b", lambda m, n: _rolling(n, 14)),
    (
        gated(
            r"\b(?:within |in |during |over )?the (?:last|past|preceding|previous|prior) (?P<n>\d+|"
            r"two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty|sixty|ninety) days\b",
            *("last", "past", "preceding", "previous", "prior", "lst"),
        ),
        lambda m, n: _rolling(n, _EN_DAY_COUNTS.get(m["n"].lower()) or en_number(m["n"])),
    ),
    (
        r"\bso far this (?P<u>week|month|quarter|year)\b|\bthis (?P<u2>week|month|quarter|year) so far\b",
        lambda m, n: _so_far(
            {
                "week": _week_of(n),
                "month": _month(n.year, n.month)[0],
                "quarter": _quarter_from(n, 0)[0],
                "year": datetime(n.year, 1, 1),
            }[(m["u"] or m["u2"]).lower()],
            n,
        ),
    ),
    (
        gated(
            r"\b(?:in |over |during |within )?(?:the )?(?:past|last) "
            r"(?P<n>\d+|two|three|four|five|six|seven|eight|nine|ten|couple of|few) (?P<u>weeks|months)\b"
            rf"(?! of (?:{_MONTH_NAMES}|l(?:a)?st|this|next|the (?:month|year))\b)",
            *("past", "last", "lst"),
        ),
        lambda m, n: _rolling(n, _unit_days(en_number(m["n"]), m["u"].lower())),
    ),
    (
        gated(
            r"\b(?:in |over |during |within )?the (?:past|last) (?:year|12 months)\b",
            "past",
            "last",
            "lst",
        ),
        lambda m, n: _rolling(n, 365),
    ),
    (
        gated(rf"\b(?:in |over |during |within )?(?:the )?next (?P<n>{_EN_NUM}) days\b", "next"),
        lambda m, n: (_day(n), _day(n) + timedelta(days=en_number(m["n"]))),
    ),
    (r"\bearlier (?:this|in the) week\b", lambda m, n: _so_far(_week_of(n), n)),
    (r"\bearlier (?:this|in the) month\b", lambda m, n: _so_far(_month(n.year, n.month)[0], n)),
    (r"\bsince the weekend\b", lambda m, n: (_weekend(n, None)[0], _day(n) + timedelta(days=1))),
    (r"\b(?:in |over |during )?(?:the|this) (?:past|last) fortnight\b", lambda m, n: _rolling(n, 14)),
    (r"\bearlier this year\b", lambda m, n: (datetime(n.year, 1, 1), _day(n) + timedelta(days=1))),
    (
        gated(
            rf"\b(?:in |over |during |within )?(?:the|this) (?:past|last) (?:(?P<n>{_EN_NUM}) )?(?P<u>weeks?|months?)\b(?! of)",
            "past",
            "last",
            "lst",
        ),
        lambda m, n: _rolling(n, _unit_days(en_number(m["n"]) if m["n"] else 1, m["u"].lower())),
    ),
    (
        gated(
            r"\b(?:in |over |during |within )?(?:the )?(?:past|last) (?P<n>\d{1,3}) (?:hours|hrs)\b",
            "hours",
            "hrs",
        ),
        lambda m, n: (_day(n - timedelta(hours=int(m["n"]))), _day(n) + timedelta(days=1)),
    ),
    (
        r"\b(?:in |over |during |within )?the (?:next|coming) fortnight\b",
        lambda m, n: (_day(n), _day(n) + timedelta(days=14)),
    ),
    (
        gated(r"\blater in the week\b", "later"),
        lambda m, n: (_day(n) + timedelta(days=1), _week_of(n) + timedelta(days=7)),
    ),
    (gated(r"\b(?:in |over |during )?the coming week\b", "coming"), lambda m, n: _days(n, 7)),
    (
        gated(rf"\bsince (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b", "since"),
        lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
    ),
    (
        # "since 2 days ago", "since 3 weeks back": from that day to today
        gated(rf"\bsince (?P<n>{_EN_NUM}) (?P<u>days?|weeks?) (?:ago|back|before)\b", "since"),
        lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1) + 1),
    ),
    (
        # "the coming month", "the coming year": today and the 29 / 364 days after (as "the coming week")
        gated(r"\b(?:in |over |during )?the coming (?P<u>month|year)\b", "coming"),
        lambda m, n: _days(n, 30 if m["u"].lower() == "month" else 365),
    ),
    (
        # "since 3 months", "since one year" (as people who learned English write it): the last 90 / 365 days
        gated(rf"\bsince (?:the )?(?:last |past )?(?P<n>{_EN_NUM}) (?P<u>months?|years?)\b", "since"),
        lambda m, n: _rolling(
            n,
            365 * en_number(m["n"])
            if m["u"].lower().startswith("y")
            else _unit_days(en_number(m["n"]), m["u"].lower()),
        ),
    ),
    (
        gated(rf"\b(?:in |over |within |during )?the next (?P<n>{_EN_NUM}) weeks\b", "next"),
        lambda m, n: (_day(n), _day(n) + timedelta(weeks=en_number(m["n"]))),
    ),
    (
        gated(
            rf"\b(?:since|from) (?:the )?(?:last|past) (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b",
            "since",
            "from",
        ),
        lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
    ),
    (r"\blater this week\b", lambda m, n: (_day(n) + timedelta(days=1), _week_of(n) + timedelta(days=7))),
    (r"\blater this month\b", lambda m, n: (_day(n) + timedelta(days=1), _month(n.year, n.month)[1])),
    (r"\bthe other week\b", lambda m, n: (_week_of(n) - timedelta(weeks=2), _week_of(n))),
    (
        gated(
            rf"\b(?:in the )?(?:past|last) (?:(?!few )(?P<n>{_EN_NUM}) days|(?:a )?day or two)\b",
            *("past", "last", "lst"),
        ),
        lambda m, n: (
            _day(n) - timedelta(days=(en_number(m["n"]) if m["n"] else 2) - 1),
            _day(n) + timedelta(days=1),
        ),
    ),
    (
        gated(r"\b(?:over |in |during )?the past quarter\b", "quarter"),
        lambda m, n: _rolling(n, 90),
    ),
    (
        r"\brecently\b|\blately\b|\bthese (?:few )?days\b|\bnot long ago\b|\bof late\b",
        lambda m, n: (_day(n) - timedelta(days=13), _day(n) + timedelta(days=1)),
    ),
    (r"\b(?:the )?(?:past|last) few days\b", lambda m, n: (_day(n) - timedelta(days=5), _day(n))),
    (
        gated(
            r"\bsince (?:the (?:start|beginning) of (?:the|this) quarter|the quarter (?:started|began))\b"
            r"|\bquarter to date\b",
            "quarter",
        ),
        lambda m, n: _so_far(_quarter_from(n, 0)[0], n),
    ),
    (
        gated(rf"\b(?:the )?(?:next|coming) (?P<n>{_EN_NUM}) days\b", "coming"),
        lambda m, n: (_day(n), _day(n) + timedelta(days=en_number(m["n"]))),
    ),
    (
        gated(r"\b(?:for )?(?:the )?rest of (?:the|this) (?P<u>week|month|year)\b", "rest of"),
        lambda m, n: (_day(n), _rest_end(n, m["u"].lower())),
    ),
    (
        # "the rest of the quarter", "the remainder of the month", "rest of year", "the balance of the quarter":
        # today to the end of the period today is in
        gated(
            r"\b(?:for )?(?:the )?(?:(?:rest|remainder) of (?:the |this )?|balance of (?:the|this) )"
            r"(?P<u>week|month|quarter|qtr|year)\b(?!'?s? (?:budget|account|invoice|payment|fees?)\b)",
            "rest of",
            "remainder of",
            "balance of",
        ),
        lambda m, n: (_day(n), _rest_end_any(n, m["u"].lower())),
    ),
    (
        # "the same period last month / week": its start to today's counterpart
        gated(r"\b(?:the )?same period (?:last|previous|prior) (?P<u>month|week)\b", "same"),
        lambda m, n: _to_date_back(n, m["u"].lower()),
    ),
    (
        # "the last two quarters", "the past 3 quarters": the last 6 / 9 months to today (as "the last 6 months")
        gated(
            rf"\b(?:over |in |during )?the (?:last|past|previous|prior|preceding) (?P<k>{_EN_NUM}) quarters\b",
            "quarter",
        ),
        lambda m, n: _last_units(n, 3 * en_number(m["k"]), "m"),
    ),
]
