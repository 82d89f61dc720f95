"""The operator console: what a tenant's memory holds, why a search finds what it finds, the
buttons to promote, demote and forget a memory (each asks first, on a page of its own), forms to
add a memory and to edit one (a `remember` and a `revise`: the write guard applies, and a refusal
comes back on the form with its reason), a user's history and a JSON export, and the stats page's
charts, drawn on the server as SVG (charts.py, counted by activity.py, worded by figures.py).

Every page is HTML rendered on the server (Jinja2) and every change a POSTed form, so the console
needs no JavaScript. With API keys configured a page needs one, and the key's tenant scopes
everything shown (TenantMemory: another tenant's memory is "not found"). Without keys the console is
open on the default tenant.

Logging in with a key starts a session: an HttpOnly, SameSite=Strict cookie that holds not the key
but when it logged in and a keyed fingerprint of the key, signed by the server (session.py). The
server ends it after `console_session_s` (HINDSIGHT_CONSOLE_SESSION_S, 12 hours by default), or as
soon as it runs without the session's key; then pages send the browser to the login page (which
says so when the session expired) and forms get 401. After 5 failed logins within 5 minutes from
one address, that address gets 429, its key unchecked, until the oldest of those failures is 5
minutes old (limiter.py). API clients may instead send their key with every request
(`Authorization: Bearer` or `X-API-Key`), which wins over any cookie.

A form that changes something is refused unless it carries this console's token and unless the
browser, when it says so (Sec-Fetch-Site), sent it from this site. The token is an HMAC, under a
secret derived from the API keys, of a random value in the console's own HttpOnly cookie and of the
session (its cookie, or the key a header presents): a page of another site can neither read it nor
make it, and a token taken from one session is worthless in another.

Lists (a user's memories of each tier, the guard log, the dead letters) come a page at a time,
newest first: 100 rows, or `?per_page=` from 10 to 500, with "rows 101–200 of 1,234". "Previous"
and "Next" carry the key of the first or last row shown (`after=` / `before=`; on a user's page
`long_after=`, `short_before=`..., each tier paging on its own), never an offset, so rows written
or removed meanwhile do not shift a page (paging.py). A page parameter the console cannot read is a
400 page; one that points past the list gives the first page.

Mounted under a prefix (`app.mount("/console", create_console(...))`), every link, form and cookie
path follows the mount (`scope["root_path"]`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import TypeVar
from urllib.parse import parse_qs, quote, urlencode

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders, QueryParams
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from hindsight import lifecycle, validate
from hindsight.errors import (
    EmbedderUnavailable,
    EmbeddingMismatch,
    HindsightError,
    InvalidInput,
    NotFound,
    StoreUnavailable,
    WriteDeferred,
    WriteRejected,
)
from hindsight.indexing import index_text
from hindsight.limits import MAX_ID_CHARS
from hindsight.memory import AsyncMemory, TenantMemory
from hindsight.models import DEFAULT_TENANT, KINDS, TIERS, Kind, MemoryRecord, Tier, UserLocality
from hindsight.paging import Cursor, Page, RecordKey
from hindsight.recall.fuse import PROFILES
from hindsight.serialize import record_dict
from hindsight.server.auth import KeyRing, Unauthorized, presented_key
from hindsight.server.console import activity, figures
from hindsight.server.console.limiter import LoginLimiter
from hindsight.server.console.session import ConsoleSessions, SessionExpired, server_secret
from hindsight.state.base import LoginLimits
from hindsight.timeutil import utcnow

logger = logging.getLogger("hindsight.console")

HERE = Path(__file__).parent
SESSION_COOKIE = "hindsight_session"
"""The signed console session (session.py), HttpOnly and SameSite=Strict; never the key."""
LEGACY_KEY_COOKIE = "hindsight_key"
"""Where older versions kept the raw API key: ignored, and deleted at login and logout."""
CSRF_COOKIE = "hindsight_csrf"
"""A random value; the forms carry its HMAC."""
SESSION_COOKIE_GRACE_S = 3600
"""The session cookie's Max-Age outlives the session by this much, so that for a while it is the
server that finds it expired, and the login page can say so instead of just appearing."""
EXPIRED_MESSAGE = "Your session expired; log in again."

MAX_FORM_BYTES = 16_384
PER_PAGE = 100
"""Rows on one page of a list (a tier of a user's memories, the log, the dead letters)..."""
MIN_PER_PAGE, MAX_PER_PAGE = 10, 500
"""...unless `?per_page=` asks for another number in this range."""
PAGED_TIERS: tuple[Tier, ...] = ("long", "short")
"""The sections of a user's page, in order; each pages on its own."""
MAX_TOP_K = 50
ROUTES = ("semantic", "keyword", "entity", "time")
LOG_FILTERS: dict[str, frozenset[str] | None] = {
    "all": None,
    "guard": frozenset({"refused", "skipped"}),
    "lifecycle": frozenset({"promoted", "demoted", "expired", "merged", "consolidated"}),
    "write": frozenset({"closed", "revised", "llm_fallback", "dead_letter"}),
}
DONE = {
    "promoted": "Promoted to long-term",
    "demoted": "Demoted to short-term",
    "forgotten": "Forgotten",
    "added": "Added",
    "queued": "Accepted",
    "revised": "Revised",
}
ADDABLE_KINDS: tuple[Kind, ...] = ("fact", "preference", "pattern", "summary")
"""What an operator adds by hand; turns are what agents observe."""
HISTORY_SHOWN = 500
"""A user's history page shows the newest this many closed versions (the export has them all)."""
TIER_NAMES = {"long": "long-term", "short": "short-term"}
SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'none'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    ),
}

