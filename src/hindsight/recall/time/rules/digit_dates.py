"""Rules that read a date written in digits ("2026-03-04", "3/4/2027", "4.3.2027", "2026年3月5日",
"4/3 那天", "by 3/31"): month first, unless the first number is over 12 or the query names a place that writes
the day first."""

from __future__ import annotations

import re
from datetime import datetime

from hindsight.recall.time.periods.days import _days
from hindsight.recall.time.periods.digits import (
    _bare_date,
    _digit_span,
    _digits_no_year,
    _month_and_day,
    _numeric_date,
    _swapped_in_region,
)
from hindsight.recall.time.periods.months import (
    _ZH_PARTS,
    _day_in_past_month,
    _month,
    _month_day,
    _month_part,
)
from hindsight.recall.time.periods.years import _year_word
from hindsight.recall.time.rules.pieces import _NOT_A_FRACTION, _REGION_ONLY, RuleRow, gated
from hindsight.recall.time.vocabulary import _EN_MONTHS, _MONTH_NAMES, _ZH_NUM, zh_number

_DEED = (
    r"做|交|缴|转给|转账|汇|付|买|卖|搬|签|寄|发给|领|报名|约|订|退|还|借|存|取|飞|面试|体检|复诊|开刀|入职|离职|出发"
    r"|返|睇|去|见|看|过(?:咗|了)?数|入(?:咗|了)?数"
)
"""What one does on a day, said right after its date ("11/9 做 body check", "5/10交咗嘅學費")."""

_EVENT_NOUNS = (
    r"gig|concert|show|match|game|fixture|final|race|derby|order|purchase|haul|parcel|package|delivery|booking"
    r"|tickets?|party|wedding|owambe|reception|festival|screening|premiere|performance|recital|musical|fair"
    r"|market|outing|sale|trip"
    # the forty-ninth round: a clinic, an appointment, a shift ("mam's 12/11 clinic", "my 3/4 night shift")
    r"|clinic|appointment|appt|shift|scan|check-?up|exam|interview"
    # the fiftieth round: a seller's dates ("a 3/7 ship by date", "the 4/2 due date")
    r"|ship[- ]?by(?: date)?|due date|dispatch date|rehearsal|soundcheck|viewing|session|lesson|service"
)
"""What is bought, booked or seen on a day said in digits before it ("the 2/3 gig", "my 4/9 order")."""

_EVENT_KINDS = (
    r"holiday|family|school|class|work|office|team|company|birthday|weekend|road|beach|camping|shopping"
    r"|group|field|hen|stag|grad|graduation|farewell|christmas|xmas|new year|eid|diwali|raya"
)
"""The kind of outing said between its date and it ("the 2/9 holiday trip", "our 4/12 office party"); not a
price or an amount ("the 1/2 price sale")."""

_AMOUNTS_THAT_WERE = (
    *("score", "result", "ratio", "rating", "mark", "marks", "grade", "odds", "tank", "glass", "battery"),
    *("share", "split", "it", "that", "this"),
)
"""What, before "was 3/4", is an amount or a score, not a day ("the score was 3/4")."""
_WITH_SOMEONE = r"(?:跟|和|同)[^，。？！,?!\s]{1,12}?(?:谈|倾|聊|见面|开会|签|吃饭|通电话|打电话|讲)"
"""What one did with someone on a day said right before ("我 4/6 跟越南供应商谈的价格")."""

_DOTTED_ZERO = re.compile(r"(?<!\d)0\d")


def _shorthand(date: str) -> bool:
    """A date written with a dot and no leading zero ("3.8", "11.11"): Chinese shorthand, month first everywhere;
    one with a leading zero ("04.03") is a form's date, read in the region's order as a date with a slash."""
    return "." in date and _DOTTED_ZERO.search(date) is None


