"""An HNSW graph over one user's vectors in process memory, for a backend whose engine cannot search
vectors itself (SQLite): usearch's graph, vectors kept as float16, inner product (the stored
vectors are unit length, so it is their cosine). This module is the only one that names the engine.

The graph answers approximately and knows nothing of records: keys are the store's integer row
numbers, and the backend checks what it finds against the store (tier, kind, validity) and scores
the survivors exactly from the stored float32 vectors. A graph is a cache, never the truth.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from usearch.index import Index

Keys = npt.NDArray[np.int64]


@cache
def _index_class() -> type[Index]:
    """usearch's Index, imported when a graph is first needed (a small user never loads it).

    ONNX Runtime (the MiniLM embedder's engine, an optional extra) crashes the process with a
    segmentation fault when it is loaded after usearch's compiled module (onnxruntime 1.32.0,
    usearch 2.26.6: `import usearch.compiled; import onnxruntime` exits 139; the other order works),
    so where it is installed it is loaded first."""
    if importlib.util.find_spec("onnxruntime") is not None:
        import onnxruntime  # noqa: F401

    from usearch.index import Index

    return Index


@dataclass(frozen=True)
class GraphParams:
    """How a graph is built and searched (HINDSIGHT_HNSW_M, _EF_CONSTRUCTION, _EF_SEARCH)."""

    m: int = 16
    ef_construction: int = 64
    ef_search: int = 100


class Graph:
    """One user's graph: add (a key already held is replaced), remove, search, save, load. Not
    safe for a search beside a change: the caller holds one lock around both.

    A loaded graph is a view of its file (memory-mapped: nothing is read until a search touches
    it, and the pages are the file's, not the process's); the first change copies it into
    memory."""

    def __init__(self, index: Index, viewed: bool = False) -> None:
        self._index = index
        self._viewed = viewed

    def _owned(self) -> Index:
        """The index, copied out of its file first if it is a view (a view cannot change)."""
        if self._viewed:
            self._index = self._index.copy()
            self._viewed = False
        return self._index

    @classmethod
    def new(cls, dim: int, params: GraphParams) -> Graph:
        return cls(
            _index_class()(
                ndim=dim,
                metric="ip",
                dtype="f16",
                connectivity=params.m,
                expansion_add=params.ef_construction,
                expansion_search=params.ef_search,
            )
        )

    @property
    def dim(self) -> int:
        return int(self._index.ndim)

    def __len__(self) -> int:
        return len(self._index)

    def add(self, keys: Keys, vectors: npt.NDArray[np.float32], threads: int = 1) -> None:
        if not len(keys):
            return
        index = self._owned()
        held = np.asarray(index.contains(keys.astype(np.uint64)), dtype=np.bool_).reshape(-1)
        if held.any():
            index.remove(keys[held].astype(np.uint64))
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        index.add(keys.astype(np.uint64), vectors, threads=threads)

    def remove(self, keys: Keys) -> None:
        if len(keys):
            held = np.asarray(self._index.contains(keys.astype(np.uint64)), dtype=np.bool_).reshape(-1)
            if held.any():
                self._owned().remove(keys[held].astype(np.uint64))

    def search(self, vector: npt.NDArray[np.float32], count: int, ef: int) -> Keys:
        """The keys of (about) the `count` nearest vectors, nearest first."""
        if not len(self._index) or count <= 0:
            return np.empty(0, dtype=np.int64)
        self._index.expansion_search = max(ef, count)  # type: ignore[misc]  # it has a setter
        found = self._index.search(np.ascontiguousarray(vector, dtype=np.float32), count, threads=1)
        return np.asarray(found.keys, dtype=np.int64)

    def save(self, path: Path) -> None:
        """Write the graph to `path` (through a temporary file: a reader never sees half of it)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            self._index.save(str(partial))
            os.replace(partial, path)
        finally:
            partial.unlink(missing_ok=True)

    @classmethod
    def load(cls, path: Path) -> Graph | None:
        """The graph `save` wrote, as a view of its file (the file may be replaced and removed
        meanwhile: the view keeps what it mapped), or None."""
        if not path.is_file():
            return None
        try:
            index = _index_class().restore(str(path), view=True)
        except (OSError, RuntimeError, ValueError):
            return None
        return None if index is None else cls(index, viewed=True)
