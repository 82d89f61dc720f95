"""Rules that read working days (Monday to Friday; public holidays are not known): counted from
today ("三个工作日后", "T-2", "4 business days out"), of a month, a week or a quarter ("上个月最后一个工作日",
"the 3rd business day of next month", "BD3")."""

from __future__ import annotations

from datetime import timedelta

from hindsight.recall.time.no_time import (
    _FROM_TODAY,
    _MEANING,
    _SETTLED_BEFORE,
    _SETTLEMENT,
    _SETTLES,
    _no_time,
)
from hindsight.recall.time.periods.days import _days, _week_of
from hindsight.recall.time.periods.months import _month
from hindsight.recall.time.periods.quarters import _quarter_from
from hindsight.recall.time.periods.working_days import (
    _edge_working_day,
    _first_working_days,
    _last_business_day,
    _last_working_days,
    _next_working_day,
    _nth_last_working_day,
    _nth_working_day,
    _working_day,
    _working_days_ahead,
    _working_days_back,
)
from hindsight.recall.time.rules.pieces import EN_MONTH, ZH_MONTH, RuleRow, en_month_of, gated, zh_month_of
from hindsight.recall.time.vocabulary import (
    _EN_NUM,
    _QUARTER_OFFSETS,
    _WORKING_ORDINALS,
    _YEAR_OFFSET,
    _ZH_NUM,
    _ZH_WEEKS,
    en_number,
    zh_number,
)

