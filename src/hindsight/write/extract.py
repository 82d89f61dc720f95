"""Extraction: from the turns of one event, a structured memory — a summary in the user's language
with intent, entities and decision; the preference / constraint statements it holds (each with the
slot it sets: subject + attribute); an importance and a lifetime.

The rule-based extractor is the default (Chinese and English, no network, well under a
millisecond a turn). `hindsight.llm.LLMExtractor` has the same shape and is used when an
OpenAI-compatible endpoint is configured.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from functools import lru_cache
from typing import Protocol

from hindsight import prefilter, relations, traditional
from hindsight.locality import EVERYWHERE, Locality
from hindsight.models import Turn
from hindsight.spaces import numbers_with_units, plain_spaces
from hindsight.text import has_cjk, sentences
from hindsight.write import patterns, slots
from hindsight.write.capitals import with_capitals
from hindsight.write.entities import (
    DATE_KINDS,
    RELATIVE_DATE,
    as_mapping,
    bare_tomorrow,
    find_entities,
    find_ids,
    find_named,
)
from hindsight.write.respelled import respelled

ASSISTANT_ROLES = frozenset({"assistant", "agent", "ai", "bot", "system", "tool"})


@dataclass(frozen=True, slots=True)
class SlotFact:
    """One value the user stated for a slot: "budget for the trip = 8000", "carrier = 顺丰"."""

    attribute: str
    subject: str
    value: str
    statement: str
    turn_id: str
    explicit: bool = False
    hedged: bool = False
    correction: bool = False

    @property
    def slot(self) -> str:
        return f"{self.attribute}|{self.subject}"


@dataclass(frozen=True, slots=True)
class Extraction:
    summary: str
    intent: str
    entities: dict[str, str]
    facts: tuple[SlotFact, ...]
    constraints: tuple[str, ...]
    decision: str | None
    importance: float
    ttl_days: int
    lang: str
    source_ids: tuple[str, ...]
    origin: str = "rule"
    notes: tuple[str, ...] = field(default=())


class Extractor(Protocol):
    def extract(self, turns: Sequence[Turn], place: Locality | None = None) -> Extraction:
        """What the turns say (summary, facts, intents, entities); a date they name is read on the
        user's clock and in their country, `place` (None: the extractor's own, the settings')."""
        ...


def is_user_side(turn: Turn) -> bool:
    """Everything but the agent's own turns: the user, or a named speaker in a conversation."""
    return turn.role.strip().lower() not in ASSISTANT_ROLES


# -- sentences -----------------------------------------------------------------------------------

_GREETING = prefilter.compile(
    r"^(?:你好|您好|嗨|hi|hello|hey|哈喽|在吗)[,，!！.。~\s]*|^(?:好的|嗯|ok|okay)[,，!！.。\s]+",
    re.IGNORECASE,
)


def _clean(sentence: str) -> str:
    return _GREETING.sub("", sentence).strip(" ，,。.")


# -- slot facts ----------------------------------------------------------------------------------

_CONSTRAINT = prefilter.compile(
    r"不要|别(?!人|的)|不能|必须|只要|只能|务必|一定要|不接受|避免|不超过|"
    r"\bdon'?t\b|\bdo not\b|\bnever\b|\bmust\b|\bonly\b|\bavoid\b|\bno more than\b|\bat most\b",
    re.IGNORECASE,
)


def facts_in(sentence: str, turn_id: str) -> list[SlotFact]:
    """The slot facts one user sentence states (slots.py finds them)."""
    return list(_facts_in(sentence, turn_id))


@lru_cache(maxsize=8192)
def _facts_in(sentence: str, turn_id: str) -> tuple[SlotFact, ...]:
    flags = {
        "explicit": bool(patterns.EXPLICIT.search(sentence)),
        "hedged": bool(patterns.HEDGED.search(sentence)),
        "correction": bool(patterns.CORRECTION.search(sentence)),
    }
    found: list[SlotFact] = []
    for attribute, subject, value, _ in slots.find(sentence):
        if attribute == "refund_to":
            # A refund goes where the user says for *that* order: the order id is the slot's subject.
            subject = next((v for kind, v in find_ids(sentence) if kind == "order_id"), "").lower()
        found.append(SlotFact(attribute, subject, value, sentence, turn_id, **flags))
    return tuple(found)


# -- intent --------------------------------------------------------------------------------------

