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


class BenchFormatError(HindsightError):
    """A benchmark file that is not in the documented JSONL format."""
