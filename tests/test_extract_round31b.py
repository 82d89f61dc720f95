"""Rule extraction, thirty-first round, second pass: kinds the first pass left on every tuning part — an
event about shipping told by an English word inside Chinese or by 改送, a friend or a stallholder called
by 阿 and a Latin name, a name after a colon. Each phrasing is ours, with a near miss where the rule
could overreach."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.write.extract import RuleExtractor

AT = datetime(2026, 3, 18, 10, 0)


def extract(*said: str):  # type: ignore[no-untyped-def]
    turns = [Turn(f"t{i}", "s", "user", text, AT + timedelta(minutes=i)) for i, text in enumerate(said)]
    return RuleExtractor().extract(turns)


def values(said: str, kind: str) -> set[str]:
    return {value for key, value in extract(said).entities.items() if key.rstrip("_0123456789") == kind}


# -- carriers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "carrier"),
    [
        ("我的parcel到哪了？J&T一直没更新", "J&T"),
        ("DHL的tracking没有更新，package还在海关吗", "DHL"),
        ("叫中通改送到我妈家，今天别送公司", "中通"),
        ("where is my parcel, Ninja Van says delivered", "Ninja Van"),
    ],
)
def test_a_carrier_where_the_event_is_about_shipping(said: str, carrier: str) -> None:
    assert carrier in values(said, "carrier")


def test_a_shop_that_also_ships_stays_an_org_without_shipping_words() -> None:
    assert "carrier" not in {key.rstrip("_0123456789") for key in extract("京东的会员怎么续费").entities}


# -- persons -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "person"),
    [
        ("帮我约阿Joe周六剪头发", "阿Joe"),
        ("去巴刹那档阿Lim的摊买两斤虾", "阿Lim"),
        ("提醒一下：阿明5月3号搬家，我要去帮忙", "阿明"),
        ("备注：小芳12月1号生日", "小芳"),
    ],
)
def test_a_name_called_by_a_or_after_a_colon(said: str, person: str) -> None:
    found = extract(said)
    assert person in {v for k, v in found.entities.items() if k.startswith("person")}
    assert person.removeprefix("阿") not in {v for k, v in found.entities.items() if k.startswith("product")}


@pytest.mark.parametrize("said", ["我想买阿迪达斯的鞋", "注意：阿司匹林饭后吃", "阿里的客服电话多少"])
def test_a_word_with_a_is_no_name(said: str) -> None:
    assert not values(said, "person")


# -- intents -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "said",
    [
        "开会不要安排在周五下午，我要接孩子",
        "會議唔好約喺朝早九點前，我要送仔返學",
        "no meetings after 5pm please, I do school pickup",
        "No calls on Fridays, that's my day off",
    ],
)
def test_a_rule_for_when_meetings_may_be_set_is_a_preference(said: str) -> None:
    assert extract(said).intent == "preference"


@pytest.mark.parametrize("said", ["帮我把周五的会改到下午三点", "move my 3pm meeting to Thursday"])
def test_moving_one_meeting_stays_a_schedule(said: str) -> None:
    assert extract(said).intent == "schedule"


# -- places ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "place"),
    [
        ("pick up bread from Bourke Street Markets Newtown when you pass", "Bourke Street Markets Newtown"),
        ("the Killiney Kopitiam Bukit Timah outlet was closed again", "Killiney Kopitiam Bukit Timah"),
        ("meet me at the Grand Hotel Fremantle, 7pm", "Grand Hotel Fremantle"),
        ("a table at the Harbour Grill at Queen and Spadina for 4", "Harbour Grill at Queen and Spadina"),
    ],
)
def test_a_venue_with_its_branch(said: str, place: str) -> None:
    assert place in values(said, "place")


@pytest.mark.parametrize(
    ("said", "place"),
    [
        ("book the Riverside Hotel Friday night", "Riverside Hotel"),
        ("is the Central Station Today open", "Central Station"),
    ],
)
def test_a_day_after_a_venue_is_no_branch(said: str, place: str) -> None:
    assert place in values(said, "place")


# -- ids ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "order_id"),
    [
        ("has UPS lost it? 8830 1945 2207", "8830 1945 2207"),
        ("顺丰的单子 6021 3387 4410 一直没动", "6021 3387 4410"),
    ],
)
def test_twelve_digits_in_three_groups_are_an_id(said: str, order_id: str) -> None:
    assert order_id in values(said, "order_id")


@pytest.mark.parametrize(
    "said",
    [
        "my new number is 9123 4567",
        "card ending 4111 1111 1111 1111 was charged twice",
        "call me on +44 7700 9001 2345",
    ],
)
def test_a_phone_or_a_card_is_no_id(said: str) -> None:
    assert not values(said, "order_id")


@pytest.mark.parametrize(
    ("said", "intent"),
    [
        ("Physio moved to fri 9:30 instead of mon, pls fix my calendar", "schedule"),
        ("we just moved from Leeds to a flat in York", "personal"),
        ("heads up, i'm a wheelchair user and i usually need step-free access", "personal"),
        ("我爸坐轮椅，平时出门都要无障碍通道", "personal"),
        ("周末吃饭优先考虑望京那边，近一点", "preference"),
        ("以后给我妈买的东西都送到她家，别送我这", "preference"),
        ("When you deliver here, always ask for Tomasz at the front desk", "preference"),
        ("Nagbayad na ako ng kuryente kahapon, paki-check", "payment"),
    ],
)
def test_intents_by_kind(said: str, intent: str) -> None:
    assert extract(said).intent == intent


@pytest.mark.parametrize(
    ("said", "intent"),
    [
        ("my sister moved to Glasgow last spring", "personal"),
        ("我以后想买个大点的房子", "purchase"),
    ],
)
def test_intents_near_misses(said: str, intent: str) -> None:
    assert extract(said).intent == intent


@pytest.mark.parametrize(
    ("said", "person"),
    [
        ("我朋友艾米丽是英国人，下周来北京玩", "艾米丽"),
        ("我的室友汤姆说他不吃辣", "汤姆"),
    ],
)
def test_a_transliterated_name_after_a_relation(said: str, person: str) -> None:
    assert person in values(said, "person")


@pytest.mark.parametrize("said", ["我同事说明天开会", "我朋友推荐了一家店", "我老婆特别喜欢吃辣"])
def test_no_transliterated_name_in_plain_words(said: str) -> None:
    assert not values(said, "person")


@pytest.mark.parametrize(
    ("said", "place"),
    [
        ("还是去人民路那家面馆吧", "人民路"),
        ("我想訂週六晚上敦化街的「老灶」", "敦化街"),
    ],
)
def test_a_street_a_shop_is_pointed_at_on(said: str, place: str) -> None:
    assert place in values(said, "place")


def test_a_road_named_in_passing_is_no_place() -> None:
    assert "上路" not in values("我已经在路上了，马上到", "place")
    assert not values("走这条路那家店就到了", "place") & {"这条路", "条路"}


def _conversation(*said: tuple[str, str]):  # type: ignore[no-untyped-def]
    turns = [Turn(f"t{i}", "s", role, text, AT + timedelta(minutes=i)) for i, (role, text) in enumerate(said)]
    return RuleExtractor().extract(turns)


@pytest.mark.parametrize(
    ("answer", "order_id"),
    [
        ("it's 5530 2918, I think", "5530 2918"),
        ("sure 88301945", "88301945"),
        ("是 602 338 744", "602 338 744"),
    ],
)
def test_digits_given_when_the_order_number_is_asked(answer: str, order_id: str) -> None:
    got = _conversation(
        ("user", "my shopping hasn't turned up"),
        ("assistant", "Could I have your order number?"),
        ("user", answer),
    )
    assert order_id in {v for k, v in got.entities.items() if k.startswith("order_id")}


def test_digits_given_for_another_question_are_no_order_number() -> None:
    got = _conversation(
        ("user", "my shopping hasn't turned up"),
        ("assistant", "What's your postcode?"),
        ("user", "its 5530 2918"),
    )
    assert not any(k.startswith("order_id") for k in got.entities)
    short = _conversation(("assistant", "Your order number?"), ("user", "it's 4471, I think"))
    assert not any(k.startswith("order_id") for k in short.entities)


@pytest.mark.parametrize(
    ("said", "org"),
    [
        ("top up RM50 to my Touch 'n Go please", "Touch 'n Go"),
        ("is the Dyson cheaper at Courts or at Challenger?", "Courts"),
        ("is the Dyson cheaper at Courts or at Challenger?", "Challenger"),
    ],
)
def test_a_wallet_and_electronics_chains(said: str, org: str) -> None:
    assert org in values(said, "org")


def test_a_court_in_lowercase_is_no_chain() -> None:
    assert not values("book two courts for saturday morning", "org")


@pytest.mark.parametrize(
    ("said", "person"),
    [("校车总晚点，小雨每次都迟到", "小雨"), ("他们学校食堂太咸了，志明老是吃不下", "志明")],
)
def test_a_bare_name_then_what_always_happens_to_them(said: str, person: str) -> None:
    assert person in values(said, "person")


def test_no_name_in_a_habit_without_one() -> None:
    assert not values("这个路口，每次都堵车", "person")


@pytest.mark.parametrize(
    ("said", "place"),
    [
        ("我們下個月去台中市西屯區玩兩天", "台中市西屯區"),
        ("成都市武侯区的火锅哪家好吃", "成都市武侯区"),
        ("我老家是台南市安平區，每年回去一次", "台南市安平區"),
    ],
)
def test_a_city_with_its_district_is_one_place(said: str, place: str) -> None:
    found = values(said, "place")
    assert place in found
    assert not found & {"台中", "成都", "台南"}


def test_a_district_before_a_street_stays_in_the_address() -> None:
    assert "成都市武侯区" not in values("寄到成都市武侯区人民南路四段12号", "place")


@pytest.mark.parametrize(
    ("said", "address"),
    [
        (
            "send it to work instead: Unit 12, Kingsway Business Park, Leeds LS10 1AB",
            "Unit 12, Kingsway Business Park, Leeds LS10 1AB",
        ),
        ("deliver to Suite 3 Eastgate Retail Park, Cork", "Suite 3 Eastgate Retail Park, Cork"),
    ],
)
def test_a_unit_in_a_named_business_park(said: str, address: str) -> None:
    assert address in values(said, "address")


@pytest.mark.parametrize(
    ("said", "place"),
    [("我爸妈现在住在南岗区", "南岗区"), ("我外婆一個人住在北投區", "北投區")],
)
def test_a_district_alone_where_someone_lives_is_a_place(said: str, place: str) -> None:
    found = extract(said).entities
    assert place in {v for k, v in found.items() if k.startswith("place")}
    assert "address" not in found


def test_a_street_address_stays_an_address() -> None:
    assert "address" in extract("我现在住在南岗区学府路52号").entities
