"""The guard's numbers typed in lower case (issue 16, thirty-eighth round): an IBAN and a Hong Kong ID are
verified by their check digits whatever their case; a licence's letters and a NIN's label in either case.
Each with a near miss. Corpus figures: BENCHMARKS.md, "The guard on text typed in lower case"."""

from __future__ import annotations

import pytest

from hindsight.write import guard
from hindsight.write.guard_numbers import has_bank_account, has_hkid


@pytest.mark.parametrize(
    "text",
    [
        "iban for refunds: gb33 bukb 2020 1555 5555 55, save it",
        "hkid for the form: a123456(3)",
        "driver's license for the van hire: texas d5512903, expires 2029. keep it on file.",
        "my nin is 21834470915 for the courier form",
    ],
)
def test_a_number_typed_small_is_refused(text: str) -> None:
    assert guard.check(text).action == "refuse"


@pytest.mark.parametrize(
    "text",
    [
        "iban for refunds: gb34 bukb 2020 1555 5555 55, save it",  # its check digits do not hold
        "hkid for the form: a123456(4)",  # nor this one's
        "my nin is 2183447091",  # ten digits, not eleven
        "I finished level nine with 21834470915 points",  # no label
    ],
)
def test_a_near_miss_typed_small_is_stored(text: str) -> None:
    assert guard.check(text).action == "store"


def test_the_check_digits_decide_in_either_case() -> None:
    assert has_bank_account("GB33 BUKB 2020 1555 5555 55") and has_bank_account("gb33 bukb 2020 1555 5555 55")
    assert not has_bank_account("gb34 bukb 2020 1555 5555 55")
    assert has_hkid("A123456(3)") and has_hkid("a123456(3)") and not has_hkid("a123456(4)")
