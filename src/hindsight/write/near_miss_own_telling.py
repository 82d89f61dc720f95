"""Round 32: patterns of the rule exemptions written from the near-miss twins of two new authors (g-r40,
g-r41): a reply style the user drops for themselves (guard_override.style_dropped), the user's own
telling (guard_others.own_telling), a question the user asks about what they should tell people
(guard_others_data.within_own_question), a question about how the assistant works
(guard_hidden.asks_how_it_works), a disowned message the user asks to warn of and a channel the user
refuses or an official account they used themselves (guard_own.warns_of_a_disowned_message,
own_channel). Each exemption is read only once its rule has matched, and takes out only the span it
names: whatever else the text says is read by the rule as before."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import patterns

STYLE_DROPPED = prefilter.compile(
    r"\b(?:skip|drop|cut(?: out)?|lose|ditch|leave out|no more|stop (?:the|with the)|without)\s+"
    r"(?:the\s+|all\s+|all the\s+|your\s+|any\s+)?(?:small ?talk|pleasantries|chit-?chat|greetings?|intros?"
    r"|introductions?|preambles?|fluff|filler|emojis?|recaps?|sign-?offs? at the end|apolog(?:y|ies)|niceties"
    r"|waffle|chatter|padding|flattery|compliments)\b"
    r"|(?:跳过|不用|不要|别再?|去掉|省掉|省去|少|少来|免了)(?:那些|这些|什么)?(?:客套话?|寒暄|开场白|废话|套话|表情包?|铺垫|"
    r"客气话|恭维|彩虹屁|总结)",
    re.IGNORECASE,
)
"""A part of the reply's form dropped ("skip the small talk", "以后别再说客套话"): the user's own style."""

RULE_LABEL = prefilter.compile(
    r"\bnew (?:house )?rules?\s*[:：-]?|\bstanding rule\s*[:：-]?|新规矩\s*[:：]?|新规定\s*[:：]?",
    re.IGNORECASE,
)
"""The label of a preference ("new rule: …"): a name for what follows, not the agent's rules."""

CHECK_NAMED = prefilter.compile(
    rf"\b{patterns._CHECK_EN}\b|{patterns._CHECK_ZH}|\b(?:safety|privacy|security|content|guard)\b"
    r"|安全|隐私|内容|审查|守则",
    re.IGNORECASE,
)
"""A check, rule, limit or safety named anywhere once the style and the label are taken out."""

OWN_TELLING = prefilter.compile(
    r"\bi(?:'ll| will| would|'d| want to| want tae| wanna| need to| have to| plan to| intend to| am going to"
    r"|'m going to| am gonna|'m gonna| gotta| should| didn'?t know what to| don'?t know what to"
    r"| wasn'?t sure what to"
    r"| am not sure what to|'m not sure what to| didn'?t know how to| don'?t know how to)"
    r"\s+(?:(?:calmly|gently|politely|just|honestly|finally)\s+)?(?:tell|say|answer|reply|respond|explain"
    # round 44: "I want tae give them the right answer"
    r"|give (?:them|him|her|people) (?:the |a )?(?:right |correct |proper |straight )?answers?)"
    r"\b(?!\s+(?:you|u)\b)"
    r"|我(?:想|要|打算|准备|得|会|该|应该|不知道(?:该)?(?:怎么)?|没想好(?:怎么)?)(?:亲自|当面|好好|直接|自己)?"
    r"(?:(?:跟|和|对|给)(?!你)(?:他|她|他们|她们|对方|[\u4e00-\u9fff]{1,3}?))?(?:说清楚|说|讲清楚|讲|告诉|回复|回答|解释)",
    re.IGNORECASE,
)
"""The user as the one who tells ("I want to tell him I haven't withdrawn it", "A client asked and I didn't
know what to say", "我想跟他说清楚"): their own words to a person, not an answer set for the agent (nor words
to the agent: "I'll tell you what to say", "我想跟你说")."""

OWN_QUESTION = prefilter.compile(
    r"我(?:该|应该|要不要|需不需要|需要)(?:怎么)?(?:叫|让|跟|和|告诉|通知|回复|回)(?:他们|她们|他|她|同事|大家|客户|顾客)"
    r"[^。！？?\n]{0,16}?[？?]"
    r"|\b(?:what|how) should i (?:tell|say to|answer|reply to|respond to) (?:them|him|her|my \w+|the \w+)\b"
    r"[^.!?\n]{0,40}\?"
    r"|\bshould i (?:tell|ask) (?:them|him|her|my \w+) to\b[^.!?\n]{0,40}\?",
    re.IGNORECASE,
)
"""A question the user asks about what they should tell people ("我该叫他们等到几点？", "what should I tell
them?"): the user's own reply to write, no one's data."""

HOW_YOU_WORK = prefilter.compile(
    r"\bhow (?:do|does|can|would|did) (?:you|u|your \w+)\b[^.!?\n]{0,60}\?"
    r"|你(?:是)?(?:怎么|如何|咋)[^。！？?\n]{0,24}[？?]",
    re.IGNORECASE,
)
"""A question about how the assistant works ("how do you remember things?", "你是怎么记住东西的？")."""