_INTENTS: list[tuple[str, prefilter.Pattern]] = [
    # the user's own time: a reminder, a meeting, the calendar — first, as "remind me before the board
    # meeting" or "put a reminder in for the physio appointment" name another task's words on the way
    ("schedule", prefilter.compile(
        r"提醒我|提醒一下|日程|日历|开会|会议|例会|组会|周会|晨会|早会|家长会|面试|复诊|(?:跟|和|与)[\u4e00-\u9fff]{1,4}的会(?=改|推|取消|提前|延|挪|[，。]|$)|"
        # asked of the agent, not "it reminds me of…", "a reminder of…", "one-on-one mentoring"
        r"(?:^|\b(?:please|pls|plz|can you|could you|would you|will you|and|just|also)\s+|[,.;]\s*)remi?nd me\b(?! of| why| how| what)|"
        r"\b(?:set|put|add) (?:up )?a reminder\b|\bcalend[ae]r\b|\bmy diary\b|\bre-?schedul|\bblock (?:out|off)\b|"
        # an appointment already made, moved ("move my dentist appt to thursday", "my physio moved me to friday")
        r"\b(?:move|moved|push|pushed|shift|change) (?:my|the|our) (?:\w+ )?(?:appt|appointment|consultation|session|call|1:1|check-?up)\b|"
        r"\bmoved me to\b|\bset up a (?:call|chat|catch-?up|video call)\b|^\s*meeting (?:w/|with\b)|\bmeeting w/|"
        # the user's own diary: what is on it, free time, alarms, notes of a time
        r"\b(?:to|on|in|from|check) my (?:schedule|diary|agenda)\b|\bwhat do i have (?:on )?(?:today|tonight|tomorrow|this|next|on)\b|"
        r"\b(?:am i|are we) (?:free|busy|available) (?:on|at|this|next|tomorrow|today|tonight)\b|^\s*reminder\b|"
        r"\b(?:ping|nudge|wake) me\b|\balarm\b|\bpencil (?:in|me in)\b|"
        r"\bmy \d{1,2}(?::\d\d)?\s?(?:am|pm|o'clock) (?:meeting|call|sync|appointment|appt)\b|"
        r"\b(?:cancel|move|push|postpone|delay) (?:my|the|our) (?:\w+ ){0,2}(?:meeting|call|sync|1:1|stand-?up)\b|"
        r"\bmy \w+ (?:meeting|call|sync|appointment|appt) (?:is|was) (?:on|at|today|tomorrow|tonight|this|next|moved)\b|"
        r"\b(?:my|the) (?:call|meeting|sync|appointment|appt) with \w+ (?:today|tomorrow|tonight|on|at|this|next)\b|"
        r"\b(?:note|jot down|write down|log) (?:that )?i (?:have|'ve got|got) (?:a|an|my) [^.?!]{0,30}\b(?:appointment|appt|meeting|call|interview)\b|"
        r"\bdon'?t let me (?:oversleep|miss|be late)\b|\bdouble[- ]?booked\b|"
        r"有个会|有会|什么安排|的安排(?:吗|是)|别忘了|别让我忘|叫醒我|闹钟|会(?:推迟|延后|提前|改到|挪到|推到)|"
        r"(?:明天|后天|今晚|明早|下周|周[一二三四五六日天]|星期|礼拜|上午|下午|晚上|早上|中午|\d+[点号]|[一二三四五六七八九十两]+点)"
        r"[^。！？]{0,15}(?:记一下|记下|记着|记上)|"
        r"(?:记一下|记下|记着|记上)[^，。！？]{0,6}"
        r"(?:明天|后天|今晚|明早|下周|周[一二三四五六日天]|星期|礼拜|\d+[点号]|"
        r"[一二三四五六七八九十两]+点|[一二三四五六七八九十\d]{1,2}月[一二三四五六七八九十\d]{1,3}[日号])|"
        r"\bschedule (?:a|the|my) (?:call|meeting|sync)\b|\b(?:a|the|my|our) meeting (?:with|at|on|before|after)\b|"
        r"\b(?:set up|arrange|move|push|postpone) (?:a |the |my |our )(?:\w+ )?meeting\b|"
        r"\bstand-?up\b|\b1:1\b|\ba sync\b|\bjob interview\b|\bdon'?t let me forget\b|\bagenda\b|"
        r"\bi (?:have|'ve got|got) (?:a |an )?(?:lunch|dinner|coffee|drinks|call) with\b|约了|约好|"
        r"\bwhat have i got (?:on|for)\b|\b(?:push|move|shift) (?:that|it|this) (?:to|till|until) "
        r"(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|"
        r"\badd (?:a |an )?(?:lunch|dinner|coffee|call|meeting) with\b|"
        r"\bin the diary\b|\b1-on-1\b|会往后(?:挪|推)|(?:会|meeting)[^。！？]{0,8}推掉|记得提(?:醒)?我", re.I)),
    ("refund", prefilter.compile(r"退款|退钱|退费|退回(?!去)|返还|退一笔|退给我|钱(?:什么时候|啥时候|怎么还没)退|"
        r"\b(?:got|get|gotten|received?) my money\b|\bwhere(?:'s| is) my money\b|\brefund|money back|reimburs|"
        r"\bwant my (?:[$€£]?\d[\d.,]*|fees?|deposit) back\b|"
        r"(?:套餐|会员|课程?|门票|服务|年卡|月卡)[^。！？]{0,12}(?:能|可以|能不能|可不可以)退|"
        r"退返|(?:扣|收)[^。！？]{0,20}(?:能|可以)退吗", re.I)),
    ("return", prefilter.compile(
        r"退货|换货|退换|换个(?:大|小)|换一?(?:个|件|双)|七天无理由|"
        r"\breturn (?:it|them|the|my|this|these)\b|\bexchange (?:it|them|the|my|this|these)\b|\bsend (?:it|them) back\b|"
        r"\breturn (?:a|an)\b|\bswap (?:it|them|this|these)\b|\bswap (?:the|my) \w+ for\b|\breturn pickup\b|退回去|寄回|买错|退(?:一下|掉)(?:那|这)(?:个|件|双|台|条|套)|\b(?:doesn'?t|don'?t|didn'?t) fit\b|\breturn label\b|\bsend (?:\w+ ){0,3}back\b|\b(?:half a )?size too (?:small|big)\b|"
        r"换(?:大|小)(?:一|半)?个?码|(?:小|大)了(?:一|半)码", re.I)),
    ("complaint", prefilter.compile(
        r"投诉|差评|不满意|太差|态度差|态度太差|破服务|什么破|气死|给个说法|不理人|没人(?:管|接|理|回)|闪退|太过分|坑人|垃圾|"
        r"\bcomplain|\bterrible\b|\bunacceptable\b|\bfurious\b|\bworst\b|\bridiculous\b|\brude\b|"
        r"\bhung up\b|\bon hold for\b|\b(?:second|third|fourth|fifth) time\b|\bso slow\b|\bdriving me (?:crazy|mad|nuts)\b|"
        r"\b(?:this|it|that)(?: is|'s) (?:so |really |very )?(?:frustrating|annoying|disappointing)\b(?! for)|"
        r"\b(?:frustrated|disappointed|annoyed) (?:with|in|by) (?:you|your|the|this)\b|失望|离谱|无语|太慢了|差劲|"
        r"\bdisappoint(?:ed|ing)?\b|\bshocking\b|\bworse than\b|\bnever (?:even )?turn(?:ed)? up\b|\b\d(?:st|nd|rd|th) time\b|"
        r"顶不顺|吓人|什么服务|全是忙音|说了\s?[N\d一二三四五六七八九十几多少]+\s?次|吵到|吵得|吵死|"
        r"打不通|乱七八糟|不负责|遭不住|\bnot happy\b|\buseless\b|"
        r"\bnever showed(?: up)?\b|\bdidn'?t show up\b|\bno-show\b|"
        r"\b(?:chucked|threw|thrown|tossed|dumped|flung)\b[^.!?]{0,20}\b(?:parcel|package|box|delivery)\b|"
        r"\bdamn (?:dirty|slow|noisy|lousy|rude|expensive)\b|\bcrash(?:ed|es)?\b|\bdisgusting\b|\bawful\b|\bfed up\b|\bseriously\?", re.I)),
    ("cancel", prefilter.compile(r"取消|退订|关掉(?:自动)?续费|自动续费|不想要了|"
        r"\b(?:stop|turn off|switch off|disable)\b[^.?!]{0,30}\b(?:from )?(?:auto[- ]?)?renew|"
        r"把[^。！？]{0,20}(?:酒店|那桌|桌|订位|位子|房间?|机票|车票|门票|预订|预约)(?:给我)?退(?:掉|了)|"
        r"\bterminate\b|\bend my (?:contract|subscription|membership|plan)\b|\bdon'?t want (?:it|them|the \w+|this \w+|my \w+) any ?more\b|(?<!noise-)(?<!noise )\bcancel|\bunsubscribe\b", re.I)),
    ("delivery", prefilter.compile(
        r"快递|物流|到货|发货|配送|派送|送达|送到|寄到|运单|签收|收货|包裹|驿站|几点送|\bdeliver|\bshipping\b|\bship\b|"
        r"\bshipped\b|\bship to\b|\btracking\b|\bcustoms\b|\bdoorman\b|\bwhen will (?:it|they|my \w+) (?:arrive|come|get here)\b|"
        r"\bpackage\b|\bparcel\b|\bcourier\b|\bthe driver\b|\beta\b|\bwarehouse\b|快递柜|hasn'?t arrived|not arrived|never (?:came|arrived)|"
        r"didn'?t (?:arrive|come)|not received|没收到|还没来|还没到|到哪了|到哪儿了|清关|"
        # a takeaway rider, a thing sent to someone, an order on its way
        r"外卖小哥|外卖员|骑手|寄给|"
        r"\bwhen(?:'s| is| will) my (?:\w+ )?(?:order|parcel|package|delivery|shopping) (?:coming|arriving|due|get here)\b|"
        r"\bsend (?:it|them|the (?:replacement|package|parcel|order|item|box)|my (?:order|package|parcel)) to (?!you\b)|"
        # a carrier named is about a parcel, but for one that is also a shop (京东); as written, a
        # word of its own ("UPS", not "ups" in "groups", nor "EMS" in "items")
        rf"(?<![A-Za-z])(?-i:{slots.CARRIER_NAMES.replace('京东|', '').replace('邮政|', '')})(?![A-Za-z])", re.I)),
    ("payment", prefilter.compile(
        r"付款|支付|扣款|扣了|发票|抬头(?:是|写|开)|账单|分期|花呗|手续费|信用卡|刷卡|\bcharged?\b|\bpayment\b|\bpay (?:in|with|by|for)\b|"
        r"\binvoice\b|\bbill(?:ing)?\b|\bdeclined\b|\binstal?lments?\b|分[\d一二三四五六七八九十]+期|收错|月结单|"
        r"(?:物业|水|电|燃气|话|网)费[^。！？]{0,4}交|交[^。！？]{0,6}(?:物业|水|电|燃气|话|网)费", re.I)),
    ("account", prefilter.compile(
        r"账号|账户|登录|登陆|登入|注册|注销|会员|密码|绑定|换绑|(?:换|改)了?(?:个)?(?:新)?手机号|手机号(?:换|改)了|\bacc?ount\b|\blog ?in\b|\bsign in\b|\bmembership\b|"
        r"邮箱(?:改|换)|(?:改|换)(?:个|成)?(?:新)?邮箱|"
        r"\bpass?word\b|\breset (?:my )?(?:pin|passcode)\b|\bmy pin\b|\bpin (?:code|number)\b|\blocked out\b|\bgot locked\b|\b2fa\b", re.I)),
    ("booking", prefilter.compile(
        r"预订|预约|订票|订位|位子|机票|酒店|航班|火车票|高铁票|帮我订|帮我约|给我订|\bbook(?:ed|ing)? (?:a|me|us|the|my|two|for)\b|"
        r"\breserv|\bflight\b|\bhotel\b|\btable for\b|\ba room\b|\bappt\b|\bappointment\b|\bbook\b|"
        r"\b(?:\d+|two|three|four) rooms\b|\bfor (?:\d+|two|three|four|five|six|seven) nights\b|\bryokan\b|\bhostel\b|"
        r"订(?:一间|个|间|张|两张|一张|桌|位|房)|包间|住[一两三四五六七八九十\d]+晚|挂(?:个|一个)?号|约到|约个|能约|"
        r"\b(?:any|a few) (?:rooms|tables|seats)\b|\b(?:rooms?|tables?|seats?) (?:free|available)\b|"
        r"\b(?:\d+|two|three|four|five|six) tickets\b|\btickets? (?:for|to) the\b|\b(?:need|book|get|order|call) (?:me |us )?(?:a|an|the) (?:taxi|cab|uber|grab|lyft|ride)\b|"
        r"叫(?:个|辆|架|部)?(?:车|的士|出租车)|约(?:个|辆)车|打车|挂[^。！？，]{0,10}的号|"
        r"订[^。！？，]{0,10}(?:高铁|动车|火车|船票|门票)(?!站)|[一两三四五六\d]张[^。！？，]{0,4}票", re.I)),
    ("purchase", prefilter.compile(
        r"买|购买|下单|推荐|预算|再来[一两三四五六七八九十\d]|哪个好|哪个(?:更)?(?:好|划算)|想换(?:个|台|部)?(?:手机|电脑)|"
        r"\bbuy\b|\bpurchase\b|\bordering\b|\border (?:me |us )?(?:a|an|some|more|another|two|three)\b|"
        r"\bre-?order|"
        r"\brecommend|\bbudget\b|\bgetting an? \b|\bdo you (?:have|sell|carry)\b|\bin stock\b|\bworth buying\b|"
        r"\bwhich (?:one )?(?:is better|should i (?:get|buy))\b|\bgift ideas?\b|\bcompare (?:the|these|a)\b|"
        r"\b(?:to|in) (?:my|the) (?:cart|basket)\b|购物车|对比一下|比较一下|多少钱|什么价|\bhow much (?:is|are|does|do)\b|"
        r"\b(?:any )?deals? on\b|\bon sale\b|\bcheaper (?:version|model|one|option)\b|\blooking to buy\b|"
        r"\bi'?m looking for \w+ (?:shoes|boots|shirts?|jackets?|dress|phones?|laptops?|headphones)\b|"
        r"这款|那款|有(?:没有)?[黑白红蓝灰粉绿紫金银]色的|哪个(?:更)?(?:适合|拍照|耐用|省电|便宜|性价比)|"
        r"\bwhich (?:one )?is cheaper\b|\bdo (?:u|you) still have\b|\bi'?ll take \d|\border \d+ more\b|\b(?:need|want) (?:a |an )?(?:new|replacement|spare) (?!password|pin|account)\w+", re.I)),
]  # fmt: skip
_INTENT_LABELS = {
    "refund": ("退款", "Refund"), "return": ("退换货", "Return"), "complaint": ("投诉", "Complaint"),
    "cancel": ("取消", "Cancellation"), "delivery": ("物流", "Delivery"), "payment": ("支付", "Payment"),
    "account": ("账号", "Account"), "booking": ("预订", "Booking"), "purchase": ("购物", "Purchase"),
    "preference": ("偏好", "Preference"), "personal": ("个人信息", "Personal"), "chat": ("对话", "Conversation"),
    "schedule": ("日程", "Schedule"),
}  # fmt: skip
INTENTS = tuple(_INTENT_LABELS)
"""The intent vocabulary: what an extraction (by the rules or a model) says an event is about."""
_PERSONAL_ATTRIBUTES = {"name", "address", "allergy", "phone", "email"}


