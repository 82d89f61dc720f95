"""What the indexes see of a record: one text for the embedder and the keyword index alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hindsight.models import MemoryRecord

if TYPE_CHECKING:
    from hindsight.stores.base import RecordStore

# Roles that say nothing about the content. A named speaker ("Caroline") does: questions name people.
GENERIC_ROLES = frozenset({"user", "assistant", "system", "tool", "agent", "human", "ai", "bot"})


def indexable(role: str | None, text: str) -> str:
    role = (role or "").strip()
    if role and role.lower() not in GENERIC_ROLES:
        return f"{role}: {text}"
    return text


def index_text(record: MemoryRecord) -> str:
    return indexable(record.role, record.text)


def embed_text(record: MemoryRecord, context: MemoryRecord | None, context_chars: int) -> str:
    """What the embedder reads: the record, after the start of the turn before it when there is
    one. Only the vector sees the context: the keyword index keeps each turn's own words (with
    the context in it too, multi-hop and open-domain questions lose what the vector gains)."""
    own = index_text(record)
    if context is None or context_chars <= 0:
        return own
    return f"{index_text(context)[:context_chars]}\n{own}"


def normalize_entity(value: str) -> str:
    """One form for matching: case, spaces and dashes do not matter ("sf-123 456" is "SF123456")."""
    return "".join(value.split()).replace("-", "").upper()


def embed_texts(store: RecordStore, records: Sequence[MemoryRecord], context_chars: int) -> list[str]:
    """`embed_text` for a batch, the context turns read from the store in one call (a context turn
    forgotten or expired meanwhile is simply not there)."""
    wanted = [r.context_id for r in records if r.context_id] if context_chars > 0 else []
    contexts = store.get_many(wanted) if wanted else {}
    return [
        embed_text(r, contexts.get(r.context_id) if r.context_id else None, context_chars) for r in records
    ]
