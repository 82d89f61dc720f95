"""Text for the keyword index: CJK segmentation, query terms and stopwords."""

from __future__ import annotations

import pytest

from hindsight.text import STOPWORDS, has_cjk, query_terms, segment_cjk, segment_for_index


def index_tokens(text: str) -> list[str]:
    """Roughly what FTS5's unicode61 tokenizer sees: whitespace-separated, lower-cased words."""
    return segment_for_index(text).lower().split()


class TestHasCjk:
    @pytest.mark.parametrize("text", ["美式咖啡", "hello 世界", "東京", "こんにちは", "안녕하세요"])
    def test_detects_cjk(self, text: str) -> None:
        assert has_cjk(text)

    @pytest.mark.parametrize("text", ["", "hello world", "café naïve", "123 !?"])
    def test_no_cjk(self, text: str) -> None:
        assert not has_cjk(text)


class TestSegmentForIndex:
    def test_chinese_run_is_split_into_words(self) -> None:
        tokens = index_tokens("用户喜欢喝美式咖啡")
        assert len(tokens) > 1, "a CJK run must not reach FTS5 as one giant token"
        assert "".join(tokens) == "用户喜欢喝美式咖啡", "segmentation must not drop or add characters"
        assert "咖啡" in tokens

    def test_segment_cjk_drops_blank_words(self) -> None:
        words = segment_cjk("用户喜欢喝美式咖啡")
        assert words
        assert all(word.strip() == word and word for word in words)

    @pytest.mark.parametrize(
        "text", ["I like running in the park", "Order SF123456 shipped!", "", "   spaced   out  "]
    )
    def test_english_passes_through_unchanged(self, text: str) -> None:
        assert segment_for_index(text) == text

    def test_mixed_text_keeps_english_words_and_splits_chinese(self) -> None:
        tokens = index_tokens("Hello 世界, 我喜欢Python编程")
        assert "hello" in tokens
        assert "python" in tokens  # the CJK run around it is split off, not glued to it
        assert "编程" in tokens
        assert "喜欢" in tokens

    def test_punctuation_is_kept_outside_cjk_runs(self) -> None:
        out = segment_for_index("咖啡,茶")
        assert "," in out
        assert out.split(",")[0].strip() == "咖啡"
        assert out.split(",")[1].strip() == "茶"


class TestQueryTerms:
    def test_chinese_query_terms_are_found_in_index_text(self) -> None:
        terms = query_terms("美式咖啡")
        assert terms, "a content query must produce terms"
        tokens = set(index_tokens("用户喜欢喝美式咖啡"))
        for term in terms:
            assert term in tokens, f"query term {term!r} is not a token of the indexed text {tokens}"

    def test_chinese_query_in_a_sentence_shares_terms_with_the_index(self) -> None:
        terms = query_terms("我想喝一杯美式咖啡")
        assert "我" not in terms  # stopword
        assert set(terms) & set(index_tokens("用户喜欢喝美式咖啡"))

    def test_english_terms_lowercased_without_stopwords(self) -> None:
        assert query_terms("I like Running in the Park") == ["like", "running", "park"]

    def test_terms_are_distinct_and_in_order(self) -> None:
        assert query_terms("coffee tea coffee TEA milk") == ["coffee", "tea", "milk"]

    def test_single_latin_letters_are_dropped_but_digits_and_cjk_kept(self) -> None:
        terms = query_terms("x 7 喝")
        assert "x" not in terms
        assert "7" in terms
        assert "喝" in terms

    def test_only_stopwords_gives_no_terms(self) -> None:
        assert query_terms("what is the") == []
        assert query_terms("我的是") == []
        assert query_terms("") == []
        assert query_terms("?!. ,") == []

    def test_mixed_query(self) -> None:
        terms = query_terms("我喜欢Python编程")
        assert terms == ["喜欢", "python", "编程"]

    def test_punctuation_is_not_part_of_a_term(self) -> None:
        assert query_terms("order #SF123456, please!") == ["order", "sf123456", "please"]


class TestStopwords:
    @pytest.mark.parametrize("word", ["the", "and", "is", "you", "的", "了", "我", "什么"])
    def test_common_words_are_stopwords(self, word: str) -> None:
        assert word in STOPWORDS

    @pytest.mark.parametrize("word", ["coffee", "python", "咖啡", "喜欢", "订单"])
    def test_content_words_are_not(self, word: str) -> None:
        assert word not in STOPWORDS

    def test_stopwords_are_lowercase(self) -> None:
        assert all(word == word.lower() for word in STOPWORDS)
