"""State in Redis, shared by every process and replica: working-memory windows (with an idle TTL),
locks, the recall answers' cache and the console's failed-login counts.
`HINDSIGHT_STATE=redis://host:6379/0` (`?prefix=NAME` keeps the keys under NAME:, default
"hindsight"; `rediss://` for TLS).

Every update is one Lua script, run atomically by Redis: two processes appending to one session
both land, a lock has one holder, nothing is read in Python and written back. Times are the `now`
the caller passes (as on every backend); keys also carry a Redis TTL, so a session nobody expires
still goes (the idle TTL, 1 hour by default, plus a minute).

Open events are not here: they change in the record store's transactions (ARCHITECTURE.md).

Redis down: nothing hangs (half-second socket timeouts, and after a failure Redis is left alone for
a backoff that doubles from 0.5 s to 30 s before the next try); working memory reads as empty and
appends are dropped (the turn itself is durable: its write is queued in the record store, and its
open event lives there), locks are refused (so nobody runs the work they guard), the recall cache
misses. `status()` says what is degraded (the server's /ready reports it).
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import threading
import time
from collections.abc import Callable, Hashable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import redis
from redis.backoff import ExponentialBackoff
from redis.retry import Retry

from hindsight.errors import InvalidInput, StoreUnavailable
from hindsight.models import Hit, MemoryRecord, Recall, Scope, Turn
from hindsight.timeutil import from_epoch, to_epoch

if TYPE_CHECKING:
    from hindsight.settings import Settings
    from hindsight.state.base import Cache
    from hindsight.stores.registry import Parts

log = logging.getLogger(__name__)

SOCKET_TIMEOUT_S = 0.5
BACKOFF_MIN_S = 0.5
BACKOFF_MAX_S = 30.0
T = TypeVar("T")

_DOWN = (redis.ConnectionError, redis.TimeoutError, OSError)


def redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")))


class Link:
    """The client, and whether Redis answered lately: after a failure it is left alone for a while
    (doubling), so a dead Redis costs each caller nothing, and is tried again after that."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        query = dict(parse_qsl(parts.query, keep_blank_values=True))
        self.prefix = query.pop("prefix", "hindsight")
        self.where = redact(urlunsplit(parts._replace(query=urlencode(query))))
        try:
            self.client = redis.Redis.from_url(
                urlunsplit(parts._replace(query=urlencode(query))),
                socket_timeout=SOCKET_TIMEOUT_S,
                socket_connect_timeout=SOCKET_TIMEOUT_S,
                retry=Retry(ExponentialBackoff(cap=0.2, base=0.02), 2),
                retry_on_error=[redis.ConnectionError, redis.TimeoutError],
                health_check_interval=15,
            )
        except ValueError as exc:
            raise InvalidInput(f"HINDSIGHT_STATE={self.where}: not a Redis URL ({exc})") from None
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._retry_at = 0.0
        self._backoff = BACKOFF_MIN_S
        self.last_error = ""

    def key(self, *parts: str) -> str:
        return ":".join((self.prefix, *parts))

    def run(self, action: Callable[[redis.Redis], T], fallback: T) -> T:
        """`action` on the client; `fallback` (and the link marked down) if Redis does not answer."""
        with self._lock:
            if self._down_since is not None and time.monotonic() < self._retry_at:
                return fallback
        try:
            result = action(self.client)
        except _DOWN as exc:
            self._failed(exc)
            return fallback
        with self._lock:
            if self._down_since is not None:
                log.warning("state at %s answers again", self.where)
            self._down_since = None
            self._backoff = BACKOFF_MIN_S
        return result

    def _failed(self, exc: BaseException) -> None:
        with self._lock:
            now = time.monotonic()
            if self._down_since is None:
                self._down_since = now
                log.warning(
                    "state at %s is unreachable (%s): working memory, locks and the cache degrade",
                    self.where,
                    exc,
                )
            else:
                self._backoff = min(self._backoff * 2, BACKOFF_MAX_S)
            self._retry_at = now + self._backoff
            self.last_error = str(exc) or type(exc).__name__

    def status(self) -> dict[str, str]:
        """What is degraded now ({} when Redis answers). Pings it - also while it was answering, so
        a Redis that stopped is reported by the next /ready even when no request has touched it
        since - except while a down Redis is being left alone (its backoff)."""
        with self._lock:
            down = self._down_since is not None
            due = time.monotonic() >= self._retry_at
        if not down or due:
            self.run(lambda client: client.ping(), None)
        with self._lock:
            if self._down_since is None:
                return {}
            since = time.monotonic() - self._down_since
        return {
            "state": (
                f"{self.where} unreachable for {since:.0f} s ({self.last_error}): working memory is empty "
                "and not kept, locks are refused (background work waits), recall answers are not cached; "
                "writes and recall go on"
            )
        }

    def check(self, setting: str) -> None:
        """At start-up: Redis must answer (a wrong URL is a clear error, not a degraded start)."""
        try:
            self.client.ping()
        except (*_DOWN, redis.RedisError) as exc:
            raise StoreUnavailable(f"{setting}={self.where}: cannot reach Redis: {exc}") from None

    def close(self) -> None:
        self.client.close()


