"""A number or a secret split the way forms, sheets and phones split it (write/guard_views._one_line): by
tabs, by line breaks inside the number, by a line break after its label's colon. The rules read such a value
on one line; a letter of several paragraphs is not read as one line. The examples are this file's own."""

from __future__ import annotations

import pytest

from hindsight.write import guard


@pytest.mark.parametrize(
    "text",
    [
        "身份证号\t1101 0519 4912 3100 21\t帮我存一下",
        "身份证：1101\n0519\n4912\n3100\n21",
        "card on file:\n4111\n1111\n1111\n1111",
        "name\tcard\texpiry\nMe\t4111 1111 1111 1111\t12/27",
        "my IBAN for the refund:\nDE12 5001\n0517 0648\n4898 90",
        "the wifi password:\nhunter2hunter2",
    ],
)
def test_a_value_split_by_tabs_or_lines_is_read_whole(text: str) -> None:
    assert guard.check(text).action == "refuse", text


@pytest.mark.parametrize(
    "text",
    [
        "Dear landlord,\n\nThe boiler is fixed. I paid the plumber 120.\n\n2 of the radiators still drip.",
        "购物清单：\n牛奶 2\n鸡蛋 12\n面包 1",
        "steps:\n1\tpreheat the oven\n2\tmix the flour",
    ],
)
def test_lines_that_hold_no_value_stay_stored(text: str) -> None:
    assert guard.check(text).stored, text
