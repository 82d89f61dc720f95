"""The durable write queue: acknowledged writes survive a crash, failures retry with backoff and
end in the dead letters, which dump and the CLI show and can retry."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from hindsight import Memory, NotFound, Settings, WriteDeferred
from hindsight.cli import cli
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.models import Scope, Turn
from hindsight.write.extract import Extraction, RuleExtractor
from hindsight.write.queue import MAX_ATTEMPTS, backoff
from tests.stored import open_store, unembedded


class FlakyExtractor:
    """Fails until told otherwise, like an extractor whose backing service is down."""

    def __init__(self) -> None:
        self.broken = True
        self.calls = 0

    def extract(self, turns: Sequence[Turn]) -> Extraction:
        self.calls += 1
        if self.broken:
            raise RuntimeError("extraction service unavailable")
        return RuleExtractor().extract(turns)


def open_memory(home: Path, extractor: FlakyExtractor | None = None) -> Memory:
    return Memory(settings=Settings(home=home, embedder="hash"), embedder=HashEmbedder(), extractor=extractor)


def test_backoff_grows_and_is_capped() -> None:
    delays = [backoff(n).total_seconds() for n in range(12)]
    assert delays[:4] == [2.0, 4.0, 8.0, 16.0]
    assert delays == sorted(delays) and delays[-1] == 600.0


def test_acknowledged_writes_left_in_the_queue_are_applied_on_restart(tmp_path: Path) -> None:
    # A process acknowledged these writes (they are committed in the queue) and died before applying them.
    store = open_store(tmp_path)
    for i in range(3):
        payload = {
            "user_id": "u", "session_id": "s", "role": "user", "text": f"my locker number is {100 + i}",
            "time": f"2026-03-02T10:0{i}:00", "turn_id": f"t{i}",
        }  # fmt: skip
        store.queue.enqueue("observe", payload, Scope("default", "u"), datetime(2026, 3, 2, 10, i))
    store.close()
    with open_memory(tmp_path) as mem:
        waiting, dead = mem.queue()
        assert waiting == [] and dead == []
        for i in range(3):
            assert mem.get(turn_record_id("u", f"t{i}")).text == f"my locker number is {100 + i}"
        assert "locker number is 102" in mem.recall("u", "locker number 102").hits[0].record.text


def test_a_malformed_queued_write_goes_to_the_dead_letters_without_breaking_open(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    u = Scope("default", "u")
    store.queue.enqueue(
        "observe", {"user_id": "u", "text": "no session, no role"}, u, datetime(2026, 3, 2, 10, 0)
    )
    good = {
        "user_id": "u", "session_id": "s", "role": "user", "text": "my locker number is 7",
        "time": "2026-03-02T10:01:00", "turn_id": "t1",
    }  # fmt: skip
    store.queue.enqueue("observe", good, u, datetime(2026, 3, 2, 10, 1))
    store.close()
    with open_memory(tmp_path) as mem:  # opening applies the queue: the bad entry must not stop it
        waiting, dead = mem.queue()
        assert waiting == [] and len(dead) == 1
        assert "KeyError" in (dead[0].last_error or "")
        assert mem.get(turn_record_id("u", "t1")).text == "my locker number is 7"
        assert mem.requeue() == 1  # retried by hand: it fails again, cleanly, back in the dead letters
        assert len(mem.queue()[1]) == 1


def test_a_failing_write_is_retried_then_dead_lettered_then_retried_by_hand(tmp_path: Path) -> None:
    flaky = FlakyExtractor()
    with open_memory(tmp_path, flaky) as mem:
        with pytest.raises(WriteDeferred, match="queued and will be retried"):
            mem.observe("u", "s", "user", "My order SF900001 is missing", "2026-03-02T10:00:00", turn_id="x1")
        (waiting,), dead = mem.queue()
        assert dead == [] and waiting.attempts == 1 and "unavailable" in (waiting.last_error or "")
        assert waiting.next_attempt_at > waiting.created_at  # backoff, not a hot loop
        assert mem.records("u") == []  # nothing half-written
        for _ in range(MAX_ATTEMPTS - 1):
            mem.process_queue()
        waiting_after, (letter,) = mem.queue()
        assert waiting_after == [] and letter.attempts == MAX_ATTEMPTS
        assert "dead letters (1)" in mem.dump("u") and "SF900001" in mem.dump("u")

        result = CliRunner().invoke(cli, ["--home", str(tmp_path), "--embedder", "hash", "queue"])
        # The CLI opens its own Memory (a second process would); it sees the same dead letter.
        assert (
            result.exit_code == 0 and "dead letters (1)" in result.output and f"#{letter.id}" in result.output
        )

        flaky.broken = False
        assert mem.requeue(letter.id) == 1
        assert mem.queue() == ([], [])
        assert mem.get(turn_record_id("u", "x1")).text == "My order SF900001 is missing"
        assert any(r.entities.get("order_id") == "SF900001" for r in mem.records("u"))
        with pytest.raises(NotFound):
            mem.requeue(letter.id)


def test_cli_retry_all(tmp_path: Path) -> None:
    flaky = FlakyExtractor()
    with open_memory(tmp_path, flaky) as mem:
        for attempt in range(MAX_ATTEMPTS):
            if attempt == 0:
                with pytest.raises(WriteDeferred):
                    mem.observe("u", "s", "user", "ticket TK-55501 is still open", turn_id="k")
            else:
                mem.process_queue()
        assert len(mem.queue()[1]) == 1
    result = CliRunner().invoke(cli, ["--home", str(tmp_path), "--embedder", "hash", "queue", "--retry-all"])
    assert result.exit_code == 0, result.output
    assert "requeued 1 dead letter(s)" in result.output and "dead letters (0)" in result.output
    with open_memory(tmp_path) as mem:
        assert mem.get(turn_record_id("u", "k")).text == "ticket TK-55501 is still open"


CHILD = textwrap.dedent(
    """
    import sys
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder
    home = sys.argv[1]
    with Memory(settings=Settings(home=home, embedder="hash"), embedder=HashEmbedder()) as mem:
        for i in range(100000):
            if i % 2:
                record = mem.remember("u", f"fact number {i}: the code word is word{i}").record
                print("remember", record.id, flush=True)
            else:
                text = f"turn {i}: order AB{100000 + i} arrived"
                mem.observe("u", f"s{i // 10}", "user", text, turn_id=f"turn{i}")
                print("observe", f"turn{i}", flush=True)
    """
)


def test_kill_9_in_a_burst_of_acknowledged_writes_loses_none(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    acknowledged: list[tuple[str, str]] = []
    deadline = time.monotonic() + 120
    while len(acknowledged) < 60 and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
        kind, ident = line.split()
        acknowledged.append((kind, ident))
    child.send_signal(signal.SIGKILL)  # mid-burst: the child is writing as fast as it can
    child.wait(timeout=30)
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL
    assert len(acknowledged) >= 60, "the child did not acknowledge enough writes before the deadline"

    with open_memory(tmp_path) as mem:
        for kind, ident in acknowledged:
            record_id = ident if kind == "remember" else turn_record_id("u", ident)
            assert mem.get(record_id).user_id == "u", (kind, ident)
        assert mem.queue()[1] == []  # nothing ended in the dead letters
        # Everything stored is embedded (the first recall embeds what the dead process left) and findable.
        last_fact = next(ident for kind, ident in reversed(acknowledged) if kind == "remember")
        code = mem.get(last_fact).text.split()[-1]
        assert mem.recall("u", f"code word {code}", top_k=3).hits[0].record.id == last_fact
        assert unembedded(mem, 1) == []


def test_a_turn_two_processes_took_at_once_is_stored_once_and_no_dead_letter(tmp_path: Path) -> None:
    with open_memory(tmp_path) as mem:
        mem.observe("u", "s", "user", "my locker number is 7", "2026-03-02T10:00:00", turn_id="same")
        # Another process passed the "already observed" check at the same moment and queued it too.
        store = mem.backend
        payload = {
            "user_id": "u", "session_id": "s", "role": "user", "text": "my locker number is 7",
            "time": "2026-03-02T10:00:00", "turn_id": "same",
        }  # fmt: skip
        store.queue.enqueue("observe", payload, Scope("default", "u"), datetime(2026, 3, 2, 10, 0))
        mem.process_queue()
        assert mem.queue() == ([], [])  # done, not dead-lettered
        assert [r.source_ids for r in mem.records("u") if r.kind == "turn"] == [("same",)]
