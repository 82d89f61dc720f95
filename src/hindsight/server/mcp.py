"""The MCP server: Hindsight's memory as tools a model calls, over stdio or streamable HTTP.

Tools: store_memory, retrieve_memory, save_preference, forget_memory, list_memories,
set_user_locality; and for an agent loop that feeds memory its conversation, observe_turn and
end_session. Each is a thin adapter
over `TenantMemory`; none holds memory logic of its own.

Whose memory a call reads and writes is decided by the connection, never by a tool argument (an
injected prompt must not be able to reach another user's memory):

- stdio (`hindsight mcp`): HINDSIGHT_MCP_USER (required), HINDSIGHT_MCP_TENANT (default "default"),
  HINDSIGHT_MCP_SESSION (default: a fresh id per process; it names the working memory).
- streamable HTTP: the API key (`Authorization: Bearer KEY` or `X-API-Key: KEY`) picks the tenant
  through the KeyRing (with keys configured, a missing or unknown key is refused: fail closed),
  `X-Hindsight-User` names the user (required), `X-Hindsight-Session` the working memory (default:
  the MCP session id; "mcp" for a client on the sessionless 2026 protocol). `X-Hindsight-Time-Zone`
  and `X-Hindsight-Region` say where the user is, for the times a recall's query and a write's text
  name (locality.py; default: what set_user_locality stored for the user, then the settings). Every
  call resolves its scope again from the headers of its own request, so a session id never carries a
  scope over.

Mounting the HTTP endpoint in a Starlette or FastAPI app (the path is up to the host; the app
answers at whatever path it is mounted on)::

    from contextlib import asynccontextmanager

    from fastapi import FastAPI

    from hindsight.server.auth import KeyRing
    from hindsight.server.mcp import create_mcp_http

    mcp_http = create_mcp_http(core, KeyRing.parse(settings.api_keys))  # core: AsyncMemory


    @asynccontextmanager
    async def lifespan(app: FastAPI):
        async with mcp_http.lifespan():  # runs the MCP session manager; enter it exactly once
            yield


    app = FastAPI(lifespan=lifespan)
    app.router.routes.extend(mcp_http.routes("/mcp"))  # serves /mcp and /mcp/ (no redirect)

`mcp_http.routes(path)` is `[Route(path, mcp_http.app), Mount(path, mcp_http.app)]`; `app.mount("/mcp",
mcp_http.app)` alone also works but answers "/mcp" with a redirect to "/mcp/". The lifespan must be
entered before the first request and only once per `McpHttp` (build a new one to restart).
"""

from __future__ import annotations

import asyncio
import json
import os
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractAsyncContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import CallToolResult, InputRequiredResult, ToolAnnotations
from pydantic import BaseModel, Field, ValidationError
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.types import ASGIApp, Receive, Send
from starlette.types import Scope as AsgiScope

from hindsight import __version__, validate
from hindsight.errors import HindsightError, InvalidInput, NotFound, Unauthorized, WriteRejected
from hindsight.ids import new_record_id
from hindsight.limits import MAX_MODEL_LIST, MAX_TOP_K
from hindsight.memory import AsyncMemory, TenantMemory
from hindsight.models import DEFAULT_TENANT, Decision, MemoryRecord, Tier
from hindsight.serialize import record_dict
from hindsight.server.auth import KeyRing, presented_key
from hindsight.server.jsonrpc import plain_protocol_errors
from hindsight.settings import Settings
from hindsight.validate import SEPARATOR

__all__ = [
    "McpHttp",
    "Scope",
    "ScopeResolver",
    "build_server",
    "create_mcp_http",
    "http_scope",
    "run_stdio",
    "stdio_scope",
]

USER_HEADER = "x-hindsight-user"
TIME_ZONE_HEADER = "x-hindsight-time-zone"
REGION_HEADER = "x-hindsight-region"
SESSION_HEADER = "x-hindsight-session"
MCP_SESSION_HEADER = "mcp-session-id"
DEFAULT_HTTP_SESSION = "mcp"

MemoryType = Literal["working", "short_term", "long_term"]
TurnRole = Literal["user", "assistant", "tool"]
StoredType = Literal["short_term", "long_term"]
_TIER_OF: dict[str, Tier] = {"short_term": "short", "long_term": "long"}
_TYPE_OF: dict[str, StoredType] = {"short": "short_term", "long": "long_term"}


