"""Budget: token counting (offline tiktoken), snippets and the top-k / token-budget cut."""

from __future__ import annotations

from datetime import datetime

import pytest

from hindsight.models import Hit, MemoryRecord
from hindsight.recall.budget import FALLBACK_TOP, SNIPPET_CHARS, apply_budget, count_tokens, snippet

T0 = datetime(2024, 1, 1)


def hit(n: int, text: str | None = None) -> Hit:
    record = MemoryRecord(
        id=f"r{n}",
        user_id="u",
        tier="short",
        kind="fact",
        text=text if text is not None else f"memory number {n} about coffee",
        created_at=T0,
        event_time=T0,
        valid_from=T0,
    )
    return Hit(record=record, score=1.0 - n / 100)


def ids(hits: list[Hit]) -> list[str]:
    return [h.record.id for h in hits]


class TestCountTokens:
    def test_english(self) -> None:
        assert count_tokens("hello world") == 2
        sentence = "The quick brown fox jumps over the lazy dog."
        assert 5 <= count_tokens(sentence) <= len(sentence.split()) + 3

    def test_chinese(self) -> None:
        text = "用户喜欢喝美式咖啡"
        tokens = count_tokens(text)
        assert 1 <= tokens <= 3 * len(text)  # a real BPE: at most a few byte tokens per character

    def test_empty(self) -> None:
        assert count_tokens("") == 0

    def test_special_token_text_is_counted_not_rejected(self) -> None:
        assert count_tokens("<|endoftext|>") > 1

    def test_longer_text_costs_more(self) -> None:
        assert count_tokens("coffee " * 50) > count_tokens("coffee " * 5)


class TestSnippet:
    def test_short_text_unchanged(self) -> None:
        text = "x" * SNIPPET_CHARS
        assert snippet(text) == text

    def test_long_text_cut_at_limit_with_ellipsis(self) -> None:
        text = "".join(chr(ord("a") + i % 26) for i in range(SNIPPET_CHARS + 50))
        cut = snippet(text)
        assert SNIPPET_CHARS == 200
        assert len(cut) == 200
        assert cut.endswith("…")
        assert cut[:-1] == text[:199]

    def test_custom_limit(self) -> None:
        assert snippet("abcdefgh", limit=5) == "abcd…"


class TestApplyBudget:
    def test_no_budget_keeps_top_k(self) -> None:
        hits = [hit(n) for n in range(10)]
        chosen, tokens = apply_budget(hits, top_k=4, token_budget=None)
        assert ids(chosen) == ["r0", "r1", "r2", "r3"]
        assert tokens == 0  # no budget, nothing counted

    def test_none_budget_means_no_cut_even_for_huge_hits(self) -> None:
        hits = [hit(n, "coffee " * 500) for n in range(5)]
        chosen, tokens = apply_budget(hits, top_k=5, token_budget=None)
        assert ids(chosen) == ["r0", "r1", "r2", "r3", "r4"]
        assert tokens == 0

    def test_tokens_are_counted_on_snippets(self) -> None:
        long_text = "word " * 1000
        _, tokens = apply_budget([hit(0, long_text)], top_k=1, token_budget=10_000)
        assert tokens == count_tokens(snippet(long_text))
        assert tokens < count_tokens(long_text)

    def test_within_budget_keeps_top_k(self) -> None:
        hits = [hit(n) for n in range(6)]
        cost = sum(count_tokens(h.record.text) for h in hits[:5])
        chosen, tokens = apply_budget(hits, top_k=5, token_budget=cost)
        assert ids(chosen) == ["r0", "r1", "r2", "r3", "r4"]
        assert tokens == cost

    def test_over_budget_falls_back_to_top_three(self) -> None:
        hits = [hit(n) for n in range(8)]
        per_hit = count_tokens(hits[0].record.text)
        assert all(count_tokens(h.record.text) == per_hit for h in hits)
        # Room for 4 hits, not for 8: the fallback is the top 3, not "as many as fit".
        chosen, tokens = apply_budget(hits, top_k=8, token_budget=4 * per_hit)
        assert FALLBACK_TOP == 3
        assert ids(chosen) == ["r0", "r1", "r2"]
        assert tokens == 3 * per_hit

    def test_then_fewer_while_top_three_do_not_fit(self) -> None:
        hits = [hit(n) for n in range(8)]
        per_hit = count_tokens(hits[0].record.text)
        chosen, tokens = apply_budget(hits, top_k=8, token_budget=2 * per_hit + 1)
        assert ids(chosen) == ["r0", "r1"]
        assert tokens == 2 * per_hit
        chosen, tokens = apply_budget(hits, top_k=8, token_budget=per_hit)
        assert ids(chosen) == ["r0"]

    def test_nothing_fits(self) -> None:
        hits = [hit(n) for n in range(3)]
        chosen, tokens = apply_budget(hits, top_k=3, token_budget=1)
        assert chosen == []
        assert tokens == 0

    def test_top_k_larger_than_hits(self) -> None:
        hits = [hit(n) for n in range(2)]
        chosen, _ = apply_budget(hits, top_k=10, token_budget=10_000)
        assert ids(chosen) == ["r0", "r1"]

    def test_empty_hits(self) -> None:
        assert apply_budget([], top_k=5, token_budget=100) == ([], 0)
        assert apply_budget([], top_k=5, token_budget=None) == ([], 0)

    @pytest.mark.parametrize("budget", [None, 10_000])
    def test_order_is_kept(self, budget: int | None) -> None:
        hits = [hit(n) for n in range(5)]
        chosen, _ = apply_budget(hits, top_k=5, token_budget=budget)
        assert chosen == hits


def test_hits_that_matched_nothing_are_not_padding(tmp_path) -> None:
    """A fused score of 0 is the worst candidate of every route that found it: recall returns fewer
    hits rather than those (they were printed as "score 0.000")."""
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder

    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        for text in ("My invoice is INV-77123", "I like green tea", "Meeting on Friday with Bob",
                     "The cat is named Tom", "Flight LH 454 to Berlin", "Dentist at 3pm"):  # fmt: skip
            memory.remember("u", text)
        hits = memory.recall("u", "invoice", top_k=10).hits
    assert hits and hits[0].record.text == "My invoice is INV-77123"
    assert all(hit.score > 0 for hit in hits) and len(hits) < 6


def test_the_weaker_of_two_matching_memories_is_still_an_answer(tmp_path) -> None:
    """With min-max scores per route, the weaker of two candidates scores 0 on each: it matched the
    query's words, so it is an answer, not padding (a newcomer's two parcels both come back)."""
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder

    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        memory.remember("li", "Li's parcel SF1234 left Shenzhen")
        memory.remember("li", "Li's parcel SF1234 arrived in Beijing")
        memory.remember("li", "Li likes green tea")
        hits = memory.recall("li", "parcel SF1234", top_k=10).hits
    texts = [hit.record.text for hit in hits]
    assert sorted(texts) == ["Li's parcel SF1234 arrived in Beijing", "Li's parcel SF1234 left Shenzhen"]
