"""The lines `hindsight serve` prints when ready (server/http/banner.py)."""

from __future__ import annotations

from hindsight.server.auth import KeyRing
from hindsight.server.http.banner import base_url, startup_lines


def lines(
    host: str = "127.0.0.1",
    keys: str | None = None,
    tenants: tuple[str, ...] = (),
    allowed: str | None = None,
):
    return startup_lines(
        host,
        8765,
        keys=KeyRing.parse(keys),
        allowed_hosts=allowed,
        store="sqlite:///tmp/m.db",
        embedder="e5 (multilingual-e5-small-q4)",
        tenants_with_memories=tenants,
    )


def test_every_surface_and_what_it_serves_from_is_named() -> None:
    said = "\n".join(lines())
    for part in ("/v1", "/docs", "/mcp", "/console", "sqlite:///tmp/m.db", "multilingual-e5-small-q4"):
        assert part in said
    assert "warning" not in said


def test_an_open_server_beyond_this_machine_is_a_warning() -> None:
    warned = [line for line in lines(host="0.0.0.0") if line.startswith("warning:")]
    assert len(warned) == 1 and "HINDSIGHT_ALLOWED_HOSTS" in warned[0]
    warned = [line for line in lines(host="0.0.0.0", allowed="*") if line.startswith("warning:")]
    assert "anyone" in warned[0]
    assert base_url("0.0.0.0", 80) == "http://127.0.0.1:80" and base_url("::", 1) == "http://[::]:1"


def test_memories_no_key_reaches_are_pointed_out() -> None:
    tenant_keys = "secret-key-1=acme,secret-key-2=zeta"
    stranded = [
        line for line in lines(keys=tenant_keys, tenants=("default", "default", "acme")) if "warning" in line
    ]
    assert len(stranded) == 1 and "2 user(s)" in stranded[0] and "default tenant" in stranded[0]
    # A plain key reaches the default tenant; no memories there, nothing to say.
    assert not [x for x in lines(keys="secret-key-0," + tenant_keys, tenants=("default",)) if "warning" in x]
    assert not [x for x in lines(keys=tenant_keys, tenants=("acme",)) if "warning" in x]
    assert any("keys     2 (tenants: acme, zeta)" in x for x in lines(keys=tenant_keys))