# -- scope -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scope:
    """Whose memory one tool call reads and writes, decided by the connection."""

    tenant: str
    user: str
    session: str


ScopeResolver = Callable[[object | None], Scope]
"""Called once per tool call with the HTTP request that carried it (a starlette Request), or None
over stdio; returns the call's scope or raises a HindsightError (the call is then refused)."""


def _user(value: str | None, where: str) -> str:
    if value is None or not value.strip():
        raise InvalidInput(f"{where} is required: it names the user whose memory this connection uses")
    user = validate.identifier(value, where)
    if SEPARATOR in user:
        raise InvalidInput(f"{where} cannot contain {SEPARATOR!r}")
    return user


def stdio_scope(environ: Mapping[str, str] | None = None) -> Scope:
    """The scope of a stdio server, from HINDSIGHT_MCP_USER / _TENANT / _SESSION."""
    env = os.environ if environ is None else environ
    user = _user(env.get("HINDSIGHT_MCP_USER"), "HINDSIGHT_MCP_USER")
    tenant = validate.identifier(env.get("HINDSIGHT_MCP_TENANT") or DEFAULT_TENANT, "HINDSIGHT_MCP_TENANT")
    if SEPARATOR in tenant:
        raise InvalidInput(f"HINDSIGHT_MCP_TENANT cannot contain {SEPARATOR!r}")
    raw_session = env.get("HINDSIGHT_MCP_SESSION")
    session = (
        validate.identifier(raw_session, "HINDSIGHT_MCP_SESSION")
        if raw_session and raw_session.strip()
        else f"mcp-{uuid.uuid4().hex[:12]}"
    )
    return Scope(tenant, user, session)


def http_scope(headers: Mapping[str, str], keys: KeyRing) -> Scope:
    """The scope of one HTTP request. Raises Unauthorized (no or unknown key, with keys configured)
    or InvalidInput (no X-Hindsight-User). `headers` must match names case-insensitively."""
    tenant = keys.tenant_for(presented_key(headers))
    user = _user(headers.get(USER_HEADER), "the X-Hindsight-User header")
    raw_session = headers.get(SESSION_HEADER) or headers.get(MCP_SESSION_HEADER) or DEFAULT_HTTP_SESSION
    session = validate.identifier(raw_session, "the X-Hindsight-Session header")
    return Scope(tenant, user, session)


def _locality_headers(request: object | None) -> tuple[str | None, str | None]:
    """Where the user is, as an HTTP client says it (X-Hindsight-Time-Zone, X-Hindsight-Region); over
    stdio, or without the headers, the settings (HINDSIGHT_TIME_ZONE, HINDSIGHT_REGION) apply."""
    if not isinstance(request, Request):
        return None, None
    return request.headers.get(TIME_ZONE_HEADER), request.headers.get(REGION_HEADER)


def _fixed(scope: Scope) -> ScopeResolver:
    def resolve(_request: object | None) -> Scope:
        return scope

    return resolve


def _from_headers(keys: KeyRing) -> ScopeResolver:
    def resolve(request: object | None) -> Scope:
        if not isinstance(request, Request):
            raise Unauthorized("this server only answers over HTTP, with the request's own credentials")
        return http_scope(request.headers, keys)

    return resolve


# -- what the tools return ---------------------------------------------------------------------------


class StoredMemory(BaseModel):
    id: str
    tier: MemoryType
    kind: str
    text: str
    metadata: dict[str, str] = Field(default_factory=dict)
    embedded_chars: int | None = Field(
        default=None,
        description="How many characters of a long text recall by meaning reads; null: all of it",
    )


class SavedPreference(BaseModel):
    id: str
    key: str
    value: str
    tier: StoredType
    replaced: list[str] = Field(default_factory=list, description="ids of the earlier values of this key")


class RecalledMemory(BaseModel):
    id: str
    text: str
    tier: StoredType
    kind: str
    score: float
    event_time: str


class WorkingTurn(BaseModel):
    id: str
    role: str
    text: str
    time: str


class Retrieved(BaseModel):
    query: str
    memories: list[RecalledMemory]
    working_memory: list[WorkingTurn] = Field(description="this conversation's working memory, oldest first")


