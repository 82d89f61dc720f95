"""Rules that read a count from today: N days, weeks, months or years ago or ahead ("三天前",
"两周后", "2 weeks back", "in 3 days"), a span of two counts ("两三天前", "1-2 weeks ago"), a few days ago,
today's counterpart a week, a month or a year away ("上个月的今天", "this time last year")."""

from __future__ import annotations

from datetime import timedelta

from hindsight.recall.time.no_time import _no_time
from hindsight.recall.time.periods.counted import _units_ago, _weeks_or_months_back, _year_back
from hindsight.recall.time.periods.days import _coming_weekday, _day, _days, _week_around, _week_of
from hindsight.recall.time.periods.months import _month, _same_day
from hindsight.recall.time.periods.seasons import _ZH_SEASONS, _break_of, _season_of
from hindsight.recall.time.periods.years import _whole_year
from hindsight.recall.time.region import _southern
from hindsight.recall.time.rules.pieces import RuleRow, gated
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_NUM,
    _WEEKDAY_NAMES,
    _ZH_NUM,
    _ZH_UNIT_NAMES,
    _ZH_YEARS_BACK,
    _weekday,
    en_number,
    zh_number,
)

ZH: list[RuleRow] = [
    (
        # 3小时前, 半个钟前, 几个小时前 (Cantonese 三個鐘前): the day of that hour
        gated(
            r"(?P<n>[0-9]{1,2}|[一二两三四五六七八九十]+|几|半)\s?(?:个)?(?:半)?(?:小时|钟头|个钟)(?:之|以)?前",
            "小时",
            "钟",
        ),
        lambda m, n: _days(
            n
            - timedelta(
                hours=3 if m["n"] == "几" else 0.5 if m["n"] == "半" else min(zh_number(m["n"]), 24 * 366)
            )
        ),
    ),
    (
        # 三四个礼拜前, 两三个月前, 两三年前: both (as 两三天前)
        gated(
            r"(?<![一两二三四五六七八九十])(?P<a>[一两二三四五六七八九])(?P<b>[两二三四五六七八九十])"
            r"(?P<u>个?(?:周|星期|礼拜)|个月|年)(?:之|以)?前",
            "前",
        ),
        lambda m, n: (
            _units_ago(n, zh_number(m["b"]), _ZH_UNIT_NAMES[m["u"][-1]])[0],
            _units_ago(n, zh_number(m["a"]), _ZH_UNIT_NAMES[m["u"][-1]])[1],
        ),
    ),
    (
        # 明年的今天, 明年这个时候: this day next year
        gated(r"明年(?:的)?(?:这个时候|这个时间|这时候|今天|今日)", "明年"),
        lambda m, n: _days(_same_day(n, 12)),
    ),
    (
        gated(rf"(?P<n>{_ZH_NUM})个?(?P<u>礼拜|星期|周|月)(?:以前|之前|前)的今天", "的今天"),
        lambda m, n: _days(
            n - timedelta(weeks=zh_number(m["n"])) if m["u"] != "月" else _same_day(n, -zh_number(m["n"]))
        ),
    ),
    (
        gated(rf"往前数(?P<n>{_ZH_NUM})天", "往前"),
        lambda m, n: _days(n - timedelta(days=zh_number(m["n"]))),
    ),
    (
        gated(rf"再过(?P<k>{_ZH_NUM})个?(?:礼拜|星期|周)", "再过"),
        lambda m, n: _week_around(n + timedelta(weeks=zh_number(m["k"]))),
    ),
    (gated(rf"再过(?P<n>{_ZH_NUM})天", "再过"), lambda m, n: _days(n + timedelta(days=zh_number(m["n"])))),
    (
        gated(
            r"(?<![再经])过(?P<n>[两俩二三四五六七八九十])天(?=我|要|就|再|去|得|还|会|你|他|她|咱|俺)",
            "过",
        ),
        lambda m, n: _days(n + timedelta(days=zh_number(m["n"]))),
    ),
    (
        r"(?P<r>上|下)(?:个)?(?:周|星期|礼拜)的?(?:这个时候|这时候|这会儿|今天|今日)",
        lambda m, n: _days(n + timedelta(weeks=1 if m["r"] == "下" else -1)),
    ),
    (r"半年(?:之|以)?前", lambda m, n: _month(n.year, n.month - 6)),
    (r"一个月(?:之|以)?前的今(?:天|日)", lambda m, n: _days(_same_day(n, -1))),
    (r"上(?:个)?(?:周|星期|礼拜)的?今(?:天|日)", lambda m, n: _days(n - timedelta(days=7))),
    (
        gated(rf"(?P<n>{_ZH_NUM})天(?:之|以)?后", "后"),
        lambda m, n: _days(n + timedelta(days=zh_number(m["n"]))),
    ),
    (
        r"(?<!提)(?:前几天|前些天|前两天)|早两天|早几天|头两天|头几天|这两天前|日前",
        lambda m, n: (_day(n) - timedelta(days=5), _day(n)),
    ),
    (r"半个月(?:之|以)?前", lambda m, n: _days(_week_of(n) - timedelta(weeks=2), 7)),
    (
        r"(?P<y>去年|前年)(?:的)?(?:这个时候|这个时间|这时候|这会儿|今天|今日)",
        lambda m, n: _days(_same_day(n, -12 if m["y"] == "去年" else -24)),
    ),
    (
        r"上(?:个)?月(?:的)?今(?:天|日)",
        lambda m, n: _days(_same_day(n, -1)),
    ),
    (
        r"(?<![一两二三四五六七八九十])(?P<a>[一两二三四五六七八九])(?P<b>[两二三四五六七八九])天(?:之|以)?前",
        lambda m, n: (
            (
                _day(n) - timedelta(days=zh_number(m["b"])),
                _day(n) - timedelta(days=zh_number(m["a"]) - 1),
            )
            if zh_number(m["b"]) > zh_number(m["a"])
            else _no_time("not a span of days")
        ),
    ),
    (
        gated(rf"(?P<n>{_ZH_NUM})[天日](?:之|以)?前", "前"),
        lambda m, n: _days(n - timedelta(days=zh_number(m["n"]))),
    ),
    (
        gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?前", "前"),
        lambda m, n: _days(_week_of(n) - timedelta(weeks=zh_number(m["n"])), 7),
    ),
    (
        gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?前", "月"),
        lambda m, n: _month(n.year, n.month - zh_number(m["n"] or m["n2"])),
    ),
    (
        gated(rf"{_ZH_YEARS_BACK}(?:的)?今(?:天|日)", "今"),
        lambda m, n: _days(_same_day(n, -12 * zh_number(m["n"]))),
    ),
    (
        gated(rf"{_ZH_YEARS_BACK}(?!后)", "年"),
        lambda m, n: _whole_year(n.year - zh_number(m["n"])),
    ),
    (
        gated(
            rf"{_ZH_YEARS_BACK}(?:的|那个)?(?P<b>寒假|暑假|(?P<s>[春夏秋冬])天)",
            "年",
        ),
        lambda m, n: (
            _season_of(n.year - zh_number(m["n"]), _ZH_SEASONS[m["s"]], _southern(m.string))
            if m["s"]
            else _break_of(n.year - zh_number(m["n"]), 1 if m["b"] == "寒假" else 7)
        ),
    ),
    (
        gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?后", "后"),
        lambda m, n: _week_around(n + timedelta(weeks=zh_number(m["n"]))),
    ),
    (
        gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?后", "后"),
        lambda m, n: _month(n.year, n.month + zh_number(m["n"] or m["n2"])),
    ),
]

