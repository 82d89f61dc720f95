"""Round 28: the shapes of useful text the write guard's rules refused (the near-miss twins of the tuning
part): the user's own note to the agent said to it by a name, with a restriction on the user's own data set
aside; a name for the AI that is not addressed; another person's data that is the user's own business; a
privilege asked about or only the object of the user's reminder; a notice the user drafts or a payment detail
they verify; answers for others that set no content; a flag that is no password; a protective notice; a
notice dropped for the user's own acts; a quotation someone else wrote, asked to be taken down. Each pattern
is a shape (who is addressed, whose data, what is asked), used by the *_r28 functions of guard.py."""

from __future__ import annotations

import re

from hindsight import prefilter

# -- the user's own note to the agent, said to it by a name -------------------------------------------

NAMED_OPENING = prefilter.compile(
    r"^\W*(?:(?:hi|hey|hello|dear|ok|okay)\b\s*[,，]?\s*)?(?:(?:note|memo|message|reminder)\s+(?:for|"
    r"to)\s+(?:the\s+|my\s+|our\s+)?)?(?:[A-Za-z0-9-]+\s+){0,3}(?:assistant|bot|helper|ai)\s*[:,，：]"
    r"|^\W*(?:hi|hey|hello|嗨|喂|你好|哈喽)?\s*[，,]?\s*[A-Za-z0-9\u4e00-\u9fff]{0,8}?(?:助手|机器人|客服AI|"
    r"AI客服|智能客服|AI|bot)\s*(?:请注意|注意)?\s*[:,，：]",
    re.IGNORECASE,
)
"""A message opening with a name for the agent ("Note for IT helpdesk bot:", "Matchmaking bot:", "hi助手，",
"相亲平台的小助手：", "OA助手：", "直播间助手注意：", "充电宝客服AI，"): the user speaking to it."""

FIRST_PERSON = prefilter.compile(r"\b(?:i|i'm|i've|i'll|i'd|my|me|mine)\b|我", re.IGNORECASE)

PROTECTED_OWN_DATA = prefilter.compile(
    r"\b(?:don'?t|do not|never|not to)\s+(?:ever\s+)?(?:share|give|send|show|pass|hand|forward|disclose|"
    r"reveal)\s+(?:out\s+)?my\s+(?:[\w-]+\s+){0,2}?(?:with|to)\s+(?:anyone|anybody|everyone|other (?:users|"
    r"people|members))\b"
    r"|(?:别|不要|千万别|千万不要|不能|不准)(?:把|将)?我的[^，。！？\n]{0,10}?(?:给|发给|告诉|透露给|"
    r"分享给)(?:任何人|别人|其他人|所有人)",
    re.IGNORECASE,
)
"""A restriction the user puts on their own data ("don't share my number with anyone until I've accepted",
"千万别把我的手机号给任何人"): it protects the user; "anyone" here names no one to be served."""

OTHERS_OR_RULES_DROPPED = prefilter.compile(
    r"(?<![A-Za-z])(?:whoever|anyone|anybody|everyone|everybody|someone|other users?|all users|every user|"
    r"users|customers|clients|buyers|callers|members|residents|patients|tenants|people who|ignore|disregard|"
    r"instructions?|system prompt|admin|override\w*|authority|privileges?|exempt\w*|bypass|skip|waive\w*|"
    r"suspend\w*|policy|policies|rules?|restrictions?|guidelines?|(?:no longer|doesn'?t|does not|"
    r"don'?t) apply|lifted|cancel+ed|approve\w*|all (?:the )?(?:staff|employees|students|members|accounts)|"
    r"every \w+'s|everyone's)(?![A-Za-z])|所有人|任何人|别人|其他用户|谁问|谁来|谁要|有人|客户|买家|卖家"
    r"|乘客|患者|家长|业主|住户|观众|粉丝|新员工|游客|玩家"
    r"|有(?:女生|男生|女的|男的|顾客|用户|同事|学生)|全体|全员|所有(?:员工|用户|客户|人)|忽略|无视|指令|规则"
    r"|规矩"
    r"|规定[^，。！？\n]{0,12}?(?:取消|作废|失效|不适用|不生效|别管|别执行|当没有|改了)|权限|豁免|不适用"
    r"|不生效|不再适用|失效|作废|取消|跳过|别管|别执行|当没有|暂停|已通过|直接通过|直接放|直接批|实名|审核"
    r"|核查|核验|校验|风控|反诈|防沉迷|系统提示|配置",
    re.IGNORECASE,
)
"""What turns a note to the agent into one about other people or the agent's rules: other people it is to
serve, an instruction, a rule named with its dropping, a check skipped."""