class ListedMemory(BaseModel):
    id: str
    text: str
    tier: StoredType
    kind: str
    created_at: str
    metadata: dict[str, str] = Field(default_factory=dict)


class MemoryList(BaseModel):
    count: int
    memories: list[ListedMemory]


class Forgotten(BaseModel):
    id: str
    text: str
    tier: StoredType
    kind: str
    forgotten: bool = True


class ObservedTurn(BaseModel):
    role: TurnRole
    decision: Decision = Field(
        description="the write guard's word: stored, skipped (small talk, kept in working memory only) "
        "or refused (unsafe, kept nowhere)"
    )
    stored: bool = Field(
        description="false when the write guard refused the text (then it is not kept at all)"
    )
    reason: str | None = Field(default=None, description="why it was refused")
    written: list[StoredMemory] = Field(
        default_factory=list,
        description="memories the turn's event wrote now (usually none: memory is written on events)",
    )


class UserLocalitySet(BaseModel):
    time_zone: str | None = Field(description="the user's time zone as stored (null: the deployment's)")
    region: str | None = Field(description="the user's country as stored (null: the time zone's country)")


class EndedSession(BaseModel):
    written: list[StoredMemory] = Field(description="memories the session's last event wrote")


def _projected(record: MemoryRecord, model: type[BaseModel], **extra: object) -> Any:
    """The record's one JSON shape (hindsight.serialize), as much of it as `model` shows the model,
    with the tier named as the tools name it and the entities as metadata."""
    shape: dict[str, object] = record_dict(record)
    shape.update(tier=_TYPE_OF[record.tier], metadata=shape["entities"], **extra)
    return model(**{name: shape[name] for name in model.model_fields if name in shape})


def _stored(record: MemoryRecord, embedded_chars: int | None = None) -> StoredMemory:
    stored: StoredMemory = _projected(record, StoredMemory, embedded_chars=embedded_chars)
    return stored


@contextmanager
def _reported() -> Iterator[None]:
    """Hindsight's own errors reach the model as a tool error with their message (no traceback)."""
    try:
        yield
    except HindsightError as exc:
        raise ToolError(str(exc)) from None


# -- tool descriptions -------------------------------------------------------------------------------

_INSTRUCTIONS = """\
Long-term memory for the user you are talking to, kept across conversations. Recall before you
answer (retrieve_memory) whenever the past could matter; store what will matter later
(store_memory, save_preference). The user is fixed by this connection: there is no user argument,
and you only ever see this user's memories."""

_STORE = """\
Remember something for later: a fact the user stated, a decision, a commitment, an order or ticket
number, anything you will need in a later turn or conversation. Use it as soon as the user tells
you something worth keeping; do not store greetings, small talk or your own reasoning.

memory_type: "working" keeps it for this conversation only (scratch context, not saved to disk);
"short_term" (default) saves it and lets it fade if it is never used again; "long_term" is for
durable facts. For a lasting like, dislike or setting use save_preference instead. metadata are
optional labels (type -> value, e.g. an order id) that help later look-ups; working memory keeps
no metadata. Unsafe text (instructions aimed at the assistant, secrets, card or ID numbers) is
refused, with the reason.

Example: store_memory(content="Order SF123456 arrived damaged; the user wants a refund to the
original card", memory_type="short_term", metadata={"order_id": "SF123456"})"""

_RETRIEVE = """\
Look up what you remember about the user before you answer: at the start of a conversation, and
whenever the user refers to the past ("as I said", "my usual", "that order", "last time") or asks
something their earlier facts or preferences could change. Returns the best matches (id, text,
tier, kind, score, event_time), best first, plus this conversation's working memory.

memory_type limits the search to "short_term" or "long_term" memories (default: both).

Example: retrieve_memory(query="which delivery carrier does the user prefer?", top_k=5)"""

_PREFERENCE = """\
Save a lasting preference or setting of the user as a key and its value, when they say how they
want things from now on ("I always ...", "from now on ...", "please never ...", "I prefer ...").
It is stored long-term; saving the same key again replaces the earlier value.

Example: save_preference(key="delivery_carrier", value="SF Express")"""

_FORGET = """\
Delete one memory for good, by the id that retrieve_memory or list_memories returned. Use it when
the user asks you to forget something, or a memory is wrong. Only this user's memories can be
deleted; any other id is "not found".

Example: forget_memory(id="5e8232438dbf4060b665d0c5cf46aed5")"""

