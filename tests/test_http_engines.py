"""The HTTP end-to-end cases of tests/test_http.py once more, on PostgreSQL + Redis (a schema of the
test database, keys under a prefix of the case's own in the test Redis): the surfaces see no
difference between engines."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .conformance.backends import _postgres_schema, _redis_state
from .test_http import *  # noqa: F403 - the same cases, collected here again


@pytest.fixture(autouse=True)
def _on_postgres_and_redis(
    _isolated_env: None, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> Iterator[None]:
    with _postgres_schema(tmp_path) as url:
        monkeypatch.setenv("HINDSIGHT_STORE", url)
        monkeypatch.setenv("HINDSIGHT_STATE", _redis_state(tmp_path))
        yield
