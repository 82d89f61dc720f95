"""The Hindsight image's health check: standard library only (it runs every few seconds).

    python3 healthcheck.py ready            GET /ready on this container's server (HINDSIGHT_PORT,
                                            8765), with the first HINDSIGHT_API_KEYS key: /ready
                                            needs a key when the server has keys
    python3 healthcheck.py worker [MAX_S]   the worker's heartbeat file (HINDSIGHT_WORKER_HEARTBEAT,
                                            touched after each round) is younger than MAX_S (300)
    python3 healthcheck.py url URL          any GET answering 200 (the agent's and tools' /health)

Exit 0 when healthy, 1 (with the reason on stdout, which Docker keeps in the health log) if not.
"""

from __future__ import annotations

import os
import sys
import time
import urllib.error
import urllib.request


def get(url: str, key: str | None = None) -> int:
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {key}"} if key else {})
    try:
        with urllib.request.urlopen(request, timeout=3) as answer:
            body = answer.read(500).decode("utf-8", "replace")
            print(f"{answer.status} {body}")
            return 0 if answer.status == 200 else 1
    except urllib.error.HTTPError as exc:
        print(f"{exc.code} {exc.read(500).decode('utf-8', 'replace')}")
    except OSError as exc:
        print(f"unreachable: {exc}")
    return 1


def first_key() -> str | None:
    for entry in os.environ.get("HINDSIGHT_API_KEYS", "").split(","):
        key = entry.split("=", 1)[0].strip()
        if key:
            return key
    return None


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "ready"
    if what == "ready":
        port = os.environ.get("HINDSIGHT_PORT", "8765")
        # "degraded" (a part not needed to answer is down, e.g. Redis) is 200 too: still serving.
        return get(f"http://127.0.0.1:{port}/ready", first_key())
    if what == "worker":
        limit = float(argv[2]) if len(argv) > 2 else 300.0
        path = os.environ.get("HINDSIGHT_WORKER_HEARTBEAT", "/tmp/hindsight-worker.alive")
        try:
            age = time.time() - os.stat(path).st_mtime
        except OSError:
            print(f"no heartbeat yet at {path}")
            return 1
        print(f"last round {age:.0f} s ago")
        return 0 if age <= limit else 1
    if what == "url" and len(argv) > 2:
        return get(argv[2])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
