"""The write guard: is it worth storing, and is it safe? Checked for every write, `remember` included.

Unsafe text is refused: instructions aimed at the agent, role or identity spoofing, secrets.
Text not worth storing is skipped: very short, pure chit-chat, chain-of-thought, lookups that go
stale. Either way the decision carries a reason, and the caller logs it — nothing vanishes silently.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from typing import Literal

from hindsight.write import patterns

Action = Literal["store", "skip", "refuse"]


@dataclass(frozen=True, slots=True)
class Verdict:
    action: Action
    reason: str = ""

    @property
    def stored(self) -> bool:
        return self.action == "store"


STORE = Verdict("store")
_CONTENT = re.compile(r"[\w\u3400-\u9fff]", re.UNICODE)


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def has_card_number(text: str) -> bool:
    """A 13-19 digit run (spaces or dashes allowed) with a card issuer's prefix that passes the Luhn
    check — unless the text labels it as an order, tracking or ticket number."""
    for match in patterns.CARD_NUMBER.finditer(text):
        digits = re.sub(r"[^0-9]", "", match.group(0))
        if not (13 <= len(digits) <= 19 and patterns.CARD_PREFIX.match(digits) and _luhn_valid(digits)):
            continue
        if len(set(digits)) == 1:
            continue
        label = text[max(0, match.start() - 16) : match.start()]
        if patterns.NOT_A_CARD_LABEL.search(label) and not re.search(r"卡|\bcard\b", label, re.IGNORECASE):
            continue
        return True
    return False


_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"


def _has_birth_date(number: str) -> bool:
    try:
        date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    return True


def _id_check_matches(number: str) -> bool:
    """GB 11643: the 18th character is a weighted checksum of the first 17."""
    total = sum(int(char) * weight for char, weight in zip(number[:17], _ID_WEIGHTS, strict=True))
    return _ID_CHECK[total % 11] == number[17].upper()


def has_cn_id_number(text: str) -> bool:
    """An 18-character resident ID number with a real birth date and either a matching check
    character or an "身份证"/"ID number" label in front (a mistyped ID is still an ID). An 18-digit
    order number is neither."""
    for match in patterns.CN_ID_NUMBER.finditer(text):
        number = match.group(0)
        if not _has_birth_date(number):
            continue
        label = text[max(0, match.start() - 12) : match.start()]
        if _id_check_matches(number) or patterns.CN_ID_LABEL.search(label):
            return True
    return False


@lru_cache(maxsize=4096)  # a turn is checked before the queue and again when applied
def check_safety(text: str) -> Verdict:
    """Refusals: what must never be stored, whoever asks."""
    if patterns.INJECTION.search(text):
        return Verdict("refuse", "instruction aimed at the agent (prompt injection)")
    if patterns.SPOOFING.search(text):
        return Verdict("refuse", "role or identity spoofing")
    if patterns.SECRET.search(text):
        return Verdict("refuse", "contains a secret (key, token, password or code)")
    if has_card_number(text):
        return Verdict("refuse", "contains a payment card number")
    if has_cn_id_number(text):
        return Verdict("refuse", "contains a national ID number")
    return STORE


@lru_cache(maxsize=4096)
def check_worth(text: str) -> Verdict:
    """Skips: what is not worth a memory."""
    content = _CONTENT.findall(text)
    if len(content) < 2:
        return Verdict("skip", "too short to mean anything")
    if patterns.CHITCHAT.match(text.strip()):
        return Verdict("skip", "pure chit-chat")
    if patterns.CHAIN_OF_THOUGHT.search(text) or (
        patterns.COT_OPENER.search(text) and patterns.COT_REASONING.search(text)
    ):
        return Verdict("skip", "chain-of-thought, not a fact")
    stale = patterns.STALE_LOOKUP.search(text) or (
        patterns.STALE_TOPIC.search(text) and patterns.STALE_NOW.search(text)
    )
    if stale and not patterns.LASTING.search(text):
        return Verdict("skip", "a lookup result that goes stale (weather, time, prices)")
    return STORE


def check(text: str) -> Verdict:
    """Safety first (a refusal outranks a skip), then worth."""
    verdict = check_safety(text)
    if not verdict.stored:
        return verdict
    return check_worth(text)
