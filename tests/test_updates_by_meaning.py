"""Updates by meaning (write/updates.py): a user's turn that says it changes something closes the
earlier statement it updates, for slots no regex knows - with the slot conflicts' semantics
(valid_until set, nothing deleted, facts and summaries closed with the turn, long-term facts only
on a verified statement), and never across people, on a repeat, without a cue, or for the agent."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from hindsight import Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.ids import turn_record_id
from hindsight.write import updates

T0 = datetime(2026, 10, 1, 10, 0)
OLD, NEW = "钢琴课是周三下午五点。", "老师把钢琴课改到周一下午四点了。"
"""A slot no regex finder knows (a lesson's time), said in other words with a cue."""


def say(memory: Memory, user: str, turns: list[str], role: str = "user", speaker: str | None = None) -> None:
    """Each turn in its own session, a day apart (as bench/conflicts_eval.py does)."""
    for index, text in enumerate(turns):
        at = T0 + timedelta(days=index)
        memory.observe(user, f"s{index}", role, text, at, turn_id=f"t{index}", speaker=speaker)
        memory.end_session(user, f"s{index}", at + timedelta(minutes=1))


def current(memory: Memory, user: str) -> set[str]:
    return {record.id for record in memory.records(user) if record.valid_until is None}


# -- the pieces -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["Standup got pushed back to 10.", "Switch to Celsius, I live in Canada now.", "车位换到B1-023了。",
     "早会推迟到十点了。", "Actually, call me Liz.", "写反了，生日是3月21。"],
)  # fmt: skip
def test_a_change_or_a_correction_is_a_cue(text: str) -> None:
    assert updates.has_cue(text)


@pytest.mark.parametrize(
    "text",
    [
        "I wear size 42 shoes.",
        "Bart去动物园看到了他喜欢的大象，感到非常开心。",
        "我在阿里上班。",
        "The wifi is called HomeNet-5G.",
    ],
)
def test_a_plain_statement_is_no_cue(text: str) -> None:
    assert not updates.has_cue(text)


def test_no_cue_no_match_however_close_the_meaning() -> None:
    assert updates.best_match("钢琴课是周三下午五点半。", [OLD]) is None


def test_the_nearest_statement_that_is_the_same_slot_is_chosen() -> None:
    earlier = ["我在阿里上班。", OLD, "我鞋码40。"]
    match = updates.best_match(NEW, earlier)
    assert match is not None and match.index == 1
    assert match.probability >= updates.model().threshold


def test_another_persons_statement_is_ruled_out() -> None:
    row = updates.features("My husband is on keto now.", "I'm vegetarian.", 0.9)
    assert row[updates.FEATURES.index("another person named in the new only")] == 1.0
    assert updates.ruled_out(row)


def test_a_repeat_is_ruled_out_whatever_its_filler() -> None:
    row = updates.features("btw deadline 提前了，疯了。", "fyi deadline 提前了，疯了", 0.94)
    assert updates.ruled_out(row)
    assert updates.best_match("btw deadline 提前了，疯了。", ["fyi deadline 提前了，疯了"]) is None


def test_a_number_replaced_is_no_repeat_however_few_the_new_words() -> None:
    old, new = "The gate code for the car park is 1234.", "Car park gate code changed to 5678."
    row = updates.features(new, old, 0.66)
    assert updates.is_repeat(row)  # by its words alone: one new word in five
    assert updates.replaces_a_number(new, old)
    assert not updates.ruled_out(row, replaces_number=True)
    assert updates.best_match(new, [old]) is not None
    # every word kept but the number: nothing new, nothing gone, by the words alone
    old, new = "my desk phone is 020 7946 1111", "new desk phone 020 7946 2222"
    row = updates.features(new, old, 0.75)
    assert updates.is_repeat(row)
    assert not updates.is_repeat(row, replaces_number=updates.replaces_a_number(new, old))
    assert updates.best_match(new, [old]) is not None
    # the same number said again replaces nothing: still a repeat
    assert not updates.replaces_a_number("I drink 3 coffees a day now.", "I drink 3 coffees a day.")
    assert updates.best_match("I drink 3 coffees a day now.", ["I drink 3 coffees a day."]) is None
    # a number added beside the earlier one replaces nothing either
    assert not updates.replaces_a_number("Reached 70! Next target 65 kg.", "Aiming to get to 70 kg.")


