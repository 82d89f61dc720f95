"""A question said inside chatter: "唉今天老板又开会开到很晚，烦死了。对了，我表哥在哪上班来着？周末还得加班".

One embedding of the whole message is mostly the chatter: the memories it lands nearest are the
ones about bosses, meetings and overtime. The sentences that ask are read on their own as well
(the semantic route keeps each memory's best score over both readings, as for sub-queries), so the
question still finds its answer while a message that is all question reads exactly as before.
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"(?<=[。！？!?；;\n])|(?<=[.](?=\s))")
# A clause turns to the question: "对了，", "话说", "by the way".
_TURN = re.compile(
    r"(?:[哦噢喔]对了?|对了|话说|顺便问一下|顺便问下|顺便问|说起来|先问一下|问一下|问你个事|想问一下|我想问|突然想起来|想起来了?|"
    r"言归正传|回到正题|by the way|btw|anyway|quick question|oh and|also,)[，,:：]?\s*",
    re.I,
)
_ASKS_ZH = re.compile(
    r"[？?]|什么|哪|几|多少|谁|吗|么|呢|怎么|是否|有没有|是不是|多久|多大|多长|多高|多远|来着"
)
_ASKS_EN = re.compile(
    r"\?|^\s*(?:what|when|where|who|whom|which|why|how|do|does|did|is|are|was|were|can|could|have|has|"
    r"should|tell me)\b",
    re.I,
)


_MARKED = re.compile(r"[？?]")


def sentences(text: str) -> list[str]:
    parts: list[str] = []
    for sentence in _SENTENCE_END.split(text):
        pieces = _TURN.split(sentence)
        parts.extend(piece.strip(" ，,") for piece in pieces)
    return [part for part in parts if part.strip()]


def asks(sentence: str) -> bool:
    return bool(_ASKS_ZH.search(sentence) or _ASKS_EN.search(sentence))


def question_only(query: str) -> str | None:
    """The sentences of `query` that ask when they are said inside chatter; else None (see
    `_asking`). Chatter is a turn to the question ("对了，", "by the way") or talk around it at
    least twice its length in three clauses or more: a short lead-in ("对啊，我每天都做了好多练习
    题。你觉得我应该怎么庆祝一下呢？") is the question's own context and stays in it."""
    asking = _asking(query)
    if asking is None:
        return None
    if _TURN.search(query):
        return asking
    rest = len(query) - len(asking)
    clauses = [part for part in _CLAUSE.split(query) if part.strip()]
    return asking if rest >= 2 * len(asking) and len(clauses) >= 4 else None


_CLAUSE = re.compile(r"[，,。！？!?；;\n]")


def _asking(query: str) -> str | None:
    """The sentences of `query` that ask, when it also holds sentences that do not; else None.
    A sentence with a question mark asks; without one anywhere, a question word does (chatter uses
    them too — "什么都忘", "想问你啥来着" — so they count only when no sentence is marked)."""
    parts = sentences(query)
    if len(parts) < 2:
        return None
    marked = [part for part in parts if _MARKED.search(part)]
    if marked:
        return " ".join(marked) if len(marked) < len(parts) else None
    asking = [part for part in parts if asks(part)]
    if not asking:
        return None
    if len(asking) < len(parts):
        return " ".join(asking)
    # Every sentence reads as asking, none is marked: a turn to the question ("对了，") marks the last.
    return parts[-1] if _TURN.search(query) else None


_LISTS = re.compile(
    r"哪些|几[次回个件趟样家位]|多少[次回个件趟样家位]|一共|总共|都[^，。！？?]{0,4}(?:什么|啥|哪)|都跟你说过|列一下|列出"
)
# English list questions ("how many", "which ... all") are left out: on locomo-dev the second look
# cost multi-hop 0.465 -> 0.458 ev@10 (its lists are of different things, not alike).


def lists(question: str) -> bool:
    """Whether a question asks for a list or a count: several memories answer it together."""
    return bool(_LISTS.search(question))
