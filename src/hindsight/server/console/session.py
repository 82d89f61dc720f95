"""Console sessions: a signed, dated cookie that names an API key without holding it.

The cookie reads `ISSUED.FINGERPRINT.MAC`: when the login happened (Unix seconds), a fingerprint
of the key that logged in, and an HMAC-SHA256 of both under a server secret. A stolen cookie
therefore never yields the key, and it stops working after the session's lifetime, which the
server checks (the browser's Max-Age alone would be the client's word). The fingerprint must
belong to a key the server accepts now: a session never outlives its key.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable

from hindsight.server.auth import KeyRing, Unauthorized

CLOCK_SKEW_S = 60
"""How far in the future a cookie's issue time may be (server workers' clocks differ a little);
later than that it is not one of ours, or our clock went back, and it is refused."""

_COOKIE_SHAPE = re.compile(r"(?P<issued>[0-9]{1,12})\.(?P<fingerprint>[0-9a-f]{16})\.(?P<mac>[0-9a-f]{64})")


class SessionExpired(Unauthorized):
    """A genuine console session that has outlived its lifetime."""


def server_secret(keys: KeyRing, purpose: str, shared: str | None = None) -> bytes:
    """A secret for one purpose ("csrf", "session"), the same in every process of one server so each
    accepts the others' cookies and form tokens: derived from `shared` (the `console_secret`
    setting) when given, else from the API keys (changing the keys ends every session); random per
    process for an open console with neither, whose forms then only its own process accepts."""
    if shared:
        return hashlib.sha256(f"hindsight console {purpose}\0".encode() + shared.encode()).digest()
    if not keys.required:
        return secrets.token_bytes(32)
    material = "\0".join(sorted(f"{key}={tenant}" for key, tenant in keys.keys.items()))
    return hashlib.sha256(f"hindsight console {purpose}\0".encode() + material.encode()).digest()


class ConsoleSessions:
    """Issues session cookies for keys the caller has checked, and maps a cookie back to its
    tenant, refusing forged, tampered, expired and orphaned (key removed) ones."""

    def __init__(
        self,
        keys: KeyRing,
        lifetime_s: float,
        clock: Callable[[], float] = time.time,
        secret: bytes | None = None,
        shared: str | None = None,
    ) -> None:
        self.lifetime_s = lifetime_s
        self._clock = clock  # wall-clock time: the issue time must mean the same to every worker
        self._secret = secret if secret is not None else server_secret(keys, "session", shared)
        self._tenants = {self._fingerprint(key): tenant for key, tenant in keys.keys.items()}

    def issue(self, key: str) -> str:
        """The cookie value for a new session of `key`, which must be a key the ring knows."""
        fingerprint = self._fingerprint(key)
        if fingerprint not in self._tenants:
            raise Unauthorized("unknown API key")
        signed = f"{int(self._clock())}.{fingerprint}"
        return f"{signed}.{self._mac(signed)}"

    def tenant_for(self, cookie: str | None) -> str:
        """The tenant of a live session; SessionExpired for one past its lifetime, Unauthorized for
        anything else (no cookie, a malformed, forged or tampered one, or a key no longer known)."""
        shape = _COOKIE_SHAPE.fullmatch(cookie or "")
        if shape is None:
            raise Unauthorized("no console session")
        signed = f"{shape['issued']}.{shape['fingerprint']}"
        if not hmac.compare_digest(shape["mac"].encode(), self._mac(signed).encode()):
            raise Unauthorized("not a console session of this server")
        tenant = self._tenants.get(shape["fingerprint"])  # authentic now: no secret to time
        if tenant is None:
            raise Unauthorized("the API key of this session is no longer accepted")
        age = self._clock() - int(shape["issued"])
        if age < -CLOCK_SKEW_S:
            raise Unauthorized("this console session was issued in the future")
        if age >= self.lifetime_s:
            raise SessionExpired("your console session expired")
        return tenant

    def _fingerprint(self, key: str) -> str:
        """Keyed, not a bare hash of the key: a cookie gives no way to test guesses of the key
        offline (keys may be as short as 8 characters)."""
        digest = hmac.new(self._secret, b"fingerprint\0" + key.encode(), hashlib.sha256)
        return digest.hexdigest()[:16]

    def _mac(self, signed: str) -> str:
        return hmac.new(self._secret, b"session\0" + signed.encode(), hashlib.sha256).hexdigest()
