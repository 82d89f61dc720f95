"""serve's processes take their start-up objects out of the garbage collector's full passes
(settle.py); an app in someone else's process (these tests, a host's) leaves the collector alone."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from hindsight import Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.memory import AsyncMemory
from hindsight.server.http import create_app
from hindsight.settle import freeze_start_up_objects


@pytest.fixture
def unfrozen() -> Iterator[None]:
    gc.unfreeze()
    try:
        yield
    finally:
        gc.unfreeze()  # the test process's objects go back to the collector


def _core(tmp_path: Path) -> AsyncMemory:
    settings = Settings(home=tmp_path / "home", embedder="hash", maintain_every_s=0)
    return AsyncMemory(settings=settings, embedder=HashEmbedder())


def test_freezing_moves_the_live_objects_out_of_full_passes(unfrozen: None) -> None:
    live = len(gc.get_objects())
    frozen = freeze_start_up_objects()
    # a frozen object another thread lets go of (a pool's, a finished test's) leaves the count at once
    assert frozen - 1000 <= gc.get_freeze_count() <= frozen and frozen >= live // 2
    assert len(gc.get_objects()) < live - frozen // 2  # no longer among the collector's objects


@pytest.mark.parametrize("served", [False, True])
def test_only_an_app_that_serve_runs_freezes_at_start(tmp_path: Path, unfrozen: None, served: bool) -> None:
    core = _core(tmp_path)
    app = create_app(core=core)
    app.state.freeze_start_up = served  # what serve() sets on its own app and its workers'
    with TestClient(app, base_url="http://localhost") as client:
        assert client.get("/health").status_code == 200
        assert (gc.get_freeze_count() > 0) is served
    asyncio.run(core.close())
