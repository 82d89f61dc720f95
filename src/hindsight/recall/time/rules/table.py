"""The rule table: every rule, compiled, in the order that breaks ties; the rules of each script and
their gates."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight.recall import holidays
from hindsight.recall.time.no_time import (
    _FROM_TODAY,
    _MEANING,
    _SETTLED_BEFORE,
    _SETTLEMENT,
    _SETTLES,
    _no_time,
)
from hindsight.recall.time.periods.counted import (
    _after_next,
    _last_units,
    _mixed_unit,
    _report_period,
    _rest_end,
    _rest_end_any,
    _to_date_back,
    _to_date_year_back,
    _unit_days,
    _units_ago,
    _weeks_or_months_back,
    _year_back,
)
from hindsight.recall.time.periods.days import (
    _WEEK_PART_START,
    _coming_weekday,
    _day,
    _day_pair,
    _days,
    _en_day_after,
    _last_weekday,
    _past_weekday,
    _rolling,
    _so_far,
    _week_around,
    _week_of,
    _weekday_span,
    _weekend,
)
from hindsight.recall.time.periods.digits import (
    _bare_date,
    _digit_span,
    _digits_no_year,
    _iso_week,
    _iso_weeks,
    _month_and_day,
    _numeric_date,
    _parsed,
    _week_by_numbers,
)
from hindsight.recall.time.periods.holiday_days import (
    _around_holiday,
    _clause,
    _days_from_holiday,
    _holiday,
    _holiday_weekend,
    _latest_bank_holiday,
    _weekday_beside,
    _weekend_beside,
)
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
    _latest_leap_day,
    _latest_span_of_month,
    _month,
    _month_day,
    _month_ends,
    _month_half,
    _month_part,
    _months_to,
    _named_month,
    _next_day_of_month,
    _nth_weekday_of,
    _part_name,
    _past_month,
    _same_day,
)
from hindsight.recall.time.periods.quarters import (
    _QUARTER_PARTS,
    _first_quarters,
    _latest_quarter,
    _quarter,
    _quarter_end,
    _quarter_from,
    _quarter_month,
    _quarter_part_begun,
    _quarters,
    _zh_period,
)
from hindsight.recall.time.periods.seasons import (
    _ZH_SEASONS,
    _break_of,
    _en_season,
    _named_semester,
    _school_break,
    _season_of,
    _semester,
    _zh_season,
)
from hindsight.recall.time.periods.working_days import (
    _edge_working_day,
    _first_working_days,
    _last_business_day,
    _last_working_days,
    _next_working_day,
    _nth_last_working_day,
    _nth_working_day,
    _quarter_day,
    _working_day,
    _working_day_beside,
    _working_days_ahead,
    _working_days_back,
)
from hindsight.recall.time.periods.years import (
    _EN_YEAR_PARTS,
    _ZH_YEAR_PARTS,
    _en_year,
    _end_of_year,
    _first_months,
    _mid_year,
    _whole_year,
    _year_part,
    _year_word,
    _zh_year_part,
)
from hindsight.recall.time.rules.pieces import (
    _EN_HOLIDAY_WORDS,
    _NOT_A_DAY,
    _NOT_A_FRACTION,
    _OFFICE_NOUNS,
    _SOLAR_TERM_AFTER,
    _SOLAR_TERM_BEFORE,
    _VESAK_WORDS,
    Build,
)
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_DAY_COUNTS,
    _EN_DAY_OFFSETS,
    _EN_DAY_WORDS,
    _EN_MONTHS,
    _EN_NUM,
    _EN_WEEKDAY_ABBREVIATIONS,
    _EN_WEEKDAYS,
    _MONTH_NAMES,
    _ORDINAL_WEEKS,
    _QUARTER_NUMBERS,
    _QUARTER_OFFSETS,
    _UNIT_DAYS,
    _WEEK_ORDINALS,
    _WEEKDAY_NAMES,
    _WORKING_ORDINALS,
    _YEAR_OFFSET,
    _ZH_DAY,
    _ZH_DAY_OFFSETS,
    _ZH_DAY_WORDS,
    _ZH_NUM,
    _ZH_UNIT_NAMES,
    _ZH_WEEKDAYS,
    _ZH_WEEKS,
    _ZH_YEARS_BACK,
    _weekday,
    en_number,
    zh_number,
)
from hindsight.recall.time.words.typed import NOT_A_SHORT_DAY

_Rule = tuple[re.Pattern[str], Build, tuple[str, ...], str]
"""A pattern, what its match means, the words one of which the query must hold (none: no such
condition), and the script the query must hold: "zh" (any non-ASCII character), "en" (a Latin
letter) or "" (either)."""


def _rules() -> list[_Rule]:
    d = timedelta
    gates: dict[str, tuple[str, ...]] = {}

    def gated(pattern: str, *words: str) -> str:
        """A rule searched only when the lowered query holds one of `words` or of the classes named
        "@month", "@weekday", "@ordinal" (a rule whose pattern begins with optional parts is tried at
        every position: this keeps parse_range fast)."""
        gates[pattern] = words
        return pattern

    zh_month = r"(?P<ref>上上个?月|上个?月|这个?月|本月|下个?月|(?P<yr>去年|今年|前年|旧年|明年|出年)?(?:的)?(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?)"
    zh_part = (
        r"(?P<part>月初|月头|月中|月底|月末|月尾|中下旬|上中旬|上旬|中旬|下旬|最后几天|中间|开始|开头|初(?![一二三四五六七八九十])|中(?![午间心国文秋])|底|末|尾|头(?![发疼痛像盔条部顶脑一回次儿]))"
        r"|(?:第|头)(?P<wk>[一二三四1-4])(?:个)?(?:周|星期|礼拜)|(?P<lastwk>最后一(?:个)?(?:周|星期|礼拜))"
    )

    def zh_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
        ref = m["ref"]
        if m["mo"]:
            return _named_month(n, zh_number(m["mo"]), m["yr"])
        back = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}[
            next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))
        ]
        return _month(n.year, n.month + back)

    zh_holidays = "|".join(
        rf"{_SOLAR_TERM_BEFORE}{re.escape(n)}{_SOLAR_TERM_AFTER}"
        if n in holidays.SOLAR_TERMS
        else re.escape(n)
        for n in sorted(holidays.ZH_NAMES, key=len, reverse=True)
    )
    zh_ref = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1}

    def zh_ref_of(ref: str | None) -> int | None:
        return (
            None
            if not ref
            else zh_ref[next(k for k in ("上上", "上", "这", "本", "下") if ref.startswith(k))]
        )

    en_names = "|".join(sorted((re.escape(n) for n in holidays.EN_NAMES), key=len, reverse=True))
    zh: list[tuple[str, Build]] = [
        (
            gated(
                rf"(?P<yr>去年|今年|前年|明年|旧年|出年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{zh_holidays})(?!路|街|广场|大道|村|中学|小学|大街)"
                # what is bought for a holiday ("万圣节服装", "圣诞礼物") names no day of it
                r"(?!节?(?:服装|服饰|衣服|装扮|装饰|礼物|礼品|礼盒|贺卡|树|彩灯|灯饰|面具|糖果|南瓜灯|帽子|毛衣|袜子|套装))"
                r"(?:(?P<one>那天|当天|那一天|那日)|(?:的)?(?P<off>前一天|后一天|第二天|第三天|隔天|翌日|前一周|后一周"
                r"|那周|那一?个(?:礼拜|星期)|所在的?(?:那一?个?)?(?:周|礼拜|星期)"
                r"|(?:之|以)?后(?:的)?(?:第一|头一)个工作[日天]|(?:之|以)?后(?:的)?(?:第一|头一)个?(?:周|礼拜|星期)"
                r"|(?:之|以)?前(?:的)?最后一个工作[日天]))?",
                *holidays.ZH_NAMES,
            ),
            lambda m, n: _days_from_holiday(
                _holiday(holidays.ZH_NAMES[m["h"]], m["yr"], n, _clause(m)), m["one"], m["off"]
            ),
        ),
        (
            # "国庆节后的第一个周一", "圣诞节前的那个周五", "春节前最后一个星期五": the first such weekday after the
            # holiday's days, or the last before them
            gated(
                rf"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{zh_holidays})(?:之|以)?(?P<r>前|后)(?:的)?"
                r"(?:第一个|头一个|最后一个|那个|那)?(?:周|星期|礼拜)(?P<d>[一二三四五六日天])",
                *holidays.ZH_NAMES,
            ),
            lambda m, n: _weekday_beside(
                _holiday(holidays.ZH_NAMES[m["h"]], m["yr"], n, _clause(m)),
                _ZH_WEEKDAYS[m["d"]],
                m["r"] == "后",
            ),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年)?(?:的)?(?P<d>618|520|六一|十一|三八)(?=\s?(?:大促|活动|那天|期间|的时候|买|抢|当天|送|表白|那几天"
                r"|放假|假期|长假|黄金周|出去玩|儿童节))",
                "618",
                "520",
                "六一",
                "十一",
                "三八",
            ),
            lambda m, n: _holiday(
                {"六一": "children's day", "十一": "national day", "三八": "women's day"}.get(m["d"], m["d"]),
                m["yr"],
                n,
                _clause(m),
            ),
        ),
        (
            # the shopping festivals written with a dot before what was bought then ("11.11买的东西到了没有")
            r"(?<![\d./])(?P<d>11\.11|12\.12|6\.18)(?![\d./])"
            r"(?=\s?(?:大促|活动|期间|买|抢|下单|囤|付|购|订|的时候|那|当天))",
            lambda m, n: _holiday(
                {"11.11": "singles' day", "12.12": "double twelve", "6.18": "618"}[m["d"]],
                None,
                n,
                _clause(m),
            ),
        ),
        (
            r"(?<![\d./])(?P<mo>1[0-2]|[1-9])[./](?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])(?=\s?(?:那|当天|当晚|的时候))",
            lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string),
        ),
        (
            # a Chinese year word before an English holiday ("去年Christmas", "今年的CNY")
            rf"(?P<yr>去年|今年|前年|明年|旧年|出年)(?:的)?\s?(?P<h>(?i:{en_names}))(?![A-Za-z])",
            lambda m, n: _holiday(holidays.EN_NAMES[m["h"].lower()], m["yr"], n),
        ),
        (
            # 上上个学期: two semesters back
            gated(r"上上(?:个|一个)?学期", "学期"),
            lambda m, n: _semester(n, 2),
        ),
        (
            # 去年年中, 明年年中: June and July of that year (as 年中 alone)
            gated(r"(?P<yr>去年|今年|前年|明年)(?:的)?年中(?![午秋])", "年中"),
            lambda m, n: (
                datetime(n.year + _YEAR_OFFSET[m["yr"]], 6, 1),
                datetime(n.year + _YEAR_OFFSET[m["yr"]], 8, 1),
            ),
        ),
        (
            # 3小时前, 半个钟前, 几个小时前 (Cantonese 三個鐘前): the day of that hour
            gated(
                r"(?P<n>[0-9]{1,2}|[一二两三四五六七八九十]+|几|半)\s?(?:个)?(?:半)?(?:小时|钟头|个钟)(?:之|以)?前",
                "小时",
                "钟",
            ),
            lambda m, n: _days(
                n
                - d(
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
            # 这一季, 呢一季: this quarter
            gated(r"(?:这|本)一季(?![度节])", "一季"),
            lambda m, n: _quarter_from(n, 0),
        ),
        (
            # 明年的今天, 明年这个时候: this day next year
            gated(r"明年(?:的)?(?:这个时候|这个时间|这时候|今天|今日)", "明年"),
            lambda m, n: _days(_same_day(n, 12)),
        ),
        (
            # 后年 / 後年, 大后年: the year after next, the one after that
            gated(r"(?P<big>大)?(?<![以之然前最落今往])后年(?![级龄纪代])", "后年"),
            lambda m, n: _whole_year(n.year + (3 if m["big"] else 2)),
        ),
        (
            # Cantonese 嚟緊禮拜六 (嚟 folds to 来), 接下来的周五: the next such day after today
            gated(r"(?:来紧|接下来)(?:个|嘅|的)?(?:礼拜|星期|周)(?P<d>[一二三四五六日天])", "来紧", "接下来"),
            lambda m, n: _coming_weekday(n, _ZH_WEEKDAYS[m["d"]]),
        ),
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
            gated(
                rf"(?:{zh_month})?(?:的)?(?P<h>上半月|下半月|前半个月|后半个月|上半个月|下半个月|上半拉月|下半拉月|上半截|下半截)",
                "半",
            ),
            lambda m, n: _month_half(
                zh_month_of(m, n) if m["ref"] else _month(n.year, n.month),
                m["h"] in ("下半月", "后半个月", "下半个月", "下半拉月", "下半截"),
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?:那一?|一)(?:天|日)", "最后"),
            lambda m, n: _days(zh_month_of(m, n)[1] - d(days=1)),
        ),
        (
            gated(
                rf"{zh_month}(?:的)?(?:第(?P<o>[一二三四1-4])|(?P<last>最后一))个?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
                "第",
                "最后",
            ),
            lambda m, n: _nth_weekday_of(
                zh_month_of(m, n), _ZH_WEEKDAYS[m["w"]], "last" if m["last"] else m["o"]
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?(?P<o>第一个|最后一个)周末", "周末"),
            lambda m, n: _edge_weekend(zh_month_of(m, n), m["o"] == "最后一个"),
        ),
        (
            gated(rf"{zh_month}(?:的)?第一(?:天|日)", "第一"),
            lambda m, n: _days(zh_month_of(m, n)[0]),
        ),
        (
            r"(?P<w>上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<p>初|中间|中|头几天|头|前几天|前半截|前半段|前半部分|后面几天|后几天|后头几天|后半截|后半段|后半部分|尾巴|尾)(?![午])",
            lambda m, n: (
                _so_far(_week_of(n), n)
                if m["w"] in "这本" and m["p"] in ("前几天", "头几天")
                else _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["w"]], days=_WEEK_PART_START[m["p"]]), 3)
            ),
        ),
        (
            # "上个月最后两周", "第三季度最后两周", "本季度头两周": the period's first or last 7, 14, 21 days
            gated(
                rf"(?:{zh_month}|(?P<qyr>去年|今年|前年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度"
                r"|(?P<qref>上上|上|这|本|下)(?:一)?(?:个)?季度|(?P<y>去年|今年|前年))"
                r"(?:的)?(?:(?P<last>最后)(?P<k>[一两俩二三])|(?:前|头)(?P<k2>[两俩二三]))(?:个)?(?:周|星期|礼拜)",
                "最后",
                "前",
                "头",
            ),
            lambda m, n: _month_ends(
                _zh_period(m, n, zh_month_of), 7 * zh_number(m["k"] or m["k2"]), m["last"] is None
            ),
        ),
        (r"去年(?:的)?这个月", lambda m, n: _month(n.year - 1, n.month)),
        (r"大前年", lambda m, n: (datetime(n.year - 3, 1, 1), datetime(n.year - 2, 1, 1))),
        (r"前段时间", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
        (r"(?:上|前)一?个工作(?:日|天)", lambda m, n: _last_business_day(n)),
        (
            gated(rf"{zh_month}(?:的)?前(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _first_working_days(zh_month_of(m, n), zh_number(m["k"])),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?![一1]个)(?P<k>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _last_working_days(zh_month_of(m, n), zh_number(m["k"])),
        ),
        (
            gated(rf"{zh_month}(?:的)?倒数第(?P<k>[一二三四五1-5])个工作[日天]", "工作"),
            lambda m, n: _nth_last_working_day(zh_month_of(m, n), zh_number(m["k"])),
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
            rf"(?P<a>{_ZH_DAY_WORDS})(?:和|跟|与|同|、|或|还有)(?P<b>{_ZH_DAY_WORDS})",
            lambda m, n: _day_pair(n, _ZH_DAY_OFFSETS[m["a"]], _ZH_DAY_OFFSETS[m["b"]]),
        ),
        (
            r"(?P<a>昨天|今天|明天)的(?P<r>前|后)一天",
            lambda m, n: _days(n + d(days=_ZH_DAY_OFFSETS[m["a"]] + (1 if m["r"] == "后" else -1))),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})个?(?P<u>礼拜|星期|周|月)(?:以前|之前|前)的今天", "的今天"),
            lambda m, n: _days(
                n - d(weeks=zh_number(m["n"])) if m["u"] != "月" else _same_day(n, -zh_number(m["n"]))
            ),
        ),
        (r"上一年(?!级|度)", lambda m, n: _whole_year(n.year - 1)),
        (r"下下个?月", lambda m, n: _month(n.year, n.month + 2)),
        (r"下一个工作日", lambda m, n: _next_working_day(n)),
        (
            gated(rf"(?P<k>{_ZH_NUM})个季度(?:之|以)?前", "季度"),
            lambda m, n: _quarter_from(n, -zh_number(m["k"])),
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?最后一个季度",
            lambda m, n: _quarter(n.year + _YEAR_OFFSET[m["yr"]], 4),
        ),
        (
            r"(?P<ref>本|这个?|上个?|下个?)季度(?:的)?(?P<k>第一|头一|第二|第三|最后一)个月",
            lambda m, n: _month(
                _quarter_from(n, {"本": 0, "这": 0, "上": -1, "下": 1}[m["ref"][0]])[0].year,
                _quarter_from(n, {"本": 0, "这": 0, "上": -1, "下": 1}[m["ref"][0]])[0].month
                + {"第一": 0, "头一": 0, "第二": 1, "第三": 2, "最后一": 2}[m["k"]],
            ),
        ),
        (
            r"(?<!每年)(?<!每逢)(?P<yr>今年|去年)?(?:过年|农历年|春节)前(?![后夕一两三几天])",
            lambda m, n: holidays.latest("twelfth lunar month", n, _year_word(m["yr"], n)),
        ),
        (
            gated(rf"{zh_month}(?:的)?倒数第(?P<k>[一二三四五1-5])天", "倒数"),
            lambda m, n: _days(zh_month_of(m, n)[1] - d(days=zh_number(m["k"]))),
        ),
        (
            gated(rf"{zh_month}(?:的)?最后(?P<k>[两俩仨二三四五六七八九十1-9])天", "最后"),
            lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), False),
        ),
        (
            r"(?P<ref>上上|上|这|本|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?:(?:前|头)(?P<k>[两俩仨二三四五六])(?:天|个工作[日天])"
            r"|刚开始(?:的)?(?:那|头)?(?P<k2>[两俩仨二三])天)",
            lambda m, n: _days(
                _week_of(n) + d(weeks=_QUARTER_OFFSETS[m["ref"]] if m["ref"] != "上上" else -2),
                zh_number(m["k"] or m["k2"]),
            ),
        ),
        (
            gated(
                rf"(?:未来|接下来|往后)(?:的)?(?P<n>{_ZH_NUM})(?:个)?(?P<u>天|周|星期|礼拜)",
                "未来",
                "接下来",
                "往后",
            ),
            lambda m, n: (_day(n), _day(n) + d(days=zh_number(m["n"]) * (1 if m["u"] == "天" else 7))),
        ),
        (r"(?:本|这个?|当前)(?:计薪|工资|发薪|薪资)周期", lambda m, n: _month(n.year, n.month)),
        (
            r"(?<![大年])初(?P<d>[一二三四五六七])(?=那天|那日|当天|回娘家|拜年|开工|去拜年)",
            lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
        ),
        (
            gated(rf"(?<![最过近提])前(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: (
                _working_day(n, -zh_number(m["n"])),
                _working_day(n, -1) + d(days=1),
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?关账(?:的时候|那几天|期间)", "关账"),
            lambda m, n: _month_part(zh_month_of(m, n), "late"),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
                "季度",
            ),
            lambda m, n: _month_part(
                _quarter_month(_latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)), "late"),
                "last week",
            ),
        ),
        (
            r"(?P<h>上|下)半年(?:的)?最后一个月",
            lambda m, n: _past_month(n, 6 if m["h"] == "上" else 12),
        ),
        (r"(?:这|最近)(?:俩|两个?)(?:礼拜|星期|周)", lambda m, n: _rolling(n, 14)),
        (
            gated(rf"往前数(?P<n>{_ZH_NUM})天", "往前"),
            lambda m, n: _days(n - d(days=zh_number(m["n"]))),
        ),
        (
            gated(rf"{zh_month}(?:的)?第(?P<o>[二三四五2-5])个工作[日天]", "工作"),
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
            gated(rf"{zh_month}(?:的)?(?P<e>最后一个|第一个)工作[日天]", "工作"),
            lambda m, n: _edge_working_day(zh_month_of(m, n), m["e"] == "最后一个"),
        ),
        (
            gated(
                rf"(?P<y>(?:19|20)\d{{2}})年(?:的)?第(?P<wy>{_ZH_NUM})周"
                r"|第(?P<w>[5-9]|[1-4]\d|5[0-3]|[五六七八九]|[一二三四五]?十[一二三四五六七八九]?)周",
                "周",
            ),
            lambda m, n: _iso_week(
                n, zh_number(m["w"] or m["wy"]), int(m["y"]) if m["y"] else None, m.string
            ),
        ),
        (
            gated(
                r"(?P<ref>上上个?月|上个?月|这个?月|本月)?(?:的)?月结(?=时|的时候|那|前后|期间|当天)", "月结"
            ),
            lambda m, n: (
                _month_part(_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0)), "late")
                if m["ref"]
                else _latest_begun_part(n, "late")
            ),
        ),
        (r"(?<![一二三四1-4上下这本个])季(?:度)?末", lambda m, n: _quarter_end(n)),
        # 季初 said alone: this quarter's first month, as 这个季度初 (it has always begun)
        (
            r"(?<![一二三四1-4上下这本个每])季(?:度)?初(?![一二三四五六七八九十])",
            lambda m, n: _quarter_month(_quarter_from(n, 0), "early"),
        ),
        (
            gated(r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?最后一(?:个)?(?:周|星期|礼拜)", "季度"),
            lambda m, n: (
                _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[1] - d(days=7),
                _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[1],
            ),
        ),
        (
            # "上季度第一周", "本季度第一个工作日", "上个季度最后一个工作日": the quarter's first 7 days, its first / last
            # Monday-to-Friday
            gated(
                r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?(?:(?:第一|头一)(?:个)?(?P<wk>周|星期|礼拜)"
                r"|(?P<e>第一|头一|最后一)个工作日)",
                "季度",
            ),
            lambda m, n: (
                (
                    _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[0],
                    _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[0] + d(days=7),
                )
                if m["wk"]
                else _edge_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["w"]]), m["e"] == "最后一")
            ),
        ),
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
        (r"(?<!每)年中(?![午秋])", lambda m, n: _mid_year(n)),
        (r"前个月", lambda m, n: _month(n.year, n.month - 2)),
        (
            r"刚(?:结束|过去)的(?:那个|这个)?(?P<u>季度|月|礼拜|星期|周)(?![末一二三四五六日天])",
            lambda m, n: (
                _quarter_from(n, -1)
                if m["u"] == "季度"
                else _month(n.year, n.month - 1)
                if m["u"] == "月"
                else _days(_week_of(n) - d(weeks=1), 7)
            ),
        ),
        (r"刚(?:过去|过)的(?:这个|那个)?周末", lambda m, n: _weekend(n, None)),
        (
            r"(?:这个)?自然月(?:开始)?(?:到现在|至今|以来)",
            lambda m, n: _so_far(_month(n.year, n.month)[0], n),
        ),
        (
            gated(
                rf"(?P<yr>去年|今年|前年)(?:的)?(?:年底|年末|年终)?(?:的)?最后(?P<k>{_ZH_NUM})个工作[日天]",
                "工作",
            ),
            lambda m, n: _last_working_days(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), zh_number(m["k"])),
        ),
        (r"前天的前一天", lambda m, n: _days(n - d(days=3))),
        (r"昨天的前一天", lambda m, n: _days(n - d(days=2))),
        (
            gated(rf"再过(?P<k>{_ZH_NUM})个?(?:礼拜|星期|周)", "再过"),
            lambda m, n: _week_around(n + d(weeks=zh_number(m["k"]))),
        ),
        (r"上个?计薪周期|上个?考勤周期", lambda m, n: _month(n.year, n.month - 1)),
        (r"明朝(?=要|去|几|早|我|你|有|来|再|还)", lambda m, n: _days(n + d(days=1))),
        (gated(rf"再过(?P<n>{_ZH_NUM})天", "再过"), lambda m, n: _days(n + d(days=zh_number(m["n"])))),
        (
            gated(
                r"(?<![再经])过(?P<n>[两俩二三四五六七八九十])天(?=我|要|就|再|去|得|还|会|你|他|她|咱|俺)",
                "过",
            ),
            lambda m, n: _days(n + d(days=zh_number(m["n"]))),
        ),
        (r"前排(?=[我你佢他她有讲话提说係系])", lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1))),
        (
            gated(
                r"(?P<yr>今年|去年|前年)(?:的)?(?:头(?P<k>[一二三四五六两俩仨1-6])个?|前(?P<k2>[一二三四五六两俩仨1-6])个)月",
                "头",
                "前",
            ),
            lambda m, n: _first_months(n.year + _YEAR_OFFSET[m["yr"]], zh_number(m["k"] or m["k2"])),
        ),
        (
            gated(
                rf"(?P<n>{_ZH_NUM})个?(?:周|星期|礼拜)(?:之|以)?前的(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
                "前的",
            ),
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"(?:这|本)一个月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
        (
            r"(?P<yr>去年|今年|前年|明年)(?:的)?(?P<e>最后|第一)一?(?P<u>天|个?(?:周|星期|礼拜))(?![一二三四五六日天末])",
            lambda m, n: _end_of_year(n.year + _YEAR_OFFSET[m["yr"]], m["e"] == "第一", m["u"] != "天"),
        ),
        (r"前个(?:礼拜|星期|周)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            r"(?:这|本)一(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])(?!以来)",
            lambda m, n: _days(_week_of(n), 7),
        ),
        (
            r"(?P<r>上|下)(?:个)?(?:周|星期|礼拜)的?(?:这个时候|这时候|这会儿|今天|今日)",
            lambda m, n: _days(n + d(weeks=1 if m["r"] == "下" else -1)),
        ),
        (
            r"刚过去的(?:这个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_past_weekday(n - d(days=1), _ZH_WEEKDAYS[m["w"]])),
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
            lambda m, n: _month_part(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), "last week"),
        ),
        (
            gated(r"(?P<n>俩|仨|两个?|三个?|二)周末(?:之|以)?前", "周末"),
            lambda m, n: _weekend(n, -zh_number(m["n"].removesuffix("个"))),
        ),
        (
            gated(rf"(?:过去|最近|近)(?P<n>{_ZH_NUM})(?:个)?小时", "小时"),
            lambda m, n: (_day(n - d(hours=min(zh_number(m["n"]), 24 * 366))), _day(n) + d(days=1)),
        ),
        (
            r"(?P<yr>去年|今年|明年|前年)(?:的)?(?P<s>春天|夏天|秋天|冬天|春季|夏季|秋季|冬季|[春夏秋冬]上(?![来去班学课市网])|[春秋]里)"
            r"|(?:刚过去的|这个|刚刚过去的)(?:这个)?(?P<s2>春天|夏天|秋天|冬天)",
            lambda m, n: _zh_season(m, n),
        ),
        (
            r"(?P<yr>去年|今年|明年)?开春",
            lambda m, n: (
                _month(n.year + {"去年": -1, "今年": 0, "明年": 1}[m["yr"]], 3)
                if m["yr"]
                else _past_month(n, 3)
            ),
        ),
        (
            r"(?<![\d一二两三四五六七八九十几多去今明前后半])年(?P<w>前|后)(?![\d一二两三四五六七八九十])",
            lambda m, n: holidays.latest("twelfth lunar month" if m["w"] == "前" else "first lunar month", n),
        ),
        (
            r"(?P<m>腊月|正月)(?P<part>初|中旬|底|末|尾)(?!一|二|三|四|五|六|七|八|九|十)",
            lambda m, n: _month_part(
                holidays.latest("twelfth lunar month" if m["m"] == "腊月" else "first lunar month", n),
                _ZH_PARTS[m["part"]],
            ),
        ),
        (
            r"(?P<w>这|本|上)(?:个|一个)?学期",
            lambda m, n: _semester(n, 1 if m["w"] == "上" else 0),
        ),
        (
            gated(r"(?P<s>秋季|春季)学期", "学期"),
            lambda m, n: _named_semester(n, autumn=m["s"] == "秋季"),
        ),
        (
            r"(?P<yr>去年|今年|前年)?(?:的)?(?P<b>寒假|暑假)",
            lambda m, n: (
                _break_of(n.year + _YEAR_OFFSET[m["yr"]], 1 if m["b"] == "寒假" else 7)
                if m["yr"]
                else _school_break(n, 1 if m["b"] == "寒假" else 7)
            ),
        ),
        (r"(?:最近|过去|近|这)(?:的|这)?半个月(?!前|以前|之前)", lambda m, n: _rolling(n, 15)),
        (r"(?:最近|过去|近)(?:的)?(?:这)?半年", lambda m, n: _rolling(n, 180)),
        (r"(?:最近|过去|近)(?:的)?(?:这)?一个半月", lambda m, n: _rolling(n, 45)),
        (
            r"(?P<yr>去年|今年)?(?P<d>618|双十一|双11)(?:大促)?那(?:一)?(?:周|个?礼拜|个?星期)",
            lambda m, n: _days(
                _week_of(
                    _month_day(
                        n, 6 if m["d"] == "618" else 11, 18 if m["d"] == "618" else 11, _year_word(m["yr"], n)
                    )[0]
                ),
                7,
            ),
        ),
        (
            gated(rf"{zh_month}(?:的)?(?:头|前)(?P<k>[两俩仨二三四五六七八九十1-9]|十[一二三四五])天", "天"),
            lambda m, n: _month_ends(zh_month_of(m, n), zh_number(m["k"]), True),
        ),
        (r"半年(?:之|以)?前", lambda m, n: _month(n.year, n.month - 6)),
        (
            r"(?P<m>腊月|正月)(?P<dd>初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?|三十)",
            lambda m, n: holidays.day_of(
                holidays.latest("twelfth lunar month" if m["m"] == "腊月" else "first lunar month", n),
                zh_number(m["dd"].removeprefix("初")),
            ),
        ),
        (r"一个月(?:之|以)?前的今(?:天|日)", lambda m, n: _days(_same_day(n, -1))),
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
        (r"上(?:个)?(?:周|星期|礼拜)的?今(?:天|日)", lambda m, n: _days(n - d(days=7))),
        (
            rf"(?:接下来|未来|往后|之后)(?:的)?(?P<n>{_ZH_NUM})天",
            lambda m, n: (_day(n), _day(n) + d(days=zh_number(m["n"]))),
        ),
        (r"旧年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (r"出年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (
            r"(?:今|呢)(?:个)?月",
            lambda m, n: _month(n.year, n.month),
        ),
        (r"(?:今|呢)(?:个)?(?:礼拜|星期)(?![一二三四五六日天])", lambda m, n: _days(_week_of(n), 7)),
        (
            r"(?P<yr>去年|今年)?第(?P<q>[一二三四1-4])季(?![度剧集节播])|上一?季(?![度剧集节播])",
            lambda m, n: (
                _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n))
                if m["q"]
                else _quarter_from(n, -1)
            ),
        ),
        (
            r"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?P<u>(?i:week|weekend|month|quarter|q))(?![A-Za-z])",
            lambda m, n: _mixed_unit(m["w"], m["u"].lower(), n),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})天(?:之|以)?后", "后"),
            lambda m, n: _days(n + d(days=zh_number(m["n"]))),
        ),
        (
            rf"{zh_month}(?:的)?刚?(?:{zh_part})",
            lambda m, n: _month_part(zh_month_of(m, n), _part_name(m["part"], m["wk"], bool(m["lastwk"]))),
        ),
        (
            r"(?P<part>月初|月头|月中|月底|月末|月尾|上旬|中旬|下旬)",
            lambda m, n: _latest_begun_part(n, _ZH_PARTS[m["part"]]),
        ),
        (
            rf"(?P<yr>去年|今年|前年|旧年|明年|出年)(?:的)?(?P<mo>{_ZH_NUM})月(?:份)?",
            lambda m, n: _named_month(n, zh_number(m["mo"]), m["yr"]),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年|明年|出年|(?:19|20)\d{2}年)?(?:的)?(?P<part>年初|年头|年底|年末|年尾|上半年|下半年)",
            _zh_year_part,
        ),
        (
            r"(?P<yr>去年|今年|前年)(?:的)?(?P<part>前|后|头)半年",
            lambda m, n: _year_part(
                n.year + _YEAR_OFFSET[m["yr"]], _ZH_YEAR_PARTS["下半年" if m["part"] == "后" else "上半年"]
            ),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年)(?P<part>初(?![一二三四五六七八九十])|头(?![发疼痛])|底|末|尾)",
            lambda m, n: _year_part(n.year + _YEAR_OFFSET[m["yr"]], _ZH_YEAR_PARTS["年" + m["part"]]),
        ),
        (
            r"(?P<w>上上|大上|上|这|本|下下|下)?(?:个)?周末",
            lambda m, n: _weekend(n, _ZH_WEEKS[m["w"]] if m["w"] else None),
        ),
        (
            r"(?P<which>上上|大上|下下|下|前(?=个))(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["which"]], days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (
            rf"(?:最近|过去|近)(?:的|这)?(?P<n>{_ZH_NUM})?(?:个)?(?P<u>周|星期|礼拜|月|年|季度)",
            lambda m, n: _rolling(n, (zh_number(m["n"]) if m["n"] else 1) * _UNIT_DAYS[m["u"]]),
        ),
        (
            r"(?<!提)(?:前几天|前些天|前两天)|早两天|早几天|头两天|头几天|这两天前|日前",
            lambda m, n: (_day(n) - d(days=5), _day(n)),
        ),
        (r"(?:这|呢)一?两(?:天|日)(?!后)", lambda m, n: (_day(n) - d(days=1), _day(n) + d(days=1))),
        (r"今明两?天", lambda m, n: _days(n, 2)),
        (r"明后(?:两)?天", lambda m, n: _days(n + d(days=1), 2)),
        (r"半个月(?:之|以)?前", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            r"(?P<w>上|这|本)(?:个)?(?:周|星期|礼拜)六日",
            lambda m, n: _days(_week_of(n) + d(weeks=-(m["w"] == "上"), days=5), 2),
        ),
        (r"后儿个|后儿(?!子)", lambda m, n: _days(n + d(days=2))),
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
                    _day(n) - d(days=zh_number(m["b"])),
                    _day(n) - d(days=zh_number(m["a"]) - 1),
                )
                if zh_number(m["b"]) > zh_number(m["a"])
                else _no_time("not a span of days")
            ),
        ),
        (
            rf"(?P<y>(?:19|20)\d{{2}})年(?P<mo>{_ZH_NUM})月(?:(?P<dd>{_ZH_NUM})[日号]|份)?"
            r"(?:的)?(?P<part>月初|月头|月中|月底|月末|月尾|上旬|中旬|下旬|初|底|末|尾)?(?![一二三四五六七八九十\d])",
            lambda m, n: (
                _days(datetime(int(m["y"]), zh_number(m["mo"]), zh_number(m["dd"])))
                if m["dd"]
                else _month_part(_month(int(m["y"]), zh_number(m["mo"])), _ZH_PARTS[m["part"]])
                if m["part"]
                else _month(int(m["y"]), zh_number(m["mo"]))
            ),
        ),
        (
            r"(?P<yr>去年|今年|前年|旧年)(?:的)?最后(?:一|那)个月",
            lambda m, n: _month(n.year + _YEAR_OFFSET[m["yr"]], 12),
        ),
        (r"^早上(?=我|你|跟|说|的|那|俺|咱|他|她)", lambda m, n: _days(n)),
        (
            # another part of the day said first, of something said then ("晌午我跟你讲的菜谱"): today
            r"^(?:早晨|清早|上午|晌午|中午|下午|傍晚|头晌|前晌|后晌|[上下前后]半晌|傍黑|擦黑|头午|过晌|前晌午|晌午头)(?=(?:我|你|俺|咱)(?:跟|和|给|对)?(?:你|我|俺|咱)?(?:讲|说|提|聊|发|问))",
            lambda m, n: _days(n),
        ),
        (
            rf"(?P<w>上上|上|这|本|下下|下)\s*个?\s*(?:周|礼拜|星期)?\s*(?P<d>(?i:{_ANY_WEEKDAY}))\b",
            lambda m, n: _days(_week_of(n) + d(weeks=_ZH_WEEKS[m["w"]], days=_weekday(m["d"]))),
        ),
        (r"大大前天", lambda m, n: _days(n - d(days=4))),
        (r"(?:等下|等一下|等会儿?|待会儿?)(?=要|去|就|再|我|你|他|她|得|还)", lambda m, n: _days(n)),
        (
            r"大年初(?P<d>[四五六七])",
            lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
        ),
        (r"大前天|大前儿(?:个)?|大前日", lambda m, n: _days(n - d(days=3))),
        (r"(?:这|本)一?整个?月(?!以来|来)", lambda m, n: _month(n.year, n.month)),
        (
            r"(?:这|本|今)一?整年(?!以来|来)",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
        ),
        (r"(?:这|本)一?整个?(?:星期|礼拜|周)(?![一二三四五六日天末])", lambda m, n: _days(_week_of(n), 7)),
        (
            r"前天|(?<![这那哪])前儿个|(?<![这那哪])前儿(?!子)|(?<![日以之提])前日(?!本)",
            lambda m, n: _days(n - d(days=2)),
        ),
        (
            r"昨天|昨日|昨晚|昨夜|昨儿|昨个|夜来(?!香|风雨)|夜儿个|夜个儿?|[琴寻]日|[琴寻]晚|昨末子|昨昏",
            lambda m, n: _days(n - d(days=1)),
        ),
        (
            r"今天|今日|今早|今晚|刚才|刚刚|今儿|今们儿|今个儿?(?![月礼星季时])|头先|今朝|今末(?!尾)|啱啱|啱先",
            lambda m, n: _days(n),
        ),
        (r"前晚", lambda m, n: _days(n - d(days=2))),
        (r"明天|明儿|明个儿?|听日|明早|明晚|明日(?![之香方报])", lambda m, n: _days(n + d(days=1))),
        (r"(?<![以之今])后日", lambda m, n: _days(n + d(days=2))),
        (r"大后天", lambda m, n: _days(n + d(days=3))),
        (r"后天", lambda m, n: _days(n + d(days=2))),
        (
            r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?:的)?早(?:些|点|一点)(?:时候)?",
            lambda m, n: _so_far(_week_of(n), n),
        ),
        (
            r"(?:这|本)(?:个)?月(?:的)?早(?:些|点|一点)(?:时候)?",
            lambda m, n: _so_far(_month(n.year, n.month)[0], n),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度",
                "季度",
            ),
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)),
        ),
        (
            gated(r"(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度", "季度"),
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"]]),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})[天日](?:之|以)?前", "前"),
            lambda m, n: _days(n - d(days=zh_number(m["n"]))),
        ),
        (
            rf"(?:最近|过去|近)(?:的)?(?:这)?(?P<n>{_ZH_NUM})[天日]",
            lambda m, n: (_day(n) - d(days=zh_number(m["n"]) - 1), _day(n) + d(days=1)),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?前", "前"),
            lambda m, n: _days(_week_of(n) - d(weeks=zh_number(m["n"])), 7),
        ),
        (
            r"(?:上上|大上)(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (r"下下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + d(weeks=2), 7)),
        (
            r"上一?(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) - d(weeks=1) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"上一?(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (
            r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_week_of(n) + d(days=_ZH_WEEKDAYS[m["w"]])),
        ),
        (r"(?:这|本)(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n), 7)),
        (r"下(?:个)?(?:周|星期|礼拜)", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
        (
            r"(?:周|星期|礼拜)(?P<w>[一二三四五六日天])",
            lambda m, n: _days(_past_weekday(n, _ZH_WEEKDAYS[m["w"]])),
        ),
        (
            gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?前", "月"),
            lambda m, n: _month(n.year, n.month - zh_number(m["n"] or m["n2"])),
        ),
        (r"(?:上上|大上)个?月", lambda m, n: _month(n.year, n.month - 2)),
        (r"上一?(?:个)?月", lambda m, n: _month(n.year, n.month - 1)),
        (r"(?:这|本)(?:个)?月", lambda m, n: _month(n.year, n.month)),
        (r"下(?:个)?月", lambda m, n: _month(n.year, n.month + 1)),
        (r"明年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
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
                _season_of(n.year - zh_number(m["n"]), _ZH_SEASONS[m["s"]])
                if m["s"]
                else _break_of(n.year - zh_number(m["n"]), 1 if m["b"] == "寒假" else 7)
            ),
        ),
        (r"前年", lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1))),
        (r"去年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (
            r"今年(?!\s*(?:才|刚|已经|都)?\s*(?:[0-9]+|[一二两三四五六七八九十]+)[几多]?\s*(?:周)?(?:岁|了|啦))"
            r"(?!\s*(?:几岁|几多岁|多大|多少岁|有几岁|有多大))"
            # an age said without 岁 ("老伴今年七十三 能办老年卡不", "他今年八十多，"): a count of ten or more alone
            r"(?!\s*(?:俺|我|他|她|咱)?(?:才|刚|已经|都|也|满|快|虚岁|周岁|整)?\s*"
            r"(?:[1-9][0-9]|[二三四五六七八九]?十[一二三四五六七八九]?|一百[零一二三四五六七八九十]*)"
            r"(?:多|来|出头|好几|有[一二三四五六七八九])?(?:[\s，,。！!？?、了岁]|$))",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
        ),
        (
            r"(?P<y>\d{4})年(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号]",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            r"(?<![\d一二三四五六七八九十])(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月初?"
            rf"(?P<dd>{_ZH_DAY}|[12]\d|3[01]|[1-9])"
            r"(?=那|当天|的时候|前后|左右|之前|之后|以前|以后|晚上|早上|上午|下午|中午|买|去|来|到|下单|发|寄|交|办|见|回"
            r"|$|[\s，。,.?？!！、])",
            lambda m, n: _days(_past_month(n, zh_number(m["mo"]))[0].replace(day=zh_number(m["dd"]))),
        ),
        (
            gated(
                r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)?(?:的)?第?(?P<q>[一二三四1-4])季度(?:的)?"
                r"(?P<part>末|底|尾|初|头|最后一个月|头一个月|第一个月)"
                r"|(?P<w>上上|上|这|本|下)(?:一)?(?:个)?季度(?:的)?(?P<part2>末|底|尾|初|头|最后一个月|头一个月|第一个月)",
                "季度",
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n))
                if m["q"]
                else _quarter_from(n, _QUARTER_OFFSETS[m["w"]]),
                _QUARTER_PARTS[m["part"] or m["part2"]],
            ),
        ),
        (
            gated(rf"(?P<n>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)(?:之|以)?后", "后"),
            lambda m, n: _week_around(n + d(weeks=zh_number(m["n"]))),
        ),
        (
            gated(rf"(?:(?P<n>{_ZH_NUM})个|(?P<n2>俩|仨))月(?:之|以)?后", "后"),
            lambda m, n: _month(n.year, n.month + zh_number(m["n"] or m["n2"])),
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
        (r"(?P<y>\d{4})年(?P<mo>\d{1,2})月", lambda m, n: _month(int(m["y"]), int(m["mo"]))),
        (
            r"(?<!\d)(?P<y>[12]\d)年(?P<mo>1[0-2]|[1-9])月(?:(?P<dd>3[01]|[12]\d|[1-9])[号日])?",
            lambda m, n: (
                _days(datetime(2000 + int(m["y"]), int(m["mo"]), int(m["dd"])))
                if m["dd"]
                else _month(2000 + int(m["y"]), int(m["mo"]))
            ),
        ),
        (r"(?P<y>\d{4})年", lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1))),
        (
            r"(?P<mo>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:份)?(?!天)",
            lambda m, n: _past_month(n, zh_number(m["mo"])),
        ),
        (
            r"最近|近来|近期|这几天|这些天|这阵子|前阵子|前一阵子?|早排|呢排|近排|前些日子|这些日子|前些时候",
            lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1)),
        ),
        # the twenty-sixth round, offices: "上一期周报", "本期月报", "上期季报" — the period the report covers
        (
            gated(r"(?P<w>上上|上|本|这|当|下)一?期(?:的)?(?P<k>周报|月报|季报|季度报告|年报|日报)", "期"),
            lambda m, n: _report_period(n, {"上上": -2, "上": -1, "下": 1}.get(m["w"], 0), m["k"]),
        ),
        # "去年年中盘点", "今年年中": June and July of the year named
        (
            gated(r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)(?:的)?年中(?![午秋])", "年"),
            lambda m, n: (
                datetime(_year_word(m["yr"], n) or n.year, 6, 1),
                datetime(_year_word(m["yr"], n) or n.year, 8, 1),
            ),
        ),
        # "未来五个工作日", "接下来三个工作日", "之后两个工作日": today (when a working day) and the ones after
        (
            gated(rf"(?:未来|接下来|往后|之后|后面|今后)(?:的)?(?:这)?(?P<n>{_ZH_NUM})个工作[日天]", "工作"),
            lambda m, n: _working_days_ahead(n, zh_number(m["n"])),
        ),
        # "年货节期间的销量": the shopping festival before the new year, as 腊月 (年前)
        (
            gated(r"(?<!每年)(?<!每年的)(?<!每逢)年货节", "年"),
            lambda m, n: holidays.latest("twelfth lunar month", n),
        ),
        # "年后开工第一天", "春节后开工第一周": the first working day after 春节's days, its calendar week
        (
            gated(
                r"(?P<yr>去年|今年)?(?:的)?(?:(?:春节后?|过年后|年后|过完年|开年)(?:的)?(?:复工|开工)(?:后)?|年后|过完年|开年)"
                r"(?:的)?(?:(?P<day>第一天|当天|那天|首日|头一天)|(?P<wk>第一周|第一个?(?:礼拜|星期)|头一周))",
                "工",
                "年",
            ),
            lambda m, n: (_week_around if m["wk"] else _days)(
                _days_from_holiday(_holiday("spring festival", m["yr"], n), None, "后第一个工作日")[0]
            ),
        ),
        # "2026W14", "2026-W14", "2026年W14": that ISO week
        (
            gated(r"(?<!\d)(?P<y>(?:19|20)\d{2})(?:年|-)? ?(?:第)?[Ww](?P<w>[0-5]?\d)(?!\d)", "@digitword"),
            lambda m, n: _iso_week(n, int(m["w"]), int(m["y"]), m.string),
        ),
        # "上周最后一个工作日", "下周第一个工作日": that week's Friday / Monday
        (
            gated(
                r"(?P<ref>上上|上|这|本|下下|下)(?:个)?(?:周|星期|礼拜)(?:的)?(?P<e>最后一个|第一个|头一个)工作[日天]",
                "工作",
            ),
            lambda m, n: _days(
                _week_of(n) + d(weeks=_ZH_WEEKS[m["ref"]], days=4 if m["e"] == "最后一个" else 0)
            ),
        ),
        # "前三季度", "今年前三季度", "2026年前两个季度": Q1 to that quarter
        (
            gated(r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?前(?P<k>[二两三2-3])(?:个)?季度", "季度"),
            lambda m, n: _first_quarters(n, zh_number(m["k"]), _year_word(m["yr"], n)),
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
        # "本学期第三周": the semester's third seven days from its start (as "the second week of September")
        (
            gated(
                rf"(?P<w>这|本|上)(?:个|一个)?学期(?:的)?第(?P<k>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)", "学期"
            ),
            lambda m, n: _days(
                _semester(n, 1 if m["w"] == "上" else 0)[0] + d(weeks=zh_number(m["k"]) - 1),
                7,
            ),
        ),
        # "下个工作日", "下一工作日": the next Monday to Friday after today (as 下一个工作日)
        (r"下(?:个|一)工作[日天]", lambda m, n: _next_working_day(n)),
        # "上月同期", "上周同期": last month / week from its start to today's counterpart
        (
            r"(?P<u>上个?月|上周|上个?星期|上个?礼拜)(?:的)?同期",
            lambda m, n: _to_date_back(n, "month" if "月" in m["u"] else "week"),
        ),
        # "季中复盘": this quarter's middle month (when begun, else last quarter's)
        (
            gated(r"(?<![每四换])(?:本|这个?)?季中(?![心国午间旬])", "季中"),
            lambda m, n: _quarter_part_begun(n, "mid"),
        ),
        # "上个半年": the half-year before this one (as "the previous half")
        (
            r"上一?个半年(?!度)",
            lambda m, n: (
                _year_part(n.year - 1, "second half") if n.month <= 6 else _year_part(n.year, "first half")
            ),
        ),
        # "最近一个迭代", "最近的sprint": the latest sprint, whose length is unknown — no range
        (
            gated(r"最近(?:的)?(?:一|这)?(?:个)?\s?(?:迭代|冲刺|[Ss]print|SPRINT)", "迭代", "冲刺", "sprint"),
            lambda m, n: _no_time("a sprint's length is unknown"),
        ),
        # "618的销量", "618 sale": 18 June, the latest begun
        (
            gated(
                r"(?<![\d./])618(?=的|\s?(?:大促|购物节|活动|销量|销售|订单|战报|复盘|预售|期间|sale|promo|GMV))",
                "618",
            ),
            lambda m, n: _holiday("618", None, n),
        ),
    ]
    en_parts = "|".join(sorted((re.escape(p) for p in _EN_PARTS), key=len, reverse=True))

    def en_month_of(m: re.Match[str], n: datetime) -> tuple[datetime, datetime]:
        ref = m["ref"].lower()
        if m["mo"]:
            return (
                _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()])
                if m["y"]
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            )
        return _month(
            n.year,
            n.month
            + {"last month": -1, "the last month": -1, "this month": 0, "next month": 1}.get(
                ref.replace("lst", "last"), 0
            ),
        )

    en_month = rf"(?P<ref>last month|the last month|this month|next month|the month|(?P<mo>{_MONTH_NAMES})(?: (?P<y>\d{{4}}))?)"
    en_holidays = "|".join(sorted((re.escape(n) for n in holidays.EN_NAMES), key=len, reverse=True))
    abbreviations = "|".join(sorted(_EN_WEEKDAY_ABBREVIATIONS, key=len, reverse=True))
    en: list[tuple[str, Build]] = [
        (
            # "yesterday and today", "today & tomorrow", "yesterday and the day before": both days
            gated(
                rf"\b(?P<a>{_EN_DAY_WORDS})\s*(?:and|&|\+)\s*(?P<b>{_EN_DAY_WORDS}|the day (?:before|after))\b",
                "yesterday",
                "today",
                "tomorrow",
            ),
            lambda m, n: _day_pair(n, _EN_DAY_OFFSETS[m["a"].lower()], _en_day_after(m["a"], m["b"])),
        ),
        (
            gated(
                rf"\b(?:(?P<yr>last year(?:'?s)?|this year'?s|next year'?s|(?:19|20)\d{{2}}'?s?)\s+"
                r"|(?P<which>this coming|the coming|the upcoming|upcoming|next|this|last)\s+)?"
                rf"(?P<h>{en_holidays})\b(?! (?:presents|gifts|shopping|cards|decorations|lights|tree|budget|list|concert|photos|pictures|play|fair|market|jumpers?|bonus|decor|costumes?|clothes|outfits?|sweets|hampers?|(?:window )?(?:decals|signage|banners?|posters?|stickers?|ornaments?|wreaths?|inflatables?))\b)"
                r"(?:\s+(?P<yr2>last year|this year|next year|(?:19|20)\d{2})|(?P<bl>\s+before last))?",
                *_EN_HOLIDAY_WORDS,
                *_VESAK_WORDS,
            ),
            lambda m, n: (
                holidays.latest(
                    holidays.EN_NAMES[m["h"].lower()],
                    n,
                    holidays.latest(holidays.EN_NAMES[m["h"].lower()], n)[0].year - 1,
                )
                if m["bl"]
                else _holiday(
                    holidays.EN_NAMES[m["h"].lower()], m["yr"] or m["yr2"], n, _clause(m), m["which"]
                )
            ),
        ),
        (
            gated(
                rf"\b(?:on|since) (?P<w>{abbreviations})\b{NOT_A_SHORT_DAY}\.?|\b(?P<w2>{_ANY_WEEKDAY})\.? (?:morning|afternoon|evening|night)\b",
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
                r"\b(?:on|since|(?:on or )?after|around|about|from(?= the \d{1,2}(?:st|nd|rd|th)\b(?! (?:to|till|until|through|thru|and)\b))|(?:the )?(?:night|morning|evening|afternoon) of) (?:the )?"
                r"(?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b"
                r"(?! (?:of |half|quarter|week|floor|time|place|row|gear|street|st\b|avenue|ave\b|road|rd\b|grade|birthday))"
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
        (r"\bthe day after next\b", lambda m, n: _days(n + d(days=2))),
        (
            gated(
                rf"\b(?:from )?(?P<a>{_ANY_WEEKDAY})\.? ?(?:to|through|thru|till|until|-|–) ?(?P<b>{_ANY_WEEKDAY})\b\.?"
                r"(?:\s+(?:of\s+)?(?:the\s+)?(?P<w>last|this|next)\s+week)?",
                *("to", "thr", "till", "until", "-", "–"),
            ),
            lambda m, n: _weekday_span(n, _weekday(m["a"]), _weekday(m["b"]), m["w"]),
        ),
        (
            r"\b(?:last to last|previous to previous) week\b",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            r"\bnext to next week\b|\bnext next week\b|\bthe week after the next(?: week)?\b",
            lambda m, n: _days(_week_of(n) + d(weeks=2), 7),
        ),
        (
            r"\b(?:last to last|previous to previous) month\b|\bthe month before (?:the )?last(?: one| month)?\b",
            lambda m, n: _month(n.year, n.month - 2),
        ),
        (
            r"\bthe week before (?:the )?last week\b",
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            r"\bthe (?:week that (?:passed|has passed|just passed)|passed week)\b",
            lambda m, n: _days(_week_of(n) - d(weeks=1), 7),
        ),
        (r"\b(?:last to last|previous to previous) year\b", lambda m, n: _whole_year(n.year - 2)),
        (
            gated(
                r"\b(?:in |during |on )?(?:the )?(?P<o>first|last|final) (?P<u>day|week) of "
                r"(?:(?P<ref>last|this|next) year|the year|(?P<y>(?:19|20)\d{2}))\b",
                "week of",
                "day of",
            ),
            lambda m, n: _end_of_year(
                int(m["y"]) if m["y"] else n.year + _QUARTER_OFFSETS[(m["ref"] or "this").lower()],
                m["o"].lower() == "first",
                m["u"].lower() == "week",
            ),
        ),
        (
            gated(
                r"\b(?:on )?the (?P<o>1st|first|2nd|second|3rd|third) day of (?:cny|chinese new year|lunar new year)\b",
                "day of",
            ),
            lambda m, n: holidays.day_of(
                holidays.latest("first lunar month", n), _WEEK_ORDINALS[m["o"].lower()]
            ),
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
            gated(
                r"\b(?P<w>in|during|over|this|last|l(?:a)?st|next|this past|past) (?:the )?(?P<s>spring|summer|fall|autumn|winter)\b"
                r"(?! (?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)"
                r"(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
                *("spring", "summer", "fall", "autumn", "winter"),
            ),
            lambda m, n: (
                _season_of(int(m["y"]), m["s"].lower())
                if m["y"]
                else _en_season(n, m["s"].lower(), m["w"].lower())
            ),
        ),
        (
            # "term" only after this / last ("the last term of the series" is no semester)
            gated(
                r"\b(?P<w>this|last|l(?:a)?st|previous) semester\b|(?<!the )\b(?P<w2>this|last) term\b",
                "semester",
                "term",
            ),
            lambda m, n: _semester(n, 0 if (m["w"] or m["w2"]).lower() == "this" else 1),
        ),
        (
            gated(
                r"\b(?:the |over |during )*(?:summer|winter) (?:break|vacation|holidays?)\b",
                "summer",
                "winter",
            ),
            lambda m, n: _school_break(n, 7 if "summer" in m.group(0).lower() else 1),
        ),
        (
            gated(rf"\b(?:the )?last day of (?P<mo>{_MONTH_NAMES})\b", "@month"),
            lambda m, n: _days(_past_month(n, _EN_MONTHS[m["mo"].lower()])[1] - d(days=1)),
        ),
        (
            gated(
                r"\b(?:the |during the )?(?:previous|preceding|prior) (?:calendar )?week\b|\bprev week\b"
                r"|\bthe week just gone\b",
                *("prev", "preceding", "prior", "just gone"),
            ),
            lambda m, n: _days(_week_of(n) - d(weeks=1), 7),
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
                r"\b(?:the )?(?:previous|preceding|prior) (?:fiscal |financial )?year\b|\blast (?:fiscal|financial) year\b",
                *("prev", "preceding", "prior", "fiscal", "financial"),
            ),
            lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1)),
        ),
        (
            gated(
                r"\b(?:the )?(?:final|last) (?P<u>quarter|month) of (?P<ref>last year|this year|(?P<y>(?:19|20)\d{2}))\b",
                "quarter",
                "month",
            ),
            lambda m, n: (
                _quarter(_year_word(m["ref"], n) or n.year, 4)
                if m["u"].lower() == "quarter"
                else _month(_year_word(m["ref"], n) or n.year, 12)
            ),
        ),
        (
            gated(r"\bmid[- ]?q(?P<q>[1-4])\b", "mid"),
            lambda m, n: _month(
                _latest_quarter(n, int(m["q"]))[0].year, _latest_quarter(n, int(m["q"]))[0].month + 1
            ),
        ),
        (
            gated(r"\b(?:the )?prior quarter\b", "quarter"),
            lambda m, n: _quarter_from(n, -1),
        ),
        (
            r"\bmonth[- ]to[- ]date\b|\bmtd\b|\bquarter[- ]to[- ]date\b|\bqtd\b|\bweek[- ]to[- ]date\b|\bwtd\b"
            r"|\bhalf[- ]to[- ]date\b|\bhtd\b",
            lambda m, n: _so_far(
                _month(n.year, n.month)[0]
                if m.group(0).lower().startswith("m")
                else _week_of(n)
                if m.group(0).lower().startswith("w")
                else datetime(n.year, 1 if n.month <= 6 else 7, 1)
                if m.group(0).lower().startswith("h")
                else _quarter_from(n, 0)[0],
                n,
            ),
        ),
        (
            gated(
                r"\b(?:in |during )?the (?P<o>opening|first|closing|last|final) (?:week|(?P<k>two|2|three|3) weeks) of "
                r"(?:(?P<q>q[1-4])|(?P<ref>this|last|next|the) quarter)\b",
                "week of",
                "weeks of",
            ),
            lambda m, n: _month_ends(
                _latest_quarter(n, int(m["q"][1]))
                if m["q"]
                else _quarter_from(n, _QUARTER_OFFSETS.get(m["ref"].lower(), 0)),
                7 * (en_number(m["k"].lower()) if m["k"] else 1),
                m["o"].lower() in ("opening", "first"),
            ),
        ),
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
            gated(r"\b(?:the )?(?:previous|last|prior) half(?: year)?\b(?! of\b)", "half"),
            lambda m, n: (
                (datetime(n.year - 1, 7, 1), datetime(n.year, 1, 1))
                if n.month <= 6
                else (datetime(n.year, 1, 1), datetime(n.year, 7, 1))
            ),
        ),
        (
            gated(r"\b(?:the )?next (?:business|working|biz) day\b", "next"),
            lambda m, n: _next_working_day(n),
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
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s back\b", "s back"),
            lambda m, n: _days(
                _past_weekday(n - d(days=1), _weekday(m["w"])) - d(weeks=en_number(m["n"]) - 1)
            ),
        ),
        (
            gated(rf"\blast (?P<w>{_ANY_WEEKDAY}) but one\b", "but one"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - d(weeks=1)),
        ),
        (
            gated(r"\b(?:a |one )?fortnight back\b", "fortnight"),
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (r"\b(?:in |over |during )?last fortnight\b", lambda m, n: _rolling(n, 14)),
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
                r"\b(?:within |in |during |over )?the (?:last|past|preceding|previous|prior) (?P<n>\d+|"
                r"two|three|four|five|six|seven|eight|nine|ten|fourteen|thirty|sixty|ninety) days\b",
                *("last", "past", "preceding", "previous", "prior", "lst"),
            ),
            lambda m, n: _rolling(n, _EN_DAY_COUNTS.get(m["n"].lower()) or en_number(m["n"])),
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
            gated(
                rf"\b(?:on|of) (?P<dd>1[3-9]|2\d|3[01])/(?P<mo>1[0-2]|0?[1-9])(?![\d/]){_NOT_A_FRACTION}", "/"
            ),
            lambda m, n: _month_day(n, int(m["mo"]), int(m["dd"])),
        ),
        (r"\b(?:this|the same|same) time last week\b", lambda m, n: _days(n - d(weeks=1))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|weeks?) from (?:now|today)\b", "from"),
            lambda m, n: _days(
                n + d(days=en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1))
            ),
        ),
        (r"\bytd\b|\byear to date\b", lambda m, n: _so_far(datetime(n.year, 1, 1), n)),
        (
            r"\b(?:back )?in '(?P<yy>\d{2})\b",
            lambda m, n: (datetime(2000 + int(m["yy"]), 1, 1), datetime(2001 + int(m["yy"]), 1, 1)),
        ),
        (
            gated(rf"\b(?:during |in )?the week of (?P<h>{en_holidays})\b", "week of"),
            lambda m, n: _days(_week_of(_holiday(holidays.EN_NAMES[m["h"].lower()], None, n)[0]), 7),
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
        (r"\bthe night before last\b", lambda m, n: _days(n - d(days=2))),
        (
            r"\b(?:the )?(?:last|previous) (?:business|working) day\b",
            lambda m, n: _last_business_day(n),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?) back\b", "back"),
            lambda m, n: (
                _days(_week_of(n) - d(weeks=en_number(m["n"])), 7)
                if m["u"].lower().startswith("week")
                else _month(n.year, n.month - en_number(m["n"]))
            ),
        ),
        (
            gated(r"\b(?:in |during )?(?:all of|throughout) (?P<y>(?:19|20)\d{2})\b", "all of", "throughout"),
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (
            gated(
                r"(?:(?P<yr0>去年|今年|前年|(?:19|20)\d{2}年?)\s*(?:的)?\s*)?\bh(?P<h>[12])\b"
                r"(?:\s*(?:of\s+)?(?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "h1",
                "h2",
            ),
            lambda m, n: (
                _year_part(
                    _year_word(m["yr"] or m["yr0"], n) or n.year,
                    "second half" if m["h"] == "2" else "first half",
                )
                if m["yr"] or m["yr0"] or m["h"] == "1" or n.month >= 7
                else _year_part(n.year - 1, "second half")
            ),
        ),
        (
            gated(rf"\b(?:in |during )?{en_month} (?P<h>first|1st|second|2nd) half\b", "half"),
            lambda m, n: _month_half(en_month_of(m, n), m["h"].lower() in ("second", "2nd")),
        ),
        (
            gated(
                rf"\b(?:in |during )?(?:the )?(?P<h>first|1st|second|2nd|back|front|latter) half of {en_month}\b",
                "half",
            ),
            lambda m, n: _month_half(
                en_month_of(m, n), m["h"].lower() in ("second", "2nd", "back", "latter")
            ),
        ),
        (
            gated(
                r"\b(?:in |during )?(?:the )?(?P<h>1st|2nd) half of (?P<ref>last year|this year|(?P<y>(?:19|20)\d{2}))\b",
                "half",
            ),
            lambda m, n: _year_part(
                int(m["y"]) if m["y"] else n.year + _YEAR_OFFSET[m["ref"].lower().replace("lst", "last")],
                "first half" if m["h"].lower() == "1st" else "second half",
            ),
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
        (r"\bleap day\b", lambda m, n: _latest_leap_day(n)),
        (
            gated(
                rf"\b(?:in |during )?the (?:last|final) (?P<k>two|2|three|3) weeks of {en_month}\b",
                "weeks of",
            ),
            lambda m, n: (en_month_of(m, n)[1] - d(weeks=en_number(m["k"])), en_month_of(m, n)[1]),
        ),
        (gated(r"\b(?:in |at |around )?mid[- ]?month\b", "mid"), lambda m, n: _latest_begun_part(n, "mid")),
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
            lambda m, n: (_day(n), _day(n) + d(days=en_number(m["n"]))),
        ),
        (
            gated(
                r"\b(?:from )?(?P<m1>1[0-2]|0?[1-9])/(?P<d1>3[01]|[12]\d|0?[1-9]) ?(?:-|–|to|thru|through|till|until) ?"
                r"(?P<m2>1[0-2]|0?[1-9])/(?P<d2>3[01]|[12]\d|0?[1-9])(?![\d/])",
                "/",
            ),
            lambda m, n: _digit_span(n, int(m["m1"]), int(m["d1"]), int(m["m2"]), int(m["d2"])),
        ),
        (
            gated(
                rf"(?<![\d/.])(?!24/7\b)(?P<dd>3[01]|1[3-9]|2\d)/(?P<mo>1[0-2]|0[1-9]|[1-9])(?![\d/.]){_NOT_A_FRACTION}",
                "/",
            ),
            lambda m, n: _month_day(n, int(m["mo"]), int(m["dd"]), None),
        ),
        (
            gated(
                rf"\b(?:on|of|from) (?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])(?![\d/]){_NOT_A_FRACTION}"
                r"(?:\s+(?P<yr>last year|this year))?"
                rf"|(?<![\d/])(?P<mo2>1[0-2]|0?[1-9])/(?P<dd2>3[01]|[12]\d|0?[1-9])(?![\d/])\s+(?P<yr2>last year|this year)",
                "/",
            ),
            lambda m, n: _month_day(
                n,
                *_month_and_day(int(m["mo"] or m["mo2"]), int(m["dd"] or m["dd2"]), m.string),
                _year_word(m["yr"] or m["yr2"], n),
            ),
        ),
        (r"\bearlier (?:this|in the) week\b", lambda m, n: _so_far(_week_of(n), n)),
        (r"\bearlier (?:this|in the) month\b", lambda m, n: _so_far(_month(n.year, n.month)[0], n)),
        (
            gated(
                r"(?:(?P<yr>last year'?s|this year'?s|去年|今年|前年|(?:19|20)\d{2}年?)\s*(?:的)?\s*)?(?<![a-z])q(?P<q>[1-4])"
                r"(?![0-9])(?:\s*(?:of\s+)?(?P<yr2>last year|this year|(?:19|20)\d{2}))?",
                *("q1", "q2", "q3", "q4"),
            ),
            lambda m, n: _latest_quarter(n, int(m["q"]), _year_word(m["yr"] or m["yr2"], n)),
        ),
        (
            gated(
                r"\b(?:the )?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) quarter\b"
                r"(?: of (?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "quarter",
            ),
            lambda m, n: _latest_quarter(n, _QUARTER_NUMBERS[m["q"].lower()], _year_word(m["yr"], n)),
        ),
        (
            gated(r"\b(?:the )?(?P<w>last|previous|prior|this|next) quarter\b(?! of)", "quarter"),
            lambda m, n: _quarter_from(n, _QUARTER_OFFSETS[m["w"].lower()]),
        ),
        (r"\b(?:the )?weekend before last\b", lambda m, n: _weekend(n, -2)),
        (r"\b(?:the )?weekend after next\b", lambda m, n: _weekend(n, 2)),
        (
            r"\b(?:this|the) past weekend\b|\bthe weekend (?:just gone|there|gone)\b",
            lambda m, n: _weekend(n, None),
        ),
        (r"\bsince the weekend\b", lambda m, n: (_weekend(n, None)[0], _day(n) + d(days=1))),
        (
            gated(
                r"\b(?P<n>a few|few|several|a couple of|a couple|couple of|\d{1,2}) (?:hours|hrs) ago\b",
                "ago",
            ),
            lambda m, n: _days(n - d(hours=int(m["n"]) if m["n"].isdigit() else 3)),
        ),
        (r"\b(?:the )?week before last\b", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (r"\b(?:the )?week after next\b", lambda m, n: _days(_week_of(n) + d(weeks=2), 7)),
        (
            gated(rf"\b(?:(?P<n>{_EN_NUM}) )?fortnights? ago\b", "fortnight"),
            lambda m, n: _days(_week_of(n) - d(weeks=2 * (en_number(m["n"]) if m["n"] else 1)), 7),
        ),
        (r"\b(?:in |over |during )?(?:the|this) (?:past|last) fortnight\b", lambda m, n: _rolling(n, 14)),
        (r"\b(?:the )?month before last\b", lambda m, n: _month(n.year, n.month - 2)),
        (
            r"\b(?:the )?year before last\b",
            lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1)),
        ),
        (r"\bnext month\b", lambda m, n: _month(n.year, n.month + 1)),
        (r"\bnext year\b", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
        (
            r"\b(?:the )?day after (?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b",
            lambda m, n: _days(n + d(days=2)),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<w>{_WEEKDAY_NAMES})s ago\b", "s ago"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"])) - d(weeks=en_number(m["n"]) - 1)),
        ),
        (
            gated(
                rf"\b(?:(?:the )?(?P<w>{_ANY_WEEKDAY}) before last|last to last (?P<w2>{_ANY_WEEKDAY}))\b",
                "last",
            ),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"] or m["w2"])) - d(weeks=1)),
        ),
        (
            gated(
                rf"\b(?:in |at |around |towards? )?(?:the )?(?P<part>{en_parts})[\s-]*{en_month}\b(?! bank holiday)",
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
                rf"\b(?:in |during )?(?:(?P<yw>last|this|next) year )?{en_month} (?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last) week\b",
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
                rf"\b(?:in |during )?(?:the )?(?P<ord>first|second|third|fourth|1st|2nd|3rd|4th|last|final) week of {en_month}\b",
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
            gated(
                r"\b(?:in |at |around |towards? )?(?:the )?(?P<part>early|beginning of|start of|end of|late|first half of|second half of|1st half of|2nd half of)"
                r"\s+(?:the )?(?P<ref>last year|this year|the year|(?P<y>(?:19|20)\d{2}))\b",
                "year",
                "19",
                "20",
            ),
            lambda m, n: _year_part(
                int(m["y"])
                if m["y"]
                else n.year + _YEAR_OFFSET.get(m["ref"].lower().replace("lst", "last"), 0),
                _EN_YEAR_PARTS[m["part"].lower()],
                n if m["ref"] and m["ref"].lower() == "the year" else None,
            ),
        ),
        (r"\bearlier this year\b", lambda m, n: (datetime(n.year, 1, 1), _day(n) + d(days=1))),
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
            r"\b(?:over|during|on|at|in) the weekend\b(?! (?:after|before) (?:next|last))",
            lambda m, n: _weekend(n, None),
        ),
        (
            gated(rf"\bthe weekend (?P<r>before|after) (?P<h>{en_holidays})\b", "weekend"),
            lambda m, n: _weekend_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n, _clause(m)), m["r"].lower() == "after"
            ),
        ),
        (
            gated(
                rf"\b(?P<k>two|2|three|3|four|4) (?P<h>{en_holidays})(?:es|s)? (?:ago|back)\b", "ago", "back"
            ),
            lambda m, n: holidays.latest(
                holidays.EN_NAMES[m["h"].lower()],
                n,
                holidays.latest(holidays.EN_NAMES[m["h"].lower()], n)[0].year - en_number(m["k"].lower()) + 1,
            ),
        ),
        (
            # "the bank holiday weekend" with no month: the latest of England's Monday bank holidays
            gated(r"\b(?:the )?bank holiday(?: long)? weekend\b", "bank holiday"),
            lambda m, n: _holiday_weekend(_latest_bank_holiday(n), "bank holiday"),
        ),
        (
            gated(rf"\b(?:the )?(?P<h>{en_holidays}) (?:long |bank holiday )?weekend\b", "weekend"),
            lambda m, n: _holiday_weekend(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n, _clause(m)),
                holidays.EN_NAMES[m["h"].lower()],
            ),
        ),
        (
            gated(rf"\bthe (?:month|course) of (?P<mo>{_MONTH_NAMES})\b", "month of", "course of"),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(
                r"\b(?:in |over |during |within )?(?:the )?(?:past|last) (?P<n>\d{1,3}) (?:hours|hrs)\b",
                "hours",
                "hrs",
            ),
            lambda m, n: (_day(n - d(hours=int(m["n"]))), _day(n) + d(days=1)),
        ),
        (
            gated(r"\bbetween (?:christmas|xmas) and new year'?s?\b", "between"),
            lambda m, n: (
                holidays.latest("christmas", n)[0],
                holidays.latest("christmas", n)[0] + d(days=8),
            ),
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
                    else n + d(days=1)
                    if (m["w"] or m["w2"]).lower() == "tomorrow"
                    else _coming_weekday(n, _weekday(m["w"] or m["w2"]))[0]
                )
                + d(days=14 if (m["u"] or m["u2"]).lower() == "fortnight" else 7)
            ),
        ),
        (
            gated(
                rf"\b(?:on )?(?:the )?(?P<o>first|second|third|fourth|last|1st|2nd|3rd|4th) (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {en_month}\b",
                "@weekday",
            ),
            lambda m, n: _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), m["o"].lower()),
        ),
        (r"\blast weekend but one\b", lambda m, n: _weekend(n, -2)),
        (
            r"\b(?:in |over |during |within )?the (?:next|coming) fortnight\b",
            lambda m, n: (_day(n), _day(n) + d(days=14)),
        ),
        (
            gated(
                rf"\b(?:(?P<n>{_EN_NUM}) days?|the (?:day|night|evening)|(?P<wk>the (?:(?P<wn>{_EN_NUM}) )?weeks?)) (?P<r>before|after) "
                rf"(?:(?P<yr>last year'?s|this year'?s) )?(?P<h>{en_holidays})\b(?: (?P<yr2>last year|this year|(?:19|20)\d{{2}}))?",
                "before",
                "after",
            ),
            lambda m, n: _around_holiday(
                _holiday(holidays.EN_NAMES[m["h"].lower()], m["yr"] or m["yr2"], n, _clause(m)),
                (en_number(m["n"] or m["wn"] or "1")) * (-1 if m["r"].lower() == "before" else 1),
                bool(m["wk"]),
            ),
        ),
        (
            gated(r"\bover easter\b|\b(?:the )?easter (?:holidays?|break|weekend)\b", "easter"),
            lambda m, n: _holiday_weekend(_holiday("easter", None, n, _clause(m)), "easter"),
        ),
        (gated(r"\ba week and a half ago\b", "half"), lambda m, n: _days(n - d(days=10))),
        (gated(r"\bhalf a year ago\b", "half"), lambda m, n: _month(n.year, n.month - 6)),
        (
            gated(rf"\b(?P<dd>\d{{1,2}})-(?P<mo>{_MONTH_NAMES})-(?P<y>(?:19|20)\d{{2}}|\d{{2}})\b", "@month"),
            lambda m, n: _days(
                datetime(
                    int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), _EN_MONTHS[m["mo"].lower()], int(m["dd"])
                )
            ),
        ),
        (
            gated(
                rf"\bthe last (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days of (?:(?P<yr>last|this) year|{en_month})\b",
                "days of",
            ),
            lambda m, n: _last_working_days(
                _month(n.year + _QUARTER_OFFSETS[m["yr"].lower()], 12) if m["yr"] else en_month_of(m, n),
                en_number(m["k"]),
            ),
        ),
        (
            # "week 2 of April", "wk 3 in March": as "the second week of April" (days 8-14)
            gated(rf"\bweek (?P<k>[1-4]) (?:of|in) {en_month}\b", "@isoweek"),
            lambda m, n: _month_part(en_month_of(m, n), f"week {m['k']}"),
        ),
        (
            # "the first full week of March", "the last full week of February": its first / last Monday to
            # Sunday wholly inside it
            gated(rf"\bthe (?P<o>first|1st|last|final) full week (?:of|in) {en_month}\b", "full"),
            lambda m, n: _full_week(en_month_of(m, n), m["o"].lower() in ("last", "final")),
        ),
        (
            # "YTD last year", "last year's YTD", "prior-year QTD": the same span to today's date a year back
            gated(
                r"\b(?:(?:last year'?s?|the prior year'?s?|prior[- ]year|py|ly) (?P<a>ytd|qtd|mtd)"
                r"|(?P<b>ytd|qtd|mtd) (?:last year|ly|prior year|py|a year ago))\b",
                "td",
            ),
            lambda m, n: _to_date_year_back(n, (m["a"] or m["b"]).lower()),
        ),
        (
            # "the first 5 business days of the month / of October": its 1st to its 5th working day
            gated(
                rf"\bthe (?:first|1st|opening) (?P<k>{_EN_NUM}) (?:working|business|biz|trading) days (?:of|in) {en_month}\b",
                "days of",
            ),
            lambda m, n: _first_working_days(en_month_of(m, n), en_number(m["k"])),
        ),
        (
            gated(r"\b(?:the )?(?:last|previous|prior) pay(?:roll)? period\b", "pay"),
            lambda m, n: _month(n.year, n.month - 1),
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
                + d(days=1),
            ),
        ),
        (
            gated(r"\b(?:on )?the (?P<e>first|last) day of (?:the|this) year\b", "day of"),
            lambda m, n: _days(
                datetime(n.year, 1, 1) if m["e"].lower() == "first" else datetime(n.year, 12, 31)
            ),
        ),
        (gated(r"\bovermorrow\b", "overmorrow"), lambda m, n: _days(n + d(days=2))),
        (
            gated(rf"\b(?P<w>{_WEEKDAY_NAMES}) in a week\b", "in a week"),
            lambda m, n: _days(_coming_weekday(n, _weekday(m["w"]))[0] + d(days=7)),
        ),
        (
            gated(r"\bon (?P<dd>[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.?(?![\d.])", "on"),
            lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
        ),
        (
            gated(r"\bthe day (?P<dd>[12]?\d|3[01]) of (?P<w>last|this|next) month\b", "day"),
            lambda m, n: _days(
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["dd"]))
            ),
        ),
        (gated(r"\blast year this time\b", "this time"), lambda m, n: _days(_same_day(n, -12))),
        (gated(r"\b(?:in )?the early of this week\b", "early"), lambda m, n: _days(_week_of(n), 3)),
        (gated(r"\bthe week prior to last\b", "prior"), lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            gated(r"\blater in the week\b", "later"),
            lambda m, n: (_day(n) + d(days=1), _week_of(n) + d(days=7)),
        ),
        (
            gated(r"\bthe (?P<u>week|weekend) after this(?: one)?\b", "after this"),
            lambda m, n: _days(_week_of(n) + d(weeks=1), 7) if m["u"].lower() == "week" else _weekend(n, 1),
        ),
        (gated(r"\bhump day\b", "hump"), lambda m, n: _days(_past_weekday(n, 2))),
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
                rf"\b(?:on )?the (?:(?P<o>2nd|second|3rd|third)[- ](?:to[- ])?last|(?P<p>penultimate)) day of {en_month}\b",
                "last",
                "penultimate",
            ),
            lambda m, n: _days(
                en_month_of(m, n)[1] - d(days=2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()])
            ),
        ),
        (
            gated(rf"\b(?:on )?the (?P<w>{_WEEKDAY_NAMES}) after next\b", "after next"),
            lambda m, n: _days(_week_of(n) + d(weeks=2, days=_weekday(m["w"]))),
        ),
        (
            gated(
                r"\b(?:in |during )?the (?:final|last) week of (?P<ref>this|last|next) quarter\b", "quarter"
            ),
            lambda m, n: _month_ends(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 7, False),
        ),
        (
            gated(r"\bcy ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "cy"),
            lambda m, n: _whole_year(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])),
        ),
        (
            gated(
                rf"\bthe (?:(?P<o>2nd|second|3rd|third)[- ]to[- ]last|(?P<p>penultimate)) (?:working|business|biz|trading) day of {en_month}\b",
                "last",
                "penultimate",
            ),
            lambda m, n: _nth_last_working_day(
                en_month_of(m, n), 2 if m["p"] else _WORKING_ORDINALS[m["o"].lower()]
            ),
        ),
        (
            gated(rf"\b(?:the )?trailing (?P<n>{_EN_NUM}) months\b|\bttm\b", "trailing", "ttm"),
            lambda m, n: _rolling(
                n, 365 if not m["n"] or en_number(m["n"]) == 12 else 30 * en_number(m["n"])
            ),
        ),
        (gated(r"\bm ?- ?(?P<k>[1-3])\b", "m-", "m -"), lambda m, n: _month(n.year, n.month - int(m["k"]))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) quarters? ago\b", "quarter"),
            lambda m, n: _quarter_from(n, -en_number(m["n"])),
        ),
        (
            gated(r"\b(?:the )?(?P<h>first|1st|second|2nd) half of the (?:financial|fiscal) year\b", "half"),
            lambda m, n: _year_part(
                n.year, "first half" if m["h"].lower() in ("first", "1st") else "second half"
            ),
        ),
        (gated(r"\b(?:in |over |during )?the coming week\b", "coming"), lambda m, n: _days(n, 7)),
        (
            gated(r"\bthe week before the previous one\b", "previous"),
            lambda m, n: _days(_week_of(n) - d(weeks=2), 7),
        ),
        (
            gated(
                r"\bbetween (?:the )?(?P<a>[12]?\d|3[01])(?:st|nd|rd|th)? and (?:the )?(?P<b>[12]?\d|3[01])(?:st|nd|rd|th)? "
                r"(?:of )?(?P<w>last|this|next) month\b",
                "between",
            ),
            lambda m, n: (
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["a"])),
                _day_of_month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()], int(m["b"])) + d(days=1),
            ),
        ),
        (
            gated(
                rf"\b(?:this|(?P<w>{_ANY_WEEKDAY}))\.? a\.m\.|\b(?:this|(?P<w2>{_ANY_WEEKDAY}))\.? p\.m\.",
                "a.m",
                "p.m",
            ),
            lambda m, n: _days(
                n if not (m["w"] or m["w2"]) else _past_weekday(n, _weekday(m["w"] or m["w2"]))
            ),
        ),
        (gated(r"\bthis day last week\b", "last week"), lambda m, n: _days(n - d(weeks=1))),
        (
            gated(
                rf"\b(?:on )?(?P<w>{_WEEKDAY_NAMES}) last\b(?! (?:week|month|year|night|time|thing|one)\b)",
                "@weekday",
            ),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(
                rf"\b(?!few\b)(?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?) before\b"
                r"(?=\s*(?:about|regarding|re\b|that|when|[,.?!]|$|i\b|we\b|you\b|u\b))",
                "before",
            ),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(rf"\bsince (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b", "since"),
            lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
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
                (_day(n) - d(days=en_number(m["b"])), _day(n) - d(days=en_number(m["a"]) - 1))
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
            # "what did I tell you earlier?": earlier today
            gated(
                r"\b(?:told|tell|said|say|asked|ask|sent|send|mentioned|mention|gave|give|showed|show|shared|wrote"
                r"|talked|discussed|texted|noted|saved)\b"
                r"[^,.?!;]{0,40}?\bearlier(?= ?(?:today|on)?\s*(?:[,.?!;]|$))",
                "earlier",
            ),
            lambda m, n: _days(n),
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
            # "the month after next", "next to next year" (as "the year after next"): that calendar month / year
            gated(r"\b(?:the )?(?P<u>month|year|quarter) after next\b", "after next"),
            lambda m, n: _after_next(n, m["u"].lower()),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) weeks? ago,? (?:on )?(?P<w>{_ANY_WEEKDAY})\b", "ago"),
            lambda m, n: _days(_week_of(n) - d(weeks=en_number(m["n"])) + d(days=_weekday(m["w"]))),
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
                _week_of(n) - d(weeks=en_number(m["n"] or m["n2"])) + d(days=_weekday(m["w"]))
            ),
        ),
        (
            gated(rf"\b(?:in |over |within |during )?the next (?P<n>{_EN_NUM}) weeks\b", "next"),
            lambda m, n: (_day(n), _day(n) + d(weeks=en_number(m["n"]))),
        ),
        (
            gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) days of {en_month}\b", "days of"),
            lambda m, n: _days(en_month_of(m, n)[0], min(en_number(m["n"]), 31)),
        ),
        (
            gated(r"\b(?:in )?the first few days of (?:the|this) year\b", "year"),
            lambda m, n: _days(datetime(n.year, 1, 1), 10),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) weekends? (?:ago|back)\b", "weekend"),
            lambda m, n: _weekend(n, -en_number(m["n"])),
        ),
        (
            gated(rf"\blast week'?s\b(?: [a-z']+){{0,4}} on (?P<w>{_ANY_WEEKDAY})\b", "last week"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(
                rf"\bbefore (?P<n>{_EN_NUM}) (?P<u>days?|weeks?|months?|years?)(?! (?:of|from|after|before|to)\b)",
                "before",
            ),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(
                rf"\b(?:since|from) (?:the )?(?:last|past) (?P<n>{_EN_NUM}) (?P<u>days?|weeks?)\b",
                "since",
                "from",
            ),
            lambda m, n: _rolling(n, en_number(m["n"]) * (7 if m["u"].lower().startswith("week") else 1)),
        ),
        (
            gated(
                rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) months of (?:the )?(?P<ref>this year|last year|year|(?:19|20)\d{{2}})\b",
                "months of",
            ),
            lambda m, n: _first_months(_en_year(m["ref"], n), en_number(m["n"])),
        ),
        (
            gated(
                rf"\b(?:in |by |at )?{en_month} (?P<p>end|ending|beginning|starting|start|middle)\b",
                *_PART_AFTER,
            ),
            lambda m, n: (
                _month_part(en_month_of(m, n), _PART_AFTER[m["p"].lower()])
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, _PART_AFTER[m["p"].lower()])
            ),
        ),
        (
            gated(rf"\bending of {en_month}\b", "ending"),
            lambda m, n: (
                _month_part(en_month_of(m, n), "late")
                if m["ref"].lower() != "the month"
                else _latest_begun_part(n, "late")
            ),
        ),
        (
            gated(
                r"\b(?P<ref>last|this) year (?:end|ending)\b|\bending of (?P<ref2>last|this) year\b", "end"
            ),
            lambda m, n: _year_part(n.year + _QUARTER_OFFSETS[(m["ref"] or m["ref2"]).lower()], "late"),
        ),
        (
            gated(rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) weeks of {en_month}\b", "weeks of"),
            lambda m, n: _days(en_month_of(m, n)[0], 7 * en_number(m["n"])),
        ),
        (r"\blater this week\b", lambda m, n: (_day(n) + d(days=1), _week_of(n) + d(days=7))),
        (r"\blater this month\b", lambda m, n: (_day(n) + d(days=1), _month(n.year, n.month)[1])),
        (r"\bthe other week\b", lambda m, n: (_week_of(n) - d(weeks=2), _week_of(n))),
        (
            r"\b(?:at |by |around |towards? )?(?:the )?(?P<p>start|beginning|end) of (?P<w>last|this|next|the) week\b",
            lambda m, n: (
                (
                    _week_of(n)
                    + d(weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=4 * (m["p"].lower() == "end"))
                ),
                (
                    _week_of(n)
                    + d(weeks=_QUARTER_OFFSETS.get(m["w"].lower(), 0), days=3 + 4 * (m["p"].lower() == "end"))
                ),
            ),
        ),
        (
            r"\ba month ago today\b|\b(?:this|the same|same) (?:time|day) last (?P<u>month|year)\b",
            lambda m, n: _days(_same_day(n, -12 if (m["u"] or "").lower() == "year" else -1)),
        ),
        (
            gated(
                rf"\b(?P<n>{_EN_NUM}) days? (?P<r>after tomorrow|before yesterday)\b",
                "after tomorrow",
                "before yesterday",
            ),
            lambda m, n: _days(
                n + d(days=(1 + en_number(m["n"])) * (1 if m["r"].lower().startswith("after") else -1))
            ),
        ),
        (
            gated(r"\bthe day (?:before tomorrow|after yesterday)\b", "before tomorrow", "after yesterday"),
            lambda m, n: _days(n),
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
            r"\b(?:this|the same) (?P<u>month|week) (?:of )?last year\b",
            lambda m, n: (
                _month(n.year - 1, n.month)
                if m["u"].lower() == "month"
                else _days(_week_of(_same_day(n, -12)), 7)
            ),
        ),
        (r"\bnext weekend\b", lambda m, n: _weekend(n, 1)),
        (
            gated(
                r"\b(?:the )?(?P<y>20\d{2})[/-](?P<y2>\d{2}|20\d{2}) (?:academic|school) year\b"
                r"|\b(?:the )?(?P<s>fall|autumn|spring) (?:semester|term)\b",
                "academic",
                "school",
                "semester",
                "term",
            ),
            lambda m, n: (
                (datetime(int(m["y"]), 9, 1), datetime(int(m["y"]) + 1, 9, 1))
                if m["y"]
                else _named_semester(n, autumn=m["s"].lower() != "spring")
            ),
        ),
        (
            gated(r"\b(?:this|the current|current) pay ?(?:period|cycle)\b", "pay"),
            lambda m, n: _month(n.year, n.month),
        ),
        (
            gated(
                r"\b(?:for|during|throughout|across|over) (?P<y>(?:19|20)\d{2})"
                r"(?= overall\b| as a whole\b| in total\b| in full\b| full[- ]year\b| altogether\b)",
                "overall",
                "whole",
                "total",
                "full",
                "altogether",
            ),
            lambda m, n: _whole_year(int(m["y"])),
        ),
        (
            gated(rf"\bthis (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_week_of(n) + d(days=_weekday(m["w"]))),
        ),
        (
            gated(rf"\bnext (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_week_of(n) + d(weeks=1, days=_weekday(m["w"]))),
        ),
        (
            r"\b(?:a few|few|several|some) days (?:ago|back|before(?= i\b| we\b| you\b| u\b))\b|\bthe other (?:day|night)\b",
            lambda m, n: (_day(n) - d(days=5), _day(n)),
        ),
        (rf"\bin (?P<n>{_EN_NUM}) days?\b(?! ago\b)", lambda m, n: _days(n + d(days=en_number(m["n"])))),
        (
            gated(rf"\bafter (?P<n>{_EN_NUM}) days?\b(?! (?:of|in|at|from|after|before)\b)", "after"),
            lambda m, n: _days(n + d(days=en_number(m["n"]))),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?:days?|nights?) back\b", "back"),
            lambda m, n: _units_ago(n, en_number(m["n"]), "day"),
        ),
        (
            r"\b(?:the )?(?:day|evening|morning|afternoon|night) before yesterday\b",
            lambda m, n: _days(n - d(days=2)),
        ),
        (
            r"\b(?P<p>early|late|mid|mid-|midweek|the middle of) ?(?P<w>last|this|next) week\b",
            lambda m, n: _days(
                _week_of(n)
                + d(
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
                _days(_week_of(n) + d(weeks=_QUARTER_OFFSETS[m["w"].lower()]), 7),
                en_number(m["k"]),
                m["o"].lower() == "first",
            ),
        ),
        (
            gated(r"\bmidweek\b(?! (?:last|this|next) week\b)", "midweek"),
            lambda m, n: _days(_week_of(n) + d(days=1), 3),
        ),
        (gated(r"\bthe quarter before last\b", "quarter"), lambda m, n: _quarter_from(n, -2)),
        (
            gated(rf"\ba fortnight (?:today|on (?P<w>{_WEEKDAY_NAMES}))\b", "fortnight"),
            lambda m, n: _days(
                _coming_weekday(n, _weekday(m["w"]))[0] + d(days=14) if m["w"] else n + d(days=14)
            ),
        ),
        (
            gated(r"\b(?:the )?(?P<e>last|first) day of (?P<w>last|this|next) month\b", "day of"),
            lambda m, n: _days(
                _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[1] - d(days=1)
                if m["e"].lower() == "last"
                else _month(n.year, n.month + _QUARTER_OFFSETS[m["w"].lower()])[0]
            ),
        ),
        (
            r"\b(?:yesterday|yday|yesterdy|yesturday|ystday|yest|kahapon|gister|ddoe)\b|\blast (?:night|evening)\b",
            lambda m, n: _days(n - d(days=1)),
        ),
        (
            r"\btoday\b|\bthis (?:morning|afternoon|evening|avo)\b|\btonight\b|\bearlier today\b|\bjust now\b",
            lambda m, n: _days(n),
        ),
        (r"\b(?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b", lambda m, n: _days(n + d(days=1))),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>days?|nights?) ago\b", "ago"),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (gated(r"\ba day or two ago\b", "ago"), lambda m, n: (_day(n) - d(days=2), _day(n))),
        (r"\bthe previous weekend\b", lambda m, n: _weekend(n, -1)),
        (
            gated(rf"\b(?:the )?(?P<o>first|last) weekend (?:of|in) {en_month}\b", "weekend"),
            lambda m, n: _edge_weekend(en_month_of(m, n), m["o"].lower() == "last"),
        ),
        (
            gated(
                rf"(?<!\bas of )(?<!\bas at )\b(?P<mo>{_MONTH_NAMES})\.?,? (?P<y>(?:19|20)\d{{2}})\b",
                "@month",
            ),
            lambda m, n: _month(int(m["y"]), _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>weeks?|months?|years?) ago\b", "ago"),
            lambda m, n: _units_ago(n, en_number(m["n"]), m["u"].lower()),
        ),
        (
            gated(
                rf"\b(?:in the )?(?:past|last) (?:(?!few )(?P<n>{_EN_NUM}) days|(?:a )?day or two)\b",
                *("past", "last", "lst"),
            ),
            lambda m, n: (_day(n) - d(days=(en_number(m["n"]) if m["n"] else 2) - 1), _day(n) + d(days=1)),
        ),
        (r"\blast weekend\b", lambda m, n: _days(_week_of(n) - d(days=2), 2)),
        (r"\bthis weekend\b", lambda m, n: _days(_week_of(n) + d(days=5), 2)),
        (
            gated(rf"\blast (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_last_weekday(n, _weekday(m["w"]))),
        ),
        (
            gated(rf"\b(?:this )?past (?P<w>{_ANY_WEEKDAY})\b\.?", "@weekday"),
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"]))),
        ),
        (r"\blast (?:week|wk)\b", lambda m, n: _days(_week_of(n) - d(weeks=1), 7)),
        (r"\bthis (?:week|wk)\b", lambda m, n: _days(_week_of(n), 7)),
        (r"\bnext (?:week|wk)\b", lambda m, n: _days(_week_of(n) + d(weeks=1), 7)),
        (r"\blast month\b", lambda m, n: _month(n.year, n.month - 1)),
        (r"\bthis (?:whole |entire )?month\b", lambda m, n: _month(n.year, n.month)),
        (r"\blast year\b", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
        (
            r"(?<!\d )\bthis (?:whole |entire )?year\b",
            lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
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
            gated(rf"\b(?P<w>in|during|since|last) (?P<mo>{_MONTH_NAMES})\b", "@month"),
            # "last Feb" said in February is a year back; any other month, the latest one begun
            lambda m, n: (
                _month(n.year - 1, n.month)
                if m["w"].lower() == "last" and _EN_MONTHS[m["mo"].lower()] == n.month
                else _past_month(n, _EN_MONTHS[m["mo"].lower()])
            ),
        ),
        (
            r"\b(?:in|during) (?P<y>(?:19|20)\d{2})\b",
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
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
                rf"^\s*(?P<w>{abbreviations})\.?(?=\s*(?:[-–:,]|$))|\b(?:on )?(?P<w2>tues|tue|thurs|thur|thu|weds|fri)\b\.?",
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
                + d(weeks=_QUARTER_OFFSETS[(m["wk"] or m["wk2"]).lower()], days=_weekday(m["w"] or m["w2"]))
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
            gated(
                r"\bbetween (?P<mo>1[0-2]|0?[1-9])/(?P<a>3[01]|[12]\d|0?[1-9]) and (?P<mo2>1[0-2]|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d/])",
                "between",
            ),
            lambda m, n: (
                _month_day(n, int(m["mo"]), int(m["a"]))[0],
                _month_day(n, int(m["mo2"]), int(m["b"]))[1],
            ),
        ),
        (
            gated(r"\b(?:over |in |during )?the past quarter\b", "quarter"),
            lambda m, n: _rolling(n, 90),
        ),
        (
            gated(r"\b(?:the )?(?:q(?P<q>[1-4]) |quarter[- ]?)close\b", "close"),
            lambda m, n: (
                _quarter_month(_latest_quarter(n, int(m["q"])), "late") if m["q"] else _quarter_end(n)
            ),
        ),
        (
            gated(r"\b(?:during |in )?the week of the (?P<dd>[12]?\d|3[01])(?:st|nd|rd|th)\b", "week of"),
            lambda m, n: _week_around(_latest_day_of_month(n, int(m["dd"]))[0]),
        ),
        (
            gated(
                r"\b(?:at |by |around |towards? |in )?(?:the )?(?P<part>end|close|start|beginning|middle) of (?:the )?"
                r"(?:q(?P<q>[1-4])|(?P<qo>first|second|third|fourth|1st|2nd|3rd|4th) quarter"
                r"|(?P<w>last|this|next|previous|prior) quarter)\b"
                r"(?:,? (?:of )?(?P<yr>last year|this year|(?:19|20)\d{2}))?",
                "quarter",
                *("q1", "q2", "q3", "q4"),
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(
                    n, int(m["q"]) if m["q"] else _QUARTER_NUMBERS[m["qo"].lower()], _year_word(m["yr"], n)
                )
                if m["q"] or m["qo"]
                else _quarter_from(n, _QUARTER_OFFSETS[m["w"].lower()]),
                _QUARTER_PARTS[m["part"].lower()],
            ),
        ),
        (
            gated(
                rf"\bin (?:(?P<n>{_EN_NUM}) weeks?|(?P<f>(?:a |one )?fortnight))(?:'?s? time)?\b",
                "week",
                "fortnight",
            ),
            lambda m, n: _week_around(n + d(weeks=2 if m["f"] else en_number(m["n"]))),
        ),
        (
            gated(rf"\bin (?P<n>{_EN_NUM}) months?(?:'s? time)?\b", "month"),
            lambda m, n: _month(n.year, n.month + en_number(m["n"])),
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
            r"\brecently\b|\blately\b|\bthese (?:few )?days\b|\bnot long ago\b|\bof late\b",
            lambda m, n: (_day(n) - d(days=13), _day(n) + d(days=1)),
        ),
        (r"\b(?:the )?(?:past|last) few days\b", lambda m, n: (_day(n) - d(days=5), _day(n))),
        (r"\blast last week\b", lambda m, n: _days(_week_of(n) - d(weeks=2), 7)),
        (
            # "in the 44 week", "the 44th week of the year": the ISO week, as "week 44" (a number under 5
            # is as likely a week of a month)
            gated(
                r"\b(?:in )?the (?P<w>[5-9]|[1-4]\d|5[0-3])(?:st|nd|rd|th)? week\b(?: of (?:the|this) year\b)?(?! of)",
                "week",
            ),
            lambda m, n: _iso_week(n, int(m["w"]), None, m.string),
        ),
        (
            gated(
                r"\b(?:iso |calendar )?(?:(?:cw|kw|ww|w) ?(?P<w>0?[1-9]|[1-4]\d|5[0-3])|(?:wk|week) ?(?P<w2>0[1-9]|[5-9]|[1-4]\d|5[0-3]))\b"
                r"(?!\s*(?:days?|weeks?|%|am|pm))(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
                "@isoweek",
            ),
            lambda m, n: _iso_week(n, int(m["w"] or m["w2"]), int(m["y"]) if m["y"] else None, m.string),
        ),
        (
            gated(
                r"\bbetween (?:iso )?(?:cw|w|wk|week) ?(?P<a>[1-9]|[1-4]\d|5[0-3]) and (?:cw|w|wk|week)? ?(?P<b>[1-9]|[1-4]\d|5[0-3])\b",
                "between",
            ),
            lambda m, n: (
                _iso_week(n, int(m["a"]), None)[0],
                _iso_week(n, int(m["a"]), None)[0] + d(weeks=int(m["b"]) - int(m["a"]) + 1),
            ),
        ),
        (
            gated(r"\b(?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "fy", "fiscal"),
            lambda m, n: (
                datetime(int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), 1, 1),
                datetime(int(m["y"]) + (2001 if len(m["y"]) == 2 else 1), 1, 1),
            ),
        ),
        (
            gated(r"\b(?:prior|last|previous) fy\b|\b(?P<this>this|current) fy\b", "fy"),
            lambda m, n: (
                datetime(n.year - (not m["this"]), 1, 1),
                datetime(n.year + 1 - (not m["this"]), 1, 1),
            ),
        ),
        (gated(r"\bfytd\b", "fytd"), lambda m, n: _so_far(datetime(n.year, 1, 1), n)),
        (
            gated(
                r"\b(?:the )?(?P<o>first|last) week of (?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b",
                "week of",
            ),
            lambda m, n: (
                (datetime(int(m["y"][-2:]) + 2000, 1, 1), datetime(int(m["y"][-2:]) + 2000, 1, 8))
                if m["o"].lower() == "first"
                else (datetime(int(m["y"][-2:]) + 2000, 12, 25), datetime(int(m["y"][-2:]) + 2001, 1, 1))
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
                else n + d(days=int(m["t"]) if m["t"] else en_number(m["n"]))
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
                rf"\b(?:the )?(?P<e>last|first) (?:working|business|biz|trading) day of {en_month}\b",
                "day of",
            ),
            lambda m, n: _edge_working_day(en_month_of(m, n), m["e"].lower() != "first"),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<o>second|third|fourth|fifth|2nd|3rd|4th|5th) (?:working|business|biz|trading) day of {en_month}\b",
                "day of",
            ),
            lambda m, n: _nth_working_day(en_month_of(m, n), _WORKING_ORDINALS[m["o"].lower()]),
        ),
        (
            # "on the 3rd working day of next month", "the 8th business day of March" (and "WD8 of next month",
            # spelt out so): that working day of that month, any count
            gated(
                rf"\b(?:on )?(?:the )?(?P<o>[1-9]|1\d|2[0-3])(?:st|nd|rd|th) (?:working|business|biz|trading) day"
                rf" (?:of|in) {en_month}\b",
                "day of",
                "day in",
            ),
            lambda m, n: _nth_working_day(en_month_of(m, n), int(m["o"])),
        ),
        (
            gated(
                rf"\b(?P<w>{_ANY_WEEKDAY})\.? (?:of )?the week (?P<r>before last|after next)\b",
                "before last",
                "after next",
            ),
            lambda m, n: _days(
                _week_of(n) + d(weeks=-2 if m["r"].lower() == "before last" else 2, days=_weekday(m["w"]))
            ),
        ),
        (
            gated(r"\b(?:sat(?:urday)?|sat\.)\s*(?:/|&|and|n|-)\s*sun(?:day)?\b", "sat"),
            lambda m, n: _weekend(n, None),
        ),
        (
            gated(
                r"\bsince (?:the (?:start|beginning) of (?:the|this) quarter|the quarter (?:started|began))\b"
                r"|\bquarter to date\b",
                "quarter",
            ),
            lambda m, n: _so_far(_quarter_from(n, 0)[0], n),
        ),
        (
            gated(r"\blast quarter[- ]end\b|\bthe end of last quarter\b", "quarter"),
            lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
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
            gated(rf"\bperiod (?P<p>1[0-2]|[1-9])\b(?! (?:{_MONTH_NAMES})\b)", "period"),
            lambda m, n: _past_month(n, int(m["p"])),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<mo>{_MONTH_NAMES}) (?:(?:reporting |accounting |close )?period"
                r"|(?:reporting|accounting|close) cycle)\b",
                "period",
                "cycle",
            ),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            gated(
                rf"\b(?:the )?(?P<mo>{_MONTH_NAMES}) month[- ]end\b|\bend-(?P<mo2>{_MONTH_NAMES})\b", "end"
            ),
            lambda m, n: _month_part(_past_month(n, _EN_MONTHS[(m["mo"] or m["mo2"]).lower()]), "late"),
        ),
        (gated(r"\bquarter[- ]end\b", "quarter"), lambda m, n: _quarter_end(n)),
        (gated(r"\bmid-?year\b", "year"), lambda m, n: _mid_year(n)),
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
                rf"\b(?:during |in )?the week of (?P<dd>\d{{1,2}})(?:st|nd|rd|th)? (?P<mo>{_MONTH_NAMES})\b",
                "week of",
            ),
            lambda m, n: _week_around(
                _past_month(n, _EN_MONTHS[m["mo"].lower()])[0].replace(day=int(m["dd"]))
            ),
        ),
        (
            r"\b(?P<dd>[12]\d|3[01]|0?[1-9])\.(?P<mo>1[0-2]|0?[1-9])\.(?P<y>(?:19|20)\d{2})\b",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            gated(
                rf"\b(?P<dd>[12]\d|3[01]|0?[1-9]) (?P<mo>{_MONTH_NAMES})\.? '?(?P<yy>\d{{2}})\b(?!\d)",
                "@month",
            ),
            lambda m, n: _days(datetime(2000 + int(m["yy"]), _EN_MONTHS[m["mo"].lower()], int(m["dd"]))),
        ),
        (r"\blast last month\b", lambda m, n: _month(n.year, n.month - 2)),
        (gated(r"\bthe semester before last\b", "before last"), lambda m, n: _semester(n, 2)),
        (gated(r"\b(?:an|one|half an) hour ago\b", "hour"), lambda m, n: _days(n - d(hours=1))),
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
            gated(rf"\b(?P<n>{_EN_NUM}) days? later\b", "later"),
            lambda m, n: _days(n + d(days=en_number(m["n"]))),
        ),
        (
            gated(rf"\b(?:the )?(?:next|coming) (?P<n>{_EN_NUM}) days\b", "coming"),
            lambda m, n: (_day(n), _day(n) + d(days=en_number(m["n"]))),
        ),
        (
            gated(
                rf"\b(?P<n>{_EN_NUM}) weeks? ago (?:today|to the day)\b|\bexactly (?P<n2>{_EN_NUM}) weeks? ago\b"
                r"|\b(?P<f>a |one )?fortnight ago today\b",
                "ago",
            ),
            lambda m, n: _days(
                n
                - d(
                    weeks=2
                    if m["f"] is not None or "fortnight" in m.group(0).lower()
                    else en_number(m["n"] or m["n2"])
                )
            ),
        ),
        (
            gated(rf"\b(?P<n>{_EN_NUM}) (?P<u>years?|months?) ago today\b", "ago today"),
            lambda m, n: _days(
                _same_day(n, -(12 if m["u"].lower().startswith("y") else 1) * en_number(m["n"]))
            ),
        ),
        (
            gated(r"\b(?:the )?(?P<s>spring|summer|fall|autumn|winter) before last\b", "before last"),
            lambda m, n: _season_of(_en_season(n, m["s"].lower(), "last")[0].year - 1, m["s"].lower()),
        ),
        (
            gated(r"\b(?:this|the) (?:coming|upcoming) weekend\b", "coming"),
            lambda m, n: _days(_week_of(n) + d(weeks=1 if n.weekday() >= 5 else 0, days=5), 2),
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
            gated(
                rf"\b(?:the )?(?P<w>{_ANY_WEEKDAY})\.? just gone\b|\b(?P<w2>{_ANY_WEEKDAY})\.? gone\b", "gone"
            ),
            lambda m, n: _days(_past_weekday(n - d(days=1), _weekday(m["w"] or m["w2"]))),
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
            gated(rf"\b(?:the )?(?P<h>{en_holidays}) week\b", *_EN_HOLIDAY_WORDS),
            lambda m, n: _week_around(_holiday(holidays.EN_NAMES[m["h"].lower()], None, n)[0]),
        ),
        # the twenty-sixth round, offices and operations
        (
            # "by EOD", "at COB", "due end of day": today (a day named after it is that day: "EOD Friday")
            gated(
                r"\b(?:by|at|before|until|till|for|due|around) (?:the )?(?:eod|cob|eob|eobd|close of (?:business|play)"
                r"|end of (?:business )?day|end of business)\b(?![ ,]*(?:on )?(?:today|tonight|tomorrow|yesterday"
                rf"|{_ANY_WEEKDAY}|{_MONTH_NAMES}|\d|the\b|this\b|next\b|last\b))",
                "eod",
                "cob",
                "end",
                "close",
            ),
            lambda m, n: _days(n) if not _MEANING.search(m.string) else _no_time("a notation asked about"),
        ),
        (
            # "w/e 3/5", "w/c 8/3", "week ending 3/12": the reading whose weekday fits the week's edge
            gated(
                r"\b(?:the )?(?P<k>week (?:ending|ended|commencing|beginning|starting|beg\.?)|w/e|w\.e\.|w/c|w\.c\.|wc|w/b)"
                rf"\s+(?:on\s+)?(?:(?:{_ANY_WEEKDAY})\.?,?\s+)?(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)"
                r"(?:/(?P<y>(?:19|20)?\d{2}))?(?![\d/])",
                "/",
            ),
            lambda m, n: _week_by_numbers(n, m),
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
            # "the next 5 business days", "the coming 3 working days": today (when a working day) and after
            gated(
                rf"\b(?:the )?(?:next|coming|upcoming|following) (?P<n>{_EN_NUM}) (?:working|business|biz|trading) days\b",
                "next",
                "coming",
            ),
            lambda m, n: _working_days_ahead(n, en_number(m["n"])),
        ),
        (
            # "invoice dated 23.5.", "the claim from 4.11.": a dotted date, day first
            gated(
                r"\b(?:dated|from|since|until|till|am|vom) (?P<dd>[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.(?![\d.])",
                "@digitword",
            ),
            lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
        ),
        (
            # "04.03.27": day, month and a year of two digits
            gated(
                r"(?<![\d.])(?P<dd>0[1-9]|[12]\d|3[01])\.(?P<mo>0[1-9]|1[0-2])\.(?P<y>\d{2})(?![\d.])",
                "@digitword",
            ),
            lambda m, n: _days(datetime(2000 + int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            # "weeks 10-12", "wks 31 to 33", "KW 31 bis KW 33", "CW14/15": those ISO weeks (the first of them the
            # latest begun; a week number under 5 needs W)
            gated(
                r"\b(?:iso |calendar )?(?:weeks|week|kw|cw|w) ?(?P<a>[5-9]|[1-4]\d|5[0-3]) ?(?:-|–|/|to|through|thru|till|until|and|&|bis) ?"
                r"(?:weeks? ?|kw ?|cw ?|w)?(?P<b>[1-4]\d|5[0-3]|[6-9])\b(?!/)(?:,? (?:of )?(?P<y>(?:19|20)\d{2}))?",
                "weeks",
                "@isoweek",
            ),
            lambda m, n: _iso_weeks(n, int(m["a"]), int(m["b"]), int(m["y"]) if m["y"] else None, m.string),
        ),
        (
            # "Q1-Q3", "Q2 to Q4 2026", "Q1 and Q2": those quarters of one year
            gated(
                r"\bq(?P<a>[1-4]) ?(?:-|–|to|through|thru|and|&) ?q(?P<b>[1-4])\b(?:,? (?P<y>(?:19|20)\d{2}))?",
                "q1",
                "q2",
                "q3",
            ),
            lambda m, n: _quarters(n, int(m["a"]), int(m["b"]), int(m["y"]) if m["y"] else None),
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
            # "P9 close", "P2 numbers", "period 09": that month, the latest begun ("P1" alone is a priority: "the
            # P1 report")
            gated(
                r"\b(?:(?:fiscal )?(?:fp|period) ?0?|p0?)(?P<p>1[0-2]|[1-9])\b(?= (?:close|closing|accruals|actuals|books|p&l|pack"
                r"|forecast|reporting|numbers|results)\b)"
                r"|\b(?:fiscal )?(?:fp|period) ?0?(?P<p3>1[0-2]|[1-9])\b(?= (?:results|numbers|report|end)\b)"
                r"|\bperiod 0(?P<p2>[1-9])\b"
                # "what did we book to P7": an entry booked, posted or accrued to a period
                r"|\b(?:book(?:ed)?|post(?:ed)?|accrue[ds]?|charged?|roll(?:ed)?|move[ds]?) (?:it |them |that )?(?:to|into|in) "
                r"p0?(?P<p4>1[0-2]|[1-9])\b",
                "@digitword",
                "period",
            ),
            lambda m, n: _past_month(n, int(m["p"] or m["p2"] or m["p3"] or m["p4"])),
        ),
        (
            # "by 3/31", "due 4/15", "the 4/1 release", "as at 12/31": a date in digits with no year (month first
            # unless the first number is over 12 or the place writes the day first)
            gated(
                # after "by" or "completed" not a proper fraction ("reduced by 3/4", "completed 2/3")
                r"\b(?:(?:by|completed|delivered|paid)(?! (?:1/[2-8]|2/[3-8]|3/[4-8]|4/[5-8]|5/[6-8]|6/[78]|7/8)(?![\d/]))"
                r"|due|before|after|until|till|thru|through|since|as at|as of|effective|eff\.?|starting|ending"
                r"|starts|started|begins|began|ends|ended|no later than|nlt|(?<!to )date:?"
                r"|(?:moved|pushed|rescheduled|postponed|shifted|bumped|brought forward|booked|scheduled|slipped)"
                r"(?: back| out)? (?:to|for|until|till)"
                # a record's verb before its date: "raised 3/2", "signed 2/20", "sent 3/3"
                r"|(?:raised|submitted|issued|signed|sent|opened|closed|approved|rejected|filed|posted|invoiced"
                r"|shipped|dispatched|received|logged|created|resolved|escalated|booked|ordered"
                r"|returned|cancell?ed|renewed|expired|published|released|deployed|merged|reported|agreed|dated)"
                r"|the(?= \d{1,2}/\d{1,2} (?:deadline|cut-?off|release|launch|go-?live|meeting|call|deploy(?:ment)?|close"
                r"|payroll|invoice|report|review|sync|stand-?up|board|delivery|shipment|order|audit|update|email|memo"
                r"|event|sale|promo|kick-?off|cutover|migration|outage|incident|maintenance|freeze|demo|workshop|offsite"
                r"|town-?hall|all-hands|submission|filing|payment|payout|run|batch|snapshot|build|pick|count|inspection"
                r"|visit|shift|rota|roster|pick-?up|collection|dispatch|install(?:ation)?|appointment|session|training"
                r"|interview|walk-?through|handover|hearing|flight|departure|arrival)\b))"
                rf" (?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/]){_NOT_A_FRACTION}",
                "/",
            ),
            lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
        ),
        (
            # "early Q3", "late Q2": the quarter's first / last month (as "the start / end of Q3")
            gated(r"\b(?P<p>early|late)[- ]q(?P<q>[1-4])\b(?:,? (?P<y>(?:19|20)\d{2}))?", "@digitword"),
            lambda m, n: _quarter_month(
                _latest_quarter(n, int(m["q"]), int(m["y"]) if m["y"] else None), m["p"].lower()
            ),
        ),
        (
            # "the last day of the quarter", "the first business day of Q3": this quarter's (or that one's)
            gated(
                r"\bthe (?P<e>first|last|final) (?P<u>day|business day|working day|trading day) of (?:the |this )?"
                r"(?:(?P<w>last|previous|prior|next) )?(?:quarter|q(?P<q>[1-4]))\b",
                "quarter",
                "@digitword",
            ),
            lambda m, n: _quarter_day(n, m),
        ),
        (
            # "BFCM": Black Friday to Cyber Monday; "Cyber Five": Thanksgiving to Cyber Monday
            gated(r"\bbfcm\b(?: weekend)?|\bcyber (?:5|five)\b", "bfcm", "cyber"),
            lambda m, n: (
                _holiday("black friday", None, n)[0] - d(days=0 if "bfcm" in m.group(0).lower() else 1),
                _holiday("black friday", None, n)[0] + d(days=4),
            ),
        ),
        (
            # "rolling 30 days", "rolling 12 months", "LTM", "T12M": the last N days / weeks / months to today
            gated(
                r"\b(?:on )?(?:a )?rolling (?P<n>\d{1,3}) (?P<u>days?|weeks?|months?)\b|\b(?P<l>ltm|t12m)\b",
                "rolling",
                "ltm",
                "@digitword",
            ),
            lambda m, n: _last_units(n, int(m["n"]) if m["n"] else 12, (m["u"] or "m")[0].lower()),
        ),
        (
            # "the last business day of last week", "the first working day of next week": its Friday / Monday
            gated(
                r"\bthe (?P<e>first|last|final) (?:business|working|biz|trading) day of (?P<w>last|this|next) week\b",
                "week",
            ),
            lambda m, n: _days(
                _week_of(n)
                + d(weeks=_QUARTER_OFFSETS[m["w"].lower()], days=0 if m["e"].lower() == "first" else 4)
            ),
        ),
        (
            # "the first three quarters (of 2026)", "the first 2 quarters of this year": Q1 to that quarter
            gated(
                r"\b(?:in |during |over )?the (?:first|1st) (?P<k>two|three|2|3) quarters"
                r"(?: of (?:(?P<y>(?:19|20)\d{2})|(?P<yr>last|this|next) year))?\b",
                "quarter",
            ),
            lambda m, n: _first_quarters(
                n,
                en_number(m["k"]),
                int(m["y"]) if m["y"] else (n.year + _QUARTER_OFFSETS[m["yr"].lower()] if m["yr"] else None),
            ),
        ),
        (
            # "the prior business day": as "the previous business day"
            gated(r"\b(?:the )?prior (?:business|working|biz) day\b", "prior"),
            lambda m, n: _last_business_day(n),
        ),
        (
            # "the last working day before Christmas", "the first business day after Easter Monday"
            gated(
                rf"\bthe (?P<e>last|final|first) (?:working|business|biz) day (?P<r>before|after) (?:the )?(?P<h>{en_holidays})\b",
                "before",
                "after",
            ),
            lambda m, n: _working_day_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n), m["r"].lower() == "after"
            ),
        ),
        (
            # "the Monday after Easter", "the Friday before Christmas", "the Tuesday after Labor Day": the first such
            # weekday after the holiday's days, or the last before them (the holiday as said alone)
            gated(
                rf"\bthe (?P<w>{_ANY_WEEKDAY})\.? (?P<r>before|after) (?:the )?(?P<h>{en_holidays})\b",
                "before",
                "after",
            ),
            lambda m, n: _weekday_beside(
                _holiday(holidays.EN_NAMES[m["h"].lower()], None, n),
                _weekday(m["w"]),
                m["r"].lower() == "after",
            ),
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
                    else _month_day(n, int(m["m3"]), int(m["d3"]))[0]
                    if m["m3"]
                    else _latest_day_of_month(n, int(m["d2"]))[0]
                )
                + d(days=5),
                2,
            ),
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
                (n + d(days=1) if m["w"].lower() == "tomorrow" else _coming_weekday(n, _weekday(m["w"]))[0])
                + d(weeks=en_number(m["n"]))
            ),
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
            # "last year's Q1 close", "the Q3 close last year", "the 2026 Q1 close": that quarter's last month
            gated(
                r"\b(?:(?P<yr>last year'?s?|this year'?s?|(?:19|20)\d{2}'?s?) )?(?:the )?q(?P<q>[1-4]) close\b"
                r"(?: (?P<yr2>last year|this year|(?:19|20)\d{2}))?",
                "close",
            ),
            lambda m, n: _quarter_month(
                _latest_quarter(
                    n,
                    int(m["q"]),
                    _year_word((m["yr"] or m["yr2"] or "").replace("'", "").removesuffix("s"), n),
                ),
                "late",
            ),
        ),
        (
            # "the last quarter-end": the last month of last quarter; "a year ago this month / quarter"
            gated(r"\bthe (?:last|previous|prior) quarter[- ]end\b", "quarter"),
            lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
        ),
        (
            gated(r"\ba year ago this (?P<u>month|quarter)\b", "ago"),
            lambda m, n: _year_back(n, m["u"].lower()),
        ),
        (
            # "the 2026 budget", "2027 results", "budget 2027", "the plan for 2026": that calendar year
            gated(
                rf"\b(?:(?:the|our|my|their) )?(?P<y>(?:19|20)\d{{2}})(?= (?:{_OFFICE_NOUNS})\b)"
                r"|\b(?:budget|plan|kick-?off|sko|conference|summit|offsite|roadmap|forecast|targets?|results|review|goals"
                r"|okrs|strategy|agm) (?P<y2>(?:19|20)\d{2})\b(?![/.-]\d)"
                r"|\b(?:for|of|during|throughout|across) (?P<y3>(?:19|20)\d{2})\b(?![/.-]\d| ?(?:units|people|items|pcs|hours))",
                "19",
                "20",
            ),
            lambda m, n: _whole_year(int(m["y"] or m["y2"] or m["y3"])),
        ),
        (
            # "the March steerco", "the June QBR", "the May release": that month, the latest begun (March, April,
            # May, June and August said alone name no month)
            gated(
                r"\bthe (?P<mo>march|april|may|june|august)(?= (?:board|steerco|steering|all-hands|town ?hall|qbr|mbr"
                r"|offsite|review|close|numbers|report|figures|invoice|payroll|release|sprint|retro|planning|forecast"
                r"|budget|results|sales|promo|campaign|newsletter|update|meeting|kick-?off|audit|rota|roster|schedule"
                r"|deadline|cohort|intake|exams?|bill|statement|run|cycle|launch|drop|bookings|pipeline|accruals|p&l"
                r"|pack|deck|ops review|business review|payment|invoices|stocktake|count|inventory)\b)",
                "march",
                "april",
                "may",
                "june",
                "august",
            ),
            lambda m, n: _past_month(n, _EN_MONTHS[m["mo"].lower()]),
        ),
        (
            # "week 3 of this semester", "the 2nd week of last semester": seven days counted from its start
            gated(
                r"\b(?:(?:the )?(?P<o>first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) week|week (?P<k>\d{1,2})) "
                r"(?:of|in) (?P<w>this|last) (?:semester|sem)\b",
                "semester",
            ),
            lambda m, n: _days(
                _semester(n, 1 if m["w"].lower().startswith("l") else 0)[0]
                + d(weeks=(int(m["k"]) if m["k"] else _ORDINAL_WEEKS[m["o"].lower()]) - 1),
                7,
            ),
        ),
        (
            # "the same period last month / week": its start to today's counterpart
            gated(r"\b(?:the )?same period (?:last|previous|prior) (?P<u>month|week)\b", "same"),
            lambda m, n: _to_date_back(n, m["u"].lower()),
        ),
        (
            # "AY 26/27", "SY 2026-27", "AY2026/27": the academic year, 1 September to 31 August
            gated(
                r"\b(?:ay|sy) ?(?:20)?(?P<y>\d{2})[/-](?:20)?(?P<y2>\d{2})\b", "ay 2", "ay2", "sy 2", "sy2"
            ),
            lambda m, n: (
                (datetime(2000 + int(m["y"]), 9, 1), datetime(2001 + int(m["y"]), 9, 1))
                if int(m["y2"]) == int(m["y"]) + 1
                else _no_time("not two years in a row")
            ),
        ),
        (
            # "the 2nd-to-last Friday of the month": that weekday a week before the last one
            gated(
                rf"\bthe (?P<k>2nd|second|3rd|third)[- ]to[- ]last (?P<w>{_WEEKDAY_NAMES}) (?:of|in) {en_month}\b",
                "last",
            ),
            lambda m, n: _days(
                _nth_weekday_of(en_month_of(m, n), _weekday(m["w"]), "last")[0]
                - d(weeks=1 if m["k"].lower() in ("2nd", "second") else 2)
            ),
        ),
        (
            # "the start / end / middle of the quarter", "mid-quarter": this quarter's first / last / middle month
            # (the last and middle ones when begun, else last quarter's)
            gated(
                r"\b(?:at |by |around |towards? )?(?:the )?(?:(?P<p>start|beginning|end|close|middle) of (?:the |this )?"
                r"(?:fiscal )?quarter|(?P<mid>mid-? ?quarter))\b",
                "quarter",
            ),
            lambda m, n: _quarter_part_begun(
                n, "mid" if m["mid"] or m["p"].lower() == "middle" else _QUARTER_PARTS[m["p"].lower()]
            ),
        ),
        (
            # "the first fiscal quarter of 2027", "the second fiscal quarter": as the calendar quarter
            gated(
                r"\b(?:the )?(?P<q>first|second|third|fourth|1st|2nd|3rd|4th) fiscal quarter"
                r"(?: of (?:(?P<y>(?:19|20)\d{2})|(?P<yr>last|this|next) year))?\b",
                "fiscal",
            ),
            lambda m, n: _latest_quarter(
                n,
                _QUARTER_NUMBERS[m["q"].lower()],
                int(m["y"]) if m["y"] else (n.year + _QUARTER_OFFSETS[m["yr"].lower()] if m["yr"] else None),
            ),
        ),
        (
            # "the last two quarters", "the past 3 quarters": the last 6 / 9 months to today (as "the last 6 months")
            gated(
                rf"\b(?:over |in |during )?the (?:last|past|previous|prior|preceding) (?P<k>{_EN_NUM}) quarters\b",
                "quarter",
            ),
            lambda m, n: _last_units(n, 3 * en_number(m["k"]), "m"),
        ),
        (
            # "this half", "next half": the half-year
            gated(r"\b(?P<w>this|next|current) half(?: year)?\b(?! of\b)", "half"),
            lambda m, n: (
                _year_part(n.year, "first half" if n.month <= 6 else "second half")
                if m["w"].lower() != "next"
                else (
                    _year_part(n.year, "second half")
                    if n.month <= 6
                    else _year_part(n.year + 1, "first half")
                )
            ),
        ),
        (
            # "BD3", "WD5" (a close calendar's business / working day 3): that Monday-to-Friday of this month
            gated(r"\b(?:bd|wd) ?(?P<k>[1-9]|1\d|2[0-3])\b(?![.%/])", "@digitword"),
            lambda m, n: _nth_working_day(_month(n.year, n.month), int(m["k"])),
        ),
        (
            # "2026W14", "2026-W14": that ISO week
            gated(
                r"(?<!\d)(?P<y>(?:19|20)\d{2})-?w(?P<w>[0-5]?\d)\b",
                "@digitword",
            ),
            lambda m, n: _iso_week(n, int(m["w"]), int(m["y"]), m.string),
        ),
        (
            # "D-2 snapshot", "D-2的库存快照", "D+1": calendar days from today (T-2 counts working days); not a
            # vitamin ("vitamin D-3")
            gated(
                r"(?<![A-Za-z0-9])(?<!vitamin )d ?(?P<s>[-+]) ?(?P<n>\d{1,3})(?![\d.%])",
                "d-",
                "d+",
            ),
            lambda m, n: _days(n + d(days=int(m["n"]) * (1 if m["s"] == "+" else -1))),
        ),
        (
            # "L7D" beside Chinese ("帮我拉一下L7D的GMV"), "L4W", "L3M", "last 7d", "past 30d"
            gated(
                r"(?<![A-Za-z0-9])l(?P<n>\d{1,3})(?P<u>[dwm])(?![A-Za-z0-9])"
                r"|\b(?:the )?(?:last|past|prior|trailing|previous) (?P<n2>\d{1,3}) ?(?P<u2>d)\b",
                "@digitword",
            ),
            lambda m, n: _last_units(n, int(m["n"] or m["n2"]), (m["u"] or m["u2"]).lower()),
        ),
        (
            # "the 618 sale", "during 618": 18 June; "Double 11", "Double Eleven", "12.12": 11 / 12 November
            gated(
                r"\b(?:the )?618(?= (?:sale|sales|promo|promotion|campaign|festival|shopping festival|event|deals?|orders"
                r"|gmv|day|period|week)\b)|\b(?:during|since|after|before|for) 618\b"
                r"|\bdouble (?P<d>11|eleven|12|twelve)\b(?! (?:x|times)\b)",
                "618",
                "double",
            ),
            lambda m, n: _holiday(
                "618"
                if not m["d"]
                else ("singles' day" if m["d"].lower() in ("11", "eleven") else "double twelve"),
                None,
                n,
            ),
        ),
        (
            # "the first week after Golden Week", "the first week back after CNY": the calendar week holding
            # the first working day after the holiday's days
            gated(
                rf"\bthe first (?:full )?week (?:back )?after (?:the )?(?P<h>{en_holidays})\b",
                "after",
            ),
            lambda m, n: _week_around(
                _days_from_holiday(
                    _holiday(holidays.EN_NAMES[m["h"].lower()], None, n), None, "后第一个工作日"
                )[0]
            ),
        ),
    ]
    en += [
        (
            # the twenty-sixth round, second wave: "photos from 2026" (that year; not "from 2026 to 2028",
            # "from 2000 customers")
            gated(
                r"\bfrom (?P<y>(?:19|20)\d{2})\b(?![\d,.]\d|\s*(?:to|till|until|through|thru|and|-|–|onwards?|on|up"
                r"|\+|%|people|users|customers|staff|items|dollars|bucks|rm|sgd|hkd|usd|ringgit|words|steps|km)\b)",
                "from",
            ),
            lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
        ),
        (
            # "summer 2024 photos", "the winter of 2025", "2021 summer": that season of that year ("fall" only
            # after "the": "prices fall 2024" is no season)
            gated(
                r"(?:\b(?:(?:the )?(?P<s>spring|summer|autumn|winter)|the (?P<f>fall)),? (?:of )?"
                r"(?P<y>(?:19|20)\d{2})\b|\b(?P<y2>(?:19|20)\d{2}) (?P<s2>spring|summer|autumn|fall|winter)\b)"
                r"(?! (?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)",
                *("spring", "summer", "fall", "autumn", "winter"),
            ),
            lambda m, n: _season_of(
                int(m["y"] or m["y2"]), (m["s"] or m["f"] or m["s2"]).lower().replace("fall", "autumn")
            ),
        ),
        (
            # "during 618 this year": that year's 18 June
            gated(r"\bduring 618 (?P<yr>this year|last year)\b", "618"),
            lambda m, n: _holiday("618", m["yr"], n),
        ),
    ]
    # "lst week", "lst month": the one misspelling of "last" that chat keeps.
    last = re.compile(r"(?:(?<=\\b)|(?<![A-Za-z]))last(?![a-z])")
    either: list[tuple[str, Build]] = [
        (
            r"(?<!\d)(?P<y>(?:19|20)\d{2})(?P<sep>[-/.])(?P<mo>\d{1,2})(?P=sep)(?P<dd>\d{1,2})(?!\d)",
            lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
        ),
        (
            rf"(?<![0-9A-Za-z/.])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<y>(?:19|20)\d{{2}}|\d{{2}})(?![\d/]){_NOT_A_FRACTION}",
            lambda m, n: _numeric_date(int(m["a"]), int(m["b"]), int(m["y"]), m.string),
        ),
    ]
    return (
        [(re.compile(p), f, gates.get(p, ()), "zh") for p, f in zh]
        + [(re.compile(last.sub("l(?:a)?st", p), re.IGNORECASE), f, gates.get(p, ()), "en") for p, f in en]
        + [(re.compile(p), f, (), "") for p, f in either]
    )


_RULES = _rules()
_BY_SCRIPT = {
    script: [
        (order, pattern, build, frozenset(gate))
        for order, (pattern, build, gate, rule_script) in enumerate(_RULES)
        if rule_script == script
    ]
    for script in ("zh", "en", "")
}
"""The rules of each script, with their place in `_RULES` (which breaks ties) and their gate as a set."""
_GATE_WORDS = frozenset(word for _, _, gate, _ in _RULES for word in gate)
_GATE_BY_PAIR: dict[str, tuple[str, ...]] = {}
for _word in sorted(_GATE_WORDS):
    _GATE_BY_PAIR[_word[:2]] = (*_GATE_BY_PAIR.get(_word[:2], ()), _word)
"""The gate words by their first two characters (one character for a word of one): a query is tested
only for the words whose first two characters it holds side by side."""
_CLASSES = (
    ("@month", re.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")),
    ("@weekday", re.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)")),
    ("@ordinal", re.compile(r"\d(?:st|nd|rd|th)\b")),
    ("@isoweek", re.compile(r"\b(?:cw|kw|ww|w|wk|week) ?\d")),
    (
        "@digitword",
        re.compile(r"[a-z.]\d|\d(?!(?:st|nd|rd|th|am|pm|s|h|hrs?|k|m|x|pcs?|kg|g|ml|l|mins?)\b)[a-z.]"),
    ),
)
"""Classes of words a gate may name: a month or a weekday (full or abbreviated), a day's ordinal."""
