"""BM25 over one user's memories in process memory, for a backend whose keyword engine scans every
match (SQLite's FTS5 computes bm25 for each matching row before it keeps the best: ~200 ms for a
common word at 100,000 memories): term -> the ordinals of the documents holding it and their term
frequencies, as numpy arrays; a search scores only the query's terms.

The score is FTS5's bm25 (k1 1.2, b 0.75, idf log((N - n + 0.5) / (n + 0.5)) floored at 1e-6, each
query term a phrase of its own, a document's length counted with `extra` tokens more - the owner
column's one token on SQLite) with N, n and the average length of a wider corpus when the backend
gives them (`Statistics`: the tenant's, as the PostgreSQL store counts them), else the user's own.
A store holding one tenant ranks exactly as FTS5 ranks it.

Only what can reach the answer is scored (MaxScore): a term in half or more of the user's memories
gets the floor idf and moves a score by less than FLOOR_IDF * (k1 + 1); more generally, the
strongest terms' documents are scored whole and the weaker terms are looked up only for those,
while what the weaker ones could add up to stays below the score the answer needs. The bound that
leaves is returned with the scores, and `best_valid` scores more terms whole when its answer does
not clear it: the answer is always the one scoring every match would give. (A million memories, a
query of common words: 40-120 ms scoring every match, 10-40 ms so.)

The postings live in one table of flat arrays (stores/keyword_tables.py) with the terms changed
since in a dict beside it; the table is what the index's file holds, mapped into memory by a new
process rather than read (a million memories: 5 s to read the earlier `.npz` and build its dicts).

An index is a cache and never the truth: the backend tags it with the store's generation it was
read at and with the position in the store's change feed it has applied, and brings it forward
before each use. It is never changed once built: `changed` returns a new index sharing the arrays
it did not touch, so a search running in another thread keeps the one it started with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from math import log
from pathlib import Path

import numpy as np
import numpy.typing as npt

from hindsight.stores.exact import ID_BYTES
from hindsight.stores.keyword_tables import Docs, IdTable, TermTable, Tfs, map_arrays, utf8, write_arrays

K1 = 1.2
B = 0.75
FLOOR_IDF = 1e-6
"""FTS5's idf for a term in half or more of the documents (its formula would go negative)."""

Ordinals = npt.NDArray[np.int32]
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


class TermPostings(Mapping[str, tuple[Docs, Tfs]]):
    """Term -> (ordinals ascending, term frequencies): the table's, unless a change since the table
    was made replaced them (`overlay`). May hold removed documents' ordinals."""

    def __init__(self, table: TermTable, overlay: Mapping[str, tuple[Docs, Tfs]]) -> None:
        self._table = table
        self._overlay = overlay

    def __getitem__(self, term: str) -> tuple[Docs, Tfs]:
        found = self._overlay.get(term)
        if found is not None:
            return found
        t = self._table.find(term)
        if t < 0:
            raise KeyError(term)
        return self._table.postings(t)

    def __iter__(self) -> Iterator[str]:
        yield from self._overlay
        yield from (term for term in self._table.terms() if term not in self._overlay)

    def __len__(self) -> int:
        return len(self._table) + sum(1 for term in self._overlay if self._table.find(term) < 0)


class LiveOrdinals(Mapping[str, int]):
    """Live record id -> ordinal."""

    def __init__(self, index: Postings) -> None:
        self._index = index

    def __getitem__(self, rid: str) -> int:
        n = self._index.ids.place(rid, self._index.alive) if isinstance(rid, str) else None
        if n is None:
            raise KeyError(rid)
        return n

    def __iter__(self) -> Iterator[str]:
        for n in np.flatnonzero(self._index.alive).tolist():
            yield self._index.ids[n]

    def __len__(self) -> int:
        return self._index.live


