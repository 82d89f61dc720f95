"""The HTTP API (`hindsight serve`): FastAPI routers over one tenant's view of the memory per request."""

from hindsight.server.http.app import create_app, serve

__all__ = ["create_app", "serve"]
