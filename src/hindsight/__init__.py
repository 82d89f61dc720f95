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
    Busy,
    ClaimLost,
    EmbedderUnavailable,
    EmbeddingMismatch,
    HindsightError,
    InvalidInput,
    NotFound,
    StaleWrite,
    StoreUnavailable,
    WriteDeferred,
    WriteRejected,
)
from hindsight.facade import Memory
from hindsight.memory import AsyncMemory, TenantMemory
from hindsight.models import (
    Hit,
    MemoryRecord,
    Observed,
    QueueEntry,
    Recall,
    Remembered,
    Scope,
    Stats,
    Turn,
    UserLocality,
    WriteLogEntry,
    Written,
)
from hindsight.settings import Settings

__all__ = [
    "AsyncMemory",
    "BackupError",
    "BenchFormatError",
    "Busy",
    "ClaimLost",
    "EmbedderUnavailable",
    "EmbeddingMismatch",
    "HindsightError",
    "Hit",
    "InvalidInput",
    "Memory",
    "MemoryRecord",
    "NotFound",
    "Observed",
    "QueueEntry",
    "Recall",
    "Remembered",
    "Scope",
    "Settings",
    "StaleWrite",
    "Stats",
    "StoreUnavailable",
    "TenantMemory",
    "Turn",
    "UserLocality",
    "WriteDeferred",
    "WriteLogEntry",
    "WriteRejected",
    "Written",
]
__version__ = "0.1.0"
