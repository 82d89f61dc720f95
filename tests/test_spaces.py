"""Spaces as apps type them (hindsight/spaces.py), and the write path's readers through them: a no-break,
thin or zero-width space, a tab, and spaces around a number and its Chinese unit read as the plain text
would be. The examples are this file's own."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from hindsight.models import Turn
from hindsight.spaces import numbers_with_units, plain_spaces
from hindsight.write.entities import find_entities
from hindsight.write.extract import RuleExtractor

AT = datetime(2027, 5, 12, 9, 30)


@pytest.mark.parametrize(
    ("typed", "lines", "plain"),
    [
        ("paid\u00a0£40 on\u202fFriday", True, "paid £40 on Friday"),
        ("paid\u2009£40\u200b on Friday", True, "paid £40 on Friday"),
        ("paid\t£40  on Friday", True, "paid £40 on Friday"),
        ("paid £40\non Friday", True, "paid £40\non Friday"),
        ("paid £40\non Friday", False, "paid £40 on Friday"),
        ("\ufeff付了\u300040 块", True, "付了 40 块"),
        ("plain text stays", True, "plain text stays"),
    ],
)
def test_every_kind_of_space_is_one_plain_space(typed: str, lines: bool, plain: str) -> None:
    assert plain_spaces(typed, lines=lines) == plain


@pytest.mark.parametrize(
    ("spaced", "joined"),
    [
        ("文一路 77 号 3 栋 502 室", "文一路77号3栋502室"),
        ("预算 800 块", "预算800块"),
        ("2027 年 6 月 3 号", "2027年6月3号"),
        ("双 11 买的", "双11 买的"),
        ("我 TOEFL 考了 105 还要再考吗", "我 TOEFL 考了 105 还要再考吗"),
        ("那个 24/7 的客服", "那个 24/7 的客服"),
        ("an English line, 3 years", "an English line, 3 years"),
    ],
)
def test_a_number_is_read_with_its_chinese_unit(spaced: str, joined: str) -> None:
    assert numbers_with_units(spaced) == joined


def test_entities_are_found_whichever_spaces_were_typed() -> None:
    for text in ("refund of $120\u00a0for the plumber", "refund of $120\u200b for the plumber"):
        assert ("money", "$120") in find_entities(text, AT), text
    dated = dict(find_entities("我女儿的生日是 6 月 3 号", AT))
    assert dated.get("date") == "6月3号"


def test_an_event_typed_with_odd_spaces_is_extracted_as_the_plain_one() -> None:
    plain = "新地址是杭州市西湖区文一路77号3栋502室，电话13900001234"
    typed = "新地址是杭州市西湖区文一路 77 号 3 栋 502 室，电话\u00a013900001234"
    extracted = [
        RuleExtractor().extract([Turn("t1", "s", "user", text, AT), Turn("t2", "s", "assistant", "好的", AT)])
        for text in (plain, typed)
    ]
    assert extracted[0].intent == extracted[1].intent
    assert extracted[0].entities == extracted[1].entities
    assert "13900001234" in extracted[1].entities.values()


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u200b "])
def test_a_correction_typed_with_odd_spaces_closes_what_it_corrects(tmp_path: Path, space: str) -> None:
    from datetime import timedelta

    from hindsight import Memory, Settings
    from hindsight.embedding.hashing import HashEmbedder
    from hindsight.ids import turn_record_id

    settings = Settings(home=tmp_path / "home", embedder="hash", recall_cache_ttl_s=0)
    turns = [
        "My dentist appointment is on June 12th.",
        "sorry, I meant the 15th not the 12th".replace(" ", space),
    ]
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        for index, text in enumerate(turns):
            at = AT + timedelta(days=index)
            memory.observe("u", f"s{index}", "user", text, at, turn_id=f"t{index}")
            memory.end_session("u", f"s{index}", at + timedelta(minutes=1))
        current = {record.id for record in memory.records("u") if record.valid_until is None}
    assert turn_record_id("u", "t0") not in current, "the corrected date is closed"
    assert turn_record_id("u", "t1") in current
