"""Text for the keyword index: CJK segmentation and query terms.

SQLite's FTS5 `unicode61` tokenizer splits on spaces and punctuation, so a run of Chinese characters
would be one giant token. Runs of CJK characters are segmented into words (rjieba, offline) and
joined with spaces before they reach the index; everything else is left to FTS5 (with the porter
stemmer for English). Queries are segmented the same way, so "美式咖啡" finds "用户喜欢喝美式咖啡".
"""

from __future__ import annotations

import re
from functools import lru_cache

_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]+")
_WORD = re.compile(r"[\w\u3400-\u4dbf\u4e00-\u9fff]+", re.UNICODE)

# Words that carry no topic: they would make every row a keyword match. Kept short on purpose:
# BM25's IDF already discounts common words; these are the ones that dominate chat turns.
_EN_STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "if",
        "then",
        "so",
        "of",
        "to",
        "in",
        "on",
        "at",
        "by",
        "for",
        "with",
        "from",
        "as",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "do",
        "does",
        "did",
        "doing",
        "have",
        "has",
        "had",
        "having",
        "i",
        "me",
        "my",
        "mine",
        "myself",
        "you",
        "your",
        "yours",
        "yourself",
        "he",
        "him",
        "his",
        "she",
        "her",
        "hers",
        "it",
        "its",
        "we",
        "us",
        "our",
        "ours",
        "they",
        "them",
        "their",
        "theirs",
        "this",
        "that",
        "these",
        "those",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "there",
        "here",
        "not",
        "no",
        "nor",
        "too",
        "very",
        "can",
        "could",
        "will",
        "would",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "just",
        "also",
        "about",
        "into",
        "over",
        "than",
        "up",
        "down",
        "out",
        "off",
        "again",
        "once",
        "all",
        "any",
        "both",
        "each",
        "few",
        "more",
        "most",
        "other",
        "some",
        "such",
        "only",
        "own",
        "same",
        "s",
        "t",
        "don",
        "didn",
        "doesn",
        "isn",
        "wasn",
        "aren",
        "weren",
        "won",
        "hasn",
        "haven",
        "let",
        "lets",
        "oh",
        "hey",
        "hi",
        "yeah",
        "yes",
        "ok",
        "okay",
        "wow",
        "really",
        "so",
        "much",
        "many",
    ]
)
_ZH_STOPWORDS = frozenset(
    [
        "的",
        "了",
        "吗",
        "呢",
        "吧",
        "啊",
        "呀",
        "哦",
        "嗯",
        "是",
        "在",
        "和",
        "与",
        "及",
        "就",
        "都",
        "也",
        "还",
        "又",
        "很",
        "太",
        "把",
        "被",
        "让",
        "给",
        "对",
        "从",
        "向",
        "这",
        "那",
        "这个",
        "那个",
        "这些",
        "那些",
        "我",
        "你",
        "他",
        "她",
        "它",
        "我们",
        "你们",
        "他们",
        "她们",
        "什么",
        "怎么",
        "怎么样",
        "为什么",
        "哪",
        "哪里",
        "哪儿",
        # Question words: a memory states, it does not ask, so these match only its chatter
        # ("晚饭吃啥好纠结" for "都养的啥？").
        "谁",
        "啥",
        "哪些",
        "哪个",
        "哪几个",
        "几",
        "多少",
        "怎样",
        "来着",
        "是不是",
        "有没有",
        "记得",
        "吗",
        "么",
        "之",
        "其",
        "而",
        "并",
        "或",
        "一个",
        "一下",
        "有",
        "没有",
        "不",
        "没",
        "会",
        "能",
        "要",
        "想",
        "说",
        "到",
        "去",
        "来",
        "上",
        "下",
        "里",
        "中",
        "着",
        "过",
        "得",
        "地",
    ]
)
STOPWORDS = _EN_STOPWORDS | _ZH_STOPWORDS


def has_cjk(text: str) -> bool:
    return _CJK_RUN.search(text) is not None


@lru_cache(maxsize=1)
def _segmenter() -> object:
    # Imported lazily: nothing loads at import time, and English-only use never pays for it.
    import rjieba

    return rjieba


def segment_cjk(run: str) -> list[str]:
    seg = _segmenter()
    words: list[str] = seg.cut(run)  # type: ignore[attr-defined]
    return [w for w in words if w.strip()]


def segment_for_index(text: str) -> str:
    """The text as the keyword index should see it: CJK runs split into space-separated words."""
    if not has_cjk(text):
        return text
    return _CJK_RUN.sub(lambda m: " " + " ".join(segment_cjk(m.group(0))) + " ", text)


def query_terms(text: str) -> list[str]:
    """Distinct, lower-cased content words of a query, in order, without stopwords."""
    terms: dict[str, None] = {}
    for token in _WORD.findall(segment_for_index(text).lower()):
        if token in STOPWORDS or (len(token) == 1 and not has_cjk(token) and not token.isdigit()):
            continue
        terms.setdefault(token, None)
    return list(terms)


_SENTENCE_END = re.compile(
    r"(?<=[。！？!?；;\n])|(?<=[.])(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bDr\.)(?<!\bSt\.)(?<!\bProf\.)"
    r"\s+(?=[A-Z\u4e00-\u9fff\"'])"
)
"""A title's full stop ("Dr. Osei", "Ms. Alvarez", "St. Mary's") ends no sentence."""


@lru_cache(maxsize=8192)
def _sentences(text: str) -> tuple[str, ...]:
    return tuple(sentence for sentence in (part.strip() for part in _SENTENCE_END.split(text)) if sentence)


def sentences(text: str) -> list[str]:
    """Sentences of Chinese or English text (split after 。！？!?；; and ". " before a capital)."""
    return list(_sentences(text))
