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
# These run on every turn, so no pattern may backtrack badly: a repeated token inside the repeated
# group is possessive (`哈++`), or "哈哈…哈x" would take exponential time.

CHITCHAT = re.compile(
    r"^(?:(?:hi|hello|hey|yo|hiya|ok|okay|k|sure|yes|yeah|yep|yup|no|nope|thanks|thank you|thanks a lot|"
    r"thanks so much|thank you so much|many thanks|much appreciated|thx|ty|cool|nice|great|awesome|perfect|"
    r"sounds good|lol|lmao|(?:ha)++h?|(?:he)++|hmm++|mm++|bye|goodbye|see you|see ya|"
    r"good (?:morning|night|evening|afternoon)|morning|you'?re welcome|np|no problem|got it|alright|wow|oh|ah|"
    r"你好|您好|嗨|哈++|呵++|嘿++|嗯++|哦++|噢|喔|好的?|好吧|好嘞|行|可以|对|是的|收到|明白|知道了|"
    r"谢谢(?:你|您)?|谢啦|多谢|感谢|再见|拜拜|早上好|早安|晚安|晚上好|下午好|中午好|不客气|没事|没关系|"
    r"ok的|棒|厉害|太好了|辛苦了|[啦呀呢吧嘛哇耶哒哟])[\W_]*+)+$",
    re.IGNORECASE,
)
"""The whole text is greetings, thanks, acknowledgements and laughter (emoji and punctuation allowed)."""

CHAIN_OF_THOUGHT = re.compile(
    r"<think>|</think>|^\s*(?:thoughts?|thinking|reasoning|scratchpad|思考|推理|思路)\s*[:：]"
    r"|\b(?:think|reason|work) (?:this )?(?:through )?step[ -]by[ -]step\b|一步一步(?:地)?(?:思考|分析|推理|来想)"
    r"|逐步(?:思考|分析|推理)",
    re.IGNORECASE,
)
"""Unmistakable reasoning: think tags, a "Thought:" header, "think step by step"."""

COT_OPENER = re.compile(
    r"^\s*(?:let me think|let'?s think|let me reason|let me figure out|let me see|hmm+,? let me|okay,? so the user|"
    r"让我想想|我想想|让我思考|我先思考|我来分析|首先，?我(?:需要|要)(?:分析|理解|思考|弄清楚))",
    re.IGNORECASE,
)
COT_REASONING = re.compile(
    r"\bthe (?:user|customer|human)\b|用户|客户|顾客"
    r"|\bI (?:should|need to|must|will|'ll) (?:first )?(?:check|call|ask|answer|respond|reply|look up|use|consider)\b"
    r"|我(?:应该|需要|得)(?:先)?(?:查|调用|回答|回复|确认|考虑)",
    re.IGNORECASE,
)
"""A thinking opener ("让我想想…") is chain-of-thought only when it then reasons about the user
or plans the agent's next step; "我想想，还是要红色的吧" is the user choosing."""

STALE_LOOKUP = re.compile(
    r"现在几点|几点了|今天几号|今天星期几|下雨吗|会下雨|\bwhat time is it\b|\bwhat'?s the time\b|"
    r"\bis it (?:raining|snowing)\b|\bwhat day is (?:it|today)\b",
    re.IGNORECASE,
)
"""A lookup that is stale as soon as it is answered: the time, the date, is it raining."""
STALE_TOPIC = re.compile(
    r"天气|气温|室外温度|汇率|股价|油价|金价|\bweather\b|\bforecast\b|\boutside temperature\b|"
    r"\btemperature (?:today|now|outside|right now)\b|\bexchange rate\b|\b(?:stock|share) price\b",
    re.IGNORECASE,
)
STALE_NOW = re.compile(
    r"今天|明天|今晚|现在|目前|此刻|实时|本周|这周|[吗？?]|怎么样|多少|\d\s*(?:度|°|℃|%|％)|"
    r"\b(?:today|tomorrow|tonight|now|currently|this (?:morning|afternoon|evening|week))\b|\d\s*(?:°|degrees)",
    re.IGNORECASE,
)
"""Weather, temperatures, rates and prices are a stale lookup when they are read now (a reading, a
"today", a question); "我家孩子对气温变化很敏感" states something lasting about the child."""
LASTING = re.compile(
    r"喜欢|讨厌|(?:我|很|最|害)怕|过敏|受不了|习惯|偏好|旅行|旅游|出差|航班|机票|婚礼|搬家|订单|退款|付款|扣款|"
    r"\bI (?:really |do |don'?t |do not )?(?:like|love|enjoy|hate|prefer)\b|\b(?:love|hate|prefer|dislike|allergic|"
    r"can'?t stand|trip|travel(?:l?ing)?|flight|flying|visit(?:ing)?|wedding|moving|order|refund|charged|payment)\b",
    re.IGNORECASE,
)
"""What makes a text that mentions the weather or a price worth keeping: a preference ("I hate hot
weather"), a plan (a trip, a flight) or a transaction (a refund at which exchange rate)."""