def _union(lists: list[Ordinals]) -> Ordinals:
    """The ordinals in any of these ascending lists, ascending (np.unique hashes: 20 ms for
    100,000 ordinals, against 1 ms to sort them)."""
    if len(lists) == 1:
        return lists[0]
    joined = np.sort(np.concatenate(lists))
    if not len(joined):
        return joined
    return joined[np.concatenate(([True], joined[1:] != joined[:-1]))]


def _parts(tfs: Tfs, lengths: Floats, avgdl: float) -> Floats:
    frequency = tfs.astype(np.float64)
    return (frequency * (K1 + 1.0)) / (frequency + K1 * (1.0 - B + B * lengths / avgdl))


COMMON_SHARE = 16
"""A term in at least 1 / this of the user's memories is common: its parts are kept spread over
every ordinal (`Postings._spread`)."""
SPREADS_KEPT = 32
"""Common terms kept so, the most recently used: 8 bytes each per memory (256 MB in all for a
user of a million)."""


DENSE_SHARE = 8
"""A query whose every term is in half or more of the user's memories (or a search that must score
every match), one of them in at least 1 / this of them, is scored over every ordinal at once
(`Postings._score_densely`)."""


@dataclass(frozen=True)
class _Term:
    name: str
    idf: float
    docs: Ordinals
    tfs: Tfs
    floored: bool
    count: int


ESSENTIAL_SHARE = 16
"""A search first scores every posting of its rarer terms only, up to 1 / this of the user's
memories in all, and the other terms only for the documents those found (the bound they add says
whether that is enough: `Postings.scores`)."""
ESSENTIAL_AT_LEAST = 8192
"""...and up to this many postings however small the user (below it, every term but the floored
ones, as before)."""


