"""The operator's work on the whole store: a backup of it, and a restore into an empty one."""

from __future__ import annotations

from pathlib import Path

from hindsight.backup import BackupSummary, contents_for, read_backup, write_backup
from hindsight.core import Core
from hindsight.reindex import EMBEDDING_DIM_META, EMBEDDING_MODEL_META, record_embedding_model
from hindsight.timeutil import utcnow


def back_up(core: Core, path: Path, vectors: bool) -> BackupSummary:
    """Embed what waits, then stream one snapshot of the store to `path` (backup.py)."""
    records = core.backend.records
    core.backlog.embed()
    model, dim = records.get_meta(EMBEDDING_MODEL_META), records.get_meta(EMBEDDING_DIM_META)
    with core.backend.snapshots.export() as contents:
        return write_backup(
            path,
            contents,
            model=model,
            dim=int(dim) if dim is not None and dim.isdigit() else (core.embedder.dim if model else None),
            created_at=utcnow(),
            include_vectors=vectors,
        )


def restore_into(core: Core, path: Path) -> BackupSummary:
    """Check the whole file, write it into the empty store in one transaction, embed what has no
    usable vector."""
    backup = read_backup(path)
    model = core.embedder.model_id
    core.backend.snapshots.import_all(contents_for(backup, model))
    core.answers.clear()
    usable = backup.embedding_model == model
    if usable and backup.vectors and backup.embedding_dim is not None:
        record_embedding_model(core.backend.records, model, backup.embedding_dim)
    embedded = core.backlog.embed()
    return BackupSummary(
        path=path.expanduser(),
        counts=backup.counts,
        vectors=backup.vectors if usable else 0,
        embedded=embedded,
    )
