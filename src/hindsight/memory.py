"""The product: `AsyncMemory` (the async core) and `Memory` (its thin sync facade).

Every surface — CLI, HTTP, MCP, console — is an adapter over these methods. The core's pipeline
steps are synchronous functions run off the event loop (`asyncio.to_thread`): embedding is CPU work
and SQLite is blocking I/O, so an async server stays responsive while one call computes.
"""

from __future__ import annotations

import asyncio
import threading
import time as time_module
from collections.abc import Callable, Collection, Coroutine, Sequence
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from hindsight import lifecycle, validate
from hindsight.backup import BackupSummary, contents_for, read_backup, write_backup
from hindsight.embedding import Embedder, make_embedder
from hindsight.errors import (
    HindsightError,
    InvalidInput,
    NotFound,
    WriteDeferred,
    WriteRejected,
)
from hindsight.ids import new_record_id, turn_record_id
from hindsight.indexing import embed_texts
from hindsight.llm import ChatClient, LLMPatternWriter, make_extractor
from hindsight.models import (
    TIERS,
    Hit,
    Kind,
    LogLine,
    MemoryRecord,
    QueueEntry,
    Recall,
    Tier,
    Turn,
    WriteAction,
    WriteLogEntry,
)
from hindsight.paging import Cursor, Page, RecordKey, StoredLog, StoredRecords, read_page
from hindsight.recall import fuse as fusion
from hindsight.recall import routes, subqueries, timefilter
from hindsight.recall.budget import above, apply_budget
from hindsight.recall.cache import RecallCache
from hindsight.recall.collapse import absorb_sources, order_sources
from hindsight.recall.rewrite import neutralize_participants, with_context
from hindsight.recall.versions import newest_first
from hindsight.reindex import (
    EMBEDDING_DIM_META,
    EMBEDDING_MODEL_META,
    check_embedding_model,
    record_embedding_model,
)
from hindsight.render import render_dump
from hindsight.settings import Settings
from hindsight.stores import RecordFilter, Store, open_store
from hindsight.stores.base import UserSpace
from hindsight.timeutil import normalize, utcnow
from hindsight.working import WorkingMemory
from hindsight.write import guard
from hindsight.write.extract import Extractor
from hindsight.write.pipeline import Writer, log_entry
from hindsight.write.queue import MAX_ATTEMPTS, backoff
from hindsight.write.triggers import is_idle_gap

T = TypeVar("T")

MAX_PAGE_SIZE = 10_000
"""The most rows `record_page` and `log_page` read at once."""

_new_id = new_record_id


class _Stopwatch:
    """Milliseconds per step of one call, for `Recall.timings` (explain and the benchmark)."""

    def __init__(self) -> None:
        self.laps: dict[str, float] = {}
        self._last = time_module.perf_counter()

    def lap(self, name: str) -> None:
        now = time_module.perf_counter()
        self.laps[name] = (now - self._last) * 1000.0
        self._last = now


def _resolve_settings(home: str | Path | None, settings: Settings | None) -> Settings:
    if settings is not None and home is not None:
        return settings.model_copy(update={"home": Path(home).expanduser()})
    if settings is not None:
        return settings
    if home is not None:
        return Settings(home=Path(home).expanduser())
    return Settings()


LOG_READ_LIMIT = 1000
"""write_log reads at most the newest this many entries."""


