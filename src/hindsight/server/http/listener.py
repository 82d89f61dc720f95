"""uvicorn's configuration for `serve --workers N`, its workers' shared socket marked as TCP."""

from __future__ import annotations

import socket

import uvicorn


class ListenerConfig(uvicorn.Config):
    """uvicorn (0.54) binds the socket its workers share with protocol 0, which every accepted
    connection inherits, and asyncio turns Nagle's algorithm off (TCP_NODELAY) only on IPPROTO_TCP
    sockets: each keep-alive request after a connection's first then waited ~40 ms for the client's
    delayed ACK (Kludex/uvicorn#3149; measured here: 44-48 ms a request with two workers, 1-9 ms
    with one). The same socket, its protocol named. A class of a module of its own, since uvicorn
    hands the configuration to each worker process by pickling it."""

    def bind_socket(self) -> socket.socket:
        bound = super().bind_socket()
        marked = socket.socket(bound.family, bound.type, socket.IPPROTO_TCP, fileno=bound.detach())
        marked.set_inheritable(True)
        return marked