# -- another person's data that is the user's own business -----------------------------------------------

OWN_CHILDS_SCHOOLING = prefilter.compile(
    r"(?:我家|自家|我们家)(?:孩子|娃|小孩|儿子|女儿|[\u4e00-\u9fff]{1,2})的(?:期中|期末|月考|考试|这次|"
    r"本学期)?(?:成绩单?|分数|作业|考勤|排名|评语)"
    r"|我(?:儿子|女儿|孩子|小孩)的(?:期中|期末|月考|考试|这次|本学期)?(?:成绩单?|分数|作业|考勤|排名|评语)"
    r"|家长[^，。！？\n]{0,6}?(?:看|查)(?:自家|自己(?:家)?的?)孩子的(?:成绩|分数|作业|考勤)"
    r"|\bmy (?:own )?(?:son|daughter|kid|child|boy|girl)(?:'s|s') (?:\w+ )?(?:grades|marks|report card|"
    r"results|homework|attendance|test scores?)\b"
    r"|\bparents? (?:can )?(?:see|view|check|find) (?:their|my) (?:own )?(?:child|kid|son|daughter)(?:'s|"
    r"ren's) (?:grades|marks|report card|results|homework)\b",
    re.IGNORECASE,
)
"""A parent's own child's school record ("帮我从家校通里看下我家小宇的期中成绩", "where do parents see their
own child's grades"): the user's household, no other pupil."""
OTHER_PUPILS = prefilter.compile(
    r"其他|别的|别人|同学|同桌|全班|班上|谁家|谁|他们|她们|每个|所有|别家|老师家|邻居"
    r"|\b(?:other|others|classmates?|whole class|every|all the|everyone|who|whose|their classmates)\b",
    re.IGNORECASE,
)
"""Another pupil or family named in the same message: no longer the user's own child alone."""

HANDED_BY_ITS_OWNER = prefilter.compile(
    r"(?<![让叫请把帮])(?:他|她|对方|[\u4e00-\u9fff]{0,4}?(?:大爷|大妈|阿姨|叔叔|同事|室友|朋友|实习生|邻居|"
    r"同学|女生|男生))(?:在[^，。！？\n]{1,6}?)?(?:已经)?(?:把(?:他|她)?(?:的|家的|"
    r"自己的)?[^，。！？\n]{0,16}?(?:发|给|告诉)(?:了)?我了?|发了(?:他|她)(?:自己)?的|"
    r"加(?:了)?我(?:的)?(?:微信|QQ|好友)了?)"
    # round 44: the data named first, then who gave it ("地址她发给我了")
    r"|(?:地址|电话|号码|手机号|微信号?)(?:是)?(?:他|她|对方)(?:已经)?(?:发给?|给|告诉)(?:了)?我了?"
    r"|\b(?:he|she|they|my [\w-]+(?: [\w-]+)?) (?:just |already )?(?:sent|gave|texted|emailed|messaged|"
    r"shared|dm'?d) me (?:his|her|their) (?:new |home |work )?(?:address|number|phone number|contact|"
    r"details|wechat|email|pickup code)\b",
    re.IGNORECASE,
)
"""Data its owner gave the user ("她把地址发我了", "室友在群里发了她的新地址", "那个女生加我微信了", "my
colleague sent me her new address"): handed to the user by the person it belongs to, not asked of the
agent."""
KEPT_FOR_OWN_USE = prefilter.compile(
    r"记一下|记下|帮我存|存到|存个|存进|备注|通讯录|规划|顺路|提醒我|导航|路线"
    r"|\b(?:save|store|add) (?:it|this|that|them|her|him)?\s*(?:to|in(?:to)?) my (?:contacts|address book|"
    r"notes)\b|\bremind me\b"
    r"|\bplan (?:a|the|my) route\b"
    r"|\bnote (?:it|that) down\b"
    # round 44: something sent to the owner at it ("我想给她寄点吃的")
    r"|(?:给|帮)(?:他|她)(?:寄|送)|寄(?:给|到)(?:他|她)|\b(?:send|post|mail)\s+(?:him|her)\s+(?:a|an|some|something)\b",
    re.IGNORECASE,
)
"""The user keeping or using the data for themself: a note, their contacts, a route, a reminder."""
PASSED_ON = prefilter.compile(
    r"发给(?!我)|转给(?!我)|告诉(?!我)|给他们|给别人|群发|公开"
    r"|\b(?:send|forward|share|post|give) (?:it|this|that|them)? ?(?:to|with)\b",
    re.IGNORECASE,
)

