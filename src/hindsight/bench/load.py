"""Several processes on one memory, under load, on loopback: `hindsight serve` replicas and a
`hindsight worker` on one store, clients writing, reading and forgetting through every replica at
once - and, if asked, one replica killed (SIGKILL) in the middle. Then the store is read directly and
every write is accounted for.

What it counts (LoadReport): writes acknowledged (the client got 200/201; 202 "queued" counts too,
it must be applied later), lost (acknowledged, not stored once the queue is drained), duplicated
(stored more than once), forgets followed by a stale read (the other replica still returned the
forgotten memory at its next call), dead letters, and answers with a 5xx.

Used by tests/test_multiprocess.py (bounded) and bench/multiprocess_load.py (longer, for
BENCHMARKS.md).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from hindsight.ids import turn_record_id
from hindsight.models import Scope


@dataclass
class LoadReport:
    replicas: int
    clients: int
    attempted: int = 0
    acknowledged: int = 0
    deferred: int = 0
    refused_by_dead_replica: int = 0
    not_stored_by_the_guard: int = 0
    """observes answered "skipped" or "refused" by the write guard: acknowledged, and kept nowhere"""
    lost: int = 0
    duplicated: int = 0
    forgets: int = 0
    stale_reads: int = 0
    dead_letters: int = 0
    server_errors: int = 0
    killed: bool = False
    seconds: float = 0.0
    problems: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__ if name != "problems"} | {
            "problems": self.problems[:20]
        }


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _environment(home: Path, **extra: str) -> dict[str, str]:
    source = str(Path(__file__).resolve().parents[2])
    return {
        **os.environ,
        "HINDSIGHT_HOME": str(home),
        "HINDSIGHT_EMBEDDER": "hash",
        "PYTHONPATH": os.pathsep.join([source, os.environ.get("PYTHONPATH", "")]),
        **extra,
    }


@contextlib.contextmanager
def processes(
    home: Path, replicas: int, worker: bool, log_dir: Path, **settings: str
) -> Iterator[list[tuple[subprocess.Popen[bytes], str]]]:
    """Start `replicas` servers (and a worker) on the store under `home`, with these HINDSIGHT_*
    settings; yield (process, base URL) of each server once all are ready; stop everything at the
    end."""
    started: list[subprocess.Popen[bytes]] = []
    servers: list[tuple[subprocess.Popen[bytes], str]] = []
    logs = []
    try:
        if worker:
            log = (log_dir / "worker.log").open("wb")
            logs.append(log)
            started.append(
                subprocess.Popen(
                    [sys.executable, "-m", "hindsight.cli", "worker"],
                    env=_environment(home, HINDSIGHT_TICK_S="0.2"),
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
        for index in range(replicas):
            port = free_port()
            log = (log_dir / f"serve-{index}.log").open("wb")
            logs.append(log)
            extra = {"HINDSIGHT_WORKER": "external"} if worker else {}
            process = subprocess.Popen(
                [sys.executable, "-m", "hindsight.cli", "serve", "--port", str(port)],
                env=_environment(home, HINDSIGHT_MAINTAIN_EVERY_S="0", **extra, **settings),
                stdout=log,
                stderr=subprocess.STDOUT,
            )
            started.append(process)
            servers.append((process, f"http://127.0.0.1:{port}"))
        deadline = time.monotonic() + 90
        for process, base in servers:
            while True:
                with contextlib.suppress(httpx.TransportError):
                    if httpx.get(f"{base}/ready", timeout=1).status_code == 200:
                        break
                if process.poll() is not None:
                    raise RuntimeError(f"a server exited at start-up; see {log_dir}")
                if time.monotonic() > deadline:
                    raise RuntimeError(f"the servers did not become ready; see {log_dir}")
                time.sleep(0.1)
        yield servers
    finally:
        for process in started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        for log in logs:
            log.close()


@dataclass
class _Client:
    """One client's writes, and what it was told."""

    index: int
    remembered: dict[str, str] = field(default_factory=dict)
    """record id -> its marker text, acknowledged"""
    observed: dict[str, str] = field(default_factory=dict)
    """turn id -> its marker text, acknowledged"""
    forgotten: set[str] = field(default_factory=set)
    unanswered_forgets: set[str] = field(default_factory=set)
    """record ids whose forget got no answer (its replica was killed): either outcome is right"""


