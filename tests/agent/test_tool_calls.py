"""Tool arguments are checked against the tool's inputSchema before anything runs: a number where
a string belongs, a missing required field, an unknown tool — each goes back to the model as an
error naming the field and what is expected, the model retries, and the tool runs once, right.
Against the real `hindsight tools` and `hindsight mcp` subprocesses and the fake provider."""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from pathlib import Path

from hindsight.agent import Agent, AgentSettings
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say, tool_names, tool_results

HERE = Path(__file__).resolve().parent


def _rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(sql).fetchall()


def test_bad_calls_are_answered_with_schema_errors_and_the_retry_runs(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    provider.script(
        # 1. a number where a string belongs
        Say(calls=(("query_order", {"order_id": 123456}),)),
        Say(calls=(("query_order", {"order_id": "SF123456"}),)),
        Say(text="订单 SF123456 运输中。"),
        # 2. a missing required field
        Say(calls=(("request_refund", {"order_id": "SF123456"}),)),
        Say(calls=(("request_refund", {"order_id": "SF123456", "account": "original"}),)),
        Say(text="退款已提交。"),
        # 3. an unknown tool, and arguments that are not JSON
        Say(calls=(("cancel_order", {"order_id": "SF123456"}), ("create_ticket", '{"summary": "parcel'))),
        Say(
            calls=(("create_ticket", {"summary": "Order SF123456 is stuck in Shanghai", "priority": "high"}),)
        ),
        Say(text="工单已创建。"),
        # 4. a model that never gets it right: stopped after the rounds allowed, answers without tools
        *[Say(calls=(("query_order", {"order_id": 42}),))] * 5,
        Say(text="抱歉，我查不到这个订单。"),
    )

    async def run() -> list[list[tuple[str, str]]]:
        async with Agent(agent_settings, core) as agent, agent.conversation("li", "s1") as chat:
            turns = [
                await chat.send(text) for text in ("查一下订单SF123456", "我要退款", "帮我开个工单", "再查")
            ]
        assert turns[-1].answer == "抱歉，我查不到这个订单。"
        return [[(call.name, call.outcome) for call in turn.tool_calls] for turn in turns]

    outcomes = asyncio.run(run())
    assert outcomes == [
        [("query_order", "invalid_arguments"), ("query_order", "ok")],
        [("request_refund", "invalid_arguments"), ("request_refund", "ok")],
        [("cancel_order", "unknown_tool"), ("create_ticket", "invalid_arguments"), ("create_ticket", "ok")],
        [("query_order", "invalid_arguments")] * 5,
    ]
    # What the model was told, as it went over the wire: the field, what is expected, the example.
    wrong_type = tool_results(provider.requests[1])[-1]
    assert wrong_type.startswith("ERROR: Invalid arguments for query_order: order_id must be a string")
    assert "订单号，格式如 SF123456" in wrong_type and "got an integer 123456" in wrong_type
    missing = tool_results(provider.requests[4])[-1]
    assert "account is missing (required" in missing and '"original", "balance"' in missing
    unknown, not_json = tool_results(provider.requests[7])[-2:]
    assert (
        "Unknown tool 'cancel_order'" in unknown and "query_order" in unknown and "create_ticket" in unknown
    )
    assert "not valid JSON" in not_json and "summary (a string, required)" in not_json
    # Only the valid calls reached the tools: one refund, one ticket.
    db = core.home / "demo-tools.db"
    assert _rows(db, "SELECT order_id, account FROM refunds") == [
        ("SF123456", "原支付账户 (the original payment method)")
    ]
    assert _rows(db, "SELECT summary, priority FROM tickets") == [
        ("Order SF123456 is stuck in Shanghai", "high")
    ]


def test_a_slow_tool_times_out_and_a_changed_tool_list_is_read_again(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={
            "tools_command": f"{sys.executable} {HERE / 'changing_tools_server.py'}",
            "tool_timeout_s": 1.0,
            "memory_tools": "",
        }
    )
    provider.script(
        Say(calls=(("wait", {"seconds": 5}),)),
        Say(text="那个工具太慢了。"),
        Say(calls=(("unlock", {}),)),
        Say(calls=(("secret_door", {"code": "A1"}),)),
        Say(text="门开了。"),
    )

    async def run() -> list[list[tuple[str, str]]]:
        async with Agent(settings, core) as agent, agent.conversation("li", "s1") as chat:
            slow = await chat.send("等一下")
            opened = await chat.send("开门")
        assert any("did not answer wait within 1 s" in notice for notice in slow.notices)
        assert slow.answer == "那个工具太慢了。"
        return [[(c.name, c.outcome) for c in turn.tool_calls] for turn in (slow, opened)]

    assert asyncio.run(run()) == [[("wait", "timeout")], [("unlock", "ok"), ("secret_door", "ok")]]
    assert tool_names(provider.requests[0]) == ["wait", "unlock"]
    assert "secret_door" in tool_names(provider.requests[3]), "the list was read again after it changed"
    assert tool_results(provider.requests[4])[-1] == "the door opened with A1"