@lru_cache(maxsize=8192)
def _intents_in(text: str) -> frozenset[str]:
    return frozenset(name for name, pattern in _INTENTS if pattern.search(text))


_SLOT_INTENT = {
    "budget": "purchase", "refund_to": "refund", "appointment": "booking", "hotel": "booking",
    "party_size": "booking", "pickup": "delivery", **dict.fromkeys(_PERSONAL_ATTRIBUTES, "personal"),
    **dict.fromkeys(("employer", "job_title", "manager", "care"), "personal"),
}  # fmt: skip
"""The intent a sentence stating a slot is about; any other slot (a taste, a seat, a carrier, a
language) is a preference."""
_REQUEST = prefilter.compile(
    r"(?<!when you )(?<!if you )(?<!whenever you )\b(?:book|reserve|need|want|would like|i'd like|can you|could you|help me|get me|find me|cancel|refund)\b|"
    r"\bwhere can i\b|\bcan i (?:buy|get|order|re-?order)\b|"
    r"帮我|给我订|我要|我想|想要|想买|想申请|麻烦|请帮|(?<!了)买个",
    re.IGNORECASE,
)
"""A sentence asking for something: its task outranks a preference it mentions on the way ("I need
a flight to Lisbon, window seat if possible" is a booking)."""
_REMINDER_ASKED = prefilter.compile(r"提醒我|\bremind me\b|日历|日程|calendar|diary", re.IGNORECASE)
_HEALTH_ROUTINE = prefilter.compile(
    r"(?:过敏|高血压|糖尿病|哮喘|心脏病|\b(?:allergic|diabetic|diabetes|asthma|blood pressure)\b)"
    r"[^。！？.!?]*(?:每天|每晚|每周|\bevery (?:day|morning|night|evening)\b)",
    re.IGNORECASE,
)
"""A health fact with its daily routine ("对青霉素过敏…每天早上吃一片"): noted about a person, not a time."""
_PERSONAL_STATEMENT = prefilter.compile(
    r"生日(?!蛋糕|礼物|派对|聚会|贺卡)|出生|过敏|结婚|退休|入职|考上|毕业|搬(?:去|到|家|回)|住在|"
    r"(?:在|于)[^，。！？,]{1,10}(?:工作|上班|读书|上学|实习)|糖尿病|怀孕|"
    r"高血压|哮喘|心脏病|住院|手术|"
    r"\b(?:birthday(?! cake| present| gift| party| card)|born|allergic|married|retired|moved to|lives? in|works? (?:at|for)|job at|intern at|got into|"
    r"coeliac|celiac|diabetic|pregnant|can't eat|cannot eat|turns \d+|graduated|asthma|blood pressure|surgery|"
    r"i work (?:nights|night shifts|shifts|from home|as an?)|i'?m an? (?:\w+ )?(?:nurse|teacher|doctor|engineer|student|developer|"
    r"designer|lawyer|accountant|chef|pilot|firefighter|pharmacist|dentist|vet|farmer|retiree))\b",
    re.IGNORECASE,
)
"""Facts about the user or their people: who they are, where they live and work, their health."""


