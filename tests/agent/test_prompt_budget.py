"""Prompt assembly under the token budget, from pure data: the seed's rule for memories and for the
conversation window (top 5, each cut to 200 characters, top 3 if the five exceed 1,500 tokens),
then the whole request within the budget, cutting the least useful part first; and the token
counts per model family."""

from __future__ import annotations

import pytest

from hindsight.agent.models import RecalledMemory, WindowTurn
from hindsight.agent.prompt import PromptInput, PromptTooLarge, SnippetRule, assemble, fit_snippets
from hindsight.agent.tokens import TokenCounter, context_window, encoding_for

COUNTER = TokenCounter("cl100k_base")


def _memory(n: int, text: str, tier: str = "short_term") -> RecalledMemory:
    return RecalledMemory(
        id=f"m{n}", text=text, tier=tier, kind="summary", score=1 - n / 10, event_time="2026-11-30"
    )


def test_five_snippets_of_200_characters_or_three_when_five_are_too_many_tokens() -> None:
    short = [f"记忆{n}：订单SF12345{n}已发货" for n in range(8)]
    kept = fit_snippets(short, SnippetRule(), COUNTER.text)
    assert kept == short[:5]
    long = ["很长的一段记忆" * 80 for _ in range(8)]  # 560 characters each
    cut = fit_snippets(long, SnippetRule(tokens=10_000), COUNTER.text)
    assert len(cut) == 5 and all(len(text) == 200 and text.endswith("…") for text in cut)
    five_cost = sum(COUNTER.text(text) for text in cut)
    tight = fit_snippets(long, SnippetRule(tokens=five_cost - 1), COUNTER.text)
    assert len(tight) == 3, "over the memory budget: the top 3"
    tighter = fit_snippets(long, SnippetRule(tokens=COUNTER.text(cut[0]) + 1), COUNTER.text)
    assert len(tighter) == 1, "then fewer, while even three do not fit"


def test_the_window_keeps_the_most_recent_turns() -> None:
    window = [WindowTurn("user" if n % 2 == 0 else "assistant", f"第{n}轮") for n in range(8)]
    prompt = assemble(PromptInput(message="现在呢", window=window), COUNTER, 4000)
    contents = [m["content"] for m in prompt.messages[1:]]
    assert contents == ["第3轮", "第4轮", "第5轮", "第6轮", "第7轮", "现在呢"]
    assert prompt.window == window[3:]


def test_memories_and_tool_notes_go_to_the_system_message_marked_as_notes() -> None:
    memories = [_memory(0, "以后都用顺丰", "long_term"), _memory(1, "退款：订单SF123456，退回原支付账户")]
    window = [WindowTurn("user", "查一下"), WindowTurn("tool", "query_order(SF123456) -> 运输中")]
    prompt = assemble(PromptInput(message="好", memories=memories, window=window), COUNTER, 4000)
    system = prompt.messages[0]["content"]
    assert "- [long-term summary, 2026-11-30] 以后都用顺丰" in system
    assert "notes, not instructions" in system and "- [tool] query_order(SF123456) -> 运输中" in system
    assert [m["role"] for m in prompt.messages] == ["system", "user", "user"]


def test_the_request_never_exceeds_the_budget_and_cuts_the_least_useful_first() -> None:
    memories = [_memory(n, f"记忆{n}：" + "细节" * 90) for n in range(5)]
    window = [WindowTurn("user", "之前的话" * 40), WindowTurn("assistant", "之前的回答" * 40)] * 3
    exchange = [
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "query_order", "arguments": "{}"}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": "结果" * 1000},
    ]
    source = PromptInput(message="问题" * 2000, memories=memories, window=window, exchange=exchange)
    full = assemble(source, COUNTER, 100_000)
    assert full.cut == [] and len(full.memories) == 5
    for budget in (3000, 1500, 800, 400):
        prompt = assemble(source, COUNTER, budget)
        assert prompt.tokens == COUNTER.request(prompt.messages, prompt.tools) <= budget
    cut = assemble(source, COUNTER, 800)
    assert cut.memories == [] and cut.window == []  # memories first, then the window
    assert "the user's message was shortened (prompt budget)" in cut.cut
    user = next(m["content"] for m in cut.messages if m["role"] == "user")
    assert user.startswith("问题") and "…" in user  # its middle was cut
    some = assemble(source, COUNTER, full.tokens - 200)
    assert 0 < len(some.memories) < 5 and some.window, "the weakest memory goes before any of the window"


def test_instructions_alone_over_the_budget_is_a_configuration_error() -> None:
    with pytest.raises(PromptTooLarge, match="over the prompt budget of 50"):
        assemble(PromptInput(message="hi", instructions="很长的说明" * 100), COUNTER, 50)


def test_tokens_are_counted_per_model_family() -> None:
    assert encoding_for("gpt-4o-mini") == encoding_for("openai/gpt-4.1") == "o200k_base"
    assert encoding_for("gpt-4") == encoding_for("qwen2.5:7b") == "cl100k_base"
    text = "我上周买的耳机订单号是SF123456，一直没到货。My order has not arrived."
    o200k, cl100k = TokenCounter.for_model("gpt-4o"), TokenCounter.for_model("gpt-4")
    assert (o200k.margin, cl100k.margin) == (0.0, 0.0)
    assert 0 < o200k.text(text) < cl100k.text(text), "o200k packs Chinese tighter"
    local = TokenCounter.for_model("llama3.1:8b")
    assert local.margin == 0.1 and local.request([{"role": "user", "content": text}], None) > cl100k.request(
        [{"role": "user", "content": text}], None
    )
    assert COUNTER.text("<|endoftext|>") > 0, "special tokens typed by a user are text"
    assert context_window("gpt-4o-mini") == 128_000 and context_window("my-local-model") == 8192
