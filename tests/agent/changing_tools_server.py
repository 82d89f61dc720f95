"""A small MCP tools server for the agent's tests, run as a subprocess over stdio: a tool that
takes its time (`wait`), and `unlock`, which adds a tool and tells the client its list changed."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from mcp.server.mcpserver import Context, MCPServer
from pydantic import Field

server: MCPServer[Any] = MCPServer("test-tools", log_level="WARNING")


@server.tool(name="wait", description="Waits, then answers. Example: wait(seconds=1)")
async def wait(seconds: Annotated[float, Field(ge=0, le=60, description="how long")]) -> str:
    await asyncio.sleep(seconds)
    return f"waited {seconds} s"


def secret_door(code: Annotated[str, Field(description="the code, e.g. A1")]) -> str:
    """Opens the secret door. Example: secret_door(code="A1")"""
    return f"the door opened with {code}"


@server.tool(name="unlock", description="Makes the secret_door tool available. Example: unlock()")
async def unlock(ctx: Context[Any, Any]) -> str:
    server.add_tool(secret_door, name="secret_door")
    await ctx.session.send_tool_list_changed()
    return "unlocked: secret_door is available now"


if __name__ == "__main__":
    asyncio.run(server.run_stdio_async())
