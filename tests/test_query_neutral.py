"""The embedder reads a recall query with the conversation's participants named neutrally."""

from __future__ import annotations

from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.recall.rewrite import neutralize_participants
from tests.helpers import RecordingEmbedder

PEOPLE = {"Caroline", "Melanie"}


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What activities does Melanie partake in?", "What activities does a person partake in?"),
        ("What is Caroline's identity?", "What is a person's identity?"),
        ("what did melanie paint last week", "what did a person paint last week"),
        ("Did Caroline and Melanie go camping?", "Did a person and a person go camping?"),
        ("Caroline喜欢什么运动", "某人喜欢什么运动"),
    ],
)
def test_participants_become_a_neutral_referent(query: str, expected: str) -> None:
    assert neutralize_participants(query, PEOPLE) == expected


def test_chinese_names_and_the_longest_name_first() -> None:
    assert neutralize_participants("小明上周去哪儿了", {"小明"}) == "某人上周去哪儿了"
    assert neutralize_participants("Where did Anna go?", {"Ann", "Anna"}) == "Where did a person go?"


def test_a_name_is_matched_as_written_unless_the_query_has_one_case() -> None:
    people = {"Will", "Caroline"}
    assert neutralize_participants("What will Caroline bring?", people) == "What will a person bring?"
    assert neutralize_participants("What did Will bring?", people) == "What did a person bring?"
    assert neutralize_participants("what did will bring", people) == "what did a person bring"
    assert neutralize_participants("WHAT DID CAROLINE BRING", people) == "WHAT DID a person BRING"


def test_a_name_inside_another_word_is_not_a_name() -> None:
    assert neutralize_participants("Is Alice an ally of Alan?", {"Al"}) == "Is Alice an ally of Alan?"
    assert neutralize_participants("What did J.R. say?", {"J.R."}) == "What did a person say?"


def test_generic_roles_and_name_only_queries_are_left_alone() -> None:
    assert neutralize_participants("what did the assistant recommend?", {"user", "assistant"}) == (
        "what did the assistant recommend?"
    )
    assert neutralize_participants("Caroline", PEOPLE) == "Caroline"
    assert neutralize_participants("Caroline and Melanie?", PEOPLE) == "Caroline and Melanie?"
    assert neutralize_participants("Where is the key?", set()) == "Where is the key?"


def test_recall_embeds_the_neutral_query_and_keeps_the_answer(tmp_path: Path) -> None:
    embedder = RecordingEmbedder()
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=embedder) as mem:
        mem.observe(
            "conv",
            "s1",
            "user",
            "I went to a pottery class yesterday",
            "2026-03-01T10:00:00",
            speaker="Caroline",
        )
        mem.observe(
            "conv",
            "s1",
            "user",
            "Wow Caroline, pottery sounds relaxing!",
            "2026-03-01T10:01:00",
            speaker="Melanie",
        )
        mem.end_session("conv", "s1")
        answer = mem.recall("conv", "What class did Caroline take?", now="2026-03-02T10:00:00")
    assert embedder.queries[-1] == "What class did a person take?"
    assert answer.query == "What class did Caroline take?"
    assert any("pottery class" in hit.record.text for hit in answer.hits)
