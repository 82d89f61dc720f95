"""A small OpenAI-compatible chat-completions server for the agent's tests.

It answers POST /v1/chat/completions from a script: each reply is a `Say` (text, tool calls, an
HTTP error, a delay) or a function of the request that returns one, so a test can play a model
that reads its prompt ("the memory says SF123456, so call query_order with it"). Streaming
requests get server-sent events chunked like OpenAI's. Every request body is kept, so tests
assert on what the model was actually sent over the wire by the real `openai` client.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Say:
    """One scripted reply of the model."""

    text: str = ""
    calls: tuple[tuple[str, str | dict[str, Any]], ...] = ()
    """(tool name, arguments) — arguments as the model sends them: a dict is JSON-encoded, a
    string is sent as is (so a test can send broken JSON)."""
    status: int = 200
    error: str = ""
    param: str | None = None
    code: str | None = None
    delay_s: float = 0.0


Reply = Say | Callable[[dict[str, Any]], Say]


@dataclass
class FakeProvider:
    url: str = ""
    replies: deque[Reply] = field(default_factory=deque)
    default: Reply | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    extractions: list[dict[str, Any]] = field(default_factory=list)
    """Requests for JSON (response_format): the memory server's LLM extractor, when it shares the
    endpoint (HINDSIGHT_LLM_BASE_URL). They are answered 503, so it falls back to its rules."""
    lock: threading.Lock = field(default_factory=threading.Lock)

    def script(self, *replies: Reply) -> None:
        with self.lock:
            self.replies.extend(replies)

    def next_reply(self, body: dict[str, Any]) -> Say:
        with self.lock:
            reply = self.replies.popleft() if self.replies else self.default
        if reply is None:
            return Say(status=500, error="the test scripted no reply for this request")
        return reply(body) if callable(reply) else reply

    @property
    def last(self) -> dict[str, Any]:
        return self.requests[-1]


# -- reading a request ----------------------------------------------------------------------------


def system_text(body: dict[str, Any]) -> str:
    return "\n".join(str(m.get("content") or "") for m in body["messages"] if m["role"] == "system")


def user_text(body: dict[str, Any]) -> str:
    """The turn's user message (the last user message of the request)."""
    return next(str(m["content"]) for m in reversed(body["messages"]) if m["role"] == "user")


def tool_results(body: dict[str, Any]) -> list[str]:
    return [str(m.get("content") or "") for m in body["messages"] if m["role"] == "tool"]


def tool_names(body: dict[str, Any]) -> list[str]:
    return [tool["function"]["name"] for tool in body.get("tools", [])]


def find(pattern: str, text: str) -> str | None:
    match = re.search(pattern, text)
    return match.group(0) if match else None


# -- the server ----------------------------------------------------------------------------------


def _completion(body: dict[str, Any], say: Say, number: int) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": say.text or None}
    if say.calls:
        message["tool_calls"] = [
            {
                "id": f"call_{number}_{i}",
                "type": "function",
                "function": {"name": name, "arguments": _args(arguments)},
            }
            for i, (name, arguments) in enumerate(say.calls)
        ]
    usage_in = sum(len(str(m.get("content") or "")) for m in body["messages"])
    return {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", ""),
        "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if say.calls else "stop"}],
        "usage": {"prompt_tokens": usage_in, "completion_tokens": len(say.text), "total_tokens": usage_in},
    }


def _chunks(body: dict[str, Any], say: Say, number: int) -> Iterator[dict[str, Any]]:
    base = {
        "id": f"chatcmpl-{number}",
        "object": "chat.completion.chunk",
        "created": 0,
        "model": body["model"],
    }

    def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
        return {**base, "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}

    yield chunk({"role": "assistant", "content": ""})
    half = len(say.text) // 2
    for piece in (say.text[:half], say.text[half:]):
        if piece:
            yield chunk({"content": piece})
    for i, (name, arguments) in enumerate(say.calls):
        text = _args(arguments)
        cut = len(text) // 2
        yield chunk(
            {
                "tool_calls": [
                    {
                        "index": i,
                        "id": f"call_{number}_{i}",
                        "type": "function",
                        "function": {"name": name, "arguments": text[:cut]},
                    }
                ]
            }
        )
        yield chunk({"tool_calls": [{"index": i, "function": {"arguments": text[cut:]}}]})
    yield chunk({}, "tool_calls" if say.calls else "stop")


def _args(arguments: str | dict[str, Any]) -> str:
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def handler(fake: FakeProvider) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/v1/chat/completions":
                self._send(404, {"error": {"message": "not found"}})
                return
            if "response_format" in body:
                with fake.lock:
                    fake.extractions.append(body)
                self._send(503, {"error": {"message": "the fake provider does not extract"}})
                return
            with fake.lock:
                fake.requests.append(body)
                number = len(fake.requests)
            say = fake.next_reply(body)
            if say.delay_s:
                time.sleep(say.delay_s)
            if say.status != 200:
                error = {
                    "message": say.error,
                    "type": "invalid_request_error",
                    "param": say.param,
                    "code": say.code,
                }
                self._send(say.status, {"error": error})
                return
            if body.get("stream"):
                self._stream(body, say, number)
                return
            self._send(200, _completion(body, say, number))

        def _stream(self, body: dict[str, Any], say: Say, number: int) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            for piece in _chunks(body, say, number):
                self.wfile.write(f"data: {json.dumps(piece, ensure_ascii=False)}\n\n".encode())
            self.wfile.write(b"data: [DONE]\n\n")
            self.wfile.flush()
            self.close_connection = True

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload, ensure_ascii=False).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


class Running:
    """The fake provider served on 127.0.0.1 in a thread."""

    def __init__(self) -> None:
        self.fake = FakeProvider()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler(self.fake))
        self.server.daemon_threads = True
        self.fake.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> FakeProvider:
        self.thread.start()
        return self.fake

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
