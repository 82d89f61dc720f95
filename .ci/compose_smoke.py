"""The Compose stack's smoke test, run by .ci/compose_smoke.sh once the images are built.

Everything goes through the published ports (two API replicas) and the Compose command line:

1. `up -d` from nothing; every service healthy; the Hindsight services started only after
   PostgreSQL and Redis were healthy (their health logs, read while they start, against the
   containers' start times).
2. A memory written through replica 1 is recalled through replica 2; MCP `store_memory` through
   replica 1, `retrieve_memory` through replica 2 (the mcp SDK's streamable HTTP client); another
   tenant's key does not see it; the console's login page; a Host the stack does not answer to is
   refused.
3. A bounded write burst through both replicas, with the worker and replica 2 killed (SIGKILL) in
   the middle and brought back: every acknowledged write is present exactly once, none twice.
4. Redis stopped: /ready says "degraded" (200, not dead), writes are still acknowledged; Redis
   started again: "ready".
5. `hindsight backup` inside the stack; `stop` (graceful: no container killed at the grace period),
   `down`, `up -d`: every memory is still there.

Any failed check raises (exit 1) with what was expected and found. Figures are printed and written
as JSON (--report).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shlex
import subprocess
import sys
import threading
import time
import uuid
from datetime import datetime
from typing import Any

import httpx

HINDSIGHT = ("api-1", "api-2", "worker")
ENGINES = ("postgres", "redis")
SERVICES = ENGINES + HINDSIGHT


class SmokeFailure(AssertionError):
    pass


def check(condition: bool, what: str) -> None:
    if not condition:
        raise SmokeFailure(what)


def log(message: str) -> None:
    print(f"[smoke] {message}", flush=True)


class Stack:
    def __init__(self, compose: str, docker: str) -> None:
        self.compose = shlex.split(compose)
        self.docker = docker

    def run(self, *args: str, timeout: float = 300, capture: bool = False) -> str:
        done = subprocess.run(
            [*self.compose, *args], check=False, text=True, timeout=timeout, capture_output=True
        )
        if done.returncode != 0:
            raise SmokeFailure(f"{' '.join(args)} failed ({done.returncode}): {done.stderr[-2000:]}")
        return done.stdout if capture else ""

    def container(self, service: str) -> str:
        cid = self.run("ps", "-q", service, capture=True).strip()
        check(bool(cid), f"no container for {service}")
        return cid

    def inspect(self, cid: str) -> dict[str, Any]:
        out = subprocess.run(
            [self.docker, "inspect", cid], check=True, text=True, capture_output=True, timeout=30
        ).stdout
        found: dict[str, Any] = json.loads(out)[0]
        return found


def when(stamp: str) -> float:
    """Docker's RFC 3339 time (nanoseconds, Z) as epoch seconds."""
    head, _, frac = stamp.rstrip("Z").partition(".")
    seconds = datetime.fromisoformat(head + "+00:00").timestamp()
    return seconds + (float("0." + frac[:6]) if frac else 0.0)


def wait_healthy(stack: Stack, services: tuple[str, ...], timeout: float) -> dict[str, dict[str, Any]]:
    """Poll until every service's container is healthy; keeps every health-log entry seen (Docker
    keeps only the last five) so the first passing check of each is known."""
    seen: dict[str, dict[str, dict[str, Any]]] = {s: {} for s in services}
    state: dict[str, dict[str, Any]] = {}
    deadline = time.monotonic() + timeout
    while True:
        healthy = 0
        for service in services:
            try:
                cid = stack.run("ps", "-q", service, capture=True).strip()
            except SmokeFailure:
                cid = ""
            if not cid:
                continue
            info = stack.inspect(cid)
            state[service] = info
            health = info["State"].get("Health") or {}
            for entry in health.get("Log") or []:
                seen[service][entry["Start"]] = entry
            if health.get("Status") == "healthy":
                healthy += 1
        if healthy == len(services):
            break
        if time.monotonic() > deadline:
            statuses = {
                s: (state.get(s, {}).get("State", {}).get("Health") or {}).get("Status") for s in services
            }
            raise SmokeFailure(f"not healthy within {timeout:.0f} s: {statuses}")
        time.sleep(0.3)
    for service in services:
        passed = [when(e["End"]) for e in seen[service].values() if e.get("ExitCode") == 0]
        state[service]["first_healthy"] = min(passed) if passed else None
    return state


