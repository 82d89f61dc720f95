"""Scale on PostgreSQL + pgvector: load N synthetic memories (users x per-user, plus one large user)
straight into a store's tables with COPY, build the HNSW index (timed), then time full recalls
through Memory (e5 embeds the query; the overhead beyond embedding is recall time minus the
embedding step) for small users and for the large one.

    python bench/scale_postgres.py load --url postgresql://.../db?schema=scale \
        --users 1000 --per-user 1000 --big 100000
    python bench/scale_postgres.py index --url ...
    python bench/scale_postgres.py recall --url ... --queries 300
    python bench/scale_postgres.py keywords --url ... --queries 300   # large-memory path vs full BM25

Synthetic vectors (unit-length, 384-d, clustered per user) and texts (Zipf over a 5,000-word
vocabulary, 8 words each) are for timing only: their recall quality means nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from datetime import datetime, timedelta

import numpy as np
import psycopg
from pgvector.psycopg import register_vector

DIM = 384
MODEL = "multilingual-e5-small-q4"
T0 = datetime(2026, 1, 1)
WORDS = [f"w{n}" for n in range(5000)]


def _texts(rng: np.random.Generator, n: int) -> list[list[str]]:
    ranks = np.minimum(rng.zipf(1.3, size=(n, 8)) - 1, len(WORDS) - 1)
    return [[WORDS[r] for r in row] for row in ranks]


def load(url: str, users: int, per_user: int, big: int) -> None:
    from hindsight.stores.postgres.database import Database, split_url

    Database(url).close()  # migrate
    libpq, schema, _ = split_url(url)
    rng = np.random.default_rng(7)
    started = time.perf_counter()
    plan = [(f"u{n:04d}", per_user) for n in range(users)] + ([("big", big)] if big else [])
    with psycopg.connect(libpq, autocommit=True) as conn:
        if schema:
            conn.execute(f"SET search_path TO {schema}, public")
        register_vector(conn)
        loaded = 0
        for user, count in plan:
            center = rng.standard_normal(DIM).astype(np.float32)
            vectors = center + 1.5 * rng.standard_normal((count, DIM)).astype(np.float32)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            texts = _texts(rng, count)
            with conn.transaction(), conn.cursor() as cur:
                with cur.copy(
                    "COPY records (id, tenant, user_id, tier, kind, text, source_ids, entities, "
                    "entity_values, importance, created_at, event_time, valid_from, origin, "
                    "embedding_model, embedding, embedding_dim, doc_len) FROM STDIN WITH (FORMAT BINARY)"
                ) as copy:
                    copy.set_types(
                        [
                            "text",
                            "text",
                            "text",
                            "text",
                            "text",
                            "text",
                            "jsonb",
                            "jsonb",
                            "text[]",
                            "float8",
                            "timestamp",
                            "timestamp",
                            "timestamp",
                            "text",
                            "text",
                            "vector",
                            "int4",
                            "int4",
                        ]
                    )
                    for i in range(count):
                        when = T0 + timedelta(minutes=i)
                        order = f"SF{loaded + i:08d}"
                        copy.write_row(
                            (
                                f"{user}-{i}",
                                "default",
                                user,
                                "long" if i % 10 == 0 else "short",
                                "fact",
                                " ".join(texts[i]) + f" order {order}",
                                psycopg.types.json.Jsonb([]),
                                psycopg.types.json.Jsonb({"order": order}),
                                [order],
                                0.5,
                                when,
                                when,
                                when,
                                "manual",
                                MODEL,
                                vectors[i],
                                DIM,
                                10,
                            )
                        )
                with cur.copy(
                    "COPY keyword_terms (tenant, user_id, term, record_id, tf, doc_len) FROM STDIN"
                ) as copy:
                    for i in range(count):
                        terms: dict[str, int] = {}
                        for word in (*texts[i], "order", f"sf{loaded + i:08d}"):
                            terms[word] = terms.get(word, 0) + 1
                        for term, tf in terms.items():
                            copy.write_row(("default", user, term, f"{user}-{i}", tf, 10))
                cur.execute(
                    "INSERT INTO generations (tenant, user_id, records, vectors, docs, doc_len) "
                    "VALUES ('default', %s, 1, 1, %s, %s)",
                    (user, count, count * 10),
                )
            loaded += count
            if user.endswith("00") or user == "big":
                print(
                    json.dumps({"loaded": loaded, "s": round(time.perf_counter() - started, 1)}), flush=True
                )
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('embedding_model', %s), ('embedding_dim', %s) "
            "ON CONFLICT DO NOTHING",
            (MODEL, str(DIM)),
        )
        # The keyword statistics the writes keep (migration 4 computes them the same way).
        conn.execute(
            "INSERT INTO keyword_tenants (tenant, docs, doc_len) SELECT tenant, sum(docs), sum(doc_len) "
            "FROM generations GROUP BY tenant"
        )
        conn.execute(
            "INSERT INTO keyword_df (tenant, term, docs) SELECT tenant, term, count(*) FROM keyword_terms "
            "GROUP BY tenant, term"
        )
        # A settled store: the visibility map set (index-only scans) and GIN's pending list merged,
        # as autovacuum leaves a store some time after a bulk write.
        conn.execute("VACUUM ANALYZE")
    print(json.dumps({"loaded": loaded, "load_s": round(time.perf_counter() - started, 1)}), flush=True)


def index(url: str, m: int, ef_construction: int) -> None:
    """The big user's own HNSW index (users under vector_exact_below are searched exactly)."""
    from hindsight.models import Scope
    from hindsight.stores.postgres.database import split_url
    from hindsight.stores.postgres.vectors import HnswSettings, build_index, index_name

    libpq, schema, _ = split_url(url)
    big = Scope("default", "big")
    with psycopg.connect(libpq, autocommit=True) as conn:
        if schema:
            conn.execute(f"SET search_path TO {schema}, public")
        conn.execute(f"DROP INDEX IF EXISTS {index_name(big, DIM)}")
        conn.execute("SET maintenance_work_mem = '2GB'")
        conn.execute("SET max_parallel_maintenance_workers = 1")
        started = time.perf_counter()
        build_index(conn, big, DIM, HnswSettings(m=m, ef_construction=ef_construction))
        took = time.perf_counter() - started
        sizes = conn.execute(
            "SELECT pg_total_relation_size('records'), pg_relation_size(%s), "
            "pg_total_relation_size('keyword_terms'), (SELECT count(*) FROM records)",
            (index_name(big, DIM),),
        ).fetchone()
    assert sizes is not None
    total = sizes[0] + sizes[2]
    print(
        json.dumps(
            {
                "hnsw_m": m,
                "ef_construction": ef_construction,
                "big_user_index_build_s": round(took, 1),
                "records": sizes[3],
                "records_table_bytes_incl_indexes": sizes[0],
                "big_user_hnsw_bytes": sizes[1],
                "keyword_terms_bytes": sizes[2],
                "bytes_per_million": round(total / sizes[3] * 1_000_000),
            }
        ),
        flush=True,
    )