EN: list[RuleRow] = [
    (r"\b(?:this|the same|same) time last week\b", lambda m, n: _days(n - timedelta(weeks=1))),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|weeks?) from (?:now|today)\b", "from"),
        lambda m, n: _days(
            n + timedelta(days=en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1))
        ),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?) back\b", "back"),
        lambda m, n: (
            _days(_week_of(n) - timedelta(weeks=en_number(m["n"])), 7)
            if m["u"].lower().startswith("week")
            else _month(n.year, n.month - en_number(m["n"]))
        ),
    ),
    (
        gated(
            r"\b(?P<n>a few|few|several|a couple of|a couple|couple of|\d{1,2}) (?:hours|hrs) ago\b",
            "ago",
        ),
        lambda m, n: _days(n - timedelta(hours=int(m["n"]) if m["n"].isdigit() else 3)),
    ),
    (
        gated(rf"\b(?:(?P<n>{_EN_NUM}) )?fortnights? ago\b", "fortnight"),
        lambda m, n: _days(_week_of(n) - timedelta(weeks=2 * (en_number(m["n"]) if m["n"] else 1)), 7),
    ),
    (
        gated(
            rf"\ba (?P<u>week|fortnight) (?:on |from )?(?P<w>{_WEEKDAY_NAMES}|today|tomorrow)\b"
            rf"|\b(?:on )?(?P<w2>{_ANY_WEEKDAY}|tomorrow)\.? (?P<u2>week|fortnight)\b(?! (?:ago|before|after|of|off))",
            "week",
            "fortnight",
        ),
        lambda m, n: _days(
            (
                n
                if (m["w"] or m["w2"]).lower() == "today"
                else n + timedelta(days=1)
                if (m["w"] or m["w2"]).lower() == "tomorrow"
                else _coming_weekday(n, _weekday(m["w"] or m["w2"]))[0]
            )
            + timedelta(days=14 if (m["u"] or m["u2"]).lower() == "fortnight" else 7)
        ),
    ),
    (gated(r"\ba week and a half ago\b", "half"), lambda m, n: _days(n - timedelta(days=10))),
    (gated(r"\bhalf a year ago\b", "half"), lambda m, n: _month(n.year, n.month - 6)),
    (gated(r"\blast year this time\b", "this time"), lambda m, n: _days(_same_day(n, -12))),
    (gated(r"\bthis day last week\b", "last week"), lambda m, n: _days(n - timedelta(weeks=1))),
    (
        gated(
            rf"\b(?!few\b)(?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?) before\b"
            r"(?=\s*(?:about|regarding|re\b|that|when|[,.?!]|$|i\b|we\b|you\b|u\b))",
            "before",
        ),
        lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
    ),
    (
        # "2-3 days back", "3 or 4 days ago": those days (as 两三天前)
        gated(
            r"\b(?P<a>[1-9]|one|two|three|four|five|six|seven|eight) ?(?:-|–|or|to|/) ?"
            r"(?P<b>[2-9]|1[0-4]|two|three|four|five|six|seven|eight|nine|ten) days? (?:ago|back|before)\b",
            "ago",
            "back",
            "before",
        ),
        lambda m, n: (
            (_day(n) - timedelta(days=en_number(m["b"])), _day(n) - timedelta(days=en_number(m["a"]) - 1))
            if en_number(m["b"]) > en_number(m["a"])
            else _no_time("not a span of days")
        ),
    ),
    (
        # "1-2 weeks ago", "a week or two ago", "a month or two back": those calendar weeks / months
        gated(
            r"\b(?:(?P<a>[1-4]|a|one|two|three) ?(?:-|–|or|to) ?(?P<b>[2-5]|two|three|four|five) (?P<u>weeks?|months?)"
            r"|(?P<a2>a|one|two|three) (?P<u2>weeks?|months?) or (?P<b2>two|three|four|2|3|4)) (?:ago|back|before)\b",
            "ago",
            "back",
            "before",
        ),
        lambda m, n: _weeks_or_months_back(
            n, en_number(m["a"] or m["a2"]), en_number(m["b"] or m["b2"]), (m["u"] or m["u2"]).lower()
        ),
    ),
    (
        gated(
            rf"\bbefore (?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?|years?)(?! (?:of|from|after|before|to)\b)",
            "before",
        ),
        lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
    ),
    (
        r"\ba month ago today\b|\b(?:this|the same|same) (?:time|day) last (?P<u>month|year)\b",
        lambda m, n: _days(_same_day(n, -12 if (m["u"] or "").lower() == "year" else -1)),
    ),
    (
        r"\b(?:this|the same) (?P<u>month|week) (?:of )?last year\b",
        lambda m, n: (
            _month(n.year - 1, n.month)
            if m["u"].lower() == "month"
            else _days(_week_of(_same_day(n, -12)), 7)
        ),
    ),
    (
        r"\b(?:a few|few|several|some) days (?:ago|back|before(?= i\b| we\b| you\b| u\b))\b|\bthe other (?:day|night)\b",
        lambda m, n: (_day(n) - timedelta(days=5), _day(n)),
    ),
    (rf"\bin (?P<n>{_EN_NUM}) days?\b(?! ago\b)", lambda m, n: _days(n + timedelta(days=en_number(m["n"])))),
    (
        gated(rf"\bafter (?P<n>{_EN_NUM}) days?\b(?! (?:of|in|at|from|after|before)\b)", "after"),
        lambda m, n: _days(n + timedelta(days=en_number(m["n"]))),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?:days?|nights?) back\b", "back"),
        lambda m, n: _units_ago(n, en_number(m["n"]), "day"),
    ),
    (
        gated(rf"\ba fortnight (?:today|on (?P<w>{_WEEKDAY_NAMES}))\b", "fortnight"),
        lambda m, n: _days(
            _coming_weekday(n, _weekday(m["w"]))[0] + timedelta(days=14) if m["w"] else n + timedelta(days=14)
        ),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|nights?) ago\b", "ago"),
        lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
    ),
    (gated(r"\ba day or two ago\b", "ago"), lambda m, n: (_day(n) - timedelta(days=2), _day(n))),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?|years?) ago\b", "ago"),
        lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
    ),
    (
        gated(
            rf"\bin (?:(?P<n>{_EN_NUM}) weeks?|(?P<f>(?:a |one )?fortnight))(?:'?s? time)?\b",
            "week",
            "fortnight",
        ),
        lambda m, n: _week_around(n + timedelta(weeks=2 if m["f"] else en_number(m["n"]))),
    ),
    (
        gated(rf"\bin (?P<n>{_EN_NUM}) months?(?:'s? time)?\b", "month"),
        lambda m, n: _month(n.year, n.month + en_number(m["n"])),
    ),
    (gated(r"\b(?:an|one|half an) hour ago\b", "hour"), lambda m, n: _days(n - timedelta(hours=1))),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) days? later\b", "later"),
        lambda m, n: _days(n + timedelta(days=en_number(m["n"]))),
    ),
    (
        gated(
            rf"\b(?P<n>{_EN_NUM}) weeks? ago (?:today|to the day)\b|\bexactly (?P<n2>{_EN_NUM}) weeks? ago\b"
            r"|\b(?P<f>a |one )?fortnight ago today\b",
            "ago",
        ),
        lambda m, n: _days(
            n
            - timedelta(
                weeks=2
                if m["f"] is not None or "fortnight" in m.group(0).lower()
                else en_number(m["n"] or m["n2"])
            )
        ),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>years?|months?) ago today\b", "ago today"),
        lambda m, n: _days(_same_day(n, -(12 if m["u"].lower().startswith("y") else 1) * en_number(m["n"]))),
    ),
    (
        # "same week last year", "the same quarter a year ago", "this quarter last year"
        gated(
            r"\b(?:the )?(?:same|this) (?P<u>day|date|week|month|quarter) (?:of |as )?(?:last year|a year ago|ly)\b",
            "same",
            "quarter",
        ),
        lambda m, n: _year_back(n, m["u"].lower()),
    ),
    (
        # "two weeks from Friday", "3 weeks on Monday", "two weeks from tomorrow": as "a week from Friday",
        # that many weeks on
        gated(
            rf"\b(?P<n>{_EN_NUM}) (?:weeks|wks) (?:on|from) (?P<w>{_WEEKDAY_NAMES}|tomorrow)\b",
            "weeks",
            "wks",
        ),
        lambda m, n: _days(
            (
                n + timedelta(days=1)
                if m["w"].lower() == "tomorrow"
                else _coming_weekday(n, _weekday(m["w"]))[0]
            )
            + timedelta(weeks=en_number(m["n"]))
        ),
    ),
    (
        gated(r"\ba year ago this (?P<u>month|quarter)\b", "ago"),
        lambda m, n: _year_back(n, m["u"].lower()),
    ),
]
