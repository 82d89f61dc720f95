"""The seed's story across sessions, end to end: the real `openai` client talks to a fake provider
over loopback (a "model" that reads its prompt), the agent reaches memory only through a real
`hindsight mcp` subprocess per session and the business tools through a real `hindsight tools`.

Day 1 the user asks about order SF123456 and a refund; day 2 "我那个退款到哪了" must recall the
order and call query_order with it; day 3 "以后都用顺丰" and a travel budget of 5000; day 10 the
budget becomes 8000; day 30 the courier preference and the 8000 budget are honoured.

With AGENT_TRANSCRIPT_OUT=docs/agent-story.md the run writes its transcript there.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
from pathlib import Path
from typing import Any

from hindsight.agent import Agent, AgentSettings, TurnResult
from hindsight.agent.transcript import Entry, Heading, render
from hindsight.settings import Settings

from .fake_provider import FakeProvider, Say, system_text, tool_results, user_text

ORDER = re.compile(r"[A-Z]{2}\d{6}")


def _prompt_text(body: dict[str, Any]) -> str:
    """Everything the model reads: instructions with memories, and the conversation so far."""
    return "\n".join(str(message.get("content") or "") for message in body["messages"])


def story_model(body: dict[str, Any]) -> Say:
    """A model that reads its prompt the way a real one would, for the story's turns."""
    message = user_text(body)
    results = tool_results(body)
    memory = system_text(body)
    if "到货" in message:
        if not results:
            order = ORDER.search(message)
            assert order, "the user named the order"
            return Say(calls=(("query_order", {"order_id": order.group(0)}),))
        status = json.loads(results[-1])["status"]
        return Say(text=f"查到了：订单 SF123456 {status}。需要的话我可以帮您申请退款。")
    if "退款" in message and "哪" not in message:
        if not results:
            order = ORDER.search(_prompt_text(body))  # from the conversation's working memory
            assert order, "the order number is in the window"
            return Say(calls=(("request_refund", {"order_id": order.group(0), "account": "original"}),))
        refund = json.loads(results[-1])["refund"]
        return Say(
            text=f"已为您提交退款 {refund['refund_id']}，预计 {refund['expected_by']} 前退回原支付账户。"
        )
    if "退款到哪" in message:
        if not results:
            order = ORDER.search(memory)  # only memory knows it: this is a new session
            if order is None:
                return Say(text="请问是哪个订单？")
            return Say(calls=(("query_order", {"order_id": order.group(0)}),))
        refund = json.loads(results[-1])["refund"]
        progress = f"{refund['status']}，预计 {refund['expected_by']} 前到账"
        return Say(text=f"您的订单 SF123456 的退款 {refund['refund_id']}：{progress}。")
    if "以后都用" in message:
        return Say(text="好的，记住了：以后都用顺丰发货。")
    if "预算" in message and "多少" not in message:
        return Say(text="好的，记下了。")
    if "快递" in message:
        carrier = "顺丰" if "顺丰" in memory else "默认快递"
        return Say(text=f"按您的习惯，用{carrier}寄回。")
    if "预算是多少" in message:
        amounts = re.findall(r"预算[^\d\n]{0,8}(\d{4,})", memory)
        return Say(text=f"您这次旅行的预算是 {amounts[0]} 元。" if amounts else "我不记得您的预算。")
    return Say(text="不客气！")


async def _session(agent: Agent, session: str, messages: list[str], log: list[Entry]) -> list[TurnResult]:
    results = []
    async with agent.conversation("li", session) as chat:
        for message in messages:
            turn = await chat.send(message)
            log.append(turn)
            results.append(turn)
        log.append(await chat.close())
    return results