Endpoint = Callable[[Request], Awaitable[Response]]


class CsrfRefused(HindsightError):
    """A form that changes something, without this console's token or sent from another site."""


def create_console(
    core: AsyncMemory, keys: KeyRing | None = None, *, clock: Callable[[], float] = time.time
) -> Starlette:
    """The console as an ASGI app, to mount under a prefix: `app.mount("/console", create_console(core,
    KeyRing.parse(settings.api_keys)))`. With no keys (or an empty ring) it is open on the default
    tenant: bind such a server to 127.0.0.1. Sessions last `core.settings.console_session_s` by
    `clock` (Unix seconds; tests move it)."""
    return _Console(core, keys if keys is not None else KeyRing(), clock).app


# -- formatting ------------------------------------------------------------------------------------


def _when(moment: datetime | None) -> str:
    return "—" if moment is None else moment.strftime("%Y-%m-%d %H:%M")


def _relative(moment: datetime, now: datetime | None = None) -> str:
    seconds = (moment - (now or utcnow())).total_seconds()
    phrase = _span(abs(seconds))
    return f"in {phrase}" if seconds >= 0 else f"{phrase} ago"


def _thousands(number: int) -> str:
    return f"{number:,}"


def _span(seconds: float) -> str:
    """A length of time in the unit that reads best: "45 minutes", "12 hours", "3 days"."""
    if seconds < 3600:
        amount, unit = round(seconds / 60), "minute"
    elif seconds < 2 * 86400:
        amount, unit = round(seconds / 3600), "hour"
    else:
        amount, unit = round(seconds / 86400), "day"
    return f"{amount} {unit}{'' if amount == 1 else 's'}"


def _segment(value: object) -> str:
    """One URL path segment (a record id), quoted."""
    return quote(str(value), safe="")


def _route_path(request: Request) -> str:
    path: str = request.scope["path"]
    root: str = request.scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


def _safe_next(target: str | None) -> str:
    """A path inside the console to go to after login; anything else goes to the users page."""
    if not target or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    if target.startswith(("/login", "/logout")):
        return "/"
    return target


def _status_of(error: HindsightError) -> tuple[int, str]:
    if isinstance(error, NotFound):
        return 404, "Not found"
    if isinstance(error, InvalidInput):
        return 400, "That request cannot be used"
    if isinstance(error, StoreUnavailable | EmbedderUnavailable | EmbeddingMismatch):
        return 503, "The memory store is unavailable"
    return 400, "That did not work"


@dataclass(frozen=True, slots=True)
class _Draft:
    """An add or edit form as it was typed: a form the console cannot store comes back holding it."""

    text: str = ""
    tier: str = "short"
    kind: str = "fact"
    entities: str = ""
    importance: str = ""

    @classmethod
    def of(cls, form: Mapping[str, str], default: _Draft | None = None) -> _Draft:
        base = default or cls()
        return cls(
            text=form.get("text", base.text),
            tier=form.get("tier", base.tier),
            kind=form.get("kind", base.kind),
            entities=form.get("entities", base.entities),
            importance=form.get("importance", base.importance),
        )