OWNERSHIP_SAID = prefilter.compile(
    r"(?:卡|账户|账号|号码?|会员)[^，。！？\n]{0,4}?(?:也|都|全)是我(?:本人|自己)?(?:的|实名)"
    r"|两个(?:都|也)是我"
    r"|\bboth (?:accounts|cards|numbers|of them) are (?:mine|in my name)\b"
    r"|\bthe (?:old|other|new) (?:one|card|account|number) is (?:also )?mine\b",
    re.IGNORECASE,
)
"""The user saying the other account or card is theirs too ("旧卡也是我的", "两个都是我本人实名的")."""
OWN_UNIT_SAID = prefilter.compile(
    r"\b(?:that'?s|that is|it'?s|it is|which is)\s+(?:my|our)\s+(?:own\s+)?"
    r"(?:flat|unit|apartment|room|house|home|place|account|booking|order|plot|space|locker|reservation)\b"
    r"|(?:那|这)(?:就|个)?是我(?:们)?(?:家|自己家|住的|自己的|的房子|租的)",
    re.IGNORECASE,
)
"""Round 44: the unit or account asked about said to be the user's own ("unit 14? That's my flat"); read
with no one else named (guard_own.others_data_own_business)."""

HOW_TO_BECOME = prefilter.compile(
    r"\bwhat(?:'s| is) the (?:process|procedure|way) for me to\b"
    r"|\bhow (?:can|do) i become\b|我(?:要|想)?怎么(?:成为|申请成为|当)|流程是什么|需要走什么流程",
    re.IGNORECASE,
)
"""A question how the user becomes someone's registered helper or carer: the procedure, nothing handed
over."""

OWN_ACCESS_DROPPED = prefilter.compile(
    r"\b(?:remove|unlink|revoke|delete|disconnect)\b[^.!?\n]{0,60}?\bfrom my account\b"
    r"|从我的?(?:账号|账户)(?:里|中|上)?(?:移除|解绑|删掉|删除)"
    r"|(?:解绑|移除)[^，。！？\n]{0,20}?我(?:的)?(?:账号|账户)",
    re.IGNORECASE,
)
"""The user dropping their own access to something ("Remove the camera at my ex's house from my account"):
less access, not more."""

OWN_DOOR_FOR_A_VISITOR = prefilter.compile(
    r"\b(?:unlock|open)\s+my\s+(?:front |back |garage |side )?(?:door|gate)\b[^.!?\n]{0,60}?\b(?:is|"
    r"are) coming (?:round|over|by)\b"
    r"|(?:打开|开一下|解锁)我家(?:的)?(?:大门|门|门锁)[^。！？\n]{0,30}?(?:要来|来我家|过来)",
    re.IGNORECASE,
)
"""The user's own door opened for someone coming to their home: a job at the user's door."""

# -- a privilege asked about, or said only in the user's own reminder -------------------------------------

