"""Rule extraction that is right more often (issue 16): the intent from what the turn is about, one
language per summary (the user's), entities for people, organisations, places, birthdays and
addresses that do not swallow their neighbours. Corpus figures: bench/extraction_eval.py and
BENCHMARKS.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.write.entities import find_named
from hindsight.write.extract import RuleExtractor, classify_intent

AT = datetime(2026, 3, 18, 10, 0)


def extract(*said: tuple[str, str]):  # type: ignore[no-untyped-def]
    turns = [Turn(f"t{i}", "s", role, text, AT + timedelta(minutes=i)) for i, (role, text) in enumerate(said)]
    return RuleExtractor().extract(turns)


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("王芳的生日是 5 月 3 日", {("person", "王芳"), ("date", "5月3日")}),
        ("Maria Lopez works at Acme Robotics in Denver.",
         {("person", "Maria Lopez"), ("org", "Acme Robotics"), ("place", "Denver")}),
        ("我同事李明在深圳的华为上班。", {("person", "李明"), ("place", "深圳"), ("org", "华为")}),
        ("我表弟林涛考上了北京大学", {("person", "林涛"), ("org", "北京大学")}),
        ("David Chen from Microsoft in Seattle is my new mentor.",
         {("person", "David Chen"), ("org", "Microsoft"), ("place", "Seattle")}),
    ],
)  # fmt: skip
def test_people_organisations_places_and_birthdays(text: str, named: set[tuple[str, str]]) -> None:
    assert named <= set(find_named(text))


def test_no_names_from_ordinary_sentences() -> None:
    assert find_named("Please ship it tomorrow, thanks.") == ()
    assert find_named("我在家上班") == ()
    assert find_named("我在上海工作") == (("place", "上海"),)


@pytest.mark.parametrize(
    ("text", "address", "phone"),
    [
        (
            "我的地址是上海市浦东新区世纪大道100号 电话13812345678",
            "上海市浦东新区世纪大道100号",
            "13812345678",
        ),
        (
            "My address is 48 Oak Avenue, Springfield, phone 555-0142.",
            "48 Oak Avenue, Springfield",
            "555-0142",
        ),
    ],
)
def test_an_address_does_not_swallow_the_phone_number(text: str, address: str, phone: str) -> None:
    got = extract(("user", text))
    assert got.entities["address"] == address and got.entities["phone"] == phone


@pytest.mark.parametrize(
    ("texts", "intent"),
    [
        (["I am allergic to peanuts, remember that when you suggest restaurants."], "personal"),
        (["I like my coffee black, no sugar."], "preference"),
        (["我不吃香菜，推荐菜的时候注意一下"], "preference"),
        (["我比较喜欢安静一点的酒店"], "preference"),
        (["I need a flight to Lisbon on the 14th, window seat if possible."], "booking"),
        (["王芳的生日是 5 月 3 日，记得提醒我买礼物"], "personal"),
        (["From now on, send me invoices as PDF."], "preference"),
        (["This is the third time the courier threw my parcel over the fence. Unacceptable."], "complaint"),
    ],
)
def test_the_intent_is_what_the_turn_is_about(texts: list[str], intent: str) -> None:
    assert classify_intent(texts, []) == intent


def test_one_language_per_summary() -> None:
    zh = extract(
        ("user", "订单JD2024005555要退款"), ("assistant", "Sure, I've started the refund."), ("user", "好的")
    )
    assert zh.summary.startswith("退款：") and "started" not in zh.summary
    en = extract(
        ("user", "Book me a table for two on Saturday."), ("assistant", "已为您预订周六两位的座位。")
    )
    assert en.summary.startswith("Booking:") and "已" not in en.summary