def test_a_date_moved_in_few_words_closes_the_earlier_statement(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        say(memory, "u", ["My flight to Lisbon is on 3 May.", "Moved the Lisbon flight to the 9th."])
        assert current(memory, "u") == {turn_record_id("u", "t1")}


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("The Paris trip budget is 5000.", "The Rome trip budget is now 4000."),
        ("去杭州的预算是5000", "去成都的预算改成4000"),
    ],
)
def test_another_named_things_number_is_ruled_out(old: str, new: str) -> None:
    assert updates.of_another_thing(new, old)
    row = updates.features(new, old, 0.9)
    assert updates.ruled_out(row, updates.replaces_a_number(new, old), another_thing=True)
    assert updates.best_match(new, [old]) is None


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # the same place named again: the date changed
        ("My flight to Rome is on 12 March.", "Moved the Rome flight to the 19th."),
        # the place and the number are the value, and much else is said: a move
        ("I live at 12 Baker Street, London", "Moved to 40 Rue Cler in Paris now"),
        ("我住在北京朝阳区3号楼", "搬到上海了，现在住浦东5号楼"),
        # a correction is never two things
        ("包裹寄青岛市市南区香港中路10号", "不对不对，包裹寄青岛市崂山区海尔路1号，我搬新家了"),
        # no number replaced
        ("I shop at Tesco.", "I shop at Lidl now."),
    ],
)
def test_a_changed_name_with_its_number_is_not_another_thing(old: str, new: str) -> None:
    assert not updates.of_another_thing(new, old)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("My flight to Denver is on March 12th.", "oops, I meant the 14th not the 12th"),
        ("Address for the invites: 88 Willow Crescent.", "ugh typo, it's 86 Willow Crescent, not 88"),
        ("I usually get things by Royal Mail.", "Please use DHL instead of Royal Mail from now on."),
        ("我12号飞上海，前一天提醒我值机。", "啊不对，是14号，不是12号，我看错了"),
        ("邀请函上的地址写：梧桐路88号。", "打错了，是梧桐路86号，不是88"),
    ],
)
def test_a_statement_that_names_the_value_it_replaces(old: str, new: str) -> None:
    assert updates.names_replaced_value(new, old)
    match = updates.best_match(new, ["I have a cat called Biscuit.", old])
    assert match is not None and match.index == 1 and match.named


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # no value of the earlier statement is named
        ("I'm vegetarian.", "Tried a new vegan cheese today, not bad."),
        ("我在腾讯上班。", "我们公司食堂换了新菜单，终于不是天天土豆了"),
        # the number is inside another one, or without its unit
        ("I live at 12 Elm Street.", "oops, I meant the 14th not the 12th"),
        ("我手机是iPhone 12。", "啊不对，是14号，不是12号"),
        ("送货地址是天府大道888号", "打错了，是梧桐路86号，不是88"),
        # one word of a longer name
        ("Our dog eats Royal Canin.", "Please use DHL instead of Royal Mail from now on."),
        # no cue, or no value in place of the one named
        ("My flight is on March 12th.", "It is the 14th, not the 12th."),
        ("My flight is on March 12th.", "Oops, not the 12th."),
    ],
)
def test_a_value_not_named_or_not_replaced_is_no_such_statement(old: str, new: str) -> None:
    assert not updates.names_replaced_value(new, old)


def test_the_likeliest_of_the_statements_naming_the_value_is_closed() -> None:
    earlier = ["我生日3月12号。", "去上海的航班是3月12号。", "我手机是iPhone 12。"]
    match = updates.best_match("啊不对，航班是14号，不是12号", earlier)
    assert match is not None and match.named and match.index == 1


