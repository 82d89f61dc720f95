"""Providers: which company serves the user for a kind of service — their streaming and music
services, mobile network, broadband, bank, energy supplier, insurer, supermarket, password
manager, coffee chain, gym — named by a brand, in English and Chinese.

Why: "We pay for Netflix." then "dropped netflix and picked up Disney+ for the kids"; "My phone
plan is with Vodafone." then "Ported my number over to giffgaff"; "工资卡是招行的。" then "公司统一换成
工行发工资了". Such a switch shares no word with what it replaces, and a sentence encoder puts the two
apart; but both name a brand of the same kind, which a gazetteer knows. The slot is `provider`
with the kind as its subject (exact: a streaming service is not a music service), the brand its
value, so a switch closes the old one as any slot conflict does (conflicts.py).

A brand alone is no statement of use ("watched a Netflix show", "I work at Barclays"): the
sentence must say the user uses it (`_USE`: "I use", "we're with", "switched to", "我用", "换成",
"是…的") or name the service beside it ("my phone plan", "宽带", "工资卡"). Of two brands of one
kind, the value is the one not being left ("cancelled Netflix and got Disney+", "从电信转到联通").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hindsight import prefilter

_BRANDS: dict[str, str] = {
    "streaming": r"netflix|disney\s?(?:\+|plus)|prime video|amazon prime|apple tv\+?|now tv|paramount\+|hulu|"
    r"hbo max|britbox|爱奇艺|腾讯视频|优酷|芒果tv|b站大会员",
    "music": r"spotify|apple music|youtube music|tidal|deezer|amazon music|网易云(?:音乐)?|qq音乐|"
    r"酷狗(?:音乐)?|酷我",
    "mobile network": r"vodafone|giffgaff|lebara|tesco mobile|voxi|smarty|sky mobile|id mobile|verizon|"
    r"t-mobile|at&t|(?<![a-z])ee(?![a-z])|(?<![a-z])o2(?![a-z])|中国移动|中国联通|中国电信|移动|联通|电信|广电",
    "broadband": r"virgin media|talktalk|plusnet|hyperoptic|community fibre|sky broadband|"
    r"(?<![a-z])bt(?![a-z])|长城宽带|移动|联通|电信",
    "bank": r"barclays|hsbc|natwest|monzo|starling|santander|nationwide|halifax|revolut|first direct|"
    r"招行|招商银行|工行|工商银行|建行|建设银行|农行|农业银行|中国银行|交行|交通银行|浦发|中信银行|邮储",
    "energy supplier": r"british gas|octopus|e\.?on|edf|ovo|scottish power|so energy|"
    r"华润燃气|港华燃气|港华|新奥燃气",
    "insurer": r"aviva|direct line|admiral|axa|churchill|hastings|平安保险|中国人保|人保|太平洋保险",
    "supermarket": r"tesco|aldi|lidl|sainsbury'?s|asda|waitrose|ocado|morrisons|"
    r"盒马|永辉|山姆|沃尔玛|家乐福|物美|叮咚买菜|美团买菜|朴朴",
    "password manager": r"lastpass|1password|bitwarden|dashlane|keepass",
    "coffee": r"starbucks|costa|pret|caff[eè] nero|星巴克|瑞幸|库迪|manner",
    "gym": r"puregym|the gym group|david lloyd|anytime fitness|乐刻|超级猩猩",
}
"""Brands by kind of service: well known, and none a common word (EE and O2 only as whole words)."""

_SERVICE: dict[str, str] = {
    "streaming": r"stream\w*|subscri\w*|会员|追剧|看剧",
    "music": r"music|playlists?|听歌|音乐",
    "mobile network": r"phone plan|mobile (?:plan|network|contract)|network|sim|contract|ported|my number|"
    r"手机号|手机卡|号码|套餐|流量|携号转网|转网",
    "broadband": r"broadband|internet|wi-?fi|fibre|宽带|网络",
    "bank": r"bank\w*|account|current account|savings|salary|mortgage|工资卡|银行卡|开户|存款|账户|发工资",
    "energy supplier": r"energy|gas|electric\w*|supplier|燃气|电费|煤气",
    "insurer": r"insur\w*|renew\w*|quote|cover|保险|车险|续保|投保",
    "supermarket": r"shop|shopping|groceries|grocery|food order|买菜|超市|采购",
    "password manager": r"passwords?|vault|密码",
    "coffee": r"coffee|latte|flat white|americano|咖啡|拿铁|美式",
    "gym": r"gym|work out|membership|健身|锻炼",
}

_USE = prefilter.compile(
    r"\b(?:i|we)(?:'m| am|'re| are)? "
    r"(?:use|using|with|on|have|pay for|subscribe to|bank with|shop at|stick with)\b|"
    r"\b(?:is|are|'s) (?:with|at|on|from)\b|"
    r"\b(?:switch(?:ed|ing)?|mov(?:ed|ing)|chang(?:ed|ing)|port(?:ed|ing)|migrat(?:ed|ing)|"
    r"transferr?(?:ed|ing)) "
    r"(?:\w+ ){0,3}(?:to|over to)\b|"
    r"\b(?:went|go|going) with\b|\bpicked up\b|\bsigned up\b|\bgot\b|\bjoined\b|"
    r"\b(?:usually|always|my usual|go-to|regular)\b|\bnow (?:with|on|at)\b|"
    r"\b(?:i|we) (?:do my|do our|get my|get our)\b|\bmy\b|\bour\b|"
    r"每天|一般|平时|常去|我(?:们|家)?(?:一直|平时|现在|都)?(?:用|在|办|开|买|喝|去|存)|用的是|是.{1,12}的|"
    r"换成|换到|改用|改成|改去|改喝|转到|转投|转去|转成|以后(?:去|用|在)|现在(?:去|用|在|喝)|统一换|听歌用|看剧用",
    re.IGNORECASE,
)
"""Words that say the brand is the user's own: their use, their account, a switch to it."""

