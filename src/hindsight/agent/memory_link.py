"""The agent's memory, reached only through the memory MCP server.

Per turn: layered recall (the seed's 逐层下探) — working memory first (an acknowledgement such as
"好的" / "thanks" needs nothing more), then short-term memory, then down to long-term memory (one
recall over both tiers, ranked on one scale) unless short-term already found enough — and every
turn observed (observe_turn), so the server's event triggers fire. When the server is unavailable
each call says so and the turn goes on without it; the agent's own copy of the working window
keeps the conversation going meanwhile.
"""

from __future__ import annotations

import json
import logging
import re
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any

from mcp_types import CallToolResult, TextContent, Tool

from hindsight.agent.config import AgentSettings
from hindsight.agent.connection import ServerRefused, ServerTimeout, ServerUnavailable
from hindsight.agent.models import Layer, RecalledMemory, RecallOutcome, WindowTurn
from hindsight.agent.servers import ManagedServer

log = logging.getLogger("hindsight.agent")

WINDOW_KEPT = 8
"""Turns of the agent's own copy of the window (the memory server keeps HINDSIGHT_WORKING_TURNS)."""
OBSERVED_CHARS = 8000

_ACK_WORD = (
    r"(?:好的?|好了|行|嗯+|哦|噢|ok(?:ay)?|谢谢(?:你|您)?|多谢|感谢|没问题|收到|知道了|明白了?|"
    r"thanks?(?: you)?|thx|got it|cool|great|sure|fine|yes|no|不用了?|是的?|对)"
)
_ACKNOWLEDGEMENT = re.compile(rf"^\s*(?:{_ACK_WORD}[\s,.!?，。！？~～啦了呀吧哈]*)+$", re.IGNORECASE)


def is_acknowledgement(text: str) -> bool:
    """A reply that asks nothing ("好的", "谢谢", "ok thanks"): working memory is enough for it."""
    return len(text.strip()) <= 24 and bool(_ACKNOWLEDGEMENT.match(text))


class MemoryLink:
    """One conversation's memory (user and session fixed by the connection)."""

    def __init__(self, server: ManagedServer, settings: AgentSettings) -> None:
        self.server = server
        self.settings = settings
        self.window: deque[WindowTurn] = deque(maxlen=WINDOW_KEPT)
        """The agent's copy of working memory: the server's window as last read, plus the turns
        observed since."""
        self._warned_no_observe = False

    @property
    def problem(self) -> str | None:
        return self.server.problem

    # -- recall --------------------------------------------------------------------------------------

    async def recall(self, query: str) -> RecallOutcome:
        layers: list[Layer] = ["working"]
        if is_acknowledgement(query):
            return RecallOutcome(
                window=list(self.window),
                layers=layers,
                stopped="working memory was enough (the message asks nothing new)",
            )
        try:
            short = await self._retrieve(query, "short_term")
        except _Unavailable as exc:
            return RecallOutcome(window=list(self.window), layers=layers, error=str(exc))
        window = [
            WindowTurn(role=str(t.get("role", "")), text=str(t.get("text", "")), time=str(t.get("time", "")))
            for t in short.get("working_memory", [])
        ]
        if window or not self.window:
            # The server's window is the truth; an empty one from a server restarted mid-session
            # (its working memory lost) is not, and the agent's own copy stands in.
            self.window = deque(window, maxlen=WINDOW_KEPT)
        memories = not_in_window(_memories(short), self.window)
        layers.append("short_term")
        if layer_is_enough(memories, self.settings):
            stopped = (
                f"short-term memory was enough ({self.settings.enough_hits} memories scored "
                f">= {self.settings.enough_score:g})"
            )
            return RecallOutcome(list(self.window), ranked(memories), layers, stopped)
        try:
            # Down to long-term memory: one recall over both tiers, so long-term memories are
            # ranked against short-term ones on one scale (a recall normalises its scores over its
            # own candidates: a lone long-term memory recalled alone would always score top).
            both = await self._retrieve(query, None)
        except _Unavailable as exc:
            return RecallOutcome(list(self.window), ranked(memories), layers, "", str(exc))
        layers.append("long_term")
        memories = not_in_window(_memories(both), self.window)
        stopped = "searched every tier" if memories else "nothing remembered matches"
        return RecallOutcome(list(self.window), ranked(memories), layers, stopped)

    async def _retrieve(self, query: str, tier: str | None) -> dict[str, Any]:
        """retrieve_memory over one tier, or both (None)."""
        # Asked for more than the prompt takes: turns the window already shows are dropped after.
        top_k = min(50, self.settings.memory_top_k + len(self.window))
        arguments: dict[str, Any] = {"query": query, "top_k": top_k}
        if tier is not None:
            arguments["memory_type"] = tier
        result = await self._call("retrieve_memory", arguments)
        if result.is_error:
            raise _Unavailable(f"memory recall failed: {_text(result)[:300]}")
        return _structured(result)

    # -- observe -----------------------------------------------------------------------------------

    async def observe(self, role: str, text: str) -> tuple[str | None, list[str]]:
        """Records one turn (role user, assistant or tool). Returns a problem (or None) and the
        memories the turn's event wrote, if any."""
        text = text if len(text) <= OBSERVED_CHARS else text[: OBSERVED_CHARS - 1] + "…"
        self.window.append(WindowTurn(role=role, text=text))
        if not text.strip():
            return None, []
        try:
            result = await self._call("observe_turn", {"role": role, "text": text})
        except _Unavailable as exc:
            return str(exc), []
        except _NoSuchTool:
            if not self._warned_no_observe:
                self._warned_no_observe = True
                return (
                    "this memory server has no observe_turn tool: conversation turns are not remembered",
                    [],
                )
            return None, []
        if result.is_error:
            # The text was invalid for the server (too long, say): the turn goes on.
            log.info("memory did not take a %s turn: %s", role, _text(result)[:200])
            return None, []
        payload = _structured(result)
        if payload.get("stored") is False:
            log.info("memory refused a %s turn: %s", role, payload.get("reason"))
        return None, _written(payload)

    async def end_session(self) -> tuple[str | None, list[str]]:
        """Writes the session's open event (the memory server's end_session). Returns a problem
        (or None) and the memories written."""
        if self.server.problem is not None:
            return self.server.problem, []
        try:
            result = await self._call("end_session", {})
        except (_Unavailable, _NoSuchTool) as exc:
            return str(exc), []
        if result.is_error:
            return _text(result)[:300], []
        return None, _written(_structured(result))

    # -- the model's own memory tools ----------------------------------------------------------------

    async def model_tools(self) -> list[Tool]:
        """The memory tools the model may call itself (those named in memory_tools)."""
        connection = await self.server.ensure()
        if connection is None:
            return []
        allowed = self.settings.memory_tool_names()
        try:
            return [tool for tool in await connection.tools() if tool.name in allowed]
        except (ServerUnavailable, ServerTimeout, ServerRefused) as exc:
            self.server.failed(str(exc))
            return []

    # -- plumbing ----------------------------------------------------------------------------------

    async def _call(self, tool: str, arguments: dict[str, Any]) -> CallToolResult:
        connection = await self.server.ensure()
        if connection is None:
            raise _Unavailable(self.server.problem or "memory is unavailable")
        try:
            names = {listed.name for listed in await connection.tools()}
            if tool not in names:
                raise _NoSuchTool(f"the memory server has no {tool} tool")
            return await connection.call(tool, arguments)
        except ServerTimeout as exc:  # slow, not gone: this call fails, the connection stays
            raise _Unavailable(str(exc)) from None
        except (ServerRefused, ServerUnavailable) as exc:
            # The loop's own calls are always well formed: a refusal means a broken session (a
            # restarted HTTP server no longer knows it), so it is connected again later.
            self.server.failed(str(exc))
            raise _Unavailable(str(exc)) from None

    async def close(self) -> None:
        await self.server.close()