_LIST = """\
List what is stored for the user, newest first: when the user asks what you remember about them,
or to find the id of a memory to forget. memory_type shows only "short_term" or "long_term"
memories (default: both).

Example: list_memories(memory_type="long_term", limit=20)"""


_LOCALITY = """\
Store where the user lives, when they tell you ("I'm in Toronto", "我搬到新加坡了", "I moved back to
London"): their time zone and/or country. Memory then reads the dates they say ("yesterday", "下周五",
"12/3", "Thanksgiving") on their own clock and in their country's way, in this conversation and every
later one. time_zone is an IANA name (Asia/Shanghai, America/Toronto) or an offset (+08:00); region
an ISO country code (CN, CA); give one or both (region defaults to the zone's country). It replaces
what was stored. Not for places the user only mentions or visits briefly.

Example: set_user_locality(time_zone="America/Toronto", region="CA")"""

_OBSERVE = """\
Record one turn of this conversation as it happens: what the user said (role "user"), your answer
(role "assistant"), or a tool's result (role "tool", e.g. "query_order(SF123456) -> in transit").
Memory decides what to keep: it writes a memory when a task is done ("谢谢", "that's all", a tool
reporting success), when a turn carries key information (an order number, a date, a preference),
or when the session ends or idles. Call it for every turn, in order; the text is stored as said.
Unsafe text (instructions aimed at the assistant, secrets, card or ID numbers) is refused, with
the reason, and not kept even for this conversation.

Example: observe_turn(role="user", text="我上周买的耳机订单号是SF123456，一直没到货")"""

_END = """\
End this conversation: memory writes what is still open (the last event's summary and facts) and
forgets the conversation's working memory. Call it once, when the conversation is over.

Example: end_session()"""


# -- the server --------------------------------------------------------------------------------------


class _HindsightMCP(MCPServer[Any]):
    """MCPServer whose argument errors tell the model what was wrong and what the tool expects."""

    async def call_tool(
        self, name: str, arguments: dict[str, Any], context: Context[Any, Any] | None = None
    ) -> CallToolResult | InputRequiredResult:
        schema = await self._input_schema(name)
        if schema is not None:
            unknown = sorted(set(arguments) - set(schema.get("properties", {})))
            if unknown:
                names = ", ".join(repr(arg) for arg in unknown)
                raise ToolError(
                    f"Invalid arguments for {name}: unknown argument {names} (whose memory a call uses "
                    f"is set by the connection, not by arguments). Expected: {_signature(schema)}."
                )
        try:
            return await super().call_tool(name, arguments, context)
        except UnexpectedToolError:
            raise
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(cause, ValidationError) and schema is not None:
                raise ToolError(
                    f"Invalid arguments for {name}: {_problems(cause)}. Expected: {_signature(schema)}."
                ) from cause
            raise

    async def _input_schema(self, name: str) -> dict[str, Any] | None:
        for tool in await self.list_tools():
            if tool.name == name:
                return dict(tool.input_schema)
        return None


def _problems(error: ValidationError) -> str:
    found: list[str] = []
    for problem in error.errors(include_url=False):
        where = ".".join(str(part) for part in problem["loc"]) or "arguments"
        if problem["type"] == "missing":
            found.append(f"{where} is missing (it is required)")
        else:
            found.append(f"{where}: {problem['msg']} (got {problem['input']!r})")
    return "; ".join(found)


def _describe(schema: Mapping[str, Any]) -> str:
    if "enum" in schema:
        return " or ".join(repr(value) for value in schema["enum"])
    if "const" in schema:
        return repr(schema["const"])
    if "anyOf" in schema:
        return " or ".join(_describe(option) for option in schema["anyOf"])
    kind = schema.get("type", "any value")
    if kind == "null":
        return "null"
    if kind == "integer" and ("minimum" in schema or "maximum" in schema):
        return f"an integer from {schema.get('minimum', '-inf')} to {schema.get('maximum', 'inf')}"
    if kind == "object":
        values = schema.get("additionalProperties")
        inner = _describe(values) if isinstance(values, Mapping) else "any value"
        return f"an object whose values are each {inner}"
    if kind == "string" and "maxLength" in schema:
        return f"a string of at most {schema['maxLength']} characters"
    return {
        "string": "a string",
        "integer": "an integer",
        "number": "a number",
        "boolean": "true or false",
    }.get(str(kind), str(kind))