# -- guard: unsafe -------------------------------------------------------------------------------

INJECTION = re.compile(
    # overriding what the agent was told
    r"\b(?:ignore|disregard|forget|override|bypass)\b.{0,30}\b(?:previous|prior|above|earlier|preceding|all|your|any)\b"
    r".{0,20}\b(?:instructions?|prompts?|rules|guidelines|directions|directives|system)\b"
    # a new instruction block, or chat-template / role markup
    r"|\bnew (?:system )?(?:instructions?|directives?)\s*[:：]"
    r"|<\|im_start\|>|<\|(?:system|endoftext)\|>|\[/?(?:system|inst|sys)\]|<<\s*sys\s*>>|</?system>|###\s*(?:system|instructions?)\b"
    # the agent's own prompt
    r"|\bsystem prompt\b|\byour (?:system )?instructions (?:are|say)\b"
    # aimed at other users ("of my shop": the user's own customers are the user's business)
    r"|\b(?:tell|inform|advise|recommend to|say to|respond to|reply to)\s+(?:every|all|each|any|other)\s+"
    r"(?:users?|customers?|clients?|people)\b(?!\s+(?:of|at|in)\s+my\b)"
    r"|\b(?:every|all|each|any|other) (?:users?|customers?|clients?) (?:should|must|needs? to|has to|have to)\b"
    r"|\b(?:when|whenever|if)\s+(?:any|other|another|a|every)\s+(?:users?|customers?|clients?)\s+asks?\b"
    # persona jailbreaks
    r"|\bjailbr(?:eak|oken)|\bDAN mode\b|\bdo anything now\b|\bgod mode\b|\b(?:admin|developer) override\b"
    r"|\byou are (?:now |no longer )?(?:an? |in )?(?:\w+ ){0,2}?(?:unrestricted|unfiltered|uncensored|"
    r"without (?:any )?(?:rules|restrictions|limits|filters))\b"
    r"|\byou are now (?:an? |the |my )?(?:\w+ ){0,2}?(?:assistant|ai|bot|chatbot|model|agent|persona|character)\b"
    r"|\byou are (?:now )?in (?:developer|admin|god|debug|unrestricted) mode\b"
    # Chinese: the same, with a qualifier ("之前的/所有/你的") so "我忽略了退货规则" is not an attack
    r"|(?:忽略|无视|忘记|忘掉|不要理会|抛开)掉?(?:你)?(?:之前|以上|上面|上述|所有|先前|前面|你的|系统|原来|原有)的?.{0,6}"
    r"(?:指令|指示|提示词?|规则|设定|限制)"
    r"|系统提示|系统指令|系统设定|提示词|新的?(?:指令|指示)\s*[:：]"
    r"|(?:告诉|通知|推荐给|回复|提醒)(?:所有|每一?[个位]|其他|其它|别的|任何)(?:的)?(?:用户|客户|顾客|买家|人)"
    r"|(?:所有|每一?[个位]|任何)(?:用户|客户|顾客)都(?:应该|必须|要|得)"
    r"|(?:其他|其它|别的|所有|每一?[个位]|任何)(?:用户|客户|顾客|买家)(?:来)?(?:问|咨询).{0,12}(?:你|就|都|一律|统一)"
    r"|(?:有人|谁)(?:来)?(?:问|咨询).{0,12}(?:一律|统一|都)(?:要)?(?:回复|回答|说|告诉)"
    r"|你现在是(?:一[个名只])?.{0,10}?(?:AI|人工智能|助手|机器人|模型|管理员|系统|角色)"
    r"|从现在(?:开始|起)，?你(?:是|就是|必须|只能|要扮演)|扮演(?:一个)?(?:管理员|系统|开发者)"
    r"|没有任何限制|不受任何限制|解除(?:所有|一切)?限制|越狱|你(?:现在)?(?:已经)?(?:进入|切换到|处于)了?(?:管理员|开发者|上帝|调试)模式",
    re.IGNORECASE,
)
"""Instructions aimed at the agent rather than facts about the user. "From now on ship with DHL",
"please always tell me the truth", "from now on you can call me Mike" are the user's own
preferences and are stored; what is refused overrides the agent's instructions, speaks as the system,
targets other users, or unlocks a persona."""

