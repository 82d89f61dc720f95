"""What the indexes see of a record: one text for the embedder and the keyword index alike."""

from __future__ import annotations

from hindsight.models import MemoryRecord

# Roles that say nothing about the content. A named speaker ("Caroline") does: questions name people.
GENERIC_ROLES = frozenset({"user", "assistant", "system", "tool", "agent", "human", "ai", "bot"})


def index_text(record: MemoryRecord) -> str:
    role = (record.role or "").strip()
    if role and role.lower() not in GENERIC_ROLES:
        return f"{role}: {record.text}"
    return record.text