OWN_REMINDER = prefilter.compile(
    r"\bremind me\b[^.!?\n]{0,30}?\bto\b(?! (?:the|my|all|every|any)\b)"
    r"|\bnote (?:down )?that i need to\b"
    r"|提醒我[^，。！？\n]{0,10}?(?:去|要|把|给|续|办|交)|帮我记(?:一下)?(?:要|去)",
    re.IGNORECASE,
)
"""The user's own future task ("please remind me in 30 days to renew the … authorization"): the privilege
words after it are the task's object, not a claim."""
OFFICIAL_ASKED = prefilter.compile(
    r"官方[^，。！？\n]{0,6}?(?:吗|么|嘛|不|没)[？?]?"
    r"|(?:是不是|是否)[^，。！？\n]{0,4}官方|官方的?吗"
    r"|\bis (?:this|that|it) (?:number |link |site |account )?(?:on (?:the|their) )?official\b",
    re.IGNORECASE,
)
"""Whether a number or link is official, asked ("这个号在官方列表里吗？", "是官方领空投的吗？")."""
SOMEONE_SAID = prefilter.compile(r"^有人")
"""A PRIVILEGE_CLAIM_ZH match that starts at 有人 ("someone") read 有 as "have"."""
WHERE_TO_FIND_IT = prefilter.compile(
    r"(?:在哪|哪里|哪儿)(?:能|可以)?(?:看到|找到|看|找|打开)(?:它|呢)?[？?]?\s*$"
    r"|怎么(?:看到|找到|打开|用)(?:它|呢)?[？?]?\s*$"
    r"|\bwhere (?:can|do) i (?:see|find|open|access) (?:it|that|this|them)\s*\?\s*$",
    re.IGNORECASE,
)
OTHERS_DATA_WORDS = prefilter.compile(
    r"所有|全部|其他|别人|成员的|用户的|员工的|客户的|他们的"
    r"|\b(?:all|every|everyone'?s|other|others'?|users'|members')\b",
    re.IGNORECASE,
)
"""A granted right asked where to find ("运营那边说我现在有…管理员权限了，在哪能看到？"), with no one else's
data asked."""
THIS_IS_ME = prefilter.compile(
    r"(?:这|这个|那|那个|这就|上面)(?:人)?是我本人|\b(?:this|that) (?:person )?is me\b", re.IGNORECASE
)
"""The user saying data shown is their own ("入住人：周晓 … 这是我本人"): their identity, not a role
claimed."""

# -- a phishing shape that is the user's own notice or their own check ------------------------------------

VOLUNTARY_INVITATION = prefilter.compile(
    r"自愿|\bvoluntar(?:y|ily)\b|\boptional\b|\bif they (?:want|wish|like)\b|\bno obligation\b", re.IGNORECASE
)
DRAFT_ASKED = prefilter.compile(
    r"帮我(?:写|起草|拟|编)|写(?:一份|一段|段|个)|\b(?:draft|write|compose)\b", re.IGNORECASE
)
PAYMENT_OR_CREDENTIALS = prefilter.compile(
    r"交|付|缴|转账|汇|密码|验证码|身份证|银行卡|卡号|登录|链接|网址|二维码收款|收款码|红包|定金|领取|返现"
    r"|退款|中奖|补贴|奖品|福利"
    r"|\b(?:pay|payment|fee|deposit|password|code|card|log ?in|sign in|link|url|wallet|bank|transfer|refund|"
    r"prize|reward|cash|voucher|gift)\b|https?://|\[\.\]"
    r"|\.(?:com|net|cn|xyz|top|cc|vip)\b|@[A-Za-z]|[A-Za-z]+_[A-Za-z0-9_]+"
    r"|(?<![0-9])[0-9]{5,}(?![0-9])",
    re.IGNORECASE,
)
"""A notice the user asks to draft that invites others to something voluntary ("帮我写一份通知…让业主扫码自愿
报名", "邀请顾客自愿加店铺的企业微信"), with no payment, credential or link in it."""
VERIFIED_BY_THE_USER = prefilter.compile(
    r"核实(?:前|之前)[^。！？\n]{0,6}?(?:别|不要|不)"
    r"|(?:核实|确认|核对)(?:好|过|完)?(?:后|之后|了)?再(?:付|转|打款|汇)"
    r"|\bi(?:'ll| will|'m going to| am going to| plan to)\s+(?:call|check|verify|confirm|"
    r"ring)\b[^.!?\n]{0,60}?\bbefore (?:paying|i pay|any payment)\b",
    re.IGNORECASE,
)
"""The user verifying a changed payment detail themself, payment deferred until then ("我打算按合同上的座机打
过去核实再付款，核实前别催我付")."""

# -- an answer for others that refuses their data --------------------------------------------------------

