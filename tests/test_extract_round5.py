"""Rule extraction, fifth round (issue 16): the `schedule` intent from what a turn asks of the user's own
time (a bare relative day or a weekday, moves, the diary, alarms), bookings with a bare day, product names
in English text, names beside a verb ("给张伟回电话"), venues, a tower after a Chinese address, and the
sentence splitter past a title's full stop. Each rule with a case it must get and a near miss.
Corpus figures: bench/extraction_eval.py (tune5) and BENCHMARKS.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.text import sentences
from hindsight.write import slots
from hindsight.write.entities import RELATIVE_DATE, bare_tomorrow, find_entities, find_named
from hindsight.write.extract import RuleExtractor, has_key_information

AT = datetime(2026, 3, 18, 10, 0)


def extract(*said: str):  # type: ignore[no-untyped-def]
    turns = [Turn(f"t{i}", "s", "user", text, AT + timedelta(minutes=i)) for i, text in enumerate(said)]
    return RuleExtractor().extract(turns)


# -- intents ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "intent"),
    [
        # schedule: the user's own time, often with only a bare day or a weekday
        ("move my dentist appt to thursday pls", "schedule"),
        ("my physio moved me to friday 3:30, update the calender", "schedule"),
        ("Could you block out Wednesday afternoon for the quarterly review with Helen Park?", "schedule"),
        ("set up a call with Anna from Shopify on Tuesday", "schedule"),
        ("meeting w/ Tom re budget tomorrow", "schedule"),
        ("remnd me tmrw morning to take the bins out", "schedule"),
        ("what do I have on tomorrow?", "schedule"),
        ("am I free on Thursday afternoon?", "schedule"),
        ("Cancel my 3pm meeting", "schedule"),
        ("Reminder: dentist Thursday 4pm", "schedule"),
        ("wake me up at 6 tomorrow", "schedule"),
        ("把下周二的组会挪到周三", "schedule"),
        ("周三下午有个会，帮我记着", "schedule"),
        ("别忘了周五交房租", "schedule"),
        ("明早六点叫醒我", "schedule"),
        # near misses: the same words about something else
        ("cancel my subscription", "cancel"),
        ("I need to book a dentist appointment for next week", "booking"),
        ("that smell reminds me of grandma's kitchen - anyway can I reorder the casserole?", "purchase"),
        ("帮我记一下我的地址是杭州市西湖区文三路100号", "personal"),
        ("I'm going to take a taxi home", "chat"),
        # booking with a bare day
        ("any rooms free at the Hilton Garden Inn for friday night?", "booking"),
        ("can u get me 2 tickets for the 7pm show tmrw", "booking"),
        ("need a taxi to the airport on monday at 5am", "booking"),
        ("帮我挂个号，协和医院，周五上午的皮肤科", "booking"),
        ("这周日下午能约到王医生吗", "booking"),
        # purchase, preference and the rest
        ("compare the Galaxy S24 and Pixel 9 for me", "purchase"),
        ("add 2 packs of Huggies Little Movers size 4 to my cart", "purchase"),
        ("My son wants a Nintendo Switch OLED for his birthday, where can I buy it cheapest?", "purchase"),
        ("How much is the Kindle Paperwhite?", "purchase"),
        ("对比一下戴森和松下的吹风机", "purchase"),
        ("always book aisle seats for me pls", "preference"),
        ("book me an aisle seat on the 9am flight", "booking"),
        ("no more spicy stuff in the meal kits, I can't handle it", "preference"),
        ("No more than two bags please", "chat"),
        ("周末别给我发营销短信", "preference"),
        ("重复扣了我两次199元，退一笔给我", "refund"),
        ("手机号换了，帮我改成13800001111", "account"),
        ("能开发票吗？抬头是杭州云栖科技有限公司", "payment"),
        # ordinary support words of every intent, and a birthday stated with a reminder
        ("I'm a nurse, I work night shifts at the Royal Infirmary", "personal"),
        ("the driver couldn't find my house, can he call me", "delivery"),
        ("what's the ETA on my order?", "delivery"),
        ("I returned it two weeks ago and still haven't got my money", "refund"),
        ("the dress doesn't fit, can I swap it for a medium?", "return"),
        ("this is the third time my order is wrong", "complaint"),
        ("please stop my membership from renewing", "cancel"),
        ("I don't want the order anymore", "cancel"),
        ("how do I reset my pin?", "account"),
        ("is there a cheaper version of this blender?", "purchase"),
        ("这款耳机有黑色的吗", "purchase"),
        ("下午有个客户要来，三点，帮我记一下", "schedule"),
        ("后天上午的会推迟到下午", "schedule"),
        ("I've got the school run at 8 tomorrow, don't let me oversleep", "schedule"),
        ("明天提醒我给妈妈买生日蛋糕", "schedule"),
        ("我妈妈的生日是3月21号，帮我记一下", "personal"),
        ("my mum's birthday is on the 3rd of May, remind me the day before", "personal"),
    ],
)  # fmt: skip
def test_intent(said: str, intent: str) -> None:
    assert extract(said).intent == intent


# -- relative days ---------------------------------------------------------------------------------


def test_a_bare_tomorrow_is_a_relative_day_of_the_event() -> None:
    assert extract("remnd me tmrw morning to take the bins out").entities[RELATIVE_DATE] == "2026-03-19"
    assert bare_tomorrow("see you tomorrow", AT) == [(RELATIVE_DATE, "2026-03-19")]
    # near miss: "tomorrow" inside another word, and a sentence the date finder already reads
    assert bare_tomorrow("tomorrowland tickets", AT) == []
    assert bare_tomorrow("tomorrow at 10am", AT) == []


def test_a_bare_tomorrow_does_not_make_a_turn_key_information() -> None:
    # read for the event's extraction only: what the write path stores at once is unchanged (LoCoMo)
    turn = Turn("t0", "s", "user", "see you tomorrow", AT)
    assert not has_key_information(turn)
    assert find_entities("see you tomorrow", AT) == []


# -- names, organisations, places, products ----------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "kind", "value"),
    [
        ("明天上午十点提醒我给张伟回电话", "person", "张伟"),
        ("我和李娜约了周六一起吃饭，记到日历上", "person", "李娜"),
        ("礼拜四跟小林对一下方案，别忘了提醒我哈", "person", "小林"),
        ("我儿子小宝在育才小学读二年级", "person", "小宝"),
        ("上周在西湖边碰到了老同学刘洋", "person", "刘洋"),
        ("Table for 6 at Dishoom Shoreditch this Thursday, under the name Patel.", "person", "Patel"),
        ("Table for 6 at Dishoom Shoreditch this Thursday", "place", "Dishoom Shoreditch"),
        ("I'd like to reserve a haircut at Supercuts on saturday morning", "place", "Supercuts"),
        ("parents evening at Hillcrest Primary next tuesday 6pm", "org", "Hillcrest Primary"),
        ("I have a call with the Acme team tomorrow 10am", "org", "Acme"),
        ("周六想订一间大床房，如家酒店，住两晚", "place", "如家酒店"),
        ("订两张明晚的电影票，万达影城", "place", "万达影城"),
        ("明天中午在全聚德订个包间", "place", "全聚德"),
        ("帮我book一下明晚的位子，两个人，在Wagas", "place", "Wagas"),
        ("thinking of getting the Sony WH-1000XM5 or the Bose QC Ultra", "product", "Sony WH-1000XM5"),
        ("get me the MacBook Air M3 with 16GB", "product", "MacBook Air M3"),
        ("Omar from your team said I'd get a callback", "person", "Omar"),
        ("I'm a chemist at Pfizer", "org", "Pfizer"),
        ("陈伟下周要来上海出差", "person", "陈伟"),
        ("赵磊让我问一下订单的事", "person", "赵磊"),
        ("帮我订海底捞望京店今晚6点的位子", "place", "海底捞望京店"),
        ("在星巴克国贸店等你", "place", "星巴克国贸店"),
    ],
)  # fmt: skip
def test_named(said: str, kind: str, value: str) -> None:
    assert (kind, value) in find_named(said)


@pytest.mark.parametrize(
    ("said", "kind", "value"),
    [
        ("周四下午两点和王总开会", "person", "王总"),  # a title is no name
        ("跟方案对一下", "person", "方案"),
        ("帮我把明天在海底捞的预订取消了", "org", "海底捞的预订取消"),
        ("明天中午在全聚德订个包间", "org", "全聚德订个包间"),
        ("上周在西湖边碰到了老同学刘洋", "org", "西湖边碰到"),
        ("4月5号去三亚，帮我订亚特兰蒂斯酒店两晚", "place", "帮我订亚特兰蒂斯酒店"),
        ("我不吃香菜，推荐餐厅的时候注意一下", "place", "推荐餐厅"),
        ("the Sales team at Acme wants a demo", "org", "Sales"),
        ("thinking of getting the Sony WH-1000XM5", "org", "Sony"),  # the brand is the product's
        ("Ship to Flat 3, 12 Hillside Road", "product", "Flat 3"),
        ("my flight lands at Terminal 5 at 6pm", "product", "Terminal 5"),
        ("Please ship to 12 Oak Street, Springfield IL 62701", "product", "Springfield IL 62701"),
        ("我在腾讯上班，iPhone 16 Pro 很好用", "product", "Pro"),
        ("Amazon from the start was slow", "person", "Amazon"),
        ("文明已经是一种习惯", "person", "文明"),
        ("方便明天送吗", "person", "方便"),
        ("在星巴克国贸店等你", "org", "星巴克国贸店等你"),
        ("海底捞的服务不错", "place", "海底捞的服务"),
    ],
)  # fmt: skip
def test_not_named(said: str, kind: str, value: str) -> None:
    assert (kind, value) not in find_named(said)


def test_a_product_in_english_text_is_an_entity_and_its_brand_no_organisation() -> None:
    entities = extract(
        "thinking of getting the Sony WH-1000XM5 or the Bose QC Ultra, which is better?"
    ).entities
    assert "Sony WH-1000XM5" in entities.values() and "Bose QC Ultra" in entities.values()
    assert "Sony" not in entities.values()


def test_a_day_month_year_date_is_a_date() -> None:
    assert ("date", "12/05/1985") in find_entities("my date of birth is 12/05/1985", AT)
    # near miss: a fraction or a version is no date
    assert not [pair for pair in find_entities("it's 3/4 done, version 1/2/3", AT) if pair[0] == "date"]


def test_a_tower_after_a_chinese_address_is_part_of_it() -> None:
    found = [
        value
        for attribute, _, value, _ in slots.find("改一下收货地址：北京市朝阳区望京街10号望京SOHO T1，谢谢")
    ]
    assert found == ["北京市朝阳区望京街10号望京SOHO T1"]
    # near miss: the phone number after a building is still not part of it
    found = [
        value
        for attribute, _, value, _ in slots.find("寄到深圳市南山区科苑路15号科兴科学园B栋，电话13912345678")
    ]
    assert "深圳市南山区科苑路15号科兴科学园B栋" in found


def test_a_title_full_stop_ends_no_sentence() -> None:
    said = "Please move my consultation with Ms. Alvarez at Northside Clinic to Thursday."
    assert sentences(said) == [said]
    assert sentences("I met Dr. Osei today. He was kind.") == ["I met Dr. Osei today.", "He was kind."]
    # near miss: a sentence that ends in a word like "Mrs" without a stop, or a full stop after another word
    assert len(sentences("It was fine. Then we left.")) == 2
