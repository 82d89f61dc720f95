"""Whatever fails, the user gets a clear answer, never a stack trace: the provider rejecting the
request's schema or tool payload (4xx: logged in full at debug, the rejected part named, the turn
recovered), the model timing out or unreachable, the tools server down, the memory server down
at start or killed mid-conversation."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sys
from pathlib import Path

import pytest

from hindsight.agent import Agent, AgentSettings, TurnResult
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say, system_text, tool_names, user_text

REJECTED = "provider rejected the request schema or tool payload"


def _turns(
    settings: AgentSettings, core: Settings, messages: list[str], session: str = "s1"
) -> list[TurnResult]:
    async def run() -> list[TurnResult]:
        async with Agent(settings, core) as agent, agent.conversation("li", session) as chat:
            return [await chat.send(message) for message in messages]

    return asyncio.run(run())


def test_the_provider_rejecting_the_request_is_recovered_named_and_logged(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    provider.script(
        # 1. one tool's definition: that tool is left out, the rest stay
        Say(
            status=400, error=f"{REJECTED}: Invalid schema for function", param="tools[1].function.parameters"
        ),
        Say(text="查到了。"),
        # 2. the tool payload, no tool named: answered without tools
        Say(status=422, error=REJECTED),
        Say(text="好的。"),
        # 3. this turn's tool messages: their results are folded into the prompt
        Say(calls=(("query_order", {"order_id": "SF123456"}),)),
        Say(status=400, error="messages[3]: tool_call_id does not match any tool call", param="messages[3]"),
        Say(text="订单运输中。"),
        # 4. the context length: retried within a smaller budget
        Say(
            status=400,
            error="This model's maximum context length is 4096 tokens",
            code="context_length_exceeded",
        ),
        Say(text="好的。"),
        # 5. nothing to change: an answer that says so, not an exception
        Say(status=400, error="Unrecognized request argument supplied: foo"),
        Say(status=400, error="Unrecognized request argument supplied: foo"),
    )
    messages = ["查一下订单SF123456", "再查一次", "SF123456到哪了", "你好，帮我看看", "你好"]
    with caplog.at_level(logging.DEBUG, logger="hindsight.agent"):
        one_tool, no_tools, folded, shorter, refused = _turns(agent_settings, core, messages)
    requests = provider.requests

    first, second = requests[0:2]
    rejected_tool = tool_names(first)[1]
    assert rejected_tool not in tool_names(second) and len(tool_names(second)) == len(tool_names(first)) - 1
    assert one_tool.answer == "查到了。"
    assert any(
        f"rejected the definition of tool {rejected_tool}" in n and "HTTP 400" in n for n in one_tool.notices
    )
    payloads = [r.getMessage() for r in caplog.records if r.getMessage().startswith("rejected payload:")]
    assert len(payloads) == 6, "every rejected request is logged in full at debug"
    sent = [r.getMessage() for r in caplog.records if r.getMessage().startswith("request payload:")]
    assert len(sent) == len(requests), "at debug, every request's payload is logged as it is sent"
    assert rejected_tool in payloads[0] and "查一下订单SF123456" in payloads[0]

    assert tool_names(requests[2]) and "tools" not in requests[3] and no_tools.answer == "好的。"
    assert any("rejected the tool definitions" in notice for notice in no_tools.notices)

    last = requests[6]
    assert not any(m["role"] == "tool" for m in last["messages"]) and "tools" not in last
    assert "Tool results so far this turn" in system_text(last) and "SF123456" in system_text(last)
    assert folded.answer == "订单运输中。"
    assert any("rejected this turn's tool messages" in notice for notice in folded.notices)

    before, after = shorter.prompts
    assert after.budget == int(before.budget * 0.75) and shorter.answer == "好的。"

    assert refused.answer.startswith("Sorry, the model provider rejected the request (HTTP 400")
    assert "Unrecognized request argument" in refused.answer
    assert any("retried without tools" in notice for notice in refused.notices)


def test_the_model_timing_out_or_unreachable_gives_a_clear_answer(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={"llm_timeout_s": 0.5, "tools_command": "none", "memory_tools": ""}
    )
    provider.script(Say(text="too late", delay_s=3))
    (slow,) = _turns(settings, core, ["你好"])
    assert slow.answer == "Sorry, I cannot answer right now: the model did not answer within 0.5 s."
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{probe.getsockname()[1]}/v1"
    (down,) = _turns(settings.model_copy(update={"llm_base_url": dead}), core, ["你好"], session="s2")
    assert "is unreachable" in down.answer and dead in down.answer
    assert not down.notices, "the answer says it: no notice repeats it"


def test_a_tools_server_that_is_down_leaves_the_agent_answering(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={"tools_command": f"{sys.executable} -c 'import sys; sys.exit(3)'", "memory_tools": ""}
    )
    provider.script(Say(text="抱歉，现在查不了订单。"))
    (turn,) = _turns(settings, core, ["查一下订单SF123456"])
    assert turn.answer == "抱歉，现在查不了订单。"
    assert "tools" not in provider.requests[0]
    assert any(n.startswith("business tools are unavailable") and "tools server" in n for n in turn.notices)
    assert "business tools are unavailable" in system_text(provider.requests[0])


def test_a_memory_server_that_does_not_start_leaves_the_agent_answering(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={
            "memory_command": f"{sys.executable} -c 'raise SystemExit(\"no store here\")'",
            "tools_command": "none",
        }
    )
    provider.script(Say(text="你好！"))
    (turn,) = _turns(settings, core, ["你好，还记得我吗"])
    assert turn.answer == "你好！"
    assert any("memory is unavailable" in notice and "no store here" in notice for notice in turn.notices)
    assert "Memory is unavailable this turn" in system_text(provider.requests[0])


def _children_running(module_args: str) -> list[int]:
    """This process's children whose command line contains `module_args` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if int(stat[1]) == os.getpid() and module_args in command:
            found.append(int(entry.name))
    return found