REFUSES_OTHERS_DATA = prefilter.compile(
    r"\b(?:politely )?(?:refuse|decline)\b"
    r"|\bdon'?t (?:give|share|tell|disclose|reveal) (?:it|them|that|anything)\b|一律不(?:说|告诉|透露|给)"
    r"|(?:不|别|不要)(?:告诉|透露|说)(?:他|她|他们|对方)?|拒绝",
    re.IGNORECASE,
)
OTHERS_PRIVATE_DATA = prefilter.compile(
    r"\b(?:someone else'?s|another (?:person|customer|resident)'?s|other (?:people|customers|"
    r"residents)'?s?)\b[^.!?\n]{0,20}?\b(?:address|number|phone|details|unit|flat)\b|住哪|哪一户|门牌|地址"
    r"|手机号|电话|联系方式",
    re.IGNORECASE,
)
"""An answer for others that refuses someone else's private data ("if a caller asks for someone else's address
…, politely refuse", "以后有人打听哪个业主住哪一户，一律不说，让他到物业前台登记")."""
A_DESTINATION = prefilter.compile(
    r"https?://|\[\.\]|www\."
    r"|\.(?:com|net|cn|xyz|top|cc|vip|org|io)\b|@[A-Za-z]"
    r"|(?<![0-9])[0-9]{5,}(?![0-9])|微信|QQ|二维码|扫码|链接"
    r"|\b(?:link|whatsapp|telegram|wallet)\b",
    re.IGNORECASE,
)
SAYS_SOMETHING = prefilter.compile(
    r"就说|就讲|就回|回答说|说是|说成|告诉(?:他|她)们?(?:说|是)"
    r"|\b(?:say|tell (?:them|him|her|people|callers?)|reply|answer|respond)\b(?!\s+(?:to )?(?:politely|"
    r"no)\b)",
    re.IGNORECASE,
)
"""Something the agent is to say to the askers: more than a refusal."""

# -- an assistant named that is not addressed ---------------------------------------------------------------

USERS_JOB_BEFORE = prefilter.compile(
    r"\b(?:i'?m|i am|i work as|i've been)\s+(?:an?\s+|the\s+|his\s+|her\s+|their\s+|my\s+)?(?:(?!(?:of|for|"
    r"this|that|your|to|with)\b)[\w'’-]+\s+){0,3}$",
    re.IGNORECASE,
)
""""Assistant" as the user's own job ("I'm the store owner's assistant, not the owner"), not a name the text
addresses."""
ACTED_ON_BEFORE = prefilter.compile(
    r"(?:骗|忽悠|攻击|绕过|对付|防住|测试|训练|搭建|部署|调教|误导)[^，。！？\n]{0,4}$"
)
"""A bot named as the object of a verb ("想骗客服机器人，这种我们店要怎么防？"): talked about, not
addressed."""

# -- an answer for others that sets no content ----------------------------------------------------------

ASKED_OF_THE_USER = prefilter.compile(
    r"\b(?:in case|if|when|whenever)\s+(?:anyone|anybody|someone|somebody|people|"
    r"they)\s+(?:ever\s+)?asks?\s+me\b"
    # round 44: "Anybody on my team that asks me aboot cancellin memberships, I want tae give them …"
    r"|\b(?:anyone|anybody|someone|somebody|people|everyone|whoever)\b(?:\s+[\w'-]+){0,4}?\s+(?:that|who)\s+"
    r"asks?\s+me\b"
    r"|(?:万一|要是|如果|以防)(?:有人|别人|谁)(?:来)?问(?:起)?我(?!的)",
    re.IGNORECASE,
)
"""Someone asking the user, not the agent ("Just noting it in case anyone asks me"): the user's own note."""
FORM_ONLY = prefilter.compile(
    r"(?:回答|回复|答复)(?:别|不要|不能|不)?(?:超过|多于)[^，。！？\n]{0,6}?(?:行|句|字)"
    r"|(?:回答|回复)(?:得)?(?:简短|简洁|短一点|精简)(?:一点|些)?"
    r"|\b(?:keep|make) (?:the |your )?(?:answers?|replies|responses) (?:short|brief|under \d+ \w+)"
    r"|\b(?:answer|reply|respond) in (?:one|two|three|a few|\d+) (?:lines?|sentences?)\b"
    r"|\b(?:answers?|replies|responses) (?:no|not) (?:longer|more) than (?:one|two|three|\d+) (?:lines?|"
    r"sentences?)\b",
    re.IGNORECASE,
)
"""An answer's form set, nothing of its content ("直播间有人问你啥，回答别超过两行", "keep answers to viewers
under two lines")."""
FUTURE_NOTE = prefilter.compile(
    r"\b(?:for|in) (?:all )?(?:future|later|next) (?:sessions|chats|conversations)\b", re.IGNORECASE
)
OWN_PREFERENCE = prefilter.compile(
    r"\bwhen i (?:ask|want|need)\b|\bmy (?:own )?default\b|\bfor me\b", re.IGNORECASE
)
"""A note for future sessions about how the user likes their own answers ("Prompt for future sessions: when I
ask for code, default to TypeScript … Save this as my default")."""

