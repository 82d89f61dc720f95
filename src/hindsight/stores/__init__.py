"""Storage backends behind one Protocol (stores.base.MemoryStore); `open_store` picks one."""

from hindsight.stores.base import MemoryStore, RecordFilter, Store, WriteLog, WriteQueue, open_store

__all__ = ["MemoryStore", "RecordFilter", "Store", "WriteLog", "WriteQueue", "open_store"]
