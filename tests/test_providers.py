"""Provider slots (write/providers.py): the brand that serves the user for a kind of service, found
where the sentence says the user uses it, and a switch that closes the old one as a slot conflict."""

from __future__ import annotations

from pathlib import Path

import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.write import providers, slots
from tests.days_apart import current_turns


@pytest.mark.parametrize(
    ("sentence", "kind", "brand"),
    [
        ("We pay for Netflix.", "streaming", "Netflix"),
        ("dropped netflix and picked up Disney+ for the kids", "streaming", "Disney+"),
        ("My phone plan is with Vodafone.", "mobile network", "Vodafone"),
        ("Ported my number over to giffgaff, half the price", "mobile network", "giffgaff"),
        ("Home broadband is BT.", "broadband", "BT"),
        ("Car insurance is with Aviva.", "insurer", "Aviva"),
        ("Renewal quote came in silly high so I went with Direct Line this year.", "insurer", "Direct Line"),
        ("I do my weekly shop at Tesco.", "supermarket", "Tesco"),
        ("migrated everything to Bitwarden this weekend", "password manager", "Bitwarden"),
        ("工资卡是招行的。", "bank", "招行"),
        ("公司统一换成工行发工资了", "bank", "工行"),
        ("听歌用网易云。", "music", "网易云"),
        ("会员没续，转投腾讯视频了", "streaming", "腾讯视频"),
        ("家里宽带是电信的。", "broadband", "电信"),
        ("携号转网转到电信了，便宜。", "mobile network", "电信"),
        ("从电信转到联通了，宽带便宜", "broadband", "联通"),  # the brand left is not the value
        ("最近喝腻了，改成库迪的美式了", "coffee", "库迪"),
    ],
)
def test_a_brand_the_user_is_served_by(sentence: str, kind: str, brand: str) -> None:
    assert [(a, s, v) for a, s, v, _ in providers.find(sentence)] == [("provider", kind, brand)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Netflix raised their prices again",  # no use said
        "Watched a great show on Netflix last night",
        "I work at Barclays.",  # an employer
        "钱阳辞职了，现在去平安保险当销售了",
        "Is Octopus cheaper than British Gas?",  # a question
        "宽带是电信的吗？",
        "I'm with Vodafone but thinking about switching to EE",  # only thought about
        "我在考虑要不要换成联通",
        "我要移动一下桌子",  # 移动 as a verb: no mobile service named
        "cancelled Netflix",  # only left: no value yet
    ],
)
def test_no_provider_where_none_is_the_users(sentence: str) -> None:
    assert list(providers.find(sentence)) == []


def test_a_relatives_provider_is_theirs() -> None:
    assert [(a, s, v) for a, s, v, _ in slots.find("My wife uses Spotify.")] == [
        ("provider", "wife: music", "Spotify")
    ]


def test_a_switch_closes_the_old_provider_and_another_kind_does_not(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path, embedder="hash", recall_cache_ttl_s=0)
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        switched = current_turns(
            memory, "a", ["We pay for Netflix.", "dropped netflix and picked up Disney+"]
        )
        other_kind = current_turns(memory, "b", ["We pay for Netflix.", "I use Spotify for music."])
        other_person = current_turns(memory, "c", ["I use Apple Music.", "My wife uses Spotify."])
    assert switched == {turn_record_id("a", "t1")}
    assert other_kind == {turn_record_id("b", "t0"), turn_record_id("b", "t1")}
    assert other_person == {turn_record_id("c", "t0"), turn_record_id("c", "t1")}
