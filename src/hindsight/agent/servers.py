"""The two MCP servers the agent uses — memory and business tools — as configured, and kept
usable: a server that failed is left alone for a while (the agent answers without it) and then
connected again (a stdio server is started anew)."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable
from pathlib import Path

from hindsight.agent.config import AgentSettings
from hindsight.agent.connection import (
    HttpTarget,
    McpConnection,
    ServerRefused,
    ServerTimeout,
    ServerUnavailable,
    StdioTarget,
)
from hindsight.settings import Settings

log = logging.getLogger("hindsight.agent")

Factory = Callable[[], McpConnection]


class ManagedServer:
    """A connection made on first use, dropped on failure and made again `reconnect_after_s` later."""

    def __init__(
        self,
        name: str,
        factory: Factory,
        reconnect_after_s: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.name = name
        self._factory = factory
        self._reconnect_after_s = reconnect_after_s
        self._clock = clock
        self._connection: McpConnection | None = None
        self._retry_at = 0.0
        self.problem: str | None = None
        """Why the server is unavailable now (None while it works)."""
        self._lock = asyncio.Lock()

    async def ensure(self) -> McpConnection | None:
        """The live connection, or None (see `problem`) while the server is unavailable."""
        async with self._lock:
            if self._connection is not None and self._connection.alive:
                return self._connection
            if self._connection is not None:  # it died since the last use
                self._mark_failed(f"the {self.name} server is unavailable (its connection closed)")
            if self._clock() < self._retry_at:
                return None
            connection = self._factory()
            try:
                await connection.start()
            except (ServerUnavailable, ServerTimeout, ServerRefused) as exc:
                self._connection = connection
                self._mark_failed(str(exc))
                return None
            self._connection, self.problem = connection, None
            return connection

    def status(self) -> str:
        """The state in a word or a sentence: ok, not connected (yet), or why it is unavailable."""
        if self._connection is not None and self._connection.alive:
            return "ok"
        return self.problem or "not connected"

    def failed(self, problem: str) -> None:
        """The connection failed in use: answer without it until the retry time."""
        self._mark_failed(problem)

    def _mark_failed(self, problem: str) -> None:
        log.warning("%s", problem)
        self.problem = problem
        self._retry_at = self._clock() + self._reconnect_after_s
        dead, self._connection = self._connection, None
        if dead is not None:
            # Closing waits for a subprocess to exit; the turn need not wait for it.
            task = asyncio.get_running_loop().create_task(dead.close())
            _background.add(task)
            task.add_done_callback(_background.discard)

    async def close(self) -> None:
        async with self._lock:
            connection, self._connection = self._connection, None
        if connection is not None:
            await connection.close()


_background: set[asyncio.Task[None]] = set()


async def drain_background() -> None:
    """Waits for connections being closed in the background (at shutdown)."""
    while _background:
        await asyncio.gather(*list(_background), return_exceptions=True)


def _child_env(core: Settings, extra: dict[str, str]) -> dict[str, str]:
    """The environment of a stdio server: this process's, with the store's settings made explicit
    (a `--home` or `--embedder` given on the command line reaches the server too)."""
    env = dict(os.environ)
    env["HINDSIGHT_HOME"] = str(core.home)
    if core.db_path is not None:
        env["HINDSIGHT_DB_PATH"] = str(core.db_path)
    env["HINDSIGHT_EMBEDDER"] = core.embedder
    env["HINDSIGHT_TIME_ZONE"] = core.time_zone  # the user's clock, for "yesterday" in a recall
    if core.region:
        env["HINDSIGHT_REGION"] = core.region
    env.update(extra)
    return env


def _log_file(core: Settings, name: str) -> Path:
    return core.home / "logs" / f"agent-{name}-server.log"


def memory_factory(settings: AgentSettings, core: Settings, user: str, session: str) -> Factory:
    """Connections to the memory server for one conversation (its scope comes from the connection)."""

    def make() -> McpConnection:
        target: StdioTarget | HttpTarget
        if settings.memory_url:
            headers = {"X-Hindsight-User": user, "X-Hindsight-Session": session}
            if settings.memory_api_key:
                headers["Authorization"] = f"Bearer {settings.memory_api_key}"
            # Where the user is (locality.py), when the agent's settings say it: a header is the
            # call's own word and wins over the user's stored locality, so the default (UTC, never
            # set) is not sent and each user's stored locality, else the server's settings, decide.
            if "time_zone" in core.model_fields_set:
                headers["X-Hindsight-Time-Zone"] = core.time_zone
            if core.region:
                headers["X-Hindsight-Region"] = core.region
            target = HttpTarget(settings.memory_url, headers)
        else:
            env = _child_env(
                core,
                {
                    "HINDSIGHT_MCP_USER": user,
                    "HINDSIGHT_MCP_SESSION": session,
                    "HINDSIGHT_MCP_TENANT": settings.tenant,
                },
            )
            target = StdioTarget(settings.memory_argv(), env, _log_file(core, "memory"))
        return McpConnection(
            "memory",
            target,
            call_timeout_s=settings.memory_timeout_s,
            connect_timeout_s=settings.connect_timeout_s,
        )

    return make


def tools_factory(settings: AgentSettings, core: Settings) -> Factory | None:
    """Connections to the business-tools server; None when the agent runs without one."""
    if settings.tools_url:
        url = settings.tools_url

        def make_http() -> McpConnection:
            return McpConnection(
                "tools",
                HttpTarget(url),
                call_timeout_s=settings.tool_timeout_s,
                connect_timeout_s=settings.connect_timeout_s,
            )

        return make_http
    argv = settings.tools_argv()
    if argv is None:
        return None
    command = argv

    def make_stdio() -> McpConnection:
        target = StdioTarget(command, _child_env(core, {}), _log_file(core, "tools"))
        return McpConnection(
            "tools",
            target,
            call_timeout_s=settings.tool_timeout_s,
            connect_timeout_s=settings.connect_timeout_s,
        )

    return make_stdio
