"""Rules that read a quarter: named or counted ("第三季度", "Q3 2026", "last quarter", "两个季度前"),
a part of it ("季末", "early Q3", "the last week of this quarter"), quarters together ("前三季度", "Q1-Q3")."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

from hindsight import prefilter
from hindsight.recall.time.periods.months import _month, _month_ends, _month_part
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
from hindsight.recall.time.periods.working_days import _edge_working_day, _quarter_day
from hindsight.recall.time.periods.years import _year_word
from hindsight.recall.time.region import _place
from hindsight.recall.time.rules.pieces import ZH_MONTH, RuleRow, gated, zh_month_of
from hindsight.recall.time.vocabulary import (
    _EN_NUM,
    _QUARTER_NUMBERS,
    _QUARTER_OFFSETS,
    _YEAR_OFFSET,
    _ZH_NUM,
    en_number,
    zh_number,
)

FISCAL_QUARTERS = {"IN": 4}
"""Where a quarter said without a year (a bare "Q1") is the financial year's, by the month that year begins in:
India's, April (as the region authors of the fiftieth round and the thirty-sixth read "Q1" in an Indian office;
elsewhere the calendar's, as CONVENTIONS.md has it)."""
_QUARTER_ANCHOR = prefilter.compile(r"(?<![a-z])q[1-4](?![0-9])", re.IGNORECASE)


def _latest_fiscal_quarter(now: datetime, quarter: int, first_month: int) -> tuple[datetime, datetime]:
    """Quarter `quarter` of the latest financial year (begun in `first_month`) in which it has begun."""
    first = first_month + 3 * (quarter - 1)  # `_month` takes a month past December into the next year
    year = now.year if _month(now.year, first)[0] <= now else now.year - 1
    return _month(year, first)[0], _month(year, first + 2)[1]


ZH: list[RuleRow] = [
    (
        # 这一季, 呢一季: this quarter
        gated(r"(?:这|本)一季(?![度节])", "一季"),
        lambda m, n: _quarter_from(n, 0),
    ),
    (
        # "上个月最后两周", "第三季度最后两周", "本季度头两周": the period's first or last 7, 14, 21 days
        gated(
            rf"(?:{ZH_MONTH}|(?P<qyr>去年|今年|前年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度"
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
        gated(
            r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?(?:第|头)?(?P<q>[一二三四1-4首])个?季度(?:的)?最后一(?:个)?(?:周|礼拜|星期)",
            "季度",
        ),
        lambda m, n: _month_part(
            _quarter_month(_latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n)), "late"),
            "last week",
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
            _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[1] - timedelta(days=7),
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
                _quarter_from(n, _QUARTER_OFFSETS[m["w"]])[0] + timedelta(days=7),
            )
            if m["wk"]
            else _edge_working_day(_quarter_from(n, _QUARTER_OFFSETS[m["w"]]), m["e"] == "最后一")
        ),
    ),
    (
        r"(?P<yr>去年|今年)?第(?P<q>[一二三四1-4])季(?![度剧集节播])|上一?季(?![度剧集节播])",
        lambda m, n: (
            _latest_quarter(n, _QUARTER_NUMBERS[m["q"]], _year_word(m["yr"], n))
            if m["q"]
            else _quarter_from(n, -1)
        ),
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
    # "前三季度", "今年前三季度", "2026年前两个季度": Q1 to that quarter
    (
        gated(r"(?P<yr>去年|今年|前年|(?:19|20)\d{2}年)?(?:的)?前(?P<k>[二两三2-3])(?:个)?季度", "季度"),
        lambda m, n: _first_quarters(n, zh_number(m["k"]), _year_word(m["yr"], n)),
    ),
    # "季中复盘": this quarter's middle month (when begun, else last quarter's)
    (
        gated(r"(?<![每四换])(?:本|这个?)?季中(?![心国午间旬])", "季中"),
        lambda m, n: _quarter_part_begun(n, "mid"),
    ),
]

EN: list[RuleRow] = [
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
            r"(?:(?P<yr>last year'?s|this year'?s|去年|今年|前年|(?:19|20)\d{2}年?)\s*(?:的)?\s*)?(?<![a-z])q(?P<q>[1-4])"
            r"(?![0-9])(?:\s*(?:of\s+)?(?P<yr2>last year|this year|(?:19|20)\d{2}))?",
            *("q1", "q2", "q3", "q4"),
        ),
        lambda m, n: (
            _latest_quarter(n, int(m["q"]), _year_word(m["yr"] or m["yr2"], n))
            if m["yr"] or m["yr2"] or _place(m.string, _QUARTER_ANCHOR) not in FISCAL_QUARTERS
            else _latest_fiscal_quarter(
                n, int(m["q"]), FISCAL_QUARTERS[_place(m.string, _QUARTER_ANCHOR) or ""]
            )
        ),
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
    (
        gated(r"\b(?:in |during )?the (?:final|last) week of (?P<ref>this|last|next) quarter\b", "quarter"),
        lambda m, n: _month_ends(_quarter_from(n, _QUARTER_OFFSETS[m["ref"].lower()]), 7, False),
    ),
    (
        gated(rf"\b(?P<n>{_EN_NUM}) quarters? ago\b", "quarter"),
        lambda m, n: _quarter_from(n, -en_number(m["n"])),
    ),
    (gated(r"\bthe quarter before last\b", "quarter"), lambda m, n: _quarter_from(n, -2)),
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
        gated(r"\blast quarter[- ]end\b|\bthe end of last quarter\b", "quarter"),
        lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
    ),
    (gated(r"\bquarter[- ]end\b", "quarter"), lambda m, n: _quarter_end(n)),
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
        # "the last quarter-end": the last month of last quarter; "a year ago this month / quarter"
        gated(r"\bthe (?:last|previous|prior) quarter[- ]end\b", "quarter"),
        lambda m, n: _quarter_month(_quarter_from(n, -1), "late"),
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
]
