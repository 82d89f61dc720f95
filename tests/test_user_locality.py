"""Where each user lives, stored for them (Memory.set_locality): checked and named as Hindsight names
it, read by recall and by the write path on every call, below what a call says and above the
settings."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from hindsight import Memory, UserLocality
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import InvalidInput
from hindsight.locality import EVERYWHERE, Locality, configured, for_user
from hindsight.models import Hit, MemoryRecord, Recall
from hindsight.settings import Settings
from hindsight.state.redis import decode_recall, encode_recall

MORNING = "2026-12-05T23:30:00"
"""07:30 on 6 December in Shanghai; 18:30 on the 5th in Toronto."""


@pytest.fixture
def memory(tmp_path: Path) -> Iterator[Memory]:
    with Memory(settings=Settings(home=tmp_path / "home", embedder="hash"), embedder=HashEmbedder()) as made:
        yield made


def test_set_checks_and_names_the_zone_and_region(memory: Memory) -> None:
    stored = memory.set_locality("u", "+8", "cn")
    assert (stored.time_zone, stored.region, stored.user_id, stored.tenant) == (
        "UTC+08:00",
        "CN",
        "u",
        "default",
    )
    assert memory.locality("u") == stored
    assert memory.set_locality("u", region="uk").region == "GB"
    assert memory.locality("u") == UserLocality("default", "u", None, "GB", memory.locality("u").updated_at)  # type: ignore[union-attr]
    assert memory.locality("nobody") is None


@pytest.mark.parametrize(
    ("zone", "region", "message"),
    [
        ("Beijing", None, "no IANA time zone"),
        (None, "China", "ISO 3166-1"),
        (None, None, "needs a time_zone, a region, or both"),
        ("+15:00", None, "not an offset"),
        (8, None, "must be a string"),
    ],
)
def test_a_bad_locality_is_a_clear_error_and_keeps_what_was_stored(
    memory: Memory, zone: object, region: object, message: str
) -> None:
    kept = memory.set_locality("u", "Asia/Shanghai")
    with pytest.raises(InvalidInput, match=message):
        memory.set_locality("u", zone, region)  # type: ignore[arg-type]
    assert memory.locality("u") == kept


def test_clear_removes_only_that_user_s(memory: Memory) -> None:
    memory.set_locality("u", "Asia/Shanghai")
    memory.set_locality("w", "Europe/Paris")
    assert memory.clear_locality("u") is True and memory.clear_locality("u") is False
    assert memory.locality("u") is None and memory.locality("w") is not None


def test_tenants_keep_their_users_localities_apart(memory: Memory) -> None:
    memory.for_tenant("acme").set_locality("u", "Asia/Tokyo")
    assert memory.locality("u") is None
    assert memory.for_tenant("acme").locality("u").time_zone == "Asia/Tokyo"  # type: ignore[union-attr]


def test_a_stored_part_wins_over_the_settings_a_missing_part_does_not() -> None:
    settings = configured("Asia/Shanghai", "CN")
    at = datetime(2026, 1, 1)
    assert for_user(None, settings) == settings
    london = for_user(UserLocality("t", "u", "Europe/London", None, at), settings)
    assert (london.zone_name, london.region) == ("Europe/London", "GB"), (
        "the zone's country, not the settings'"
    )
    region_only = for_user(UserLocality("t", "u", None, "SG", at), settings)
    assert (region_only.zone_name, region_only.region) == ("Asia/Shanghai", "SG")
    offset = for_user(UserLocality("t", "u", "-05:00", None, at), settings)
    assert (offset.zone_name, offset.region) == ("UTC-05:00", "CN"), "an offset names no country"
    dropped = for_user(UserLocality("t", "u", "Gone/Zone", "AU", at), EVERYWHERE)
    assert dropped == Locality(EVERYWHERE.zone, "UTC", "AU"), "a zone no longer known reads as unset"


def _notes(memory: Memory, **call: str) -> str:
    return memory.recall("u", "昨天我说了什么", now=call.pop("now", MORNING), **call).notes["time"]


def test_recall_reads_the_stored_locality_below_the_call_and_now_s_offset(memory: Memory) -> None:
    memory.remember("u", "我把车停在三楼")
    assert "2026-12-04..2026-12-05" in _notes(memory) and "clock" not in _notes(memory)
    memory.set_locality("u", "Asia/Shanghai")
    assert (
        "'昨天' = 2026-12-05..2026-12-06 (end excluded) on the user's clock (Asia/Shanghai, region CN)"
        in _notes(memory)
    )
    called = _notes(memory, time_zone="America/Toronto")
    assert "2026-12-04..2026-12-05" in called and "(America/Toronto, region CA)" in called
    offset = _notes(memory, now="2026-12-05T18:30:00-05:00")
    assert "2026-12-04..2026-12-05" in offset and "(UTC-05:00, region CN)" in offset, (
        "the stored region stays"
    )
    region = _notes(memory, region="AU")
    assert "(Asia/Shanghai, region AU)" in region
    assert "clock" not in memory.recall("w", "昨天我说了什么", now=MORNING).notes["time"], (
        "another user: none"
    )


def test_writes_read_dates_on_the_stored_clock(memory: Memory) -> None:
    """ "明天" said at 07:30 on 6 December in Shanghai is the 7th there, the 6th in UTC."""
    memory.set_locality("u", "Asia/Shanghai")
    saved = memory.remember("u", "明天下午三点去看牙医", time=MORNING)
    assert saved.record.entities["relative_date"] == "2026-12-07"
    assert saved.record.event_time == datetime(2026, 12, 5, 23, 30), "stored times stay UTC"
    memory.observe("u", "s1", "user", "我的订单SF123456明天到，记一下", MORNING)
    memory.end_session("u", "s1")
    dated = [record for record in memory.records("u") if record.entities.get("relative_date")]
    assert {record.entities["relative_date"] for record in dated} == {"2026-12-07"}
    other = memory.remember("w", "明天下午三点去看牙医", time=MORNING)
    assert other.record.entities["relative_date"] == "2026-12-06", "another user: the settings' UTC"


def test_a_write_s_own_zone_or_time_offset_wins_over_the_stored_one(memory: Memory) -> None:
    """At 23:30 UTC on 5 December "明天" is the 7th in Shanghai, the 6th in Toronto and in UTC."""
    memory.set_locality("u", "America/Toronto")
    said = memory.remember("u", "明天下午三点去看牙医", time=MORNING, time_zone="Asia/Shanghai")
    assert said.record.entities["relative_date"] == "2026-12-07"
    offset = memory.remember("u", "明天上午十点交房租", time="2026-12-06T07:30:00+08:00")
    assert offset.record.entities["relative_date"] == "2026-12-07"
    assert offset.record.event_time == datetime(2026, 12, 5, 23, 30), "stored in UTC"
    stored = memory.remember("u", "明天下午去取快递", time=MORNING)
    assert stored.record.entities["relative_date"] == "2026-12-06", "nothing said: the stored Toronto clock"
    memory.observe("u", "s1", "user", "我的订单SF123456明天到，记一下", MORNING, time_zone="Asia/Shanghai")
    memory.end_session("u", "s1")
    turn = next(r for r in memory.records("u") if r.kind == "turn" and "SF123456" in r.text)
    assert turn.entities["relative_date"] == "2026-12-07"
    with pytest.raises(InvalidInput, match="no IANA time zone"):
        memory.remember("u", "明天见牙医", time=MORNING, time_zone="Shanghai")
    with pytest.raises(InvalidInput, match="ISO 3166-1"):
        memory.observe("u", "s2", "user", "明天见牙医", MORNING, region="China")
    assert memory.queue() == ([], []), "a bad zone is refused before anything is queued"


def test_end_session_s_own_zone_wins_over_the_stored_one_and_a_bad_one_loses_nothing(
    memory: Memory,
) -> None:
    """The event a session's end writes is extracted on the clock the call names: at 23:30 UTC on
    5 December "明天" is the 7th in Shanghai, the 6th in Toronto (the stored locality)."""
    memory.set_locality("u", "America/Toronto")
    for session in ("s1", "s2"):
        memory.observe("u", session, "user", "明天下午三点我要去看牙医，在人民路的诊所", MORNING)
        memory.observe("u", session, "assistant", "好的，祝顺利。", MORNING)
    said = memory.end_session("u", "s1", time_zone="Asia/Shanghai")
    assert [(r.kind, r.entities["relative_date"]) for r in said.records] == [("summary", "2026-12-07")]
    with pytest.raises(InvalidInput, match="no IANA time zone"):
        memory.end_session("u", "s2", time_zone="Shanghai")
    with pytest.raises(InvalidInput, match="ISO 3166-1"):
        memory.end_session("u", "s2", region="China")
    stored = memory.end_session("u", "s2")
    assert [(r.kind, r.entities["relative_date"]) for r in stored.records] == [("summary", "2026-12-06")], (
        "the refused calls left the event open; nothing said: the stored Toronto clock"
    )
    assert memory.observe("u", "s3", "user", "后天上午十点去中山路的银行办卡", MORNING).decision == "stored"
    memory.observe("u", "s3", "assistant", "好的，记得带身份证。", MORNING)
    ended = memory.end_session("u", "s3", "2026-12-06T07:30:00+08:00")
    assert [r.entities["relative_date"] for r in ended.records] == ["2026-12-08"], "the time's offset"


def test_an_extractor_written_before_it_was_given_the_clock_still_works(tmp_path: Path) -> None:
    from hindsight.write.extract import RuleExtractor

    class TurnsOnly:
        def __init__(self) -> None:
            self.calls = 0

        def extract(self, turns):  # type: ignore[no-untyped-def]  # the old signature: turns alone
            self.calls += 1
            return RuleExtractor().extract(turns)

    old = TurnsOnly()
    settings = Settings(home=tmp_path / "old", embedder="hash")
    with Memory(settings=settings, embedder=HashEmbedder(), extractor=old) as memory:
        memory.set_locality("u", "Asia/Shanghai")
        memory.observe("u", "s1", "user", "我对花生过敏，记住", MORNING)
        memory.end_session("u", "s1")
        assert memory.queue() == ([], []), "no write failed or waits"
        facts = [record for record in memory.records("u") if record.kind != "turn"]
    assert old.calls >= 1 and any("花生" in record.text for record in facts)


def test_the_shared_answer_cache_keeps_what_explain_says() -> None:
    record = MemoryRecord(
        id="r1", user_id="u", tier="short", kind="fact", text="x",
        created_at=datetime(2026, 1, 1), event_time=datetime(2026, 1, 1), valid_from=datetime(2026, 1, 1),
    )  # fmt: skip
    answer = Recall("q", [Hit(record, 0.5, {"semantic": 0.5})], [], notes={"time": "filtered to …"})
    assert decode_recall(encode_recall(answer)).notes == {"time": "filtered to …"}
