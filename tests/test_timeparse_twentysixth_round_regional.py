"""Time phrasings of the twenty-sixth round, Hong Kong / Taiwan / Singapore / Malaysia, dictation and
mixed messages (classes found among the wrong cases of two new tuning parts: Cantonese and Traditional
forms of the words read in Simplified Mandarin, Chinese and English inside one phrase, a recogniser's
homophones and numbers in words, a speaker's corrections, Singapore and Malaysian English), and what
must stay no range. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2026, 11, 11, 10, 0)  # a Wednesday; this week is 11-09 .. 11-15


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # Cantonese and Traditional: 大後日, 大前晚, 尋朝 / 琴朝, 嚟緊, 後年, 三日後
        ("大後日去邊度飲茶", "2026-11-14", "2026-11-15"),
        ("大前晚嗰場波你有冇睇", "2026-11-08", "2026-11-09"),
        ("尋朝你話咗咩", "2026-11-10", "2026-11-11"),
        ("琴朝食咗乜早餐", "2026-11-10", "2026-11-11"),
        ("嚟緊禮拜五有冇約", "2026-11-13", "2026-11-14"),
        ("接下来的周一开会吗", "2026-11-16", "2026-11-17"),
        ("嚟緊個禮拜要交咩", "2026-11-16", "2026-11-23"),
        ("嚟緊個月幾時出糧", "2026-12-01", "2027-01-01"),
        ("三日後要交嘅報告", "2026-11-14", "2026-11-15"),
        ("早兩日買嘅衫", "2026-11-06", "2026-11-11"),
        ("後年嘅計劃", "2028-01-01", "2029-01-01"),
        ("上個禮拜六同禮拜日去咗邊", "2026-11-07", "2026-11-09"),
        ("上個禮拜二三四我喺邊", "2026-11-03", "2026-11-06"),
        ("last week Wed Thu Fri", "2026-11-04", "2026-11-07"),
        ("舊年暑假去咗邊度玩", "2025-07-01", "2025-09-01"),
        ("舊年年中搬屋", "2025-06-01", "2025-08-01"),
        ("呢一季嘅業績", "2026-10-01", "2027-01-01"),
        ("兩個鐘前我話咗咩", "2026-11-11", "2026-11-12"),
        ("an hour ago you said", "2026-11-11", "2026-11-12"),
        ("年廿八洗邋遢", "2026-02-15", "2026-02-16"),
        ("年初五去咗邊度拜年", "2026-02-21", "2026-02-22"),
        ("聖誕後一日返唔返工", "2025-12-26", "2025-12-27"),
        ("中秋前一晚", "2026-09-24", "2026-09-25"),
        ("明年嘅今日", "2027-11-11", "2027-11-12"),
        # Taiwan's 双十 long weekend, 二二八; Hong Kong's 回归纪念日
        ("雙十連假去咗邊", "2026-10-10", "2026-10-11"),
        ("228連假去了哪", "2026-02-28", "2026-03-01"),
        ("回歸紀念日放煙花", "2026-07-01", "2026-07-02"),
        # Malaysian and Singapore 拜一拜二, 上个拜; CNY前; Malay lusa, tadi, minggu ni
        ("拜三拜四我在哪里", "2026-11-11", "2026-11-13"),
        ("下个拜开会", "2026-11-16", "2026-11-23"),
        ("CNY前我寄了几个包裹", "2026-01-19", "2026-02-17"),
        ("lusa要交的报告", "2026-11-13", "2026-11-14"),
        ("tadi我讲的那个地址", "2026-11-11", "2026-11-12"),
        ("minggu ni ada apa", "2026-11-09", "2026-11-16"),
        # the reunion dinner's other names (除夕), 新曆年 (元旦)
        ("團年飯訂咗邊間", "2026-02-16", "2026-02-17"),
        ("年夜饭花了多少钱", "2026-02-16", "2026-02-17"),
        ("年卅晚去咗邊", "2026-02-16", "2026-02-17"),
        ("新曆年放咗幾日假", "2026-01-01", "2026-01-02"),
        # dictation: 金晚 / 名晚 / 钱晚, 出 for 初, 作晚
        ("金晚食咩", "2026-11-11", "2026-11-12"),
        ("名晚几点的车", "2026-11-12", "2026-11-13"),
        ("钱晚那顿饭", "2026-11-09", "2026-11-10"),
        ("上个月出缴的管理费", "2026-10-01", "2026-10-11"),
        ("作晚几点睡的", "2026-11-10", "2026-11-11"),
        # Chinese and English in one phrase, either way round
        ("last个quarter的sales", "2026-07-01", "2026-10-01"),
        ("next个quarter的budget", "2027-01-01", "2027-04-01"),
        ("5 days前买的", "2026-11-06", "2026-11-07"),
        ("three weeks前的会", "2026-10-19", "2026-10-26"),
        ("两个月ago的账单", "2026-09-01", "2026-10-01"),
        ("四天later交货", "2026-11-15", "2026-11-16"),
        ("今年October的账单", "2026-10-01", "2026-11-01"),
        ("去年Dec的机票", "2025-12-01", "2026-01-01"),
        ("前年的Halloween", "2024-10-31", "2024-11-01"),
        ("明年Valentine's要订餐厅", "2027-02-14", "2027-02-15"),
        ("next month 3号交租", "2026-12-03", "2026-12-04"),
        ("上周的Thursday", "2026-11-05", "2026-11-06"),
        ("next week的周二", "2026-11-17", "2026-11-18"),
        ("上个year的年假还剩几天", "2025-01-01", "2026-01-01"),
        ("next week星期四开会", "2026-11-19", "2026-11-20"),
        ("上周礼拜六去了哪", "2026-11-07", "2026-11-08"),
        ("上个月 the 9th 的单", "2026-10-09", "2026-10-10"),
        ("next month 二十号交租", "2026-12-20", "2026-12-21"),
        ("next年的计划", "2027-01-01", "2028-01-01"),
        ("last季度的销售", "2026-07-01", "2026-10-01"),
        ("last last个月的电费", "2026-09-01", "2026-10-01"),
        ("next next 礼拜三", "2026-11-25", "2026-11-26"),
        ("上上个学期的成绩", "2025-09-01", "2026-01-01"),
        ("the semester before last", "2025-09-01", "2026-01-01"),
        # "ytd" before a part of the day or after "the day before": yesterday (else year to date)
        ("ytd night who called", "2026-11-10", "2026-11-11"),
        ("the day before ytd i went where", "2026-11-09", "2026-11-10"),
        ("ytd revenue", "2026-01-01", "2026-11-12"),
        # a date without its year where the place named writes the day first; the week of a day-first date
        ("马来西亚的收据写 5/8 那天", "2026-08-05", "2026-08-06"),
        ("the KL receipt from 2/6", "2026-06-02", "2026-06-03"),
        ("the week of 23/10", "2026-10-19", "2026-10-26"),
        ("the week of 3/9 in the Penang office", "2026-08-31", "2026-09-07"),
        # a recogniser's homophones of a count
        ("it was to weeks back", "2026-10-26", "2026-11-02"),
        ("won week ago i paid", "2026-11-02", "2026-11-09"),
        ("for days back the parcel came", "2026-11-07", "2026-11-08"),
        ("the visit is too weeks from now", "2026-11-25", "2026-11-26"),
        ("it came to days later", "2026-11-13", "2026-11-14"),
        ("what did we do on the forth of july", "2026-07-04", "2026-07-05"),
        ("上个理拜三", "2026-11-04", "2026-11-05"),
        ("下询的机票", "2026-10-21", "2026-11-01"),
        ("钱年我去过日本", "2024-01-01", "2025-01-01"),
        ("借的钱年底还", "2026-11-01", "2027-01-01"),
        # days and ISO weeks in cardinal words; a span's second day in words
        ("jan fifteen dentist", "2026-01-15", "2026-01-16"),
        ("the bill from october three to five", "2026-10-03", "2026-10-06"),
        ("sept nine flight", "2026-09-09", "2026-09-10"),
        ("in week thirty", "2026-07-20", "2026-07-27"),
        ("from the third to tenth", "2026-11-03", "2026-11-11"),
        ("tenth of august", "2026-08-10", "2026-08-11"),
        ("oct nine twenty twenty five", "2025-10-09", "2025-10-10"),
        ("in march twenty twenty six", "2026-03-01", "2026-04-01"),
        ("between august three and seven", "2026-08-03", "2026-08-08"),
        ("sales in q three", "2026-07-01", "2026-10-01"),
        # a correction that moves the day, week, month or year said, or repeats it, or says it again
        ("what did i buy yesterday no wait the day before", "2026-11-09", "2026-11-10"),
        ("what's on tomorrow no sorry the day after", "2026-11-13", "2026-11-14"),
        ("saturday night no the night before", "2026-11-06", "2026-11-07"),
        ("the day after tomorrow, no, tomorrow", "2026-11-12", "2026-11-13"),
        ("how much on fuel last week uh the end of last week i mean", "2026-11-06", "2026-11-09"),
        ("Last Thursday. No wait. Friday.", "2026-11-06", "2026-11-07"),
        # a filler set off by commas
        ("what did I pay, um, last Monday", "2026-11-02", "2026-11-03"),
        ("three, uh, weeks ago", "2026-10-19", "2026-10-26"),
        # either count: both (as 两三天前)
        ("four or five days ago i lost my keys", "2026-11-06", "2026-11-08"),
        ("like two weeks ago or three", "2026-10-19", "2026-11-02"),
        ("两三个礼拜前买的", "2026-10-19", "2026-11-02"),
        ("三四个月前", "2026-07-01", "2026-09-01"),
        ("last friday no the friday before", "2026-10-30", "2026-10-31"),
        ("上个月 我的意思是上个月底", "2026-10-21", "2026-11-01"),
        # either the day said or the one before it: both
        ("last night or was it the night before", "2026-11-09", "2026-11-11"),
        ("last month or the month before", "2026-09-01", "2026-11-01"),
        # "the last Thursday" without a habit: this past one
        ("what did we do on the last thursday", "2026-11-05", "2026-11-06"),
        # Singapore and Malaysian English; Malay
        ("next next Tuesday", "2026-11-24", "2026-11-25"),
        ("last last Saturday", "2026-10-31", "2026-11-01"),
        ("next next month", "2027-01-01", "2027-02-01"),
        ("last last year", "2024-01-01", "2025-01-01"),
        ("the month after next", "2027-01-01", "2027-02-01"),
        ("minggu depan", "2026-11-16", "2026-11-23"),
        ("bulan lalu", "2026-10-01", "2026-11-01"),
        ("tahun depan", "2027-01-01", "2028-01-01"),
        ("next Sat Sun free?", "2026-11-21", "2026-11-23"),
    ],
)
def test_phrasings_of_the_round(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # a bus, a minibus, a typhoon signal: numbers that are no date; 团年 inside 集团年会
        "搭8號巴士去旺角",
        "八號風球嗰陣點返工",
        "5号小巴几点开",
        "集团年会在哪开",
        # 拜拜 (goodbye; a worship) after 这个
        "这个拜拜要准备什么",
        "今年二十八岁了",
        "我女儿上一年级",
        "walking back and forth",
        "三点钟前要交",
        "my h one b visa",
        "one or two things to ask",
        "the term before last",
        # "to" before a word that is no unit; a month word that is a verb
        "i stayed at the days inn close to days inn airport",
        "may one day we travel",
        "the march two miles long",
        # an age in words or with "years old"
        "my son is eleven this year, which school",
        "she turns thirty-five this year what gift",
        "he's 9 years old this year",
        # a web address said aloud
        "how do i log in to friday dot com",
        "is sunday dot io down",
        # a habit on the last weekday of the month
        "we always do payroll on the last Thursday",
        "we usually clean the office on the final friday",
        # what someone wrote, its meaning asked
        "my boss wrote see you next week what does that mean",
        "他回了句 下周见 是什么意思",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_the_day_before_an_event_is_no_correction() -> None:
    assert days_named("yesterday no wait the day before the meeting", NOW) == ("2026-11-10", "2026-11-11")