_COPULA = prefilter.compile(r"\b(?:is|are)\b|'s\b|是|用", re.IGNORECASE)

_LEAVING = prefilter.compile(
    r"(?:dropp(?:ed|ing)|cancell?(?:ed|ing)|cancel|left|leaving|quit|ditch(?:ed)?|from|instead of|not|"
    r"no more|"
    r"moved (?:away )?from|退了|取消(?:了)?|不用|不续|从|不再用|告别)\s*(?:my |our |the )?$",
    re.IGNORECASE,
)
"""Words just before a brand that say the user is leaving it."""

_COMPILED = {
    kind: (
        prefilter.compile(rf"(?<![A-Za-z0-9&])(?:{brands})(?![A-Za-z0-9&+])", re.IGNORECASE),
        prefilter.compile(_SERVICE[kind], re.IGNORECASE),
    )
    for kind, brands in _BRANDS.items()
}
_ANY_BRAND = prefilter.compile(
    r"(?<![A-Za-z0-9&])(?:"
    + "|".join(f"(?:{brands})" for brands in _BRANDS.values())
    + r")(?![A-Za-z0-9&+])",
    re.IGNORECASE,
)
"""Any brand, as a whole word: the cheap first look (every sentence written is read for slots)."""

_NOT_A_PROVIDER = prefilter.compile(
    r"\b(?:work(?:s|ed|ing)? (?:at|for)|job at|interview\w* (?:at|with)|hired by|colleague|recruiter|"
    r"shares? in|stock|advert|ad for|show on|series on|watch(?:ed|ing)? (?:\w+ ){0,3}on)\b|"
    r"在.{0,6}上班|入职|面试|股票|辞职|跳槽|当(?:销售|客服|经理|会计|老师|医生|护士|程序员|柜员)|工作",
    re.IGNORECASE,
)
"""Sentences where a brand is an employer, a stock or a show's channel, not the user's provider."""


_CONSIDERING = prefilter.compile(
    r"\b(?:thinking (?:about|of)|consider\w*|might|maybe|perhaps|plan(?:ning)? to|should i|whether)\b|"
    r"想(?:换|用|转|办)|考虑|打算|要不要|可能|是不是该",
    re.IGNORECASE,
)
"""A switch only thought about: the user is still with the brand they have."""
_QUESTION = prefilter.compile(
    r"[?？]\s*$|^\s*(?:is|are|does|do|should|can|could|which|what|how|why)\b|吗[？?。]?\s*$|哪(?:个|家)",
    re.IGNORECASE,
)


def find(sentence: str) -> Iterator[tuple[str, str, str, int]]:
    """("provider", kind, brand, position) for each kind of service the sentence says the user is
    served by (nothing for a question, or a switch only thought about)."""
    if not _ANY_BRAND.search(sentence) or _NOT_A_PROVIDER.search(sentence) or _QUESTION.search(sentence):
        return
    if _CONSIDERING.search(sentence):
        return
    use = bool(_USE.search(sentence))
    for kind, (brands, service) in _COMPILED.items():
        found = list(brands.finditer(sentence))
        if not found:
            continue
        if not use and not (service.search(sentence) and _COPULA.search(sentence)):
            continue  # "Home broadband is BT": the service named and the brand said to be it
        if kind in {"mobile network", "broadband", "bank", "insurer"} and not service.search(sentence):
            continue  # "EE", "BT", "平安", "Barclays" said alone are too often something else
        kept = [m for m in found if not _LEAVING.search(sentence[max(0, m.start() - 16) : m.start()])]
        if not kept:
            continue  # only brands being left ("cancelled Netflix"): nothing is the value yet
        chosen = kept[-1]
        yield "provider", kind, chosen.group(0), chosen.start()
