"""The people a question names, however the user named them when they spoke of them.

A user says once who someone is — "我表哥叫周明", "my sister Anna" — and afterwards uses the name
alone ("周明又跳槽了，去了腾讯") or the relation alone ("我表哥下个月结婚"). A question asked by
relation ("我表哥现在在哪上班？") then shares no word with the message that answers it, and one asked
by name misses the messages that use the relation. Here a question's people are read both ways from
the user's own memories — the relations it names give the names the user gave them, the names give
the relations — and every memory that mentions one of them is a candidate of a route of its own,
ranked by meaning among themselves (as the time filter ranks what is inside a range).

Only relations said of the user ("我表哥", "my cousin") count: "同事老王的表哥" is somebody else's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from hindsight import relations
from hindsight.text import has_cjk, segment_cjk
from hindsight.write.capitals import with_capitals
from hindsight.write.entities import EN_NOT_NAMES, SURNAMES

_ZH_REL = relations.alternation(relations.CHINESE)
_EN_REL = relations.alternation(relations.ENGLISH)

# Who is "mine": 我 / 我的 / 我家 / 我们家, then at most two modifiers ("我大学同学", "我的一个同事").
_ZH_MINE = (
    r"(?:我们家|我家|我的|我们|我有一个|我有个|我|另一个|另外一个|还有一个|还有个)"
    r"(?:[一个那这位][个位]?)?(?:[大小老二三新前]|最好的|好)?"
)
# "我有哪些室友？", "我有几个表姐": every person of a relation.
_ZH_OWN_RELATION = re.compile(
    rf"{_ZH_MINE}(?P<rel>{_ZH_REL})|我(?:家)?(?:有|的)?(?:哪些|哪几个|几个|多少个?|和|跟)(?P<rel2>{_ZH_REL})"
)
# "我老板的堂弟", "my boss's son": the relation leads on to another person.
_ZH_ONWARD = re.compile(rf"(?:的|家的)(?:{_ZH_REL})")
_EN_ONWARD = re.compile(rf"'s\s+(?:{_EN_REL})\b", re.IGNORECASE)
_ZH_RELATION_SAID = _ZH_MINE + "{rel}"
_EN_RELATION_SAID = r"\b(?:my|our)\s+(?:\w+\s+)?{rel}\b"
_ZH_PAIRED_RELATION = re.compile(rf"(?:和|跟|与|还是|、)(?:我)?(?:的)?(?P<rel>{_ZH_REL})")
_EN_OWN_RELATION = re.compile(
    rf"\b(?:my|our)\s+(?:(?:old|new|best|little|older|younger|big|eldest|oldest|youngest|ex|former)\s+)?"
    rf"(?P<rel>{_EN_REL})s?\b",
    re.IGNORECASE,
)

_ZH_NAME = rf"(?:小|老|阿)[\u4e00-\u9fff]|[{SURNAMES}][\u4e00-\u9fff]{{1,2}}"
# Words that follow a relation but are not its name ("我表哥是医生", "我妈今天来了").
_ZH_NOT_NAME = re.compile(
    r"^(?:今天|昨天|明天|最近|现在|已经|刚刚|刚|也|还|又|都|就|说|是|在|去|来|和|跟|给|要|想|会|能|有|没|不|很|挺|真|"
    r"的|家|们|那|这|一|上|下|每|从|把|被|让|叫|请|带|买|住|做|当|开|打|回|过|到|对|比|最|特|非|好|太|老是|总是|"
    r"今年|去年|明年|前|后|以前|之前|年|月|号|周|星期|礼拜|刚|可|才|正|应该|一直|居然|竟然|突然|终于|马上)"
)
_ZH_NAMING = re.compile(
    rf"{_ZH_MINE}(?P<rel>{_ZH_REL})(?:的名字(?:叫|是)|[，,]\s*[他她]叫|叫做|叫|名叫|，|,|\s)?(?P<name>{_ZH_NAME})"
    rf"|(?P<name2>{_ZH_NAME})[，,]?(?:是|就是|也就是)我(?:的)?(?:[大小老二三]|最好的|好)?(?P<rel2>{_ZH_REL})"
)
_EN_NAME = r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)?"
_EN_NAMING = re.compile(
    rf"\b(?i:my|our)\s+(?:(?i:old|new|best|little|older|younger|big|eldest|youngest)\s+)?(?P<rel>(?i:{_EN_REL}))"
    rf"(?:'s name is|,)?\s+(?P<name>{_EN_NAME})\b"
    rf"|\b(?P<name2>{_EN_NAME}),?\s+(?:is\s+)?my\s+"
    rf"(?:(?i:old|new|best|little|older|younger|big)\s+)?(?P<rel2>(?i:{_EN_REL}))\b"
)


@dataclass(frozen=True, slots=True)
class Person:
    """One of the user's people as a question names them: by relation, by name, or both."""

    relations: frozenset[str]
    names: frozenset[str]

    @property
    def words(self) -> list[str]:
        return sorted(self.relations | self.names, key=lambda word: (-len(word), word))


