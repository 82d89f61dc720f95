"""Topics: what part of a user's life a statement is about — their job, their home, their phone
number, their car, their child's school — named by meaning, in English and Chinese.

Why: an update rarely repeats the words of what it updates. "I work at Acme Corp." and "Started a
new job at Globex this week!" share no content word, and a sentence encoder puts them far apart
(USE cosine 0.14), yet both are about the user's employer; "我在阿里上班。" and "跳槽了，下周一去字节
报到" both about the employer too. slots.py knows 19 attributes by the words that name them; this
lexicon knows the *verbs and nouns people use around* a few dozen everyday kinds of fact
("joined", "handed in my notice", "入职", "跳槽" → work; "relocated", "got the keys", "搬到" → home),
so updates.py can ask "are both statements about the same kind of thing?" — one feature of its
pair model, never a decision by itself (the keep cases are full of same-topic statements that are
no update: a second pet, a relative's car, a class at the same gym).

A statement may have several topics ("my work laptop": work and device). The lists are
deliberately broad within a topic and narrow across topics; a word that says little about a topic
on its own ("new", "now", "changed") is the cue's business (updates.CHANGE_CUE), not a topic's.
"""

from __future__ import annotations

import re

from hindsight import prefilter

_EN: dict[str, str] = {
    "work": r"work(?:s|ing)? (?:at|for|in)|job|employer|company|firm|hired|joined|joining|"
    r"notice|resign\w*|quit (?:my|the)|left (?:my job|the company|the firm)|redundan\w*|laid off|"
    r"start(?:ed|ing|s)? at|colleague\w*|contract(?:or)?|freelanc\w*|self-employed|career|"
    r"salary|pay rise|raise|paid|payday|wage\w*",
    "role": r"position|role|promot\w*|title|senior|junior|head of|lead|manager|boss|"
    r"report(?:s|ing)? to|team|department|transferred|qualified|analyst|engineer|designer|teacher|"
    r"nurse|assistant|developer|consultant|officer|director|intern|trainee",
    "work_time": r"shift|work hours|hours|9 to 5|nine to five|standup|stand-up|meeting|desk|floor|"
    r"office|hot-?desk",
    "home": r"live[sd]? (?:in|at|on)|living (?:in|at)|home|house|flat|apartment|place|address|"
    r"moved|moving|relocat\w*|keys|landlord|rent|lease|tenancy|mortgage|neighbou?rhood|street|"
    r"road|avenue|lane|close|court|city|town|postcode|zip",
    "contact": r"number|phone|mobile|cell|sim|call me|text me|reach me|ring me|whatsapp|e-?mail|"
    r"inbox|gmail|outlook|hotmail|contact",
    "device": r"iphone|pixel|samsung|galaxy|android|ios|laptop|macbook|thinkpad|tablet|ipad|"
    r"computer|pc|browser|chrome|firefox|safari|phone is|phone's",
    "diet": r"vegan|vegetarian|pescatarian|keto|paleo|diet|meat|dairy|gluten|lactose|halal|kosher|"
    r"eat(?:s|ing)? (?:everything|anything)|restrictions?|beef|pork|fish|plant-based|calorie\w*",
    "health": r"allerg\w*|hay fever|asthma|inhaler|medication|medicine|meds|tablets?|pills?|dose|"
    r"dosage|mg|prescri\w*|pharmac\w*|chemist|doctor|gp|dr|dentist|physio\w*|therap\w*|clinic|hospital|nurse|"
    r"optician|glasses|lenses|eyes?|surgery|practice|specialist|consultant",
    "pet": r"dog|cat|puppy|kitten|pet|vet|rescue|hamster|rabbit|parrot|fish tank|kibble|"
    r"pet food|walks? (?:him|her)",
    "car": r"car|drive|driving|sedan|suv|hatchback|ev|electric car|hybrid|tesla|toyota|ford|honda|"
    r"vw|volkswagen|kia|bmw|audi|nissan|corolla|golf|yaris|parking|park(?:ed)? in|bay|plate|"
    r"insurance|mot|traded in",
    "school": r"school|nursery|kindergarten|preschool|primary|secondary|academy|college|uni|"
    r"university|class teacher|teacher|term|year \d+|tutor\w*|childminder|babysit\w*|nanny|"
    r"pick(?:ing)? (?:\w+ )?up|pickup|school run",
    "relationship": r"girlfriend|boyfriend|partner|husband|wife|fianc\w*|married|engaged|single|"
    r"divorc\w*|broke up|split up|separated|dating|relationship|widow\w*",
    "favourite": r"favou?rite|number one|love (?:most|best)|obsessed|all-time|go-to",
    "money": r"budget|spend|spending|afford|price|cost|£|\$|€|max|limit|savings?|bank|account|"
    r"card|credit|debit|current account|isa|invest\w*",
    "provider": r"broadband|internet|wi-?fi|network|router|energy|gas|electric\w*|supplier|"
    r"provider|contract|plan|tariff|insurer|insurance|streaming|subscri\w*|netflix|disney|spotify|"
    r"prime|membership|o2|ee|vodafone|three|giffgaff|bt|virgin",
    "exercise": r"gym|work(?:ing)? out|workout|run|running|ran|jog\w*|swim\w*|yoga|pilates|"
    r"exercise|training|steps|cycle|cycling|marathon|10k|5k|parkrun|class(?:es)?",
    "sleep": r"sleep|asleep|bed|bedtime|wake|waking|alarm|nap|up at",
    "commute": r"commut\w*|bus|train|tube|metro|underground|subway|line|cycle to|bike to|"
    r"walk to work|drive to work|route",
    "shopping": r"shop|shopping|grocer\w*|supermarket|tesco|aldi|lidl|sainsbury\w*|asda|waitrose|"
    r"ocado|delivery|deliveries|order",
    "drink": r"coffee|latte|cappuccino|flat white|espresso|americano|tea|milk|oat|water|litres?|"
    r"caffeine|alcohol|beer|wine|drink\w*",
    "reading": r"reading|read|book|novel|author|audiobook",
    "language": r"speak|reply|replies|answer|language|english|spanish|french|german|italian|"
    r"japanese|chinese|mandarin|korean|duolingo|learning",
    "travel": r"hotel|flight|fly|flying|trip|holiday|vacation|travel\w*|booking|booked|airbnb|"
    r"resort|destination|abroad",
    "hair": r"hair|haircut|barber|hairdresser|salon|stylist|cut",
    "size": r"size|shoes?|trainers|shirt|t-shirt|jeans|waist|dress|jacket|uk \d|eu \d|us \d",
    "name": r"call me|name|named|pronouns|go(?:ing)? by|nickname|known as",
    "goal": r"goal|target|aim|aiming|resolution",
    "time": r"monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekday\w*|weekend\w*|"
    r"morning|evening|afternoon|night|o'clock|\d{1,2}(?::\d\d)?\s*(?:am|pm)|\d{1,2}:\d\d|daily|weekly|"
    r"monthly|every other|schedule|timetable|slot",
    "team_fan": r"support|supporter|fan|team|club|band|singer|artist|music",
    "temperature": r"heating|thermostat|celsius|fahrenheit|degrees|temperature|aircon|air con",
}

