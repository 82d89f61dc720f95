"""Sixteen writers at once on one store - two processes, eight threads each, every thread with a
Memory of its own - all writing for one user. Every call's answer is what happened to its own write:
"stored" means stored (the record it names, with its text), "deferred" means applied later, and
nothing is stored twice or lost."""

from __future__ import annotations

from collections import Counter

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id

from .backends import Site
from .workers import MANY_TEXT, Processes, write_as_many

PER_PROCESS = 8
COUNT = 5


def test_sixteen_writers_get_their_own_outcome_and_nothing_is_lost_or_doubled(
    site: Site, processes: Processes
) -> None:
    writers = [[f"p{p}w{w}" for w in range(PER_PROCESS)] for p in range(2)]
    answers = [
        answer
        for answers in processes.side_by_side(
            write_as_many, *((site.settings_kwargs(), names, COUNT) for names in writers)
        )
        for answer in answers
    ]
    everyone = [name for names in writers for name in names]
    assert len(answers) == 2 * len(everyone) * COUNT
    wrong = [answer for answer in answers if not answer[2].startswith(("stored", "deferred"))]
    assert wrong == [], "every call answered stored or deferred"
    with Memory(settings=site.settings(), embedder=HashEmbedder(), background=False) as memory:
        # What a call said was stored is there now, before any retry runs.
        for what, key, said in answers:
            if what == "remember" and said.startswith("stored:"):
                assert memory.get(said.removeprefix("stored:")).text == key
            if what == "observe" and said == "stored":
                assert memory.get(turn_record_id("shared", key)).kind == "turn"
        memory.process_queue()  # what was deferred is applied now
        records = memory.records("shared")
        notes = Counter(r.text for r in records if r.kind == "fact" and r.text.startswith("Writer "))
        turns = Counter(r.id for r in records if r.kind == "turn")
        assert notes == Counter(MANY_TEXT.format(writer=w, n=n) for w in everyone for n in range(COUNT))
        assert set(turns) == {turn_record_id("shared", f"{w}-{n}") for w in everyone for n in range(COUNT)}
        assert max(turns.values()) == 1
        assert memory.queue() == ([], []), "nothing waiting, nothing dead"