def relations_in(text: str) -> list[str]:
    """The user's own relations a text names: "我表哥", "我的大学同学", "my sister" — not one that
    only leads to somebody else's ("我老板的堂弟" is the boss's cousin, "my boss's son")."""
    found = [
        match["rel"] or match["rel2"]
        for match in _ZH_OWN_RELATION.finditer(text)
        if not _ZH_ONWARD.match(text, match.end())
    ]
    if found:  # "我表哥和表姐": the second is the user's too
        found += [match["rel"] for match in _ZH_PAIRED_RELATION.finditer(text)]
    found += [
        match["rel"].lower()
        for match in _EN_OWN_RELATION.finditer(text)
        if not _EN_ONWARD.match(text, match.end())
    ]
    return list(dict.fromkeys(found))


def named_in(name: str, text: str) -> bool:
    """Whether `text` says `name`; an English name with capitals or without ("Jamal", "jamal"), as a
    word ("Ann" is not named in "announce")."""
    if name in text:
        return True
    return (
        name.isascii()
        and re.search(rf"(?<![a-z]){re.escape(name.lower())}(?![a-z])", text.lower()) is not None
    )


def mentions(text: str, person: Person) -> bool:
    """Whether a memory speaks of the person: by a name the user gave them, or by the relation as
    the user's own (not "同事老王的表哥")."""
    if any(named_in(name, text) for name in person.names):
        return True
    return not person.relations.isdisjoint(relations_in(text))


def by_name(question: str, person: Person) -> list[str]:
    """The question asked of each name the user gave the person: "我表哥现在在哪上班？" is also
    "周明现在在哪上班？" — a memory that uses the name is then as near the question as one that
    uses the relation."""
    asked: list[str] = []
    for relation in sorted(person.relations):  # sorted: a set's order changes from process to process
        pattern = _ZH_RELATION_SAID if has_cjk(relation) else _EN_RELATION_SAID
        said = re.compile(pattern.format(rel=re.escape(relation)), re.IGNORECASE)
        for name in sorted(person.names):
            rewritten = said.sub(name, question)
            if rewritten != question:
                asked.append(rewritten)
    return list(dict.fromkeys(asked))


def namings(text: str) -> list[tuple[str, str]]:
    """(relation, name) pairs a text states: "我表哥叫周明" → ("表哥", "周明")."""
    pairs: list[tuple[str, str]] = []
    for match in _ZH_NAMING.finditer(text):
        group = "name" if match["rel"] else "name2"
        rel = match["rel"] or match["rel2"]
        name = _zh_name_at(text, match.start(group), match.end(group))
        if name:
            pairs.append((rel, name))
    # a memory typed all in lower case is read with its capitals ("my cousin jamal" names Jamal)
    for match in _EN_NAMING.finditer(with_capitals(text)):
        rel, name = (match["rel"], match["name"]) if match["rel"] else (match["rel2"], match["name2"])
        name = " ".join(word for word in name.split() if word not in EN_NOT_NAMES)
        if name and name.split()[0] not in EN_NOT_NAMES:
            pairs.append((rel.lower(), name))
    return list(dict.fromkeys(pairs))


