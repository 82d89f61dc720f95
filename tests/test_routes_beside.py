"""The routes that need no vector run beside the query's embedding: a recall costs its slowest
route, not the sum of all of them."""

from __future__ import annotations

import threading
import time

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.base import Vectors
from hindsight.embedding.hashing import HashEmbedder
from hindsight.recall import routes


class SlowQueries(HashEmbedder):
    """Queries take 0.3 s, as a busy model's can; records when the last one ended."""

    def __init__(self) -> None:
        super().__init__()
        self.ended = 0.0

    def embed_query(self, text: str) -> Vectors:
        time.sleep(0.3)
        vector = super().embed_query(text)
        self.ended = time.perf_counter()
        return vector


def test_keyword_entity_and_time_run_while_the_query_is_embedded(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = SlowQueries()
    seen: dict[str, object] = {}
    keyword = routes.keyword

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen["started"] = time.perf_counter()
        seen["thread"] = threading.current_thread().name
        return keyword(*args, **kwargs)

    monkeypatch.setattr(routes, "keyword", watched)
    settings = Settings(home=tmp_path, query_vectors_kept=0)
    with Memory(settings=settings, embedder=model, background=False) as memory:
        memory.remember("li", "Li's parcel SF1234 left Shenzhen yesterday")
        answer = memory.recall("li", "where is parcel SF1234?")
    assert [hit.record.text for hit in answer.hits] == ["Li's parcel SF1234 left Shenzhen yesterday"]
    assert seen["thread"] != threading.current_thread().name
    assert isinstance(seen["started"], float) and seen["started"] < model.ended, "it waited for the model"
    # Each route's own time is reported; the wait beyond the embedding is its own lap.
    assert {"embed", "semantic", "lexical wait", "keyword", "entity+time"} <= set(answer.timings)
    assert answer.timings["lexical wait"] < answer.timings["embed"]


def test_a_forked_child_recalls_with_a_route_pool_of_its_own(tmp_path) -> None:
    import multiprocessing

    settings = Settings(home=tmp_path)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
        memory.remember("li", "Li's locker number is 42")
        assert memory.recall("li", "locker number").hits  # the parent's pool exists now
    context = multiprocessing.get_context("fork")
    child = context.Process(target=_recall_in_child, args=(str(tmp_path),))
    child.start()
    child.join(60)
    if child.is_alive():  # hung on the parent's pool: do not leave it behind
        child.kill()
        child.join()
    assert child.exitcode == 0, "the child's recall hung or failed"


def _recall_in_child(home: str) -> None:
    settings = Settings(home=home)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as memory:
        hits = memory.recall("li", "locker number").hits
    raise SystemExit(0 if hits and hits[0].record.text == "Li's locker number is 42" else 3)
