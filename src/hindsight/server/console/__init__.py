"""The operator console: server-rendered pages over TenantMemory, meant to be mounted at /console
with `app.mount("/console", create_console(core, KeyRing.parse(settings.api_keys)))`."""

from hindsight.server.console.app import CSRF_COOKIE, SESSION_COOKIE, create_console

__all__ = ["CSRF_COOKIE", "SESSION_COOKIE", "create_console"]
