"""Protocol errors an MCP client can act on, not a dump of the SDK's validator.

The MCP SDK answers a body that is not one JSON-RPC message with pydantic's full report ("4
validation errors for union[JSONRPCRequest, ...]", model names, links to pydantic's site). That
names our internals and tells the client nothing it can fix. This wraps the SDK's `send` and
replaces such an answer (400, JSON) with the JSON-RPC "Invalid Request" error and what a message
must look like; every other response passes through untouched, streamed as it was."""

from __future__ import annotations

import json
from typing import Any

from starlette.types import Message, Send

INVALID_REQUEST = -32600
EXPECTED = (
    "Invalid Request: the body must be one JSON-RPC 2.0 message, an object with "
    '"jsonrpc": "2.0", a "method" string and, for a request, an "id" and "params" as an object'
)


def plain_protocol_errors(send: Send) -> Send:
    held: Message | None = None
    chunks: list[bytes] = []

    async def wrapped(message: Message) -> None:
        nonlocal held
        if message["type"] == "http.response.start" and message["status"] == 400:
            held = message  # wait for the body: it may be the validator's dump
            return
        if held is None or message["type"] != "http.response.body":
            await send(message)
            return
        chunks.append(message.get("body", b""))
        if message.get("more_body"):
            return
        body = _rewritten(b"".join(chunks))
        headers = [(k, v) for k, v in held.get("headers", []) if k.lower() != b"content-length"]
        await send({**held, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})
        held = None

    return wrapped


def _rewritten(body: bytes) -> bytes:
    try:
        answer: Any = json.loads(body)
        message = answer["error"]["message"]
    except (ValueError, TypeError, KeyError):
        return body
    if not (isinstance(message, str) and message.startswith("Validation error")):
        return body
    answer["error"] = {"code": INVALID_REQUEST, "message": EXPECTED}
    return json.dumps(answer).encode()
