"""Rules that read a holiday's name: the holiday of the year named, the coming one or the latest
begun ("国庆节那天", "去年Christmas", "Easter weekend"), the days, weekdays and weeks around it ("中秋节前一天",
"the Monday after Easter", "the week of Thanksgiving"); the shopping festivals (618, 11.11) and the lunar
months (腊月, 正月初三, 年前)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight.recall import holidays
from hindsight.recall.time.periods.days import _days, _so_far, _week_around, _week_of
from hindsight.recall.time.periods.holiday_days import (
    _LAST_PARTS,
    _around_holiday,
    _clause,
    _clock_change,
    _days_from_holiday,
    _en_named,
    _holiday,
    _holiday_weekend,
    _latest_bank_holiday,
    _month_bank_holiday,
    _month_long_weekend,
    _weekday_beside,
    _weekend_beside,
    _zh_named,
)
from hindsight.recall.time.periods.months import _ZH_PARTS, _month_day, _month_part
from hindsight.recall.time.periods.working_days import _working_day_beside
from hindsight.recall.time.periods.years import _year_word
from hindsight.recall.time.region import _made_up, days_off_around
from hindsight.recall.time.rules.pieces import (
    _EN_HOLIDAY_WORDS,
    _REGION_ONLY,
    _VESAK_WORDS,
    EN_HOLIDAYS,
    ZH_HOLIDAYS,
    RuleRow,
    gated,
)
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_MONTHS,
    _EN_NUM,
    _MONTH_NAMES,
    _WEEK_ORDINALS,
    _ZH_WEEKDAYS,
    _weekday,
    en_number,
    zh_number,
)


def _new_year_days(first: int, last: int, now: datetime) -> tuple[datetime, datetime]:
    """Days `first` to `last` of the latest begun first lunar month (初一到初五)."""
    if last <= first:
        raise ValueError("a span of the new year's days that runs backwards")
    start = holidays.day_of(holidays.latest("first lunar month", now), first)[0]
    return start, start + timedelta(days=last - first + 1)


def _monday_holiday_weekend(name: str, days: tuple[datetime, datetime]) -> tuple[datetime, datetime]:
    """A one-day holiday on a Monday with the weekend before it; any other holiday's own days."""
    if days[1] - days[0] == timedelta(days=1) and days[0].weekday() == 0:
        return _holiday_weekend(days, name)
    return days


def _since_said(m: re.Match[str], now: datetime, day: tuple[datetime, datetime]) -> tuple[datetime, datetime]:
    """A day said after 从 / 自从 and before 开始 / 起 ("从十月份调夏令时开始"): from it to today; else the day."""
    if m.group(0).startswith(("从", "自从")) and m.string.startswith(("开始", "起"), m.end()):
        return _so_far(day[0], now)
    return day


def _nth_day(days: tuple[datetime, datetime], which: str) -> tuple[datetime, datetime]:
    """The first, second, third or last day of a holiday's days (the second of a one-day holiday, the day
    after it: "the 2nd day of raya")."""
    if which == "last":
        day = days[1] - timedelta(days=1)
    else:
        day = days[0] + timedelta(days=_WEEK_ORDINALS.get(which, 1) - 1)
    return day, day + timedelta(days=1)


def _long_weekend(name: str, year_word: str | None, now: datetime, clause: str) -> tuple[datetime, datetime]:
    """A holiday's long weekend (`_holiday_weekend`) where it falls on a Monday, a Thursday or a Friday; a holiday
    of several days (国庆, 春节), or one on another day (China's three-day holidays are set by each year's
    schedule of days off, which is not read), its days."""
    days = _holiday(name, year_word, now, clause)
    if (in_a_row := days_off_around(days[0])) is not None:
        # where the region's public holidays are known (Taiwan's): the days off in a row that hold it
        return in_a_row
    if (
        name != "easter"
        and days[1] - days[0] == timedelta(days=1)
        and (made_up := _made_up(days[0])) != days[0]
    ):
        # a holiday on a weekend made up on a Friday or a Monday (Taiwan's, `region.MAKE_UP_DAYS`)
        return _holiday_weekend((made_up, made_up + timedelta(days=1)), name)
    if name == "easter" or (days[1] - days[0] == timedelta(days=1) and days[0].weekday() in (0, 3, 4)):
        return _holiday_weekend(days, name)
    return days


