"""The reference agent: an LLM agent that remembers through Hindsight's MCP server, calls business
tools through a second MCP server with checked arguments, and keeps every prompt under a token
budget. `Agent` is the library; `hindsight agent` (REPL, --once, --serve) and `hindsight tools`
are thin adapters over it.

The names below are loaded when first used, so `hindsight tools` (which needs only the demo
database) starts without loading the model client.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hindsight.agent.config import AgentSettings
    from hindsight.agent.loop import Agent, AgentError, Conversation, TurnEvent
    from hindsight.agent.models import (
        RecalledMemory,
        RecallOutcome,
        SessionEnd,
        ToolCallRecord,
        TurnResult,
        WindowTurn,
    )

_WHERE = {
    "AgentSettings": "hindsight.agent.config",
    "Agent": "hindsight.agent.loop",
    "AgentError": "hindsight.agent.loop",
    "Conversation": "hindsight.agent.loop",
    "TurnEvent": "hindsight.agent.loop",
    "RecalledMemory": "hindsight.agent.models",
    "RecallOutcome": "hindsight.agent.models",
    "SessionEnd": "hindsight.agent.models",
    "ToolCallRecord": "hindsight.agent.models",
    "TurnResult": "hindsight.agent.models",
    "WindowTurn": "hindsight.agent.models",
}

__all__ = [
    "Agent",
    "AgentError",
    "AgentSettings",
    "Conversation",
    "RecallOutcome",
    "RecalledMemory",
    "SessionEnd",
    "ToolCallRecord",
    "TurnEvent",
    "TurnResult",
    "WindowTurn",
]


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(import_module(_WHERE[name]), name)
    raise AttributeError(f"module 'hindsight.agent' has no attribute {name!r}")
