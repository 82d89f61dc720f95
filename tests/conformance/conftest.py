"""Fixtures of the conformance suite: each case runs once per backend of backends.py."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hindsight.stores.registry import Backend

from .backends import STATES, STORES, Site, site_of
from .workers import Processes


@pytest.fixture(params=list(STORES))
def site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """An empty store of each backend."""
    with site_of(STORES[request.param], tmp_path / "store") as made:
        yield made


@pytest.fixture
def backend(site: Site) -> Backend:
    """One instance on the store."""
    return site.open()


@pytest.fixture
def other_site(site: Site, tmp_path: Path) -> Iterator[Site]:
    """A second, empty store of the same backend."""
    with site_of(site.kind, tmp_path / "other") as made:
        yield made


@pytest.fixture(params=list(STATES))
def state_site(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Site]:
    """A store of each implementation of working memory and locks."""
    with site_of(STATES[request.param], tmp_path / "state") as made:
        yield made


@pytest.fixture(scope="session")
def processes() -> Iterator[Processes]:
    made = Processes()
    try:
        yield made
    finally:
        made.close()
