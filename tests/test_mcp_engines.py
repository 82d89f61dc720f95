"""The MCP end-to-end cases of tests/test_mcp.py once more, on PostgreSQL + Redis (a schema of the
test database, keys under a prefix of the case's own in the test Redis): the surfaces see no
difference between engines."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from . import test_mcp
from .conformance.backends import _postgres_schema, _redis_state
from .test_mcp import *  # noqa: F403 - the same cases, collected here again


@pytest.fixture(autouse=True)
def _on_postgres_and_redis(
    _isolated_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[None]:
    with _postgres_schema(tmp_path) as url:
        monkeypatch.setenv("HINDSIGHT_STORE", url)
        monkeypatch.setenv("HINDSIGHT_STATE", _redis_state(tmp_path))
        # The stdio server is a process of its own, started with the environment the case gives it.
        plain = test_mcp._server_env
        engines = {"HINDSIGHT_STORE": url, "HINDSIGHT_STATE": _redis_state(tmp_path)}
        monkeypatch.setattr(
            test_mcp, "_server_env", lambda home, **extra: {**plain(home, **extra), **engines}
        )
        yield