def test_a_correction_naming_the_earlier_value_closes_it(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        say(memory, "u", ["My flight to Denver is on March 12th.", "oops, I meant the 14th not the 12th"])
        assert current(memory, "u") == {turn_record_id("u", "t1")}
        (entry,) = [e for e in memory.write_log("u") if e.action == "closed"]
        assert entry.reason.startswith("updated: names the earlier value it replaces")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("我女儿在第二中学上初一。", "我侄子也考上第二中学了，以后可以一起上学"),
        ("My son goes to Elmbrook Primary.", "My nephew just started at Elmbrook Primary too!"),
    ],
)
def test_a_nephews_news_is_not_the_users_update(old: str, new: str) -> None:
    another_person = updates.FEATURES.index("another person named in the new only")
    assert updates.features(new, old, 0.9)[another_person] == 1.0
    assert updates.best_match(new, [old]) is None


def test_a_wifes_new_number_leaves_the_users_current(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        say(memory, "u", ["我手机号是138-0013-5566。", "我老婆换号了，她新号码是137-0022-8899，帮我记一下"])
        assert {turn_record_id("u", "t0"), turn_record_id("u", "t1")} <= current(memory, "u")
        assert not [entry for entry in memory.write_log("u") if entry.action == "closed"]


def test_another_trips_budget_leaves_the_first_current(tmp_path: Path) -> None:
    with Memory(settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder()) as memory:
        say(memory, "u", ["The Paris trip budget is 5000.", "The Rome trip budget is now 4000."])
        assert {turn_record_id("u", "t0"), turn_record_id("u", "t1")} <= current(memory, "u")
        assert all(record.valid_until is None for record in memory.records("u", include_closed=True))
        assert not [entry for entry in memory.write_log("u") if entry.action == "closed"]
        say(memory, "v", ["My flight to Rome is on 12 March.", "Moved the Rome flight to the 19th."])
        assert current(memory, "v") == {turn_record_id("v", "t1")}


def test_a_model_of_other_features_is_refused(tmp_path: Path) -> None:
    shipped = updates.model()
    buffer = io.BytesIO()
    np.savez(
        buffer,
        weights=shipped.weights[:-1],
        bias=np.array(shipped.bias),
        mean=shipped.mean[:-1],
        scale=shipped.scale[:-1],
        threshold=np.array(shipped.threshold),
        features=np.array(updates.FEATURES[:-1]),
    )
    buffer.seek(0)
    with pytest.raises(ValueError, match="other features"):
        updates.read(buffer)
    path = tmp_path / "model.npz"
    updates.save(str(path), shipped)
    assert updates.read(str(path)).threshold == shipped.threshold


# -- through the write path -------------------------------------------------------------------------


def test_an_update_closes_the_earlier_turn_and_keeps_it_in_history(memory: Memory) -> None:
    say(memory, "u", [OLD, NEW])
    first, second = turn_record_id("u", "t0"), turn_record_id("u", "t1")
    assert first not in current(memory, "u") and second in current(memory, "u")
    closed = memory.get(first)
    assert closed.valid_until == T0 + timedelta(days=1)  # the new statement's time; nothing deleted
    (entry,) = [e for e in memory.write_log("u") if e.action == "closed"]
    assert entry.reason.startswith("updated by meaning (p=") and entry.detail == first
    assert NEW not in entry.reason and OLD not in entry.reason  # the reason never holds the text


def test_observe_reports_what_the_update_closed(memory: Memory) -> None:
    say(memory, "u", [OLD])
    observed = memory.observe("u", "s1", "user", NEW, T0 + timedelta(days=1), turn_id="t1")
    assert [record.id for record in observed.closed] == [turn_record_id("u", "t0")]


def test_the_facts_the_earlier_turn_stated_close_with_it(memory: Memory) -> None:
    say(memory, "u", ["我爱吃榴莲。"])
    (fact,) = [r for r in memory.records("u") if r.slot is not None]
    memory.observe("u", "s1", "user", "我现在不爱吃榴莲了。", T0 + timedelta(days=1), turn_id="t1")
    # closed by this path at observe, before the new turn's own slot facts are even extracted
    assert {turn_record_id("u", "t0"), fact.id}.isdisjoint(current(memory, "u"))
    assert any(e.action == "closed" for e in memory.write_log("u"))


def test_a_long_term_fact_is_not_closed_on_an_unverified_mention(memory: Memory) -> None:
    say(memory, "u", ["我一直爱吃榴莲。"])
    (fact,) = [r for r in memory.records("u") if r.slot is not None]
    assert fact.tier == "long"
    say_at = T0 + timedelta(days=1)
    memory.observe("u", "s1", "user", "我现在不爱吃榴莲了。", say_at, turn_id="t1")
    assert {turn_record_id("u", "t0"), fact.id} <= current(memory, "u")
    refused = [e for e in memory.write_log("u") if e.action == "refused"]
    assert any(e.reason.startswith("updated by meaning") and "long-term" in e.reason for e in refused)


@pytest.mark.parametrize(
    "turns",
    [
        ["I'm vegetarian.", "My husband is doing keto at the moment."],
        ["我开朗逸。", "我老婆开本田飞度。"],
        ["Home wifi is HomeNet-5G.", "At the office I join Office-Guest."],
        [OLD, OLD],
    ],
)
def test_another_slot_or_a_repeat_stays_current(memory: Memory, turns: list[str]) -> None:
    say(memory, "u", turns)
    assert turn_record_id("u", "t0") in current(memory, "u")
    assert not any(e.action == "closed" for e in memory.write_log("u"))


@pytest.mark.parametrize(("role", "speaker"), [("assistant", None), ("user", "Caroline")])
def test_only_the_users_own_turns_update(memory: Memory, role: str, speaker: str | None) -> None:
    # the agent's turns and a conversation between named people never close anything this way
    say(memory, "u", [OLD, NEW], role=role, speaker=speaker)
    assert turn_record_id("u", "t0") in current(memory, "u")


def test_an_agents_earlier_turn_is_never_the_one_closed(memory: Memory) -> None:
    memory.observe("u", "s0", "assistant", OLD, T0, turn_id="t0")
    memory.observe("u", "s1", "user", NEW, T0 + timedelta(days=1), turn_id="t1")
    assert turn_record_id("u", "t0") in current(memory, "u")


def test_the_setting_turns_the_path_off(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path / "home", updates_by_meaning=False)
    with Memory(settings=settings, embedder=HashEmbedder()) as memory:
        say(memory, "u", [OLD, NEW])
        assert turn_record_id("u", "t0") in current(memory, "u")


@pytest.mark.parametrize(
    ("text", "plain", "other"),
    [
        ("Switched to Monzo for my current account.", 1.0, 0.0),
        ("车位换到B1-023了。", 1.0, 0.0),
        ("Started a new job at Globex this week!", 0.0, 1.0),
        ("因为下雨活动被取消了。", 0.0, 1.0),
        ("I bank with Barclays.", 0.0, 0.0),
    ],
)
def test_a_plain_change_cue_is_told_from_the_others(text: str, plain: float, other: float) -> None:
    row = updates.features(text, "something said before", 0.5)
    assert row[updates.FEATURES.index("plain change cue")] == plain
    assert row[updates.FEATURES.index("other change cue only")] == other


@pytest.mark.parametrize(
    ("new", "old", "ruled"),
    [
        ("My wife's number is 555-0188 now.", "My number is 555-0142.", True),
        ("Lily's feet grew, she's a 12 now.", "Lily wears a kids' 11.", False),  # the same person
        ("钢琴课挪到周三四点了。", "女儿钢琴课周一下午五点。", False),  # named before, not again
        ("Oops, my birthday's the 21st of May.", "My birthday is 12 May.", False),  # not a person
    ],
)
def test_only_a_person_the_earlier_statement_did_not_name_rules_a_pair_out(
    new: str, old: str, ruled: bool
) -> None:
    row = updates.features(new, old, 0.8)
    assert row[updates.FEATURES.index("another person named in the new only")] == float(ruled)
