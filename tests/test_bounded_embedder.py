"""The embedder reads a bounded prefix of each text; the stored text and keyword route keep it all."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from hindsight import Memory, Settings
from hindsight.embedding.base import Vectors
from hindsight.embedding.bounded import BoundedInput
from hindsight.embedding.hashing import HashEmbedder


class Recording:
    """A HashEmbedder that remembers the longest text it was handed."""

    def __init__(self) -> None:
        self.inner = HashEmbedder()
        self.longest = 0

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        self.longest = max([self.longest, *(len(t) for t in texts)])
        return self.inner.embed_passages(texts)

    def embed_query(self, text: str) -> Vectors:
        self.longest = max(self.longest, len(text))
        return self.inner.embed_query(text)


def test_clip_keeps_short_texts_whole_and_cuts_long_ones() -> None:
    bounded = BoundedInput(HashEmbedder(), max_chars=100)
    assert bounded.clip("short") == "short"
    assert bounded.clip("x" * 250) == "x" * 100
    same = bounded.embed_passages(["a" * 100 + "b" * 900])
    assert np.allclose(same, HashEmbedder().embed_passages(["a" * 100]))
    assert bounded.model_id == HashEmbedder().model_id


def test_a_long_memory_reaches_the_model_clipped_but_is_stored_and_found_whole(tmp_path) -> None:
    model = Recording()
    settings = Settings(home=tmp_path, embed_max_chars=300)
    with Memory(settings=settings, embedder=model, background=False) as mem:
        filler = "我们讨论了很多关于项目进度的事情。" * 60
        text = filler + "最后确认发票号码是 INV-77123。"
        record = mem.remember("u1", text).record
        assert model.longest <= 300
        assert mem.get(record.id).text == text  # stored whole
        hits = mem.recall("u1", "INV-77123 " + "发票" * 500).hits
        assert model.longest <= 300  # the long query was clipped too
        assert hits and hits[0].record.id == record.id  # the keyword route read the whole text


def test_every_write_surface_says_when_the_model_read_only_the_start(tmp_path, monkeypatch) -> None:
    """Issue 12: a long memory is cut deliberately for the model, and the answer says so."""
    import asyncio

    from click.testing import CliRunner
    from fastapi.testclient import TestClient

    from hindsight import AsyncMemory
    from hindsight.cli import cli
    from hindsight.server.http import create_app

    long_text = "The migration plan covers every warehouse in the northern region. " * 20
    settings = Settings(home=tmp_path / "lib", embed_max_chars=300)
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
        assert mem.remember("u1", long_text).embedded_chars == 300
        short = mem.remember("u1", "Locker 42")
        assert short.embedded_chars is None
        assert mem.revise(short.record.id, long_text).embedded_chars == 300

    core = AsyncMemory(
        settings=Settings(home=tmp_path / "http", embedder="hash", embed_max_chars=300, maintain_every_s=0),
        embedder=HashEmbedder(),
    )
    with TestClient(create_app(core=core), base_url="http://127.0.0.1") as client:
        answer = client.post("/v1/remember", json={"user_id": "u1", "text": long_text})
        assert answer.status_code == 201, answer.text
        assert answer.json()["embedded_chars"] == 300
        answer = client.post("/v1/remember", json={"user_id": "u1", "text": "Locker 42"})
        assert answer.json()["embedded_chars"] is None
    asyncio.run(core.close())

    monkeypatch.setenv("HINDSIGHT_EMBED_MAX_CHARS", "300")
    result = CliRunner().invoke(
        cli, ["--home", str(tmp_path / "cli"), "--embedder", "hash", "remember", "u1", long_text]
    )
    assert result.exit_code == 0, result.output
    assert f"reads its first 300 characters (of {len(long_text.strip()):,})" in result.output
