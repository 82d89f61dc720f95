"""Queries that hold a time word and name no range: a habit ("what do I usually do on Sundays"), a
standing practice ("are we paying out T+1 these days"), what a quarter is usually like, the year asked
("是哪年"), which days make the weekend, a word's meaning asked."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall import holidays
from hindsight.recall.time.vocabulary import _ANY_WEEKDAY, _MONTH_NAMES, _WEEKDAY_NAMES

_STANDING = prefilter.compile(
    r"\b(?:always|usually|normally|typically|generally)\b.*\bon the (?:last|first|final|second|third) "
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
    r"(?:^\W*|[-–—:;,]\s*)(?:(?:so|and|but|ok|hey|also)\W+)?(?:are|do|does|is) (?:we|you|u|they|it|he|she|i)\b[^.?!]*"
    r"\bthese days\W*$|"
    # the thirty-third round: how long, how much or how often in general ("how long do you wait for a hip op
    # these days")
    r"^\W*how (?:long|much|many|often|hard|easy)\b[^.?!]*\b(?:do|does|is|are|would|will|can|should) "
    r"(?:you|u|one|people|they|patients|it)\b[^.?!]*\bthese days\W*$",
    re.IGNORECASE,
)
"""A habit on "the last Friday" (of each month: "we always close the books on the last Friday"); a yes-no question
about the present practice ("are we paying out T+1 these days?"): no range."""


_HABIT = prefilter.compile(
    r"一般|通常|平时|平常|经常|往往|总是|习惯|每(?:个|逢|到)?(?:周|星期|礼拜|月|天|年|季度|季)|每逢|(?:以后|今后|往后).{0,8}都|开门|营业(?!额|执照|收入|部)|关门|看不看|开不开|开唔开|要加钱|加不加钱|加钱吗|加价|另收|额外收|(?:一|每)个?(?:季度|月|年|周|星期|礼拜)(?:交|付|缴|收|来|做|去)一次|(?:系咪|是不是|是否|会不会)不开(?:门)?(?=[㗎吗嘛啊呀咩架?？])|(?<![每])逢(?:周|星期|礼拜)[一二三四五六日天]|有开吗|有没有开|业务吗|办不办|有冇人值班|有冇开|上不上班|上班吗|办公吗|上班不|门诊|看诊|有冇医生|睇症|接不接|有人值班|值不值班|"
    # the twenty-sixth round: 常常, 老是; Nigerian Pidgin "bank dey open"; "the bank is open on second saturday or not"
    r"常常|时常|老是|向来|常(?:去|在|做|干|吃|玩|跑|来)|\bdey (?:open|close|work|run)\b|"
    r"\bregularly\b|\bfrequently\b|\bmost of the time\b|\bas a rule\b|"
    r"跑不跑|运营吗|运营不|歇业|休息吗|几点下班|几点上班|有号吗|有大夫|有医生吗|看病不|看病吗|看不看病|坐诊|出诊|放号|"
    # the twenty-sixth round, second wave: Shanghainese 休息伐, 开伐 (a shop's day off, asked)
    r"(?:休息|开门|开|关门|营业)(?:伐|哇|不(?![了成好到])|没)(?!有)|休不休息|"
    r"^(?!.*\b(?:did|was|were|had)\b).*(?:\bopen (?:on |in )?(?:the )?(?:\w+ ){1,2}\w+ or not\b|\b(?:bank|shop|store|office|clinic|branch|gym|pharmacy|chemist|market|mall|"
    r"supermarket|library|museum|restaurant|salon|embassy|consulate|hospital|counter|cent(?:er|re)|school|pool|"
    r"dmv|kedai|pasar|polyclinic|dispensary|cafe|canteen|bakery|registry|mairie|questura|rathaus)"
    r"s? (?:is |are |dey |will be )?(?:open|opens|opening|closed|close|closes|closing|works|working"
    r"|operates?|operating|functions?|functioning)\b"
    r"|\b(?:metro|bus|train|ferry|tram)(?:e?s)? (?:is |are |dey )?(?:runs?|running|operates?|operating)\b|\btimings?\b)|"
    r"\busually\b|\bnormally\b|\ban? (?:normal|typical|usual|average)\b|\b(?:is|are) (?:the )?[a-z]+(?: [a-z]+)? open\b|\bopen (?:on )?\w+ or not\b|"
    # the forty-ninth round: a shop's place between it and "open" ("is the pharmacy in Ennis open on Paddy's Day")
    r"^(?!.*\b(?:did|was|were|had)\b)\W*(?:is|are) (?:the )?[a-z]+ (?:in|at|on|near|by) [A-Za-z][a-z]+ open\b|"
    # "on" may be left out before the day ("what time the bank close friday", "is the gym closing saturday")
    r"\b(?:is|are) (?:the )?[a-z]+(?: [a-z]+)? (?:closing|opening)(?: on\b| (?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b))|"
    r"\b(?:is|are) (?:open|closed) (?:in|on) (?:a )?(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
    rf"\bon an? (?:{_WEEKDAY_NAMES})\b|"
    # the forty-first round: a price for any such day ("how much for a sunday callout"), a policy for a day or a
    # holiday ("our PTO policy for working Christmas Eve")
    rf"\b(?:for|charge|cost|costs|rate) an? (?:{_WEEKDAY_NAMES})\b(?![^.?!]*\b(?:last|this|next|ago|yesterday|today)\b)"
    r"|\b(?:policy|policies|rules?) (?:for|on|about)\b|"
    r"\btypically\b|\bgenerally\b|\boften\b|\balways\b|\bevery\b|\beach (?:week|month|day|morning|evening|night|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bfrom now on\b|"
    r"\bon (?:weekends|mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)\b|"
    rf"\b(?:{_WEEKDAY_NAMES}) (?:mornings|afternoons|evenings|nights)\b|"
    # whether a shop or an office serves on a weekday ("他们周末送货吗", "银行礼拜六办业务不", "what time
    # the bank close on friday", "does the clinic see patients at the weekend"): a standing question
    r"(?:送货|外送|配送|派送|送|上门|办业务|办理业务)(?:吗|嘛|么|不)|可以(?:外送|送货|配送|上门)|"
    # "do you deliver on saturday?", "does the pharmacy open on Sunday": the same standing question in English
    # (not an open day done: "did we do the open day on Family Day", the forty-ninth round)
    r"\b(?:do|does) (?:the )?[a-z]+(?: guys)? (?:deliver|ship|open|close|operate|take orders)\b(?! days?\b)|"
    # the fiftieth round: whether a service runs, lasts or is offered ("does the MTR run overnight on new year's
    # eve", "does the Northcote Social Club do all ages shows on sunday arvos"), a ticket is refundable, a venue
    # opens on a weekday (星期一开吗)
    r"^\W*(?:do|does) (?:the )?[A-Za-z][\w'&-]*(?: [A-Za-z][\w'&-]*){0,3} (?:run|runs|last|do|offer|have)\b"
    r"(?![^.?!]*\b(?:did|was|were|last (?:week|month|year|night|time))\b)|"
    r"\b(?:is|are) (?:the |my |our )?[\w' -]{1,40}? refundable\b|"
    # (a day off kept every week, 週三公休; Tagalog "tuwing" (every))
    r"公休|\btuwing\b|"
    r"(?:星期|礼拜|周)[一二三四五六日天]\s?(?:开|营业|开门)(?:吗|嘛|么|不)|"
    r"\bwhat time (?!did\b|was\b|were\b)(?:[a-z]+ ){0,4}(?:close|closes|closing|open|opens|opening|shuts?)"
    r"(?: on\b| for\b| (?=(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|weekends?\b))|"
    r"^(?!.*\b(?:did|was|were)\b).*\b(?:see|sees) (?:patients|walk-ins)\b|"
    # the twenty-sixth round: a standing rule or policy for a day ("周末的排班规则是怎样的", "the weekend overtime policy")
    r"(?:周末|(?:周|星期|礼拜)[一二三四五六日天]|节假日)(?:的)?(?:排班|加班|值班|上班|考勤|调休|请假|休假|倒班|轮班|送货|配送|营业)?"
    r"(?:的)?(?:规则|规定|制度|政策)|"
    r"\b(?:policy|policies|rules?) (?:for|on|about) (?:the )?(?:weekends?|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b|"
    r"\b(?:weekend|saturday|sunday) (?:\w+ )?(?:policy|rules?)\b",
    re.IGNORECASE,
)
_HOLIDAY_NAMES = "|".join(
    sorted((re.escape(name) for name in (*holidays.ZH_NAMES, *holidays.EN_NAMES)), key=len, reverse=True)
)
_RECURRING = prefilter.compile(
    rf"^(?:个?周末|[春夏秋冬][天季]|(?:周|星期|礼拜)[一二三四五六日天]|(?:on )?(?:{_ANY_WEEKDAY})\.?(?: (?:morning|afternoon|evening|night))?"
    r"|(?:over|during|on|at|in) the weekend|(?:in |during |over )?(?:the )?(?:spring|summer|fall|autumn|winter)|月初|月底|月末|月中|月头|月尾|(?:十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月份?"
    rf"|(?:in |during )?(?:{_MONTH_NAMES})|{_HOLIDAY_NAMES}"
    r"|上旬|中旬|下旬|腊月|正月|季(?:度)?末|quarter[- ]end|month[- ]end|.*\bthe month|(?:on )?the \d{1,2}(?:st|nd|rd|th)|\d{1,2}号"
    # the forty-ninth round: a month's day ("每年3月1号", a yearly deadline asked)
    r"|(?:十[一二]?|[一二三四五六七八九]|1[0-2]|[1-9])月(?:3[01]|[12]?\d|[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])[号日]"
    r"|(?:on )?the (?:first|last) (?:business|working) day"
    # the twenty-sixth round: "the bank is open on second saturday or not", "we always close on the last friday"
    rf"|(?:on )?(?:the )?(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th) (?:{_ANY_WEEKDAY})"
    rf"|(?:on )?(?:the last|this past) (?:{_ANY_WEEKDAY}))$",
    re.IGNORECASE,
)
"""What a habit may name without naming a range: a weekday, a weekend, a part of "the" month."""
_ANY_QUARTER = prefilter.compile(r"第?[一二三四1-4]季度|(?:in |during )?(?:the )?q[1-4]", re.IGNORECASE)
_USUALLY = prefilter.compile(
    r"一般|通常|往往|一向|向来|历来|\b(?:usually|typically|normally|generally|traditionally|historically)\b"
    # the forty-first round: how often ("一季度交一次的物业费": once a quarter)
    r"|(?:一|每)个?季度?(?:交|付|缴|收|结|报)一次",
    re.IGNORECASE,
)
"""A quarter of no year said with "usually" ("二季度一般是旺季吗", "is Q4 usually slow for claims"): what each
year's quarter is like, no range (the twenty-sixth round, second wave)."""


