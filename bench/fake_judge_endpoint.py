"""A fake OpenAI-compatible endpoint that counts the LLM update judge's requests (llm_updates.py).

    python bench/fake_judge_endpoint.py 58111 &
    HINDSIGHT_LLM_BASE_URL=http://127.0.0.1:58111/v1 hindsight --embedder hash bench <file> --k 10
    curl -s http://127.0.0.1:58111/     # {"judge": N, "other": M}

It answers the judge with nothing to close and every other request (the LLM extractor's) with HTTP
503, so extraction falls back to the rules and the write path runs as without an LLM: only the
judge's calls are counted (what a deployment with an LLM would pay for). No model is measured here."""

from __future__ import annotations

import json
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from hindsight.llm_updates import PROMPT

counts = {"judge": 0, "other": 0}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        messages = body.get("messages") or [{}]
        if messages[0].get("content") == PROMPT:
            counts["judge"] += 1
            answer = json.dumps({"replaces": [], "reason": "counting only"})
            self._send(200, json.dumps({"choices": [{"message": {"role": "assistant", "content": answer}}]}))
        else:
            counts["other"] += 1
            self._send(503, '{"error": "this fake answers only the update judge"}')

    def do_GET(self) -> None:
        self._send(200, json.dumps(counts))

    def _send(self, status: int, text: str) -> None:
        data = text.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # quiet
        pass


if __name__ == "__main__":
    ThreadingHTTPServer(
        ("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 58111), Handler
    ).serve_forever()
