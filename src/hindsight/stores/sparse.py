"""BM25 over one user's memories in process memory, for a backend whose keyword engine scans every
match (SQLite's FTS5 computes bm25 for each matching row before it keeps the best: ~200 ms for a
common word at 100,000 memories): term -> the ordinals of the documents holding it and their term
frequencies, as numpy arrays; a search scores only the query's terms.

The score is FTS5's bm25 (k1 1.2, b 0.75, idf log((N - n + 0.5) / (n + 0.5)) floored at 1e-6, each
query term a phrase of its own, a document's length counted with `extra` tokens more - the owner
column's one token on SQLite) with N, n and the average length of a wider corpus when the backend
gives them (`Statistics`: the tenant's, as the PostgreSQL store counts them), else the user's own.
A store holding one tenant ranks exactly as FTS5 ranks it.

A term in half or more of the user's memories gets the floor idf: it moves a score by less than
FLOOR_IDF * (k1 + 1), so it is scored only for the documents the other terms found (and for all only
when those are too few, `Postings.scores(..., every=True)`). Its posting list is most of the user.

An index is a cache and never the truth: the backend tags it with the store's generation it was
read at and with the position in the store's change feed it has applied, and brings it forward
before each use. It is never changed once built: `changed` returns a new index sharing the arrays
it did not touch, so a search running in another thread keeps the one it started with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from math import log

import numpy as np
import numpy.typing as npt

K1 = 1.2
B = 0.75
FLOOR_IDF = 1e-6
"""FTS5's idf for a term in half or more of the documents (its formula would go negative)."""

Ordinals = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Statistics:
    """BM25's statistics from a wider corpus than the user (a tenant): its documents, their total
    length in terms (without the index's `extra` tokens) and the query terms' document frequencies."""

    docs: int
    tokens: int
    df: Mapping[str, int]


