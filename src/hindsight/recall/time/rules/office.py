"""Rules that read office and fiscal shorthand (most came with the twenty-sixth round, offices and
operations): fiscal years and periods ("FY26", "P9 close", "period 3"), to-date spans ("MTD", "YTD last year"),
ISO weeks ("W14", "KW 31 bis KW 33"), weeks ending or beginning on a date ("w/e 3/5"), reports by issue
("上一期周报"), pay periods, close of business, budgets and plans for a year ("the 2026 budget")."""

from __future__ import annotations

from datetime import datetime, timedelta

from hindsight.recall.time.no_time import _MEANING, _no_time
from hindsight.recall.time.periods.counted import _last_units, _report_period, _to_date_year_back
from hindsight.recall.time.periods.days import _days, _rolling, _so_far, _week_of
from hindsight.recall.time.periods.digits import _iso_week, _iso_weeks, _week_by_numbers
from hindsight.recall.time.periods.months import _latest_begun_part, _month, _month_part, _past_month
from hindsight.recall.time.periods.quarters import (
    _latest_quarter,
    _quarter_end,
    _quarter_from,
    _quarter_month,
)
from hindsight.recall.time.periods.working_days import _nth_working_day
from hindsight.recall.time.periods.years import (
    _fiscal_year,
    _fiscal_year_named,
    _fiscal_year_of,
    _fiscal_year_part,
    _whole_year,
    _year_word,
)
from hindsight.recall.time.region import _REGION
from hindsight.recall.time.rules.pieces import (
    _OFFICE_NOUNS,
    _REGION_ONLY,
    ZH_MONTH,
    RuleRow,
    gated,
    zh_month_of,
    zh_ref_of,
)
from hindsight.recall.time.vocabulary import (
    _ANY_WEEKDAY,
    _EN_MONTHS,
    _EN_NUM,
    _MONTH_NAMES,
    _ZH_NUM,
    en_number,
    zh_number,
)


def _last_invoice_period(now: datetime) -> tuple[datetime, datetime]:
    """Taiwan's two-month VAT period (統一發票, 營業稅: January-February, March-April, …) before the one holding
    today: the one last filed, or being filed now."""
    first = now.month - (now.month - 1) % 2 - 2  # `_month` takes a month below 1 into the year before
    return _month(now.year, first)[0], _month(now.year, first + 1)[1]


ZH: list[RuleRow] = [
    (
        # the fiftieth round: Taiwan's last two-month invoice period (上一期發票, 這期要報的營業稅: the one being filed
        # is the last ended), read only with a region (Taiwan's)
        gated(
            r"(?:上一?期|这一?期要报|这期申报|本期要报)(?:的)?\s?(?:统一)?(?:发票|营业税|销售额)",
            *_REGION_ONLY,
        ),
        lambda m, n: _last_invoice_period(n) if _REGION.get() == "TW" else _no_time("not Taiwan's period"),
    ),
    (r"(?:本|这个?|当前)(?:计薪|工资|发薪|薪资)周期", lambda m, n: _month(n.year, n.month)),
    (
        gated(rf"{ZH_MONTH}(?:的)?关账(?:的时候|那几天|期间)", "关账"),
        lambda m, n: _month_part(zh_month_of(m, n), "late"),
    ),
    (
        gated(
            rf"(?P<y>(?:19|20)\d{{2}})年(?:的)?第(?P<wy>{_ZH_NUM})周"
            r"|第(?P<w>[5-9]|[1-4]\d|5[0-3]|[五六七八九]|[一二三四五]?十[一二三四五六七八九]?)周",
            "周",
        ),
        lambda m, n: _iso_week(n, zh_number(m["w"] or m["wy"]), int(m["y"]) if m["y"] else None, m.string),
    ),
    (
        gated(r"(?P<ref>上上个?月|上个?月|这个?月|本月)?(?:的)?月结(?=时|的时候|那|前后|期间|当天)", "月结"),
        lambda m, n: (
            _month_part(_month(n.year, n.month + (zh_ref_of(m["ref"]) or 0)), "late")
            if m["ref"]
            else _latest_begun_part(n, "late")
        ),
    ),
    (r"上个?计薪周期|上个?考勤周期", lambda m, n: _month(n.year, n.month - 1)),
    # the twenty-sixth round, offices: "上一期周报", "本期月报", "上期季报" — the period the report covers
    (
        gated(r"(?P<w>上上|上|本|这|当|下)一?期(?:的)?(?P<k>周报|月报|季报|季度报告|年报|日报)", "期"),
        lambda m, n: _report_period(n, {"上上": -2, "上": -1, "下": 1}.get(m["w"], 0), m["k"]),
    ),
    # "2026W14", "2026-W14", "2026年W14": that ISO week
    (
        gated(r"(?<!\d)(?P<y>(?:19|20)\d{2})(?:年|-)? ?(?:第)?[Ww](?P<w>[0-5]?\d)(?!\d)", "@digitword"),
        lambda m, n: _iso_week(n, int(m["w"]), int(m["y"]), m.string),
    ),
    # "最近一个迭代", "最近的sprint": the latest sprint, whose length is unknown — no range
    (
        gated(r"最近(?:的)?(?:一|这)?(?:个)?\s?(?:迭代|冲刺|[Ss]print|SPRINT)", "迭代", "冲刺", "sprint"),
        lambda m, n: _no_time("a sprint's length is unknown"),
    ),
]

