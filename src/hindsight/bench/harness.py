"""`hindsight bench`: ingest every haystack through observe/end_session, ask every question through
recall, score the ranked source item ids, and time both sides."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from tqdm import tqdm

from hindsight.bench.dataset import Haystack, Item, Question, load
from hindsight.bench.metrics import Tally, dedupe, percentile
from hindsight.facade import Memory
from hindsight.indexing import indexable
from hindsight.timeutil import normalize
from hindsight.write import guard


@dataclass
class BenchResult:
    file: str
    embedder: str
    profile: str
    ks: tuple[int, ...]
    table: dict[str, dict[str, float]]
    items: int
    ingest_s: float
    questions: int
    unscored: int
    stored: int = 0
    """Records in the store after ingest (turns, summaries, facts): each one was embedded once."""
    recall_ms: list[float] = field(default_factory=list)
    embed_ms: list[float] = field(default_factory=list)
    baseline_items_per_s: float | None = None
    maintained: bool = False
    """The lifecycle ran after every session (`--maintain`)."""
    alive_table: dict[str, dict[str, float]] = field(default_factory=dict)
    """Scores over the questions whose evidence is all still remembered after the lifecycle."""

    @property
    def items_per_s(self) -> float:
        return self.items / self.ingest_s if self.ingest_s > 0 else 0.0

    def latency(self) -> dict[str, float]:
        overhead = [total - embed for total, embed in zip(self.recall_ms, self.embed_ms, strict=True)]
        out: dict[str, float] = {}
        for name, values in (("recall", self.recall_ms), ("embed", self.embed_ms), ("overhead", overhead)):
            for q in (50, 95, 99):
                out[f"{name}_p{q}"] = percentile(values, q)
        return out

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.file,
            "embedder": self.embedder,
            "profile": self.profile,
            "questions": self.questions,
            "unscored": self.unscored,
            "items": self.items,
            "ingest_items_per_s": self.items_per_s,
            "stored_records": self.stored,
            "embedder_items_per_s": self.baseline_items_per_s,
            "latency_ms": self.latency(),
            "scores": self.table,
            **({"maintained": True, "scores_evidence_alive": self.alive_table} if self.maintained else {}),
        }


def _selected(haystacks: Sequence[Haystack], limit: int | None) -> list[tuple[Haystack, list[Question]]]:
    """The haystacks to ingest and their questions: all, or only those the first `limit` need."""
    chosen: list[tuple[Haystack, list[Question]]] = []
    left = limit
    for haystack in haystacks:
        questions = list(haystack.questions) if left is None else list(haystack.questions[:left])
        if left is not None:
            if left <= 0:
                break
            left -= len(questions)
        chosen.append((haystack, questions))
    return chosen


def _sessions(items: Sequence[Item]) -> Iterator[tuple[str, list[Item]]]:
    """Consecutive items of one session, in file order (items without a session form one)."""
    current: str | None = None
    batch: list[Item] = []
    for item in items:
        session = item.session or "main"
        if batch and session != current:
            yield current or "main", batch
            batch = []
        current = session
        batch.append(item)
    if batch:
        yield current or "main", batch


def _role(item: Item) -> str:
    return item.speaker.strip() if item.speaker and item.speaker.strip() else "user"


def _ingest(memory: Memory, haystack: Haystack, bar: tqdm, maintain: bool = False) -> None:
    for session, items in _sessions(haystack.items):
        for item in items:
            speaker = item.speaker.strip() if item.speaker and item.speaker.strip() else None
            memory.observe(
                haystack.id, session, "user", item.text, item.time, turn_id=item.id, speaker=speaker
            )
            bar.update(1)
        memory.end_session(haystack.id, session, items[-1].time)
        if maintain and items[-1].time is not None:
            # The lifecycle as a server would run it: after each session, in the memory's own time.
            memory.maintain(now=items[-1].time, user_id=haystack.id)


def _alive_items(memory: Memory, haystack: Haystack) -> set[str]:
    """Item ids some still-valid record stands for (the turn itself, or a memory built from it)."""
    last = max((item.time for item in haystack.items if item.time is not None), default=None)
    now = None if last is None else normalize(last)
    records = memory.records(haystack.id, include_closed=False)
    return {s for r in records if now is None or r.is_valid_at(now) for s in r.source_ids}


def _baseline(memory: Memory, haystacks: Sequence[Haystack], batch: int) -> float:
    """The embedder alone on the same texts, in batches: the ceiling ingest is measured against."""
    texts = [indexable(_role(item), item.text) for haystack in haystacks for item in haystack.items]
    memory.embedder.embed_passages(texts[:2])  # load the model outside the timing
    started = time.perf_counter()
    for start in range(0, len(texts), batch):
        memory.embedder.embed_passages(texts[start : start + batch])
    return len(texts) / (time.perf_counter() - started)


def _ask(
    memory: Memory,
    plan: Sequence[tuple[Haystack, list[Question]]],
    result: BenchResult,
    profile: str,
    runs_out: IO[str] | None,
    bar: tqdm,
    alive: dict[str, set[str]] | None = None,
) -> None:
    deepest = max(result.ks)
    tally = Tally(result.ks)
    alive_tally = Tally(result.ks)
    for haystack, questions in plan:
        for question in questions:
            session = f"bench-{question.id}"
            for context in question.context:
                memory.observe(haystack.id, session, "user", context, question.time, persist=False)
            started = time.perf_counter()
            # Enough hits to fill the deepest k with source items (a summary repeats the turns it
            # covers, so k hits can hold fewer than k distinct items); no token budget, since the
            # benchmark scores ranking, not prompt packing.
            answer = memory.recall(
                haystack.id,
                question.question,
                session_id=session,
                top_k=deepest * 2,
                now=question.time,
                token_budget=None,
                profile=profile,
            )
            result.recall_ms.append((time.perf_counter() - started) * 1000.0)
            result.embed_ms.append(answer.timings.get("embed", 0.0))
            memory.end_session(haystack.id, session)
            ranked = dedupe(answer.source_ids())[:deepest]
            remembered = alive is None or set(question.evidence) <= alive[haystack.id]
            if runs_out is not None:
                run_line: dict[str, object] = {"qid": question.id, "ranked": ranked, "profile": profile}
                if alive is not None:
                    run_line["evidence_alive"] = remembered
                runs_out.write(json.dumps(run_line, ensure_ascii=False) + "\n")
            result.questions += 1
            if question.evidence:
                tally.add(question.category, ranked, question.evidence)
                if alive is not None and remembered:
                    alive_tally.add(question.category, ranked, question.evidence)
            else:
                result.unscored += 1
            bar.update(1)
    result.table = tally.averages()
    if alive is not None:
        result.alive_table = alive_tally.averages()


def run(
    path: Path,
    memory: Memory,
    ks: Sequence[int] = (5, 10, 20),
    limit: int | None = None,
    runs_out: IO[str] | None = None,
    baseline: bool = False,
    progress: bool = True,
    profiles: Sequence[str] = ("default",),
    maintain: bool = False,
) -> list[BenchResult]:
    """Ingest once, then ask every question under each profile: one result per profile. With
    `maintain`, the lifecycle runs after every session, in the conversation's own time."""
    plan = _selected(load(path), limit)
    ks = tuple(sorted(set(ks)))

    # Model load is start-up cost, not recall latency or ingest rate (e5 loads a second engine for
    # passages on their first batch; the guard's learned layer has an encoder of its own).
    memory.embedder.embed_query("warm up")
    memory.embedder.embed_passages(["warm up"])
    guard.warm_up()
    items = sum(len(haystack.items) for haystack, _ in plan)
    with tqdm(total=items, desc=f"ingest {path.name}", unit="item", disable=not progress) as bar:
        started = time.perf_counter()
        for haystack, _ in plan:
            _ingest(memory, haystack, bar, maintain)
        memory.flush()
        ingest_s = time.perf_counter() - started
    stored = sum(count for *_, count in memory.tally())
    alive = {haystack.id: _alive_items(memory, haystack) for haystack, _ in plan} if maintain else None

    baseline_rate = _baseline(memory, [h for h, _ in plan], memory.settings.embed_batch) if baseline else None
    results = []
    total_questions = sum(len(questions) for _, questions in plan)
    for profile in profiles:
        result = BenchResult(
            file=path.name,
            embedder=memory.embedder.model_id,
            profile=profile,
            ks=ks,
            table={},
            items=items,
            ingest_s=ingest_s,
            questions=0,
            unscored=0,
            baseline_items_per_s=baseline_rate,
            stored=stored,
            maintained=maintain,
        )
        desc = f"recall {path.name} [{profile}]"
        with tqdm(total=total_questions, desc=desc, unit="q", disable=not progress) as bar:
            _ask(memory, plan, result, profile, runs_out, bar, alive)
        results.append(result)
    return results


