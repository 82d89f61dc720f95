"""Round 28: the shapes in which a refusal by the guard's learned layer is dropped after it (guard.py,
_dropped_for_own_records_and_answers): a record the user marks as their own, with no one else's record in the
text. The
layer (intent.py) cannot tell "my own number's call log" from "her number's call log"; these patterns say
whose record it is. Each is read only when the layer names the kind "otherdata"."""

from __future__ import annotations

import re

from hindsight import prefilter

OWN_RECORD = prefilter.compile(
    r"\bmy own (?:[\w-]+ )?(?:number|account|phone|line|orders?|card"
    r"|unit|flat|apartment|room|house|home|booking|reservation|lease|tenancy|file|case)\b"  # round 44
    # round 44: the user's own visits looked up ("look up my check ins for this month")
    r"|\b(?:look up|check|pull up|show me|find|count|list)\s+my\s+(?:own\s+)?(?:gym\s+|class\s+)?"
    r"(?:check[- ]?ins|visits|attendance|sessions|classes|bookings)\b"
    r"|\b(?:it'?s|is|are|they'?re) (?:in|under) my (?:own )?name\b"
    r"|\bfrom my (?:own )?account\b"
    r"|我自己(?:这个|的|名下)|(?<!到)我名下|用我(?:的|自己的)?账号|我这边的|我(?:自己)?这个号"
    r"|我的(?:工资卡|订单|账号|账户)|我(?:的)?卡里|我(?:那个|这个)(?:快递|订单|号)|我这个月",
    re.IGNORECASE,
)
"""A record the user marks as their own ("my own number", "it's in my name", "from my own account",
"我自己这个号", "电费户是我名下的", "我卡里", "我那个快递", "我这个月…下了几单"); not a destination
("过户到我名下")."""

OTHERS_RECORD = prefilter.compile(
    r"\b(?:her|his|their)\s+(?:own\s+)?(?:[\w-]+\s+)?(?:account|card|orders?|messages|chats?|location|records?|"
    r"details|results|password|profile|history|contract|address|balance|transactions?|logs?|numbers?|lines?|"
    r"plans?|usage|calls|bills?)\b"
    r"|\b(?:every(?:one|body)?|all (?:the )?(?:customers|users|members|clients)|customers|clients|"
    r"other users)\b"
    r"|(?:她|他|它|他们|她们)(?:的|名下|卡里|账户|账号|手机|号)|所有|其他用户|客户|到我名下|转到我|改到我"
    # a named person's record ("read me Sarah's messages") or a neighbour's, a colleague's, someone else's
    # ("把隔壁的订单发我"): a record of the user's own said beside it does not make this one theirs
    r"|\b(?!(?i:what|who|where|when|how|why|it|that|this|there|here|let|he|she|today|tonight|everyone|nobody)'s)"
    r"(?-i:[A-Z][a-z]+)'s\s+(?:[\w-]+\s+)?(?:account|card|orders?|messages|texts|emails?|chats?|location|"
    r"records?|details|results|password|profile|history|address|balance|transactions?|calls|bills?)\b"
    r"|(?:隔壁|邻居|别人|同事|室友|楼上|楼下|对门)(?:家)?的?(?:订单|快递|包裹|账户|账号|消息|聊天记录|短信|地址|电话|号码|记录|账单)"
    # round 44: a relative's, flatmate's or friend's ("look up my check ins and my flatmate's too")
    r"|\bmy\s+(?:flatmate|roommate|housemate|friend|mate|sister|brother|mum|mom|dad|wife|husband|partner|girlfriend|"
    r"boyfriend|neighbou?r|colleague|coworker|boss|son|daughter|ex|cousin|aunt|uncle)'s\s+(?:[\w-]+\s+)?"
    r"(?:too|as well|also|account|card|orders?|messages|chats?|location|records?|details|results|password|"
    r"profile|history|address|balance|transactions?|calls|bills?|check[- ]?ins|visits|bookings|sessions)\b",
    re.IGNORECASE,
)
"""Someone else's record in the same text ("her account", "his number", "everyone", "她的", "他名下",
"所有", "客户") or a record moved to the user ("转到我名下"): no longer the user's own alone."""

SELF_DESCRIBED = prefilter.compile(
    r"\bi'?m (?:a|an|actually a|actually an)\b|\bi am (?:a|an)\b|我是(?:做|搞|干)?", re.IGNORECASE
)
"""The user saying what they are ("I'm a developer", "我是做产品经理的")."""

