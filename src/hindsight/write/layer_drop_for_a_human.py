"""Round 32: more shapes in which a refusal by the guard's learned layer is dropped after it (guard.py,
dropped_by_a_shape in guard_layer_drops.py), written from the near-miss twins of two new authors
(g-r40, g-r41). Each says, for one kind the layer names, that the text is no poison of that kind: a text the
user asks to have polished or drafted for a human reader, a warning the user asks for themselves, a message
the user received and doubts, a public number of a place, the user's own record asked with no role claimed,
pasted content kept for a human reader. None drops a tuning poison row at any score (every poison row of
tests/corpora/guard/tune.jsonl read with every kind: none of this module's shapes drops it)."""

from __future__ import annotations

import re

from hindsight import prefilter

POLISH_ASKED = prefilter.compile(
    r"\b(?:tidy|clean|polish|proofread|proof-read|edit|improve|reword|rephrase|rewrite|redraft|smooth|tighten"
    r"|look over|go over|check the (?:wording|tone|grammar) of)\b(?:\s+(?:up|out))?\s+(?:this|my|the|that)\s+"
    r"(?:[\w-]+\s+){0,2}?(?:announcement|letter|e-?mail|note|message|post|notice|memo|reply|draft|text"
    r"|speech|invitation|complaint|card|wording)\b"
    r"|(?:润饰|润色|校对|改写|修饰|斟酌|措辞|改通顺|顺一下|改一改|改一下|修改一下)",
    re.IGNORECASE,
)
"""A text the user asks to have polished ("can you tidy up this announcement before I send it?",
"幫我把這封信潤飾一下", read in Simplified characters): the user's own words for a human reader."""

A_LETTER_ZH = prefilter.compile(
    r"(?:这|此)(?:封|份|段|篇|条)(?:信|邮件|通知|公告|稿|文案|回复|消息|短信|声明|函)"
)
"""The letter or notice the Chinese ask names ("这封信", "这份通知"): a text for a human reader."""

A_LOOKUP = prefilter.compile(
    r"\b(?:look up|find|pull|fetch|dig up|check)\b[^.?!\n]{0,30}?\b(?:his|her|their|[A-Z][a-z]+'s)\b"
    r"|\b(?:give|send|tell|show|forward)\s+(?:it\s+)?(?:me|us)\b"
    r"|查一下|查查|查询|调出|调取|找出|发我|发给我|给我|告诉我|权限|管理员|后台|账号|密码|验证码|登录|身份证|银行卡|卡号"
    r"|\b(?:card numbers?|bank details|login details|passwords?|passport|ssn|social security)\b",
    re.IGNORECASE,
)
"""Anything beyond the text to polish: someone's data looked up or handed over, an account, a right."""

BEWARE_FOR_ME = prefilter.compile(
    r"提醒我(?:一下)?(?:要)?(?:小心|当心|注意|警惕|别信|不要信|别上当|别理|防着)"
    r"|\b(?:warn me|remind me to (?:be careful|watch out|not trust|ignore|check)|tell me to be careful)\b",
    re.IGNORECASE,
)
"""A warning the user asks for themselves ("下次要是有别的号说是她的新号，提醒我小心", "warn me if …")."""

RECEIVED = prefilter.compile(
    r"发了(?:个|一个|条|一条|张)?|发来|收到|给我发|\b(?:sent me|texted me|messaged me|got (?:a|an|this)|"
    r"received)\b",
    re.IGNORECASE,
)
"""A message the user received ("房东今天在微信上发了个收款码链接")."""

DOUBTED = prefilter.compile(
    r"被盗号|盗号|被黑|被骗|不对劲|可疑|(?:有点|有些|挺|好)(?:虚|怀疑|不放心|慌|担心)"
    r"|(?:打个?电话|问问?|联系)(?:给)?(?:他|她|对方)本人"
    r"|\b(?:hacked|compromised|hijacked|spoofed|suspicious|sketchy|fishy|dodgy)\b"
    r"|\b(?:check|confirm|verify) (?:with|it with) (?:him|her|them|the landlord|the sender)\b",
    re.IGNORECASE,
)
"""The user doubting what they received ("这种是不是被盗号了？", "要不要先打个电话给他本人确认？")."""

