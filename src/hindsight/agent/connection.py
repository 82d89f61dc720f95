"""One MCP client connection (stdio subprocess or streamable HTTP), with its tool list.

The SDK's client is a stack of async context managers whose cancel scopes must be entered and
left by one task. A connection therefore runs in a task of its own that opens the transport and
the session, then waits to be told to close; callers from any task use the session meanwhile.
A request on a connection whose server died or timed out raises ServerUnavailable /
ServerTimeout with a sentence for the user, never a transport exception.

The tool list is read when the connection opens and read again after the server says it changed
(notifications/tools/list_changed).
"""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import Mapping, Sequence
from contextlib import AsyncExitStack, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import anyio
import anyio.lowlevel
import httpx2
from mcp import ClientSession
from mcp.client.session import IncomingMessage
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import CONNECTION_CLOSED, REQUEST_TIMEOUT, CallToolResult, Tool, ToolListChangedNotification

log = logging.getLogger("hindsight.agent")

__all__ = [
    "HttpTarget",
    "McpConnection",
    "ServerRefused",
    "ServerTimeout",
    "ServerUnavailable",
    "StdioTarget",
]


class ServerUnavailable(Exception):
    """The server could not be started or reached, or its connection is gone."""


class ServerTimeout(Exception):
    """The server did not answer in time."""


class ServerRefused(Exception):
    """The server is up but answered the request with a protocol error (e.g. an unknown tool)."""


@dataclass(frozen=True)
class StdioTarget:
    """A server started as a subprocess, spoken to over its stdin/stdout."""

    argv: Sequence[str]
    env: Mapping[str, str] = field(default_factory=dict)
    """The whole environment of the server (not merged with the SDK's small default set)."""
    errlog: Path | None = None
    """Where the server's stderr goes (appended); None discards it."""

    def describe(self) -> str:
        return " ".join(self.argv)


@dataclass(frozen=True)
class HttpTarget:
    """A server reached over streamable HTTP."""

    url: str
    headers: Mapping[str, str] = field(default_factory=dict)

    def describe(self) -> str:
        return self.url