_CONTACT_ATTRIBUTES = frozenset({"address", "phone", "email"})
OWN_LIFE_SLOTS = frozenset({"provider", "employer", "job_title", "manager", "care"})
"""Slots of one person's life (providers.py, work_and_care.py): in a conversation between named
people (LoCoMo) each speaker has their own, and one memory holds them all - one speaker's new job
would close another's - so they are read only in a user's conversation with an agent."""
_NAMED_CHOICES = frozenset({"carrier", "payment", "hotel", "seat", "size", "delivery_time", "provider"})
"""Slots whose value names a choice within a task (a carrier, a seat): said with no word of taste, the
sentence is about the task ("Flight to Tokyo on the 3rd, aisle if u can")."""
CONTACT = "contact"
"""A sentence that gives only contact details: personal by itself, else the event's task's ("ship to
221 Baker Street" after "where is my parcel" is about the delivery)."""
_PREFERENCE_CUE = prefilter.compile(
    r"喜欢|不喜欢|习惯|以后|讨厌|受不了|偏好|总是|从不|一向|一直|只用|只要|"
    r"\b(?:prefer|rather|always|usually|never|ever|only|from now on|i like|i love|i hate|can'?t stand|no-go|"
    r"by default|going forward|stop (?:recommending|suggesting|sending)|"
    # how the agent should speak or show things ("speak a bit slower", "make the writing bigger")
    r"speak (?:a bit |a little |more )?(?:slower|louder|more slowly)|"
    r"(?:writing|text|font|letters) (?:bigger|larger)|don'?t (?:ever )?recommend|no more (?!than\b)\w+)\b|"
    r"(?:别|不要)(?:再)?(?:给我)?推荐|(?:别|不要)(?:再)?给我(?:发|打|寄)",
    re.IGNORECASE,
)
"""Words of a standing taste or habit: "I'd rather get emails", "我习惯晚上十点以后不接电话"."""


