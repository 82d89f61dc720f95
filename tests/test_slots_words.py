"""Slots that match by meaning (issue 16): the attribute said with other words, a subject said fully
once and partly later, no subject at all when the conversation makes it clear — the old value
closes; a value of another dimension or of another person does not. Corpus figures (tuning and
test part) come from bench/conflicts_eval.py and are in BENCHMARKS.md."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from hindsight import Memory
from hindsight.ids import turn_record_id
from hindsight.models import MemoryRecord
from hindsight.write import conflicts, slots
from hindsight.write.extract import SlotFact, facts_in

T0 = datetime(2026, 10, 1, 10, 0)
CORPUS = Path(__file__).parent / "corpora" / "conflicts"


def one(sentence: str) -> tuple[str, str]:
    (fact,) = facts_in(sentence, "t")
    return fact.slot, fact.value


@pytest.mark.parametrize(
    ("sentence", "slot", "value"),
    [
        ("My budget for the Lisbon trip is 5000 euros.", "budget|lisbon trip", "5000 euros"),
        ("Can you raise the trip budget to 8000?", "budget|trip", "8000"),
        ("这次去云南旅行的预算是5000块。", "budget|去云南旅行", "5000"),
        ("旅行预算改成8000吧。", "budget|旅行", "8000"),
        ("I'm looking at laptops, my budget is around 1200 dollars.", "budget|laptops", "1200 dollars"),
        ("买笔记本电脑，预算大概三千。", "budget|笔记本电脑", "三千"),
        ("We moved! My new address is 48 Oak Avenue, Springfield.", "address|", "48 Oak Avenue, Springfield"),
        ("以后东西都寄到杭州市滨江区江南大道3号", "address|", "杭州市滨江区江南大道3号"),
        ("New number: +44 7700 900456, the old one is gone.", "phone|", "+44 7700 900456"),
        ("手机号换成13987654321了。", "phone|", "13987654321"),
        ("Switch my courier to Royal Mail.", "carrier|", "Royal Mail"),
        ("Please use DHL instead of Royal Mail from now on.", "carrier|", "DHL"),
        ("Call me Sam from now on.", "name|", "Sam"),
        ("以后给我订靠过道的吧，方便起身。", "seat|", "靠过道"),
        ("My shoe size is 43 these days.", "size|shoes", "43"),
        ("付款方式改成微信支付。", "payment|", "微信支付"),
        ("Please answer in Spanish from now on.", "language|", "spanish"),
    ],
)
def test_slots_are_found_however_they_are_named(sentence: str, slot: str, value: str) -> None:
    assert one(sentence) == (slot, value)


@pytest.mark.parametrize(
    ("sentence", "owner"),
    [
        ("My wife's number is 555-0188, in case I don't pick up.", "wife"),
        ("我妈住深圳市罗湖区人民南路3号。", "妈"),
        ("公司人事的邮箱是hr@company.cn。", "公司人事"),
        ("My sister always ships with UPS.", "sister"),
        # the relative named, then a pronoun for them opens the clause with the value
        ("我老婆换号了，她新号码是137-0022-8899，帮我记一下", "老婆"),
        ("My wife got a new phone, her number is 555-0177.", "wife"),
    ],
)
def test_a_value_of_someone_else_is_theirs(sentence: str, owner: str) -> None:
    (fact,) = facts_in(sentence, "t")
    assert conflicts.split_owner(fact.subject)[0] == owner


@pytest.mark.parametrize(
    "sentence",
    [
        # another clause about the user: the value is theirs again
        "我老婆换号了，我的新号码是13700228899",
        "My wife got a new phone, so my number is 555-0177 now.",
    ],
)
def test_a_value_after_a_relatives_clause_is_the_users(sentence: str) -> None:
    (fact,) = facts_in(sentence, "t")
    assert conflicts.split_owner(fact.subject)[0] == ""


def test_subjects_are_normalised() -> None:
    assert slots.normalize_subject("the new Lisbon trip") == "lisbon trip"
    assert slots.normalize_subject("这次旅行") == "旅行"
    assert slots.normalize_subject("每个月买菜") == "买菜"
    assert slots.normalize_subject("my") == slots.normalize_subject("the week") == ""


def _record(slot: str, value: str, at: datetime, session: str = "s1") -> MemoryRecord:
    attribute, subject = slot.split("|", 1)
    return MemoryRecord(
        id=f"r-{slot}-{value}",
        user_id="u",
        tier="short",
        kind="fact",
        text=f"{slot} {value}",
        created_at=at,
        event_time=at,
        valid_from=at,
        entities={attribute: value, "subject": subject},
        slot=slot,
        session_id=session,
    )


def fact(slot: str, value: str, correction: bool = False) -> SlotFact:
    attribute, subject = slot.split("|", 1)
    return SlotFact(attribute, subject, value, "", "t", correction=correction)


def test_compatible_subjects() -> None:
    trip = _record("budget|lisbon trip", "5000", T0)
    assert conflicts.compatible(fact("budget|trip", "8000"), trip)
    assert conflicts.compatible(fact("budget|lisbon", "8000"), trip)
    assert not conflicts.compatible(fact("budget|rome trip", "4000"), trip)
    assert not conflicts.compatible(fact("budget|laptop", "1200"), trip)
    assert not conflicts.compatible(fact("budget|wife: lisbon trip", "1200"), trip)
    assert conflicts.compatible(fact("budget|电脑", "3500"), _record("budget|笔记本电脑", "3000", T0))
    # taste keeps its exact dimension: red is not red clothes
    assert not conflicts.compatible(fact("taste|红色的衣服", "dislike"), _record("taste|红色", "like", T0))
    # an earlier value without a subject gives way to a later one with a subject only on a stated change
    bare = _record("email|", "a@x.org", T0)
    assert not conflicts.compatible(fact("email|invoices", "b@x.org"), bare)
    assert conflicts.compatible(fact("email|work", "c@x.org", correction=True), bare)


def test_a_statement_without_subject_takes_the_latest_one() -> None:
    older = _record("budget|laptop", "1200", T0, session="s0")
    newer = _record("budget|trip", "5000", T0 + timedelta(days=1), session="s1")
    candidates = [older, newer]
    assert conflicts.inherit_subject(fact("budget|", "8000"), candidates, "s9").subject == "trip"
    # the same session's own slot first
    assert conflicts.inherit_subject(fact("budget|", "8000"), candidates, "s0").subject == "laptop"


def _conversation(memory: Memory, user: str, turns: list[str]) -> None:
    for index, text in enumerate(turns):
        at = T0 + timedelta(days=index)
        memory.observe(user, f"s{index}", "user", text, at, turn_id=f"t{index}")
        memory.end_session(user, f"s{index}", at + timedelta(minutes=1))


@pytest.mark.parametrize(
    "turns",
    [
        ["My budget for the Lisbon trip is 5000 euros.", "Can you raise the trip budget to 8000?"],
        ["这次旅行的预算是5000块。", "预算改成8000吧。"],
        ["Send receipts to tom@home.net.", "Receipts should go to tom.b@newmail.com from now on."],
    ],
)
def test_the_old_value_closes_and_recall_returns_the_new_one(memory: Memory, turns: list[str]) -> None:
    _conversation(memory, "u", turns)
    assert memory.get(turn_record_id("u", "t0")).valid_until is not None
    current = [r for r in memory.records("u") if r.valid_until is None]
    assert not [r for r in current if "t0" in r.source_ids]
    hits = memory.recall("u", turns[1], now=T0 + timedelta(days=3)).hits
    assert hits and all("t0" not in hit.record.source_ids for hit in hits)


def test_another_dimension_or_person_stays(memory: Memory) -> None:
    _conversation(memory, "u", ["我手机13812345678。", "我老婆的手机是13900001234，联系不上我就打她的。"])
    _conversation(memory, "v", ["The Paris trip budget is 5000.", "The Rome trip budget is 4000."])
    for user in ("u", "v"):
        assert memory.get(turn_record_id(user, "t0")).valid_until is None


def test_the_corpus_is_split_and_measured_on_its_test_part(memory: Memory) -> None:
    with (CORPUS / "test.jsonl").open(encoding="utf-8") as lines:
        cases = [json.loads(line) for line in lines]
    with (CORPUS / "tune.jsonl").open(encoding="utf-8") as lines:
        tuned = {tuple(json.loads(line)["turns"]) for line in lines}
    assert len(cases) >= 60 and not {tuple(case["turns"]) for case in cases} & tuned
    closed = 0
    for case in [case for case in cases if case["expect"] == "close"]:
        _conversation(memory, case["id"], case["turns"])
        closed += memory.get(turn_record_id(case["id"], "t0")).valid_until is not None
    # measured 49 of 53 (0.925); the 0.95 is not met yet (BENCHMARKS.md)
    assert closed / 53 >= 0.85
