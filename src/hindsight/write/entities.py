"""Entities a rule can see, in Chinese and English: ids, dates, money, phones, e-mails, names,
places and products. Each finder is a small function over one sentence or turn."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from functools import lru_cache

from hindsight.text import sentences

# An order / tracking / ticket id: letters then digits (SF123456, JD2024001234, TK-88812), or the
# alphanumeric word after a keyword that names one.
_CODE = re.compile(r"(?<![A-Za-z0-9])([A-Z]{1,4}-?\d{5,16})(?![A-Za-z0-9])")
_KEYED_ID = re.compile(
    r"(?P<kind>订单号?|单号|运单号?|快递单号|物流单号|工单号?|票号|预订号|order(?: number| no\.?| id| #)?|"
    r"tracking(?: number| no\.?| id)?|ticket(?: number| no\.?| id)?|booking(?: reference| number| ref)?|"
    r"confirmation(?: number| code)?|case(?: number| id)?)"
    r"\s*(?:是|为|号|is|was|:|：|#)?\s*(?P<id>[A-Za-z0-9][A-Za-z0-9-]{4,24})",
    re.IGNORECASE,
)
_FLIGHT = re.compile(
    r"(?:\bflight|航班)\s*(?:number|no\.?|号)?\s*(?:is\s+|是)?(?P<id>[A-Z0-9]{2}\s?\d{2,4})\b", re.I
)
_ID_KIND = [
    (re.compile(r"运单|快递单|物流单|tracking", re.I), "tracking_no"),
    (re.compile(r"工单|ticket|case", re.I), "ticket_id"),
    (re.compile(r"预订|booking|confirmation", re.I), "booking_ref"),
]

_MONEY = re.compile(
    r"(?:[¥￥$€£]\s?\d[\d,]*(?:\.\d+)?(?:\s?[kK万千])?)"
    r"|(?:\d[\d,]*(?:\.\d+)?\s?(?:万元|千元|元|块钱|块|美元|欧元|英镑|rmb|RMB|usd|USD|dollars?|bucks|euros?))"
    r"|(?:[一二两三四五六七八九十百千万]+(?:块钱|块|元))"
    r"|(?:(?<=预算)(?:是|为|在|大概|改成|改为|调到|调整为)?\s?(?:\d[\d,]*(?:\.\d+)?\s?[kK万千]?|[一二两三四五六七八九十百千万]+))",
)
_MONEY_VERB = re.compile(r"^(?:是|为|在|大概|改成|改为|调到|调整为)")
_PHONE = re.compile(
    r"(?<!\d)(?:\+?86[ -]?)?1[3-9]\d{9}(?!\d)|\+\d{1,3}[ -]?\(?\d{2,4}\)?[ -]?\d{3,4}[ -]?\d{3,4}"
)
_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_ABBR = "jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
_DATE = re.compile(
    r"\d{4}[-/年]\d{1,2}[-/月]\d{1,2}日?|\d{1,2}月\d{1,2}[日号]|"
    rf"\b(?:{_MONTHS}|{_MONTH_ABBR})\.? \d{{1,2}}(?:st|nd|rd|th)?(?:,? \d{{4}})?\b|"
    rf"\b\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{_MONTHS})(?: \d{{4}})?\b|"
    r"今天|明天|后天|大后天|昨天|前天|大前天|下周[一二三四五六日天]?|上周[一二三四五六日天]?|这周[一二三四五六日天]|"
    r"周[一二三四五六日天]|星期[一二三四五六日天]|下个月|上个月|月底|月初|"
    r"\btoday\b|\btomorrow\b|\byesterday\b|\btonight\b|\b(?:next|last|this) (?:week|month|year|weekend|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:on )?(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)\b|\b(?:two|three|\d+) (?:days|weeks|months) ago\b",
    re.IGNORECASE,
)
_RELATIVE_DAYS = {
    "今天": 0, "明天": 1, "后天": 2, "大后天": 3, "昨天": -1, "前天": -2, "大前天": -3,
    "today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1,
}  # fmt: skip

_PERSON = re.compile(
    r"我叫(?P<zh>[\u4e00-\u9fff]{2,4})|我的名字是(?P<zh2>[\u4e00-\u9fff]{2,4})|"
    r"\bmy name is (?P<en>[A-Z][a-z]+(?: [A-Z][a-z]+)?)|\bcall me (?P<en2>[A-Z][a-z]+)"
)
_PLACE = re.compile(
    r"(?:住在|寄到|送到|搬到|搬去|在)(?P<zh>[\u4e00-\u9fff]{2,8}?(?:省|市|区|县|镇|路|街|小区|大学|公司))|"
    r"\b(?:live in|living in|moved to|move to|ship (?:it |them )?to|deliver (?:it )?to|based in|from)\s+"
    r"(?P<en>[A-Z][a-zA-Z]+(?: [A-Z][a-zA-Z]+){0,2})"
)
_PRODUCT = re.compile(
    r"买的(?P<zh>[\u4e00-\u9fff]{1,8}?)(?:订单|已经|一直|还没|没|，|。|,|$)|"
    r"买(?:了)?(?:一|两|几)?(?:台|个|件|双|部|本|条|瓶|盒|套)(?P<zh2>[\u4e00-\u9fff]{1,8}?)(?:，|。|,|$|给|预算)|"
    r"\b(?:bought|ordered|purchased|buy|order) (?:a |an |the |some |my |two |new )+(?P<en>[a-z][a-z -]{2,30}?)"
    r"(?= (?:from|on|last|yesterday|for|and|but|which|that)\b|[.,!?]|$)",
    re.IGNORECASE,
)
_STOP_PLACES = {"The", "There", "Home", "Work", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday"}


def resolve_date(text: str, at: datetime) -> str:
    """A relative day ("明天", "yesterday") as an ISO date seen from `at`; other dates unchanged."""
    offset = _RELATIVE_DAYS.get(text.lower())
    if offset is None:
        return text
    return (at + timedelta(days=offset)).date().isoformat()


def find_ids(text: str) -> list[tuple[str, str]]:
    """(type, id) pairs, keyword-named ids first; a bare code counts as an order id."""
    found: dict[str, str] = {}
    for match in _KEYED_ID.finditer(text):
        value = match.group("id")
        if not re.search(r"\d", value):
            continue
        kind = next((name for pattern, name in _ID_KIND if pattern.search(match.group("kind"))), "order_id")
        found.setdefault(value.upper(), kind)
    for match in _FLIGHT.finditer(text):
        found.setdefault(match.group("id").upper(), "flight_no")
    for match in _CODE.finditer(text):
        found.setdefault(match.group(1).upper(), "order_id")
    return [(kind, value) for value, kind in found.items()]


def _first_group(match: re.Match[str]) -> str:
    return next(value for value in match.groups() if value)


def find_entities(text: str, at: datetime) -> list[tuple[str, str]]:
    """Every entity in `text` as (type, value), in a stable order.

    Found sentence by sentence (and cached per sentence): an event is re-read at each trigger, and
    a turn and its sentences are both asked about, so each sentence is analysed once."""
    parts = sentences(text)
    if len(parts) <= 1:
        return list(_find_entities(text, at))
    out: list[tuple[str, str]] = []
    for part in parts:
        out += [pair for pair in _find_entities(part, at) if pair not in out]
    return out


_DATE_HINTS = (
    *"0123456789今明后昨前周星月天", "day", "week", "month", "year", "ago", "tonight",
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
)  # fmt: skip


def _might_hold_a_date(text: str) -> bool:
    # The date pattern is the slowest of all; most sentences hold none of its anchors.
    lowered = text.lower()
    return any(hint in lowered for hint in _DATE_HINTS)


@lru_cache(maxsize=8192)
def _find_entities(text: str, at: datetime) -> tuple[tuple[str, str], ...]:
    # Cached: an event is re-read at each trigger, so the same sentence is analysed repeatedly.
    out: list[tuple[str, str]] = list(find_ids(text))
    ids = {value for _, value in out}
    finders: list[tuple[str, Callable[[str], list[str]]]] = [
        ("money", lambda t: [_MONEY_VERB.sub("", m.group(0)).strip() for m in _MONEY.finditer(t)]),
        ("phone", lambda t: [m.group(0) for m in _PHONE.finditer(t)]),
        ("email", lambda t: [m.group(0) for m in _EMAIL.finditer(t)]),
        (
            "date",
            lambda t: (
                [resolve_date(m.group(0), at) for m in _DATE.finditer(t)] if _might_hold_a_date(t) else []
            ),
        ),
        ("person", lambda t: [_first_group(m) for m in _PERSON.finditer(t)]),
        (
            "place",
            lambda t: [_first_group(m) for m in _PLACE.finditer(t) if _first_group(m) not in _STOP_PLACES],
        ),
        ("product", lambda t: [_first_group(m).strip() for m in _PRODUCT.finditer(t)]),
    ]
    for kind, finder in finders:
        for value in finder(text):
            if value and value not in ids and (kind, value) not in out:
                out.append((kind, value))
    return tuple(out)


def as_mapping(pairs: list[tuple[str, str]]) -> dict[str, str]:
    """{type: value}; a second value of one type is kept as type_2, a third as type_3, ..."""
    mapping: dict[str, str] = {}
    for kind, value in pairs:
        if value in mapping.values():
            continue
        key, n = kind, 1
        while key in mapping:
            n += 1
            key = f"{kind}_{n}"
        mapping[key] = value
    return mapping