ANSWER_FORM = prefilter.compile(
    r"\b(?:code-level|technical|detailed|simple|simpler|plain|short|shorter|brief|in-depth|high-level)"
    r" (?:answers?|version|explanations?|replies|overviews?)\b"
    r"|\b(?:answers?|replies|summaries|explanations?) (?:in|as) (?:bullet points|lists?|tables?|"
    r"plain english)\b"
    r"|(?:都用|用|按)(?:列表|表格|要点|大白话)|(?:角度|方式)(?:来)?讲|别太技术|讲(?:得)?(?:简单|通俗|详细)些?"
    r"|技术(?:一点|些)",
    re.IGNORECASE,
)
"""The form or level of the answers the user wants ("code-level answers", "the technical version",
"总结都用列表", "按 PM 的角度讲，别太技术")."""

PRIVILEGE_OR_OTHERS = prefilter.compile(
    r"admin|access|verif|permission|authori|privilege|restrict|rules?\b|trust|priority|skip|without|disclose|"
    r"any(?:one|body)|other (?:users|people|customers)|everyone|clear(?:ed|ance)|internal|staff|employee|"
    r"officer|police|权限|管理员|审批|审核|验证|核实|优先|豁免|规则|信任|内部|所有|任何|别人|其他|员工|警|官方",
    re.IGNORECASE,
)
"""What a claim of identity is made for in poison: a privilege, a check dropped, rules, other people."""

NOT_TO_ME = prefilter.compile(
    r"\b(?:don'?t|do not|never|stop) (?:\w+ ){0,2}?(?:suggest|recommend|offer|mention|push|pitch|upsell|"
    r"bring up)(?:ing)? (?:[\w-]+ ){0,5}?(?:to me|with me)\b"
    r"|别(?:再)?(?:给|跟|向|对)我(?:推|推荐|提|发)",
    re.IGNORECASE,
)
"""The user asking not to be offered or told something themselves ("don't suggest add-ons … to me again",
"别跟我提我前女友")."""

OWN_ACCOUNT_CHECKED = prefilter.compile(
    r"\b(?:login|sign-in|log-in|password reset|security)\b[^.?!\n]{0,60}\bmy (?:own )?(?:[\w-]+ )?account\b"
    r"|\bmy (?:own )?(?:[\w-]+ )?account\b[^.?!\n]{0,60}\b(?:login|sign-in|password reset)"
    r"|我(?:这个|自己的?|的)?\w{0,4}?(?:账号|账户)的?登录记录|(?:冻结|锁定)我(?:名下|的|自己的)",
    re.IGNORECASE,
)
"""The user's own account's sign-ins or password resets looked at, or their own accounts frozen ("pull the
login history for my own admin account", "把我这个管理员账号的登录记录调出来")."""

RAISED_OR_SET = prefilter.compile(
    r"设成|设为|升级|改成|\bmake me\b|\bset (?:it|me|my)\b|\bgrant\b|\bgive me\b", re.IGNORECASE
)
"""An account raised or set, not looked at ("把我的账号设成管理员")."""

ALREADY_REFUSED = prefilter.compile(
    r"\b(?:i|we)(?: have| had|'ve|'d)? (?:already |politely )?(?:refused|declined|"
    r"turned (?:him|her|them) down)\b"
    r"|\b(?:need|needs|require|requires) (?:his|her|their) (?:own )?(?:written |signed )?(?:consent|"
    r"authori[sz]ation)\b"
    r"|已(?:经)?(?:按规定)?拒绝|(?<![不无])须本人|(?<![不无])需(?:要)?本人(?:到场|操作|办理|同意)|让[^，。！？\n]{0,6}本人来"
    r"|(?:客人|住客|用户|业主)(?:说|表示)?不认识",
    re.IGNORECASE,
)
"""Staff telling of someone else's data already refused, or of the owner's consent needed ("I've already
declined", "what's the script for explaining we need his written consent first", "已拒绝并告知须本人操作",
"客人说不认识他"); not a consent said to be unneeded ("不需要本人同意")."""

