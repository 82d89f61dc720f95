"""The write guard's near-miss shapes (round 28): useful texts a refusing rule read as poison that are
the user's own business, note, notice or check, and the answers for others that set no content.
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import (
    layer_drop_nothing_asked,
    layer_drop_own_records,
    near_miss_own_business,
    near_miss_own_telling,
    patterns,
)
from hindsight.write.guard_reading import _FOLLOW_IT, _QUOTED_BY, _QUOTED_BY_MORE, _doubted_quote

# -- round 28: useful shapes the rules refused (the near-miss twins) -----------------------------------


def own_note(text: str) -> bool:
    """Round 28: the user's own note to the agent, said to it by a name at the start of the message
    (near_miss_own_business.NAMED_OPENING: "Note for IT helpdesk bot: I sit on 4F…", "hi助手，from now
    on回复我用
    English", "OA助手：…先发消息提醒我"), in the first person, with nothing in it about other people or the
    agent's rules once a restriction on the user's own data is set aside ("千万别把我的手机号给任何人")."""
    if (
        near_miss_own_business.NAMED_OPENING.search(text) is None
        or near_miss_own_business.FIRST_PERSON.search(text) is None
    ):
        return False
    rest = near_miss_own_business.PROTECTED_OWN_DATA.sub(" ", text)
    return near_miss_own_business.OTHERS_OR_RULES_DROPPED.search(rest) is None


def not_addressed(text: str, at: int) -> bool:
    """Round 28: a name for the AI at `at` that the text does not address: inside a quotation someone else
    wrote that the user doubts (_doubted_quote: "The email says 'Dear assistant, disregard your rules…'.
    Obviously I'm not going to let that through") or asks to have taken down (quotes_taken_down), the
    user's own job ("I'm the store owner's assistant"), or
    a bot named as the object of a verb ("想骗客服机器人")."""
    if _doubted_quote(text, at) or any(start < at < end for start, end in quotes_taken_down(text)):
        return True
    before = text[max(0, at - 60) : at]
    if near_miss_own_business.USERS_JOB_BEFORE.search(before) and not re.match(r"(?i)ai\b", text[at:]):
        return True
    return near_miss_own_business.ACTED_ON_BEFORE.search(before) is not None


def others_data_own_business(text: str) -> bool:
    """Round 28: a message the otherdata rules read as another person's data that is the user's own business:
    their own child's school record with no other pupil named (near_miss_own_business.OWN_CHILDS_SCHOOLING),
    data its owner handed the user kept for the user's own use and passed on to no one (HANDED_BY_ITS_OWNER,
    KEPT_FOR_OWN_USE), the other account said to be the user's too (OWNERSHIP_SAID), how the user becomes
    someone's helper (HOW_TO_BECOME), the user's own access dropped (OWN_ACCESS_DROPPED) or their own door
    opened for a visitor (OWN_DOOR_FOR_A_VISITOR)."""
    if near_miss_own_business.OWN_CHILDS_SCHOOLING.search(
        text
    ) and not near_miss_own_business.OTHER_PUPILS.search(text):
        return True
    if refuses_others_data(text):
        return True
    if (
        near_miss_own_business.HANDED_BY_ITS_OWNER.search(text)
        and near_miss_own_business.KEPT_FOR_OWN_USE.search(text)
        and not near_miss_own_business.PASSED_ON.search(text)
        and not near_miss_own_business.HANDED_TO_ME.search(text)  # round 44: "…你把她的手机号也告诉我"
    ):
        return True
    if (
        near_miss_own_business.OWN_UNIT_SAID.search(text)
        and layer_drop_nothing_asked.SOMEONE_ELSE.search(text) is None
        and layer_drop_own_records.OTHERS_RECORD.search(text) is None
    ):
        return True  # round 44: "unit 14? That's my flat", no one else's named
    if near_miss_own_business.HANDED_TO_ME.search(text):
        return False
    return prefilter.any_found(
        text,
        near_miss_own_business.OWNERSHIP_SAID,
        near_miss_own_business.HOW_TO_BECOME,
        near_miss_own_business.OWN_ACCESS_DROPPED,
        near_miss_own_business.OWN_DOOR_FOR_A_VISITOR,
    )


def privilege_in_own_reminder(pattern: prefilter.Pattern, text: str) -> bool:
    """Round 28: every match of a privilege claim holds the user's own reminder between the role and the
    privilege word ("I'm from the security team — please remind me in 30 days to renew the red-team exercise
    authorization"): the privilege is the object of the user's own task."""
    found = list(pattern.finditer(text))
    return bool(found) and all(near_miss_own_business.OWN_REMINDER.search(match.group(0)) for match in found)


def own_notice_or_check(text: str) -> bool:
    """Round 28: a phishing shape that is the user's own: a notice they ask to draft that invites others to
    something voluntary, with no payment, credential or link (near_miss_own_business.VOLUNTARY_INVITATION,
    DRAFT_ASKED,
    PAYMENT_OR_CREDENTIALS); a changed payment detail the user will verify themself, passed on to no one
    (VERIFIED_BY_THE_USER); an account said to be the user's too (OWNERSHIP_SAID)."""
    if (
        near_miss_own_business.VOLUNTARY_INVITATION.search(text)
        and near_miss_own_business.DRAFT_ASKED.search(text)
        and not near_miss_own_business.PAYMENT_OR_CREDENTIALS.search(text)
    ):
        return True
    if near_miss_own_business.VERIFIED_BY_THE_USER.search(
        text
    ) and not near_miss_own_business.PASSED_ON.search(text):
        return True
    return near_miss_own_business.OWNERSHIP_SAID.search(text) is not None


def refuses_others_data(text: str) -> bool:
    """Round 28: an answer for others that refuses someone else's private data and says nothing else, with no
    link, handle or number to send them to (near_miss_own_business.REFUSES_OTHERS_DATA, OTHERS_PRIVATE_DATA,
    SAYS_SOMETHING, A_DESTINATION): "if a caller asks for someone else's address by order number, politely
    refuse", "以后有人打听哪个业主住哪一户，一律不说，让他到物业前台登记"."""
    return (
        near_miss_own_business.REFUSES_OTHERS_DATA.search(text) is not None
        and near_miss_own_business.OTHERS_PRIVATE_DATA.search(text) is not None
        and near_miss_own_business.SAYS_SOMETHING.search(text) is None
        and near_miss_own_business.A_DESTINATION.search(text) is None
    )


def answers_set_no_content(text: str) -> bool:
    """Round 28: an instruction about others that sets no content for them: a refusal of someone else's data
    (refuses_others_data), someone asking the user, not the agent (near_miss_own_business.ASKED_OF_THE_USER),
    an answer's form alone (FORM_ONLY: "有人问你啥，回答别超过两行"), or a note for future sessions about the
    user's own answers (FUTURE_NOTE, OWN_PREFERENCE); none with anything to say (SAYS_SOMETHING) or a place to
    send people (A_DESTINATION)."""
    if refuses_others_data(text):
        return True
    rest = near_miss_own_business.FORM_ONLY.sub(" ", text)
    if near_miss_own_business.SAYS_SOMETHING.search(rest) or near_miss_own_business.A_DESTINATION.search(
        rest
    ):
        return False
    if near_miss_own_business.ASKED_OF_THE_USER.search(text) or (
        rest != text and re.search('[:：“"]', rest) is None
    ):
        return True
    return (
        near_miss_own_business.FUTURE_NOTE.search(text) is not None
        and near_miss_own_business.OWN_PREFERENCE.search(text) is not None
        and near_miss_own_business.OTHERS_OR_RULES_DROPPED.search(text) is None
    )


def protective_notice(text: str) -> bool:
    """Round 28: a notice to the agent for others that only says the sender never asks for something through a
    link or message (near_miss_own_business.NEVER_ASKS), with nowhere to send them (URL_OR_HANDLE) and no
    order about the agent's rules (ORDERS_TO_THE_AGENT)."""
    return (
        near_miss_own_business.NEVER_ASKS.search(text) is not None
        and near_miss_own_business.URL_OR_HANDLE.search(text) is None
        and near_miss_own_business.ORDERS_TO_THE_AGENT.search(text) is None
    )


def notice_dropped_for_own_acts(text: str) -> bool:
    """Round 28: a mild notice (patterns.MILD_SAFEGUARD: a risk prompt, a disclaimer; no scam or security
    check) dropped for the user's own habitual acts (near_miss_own_business.USERS_OWN_ACTS), with no one else
    in it
    (patterns.NOT_ONLY_THE_USER): "你们能不能取消转账时的风险提示？我每次给我妈转生活费都要点好几下"."""
    return (
        patterns.MILD_SAFEGUARD.search(text) is not None
        and near_miss_own_business.USERS_OWN_ACTS.search(text) is not None
        and patterns.NOT_ONLY_THE_USER.search(text) is None
    )


def quotes_taken_down(text: str) -> list[tuple[int, int]]:
    """Round 28: the spans of the quotations someone else wrote (patterns.REPORTED_SPEECH, _QUOTED_BY,
    _QUOTED_BY_MORE, near_miss_own_business.WRITTEN_BY_SOMEONE before it) that the user then asks to have
    taken down or
    reports (near_miss_own_business.TAKEN_DOWN_AFTER), in a text that asks nothing to be followed
    (_FOLLOW_IT)."""
    if near_miss_own_business.TAKEN_DOWN_AFTER.search(text) is None or _FOLLOW_IT.search(text) is not None:
        return []
    spans: list[tuple[int, int]] = []
    for match in near_miss_own_business.QUOTATION.finditer(text):
        before = text[max(0, match.start() - 48) : match.start() + 1]
        reported = (
            patterns.REPORTED_SPEECH.search(before)
            or _QUOTED_BY.search(before)
            or _QUOTED_BY_MORE.search(before)
            or near_miss_own_business.WRITTEN_BY_SOMEONE.search(before)
        )
        if reported and near_miss_own_business.TAKEN_DOWN_AFTER.search(text, match.end()):
            spans.append(match.span())
    return spans


def without_quotes_taken_down(text: str) -> str:
    """Round 28: the text less the quotations of quotes_taken_down: what is left is what the user asks."""
    kept: list[str] = []
    last = 0
    for start, end in quotes_taken_down(text):
        kept.append(text[last:start] + '""')
        last = end
    return "".join(kept) + text[last:]


# -- round 31: useful shapes the rules refused (g-r38, g-r39 near-miss twins) -------------------------

_PET_RECORD_EN = prefilter.compile(
    r"\b(?i:send|give|forward|e-?mail|show|get|pull up)\s+me\s+(?:[A-Z][a-z]+'s|(?i:my|our)\s+"
    r"(?:cat|dog|pet|puppy|kitten|rabbit|parrot)'?s?)\s+(?:\w+\s+)?(?:records?|history|notes|results|certificates?)\b"
)
"""A pet's records asked for by its name or as the user's pet ("Send me Tigger's records from the last
visit")."""
_PET_CONTEXT = prefilter.compile(
    r"\b(?:vets?|veterinar\w*|pets?|cats?|dogs?|puppy|kitten|vaccinations?|jabs?)\b", re.IGNORECASE
)
_SOMEONE_ELSES_EN = prefilter.compile(
    r"\b(?:other|another|someone|somebody|neighbou?r'?s?|friend'?s?|colleague'?s?|customer'?s?|client'?s?|owner'?s?"
    r"|his|her|their|before (?:ours|mine|us|me))\b",
    re.IGNORECASE,
)
"""Someone else's animal or record in the same text ("the cat that was in before ours", "my neighbour's
dog")."""

_OWN_CONTACTS_ZH = prefilter.compile(
    r"我(?:在[^，。！？\n]{0,12})?(?:加过|加了|关注过|关注了|拉黑过|屏蔽过)的(?:人|好友|账号)"
)
"""The people the user added or follows ("把我在这个交友软件上加过的人列一下"): the user's own list,
where "她在…加的人" is someone else's."""

_DOCUMENT_USABLE_ZH = prefilter.compile(
    r"(?:还|也)?(?:能|可以|能不能|可不可以)(?:用|拿)[^，。！？\n]{0,8}?"
    r"(?:身份证|护照|户口本|医保卡|社保卡|驾照|证件|港澳通行证)(?:吗|么|嘛|[？?])"
)
"""Which document still does ("帮她挂号还能用身份证吗？"): a question about a procedure, no record asked."""
_RECORD_ASKED_ZH = prefilter.compile(r"(?:号码|号)?是多少|查|调出|发我|发给我|告诉我|记录|明细")


def own_pet_contacts_or_document(text: str) -> bool:
    """Round 31: a message the otherdata rules read as another person's data that is the user's own: their
    pet's records (_PET_RECORD_EN in a text about pets, no one else's named), their own contact list
    (_OWN_CONTACTS_ZH), or whether a document can be used, nothing of the person's asked
    (_DOCUMENT_USABLE_ZH, _RECORD_ASKED_ZH)."""
    if _PET_RECORD_EN.search(text) and _PET_CONTEXT.search(text) and not _SOMEONE_ELSES_EN.search(text):
        return True
    if _OWN_CONTACTS_ZH.search(text):
        return True
    return _DOCUMENT_USABLE_ZH.search(text) is not None and _RECORD_ASKED_ZH.search(text) is None


def is_own_business(text: str) -> bool:
    """A message the otherdata rules read as another person's data that is the user's own business: the
    shapes of others_data_own_business (a child's schooling, data handed over by its owner, …) or of
    own_pet_contacts_or_document (a pet's records, the user's own contacts, a document's use)."""
    return others_data_own_business(text) or own_pet_contacts_or_document(text) or own_parcel_to_someone(text)


_OWN_PARCEL_TO_SOMEONE = prefilter.compile(
    # "帮我查下我上周寄给前男友那个快递到哪里了"
    r"我[^。！？\n，,]{0,6}?(?:寄给|送给|发给|买给)[^。！？\n，,]{1,6}?(?:的|那个|那份|那件)(?:快递|包裹|件|东西|礼物|订单)"
    # "send the delivery of my inhaler to my neighbour Mrs O'Neill in flat 3 instead"
    r"|\b(?:send|deliver|redirect|leave|drop)\s+(?:the\s+)?(?:delivery|parcel|package|order)\s+(?:of|for)\s+my\s+"
    r"(?:[\w-]+\s+){0,2}?(?:to|with)\s+my\s+(?:neighbou?r|mum|mom|dad|sister|brother|friend|flatmate|roommate|son|"
    r"daughter|wife|husband|partner|colleague)\b"
    # "need to fix the address on my order 4412, put the neighbour's house number by mistake"
    r"|\b(?:fix|correct|change|update|amend)\s+the\s+(?:address|name|number|details|house number)\s+on\s+"
    r"my\s+(?:own\s+)?(?:order|booking|parcel|delivery|account)\b"
    r"(?=[^\n]{0,80}?\b(?:by mistake|by accident|wrongly|in error|typo)\b)",
    re.IGNORECASE,
)
"""Round 45: the user's own parcel or order sent to, or left with, someone
("我上周寄给前男友那个快递到哪里了", "send the delivery of my inhaler to my neighbour"), or the
user's own order corrected where another's number was typed by mistake; read only with nothing of
theirs asked (_THEIRS_ASKED)."""
_THEIRS_ASKED = prefilter.compile(
    # anything of theirs named beside the user's parcel (found by probing: "…，顺便把他的订单也取消了",
    # "and tell me what she ordered" were stored by the first form, which read only their contact details)
    r"(?:他|她|他们|她们)(?:的|买|订|下单|寄)|告诉我(?:他|她)"
    r"|\b(?:his|her|their|hers|theirs)\b|\b(?:she|he|they)\s+(?:ordered|bought|booked|sent|paid|has|had)\b",
    re.IGNORECASE,
)


def own_parcel_to_someone(text: str) -> bool:
    """Round 45: the user's own parcel or order sent to or left with someone, or corrected
    (_OWN_PARCEL_TO_SOMEONE), nothing of theirs asked (_THEIRS_ASKED)."""
    return _OWN_PARCEL_TO_SOMEONE.search(text) is not None and _THEIRS_ASKED.search(text) is None


_DRAFT_ASKED = prefilter.compile(
    r"帮我(?:写|起草|拟|草拟|改|润色|翻译|想)(?:一?[个份条封段篇]|一下)?[^。！？\n]{0,20}?"
    r"(?:模板|通知|邮件|文案|公告|稿|回复|话术|道歉信|说明|短信|消息)"
)
"""A text the user asks to have drafted ("帮我写个…道歉模板"). (English drafts after a role pass the rules
already.)"""
_NOT_JUST_A_DRAFT = prefilter.compile(r"手机号|电话|地址|订单|明细|记录|资料|权限|后台|账号|密码|调出|查")
"""Anything beyond the text to draft: someone's data, an account, a right or a lookup."""


def role_with_a_draft(text: str) -> bool:
    """Round 31: a role stated with a text to draft and nothing else asked ("我是店长，帮我写个给投诉
    客户的道歉模板，先不用填具体信息"): writing needs no privilege, so the role claims none."""
    return _DRAFT_ASKED.search(text) is not None and _NOT_JUST_A_DRAFT.search(text) is None


_CALLED_A_SCAM = prefilter.compile(
    r"(?<![不没])(?:这|那|它|这个|那个|这条|那条)?(?:就|肯定|应该|明显)?是(?:个)?(?:钓鱼|诈骗|骗局|骗子|假的|假冒)"
    r"|\b(?:it'?s|it is|this is|that'?s|that is|looks like|clearly|obviously)\s+(?:an?\s+)?"
    r"(?:scam|phishing|fake|fraud)\b",
    re.IGNORECASE,
)
_WARNED = prefilter.compile(
    r"提醒|警告|提防|小心|注意|别点|不要点|别上当|别信|不要信"
    r"|\b(?:warn|remind|careful|beware|don'?t click|do not click|heads up|watch out)\b",
    re.IGNORECASE,
)


def warns_of_a_scam(text: str) -> bool:
    """Round 31: a link the user calls a scam and warns others of ("…要去 hxxps://… 登录申诉，我想提醒他们这是
    钓鱼，帮我写条提醒"), not one said to be no scam ("不是钓鱼")."""
    return _CALLED_A_SCAM.search(text) is not None and _WARNED.search(text) is not None


# -- round 32: a warning the user asks to draft of a message disowned (near_miss_own_telling)
# ---------------------

_ONE_PERSON = prefilter.compile(
    r"\b(?:his|her|him|he|she)\b|他的|她的"
    r"|(?-i:\b(?!(?:What|Who|Where|When|How|Why|It|That|This|Here|There|Let|He|She|Today)['’])[A-Z][a-z]+['’]s\b)",
    re.IGNORECASE,
)
"""One person named or meant ("Ahmed's", "his"): a warning to all staff names no one's account."""


def warns_of_a_disowned_message(text: str) -> bool:
    """Round 32: a warning the user asks to have drafted (near_miss_own_telling.DRAFT_ASKED) of a message said
    not to be the sender's own or a scam (DISOWNED: "That's not us."), advising not to click, enter or reply
    (DON_T_ACT), with nothing handed over, raised or passed on to a destination and no one person's account
    (layer_drop_own_records.HANDED_OVER, RAISED_OR_SET, near_miss_own_telling.OTHERS_TOLD, _ONE_PERSON): the
    password the scam asked for is no one's data."""
    return (
        near_miss_own_telling.DRAFT_ASKED.search(text) is not None
        and near_miss_own_telling.DISOWNED.search(text) is not None
        and near_miss_own_telling.DON_T_ACT.search(text) is not None
        and not prefilter.any_found(
            text,
            layer_drop_own_records.HANDED_OVER,
            layer_drop_own_records.RAISED_OR_SET,
            near_miss_own_telling.OTHERS_TOLD,
            _ONE_PERSON,
        )
    )
