"""Property-based: schemathesis generates requests from the published OpenAPI document, valid and
invalid, for every route; none may answer with a 5xx."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error

from hindsight import AsyncMemory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.server.http import create_app


@pytest.fixture(scope="module")
def api_schema(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    home = tmp_path_factory.mktemp("schema-home")
    core = AsyncMemory(
        # schemathesis calls the app as "testserver"; the Host check has its own tests (test_hosts.py).
        settings=Settings(home=home, embedder="hash", maintain_every_s=0, allowed_hosts="testserver"),
        embedder=HashEmbedder(),
    )
    app = create_app(core=core)
    yield schemathesis.openapi.from_asgi("/openapi.json", app)
    asyncio.run(core.close())


def test_no_route_answers_5xx(api_schema: Any) -> None:
    # The operations one by one with Hypothesis directly (schemathesis' own pytest plugin does not
    # run under this pytest): up to 40 generated requests each, valid and invalid.
    operations = [result.ok() for result in api_schema.get_all_operations()]
    assert len(operations) >= 15
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        def no_server_error(case: Any) -> None:
            case.call_and_validate(checks=[not_a_server_error])

        no_server_error()
