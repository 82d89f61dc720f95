"""`hindsight worker`: the background loop as a process of its own.

Servers started with HINDSIGHT_WORKER=external leave this work to it: queued retries and the writes
crashed processes acknowledged, the embedding backlog, idle events, scheduled maintenance (runner.py).
Several workers may run: the queue's claims and the locks keep them from doing one piece twice.
SIGTERM or Ctrl-C stops it between two ticks: nothing is left half-done. With
HINDSIGHT_WORKER_HEARTBEAT set, the file it names is touched once the store is open and after every
tick: its age is the worker's liveness (the container image's health check reads it).
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType

from hindsight.memory import AsyncMemory
from hindsight.settings import Settings


def run_worker(settings: Settings, *, once: bool = False, echo: Callable[[str], None] = print) -> None:
    stop = threading.Event()

    def stopping(signum: int, _frame: FrameType | None) -> None:
        stop.set()

    previous = {sig: signal.signal(sig, stopping) for sig in (signal.SIGTERM, signal.SIGINT)}
    core = None  # opening the store can fail: then there is nothing to close, only handlers to restore
    try:
        core = AsyncMemory(settings=settings, background=False).core
        echo(f"hindsight worker {core.owner} on {core.backend.description}, every {settings.tick_s:g} s")
        beat(settings.worker_heartbeat)
        while not stop.is_set():
            tick = core.runner.tick()
            beat(settings.worker_heartbeat)
            if tick.busy:
                echo(
                    f"applied {tick.applied} queued writes, closed {tick.closed_events} idle events, "
                    f"embedded {tick.embedded}, maintained {tick.maintained} users"
                )
            if once:
                break
            if not tick.busy:
                stop.wait(settings.tick_s)
    finally:
        if core is not None:
            core.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        echo("hindsight worker stopped")


def beat(path: Path | None) -> None:
    """Touch the heartbeat file (created if missing); a failure to write it is not the work's."""
    if path is None:
        return
    with contextlib.suppress(OSError):
        path.touch()