def recall(url: str, queries: int, ef_search: int, exact_below: int) -> None:
    from hindsight import Memory, Settings

    settings = Settings(
        store=url,
        embedder="e5",
        hnsw_ef_search=ef_search,
        vector_exact_below=exact_below,
        recall_cache_ttl_s=0,
    )
    rng = np.random.default_rng(11)
    with Memory(settings=settings, background=False) as memory:
        memory.recall("u0000", "warm up w1 w2", now=T0 + timedelta(days=900))
        for label, users in (
            ("small users (1,000 memories)", [f"u{n:04d}" for n in range(1000)]),
            ("big user (100,000)", ["big"]),
        ):
            overhead, total = [], []
            steps: dict[str, list[float]] = {}
            for q in range(queries):
                user = users[int(rng.integers(len(users)))]
                words = " ".join(WORDS[int(r)] for r in np.minimum(rng.zipf(1.3, size=4) - 1, 4999))
                text = (
                    f"what about {words} and order SF{int(rng.integers(1_100_000)):08d}?"
                    if q % 3 == 0
                    else f"tell me about {words}"
                )
                started = time.perf_counter()
                answer = memory.recall(user, text, now=T0 + timedelta(days=900), top_k=10)
                ms = (time.perf_counter() - started) * 1000
                total.append(ms)
                overhead.append(ms - answer.timings.get("embed", 0.0))
                for step, took in answer.timings.items():
                    steps.setdefault(step, []).append(took)
            overhead.sort()
            print(
                json.dumps(
                    {
                        "who": label,
                        "queries": queries,
                        "ef_search": ef_search,
                        "exact_below": exact_below,
                        "overhead_p50_ms": round(statistics.median(overhead), 1),
                        "overhead_p99_ms": round(overhead[int(0.99 * (len(overhead) - 1))], 1),
                        "total_p50_ms": round(statistics.median(total), 1),
                        "steps_p50_p99_ms": {
                            step: [
                                round(statistics.median(v), 1),
                                round(sorted(v)[int(0.99 * (len(v) - 1))], 1),
                            ]
                            for step, v in steps.items()
                        },
                    }
                ),
                flush=True,
            )