_RELATIVE_IS = prefilter.compile(
    rf"我(?:的|们的)?(?:[\u4e00-\u9fff]{{0,2}}的)?(?:{relations.alternation(relations.CHINESE)})(?:是|叫|在|住|今年|刚|已经|的)|"
    rf"\b(?i:my|our)\s+(?:[a-z]+\s+)?(?i:{relations.alternation(relations.ENGLISH)})(?:'s\b|\s+(?:is|was|works|lives|just|got|has|turns))"
)
"""Who the user's people are: "我儿子的班主任是周老师", "my brother works nights"."""


_STANDING_REQUEST = prefilter.compile(
    r"\b(?:always|from now on|going forward|in (?:the )?future|whenever you),? (?:\w+ )?"
    r"(?:book|get|order|buy|choose|pick|send|ship|reserve)\b|"
    r"以后[^。！？]{0,6}都(?:给我|帮我)?(?:订|选|买|要|安排|叫|用)|每次都按",
    re.IGNORECASE,
)
"""A request that is a standing rule, not one task: "always book aisle seats for me", "以后订机票都给我选靠走道的"."""
_BIRTHDAY_STATED = prefilter.compile(
    r"生日(?:是|在|快到了)|\d{1,2}\s?月\s?\d{1,2}\s?[日号]生日|\bbirthday(?: is|'s)\b|'s birthday (?:on|is)\b|\bturns \d+",
    re.IGNORECASE,
)
"""A birthday stated: a personal fact even when a reminder is asked on the way."""
_RULE_TOPICS = frozenset({"schedule", "purchase"})
"""Tasks whose words also state a standing rule with a word of habit: meetings, recommendations."""
_ASKS_AGENT = prefilter.compile(r"^\s*(?:do|are|have|did|would|will) you\b", re.IGNORECASE)
"""A question about the agent ("do you ever get bored…"): small talk, not the user's taste."""


def named_in(text: str, participants: Collection[str] = ()) -> list[tuple[str, str]]:
    """find_named for a user's conversation with an agent; nothing for a conversation between
    named people (`participants`, see classify_intent)."""
    return [] if participants else list(find_named(text))


def sentence_intent(
    sentence: str, facts: Sequence[SlotFact], participants: Collection[str] = ()
) -> str | None:
    """What one user sentence is about: the slot it states (a personal fact, a preference, or the
    task the slot belongs to), unless it asks for a task; else a personal statement, a standing
    preference ("from now on..."), or the task its words name."""
    task = next((name for name, pattern in _INTENTS if pattern.search(sentence)), None)
    if task == "schedule" and _BIRTHDAY_STATED.search(sentence):
        task = None  # "我妈妈的生日是3月21号，帮我记一下": the fact, with a reminder on the way (tune3's labelling)
    if task == "schedule" and _HEALTH_ROUTINE.search(sentence) and not _REMINDER_ASKED.search(sentence):
        task = None  # "我妈对青霉素过敏…每天早上吃一片…，你帮我记一下": a health fact noted, no time to keep
    if task in {"booking", "purchase", "delivery"} and _STANDING_REQUEST.search(sentence):
        return "preference"  # "always book aisle seats for me pls": a rule for every booking
    if facts:
        attribute = facts[0].attribute
        by_slot = _SLOT_INTENT.get(attribute, "preference")
        if task is not None and task != by_slot:
            if (
                _REQUEST.search(sentence) or (task == "schedule" and _REMINDER_ASKED.search(sentence))
            ) and by_slot in {"preference", "personal"}:
                return task  # "提醒我…去华西医院复查，挂的是幸医生的号": the reminder, not the doctor
            if attribute in _CONTACT_ATTRIBUTES:
                return task  # an address or a phone given for a delivery, an e-mail for an account
            if attribute in _NAMED_CHOICES and not _PREFERENCE_CUE.search(sentence):
                return task  # "顺丰说今天派送，到现在还没来": the carrier named, no taste stated
            if by_slot not in {"preference", "personal"}:
                return task  # the task the words name outranks the one a slot guesses
        if by_slot == "personal" and attribute in _CONTACT_ATTRIBUTES:
            return CONTACT
        return by_slot
    if task is not None and _REQUEST.search(sentence):
        return task  # "...考上了复旦大学，我想送她一台笔记本电脑，有什么推荐吗" asks for the task
    if task in _RULE_TOPICS and _PREFERENCE_CUE.search(sentence):
        return "preference"  # "no meetings before 10am, ever", "我平时只用Chrome，别给我推荐Safari"
    if (
        _PERSONAL_STATEMENT.search(sentence)
        or _RELATIVE_IS.search(sentence)
        or (task is None and any(kind in {"person", "org"} for kind, _ in named_in(sentence, participants)))
    ):
        return "personal"
    if (
        task is None
        and (patterns.EXPLICIT.search(sentence) or _PREFERENCE_CUE.search(sentence))
        and not _ASKS_AGENT.match(sentence)
    ):
        return "preference"
    return task


@lru_cache(maxsize=8192)
def _sentence_intent(sentence: str, stated: tuple[SlotFact, ...]) -> str | None:
    """`sentence_intent` of a user's sentence, kept: an event's intent is read again over all its
    sentences at each of its turns."""
    return sentence_intent(sentence, stated)


