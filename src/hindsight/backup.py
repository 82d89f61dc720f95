"""Backup and restore: a whole store as one JSONL file, one JSON object per line.

    {"type": "header", "format": "hindsight-backup", "version": 2, "created_at": "...",
     "embedding": {"model": "hash-ngram-512", "dim": 512}, "counts": {"record": 2, ...}}
    {"type": "record", "id": "...", "tenant": "...", "user_id": "...", ..., "vector": "<base64>"}
        every record of every tenant, user and tier, closed versions too, oldest first (all
        MemoryRecord fields)
    {"type": "log", ...}           the write log: what was skipped or refused, and why
    {"type": "queued", ...}        acknowledged writes not applied yet
    {"type": "dead_letter", ...}   writes that failed for good
    {"type": "locality", ...}      where a user lives (time zone, region), as stored for them
    {"type": "trailer", "counts": {...}, "sha256": "..."}

Times are ISO 8601 strings (naive UTC, as the store keeps them). The trailer repeats the counts and
holds the SHA-256 of every byte before it: a file cut short has no trailer, a damaged or edited one
fails the checksum, and either is refused before the store is touched.

Vectors are included (float32, little-endian, base64), next to the model that wrote them. A
restore with the same model then embeds nothing (a large store takes minutes of CPU to embed on a
laptop) and finds exactly what the original found; a restore with another model drops them and
embeds every record from its text, so a backup never ties a store to a model. They make the file
about four times larger; `vectors=False` (`hindsight backup --no-vectors`) leaves them out.

A backup is written as the store streams it (one snapshot, a chunk at a time), never held whole.
Version 1 files (before tenants had fields of their own: a tenant's user was "tenant::user") are
read too, their users split as the store migration splits them (legacy.py); so are version 2 files
(before users' localities were stored: they have no locality lines or count).
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import itertools
import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import MISSING, dataclass, fields, replace
from datetime import datetime
from pathlib import Path
from typing import IO, Any, get_args

import numpy as np
import numpy.typing as npt

from hindsight.errors import BackupError, InvalidInput
from hindsight.legacy import split_owner
from hindsight.locality import checked_user_locality
from hindsight.models import (
    KINDS,
    TIERS,
    MemoryRecord,
    Origin,
    QueueEntry,
    UserLocality,
    WriteAction,
    WriteLogEntry,
)
from hindsight.stores.base import SECTIONS, StoreContents, Vector

FORMAT = "hindsight-backup"
VERSION = 3


@dataclass(frozen=True, slots=True)
class Backup:
    """A backup file, read and checked in full."""

    created_at: datetime
    embedding_model: str | None
    """The model that wrote the file's vectors (None: the store had none)."""
    embedding_dim: int | None
    records: list[tuple[MemoryRecord, Vector | None]]
    write_log: list[WriteLogEntry]
    queue: list[QueueEntry]
    dead_letters: list[QueueEntry]
    localities: list[UserLocality]

    @property
    def counts(self) -> dict[str, int]:
        return {
            "record": len(self.records),
            "log": len(self.write_log),
            "queued": len(self.queue),
            "dead_letter": len(self.dead_letters),
            "locality": len(self.localities),
        }

    @property
    def vectors(self) -> int:
        return sum(1 for _, vector in self.records if vector is not None)


@dataclass(frozen=True, slots=True)
class BackupSummary:
    """What a backup wrote or a restore applied."""

    path: Path
    counts: dict[str, int]
    """Items per section (record, log, queued, dead_letter, locality)."""
    vectors: int
    """Vectors written to the file (backup) or taken from it (restore)."""
    embedded: int = 0
    """Restore: records embedded afterwards (their vector was not in the file, or from another model)."""


# -- writing ----------------------------------------------------------------------------------------


def _plain(value: object) -> object:
    """A field value as JSON: times as ISO strings, tuples as lists."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple):
        return list(value)
    return value


def _encode_vector(vector: npt.NDArray[np.float32]) -> str:
    return base64.b64encode(np.asarray(vector, dtype="<f4").tobytes()).decode("ascii")


_QUEUE_SKIPPED = ("claimed_by", "claimed_until")
"""A claim belongs to a running process, never to a backup: restored writes are anybody's to apply."""