_ZH: dict[str, str] = {
    "work": r"上班|工作|公司|单位|入职|跳槽|离职|辞职|报到|上岗|外企|国企|央企|创业|打工|"
    r"做.{0,4}(?:测试|开发|会计|销售|设计)|工资|薪|发工资|年终",
    "role": r"升职|升了|职位|岗位|经理|主管|总监|专员|工程师|设计师|会计|领导|上司|老板|汇报|部门|团队|组里|"
    r"调岗|转正|实习",
    "work_time": r"[早夜白晚中]班|倒班|调班|上班时间|朝九晚五|早会|站会|例会|开会|工位|楼",
    "home": r"住(?!院)|家在|新家|搬家|搬到|搬去|地址|小区|房子|租房|房租|房东|买房|定居|落户|[市区县]|路\d|"
    r"号楼|单元|城市",
    "contact": r"手机号|号码|电话|换号|联系方式|微信|邮箱|邮件|联系我|打我",
    "device": r"苹果|华为|小米|电脑|笔记本|平板|手机是|鸿蒙|安卓|浏览器",
    "diet": r"吃素|素食|忌口|饮食|生酮|减肥餐|不吃肉|不吃牛|不吃猪|清真|乳糖|麸质|吃肉|低碳",
    "health": r"过敏|哮喘|药|毫克|剂量|一天.片|医生|主任|牙|诊所|医院|门诊|复诊|挂号|理疗|康复|心理|咨询师|"
    r"验光|近视|度数|眼镜|隐形|体检",
    "pet": r"狗|猫|宠物|兽医|猫粮|狗粮|领养|遛",
    "car": r"车|开的|驾驶|提车|新能源|电车|油车|车位|车牌|车险|比亚迪|特斯拉|大众|丰田|本田|宝马|奔驰|"
    r"理想|蔚来",
    "school": r"学校|小学|中学|初中|高中|大学|幼儿园|入园|上学|转学|读书|班主任|老师|学期|年级|补课|家教|"
    r"网课|托班|接孩子|带孩子|保姆|阿姨带|园",
    "relationship": r"男朋友|女朋友|对象|老公|老婆|爱人|结婚|订婚|分手|单身|离婚|恋爱|相亲",
    "favourite": r"最爱|最喜欢|偶像|本命",
    "money": r"预算|花费|花多少|钱|块|元|万|价格|便宜|贵|银行|账户|工资卡|信用卡|储蓄|理财|开户",
    "provider": r"宽带|网络|运营商|移动|联通|电信|流量|燃气|电费|水费|供电|保险|续保|会员|订阅|爱奇艺|"
    r"腾讯视频|优酷|奈飞|套餐",
    "exercise": r"健身|锻炼|跑步|跑|游泳|瑜伽|普拉提|运动|步数|骑行|半马|全马|公里|课",
    "sleep": r"睡|起床|闹钟|熬夜|早睡|上床|午休",
    "commute": r"通勤|地铁|公交|骑车|骑电动车|开车上班|打车|上下班|号线",
    "shopping": r"买菜|超市|盒马|永辉|京东|淘宝|配送|送货|外卖|网购",
    "drink": r"咖啡|拿铁|美式|卡布奇诺|奶茶|茶|牛奶|鲜奶|奶粉|喝水|升水|酒",
    "reading": r"看书|在看|读|书|小说|《",
    "language": r"语|英文|中文|回复|回答|多邻国",
    "travel": r"酒店|航班|机票|飞|旅行|旅游|出差|暑假|寒假|假期|度假|民宿|订了|住.{0,3}(?:季|朵|庭|家)",
    "hair": r"剪头|理发|头发|发型|烫|染",
    "size": r"码|尺码|鞋|衣服|恤|裤子",
    "name": r"叫我|名字|称呼|姓|叫",
    "goal": r"目标|计划",
    "time": r"周[一二三四五六日天末]|星期|礼拜|早上|上午|中午|下午|晚上|[点时]|每天|每周|每月|隔周|时间",
    "team_fan": r"球迷|支持|粉丝|歌手|乐队|球队",
    "temperature": r"空调|暖气|温度|摄氏|华氏|度",
}

_COMPILED: dict[str, prefilter.Pattern] = {
    name: prefilter.compile(rf"\b(?:{_EN[name]})\b|{_ZH.get(name, '(?!)')}", re.IGNORECASE) for name in _EN
}

TOPICS = tuple(_COMPILED)


def of(text: str) -> frozenset[str]:
    """The topics a statement touches (empty when none is recognised)."""
    return frozenset(name for name, pattern in _COMPILED.items() if pattern.search(text))


WEAK = frozenset({"time", "money", "goal"})
"""Topics that say how or when, not what: shared alone they say little (a Friday appointment and a
Friday bin day)."""


def shared(new: str, old: str) -> tuple[float, float]:
    """(a strong topic in common, both have topics but none in common)."""
    return compared(of(new), of(old))


def compared(a: frozenset[str], b: frozenset[str]) -> tuple[float, float]:
    """`shared` on two statements' topics, already read."""
    common = a & b
    return float(bool(common - WEAK)), float(bool(a and b and not common))