def first_task_intent(texts: Sequence[str], facts: Sequence[SlotFact]) -> str:
    """The first task word anywhere, else a taste or explicit preference, else a personal fact."""
    present = frozenset().union(*(_intents_in(text) for text in texts))
    # people talking among themselves mention meetings they had; `schedule` is a request about the
    # user's calendar, which such a conversation does not make
    found = next((name for name, _ in _INTENTS if name in present and name != "schedule"), None)
    if found is not None:
        return found
    if any(fact.explicit or fact.attribute == "taste" for fact in facts):
        return "preference"
    if any(fact.attribute in {"name", "address", "allergy"} for fact in facts):
        return "personal"
    return "chat"


def classify_intent(
    texts: Sequence[str], facts: Sequence[SlotFact], participants: Collection[str] = ()
) -> str:
    """What the user's side of an event is about: each sentence's intent weighed by how much the
    sentence says; the earlier sentence wins a tie. Not the first task word anywhere: "I'm allergic
    to peanuts, remember that when you suggest restaurants" is personal, not a booking.

    A conversation between named people (`participants`: speakers other than "user" and the agent's
    roles, as in LoCoMo) keeps the first task word (`first_task_intent`): its events are chat, and
    there the sentence-level intents and the names, organisations and places of `named_in` change
    the summaries' labels and entities for nothing — measured on locomo-dev, multi-hop ev@10
    0.465 -> 0.429 (BENCHMARKS.md). They are for a user's conversation with an agent."""
    if participants:
        return first_task_intent(texts, facts)
    weights: dict[str, float] = {}
    first: dict[str, int] = {}
    position = 0
    for text in texts:
        for sentence in sentences(text):
            # (no participants here: a conversation between named people returned above)
            stated = tuple(fact for fact in facts if fact.statement == sentence) or _facts_in(sentence, "")
            intent = _sentence_intent(sentence, stated)
            if intent is not None:
                # a refund, return, complaint or cancellation is what the whole event is for
                urgent = intent in {"refund", "return", "complaint", "cancel"}
                # ... and an order or ticket id marks the sentence a task is about
                task = intent not in {"personal", "preference", CONTACT}
                weight = (
                    1.0
                    + 0.5 * bool(stated)
                    + min(len(sentence), 80) / 80
                    + urgent
                    + (task and bool(find_ids(sentence)))
                    + 0.5 * (intent == "personal" and not stated)  # a health or life fact stated
                    + (task and _REQUEST.search(sentence) is not None)  # a task asked for outranks the facts
                )
                weights[intent] = weights.get(intent, 0.0) + weight
                first.setdefault(intent, position)
            position += 1
    contact = weights.pop(CONTACT, 0.0)
    if contact:
        tasks = [name for name in weights if name not in {"personal", "preference"}]
        # contact details serve the event's task; alone (or beside facts) they are personal
        into = max(tasks, key=lambda name: weights[name]) if tasks else "personal"
        weights[into] = weights.get(into, 0.0) + contact
        first.setdefault(into, first.pop(CONTACT))
    if not weights:
        return "chat"
    return max(weights, key=lambda name: (weights[name], -first[name]))


# -- decision, importance, summary ---------------------------------------------------------------

_DECISION = prefilter.compile(
    r"已|为您|帮您|将会|会在|安排|提交|处理|预计|可以为|\bI'?ve\b|\bI have\b|\bwe'?ll\b|\bI'?ll\b|\bwill\b|"
    r"\bscheduled\b|\bprocessed\b|\bsubmitted\b|\bbooked\b|\bnoted\b|\bdone\b",
    re.IGNORECASE,
)
_ID_TYPES = ("order_id", "tracking_no", "ticket_id", "booking_ref", "flight_no")
_DETAIL_TYPES = ("money", "date", RELATIVE_DATE, "phone", "email", "place", "person")


@lru_cache(maxsize=8192)
def _is_constraint(sentence: str) -> bool:
    return _CONSTRAINT.search(sentence) is not None


@lru_cache(maxsize=8192)
def _is_decision(sentence: str) -> bool:
    return len(sentence) > 4 and _DECISION.search(sentence) is not None


def find_decision(turns: Sequence[Turn]) -> str | None:
    for turn in reversed(turns):
        if is_user_side(turn):
            continue
        for sentence in sentences(turn.text):
            if _is_decision(sentence):
                return _clean(sentence)[:80]
    return None


def score_importance(
    intent: str, entities: dict[str, str], facts: Sequence[SlotFact], constraints: int
) -> float:
    importance = {"chat": 0.15, "purchase": 0.4, "personal": 0.5, "preference": 0.5}.get(intent, 0.5)
    if any(key.rstrip("_0123456789") in _ID_TYPES for key in entities):
        importance += 0.3
    if facts or constraints:
        importance += 0.2
    if any(fact.explicit for fact in facts):
        importance += 0.3
    if any(key.rstrip("_0123456789") in _DETAIL_TYPES for key in entities):
        importance += 0.1
    return round(min(1.0, max(0.05, importance)), 2)


def ttl_for(importance: float) -> int:
    """Short-term lifetime: 7 days for the least important, 30 for the most."""
    return round(7 + 23 * importance)


def said_by_a_named_speaker(turn: Turn) -> bool:
    """A turn of a conversation between named people (a speaker's name as its role, as in LoCoMo),
    not of a user talking with an agent."""
    return turn.role.strip().lower() not in {"user", *ASSISTANT_ROLES}


def stated_facts(sentence: str, turn: Turn) -> list[SlotFact]:
    """The slot facts a sentence of `turn` states, without the slots of one's own life when a named
    speaker says it (see OWN_LIFE_SLOTS)."""
    facts = facts_in(sentence, turn.turn_id)
    if said_by_a_named_speaker(turn):
        return [fact for fact in facts if fact.attribute not in OWN_LIFE_SLOTS]
    return facts


def _informative(sentence: str, at_turn: Turn) -> int:
    """How much a user sentence says: ids and facts count most, a bare reaction nothing."""
    return _informative_cached(sentence, at_turn.turn_id, at_turn.time, said_by_a_named_speaker(at_turn))


