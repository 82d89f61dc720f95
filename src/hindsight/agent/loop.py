"""The turn loop: the reference agent as a library.

    async with Agent() as agent:                       # the model, the tools server
        async with agent.conversation("li", "s1") as chat:   # a memory connection for li / s1
            turn = await chat.send("我那个退款到哪了")
            print(turn.text)

Each turn, in order: working memory, then layered recall through the memory MCP server; the
prompt assembled under the token budget; the model; the tools it asks for (arguments checked
first, errors handed back for a retry, bounded); every turn observed into memory. Whatever fails
— memory, tools, the model — the turn ends with an answer and a notice, never an exception.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Literal

from hindsight.agent.config import AgentSettings
from hindsight.agent.memory_link import MemoryLink
from hindsight.agent.model import ChatModel, ModelReply, ModelUnavailable, ProviderRejected
from hindsight.agent.models import (
    PromptStats,
    RecalledMemory,
    RecallOutcome,
    SessionEnd,
    ToolCallRecord,
    TurnResult,
)
from hindsight.agent.prompt import INSTRUCTIONS, PromptInput, PromptTooLarge, SnippetRule, assemble
from hindsight.agent.servers import ManagedServer, drain_background, memory_factory, tools_factory
from hindsight.agent.tokens import TokenCounter, context_window
from hindsight.agent.toolbox import Catalogue, build_catalogue, run_call
from hindsight.settings import Settings

log = logging.getLogger("hindsight.agent")

MAX_RECOVERIES = 3
"""Requests the provider rejected that the loop will rework in one turn before giving up."""


class AgentError(Exception):
    """The agent cannot run as configured (no model set, a budget smaller than its instructions)."""


@dataclass(frozen=True, slots=True)
class TurnEvent:
    """What a streamed turn reports: text as it comes, each tool call, notices, then the result."""

    kind: Literal["delta", "tool", "notice", "done"]
    text: str = ""
    tool: ToolCallRecord | None = None
    result: TurnResult | None = None


Emit = Callable[[TurnEvent], Awaitable[None]]


def require_model(settings: AgentSettings, core: Settings) -> None:
    """Raises AgentError, saying what to set, when no model is configured."""
    base_url, _model, api_key = settings.model_endpoint(core)
    if not base_url and not api_key:
        raise AgentError(
            "no model configured: set HINDSIGHT_LLM_BASE_URL (an OpenAI-compatible endpoint such as "
            "http://127.0.0.1:11434/v1) and HINDSIGHT_LLM_MODEL, or HINDSIGHT_LLM_API_KEY for OpenAI"
        )


class Agent:
    """The model and the business tools, shared by every conversation of this agent."""

    def __init__(
        self,
        settings: AgentSettings | None = None,
        core: Settings | None = None,
        *,
        model: ChatModel | None = None,
    ) -> None:
        self.settings = settings or AgentSettings()
        self.core = core or Settings()
        base_url, model_name, api_key = self.settings.model_endpoint(self.core)
        if model is None:
            require_model(self.settings, self.core)
        self.model = model or ChatModel(
            base_url,
            model_name,
            api_key,
            timeout_s=self.settings.llm_timeout_s,
            retries=self.settings.llm_retries,
            reply_tokens=self.settings.reply_tokens,
            temperature=self.settings.temperature,
        )
        self.counter = TokenCounter.for_model(
            self.model.model, self.settings.tokenizer, self.settings.token_margin
        )
        context = self.settings.context_tokens or context_window(self.model.model)
        ceiling = max(256, context - self.settings.reply_tokens)
        self.prompt_budget = min(self.settings.prompt_budget or ceiling, ceiling)
        """The most tokens any request carries: within the context, the reply's share kept free."""
        self._warming: asyncio.Task[Any] | None = None
        factory = tools_factory(self.settings, self.core)
        self.tools = (
            ManagedServer("tools", factory, self.settings.reconnect_after_s) if factory is not None else None
        )
        self.memory_rule = SnippetRule(
            self.settings.memory_top_k,
            self.settings.memory_fallback_k,
            self.settings.memory_chars,
            self.settings.memory_tokens,
        )
        self.window_rule = SnippetRule(
            self.settings.window_turns,
            self.settings.window_fallback_turns,
            self.settings.window_chars,
            self.settings.window_tokens,
        )

    async def start(self) -> None:
        """Starts connecting the tools server in the background, so it starts while a conversation
        connects its memory; the first turn waits for it. A server that does not start is reported
        by the turns, and tried again later."""
        if self.tools is not None and self._warming is None:
            self._warming = asyncio.create_task(self.tools.ensure())

    async def close(self) -> None:
        if self._warming is not None:
            with suppress(Exception):
                await self._warming
            self._warming = None
        if self.tools is not None:
            await self.tools.close()
        await self.model.close()
        await drain_background()

    async def __aenter__(self) -> Agent:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def conversation(self, user: str, session: str) -> Conversation:
        return Conversation(self, user, session)


