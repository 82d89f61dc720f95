"""`hindsight serve --workers N`: N processes answer on one port, share one memory as replicas do,
serve an MCP conversation whichever of them gets each request, and stop with their parent."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

from hindsight.bench.load import processes
from hindsight.server.http import app as app_module

from .test_multiprocess import _mcp


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == pid and b"spawn_main" in cmdline:
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat").read_text()
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _all_gone(pids: list[int], within_s: float = 30.0) -> bool:
    deadline = time.monotonic() + within_s
    while any(_alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return not any(_alive(pid) for pid in pids)


def test_two_workers_answer_on_one_port_from_one_memory(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with processes(home, replicas=1, worker=False, log_dir=tmp_path, HINDSIGHT_SERVE_WORKERS="2") as servers:
        server, base = servers[0]
        workers = _children(server.pid)
        assert len(workers) == 2
        with httpx.Client(timeout=30) as http:
            fact = {"user_id": "ada", "text": "Ada's locker is number 42"}
            made = http.post(f"{base}/v1/remember", json=fact)
            assert made.status_code == 201
            rid = made.json()["record"]["id"]
        # Fresh connections, spread by the kernel over both workers: each sees the write.
        for _ in range(12):
            with httpx.Client(timeout=30) as http:
                answer = http.post(f"{base}/v1/recall", json={"user_id": "ada", "query": "locker number"})
                assert [hit["record"]["id"] for hit in answer.json()["hits"]] == [rid]
        # An MCP conversation's calls, each on a connection of its own, keep one working memory.
        note = {"content": "we are comparing two flats in Lisbon", "memory_type": "working"}
        asyncio.run(_mcp(f"{base}/mcp", "conv-1", "store_memory", note))
        for _ in range(3):
            found = asyncio.run(_mcp(f"{base}/mcp", "conv-1", "retrieve_memory", {"query": "flats"}))
            assert [t["text"] for t in found["working_memory"]] == [note["content"]]  # type: ignore[union-attr]
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=60)
    assert _all_gone(workers)


def test_workers_stop_when_their_supervisor_is_killed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with processes(home, replicas=1, worker=False, log_dir=tmp_path, HINDSIGHT_SERVE_WORKERS="2") as servers:
        server, _ = servers[0]
        workers = _children(server.pid)
        assert len(workers) == 2
        server.kill()  # SIGKILL: the supervisor cannot tell its workers
        server.wait(timeout=30)
        assert _all_gone(workers)
    assert "supervisor" in (tmp_path / "serve-0.log").read_text()


def test_a_worker_whose_supervisor_died_before_it_started_stops(tmp_path: Path) -> None:
    """The supervisor's pid comes from `serve` with the settings, not from the worker's parent once its app
    is built: a worker still starting when its supervisor was killed (its parent already another process)
    stops."""
    handed = {
        "settings": {"home": str(tmp_path / "home")},
        "listening": ["127.0.0.1", 0],
        "supervisor": os.getpid() + 1_000_000,  # not the worker's parent: killed while it started
    }
    code = "import time\nfrom hindsight.server.http.app import worker_app\nworker_app()\ntime.sleep(60)\n"
    env = {**os.environ, app_module._WORKER_SETTINGS: json.dumps(handed)}
    done = subprocess.run([sys.executable, "-c", code], env=env, timeout=50, check=False, capture_output=True)
    assert done.returncode == -signal.SIGTERM, done.stderr[-2000:]


def test_the_workers_socket_turns_nagle_off_on_every_connection() -> None:
    """uvicorn's own shared socket leaves TCP_NODELAY off on accepted connections (each keep-alive
    request then waits ~40 ms for a delayed ACK); the listener's socket is marked TCP, so asyncio
    turns it on."""
    import uvicorn

    from hindsight.server.http.listener import ListenerConfig

    def accepted_nodelay(config: uvicorn.Config) -> int:
        listening = config.bind_socket()
        seen: list[int] = []

        class Probe(asyncio.Protocol):
            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                sock = transport.get_extra_info("socket")
                seen.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
                transport.close()

        async def serve_once() -> None:
            server = await asyncio.get_running_loop().create_server(Probe, sock=listening)
            async with server:
                _, writer = await asyncio.open_connection(*listening.getsockname())
                while not seen:
                    await asyncio.sleep(0.01)
                writer.close()

        asyncio.run(serve_once())
        return seen[0]

    def config(kind: type[uvicorn.Config]) -> uvicorn.Config:
        return kind("hindsight.server.http.app:worker_app", host="127.0.0.1", port=0, factory=True)

    assert accepted_nodelay(config(uvicorn.Config)) == 0  # the bug this class works around
    assert accepted_nodelay(config(ListenerConfig)) != 0


def test_an_open_consoles_forms_work_whichever_worker_answers(tmp_path: Path) -> None:
    """A keyless server's console signs its form tokens with a secret every worker shares: a form
    one worker rendered is accepted by the other."""
    home = tmp_path / "home"
    with processes(home, replicas=1, worker=False, log_dir=tmp_path, HINDSIGHT_SERVE_WORKERS="2") as servers:
        _, base = servers[0]
        base = base.replace("127.0.0.1", "localhost")  # a keyless server answers to the loopback names
        with httpx.Client(timeout=30) as http:
            fact = {"user_id": "ada", "text": "Ada's locker is number 42"}
            rid = http.post(f"{base}/v1/remember", json=fact).json()["record"]["id"]
        moves = []
        for action in ["promote", "demote"] * 6:
            with httpx.Client(timeout=30) as asking:  # a connection, so perhaps a worker, of its own
                page = asking.get(f"{base}/console/memory/{rid}/{action}")
                token = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
                assert page.status_code == 200 and token is not None
                cookies = dict(asking.cookies)
            with httpx.Client(timeout=30, cookies=cookies) as posting:
                done = posting.post(f"{base}/console/memory/{rid}/{action}", data={"csrf": token.group(1)})
                moves.append(done.status_code)
        assert moves == [303] * 12, moves


def test_workers_refuse_working_memory_kept_in_one_process(tmp_path: Path) -> None:
    import subprocess
    import sys

    env = {**os.environ, "HINDSIGHT_HOME": str(tmp_path), "HINDSIGHT_EMBEDDER": "hash"}
    env["HINDSIGHT_STATE"] = "memory://"
    done = subprocess.run(
        [sys.executable, "-m", "hindsight.cli", "serve", "--workers", "2", "--port", "1"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "keeps working memory in one process" in done.stderr and "Traceback" not in done.stderr
