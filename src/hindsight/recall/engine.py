"""The read path, in order: working memory → rewrite → embed → routes (semantic, keyword, entity,
time) → fuse → collapse sources → budget → explain. Each step is a function of recall/; this module
only runs them, times them, and caches what may be cached.

What a recall may keep between calls is keyed by the user's generation (stores.base.Generation),
read first: the answer cache and the speakers. A write by any process moves the generation, so a
cached value is never served after the memory it came from changed.
"""

from __future__ import annotations

import logging
import os
import threading
import time as time_module
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from datetime import datetime

import numpy as np
import numpy.typing as npt

from hindsight import validate
from hindsight.embedding.backlog import EmbeddingBacklog
from hindsight.embedding.base import Embedder
from hindsight.errors import HindsightError
from hindsight.ids import turn_record_id
from hindsight.limits import MAX_TOKEN_BUDGET, MAX_TOP_K
from hindsight.locality import Locality, configured, for_user, locality
from hindsight.models import TIERS, Hit, Recall, Scope, Tier
from hindsight.recall import chatter, people, routes, subqueries, timefilter
from hindsight.recall import fuse as fusion
from hindsight.recall.budget import above, apply_budget
from hindsight.recall.collapse import absorb_sources, order_sources
from hindsight.recall.hits import HitCounter
from hindsight.recall.people import Person
from hindsight.recall.rewrite import neutralize_participants, with_context
from hindsight.recall.versions import newest_first
from hindsight.reindex import check_embedding_model
from hindsight.settings import Settings
from hindsight.state.base import Cache
from hindsight.stores.base import RecordFilter, Scored
from hindsight.stores.registry import Backend
from hindsight.timeutil import normalize, utcnow

log = logging.getLogger("hindsight.recall")

LIST_SECOND_LOOK = 3
"""A list or count question is looked for again from the mean of its best this many memories by
meaning (pseudo-relevance feedback; zh-personal2 tuning part aggregation ev@10 0.597 -> 0.626)."""
ROUTE_THREADS = 8
"""Threads running recalls' lexical routes, shared by every engine of the process (a recall holds
one while it runs; more concurrent recalls wait for one, they do not fail)."""
_route_pool: ThreadPoolExecutor | None = None
_route_pool_lock = threading.Lock()


def route_pool() -> ThreadPoolExecutor:
    """The process's pool for routes, made at first use (nothing runs at import)."""
    global _route_pool
    with _route_pool_lock:
        if _route_pool is None:
            _route_pool = ThreadPoolExecutor(ROUTE_THREADS, thread_name_prefix="hindsight-routes")
            # A forked child has none of the parent's threads: it makes a pool of its own.
            os.register_at_fork(after_in_child=_forget_route_pool)
        return _route_pool


def _forget_route_pool() -> None:
    global _route_pool, _route_pool_lock
    _route_pool, _route_pool_lock = None, threading.Lock()


