"""What a route gets from its request: the memory as the request's tenant sees it."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from hindsight.memory import AsyncMemory, TenantMemory


def memory_of(request: Request) -> AsyncMemory:
    memory: AsyncMemory = request.app.state.memory
    return memory


def view(request: Request) -> TenantMemory:
    """The tenant the request's key is bound to (the default tenant without keys)."""
    return memory_of(request).for_tenant(request.state.tenant)


View = Annotated[TenantMemory, Depends(view)]