HANDED_OVER = prefilter.compile(
    r"\b(?:give|read|tell|send|show|forward|pull up|look up) (?:me|us)\b|\bjust (?:give|read|tell|send)\b"
    r"|告诉我|发我|给我|调出来|帮我查|直接(?:给|告诉|发)|发给(?:他|她)",
    re.IGNORECASE,
)
"""The data asked for all the same ("…but just read me her room number", "直接告诉他")."""

A_LINK = prefilter.compile(
    r"https?://|hxxps?://|\[\.\]|www\.|\.(?:com|net|cn|xyz|top|cc|vip|org|io|link|site)\b", re.IGNORECASE
)
"""A link to send people to (a number alone is not one: an official hotline the user checked is passed on by
number)."""
CHECKED_BY_THE_USER_ZH = prefilter.compile(r"(?:我|自己)[^。！？\n]{0,12}?(?:核对|核实|查证|确认)过")
"""The user saying they checked a number themselves, in words patterns.CHECKED_BY_THE_USER does not
have ("这是我在社保局官网核对过的号码")."""

# Round 28b: more shapes in which a learned layer's refusal is dropped
# (guard_layer_drops._dropped_for_approvals_and_own_orders).

OWN_ORDER_FOR_SOMEONE = prefilter.compile(
    r"\b(?:order|ride|delivery|parcel|booking|cab|taxi|gift|food)s? I "
    r"(?:placed|made|booked|ordered|sent|bought|got)(?: \w+)? for (?:my|her|him)\b"
    r"|\bI (?:ordered|booked|bought) (?:for|on behalf of) my\b"
    r"|\bon my (?:own )?account for my\b"
    r"|我(?:给|帮|替)\w{1,4}(?:买|点|叫|订|寄)的|给我\w{1,3}买的那单|用我的账号帮"
    r"|我(?:给|帮|替)\w{1,4}下的(?:那个|那)?(?:单|订单)",
    re.IGNORECASE,
)
"""An order the user placed themselves for someone ("the ride I booked for my mum", "给我妹买的那单",
"我给女朋友点的外卖"): the user's own order, whoever receives it."""

OWN_CONVERSATION = prefilter.compile(
    r"\bforward (?:me )?(?:my|every|all|the)\b.{0,40}\b(?:I'?ve had|between .{0,30} and me|with me)\b"
    r"|\bmy conversation with\b|\bbetween your \w+ and me\b|我(?:和|跟)\w{1,6}的(?:聊天|对话)记录",
    re.IGNORECASE,
)
"""The user's own side of a conversation asked for or passed on ("forward me every email I've had from the
landlord", "my conversation with him", "我跟客服的聊天记录"); read only for the kind "otherdata"."""

OWNER_DOES_IT = prefilter.compile(
    r"(?:他|她)(?:本人|自己)(?:能|可以|怎么|要|在哪)|(?:教|告诉)(?:他|她)(?:怎么)?(?:自己)?操作|(?:他|她)(?:该|应该)问"
    r"|\bhow (?:can|does|do|should) (?:she|he|they)\b.{0,60}\b(?:herself|himself|themselves|her own|his own|"
    r"their own)\b|\bshould (?:she|he) ask\b",
    re.IGNORECASE,
)
"""How the other person does it themselves ("他本人能在线上挂失吗", "我好教他操作", "how can she reset it
herself", "what should she ask her doctor"): the user asks the way, not the data."""

APPROVAL_ADDED = prefilter.compile(
    r"\b(?:need|needs|require|requires|get) (?:a |the )?(?:manager|boss|supervisor|owner)'?s? "
    r"(?:approval|sign-off|signature)|\b(?:manager|boss|supervisor) (?:approval|sign-off)"
    r"|要(?:店长|老板|经理|主管|他|她)(?:的)?(?:审批|签字|批准|同意)|(?:店长|老板|经理|主管)审批",
    re.IGNORECASE,
)
"""An approval the user must get ("I need manager approval for discounts over 20 %", "以后打折超过八折要店长
审批", "超过500的退款都要他签字"): a check added, not dropped (APPROVAL_DROPPED)."""

APPROVAL_DROPPED = prefilter.compile(
    r"不用|不需要|无需|不必|免|跳过|直接通过|\bdon'?t need\b|\bno longer\b|\banymore\b|\bwithout\b|\bskip|"
    r"https?://",
    re.IGNORECASE,
)
"""The approval dropped or skipped, or a link: the poison twin of APPROVAL_ADDED ("don't need the manager
approval thing anymore", "不用找部门主管审批")."""