ZH: list[RuleRow] = [
    (
        # a month written with its leading zero ("02/03那天") as without it
        # (a first number over 12 is the day, read where the region writes
        # the day first: "28/12 至 2/1")
        r"(?<![\d./])(?P<mo>1[0-2]|0?[1-9]|(?<!\.)(?:1[3-9]|2\d|3[01])(?=/))[./](?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])"
        r"(?=\s?(?:那|当天|当晚|的时候|放假)"
        # the thirty-fourth round: the day something was said or sent to the assistant ("我5/6同你讲过", "我在10/11跟你
        # 说过", "我4/9转给你的", "7/12 我跟你说过")
        r"|\s?我?(?:跟|同|和|对|向|转给|发给|传给|寄给|告诉|提醒)(?:你|妳|您)"
        # the thirtieth round: one that opens a span to a day or another such date ("从5/1到昨天", "3/2至3/9")
        r"|(?:起|开始)?\s?(?:到|至|~|～)\s?(?:昨天|今天|现在|目前|今日|昨日|前天"
        r"|(?:3[01]|[12]\d|[1-9])[./]\d{1,2}(?![\d./])(?!\s?[杯勺碗克斤升])))",
        lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string, _shorthand(m.group(0))),
    ),
    (
        # a date opening the sentence, or right after 我 / 我们, before what was done that day ("11/9 做 body check
        # 嘅報告", "5/10交咗嘅學費", "我 9/8 转给表哥的钱"): the time of the deed (an amount there is "把3/4转给他")
        r"(?:^|(?<=^\s)|(?<=^我)|(?<=^我们)|(?<=^我哋)|(?<=^我\s)|(?<=^我们\s)|(?<=^我哋\s))(?P<mo>1[0-2]|0?[1-9])[./](?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])"
        rf"(?=\s?(?:{_DEED}|{_WITH_SOMEONE}))",
        lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string, _shorthand(m.group(0))),
    ),
    (
        # a date opening the sentence, then where the deed was done and the deed ("1/11 在
        # Shopee 买的", "11/12 喺启德睇嗰场波", "3/5 在虾皮下的单"): the day of the deed
        # (with a region, whose order the date is read in; the deed said done: 买的, 看了, 睇嗰场)
        gated(
            # (after 我 / 我们 / 我哋, "我5/2在 NTUC 买的")
            r"(?:^|(?<=^我)|(?<=^我们)|(?<=^我哋)|(?<=^我\s)|(?<=^我们\s)|(?<=^我哋\s))"
            r"(?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])"
            rf"(?=\s?(?:在|喺)\s?[\w'&.\- ]{{1,20}}?\s?(?:(?:{_DEED})(?:了|的|咗|过|嗰|那|嘅)|下(?:了|的|咗|嘅)?单))",
            *_REGION_ONLY,
        ),
        lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string),
    ),
    (
        # a date opening the sentence before a meeting, a class or an exam
        # held then ("12/4 开会那阵", "3/5 上堂嘅时候"), and a date a receipt or a form is written with, ending its
        # clause ("张单写住 7/8,", "收据上写着 3/9。"): that day, in the region's order (not a recipe's "写着3/4杯")
        gated(
            r"^(?P<mo>1[0-2]|0?[1-9])/(?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])"
            r"(?=\s?(?:开会|开工|上课|上堂|考试|面试|开庭)(?:的|嘅|那|嗰|时|嘅时候|的时候))"
            r"|(?:(?<=写住)|(?<=写着)|(?<=写著)|(?<=写的是)|(?<=写住系)|(?<=印着)|(?<=印著)|(?<=印住))\s?(?P<mo2>1[0-2]|0?[1-9])/(?P<dd2>3[01]|[12]\d|0?[1-9])(?![\d./])"
            r"(?=\s?(?:[,，。;；?？!！]|$|那日|那天|嗰日))",
            *_REGION_ONLY,
        ),
        lambda m, n: _bare_date(n, int(m["mo"] or m["mo2"]), int(m["dd"] or m["dd2"]), m.string),
    ),
    (
        # a date in digits with no year written with a leading zero ("合同上写的 05/02，那天", "发票日期写 08/11"),
        # wherever in the sentence, as the English rule reads "on the phone 07/05": an amount, a score or a
        # fraction never is written so
        r"(?<![\d/.:,$£€#¥￥-])(?=0|\d\d?/0)(?P<a>0[1-9]|[12]\d|3[01])/(?P<b>0[1-9]|[12]\d|3[01])(?![\d/.]|\s*%)"
        r"(?!\s?[杯勺碗克斤升个只件])",
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # the forty-ninth round: a European date with its closing dot, before 那天 ("4.3. 那天的 Dienstplan",
        # "12.05. 那天"): day first
        r"(?<![\d.])(?P<dd>3[01]|[12]\d|0?[1-9])\.(?P<mo>1[0-2]|0?[1-9])\.(?=\s?(?:那|当天|嗰))",
        lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
    ),
    (
        # the forty-ninth round: a letter's or a form's date said as its date ("日期 10/11", "日期是 1/7"), the day
        # of an appointment made for the user ("建屋局约我 2/3 去看屋"): in the region's order
        r"(?:(?<=日期)|(?<=约我)|(?<=约了我)|(?<=约咗我))\s?(?:是|为|系|写|写着|:|：)?\s?"
        r"(?P<a>3[01]|[12]\d|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d/.]|\s*%)(?!\s?[杯勺碗克斤升个只件])",
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # a date before what someone sent, handed in or signed that day ("4/3 学校寄嚟嗰封信", "孩子 2/3 交的",
        # "是 10/11 寄来的", "3/4 学校发的 consent form") or a meeting held then ("12/9 家长会"): in the region's
        # order (not "1/3 的人交了", a share; nor "把3/4转给他", an amount)
        r"(?<![\d./])(?<!把)(?<!将)(?<!把\s)(?P<a>3[01]|[12]\d|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d./])"
        r"(?=\s?(?:(?!的)[^\d\s，。？！,?!/]{0,4}?(?:寄|发|交|送|付|转|签|收|买|订)(?:来|嚟|过|咗|了|的|嘅|出|给)"
        r"|(?:家长会|会议|例会|开会|考试|测验|面试|聚会|讲座|说明会)))",
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # a date between who did something and the deed ("佢10/12已经过咗数", "他 3/4 就转给我了")
        r"(?<=[他她佢])\s?(?P<a>3[01]|[12]\d|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d/.])"
        rf"(?=\s?(?:已经|已|都|就)?\s?(?:{_DEED}))",
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # the thirtieth round: the span's second date ("3/2至3/9")
        r"(?:(?<=\d[./]\d[到至~～])|(?<=\d[./]\d\d[到至~～])|(?<=\d[./]\d [到至~～] )|(?<=\d[./]\d\d [到至~～] ))"
        r"(?P<mo>1[0-2]|[1-9])[./](?P<dd>3[01]|[12]\d|0?[1-9])(?![\d./])(?!\s?[杯勺碗克斤升])",
        lambda m, n: _bare_date(n, int(m["mo"]), int(m["dd"]), m.string, _shorthand(m.group(0))),
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
        r"(?P<y>\d{4})年(?P<mo>\d{1,2})月(?P<dd>\d{1,2})[日号]",
        lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
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
]

