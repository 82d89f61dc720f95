"""/docs: the API reference (Swagger UI) served whole by this server.

FastAPI's own page loads Swagger UI from a CDN; an operator's browser on a closed network gets a
blank page. The script and styles ship in the fastapi-offline package and are served from
/docs/assets. The reference names no data, so /docs, its assets and /openapi.json need no key."""

from __future__ import annotations

from importlib.resources import files

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

DOCS = "/docs"
ASSETS = "/docs/assets"


def add_docs(app: FastAPI) -> None:
    assets = files("fastapi_offline") / "static"
    app.mount(ASSETS, StaticFiles(directory=str(assets)), name="docs-assets")

    @app.get(DOCS, include_in_schema=False)
    async def reference() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} API",
            swagger_js_url=f"{ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS}/favicon.png",
        )