def test_the_memory_server_killed_mid_conversation(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(update={"tools_command": "none"})
    provider.default = lambda body: Say(text=f"回答：{user_text(body)}")

    async def run() -> list[TurnResult]:
        async with Agent(settings, core) as agent, agent.conversation("li", "s1") as chat:
            before = await chat.send("我的订单号是SF123456")
            (pid,) = _children_running("hindsight.cli mcp")
            os.kill(pid, signal.SIGKILL)
            during = [await chat.send("那个订单到哪了"), await chat.send("好吧，那你先帮我记着")]
            return [before, *during]

    before, after_kill, later = asyncio.run(run())
    assert not before.notices and before.answer == "回答：我的订单号是SF123456"
    for turn in (after_kill, later):
        assert any(notice.startswith("memory is unavailable") for notice in turn.notices), turn.notices
        assert turn.answer == f"回答：{turn.message}", "it keeps answering"
    # The model was told, and still saw the conversation: the agent's own copy of the window.
    request = next(b for b in provider.requests if user_text(b) == "那个订单到哪了")
    assert "Memory is unavailable this turn" in system_text(request)
    assert any(m["content"] == "我的订单号是SF123456" for m in request["messages"] if m["role"] == "user")


def test_a_budget_smaller_than_the_instructions_is_an_answer_that_says_so(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={
            "prompt_budget": 300,
            "system_prompt": "You are a careful assistant. " * 60,
            "memory_command": f"{sys.executable} -c 'raise SystemExit(1)'",
            "tools_command": "none",
        }
    )
    (turn,) = _turns(settings, core, ["你好"])
    assert "over the prompt budget of 300" in turn.answer and "HINDSIGHT_AGENT_PROMPT_BUDGET" in turn.answer
    assert provider.requests == [], "nothing over the budget was sent"