EN: list[RuleRow] = [
    (
        gated(rf"\b(?:on|of) (?P<dd>1[3-9]|2\d|3[01])/(?P<mo>1[0-2]|0?[1-9])(?![\d/]){_NOT_A_FRACTION}", "/"),
        lambda m, n: _month_day(n, int(m["mo"]), int(m["dd"])),
    ),
    (
        gated(
            r"\b(?:from )?(?P<m1>1[0-2]|0?[1-9])/(?P<d1>3[01]|[12]\d|0?[1-9]) ?(?:-|–|to|thru|through|till|until) ?"
            r"(?P<m2>1[0-2]|0?[1-9])/(?P<d2>3[01]|[12]\d|0?[1-9])(?![\d/])",
            "/",
        ),
        lambda m, n: _digit_span(n, int(m["m1"]), int(m["d1"]), int(m["m2"]), int(m["d2"]), m.string),
    ),
    (
        # the forty-ninth round: a span whose first date can only be day first ("from 28/6 to 4/7"): both so
        gated(
            r"\b(?:from )?(?P<d1>1[3-9]|2\d|3[01])/(?P<m1>1[0-2]|0?[1-9]) ?(?:-|–|to|thru|through|till|until) ?"
            r"(?P<d2>3[01]|[12]\d|0?[1-9])/(?P<m2>1[0-2]|0?[1-9])(?![\d/])",
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
    (
        gated(rf"\b(?P<dd>\d{{1,2}})-(?P<mo>{_MONTH_NAMES})-(?P<y>(?:19|20)\d{{2}}|\d{{2}})\b", "@month"),
        lambda m, n: _days(
            datetime(
                int(m["y"]) + (2000 if len(m["y"]) == 2 else 0), _EN_MONTHS[m["mo"].lower()], int(m["dd"])
            )
        ),
    ),
    (
        # "on 5.3.", "on 05.03." (a day written with its leading zero, as German forms write it)
        # (not an amount: "the repayment on 4.8M", "on 2.5k")
        gated(
            r"\bon (?P<dd>0[1-9]|[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.?(?![\d.])(?!\s?(?:[kmbKMB]\b|mn\b|bn\b|%|million"
            r"|billion|thousand|lakh|crore|万|亿))",
            "on",
        ),
        lambda m, n: _days(_day_in_past_month(n, int(m["mo"]), int(m["dd"]))),
    ),
    (
        gated(
            r"\bbetween (?P<mo>1[0-2]|0?[1-9])/(?P<a>3[01]|[12]\d|0?[1-9]) and (?P<mo2>1[0-2]|0?[1-9])/(?P<b>3[01]|[12]\d|0?[1-9])(?![\d/])",
            "between",
        ),
        lambda m, n: (
            (_month_day(n, int(m["a"]), int(m["mo"]))[0], _month_day(n, int(m["b"]), int(m["mo2"]))[1])
            if _swapped_in_region(m.string, int(m["a"]), int(m["b"]))
            else (_month_day(n, int(m["mo"]), int(m["a"]))[0], _month_day(n, int(m["mo2"]), int(m["b"]))[1])
        ),
    ),
    (
        r"\b(?P<dd>[12]\d|3[01]|0?[1-9])\.(?P<mo>1[0-2]|0?[1-9])\.(?P<y>(?:19|20)\d{2})\b",
        lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
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
        # the forty-ninth round: "from 2.10.27", "on 4.3.27": a dotted date with a two-digit year after a word of
        # when, day first, without leading zeros
        gated(
            r"\b(?:from|on|since|dated|of|until|till) (?P<dd>[12]?\d|3[01])\.(?P<mo>1[0-2]|0?[1-9])\.(?P<y>\d{2})(?![\d.])",
            "@digitword",
        ),
        lambda m, n: _days(datetime(2000 + int(m["y"]), int(m["mo"]), int(m["dd"]))),
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
        # "on the phone 07/05", "the 03/12 invoice": a date in digits with no year, written with a leading zero
        # (an amount, a score or a fraction never is), wherever in the sentence; read as "by 3/31" is
        gated(
            r"(?<![\d/.:,$£€#-])(?=0|\d\d?/0)(?P<a>0[1-9]|[12]\d|3[01])/(?P<b>0[1-9]|[12]\d|3[01])(?![\d/.]|\s*%)",
            "/",
        ),
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # a date in digits between "the", "my", "that" … and what was bought, booked or
        # seen that day, a shop's or a venue's name between them or not ("my 4/9 Lazada order", "the 2/3 gig",
        # "that 6/8 match"); not an amount ("my 1/2 order of fries")
        gated(
            r"\b(?:the|an?|my|our|that|this|his|her|their|your|yung|[a-z]+'s) (?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/])"
            rf" (?:(?-i:[A-Z][\w'&.-]*) |(?:{_EVENT_KINDS}) )?(?:{_EVENT_NOUNS})\b(?! of\b)",
            "/",
        ),
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    ),
    (
        # "by 3/31", "due 4/15", "the 4/1 release", "as at 12/31": a date in digits with no year (month first
        # unless the first number is over 12 or the place writes the day first)
        gated(
            # after "by" or "completed" not a proper fraction ("reduced by 3/4", "completed 2/3")
            r"\b(?:(?:by|completed|delivered|paid)(?! (?:1/[2-8]|2/[3-8]|3/[4-8]|4/[5-8]|5/[6-8]|6/[78]|7/8)(?![\d/]))"
            r"|due|before|after|until|till|thru|through|since|as at|as of|effective|eff\.?|starting|ending"
            r"|starts|started|begins|began|ends|ended|no later than|nlt|(?<!to )date:?|tgl\.?|tanggal|tarikh"
            r"|(?:moved|pushed|rescheduled|postponed|shifted|bumped|brought forward|booked|scheduled|slipped)"
            r"(?: back| out)? (?:to|for|until|till)"
            # a record's verb before its date: "raised 3/2", "signed 2/20", "sent 3/3"
            r"|(?:raised|submitted|issued|signed|sent|opened|closed|approved|rejected|filed|posted|invoiced"
            r"|shipped|dispatched|received|logged|created|resolved|escalated|booked|ordered"
            r"|returned|cancell?ed|renewed|expired|published|released|deployed|merged|reported|agreed|dated"
            # the fiftieth round: what a card or a form has written on it ("appointment card wrote 12/10")
            r"|wrote|written|stamped"
            # the fortieth round: a visit ("the plumber came round 7/2")
            r"|came (?:round|over|by|in)|dropped (?:by|in|round)|popped (?:round|over|by|in)|visited"
            # the forty-ninth round: a letter or a notice that came on a day ("the notice that came 4/5"); a duty
            # or a shift for a day ("check my duty for 1/9")
            r"|(?<=that )came|came out|arrived|(?:duty|shift|roster|rota|slot|posting) (?:for|on))"
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
]

EN.append(
    (
        # the fiftieth round: a shopping day written as its month and day alike ("the 11.11 orders", "9.9
        # sales"): the latest such day
        gated(
            r"(?<![\d./])(?P<n>1[0-2]|[1-9])\.(?P=n)(?![\d./])"
            r"(?=\s*(?:orders?|sales?|promos?|campaigns?|deals?|haul|mega|payday|live|flash|vouchers?)\b)",
            ".",
        ),
        lambda m, n: _month_day(n, int(m["n"]), int(m["n"])),
    )
)

EN.append(
    (
        # the fiftieth round: a day said as when something was, or was done to someone, ending its clause ("the
        # burial was 12/6 right?", "her weighing at the PHC was 6/1,", "i messaged them 4/6"); a fraction is never
        # said so ("it was 1/2 full" goes on)
        gated(
            r"\b"
            + "".join(f"(?<!{word} )" for word in _AMOUNTS_THAT_WERE)
            + r"(?:was|were|(?:messaged|texted|emailed|called|rang|phoned|paid|told|sent|visited|met|saw)"
            r" (?:them|him|her|you|u|us|me|it))"
            r" (?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/])"
            r"(?=\s*(?:[,.;!?]|$|right\b|abi\b|na\b|innit\b|yeah\b))",
            "/",
        ),
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    )
)

EN.append(
    (
        # the fiftieth round: "on the 1/2," — a date in digits said with "on the", ending its clause (a fraction
        # is never said so: "on the 1/2 price rack" goes on)
        gated(
            r"\bon the (?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/])(?=\s*(?:[,.;!?]|$|and\b|but\b|so\b))",
            "/",
        ),
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    )
)

EN.append(
    (
        # the forty-ninth round: a day marked for something ("I had 2/6 pencilled in for sending it")
        gated(
            r"(?<![\d/.$£€#])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)(?![\d/])"
            r" (?:pencill?ed|penciled|marked|blocked|circled) (?:in|down|off|out)\b",
            "/",
        ),
        lambda m, n: _digits_no_year(n, int(m["a"]), int(m["b"]), m.string),
    )
)

EITHER: list[RuleRow] = [
    (
        r"(?<!\d)(?P<y>(?:19|20)\d{2})(?P<sep>[-/.])(?P<mo>\d{1,2})(?P=sep)(?P<dd>\d{1,2})(?!\d)",
        lambda m, n: _days(datetime(int(m["y"]), int(m["mo"]), int(m["dd"]))),
    ),
    (
        rf"(?<![0-9A-Za-z/.])(?P<a>[0-3]?\d)/(?P<b>[0-3]?\d)/(?P<y>(?:19|20)\d{{2}}|\d{{2}})(?![\d/]){_NOT_A_FRACTION}",
        lambda m, n: _numeric_date(int(m["a"]), int(m["b"]), int(m["y"]), m.string),
    ),
    (
        # the fiftieth round: a date with its year written with dashes ("the report of 05-01-2027"), in the
        # region's order (a phone number or a code goes on with more digits or dashes)
        r"(?<![0-9A-Za-z/.-])(?P<a>[0-3]?\d)-(?P<b>[0-3]?\d)-(?P<y>(?:19|20)\d{2})(?![\d/-])",
        lambda m, n: _numeric_date(int(m["a"]), int(m["b"]), int(m["y"]), m.string),
    ),
]
