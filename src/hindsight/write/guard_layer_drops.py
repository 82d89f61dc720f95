"""The learned layer's refusals the write guard drops after it: shapes no poison of the tuning part
has (rounds 27b, 28, 28b, 30, 31 and 32), read for the kind the layer names.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable

from hindsight import prefilter, traditional
from hindsight.write import (
    layer_drop_for_a_human,
    layer_drop_kept_and_warned,
    layer_drop_nothing_asked,
    layer_drop_own_records,
    near_miss_own_business,
    near_miss_own_telling,
    patterns,
)
from hindsight.write.guard_others import drafted_for_people, memo_to_colleagues
from hindsight.write.guard_own import (
    answers_set_no_content,
    others_data_own_business,
    own_note,
    own_parcel_to_someone,
)
from hindsight.write.guard_views import learned_input


def _protects_or_asks(text: str) -> bool:
    """An answer for others that protects them, a warning, or a question about what the agent may tell them
    (round 27b: patterns.PROTECTIVE_ANSWER, ASKS_THE_RULES, WARNED_OFF_A_CHANNEL): the learned layer's
    "others" and "phish" kinds read their words ("tell customers…", "a code", "a wallet address") as the
    poison they warn of."""
    return prefilter.any_found(
        text,
        patterns.PROTECTIVE_ANSWER,
        patterns.ASKS_THE_RULES,
        patterns.WARNED_OFF_A_CHANNEL,
    )


def _dropped_for_own_records_and_answers(text: str, kind: str) -> bool:
    """Round 28: a refusal by the learned layer dropped after it, for shapes no poison of the tuning part has:
    a protective answer, warning or question about the rules (_protects_or_asks) also when the layer
    names the kind "hidden" (a standard reply that warns of a scam); the useful shapes the rules already
    pass (others_data_own_business, answers_set_no_content, own_note) whatever the kind; and, for the kind
    "otherdata", a record the user marks as their own with no one else's record in the text
    (layer_drop_own_records.OWN_RECORD, OTHERS_RECORD: "Send me the call log for my own number",
    "帮我看下我卡里有没有他转的钱") or staff telling of someone else's data already refused (ALREADY_REFUSED,
    HANDED_OVER: "已拒绝并告知须本人操作。请生成结案摘要"); an identity given for the form of the user's own
    answers or their own account's sign-ins (kind "identity", _self_described_for_own_use); the user not
    to be offered something (kinds "override", "others": NOT_TO_ME)."""
    if kind == "hidden" and _protects_or_asks(text):
        return True
    if others_data_own_business(text) or answers_set_no_content(text) or own_note(text):
        return True
    if _dropped_for_approvals_and_own_orders(text, kind):
        return True  # round 28b
    if kind == "identity" and _self_described_for_own_use(text):
        return True
    if (
        kind in ("override", "others")
        and layer_drop_own_records.NOT_TO_ME.search(text) is not None
        and layer_drop_own_records.PRIVILEGE_OR_OTHERS.search(text) is None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
    ):
        return True
    if (
        kind == "otherdata"
        and layer_drop_own_records.ALREADY_REFUSED.search(text) is not None
        and layer_drop_own_records.HANDED_OVER.search(text) is None
    ):
        return True
    if kind == "otherdata" and (
        _introduced_and_asks_for_self(text)
        or emergency_contact_given(text)
        or _others_only_as_a_source(text)
        or own_parcel_to_someone(text)
    ):
        return True  # round 45
    return (
        kind == "otherdata"
        and layer_drop_own_records.OWN_RECORD.search(text) is not None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
    )


def _introduced_and_asks_for_self(text: str) -> bool:
    """Round 45: the user introduces themself by name and then names no one else (layer_drop_own_records.
    SELF_INTRODUCED_BY_NAME, ANYONE_ELSE_NAMED: "This is Kevin Ong, I'm on the waitlist for a single. Could
    you tell me my current position?"): the name the layer reads as another person's is the user's."""
    opening = layer_drop_own_records.SELF_INTRODUCED_BY_NAME.search(text)
    if opening is None:
        return False
    rest = text[opening.end() :]
    anyone_else = layer_drop_own_records.ANYONE_ELSE_NAMED.search(rest)
    return anyone_else is None and layer_drop_own_records.A_LINK_OR_NUMBER.search(rest) is None


def _others_only_as_a_source(text: str) -> bool:
    """Round 45: the user's own thing asked, another person named only as the source of a remark
    (layer_drop_own_records.RELATIVE_AS_A_SOURCE: "Send over my blood test results …, my son set up the
    account for me", "帮我把我的处方照片发我微信…，我爸说你们这儿贵"): with those clauses taken out, the text
    names no one else (ANYONE_ELSE_NAMED) and asks for something of the user's (OWN_THING_ASKED)."""
    if layer_drop_own_records.RELATIVE_AS_A_SOURCE.search(text) is None:
        return False
    rest = layer_drop_own_records.RELATIVE_AS_A_SOURCE.sub(" ", text)
    return (
        layer_drop_own_records.OWN_THING_ASKED.search(rest) is not None
        and layer_drop_own_records.ANYONE_ELSE_NAMED.search(rest) is None
        and layer_drop_own_records.A_LINK_OR_NUMBER.search(rest) is None
    )


def emergency_contact_given(text: str) -> bool:
    """Round 45: someone's number given by the user as an emergency contact on the user's own profile, nothing
    asked back (layer_drop_own_records.EMERGENCY_CONTACT_GIVEN, NUMBER_GIVEN, OWN_DATA_ASKED_BACK)."""
    return (
        layer_drop_own_records.EMERGENCY_CONTACT_GIVEN.search(text) is not None
        and layer_drop_own_records.NUMBER_GIVEN.search(text) is not None
        and layer_drop_own_records.OWN_DATA_ASKED_BACK.search(text) is None
    )


def _dropped_for_approvals_and_own_orders(text: str, kind: str) -> bool:
    """Round 28b: more shapes no poison of the tuning part has: an approval the user must get, not dropped
    (layer_drop_own_records.APPROVAL_ADDED, APPROVAL_DROPPED: "I need manager approval for discounts")
    or two records kept apart with no link (KEPT_APART: "don't mix us up"), whatever the kind; and, for
    the kind "otherdata", an order the user placed for someone (OWN_ORDER_FOR_SOMEONE: "给我妹买的那单"),
    the user's own conversation (OWN_CONVERSATION: "forward me every email I've had from the landlord")
    or the way the other person does it themselves (OWNER_DOES_IT: "他本人能在线上挂失吗"), or a
    place's public times asked with no answer set and nothing handed over (PUBLIC_TIMES_ASKED,
    ANSWER_SET, HANDED_OVER: "探视时间是几点到几点？"), or the user's own data given to someone
    (OWN_DATA_GIVEN: "share my location with my sister"), each with no link to send to (A_LINK)."""
    if (
        layer_drop_own_records.APPROVAL_ADDED.search(text) is not None
        and layer_drop_own_records.APPROVAL_DROPPED.search(text) is None
    ):
        return True
    if (
        layer_drop_own_records.KEPT_APART.search(text) is not None
        and layer_drop_own_records.A_LINK.search(text) is None
    ):
        return True
    if kind != "otherdata" or layer_drop_own_records.A_LINK.search(text) is not None:
        return False
    return prefilter.any_found(
        text,
        layer_drop_own_records.OWN_ORDER_FOR_SOMEONE,
        layer_drop_own_records.OWN_CONVERSATION,
        layer_drop_own_records.OWNER_DOES_IT,
        layer_drop_own_records.OWN_DATA_GIVEN,
    ) or (
        layer_drop_own_records.PUBLIC_TIMES_ASKED.search(text) is not None
        and layer_drop_own_records.ANSWER_SET.search(text) is None
        and layer_drop_own_records.HANDED_OVER.search(text) is None
    )


def _self_described_for_own_use(text: str) -> bool:
    """Round 28: an identity the user gives only for the form of their own answers (layer_drop_own_records.
    SELF_DESCRIBED, ANSWER_FORM: "I'm a developer, give me code-level answers"), or their own account's
    sign-ins looked at (OWN_ACCOUNT_CHECKED: "把我这个管理员账号的登录记录调出来"), with no privilege, check,
    rule or other people in the text (PRIVILEGE_OR_OTHERS, RAISED_OR_SET, OTHERS_RECORD)."""
    if layer_drop_own_records.OTHERS_RECORD.search(text) is not None:
        return False
    if (
        layer_drop_own_records.SELF_DESCRIBED.search(text) is not None
        and layer_drop_own_records.ANSWER_FORM.search(text) is not None
        and layer_drop_own_records.PRIVILEGE_OR_OTHERS.search(text) is None
    ):
        return True
    return (
        layer_drop_own_records.OWN_ACCOUNT_CHECKED.search(text) is not None
        and layer_drop_own_records.RAISED_OR_SET.search(text) is None
    )


def _decoded_base64_runs(text: str) -> list[str]:
    """Round 30: what every base64 run of the text decodes to as text, wherever it stands ("motd=QUkg…" that
    views() leaves whole): a kept value must not hide a note to an AI."""
    found = []
    for match in layer_drop_kept_and_warned.BASE64_RUN.finditer(text):
        run = match.group(0)
        try:
            decoded = base64.b64decode(run + "=" * (-len(run) % 4), validate=False).decode("utf-8", "ignore")
        except (ValueError, binascii.Error):
            continue
        found.append(decoded)
    return found


def _kept_content_without_an_ai(text: str) -> bool:
    """Round 30: pasted content the user keeps, summarises or drafts for themselves
    (layer_drop_kept_and_warned.
    KEPT_FOR_THE_USER: "Save this PR description: 'Reviewers: please test on Safari too'") in which no AI,
    model, agent or instruction is named, nothing is to be followed or set for others and there is no link
    (NAMES_AN_AI, FOLLOW_IT, SETS_FOR_OTHERS, layer_drop_own_records.A_LINK): the people addressed in it are
    people."""
    said = "\n".join((text, learned_input(text), *_decoded_base64_runs(text)))
    return (
        layer_drop_kept_and_warned.KEPT_FOR_THE_USER.search(said) is not None
        and layer_drop_kept_and_warned.NAMES_AN_AI.search(said) is None
        and layer_drop_kept_and_warned.FOLLOW_IT.search(said) is None
        and layer_drop_kept_and_warned.SETS_FOR_OTHERS.search(said) is None
        and layer_drop_own_records.A_LINK.search(said) is None
    )


def _rules_asked(text: str) -> bool:
    """Round 30: a question about what the rules allow or require (layer_drop_kept_and_warned.RULES_ASKED:
    "查医保记录
    是不是一定要本人刷脸？"), nothing handed over and no link (layer_drop_own_records.HANDED_OVER, A_LINK)."""
    return (
        layer_drop_kept_and_warned.RULES_ASKED.search(text) is not None
        and layer_drop_own_records.HANDED_OVER.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
    )


def _scam_reported(text: str) -> bool:
    """Round 30: a message the user doubts or reports as a scam and asks about or will check
    (layer_drop_kept_and_warned.SCAM_DOUBTED, REPORTED_ON: "Is this a scam pattern?", "Our HOA never used
    Zelle. I'll ask the board"), not passed on to others (PASSED_ON)."""
    return (
        layer_drop_kept_and_warned.SCAM_DOUBTED.search(text) is not None
        and layer_drop_kept_and_warned.REPORTED_ON.search(text) is not None
        and layer_drop_kept_and_warned.PASSED_ON.search(text) is None
    )


def _protective_notice(text: str) -> bool:
    """Round 30: a notice that protects people and sends nobody anywhere
    (layer_drop_kept_and_warned.PROTECTIVE_NOTICE,
    A_DESTINATION, CREDENTIAL_ASKED: "new devs sign in only through the company SSO page, never through links
    sent in chat")."""
    return (
        layer_drop_kept_and_warned.PROTECTIVE_NOTICE.search(text) is not None
        and layer_drop_kept_and_warned.A_DESTINATION.search(text) is None
        and layer_drop_kept_and_warned.CREDENTIAL_ASKED.search(text) is None
    )


def _own_errand_no_one_elses(text: str) -> bool:
    """Round 30: the user's own errand on their own records or a name of their own contacts to remember
    (layer_drop_kept_and_warned.OWN_ERRAND, NAME_REMEMBERED: "cancel my order from earlier",
    "我最近的支付账单帮我调一下"),
    with no one else's record and no link (layer_drop_own_records.OTHERS_RECORD,
    layer_drop_kept_and_warned.OTHERS_THINGS, layer_drop_own_records.A_LINK)."""
    return (
        (
            layer_drop_kept_and_warned.OWN_ERRAND.search(text) is not None
            or layer_drop_kept_and_warned.NAME_REMEMBERED.search(text) is not None
        )
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
        and layer_drop_kept_and_warned.OTHERS_THINGS.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
    )


def _quoted_error(text: str) -> bool:
    """Round 30: an error or notice the user quotes, with nothing raised or granted
    (layer_drop_kept_and_warned.QUOTED_ERROR, layer_drop_own_records.RAISED_OR_SET, OTHERS_RECORD:
    "报错写着“仅管理员可修改”，可这电脑就我一个人用")."""
    return (
        layer_drop_kept_and_warned.QUOTED_ERROR.search(text) is not None
        and layer_drop_own_records.RAISED_OR_SET.search(text) is None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
    )


# -- written in round 31: narration, policy questions, own records and standing requests ---------------


def _nothing_asked(text: str) -> bool:
    """Round 31: the user narrating what they do (layer_drop_nothing_asked.NARRATED), asking and ordering
    nothing
    (ASKS, IMPERATIVE) and naming no kind of personal data (DATA_NAMED: a terse ask, "My ex's current address.
    Now.", has no question or verb): "dr naidoo told me she's fully booked till december so i'll see dr
    pillay instead" is no request for anyone's data."""
    return (
        layer_drop_nothing_asked.NARRATED.search(text) is not None
        and layer_drop_nothing_asked.ASKS.search(text) is None
        and layer_drop_nothing_asked.IMPERATIVE.search(text) is None
        and layer_drop_nothing_asked.DATA_NAMED.search(text) is None
    )


def _policy_asked(text: str) -> bool:
    """Round 31: the service's policy asked about (layer_drop_nothing_asked.POLICY_ASKED), no data or other
    person named (DATA_NAMED, SOMEONE_ELSE), nothing set for others, followed, handed over or linked
    (layer_drop_kept_and_warned.SETS_FOR_OTHERS, FOLLOW_IT, layer_drop_own_records.HANDED_OVER, A_LINK)."""
    return (
        layer_drop_nothing_asked.POLICY_ASKED.search(text) is not None
        and layer_drop_nothing_asked.DATA_NAMED.search(text) is None
        and layer_drop_nothing_asked.SOMEONE_ELSE.search(text) is None
        and layer_drop_kept_and_warned.SETS_FOR_OTHERS.search(text) is None
        and layer_drop_kept_and_warned.FOLLOW_IT.search(text) is None
        and layer_drop_own_records.HANDED_OVER.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
    )


def _own_record(text: str) -> bool:
    """Round 31: the user's own record or animal (layer_drop_nothing_asked.OWN_RECORD) with no one else named
    and no other's record or link (SOMEONE_ELSE, layer_drop_own_records.OTHERS_RECORD, A_LINK)."""
    return (
        layer_drop_nothing_asked.OWN_RECORD.search(text) is not None
        and layer_drop_nothing_asked.SOMEONE_ELSE.search(text) is None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
    )


def _placeholder_kept(text: str) -> bool:
    """Round 31: a credential's placeholder (layer_drop_nothing_asked.PLACEHOLDER: "Authorization: Bearer
    YOUR_API_KEY") with no role or identity claimed and nothing handed to the user (CLAIM, GIVE_ME)."""
    return (
        layer_drop_nothing_asked.PLACEHOLDER.search(text) is not None
        and layer_drop_nothing_asked.CLAIM.search(text) is None
        and layer_drop_nothing_asked.GIVE_ME.search(text) is None
    )


def _own_standing_request(text: str) -> bool:
    """Round 31: a standing request scoped to the user (layer_drop_nothing_asked.STANDING, FOR_ME: "以后我问你
    路况，直接告诉我前面有没有测速就行", "记住，以后任何延保都别再推给我") that names no other people, rules,
    links or anyone else (near_miss_own_business.OTHERS_OR_RULES_DROPPED,
    layer_drop_kept_and_warned.SETS_FOR_OTHERS,
    layer_drop_own_records.A_LINK, layer_drop_nothing_asked.SOMEONE_ELSE), no override word (OVERRIDE_WORDS)
    and no role claimed (CLAIM): the user's own preference, not the agent's rules changed."""
    return (
        layer_drop_nothing_asked.STANDING.search(text) is not None
        and layer_drop_nothing_asked.FOR_ME.search(text) is not None
        and near_miss_own_business.OTHERS_OR_RULES_DROPPED.search(text) is None
        and layer_drop_kept_and_warned.SETS_FOR_OTHERS.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
        and layer_drop_nothing_asked.SOMEONE_ELSE.search(text) is None
        and layer_drop_nothing_asked.OVERRIDE_WORDS.search(text) is None
        and layer_drop_nothing_asked.CLAIM.search(text) is None
    )


# -- written in round 32: texts for a human reader, warnings the user asks for, own records ----------------


def _polished_for_a_human(text: str) -> bool:
    """Round 32: a text the user asks to have polished for a human reader
    (layer_drop_for_a_human.POLISH_ASKED; in
    Chinese with the letter named, A_LETTER_ZH: "幫我把這封信潤飾一下", read in Simplified characters) in
    which no AI is named, nothing is to be followed, looked up, handed over or raised and there is no link
    (layer_drop_kept_and_warned.NAMES_AN_AI, FOLLOW_IT, layer_drop_for_a_human.A_LOOKUP,
    layer_drop_own_records.RAISED_OR_SET,
    A_LINK): a letter to a landlord or an announcement of a colleague is the user's own writing."""
    said = traditional.fold(text)
    if layer_drop_for_a_human.POLISH_ASKED.search(said) is None:
        return False
    if not said.isascii() and layer_drop_for_a_human.A_LETTER_ZH.search(said) is None:
        return False
    return not prefilter.any_found(
        said,
        layer_drop_kept_and_warned.NAMES_AN_AI,
        layer_drop_kept_and_warned.FOLLOW_IT,
        layer_drop_for_a_human.A_LOOKUP,
        layer_drop_own_records.RAISED_OR_SET,
        layer_drop_own_records.A_LINK,
        layer_drop_kept_and_warned.SETS_FOR_OTHERS,
        near_miss_own_telling.OTHERS_TOLD,
    )


def _warning_for_me(text: str) -> bool:
    """Round 32: a warning the user asks for themselves (layer_drop_for_a_human.BEWARE_FOR_ME:
    "下次要是有别的号说是
    她的新号，提醒我小心"), nothing handed over, set for others or linked (layer_drop_own_records.HANDED_OVER,
    layer_drop_kept_and_warned.SETS_FOR_OTHERS, PASSED_ON, layer_drop_own_records.A_LINK,
    layer_drop_nothing_asked.DATA_NAMED, near_miss_own_telling.OTHERS_TOLD)."""
    return layer_drop_for_a_human.BEWARE_FOR_ME.search(text) is not None and not prefilter.any_found(
        text,
        layer_drop_own_records.HANDED_OVER,
        layer_drop_kept_and_warned.SETS_FOR_OTHERS,
        layer_drop_kept_and_warned.PASSED_ON,
        layer_drop_own_records.A_LINK,
        layer_drop_nothing_asked.DATA_NAMED,
        near_miss_own_telling.OTHERS_TOLD,
    )


def _received_and_doubted(text: str) -> bool:
    """Round 32: a message the user received (layer_drop_for_a_human.RECEIVED), doubts (DOUBTED:
    "这种是不是被盗号
    了？") and asks about (layer_drop_kept_and_warned.REPORTED_ON), passed on and set for no one (PASSED_ON,
    SETS_FOR_OTHERS, near_miss_own_telling.OTHERS_TOLD) and nothing handed over
    (layer_drop_own_records.HANDED_OVER)."""
    return (
        layer_drop_for_a_human.RECEIVED.search(text) is not None
        and layer_drop_for_a_human.DOUBTED.search(text) is not None
        and layer_drop_kept_and_warned.REPORTED_ON.search(text) is not None
        and layer_drop_kept_and_warned.PASSED_ON.search(text) is None
        and layer_drop_kept_and_warned.SETS_FOR_OTHERS.search(text) is None
        and near_miss_own_telling.OTHERS_TOLD.search(text) is None
        and layer_drop_own_records.HANDED_OVER.search(text) is None
    )


def _place_number(text: str) -> bool:
    """Round 32: a place's public number asked (layer_drop_for_a_human.PLACE_NUMBER: "把挂号处的电话给我")
    with no person it could belong to, no link, no privilege or check and no role claimed (A_PERSON,
    layer_drop_own_records.A_LINK, PRIVILEGE_OR_OTHERS, layer_drop_nothing_asked.CLAIM)."""
    return (
        layer_drop_for_a_human.PLACE_NUMBER.search(text) is not None
        and layer_drop_for_a_human.A_PERSON.search(text) is None
        and layer_drop_own_records.A_LINK.search(text) is None
        and layer_drop_own_records.PRIVILEGE_OR_OTHERS.search(text) is None
        and layer_drop_nothing_asked.CLAIM.search(text) is None
    )


def _own_record_no_claim(text: str) -> bool:
    """Round 32: the user's own record named and handed to them (layer_drop_for_a_human.OWN_RECORD_ASKED,
    layer_drop_nothing_asked.GIVE_ME: "把我自己在你们诊所的病历发我一份") as _own_record reads it, with no
    relative named (OTHERS_NAMED), no role or identity claimed, no privilege, check or override and no AI
    named (layer_drop_nothing_asked.CLAIM, layer_drop_own_records.PRIVILEGE_OR_OTHERS,
    layer_drop_nothing_asked.OVERRIDE_WORDS,
    layer_drop_kept_and_warned.NAMES_AN_AI): the kind "identity" reads a record asked for as a claim."""
    return (
        layer_drop_for_a_human.OWN_RECORD_ASKED.search(text) is not None
        and layer_drop_nothing_asked.GIVE_ME.search(text) is not None
        and _own_record(text)
        and not prefilter.any_found(
            text,
            layer_drop_for_a_human.OTHERS_NAMED,
            layer_drop_nothing_asked.CLAIM,
            layer_drop_own_records.PRIVILEGE_OR_OTHERS,
            layer_drop_nothing_asked.OVERRIDE_WORDS,
            layer_drop_kept_and_warned.NAMES_AN_AI,
        )
    )


def _kept_for_a_human_reader(text: str) -> bool:
    """Round 32: pasted content kept with no AI named (_kept_content_without_an_ai) for a human who will
    read it (layer_drop_for_a_human.HUMAN_READER: "The instructor will check it on Monday"), nothing handed to
    the user (layer_drop_own_records.HANDED_OVER): a note in it ("send him the slides") is for that human. The
    content
    is pasted (three lines or more; its e-mail addresses, layer_drop_for_a_human.AN_EMAIL, are no links),
    holds no credential, claims no role and is passed on to no one
    (layer_drop_for_a_human.CREDENTIAL_WORD, layer_drop_nothing_asked.CLAIM,
    layer_drop_kept_and_warned.PASSED_ON)."""
    return (
        text.count("\n") >= 3
        and _kept_content_without_an_ai(layer_drop_for_a_human.AN_EMAIL.sub("e-mail", text))
        and layer_drop_for_a_human.HUMAN_READER.search(text) is not None
        and not prefilter.any_found(
            text,
            layer_drop_own_records.HANDED_OVER,
            layer_drop_for_a_human.A_LOOKUP,
            layer_drop_for_a_human.RECORD_WORDS,
            layer_drop_for_a_human.CREDENTIAL_WORD,
            layer_drop_nothing_asked.CLAIM,
            layer_drop_kept_and_warned.PASSED_ON,
        )
    )


def _own_words_to_word(text: str) -> bool:
    """Round 32: the user as the one who will tell a person (near_miss_own_telling.OWN_TELLING:
    "我想跟他说我没撤诉")
    asking how to word it (layer_drop_for_a_human.WORDING_ASKED: "你帮我措辞一下"), with no answer set for the
    agent, nothing set for others, no override word and no role claimed (patterns.AIMED_AT_A_PERSON_ZH / _EN
    once the user's telling is taken out, near_miss_own_telling.OTHERS_TOLD,
    layer_drop_kept_and_warned.SETS_FOR_OTHERS,
    layer_drop_nothing_asked.OVERRIDE_WORDS, layer_drop_own_records.PRIVILEGE_OR_OTHERS) and no data named or
    looked up
    (layer_drop_nothing_asked.DATA_NAMED, layer_drop_for_a_human.A_LOOKUP)."""
    if (
        near_miss_own_telling.OWN_TELLING.search(text) is None
        or layer_drop_for_a_human.WORDING_ASKED.search(text) is None
    ):
        return False
    rest = near_miss_own_telling.OWN_TELLING.sub(" ", text)
    return not any(
        pattern.search(found) is not None
        for pattern, found in (
            (patterns.AIMED_AT_A_PERSON_ZH, rest),
            (patterns.AIMED_AT_A_PERSON_EN, rest),
            (patterns.AIMED_AT_OTHERS_ZH, rest),
            (patterns.AIMED_AT_OTHERS_EN, rest),
            (near_miss_own_telling.OTHERS_TOLD, text),
            (layer_drop_kept_and_warned.SETS_FOR_OTHERS, text),
            (layer_drop_nothing_asked.OVERRIDE_WORDS, text),
            (layer_drop_own_records.PRIVILEGE_OR_OTHERS, text),
            (layer_drop_nothing_asked.DATA_NAMED, text),
            (layer_drop_for_a_human.A_LOOKUP, text),
        )
    )


NORMAL_PROCESS_ASKED = prefilter.compile(
    r"(?:走|按)(?:正常|常规|标准)的?(?:[\u4e00-\u9fff]{0,4})?(?:流程|程序|手续)|按(?:规定|规矩|流程)(?:来|办|走)"
    r"|\b(?:through|via|by|follow(?:ing)?|go(?:ing)? through|use|using)\s+(?:the\s+)?"
    r"(?:normal|usual|standard|regular|proper)\s+"
    r"(?:process|procedure|channels?|route|steps)\b|\bby the book\b",
    re.IGNORECASE,
)
"""The user asking for the normal process ("麻烦看下能不能走正常退款流程", "through the usual procedure"): no
privilege asked, whoever the user says they know."""


def _normal_process_asked(text: str) -> bool:
    """Round 44: the normal process asked for (NORMAL_PROCESS_ASKED) with no privilege, check, rule or other
    person's record named (layer_drop_own_records.PRIVILEGE_OR_OTHERS, OTHERS_RECORD) and no link."""
    return (
        NORMAL_PROCESS_ASKED.search(text) is not None
        and layer_drop_own_records.PRIVILEGE_OR_OTHERS.search(text) is None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
        and not patterns.names_a_destination(text)
    )


PLAIN_REPLIES_ASKED = prefilter.compile(
    r"说话直接(?:一?点|些)|直接(?:点|一点)说|照实说|实话实说|(?:别|不要|少)(?:跟我|给我|对我)?(?:打官腔|绕弯子?|兜圈子|说套话)|说人话"
    r"|\b(?:be (?:blunt|direct|straight) with me|give it to me straight|straight answers?|plain answers?|"
    r"no (?:corporate|customer[- ]service) (?:speak|talk|waffle)|(?:don'?t|no) sugar-?coat(?:ing)?)\b",
    re.IGNORECASE,
)
"""Plain replies asked for ("你说话直接点…我问什么你照实说别跟我打官腔", "be blunt with me"): the user's own
reply style."""


def _plain_replies_for_me(text: str) -> bool:
    """Round 44: plain replies asked for the user (PLAIN_REPLIES_ASKED with layer_drop_nothing_asked.FOR_ME),
    with no override word, role claimed, other people's rules, instructions for others or link
    (layer_drop_nothing_asked.OVERRIDE_WORDS, CLAIM, near_miss_own_business.OTHERS_OR_RULES_DROPPED,
    layer_drop_kept_and_warned.SETS_FOR_OTHERS, layer_drop_own_records.A_LINK)."""
    return (
        PLAIN_REPLIES_ASKED.search(text) is not None
        and layer_drop_nothing_asked.FOR_ME.search(text) is not None
        and layer_drop_nothing_asked.OVERRIDE_WORDS.search(text) is None
        and layer_drop_nothing_asked.CLAIM.search(text) is None
        and near_miss_own_business.OTHERS_OR_RULES_DROPPED.search(text) is None
        and layer_drop_kept_and_warned.SETS_FOR_OTHERS.search(text) is None
        and not patterns.names_a_destination(text)
    )


REFUSAL_DROPPING_SHAPES: tuple[tuple[frozenset[str], Callable[[str], bool]], ...] = (
    (frozenset({"hidden"}), _kept_content_without_an_ai),
    (frozenset({"otherdata", "override", "identity"}), _rules_asked),
    (frozenset({"otherdata", "hidden", "phish", "others"}), _scam_reported),
    (frozenset({"phish"}), _protective_notice),
    (frozenset({"otherdata"}), _own_errand_no_one_elses),
    (frozenset({"identity"}), _quoted_error),
    (frozenset({"otherdata"}), _nothing_asked),
    (frozenset({"others", "override", "otherdata"}), _policy_asked),
    (frozenset({"otherdata"}), _own_record),
    (frozenset({"identity", "hidden"}), _placeholder_kept),
    (frozenset({"override", "others"}), _own_standing_request),
    (frozenset({"otherdata", "identity"}), _polished_for_a_human),
    (frozenset({"otherdata", "phish", "others"}), _warning_for_me),
    (frozenset({"phish", "otherdata"}), _received_and_doubted),
    (frozenset({"otherdata"}), _place_number),
    (frozenset({"identity"}), _own_record_no_claim),
    (frozenset({"otherdata"}), _kept_for_a_human_reader),
    (frozenset({"others", "override"}), _own_words_to_word),
    (frozenset({"otherdata", "identity"}), _normal_process_asked),  # round 44
    (frozenset({"override"}), _plain_replies_for_me),  # round 44
    # round 44: the layer reads a memo's or a drafted note's instructions to people as aimed at the agent
    (frozenset({"others", "identity", "phish"}), memo_to_colleagues),
    (frozenset({"others"}), drafted_for_people),
)
"""Every shape that drops the learned layer's refusal, with the kinds it is read for: one table, written from
the near-miss twins of the tuning part and of new authors (rounds 30, 31 and 32)."""


def dropped_by_a_shape(text: str, kind: str) -> bool:
    """A refusal by the learned layer dropped for a shape of REFUSAL_DROPPING_SHAPES read for its kind."""
    return any(kind in kinds and shape(text) for kinds, shape in REFUSAL_DROPPING_SHAPES)


def layer_refusal_dropped(text: str, kind: str) -> bool:
    """A refusal by the learned layer, of the kind it names, dropped after it: the user's own records and
    answers, approvals and own orders (_dropped_for_own_records_and_answers) or a shape of
    REFUSAL_DROPPING_SHAPES (dropped_by_a_shape)."""
    return _dropped_for_own_records_and_answers(text, kind) or dropped_by_a_shape(text, kind)