@lru_cache(maxsize=8192)
def _informative_cached(sentence: str, turn_id: str, at: datetime, named_speaker: bool) -> int:
    score = 0
    if find_entities(sentence, at):
        score += 2
    facts = facts_in(sentence, turn_id)
    if named_speaker:
        facts = [fact for fact in facts if fact.attribute not in OWN_LIFE_SLOTS]
    if facts:
        score += 2
    if _is_constraint(sentence):
        score += 1
    if _intents_in(sentence):
        score += 1
    if patterns.CHITCHAT.match(sentence) or patterns.TASK_DONE.fullmatch(sentence.strip(" !！。.")):
        return 0
    return score + (1 if len(sentence) >= 12 else 0)


MAX_GIST_SENTENCES = 3


def pick_gist(turns: Sequence[Turn], outdated: frozenset[str] = frozenset()) -> list[tuple[str, Turn]]:
    """The user sentences that carry the event, best first (at most three), in spoken order;
    `outdated` sentences (whose values a later sentence replaced) are left out."""
    scored = [
        (score, index, _clean(sentence), turn)
        for index, turn in enumerate(turns)
        if is_user_side(turn)
        for sentence in sentences(turn.text)
        if sentence not in outdated and (score := _informative(sentence, turn)) > 0 and _clean(sentence)
    ]
    best = sorted(scored, key=lambda item: (-item[0], item[1]))[:MAX_GIST_SENTENCES]
    return [(sentence, turn) for _, _, sentence, turn in sorted(best, key=lambda item: item[1])]


def write_summary(lang: str, intent: str, gist: Sequence[str], decision: str | None) -> str:
    label_zh, label_en = _INTENT_LABELS[intent]
    if lang == "zh":
        body = "；".join(sentence.rstrip("。.!！") for sentence in gist)
        return f"{label_zh}：{body}" + (f"。处理：{decision}" if decision else "")
    body = " ".join(sentence if sentence[-1:] in ".!?" else sentence + "." for sentence in gist)
    return f"{label_en}: {body}" + (f" Outcome: {decision}" if decision else "")


_EMPLOYED = prefilter.compile(
    r"(?:在|去|入职|加入).{0,6}(?:上班|工作|实习|入职)|\b(?:works?|working|job|intern(?:ing)?|employed|joined)\b",
    re.I,
)
_SHIPPING = prefilter.compile(
    r"快递|物流|包裹|单号|运单|发货|寄|派送|签收|速递|"
    r"\b(?:ship\w*|deliver\w*|parcel|package|courier|tracking|"
    # an item sent back or collected ("send the walker back", "can Purolator pick it up")
    r"send\w* (?:\w+ ){0,3}back|collect(?:ion)?|pick-?up|pick(?:s|ed|ing)? (?:it |them )?up)\b",
    re.I,
)


def type_carriers(
    pairs: list[tuple[str, str]], facts: Sequence[SlotFact], texts: Sequence[str]
) -> list[tuple[str, str]]:
    """One type for a carrier's name: `carrier`, not `org` too ("顺丰", "DHL"), unless the user works
    there ("我老公在顺丰上班"); a name that is also a shop (京东) only where the event is about shipping.
    In an event about shipping every carrier it names is one ("Evri left my package in a safe place")."""
    text = " ".join(texts)
    folded = traditional.fold(text)  # "順豐" is the carrier 顺丰, as the user wrote it
    shipping = bool(_SHIPPING.search(folded)) or any(fact.attribute == "carrier" for fact in facts)
    carriers = {traditional.fold(fact.value) for fact in facts if fact.attribute == "carrier"}
    employer = {value for kind, value in pairs if kind == "org" and _works_at(value, texts)}
    if shipping:
        typed = {value for _, value in pairs}
        named = [
            name
            for name in (traditional.in_original(found, folded, text) for found in slots.carriers_in(folded))
            if name not in typed and name not in employer
        ]
        pairs = [*pairs, *(("carrier", name) for name in dict.fromkeys(named))]
    retyped = [
        ("carrier", value)
        if kind == "org"
        and value not in employer
        and (traditional.fold(value) in carriers or slots.carrier_named(traditional.fold(value), shipping))
        else (kind, value)
        for kind, value in pairs
    ]
    return list(dict.fromkeys(retyped))


def type_budget(entities: dict[str, str], facts: Sequence[SlotFact]) -> dict[str, str]:
    """A budget stated without a currency ("预算三千") is the `budget`, not `money` too; with one
    ("budget around $300", "预算500块") it stays `money` (the slot fact keeps the budget)."""
    budgets = {
        fact.value for fact in facts if fact.attribute == "budget" and not slots.has_currency(fact.value)
    }
    return {
        (
            "budget"
            if key.rstrip("_0123456789") == "money" and value in budgets and "budget" not in entities
            else key
        ): value
        for key, value in entities.items()
    }


def _works_at(org: str, texts: Sequence[str]) -> bool:
    return any(
        org in sentence and _EMPLOYED.search(sentence) for text in texts for sentence in sentences(text)
    )


