"""Storage behind small seams (stores/base.py), composed from URLs (stores/registry.py)."""

from hindsight.stores.base import (
    Change,
    EventStore,
    KeywordIndex,
    RecordFilter,
    RecordSearch,
    RecordStore,
    Snapshots,
    VectorIndex,
    WriteLog,
    WriteQueue,
)
from hindsight.stores.registry import Backend, open_backend

__all__ = [
    "Backend",
    "Change",
    "EventStore",
    "KeywordIndex",
    "RecordFilter",
    "RecordSearch",
    "RecordStore",
    "Snapshots",
    "VectorIndex",
    "WriteLog",
    "WriteQueue",
    "open_backend",
]
