"""The agent's HTTP service (the Compose stack's agent-core), in process over httpx's ASGI
transport: POST /v1/chat answered whole or streamed as server-sent events, /health, the key, and
/v1/end_session writing the conversation to memory."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from hindsight.agent import Agent, AgentError, AgentSettings
from hindsight.agent.service import _Sessions, create_agent_app
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say


def _events(body: str) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for block in body.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def test_chat_whole_and_streamed_with_health_key_and_end_of_session(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(update={"api_key": "k-agent-123"})
    provider.script(
        Say(calls=(("query_order", {"order_id": "SF123456"}),)),
        Say(text="订单 SF123456 运输中。"),
        Say(text="好的，以后都用顺丰。"),
    )
    app = create_agent_app(settings, core)
    key = {"Authorization": "Bearer k-agent-123"}

    async def scenario() -> None:
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://agent") as client,
        ):
            health = (await client.get("/health")).json()
            assert health["status"] == "ok" and health["model"] == "fake-model"
            assert health["tools"] in ("ok", "not connected")  # it connects in the background

            refused = await client.post("/v1/chat", json={"user_id": "li", "message": "hi"})
            assert refused.status_code == 401 and "Bearer" in refused.json()["detail"]
            invalid = await client.post("/v1/chat", json={"user_id": "li li", "message": "hi"}, headers=key)
            assert invalid.status_code == 422

            whole = await client.post(
                "/v1/chat",
                json={"user_id": "li", "session_id": "web-1", "message": "查一下SF123456"},
                headers=key,
            )
            assert whole.status_code == 200
            turn = whole.json()
            assert turn["answer"] == "订单 SF123456 运输中。"
            assert [(c["name"], c["outcome"]) for c in turn["tool_calls"]] == [("query_order", "ok")]
            assert turn["prompts"][0]["tokens"] <= turn["prompts"][0]["budget"]

            streamed = await client.post(
                "/v1/chat",
                json={"user_id": "li", "session_id": "web-1", "message": "以后都用顺丰", "stream": True},
                headers=key,
            )
            assert streamed.headers["content-type"].startswith("text/event-stream")
            events = _events(streamed.text)
            deltas = "".join(data["text"] for kind, data in events if kind == "delta")
            assert deltas == "好的，以后都用顺丰。"
            kind, done = events[-1]
            assert kind == "done" and done["answer"] == deltas and done["recall"]["working_turns"] >= 2
            assert any("long_term preference" in written for written in done["remembered"])

            assert (await client.get("/health")).json()["tools"] == "ok"
            ended = (
                await client.post(
                    "/v1/end_session", json={"user_id": "li", "session_id": "web-1"}, headers=key
                )
            ).json()
            assert ended["ended"] is True and ended["problem"] is None
            again = await client.post(
                "/v1/end_session", json={"user_id": "li", "session_id": "web-1"}, headers=key
            )
            assert again.json()["ended"] is False

    asyncio.run(scenario())
    assert provider.requests[-1]["stream"] is True and "stream" not in provider.requests[0]


def test_idle_and_least_recently_used_conversations_are_ended_and_written(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    """The service ends a conversation idle for HINDSIGHT_AGENT_IDLE_S (memory writes its open
    event, as the seed's "会话结束" trigger asks), and the least recently used beyond max_sessions."""

    settings = agent_settings.model_copy(update={"tools_command": "none", "memory_tools": ""})
    provider.default = Say(text="好的。")

    async def scenario() -> None:
        async with Agent(settings, core) as agent:
            sessions = _Sessions(agent, limit=1, idle_s=3600)
            first = await sessions.get("li", "a")
            await first.send("我在看登山背包")
            second = await sessions.get("li", "b")  # over the limit: "a" is ended
            assert (await first.close()).problem is None
            with pytest.raises(AgentError, match="has ended"):
                await first.send("还在吗")
            await second.send("以后都用顺丰")
            sessions.idle_s = 0.0  # everything open is now idle
            await sessions.sweep()
            with pytest.raises(AgentError, match="has ended"):
                await second.send("还在吗")
            assert await sessions.end("li", "b") is None, "the sweep removed it"
            # Both sessions were ended through memory: their turns are stored, their windows closed.
            async with agent.conversation("li", "c") as third:
                turn = await third.send("我之前在看什么")
            assert any("登山背包" in memory.text for memory in turn.memories_in_prompt)

    asyncio.run(scenario())
