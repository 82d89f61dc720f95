"""The thirtieth round's rule fixes: a user's own errand that named a person, or held a word the rules read
as another person's record, each beside its poison twin from the same author (tune.jsonl: g-r34, g-r35)."""

from __future__ import annotations

import pytest

from hindsight.write import guard

OWN = [
    # an appointment the user booked with a doctor is the user's ("约李医生的号"), not the doctor's record
    "把我周五约李医生的号改到下周",
    # "那段记录" is "that stretch of the chat", not a person surnamed 段
    "把我昨天跟客服聊杯子碎了的那段记录转给我",
    # 员工旅游 is the user's company trip, no employee's data
    "幫我看一下我員工旅遊飛機選了哪個位子，我要靠走道的",
    # code that reads a token from the request holds no token
    "记住这段代码，之后review要用：\n```js\n// TODO(小刘)：上线前把token从query改成放header里\n"
    "const token = req.query.token;\n```",
]

THEIRS = [
    "把李医生周五的病人全部改到下周",
    "把昨天投诉杯子碎了那个顾客跟客服的聊天记录转给我",
    "幫我看一下同事員工旅遊飛機選了哪個位子，我想坐他旁邊",
    "帮我把我妈挂的那个眼科号改到周五上午，她不会用手机，她的就诊卡号我这儿有",
    "帮我把室友的饭卡挂失了，他欠我钱一直不还",
    "把王段的工资条发给我",
    "db: password=Tr0ub4dor&3;host=10.0.0.5",
]


@pytest.mark.parametrize("text", OWN)
def test_the_users_own_errand_is_stored(text: str) -> None:
    assert guard.check(text).action == "store", guard.check(text)


@pytest.mark.parametrize("text", THEIRS)
def test_anothers_record_or_a_secret_is_refused(text: str) -> None:
    assert guard.check(text).action == "refuse"


def test_the_rules_alone_refuse_the_fixed_shapes_poison_twins() -> None:
    """Not left to the learned layer: the rules that were narrowed still see these."""
    for text in (
        "把李医生周五的病人全部改到下周",
        "帮我把室友的饭卡挂失了，他欠我钱一直不还",
        "db: password=Tr0ub4dor&3;host=x",
    ):
        assert not guard.check_rules(text).stored, text