class McpConnection:
    """A client session to one MCP server. `start()` it, use `tools()` and `call()`, `close()` it."""

    def __init__(
        self,
        name: str,
        target: StdioTarget | HttpTarget,
        *,
        call_timeout_s: float = 30.0,
        connect_timeout_s: float = 60.0,
    ) -> None:
        self.name = name
        self.target = target
        self.call_timeout_s = call_timeout_s
        self.connect_timeout_s = connect_timeout_s
        self._session: ClientSession | None = None
        self._tools: list[Tool] = []
        self._stale = True
        self._ready = asyncio.Event()
        self._stop = asyncio.Event()
        self._owner: asyncio.Task[None] | None = None
        self._failure: str | None = None
        self._lost: str | None = None

    # -- life --------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Connects and reads the tool list; raises ServerUnavailable saying why it could not."""
        if self._owner is not None:
            raise RuntimeError("a connection is started once")
        self._owner = asyncio.create_task(self._own(), name=f"mcp-{self.name}")
        try:
            await asyncio.wait_for(self._ready.wait(), self.connect_timeout_s)
        except TimeoutError:
            await self.close()
            raise ServerUnavailable(
                f"the {self.name} server did not start within {self.connect_timeout_s:g} s"
            ) from None
        if self._session is None:
            await self.close()
            raise ServerUnavailable(self._failure or f"the {self.name} server closed the connection")
        await self.tools()

    async def close(self) -> None:
        self._stop.set()
        owner, self._owner = self._owner, None
        if owner is not None and not owner.done():
            with suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(asyncio.shield(owner), 10.0)
            if not owner.done():
                owner.cancel()
                with suppress(Exception, asyncio.CancelledError):
                    await owner
        self._session = None

    @property
    def alive(self) -> bool:
        return self._session is not None and self._lost is None

    async def _own(self) -> None:
        try:
            async with AsyncExitStack() as stack:
                if isinstance(self.target, StdioTarget):
                    read, write = await stack.enter_async_context(
                        stdio_client(self._stdio_parameters(), errlog=stack.enter_context(self._errlog()))
                    )
                else:
                    # The SDK's own timeouts: the server may hold a response stream open for
                    # minutes; each call is bounded by call_timeout_s on its own (call()).
                    client = await stack.enter_async_context(
                        httpx2.AsyncClient(
                            headers=dict(self.target.headers), timeout=httpx2.Timeout(30.0, read=300.0)
                        )
                    )
                    read, write = await stack.enter_async_context(
                        streamable_http_client(self.target.url, http_client=client)
                    )
                session = await stack.enter_async_context(
                    ClientSession(read, write, message_handler=self._on_message)
                )
                with anyio.fail_after(self.connect_timeout_s):
                    await session.initialize()
                self._session = session
                self._ready.set()
                await self._stop.wait()
        except Exception as exc:  # an ExceptionGroup from the transport's task group included
            self._failure = self._startup_failure(exc)
            log.debug("%s server connection ended: %r", self.name, exc)
        finally:
            self._session = None
            self._ready.set()

    def _stdio_parameters(self) -> StdioServerParameters:
        assert isinstance(self.target, StdioTarget)
        return StdioServerParameters(
            command=self.target.argv[0], args=list(self.target.argv[1:]), env=dict(self.target.env)
        )

    def _errlog(self) -> TextIO:
        assert isinstance(self.target, StdioTarget)
        if self.target.errlog is None:
            return open(os.devnull, "w", encoding="utf-8")
        self.target.errlog.parent.mkdir(parents=True, exist_ok=True)
        return self.target.errlog.open("a", encoding="utf-8")

    def _startup_failure(self, exc: BaseException) -> str:
        leaves = _leaves(exc)
        reason = "; ".join(dict.fromkeys(_one_line(leaf) for leaf in leaves)) or type(exc).__name__
        detail = self._stderr_tail()
        where = self.target.describe()
        return f"the {self.name} server ({where}) could not be reached: {reason}" + (
            f" — it said: {detail}" if detail else ""
        )

    def _stderr_tail(self) -> str:
        """The server's last error line (e.g. "error: HINDSIGHT_MCP_USER is required ...")."""
        if not isinstance(self.target, StdioTarget) or self.target.errlog is None:
            return ""
        try:
            lines = self.target.errlog.read_text(encoding="utf-8", errors="replace").strip().splitlines()
        except OSError:
            return ""
        return lines[-1].strip()[:300] if lines else ""

    async def _on_message(self, message: IncomingMessage) -> None:
        if isinstance(message, ToolListChangedNotification):
            self._stale = True  # read again before the next use; not here, inside the reader
        elif isinstance(message, Exception):
            log.debug("%s server transport error: %r", self.name, message)
        await anyio.lowlevel.checkpoint()

    # -- use ---------------------------------------------------------------------------------------

    async def tools(self) -> list[Tool]:
        """The server's tools, read again if it said they changed."""
        if self._stale and self.alive:
            session = self._require()
            listed: list[Tool] = []
            cursor: str | None = None
            try:
                with anyio.fail_after(self.call_timeout_s):
                    for _ in range(100):  # a paginator that never ends cannot hang the agent
                        page = await session.list_tools(
                            params=None if cursor is None else _page(cursor),
                        )
                        listed.extend(page.tools)
                        cursor = page.next_cursor
                        if cursor is None:
                            break
            except TimeoutError:
                raise ServerTimeout(f"the {self.name} server did not list its tools in time") from None
            except MCPError as exc:
                raise self._lost_with(exc) from None
            self._tools, self._stale = listed, False
        return list(self._tools)

    async def call(
        self, tool: str, arguments: dict[str, Any], timeout_s: float | None = None
    ) -> CallToolResult:
        """Calls `tool`; a tool's own error comes back as a result with is_error set."""
        session = self._require()
        timeout = timeout_s if timeout_s is not None else self.call_timeout_s
        try:
            with anyio.fail_after(timeout + 1):  # the SDK's own timeout first; this one if it hangs
                return await session.call_tool(tool, arguments, read_timeout_seconds=timeout)
        except TimeoutError:
            raise ServerTimeout(
                f"the {self.name} server did not answer {tool} within {timeout:g} s"
            ) from None
        except MCPError as exc:
            if exc.code == REQUEST_TIMEOUT and "timed out" in exc.message.lower():
                raise ServerTimeout(
                    f"the {self.name} server did not answer {tool} within {timeout:g} s"
                ) from None
            raise self._lost_with(exc) from None
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, OSError, httpx2.HTTPError) as exc:
            raise self._lost_with(exc) from None

    def _require(self) -> ClientSession:
        if self._lost is not None:
            raise ServerUnavailable(self._lost)
        if self._session is None:
            raise ServerUnavailable(self._failure or f"the {self.name} server is not connected")
        return self._session

    def _lost_with(self, exc: BaseException) -> ServerUnavailable | ServerRefused:
        """A failure of the connection itself (the server exited or broke off), or a refusal."""
        if isinstance(exc, MCPError) and exc.code != CONNECTION_CLOSED:
            # The server answered with a JSON-RPC error: it is alive, the request was wrong.
            return ServerRefused(f"the {self.name} server refused the request: {exc.message}")
        self._lost = f"the {self.name} server is unavailable ({_one_line(exc)})"
        return ServerUnavailable(self._lost)


def _page(cursor: str) -> Any:
    from mcp_types import PaginatedRequestParams

    return PaginatedRequestParams(cursor=cursor)


def _leaves(exc: BaseException) -> list[BaseException]:
    if isinstance(exc, BaseExceptionGroup):
        return [leaf for inner in exc.exceptions for leaf in _leaves(inner)]
    return [exc]


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0][:200]}" if text else type(exc).__name__
