"""Hindsight: memory for LLM agents.

    from hindsight import Memory
    mem = Memory(home="/path")
    mem.observe("alice", "s1", "user", "I always fly with Lufthansa")
    mem.recall("alice", "which airline?").hits

Importing this package does nothing but define names: no files, no environment, no network.
"""

from hindsight.errors import (
    BackupError,
    BenchFormatError,
    EmbedderUnavailable,
    EmbeddingMismatch,
    HindsightError,
    InvalidInput,
    NotFound,
    StoreUnavailable,
    WriteDeferred,
    WriteRejected,
)
from hindsight.memory import AsyncMemory, Memory
from hindsight.models import Hit, MemoryRecord, QueueEntry, Recall, Turn, WriteLogEntry
from hindsight.settings import Settings

__all__ = [
    "AsyncMemory",
    "BackupError",
    "BenchFormatError",
    "EmbedderUnavailable",
    "EmbeddingMismatch",
    "HindsightError",
    "Hit",
    "InvalidInput",
    "Memory",
    "MemoryRecord",
    "NotFound",
    "QueueEntry",
    "Recall",
    "Settings",
    "StoreUnavailable",
    "Turn",
    "WriteDeferred",
    "WriteLogEntry",
    "WriteRejected",
]
__version__ = "0.1.0"
