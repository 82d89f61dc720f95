"""`hindsight ...`: a thin command-line adapter over hindsight.Memory."""

from __future__ import annotations

import json
import sys
import tempfile
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast

import click

from hindsight.errors import HindsightError
from hindsight.memory import Memory
from hindsight.models import Hit, MemoryRecord
from hindsight.settings import Settings

F = TypeVar("F", bound=Callable[..., Any])


def _settings(ctx: click.Context) -> Settings:
    options: dict[str, Any] = ctx.obj or {}
    overrides = {key: value for key, value in options.items() if value is not None}
    try:
        return Settings(**overrides)
    except ValueError as exc:  # pydantic's ValidationError is a ValueError
        raise click.UsageError(f"bad setting: {exc}") from None


def _memory(ctx: click.Context) -> Memory:
    return Memory(settings=_settings(ctx))


def friendly_errors(func: F) -> F:
    """Hindsight's own errors become one clear line on stderr and exit code 2, never a traceback."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except HindsightError as exc:
            click.echo(f"error: {exc}", err=True)
            sys.exit(2)

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
@click.version_option(package_name="hindsight-memory")
@click.pass_context
def cli(ctx: click.Context, home: Path | None, embedder: str | None) -> None:
    """Hindsight: memory for LLM agents (working, short-term and long-term)."""
    ctx.obj = {"home": home, "embedder": embedder}


def _record_json(record: MemoryRecord) -> dict[str, Any]:
    return {
        "id": record.id,
        "user_id": record.user_id,
        "tier": record.tier,
        "kind": record.kind,
        "text": record.text,
        "entities": record.entities,
        "importance": record.importance,
        "source_ids": list(record.source_ids),
        "event_time": record.event_time.isoformat(),
        "valid_from": record.valid_from.isoformat(),
        "valid_until": record.valid_until.isoformat() if record.valid_until else None,
    }


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
) -> None:
    """Store one memory for USER_ID."""
    with _memory(ctx) as memory:
        record = memory.remember(
            user_id,
            text,
            tier=tier,
            kind=kind,
            entities=_parse_entities(entities) or None,
            importance=importance,
            time=when,
        )
    click.echo(f"remembered {record.id} ({record.tier}-term {record.kind})")


def _explain(hit: Hit) -> str:
    parts = ", ".join(f"{route} {score:.3f}" for route, score in sorted(hit.scores.items()))
    return f"      why: fused {hit.score:.3f} = {parts or 'no route'}"


@cli.command()
@click.argument("user_id")
@click.argument("query")
@click.option("--top-k", "-k", type=click.IntRange(1, 1000), default=5, show_default=True)
@click.option("--tier", type=click.Choice(["short", "long"]), default=None)
@click.option("--profile", default="default", show_default=True)
@click.option("--now", default=None, help="ISO 8601 'now' for relative dates.")
@click.option("--as-of", default=None, help="Recall what was valid at this ISO 8601 time.")
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
    explain: bool,
    as_json: bool,
) -> None:
    """Recall USER_ID's memories that answer QUERY."""
    with _memory(ctx) as memory:
        answer = memory.recall(user_id, query, top_k=top_k, tier=tier, profile=profile, now=now, as_of=as_of)
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
@click.pass_context
@friendly_errors
def dump(ctx: click.Context, user_id: str | None) -> None:
    """Print what is remembered (one user, or everyone), per tier."""
    with _memory(ctx) as memory:
        click.echo(memory.dump(user_id), nl=False)


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


_single_record_command("forget", "forgot", "Delete one memory for good.")
_single_record_command("promote", "promoted", "Move a memory to long-term.")
_single_record_command("demote", "demoted", "Move a memory to short-term.")


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", type=click.IntRange(1, 65535), default=8765, show_default=True)
@click.pass_context
@friendly_errors
def serve(ctx: click.Context, host: str, port: int) -> None:
    """The HTTP API (/v1, /health, /ready, /metrics, /docs), the MCP endpoint (/mcp) and the console."""
    from hindsight.server.http import serve as run_server

    settings = _settings(ctx)
    if host not in {"127.0.0.1", "localhost", "::1"} and not settings.api_keys:
        reach = (
            "anyone can read it"
            if settings.allowed_hosts
            else "it answers only to localhost names until HINDSIGHT_ALLOWED_HOSTS names the others"
        )
        click.echo(f"warning: serving beyond this machine without HINDSIGHT_API_KEYS: {reach}", err=True)
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

    with _memory(ctx) as memory:
        users = [user_id] if user_id is not None else memory.users()
        with tqdm(total=len(users), desc="maintain", unit="user", disable=no_progress or not users) as bar:
            report = memory.maintain(now=now, user_id=user_id, progress=lambda _user: bar.update(1))
    click.echo(
        f"maintained {report.users} user(s), {report.examined} memories, as of {report.now:%Y-%m-%d %H:%M}"
    )
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
@click.pass_context
@friendly_errors
def queue(ctx: click.Context, retry_id: int | None, retry_all: bool) -> None:
    """Show the durable write queue and its dead letters; requeue dead letters."""
    from hindsight.render import render_queue_entry

    with _memory(ctx) as memory:
        if retry_id is not None or retry_all:
            moved = memory.requeue(retry_id)
            click.echo(f"requeued {moved} dead letter(s)")
        waiting, dead = memory.queue()
    click.echo(f"waiting ({len(waiting)})")
    for entry in waiting:
        click.echo(render_queue_entry(entry))
    click.echo(f"dead letters ({len(dead)})")
    for entry in dead:
        click.echo(render_queue_entry(entry))


def _describe_counts(counts: dict[str, int]) -> str:
    return (
        f"{counts['record']} records (both tiers, closed versions included), {counts['log']} write-log "
        f"entries, {counts['queued']} queued writes, {counts['dead_letter']} dead letters"
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
@click.option("--limit", type=click.IntRange(1), default=None, help="At most N questions per file.")
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
    results = []
    runs_handle = runs_out.open("w", encoding="utf-8") if runs_out else None
    try:
        for path in files:
            options: dict[str, Any] = ctx.obj or {}
            with tempfile.TemporaryDirectory(prefix="hindsight-bench-") as scratch:
                settings = _settings(ctx)
                if options.get("home") is None:
                    settings = settings.model_copy(update={"home": Path(scratch), "db_path": None})
                embedder = None
                if embed_cache is not None:
                    from hindsight.bench.embedcache import CachedEmbedder
                    from hindsight.embedding import make_embedder

                    embedder = CachedEmbedder(make_embedder(settings), embed_cache)
                with Memory(settings=settings, embedder=embedder) as memory:
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


def main() -> None:
    cli(prog_name="hindsight")


if __name__ == "__main__":  # pragma: no cover
    main()
