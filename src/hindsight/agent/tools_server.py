"""`hindsight tools`: a demo business-tools MCP server over the demo database (demo_db.py).

The kind of server you replace with your own: query_order, request_refund, create_ticket and
lookup_calendar, each described for the model the way the seed recommends — what it does, and
every argument's format with an example ("订单号，格式如 SF123456") — since a model passes
arguments by reading the description. A wrong argument comes back as a tool error saying what is
expected; an order that does not exist is an answer, not a crash.

Over stdio (the agent starts it) or streamable HTTP (`--http`: /mcp, and /health for an
orchestrator).
"""

from __future__ import annotations

import asyncio
import json
from datetime import date as Date
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ToolAnnotations
from pydantic import Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from hindsight.agent import demo_db

ORDER_ID = Annotated[
    str,
    Field(
        pattern=r"^[A-Za-z]{2}\d{6}$",
        description="订单号，格式如 SF123456（两个字母加六位数字）/ the order number, e.g. SF123456",
    ),
]

_INSTRUCTIONS = """\
A shop's back office: look up orders (status, shipping, refund progress), request refunds, open
support tickets, and check the business calendar (working days, holidays, delivery)."""

_QUERY = """\
根据订单号查询订单状态、物流和退款进度。Look up one order by its number: the item, amount, carrier and
tracking number, the shipping status, the expected delivery date and, when a refund was requested,
its progress and the date the money is expected back.

Example: query_order(order_id="SF123456")"""

_REFUND = """\
为订单申请退款。Request a refund for an order. account says where the money goes: "original" (原支付账户,
the card or wallet the order was paid with) or "balance" (账户余额, the store balance). Asking again
for the same order returns the refund already requested. Refunds arrive within 3 working days.

Example: request_refund(order_id="SF123456", account="original")"""

_TICKET = """\
创建客服工单。Open a support ticket for a problem a person must follow up (a damaged parcel, a
complaint, a lost delivery). summary is one or two sentences with the order number if there is one;
priority is "low", "normal", "high" or "urgent".

Example: create_ticket(summary="Order SF123456 held at the Shanghai hub for 5 days", priority="high")"""

_CALENDAR = """\
查询营业日历。Check one day of the business calendar: whether it is a working day, the public holiday
if any, and whether parcels are delivered that day. date is an ISO date, e.g. 2026-12-01.

Example: lookup_calendar(date="2026-12-01")"""


def build_tools_server(db_path: Path) -> MCPServer[Any]:
    """The demo tools server over the database at `db_path` (created on first use)."""
    server: MCPServer[Any] = MCPServer(
        "hindsight-demo-tools", instructions=_INSTRUCTIONS, log_level="WARNING"
    )
    ready = {"created": False}

    def database() -> Path:
        if not ready["created"]:
            demo_db.create(db_path)
            ready["created"] = True
        return db_path

    def _query(order_id: str) -> dict[str, Any]:
        with demo_db.connect(database()) as db:
            found = demo_db.order(db, order_id)
        if found is None:
            return {
                "order_id": order_id,
                "found": False,
                "message": f"没有找到订单 {order_id} (no such order)",
            }
        return {"found": True, **found}

    @server.tool(
        name="query_order",
        description=_QUERY,
        annotations=ToolAnnotations(title="Look up an order", read_only_hint=True),
    )
    async def query_order(order_id: ORDER_ID) -> str:
        return _json(await asyncio.to_thread(_query, order_id.upper()))

    def _refund(order_id: str, account: str) -> dict[str, Any]:
        with demo_db.connect(database()) as db:
            if demo_db.order(db, order_id) is None:
                raise ToolError(f"没有找到订单 {order_id} (no such order): check the number with the user")
            refund, created = demo_db.request_refund(db, order_id, account, datetime.now())
        if created:
            return {
                "result": "success",
                "message": "退款申请提交成功 (refund requested successfully)",
                "refund": refund,
            }
        return {
            "result": "exists",
            "message": "该订单已申请过退款 (a refund was already requested)",
            "refund": refund,
        }

    @server.tool(
        name="request_refund",
        description=_REFUND,
        annotations=ToolAnnotations(title="Request a refund", destructive_hint=False, idempotent_hint=True),
    )
    async def request_refund(
        order_id: ORDER_ID,
        account: Annotated[
            Literal["original", "balance"],
            Field(
                description='退款去向："original" = 原支付账户，"balance" = 账户余额 / where the refund goes'
            ),
        ],
    ) -> str:
        return _json(await asyncio.to_thread(_refund, order_id.upper(), account))

    def _ticket(summary: str, priority: str) -> dict[str, Any]:
        with demo_db.connect(database()) as db:
            ticket = demo_db.create_ticket(db, summary, priority, datetime.now())
        return {
            "result": "success",
            "message": "工单创建成功 (ticket created successfully)",
            "ticket": ticket,
        }

    @server.tool(
        name="create_ticket",
        description=_TICKET,
        annotations=ToolAnnotations(
            title="Open a support ticket", destructive_hint=False, idempotent_hint=False
        ),
    )
    async def create_ticket(
        summary: Annotated[
            str,
            Field(
                min_length=5,
                max_length=500,
                description="问题概述，一两句话 / what happened, in a sentence or two",
            ),
        ],
        priority: Annotated[
            Literal["low", "normal", "high", "urgent"],
            Field(description='优先级："low"、"normal"、"high" 或 "urgent"'),
        ],
    ) -> str:
        return _json(await asyncio.to_thread(_ticket, summary.strip(), priority))

    def _calendar(day: Date) -> dict[str, Any]:
        with demo_db.connect(database()) as db:
            working, holiday = demo_db.is_working_day(db, day)
        return {
            "date": day.isoformat(),
            "weekday": day.strftime("%A"),
            "working_day": working,
            "holiday": holiday,
            "delivery": "可派送 (parcels are delivered)"
            if working or holiday is None
            else "不派送 (no delivery)",
        }

    @server.tool(
        name="lookup_calendar",
        description=_CALENDAR,
        annotations=ToolAnnotations(title="Check the business calendar", read_only_hint=True),
    )
    async def lookup_calendar(
        date: Annotated[
            str,
            Field(
                pattern=r"^\d{4}-\d{2}-\d{2}$",
                description="日期，格式如 2026-12-01 / an ISO date such as 2026-12-01",
            ),
        ],
    ) -> str:
        try:
            day = Date.fromisoformat(date)
        except ValueError:
            raise ToolError(f"{date!r} is not a calendar date: use YYYY-MM-DD, e.g. 2026-12-01") from None
        return _json(await asyncio.to_thread(_calendar, day))

    @server.custom_route("/health", methods=["GET"], include_in_schema=False)  # type: ignore[untyped-decorator]
    async def health(_request: Request) -> Response:
        return JSONResponse({"status": "ok", "service": "hindsight-tools"})

    return server


def _json(value: dict[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False)


def run_stdio(db_path: Path) -> None:
    asyncio.run(build_tools_server(db_path).run_stdio_async())


def run_http(db_path: Path, host: str, port: int) -> None:
    import uvicorn

    app = build_tools_server(db_path).streamable_http_app(streamable_http_path="/mcp", host=host)
    uvicorn.run(app, host=host, port=port, log_level="warning")
