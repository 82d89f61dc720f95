"""The surfaces: HTTP API (http/), MCP server (mcp.py), operator console (console/). Each is a thin
adapter over hindsight.memory.TenantMemory - one tenant's view of the memory, chosen by the
request's credentials; none holds memory logic of its own."""