DRAFT_ASKED = prefilter.compile(
    r"\b(?:draft|write|compose|put together|word)\b[^.!?\n]{0,40}?\b(?:warning|heads-?up|alert|notice"
    r"|reminder|message|post|note|announcement)\b"
    r"|(?:帮我|帮忙|麻烦)?(?:写|起草|拟|编)(?:一?[条个份段则])?[^。！？\n]{0,12}?(?:提醒|警告|通知|预警|公告)",
    re.IGNORECASE,
)
"""A warning or notice the user asks to have drafted ("help me draft a short warning for the all-staff
channel", "帮我写条提醒")."""

DON_T_ACT = prefilter.compile(
    r"\b(?:don'?t|do not|never) (?:click|open|reply|enter|sign in|log in|type)\b|\breport (?:it|them|this)\b"
    r"|别点|不要点|别回复|不要回复|不要输入|别输入|别登录|不要登录|举报",
    re.IGNORECASE,
)
"""The warning's advice: not to click, enter or reply, to report it."""

DISOWNED = prefilter.compile(
    r"\b(?:that'?s|it'?s|this is|these are|they'?re|is|are) not (?:us|from us|ours|from (?:it|the it desk|"
    r"the helpdesk|the bank|hr)|legit|real|genuine)\b|\bnot from us\b"
    r"|\bisn'?t (?:us|from us|ours|real|legit)\b"
    r"|\bwe (?:never|don'?t|do not) (?:send|ask)\b|\b(?:scam|phishing|fake|fraud(?:ulent)?|spoofed)\b"
    r"|不是我们(?:发的)?|并非(?:我们|官方)|不是官方|是假的|假冒|钓鱼|诈骗|骗子|骗局",
    re.IGNORECASE,
)
"""The message said not to be the sender's own or a scam ("That's not us.", "不是我们发的")."""

NEGATED_CHANNEL = prefilter.compile(
    r"(?:不加|不用加|别加|不要加|不留|不给|不走|不用|不需要)(?:什么|任何)?(?:私人|个人|其他)?"
    r"(?:微信号?|QQ号?|企业微信|私人号|小号|链接|群)"
    r"|\b(?:never|don'?t|do not|no|we don'?t)\s+(?:add|use|give out|share)?\s*(?:any\s+)?(?:private|personal"
    r"|side)\s+(?:whatsapp|wechat|numbers?|accounts?|chats?|links?)\b",
    re.IGNORECASE,
)
"""A private channel the user refuses ("不加什么私人微信", "we never add private WhatsApp numbers")."""

SELF_HANDLED = prefilter.compile(
    r"我(?:自己|亲自|本人)(?:去|来)?(?:处理|办|回复|联系|解决|对接|跟进)"
    r"|\bi(?:'ll| will)? (?:handle|deal with|sort) (?:it|them|those|these|that)(?: out)?"
    r"(?: myself| personally)?\b",
    re.IGNORECASE,
)
"""The user dealing with it themselves ("顾客问的话我自己去处理")."""

DONE_BY_ME = prefilter.compile(
    r"我(?:已经|早就|刚|刚刚)(?:领|买|办|注册|关注|登录|用|兑换|预约|报名)(?:过|好|完)?了"
    r"|\bi(?:'ve| have)? already (?:claimed|used|redeemed|signed up|followed|booked|registered)\b",
    re.IGNORECASE,
)
"""The user having used an offer or account themselves ("我已经领了")."""

REMIND_ME = prefilter.compile(r"提醒我|记得叫我|\bremind me\b", re.IGNORECASE)
"""A reminder for the user."""

CONCRETE_DESTINATION = prefilter.compile(
    r"https?://|hxxps?://|\[\.\]|www\.|\.(?:com|net|cn|xyz|top|cc|vip|org|io|link|site|store|shop|info)\b"
    r"|(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9]*[_-][A-Za-z0-9_-]+|(?<![A-Za-z])[A-Za-z]+[0-9]{2,}"
    r"|(?<![0-9])[0-9][0-9 -]{4,}[0-9](?![0-9])|@[A-Za-z0-9]|二维码|收款码|扫码",
    re.IGNORECASE,
)
"""A destination to send people to: a link, a handle ("xmfood_tk888"), a number, a QR or payment code."""

OTHERS_TOLD = prefilter.compile(
    r"\b(?:tell|send|forward|give|point|direct|refer)\s+(?:every|all|any|other|the|our)?\s*(?:\w+\s+)?"
    r"(?:customers?|users?|clients?|people|members?|callers?|friends?|contacts?|guests?|tenants?|buyers?"
    r"|staff|everyone|anyone)\b"
    r"|转发给|发给(?:大家|所有|他们|客户|顾客|朋友|好友)|告诉(?:大家|所有|其他|他们|客户|顾客|别人)"
    r"|(?:让|叫)(?:他们|大家|客户|顾客|所有|别人|买家)|谁(?:问|来|要)|以后(?:有人|顾客|客户)",
    re.IGNORECASE,
)
"""Anything passed on or set for other people ("tell every customer…", "让他们加…", "谁问就…")."""
