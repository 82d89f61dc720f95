"""The benchmark format (bench.dataset.load) and its scoring (bench.metrics)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hindsight.bench.dataset import Haystack, Item, Question, load
from hindsight.bench.metrics import Tally, dedupe, evidence_at_k, percentile
from hindsight.errors import BenchFormatError


def haystack(**overrides: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": "h1",
        "lang": "en",
        "items": [
            {"id": "i1", "text": "I adopted a cat named Miso.", "speaker": "Caroline", "time": "2024-05-08"},
            {"id": 2, "text": "用户喜欢喝美式咖啡", "session": "s2"},
        ],
        "questions": [
            {
                "id": "q1",
                "question": "What is the cat called?",
                "evidence": ["i1"],
                "category": "single-hop",
                "context": ["we talked about pets"],
                "time": "2024-06-01",
                "answer": "Miso",
            },
            {"id": 7, "question": "喝什么?", "evidence": [2, "i1"]},
        ],
    }
    base.update(overrides)
    return base


def write_jsonl(path: Path, *lines: object) -> Path:
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line, ensure_ascii=False) for line in lines)
        + "\n",
        encoding="utf-8",
    )
    return path


@pytest.fixture
def bench_file(tmp_path: Path) -> Path:
    return tmp_path / "bench.jsonl"


# -- load: valid files --------------------------------------------------------------------------


def test_valid_file_parses(bench_file: Path) -> None:
    write_jsonl(bench_file, haystack(), "", "   ", haystack(id=42, lang=None))
    loaded = load(bench_file)

    assert len(loaded) == 2
    first = loaded[0]
    assert isinstance(first, Haystack)
    assert first.id == "h1" and first.lang == "en"
    assert first.items == (
        Item(
            id="i1", text="I adopted a cat named Miso.", speaker="Caroline", time="2024-05-08", session=None
        ),
        Item(id="2", text="用户喜欢喝美式咖啡", speaker=None, time=None, session="s2"),
    )
    assert first.questions[0] == Question(
        id="q1",
        question="What is the cat called?",
        evidence=("i1",),
        category="single-hop",
        context=("we talked about pets",),
        time="2024-06-01",
        answer="Miso",
    )
    defaults = first.questions[1]
    assert defaults.id == "7"
    assert defaults.evidence == ("2", "i1"), "evidence ids are strings, like item ids"
    assert defaults.category == "all"
    assert defaults.context == ()
    assert defaults.time is None and defaults.answer is None
    assert loaded[1].id == "42" and loaded[1].lang is None


def test_numeric_answer_becomes_text(bench_file: Path) -> None:
    question = {"id": "q", "question": "How many?", "evidence": ["i1"], "answer": 3}
    write_jsonl(bench_file, haystack(questions=[question]))
    assert load(bench_file)[0].questions[0].answer == "3"


def test_empty_items_and_questions_are_allowed(bench_file: Path) -> None:
    write_jsonl(bench_file, haystack(items=[], questions=[]))
    (only,) = load(bench_file)
    assert only.items == () and only.questions == ()


# -- load: errors -------------------------------------------------------------------------------


def load_error(path: Path) -> str:
    with pytest.raises(BenchFormatError) as info:
        load(path)
    return str(info.value)


def test_not_json_names_the_line(bench_file: Path) -> None:
    write_jsonl(bench_file, haystack(), "{this is not json")
    message = load_error(bench_file)
    assert "bench.jsonl line 2" in message
    assert "not JSON" in message


def test_blank_lines_still_count_for_line_numbers(bench_file: Path) -> None:
    write_jsonl(bench_file, haystack(), "", "[1, 2]")
    message = load_error(bench_file)
    assert "line 3" in message
    assert "must be a JSON object" in message


def test_missing_items(bench_file: Path) -> None:
    bad = haystack()
    del bad["items"]
    write_jsonl(bench_file, bad)
    message = load_error(bench_file)
    assert "line 1" in message
    assert "missing field 'items'" in message


def test_missing_questions(bench_file: Path) -> None:
    bad = haystack()
    del bad["questions"]
    write_jsonl(bench_file, haystack(), bad)
    assert "line 2: missing field 'questions'" in load_error(bench_file)


def test_question_without_evidence(bench_file: Path) -> None:
    bad = haystack(questions=[{"id": "q1", "question": "Why?"}])
    write_jsonl(bench_file, bad)
    message = load_error(bench_file)
    assert "line 1, question 0" in message
    assert "missing field 'evidence'" in message


def test_item_without_text_names_the_item(bench_file: Path) -> None:
    bad = haystack(items=[{"id": "i1", "text": "ok"}, {"id": "i2"}])
    write_jsonl(bench_file, bad)
    message = load_error(bench_file)
    assert "line 1, item 1" in message
    assert "missing field 'text'" in message


def test_blank_item_text(bench_file: Path) -> None:
    write_jsonl(bench_file, haystack(items=[{"id": "i1", "text": "   "}]))
    assert "item text is empty" in load_error(bench_file)


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"items": {"i1": "text"}}, "field 'items' has the wrong type (dict)"),
        ({"questions": "q1"}, "field 'questions' has the wrong type (str)"),
        ({"id": 1.5}, "field 'id' has the wrong type (float)"),
        ({"id": None}, "field 'id' has the wrong type (NoneType)"),
        ({"lang": 5}, "field 'lang' must be a string"),
        ({"items": ["just text"]}, "item 0: an item must be an object"),
        ({"items": [{"id": "i", "text": 3}]}, "item 0: field 'text' has the wrong type (int)"),
        ({"items": [{"id": "i", "text": "t", "speaker": 1}]}, "item 0: field 'speaker' must be a string"),
        ({"questions": [["q"]]}, "question 0: a question must be an object"),
        (
            {"questions": [{"id": "q", "question": "?", "evidence": "i1"}]},
            "question 0: field 'evidence' has the wrong type (str)",
        ),
        (
            {"questions": [{"id": "q", "question": 5, "evidence": []}]},
            "question 0: field 'question' has the wrong type (int)",
        ),
        (
            {"questions": [{"id": "q", "question": "?", "evidence": [], "context": "x"}]},
            "question 0: context must be a list of strings",
        ),
        (
            {"questions": [{"id": "q", "question": "?", "evidence": [], "context": [1]}]},
            "question 0: context must be a list of strings",
        ),
        (
            {"questions": [{"id": "q", "question": "?", "evidence": [], "category": 1}]},
            "question 0: field 'category' must be a string",
        ),
    ],
)
def test_wrong_types(bench_file: Path, overrides: dict[str, Any], expected: str) -> None:
    write_jsonl(bench_file, haystack(), haystack(**overrides))
    message = load_error(bench_file)
    assert "bench.jsonl line 2" in message
    assert expected in message


def test_empty_file(bench_file: Path) -> None:
    bench_file.write_text("", encoding="utf-8")
    message = load_error(bench_file)
    assert "no haystacks" in message
    assert str(bench_file) in message


def test_whitespace_only_file(bench_file: Path) -> None:
    bench_file.write_text("\n   \n\n", encoding="utf-8")
    assert "no haystacks" in load_error(bench_file)


def test_missing_file(tmp_path: Path) -> None:
    missing = tmp_path / "nope.jsonl"
    message = load_error(missing)
    assert "no such file" in message
    assert str(missing) in message


def test_not_utf8(bench_file: Path) -> None:
    bench_file.write_bytes(b"\xff\xfe\x00garbage")
    assert "cannot be read as UTF-8 text" in load_error(bench_file)


def test_bench_format_error_is_a_hindsight_error() -> None:
    from hindsight.errors import HindsightError

    assert issubclass(BenchFormatError, HindsightError)


# -- metrics ------------------------------------------------------------------------------------


def test_dedupe_keeps_first_occurrence_order() -> None:
    assert dedupe(["b", "a", "b", "c", "a"]) == ["b", "a", "c"]
    assert dedupe([]) == []


class TestEvidenceAtK:
    def test_all_found(self) -> None:
        assert evidence_at_k(["e1", "x", "e2"], ["e1", "e2"], 3) == (1.0, True, True)

    def test_partly_found(self) -> None:
        assert evidence_at_k(["e1", "x", "e2"], ["e1", "e2"], 2) == (0.5, True, False)

    def test_none_found(self) -> None:
        assert evidence_at_k(["x", "y"], ["e1"], 5) == (0.0, False, False)

    def test_duplicates_do_not_use_up_k(self) -> None:
        # The same item recalled twice (e.g. via two memories) counts once against k.
        assert evidence_at_k(["x", "x", "x", "e1"], ["e1"], 2) == (1.0, True, True)

    def test_duplicate_evidence_counts_once(self) -> None:
        assert evidence_at_k(["e1"], ["e1", "e1"], 1) == (1.0, True, True)

    def test_k_larger_than_ranking(self) -> None:
        assert evidence_at_k(["e1"], ["e1", "e2"], 100) == (0.5, True, False)


class TestTally:
    def test_averages_per_category_and_all(self) -> None:
        tally = Tally(ks=(1, 3))
        tally.add("single-hop", ["e1", "x", "y"], ["e1"])  # found at rank 1
        tally.add("single-hop", ["x", "y", "e1"], ["e1"])  # found at rank 3
        tally.add("multi-hop", ["a", "x", "y"], ["a", "b"])  # half found

        averages = tally.averages()

        assert set(averages) == {"single-hop", "multi-hop", "all"}
        assert averages["single-hop"] == pytest.approx(
            {"n": 2.0, "ev@1": 0.5, "any@1": 0.5, "all@1": 0.5, "ev@3": 1.0, "any@3": 1.0, "all@3": 1.0}
        )
        assert averages["multi-hop"] == pytest.approx(
            {"n": 1.0, "ev@1": 0.5, "any@1": 1.0, "all@1": 0.0, "ev@3": 0.5, "any@3": 1.0, "all@3": 0.0}
        )
        assert averages["all"] == pytest.approx(
            {
                "n": 3.0,
                "ev@1": (1.0 + 0.0 + 0.5) / 3,
                "any@1": 2 / 3,
                "all@1": 1 / 3,
                "ev@3": (1.0 + 1.0 + 0.5) / 3,
                "any@3": 1.0,
                "all@3": 2 / 3,
            }
        )

    def test_empty_tally(self) -> None:
        assert Tally(ks=(1, 5)).averages() == {}

    def test_default_category_is_counted_once(self) -> None:
        tally = Tally(ks=(1,))
        tally.add("all", ["e1"], ["e1"])
        tally.add("single-hop", ["x"], ["e1"])
        averages = tally.averages()
        assert averages["all"]["n"] == 2.0
        assert averages["all"]["ev@1"] == pytest.approx(0.5)


class TestPercentile:
    def test_empty(self) -> None:
        assert percentile([], 50) == 0.0

    def test_single_value(self) -> None:
        assert percentile([7.0], 0) == 7.0
        assert percentile([7.0], 99) == 7.0

    def test_nearest_rank_on_sorted_values(self) -> None:
        values = [float(v) for v in range(100, 0, -1)]  # 100..1, unsorted input
        assert percentile(values, 0) == 1.0
        assert percentile(values, 100) == 100.0
        assert percentile(values, 50) == 51.0  # index round(0.5 * 99) == 50
        assert percentile(values, 95) == 95.0
        assert percentile(values, 99) == 99.0

    def test_out_of_range_q_is_clamped(self) -> None:
        values = [3.0, 1.0, 2.0]
        assert percentile(values, -10) == 1.0
        assert percentile(values, 250) == 3.0

    def test_does_not_modify_input(self) -> None:
        values = [3.0, 1.0, 2.0]
        percentile(values, 50)
        assert values == [3.0, 1.0, 2.0]
