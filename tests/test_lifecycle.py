"""Lifecycle: memories aged through months of simulated time, driven only by `now` arguments.

Real SQLite file and the real write path (observe / end_session / remember); the hashing embedder
keeps it fast. Every step is also exercised on its own over a Ledger.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from click.testing import CliRunner

from hindsight import Memory
from hindsight.cli import cli
from hindsight.lifecycle import (
    Ledger,
    Policy,
    consolidate,
    expire,
    expiry_of,
    merge_duplicates,
    promote_frequent,
    review,
    rule_pattern_text,
)
from hindsight.models import MemoryRecord
from tests.stored import stored

T0 = datetime(2026, 3, 6, 10, 0)  # a Friday
POLICY = Policy()


def live(memory: Memory, user: str, at: datetime) -> list[MemoryRecord]:
    return [r for r in memory.records(user) if r.is_valid_at(at)]


def converse(memory: Memory, user: str, session: str, at: datetime, *texts: str) -> None:
    for offset, text in enumerate(texts):
        role = "user" if offset % 2 == 0 else "assistant"
        memory.observe(user, session, role, text, at + timedelta(minutes=offset))
    memory.end_session(user, session, at + timedelta(minutes=len(texts)))


def logged(memory: Memory, user: str, action: str) -> list[str]:
    return [f"{e.detail} {e.reason}" for e in memory.write_log(user) if e.action == action]


# -- the stories the issue asks for ---------------------------------------------------------------


def test_explicit_preference_is_long_term_and_stays(memory: Memory) -> None:
    converse(memory, "ann", "s1", T0, "From now on, always ship my orders with DHL please.", "Noted: DHL.")
    preferences = [r for r in live(memory, "ann", T0 + timedelta(hours=1)) if r.kind == "preference"]
    assert preferences and all(r.tier == "long" for r in preferences)
    # A year of memory time without a single recall: still there, still long-term.
    for days in (91, 200, 365):
        memory.maintain(now=T0 + timedelta(days=days))
    later = {r.id: r for r in live(memory, "ann", T0 + timedelta(days=365))}
    assert all(later[r.id].tier == "long" for r in preferences)


def test_three_mentions_of_one_order_in_a_week_are_promoted(memory: Memory) -> None:
    for day in (0, 2, 4):
        converse(
            memory,
            "bob",
            f"s{day}",
            T0 + timedelta(days=day),
            f"Where is my order SF123456? Day {day} and still nothing.",
            "Let me check the tracking for you.",
        )
    before = [r for r in live(memory, "bob", T0 + timedelta(days=5)) if "SF123456" in r.entities.values()]
    assert before and all(r.tier == "short" for r in before)

    report = memory.maintain(now=T0 + timedelta(days=5))

    after = [r for r in live(memory, "bob", T0 + timedelta(days=5)) if "SF123456" in r.entities.values()]
    promoted = [r for r in after if r.tier == "long"]
    assert promoted, "the order's memories went to long-term"
    assert report.count("promoted") == len(promoted)
    reasons = logged(memory, "bob", "promoted")
    assert reasons and all("SF123456" in reason and "3 sessions" in reason for reason in reasons)


def test_the_same_order_twice_is_not_enough(memory: Memory) -> None:
    for day in (0, 2):
        converse(
            memory, "bob", f"s{day}", T0 + timedelta(days=day), "Where is my order SF123456?", "Checking."
        )
    assert memory.maintain(now=T0 + timedelta(days=3)).count("promoted") == 0


def test_three_mentions_spread_over_a_month_are_not_promoted(memory: Memory) -> None:
    for day in (0, 12, 24):
        converse(
            memory, "bob", f"s{day}", T0 + timedelta(days=day), "Where is my order SF123456?", "Checking."
        )
        assert memory.maintain(now=T0 + timedelta(days=day, hours=1)).count("promoted") == 0


def test_weather_small_talk_three_times_is_not_promoted(memory: Memory) -> None:
    for day in (0, 1, 2):
        converse(
            memory, "cy", f"s{day}", T0 + timedelta(days=day), "What's the weather like today?", "Sunny."
        )
    report = memory.maintain(now=T0 + timedelta(days=3))
    assert report.count("promoted") == 0
    assert all(r.tier == "short" for r in live(memory, "cy", T0 + timedelta(days=3)))


def test_unhit_long_term_is_demoted_at_the_90_day_review(memory: Memory) -> None:
    idle = memory.remember("dee", "Dee's home address is 12 Elm Street", tier="long", time=T0).record
    used = memory.remember("dee", "Dee's office is at 7 Pine Road", tier="long", time=T0).record
    assert idle.tier == used.tier == "long"
    # Recalled on day 60: that one is in use.
    answer = memory.recall("dee", "office Pine Road", now=T0 + timedelta(days=60), top_k=1)
    assert answer.hits[0].record.id == used.id

    memory.maintain(now=T0 + timedelta(days=91))

    assert memory.get(idle.id).tier == "short"
    assert memory.get(used.id).tier == "long"
    assert any(
        idle.id in line and "not recalled for 91 days" in line for line in logged(memory, "dee", "demoted")
    )


def test_reviews_run_every_90_days_of_memory_time(memory: Memory) -> None:
    record = memory.remember("dee", "Dee's home address is 12 Elm Street", tier="long", time=T0).record
    memory.maintain(now=T0 + timedelta(days=30))  # the first review: nothing idle 90 days yet
    memory.maintain(now=T0 + timedelta(days=95))  # idle 95 days, but the next review is day 120
    assert memory.get(record.id).tier == "long"
    memory.maintain(now=T0 + timedelta(days=121))
    assert memory.get(record.id).tier == "short"


def test_short_term_ttl_expires_and_is_logged(memory: Memory) -> None:
    converse(memory, "eve", "s1", T0, "My budget for the laptop is 5000 yuan", "OK, 5000.")
    records = live(memory, "eve", T0 + timedelta(hours=1))
    assert records
    ends = {r.id: expiry_of(r, POLICY) for r in records}
    assert all(
        end is not None and T0 + timedelta(days=7) <= end <= T0 + timedelta(days=31) for end in ends.values()
    )

    memory.maintain(now=T0 + timedelta(days=6))
    assert {r.id for r in live(memory, "eve", T0 + timedelta(days=6))} == set(ends)
    report = memory.maintain(now=T0 + timedelta(days=31))
    assert report.count("expired") == len(ends)
    assert memory.records("eve") == []
    assert memory.recall("eve", "laptop budget", now=T0 + timedelta(days=31)).hits == []
    assert len(logged(memory, "eve", "expired")) == len(ends)


def test_a_recall_extends_a_short_term_life(memory: Memory) -> None:
    record = memory.remember("fay", "Fay's locker is number 4711", time=T0, importance=0.5).record
    end = expiry_of(record, POLICY)
    assert end is not None
    memory.recall("fay", "locker number", now=end - timedelta(days=1))
    memory.maintain(now=end + timedelta(days=1))
    assert memory.get(record.id).hits == 1


def test_low_importance_is_cleaned_after_7_days(memory: Memory) -> None:
    low = memory.remember("gus", "Gus mentioned the cafeteria had soup", time=T0, importance=0.1).record
    memory.maintain(now=T0 + timedelta(days=6))
    assert stored(memory, low.id) is not None
    memory.maintain(now=T0 + timedelta(days=7, hours=1))
    assert stored(memory, low.id) is None


def test_long_term_unused_for_180_days_expires(memory: Memory) -> None:
    record = memory.remember("hal", "Hal's car plate is B-XY 123", tier="long", time=T0).record
    memory.maintain(now=T0 + timedelta(days=181))
    assert stored(memory, record.id) is None
    assert any("long-term, unused since" in line for line in logged(memory, "hal", "expired"))


def test_a_pattern_memory_replaces_four_similar_ones(memory: Memory) -> None:
    fridays = [T0 + timedelta(weeks=week) for week in range(4)]
    for week, friday in enumerate(fridays):
        converse(
            memory,
            "ivy",
            f"fri{week}",
            friday,
            "Can you deliver on the weekend? I need the package delivered on Saturday.",
            "Weekend delivery is possible for an extra fee.",
        )
    sources = [r for r in live(memory, "ivy", fridays[-1] + timedelta(hours=1)) if r.kind == "summary"]
    assert len(sources) == 4

    now = fridays[-1] + timedelta(hours=2)
    report = memory.maintain(now=now)

    patterns = [r for r in live(memory, "ivy", now) if r.kind == "pattern"]
    assert len(patterns) == 1
    pattern = patterns[0]
    assert pattern.tier == "long" and pattern.origin == "consolidation"
    assert "4 times" in pattern.text and "usually on Fridays" in pattern.text
    assert set(pattern.source_ids) >= {s for r in sources for s in r.source_ids}
    # The four are closed (recall no longer returns them; as_of still does) and go after the grace.
    assert all(not memory.get(r.id).is_valid_at(now) for r in sources)
    assert all(memory.get(r.id).is_valid_at(fridays[-1] + timedelta(hours=1)) for r in sources)
    assert report.count("consolidated") == 5  # one pattern written, four sources consolidated
    answer = memory.recall("ivy", "weekend delivery", now=now + timedelta(minutes=1))
    assert answer.hits[0].record.id == pattern.id
    memory.maintain(now=now + timedelta(days=POLICY.cleaning_grace_days + 1))
    assert all(stored(memory, r.id) is None for r in sources)
    assert stored(memory, pattern.id) is not None


def test_three_similar_sessions_are_not_yet_a_pattern(memory: Memory) -> None:
    for week in range(3):
        converse(
            memory, "ivy", f"fri{week}", T0 + timedelta(weeks=week), "Can you deliver on Saturday?", "Yes."
        )
    report = memory.maintain(now=T0 + timedelta(weeks=2, hours=1))
    assert report.count("consolidated") == 0


def test_near_duplicates_are_merged_not_piled_up(memory: Memory) -> None:
    first = memory.remember("jo", "Jo's gym is open until 22:00", time=T0).record
    second = memory.remember("jo", "Jo's gym is open until 22:00!", time=T0 + timedelta(days=1)).record
    report = memory.maintain(now=T0 + timedelta(days=2))
    assert report.count("merged") == 1
    assert not memory.get(first.id).is_valid_at(T0 + timedelta(days=2))
    kept = memory.get(second.id)
    assert kept.is_valid_at(T0 + timedelta(days=2))
    assert set(first.source_ids) <= set(kept.source_ids)


def test_maintain_is_idempotent_at_one_moment(memory: Memory) -> None:
    for day in (0, 2, 4):
        converse(
            memory, "bob", f"s{day}", T0 + timedelta(days=day), "Where is my order SF123456?", "Checking."
        )
    first = memory.maintain(now=T0 + timedelta(days=5))
    assert first.changes
    second = memory.maintain(now=T0 + timedelta(days=5))
    assert second.changes == ()


def test_maintain_one_user_leaves_the_others(memory: Memory) -> None:
    memory.remember("kim", "Kim's note", time=T0, importance=0.1)
    memory.remember("lee", "Lee's note", time=T0, importance=0.1)
    report = memory.maintain(now=T0 + timedelta(days=30), user_id="kim")
    assert report.users == 1 and report.count("expired") == 1
    assert memory.records("kim") == [] and len(memory.records("lee")) == 1


def test_recall_counts_hits_in_memory_time(memory: Memory) -> None:
    record = memory.remember("mo", "Mo's favourite tea is oolong", time=T0).record
    memory.recall("mo", "favourite tea", now=T0 + timedelta(days=3))
    memory.recall("mo", "favourite tea", now=T0 + timedelta(days=5))  # a cached answer counts too
    memory.maintain(now=T0 + timedelta(days=5))
    stored = memory.get(record.id)
    assert stored.hits == 2
    assert stored.last_hit_at == T0 + timedelta(days=5)


def test_manual_promotion_records_why_and_restarts_the_clock(memory: Memory) -> None:
    record = memory.remember("ola", "Ola's dog is called Rex", time=T0).record
    promoted = memory.promote(record.id)
    assert promoted.tier == "long" and promoted.tier_since is not None and promoted.tier_since > T0
    assert any(record.id in line and "manual" in line for line in logged(memory, "ola", "promoted"))
    demoted = memory.demote(record.id)
    assert demoted.tier == "short"
    assert any(record.id in line and "manual" in line for line in logged(memory, "ola", "demoted"))


# -- the steps on their own -------------------------------------------------------------------------


def rec(rid: str, **fields: object) -> MemoryRecord:
    at = fields.pop("at", T0)
    base: dict[str, object] = dict(
        id=rid,
        user_id="u",
        tier="short",
        kind="summary",
        text=rid,
        created_at=at,
        event_time=at,
        valid_from=at,
    )
    base.update(fields)
    return MemoryRecord(**base)  # type: ignore[arg-type]


def ledger(now: datetime, *records: MemoryRecord) -> Ledger:
    return Ledger("u", now, {r.id: r for r in records})


def test_expiry_of_by_tier_importance_and_use() -> None:
    assert expiry_of(rec("p", kind="preference", tier="long", ttl_days=None), POLICY) is None
    assert expiry_of(rec("l", tier="long"), POLICY) == T0 + timedelta(days=180)
    assert expiry_of(rec("s", importance=1.0), POLICY) == T0 + timedelta(days=30)
    assert expiry_of(rec("s", importance=0.5, ttl_days=10), POLICY) == T0 + timedelta(days=10)
    assert expiry_of(rec("s", importance=0.1, ttl_days=20), POLICY) == T0 + timedelta(days=7)
    hit = rec("s", importance=1.0, last_hit_at=T0 + timedelta(days=20))
    assert expiry_of(hit, POLICY) == T0 + timedelta(days=50)


def test_promotion_ignores_participants_and_dates() -> None:
    records = [
        rec(
            f"r{i}",
            session_id=f"s{i}",
            entities={"person": "Caroline", "date": "2026-03-06"},
            at=T0 + timedelta(days=i),
        )
        for i in range(3)
    ]
    book = ledger(T0 + timedelta(days=3), *records)
    promote_frequent(book, POLICY, ["Caroline", "user"])
    assert book.changes == []


def test_promotion_by_task_intent_needs_an_entity() -> None:
    with_entity = [
        rec(
            f"r{i}",
            session_id=f"s{i}",
            intent="refund",
            entities={"order_id": f"A{i}00{i}"},
            at=T0 + timedelta(days=i),
        )
        for i in range(3)
    ]
    book = ledger(T0 + timedelta(days=3), *with_entity)
    promote_frequent(book, POLICY, [])
    assert [c.action for c in book.changes] == ["promoted"] * 3
    assert all("intent refund" in c.reason for c in book.changes)
    without = [rec(f"r{i}", session_id=f"s{i}", intent="refund", at=T0 + timedelta(days=i)) for i in range(3)]
    book = ledger(T0 + timedelta(days=3), *without)
    promote_frequent(book, POLICY, [])
    assert book.changes == []


def test_consolidation_needs_one_intent() -> None:
    mixed = [
        rec(f"r{i}", session_id=f"s{i}", intent=intent, text="late package again", at=T0 + timedelta(days=i))
        for i, intent in enumerate(["delivery", "complaint", "delivery", "complaint"])
    ]
    book = ledger(T0 + timedelta(days=4), *mixed)
    consolidate(book, POLICY, rule_pattern_text)
    assert book.changes == []


def test_merge_keeps_different_entities_apart() -> None:
    a = rec("a", kind="fact", text="order shipped", entities={"order_id": "A1"})
    b = rec("b", kind="fact", text="order shipped", entities={"order_id": "B2"})
    book = ledger(T0, a, b)
    merge_duplicates(book, POLICY)
    assert book.changes == []


def test_review_skips_pinned_preferences() -> None:
    pinned = rec("p", kind="preference", tier="long", ttl_days=None)
    book = ledger(T0 + timedelta(days=400), pinned)
    assert review(book, POLICY, None)
    expire(book, POLICY)
    assert book.changes == []


def test_rule_pattern_text_in_chinese() -> None:
    cluster = [rec(f"r{i}", text="投诉：快递又晚到了", at=T0 + timedelta(weeks=i)) for i in range(4)]
    text = rule_pattern_text(cluster)
    assert text.startswith("反复出现（4次") and "多在周五" in text and "快递又晚到了" in text


# -- the command --------------------------------------------------------------------------------------


def test_cli_maintain_prints_a_summary(tmp_path: pytest.TempPathFactory) -> None:
    runner = CliRunner()
    home = str(tmp_path)
    env = {"HINDSIGHT_EMBEDDER": "hash"}
    remembered = runner.invoke(
        cli, ["--home", home, "remember", "nia", "Nia's note", "--importance", "0.1"], env=env
    )
    assert remembered.exit_code == 0, remembered.output
    result = runner.invoke(cli, ["--home", home, "maintain", "--now", "2099-01-01T00:00:00"], env=env)
    assert result.exit_code == 0, result.output
    assert "expired" in result.output and "1" in result.output
    bad = runner.invoke(cli, ["--home", home, "maintain", "--now", "not a date"], env=env)
    assert bad.exit_code != 0 and "Traceback" not in bad.output


def test_hits_are_written_in_the_background_and_none_is_lost(memory: Memory) -> None:
    users = ("pam", "pat", "pia")
    ids = [
        memory.remember(user, f"note number {i} about apples", time=T0).record.id
        for user in users
        for i in range(100)
    ]
    for _ in range(3):  # 300 distinct hits each round: more than one background batch
        for user in users:
            memory.recall(user, "apples note", top_k=100, now=T0 + timedelta(days=1), token_budget=None)
    memory.maintain(now=T0 + timedelta(days=1))
    counts = [memory.get(rid).hits for rid in ids]
    assert sum(counts) == 900 and set(counts) == {3}