def _around_clock_change(
    day: tuple[datetime, datetime], week: bool, weekend: bool
) -> tuple[datetime, datetime]:
    """The day the clocks changed (a Sunday); with `week`, the Monday-to-Sunday week it ends; with `weekend`,
    its Saturday and Sunday."""
    if week:
        return _week_around(day[0])
    if weekend:
        return day[0] - timedelta(days=1), day[1]
    return day


def _zh_holiday_days(m: re.Match[str], now: datetime) -> tuple[datetime, datetime]:
    """The days a Chinese holiday's name says (`_days_from_holiday`), or its first few counted ("圣诞假嗰两日" is
    Christmas Day and the day after, as Boxing Day is kept; "国庆那三天"); three days of a Monday or Friday holiday
    are its long weekend ("劳动节那三天" in the United States)."""
    name = _zh_named(m)
    days = _days_from_holiday(_holiday(name, m["yr"], now, _clause(m)), m["one"], m["off"])
    weekday = m["wd"]
    if weekday and days[1] - days[0] == timedelta(days=7):
        return _days(days[0] + timedelta(days=_ZH_WEEKDAYS[weekday]))
    if m["k"] is None:
        return days
    if m["k"] == "三" and days[1] - days[0] == timedelta(days=1) and days[0].weekday() in (0, 4):
        return _holiday_weekend(days, name)
    return _days(days[0], zh_number(m["k"]))


