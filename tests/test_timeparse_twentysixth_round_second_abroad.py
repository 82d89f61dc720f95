"""Time phrasings of the twenty-sixth round's second wave: English learned as adults (Hindi, Urdu, Arabic,
Russian, Spanish, Portuguese, Vietnamese, Indonesian, Swahili speakers), everyday phone typing and the
Commonwealth's English (classes found among the wrong cases of tune92, tune94 and tune97: holidays kept by
a calendar of their own, calques of other languages' time words, a deadline "by Friday", South African "just
now", a quoted title or sentence to correct, Shanghainese 号头), and what must stay no range. Examples are
written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; this week is 03-15 .. 03-21


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # holidays kept by a calendar of their own: Eid al-Fitr (Lebaran, Hari Raya), Eid al-Adha (Bakrid),
        # Ramadan (to the day before Eid), Holi, Diwali / Deepavali, Matariki
        ("since Eid how much I spent", "2027-03-09", "2027-03-19"),
        ("Hari Raya Puasa open house at whose place", "2027-03-09", "2027-03-10"),
        ("what I cooked for Bakrid", "2026-05-27", "2026-05-28"),
        ("during Ramadan when I break fast", "2027-02-08", "2027-03-09"),
        ("Holi colours on which day", "2026-03-04", "2026-03-05"),
        ("Diwali last year which sweets", "2026-11-08", "2026-11-09"),
        ("what did we do at Matariki", "2026-07-10", "2026-07-11"),
        # "in beginning of month", "middle of month" (no article): of this month
        ("what did I cook in beginning of month", "2027-03-01", "2027-03-11"),
        ("middle of month I visited the dentist", "2027-03-11", "2027-03-21"),
        ("Orthodox Christmas what we cooked", "2027-01-07", "2027-01-08"),
        ("Women's Day flowers who sent", "2027-03-08", "2027-03-09"),
        ("Madaraka Day parade where was it", "2026-06-01", "2026-06-02"),
        ("St-Jean-Baptiste party at whose place", "2026-06-24", "2026-06-25"),
        ("lohri bonfire at whose house", "2027-01-13", "2027-01-14"),
        ("what did we do on super bowl sunday", "2027-02-14", "2027-02-15"),
        ("the 2025 superbowl party at whose place", "2025-02-09", "2025-02-10"),
        ("a fortnight from now what is due", "2027-04-01", "2027-04-02"),
        # "5 days more we go", said first: in 5 days
        ("Five days more we go to Lagos, what to buy?", "2027-03-23", "2027-03-24"),
        ("only 2 weeks more I start the new job, what is needed", "2027-03-29", "2027-04-05"),
        # "in the last period", "during last time" (Russian "в последнее время"): lately
        ("In the last period, my knee hurts, what exercises I noted", "2027-03-05", "2027-03-19"),
        ("during last time I sleep badly, what I drank", "2027-03-05", "2027-03-19"),
        # bare day numbers of a month named after them
        ("from 2 to 6 of last month where I stayed", "2027-02-02", "2027-02-07"),
        ("between 11 and 14 of this month who called", "2027-03-11", "2027-03-15"),
        ("from 4-9 of next month I'm on leave", "2027-04-04", "2027-04-10"),
        ("Last month on 7 I paid the plumber how much", "2027-02-07", "2027-02-08"),
        ("this month on the 2nd what I bought", "2027-03-02", "2027-03-03"),
        ("on 25 of last month what I paid", "2027-02-25", "2027-02-26"),
        ("since 2 of this month what I spent", "2027-03-02", "2027-03-19"),
        ("on day 15 I paid the school fee", "2027-03-15", "2027-03-16"),
        ("day 5 of this month what I bought", "2027-03-05", "2027-03-06"),
        # a half: in the next smaller unit
        ("a month and a half ago what I ordered", "2027-02-01", "2027-02-08"),
        ("1.5 years back where we lived", "2025-09-01", "2025-10-01"),
        # "Week after I start", said first (Vietnamese "tuần sau"): next week
        ("Week after I start school what to buy", "2027-03-22", "2027-03-29"),
        # Swahili and Arabic day words
        ("kesho what I have", "2027-03-19", "2027-03-20"),
        ("juzi I paid the fundi how much", "2027-03-16", "2027-03-17"),
        ("wiki iliyopita how much I spent", "2027-03-08", "2027-03-15"),
        ("mwaka jana in december where we went", "2026-12-01", "2027-01-01"),
        ("bukra what is planned", "2027-03-19", "2027-03-20"),
        # Hindi kal / parso / aaj by the tense of the English around them
        ("kal I paid the milkman how much", "2027-03-17", "2027-03-18"),
        ("what I have to do kal", "2027-03-19", "2027-03-20"),
        ("kal raat I will go where", "2027-03-19", "2027-03-20"),
        ("parso I bought vegetables", "2027-03-16", "2027-03-17"),
        ("parso the plumber will come, what time", "2027-03-20", "2027-03-21"),
        ("aaj raat dinner where", "2027-03-18", "2027-03-19"),
        # Spanish and Portuguese day words in English text
        ("antier I lost my keys", "2027-03-16", "2027-03-17"),
        ("anteontem we ate where", "2027-03-16", "2027-03-17"),
        ("what is planned for pasado manana", "2027-03-20", "2027-03-21"),
        ("depois de amanha the doctor?", "2027-03-20", "2027-03-21"),
        ("ontem I paid the gas", "2027-03-17", "2027-03-18"),
        # "has three days that I sent" (faz, hace), "it's been 2 months since": as "… ago"
        ("Has three days that I sent the form, which day?", "2027-03-15", "2027-03-16"),
        ("have 10 days that I ordered the phone", "2027-03-08", "2027-03-09"),
        ("it's been 2 months since we moved, what was the date", "2027-01-01", "2027-02-01"),
        # "the week past", "the month past"; "Month before I …" said first (Vietnamese "tháng trước")
        ("the week past what did I cook", "2027-03-08", "2027-03-15"),
        ("the month past how much I spent on taxi", "2027-02-01", "2027-03-01"),
        ("Month before I changed my bank, which one", "2027-02-01", "2027-03-01"),
        ("Year before, we travelled to Mombasa", "2026-01-01", "2027-01-01"),
        # "in this days" (these days); "the week coming" (the coming week)
        ("in this days I feel tired, what I ate", "2027-03-05", "2027-03-19"),
        ("the week coming what is planned", "2027-03-18", "2027-03-25"),
        # British and Irish: this day week, yesterday week, this Sunday past; the morra; ult. / inst. / prox.
        ("this day week what have I got", "2027-03-25", "2027-03-26"),
        ("yesterday week I paid the window cleaner", "2027-03-10", "2027-03-11"),
        ("this Sunday past what did we cook", "2027-03-14", "2027-03-15"),
        ("the day after the morra, what's on", "2027-03-20", "2027-03-21"),
        ("your letter of the 10th ult. about the lease", "2027-02-10", "2027-02-11"),
        ("the cheque dated 2nd prox.", "2027-04-02", "2027-04-03"),
        # 4 days before now; 12th this month; last year's May; last week from Tuesday to Thursday; recent days
        ("4 days before now I paid the maid", "2027-03-14", "2027-03-15"),
        ("12th this month what did I order", "2027-03-12", "2027-03-13"),
        ("last year's May how much was the power bill", "2026-05-01", "2026-06-01"),
        ("last week from Tuesday to Thursday what I ate", "2027-03-09", "2027-03-12"),
        ("recent 4 days how much I slept", "2027-03-15", "2027-03-19"),
        ("in recent week what I complained about", "2027-03-12", "2027-03-19"),
        # phone shorthand
        ("a cpl days ago i told u about a recipe", "2027-03-16", "2027-03-17"),
        ("tmw what's on", "2027-03-19", "2027-03-20"),
        ("sun am what did i cook", "2027-03-14", "2027-03-15"),
        # a deadline: today to the coming such day
        ("what's due by tuesday", "2027-03-18", "2027-03-24"),
        ("what do I need to finish by this saturday", "2027-03-18", "2027-03-21"),
        # Australian "Chrissy" before a word of the day
        ("what did we have for Chrissy lunch", "2026-12-25", "2026-12-26"),
        ("Chrissie dinner menu", "2026-12-25", "2026-12-26"),
        # Shanghainese 号头 (a month), 搿个 / 迭个 (this); 这半年来
        ("搿个号头电费几钿", "2027-03-01", "2027-04-01"),
        ("上个号头我买过啥", "2027-02-01", "2027-03-01"),
        ("迭个礼拜我去过医院伐", "2027-03-15", "2027-03-22"),
        ("上半日我讲过啥", "2027-03-18", "2027-03-19"),
        ("晚黑吃的啥", "2027-03-18", "2027-03-19"),
        ("这程子我睡得咋样", "2027-03-05", "2027-03-19"),
        ("前些程子我说的那个大夫姓啥", "2027-03-05", "2027-03-19"),
        ("这一个月来我血压怎么样", "2027-02-17", "2027-03-19"),
        ("近两个月以来我花了多少", "2027-01-18", "2027-03-19"),
        ("这半个月里我说过啥", "2027-03-04", "2027-03-19"),
        ("这半年来我体重变了多少", "2026-09-20", "2027-03-19"),
        ("近半年来我去了几趟医院", "2026-09-20", "2027-03-19"),
    ],
)
def test_phrasings_of_the_second_wave(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end)


@pytest.mark.parametrize(
    "query",
    [
        # a count of more days asked for, the last time of something, a routine of each month
        "I need 3 days more to finish the essay",
        "give me two weeks more please",
        "the last time I saw him he was ill",
        "the start of month routine is boring",
        "it has 3 rooms that I like",
        # a name, what is bought for a holiday
        "what did I buy for Chrissy",
        "the eid clothes I ordered, from which shop",
        "diwali sweets recipe",
        # South African "just now" of what one will do
        "I'll phone the plumber just now, what's his number",
        "we'll pop in just now",
        # a quoted title, a quoted sentence to correct
        "which song goes 'Monday Monday'",
        "is 'I was there since 2 days' correct?",
        "the book 'Last Week Tonight' who wrote it",
        'please correct my grammar: "I have gone there yesterday"',
        # a day of a count ("day 3 of the trip"), "since day one"
        "day 3 of the trip what did we see",
        "since day 1 he helped me",
        # Hindi kal with no tense told, "parson" (a word of English) alone
        "the kal wala payment isn't showing",
        "what did the parson say",
        # 来 as "comes", 这两个月 (a stretch of one's life, as 这段时间)
        "他这一个月来一次",
        "祝你前程似锦",
        "这两个月我随份子一共随了多少钱",
        # a shop's day off, asked in Shanghainese
        "搿家饭店礼拜二休息伐",
        "礼拜天那个店开伐",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None


def test_a_quote_in_a_message_keeps_its_time() -> None:
    # a quoted line of talk holds the user's own time; only a title or a sentence to correct is set aside
    assert days_named('<Ana>: "I got a picture book last week!"', NOW) == ("2027-03-08", "2027-03-15")
    assert days_named("which book did I buy last week, 'Monday Starts on Saturday'?", NOW) == (
        "2027-03-08",
        "2027-03-15",
    )


def test_plants_are_no_plan() -> None:
    # "plants" holds "plan": a past question about a holiday keeps the latest one
    assert days_named("list the plants I bought on Victoria Day", datetime(2027, 5, 27)) == (
        "2027-05-24",
        "2027-05-25",
    )


def test_a_holiday_with_its_year_is_the_anchor() -> None:
    # as "as mentioned on 23 January, 2022": a holiday with its year is what the question is about
    now = datetime(2027, 4, 16)
    assert days_named("前些天翻相册看到2025年中秋拍的那张 在哪拍的", now) == ("2025-10-06", "2025-10-07")
    assert days_named("last week I found the pics from Diwali 2025, where was that", now) == (
        "2025-10-20",
        "2025-10-21",
    )