_KIND_OF_DATE_ZH = (
    "开单|開單|开票|開票|出票|发票|發票|到期|截止|生产|生產|出厂|出廠|签发|簽發|付款|交货|交貨|发货|發貨|入账|入賬"
    "|记账|記賬|下单|下單|结算|結算|生效|失效|过期|過期|有效|起息|还款|還款|缴费|繳費|账单|賬單|签约|簽約|到货|到貨"
)
_KIND_OF_DATE_EN = (
    r"issue|invoice|due|expiry|expiration|billing|payment|delivery|shipping|ship|order|start|end|effective"
    r"|statement"
    r"|posting|value|settlement|purchase|manufacture|production|best before|use by|sell by|signing|closing"
)
"""The kinds of date a document bears (an invoice's date of issue, its due date …)."""


_NO_RANGE_WEEKEND_OR_MEANING = prefilter.compile(
    # which days make the weekend ("in Johor the weekend is sat-sun or fri-sat now?", "周末是周五周六吗")
    r"\b(?:weekends? (?:here |there |now )?(?:is|are|was|were|falls? on|=)|(?:is|are) (?:the )?weekends?)"
    r"\s*(?:on\s+)?(?:the\s+)?(?:thu|fri|sat|sun)[a-z]*\s*(?:-|–|/|and|&|to|\+|or)\s*(?:fri|sat|sun)"
    r"|周末是(?:周|星期|礼拜)[四五六日天](?:和|跟|同|、|到|至)?(?:周|星期|礼拜)?[五六日天]"
    # an English or Malay word whose meaning is asked in Chinese ("semalam 是什么意思？")
    r"|^\s*[A-Za-z][A-Za-z' ]{0,30}?\s*(?:是|係|系)?(?:什么|啥|咩|乜)(?:嘢)?意思\s*[？?]?\s*$"
    # the thirtieth round: which of a document's dates a date is ("收据上写3/5，是付款日还是到期日", "is it the
    # issue date or the due date"): the date's kind is asked, no time of the user's
    rf"|(?:是|係|系)\s*(?:{_KIND_OF_DATE_ZH})日期?\s*(?:还是|還是|定系|定係|定|或者|或是|抑或)\s*"
    rf"(?:{_KIND_OF_DATE_ZH})日期?\s*[？?]?\s*$"
    rf"|\bis (?:it|this|that) (?:the )?(?:{_KIND_OF_DATE_EN}) date,? or"
    rf" (?:the )?(?:{_KIND_OF_DATE_EN}) date\b",
    re.IGNORECASE,
)
"""No range (the twenty-sixth round, second wave): a question about which days make the weekend; a word's
meaning asked."""
_NO_RANGE_ABOUT_TIME_ITSELF = prefilter.compile(
    # a time-zone question ("how many hours is Toronto behind Mumbai in winter", "时差几个小时")
    r"\bhow many hours (?:is|are|am)\b[^.?!]{1,60}?\b(?:ahead|behind)\b|\btime difference between\b"
    r"|[时時]差(?:是)?(?:多少|几个?小时|幾個?小時|几多|幾多)"
    # what a holiday is asked ("Hari Raya Haji 是什么节", "what kind of holiday is Vesak")
    r"|(?:是|系|係)(?:什么|什麼|啥|咩|乜)(?:[节節]日?|假期?|日子)|\bwhat (?:kind of )?(?:holiday|festival) is\b"
    # the forty-ninth round: whether a day is a holiday ("is hari raya haji a school holiday?"), how long a holiday
    # usually is ("泼水节一般放几天假")
    r"|^(?!.*\b(?:did|was|were|had|last|this|next)\b)\W*(?:is|are)\b[^.?!]{1,40}?\ban? (?:(?:public|school|bank"
    # (the fiftieth round: a holiday unqualified, a "stat" as Canadians say it: "is thaipusam a holiday in
    # penang", "is boxing day a stat in ontario")
    r"|national|state|federal|statutory|paid|gazetted) )?(?:holidays?|stat(?: holiday)?s?)\b"
    r"|(?:一般|通常|每年|平时)(?:都|会)?(?:放|休)(?:几|多少|几多)(?:天|日)"
    # the fiftieth round: whether a day is a public holiday, asked in Chinese ("佛誕喺澳門係咪公眾假期",
    # "Family Day 那天上班算 stat holiday 吗"); what a holiday's work is paid, asked ("do i have to pay time and a
    # half for paddys day", "Boxing Day 上班要给 penalty rates 吗"), not what was paid ("was may day paid at
    # time and a half"); why a custom is kept ("重阳节为什么要登高", "why do we eat tangyuan at 冬至")
    r"|(?:系咪|係咪|是不是|是否|算不算|算唔算|算)\s*(?:公众|公眾|法定|公共)?\s*(?:假期|假日|stat holiday|public holiday)"
    r"\s*(?:嚟|来)?\s*(?:㗎|吗|嗎|呀|啊|？|\?|$)"
    r"|^(?!.*\b(?:did|was|were|had|got|paid|last|ago|shift|payslip|duty)\b)"
    r"(?!.*(?:有没有|有冇|了吗|过吗|咗|我做了|我在|那天的|扣了))"
    r"(?=.*(?:\b(?:do (?:i|we|you) have to|have to pay|should (?:i|we)|under the \w+(?: \w+)? (?:award|jlc|act)"
    r"|for casuals)\b|要给|要不要给|要付|应该给|算不算|算 ?stat))"
    r".*\b(?:(?:time and a (?:half|third)|penalty rates?|double (?:time|pay)|(?:sunday|saturday|holiday)"
    r" (?:premium|loading|rates?)|stat pay|stat holiday)\b|penalty \d)"
    r"|为什么(?:要|还要|都要|会|都)|為什麼(?:要|還要|都要|會|都)"
    r"|^(?!.*\b(?:did|was|were|had|last|ago)\b).*\bwhy do (?:we|people|they|you|u|chinese|muslims|hindus)\b"
    # a return window asked (退貨期係咪7日); a text to translate after a colon (把这句翻成英文：618年中大促)
    r"|退(?:货|貨)期|(?:预售|預售|定金|订金|訂金)\S{0,4}(?:能|可以|可不可以)退"
    r"|(?:翻成|翻译成|翻譯成|译成|譯成)\S{0,6}[：:]"
    # a rate asked ("how many hours is that in a month")
    r"|\bhow (?:many|much)\b[^.?!]{0,40}?\b(?:is|are) (?:that|this|it) in an? (?:day|week|fortnight|month|year)\b",
    re.IGNORECASE,
)
"""No range: a question about time itself — a time-zone question, what a holiday is (the thirty-third round)."""
_NO_RANGE_ABOUT_TIME_ITSELF_WORDS = (
    "hour",
    "that in a",
    "this in a",
    "it in a",
    "differen",
    "时差",
    "時差",
    "节",
    "節",
    "假",
    "日子",
    "oliday",
    "estival",
    " a stat",
    "time and a",
    "penalty",
    "premium",
    "loading",
    "rate",
    "double ",
    "stat ",
    "为什么",
    "為什麼",
    "why do",
    "退",
    "译成",
    "譯成",
    "翻成",
)
"""One of these is in a query `_NO_RANGE_ABOUT_TIME_ITSELF` can find something in (a cheap test before its search)."""
_WHICH_YEAR = prefilter.compile(r"哪一?年|几几年|\b(?:which|what) year\b", re.IGNORECASE)
"""A question asking the year ("那个 Chinese New Year 是哪年来着"): a holiday, a month or a weekday said without
one names no range."""