class Conversation:
    """One user's session with the agent: its memory connection and its turns, one at a time."""

    def __init__(self, agent: Agent, user: str, session: str) -> None:
        self.agent = agent
        self.user = user
        self.session = session
        server = ManagedServer(
            "memory",
            memory_factory(agent.settings, agent.core, user, session),
            agent.settings.reconnect_after_s,
        )
        self.memory = MemoryLink(server, agent.settings)
        self._lock = asyncio.Lock()
        self._ended: SessionEnd | None = None
        self.turns = 0

    async def open(self) -> str | None:
        """Connects memory now; returns why it is unavailable, or None."""
        await self.memory.server.ensure()
        return self.memory.problem

    async def close(self) -> SessionEnd:
        """Ends the session — memory writes its open event — and disconnects. Closing again
        returns the same outcome (it neither reconnects nor ends the session twice)."""
        async with self._lock:
            if self._ended is None:
                problem, written = await self.memory.end_session() if self.turns else (None, [])
                await self.memory.close()
                self._ended = SessionEnd(written, problem)
            return self._ended

    async def __aenter__(self) -> Conversation:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def send(self, message: str) -> TurnResult:
        """One turn, not streamed."""
        async with self._lock:
            self._check_open()
            return await _Turn(self, message, None).run()

    def _check_open(self) -> None:
        if self._ended is not None:
            raise AgentError(f"the conversation {self.session!r} has ended: start a new one")

    async def stream(self, message: str) -> AsyncIterator[TurnEvent]:
        """One turn, streamed: text deltas as the model writes, tool calls, notices, then "done"."""
        queue: asyncio.Queue[TurnEvent | BaseException] = asyncio.Queue()

        async def emit(event: TurnEvent) -> None:
            await queue.put(event)

        async def run() -> None:
            try:
                async with self._lock:
                    self._check_open()
                    result = await _Turn(self, message, emit).run()
                await queue.put(TurnEvent("done", result=result))
            except BaseException as exc:  # handed to the consumer, raised there
                await queue.put(exc)

        task = asyncio.create_task(run())
        try:
            while True:
                item = await queue.get()
                if isinstance(item, BaseException):
                    raise item
                yield item
                if item.kind == "done":
                    break
        finally:
            if not task.done():
                task.cancel()
                with suppress(asyncio.CancelledError, Exception):
                    await task


