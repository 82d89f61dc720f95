"""Which embedding model a store's vectors come from, and re-embedding it with another (`hindsight
reindex`).

Vectors of two models must never be compared: the store's meta names the model that wrote its
vectors (and their dimension), and a Memory refuses to open a store written by another model.
`reindex` moves a store to the configured model and survives being killed at any point:

1. it writes down where it is going (`reindex_target` in meta) before touching a vector, so from
   then on a normal open refuses ("a reindex to X is in progress") until the job is finished;
2. it re-embeds only the records whose vector is missing or was written by another model (every
   record names the model of its own vector), a batch per transaction, so a rerun skips what a
   killed run already did;
3. it switches the store's model last, and clears the marker after that.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hindsight.embedding.context import AloneVectors, embed_records
from hindsight.errors import EmbeddingMismatch, InvalidInput
from hindsight.stores.base import RecordStore, VectorIndex

if TYPE_CHECKING:
    from hindsight.embedding.base import Embedder
    from hindsight.settings import Settings
    from hindsight.stores.registry import Backend

EMBEDDING_MODEL_META = "embedding_model"
EMBEDDING_DIM_META = "embedding_dim"
REINDEX_META = "reindex_target"

Progress = Callable[[int, int], None]
"""Called after each batch with (records re-embedded so far, records to re-embed in all)."""


@dataclass(frozen=True, slots=True)
class ReindexReport:
    model_id: str
    """The model the store's vectors now come from."""
    previous_model: str | None
    """The model they came from before (None: the store had no vectors yet)."""
    reembedded: int
    """Records embedded by this run (a rerun after a kill counts only what was left)."""
    dim: int | None
    """The vectors' dimension (None for a store without records)."""


def check_embedding_model(store: RecordStore, model_id: str, location: Path | str) -> None:
    """Refuse a store whose vectors come from another model than `model_id`, or that is half-way
    through a reindex. Compares names only: loading a model just to open a store would be slow."""
    target = store.get_meta(REINDEX_META)
    if target is not None:
        previous = store.get_meta(EMBEDDING_MODEL_META)
        back = f" (or with {previous!r} to go back)" if previous not in (None, target) else ""
        raise EmbeddingMismatch(
            f"a reindex of the store at {location} to {target!r} is in progress: run "
            f"`hindsight reindex` with the embedder {target!r} to finish it{back}"
        )
    stored = store.get_meta(EMBEDDING_MODEL_META)
    if stored is not None and stored != model_id:
        dim = store.get_meta(EMBEDDING_DIM_META)
        shape = f" ({dim} dimensions)" if dim is not None else ""
        raise EmbeddingMismatch(
            f"the store at {location} holds vectors from {stored!r}{shape}, but the configured embedder "
            f"is {model_id!r}: set HINDSIGHT_EMBEDDER back, or run `hindsight reindex` to re-embed the "
            f"store with {model_id!r}"
        )


def record_embedding_model(store: RecordStore, model_id: str, dim: int) -> None:
    """After vectors were written: name their model and dimension in meta if nothing does yet (the
    first vectors of a store, or a store from before the dimension was recorded)."""
    if store.get_meta(EMBEDDING_MODEL_META) is None:
        store.set_meta(EMBEDDING_MODEL_META, model_id)
    if store.get_meta(EMBEDDING_DIM_META) is None:
        store.set_meta(EMBEDDING_DIM_META, str(dim))


def reindex_store(
    store: RecordStore,
    vectors: VectorIndex,
    embedder: Embedder,
    *,
    batch: int = 64,
    progress: Progress | None = None,
    context_chars: int = 200,
    context_weight: float = 0.0,
) -> ReindexReport:
    """Re-embed every record of `store` whose vector is not from `embedder`, in batches of `batch`,
    and make `embedder`'s model the store's. Resumable: see the module docstring. Run it while no
    other process writes to the store (a Memory opened before the reindex would keep embedding
    with the old model)."""
    if batch < 1:
        raise InvalidInput(f"batch must be at least 1, not {batch}")
    target = embedder.model_id
    previous = store.get_meta(EMBEDDING_MODEL_META)
    todo = vectors.stale(target)
    total, seen, embedded = len(todo), 0, 0
    dim: int | None = None
    alone = AloneVectors()
    if progress is not None:
        progress(0, total)
    # Until nothing is left: records written while we worked are caught by the next pass.
    while todo:
        for start in range(0, len(todo), batch):
            chunk = todo[start : start + batch]
            records = store.get_many(chunk)
            ids = [rid for rid in chunk if rid in records]  # forgotten meanwhile: nothing to embed
            if ids:
                batch_records = [records[rid] for rid in ids]
                found = embed_records(store, embedder, batch_records, context_chars, context_weight, alone)
                if not embedded:
                    # Written before the first vector of the new model lands, and only once the model
                    # has produced one: a model that cannot load leaves the store as it was.
                    store.set_meta(REINDEX_META, target)
                # Versions as read: a record rewritten meanwhile is stale still, and the next pass
                # embeds what it says now.
                vectors.set_vectors(ids, found, target, versions=[records[rid].version for rid in ids])
                embedded += len(ids)
                dim = int(found.shape[1])
            seen += len(chunk)
            if progress is not None:
                progress(seen, total)
        todo = vectors.stale(target)
        total += len(todo)
    final_dim = dim if dim is not None else _dimension_if_any(store, embedder)
    _switch_model(store, target, final_dim)
    return ReindexReport(model_id=target, previous_model=previous, reembedded=embedded, dim=final_dim)


def _dimension_if_any(store: RecordStore, embedder: Embedder) -> int | None:
    # Nothing was embedded by this run (a rerun after the last batch, or an empty store): ask the
    # embedder only if there are vectors to describe, since that may load a model.
    return embedder.dim if store.scopes() else None


def _switch_model(store: RecordStore, model_id: str, dim: int | None) -> None:
    """The store's vectors are all `model_id`'s now: say so, and clear the in-progress marker last,
    so that a kill between these writes still leaves a store that refuses to open normally."""
    store.set_meta(EMBEDDING_MODEL_META, model_id)
    if dim is None:
        store.set_meta(EMBEDDING_DIM_META, None)  # the old model's dimension describes nothing now
    else:
        store.set_meta(EMBEDDING_DIM_META, str(dim))
    store.set_meta(REINDEX_META, None)


def reindex(
    settings: Settings,
    *,
    embedder: Embedder | None = None,
    backend: Backend | None = None,
    progress: Progress | None = None,
) -> ReindexReport:
    """Re-embed the store of `settings` with its configured embedder (or `embedder`), in batches of
    `settings.embed_batch`. Opens the store without the model check a Memory makes: this is how a
    store written by another model is moved to this one."""
    from hindsight.embedding import make_embedder
    from hindsight.state.local import LruCache
    from hindsight.stores.registry import open_backend

    owned_embedder = embedder is None
    chosen = embedder if embedder is not None else make_embedder(settings)
    opened = backend if backend is not None else open_backend(settings, LruCache(0))
    try:
        return reindex_store(
            opened.records,
            opened.vectors,
            chosen,
            batch=settings.embed_batch,
            progress=progress,
            context_chars=settings.turn_context_chars,
            context_weight=settings.turn_context_weight,
        )
    finally:
        if backend is None:
            opened.close()
        close_embedder = getattr(chosen, "close", None) if owned_embedder else None
        if callable(close_embedder):  # the HTTP client of the OpenAI-compatible embedder
            close_embedder()
