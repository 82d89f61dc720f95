"""A 200-turn conversation never sends a prompt over the budget: asserted on what the provider
received, counted with the model family's tokenizer (cl100k_base, +10 % for a family the agent
does not know), while messages of every length — some far longer than the budget — come in."""

from __future__ import annotations

import asyncio

from hindsight.agent import Agent, AgentSettings, TurnResult
from hindsight.agent.tokens import TokenCounter
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say, system_text

BUDGET = 1200
TURNS = 200
TOPICS = [
    "我的订单SF{n:06d}还没到，帮我查查",
    "我喜欢{n}号色的杯子，以后都按这个颜色买",
    "这次出差预算{n}元，住宿要离地铁近",
    "Remind me that my sister's birthday is on day {n} of next month",
    "上次说的第{n}个方案我觉得不错，细节再想想",
]


def _message(turn: int) -> str:
    base = TOPICS[turn % len(TOPICS)].format(n=turn + 100)
    if turn % 17 == 0:
        return base + "。" + "这件事的来龙去脉是这样的：" * 300  # ~4,000 characters: over the budget alone
    if turn % 5 == 0:
        return base + "。" + "补充一些细节，" * (turn % 40)
    return base


def test_two_hundred_turns_never_exceed_the_prompt_budget(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings
) -> None:
    settings = agent_settings.model_copy(
        update={
            "tools_command": "none",
            "memory_tools": "retrieve_memory,save_preference",
            "prompt_budget": BUDGET,
        }
    )
    provider.default = lambda body: Say(text="好的，我记下了。" * (1 + len(body["messages"]) % 4))

    async def run() -> list[TurnResult]:
        async with Agent(settings, core) as agent, agent.conversation("li", "long") as chat:
            assert agent.prompt_budget == BUDGET
            return [await chat.send(_message(turn)) for turn in range(TURNS)]

    turns = asyncio.run(run())
    assert len(provider.requests) == TURNS
    counter = TokenCounter.for_model("fake-model")
    sent = [counter.request(body["messages"], body.get("tools")) for body in provider.requests]
    assert max(sent) <= BUDGET, f"a request carried {max(sent)} tokens"
    # The agent's own count is the one the wire shows.
    assert [p.tokens for turn in turns for p in turn.prompts] == sent
    # The limit was really exercised: long messages were cut, and memory still reached the prompts.
    assert any("the user's message was shortened (prompt budget)" in p.cut for t in turns for p in t.prompts)
    assert max(sent) > BUDGET * 0.9
    with_memories = sum(
        1 for body in provider.requests if "What you remember about this user" in system_text(body)
    )
    assert with_memories > TURNS // 2
    assert all(not turn.notices for turn in turns)
