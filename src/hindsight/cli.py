"""`hindsight ...`: a thin command-line adapter over hindsight.Memory."""

from __future__ import annotations

import dataclasses
import json
import sys
import tempfile
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

import click
from pydantic import ValidationError

from hindsight.errors import HindsightError, meaning_of
from hindsight.facade import Memory
from hindsight.limits import DEFAULT_TOKEN_BUDGET, MAX_TOKEN_BUDGET, MAX_TOP_K
from hindsight.models import ROLES, Hit, MemoryRecord
from hindsight.serialize import locality_dict, record_dict
from hindsight.settings import Settings, settings_problem

F = TypeVar("F", bound=Callable[..., Any])


_SETTINGS_OPTIONS = ("home", "embedder")


def _settings(ctx: click.Context) -> Settings:
    options: dict[str, Any] = ctx.obj or {}
    overrides = {key: options[key] for key in _SETTINGS_OPTIONS if options.get(key) is not None}
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise click.UsageError(settings_problem(exc)) from None


class _Opened:
    """The memory a command works on (the --tenant's view, if one was given) and its owner, closed
    together."""

    def __init__(self, ctx: click.Context, background: bool) -> None:
        self.owner = Memory(settings=_settings(ctx), background=background)
        tenant = (ctx.obj or {}).get("tenant")
        self.view = self.owner.for_tenant(tenant) if tenant else self.owner

    def __enter__(self) -> Memory:
        return self.view

    def __exit__(self, *exc: object) -> None:
        self.owner.close()


def _memory(ctx: click.Context, *, background: bool = False) -> _Opened:
    """A command's memory. A command is short: it runs no loop of background work of its own (the
    server or the worker do that), but it applies what it writes, as every process does."""
    return _Opened(ctx, background)


