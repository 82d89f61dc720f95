"""Another place's clock in a query's time words (recall/time/clock.py): "today Manila time", "yesterday
his time, in Vancouver", "北京时间明天", 国内昨天 from abroad are read on that place's clock; a place merely
mentioned is not a clock, and the user's own clock stays the default."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight import Memory
from hindsight.locality import EVERYWHERE, Locality, time_zone
from hindsight.recall.time.clock import clock_of, named_clock


def _user(zone: str, region: str | None) -> Locality:
    return Locality(*time_zone(zone), region)


TORONTO = _user("America/Toronto", "CA")
LONDON = _user("Europe/London", "GB")
NEW_YORK = _user("America/New_York", "US")
SYDNEY = _user("Australia/Sydney", "AU")
SHANGHAI = _user("Asia/Shanghai", "CN")


@pytest.mark.parametrize(
    ("query", "user", "zone"),
    [
        ("Mom said her biopsy results come out today Manila time", TORONTO, "Asia/Manila"),
        (
            "the wire hit her account yesterday Lagos time. what did i send from Calgary",
            TORONTO,
            "Africa/Lagos",
        ),
        (
            "dad got the scan results yesterday his time, in Vancouver. what was the doctor's name",
            LONDON,
            "America/Vancouver",
        ),
        ("what did I tell you my son in Toronto was doing today, his time?", SYDNEY, "America/Toronto"),
        ("the call is tomorrow 9am CET", TORONTO, "Europe/Paris"),
        ("what did I say about the launch today PST", LONDON, "America/Los_Angeles"),
        ("yesterday Pacific time", LONDON, "America/Los_Angeles"),
        ("what did I note yesterday, NZ local time", LONDON, "Pacific/Auckland"),
        ("北京时间明天的会几点开始", TORONTO, "Asia/Shanghai"),
        ("明天北京时间几点的航班", LONDON, "Asia/Shanghai"),
        ("按东京时间今天要交的材料", TORONTO, "Asia/Tokyo"),
        ("多伦多那边的今天我跟你说过什么", SHANGHAI, "America/Toronto"),
        ("儿子在温哥华，他那边昨天考完试了吗", SHANGHAI, "America/Vancouver"),
        ("我妈说国内今天要去医院复查", NEW_YORK, "Asia/Shanghai"),
        ("国内昨天出的成绩单，我跟你说过分数没有", TORONTO, "Asia/Shanghai"),
        ("我跟你说的那个国内明天开的家长会", NEW_YORK, "Asia/Shanghai"),
        ("明天国内开家长会", SYDNEY, "Asia/Shanghai"),
    ],
)
def test_a_clock_tied_to_the_time_words_is_named(query: str, user: Locality, zone: str) -> None:
    clock = named_clock(query, user)
    assert clock is not None and clock.zone_name == zone
    assert clock.region == user.region  # the conventions stay the user's


@pytest.mark.parametrize(
    ("query", "user"),
    [
        ("what did my parents in Lahore say yesterday", TORONTO),  # a place mentioned, no clock
        ("what time is it in Manila today", TORONTO),
        ("since I moved to the Manila time zone last year", TORONTO),
        ("the Tokyo time difference, yesterday", TORONTO),
        ("mum took her time at the Manila clinic yesterday", TORONTO),  # time spent
        ("during my Manila time last year", TORONTO),
        ("yesterday his time", TORONTO),  # whose? no place named
        ("my PT appointment tomorrow", TORONTO),  # PT is no zone
        ("today EST", SYDNEY),  # Australia's EST: the user's own clock
        ("what did my son in Toronto do today, his time?", TORONTO),  # the user's own zone
        ("Manila time", TORONTO),  # no time words
        ("上个月给国内爸妈汇了多少钱", NEW_YORK),  # 国内 beside no day word
        ("国内昨天出的成绩单", SHANGHAI),  # 国内 in China is here
        ("國內昨天的新聞", _user("Asia/Taipei", "TW")),  # and in Taiwan it is Taiwan
        ("国内昨天出的成绩单", EVERYWHERE),  # where is the user? unknown: not told from here
        ("国内和纽约的时差是12还是13个小时", NEW_YORK),
        ("北京时间", TORONTO),
        ("今天在北京的时间安排", TORONTO),
    ],
)
def test_a_place_not_tied_to_the_time_words_names_no_clock(query: str, user: Locality) -> None:
    assert named_clock(query, user) is None


def test_the_clock_s_wall_time_is_read_at_the_moment_asked() -> None:
    # 09:30 on 10 March in Toronto is 14:30 UTC: 22:30 in Manila, 08:30 the same day in Calgary
    now = datetime(2027, 3, 10, 14, 30)
    named = clock_of("results come out today Manila time", now, TORONTO)
    assert (named.name, named.place.zone_name, named.now) == (
        "Manila",
        "Asia/Manila",
        datetime(2027, 3, 10, 22, 30),
    )
    own = clock_of("results come out today", now, TORONTO)
    assert (own.name, own.place, own.now) == (None, TORONTO, datetime(2027, 3, 10, 9, 30))
    assert clock_of("明天北京时间", now, EVERYWHERE).now == datetime(2027, 3, 10, 22, 30)


def _manila_and_toronto(memory: Memory) -> None:
    # 10 March 2027: Manila's day ran 16:00 UTC on the 9th to 16:00 UTC on the 10th; Toronto's from 05:00 UTC.
    # The notes: at 10:00 in Manila (21:00 on the 9th in Toronto); at 08:00 in Toronto (21:00 in Manila); and
    # on both clocks' 9 March
    for index, (when, text) in enumerate(
        {
            "2027-03-10T02:00:00": "Mom said the biopsy results will be ready at St. Luke's clinic",
            "2027-03-10T13:00:00": "Mom asked if the clinic takes her PhilHealth card",
            "2027-03-09T03:00:00": "Mom went to the clinic for the biopsy",
        }.items()
    ):
        memory.observe("u", f"s{index}", "user", text, when)
        memory.end_session("u", f"s{index}")


def test_today_manila_time_from_toronto_is_manila_s_day(memory: Memory) -> None:
    """09:30 in Toronto is 22:30 in Manila, both on 10 March: "today Manila time" is Manila's 10 March, which
    began at 16:00 UTC on the 9th — the evening before in Toronto, when the results news came."""
    _manila_and_toronto(memory)
    now = "2027-03-10T14:30:00"
    manila = memory.recall(
        "u", "which clinic did mom say today Manila time", now=now, time_zone="America/Toronto"
    )
    assert manila.notes["time"].startswith("filtered to 'today' = 2027-03-10..2027-03-11")
    assert "on Manila's clock (Asia/Manila)" in manila.notes["time"]
    assert "2 memories inside" in manila.notes["time"]
    texts = {hit.record.text for hit in manila.hits}
    assert any("St. Luke's" in text for text in texts)
    assert not any("went to the clinic" in text for text in texts)  # 9 March, outside
    toronto = memory.recall("u", "which clinic did mom say today", now=now, time_zone="America/Toronto")
    assert "on the user's clock (America/Toronto, region CA)" in toronto.notes["time"]
    assert "1 memories inside" in toronto.notes["time"]  # the St. Luke's note is Toronto's 9 March


def test_guonei_from_abroad_is_china_s_day(memory: Memory) -> None:
    """19:30 on 14 February in New York is 08:30 on the 15th in Shanghai: 国内今天 is the 15th."""
    memory.observe(
        "u", "s1", "user", "我妈说明天去协和医院复查", "2027-02-14T01:00:00"
    )  # Beijing 09:00 on the 14th
    memory.end_session("u", "s1")
    memory.observe(
        "u", "s2", "user", "我妈到协和医院了，排队复查", "2027-02-15T00:10:00"
    )  # Beijing 08:10 on the 15th
    memory.end_session("u", "s2")
    answer = memory.recall(
        "u", "我妈国内今天复查是哪家医院", now="2027-02-15T00:30:00", time_zone="America/New_York"
    )
    assert answer.notes["time"].startswith("filtered to '今天' = 2027-02-15..2027-02-16")
    assert "on 国内's clock (Asia/Shanghai)" in answer.notes["time"]
    assert any("排队" in hit.record.text for hit in answer.hits)
    at_home = memory.recall(
        "u", "我妈国内今天复查是哪家医院", now="2027-02-15T00:30:00", time_zone="Asia/Shanghai"
    )
    assert "on the user's clock (Asia/Shanghai, region CN)" in at_home.notes["time"]
