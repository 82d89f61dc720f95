"""The background loop (ops/runner.py) and what it guarantees: idle events are written, open events
and working memory outlive the process (kill -9 included), the scheduled maintenance runs once
among all processes and never on a memory another process is maintaining, the backlog is embedded
without anyone asking, and `hindsight worker` does the same work as a process of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from hindsight import Busy, Memory, Settings
from hindsight.cli import cli
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import Scope
from hindsight.ops.runner import LAST_RUN_META
from hindsight.timeutil import utcnow
from tests.stored import enqueue, unembedded

T0 = datetime(2026, 5, 4, 9, 0)


def open_memory(home: Path, **settings: object) -> Memory:
    return Memory(
        settings=Settings(home=home, embedder="hash", **settings), embedder=HashEmbedder(), background=False
    )


def at(minutes: float) -> str:
    return (T0 + timedelta(minutes=minutes)).isoformat()


def test_an_event_left_open_is_written_once_it_is_idle(tmp_path: Path) -> None:
    with open_memory(tmp_path) as mem:
        mem.observe("u", "s", "user", "I am planning a trip to Kyoto in April", at(0), turn_id="a")
        mem.observe("u", "s", "assistant", "Cherry blossom season, lovely!", at(1), turn_id="b")
        assert [r.kind for r in mem.records("u")] == ["turn", "turn"]  # nothing says the task is done
        runner = mem.core.core.runner
        assert runner.tick(utcnow()).closed_events == 0  # touched just now: not idle
        tick = runner.tick(utcnow() + timedelta(seconds=mem.settings.event_idle_s + 1))
        assert tick.closed_events == 1
        (summary,) = [r for r in mem.records("u") if r.kind == "summary"]
        assert summary.source_ids == ("a", "b") and "Kyoto" in summary.text
        assert runner.tick(utcnow() + timedelta(hours=1)).closed_events == 0  # closed once


CHILD = textwrap.dedent(
    """
    import sys
    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder
    settings = Settings(home=sys.argv[1], embedder="hash")
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
        mem.observe("u", "s", "user", "My sister Ana lives in Porto", "2026-05-04T09:00:00", turn_id="t1")
        mem.observe("u", "s", "assistant", "Porto is beautiful", "2026-05-04T09:01:00", turn_id="t2")
        said = "She has been thinking about learning to paint"
        mem.observe("u", "s", "user", said, "2026-05-04T09:02:00", turn_id="t3")
        print("observed", flush=True)
        sys.stdin.readline()  # killed here, with the event open
    """
)


def test_kill_9_in_the_middle_of_a_session_loses_no_turn_of_the_open_event(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None and child.stdout.readline().strip() == "observed"
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    child.stdout.close()
    assert child.stdin is not None
    child.stdin.close()
    with open_memory(tmp_path) as mem:
        # Working memory and the open event were in the store, not in the dead process.
        assert [turn.turn_id for turn in mem.working("u", "s")] == ["t1", "t2", "t3"]
        (event,) = mem.backend.events.open_events(Scope("default", "u"))
        assert event.turn_ids == ("t1", "t2", "t3")
        written = mem.end_session("u", "s")
        (summary,) = [r for r in written.records if r.kind == "summary"]
        assert summary.source_ids == ("t1", "t2", "t3") and "paint" in summary.text


def test_the_scheduled_maintenance_runs_once_among_all_processes(tmp_path: Path) -> None:
    with (
        open_memory(tmp_path, maintain_every_s=3600) as first,
        open_memory(tmp_path, maintain_every_s=3600) as second,
    ):
        first.remember("u", "a note of low importance", importance=0.1, time="2020-01-01T00:00:00")
        start = utcnow()
        assert first.core.core.runner.tick(start).maintained == 0  # the schedule starts now
        assert first.backend.records.get_meta(LAST_RUN_META) == start.isoformat()
        later = start + timedelta(seconds=3601)
        ran = [first.core.core.runner.tick(later).maintained, second.core.core.runner.tick(later).maintained]
        assert sorted(ran) == [0, 1]  # one of them maintained the one user; the other saw it done
        assert first.records("u") == []  # the low-importance note expired
        assert second.core.core.runner.tick(later + timedelta(seconds=10)).maintained == 0


def test_a_memory_another_process_is_maintaining_is_left_to_it(tmp_path: Path) -> None:
    with open_memory(tmp_path) as mem:
        mem.remember("u", "Ulla's locker is 12")
        mem.remember("v", "Vic's locker is 13")
        now = utcnow()
        locks = mem.backend.locks
        assert locks.acquire("maintain:default:u", "another-process", now + timedelta(minutes=5), now)
        report = mem.maintain()
        assert report.users == 1 and report.skipped == ("u: another process is maintaining this memory",)
        with pytest.raises(Busy, match="another process is maintaining"):
            mem.maintain(user_id="u")
        locks.release("maintain:default:u", "another-process")
        assert mem.maintain(user_id="u").users == 1


def test_the_loop_embeds_the_backlog_without_being_asked(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", embed_batch=8, tick_s=0.05)
    with Memory(settings=settings, embedder=HashEmbedder()) as mem:  # the loop runs in this process
        for i in range(20):
            mem.observe("u", "s", "user", f"turn number {i} about the harbour", turn_id=f"t{i}")
        deadline = time.monotonic() + 30
        while unembedded(mem) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert unembedded(mem) == []


def test_hindsight_worker_applies_what_waits(tmp_path: Path) -> None:
    with open_memory(tmp_path) as mem:
        payload = {
            "tenant": "default", "user_id": "u", "record_id": "waiting-1", "text": "Uma parks on level 3",
            "tier": "short", "kind": "fact", "entities": {}, "importance": None, "time": T0.isoformat(),
            "source_ids": [],
        }  # fmt: skip
        enqueue(mem, "remember", payload, T0)  # acknowledged by a process that died before applying it
    result = CliRunner().invoke(cli, ["--home", str(tmp_path), "--embedder", "hash", "worker", "--once"])
    assert result.exit_code == 0, result.output
    assert "hindsight worker" in result.output and "embedded 1" in result.output
    with open_memory(tmp_path) as mem:
        assert mem.get("waiting-1").text == "Uma parks on level 3"
        assert mem.queue() == ([], [])


def test_working_memory_in_the_process_when_the_state_url_says_so(tmp_path: Path) -> None:
    with (
        open_memory(tmp_path, state="memory://") as first,
        open_memory(tmp_path, state="memory://") as second,
    ):
        first.observe("u", "s", "user", "kept by this process only", persist=False)
        assert [turn.text for turn in first.working("u", "s")] == ["kept by this process only"]
        assert second.working("u", "s") == []  # memory:// is one process's: the README says so
    with open_memory(tmp_path) as first, open_memory(tmp_path) as second:
        first.observe("u", "s", "user", "kept in the store, for every process", persist=False)
        assert [turn.text for turn in second.working("u", "s")] == ["kept in the store, for every process"]
