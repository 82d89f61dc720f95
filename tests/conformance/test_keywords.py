"""KeywordIndex: BM25 over CJK-segmented text, kept current by RecordStore.apply; terms are text."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from hindsight.models import Scope
from hindsight.stores.registry import Backend
from hindsight.text import query_terms

from .kit import ACME_ALICE, BOB, T0, add, ids, rec, where


def test_cjk_terms(backend: Backend) -> None:
    add(
        backend,
        rec("coffee", "用户喜欢喝美式咖啡"),
        rec("tea", "用户喜欢喝绿茶"),
        rec("latte", "他昨天点了一杯拿铁咖啡"),
    )
    terms = query_terms("美式咖啡")
    assert terms
    hits = backend.keywords.search_keyword(where(), terms, 5)
    assert ids(hits)[0] == "coffee", "the record with every query term ranks first"
    assert set(ids(hits)) == {"coffee", "latte"}


def test_scores_are_positive_and_best_first(backend: Backend) -> None:
    add(
        backend,
        rec("one", "coffee"),
        rec("two", "coffee with milk and more coffee, coffee"),
        rec("none", "green tea"),
        rec("filler-1", "bread"),
        rec("filler-2", "butter"),
    )
    hits = backend.keywords.search_keyword(where(), ["coffee", "milk"], 5)
    assert ids(hits) == ["two", "one"]
    scores = [score for _, score in hits]
    assert all(score > 0 for score in scores)
    assert scores == sorted(scores, reverse=True)


def test_english_porter_stemming(backend: Backend) -> None:
    add(
        backend,
        rec("run", "I run every day"),
        rec("running", "new running shoes"),
        rec("runner", "the runner ran"),
    )
    # Porter folds run/runs/running together; "runner" and "ran" are other stems.
    for word in ("running", "run", "runs"):
        assert set(ids(backend.keywords.search_keyword(where(), [word], 5))) == {"run", "running"}, word
    assert ids(backend.keywords.search_keyword(where(), ["ran"], 5)) == ["runner"]


def test_case_insensitive(backend: Backend) -> None:
    add(backend, rec("a", "Order SF123456 shipped"))
    assert ids(backend.keywords.search_keyword(where(), ["sf123456"], 5)) == ["a"]
    assert ids(backend.keywords.search_keyword(where(), ["SHIPPED"], 5)) == ["a"]


def test_a_named_speaker_is_indexed_a_generic_role_is_not(backend: Backend) -> None:
    add(backend, rec("a", "likes jazz", role="Caroline"), rec("b", "likes rock", role="user"))
    assert ids(backend.keywords.search_keyword(where(), ["caroline"], 5)) == ["a"]
    assert backend.keywords.search_keyword(where(), ["user"], 5) == [], "generic roles are not indexed"


def test_one_users_records_of_one_tenant(backend: Backend) -> None:
    add(
        backend,
        rec("a", "espresso"),
        rec("b", "espresso", scope=BOB, tier="long"),
        rec("c", "espresso", scope=ACME_ALICE),
    )
    assert ids(backend.keywords.search_keyword(where(), ["espresso"], 5)) == ["a"]
    assert ids(backend.keywords.search_keyword(where(BOB), ["espresso"], 5)) == ["b"]
    assert ids(backend.keywords.search_keyword(where(ACME_ALICE), ["espresso"], 5)) == ["c"]
    assert backend.keywords.search_keyword(where(Scope("default", "carol")), ["espresso"], 5) == []
    assert backend.keywords.search_keyword(where(Scope("acme", "bob")), ["espresso"], 5) == []


def test_owner_names_with_spaces_punctuation_and_cjk(backend: Backend) -> None:
    odd = Scope("租户 A", 'user "x" OR y*')
    add(backend, rec("a", "espresso", scope=odd), rec("b", "espresso"))
    assert ids(backend.keywords.search_keyword(where(odd), ["espresso"], 5)) == ["a"]


def test_validity_window(backend: Backend) -> None:
    start, end = T0, T0 + timedelta(days=10)
    add(backend, rec("w", "espresso", valid_from=start, valid_until=end), rec("f", "espresso machine"))

    def found(at: datetime) -> set[str]:
        return set(ids(backend.keywords.search_keyword(where(at=at), ["espresso"], 5)))

    assert found(start - timedelta(seconds=1)) == set()
    assert found(start) == {"w", "f"}
    assert found(end - timedelta(seconds=1)) == {"w", "f"}
    assert found(end) == {"f"}


def test_tier_and_kind_filters(backend: Backend) -> None:
    add(
        backend,
        rec("s-turn", "espresso", tier="short", kind="turn"),
        rec("l-fact", "espresso", tier="long", kind="fact"),
        rec("l-pref", "espresso", tier="long", kind="preference"),
    )
    search = backend.keywords.search_keyword
    assert set(ids(search(where(tiers=("short",)), ["espresso"], 5))) == {"s-turn"}
    assert set(ids(search(where(tiers=("long",)), ["espresso"], 5))) == {"l-fact", "l-pref"}
    assert set(ids(search(where(kinds=("preference", "turn")), ["espresso"], 5))) == {"s-turn", "l-pref"}
    assert search(where(kinds=("pattern",)), ["espresso"], 5) == []


def test_k_limits_results(backend: Backend) -> None:
    add(backend, *(rec(f"r{i}", f"espresso number {i}") for i in range(6)))
    assert len(backend.keywords.search_keyword(where(), ["espresso"], 4)) == 4
    assert len(backend.keywords.search_keyword(where(), ["espresso"], 100)) == 6
    assert backend.keywords.search_keyword(where(), ["espresso"], 0) == []


def test_no_terms_find_nothing(backend: Backend) -> None:
    add(backend, rec("a", "espresso"))
    assert backend.keywords.search_keyword(where(), [], 5) == []
    assert backend.keywords.search_keyword(where(), query_terms("what is the"), 5) == []


@pytest.mark.parametrize(
    "term",
    ['say "hi"', "AND", "NOT", "c++", "*", "NEAR", "(x)", "a:b", "owner", "^x", "", " ", "a\x00b", "\x00"],
)
def test_terms_are_text_not_query_syntax(backend: Backend, term: str) -> None:
    add(backend, rec("a", 'We say "hi" and NOT bye to c++ fans'), rec("b", "unrelated", scope=BOB))
    hits = backend.keywords.search_keyword(where(), [term], 5)  # must not raise
    assert set(ids(hits)) <= {"a"}