_REMINDER_LEAD = prefilter.compile(
    r"\b(?:set (?:up )?(?:a |an |the )?reminders?|remind me)\b(?! (?:what|of|about|where|when|who|how|which|why)\b)"
    r"[^.?!]{0,60}?\b(?P<lead>(?:\d+|an?|one|two|three|four|five|six|seven|ten|a few|a couple of) "
    r"(?:days?|weeks?|hours?|hrs?|mins?|minutes?)\s+(?:before|ahead|early|earlier|in advance|prior))"
    r"(?:\s+(?:it|that|then|each time|every time|the due date|it'?s due|due))?\s*(?:[.?!,;]|$|pl[sz]|please|thanks)"
    r"|(?P<zh>提前(?:\d+|[一两二三四五六七八九十几])(?:个)?(?:天|周|星期|礼拜|小时|钟头|分钟))(?:提醒|通知|叫)",
    re.IGNORECASE,
)
"""A reminder's lead time ("set a reminder 2 days before", "提前两天提醒我"): how early to remind, not a time to
search (it counts from the thing reminded of, often a habit: "on the 5th of every month"). It is blanked before
the rules read the query: a date said beside it ("下个月5号交房租，提前两天提醒我") is still read."""


_COURSE_STOP = prefilter.compile(
    r"\b(?:stop|quit|finish|end|come off|cut)\w*\b[^.?!]{0,24}?\b(?P<lead>after (?:\d+|a few|one|two|three|four|five|six"
    r"|seven|eight|nine|ten) (?:days?|weeks?))\b",
    re.IGNORECASE,
)
"""When a course may stop ("take it twice daily for 7 days, can I stop after 5 days?", the forty-first round): a
count from the course's start, not from now — blanked like a reminder's lead."""


def without_reminder_lead(query: str) -> str:
    """`query` with a reminder's lead time (`_REMINDER_LEAD`) and a course's stopping point (`_COURSE_STOP`)
    blanked, its length kept."""
    for pattern, groups in ((_REMINDER_LEAD, ("lead", "zh")), (_COURSE_STOP, ("lead",))):
        found = pattern.search(query)
        if found is None:
            continue
        group = next(name for name in groups if found[name])
        query = (
            query[: found.start(group)]
            + " " * (found.end(group) - found.start(group))
            + query[found.end(group) :]
        )
    return query