@dataclass(frozen=True)
class Postings:
    """One user's keyword index: documents by ordinal (never reused), postings by term."""

    ids: tuple[str, ...]
    """Ordinal -> record id (a removed document keeps its place until the index is compacted)."""
    ordinal: dict[str, int]
    """Live record id -> ordinal."""
    lengths: Floats
    alive: npt.NDArray[np.bool_]
    postings: dict[str, tuple[Ordinals, Floats]]
    """Term -> (ordinals ascending, term frequencies); may hold removed documents' ordinals."""
    live: int
    tokens: float
    extra: int
    generation: int = 0
    position: int = 0
    """Where in the store's change feed this index stands (what the backend reads past it)."""

    @classmethod
    def build(
        cls, docs: Iterable[tuple[str, Counter[str]]], extra: int = 0, generation: int = 0, position: int = 0
    ) -> Postings:
        ids: list[str] = []
        lengths: list[float] = []
        gathered: dict[str, tuple[list[int], list[int]]] = {}
        for n, (rid, terms) in enumerate(docs):
            ids.append(rid)
            lengths.append(float(sum(terms.values()) + extra))
            for term, tf in terms.items():
                found = gathered.get(term)
                if found is None:
                    gathered[term] = ([n], [tf])
                else:
                    found[0].append(n)
                    found[1].append(tf)
        postings = {
            term: (np.array(docs_of, dtype=np.int64), np.array(tfs, dtype=np.float64))
            for term, (docs_of, tfs) in gathered.items()
        }
        size = len(ids)
        return cls(
            ids=tuple(ids),
            ordinal={rid: n for n, rid in enumerate(ids)},
            lengths=np.array(lengths, dtype=np.float64),
            alive=np.ones(size, dtype=np.bool_),
            postings=postings,
            live=size,
            tokens=float(sum(lengths)),
            extra=extra,
            generation=generation,
            position=position,
        )

    def changed(
        self,
        removed: Iterable[str],
        added: Sequence[tuple[str, Counter[str]]],
        generation: int,
        position: int,
    ) -> Postings:
        """A new index with these documents removed, then these added (an id both removed and
        added is rewritten); this one is left as it was."""
        gone = {rid for rid in removed if rid in self.ordinal} | {
            rid for rid, _ in added if rid in self.ordinal
        }
        added = list({rid: terms for rid, terms in added}.items())  # the last version of each id
        ordinal = dict(self.ordinal)
        alive = self.alive.copy()
        live, tokens = self.live, self.tokens
        for rid in gone:
            n = ordinal.pop(rid)
            alive[n] = False
            live -= 1
            tokens -= float(self.lengths[n])
        start = len(self.ids)
        ids = self.ids + tuple(rid for rid, _ in added)
        new_lengths = [float(sum(terms.values()) + self.extra) for _, terms in added]
        lengths = np.concatenate([self.lengths, np.array(new_lengths, dtype=np.float64)])
        alive = np.concatenate([alive, np.ones(len(added), dtype=np.bool_)])
        gathered: dict[str, tuple[list[int], list[int]]] = {}
        for offset, (rid, terms) in enumerate(added):
            ordinal[rid] = start + offset
            for term, tf in terms.items():
                found = gathered.setdefault(term, ([], []))
                found[0].append(start + offset)
                found[1].append(tf)
        postings = dict(self.postings)
        for term, (docs_of, tfs) in gathered.items():
            new_docs, new_tfs = np.array(docs_of, dtype=np.int64), np.array(tfs, dtype=np.float64)
            had = postings.get(term)
            postings[term] = (
                (new_docs, new_tfs)
                if had is None
                else (np.concatenate([had[0], new_docs]), np.concatenate([had[1], new_tfs]))
            )
        index = replace(
            self,
            ids=ids,
            ordinal=ordinal,
            lengths=lengths,
            alive=alive,
            postings=postings,
            live=live + len(added),
            tokens=tokens + sum(new_lengths),
            generation=generation,
            position=position,
        )
        return index.compacted() if len(ids) - live > max(1000, live // 4) else index

    def compacted(self) -> Postings:
        """The same index without removed documents' places."""
        keep = np.flatnonzero(self.alive)
        renumber = np.full(len(self.ids), -1, dtype=np.int64)
        renumber[keep] = np.arange(len(keep), dtype=np.int64)
        postings: dict[str, tuple[Ordinals, Floats]] = {}
        for term, (docs_of, tfs) in self.postings.items():
            kept = self.alive[docs_of]
            if kept.any():
                postings[term] = (renumber[docs_of[kept]], tfs[kept])
        ids = tuple(self.ids[n] for n in keep)
        return replace(
            self,
            ids=ids,
            ordinal={rid: n for n, rid in enumerate(ids)},
            lengths=self.lengths[keep],
            alive=np.ones(len(keep), dtype=np.bool_),
            postings=postings,
        )

    def _live_postings(self, term: str) -> tuple[Ordinals, Floats]:
        found = self.postings.get(term)
        if found is None:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64)
        if self.live == len(self.ids):
            return found
        kept = self.alive[found[0]]
        return found[0][kept], found[1][kept]

    def scores(
        self, terms: Sequence[str], every: bool = False, stats: Statistics | None = None
    ) -> tuple[Ordinals, Floats, float]:
        """(ordinals, their scores, bound): the documents the query's rarer terms match with
        their exact scores, and a bound every other document's score is below (0.0 when every
        matching document is in the answer). `terms` are index terms, in the query's order, one
        per phrase (a repeated term counts again, as a repeated phrase does in FTS5). The
        statistics are the user's own unless `stats` gives wider ones."""
        if not self.live or not terms:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64), 0.0
        if stats is not None and stats.docs > 0:
            docs, avgdl = stats.docs, (stats.tokens + self.extra * stats.docs) / stats.docs
        else:
            docs, avgdl, stats = self.live, self.tokens / self.live, None
        plan: list[tuple[float, Ordinals, Floats]] = []
        floored: list[int] = []
        for term in terms:
            docs_of, tfs = self._live_postings(term)
            if not len(docs_of):
                continue
            found = len(docs_of) if stats is None else max(len(docs_of), stats.df.get(term, 0))
            idf = log((docs - found + 0.5) / (found + 0.5))
            if idf <= 0.0:
                idf = FLOOR_IDF
                floored.append(len(plan))
            plan.append((idf, docs_of, tfs))
        if not plan:
            return np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64), 0.0
        # Scored on every document: all terms if asked, or if every term is floored.
        if every or len(floored) == len(plan):
            chosen = np.unique(np.concatenate([docs_of for _, docs_of, _ in plan]))
            bound = 0.0
        else:
            chosen = np.unique(np.concatenate([d for i, (_, d, _) in enumerate(plan) if i not in floored]))
            bound = FLOOR_IDF * (K1 + 1.0) * len(floored)
        total = np.zeros(len(chosen), dtype=np.float64)
        lengths = self.lengths
        for idf, docs_of, tfs in plan:
            # Where each of the chosen documents is in this term's postings (if it is).
            at = np.searchsorted(docs_of, chosen)
            at[at == len(docs_of)] = 0
            holds = docs_of[at] == chosen
            tf = np.where(holds, tfs[at], 0.0)
            part = (tf * (K1 + 1.0)) / (tf + K1 * (1.0 - B + B * lengths[chosen] / avgdl))
            total += idf * part
        return chosen, total, bound


FIRST_CANDIDATES = 200
"""Best-scored documents checked against the validity filter first; x4 while too few pass."""


def best_valid(
    index: Postings,
    terms: Sequence[str],
    k: int,
    valid: Callable[[list[str]], dict[str, int]],
    stats: Statistics | None = None,
) -> list[tuple[str, float]]:
    """The k best-scored documents that pass `valid`, best first, ties in the order `valid` gives
    (record id -> its write order, for the ids that pass): exactly what scoring every matching
    document, filtering and sorting would give, with only the best few filtered."""
    if k <= 0:
        return []
    chosen, scores, bound = index.scores(terms, stats=stats)
    limit = max(FIRST_CANDIDATES, 4 * k)
    while True:
        if limit < len(chosen):
            part = np.argpartition(-scores, limit)
            taken, outside = part[:limit], float(scores[part[limit]])
        else:
            taken, outside = np.arange(len(chosen)), -np.inf
        ids = [index.ids[n] for n in chosen[taken]]
        order = valid(ids)
        ranked = sorted(
            (-float(score), order[rid], rid)
            for rid, score in zip(ids, scores[taken].tolist(), strict=True)
            if rid in order
        )[:k]
        # Exact once nothing left out can rank before the last of k that passed (a document the
        # rarer terms did not find scores below `bound`).
        beyond = max(outside, bound) if bound else outside
        if len(ranked) == k and -ranked[-1][0] > beyond:
            return [(rid, -negative) for negative, _order, rid in ranked]
        if limit >= len(chosen):
            if not bound:  # every matching document was filtered
                return [(rid, -negative) for negative, _order, rid in ranked]
            chosen, scores, bound = index.scores(terms, every=True, stats=stats)
            continue
        limit *= 4