def _client_run(
    client: _Client,
    urls: list[str],
    writes: int,
    report: LoadReport,
    lock: threading.Lock,
    dead: set[str],
) -> None:
    def count(**deltas: int) -> None:
        with lock:
            for name, delta in deltas.items():
                setattr(report, name, getattr(report, name) + delta)

    def problem(text: str) -> None:
        with lock:
            report.problems.append(text)

    with httpx.Client(timeout=60) as http:
        for i in range(writes):
            url = urls[(client.index + i) % len(urls)]
            other = urls[(client.index + i + 1) % len(urls)]
            user = f"client{client.index}"
            marker = f"M{client.index}x{i}"
            count(attempted=1)
            try:
                if i % 2:
                    body = {"user_id": user, "text": f"client {client.index} fact {i}: item {marker}"}
                    response = http.post(f"{url}/v1/remember", json=body)
                    if response.status_code == 201:
                        client.remembered[response.json()["record"]["id"]] = marker
                        count(acknowledged=1)
                    elif response.status_code == 202:
                        count(acknowledged=1, deferred=1)
                        problem(f"remember {marker} deferred: its id is unknown to the client")
                else:
                    turn = f"t{client.index}-{i}"
                    body = {
                        "user_id": user,
                        "session_id": f"s{client.index}-{i // 6}",
                        "role": "user",
                        "text": f"client {client.index} turn {i}: order {marker}",
                        "turn_id": turn,
                    }
                    response = http.post(f"{url}/v1/observe", json=body)
                    if response.status_code == 200 and not response.json()["persisted"]:
                        count(acknowledged=1, not_stored_by_the_guard=1)  # the answer said so
                    elif response.status_code in (200, 202):
                        client.observed[turn] = marker
                        count(acknowledged=1, deferred=int(response.status_code == 202))
            except httpx.TransportError:
                if url in dead:
                    count(refused_by_dead_replica=1)
                    continue
                problem(f"{url} did not answer")
                continue
            if response.status_code >= 500:
                count(server_errors=1)
                problem(f"{response.status_code} from {url}: {response.text[:200]}")
                continue
            if response.status_code not in (200, 201, 202):
                problem(f"{response.status_code} from {url}: {response.text[:200]}")
                continue
            # Every fourth fact is forgotten through one replica and looked for through the other.
            asked = client.forgotten | client.unanswered_forgets
            live = [rid for rid in client.remembered if rid not in asked]
            if i % 4 == 3 and live and url not in dead and other not in dead:
                rid = live[0]
                try:
                    gone = http.delete(f"{url}/v1/memories/{rid}")
                except httpx.TransportError:
                    # The replica died with the forget in hand: it may or may not have happened.
                    client.unanswered_forgets.add(rid)
                    continue
                with contextlib.suppress(httpx.TransportError):
                    if gone.status_code == 200:
                        client.forgotten.add(rid)
                        count(forgets=1)
                        seen = http.get(f"{other}/v1/memories/{rid}").status_code != 404
                        hits = http.post(
                            f"{other}/v1/recall", json={"user_id": user, "query": client.remembered[rid]}
                        ).json()["hits"]
                        if seen or any(hit["record"]["id"] == rid for hit in hits):
                            count(stale_reads=1)
                            problem(f"{rid} still seen through {other} after its forget through {url}")


def run_load(
    home: Path,
    *,
    replicas: int = 2,
    worker: bool = True,
    clients: int = 4,
    writes: int = 40,
    kill_one: bool = False,
    log_dir: Path | None = None,
) -> LoadReport:
    """The scenario of the module docstring; returns what it counted."""
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder

    log_dir = log_dir or home
    log_dir.mkdir(parents=True, exist_ok=True)
    report = LoadReport(replicas=replicas, clients=clients, killed=kill_one)
    lock = threading.Lock()
    dead: set[str] = set()
    writers = [_Client(index) for index in range(clients)]
    started = time.perf_counter()
    with processes(home, replicas, worker, log_dir) as servers:
        urls = [base for _, base in servers]
        threads = [
            threading.Thread(target=_client_run, args=(client, urls, writes, report, lock, dead))
            for client in writers
        ]
        for thread in threads:
            thread.start()
        if kill_one:
            # In the middle of the burst: the last replica dies with whatever it had in flight.
            while report.attempted < clients * writes // 2 and any(t.is_alive() for t in threads):
                time.sleep(0.05)
            victim, url = servers[-1]
            dead.add(url)
            victim.send_signal(signal.SIGKILL)
            victim.wait(timeout=10)
        for thread in threads:
            thread.join()
        report.seconds = round(time.perf_counter() - started, 2)
        # The worker (or a surviving replica's own loop) applies what waits: give it until the queue
        # is empty, then count from the store itself.
        deadline = time.monotonic() + 60
        with Memory(
            settings=Settings(home=home, embedder="hash"), embedder=HashEmbedder(), background=False
        ) as memory:
            while memory.queue()[0] and time.monotonic() < deadline:
                time.sleep(0.2)
            if not worker:
                memory.process_queue()
            _account(memory, writers, report)
    return report


def _account(memory: object, writers: list[_Client], report: LoadReport) -> None:
    from hindsight import Memory

    assert isinstance(memory, Memory)
    waiting, dead = memory.queue()
    report.dead_letters = len(dead)
    if waiting:
        report.problems.append(f"{len(waiting)} writes still queued after the drain")
    copies: dict[tuple[str, str], int] = {}
    ids: set[str] = set()
    for scope in memory.scopes():
        for record in memory.for_tenant(scope.tenant).records(scope.user):
            ids.add(record.id)
            if (record.kind, record.origin) in (("fact", "manual"), ("turn", "observe")):
                key = (record.kind, record.text.rsplit(" ", 1)[-1])
                copies[key] = copies.get(key, 0) + 1
    for client in writers:
        owner = Scope("default", f"client{client.index}").owner
        for rid, marker in client.remembered.items():
            if rid in client.unanswered_forgets:
                continue
            expected = 0 if rid in client.forgotten else 1
            present = rid in ids
            if expected and not present:
                report.lost += 1
                report.problems.append(f"remembered {rid} ({marker}) is not stored")
            if not expected and present:
                report.problems.append(f"forgotten {rid} is stored again")
        for turn, marker in client.observed.items():
            if turn_record_id(owner, turn) not in ids:
                report.lost += 1
                report.problems.append(f"observed turn {turn} ({marker}) is not stored")
    report.duplicated = sum(count - 1 for count in copies.values() if count > 1)
