"""One lexicon of the people in a user's life (hindsight/relations.py), read by slots, entities and
the people route."""

from __future__ import annotations

import re

from hindsight import relations
from hindsight.recall.people import relations_in


def test_each_list_is_longest_first_so_an_alternation_takes_the_whole_word() -> None:
    for words in (
        relations.CHINESE,
        relations.ENGLISH,
        relations.HOUSEHOLD_CHINESE,
        relations.HOUSEHOLD_ENGLISH,
    ):
        assert [len(word) for word in words] == sorted((len(word) for word in words), reverse=True)
        assert len(set(words)) == len(words)
    pattern = re.compile(relations.alternation(relations.ENGLISH))
    assert pattern.match("sister-in-law")[0] == "sister-in-law"  # type: ignore[index]
    assert re.compile(relations.alternation(relations.CHINESE)).match("大学同学")[0] == "大学同学"  # type: ignore[index]


def test_the_close_circle_is_part_of_the_whole() -> None:
    assert set(relations.HOUSEHOLD_CHINESE) <= set(relations.CHINESE)
    assert set(relations.HOUSEHOLD_ENGLISH) <= set(relations.ENGLISH)
    # words said of people in general stay out of the close circle: a bare mention of them does
    # not make a statement someone else's
    assert not {"老师", "先生", "同学", "对象"} & set(relations.HOUSEHOLD_CHINESE)
    assert "best friend" in relations.ENGLISH  # a space inside a word survives the list's format


def test_a_relation_only_the_write_path_knew_is_read_in_a_question() -> None:
    assert relations_in("What does my spouse do for work?") == ["spouse"]
    assert relations_in("我爸妈现在住哪？") == ["爸妈"]
