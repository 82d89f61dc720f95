"""Reading transcripts for `hindsight ingest FILE`: turns from the files people have.

- JSON Lines of turns: `{"role": "user", "text": "...", "time": "...", "session": "s1", "turn_id": "...",
  "user": "..."}` - only `text` is required (`content` is read as `text`, `session_id`/`user_id`/`id`
  as their short names; a `speaker` names the speaker);
- a chat export: a JSON object with `messages` (OpenAI's shape: `role` and `content`), or a list of
  such messages, or a list of such objects (one conversation each);
- the benchmark format (../shared/bench/FORMAT.md): JSON Lines of haystacks with `items`.

Each becomes `IngestTurn`s in order; whatever a line lacks comes from the command's options.
Problems are reported with the line (or message) they are on, never a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hindsight.errors import InvalidInput
from hindsight.models import ROLES


@dataclass(frozen=True, slots=True)
class IngestTurn:
    user: str
    session: str
    role: str
    text: str
    time: str | None = None
    turn_id: str | None = None
    speaker: str | None = None


def _text_of(value: object) -> str | None:
    if isinstance(value, str):
        return value
    if isinstance(value, list):  # OpenAI's content parts: [{"type": "text", "text": ...}, ...]
        parts = [part.get("text") for part in value if isinstance(part, dict)]
        return "\n".join(part for part in parts if isinstance(part, str)) or None
    return None


def _turn(data: dict[str, object], where: str, user: str, session: str) -> IngestTurn | None:
    text = _text_of(data.get("text", data.get("content")))
    if text is None:
        raise InvalidInput(f"{where}: no text (a `text` or `content` string)")
    if not text.strip():
        return None  # an empty message (a tool call without words): nothing to observe
    # A role that is not a side of the conversation ("Caroline") names a participant: the turn is
    # the user side's, said by them.
    said_by = data.get("role") or "user"
    speaker = data.get("speaker")
    role = said_by if said_by in ROLES else "user"
    if said_by not in ROLES and speaker is None:
        speaker = said_by
    fields = {
        "user": data.get("user", data.get("user_id", user)),
        "session": data.get("session", data.get("session_id", session)),
        "time": data.get("time", data.get("timestamp")),
        "turn_id": data.get("turn_id", data.get("id")),
        "speaker": speaker,
    }
    for name, value in fields.items():
        if value is not None and not isinstance(value, str | int):
            raise InvalidInput(f"{where}: `{name}` must be a string")
    return IngestTurn(
        user=str(fields["user"]),
        session=str(fields["session"]),
        role=str(role),
        text=text,
        time=None if fields["time"] is None else str(fields["time"]),
        turn_id=None if fields["turn_id"] is None else str(fields["turn_id"]),
        speaker=None if fields["speaker"] is None else str(fields["speaker"]),
    )


def _conversation(messages: object, where: str, user: str, session: str) -> Iterator[IngestTurn]:
    if not isinstance(messages, list):
        raise InvalidInput(f"{where}: `messages` must be a list")
    for index, message in enumerate(messages, start=1):
        if not isinstance(message, dict):
            raise InvalidInput(f"{where}, message {index}: not an object")
        if message.get("role") == "system":
            continue  # the agent's instructions, not what was said
        turn = _turn(message, f"{where}, message {index}", user, session)
        if turn is not None:
            yield turn


def read_turns(path: Path, user: str, session: str) -> Iterator[IngestTurn]:
    """The turns of the file at `path`, in order (InvalidInput says what is wrong, and where)."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InvalidInput(f"cannot read {path}: {exc}") from None
    try:
        whole = json.loads(raw)  # one JSON document: a chat export (or a one-line file)
    except json.JSONDecodeError:
        whole = None
    if isinstance(whole, list):
        yield from _export(whole, str(path), user, session)
        return
    lines = [raw] if isinstance(whole, dict) else raw.splitlines()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}, line {number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InvalidInput(
                f"{where}: not JSON ({exc.msg}): one JSON object a line, or one JSON document"
            ) from None
        if not isinstance(data, dict):
            raise InvalidInput(f"{where}: not a JSON object")
        yield from _document(data, where, user, session)


def _document(data: dict[str, object], where: str, user: str, session: str) -> Iterator[IngestTurn]:
    if "items" in data:  # a haystack of the benchmark format
        yield from _haystack(data, where, user)
    elif "messages" in data:
        yield from _conversation(data["messages"], where, user, session)
    else:
        turn = _turn(data, where, user, session)
        if turn is not None:
            yield turn


def _export(whole: list[object], where: str, user: str, session: str) -> Iterator[IngestTurn]:
    """A list of messages, or of conversations (objects with `messages`)."""
    if whole and all(isinstance(item, dict) and "messages" in item for item in whole):
        for index, conversation in enumerate(whole, start=1):
            assert isinstance(conversation, dict)
            label = f"{where}, conversation {index}"
            yield from _conversation(conversation["messages"], label, user, f"{session}-{index}")
        return
    yield from _conversation(whole, where, user, session)


def _haystack(data: dict[str, object], where: str, user: str) -> Iterator[IngestTurn]:
    owner = str(data.get("id") or user)
    items = data["items"]
    if not isinstance(items, list):
        raise InvalidInput(f"{where}: `items` must be a list")
    for index, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise InvalidInput(f"{where}, item {index}: not an object")
        turn = _turn({**item, "user": owner}, f"{where}, item {index}", owner, "s1")
        if turn is not None:
            yield turn
