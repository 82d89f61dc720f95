"""A fake OpenAI-compatible server on 127.0.0.1 for the LLM tests: a scripted queue of answers,
every request recorded. Its fixtures (`fake_llm`, `dead_url`) are offered to every test by
conftest.py."""

from __future__ import annotations

import json
import socket
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest


@dataclass(frozen=True)
class Reply:
    """One scripted answer: the assistant's content (status 200) or a raw HTTP error."""

    content: str = ""
    status: int = 200
    raw: str | None = None  # a body sent as is (for malformed responses)


@dataclass
class FakeLLM:
    replies: deque[Reply] = field(default_factory=deque)
    default: Reply | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    headers: list[dict[str, str]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_reply(self) -> Reply:
        with self.lock:
            if self.replies:
                return self.replies.popleft()
        if self.default is None:
            return Reply(status=503, raw='{"error": "no scripted reply left"}')
        return self.default

    @property
    def messages(self) -> list[list[dict[str, str]]]:
        return [request["messages"] for request in self.requests]


def _handler(fake: FakeLLM) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"  # keep-alive, like a real server: an unclosed client leaks a socket

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            if self.path != "/v1/chat/completions":
                self._send(404, '{"error": "not found"}')
                return
            with fake.lock:
                fake.requests.append(body)
                fake.headers.append({key.lower(): value for key, value in self.headers.items()})
            reply = fake.next_reply()
            if reply.raw is not None:
                self._send(reply.status, reply.raw)
                return
            completion = {
                "id": f"chatcmpl-{len(fake.requests)}",
                "object": "chat.completion",
                "model": body.get("model", ""),
                "choices": [
                    {
                        "index": 0,
                        "message": {"role": "assistant", "content": reply.content},
                        "finish_reason": "stop",
                    }
                ],
            }
            self._send(reply.status, json.dumps(completion, ensure_ascii=False))

        def _send(self, status: int, text: str) -> None:
            data = text.encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:  # quiet
            pass

    return Handler


@pytest.fixture
def fake_llm() -> Iterator[tuple[FakeLLM, str]]:
    """A fake OpenAI-compatible server; yields (script, base_url ending in /v1)."""
    fake = FakeLLM()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), name="fake-llm", daemon=True)
    thread.start()
    try:
        yield fake, f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def dead_url() -> str:
    """A port nobody listens on (bound, then released)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"
