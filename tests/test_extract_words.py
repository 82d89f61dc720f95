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


# -- third round (issue 16): gazetteers, names without a surname, weighted cues ------------------


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Your support agent Kevin hung up on me twice.", {("person", "Kevin")}),
        ("Dr. Hannah Weiss at St. Mary's Hospital is my new GP.",
         {("person", "Hannah Weiss"), ("org", "St. Mary's Hospital")}),
        ("Write down: Aunt Mei's phone", {("person", "Mei")}),
        ("我女儿朵朵下个月去杭州读大学了", {("person", "朵朵"), ("place", "杭州")}),
        ("小雨的生日是五月三号", {("person", "小雨"), ("date", "五月三号")}),
        ("我老公叫陈志强，在招商银行上班", {("person", "陈志强"), ("org", "招商银行")}),
        ("刘伟在北京协和医院工作", {("person", "刘伟"), ("org", "北京协和医院")}),
        ("发票抬头应该是上海明远科技有限公司", {("org", "上海明远科技有限公司")}),
        ("package stuck in customs in Frankfurt for 6 days", {("place", "Frankfurt")}),
        ("a room at the Hilton Garden Inn in Austin", {("place", "Hilton Garden Inn"), ("place", "Austin")}),
        ("4月5号去三亚，帮我订亚特兰蒂斯酒店两晚", {("place", "三亚"), ("place", "亚特兰蒂斯酒店")}),
        # a provider left or joined is an organisation, not the place "from Verizon" reads as
        ("Switching my phone plan from Verizon to T-Mobile", {("org", "Verizon"), ("org", "T-Mobile")}),
        ("I bank with Monzo now, switched from Barclays", {("org", "Monzo"), ("org", "Barclays")}),
        ("Our home insurance is with Direct Line, renewal in May", {("org", "Direct Line")}),
        ("ported my number from EE over to Three", {("org", "EE"), ("org", "Three")}),
    ],
)  # fmt: skip
def test_names_without_a_cue_word(text: str, named: set[tuple[str, str]]) -> None:
    assert named <= set(find_named(text))


@pytest.mark.parametrize(
    ("text", "not_named"),
    [
        ("Text me, don't call. Calls at work are a no-go.", ("person", "Calls")),
        ("Dr. Hannah Weiss at St. Mary's Hospital is my new GP.", ("person", "Mary")),
        ("刘伟在北京协和医院工作", ("org", "协和医院")),
        ("帮我订一下周六晚上海底捞两个人的位子", ("place", "上海")),
        ("我同学张晓明在腾讯深圳总部上班", ("person", "张晓")),
        ("我人在外地，快递先放驿站吧", ("org", "外地")),
        ("孙悦是我们公司新来的实习生", ("org", "我们公司")),
        ("I'm switching my phone plan from Verizon to T-Mobile next month", ("place", "Verizon")),
        ("We moved from Boston to Denver last year", ("org", "Boston")),  # a move is between places
    ],
)
def test_no_name_inside_a_wider_one_nor_from_an_ordinary_word(text: str, not_named: tuple[str, str]) -> None:
    assert not_named not in find_named(text)


def test_a_place_inside_the_address_is_not_listed_apart() -> None:
    got = extract(("user", "收货地址：北京市朝阳区建国路88号SOHO现代城A座1502，电话13911112222"))
    assert "北京" not in got.entities.values() and got.entities["phone"] == "13911112222"


@pytest.mark.parametrize(
    ("texts", "intent"),
    [
        (["when you book anything for me, remember I'm allergic to shellfish"], "personal"),
        (["tracking says delivered but nothing here", "it's order 40021877, I live at 14 Elm Court, Leeds"],
         "delivery"),
        (["I can't log in, the reset link goes to my old email jdoe@oldmail.com"], "account"),
        (["顺丰说今天派送，到现在还没来"], "delivery"),
        (["我一直只用顺丰快递"], "preference"),
        (["budget's about $300, need noise-cancelling headphones for flights"], "purchase"),
        (["跟你说个事，我外甥女婷婷考上了复旦大学，我想送她一台笔记本电脑，有什么推荐吗"], "purchase"),
        (["我儿子的班主任是周老师，人挺好的"], "personal"),
        (["I'd rather get emails than push notifications."], "preference"),
        (["My card got declined at checkout but the bank says it's fine"], "payment"),
    ],
)  # fmt: skip
def test_the_intent_from_cues_over_the_whole_event(texts: list[str], intent: str) -> None:
    assert classify_intent(texts, []) == intent


def test_the_users_language_by_proportion() -> None:
    assert extract(("user", "my colleague 王伟 works at Tencent in Shenzhen")).lang == "en"
    assert extract(("user", "我的账号登录不上，一直提示 password error")).lang == "zh"