def overlap(url: str, queries: int, ef_search: int) -> None:
    """HNSW against an exact scan on the big user: how many of the exact top 20 the index finds."""
    from datetime import timedelta as delta

    from hindsight.models import Scope
    from hindsight.stores.base import RecordFilter
    from hindsight.stores.postgres.database import Database
    from hindsight.stores.postgres.vectors import HnswSettings, PostgresVectors

    db = Database(url)
    exact = PostgresVectors(db, HnswSettings(exact_below=10**9))
    exact._indexed_user = lambda *args: False  # type: ignore[method-assign]  # always the exact scan
    approximate = PostgresVectors(
        db, HnswSettings(exact_below=1, ef_search=ef_search)
    )  # the big user's index
    rng = np.random.default_rng(5)
    where = RecordFilter(scope=Scope("default", "big"), valid_at=T0 + delta(days=900))
    found, times = [], []
    with db.read() as conn:  # queries near the user's own memories, as real questions are
        rows = conn.execute(
            "SELECT id, embedding FROM records WHERE tenant = 'default' AND user_id = 'big' "
            "ORDER BY random() LIMIT %s",
            (queries,),
        ).fetchall()
    try:
        sources = []
        for source, stored in rows:
            query = np.asarray(stored.to_numpy(), dtype=np.float32)
            query = query + 0.05 * rng.standard_normal(DIM).astype(np.float32)
            query /= np.linalg.norm(query)
            truth = {rid for rid, _ in exact.search_vector(where, query, 20)}
            started = time.perf_counter()
            ranked = [rid for rid, _ in approximate.search_vector(where, query, 20)]
            times.append((time.perf_counter() - started) * 1000)
            found.append(len(truth & set(ranked)) / 20)
            sources.append(bool(ranked) and ranked[0] == source)
    finally:
        db.close()
    times.sort()
    print(
        json.dumps(
            {
                "who": "big user",
                "ef_search": ef_search,
                "queries": queries,
                "hnsw_recall_at_20_vs_exact": round(statistics.mean(found), 3),
                "source_memory_first": round(statistics.mean(sources), 3),
                "hnsw_p50_ms": round(statistics.median(times), 1),
                "hnsw_p99_ms": round(times[int(0.99 * (len(times) - 1))], 1),
            }
        ),
        flush=True,
    )


