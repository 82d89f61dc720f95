"""The phrase lists the write path matches, in one place (Chinese and English).

Kept apart from the code that uses them so that a reviewer can read — and a test can exercise —
exactly what counts as "task done", "explicit", "chit-chat" or "an instruction aimed at the agent".
"""

from __future__ import annotations

import re

# -- triggers ------------------------------------------------------------------------------------

TASK_DONE = re.compile(
    r"好了|谢谢|多谢|感谢|没问题|就这样|可以了|行了|没事了|"
    r"\bthanks?\b|\bthank you\b|\bthx\b|that'?s all|that is all|that'?s it|\ball set\b|\bdone\b",
    re.IGNORECASE,
)
"""A "task done" phrase; it closes the task only in a short turn (see triggers.is_task_done)."""

EXPLICIT = re.compile(
    r"以后都|以后(?:请|就|也)?(?:都|一律|只)|从现在(?:开始|起)|从今以后|今后都?|我一直|一直都|永远|总是|每次都|"
    r"请?记住|记得我|"
    r"\bfrom now on\b|\bgoing forward\b|\bin (?:the )?future\b|\balways\b|\bremember that\b|"
    r"\bplease remember\b|\bnever\b|\bevery time\b|\bfor good\b",
    re.IGNORECASE,
)

HEDGED = re.compile(
    r"可能|好像|也许|大概是|不确定|听说|据说|\bmaybe\b|\bperhaps\b|\bi think\b|\bi guess\b|\bprobably\b|"
    r"\bnot sure\b|\bi heard\b|\bapparently\b",
    re.IGNORECASE,
)

CORRECTION = re.compile(
    r"改成|改为|换成|更新为|调整为|调到|改到|不再|不是.{0,8}而是|\bchange[sd]? (?:it |that |my \w+ )?to\b|"
    r"\bnow (?:it'?s|is)\b|\bactually\b|\bno longer\b|\bupdate[sd]? (?:it |my \w+ )?to\b|\bswitch(?:ed)? to\b",
    re.IGNORECASE,
)

# -- guard: not worth storing --------------------------------------------------------------------

CHITCHAT = re.compile(
    r"^(?:(?:hi|hello|hey|yo|hiya|ok|okay|k|sure|yes|yeah|yep|no|nope|thanks|thank you|thx|ty|cool|nice|"
    r"great|awesome|lol|haha+|hmm+|bye|goodbye|see you|good (?:morning|night|evening|afternoon)|"
    r"you'?re welcome|np|no problem|got it|alright|wow|oh|ah|"
    r"你好|您好|嗨|哈+|呵+|嗯+|哦+|噢|好的?|好吧|行|可以|对|是的|收到|谢谢(?:你|您)?|多谢|再见|拜拜|"
    r"早上好|晚安|晚上好|下午好|不客气|没事|ok的|棒|厉害|太好了)[\s!！.。,，~～?？]*)+$",
    re.IGNORECASE,
)

CHAIN_OF_THOUGHT = re.compile(
    r"^\s*(?:<think>|thought:|thinking:|let me think|let'?s think|let me reason|step \d+:|"
    r"让我想想|我想想|让我思考|我先思考|首先，?我需要|思考：)"
    r"|let'?s think step by step|<think>.*</think>",
    re.IGNORECASE | re.DOTALL,
)

STALE_LOOKUP = re.compile(
    r"天气|气温|下雨吗|几度|现在几点|今天几号|汇率|股价|\bweather\b|\bforecast\b|\btemperature (?:today|now|outside)\b|"
    r"\bwhat time is it\b|\bstock price\b|\bexchange rate\b|\bis it raining\b",
    re.IGNORECASE,
)

# -- guard: unsafe -------------------------------------------------------------------------------

INJECTION = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass)\b.{0,30}\b(?:previous|prior|above|earlier|all|your|the)\b.{0,20}"
    r"\b(?:instructions?|prompts?|rules|guidelines|directions|system)\b"
    r"|\bnew (?:system )?instructions?\s*:"
    r"|\b(?:tell|inform|advise|recommend to|say to|respond to)\s+(?:every|all|each|any|other)\s+"
    r"(?:users?|customers?|clients?|people)\b"
    r"|\b(?:every|all|each) (?:users?|customers?) (?:should|must|needs? to)\b"
    r"|\bsystem prompt\b|\byour (?:system )?instructions (?:are|say)\b|\bjailbreak\b|\bDAN mode\b"
    r"|\byou are now\b|\bfrom now on,? (?:you|the assistant|the agent|respond|answer|reply|always (?:say|tell|answer))\b"
    r"|<\|im_start\|>|\[/?(?:system|inst)\]|###\s*(?:system|instruction)"
    r"|忽略.{0,6}(?:之前|以上|上面|所有|先前|前面)?.{0,4}(?:指令|指示|提示|规则|设定)|无视.{0,6}(?:指令|规则|提示)"
    r"|系统提示|系统指令|新的?指令[:：]|(?:告诉|通知|推荐给|回复)(?:所有|每一?个|其他)(?:用户|客户|人)"
    r"|(?:所有|每个)(?:用户|客户)都(?:应该|必须|要)|你现在是|从现在起你|扮演(?:一个)?(?:管理员|系统|开发者)",
    re.IGNORECASE,
)

SPOOFING = re.compile(
    r"\bi(?:'m| am)\s+(?:the|an?|your)\s+(?:admin|administrator|developer|system|operator|creator|owner|"
    r"sysadmin|moderator)\b"
    r"|\bthis is (?:the )?(?:system|admin|administrator|developer|openai|anthropic)\b"
    r"|\bas (?:your|the) (?:developer|admin|administrator|creator|operator)\b"
    r"|^\s*(?:system|assistant|developer)\s*:"
    r"|\b(?:admin|root|developer|god) (?:mode|access|override)\b"
    r"|我是(?:你的)?(?:管理员|系统管理员|开发者|开发人员|系统|客服主管|运营)|以(?:管理员|开发者|系统)(?:身份|的身份)"
    r"|^\s*(?:系统|助手|管理员)\s*[:：]|管理员模式|开发者模式",
    re.IGNORECASE,
)

SECRET = re.compile(
    r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}|\bAKIA[0-9A-Z]{16}\b|\bgh[pousr]_[A-Za-z0-9]{20,}|"
    r"\bxox[abpr]-[A-Za-z0-9-]{10,}|\bAIza[0-9A-Za-z_-]{30,}|-----BEGIN [A-Z ]*PRIVATE KEY-----|"
    r"\b(?:api[_ -]?key|secret[_ -]?key|access[_ -]?token|auth[_ -]?token|bearer)\b\s*(?:is|=|:)\s*\S{8,}|"
    r"\b(?:password|passwd|pwd|passcode|pin code|pin)\b\s*(?:is|=|:|was)\s*\S+|"
    r"(?:密码|口令|支付密码|银行卡密码|验证码|动态码)\s*(?:是|为|:|：)?\s*[A-Za-z0-9!@#$%^&*._-]{3,}|"
    r"\bcvv2?\b\s*(?:is|=|:)?\s*\d{3,4}|安全码\s*(?:是|为|:|：)?\s*\d{3,4}",
    re.IGNORECASE,
)

CARD_NUMBER = re.compile(r"(?<![\w-])(?:\d[ -]?){13,19}(?![\w-])")
CN_ID_NUMBER = re.compile(r"(?<!\d)\d{17}[\dXx](?!\d)")
