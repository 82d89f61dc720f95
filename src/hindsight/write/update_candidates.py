"""Which of a user's earlier statements a judge that reads (the LLM update judge, llm_updates.py) is
shown beside a new one.

Why not the pair model's order alone: it was trained to say whether a pair *is* an update, so it
ranks the statement an update replaces below others whenever the update reads unlike the ones it
learned from. The order here fuses three (reciprocal ranks, `FUSION_K`): the pair model's
probability, the USE cosine, and the words the two share weighted by how rarely the user said them
(a name said once before - "Optus", "随手记", "公积金" - ties an update to what it replaces when
nothing else does).

Why every statement that says something is judged: until the forty-eighth round a statement with no
word of change was judged only beside statements on its topic (topics.py), and a third of the
updates the four newest tuning authors wrote were never shown to the LLM at all ("RIP the Civic...
picked up a used RAV4", "随手记广告太多了，把账全导到钱迹了", "scale said 76.4 this morning!!!"). Gates tried
on the way (a rare word shared, the same attribute by a classifier over 76 personal attributes) still
called for 79-99 % of the tuning chat files' user statements (BENCHMARKS.md, forty-eighth round), so
the saving was not worth the updates they lost. Small talk with no content word ("haha ok") costs no
call.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from hindsight.write import updates

SHOWN = 8
"""How many earlier statements the LLM reads: the fused order's first."""
FUSION_K = 10
"""The reciprocal-rank constant: each order adds 1 / (FUSION_K + its rank)."""


def _ranks(scores: npt.NDArray[np.float64]) -> npt.NDArray[np.int64]:
    """Each item's place when sorted best first (0 is the best; ties keep their order)."""
    order = np.argsort(-scores, kind="stable")
    ranks = np.empty(len(scores), dtype=np.int64)
    ranks[order] = np.arange(len(scores))
    return ranks


@lru_cache(maxsize=8192)  # each earlier statement is read again for every later one
def _words(text: str) -> frozenset[str]:
    """The pair features' content words without a sentence's full stop or a possessive's 's ("Noah."
    and "Noah's" are "noah"); the pair model was trained on them as they are, so they stay so there."""
    return frozenset(word.rstrip(".").removesuffix("'s") for word in updates.content_words(text))


def _shared_words(new: str, earlier: Sequence[str]) -> npt.NDArray[np.float64]:
    """The words `new` shares with each earlier statement, each weighted by how rarely the user said
    it (its inverse document frequency over `earlier`)."""
    said = [_words(text) for text in earlier]
    counts = Counter(word for words in said for word in words)
    asked = _words(new)
    return np.array([sum(math.log(1 + len(said) / counts[word]) for word in asked & words) for words in said])


def shown(new: str, earlier: Sequence[str], most: int = SHOWN) -> list[updates.Match]:
    """The earlier statements to show a judge beside `new`, best first."""
    if not earlier or not worth_reading(new):
        return []
    scored = updates.scored(new, earlier)
    fused = (
        1.0 / (FUSION_K + _ranks(scored.probabilities))
        + 1.0 / (FUSION_K + _ranks(scored.cosines.astype(np.float64)))
        # the words first, the cosine between statements sharing as much
        + 1.0 / (FUSION_K + _ranks(_shared_words(new, earlier) + 1e-3 * scored.cosines))
    )
    # No statement is left out as a repeat (updates.is_repeat, the pair model's rule): "Physio session
    # is on Tuesday." -> "The physio session moved to Thursday." changes one word, and a reader tells
    # a repeat from a change.
    chosen = [int(i) for i in np.argsort(-fused, kind="stable")[:most]]
    return [updates.Match(i, float(scored.probabilities[i]), float(scored.cosines[i])) for i in chosen]


def worth_reading(text: str) -> bool:
    """Whether a statement may update anything: it says something (a content word; "haha ok" does
    not). Cheap: the earlier statements are read only if so."""
    return bool(_words(text))