def friendly_errors(func: F) -> F:
    """Hindsight's own errors become one clear line on stderr and the exit code the error table
    gives (hindsight.errors), never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except HindsightError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(meaning_of(exc).exit_code)

    return cast(F, wrapper)


@click.group()
@click.option(
    "--home", type=click.Path(path_type=Path), default=None, help="Store directory [HINDSIGHT_HOME]."
)
@click.option(
    "--embedder",
    type=click.Choice(["e5", "use", "minilm", "openai", "hash"]),
    default=None,
    help="Embedding model [HINDSIGHT_EMBEDDER, default e5].",
)
@click.option(
    "--tenant",
    default=None,
    help="Work inside this tenant (a server's API key picks one); default: the default tenant's "
    "users, and any tenant's record by id.",
)
@click.version_option(package_name="hindsight-memory")
@click.pass_context
def cli(ctx: click.Context, home: Path | None, embedder: str | None, tenant: str | None) -> None:
    """Hindsight: memory for LLM agents (working, short-term and long-term)."""
    ctx.obj = {"home": home, "embedder": embedder, "tenant": tenant}


def _record_json(record: MemoryRecord) -> dict[str, Any]:
    return record_dict(record)


def _text_or_stdin(value: str) -> str:
    """`-` reads the text from standard input (long or piped text)."""
    if value != "-":
        return value
    with click.open_file("-", encoding="utf-8") as stdin:
        text: str = stdin.read()
    return text


def _parse_entities(pairs: tuple[str, ...]) -> dict[str, str]:
    entities: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise click.BadParameter(
                f"{pair!r} is not TYPE=VALUE (e.g. order_id=SF123456)", param_hint="--entity"
            )
        entities[key.strip()] = value.strip()
    return entities


@cli.command()
@click.argument("user_id")
@click.argument("text")
@click.option("--tier", type=click.Choice(["short", "long"]), default="short", show_default=True)
@click.option(
    "--kind",
    type=click.Choice(["fact", "preference", "summary", "pattern", "turn"]),
    default="fact",
    show_default=True,
)
@click.option("--entity", "entities", multiple=True, help="TYPE=VALUE, repeatable.")
@click.option("--importance", type=click.FloatRange(0, 1), default=None)
@click.option("--time", "when", default=None, help="ISO 8601 time of the statement (default now).")
@click.option("--source", "source_ids", multiple=True, help="A turn id it comes from, repeatable.")
@click.option("--slot", default=None, help="What it states a value of: a later value of the slot closes it.")
@click.option("--agent", "agent_id", default=None, help="The agent that stores it.")
@click.option("--session", "session_id", default=None, help="The conversation it comes from.")
@click.option("--time-zone", default=None, help="The user's time zone for a date the text names.")
@click.option("--region", default=None, help="The user's country (ISO 3166-1 alpha-2) for such a date.")
@click.pass_context
@friendly_errors
def remember(
    ctx: click.Context,
    user_id: str,
    text: str,
    tier: str,
    kind: str,
    entities: tuple[str, ...],
    importance: float | None,
    when: str | None,
    source_ids: tuple[str, ...],
    slot: str | None,
    agent_id: str | None,
    session_id: str | None,
    time_zone: str | None,
    region: str | None,
) -> None:
    """Store one memory for USER_ID (TEXT `-`: read it from standard input)."""
    with _memory(ctx) as memory:
        remembered = memory.remember(
            user_id,
            _text_or_stdin(text),
            tier=tier,
            kind=kind,
            entities=_parse_entities(entities) or None,
            importance=importance,
            time=when,
            source_ids=list(source_ids) or None,
            slot=slot,
            agent_id=agent_id,
            session_id=session_id,
            time_zone=time_zone,
            region=region,
        )
    record = remembered.record
    click.echo(f"remembered {record.id} ({record.tier}-term {record.kind})")
    for closed in remembered.closed:
        click.echo(f"  it replaces {closed.id}: {closed.text[:80]}")
    if remembered.embedded_chars is not None:
        click.echo(
            f"  recall by meaning reads its first {remembered.embedded_chars:,} characters "
            f"(of {len(record.text):,}); the whole text is stored and found by its words"
        )


def _explain(hit: Hit) -> str:
    parts = ", ".join(f"{route} {score:.3f}" for route, score in sorted(hit.scores.items()))
    return f"      why: fused {hit.score:.3f} = {parts or 'no route'}"


@cli.command()
@click.argument("user_id")
@click.argument("query")
@click.option("--top-k", "-k", type=click.IntRange(1, MAX_TOP_K), default=5, show_default=True)
@click.option("--tier", type=click.Choice(["short", "long"]), default=None)
@click.option("--profile", default="default", show_default=True)
@click.option("--now", default=None, help="ISO 8601 'now' for relative dates.")
@click.option("--as-of", default=None, help="Recall what was valid at this ISO 8601 time.")
@click.option("--session", "session_id", default=None, help="Read this session's working memory with it.")
@click.option("--token-budget", type=click.IntRange(1, MAX_TOKEN_BUDGET), default=DEFAULT_TOKEN_BUDGET)
@click.option("--no-count", is_flag=True, help="Do not count the hits for the lifecycle (just looking).")
@click.option(
    "--min-score",
    type=click.FloatRange(0),
    default=None,
    help="Leave out hits scoring below this (default HINDSIGHT_RECALL_MIN_SCORE).",
)
@click.option(
    "--time-zone",
    default=None,
    help="The user's time zone for times the query names (e.g. Asia/Shanghai, +08:00; "
    "default HINDSIGHT_TIME_ZONE).",
)
@click.option(
    "--region",
    default=None,
    help="The user's country (ISO code: GB, AU, CN) for dates in digits, seasons and holidays.",
)
@click.option("--explain", is_flag=True, help="Show the per-route scores behind each hit.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
@friendly_errors
def recall(
    ctx: click.Context,
    user_id: str,
    query: str,
    top_k: int,
    tier: str | None,
    profile: str,
    now: str | None,
    as_of: str | None,
    session_id: str | None,
    token_budget: int,
    no_count: bool,
    min_score: float | None,
    time_zone: str | None,
    region: str | None,
    explain: bool,
    as_json: bool,
) -> None:
    """Recall USER_ID's memories that answer QUERY (`-`: read it from standard input)."""
    query = _text_or_stdin(query)
    with _memory(ctx) as memory:
        answer = memory.recall(
            user_id,
            query,
            session_id=session_id,
            top_k=top_k,
            tier=tier,
            profile=profile,
            now=now,
            as_of=as_of,
            token_budget=token_budget,
            count_hits=not no_count,
            min_score=min_score,
            time_zone=time_zone,
            region=region,
        )
    if as_json:
        payload = [
            {"score": hit.score, "scores": hit.scores, "record": _record_json(hit.record)}
            for hit in answer.hits
        ]
        click.echo(
            json.dumps({"query": query, "hits": payload, "timings_ms": answer.timings}, ensure_ascii=False)
        )
        return
    if not answer.hits:
        click.echo("nothing recalled")
        return
    for rank, hit in enumerate(answer.hits, start=1):
        record = hit.record
        click.echo(f"{rank}. [{record.tier}] {record.text}  ({record.id[:12]}, score {hit.score:.3f})")
        if explain:
            click.echo(_explain(hit))
    if explain:
        steps = ", ".join(f"{step} {ms:.1f} ms" for step, ms in answer.timings.items())
        click.echo(f"timings: {steps}; {answer.tokens} tokens")
        for name, note in answer.notes.items():  # issue 16: the time filter, the minimum score
            click.echo(f"{name}: {note}")