class _Problem(Exception):
    """Something in an add or edit form the console cannot use: shown on the form, at `field`."""

    def __init__(self, field: str | None, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


def _memory_text(text: str, max_chars: int) -> str:
    if not text.strip():
        raise _Problem("text", "Write the memory's text: it is empty.")
    try:
        return validate.text(text, "the text", max_chars=max_chars)
    except InvalidInput as exc:
        raise _Problem("text", f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None


def _entity_lines(text: str) -> dict[str, str]:
    """Entities typed one to a line as `type=value` (blank lines ignored)."""
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line:
            continue
        name, equals, value = line.partition("=")
        name, value = name.strip(), value.strip()
        if not equals or not name or not value:
            raise _Problem(
                "entities", f"Entity line {number} (“{line[:60]}”) is not type=value, e.g. order_id=SF123456."
            )
        if name in found:
            raise _Problem(
                "entities", f"Entity line {number} gives “{name[:60]}” again: give each type once."
            )
        found[name] = value
    try:
        return validate.entities(found)
    except InvalidInput as exc:
        raise _Problem("entities", f"Entities: {exc}.") from None


def _entity_text(entities: Mapping[str, str]) -> str:
    return "\n".join(f"{name}={value}" for name, value in sorted(entities.items()))


def _importance(text: str) -> float | None:
    if not text.strip():
        return None
    wrong = _Problem("importance", f"Importance must be a number from 0 to 1, not “{text.strip()[:40]}”.")
    try:
        value = float(text)
    except ValueError:
        raise wrong from None
    if not 0.0 <= value <= 1.0:  # NaN too
        raise wrong
    return value


def _download_name(*parts: str) -> str:
    """A file name for Content-Disposition: ASCII letters, digits, dots, dashes and underscores."""
    return "-".join(re.sub(r"[^A-Za-z0-9._-]+", "_", part).strip("._") or "_" for part in parts) + ".json"


@dataclass(frozen=True, slots=True)
class _Notice:
    """What the last change did, shown at the top of the page it redirected to."""

    done: str
    """What was done: a key of DONE."""
    id: str
    record: MemoryRecord | None
    """The memory as it is now (None once forgotten, or while a write waits in the queue)."""
    replaced: int = 0
    """Earlier memories the change closed (kept in history)."""
    earlier: MemoryRecord | None = None
    """A revision's earlier version, closed now."""
    embedded_chars: int | None = None
    """Of a long text, how many characters recall by meaning reads (as `Remembered` says)."""

    @property
    def title(self) -> str:
        return DONE[self.done]


class _Urls:
    """Console paths under the mount prefix, with an optional query string."""

    def __init__(self, request: Request) -> None:
        self.root = str(request.scope.get("root_path", "")).rstrip("/")

    def __call__(self, path: str, **params: object) -> str:
        query = urlencode({name: value for name, value in params.items() if value not in (None, "")})
        return self.root + path + ("?" + query if query else "")


class _SecurityHeaders:
    """No framing (the pages hold buttons), no scripts, no sniffing, on every response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


# -- paging ----------------------------------------------------------------------------------------

K = TypeVar("K")
Row = TypeVar("Row")

_EPOCH = datetime(1970, 1, 1)
_MICROSECOND = timedelta(microseconds=1)
_RECORD_KEY = re.compile(r"(-?[0-9]{1,18})\.(.+)", re.DOTALL)
_NUMBER = re.compile(r"[0-9]{1,18}")


def _record_key_text(key: RecordKey) -> str:
    """A memory's place in its list, for a link: its creation time in whole microseconds (exact,
    unlike a float) since 1970, a dot, and its id."""
    return f"{(key.created_at - _EPOCH) // _MICROSECOND}.{key.id}"


def _record_key(text: str) -> RecordKey | None:
    found = _RECORD_KEY.fullmatch(text)
    if found is None or len(found[2]) > MAX_ID_CHARS:
        return None
    try:
        return RecordKey(_EPOCH + int(found[1]) * _MICROSECOND, found[2])
    except OverflowError:  # a time before year 1 or after 9999: no memory is there
        return None


def _number(text: str) -> int | None:
    return int(text) if _NUMBER.fullmatch(text) else None


def _cursor(params: QueryParams, read: Callable[[str], K | None], prefix: str = "") -> Cursor[K] | None:
    """Where the page a link asks for starts: just older than the row of `{prefix}before`, just newer
    than the row of `{prefix}after`, or (neither) at the newest row."""
    before, after = params.get(prefix + "before"), params.get(prefix + "after")
    if before and after:
        raise InvalidInput(f"a page starts {prefix}before one row or {prefix}after one, not both")
    name, text = (prefix + "before", before) if before else (prefix + "after", after)
    if not text:
        return None
    key = read(text)
    if key is None:
        raise InvalidInput(
            f"{name}={text[:80]!r} is not a page link this console made; "
            "open the list again from its first page"
        )
    return Cursor(key, newer=name.endswith("after"))


def _cursor_params(cursor: Cursor[K] | None, write: Callable[[K], str], prefix: str = "") -> dict[str, str]:
    """The query parameters that ask for the page `cursor` points to (the reverse of _cursor)."""
    if cursor is None:
        return {}
    return {prefix + ("after" if cursor.newer else "before"): write(cursor.key)}


def _per_page(params: QueryParams) -> int:
    return _whole(params.get("per_page"), "per_page", PER_PAGE, MAX_PER_PAGE, minimum=MIN_PER_PAGE)


def _kept_per_page(per_page: int) -> int | None:
    """per_page for the links of a page: only when it is not the default, to keep them short."""
    return None if per_page == PER_PAGE else per_page


def _other_tiers_places(cursors: Mapping[Tier, Cursor[RecordKey] | None], tier: Tier) -> dict[str, str]:
    """The page parameters of every tier of a user's page but `tier`: the links that page one tier
    leave the others where they are."""
    params: dict[str, str] = {}
    for other, cursor in cursors.items():
        if other != tier:
            params.update(_cursor_params(cursor, _record_key_text, f"{other}_"))
    return params


@dataclass(frozen=True, slots=True)
class _Pager:
    """Where a page stands in its list and the links to the pages next to it (the pager macro)."""

    label: str
    """What the list holds: "short-term memories", "log entries"."""
    first: int
    last: int
    total: int
    newer: str | None
    """The link to the newer rows ("Previous"); None on the first page."""
    older: str | None
    """The link to the older rows ("Next"); None on the last page."""


def _pager(
    request: Request,
    page: Page[K, Row],
    label: str,
    write: Callable[[K], str],
    keep: Mapping[str, object],
    prefix: str = "",
    fragment: str = "",
) -> _Pager:
    """The pager of `page`: its links go to the same console page, with the query parameters in
    `keep` (the list's filters) and the cursor of the page they lead to."""
    url, path = _Urls(request), _route_path(request)

    def link(cursor: Cursor[K] | None) -> str | None:
        if cursor is None:
            return None
        return url(path, **{**keep, **_cursor_params(cursor, write, prefix)}) + fragment

    newer = Cursor(page.newer, newer=True) if page.newer is not None else None
    older = Cursor(page.older) if page.older is not None else None
    return _Pager(label, page.first, page.last, page.total, link(newer), link(older))


# -- the app ---------------------------------------------------------------------------------------


class _Console:
    def __init__(self, core: AsyncMemory, keys: KeyRing, clock: Callable[[], float]) -> None:
        self.core = core
        self.keys = keys
        shared = core.settings.console_secret
        self._secret = server_secret(keys, "csrf", shared)
        self.sessions = ConsoleSessions(keys, core.settings.console_session_s, clock, shared=shared)
        # Shared by every replica when the state backend keeps the counts (HINDSIGHT_STATE=redis://).
        self.login_limiter: LoginLimits = core.backend.login_limits or LoginLimiter()
        self.env = Environment(
            loader=FileSystemLoader(HERE / "templates"),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.env.filters["when"] = _when
        self.env.filters["seg"] = _segment
        self.env.filters["thousands"] = _thousands
        self.env.globals.update(
            relative=_relative,
            expires=self._expires,
            routes=ROUTES,
            tiers=TIERS,
            kinds=KINDS,
            tier_names=TIER_NAMES,
            profiles=sorted(PROFILES),
            session_length=_span(self.sessions.lifetime_s),
        )
        page = self._guarded
        self.app = Starlette(
            routes=[
                Route("/", page(self.users_page), name="users"),
                Route("/login", page(self.login_page), methods=["GET"]),
                Route("/login", page(self.login), methods=["POST"]),
                Route("/logout", page(self.logout), methods=["POST"]),
                Route("/memories", page(self.memories_page)),
                Route("/search", page(self.search_page)),
                Route("/memory/{record_id}", page(self.memory_page)),
                Route("/memory/{record_id}/forget", page(self.confirm_forget), methods=["GET"]),
                Route("/memory/{record_id}/forget", page(self.forget), methods=["POST"]),
                Route("/memory/{record_id}/promote", page(self.confirm_promote), methods=["GET"]),
                Route("/memory/{record_id}/promote", page(self.promote), methods=["POST"]),
                Route("/memory/{record_id}/demote", page(self.confirm_demote), methods=["GET"]),
                Route("/memory/{record_id}/demote", page(self.demote), methods=["POST"]),
                Route("/memory/{record_id}/edit", page(self.edit_page), methods=["GET"]),
                Route("/memory/{record_id}/edit", page(self.edit), methods=["POST"]),
                Route("/add", page(self.add_page), methods=["GET"]),
                Route("/add", page(self.add), methods=["POST"]),
                Route("/locality", page(self.locality_page), methods=["GET"]),
                Route("/locality", page(self.set_locality), methods=["POST"]),
                Route("/export", page(self.export), methods=["GET"]),
                Route("/history", page(self.history_page), methods=["GET"]),
                Route("/log", page(self.log_page)),
                Route("/dead-letters", page(self.dead_letters_page)),
                Route("/dead-letters/{entry_id:int}/retry", page(self.retry), methods=["POST"]),
                Route("/stats", page(self.stats_page)),
                Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
            ],
            middleware=[Middleware(_SecurityHeaders)],
            exception_handlers={HTTPException: self._http_error},
        )

    # -- plumbing ----------------------------------------------------------------------------------

    def _expires(self, record: MemoryRecord) -> datetime | None:
        return lifecycle.expiry_of(record, self.core.policy)

    def _token(self, request: Request, cookie: str) -> str:
        """The CSRF token of a CSRF cookie and the session the request presents (so a token made for
        one session is worthless in another, even with its cookie planted there)."""
        message = cookie.encode() + b"\0" + _session_of(request).encode()
        return hmac.new(self._secret, message, hashlib.sha256).hexdigest()

    @staticmethod
    def _cookie_path(request: Request) -> str:
        return str(request.scope.get("root_path", "")).rstrip("/") or "/"

    def _set_cookie(
        self, request: Request, response: Response, name: str, value: str, max_age: int | None = None
    ) -> None:
        response.set_cookie(
            name,
            value,
            max_age=max_age,
            path=self._cookie_path(request),
            httponly=True,
            samesite="strict",
            secure=request.url.scheme == "https",
        )

    def _delete_cookie(self, request: Request, response: Response, name: str) -> None:
        response.delete_cookie(name, path=self._cookie_path(request), httponly=True, samesite="strict")

    def _tenant_name(self, request: Request) -> str:
        """The tenant of the key a header presents, or else of the session cookie; Unauthorized
        (SessionExpired for an expired session) without either."""
        if not self.keys.required:
            return self.keys.tenant_for(None)
        key = presented_key(request.headers)
        if key is not None:
            return self.keys.tenant_for(key)
        return self.sessions.tenant_for(request.cookies.get(SESSION_COOKIE))

    def _tenant(self, request: Request) -> TenantMemory:
        """The memory of the request's tenant; Unauthorized without a good key or session."""
        return self.core.for_tenant(self._tenant_name(request))

    def _known_tenant(self, request: Request) -> str | None:
        try:
            return self._tenant_name(request)
        except Unauthorized:
            return None

    def render(self, request: Request, template: str, status: int = 200, **context: object) -> HTMLResponse:
        cookie = request.cookies.get(CSRF_COOKIE, "")
        fresh = not (16 <= len(cookie) <= 128)
        if fresh:
            cookie = secrets.token_urlsafe(32)
        html = self.env.get_template(template).render(
            url=_Urls(request),
            csrf=self._token(request, cookie),
            tenant=self._known_tenant(request),
            keys_required=self.keys.required,
            **context,
        )
        response = HTMLResponse(html, status_code=status, headers={"Cache-Control": "no-store"})
        if fresh:
            self._set_cookie(request, response, CSRF_COOKIE, cookie)
        return response

    def error(self, request: Request, status: int, title: str, message: str) -> HTMLResponse:
        return self.render(request, "error.html", status, title=title, message=message, code=status)

    def redirect(self, request: Request, path: str, fragment: str = "", **params: object) -> RedirectResponse:
        target = _Urls(request)(path, **params) + (f"#{fragment}" if fragment else "")
        return RedirectResponse(target, status_code=303)

    def _guarded(self, endpoint: Endpoint) -> Endpoint:
        """Every failure becomes an HTML page with the right status, never a traceback."""

        async def guarded(request: Request) -> Response:
            try:
                return await endpoint(request)
            except Unauthorized as exc:  # SessionExpired too: the login page says why
                if request.method in ("GET", "HEAD"):
                    return self.redirect(request, "/login", next=_route_path(request) + _query(request))
                return self.error(
                    request, 401, "Log in first", f"{exc}: log in with an API key, then try again."
                )
            except CsrfRefused as exc:
                return self.error(request, 403, "Form refused", str(exc))
            except HindsightError as exc:
                status, title = _status_of(exc)
                return self.error(request, status, title, str(exc))
            except Exception:
                logger.exception("console: %s %s failed", request.method, request.url.path)
                return self.error(
                    request,
                    500,
                    "Something went wrong",
                    "The console hit an unexpected error; the details are in the server's log.",
                )

        return guarded

    async def _http_error(self, request: Request, exc: Exception) -> Response:
        status = exc.status_code if isinstance(exc, HTTPException) else 500
        if status == 404:
            return self.error(request, 404, "Not found", "There is no console page at this address.")
        if status == 405:
            return self.error(request, 405, "Not allowed", f"{request.method} is not allowed here.")
        detail = exc.detail if isinstance(exc, HTTPException) else "unexpected error"
        return self.error(request, status, "That did not work", str(detail))

    async def form(self, request: Request, limit: int = MAX_FORM_BYTES) -> dict[str, str]:
        """The fields of a POSTed form (at most `limit` bytes), once it is known to come from this
        console."""
        if request.headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            raise CsrfRefused("This form was sent from another site; the console only accepts its own forms.")
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type not in ("", "application/x-www-form-urlencoded"):  # "": no body at all
            raise InvalidInput("expected an HTML form (application/x-www-form-urlencoded)")
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise InvalidInput(f"the form is larger than {limit} bytes")
        try:
            fields = parse_qs(body.decode("utf-8"), keep_blank_values=True, max_num_fields=20)
        except (UnicodeDecodeError, ValueError):
            raise InvalidInput("the form could not be read") from None
        form = {name: values[0] for name, values in fields.items()}
        cookie = request.cookies.get(CSRF_COOKIE, "")
        expected = self._token(request, cookie)
        if not cookie or not hmac.compare_digest(form.get("csrf", "").encode(), expected.encode()):
            raise CsrfRefused(
                "This form has expired or did not come from this console: reload the page and try again."
            )
        return form

    # -- login -------------------------------------------------------------------------------------

    async def login_page(self, request: Request) -> Response:
        target = _safe_next(request.query_params.get("next"))
        try:
            self._tenant_name(request)
        except SessionExpired:
            return self.render(request, "login.html", next=target, error=None, notice=EXPIRED_MESSAGE)
        except Unauthorized:
            return self.render(request, "login.html", next=target, error=None)
        return self.redirect(request, target)

    async def login(self, request: Request) -> Response:
        form = await self.form(request)
        target = _safe_next(form.get("next"))
        if not self.keys.required:
            return self.redirect(request, target)
        address = _client_address(request)
        wait_s = self.login_limiter.wait_s(address)
        if wait_s:  # the key is not even looked at: guessing gets no faster by trying
            return self._too_many_logins(request, target, wait_s)
        key = form.get("key", "").strip()
        if not key:
            return self.render(request, "login.html", 400, next=target, error="Enter an API key.")
        try:
            self.keys.tenant_for(key)
        except Unauthorized:
            self.login_limiter.failed(address)
            return self.render(
                request, "login.html", 401, next=target, error="That API key is not valid for this server."
            )
        self.login_limiter.succeeded(address)
        response = self.redirect(request, target)
        max_age = int(self.sessions.lifetime_s) + SESSION_COOKIE_GRACE_S
        self._set_cookie(request, response, SESSION_COOKIE, self.sessions.issue(key), max_age)
        self._delete_cookie(request, response, LEGACY_KEY_COOKIE)
        return response

    def _too_many_logins(self, request: Request, target: str, wait_s: int) -> Response:
        response = self.render(
            request,
            "login.html",
            429,
            next=target,
            error=f"Too many failed logins from your address: wait {wait_s} seconds, then try again.",
        )
        response.headers["Retry-After"] = str(wait_s)
        return response

    async def logout(self, request: Request) -> Response:
        await self.form(request)
        response = self.redirect(request, "/login" if self.keys.required else "/")
        for name in (SESSION_COOKIE, LEGACY_KEY_COOKIE):
            self._delete_cookie(request, response, name)
        return response

    # -- pages -------------------------------------------------------------------------------------

    async def users_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        rows = []
        for user in sorted(await memory.users()):
            # Counted by the store (an index walk), not read: a user may hold many thousands.
            counts = {tier: await memory.count_records(user, tier) for tier in ("long", "short")}
            rows.append({"user": user, **counts})
        return self.render(
            request,
            "users.html",
            section="users",
            rows=rows,
            stats=await memory.stats(),
            stranded=await self._stranded(),
        )

    async def _stranded(self) -> int:
        """How many users have memories in the default tenant that no configured key reaches
        (written before keys were set): the console says so rather than let them vanish."""
        if not self.keys.required or DEFAULT_TENANT in set(self.keys.keys.values()):
            return 0
        return len(await self.core.for_tenant(DEFAULT_TENANT).users())

    async def _user(self, memory: TenantMemory, request: Request) -> str:
        return await self._user_named(memory, request.query_params.get("user"))

    async def _user_named(self, memory: TenantMemory, value: str | None) -> str:
        """A user of the tenant: NotFound for any other (another tenant's users are not there)."""
        user = validate.name(value, "user")  # InvalidInput for an id no user can have
        if user not in await memory.users():
            raise NotFound(f"there is no user {user!r} in tenant {memory.tenant!r}")
        return user

    async def memories_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        user = await self._user(memory, request)
        params = request.query_params
        kind = params.get("kind") or None
        if kind is not None:
            kind = validate.kind(kind)
        per_page = _per_page(params)
        cursors = {tier: _cursor(params, _record_key, f"{tier}_") for tier in PAGED_TIERS}
        pages = {
            tier: await memory.record_page(user, tier, kind, cursors[tier], per_page) for tier in PAGED_TIERS
        }
        filters = {"user": user, "kind": kind, "per_page": _kept_per_page(per_page)}
        pagers = {
            tier: _pager(
                request,
                pages[tier],
                f"{TIER_NAMES[tier]} memories",
                _record_key_text,
                keep={**filters, **_other_tiers_places(cursors, tier)},
                prefix=f"{tier}_",
                fragment=f"#{tier}-term",
            )
            for tier in PAGED_TIERS
        }
        done = params.get("done")
        moved_id = params.get("id")
        notice = None
        if done in DONE and moved_id:
            record = None
            if done not in ("forgotten", "queued"):
                try:
                    record = await memory.get(moved_id)
                except (NotFound, InvalidInput):
                    done = None
            if done:
                replaced = _number(params.get("replaced") or "") or 0
                earlier = None
                if done == "revised":
                    with contextlib.suppress(NotFound, InvalidInput):
                        earlier = await memory.get(params.get("was") or "")
                read = self.core.settings.embed_max_chars
                truncated = record is not None and len(index_text(record)) > read
                notice = _Notice(done, moved_id, record, replaced, earlier, read if truncated else None)
        return self.render(
            request,
            "memories.html",
            section="users",
            user=user,
            kind=kind,
            pages=pages,
            pagers=pagers,
            per_page=_kept_per_page(per_page),
            notice=notice,
            highlight=moved_id,
        )

    async def search_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        user = await self._user(memory, request)
        params = request.query_params
        query = (params.get("q") or "").strip()
        tier: Tier | None = validate.tier(params["tier"]) if params.get("tier") else None
        profile = params.get("profile") or "default"
        if profile not in PROFILES:
            raise InvalidInput(f"unknown recall profile {profile!r}; known: {', '.join(sorted(PROFILES))}")
        top_k = _whole(params.get("top_k"), "results", default=10, maximum=MAX_TOP_K)
        # where the user is, for the times the query names (blank: what is stored for the user, else
        # the settings'); the fields show the stored values as their placeholders
        time_zone = (params.get("time_zone") or "").strip() or None
        region = (params.get("region") or "").strip() or None
        stored = await memory.locality(user)
        answer = None
        if query:
            answer = await memory.recall(
                user,
                query,
                top_k=top_k,
                tier=tier,
                profile=profile,
                token_budget=None,
                count_hits=False,
                time_zone=time_zone,
                region=region,
            )
        return self.render(
            request,
            "search.html",
            section="users",
            user=user,
            q=query,
            tier=tier,
            profile=profile,
            top_k=top_k,
            max_top_k=MAX_TOP_K,
            time_zone=time_zone or "",
            region=region or "",
            default_zone=(stored and stored.time_zone) or self.core.settings.time_zone,
            default_region=(stored and stored.region) or self.core.settings.region or "e.g. AU",
            answer=answer,
            weights=dict(PROFILES[profile].weights),
        )

    # -- where a user lives ------------------------------------------------------------------------

    async def locality_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        user = await self._user(memory, request)
        stored = await memory.locality(user)
        done = request.query_params.get("done")
        return self._locality_form(
            request,
            user=user,
            stored=stored,
            time_zone=(stored and stored.time_zone) or "",
            region=(stored and stored.region) or "",
            done=done if done in ("saved", "cleared") else None,
        )

    async def set_locality(self, request: Request) -> Response:
        """Store (or, with `clear`, remove) where the user lives; a refused value is shown on the form
        beside what stays stored."""
        memory = self._tenant(request)
        form = await self.form(request)
        user = await self._user_named(memory, form.get("user"))
        if form.get("action") == "clear":
            await memory.clear_locality(user)
            return self.redirect(request, "/locality", user=user, done="cleared")
        time_zone = form.get("time_zone", "").strip() or None
        region = form.get("region", "").strip() or None
        try:
            await memory.set_locality(user, time_zone, region)
        except InvalidInput as exc:
            return self._locality_form(
                request,
                422,
                user=user,
                stored=await memory.locality(user),
                time_zone=time_zone or "",
                region=region or "",
                problem=str(exc),
            )
        return self.redirect(request, "/locality", user=user, done="saved")

    def _locality_form(
        self,
        request: Request,
        status: int = 200,
        *,
        user: str,
        stored: UserLocality | None,
        time_zone: str,
        region: str,
        done: str | None = None,
        problem: str | None = None,
    ) -> HTMLResponse:
        settings = self.core.settings
        return self.render(
            request,
            "locality.html",
            status,
            section="users",
            user=user,
            stored=stored,
            time_zone=time_zone,
            region=region,
            done=done,
            problem=problem,
            default_zone=settings.time_zone,
            default_region=settings.region,
        )

    async def memory_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        record = await memory.get(request.path_params["record_id"])
        return self.render(request, "memory.html", section="users", m=record)

    # -- adding and editing ----------------------------------------------------------------------

    @property
    def _memory_form_bytes(self) -> int:
        """An add or edit form may carry the longest text a memory may have (percent-encoded, up to
        4 bytes a character) and its entities."""
        return MAX_FORM_BYTES + 12 * self.core.settings.max_text_chars

    def _memory_form(
        self,
        request: Request,
        status: int = 200,
        *,
        user: str,
        draft: _Draft,
        record: MemoryRecord | None = None,
        problem: _Problem | None = None,
        refusal: WriteRejected | None = None,
    ) -> HTMLResponse:
        return self.render(
            request,
            "memory_form.html",
            status,
            section="users",
            user=user,
            draft=draft,
            m=record,
            problem=problem,
            refusal=refusal,
            addable_kinds=ADDABLE_KINDS,
            max_chars=self.core.settings.max_text_chars,
        )

    async def add_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        user = await self._user(memory, request)
        return self._memory_form(request, user=user, draft=_Draft())

    async def add(self, request: Request) -> Response:
        memory = self._tenant(request)
        form = await self.form(request, self._memory_form_bytes)
        user = await self._user_named(memory, form.get("user"))
        draft = _Draft.of(form)
        try:
            text = _memory_text(draft.text, self.core.settings.max_text_chars)
            if draft.tier not in TIERS:
                raise _Problem("tier", f"Tier must be short or long, not “{draft.tier[:40]}”.")
            if draft.kind not in ADDABLE_KINDS:
                kinds = ", ".join(ADDABLE_KINDS)
                raise _Problem("kind", f"Kind must be one of {kinds}, not “{draft.kind[:40]}”.")
            entities = _entity_lines(draft.entities)
            importance = _importance(draft.importance)
            remembered = await memory.remember(user, text, draft.tier, draft.kind, entities, importance)
        except _Problem as problem:
            return self._memory_form(request, 400, user=user, draft=draft, problem=problem)
        except WriteRejected as refusal:
            return self._memory_form(request, 422, user=user, draft=draft, refusal=refusal)
        except WriteDeferred as deferred:
            return self.redirect(request, "/memories", user=user, done="queued", id=deferred.entry_id)
        except InvalidInput as exc:
            return self._memory_form(request, 400, user=user, draft=draft, problem=_Problem(None, str(exc)))
        record = remembered.record
        return self.redirect(
            request,
            "/memories",
            fragment=f"m-{record.id}",
            user=user,
            done="added",
            id=record.id,
            replaced=len(remembered.closed) or None,
        )

    async def _editable(self, memory: TenantMemory, request: Request) -> MemoryRecord:
        record = await memory.get(request.path_params["record_id"])
        if record.valid_until is not None:
            raise InvalidInput(
                "this version was closed (a later one replaced it) and stays as it is in history; "
                "edit the memory's current version"
            )
        return record

    async def edit_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        record = await self._editable(memory, request)
        draft = _Draft(text=record.text, entities=_entity_text(record.entities))
        return self._memory_form(request, user=record.user_id, draft=draft, record=record)

    async def edit(self, request: Request) -> Response:
        memory = self._tenant(request)
        form = await self.form(request, self._memory_form_bytes)
        record = await self._editable(memory, request)
        draft = _Draft.of(form, _Draft(text=record.text, entities=_entity_text(record.entities)))
        try:
            text = _memory_text(draft.text, self.core.settings.max_text_chars)
            entities = _entity_lines(draft.entities)
            if text == record.text and entities == dict(record.entities):
                raise _Problem("text", "Nothing changed: the text and the entities are as they were.")
            revised = await memory.revise(record.id, text, entities)
        except _Problem as problem:
            return self._memory_form(
                request, 400, user=record.user_id, draft=draft, record=record, problem=problem
            )
        except WriteRejected as refusal:
            return self._memory_form(
                request, 422, user=record.user_id, draft=draft, record=record, refusal=refusal
            )
        new = revised.record
        return self.redirect(
            request,
            "/memories",
            fragment=f"m-{new.id}",
            user=new.user_id,
            done="revised",
            id=new.id,
            was=record.id,
        )

    # -- export and history ------------------------------------------------------------------------

    async def export(self, request: Request) -> Response:
        """Every record of one user, closed versions too, oldest first, as a JSON download: each in
        record_dict's shape (the shape of the API and the CLI) with its tenant."""
        memory = self._tenant(request)
        user = await self._user(memory, request)
        records = await memory.records(user)
        now = utcnow()
        body = {
            "tenant": memory.tenant,
            "user_id": user,
            "exported_at": now.isoformat(),
            "count": len(records),
            "records": [{"tenant": record.tenant, **record_dict(record)} for record in records],
        }
        name = _download_name("hindsight", memory.tenant, user, now.strftime("%Y%m%d"))
        text = await asyncio.to_thread(json.dumps, body, ensure_ascii=False, indent=1)  # off the loop
        return Response(
            text,
            media_type="application/json",
            headers={
                "Content-Disposition": f'attachment; filename="{name}"',
                "Cache-Control": "no-store",
            },
        )

    async def history_page(self, request: Request) -> Response:
        """A user's closed versions (revised, replaced by a later value), the latest closed first."""
        memory = self._tenant(request)
        user = await self._user(memory, request)
        closed = [record for record in await memory.records(user) if record.valid_until is not None]
        closed.sort(key=lambda record: (record.valid_until or record.created_at, record.id), reverse=True)
        return self.render(
            request,
            "history.html",
            section="users",
            user=user,
            rows=closed[:HISTORY_SHOWN],
            total=len(closed),
        )

    async def confirm_forget(self, request: Request) -> Response:
        memory = self._tenant(request)
        record = await memory.get(request.path_params["record_id"])
        return self.render(request, "forget.html", section="users", m=record)

    async def forget(self, request: Request) -> Response:
        memory = self._tenant(request)
        await self.form(request)
        record = await memory.forget(request.path_params["record_id"])
        return self.redirect(request, "/memories", user=record.user_id, done="forgotten", id=record.id)

    async def confirm_promote(self, request: Request) -> Response:
        return await self._confirm_move(request, "long")

    async def confirm_demote(self, request: Request) -> Response:
        return await self._confirm_move(request, "short")

    async def _confirm_move(self, request: Request, tier: Tier) -> Response:
        """The page that asks before a memory changes tier, and says when it would expire then."""
        memory = self._tenant(request)
        record = await memory.get(request.path_params["record_id"])
        moved = replace(record, tier=tier, tier_since=max(utcnow(), record.created_at))
        return self.render(
            request,
            "move.html",
            section="users",
            m=record,
            tier=tier,
            expires_now=self._expires(record),
            expires_then=self._expires(moved),
            long_ttl_days=self.core.policy.long_ttl_days,
        )

    async def promote(self, request: Request) -> Response:
        return await self._move(request, "long")

    async def demote(self, request: Request) -> Response:
        return await self._move(request, "short")

    async def _move(self, request: Request, tier: Tier) -> Response:
        memory = self._tenant(request)
        await self.form(request)
        record_id = request.path_params["record_id"]
        record = await (memory.promote(record_id) if tier == "long" else memory.demote(record_id))
        done = "promoted" if tier == "long" else "demoted"
        return self.redirect(
            request, "/memories", fragment=f"m-{record.id}", user=record.user_id, done=done, id=record.id
        )

    async def log_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        show = request.query_params.get("show") or "all"
        if show not in LOG_FILTERS:
            raise InvalidInput(f"show must be one of {', '.join(LOG_FILTERS)}, not {show!r}")
        user = request.query_params.get("user") or None
        if user is not None:
            validate.name(user, "user")
        per_page = _per_page(request.query_params)
        cursor = _cursor(request.query_params, _number)
        page = await memory.log_page(user, LOG_FILTERS[show], cursor, per_page)
        filters = {
            "show": show if show != "all" else None,
            "user": user,
            "per_page": _kept_per_page(per_page),
        }
        return self.render(
            request,
            "log.html",
            section="log",
            page=page,
            pager=_pager(request, page, "log entries", str, filters),
            show=show,
            filters=list(LOG_FILTERS),
            user=user,
            per_page=_kept_per_page(per_page),
        )

    async def dead_letters_page(self, request: Request) -> Response:
        memory = self._tenant(request)
        per_page = _per_page(request.query_params)
        page = await memory.dead_letter_page(_cursor(request.query_params, _number), per_page)
        rows = [
            {
                "entry": entry,
                "user": entry.user_id,
                "session": entry.payload.get("session_id"),
            }
            for entry in page.rows
        ]
        pager = _pager(request, page, "dead letters", str, {"per_page": _kept_per_page(per_page)})
        stats = await memory.stats()
        return self.render(
            request, "dead_letters.html", section="dead", rows=rows, pager=pager, waiting=stats.waiting
        )

    async def retry(self, request: Request) -> Response:
        memory = self._tenant(request)
        await self.form(request)
        await memory.retry(request.path_params["entry_id"])
        return self.redirect(request, "/dead-letters")

    async def stats_page(self, request: Request) -> Response:
        """The tenant's counts, and the charts: memories written and the guard's refusals and skips
        per day (of every user, or of `?user=`), over `?days=` (7, 30 or 90), and the recall
        latency this process measured."""
        memory = self._tenant(request)
        params = request.query_params
        user = await self._user_named(memory, params["user"]) if params.get("user") else None
        days = _whole(
            params.get("days"), "days", activity.DEFAULT_DAYS, max(activity.WINDOWS), min(activity.WINDOWS)
        )
        if days not in activity.WINDOWS:
            raise InvalidInput(f"days must be one of {', '.join(map(str, activity.WINDOWS))}, not {days}")
        window = activity.window(days, utcnow().date())
        users = [user] if user is not None else sorted(await memory.users())
        who = user if user is not None else "every user"
        written = await activity.written_per_day(memory, users, PAGED_TIERS, window)
        guarded = await activity.guarded_per_day(memory, user, window)
        all_time = (await memory.count_log(user, ("refused",)), await memory.count_log(user, ("skipped",)))
        return self.render(
            request,
            "stats.html",
            section="stats",
            stats=await memory.stats(),
            user=user,
            days=days,
            windows=activity.WINDOWS,
            written=figures.written(written, PAGED_TIERS, who),
            guarded=figures.guarded(guarded, who, all_time),
            latency=figures.latency(self.core.core.recent_recalls.of(memory.tenant)),
            recall_kept=self.core.core.recent_recalls.per_tenant,
        )


def _session_of(request: Request) -> str:
    """What identifies the request's session, for its CSRF tokens: the key a header presents, or
    else the session cookie (the two kinds are labelled so that neither can pass for the other)."""
    key = presented_key(request.headers)
    if key is not None:
        return "key\0" + key
    return "cookie\0" + request.cookies.get(SESSION_COOKIE, "")


def _client_address(request: Request) -> str:
    """The address failed logins are counted by; clients without one share a single count."""
    return request.client.host if request.client is not None else ""


def _query(request: Request) -> str:
    query = request.url.query
    return f"?{query}" if query else ""


def _whole(value: str | None, what: str, default: int, maximum: int, minimum: int = 1) -> int:
    if value is None or value == "":
        return default
    wanted = f"{what} must be a whole number from {minimum} to {maximum}"
    try:
        number = int(value)
    except ValueError:  # also a number of more than 4300 digits
        raise InvalidInput(f"{wanted}, not {value[:80]!r}") from None
    if not minimum <= number <= maximum:
        raise InvalidInput(f"{wanted}, not {value[:80]}")
    return number
