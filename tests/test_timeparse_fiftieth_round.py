"""The fiftieth round's time words (`parse_range(query, now, region)`), from the region authors' tuning
parts: holidays kept by the moon or a calendar of their own on a country's own day (Eid by each country's
sighting, Deepavali by the Tamil calendar in Singapore and Malaysia, Vesak by Malaysia's gazette:
`hindsight.recall.holiday_tables`). Examples are written here, not copied from the corpus; each with a
near miss that must stay as before."""

from __future__ import annotations

import pytest

from hindsight.recall import holiday_tables, holidays

from .time_ranges import days_at

Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # Eid al-Fitr 2027: 10 March where Malaysia, Singapore, India and Pakistan sight the moon, 9 March in
        # the Gulf (the default) and where no region is given
        ("what did we cook for hari raya", "2027-04-19", "MY", ("2027-03-10", "2027-03-11")),
        ("开斋节那天去谁家拜年", "2027-04-19", "SG", ("2027-03-10", "2027-03-11")),
        ("the eid dinner guest list", "2027-04-19", "PK", ("2027-03-10", "2027-03-11")),
        ("the eid dinner guest list", "2027-04-19", "AE", ("2027-03-09", "2027-03-10")),
        ("the eid dinner guest list", "2027-04-19", None, ("2027-03-09", "2027-03-10")),
        # a user in the US keeps the default (no table of the country's own)
        ("the eid dinner guest list", "2027-04-19", "US", ("2027-03-09", "2027-03-10")),
        # Eid al-Adha 2026: Bangladesh's 28 May, the Gulf's 27 May
        ("qurbani meat we gave out on eid ul adha", "2026-07-01", "BD", ("2026-05-28", "2026-05-29")),
        ("qurbani meat we gave out on eid ul adha", "2026-07-01", "SA", ("2026-05-27", "2026-05-28")),
        # Deepavali 2027: 28 October in Singapore and Malaysia, 29 October in India
        ("屠妖节那天的 open house", "2027-11-15", "SG", ("2027-10-28", "2027-10-29")),
        ("what sweets did we buy for deepavali", "2027-11-15", "MY", ("2027-10-28", "2027-10-29")),
        ("what sweets did we buy for diwali", "2027-11-15", "IN", ("2027-10-29", "2027-10-30")),
    ],
)
def test_moon_and_calendar_holidays_by_country(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


def test_every_country_table_has_a_day_each_year() -> None:
    """Each series of `holiday_tables` names one valid day a year, and the parser reads it as that day."""
    years = range(holiday_tables.FIRST_YEAR, holiday_tables.LAST_YEAR + 1)
    for holiday, countries in holiday_tables.FIRST_DAYS.items():
        for country, series in countries.items():
            days = series.split()
            assert len(days) == len(years), (holiday, country)
            for year, said in zip(years, days, strict=True):
                start, end = holidays.HOLIDAYS[holidays.by_country(holiday, country)](year)
                assert start.strftime("%m%d") == said and (end - start).days == 1


def test_a_year_past_the_country_table_names_no_day() -> None:
    with pytest.raises(KeyError):
        holidays.HOLIDAYS[holidays.by_country("eid al-fitr", "MY")](holiday_tables.LAST_YEAR + 1)


@pytest.mark.parametrize(
    "case",
    [
        # a date with its year written with dashes, in the region's order
        ("the lab report of 05-01-2027, any sugar value?", "2027-02-13", "IN", ("2027-01-05", "2027-01-06")),
        ("the lab report of 05-01-2027, any sugar value?", "2027-02-13", "US", ("2027-05-01", "2027-05-02")),
        # a seller's ship-by date after "a"
        ("which listings had a 3/7 ship by date", "2026-03-20", "US", ("2026-03-07", "2026-03-08")),
        ("the 4/2 due date for the GST filing", "2026-03-20", "AU", ("2026-02-04", "2026-02-05")),
        # "on the 1/2," ending its clause; what a card has written on it
        ("the form went in on the 1/2, any reply since?", "2027-02-07", "IE", ("2027-02-01", "2027-02-02")),
        ("the clinic card wrote 12/10, what did she say", "2027-10-20", "MY", ("2027-10-12", "2027-10-13")),
        # near misses: a phone number, a fraction, a price tag
        ("call 555-01-2027 for the depot", "2027-02-13", "US", None),
        ("the shirts on the 1/2 price rack", "2027-02-13", "US", None),
        ("he wrote 1/2 of the essay", "2027-02-13", "GB", None),
    ],
)
def test_dates_in_digits(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Taiwan's 連假: the days off in a row its public holidays give (Children's Day beside 清明 in 2026,
        # 228 on a Sunday made up the Monday); mainland China's 清明 keeps its own reading
        ("清明連假出了幾單", "2026-04-10", "TW", ("2026-04-03", "2026-04-07")),
        ("228連假去了哪裡", "2027-03-10", "TW", ("2027-02-27", "2027-03-02")),
        ("雙十連假的業績", "2026-10-20", "TW", ("2026-10-09", "2026-10-12")),
        ("清明连假去哪了", "2026-04-10", "CN", ("2026-04-05", "2026-04-06")),
        # Thaipusam (大宝森节), by the Tamil calendar as Malaysia keeps it
        ("大宝森节那天有没有上班", "2027-02-04", "MY", ("2027-01-22", "2027-01-23")),
        ("the thaipusam kavadi photos", "2027-02-04", "SG", ("2027-01-22", "2027-01-23")),
        # Little India and an Indian neighbour are not India: Singapore's and Malaysia's Deepavali
        ("deepavali we went little india, the photos pls", "2027-11-02", "SG", ("2027-10-28", "2027-10-29")),
        ("屠妖节印度邻居送的甜点", "2027-11-01", "MY", ("2027-10-28", "2027-10-29")),
        # India named as the place: India's Diwali
        ("diwali in india with amma", "2027-11-02", "SG", ("2027-10-29", "2027-10-30")),
        # near misses: whether a day is a holiday ("a stat", as Canadians say), asked
        ("is thaipusam a holiday in penang?", "2026-01-15", "MY", None),
        ("is boxing day a stat in ontario or nah", "2026-12-18", "CA", None),
    ],
)
def test_holidays_a_region_keeps(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # "every … since a day" lists what was done since it; "every Labor Day" is a habit
        ("pull up every ride i gave since labor day", "2026-10-14", "US", ("2026-09-07", "2026-10-15")),
        ("every invoice since christmas", "2026-10-14", None, ("2025-12-25", "2026-10-15")),
        ("every labor day we go camping, where to", "2026-10-14", "US", None),
    ],
)
def test_since_a_day_is_no_habit(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


def test_days_off_in_a_row_need_a_table() -> None:
    """Where no table of public holidays is held (a year past Taiwan's, a region without one), a 連假 is read
    as before: the holiday with the weekend beside it."""
    # 清明 2036 is a Friday: Friday to Sunday
    assert days_at("清明連假出了幾單", "2036-04-10", "TW") == ("2036-04-04", "2036-04-07")
    # Hong Kong's National Day 2026, a Thursday: Thursday to Sunday
    assert days_at("国庆连假", "2026-10-20", "HK") == ("2026-10-01", "2026-10-05")


@pytest.mark.parametrize(
    "case",
    [
        # the Agong's birthday (Malaysia's king's: June's first Monday), Malaysia Day (大马日), 光復節
        (
            "payout late because of the agong birthday holiday?",
            "2027-06-09",
            "MY",
            ("2027-06-07", "2027-06-08"),
        ),
        ("Agong 生日那天有没有开店", "2027-06-20", "MY", ("2027-06-07", "2027-06-08")),
        ("大马日假期的订单", "2027-09-20", "MY", ("2027-09-16", "2027-09-17")),
        ("光復節那天的打卡紀錄", "2026-11-02", "TW", ("2026-10-25", "2026-10-26")),
        # Independence Day in Jamaica (6 August); the Fourth of July in the US
        ("independence day, who came to visit?", "2026-08-12", "JM", ("2026-08-06", "2026-08-07")),
        ("independence day, who came to visit?", "2026-08-12", "US", ("2026-07-04", "2026-07-05")),
        # May Day in the UK and Ireland is the early May bank holiday; elsewhere 1 May
        ("was may day paid at time and a half", "2026-05-20", "GB", ("2026-05-04", "2026-05-05")),
        ("was may day paid at time and a half", "2026-05-20", "PH", ("2026-05-01", "2026-05-02")),
        # "over the spring bank holiday weekend" is the bank holiday's, not spring's
        (
            "over the spring bank holiday weekend, any shifts?",
            "2028-06-14",
            "GB",
            ("2028-05-27", "2028-05-30"),
        ),
        ("over the spring, any shifts?", "2028-06-14", "GB", ("2028-03-01", "2028-06-01")),
    ],
)
def test_more_days_a_region_keeps(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a holiday said as its days off: the public holidays the country gives for it (python-holidays'
        # tables): Nigeria's two Sallah days, the UAE's Eid and National Day holidays, Malaysia's Raya days
        # with the extra and made-up ones, Singapore's and Hong Kong's Chinese New Year holidays
        ("trips i did during the sallah break", "2027-03-20", "NG", ("2027-03-10", "2027-03-12")),
        ("did they text me during the eid holidays?", "2026-03-30", "AE", ("2026-03-19", "2026-03-23")),
        ("national day holidays, what did i note", "2027-12-10", "AE", ("2027-12-02", "2027-12-04")),
        ("开斋节 cuti 那几天有没有收到 email", "2026-03-28", "MY", ("2026-03-20", "2026-03-24")),
        ("CNY 的 PH 我有没有上班", "2026-03-02", "SG", ("2026-02-17", "2026-02-19")),
        ("農曆年假嗰幾日嘅單", "2027-02-22", "HK", ("2027-02-06", "2027-02-10")),
        ("during CNY, any orders?", "2027-02-18", "SG", ("2027-02-06", "2027-02-09")),
        # the holiday said as its day; mainland China's week of days off as before
        ("what did we cook on hari raya", "2027-04-19", "MY", ("2027-03-10", "2027-03-11")),
        ("during CNY, any orders?", "2027-02-18", "CN", ("2027-02-06", "2027-02-13")),
        # 新年 by a Chinese speaker in Malaysia or Singapore is Chinese New Year; 新年快乐 names no time
        ("新年那个礼拜的出货记录", "2028-02-10", "MY", ("2028-01-24", "2028-01-31")),
        ("新年期间有没有 settle", "2027-02-18", "SG", ("2027-02-06", "2027-02-09")),
        ("新年快乐用马来文怎么讲", "2027-02-18", "MY", None),
        # India's assessment year is the financial year before it
        ("filing ITR for AY 2027-28, what did i note", "2027-07-25", "IN", ("2026-04-01", "2027-04-01")),
    ],
)
def test_days_off_a_holiday_gives(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


def test_every_days_off_span_is_a_run_of_days() -> None:
    """Each span of `holiday_tables.DAYS_OFF_SPANS` is "-" or a first and last day in order, within a week."""
    for holiday, countries in holiday_tables.DAYS_OFF_SPANS.items():
        for country, spans in countries.items():
            said = spans.split()
            assert len(said) == holiday_tables.LAST_YEAR - holiday_tables.FIRST_YEAR + 1, (holiday, country)
            for year, span in zip(
                range(holiday_tables.FIRST_YEAR, holiday_tables.LAST_YEAR + 1), said, strict=True
            ):
                if span == "-":
                    with pytest.raises(KeyError):
                        holidays.HOLIDAYS[holidays.days_off(holiday, country)](year)
                    continue
                start, end = holidays.HOLIDAYS[holidays.days_off(holiday, country)](year)
                assert start.strftime("%m%d") == span[:4] and 1 <= (end - start).days <= 9


def test_a_long_weekend_is_still_the_weekends() -> None:
    """连假 and "long weekend" keep their reading (the holiday and the weekend beside it), not days off."""
    # Hong Kong's National Day 2028 is a Sunday, made up on the Monday: Saturday to Monday
    assert days_at("國慶連假去咗邊", "2028-10-10", "HK") == ("2028-09-30", "2028-10-03")
    # 春节那几天 where the region gives days off of its own: Singapore's
    assert days_at("春节那几天花了多少", "2027-03-01", "SG") == ("2027-02-06", "2027-02-09")


@pytest.mark.parametrize(
    "case",
    [
        # a bare quarter in India is the financial year's (April to March); with its year, the calendar's
        ("my Q1 incentive still not credited", "2027-08-05", "IN", ("2027-04-01", "2027-07-01")),
        ("sum up the payouts for Q2", "2026-10-15", "IN", ("2026-07-01", "2026-10-01")),
        ("Q4 sales", "2027-02-10", "IN", ("2027-01-01", "2027-04-01")),
        ("Q4 sales", "2027-02-10", "US", ("2026-10-01", "2027-01-01")),
        ("Q1 sales", "2027-02-10", "IN", ("2026-04-01", "2026-07-01")),
        ("Q1 2027 sales", "2027-08-05", "IN", ("2027-01-01", "2027-04-01")),
        # Holy Week: Palm Sunday to Holy Saturday
        ("were we closed the whole holy week?", "2026-05-04", "PH", ("2026-03-29", "2026-04-05")),
        ("semana santa, where did we go", "2028-04-25", None, ("2028-04-09", "2028-04-16")),
        # Canada's May two-four: the Victoria Day long weekend; elsewhere 2 to 4 May
        ("did the may 2-4 promo sell the patio stuff", "2027-06-02", "CA", ("2027-05-22", "2027-05-25")),
        ("buns sold on the may 2-4 weekend", "2026-06-02", "CA", ("2026-05-16", "2026-05-19")),
        ("orders from may 2-4", "2027-06-02", "US", ("2027-05-02", "2027-05-05")),
    ],
)
def test_quarters_weeks_and_weekends_of_a_place(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the day a holiday on a Sunday is made up on (补假, off-in-lieu, cuti ganti)
        ("the deepavali off-in-lieu, where did we eat", "2026-11-16", "SG", ("2026-11-09", "2026-11-10")),
        ("佛誕補假嗰日去咗邊", "2026-06-03", "HK", ("2026-05-25", "2026-05-26")),
        ("大宝森节补假那天去了哪里", "2026-02-08", "MY", ("2026-02-02", "2026-02-03")),
        # Ramadan to the day before the country's Eid; puasa; the first day of a holiday of several days
        ("during puasa month how many times did we buka", "2027-04-10", "MY", ("2027-02-08", "2027-03-10")),
        ("during ramadan how many times did we buka", "2027-04-10", "AE", ("2027-02-08", "2027-03-09")),
        ("first day of ramadan i was on MC", "2026-03-05", "AE", ("2026-02-18", "2026-02-19")),
        # Christmas said as its days off where the country gives more than the day
        ("spend over the christmas bank hols", "2027-01-08", "GB", ("2026-12-25", "2026-12-29")),
        ("spend over the christmas holidays", "2027-01-08", "US", ("2026-12-25", "2026-12-26")),
        ("cuti raya hari tu, which day we left KL", "2026-04-02", "MY", ("2026-03-20", "2026-03-24")),
        ("CNY 公假那几天去了哪些亲戚家", "2027-02-22", "SG", ("2027-02-06", "2027-02-09")),
        # India's festivals, Israel's holy days, Lent, days Chinese temples keep
        ("how many orders on rakhi", "2026-09-03", "IN", ("2026-08-28", "2026-08-29")),
        ("since ganesh chaturthi how many guests", "2026-09-30", "IN", ("2026-09-14", "2026-10-01")),
        ("navratri ke nau din ka weight log", "2026-10-28", "IN", ("2026-10-11", "2026-10-20")),
        ("the rosh hashanah lunch, what did I bring", "2027-10-12", "US", ("2027-10-02", "2027-10-03")),
        ("the first seder, how many chairs", "2027-05-02", "GB", ("2027-04-21", "2027-04-22")),
        ("orders from the deli during pesach", "2026-05-10", "US", ("2026-04-02", "2026-04-10")),
        ("orders from the deli during pesach", "2026-05-10", "IL", ("2026-04-02", "2026-04-09")),
        ("what have I given up for Lent this year", "2026-03-27", None, ("2026-02-18", "2026-04-05")),
        ("九皇爷诞那九天吃素", "2027-10-12", "MY", ("2027-09-30", "2027-10-09")),
        ("觀音誕那天去龍山寺", "2027-03-30", "TW", ("2027-03-26", "2027-03-27")),
        # near misses: lent the verb
        ("he lent me money last week", "2026-03-27", None, ("2026-03-16", "2026-03-23")),
        ("was it lent to you?", "2026-03-27", None, None),
    ],
)
def test_observances_where_the_user_lives(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a holiday's pay asked as a rule; whether a day is a public holiday; why a custom is kept
        ("do i have to pay the lads time and a half for paddys day", "2028-03-10", "IE", None),
        ("is saturday penalty 125% or 150% for casuals under the retail award", "2026-02-11", "AU", None),
        ("Waitangi Day 上班要给 time and a half 吗", "2028-02-01", "NZ", None),
        ("佛誕喺澳門係咪公眾假期嚟㗎？", "2026-05-20", "MO", None),
        ("重阳节为什么要登高？", "2028-10-26", "GB", None),
        # what was paid or worked then keeps its range
        ("was may day paid at time and a half or not", "2026-05-20", "GB", ("2026-05-04", "2026-05-05")),
        ("Boxing Day 我做了 8 个钟，是不是 double time", "2027-01-12", "AU", ("2026-12-26", "2026-12-27")),
        ("为什么上周没去健身房", "2026-03-03", None, ("2026-02-23", "2026-03-02")),
    ],
)
def test_questions_about_a_day_name_no_range(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a season said alone in Chinese, before what was done then: the latest begun, by the hemisphere
        ("冬天外婆走的时候，账单帮我找出来", "2026-09-25", "NZ", ("2026-06-01", "2026-09-01")),
        ("秋天奶奶的追思会，奉献是多少", "2026-07-10", "AU", ("2026-03-01", "2026-06-01")),
        ("从夏天开始到现在她长了多少", "2027-01-30", "AU", ("2026-12-01", "2027-01-31")),
        ("冬天那几个月的退货", "2026-10-10", "AU", ("2026-06-01", "2026-09-01")),
        ("冬天的衣服放哪了", "2026-10-10", "AU", None),
        # "since july 4th" is the day's, "since july" the month's
        ("payments since july 4th", "2028-08-23", None, ("2028-07-04", "2028-08-24")),
        ("payments since july", "2028-08-23", None, ("2028-07-01", "2028-08-24")),
        # a day said as when something was ("was 12/6 right?"), or done to someone ("messaged them 4/6"), in
        # the region's order; a score or an amount is not
        (
            "the burial was 12/6 right? how much did we raise",
            "2027-06-22",
            "KE",
            ("2027-06-12", "2027-06-13"),
        ),
        ("pretty sure i messaged them 4/6", "2026-09-14", "GB", ("2026-06-04", "2026-06-05")),
        ("the score was 3/4.", "2026-09-14", "GB", None),
        ("it was 3/4 or so", "2026-09-14", "US", None),
        # the second day of a holiday; the week of a holiday in Hindi; a bank holiday's weekend in Chinese
        ("the 2nd day of raya, what did i give her", "2027-03-18", "MY", ("2027-03-11", "2027-03-12")),
        ("bakra eid wale hafte mein kya baat hui", "2026-06-10", "PK", ("2026-05-25", "2026-06-01")),
        ("八月bank holiday那个周末订的酒店", "2027-09-10", "GB", ("2027-08-28", "2027-08-31")),
        # the ghost month said in English in Singapore, Simbang Gabi, Jamaica's Heroes weekend, Macau's 回归
        ("during 7th month, what did the master say", "2026-10-05", "SG", ("2026-08-13", "2026-09-11")),
        ("in my 7th month of pregnancy", "2026-10-05", "SG", None),
        ("what did tita say during simbang gabi", "2027-01-05", "PH", ("2026-12-16", "2026-12-25")),
        ("heroes weekend, how much was the cake", "2027-10-25", "JM", ("2027-10-16", "2027-10-19")),
        ("回歸嗰日影相師傅電話幾多號", "2026-12-28", "MO", ("2026-12-20", "2026-12-21")),
        ("回归测试跑了吗", "2027-08-01", "HK", None),
        ("nat day we went to the heartland celebration", "2026-08-29", "SG", ("2026-08-09", "2026-08-10")),
    ],
)
def test_more_words_of_a_place(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # the clocks changed, said in Chinese with the month first, set back, or the time kept since
        ("三月调夏令时以后的服药记录", "2028-03-22", "US", ("2028-03-12", "2028-03-23")),
        ("从十月份调夏令时开始的睡眠记录", "2026-11-24", "AU", ("2026-10-04", "2026-11-25")),
        ("自从时间调回来之后的血压记录", "2026-11-08", "CA", ("2026-11-01", "2026-11-09")),
        ("冬令时以后进度有更新吗", "2027-11-20", "CA", ("2027-11-07", "2027-11-21")),
        ("三月的账单", "2028-03-22", "US", ("2028-03-01", "2028-04-01")),
        # seasons of weather where they are kept: South Asia's monsoon, East Africa's rains, the harmattan
        ("rides during monsoon last yr", "2027-01-15", "IN", ("2026-06-01", "2026-10-01")),
        ("fertiliser i bought during the long rains", "2027-06-12", "KE", ("2027-03-01", "2027-06-01")),
        ("containers held at Tema during the harmattan", "2027-04-14", "GH", ("2026-12-01", "2027-03-01")),
        ("during the monsoon", "2026-10-15", None, ("2026-06-01", "2026-10-01")),
        # Malaysia's monsoon has other months: no range
        ("during the monsoon", "2026-10-15", "MY", None),
    ],
)
def test_clock_changes_and_seasons_of_weather(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a financial year said "the FY" and "上个FY", and before English in Chinese
        ("how'd the first half of the FY go", "2027-01-20", "AU", ("2026-07-01", "2027-01-01")),
        ("上个FY的tax invoice都导出来", "2026-09-01", "AU", ("2025-07-01", "2026-07-01")),
        ("上个财年的tax invoice都导出来", "2026-09-01", "AU", ("2025-07-01", "2026-07-01")),
        # a tax year by both its years in two digits; two years not one after the other name none
        ("what i earned in the 26/27 tax year", "2027-06-01", "GB", ("2026-04-06", "2027-04-06")),
        ("26/27課稅年度嘅收入", "2027-06-01", "HK", ("2026-04-01", "2027-04-01")),
        ("the 26/28 tax year", "2027-06-01", "GB", None),
        # Tagalog paydays and "this week"; Indonesia's 17-an and Harbolnas; the double-digit shopping days
        ("di pa pumasok sahod ko nung kinsenas", "2027-05-18", "PH", ("2027-05-15", "2027-05-16")),
        ("yung payout nung katapusan", "2027-03-02", "PH", ("2027-02-28", "2027-03-01")),
        ("ilang returns na ngayong linggo", "2028-05-11", "PH", ("2028-05-08", "2028-05-15")),
        ("sales on 17an, naik gak?", "2026-08-25", "ID", ("2026-08-17", "2026-08-18")),
        ("harbolnas orders still unpaid", "2026-12-20", "ID", ("2026-12-12", "2026-12-13")),
        ("the 11.11 orders, all shipped?", "2027-11-16", "SG", ("2027-11-11", "2027-11-12")),
        ("9.9 orders ilan lahat", "2027-09-14", "PH", ("2027-09-09", "2027-09-10")),
        ("the 2.5 sale", "2027-09-14", "PH", None),
        # "on the 3." still the 3rd
        ("what did i pay on the 3.", "2027-11-16", None, ("2027-11-03", "2027-11-04")),
    ],
)
def test_paperwork_paydays_and_sale_days(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # a Monday holiday's weekend (那个周末) and its Monday (那个礼拜一) said in Chinese
        ("劳工节那个周末外卖单多不多", "2027-09-20", "US", ("2027-09-04", "2027-09-07")),
        ("五月底那个 bank holiday 周末外卖多少单", "2027-06-15", "GB", ("2027-05-29", "2027-06-01")),
        ("Victoria Day 那个礼拜一我上班了吗", "2028-06-01", "CA", ("2028-05-22", "2028-05-23")),
        ("中秋那个周末去哪了", "2027-10-20", "CN", ("2027-09-15", "2027-09-16")),
        # Canada's Family Day in Chinese; a company's 家庭日 elsewhere names no day
        ("家庭日长周末来了哪些人", "2028-03-01", "CA", ("2028-02-19", "2028-02-22")),
        ("公司家庭日那天", "2028-03-01", "CN", None),
        # the Islamic new year, Nuzul al-Quran, Australia Day and Remembrance Day said in Chinese
        ("the ejari renewal on hijri new year", "2026-06-20", "AE", ("2026-06-15", "2026-06-16")),
        ("awal muharram we went where", "2026-07-20", "MY", ("2026-06-17", "2026-06-18")),
        ("nuzul quran day, who was the ustaz", "2026-03-10", "MY", ("2026-03-07", "2026-03-08")),
        ("澳洲国庆日那天入籍仪式的照片", "2026-01-28", "AU", ("2026-01-26", "2026-01-27")),
        ("国殇日那天有没有打折", "2027-11-20", "CA", ("2027-11-11", "2027-11-12")),
    ],
)
def test_holidays_said_in_another_tongue(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # English after Chinese words of a tax year keeps its space; Labour Day before Chinese
        ("上个税务年度IRD退了我多少钱", "2027-05-20", "NZ", ("2026-04-01", "2027-04-01")),
        ("Labour Day那个长周末的演出", "2027-09-15", "CA", ("2027-09-04", "2027-09-07")),
        # the latest bank holiday, its weekend or its day, said in Chinese
        ("bank holiday那个长周末我们去了哪里", "2026-06-03", "GB", ("2026-05-23", "2026-05-26")),
        ("bank holiday那天的演出", "2026-09-03", "GB", ("2026-08-31", "2026-09-01")),
        # Ghana's Farmers' Day without its apostrophe (Ghana's only), MLK weekend, I-Day, Thanksgiving Eve
        ("farmers day we went to aburi", "2027-12-10", "GH", ("2027-12-03", "2027-12-04")),
        ("farmers day we went to the village", "2027-12-10", "ZM", None),
        ("did the email come over MLK weekend", "2027-01-21", "US", ("2027-01-16", "2027-01-19")),
        ("the I-Day show at the mall", "2027-08-27", "IN", ("2027-08-15", "2027-08-16")),
        ("merch from the thanksgiving eve show", "2026-12-02", "US", ("2026-11-25", "2026-11-26")),
        # Hong Kong's 兒童節, 4 April
        ("兒童節帶細佬去海洋公園", "2026-04-10", "HK", ("2026-04-04", "2026-04-05")),
        # West African "last two weeks": two weeks ago; "in the last two weeks" the window
        ("i paid the hostel fees last two weeks", "2028-05-17", "GH", ("2028-05-01", "2028-05-08")),
        ("what did i spend in the last two weeks", "2028-05-17", "GH", ("2028-05-04", "2028-05-18")),
        ("what did i pay last two weeks", "2028-05-17", "GB", ("2028-05-04", "2028-05-18")),
    ],
)
def test_names_and_counts_of_a_place(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # "a holiday or the day after": the holiday (the day words keep both: "yesterday or the day before");
        # "check both" keeps both
        ("did i go hiking on ching ming or the day after", "2027-04-10", "HK", ("2027-04-05", "2027-04-06")),
        (
            "did the nurse ring on matariki or the day after?",
            "2027-07-02",
            "NZ",
            ("2027-06-25", "2027-06-26"),
        ),
        ("yesterday or the day before i paid the sitter", "2028-12-16", None, ("2028-12-14", "2028-12-16")),
        ("women's day or the day before? check both", "2027-08-20", "ZA", ("2027-08-08", "2027-08-10")),
        # so far this financial year, said as its start
        (
            "bandcamp sales since the new financial year started?",
            "2027-07-20",
            "AU",
            ("2027-07-01", "2027-07-21"),
        ),
        ("今年财年到现在的演出收入多少", "2027-03-05", "AU", ("2026-07-01", "2027-03-06")),
        # a service's standing hours or terms asked: no range
        ("does the MTR run overnight on new year's eve", "2026-12-31", "HK", None),
        ("does the Northcote Social Club do all ages shows on sunday arvos", "2028-04-29", "AU", None),
        ("Esplanade的outdoor theatre星期一开吗", "2027-09-25", "SG", None),
        ("is the hari raya bus ticket refundable ah", "2027-03-25", "MY", None),
        ("did the MTR run overnight on new year's eve", "2027-01-05", "HK", ("2026-12-31", "2027-01-01")),
    ],
)
def test_which_of_two_days_and_standing_questions(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Ireland's St Brigid's Day bank holiday: February's first Monday, or 1 February when a Friday
        (
            "was anything booked for St Brigid's bank holiday?",
            "2027-02-10",
            "IE",
            ("2027-02-01", "2027-02-02"),
        ),
        (
            "what did i note at the st brigid's bank holiday?",
            "2028-02-09",
            "IE",
            ("2028-02-07", "2028-02-08"),
        ),
        # a rehearsal, and Tagalog "yung" (the) before a date in digits
        (
            "the 5/6 rehearsal at Esplanade got shifted right?",
            "2027-07-01",
            "SG",
            ("2027-06-05", "2027-06-06"),
        ),
        ("yung 3/12 gig sa Makati, nabayaran na ba tayo?", "2027-04-10", "PH", ("2027-03-12", "2027-03-13")),
        ("a 1/2 session of yoga", "2027-04-10", "US", None),
    ],
)
def test_a_bank_holiday_and_dated_events(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


@pytest.mark.parametrize(
    "case",
    [
        # Taiwan's last two-month invoice period (上一期發票; 這期要報的營業稅, being filed); elsewhere none
        ("上一期發票的銷售額多少", "2026-05-20", "TW", ("2026-03-01", "2026-05-01")),
        ("這期要報的營業稅，銷售額多少", "2027-01-10", "TW", ("2026-11-01", "2027-01-01")),
        ("上一期发票", "2026-05-20", "CN", None),
        # a festival's deposit policy, a return window, a weekly day off, a text to translate: no range
        ("双十一的预售定金能退吗", "2026-10-28", "CN", None),
        ("HKTVmall退貨期係咪7日", "2027-10-17", "HK", None),
        ("菜單上的『週三公休』幫我改成『週二公休』", "2027-06-21", "TW", None),
        ("sarado ba tayo tuwing rizal day?", "2026-12-20", "PH", None),
        ("帮我把这句翻成英文：618年中大促全场五折", "2027-12-02", "CN", None),
        # what was bought on a day can still be asked about
        ("礼拜天买的那双鞋还能退吗", "2026-08-21", None, ("2026-08-16", "2026-08-17")),
    ],
)
def test_invoice_periods_and_shop_questions(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected
