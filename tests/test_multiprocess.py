"""Several real processes on one memory, on loopback: a running server sees what the CLI does at its
next call; two server replicas and a worker under concurrent load lose no acknowledged write,
apply none twice and serve no stale read after a forget - also with one replica killed mid-burst."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path

import httpx

from hindsight.bench.load import processes, run_load


def cli(home: Path, *args: str) -> str:
    source = str(Path(__file__).resolve().parents[1] / "src")
    env = {**os.environ, "HINDSIGHT_HOME": str(home), "HINDSIGHT_EMBEDDER": "hash", "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-m", "hindsight.cli", *args], env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_running_server_sees_what_the_cli_does_at_its_next_call(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with (
        processes(home, replicas=1, worker=False, log_dir=tmp_path) as servers,
        httpx.Client(timeout=30) as http,
    ):
        base = servers[0][1]
        made = http.post(f"{base}/v1/remember", json={"user_id": "ada", "text": "Ada's locker is number 42"})
        rid = made.json()["record"]["id"]

        def recalled(query: str) -> list[str]:
            answer = http.post(f"{base}/v1/recall", json={"user_id": "ada", "query": query})
            return [hit["record"]["id"] for hit in answer.json()["hits"]]

        assert recalled("locker number 42") == [rid]  # the server has read (and cached) Ada's memory
        # Another process adds a memory: the server finds it at its next call.
        added = cli(home, "remember", "ada", "Ada's bike is the red one by the gate")
        new_id = added.split()[1]
        assert recalled("red bike gate")[0] == new_id
        # Another process promotes one: the server shows the move.
        cli(home, "promote", new_id)
        assert http.get(f"{base}/v1/memories/{new_id}").json()["tier"] == "long"
        # Another process forgets one: the server never returns it again.
        cli(home, "forget", rid)
        assert rid not in recalled("locker number 42")
        assert http.get(f"{base}/v1/memories/{rid}").status_code == 404
        # And a turn the server observes is found by the CLI, by meaning too (it embeds what waits).
        http.post(
            f"{base}/v1/observe",
            json={
                "user_id": "ada",
                "session_id": "s",
                "role": "user",
                "text": "my flight is LH 454 on Friday",
            },
        )
        found = json.loads(cli(home, "recall", "ada", "flight LH 454", "--json"))
        assert any("LH 454" in hit["record"]["text"] for hit in found["hits"])


def test_two_replicas_and_a_worker_under_load_lose_nothing(tmp_path: Path) -> None:
    report = run_load(tmp_path / "home", replicas=2, worker=True, clients=4, writes=24, log_dir=tmp_path)
    print(json.dumps(report.as_dict()))
    assert report.acknowledged >= report.attempted * 0.9 and report.forgets > 0
    assert (report.lost, report.duplicated, report.stale_reads, report.dead_letters) == (0, 0, 0, 0), (
        report.problems
    )
    assert report.server_errors == 0, report.problems


def test_a_replica_killed_mid_burst_loses_no_acknowledged_write(tmp_path: Path) -> None:
    report = run_load(
        tmp_path / "home", replicas=2, worker=True, clients=4, writes=24, kill_one=True, log_dir=tmp_path
    )
    print(json.dumps(report.as_dict()))
    assert report.killed and report.refused_by_dead_replica > 0
    assert (report.lost, report.duplicated, report.stale_reads, report.dead_letters) == (0, 0, 0, 0), (
        report.problems
    )
    assert report.server_errors == 0, report.problems


async def _mcp(url: str, session: str, tool: str, arguments: dict[str, object]) -> dict[str, object]:
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    headers = {"X-Hindsight-User": "ivy", "X-Hindsight-Session": session}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=30) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as mcp,
    ):
        await mcp.initialize()
        result = await mcp.call_tool(tool, arguments)
        assert not result.is_error, result
        assert result.structured_content is not None
        return result.structured_content


def test_mcp_without_sessions_lets_any_replica_serve_a_conversation(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with processes(
        home, replicas=2, worker=False, log_dir=tmp_path, HINDSIGHT_MCP_STATELESS="true"
    ) as servers:
        first, second = (f"{base}/mcp" for _, base in servers)
        note = {"content": "we are comparing two flats in Lisbon", "memory_type": "working"}
        asyncio.run(_mcp(first, "conv-1", "store_memory", note))
        fact = {"content": "Ivy's budget for the flat is 1200 EUR a month", "memory_type": "long_term"}
        stored = asyncio.run(_mcp(first, "conv-1", "store_memory", fact))
        # The next call of the conversation lands on the other replica: the same memory, the same window.
        found = asyncio.run(_mcp(second, "conv-1", "retrieve_memory", {"query": "flat budget"}))
        assert [m["id"] for m in found["memories"]][:1] == [stored["id"]]  # type: ignore[index]
        assert [t["text"] for t in found["working_memory"]] == [note["content"]]  # type: ignore[union-attr]
        other = asyncio.run(_mcp(second, "conv-2", "retrieve_memory", {"query": "flat budget"}))
        assert other["working_memory"] == []  # another conversation, another window


def test_a_body_that_never_arrives_is_answered_408_not_waited_for(tmp_path: Path) -> None:
    import socket
    import time

    with processes(
        tmp_path / "home", replicas=1, worker=False, log_dir=tmp_path, HINDSIGHT_BODY_TIMEOUT_S="1"
    ) as servers:
        host, port = servers[0][1].removeprefix("http://").split(":")
        started = time.monotonic()
        with socket.create_connection((host, int(port)), timeout=10) as raw:
            raw.sendall(
                b"POST /v1/remember HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n" + b'{"user_id": '
            )
            received = b""
            while b"did not arrive" not in received:  # the head and the body may come apart
                chunk = raw.recv(4096)
                if not chunk:
                    break
                received += chunk
            answer = received.decode()
        assert answer.startswith("HTTP/1.1 408") and "did not arrive within 1 s" in answer
        assert time.monotonic() - started < 8