def _zh_name_at(text: str, start: int, end: int) -> str:
    """The name that starts at `start`: two characters or three. A Chinese name has no boundary of its
    own, so the third character is kept only when what follows it reads as the sentence going on
    ("周明今天…" is 周明; "欧阳娜娜在…" keeps three) and the two-character reading does not."""
    candidate = text[start:end]
    if len(candidate) == 3 and _ends_name(text, start + 2):
        return candidate[:2]
    return candidate


def _ends_name(text: str, at: int) -> bool:
    rest = text[at:]
    return not rest or not ("\u4e00" <= rest[0] <= "\u9fff") or bool(_ZH_NOT_NAME.match(rest))


def resolve(
    query_relations: Iterable[str], query_names: Iterable[str], texts: Iterable[str]
) -> Person | None:
    """The person (or people) a question names, completed from the user's memories' `texts`: the
    names given to its relations and the relations of its names."""
    relations = set(query_relations)
    names = set(query_names)
    if not relations and not names:
        return None
    asked_relations, asked_names = set(relations), set(names)
    for text in texts:
        for rel, name in namings(text):
            if rel in asked_relations:
                names.add(name)
            if name in asked_names:
                relations.add(rel)
    return Person(frozenset(relations), frozenset(names))


# A question that finds a person through one fact to ask another: "开宝马3系的那个亲戚是谁？他现在
# 住哪个城市？", "在税务局上班的那个朋友，她开什么车？", "the friend who fishes — what's his wife's name?"
_ZH_BRIDGE = re.compile(
    r"的那[个位]|那[个位][^，。？?]{0,6}(?:是谁|叫什么)|[，,？?]\s*(?:他|她|TA|ta)(?:的)?"
)
_EN_BRIDGE = re.compile(
    r"\b(?:the|that)\s+(?:\w+\s+){0,2}who\b|\bwho\b[^?]*\?\s*(?:what|where|how|which)", re.I
)
_ZH_PRONOUN = re.compile(r"(?:他|她|TA|ta)(?=的|现在|在|住|是|开|叫|做|最|多|几|有|去|今年|老婆|老公)")
_EN_PRONOUN = re.compile(r"\b(?:he|she|his|her|him)\b", re.I)


def bridges(question: str) -> bool:
    """Whether the question reaches a person through a fact about them (then asks about them)."""
    return bool(_ZH_BRIDGE.search(question) or _EN_BRIDGE.search(question))


def names_in(text: str) -> list[str]:
    """Words of a memory that may be a person's name: a Chinese word of two or three characters
    led by a surname (or 小 / 老 / 阿 and one), a capitalised English word that starts no sentence (a
    text typed all in lower case read with its capitals: "these days jamal lives in leeds")."""
    found: list[str] = []
    if has_cjk(text):
        for word in segment_cjk(text):
            if 2 <= len(word) <= 3 and (word[0] in SURNAMES or (len(word) == 2 and word[0] in "小老阿")):
                found.append(word)
    found += [
        match.group(0)
        for match in re.finditer(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]{2,}\b", with_capitals(text))
        if match.group(0) not in EN_NOT_NAMES
    ]
    return list(dict.fromkeys(found))


def asked_of(question: str, name: str) -> str:
    """The question's ask about the person it reached, the person named: "…是谁？他现在住哪个城
    市？" → "周明现在住哪个城市？"."""
    pronoun = _ZH_PRONOUN if has_cjk(question) else _EN_PRONOUN
    tail = re.split(r"(?<=[？?，,])", question, maxsplit=1)
    rest = tail[1] if len(tail) == 2 and pronoun.search(tail[1]) else question
    rewritten = pronoun.sub(name, rest, count=1)
    return rewritten if rewritten != rest else f"{name} {question}"