@dataclass(frozen=True)
class Postings:
    """One user's keyword index: documents by ordinal (never reused), postings by term (a sorted
    table, maybe mapped from its file, and the terms changed since in a dict beside it)."""

    table: TermTable
    overlay: dict[str, tuple[Ordinals, Tfs]]
    """Term -> its whole postings, for the terms changed since `table` was made."""
    ids: IdTable
    """Ordinal -> record id (a removed document keeps its place until the index is compacted)."""
    orders: npt.NDArray[np.int64]
    """Ordinal -> the document's place among equal scores (lower first)."""
    lengths: Floats
    alive: npt.NDArray[np.bool_]
    live: int
    tokens: float
    extra: int
    generation: int = 0
    position: int = 0
    """Where in the store's change feed this index stands (what the backend reads past it)."""
    spread_cache: dict[tuple[str, float], Floats] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )
    """Common terms' BM25 parts over every ordinal by (the term, the average length), for the
    searches that follow on this same index (a change makes a new index, with none)."""

    @property
    def nbytes(self) -> int:
        """About what it holds in memory, a mapped file's arrays included (a process's cache of users
        is bounded by it)."""
        table, ids = self.table, self.ids
        arrays: list[np.ndarray] = [table.blob, table.ends, table.stops, table.docs, table.tfs]
        arrays += [self.orders, self.lengths, self.alive, ids.base, ids.sorted_ids, ids.sorted_at]
        arrays += list(self.spread_cache.values())
        overlay = sum(docs.nbytes + tfs.nbytes for docs, tfs in self.overlay.values())
        return sum(int(a.nbytes) for a in arrays) + overlay + ID_BYTES * len(ids.added)

    @property
    def postings(self) -> TermPostings:
        return TermPostings(self.table, self.overlay)

    @property
    def ordinal(self) -> LiveOrdinals:
        return LiveOrdinals(self)

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
        # Terms ranked by their bytes; all postings sorted by that rank at once (stable: each
        # term's documents stay ascending).
        keys = [utf8(term) for term in vocabulary]
        by_bytes = sorted(range(len(keys)), key=keys.__getitem__)
        rank = np.empty(len(keys), dtype=np.int64)
        rank[by_bytes] = np.arange(len(keys), dtype=np.int64)
        ranks = rank[np.array(term_of, dtype=np.int64)]
        by_term = np.argsort(ranks, kind="stable")
        table = TermTable.of(
            [keys[i] for i in by_bytes],
            np.array(doc_of, dtype=np.int32)[by_term],
            np.array(tf_of, dtype=np.float32)[by_term],
            np.bincount(ranks, minlength=len(keys)),
        )
        return cls(
            table=table,
            overlay={},
            ids=IdTable.of(ids),
            orders=np.array(orders, dtype=np.int64),
            lengths=np.array(lengths, dtype=np.float64),
            alive=np.ones(len(ids), dtype=np.bool_),
            live=len(ids),
            tokens=float(sum(lengths)),
            extra=extra,
            generation=generation,
            position=position,
        )

    def moved(self, generation: int) -> Postings:
        """The same index at a later generation of the store that changed nothing it holds (a
        tier, a validity, a vector): what it keeps for the next search is kept too."""
        index = replace(self, generation=generation)
        object.__setattr__(index, "spread_cache", self.spread_cache)  # the same terms, the same parts
        return index

    def _postings_of(self, term: str) -> tuple[Ordinals, Tfs] | None:
        found = self.overlay.get(term)
        if found is not None:
            return found
        t = self.table.find(term)
        return None if t < 0 else self.table.postings(t)

    def changed(
        self, removed: Iterable[str], added: Sequence[Doc], generation: int, position: int
    ) -> Postings:
        """A new index with these documents removed, then these added (an id both removed and
        added is rewritten); this one is left as it was."""
        fresh = list({doc[0]: doc for doc in added}.values())  # the last version of each id
        alive = self.alive.copy()
        live, tokens = self.live, self.tokens
        for rid in {*removed, *(rid for rid, _, _ in fresh)}:
            n = self.ids.place(rid, alive)
            if n is not None:
                alive[n] = False
                live -= 1
                tokens -= float(self.lengths[n])
        start = len(self.ids)
        new_lengths = [float(sum(terms.values()) + self.extra) for _, _, terms in fresh]
        gathered: dict[str, tuple[list[int], list[int]]] = {}
        for offset, (_rid, _order, terms) in enumerate(fresh):
            for term, tf in terms.items():
                found = gathered.setdefault(term, ([], []))
                found[0].append(start + offset)
                found[1].append(tf)
        overlay = dict(self.overlay)
        for term, (docs_of, tfs) in gathered.items():
            new_docs, new_tfs = np.array(docs_of, dtype=np.int32), np.array(tfs, dtype=np.float32)
            had = self._postings_of(term)
            overlay[term] = (
                (new_docs, new_tfs)
                if had is None
                else (np.concatenate([had[0], new_docs]), np.concatenate([had[1], new_tfs]))
            )
        index = replace(
            self,
            overlay=overlay,
            ids=self.ids.plus([rid for rid, _, _ in fresh]),
            orders=np.concatenate([self.orders, np.array([order for _, order, _ in fresh], dtype=np.int64)]),
            lengths=np.concatenate([self.lengths, np.array(new_lengths, dtype=np.float64)]),
            alive=np.concatenate([alive, np.ones(len(fresh), dtype=np.bool_)]),
            live=live + len(fresh),
            tokens=tokens + sum(new_lengths),
            generation=generation,
            position=position,
        )
        return index.compacted() if len(index.ids) - index.live > max(1000, index.live // 4) else index

    def compacted(self) -> Postings:
        """The same index as one table: no removed document's place, no term changed aside."""
        table, overlay = self.table, self.overlay
        sizes = table.sizes()
        # Where each changed term goes among the table's terms (new ones inserted in byte order).
        replaced = np.zeros(len(table), dtype=np.bool_)
        placed: dict[str, int] = {}
        new_keys: list[tuple[bytes, str]] = []
        for term in overlay:
            t = table.find(term)
            if t >= 0:
                replaced[t] = True
                placed[term] = t
            else:
                new_keys.append((utf8(term), term))
        new_keys.sort()
        inserted = np.array([table.position(key) for key, _ in new_keys], dtype=np.int64)
        rank_of_table = np.arange(len(table), dtype=np.int64) + np.searchsorted(
            inserted, np.arange(len(table), dtype=np.int64), side="right"
        )
        rank_of_new = inserted + np.arange(len(new_keys), dtype=np.int64)
        rank_of = {term: int(rank_of_table[t]) for term, t in placed.items()}
        rank_of.update((term, int(rank_of_new[j])) for j, (_, term) in enumerate(new_keys))
        # Every term's postings in rank order: the table's, but those replaced, with each changed
        # term's put where its rank falls (pieces cut at those places, no sort of all of them).
        count = len(table) + len(new_keys)
        from_table = np.zeros(count, dtype=np.int64)
        from_table[rank_of_table] = np.where(replaced, 0, sizes)
        sizes_by_rank = from_table.copy()
        before = np.concatenate([[0], np.cumsum(from_table)])
        if replaced.any():
            kept = ~np.repeat(replaced, sizes)
            table_docs, table_tfs = table.docs[kept], table.tfs[kept]
        else:
            table_docs, table_tfs = table.docs, table.tfs
        docs, tfs, cut_before = [], [], 0
        for rank, term in sorted((rank, term) for term, rank in rank_of.items()):
            cut = int(before[rank])
            docs += [table_docs[cut_before:cut], overlay[term][0]]
            tfs += [table_tfs[cut_before:cut], overlay[term][1]]
            sizes_by_rank[rank] = len(overlay[term][0])
            cut_before = cut
        docs.append(table_docs[cut_before:])
        tfs.append(table_tfs[cut_before:])
        all_docs = np.concatenate(docs) if len(docs) > 1 else table_docs
        all_tfs = np.concatenate(tfs) if len(tfs) > 1 else table_tfs
        # Removed documents out, the others renumbered in the same order.
        keep = np.flatnonzero(self.alive)
        renumber = np.full(len(self.ids), -1, dtype=np.int32)
        renumber[keep] = np.arange(len(keep), dtype=np.int32)
        if len(keep) < len(self.ids):
            held = self.alive[all_docs]
            running = np.concatenate([[0], np.cumsum(held, dtype=np.int64)])
            stops = np.cumsum(sizes_by_rank)
            counts = running[stops] - running[stops - sizes_by_rank]
            all_docs, all_tfs = renumber[all_docs[held]], all_tfs[held]
        else:
            counts = sizes_by_rank
        # The terms' bytes in rank order: the table's with the new ones inserted; then the terms
        # no document holds any more left out.
        term_lengths = np.empty(count, dtype=np.int64)
        term_lengths[rank_of_table] = table.lengths()
        term_lengths[rank_of_new] = [len(key) for key, _ in new_keys]
        pieces, cut_before = [], 0
        for j, (key, _) in enumerate(new_keys):
            cut = int(table.ends[inserted[j] - 1]) if inserted[j] else 0
            pieces += [table.blob[cut_before:cut], np.frombuffer(key, dtype=np.uint8)]
            cut_before = cut
        pieces.append(table.blob[cut_before:])
        blob = np.concatenate(pieces) if len(pieces) > 1 else table.blob
        used = counts > 0
        if not used.all():
            blob, term_lengths, counts = blob[np.repeat(used, term_lengths)], term_lengths[used], counts[used]
        return replace(
            self,
            table=TermTable(
                blob=blob,
                ends=np.cumsum(term_lengths),
                stops=np.cumsum(counts),
                docs=all_docs.astype(np.int32, copy=False),
                tfs=all_tfs.astype(np.float32, copy=False),
            ),
            overlay={},
            ids=self.ids.kept(keep, renumber, self.alive),
            orders=self.orders[keep],
            lengths=self.lengths[keep],
            alive=np.ones(len(keep), dtype=np.bool_),
            live=len(keep),
        )

    def save(self, path: Path, tag: Mapping[str, str | int]) -> None:
        """Write the index to `path` (atomically: a reader sees the old file or the new one) with a
        tag the reader checks before trusting it (`load`)."""
        whole = not self.overlay and self.live == len(self.ids) and not self.ids.added
        index = self if whole else self.compacted()
        table, ids = index.table, index.ids
        arrays: dict[str, np.ndarray] = {
            "blob": table.blob,
            "ends": table.ends,
            "stops": table.stops,
            "docs": table.docs,
            "tfs": table.tfs,
            "ids": ids.base,
            "sorted_ids": ids.sorted_ids,
            "sorted_at": ids.sorted_at,
            "orders": index.orders,
            "lengths": index.lengths,
        }
        numbers = {"extra": index.extra, "generation": index.generation, "position": index.position}
        write_arrays(path, arrays, {"numbers": numbers, "tag": dict(tag)})

    @classmethod
    def load(cls, path: Path) -> tuple[Postings, dict[str, str | int]] | None:
        """The index `save` wrote and its tag, or None if there is none that reads. Its arrays are
        views of the file mapped into memory: nothing is read until a search touches it."""
        found = map_arrays(path)
        if found is None:
            return None
        arrays, header = found
        try:
            numbers, tag = header["numbers"], header["tag"]
            assert isinstance(numbers, dict) and isinstance(tag, dict)
            lengths = arrays["lengths"]
            table = TermTable(arrays["blob"], arrays["ends"], arrays["stops"], arrays["docs"], arrays["tfs"])
            ids = IdTable(arrays["ids"], arrays["sorted_ids"], arrays["sorted_at"])
            consistent = (
                len(table.ends) == len(table.stops)
                and (not len(table.ends) or int(table.ends[-1]) == len(table.blob))
                and (not len(table.stops) or int(table.stops[-1]) == len(table.docs) == len(table.tfs))
                and len(ids.base) == len(ids.sorted_ids) == len(ids.sorted_at) == len(lengths)
                and len(arrays["orders"]) == len(lengths)
            )
            if not consistent:
                return None
            index = cls(
                table=table,
                overlay={},
                ids=ids,
                orders=arrays["orders"],
                lengths=lengths,
                alive=np.ones(len(lengths), dtype=np.bool_),
                live=len(lengths),
                tokens=float(lengths.sum()),
                extra=int(numbers["extra"]),
                generation=int(numbers["generation"]),
                position=int(numbers["position"]),
            )
            return index, tag
        except (KeyError, ValueError, TypeError, AssertionError):
            return None

    def _spread(self, term: _Term, avgdl: float) -> Floats | None:
        """A common term's BM25 part for every ordinal (0.0 where the term is not), or None for a
        term that is not common. Kept for the next search at the same average length: a search
        then adds a common term with one pass over the documents it asks about (adding 0.0 leaves
        a sum as it is, so the sums are the same to the last bit), instead of finding them in a
        list of hundreds of thousands."""
        if term.count * COMMON_SHARE < len(self.ids):
            return None
        key = (term.name, avgdl)
        found = self.spread_cache.pop(key, None)
        if found is None:
            found = np.zeros(len(self.ids), dtype=np.float64)
            found[term.docs] = _parts(term.tfs, self.lengths[term.docs], avgdl)
        self.spread_cache[key] = found  # the most recently used last
        while len(self.spread_cache) > SPREADS_KEPT:
            del self.spread_cache[next(iter(self.spread_cache))]
        return found

    def _plan(self, terms: Sequence[str], docs: int, stats: Statistics | None) -> list[_Term]:
        plan: list[_Term] = []
        every_live = self.live == len(self.ids)
        for term in terms:
            found = self._postings_of(term)
            if found is None:
                continue
            docs_of, tfs = found
            count = len(docs_of) if every_live else int(np.count_nonzero(self.alive[docs_of]))
            if not count:
                continue
            n = count if stats is None else max(count, stats.df.get(term, 0))
            idf = log((docs - n + 0.5) / (n + 0.5))
            plan.append(_Term(term, FLOOR_IDF if idf <= 0.0 else idf, docs_of, tfs, idf <= 0.0, count))
        return plan

    def _by_weight(self, plan: list[_Term]) -> list[int]:
        """The plan's terms, the strongest first (the highest idf, then the fewest postings)."""
        return sorted(range(len(plan)), key=lambda i: (plan[i].floored, -plan[i].idf, plan[i].count))

    def _within_budget(self, plan: list[_Term], by_weight: list[int]) -> int:
        """How many of the strongest terms to score whole when nothing better is known: up to
        ESSENTIAL_SHARE's postings in all (at least one), never a floored one."""
        budget = max(len(self.ids) // ESSENTIAL_SHARE, ESSENTIAL_AT_LEAST)
        chosen, total = 0, 0
        for i in by_weight:
            if plan[i].floored or (chosen and total + plan[i].count > budget):
                break
            chosen, total = chosen + 1, total + plan[i].count
        return chosen

    @staticmethod
    def _above(plan: list[_Term], by_weight: list[int], theta: float) -> int:
        """How many of the strongest terms a document must hold one of to score above `theta`:
        the weakest are left out while what they could add up to stays below it (MaxScore)."""
        outside, count = 0.0, len(by_weight)
        for i in reversed(by_weight[1:]):
            if outside + plan[i].idf * (K1 + 1.0) >= theta:
                break
            outside += plan[i].idf * (K1 + 1.0)
            count -= 1
        return count

    def scores(
        self,
        terms: Sequence[str],
        every: bool = False,
        stats: Statistics | None = None,
        widen: int = 0,
        depth: int = 0,
    ) -> tuple[Ordinals, Floats, float]:
        """(ordinals ascending, their scores, bound): the documents the query's stronger terms
        match with their exact scores, and a bound every other document's score is below (0.0
        when every matching document is in the answer; `every` asks for that, `widen` for that
        many more of the terms scored whole). `terms` are index terms, in the query's order, one
        per phrase (a repeated term counts again, as a repeated phrase does in FTS5). The
        statistics are the user's own unless `stats` gives wider ones.

        Which terms are scored whole: the strongest term's documents are scored first; if the
        `depth`-th best of them is above what the other terms could add up to, that is the
        answer; else that score says which weaker terms cannot lift a document past it (MaxScore:
        `_above`), and the others are scored whole. Without a depth, `_within_budget` says."""
        empty = np.empty(0, dtype=np.int32), np.empty(0, dtype=np.float64), 0.0
        if not self.live or not terms:
            return empty
        if stats is not None and stats.docs > 0:
            docs, avgdl = stats.docs, (stats.tokens + self.extra * stats.docs) / stats.docs
        else:
            docs, avgdl, stats = self.live, self.tokens / self.live, None
        plan = self._plan(terms, docs, stats)
        if not plan:
            return empty
        if every or all(term.floored for term in plan):
            if max(term.count for term in plan) * DENSE_SHARE >= len(self.ids):
                wanted = None if every or not depth else depth * CUT_MARGIN * CUT_WIDENS**widen
                return self._score_densely(plan, avgdl, wanted)
            return self._score(plan, set(range(len(plan))), avgdl)
        by_weight = self._by_weight(plan)
        count = self._within_budget(plan, by_weight)
        if depth and plan[by_weight[0]].count >= depth:
            first = self._score(plan, {by_weight[0]}, avgdl)
            theta = float(np.partition(first[1], len(first[1]) - depth)[len(first[1]) - depth])
            if not widen and first[2] < theta:
                return first
            count = max(1, self._above(plan, by_weight, theta))
        return self._score(plan, set(by_weight[: count + widen]), avgdl)

    def _score(self, plan: list[_Term], essential: set[int], avgdl: float) -> tuple[Ordinals, Floats, float]:
        """The documents holding an `essential` term, each with its exact score over every term;
        and what the other terms could add up to, which every other document's score is below."""
        spread = [self._spread(term, avgdl) for term in plan]
        chosen = self._holding(plan, essential, spread)
        scores = np.zeros(len(chosen), dtype=np.float64)
        # Term by term in the query's order, as FTS5 adds them (the same sums to the last bit).
        for term, everywhere in zip(plan, spread, strict=True):
            if everywhere is None and len(chosen) > 4 * len(term.docs):
                everywhere = np.zeros(len(self.ids), dtype=np.float64)  # cheaper than finding them
                everywhere[term.docs] = _parts(term.tfs, self.lengths[term.docs], avgdl)
            if everywhere is not None:
                scores += term.idf * everywhere[chosen]
                continue
            near = np.searchsorted(term.docs, chosen)
            near[near == len(term.docs)] = 0
            holds = term.docs[near] == chosen
            docs_of, tfs = chosen[holds], term.tfs[near[holds]]
            np.add.at(scores, np.flatnonzero(holds), term.idf * _parts(tfs, self.lengths[docs_of], avgdl))
        bound = sum(plan[i].idf * (K1 + 1.0) for i in range(len(plan)) if i not in essential)
        return chosen, scores, bound

    def _score_densely(
        self, plan: list[_Term], avgdl: float, wanted: int | None = None
    ) -> tuple[Ordinals, Floats, float]:
        """Every document's score over every term, summed in one array over all the ordinals: a
        common term's kept parts added whole, another's where it is. For a query whose rarest term
        is in a large share of the memories, MaxScore can leave nothing out and would gather each
        term's parts for most of the documents. Term by term in the query's order, as `_score` adds
        them: the same sums to the last bit. Returned: with `wanted`, about that many of the best
        and the cut every other document scores below (`_clearing_cut`); else every match (0.0)."""
        total = np.zeros(len(self.ids), dtype=np.float64)
        weighted = np.empty(len(self.ids), dtype=np.float64)
        for term in plan:
            everywhere = self._spread(term, avgdl)
            if everywhere is not None:
                np.multiply(everywhere, term.idf, out=weighted)
                total += weighted
            else:  # a term's postings hold each document once
                total[term.docs] += term.idf * _parts(term.tfs, self.lengths[term.docs], avgdl)
        cut = _clearing_cut(total, wanted) if wanted is not None else 0.0
        if cut > 0.0:  # a list of the few above it, not of the ~970,000 matches of four common words
            best = np.flatnonzero(total >= cut)
            if self.live != len(self.ids):
                best = best[self.alive[best]]
            return best.astype(np.int32), total[best], cut
        # Every part is above 0.0: a document holding no term is the one left at 0.0.
        matched = total > 0.0
        if self.live != len(self.ids):
            matched &= self.alive
        chosen = np.flatnonzero(matched).astype(np.int32)
        return chosen, total[chosen], 0.0

    def _holding(self, plan: list[_Term], essential: set[int], spread: list[Floats | None]) -> Ordinals:
        """The live documents holding any of the `essential` terms, ascending."""
        every_live = self.live == len(self.ids)
        if len(essential) == 1:
            (i,) = essential
            docs_of = plan[i].docs
            return docs_of if every_live else docs_of[self.alive[docs_of]]
        if sum(plan[i].count for i in essential) * 8 <= len(self.ids):
            lists = [plan[i].docs for i in essential]
            joined = _union(lists)
            return joined if every_live else joined[self.alive[joined]]
        matched = np.zeros(len(self.ids), dtype=np.bool_)
        for i in essential:
            everywhere = spread[i]
            if everywhere is not None:
                matched |= everywhere > 0.0
            else:
                matched[plan[i].docs] = True
        if not every_live:
            matched &= self.alive
        return np.flatnonzero(matched).astype(np.int32)


FIRST_CANDIDATES = 50
"""Best-ranked documents checked against the validity filter first; x4 while too few pass."""


GUESSED_ABOVE = 16_384
"""Above this many candidates, the best are looked for among those scoring at least a cut guessed
from a sample of them: a comparison over all and a partition of a few hundred, instead of a
partition of them all (13 ms for the million-memory user's 970,000 matches of four common words)."""
SAMPLE = 4096
CUT_MARGIN = 4
"""A dense search keeps about this many times the documents it is asked for above its cut..."""
CUT_WIDENS = 16
"""...and this many times more at each widening, until the cut would keep a quarter of them all."""


def _best(
    chosen: Ordinals, scores: Floats, orders: npt.NDArray[np.int64], limit: int
) -> npt.NDArray[np.intp]:
    """Positions in `chosen` of its best `limit` by (score descending, order ascending), in that
    order: exactly the first `limit` of a full sort, without one. `orders` are the index's, by
    ordinal (only the few compared are looked up)."""
    pool = _clearing_guess(scores, limit)
    if pool is None:
        return _best_among(scores, orders[chosen], limit)
    return pool[_best_among(scores[pool], orders[chosen[pool]], limit)]


def _clearing_guess(scores: Floats, limit: int) -> npt.NDArray[np.intp] | None:
    """Positions of the scores at least a cut guessed from a sample to leave about four times
    `limit`; None when there are few scores, or fewer than `limit` clear the guess. When `limit`
    or more clear it, the `limit`-th best score is at least the guess, so every score a full sort
    would put first - ties at the last place included - is among them."""
    if len(scores) <= max(GUESSED_ABOVE, limit):
        return None
    pool = np.flatnonzero(scores >= _guessed_cut(scores, 4 * limit))
    return pool if len(pool) >= limit else None


def _clearing_cut(total: Floats, wanted: int) -> float:
    """A score about `wanted` of `total` reach; 0.0 when there are too few scores to bother, or the
    guess falls on documents that match nothing."""
    return 0.0 if wanted * CUT_MARGIN >= len(total) else _guessed_cut(total, wanted)


def _guessed_cut(scores: Floats, wanted: int) -> float:
    """The score about `wanted` of `scores` reach, read off a strided sample of SAMPLE of them."""
    sample = scores[:: max(1, len(scores) // SAMPLE)]
    keep = min(len(sample), wanted * len(sample) // len(scores) + 1)
    return float(np.partition(sample, len(sample) - keep)[len(sample) - keep])


def _best_among(scores: Floats, orders: npt.NDArray[np.int64], limit: int) -> npt.NDArray[np.intp]:
    """Positions of the best `limit` of `scores` by (score descending, order ascending), in order."""
    if limit < len(scores):
        part = np.argpartition(-scores, limit - 1)[:limit]
        cut = scores[part].min()
        above = np.flatnonzero(scores > cut)
        tied = np.flatnonzero(scores == cut)
        need = limit - len(above)
        if need < len(tied):
            tied = tied[np.argpartition(orders[tied], need - 1)[:need]] if need > 0 else tied[:0]
        taken = np.concatenate([above, tied])
    else:
        taken = np.arange(len(scores))
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
    widen = 0
    limit = max(FIRST_CANDIDATES, 2 * k)
    chosen, scores, bound = index.scores(terms, stats=stats, depth=limit)
    while True:
        taken = _best(chosen, scores, index.orders, limit)
        ids = [index.ids[n] for n in chosen[taken].tolist()]
        passed = valid(ids)
        ranked = [
            (rid, score) for rid, score in zip(ids, scores[taken].tolist(), strict=True) if rid in passed
        ][:k]
        # The first `limit` in the total order were checked: k of them passed, or all were checked.
        # A document the rarer terms did not find scores below `bound`.
        if len(ranked) == k and ranked[-1][1] > bound:
            return ranked
        if len(ranked) < k and limit < len(chosen):
            limit *= 4
            continue
        if not bound:
            return ranked
        # Too weak against what the other terms could add: score one more of them whole.
        widen += 1
        limit = max(FIRST_CANDIDATES, 2 * k)
        chosen, scores, bound = index.scores(terms, stats=stats, widen=widen, depth=limit)
