"""A conversation's turns as Markdown: what the user said, what memory recalled (layers, the
memories put in the prompt), the tool calls and their outcomes, the tokens of every request, the
answer, and what memory wrote. For docs and for debugging an agent ("why did it answer that?")."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from hindsight.agent.models import SessionEnd, TurnResult


@dataclass(frozen=True)
class Heading:
    """A heading between turns ("Day 2 — a new session")."""

    text: str


Entry = TurnResult | SessionEnd | Heading


def render(entries: Sequence[Entry], title: str = "Transcript", note: str = "") -> str:
    lines = [f"# {title}", ""]
    if note:
        lines += [note, ""]
    number = 0
    for entry in entries:
        if isinstance(entry, Heading):
            lines += [f"## {entry.text}", ""]
        elif isinstance(entry, SessionEnd):
            lines += _session_end(entry)
        else:
            number += 1
            lines += _turn(number, entry)
    return "\n".join(lines).rstrip() + "\n"


def _turn(number: int, turn: TurnResult) -> list[str]:
    lines = [f"**{number}. user:** {turn.message}", ""]
    recall = turn.recall
    why = recall.error or recall.stopped
    lines.append(f"- recall: {' → '.join(recall.layers)} ({why}); working memory {len(recall.window)} turns")
    if turn.memories_in_prompt:
        lines.append("- memories in the prompt:")
        lines += [
            f"  - `{memory.tier} {memory.kind} {memory.score:.2f}` {_one_line(memory.text, 160)}"
            for memory in turn.memories_in_prompt
        ]
    for call in turn.tool_calls:
        lines.append(f"- tool call `{call.name}({_arguments(call.arguments)})` → **{call.outcome}**")
        lines.append(f"  - {_one_line(call.result, 240)}")
    if turn.prompts:
        counts = ", ".join(f"{p.tokens}" for p in turn.prompts)
        lines.append(f"- prompt tokens per request: {counts} (budget {turn.prompts[0].budget})")
        cuts = sorted({cut for p in turn.prompts for cut in p.cut})
        if cuts:
            lines.append(f"- cut to fit: {'; '.join(cuts)}")
    for notice in turn.notices:
        lines.append(f"- notice: {notice}")
    for written in turn.remembered:
        lines.append(f"- memory wrote: {_one_line(written, 200)}")
    lines += ["", f"**{number}. agent:** {turn.answer}", ""]
    return lines


def _session_end(ended: SessionEnd) -> list[str]:
    if ended.problem:
        return [f"*session ended; memory could not write it: {ended.problem}*", ""]
    if not ended.written:
        return ["*session ended; nothing more to write*", ""]
    lines = ["*session ended; memory wrote:*", ""]
    lines += [f"- {_one_line(text, 200)}" for text in ended.written]
    return [*lines, ""]


def _arguments(raw: str) -> str:
    try:
        parsed = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    if isinstance(parsed, dict):
        return ", ".join(f"{key}={json.dumps(value, ensure_ascii=False)}" for key, value in parsed.items())
    return raw


def _one_line(text: str, limit: int) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