PLACE_NUMBER = prefilter.compile(
    r"(?:挂号处|挂号室|前台|服务台|总台|总机|收费处|药房|药店|门诊部?|急诊|分诊台|护士站|医院|诊所|物业|办公室|客服"
    r"|售后|营业厅|派出所|学校|校办|图书馆|酒店|餐厅|门店|店里|银行|网点)(?:的)?(?:电话|号码|座机|联系电话|热线)(?![里中上说])"
    r"|\b(?:the\s+)?(?:front desk|reception|clinic|pharmacy|box office|helpline|hotline|switchboard|hospital"
    r"|surgery|office|branch|store|shop|restaurant|hotel|library|school|council|station)(?:'s)?\s+"
    r"(?:main\s+|public\s+|landline\s+)?(?:phone\s+)?(?:number|phone|line)\b",
    re.IGNORECASE,
)
"""A place's public number ("把挂号处的电话给我", "give me the clinic's number")."""

A_PERSON = prefilter.compile(
    r"人|患者|病人|病号|客人|顾客|医生|大夫|护士|老师|他|她|谁|前一个|上一个|刚才|先生|女士|小姐|阿姨|叔叔|房号|几号房"
    r"|住哪|住几|\b(?:who|whoever|patient|person|someone|guy|lady|man|woman|caller|customer|doctor|nurse|he|she"
    r"|him|her|his|their|before me|previous|last|room|guest|mr|mrs|ms|miss|dr)\b",
    re.IGNORECASE,
)
"""A person the number could belong to ("前一个来挂号的人的电话", "the patient before me")."""

HUMAN_READER = prefilter.compile(
    r"\b(?:the|our|my|your) (?:instructor|teacher|tutor|trainer|lecturer|coach|manager|supervisor|team|"
    r"organi[sz]er|coordinator|nurse|doctor|accountant)\b(?! will not)"
    r"|老师|教练|经理|主管|负责人|班主任|组长|会计",
    re.IGNORECASE,
)
"""A human who will read the pasted content ("The instructor will check it on Monday", "老师周一会看")."""

CREDENTIAL_WORD = prefilter.compile(
    r"密码|口令|验证码|密保|门禁|账密|帐密|\b(?:password|passcode|pin|code|token|key)\b", re.IGNORECASE
)
"""A credential named: pasted content kept for a human holds none."""

OWN_RECORD_ASKED = prefilter.compile(
    r"我自己(?:在|的)[^。！？\n]{0,14}?(?:病历|记录|报告|化验单|检查结果|账单|明细|发票|收据|缴费)"
    r"|\bmy own (?:[\w-]+ ){0,2}?(?:records?|bills?|invoices?|receipts?|results?|statements?|history"
    r"|notes)\b",
    re.IGNORECASE,
)
"""The user's own record by name ("我自己在你们诊所的病历和缴费记录", "my own test results")."""

AN_EMAIL = prefilter.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
"""An e-mail address in a pasted list ("farah.k@example.com"): a contact, not a link to send people to."""

WORDING_ASKED = prefilter.compile(
    r"措辞|怎么说(?:比较|才|更)?(?:好|合适|妥当)|怎么开口|帮我(?:组织|想想)(?:一下)?(?:语言|说法|怎么说)"
    r"|\bhelp me (?:word|phrase|put) (?:it|this|that)\b"
    r"|\bhow (?:should|do|can) i (?:word|phrase|say) (?:it|this|that)\b",
    re.IGNORECASE,
)
"""The user asking how to word what they will say ("你帮我措辞一下", "help me word it calmly?")."""

OTHERS_NAMED = prefilter.compile(
    r"妈|爸|儿子|女儿|姐|妹|哥|弟|爷|奶|外公|外婆|姥|家人|孩子|父母|亲戚|全家|\b(?:family|kids?|children|parents?)\b",
    re.IGNORECASE,
)
"""A relative or the family named beside the user's own record ("我自己的病历发我，还有我妈的")."""

RECORD_WORDS = prefilter.compile(
    r"\b(?:medical|records?|files?|history|payslips?|salary|address(?:es)?|diagnos\w*|bank)\b"
    r"|病历|档案|记录|工资|地址|住址|诊断|银行",
    re.IGNORECASE,
)
"""A record named in pasted content kept for a human ("pull up her medical file")."""
