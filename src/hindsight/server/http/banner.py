"""What `hindsight serve` says when it is ready: where each surface is, what it serves from, and
what an operator is likely to get wrong (an open server beyond this machine; memories in the
default tenant that no configured key can reach)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from hindsight.models import DEFAULT_TENANT
from hindsight.server.auth import KeyRing

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def base_url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in {"0.0.0.0", ""} else f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def startup_lines(
    host: str,
    port: int,
    *,
    keys: KeyRing,
    allowed_hosts: str | None,
    store: str,
    embedder: str,
    tenants_with_memories: Iterable[str],
) -> list[str]:
    """The banner, line by line; lines starting "warning:" are the ones to act on."""
    url = base_url(host, port)
    lines = [
        f"Hindsight is serving on {url}",
        f"  API      {url}/v1  (reference: {url}/docs)",
        f"  MCP      {url}/mcp",
        f"  console  {url}/console",
        f"  store    {store}",
        f"  embedder {embedder}",
    ]
    tenants = sorted(set(keys.keys.values()))
    if keys.required:
        lines.append(f"  keys     {len(keys.keys)} (tenants: {', '.join(tenants)})")
    else:
        lines.append("  keys     none: every request is the default tenant's")
        if host not in LOOPBACK:
            reach = (
                "anyone who reaches it can read and change every memory"
                if allowed_hosts
                else "it answers only to localhost names until HINDSIGHT_ALLOWED_HOSTS names the others"
            )
            lines.append(f"warning: serving beyond this machine without HINDSIGHT_API_KEYS: {reach}")
    held = Counter(tenants_with_memories)
    if keys.required and held.get(DEFAULT_TENANT) and DEFAULT_TENANT not in tenants:
        lines.append(
            f"warning: {held[DEFAULT_TENANT]} user(s) have memories in the default tenant (written without "
            "keys), and no configured key reaches it: add a plain KEY (no =TENANT) to HINDSIGHT_API_KEYS "
            "to serve them"
        )
    return lines
