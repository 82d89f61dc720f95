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

import json
import os
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from math import log
from pathlib import Path

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


Doc = tuple[str, int, Counter[str]]
"""A document: its record id, its place in the order ties are broken by (write order), its terms."""


@dataclass(frozen=True)
class Postings:
    """One user's keyword index: documents by ordinal (never reused), postings by term."""

    ids: tuple[str, ...]
    """Ordinal -> record id (a removed document keeps its place until the index is compacted)."""
    ordinal: dict[str, int]
    """Live record id -> ordinal."""
    orders: Ordinals
    """Ordinal -> the document's place among equal scores (lower first)."""
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
    def build(cls, docs: Iterable[Doc], extra: int = 0, generation: int = 0, position: int = 0) -> Postings:
        ids: list[str] = []
        orders: list[int] = []
        lengths: list[int] = []
        vocabulary: dict[str, int] = {}
        term_of: list[int] = []
        doc_of: list[int] = []
        tf_of: list[int] = []
        for n, (rid, order, terms) in enumerate(docs):
            ids.append(rid)
            orders.append(order)
            lengths.append(sum(terms.values()) + extra)
            for term, tf in terms.items():
                term_of.append(vocabulary.setdefault(term, len(vocabulary)))
                doc_of.append(n)
                tf_of.append(tf)
        # All postings at once, sorted by term (stable: each term's documents stay ascending),
        # then cut into one view per term.
        terms_at = np.array(term_of, dtype=np.int64)
        by_term = np.argsort(terms_at, kind="stable")
        all_docs = np.array(doc_of, dtype=np.int64)[by_term]
        all_tfs = np.array(tf_of, dtype=np.float64)[by_term]
        ends = np.cumsum(np.bincount(terms_at, minlength=len(vocabulary))).tolist()
        starts = [0, *ends[:-1]]
        postings = {
            term: (all_docs[starts[t] : ends[t]], all_tfs[starts[t] : ends[t]])
            for term, t in vocabulary.items()
        }
        return cls(
            ids=tuple(ids),
            ordinal={rid: n for n, rid in enumerate(ids)},
            orders=np.array(orders, dtype=np.int64),
            lengths=np.array(lengths, dtype=np.float64),
            alive=np.ones(len(ids), dtype=np.bool_),
            postings=postings,
            live=len(ids),
            tokens=float(sum(lengths)),
            extra=extra,
            generation=generation,
            position=position,
        )

    def changed(
        self, removed: Iterable[str], added: Sequence[Doc], generation: int, position: int
    ) -> Postings:
        """A new index with these documents removed, then these added (an id both removed and
        added is rewritten); this one is left as it was."""
        fresh = list({doc[0]: doc for doc in added}.values())  # the last version of each id
        gone = {rid for rid in removed if rid in self.ordinal} | {
            rid for rid, _, _ in fresh if rid in self.ordinal
        }
        ordinal = dict(self.ordinal)
        alive = self.alive.copy()
        live, tokens = self.live, self.tokens
        for rid in gone:
            n = ordinal.pop(rid)
            alive[n] = False
            live -= 1
            tokens -= float(self.lengths[n])
        start = len(self.ids)
        new_lengths = [float(sum(terms.values()) + self.extra) for _, _, terms in fresh]
        gathered: dict[str, tuple[list[int], list[int]]] = {}
        for offset, (rid, _order, terms) in enumerate(fresh):
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
            ids=self.ids + tuple(rid for rid, _, _ in fresh),
            ordinal=ordinal,
            orders=np.concatenate([self.orders, np.array([order for _, order, _ in fresh], dtype=np.int64)]),
            lengths=np.concatenate([self.lengths, np.array(new_lengths, dtype=np.float64)]),
            alive=np.concatenate([alive, np.ones(len(fresh), dtype=np.bool_)]),
            postings=postings,
            live=live + len(fresh),
            tokens=tokens + sum(new_lengths),
            generation=generation,
            position=position,
        )
        return index.compacted() if len(index.ids) - index.live > max(1000, index.live // 4) else index

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
            orders=self.orders[keep],
            lengths=self.lengths[keep],
            alive=np.ones(len(keep), dtype=np.bool_),
            postings=postings,
        )

    def save(self, path: Path, tag: Mapping[str, str | int]) -> None:
        """Write the index to `path` (atomically: a reader sees the old file or the new one) with a
        tag the reader checks before trusting it (`load`)."""
        index = self.compacted() if self.live < len(self.ids) else self
        terms = list(index.postings)
        sizes = np.array([len(index.postings[term][0]) for term in terms], dtype=np.int64)
        empty_i, empty_f = np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64)
        arrays = {
            "ids": np.array(index.ids, dtype=np.str_),
            "orders": index.orders,
            "lengths": index.lengths,
            "terms": np.array(terms, dtype=np.str_),
            "sizes": sizes,
            "docs": np.concatenate([index.postings[term][0] for term in terms]) if terms else empty_i,
            "tfs": np.concatenate([index.postings[term][1] for term in terms]) if terms else empty_f,
            "numbers": np.array([index.extra, index.generation, index.position], dtype=np.int64),
            "tag": np.array(json.dumps(dict(tag), sort_keys=True), dtype=np.str_),
        }
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        with open(partial, "wb") as out:
            np.savez(out, allow_pickle=False, **arrays)
        os.replace(partial, path)

    @classmethod
    def load(cls, path: Path) -> tuple[Postings, dict[str, str | int]] | None:
        """The index `save` wrote and its tag, or None if there is none that reads."""
        try:
            with np.load(path, allow_pickle=False) as found:
                arrays = {name: found[name] for name in found.files}
        except (OSError, ValueError, KeyError, EOFError):
            return None
        try:
            extra, generation, position = (int(n) for n in arrays["numbers"])
            ids = tuple(arrays["ids"].tolist())
            ends = np.cumsum(arrays["sizes"]).tolist()
            starts = [0, *ends[:-1]]
            docs, tfs = arrays["docs"], arrays["tfs"]
            postings = {
                term: (docs[start:end], tfs[start:end])
                for term, start, end in zip(arrays["terms"].tolist(), starts, ends, strict=True)
            }
            lengths = arrays["lengths"]
            index = cls(
                ids=ids,
                ordinal={rid: n for n, rid in enumerate(ids)},
                orders=arrays["orders"],
                lengths=lengths,
                alive=np.ones(len(ids), dtype=np.bool_),
                postings=postings,
                live=len(ids),
                tokens=float(lengths.sum()),
                extra=extra,
                generation=generation,
                position=position,
            )
            return index, json.loads(str(arrays["tag"]))
        except (KeyError, ValueError, TypeError):
            return None

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
        """(ordinals ascending, their scores, bound): the documents the query's rarer terms match
        with their exact scores, and a bound every other document's score is below (0.0 when every
        matching document is in the answer). `terms` are index terms, in the query's order, one
        per phrase (a repeated term counts again, as a repeated phrase does in FTS5). The
        statistics are the user's own unless `stats` gives wider ones."""
        empty = np.empty(0, dtype=np.int64), np.empty(0, dtype=np.float64), 0.0
        if not self.live or not terms:
            return empty
        if stats is not None and stats.docs > 0:
            docs, avgdl = stats.docs, (stats.tokens + self.extra * stats.docs) / stats.docs
        else:
            docs, avgdl, stats = self.live, self.tokens / self.live, None
        plan: list[tuple[float, Ordinals, Floats, bool]] = []
        for term in terms:
            docs_of, tfs = self._live_postings(term)
            if not len(docs_of):
                continue
            found = len(docs_of) if stats is None else max(len(docs_of), stats.df.get(term, 0))
            idf = log((docs - found + 0.5) / (found + 0.5))
            plan.append((FLOOR_IDF, docs_of, tfs, True) if idf <= 0.0 else (idf, docs_of, tfs, False))
        if not plan:
            return empty
        # Scored on every matching document: all terms if asked, or if every term is floored.
        every = every or all(floored for *_, floored in plan)
        matched = np.zeros(len(self.ids), dtype=np.bool_)
        for _idf, docs_of, _tfs, floored in plan:
            if every or not floored:
                matched[docs_of] = True
        chosen = np.flatnonzero(matched)
        total = np.zeros(len(self.ids), dtype=np.float64)
        lengths = self.lengths
        # Term by term in the query's order, as FTS5 adds them (the same sums to the last bit).
        for idf, docs_of, tfs, floored in plan:
            if floored and not every:  # only where the other terms matched
                at = np.searchsorted(docs_of, chosen)
                at[at == len(docs_of)] = 0
                holds = docs_of[at] == chosen
                docs_of, tfs = chosen[holds], tfs[at[holds]]
            part = (tfs * (K1 + 1.0)) / (tfs + K1 * (1.0 - B + B * lengths[docs_of] / avgdl))
            total[docs_of] += idf * part
        floored_terms = sum(1 for *_, floored in plan if floored)
        bound = 0.0 if every else FLOOR_IDF * (K1 + 1.0) * floored_terms
        return chosen, total[chosen], bound