ZH: list[RuleRow] = [
    (r"(?:上|前)一?个工作(?:日|天)", lambda m, n: _last_business_day(n)),
    (
        gated(rf"{ZH_MONTH}(?:的)?(?:前|头|开头|最初)(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
        lambda m, n: _first_working_days(zh_month_of(m, n), zh_number(m["k"])),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?最后(?![一1]个)(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
        lambda m, n: _last_working_days(zh_month_of(m, n), zh_number(m["k"])),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?倒数第(?P<k>[一二三四五1-5])个工作[日天]", "工作"),
        lambda m, n: _nth_last_working_day(zh_month_of(m, n), zh_number(m["k"])),
    ),
    (r"下一个工作日", lambda m, n: _next_working_day(n)),
    (
        gated(rf"(?<![最过近提])前(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
        lambda m, n: (
            _working_day(n, -zh_number(m["n"])),
            _working_day(n, -1) + timedelta(days=1),
        ),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?第(?P<o>[二三四五2-5])个工作[日天]", "工作"),
        lambda m, n: _nth_working_day(zh_month_of(m, n), zh_number(m["o"])),
    ),
    (
        gated(rf"(?P<n>{_ZH_NUM})个?工作[日天](?:之|以)?(?P<w>前|后)", "工作"),
        lambda m, n: _days(_working_day(n, zh_number(m["n"]) * (-1 if m["w"] == "前" else 1))),
    ),
    (
        gated(rf"(?:近|过去|最近)(?:的)?(?:这)?(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
        lambda m, n: _working_days_back(n, zh_number(m["n"])),
    ),
    (
        gated(rf"{ZH_MONTH}(?:的)?(?P<e>最后一个|第一个)工作[日天]", "工作"),
        lambda m, n: _edge_working_day(zh_month_of(m, n), m["e"] == "最后一个"),
    ),
    (
        gated(
            rf"(?P<yr>去年|今年|前年)(?:的)?(?:年底|年末|年终)?(?:的)?最后(?P<k>{_ZH_NUM})个工作[日天]",
            "工作",
        ),
        lambda m, n: _last_working_days(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), zh_number(m["k"])),
    ),
    # "未来五个工作日", "接下来三个工作日", "之后两个工作日": today (when a working day) and the ones after
    (
        gated(rf"(?:未来|接下来|往后|之后|后面|今后)(?:的)?(?:这)?(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
        lambda m, n: _working_days_ahead(n, zh_number(m["n"])),
    ),
    # "上周最后一个工作日", "下周第一个工作日": that week's Friday / Monday
    (
        gated(
            r"(?P<ref>上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<e>最后一个|第一个|头一个)工作[日天]",
            "工作",
        ),
        lambda m, n: _days(
            _week_of(n) + timedelta(weeks=_ZH_WEEKS[m["ref"]], days=4 if m["e"] == "最后一个" else 0)
        ),
    ),
    # "下个工作日", "下一工作日": the next Monday to Friday after today (as 下一个工作日)
    (r"下(?:个|一)工作[日天]", lambda m, n: _next_working_day(n)),
]

EN: list[RuleRow] = [
    (
        gated(
            r"\b(?:on )?the (?P<o>first|last) (?:working|business|biz) day of (?P<ref>this|last|next) quarter\b",
            "quarter",
        ),
        lambda m, n: (
            _nth_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 1)
            if m["o"].lower() == "first"
            else _nth_last_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 1)
        ),
    ),
    (
        gated(r"\b(?:the )?next (?:business|working|biz) day\b", "next"),
        lambda m, n: _next_working_day(n),
    ),
    (
        r"\b(?:the )?(?:last|previous) (?:business|working) day\b",
        lambda m, n: _last_business_day(n),
    ),
    (
        gated(
            rf"\bthe last (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days of (?:(?P<yr>last|this) year|{EN_MONTH})\b",
            "days of",
        ),
        lambda m, n: _last_working_days(
            _month(n.year + _QUARTER_OFFSETS[m["yr"].lower()], 12) if m["yr"] else en_month_of(m, n),
            en_number(m["k"]),
        ),
    ),
    (
        # "the first 5 business days of the month / of October": its 1st to its 5th working day
        gated(
            rf"\bthe (?:first|1st|opening) (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days (?:of|in) {EN_MONTH}\b",
            "days of",
        ),
        lambda m, n: _first_working_days(en_month_of(m, n), en_number(m["k"])),
    ),
    (
        gated(
            rf"\bthe (?:(?P<o>2nd|second|3rd|third)[- ]to[- ]last|(?P<p>penultimate)) (?:working|business|biz|trading) day of {EN_MONTH}\b",
            "last",
            "penultimate",
        ),
        lambda m, n: _nth_last_working_day(
            en_month_of(m, n), 2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()]
        ),
    ),
    (
        gated(
            rf"\b(?P<n>{_EN_NUM}) (?:working|business|biz|trading) days? (?P<w>ago|back|from now|from today)\b",
            "days",
        ),
        lambda m, n: _days(
            _working_day(n, en_number(m["n"]) * (-1 if m["w"].lower() in ("ago", "back") else 1))
        ),
    ),
    (
        gated(
            rf"\bin (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days?\b|(?<!\band )(?<!\bor )(?<!\bvs )\bt ?\+ ?(?P<t>\d{{1,2}})(?!\d)(?! (?:and|or|vs|versus) t ?\+)",
            "days",
            "t+",
            "t +",
        ),
        lambda m, n: _days(
            _working_day(n, int(m["t"]) if m["t"] else en_number(m["n"]))
            if not (
                m["t"]
                and (
                    _MEANING.search(m.string)
                    or _SETTLES.match(m.string, m.end())
                    or (
                        _SETTLED_BEFORE.search(m.string, 0, m.start())
                        and not _FROM_TODAY.match(m.string, m.end())
                    )
                )
            )
            else _no_time(_SETTLEMENT if not _MEANING.search(m.string) else "a notation asked about")
        ),
    ),
    (
        # "4 business days out", "10 days out", "T-minus 9 days": that day ahead ("a day out" is an outing)
        gated(
            rf"\b(?!(?:a|an|one) )(?P<n>{_EN_NUM}) (?P<w>(?:working|business|biz) )?days out\b"
            r"|\bt ?- ?minus (?P<t>\d{1,3}) days?\b",
            "out",
            "minus",
        ),
        lambda m, n: _days(
            _working_day(n, en_number(m["n"]))
            if m["w"]
            else n + timedelta(days=int(m["t"]) if m["t"] else en_number(m["n"]))
        ),
    ),
    (
        gated(
            rf"\b(?:the )?(?:past|last|previous|prior) (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days\b",
            "days",
        ),
        lambda m, n: _working_days_back(n, en_number(m["n"])),
    ),
    (
        gated(
            rf"\b(?:the )?(?P<e>last|first) (?:working|business|biz|trading) day of {EN_MONTH}\b",
            "day of",
        ),
        lambda m, n: _edge_working_day(en_month_of(m, n), m["e"].lower() != "first"),
    ),
    (
        gated(
            rf"\b(?:the )?(?P<o>second|third|fourth|fifth|2nd|3rd|4th|5th) (?:working|business|biz|trading) day of {EN_MONTH}\b",
            "day of",
        ),
        lambda m, n: _nth_working_day(en_month_of(m, n), _WORKING_ORDINALS[m["o"].lower()]),
    ),
    (
        # "on the 3rd working day of next month", "the 8th business day of March" (and "WD8 of next month",
        # spelt out so): that working day of that month, any count
        gated(
            rf"\b(?:on )?(?:the )?(?P<o>[1-9]|1\d|2[0-3])(?:st|nd|rd|th) (?:working|business|biz|trading) day"
            rf" (?:of|in) {EN_MONTH}\b",
            "day of",
            "day in",
        ),
        lambda m, n: _nth_working_day(en_month_of(m, n), int(m["o"])),
    ),
    (
        gated(r"(?<![\w/-])t ?- ?(?P<t>[1-9]|10)(?![\d%])", "t-", "t -"),
        lambda m, n: (
            _days(_working_day(n, -int(m["t"])))
            if not _MEANING.search(m.string)
            else _no_time("a notation asked about")
        ),
    ),
    (
        # "the next 5 business days", "the coming 3 working days": today (when a working day) and after
        gated(
            rf"\b(?:the )?(?:next|coming|upcoming|following) (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days\b",
            "next",
            "coming",
        ),
        lambda m, n: _working_days_ahead(n, en_number(m["n"])),
    ),
    (
        # "the last business day of last week", "the first working day of next week": its Friday / Monday
        gated(
            r"\bthe (?P<e>first|last|final) (?:business|working|biz|trading) day of (?P<w>last|this|next) week\b",
            "week",
        ),
        lambda m, n: _days(
            _week_of(n)
            + timedelta(weeks=_QUARTER_OFFSETS[m["w"].lower()], days=0 if m["e"].lower() == "first" else 4)
        ),
    ),
    (
        # "the prior business day": as "the previous business day"
        gated(r"\b(?:the )?prior (?:business|working|biz) day\b", "prior"),
        lambda m, n: _last_business_day(n),
    ),
]
