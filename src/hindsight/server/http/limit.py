"""Request bodies over a size limit are refused with 413."""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hindsight.server.http.errors import error


class LimitBody:
    """Refuse bodies over `limit` bytes with 413: by Content-Length up front, and for a body sent
    without one (chunked) by reading it, at most `limit` bytes, before the app sees it."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                scope, receive, send
            )
            return
        if declared is not None or scope.get("method") in {"GET", "HEAD", "DELETE", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        # No Content-Length (a chunked body): read it up to the limit first, then replay it.
        messages: list[Message] = []
        seen = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            seen += len(message.get("body", b""))
            if seen > self.limit:
                await error(413, "request too large", f"the body limit is {self.limit} bytes")(
                    scope, receive, send
                )
                return
            if not message.get("more_body", False):
                break
        replay = iter(messages)

        async def replayed() -> Message:
            return next(replay, None) or await receive()

        await self.app(scope, replayed, send)