def _item_lines(
    contents: StoreContents, model: str | None, include_vectors: bool, counted: dict[str, int]
) -> Iterator[dict[str, object]]:
    for record, vector in contents.records:
        counted["record"] += 1
        line: dict[str, object] = {"type": "record"}
        line.update({f.name: _plain(getattr(record, f.name)) for f in fields(MemoryRecord)})
        # Only vectors of the store's model: anything else could not be used by a restore anyway.
        if include_vectors and vector is not None and model is not None and record.embedding_model == model:
            line["vector"] = _encode_vector(vector)
        yield line
    for entry in contents.write_log:
        counted["log"] += 1
        yield {"type": "log", **{f.name: _plain(getattr(entry, f.name)) for f in fields(WriteLogEntry)}}
    for section, entries in (("queued", contents.queue), ("dead_letter", contents.dead_letters)):
        for queued in entries:
            counted[section] += 1
            yield {
                "type": section,
                **{
                    f.name: _plain(getattr(queued, f.name))
                    for f in fields(QueueEntry)
                    if f.name not in _QUEUE_SKIPPED
                },
            }
    for locality in contents.localities:
        counted["locality"] += 1
        yield {"type": "locality", **{f.name: _plain(getattr(locality, f.name)) for f in fields(locality)}}


def write_backup(
    path: Path | str,
    contents: StoreContents,
    *,
    model: str | None,
    dim: int | None,
    created_at: datetime,
    include_vectors: bool = True,
) -> BackupSummary:
    """Write `contents` (streamed: a snapshot of a store, see Snapshots.export) to `path` (see the
    module docstring). The file appears under its name only once complete: it is written beside it
    under a temporary name, synced, then renamed over."""
    target = Path(path).expanduser()
    if target.is_dir():
        raise BackupError(f"cannot write the backup: {target} is a directory")
    if not target.parent.is_dir():
        raise BackupError(f"cannot write the backup: the folder {target.parent} does not exist")
    counts = {section: int(contents.counts.get(section, 0)) for section in SECTIONS}
    header = {
        "type": "header",
        "format": FORMAT,
        "version": VERSION,
        "created_at": created_at.isoformat(),
        "embedding": {"model": model, "dim": dim},
        "counts": counts,
    }
    try:
        # Beside the target (a rename across file systems is not atomic), readable by the owner only:
        # a backup holds everything the users told the agent.
        descriptor, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise BackupError(f"cannot write the backup to {target}: {exc}") from exc
    scratch = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            vectors = _write_lines(handle, header, contents, model, counts, include_vectors)
        os.replace(scratch, target)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            scratch.unlink()
        if isinstance(exc, OSError):
            raise BackupError(f"cannot write the backup to {target}: {exc}") from exc
        raise
    _sync_folder(target.parent)
    return BackupSummary(path=target, counts=counts, vectors=vectors)


def _write_lines(
    handle: IO[bytes],
    header: Mapping[str, object],
    contents: StoreContents,
    model: str | None,
    counts: Mapping[str, int],
    include_vectors: bool,
) -> int:
    """Header, items, trailer, synced to disk; returns how many vectors were written."""
    digest = hashlib.sha256()
    vectors = 0
    counted = dict.fromkeys(SECTIONS, 0)
    for line in itertools.chain([header], _item_lines(contents, model, include_vectors, counted)):
        vectors += "vector" in line
        digest.update(_write_line(handle, line))
    if counted != dict(counts):  # a snapshot cannot change under it; a store that did is not backed up
        raise BackupError(f"the store streamed {counted}, not the {dict(counts)} it counted: not written")
    _write_line(handle, {"type": "trailer", "counts": counts, "sha256": digest.hexdigest()})
    handle.flush()
    os.fsync(handle.fileno())
    return vectors


def _write_line(handle: IO[bytes], line: Mapping[str, object]) -> bytes:
    data = (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
    handle.write(data)
    return data


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); where folders cannot be opened, the rename stands."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


# -- reading: every value is checked, nothing is trusted -------------------------------------------

Reader = Callable[[object, str], Any]


class _Bad(Exception):
    """One value of one line is wrong; read_backup adds the file and line."""


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise _Bad(f"{name} must be a string")
    return value


