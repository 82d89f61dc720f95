"""The commands as a user runs them: `hindsight agent --once` (starting `hindsight mcp` and
`hindsight tools` itself over stdio), the REPL, and the Compose-style wiring over HTTP — `hindsight
serve` (memory at /mcp), `hindsight tools --http` and `hindsight agent --serve`, each its own process
on its own port with /health, the agent reaching the other two by URL."""

from __future__ import annotations

import asyncio
import io
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from hindsight.agent import Agent, AgentSettings, TurnResult
from hindsight.agent.repl import repl
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say, system_text, user_text


def _env(home: Path, provider: FakeProvider, **extra: str) -> dict[str, str]:
    clean = {key: value for key, value in os.environ.items() if not key.startswith("HINDSIGHT_")}
    return {
        **clean,
        "HINDSIGHT_HOME": str(home),
        "HINDSIGHT_EMBEDDER": "hash",
        "HINDSIGHT_LLM_BASE_URL": provider.url,
        "HINDSIGHT_LLM_MODEL": "fake-model",
        **extra,
    }


def _hindsight(*args: str) -> list[str]:
    return [sys.executable, "-m", "hindsight.cli", *args]


def recalling_model(body: dict[str, Any]) -> Say:
    """Answers from what memory put in the prompt."""
    if "到哪了" in user_text(body):
        return Say(text="记得：SF123456" if "SF123456" in system_text(body) else "不记得了")
    return Say(text="好的，记下了：SF123456")


def test_once_answers_prints_and_exits(provider: FakeProvider, tmp_path: Path) -> None:
    """By default it starts `hindsight mcp` and `hindsight tools` itself, on the same home."""
    provider.script(Say(calls=(("query_order", {"order_id": "SF123456"}),)), Say(text="运输中：SF123456"))
    env = _env(tmp_path / "home", provider)
    done = subprocess.run(
        _hindsight("agent", "--user", "li", "--session", "s1", "--once", "我的订单号是SF123456，到哪了"),
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "运输中：SF123456\n"
    assert "tool" in [m["role"] for m in provider.requests[-1]["messages"]], "query_order ran"
    assert (tmp_path / "home" / "demo-tools.db").exists() and (tmp_path / "home" / "memory.db").exists()
    # The memory server read the same endpoint for extraction (HINDSIGHT_LLM_*) and, refused, fell
    # back to its rules; the agent's answer was not disturbed by it.
    assert provider.extractions


def test_once_without_a_model_says_what_to_set(tmp_path: Path) -> None:
    clean = {key: value for key, value in os.environ.items() if not key.startswith(("HINDSIGHT_", "OPENAI_"))}
    done = subprocess.run(
        _hindsight("--home", str(tmp_path), "agent", "--once", "hi"),
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "HINDSIGHT_LLM_BASE_URL" in done.stderr


def test_the_repl_streams_answers_and_starts_new_sessions(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    provider.script(
        Say(calls=(("query_order", {"order_id": "SF123456"}),)), Say(text="运输中。"), Say(text="你好！")
    )
    lines = iter(["查一下SF123456", "/memory", "/new", "你好", "/quit"])

    def read(_prompt: str) -> str:
        return next(lines)

    out = io.StringIO()
    asyncio.run(repl(agent_settings, core, "li", "s1", read=read, out=out))
    text = out.getvalue()
    assert "[user li, session s1]" in text and "[tool query_order: ok]" in text and "agent> 运输中。" in text
    assert "layers: working -> short_term -> long_term" in text and "prompt:" in text
    assert text.count("[user li, session ") == 2 and "agent> 你好！" in text


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def _process(args: list[str], env: dict[str, str], log: Path) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("wb") as out:
        process = subprocess.Popen(args, env=env, stdout=out, stderr=subprocess.STDOUT)
        try:
            yield process
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


def _wait_healthy(url: str, process: subprocess.Popen[bytes], log: Path) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text()
        try:
            response = httpx.get(url, timeout=2)
            if response.status_code == 200:
                return dict(response.json())
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{url} never answered: {log.read_text()}")


def test_the_services_of_the_compose_stack_over_http(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings, tmp_path: Path
) -> None:
    """`hindsight serve` (memory at /mcp) and `hindsight tools --http`, each its own process on its
    own port with /health; the agent reaches both by URL, as agent-core would in the stack."""
    memory_port, tools_port = _free_port(), _free_port()
    env = _env(core.home, provider)
    settings = agent_settings.model_copy(
        update={
            "memory_url": f"http://127.0.0.1:{memory_port}/mcp",
            "tools_url": f"http://127.0.0.1:{tools_port}/mcp",
        }
    )
    provider.script(Say(calls=(("query_order", {"order_id": "SF123456"}),)), Say(text="运输中。"))
    provider.default = recalling_model

    async def conversations() -> tuple[TurnResult, TurnResult]:
        async with Agent(settings, core) as agent:
            async with agent.conversation("li", "a") as chat:
                first = await chat.send("查一下SF123456")
            async with agent.conversation("li", "b") as chat:
                later = await chat.send("那个订单到哪了")
        return first, later

    with (
        _process(_hindsight("serve", "--port", str(memory_port)), env, tmp_path / "serve.log") as memory,
        _process(
            _hindsight("tools", "--http", "--port", str(tools_port)), env, tmp_path / "tools.log"
        ) as tools,
    ):
        health = _wait_healthy(f"http://127.0.0.1:{tools_port}/health", tools, tmp_path / "tools.log")
        assert health == {"status": "ok", "service": "hindsight-tools"}
        _wait_healthy(f"http://127.0.0.1:{memory_port}/health", memory, tmp_path / "serve.log")
        first, later = asyncio.run(conversations())
    assert (
        first.answer == "运输中。" and [c.outcome for c in first.tool_calls] == ["ok"] and not first.notices
    )
    assert later.answer == "记得：SF123456" and not later.notices
