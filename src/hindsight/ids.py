"""Record ids. Raw turns get ids derived from (user, turn id), so anything that knows which turns a
memory came from can find them; every other record gets a random id."""

from __future__ import annotations

import hashlib
import uuid

TURN_PREFIX = "t"  # never a hex digit, so a uuid4().hex id can never look like a turn id


def new_record_id() -> str:
    return uuid.uuid4().hex


def turn_record_id(user_id: str, turn_id: str) -> str:
    return TURN_PREFIX + hashlib.sha256(f"{user_id}\x00{turn_id}".encode()).hexdigest()[:31]
