"""Shared fixtures. Memories use a temporary home; the real e5 model is loaded once per session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.e5 import E5Embedder
from hindsight.embedding.hashing import HashEmbedder
from tests.fake_llm import dead_url, fake_llm  # noqa: F401 (fixtures for the LLM tests)


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No test reads the developer's ~/.hindsight or HINDSIGHT_* settings by accident (the engines
    the tests run against, HINDSIGHT_TEST_*, are no settings: .ci/services.sh exports them)."""
    import os

    for key in list(os.environ):
        if key.startswith("HINDSIGHT_") and not key.startswith("HINDSIGHT_TEST_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("HINDSIGHT_HOME", str(tmp_path / "default-home"))


@pytest.fixture(scope="session")
def e5() -> E5Embedder:
    embedder = E5Embedder(threads=1)
    embedder.embed_query("warm up")
    return embedder


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(home=tmp_path / "home", embedder="hash")


@pytest.fixture
def memory(settings: Settings) -> Iterator[Memory]:
    """A Memory on a real SQLite file with the hashing embedder (fast, no model)."""
    with Memory(settings=settings, embedder=HashEmbedder()) as mem:
        yield mem


@pytest.fixture
def e5_memory(tmp_path: Path, e5: E5Embedder) -> Iterator[Memory]:
    """A Memory with the real default embedding model."""
    with Memory(settings=Settings(home=tmp_path / "e5-home"), embedder=e5) as mem:
        yield mem
