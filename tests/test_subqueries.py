"""A question about two things is also asked once for each (issue 16, recall/subqueries.py)."""

from __future__ import annotations

import pytest

from hindsight import Memory
from hindsight.recall.subqueries import merge, sub_queries


@pytest.mark.parametrize(
    ("query", "parts"),
    [
        ("我表哥和表姐谁年纪大？", ["我表哥谁年纪大？", "表姐谁年纪大？"]),
        ("降噪耳机和吹风机哪个更贵？", ["降噪耳机哪个更贵？", "吹风机哪个更贵？"]),
        ("女儿和儿子各住在哪里？", ["女儿各住在哪里？", "儿子各住在哪里？"]),
        ("我买书桌和台灯一共花了多少钱？", ["我买书桌一共花了多少钱？", "台灯一共花了多少钱？"]),
    ],
)
def test_the_two_things_are_asked_for_each(query: str, parts: list[str]) -> None:
    assert sub_queries(query) == parts


@pytest.mark.parametrize(
    "query", ["我爸在哪？做什么？", "我和朋友去了公园", "What did Caroline and Melanie do?"]
)
def test_no_pair_no_sub_queries(query: str) -> None:
    assert sub_queries(query) == []


def test_merge_keeps_each_record_at_its_best() -> None:
    assert merge([("a", 0.9), ("b", 0.5)], [("b", 0.8), ("c", 0.1)]) == [("a", 0.9), ("b", 0.8), ("c", 0.1)]


def test_both_things_are_recalled(memory: Memory) -> None:
    facts = ["我表哥张伟今年35岁，在上海当律师。", "我表姐张敏比表哥小两岁，在杭州当老师。"]
    for index, text in enumerate([facts[0], "今天天气真好", "晚饭吃什么好呢", facts[1]]):
        memory.observe("u", f"s{index}", "user", text, f"2026-03-0{index + 1}T10:00:00")
        memory.end_session("u", f"s{index}")
    texts = [hit.record.text for hit in memory.recall("u", "我表哥和表姐谁年纪大？", top_k=2).hits]
    assert set(texts) == set(facts)