def render(result: BenchResult) -> str:
    ks = result.ks
    header = ["category", "n"] + [f"{m}@{k}" for k in ks for m in ("ev", "any", "all")]
    lines = [
        f"## {result.file} — embedder {result.embedder}, profile {result.profile}",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    order = [*sorted(name for name in result.table if name != "all"), "all"]
    for name in order:
        row = result.table.get(name)
        if row is None:
            continue
        cells = [name, str(int(row["n"]))] + [
            f"{row[f'{m}@{k}']:.3f}" for k in ks for m in ("ev", "any", "all")
        ]
        lines.append("| " + " | ".join(cells) + " |")
    if result.maintained:
        kept = result.alive_table.get("all", {})
        lines += [
            "",
            f"lifecycle ran after every session; questions whose evidence is all still remembered: "
            f"{int(kept.get('n', 0))} of {int(result.table.get('all', {}).get('n', 0))}; on those: "
            + "  ".join(f"ev@{k} {kept.get(f'ev@{k}', 0.0):.3f}" for k in ks),
        ]
    lat = result.latency()
    lines += [
        "",
        "ev@k: the share of a question's evidence turns among the first k recalled, averaged over the "
        "questions; any@k: the share of questions with at least one evidence turn there; all@k: with "
        "every one (recalled summaries count for the turns they stand for).",
        "",
        f"questions {result.questions} (unscored, no evidence: {result.unscored}); items {result.items}",
        f"ingest: {result.items_per_s:.1f} items/s ({result.ingest_s:.1f} s; {result.stored} records stored "
        f"and embedded = {result.stored / result.ingest_s:.1f} records/s)"
        + (
            f"; embedder alone on the same texts: {result.baseline_items_per_s:.1f} items/s "
            f"(ingest at {100 * result.items_per_s / result.baseline_items_per_s:.0f} % in items, "
            f"{100 * result.stored / result.ingest_s / result.baseline_items_per_s:.0f} % in records)"
            if result.baseline_items_per_s
            else ""
        ),
        "recall ms: p50 {recall_p50:.1f}  p95 {recall_p95:.1f}  p99 {recall_p99:.1f}".format(**lat),
        "  of which query embedding: p50 {embed_p50:.1f}  p95 {embed_p95:.1f}  p99 {embed_p99:.1f}".format(
            **lat
        ),
        "  everything else (overhead): p50 {overhead_p50:.1f}  p95 {overhead_p95:.1f}  "
        "p99 {overhead_p99:.1f}".format(**lat),
    ]
    return "\n".join(lines) + "\n"