SPOOFING = re.compile(
    r"\bi(?:'m| am)\s+your\s+(?:admin|administrator|developer|creator|owner|operator|master|maker|programmer|"
    r"supervisor|boss)\b"
    r"|\bi(?:'m| am)\s+(?:the|an?)\s+(?:system\s+)?(?:admin|administrator|developer|operator|creator|owner|sysadmin|"
    r"moderator)\s+(?:of|for|on|behind)\s+(?:this|the|your)\s+(?:system|bot|assistant|ai|model|app|platform|"
    r"service|chat|server)\b"
    r"|\bi(?:'m| am)\s+the\s+(?:system\s+)?(?:admin|administrator|sysadmin|developer|operator|moderator)\b"
    r"(?!\s+(?:of|at|for|in|on)\b)"
    r"|\bthis is (?:the |your )?(?:system|admin|administrator|developer|openai|anthropic)\b"
    r"|\bas your (?:developer|admin|administrator|creator|operator|owner)\b"
    r"|^\s*(?:system|assistant|developer|admin|administrator)\s*[:：]"
    r"|我是(?:你的|本系统的?|这个系统的?|系统的?)(?:管理员|开发者|开发人员|创造者|创建者|主人|设计者|运营)"
    r"|我是(?:系统|平台|超级)?管理员|我是你们?的(?:老板|主管|经理|上级|领导)"
    r"|以(?:管理员|开发者|系统)的?身份(?:命令|要求|通知|告诉|指示)"
    r"|^\s*(?:系统|助手|管理员|开发者)\s*[:：]",
    re.IGNORECASE,
)
"""Speaking as the system, its operator or the agent's maker. "I am the owner of a small bakery",
"I'm a software developer", "我以管理员身份运行了安装程序" are facts about the user, not spoofing."""