def test_the_seed_story_across_sessions(
    provider: FakeProvider, agent_settings: AgentSettings, core: Settings, tmp_path: Path
) -> None:
    provider.default = story_model
    log: list[Entry] = []
    # The fast no-model embedder by default; AGENT_STORY_EMBEDDER=e5 runs the story on the real one.
    embedder = os.environ.get("AGENT_STORY_EMBEDDER", "hash")
    core = core.model_copy(update={"embedder": embedder})

    async def story() -> dict[str, list[TurnResult]]:
        async with Agent(agent_settings, core) as agent:
            log.append(Heading("Day 1 — the order and the refund"))
            day1 = await _session(
                agent,
                "day-1",
                [
                    "我上周买的耳机订单号是SF123456，一直没到货",
                    "一直不到，我要退款，退回原支付账户吧",
                    "好的，谢谢",
                ],
                log,
            )
            log.append(Heading("Day 2 — a new session: 我那个退款到哪了"))
            day2 = await _session(agent, "day-2", ["我那个退款到哪了"], log)
            log.append(Heading("Day 3 — a preference and a budget"))
            day3 = await _session(agent, "day-3", ["以后都用顺丰", "这次去云南旅行，预算5000"], log)
            log.append(Heading("Day 10 — the budget changes"))
            day10 = await _session(agent, "day-10", ["预算可以放宽到8000"], log)
            log.append(Heading("Day 30 — both honoured"))
            day30 = await _session(
                agent, "day-30", ["帮我把这个包裹寄回去，用哪家快递？", "我这次旅行的预算是多少？"], log
            )
        return {"day1": day1, "day2": day2, "day3": day3, "day10": day10, "day30": day30}

    days = asyncio.run(story())

    # Day 1: the tools ran with the order from the user's words, then from the window.
    query, refund, thanks = days["day1"]
    assert [(c.name, c.outcome) for c in query.tool_calls] == [("query_order", "ok")]
    assert [(c.name, json.loads(c.arguments)) for c in refund.tool_calls] == [
        ("request_refund", {"order_id": "SF123456", "account": "original"})
    ]
    assert "RF000001" in refund.answer
    assert thanks.recall.layers == ["working"], "an acknowledgement needs only working memory"
    assert all(not turn.notices for day in days.values() for turn in day)

    # Day 2: nothing in working memory; the order came from recall, and query_order got it.
    (where,) = days["day2"]
    assert where.recall.window == [] and where.recall.layers[:2] == ["working", "short_term"]
    assert any("SF123456" in m.text for m in where.memories_in_prompt)
    first_request = next(b for b in provider.requests if user_text(b) == "我那个退款到哪了")
    assert "SF123456" in system_text(first_request), "the recalled memory reached the model's prompt"
    assert [(c.name, json.loads(c.arguments), c.outcome) for c in where.tool_calls] == [
        ("query_order", {"order_id": "SF123456"}, "ok")
    ]
    assert "RF000001" in where.answer and "审核中" in where.answer

    # Day 3: the explicit preference went long-term as soon as it was said.
    preference, _budget = days["day3"]
    assert any("long_term preference" in written and "顺丰" in written for written in preference.remembered)

    # Day 30: the preference and the newest budget are in the prompt; the closed 5000 is not.
    courier, budget = days["day30"]
    assert "顺丰" in courier.answer
    assert any(m.tier == "long_term" and "顺丰" in m.text for m in courier.memories_in_prompt)
    print(budget)
    assert "8000" in budget.answer
    recalled = " ".join(m.text for m in budget.memories_in_prompt)
    assert "8000" in recalled and "5000" not in recalled

    # Every request stayed within the budget, counted by the model family's tokenizer.
    assert all(p.tokens <= p.budget for day in days.values() for turn in day for p in turn.prompts)

    transcript = render(
        log,
        title="The seed's story, as the reference agent lived it",
        note=(
            "Generated by `tests/agent/test_story.py` (`AGENT_TRANSCRIPT_OUT=docs/agent-story.md "
            f"AGENT_STORY_EMBEDDER={embedder} pytest tests/agent/test_story.py`): the real agent, a real "
            f"`hindsight mcp` per session (embedder `{embedder}`) and `hindsight tools`, and a scripted "
            "model — the test's fake OpenAI-compatible server — that reads its prompt. Token counts are "
            "cl100k_base with the 10 % margin for a model family the agent does not know; each request "
            "carries the default tool definitions (3 memory tools, 4 business tools)."
        ),
    )
    assert 'query_order(order_id="SF123456")' in transcript
    target = os.environ.get("AGENT_TRANSCRIPT_OUT")
    (Path(target) if target else tmp_path / "story.md").write_text(transcript, encoding="utf-8")