class _Unavailable(Exception):
    pass


class _NoSuchTool(Exception):
    pass


def _text(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


def _structured(result: CallToolResult) -> dict[str, Any]:
    if isinstance(result.structured_content, dict):
        return result.structured_content
    try:
        parsed = json.loads(_text(result))
    except json.JSONDecodeError:
        return {}
    return parsed if isinstance(parsed, dict) else {}


def _written(payload: dict[str, Any]) -> list[str]:
    """The texts of the memories an observe_turn / end_session wrote, tier and kind first."""
    return [
        f"[{item.get('tier', '')} {item.get('kind', '')}] {item.get('text', '')}"
        for item in payload.get("written", [])
        if isinstance(item, dict)
    ]


def _memories(payload: dict[str, Any]) -> list[RecalledMemory]:
    found = []
    for item in payload.get("memories", []):
        if not isinstance(item, dict) or not item.get("text"):
            continue
        found.append(
            RecalledMemory(
                id=str(item.get("id", "")),
                text=str(item["text"]),
                tier=str(item.get("tier", "")),
                kind=str(item.get("kind", "")),
                score=float(item.get("score", 0.0)),
                event_time=str(item.get("event_time", "")),
            )
        )
    return found


def layer_is_enough(memories: Sequence[RecalledMemory], settings: AgentSettings) -> bool:
    """Whether a layer found enough that the next need not be searched: enough_hits memories
    scoring at least enough_score."""
    strong = [memory for memory in memories if memory.score >= settings.enough_score]
    return len(strong) >= settings.enough_hits


def not_in_window(memories: Sequence[RecalledMemory], window: Iterable[WindowTurn]) -> list[RecalledMemory]:
    """Drops the raw turns the working window already shows: the prompt has them once, and the
    memory slots go to what the window does not hold."""
    shown = {turn.text.strip() for turn in window}
    return [m for m in memories if not (m.kind == "turn" and m.text.strip() in shown)]


def ranked(memories: Sequence[RecalledMemory]) -> list[RecalledMemory]:
    """One list, best first; at an equal score long-term (verified, reusable) goes first; a text
    recalled twice (a preference and the raw turn that stated it) is kept once, the better."""
    ranked = sorted(memories, key=lambda m: (-round(m.score, 4), m.tier != "long_term"))
    seen: set[str] = set()
    unique = []
    for memory in ranked:  # one memory per text: "以后都用顺丰" as a preference and as a raw turn
        key = " ".join(memory.text.split())
        if memory.id not in seen and key not in seen:
            seen.update((memory.id, key))
            unique.append(memory)
    return unique
