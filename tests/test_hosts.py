"""The HTTP server's Host check: an open (keyless) server answers only to the loopback names."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from hindsight import Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.memory import AsyncMemory
from hindsight.server.hosts import LOOPBACK, allowed_hosts, host_name, is_allowed
from hindsight.server.http import create_app

KEY = "key-acme-0123456789"


@pytest.mark.parametrize(
    ("header", "name"),
    [
        ("localhost:8765", "localhost"),
        ("Localhost", "localhost"),
        ("127.0.0.1:80", "127.0.0.1"),
        ("[::1]:8765", "::1"),
        ("[::1]", "::1"),
        ("::1", "::1"),
        ("memory.example.com", "memory.example.com"),
        ("", ""),
    ],
)
def test_host_name_drops_the_port(header: str, name: str) -> None:
    assert host_name(header) == name


def test_what_is_allowed() -> None:
    assert allowed_hosts(None, keys_required=False) == LOOPBACK
    assert allowed_hosts("", keys_required=False) == LOOPBACK
    assert allowed_hosts(None, keys_required=True) is None
    assert allowed_hosts(" Memory.example.com , localhost ", keys_required=True) == {
        "memory.example.com",
        "localhost",
    }
    assert allowed_hosts("*", keys_required=False) is None
    wildcard = allowed_hosts("*.example.com", keys_required=False)
    assert wildcard is not None
    assert is_allowed("api.example.com", wildcard) and not is_allowed("example.com.evil.net", wildcard)
    assert not is_allowed("evilexample.com", wildcard)


@pytest.fixture
def make_client(tmp_path: Path) -> Iterator[Any]:
    cores: list[AsyncMemory] = []
    clients: list[TestClient] = []

    def make(host: str, **overrides: Any) -> TestClient:
        home = tmp_path / f"home{len(cores)}"
        settings = Settings(home=home, embedder="hash", maintain_every_s=0, **overrides)
        core = AsyncMemory(settings=settings, embedder=HashEmbedder())
        cores.append(core)
        client = TestClient(create_app(core=core), base_url=f"http://{host}", raise_server_exceptions=False)
        clients.append(client.__enter__())
        return client

    yield make
    for client in clients:
        client.__exit__(None, None, None)
    for core in cores:
        asyncio.run(core.close())


@pytest.mark.parametrize("host", ["localhost:8765", "127.0.0.1:8765", "[::1]:8765"])
def test_an_open_server_answers_to_loopback_names(make_client: Any, host: str) -> None:
    client = make_client(host)
    assert client.get("/v1/users").status_code == 200
    remembered = client.post("/v1/remember", json={"user_id": "u", "text": "the key is under the mat"})
    assert remembered.status_code == 201


def test_an_open_server_refuses_a_rebound_host_everywhere(make_client: Any) -> None:
    client = make_client("evil.example")
    for method, path in [("GET", "/v1/users"), ("GET", "/health"), ("GET", "/console/"), ("POST", "/mcp")]:
        response = client.request(method, path, json={} if method == "POST" else None)
        assert response.status_code == 400, (path, response.status_code)
        body = response.json()
        assert body["error"] == "host not allowed"
        assert "HINDSIGHT_ALLOWED_HOSTS" in body["detail"] and "evil.example" in body["detail"]
    # Nothing was written by the refused requests.
    refused = client.post("/v1/remember", json={"user_id": "u", "text": "planted by a web page"})
    assert refused.status_code == 400
    seen_locally = client.get("/v1/users", headers={"host": "localhost"})
    assert seen_locally.status_code == 200 and seen_locally.json() == {"users": []}


def test_a_server_with_keys_answers_to_any_host_unless_narrowed(make_client: Any) -> None:
    auth = {"Authorization": f"Bearer {KEY}"}
    anywhere = make_client("memory.example.com", api_keys=KEY)
    assert anywhere.get("/v1/users", headers=auth).status_code == 200
    narrowed = make_client("evil.example", api_keys=KEY, allowed_hosts="memory.example.com")
    assert narrowed.get("/v1/users", headers=auth).status_code == 400


def test_an_open_server_can_be_told_its_names(make_client: Any) -> None:
    assert make_client("memory.lan", allowed_hosts="memory.lan").get("/v1/users").status_code == 200
    assert make_client("anything.example", allowed_hosts="*").get("/v1/users").status_code == 200
    assert make_client("other.lan", allowed_hosts="memory.lan").get("/v1/users").status_code == 400
