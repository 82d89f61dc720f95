"""The PostgreSQL keyword index of a large memory: the search over each term's best postings
(keywords._TOP_SEARCH) against full scoring, and the indexes migration 5 gives it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import psycopg
import pytest

from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.base import Change, Scored
from hindsight.stores.postgres import keywords
from hindsight.stores.registry import Backend, open_backend

from .conformance.backends import _postgres_schema, engine_url
from .conformance.kit import BOB, T0, rec, where

WORDS = ["espresso", "latte", "mocha", "tea", "cocoa"]


@pytest.fixture
def store_url(tmp_path: Path) -> Iterator[str]:
    with _postgres_schema(tmp_path) as url:
        yield url


@pytest.fixture
def backend(tmp_path: Path, store_url: str) -> Iterator[Backend]:
    opened = open_backend(Settings(home=tmp_path, store=store_url, embedder="hash"), LruCache(4))
    try:
        yield opened
    finally:
        opened.close()


def _fill(backend: Backend) -> None:
    """60 memories of Alice's over five words, of varied lengths and repetitions, some closed or long
    term; Bob's hold the same words, and enough others that no query word is in half the tenant's
    memories (a large memory's search leaves those out, as a memory of PRUNE_FROM_DOCS does)."""
    records = []
    for i in range(60):
        words = [WORDS[(i * j) % 5] for j in range(1, 2 + i % 4)] + ["filler"] * (i % 9)
        records.append(
            rec(
                f"a{i}",
                " ".join(words),
                tier="long" if i % 5 == 0 else "short",
                valid_until=T0 + timedelta(hours=1) if i % 11 == 0 else None,
            )
        )
    records += [rec(f"b{i}", "espresso latte mocha", scope=BOB) for i in range(5)]
    records += [rec(f"c{i}", "cocoa", scope=BOB) for i in range(100)]
    backend.records.apply(Change(add=records))


def _full(backend: Backend, **filters: object) -> Scored:
    return backend.keywords.search_keyword(where(**filters), ["espresso", "mocha", "tea"], 8)  # type: ignore[arg-type]


def _large(backend: Backend, monkeypatch: pytest.MonkeyPatch, **filters: object) -> Scored:
    with monkeypatch.context() as patch:
        patch.setattr(keywords, "TOP_POSTINGS_FROM_DOCS", 50)  # Alice's 60 memories are "large"
        return _full(backend, **filters)


def _rounded(hits: Scored) -> list[tuple[str, float]]:
    return [(rid, round(score, 9)) for rid, score in hits]


@pytest.mark.parametrize(
    "filters", [{}, {"tiers": ("long",)}, {"tiers": ("short",)}, {"at": T0 + timedelta(minutes=5)}]
)
def test_with_every_posting_in_budget_a_large_memory_ranks_as_full_scoring_does(
    backend: Backend, monkeypatch: pytest.MonkeyPatch, filters: dict[str, object]
) -> None:
    _fill(backend)
    full = _full(backend, **filters)
    assert full and all(rid.startswith("a") for rid, _ in full)
    assert _rounded(_large(backend, monkeypatch, **filters)) == _rounded(full)


def test_a_tight_budget_reads_the_highest_impact_postings_first(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend.records.apply(
        Change(
            add=[
                rec("short", "espresso"),
                rec("repeated", "espresso espresso espresso filler filler"),
                *(rec(f"long{i}", "espresso " + "filler " * (8 + i)) for i in range(40)),
            ]
        )
    )
    monkeypatch.setattr(keywords, "TOP_POSTINGS_FROM_DOCS", 10)
    monkeypatch.setattr(keywords, "POSTINGS_READ", 2)
    monkeypatch.setattr(keywords, "RESCORED", 2)
    found = backend.keywords.search_keyword(where(), ["espresso"], 2)
    assert [rid for rid, _ in found] == ["repeated", "short"], "the highest-impact postings, in BM25 order"


def test_when_the_filter_leaves_too_few_of_the_read_postings_every_posting_is_scored(
    backend: Backend, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend.records.apply(
        Change(
            add=[
                *(rec(f"s{i}", "espresso") for i in range(30)),
                rec("l1", "espresso " + "filler " * 20, tier="long"),
            ]
        )
    )
    monkeypatch.setattr(keywords, "TOP_POSTINGS_FROM_DOCS", 10)
    monkeypatch.setattr(keywords, "POSTINGS_READ", 5)
    monkeypatch.setattr(keywords, "RESCORED", 5)
    found = backend.keywords.search_keyword(where(tiers=("long",)), ["espresso"], 3)
    assert [rid for rid, _ in found] == ["l1"], "the long-term record is below every cut, found all the same"


def test_migration_5_keyword_indexes_cover_their_searches_entity_values_are_indexed_with_their_owner(
    backend: Backend, store_url: str
) -> None:
    url = engine_url("HINDSIGHT_TEST_POSTGRES_URL")
    schema = store_url.rsplit("schema=", 1)[1]
    with psycopg.connect(url, autocommit=True) as conn:
        indexes = dict(
            conn.execute(
                "SELECT indexname, indexdef FROM pg_indexes "
                "WHERE schemaname = %s AND tablename = 'keyword_terms'",
                (schema,),
            ).fetchall()
        )
        entity_indexes = dict(
            conn.execute(
                "SELECT c.relname, c.reloptions FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s "
                "AND c.relname IN ('records_entity_values', 'records_owned_entity_values', "
                "'records_entities')",
                (schema,),
            ).fetchall()
        )
    assert "INCLUDE (record_id, tf, doc_len)" in indexes["keyword_terms_impact"]
    assert "INCLUDE (term, tf, doc_len)" in indexes["keyword_terms_record_terms"]
    assert "keyword_terms_record" not in indexes
    assert entity_indexes == {
        "records_owned_entity_values": ["fastupdate=off"],
        "records_entities": ["fastupdate=off"],
    }, "the owner's values in one index, no pending lists"