@cli.command()
@click.argument("user_id", required=False)
@click.option("--json", "as_json", is_flag=True, help="Every record (closed versions too) as JSON lines.")
@click.pass_context
@friendly_errors
def dump(ctx: click.Context, user_id: str | None, as_json: bool) -> None:
    """Print what is remembered (one user, or everyone), per tier."""
    with _memory(ctx) as memory:
        if not as_json:
            click.echo(memory.dump(user_id), nl=False)
            return
        if user_id is not None:
            users = [(memory, user_id)]
        elif (ctx.obj or {}).get("tenant"):
            users = [(memory, user) for user in memory.users()]
        else:
            users = [(memory.for_tenant(s.tenant), s.user) for s in memory.scopes()]
        for view, user in users:
            for record in view.records(user):
                click.echo(json.dumps({"tenant": record.tenant, **_record_json(record)}, ensure_ascii=False))


@cli.command()
@click.argument("record_id")
@click.pass_context
@friendly_errors
def get(ctx: click.Context, record_id: str) -> None:
    """Show one record as JSON."""
    with _memory(ctx) as memory:
        record = memory.get(record_id)
    click.echo(json.dumps(_record_json(record), ensure_ascii=False, indent=2))


def _single_record_command(name: str, verb: str, help_text: str) -> None:
    @cli.command(name=name, help=help_text)
    @click.argument("record_id")
    @click.pass_context
    @friendly_errors
    def command(ctx: click.Context, record_id: str) -> None:
        with _memory(ctx) as memory:
            record = getattr(memory, name)(record_id)
        click.echo(f"{verb} {record.id} ({record.tier}-term): {record.text[:80]}")


@cli.command()
@click.argument("record_id")
@click.argument("text")
@click.option("--entity", "entities", multiple=True, help="TYPE=VALUE, repeatable (default: kept).")
@click.pass_context
@friendly_errors
def revise(ctx: click.Context, record_id: str, text: str, entities: tuple[str, ...]) -> None:
    """Correct a memory: a new version says TEXT from now on (`-`: from stdin); the old one is kept
    in history."""
    with _memory(ctx) as memory:
        revised = memory.revise(record_id, _text_or_stdin(text), _parse_entities(entities) or None)
    click.echo(f"revised {revised.closed[0].id} -> {revised.record.id}: {revised.record.text[:80]}")


_single_record_command("forget", "forgot", "Delete one memory for good.")
_single_record_command("promote", "promoted", "Move a memory to long-term.")
_single_record_command("demote", "demoted", "Move a memory to short-term.")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes answering on the port (default HINDSIGHT_SERVE_WORKERS, 1): one a core uses them all.",
)
@click.pass_context
@friendly_errors
def serve(ctx: click.Context, host: str, port: int, workers: int | None) -> None:
    """The HTTP API (/v1, /health, /ready, /metrics, /docs), the MCP endpoint (/mcp) and the console."""
    from hindsight.server.http import serve as run_server

    settings = _settings(ctx)
    if workers is not None:
        settings = settings.model_copy(update={"serve_workers": workers})
    run_server(settings, host, port)


@cli.command()
@click.option("--now", default=None, help="ISO 8601 moment to age the memory to (default: the clock).")
@click.option("--user", "user_id", default=None, help="Only this user's memory.")
@click.option("--details", is_flag=True, help="List every change and its reason.")
@click.option("--no-progress", is_flag=True)
@click.pass_context
@friendly_errors
def maintain(
    ctx: click.Context, now: str | None, user_id: str | None, details: bool, no_progress: bool
) -> None:
    """Age the memory: merge, consolidate, promote, expire, demote (see README, "Lifecycle")."""
    from tqdm import tqdm

    with _memory(ctx) as memory, tqdm(desc="maintain", unit="user", disable=no_progress) as bar:
        report = memory.maintain(now=now, user_id=user_id, progress=lambda _user: bar.update(1))
    click.echo(
        f"maintained {report.users} user(s), {report.examined} memories, as of {report.now:%Y-%m-%d %H:%M}"
    )
    for skipped in report.skipped:
        click.echo(f"left for next time: {skipped}")
    width = max(len(action) for action in report.counts)
    click.echo(f"{'action':<{width}}  count")
    for action, count in report.counts.items():
        click.echo(f"{action:<{width}}  {count:>5}")
    if details:
        for change in report.changes:
            click.echo(f"{change.action:<{width}}  {change.user_id} {change.record_id}: {change.reason}")


