"""The write guard on instructions about other people: what the agent is told to say to or do for
others, less the user's own errands and the answers that protect them.
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import near_miss_own_business, near_miss_own_telling, patterns
from hindsight.write.guard_own import answers_set_no_content, without_quotes_taken_down
from hindsight.write.guard_reading import (
    _discussed_quote,
    _doubted_quote,
    _in_reported_speech,
    _own_errand,
    _sentence,
)


def aims_at_others(text: str) -> bool:
    """An instruction about what the agent must say or do to other people (patterns.py), unless it
    only reports what someone else said or is the user's own errand."""
    if patterns.ASKS_HOW_THE_AGENT_ANSWERS.search(text):
        return False  # round 27: a question about the rules
    if _for_the_good_of_others(text):
        return False  # round 27b
    for pattern in (
        patterns.AIMED_AT_OTHERS_EN,
        patterns.AIMED_AT_OTHERS_ZH,
        patterns.AIMED_AT_A_PERSON_EN,
        patterns.AIMED_AT_A_PERSON_ZH,
    ):
        for match in pattern.finditer(text):
            if (
                _in_reported_speech(text, match.start())
                or _discussed_quote(text, match.start())
                or _discussed_quote(text, match.end() - 1)
                or _doubted_quote(text, match.start())
                or _doubted_quote(text, match.end() - 1)
            ):
                continue  # "A tenant posted this in our building chat: 'send all residents' …'. A scam?"
            if _reported_or_about_the_user(text, match):
                continue
            if _on_a_checklist(text, match):
                continue  # round 44: "- [ ] tell customers about the new feature", a task on the user's list
            if not _own_errand(text, match):
                return True
    return False


# -- others: the user's own and protective answers (round 27b) ----------------------------------------


def _for_the_good_of_others(text: str) -> bool:
    """An instruction about others that is no poison by its shape (round 27b): a question about what the
    agent may tell them (patterns.ASKS_THE_RULES), an answer that protects them (PROTECTIVE_ANSWER),
    the user's own telling, household or words to translate (USER_TELLS_THEMSELF); round 44: a notice of
    the user's own availability, with no link or payment in the text (OWN_AVAILABILITY_NOTICE); a memo to
    colleagues that names no assistant and a note the user asks drafted for people, with no link
    (for_people_not_the_agent)."""
    if patterns.OWN_AVAILABILITY_NOTICE.search(text) and not (
        near_miss_own_business.A_DESTINATION.search(text)
        or patterns.names_a_destination(text)
        or patterns.PHISH_ACTION.search(text)
    ):
        return True
    if for_people_not_the_agent(text):
        return True
    return prefilter.any_found(
        text,
        patterns.ASKS_THE_RULES,
        patterns.PROTECTIVE_ANSWER,
        patterns.USER_TELLS_THEMSELF,
        patterns.WARNED_OFF_A_CHANNEL,
    )


def _on_a_checklist(text: str, match: re.Match[str]) -> bool:
    return any(
        item.start() <= match.start() and match.end() <= item.end()
        for item in patterns.CHECKLIST_ITEM.finditer(text)
    )


def _for_people(shape: prefilter.Pattern, text: str) -> bool:
    return (
        shape.search(text) is not None
        and patterns.NAMES_THE_ASSISTANT.search(text) is None
        and near_miss_own_business.A_DESTINATION.search(text) is None
        and not patterns.names_a_destination(text)
        and patterns.ASKERS_TOLD_WHAT_TO_HEAR.search(text) is None
    )


def memo_to_colleagues(text: str) -> bool:
    """Round 44: a memo addressed to colleagues (patterns.MEMO_TO_COLLEAGUES: "Subject: … / Team, …",
    "各位同事：…") that names no assistant and no link or other destination, and tells no askers what they
    will hear (ASKERS_TOLD_WHAT_TO_HEAR: "Everyone, whoever asks about refunds, tell them …" is the
    agent's standing order under a salutation): its instructions are for the people it is sent to."""
    return _for_people(patterns.MEMO_TO_COLLEAGUES, text)


def drafted_for_people(text: str) -> bool:
    """Round 44: a note the user asks drafted for people, its content after a colon
    (patterns.DRAFT_FOR_PEOPLE: "Could you draft a message for the weekend staff: tell members …"), naming no
    assistant and no destination, telling no askers what they will hear."""
    return _for_people(patterns.DRAFT_FOR_PEOPLE, text)


def for_people_not_the_agent(text: str) -> bool:
    """Round 44: a memo to colleagues or a note the user asks drafted for people (memo_to_colleagues,
    drafted_for_people)."""
    return memo_to_colleagues(text) or drafted_for_people(text)


