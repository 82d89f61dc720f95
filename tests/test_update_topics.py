"""The third round of updates by meaning (issue 16): the topic lexicon (write/topics.py) and the pair
features built on it - what kind of fact a statement is about, whether an earlier value is named
again and ended, an addition or a past event, a named person as the subject - with the shipped
model deciding real pairs."""

from __future__ import annotations

import pytest

from hindsight.write import topics, updates


@pytest.mark.parametrize(
    ("text", "topic"),
    [
        ("I work at Acme Corp.", "work"),
        ("Started a new job at Globex this week!", "work"),
        ("Handed in my notice, joining a clinic next month.", "work"),
        ("我在阿里上班。", "work"),
        ("跳槽了，下周一去字节报到。", "work"),
        ("We finally relocated to Bristol.", "home"),
        ("搬到重庆了，房子刚租好。", "home"),
        ("Went vegetarian last month.", "diet"),
        ("最近开始吃素了。", "diet"),
        ("Tigger passed away; we adopted a rescue cat.", "pet"),
        ("Traded in the Focus for a used Honda Jazz.", "car"),
        ("女儿上小学了，进了中关村一小。", "school"),
    ],
)
def test_a_statement_is_read_for_the_kind_of_fact_it_is_about(text: str, topic: str) -> None:
    assert topic in topics.of(text)


def test_words_inside_other_words_are_no_topic() -> None:
    # "pharmacy" holds "mac", "住院" holds "住": neither is a computer nor a home
    assert "device" not in topics.of("My pharmacy is the Boots on High Street.")
    assert "home" not in topics.of("我妈住院了。")


def test_a_shared_weak_topic_alone_is_not_the_same_topic() -> None:
    assert topics.shared("The bins go out on Friday now.", "My yoga class is on Friday.")[0] == 0.0
    assert topics.shared("Started a new job at Globex this week!", "I work at Acme Corp.") == (1.0, 0.0)


def _feature(row: object, name: str) -> float:
    return float(row[updates.FEATURES.index(name)])  # type: ignore[index]


def test_an_earlier_value_named_again_is_told_ended_or_carrying_on() -> None:
    ended = updates.features(
        "Sold the Corolla, I'm in a Kia EV6 these days.", "I drive a Toyota Corolla.", 0.5
    )
    carrying = updates.features("Took the Yaris in for a new set of tyres.", "I drive a Toyota Yaris.", 0.5)
    assert _feature(ended, "old value named again") == 1.0
    assert _feature(ended, "old value named again, not ended") == 0.0
    assert _feature(carrying, "old value named again, not ended") == 1.0
    zh = updates.features("阳光幼儿园换了新园长。", "女儿在阳光幼儿园。", 0.5)
    assert _feature(zh, "old value named again, not ended") == 1.0


def test_an_addition_and_a_past_event_are_marked() -> None:
    row = updates.features("We just got a kitten too, her name is Bean!", "I have a dog called Max.", 0.4)
    assert _feature(row, "additive cue") == 1.0
    row = updates.features("去年暑假去的是大连，也挺好。", "今年暑假去青岛。", 0.4)
    assert _feature(row, "past-event cue") == 1.0


def test_a_named_person_as_the_subject_is_someone_else() -> None:
    row = updates.features("孔萌又换工作了，去了妇幼保健院，现在是护士。", "我在协和医院当护士。", 0.8)
    assert updates.ruled_out(row)
    # the earlier statement names them: it may be their value that changed
    row = updates.features("王主任退休了，现在跟着刘主任复诊。", "我看糖尿病一直挂王主任的号。", 0.5)
    assert not updates.ruled_out(row)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("我开大众朗逸。", "朗逸卖了，换了辆比亚迪海豹。"),
        ("My bank is Santander.", "Closed the Santander account; everything's in Monzo now."),
    ],
)
def test_an_update_in_new_words_is_matched(old: str, new: str) -> None:
    match = updates.best_match(new, [old])
    assert match is not None and match.index == 0


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("I have a golden retriever called Max.", "We just got a kitten too, her name is Bean!"),
        ("I live in Leeds.", "Went to York for the weekend, the minster was amazing."),
        ("我开的是本田雅阁。", "我哥新买了一辆特斯拉，羡慕。"),
    ],
)
def test_ordinary_conversation_is_no_update(old: str, new: str) -> None:
    assert updates.best_match(new, [old]) is None
