"""Input checks shared by every entry point: bad input fails here, with a message, before any write."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from hindsight.errors import InvalidInput
from hindsight.limits import (
    MAX_ENTITIES,
    MAX_ENTITIES_CHARS,
    MAX_ENTITY_TYPE_CHARS,
    MAX_ENTITY_VALUE_CHARS,
    MAX_ID_CHARS,
    MAX_ROLE_CHARS,
    MAX_SOURCE_IDS,
)
from hindsight.models import DEFAULT_TENANT, KINDS, ROLES, TIERS, Kind, Role, Scope, Tier

SEPARATOR = "::"
"""Never inside a tenant or user id: Scope.owner joins the two with it."""


def _readable(value: str, what: str) -> str:
    """Text every layer can keep: valid Unicode (no lone surrogates, as invalid UTF-8 on a command
    line gives) and no NUL (C strings and FTS5 would cut the text there)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise InvalidInput(
            f"{what} is not valid text: it holds a lone surrogate at character {exc.start + 1} "
            "(bytes that are not UTF-8?)"
        ) from None
    if "\x00" in value:
        raise InvalidInput(f"{what} holds a NUL character at character {value.index(chr(0)) + 1}")
    return value


def identifier(value: object, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(f"{what} must be a non-empty string")
    if len(value) > MAX_ID_CHARS:
        raise InvalidInput(f"{what} is longer than {MAX_ID_CHARS} characters")
    return _readable(value.strip(), what)


def name(value: object, what: str) -> str:
    """A tenant or user id: an identifier that cannot hold the separator Scope.owner uses."""
    found = identifier(value, what)
    if SEPARATOR in found:
        raise InvalidInput(f"{what} cannot contain {SEPARATOR!r}")
    return found


def scope(
    user: object,
    tenant: object = DEFAULT_TENANT,
    *,
    agent: object | None = None,
    session: object | None = None,
) -> Scope:
    """A checked Scope: whose memory a call reads or writes."""
    return Scope(
        tenant=name(tenant, "tenant"),
        user=name(user, "user_id"),
        agent=identifier(agent, "agent_id") if agent is not None else None,
        session=identifier(session, "session_id") if session is not None else None,
    )


def text(value: object, what: str = "text", max_chars: int = 20_000) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be a string, not {type(value).__name__}")
    stripped = _readable(value.strip(), what)
    if not stripped:
        raise InvalidInput(f"{what} is empty: there is nothing to remember")
    if len(stripped) > max_chars:
        raise InvalidInput(f"{what} has {len(stripped)} characters; the limit is {max_chars}")
    return stripped


def role(value: object) -> Role:
    if value not in ROLES:
        raise InvalidInput(
            f"role must be one of {', '.join(ROLES)}, not {value!r} "
            "(a participant's name, in a conversation between people, is the turn's speaker)"
        )
    return value  # narrowed to Role by the membership test


def speaker_label(role_value: object, speaker: object) -> str:
    """Who a turn is said by, as it is stored and indexed: the speaker's name when one is given
    (user and assistant sides; a tool's turns are always "tool", which the write path acts on),
    else the role."""
    checked = role(role_value)
    if speaker is None or checked == "tool":
        return checked
    found = identifier(speaker, "speaker")
    if len(found) > MAX_ROLE_CHARS:
        raise InvalidInput(f"speaker is longer than {MAX_ROLE_CHARS} characters")
    return found


def score(value: object, what: str) -> float:
    """A score floor: a finite number, zero or more."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value < 0:
        raise InvalidInput(f"{what} must be a number of 0 or more, not {value!r}")
    return float(value)


def tier(value: object) -> Tier:
    aliases = {"short_term": "short", "long_term": "long", "short-term": "short", "long-term": "long"}
    value = aliases.get(value, value) if isinstance(value, str) else value
    if value not in TIERS:
        raise InvalidInput(f"tier must be one of {', '.join(TIERS)}, not {value!r}")
    return value  # narrowed to Tier by the membership test


def kind(value: object) -> Kind:
    if value not in KINDS:
        raise InvalidInput(f"kind must be one of {', '.join(KINDS)}, not {value!r}")
    return value


def importance(value: object, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= float(value) <= 1.0:
        raise InvalidInput(f"importance must be a number between 0 and 1, not {value!r}")
    return float(value)


def entities(value: object) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise InvalidInput(
            "entities must be a mapping of entity type to value, e.g. {'order_id': 'SF123456'}"
        )
    if len(value) > MAX_ENTITIES:
        raise InvalidInput(f"at most {MAX_ENTITIES} entities, not {len(value)}")
    out: dict[str, str] = {}
    for key, item in value.items():
        if not isinstance(key, str) or not key.strip():
            raise InvalidInput("entity types must be non-empty strings")
        if not isinstance(item, str | int | float) or isinstance(item, bool):
            raise InvalidInput(f"entity {key!r} must have a string value, not {type(item).__name__}")
        label = _readable(key.strip(), "an entity type")
        if len(label) > MAX_ENTITY_TYPE_CHARS:
            raise InvalidInput(f"entity type {label[:40]!r}... is over {MAX_ENTITY_TYPE_CHARS} characters")
        text = _readable(str(item), f"entity {label!r}")
        if len(text) > MAX_ENTITY_VALUE_CHARS:
            raise InvalidInput(
                f"entity {label!r} is longer than {MAX_ENTITY_VALUE_CHARS} characters "
                "(put long text in the memory's text)"
            )
        out[label] = text
    if sum(len(label) + len(text) for label, text in out.items()) > MAX_ENTITIES_CHARS:
        raise InvalidInput(f"entities hold more than {MAX_ENTITIES_CHARS} characters together")
    return out


def source_ids(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidInput("source_ids must be a list of ids")
    found = tuple(identifier(item, "a source id") for item in value)
    if len(found) > MAX_SOURCE_IDS:
        raise InvalidInput(f"at most {MAX_SOURCE_IDS} source ids, not {len(found)}")
    return found


def positive_int(value: object, what: str, maximum: int = 1000) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= maximum:
        raise InvalidInput(f"{what} must be an integer from 1 to {maximum}, not {value!r}")
    return value
