"""Backends are found by their URL's scheme, among the installed packages' entry points: the
store's URL gives every seam, a state URL replaces working memory and locks; a wrong URL is one
clear error naming the setting."""

from __future__ import annotations

from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from hindsight import InvalidInput, Memory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.state.local import LocalSessions, LruCache
from hindsight.stores import registry
from hindsight.stores.registry import open_backend
from hindsight.stores.sqlite.state import SQLiteSessions


def test_the_default_is_the_sqlite_file_under_home(tmp_path: Path) -> None:
    settings = Settings(home=tmp_path)
    assert settings.store_url == f"sqlite://{tmp_path / 'memory.db'}"
    backend = open_backend(settings, LruCache(4))
    try:
        assert isinstance(backend.sessions, SQLiteSessions) and (tmp_path / "memory.db").is_file()
    finally:
        backend.close()


def test_a_store_url_names_the_file_and_a_state_url_the_working_memory(tmp_path: Path) -> None:
    settings = Settings(
        home=tmp_path / "unused", store=f"sqlite://{tmp_path}/elsewhere.db", state="memory://"
    )
    backend = open_backend(settings, LruCache(4))
    try:
        assert (tmp_path / "elsewhere.db").is_file() and not (tmp_path / "unused" / "memory.db").exists()
        assert isinstance(backend.sessions, LocalSessions)
        assert "memory://" in backend.description
    finally:
        backend.close()


def test_the_installed_entry_points_name_the_built_in_backends() -> None:
    from importlib.metadata import entry_points

    found = {entry.name: entry.value for entry in entry_points(group=registry.GROUP)}
    assert found == registry.BUILTIN  # pyproject.toml registers exactly what the registry knows


def test_a_backend_of_another_package_is_found_by_its_entry_point(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A package that ships "other://" registers it; the store opens with it, nothing else changes.
    plugin = EntryPoint(name="other", value="hindsight.stores.sqlite:open_sqlite", group=registry.GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [plugin] if group == registry.GROUP else [])
    settings = Settings(home=tmp_path, embedder="hash", store=f"other://{tmp_path}/plugged.db")
    with Memory(settings=settings, embedder=HashEmbedder(), background=False) as mem:
        mem.remember("u", "stored through a plugged-in backend")
        assert [r.text for r in mem.records("u")] == ["stored through a plugged-in backend"]
    assert (tmp_path / "plugged.db").is_file()


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"store": "postgres-ish://nowhere"}, "no backend for 'postgres-ish' URLs"),
        ({"state": "nonsense"}, "is not a backend URL"),
        ({"state": "sqlite://"}, "names no file"),
    ],
)
def test_a_wrong_url_is_one_clear_error(tmp_path: Path, overrides: dict[str, str], message: str) -> None:
    with pytest.raises(InvalidInput, match=message):
        open_backend(Settings(home=tmp_path, **overrides), LruCache(4))


def test_a_store_setting_that_is_no_url_is_refused_when_read() -> None:
    with pytest.raises(ValueError, match="is not a store URL"):
        Settings(store="mysql")