class AsyncMemory:
    """Hindsight's memory for one process. `user_id` scopes everything it stores and recalls."""

    def __init__(
        self,
        home: str | Path | None = None,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        store: Store | None = None,
        extractor: Extractor | None = None,
    ) -> None:
        self.settings = _resolve_settings(home, settings)
        self._owns_embedder = embedder is None
        self.embedder: Embedder = embedder if embedder is not None else make_embedder(self.settings)
        self.store: Store = store if store is not None else open_store(self.settings)
        self.working = WorkingMemory(self.settings.working_turns, self.settings.working_ttl_s)
        self._cache = RecallCache(self.settings.recall_cache_ttl_s)
        self._owns_extractor = extractor is None
        self.writer = Writer(
            self.store,
            extractor if extractor is not None else make_extractor(self.settings),
            self.settings.event_max_turns,
        )
        self._embed_lock = threading.Lock()
        self.policy = lifecycle.Policy()
        # Recalls counted in memory and written in batches: a hit is a soft signal for the lifecycle,
        # not worth a disk write on the recall path.
        self._hits: dict[str, tuple[int, datetime]] = {}
        self._hits_lock = threading.Lock()
        self._hits_flusher: threading.Thread | None = None
        self._check_embedding_model()
        # Writes acknowledged by a process that died before applying them are applied now, and
        # records it stored but did not live to embed are embedded before any recall.
        self._drain_due(everything=True)
        self._pending_count = len(self.store.missing_vectors(1))

    # -- the write side ----------------------------------------------------------------------------

    async def observe(
        self,
        user_id: str,
        session_id: str,
        role: str,
        text: str,
        time: datetime | str | None = None,
        *,
        turn_id: str | None = None,
        persist: bool = True,
        agent_id: str | None = None,
    ) -> list[MemoryRecord]:
        """Record one turn of a conversation: it enters the session's working memory and is stored
        raw (kind "turn"). Returns the records written now.

        `turn_id` names the turn (records built from it list it in `source_ids`); `persist=False`
        keeps the turn in working memory only (context an agent wants considered, not archived);
        `agent_id` names the agent that saw it (kept on the stored turn)."""
        return await asyncio.to_thread(
            self._observe, user_id, session_id, role, text, time, turn_id, persist, agent_id
        )

    def _observe(
        self,
        user_id: str,
        session_id: str,
        role: str,
        text: str,
        time: datetime | str | None,
        turn_id: str | None,
        persist: bool = True,
        agent_id: str | None = None,
    ) -> list[MemoryRecord]:
        user_id = validate.identifier(user_id, "user_id")
        session_id = validate.identifier(session_id, "session_id")
        role = validate.identifier(role, "role")
        body = validate.text(text, max_chars=self.settings.max_text_chars)
        turn = Turn(
            turn_id=validate.identifier(turn_id, "turn_id") if turn_id is not None else _new_id(),
            session_id=session_id,
            role=role,
            text=body,
            time=normalize(time),
        )
        seen = persist and turn_id is not None and self.store.get(turn_record_id(user_id, turn.turn_id))
        if seen:
            raise InvalidInput(f"turn_id {turn_id!r} was already observed for this user")
        window = self.working.window(user_id, session_id)
        safety = guard.check_safety(body)
        if not safety.stored:
            # Refused before the queue: an unsafe text (a secret, an injection) never reaches disk,
            # nor the agent's working memory (which is blended into recall queries and handed back
            # to the agent), whether or not it was to be persisted. Only the reason and a hash are kept.
            self.store.log_writes([log_entry(user_id, "refused", safety.reason, body, turn.time, "observe")])
            return []
        self.working.append(user_id, turn)
        if not persist:
            return []
        payload: dict[str, object] = {
            "user_id": user_id,
            "session_id": session_id,
            "role": role,
            "text": body,
            "time": turn.time.isoformat(),
            "turn_id": turn.turn_id,
        }
        if agent_id is not None:
            payload["agent_id"] = validate.identifier(agent_id, "agent_id")
        previous = window[-1] if window else None
        if previous is not None and previous.role != role and not is_idle_gap(previous, turn):
            # The other side's turn this one answers (read with it by the embedder, if stored).
            # Not one's own previous turn: a run of statements by one speaker is often a run of
            # unrelated facts, and each would blur the next.
            payload["context_id"] = turn_record_id(user_id, previous.turn_id)
        written = self._submit("observe", payload)
        self._pending_count += 1
        # Turns are embedded in batches (one model call per batch is what keeps ingest at the
        # embedder's own speed); a recall embeds whatever is still waiting first.
        if self._pending_count >= self.settings.embed_batch:
            self._embed_pending()
        return written if isinstance(written, list) else [written]

    def _submit(self, op: str, payload: dict[str, object]) -> list[MemoryRecord] | MemoryRecord:
        """Acknowledge a write (it is in the durable queue once this line returns), then apply it."""
        self._drain_due()
        entry_id = self.store.enqueue(op, payload, utcnow())
        try:
            return self._apply(entry_id, op, payload, attempts=0)
        finally:
            self._cache.invalidate(str(payload["user_id"]))

    def _apply(
        self, entry_id: int, op: str, payload: dict[str, object], attempts: int
    ) -> list[MemoryRecord] | MemoryRecord:
        try:
            if op == "observe":
                return self.writer.observe(payload, entry_id)
            if op == "remember":
                return self.writer.remember(payload, entry_id)
            raise InvalidInput(f"unknown queued operation {op!r}")
        except WriteRejected:
            raise
        except HindsightError as exc:
            # Deterministic: retrying cannot help. Straight to the dead letters, visible in dump.
            self.store.fail(entry_id, f"{type(exc).__name__}: {exc}", None, utcnow())
            raise
        except (ValueError, KeyError, TypeError) as exc:  # a malformed payload: the same, said clearly
            self.store.fail(entry_id, f"{type(exc).__name__}: {exc}", None, utcnow())
            raise InvalidInput(
                f"queued write {entry_id} cannot be applied ({type(exc).__name__}: {exc}); "
                "it is in the dead letters (`hindsight queue`)"
            ) from exc
        except Exception as exc:
            retry_at = None if attempts + 1 >= MAX_ATTEMPTS else utcnow() + backoff(attempts)
            self.store.fail(entry_id, f"{type(exc).__name__}: {exc}", retry_at, utcnow())
            raise WriteDeferred(entry_id, str(exc)) from exc

    def _drain_due(self, everything: bool = False) -> int:
        """Apply queued writes whose retry is due (all of them, at start-up). Returns how many ran."""
        applied = 0
        for entry in self.store.due(None if everything else utcnow()):
            try:
                self._apply(entry.id, entry.op, entry.payload, entry.attempts)
                self._cache.invalidate(str(entry.payload.get("user_id")))
                applied += 1
            except HindsightError:
                continue  # logged in the queue or the dead letters; the caller's own write goes on
        return applied

    async def end_session(
        self, user_id: str, session_id: str, time: datetime | str | None = None
    ) -> list[MemoryRecord]:
        """Close a session: its open event is written (summary and facts), its working memory is
        released and its turns are embedded. Returns the records written."""
        return await asyncio.to_thread(self._end_session, user_id, session_id, time)

    def _end_session(self, user_id: str, session_id: str, time: datetime | str | None) -> list[MemoryRecord]:
        user_id = validate.identifier(user_id, "user_id")
        session_id = validate.identifier(session_id, "session_id")
        normalize(time)
        written = self.writer.end_session(user_id, session_id)
        self._cache.invalidate(user_id)
        self.working.clear(user_id, session_id)
        self._embed_pending()
        return written

    async def remember(
        self,
        user_id: str,
        text: str,
        tier: Tier | str = "short",
        kind: Kind | str = "fact",
        entities: dict[str, str] | None = None,
        importance: float | None = None,
        time: datetime | str | None = None,
        source_ids: Sequence[str] | None = None,
        slot: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> MemoryRecord:
        """Store one memory directly (a fact, a preference...), embedded before this returns.

        It passes the write guard (WriteRejected says why not) and conflict resolution like any
        other write; an explicit statement ("from now on...", "以后都...") goes to long-term.
        `slot` names what the memory states a value of ("language"): a later memory with the same
        slot and another value closes this one (kept for `as_of`), as a stated change would. The
        value is `entities[slot]` when given, else the text. `agent_id` and `session_id` say who
        stored it, and in which conversation."""
        return await asyncio.to_thread(
            self._remember,
            user_id,
            text,
            tier,
            kind,
            entities,
            importance,
            time,
            source_ids,
            slot,
            agent_id,
            session_id,
        )

    def _remember(
        self,
        user_id: str,
        text: str,
        tier: Tier | str,
        kind: Kind | str,
        entities: dict[str, str] | None,
        importance: float | None,
        time: datetime | str | None,
        source_ids: Sequence[str] | None,
        slot: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> MemoryRecord:
        user_id = validate.identifier(user_id, "user_id")
        body = validate.text(text, max_chars=self.settings.max_text_chars)
        verdict = guard.check(body)
        if not verdict.stored:
            action: WriteAction = "refused" if verdict.action == "refuse" else "skipped"
            self.store.log_writes(
                [log_entry(user_id, action, verdict.reason, body, normalize(time), "remember")]
            )
            raise WriteRejected(action, verdict.reason)
        payload: dict[str, object] = {
            "record_id": _new_id(),
            "user_id": user_id,
            "text": body,
            "tier": validate.tier(tier),
            "kind": validate.kind(kind),
            "entities": validate.entities(entities),
            "importance": validate.importance(importance, default=0.5) if importance is not None else None,
            "time": normalize(time).isoformat(),
            "source_ids": list(validate.source_ids(source_ids)),
        }
        if slot is not None:
            payload["slot"] = validate.identifier(slot, "slot").lower()
        for name, value in (("agent_id", agent_id), ("session_id", session_id)):
            if value is not None:
                payload[name] = validate.identifier(value, name)
        record = self._submit("remember", payload)
        assert isinstance(record, MemoryRecord)
        self._pending_count += 1
        self._embed_pending()
        stored = self.store.get(record.id)
        return stored if stored is not None else record

    async def process_queue(self) -> int:
        """Apply every acknowledged write still waiting in the queue (e.g. after a crash)."""
        return await asyncio.to_thread(self._drain_due, True)

    async def requeue(self, entry_id: int | None = None) -> int:
        """Move one dead letter (or all of them) back into the queue and apply it. Returns how many
        were requeued."""
        return await asyncio.to_thread(self._requeue, entry_id)

    def _requeue(self, entry_id: int | None) -> int:
        ids = [entry.id for entry in self.store.dead_letters()] if entry_id is None else [entry_id]
        moved = sum(self.store.requeue(one, utcnow()) for one in ids)
        if entry_id is not None and not moved:
            raise NotFound(f"no dead letter with id {entry_id}")
        self._drain_due(everything=True)
        self._embed_pending()
        return moved

    async def queue(self) -> tuple[list[QueueEntry], list[QueueEntry]]:
        """(waiting entries, dead letters)."""
        return await asyncio.to_thread(lambda: (self.store.due(None, 10_000), self.store.dead_letters()))

    async def write_log(self, user_id: str | UserSpace | None = None) -> list[WriteLogEntry]:
        """What the write path skipped or refused (and why), oldest first: the newest 1,000 entries
        of one user, of a space of users (one tenant's) or (None) of everyone."""
        if isinstance(user_id, UserSpace):
            lines = await asyncio.to_thread(self.store.page_log, user_id, LOG_READ_LIMIT)
            return [line.entry for line in reversed(lines)]
        return await asyncio.to_thread(self.store.write_log, user_id, LOG_READ_LIMIT)

    async def count_log(
        self, users: str | UserSpace | None = None, actions: Collection[str] | None = None
    ) -> int:
        """How many log entries one user, a space of users or (None) everyone has, only `actions`
        if given: exact, however long the log (write_log reads the newest 1,000)."""
        if isinstance(users, str):
            users = validate.identifier(users, "user_id")
        return await asyncio.to_thread(self.store.count_log, users, actions=actions)

    def _embed_pending(self) -> int:
        """Embed every stored record that has no vector yet; returns how many were embedded."""
        done = 0
        dim = 0
        with self._embed_lock:
            while True:
                batch = self.store.missing_vectors(self.settings.embed_batch)
                if not batch:
                    break
                vectors = self.embedder.embed_passages(self._embed_texts(batch))
                self.store.set_vectors([record.id for record in batch], vectors, self.embedder.model_id)
                done += len(batch)
                dim = int(vectors.shape[1])
            if done:
                self._cache.invalidate()  # newly searchable records: no cached answer knows them
                record_embedding_model(self.store, self.embedder.model_id, dim)
            self._pending_count = 0
        return done

    def _embed_texts(self, records: Sequence[MemoryRecord]) -> list[str]:
        return embed_texts(self.store, records, self.settings.turn_context_chars)

    def _check_embedding_model(self) -> None:
        check_embedding_model(self.store, self.embedder.model_id, self.settings.database)

    # -- backup and restore ------------------------------------------------------------------------

    async def backup(self, path: str | Path, *, vectors: bool = True) -> BackupSummary:
        """Write everything the store holds to one JSONL file (hindsight.backup describes it): every
        record of every user and tier with its closed versions, the write log, the queue and the
        dead letters. Records still waiting for a vector are embedded first; the file appears
        under `path` only once complete. `vectors=False` leaves the vectors out (restore then
        embeds every record anew)."""
        return await asyncio.to_thread(self._backup, Path(path), vectors)

    def _backup(self, path: Path, vectors: bool) -> BackupSummary:
        self._embed_pending()
        contents = self.store.export_all()
        dim = self.store.get_meta(EMBEDDING_DIM_META)
        return write_backup(
            path,
            contents,
            model=self.store.get_meta(EMBEDDING_MODEL_META),
            dim=int(dim) if dim is not None and dim.isdigit() else None,
            created_at=utcnow(),
            include_vectors=vectors,
        )

    async def restore(self, path: str | Path) -> BackupSummary:
        """Rebuild this (empty) store from a backup file. The whole file is checked first: a
        truncated, damaged or foreign file raises BackupError and the store is left untouched; a
        store that already holds anything raises InvalidInput. Everything is written in one
        transaction; records whose vectors are not in the file (or come from another model) are
        embedded before this returns. Restored queued writes are applied as any queued write is:
        on the next write or the next open."""
        return await asyncio.to_thread(self._restore, Path(path))

    def _restore(self, path: Path) -> BackupSummary:
        backup = read_backup(path)
        contents = contents_for(backup, self.embedder.model_id)
        self.store.import_all(contents)
        self._cache.invalidate()
        if contents.vectors and backup.embedding_dim is not None:
            record_embedding_model(self.store, self.embedder.model_id, backup.embedding_dim)
        embedded = self._embed_pending()
        return BackupSummary(
            path=path.expanduser(), counts=backup.counts, vectors=len(contents.vectors), embedded=embedded
        )

    # -- the read side -----------------------------------------------------------------------------

    async def recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None = None,
        top_k: int = 5,
        tier: Tier | str | None = None,
        now: datetime | str | None = None,
        as_of: datetime | str | None = None,
        profile: str = "default",
        token_budget: int | None = 1500,
        count_hits: bool = True,
        min_score: float | None = None,
    ) -> Recall:
        """Find the memories that answer `query`: routes (semantic, keyword) fused by `profile`,
        only records valid at `as_of` (default: now), cut to top_k and the token budget. The hits
        are counted for the lifecycle (what is used lives on) unless `count_hits=False` — an
        operator looking, not an agent using. Hits scoring below `min_score` (default: the
        `recall_min_score` setting) are left out: fewer hits rather than noise."""
        return await asyncio.to_thread(
            self._recall,
            user_id,
            query,
            session_id,
            top_k,
            tier,
            now,
            as_of,
            profile,
            token_budget,
            count_hits,
            min_score,
        )

    def _recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None,
        top_k: int,
        tier: Tier | str | None,
        now: datetime | str | None,
        as_of: datetime | str | None,
        profile: str,
        token_budget: int | None,
        count_hits: bool = True,
        min_score: float | None = None,
    ) -> Recall:
        user_id = validate.identifier(user_id, "user_id")
        query = validate.text(query, "query", max_chars=self.settings.max_text_chars)
        top_k = validate.positive_int(top_k, "top_k")
        if token_budget is not None:
            token_budget = validate.positive_int(token_budget, "token_budget", maximum=1_000_000)
        chosen = fusion.get_profile(profile)
        floor = self.settings.recall_min_score if min_score is None else float(min_score)  # issue 16
        moment = normalize(as_of) if as_of is not None else normalize(now)
        tiers: tuple[Tier, ...] = (validate.tier(tier),) if tier is not None else TIERS
        window = (
            self.working.window(user_id, validate.identifier(session_id, "session_id")) if session_id else []
        )

        if self._pending_count:
            self._embed_pending()
        expanded = with_context(query, window, self.settings.context_turns)
        # BM25 reads the whole window: an extra term costs it nothing and its idf keeps the small
        # talk quiet, while the embedder's cost grows with the text and a long mixed text blurs
        # its vector (madial-en ev@10 0.696 -> 0.735 with the whole window here, BENCHMARKS.md).
        keyword_query = with_context(query, window, len(window))
        cache_key = (
            expanded,
            keyword_query,
            top_k,
            tiers,
            now if now is None else moment,
            as_of,
            chosen.name,
            token_budget,
            floor,
        )
        cached = self._cache.get(user_id, cache_key)
        if cached is not None:
            if count_hits:
                self._count_hits(cached.hits, moment)
            return replace(cached, working=window, timings={"cache": 0.0})
        where = RecordFilter(user_id=user_id, valid_at=moment, tiers=tiers)
        k = max(self.settings.route_candidates, top_k)
        today = normalize(now)
        clock = _Stopwatch()
        participants = self.store.speakers(user_id)
        query_vector = self.embedder.embed_query(neutralize_participants(expanded, participants))
        # Issue 16: a question about two things is also asked for each (recall/subqueries.py).
        parts = [
            self.embedder.embed_query(neutralize_participants(part, participants))
            for part in subqueries.sub_queries(query)
        ]
        clock.lap("embed")
        candidates = {"semantic": routes.semantic(self.store, where, query_vector, k)}
        for part_vector in parts:
            found = routes.semantic(self.store, where, part_vector, k)
            candidates["semantic"] = subqueries.merge(candidates["semantic"], found)
        clock.lap("semantic")
        # Every turn a participant spoke is indexed under their name ("Caroline: ..."), so the name
        # matches all of them and ranks by length alone (the embedder reads it neutralized too).
        skip = {role.lower() for role in participants}
        candidates["keyword"] = routes.keyword(self.store, where, keyword_query, k, skip=skip)
        clock.lap("keyword")
        candidates["entity"] = routes.entity(self.store, where, expanded, today, k, skip=skip)  # issue 16
        # Issue 16: a range the query names filters the candidates to the memories inside it, ranked
        # among themselves (timefilter.py); with nothing inside, all memories, the range a route.
        time_scope = timefilter.scope(self.store, where, query, today)
        candidates["time"] = time_scope.inside[:k] if time_scope else []
        by_content = fusion.fuse({n: c for n, c in candidates.items() if n != "time"}, chosen)
        filtered = timefilter.filters(time_scope, by_content)
        if filtered:
            assert time_scope is not None
            inside = self.store.vectors_of(user_id, [rid for rid, _ in time_scope.inside])
            semantic_inside = timefilter.semantic_inside(inside, query_vector, k)
            ranked = fusion.fuse(timefilter.restrict(candidates, time_scope, semantic_inside), chosen)
        else:
            ranked = fusion.fuse(candidates, chosen)
        notes = {"time": timefilter.describe(time_scope, filtered)}
        clock.lap("entity+time")
        # A few more than top_k: collapsing turns into their summaries frees places.
        records = self.store.get_many([rid for rid, _, _ in ranked[: top_k * 2]])
        hits = [
            Hit(record=records[rid], score=score, scores=scores)
            for rid, score, scores in ranked
            if rid in records
        ]
        matched_turns = {hit.record.id for hit in hits if hit.record.kind == "turn"}
        hits = absorb_sources(hits, user_id)
        # At equal relevance a long-term memory (verified, reusable) goes before a short-term one.
        hits.sort(key=lambda hit: (-round(hit.score, 9), hit.record.tier != "long"))
        hits = above(newest_first(hits), floor)  # issue 16: a slot's newest version first; no noise
        notes["min_score"] = f"{floor:g}"
        # The budget reads only the memories' texts, so the sources are ordered for the survivors.
        hits, tokens = apply_budget(hits, top_k, token_budget)
        summarised = [
            turn_record_id(user_id, s) for h in hits if h.record.kind != "turn" for s in h.record.source_ids
        ]
        hits = order_sources(
            hits,
            user_id,
            self.store.vectors_of(user_id, summarised),
            query_vector,
            self.settings.summary_sources,
            matched_turns,
        )
        clock.lap("fuse")
        answer = Recall(
            query=query,
            hits=hits,
            working=window,
            profile=chosen.name,
            tokens=tokens,
            timings=clock.laps,
            notes=notes,
        )
        self._cache.put(user_id, cache_key, answer)
        if count_hits:
            self._count_hits(hits, moment)
        return answer

    _HITS_BATCH = 256

    def _count_hits(self, hits: Sequence[Hit], moment: datetime) -> None:
        with self._hits_lock:
            for hit in hits:
                times, last = self._hits.get(hit.record.id, (0, moment))
                self._hits[hit.record.id] = (times + 1, max(last, moment))
            full = len(self._hits) >= self._HITS_BATCH and self._hits_flusher is None
            if full:
                # Written off the recall path: the answer does not wait for the bookkeeping.
                self._hits_flusher = threading.Thread(
                    target=self._flush_hits, name="hindsight-hits", daemon=True
                )
                self._hits_flusher.start()

    def _flush_hits(self) -> None:
        with self._hits_lock:
            counted, self._hits = self._hits, {}
        try:
            self.store.add_hits(counted)
        finally:
            with self._hits_lock:
                if self._hits_flusher is threading.current_thread():
                    self._hits_flusher = None

    def _join_hits_flusher(self) -> None:
        with self._hits_lock:
            flusher = self._hits_flusher
        if flusher is not None:
            flusher.join()

    # -- lifecycle ---------------------------------------------------------------------------------

    async def maintain(
        self,
        now: datetime | str | None = None,
        user_id: str | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> lifecycle.MaintenanceReport:
        """Age the memory to `now` (default: the clock): merge near-duplicates, consolidate patterns,
        promote what recurs, demote what is unused at review, expire what outlived its lifetime.
        Each user's changes are applied in one transaction. `progress` is called once per user."""
        return await asyncio.to_thread(self._maintain, now, user_id, progress)

    def _maintain(
        self, now: datetime | str | None, user_id: str | None, progress: Callable[[str], None] | None
    ) -> lifecycle.MaintenanceReport:
        moment = normalize(now)
        users = [validate.identifier(user_id, "user_id")] if user_id is not None else self.store.users()
        self._drain_due(everything=True)
        self._embed_pending()
        self._join_hits_flusher()
        self._flush_hits()
        changes: list[lifecycle.Change] = []
        examined = 0
        write_pattern = self._pattern_writer()
        for user in users:
            records = {record.id: record for record in self.store.list_records(user)}
            examined += len(records)
            ledger = lifecycle.Ledger(user, moment, records, self.store.vectors_of(user, list(records)))
            lifecycle.merge_duplicates(ledger, self.policy)
            lifecycle.consolidate(ledger, self.policy, write_pattern)
            if isinstance(write_pattern, LLMPatternWriter):
                ledger.log += [
                    log_entry(user, "llm_fallback", note, note, moment, "maintain")
                    for note in write_pattern.notes
                ]
                write_pattern.notes.clear()
            lifecycle.promote_frequent(ledger, self.policy, self.store.speakers(user))
            # Expiry before review: a long-term memory unused for its whole lifetime goes, rather
            # than being demoted and given a fresh short-term TTL.
            lifecycle.expire(ledger, self.policy)
            review_key = f"lifecycle.review.{user}"
            last_review = self.store.get_meta(review_key)
            reviewed = lifecycle.review(
                ledger, self.policy, None if last_review is None else datetime.fromisoformat(last_review)
            )
            self.store.apply_write(
                add=list(ledger.added.values()),
                update=[r for rid, r in ledger.updated.items() if rid not in ledger.deleted],
                delete=ledger.deleted,
                log=ledger.log,
            )
            if reviewed:
                self.store.set_meta(review_key, moment.isoformat())
            if ledger.changes:
                self._cache.invalidate(user)
            changes += ledger.changes
            if progress is not None:
                progress(user)
        self._embed_pending()  # new pattern memories become searchable now
        return lifecycle.MaintenanceReport(moment, len(users), examined, tuple(changes))

    def _pattern_writer(self) -> lifecycle.PatternWriter:
        client = getattr(self.writer.extractor, "client", None)
        if isinstance(client, ChatClient):
            return LLMPatternWriter(client, lifecycle.rule_pattern_text)
        return lifecycle.rule_pattern_text

    # -- single records ----------------------------------------------------------------------------

    async def get(self, record_id: str) -> MemoryRecord:
        return await asyncio.to_thread(self._get, record_id)

    def _get(self, record_id: str) -> MemoryRecord:
        record = self.store.get(validate.identifier(record_id, "record id"))
        if record is None:
            raise NotFound(f"no memory with id {record_id!r}")
        return record

    async def forget(self, record_id: str) -> MemoryRecord:
        """Delete a record for good; returns what was deleted."""
        return await asyncio.to_thread(self._forget, record_id)

    def _forget(self, record_id: str) -> MemoryRecord:
        record = self._get(record_id)
        self.store.delete(record.id)
        self._cache.invalidate(record.user_id)
        return record

    async def promote(self, record_id: str) -> MemoryRecord:
        """Move a short-term record to long-term (a no-op for a long-term one)."""
        return await asyncio.to_thread(self._move, record_id, "long")

    async def demote(self, record_id: str) -> MemoryRecord:
        """Move a long-term record to short-term (a no-op for a short-term one)."""
        return await asyncio.to_thread(self._move, record_id, "short")

    def _move(self, record_id: str, tier: Tier) -> MemoryRecord:
        record = self._get(record_id)
        if record.tier == tier:
            return record
        now = utcnow()
        # The record's lifetime counts from now: an operator who promotes a memory means it to stay.
        moved = replace(record, tier=tier, tier_since=max(now, record.created_at))
        action: WriteAction = "promoted" if tier == "long" else "demoted"
        entry = log_entry(record.user_id, action, "manual", record.text, now, "manual", detail=record.id)
        self.store.apply_write(update=[moved], log=[entry])
        self._cache.invalidate(record.user_id)
        return moved

    # -- looking inside ----------------------------------------------------------------------------

    async def dump(self, user_id: str | None = None) -> str:
        """Human-readable: what is remembered, per user and tier."""
        return await asyncio.to_thread(self._dump, user_id)

    def _dump(self, user_id: str | None) -> str:
        if user_id is not None:
            user_id = validate.identifier(user_id, "user_id")
        logged = {entry.user_id for entry in self.store.write_log(user_id)}
        users = [user_id] if user_id is not None else sorted({*self.store.users(), *logged})
        return self._dump_users(users, str)

    async def dump_users(self, users: Sequence[str], label: Callable[[str], str] = str) -> str:
        """`dump` of exactly these users (and their dead letters), each shown as `label(user)`."""
        return await asyncio.to_thread(self._dump_users, users, label)

    def _dump_users(self, users: Sequence[str], label: Callable[[str], str]) -> str:
        wanted = set(users)
        dead = [e for e in self.store.dead_letters() if e.payload.get("user_id") in wanted]
        return render_dump(
            {label(user): self.store.list_records(user) for user in users},
            {
                label(user): [(s, self.working.window(user, s)) for _, s in self.working.sessions(user)]
                for user in users
            },
            {label(user): self.store.write_log(user) for user in users},
            dead,
        )

    async def records(
        self, user_id: str, tier: Tier | str | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]:
        """A user's stored records (closed versions too, unless include_closed=False), oldest first."""
        user_id = validate.identifier(user_id, "user_id")
        chosen = validate.tier(tier) if tier is not None else None
        return await asyncio.to_thread(self.store.list_records, user_id, chosen, include_closed)

    async def tally(self, users: str | UserSpace | None = None) -> list[tuple[Tier, Kind, bool, int]]:
        """Records of one user, a space of users or (None) everyone, counted by tier, kind and
        whether still valid: (tier, kind, still valid, count) rows."""
        if isinstance(users, str):
            users = validate.identifier(users, "user_id")
        return await asyncio.to_thread(self.store.tally, users)

    async def count_records(self, user_id: str, tier: Tier | str, kind: Kind | str | None = None) -> int:
        """How many still-valid memories a user has in one tier (and kind): counted by the store,
        not read."""
        user_id = validate.identifier(user_id, "user_id")
        chosen_kind = validate.kind(kind) if kind is not None else None
        return await asyncio.to_thread(
            self.store.count_records, user_id, validate.tier(tier), kind=chosen_kind
        )

    async def record_page(
        self,
        user_id: str,
        tier: Tier | str,
        kind: Kind | str | None = None,
        cursor: Cursor[RecordKey] | None = None,
        size: int = 100,
    ) -> Page[RecordKey, MemoryRecord]:
        """One page of a user's still-valid memories of one tier (and kind), newest first: the
        newest `size`, or the `size` that `cursor` points to (paging.py)."""
        rows = StoredRecords(
            self.store,
            validate.identifier(user_id, "user_id"),
            validate.tier(tier),
            validate.kind(kind) if kind is not None else None,
        )
        size = validate.positive_int(size, "size", maximum=MAX_PAGE_SIZE)
        return await asyncio.to_thread(read_page, rows, cursor, size)

    async def log_page(
        self,
        users: str | UserSpace | None = None,
        actions: Collection[str] | None = None,
        cursor: Cursor[int] | None = None,
        size: int = 100,
    ) -> Page[int, LogLine]:
        """One page of the write log of one user, of a space of users or (None) of everyone, only
        `actions` if given, newest first: the newest `size` entries, or the `size` that `cursor`
        points to (paging.py)."""
        if isinstance(users, str):
            users = validate.identifier(users, "user_id")
        size = validate.positive_int(size, "size", maximum=MAX_PAGE_SIZE)
        return await asyncio.to_thread(read_page, StoredLog(self.store, users, actions), cursor, size)

    async def users(self) -> list[str]:
        """Every user with stored memories."""
        return await asyncio.to_thread(self.store.users)

    async def flush(self) -> int:
        """Embed every record still waiting for its vector (observe batches them)."""
        return await asyncio.to_thread(self._embed_pending)

    async def close(self) -> None:
        await asyncio.to_thread(self._close)

    def _close(self) -> None:
        try:
            self._embed_pending()
            self._join_hits_flusher()
            self._flush_hits()
        finally:
            self.store.close()
            owned: list[object] = [self.embedder] if self._owns_embedder else []
            owned += [self.writer.extractor] if self._owns_extractor else []
            for component in owned:  # HTTP clients of the OpenAI-compatible embedder / LLM
                close_component = getattr(component, "close", None)
                if callable(close_component):
                    close_component()

    async def __aenter__(self) -> AsyncMemory:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


class Memory:
    """The synchronous facade: the same methods as AsyncMemory, run on a private event loop.

    The loop lives in its own thread, so Memory also works where an event loop is already running
    (a notebook, an async web handler that calls sync code).
    """

    def __init__(
        self,
        home: str | Path | None = None,
        settings: Settings | None = None,
        *,
        embedder: Embedder | None = None,
        store: Store | None = None,
        extractor: Extractor | None = None,
    ) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="hindsight-loop", daemon=True)
        self._thread.start()
        try:
            self._core = AsyncMemory(home, settings, embedder=embedder, store=store, extractor=extractor)
        except BaseException:
            self._stop_loop()
            raise
        self._closed = False

    @property
    def core(self) -> AsyncMemory:
        return self._core

    @property
    def settings(self) -> Settings:
        return self._core.settings

    @property
    def store(self) -> Store:
        return self._core.store

    @property
    def embedder(self) -> Embedder:
        return self._core.embedder

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        if self._closed:
            coroutine.close()
            raise InvalidInput("this Memory is closed")
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def observe(
        self,
        user_id: str,
        session_id: str,
        role: str,
        text: str,
        time: datetime | str | None = None,
        *,
        turn_id: str | None = None,
        persist: bool = True,
        agent_id: str | None = None,
    ) -> list[MemoryRecord]:
        return self._run(
            self._core.observe(
                user_id, session_id, role, text, time, turn_id=turn_id, persist=persist, agent_id=agent_id
            )
        )

    def end_session(
        self, user_id: str, session_id: str, time: datetime | str | None = None
    ) -> list[MemoryRecord]:
        return self._run(self._core.end_session(user_id, session_id, time))

    def remember(
        self,
        user_id: str,
        text: str,
        tier: Tier | str = "short",
        kind: Kind | str = "fact",
        entities: dict[str, str] | None = None,
        importance: float | None = None,
        time: datetime | str | None = None,
        source_ids: Sequence[str] | None = None,
        slot: str | None = None,
        agent_id: str | None = None,
        session_id: str | None = None,
    ) -> MemoryRecord:
        return self._run(
            self._core.remember(
                user_id, text, tier, kind, entities, importance, time, source_ids, slot, agent_id, session_id
            )
        )

    def recall(
        self,
        user_id: str,
        query: str,
        session_id: str | None = None,
        top_k: int = 5,
        tier: Tier | str | None = None,
        now: datetime | str | None = None,
        as_of: datetime | str | None = None,
        profile: str = "default",
        token_budget: int | None = 1500,
        count_hits: bool = True,
        min_score: float | None = None,
    ) -> Recall:
        return self._run(
            self._core.recall(
                user_id,
                query,
                session_id,
                top_k,
                tier,
                now,
                as_of,
                profile,
                token_budget,
                count_hits,
                min_score,
            )
        )

    def get(self, record_id: str) -> MemoryRecord:
        return self._run(self._core.get(record_id))

    def forget(self, record_id: str) -> MemoryRecord:
        return self._run(self._core.forget(record_id))

    def promote(self, record_id: str) -> MemoryRecord:
        return self._run(self._core.promote(record_id))

    def demote(self, record_id: str) -> MemoryRecord:
        return self._run(self._core.demote(record_id))

    def dump(self, user_id: str | None = None) -> str:
        return self._run(self._core.dump(user_id))

    def users(self) -> list[str]:
        return self._run(self._core.users())

    def process_queue(self) -> int:
        return self._run(self._core.process_queue())

    def requeue(self, entry_id: int | None = None) -> int:
        return self._run(self._core.requeue(entry_id))

    def queue(self) -> tuple[list[QueueEntry], list[QueueEntry]]:
        return self._run(self._core.queue())

    def write_log(self, user_id: str | None = None) -> list[WriteLogEntry]:
        return self._run(self._core.write_log(user_id))

    def flush(self) -> int:
        return self._run(self._core.flush())

    def records(
        self, user_id: str, tier: Tier | str | None = None, include_closed: bool = True
    ) -> list[MemoryRecord]:
        return self._run(self._core.records(user_id, tier, include_closed))

    def dump_users(self, users: Sequence[str], label: Callable[[str], str] = str) -> str:
        return self._run(self._core.dump_users(users, label))

    def maintain(
        self,
        now: datetime | str | None = None,
        user_id: str | None = None,
        progress: Callable[[str], None] | None = None,
    ) -> lifecycle.MaintenanceReport:
        return self._run(self._core.maintain(now, user_id, progress))

    def backup(self, path: str | Path, *, vectors: bool = True) -> BackupSummary:
        return self._run(self._core.backup(path, vectors=vectors))

    def restore(self, path: str | Path) -> BackupSummary:
        return self._run(self._core.restore(path))

    def close(self) -> None:
        if self._closed:
            return
        try:
            self._run(self._core.close())
        finally:
            self._closed = True
            self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._loop.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