# -- working memory --------------------------------------------------------------------------------

_APPEND = """
-- KEYS: 1 the session's turns (a list), 2 sessions by last touch (zset), 3 the user's sessions by
-- start (zset), 4 the start counter, 5 member -> owner key (hash), 6 member -> session id (hash)
-- ARGV: 1 turn json, 2 keep, 3 now, 4 idle cutoff, 5 member, 6 session id, 7 expire seconds
local last = redis.call('ZSCORE', KEYS[2], ARGV[5])
if last and tonumber(last) < tonumber(ARGV[4]) then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[3], ARGV[6])
end
redis.call('RPUSH', KEYS[1], ARGV[1])
redis.call('LTRIM', KEYS[1], -tonumber(ARGV[2]), -1)
redis.call('ZADD', KEYS[2], 'GT', ARGV[3], ARGV[5])
if not redis.call('ZSCORE', KEYS[3], ARGV[6]) then
  redis.call('ZADD', KEYS[3], redis.call('INCR', KEYS[4]), ARGV[6])
end
redis.call('HSET', KEYS[5], ARGV[5], KEYS[3])
redis.call('HSET', KEYS[6], ARGV[5], ARGV[6])
redis.call('EXPIRE', KEYS[1], ARGV[7])
redis.call('EXPIRE', KEYS[3], ARGV[7])
return 1
"""

_CLEAR = """
-- KEYS: 1 turns, 2 touched, 3 user's sessions, 4 owners, 5 session ids; ARGV: 1 member, 2 session id
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[2])
redis.call('HDEL', KEYS[4], ARGV[1])
redis.call('HDEL', KEYS[5], ARGV[1])
return 1
"""

_EXPIRE = """
-- KEYS: 1 touched, 2 owners, 3 session ids; ARGV: 1 cutoff, 2 turns key prefix
local idle = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. ARGV[1])
for _, member in ipairs(idle) do
  local owner = redis.call('HGET', KEYS[2], member)
  local sid = redis.call('HGET', KEYS[3], member)
  redis.call('DEL', ARGV[2] .. member)
  if owner and sid then redis.call('ZREM', owner, sid) end
  redis.call('ZREM', KEYS[1], member)
  redis.call('HDEL', KEYS[2], member)
  redis.call('HDEL', KEYS[3], member)
end
return #idle
"""


def _turn_json(turn: Turn) -> str:
    return json.dumps(
        {
            "turn_id": turn.turn_id,
            "session_id": turn.session_id,
            "role": turn.role,
            "text": turn.text,
            "time": to_epoch(turn.time),
        },
        ensure_ascii=False,
    )


def _turn(raw: bytes | str) -> Turn:
    data = json.loads(raw)
    return Turn(data["turn_id"], data["session_id"], data["role"], data["text"], from_epoch(data["time"]))


def _part(value: str) -> str:
    """A key part that cannot run into the next one (ids may hold ':')."""
    return value.replace("%", "%25").replace(":", "%3A").replace("\x1f", "%1F")