def _signature(schema: Mapping[str, Any]) -> str:
    required = set(schema.get("required", []))
    parts = []
    for name, prop in schema.get("properties", {}).items():
        suffix = "required" if name in required else f"optional, default {json.dumps(prop.get('default'))}"
        parts.append(f"{name} ({_describe(prop)}; {suffix})")
    return "; ".join(parts) or "no arguments"


def build_server(core: AsyncMemory, resolve: ScopeResolver) -> MCPServer[Any]:
    """One MCP server over `core`; every tool call asks `resolve` whose memory it uses."""
    server = _HindsightMCP("hindsight", version=__version__, instructions=_INSTRUCTIONS, log_level="WARNING")

    def scoped(ctx: Context[Any, Any]) -> tuple[TenantMemory, Scope]:
        scope = resolve(ctx.request_context.request)
        return core.for_tenant(scope.tenant), scope

    @server.tool(
        name="store_memory",
        description=_STORE,
        annotations=ToolAnnotations(title="Store a memory", destructive_hint=False, idempotent_hint=False),
    )
    async def store_memory(
        content: Annotated[str, Field(min_length=1, description="What to remember, as a full sentence.")],
        ctx: Context[Any, Any],
        memory_type: Annotated[
            MemoryType, Field(description="working | short_term (default) | long_term")
        ] = "short_term",
        metadata: Annotated[
            dict[str, str] | None,
            Field(max_length=20, description="Optional labels, type -> value (e.g. order_id -> SF123456)."),
        ] = None,
    ) -> StoredMemory:
        with _reported():
            memory, scope = scoped(ctx)
            content = validate.text(content, "content", max_chars=core.settings.max_text_chars)
            if memory_type == "working":
                # observe guards a working-memory note too (it is blended into later recall
                # queries) and logs a refusal; the tool says why instead of returning nothing.
                observed = await memory.observe(
                    scope.user,
                    scope.session,
                    "assistant",  # the agent's own note, shown in the working memory as a "note"
                    content,
                    turn_id=new_record_id(),
                    persist=False,
                    speaker="note",
                )
                if observed.decision == "refused":
                    raise WriteRejected("refused", observed.reason)
                return StoredMemory(id=observed.turn.turn_id, tier="working", kind="turn", text=content)
            zone, region = _locality_headers(ctx.request_context.request)
            remembered = await memory.remember(
                scope.user, content, _TIER_OF[memory_type], "fact", metadata, time_zone=zone, region=region
            )
            return _stored(remembered.record, embedded_chars=remembered.embedded_chars)

    @server.tool(
        name="retrieve_memory",
        description=_RETRIEVE,
        annotations=ToolAnnotations(title="Recall memories", read_only_hint=True),
    )
    async def retrieve_memory(
        query: Annotated[str, Field(min_length=1, description="What you want to know, in plain words.")],
        ctx: Context[Any, Any],
        top_k: Annotated[
            int, Field(ge=1, le=MAX_TOP_K, description=f"How many memories to return (1-{MAX_TOP_K}).")
        ] = 5,
        memory_type: Annotated[
            StoredType | None, Field(description="short_term | long_term | null (both)")
        ] = None,
    ) -> Retrieved:
        with _reported():
            memory, scope = scoped(ctx)
            tier = _TIER_OF[memory_type] if memory_type is not None else None
            zone, region = _locality_headers(ctx.request_context.request)
            answer = await memory.recall(
                scope.user, query, scope.session, top_k, tier, time_zone=zone, region=region
            )
            return Retrieved(
                query=query,
                memories=[
                    _projected(hit.record, RecalledMemory, score=round(hit.score, 4)) for hit in answer.hits
                ],
                working_memory=[
                    WorkingTurn(id=turn.turn_id, role=turn.role, text=turn.text, time=turn.time.isoformat())
                    for turn in answer.working
                ],
            )

    @server.tool(
        name="save_preference",
        description=_PREFERENCE,
        annotations=ToolAnnotations(title="Save a preference", destructive_hint=False, idempotent_hint=True),
    )
    async def save_preference(
        key: Annotated[
            str,
            Field(min_length=1, max_length=100, description="What the preference is about, e.g. language."),
        ],
        value: Annotated[str, Field(min_length=1, max_length=2000, description="The preferred value.")],
        ctx: Context[Any, Any],
    ) -> SavedPreference:
        with _reported():
            memory, scope = scoped(ctx)
            key, value = key.strip(), value.strip()
            if not key or not value or "\n" in key:
                raise InvalidInput("key and value must be non-empty, and key a single line")
            # The key is the slot: a new value closes the old one (kept in history for as_of), and
            # remember says which it closed.
            zone, region = _locality_headers(ctx.request_context.request)
            remembered = await memory.remember(
                scope.user,
                f"{key}: {value}",
                "long",
                "preference",
                {key: value},
                slot=key,
                time_zone=zone,
                region=region,
            )
            return SavedPreference(
                id=remembered.record.id,
                key=key,
                value=value,
                tier=_TYPE_OF[remembered.record.tier],
                replaced=sorted(record.id for record in remembered.closed),
            )

    @server.tool(
        name="forget_memory",
        description=_FORGET,
        annotations=ToolAnnotations(title="Forget a memory", destructive_hint=True, idempotent_hint=True),
    )
    async def forget_memory(
        id: Annotated[str, Field(min_length=1, max_length=256, description="The memory's id.")],
        ctx: Context[Any, Any],
    ) -> Forgotten:
        with _reported():
            memory, scope = scoped(ctx)
            record = await memory.get(id)
            if record.user_id != scope.user:
                raise NotFound(f"no memory with id {id!r}")
            gone = await memory.forget(record.id)
            return Forgotten(id=gone.id, text=gone.text, tier=_TYPE_OF[gone.tier], kind=gone.kind)

    @server.tool(
        name="set_user_locality",
        description=_LOCALITY,
        annotations=ToolAnnotations(
            title="Store where the user lives", destructive_hint=False, idempotent_hint=True
        ),
    )
    async def set_user_locality(
        ctx: Context[Any, Any],
        time_zone: Annotated[
            str | None,
            Field(max_length=64, description="IANA time zone (Asia/Shanghai) or offset (+08:00)"),
        ] = None,
        region: Annotated[
            str | None, Field(max_length=8, description="ISO 3166-1 alpha-2 country code (CN)")
        ] = None,
    ) -> UserLocalitySet:
        with _reported():
            memory, scope = scoped(ctx)
            stored = await memory.set_locality(scope.user, time_zone, region)
            return UserLocalitySet(time_zone=stored.time_zone, region=stored.region)

    @server.tool(
        name="observe_turn",
        description=_OBSERVE,
        annotations=ToolAnnotations(title="Observe a turn", destructive_hint=False, idempotent_hint=False),
    )
    async def observe_turn(
        role: Annotated[TurnRole, Field(description="user | assistant | tool")],
        text: Annotated[str, Field(min_length=1, description="The turn, as said (a tool's result as text).")],
        ctx: Context[Any, Any],
    ) -> ObservedTurn:
        with _reported():
            memory, scope = scoped(ctx)
            text = validate.text(text, "text", max_chars=core.settings.max_text_chars)
            zone, region = _locality_headers(ctx.request_context.request)
            observed = await memory.observe(
                scope.user, scope.session, role, text, time_zone=zone, region=region
            )
            refused = observed.decision == "refused"
            return ObservedTurn(
                role=role,
                decision=observed.decision,
                stored=not refused,
                reason=observed.reason if refused else None,
                written=[_stored(record) for record in observed.records],
            )

    @server.tool(
        name="end_session",
        description=_END,
        annotations=ToolAnnotations(
            title="End the conversation", destructive_hint=False, idempotent_hint=True
        ),
    )
    async def end_session(ctx: Context[Any, Any]) -> EndedSession:
        with _reported():
            memory, scope = scoped(ctx)
            zone, region = _locality_headers(ctx.request_context.request)
            written = await memory.end_session(scope.user, scope.session, time_zone=zone, region=region)
            return EndedSession(written=[_stored(record) for record in written.records])

    @server.tool(
        name="list_memories",
        description=_LIST,
        annotations=ToolAnnotations(title="List memories", read_only_hint=True),
    )
    async def list_memories(
        ctx: Context[Any, Any],
        memory_type: Annotated[
            StoredType | None, Field(description="short_term | long_term | null (both)")
        ] = None,
        limit: Annotated[
            int, Field(ge=1, le=MAX_MODEL_LIST, description=f"At most this many (1-{MAX_MODEL_LIST}).")
        ] = 20,
    ) -> MemoryList:
        with _reported():
            memory, scope = scoped(ctx)
            tier = _TIER_OF[memory_type] if memory_type is not None else None
            records = await memory.memories(scope.user, tier, None, limit)
            return MemoryList(
                count=len(records), memories=[_projected(record, ListedMemory) for record in records]
            )

    return server


