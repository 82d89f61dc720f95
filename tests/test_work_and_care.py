"""Slots of a user's work and care (write/work_and_care.py): the frames that state an employer, a
job title, a manager or a carer, or a switch to a new one; someone else's news is not the user's."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.models import Turn
from hindsight.write import slots
from hindsight.write.extract import OWN_LIFE_SLOTS, RuleExtractor
from tests.days_apart import current_turns

KINDS = ("employer", "job_title", "manager", "care")


def _found(sentence: str) -> list[tuple[str, str, str]]:
    return [(a, s, v) for a, s, v, _ in slots.find(sentence) if a in KINDS]


@pytest.mark.parametrize(
    ("sentence", "expected"),
    [
        ("I work at Hartwell Logistics, mostly night shifts.", ("employer", "", "Hartwell Logistics")),
        ("Started at Brightline Freight on Monday!!", ("employer", "", "Brightline Freight")),
        ("Started a new job at Globex this week!", ("employer", "", "Globex")),
        ("I joined Globex as a data analyst", ("employer", "", "Globex")),
        ("我现在在Shopee上班了", ("employer", "", "Shopee")),
        ("跳槽了，下周一去字节报到，紧张死了。", ("employer", "", "字节")),
        ("I'm a junior analyst on the pricing team.", ("job_title", "", "junior analyst")),
        ("Guess who got promoted — senior analyst as of this morning", ("job_title", "", "senior analyst")),
        ("转正啦！title变成产品经理了", ("job_title", "", "产品经理")),
        ("My manager is Priya Nandakumar.", ("manager", "", "Priya Nandakumar")),
        ("Reorg happened, so I report to Tom Ellery these days.", ("manager", "", "Tom Ellery")),
        ("组织架构调整，我现在汇报给陈姐了", ("manager", "", "陈姐")),
        ("My dentist is Dr. Okafor on Elm Street.", ("care", "dentist", "Dr. Okafor")),
        ("Dr Moss retired, I've been assigned to Dr. Samir Haddad", ("care", "", "Dr. Samir Haddad")),
        ("我看牙一直找瑞尔的王医生。", ("care", "dentist", "王")),
    ],
)
def test_a_frame_states_the_slot(sentence: str, expected: tuple[str, str, str]) -> None:
    assert _found(sentence) == [expected]


@pytest.mark.parametrize(
    "sentence",
    [
        "I joined Twitter in 2010",  # joined, with no work said
        "I'm no writer like you",
        "I had lunch with a recruiter from Meta today",
        "I'm now seeing Tom from the gym",  # anyone: only a doctor's title says care
        "The kids see Dr Chang, the paediatric dentist.",  # not the user
        "我在医院上夜班。",  # a kind of place, not an employer
        "前同事郭子健跳槽去了京东，做供应链管理。",  # someone else's news
        "我高中同学从老单位出来了，入职协和医院，岗位是护士",
        "周嘉琪上周去协和医院报到了，还是干医生",
    ],
)
def test_no_slot_of_the_users_where_none_is_said(sentence: str) -> None:
    assert [found for found in _found(sentence) if ":" not in found[1]] == []


def test_a_new_employer_or_carer_closes_the_old_one(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", recall_cache_ttl_s=0)
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        job = current_turns(
            memory, "a", ["I work at Hartwell Logistics.", "Started at Brightline Freight on Monday!!"]
        )
        gp = current_turns(
            memory,
            "b",
            ["My GP is Dr. Harriet Moss.", "Dr Moss retired, I've been assigned to Dr. Samir Haddad"],
        )
        kept = current_turns(memory, "c", ["My dentist is Dr Lewis.", "My GP is Dr. Harriet Moss."])
    assert job == {turn_record_id("a", "t1")}
    assert gp == {turn_record_id("b", "t1")}
    assert kept == {turn_record_id("c", "t0"), turn_record_id("c", "t1")}  # another kind of care


def test_named_speakers_have_no_slots_of_their_own_life() -> None:
    """In a conversation between named people each has a job: one memory holds them all, so a
    speaker's new title must not close another's (the slots are left out there)."""
    at = datetime(2026, 10, 1, 10, 0)
    turns = [
        Turn("t1", "s", "John", "I'm an assistant manager now!", at),
        Turn("t2", "s", "Maria", "I work at Hartwell Logistics.", at),
    ]
    assert not [f for f in RuleExtractor().extract(turns).facts if f.attribute in OWN_LIFE_SLOTS]
    alone = [Turn("t1", "s", "user", "I'm an assistant manager now!", at)]
    assert [f.attribute for f in RuleExtractor().extract(alone).facts] == ["job_title"]
