"""Recall routes one by one (semantic, keyword, entity, temporal), then fused through the API:
query rewriting from working memory, the hot cache and its invalidation."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import MemoryRecord, Scope, Turn
from hindsight.recall import routes
from hindsight.recall.rewrite import is_vague, with_context
from hindsight.stores.base import RecordFilter
from hindsight.stores.registry import Backend
from tests.stored import add, open_store

NOW = datetime(2026, 3, 18, 12, 0)  # a Wednesday


def record(
    rid: str, text: str, when: datetime, entities: dict[str, str] | None = None, user: str = "u"
) -> MemoryRecord:
    return MemoryRecord(
        id=rid, user_id=user, tier="short", kind="fact", text=text, created_at=when, event_time=when,
        valid_from=when, entities=entities or {},
    )  # fmt: skip


@pytest.fixture
def store(tmp_path: Path) -> Backend:
    opened = open_store(tmp_path)
    yield opened  # type: ignore[misc]
    opened.close()


def where(user: str = "u") -> RecordFilter:
    return RecordFilter(scope=Scope("default", user), valid_at=NOW)


def test_semantic_route_orders_by_cosine(store: Backend) -> None:
    add(store, [record("a", "alpha", NOW), record("b", "beta", NOW)])
    store.vectors.set_vectors(["a", "b"], np.array([[1, 0], [0.6, 0.8]], dtype=np.float32), "m")
    found = routes.semantic(store.vectors, where(), np.array([0.8, 0.6], dtype=np.float32), 5)
    assert [rid for rid, _ in found] == ["b", "a"]


def test_keyword_route_is_cjk_aware(store: Backend) -> None:
    add(store, [record("a", "用户喜欢喝美式咖啡", NOW), record("b", "用户喜欢喝绿茶", NOW)])
    assert [rid for rid, _ in routes.keyword(store.keywords, where(), "美式咖啡", 5)] == ["a"]


def test_entity_route_matches_normalised_values(store: Backend) -> None:
    add(
        store,
        [
            record("a", "order one", NOW, {"order_id": "SF123456"}),
            record("b", "order two", NOW, {"order_id": "SF654321"}),
            record("c", "other user's", NOW, {"order_id": "SF123456"}, user="v"),
        ],
    )
    found = routes.entity(store.search, where(), "sf-123 456 这个订单呢", NOW, 5)
    assert found == [("a", 1.0)]
    assert routes.entity(store.search, where(), "nothing to match here", NOW, 5) == []


def test_temporal_route_keeps_the_range_most_recent_first(store: Backend) -> None:
    friday = datetime(2026, 3, 13)
    add(
        store,
        [
            record("early", "friday morning", friday + timedelta(hours=9)),
            record("late", "friday evening", friday + timedelta(hours=20)),
            record("other", "thursday", friday - timedelta(hours=5)),
        ],
    )
    found = routes.temporal(store.search, where(), "我上周五说了什么", NOW, 5)
    assert [rid for rid, _ in found] == ["late", "early"]
    assert found[0][1] > found[1][1]
    assert routes.temporal(store, where(), "what did I say about the cat", NOW, 5) == []


def test_an_id_finds_its_record_first_among_200_similar_orders(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash")
    with Memory(settings=settings, embedder=HashEmbedder()) as mem:
        for i in range(200):
            mem.remember(
                "shop",
                f"订单SF{100000 + i}的包裹还在路上，用户问什么时候到",
                entities={"order_id": f"SF{100000 + i}"},
            )
        for query in ("SF100123 这个订单", "SF100123到哪了", "where is order sf100123?", "查一下 SF-100123"):
            hits = mem.recall("shop", query, top_k=3, profile="customer_service").hits
            assert hits[0].record.entities["order_id"] == "SF100123", query
            assert hits[0].scores["entity"] == 1.0
        assert mem.recall("shop", "SF100123 这个订单").hits[0].record.entities["order_id"] == "SF100123"


def test_a_time_expression_brings_that_days_memories(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        mem.observe("u", "s1", "user", "I repotted the fern and the cactus", "2026-03-13T10:00:00")
        mem.observe("u", "s2", "user", "Went for a long run by the river", "2026-03-16T10:00:00")
        mem.observe("u", "s3", "user", "Baked sourdough bread with my sister", "2026-03-17T10:00:00")
        hits = mem.recall("u", "what happened last Friday?", now=NOW).hits
        friday = [hit for hit in hits if "repotted" in hit.record.text]
        assert friday and friday[0].scores["time"] == 1.0
        assert all("time" not in hit.scores for hit in hits if "repotted" not in hit.record.text)


def test_rewrite_expands_a_vague_query_with_the_sessions_entities() -> None:
    window = [
        Turn("1", "s", "user", "我的订单SF123456想退款", NOW),
        Turn("2", "s", "assistant", "好的，已经为您提交", NOW),
    ]
    assert is_vague("我那个退款到哪了") and is_vague("what about it?")
    assert not is_vague("Where did Caroline go to the LGBTQ support group last year?")
    rewritten = with_context("我那个退款到哪了", window, 1)
    assert rewritten.startswith("我那个退款到哪了") and "SF123456" in rewritten
    assert with_context("Where did Caroline go to the LGBTQ support group last year?", [], 1).count("\n") == 0


def test_vague_query_finds_the_order_named_earlier_in_the_session(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        for i in range(30):
            mem.remember("li", f"订单SF2000{i:02d}已经退款到原账户", entities={"order_id": f"SF2000{i:02d}"})
        mem.observe("li", "now", "user", "我之前那个订单SF200017", persist=False)
        hits = mem.recall("li", "那个退款到了吗", session_id="now").hits
        assert hits[0].record.entities["order_id"] == "SF200017"


def test_hot_cache_answers_repeats_until_a_write(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        mem.remember("u", "the spare key is under the flower pot")
        first = mem.recall("u", "where is the spare key")
        again = mem.recall("u", "where is the spare key")
        assert again.timings == {"cache": 0.0} and again.hits == first.hits
        mem.remember("u", "the spare key moved to the garage drawer")
        fresh = mem.recall("u", "where is the spare key")
        assert "cache" not in fresh.timings and len(fresh.hits) == 2
        other = mem.recall("v", "where is the spare key")  # another user's recall is never shared
        assert other.hits == []


def test_hot_cache_can_be_turned_off(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", recall_cache_ttl_s=0)
    with Memory(settings=settings, embedder=HashEmbedder()) as mem:
        mem.remember("u", "the spare key is under the flower pot")
        mem.recall("u", "spare key")
        assert "cache" not in mem.recall("u", "spare key").timings


def test_forget_and_promote_invalidate_the_cache(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        kept = mem.remember("u", "the boat is moored at pier seven").record
        assert mem.recall("u", "boat pier").hits[0].record.tier == "short"
        mem.promote(kept.id)
        assert mem.recall("u", "boat pier").hits[0].record.tier == "long"
        mem.forget(kept.id)
        assert mem.recall("u", "boat pier").hits == []


def test_keyword_route_leaves_out_the_participants_names(store: Backend) -> None:
    turns = [
        ("short", "Melanie", "Thanks!"),
        ("run", "Melanie", "I've been running farther to de-stress, which has been great for my head."),
        ("name", "Caroline", "Melanie, you are the best."),
        *((f"c{i}", "Caroline", f"Caroline's own story number {i}.") for i in range(5)),
    ]
    add(store, [replace(record(rid, text, NOW), kind="turn", role=role) for rid, role, text in turns])
    store.vectors.set_vectors([rid for rid, _, _ in turns], np.eye(len(turns), dtype=np.float32), "m")
    assert store.search.speakers(Scope("default", "u")) == {"Melanie", "Caroline"}
    query = "What does Melanie do to destress?"
    # The name alone matches: every turn Melanie spoke, the shortest first; noise, not evidence.
    plain = [rid for rid, _ in routes.keyword(store.keywords, where(), query, 5)]
    assert plain[0] == "short"
    # Without the name nothing matches "destress", and the route stays out of the fusion.
    assert routes.keyword(store.keywords, where(), query, 5, skip={"melanie", "caroline"}) == []
    # A query of nothing but a name still searches for it.
    assert routes.keyword(store.keywords, where(), "Melanie", 5, skip={"melanie"})


def test_keyword_route_reads_the_whole_working_window(tmp_path: Path) -> None:
    """The topic was named three turns back; the embedder reads only the last turn, BM25 all."""
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as mem:
        mem.remember("u", "the spare key is under the flower pot")
        for i in range(20):
            mem.remember("u", f"reminder {i}: water the plants on the balcony")
        mem.observe("u", "now", "user", "I locked myself out and need the spare key", persist=False)
        mem.observe("u", "now", "assistant", "Oh no, that is annoying.", persist=False)
        mem.observe("u", "now", "user", "Yes, really annoying.", persist=False)
        mem.observe("u", "now", "assistant", "Let us figure it out together.", persist=False)
        hits = mem.recall("u", "Where did I leave it?", session_id="now").hits
        found = [hit for hit in hits if "flower pot" in hit.record.text]
        assert found and found[0].scores.get("keyword", 0.0) > 0.0
        # Without the window the query names nothing the keyword route can match.
        alone = mem.recall("u", "Where did I leave it?").hits
        assert all(hit.scores.get("keyword", 0.0) == 0.0 for hit in alone)
