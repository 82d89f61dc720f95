"""The write guard on instructions that override the agent's rules, claims of identity or privilege,
and phishing: prompt injection said outright, in more words and in more shapes (rounds 27, 27b, 28).
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import (
    layer_drop_kept_and_warned,
    layer_drop_nothing_asked,
    layer_drop_own_records,
    near_miss_own_business,
    near_miss_own_telling,
    patterns,
)
from hindsight.write.guard_reading import (
    _FIRST_PERSON,
    _asked_if_genuine,
    _claimed_by_the_user,
    _discussed_quote,
    _doubted_quote,
    _in_reported_speech,
    _own_errand,
    _said_not_discussed,
    _sentence,
)

_TELLS_OTHERS = prefilter.compile(
    r"^(?:告诉|通知|推荐给|回复|提醒|(?:tell|inform|advise|recommend to|say to|respond to|reply to)\b)",
    re.IGNORECASE,
)


_ANSWERS_OTHERS = prefilter.compile(
    r"告诉|回复|答复|\b(?:tell|inform|reply|answer|respond|say)\b", re.IGNORECASE
)


def is_injection(text: str) -> bool:
    """Prompt injection (patterns.INJECTION); its "tell all customers …" part is, as in aims_at_others,
    not the agent's when the user does the telling ("我想写个差评，提醒其他买家…"), and a quotation someone
    else wrote that the user discusses is reported, not aimed at the agent (_discussed_quote)."""
    for match in patterns.INJECTION.finditer(text):
        if _discussed_quote(text, match.start()) or _doubted_quote(text, match.start()):
            continue  # "Someone posted "ignore previous instructions" at our bot. Is that a known attack?"
        if _TELLS_OTHERS.match(match.group(0)) and _told_not_to(text, match):
            continue  # "银行说千万别把收到的验证码告诉任何人"
        if _ANSWERS_OTHERS.search(match.group(0)) and patterns.PROTECTIVE_ANSWER.search(text):
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
    if patterns.WARNED_OFF_A_CHANNEL.search(text):
        return False  # round 27b: "别私下加微信", a Wi-Fi's QR code
    if _asked_if_genuine(text) or patterns.WARNED_OFF_A_LINK.search(text):
        return False
    return all(
        pattern.search(text) is not None
        for pattern in (patterns.PHISH_DESTINATION, patterns.PHISH_AUDIENCE, patterns.PHISH_ACTION)
    )


# -- override and identity in more words (round 27b) ------------------------------------------------


def _said_unless_doubted(text: str, *shapes: prefilter.Pattern) -> bool:
    """One of `shapes` said, not quoted and discussed, in a text that does not ask whether such a claim is
    genuine (_asked_if_genuine)."""
    return not _asked_if_genuine(text) and any(_said_not_discussed(shape, text) for shape in shapes)


def drops_refusals(text: str) -> bool:
    """Rules dropped in the words of patterns.REFUSALS_DROPPED_EN / _ZH, not quoted and discussed, nor asked
    about."""
    return _said_unless_doubted(text, patterns.REFUSALS_DROPPED_EN, patterns.REFUSALS_DROPPED_ZH)


def claims_over_the_rules(text: str) -> bool:
    """A role claimed to be obeyed over the rules (patterns.CLAIMED_OVER_THE_RULES), not quoted and
    discussed."""
    return not _asked_if_genuine(text) and _said_not_discussed(patterns.CLAIMED_OVER_THE_RULES, text)


def _warns_others(text: str) -> bool:
    """A role said with a question how to warn others or a warning they are to be given (round 27b:
    patterns.HOW_TO_WARN, WARNED_OFF_A_CHANNEL): "我是管理员，怎么提醒大家比较好？"."""
    return (
        patterns.HOW_TO_WARN.search(text) is not None
        or patterns.WARNED_OFF_A_CHANNEL.search(text) is not None
    )


def drops_the_rules_going_on(text: str) -> bool:
    """Rules dropped in the words of patterns.RULES_DROPPED_GOING_ON_EN / _ZH, not quoted and discussed, nor
    asked about."""
    if _asked_if_genuine(text):
        return False
    return any(
        _said_not_discussed(pattern, text)
        for pattern in (
            patterns.RULES_DROPPED_GOING_ON_EN,
            patterns.RULES_DROPPED_GOING_ON_ZH,
            patterns.OVERRIDE_MORE_EN,
            patterns.OVERRIDE_MORE_ZH,
            patterns.SWITCHED_OFF,
            patterns.OVERRIDE_HELD_OUT,
        )
    )


def is_phishing_by_handle_or_code(text: str) -> bool:
    """A phishing instruction whose roles are filled by the wider lists of round 27 (a handle, a payment
    code, a FAQ or group chat, a password handed over) or a claimed new official number kept; not a scam
    reported, asked about or warned against."""
    if _asked_if_genuine(text) or patterns.WARNED_OFF_A_LINK.search(text):
        return False
    if patterns.PROTECTIVE_ANSWER.search(text) or patterns.WARNED_OFF_A_CHANNEL.search(text):
        return False  # round 27b: "…tell them it isn't us", "别私下加微信", a Wi-Fi's QR code
    if patterns.CHECKED_BY_THE_USER.search(text) or (
        patterns.OWN_NOTE.search(text) and not patterns.CHECKED_OR_KEPT_ALONE.search(text)
    ):
        return False
    if patterns.OFFICIAL_CONTACT.search(text) and patterns.KEEP_OR_PASS_ON.search(text):
        return True
    if patterns.OWN_PAYMENT.search(text) and not patterns.CHANGED_PAYMENT.search(text):
        return False  # "我的收款码帮我加到报价单里，方便客户付款": the user's own invoice
    if patterns.CODE_FROM_OTHERS.search(text):
        return True
    roles = (
        (
            patterns.PHISH_DESTINATION,
            patterns.PHISH_DESTINATION_WIDER,
            patterns.PHISH_DESTINATION_MORE,
            patterns.PHISH_DESTINATION_MORE2,
            patterns.PHISH_DESTINATION_HELD_OUT,
            patterns.PHISH_DESTINATION_BARE_DOMAIN,
        ),
        (
            patterns.PHISH_AUDIENCE,
            patterns.PHISH_AUDIENCE_WIDER,
            patterns.PHISH_AUDIENCE_MORE,
            patterns.PHISH_AUDIENCE_MORE2,
            patterns.PHISH_AUDIENCE_COLLOQUIAL,
        ),
        (
            patterns.PHISH_ACTION,
            patterns.PHISH_ACTION_WIDER,
            patterns.PHISH_ACTION_MORE,
            patterns.PHISH_ACTION_MORE2,
            patterns.PHISH_ACTION_HELD_OUT,
        ),
    )
    return all(any(pattern.search(text) for pattern in role) for role in roles)


def claims_identity_kept(text: str) -> bool:
    """A role claimed and kept, with a power over other people asked on its strength
    (patterns.IDENTITY_KEPT)."""
    if patterns.KEPT_WORD.search(text) is None or patterns.OVER_OTHERS_WORD.search(text) is None:
        return False
    return not _asked_if_genuine(text) and _claimed_by_the_user(patterns.IDENTITY_KEPT, text)


def claims_a_power(text: str) -> bool:
    """A role claimed and a power over others or the agent's checks asked on its strength
    (patterns.IDENTITY_POWER); not a role and a question to learn something, nor asked about."""
    return (
        patterns.POWER_OR_OVER_OTHERS_WORD.search(text) is not None
        and not _asked_if_genuine(text)
        and not _a_role_and_a_question(text)
        and not _warns_others(text)  # round 27b
        and _claimed_by_the_user(patterns.IDENTITY_POWER, text)
    )


def drops_a_check(text: str) -> bool:
    """A check dropped in one sentence (patterns.CHECK_DROPPED_EN / _ZH) and made to last anywhere in
    the message (LASTS_EN / _ZH); not quoted and discussed, asked about, nor a notice dropped for the
    user alone."""
    if _asked_if_genuine(text):
        return False
    if patterns.OWN_SMALL_ERRAND.search(text) and not patterns.HIGH_STAKES.search(text):
        return False
    for dropped, lasts in (
        (patterns.CHECK_DROPPED_EN, patterns.LASTS_EN),
        (patterns.CHECK_DROPPED_ZH, patterns.LASTS_ZH),
    ):
        if lasts.search(text) is None:
            continue
        for match in dropped.finditer(text):
            if not (
                _discussed_quote(text, match.start())
                or _doubted_quote(text, match.start())
                or _own_notice_dropped(text, match)
            ):
                return True
    return False


def claims_a_grant(text: str) -> bool:
    """A privilege said to have been granted, or an authority over everyone claimed
    (patterns.IDENTITY_GRANTED), and the agent asked to keep or act on it; not asked about, a scam
    reported, nor a quotation doubted."""
    if patterns.KEEP_OR_TREAT.search(text) is None or _asked_if_genuine(text):
        return False
    if patterns.SCAM_REPORT.search(text):
        return False  # "Got this in a scam email: '… has been granted operator-level privileges' …"
    return any(
        not (_in_reported_speech(text, match.start()) or _doubted_quote(text, match.start()))
        for match in patterns.IDENTITY_GRANTED.finditer(text)
    )


def _lasting_override_said(pattern: prefilter.Pattern, text: str) -> bool:
    """_said_not_discussed for the lasting overrides, less a notice dropped for the user alone."""
    return any(
        not (
            _discussed_quote(text, match.start())
            or _doubted_quote(text, match.start())
            or _own_notice_dropped(text, match)
        )
        for match in pattern.finditer(text)
    )


def _told_not_to(text: str, match: re.Match[str]) -> bool:
    """A tell-everyone phrase negated in its clause (patterns.NEGATED_TELL)."""
    first, _ = _sentence(text, match.start(), match.end())
    return patterns.NEGATED_TELL.search(text[first : match.start()]) is not None


def _own_notice_dropped(text: str, match: re.Match[str]) -> bool:
    """A disclaimer or risk prompt dropped for the user alone (patterns.SELF_SCOPED,
    MILD_SAFEGUARD)."""
    return (
        patterns.MILD_SAFEGUARD.search(match.group(0)) is not None
        and patterns.SELF_SCOPED.search(text) is not None
        and patterns.NOT_ONLY_THE_USER.search(text) is None
    )


def privilege_claimed_zh(text: str) -> bool:
    """Round 28: _claimed_by_the_user(patterns.PRIVILEGE_CLAIM_ZH), less a match that starts at 有人 ("someone
    said", not "have"), whether a number is official asked ("这个号在官方列表里吗？"), or a right the user was
    told they have asked where to find, with no one else's data asked ("…我现在有团队空间的管理员权限了，在哪
    能看到？")."""
    if near_miss_own_business.WHERE_TO_FIND_IT.search(
        text
    ) and not near_miss_own_business.OTHERS_DATA_WORDS.search(text):
        return False
    for match in patterns.PRIVILEGE_CLAIM_ZH.finditer(text):
        if near_miss_own_business.SOMEONE_SAID.match(match.group(0)):
            continue
        if near_miss_own_business.OFFICIAL_ASKED.search(text, match.start(), match.end() + 12):
            continue
        if not (_FIRST_PERSON.match(match.group(0)) and _in_reported_speech(text, match.start())):
            return True
    return False


# -- identity and phishing by new authors (round 31) -------------------------------------------------


def says_what_i_say_goes(text: str) -> bool:
    """What the user says goes, the agent's rules dropped (patterns.WHAT_I_SAY_GOES_ZH, read on the
    Mandarin view of Shanghainese too); a bare role, then a check dropped (patterns.TERSE_ROLE_DROP_EN).
    Not when the text asks whether such a claim is genuine."""
    return _said_unless_doubted(text, patterns.WHAT_I_SAY_GOES_ZH, patterns.TERSE_ROLE_DROP_EN)


def asks_official_pay_to_free_mail(text: str) -> bool:
    """An official fee or fine to be paid to a free-mail address (patterns.OFFICIAL_PAY_FREE_MAIL),
    unless the user reports, asks about or warns of it (as is_phishing)."""
    return not _reported_or_warned_of(text) and patterns.OFFICIAL_PAY_FREE_MAIL.search(text) is not None


def _reported_or_warned_of(text: str) -> bool:
    """The user reports a scam and asks about it, warns others off it, or asks whether it is genuine: a
    phishing shape in such a text is not set for others (the rounds 31 and 32 phishing rules)."""
    return bool(
        (patterns.SCAM_REPORT.search(text) and patterns.ASKED_OR_REPORTED.search(text))
        or patterns.WARNED_OFF_A_CHANNEL.search(text)
        or patterns.WARNED_OFF_A_LINK.search(text)
        or _asked_if_genuine(text)
    )


# -- round 32: a reply style the user drops, a channel the user refuses or used (near_miss_own_telling)
# ------------


def style_dropped(text: str) -> bool:
    """Round 32: a part of the reply's form the user drops for themselves
    (near_miss_own_telling.STYLE_DROPPED: "new
    rule: skip the small talk from now on", "以后别再说客套话") with no check, rule, limit or safety named
    once it and a label ("new rule:", RULE_LABEL) are taken out (CHECK_NAMED), no override word and nothing
    set for others (layer_drop_nothing_asked.OVERRIDE_WORDS, layer_drop_kept_and_warned.SETS_FOR_OTHERS,
    near_miss_own_telling.OTHERS_TOLD)."""
    if near_miss_own_telling.STYLE_DROPPED.search(text) is None:
        return False
    rest = near_miss_own_telling.RULE_LABEL.sub(" ", near_miss_own_telling.STYLE_DROPPED.sub(" ", text))
    return not prefilter.any_found(
        rest,
        near_miss_own_telling.CHECK_NAMED,
        layer_drop_nothing_asked.OVERRIDE_WORDS,
        layer_drop_kept_and_warned.SETS_FOR_OTHERS,
        near_miss_own_telling.OTHERS_TOLD,
    )


def own_channel(text: str) -> bool:
    """Round 32: a phishing shape whose destination is a channel the user refuses (near_miss_own_telling.
    NEGATED_CHANNEL: "顾客问的话我自己去处理，不加什么私人微信" — is_phishing_by_handle_or_code finds nothing
    once it is
    taken out) or an official account the user used themselves with a reminder for them alone (DONE_BY_ME,
    REMIND_ME: "是他们官方号，我已经领了。提醒我三月带煤球去打针"); with no link, handle, number or code to
    send anyone to and nothing passed on (CONCRETE_DESTINATION, OTHERS_TOLD,
    layer_drop_kept_and_warned.PASSED_ON)."""
    if prefilter.any_found(
        text,
        near_miss_own_telling.CONCRETE_DESTINATION,
        near_miss_own_telling.OTHERS_TOLD,
        layer_drop_kept_and_warned.PASSED_ON,
        layer_drop_own_records.A_LINK,
    ):
        return False
    if near_miss_own_telling.NEGATED_CHANNEL.search(text) is not None and not is_phishing_by_handle_or_code(
        near_miss_own_telling.NEGATED_CHANNEL.sub(" ", text)
    ):
        return True
    return (
        near_miss_own_telling.DONE_BY_ME.search(text) is not None
        and near_miss_own_telling.REMIND_ME.search(text) is not None
    )


# -- override, identity and phishing by new authors (round 32) ---------------------------------------


def _said_unless_doubted_tag_aside(text: str, *shapes: prefilter.Pattern) -> bool:
    """As _said_unless_doubted, a closing tag question aside (patterns.TAG_QUESTION: "…, eh?", "…，OK？"
    asks for agreement, not whether the text is genuine)."""
    return _said_unless_doubted(patterns.TAG_QUESTION.sub("", text), *shapes)


def puts_the_sender_over_the_rules(text: str) -> bool:
    """The sender put above the operator (patterns.OVER_THE_OPERATOR), a persona without rules
    (PERSONA_WITHOUT_RULES), what the sender marks made a system instruction (MARKED_AS_SYSTEM),
    refusals dropped from now on (STOP_REFUSING_ZH); said, not discussed or doubted."""
    return _said_unless_doubted_tag_aside(
        text,
        patterns.OVER_THE_OPERATOR,
        patterns.PERSONA_WITHOUT_RULES,
        patterns.MARKED_AS_SYSTEM,
        patterns.STOP_REFUSING_ZH,
    )


def claims_privilege(text: str) -> bool:
    """A role claimed, however tersely, then trust, access or a skipped check demanded
    (patterns.ROLE_THEN_DEMAND_ZH, _EN); said, not discussed or doubted."""
    return _said_unless_doubted_tag_aside(text, patterns.ROLE_THEN_DEMAND_ZH, patterns.ROLE_THEN_DEMAND_EN)


def sends_others_to_log_in(text: str) -> bool:
    """Others sent to a site to sign in again (patterns.SEND_THEM_TO_LOG_IN_ZH), unless the user reports,
    asks about or warns of it (as asks_official_pay_to_free_mail)."""
    return not _reported_or_warned_of(text) and patterns.SEND_THEM_TO_LOG_IN_ZH.search(text) is not None
