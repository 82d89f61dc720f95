"""The surfaces cannot drift: every operation of the core is on every surface, or the table below
says why not - and every route, tool and command is in the table.

The table is the one place that says what each surface offers. Adding an operation to the core, a
route to the API, a tool to the MCP server or a command to the CLI without saying so here fails;
so does a surface losing something another has, and a request body or command missing a parameter
the core takes (HTTP RememberIn once had no `slot`; the sync Memory once lacked `tally`).
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import pytest
from pydantic import BaseModel

from hindsight import Memory, Settings
from hindsight.cli import cli
from hindsight.embedding.hashing import HashEmbedder
from hindsight.memory import AsyncMemory, TenantMemory
from hindsight.models import Scope
from hindsight.server.http import create_app, schemas
from hindsight.server.mcp import build_server


@dataclass(frozen=True)
class Not:
    """Deliberately not on this surface, and why."""

    why: str


OPERATOR = Not("the operator's, over the whole store: never a tenant's")
MODEL = Not("an operator's or a console's look, not a tool the model needs")
PLUMBING = Not("the process's own plumbing")
Where = str | tuple[str, ...] | Not

# operation -> (HTTP "METHOD /path"(s), MCP tool(s), CLI command(s))
SURFACES: dict[str, tuple[Where, Where, Where]] = {
    "observe": (
        "POST /v1/observe",
        ("observe_turn", "store_memory"),
        ("observe", "ingest"),
    ),  # store_memory: notes
    "end_session": ("POST /v1/end_session", "end_session", "end-session"),
    "remember": ("POST /v1/remember", ("store_memory", "save_preference"), "remember"),
    "recall": ("POST /v1/recall", "retrieve_memory", "recall"),
    "working": ("GET /v1/users/{user_id}/working/{session_id}", "retrieve_memory", "working"),
    "get": ("GET /v1/memories/{record_id}", MODEL, "get"),
    "forget": ("DELETE /v1/memories/{record_id}", "forget_memory", "forget"),
    "promote": ("POST /v1/memories/{record_id}/promote", MODEL, "promote"),
    "demote": ("POST /v1/memories/{record_id}/demote", MODEL, "demote"),
    "revise": ("POST /v1/memories/{record_id}/revise", MODEL, "revise"),
    "memories": ("GET /v1/users/{user_id}/memories", "list_memories", Not("`dump USER` shows them all")),
    "records": ("GET /v1/users/{user_id}/history", MODEL, "dump"),
    "record_page": ("GET /v1/users/{user_id}/pages/{tier}", MODEL, Not("`dump USER` shows them all")),
    "count_records": ("GET /v1/users/{user_id}/count/{tier}", MODEL, "stats"),
    "tally": ("GET /v1/tally", MODEL, "stats"),
    "users": ("GET /v1/users", MODEL, "users"),
    "stats": ("GET /v1/stats", MODEL, "stats"),
    "dump": (("GET /v1/dump", "GET /debug/dump"), MODEL, "dump"),
    "write_log": (Not("the API pages the log (log_page)"), MODEL, "log"),
    "log_page": ("GET /v1/log", MODEL, "log"),
    "count_log": ("GET /v1/log/count", MODEL, "log"),
    "dead_letters": ("GET /v1/dead-letters", MODEL, "queue"),
    "dead_letter_page": (Not("dead letters are few: the API lists them whole"), MODEL, "queue"),
    "retry": ("POST /v1/dead-letters/{entry_id}/retry", MODEL, "queue"),
    "maintain": ("POST /v1/maintain", MODEL, "maintain"),
    "set_locality": ("PUT /v1/users/{user_id}/locality", "set_user_locality", "locality"),
    "locality": ("GET /v1/users/{user_id}/locality", MODEL, "locality"),
    "clear_locality": ("DELETE /v1/users/{user_id}/locality", MODEL, "locality"),
    # The operator's, on AsyncMemory and Memory only.
    "scopes": (OPERATOR, OPERATOR, "users"),
    "queue": (OPERATOR, OPERATOR, "queue"),
    "requeue": (OPERATOR, OPERATOR, "queue"),
    "process_queue": (OPERATOR, OPERATOR, "queue"),
    "flush": (OPERATOR, OPERATOR, "worker"),
    "work": (OPERATOR, OPERATOR, "worker"),
    "backup": (OPERATOR, OPERATOR, "backup"),
    "doctor": (OPERATOR, OPERATOR, "doctor"),
    "restore": (OPERATOR, OPERATOR, "restore"),
    "for_tenant": (PLUMBING, PLUMBING, Not("the --tenant option")),
    "close": (PLUMBING, PLUMBING, PLUMBING),
}
OPERATOR_ONLY = {name for name, (http, _, _) in SURFACES.items() if http in (OPERATOR, PLUMBING)}

PROBES = {"GET /health", "GET /ready", "GET /metrics"}
"""Routes about the process, not the memory."""
COMMANDS_BEYOND_THE_CORE = {"serve", "mcp", "demo", "bench", "reindex", "agent", "tools"}
"""Commands that run a surface, or a tool over the store, rather than one memory operation."""


def named(where: Where) -> set[str]:
    if isinstance(where, Not):
        return set()
    return {where} if isinstance(where, str) else set(where)


def public_methods(cls: type) -> dict[str, Callable[..., Any]]:
    return {
        name: member
        for name, member in inspect.getmembers(cls)
        if not name.startswith("_") and callable(member)
    }


def parameters(method: Callable[..., Any]) -> list[tuple[str, object]]:
    return [(p.name, p.default) for p in inspect.signature(method).parameters.values() if p.name != "self"]


# -- the core and its facades ---------------------------------------------------------------------------


def test_the_table_names_every_operation_of_the_core() -> None:
    assert set(public_methods(AsyncMemory)) == set(SURFACES)


def test_the_sync_facade_has_every_method_with_the_same_parameters() -> None:
    core, sync = public_methods(AsyncMemory), public_methods(Memory)
    assert set(sync) == set(core)
    for name, method in core.items():
        assert parameters(sync[name]) == parameters(method), name
        assert inspect.iscoroutinefunction(method) or name == "for_tenant", name


def test_a_tenants_view_has_every_operation_but_the_operators() -> None:
    view, core = public_methods(TenantMemory), public_methods(AsyncMemory)
    assert set(view) == set(core) - OPERATOR_ONLY
    for name in view:
        assert parameters(view[name]) == parameters(core[name]), name


# -- HTTP ---------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def openapi(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    memory = AsyncMemory(
        settings=Settings(home=tmp_path_factory.mktemp("parity"), embedder="hash"),
        embedder=HashEmbedder(),
        background=False,
    )
    try:
        spec: dict[str, Any] = create_app(core=memory).openapi()
        return spec
    finally:
        asyncio.run(memory.close())


def test_every_route_is_an_operation_in_the_table_and_every_operation_a_route_or_excused(
    openapi: dict[str, Any],
) -> None:
    routes = {f"{method.upper()} {path}" for path, methods in openapi["paths"].items() for method in methods}
    declared = {route for http, _, _ in SURFACES.values() for route in named(http)}
    assert routes - PROBES == declared


BODIES: dict[str, tuple[type[BaseModel], set[str]]] = {
    # operation -> (its request body, the body's fields that are the transport's, not the core's)
    "observe": (schemas.ObserveIn, set()),
    "end_session": (schemas.EndSessionIn, set()),
    "remember": (schemas.RememberIn, set()),
    "recall": (schemas.RecallIn, {"explain"}),
    "maintain": (schemas.MaintainIn, set()),
}
NOT_OVER_HTTP = {"maintain": {"progress"}}
"""Core parameters a request cannot carry (a callback)."""


@pytest.mark.parametrize("operation", sorted(BODIES))
def test_a_request_body_carries_every_parameter_of_its_operation(operation: str) -> None:
    body, transport = BODIES[operation]
    core = {name for name, _ in parameters(getattr(AsyncMemory, operation))} - NOT_OVER_HTTP.get(
        operation, set()
    )
    assert set(body.model_fields) - transport == core


# -- MCP ----------------------------------------------------------------------------------------------------


def test_every_tool_is_in_the_table(tmp_path: Path) -> None:
    async def tools() -> set[str]:
        memory = AsyncMemory(
            settings=Settings(home=tmp_path, embedder="hash"), embedder=HashEmbedder(), background=False
        )
        try:
            server = build_server(memory, lambda _request: Scope("default", "u", session="s"))
            return {tool.name for tool in await server.list_tools()}
        finally:
            await memory.close()

    declared = {tool for _, mcp, _ in SURFACES.values() for tool in named(mcp)}
    assert asyncio.run(tools()) == declared


# -- CLI ----------------------------------------------------------------------------------------------------


def test_every_command_is_in_the_table() -> None:
    declared = {command for _, _, command in SURFACES.values() for command in named(command)}
    assert set(cli.commands) - COMMANDS_BEYOND_THE_CORE == declared


CLI_COVERS: dict[str, tuple[str, set[str]]] = {
    # operation -> (command, core parameters it leaves out on purpose)
    "observe": ("observe", set()),
    "remember": ("remember", set()),
    "recall": ("recall", set()),
    "end_session": ("end-session", {"time"}),
    "maintain": ("maintain", {"progress"}),
}
CLI_NAMES = {
    # a core parameter -> the name of its CLI option or argument, where they differ
    "time": "when",
    "persist": "working_only",
    "count_hits": "no_count",
}


@pytest.mark.parametrize("operation", sorted(CLI_COVERS))
def test_a_command_takes_every_parameter_of_its_operation(operation: str) -> None:
    command, left_out = CLI_COVERS[operation]
    found = cli.commands[command]
    assert isinstance(found, click.Command)
    given = {param.name for param in found.params}
    for name, _ in parameters(getattr(AsyncMemory, operation)):
        if name not in left_out:
            assert CLI_NAMES.get(name, name) in given, (command, name)
