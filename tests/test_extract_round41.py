"""Rule extraction, forty-first round: a nickname opening a sentence before a date (阿强11月2号…), a
sentence opened after a colon ("记一下：…"), and a foreign name in Chinese text after who the person
is (我同事玛丽亚…). Each phrasing is ours, with near misses where the rule could overreach."""

from __future__ import annotations

import pytest

from hindsight.write import entities


def people(text: str) -> set[str]:
    return {value for kind, value in entities.find_named(text) if kind == "person"}


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("阿杰12月5号在长沙办酒，我要去", {"阿杰"}),
        ("小王3月8号生日，帮我记着", {"小王"}),
        ("备注：老周下周来拿钥匙", {"老周"}),
        ("记一下：陈伟明天要来上海", {"陈伟"}),
        ("我同事安娜下个月来深圳出差", {"安娜"}),
        ("我室友约翰说他周末不回来", {"约翰"}),
        ("我朋友娜塔莎是俄罗斯人", {"娜塔莎"}),
        # near misses: no name there
        ("阿姨明天来打扫", set()),
        ("老家明天下雨", set()),
        ("我同事克服了很多困难", set()),
        ("我朋友安排了一个饭局", set()),
        ("我同事大都是湖南人", set()),
    ],
)
def test_names(text: str, named: set[str]) -> None:
    assert people(text) == named
