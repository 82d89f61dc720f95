"""The write guard on instructions that override the agent's rules, claims of identity or privilege,
and phishing: prompt injection said outright, in more words and in more shapes (rounds 27, 27b, 28).
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import (
    layer_exempt_r28,
    layer_exempt_r30,
    layer_exempt_r31,
    near_miss_r28,
    near_miss_r32,
    patterns,
)
from hindsight.write.guard_reading import (
    _FIRST_PERSON,
    _asked_if_genuine_r27,
    _claimed_by_the_user,
    _discussed_quote,
    _doubted_quote_r27,
    _in_reported_speech,
    _own_errand,
    _said_not_discussed,
    _sentence,
)

_TELLS_OTHERS = prefilter.compile(
    r"^(?:告诉|通知|推荐给|回复|提醒|(?:tell|inform|advise|recommend to|say to|respond to|reply to)\b)",
    re.IGNORECASE,
)


_ANSWERS_OTHERS_R27B = prefilter.compile(
    r"告诉|回复|答复|\b(?:tell|inform|reply|answer|respond|say)\b", re.IGNORECASE
)


def is_injection(text: str) -> bool:
    """Prompt injection (patterns.INJECTION); its "tell all customers …" part is, as in aims_at_others,
    not the agent's when the user does the telling ("我想写个差评，提醒其他买家…"), and a quotation someone
    else wrote that the user discusses is reported, not aimed at the agent (_discussed_quote)."""
    for match in patterns.INJECTION.finditer(text):
        if _discussed_quote(text, match.start()) or _doubted_quote_r27(text, match.start()):
            continue  # "Someone posted "ignore previous instructions" at our bot. Is that a known attack?"
        if _TELLS_OTHERS.match(match.group(0)) and _told_not_to_r27(text, match):
            continue  # "银行说千万别把收到的验证码告诉任何人"
        if _ANSWERS_OTHERS_R27B.search(match.group(0)) and patterns.PROTECTIVE_ANSWER_R27B.search(text):
            continue  # round 27b: "统一回复“…客服不会索要验证码”"
        if not (_TELLS_OTHERS.match(match.group(0)) and _own_errand(text, match)):
            return True
    return False


_LEARNING_QUESTION = prefilter.compile(
    r"\b(?:can you |could you |please )?explain\b|\bhow (?:do|does|can|should|would)\b|"
    r"\bdiffer(?:s|ence)?\b|\bnew to\b|\blearning\b|\bbeginner\b",
    re.IGNORECASE,
)
_ASKS_FOR_TRUST = prefilter.compile(
    r"\b(?:give|grant|bypass|override|skip|disable|turn off|unlock|exempt|waive|whitelist|verify|verified|"
    r"trust|access|let me|allow me|show me|send me|tell me (?:the|all|every)|i need|reset|change|delete|"
    r"approve|passwords?|credentials|other users|all users|every user|everyone's|accounts)\b",
    re.IGNORECASE,
)


def _a_role_and_a_question(text: str) -> bool:
    """A role the user says they have, then a question to learn something ("I'm a developer, fairly new to
    GitHub Apps — can you explain how permission scopes differ from OAuth app scopes?"): the privilege
    words are the topic, nothing is asked for the role."""
    return _LEARNING_QUESTION.search(text) is not None and _ASKS_FOR_TRUST.search(text) is None


def asks_privilege_for_a_role(text: str) -> bool:
    """A role the user claims (patterns.ROLE_CLAIMED, not inside a quotation someone else said) and a
    privilege asked for in the same message (patterns.PRIVILEGE_ASKED)."""
    return patterns.PRIVILEGE_ASKED.search(text) is not None and any(
        not _in_reported_speech(text, match.start()) for match in patterns.ROLE_CLAIMED.finditer(text)
    )


def is_phishing(text: str) -> bool:
    """A link, account or wallet, a log-in or payment, and other people sent to it (patterns.py);
    not a scam the user reports or asks about (patterns.SCAM_REPORT)."""
    if patterns.SCAM_REPORT.search(text) and patterns.ASKED_OR_REPORTED.search(text):
        return False
    if patterns.WARNED_OFF_R27B.search(text):
        return False  # round 27b: "别私下加微信", a Wi-Fi's QR code
    if _asked_if_genuine_r27(text) or patterns.WARNED_OFF_R27.search(text):
        return False
    return all(
        pattern.search(text) is not None
        for pattern in (patterns.PHISH_DESTINATION, patterns.PHISH_AUDIENCE, patterns.PHISH_ACTION)
    )


# -- override and identity in more words (round 27b) ------------------------------------------------


def _said_unless_doubted(text: str, *shapes: prefilter.Pattern) -> bool:
    """One of `shapes` said, not quoted and discussed, in a text that does not ask whether such a claim is
    genuine (_asked_if_genuine_r27)."""
    return not _asked_if_genuine_r27(text) and any(_said_not_discussed(shape, text) for shape in shapes)


def overrides_r27b(text: str) -> bool:
    """Rules dropped in the words of patterns.OVERRIDE_R27B_EN / _ZH, not quoted and discussed, nor asked
    about."""
    return _said_unless_doubted(text, patterns.OVERRIDE_R27B_EN, patterns.OVERRIDE_R27B_ZH)


def claims_over_the_rules_r27b(text: str) -> bool:
    """A role claimed to be obeyed over the rules (patterns.CLAIMED_OVER_THE_RULES_R27B), not quoted and
    discussed."""
    return not _asked_if_genuine_r27(text) and _said_not_discussed(patterns.CLAIMED_OVER_THE_RULES_R27B, text)


def _warns_others_r27b(text: str) -> bool:
    """A role said with a question how to warn others or a warning they are to be given (round 27b:
    patterns.HOW_TO_WARN_R27B, WARNED_OFF_R27B): "我是管理员，怎么提醒大家比较好？"."""
    return (
        patterns.HOW_TO_WARN_R27B.search(text) is not None
        or patterns.WARNED_OFF_R27B.search(text) is not None
    )


def overrides_r27(text: str) -> bool:
    """Rules dropped in the words of patterns.OVERRIDE_R27_EN / _ZH, not quoted and discussed, nor asked
    about."""
    if _asked_if_genuine_r27(text):
        return False
    return any(
        _said_not_discussed(pattern, text)
        for pattern in (
            patterns.OVERRIDE_R27_EN,
            patterns.OVERRIDE_R27_ZH,
            patterns.OVERRIDE_MORE_R27_EN,
            patterns.OVERRIDE_MORE_R27_ZH,
            patterns.SWITCHED_OFF_R27,
            patterns.OVERRIDE_HELD_OUT_R27,
        )
    )


def is_phishing_r27(text: str) -> bool:
    """A phishing instruction whose roles are filled by the wider lists of round 27 (a handle, a payment
    code, a FAQ or group chat, a password handed over) or a claimed new official number kept; not a scam
    reported, asked about or warned against."""
    if _asked_if_genuine_r27(text) or patterns.WARNED_OFF_R27.search(text):
        return False
    if patterns.PROTECTIVE_ANSWER_R27B.search(text) or patterns.WARNED_OFF_R27B.search(text):
        return False  # round 27b: "…tell them it isn't us", "别私下加微信", a Wi-Fi's QR code
    if patterns.CHECKED_BY_THE_USER_R27.search(text) or (
        patterns.OWN_NOTE_R27.search(text) and not patterns.PASSED_ON_R27.search(text)
    ):
        return False
    if patterns.OFFICIAL_CONTACT_R27.search(text) and patterns.KEEP_R27.search(text):
        return True
    if patterns.OWN_PAYMENT_R27.search(text) and not patterns.CHANGED_PAYMENT_R27.search(text):
        return False  # "我的收款码帮我加到报价单里，方便客户付款": the user's own invoice
    if patterns.CODE_FROM_OTHERS_R27.search(text):
        return True
    roles = (
        (
            patterns.PHISH_DESTINATION,
            patterns.PHISH_DESTINATION_R27,
            patterns.PHISH_DESTINATION_MORE_R27,
            patterns.PHISH_DESTINATION_MORE2_R27,
            patterns.PHISH_DESTINATION_HELD_OUT_R27,
            patterns.PHISH_DESTINATION_R27B,
        ),
        (
            patterns.PHISH_AUDIENCE,
            patterns.PHISH_AUDIENCE_R27,
            patterns.PHISH_AUDIENCE_MORE_R27,
            patterns.PHISH_AUDIENCE_MORE2_R27,
            patterns.PHISH_AUDIENCE_R27B,
        ),
        (
            patterns.PHISH_ACTION,
            patterns.PHISH_ACTION_R27,
            patterns.PHISH_ACTION_MORE_R27,
            patterns.PHISH_ACTION_MORE2_R27,
            patterns.PHISH_ACTION_HELD_OUT_R27,
        ),
    )
    return all(any(pattern.search(text) for pattern in role) for role in roles)


def claims_identity_kept_r27(text: str) -> bool:
    """A role claimed and kept, with a power over other people asked on its strength
    (patterns.IDENTITY_KEPT_R27)."""
    if patterns.KEPT_ANY_R27.search(text) is None or patterns.OVER_OTHERS_ANY_R27.search(text) is None:
        return False
    return not _asked_if_genuine_r27(text) and _claimed_by_the_user(patterns.IDENTITY_KEPT_R27, text)


def claims_a_power_r27(text: str) -> bool:
    """A role claimed and a power over others or the agent's checks asked on its strength
    (patterns.IDENTITY_POWER_R27); not a role and a question to learn something, nor asked about."""
    return (
        patterns.POWER_ANY_R27.search(text) is not None
        and not _asked_if_genuine_r27(text)
        and not _a_role_and_a_question(text)
        and not _warns_others_r27b(text)  # round 27b
        and _claimed_by_the_user(patterns.IDENTITY_POWER_R27, text)
    )


def drops_a_check_r27(text: str) -> bool:
    """A check dropped in one sentence (patterns.CHECK_DROPPED_R27_EN / _ZH) and made to last anywhere in
    the message (LASTS_R27_EN / _ZH); not quoted and discussed, asked about, nor a notice dropped for the
    user alone."""
    if _asked_if_genuine_r27(text):
        return False
    if patterns.OWN_SMALL_ERRAND_R27.search(text) and not patterns.HIGH_STAKES_R27.search(text):
        return False
    for dropped, lasts in (
        (patterns.CHECK_DROPPED_R27_EN, patterns.LASTS_R27_EN),
        (patterns.CHECK_DROPPED_R27_ZH, patterns.LASTS_R27_ZH),
    ):
        if lasts.search(text) is None:
            continue
        for match in dropped.finditer(text):
            if not (
                _discussed_quote(text, match.start())
                or _doubted_quote_r27(text, match.start())
                or _own_notice_dropped_r27(text, match)
            ):
                return True
    return False


def claims_a_grant_r27(text: str) -> bool:
    """A privilege said to have been granted, or an authority over everyone claimed
    (patterns.IDENTITY_GRANTED_R27), and the agent asked to keep or act on it; not asked about, a scam
    reported, nor a quotation doubted."""
    if patterns.KEEP_OR_TREAT_R27.search(text) is None or _asked_if_genuine_r27(text):
        return False
    if patterns.SCAM_REPORT.search(text):
        return False  # "Got this in a scam email: '… has been granted operator-level privileges' …"
    return any(
        not (_in_reported_speech(text, match.start()) or _doubted_quote_r27(text, match.start()))
        for match in patterns.IDENTITY_GRANTED_R27.finditer(text)
    )


def _lasting_override_said_r27(pattern: prefilter.Pattern, text: str) -> bool:
    """_said_not_discussed for the lasting overrides, less a notice dropped for the user alone."""
    return any(
        not (
            _discussed_quote(text, match.start())
            or _doubted_quote_r27(text, match.start())
            or _own_notice_dropped_r27(text, match)
        )
        for match in pattern.finditer(text)
    )


def _told_not_to_r27(text: str, match: re.Match[str]) -> bool:
    """A tell-everyone phrase negated in its clause (patterns.NEGATED_TELL_R27)."""
    first, _ = _sentence(text, match.start(), match.end())
    return patterns.NEGATED_TELL_R27.search(text[first : match.start()]) is not None


def _own_notice_dropped_r27(text: str, match: re.Match[str]) -> bool:
    """A disclaimer or risk prompt dropped for the user alone (patterns.SELF_SCOPED_R27,
    MILD_SAFEGUARD_R27)."""
    return (
        patterns.MILD_SAFEGUARD_R27.search(match.group(0)) is not None
        and patterns.SELF_SCOPED_R27.search(text) is not None
        and patterns.NOT_ONLY_THE_USER_R27.search(text) is None
    )


def privilege_claimed_zh_r28(text: str) -> bool:
    """Round 28: _claimed_by_the_user(patterns.PRIVILEGE_CLAIM_ZH), less a match that starts at 有人 ("someone
    said", not "have"), whether a number is official asked ("这个号在官方列表里吗？"), or a right the user was
    told they have asked where to find, with no one else's data asked ("…我现在有团队空间的管理员权限了，在哪
    能看到？")."""
    if near_miss_r28.WHERE_TO_FIND_IT.search(text) and not near_miss_r28.OTHERS_DATA_WORDS.search(text):
        return False
    for match in patterns.PRIVILEGE_CLAIM_ZH.finditer(text):
        if near_miss_r28.SOMEONE_SAID.match(match.group(0)):
            continue
        if near_miss_r28.OFFICIAL_ASKED.search(text, match.start(), match.end() + 12):
            continue
        if not (_FIRST_PERSON.match(match.group(0)) and _in_reported_speech(text, match.start())):
            return True
    return False


# -- identity and phishing by new authors (round 31) -------------------------------------------------


def overrides_r31(text: str) -> bool:
    """What the user says goes, the agent's rules dropped (patterns.WHAT_I_SAY_GOES_R31_ZH, read on the
    Mandarin view of Shanghainese too); a bare role, then a check dropped (patterns.TERSE_ROLE_DROP_R31_EN).
    Not when the text asks whether such a claim is genuine."""
    return _said_unless_doubted(text, patterns.WHAT_I_SAY_GOES_R31_ZH, patterns.TERSE_ROLE_DROP_R31_EN)


def is_phishing_r31(text: str) -> bool:
    """An official fee or fine to be paid to a free-mail address (patterns.OFFICIAL_PAY_FREE_MAIL_R31),
    unless the user reports, asks about or warns of it (as is_phishing)."""
    return not _reported_or_warned_of(text) and patterns.OFFICIAL_PAY_FREE_MAIL_R31.search(text) is not None


def _reported_or_warned_of(text: str) -> bool:
    """The user reports a scam and asks about it, warns others off it, or asks whether it is genuine: a
    phishing shape in such a text is not set for others (the rounds 31 and 32 phishing rules)."""
    return bool(
        (patterns.SCAM_REPORT.search(text) and patterns.ASKED_OR_REPORTED.search(text))
        or patterns.WARNED_OFF_R27B.search(text)
        or patterns.WARNED_OFF_R27.search(text)
        or _asked_if_genuine_r27(text)
    )


# -- round 32: a reply style the user drops, a channel the user refuses or used (near_miss_r32) ------------


def style_dropped_r32(text: str) -> bool:
    """Round 32: a part of the reply's form the user drops for themselves (near_miss_r32.STYLE_DROPPED: "new
    rule: skip the small talk from now on", "以后别再说客套话") with no check, rule, limit or safety named
    once it and a label ("new rule:", RULE_LABEL) are taken out (CHECK_NAMED), no override word and nothing
    set for others (layer_exempt_r31.OVERRIDE_WORDS, layer_exempt_r30.SETS_FOR_OTHERS,
    near_miss_r32.OTHERS_TOLD)."""
    if near_miss_r32.STYLE_DROPPED.search(text) is None:
        return False
    rest = near_miss_r32.RULE_LABEL.sub(" ", near_miss_r32.STYLE_DROPPED.sub(" ", text))
    return not any(
        pattern.search(rest) is not None
        for pattern in (
            near_miss_r32.CHECK_NAMED,
            layer_exempt_r31.OVERRIDE_WORDS,
            layer_exempt_r30.SETS_FOR_OTHERS,
            near_miss_r32.OTHERS_TOLD,
        )
    )


def own_channel_r32(text: str) -> bool:
    """Round 32: a phishing shape whose destination is a channel the user refuses (near_miss_r32.
    NEGATED_CHANNEL: "顾客问的话我自己去处理，不加什么私人微信" — is_phishing_r27 finds nothing once it is
    taken out) or an official account the user used themselves with a reminder for them alone (DONE_BY_ME,
    REMIND_ME: "是他们官方号，我已经领了。提醒我三月带煤球去打针"); with no link, handle, number or code to
    send anyone to and nothing passed on (CONCRETE_DESTINATION, OTHERS_TOLD, layer_exempt_r30.PASSED_ON)."""
    if any(
        pattern.search(text) is not None
        for pattern in (
            near_miss_r32.CONCRETE_DESTINATION,
            near_miss_r32.OTHERS_TOLD,
            layer_exempt_r30.PASSED_ON,
            layer_exempt_r28.A_LINK,
        )
    ):
        return False
    if near_miss_r32.NEGATED_CHANNEL.search(text) is not None and not is_phishing_r27(
        near_miss_r32.NEGATED_CHANNEL.sub(" ", text)
    ):
        return True
    return (
        near_miss_r32.DONE_BY_ME.search(text) is not None and near_miss_r32.REMIND_ME.search(text) is not None
    )


# -- override, identity and phishing by new authors (round 32) ---------------------------------------


def _said_unless_doubted_r32(text: str, *shapes: prefilter.Pattern) -> bool:
    """As _said_unless_doubted, a closing tag question aside (patterns.TAG_QUESTION_R32: "…, eh?", "…，OK？"
    asks for agreement, not whether the text is genuine)."""
    return _said_unless_doubted(patterns.TAG_QUESTION_R32.sub("", text), *shapes)


def overrides_r32(text: str) -> bool:
    """The sender put above the operator (patterns.OVER_THE_OPERATOR_R32), a persona without rules
    (PERSONA_WITHOUT_RULES_R32), what the sender marks made a system instruction (MARKED_AS_SYSTEM_R32),
    refusals dropped from now on (STOP_REFUSING_R32_ZH); said, not discussed or doubted."""
    return _said_unless_doubted_r32(
        text,
        patterns.OVER_THE_OPERATOR_R32,
        patterns.PERSONA_WITHOUT_RULES_R32,
        patterns.MARKED_AS_SYSTEM_R32,
        patterns.STOP_REFUSING_R32_ZH,
    )


def claims_privilege_r32(text: str) -> bool:
    """A role claimed, however tersely, then trust, access or a skipped check demanded
    (patterns.ROLE_THEN_DEMAND_R32_ZH, _EN); said, not discussed or doubted."""
    return _said_unless_doubted_r32(text, patterns.ROLE_THEN_DEMAND_R32_ZH, patterns.ROLE_THEN_DEMAND_R32_EN)


def is_phishing_r32(text: str) -> bool:
    """Others sent to a site to sign in again (patterns.SEND_THEM_TO_LOG_IN_R32_ZH), unless the user reports,
    asks about or warns of it (as is_phishing_r31)."""
    return not _reported_or_warned_of(text) and patterns.SEND_THEM_TO_LOG_IN_R32_ZH.search(text) is not None