class RuleExtractor:
    """The default extractor: rules only, Chinese and English, no network. A date a turn names
    ("明天", "next Friday") is read on the users' clock (`place`: the settings' time zone)."""

    def __init__(self, place: Locality = EVERYWHERE) -> None:
        self.place = place

    def extract(self, turns: Sequence[Turn], place: Locality | None = None) -> Extraction:
        place = place or self.place
        # read with plain spaces (a phone's no-break space, a zero-width one, a tab): what is found and
        # summarised is what the turns say, whichever spaces they were typed with
        turns = [replace(turn, text=numbers_with_units(plain_spaces(turn.text))) for turn in turns]
        user_turns = [turn for turn in turns if is_user_side(turn)]
        participants = {turn.role.strip().lower() for turn in turns} - {"user", *ASSISTANT_ROLES}
        facts: list[SlotFact] = []
        constraints: list[str] = []
        read_texts: list[str] = []
        pairs: list[tuple[str, str]] = []
        for turn in user_turns:
            # The rules read Simplified characters; what they find is reported as the user wrote it.
            # English typed small is read with its capitals (`capitals`): the finders know names by them
            read = replace(turn, text=with_capitals(traditional.fold(turn.text)))
            read_texts.append(read.text)
            found: list[tuple[str, str]] = []
            # who, which organisation, where (issue 16) — before the older finders, whose "from X"
            # would make "Microsoft" in "David Chen from Microsoft in Seattle" a place
            found += named_in(read.text, participants)
            said_at = place.wall_time(read.time)
            found += find_entities(read.text, said_at)
            found += bare_tomorrow(read.text, said_at)
            pairs += [(kind, traditional.in_original(value, read.text, turn.text)) for kind, value in found]
            for sentence in sentences(read.text):
                facts += [_as_written(fact, read.text, turn.text) for fact in stated_facts(sentence, read)]
                if _is_constraint(sentence):
                    constraints.append(_clean(traditional.in_original(sentence, read.text, turn.text)))
        standing = _latest_per_slot(facts)
        outdated = frozenset(fact.statement for fact in facts if fact not in standing) - frozenset(
            fact.statement for fact in standing
        )
        gist = pick_gist(turns, outdated)
        for turn in turns:  # ids the agent confirmed count too ("your order SF123456 ...")
            if not is_user_side(turn):
                pairs += [
                    pair
                    for pair in find_entities(turn.text, place.wall_time(turn.time))
                    if pair[0] in _ID_TYPES
                ]
        addresses = [value for kind, value in pairs if kind == "address"] + [
            fact.value for fact in standing if fact.attribute == "address"
        ]
        # a city, a district or a building inside the address given is part of it, not a place or a
        # product of its own ("SOHO" in "建国路88号SOHO现代城")
        pairs = [
            pair
            for pair in pairs
            if pair[0] not in {"place", "product"} or not any(pair[1] in a for a in addresses)
        ]
        pairs = type_carriers(pairs, standing, [turn.text for turn in user_turns])
        entities = as_mapping(pairs)
        for fact in standing:
            if fact.attribute in {"refund_to", "carrier", "budget", "address", "phone", "email"} and not any(
                fact.value in value for value in entities.values()
            ):
                entities.setdefault(fact.attribute, fact.value)  # not again: "500" is in the money "500块"
        entities = type_budget(entities, standing)
        intent = classify_intent(
            [_spaced(respelled(text)) for text in read_texts],  # the user's turns as read above
            facts,
            participants,
        )
        lang = user_language([turn.text for turn in user_turns or turns])
        decision = find_decision(turns)
        if decision is not None and has_cjk(decision) != (lang == "zh"):
            decision = None  # the agent answered in another language: one language per summary
        gist = [pair for pair in gist if has_cjk(pair[0]) == (lang == "zh")] or gist
        importance = score_importance(intent, entities, facts, len(constraints))
        sources = tuple(dict.fromkeys(turn.turn_id for _, turn in gist)) or tuple(
            t.turn_id for t in user_turns
        )
        return Extraction(
            summary=write_summary(
                lang, intent, [sentence for sentence, _ in gist] or [turns[-1].text], decision
            ),
            intent=intent,
            entities=entities,
            facts=tuple(standing),
            constraints=tuple(dict.fromkeys(constraints)),
            decision=decision,
            importance=importance,
            ttl_days=ttl_for(importance),
            lang=lang,
            source_ids=sources,
        )


_SCRIPT_JOIN = prefilter.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z])|(?<=[A-Za-z])(?=[\u4e00-\u9fff])")


def _spaced(text: str) -> str:
    """A space where Chinese characters meet Latin letters: the English words of a mixed message are words
    to the intent rules ("帮我refund", "cancel咗个plan"), where a word boundary between 我 and r is none."""
    return _SCRIPT_JOIN.sub(" ", text) if not text.isascii() else text


def _as_written(fact: SlotFact, folded: str, original: str) -> SlotFact:
    """A fact read from the folded text (traditional.fold), its value and statement as the user wrote
    them; the slot's names stay as the rules read them."""
    if folded == original:
        return fact
    return replace(
        fact,
        value=traditional.in_original(fact.value, folded, original),
        statement=traditional.in_original(fact.statement, folded, original),
    )


_CJK_CHAR = prefilter.compile(r"[\u4e00-\u9fff]")
_LATIN_WORD = prefilter.compile(r"[A-Za-z]{2,}")


def user_language(texts: Sequence[str]) -> str:
    """Chinese when the user writes more Chinese characters than English words: "我的账号登录不上，
    一直提示 password error" is Chinese, "my colleague 王伟 works at Tencent" is English."""
    text = " ".join(texts)
    if not has_cjk(text):
        return "en"
    return "zh" if len(_CJK_CHAR.findall(text)) >= len(_LATIN_WORD.findall(text)) else "en"


def _latest_per_slot(facts: Sequence[SlotFact]) -> list[SlotFact]:
    """Within one event, the last value stated for a slot is the one that stands."""
    latest: dict[str, SlotFact] = {}
    for fact in facts:
        latest.pop(fact.slot, None)
        latest[fact.slot] = fact
    return list(latest.values())


_KEY_TYPES = (*_ID_TYPES, "money", "phone", "email", "person", *DATE_KINDS)
_VAGUE_DATES = {"today", "tonight", "今天", "this week", "this weekend", "这周"}


def _is_key_entity(kind: str, value: str, turn: Turn) -> bool:
    if kind.rstrip("_0123456789") not in _KEY_TYPES:
        return False
    # "today" in "how are you today?" dates nothing; a resolved "today" is the turn's own date.
    return not (
        kind in DATE_KINDS and (value.lower() in _VAGUE_DATES or value == turn.time.date().isoformat())
    )


def has_key_information(turn: Turn) -> bool:
    """A turn worth writing at once: an id, a date, money, contact details, a stated preference,
    constraint or identity, or an explicit "remember this"."""
    found = find_entities(turn.text, turn.time)
    if not is_user_side(turn):
        return any(kind in _ID_TYPES for kind, _ in found)
    if patterns.EXPLICIT.search(turn.text):
        return True
    if any(_is_key_entity(kind, value, turn) for kind, value in found):
        return True
    return any(stated_facts(sentence, turn) for sentence in sentences(turn.text))
