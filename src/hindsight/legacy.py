"""Reading what Hindsight wrote before tenants had columns of their own.

Until schema 7 (and backup format 1) a tenant's user was stored under one user id, "tenant::user"
(the default tenant's users under their bare id), and the tenant layer chose a tenant's users by
that prefix. Stores and backups of that time are read through `split_owner`; nothing else does
prefix work.
"""

from __future__ import annotations

from hindsight.models import DEFAULT_TENANT

_SEPARATOR = "::"


def split_owner(user_id: object) -> tuple[str, str]:
    """(tenant, user) for a user id of that time. "acme::alice" was alice of tenant acme; an id with
        no separator, or more than one, or an empty part, or "default::..." (the default tenant had no
    prefix), belonged to no tenant but the default (the
        tenant layer never showed it to another), and keeps its whole id there. Either way
        Scope.owner gives the old id back, so the ids derived from it (raw turns, the keyword index's
        owner token) stay valid."""
    text = user_id if isinstance(user_id, str) else str(user_id or "")
    tenant, separator, user = text.partition(_SEPARATOR)
    if separator and tenant and user and _SEPARATOR not in user and tenant != DEFAULT_TENANT:
        return tenant, user
    return DEFAULT_TENANT, text
