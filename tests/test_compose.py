"""The container image and the Compose stack, read as files (no Docker needed): every service is
health-checked, pinned or built here, its engine's data in a named volume, gated on healthy
dependencies, published on 127.0.0.1 by default, and refuses to start without its secrets. The stack
itself is brought up for real by .ci/compose_smoke.sh (after the test suite in .ci/run)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from hindsight.cli import cli

ROOT = Path(__file__).resolve().parent.parent
ENGINES = {"postgres": "/var/lib/postgresql/data", "redis": "/data", "qdrant": "/qdrant/storage"}
HINDSIGHT = ("api-1", "api-2", "worker")


def load(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
    return loaded


@pytest.fixture(scope="module")
def stack() -> dict[str, Any]:
    return load("compose.yaml")


def test_every_service_is_health_checked_pinned_and_restarted(stack: dict[str, Any]) -> None:
    services = stack["services"]
    assert set(ENGINES) | set(HINDSIGHT) <= set(services)
    assert "version" not in stack  # read by Compose v1 and v2 alike
    for name, service in services.items():
        test = service.get("healthcheck", {}).get("test")
        assert test and test[0] in ("CMD", "CMD-SHELL") and len(test) > 1, f"{name}: no health check"
        assert service.get("restart") in ("unless-stopped", "always"), f"{name}: no restart policy"
        image = service.get("image", "")
        assert image or service.get("build"), f"{name}: neither an image nor a build"
        assert "latest" not in image and not image.endswith(":"), f"{name}: {image}"
        if not service.get("build"):  # a third-party image: pinned to a version, not a moving name
            assert re.search(r":v?\d+\.\d+(\.\d+)?", image), f"{name}: {image} is not pinned to a version"


def test_engines_keep_their_data_in_named_volumes(stack: dict[str, Any]) -> None:
    named = set(stack["volumes"])
    for engine, path in ENGINES.items():
        mounts = stack["services"][engine].get("volumes", [])
        sources = {m.split(":", 1)[0] for m in mounts if m.endswith(":" + path)}
        assert sources and sources <= named, f"{engine}: {path} is not in a named volume ({mounts})"


def test_dependencies_wait_for_health_and_secrets_fail_closed(stack: dict[str, Any]) -> None:
    services = stack["services"]
    for name in HINDSIGHT:
        service = services[name]
        assert set(service["depends_on"]) >= {"postgres", "redis"}
        env = service["environment"]
        assert env["HINDSIGHT_WORKER"] == "external"
        assert env["HINDSIGHT_API_KEYS"].startswith("${HINDSIGHT_API_KEYS:?")
        assert "openssl rand" in env["HINDSIGHT_API_KEYS"]  # the refusal says how to make a key
        assert "${POSTGRES_PASSWORD:?" in env["HINDSIGHT_STORE"]
        hosts = env["HINDSIGHT_ALLOWED_HOSTS"].split(",")
        assert {"localhost", "127.0.0.1", "api-1", "api-2"} <= set(hosts)
        assert service["stop_signal"] == "SIGINT"
    for name, service in services.items():
        for dependency, how in (service.get("depends_on") or {}).items():
            assert how == {"condition": "service_healthy"}, f"{name} -> {dependency}: {how}"
            assert not set(services[dependency].get("profiles", [])) - set(service.get("profiles", [])), (
                f"{name} depends on {dependency}, which a profile may leave out"
            )
        for port in service.get("ports", []):
            assert port.startswith("${HINDSIGHT_BIND:-127.0.0.1}:"), f"{name}: {port} is not on 127.0.0.1"


def test_env_example_names_every_setting_and_leaves_the_secrets_empty(stack: dict[str, Any]) -> None:
    text = (ROOT / "compose.yaml").read_text(encoding="utf-8")
    example = {}
    for line in (ROOT / ".env.example").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            example[name.strip()] = value.strip()
    required = set(re.findall(r"\$\{([A-Z_0-9]+):\?", text))
    assert required == {"HINDSIGHT_API_KEYS", "POSTGRES_PASSWORD"}
    for name in required:  # copied as it is, the stack refuses to start
        assert example.get(name) == "", f"{name} should be empty in .env.example"
    assert set(re.findall(r"\$\{([A-Z_0-9]+)[:}?-]", text)) <= set(example)


def test_the_ci_override_only_swaps_the_engines_images() -> None:
    override = load(".ci/compose.ci.yaml")
    assert set(override) == {"services"}
    assert set(override["services"]) == {"postgres", "redis"}
    for service in override["services"].values():
        assert set(service) == {"image", "build"} and service["image"].startswith("localhost/")


def test_the_image_is_small_unprivileged_stops_gracefully_and_checks_readiness() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    final = dockerfile.split("\nFROM ${BASE_IMAGE}\n", 1)[1]  # the runtime stage
    assert re.search(r"^USER hindsight$", final, re.M)
    assert re.search(r"^STOPSIGNAL SIGINT$", final, re.M)
    assert re.search(r"^HEALTHCHECK .*\n.*healthcheck\.py\", \"ready\"", final, re.M)
    assert "apt-get" not in dockerfile and "build-essential" not in dockerfile and "gcc" not in dockerfile
    assert "--only-binary=:all:" in dockerfile and "PIP_NO_CACHE_DIR=1" in dockerfile
    assert "latest" not in dockerfile


def test_healthcheck_script_reads_ready_with_the_first_key_and_the_worker_heartbeat(tmp_path: Path) -> None:
    script = ROOT / "docker" / "healthcheck.py"
    env = {**os.environ, "HINDSIGHT_WORKER_HEARTBEAT": str(tmp_path / "alive")}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, str(script), *args], env=env, capture_output=True, text=True, timeout=30
        )

    missing = run("worker", "60")
    assert missing.returncode == 1 and "no heartbeat yet" in missing.stdout
    (tmp_path / "alive").touch()
    assert run("worker", "60").returncode == 0
    old = time.time() - 120
    os.utime(tmp_path / "alive", (old, old))
    assert run("worker", "60").returncode == 1
    # Nothing listens there: unhealthy, said plainly (not a traceback).
    env.update(HINDSIGHT_PORT="9", HINDSIGHT_API_KEYS="k1=acme,k2")
    down = run("ready")
    assert down.returncode == 1 and down.stdout.startswith("unreachable") and not down.stderr


def test_worker_touches_its_heartbeat_once_open_and_after_each_round(tmp_path: Path) -> None:
    beat = tmp_path / "worker.alive"
    result = CliRunner().invoke(
        cli, ["--home", str(tmp_path), "--embedder", "hash", "worker", "--once"],
        env={"HINDSIGHT_WORKER_HEARTBEAT": str(beat)},
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert beat.exists() and time.time() - beat.stat().st_mtime < 60


def test_redis_stopped_is_reported_by_the_next_readiness_check_without_other_traffic() -> None:
    # The stack's /ready (and so its health checks and a Kubernetes readiness probe) must say
    # "degraded" as soon as Redis stops, not only once a request has happened to touch it.
    import socket

    from hindsight.state.redis import Link

    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    link = Link(f"redis://127.0.0.1:{port}/0")
    try:
        degraded = link.status()
        assert "state" in degraded and "unreachable" in degraded["state"]
        assert link.status() == degraded or "unreachable" in link.status()["state"]  # left alone meanwhile
    finally:
        link.client.close()


def test_a_worker_that_cannot_open_its_store_restores_its_signal_handlers(tmp_path: Path) -> None:
    import signal

    from hindsight.ops.worker import run_worker
    from hindsight.settings import Settings

    (tmp_path / "memory.db").write_bytes(b"not a database, " * 64)  # damaged: the store refuses it
    before = signal.getsignal(signal.SIGTERM)
    settings = Settings(home=tmp_path, embedder="hash")
    with pytest.raises(Exception) as refused:
        run_worker(settings, once=True, echo=lambda line: None)
    assert not isinstance(refused.value, NameError | UnboundLocalError), refused.value
    assert signal.getsignal(signal.SIGTERM) is before
