"""`hindsight agent`: a chat REPL over the agent, and `--once` for scripts. A thin adapter."""

from __future__ import annotations

import asyncio
import sys
import uuid
from collections.abc import Callable
from typing import TextIO

from hindsight.agent.config import AgentSettings
from hindsight.agent.loop import Agent, Conversation, TurnEvent
from hindsight.agent.models import TurnResult
from hindsight.settings import Settings

HELP = """\
Commands: /new starts a new session (the current one is ended and remembered), /memory shows what
the last turn recalled, /quit ends (Ctrl-D too). Anything else is a message to the agent."""


async def answer_once(
    settings: AgentSettings, core: Settings, user: str, session: str, message: str
) -> TurnResult:
    """One message in, its turn out; the session is ended (its event written) before returning."""
    async with Agent(settings, core) as agent, agent.conversation(user, session) as chat:
        return await chat.send(message)


def _describe_recall(result: TurnResult) -> str:
    lines = [f"layers: {' -> '.join(result.recall.layers)} ({result.recall.stopped or result.recall.error})"]
    lines += [f"  [{m.tier} {m.kind} {m.score:.2f}] {m.text[:120]}" for m in result.memories_in_prompt]
    if result.prompts:
        last = result.prompts[-1]
        lines.append(f"prompt: {last.tokens} of {last.budget} tokens")
    return "\n".join(lines)


async def repl(
    settings: AgentSettings,
    core: Settings,
    user: str,
    session: str | None,
    read: Callable[[str], str] = input,
    out: TextIO = sys.stdout,
) -> None:
    """Reads messages until /quit or end of input; streams each answer as it is written."""

    def say(text: str = "", end: str = "\n") -> None:
        out.write(text + end)
        out.flush()

    async with Agent(settings, core) as agent:
        chat = await _open(agent, user, session or _new_session(), say)
        say(HELP)
        last: TurnResult | None = None
        try:
            while True:
                try:
                    line = await asyncio.to_thread(read, "you> ")
                except EOFError:
                    say()
                    break
                message = line.strip()
                if not message:
                    continue
                if message in ("/quit", "/exit"):
                    break
                if message == "/new":
                    await _close(chat, say)
                    chat = await _open(agent, user, _new_session(), say)
                    continue
                if message == "/memory":
                    say(_describe_recall(last) if last else "nothing recalled yet")
                    continue
                last = await _stream_turn(chat, message, say)
        finally:
            await _close(chat, say)


async def _stream_turn(chat: Conversation, message: str, say: Callable[..., None]) -> TurnResult | None:
    say("agent> ", end="")
    result: TurnResult | None = None
    wrote = False
    async for event in chat.stream(message):
        wrote = _show(event, say, wrote)
        if event.kind == "done":
            result = event.result
    if result is not None and not wrote:
        say(result.answer, end="")
    say()
    return result


def _show(event: TurnEvent, say: Callable[..., None], wrote: bool) -> bool:
    if event.kind == "delta":
        say(event.text, end="")
        return True
    if event.kind == "tool" and event.tool is not None:
        say(f"\n  [tool {event.tool.name}: {event.tool.outcome}]\nagent> ", end="")
    elif event.kind == "notice":
        say(f"\n  ({event.text})\nagent> ", end="")
    return wrote


async def _open(agent: Agent, user: str, session: str, say: Callable[..., None]) -> Conversation:
    chat = agent.conversation(user, session)
    problem = await chat.open()
    say(f"[user {user}, session {session}]")
    if problem:
        say(f"(memory is unavailable: {problem}; the agent answers without it)")
    return chat


async def _close(chat: Conversation, say: Callable[..., None]) -> None:
    ended = await chat.close()
    if ended.problem:
        say(f"(the session could not be saved to memory: {ended.problem})")


def _new_session() -> str:
    return f"chat-{uuid.uuid4().hex[:10]}"