class RedisSessions:
    """SessionState: a list of turns per session; a sorted set of sessions by last touch."""

    def __init__(self, link: Link, ttl: timedelta) -> None:
        self._link = link
        self._ttl = ttl
        client = link.client
        self._append = client.register_script(_APPEND)
        self._clear = client.register_script(_CLEAR)
        self._expire = client.register_script(_EXPIRE)
        self._expire_s = math.ceil(ttl.total_seconds()) + 60

    def _member(self, scope: Scope, session_id: str) -> str:
        return "\x1f".join((_part(scope.tenant), _part(scope.user), _part(session_id)))

    def _keys(self, scope: Scope, session_id: str) -> tuple[str, str, str]:
        member = self._member(scope, session_id)
        user = self._link.key("users", _part(scope.tenant), _part(scope.user))
        return member, self._link.key("turns", member), user

    def append(self, scope: Scope, turn: Turn, keep: int, now: datetime) -> None:
        member, turns, user = self._keys(scope, turn.session_id)
        moment = to_epoch(now)
        keys = [
            turns,
            self._link.key("touched"),
            user,
            self._link.key("started"),
            self._link.key("owners"),
            self._link.key("sids"),
        ]
        args: list[str | float] = [
            _turn_json(turn),
            keep,
            moment,
            moment - self._ttl.total_seconds(),
            member,
            turn.session_id,
            self._expire_s,
        ]
        self._link.run(lambda client: self._append(keys=keys, args=args, client=client), None)

    def window(self, scope: Scope, session_id: str, now: datetime) -> list[Turn]:
        member, turns, _user = self._keys(scope, session_id)

        def read(client: redis.Redis) -> tuple[Any, Any]:
            pipe = client.pipeline(transaction=True)
            pipe.zscore(self._link.key("touched"), member)
            pipe.lrange(turns, 0, -1)
            touched, rows = pipe.execute()
            return touched, rows

        touched, rows = self._link.run(read, (None, []))
        if touched is None or not rows or float(touched) < to_epoch(now) - self._ttl.total_seconds():
            return []
        return [_turn(raw) for raw in rows]

    def clear(self, scope: Scope, session_id: str) -> None:
        member, turns, user = self._keys(scope, session_id)
        keys = [turns, self._link.key("touched"), user, self._link.key("owners"), self._link.key("sids")]
        self._link.run(lambda client: self._clear(keys=keys, args=[member, session_id], client=client), None)

    def sessions(self, scope: Scope, now: datetime) -> list[str]:
        user = self._link.key("users", _part(scope.tenant), _part(scope.user))
        cutoff = to_epoch(now) - self._ttl.total_seconds()

        def read(client: redis.Redis) -> list[str]:
            started = [bytes(raw).decode() for raw in client.zrange(user, 0, -1)]  # type: ignore[arg-type]
            if not started:
                return []
            scores = client.zmscore(self._link.key("touched"), [self._member(scope, sid) for sid in started])
            return [
                sid
                for sid, touched in zip(started, scores, strict=True)
                if touched is not None and touched >= cutoff
            ]

        return self._link.run(read, [])

    def expire(self, now: datetime) -> int:
        keys = [self._link.key("touched"), self._link.key("owners"), self._link.key("sids")]
        args: list[str | float] = [to_epoch(now) - self._ttl.total_seconds(), self._link.key("turns", "")]
        return int(self._link.run(lambda client: self._expire(keys=keys, args=args, client=client), 0))


# -- locks -------------------------------------------------------------------------------------------

_ACQUIRE = """
-- KEYS: 1 the lock (a hash: owner, until); ARGV: 1 owner, 2 until, 3 now, 4 expire ms
local owner = redis.call('HGET', KEYS[1], 'owner')
local untilv = tonumber(redis.call('HGET', KEYS[1], 'until') or '0')
if owner and owner ~= ARGV[1] and untilv > tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'until', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
"""

_RELEASE = """
if redis.call('HGET', KEYS[1], 'owner') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 1
"""


class RedisLocks:
    """Locks: a hash per name; taken, extended and released by scripts."""

    def __init__(self, link: Link) -> None:
        self._link = link
        self._acquire = link.client.register_script(_ACQUIRE)
        self._release = link.client.register_script(_RELEASE)

    def acquire(self, name: str, owner: str, until: datetime, now: datetime) -> bool:
        lease_ms = max(1000, int((until - now).total_seconds() * 1000) + 60_000)
        args: list[str | float] = [owner, to_epoch(until), to_epoch(now), lease_ms]
        key = self._link.key("lock", _part(name))
        return bool(self._link.run(lambda client: self._acquire(keys=[key], args=args, client=client), 0))

    def release(self, name: str, owner: str) -> None:
        key = self._link.key("lock", _part(name))
        self._link.run(lambda client: self._release(keys=[key], args=[owner], client=client), None)


# -- the recall answers' cache ---------------------------------------------------------------------------

_DATES = ("created_at", "event_time", "valid_from", "valid_until", "expires_at", "last_hit_at", "tier_since")


def _record_json(record: MemoryRecord) -> dict[str, Any]:
    fields = {name: getattr(record, name) for name in record.__dataclass_fields__}
    for name in _DATES:
        if fields[name] is not None:
            fields[name] = to_epoch(fields[name])
    fields["source_ids"] = list(record.source_ids)
    return fields


def _record_of(data: dict[str, Any]) -> MemoryRecord:
    for name in _DATES:
        if data.get(name) is not None:
            data[name] = from_epoch(data[name])
    data["source_ids"] = tuple(data["source_ids"])
    return MemoryRecord(**data)


def encode_recall(answer: Recall) -> str:
    """A recall answer as JSON (data only: nothing read back from Redis is ever executed)."""
    return json.dumps(
        {
            "query": answer.query,
            "hits": [
                {"record": _record_json(h.record), "score": h.score, "scores": h.scores} for h in answer.hits
            ],
            "working": [json.loads(_turn_json(t)) for t in answer.working],
            "profile": answer.profile,
            "tokens": answer.tokens,
            "timings": answer.timings,
            "notes": answer.notes,
        },
        ensure_ascii=False,
    )


