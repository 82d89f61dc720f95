"""Recent queries' vectors are kept per process: the model runs once per distinct query text."""

from __future__ import annotations

import numpy as np
import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.embedding.recent import RecentQueries
from tests.helpers import RecordingEmbedder


def test_a_repeated_query_is_embedded_once_and_the_oldest_are_dropped() -> None:
    model = RecordingEmbedder()
    recent = RecentQueries(model, size=2)
    first = recent.embed_query("where is my parcel")
    again = recent.embed_query("where is my parcel")
    assert model.queries == ["where is my parcel"]
    assert np.array_equal(first, again)
    assert np.array_equal(first, HashEmbedder().embed_query("where is my parcel"))
    with pytest.raises(ValueError):
        again[0] = 1.0  # shared by every caller: nobody may change it
    recent.embed_query("my budget")
    recent.embed_query("my hotel")  # the parcel query is now the oldest of three: dropped
    recent.embed_query("where is my parcel")
    assert model.queries == ["where is my parcel", "my budget", "my hotel", "where is my parcel"]


def test_size_zero_keeps_nothing() -> None:
    model = RecordingEmbedder()
    recent = RecentQueries(model, size=0)
    recent.embed_query("a")
    recent.embed_query("a")
    assert model.queries == ["a", "a"]


def test_recall_embeds_a_repeated_question_once_and_still_sees_new_memories(tmp_path) -> None:
    model = RecordingEmbedder()
    with Memory(settings=Settings(home=tmp_path), embedder=model, background=False) as memory:
        memory.remember("li", "Li's parcel SF1234 left Shenzhen")
        assert [hit.record.text for hit in memory.recall("li", "where is the parcel").hits][:1] == [
            "Li's parcel SF1234 left Shenzhen"
        ]
        asked = len(model.queries)
        memory.remember("li", "Li's parcel SF1234 arrived in Beijing")
        texts = [hit.record.text for hit in memory.recall("li", "where is the parcel").hits]
        assert len(model.queries) == asked  # the same question: its vector was kept
        assert "Li's parcel SF1234 arrived in Beijing" in texts  # the store is read afresh
