"""Every limit on what a caller may ask, in one place: the core enforces them, and each surface
(HTTP schemas, MCP tool arguments, CLI options) declares the same numbers from here."""

from __future__ import annotations

MAX_ID_CHARS = 256
"""User, session, agent, tenant, turn and record ids."""
MAX_ROLE_CHARS = 64
MAX_TOP_K = 100
"""Hits one recall returns at most."""
MAX_TOKEN_BUDGET = 1_000_000
MAX_LIST = 10_000
"""Rows one listing or page returns at most (memories, log lines, dead letters)."""
MAX_MODEL_LIST = 200
"""Memories a model may ask `list_memories` for at once (a prompt is not a database export)."""
MAX_SOURCE_IDS = 1000
MAX_ENTITIES = 100
MAX_ENTITY_TYPE_CHARS = 64
MAX_ENTITY_VALUE_CHARS = 1000
"""An entity is a name, a number, a date or a place, stored with its memory and handed back with it in
every recall hit; text longer than this belongs in the memory's text (which has its own limit)."""
MAX_ENTITIES_CHARS = 5000
"""All of a write's entity types and values together: each is read by the write guard (guard_labels.py), and a
hundred values of a thousand characters cost it seconds where the longest text costs under one."""
MAX_PROFILE_CHARS = 64
DEFAULT_TOP_K = 5
DEFAULT_TOKEN_BUDGET = 1500
DEFAULT_PAGE = 100