EN: list[RuleRow] = [
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
    (r"\bytd\b|\byear to date\b", lambda m, n: _so_far(datetime(n.year, 1, 1), n)),
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
        gated(r"\b(?:the )?(?:last|previous|prior) pay(?:roll)? period\b", "pay"),
        lambda m, n: _month(n.year, n.month - 1),
    ),
    (
        gated(r"\bcy ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "cy"),
        lambda m, n: _whole_year(int(m["y"]) if len(m["y"]) == 4 else 2000 + int(m["y"])),
    ),
    (
        gated(rf"\b(?:the )?trailing (?P<n>{_EN_NUM}) months\b|\bttm\b", "trailing", "ttm"),
        lambda m, n: _rolling(n, 365 if not m["n"] or en_number(m["n"]) == 12 else 30 * en_number(m["n"])),
    ),
    (gated(r"\bm ?- ?(?P<k>[1-3])\b", "m-", "m -"), lambda m, n: _month(n.year, n.month - int(m["k"]))),
    (
        gated(r"\b(?:the )?(?P<h>first|1st|second|2nd) half of the (?:financial|fiscal) year\b", "half"),
        lambda m, n: _fiscal_year_part(
            _fiscal_year(n, 0, m.string),
            "first half" if m["h"].lower() in ("first", "1st") else "second half",
        ),
    ),
    (
        gated(r"\b(?:this|the current|current) pay ?(?:period|cycle)\b", "pay"),
        lambda m, n: _month(n.year, n.month),
    ),
    (
        gated(r"\b(?:the )?(?:q(?P<q>[1-4]) |quarter[- ]?)close\b", "close"),
        lambda m, n: _quarter_month(_latest_quarter(n, int(m["q"])), "late") if m["q"] else _quarter_end(n),
    ),
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
            # not the US tax form ("W2 and 1099", "my W-2 form", the forty-first round)
            r"\b(?:iso |calendar )?(?:(?:cw|kw|ww|w(?!2\s*(?:and|or|&|vs\.?|,)\s*1099|2 forms?\b)) ?"
            r"(?P<w>0?[1-9]|[1-4]\d|5[0-3])|(?:wk|week) ?(?P<w2>0[1-9]|[5-9]|[1-4]\d|5[0-3]))\b"
            # the forty-first round: not a week of something else ("week 6 of couch to 5k", "week 6 of my
            # pregnancy"): only of a year
            r"(?!\s*(?:days?|weeks?|%|am|pm)|\s+of\s+(?!(?:the |this |last |next )?(?:year|(?:19|20)\d{2}|fy)\b))"
            r"(?:,? (?:of )?(?P<y>(?:19|20)\d{2})\b)?",
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
            _iso_week(n, int(m["a"]), None)[0] + timedelta(weeks=int(m["b"]) - int(m["a"]) + 1),
        ),
    ),
    (
        gated(r"\b(?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b", "fy", "fiscal"),
        lambda m, n: _fiscal_year_named(int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), m.string),
    ),
    (
        gated(r"\b(?:prior|last|previous) fy\b|\b(?P<this>this|current) fy\b", "fy"),
        lambda m, n: _fiscal_year(n, 0 if m["this"] else -1, m.string),
    ),
    (gated(r"\bfytd\b", "fytd"), lambda m, n: _so_far(_fiscal_year(n, 0, m.string)[0], n)),
    (
        gated(
            r"\b(?:the )?(?P<o>first|last) week of (?:fy|fiscal(?: year)?) ?'?(?P<y>(?:19|20)\d{2}|\d{2})\b",
            "week of",
        ),
        lambda m, n: (
            _days(_fiscal_year_named(int(m["y"][-2:]) + 2000, m.string)[0], 7)
            if m["o"].lower() == "first"
            else _days(_fiscal_year_named(int(m["y"][-2:]) + 2000, m.string)[1] - timedelta(days=7), 7)
        ),
    ),
    # the rules only a region reads (the words that say these come from words/fiscal.fiscal_by_region, or as
    # the user wrote them): the region's financial and tax years (`region.FISCAL_YEARS`, `region.TAX_YEARS`),
    # calendar years where it keeps no other
    (
        # (not "the financial year" alone: "when does the financial year start" names none, as "the year" alone)
        gated(
            r"\b(?P<w>this|last|next) (?P<t>financial|tax) year\b|\bthe (?P<t2>financial|tax) year (?P<bl>before last)\b",
            *_REGION_ONLY,
        ),
        lambda m, n: _fiscal_year(
            n,
            -2 if m["bl"] else {"last": -1, "next": 1}.get(m["w"].lower(), 0),
            m.string,
            tax=(m["t"] or m["t2"]).lower() == "tax",
        ),
    ),
    (
        gated(r"\b(?P<t>financial|tax) year (?P<y>(?:19|20)\d{2})(?![0-9])", *_REGION_ONLY),
        lambda m, n: _fiscal_year_named(int(m["y"]), m.string, tax=m["t"].lower() == "tax"),
    ),
    (
        # (the forty-ninth round: "so far this tax year", "this financial year so far")
        gated(
            r"\b(?P<t>financial|tax) year to date\b|\bso far (?:in )?this (?P<t2>financial|tax) year\b"
            r"|\bthis (?P<t3>financial|tax) year so far\b",
            *_REGION_ONLY,
        ),
        lambda m, n: _so_far(
            _fiscal_year(n, 0, m.string, tax=(m["t"] or m["t2"] or m["t3"]).lower() == "tax")[0], n
        ),
    ),
    (
        gated(
            r"\b(?:the )?(?:(?P<p>start|beginning|end) of|(?P<o>first|second|third|fourth|1st|2nd|3rd|4th)"
            r" (?P<u>quarter|half) of|(?P<k>q[1-4]|h[12]) of) (?P<w>the|this|last|next) (?:(?P<t>financial|tax) year|fy)\b",
            *_REGION_ONLY,
        ),
        lambda m, n: _fiscal_year_of(m, n),
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
        lambda m, n: _days(n + timedelta(days=int(m["n"]) * (1 if m["s"] == "+" else -1))),
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
]
