"""Time phrasings of the seventeenth round (the tuning halves of two more authors,
tests/corpora/time/tune11 and tune12): regional holidays, a holiday's own day, a weekday of a named
week, a month of a named year, weeks and months ahead, parts of a quarter, headings ("Thurs - ..."),
misspelt weekdays, dialect words for yesterday and today — and what must stay no range. Examples are
written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.recall import holidays
from hindsight.recall.timeparse import parse_range
from tests.time_ranges import days_named

NOW = datetime(2026, 3, 18, 9, 30)  # a Wednesday


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # regional and religious holidays, the latest begun
        ("how late did the party go on hogmanay", "2025-12-31", "2026-01-01"),
        ("who marched with us on anzac day", "2025-04-25", "2025-04-26"),
        ("the fireworks on bonfire night", "2025-11-05", "2025-11-06"),
        ("what did we eat on burns night", "2026-01-25", "2026-01-26"),
        ("where did we go for memorial day", "2025-05-26", "2025-05-27"),
        ("labor day sale receipts", "2025-09-01", "2025-09-02"),
        ("did the shop open on good friday", "2025-04-18", "2025-04-19"),
        ("pancake day toppings", "2026-02-17", "2026-02-18"),
        ("清明节那天去扫墓了吗", "2025-04-04", "2025-04-05"),
        ("冬至吃的饺子是什么馅", "2025-12-21", "2025-12-22"),
        ("教师节给老师送了什么", "2025-09-10", "2025-09-11"),
        # the coming holiday: named so, or said of a plan while this year's has not ended
        ("国庆打算带孩子去哪玩", "2026-10-01", "2026-10-08"),
        ("国庆去了哪", "2025-10-01", "2025-10-08"),
        ("what are we doing for christmas", "2026-12-25", "2026-12-26"),
        ("what did the kids get for christmas", "2025-12-25", "2025-12-26"),
        ("any plans for easter", "2026-04-05", "2026-04-06"),
        ("next easter", "2026-04-05", "2026-04-06"),
        ("last easter", "2025-04-20", "2025-04-21"),
        ("this halloween", "2026-10-31", "2026-11-01"),
        ("明年元旦回不回家", "2027-01-01", "2027-01-02"),
        # a holiday's own day, not the public holiday's days
        ("国庆节当天去了哪", "2025-10-01", "2025-10-02"),
        ("五一那一天是谁值班", "2025-05-01", "2025-05-02"),
        # a weekday of the week named; a day of the month with its weekday
        ("what did the vet say thursday last week", "2026-03-12", "2026-03-13"),
        ("monday of this week, the standup", "2026-03-16", "2026-03-17"),
        ("last week, on friday, who called", "2026-03-13", "2026-03-14"),
        ("on tuesday the 10th what did I order", "2026-03-10", "2026-03-11"),
        ("friday the 13th of february", "2026-02-13", "2026-02-14"),
        # a month of a named year; bare month names that name no person
        ("in november of last year", "2025-11-01", "2025-12-01"),
        ("october this year", "2026-10-01", "2026-11-01"),
        ("the september invoice", "2025-09-01", "2025-10-01"),
        ("Feb rent", "2026-02-01", "2026-03-01"),
        # spans and weeks of days of the month
        ("from the 3rd to the 9th of last month", "2026-02-03", "2026-02-10"),
        ("the 1st-5th of this month", "2026-03-01", "2026-03-06"),
        ("the week of the 4th", "2026-03-02", "2026-03-09"),
        ("the 3rd week of january", "2026-01-15", "2026-01-22"),
        ("the last few days of february", "2026-02-21", "2026-03-01"),
        ("the 5th, what did the plumber quote", "2026-03-05", "2026-03-06"),
        # weeks and months ahead
        ("what's on in two weeks", "2026-03-30", "2026-04-06"),
        ("in a fortnight's time, the audit", "2026-03-30", "2026-04-06"),
        ("in 2 months", "2026-05-01", "2026-06-01"),
        ("三周后的考试考什么", "2026-04-06", "2026-04-13"),
        ("两个月后到期的那张卡", "2026-05-01", "2026-06-01"),
        # parts of a quarter
        ("the end of Q4 last year", "2025-12-01", "2026-01-01"),
        ("start of next quarter", "2026-04-01", "2026-05-01"),
        ("去年三季度末的库存", "2025-09-01", "2025-10-01"),
        ("上个季度初招了谁", "2025-10-01", "2025-11-01"),
        # headings and misspellings
        ("Tues - what was the gate code", "2026-03-17", "2026-03-18"),
        ("sat: who won", "2026-03-14", "2026-03-15"),
        ("what did I log on thrusday", "2026-03-12", "2026-03-13"),
        ("the day before yday", "2026-03-16", "2026-03-17"),
        ("what did we agree last qtr", "2025-10-01", "2026-01-01"),
        # dialect and spoken Chinese
        ("夜来说的那个价钱", "2026-03-17", "2026-03-18"),
        ("昨个谁来过", "2026-03-17", "2026-03-18"),
        ("今个儿上午的会", "2026-03-18", "2026-03-19"),
        ("三月初八那天", "2026-03-08", "2026-03-09"),
        ("十月一前后", "2025-10-01", "2025-10-02"),
        ("上个月头交的房租", "2026-02-01", "2026-02-11"),
        # Traditional characters and Cantonese words
        ("上個禮拜三開會講咗乜", "2026-03-11", "2026-03-12"),
        ("這週末有冇人約", "2026-03-21", "2026-03-23"),
        ("琴日幾點收工", "2026-03-17", "2026-03-18"),
        ("聽日要交邊份文件", "2026-03-19", "2026-03-20"),
        ("前日嗰單貨到咗未", "2026-03-16", "2026-03-17"),
        ("今個月交咗幾多電費", "2026-03-01", "2026-04-01"),
        ("舊年聖誕節收到乜禮物", "2025-12-25", "2025-12-26"),
        ("出年三月要續約", "2027-03-01", "2027-04-01"),
        ("兩個禮拜前嗰個客", "2026-03-02", "2026-03-09"),
        ("第一季賺咗幾多", "2026-01-01", "2026-04-01"),
        ("上一个工作天收了多少", "2026-03-17", "2026-03-18"),
        ("接下来两天有什么安排", "2026-03-18", "2026-03-20"),
        ("5号那个礼拜谁值班", "2026-03-02", "2026-03-09"),
        ("十二号那天见了谁", "2026-03-12", "2026-03-13"),
        ("上个月二十几号买的", "2026-02-21", "2026-03-01"),
        ("上礼拜一到三谁请假", "2026-03-09", "2026-03-12"),
        ("during CNY who worked", "2026-02-17", "2026-02-24"),
        # Singapore and Malaysian English
        ("ystd the contractor come or not", "2026-03-17", "2026-03-18"),
        ("last last week the landlord say what", "2026-03-02", "2026-03-09"),
        ("this mth how many viewings", "2026-03-01", "2026-04-01"),
        ("past few days got complaints or not", "2026-03-13", "2026-03-18"),
        ("these few days any new listings", "2026-03-05", "2026-03-19"),
        ("this Sat n Sun any viewing", "2026-03-21", "2026-03-23"),
        ("3rd to 6th this month who paid", "2026-03-03", "2026-03-07"),
        ("last month end the rent all in?", "2026-02-21", "2026-03-01"),
        ("the Jan invoice paid already?", "2026-01-01", "2026-02-01"),
        ("coming 3 days anything to note", "2026-03-18", "2026-03-21"),
        ("2 days later the lease expire right", "2026-03-20", "2026-03-21"),
        # dictation: words heard wrong, numbers in words, corrections
        ("what did the nurse say on fry day", "2026-03-13", "2026-03-14"),
        ("um yester day the chemist rang", "2026-03-17", "2026-03-18"),
        ("too weeks ago the bloods", "2026-03-02", "2026-03-09"),
        ("the tuesday just gone", "2026-03-17", "2026-03-18"),
        ("a week ago today what was my reading", "2026-03-11", "2026-03-12"),
        ("on the second of this month", "2026-03-02", "2026-03-03"),
        ("the thirtieth of january", "2026-01-30", "2026-01-31"),
        ("did i take it on the twenty first i cant remember", "2026-02-21", "2026-02-22"),
        ("march the third appointment", "2026-03-03", "2026-03-04"),
        ("back in twenty twenty four", "2024-01-01", "2025-01-01"),
        ("the christmas week", "2025-12-22", "2025-12-29"),
        ("last monday no wait tuesday the physio", "2026-03-10", "2026-03-11"),
        ("on the fifth no the sixth of this month", "2026-03-06", "2026-03-07"),
        ("礼拜二 呃 礼拜一 护工来了没", "2026-03-16", "2026-03-17"),
        ("上个月十号 不对 十一号 开的药", "2026-02-11", "2026-02-12"),
        ("上周武药房送药来了没", "2026-03-13", "2026-03-14"),
        ("做天医生说了啥", "2026-03-17", "2026-03-18"),
        ("上个月月低护士来过几次", "2026-02-21", "2026-03-01"),
        ("十号以后血压一直高吗", "2026-03-10", "2026-03-19"),
        # chat: held letters, texting words, pinyin
        ("what did u say last wedddd", "2026-03-11", "2026-03-12"),
        ("tomorrowww is the match right", "2026-03-19", "2026-03-20"),
        ("wat did i buy 2day", "2026-03-18", "2026-03-19"),
        ("how much did i spend this mo", "2026-03-01", "2026-04-01"),
        ("the day b4 yesterday", "2026-03-16", "2026-03-17"),
        ("jt的作业是啥", "2026-03-18", "2026-03-19"),
        ("zuotian shuo de na ge", "2026-03-17", "2026-03-18"),
        ("去年寒假去的滑雪场", "2025-01-01", "2025-03-01"),
        ("12.24那天拍的照片", "2025-12-24", "2025-12-25"),
        ("520那天送了啥", "2025-05-20", "2025-05-21"),
        # enterprise: ISO weeks, fiscal notations, working days, periods, date formats
        ("what did I note in W9", "2026-02-23", "2026-03-02"),
        ("CW 52 notes", "2025-12-22", "2025-12-29"),
        ("week 11 of 2025", "2025-03-10", "2025-03-17"),
        ("第10周的周报", "2026-03-02", "2026-03-09"),
        ("2025年第二十周的考勤", "2025-05-12", "2025-05-19"),
        ("between W5 and W7", "2026-01-26", "2026-02-16"),
        ("FY25 revenue", "2025-01-01", "2026-01-01"),
        ("Q4 FY25 churn", "2025-10-01", "2026-01-01"),
        ("2H25 hiring plan", "2025-07-01", "2026-01-01"),
        ("the prior FY audit", "2025-01-01", "2026-01-01"),
        ("上一财年的审计", "2025-01-01", "2026-01-01"),
        ("2025年度Q2的预算", "2025-04-01", "2025-07-01"),
        ("3 working days ago", "2026-03-13", "2026-03-14"),
        ("due T+3", "2026-03-23", "2026-03-24"),
        ("the past 5 business days", "2026-03-12", "2026-03-19"),
        ("三个工作日前提交的报销", "2026-03-13", "2026-03-14"),
        ("上个月最后一个工作日的余额", "2026-02-27", "2026-02-28"),
        ("the first working day of February", "2026-02-02", "2026-02-03"),
        ("period 2 accruals", "2026-02-01", "2026-03-01"),
        ("the Jan month-end close", "2026-01-21", "2026-02-01"),
        ("end-Feb inventory", "2026-02-21", "2026-03-01"),
        ("quarter-end adjustments", "2026-03-01", "2026-04-01"),
        ("年中述职", "2025-06-01", "2025-08-01"),
        ("the 2 months to February", "2026-01-01", "2026-03-01"),
        ("Oct-Dec 2025", "2025-10-01", "2026-01-01"),
        ("the week ending 8 March", "2026-03-02", "2026-03-09"),
        ("on 05.02.2026", "2026-02-05", "2026-02-06"),
        ("the memo dated 20260211", "2026-02-11", "2026-02-12"),
        ("3 Feb 26 minutes", "2026-02-03", "2026-02-04"),
        ("上个月月结时的应收", "2026-02-21", "2026-03-01"),
        # everyday British, Australian and American English; Beijing and Cantonese words
        ("what did we do over the Easter long weekend", "2025-04-18", "2025-04-22"),
        ("plans for memorial day weekend", "2026-05-23", "2026-05-26"),
        ("the month of june", "2025-06-01", "2025-07-01"),
        ("the past 24 hours", "2026-03-17", "2026-03-19"),
        ("since new year's", "2026-01-01", "2026-03-19"),
        ("between christmas and new year", "2025-12-25", "2026-01-02"),
        ("what's on a week on friday", "2026-03-27", "2026-03-28"),
        ("later this week", "2026-03-19", "2026-03-23"),
        ("at the start of this week", "2026-03-16", "2026-03-19"),
        ("end of last week", "2026-03-13", "2026-03-16"),
        ("a month ago today", "2026-02-18", "2026-02-19"),
        ("this time last year", "2025-03-18", "2025-03-19"),
        ("Mothering Sunday lunch", "2026-03-15", "2026-03-16"),
        ("Remembrance Sunday", "2025-11-09", "2025-11-10"),
        ("六一那天孩子演出", "2025-06-01", "2025-06-02"),
        ("十一期间去哪玩了", "2025-10-01", "2025-10-08"),
        ("大年初二回娘家", "2026-02-18", "2026-02-19"),
        ("后儿个约了谁", "2026-03-20", "2026-03-21"),
        ("半个月前说的那家店", "2026-03-02", "2026-03-09"),
        ("上周六日干嘛了", "2026-03-14", "2026-03-16"),
        ("上个月上半个月的账单", "2026-02-01", "2026-02-16"),
        ("去年这个时候在哪", "2025-03-18", "2025-03-19"),
        ("去年这会儿血压多少", "2025-03-18", "2025-03-19"),
        ("上个月的今天去哪了", "2026-02-18", "2026-02-19"),
        ("两三天前说的师傅电话", "2026-03-15", "2026-03-17"),
        ("去年最后一个月加了几天班", "2025-12-01", "2026-01-01"),
        ("年三十晚上给了几个红包", "2026-02-16", "2026-02-17"),
        ("最近这一个礼拜血压咋样", "2026-03-12", "2026-03-19"),
        ("上个monday提过的meeting", "2026-03-09", "2026-03-10"),
        ("早上我跟你说的那个号码", "2026-03-18", "2026-03-19"),
        ("二〇二五年三月住院那次", "2025-03-01", "2025-04-01"),
        ("三八那天单位发的啥", "2026-03-08", "2026-03-09"),
        ("头几天修空调的师傅", "2026-03-13", "2026-03-18"),
        ("this arvo I gave you a number", "2026-03-18", "2026-03-19"),
        ("Stephen's Day match", "2025-12-26", "2025-12-27"),
        ("the weekend just gone", "2026-03-14", "2026-03-16"),
        ("at the start of the week", "2026-03-16", "2026-03-19"),
        ("the back half of last month", "2026-02-16", "2026-03-01"),
        ("valentines dinner", "2026-02-14", "2026-02-15"),
        ("the night of the 3rd", "2026-03-03", "2026-03-04"),
        ("the third sunday of last month", "2026-02-15", "2026-02-16"),
        ("the last friday in january", "2026-01-30", "2026-01-31"),
        ("a week from Friday", "2026-03-27", "2026-03-28"),
        ("Thursday week the scaffolders come", "2026-03-26", "2026-03-27"),
        ("palm sunday service", "2025-04-13", "2025-04-14"),
        ("last evening", "2026-03-17", "2026-03-18"),
        ("the first part of the month", "2026-03-01", "2026-03-11"),
        ("around the 10th", "2026-03-10", "2026-03-11"),
        ("christmas before last", "2024-12-25", "2024-12-26"),
        ("上个月最后几天", "2026-02-21", "2026-03-01"),
        ("这半个月记的账", "2026-03-04", "2026-03-19"),
        ("今年春上买的鸡苗", "2026-03-01", "2026-06-01"),
        ("今朝讲的快递", "2026-03-18", "2026-03-19"),
        ("腊月二十三买的灶糖", "2026-02-10", "2026-02-11"),
        ("正月初六的开工红包", "2026-02-22", "2026-02-23"),
        ("前天还是大前天说的电话", "2026-03-15", "2026-03-17"),
        ("中秋节前一天送的月饼", "2025-10-05", "2025-10-06"),
        ("国庆节第二天去哪了", "2025-10-02", "2025-10-03"),
        ("半年前说的手术", "2025-09-01", "2025-10-01"),
        ("2 hrs ago the taxi number", "2026-03-18", "2026-03-19"),
        ("last weekend but one", "2026-03-07", "2026-03-09"),
        ("the next fortnight any appointments", "2026-03-18", "2026-04-01"),
        ("what did I say over Easter", "2025-04-18", "2025-04-22"),
        ("一个月前的今天说的事", "2026-02-18", "2026-02-19"),
        ("christmas presents in total last yr", "2025-01-01", "2026-01-01"),
        ("xmas gifts in dec", "2025-12-01", "2026-01-01"),
        ("early last week the car payment", "2026-03-09", "2026-03-12"),
        ("late this week", "2026-03-20", "2026-03-23"),
        ("上周初说的车贷", "2026-03-09", "2026-03-12"),
        ("3 days before christmas last year", "2025-12-22", "2025-12-23"),
        ("the day after thanksgiving", "2025-11-28", "2025-11-29"),
        ("the week before christmas", "2025-12-15", "2025-12-22"),
        ("the evening before yesterday", "2026-03-16", "2026-03-17"),
        ("the quarter before last", "2025-07-01", "2025-10-01"),
        ("cyber monday deals", "2025-12-01", "2025-12-02"),
        ("a fortnight today", "2026-04-01", "2026-04-02"),
        ("the last day of last month", "2026-02-28", "2026-03-01"),
        ("去年这个月买的滤网", "2025-03-01", "2025-04-01"),
        ("上个月的第一天下的单", "2026-02-01", "2026-02-02"),
        ("大前年买的洗衣机", "2023-01-01", "2024-01-01"),
        ("六月十八买的东西", "2025-06-18", "2025-06-19"),
        ("the first weekend of this month", "2026-03-07", "2026-03-09"),
        ("the last weekend of february", "2026-02-21", "2026-02-23"),
        ("上个月最后一个周末去哪玩了", "2026-02-21", "2026-02-23"),
        ("a day or two ago I told you", "2026-03-16", "2026-03-18"),
        ("plans for jan 2027", "2027-01-01", "2027-02-01"),
        ("the previous weekend", "2026-03-14", "2026-03-16"),
        ("3/15那天交的保险", "2026-03-15", "2026-03-16"),
        ("大上周说的牙医", "2026-03-02", "2026-03-09"),
        ("大上周三", "2026-03-04", "2026-03-05"),
        ("昨添记的电话", "2026-03-17", "2026-03-18"),
        ("最近半年体重变化", "2025-09-20", "2026-03-19"),
        ("the xmas concert at the start of the week", "2026-03-16", "2026-03-19"),
        ("two nights ago", "2026-03-16", "2026-03-17"),
        ("上个星其三", "2026-03-11", "2026-03-12"),
        ("明早看牙几点", "2026-03-19", "2026-03-20"),
        ("the NYE party", "2025-12-31", "2026-01-01"),
    ],
)
def test_a_phrasing_names_its_range(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        "提前几天通知比较好",
        "提前两天订票来得及吗",
        "上个月头发剪短了吗",  # 头发 is hair: the month is named, not its start
        "3月15元一斤的那种",
        "he sat the exam twice",
        "the sun room needs painting",
        "we wed in a small chapel",
        "mon ami pierre",
        "the 2nd floor office",
        "夜来香怎么养",
        "快递说3到5个工作天送到",
        "诊所礼拜日开唔开",
        "这间诊所周末有看诊吗",
        "last time we talk about this already",
        "last week no one called back",  # a correction must be a time: this names last week
        "the first time I took it",
        "the fifth floor pharmacy",
        "I waited for days",
        "上个月出差去了哪",  # 出差, not 初: the whole month
        "what does 'see u 2moro' mean",
        "explain T+1 and T+2 settlement",
        "wait a mo",
        "季度末一般都要干啥",
        "does payroll usually go out on the 25th",
        "周末财务部有人值班吗",
        "月结60天的客户有哪些",
        "version 3.5 release notes",
        "T+1到账是什么意思",
        "我爸今年65了，体检选哪个",
        "十一个人参加",
        "每年腊月提醒我给老家寄钱",
        "医院周末有专家门诊吗",
        "what do I usually plant in March",
        "每年清明提醒我回老家上坟",
        "what did the midwife say at the week 12 scan",  # a week of a pregnancy, not of the calendar
        "怀孕第12周要做什么检查",
        "第5周的课讲了啥",
        "一周留出两个小时锻炼",  # 留 here is "set aside", not a misheard 六
        "开销比上个月低于预算吗",
        "remind me each friday to do the school lunch order",
        "how long has he played, as of December 2023",
    ],
)
def test_a_near_miss_names_no_new_range(query: str) -> None:
    found = parse_range(query, NOW)
    if query.startswith("上个月头发"):
        assert found is not None and (found.start.date().isoformat(), found.end.date().isoformat()) == (
            "2026-02-01",
            "2026-03-01",
        )
    elif query.startswith("last week no one"):
        assert found is not None and found.expression == "last week"
    elif query.startswith("开销比上个月低"):
        assert found is not None and found.expression == "上个月"  # 低 is "lower", not a misheard 底
    elif query.startswith("上个月出差"):
        assert found is not None and found.expression == "上个月"
    elif query.startswith("3月15元"):
        assert found is not None and found.expression == "3月"
    else:
        assert found is None, (query, found and found.expression)


def test_these_two_days_is_a_rough_window() -> None:
    found = parse_range("这两天有没有出过问题", NOW)
    assert found is not None and found.vague
    assert (found.start.date().isoformat(), found.end.date().isoformat()) == ("2026-03-17", "2026-03-19")


@pytest.mark.parametrize("year", range(2001, 2100))
def test_solar_terms_fall_in_their_window(year: int) -> None:
    qingming = holidays.HOLIDAYS["qingming"](year)[0]
    solstice = holidays.HOLIDAYS["winter solstice"](year)[0]
    assert (qingming.month, solstice.month) == (4, 12)
    assert 4 <= qingming.day <= 6 and 21 <= solstice.day <= 23


def test_movable_western_holidays_fall_on_their_weekday() -> None:
    for year in range(2015, 2041):
        assert holidays.HOLIDAYS["memorial day"](year)[0].weekday() == 0
        assert holidays.HOLIDAYS["memorial day"](year)[0].day >= 25
        assert holidays.HOLIDAYS["labor day"](year)[0].day <= 7
        assert holidays.HOLIDAYS["victoria day"](year)[0].day in range(18, 25)
        assert holidays.HOLIDAYS["good friday"](year)[0].weekday() == 4
        assert holidays.HOLIDAYS["shrove tuesday"](year)[0].weekday() == 1


def test_a_plan_already_spoken_of_is_the_holiday_past() -> None:
    day_after = datetime(2026, 1, 2, 20, 0)
    said = parse_range("元旦那天我跟你说的计划是啥", day_after)
    ahead = parse_range("元旦打算去哪玩", datetime(2025, 12, 28, 9, 0))
    assert said is not None and said.start == datetime(2026, 1, 1)
    assert ahead is not None and ahead.start == datetime(2026, 1, 1)
