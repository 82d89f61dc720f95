"""Fixtures of the agent's tests: the fake provider on loopback, and settings that make the agent
start the real `hindsight mcp` and `hindsight tools` as subprocesses on a temporary home."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hindsight.agent import AgentSettings
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Running


@pytest.fixture
def provider() -> Iterator[FakeProvider]:
    with Running() as fake:
        yield fake


@pytest.fixture
def core(tmp_path: Path) -> Settings:
    """The store's settings: a fresh home, the fast no-model embedder."""
    return Settings(home=tmp_path / "home", embedder="hash")


@pytest.fixture
def agent_settings(provider: FakeProvider) -> AgentSettings:
    return AgentSettings(
        llm_base_url=provider.url,
        llm_model="fake-model",
        llm_timeout_s=20,
        llm_retries=0,
        connect_timeout_s=60,
        memory_timeout_s=30,
        tool_timeout_s=30,
    )
