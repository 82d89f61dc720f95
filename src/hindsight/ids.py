"""Record ids. Raw turns get ids derived from (user, turn id), so anything that knows which turns a
memory came from can find them; every other record gets a random id."""

from __future__ import annotations

import hashlib
import uuid
from functools import lru_cache

TURN_PREFIX = "t"  # never a hex digit, so a uuid4().hex id can never look like a turn id


def new_record_id() -> str:
    return uuid.uuid4().hex


@lru_cache(maxsize=65_536)
def turn_record_id(user_id: str, turn_id: str) -> str:
    # Cached: a recall maps a few hundred source ids of its summaries to record ids.
    return TURN_PREFIX + hashlib.sha256(f"{user_id}\x00{turn_id}".encode()).hexdigest()[:31]
