"""Re-embedding a store with another model: refused opens until it is done, and a reindex that a
SIGKILL cannot break (running it again finishes the job)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from hindsight import EmbeddingMismatch, Memory, Settings
from hindsight.cli import cli
from hindsight.embedding.base import Vectors
from hindsight.embedding.hashing import HashEmbedder
from hindsight.models import Scope
from hindsight.reindex import REINDEX_META, reindex
from tests.stored import all_records, open_store

OLD = HashEmbedder(dim=256)  # model A: hash-ngram-256
NEW = HashEmbedder()  # model B: hash-ngram-512, what `--embedder hash` configures
FACTS = [f"fact {i}: the code word for door {i} is word{i}x" for i in range(30)]


def settings(home: Path, batch: int = 64) -> Settings:
    return Settings(home=home, embedder="hash", embed_batch=batch)


def write_with_old_model(home: Path) -> list[str]:
    """A store whose vectors come from model A, with history (a closed version) in both tiers."""
    with Memory(settings=settings(home), embedder=OLD) as mem:
        ids = [
            mem.remember("u", text, tier="long" if i % 3 == 0 else "short").record.id
            for i, text in enumerate(FACTS)
        ]
        mem.observe("u", "s1", "user", "My budget is $5000", "2024-05-01T10:00:00")
        mem.observe("u", "s2", "user", "Actually, change my budget to $8000", "2024-05-02T10:00:00")
        mem.end_session("u", "s1")
        mem.end_session("u", "s2")
        records = all_records(mem)
        assert any(record.valid_until is not None for record in records)
        assert {record.embedding_model for record in records} == {OLD.model_id}
    return ids


def models_of(home: Path) -> tuple[dict[str | None, int], dict[str, str | None]]:
    """(records per model that wrote their vector, the meta keys about models), read directly."""
    store = open_store(home)
    try:
        per_model: dict[str | None, int] = {}
        for record in store.records.scan():
            per_model[record.embedding_model] = per_model.get(record.embedding_model, 0) + 1
        meta = {
            key: store.records.get_meta(key) for key in ("embedding_model", "embedding_dim", REINDEX_META)
        }
        return per_model, meta
    finally:
        store.close()


def test_the_store_records_the_model_and_dimension_of_its_vectors(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    _, meta = models_of(tmp_path)
    assert meta == {"embedding_model": OLD.model_id, "embedding_dim": "256", REINDEX_META: None}


def test_a_store_from_before_the_dimension_was_recorded_gets_it(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    store = open_store(tmp_path)
    store.records.set_meta("embedding_dim", None)
    store.close()
    with Memory(settings=settings(tmp_path), embedder=OLD) as mem:
        mem.remember("u", "one more fact to embed")
    assert models_of(tmp_path)[1]["embedding_dim"] == "256"


def test_opening_with_another_model_is_refused_and_says_how_to_reindex(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    with pytest.raises(EmbeddingMismatch) as refused:
        Memory(settings=settings(tmp_path), embedder=NEW)
    message = str(refused.value)
    assert OLD.model_id in message and "256 dimensions" in message and NEW.model_id in message
    assert "hindsight reindex" in message


def test_reindex_moves_the_store_to_the_new_model(tmp_path: Path) -> None:
    ids = write_with_old_model(tmp_path)
    total = sum(models_of(tmp_path)[0].values())
    calls: list[tuple[int, int]] = []

    report = reindex(
        settings(tmp_path, batch=4), embedder=NEW, progress=lambda done, n: calls.append((done, n))
    )

    assert (report.model_id, report.previous_model, report.reembedded, report.dim) == (
        NEW.model_id,
        OLD.model_id,
        total,
        512,
    )
    assert calls[0] == (0, total) and calls[-1] == (total, total)
    assert len(calls) == 1 + -(-total // 4), "one progress call per batch of 4"
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    per_model, meta = models_of(tmp_path)
    assert per_model == {NEW.model_id: total}, "every record, closed versions included"
    assert meta == {"embedding_model": NEW.model_id, "embedding_dim": "512", REINDEX_META: None}

    with Memory(settings=settings(tmp_path), embedder=NEW) as mem:
        assert mem.backend.vectors.stale(NEW.model_id) == []
        hit = mem.recall("u", "code word for door 17", top_k=1).hits[0]
        assert hit.record.id == ids[17] and hit.scores["semantic"] > 0.5
        past = mem.recall("u", "what is the budget?", as_of="2024-05-01T12:00:00").hits
        assert "$5000" in past[0].record.text
    with pytest.raises(EmbeddingMismatch, match="hindsight reindex"):
        Memory(settings=settings(tmp_path), embedder=OLD)


def test_reindex_with_the_stores_own_model_does_nothing(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    before = models_of(tmp_path)
    report = reindex(settings(tmp_path), embedder=OLD)
    assert (report.reembedded, report.model_id, report.previous_model) == (0, OLD.model_id, OLD.model_id)
    assert models_of(tmp_path) == before


def test_reindex_of_an_empty_store_names_the_model(tmp_path: Path) -> None:
    report = reindex(settings(tmp_path), embedder=NEW)
    assert (report.reembedded, report.dim) == (0, None)
    assert models_of(tmp_path)[1] == {
        "embedding_model": NEW.model_id,
        "embedding_dim": None,
        REINDEX_META: None,
    }


class CrashingEmbedder(HashEmbedder):
    """Model B, but the process "dies" (an exception) in the middle of batch `crash_at`."""

    def __init__(self, crash_at: int) -> None:
        super().__init__()
        self.calls = 0
        self.crash_at = crash_at

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        self.calls += 1
        if self.calls == self.crash_at:
            raise RuntimeError("the machine went down")
        return super().embed_passages(texts)


def test_an_interrupted_reindex_refuses_normal_opens_until_it_is_finished(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    total = sum(models_of(tmp_path)[0].values())
    with pytest.raises(RuntimeError, match="went down"):
        reindex(settings(tmp_path, batch=5), embedder=CrashingEmbedder(crash_at=3))
    per_model, meta = models_of(tmp_path)
    assert per_model == {NEW.model_id: 10, OLD.model_id: total - 10}, "two batches of 5 were committed"
    assert meta["embedding_model"] == OLD.model_id and meta[REINDEX_META] == NEW.model_id

    for embedder in (OLD, NEW):  # half the vectors are A's, half B's: neither model may search them
        with pytest.raises(EmbeddingMismatch, match=f"a reindex .* to '{NEW.model_id}' is in progress"):
            Memory(settings=settings(tmp_path), embedder=embedder)

    report = reindex(settings(tmp_path, batch=5), embedder=NEW)
    assert report.reembedded == total - 10, "the rerun embeds only what was left"
    assert models_of(tmp_path) == (
        {NEW.model_id: total},
        {"embedding_model": NEW.model_id, "embedding_dim": "512", REINDEX_META: None},
    )


def test_a_model_that_fails_at_once_leaves_the_store_as_it_was(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    before = models_of(tmp_path)
    with pytest.raises(RuntimeError, match="went down"):
        reindex(settings(tmp_path), embedder=CrashingEmbedder(crash_at=1))
    assert models_of(tmp_path) == before
    with Memory(settings=settings(tmp_path), embedder=OLD) as mem:  # no reindex marker: opens as before
        assert mem.recall("u", "code word for door 2", top_k=1).hits


def test_an_interrupted_reindex_can_go_back_to_the_old_model(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    total = sum(models_of(tmp_path)[0].values())
    with pytest.raises(RuntimeError):
        reindex(settings(tmp_path, batch=5), embedder=CrashingEmbedder(crash_at=2))
    with pytest.raises(EmbeddingMismatch, match=f"or with '{OLD.model_id}' to go back"):
        Memory(settings=settings(tmp_path), embedder=OLD)
    report = reindex(settings(tmp_path, batch=5), embedder=OLD)
    assert report.reembedded == 5, "only the batch the interrupted run had moved to model B"
    assert models_of(tmp_path)[0] == {OLD.model_id: total}
    Memory(settings=settings(tmp_path), embedder=OLD).close()


STALLING_CLI = textwrap.dedent(
    """
    import sys, time
    from hindsight.embedding import hashing

    class Stalling(hashing.HashEmbedder):
        calls = 0

        def embed_passages(self, texts):
            Stalling.calls += 1
            if Stalling.calls == 4:  # three batches are committed; this one never will be
                print("embedding batch 4", flush=True)
                time.sleep(600)
            return super().embed_passages(texts)

    hashing.HashEmbedder = Stalling  # what `--embedder hash` builds
    from hindsight.cli import main

    sys.argv = ["hindsight", "--home", sys.argv[1], "--embedder", "hash", "reindex"]
    main()
    """
)


def test_reindex_killed_with_sigkill_half_way_finishes_when_run_again(tmp_path: Path) -> None:
    ids = write_with_old_model(tmp_path)
    total = sum(models_of(tmp_path)[0].values())
    child = subprocess.Popen(
        [sys.executable, "-c", STALLING_CLI, str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "HINDSIGHT_EMBED_BATCH": "3"},
    )
    assert child.stdout is not None
    deadline = time.monotonic() + 120
    line = ""
    while "embedding batch 4" not in line and time.monotonic() < deadline:
        line = child.stdout.readline()
        if not line:
            break
    child.send_signal(signal.SIGKILL)  # mid-batch: batch 4 is being embedded
    child.wait(timeout=30)
    child.stdout.close()
    assert "embedding batch 4" in line, "the child never reached its fourth batch"
    assert child.returncode == -signal.SIGKILL

    per_model, meta = models_of(tmp_path)
    assert per_model == {NEW.model_id: 9, OLD.model_id: total - 9}
    assert (meta["embedding_model"], meta[REINDEX_META]) == (OLD.model_id, NEW.model_id)
    refused = CliRunner().invoke(cli, ["--home", str(tmp_path), "--embedder", "hash", "recall", "u", "door"])
    assert refused.exit_code == 4 and "is in progress: run `hindsight reindex`" in refused.output

    rerun = CliRunner().invoke(
        cli, ["--home", str(tmp_path), "--embedder", "hash", "reindex", "--batch", "3", "--no-progress"]
    )
    assert rerun.exit_code == 0, rerun.output
    assert f"re-embedded {total - 9} records; the store now uses {NEW.model_id}" in rerun.output

    assert models_of(tmp_path) == (
        {NEW.model_id: total},
        {"embedding_model": NEW.model_id, "embedding_dim": "512", REINDEX_META: None},
    )
    with Memory(settings=settings(tmp_path), embedder=NEW) as mem:
        vectors = mem.backend.vectors.vectors_of(
            Scope("default", "u"), [record.id for record in mem.records("u")]
        )
        assert len(vectors) == total and {vector.shape for vector in vectors.values()} == {(512,)}
        expected = NEW.embed_passages([FACTS[5]])[0]
        assert np.allclose(vectors[ids[5]], expected), "the vector is model B's, from the stored text"
        assert mem.recall("u", "code word for door 5", top_k=1).hits[0].record.id == ids[5]


def test_cli_reindex_with_a_progress_bar(tmp_path: Path) -> None:
    write_with_old_model(tmp_path)
    total = sum(models_of(tmp_path)[0].values())
    result = CliRunner().invoke(
        cli, ["--home", str(tmp_path), "--embedder", "hash", "reindex", "--batch", "8"]
    )
    assert result.exit_code == 0, result.output
    assert (
        f"re-embedded {total} records; the store now uses {NEW.model_id} (was {OLD.model_id})"
        in result.output
    )
    assert f"{total}/{total}" in result.output, "the progress bar reached the end"
    recalled = CliRunner().invoke(
        cli, ["--home", str(tmp_path), "--embedder", "hash", "recall", "u", "door 3"]
    )
    assert recalled.exit_code == 0 and "door 3 is word3x" in recalled.output
