"""The write path's small steps: entities, slot facts, intent, importance, summaries, triggers."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Turn
from hindsight.write.entities import as_mapping, find_entities, resolve_date
from hindsight.write.extract import RuleExtractor, classify_intent, facts_in, has_key_information, ttl_for
from hindsight.write.triggers import decide, is_idle_gap, is_task_done

AT = datetime(2026, 3, 2, 10, 0)


def turn(text: str, role: str = "user", minute: float = 0, turn_id: str | None = None) -> Turn:
    return Turn(turn_id or f"t{minute}", "s", role, text, AT + timedelta(minutes=minute))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我的订单号是SF123456，一直没到", {"order_id": "SF123456"}),
        ("运单号 YT998877665544 查不到", {"tracking_no": "YT998877665544"}),
        ("工单号TK-20240311已经提交", {"ticket_id": "TK-20240311"}),
        ("My order number is 88812345", {"order_id": "88812345"}),
        ("tracking number 1Z999AA10123456784", {"tracking_no": "1Z999AA10123456784"}),
        ("flight LH 2471 leaves at noon", {"flight_no": "LH 2471"}),
        ("预算改成8000", {"money": "8000"}),
        ("it cost me $1,200 last week", {"money": "$1,200", "relative_date": "last week"}),
        ("我的手机13812345678", {"phone": "13812345678"}),
        ("write to jo.li@example.com", {"email": "jo.li@example.com"}),
        ("我叫王小明，住在杭州市", {"person": "王小明", "place": "杭州市"}),
        ("my name is Ana Lima and I live in Lisbon", {"person": "Ana Lima", "place": "Lisbon"}),
        ("我上周买的耳机订单号是SF1", {"relative_date": "上周", "product": "耳机"}),
        ("I bought a new laptop yesterday", {"product": "laptop", "relative_date": "2026-03-01"}),
        ("明天下午三点送到", {"relative_date": "2026-03-03"}),
        ("the party is on May 3rd", {"date": "May 3rd"}),
    ],
)
def test_entities_a_rule_can_see(text: str, expected: dict[str, str]) -> None:
    found = as_mapping(find_entities(text, AT))
    for key, value in expected.items():
        assert found.get(key) == value, (text, found)


def test_several_values_of_one_type_are_numbered() -> None:
    assert as_mapping([("order_id", "A1"), ("order_id", "B2"), ("order_id", "A1")]) == {
        "order_id": "A1",
        "order_id_2": "B2",
    }


def test_relative_days_resolve_against_the_turn_time() -> None:
    assert resolve_date("昨天", AT) == "2026-03-01"
    assert resolve_date("tomorrow", AT) == "2026-03-03"
    assert resolve_date("上周五", AT) == "上周五"  # ranges are the read path's business (timeparse)


@pytest.mark.parametrize(
    ("sentence", "slot", "value", "explicit"),
    [
        ("我以后都用顺丰快递", "carrier|", "顺丰", True),
        ("From now on, ship everything with DHL please.", "carrier|", "DHL", True),
        ("预算5000", "budget|", "5000", False),
        ("旅行的预算是3000元", "budget|旅行", "3000", False),
        ("预算可以放宽到8000", "budget|", "8000", False),  # the seed's own words for a changed budget
        ("My budget for the trip is $3000", "budget|trip", "$3000", False),
        ("Change my laptop budget to $1500", "budget|laptop", "$1500", False),
        ("我喜欢红色", "taste|红色", "like", False),
        ("我讨厌红色的衣服", "taste|红色的衣服", "dislike", False),
        ("I really love jazz", "taste|jazz", "like", False),
        ("退回原支付账户就行", "refund_to|", "原支付账户", False),
        ("我对花生过敏", "allergy|花生", "yes", False),
        ("收货地址改成上海市浦东新区世纪大道100号", "address|", "上海市浦东新区世纪大道100号", False),
        ("my name is Ana", "name|", "Ana", False),
    ],
)
def test_slot_facts(sentence: str, slot: str, value: str, explicit: bool) -> None:
    (fact,) = facts_in(sentence, "t1")
    assert (fact.slot, fact.value, fact.explicit) == (slot, value, explicit)


def test_a_negated_value_is_not_a_fact() -> None:
    assert facts_in("别退到余额", "t1") == []
    assert [f.value for f in facts_in("退回原支付账户，别退到余额", "t1")] == ["原支付账户"]


def test_hedges_and_corrections_are_flagged() -> None:
    (hedged,) = facts_in("我好像喜欢蓝色", "t1")
    assert hedged.hedged and not hedged.correction
    (corrected,) = facts_in("预算改成8000", "t1")
    assert corrected.correction


@pytest.mark.parametrize(
    ("texts", "intent"),
    [
        (["我要退款"], "refund"),
        (["my package hasn't arrived yet"], "delivery"),
        (["I want to complain about the service"], "complaint"),
        (["please cancel my subscription"], "cancel"),
        (["book me a table for two"], "booking"),
        (["我想买一台电脑"], "purchase"),
        (["I really love jazz"], "preference"),
        (["how was your weekend"], "chat"),
    ],
)
def test_intent(texts: list[str], intent: str) -> None:
    facts = [fact for text in texts for fact in facts_in(text, "t")]
    assert classify_intent(texts, facts) == intent


def test_importance_and_lifetime() -> None:
    extractor = RuleExtractor()
    order = extractor.extract([turn("我的订单SF123456要退款，退回原支付账户")])
    small_talk = extractor.extract([turn("how was your weekend")])
    explicit = extractor.extract([turn("以后都用顺丰快递")])
    assert order.importance >= 0.8 and explicit.importance >= 0.8
    assert small_talk.importance < 0.3
    assert ttl_for(0.0) == 7 and ttl_for(1.0) == 30
    assert 7 <= small_talk.ttl_days < order.ttl_days == 30


def test_the_summary_is_in_the_users_language_with_the_decision() -> None:
    zh = RuleExtractor().extract(
        [turn("我的订单SF123456想退款", minute=0), turn("已为您提交退款申请。", "assistant", 1)]
    )
    assert zh.lang == "zh" and zh.summary.startswith("退款：") and "处理：已为您提交退款申请" in zh.summary
    en = RuleExtractor().extract(
        [turn("My order AB778899 never came", minute=0), turn("I've sent a replacement.", "assistant", 1)]
    )
    assert (
        en.lang == "en"
        and en.summary.startswith("Delivery:")
        and "Outcome: I've sent a replacement" in en.summary
    )


def test_a_replaced_value_is_left_out_of_the_summary() -> None:
    extraction = RuleExtractor().extract([turn("预算5000", minute=0), turn("预算改成8000", minute=1)])
    assert "8000" in extraction.summary and "5000" not in extraction.summary
    assert [(f.slot, f.value) for f in extraction.facts] == [("budget|", "8000")]


@pytest.mark.parametrize(
    ("text", "role", "done"),
    [
        ("谢谢", "user", True),
        ("好的，谢谢！", "user", True),
        ("没问题了", "user", True),
        ("thanks, that's all", "user", True),
        ("That's all for today", "user", True),
        ("谢谢你上次推荐的那家店，我们全家都很喜欢，下次还去", "user", False),  # thanks, but not a closing
        ("thank you", "assistant", False),
        ("payment completed successfully", "tool", True),
        ("searching the catalogue", "tool", False),
    ],
)
def test_task_done(text: str, role: str, done: bool) -> None:
    assert is_task_done(turn(text, role)) is done


def test_key_information_triggers_a_write_but_does_not_close_the_event() -> None:
    assert has_key_information(turn("我的订单号是SF123456"))
    assert has_key_information(turn("from now on, always window seats"))
    assert not has_key_information(turn("how are you today?"))
    assert decide(turn("我的订单号是SF123456")).write and not decide(turn("我的订单号是SF123456")).close
    assert decide(turn("谢谢")).close
    assert not decide(turn("how are you?")).write


def test_idle_is_measured_in_the_turns_own_times() -> None:
    assert is_idle_gap(turn("a", minute=0), turn("b", minute=10))
    assert not is_idle_gap(turn("a", minute=0), turn("b", minute=9.9))
    assert not is_idle_gap(None, turn("b"))
    assert is_idle_gap(turn("a", minute=60), turn("b", minute=0))  # a turn from another time: another event
