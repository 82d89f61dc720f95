"""Which earlier statements the LLM update judge is shown (write/update_candidates.py): the pair model's
order fused with the USE cosine and the rare words two statements share; every statement that says
something is judged, small talk is not; nothing is left out as a repeat."""

from __future__ import annotations

import numpy as np
import pytest

from hindsight.write import update_candidates, updates

EARLIER = [
    "My sister loves jazz.",
    "We have two cats.",
    "I use Quicken for my budget.",
    "Physio is on Mondays.",
    "My manager is Karen.",
    "I drive a Skoda Octavia.",
    "Our rent is 1,200 a month.",
    "I get paid on Fridays.",
    "I'm allergic to shellfish.",
    "My dentist is Dr Okafor.",
    "The kids go to Hillside Primary.",
    "We order formula from Boots for Noah.",
]
NO_CUE_UPDATE = "Noah kept spitting up, so the midwife suggested Kabrita and he's much happier"


def test_an_update_with_no_word_of_change_and_no_topic_is_shown_what_it_replaces() -> None:
    # before the forty-eighth round such a statement cost no call and closed nothing
    assert not updates.has_cue(NO_CUE_UPDATE)
    shown = update_candidates.shown(NO_CUE_UPDATE, EARLIER)
    assert len(shown) == update_candidates.SHOWN
    assert shown[0].index == EARLIER.index("We order formula from Boots for Noah.")


def test_chinese_an_app_named_again_ties_the_update_to_it() -> None:
    earlier = ["我妹妹喜欢爵士乐。", "我们家养了两只猫。", "我用随手记记账。"]
    earlier += ["周一做理疗。", "房租每月三千二。", "我对海鲜过敏。"]
    shown = update_candidates.shown("随手记广告太多了，把账全导到钱迹了", earlier, most=2)
    assert shown[0].index == 2


def test_small_talk_is_shown_nothing() -> None:
    assert not update_candidates.worth_reading("haha ok")
    assert update_candidates.shown("haha ok", EARLIER) == []
    assert update_candidates.shown(NO_CUE_UPDATE, []) == []
    assert update_candidates.worth_reading("The coffee here is great")


def test_a_change_of_one_word_is_shown_though_the_pair_model_reads_it_as_a_repeat() -> None:
    earlier = ["We have two cats.", "Physio session is on Tuesday.", "I drive a Skoda Octavia."]
    new = "The physio session moved to Thursday."
    row = updates.scored(new, earlier)
    assert updates.is_repeat(row.rows[1], row.replaced[1])  # the model never closes it
    assert update_candidates.shown(new, earlier, most=1)[0].index == 1


def test_a_word_said_once_weighs_more_than_one_said_often() -> None:
    earlier = ["Coffee with Sam.", "Coffee at work.", "Coffee again lol.", "Noah starts nursery."]
    weights = update_candidates._shared_words("Noah and I had coffee", earlier)
    assert weights[3] > weights[0] == weights[1] == weights[2] > 0
    # a sentence's full stop and a possessive's 's are no part of the word
    assert update_candidates._shared_words("Noah's nursery", ["Noah."])[0] > 0


def test_the_cosine_and_the_words_lift_what_the_pair_model_ranks_last(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    earlier = [f"statement {i}" for i in range(20)] + ["I keep my passwords in Dashlane."]
    real = updates.scored(NO_CUE_UPDATE, earlier)
    probabilities = np.linspace(0.9, 0.1, len(earlier))  # the last statement least likely by the model
    cosines = np.zeros(len(earlier), dtype=np.float32)
    cosines[-1] = 0.9  # but nearest in meaning
    fake = updates.Scored(real.rows, probabilities, cosines, real.replaced, real.another_thing)
    monkeypatch.setattr(updates, "scored", lambda new, earlier: fake)
    shown = update_candidates.shown("moved every password from Dashlane to Proton Pass", earlier)
    assert len(earlier) - 1 in [match.index for match in shown]
    # by the model's order alone it would be the last
    assert int(np.argsort(-probabilities)[-1]) == len(earlier) - 1