@cli.command()
@click.option("--retry", "retry_id", type=int, default=None, help="Requeue one dead letter by its id.")
@click.option("--retry-all", is_flag=True, help="Requeue every dead letter.")
@click.option(
    "--apply", "apply_now", is_flag=True, help="Apply the waiting writes now (no running process holds)."
)
@click.pass_context
@friendly_errors
def queue(ctx: click.Context, retry_id: int | None, retry_all: bool, apply_now: bool) -> None:
    """Show the durable write queue and its dead letters; requeue dead letters; apply what waits."""
    from hindsight.render import render_queue_entry

    with _memory(ctx) as memory:
        if retry_id is not None or retry_all:
            moved = memory.requeue(retry_id)
            click.echo(f"requeued {moved} dead letter(s)")
        if apply_now:
            click.echo(f"applied {memory.process_queue()} waiting write(s)")
        waiting, dead = memory.queue()
    click.echo(f"waiting ({len(waiting)})")
    for entry in waiting:
        click.echo(render_queue_entry(entry))
    click.echo(f"dead letters ({len(dead)})")
    for entry in dead:
        click.echo(render_queue_entry(entry))


@cli.command()
@click.argument("user_id")
@click.argument("session_id")
@click.argument("role", type=click.Choice(ROLES))
@click.argument("text")
@click.option("--speaker", default=None, help="A participant's name, in a conversation between people.")
@click.option("--time", "when", default=None, help="ISO 8601 time of the turn (default now).")
@click.option("--turn-id", default=None, help="Names the turn (records built from it cite it).")
@click.option("--agent", "agent_id", default=None, help="The agent that saw the turn.")
@click.option("--working-only", is_flag=True, help="Keep it in working memory only, not stored.")
@click.option("--time-zone", default=None, help="The user's time zone for a date the turn names.")
@click.option("--region", default=None, help="The user's country (ISO 3166-1 alpha-2) for such a date.")
@click.pass_context
@friendly_errors
def observe(
    ctx: click.Context,
    user_id: str,
    session_id: str,
    role: str,
    text: str,
    speaker: str | None,
    when: str | None,
    turn_id: str | None,
    agent_id: str | None,
    working_only: bool,
    time_zone: str | None,
    region: str | None,
) -> None:
    """One turn of USER_ID's conversation SESSION_ID, said by ROLE (user, assistant or tool; TEXT `-`:
    from stdin)."""
    with _memory(ctx) as memory:
        observed = memory.observe(
            user_id,
            session_id,
            role,
            _text_or_stdin(text),
            when,
            turn_id=turn_id,
            persist=not working_only,
            agent_id=agent_id,
            speaker=speaker,
            time_zone=time_zone,
            region=region,
        )
    reason = f": {observed.reason}" if observed.reason else ""
    click.echo(f"{observed.decision}{reason} (turn {observed.turn.turn_id})")
    for record in observed.records:
        click.echo(f"  wrote {record.id} ({record.tier}-term {record.kind}): {record.text[:80]}")
    for record in observed.closed:
        click.echo(f"  closed {record.id}: {record.text[:80]}")


@cli.command()
@click.argument("user_id")
@click.argument("session_id")
@click.pass_context
@friendly_errors
def working(ctx: click.Context, user_id: str, session_id: str) -> None:
    """USER_ID's working memory in session SESSION_ID: its last turns, oldest first."""
    with _memory(ctx) as memory:
        turns = memory.working(user_id, session_id)
    for turn in turns:
        click.echo(f"{turn.time:%Y-%m-%d %H:%M}  {turn.role}: {turn.text}")
    if not turns:
        click.echo("no working memory (an unknown, ended or idle session)")


