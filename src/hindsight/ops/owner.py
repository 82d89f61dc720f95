"""Who holds a claim or a lock: "host:pid:start/instance" - the machine, the process id, when that
process started (so a later process that reuses the pid is not mistaken for it), and which memory
of the process (two `Memory` objects in one process are two holders).

A claim or lock lasts its lease whoever holds it; but a holder that ran on this machine and is
gone can be known to be gone at once (its pid no longer runs, or runs a younger process), and its
claims released without waiting the lease out - a restart applies what the killed process had
acknowledged straight away.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path


def _start_ticks(pid: int) -> str | None:
    """When process `pid` started (clock ticks since boot, from /proc), or None where /proc cannot say."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    # The second field is "(command)" and may hold spaces: count the fields after its ')'.
    fields = stat[stat.rfind(")") + 2 :].split()
    return fields[19] if len(fields) > 19 else None


@lru_cache(maxsize=1)
def process_owner() -> str:
    """This process's owner id. Where /proc is missing, a random token stands for the start time
    (such a process is then never judged gone early: its claims wait out their lease)."""
    pid = os.getpid()
    started = _start_ticks(pid) or f"x{uuid.uuid4().hex[:12]}"
    return f"{socket.gethostname()}:{pid}:{started}"


def instance_owner() -> str:
    """A new holder id in this process: the process's id and a token of its own."""
    return f"{process_owner()}/{uuid.uuid4().hex[:8]}"


def gone(owners: Iterable[str]) -> list[str]:
    """Those of `owners` that ran on this machine and no longer run."""
    host = socket.gethostname()
    found: list[str] = []
    for owner in owners:
        parts = owner.partition("/")[0].rsplit(":", 2)
        if len(parts) != 3 or parts[0] != host or not parts[1].isdigit() or parts[2].startswith("x"):
            continue
        if _start_ticks(int(parts[1])) != parts[2]:
            found.append(owner)
    return found
