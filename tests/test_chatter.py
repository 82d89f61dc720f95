"""A question said inside chatter is also read alone (issue 16, recall/chatter.py)."""

from __future__ import annotations

import pytest

from hindsight.recall.chatter import lists, question_only


@pytest.mark.parametrize(
    ("query", "asking"),
    [
        ("唉今天老板又开会开到很晚，烦死了。对了，我表哥在哪上班来着？周末还得加班", "我表哥在哪上班来着？"),
        ("困死了昨晚熬夜，话说我弟叫什么名字来着", "我弟叫什么名字来着"),
        (
            "Ugh, work was long. Anyway, where does my sister live? I need to send a gift.",
            "where does my sister live?",
        ),
    ],
)
def test_the_asking_sentences(query: str, asking: str) -> None:
    assert question_only(query) == asking


@pytest.mark.parametrize(
    "query",
    [
        "我家猫几岁了？",
        "我表哥在哪上班？他结婚了吗？",
        "Where does my sister live?",
        "今天好累。明天还要上班。",
    ],
)
def test_all_question_or_no_question_reads_as_it_is(query: str) -> None:
    assert question_only(query) is None


@pytest.mark.parametrize(
    ("question", "listing"),
    [
        ("这段时间我看了几回病？", True),
        ("我买的电子设备有哪些？", True),
        ("我身边谁养了宠物？都养的啥？", True),
        ("我表哥在哪上班？", False),
        ("对啊，我每天都做了好多练习题。", False),
        ("How many times did I go to the doctor?", False),  # English lists are left alone (measured)
    ],
)
def test_a_question_that_lists(question: str, listing: bool) -> None:
    assert lists(question) is listing
