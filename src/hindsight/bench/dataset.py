"""Reading the benchmark format (../shared/bench/FORMAT.md): one haystack per JSON line."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hindsight.errors import BenchFormatError


@dataclass(frozen=True, slots=True)
class Item:
    id: str
    text: str
    speaker: str | None
    time: str | None
    session: str | None


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    question: str
    evidence: tuple[str, ...]
    category: str
    context: tuple[str, ...]
    time: str | None
    answer: str | None


@dataclass(frozen=True, slots=True)
class Haystack:
    id: str
    lang: str | None
    items: tuple[Item, ...]
    questions: tuple[Question, ...]


def _require(obj: dict[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in obj:
        raise BenchFormatError(f"{where}: missing field {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (
        isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))
    ):
        raise BenchFormatError(f"{where}: field {key!r} has the wrong type ({type(value).__name__})")
    return value


def _optional_str(obj: dict[str, Any], key: str, where: str) -> str | None:
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise BenchFormatError(f"{where}: field {key!r} must be a string")
    return value


def _item(raw: object, where: str) -> Item:
    if not isinstance(raw, dict):
        raise BenchFormatError(f"{where}: an item must be an object")
    text = _require(raw, "text", str, where)
    if not text.strip():
        raise BenchFormatError(f"{where}: item text is empty")
    return Item(
        id=str(_require(raw, "id", (str, int), where)),
        text=text,
        speaker=_optional_str(raw, "speaker", where),
        time=_optional_str(raw, "time", where),
        session=_optional_str(raw, "session", where),
    )


def _question(raw: object, where: str) -> Question:
    if not isinstance(raw, dict):
        raise BenchFormatError(f"{where}: a question must be an object")
    evidence = _require(raw, "evidence", list, where)
    context = raw.get("context") or []
    if not isinstance(context, list) or not all(isinstance(line, str) for line in context):
        raise BenchFormatError(f"{where}: context must be a list of strings")
    return Question(
        id=str(_require(raw, "id", (str, int), where)),
        question=_require(raw, "question", str, where),
        evidence=tuple(str(e) for e in evidence),
        category=_optional_str(raw, "category", where) or "all",
        context=tuple(context),
        time=_optional_str(raw, "time", where),
        answer=None if raw.get("answer") is None else str(raw.get("answer")),
    )


def parse_haystack(line: str, where: str) -> Haystack:
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as exc:
        raise BenchFormatError(f"{where}: not JSON ({exc.msg})") from None
    if not isinstance(raw, dict):
        raise BenchFormatError(f"{where}: a haystack must be a JSON object")
    hid = str(_require(raw, "id", (str, int), where))
    items = _require(raw, "items", list, where)
    questions = _require(raw, "questions", list, where)
    return Haystack(
        id=hid,
        lang=_optional_str(raw, "lang", where),
        items=tuple(_item(item, f"{where}, item {i}") for i, item in enumerate(items)),
        questions=tuple(_question(q, f"{where}, question {i}") for i, q in enumerate(questions)),
    )


def load(path: Path) -> list[Haystack]:
    """Every haystack in a JSONL file; a clear BenchFormatError for anything off-format."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BenchFormatError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BenchFormatError(f"{path}: cannot be read as UTF-8 text ({exc})") from None
    haystacks = [
        parse_haystack(line, f"{path.name} line {number}")
        for number, line in enumerate(lines, start=1)
        if line.strip()
    ]
    if not haystacks:
        raise BenchFormatError(f"{path}: no haystacks (expected one JSON object per line)")
    return haystacks
