"""Time phrasings of the thirtieth round (classes found among the wrong cases of the tuning parts: family
life and errands in US, Australian and Irish English and the Chinese of smaller cities; people at work in a
hurry in Canada, Kenya, Nigeria, Malaysia and the UK, and Beijing, Chongqing, Hangzhou, Hong Kong and Taiwan
Chinese), and what must stay no range. Examples are written here, not copied from the corpus."""

from __future__ import annotations

from datetime import datetime

import pytest

from tests.time_ranges import days_named

NOW = datetime(2027, 3, 18, 9, 30)  # a Thursday; the lunar new year of 2027 fell on 6 February
SMALL_HOURS = datetime(2027, 3, 18, 2, 10)


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # "Independence Day" where the query names the country; else the Fourth of July
        ("how were independence day sales at the Lekki branch", "2026-10-01", "2026-10-02"),
        ("abeg what did we spend on independence day", "2026-10-01", "2026-10-02"),
        ("independence day footfall at the Nairobi store", "2026-12-12", "2026-12-13"),
        ("Accra team's independence day overtime", "2027-03-06", "2027-03-07"),
        ("Karachi office independence day leave", "2026-08-14", "2026-08-15"),
        ("independence day promo in Manila", "2026-06-12", "2026-06-13"),
        ("independence day open house in KL", "2026-08-31", "2026-09-01"),
        ("Nigeria's independence day party", "2026-10-01", "2026-10-02"),
        ("our independence day bbq", "2026-07-04", "2026-07-05"),
        ("the Indian Independence Day order from Lagos", "2026-08-15", "2026-08-16"),
        # Taiwan's holidays by their dates before a day word
        ("双十那天门市来了几个客人", "2026-10-10", "2026-10-11"),
        ("雙十當天的加班費", "2026-10-10", "2026-10-11"),
        ("二二八那天有沒有出貨", "2027-02-28", "2027-03-01"),
        ("228當天排班是誰", "2027-02-28", "2027-03-01"),
        ("双十一那天下的单", "2026-11-11", "2026-11-12"),
        # Wu 明朝 (tomorrow) in a query asked in Wu
        ("明朝开会的材料侬弄好了伐", "2027-03-19", "2027-03-20"),
        ("明朝快递几点到晓得伐", "2027-03-19", "2027-03-20"),
        # a northern day with a part of it
        ("今头晌我放哪了钥匙", "2027-03-18", "2027-03-19"),
        ("昨后晌买的菜花了多少", "2027-03-17", "2027-03-18"),
        ("明前晌要去医院不", "2027-03-19", "2027-03-20"),
        ("今儿下晌跟谁打的电话", "2027-03-18", "2027-03-19"),
        # dictation 出 for 初, with whom it was done for between
        ("上个月出给闺女交的学费", "2027-02-01", "2027-02-11"),
        ("这个月出帮我妈续的药", "2027-03-01", "2027-03-11"),
        ("上个月出给客户的报价", "2027-02-01", "2027-03-01"),
        # a date in digits opening a span in Chinese
        ("从3/2到昨天的工时", "2027-03-02", "2027-03-18"),
        ("2/20至3/5的考勤", "2027-02-20", "2027-03-06"),
        ("從3/1起到今天的流水", "2027-03-01", "2027-03-19"),
        # days of the new year in a row
        ("初二到初六走了几家亲戚", "2027-02-07", "2027-02-12"),
        ("正月初三至初八的客流", "2027-02-08", "2027-02-14"),
        ("大年初一到初四的红包", "2027-02-06", "2027-02-10"),
        # a holiday said of a trip or a day keeps its day
        ("去年七夕去哪吃的饭", "2026-08-19", "2026-08-20"),
        ("what did we do last christmas", "2026-12-25", "2026-12-26"),
        # 最近 read as "recently" where no place is asked
        ("最近是哪个客户投诉了", "2027-03-05", "2027-03-19"),
        ("从上周到最近的订单", "2027-03-08", "2027-03-19"),
        # two day words asked between
        ("是昨日还是前日？", "2027-03-16", "2027-03-18"),
    ],
)
def test_phrasings_of_the_round(query: str, start: str, end: str) -> None:
    assert days_named(query, NOW) == (start, end), query


@pytest.mark.parametrize(
    "query",
    [
        # what is cooked, written or given for a holiday
        "腊八蒜怎么泡才绿",
        "端午节送老师什么好",
        "帮我写个国庆快乐的朋友圈文案",
        "贺卡上写“新年快乐”还是“春节快乐”",
        "write a funny easter poem for grandma",
        "easy christmas crafts for a 4 year old",
        "any good halloween riddles for the school newsletter",
        # a fraction, and junior school years
        "加1/2到3/4杯水",
        "初一到初三年级的学生",
        "初一到初三的数学怎么复习",
        # the Ming dynasty
        "明朝的皇帝有几个",
        "明朝历史侬晓得伐",
        # nearest
        "到公司最近的是哪个出口",
        "距酒店最近是什么地铁站",
        "哪家药店最近？",
        # which of a document's dates a date is
        "合同上写的3月5号是签约日期还是生效日期",
        "the letter says 12/03, is it the issue date or the due date?",
    ],
)
def test_what_stays_no_range(query: str) -> None:
    assert days_named(query, NOW) is None, query


def test_tonight_in_the_small_hours_is_the_night_under_way() -> None:
    assert days_named("who signed the handover sheet tonight", SMALL_HOURS) == ("2027-03-17", "2027-03-18")
    assert days_named("今晚的交接单谁签的", SMALL_HOURS) == ("2027-03-17", "2027-03-18")
    assert days_named("who signed the handover sheet tonight", NOW) == ("2027-03-18", "2027-03-19")
    assert days_named("今晚的交接单谁签的", NOW) == ("2027-03-18", "2027-03-19")
    assert days_named("what did I buy today", SMALL_HOURS) == ("2027-03-18", "2027-03-19")
