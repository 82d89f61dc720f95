"""Rules that read a year and its parts: named or counted ("去年", "后年", "CY26", "in '98"), its start,
end, middle and halves ("年底", "下半年", "H2", "mid-year"), its first or last days or weeks; seasons, semesters,
school breaks and academic years."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.no_time import _no_time
from hindsight.recall.time.periods.counted import _after_next
from hindsight.recall.time.periods.days import _days
from hindsight.recall.time.periods.months import _month, _month_part, _past_month
from hindsight.recall.time.periods.seasons import (
    _ZH_SEASONS,
    _break_of,
    _en_season,
    _named_semester,
    _school_break,
    _season_edge,
    _season_of,
    _semester,
    _zh_season,
)
from hindsight.recall.time.periods.years import (
    _EN_YEAR_PARTS,
    _ZH_YEAR_PARTS,
    _en_year,
    _end_of_year,
    _first_months,
    _fiscal_year,
    _mid_year,
    _whole_year,
    _year_part,
    _year_word,
    _zh_year_part,
)
from hindsight.recall.time.region import _school_year_start, _southern
from hindsight.recall.time.rules.pieces import _REGION_ONLY, RuleRow, gated
from hindsight.recall.time.vocabulary import (
    _EN_NUM,
    _ORDINAL_WEEKS,
    _QUARTER_OFFSETS,
    _YEAR_OFFSET,
    _ZH_NUM,
    en_number,
    zh_number,
)

ZH: list[RuleRow] = [
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
        # 后年 / 後年, 大后年: the year after next, the one after that
        gated(r"(?P<big>大)?(?<![以之然前最落今往])后年(?![级龄纪代])", "后年"),
        lambda m, n: _whole_year(n.year + (3 if m["big"] else 2)),
    ),
    (r"大前年", lambda m, n: (datetime(n.year - 3, 1, 1), datetime(n.year - 2, 1, 1))),
    (r"上一年(?!级|度)", lambda m, n: _whole_year(n.year - 1)),
    (
        r"(?P<h>上|下)半年(?:的)?最后一个月",
        lambda m, n: _past_month(n, 6 if m["h"] == "上" else 12),
    ),
    (r"(?<!每)年中(?![午秋])", lambda m, n: _mid_year(n)),
    (
        gated(
            r"(?P<yr>今年|去年|前年)(?:的)?(?:头(?P<k>[一二三四五六两俩仨1-6])个?|前(?P<k2>[一二三四五六两俩仨1-6])个)月",
            "头",
            "前",
        ),
        lambda m, n: _first_months(n.year + _YEAR_OFFSET[m["yr"]], zh_number(m["k"] or m["k2"])),
    ),
    (
        r"(?P<yr>去年|今年|前年|明年)(?:的)?(?P<e>最后|第一)一?(?P<u>天|个?(?:周|星期|礼拜))(?![一二三四五六日天末])",
        lambda m, n: _end_of_year(n.year + _YEAR_OFFSET[m["yr"]], m["e"] == "第一", m["u"] != "天"),
    ),
    (
        r"(?P<yr>去年|今年|前年)(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
        lambda m, n: _month_part(_month(n.year + _YEAR_OFFSET[m["yr"]], 12), "last week"),
    ),
    (
        r"(?P<yr>去年|今年|明年|前年)(?:的)?(?P<s>春天|夏天|秋天|冬天|春季|夏季|秋季|冬季|[春夏秋冬]上(?![来去班学课市网])|[春秋]里)"
        r"|(?P<lead>刚过去的|这个|刚刚过去的)(?:这个|那个)?(?P<s2>春天|夏天|秋天|冬天)"
        # 上个夏天 (the latest ended, as "last summer")
        r"|上一?个(?P<s3>春天|夏天|秋天|冬天|春季|夏季|秋季|冬季)",
        lambda m, n: _zh_season(m, n),
    ),
    (
        r"(?P<yr>去年|今年|明年)?开春",
        lambda m, n: (
            _month(n.year + {"去年": -1, "今年": 0, "明年": 1}[m["yr"]], 3) if m["yr"] else _past_month(n, 3)
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
    (r"旧年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
    (r"出年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
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
        # a year by its number ("2027年底", and Taiwan's "民國116年底" once words/where_the_user_lives.py has read it)
        r"(?P<y>(?:19|20)\d{2})年(?P<part>初(?![一二三四五六七八九十])|头(?![发疼痛])|底|末|尾)",
        lambda m, n: _year_part(int(m["y"]), _ZH_YEAR_PARTS["年" + m["part"]]),
    ),
    (
        r"(?P<yr>去年|今年|前年|旧年)(?:的)?最后(?:一|那)个月",
        lambda m, n: _month(n.year + _YEAR_OFFSET[m["yr"]], 12),
    ),
    (
        r"(?:这|本|今)一?整年(?!以来|来)",
        lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
    ),
    (r"明年", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
    (r"前年", lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1))),
    (r"去年", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
    (
        r"今年(?!\s*(?:才|刚|已经|都)?\s*(?:[0-9]+|[一二两三四五六七八九十]+)[几多]?\s*(?:周)?(?:岁|了|啦))"
        r"(?!\s*(?:几岁|几多岁|多大|多少岁|有几岁|有多大))"
        # an age said without 岁 ("老伴今年七十三 能办老年卡不", "他今年八十多，"): a count of ten or more alone
        r"(?!\s*(?:俺|我|他|她|咱)?(?:才|刚|已经|都|也|满|快|虚岁|周岁|整)?\s*"
        r"(?:[1-9][0-9]|[二三四五六七八九]?十[一二三四五六七八九]?|一百[零一二三四五六七八九十]*)"
        r"(?:多|来|出头|好几|有[一二三四五六七八九])?(?:[\s，,。！!？?、了岁]|$))"
        # a grade said of this year ("孩子今年高三", "今年读大二", "今年上三年级"): the child's school year, no time
        # to search (the forty-ninth round)
        r"(?!\s*(?:才|刚|已经|都|就)?\s*(?:读|上|念|升)?\s*(?:高|初|大|小学|研)[一二三四]"
        r"|\s*(?:才|刚|已经|都|就)?\s*(?:读|上|念|升)?\s*[一二三四五六]年级)",
        lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
    ),
    (r"(?P<y>\d{4})年", lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1))),
    # "去年年中盘点", "今年年中": June and July of the year named
    (
        gated(r"(?P<yr>去年|今年|前年|明年|(?:19|20)\d{2}年)(?:的)?年中(?![午秋])", "年"),
        lambda m, n: (
            datetime(_year_word(m["yr"], n) or n.year, 6, 1),
            datetime(_year_word(m["yr"], n) or n.year, 8, 1),
        ),
    ),
    # "本学期第三周": the semester's third seven days from its start (as "the second week of September")
    (
        gated(rf"(?P<w>这|本|上)(?:个|一个)?学期(?:的)?第(?P<k>{_ZH_NUM})(?:个)?(?:周|星期|礼拜)", "学期"),
        lambda m, n: _days(
            _semester(n, 1 if m["w"] == "上" else 0)[0] + timedelta(weeks=zh_number(m["k"]) - 1),
            7,
        ),
    ),
    # "上个半年": the half-year before this one (as "the previous half")
    (
        r"上一?个半年(?!度)",
        lambda m, n: (
            _year_part(n.year - 1, "second half") if n.month <= 6 else _year_part(n.year, "first half")
        ),
    ),
]


def _school_year(now: datetime, back: int, query: str) -> tuple[datetime, datetime]:
    """The school year holding today (`back` 0) or the one before (1), by the region's first month
    (`region.SCHOOL_YEARS`); no range where the region keeps no one school year."""
    month = _school_year_start(query)
    if month is None:
        raise ValueError("no school year known for the region")
    year = now.year - (now.month < month) - back
    return datetime(year, month, 1), datetime(year + 1, month, 1)


def _taiwan_school_year(year: int, term: str | None) -> tuple[datetime, datetime]:
    """Taiwan's school year beginning in August of `year`, or its first (August-January) or second term."""
    if term is None:
        return datetime(year, 8, 1), datetime(year + 1, 8, 1)
    if term in ("上", "第一"):
        return datetime(year, 8, 1), datetime(year + 1, 2, 1)
    return datetime(year + 1, 2, 1), datetime(year + 1, 8, 1)


ZH += [
    # the thirty-fourth round, read only with a region (whose hemisphere decides the months; without one the
    # parser reads no such phrase, as "the start of autumn"): a season said alone before 的时候 / 那会儿 ("冬天的时候
    # 我跟你说过", the latest begun), and its start before 以来 ("入秋以来": from its first month to today)
    (
        gated(
            r"(?<![去今明前年的个])(?P<s>[春夏秋冬])(?:天|季)(?=的时候|那会儿?|那阵子?|那段时间|那几个月|那几个礼拜)",
            *_REGION_ONLY,
        ),
        lambda m, n: _en_season(n, _ZH_SEASONS[m["s"]], "in", _southern(m.string)),
    ),
    (
        # a season said alone opening the sentence, before where something was done
        # ("冬天在 Queenstown 买的 lift pass", "夏天去海边那次"): the latest begun, read only with a region
        gated(
            r"^(?:我们?|我哋)?(?P<s>[春夏秋冬])(?:天|季)"
            r"(?=\s?(?:在|去|喺)[^，。,？?！!]{1,24}?(?:的|了|咗|过|那次|那回|嗰次)"
            # the fiftieth round: before what someone did then, said done ("冬天外婆走的时候", "秋天奶奶的追思会")
            r"|(?!的?(?:衣服|装|款|季度))[^，。,？?！!]{1,24}?(?:的时候|走了|走的|了|咗|过|的追思|的葬礼|的婚礼))",
            *_REGION_ONLY,
        ),
        lambda m, n: _en_season(n, _ZH_SEASONS[m["s"]], "in", _southern(m.string)),
    ),
    (
        # 这个学年, 本学年, 上个学年 (the school year holding today, the one before), by the
        # region's (read only with a region)
        # (学年度, Taiwan's word, the same year: the forty-ninth round)
        gated(r"(?P<w>这一?个?|本|今|上一?个?)学年度?(?!级|制)", *_REGION_ONLY),
        lambda m, n: _school_year(n, m["w"].startswith("上"), m.string),
    ),
    (
        # Taiwan's school year by its year of the Republic ("115學年度": 1 August 2026 to 31 July 2027, as the
        # Ministry of Education counts it; 上學期 August-January, 下學期 February-July)
        gated(r"(?<!\d)(?P<y>1[0-2]\d)\s?学年度?(?:的?(?P<s>上|下|第一|第二)学期)?", *_REGION_ONLY),
        lambda m, n: _taiwan_school_year(int(m["y"]) + 1911, m["s"]),
    ),
    (
        # "入秋以来", "入春到现在", and the season said alone before 以来 ("秋天以来"): from its first month to today
        gated(
            r"入(?P<s>[春夏秋冬])(?=以来|以后|之后|后|至今|到现在|到而家|到今天)"
            r"|(?<![去今明前年的个入])(?P<s2>[春夏秋冬])(?:天|季)(?=(?:开始)?(?:以来|至今|到现在|到而家))",
            *_REGION_ONLY,
        ),
        lambda m, n: _season_edge(n, _ZH_SEASONS[m["s"] or m["s2"]], True, _southern(m.string)),
    ),
]