def _queries(queries: int) -> list[str]:
    """The big user's recall queries, as `recall` draws them (the same generator, same order)."""
    rng = np.random.default_rng(11)
    texts = []
    for q in range(2 * queries):
        rng.integers(1000)  # the user drawn (small users' half)
        words = " ".join(WORDS[int(r)] for r in np.minimum(rng.zipf(1.3, size=4) - 1, 4999))
        texts.append(
            f"what about {words} and order SF{int(rng.integers(1_100_000)):08d}?"
            if q % 3 == 0
            else f"tell me about {words}"
        )
    return texts[queries:]


def keywords(url: str, queries: int) -> None:
    """The big user's keyword route, the large-memory search (each term's best postings) against
    scoring every posting: time, and how often the top 20 holds the same scores (ids are arbitrary
    among equal scores, and the synthetic texts tie a lot)."""
    from hindsight.models import Scope
    from hindsight.stores.base import RecordFilter
    from hindsight.stores.postgres import keywords as kw
    from hindsight.stores.postgres.database import Database
    from hindsight.text import query_terms

    db = Database(url)
    search = kw.PostgresKeywords(db)
    where = RecordFilter(scope=Scope("default", "big"), valid_at=T0 + timedelta(days=900))
    clauses, params = kw.validity(where, "m")
    took: dict[str, list[float]] = {"all_postings": [], "best_postings": []}
    same_ranks, same_lists, shared_ids = [], [], []
    try:
        for text in _queries(queries):
            wanted = sorted({t for term in query_terms(text) for t in kw.tokens(kw.segment_for_index(term))})
            with db.read() as conn:
                started = time.perf_counter()
                full = search._search_all_postings(conn, where, wanted, 20, clauses, params)
                took["all_postings"].append((time.perf_counter() - started) * 1000)
                started = time.perf_counter()
                best = search._search_top_postings(conn, where, wanted, 20, clauses, params)
                took["best_postings"].append((time.perf_counter() - started) * 1000)
            exact = [round(score, 9) for _, score in full]
            found = [round(score, 9) for _, score in best]
            same_ranks.append(sum(a == b for a, b in zip(exact, found, strict=False)) / max(1, len(exact)))
            same_lists.append(exact == found)
            shared_ids.append(len({r for r, _ in full} & {r for r, _ in best}) / max(1, len(full)))
    finally:
        db.close()

    def pct(values: list[float], q: float) -> float:
        return round(sorted(values)[int(q * (len(values) - 1))], 1)

    print(
        json.dumps(
            {
                "who": "big user, keyword route alone, k 20",
                "queries": queries,
                "postings_read": kw.POSTINGS_READ,
                "rescored": kw.RESCORED,
                "ms_p50_p99": {name: [pct(v, 0.5), pct(v, 0.99)] for name, v in took.items()},
                "ranks_with_the_full_scoring_score": round(statistics.mean(same_ranks), 3),
                "queries_with_the_same_top20_scores": round(statistics.mean(same_lists), 3),
                "top20_ids_shared": round(statistics.mean(shared_ids), 3),
            }
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("step", choices=["load", "index", "recall", "overlap", "keywords"])
    parser.add_argument("--url", required=True)
    parser.add_argument("--users", type=int, default=1000)
    parser.add_argument("--per-user", type=int, default=1000)
    parser.add_argument("--big", type=int, default=100_000)
    parser.add_argument("--m", type=int, default=16)
    parser.add_argument("--ef-construction", type=int, default=64)
    parser.add_argument("--ef-search", type=int, default=100)
    parser.add_argument("--exact-below", type=int, default=20_000)
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    if args.step == "load":
        load(args.url, args.users, args.per_user, args.big)
    elif args.step == "index":
        index(args.url, args.m, args.ef_construction)
    elif args.step == "overlap":
        overlap(args.url, args.queries, args.ef_search)
    elif args.step == "keywords":
        keywords(args.url, args.queries)
    else:
        recall(args.url, args.queries, args.ef_search, args.exact_below)


if __name__ == "__main__":
    main()
