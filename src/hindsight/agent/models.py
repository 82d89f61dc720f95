"""Pure data of the agent: what recall handed it, what it asked the tools, what one turn did."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Layer = Literal["working", "short_term", "long_term"]


@dataclass(frozen=True, slots=True)
class RecalledMemory:
    """One memory retrieve_memory returned."""

    id: str
    text: str
    tier: str
    kind: str
    score: float
    event_time: str = ""


@dataclass(frozen=True, slots=True)
class WindowTurn:
    """One turn of the session's working memory (oldest first in a window)."""

    role: str
    text: str
    time: str = ""


@dataclass(frozen=True, slots=True)
class RecallOutcome:
    """Layered recall: the working window, the memories found, the layers asked and why it stopped.
    `error` says why memory could not be reached (the turn goes on without it)."""

    window: list[WindowTurn] = field(default_factory=list)
    memories: list[RecalledMemory] = field(default_factory=list)
    layers: list[Layer] = field(default_factory=list)
    stopped: str = ""
    error: str | None = None


@dataclass(frozen=True, slots=True)
class ToolCallRecord:
    """One tool call the model asked for, and what came of it."""

    name: str
    arguments: str
    """As the model sent them (JSON text, possibly invalid)."""
    outcome: Literal["ok", "tool_error", "invalid_arguments", "unknown_tool", "unavailable", "timeout"]
    result: str
    """The text the model was given back (the tool's answer or the error)."""
    server: str | None = None


@dataclass(frozen=True, slots=True)
class PromptStats:
    """What one request to the model carried."""

    tokens: int
    budget: int
    memories: int
    window_turns: int
    cut: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SessionEnd:
    """What ending a conversation did: the memories its last event wrote, or why it could not."""

    written: list[str] = field(default_factory=list)
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class TurnResult:
    """One turn: the answer and everything behind it."""

    user: str
    session: str
    message: str
    answer: str
    notices: list[str] = field(default_factory=list)
    """Things the user should know (memory unavailable, a tool server down...), one line each."""
    recall: RecallOutcome = field(default_factory=RecallOutcome)
    memories_in_prompt: list[RecalledMemory] = field(default_factory=list)
    tool_calls: list[ToolCallRecord] = field(default_factory=list)
    prompts: list[PromptStats] = field(default_factory=list)
    """One per request sent to the model in this turn."""
    remembered: list[str] = field(default_factory=list)
    """Memories this turn's events wrote ("[short_term summary] ..."), as the memory server said."""

    @property
    def text(self) -> str:
        """The answer with the notices before it, as a person reads it."""
        lines = [f"({notice})" for notice in self.notices]
        return "\n".join([*lines, self.answer]) if lines else self.answer

    def as_dict(self) -> dict[str, Any]:
        return {
            "user_id": self.user,
            "session_id": self.session,
            "answer": self.answer,
            "notices": list(self.notices),
            "recall": {
                "layers": list(self.recall.layers),
                "stopped": self.recall.stopped,
                "error": self.recall.error,
                "working_turns": len(self.recall.window),
            },
            "memories": [
                {"id": m.id, "text": m.text, "tier": m.tier, "kind": m.kind, "score": m.score}
                for m in self.memories_in_prompt
            ],
            "tool_calls": [
                {"name": c.name, "arguments": c.arguments, "outcome": c.outcome, "result": c.result}
                for c in self.tool_calls
            ],
            "remembered": list(self.remembered),
            "prompts": [
                {
                    "tokens": p.tokens,
                    "budget": p.budget,
                    "memories": p.memories,
                    "window_turns": p.window_turns,
                    "cut": list(p.cut),
                }
                for p in self.prompts
            ],
        }