EN: list[RuleRow] = [
    (r"\b(?:last to last|previous to previous) year\b", lambda m, n: _whole_year(n.year - 2)),
    (
        # this / last school (academic) year, by the region's (read only with a region)
        gated(
            r"\b(?P<w>this|current|last|previous) (?:school|academic) year\b(?!'s? (?:start|end))",
            *_REGION_ONLY,
        ),
        lambda m, n: _school_year(n, m["w"].lower() in ("last", "previous"), m.string),
    ),
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
            r"\b(?P<w>in|during|over|this|last|l(?:a)?st|next|this past|past) (?:the )?(?P<s>spring|summer|fall|autumn|winter)\b"
            r"(?! (?:bank |public )?(?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)"
            r"(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
            *("spring", "summer", "fall", "autumn", "winter"),
        ),
        lambda m, n: (
            _season_of(int(m["y"]), m["s"].lower(), _southern(m.string))
            if m["y"]
            else _en_season(n, m["s"].lower(), m["w"].lower(), _southern(m.string))
        ),
    ),
    (
        # "since the start of spring", "the end of winter": the season's first or last month, the latest begun. Read
        # only with a region (whose hemisphere decides the months; without one the parser reads no such phrase, as
        # it did before regions)
        # (the forty-ninth round: "since summer started", as "since the start of summer")
        gated(
            r"\b(?:the )?(?P<p>start|beginning|end) of (?:the |this )?(?P<s>spring|summer|autumn|fall|winter)\b"
            r"|(?<=\bsince )(?:the )?(?P<s2>spring|summer|autumn|fall|winter) (?:has |had )?(?:started|began|begun"
            r"|kicked in|arrived|came)\b",
            *_REGION_ONLY,
        ),
        lambda m, n: _season_edge(
            n,
            (m["s"] or m["s2"]).lower(),
            m["s2"] is not None or m["p"].lower() != "end",
            _southern(m.string),
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
        gated(
            r"\b(?:the )?(?:previous|preceding|prior) (?:fiscal |financial )?year\b|\blast (?:fiscal|financial) year\b",
            *("prev", "preceding", "prior", "fiscal", "financial"),
        ),
        # a fiscal or financial year is the region's (a calendar year without one: `_fiscal_year`)
        lambda m, n: (
            _fiscal_year(n, -1, m.string)
            if "al year" in m.group(0).lower()
            else (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))
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
        r"\b(?:back )?in '(?P<yy>\d{2})\b",
        lambda m, n: (datetime(2000 + int(m["yy"]), 1, 1), datetime(2001 + int(m["yy"]), 1, 1)),
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
        r"\b(?:the )?year before last\b",
        lambda m, n: (datetime(n.year - 2, 1, 1), datetime(n.year - 1, 1, 1)),
    ),
    (r"\bnext year\b", lambda m, n: (datetime(n.year + 1, 1, 1), datetime(n.year + 2, 1, 1))),
    (
        gated(
            r"\b(?:in |at |around |towards? )?(?:the )?(?P<part>early|beginning of|start of|end of|late|first half of|second half of|1st half of|2nd half of)"
            r"\s+(?:the )?(?P<ref>last year|this year|the year|(?P<y>(?:19|20)\d{2}))\b",
            "year",
            "19",
            "20",
        ),
        lambda m, n: _year_part(
            int(m["y"]) if m["y"] else n.year + _YEAR_OFFSET.get(m["ref"].lower().replace("lst", "last"), 0),
            _EN_YEAR_PARTS[m["part"].lower()],
            n if m["ref"] and m["ref"].lower() == "the year" else None,
        ),
    ),
    (
        gated(r"\b(?:on )?the (?P<e>first|last) day of (?:the|this) year\b", "day of"),
        lambda m, n: _days(datetime(n.year, 1, 1) if m["e"].lower() == "first" else datetime(n.year, 12, 31)),
    ),
    (
        # "the month after next", "next to next year" (as "the year after next"): that calendar month / year
        gated(r"\b(?:the )?(?P<u>month|year|quarter) after next\b", "after next"),
        lambda m, n: _after_next(n, m["u"].lower()),
    ),
    (
        gated(r"\b(?:in )?the first few days of (?:the|this) year\b", "year"),
        lambda m, n: _days(datetime(n.year, 1, 1), 10),
    ),
    (
        gated(
            rf"\bthe (?:first|1st) (?P<n>{_EN_NUM}) months of (?:the )?(?P<ref>this year|last year|year|(?:19|20)\d{{2}})\b",
            "months of",
        ),
        lambda m, n: _first_months(_en_year(m["ref"], n), en_number(m["n"])),
    ),
    (
        gated(r"\b(?P<ref>last|this) year (?:end|ending)\b|\bending of (?P<ref2>last|this) year\b", "end"),
        lambda m, n: _year_part(n.year + _QUARTER_OFFSETS[(m["ref"] or m["ref2"]).lower()], "late"),
    ),
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
    (r"\blast year\b", lambda m, n: (datetime(n.year - 1, 1, 1), datetime(n.year, 1, 1))),
    (
        r"(?<!\d )\bthis (?:whole |entire )?year\b",
        lambda m, n: (datetime(n.year, 1, 1), datetime(n.year + 1, 1, 1)),
    ),
    (
        r"\b(?:in|during) (?P<y>(?:19|20)\d{2})\b",
        lambda m, n: (datetime(int(m["y"]), 1, 1), datetime(int(m["y"]) + 1, 1, 1)),
    ),
    (gated(r"\bmid-?year\b", "year"), lambda m, n: _mid_year(n)),
    (gated(r"\bthe semester before last\b", "before last"), lambda m, n: _semester(n, 2)),
    (
        gated(r"\b(?:the )?(?P<s>spring|summer|fall|autumn|winter) before last\b", "before last"),
        lambda m, n: _season_of(
            _en_season(n, m["s"].lower(), "last", _southern(m.string))[0].year - 1,
            m["s"].lower(),
            _southern(m.string),
        ),
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
            + timedelta(weeks=(int(m["k"]) if m["k"] else _ORDINAL_WEEKS[m["o"].lower()]) - 1),
            7,
        ),
    ),
    (
        # "AY 26/27", "SY 2026-27", "AY2026/27": the academic year, 1 September to 31 August
        gated(r"\b(?:ay|sy) ?(?:20)?(?P<y>\d{2})[/-](?:20)?(?P<y2>\d{2})\b", "ay 2", "ay2", "sy 2", "sy2"),
        lambda m, n: (
            (datetime(2000 + int(m["y"]), 9, 1), datetime(2001 + int(m["y"]), 9, 1))
            if int(m["y2"]) == int(m["y"]) + 1
            else _no_time("not two years in a row")
        ),
    ),
    (
        # "this half", "next half": the half-year
        gated(r"\b(?P<w>this|next|current) half(?: year)?\b(?! of\b)", "half"),
        lambda m, n: (
            _year_part(n.year, "first half" if n.month <= 6 else "second half")
            if m["w"].lower() != "next"
            else (_year_part(n.year, "second half") if n.month <= 6 else _year_part(n.year + 1, "first half"))
        ),
    ),
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
            r"(?! (?:bank |public )?(?:break|vacation|holidays?|term|semester|sale|collection|dress|clothes|tyres|tires)\b)",
            *("spring", "summer", "fall", "autumn", "winter"),
        ),
        lambda m, n: _season_of(
            int(m["y"] or m["y2"]),
            (m["s"] or m["f"] or m["s2"]).lower().replace("fall", "autumn"),
            _southern(m.string),
        ),
    ),
]
