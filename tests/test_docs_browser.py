"""/docs in headless Chromium with every request off this server blocked: Swagger UI renders the
API's operations from this server's own assets."""

from __future__ import annotations

from pathlib import Path

import pytest

from hindsight import AsyncMemory, Settings
from hindsight.embedding.hashing import HashEmbedder
from hindsight.server.http import create_app
from tests.helpers import serving

CHROMIUM = Path("/usr/bin/chromium")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_docs_render_with_the_network_cut_off(tmp_path: Path) -> None:
    from playwright.sync_api import Route, expect, sync_playwright

    settings = Settings(home=tmp_path, api_keys="docs-test-key-123")
    core = AsyncMemory(settings=settings, embedder=HashEmbedder(), background=False)
    blocked: list[str] = []

    def only_this_server(route: Route) -> None:
        if route.request.url.startswith(base):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    try:
        with serving(create_app(settings, core=core)) as base, sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), headless=True, args=["--no-sandbox"]
            )
            try:
                page = browser.new_page()
                page.route("**/*", only_this_server)
                page.goto(f"{base}/docs")
                expect(page.locator(".opblock-summary-path", has_text="/v1/remember").first).to_be_visible(
                    timeout=20_000
                )
                assert page.locator(".opblock").count() > 10
                assert not blocked, blocked
            finally:
                browser.close()
    finally:
        import asyncio

        asyncio.run(core.close())