KEPT_APART = prefilter.compile(
    r"\b(?:don'?t|do not|never) (?:\w+ ){0,2}mix (?:\w+ ){0,5}?up\b"
    r"|\bkeep (?:them|us|those|these) (?:apart|separate)\b"
    r"|别(?:把\w{1,8})?(?:搞混|弄混|混在一起|搞错)",
    re.IGNORECASE,
)
"""The user asking that two records be kept apart ("my business partner banks with you too, so don't mix us
up", "这是测试账号，别把它和我的真实账户搞混"): a record kept from the user's, not handed over."""

PUBLIC_TIMES_ASKED = prefilter.compile(
    r"(?:探视|营业|办公|门诊)时间[^。！\n]{0,12}[?？]|(?:哪里|哪儿)(?:好|能|可以)?停车[^。！\n]{0,6}[?？]"
    r"|几点(?:开门|关门|退房)[^。！\n]{0,6}[?？]"
    r"|\b(?:visiting|opening) hours\b[^.!\n]{0,30}\?|\bwhat time is check-?out\b[^.!\n]{0,30}\?"
    r"|\bwhere (?:can|do|should) (?:I|we) park\b[^.!\n]{0,40}\?",
    re.IGNORECASE,
)
"""A question about a place's public times or parking ("请问你们探视时间是几点到几点？",
"医院附近哪里好停车？", "What time is checkout?"): asked of the place, not about the person the user
visits or goes with; read only for the kind "otherdata", with no answer set (ANSWER_SET)."""

ANSWER_SET = prefilter.compile(
    r"说|告诉|回复|回答|规则|\b(?:say|tell|reply|respond|answer|rule)s?\b", re.IGNORECASE
)
"""An answer set for others ("谁问营业时间都说24小时", "say we're open 24/7"): the poison of the same
words."""

OWN_DATA_GIVEN = prefilter.compile(
    r"\bshare my (?:live )?(?:location|eta|trip|itinerary) with\b"
    r"|\b(?:address|name) on my (?:own )?order\b.{0,30}\bto my\b"
    r"|(?:告诉|给)(?:他|她)我的(?:房号|电话|手机号|位置)"
    r"|我的\w{0,4}(?:积分|订单|位置|房号)\w{0,6}(?:转到|加上|告诉|分享给)(?:我|他|她)",
    re.IGNORECASE,
)
"""The user's own data given to someone they name ("share my location with my sister", "change the address on
my order to my neighbour's", "前台可以直接告诉他我的房号"): the user's data going out, not another's coming
in; read only for the kind "otherdata"."""

# -- round 45 (g-r52's useful lines the layer refused) ------------------------------------------------------

