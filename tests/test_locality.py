"""Where the user is (locality.py): a time the query names is read on the user's clock, and the local
days it names are searched as the UTC moments they span. Every stored time stays naive UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from hindsight import Memory
from hindsight.embedding.hashing import HashEmbedder
from hindsight.errors import InvalidInput
from hindsight.locality import EVERYWHERE, Locality, locality, time_zone
from hindsight.settings import Settings

SHANGHAI = ZoneInfo("Asia/Shanghai")


def test_a_zone_is_an_iana_name_utc_or_an_offset() -> None:
    assert time_zone("Asia/Shanghai") == (SHANGHAI, "Asia/Shanghai")
    assert time_zone(" utc ") == (UTC, "UTC")
    assert time_zone("+08:00") == (timezone(timedelta(hours=8)), "UTC+08:00")
    assert time_zone("UTC-5") == (timezone(timedelta(hours=-5)), "UTC-05:00")
    assert time_zone("+0530")[1] == "UTC+05:30"


@pytest.mark.parametrize(
    "bad",
    ["Mars/Olympus", "+15:00", "+08:75", "", "../etc/passwd", "Asia/", "localtime", "Factory", "posixrules"],
)
def test_a_zone_that_names_nothing_is_a_clear_error(bad: str) -> None:
    with pytest.raises(InvalidInput, match="time_zone"):
        time_zone(bad)


def test_wall_time_and_back_across_a_day_and_a_clock_change() -> None:
    shanghai = Locality(SHANGHAI, "Asia/Shanghai")
    assert shanghai.wall_time(datetime(2026, 12, 5, 23, 30)) == datetime(2026, 12, 6, 7, 30)
    assert shanghai.utc(datetime(2026, 12, 5)) == datetime(2026, 12, 4, 16, 0)
    london = Locality(ZoneInfo("Europe/London"), "Europe/London")
    # 29 March 2026: the clocks go forward at 01:00 UTC; local midnight is still UTC midnight
    assert london.utc(datetime(2026, 3, 29)) == datetime(2026, 3, 29)
    assert london.utc(datetime(2026, 3, 30)) == datetime(2026, 3, 29, 23, 0)
    assert EVERYWHERE.wall_time(datetime(2026, 1, 1, 3)) == datetime(2026, 1, 1, 3)


def test_the_call_then_now_s_offset_then_the_default_decides() -> None:
    default = Locality(SHANGHAI, "Asia/Shanghai", "CN")
    assert locality(None, None, None, default) == default
    assert locality("Europe/London", None, None, default).zone_name == "Europe/London"
    assert locality(None, "uk", None, default) == Locality(SHANGHAI, "Asia/Shanghai", "GB")
    said = locality(None, None, "2026-12-06T07:30:00-05:00", EVERYWHERE)
    assert said.zone_name == "UTC-05:00" and said.region is None
    aware = datetime(2026, 12, 6, 7, 30, tzinfo=ZoneInfo("Australia/Sydney"))
    assert locality(None, None, aware, EVERYWHERE).zone_name == "Australia/Sydney"
    # "Z" and naive times say when, not where: the default zone stays
    assert locality(None, None, "2026-12-06T07:30:00Z", default).zone_name == "Asia/Shanghai"
    assert locality(None, None, "2026-12-06T07:30:00", default).zone_name == "Asia/Shanghai"
    with pytest.raises(InvalidInput, match="region 'XX'"):
        locality(None, "XX", None, default)
    with pytest.raises(InvalidInput, match="region must be a string"):
        locality(None, 7, None, default)  # type: ignore[arg-type]


def test_a_zone_of_one_country_names_the_region() -> None:
    assert locality("Australia/Sydney", None, None, EVERYWHERE).region == "AU"
    assert locality("Asia/Chongqing", None, None, EVERYWHERE).region == "CN"  # a link to Asia/Shanghai
    assert locality("Europe/London", "IE", None, EVERYWHERE).region == "IE"  # the call's region wins
    assert locality("+10:00", None, None, EVERYWHERE).region is None  # an offset is no country
    settled = Locality(SHANGHAI, "Asia/Shanghai", "CN")
    assert locality(None, None, None, settled).region == "CN"
    assert locality("Europe/London", None, None, settled).region == "GB"  # the user's own zone
    assert locality("Etc/GMT-8", None, None, settled).region == "CN"  # no country: the settings'


def test_settings_check_the_zone_and_the_region(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, time_zone="Asia/Shanghai", region="cn")
    assert (settings.time_zone, settings.region) == ("Asia/Shanghai", "CN")
    with pytest.raises(ValueError, match="no IANA time zone"):
        Settings(home=tmp_path, time_zone="Asia/Nowhere")
    with pytest.raises(ValueError, match="ISO 3166-1"):
        Settings(home=tmp_path, region="China")


def _two_mornings(memory: Memory) -> None:
    # 5 December in Shanghai: one note at 04:00 local (20:00 UTC on the 4th), one at 10:00 local
    for index, (when, text) in enumerate(
        {
            "2026-12-04T20:00:00": "早上四点起来给孩子喂了退烧药",
            "2026-12-05T02:00:00": "上午带孩子去医院复查，医生说没事了",
            "2026-12-03T10:00:00": "孩子开始发烧，去药店买了退烧药",
        }.items()
    ):
        memory.observe("u", f"s{index}", "user", text, when)
        memory.end_session("u", f"s{index}")


def test_yesterday_is_the_user_s_yesterday(memory: Memory) -> None:
    """07:30 on 6 December in Shanghai is 23:30 UTC on the 5th: read in UTC, "昨天" would be the 4th
    and miss the hospital visit of the Shanghai 5th."""
    _two_mornings(memory)
    now = "2026-12-05T23:30:00"
    in_utc = memory.recall("u", "昨天孩子怎么样了", now=now, top_k=5)
    assert in_utc.notes["time"].startswith("filtered to '昨天' = 2026-12-04..2026-12-05")
    assert "医院" not in " ".join(hit.record.text for hit in in_utc.hits)
    local = memory.recall("u", "昨天孩子怎么样了", now=now, top_k=5, time_zone="Asia/Shanghai")
    assert local.notes["time"].startswith("filtered to '昨天' = 2026-12-05..2026-12-06")
    assert "on the user's clock (Asia/Shanghai, region CN)" in local.notes["time"]
    texts = {hit.record.text for hit in local.hits}
    assert any("医院" in text for text in texts) and any("四点" in text for text in texts)
    assert not any("药店" in text for text in texts)  # the 3rd is outside
    # the same moment said with its offset reads the same day; the cache keeps the two apart
    offset = memory.recall("u", "昨天孩子怎么样了", now="2026-12-06T07:30:00+08:00", top_k=5)
    assert offset.notes["time"].startswith("filtered to '昨天' = 2026-12-05..2026-12-06")
    again = memory.recall("u", "昨天孩子怎么样了", now=now, top_k=5)
    assert again.notes["time"] == in_utc.notes["time"]


def test_the_settings_zone_is_every_call_s_default(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", embedder="hash", time_zone="+08:00", region="CN")
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        _two_mornings(memory)
        answer = memory.recall("u", "昨天孩子怎么样了", now="2026-12-05T23:30:00")
        assert answer.notes["time"].startswith("filtered to '昨天' = 2026-12-05..2026-12-06")
        assert "(UTC+08:00, region CN)" in answer.notes["time"]
        utc = memory.recall("u", "昨天孩子怎么样了", now="2026-12-05T23:30:00", time_zone="UTC")
        assert utc.notes["time"].startswith("filtered to '昨天' = 2026-12-04..2026-12-05")


def test_a_bad_zone_or_region_in_a_call_is_a_clear_error_and_changes_nothing(memory: Memory) -> None:
    _two_mornings(memory)
    with pytest.raises(InvalidInput, match="no IANA time zone"):
        memory.recall("u", "昨天", time_zone="Beijing")
    with pytest.raises(InvalidInput, match="ISO 3166-1"):
        memory.recall("u", "昨天", region="Australia")
    assert len(memory.records("u")) >= 3


@pytest.mark.parametrize(("zone", "tomorrow"), [("UTC", "2026-12-06"), ("Asia/Shanghai", "2026-12-07")])
def test_a_date_a_write_names_is_read_on_the_settings_clock(tmp_path: Path, zone: str, tomorrow: str) -> None:
    """ "明天" said at 07:30 on 6 December in Shanghai (23:30 UTC on the 5th) is the 7th there."""
    settings = Settings(home=tmp_path / "home", embedder="hash", time_zone=zone)
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        saved = memory.remember("u", "明天下午三点去看牙医", time="2026-12-05T23:30:00")
        assert saved.record.entities["relative_date"] == tomorrow
        assert saved.record.event_time == datetime(2026, 12, 5, 23, 30)  # stored times stay UTC
        memory.observe("u", "s1", "user", "我的订单SF123456明天到，记一下", "2026-12-05T23:30:00")
        (turn,) = [record for record in memory.records("u") if record.kind == "turn"]
        assert turn.entities["relative_date"] == tomorrow
