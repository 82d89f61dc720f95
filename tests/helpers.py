"""Pieces several test modules share: a real HTTP server in a thread, an embedder that records
the queries it was asked."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import uvicorn
from fastapi import FastAPI

from hindsight.embedding.base import Vectors
from hindsight.embedding.hashing import HashEmbedder


@contextmanager
def serving(app: FastAPI) -> Iterator[str]:
    """uvicorn on 127.0.0.1, a free port, in a thread; yields the base URL."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off", ws="none"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        sock.close()


class RecordingEmbedder(HashEmbedder):
    """The hash embedder, keeping every query and passage text it embedded, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.queries: list[str] = []
        self.passages: list[str] = []

    def embed_query(self, text: str) -> Vectors:
        self.queries.append(text)
        return super().embed_query(text)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        self.passages += list(texts)
        return super().embed_passages(texts)
