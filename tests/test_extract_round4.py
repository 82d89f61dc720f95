"""Rule extraction, fourth round (issue 16): whole addresses (postcode, building) that still stop before
a phone number or an e-mail; a number is a budget only with money context; one type for a carrier;
the `schedule` intent; product names in a Chinese user's text; relative dates apart from dates.
Corpus figures: bench/extraction_eval.py (tune4) and BENCHMARKS.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import MemoryRecord, Turn
from hindsight.write import slots
from hindsight.write.entities import RELATIVE_DATE, find_entities
from hindsight.write.extract import INTENTS, RuleExtractor, classify_intent, first_task_intent

AT = datetime(2026, 3, 18, 10, 0)


def extract(*said: str):  # type: ignore[no-untyped-def]
    turns = [Turn(f"t{i}", "s", "user", text, AT + timedelta(minutes=i)) for i, text in enumerate(said)]
    return RuleExtractor().extract(turns)


def addresses(sentence: str) -> list[str]:
    return [value for attribute, _, value, _ in slots.find(sentence) if attribute == "address"]


# -- addresses -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("sentence", "address"),
    [
        ("Ship to 221 Baker Street, London NW1 6XE, phone +44 20 7946 0958",
         "221 Baker Street, London NW1 6XE"),
        ("Ship it to 55 Market St, San Francisco, CA 94105, phone +1 415 555 0134",
         "55 Market St, San Francisco, CA 94105"),
        ("my new address is 9 Rue de Rivoli, 75004 Paris.", "9 Rue de Rivoli, 75004 Paris"),
        ("I live at 350 Fifth Avenue, New York, NY 10118 and my email is m.chen@fastmail.com",
         "350 Fifth Avenue, New York, NY 10118"),
        ("It should be going to Apt 4B, 77 Queen Street West, Toronto, ON M5H 2N2.",
         "Apt 4B, 77 Queen Street West, Toronto, ON M5H 2N2"),
        ("forward the parcel to Hauptstraße 5, 10115 Berlin please", "Hauptstraße 5, 10115 Berlin"),
        ("送到天河路385号太古汇，电话13800138000", "天河路385号太古汇"),
        ("帮我寄到广州市天河区天河路385号太古汇，前台代收就行", "广州市天河区天河路385号太古汇"),
        ("我现在住北京市朝阳区建国路88号SOHO现代城，以后东西都寄这里", "北京市朝阳区建国路88号SOHO现代城"),
        ("地址：南京市鼓楼区中山路18号德基广场，座机025-84567890", "南京市鼓楼区中山路18号德基广场"),
        ("新地址是武汉市洪山区珞喻路129号，邮编430079", "武汉市洪山区珞喻路129号"),
    ],
)  # fmt: skip
def test_an_address_keeps_its_postcode_and_building(sentence: str, address: str) -> None:
    assert addresses(sentence) == [address]


@pytest.mark.parametrize(
    ("sentence", "address", "other"),
    [
        ("ship to 14 Elm Court 07700 900123", "14 Elm Court", "07700 900123"),
        ("deliver to 42 Wallaby Way, Sydney NSW 2000, call +61 2 9374 4000",
         "42 Wallaby Way, Sydney NSW 2000", "+61 2 9374 4000"),
        ("send it to 10 Downing St, London SW1A 2AA, Email me at pm@example.co.uk",
         "10 Downing St, London SW1A 2AA", "pm@example.co.uk"),
        ("寄到深圳市南山区科苑路15号科兴科学园B栋，手机13912345678",
         "深圳市南山区科苑路15号科兴科学园B栋", "13912345678"),
    ],
)  # fmt: skip
def test_an_address_does_not_swallow_the_phone_or_email_after_it(
    sentence: str, address: str, other: str
) -> None:
    (found,) = addresses(sentence)
    assert found == address and other not in found


def test_the_address_and_phone_are_both_entities_of_the_event() -> None:
    got = extract("deliver to 42 Wallaby Way, Sydney NSW 2000. call +61 2 9374 4000 on arrival")
    assert got.entities["address"] == "42 Wallaby Way, Sydney NSW 2000"
    assert got.entities["phone"] == "+61 2 9374 4000"
    # a building or city inside the address is not a product or a place of its own
    got = extract("我现在住北京市朝阳区建国路88号SOHO现代城，以后东西都寄这里")
    assert set(got.entities.values()) == {"北京市朝阳区建国路88号SOHO现代城"}


# -- budgets -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "sentence",
    [
        "need a table for 4 at Nopa on friday 7pm",
        "I need 2 rooms at the Marriott for 3 nights, non smoking",
        "Reservation for 2 please, window table if possible",
        "we need 3 for the party on sunday",
        "周六中午订个包间，最多10个人",
        "帮我订个海底捞，准备4个人",
    ],
)
def test_a_head_count_is_not_a_budget(sentence: str) -> None:
    assert not [fact for fact in slots.find(sentence) if fact[0] == "budget"]
    assert "budget" not in extract(sentence).entities


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("I want a new laptop for uni, can spend up to 1200 on it", "1200"),
        ("I'll go up to 900 for the phone", "900"),
        ("looking for headphones, budget around $300", "$300"),
        ("想买个扫地机器人，预算三千左右", "三千"),
        ("最多花两千", "两千"),
    ],
)
def test_a_number_with_money_context_is_a_budget(sentence: str, value: str) -> None:
    assert [fact[2] for fact in slots.find(sentence) if fact[0] == "budget"] == [value]


def test_an_amount_is_one_entity_money_with_its_currency_else_budget() -> None:
    assert extract("想买个扫地机器人，预算三千左右").entities == {"budget": "三千", "product": "扫地机器人"}
    assert extract("looking for headphones, budget around $300").entities == {"money": "$300"}
    assert extract("gift for my dad, max €80, any ideas?").entities == {"money": "€80"}


# -- carriers ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "carriers"),
    [
        ("顺丰单号SF1357924680显示已签收，可是我没收到啊", {"顺丰"}),
        ("以后都发顺丰吧，别的快递太慢了", {"顺丰"}),
        ("DHL says my parcel DE77120934 was delivered but I got nothing", {"DHL"}),
        ("is it coming with FedEx or UPS?", {"FedEx", "UPS"}),
        ("国际件走的DHL，现在卡在清关，怎么办", {"DHL"}),
    ],
)
def test_a_carrier_is_a_carrier_not_an_organisation_too(text: str, carriers: set[str]) -> None:
    entities = extract(text).entities
    found = {value for key, value in entities.items() if key.startswith("carrier")}
    assert found == carriers
    assert not any(key.startswith("org") for key in entities)


def test_a_carrier_one_works_at_is_an_organisation() -> None:
    entities = extract("我老公在顺丰上班，天天加班").entities
    assert entities.get("org") == "顺丰" and "carrier" not in entities
    entities = extract("My brother works at DHL in Leipzig.").entities
    assert entities.get("org") == "DHL" and "carrier" not in entities


def test_a_shop_that_also_delivers_is_a_carrier_only_about_shipping() -> None:
    assert extract("京东的快递一般几点送到").entities == {"carrier": "京东"}
    assert "carrier" not in extract("我在京东买的耳机坏了，想退货").entities


def test_carrier_names_are_words_of_their_own() -> None:
    # "ups" in "groups", "EMS" in "items": no delivery
    assert extract("three items for my reading groups, which one is better?").intent == "purchase"
    # nor a carrier slot where the sentence is about shipping
    found = slots.find("please ship the books for our reading groups by Friday")
    assert not any(attribute == "carrier" for attribute, *_ in found)
    found = slots.find("please ship it with UPS this time")
    assert [value for attribute, _, value, _ in found if attribute == "carrier"] == ["UPS"]


# -- schedule --------------------------------------------------------------------------------------------


def test_schedule_is_an_intent() -> None:
    assert "schedule" in INTENTS


@pytest.mark.parametrize(
    "text",
    [
        "remind me at 3pm to call the dentist",
        "set up a meeting with Sarah next Tuesday at 10 to go over the Q3 numbers",
        "Can you put a reminder in for my mom's physio appointment on Friday at 4:30?",
        "Cancel nothing, just remind me 30 minutes before the board meeting.",
        "周四下午两点和王总开会，帮我记一下",
        "提醒我明天早上八点给物业打电话",
        "下周一上午十点跟李经理的会改到下午三点",
        "每天晚上九点提醒我吃药",
    ],
)
def test_meetings_and_reminders_are_schedule(text: str) -> None:
    got = extract(text)
    assert got.intent == "schedule"
    assert got.summary.startswith(("Schedule:", "日程："))


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("book me a table for two at Nopa on friday", "booking"),
        ("帮我约下周三上午的牙医", "booking"),
        ("no meetings before 10am, ever.", "preference"),
        ("my sister Emma's birthday is the 21st of May, remind me to get her something", "personal"),
    ],
)
def test_what_is_not_schedule(text: str, intent: str) -> None:
    assert extract(text).intent == intent


def test_people_talking_among_themselves_of_a_meeting_make_no_schedule() -> None:
    said = ["We had the team meeting yesterday, it ran long."]
    assert first_task_intent(said, []) == "chat"
    assert classify_intent(said, [], participants={"caroline"}) == "chat"


# -- product names in a Chinese summary -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "products"),
    [
        ("iPhone 16 和 Mate 70 哪个拍照好？想换手机", {"iPhone 16", "Mate 70"}),
        ("小米14 Ultra 和 vivo X100 Pro 哪个续航好，预算六千", {"小米14 Ultra", "vivo X100 Pro"}),
        ("AirPods Pro 左耳没声音，订单JD88120034，我要换货", {"AirPods Pro"}),
    ],
)
def test_product_names_in_chinese_text_are_products(text: str, products: set[str]) -> None:
    got = extract(text)
    found = {value for key, value in got.entities.items() if key.startswith("product")}
    assert products <= found
    # what the summary quotes of them is the user's names, not English words
    rest = got.summary
    for value in got.entities.values():
        rest = rest.replace(value, "")
    assert not any(char.isascii() and char.isalpha() for char in rest)


def test_no_products_from_english_text_ids_or_phone_numbers() -> None:
    assert "product" not in extract("my colleague 王伟 works at Tencent").entities
    assert "product" not in extract("我的手机号是 152 1234 5678").entities
    assert not any(key.startswith("product") for key in extract("订单JD88120034还没发货").entities)


# -- relative dates ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("my brother Dan got married yesterday", RELATIVE_DATE, "2026-03-17"),
        ("包裹明天能到吗", RELATIVE_DATE, "2026-03-19"),
        ("book me a flight next friday", RELATIVE_DATE, "next friday"),
        ("帮我订下周三去三亚的机票", RELATIVE_DATE, "下周三"),
        ("My daughter turns 7 on June 3rd", "date", "June 3rd"),
        ("4月2日上午九点有面试", "date", "4月2日"),
    ],
)
def test_relative_dates_are_apart_from_dates(text: str, kind: str, value: str) -> None:
    assert (kind, value) in find_entities(text, AT)
    other = "date" if kind == RELATIVE_DATE else RELATIVE_DATE
    assert (other, value) not in find_entities(text, AT)


def test_a_relative_date_still_makes_a_turn_worth_writing() -> None:
    from hindsight.write.extract import has_key_information

    assert has_key_information(Turn("t", "s", "user", "包裹明天能到吗", AT))
    assert not has_key_information(Turn("t", "s", "user", "how are you today?", AT))


def test_a_memorys_keys_leave_out_every_date_however_numbered() -> None:
    from hindsight.lifecycle import _entity_keys

    at = datetime(2026, 5, 1)
    record = MemoryRecord(
        id="r1", user_id="u", tier="long", kind="fact", text="t",
        created_at=at, event_time=at, valid_from=at,
        entities={"date": "2026-05-03", "date_2": "2026-05-04", "relative_date_2": "2026-05-05",
                  "subject": "trip", "person": "Anna", "place_2": "Lisbon"},
    )  # fmt: skip
    assert _entity_keys(record, set()) == {"ANNA", "LISBON"}  # normalised, no date among them
