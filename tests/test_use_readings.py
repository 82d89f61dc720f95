"""The write path's USE readings: the guard's vector of a turn is the update judge's too (one encode
a turn, not two), and the learned layer's short cut (the vote left unread when the regression and
the words keep the mean below the threshold whatever it says) gives the decision the full judgement
gives."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hindsight.write import guard, intent, updates

CORPUS = Path(__file__).parent / "corpora" / "guard" / "tune.jsonl"


def _corpus(limit: int) -> list[dict[str, str]]:
    lines = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines() if line.strip()]
    poison = [line for line in lines if line["label"] == "poison"][: limit // 2]
    useful = [line for line in lines if line["label"] == "useful"][: limit // 2]
    return poison + useful


def test_the_short_cut_decides_as_the_full_judgement() -> None:
    model = intent.model()
    cases = _corpus(400)
    refused = 0
    for case in cases:
        said = guard.learned_input(case["text"])
        vector = intent.embed(said)
        full = model.judge(vector, said)
        quick = model.judge_poison(vector, said)
        if full.probability < model.threshold:
            assert quick is None, case["id"]
        else:
            refused += 1
            assert quick is not None, case["id"]
            assert quick.probability == pytest.approx(full.probability)
            assert quick.kind == full.kind
    # Both sides of the threshold were exercised (the corpus's poison is mostly refused).
    assert 50 < refused < len(cases) - 50


def test_the_update_judge_reads_the_guards_vector(monkeypatch: pytest.MonkeyPatch) -> None:
    turn = "We switched the broadband to a fibre plan with another provider last week."
    earlier = "Our broadband is the copper line from the old provider."
    assert guard.check(turn).stored  # the guard encodes the turn (and keeps its vector)
    kept = intent.embed(turn)
    intent.vectors([earlier])

    def no_more_encoding(texts: object) -> object:
        raise AssertionError(f"encoded again: {texts!r}")

    monkeypatch.setattr(intent.encoder(), "embed_passages", no_more_encoding)
    matrix = updates.vectors([turn, earlier])
    assert np.array_equal(matrix[0], kept)
    assert matrix.shape == (2, 512)
    assert updates.ranked(turn, [earlier], 1)  # the judge runs on what is kept


def test_vectors_are_unit_length_and_in_order() -> None:
    texts = ["我搬到杭州了。", "My dentist is Dr Moss.", "我搬到杭州了。"]
    matrix = intent.vectors(texts)
    assert matrix.shape == (3, 512)
    assert np.allclose(np.linalg.norm(matrix, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(matrix[0], matrix[2])
    assert intent.vectors([]).shape == (0, 512)
