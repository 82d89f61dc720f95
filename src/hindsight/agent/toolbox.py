"""The tools one turn offers the model — the memory server's (those allowed) and the business
tools server's — and the checked way they run: the arguments are checked against the tool's
inputSchema first, and a bad call never reaches the server."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from mcp_types import CallToolResult, TextContent, Tool

from hindsight.agent.arguments import check_call, unknown_tool
from hindsight.agent.connection import ServerRefused, ServerTimeout, ServerUnavailable
from hindsight.agent.memory_link import MemoryLink
from hindsight.agent.models import ToolCallRecord
from hindsight.agent.servers import ManagedServer

_VALID_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


@dataclass(frozen=True, slots=True)
class Route:
    """A tool as the model sees it (`name`) and where it runs."""

    name: str
    server: str
    tool: Tool


@dataclass
class Catalogue:
    routes: dict[str, Route]
    problems: list[str]
    """Servers whose tools are missing this turn, and why."""

    def openai_tools(self, withheld: set[str] | None = None) -> list[dict[str, Any]]:
        return [
            openai_tool(route.name, route.tool)
            for route in self.routes.values()
            if not withheld or route.name not in withheld
        ]


def openai_tool(name: str, tool: Tool) -> dict[str, Any]:
    """An MCP tool as a chat-completions function tool."""
    schema = dict(tool.input_schema) if tool.input_schema else {"type": "object", "properties": {}}
    schema.pop("$schema", None)
    description = tool.description or tool.title or name
    return {"type": "function", "function": {"name": name, "description": description, "parameters": schema}}


async def build_catalogue(memory: MemoryLink | None, business: ManagedServer | None) -> Catalogue:
    routes: dict[str, Route] = {}
    problems: list[str] = []
    if memory is not None:
        for tool in await memory.model_tools():
            routes[tool.name] = Route(tool.name, "memory", tool)
    if business is not None:
        connection = await business.ensure()
        if connection is None:
            problems.append(business.problem or "the tools server is unavailable")
        else:
            try:
                listed = await connection.tools()
            except (ServerUnavailable, ServerTimeout, ServerRefused) as exc:
                business.failed(str(exc))
                problems.append(str(exc))
                listed = []
            for tool in listed:
                name = tool.name if tool.name not in routes else f"tools_{tool.name}"
                if _VALID_NAME.match(name):  # a provider refuses other names outright
                    routes[name] = Route(name, "tools", tool)
    return Catalogue(routes, problems)


async def run_call(
    catalogue: Catalogue,
    name: str,
    raw_arguments: str,
    memory: MemoryLink | None,
    business: ManagedServer | None,
    result_chars: int,
) -> ToolCallRecord:
    """One tool call of the model: checked, then run; the record says what the model is told."""
    route = catalogue.routes.get(name)
    if route is None:
        return ToolCallRecord(name, raw_arguments, "unknown_tool", unknown_tool(name, catalogue.routes))
    checked = check_call(name, raw_arguments, route.tool.input_schema)
    if not checked.ok:
        return ToolCallRecord(name, raw_arguments, "invalid_arguments", checked.error or "", route.server)
    owner = memory.server if route.server == "memory" and memory is not None else business
    if owner is None:
        return ToolCallRecord(name, raw_arguments, "unavailable", f"{name} is not available", route.server)
    connection = await owner.ensure()
    if connection is None:
        message = f"{name} could not run: {owner.problem or 'its server is unavailable'}"
        return ToolCallRecord(name, raw_arguments, "unavailable", message, route.server)
    try:
        result = await connection.call(route.tool.name, checked.arguments)
    except ServerTimeout as exc:
        return ToolCallRecord(name, raw_arguments, "timeout", f"{name} did not answer: {exc}", route.server)
    except ServerRefused as exc:
        return ToolCallRecord(name, raw_arguments, "tool_error", f"{name} failed: {exc}", route.server)
    except ServerUnavailable as exc:
        owner.failed(str(exc))
        return ToolCallRecord(
            name, raw_arguments, "unavailable", f"{name} could not run: {exc}", route.server
        )
    text = result_text(result)
    text = text if len(text) <= result_chars else text[: result_chars - 1] + "…"
    if result.is_error:
        return ToolCallRecord(name, raw_arguments, "tool_error", f"{name} failed: {text}", route.server)
    return ToolCallRecord(name, raw_arguments, "ok", text, route.server)


def result_text(result: CallToolResult) -> str:
    texts = [block.text for block in result.content if isinstance(block, TextContent)]
    if texts:
        return "\n".join(texts)
    if isinstance(result.structured_content, Mapping):
        return json.dumps(result.structured_content, ensure_ascii=False)
    return "(no text)"
