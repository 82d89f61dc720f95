"""`hindsight tools`, the demo business-tools MCP server, through the SDK's client (in process):
the descriptions the seed recommends, the order and refund flow on its SQLite database, tickets,
the calendar, and argument errors that say what is expected."""

from __future__ import annotations

import asyncio
import json
from datetime import date
from pathlib import Path
from typing import Any

from mcp import Client
from mcp_types import CallToolResult, TextContent

from hindsight.agent import demo_db
from hindsight.agent.tools_server import build_tools_server


def _text(result: CallToolResult) -> str:
    return "\n".join(block.text for block in result.content if isinstance(block, TextContent))


async def _json(client: Client, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, _text(result)
    return dict(json.loads(_text(result)))


def test_the_tools_their_descriptions_and_the_order_flow(tmp_path: Path) -> None:
    db = tmp_path / "tools.db"

    async def scenario() -> None:
        async with Client(build_tools_server(db)) as client:
            tools = {tool.name: tool for tool in (await client.list_tools()).tools}
            assert set(tools) == {"query_order", "request_refund", "create_ticket", "lookup_calendar"}
            for tool in tools.values():
                assert tool.description and f"Example: {tool.name}(" in tool.description
            order_id = tools["query_order"].input_schema["properties"]["order_id"]
            assert order_id["type"] == "string" and "订单号，格式如 SF123456" in order_id["description"]
            assert tools["request_refund"].input_schema["required"] == ["order_id", "account"]

            order = await _json(client, "query_order", {"order_id": "sf123456"})
            assert order["found"] and order["order_id"] == "SF123456" and order["refund"] is None
            assert "运输中" in order["status"]
            assert (await _json(client, "query_order", {"order_id": "SF000000"}))["found"] is False

            refund = await _json(client, "request_refund", {"order_id": "SF123456", "account": "original"})
            assert refund["result"] == "success" and "成功" in refund["message"]
            expected = date.fromisoformat(refund["refund"]["expected_by"])
            assert (expected - date.today()).days >= 3, "three working days"
            again = await _json(client, "request_refund", {"order_id": "SF123456", "account": "balance"})
            assert (
                again["result"] == "exists" and again["refund"]["refund_id"] == refund["refund"]["refund_id"]
            )
            tracked = await _json(client, "query_order", {"order_id": "SF123456"})
            assert tracked["refund"]["refund_id"] == "RF000001" and "审核中" in tracked["refund"]["status"]

            ticket = await _json(
                client, "create_ticket", {"summary": "Parcel SF123456 is lost", "priority": "high"}
            )
            assert ticket["ticket"]["ticket_id"] == "TK-000001" and ticket["result"] == "success"

            holiday = await _json(client, "lookup_calendar", {"date": "2027-02-09"})
            assert holiday["working_day"] is False and "春节" in holiday["holiday"]
            monday = await _json(client, "lookup_calendar", {"date": "2026-11-30"})
            assert monday["working_day"] is True and monday["weekday"] == "Monday"

            for tool, arguments in (
                ("query_order", {"order_id": "123"}),
                ("request_refund", {"order_id": "SF999999", "account": "original"}),
                ("lookup_calendar", {"date": "2026-02-30"}),
            ):
                result = await client.call_tool(tool, arguments)
                assert result.is_error and "Traceback" not in _text(result), _text(result)

    asyncio.run(scenario())


def test_working_days_skip_weekends_and_holidays(tmp_path: Path) -> None:
    db = tmp_path / "tools.db"
    demo_db.create(db, today=date(2026, 12, 30))
    with demo_db.connect(db) as connection:
        # Wednesday 30 December 2026 + 3 working days: Thursday, (New Year's Day off), Monday, Tuesday.
        assert demo_db.add_working_days(connection, date(2026, 12, 30), 3) == date(2027, 1, 5)
        orders = connection.execute("SELECT order_id, ordered_on FROM orders ORDER BY order_id").fetchall()
    assert [row["order_id"] for row in orders] == ["JD778899", "SF123456", "SF654321", "YT135790"]
    assert dict(orders)["SF123456"] == "2026-12-22", "sample orders are dated around the day of creation"
