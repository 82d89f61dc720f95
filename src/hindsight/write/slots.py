"""Slots: the values a user states for something that has one current value — a budget, an address,
a phone number, a carrier, a seat, a size — found in one sentence, in Chinese or English, however
the slot is named ("trip budget", "the budget for the Lisbon trip", "旅行预算", "这次旅行的预算").

A slot is an attribute (one canonical name whatever the words: "spending limit" and "预算" are
`budget`, "courier" and "快递" are `carrier`) and a subject (what it is the attribute of: "trip",
"laptop", a person other than the user — "my wife's number" is the wife's, not the user's). The
subject is normalised (articles, demonstratives and possessives dropped, lower case) but kept as
said otherwise; conflicts.py decides which subjects name the same thing ("lisbon trip" and
"trip"). Each finder is a small function over one sentence; `find` runs them all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from hindsight import prefilter, relations
from hindsight.text import has_cjk, segment_cjk
from hindsight.write import providers, work_and_care

Found = tuple[str, str, str, int]
"""(attribute, subject, value, position of the match in the sentence)."""


@dataclass(frozen=True, slots=True)
class Attribute:
    name: str
    exact_subject: bool = False
    """Subjects must be equal to be one slot ("likes red" is not "hates red clothes")."""


ATTRIBUTES = {
    name: Attribute(name, exact)
    for name, exact in [
        ("budget", False), ("address", False), ("phone", False), ("email", False), ("carrier", False),
        ("name", False), ("seat", False), ("diet", False), ("spicy", False), ("size", False),
        ("delivery_time", False), ("payment", False), ("language", False), ("appointment", False),
        ("hotel", False), ("party_size", False), ("pickup", False), ("refund_to", False),
        ("taste", True), ("allergy", True), ("provider", True),
        ("employer", False), ("job_title", False), ("manager", False), ("care", True),
    ]
}  # fmt: skip

_SYNONYMS = {
    "budget": "budget spending limit|spending cap|max spend|price limit|预算|花费上限|开销",
    "address": "address shipping address|delivery address|home address|postal address|收货地址|地址|住址|送货地址",
    "phone": "phone phone number|mobile|mobile number|cell|telephone|contact number|手机|手机号|电话|联系电话|号码",
    "email": "email e-mail|email address|邮箱|电子邮件",
    "carrier": "carrier courier|shipping carrier|shipping company|delivery company|快递|快递公司|物流",
    "name": "name preferred name|nickname|名字|称呼|姓名",
    "seat": "seat seat preference|座位",
    "diet": "diet dietary preference|饮食",
    "size": "size clothing size|shoe size|尺码|鞋码",
    "delivery_time": "delivery_time delivery time|delivery window|送货时间|配送时间",
    "payment": "payment payment method|付款方式|支付方式",
    "language": "language reply language|语言",
}
_CANONICAL = {
    alias.strip().lower(): name
    for name, aliases in _SYNONYMS.items()
    for alias in aliases.replace(" ", "|", 1).split("|")
}


def canonical_attribute(name: str) -> str:
    """One name for an attribute however it is written ("shipping address", "收货地址" -> address);
    for an LLM's attribute names, so that its slots meet the rules' ones."""
    key = re.sub(r"[\s_-]+", " ", name.strip().lower())
    return _CANONICAL.get(key, _CANONICAL.get(key.replace(" ", "_"), key.replace(" ", "_")))


# -- subjects ---------------------------------------------------------------------------------------

_RELATIONS_EN = relations.alternation(relations.ENGLISH)
_RELATIONS_ZH = relations.alternation(relations.CHINESE)
_OWNER_EN = prefilter.compile(rf"\bmy ({_RELATIONS_EN})(?:'s)?\b|\b({_RELATIONS_EN})'s\b", re.IGNORECASE)
_OWNER_EN_SUBJECT = prefilter.compile(rf"^\s*(?:and\s+)?my ({_RELATIONS_EN})\b", re.IGNORECASE)
_OWNER_ZH = prefilter.compile(rf"我(?:的|们家)?({_RELATIONS_ZH})(?!们)")
_HOUSEHOLD_EN = relations.alternation(relations.HOUSEHOLD_ENGLISH)
_HOUSEHOLD_ZH = relations.alternation(relations.HOUSEHOLD_CHINESE)

_EN_DROP = prefilter.compile(
    r"^(?:(?:the|a|an|my|our|your|this|that|these|those|new|next|upcoming|whole|entire|total|overall|max|maximum|"
    r"weekly|monthly|yearly|annual|daily|current)\s+)+",
    re.IGNORECASE,
)
_ZH_DROP = prefilter.compile(
    r"^(?:我们|我的|我|这次|那次|本次|下次|这个|那个|这趟|那趟|给|把|将|新|整个|总|以后|今后|现在|目前|每个月|每月|每周|每天|每年|这个月|下个月|今年)+|的$"
)
_ZH_FUNCTION = prefilter.compile(r"^[把将给让跟和与在对从为的了着过也都就还又再只最太很更]$")


_NOT_SUBJECTS = frozenset(
    {"i", "me", "it", "we", "you", "us", "them", "they", "one", "mine", "my", "our", "your", "week", "weekend",
     "month", "year", "day", "night", "time", "now", "today", "tonight", "morning", "evening", "everything", "all"}
)  # fmt: skip
"""Pronouns and durations ("for the week") name no subject."""


def normalize_subject(raw: str | None) -> str:
    """ "the Lisbon trip" -> "lisbon trip", "这次旅行" -> "旅行", "my" -> ""."""
    subject = re.sub(r"\s+", " ", (raw or "").strip(" ,，。.的")).lower()
    previous = None
    while subject != previous:
        previous = subject
        subject = _EN_DROP.sub("", subject)
        subject = _ZH_DROP.sub("", subject).strip()
    if subject in _NOT_SUBJECTS or _ZH_FUNCTION.match(subject):
        return ""
    return subject


def subject_words(subject: str) -> frozenset[str]:
    """The words of a subject, Chinese segmented: what conflicts.py compares."""
    words: list[str] = []
    for part in re.findall(r"[a-z0-9]+|[\u4e00-\u9fff]+", subject.lower()):
        words += segment_cjk(part) if has_cjk(part) else [part]
    return frozenset(w for w in words if w not in {"的", "s"})


_THEIR_ZH = prefilter.compile(r"^\s*(?:她|他|TA)")
_THEIR_EN = prefilter.compile(r"^\s*(?:(?:and|so|but)\s+)?(?:her|his|their|she|he|they)\b", re.IGNORECASE)


def _still_theirs(after: str, clause_end: str, pronoun: prefilter.Pattern) -> bool:
    """Whether the value after a relative is still theirs: nothing ends the clause in between, or the
    clause that holds the value opens on a pronoun for them ("我老婆换号了，她新号码是…", "my wife got a
    new phone, her number is …")."""
    clauses = re.split(clause_end, after)
    return len(clauses) == 1 or pronoun.search(clauses[-1]) is not None


def owner_of(sentence: str, position: int) -> str:
    """Whose slot a statement sets: the relative named before it in the sentence ("my wife's
    number", "我妈喜欢用京东"), or "" for the user."""
    before = sentence[max(0, position - 40) : position]
    if has_cjk(before):
        found = list(_OWNER_ZH.finditer(before))
        if found and _still_theirs(before[found[-1].end() :], r"[，,。；;]", _THEIR_ZH):
            return found[-1].group(1)
    found_en = list(_OWNER_EN.finditer(before))
    if found_en and _still_theirs(before[found_en[-1].end() :], r"[,;.]", _THEIR_EN):
        return next(group for group in found_en[-1].groups() if group).lower()
    subject = _OWNER_EN_SUBJECT.match(before)
    if subject is None or re.search(r"\b(?:my|I)\b", re.split(r"[,;.]", before[subject.end() :])[-1]):
        return ""  # "My wife got a new phone, so my number is …": the clause with the value is the user's
    return subject.group(1).lower()


# -- values -----------------------------------------------------------------------------------------

_ZH_NUM = r"\d[\d,.]*\s*(?:万|千|k|K)?|[一二两三四五六七八九十百千万]+(?:点[一二三四五六七八九])?万?"
_MONEY_EN = (
    r"[$€£¥]?\s?\d[\d,]*(?:\.\d+)?(?:\s?[kK]\b)?(?:\s?(?:dollars|bucks|euros?|pounds|usd|eur|gbp|rmb|yuan))?"
)
_ZH_DIGITS = {
    "零": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
}


def _zh_amount(text: str) -> float | None:
    total, current = 0.0, 0.0
    for char in text:
        if char in _ZH_DIGITS:
            current = _ZH_DIGITS[char]
        elif char in "十百千":
            total += (current or 1) * {"十": 10, "百": 100, "千": 1000}[char]
            current = 0
        elif char == "万":
            return (total + current) * 10000
        else:
            return None
    return total + current


def normalize_value(attribute: str, value: str) -> str:
    """One form for comparing two statements of a value: "$2,600" and "2600", "两万" and "20000",
    "DHL" and "dhl", "+44 7700 900123" and "447700900123"."""
    text = value.strip().lower()
    if attribute == "budget":
        number = re.sub(r"[^0-9.万千k]", "", text.replace(",", ""))
        scale = 10000 if "万" in number else 1000 if number.endswith(("k", "千")) else 1
        digits = re.sub(r"[^0-9.]", "", number)
        if digits:
            return f"{float(digits) * scale:g}"
        amount = _zh_amount(re.sub(r"[^零一二两三四五六七八九十百千万]", "", text))
        return f"{amount:g}" if amount else text
    if attribute == "phone":
        return re.sub(r"\D", "", text)
    return re.sub(r"[\s'\"“”‘’.,，。]", "", text)


# -- the finders ------------------------------------------------------------------------------------

_BUDGET_WORD_EN = r"budget|spending limit|spending cap|limit|max(?:imum)?"
_BUDGET_EN = prefilter.compile(
    # "my budget for the Lisbon trip is 5000", "the trip budget to 8000", "Budget for the new sofa: $2000"
    r"\bcap (?:the |my |our )?(?P<subj6>[a-z]+(?: [a-z]+)?) at (?P<val6>" + _MONEY_EN + r")"
    r"|(?<!['’])\b(?:(?P<pre>[a-z]+(?: [a-z]+)?) )?(?:budget|spending limit|spending cap|limit|cap)\b"
    r"(?: (?:for|on) (?P<subj>(?:the |my |a |our |this |that )?[a-z]+(?: (?!is\b|was\b|to\b|of\b|at\b|now\b|will\b|should\b|"
    r"went\b|changed\b|=)[a-z]+){0,2}))?"
    r"[^0-9$€£¥\n]{0,30}?(?P<val>" + _MONEY_EN + r")"
    # "I can spend up to 700 on a new phone", "I'll go up to 900 for the phone", "we've got 80 bucks for X"
    r"|\b(?:spend|go up to|go to|allow|stretch [a-z ]{0,20}? to|budget|budgeting|set aside|put aside|keep it under|keep it below|under|"
    r"can do|can afford|afford|cost(?:s|ing)?(?: more| less)?,?(?: let's say| say)?|let's say|thinking|need|be up to|up to|"
    r"cap (?:the |my )?[a-z]+(?: [a-z]+)? at)\b[^0-9$€£¥.\n]{0,20}?(?P<val2>" + _MONEY_EN + r")"
    r"(?: (?:max|tops|at most|maximum))?(?:\s+(?:on|for) (?P<subj2>(?:the |my |a |an |our |this |that )?[a-z]+(?:'s)?(?: [a-z]+){0,2}))?"
    r"|\b(?:got|have|go)\b[^0-9$€£¥.\n]{0,12}?(?P<val5>[$€£¥]\s?\d[\d,]*|\d[\d,]*\s?(?:bucks|dollars|euros?|pounds))"
    r"\s+(?:on|for) (?P<subj5>(?:the |my |a |an |our |this |that )?[a-z]+(?:'s)?(?: [a-z]+){0,2})"
    # "spend 300 max" / "my max for the bike is 500" / "no more than 30 on the secret santa gift"
    r"|\b(?:my max|max|no more than|more than|at most)\b(?: (?:for|on) (?P<subj3>(?:the |my |a )?[a-z]+(?: [a-z]+){0,2}))?"
    r"[^0-9$€£¥\n]{0,12}?(?P<val3>"
    + _MONEY_EN
    + r")(?:\s+(?:on|for) (?P<subj4>(?:the |my |a )?[a-z]+(?: [a-z]+){0,2}))?",
    re.IGNORECASE,
)
_BUDGET_PRE_STOP = {
    "my", "our", "the", "a", "an", "this", "that", "your", "their", "total", "new", "raise", "lower", "cut",
    "increase", "decrease", "reduce", "set", "change", "update", "keep", "is", "of", "spending", "its", "to",
}  # fmt: skip
_BUDGET_ZH = prefilter.compile(
    rf"(?P<subj>[\u4e00-\u9fff]{{1,8}}?)?(?:的)?(?:预算|份子钱|的钱|那个预算)(?:这块)?[^0-9一二两三四五六七八九十\n。，]{{0,8}}?(?P<val>{_ZH_NUM})\s*(?:元|块钱|块|rmb|RMB)?"
    rf"|(?P<subj2>[\u4e00-\u9fff]{{1,6}}?)?(?:最多|最高|顶多|能接受|上限|控制在|不超过|按|可以到|能到|放宽到|准备|就)(?:花|是|给|出)?(?P<val2>{_ZH_NUM})(?:元|块钱|块)?(?:以内|算|左右)?"
    rf"|(?P<subj3>[\u4e00-\u9fff]{{1,6}}?)(?:这块)?我出(?P<val3>{_ZH_NUM})"
)


_PURCHASE = prefilter.compile(
    r"\b(?:for|on) (?:the |a |an |my |our )?(?P<en>[a-z]+(?: [a-z]+){0,2}?)(?=,|$| i\b| we\b)"
    r"|\b(?:looking at|shopping for|buying|to buy) (?:a |an |the |some |new )*(?P<en2>(?!to\b)[a-z]+(?: (?!to\b|for\b|and\b)[a-z]+)?)"
    r"|(?:买|换|装修|订)(?:个|台|一台|一个|一套|套)?(?P<zh>[\u4e00-\u9fff]{1,6}?)(?=[，,。]|$|的)"
    r"|\b(?:in|to) (?P<en3>[A-Z][a-z]+)\b|^(?P<en4>[A-Za-z]+(?: [a-z]+)?)(?=:| is going to| will| can| should| are| is)"
    r"|\bcap (?:the |my )?(?P<en5>[a-z]+(?: [a-z]+)?) at\b"
    r"|(?:去|到)(?P<zh2>[\u4e00-\u9fff]{2,4}?)(?:玩|旅游|旅行|度假|出差)",
    re.IGNORECASE,
)


def _purchase_before(sentence: str, at: int) -> str:
    """What a budget without a subject is for, when the sentence says it first: "For the wedding
    gift I want to spend 300", "I'm looking at laptops, my budget is 1200", "买笔记本电脑，预算三千"."""
    found = [m for m in _PURCHASE.finditer(sentence[:at])]
    if not found:
        return ""
    last = found[-1]
    return next(
        v
        for v in (last["en"], last["en2"], last["zh"], last["en3"], last["en4"], last["zh2"], last["en5"])
        if v
    )


_CURRENCY = r"[$€£¥￥]|\d\s?[kK万千]\b|元|块|rmb|usd|eur|gbp|bucks|dollars?|euros?|pounds?|quid"
_MONEY_CONTEXT = prefilter.compile(
    rf"{_CURRENCY}|\b(?:budget\w*|spend\w*|afford\w*|cost\w*|price\w*|pay\w*|cheap\w*|expensive|money|cash|"
    r"max(?:imum)?|limit)\b|预算|钱|价|贵|便宜|花|付",
    re.IGNORECASE,
)
_COUNTED = prefilter.compile(
    r"\s*(?:(?:people|persons?|guests?|adults?|kids?|children|pax|nights?|days?|hours?|hrs?|mins?|minutes?|weeks?|"
    r"months?|years?|tickets?|rooms?|seats?|beds?|bags?|boxes|pieces?|pcs|items?|units?|times|pm|am|o'?clock|"
    r"kg|km|miles?|stars?)\b|%|个人|人|位|晚|天|小时|分钟|个|件|张|间|岁|点|号|次|斤|公斤|只|台|箱|瓶|盒|双|本|份|桌)",
    re.IGNORECASE,
)
_HEADCOUNT_BEFORE = prefilter.compile(
    r"\b(?:table|room|reservation|booking|party|group)s?\s+(?:of|for)\s*$|一共\s*$", re.I
)
_SMALLEST_BARE_BUDGET = 20


def has_currency(value: str) -> bool:
    """ "$300", "500块", "50 bucks" carry their currency; "三千", "1200" do not."""
    return re.search(_CURRENCY, value, re.IGNORECASE) is not None


def is_money(sentence: str, value: str, start: int, end: int) -> bool:
    """Whether a number the budget patterns read is an amount of money: not a head count or a number
    of nights ("a table for 4", "2 rooms", "最多10个人"); and, without a currency on it or a money word
    in the sentence ("budget", "spend", "预算", "钱"), an amount-sized number, not "need 2"."""
    if _COUNTED.match(sentence, end) or _HEADCOUNT_BEFORE.search(sentence[max(0, start - 24) : start]):
        return False
    if _MONEY_CONTEXT.search(sentence):
        return True
    digits = re.sub(r"[^\d.]", "", value)
    amount = float(digits) if re.fullmatch(r"\d+(?:\.\d+)?", digits) else _zh_amount(value.strip()) or 0
    return amount >= _SMALLEST_BARE_BUDGET


def _budget(sentence: str) -> Iterator[Found]:
    for match in _BUDGET_EN.finditer(sentence):
        name = next(n for n in ("val", "val2", "val3", "val5", "val6") if match[n])
        if not is_money(sentence, match[name], match.start(name), match.end(name)):
            continue
        value = match[name]
        pre = (match["pre"] or "").lower().split()
        pre_subject = " ".join(w for w in pre if w not in _BUDGET_PRE_STOP)
        named = (
            match["subj"],
            match["subj2"],
            match["subj3"],
            match["subj4"],
            match["subj5"],
            match["subj6"],
        )
        subject = normalize_subject(next((s for s in named if s), "")) or pre_subject
        if match["val"] and not re.search(r"budget|spending", match.group(0), re.IGNORECASE) and not subject:
            continue  # a bare "limit 200" without a budget word or a subject is not a budget
        yield "budget", subject or _purchase_before(sentence, match.start()), value.strip(), match.start()
    for match in _BUDGET_ZH.finditer(sentence):
        name = next(n for n in ("val", "val2", "val3") if match[n])
        value = match[name]
        if not is_money(sentence, value, match.start(name), match.end(name)):
            continue
        subject = next((s for s in (match["subj"], match["subj2"], match["subj3"]) if s), "")
        if (
            match["val"]
            and match["subj"] is None
            and "预算" not in match.group(0)
            and "份子钱" not in match.group(0)
        ):
            continue
        if (
            match["val2"]
            and re.search(r"(?:按|就)[^算以]*$", match.group(0))
            and not re.search(r"算|以内", match.group(0))
        ):
            continue  # "按" needs "算", "就" needs "以内": "按时" and "就3个" are no budget
        subject = re.sub(r"^.*?(?:改成|调到|提到|压到|降到|加到|准备|给|把|，)", "", subject)
        subject = re.sub(r"(?:最多|买|换|装修|给.*)$", "", subject) or subject
        yield "budget", subject or _purchase_before(sentence, match.start()), value.strip(), match.start()


_ADDRESS_VALUE_EN = r"(?P<val>(?:(?:flat|unit|apt|apartment|suite)\s*\w+,?\s*)?(?:no\.?\s*)?\d+[a-z]?\s+[a-z][\w' .-]{1,40}?(?:,\s*(?!phone|tel|mobile|cell|e-?mail|call|contact|number)[a-z][\w .-]{1,30}?){0,2}|(?:rua|avenida|calle|via|rue|av\.?)\s[^.!?;]{2,40}?)(?=$|[.!?;]|\s+(?:from now on|please|instead|now|thanks|but|and don't|,\s*(?:but|please|in case|from)))"
_ADDRESS_EN = prefilter.compile(
    r"\b(?:(?P<kind>shipping|delivery|home|billing|postal|mailing|office|work|new|current)\s+)?address(?:\s+in\s+[a-z]+)?\s*(?:is|to|:|is now|changed to|now is|-)?\s*(?:now\s+)?:?\s*"
    + _ADDRESS_VALUE_EN
    + r"|\b(?:ship|deliver|send|post|mail)\b(?: (?:my|all|the|everything|it|them|orders|parcels|packages|my orders|my parcels|all my orders))*"
    r"(?: it)? to\s+"
    + _ADDRESS_VALUE_EN.replace("?P<val>", "?P<val2>")
    + r"|\b(?:(?P<kind3>home|office|work)\s+is|i live at|i'm at|we live at|moved to|relocated to)\s+(?:now\s+)?"
    + _ADDRESS_VALUE_EN.replace("?P<val>", "?P<val3>")
    + r"|\b(?:my )?(?P<kind4>office|work|home) is at\s+"
    + _ADDRESS_VALUE_EN.replace("?P<val>", "?P<val4>"),
    re.IGNORECASE,
)
_ZH_ADDRESS_VALUE = r"(?P<val>[\u4e00-\u9fff]{2,}?(?:省|市|区|县|镇|路|街|道|号|弄|巷|村|大道|小区|大厦|广场)[\u4e00-\u9fff0-9A-Za-z\-]{0,30}?(?:号|室|楼|栋|层|座|单元)?)(?=$|[，。！？,!?；;\s]|了|吧|东西|，|寄|收|别|电话|手机|联系)"
_ADDRESS_ZH = prefilter.compile(
    r"(?P<kind>收货|送货|家庭|公司|单位|新|现在的?)?(?:地址|住址)(?:是|为|改成|改为|换成|更新为|更新成|：|:)?\s*(?:是)?\s*"
    + _ZH_ADDRESS_VALUE
    + r"|(?:寄到|送到|发到|寄去|送去|搬到|搬去|都寄到|都送到|住在|家在|现在住|住)\s*"
    + _ZH_ADDRESS_VALUE.replace("?P<val>", "?P<val2>")
    + r"|(?P<kind3>公司|单位)在\s*"
    + _ZH_ADDRESS_VALUE.replace("?P<val>", "?P<val3>")
)
_ADDRESS_KINDS = {"office": "work", "work": "work", "公司": "work", "单位": "work", "billing": "billing"}


def _address(sentence: str) -> Iterator[Found]:
    for pattern in (_ADDRESS_EN, _ADDRESS_ZH):
        for match in pattern.finditer(sentence):
            groups = match.groupdict()
            name = next(n for n in ("val", "val2", "val3", "val4") if groups.get(n))
            kind = next((groups[n] for n in ("kind", "kind3", "kind4") if groups.get(n)), "") or ""
            value = _whole_address(sentence, match.start(name)) or groups[name]
            yield "address", _ADDRESS_KINDS.get(kind.lower(), ""), value.strip(" ,，"), match.start()


def _whole_address(sentence: str, start: int) -> str | None:
    """The address starting at `start` by its shape, with the city, region and postcode after the
    street (_ADDRESS_SHAPE_EN, _ADDRESS_SHAPE_ZH); None when no shape starts there. The words that
    name an address ("address is", "ship to", "寄到") say where it starts, the shape where it ends."""
    for pattern in (_ADDRESS_SHAPE_EN, _ADDRESS_SHAPE_ZH):
        found = pattern.match(sentence, start)
        if found:
            return re.sub(r"(?<=[a-z])\.$", "", found.group(0))  # a sentence's full stop ("…, Selangor.")
    return None


_PHONE_VALUE = r"(?P<val>\+?\d[\d\s()-]{5,18}\d)"
_PHONE = prefilter.compile(
    r"\b(?:(?P<kind>mobile|cell|home|work|office|landline|new|contact)\s+)?(?:phone(?:\s+number)?|number|mobile|cell|landline)"
    r"(?:\s+(?:is|:|changed to|is now|now))*\s*:?\s*(?:now\s+)?"
    + _PHONE_VALUE
    + r"|\b(?:call|reach|text|ring|contact|whatsapp|message) me (?:at|on)\s+"
    + _PHONE_VALUE.replace("?P<val>", "?P<val2>")
    + r"|\buse\s+"
    + _PHONE_VALUE.replace("?P<val>", "?P<val3>")
    + r"\s+to (?:contact|reach|call) me"
    r"|(?P<kind4>手机号码?|手机|电话(?:号码?)?|联系电话|联系方式|号码|座机|新号码|新手机号?)(?:是|为|换成了?|改成了?|改为|更新为|：|:)?\s*"
    + _PHONE_VALUE.replace("?P<val>", "?P<val4>")
    + r"|打我(?:的)?(?:电话|手机)\s*"
    + _PHONE_VALUE.replace("?P<val>", "?P<val5>"),
    re.IGNORECASE,
)
_PHONE_KINDS = {
    "home": "landline",
    "landline": "landline",
    "座机": "landline",
    "work": "work",
    "office": "work",
}


_POSSESSOR = prefilter.compile(
    r"(?:^|[^我])(?P<zh>(?<![我你他她])[\u4e00-\u9fff]{2,6}?)的\s*$"
    r"|\b(?P<en>(?!(?:my|our|your|it|that|this|he|she|there|what|who|let|here|where)\b)"
    r"(?!(?:number|phone|email|mobile|cell|address|name)'s)[a-z]+(?: [a-z]+)?)'s\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)


def _possessor(sentence: str, at: int) -> str:
    """Someone else named as the owner right before a contact detail: "公司人事的邮箱",
    "the landlord's number" (relatives are owner_of's)."""
    found = _POSSESSOR.search(sentence[max(0, at - 12) : at])
    if not found:
        return ""
    name = found["zh"] or found["en"] or ""
    return "" if name in {"我", "我们"} else name


def _phone(sentence: str) -> Iterator[Found]:
    for match in _PHONE.finditer(sentence):
        groups = match.groupdict()
        value = next(groups[n] for n in ("val", "val2", "val3", "val4", "val5") if groups.get(n))
        if len(re.sub(r"\D", "", value)) < 7:
            continue
        kind = (groups.get("kind") or groups.get("kind4") or "").lower()
        owner = _possessor(sentence, match.start())
        subject = _PHONE_KINDS.get(kind, "")
        yield "phone", f"{owner}: {subject}" if owner else subject, value.strip(), match.start()


_EMAIL_VALUE = r"(?P<val>[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})"
_EMAIL = prefilter.compile(
    r"(?:(?P<kind>work|personal|contact|billing|new)\s+)?(?:e-?mail(?:\s+address)?|邮箱|电子邮件|邮件|email)"
    r"(?:\s+(?:is|:|to|instead|changed to|is now))*\s*(?:是|为|换成了?|改成了?|改为|：|:)?\s*"
    + _EMAIL_VALUE
    + r"|\b(?P<what>receipts?|invoices?|bills?|statements?|newsletters?)\b[^@\n]{0,25}?\b(?:to|go to|at)\s+"
    + _EMAIL_VALUE.replace("?P<val>", "?P<val2>")
    + r"|(?P<what2>发票|收据|账单)[^@\n]{0,8}?(?:发到?|寄到?)(?:邮箱)?\s*"
    + _EMAIL_VALUE.replace("?P<val>", "?P<val3>"),
    re.IGNORECASE,
)
_EMAIL_WHAT = {"receipt": "receipts", "receipts": "receipts", "invoice": "invoices", "invoices": "invoices",
               "发票": "invoices", "收据": "receipts", "bill": "invoices", "bills": "invoices", "账单": "invoices"}  # fmt: skip


def _email(sentence: str) -> Iterator[Found]:
    for match in _EMAIL.finditer(sentence):
        groups = match.groupdict()
        value = next(groups[n] for n in ("val", "val2", "val3") if groups.get(n))
        what = (groups.get("what") or groups.get("what2") or "").lower()
        owner = _possessor(sentence, match.start())
        subject = _EMAIL_WHAT.get(what, what)
        yield "email", f"{owner}: {subject}" if owner else subject, value, match.start()


_CARRIERS = (
    r"顺丰|中通|圆通|申通|韵达|京东|邮政|EMS|极兔|德邦|百世|宅急便|黑猫|嘉里大荣|新竹物流|DHL|FedEx|UPS|USPS|TNT|DPD|Evri|"
    r"Hermes|GLS|Royal Mail|Parcelforce|Yodel|An Post|Canada Post|Purolator|Australia Post|Aramex|PostNL|Ninja ?Van|"
    r"Pos Laju|J&T|GDEX|Lalamove|SPX|"
    # the Philippines, India, New Zealand, Kenya and Nigeria
    r"LBC|2GO|Flash Express|Blue Dart|Delhivery|DTDC|Xpressbees|Ekart|India Post|NZ Post|CourierPost|G4S|"
    r"Sendy|GIG Logistics"
)
_CARRIER = prefilter.compile(
    rf"(?:用|走|发|选|寄|换成|改用|改成|都发|都用|也改)(?P<val>{_CARRIERS})(?:快递|物流|速运)?"
    rf"|\b(?i:ship|send|deliver|mail)(?: \w+){{0,3}}? (?i:with|via|by|using|through) (?P<val2>{_CARRIERS}|[A-Z][A-Za-z]+)\b"
    rf"|\b(?i:use) (?P<val3>{_CARRIERS})\b|\b(?i:prefer|switch(?: my| the)? (?:courier|carrier) to|change the (?:courier|carrier) to|"
    rf"(?:courier|carrier) (?:is|to)) (?P<val4>{_CARRIERS})\b|\b(?P<val5>{_CARRIERS}) (?i:is (?:better|best) for me|from now on|going forward|please)\b",
)


# Not inside a longer word ("ups" in "groups", "dhl" in a tracking code's letters).
_CARRIER_NAME = prefilter.compile(rf"(?<![A-Za-z])(?:{_CARRIERS})(?![A-Za-z])", re.IGNORECASE)
CARRIER_NAMES = _CARRIERS
"""The carriers' names, as a regular-expression alternation (the extractor's delivery words read it)."""
_ALSO_NOT_CARRIERS = frozenset({"京东", "邮政", "Hermes"})
"""Carriers that are also a shop, a bank or a brand: a carrier only where the event speaks of shipping."""


def carriers_in(text: str) -> list[str]:
    """The carriers' names a text says, as written ("Evri left my package", "Ninja Van的SMS")."""
    return [match.group(0) for match in _CARRIER_NAME.finditer(text)]


def carrier_named(value: str, shipping: bool) -> bool:
    """Whether a name is a carrier's ("顺丰", "DHL"); 京东 only in an event about shipping."""
    return bool(_CARRIER_NAME.fullmatch(value)) and (shipping or value not in _ALSO_NOT_CARRIERS)


_CARRIER_CUE = prefilter.compile(
    r"\b(?:ship|send|deliver|mail|post|get things|by|via|usually|always)\b|快递|送|寄|发|用", re.I
)
_CARRIER_AGAINST = prefilter.compile(r"(?:instead of|rather than|not|no|don't use|不要|别用?|不用)\s*$", re.I)


def _carrier_named(sentence: str) -> Iterator[Found]:
    """A carrier named where the sentence is about shipping, unless set aside ("instead of X")."""
    if not _CARRIER_CUE.search(sentence):
        return
    for match in _CARRIER_NAME.finditer(sentence):
        if _CARRIER_AGAINST.search(sentence[max(0, match.start() - 14) : match.start()]):
            continue
        if re.match(r"\s*(?:keeps|lost|is (?:slow|late|bad)|太慢|老丢|不行)", sentence[match.end() :], re.I):
            continue
        yield "carrier", "", match.group(0), match.start()
        return


def _carrier(sentence: str) -> Iterator[Found]:
    for match in _CARRIER.finditer(sentence):
        groups = match.groupdict()
        value = next(groups[n] for n in ("val", "val2", "val3", "val4", "val5") if groups.get(n))
        subject = (
            "bulky" if re.search(r"大件|bulky|large items", sentence[: match.start()], re.IGNORECASE) else ""
        )
        yield "carrier", subject, value, match.start()


_NAME = prefilter.compile(
    r"(?<![帮给替让请别])我叫(?P<val>[\u4e00-\u9fff]{2,4}?)(?=$|[，。！,.!]|吧|就)|"
    r"我的名字(?:是|叫)(?P<val2>[\u4e00-\u9fff]{2,4}?)(?=$|[，。！,.!])|"
    r"叫我(?P<val3>[\u4e00-\u9fff]{1,4}?)(?:就行|就好|吧|好了|即可|(?=[，,。]|$))|"
    r"^(?i:just )?(?P<val8>[A-Z][a-z]+) (?i:is fine|will do|works)\b|\b(?i:my name is|my name's|name's) (?P<val4>[A-Z][a-z]+(?: [A-Z][a-z]+)?)|\b(?i:(?:just )?call me) (?P<val5>[A-Z][a-z]+)|"
    r"\b(?i:(?:everyone|people|friends|they all) calls? me) (?P<val6>[A-Z][a-z]+)|^(?i:(?:hi,? )?i'?m) (?P<val7>[A-Z][a-z]+)\.?$"
)


def _name(sentence: str) -> Iterator[Found]:
    for match in _NAME.finditer(sentence.strip()):
        yield "name", "", next(v for v in match.groups() if v), match.start()


_SEAT = prefilter.compile(
    r"\b(?P<val>window|aisle|middle)(?: seats?)?\b|(?P<val2>靠窗|靠过道|靠走廊|过道)(?:的)?(?:座位|位置|位子)?",
    re.IGNORECASE,
)
_SEAT_CONTEXT = prefilter.compile(
    r"seat|fly|flight|train|plane|座|飞机|高铁|火车|订|位置|位子|长途|选", re.IGNORECASE
)


def _seat(sentence: str) -> Iterator[Found]:
    for match in _SEAT.finditer(sentence):
        if match["val"] and not _SEAT_CONTEXT.search(sentence):
            continue  # "window" alone is no seat; "靠窗" is
        value = (match["val"] or match["val2"]).lower()
        yield "seat", "", {"过道": "靠过道", "靠走廊": "靠过道"}.get(value, value), match.start()


_DIET = prefilter.compile(
    r"\bi(?:'m| am|'ve gone| have gone| went| eat)(?: \w+){0,2}? (?P<val>vegetarian|vegan|pescatarian|keto|halal|kosher|gluten[- ]free|dairy[- ]free)\b"
    r"|\b(?:is|are) (?P<val2>vegetarian|vegan|pescatarian|gluten[- ]free|dairy[- ]free)\b"
    r"|\b(?:strictly|fully|totally) (?P<val6>vegan|vegetarian|pescatarian)\b"
    r"|(?P<val5>不吃素|什么都吃|不忌口)|我(?:现在)?(?:是)?(?:改)?(?P<val3>吃纯素|吃素|吃全素|纯素|素食|吃清真)|(?P<val4>纯素|素食主义|素食)",
    re.IGNORECASE,
)
_SPICY = prefilter.compile(
    r"(?P<val>不吃|不能吃|能吃|爱吃|不爱吃|吃不了)辣|\bi (?P<val2>can't|cannot|can|don't|do not|love to) eat spicy",
    re.I,
)


def _diet(sentence: str) -> Iterator[Found]:
    for match in _DIET.finditer(sentence):
        value = next(v for v in match.groups() if v).lower()
        same = {
            "吃素": "素食",
            "素食主义": "素食",
            "吃全素": "纯素",
            "吃纯素": "纯素",
            "什么都吃": "不忌口",
            "不吃素": "不忌口",
        }
        yield "diet", "", same.get(value, value), match.start()
    for match in _SPICY.finditer(sentence):
        value = (match["val"] or match["val2"]).lower()
        yes = value in {"能吃", "爱吃", "can", "love to"}
        yield "spicy", "", "yes" if yes else "no", match.start()


_SIZE = prefilter.compile(
    r"\b(?P<what>shoe|t-shirt|tshirt|shirt|dress|trouser|pants|jeans|ring|clothing|jacket|coat|bra)s?:? size (?:is |changed to |is now )?(?P<val>\d{1,2}(?:\.5)?|xxs|xs|s|m|l|xl|xxl|xxxl)\b"
    r"|\bsize (?P<val2>\d{1,2}(?:\.5)?|xxs|xs|s|m|l|xl|xxl)\b(?: now)?(?: (?:for )?(?P<what2>shoes|shirts?|t-shirts?|dresses|trousers|jeans|clothes|jackets?))?"
    r"|\b(?P<what3>dress|shoe|shirt) size (?P<val3>\d{1,2})\b"
    r"|(?P<what4>鞋子?|衣服|牛仔裤|短裤|裤子|上衣|外套|毛衣|衬衫|T恤|裙子|戒指)(?:的)?(?:尺码|码数|码|号)?(?:现在)?(?:要|穿|是|换成|改成)?(?P<val4>\d{2,3}(?:/\d{2,3}[A-Z]?)?|X{0,3}[SMLsml])\s*码?"
    r"|(?P<what5>鞋码|鞋号)(?:是|为|改成|换成)?(?P<val5>\d{2})"
    r"|穿(?P<val6>\d{2,3}|X{0,3}[SMLsml])码?的?(?P<what6>鞋|衣服|裤子|上衣)"
    r"|\bi'?m an? (?P<val7>small|medium|large|extra large|xs|s|m|l|xl) in (?P<what7>t-shirts?|shirts?|dresses|jackets?|shoes|tops)"
    r"|(?P<what8>衣服|上衣|裤子)(?:的)?尺码(?:是|改成|换成)?(?P<val8>X{0,3}[SMLsml]|\d{2,3})",
    re.IGNORECASE,
)
_SIZE_WHAT = {
    "shoe": "shoes", "shoes": "shoes", "鞋": "shoes", "鞋子": "shoes", "鞋码": "shoes", "鞋号": "shoes",
    "t-shirt": "shirts", "tshirt": "shirts", "shirt": "shirts", "shirts": "shirts", "t-shirts": "shirts",
    "衣服": "clothes", "上衣": "shirts", "t恤": "shirts", "clothing": "clothes", "clothes": "clothes",
    "dress": "dresses", "dresses": "dresses", "裙子": "dresses", "trouser": "trousers", "trousers": "trousers",
    "pants": "trousers", "jeans": "trousers", "裤子": "trousers", "牛仔裤": "trousers", "短裤": "shorts",
    "外套": "jackets", "毛衣": "sweaters", "衬衫": "shirts", "ring": "ring", "戒指": "ring",
    "jacket": "jackets", "jackets": "jackets", "tops": "shirts", "t-shirt size": "shirts",
}  # fmt: skip


def _size(sentence: str) -> Iterator[Found]:
    for match in _SIZE.finditer(sentence):
        groups = match.groupdict()
        value = next(
            groups[n]
            for n in ("val", "val2", "val3", "val4", "val5", "val6", "val7", "val8")
            if groups.get(n)
        )
        value = {"small": "S", "medium": "M", "large": "L", "extra large": "XL"}.get(value.lower(), value)
        names = ("what", "what2", "what3", "what4", "what5", "what6", "what7", "what8")
        what = next((groups[n] for n in names if groups.get(n)), "") or ""
        if not what and not re.search(r"\bwear\b|\bi'?m a\b", sentence, re.IGNORECASE):
            continue
        subject = _SIZE_WHAT.get(what.lower(), what.lower())
        if not subject and re.search(r"shoes?|鞋", sentence, re.IGNORECASE):
            subject = "shoes"
        yield "size", subject, value.upper(), match.start()


_DELIVERY_TIME = prefilter.compile(
    r"(?P<val>morning|afternoon|evening|night|weekend|weekday)s?\b(?=[^.!?]{0,40}\b(?:deliver|parcel|package|courier|"
    r"receive (?:parcels|packages|deliveries|orders|the parcel|the package)))"
    r"|\b(?:deliver|deliveries|parcels?|packages?|receive (?:parcels|packages|deliveries|orders))\b[^.!?]{0,30}?\b(?:in the |on |at )?(?P<val2>morning|afternoon|evening|night|weekend|weekday)s?\b"
    r"|(?P<val3>上午|下午|晚上|中午|周末|工作日|白天)(?=[^。！？]{0,10}(?:送|收|配送|派送))"
    r"|(?:送货|配送|快递|收货)[^。！？]{0,6}?(?:改到|改成|放在|在)?(?P<val4>上午|下午|晚上|中午|周末|工作日)",
    re.IGNORECASE,
)


def _delivery_time(sentence: str) -> Iterator[Found]:
    for match in _DELIVERY_TIME.finditer(sentence):
        value = next(v for v in match.groups() if v).lower()
        yield "delivery_time", "", value, match.start()


_PAYMENTS = (
    r"paypal|apple pay|google pay|bank transfer|direct debit|cash on delivery|cash|(?:my )?(?:visa|mastercard|amex|credit|debit)(?: card)?|"
    r"支付宝|微信支付|微信|花呗|信用卡|银行卡|借记卡|货到付款|现金|云闪付"
)
_PAYMENT = prefilter.compile(
    rf"\b(?:pay(?:ing)? (?:with|by|via|using)|charge|bill|use) (?P<val>{_PAYMENTS})\b(?! (?:for|to) (?!payments?|paying))|\bpayment method (?:is|to|:)\s*(?P<val2>{_PAYMENTS})\b"
    rf"|\buse (?P<val3>{_PAYMENTS}) for (?:payments?|paying)\b"
    rf"|(?:付款方式|支付方式)(?:是|为|改成|换成|：|:)?\s*(?P<val4>{_PAYMENTS})|用(?P<val5>{_PAYMENTS})(?:付款|支付|付)"
    rf"|(?:付款|支付|付钱|扣款)(?:都|就|全)?用(?:我的)?(?P<val6>{_PAYMENTS})|(?<![别不])扣(?P<val7>{_PAYMENTS})",
    re.IGNORECASE,
)


def _payment(sentence: str) -> Iterator[Found]:
    for match in _PAYMENT.finditer(sentence):
        value = next(v for v in match.groups() if v).lower()
        yield "payment", "", re.sub(r"^my ", "", value), match.start()


_LANGUAGES = r"english|spanish|french|german|chinese|mandarin|cantonese|japanese|korean|italian|portuguese|中文|英文|英语|日语|法语|普通话|粤语"
_LANGUAGE = prefilter.compile(
    rf"\b(?:reply|replies|answer|answered|respond|write|talk|speak|spoken to|replied to)(?: to me| back)?(?: only)? in (?P<val>{_LANGUAGES})\b"
    rf"|\b(?:go back|switch) to (?P<val2>{_LANGUAGES})\b(?= for| please|,|\.|$)"
    rf"|用(?P<val3>{_LANGUAGES})(?:回复|回答|跟我说|和我说|交流)|(?:换回|改成|换成)(?P<val4>{_LANGUAGES})"
    rf"|(?:回复|回答|答复)(?:我)?(?:都|就)?用(?P<val5>{_LANGUAGES})|跟我(?:说|讲)(?P<val6>{_LANGUAGES})",
    re.IGNORECASE,
)
_LANGUAGE_SAME = {"英语": "英文", "english": "英文", "chinese": "中文", "mandarin": "中文", "普通话": "中文"}


def _language(sentence: str) -> Iterator[Found]:
    for match in _LANGUAGE.finditer(sentence):
        value = next(v for v in match.groups() if v).lower()
        yield "language", "", _LANGUAGE_SAME.get(value, value), match.start()


_TIME_WORDS = (
    r"(?:(?:on |at |for )?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?: at \d{1,2}(?::\d\d)?\s?(?:am|pm)?)?|"
    r"(?:on |for )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?|"
    r"(?:at )?\d{1,2}(?::\d\d)?\s?(?:am|pm))"
)
_APPOINTMENT = prefilter.compile(
    rf"\b(?P<subj>[a-z]+(?: [a-z]+)?) (?:appointment|booking|reservation|session|shoot|visit|check-?up)\b"
    rf"[^.!?]{{0,30}}?(?:is|on|at|for|to|moved to|pushed to|changed to|rescheduled to)\s+(?P<val>{_TIME_WORDS}(?: at \d{{1,2}}(?::\d\d)?\s?(?:am|pm))?)"
    rf"|(?P<subj2>[\u4e00-\u9fff]{{1,4}}?)(?:的)?(?:预约|约的是|约在|约|挂号)(?:时间)?(?:在|是|改到|改成|推迟到|提前到)?\s*"
    rf"(?P<val2>(?:\d{{1,2}}月\d{{1,2}}[日号]|周[一二三四五六日天]|星期[一二三四五六日天])(?:[上下]午|晚上)?[一二三四五六七八九十\d点半:]*)"
    rf"|(?P<subj3>[\u4e00-\u9fff]{{1,4}}?)(?:推迟|提前|改)到(?P<val3>(?:\d{{1,2}}月\d{{1,2}}[日号]|周[一二三四五六日天]|星期[一二三四五六日天])(?:[上下]午|晚上)?[一二三四五六七八九十\d点半:]*)",
    re.IGNORECASE,
)


def _appointment(sentence: str) -> Iterator[Found]:
    for match in _APPOINTMENT.finditer(sentence):
        groups = match.groupdict()
        value = next(groups[n] for n in ("val", "val2", "val3") if groups.get(n))
        subject = next((groups[n] for n in ("subj", "subj2", "subj3") if groups.get(n)), "") or ""
        subject = re.sub(r"^(?:my|the|our|a|an|moved|pushed) ", "", subject.lower())
        yield "appointment", subject, value.strip(), match.start()


_HOTEL = prefilter.compile(
    r"\b(?:staying|stay|booked|switched|moved|booking)(?: (?:at|to|into))? (?:the )?(?P<val>(?:hotel )?[A-Z][\w'’]+(?: [A-Z][\w'’]+)?(?: hotel)?)"
    r"|住(?P<val2>[\u4e00-\u9fff]{2,6}?)(?:酒店|宾馆)|(?:酒店|宾馆)(?:换成|改成|定|订)(?:了)?(?P<val3>[\u4e00-\u9fff]{2,6}?)(?=了|，|。|$)",
)


def _hotel(sentence: str) -> Iterator[Found]:
    if not re.search(
        r"hotel|\binn\b|hostel|resort|lodge|b&b|酒店|宾馆|民宿|staying at", sentence, re.IGNORECASE
    ):
        return
    for match in _HOTEL.finditer(sentence):
        value = next(v for v in match.groups() if v)
        yield "hotel", "", re.sub(r"(?i)\bhotel\b|酒店|宾馆", "", value).strip(), match.start()


_PARTY_SIZE = prefilter.compile(
    r"\b(?:table|reservation|booking) for (?P<val>\d+|two|three|four|five|six|seven|eight|ten)\b|\b(?:booking|reservation|table)\b[^.!?]{0,20}?\b(?P<val2>\d+|two|three|four|five|six|eight|ten) (?:people|persons|guests)\b"
    r"|\broom (?:is )?for (?P<val3>\d+ adults?(?: and \d+ child(?:ren)?)?)|\b(?P<val4>\d+ adults? and \d+ child(?:ren)?)\b"
    r"|(?P<val5>[一二两三四五六七八九十\d]+)(?:个人|位|人)(?:的)?(?:位子|位置|桌)|(?:位子|桌|预订)[^。！？]{0,6}?(?:改成|换成)(?P<val6>[一二两三四五六七八九十\d]+)(?:个人|位|人)",
    re.IGNORECASE,
)
_NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7", "eight": "8", "ten": "10",
                 "两": "2", "二": "2", "三": "3", "四": "4", "五": "5", "六": "6", "七": "7", "八": "8", "十": "10"}  # fmt: skip


def _party_size(sentence: str) -> Iterator[Found]:
    for match in _PARTY_SIZE.finditer(sentence):
        value = next(v for v in match.groups() if v).lower()
        subject = "room" if re.search(r"room|房", sentence, re.IGNORECASE) else "table"
        yield "party_size", subject, _NUMBER_WORDS.get(value, value), match.start()


_PICKUP = prefilter.compile(
    r"\b(?:pick-?up|collection) (?:point|location|locker)\b(?:\s+(?:is|to|:))?\s*:?\s*(?:the )?(?P<val>[^.!?,;]{3,40})"
    r"|(?:取件点|自提点|取货点)(?:是|改成|换成|：|:)?\s*(?P<val2>[^。！？，,]{3,20})",
    re.IGNORECASE,
)


def _pickup(sentence: str) -> Iterator[Found]:
    for match in _PICKUP.finditer(sentence):
        yield "pickup", "", (match["val"] or match["val2"]).strip(), match.start()


_REFUND_TO = prefilter.compile(
    r"退(?:回|到|至|款到|款至)(?P<val>原支付账户|原账户|原路|原支付方式|原卡|银行卡|余额|支付宝|微信)"
    r"|\brefund(?:ed)? (?:it |the money |the payment )?(?:back )?to (?:my |the )?(?P<val2>original (?:payment )?"
    r"(?:method|account|card)|credit card|bank account|wallet|paypal|card)",
    re.IGNORECASE,
)
_ALLERGY = prefilter.compile(
    r"对(?P<val>[\u4e00-\u9fff]{1,8}?)过敏|\ballergic to (?P<val2>[a-z][a-z -]{1,30})", re.I
)
_TASTE_ZH = prefilter.compile(
    r"我(?:平时|通常|一般|好像|可能|也许|很|最|特别|非常|比较|真的|一直|也|还是|都|现在|已经|开始|从来){0,2}(?P<pol>不喜欢|不爱|讨厌|厌恶|受不了|不吃|不喝|吃不了|喜欢|爱|偏爱|更喜欢)"
    r"(?:上)?(?:喝|吃|穿|用|看|听|玩|去)?(?P<obj>[^，。！？,.!?；;了]{1,15})"
)
_TASTE_EN = prefilter.compile(
    r"\bI (?:really |absolutely |totally |also |still |do |just |actually |now |even |kinda |genuinely |honestly |"
    r"'ve started to |have started to |started to )?"
    r"(?P<pol>love|like|enjoy|prefer|hate|dislike|can't stand|cannot stand|don't like|do not like|don't enjoy)\s+"
    r"(?P<obj>[^.,!?;]{2,40})",
    re.IGNORECASE,
)


def _refund_to(sentence: str) -> Iterator[Found]:
    for match in _REFUND_TO.finditer(sentence):
        yield "refund_to", "", (match["val"] or match["val2"]).strip(), match.start()


def _allergy(sentence: str) -> Iterator[Found]:
    for match in _ALLERGY.finditer(sentence):
        yield "allergy", (match["val"] or match["val2"]).strip().lower(), "yes", match.start()


def _taste(sentence: str) -> Iterator[Found]:
    for match in (*_TASTE_ZH.finditer(sentence), *_TASTE_EN.finditer(sentence)):
        polarity = match["pol"].lower()
        negative = polarity.startswith(
            ("不", "讨", "厌", "受", "吃不", "hate", "dislike", "can", "don", "do not")
        )
        obj = re.sub(r"^(?:the|a|an|to|my)\s+", "", match["obj"].strip(), flags=re.I).rstrip("的了")
        obj = re.sub(
            r"\s+(?:anymore|any more|now|these days|weirdly|though|too|as well)$", "", obj, flags=re.I
        )
        obj = re.sub(r",?\s*(?:my|because|but|since|as)\b.*$", "", obj, flags=re.I)
        yield "taste", obj.lower(), "dislike" if negative else "like", match.start()


# -- values by their shape --------------------------------------------------------------------------
# A phone number, an e-mail address or a street address is recognisable by itself: when a sentence
# holds one and a word of its topic ("number", "寄", "live"), it states that slot however it is
# phrased ("got a new phone number: ...", "我换号了，现在是...", "Deliveries go to ...").

_PHONE_SHAPE = prefilter.compile(
    r"(?<![\d+])(?:\+\d{1,3}[\s-]?)?(?:\(?\d{1,5}\)?[\s-]?)?\d{3,4}[\s-]?\d{3,4}(?![\d-])|(?<!\d)1[3-9]\d{9}(?!\d)"
)
_PHONE_CUE = prefilter.compile(
    r"\b(?:number|phone|mobile|cell|call|text|ring|reach|contact|whatsapp|landline)\b|电话|号|手机|联系|打我|座机",
    re.I,
)
_NOT_A_PHONE = prefilter.compile(
    r"订单|单号|运单|order|tracking|ticket|invoice|booking|ref|#|postcode|zip", re.I
)


def _phone_shaped(sentence: str) -> Iterator[Found]:
    if not _PHONE_CUE.search(sentence):
        return
    for match in _PHONE_SHAPE.finditer(sentence):
        digits = re.sub(r"\D", "", match.group(0))
        if not 7 <= len(digits) <= 15 or _NOT_A_PHONE.search(
            sentence[max(0, match.start() - 12) : match.start()]
        ):
            continue
        owner = _possessor(sentence, match.start())
        landline = re.search(r"座机|landline|home phone", sentence, re.I)
        subject = "landline" if landline else ""
        yield "phone", f"{owner}: {subject}" if owner else subject, match.group(0).strip(), match.start()


_EMAIL_SHAPE = prefilter.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
_FIRST_PERSON = prefilter.compile(
    r"\b(?:me|my|i|i'm|i'll|i've|mine|write to|send|updates|go to|email|e-mail|contact)\b|我|发|邮件|邮箱",
    re.I,
)


def _email_shaped(sentence: str) -> Iterator[Found]:
    if not _FIRST_PERSON.search(sentence):
        return
    for match in _EMAIL_SHAPE.finditer(sentence):
        if re.search(r"\b(?:from|came from|sent by)\s*$", sentence[: match.start()], re.I):
            continue  # "the reset e-mail came from noreply@..." is not the user's address
        owner = _possessor(sentence, match.start())
        yield "email", f"{owner}: " if owner else "", match.group(0), match.start()


_STREET = (
    r"Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Way|Drive|Dr|Close|Terrace|Place|Pl|Court|Ct|Crescent|Boulevard|Blvd|"
    r"Square|Sq|Row|Hill|Park|Gardens|Walk|Mews|View|Grove|Rise|Parade|Quay|Loop|Parkway|Pkwy|Highway|Hwy|Plaza|"
    r"Circle|Cir|Alley|Broadway"
)
# An English-written address is the street (number first: "221 Baker Street", "9 Rue de Rivoli"; or
# after: "Hauptstraße 5") and what follows it, comma- or space-separated: a city, a region, a postcode
# ("London NW1 6XE", "San Francisco, CA 94105", "75004 Paris", "Toronto, ON M5H 2N2") — never a word
# that starts something else ("phone", "Call", "and my email is").
_UNIT_EN = r"(?:(?:Flat|Unit|Apt\.?|Apartment|Suite|Ste\.?|Room)\s*\d+[A-Za-z]?,?\s+)?"
_STREET_EN = (
    rf"{_UNIT_EN}(?:No\.?\s*)?\b\d{{1,5}}[A-Za-z]?,?\s+(?:(?:[A-Z][\w'’.-]*|\d+(?:st|nd|rd|th))\s+){{1,3}}(?:{_STREET})\b\.?"
    r"(?:\s+(?:North|South|East|West|N|S|E|W|NE|NW|SE|SW)\b)?"
    rf"|{_UNIT_EN}\b\d{{1,5}}[A-Za-z]?,?\s+(?:Rue|Avenue|Av\.|Boulevard|Bd|Via|Viale|Calle|Avenida|Rua|Piazza|Place)"
    r"(?:\s+(?:de|du|des|la|le|del|della|di|do|da|dos|d'))*\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,2}"
    r"|\b[A-ZÄÖÜ][\wäöüß-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|laan|straat|gracht|vej|gade|gatan|vägen|veien)\s+\d{1,4}[a-z]?"
    # Malaysia: "No. 23, Jalan SS 2/64", "8, Lorong Mawar 3"
    r"|(?:No\.?\s*)?\b\d{1,5}[A-Za-z]?,?\s+(?:Jalan|Jln\.?|Lorong|Lrg\.?|Persiaran|Lebuh)\s+[A-Z0-9][\w/]*(?:\s+[A-Z0-9][\w/]*){0,3}"
)
_NOT_ADDRESS_WORDS = (
    r"Thanks|Thank|Please|Pls|Call|Phone|Tel|Email|E-mail|Mobile|Cell|Ring|Text|Contact|Cheers|Regards|And|But|It|I|"
    r"My|If|Or|So|Then|Also|Ship|Send|Deliver|Tracking|Order|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
)
_POSTCODE_EN = (
    r"(?<![+\d])(?:(?:[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}|[A-Z]\d[A-Z]\s?\d[A-Z]\d|[A-Z]\d{2}\s?[A-Z0-9]{4})(?![\w-])"
    r"|\d{4,6}(?:-\d{4})?(?![\w-]|\s\d))"
)
"""A UK, Canadian or Irish (Eircode: "V94 E2K5") postcode, or four to six digits (a US ZIP, Singapore's six) not
followed by more digits (a phone number's)."""
_UNIT_AFTER_EN = r"(?:Apt\.?|Apartment|Unit|Suite|Ste\.?|Flat|Floor|Fl\.?)\s*\d+[A-Za-z]?|#\d{1,3}-\d{1,4}"
"""A flat or a unit after the street ("…, Apt 3B", "…, #14-01")."""
_TOWN_EN = rf"(?!(?:{_NOT_ADDRESS_WORDS})\b)[A-Z][a-zà-ÿ'’.-]+(?:\s+(?!(?:{_NOT_ADDRESS_WORDS})\b)[A-Z][a-zà-ÿ'’.-]+){{0,2}}"
_REGION_EN = r"[A-Z]{2,3}\b"
_TAIL_EN = (
    rf"(?:(?:,\s*|\s+)(?:{_UNIT_AFTER_EN}|{_POSTCODE_EN}\s+{_TOWN_EN}|{_TOWN_EN}(?:\s\d{{1,2}}(?=,))?(?:,?\s+{_REGION_EN})?(?:\s+{_POSTCODE_EN})?"
    rf"|{_REGION_EN}(?:\s+{_POSTCODE_EN})?|{_POSTCODE_EN})){{0,3}}"
)
_ADDRESS_SHAPE_EN = prefilter.compile(rf"(?:{_STREET_EN}){_TAIL_EN}")
_ZH_ADDRESS_END = (
    r"(?=$|[，。！？,.!?；;：:\s（(]|了|吧|东西|寄|收|别|电话|手机|座机|邮编|联系|放|前台|谢谢|麻烦|的时候|给我|以后|"
    r"今天|明天|后天|周|星期|上午|下午|晚上)"
)
_ADDRESS_SHAPE_ZH = prefilter.compile(
    r"(?:[\u4e00-\u9fff]{2,}?(?:省|市)[\u4e00-\u9fff]{1,6}?(?:区|县|市))?[\u4e00-\u9fff0-9A-Za-z\-]{2,30}?"
    r"(?:路|街|道|巷|弄|大道)[\u4e00-\u9fff0-9一二三四五六七八九十]{0,6}?\d+号"
    # a building after the number ("太古汇", "SOHO现代城", "科兴科学园B栋"), up to where the address ends
    # and a tower written apart ("望京SOHO T1")
    r"(?:[\u4e00-\u9fffA-Za-z0-9\-]{1,16}?(?:\s[A-Z]\d{1,2}(?![\w-]))?" + _ZH_ADDRESS_END + r")?"
    r"|[\u4e00-\u9fff]{2,}?(?:省|市)[\u4e00-\u9fff]{1,6}?(?:区|县|市)[\u4e00-\u9fff0-9A-Za-z\-]{2,30}?(?:号|室|楼|栋|层|座|单元)"
)
_ADDRESS_LEAD = prefilter.compile(
    rf"^(?:我们?|你|他|她|的|家|在|住|寄|送|发|到|搬|去|都|现在|以后|地址|收货|改成|换成|是|快递|东西|包裹|帮|请|麻烦|新|填|写|"
    rf"改|为|应该|应当|正确的|{_HOUSEHOLD_ZH})+"
)
_ADDRESS_CUE = prefilter.compile(
    r"\b(?:ship|shipped|deliver|deliveries|send|sent|forward|address|live|lives|living|moved|home|parcels?|post|mail|"
    r"relocated|go to|goes to|going to|stay)\b"
    r"|住|寄|送|发|地址|收|搬|快递|填",
    re.I,
)


_POSTCODE_AT_END = prefilter.compile(rf"{_POSTCODE_EN}(?:\s+{_TOWN_EN})?$")


def _address_shaped(sentence: str) -> Iterator[Found]:
    cued = bool(_ADDRESS_CUE.search(sentence))
    for pattern in (_ADDRESS_SHAPE_EN, _ADDRESS_SHAPE_ZH):
        for match in pattern.finditer(sentence):
            if not cued and not _POSTCODE_AT_END.search(match.group(0)):
                continue  # a street named in passing; with its postcode it is an address given
            # the shape starts at the first Chinese character: "我妈住深圳市…" is "深圳市…"
            lead = _ADDRESS_LEAD.match(match.group(0))
            start = match.start() + (lead.end() if lead else 0)
            before = sentence[max(0, start - 30) : start]
            kind = "work" if re.search(r"office|work|公司|单位", before, re.I) else ""
            yield "address", kind, sentence[start : match.end()].strip(" ,，"), start


def _gated(gate: str, finder: Callable[[str], Iterator[Found]]) -> Callable[[str], Iterator[Found]]:
    """A finder that runs only when a cheap pattern of what its value needs is in the sentence (a
    digit for a budget or a phone number): every turn is read for slots, most hold none."""
    pattern = prefilter.compile(gate, re.IGNORECASE)

    def gated(sentence: str) -> Iterator[Found]:
        return finder(sentence) if pattern.search(sentence) else iter(())

    gated.__name__ = finder.__name__
    return gated


_DIGIT = r"[0-9０-９]"
FINDERS: tuple[Callable[[str], Iterator[Found]], ...] = (
    _gated(rf"{_DIGIT}|[一二两三四五六七八九十百千万]", _budget),
    _gated(_CARRIERS, _carrier),
    _gated(rf"{_DIGIT}|省|市|区|县|路|街|道|号|弄|村|小区|大厦", _address),
    _gated(rf"{_DIGIT}{{3}}", _phone),
    _gated("@", _email),
    _name, _refund_to, _allergy, _taste,
    _gated(r"window|aisle|middle|窗|过道|走廊", _seat),
    _gated(r"veg|pesc|keto|halal|kosher|gluten|dairy|素|辣|忌口|什么都吃|spicy", _diet),
    _gated(rf"{_DIGIT}|\b(?:x{{0,3}}[sl]|m|small|medium|large|xs)\b|[SMLsml]码|码", _size),
    _gated(r"morning|afternoon|evening|night|weekend|weekday|上午|下午|晚上|中午|周末|工作日|白天", _delivery_time),
    _gated(r"pay|charge|bill|card|cash|debit|支付|付|扣|微信|花呗|云闪付|现金", _payment),
    _gated(_LANGUAGES, _language),
    _gated(rf"{_DIGIT}|day\b|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|周|星期|月", _appointment),
    _hotel,
    _gated(rf"{_DIGIT}|two|three|four|five|six|seven|eight|ten|[一二两三四五六七八九十]", _party_size),
    _gated(r"pick-?up|collection|取件点|自提点|取货点", _pickup),
    _gated(rf"{_DIGIT}{{3}}", _phone_shaped),
    _gated("@", _email_shaped),
    _gated(rf"{_DIGIT}", _address_shaped),
    _gated(_CARRIERS, _carrier_named),
    providers.find,
    *(_gated(gate, finder) for finder, gate in work_and_care.GATES.items()),
)  # fmt: skip
_NEGATED = prefilter.compile(r"(?:别|不要|不|勿|don'?t|do not|never|not)\s*\w{0,2}\s*$", re.IGNORECASE)
_NOT_THERE = prefilter.compile(
    r"\bdon'?t (?:ship|send|deliver) (?:it )?there\b|别寄(?:那里|那儿|这里)|不要寄(?:那里|那儿)",
    re.IGNORECASE,
)


def _span(sentence: str, value: str, at: int) -> range:
    start = sentence.find(value, at)
    start = start if start >= 0 else at
    return range(start, start + len(value))


def find(sentence: str) -> list[Found]:
    """Every (attribute, subject, value, position) the sentence states, subjects normalised and
    prefixed by the owner when a relative's ("wife", "妈") rather than the user's."""
    out: list[Found] = []
    seen: set[tuple[str, str]] = set()
    specific: list[str] = []
    addresses: list[range] = []
    for finder in FINDERS:
        for attribute, subject, value, at in finder(sentence):
            value = value.strip(" ，,。.")
            if not value:
                continue
            if attribute in {"carrier", "refund_to"} and _NEGATED.search(sentence[max(0, at - 6) : at]):
                continue  # "别退到余额" / "don't ship with X" states what the user does not want
            if attribute == "carrier" and _CARRIER_AGAINST.search(sentence[max(0, at - 14) : at]):
                continue  # "use DHL instead of Royal Mail"
            subject = normalize_subject(subject)
            owner = "" if ":" in subject else owner_of(sentence, at)
            if owner:
                subject = f"{owner}: {subject}" if subject else f"{owner}:"
            if attribute == "address" and _NOT_THERE.search(sentence):
                subject = subject or "not for delivery"
            key = (attribute, normalize_value(attribute, value))
            if key in seen or any(a == attribute and key[1] in v for a, v in seen):
                continue  # the same value, or a part of one found already ("5 Harbour View" in "No. 5 …")
            if attribute == "address":
                span = _span(sentence, value, at)
                if any(span.start < other.stop and other.start < span.stop for other in addresses):
                    continue  # the same address read by its shape too, with other words around it
                addresses.append(span)
            seen.add(key)
            out.append((attribute, subject, value, at))
            if attribute not in {"taste", "allergy"}:
                specific.append(value.lower())
    # "I prefer FedEx for deliveries", "我喜欢靠窗的座位": the carrier and the seat say it; a taste for
    # "fedex for deliveries" beside them would be a second slot for one statement.
    return [f for f in out if f[0] != "taste" or not any(v and v in f[1] for v in specific)]
