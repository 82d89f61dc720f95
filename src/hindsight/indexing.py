"""What the indexes see of a record: one text for the embedder and the keyword index alike."""

from __future__ import annotations

from hindsight.models import MemoryRecord

# Roles that say nothing about the content. A named speaker ("Caroline") does: questions name people.
GENERIC_ROLES = frozenset({"user", "assistant", "system", "tool", "agent", "human", "ai", "bot"})


def indexable(role: str | None, text: str) -> str:
    role = (role or "").strip()
    if role and role.lower() not in GENERIC_ROLES:
        return f"{role}: {text}"
    return text


def index_text(record: MemoryRecord) -> str:
    return indexable(record.role, record.text)


def normalize_entity(value: str) -> str:
    """One form for matching: case, spaces and dashes do not matter ("sf-123 456" is "SF123456")."""
    return "".join(value.split()).replace("-", "").upper()
