"""Time as a filter (issue 16): an explicit range restricts the answer to the memories inside it,
ranked there by meaning and words; with nothing inside, recall falls back to all memories and
`notes["time"]` says which happened. The parser's new phrasings are measured on the corpus
(bench/time_eval.py); the test part is held here to the issue's bound."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest

from hindsight import Memory
from hindsight.recall import timefilter
from hindsight.recall.timeparse import parse_range
from tests.time_ranges import days_named

NOW = datetime(2026, 3, 18, 15, 30)  # a Wednesday
CORPUS = Path(__file__).parent / "corpora" / "time"


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        ("上个月初我买了什么", "2026-02-01", "2026-02-11"),
        ("at the end of last month we talked about the move", "2026-02-21", "2026-03-01"),
        ("上上周三", "2026-03-04", "2026-03-05"),
        ("下周三的预约", "2026-03-25", "2026-03-26"),
        ("最近一周", "2026-03-12", "2026-03-19"),
        ("the first week of February", "2026-02-01", "2026-02-08"),
        ("去年年底", "2025-11-01", "2026-01-01"),
        ("十二月二十五日", "2025-12-25", "2025-12-26"),
        ("前几天说的", "2026-03-13", "2026-03-18"),
    ],
)
def test_new_phrasings(query: str, start: str, end: str) -> None:
    found = parse_range(query, NOW)
    assert found is not None and (found.start.date().isoformat(), found.end.date().isoformat()) == (
        start,
        end,
    )


def test_the_longest_expression_at_a_place_wins_and_habits_name_no_range() -> None:
    early = parse_range("上个月初", NOW)
    assert early is not None and early.expression == "上个月初"
    assert parse_range("我周末一般干什么", NOW) is None
    assert parse_range("what do I usually do on Sundays", NOW) is None
    assert parse_range("周末说的那家店", NOW) is not None


def test_the_test_part_meets_the_issue_bound() -> None:
    with (CORPUS / "test.jsonl").open(encoding="utf-8") as lines:
        cases = [json.loads(line) for line in lines]
    right = 0
    for case in cases:
        got = days_named(case["query"], datetime.fromisoformat(case["now"])) or (None, None)
        right += got == (case["start"], case["end"])
    assert len(cases) >= 60 and right / len(cases) >= 0.95


def test_semantic_inside_ranks_only_the_records_given() -> None:
    vectors = {
        "a": np.array([1.0, 0.0], dtype=np.float32),
        "b": np.array([0.0, 1.0], dtype=np.float32),
        "c": np.array([0.6, 0.8], dtype=np.float32),
    }
    ranked = timefilter.semantic_inside(vectors, np.array([0.0, 1.0], dtype=np.float32), 2)
    assert [rid for rid, _ in ranked] == ["b", "c"]


def _diary(memory: Memory) -> None:
    days = {
        "2026-02-03T10:00:00": "Ordered a blue ceramic teapot from the garden shop",
        "2026-02-24T10:00:00": "Ordered the ceramic teapot with the bamboo handle, the one I wanted",
        "2026-03-16T10:00:00": "Called the dentist to move the appointment",
    }
    for index, (when, text) in enumerate(days.items()):
        memory.observe("u", f"s{index}", "user", text, when)
        memory.end_session("u", f"s{index}")


def test_a_memory_outside_the_range_does_not_win_on_better_words(memory: Memory) -> None:
    _diary(memory)
    answer = memory.recall("u", "上个月初 ordered the ceramic teapot with the bamboo handle", now=NOW)
    assert answer.hits and all(hit.record.event_time.day <= 10 for hit in answer.hits)
    assert "teapot" in answer.hits[0].record.text
    assert answer.notes["time"].startswith("filtered to '上个月初' = 2026-02-01..2026-02-11")
    assert answer.hits[0].scores["time"] == 1.0


def test_nothing_inside_falls_back_to_every_memory(memory: Memory) -> None:
    _diary(memory)
    answer = memory.recall("u", "what did I say about the teapot last year?", now=NOW)
    assert answer.notes["time"].startswith("fallback: nothing inside 'last year'")
    assert any("teapot" in hit.record.text for hit in answer.hits)
    assert memory.recall("u", "teapot", now=NOW).notes["time"] == "no time expression: all memories"


def test_a_range_holding_nothing_the_query_matches_falls_back(memory: Memory) -> None:
    """ "这个月…" asked weeks after the user spoke of "this month": what is inside this month is small
    talk that matches nothing, and the answer comes from all memories."""
    memory.observe("u", "s0", "user", "这个月店里营业额38万，比上个月多了5万。", "2026-01-20T10:00:00")
    memory.end_session("u", "s0")
    for day in range(2, 9):
        memory.observe("u", f"t{day}", "user", f"今天天气不错，出去走了走{day}", f"2026-03-0{day}T10:00:00")
        memory.end_session("u", f"t{day}")
    answer = memory.recall("u", "这个月营业额多少？", now=NOW)
    assert answer.notes["time"].startswith("fallback: nothing inside '这个月'")
    assert "营业额" in answer.hits[0].record.text


def test_a_vague_window_is_a_route_not_a_filter(memory: Memory) -> None:
    _diary(memory)
    answer = memory.recall("u", "最近 ordered the ceramic teapot", now=NOW)
    assert answer.notes["time"].startswith("vague '最近'")
    assert any(hit.record.event_time.month == 2 for hit in answer.hits)


def test_a_minimum_score_returns_fewer_hits_rather_than_noise(memory: Memory) -> None:
    _diary(memory)
    everything = memory.recall("u", "ceramic teapot", now=NOW, top_k=10, min_score=0.0)
    assert everything.hits and all(hit.score > 0.0 for hit in everything.hits)  # 0: matched nothing
    lowest = min(hit.score for hit in everything.hits)
    floor = memory.recall("u", "ceramic teapot", now=NOW, top_k=10, min_score=lowest + 1e-6)
    assert floor.hits and all(hit.score > lowest for hit in floor.hits)
    assert len(floor.hits) < len(everything.hits) and floor.notes["min_score"] == f"{lowest + 1e-6:g}"