# -- stdio -------------------------------------------------------------------------------------------


def run_stdio(settings: Settings, environ: Mapping[str, str] | None = None) -> None:
    """Serve MCP over stdin/stdout until the client closes it (`hindsight mcp`). The scope comes
    from HINDSIGHT_MCP_USER (required), HINDSIGHT_MCP_TENANT and HINDSIGHT_MCP_SESSION; a missing
    user raises InvalidInput before anything is opened."""
    scope = stdio_scope(environ)

    async def serve() -> None:
        async with AsyncMemory(settings=settings) as core:
            await build_server(core, _fixed(scope)).run_stdio_async()

    asyncio.run(serve())


# -- streamable HTTP ---------------------------------------------------------------------------------


class _Gate:
    """Refuses a request without valid credentials or a user before the MCP layer sees it (the
    tools check again per call). Path-agnostic: it serves whatever path it is mounted on."""

    def __init__(self, inner: StreamableHTTPSessionManager, keys: KeyRing) -> None:
        self._inner = inner
        self._keys = keys

    async def __call__(self, scope: AsgiScope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return  # no websockets, no lifespan: the host enters McpHttp.lifespan()
        try:
            http_scope(Headers(scope=scope), self._keys)
        except Unauthorized as exc:
            await _refusal(401, -32001, str(exc), {"WWW-Authenticate": "Bearer"})(scope, receive, send)
            return
        except HindsightError as exc:
            await _refusal(400, -32600, str(exc))(scope, receive, send)
            return
        await self._inner.handle_request(scope, receive, plain_protocol_errors(send))


def _refusal(status: int, code: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """A JSON-RPC error body, so an MCP client shows the message rather than just the status."""
    body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": message}}
    return JSONResponse(body, status_code=status, headers=headers)


@dataclass
class McpHttp:
    """The streamable HTTP endpoint: `app` (ASGI, path-agnostic) and `lifespan()` (enter once)."""

    server: MCPServer[Any]
    session_manager: StreamableHTTPSessionManager
    app: ASGIApp = field(repr=False)
    """Checks the key and the user header, then serves MCP; a callable object (not a function), so
    `Route(path, app)` treats it as an ASGI app."""

    def lifespan(self) -> AbstractAsyncContextManager[None]:
        """Runs the MCP session manager; the host app enters it at startup, once."""
        return self.session_manager.run()

    def routes(self, path: str = "/mcp") -> list[BaseRoute]:
        """Routes serving the endpoint at `path` and `path/` (no redirect between them)."""
        path = "/" + path.strip("/")
        return [Route(path, self.app), Mount(path, app=self.app)]


def create_mcp_http(
    core: AsyncMemory,
    keys: KeyRing,
    *,
    transport_security: TransportSecuritySettings | None = None,
    max_request_bytes: int | None = None,
    json_response: bool = False,
    stateless: bool = False,
) -> McpHttp:
    """The MCP endpoint for the HTTP server. `transport_security` turns on the SDK's Host/Origin
    checks (DNS-rebinding protection; off by default, since the host server decides where it
    listens); `max_request_bytes` caps a request body (default: the SDK's 4 MiB); `stateless` serves
    without MCP sessions, so any replica behind a load balancer answers any request (working
    memory then comes from X-Hindsight-Session, default "mcp")."""
    server = build_server(core, _from_headers(keys))
    options: dict[str, Any] = {}
    if max_request_bytes is not None:
        options["max_request_body_size"] = max_request_bytes
    server.streamable_http_app(
        streamable_http_path="/",
        json_response=json_response,
        stateless_http=stateless,
        transport_security=transport_security
        or TransportSecuritySettings(enable_dns_rebinding_protection=False),
        **options,
    )
    manager = server.session_manager
    return McpHttp(server=server, session_manager=manager, app=_Gate(manager, keys))