@cli.command()
@click.argument("user_id")
@click.option("--time-zone", help="Store the user's time zone: an IANA name (Asia/Shanghai) or an offset.")
@click.option("--region", help="Store the user's country: ISO 3166-1 alpha-2 (CN); default: the zone's.")
@click.option("--clear", is_flag=True, help="Remove what is stored (the settings' zone and region apply).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
@click.pass_context
@friendly_errors
def locality(
    ctx: click.Context, user_id: str, time_zone: str | None, region: str | None, clear: bool, as_json: bool
) -> None:
    """Where USER_ID lives: shown; with --time-zone / --region stored (replacing what was), with
    --clear removed. Every process then reads the times the user's queries and turns name on it."""
    if clear and (time_zone or region):
        raise click.UsageError("--clear stores nothing: give it alone")
    with _memory(ctx) as memory:
        if clear:
            memory.clear_locality(user_id)
            stored = None
        elif time_zone is not None or region is not None:
            stored = memory.set_locality(user_id, time_zone, region)
        else:
            stored = memory.locality(user_id)
    if as_json:
        click.echo(json.dumps(locality_dict(user_id, stored), ensure_ascii=False))
    elif stored is None:
        click.echo(f"nothing stored for {user_id}: the settings' time zone and region apply")
    else:
        from hindsight.locality import country_of

        settings = "as the settings say"
        zone = stored.time_zone or settings
        region_said = stored.region or (stored.time_zone and country_of(stored.time_zone)) or settings
        click.echo(f"{user_id}: time zone {zone}, region {region_said}")


@cli.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False, exists=True))
@click.option(
    "--user", "user_id", default="user", show_default=True, help="Whose, where the file does not say."
)
@click.option(
    "--session", "session_id", default="ingest", show_default=True, help="Which conversation, likewise."
)
@click.option(
    "--keep-open", is_flag=True, help="Leave the sessions open (no end-session after the last turn)."
)
@click.option("--no-progress", is_flag=True)
@click.pass_context
@friendly_errors
def ingest(
    ctx: click.Context, path: Path, user_id: str, session_id: str, keep_open: bool, no_progress: bool
) -> None:
    """Observe a whole transcript: JSON Lines of turns, a chat export (OpenAI's `messages`), or the
    benchmark format; then end each session it had. Prints what was written, skipped and refused."""
    from collections import Counter

    from tqdm import tqdm

    from hindsight.ingest import read_turns

    turns = list(read_turns(path, user_id, session_id))  # the whole file is checked before a write
    decisions: Counter[str] = Counter()
    written = 0
    sessions: dict[tuple[str, str], None] = {}
    with (
        _memory(ctx) as memory,
        tqdm(total=len(turns), unit="turn", desc="ingest", disable=no_progress) as bar,
    ):
        for turn in turns:
            observed = memory.observe(
                turn.user,
                turn.session,
                turn.role,
                turn.text,
                turn.time,
                turn_id=turn.turn_id,
                speaker=turn.speaker,
            )
            decisions[observed.decision] += 1
            written += len(observed.records)
            sessions[(turn.user, turn.session)] = None
            bar.update(1)
        if not keep_open:
            for user, session in sessions:
                written += len(memory.end_session(user, session).records)
    click.echo(
        f"ingested {len(turns)} turns of {len(sessions)} session(s): {decisions['stored']} stored, "
        f"{decisions['skipped']} skipped (small talk), {decisions['refused']} refused (unsafe); "
        f"{written} memories written"
    )


@cli.command(name="end-session")
@click.argument("user_id")
@click.argument("session_id")
@click.option("--time-zone", default=None, help="The user's time zone for the dates the event names.")
@click.option("--region", default=None, help="The user's country (ISO 3166-1 alpha-2) for such dates.")
@click.pass_context
@friendly_errors
def end_session(
    ctx: click.Context, user_id: str, session_id: str, time_zone: str | None, region: str | None
) -> None:
    """Close USER_ID's session SESSION_ID: its open event is written now."""
    with _memory(ctx) as memory:
        written = memory.end_session(user_id, session_id, time_zone=time_zone, region=region)
    click.echo(f"wrote {len(written.records)} memories, closed {len(written.closed)}")
    for record in written.records:
        click.echo(f"  {record.id} ({record.tier}-term {record.kind}): {record.text[:80]}")


@cli.command()
@click.pass_context
@friendly_errors
def users(ctx: click.Context) -> None:
    """The users with stored memories (of --tenant, or of every tenant)."""
    with _memory(ctx) as memory:
        if (ctx.obj or {}).get("tenant"):
            names = memory.users()
        else:
            names = [
                f"{s.user}" if s.tenant == "default" else f"{s.user} (tenant {s.tenant})"
                for s in memory.scopes()
            ]
    click.echo("\n".join(names) if names else "no users yet")


@cli.command()
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
@friendly_errors
def stats(ctx: click.Context, as_json: bool) -> None:
    """Counts: users, memories per tier and kind, closed versions, refusals, the queue."""
    with _memory(ctx) as memory:
        found = memory.stats()
    if as_json:
        click.echo(json.dumps(dataclasses.asdict(found)))
        return
    click.echo(
        f"users {found.users}; closed versions {found.closed}; refused {found.refused}; "
        f"skipped {found.skipped}; waiting {found.waiting}; dead letters {found.dead_letters}"
    )
    for name, count in sorted(found.records.items()):
        click.echo(f"  {name:<10} {count:>7}")


@cli.command(name="log")
@click.argument("user_id", required=False)
@click.option("--action", "actions", multiple=True, help="Only this action (refused, skipped, promoted...).")
@click.option("--limit", type=click.IntRange(1, 10_000), default=50, show_default=True)
@click.pass_context
@friendly_errors
def write_log(ctx: click.Context, user_id: str | None, actions: tuple[str, ...], limit: int) -> None:
    """The newest entries of the write log: what the guard refused or skipped, what aging did, why."""
    from hindsight.render import render_log

    with _memory(ctx) as memory:
        page = memory.log_page(user_id, actions or None, None, limit)
    click.echo(f"{page.total} entries; the newest {len(page.rows)}:")
    for line in page.rows:
        click.echo(f"{line.entry.user_id}: {render_log(line.entry).strip()}")


