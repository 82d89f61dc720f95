"""Settings: what the environment and code give it, and clear errors for what they get wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from hindsight.settings import Settings, settings_problem


def test_a_misspelt_keyword_is_an_error_naming_the_setting_it_resembles(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"'embeder' is not a setting \(did you mean 'embedder'\?\)"):
        Settings(home=tmp_path, embeder="use")


def test_a_keyword_like_no_setting_is_an_error_without_a_guess(tmp_path: Path) -> None:
    with pytest.raises(TypeError) as raised:
        Settings(home=tmp_path, zzz=1)
    assert str(raised.value) == "'zzz' is not a setting"


def test_unknown_variables_in_the_environment_are_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a deployment's or a test's own HINDSIGHT_* variables share the prefix
    monkeypatch.setenv("HINDSIGHT_TEST_PGPORT", "55432")
    monkeypatch.setenv("HINDSIGHT_EMBEDDER", "use")
    assert Settings(home=tmp_path).embedder == "use"


def test_a_known_keyword_overrides_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HINDSIGHT_EMBEDDER", "use")
    assert Settings(home=tmp_path, embedder="hash").embedder == "hash"


def test_a_bad_value_names_its_variable(tmp_path: Path) -> None:
    with pytest.raises(ValidationError) as raised:
        Settings(home=tmp_path, embedder="nonesuch")
    assert settings_problem(raised.value).startswith("bad setting: HINDSIGHT_EMBEDDER='nonesuch': expected")