ZH: list[RuleRow] = [
    (
        gated(
            rf"(?P<yr>去年|今年|前年|明年|旧年|出年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{ZH_HOLIDAYS})(?!路|街|广场|大道|村|中学|小学|大街)"
            # 青年节目 is a programme for the young
            r"(?!(?<=青年节)目)"
            # what is bought for a holiday ("万圣节服装", "圣诞礼物") names no day of it
            r"(?!节?(?:服装|服饰|衣服|装扮|装饰|礼物|礼品|礼盒|贺卡|树|彩灯|灯饰|面具|糖果|南瓜灯|帽子|毛衣|袜子|套装))"
            # the thirtieth round: nor what is cooked, written or given for it (腊八粥怎么煮, 中秋快乐, 七夕送老公啥好)
            r"(?!节?(?:粥|蒜|祝福|快乐|文案|手抄报|作文|诗|对联|送[^，。？?！!]{0,6}?(?:什么|啥|哪样|咩)))"
            # the thirty-third round: nor a gift that suits it asked (圣诞节有咩适合老人家的礼物)
            r"(?!节?[^，。？?！!]{0,6}?(?:适合|合适)[^，。？?！!]{0,8}?(?:礼物|礼品))"
            r"(?:(?P<one>那天|当天|那一天|那日)|(?:的)?(?P<off>前一天|后一天|第一天|头一天|第二天|第三天|隔天|翌日|前一周|后一周"
            # the forty-ninth round: the week before or after ("劳工节之前那个星期")
            r"|(?:之|以)[前后](?:的)?那一?个?(?:星期|礼拜|周)(?![一二三四五六日天])"
            r"|(?P<thatweek>那周|那一?个(?:礼拜|星期)|所在的?(?:那一?个?)?(?:周|礼拜|星期))"
            r"|(?:之|以)?后(?:的)?(?:第一|头一)个工作[日天]|(?:之|以)?后(?:的)?(?:第一|头一)个?(?:周|礼拜|星期)"
            r"|(?:之|以)?前(?:的)?最后一个工作[日天])"
            # the forty-first round: a day of that week ("复活节那个礼拜日", "中秋那周的周六"; not 那个礼拜一起)
            r"(?(thatweek)(?:(?:的)?(?:周|星期|礼拜)?(?P<wd>[一二三四五六日天])(?![起直共样定般些点下]))?)"
            # the thirty-fifth round: its first days counted ("圣诞假嗰两日", "国庆那三天"; not 那几天, its days)
            r"|(?:假期?|放假)?那(?P<k>[两三四五])(?:天|日))?",
            *holidays.ZH_NAMES,
        ),
        _zh_holiday_days,
    ),
    (
        # the fiftieth round: a Monday holiday's weekend said as 那个周末 ("劳工节那个周末"): Saturday to the Monday; a
        # holiday on another day keeps its own days
        gated(
            rf"(?:(?P<yr>去年|今年|前年)(?:的)?)?(?P<h>{ZH_HOLIDAYS})(?:的|那个|这个|那)\s?周末",
            *holidays.ZH_NAMES,
        ),
        lambda m, n: _monday_holiday_weekend(_zh_named(m), _holiday(_zh_named(m), m["yr"], n, _clause(m))),
    ),
    (
        # the thirty-fourth round: a holiday's long weekend ("劳动节长周末", "劳动节那个 long weekend", "国王生日那三天假"),
        # 复活节假期 (Good Friday to Easter Monday, as "the Easter holidays"): the holiday with the weekend it joins
        # (a holiday of several days, 国庆, is its days)
        gated(
            rf"(?:(?P<yr>去年|今年|前年|明年|(?:19|20)\d{{2}}年)(?:的)?)?(?:(?P<h>{ZH_HOLIDAYS})(?:的|那个|这个|那)?\s?"
            r"(?:长周末|long weekend|三天假|连休)|(?P<e>复活节)(?:的|那个|那)?(?:假期|长假|假|长周末|long weekend))",
            *holidays.ZH_NAMES,
        ),
        lambda m, n: _long_weekend("easter" if m["e"] else _zh_named(m), m["yr"], n, _clause(m)),
    ),
    (
        # a holiday's 连假 (Taiwan's word for its long weekend: 双十连假,
        # 228连假, 端午连假; 劳动节连假 in the United States), read with a region only (without one, the holiday)
        gated(
            rf"(?:(?P<yr>去年|今年|前年|明年|(?:19|20)\d{{2}}年)(?:的)?)?(?P<h>{ZH_HOLIDAYS})(?:的|那个|这个|那)?\s?连假",
            *_REGION_ONLY,
        ),
        lambda m, n: _long_weekend(_zh_named(m), m["yr"], n, _clause(m)),
    ),
    (
        # "国庆节后的第一个周一", "圣诞节前的那个周五", "春节前最后一个星期五": the first such weekday after the
        # holiday's days, or the last before them
        gated(
            rf"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{{2}}年)?(?:的)?(?P<h>{ZH_HOLIDAYS})(?:之|以)?(?P<r>前|后)(?:的)?"
            r"(?:第一个|头一个|最后一个|那个|那)?(?:周|星期|礼拜)(?P<d>[一二三四五六日天])",
            *holidays.ZH_NAMES,
        ),
        lambda m, n: _weekday_beside(
            _holiday(_zh_named(m), m["yr"], n, _clause(m)),
            _ZH_WEEKDAYS[m["d"]],
            m["r"] == "后",
        ),
    ),
    (
        gated(
            # 七一 (1 July: Hong Kong's Establishment Day, the Party's founding day in mainland China)
            r"(?P<yr>去年|今年|前年)?(?:的)?(?P<d>618|520|六一|十一|三八|七一)(?=\s?(?:大促|活动|那天|那日|期间|的时候|买|抢|当天"
            r"|送|表白|那几天|放假|假期|长假|黄金周|出去玩|儿童节))",
            "618",
            "520",
            "六一",
            "十一",
            "三八",
            "七一",
        ),
        lambda m, n: _holiday(
            {
                "六一": "children's day",
                "十一": "national day",
                "三八": "women's day",
                "七一": "hksar establishment day",
            }.get(m["d"], m["d"]),
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
        # a Chinese year word before an English holiday ("去年Christmas", "今年的CNY")
        rf"(?P<yr>去年|今年|前年|明年|旧年|出年)(?:的)?\s?(?P<h>(?i:{EN_HOLIDAYS}))(?![A-Za-z])",
        lambda m, n: _holiday(_en_named(m), m["yr"], n),
    ),
    (
        r"(?<!每年)(?<!每逢)(?P<yr>今年|去年)?(?:过年|农历年|春节)前(?![后夕一两三几天])",
        lambda m, n: holidays.latest("twelfth lunar month", n, _year_word(m["yr"], n)),
    ),
    (
        r"(?<![大年])初(?P<d>[一二三四五六七])(?=那天|那日|当天|回娘家|拜年|开工|去拜年)",
        lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
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
        r"(?P<m>腊月|正月)(?P<dd>初[一二三四五六七八九十]|十[一二三四五六七八九]|二十[一二三四五六七八九]?|三十)",
        lambda m, n: holidays.day_of(
            holidays.latest("twelfth lunar month" if m["m"] == "腊月" else "first lunar month", n),
            zh_number(m["dd"].removeprefix("初")),
        ),
    ),
    (
        # the thirtieth round: days of the new year in a row, its month left out or said (初一到初五, 正月初三至初八,
        # 大年初二到初六); not a month's (八月初一到初五) nor the years of a junior school (初一到初三年级)
        r"(?:(?:正月|大年|年)|(?<!月))初(?P<a>[一二三四五六七八九])\s?(?:到|至|~|～|-|—)\s?(?:正月|大年)?初?"
        r"(?P<b>十[一二三四五]|[二三四五六七八九十])(?![一二三四五六七八九十])"
        r"(?!的?(?:年级|学|班|课|教|数学|语文|英语|物理|化学|生物|地理|历史|政治))",
        lambda m, n: _new_year_days(zh_number(m["a"]), zh_number(m["b"]), n),
    ),
    (
        # the forty-first round: to 初十 ("大年初八", "初八开工": when work starts again)
        r"大年初(?P<d>[四五六七八九]|十(?![一二三四五六七八九]))",
        lambda m, n: holidays.day_of(holidays.latest("first lunar month", n), zh_number(m["d"])),
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
    # "618的销量", "618 sale": 18 June, the latest begun
    (
        gated(
            r"(?<![\d./])618(?=的|\s?(?:大促|购物节|活动|销量|销售|订单|战报|复盘|预售|期间|sale|promo|GMV))",
            "618",
        ),
        lambda m, n: _holiday("618", None, n),
    ),
]

ZH += [
    # the thirty-fourth round, read only with a region (the region decides the days): the days the clocks
    # change ("夏令时开始以后", "换回冬令时之后", "调夏令时以后": from that day to today) and a month's long weekend
    (
        gated(
            # (the forty-ninth round: daylight saving said in English, "daylight saving 开始那天")
            # (the fiftieth round: the month said first, "三月调夏令时以后"; the clocks set back, "时间调回来之后";
            # the time kept since, "冬令时以后")
            r"(?:(?:从|自从)?(?:十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月份?(?:的)?\s?(?=[换调改切转]))?"
            r"(?:(?P<k>夏令时|冬令时|(?i:daylight sav(?:ings?)(?: time)?|dst))间?\s?(?P<v>开始|结束|生效|实行|实施)"
            r"|(?:换|调|改|切|转)了?(?:回|成|到|为)?了?(?P<k2>夏令时|冬令时)间?"
            r"|(?P<back>(?:时间|时钟|钟)(?:往回|往后)?调(?:回来|回去|慢了?))"
            r"|(?P<k3>夏令时|冬令时)(?=以后|之后|以来|后))"
            # 转 (Cantonese and Hong Kong usage), 夏令时间; the week or the
            # weekend it happened in (转冬令时间嗰个礼拜)
            r"(?:(?:的|那|那个|那一个)\s?(?:(?P<wk>礼拜|星期|周)(?![一二三四五六日天末])|(?P<wkd>周末)))?",
            *_REGION_ONLY,
        ),
        lambda m, n: _since_said(
            m,
            n,
            _around_clock_change(
                _clock_change(
                    n,
                    m.string,
                    (m["k"] == "冬令时") == (m["v"] in ("开始", "生效", "实行", "实施"))
                    if m["k"]
                    else bool(m["back"]) or (m["k2"] or m["k3"]) == "冬令时",
                ),
                bool(m["wk"]),
                bool(m["wkd"]),
            ),
        ),
    ),
    (
        gated(
            r"(?P<m>十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月份?(?P<p>初|头|底|末|尾)?(?:的|那个|这个|那)?\s?"
            r"(?:长周末|long weekend|(?P<b>bank holiday)(?! weekend)(?P<wk>\s?(?:的|那个|这个|那)?\s?周末)?)",
            *_REGION_ONLY,
        ),
        lambda m, n: (
            _month_bank_holiday(zh_number(m["m"]), n, m.string, m["p"])
            if m["b"] and not m["wk"]
            else _holiday_weekend(_month_bank_holiday(zh_number(m["m"]), n, m.string, m["p"]), "bank holiday")
            if m["b"]
            else _month_long_weekend(zh_number(m["m"]), n, m.string, m["p"] in _LAST_PARTS)
        ),
    ),
]

EN: list[RuleRow] = [
    (
        # the forty-ninth round: "since New Year" (not "the new year" ahead): 1 January to today
        gated(r"\bsince (?:the )?new year\b(?!['’]?s?\s+eve\b)", "since"),
        lambda m, n: _so_far(holidays.latest("new year's day", n)[0], n),
    ),
    (
        gated(
            rf"\b(?:(?P<yr>last year(?:'?s)?|this year'?s|next year'?s|(?:19|20)\d{{2}}'?s?)\s+"
            r"|(?P<which>this coming|the coming|the upcoming|upcoming|next|this|last)\s+)?"
            rf"(?P<h>{EN_HOLIDAYS})\b(?! (?:presents|gifts|shopping|cards|decorations|lights|tree|budget|list|concert|photos|pictures|play|fair|market|jumpers?|bonus|decor|costumes?|clothes|outfits?|sweets|hampers?|"
            # the thirtieth round: nor what is written or made for it ("a Halloween poem", "christmas crafts")
            r"poems?|rhymes?|recipes?|crafts?|riddles?|captions?|greetings?"
            # the thirty-third round: nor a message or wishes written for it ("write a Christmas message")
            r"|messages?|wishes|speech(?:es)?|toasts?|blessings?"
            # the forty-ninth round: nor what is bought for it ("parol and xmas stuff")
            r"|stuff|things|items|supplies"
            r"|(?:window )?(?:decals|signage|banners?|posters?|stickers?|ornaments?|wreaths?"
            r"|inflatables?))\b)"
            r"(?:\s+(?P<yr2>last year|this year|next year|(?:19|20)\d{2})|(?P<bl>\s+before last))?",
            *_EN_HOLIDAY_WORDS,
            *_VESAK_WORDS,
        ),
        lambda m, n: (
            holidays.latest(
                _en_named(m),
                n,
                holidays.latest(_en_named(m), n)[0].year - 1,
            )
            if m["bl"]
            else _holiday(_en_named(m), m["yr"] or m["yr2"], n, _clause(m), m["which"])
        ),
    ),
    (
        gated(
            # "the" may be left out ("first day of CNY how much ang bao we gave out", the forty-first round)
            r"\b(?:on )?(?:the )?(?P<o>1st|first|2nd|second|3rd|third) day of (?:cny|chinese new year|lunar new year)\b"
            # "on CNY day": its first day, as "CNY 那天" is
            r"|\b(?:cny|chinese new year|lunar new year) day\b(?! \d)",
            "day of",
            "cny day",
            "new year day",
        ),
        lambda m, n: holidays.day_of(
            holidays.latest("first lunar month", n), _WEEK_ORDINALS[(m["o"] or "first").lower()]
        ),
    ),
    (
        # the fiftieth round: the first or last day of a holiday of several days ("first day of puasa", "the
        # last day of Navratri")
        gated(
            rf"\b(?:on )?(?:the )?(?P<o>1st|first|2nd|second|3rd|third|last) day of (?:the )?(?P<h>{EN_HOLIDAYS})\b",
            "day of",
        ),
        lambda m, n: _nth_day(_holiday(_en_named(m), None, n, _clause(m)), m["o"].lower()),
    ),
    (
        # the fiftieth round: Hindi "bakra eid wale hafte" (the week of the holiday)
        gated(rf"\b(?P<h>{EN_HOLIDAYS}) (?:wale|wala|waale|vale) haft[ae]\b", "haft"),
        lambda m, n: _days(_week_of(_holiday(_en_named(m), None, n)[0]), 7),
    ),
    (
        gated(rf"\b(?:during |in )?the week of (?:the )?(?P<h>{EN_HOLIDAYS})\b", "week of"),
        lambda m, n: _days(_week_of(_holiday(_en_named(m), None, n)[0]), 7),
    ),
    (
        gated(rf"\bthe weekend (?P<r>before|after) (?P<h>{EN_HOLIDAYS})\b", "weekend"),
        lambda m, n: _weekend_beside(_holiday(_en_named(m), None, n, _clause(m)), m["r"].lower() == "after"),
    ),
    (
        gated(rf"\b(?P<k>two|2|three|3|four|4) (?P<h>{EN_HOLIDAYS})(?:es|s)? (?:ago|back)\b", "ago", "back"),
        lambda m, n: holidays.latest(
            _en_named(m),
            n,
            holidays.latest(_en_named(m), n)[0].year - en_number(m["k"].lower()) + 1,
        ),
    ),
    (
        # "the bank holiday weekend" with no month: the latest of England's Monday bank holidays
        gated(r"\b(?:the )?bank holiday(?: long)? weekend\b", "bank holiday"),
        lambda m, n: _holiday_weekend(_latest_bank_holiday(n, m.string), "bank holiday"),
    ),
    (
        # the thirty-fourth round: "the last bank holiday", "上个 bank holiday": the latest begun of the bank
        # holidays (England's, or the region's)
        gated(
            r"\b(?:the )?(?:last|previous|latest|most recent) bank holiday\b(?! weekend)"
            r"|上一?个\s?bank holiday\b(?! weekend)",
            "bank holiday",
        ),
        lambda m, n: _latest_bank_holiday(n, m.string, every=True),
    ),
    (
        gated(rf"\b(?:the )?(?P<h>{EN_HOLIDAYS}) (?:long |bank holiday )?weekend\b", "weekend"),
        lambda m, n: _holiday_weekend(
            _holiday(_en_named(m), None, n, _clause(m)),
            _en_named(m),
        ),
    ),
    (
        # an English holiday's long weekend said in Chinese ("Memorial Day 周末", "Labour Day
        # 那个长周末", "King's Birthday 那个 long weekend", "Victoria Day 连休"), as "Memorial Day weekend"
        gated(
            rf"\b(?:the )?(?P<h>{EN_HOLIDAYS})\s?(?:的|那个|这个|那|嗰个)?\s?(?:长周末|周末|连休|连假|long weekend\b)",
            "周末",
            "连休",
            "连假",
            "long weekend",
        ),
        lambda m, n: _holiday_weekend(_holiday(_en_named(m), None, n, _clause(m)), _en_named(m)),
    ),
    (
        # the fiftieth round: a Monday holiday's Monday said in Chinese ("Victoria Day 那个礼拜一"): the holiday
        gated(
            rf"\b(?P<h>{EN_HOLIDAYS})\s?(?:的|那个|这个|那|嗰个)\s?(?:礼拜一|星期一|周一)",
            "礼拜一",
            "星期一",
            "周一",
        ),
        lambda m, n: _holiday(_en_named(m), None, n, _clause(m)),
    ),
    (
        # "the bank holiday Monday", "bank holiday 那个周一": the latest begun of the Monday
        # bank holidays (England's, or the region's); not of a habit ("open on bank holiday Mondays")
        gated(
            r"(?<!\ba )(?<!\ban )(?<!\bon )(?<!\bany )(?<!\bevery )"
            r"\b(?:the )?bank holiday\s?(?:monday\b(?!s)|(?:那个|的|嗰个)?\s?(?:周一|星期一|礼拜一|那天|嗰日|当天))",
            "bank holiday",
        ),
        lambda m, n: _latest_bank_holiday(n, m.string),
    ),
    (
        # the fiftieth round: the latest bank holiday's weekend said in Chinese ("bank holiday那个长周末"), as "the
        # bank holiday weekend"
        gated(r"\bbank holiday\s?(?:那个|的|嗰个)?\s?(?:长周末|周末)", "bank holiday"),
        lambda m, n: _holiday_weekend(_latest_bank_holiday(n, m.string), "bank holiday"),
    ),
    (
        gated(r"\bbetween (?:christmas|xmas) and new year'?s?\b", "between"),
        lambda m, n: (
            holidays.latest("christmas", n)[0],
            holidays.latest("christmas", n)[0] + timedelta(days=8),
        ),
    ),
    (
        gated(
            rf"\b(?:(?P<n>{_EN_NUM}) days?|the (?:day|night|evening)|(?P<wk>the (?:(?P<wn>{_EN_NUM}) )?weeks?)) (?P<r>before|after) "
            rf"(?:(?P<yr>last year'?s|this year'?s) )?(?P<h>{EN_HOLIDAYS})\b(?: (?P<yr2>last year|this year|(?:19|20)\d{{2}}))?",
            "before",
            "after",
        ),
        lambda m, n: _around_holiday(
            _holiday(_en_named(m), m["yr"] or m["yr2"], n, _clause(m)),
            (en_number(m["n"] or m["wn"] or "1")) * (-1 if m["r"].lower() == "before" else 1),
            bool(m["wk"]),
        ),
    ),
    (
        gated(r"\bover easter\b|\b(?:the )?easter (?:holidays?|break|weekend)\b", "easter"),
        lambda m, n: _holiday_weekend(_holiday("easter", None, n, _clause(m)), "easter"),
    ),
    (
        # "Thanksgiving week", and said inside Chinese ("Thanksgiving 那个礼拜", "Christmas 那周", "Lebaran放假那个星期");
        # the forty-ninth round: "that week" said of the holiday later in its sentence ("a run on hampers for
        # Mother's Day, how many did we ship that week?")
        gated(
            rf"\b(?:the )?(?P<h>{EN_HOLIDAYS})(?: week\b|\s?(?:放假|假期|假)?\s?(?:那一?周|那一?个(?:礼拜|星期)"
            r"|所在的?(?:那一?个?)?(?:周|礼拜|星期))|\b[^.?!。？！]{0,80}?\bthat week\b)",
            *_EN_HOLIDAY_WORDS,
        ),
        lambda m, n: _week_around(_holiday(_en_named(m), None, n)[0]),
    ),
    (
        # "BFCM": Black Friday to Cyber Monday; "Cyber Five": Thanksgiving to Cyber Monday
        gated(r"\bbfcm\b(?: weekend)?|\bcyber (?:5|five)\b", "bfcm", "cyber"),
        lambda m, n: (
            _holiday("black friday", None, n)[0] - timedelta(days=0 if "bfcm" in m.group(0).lower() else 1),
            _holiday("black friday", None, n)[0] + timedelta(days=4),
        ),
    ),
    (
        # "the last working day before Christmas", "the first business day after Easter Monday"
        gated(
            rf"\bthe (?P<e>last|final|first) (?:working|business|biz) day (?P<r>before|after) (?:the )?(?P<h>{EN_HOLIDAYS})\b",
            "before",
            "after",
        ),
        lambda m, n: _working_day_beside(_holiday(_en_named(m), None, n), m["r"].lower() == "after"),
    ),
    (
        # "the Monday after Easter", "the Friday before Christmas", "the Tuesday after Labor Day": the first such
        # weekday after the holiday's days, or the last before them (the holiday as said alone)
        gated(
            rf"\bthe (?P<w>{_ANY_WEEKDAY})\.? (?P<r>before|after) (?:the )?(?P<h>{EN_HOLIDAYS})\b",
            "before",
            "after",
        ),
        lambda m, n: _weekday_beside(
            _holiday(_en_named(m), None, n),
            _weekday(m["w"]),
            m["r"].lower() == "after",
        ),
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
            rf"\bthe first (?:full )?week (?:back )?after (?:the )?(?P<h>{EN_HOLIDAYS})\b",
            "after",
        ),
        lambda m, n: _week_around(
            _days_from_holiday(_holiday(_en_named(m), None, n), None, "后第一个工作日")[0]
        ),
    ),
    (
        # "during 618 this year": that year's 18 June
        gated(r"\bduring 618 (?P<yr>this year|last year)\b", "618"),
        lambda m, n: _holiday("618", m["yr"], n),
    ),
]

EN += [
    (
        # the double-day online sales of Southeast Asia's shops (Shopee's and Lazada's 9.9, 10.10, 11.11, 12.12)
        # said in English before "sale": that day of the month, the latest passed
        gated(
            r"(?<![\d./])(?P<m>[1-9]|1[0-2])\.(?P=m)(?![\d./])"
            r"(?=\s(?:mega\s|big\s|payday\s)?(?:sales?|deals?|promos?|campaign)\b)",
            "sale",
            "deal",
            "promo",
            "campaign",
        ),
        lambda m, n: _month_day(n, int(m["m"]), int(m["m"])),
    ),
    # the thirty-fourth round, read only with a region: the days the clocks change ("since the clocks went back",
    # "since daylight saving finished": from that day to today; "since the clocks changed": the latest change)
    # and the long weekend a month names ("over the May long weekend" in Canada)
    (
        gated(
            # the week or the weekend it happened in ("the weekend the clocks
            # went back", "the week daylight saving started")
            # (the forty-ninth round: "the sunday the clocks went forward", the day itself)
            r"(?:\bthe (?:(?P<wkd>weekend)|(?P<wk>week)|sunday|day|night) (?:that |when )?)?"
            r"(?:\b(?:the )?clocks? (?:(?:were|was|got|have|had) )?(?:went|go|gone|put|turned|moved|set|sprang|sprung"
            r"|fell|changed?|jumped|rolled)(?: (?P<d>back|backwards?|forwards?|ahead))?\b"
            r"|\b(?:daylight sav(?:ing|ings)|dst|summer ?time|bst)(?: time)? (?:has |had )?(?P<v>started|began|begun"
            r"|kicked in|came in|ended|finished|stopped|was over|went off)\b"
            r"|\b(?:the )?(?P<p>start|beginning|end) of (?:daylight sav(?:ing|ings)|dst|summer ?time|bst)(?: time)?\b)",
            *_REGION_ONLY,
        ),
        lambda m, n: _around_clock_change(
            _clock_change(
                n,
                m.string,
                m["d"].lower().startswith("back")
                if m["d"]
                else m["v"].lower() in ("ended", "finished", "stopped", "was over", "went off")
                if m["v"]
                else m["p"].lower() == "end"
                if m["p"]
                else None,
            ),
            bool(m["wk"]),
            bool(m["wkd"]),
        ),
    ),
    (
        gated(rf"\b(?P<m>{_MONTH_NAMES}) long weekend\b", *_REGION_ONLY),
        lambda m, n: _month_long_weekend(_EN_MONTHS[m["m"].lower()], n, m.string),
    ),
]