@cli.command()
@click.option("--once", is_flag=True, help="One round of the work, then exit (scripts, cron).")
@click.pass_context
@friendly_errors
def worker(ctx: click.Context, once: bool) -> None:
    """Do the background work for every process on the store: queued retries and what crashed
    processes acknowledged, the embedding backlog, idle events, scheduled maintenance. Run one, and
    set HINDSIGHT_WORKER=external for the servers. Stops cleanly on SIGTERM or Ctrl-C."""
    from hindsight.ops.worker import run_worker

    run_worker(_settings(ctx), once=once, echo=click.echo)


@cli.command()
@click.option("--quick", is_flag=True, help="Only the checks every open makes (not every page).")
@click.pass_context
@friendly_errors
def doctor(ctx: click.Context, quick: bool) -> None:
    """Check the store: damage (every page read), the embedding model, what waits or failed.
    Exit code 4 when a problem is found."""
    with _memory(ctx) as memory:
        findings = memory.doctor(thorough=not quick)
    for finding in findings:
        click.echo(f"{finding.level:<8} {finding.what}")
    if any(finding.level == "problem" for finding in findings):
        sys.exit(4)


def _describe_counts(counts: dict[str, int]) -> str:
    return (
        f"{counts['record']} records (both tiers, closed versions included), {counts['log']} write-log "
        f"entries, {counts['queued']} queued writes, {counts['dead_letter']} dead letters, "
        f"{counts.get('locality', 0)} users' localities"
    )


@cli.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--no-vectors", is_flag=True, help="Leave the vectors out (smaller; restore re-embeds).")
@click.pass_context
@friendly_errors
def backup(ctx: click.Context, path: Path, no_vectors: bool) -> None:
    """Write the whole store (every user, both tiers, history, write log, queue) to PATH (JSONL)."""
    with _memory(ctx) as memory:
        summary = memory.backup(path, vectors=not no_vectors)
    click.echo(
        f"backed up {_describe_counts(summary.counts)} and {summary.vectors} vectors to {summary.path}"
    )


@cli.command()
@click.argument("path", type=click.Path(path_type=Path, dir_okay=False))
@click.pass_context
@friendly_errors
def restore(ctx: click.Context, path: Path) -> None:
    """Rebuild an empty store from the backup file PATH (checked in full before anything is written)."""
    with _memory(ctx) as memory:
        summary = memory.restore(path)
    click.echo(
        f"restored {_describe_counts(summary.counts)} from {summary.path}; "
        f"{summary.vectors} vectors taken from the file, {summary.embedded} records embedded anew"
    )


