"""Round 28: the shapes in which a refusal by the guard's learned layer is dropped after it (guard.py,
layer_refusal_dropped_r28): a record the user marks as their own, with no one else's record in the text. The
layer (intent.py) cannot tell "my own number's call log" from "her number's call log"; these patterns say
whose record it is. Each is read only when the layer names the kind "otherdata"."""

from __future__ import annotations

import re

OWN_RECORD = re.compile(
    r"\bmy own (?:[\w-]+ )?(?:number|account|phone|line|orders?|card)\b"
    r"|\b(?:it'?s|is|are|they'?re) (?:in|under) my (?:own )?name\b"
    r"|\bfrom my (?:own )?account\b"
    r"|我自己(?:这个|的|名下)|(?<!到)我名下|用我(?:的|自己的)?账号|我这边的|我(?:自己)?这个号"
    r"|我的(?:工资卡|订单|账号|账户)|我(?:的)?卡里|我(?:那个|这个)(?:快递|订单|号)|我这个月",
    re.IGNORECASE,
)
"""A record the user marks as their own ("my own number", "it's in my name", "from my own account",
"我自己这个号", "电费户是我名下的", "我卡里", "我那个快递", "我这个月…下了几单"); not a destination
("过户到我名下")."""

OTHERS_RECORD = re.compile(
    r"\b(?:her|his|their)\s+(?:own\s+)?(?:[\w-]+\s+)?(?:account|card|orders?|messages|chats?|location|records?|"
    r"details|results|password|profile|history|contract|address|balance|transactions?|logs?|numbers?|lines?|"
    r"plans?|usage|calls|bills?)\b"
    r"|\b(?:every(?:one|body)?|all (?:the )?(?:customers|users|members|clients)|customers|clients|"
    r"other users)\b"
    r"|(?:她|他|它|他们|她们)(?:的|名下|卡里|账户|账号|手机|号)|所有|其他用户|客户|到我名下|转到我|改到我",
    re.IGNORECASE,
)
"""Someone else's record in the same text ("her account", "his number", "everyone", "她的", "他名下",
"所有", "客户") or a record moved to the user ("转到我名下"): no longer the user's own alone."""