def _integer(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _Bad(f"{name} must be an integer")
    return value


def _count(value: object, name: str) -> int:
    number = _integer(value, name)
    if number < 0:
        raise _Bad(f"{name} must not be negative")
    return number


def _number(value: object, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise _Bad(f"{name} must be a finite number")
    return float(value)


def _moment(value: object, name: str) -> datetime:
    try:
        moment = datetime.fromisoformat(_text(value, name))
    except ValueError:
        raise _Bad(f"{name} must be an ISO 8601 time") from None
    if moment.tzinfo is not None:
        raise _Bad(f"{name} must be a naive UTC time, as Hindsight writes them")
    return moment


def _optional(reader: Reader) -> Reader:
    def read(value: object, name: str) -> Any:
        return None if value is None else reader(value, name)

    return read


def _choice(options: tuple[str, ...]) -> Reader:
    def read(value: object, name: str) -> str:
        if value not in options:
            raise _Bad(f"{name} must be one of {', '.join(options)}")
        return str(value)

    return read


def _strings(value: object, name: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _Bad(f"{name} must be a list of strings")
    return tuple(value)


def _string_map(value: object, name: str) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
        raise _Bad(f"{name} must be an object of strings")
    return dict(value)


def _object(value: object, name: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _Bad(f"{name} must be an object")
    return dict(value)


_optional_text, _optional_moment, _optional_number = _optional(_text), _optional(_moment), _optional(_number)

RECORD_FIELDS: dict[str, Reader] = {
    "id": _text,
    "user_id": _text,
    "tier": _choice(TIERS),
    "kind": _choice(KINDS),
    "text": _text,
    "created_at": _moment,
    "event_time": _moment,
    "valid_from": _moment,
    "valid_until": _optional_moment,
    "source_ids": _strings,
    "entities": _string_map,
    "importance": _number,
    "tenant": _text,
    "agent_id": _optional_text,
    "session_id": _optional_text,
    "role": _optional_text,
    "ttl_days": _optional_number,
    "expires_at": _optional_moment,
    "hits": _count,
    "last_hit_at": _optional_moment,
    "origin": _choice(get_args(Origin)),
    "embedding_model": _optional_text,
    "slot": _optional_text,
    "intent": _optional_text,
    "tier_since": _optional_moment,
    "context_id": _optional_text,
    "version": _count,
}
"""One reader per MemoryRecord field (a test keeps this in step with the dataclass)."""

LOG_FIELDS: dict[str, Reader] = {
    "user_id": _text,
    "action": _choice(get_args(WriteAction)),
    "reason": _text,
    "text_hash": _text,
    "time": _moment,
    "source": _text,
    "detail": _optional_text,
    "tenant": _text,
}

QUEUE_FIELDS: dict[str, Reader] = {
    "id": _count,
    "op": _text,
    "payload": _object,
    "attempts": _count,
    "created_at": _moment,
    "next_attempt_at": _moment,
    "last_error": _optional_text,
    "tenant": _text,
    "user_id": _text,
}

LOCALITY_FIELDS: dict[str, Reader] = {
    "tenant": _text,
    "user_id": _text,
    "time_zone": _optional_text,
    "region": _optional_text,
    "updated_at": _moment,
}


def _fields(line: dict[str, object], readers: Mapping[str, Reader], data: type, extra: str = "") -> Any:
    """The line's values for the dataclass `data`, read by `readers`. A field with a default may be
    missing (a file written before that field existed restores with the default); a field this
    Hindsight does not know is refused (a newer one wrote the file) and so is a missing one that
    has no default."""
    given = set(line) - {"type", extra}
    optional = {f.name for f in fields(data) if f.default is not MISSING or f.default_factory is not MISSING}
    missing = sorted(set(readers) - given - optional)
    unknown = sorted(given - set(readers))
    if missing:
        raise _Bad(f"missing field(s) {', '.join(missing)}")
    if unknown:
        raise _Bad(f"unknown field(s) {', '.join(unknown)} (written by a newer Hindsight?)")
    return {name: reader(line[name], name) for name, reader in readers.items() if name in given}


def _decode_vector(value: object, dim: int) -> npt.NDArray[np.float32]:
    try:
        raw = base64.b64decode(_text(value, "vector"), validate=True)
    except ValueError:
        raise _Bad("vector is not base64") from None
    if len(raw) != dim * 4:
        raise _Bad(f"vector holds {len(raw)} bytes, not the {dim} float32 values the header names")
    vector = np.frombuffer(raw, dtype="<f4").astype(np.float32)
    if not np.isfinite(vector).all():
        raise _Bad("vector holds a value that is not a finite number")
    return vector


def _legacy_record(record: MemoryRecord) -> MemoryRecord:
    tenant, user = split_owner(record.user_id)
    return replace(record, tenant=tenant, user_id=user)


def _legacy_log(entry: WriteLogEntry) -> WriteLogEntry:
    tenant, user = split_owner(entry.user_id)
    return replace(entry, tenant=tenant, user_id=user)


def _legacy_queued(entry: QueueEntry) -> QueueEntry:
    tenant, user = split_owner(entry.payload.get("user_id", ""))
    payload = dict(entry.payload)
    if "user_id" in payload:
        payload.update(tenant=tenant, user_id=user)
    return replace(entry, payload=payload, tenant=tenant, user_id=user)


@dataclass
class _Reading:
    """What read_backup has gathered so far."""

    version: int
    model: str | None
    dim: int | None
    records: list[tuple[MemoryRecord, Vector | None]]
    log: list[WriteLogEntry]
    queue: list[QueueEntry]
    dead: list[QueueEntry]
    localities: list[UserLocality]

    def add(self, line: dict[str, object]) -> None:
        kind = line.get("type")
        legacy = self.version == 1  # a tenant's user was "tenant::user" (module docstring)
        if kind == "record":
            record = MemoryRecord(**_fields(line, RECORD_FIELDS, MemoryRecord, extra="vector"))
            vector = None
            if "vector" in line:
                if self.model is None or self.dim is None or record.embedding_model != self.model:
                    raise _Bad("a vector not written by the model and dimension the header names")
                vector = _decode_vector(line["vector"], self.dim)
            self.records.append((_legacy_record(record) if legacy else record, vector))
        elif kind == "log":
            entry = WriteLogEntry(**_fields(line, LOG_FIELDS, WriteLogEntry))
            self.log.append(_legacy_log(entry) if legacy else entry)
        elif kind in ("queued", "dead_letter"):
            queued = QueueEntry(**_fields(line, QUEUE_FIELDS, QueueEntry))
            (self.queue if kind == "queued" else self.dead).append(
                _legacy_queued(queued) if legacy else queued
            )
        elif kind == "locality" and self.version >= 3:
            self.localities.append(_locality(UserLocality(**_fields(line, LOCALITY_FIELDS, UserLocality))))
        else:
            raise _Bad(f"unknown line type {kind!r}")

    def counts(self) -> dict[str, int]:
        return {
            "record": len(self.records),
            "log": len(self.log),
            "queued": len(self.queue),
            "dead_letter": len(self.dead),
            "locality": len(self.localities),
        }


def _locality(locality: UserLocality) -> UserLocality:
    """A locality line as a store may hold it: a zone and a region each this Hindsight reads, and at
    least one of them."""
    try:
        return checked_user_locality(locality)
    except InvalidInput as exc:
        raise _Bad(str(exc)) from None


def _json_line(raw: bytes) -> dict[str, object]:
    try:
        value = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _Bad("not a JSON line (the file was damaged or cut short)") from None
    if not isinstance(value, dict):
        raise _Bad("not a JSON object")
    return value


def _header(raw: bytes, path: Path) -> tuple[int, datetime, str | None, int | None, dict[str, int]]:
    foreign = BackupError(f"{path} is not a Hindsight backup (its first line is not a {FORMAT} header)")
    try:
        line = _json_line(raw)
    except _Bad:
        raise foreign from None
    if line.get("type") != "header" or line.get("format") != FORMAT:
        raise foreign
    version = line.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BackupError(f"{path}: the header's format version {version!r} is not a number")
    if version > VERSION:
        raise BackupError(
            f"{path} is a {FORMAT} of version {version}, newer than this Hindsight reads ({VERSION}): "
            "upgrade hindsight-memory"
        )
    try:
        created = _moment(line.get("created_at"), "created_at")
        embedding = _object(line.get("embedding"), "embedding")
        model = _optional_text(embedding.get("model"), "embedding.model")
        dim = _optional(_count)(embedding.get("dim"), "embedding.dim")
        counts = _section_counts(line.get("counts"), version)
    except _Bad as exc:
        raise BackupError(f"{path}, line 1 (the header): {exc}") from None
    return version, created, model, dim, counts


def _sections(version: int) -> tuple[str, ...]:
    """The sections a file of this version counts (localities from version 3 on)."""
    return SECTIONS if version >= 3 else tuple(section for section in SECTIONS if section != "locality")


def _section_counts(value: object, version: int) -> dict[str, int]:
    """The counts of a header or trailer, every section named (one a file's version lacks: 0)."""
    counts, named = _object(value, "counts"), _sections(version)
    if set(counts) != set(named):
        raise _Bad(f"counts must name exactly {', '.join(named)}")
    return {name: _count(counts[name], f"counts.{name}") if name in named else 0 for name in SECTIONS}


_HEADER_LIMIT = 64 * 1024
"""A header is a few hundred bytes: a longer first line is some other file, not read in full."""


def read_backup(path: Path | str) -> Backup:
    """Read and check a whole backup file; raise BackupError, saying where and what, on anything
    wrong (a foreign file, a newer version, a damaged line, a missing trailer, wrong counts)."""
    source = Path(path).expanduser()
    try:
        with source.open("rb") as handle:
            first = handle.readline(_HEADER_LIMIT)
            if not first:
                raise BackupError(f"{source} is empty: not a Hindsight backup")
            header = _header(first, source)
            return _read_items(handle, first, header, source)
    except OSError as exc:
        raise BackupError(f"cannot read the backup {source}: {exc.strerror or exc}") from exc


def _read_items(
    handle: IO[bytes],
    first: bytes,
    header: tuple[int, datetime, str | None, int | None, dict[str, int]],
    source: Path,
) -> Backup:
    version, created, model, dim, counts = header
    digest = hashlib.sha256(first)
    reading = _Reading(version, model, dim, [], [], [], [], [])
    number = 1
    trailer_at: int | None = None
    for number, raw in enumerate(handle, start=2):
        try:
            if trailer_at is not None:
                raise _Bad(f"data after the trailer (line {trailer_at})")
            line = _json_line(raw)
            if line.get("type") == "trailer":
                _check_trailer(line, counts, reading, digest.hexdigest())
                trailer_at = number
                continue
            reading.add(line)
        except (_Bad, TypeError, ValueError) as exc:  # ValueError, TypeError: a dataclass refusing
            raise BackupError(f"{source}, line {number}: {exc}; nothing was restored") from None
        digest.update(raw)
    if trailer_at is None:
        raise BackupError(
            f"{source} is truncated: it ends after {number} lines without its trailer; nothing was restored"
        )
    _check_unique(reading, source)
    return Backup(
        created, model, dim, reading.records, reading.log, reading.queue, reading.dead, reading.localities
    )


def _check_trailer(line: dict[str, object], counts: dict[str, int], reading: _Reading, digest: str) -> None:
    found = reading.counts()
    declared = _section_counts(line.get("counts"), reading.version)
    if declared != counts:
        raise _Bad(f"the trailer's counts {declared} differ from the header's {counts}")
    if found != counts:
        raise _Bad(f"the file holds {found}, the header announces {counts}: it is incomplete")
    if line.get("sha256") != digest:
        raise _Bad("the checksum does not match: the file was damaged or edited")


def _check_unique(reading: _Reading, source: Path) -> None:
    record_ids = [record.id for record, _ in reading.records]
    if len(set(record_ids)) != len(record_ids):
        raise BackupError(f"{source}: a record id appears twice; nothing was restored")
    entry_ids = [entry.id for entry in [*reading.queue, *reading.dead]]
    if len(set(entry_ids)) != len(entry_ids):
        raise BackupError(f"{source}: a queue entry id appears twice; nothing was restored")
    owners = [(locality.tenant, locality.user_id) for locality in reading.localities]
    if len(set(owners)) != len(owners):
        raise BackupError(f"{source}: a user's locality appears twice; nothing was restored")


# -- restoring --------------------------------------------------------------------------------------


def contents_for(backup: Backup, model_id: str) -> StoreContents:
    """The backup's contents as a store embedding with `model_id` will hold them: the file's vectors
    are kept if that model wrote them; otherwise, and for records stored without one, the record
    loses its vector (and the name of the model that wrote it) and is embedded anew from its text."""
    usable = backup.embedding_model == model_id
    records = [
        (record, vector) if usable and vector is not None else (replace(record, embedding_model=None), None)
        for record, vector in backup.records
    ]
    return StoreContents(
        counts=backup.counts,
        records=records,
        write_log=backup.write_log,
        queue=backup.queue,
        dead_letters=backup.dead_letters,
        localities=backup.localities,
    )
