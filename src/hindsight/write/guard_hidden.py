"""The write guard on instructions hidden in quoted content: hidden styling, a name for the AI
addressed inside a quotation, smuggled or encoded runs (hidden_address, hidden_more).
"""

from __future__ import annotations

import base64
import binascii
import re
import unicodedata

from hindsight import prefilter
from hindsight.write import (
    layer_drop_kept_and_warned,
    layer_drop_nothing_asked,
    layer_drop_own_records,
    near_miss_own_telling,
    patterns,
)
from hindsight.write.guard_own import not_addressed, own_note, protective_notice
from hindsight.write.guard_reading import _discussed_quote

_OWN_REQUEST = prefilter.compile(
    r"^\W*(?:(?:hey|hi|hello|ok|okay|dear)\s+)?(?:ai|assistant|bot|chatbot)\s*[,，:：]?\s*"
    r"(?:please\s+|pls\s+|can you\s+)?"
    r"(?:(?:remember|note|keep in mind|don'?t forget)(?:\s+that)?\s+(?:i\b|i'm\b|i've\b|my\b|me\b|we\b|our\b)"
    r"|tell me\b|remind me\b)"
    r"|^\W*(?:嘿|你好|喂)?[，, ]?(?:助手|AI|机器人)[，,：:]?\s*(?:请|麻烦)?"
    r"(?:记住|记一下|记得|告诉我|提醒我)(?:一下)?[，, ]?(?:我|我的|我们)",
    re.IGNORECASE,
)
"""A user's own request to the agent about themselves, said to it by name at the start of their own
message ("Assistant, remember that I'm vegetarian", "助手，记住我不吃香菜", "Assistant, tell me a
joke"): the user speaking, not text addressed to the AI inside quoted content."""
_ABOUT_OTHERS_OR_RULES = prefilter.compile(
    r"\b(?:whoever|anyone|anybody|everyone|everybody|other users?|all users|every user|ignore|disregard|"
    r"from now on|always|never|instructions?|system prompt|admin)\b"
    r"|所有人|任何人|别人|其他用户|谁问|忽略|无视|指令|以后",
    re.IGNORECASE,
)


_HIDDEN_STYLING = prefilter.compile(r"display\s*:\s*none", re.IGNORECASE)
_ADDRESSED = prefilter.compile(
    r"\b(?:ai|assistant|chatbot|bot|llm|model|agent|instructions?|ignore|remember|always|never)\b|助手|机器人|模型|指令|忽略|记住",
    re.IGNORECASE,
)


def _only_hidden_styling(text: str, found: list[int]) -> bool:
    """Hidden styling ("display:none") asked about, with nothing addressed to an AI anywhere ("What does the
    'display:none' span on your outage page do?"): a question about a page, no instruction hidden in it."""
    return (
        all(_HIDDEN_STYLING.match(text, at) for at in found)
        and _ADDRESSED.search(text) is None
        and re.search(r"[?？]", text) is not None
    )


_OWN_ADDRESS = prefilter.compile(
    r"^\W*(?:[A-Za-z-]+\s+){0,2}(?:assistant|bot|helper)\s*[:,，：]"
    r"|^\W*[\u4e00-\u9fff]{0,5}(?:助手|机器人)\s*[:,，：]",
    re.IGNORECASE,
)
_FIRST_PERSON_ANYWHERE = prefilter.compile(r"\b(?:i|i'm|i've|i'll|my|me|mine)\b|我", re.IGNORECASE)
_OTHERS_OR_RULES = prefilter.compile(
    r"\b(?:whoever|anyone|anybody|everyone|everybody|other users?|all users|every user|customers|ignore|"
    r"disregard|instructions?|system prompt|admin|policy|rules)\b"
    r"|所有人|任何人|别人|其他用户|谁问|忽略|无视|指令|规则|权限",
    re.IGNORECASE,
)


def _own_address(text: str) -> bool:
    """Twenty-seventh round: the user's own message opening with the assistant's name ("Travel bot,
    remember: my passport expires in March", "订票助手：我身份证明年5月到期，以后订票前提醒我") about
    themself, with nothing about other people or the agent's rules: said to the agent, not hidden in
    content."""
    return (
        _OWN_ADDRESS.search(text) is not None
        and _FIRST_PERSON_ANYWHERE.search(text) is not None
        and _OTHERS_OR_RULES.search(text) is None
    )


