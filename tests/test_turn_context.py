"""A turn is embedded after the other side's turn it answers: what the embedder reads, and when."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.ids import turn_record_id
from hindsight.indexing import embed_text
from hindsight.models import ROLES, MemoryRecord, Scope
from hindsight.recall import routes
from hindsight.stores.base import RecordFilter
from tests.helpers import RecordingEmbedder

T = datetime(2026, 5, 1, 10, 0)


@pytest.fixture
def recorded(tmp_path: Path) -> Iterator[tuple[Memory, RecordingEmbedder]]:
    embedder = RecordingEmbedder()
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=embedder) as memory:
        yield memory, embedder


def turn(memory: Memory, who: str, text: str, minute: int, turn_id: str, session: str = "s") -> None:
    """A turn said by `who`: a side of the conversation, or a participant's name."""
    role, speaker = (who, None) if who in ROLES else ("user", who)
    memory.observe("u", session, role, text, T.replace(minute=minute), turn_id=turn_id, speaker=speaker)


def test_embed_text() -> None:
    record = MemoryRecord(id="b", user_id="u", tier="short", kind="turn", text="running", created_at=T,
                          event_time=T, valid_from=T, role="Caroline")  # fmt: skip
    question = MemoryRecord(id="a", user_id="u", tier="short", kind="turn", text="what helps you unwind?",
                            created_at=T, event_time=T, valid_from=T, role="Melanie")  # fmt: skip
    assert embed_text(record, None, 200) == "Caroline: running"
    assert embed_text(record, question, 200) == "Melanie: what helps you unwind?\nCaroline: running"
    assert embed_text(record, question, 10) == "Melanie: w\nCaroline: running"
    assert embed_text(record, question, 0) == "Caroline: running"


def test_a_reply_is_embedded_after_the_turn_it_answers(recorded: tuple[Memory, RecordingEmbedder]) -> None:
    memory, embedder = recorded
    turn(memory, "Melanie", "What helps you unwind after work?", 0, "q")
    turn(memory, "Caroline", "Running, mostly. Long runs by the river.", 1, "a")
    memory.flush()
    answer = memory.get(turn_record_id("u", "a"))
    assert answer.context_id == turn_record_id("u", "q")
    assert memory.get(turn_record_id("u", "q")).context_id is None
    assert "Melanie: What helps you unwind after work?\nCaroline: Running, mostly." in "\n".join(
        embedder.passages
    )
    # The keyword index keeps each turn's own words: the question's words do not find the answer.
    where = RecordFilter(Scope("default", "u"), T.replace(hour=12))
    found = routes.keyword(memory.backend.keywords, where, "unwind", 10)
    assert turn_record_id("u", "q") in {rid for rid, _ in found}
    assert turn_record_id("u", "a") not in {rid for rid, _ in found}


def test_no_context_from_ones_own_turn_another_session_or_after_a_pause(
    recorded: tuple[Memory, RecordingEmbedder],
) -> None:
    memory, _ = recorded
    turn(memory, "user", "My sister lives in Porto.", 0, "t1")
    turn(memory, "user", "I am allergic to peanuts.", 1, "t2")  # same speaker: unrelated facts
    turn(memory, "assistant", "I will keep peanuts out of every suggestion.", 30, "t3")  # after a pause
    turn(memory, "assistant", "Your order ships on Monday.", 31, "t4", session="other")  # another session
    memory.flush()
    for tid in ("t2", "t3", "t4"):
        assert memory.get(turn_record_id("u", tid)).context_id is None


def test_a_forgotten_context_turn_leaves_no_trace_and_no_error(
    recorded: tuple[Memory, RecordingEmbedder],
) -> None:
    memory, embedder = recorded
    turn(memory, "user", "My locker is number 4711, what was yours?", 0, "q")
    memory.flush()
    memory.forget(turn_record_id("u", "q"))
    turn(memory, "assistant", "I do not have a locker myself.", 1, "a")
    memory.flush()
    answer = memory.get(turn_record_id("u", "a"))
    assert answer.context_id == turn_record_id("u", "q")
    assert embedder.passages[-1].endswith("I do not have a locker myself.")
    assert "4711" not in embedder.passages[-1]


def test_working_memory_only_turns_are_no_context(recorded: tuple[Memory, RecordingEmbedder]) -> None:
    memory, embedder = recorded
    memory.observe("u", "s", "user", "context the agent injected", T, persist=False)
    turn(memory, "assistant", "I will use that context for your order.", 1, "a")
    memory.flush()
    assert embedder.passages[-1] == "I will use that context for your order."
