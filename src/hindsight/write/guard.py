"""The write guard: is it worth storing, and is it safe? Checked for every write, `remember` included.

Unsafe text is refused: instructions aimed at the agent, role or identity spoofing, secrets.
Text not worth storing is skipped: very short, pure chit-chat, chain-of-thought, lookups that go
stale. Either way the decision carries a reason, and the caller logs it — nothing vanishes silently.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
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
    for match in patterns.CARD_NUMBER.finditer(text):
        digits = re.sub(r"\D", "", match.group(0))
        if 13 <= len(digits) <= 19 and _luhn_valid(digits) and len(set(digits)) > 2:
            return True
    return False


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
    if patterns.CN_ID_NUMBER.search(text):
        return Verdict("refuse", "contains a national ID number")
    return STORE


def check_worth(text: str) -> Verdict:
    """Skips: what is not worth a memory."""
    content = _CONTENT.findall(text)
    if len(content) < 2:
        return Verdict("skip", "too short to mean anything")
    if patterns.CHITCHAT.match(text.strip()):
        return Verdict("skip", "pure chit-chat")
    if patterns.CHAIN_OF_THOUGHT.search(text):
        return Verdict("skip", "chain-of-thought, not a fact")
    if patterns.STALE_LOOKUP.search(text) and not _states_something_lasting(text):
        return Verdict("skip", "a lookup result that goes stale (weather, time, prices)")
    return STORE


def _states_something_lasting(text: str) -> bool:
    # "I hate hot weather" is a preference, not a weather report.
    return bool(re.search(r"喜欢|讨厌|怕|过敏|\b(?:love|like|hate|prefer|allergic)\b", text, re.IGNORECASE))


def check(text: str) -> Verdict:
    """Safety first (a refusal outranks a skip), then worth."""
    verdict = check_safety(text)
    if not verdict.stored:
        return verdict
    return check_worth(text)