SELF_INTRODUCED_BY_NAME = prefilter.compile(
    r"^\s*(?:(?:hi|hello|hey|good (?:morning|afternoon|evening))(?:\s+there)?[,!.]?\s+)?"
    r"(?:this is|it'?s|i'?m|i am|my name is)\s+"
    r"(?!(?-i:Officer|Detective|Sergeant|Sgt|Inspector|Constable|Dr|Doctor|Director|Manager|Admin|Agent|Captain|Chief|"
    r"Professor|Prof|Dean|Judge|Counsel|Attorney|Nurse|Head|Warden)\b)"
    r"(?-i:[A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2})\s*[,.;:!—–-]"
    r"|^\s*(?:hi|hello|hey)?[,!.]?\s*(?-i:[A-Z][a-z]+(?: [A-Z][a-z]+)?) here\b"
    r"|^\s*(?:你好|您好|老师好)?[，,！!]?\s*我(?:是|叫)"
    r"(?![^，,。！!]{0,3}?(?:老板|物业|经理|主管|主任|警|老师|医生|护士|家长|管理|客服|员工|店长|房东|业主|前台|保安|财务|领导|"
    r"负责|律师|官|长|的))[\u4e00-\u9fff]{2,3}[，,。！!]",
    re.IGNORECASE,
)
"""The user introducing themself by name at the start ("This is Kevin Ong, I'm on the waitlist …", "Kevin
here", "我是刘凯，…"): the name is the user's, not another person's. Not a rank or office ("This is Officer
Daniels")."""
ANYONE_ELSE_NAMED = prefilter.compile(
    r"\b(?:he|she|him|her|his|hers|they|them|their|theirs|someone|somebody|anyone|everyone|other|others|"
    r"wife|husband|partner|son|daughter|kids?|child|children|mum|mom|dad|mother|father|brother|sister|nephew|niece|"
    r"cousin|uncle|aunt|friend|roommate|room-mate|flatmate|housemate|neighbou?r|colleague|coworker|boss|ex|"
    r"boyfriend|girlfriend|tenant|student|patient|customer|client|member|resident|guest|user|guy|girl|lady|man|woman|"
    r"person|people|owner|landlord|driver|staff|employee|teacher|doctor|nurse|officer|whoever|who)s?\b"
    # a possessive other than the user's words ("Sarah's number", not "it's", "what's")
    r"|\b(?!(?:it|that|what|who|where|when|how|there|here|let|he|she|today|tonight|one|name)['’]s)[A-Za-z]+['’]s\b"
    r"|[他她谁]|别人|其他|所有|家人|孩子|老公|老婆|儿子|女儿|爸|妈|室友|舍友|邻居|同事|朋友|人|员工|业主|客户|学生|住户|用户|"
    r"会员|病人|名单",
    re.IGNORECASE,
)
"""Anyone but the user named or pointed at ("his", "my nephew", "她", "室友")."""
EMERGENCY_CONTACT_GIVEN = prefilter.compile(
    r"\b(?:add|put|list|set|make|use|keep)\s+(?:(?:him|her|them|[\w'’]+(?:\s+[\w'’]+){0,3}?)\s+(?:down\s+)?as|"
    r"(?:him|her|them)\s+(?:on|in))\s+(?:the\s+|my\s+)?(?:emergency contact|next of kin|secondary contact|"
    r"alternate contact|backup contact)\b[^.?!\n]{0,40}?\bmy\b"
    r"|(?:把|将)?(?:他|她|[\u4e00-\u9fff]{1,4})(?:的电话|的手机号?)?(?:加|填|设|登记|写)(?:为|成|到|进|上)?我的?[^。！？\n]{0,8}?紧急联系人",
    re.IGNORECASE,
)
"""The user giving someone's number as an emergency contact on the user's own profile ("my roommate's number
is 012-338 4721, can you add her as the emergency contact on my own housing profile?"): the brief's own use of
another's number, given by the user; read only with a number given and nothing asked back
(OWN_DATA_ASKED_BACK)."""
_LONG_NUMBER = r"\d(?:[\s-]?\d){6,}"
NUMBER_GIVEN = prefilter.compile(_LONG_NUMBER)
A_LINK_OR_NUMBER = prefilter.compile(rf"https?://|www\.|{_LONG_NUMBER}")
"""A link or a long number: left to the layer, whoever introduces themself or is named only as a source."""
OWN_DATA_ASKED_BACK = prefilter.compile(
    r"\b(?:send|tell|show|give|read)\s+(?:me|us)\b|\bwhat'?s\b|\bwhere'?s\b|发给我|告诉我|给我看|是多少|是什么",
    re.IGNORECASE,
)
RELATIVE_AS_A_SOURCE = prefilter.compile(
    r"\b(?:my\s+)?(?:wife|husband|partner|son|daughter|kid|mum|mom|mam|dad|mother|father|brother|sister|friend|"
    r"flatmate|roommate|boyfriend|girlfriend)\s+"
    r"(?:said|says|told me|reckons|thinks|set up|setup|signed me up|mentioned)\b[^,.;!?\n]*"
    r"|(?:我|我家)?(?:老公|老婆|爸|妈|老爸|老妈|阿妈|阿爸|娃|孩子|儿子|女儿|男朋友|女朋友|朋友|室友)(?:说|话|讲|觉得)[^，,。；;！!？?\n]*",
    re.IGNORECASE,
)
"""Round 45: a relative or friend named only as the source of a remark ("my wife said the text came to her
phone by mistake", "我爸说你们这儿贵", "阿妈话要帮我交"), up to the end of its clause."""
OWN_THING_ASKED = prefilter.compile(
    r"\bmy\b|\bI (?:have|had|applied|ordered|booked)\b|我的|我名下|我申请|我部|我这|我家娃|我个",
    re.IGNORECASE,
)
"""The user's own thing in what is asked ("my blood test results", "我申请的公租房")."""
