"""The agent's HTTP service (the Compose stack's `agent-core`): POST /v1/chat, streamed or not.

    hindsight agent --serve --host 0.0.0.0 --port 8000

- `POST /v1/chat` `{"user_id": "li", "session_id": "s1", "message": "我那个退款到哪了", "stream": false}`
  answers with the turn as JSON (answer, notices, recalled memories, tool calls, prompt tokens);
  with `"stream": true` as server-sent events: `delta` (text as the model writes), `tool`,
  `notice`, then `done` with the whole turn.
- `POST /v1/end_session` `{"user_id": "li", "session_id": "s1"}` ends a conversation (memory
  writes its open event); a conversation idle for HINDSIGHT_AGENT_IDLE_S (600 s) is ended anyway.
- `GET /health`: liveness, and whether the tools server is reachable.

With HINDSIGHT_AGENT_API_KEY set, /v1/* needs `Authorization: Bearer KEY`. Each conversation has
its own memory connection: over stdio a `hindsight mcp` process per conversation (at most
HINDSIGHT_AGENT_MAX_SESSIONS, the least recently used ended first), so a busy service should
reach memory over HTTP (HINDSIGHT_AGENT_MEMORY_URL pointing at `hindsight serve`'s /mcp).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, suppress
from typing import Annotated, Any

from fastapi import FastAPI, Header, HTTPException
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, Field

from hindsight.agent.config import AgentSettings
from hindsight.agent.loop import Agent, Conversation, TurnEvent, require_model
from hindsight.agent.models import SessionEnd
from hindsight.settings import Settings

Identifier = Annotated[str, Field(pattern=r"^[\w.@+-]{1,128}$", description="letters, digits, _ . @ + -")]


class ChatRequest(BaseModel):
    user_id: Identifier
    session_id: Identifier = "default"
    message: str = Field(min_length=1, max_length=20_000)
    stream: bool = False


class EndRequest(BaseModel):
    user_id: Identifier
    session_id: Identifier = "default"


class _Sessions:
    """The open conversations, least recently used first."""

    def __init__(self, agent: Agent, limit: int, idle_s: float) -> None:
        self.agent = agent
        self.limit = limit
        self.idle_s = idle_s
        self._open: OrderedDict[tuple[str, str], tuple[Conversation, float]] = OrderedDict()
        self._lock = asyncio.Lock()

    async def get(self, user: str, session: str) -> Conversation:
        async with self._lock:
            key = (user, session)
            entry = self._open.pop(key, None)
            chat = entry[0] if entry is not None else self.agent.conversation(user, session)
            self._open[key] = (chat, time.monotonic())
            evicted = []
            while len(self._open) > self.limit:
                evicted.append(self._open.popitem(last=False)[1][0])
        for old in evicted:
            await old.close()
        return chat

    async def end(self, user: str, session: str) -> SessionEnd | None:
        async with self._lock:
            entry = self._open.pop((user, session), None)
        return None if entry is None else await entry[0].close()

    async def sweep(self) -> None:
        """Ends conversations idle longer than idle_s (memory writes their events)."""
        cutoff = time.monotonic() - self.idle_s
        async with self._lock:
            idle = [key for key, (_, used) in self._open.items() if used < cutoff]
            chats = [self._open.pop(key)[0] for key in idle]
        for chat in chats:
            await chat.close()

    async def close_all(self) -> None:
        async with self._lock:
            chats = [chat for chat, _ in self._open.values()]
            self._open.clear()
        for chat in chats:
            await chat.close()


def create_agent_app(settings: AgentSettings | None = None, core: Settings | None = None) -> FastAPI:
    settings = settings or AgentSettings()
    core = core or Settings()
    require_model(settings, core)  # a missing model is said now, not as a failed startup
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        agent = Agent(settings, core)
        await agent.start()
        sessions = _Sessions(agent, settings.max_sessions, settings.idle_s)
        state.update(agent=agent, sessions=sessions)

        async def sweeper() -> None:
            while True:
                await asyncio.sleep(min(60.0, settings.idle_s / 2))
                await sessions.sweep()

        task = asyncio.create_task(sweeper())
        try:
            yield
        finally:
            task.cancel()
            with suppress(asyncio.CancelledError):
                await task
            await sessions.close_all()
            await agent.close()

    app = FastAPI(title="Hindsight agent", lifespan=lifespan, docs_url="/docs")

    def authorize(authorization: str | None) -> None:
        if not settings.api_key:
            return
        presented = (authorization or "").removeprefix("Bearer ").strip()
        if not hmac.compare_digest(presented.encode(), settings.api_key.encode()):
            raise HTTPException(401, "a valid `Authorization: Bearer KEY` is required")

    @app.get("/health")
    async def health() -> dict[str, Any]:
        agent: Agent = state["agent"]
        tools = agent.tools
        return {
            "status": "ok",
            "model": agent.model.model,
            "prompt_budget": agent.prompt_budget,
            "tools": "none" if tools is None else tools.status(),
        }

    @app.post("/v1/chat", response_model=None)
    async def chat(
        request: ChatRequest, authorization: Annotated[str | None, Header()] = None
    ) -> JSONResponse | StreamingResponse:
        authorize(authorization)
        conversation = await state["sessions"].get(request.user_id, request.session_id)
        if not request.stream:
            result = await conversation.send(request.message)
            return JSONResponse({**result.as_dict(), "text": result.text})
        return StreamingResponse(
            _events(conversation.stream(request.message)),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @app.post("/v1/end_session")
    async def end_session(
        request: EndRequest, authorization: Annotated[str | None, Header()] = None
    ) -> dict[str, Any]:
        authorize(authorization)
        ended = await state["sessions"].end(request.user_id, request.session_id)
        if ended is None:
            return {"ended": False, "written": [], "problem": None}
        return {"ended": True, "written": ended.written, "problem": ended.problem}

    return app


async def _events(events: AsyncIterator[TurnEvent]) -> AsyncIterator[str]:
    async for event in events:
        if event.kind == "done" and event.result is not None:
            data: dict[str, Any] = {**event.result.as_dict(), "text": event.result.text}
        elif event.kind == "tool" and event.tool is not None:
            tool = event.tool
            data = {
                "name": tool.name,
                "arguments": tool.arguments,
                "outcome": tool.outcome,
                "result": tool.result,
            }
        else:
            data = {"text": event.text}
        yield f"event: {event.kind}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def serve(settings: AgentSettings, core: Settings, host: str, port: int) -> None:
    import uvicorn

    uvicorn.run(create_agent_app(settings, core), host=host, port=port, log_level="info")
