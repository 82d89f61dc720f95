"""Time phrasings of the twenty-sixth round, second wave, Hong Kong / Taiwan / Singapore / Malaysia,
dictation and mixed messages (classes found among the wrong cases of two tuning parts written without the
phrase table: a National Day named with its country, Labour Day, Vesak Day and the mid-autumn said alone,
a span of dates in digits within one month, the week of a month without "of", a recogniser's "to day" and
"choose day", a year said aloud after "from", English parts of a month beside Chinese, a past trip on a
holiday, a day of this month still ahead), and what must stay no range (a year that ends a number, a
quoted title, which days make the weekend, the year asked, a word's meaning). Examples are written here,
not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; this week is 03-15 .. 03-21


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # a National Day named with its country: Singapore's (NDP), Malaysia's, Taiwan's; else 1-7 October
        ("national day at the padang, who did we go with", "2026-08-09", "2026-08-10"),
        ("what did we do on national day in s'pore", "2026-08-09", "2026-08-10"),
        ("the NDP preview tickets we got", "2026-08-09", "2026-08-10"),
        ("the national day parade rehearsal was loud", "2026-08-09", "2026-08-10"),
        ("马来西亚国庆日我们回乡下", "2026-08-31", "2026-09-01"),
        ("national day in KL we drove where", "2026-08-31", "2026-09-01"),
        ("台湾国庆那天下雨吗", "2026-10-10", "2026-10-11"),
        ("taipei national day fireworks", "2026-10-10", "2026-10-11"),
        ("what did we do on national day", "2026-10-01", "2026-10-08"),
        # Labour Day in English: 1 May; in Canada, the first Monday of September
        ("what did we do on labour day", "2026-05-01", "2026-05-02"),
        ("labour day in Toronto, Canada", "2026-09-07", "2026-09-08"),
        # mid-autumn said alone, Vesak Day (a week after 佛诞)
        ("mid-autumn which lantern we hang", "2026-09-25", "2026-09-26"),
        ("mid autumn last year who came", "2026-09-25", "2026-09-26"),
        ("vesak day we went to the temple", "2026-05-31", "2026-06-01"),
        ("卫塞节去了哪间寺", "2026-05-31", "2026-06-01"),
        ("wesak 2025 the queue at the temple", "2025-05-12", "2025-05-13"),
        # 618 said with "on" in a question about buying, with its year
        ("how much did i spend on 618 last year", "2026-06-18", "2026-06-19"),
        ("on 618 what i buy ah", "2026-06-18", "2026-06-19"),
        # two dates in digits sharing their second number: one month, day first
        ("my MC from 5/2 to 9/2 got approve?", "2027-02-05", "2027-02-10"),
        ("3/1-7/1 trip to penang", "2027-01-03", "2027-01-08"),
        ("12/11到15/11的酒店订了哪间", "2026-11-12", "2026-11-16"),
        # the week or weekend of a month, "of" left out
        ("2nd week next month any public holiday", "2027-04-08", "2027-04-15"),
        ("the last week this month what's due", "2027-03-25", "2027-04-01"),
        ("first weekend next month free or not", "2027-04-03", "2027-04-05"),
        # dictation: to day, to night, choose day, wens day; a year said aloud after "from"
        ("what did i say earlier to day", "2027-03-18", "2027-03-19"),
        ("anything planned for to night", "2027-03-18", "2027-03-19"),
        ("the dentist on chews day", "2027-03-16", "2027-03-17"),
        ("wens day lunch with boss", "2027-03-17", "2027-03-18"),
        ("videos from twenty twenty five", "2025-01-01", "2026-01-01"),
        ("photos from 2024 of the kids", "2024-01-01", "2025-01-01"),
        # English parts of a month or a day word beside Chinese; a count in English after 过去 / 最近
        ("late next month 要交的表", "2027-04-21", "2027-05-01"),
        ("beginning of last month 的 invoice", "2027-02-01", "2027-02-11"),
        ("mid next month 的 trip 订了吗", "2027-04-11", "2027-04-21"),
        ("day before yesterday 买的 kopi", "2027-03-16", "2027-03-17"),
        ("day after tomorrow 的 flight 几点", "2027-03-20", "2027-03-21"),
        ("过去 14 days 的 steps", "2027-03-05", "2027-03-19"),
        ("最近 6 months 的 账单", "2026-09-20", "2027-03-19"),
        ("过去 10 天 跑了几次", "2027-03-09", "2027-03-19"),
        ("下个月 的 20 号 有什么", "2027-04-20", "2027-04-21"),
        ("上个月 的 3 号 transfer 了多少", "2027-02-03", "2027-02-04"),
        # a quarter written 第三季 after its year
        ("2026年第三季的营收", "2026-07-01", "2026-10-01"),
        ("2025年第一季個報告", "2025-01-01", "2025-04-01"),
        # a holiday trip asked in the past (了): the latest, not the coming one
        ("端午那几天我们去哪玩了", "2026-06-19", "2026-06-20"),
        # a day of this month still ahead is last year's
        ("what did i note on the 25th of march", "2026-03-25", "2026-03-26"),
        ("3月28号我们吃了什么", "2026-03-28", "2026-03-29"),
        # Cantonese 礼拜尾 alone; Singapore English "recent 3 months"
        ("礼拜尾去咗边", "2027-03-13", "2027-03-15"),
        ("recent 3 months electricity how much", "2026-12-19", "2027-03-19"),
        ("the recent 2 weeks got rain or not", "2027-03-05", "2027-03-19"),
        # either count after "or was it", "or maybe"; 上个月 end; 去年 的 + a holiday; the June holidays
        ("four days ago or was it five, the parcel came", "2027-03-13", "2027-03-15"),
        ("2 weeks back, or maybe 3", "2027-02-22", "2027-03-08"),
        ("上个月 end 的 report 交了吗", "2027-02-21", "2027-03-01"),
        ("下个月 beginning 要续保", "2027-04-01", "2027-04-11"),
        ("今年 的 Valentine's 送了什么", "2027-02-14", "2027-02-15"),
        ("the June holidays we went where", "2026-06-01", "2026-07-01"),
        ("december school hols the kids did what", "2026-12-01", "2027-01-01"),
        # Taiwan's year of the Republic before a month or a part of the year; 農曆年
        ("115年3月的發票", "2026-03-01", "2026-04-01"),
        ("114年度的報稅資料", "2025-01-01", "2026-01-01"),
        ("113年下半年的業績", "2024-07-01", "2025-01-01"),
        ("農曆年去邊度玩", "2027-02-06", "2027-02-13"),
        # "past 1 week", "past one month", "past year" (no "the"); "end month", "early month"
        ("past 1 week how many steps", "2027-03-12", "2027-03-19"),
        ("the past one month grab spending", "2027-02-17", "2027-03-19"),
        ("past year how many times i fell sick", "2026-03-19", "2027-03-19"),
        ("end month must pay the aircon guy", "2027-02-21", "2027-03-01"),
        ("early month got bonus or not", "2027-03-01", "2027-03-11"),
        # mixed: a week of a month, a part of a year or week, an ordinal day, valentine beside Chinese
        ("上个月 first week 的 sales", "2027-02-01", "2027-02-08"),
        ("3月 the last week 有空吗", "2027-03-25", "2027-04-01"),
        ("next month 第二个礼拜 的 trip", "2027-04-08", "2027-04-15"),
        ("early this year 的 plan 是啥", "2027-01-01", "2027-03-01"),
        ("end of last year 的 bonus 多少", "2026-11-01", "2027-01-01"),
        ("early next week 的 call 改了吗", "2027-03-22", "2027-03-25"),
        ("the 8th 的 meeting 说了啥", "2027-03-08", "2027-03-09"),
        ("12th 那天 我们去了哪", "2027-03-12", "2027-03-13"),
        ("valentine 那天 送了什么花", "2027-02-14", "2027-02-15"),
        ("on valentine we ate where", "2027-02-14", "2027-02-15"),
        ("上个礼拜 的 Thursday 开了什么会", "2027-03-11", "2027-03-12"),
        ("next month 的 2nd week 的 trip", "2027-04-08", "2027-04-15"),
        ("去年 的 这个时候 在做什么", "2026-03-18", "2026-03-19"),
        ("this time last month 的 messages", "2027-02-18", "2027-02-19"),
        ("半年 ago 的 order", "2026-09-01", "2026-10-01"),
        ("weekend 去咗边度", "2027-03-13", "2027-03-15"),
        # dictation: a season with its year, "a go", "thirsday", "after noon", "last knight", "the one before"
        ("summer 2024 photos at the beach", "2024-06-01", "2024-09-01"),
        ("the winter of 2025 we flew to seoul", "2025-12-01", "2026-03-01"),
        ("2021 autumn trip to hokkaido", "2021-09-01", "2021-12-01"),
        ("five days a go the parcel came", "2027-03-13", "2027-03-14"),
        ("what did i cook last thirsday", "2027-03-11", "2027-03-12"),
        ("yesterday after noon who called", "2027-03-17", "2027-03-18"),
        ("what did i eat last knight", "2027-03-17", "2027-03-18"),
        ("last month no the one before, the gas bill", "2027-01-01", "2027-02-01"),
        ("last friday sorry the one before", "2027-03-05", "2027-03-06"),
        ("last weekend, no wait, the one before", "2027-03-06", "2027-03-08"),
        ("next weekend sorry the weekend after", "2027-04-03", "2027-04-05"),
        # Cantonese: 前排, 上两个礼拜, 过两日, 下年, 最尾嗰个礼拜
        ("前排你話想去邊度", "2027-03-05", "2027-03-19"),
        ("上兩個禮拜嘅開支", "2027-03-01", "2027-03-15"),
        ("過兩日再去睇", "2027-03-20", "2027-03-21"),
        ("下年幾時去日本", "2028-01-01", "2029-01-01"),
        ("上個月最尾嗰個禮拜做咗咩", "2027-02-22", "2027-03-01"),
    ],
)
def test_second_wave_regional_phrasings(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


def test_what_the_second_wave_keeps() -> None:
    # a plan for a holiday stays the coming one; 上个礼拜尾 stays the end of last week; a day of this
    # month already passed stays this month's; "4/3 to 4/10" (the same first number) stays month first
    assert days_named("端午打算去哪", NOW) == ("2027-06-09", "2027-06-10")
    assert days_named("上个礼拜尾", NOW) == ("2027-03-12", "2027-03-15")
    assert days_named("march 10 what did i buy", NOW) == ("2027-03-10", "2027-03-11")
    assert days_named("4/3 to 4/10", NOW) == ("2026-04-03", "2026-04-11")
    assert days_named("the playlist i made yesterday", NOW) == ("2027-03-17", "2027-03-18")
    assert days_named("昨天你说的是什么意思", NOW) == ("2027-03-17", "2027-03-18")


@pytest.mark.parametrize(
    "query",
    [
        # a year that ends or starts a number
        "the pin ends with twenty twenty four",
        "card number starting with 2026",
        "the wifi one ending in 2025 i forgot",
        # a title in quotation marks beside a song, a playlist, a film, an album; a title in 《》
        "「明日之後」這首歌幾好聽",
        "the 'Sunday Morning' song",
        'where is the "Friday Night" playlist',
        "《昨日重現》这张专辑",
        # which days make the weekend; the year asked
        "is the weekend fri-sat in johor?",
        "in kedah the weekend is fri and sat right",
        "周末是周五周六吗",
        "那个中秋是哪一年",
        "which year was that christmas in london",
        # a word's meaning asked in Chinese
        "kelmarin 是什么意思",
        "besok 是咩意思",
        # near misses of the dictation and the numbers
        "day to day expenses",
        "take her to day care",
        "the 618 bus",
        "we grew from 2000 users to 5000",
        "公司成立115年了",
        "my valentine card is where",
        "the summer 2024 sale posters",
        "the last knight was a bad movie",
        "我哋坐前排座位",
    ],
)
def test_second_wave_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_fall_as_a_verb_before_a_year_is_no_autumn() -> None:
    # "fall" is the verb: the year is read as "the 2024 forecast" reads it (offices), not autumn 2024
    assert days_named("prices fall 2024 forecast", NOW) == ("2024-01-01", "2025-01-01")
