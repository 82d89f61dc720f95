"""API keys and the tenant each one is bound to.

A request presents its key as `Authorization: Bearer KEY` or `X-API-Key: KEY` (the console's login
turns a key into a signed session cookie instead: console/session.py). With no keys configured
everything is the default tenant; with keys configured a missing or unknown key is refused, never
guessed: the check fails closed.
"""

from __future__ import annotations

import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field

from hindsight.errors import InvalidInput, Unauthorized
from hindsight.models import DEFAULT_TENANT
from hindsight.validate import SEPARATOR

__all__ = ["KeyRing", "Unauthorized", "presented_key"]

MIN_KEY_CHARS = 8


@dataclass(frozen=True, slots=True)
class KeyRing:
    keys: Mapping[str, str] = field(default_factory=dict)
    """key -> tenant"""

    @classmethod
    def parse(cls, spec: str | None) -> KeyRing:
        """ "KEY" or "KEY=TENANT", comma-separated (HINDSIGHT_API_KEYS); InvalidInput says what is
        wrong with which entry."""
        keys: dict[str, str] = {}
        for number, part in enumerate((spec or "").split(","), start=1):
            part = part.strip()
            if not part:
                continue
            key, _, tenant = part.partition("=")
            key, tenant = key.strip(), tenant.strip() or DEFAULT_TENANT
            where = f"HINDSIGHT_API_KEYS, entry {number}"
            if len(key) < MIN_KEY_CHARS:
                raise InvalidInput(
                    f"{where}: an API key must be at least {MIN_KEY_CHARS} characters "
                    "(e.g. `python -c 'import secrets; print(secrets.token_urlsafe(24))'`)"
                )
            if SEPARATOR in tenant or not tenant.replace("-", "").replace("_", "").replace(".", "").isalnum():
                raise InvalidInput(f"{where}: the tenant {tenant!r} must be letters, digits, '-', '_' or '.'")
            keys[key] = tenant
        return cls(keys)

    @property
    def required(self) -> bool:
        return bool(self.keys)

    def tenant_for(self, presented: str | None) -> str:
        if not self.keys:
            return DEFAULT_TENANT
        if not presented:
            raise Unauthorized("this server needs an API key: send 'Authorization: Bearer KEY'")
        for key, tenant in self.keys.items():
            if hmac.compare_digest(key.encode(), presented.encode()):
                return tenant
        raise Unauthorized("unknown API key")


def presented_key(headers: Mapping[str, str]) -> str | None:
    """The key a request carries (header names are matched case-insensitively by the caller's
    mapping, as Starlette's Headers do)."""
    authorization = headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip() or None
    key = headers.get("x-api-key")
    if key:
        return key.strip() or None
    return None
