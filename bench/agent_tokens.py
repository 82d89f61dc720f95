"""What the reference agent's prompt costs, with memory against the full history (issue 15).

Replays the shared bench conversations (../shared/bench/*.jsonl, FORMAT.md) through the agent's
real prompt assembly — layered recall (short-term, then both tiers unless short-term was enough),
the working window, the token budget — and reports, per question, the prompt's tokens with memory
against the tokens of the same prompt carrying the whole history instead, and whether the gold
evidence is inside the prompt. No LLM is called: the question is the turn, the prompt is what the
model would be sent. The seed's claim: "假设一轮对话平均200个token，用户聊了50轮就是10000个token".

Recall runs in process on a `Memory` (the agent does the same through the memory MCP server:
retrieve_memory returns these hits), ingested as `hindsight bench` ingests (observe each item at
its time, sessions ended in order); each question's `context` is its working memory.

Both prompts hold the agent's instructions and no tool definitions (those cost the same on both
sides). Tokens: the model family's tokenizer (default gpt-4o-mini: o200k_base), counted as the
agent counts a request. Evidence is "in the prompt" when an evidence item is a source of a memory
the prompt kept (the item itself, or a summary or fact built from it), as `hindsight bench` scores.

    python bench/agent_tokens.py ../shared/bench/locomo-dev.jsonl ../shared/bench/madial-zh.jsonl \\
        ../shared/bench/madial-en.jsonl --embedder e5 --out bench/results/issue15
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from hindsight import Memory, Settings
from hindsight.agent.config import AgentSettings
from hindsight.agent.memory_link import layer_is_enough, not_in_window, ranked
from hindsight.agent.models import RecalledMemory, WindowTurn
from hindsight.agent.prompt import INSTRUCTIONS, PromptInput, SnippetRule, assemble
from hindsight.agent.tokens import TokenCounter, context_window
from hindsight.bench.dataset import Haystack, Item, Question, load
from hindsight.models import Hit

_TIER = {"short": "short_term", "long": "long_term"}


@dataclass
class Row:
    file: str
    haystack: str
    question_id: str
    category: str
    history_items: int
    tokens_with_memory: int
    tokens_full_history: int
    memory_tokens: int
    """Tokens of the memory section of the prompt (the memories' snippets)."""
    memories_in_prompt: int
    layers: str
    evidence: int
    evidence_in_prompt: int

    @property
    def any_evidence(self) -> bool:
        return self.evidence > 0 and self.evidence_in_prompt > 0

    @property
    def all_evidence(self) -> bool:
        return self.evidence > 0 and self.evidence_in_prompt == self.evidence


def _sessions(items: tuple[Item, ...]) -> list[tuple[str, list[Item]]]:
    out: list[tuple[str, list[Item]]] = []
    for item in items:
        session = item.session or "main"
        if out and out[-1][0] == session:
            out[-1][1].append(item)
        else:
            out.append((session, [item]))
    return out


def _role(item: Item) -> str:
    return item.speaker.strip() if item.speaker and item.speaker.strip() else "user"


def ingest(memory: Memory, haystack: Haystack) -> None:
    for session, items in _sessions(haystack.items):
        for item in items:
            memory.observe(haystack.id, session, _role(item), item.text, item.time, turn_id=item.id)
        memory.end_session(haystack.id, session, items[-1].time)
    memory.flush()


def _recalled(hits: list[Hit]) -> list[RecalledMemory]:
    return [
        RecalledMemory(
            id=hit.record.id,
            text=hit.record.text,
            tier=_TIER[hit.record.tier],
            kind=hit.record.kind,
            score=round(hit.score, 4),
            event_time=hit.record.event_time.isoformat(),
        )
        for hit in hits
    ]


def _history_messages(haystack: Haystack, until: str | None) -> list[dict[str, str]]:
    """The whole conversation before the question, one message per item, as a full-history agent
    would send it ("Caroline: ..." — whose line it is matters as much as the line)."""
    messages = []
    for item in haystack.items:
        if until is not None and item.time is not None and item.time > until:
            continue
        speaker = item.speaker.strip() if item.speaker else ""
        messages.append({"role": "user", "content": f"{speaker}: {item.text}" if speaker else item.text})
    return messages


def ask(
    memory: Memory,
    haystack: Haystack,
    question: Question,
    settings: AgentSettings,
    counter: TokenCounter,
    budget: int,
    file: str,
) -> Row:
    session = f"agent-bench-{question.id}"
    for line in question.context:
        memory.observe(haystack.id, session, "user", line, question.time, persist=False)
    window = [WindowTurn("user", line) for line in question.context]
    top_k = min(50, settings.memory_top_k + len(window))
    records: dict[str, Any] = {}

    def layer(tier: str | None) -> list[RecalledMemory]:
        answer = memory.recall(
            haystack.id,
            question.question,
            session_id=session,
            top_k=top_k,
            tier=tier,
            now=question.time,
            token_budget=None,
        )
        records.update({hit.record.id: hit.record for hit in answer.hits})
        return not_in_window(_recalled(answer.hits), window)

    found = layer("short")
    layers = "short"
    if not layer_is_enough(found, settings):  # down to long-term: both tiers on one scale
        found = layer(None)
        layers = "short+long"
    memories = ranked(found)
    memory.end_session(haystack.id, session)

    memory_rule = SnippetRule(
        settings.memory_top_k, settings.memory_fallback_k, settings.memory_chars, settings.memory_tokens
    )
    window_rule = SnippetRule(
        settings.window_turns, settings.window_fallback_turns, settings.window_chars, settings.window_tokens
    )
    prompt = assemble(
        PromptInput(message=question.question, memories=memories, window=window),
        counter,
        budget,
        memory_rule,
        window_rule,
    )
    sources = {source for kept in prompt.memories for source in (records[kept.id].source_ids or (kept.id,))}
    history = _history_messages(haystack, question.time)
    full = [
        {"role": "system", "content": INSTRUCTIONS},
        *history,
        *({"role": "user", "content": line} for line in question.context),
        {"role": "user", "content": question.question},
    ]
    evidence = set(question.evidence)
    return Row(
        file=file,
        haystack=haystack.id,
        question_id=question.id,
        category=question.category,
        history_items=len(history),
        tokens_with_memory=prompt.tokens,
        tokens_full_history=counter.request(full, None),
        memory_tokens=sum(counter.text(line) for line in prompt.memory_lines),
        memories_in_prompt=len(prompt.memories),
        layers=layers,
        evidence=len(evidence),
        evidence_in_prompt=len(evidence & sources),
    )


GROWTH_POINTS = (10, 50, 100, 200, 400)


def history_growth(haystacks: list[Haystack], counter: TokenCounter) -> dict[str, float]:
    """Tokens of a full-history prompt after the first N turns, averaged over the haystacks that
    have N turns: how the cost grows with the conversation (the seed's "50 轮就是 10000 个 token")."""
    system = counter.message({"role": "system", "content": INSTRUCTIONS})
    sums: dict[int, list[int]] = {n: [] for n in GROWTH_POINTS}
    for haystack in haystacks:
        total = system
        for number, message in enumerate(_history_messages(haystack, None), start=1):
            total += counter.message(message)
            if number in sums:
                sums[number].append(total)
    return {str(n): statistics.fmean(values) for n, values in sums.items() if values}


def _percentile(values: list[int], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return float(ordered[index])


def summarise(rows: list[Row]) -> dict[str, Any]:
    scored = [row for row in rows if row.evidence]
    memory = [row.tokens_with_memory for row in rows]
    full = [row.tokens_full_history for row in rows]
    items = [row.history_items for row in rows]
    return {
        "questions": len(rows),
        "scored": len(scored),
        "history_items_mean": statistics.fmean(items),
        "tokens_with_memory_mean": statistics.fmean(memory),
        "tokens_with_memory_p50": _percentile(memory, 50),
        "tokens_with_memory_p95": _percentile(memory, 95),
        "tokens_with_memory_max": max(memory),
        "tokens_full_history_mean": statistics.fmean(full),
        "tokens_full_history_p50": _percentile(full, 50),
        "tokens_full_history_max": max(full),
        "full_history_tokens_per_item": sum(full) / max(1, sum(items)),
        "memory_share_of_full": statistics.fmean(memory) / statistics.fmean(full),
        "memory_section_tokens_mean": statistics.fmean(row.memory_tokens for row in rows),
        "memories_in_prompt_mean": statistics.fmean(row.memories_in_prompt for row in rows),
        "long_term_searched_share": sum(row.layers == "short+long" for row in rows) / len(rows),
        "evidence_any_in_prompt": sum(row.any_evidence for row in scored) / max(1, len(scored)),
        "evidence_all_in_prompt": sum(row.all_evidence for row in scored) / max(1, len(scored)),
        "evidence_ids_in_prompt": sum(row.evidence_in_prompt for row in scored)
        / max(1, sum(r.evidence for r in scored)),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--embedder", default="e5", choices=["e5", "use", "minilm", "hash", "openai"])
    parser.add_argument(
        "--model", default=None, help="model name for the tokenizer and context [gpt-4o-mini]"
    )
    parser.add_argument(
        "--embed-cache", type=Path, default=None, help="keep vectors across runs (same results)"
    )
    parser.add_argument("--limit", type=int, default=None, help="at most N questions per file")
    parser.add_argument("--out", type=Path, default=Path("bench/results/issue15"))
    args = parser.parse_args(argv)

    settings = AgentSettings()
    model = args.model or Settings().llm_model
    counter = TokenCounter.for_model(model, settings.tokenizer, settings.token_margin)
    context = settings.context_tokens or context_window(model)
    budget = min(settings.prompt_budget or context - settings.reply_tokens, context - settings.reply_tokens)
    args.out.mkdir(parents=True, exist_ok=True)
    summary: dict[str, Any] = {
        "model": model,
        "encoding": counter.encoding,
        "prompt_budget": budget,
        "embedder": args.embedder,
        "files": {},
    }
    for path in args.files:
        started = time.perf_counter()
        rows: list[Row] = []
        with tempfile.TemporaryDirectory(prefix="agent-tokens-") as scratch:
            core = Settings(home=Path(scratch), embedder=args.embedder, recall_cache_ttl_s=0)
            embedder = None
            if args.embed_cache is not None:
                from hindsight.bench.embedcache import CachedEmbedder
                from hindsight.embedding import make_embedder

                embedder = CachedEmbedder(make_embedder(core), args.embed_cache)
            with Memory(settings=core, embedder=embedder, background=False) as memory:
                for haystack in load(path):
                    ingest(memory, haystack)
                    questions = haystack.questions[: args.limit] if args.limit else haystack.questions
                    for question in questions:
                        rows.append(ask(memory, haystack, question, settings, counter, budget, path.name))
                    print(f"{path.name} {haystack.id}: {len(questions)} questions", file=sys.stderr)
            if embedder is not None:
                embedder.close()
        name = path.stem
        growth = history_growth(list(load(path)), counter)
        with (args.out / f"{name}-rows.jsonl").open("w", encoding="utf-8") as out:
            for row in rows:
                out.write(
                    json.dumps(
                        {**asdict(row), "any": row.any_evidence, "all": row.all_evidence}, ensure_ascii=False
                    )
                    + "\n"
                )
        summary["files"][name] = {
            **summarise(rows),
            "full_history_after_n_turns": growth,
            "seconds": round(time.perf_counter() - started, 1),
        }
        print(json.dumps({name: summary["files"][name]}, indent=2), file=sys.stderr)
    (args.out / "summary.json").write_text(
        json.dumps(summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    print(render(summary))
    return 0


def render(summary: dict[str, Any]) -> str:
    lines = [
        f"model {summary['model']} ({summary['encoding']}), prompt budget {summary['prompt_budget']}, "
        f"embedder {summary['embedder']}",
        "",
        "| file | questions | history items (mean) | full history tokens mean / p50 / max "
        "| with memory mean / p50 / p95 / max | with memory / full | evidence in prompt any / all (ids) "
        "| long-term searched |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, s in summary["files"].items():
        lines.append(
            f"| {name} | {s['questions']} | {s['history_items_mean']:.0f} | "
            f"{s['tokens_full_history_mean']:.0f} / {s['tokens_full_history_p50']:.0f} / "
            f"{s['tokens_full_history_max']} | "
            f"{s['tokens_with_memory_mean']:.0f} / {s['tokens_with_memory_p50']:.0f} / "
            f"{s['tokens_with_memory_p95']:.0f} / {s['tokens_with_memory_max']} | "
            f"{100 * s['memory_share_of_full']:.1f} % | {s['evidence_any_in_prompt']:.3f} / "
            f"{s['evidence_all_in_prompt']:.3f} ({s['evidence_ids_in_prompt']:.3f}) | "
            f"{100 * s['long_term_searched_share']:.0f} % |"
        )
    lines += [
        "",
        "full history after N turns (tokens, mean over the haystacks that long) against the memory prompt:",
        "",
        "| file | " + " | ".join(f"{n} turns" for n in GROWTH_POINTS) + " | with memory (mean) |",
        "|---|" + "---|" * (len(GROWTH_POINTS) + 1),
    ]
    for name, s in summary["files"].items():
        growth = s["full_history_after_n_turns"]
        cells = [f"{growth[str(n)]:.0f}" if str(n) in growth else "–" for n in GROWTH_POINTS]
        lines.append(f"| {name} | " + " | ".join(cells) + f" | {s['tokens_with_memory_mean']:.0f} |")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