def decode_recall(raw: bytes | str) -> Recall:
    data = json.loads(raw)
    return Recall(
        query=data["query"],
        hits=[Hit(_record_of(h["record"]), float(h["score"]), dict(h["scores"])) for h in data["hits"]],
        working=[_turn(json.dumps(t)) for t in data["working"]],
        profile=data["profile"],
        tokens=int(data["tokens"]),
        timings=dict(data["timings"]),
        # what explain says (the time range, the score floor); an entry a process before notes were
        # kept wrote has none
        notes={str(k): str(v) for k, v in dict(data.get("notes", {})).items()},
    )


class RedisAnswers:
    """A Cache of recall answers shared by every replica, each entry for `ttl_s`. Keys name the user's
    generation, so a write anywhere makes the old entries unreachable (they age out)."""

    def __init__(self, link: Link, ttl_s: float) -> None:
        self._link = link
        self._ttl_ms = max(1, int(ttl_s * 1000))

    def _key(self, key: Hashable) -> str:
        return self._link.key("answer", hashlib.sha256(repr(key).encode("utf-8")).hexdigest())

    def get(self, key: Hashable) -> object | None:
        raw = self._link.run(lambda client: client.get(self._key(key)), None)
        if raw is None:
            return None
        try:
            return decode_recall(raw)
        except (ValueError, KeyError, TypeError):
            return None

    def put(self, key: Hashable, value: object) -> None:
        if not isinstance(value, Recall):
            return
        encoded = encode_recall(value)
        self._link.run(lambda client: client.set(self._key(key), encoded, px=self._ttl_ms), None)

    def clear(self) -> None:
        """Drop every cached answer under this prefix."""

        def drop(client: redis.Redis) -> None:
            batch = list(client.scan_iter(match=self._link.key("answer", "*"), count=500))
            for start in range(0, len(batch), 500):
                client.delete(*batch[start : start + 500])

        self._link.run(drop, None)


# -- the console's login limit -------------------------------------------------------------------------

_FAILED = """
-- KEYS: 1 the address's failures (zset of times); ARGV: 1 now, 2 window s, 3 max failures, 4 a unique member
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('ZREMRANGEBYRANK', KEYS[1], 0, -tonumber(ARGV[3]) - 1)
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
return 1
"""


class RedisLoginLimits:
    """LoginLimits shared by every server on this Redis: the same sliding window as the in-process
    limiter (5 failures in 5 minutes), counted per address across replicas."""

    def __init__(self, link: Link, max_failures: int = 5, window_s: float = 300.0) -> None:
        self._link = link
        self.max_failures = max_failures
        self.window_s = window_s
        self._failed = link.client.register_script(_FAILED)
        self._counter = 0
        self._lock = threading.Lock()

    def _key(self, address: str) -> str:
        return self._link.key("logins", _part(address))

    def wait_s(self, address: str) -> int:
        now = time.time()

        def read(client: redis.Redis) -> list[tuple[bytes, float]]:
            client.zremrangebyscore(self._key(address), "-inf", now - self.window_s)
            found = client.zrange(self._key(address), 0, -1, withscores=True)
            return [(bytes(member), float(score)) for member, score in found]  # type: ignore[str-unpack, arg-type]

        none: list[tuple[bytes, float]] = []
        failures = self._link.run(read, none)
        if len(failures) < self.max_failures:
            return 0
        return max(1, math.ceil(float(failures[0][1]) + self.window_s - now))

    def failed(self, address: str) -> None:
        with self._lock:
            self._counter += 1
            member = f"{time.time()}:{id(self)}:{self._counter}"
        args: list[str | float] = [time.time(), self.window_s, self.max_failures, member]
        key = self._key(address)
        self._link.run(lambda client: self._failed(keys=[key], args=args, client=client), None)

    def succeeded(self, address: str) -> None:
        self._link.run(lambda client: client.delete(self._key(address)), None)


def open_redis_state(url: str, settings: Settings, cache: Cache) -> Parts:
    """`redis://host:6379/0`: working memory, locks, the recall cache and the login limit in Redis."""
    from hindsight.stores.registry import Parts

    link = Link(url)
    try:
        link.check("HINDSIGHT_STATE")
    except BaseException:
        link.close()
        raise
    answers = RedisAnswers(link, settings.recall_cache_ttl_s) if settings.recall_cache_ttl_s > 0 else None
    return Parts(
        sessions=RedisSessions(link, timedelta(seconds=settings.working_ttl_s)),
        locks=RedisLocks(link),
        answers=answers,
        login_limits=RedisLoginLimits(link),
        status=link.status,
        closers=[link.close],
        description=link.where,
    )
