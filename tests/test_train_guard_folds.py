"""bench/train_guard.py's folds give the same out-of-fold scores run one after another or in forked processes
(`--jobs 2`: the cross-validation is most of a retrain's ~95 CPU minutes)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"


def test_the_folds_in_two_processes_score_as_in_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCH))
    monkeypatch.delitem(sys.modules, "train_guard", raising=False)
    import train_guard

    rng = np.random.default_rng(0)
    x = rng.normal(size=(120, 512)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    words = (rng.random((120, 300)) < 0.02).astype(np.float32)
    poison = rng.random(120) < 0.4
    folds = [np.arange(start, 100, 4) for start in range(4)]  # rows 100 … 119 in no fold
    one = train_guard.out_of_fold(x, words, poison, folds, 1)
    two = train_guard.out_of_fold(x, words, poison, folds, 2)
    for serial, forked in zip(one, two, strict=True):
        assert np.array_equal(serial, forked, equal_nan=True)
        assert np.isnan(serial[100:]).all() and not np.isnan(serial[:100]).any()
        assert ((serial[:100] >= 0) & (serial[:100] <= 1)).all()