def up_until_healthy(stack: Stack, timeout: float = 300) -> tuple[float, dict[str, dict[str, Any]]]:
    started = time.monotonic()
    upping = subprocess.Popen(
        [*stack.compose, "up", "-d"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    try:
        state = wait_healthy(stack, SERVICES, timeout)
    finally:
        output, _ = upping.communicate(timeout=timeout)
    check(upping.returncode == 0, f"up -d failed: {output[-2000:]}")
    elapsed = time.monotonic() - started
    # The engines' health checks gate the start: no Hindsight service started before PostgreSQL
    # and Redis passed theirs.
    for engine in ENGINES:
        first = state[engine]["first_healthy"]
        check(first is not None, f"{engine}: no passing health check seen")
        for service in HINDSIGHT:
            started_at = when(state[service]["State"]["StartedAt"])
            check(
                started_at >= first - 0.05,
                f"{service} started at {started_at:.2f}, before {engine} was healthy ({first:.2f})",
            )
    return elapsed, state


class Api:
    def __init__(self, base: str, key: str) -> None:
        self.base = base
        self.client = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {key}"}, timeout=60)

    def call(self, method: str, path: str, retries: int = 30, **kwargs: Any) -> httpx.Response:
        """A request, retried on 429 (never applied) and on resets by docker-proxy before the app listens."""
        for attempt in range(retries):
            try:
                answer = self.client.request(method, path, **kwargs)
            except httpx.TransportError:
                if attempt == retries - 1:
                    raise
                time.sleep(0.5)
                continue
            if answer.status_code == 429:
                time.sleep(float(answer.headers.get("Retry-After", "1")))
                continue
            return answer
        raise SmokeFailure(f"{method} {path}: still refused after {retries} tries")


def remember(api: Api, user: str, text: str) -> httpx.Response:
    return api.call(
        "POST", "/v1/remember", json={"user_id": user, "text": text, "tier": "long", "kind": "fact"}
    )


def records_of(api: Api, user: str) -> list[dict[str, Any]]:
    answer = api.call("GET", f"/v1/users/{user}/history")
    check(answer.status_code == 200, f"history of {user}: {answer.status_code} {answer.text[:300]}")
    body = answer.json()
    rows = body["records"] if isinstance(body, dict) else body
    return list(rows)


async def mcp_call(url: str, key: str, user: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    import httpx2
    from mcp import ClientSession
    from mcp.client.streamable_http import streamable_http_client

    headers = {"Authorization": f"Bearer {key}", "X-Hindsight-User": user, "X-Hindsight-Session": "smoke"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=60) as client,
        streamable_http_client(url, http_client=client) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        result = await session.call_tool(tool, arguments)
        check(not result.is_error, f"MCP {tool} failed: {result}")
        check(result.structured_content is not None, f"MCP {tool}: no structured content")
        return dict(result.structured_content or {})


def surfaces(api1: Api, api2: Api, tenant: Api, key: str, run: str) -> dict[str, str]:
    for api in (api1, api2):
        check(api.call("GET", "/health").json() == {"status": "ok"}, f"{api.base}/health")
        ready = api.call("GET", "/ready")
        check(
            ready.status_code == 200 and ready.json()["status"] == "ready", f"{api.base}/ready: {ready.text}"
        )
    text = f"Alice's parcel {run} ships to Lisbon by sea freight"
    written = remember(api1, "smoke-alice", text)
    check(written.status_code == 201, f"remember through replica 1: {written.status_code} {written.text}")
    record_id = written.json()["record"]["id"]
    recalled = api2.call(
        "POST", "/v1/recall", json={"user_id": "smoke-alice", "query": "where does the parcel ship?"}
    )
    check(recalled.status_code == 200, f"recall through replica 2: {recalled.text}")
    hits = [hit["record"]["id"] if "record" in hit else hit["id"] for hit in recalled.json()["hits"]]
    check(record_id in hits, f"replica 2 did not recall {record_id} written through replica 1: {hits}")
    log(f"written through replica 1, recalled through replica 2 ({record_id})")
    other = tenant.call("GET", f"/v1/memories/{record_id}")
    check(other.status_code == 404, f"another tenant's key reached the memory: {other.status_code}")

    fact = f"Bob's budget for the flat {run} is 1200 EUR a month"
    stored = asyncio.run(
        mcp_call(
            f"{api1.base}/mcp",
            key,
            "smoke-bob",
            "store_memory",
            {"content": fact, "memory_type": "long_term"},
        )
    )
    found = asyncio.run(
        mcp_call(f"{api2.base}/mcp", key, "smoke-bob", "retrieve_memory", {"query": "flat budget"})
    )
    ids = [memory["id"] for memory in found["memories"]]
    check(stored["id"] in ids, f"MCP retrieve_memory on replica 2 did not find {stored['id']}: {ids}")
    log(f"MCP store_memory through replica 1, retrieve_memory through replica 2 ({stored['id']})")

    login = httpx.get(f"{api1.base}/console/", follow_redirects=True, timeout=30)
    check(login.status_code == 200, f"console: {login.status_code}")
    check('name="key"' in login.text and 'type="password"' in login.text, "console: no login form")
    log(f"console login page at {login.url}")
    foreign = httpx.get(f"{api1.base}/health", headers={"Host": "rebind.example"}, timeout=30)
    check(foreign.status_code == 400, f"a foreign Host got {foreign.status_code}, not 400")
    named = api2.call("GET", "/ready", headers={"Host": "api-2:8765"})
    check(named.status_code == 200, f"the service name api-2 is not answered to: {named.status_code}")
    return {"alice": record_id, "bob": stored["id"]}


class Burst:
    """WRITES remembers, each for a user of its own (nothing to merge or close), from THREADS
    threads split between the replicas. A write is acknowledged when it got 201 or 202."""

    def __init__(self, apis: list[Api], run: str, writes: int, threads: int) -> None:
        self.apis, self.run, self.writes, self.threads = apis, run, writes, threads
        self.acked: set[int] = set()
        self.failed: set[int] = set()
        self.queued = 0  # acknowledged with 202: to be applied by the worker
        self.lock = threading.Lock()
        self.next = 0

    def user(self, i: int) -> str:
        return f"burst-{self.run}-{i:04d}"

    def text(self, i: int) -> str:
        return f"Shipment {self.run}-{i:04d} for this customer leaves from dock {i % 17} on pallet {i}"

    def worker(self, api: Api) -> None:
        while True:
            with self.lock:
                if self.next >= self.writes:
                    return
                i = self.next
                self.next += 1
            try:
                answer = api.client.post(
                    "/v1/remember",
                    json={"user_id": self.user(i), "text": self.text(i), "tier": "long", "kind": "fact"},
                    timeout=30,
                )
                ok = answer.status_code in (201, 202)
                if answer.status_code == 429:  # refused before anything: not a write
                    ok = False
                elif answer.status_code not in (201, 202, 502, 503, 504):
                    raise SmokeFailure(f"write {i}: unexpected {answer.status_code} {answer.text[:300]}")
            except httpx.TransportError:
                ok = False
            with self.lock:
                (self.acked if ok else self.failed).add(i)
                self.queued += int(ok and answer.status_code == 202)
            if not ok:  # a replica down: do not spend the whole burst on it
                time.sleep(0.3)

    def start(self) -> list[threading.Thread]:
        threads = [
            threading.Thread(target=self.worker, args=(self.apis[n % len(self.apis)],), daemon=True)
            for n in range(self.threads)
        ]
        for thread in threads:
            thread.start()
        return threads

    def done(self) -> int:
        with self.lock:
            return len(self.acked) + len(self.failed)


def wait_queue_empty(api: Api, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        stats = api.call("GET", "/v1/stats").json()
        if stats["waiting"] == 0:
            return dict(stats)
        check(time.monotonic() < deadline, f"the queue did not drain in {timeout:.0f} s: {stats}")
        time.sleep(1)


def verify_burst(api: Api, burst: Burst) -> dict[str, int]:
    lost = duplicated = applied_unacked = 0
    for i in range(burst.writes):
        rows = [r for r in records_of(api, burst.user(i)) if r["text"] == burst.text(i)]
        if len(rows) > 1:
            duplicated += 1
        if i in burst.acked and not rows:
            lost += 1
        if i not in burst.acked and rows:
            applied_unacked += 1
    return {"lost": lost, "duplicated": duplicated, "applied_unacked": applied_unacked}


def burst_with_kills(stack: Stack, api1: Api, api2: Api, run: str, writes: int) -> dict[str, Any]:
    burst = Burst([api1, api2], run, writes, threads=4)
    started = time.monotonic()
    threads = burst.start()
    while burst.done() < writes // 3:
        time.sleep(0.05)
    log(f"{burst.done()} writes sent: kill -s KILL worker api-2")
    stack.run("kill", "-s", "KILL", "worker", "api-2")
    killed_at = burst.done()
    while burst.done() < min(writes, killed_at + writes // 4):
        time.sleep(0.05)
    log(f"{burst.done()} writes sent: bringing worker and api-2 back")
    stack.run("up", "-d", "worker", "api-2")
    wait_healthy(stack, ("worker", "api-2"), timeout=180)
    for thread in threads:
        thread.join(timeout=300)
    check(not any(t.is_alive() for t in threads), "the burst did not finish")
    elapsed = time.monotonic() - started
    stats = wait_queue_empty(api1)
    check(stats["dead_letters"] == 0, f"dead letters after the burst: {stats}")
    found = verify_burst(api1, burst)
    figures = {
        "attempted": writes,
        "acknowledged": len(burst.acked),
        "acknowledged_queued_202": burst.queued,
        "not_acknowledged": len(burst.failed),
        **found,
        "burst_s": round(elapsed, 1),
    }
    log(f"burst: {figures}")
    check(found["lost"] == 0, f"{found['lost']} acknowledged writes are missing")
    check(found["duplicated"] == 0, f"{found['duplicated']} writes were applied twice")
    check(len(burst.acked) >= writes // 3, f"too few writes acknowledged to prove anything: {figures}")
    check(len(burst.failed) > 0, "no write failed while api-2 was dead: the kill did not happen mid-burst")
    return {"burst": burst, "figures": figures}


def redis_degraded(stack: Stack, api1: Api, run: str) -> str:
    stack.run("stop", "redis")
    try:
        deadline = time.monotonic() + 30
        while True:
            ready = api1.call("GET", "/ready")
            body = ready.json()
            if body.get("status") == "degraded":
                break
            check(time.monotonic() < deadline, f"/ready with Redis stopped: {ready.status_code} {body}")
            time.sleep(0.5)
        check(ready.status_code == 200, f"/ready with Redis down is {ready.status_code}, not 200")
        check(api1.call("GET", "/health").status_code == 200, "/health with Redis down")
        log(f"Redis stopped: /ready 200 {body}")
        written = remember(api1, "smoke-carol", f"Carol {run} moved to the Porto office in May")
        check(
            written.status_code in (201, 202),
            f"a write with Redis down: {written.status_code} {written.text}",
        )
        record_id: str = written.json()["record"]["id"] if written.status_code == 201 else ""
    finally:
        stack.run("start", "redis")
    deadline = time.monotonic() + 60
    while api1.call("GET", "/ready").json().get("status") != "ready":
        check(time.monotonic() < deadline, "/ready did not come back to ready after Redis started")
        time.sleep(0.5)
    log("Redis started again: /ready is ready")
    return record_id


def backup_inside(stack: Stack) -> dict[str, int]:
    out = stack.run("exec", "-T", "worker", "hindsight", "backup", "/tmp/smoke-backup.jsonl", capture=True)
    log(out.strip())
    content = stack.run("exec", "-T", "worker", "cat", "/tmp/smoke-backup.jsonl", capture=True)
    lines = [json.loads(line) for line in content.splitlines() if line.strip()]
    check(len(lines) > 1, "the backup is empty")
    kinds: dict[str, int] = {}
    for line in lines:
        kind = str(line.get("type") or line.get("kind") or "?")
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def agent_profile(stack: Stack, agent_url: str) -> str:
    """The agent's profile: it refuses to start without its keys; with them, the tools server and
    the agent come up healthy and the agent reaches the tools over MCP (no model is called: CI has
    none, so no chat is tried)."""
    refused = subprocess.run(
        [*stack.compose, "run", "--rm", "--no-deps", "-T", "-e", "HINDSIGHT_AGENT_API_KEY=", "agent"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    check(refused.returncode != 0, "the agent started without HINDSIGHT_AGENT_API_KEY")
    check("set HINDSIGHT_AGENT_API_KEY" in refused.stderr + refused.stdout, f"agent: {refused.stderr[-500:]}")
    stack.run("--profile", "agent", "up", "-d", "tools", "agent", timeout=300)
    wait_healthy(stack, ("tools", "agent"), timeout=180)
    health = httpx.get(f"{agent_url}/health", timeout=30).json()
    check(health.get("status") == "ok" and health.get("tools") == "ok", f"agent /health: {health}")
    stack.run("--profile", "agent", "stop", "agent", "tools")
    stack.run("--profile", "agent", "rm", "-f", "agent", "tools")
    log(f"profile agent: refuses to start without its key; tools and agent healthy, tools reached ({health})")
    return str(health.get("tools"))


def graceful_stop(stack: Stack) -> float:
    ids = {service: stack.container(service) for service in HINDSIGHT}
    started = time.monotonic()
    stack.run("stop", timeout=120)
    elapsed = time.monotonic() - started
    for service, cid in ids.items():
        code = stack.inspect(cid)["State"]["ExitCode"]
        check(code != 137, f"{service} was killed at the end of its grace period (exit 137), not stopped")
    log(f"stop: every service stopped by its signal in {elapsed:.1f} s")
    return elapsed


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--compose", required=True)
    parser.add_argument("--docker", default="docker")
    parser.add_argument("--api-1", required=True)
    parser.add_argument("--api-2", required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--tenant-key", required=True)
    parser.add_argument("--agent", required=True, help="the agent's published address")
    parser.add_argument("--writes", type=int, default=240)
    parser.add_argument("--image-bytes", type=int, default=0)
    parser.add_argument("--build-s", type=float, default=0)
    parser.add_argument("--report", default=None)
    args = parser.parse_args()
    stack = Stack(args.compose, args.docker)
    run = uuid.uuid4().hex[:6]
    total = time.monotonic()

    first_up, _ = up_until_healthy(stack)
    log(f"up -d to healthy (new volumes): {first_up:.1f} s; Hindsight started after its engines were healthy")
    api1, api2 = Api(args.api_1, args.key), Api(args.api_2, args.key)
    tenant = Api(args.api_1, args.tenant_key)
    ids = surfaces(api1, api2, tenant, args.key, run)
    burst = burst_with_kills(stack, api1, api2, run, args.writes)
    carol = redis_degraded(stack, api1, run)
    backup = backup_inside(stack)
    agent_profile(stack, args.agent)
    stop_s = graceful_stop(stack)
    stack.run("down", timeout=120)
    second_up, _ = up_until_healthy(stack)
    log(f"down, then up -d to healthy (kept volumes): {second_up:.1f} s")
    for user, record_id in (("smoke-alice", ids["alice"]), ("smoke-bob", ids["bob"]), ("smoke-carol", carol)):
        if record_id:
            got = api2.call("GET", f"/v1/memories/{record_id}")
            check(
                got.status_code == 200,
                f"{user}'s memory {record_id} is gone after down/up: {got.status_code}",
            )
    again = verify_burst(api2, burst["burst"])
    check(again["lost"] == 0 and again["duplicated"] == 0, f"after down/up: {again}")
    acknowledged = burst["figures"]["acknowledged"]
    log(f"after down and up: every memory still there ({acknowledged} acknowledged burst writes)")

    figures = {
        "build_s": args.build_s,
        "image_mb": round(args.image_bytes / 1e6),
        "up_to_healthy_s": round(first_up, 1),
        "up_to_healthy_again_s": round(second_up, 1),
        "stop_s": round(stop_s, 1),
        "burst": burst["figures"],
        "backup_lines": backup,
        "smoke_s": round(time.monotonic() - total, 1),
    }
    print("COMPOSE SMOKE FIGURES " + json.dumps(figures), flush=True)
    if args.report:
        with open(args.report, "w", encoding="utf-8") as handle:
            json.dump(figures, handle, indent=2)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except SmokeFailure as failure:
        print(f"[smoke] FAILED: {failure}", file=sys.stderr, flush=True)
        sys.exit(1)
