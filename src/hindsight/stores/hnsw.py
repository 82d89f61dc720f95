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


VIEW_CHANGES_MOST = 2_000
"""Changes kept beside a graph mapped from its file (at least; or a hundredth of the graph) before
it is copied into memory."""


class Graph:
    """One user's graph: add (a key already held is replaced), remove, search, save, load. Not
    safe for a search beside a change: the caller holds one lock around both.

    A loaded graph is a view of its file (memory-mapped: nothing is read until a search touches
    it, and the pages are the file's, not the process's). Changes are kept beside the view - keys
    of the view hidden, vectors added searched exactly - until there are more than a hundredth of
    the graph (at least VIEW_CHANGES_MOST); then the view is copied into memory with them applied.
    A process that opens a large user's graph a few writes after its file was written so keeps
    the file's pages instead of a copy of the whole graph (a million vectors: 0.9 GB and 1-2 s)."""

    def __init__(self, index: Index, viewed: bool = False) -> None:
        self._index = index
        self._viewed = viewed
        self._hidden: set[int] = set()
        """Keys of the view removed or replaced since it was mapped."""
        self._beside: dict[int, npt.NDArray[np.float32]] = {}
        """Vectors added since the view was mapped, by key."""
        self._stacked: tuple[Keys, npt.NDArray[np.float32]] | None = None

    @property
    def viewed(self) -> bool:
        """Whether the graph is still its file's view (no copy of it in memory)."""
        return self._viewed

    def _owned(self) -> Index:
        """The index, copied out of its file first if it is a view (a view cannot change), with the
        changes kept beside it applied."""
        if self._viewed:
            index = self._index.copy()
            if self._hidden:
                index.remove(np.array(sorted(self._hidden), dtype=np.uint64))
            if self._beside:
                keys, vectors = self._beside_stacked()
                index.add(keys.astype(np.uint64), vectors, threads=1)
            self._index, self._viewed = index, False
            self._hidden, self._beside, self._stacked = set(), {}, None
        return self._index

    def _keeps_beside(self, more: int) -> bool:
        """Whether `more` changes can still be kept beside the view."""
        most = max(VIEW_CHANGES_MOST, len(self._index) // 100)
        return self._viewed and len(self._hidden) + len(self._beside) + more <= most

    def _in_view(self, keys: Keys) -> npt.NDArray[np.bool_]:
        found = np.asarray(self._index.contains(keys.astype(np.uint64)), dtype=np.bool_).reshape(-1)
        return found & np.array([int(key) not in self._hidden for key in keys.tolist()], dtype=np.bool_)

    def _beside_stacked(self) -> tuple[Keys, npt.NDArray[np.float32]]:
        if self._stacked is None:
            keys = np.array(list(self._beside), dtype=np.int64)
            vectors = (
                np.stack(list(self._beside.values()))
                if self._beside
                else np.empty((0, self.dim), dtype=np.float32)
            )
            self._stacked = (keys, vectors)
        return self._stacked

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
        return len(self._index) - len(self._hidden) + len(self._beside)

    def add(self, keys: Keys, vectors: npt.NDArray[np.float32], threads: int = 1) -> None:
        if not len(keys):
            return
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
        if self._keeps_beside(len(keys)):
            self._hidden.update(keys[self._in_view(keys)].tolist())
            for key, vector in zip(keys.tolist(), vectors, strict=True):
                self._beside[int(key)] = vector.copy()
            self._stacked = None
            return
        index = self._owned()
        held = np.asarray(index.contains(keys.astype(np.uint64)), dtype=np.bool_).reshape(-1)
        if held.any():
            index.remove(keys[held].astype(np.uint64))
        index.add(keys.astype(np.uint64), vectors, threads=threads)

    def remove(self, keys: Keys) -> None:
        if not len(keys):
            return
        if self._keeps_beside(len(keys)):
            for key in keys.tolist():
                if self._beside.pop(int(key), None) is not None:
                    self._stacked = None
            self._hidden.update(keys[self._in_view(keys)].tolist())
            return
        index = self._owned()
        held = np.asarray(index.contains(keys.astype(np.uint64)), dtype=np.bool_).reshape(-1)
        if held.any():
            index.remove(keys[held].astype(np.uint64))

    def search(self, vector: npt.NDArray[np.float32], count: int, ef: int) -> Keys:
        """The keys of (about) the `count` nearest vectors, nearest first."""
        if not len(self) or count <= 0:
            return np.empty(0, dtype=np.int64)
        query = np.ascontiguousarray(vector, dtype=np.float32)
        keys = np.empty(0, dtype=np.int64)
        distances = np.empty(0, dtype=np.float32)
        asked = min(count, len(self._index))
        while asked:
            self._index.expansion_search = max(ef, asked)  # type: ignore[misc]  # it has a setter
            found = self._index.search(query, asked, threads=1)
            keys = np.asarray(found.keys, dtype=np.int64).reshape(-1)
            distances = np.asarray(found.distances, dtype=np.float32).reshape(-1)
            if not self._hidden:
                break
            shown = np.array([key not in self._hidden for key in keys.tolist()], dtype=np.bool_)
            keys, distances = keys[shown], distances[shown]
            if len(keys) >= count or asked >= len(self._index):
                break
            asked = min(2 * asked + int((~shown).sum()), len(self._index))  # hidden ones were among them
        if self._beside:
            # Searched exactly; "ip" distance is 1 - the inner product, as the graph's.
            beside_keys, vectors = self._beside_stacked()
            keys = np.concatenate([keys, beside_keys])
            distances = np.concatenate([distances, 1.0 - vectors @ query])
        nearest = np.argsort(distances, kind="stable")[:count]
        return keys[nearest]

    def save(self, path: Path) -> None:
        """Write the graph to `path` (through a temporary file: a reader never sees half of it)."""
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        index = self._owned() if self._hidden or self._beside else self._index
        try:
            index.save(str(partial))
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