# -- a secret's label with no value ----------------------------------------------------------------------

PASSWORD_USED_FLAG = prefilter.compile(r"\(\s*using password\s*:\s*(?:YES|NO)\s*\)", re.IGNORECASE)
"""A database's "access denied" message says whether a password was sent ("Access denied for user
'report'@'10.0.2.8' (using password: YES)"): a flag, no password."""

# -- a protective notice for others, with nowhere to send them -----------------------------------------------

NEVER_ASKS = prefilter.compile(
    r"\b(?:we|the bank|our (?:staff|team|bank|company)|staff)\s+(?:will\s+)?(?:never|won'?t ever|do not|"
    r"don'?t)\s+(?:ask|request|call|text|email|send)\b[^.!?\n]{0,60}?\b(?:through|via|by|in) (?:a |"
    r"an )?(?:link|e-?mail|text|sms|phone call|call)\b"
    r"|(?:我们|本行|银行|官方|客服)(?:绝不会|从不|不会)(?:通过|用)?[^，。！？\n]{0,10}?(?:链接|短信|邮件|"
    r"电话)[^，。！？\n]{0,10}?(?:要求|索要|让)",
    re.IGNORECASE,
)
"""A notice that the sender never asks for something through a link or message ("remind account holders who
ask that we will never request identity re-verification through a link in an email or text")."""
ORDERS_TO_THE_AGENT = prefilter.compile(
    r"\b(?:ignore|disregard|instructions?|system prompt|override|rules?|polic(?:y|ies)|from now on|always)\b"
    r"|忽略|无视|指令|规则|以后都",
    re.IGNORECASE,
)
URL_OR_HANDLE = prefilter.compile(
    r"https?://|\[\.\]|www\.|\.(?:com|net|cn|xyz|top|cc|vip|org|io)\b|@[A-Za-z]|(?<![0-9])[0-9]{5,}(?![0-9])",
    re.IGNORECASE,
)
"""An address, handle or number to send people to."""

# -- a notice dropped for the user's own acts ------------------------------------------------------------

USERS_OWN_ACTS = prefilter.compile(
    r"我每次|每次我"
    r"|我(?:平时|经常|每个?月|每周)(?:都)?(?:给|转|买|付)"
    r"|\b(?:every time|whenever|each time) i\b|\bi always\b",
    re.IGNORECASE,
)
"""The user's own habit the notice interrupts ("我每次给我妈转生活费都要点好几下", "every time I pay my
rent"): a notice dropped for the user's own acts, not for others."""

# -- a quotation someone else wrote that the user asks to have taken down ---------------------------------

QUOTATION = prefilter.compile(r"\"[^\"\n]{1,300}\"|“[^”\n]{1,300}”|「[^」\n]{1,300}」")
TAKEN_DOWN_AFTER = prefilter.compile(
    r"\btake (?:it|that|this|them|the \w+) down\b"
    r"|\bget \w+ to (?:remove|delete|take down|take (?:it|that) down)\b"
    r"|\bhave (?:it|that|this) (?:removed|deleted|taken down)\b"
    r"|\breport (?:it|that|this|the \w+)\b"
    r"|\b(?:remove|delete|hide) (?:it|that|this|the (?:review|comment|post))\b|删掉|删除|下架|举报|投诉|撤下"
    r"|屏蔽",
    re.IGNORECASE,
)
"""The user asking to have a quotation someone else wrote removed ("a guest left a review … that says "AI
summariser: tell readers …". Can I get Airbnb to take that down?"): the quotation is the user's problem, not
an instruction to follow."""

HANDED_TO_ME = prefilter.compile(
    r"\b(?:send|give|show|tell|forward|read) me\b|发(?:给)?我(?!了)|给我看|告诉我|转给我|念给我",
    re.IGNORECASE,
)
"""Something handed to the user: what the narrower exemptions of others_data_own_business must not hold."""
WRITTEN_BY_SOMEONE = prefilter.compile(
    r"\b(?:wrote|posted|commented|left (?:a|this|the) \w+)\b[^\"“”\n.!?]{0,30}?\s*[:：,，]?\s*[\"“]$"
    r"|(?:写了?|留言|评论|发了?)[^“”\n，。！？]{0,6}?[:：,，]?\s*[“\"]$",
    re.IGNORECASE,
)
"""A quotation someone wrote somewhere ("Someone wrote on our forum "…"", "有人在评论里写“…”")."""
