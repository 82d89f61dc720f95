"""The parts of one process's memory, wired once: the backend from the settings' URLs, the embedder,
the write service, the recall engine, the embedding backlog, the lifecycle runner, and the
background loop (unless a worker does that work). `AsyncMemory` (memory.py) is the API over them.
"""

from __future__ import annotations

import logging
from pathlib import Path

from hindsight import lifecycle
from hindsight.embedding import Embedder, make_embedder
from hindsight.embedding.backlog import EmbeddingBacklog
from hindsight.embedding.behind import EmbedBehind
from hindsight.embedding.bounded import BoundedInput
from hindsight.embedding.recent import RecentQueries
from hindsight.errors import HindsightError
from hindsight.llm import make_extractor
from hindsight.llm_updates import make_update_judge
from hindsight.locality import configured
from hindsight.models import Scope
from hindsight.ops.maintain import Maintainer
from hindsight.ops.owner import instance_owner
from hindsight.ops.runner import Background, Runner
from hindsight.recall.cache import RecallCache
from hindsight.recall.engine import RecallEngine
from hindsight.recall.hits import HitCounter
from hindsight.recall.timings import RecentRecalls
from hindsight.reindex import check_embedding_model
from hindsight.settings import Settings
from hindsight.state.local import LruCache
from hindsight.stores.registry import Backend, open_backend
from hindsight.timeutil import utcnow
from hindsight.write.extract import Extractor
from hindsight.write.pipeline import Writer
from hindsight.write.service import WriteService

BEHIND_BATCH = 32
"""Records a user has waiting before they are embedded behind the writes: two micro-batches of
the e5 engine, one for each embedding lane (on the MADial files 32 measured above 16 and 64,
BENCHMARKS.md, Issue 17 seventh round)."""

log = logging.getLogger("hindsight.core")


def resolve_settings(home: str | Path | None, settings: Settings | None) -> Settings:
    if settings is not None and home is not None:
        return settings.model_copy(update={"home": Path(home).expanduser()})
    if settings is not None:
        return settings
    if home is not None:
        return Settings(home=Path(home).expanduser())
    return Settings()


class Core:
    """Everything one process needs to serve the memory; `close` releases it in order."""

    def __init__(
        self,
        settings: Settings,
        *,
        embedder: Embedder | None = None,
        backend: Backend | None = None,
        extractor: Extractor | None = None,
        background: bool | None = None,
    ) -> None:
        self.settings = settings
        self.owner = instance_owner()
        self._owns = {
            "embedder": embedder is None,
            "extractor": extractor is None,
            "backend": backend is None,
        }
        model = embedder if embedder is not None else make_embedder(settings)
        self.embedder: Embedder = RecentQueries(
            BoundedInput(model, settings.embed_max_chars), settings.query_vectors_kept
        )
        self.extractor: Extractor = extractor if extractor is not None else make_extractor(settings)
        self.update_judge = make_update_judge(settings)
        # Up to three entries a user: its vector matrix, its vector graph, its keyword index.
        self.vector_cache = LruCache(3 * settings.vector_cache_users, settings.vector_cache_mb * 2**20)
        self.recent_recalls = RecentRecalls()  # this process's latest recall timings (the console's chart)
        self.backend = backend if backend is not None else open_backend(settings, self.vector_cache)
        try:
            self._wire(background)
        except BaseException:
            self._release()
            raise

    def _wire(self, background: bool | None) -> None:
        settings, backend = self.settings, self.backend
        check_embedding_model(backend.records, self.embedder.model_id, backend.description)
        self.policy = lifecycle.Policy()
        self.backlog = EmbeddingBacklog(
            backend.records,
            backend.vectors,
            self.embedder,
            settings.embed_batch,
            settings.turn_context_chars,
            settings.turn_context_weight,
        )
        self.hits = HitCounter(backend.records)
        self.writer = Writer(
            backend.records,
            backend.search,
            backend.events,
            backend.log,
            self.extractor,
            settings.event_max_turns,
            updates_by_meaning=settings.updates_by_meaning,
            update_judge=self.update_judge,
            place=configured(settings.time_zone, settings.region),
        )
        self._unembedded = 0
        self.behind: EmbedBehind | None = None
        self.writes = WriteService(backend, self.writer, settings, self.owner, on_written=self._written)
        # A state backend shared by replicas may keep recall answers (keyed by generation, as here).
        shared = backend.answers if settings.recall_cache_ttl_s > 0 else None
        self.answers = shared if shared is not None else RecallCache(settings.recall_cache_ttl_s)
        self.engine = RecallEngine(
            backend, self.embedder, settings, self.backlog, self.hits, self.answers, LruCache(1024)
        )
        self.maintainer = Maintainer(backend, self.extractor, self.owner, self.policy)
        self.runner = Runner(
            backend, self.writes, self.backlog, self.hits, self.maintainer, settings, self.owner
        )
        # Writes a process acknowledged and did not live to apply are applied now (at once if it ran
        # on this machine; else once its lease runs out, by whoever looks then).
        self.runner.release_gone()
        self.writes.drain(utcnow())
        run_loop = settings.worker == "inline" if background is None else background
        self.background: Background | None = Background(self.runner, settings.tick_s) if run_loop else None
        # No loop here and none elsewhere (an external worker embeds for every process): the records
        # a user writes are embedded behind the writes, in batches, instead of all at once later.
        self.behind = (
            EmbedBehind(self.backlog, BEHIND_BATCH)
            if self.background is None and settings.worker == "inline"
            else None
        )
        if self.background is not None:
            self.background.start()

    def _written(self, scope: Scope, count: int) -> None:
        """Records stored without a vector: once a batch is waiting, the loop embeds it now (or, with
        no loop, the embedding behind the writes)."""
        if self.behind is not None:
            self.behind.written(scope, count)
            return
        self._unembedded += count
        if self._unembedded >= self.settings.embed_batch:
            self._unembedded = 0
            if self.background is not None:
                self.background.wake()

    def embed_after_write(self, scope: Scope, limit: int | None = None) -> bool:
        """Embed what the user has waiting, after a write that is stored already: a failure here
        (the model or the store busy for a moment) must not make a stored write look failed - the
        caller would write it again - so it is logged and left to the loop. True if it worked."""
        try:
            if self.behind is not None:
                self.behind.settle(scope)  # its batches first: then the rest is the same every run
            self.backlog.embed(scope, limit=limit)
        except HindsightError as exc:
            log.warning("stored, not embedded yet (the background loop will): %s", exc)
            return False
        return True

    def close(self) -> None:
        try:
            if self.background is not None:
                self.background.stop()
            if self.behind is not None:
                self.behind.close()
            if self.settings.worker == "inline":
                self.backlog.embed()
            self.hits.join()
            self.hits.flush()
        finally:
            self._release()

    def _release(self) -> None:
        try:
            if self._owns["backend"] and hasattr(self, "backend"):
                self.backend.close()
        finally:
            owned: list[object] = [self.embedder] if self._owns["embedder"] else []
            owned += [self.extractor] if self._owns["extractor"] else []
            owned += [self.update_judge] if hasattr(self, "update_judge") else []
            for component in owned:  # HTTP clients of the OpenAI-compatible embedder / LLM
                close_component = getattr(component, "close", None)
                if callable(close_component):
                    close_component()
