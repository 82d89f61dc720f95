"""The guard's third reading: the words themselves.

The other two readings (intent.py) see a sentence through the USE embedding, which puts an
instruction and an ordinary request close when they share a topic. Words see what the embedding
smooths away: "whoever asks", "不管谁问", "admin rights", "from now on tell everyone". Held out by
author on the tuning data, averaging the three readings refused more of a new author's poison than
the two embedding readings agreeing, at about the same share of useful inputs refused
(BENCHMARKS.md, Issue 16, tenth round).

A text is hashed into a fixed number of buckets: English words, word pairs and the four-letter
pieces of words longer than three letters ("<adm", "admi", "dmin", "min>": a typo, a word's other
form or two words run together still share most of them); Chinese characters, character pairs and
triples (no segmenter). Counted and scaled to unit length. A logistic regression over the buckets is
trained with the other readings (bench/train_guard.py). Held out by author, the pieces refused more
of a new author's poison at the same share of useful input refused (BENCHMARKS.md, Issue 16,
eleventh round)."""

from __future__ import annotations

import re
import zlib

import numpy as np
import numpy.typing as npt

BUCKETS = 4096
"""How many hashed features (out of fold, 4,096 caught as much as 32,768)."""

PIECE = 4
"""The length of a word's pieces, counting a mark at each end of the word ("<adm" is one of "admin")."""

_TOKEN = re.compile(r"[a-z0-9']+|[\u4e00-\u9fff]")


def _chinese(token: str) -> bool:
    return "\u4e00" <= token[0] <= "\u9fff"


def features(text: str) -> npt.NDArray[np.float32]:
    """The text's hashed words, pairs, English words' pieces and Chinese triples, unit length (zeros
    for no word)."""
    tokens = _TOKEN.findall(text.lower())
    keys = []
    for i, token in enumerate(tokens):
        keys.append("w:" + token)
        if len(token) > PIECE - 1 and token.isascii():
            marked = f"<{token}>"
            keys.extend("c:" + marked[j : j + PIECE] for j in range(len(marked) - PIECE + 1))
        if i + 1 < len(tokens):
            keys.append("b:" + token + " " + tokens[i + 1])
        if i + 2 < len(tokens) and all(_chinese(t) for t in tokens[i : i + 3]):
            keys.append("t:" + "".join(tokens[i : i + 3]))
    out = np.zeros(BUCKETS, dtype=np.float32)
    for key in keys:
        out[zlib.crc32(key.encode()) % BUCKETS] += 1.0
    norm = float(np.linalg.norm(out))
    return out / norm if norm else out


def matrix(texts: list[str]) -> npt.NDArray[np.float32]:
    """`features` of each text, one row each."""
    return np.stack([features(text) for text in texts]) if texts else np.zeros((0, BUCKETS), np.float32)