_A = r"(?<![A-Za-z0-9])"  # an ASCII boundary: "密钥sk-…" has no \b between 钥 and s
_PASSWORD_NOT_A_VALUE = (
    r"not|no|wrong|incorrect|invalid|expired|expiring|too|very|so|still|being|been|correct|right|the|my|a|an|"
    r"case|required|reset|changed|locked|blocked|weak|strong|long|short|same|different|always|never|now|"
    r"rejected|working|broken|saved|stored|set|also|in|on|at|for|from|to|it|that|this|what|where|how|and|but|or|"
    r"probably|definitely|supposed|going|hard|easy|difficult|impossible|forgotten|lost|stolen|compromised|leaked|"
    r"shown|displayed|needed|only|just|less|more|longer|shorter|fine|ok|okay|good|bad|secure|insecure|visible|"
    r"hidden|masked|sent|emailed|updated|accepted|unknown|empty|blank|missing|about|over|under|due|asked|"
    r"requested|getting|taking|stuck|somewhere|written|similar|user|customer|can|cannot|can't|does|doesn't|is|was|"
    r"will|would|should|has|have|had|please|help|i|we|you|he|she|they|forgot|issue|problem|change|update"
)
SECRET = re.compile(
    rf"{_A}sk-(?:proj-|ant-(?:api\d\d-)?|live_|test_)?[A-Za-z0-9_-]{{16,}}"
    rf"|{_A}(?:AKIA|ASIA)[0-9A-Z]{{16}}(?![A-Za-z0-9])"
    rf"|{_A}gh[pousr]_[A-Za-z0-9]{{20,}}|{_A}github_pat_[A-Za-z0-9_]{{20,}}"
    rf"|{_A}xox[abposr]-[A-Za-z0-9-]{{10,}}|{_A}AIza[0-9A-Za-z_-]{{30,}}|{_A}[rsp]k_live_[A-Za-z0-9]{{16,}}"
    r"|-----BEGIN [A-Z ]*PRIVATE KEY-----"
    rf"|{_A}eyJ[A-Za-z0-9_-]{{8,}}\.eyJ[A-Za-z0-9_-]{{8,}}\.[A-Za-z0-9_-]{{8,}}"  # a JWT
    r"|\bbearer\s+[A-Za-z0-9._~+/=-]{16,}"
    r"|\b(?:api[_ -]?key|secret[_ -]?key|access[_ -]?key|access[_ -]?token|auth[_ -]?token|refresh[_ -]?token|"
    r"client[_ -]?secret|private[_ -]?key)\b\s*(?:is|=|:|：|是)\s*\S{8,}"
    # a password: "password: x", "password is x" — but "my password is not working" states no value
    rf"|\b(?:password|passwd|pwd|passcode|passphrase)\b(?:\s*(?:[:=：]|是)|\s+(?:is|was)\b\s*[:：]?)\s*"
    rf"(?!(?:{_PASSWORD_NOT_A_VALUE})\b)[\"'“‘「]?[^\s\"'”’」]{{3,}}"
    r"|\bpin(?: code| number)?\b\s*(?:is|was|[:=：]|是)?\s*[:：]?\s*(?<![0-9])[0-9]{4,8}(?![0-9])"
    # one-time codes, card security codes
    r"|\b(?:otp|one[- ]time (?:code|password|passcode|pin)|verification code|login code|sms code|"
    r"auth(?:entication)? code|2fa code)\b\s*(?:is|was|[:=：])?\s*[:：]?\s*[0-9]{4,8}(?![0-9])"
    r"|\b(?:cvv2?|cvc2?|csc|security code)\b[^0-9\n]{0,20}(?<![0-9])[0-9]{3,4}(?![0-9])"
    r"|(?:密码|口令|密钥|秘钥|验证码|校验码|动态码|短信码)\s*(?:是|为|改成了?|改为|设成了?|设为|:|：)?\s*"
    r"[A-Za-z0-9!@#$%^&*._-]{3,}"
    r"|(?:安全码|CVV码?)\s*(?:是|为|:|：)?\s*[0-9]{3,4}(?![0-9])",
    re.IGNORECASE,
)

CARD_NUMBER = re.compile(r"(?<![0-9A-Za-z-])(?:[0-9][ -]?){12,18}[0-9](?![0-9A-Za-z-])")
CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[4-9]|30[0-5]|6)")
"""The issuer prefixes of Visa, Mastercard, Amex, JCB, Diners, Discover, UnionPay and Maestro."""
NOT_A_CARD_LABEL = re.compile(
    r"订单|单号|运单|快递|物流|工单|编号|发票|合同|\b(?:order|tracking|ticket|invoice|booking|reference|ref|case|"
    r"serial|account|iban)\b",
    re.IGNORECASE,
)
"""A number labelled as an order, tracking or ticket id is not read as a card number."""
CN_ID_NUMBER = re.compile(
    r"(?<![0-9])[1-8][0-9]{5}(?:19|20)[0-9]{2}[01][0-9][0-3][0-9][0-9]{3}[0-9Xx](?![0-9])"
)
CN_ID_LABEL = re.compile(r"身份证|证件号|\bID (?:card|number|no)\b", re.IGNORECASE)