FIRST_CANDIDATES = 50
"""Best-ranked documents checked against the validity filter first; x4 while too few pass."""


def _best(chosen: Ordinals, scores: Floats, orders: Ordinals, limit: int) -> Ordinals:
    """Positions in `chosen` of its best `limit` by (score descending, order ascending), in that
    order: exactly the first `limit` of a full sort, without one."""
    if limit < len(chosen):
        part = np.argpartition(-scores, limit - 1)[:limit]
        cut = scores[part].min()
        above = np.flatnonzero(scores > cut)
        tied = np.flatnonzero(scores == cut)
        need = limit - len(above)
        if need < len(tied):
            tied = tied[np.argpartition(orders[tied], need - 1)[:need]] if need > 0 else tied[:0]
        taken = np.concatenate([above, tied])
    else:
        taken = np.arange(len(chosen))
    return taken[np.lexsort((orders[taken], -scores[taken]))]


def best_valid(
    index: Postings,
    terms: Sequence[str],
    k: int,
    valid: Callable[[list[str]], set[str]],
    stats: Statistics | None = None,
) -> list[tuple[str, float]]:
    """The k best-scored documents that pass `valid` (of these record ids, those that pass the
    filter), best first, equal scores in write order: exactly what scoring every matching
    document, filtering and sorting would give, with only the best few filtered."""
    if k <= 0:
        return []
    chosen, scores, bound = index.scores(terms, stats=stats)
    limit = max(FIRST_CANDIDATES, 2 * k)
    while True:
        taken = _best(chosen, scores, index.orders[chosen], limit)
        ids = [index.ids[n] for n in chosen[taken]]
        passed = valid(ids)
        ranked = [
            (rid, score) for rid, score in zip(ids, scores[taken].tolist(), strict=True) if rid in passed
        ][:k]
        # The first `limit` in the total order were checked: k of them passed, or all were checked.
        # A document the rarer terms did not find scores below `bound`.
        if len(ranked) == k and ranked[-1][1] > bound:
            return ranked
        if limit >= len(chosen):
            if not bound:
                return ranked
            chosen, scores, bound = index.scores(terms, every=True, stats=stats)
            limit = max(FIRST_CANDIDATES, 2 * k)
            continue
        limit *= 4
