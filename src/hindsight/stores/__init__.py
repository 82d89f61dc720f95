"""Storage backends behind one Protocol (stores.base.MemoryStore); `open_store` picks one."""

from hindsight.stores.base import MemoryStore, RecordFilter, open_store

__all__ = ["MemoryStore", "RecordFilter", "open_store"]
