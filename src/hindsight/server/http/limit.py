"""What one request may take: its body is read whole before the app sees it, at most
`limit` bytes (413) and within `timeout_s` (408) - a client that announces a body and never sends it
holds nothing up for long."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hindsight.server.http.errors import error

WITHOUT_BODY = frozenset({"GET", "HEAD", "DELETE", "OPTIONS"})


class LimitBody:
    def __init__(self, app: ASGIApp, limit: int, timeout_s: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout_s = timeout_s

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in WITHOUT_BODY:
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                scope, receive, send
            )
            return
        try:
            messages = await asyncio.wait_for(self._read(receive), self.timeout_s)
        except TimeoutError:
            await error(408, "request timeout", f"the body did not arrive within {self.timeout_s:g} s")(
                scope, receive, send
            )
            return
        if messages is None:
            await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                scope, receive, send
            )
            return
        replay = iter(messages)

        async def replayed() -> Message:
            return next(replay, None) or await receive()

        await self.app(scope, replayed, send)

    async def _read(self, receive: Receive) -> list[Message] | None:
        """The body's messages (None: over the limit)."""
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                return messages
            seen += len(message.get("body", b""))
            if seen > self.limit:
                return None
            if not message.get("more_body", False):
                return messages
