"""The errors Hindsight raises on purpose.

Every surface (CLI, HTTP, MCP) turns a HindsightError into a clear message for the caller;
anything else escaping is a bug.
"""


class HindsightError(Exception):
    """Base class: the message is written for the person who sent the input."""


class InvalidInput(HindsightError, ValueError):
    """The caller sent something the API cannot accept (empty text, unknown tier, bad time...)."""


class NotFound(HindsightError, KeyError):
    """A record id that does not exist (or belongs to nobody the caller may see)."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "not found"


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
