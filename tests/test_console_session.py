"""Console sessions (server/console/session.py): signed, dated cookies that name a key without
holding it, refused once expired, tampered with, or orphaned by their key's removal; and the
setting that says how long they last."""

from __future__ import annotations

import hashlib

import pytest
from pydantic import ValidationError

from hindsight import Settings
from hindsight.server.auth import KeyRing, Unauthorized
from hindsight.server.console.session import (
    CLOCK_SKEW_S,
    ConsoleSessions,
    SessionExpired,
    server_secret,
)

ADMIN_KEY = "default-key-123"
ACME_KEY = "acme-key-4567"
KEYS = KeyRing.parse(f"{ADMIN_KEY},{ACME_KEY}=acme")
SECRET = b"a fixed secret for these tests"
LIFETIME_S = 600.0


class Clock:
    def __init__(self, now: float = 1_750_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def sessions(clock: Clock, keys: KeyRing = KEYS, secret: bytes = SECRET) -> ConsoleSessions:
    return ConsoleSessions(keys, LIFETIME_S, clock, secret=secret)


def test_a_cookie_names_the_tenant_of_its_key_and_holds_no_key() -> None:
    clock = Clock()
    ring = sessions(clock)
    admin, acme = ring.issue(ADMIN_KEY), ring.issue(ACME_KEY)
    assert ring.tenant_for(admin) == "default" and ring.tenant_for(acme) == "acme"
    issued, fingerprint, mac = acme.split(".")
    assert issued == "1750000000" and len(fingerprint) == 16 and len(mac) == 64
    assert ACME_KEY not in acme
    assert fingerprint not in hashlib.sha256(ACME_KEY.encode()).hexdigest()  # keyed, not a bare hash


def test_an_unknown_key_gets_no_session() -> None:
    with pytest.raises(Unauthorized):
        sessions(Clock()).issue("not-a-real-key")


@pytest.mark.parametrize(
    "cookie",
    [None, "", "default-key-123", "1.2.3", "x" * 5000, "١٢٣٤٥٦٧٨٩٠." + "0" * 16 + "." + "0" * 64],
)
def test_anything_but_a_session_cookie_is_refused(cookie: str | None) -> None:
    with pytest.raises(Unauthorized) as refused:
        sessions(Clock()).tenant_for(cookie)
    assert not isinstance(refused.value, SessionExpired)


def test_a_changed_part_breaks_the_signature() -> None:
    clock = Clock()
    ring = sessions(clock)
    issued, fingerprint, mac = ring.issue(ACME_KEY).split(".")
    other_fingerprint = ring.issue(ADMIN_KEY).split(".")[1]
    for forged in (
        f"{int(issued) + 60}.{fingerprint}.{mac}",  # a later issue time
        f"{issued}.{other_fingerprint}.{mac}",  # another tenant's key
        f"{issued}.{fingerprint}.{'0' * 64}",
    ):
        with pytest.raises(Unauthorized, match="not a console session of this server"):
            ring.tenant_for(forged)


def test_a_cookie_of_another_server_is_refused() -> None:
    clock = Clock()
    cookie = sessions(clock, secret=b"another server's secret").issue(ACME_KEY)
    with pytest.raises(Unauthorized, match="not a console session of this server"):
        sessions(clock).tenant_for(cookie)


def test_a_session_ends_when_its_key_is_removed() -> None:
    clock = Clock()
    admin, acme = sessions(clock).issue(ADMIN_KEY), sessions(clock).issue(ACME_KEY)
    without_acme = sessions(clock, keys=KeyRing.parse(ADMIN_KEY))  # the same secret: only the key went
    with pytest.raises(Unauthorized, match="no longer accepted"):
        without_acme.tenant_for(acme)
    assert without_acme.tenant_for(admin) == "default"


def test_a_session_expires_after_its_lifetime() -> None:
    clock = Clock()
    ring = sessions(clock)
    cookie = ring.issue(ADMIN_KEY)
    clock.now += LIFETIME_S - 1
    assert ring.tenant_for(cookie) == "default"
    clock.now += 1
    with pytest.raises(SessionExpired):
        ring.tenant_for(cookie)
    shorter = ConsoleSessions(KEYS, 60.0, clock, secret=SECRET)  # the lifetime is the server's now
    clock.now -= LIFETIME_S - 60
    with pytest.raises(SessionExpired):
        shorter.tenant_for(cookie)


def test_a_session_from_the_future_is_refused_beyond_clock_skew() -> None:
    clock = Clock()
    ring = sessions(clock)
    cookie = ring.issue(ADMIN_KEY)
    clock.now -= CLOCK_SKEW_S
    assert ring.tenant_for(cookie) == "default"  # another worker's clock, a little behind
    clock.now -= 1
    with pytest.raises(Unauthorized, match="in the future"):
        ring.tenant_for(cookie)


def test_the_secret_is_shared_by_workers_and_changes_with_the_keys_and_purpose() -> None:
    assert server_secret(KEYS, "session") == server_secret(
        KeyRing.parse(f"{ACME_KEY}=acme,{ADMIN_KEY}"), "session"
    )
    assert server_secret(KEYS, "session") != server_secret(KEYS, "csrf")
    assert server_secret(KEYS, "session") != server_secret(KeyRing.parse(ADMIN_KEY), "session")
    assert server_secret(KeyRing(), "session") != server_secret(KeyRing(), "session")  # open: random
    # A secret given (the console_secret setting) is every process's, with or without keys.
    assert server_secret(KeyRing(), "csrf", "s3") == server_secret(KeyRing(), "csrf", "s3")
    assert server_secret(KEYS, "csrf", "s3") == server_secret(KeyRing(), "csrf", "s3")
    assert server_secret(KeyRing(), "csrf", "s3") != server_secret(KeyRing(), "session", "s3")
    assert server_secret(KeyRing(), "csrf", "s3") != server_secret(KeyRing(), "csrf", "s4")
    # Without a secret of its own, a ring signs with the one derived from its keys.
    cookie = ConsoleSessions(KEYS, LIFETIME_S, Clock()).issue(ACME_KEY)
    assert sessions(Clock(), secret=server_secret(KEYS, "session")).tenant_for(cookie) == "acme"


def test_the_session_lifetime_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Settings().console_session_s == 12 * 3600
    monkeypatch.setenv("HINDSIGHT_CONSOLE_SESSION_S", "900")
    assert Settings().console_session_s == 900
    monkeypatch.setenv("HINDSIGHT_CONSOLE_SESSION_S", "59")
    with pytest.raises(ValidationError):
        Settings()
