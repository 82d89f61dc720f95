"""The errors Hindsight raises on purpose, and the one table that says what each means on every
surface: the HTTP status, the label of the JSON error body, and the CLI's exit code (MCP reports
each as a tool error with its message).

Every surface turns a HindsightError into a clear message for the caller; anything else escaping
is a bug.
"""

from __future__ import annotations

from dataclasses import dataclass


class HindsightError(Exception):
    """Base class: the message is written for the person who sent the input."""


class InvalidInput(HindsightError, ValueError):
    """The caller sent something the API cannot accept (empty text, unknown tier, bad time...)."""


class DuplicateRecord(InvalidInput):
    """A record id that exists already (ids are never reused)."""


class NotFound(HindsightError, KeyError):
    """A record id that does not exist (or belongs to nobody the caller may see)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "not found"


class Unauthorized(HindsightError):
    """No API key, or one this server does not know."""


class StoreUnavailable(HindsightError):
    """The store cannot be opened or written (bad path, permissions, a corrupt file)."""


class EmbedderUnavailable(HindsightError):
    """The configured embedding model cannot be loaded or reached."""


class EmbeddingMismatch(HindsightError):
    """The store's vectors were written by another embedding model than the one configured."""


class BackupError(HindsightError):
    """A backup file that cannot be restored (truncated, foreign, a newer format), or a backup that
    cannot be written; nothing in the store has changed."""


class BenchFormatError(HindsightError):
    """A benchmark file that is not in the documented JSONL format."""


class WriteRejected(HindsightError):
    """The write guard refused (unsafe) or skipped (not worth storing) a memory; the reason is logged."""

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"not stored ({action}): {reason}")
        self.action = action
        self.reason = reason


class WriteDeferred(HindsightError):
    """The write is acknowledged (in the durable queue) but could not be applied yet; it is retried."""

    def __init__(self, entry_id: int, error: str) -> None:
        super().__init__(f"write {entry_id} is queued and will be retried: {error}")
        self.entry_id = entry_id


class StaleWrite(HindsightError):
    """A record or an open event changed after it was read, so a write planned from that read was
    refused by the store (nothing was written). The core plans again from a fresh read; a caller
    sees this only when the contention outlasts those retries."""


class ClaimLost(HindsightError):
    """A queued write's claim passed to another process (its lease ran out) before this one could
    apply it: this process wrote nothing, and the write is applied there, once."""


class Busy(HindsightError):
    """Another process holds the lock for this work (maintenance): try again later."""


@dataclass(frozen=True, slots=True)
class Meaning:
    """What one kind of error is on each surface."""

    status: int
    """HTTP status."""
    label: str
    """The `error` field of the HTTP JSON body."""
    exit_code: int
    """The CLI's exit code: 2 the input (also click's own, for a bad command line), 3 not found,
    4 the store or the model unavailable, 75 (sysexits' EX_TEMPFAIL) not done yet - queued and
    retried, or try again."""


# Most specific first: the first class an error is an instance of decides.
ERROR_TABLE: tuple[tuple[type[HindsightError], Meaning], ...] = (
    (Unauthorized, Meaning(401, "unauthorized", 2)),
    (NotFound, Meaning(404, "not found", 3)),
    (WriteRejected, Meaning(422, "not stored", 2)),
    (InvalidInput, Meaning(422, "invalid input", 2)),
    (BenchFormatError, Meaning(422, "invalid input", 2)),
    (BackupError, Meaning(422, "invalid backup", 2)),
    (WriteDeferred, Meaning(202, "accepted", 75)),
    (ClaimLost, Meaning(202, "accepted", 75)),
    (StaleWrite, Meaning(409, "conflict", 75)),
    (Busy, Meaning(409, "busy", 75)),
    (EmbeddingMismatch, Meaning(503, "unavailable", 4)),
    (StoreUnavailable, Meaning(503, "unavailable", 4)),
    (EmbedderUnavailable, Meaning(503, "unavailable", 4)),
)
_FALLBACK = Meaning(400, "bad request", 2)


def meaning_of(error: HindsightError) -> Meaning:
    return next((meaning for kind, meaning in ERROR_TABLE if isinstance(error, kind)), _FALLBACK)