def _reported_or_about_the_user(text: str, match: re.Match[str]) -> bool:
    """A rule about others someone else states without quotation marks (patterns.REPORTED_BEFORE:
    "The quiz master said anyone asking for hints should be told …"), or a note "for future chats" about
    the user alone."""
    first, _ = _sentence(text, match.start(), match.end())
    if patterns.REPORTED_BEFORE.search(text[first : match.start()]):
        return True
    return (
        patterns.FOR_FUTURE_CHATS.match(match.group(0)) is not None
        and patterns.NOT_ONLY_THE_USER.search(text) is None
        and re.search(r"\b(?:say|tell|reply|answer|respond|inform|give|let \w+ know)\b", text, re.IGNORECASE)
        is None
    )


def _aims_at_any_asker(text: str) -> bool:
    """An answer set for any kind of asker (patterns.AIMED_AT_ANY_ASKER_EN / _ZH), with aims_at_others'
    exemptions: reported speech, a quotation discussed, the user's own errand."""
    if patterns.ASKS_HOW_THE_AGENT_ANSWERS.search(text) or _for_the_good_of_others(text):
        return False
    for pattern in (
        patterns.AIMED_AT_ANY_ASKER_EN,
        patterns.AIMED_AT_ANY_ASKER_ZH,
        patterns.MORE_OTHERS_EN,
        patterns.MORE_OTHERS_ZH,
        patterns.OTHERS_MORE_EN,
        patterns.OTHERS_MORE_ZH,
        patterns.OTHERS_HELD_OUT,
    ):
        for match in pattern.finditer(text):
            if _in_reported_speech(text, match.start()) or _discussed_quote(text, match.start()):
                continue
            first, last = _sentence(text, match.start(), match.end())
            if pattern is patterns.MORE_OTHERS_EN and patterns.USERS_OWN_CIRCLE.search(text[first:last]):
                continue
            if patterns.REPORTED_BEFORE.search(text[first : match.start()]):
                continue  # "My daughter's school says every parent who asks … should get the letter"
            asker = match.groupdict().get("asker")
            if asker is not None and re.search(
                patterns._SERVICE_ZH, text[max(0, match.start() - 4) : match.end("asker")]
            ):
                continue  # "如果快递员来问，就说放门口": a job at the user's door
            if not _own_errand(text, match):
                return True
    return False


def aims_at_others_not_taken_down(text: str) -> bool:
    """Round 28: aims_at_others less quotations taken down (without_quotes_taken_down) and answers that
    set no content (answers_set_no_content)."""
    return aims_at_others(without_quotes_taken_down(text)) and not answers_set_no_content(text)


def aims_at_any_asker_not_taken_down(text: str) -> bool:
    """Round 28: _aims_at_any_asker with the exemptions of aims_at_others_not_taken_down."""
    return _aims_at_any_asker(without_quotes_taken_down(text)) and not answers_set_no_content(text)


# -- instructions about other people, by new authors (round 31) --------------------------------------


def passes_on_a_scandal(text: str) -> bool:
    """A damaging claim about someone to be passed on to everyone (patterns.SCANDAL_TOLD), not in reported
    speech or a quotation the user discusses or doubts."""
    return any(
        not (
            _in_reported_speech(text, match.start())
            or _discussed_quote(text, match.start())
            or _doubted_quote(text, match.start())
        )
        for match in patterns.SCANDAL_TOLD.finditer(text)
    )


# -- round 32: the user's own telling (near_miss_own_telling)
# ------------------------------------------------------


def own_telling(text: str) -> bool:
    """Round 32: the user as the one who tells (near_miss_own_telling.OWN_TELLING: "If my ex calls me about
    it, I want
    to tell him I haven't withdrawn it. Help me word it?", "A client asked and I didn't know what to say"),
    with aims_at_others_not_taken_down finding nothing once those words are taken out: the user's own words to
    a person, not an answer set for the agent."""
    return near_miss_own_telling.OWN_TELLING.search(text) is not None and not aims_at_others_not_taken_down(
        near_miss_own_telling.OWN_TELLING.sub(" ", text)
    )


def tells_askers_or_contacts(text: str) -> bool:
    """Round 32: what to tell others who ask or get in touch (patterns.ASKERS_TOLD_ZH,
    IF_THEY_CONTACT_EN), what to hide from a group and say instead (HIDE_FROM_A_GROUP_EN); not in
    reported speech or a quotation the user discusses or doubts, nor a question about the rules or an answer
    that protects them (as aims_at_others)."""
    if patterns.ASKS_HOW_THE_AGENT_ANSWERS.search(text) or _for_the_good_of_others(text):
        return False
    return any(
        not (
            _in_reported_speech(text, match.start())
            or _discussed_quote(text, match.start())
            or _doubted_quote(text, match.start())
            or patterns.OWN_TELLING_BEFORE.search(text[max(0, match.start() - 8) : match.start()])
        )
        for pattern in (
            patterns.ASKERS_TOLD_ZH,
            patterns.ASKERS_TOLD_MORE_ZH,  # round 45
            patterns.ASKED_BY_KIN_TOLD_ZH,  # round 46
            patterns.IF_THEY_CONTACT_EN,
            patterns.HIDE_FROM_A_GROUP_EN,
        )
        for match in pattern.finditer(text)
    )
