"""A question's people, whether it names them by relation or by name (issue 16, recall/people.py)."""

from __future__ import annotations

import pytest

from hindsight import Memory
from hindsight.recall import people
from hindsight.recall.people import namings, relations_in, resolve


@pytest.mark.parametrize(
    ("text", "pairs"),
    [
        ("我表哥叫周明，在律所上班", [("表哥", "周明")]),
        ("我同事小王说周五聚餐", [("同事", "小王")]),
        ("王丽是我大学同学", [("大学同学", "王丽")]),
        ("我的室友江雪是湖南人", [("室友", "江雪")]),
        ("另一个室友苏苏是学霸", [("室友", "苏苏")]),
        ("我舅舅周明明在深圳开店", [("舅舅", "周明明")]),
        ("我老公张伟今年35", [("老公", "张伟")]),
        ("my sister Anna moved to Lyon", [("sister", "Anna")]),
        ("Anna is my cousin", [("cousin", "Anna")]),
        ("My boss, Mark Lee, retires in May", [("boss", "Mark Lee")]),
        # words the write path knew and the people route did not, before one lexicon
        ("My spouse, Maria, is a nurse.", [("spouse", "Maria")]),
    ],
)
def test_a_naming_gives_relation_and_name(text: str, pairs: list[tuple[str, str]]) -> None:
    assert namings(text) == pairs


@pytest.mark.parametrize(
    "text",
    [
        "我表哥是医生",
        "我老婆怀孕了",
        "我妈今天来了",
        "同事老王的表哥是医生",
        "周明又跳槽了",
        "My sister is a nurse",
    ],
)
def test_no_name_is_read_into_a_description(text: str) -> None:
    assert namings(text) == []


@pytest.mark.parametrize(
    ("query", "relations"),
    [
        ("我表哥现在在哪上班？", ["表哥"]),
        ("我有哪些室友？", ["室友"]),
        ("我表哥和表姐谁年纪大？", ["表哥", "表姐"]),
        ("我和男朋友谁在读研？", ["男朋友"]),
        ("Where does my sister live?", ["sister"]),
        ("同事老王的表哥在哪上班？", []),  # somebody else's cousin
    ],
)
def test_only_the_users_own_relations(query: str, relations: list[str]) -> None:
    assert relations_in(query) == relations


def test_resolve_both_ways() -> None:
    texts = ["我表哥叫周明，在律所上班", "我同事小王说周五聚餐", "Anna is my cousin"]
    by_relation = resolve(["表哥"], [], texts)
    assert by_relation is not None and by_relation.names == {"周明"}
    by_name = resolve([], ["Anna"], texts)
    assert by_name is not None and by_name.relations == {"cousin"}
    assert resolve([], [], texts) is None


def test_a_relation_finds_what_was_said_of_the_name(memory: Memory) -> None:
    for text in [
        "我表哥叫周明，在律所上班",
        "周明又跳槽了，去了腾讯",
        "同事老王的表哥是医生",
        "晚饭吃了饺子",
    ]:
        memory.remember("u", text)
    hits = memory.recall("u", "我表哥现在在哪上班？").hits
    by_text = {hit.record.text: hit for hit in hits}
    # No word of the question is in it: only the name the user gave their cousin leads there.
    assert "周明又跳槽了，去了腾讯" in by_text
    assert "people" in by_text["周明又跳槽了，去了腾讯"].scores


@pytest.mark.parametrize(
    ("question", "bridges", "asked"),
    [
        ("开宝马3系的那个亲戚是谁？他现在住哪个城市？", True, "毛超现在住哪个城市？"),
        ("我记得在税务局上班的那个朋友，她开什么车？", True, "毛超开什么车？"),
        ("我表哥在哪上班？", False, "毛超 我表哥在哪上班？"),
    ],
)
def test_a_question_through_a_person(question: str, bridges: bool, asked: str) -> None:
    assert people.bridges(question) is bridges
    assert people.asked_of(question, "毛超") == asked


def test_names_in_a_memory() -> None:
    assert people.names_in("毛超的宝马3系被剐了一下，心疼坏了") == ["毛超"]
    assert people.names_in("I met Anna and Bob at the Louvre.") == ["Anna", "Bob", "Louvre"]


def test_the_person_found_through_one_fact_answers_the_other(memory: Memory) -> None:
    for text in [
        "我堂弟叫毛超，在郑州工作",
        "唉毛超住在郑州！",
        "毛超的宝马3系被剐了一下，心疼坏了",
        "同事老王开的是大众朗逸",
        "晚饭吃了饺子",
    ]:
        memory.remember("u", text)
    hits = memory.recall("u", "开宝马3系的那个亲戚是谁？他现在住哪个城市？").hits
    by_text = {hit.record.text: hit for hit in hits}
    assert "people" in by_text["唉毛超住在郑州！"].scores  # reached through 毛超, not the question's words


def test_a_naming_typed_in_lower_case() -> None:
    assert namings("my cousin jamal works at a bakery") == [("cousin", "Jamal")]
    by_relation = resolve(["cousin"], [], ["my cousin jamal works at a bakery"])
    assert by_relation is not None and by_relation.names == {"Jamal"}


def test_a_relation_finds_what_was_said_of_the_name_typed_small(memory: Memory) -> None:
    for text in [
        "my cousin jamal works at a bakery in town",
        "jamal quit and joined a law firm last month",
        "my neighbour's cousin is a dentist",
        "we had dumplings for dinner",
    ]:
        memory.remember("u", text)
    hits = memory.recall("u", "where does my cousin work these days?").hits
    by_text = {hit.record.text: hit for hit in hits}
    # no word of the question is in it: only the name the user gave their cousin, typed small, leads there
    assert "jamal quit and joined a law firm last month" in by_text
    assert "people" in by_text["jamal quit and joined a law firm last month"].scores


def test_the_person_found_through_one_fact_typed_small(memory: Memory) -> None:
    for text in [
        "my cousin jamal works at a bakery",
        "these days jamal lives in leeds",
        "yesterday jamal's red vespa got scratched in the car park",
        "a colleague rides a green bicycle",
        "we had dumplings for dinner",
    ]:
        memory.remember("u", text)
    hits = memory.recall("u", "the relative who rides a red vespa, which city does he live in?").hits
    by_text = {hit.record.text: hit for hit in hits}
    assert "people" in by_text["these days jamal lives in leeds"].scores  # reached through Jamal