@cli.command()
@click.option("--batch", type=click.IntRange(1, 4096), default=None, help="Records per model call.")
@click.option("--no-progress", is_flag=True)
@click.pass_context
@friendly_errors
def reindex(ctx: click.Context, batch: int | None, no_progress: bool) -> None:
    """Re-embed every record with the configured embedder (after changing HINDSIGHT_EMBEDDER).
    Resumable: if it is interrupted, run it again to finish."""
    from tqdm import tqdm

    from hindsight.reindex import reindex as reindex_store

    settings = _settings(ctx)
    if batch is not None:
        settings = settings.model_copy(update={"embed_batch": batch})
    with tqdm(total=0, unit="record", desc="re-embedding", disable=no_progress) as bar:

        def progress(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        report = reindex_store(settings, progress=progress)
    was = f" (was {report.previous_model})" if report.previous_model not in (None, report.model_id) else ""
    click.echo(f"re-embedded {report.reembedded} records; the store now uses {report.model_id}{was}")


@cli.command()
@click.option("--keep", is_flag=True, help="Keep the demo's store (default: a temporary folder).")
@click.pass_context
@friendly_errors
def demo(ctx: click.Context, keep: bool) -> None:
    """A short scripted conversation in Chinese and English, then recalls that show memory working."""
    from hindsight.demo import run_demo

    options: dict[str, Any] = ctx.obj or {}
    if options.get("home") is None:
        folder = tempfile.mkdtemp(prefix="hindsight-demo-") if keep else None
        if folder is None:
            with tempfile.TemporaryDirectory(prefix="hindsight-demo-") as scratch:
                ctx.obj = {**options, "home": Path(scratch)}
                run_demo(_settings(ctx), click.echo)
            return
        ctx.obj = {**options, "home": Path(folder)}
    run_demo(_settings(ctx), click.echo)
    click.echo(f"\nthe demo's memory is kept in {_settings(ctx).home}")


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--k", "ks", default="5,10,20", show_default=True, help="Comma-separated cut-offs.")
@click.option(
    "--limit",
    type=click.IntRange(1),
    default=None,
    help="At most N questions per file (the conversations they ask about are still ingested whole).",
)
@click.option(
    "--runs-out", type=click.Path(path_type=Path), default=None, help="JSONL of ranked ids per question."
)
@click.option("--json-out", type=click.Path(path_type=Path), default=None, help="Write the results as JSON.")
@click.option("--baseline", is_flag=True, help="Also time the embedder alone on the same texts.")
@click.option(
    "--profile",
    "profiles",
    default="default",
    show_default=True,
    help="Recall profile(s) to measure, comma-separated (one ingest, one pass per profile).",
)
@click.option(
    "--embed-cache",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="Keep vectors in this file across runs (quality experiments; timings then exclude embedding).",
)
@click.option("--maintain", is_flag=True, help="Run the lifecycle after every session (memory time).")
@click.option("--no-progress", is_flag=True)
@click.pass_context
@friendly_errors
def bench(
    ctx: click.Context,
    files: tuple[Path, ...],
    ks: str,
    limit: int | None,
    runs_out: Path | None,
    json_out: Path | None,
    baseline: bool,
    profiles: str,
    embed_cache: Path | None,
    maintain: bool,
    no_progress: bool,
) -> None:
    """Recall quality, ingest speed and recall latency on benchmark JSONL files (see FORMAT.md)."""
    from hindsight.bench.harness import render, run
    from hindsight.recall.fuse import get_profile

    chosen = [name.strip() for name in profiles.split(",") if name.strip()]
    for name in chosen or ["default"]:
        get_profile(name)  # an unknown profile fails before minutes of ingest, not after

    try:
        cutoffs = tuple(int(part) for part in ks.split(",") if part.strip())
        if not cutoffs or min(cutoffs) < 1:
            raise ValueError
    except ValueError:
        raise click.BadParameter(
            f"{ks!r} is not a list of positive integers like 5,10,20", param_hint="--k"
        ) from None
    options: dict[str, Any] = ctx.obj or {}
    if options.get("home") is not None and len(files) > 1:
        # The files' haystacks reuse ids ("u1"): in one store their users' memories would mix.
        raise click.UsageError(
            "--home holds one store: bench one file per --home, or leave --home out and each file "
            "gets a scratch store of its own"
        )
    configured = _settings(ctx)
    urls = (configured.store, configured.state, configured.vectors)
    elsewhere = [url for url in urls if url and "://" in url]
    if elsewhere:
        # A bench writes its haystacks' users ("u1", "conv-26") and asks as them: in a configured
        # store it would add them to real users' memory, and a second run would recall the first's.
        click.echo(
            f"bench runs on a SQLite store of its own; the configured {', '.join(elsewhere)} is not touched",
            err=True,
        )
    results = []
    runs_handle = runs_out.open("w", encoding="utf-8") if runs_out else None
    try:
        for path in files:
            with tempfile.TemporaryDirectory(prefix="hindsight-bench-") as scratch:
                settings = configured.model_copy(update={"store": "sqlite", "state": None, "vectors": None})
                if options.get("home") is None:
                    settings = settings.model_copy(update={"home": Path(scratch), "db_path": None})
                # Every question's query is embedded afresh: a second profile asks the same questions,
                # and its latency must not come from vectors the first one left.
                settings = settings.model_copy(update={"query_vectors_kept": 0})
                embedder = None
                if embed_cache is not None:
                    from hindsight.bench.embedcache import CachedEmbedder
                    from hindsight.embedding import make_embedder

                    embedder = CachedEmbedder(make_embedder(settings), embed_cache)
                # No background loop: records are embedded in the same batches every run (at each
                # session's end), so the vectors - and every number - are the same run after run.
                with Memory(settings=settings, embedder=embedder, background=False) as memory:
                    measured = run(
                        path,
                        memory,
                        cutoffs,
                        limit,
                        runs_handle,
                        baseline,
                        not no_progress,
                        chosen or ["default"],
                        maintain,
                    )
            if embedder is not None:
                embedder.close()
                click.echo(
                    f"(embedding cache {embed_cache}: {embedder.hits} hits, {embedder.misses} misses; "
                    "the timings below do not measure the embedder)"
                )
            for result in measured:
                click.echo(render(result))
                results.append(result.as_dict())
    finally:
        if runs_handle:
            runs_handle.close()
    if json_out:
        json_out.write_text(json.dumps(results, indent=2, ensure_ascii=False), encoding="utf-8")


@cli.command(name="mcp")
@click.pass_context
@friendly_errors
def mcp_stdio(ctx: click.Context) -> None:
    """Serve the memory to an MCP client over stdio (see README, "Connecting an MCP client").

    Whose memory: HINDSIGHT_MCP_USER (required), HINDSIGHT_MCP_TENANT (default "default"),
    HINDSIGHT_MCP_SESSION (default: a fresh id per process)."""
    from hindsight.server.mcp import run_stdio

    run_stdio(_settings(ctx))


@cli.command(name="agent")
@click.option("--user", "user_id", default=None, help="Whose memory the agent uses [default: $USER].")
@click.option(
    "--session",
    "session_id",
    default=None,
    help="The conversation's id [default: a new one; with --once: once].",
)
@click.option("--once", "message", default=None, help="Answer this one message, print the answer, exit.")
@click.option("--json", "as_json", is_flag=True, help="With --once: the whole turn as JSON.")
@click.option("--serve", is_flag=True, help="Run the agent's HTTP service (POST /v1/chat) instead.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --serve.")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help="With --serve.")
@click.option(
    "--model", default=None, help="The model's name [HINDSIGHT_AGENT_LLM_MODEL or HINDSIGHT_LLM_MODEL]."
)
@click.option("--verbose", "-v", count=True, help="-v: the agent's log; -vv: also every request payload.")
@click.pass_context
@friendly_errors
def agent_command(
    ctx: click.Context,
    user_id: str | None,
    session_id: str | None,
    message: str | None,
    as_json: bool,
    serve: bool,
    host: str,
    port: int,
    model: str | None,
    verbose: int,
) -> None:
    """Chat with the reference agent: memory through `hindsight mcp`, business tools through
    `hindsight tools` (both started over stdio unless HINDSIGHT_AGENT_MEMORY_URL / _TOOLS_URL say
    where they run), any OpenAI-compatible model (HINDSIGHT_LLM_BASE_URL, HINDSIGHT_LLM_MODEL)."""
    import asyncio
    import getpass
    import logging

    from hindsight.agent import AgentError, AgentSettings

    if verbose:
        logging.basicConfig(level=logging.DEBUG if verbose > 1 else logging.INFO, stream=sys.stderr)
        logging.getLogger("hindsight.agent").setLevel(logging.DEBUG if verbose > 1 else logging.INFO)
    core = _settings(ctx)
    try:
        settings = AgentSettings(llm_model=model) if model else AgentSettings()
    except ValueError as exc:
        raise click.UsageError(f"bad agent setting: {exc}") from None
    user = user_id or _default_user(getpass.getuser)
    try:
        if serve:
            from hindsight.agent.service import serve as run_service

            run_service(settings, core, host, port)
        elif message is not None:
            from hindsight.agent.repl import answer_once

            result = asyncio.run(answer_once(settings, core, user, session_id or "once", message))
            if as_json:
                click.echo(json.dumps(result.as_dict(), ensure_ascii=False))
                return
            for notice in result.notices:
                click.echo(f"({notice})", err=True)
            click.echo(result.answer)
        else:
            from hindsight.agent.repl import repl

            asyncio.run(repl(settings, core, user, session_id))
    except AgentError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(2)
    except KeyboardInterrupt:  # Ctrl-C in the REPL: leave quietly
        click.echo("", err=True)
        sys.exit(130)


