"""The in-memory keyword index (stores/sparse.py) on SQLite: the ranking FTS5 gives a store of one
tenant (BM25's statistics are the tenant's), kept current from the keyword feed as records are
added, rewritten, deleted and promoted by this process or another, and read whole again only when
it must be."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from hindsight import Settings
from hindsight.state.local import LruCache
from hindsight.stores import sparse
from hindsight.stores.base import Change
from hindsight.stores.registry import Backend, open_backend
from hindsight.stores.sqlite import keywords
from hindsight.stores.sqlite.database import Database
from hindsight.text import query_terms

from .conformance.kit import ACME_ALICE, ALICE, BOB, T0, rec, where

WORDS = ["espresso", "tea", "milk", "sugar", "bread", "order", "parcel", "train", "hotel", "budget"]


def _open(home: Path) -> Backend:
    return open_backend(Settings(home=home, embedder="hash"), LruCache(8))


def _keywords(backend: Backend) -> keywords.SQLiteKeywords:
    index = backend.keywords
    assert isinstance(index, keywords.SQLiteKeywords)
    return index


def _fts_every_match(
    backend: Backend, monkeypatch: pytest.MonkeyPatch, at: object, terms: list[str], k: int
) -> object:
    """What FTS5 answers when every match is joined to its record and sorted."""
    with monkeypatch.context() as patch:
        patch.setattr(keywords, "MOST_CANDIDATES", 0)
        return _keywords(backend)._search_fts(at, terms, k)  # type: ignore[arg-type]


def _text(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 5))]
    if rng.random() < 0.7:  # in most memories: FTS5's floor idf
        words.append("coffee")
    return " ".join(words)


def _assert_same_as_fts(
    backend: Backend, monkeypatch: pytest.MonkeyPatch, rng: random.Random, queries: int = 12
) -> None:
    filters = [where(), where(tiers=("long",)), where(at=T0 + timedelta(hours=1))]
    asked = [[rng.choice([*WORDS, "coffee"]) for _ in range(rng.randint(1, 3))] for _ in range(queries)]
    asked += [["coffee"], ["coffee", "espresso"], ["nothing"]]
    for at in filters:
        for terms in asked:
            for k in (1, 5, 40):
                got = _keywords(backend).search_keyword(at, terms, k)
                assert got == _fts_every_match(backend, monkeypatch, at, terms, k), (at, terms, k)


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("pruned", [False, True])
@pytest.mark.parametrize("dense_share", [0, 10**9])
def test_common_terms_rank_as_fts5_ranks_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int, pruned: bool, dense_share: int
) -> None:
    rng = random.Random(seed)
    monkeypatch.setattr(sparse, "FIRST_CANDIDATES", 3)
    monkeypatch.setattr(sparse, "DENSE_SHARE", dense_share)  # never, or every query over every ordinal
    if pruned:  # the rarer terms scored whole, the others looked up, as for a large user
        monkeypatch.setattr(sparse, "ESSENTIAL_AT_LEAST", 1)
        monkeypatch.setattr(sparse, "ESSENTIAL_SHARE", 10)
        monkeypatch.setattr(sparse, "COMMON_SHARE", 8)
    backend = _open(tmp_path)
    try:
        records = [
            rec(f"r{n:03d}", _text(rng), tier=rng.choice(("short", "long")),
                valid_until=T0 + timedelta(days=1) if rng.random() < 0.5 else None)
            for n in range(300)
        ]  # fmt: skip
        backend.records.apply(Change(add=tuple(records)))
        _assert_same_as_fts(backend, monkeypatch, rng)
    finally:
        backend.close()


def test_the_index_follows_every_change_from_the_feed_without_reading_it_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(5)
    monkeypatch.setattr(sparse, "FIRST_CANDIDATES", 3)
    backend = _open(tmp_path)
    other = _open(tmp_path)  # another process on the same file, with a cache of its own
    try:
        backend.records.apply(Change(add=tuple(rec(f"r{n:03d}", _text(rng)) for n in range(200))))
        first = _keywords(backend).postings(ALICE)
        builds = 0
        real_build = sparse.Postings.build

        def counted(*args: object, **kwargs: object) -> sparse.Postings:
            nonlocal builds
            builds += 1
            return real_build(*args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(sparse.Postings, "build", counted)
        for step in range(6):
            writer = other if step % 2 else backend
            stored = list(writer.records.get_many([f"r{n:03d}" for n in range(200 + 10 * step)]).values())
            chosen = rng.sample(stored, 12)
            writer.records.apply(
                Change(
                    add=tuple(rec(f"r{200 + 10 * step + n:03d}", _text(rng)) for n in range(10)),
                    update=tuple(replace(r, text=_text(rng)) for r in chosen[:4])
                    + tuple(replace(r, tier="long") for r in chosen[4:8]),  # not a keyword change
                    delete=tuple(chosen[8:]),
                )
            )
            # Another user of the tenant: the statistics move, alice's index does not.
            other.records.apply(Change(add=(rec(f"b{step}", _text(rng), scope=BOB),)))
            _assert_same_as_fts(backend, monkeypatch, rng, queries=4)
            _assert_same_as_fts(other, monkeypatch, rng, queries=4)
        now = _keywords(backend).postings(ALICE)
        assert builds == 1  # `other`'s first read; `backend` only ever brought its index forward
        assert list(now.ids)[: len(first.ids)] == list(first.ids) and now.position > first.position
        assert now.live == 200 + 60 - 6 * 4
        other.records.apply(Change(add=(rec("b9", "espresso tea", scope=BOB),)))
        assert _keywords(backend).postings(ALICE) is now  # alice's generation did not move
        assert set(_keywords(backend).postings(BOB).ordinal) == {f"b{n}" for n in [*range(6), 9]}
        # What the writes counted is what counting every record again gives.
        with backend_db(backend).write() as conn:
            counted = _statistics_rows(conn)
            keywords.recount(conn)
            assert _statistics_rows(conn) == counted
    finally:
        backend.close()
        other.close()


def backend_db(backend: Backend) -> Database:
    db = _keywords(backend)._db
    assert isinstance(db, Database)
    return db


def _statistics_rows(conn: sqlite3.Connection) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    return (
        conn.execute("SELECT * FROM keyword_df WHERE docs != 0 ORDER BY 1, 2").fetchall(),
        conn.execute("SELECT * FROM keyword_tenants ORDER BY 1").fetchall(),
    )


def test_another_tenants_memories_do_not_move_a_tenants_ranking(tmp_path: Path) -> None:
    backend = _open(tmp_path)
    try:
        backend.records.apply(
            Change(
                add=(
                    rec("a0", "espresso with milk"),
                    rec("a1", "espresso"),
                    rec("a2", "tea with milk and sugar"),
                )
            )
        )
        before = _keywords(backend).search_keyword(where(), ["espresso", "milk"], 5)
        backend.records.apply(
            Change(add=tuple(rec(f"x{n}", "milk " * (n % 3 + 1), scope=ACME_ALICE) for n in range(50)))
        )
        assert _keywords(backend).search_keyword(where(), ["espresso", "milk"], 5) == before
        assert [rid for rid, _ in _keywords(backend).search_keyword(where(ACME_ALICE), ["milk"], 3)] == [
            "x2",
            "x5",
            "x8",
        ]
    finally:
        backend.close()


def test_a_long_feed_is_read_as_a_whole_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _open(tmp_path)
    try:
        backend.records.apply(Change(add=(rec("r0", "espresso"),)))
        before = _keywords(backend).postings(ALICE)
        backend.records.apply(Change(add=tuple(rec(f"s{n:04d}", "tea and milk") for n in range(1500))))
        after = _keywords(backend).postings(ALICE)
        assert after.position > before.position and after.live == 1501
        assert after.ids[0] == "r0" and "s1499" in after.ordinal
        assert _keywords(backend).search_keyword(where(), ["espresso"], 5) == _fts_every_match(
            backend, monkeypatch, where(), ["espresso"], 5
        )
    finally:
        backend.close()


def test_chinese_is_found_by_its_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    backend = _open(tmp_path)
    try:
        texts = ["用户喜欢喝美式咖啡", "用户不喜欢拿铁", "下周三去上海出差，订了酒店", "Alice 喜欢 espresso"]
        backend.records.apply(Change(add=tuple(rec(f"z{n}", text) for n, text in enumerate(texts))))
        for query in ["美式咖啡", "喜欢 拿铁", "上海的酒店", "espresso"]:
            terms = query_terms(query)
            got = _keywords(backend).search_keyword(where(), terms, 5)
            assert got and got == _fts_every_match(backend, monkeypatch, where(), terms, 5), query
    finally:
        backend.close()


def test_a_term_of_several_tokens_is_a_phrase_fts5_answers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    backend = _open(tmp_path)
    try:
        backend.records.apply(Change(add=(rec("p0", "shipped_to Paris"), rec("p1", "to be shipped"))))
        monkeypatch.setattr(sparse.Postings, "scores", None)  # the in-memory index is not asked
        assert [rid for rid, _ in _keywords(backend).search_keyword(where(), ["shipped_to"], 5)] == ["p0"]
    finally:
        backend.close()


def test_removed_places_are_compacted_away_with_the_same_scores() -> None:
    rng = random.Random(3)
    docs = [(f"d{n}", n, Counter(rng.choice(WORDS) for _ in range(rng.randint(1, 6)))) for n in range(3000)]
    index = sparse.Postings.build(docs, extra=1)
    gone = {f"d{n}" for n in rng.sample(range(3000), 1200)}
    rewritten = [("d7", 7, Counter({"tea": 2})), ("new", 3000, Counter({"milk": 1}))]
    changed = index.changed(gone, rewritten, 1, 9)
    kept = [doc for doc in docs if doc[0] not in gone and doc[0] != "d7"]
    fresh = sparse.Postings.build([*kept, *rewritten], extra=1)
    assert len(changed.ids) == changed.live == fresh.live  # compacted: no removed place is kept
    assert (changed.generation, changed.position) == (1, 9)
    assert index.live == 3000  # the index it came from is unchanged
    for terms in (["tea"], ["milk", "tea", "tea"], ["budget", "hotel"]):
        ours, scores, _ = changed.scores(terms, every=True)
        theirs, expected, _ = fresh.scores(terms, every=True)
        assert dict(zip([changed.ids[n] for n in ours], scores.tolist(), strict=True)) == pytest.approx(
            dict(zip([fresh.ids[n] for n in theirs], expected.tolist(), strict=True))
        )


def test_a_floored_term_is_scored_for_what_the_rarer_terms_found() -> None:
    docs = [
        (f"d{n}", n, Counter({"coffee": 1 + n % 3, **({"tea": 1} if n % 10 == 0 else {})}))
        for n in range(100)
    ]
    index = sparse.Postings.build(docs, extra=1)
    chosen, scores, bound = index.scores(["tea", "coffee"])
    assert sorted(index.ids[n] for n in chosen) == [f"d{n}" for n in range(0, 100, 10)]
    assert bound == pytest.approx(sparse.FLOOR_IDF * (sparse.K1 + 1))
    every, all_scores, none = index.scores(["tea", "coffee"], every=True)
    assert none == 0.0 and len(every) == 100
    assert np.allclose(all_scores[np.isin(every, chosen)], scores)
    assert all_scores[~np.isin(every, chosen)].max() < bound


def _count_builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    builds: list[int] = []
    real_build = sparse.Postings.build

    def counted(*args: object, **kwargs: object) -> sparse.Postings:
        builds.append(1)
        return real_build(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sparse.Postings, "build", counted)
    return builds


def test_a_new_process_reads_a_large_users_index_from_its_file_and_the_feed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(9)
    monkeypatch.setattr(keywords, "KEEP_FROM_DOCS", 50)
    first = _open(tmp_path)
    try:
        first.records.apply(Change(add=tuple(rec(f"r{n:03d}", _text(rng)) for n in range(120))))
        _keywords(first).search_keyword(where(), ["tea"], 5)  # built, and kept in its file
        assert list((tmp_path / "memory.db.keywords").glob("*.keywords"))
        stored = list(first.records.get_many([f"r{n:03d}" for n in range(120)]).values())
        first.records.apply(
            Change(
                add=(rec("late", "espresso tea"),),
                update=(replace(stored[3], text="tea tea tea"),),
                delete=(stored[5],),
            )
        )
    finally:
        first.close()
    builds = _count_builds(monkeypatch)
    second = _open(tmp_path)
    try:
        _assert_same_as_fts(second, monkeypatch, rng, queries=6)
        assert not builds  # the file, then the feed since it was written
        index = _keywords(second).postings(ALICE)
        assert "late" in index.ordinal and "r005" not in index.ordinal and index.live == 120
    finally:
        second.close()


def test_a_file_that_is_not_this_stores_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(keywords, "KEEP_FROM_DOCS", 10)
    for home, word in ((tmp_path / "a", "espresso"), (tmp_path / "b", "tea")):
        backend = _open(home)
        try:
            backend.records.apply(Change(add=tuple(rec(f"r{n:03d}", f"{word} {n}") for n in range(20))))
            _keywords(backend).postings(ALICE)
        finally:
            backend.close()
    # b's index file put in a's place; then a damaged one.
    (kept,) = (tmp_path / "b" / "memory.db.keywords").glob("*.keywords")
    target = tmp_path / "a" / "memory.db.keywords" / kept.name
    for content in (kept.read_bytes(), b"not an index"):
        target.write_bytes(content)
        builds = _count_builds(monkeypatch)
        backend = _open(tmp_path / "a")
        try:
            assert [rid for rid, _ in _keywords(backend).search_keyword(where(), ["espresso"], 3)] == [
                "r000",
                "r001",
                "r002",
            ]
            assert builds == [1]
        finally:
            backend.close()
        monkeypatch.undo()
        monkeypatch.setattr(keywords, "KEEP_FROM_DOCS", 10)


def test_the_feed_keeps_its_newest_entries_and_an_index_older_than_them_is_read_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(keywords, "FEED_KEPT", 50)
    monkeypatch.setattr(keywords, "FEED_PRUNE_EVERY", 20)
    behind, writer = _open(tmp_path), _open(tmp_path)
    try:
        behind.records.apply(Change(add=tuple(rec(f"r{n:03d}", "tea") for n in range(10))))
        assert _keywords(behind).search_keyword(where(), ["espresso"], 5) == []
        for n in range(12):  # 120 entries, one at a time: the feed is pruned as it goes
            writer.records.apply(Change(add=tuple(rec(f"s{n:02d}{m}", "espresso") for m in range(10))))
        with backend_db(writer).read() as conn:
            kept = conn.execute("SELECT count(*), min(seq) FROM keyword_log").fetchone()
        assert kept[0] <= 50 + 20 and kept[1] > 10
        builds = _count_builds(monkeypatch)
        found = _keywords(behind).search_keyword(where(), ["espresso"], 200)
        assert len(found) == 120 and builds == [1]  # read whole: the feed since its index is gone
        writer.records.apply(Change(add=(rec("last", "espresso espresso"),)))
        assert _keywords(behind).search_keyword(where(), ["espresso"], 1)[0][0] == "last"
        assert builds == [1]  # the feed since then is whole again
    finally:
        behind.close()
        writer.close()


def test_a_removed_memorys_words_leave_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(11)
    monkeypatch.setattr(keywords, "KEEP_FROM_DOCS", 50)
    store = _open(tmp_path)
    try:
        store.records.apply(
            Change(add=(*(rec(f"r{n:03d}", _text(rng)) for n in range(80)), rec("secret", "zanzibar tea")))
        )
        _keywords(store).search_keyword(where(), ["tea"], 5)  # built and kept in its file
        (path,) = (tmp_path / "memory.db.keywords").glob("*.keywords")
        assert "zanzibar" in keywords.Postings.load(path)[0].postings  # type: ignore[index]
        (forgotten,) = store.records.get_many(["secret"]).values()
        store.records.apply(Change(delete=(forgotten,)))
        _keywords(store).search_keyword(where(), ["tea"], 5)  # brought forward: the file follows
        loaded = keywords.Postings.load(path)
        assert loaded is not None
        assert "zanzibar" not in loaded[0].postings and "secret" not in list(loaded[0].ids)
    finally:
        store.close()


# -- the index's own tables: pruning, compaction, its file -----------------------------------------

ZIPF = [f"t{n}" for n in range(40)]


def _zipf_docs(rng: random.Random, count: int, start: int = 0) -> list[sparse.Doc]:
    weights = [1.0 / (n + 1) for n in range(len(ZIPF))]
    return [
        (f"d{n}", n, Counter(rng.choices(ZIPF, weights, k=rng.randint(1, 8))))
        for n in range(start, start + count)
    ]


def _every_match(
    index: sparse.Postings, terms: list[str], k: int, passed: set[str]
) -> list[tuple[str, float]]:
    chosen, scores, bound = index.scores(terms, every=True)
    assert bound == 0.0
    pairs = zip(chosen.tolist(), scores.tolist(), strict=True)
    ranked = sorted((-score, int(index.orders[n]), index.ids[n]) for n, score in pairs)
    return [(rid, -negative) for negative, _order, rid in ranked if rid in passed][:k]


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("dense_share", [0, 3, 10**9])
def test_pruned_search_gives_what_scoring_every_match_gives(
    monkeypatch: pytest.MonkeyPatch, seed: int, dense_share: int
) -> None:
    # Small budgets, so that the rarer terms are scored whole and the rest looked up, bounds are
    # crossed and searches widened; filters passing from every document to one in twenty. Dense
    # scoring never, for queries of common words only, and for every query.
    monkeypatch.setattr(sparse, "DENSE_SHARE", dense_share)
    monkeypatch.setattr(sparse, "ESSENTIAL_AT_LEAST", 1)
    monkeypatch.setattr(sparse, "ESSENTIAL_SHARE", 20)
    monkeypatch.setattr(sparse, "COMMON_SHARE", 6)
    monkeypatch.setattr(sparse, "FIRST_CANDIDATES", 5)
    rng = random.Random(seed)
    docs = _zipf_docs(rng, 2000)
    index = sparse.Postings.build(docs, extra=1)
    index = index.changed({f"d{n}" for n in rng.sample(range(2000), 300)}, _zipf_docs(rng, 200, 2000), 1, 1)
    assert index.live < len(index.ids) and index.overlay  # removed places and changed terms kept aside
    ids = [doc[0] for doc in docs] + [f"d{n}" for n in range(2000, 2200)]
    widened = 0
    real_scores = sparse.Postings.scores

    def counted(self: sparse.Postings, *args: object, **kwargs: object) -> object:
        nonlocal widened
        widened += bool(kwargs.get("widen"))
        return real_scores(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(sparse.Postings, "scores", counted)
    densely = 0
    real_dense = sparse.Postings._score_densely

    def counted_dense(self: sparse.Postings, *args: object) -> object:
        nonlocal densely
        densely += 1
        return real_dense(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(sparse.Postings, "_score_densely", counted_dense)
    cuts: list[float] = []
    real_cut = sparse._clearing_cut

    def counted_cut(total: npt.NDArray[np.float64], wanted: int) -> float:
        cuts.append(real_cut(total, wanted))
        return cuts[-1]

    monkeypatch.setattr(sparse, "_clearing_cut", counted_cut)
    for _ in range(60):
        terms = [rng.choice(ZIPF[: rng.choice((3, 10, 40))]) for _ in range(rng.randint(1, 5))]
        share = rng.choice((1.0, 0.5, 0.05))
        passed = {rid for rid in ids if rng.random() < share}
        for k in (1, 10, 40):
            got = sparse.best_valid(index, terms, k, passed.intersection)
            assert got == _every_match(index, terms, k, passed), (terms, k, share)
    assert widened or dense_share  # the bounds were crossed at least once
    assert densely or not dense_share  # and common words scored over every ordinal,
    assert any(cuts) or dense_share != 10**9  # the best of them above a guessed cut


@pytest.mark.parametrize("seed", [5, 6])
def test_the_best_among_a_guessed_pool_are_the_best_of_a_full_sort(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    # Pools guessed from small samples of many candidates, with scores tied in long runs (common
    # words give equal scores to documents alike), and guesses too high to leave enough.
    monkeypatch.setattr(sparse, "GUESSED_ABOVE", 50)
    monkeypatch.setattr(sparse, "SAMPLE", 16)
    rng = np.random.default_rng(seed)
    guessed = 0
    for _ in range(200):
        n = int(rng.integers(51, 3000))
        scores = rng.choice(rng.random(int(rng.integers(1, 40))), size=n).astype(np.float64)
        chosen = np.sort(rng.choice(5000, size=n, replace=False)).astype(np.int32)
        orders = rng.permutation(5000).astype(np.int64)
        limit = int(rng.integers(1, 120))
        guessed += sparse._clearing_guess(scores, limit) is not None
        full = sorted(range(n), key=lambda i: (-scores[i], orders[chosen[i]]))[:limit]
        assert sparse._best(chosen, scores, orders, limit).tolist() == full
    assert guessed > 50  # the guessed path was taken
    # A sample that sees only the high scores guesses too high: fewer than asked clear it, and the
    # best are looked for among all.
    n = 1600
    scores = np.zeros(n)
    scores[:: n // 16] = 1.0 + np.arange(16)
    scores[5::97] = 0.5
    chosen = np.arange(n, dtype=np.int32)
    orders = np.arange(n, dtype=np.int64)[::-1].copy()
    assert sparse._clearing_guess(scores, 30) is None
    full = sorted(range(n), key=lambda i: (-scores[i], orders[i]))[:30]
    assert sparse._best(chosen, scores, orders, 30).tolist() == full


def test_a_compacted_index_is_the_one_built_from_its_live_documents() -> None:
    rng = random.Random(5)
    docs = _zipf_docs(rng, 500)
    index = sparse.Postings.build(docs, extra=1)
    removed = {f"d{n}" for n in rng.sample(range(500), 120)} | {"d0"}
    added = [
        *_zipf_docs(rng, 50, 500),
        ("d7", 7, Counter({"t1": 2, "new-term": 1, "茶": 3})),  # rewritten, with terms the table lacks
        ("d900", 900, Counter({"aaa": 1, "zzz": 2, "ü": 1})),
    ]
    changed = index.changed(removed, added, 3, 4)
    compacted = changed.compacted()
    latest = {doc[0]: doc for doc in added}
    live = [latest.get(doc[0], doc) for doc in docs if doc[0] not in removed] + [
        doc for doc in latest.values() if doc[0] not in {d[0] for d in docs}
    ]
    # The same documents in the same order: kept ones where they were, added ones after.
    expected_order = [doc[0] for doc in docs if doc[0] not in removed and doc[0] not in latest] + list(latest)
    assert list(compacted.ids) == expected_order
    assert compacted.live == len(expected_order) and not compacted.overlay
    table = compacted.table
    terms = list(table.terms())
    assert terms == sorted(terms, key=lambda term: term.encode()), "the table's terms in byte order"
    built = sparse.Postings.build(sorted(live, key=lambda doc: expected_order.index(doc[0])), extra=1)
    assert terms == list(built.table.terms())  # no term only removed documents held
    for term in terms:
        ours, theirs = compacted.postings[term], built.postings[term]
        assert ours[0].tolist() == theirs[0].tolist() and ours[1].tolist() == theirs[1].tolist()
    assert compacted.lengths.tolist() == built.lengths.tolist()
    assert compacted.orders.tolist() == built.orders.tolist()
    assert (compacted.generation, compacted.position) == (3, 4)
    assert compacted.ordinal["d7"] == expected_order.index("d7") and "d0" not in compacted.ordinal
    table_ids = compacted.ids
    assert table_ids.sorted_ids.tolist() == sorted(table_ids.base.tolist())  # the lookup copy, merged
    assert table_ids.base[table_ids.sorted_at].tolist() == table_ids.sorted_ids.tolist()
    assert all(compacted.ordinal[rid] == n for n, rid in enumerate(expected_order))


def test_the_file_maps_the_same_index_and_a_damaged_one_is_refused(tmp_path: Path) -> None:
    rng = random.Random(6)
    index = sparse.Postings.build(_zipf_docs(rng, 300), extra=1)
    rewritten = ("d5", 5, Counter({"fresh": 1, "t0": 2}))
    index = index.changed({"d3", "d4"}, [rewritten, *_zipf_docs(rng, 10, 300)], 2, 9)
    path = tmp_path / "user.keywords"
    index.save(path, {"feed": "f", "at": "x", "docs": index.live})
    loaded = sparse.Postings.load(path)
    assert loaded is not None
    again, tag = loaded
    assert tag == {"feed": "f", "at": "x", "docs": index.live}
    assert not again.table.docs.flags.writeable and (again.generation, again.position) == (2, 9)
    assert list(again.ids) == [index.ids[n] for n in np.flatnonzero(index.alive).tolist()]
    for terms in (["fresh"], ["t0", "t1", "t0"], ["t30", "t2"], ["absent"]):
        ours = sparse.best_valid(again, terms, 20, set)
        theirs = sparse.best_valid(index, terms, 20, set)
        assert ours == theirs
        assert ours == _every_match(index, terms, 20, set(index.ordinal))
    # What a new process does next: changes on top of the mapped tables, which stay unwritten.
    after = again.changed({"d6"}, [("d400", 400, Counter({"t0": 1}))], 3, 10)
    assert "d400" in after.ordinal and "d6" not in after.ordinal and "d6" in again.ordinal
    assert again.ordinal.get("d1000000000") is None and again.ordinal.get("d") is None  # wider, narrower
    data = path.read_bytes()
    for damaged in (data[: len(data) // 2], b"x" + data[1:], data[:40]):
        path.write_bytes(damaged)
        assert sparse.Postings.load(path) is None


def test_an_empty_index_is_written_and_read_back(tmp_path: Path) -> None:
    index = sparse.Postings.build([], extra=1)
    index.save(tmp_path / "empty.keywords", {"docs": 0})
    loaded = sparse.Postings.load(tmp_path / "empty.keywords")
    assert loaded is not None and loaded[0].live == 0 and loaded[1] == {"docs": 0}
    assert sparse.best_valid(loaded[0], ["tea"], 5, set) == []