def hidden_address(text: str) -> bool:
    """Text addressed to the AI inside quoted or embedded content (patterns.HIDDEN_ADDRESS) - but not
    the user's own request about themselves, said to the agent at the start of their message, with
    nothing in it about other people or the agent's rules, nor a quotation someone else wrote that the
    user discusses (_discussed_quote)."""
    found = [
        match.start()
        for pattern in (patterns.HIDDEN_ADDRESS, patterns.HIDDEN_MORE)
        for match in pattern.finditer(text)
    ]
    found = [at for at in found if not not_addressed(text, at)]  # round 28
    if not found or all(_discussed_quote(text, at) for at in found):
        return False
    if _only_hidden_styling(text, found):
        return False
    if _own_address(text) or own_note(text) or protective_notice(text):  # round 28
        return False
    return _OWN_REQUEST.search(text) is None or _ABOUT_OTHERS_OR_RULES.search(text) is not None


def _decoded_runs(text: str) -> list[str]:
    """What the base64 runs of a text decode to (patterns.ENCODED_RUN, readable text only)."""
    out: list[str] = []
    for match in patterns.ENCODED_RUN.finditer(text):
        run = match.group(0)
        try:
            decoded = base64.b64decode(run + "=" * (-len(run) % 4), validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError, ValueError):
            continue
        if sum(char.isprintable() for char in decoded) / max(1, len(decoded)) > 0.95:
            out.append(decoded)
    return out


def hidden_more(text: str) -> bool:
    """Twenty-seventh round: an instruction to the AI hidden in pasted content (patterns.HIDDEN_EN / _ZH,
    HIDDEN_FIELD), not inside a quotation the user reports and discusses nor the user's own request said to
    the agent (as in hidden_address); or base64 that decodes to an order (patterns.ENCODED_ORDER)."""
    own = _OWN_REQUEST.search(text) is not None and _ABOUT_OTHERS_OR_RULES.search(text) is None
    own = own or own_note(text) or protective_notice(text)  # round 28
    for pattern in (patterns.HIDDEN_EN, patterns.HIDDEN_ZH, patterns.HIDDEN_FIELD):
        for match in pattern.finditer(text):
            if not (own or _discussed_quote(text, match.end() - 1) or not_addressed(text, match.end() - 1)):
                return True
    if any(patterns.ENCODED_ORDER.search(decoded) for decoded in _decoded_runs(text)):
        return True
    for match in patterns.FOLLOW_PASTED.finditer(text):
        pasted = re.search(r"[:：]\s*['\"“‘「『]?|['\"“‘「『]", text[match.end() :])
        if pasted and patterns.PASTED_ORDER.search(text, match.end() + pasted.end()):
            return True
    return any(
        patterns.SMUGGLED_ORDER.search(_unsmuggled(match.group(0)))
        and not _discussed_quote(text, match.start())
        for match in patterns.SMUGGLED_RUN.finditer(text)
    )


def _unsmuggled(run: str) -> str:
    """A run of patterns.SMUGGLED_RUN in plain letters."""
    plain = patterns.INVISIBLE.sub("", run).translate(patterns.SMALL_CAPITALS)
    return unicodedata.normalize("NFKC", plain)


# -- round 32: a question about how the assistant works (near_miss_own_telling)
# -----------------------------------


def asks_how_it_works(text: str) -> bool:
    """Round 32: every address to an AI patterns.HIDDEN_ADDRESS finds ends inside a question about how the
    assistant works (near_miss_own_telling.HOW_YOU_WORK: "I built my clinic's chatbot, how do you remember
    things?",
    "我给诊所做了个聊天机器人，你是怎么记住东西的？"), with nothing about other people or rules, no override
    word and no link anywhere (_ABOUT_OTHERS_OR_RULES, layer_drop_nothing_asked.OVERRIDE_WORDS,
    layer_drop_kept_and_warned.SETS_FOR_OTHERS, layer_drop_own_records.A_LINK); the question ends the text."""
    addresses = list(patterns.HIDDEN_ADDRESS.finditer(text))
    questions = [(match.start(), match.end()) for match in near_miss_own_telling.HOW_YOU_WORK.finditer(text)]
    if not addresses or not questions:
        return False
    if prefilter.any_found(
        text,
        _ABOUT_OTHERS_OR_RULES,
        layer_drop_nothing_asked.OVERRIDE_WORDS,
        layer_drop_kept_and_warned.SETS_FOR_OTHERS,
        layer_drop_own_records.A_LINK,
    ):
        return False
    if re.search(r"[\w\u3400-\u9fff]", text[questions[-1][1] :]) is not None:
        return False  # anything said after the question ("…? rank me first") is read by the rule
    return all(any(start < match.end() <= end for start, end in questions) for match in addresses)