class Stopwatch:
    """Milliseconds per step of one call, for `Recall.timings` (explain and the benchmark)."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._last = time_module.perf_counter()

    def lap(self, name: str) -> None:
        """The time since the last lap, added to `name` (a step met twice counts both times: the
        question's other readings are embedded after the routes beside have come back)."""
        now = time_module.perf_counter()
        self.laps[name] = self.laps.get(name, 0.0) + (now - self._last) * 1000.0
        self._last = now


class RecallEngine:
    def __init__(
        self,
        backend: Backend,
        embedder: Embedder,
        settings: Settings,
        backlog: EmbeddingBacklog,
        hits: HitCounter,
        answers: Cache,
        small: Cache,
    ) -> None:
        self._backend = backend
        self._embedder = embedder
        self._settings = settings
        self._backlog = backlog
        self._hits = hits
        self._answers = answers
        self._small = small
        self._default_locality = configured(settings.time_zone, settings.region)

    def _speakers(self, scope: Scope, generation: int) -> set[str]:
        key = ("speakers", scope.tenant, scope.user, generation)
        cached = self._small.get(key)
        if isinstance(cached, set):
            return cached
        found = self._backend.search.speakers(scope)
        self._small.put(key, found)
        return found

    def _embed_also(self, text: str | None, participants: set[str]) -> npt.NDArray[np.float32] | None:
        """Another reading of the question, embedded as it is (no working-memory context)."""
        if not text:
            return None
        return self._embedder.embed_query(neutralize_participants(text, participants))

    def _bridge(
        self,
        candidates: dict[str, Scored],
        chosen: fusion.Profile,
        where: RecordFilter,
        question: str,
        participants: set[str],
        skip: set[str],
        k: int,
        clock: Stopwatch,
    ) -> None:
        """A question that reaches a person through one fact to ask another: the person is read from
        the best memories of a first ranking, and the memories that mention them, ranked by the
        question asked of them by name, join the people route (recall/people.py)."""
        backend = self._backend
        first = [rid for rid, _, _ in fusion.fuse(candidates, chosen)[: routes.BRIDGE_FROM]]
        for name, about in routes.bridge_candidates(
            backend.keywords, backend.records, where, first, question, skip
        ):
            clock.lap("bridge")
            vector = self._embed_also(people.asked_of(question, name), participants)
            clock.lap("embed")
            if vector is None:
                continue
            about += routes.mentioned_nearby(
                backend.vectors, backend.records, where, [vector], Person(frozenset(), frozenset({name}))
            )
            ranked = timefilter.semantic_inside(backend.vectors.vectors_of(where.scope, about), vector, k)
            candidates["people"] = subqueries.merge(candidates.get("people", []), ranked)

    def _lexical_routes(
        self,
        where: RecordFilter,
        keyword_query: str,
        expanded: str,
        query: str,
        today: datetime,
        place: Locality,
        k: int,
        skip: frozenset[str],
    ) -> tuple[dict[str, Scored], timefilter.TimeScope | None, Person | None, list[str], dict[str, float]]:
        """The keyword, entity and time routes (no vector needed), with their own timings, and the
        memories about the people the question names (ranked by meaning once its vector is in)."""
        backend = self._backend
        clock = Stopwatch()
        found: dict[str, Scored] = {
            "keyword": routes.keyword(backend.keywords, where, keyword_query, k, skip=skip)
        }
        clock.lap("keyword")
        person, about = routes.people_candidates(
            backend.keywords, backend.records, where, query, found["keyword"], skip
        )
        clock.lap("people")
        found["entity"] = routes.entity(backend.search, where, expanded, today, k, skip=skip)
        # A range the query names filters the candidates to the memories inside it, ranked among
        # themselves (timefilter.py); with nothing inside that matches, all memories, the range a route.
        time_scope = timefilter.scope(backend.search, where, query, today, place)
        found["time"] = time_scope.inside[:k] if time_scope else []
        clock.lap("entity+time")
        return found, time_scope, person, about, clock.laps

    def recall(
        self,
        scope: Scope,
        query: str,
        session_id: str | None,
        top_k: int,
        tier: Tier | str | None,
        now: datetime | str | None,
        as_of: datetime | str | None,
        profile: str,
        token_budget: int | None,
        count_hits: bool,
        min_score: float | None = None,
        time_zone: str | None = None,
        region: str | None = None,
    ) -> Recall:
        clock = Stopwatch()
        settings = self._settings
        # the user's stored locality is read on every recall: another process may have just set it
        users = for_user(self._backend.records.locality_of(scope), self._default_locality)
        place = locality(time_zone, region, now, users)
        query = validate.text(query, "query", max_chars=settings.max_text_chars)
        top_k = validate.positive_int(top_k, "top_k", maximum=MAX_TOP_K)
        if token_budget is not None:
            token_budget = validate.positive_int(token_budget, "token_budget", maximum=MAX_TOKEN_BUDGET)
        chosen = fusion.get_profile(profile)
        floor = settings.recall_min_score if min_score is None else validate.score(min_score, "min_score")
        moment = normalize(as_of) if as_of is not None else normalize(now)
        tiers: tuple[Tier, ...] = (validate.tier(tier),) if tier is not None else TIERS
        session = validate.identifier(session_id, "session_id") if session_id is not None else None
        backend = self._backend
        window = backend.sessions.window(scope, session, utcnow()) if session else []
        # The store's model, checked at every recall: a reindex by another process must not leave
        # this one comparing its query vectors with another model's.
        check_embedding_model(backend.records, self._embedder.model_id, backend.description)
        # What was written anywhere is found by meaning at the next recall: the user's records still
        # waiting for a vector are embedded first (a bounded number; the rest wait for the loop).
        if self._backlog.waiting(scope):
            try:
                self._backlog.embed(scope, limit=2 * settings.embed_batch)
            except HindsightError as exc:  # the model busy: answer from what is indexed already
                log.warning("recall without the newest records' vectors: %s", exc)
        generation = backend.records.generation(scope).records
        expanded = with_context(query, window, settings.context_turns)
        # BM25 reads the whole window: an extra term costs it nothing and its idf keeps the small
        # talk quiet, while the embedder's cost grows with the text and a long mixed text blurs
        # its vector (madial-en ev@10 0.696 -> 0.735 with the whole window here, BENCHMARKS.md).
        keyword_query = with_context(query, window, len(window))
        cache_key: Hashable = (
            "recall",
            scope.tenant,
            scope.user,
            generation,
            expanded,
            keyword_query,
            top_k,
            tiers,
            now if now is None else moment,
            as_of,
            chosen.name,
            token_budget,
            floor,
            place.describe(),  # the clock and country a time in the query is read in
        )
        cached = self._answers.get(cache_key)
        if isinstance(cached, Recall):
            if count_hits:
                self._hits.count(cached.hits, moment)
            return replace(cached, working=window, timings={"cache": 0.0})
        where = RecordFilter(scope=scope, valid_at=moment, tiers=tiers)
        k = max(settings.route_candidates, top_k)
        today = normalize(now)
        clock.lap("prepare")
        participants = self._speakers(scope, generation)
        # Every turn a participant spoke is indexed under their name ("Caroline: ..."), so the name
        # matches all of them and ranks by length alone (the embedder reads it neutralized too).
        skip = {role.lower() for role in participants}
        # The routes that need no vector run beside the embedding and the semantic search: a
        # recall then costs its slowest route, not the sum (on a server store each is a round trip).
        # A question said inside chatter is read alone too (recall/chatter.py): its own sentences
        # find the answer that the chatter's words would bury.
        asking = chatter.question_only(query)
        focus = asking or query
        if asking:  # the chatter's words would match the chatter (pf2 tuning part: noisy 0.63 -> 0.80)
            keyword_query = with_context(asking, window, len(window))
        lexical = route_pool().submit(
            self._lexical_routes, where, keyword_query, expanded, focus, today, place, k, frozenset(skip)
        )
        query_vector = self._embedder.embed_query(neutralize_participants(expanded, participants))
        focus_vector = self._embed_also(asking, participants)
        # A question about two things is also asked for each (recall/subqueries.py).
        also = [self._embed_also(part, participants) for part in subqueries.sub_queries(focus)]
        clock.lap("embed")
        candidates = {"semantic": routes.semantic(backend.vectors, where, query_vector, k)}
        clock.lap("semantic")
        lexical_found, time_scope, person, about, took = lexical.result()
        clock.lap("lexical wait")  # what the routes beside took beyond the embedding
        # The question asked of the names the user gave the people it names (recall/people.py).
        named = (
            [self._embed_also(text, participants) for text in people.by_name(focus, person)[:2]]
            if person
            else []
        )
        clock.lap("embed")
        for extra_vector in [focus_vector, *also, *named]:
            if extra_vector is not None:
                found = routes.semantic(backend.vectors, where, extra_vector, k)
                candidates["semantic"] = subqueries.merge(candidates["semantic"], found)
        if person and named:
            about += routes.mentioned_nearby(
                backend.vectors,
                backend.records,
                where,
                [vector for vector in named if vector is not None],
                person,
            )
        if about:
            about_vectors = backend.vectors.vectors_of(scope, list(dict.fromkeys(about)))
            readings = [
                v
                for v in [focus_vector if focus_vector is not None else query_vector, *named]
                if v is not None
            ]
            candidates["people"] = subqueries.merge(
                *(timefilter.semantic_inside(about_vectors, vector, k) for vector in readings)
            )
        if chatter.lists(focus):
            # A question that lists or counts ("我这两个月看了几回病？"): its answers are alike, and
            # are like the best ones found — they are looked for again from there.
            top = [rid for rid, _ in candidates["semantic"][:LIST_SECOND_LOOK]]
            found_vectors = backend.vectors.vectors_of(scope, top)
            if found_vectors:
                centre = (focus_vector if focus_vector is not None else query_vector) + np.mean(
                    list(found_vectors.values()), axis=0
                )
                centre = (centre / np.linalg.norm(centre)).astype(np.float32)
                again = routes.semantic(backend.vectors, where, centre, k)
                candidates["semantic"] = subqueries.merge(candidates["semantic"], again)
        clock.lap("semantic")
        candidates.update(lexical_found)
        clock.laps.update(took)  # each ran beside the laps above: their sum is not the recall's time
        if people.bridges(focus):
            self._bridge(candidates, chosen, where, focus, participants, skip, k, clock)
            clock.lap("bridge")
        by_content = fusion.fuse({n: c for n, c in candidates.items() if n != "time"}, chosen)
        filtered = timefilter.filters(time_scope, by_content)
        if filtered:
            assert time_scope is not None
            inside = backend.vectors.vectors_of(scope, [rid for rid, _ in time_scope.inside])
            semantic_inside = timefilter.semantic_inside(inside, query_vector, k)
            ranked = fusion.fuse(timefilter.restrict(candidates, time_scope, semantic_inside), chosen)
        else:
            ranked = fusion.fuse(candidates, chosen)
        notes = {"time": timefilter.describe(time_scope, filtered), "min_score": f"{floor:g}"}
        clock.lap("fuse")
        # A few more than top_k: collapsing turns into their summaries frees places.
        records = backend.records.get_many([rid for rid, _, _ in ranked[: top_k * 2]])
        clock.lap("read")
        hits = [
            Hit(record=records[rid], score=score, scores=scores)
            for rid, score, scores in ranked
            if rid in records
        ]
        matched_turns = {hit.record.id for hit in hits if hit.record.kind == "turn"}
        owner = scope.owner
        hits = absorb_sources(hits, owner)
        # At equal relevance a long-term memory (verified, reusable) goes before a short-term one.
        hits.sort(key=lambda hit: (-round(hit.score, 9), hit.record.tier != "long"))
        hits = above(newest_first(hits), floor)  # a slot's newest version first; no noise
        # The budget reads only the memories' texts, so the sources are ordered for the survivors.
        hits, tokens = apply_budget(hits, top_k, token_budget)
        clock.lap("budget")  # a process's first recall loads the tokenizer here
        summarised = [
            turn_record_id(owner, s) for h in hits if h.record.kind != "turn" for s in h.record.source_ids
        ]
        hits = order_sources(
            hits,
            owner,
            backend.vectors.vectors_of(scope, summarised),
            query_vector,
            settings.summary_sources,
            matched_turns,
        )
        clock.lap("order")
        answer = Recall(
            query=query,
            hits=hits,
            working=window,
            profile=chosen.name,
            tokens=tokens,
            timings=clock.laps,
            notes=notes,
        )
        self._answers.put(cache_key, answer)
        if count_hits:
            self._hits.count(hits, moment)
        return answer
