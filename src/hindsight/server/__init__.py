"""The surfaces: HTTP API (http.py), MCP server (mcp.py), operator console (console/). Each is a thin
adapter over hindsight.tenancy.TenantMemory; none holds memory logic of its own."""
