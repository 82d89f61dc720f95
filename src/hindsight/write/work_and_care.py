"""Slots of a user's work and care: their employer, job title and manager, and the people and
places that look after them (dentist, GP, therapist, physio, vet, hairdresser, optician), in
English and Chinese.

Why: these change, and the change is said in its own words - "I work at Acme Corp." then "Started
at Brightline Freight on Monday!!"; "My manager is Priya." then "I report to Tom Ellery these
days"; "我是产品助理。" then "转正啦！title变成产品经理了"; "My GP is Dr. Harriet Moss." then "Dr Moss
retired, I've been assigned to Dr. Samir Haddad". Each finder reads the frame that states the value
or the switch to a new one; slots.py makes them slots and conflicts.py closes the old value. A
switch that names no kind ("assigned to Dr. Haddad") takes the kind of the user's latest open care
slot, as any slot said without its subject does (conflicts.inherit_subject).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hindsight import prefilter, relations

Found = tuple[str, str, str, int]


def _each(*patterns: str, flags: int = re.IGNORECASE) -> tuple[prefilter.Pattern, ...]:
    """One compiled pattern per frame (each names its value `val`), tried in order."""
    return tuple(prefilter.compile(pattern, flags) for pattern in patterns)


_ORG = r"(?P<val>(?:[A-Z][\w&'.-]*|of|and|&)(?: (?:[A-Z][\w&'.-]*|of|and|&))*)"
_NAME = r"(?P<val>(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof)\.? )?[A-Z][a-z'-]+(?: [A-Z][a-z'-]+){0,2})"
_ZH_ORG = r"(?P<val>[\u4e00-\u9fffA-Za-z0-9&]{2,16}?)"
_ZH_PERSON = r"(?P<val>[\u4e00-\u9fff]{1,4}?)"
_ZH_TITLE = (
    r"(?P<val>[\u4e00-\u9fff]{0,6}"
    r"(?:工程师|经理|助理|设计师|专员|主管|总监|会计|分析师|研究员|老师|护士|医生|编辑|律师))"
)

_EMPLOYER = _each(
    rf"(?i:\b(?:i|we)(?:'m| am)? (?:work(?:ing)?|employed) (?:at|for)) {_ORG}",
    rf"(?i:\bmy (?:employer|company) is) {_ORG}",
    rf"(?i:\b(?:started|starting|start) (?:a new job |my new job |work |a job )?(?:at|with)) {_ORG}",
    rf"(?i:\bjoin(?:ed|ing)) {_ORG}(?i: as (?:an? |the )?[a-z]+)",
    rf"(?i:\b(?:my )?new job (?:is )?(?:at|with)) {_ORG}",
    rf"(?i:\b(?:accepted|took|got) (?:an? |the )?(?:job|offer|position|role) (?:at|with|from)) {_ORG}",
    rf"(?i:\b(?:moved|moving|switched) jobs? to) {_ORG}",
    rf"我(?:现在|目前|一直)?在{_ZH_ORG}(?:上班|工作|实习|打工)",
    rf"跳槽(?:到|去)(?:了)?{_ZH_ORG}(?=[，,。！!了]|$|上班|工作)",
    rf"入职(?:了)?{_ZH_ORG}(?=[，,。！!了]|$)",
    rf"去{_ZH_ORG}报到",
    flags=0,
)
_NOT_AN_EMPLOYER = prefilter.compile(
    r"^(?:the|a|an|my|our|home|night|nights|weekends|I)\b|^(?:家|家里|外面|这边|那边|公司|单位|学校|医院|本地|附近|网上)$",
    re.IGNORECASE,
)

_TITLE_WORDS = (
    r"analyst|engineer|developer|designer|manager|nurse|teacher|accountant|consultant|lawyer|solicitor|"
    r"architect|scientist|researcher|editor|writer|producer|director|officer|associate|assistant|intern|"
    r"specialist|administrator|coordinator|technician|pharmacist|physiotherapist|paramedic|lecturer|"
    r"professor|chef|supervisor|executive|partner|clerk|cashier|receptionist"
)
_TITLE = (
    r"(?P<val>(?:(?:junior|senior|lead|head|chief|principal|staff|associate|assistant|deputy|trainee) )?"
    rf"(?:[a-z]+ )?(?:{_TITLE_WORDS}))\b"
)
_TITLES = _each(
    rf"\bi(?:'m| am) (?:now )?(?:an? |the )?{_TITLE}",
    rf"\bpromoted(?: to)?(?: an?)?(?: —|,|!|:)? ?{_TITLE}",
    rf"\b(?:my )?(?:new )?(?:job )?title(?: is| changed to|:| now)? {_TITLE}",
    rf"\b{_TITLE} (?:now|as of)\b",
    rf"我(?:现在)?是(?:一名|一个)?{_ZH_TITLE}",
    rf"(?:升职|升为|升到|title变成|职位变成|岗位是|转正)(?:了)?[^，,。]{{0,6}}?{_ZH_TITLE}",
)

_MANAGERS = _each(
    rf"(?i:\bmy (?:manager|boss|line manager|team lead|supervisor) is) {_NAME}",
    rf"(?i:\b(?:i )?(?:now )?report(?:ing)? (?:in )?to) {_NAME}",
    rf"(?i:\bnew (?:manager|boss)(?: is|:)?) {_NAME}",
    rf"我(?:的)?(?:领导|上司|老板|经理|主管|直属领导)是{_ZH_PERSON}(?=[，,。！!了]|$)",
    rf"汇报给{_ZH_PERSON}(?=[，,。！!了]|$)",
    rf"(?:新|现在的)(?:领导|老板|上司)是{_ZH_PERSON}(?=[，,。！!了]|$)",
    flags=0,
)

_CARE_KINDS = {
    "dentist": r"dentist|dental|看牙|牙医|洗牙",
    "doctor": r"gp|family doctor|doctor|家庭医生|医生",
    "therapist": r"therapist|counsell?or|心理医生|心理咨询|咨询师",
    "physio": r"physio\w*|理疗|康复",
    "vet": r"vet|veterinar\w*|兽医|宠物医院",
    "hairdresser": r"hairdresser|barber|stylist|hair|剪头|理发|发型师|剪发",
    "optician": r"optician|optometrist|验光|配眼镜",
}
_CARE_KIND = prefilter.compile("|".join(f"(?P<{k}>{v})" for k, v in _CARE_KINDS.items()), re.IGNORECASE)
_CARE = _each(
    r"\b(?i:my (?:dentist|gp|family doctor|doctor|therapist|counsell?or|physio\w*|vet|hairdresser|barber|"
    rf"stylist|optician))(?:'s| is) (?:(?:at|with) )?{_NAME}",
    r"\b(?i:registered with|assigned(?: to)?|book me (?:in )?with|switched to|moved to) " + _NAME,
    r"\b(?i:(?:i|we)(?:'m| am|'re| are)? (?:now )?(?:see|seeing)) " + _NAME,
    rf"(?:找|挂|看)(?:的是)?{_ZH_PERSON}(?:医生|主任|大夫|老师)",
    rf"现在(?:找|挂|跟着){_ZH_PERSON}(?:医生|主任|大夫|老师)",
    flags=0,
)


_ZH_SAID_OF_NOBODY = prefilter.compile(
    r"(?:跳槽|辞职|离职|入职|转正|升职|从老单位出来)(?:了|啦)?|[，,。！!、：:\s]|(?:下|上|这|本)?个?(?:周|礼拜|星期)[一二三四五六日天末]?|"
    r"今天|明天|昨天|刚刚?|已经|终于|对了|跟你说|跟你讲|btw|fyi|哈+|啊|呀|了|(?:下|上|这)个?月|月底|月初|年后|总算|也",
    re.IGNORECASE,
)


_ZH_MY_PERSON = prefilter.compile(
    rf"我(?:的|们)?[\u4e00-\u9fff]{{0,3}}?(?:{relations.alternation(relations.HOUSEHOLD_CHINESE)}|同学|发小|闺蜜|"
    r"堂[\u4e00-\u9fff]|表[\u4e00-\u9fff]|舅|姨|姑|叔|婶|对象)"
)


def _someone_else_zh(before: str) -> bool:
    """Whether the Chinese words before a frame without 我 name its subject: someone else ("周嘉琪
    上周去协和医院报到了"), unless they are only time words and the user's other news ("跳槽了，下周一")."""
    if _ZH_MY_PERSON.search(before):
        return True  # "我高中同学…入职协和医院", "我堂妹…": someone of the user's
    return "我" not in before and bool(re.search(r"[\u4e00-\u9fff]", _ZH_SAID_OF_NOBODY.sub("", before)))


def employer(sentence: str) -> Iterator[Found]:
    for pattern in _EMPLOYER:
        for match in pattern.finditer(sentence):
            value = match.group("val").strip(" .,'")
            value = value.rsplit("的", 1)[-1]  # "新加坡的Grab": the company, not where it is
            if len(value) < 2 or _NOT_AN_EMPLOYER.match(value):
                continue
            if not match.group(0).startswith("我") and _someone_else_zh(sentence[: match.start()]):
                continue
            yield "employer", "", value, match.start()
            return


def job_title(sentence: str) -> Iterator[Found]:
    for pattern in _TITLES:
        match = pattern.search(sentence)
        if match is None or re.match(r"(?:no|not)\b", match.group("val"), re.IGNORECASE):
            continue  # "I'm no writer"
        if not match.group(0).startswith("我") and _someone_else_zh(sentence[: match.start()]):
            continue
        yield "job_title", "", match.group("val").strip().lower(), match.start()
        return


def manager(sentence: str) -> Iterator[Found]:
    for pattern in _MANAGERS:
        match = pattern.search(sentence)
        if match:
            yield "manager", "", match.group("val").strip(), match.start()
            return


def care(sentence: str) -> Iterator[Found]:
    """("care", kind, who, position): the kind from the words around ("my dentist", "看牙"); none
    named - a switch said alone ("registered with Dr Lewis") - leaves the subject empty."""
    for pattern in _CARE:
        match = pattern.search(sentence)
        if match is None:
            continue
        kind = _CARE_KIND.search(sentence)
        subject = next((name for name, value in kind.groupdict().items() if value), "") if kind else ""
        who = match.group("val").strip(" .,").rsplit("的", 1)[-1]  # "瑞尔的王": the person
        if not subject and not re.match(r"(?:Dr|Prof)\b", who):
            continue  # "now seeing Tom": anyone; only a doctor's title says it is care
        yield "care", subject, who, match.start()
        return


GATES = {
    employer: r"work|employ|compan|start|join|job|offer|position|role|上班|工作|实习|打工|跳槽|入职|报到",
    job_title: rf"{_TITLE_WORDS}|title|"
    r"工程师|经理|助理|设计师|专员|主管|总监|会计|分析师|研究员|老师|护士|医生|编辑|律师",
    manager: r"manager|boss|lead|supervisor|report|领导|上司|老板|经理|主管|汇报",
    care: r"\b(?:dr|prof)\b|dentist|dental|gp|doctor|therapist|counsel|physio|vet|hair|barber|stylist|"
    r"optic|optom|"
    r"医生|主任|大夫|老师|看牙|牙医|洗牙|心理|理疗|康复|兽医|宠物医院|剪头|理发|发型|验光|眼镜",
}
"""Words each finder's frames cannot do without: a sentence with none of them is not read further
(slots.py gates every finder so; most sentences hold no slot)."""