def _default_user(lookup: Callable[[], str]) -> str:
    try:
        return lookup() or "me"
    except (KeyError, OSError):  # no login name (a container without a passwd entry)
        return "me"


@cli.command(name="tools")
@click.option(
    "--db",
    "db_path",
    type=click.Path(path_type=Path, dir_okay=False),
    default=None,
    help="The demo database [default: HOME/demo-tools.db; created with sample orders].",
)
@click.option("--http", "over_http", is_flag=True, help="Serve streamable HTTP (/mcp, /health), not stdio.")
@click.option("--host", default="127.0.0.1", show_default=True, help="With --http.")
@click.option("--port", type=click.IntRange(1, 65535), default=8766, show_default=True, help="With --http.")
@click.pass_context
@friendly_errors
def tools_command(ctx: click.Context, db_path: Path | None, over_http: bool, host: str, port: int) -> None:
    """The demo business-tools MCP server (query_order, request_refund, create_ticket,
    lookup_calendar) over a small SQLite database: the kind of server you replace with your own."""
    from hindsight.agent.tools_server import run_http, run_stdio

    path = db_path or _settings(ctx).home / "demo-tools.db"
    if over_http:
        run_http(path, host, port)
    else:
        run_stdio(path)


def main() -> None:
    cli(prog_name="hindsight")


if __name__ == "__main__":  # pragma: no cover
    main()