@dataclass
class _Turn:
    """One turn's state while it runs."""

    chat: Conversation
    message: str
    emit: Emit | None
    notices: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Told to the model in the system message."""
    exchange: list[dict[str, Any]] = field(default_factory=list)
    calls: list[ToolCallRecord] = field(default_factory=list)
    prompts: list[PromptStats] = field(default_factory=list)
    withheld: set[str] = field(default_factory=set)
    tools_off: bool = False
    memory_reported: bool = False
    tools_reported: bool = False
    remembered: list[str] = field(default_factory=list)

    async def run(self) -> TurnResult:
        chat = self.chat
        chat.turns += 1
        recall = await chat.memory.recall(self.message)
        if recall.error:
            await self._memory_problem(recall.error)
        await self._observe("user", self.message)
        answer, kept = await self._answer(recall)
        if answer.observed:
            await self._observe("assistant", answer.text)
        return TurnResult(
            user=chat.user,
            session=chat.session,
            message=self.message,
            answer=answer.text,
            notices=self.notices,
            recall=recall,
            memories_in_prompt=kept,
            tool_calls=self.calls,
            prompts=self.prompts,
            remembered=self.remembered,
        )

    async def _catalogue(self) -> Catalogue:
        """The tools on offer now: read at each round, since a tool call can change a server's list
        (the connection reads it again only after the server said it changed)."""
        chat = self.chat
        catalogue = await build_catalogue(
            chat.memory if chat.memory.problem is None else None, chat.agent.tools
        )
        for problem in catalogue.problems:
            if not self.tools_reported:
                self.tools_reported = True
                await self._notice(f"business tools are unavailable, answering without them: {problem}")
                self.notes.append(
                    "The business tools are unavailable this turn: say so if the user needs one."
                )
        return catalogue

    async def _answer(self, recall: RecallOutcome) -> tuple[_Answer, list[RecalledMemory]]:
        agent = self.chat.agent
        model = agent.model
        budget = agent.prompt_budget
        rounds = recoveries = 0
        kept: list[RecalledMemory] = []
        while True:
            catalogue = await self._catalogue()
            offer = not self.tools_off and rounds < agent.settings.max_tool_rounds
            if not offer and rounds >= agent.settings.max_tool_rounds > 0 and catalogue.routes:
                self._note_once(
                    "You have used tools as often as allowed this turn: answer with what you have."
                )
            source = PromptInput(
                message=self.message,
                instructions=agent.settings.system_prompt or INSTRUCTIONS,
                memories=recall.memories,
                window=recall.window,
                exchange=self.exchange,
                tools=catalogue.openai_tools(self.withheld) if offer else [],
                notes=self.notes,
            )
            try:
                prompt = assemble(source, agent.counter, budget, agent.memory_rule, agent.window_rule)
            except PromptTooLarge as exc:  # a configuration error, said as such
                text = f"Sorry, I cannot answer: {exc} (raise HINDSIGHT_AGENT_PROMPT_BUDGET)."
                return _Answer(text, observed=False), kept
            kept = prompt.memories
            self.prompts.append(
                PromptStats(
                    prompt.tokens, budget, len(prompt.memories), len(prompt.window), tuple(prompt.cut)
                )
            )
            try:
                reply = await model.complete(prompt.messages, prompt.tools, on_delta=self._delta_sink())
            except ProviderRejected as rejected:
                recoveries += 1
                if recoveries > MAX_RECOVERIES:
                    return _Answer(_rejected_answer(rejected), observed=False), kept
                next_budget = await self._recover(rejected, catalogue, budget, bool(prompt.tools))
                if next_budget is None:
                    return _Answer(_rejected_answer(rejected), observed=False), kept
                budget = next_budget
                continue
            except ModelUnavailable as exc:  # the answer itself says why: no separate notice
                return _Answer(f"Sorry, I cannot answer right now: {exc}.", observed=False), kept
            rounds += 1
            if not reply.tool_calls or not prompt.tools:
                return _Answer(reply.text.strip() or "(the model gave no answer)", observed=True), kept
            await self._run_tools(reply, catalogue)

    async def _run_tools(self, reply: ModelReply, catalogue: Catalogue) -> None:
        chat = self.chat
        self.exchange.append(
            {
                "role": "assistant",
                "content": reply.text or None,
                "tool_calls": [
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": call.name, "arguments": call.arguments},
                    }
                    for call in reply.tool_calls
                ],
            }
        )
        for call in reply.tool_calls:
            record = await run_call(
                catalogue,
                call.name,
                call.arguments,
                chat.memory if chat.memory.problem is None else None,
                chat.agent.tools,
                chat.agent.settings.tool_result_chars,
            )
            self.calls.append(record)
            if self.emit is not None:
                await self.emit(TurnEvent("tool", tool=record))
            content = record.result if record.outcome == "ok" else f"ERROR: {record.result}"
            self.exchange.append({"role": "tool", "tool_call_id": call.id, "content": content})
            if record.outcome in ("unavailable", "timeout"):
                await self._notice(record.result)
            if record.server == "tools" and record.outcome in ("ok", "tool_error"):
                # A business tool's answer is part of the conversation, marked as such: its success
                # ("退款申请提交成功") is one of memory's event triggers. Memory tools write memory
                # themselves, and argument errors are the model's, not the world's.
                shown = f"{call.name}({_compact(call.arguments)}) -> {record.result}"
                await self._observe("tool", shown)

    async def _recover(
        self, rejected: ProviderRejected, catalogue: Catalogue, budget: int, offered_tools: bool
    ) -> int | None:
        """Changes the next request after a 4xx; returns its budget, or None to give up."""
        said = f"HTTP {rejected.status}: {rejected.message}"
        if rejected.part == "context":
            smaller = max(256, int(budget * 0.75))
            if smaller >= budget:
                return None
            await self._notice(
                f"the provider said the prompt is too long ({said}); retried within {smaller} tokens"
            )
            return smaller
        if rejected.part == "max_tokens" and self.chat.agent.model.sends_max_tokens:
            self.chat.agent.model.use_max_completion_tokens()
            await self._notice(
                f"the provider rejected max_tokens ({said}); retried with max_completion_tokens"
            )
            return budget
        if rejected.part == "tools" and offered_tools:
            offered = [name for name in catalogue.routes if name not in self.withheld]
            if rejected.tool_index is not None and rejected.tool_index < len(offered):
                name = offered[rejected.tool_index]
                self.withheld.add(name)
                await self._notice(
                    f"the provider rejected the definition of tool {name} ({said}); answered without it"
                )
            else:
                self.tools_off = True
                await self._notice(
                    f"the provider rejected the tool definitions ({said}); answered without tools"
                )
            return budget
        if rejected.part == "messages" and self.exchange:
            results = [m["content"] for m in self.exchange if m.get("role") == "tool"]
            self.exchange = []
            self.tools_off = True
            if results:
                self.notes.append(
                    "Tool results so far this turn: " + " | ".join(str(r)[:500] for r in results)
                )
            await self._notice(
                f"the provider rejected this turn's tool messages ({said}); answered from their results"
            )
            return budget
        if offered_tools and not self.tools_off:
            self.tools_off = True
            await self._notice(f"the provider rejected the request ({said}); retried without tools")
            return budget
        return None

    def _delta_sink(self) -> Callable[[str], Awaitable[None]] | None:
        if self.emit is None:
            return None
        emit = self.emit

        async def sink(text: str) -> None:
            await emit(TurnEvent("delta", text=text))

        return sink

    async def _observe(self, role: str, text: str) -> None:
        problem, written = await self.chat.memory.observe(role, text)
        self.remembered.extend(written)
        await self._memory_problem(problem)

    async def _memory_problem(self, problem: str | None) -> None:
        if problem is None or self.memory_reported:
            return
        self.memory_reported = True
        await self._notice(
            f"memory is unavailable, so I cannot recall earlier conversations right now ({problem})"
        )
        self.notes.append(
            "Memory is unavailable this turn: you cannot see earlier conversations. If the user asks about "
            "the past, say you cannot recall it right now."
        )

    async def _notice(self, text: str) -> None:
        self.notices.append(text)
        if self.emit is not None:
            await self.emit(TurnEvent("notice", text=text))

    def _note_once(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)


@dataclass(frozen=True, slots=True)
class _Answer:
    text: str
    observed: bool
    """A real answer of the model (observed into memory); an apology for a failure is not."""


def _rejected_answer(rejected: ProviderRejected) -> str:
    return (
        f"Sorry, the model provider rejected the request (HTTP {rejected.status}, {rejected.part}): "
        f"{rejected.message}"
    )


def _compact(arguments: str) -> str:
    try:
        return json.dumps(json.loads(arguments), ensure_ascii=False, separators=(",", ":"))
    except (json.JSONDecodeError, TypeError):
        return arguments
