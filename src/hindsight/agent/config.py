"""The agent's settings: HINDSIGHT_AGENT_* environment variables, read when an AgentSettings is
created (never at import).

The model defaults to the one the extractor already uses (HINDSIGHT_LLM_BASE_URL, _MODEL, _API_KEY);
HINDSIGHT_AGENT_LLM_* overrides it for the agent alone, so a small local model can write memories
while a larger one talks to the user (or the other way round).
"""

from __future__ import annotations

import shlex
import sys
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from hindsight.settings import Settings

TokenizerName = Literal["auto", "cl100k_base", "o200k_base"]

DEFAULT_MEMORY_TOOLS = "retrieve_memory,save_preference,forget_memory"
"""The memory server's tools offered to the model: a deeper search, a preference said outright, a
forget request. store_memory and list_memories would add ~570 tokens (cl100k) to every request
for what the loop's own recall and observe_turn already do; observe_turn and end_session are the
loop's, never the model's."""


class AgentSettings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HINDSIGHT_AGENT_", extra="ignore")

    # -- the model ---------------------------------------------------------------------------------
    llm_base_url: str | None = None
    """An OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp's server), e.g.
    http://127.0.0.1:11434/v1. Default: HINDSIGHT_LLM_BASE_URL."""
    llm_model: str | None = None
    """Default: HINDSIGHT_LLM_MODEL."""
    llm_api_key: str | None = None
    """Default: HINDSIGHT_LLM_API_KEY (a local server usually wants none)."""
    llm_timeout_s: float = Field(default=60.0, gt=0)
    llm_retries: int = Field(default=1, ge=0, le=10)
    """Retries of a failed connection or 5xx by the openai client (4xx are never retried)."""
    temperature: float | None = Field(default=None, ge=0, le=2)

    # -- the token budget --------------------------------------------------------------------------
    context_tokens: int | None = Field(default=None, ge=512)
    """The model's context window. Default: known for OpenAI's models, else 8192."""
    reply_tokens: int = Field(default=1024, ge=16)
    """Kept free for the answer (sent as max_tokens)."""
    prompt_budget: int | None = Field(default=None, ge=256)
    """The most tokens a request may carry (messages + tool definitions). Default: context_tokens -
    reply_tokens. A prompt over it is never sent: memories, then the window, then tool results and
    at last the user's message are cut until it fits."""
    tokenizer: TokenizerName = "auto"
    """auto: o200k_base for gpt-4o / 4.1 / 4.5 / 5 / o-series / gpt-oss, cl100k_base otherwise."""
    token_margin: float | None = Field(default=None, ge=0, le=1)
    """Counted tokens are scaled up by this fraction before the budget check. Default: 0 for the
    OpenAI families (exact), 0.1 for others (Qwen, Llama, Mistral tokenize differently)."""
    memory_top_k: int = Field(default=5, ge=1, le=50)
    memory_fallback_k: int = Field(default=3, ge=1, le=50)
    memory_chars: int = Field(default=200, ge=20, le=4000)
    memory_tokens: int = Field(default=1500, ge=50)
    """top_k memories, each cut to memory_chars; if they exceed memory_tokens, memory_fallback_k."""
    window_turns: int = Field(default=5, ge=0, le=50)
    window_fallback_turns: int = Field(default=3, ge=0, le=50)
    window_chars: int = Field(default=200, ge=20, le=4000)
    window_tokens: int = Field(default=1500, ge=50)
    """The same rule for the conversation window (the latest turns of working memory)."""
    tool_result_chars: int = Field(default=2000, ge=100)
    """A tool's answer is cut to this many characters for the prompt."""

    # -- recall ------------------------------------------------------------------------------------
    enough_hits: int = Field(default=5, ge=1, le=50)
    enough_score: float = Field(default=0.5, ge=0, le=1)
    """Layered recall stops after short-term memory when it found enough_hits memories scoring at
    least enough_score; otherwise long-term memory is searched too."""

    # -- the MCP servers ---------------------------------------------------------------------------
    memory_url: str | None = None
    """The memory MCP server over streamable HTTP (e.g. http://127.0.0.1:8765/mcp of `hindsight
    serve`). Default: `hindsight mcp` started over stdio for each conversation."""
    memory_api_key: str | None = None
    """Sent as a Bearer key to memory_url (it picks the tenant there)."""
    memory_command: str | None = None
    """The stdio memory server's command line. Default: this Python's `-m hindsight.cli mcp`."""
    memory_tools: str = DEFAULT_MEMORY_TOOLS
    """Memory tools the model may call itself, comma-separated ("" = none)."""
    tools_url: str | None = None
    """The business-tools MCP server over streamable HTTP (e.g. http://127.0.0.1:8766/mcp of
    `hindsight tools --http`). Default: `hindsight tools` over stdio."""
    tools_command: str | None = None
    """The stdio tools server's command line (your own server: "python my_tools.py"); "none" runs
    the agent without business tools. Default: this Python's `-m hindsight.cli tools`."""
    tenant: str = "default"
    """The tenant of the stdio memory server (over HTTP the key decides)."""
    memory_timeout_s: float = Field(default=15.0, gt=0)
    tool_timeout_s: float = Field(default=30.0, gt=0)
    connect_timeout_s: float = Field(default=60.0, gt=0)
    """How long a server may take to start (the memory server loads its embedding model)."""
    reconnect_after_s: float = Field(default=30.0, ge=0)
    """After a server failed, the agent answers without it and tries it again this much later."""

    # -- the loop ----------------------------------------------------------------------------------
    max_tool_rounds: int = Field(default=5, ge=0, le=50)
    """Model calls with tools in one turn (tool calls, argument errors and retries included); then
    the model answers without tools."""
    agent_id: str = "hindsight-agent"
    system_prompt: str | None = None
    """Replaces the agent's own instructions (memories and notes are still added)."""

    # -- the HTTP service --------------------------------------------------------------------------
    api_key: str | None = None
    """When set, POST /v1/* needs `Authorization: Bearer KEY`."""
    idle_s: float = Field(default=600.0, gt=0)
    """A conversation of the HTTP service idle this long is ended (its event written)."""
    max_sessions: int = Field(default=100, ge=1)
    """Open conversations of the HTTP service; the least recently used is ended beyond it."""

    @model_validator(mode="after")
    def _windows_are_consistent(self) -> AgentSettings:
        self.memory_fallback_k = min(self.memory_fallback_k, self.memory_top_k)
        self.window_fallback_turns = min(self.window_fallback_turns, self.window_turns)
        return self

    # -- derived -----------------------------------------------------------------------------------

    def model_endpoint(self, core: Settings) -> tuple[str | None, str, str | None]:
        """(base_url, model, api_key): the agent's own, else the extractor's."""
        base = self.llm_base_url or core.llm_base_url
        model = self.llm_model or core.llm_model
        key = self.llm_api_key or core.llm_api_key
        return base, model, key

    def memory_tool_names(self) -> frozenset[str]:
        return frozenset(name.strip() for name in self.memory_tools.split(",") if name.strip())

    def memory_argv(self) -> list[str]:
        if self.memory_command:
            return shlex.split(self.memory_command)
        return [sys.executable, "-m", "hindsight.cli", "mcp"]

    def tools_argv(self) -> list[str] | None:
        """None: no business tools."""
        if self.tools_command is not None and self.tools_command.strip().lower() in {"none", ""}:
            return None
        if self.tools_command:
            return shlex.split(self.tools_command)
        return [sys.executable, "-m", "hindsight.cli", "tools"]
