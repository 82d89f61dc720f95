"""Which Host names the HTTP server answers to: DNS-rebinding protection for a keyless server.

A server without API keys trusts whoever reaches it. On 127.0.0.1 that is meant to be this machine,
but a web page in a browser on this machine can reach it too: the page's own domain is re-pointed
at 127.0.0.1 (DNS rebinding), and the browser then sends the page's requests, with
`Host: evil.example`, to the local server as same-origin ones. Checking the Host header closes
that: a keyless server answers only to the loopback names unless told otherwise
(`HINDSIGHT_ALLOWED_HOSTS`). With keys, the key is the protection and any Host is accepted unless
`HINDSIGHT_ALLOWED_HOSTS` narrows it.
"""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def allowed_hosts(setting: str | None, keys_required: bool) -> frozenset[str] | None:
    """The host names to answer to (None: any). `setting` is a comma-separated list; "*" allows
    any host and "*.example.com" any subdomain of example.com."""
    names = frozenset(name.strip().lower() for name in (setting or "").split(",") if name.strip())
    if names:
        return None if "*" in names else names
    return None if keys_required else LOOPBACK


def host_name(header: str) -> str:
    """The name in a Host header, without its port: "[::1]:8765" is "::1", "Localhost:80" is
    "localhost"."""
    value = header.strip().lower()
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    if value.count(":") == 1:
        return value.split(":", 1)[0]
    return value


def is_allowed(name: str, allowed: frozenset[str]) -> bool:
    if name in allowed:
        return True
    return any(pattern.startswith("*.") and name.endswith(pattern[1:]) for pattern in allowed)


class CheckHost:
    """Refuse (400, JSON) any request whose Host is not an allowed name, before anything runs."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str] | None) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.allowed is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"host", b"").decode("latin-1")
        name = host_name(header)
        if is_allowed(name, self.allowed):
            await self.app(scope, receive, send)
            return
        detail = (
            f"this server does not answer to the host {name or '(none)'!r}: it answers to "
            f"{', '.join(sorted(self.allowed))}. Set HINDSIGHT_ALLOWED_HOSTS to the names it is "
            "reached by (a server without HINDSIGHT_API_KEYS answers only to localhost, so that a "
            "web page cannot reach it through DNS rebinding)"
        )
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008, "reason": "host not allowed"})
            return
        # The API's error shape ({"error", "detail"}, as server/http.py's error()).
        response = JSONResponse({"error": "host not allowed", "detail": detail}, status_code=400)
        await response(scope, receive, send)
