"""Generates zh-personal2-{tune,test}.jsonl (see README.md, "Chinese personal facts, harder").

Run once: python3 bench/data/make_zh_personal2.py  (deterministic: seeds below).
The phrasings, chatter and questions are hand-written; the script only draws people, values and
times, places the messages in time and works out each question's evidence.
"""

import datetime as dt
import json
import random
from pathlib import Path

GEN_SEED = 2026
SPLIT_SEED = 17
OUT = Path(__file__).parent

# ---------------------------------------------------------------- pools
SURN = list(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤"
)
GIVEN_M = [
    "明",
    "伟",
    "磊",
    "强",
    "军",
    "杰",
    "涛",
    "斌",
    "浩",
    "鹏",
    "宇",
    "凯",
    "俊",
    "帅",
    "超",
    "刚",
    "峰",
    "阳",
    "亮",
    "勇",
    "志刚",
    "建国",
    "海峰",
    "文博",
    "子豪",
    "浩然",
    "一鸣",
    "家豪",
    "振宇",
    "国栋",
    "晓东",
    "永强",
    "立新",
    "思远",
]
GIVEN_F = [
    "静",
    "丽",
    "敏",
    "燕",
    "娟",
    "芳",
    "婷",
    "雪",
    "琳",
    "颖",
    "倩",
    "洁",
    "玲",
    "慧",
    "欣",
    "楠",
    "璐",
    "萌",
    "瑶",
    "菲",
    "晓燕",
    "雨欣",
    "佳怡",
    "思琪",
    "梦瑶",
    "文静",
    "海燕",
    "秀英",
    "小雨",
    "诗涵",
    "欣怡",
    "春花",
    "美玲",
    "嘉琪",
]

RELS = {  # relation -> gender (None = either), is relative
    "表哥": ("m", True),
    "表姐": ("f", True),
    "堂弟": ("m", True),
    "堂妹": ("f", True),
    "舅舅": ("m", True),
    "姑姑": ("f", True),
    "小姨": ("f", True),
    "大伯": ("m", True),
    "表弟": ("m", True),
    "堂姐": ("f", True),
    "同事": (None, False),
    "室友": (None, False),
    "邻居": (None, False),
    "大学同学": (None, False),
    "发小": (None, False),
    "高中同学": (None, False),
    "领导": (None, False),
}
AGE_RANGE = {"舅舅": (45, 62), "姑姑": (44, 63), "小姨": (38, 52), "大伯": (52, 68), "领导": (38, 55)}

JOBS = {
    "医生": ["市第一人民医院", "协和医院", "省中医院", "儿童医院", "口腔医院"],
    "老师": ["实验小学", "第二中学", "外国语学校", "师范大学", "新东方"],
    "程序员": ["腾讯", "字节跳动", "华为", "阿里巴巴", "网易", "美团"],
    "护士": ["市第一人民医院", "妇幼保健院", "省中医院", "协和医院"],
    "律师": ["金杜律所", "君合律所", "大成律所"],
    "会计": ["普华永道", "德勤", "建设银行", "一家外贸公司"],
    "销售": ["比亚迪4S店", "链家", "平安保险", "格力"],
    "公务员": ["税务局", "街道办", "市教育局", "海关"],
    "设计师": ["小米", "蔚来", "一家广告公司", "网易"],
    "厨师": ["海底捞", "外婆家", "希尔顿酒店"],
    "工程师": ["中建三局", "国家电网", "比亚迪", "宁德时代"],
}
CITIES = [
    "杭州",
    "成都",
    "南京",
    "深圳",
    "武汉",
    "西安",
    "苏州",
    "长沙",
    "重庆",
    "青岛",
    "厦门",
    "合肥",
    "郑州",
    "天津",
]
HOBBIES = [
    "钓鱼",
    "跑马拉松",
    "打羽毛球",
    "爬山",
    "摄影",
    "弹吉他",
    "下象棋",
    "跳广场舞",
    "打篮球",
    "游泳",
    "露营",
    "练书法",
    "打游戏",
    "烘焙",
]
PHONES = [
    "华为Mate60",
    "iPhone 15",
    "小米14",
    "OPPO Find X7",
    "vivo X100",
    "荣耀Magic6",
    "iPhone 16 Pro",
    "华为P70",
]
CARS = [
    ("比亚迪汉", 22),
    ("特斯拉Model 3", 25),
    ("大众朗逸", 12),
    ("丰田凯美瑞", 19),
    ("理想L7", 32),
    ("宝马3系", 30),
    ("本田雅阁", 17),
    ("五菱宏光", 6),
    ("小米SU7", 23),
    ("问界M7", 28),
]
PETS = ["猫", "狗", "仓鼠", "鹦鹉", "兔子"]
PETNAMES = [
    "球球",
    "豆豆",
    "可乐",
    "橘子",
    "旺财",
    "咪咪",
    "团子",
    "布丁",
    "年糕",
    "花卷",
    "芝麻",
    "大黄",
    "雪球",
    "元宝",
]
FOODS = [
    "火锅",
    "小龙虾",
    "烤鸭",
    "螺蛳粉",
    "酸菜鱼",
    "红烧肉",
    "饺子",
    "寿司",
    "麻辣烫",
    "烧烤",
    "臭豆腐",
    "肠粉",
    "羊肉串",
    "煲仔饭",
]
ZODIAC = ["鼠", "牛", "虎", "兔", "龙", "蛇", "马", "羊", "猴", "鸡", "狗", "猪"]

ELEC = [
    ("耳机", ["AirPods Pro", "索尼", "华为FreeBuds"], (799, 1999)),
    ("平板", ["iPad Air", "小米平板", "华为MatePad"], (1999, 4799)),
    ("机械键盘", ["罗技", "樱桃", "雷蛇"], (299, 899)),
    ("智能手表", ["华为Watch", "Apple Watch", "小米手环"], (249, 2999)),
    ("Kindle", ["亚马逊"], (599, 1099)),
    ("相机", ["富士", "索尼", "佳能"], (4999, 9999)),
    ("笔记本电脑", ["联想", "MacBook", "华硕"], (4599, 9999)),
    ("充电宝", ["Anker", "小米"], (99, 299)),
    ("显示器", ["戴尔", "AOC"], (899, 2499)),
    ("游戏机", ["Switch", "PS5"], (2099, 3599)),
]
CLOTHES = [
    ("羽绒服", ["波司登", "优衣库"], (699, 1999)),
    ("跑鞋", ["耐克", "亚瑟士", "李宁"], (399, 1099)),
    ("大衣", ["ZARA", "优衣库"], (499, 1599)),
    ("牛仔裤", ["Levi's", "优衣库"], (199, 699)),
    ("毛衣", ["优衣库", "无印良品"], (199, 499)),
    ("运动裤", ["安踏", "阿迪达斯"], (169, 499)),
]
HOME = [
    ("空气净化器", ["小米", "飞利浦"], (699, 2499)),
    ("扫地机器人", ["石头", "科沃斯"], (1599, 3999)),
    ("电饭煲", ["美的", "苏泊尔"], (199, 699)),
    ("洗碗机", ["西门子", "美的"], (2999, 4999)),
    ("加湿器", ["小米", "美的"], (129, 399)),
    ("沙发", ["宜家", "林氏木业"], (1999, 5999)),
    ("台灯", ["明基", "小米"], (159, 899)),
    ("电动牙刷", ["飞利浦", "欧乐B"], (299, 899)),
]
TRIPS = [
    "苏州",
    "厦门",
    "青岛",
    "千岛湖",
    "黄山",
    "乌镇",
    "大理",
    "三亚",
    "桂林",
    "南京",
    "扬州",
    "莫干山",
    "舟山",
    "婺源",
]
HOSPITALS = ["市第一人民医院", "协和医院", "省中医院", "口腔医院", "社区医院", "妇幼保健院"]
OTHER_REFS = [
    "朋友老王的",
    "楼下张阿姨家的",
    "健身房认识的小孙的",
    "我妈同事的",
    "隔壁李叔的",
    "同学群里阿杰的",
    "前男友的",
    "我爸朋友的",
    "老乡小钱的",
    "网友糖糖的",
    "客户赵总的",
    "对门刘姐的",
    "我闺蜜的",
    "我哥们大刘的",
    "我老板的",
    "楼上的小伙子的",
]
OTHER_RELS = [
    "表哥",
    "表姐",
    "堂弟",
    "老公",
    "老婆",
    "女儿",
    "儿子",
    "舅舅",
    "姑姑",
    "同事",
    "室友",
    "大学同学",
    "小姨",
    "发小",
]

# ---------------------------------------------------------------- phrasings ({r}: ref, {p}: 他/她)
T_INTRO = [
    "我{rel}叫{name}，从小一起长大的",
    "说一下，我{rel}叫{name}",
    "我{rel}{name}，{p}这人特别靠谱",
    "我有个{rel}叫{name}，以后可能常提到{p}",
    "记一下：{name}是我{rel}",
    "{name}是我{rel}，我们关系挺好的",
    "我{rel}的名字叫{name}，大家都叫{p}小{last}",
    "跟你说说我{rel}，{p}叫{name}",
    "我{rel}叫{name}哈，别记混了",
    "{name}，就是我{rel}，今天给我打电话了",
]
T_JOB = [
    "{r}现在在{company}当{job}",
    "{r}是{job}，在{company}上班",
    "{r}在{company}做{job}，天天加班",
    "听{r}说{company}最近效益一般，还好{p}是{job}，影响不大",
    "{r}的工作是{job}，单位是{company}",
    "{r}干{job}这行好多年了，现在在{company}",
    "{r}说{job}这碗饭不好吃啊，{company}压力太大了",
    "和{r}吃饭，{p}吐槽在{company}当{job}工资太低",
    "{r}毕业后就去了{company}，做{job}",
    "{r}在{company}上班，{job}，朝九晚五的",
    "{r}是{company}的{job}，上次还帮我问了点事",
]
T_JOBUP = [
    "{r}跳槽了！去了{company}做{job}",
    "{r}辞职了，现在去{company}当{job}了",
    "{r}又换工作了，去了{company}，现在是{job}",
    "听说{r}离开原来单位了，现在在{company}做{job}",
    "{r}从老单位出来了，入职{company}，岗位是{job}",
    "{r}上周去{company}报到了，还是干{job}",
    "{r}的新工作定了：{company}，{job}",
    "{r}终于换了工作，{company}的{job}，待遇好多了",
    "{r}不在原来那儿干了，被{company}挖走当{job}",
    "{r}说新单位{company}氛围不错，{job}的活也不算多",
]
T_AGE = [
    "{r}今年{age}岁",
    "{r}{age}了，还没结婚家里急死了",
    "{r}属{zod}的，今年{age}",
    "给{r}过了{age}岁生日，订了个蛋糕",
    "{r}都{age}岁了还跟小孩似的",
    "{r}今年{age}，看着一点都不像",
    "{r}说自己{age}岁了，身体大不如前",
    "没想到{r}已经{age}了，时间过得真快",
    "{r}今年整{age}周岁",
    "{r}{age}岁，跟我说想换个活法",
]
T_CITY = [
    "{r}住在{city}",
    "{r}一家在{city}定居了",
    "{r}在{city}买了房",
    "{r}说{city}最近热死了",
    "{r}人在{city}，过年才回来",
    "{r}这几年一直在{city}",
    "{r}在{city}租房子住，房租好贵",
    "{r}邀请我去{city}玩，{p}家就在那",
    "{r}在{city}生活挺滋润的",
    "{r}现在常住{city}",
]
T_CITYUP = [
    "{r}搬到{city}去了",
    "{r}搬家了，现在住{city}",
    "{r}离开原来的城市，去{city}定居了",
    "{r}说已经在{city}安顿下来了",
    "{r}一家子搬去了{city}",
    "{r}最后还是去了{city}，说那边机会多",
    "{r}把房子卖了，搬到{city}",
    "{r}换城市了，现在在{city}",
    "{r}已经到{city}了，新家还在收拾",
    "{r}在{city}落脚了",
]
T_HOBBY = [
    "{r}特别喜欢{hobby}",
    "{r}周末基本都在{hobby}",
    "{r}最近迷上了{hobby}",
    "{r}的爱好是{hobby}",
    "{r}约我一起{hobby}，我拒绝了哈哈",
    "{r}又去{hobby}了，乐此不疲",
    "{r}说{hobby}能解压",
    "{r}这人没别的爱好，就爱{hobby}",
    "{r}为了{hobby}买了一堆装备",
    "{r}在朋友圈晒{hobby}的照片",
]
T_PHONE = [
    "{r}用的是{phone}",
    "{r}刚换了{phone}",
    "{r}手机是{phone}，拍照贼好看",
    "{r}跟我炫耀{p}的{phone}",
    "{r}那部{phone}屏幕摔裂了",
    "{r}说{phone}续航还行",
    "{r}一直用{phone}，不想换",
    "看{r}拿着个{phone}",
    "{r}的{phone}是公司发的",
    "{r}安利我买{phone}，跟{p}同款",
]
T_CAR = [
    "{r}开的是{car}",
    "{r}买了辆{car}",
    "{r}提了新车，{car}",
    "坐{r}的{car}去吃饭了",
    "{r}的车是{car}，落地{price}万左右",
    "{r}说{p}那辆{car}挺省心",
    "{r}开{car}来接我的",
    "{r}的{car}被剐了一下，心疼坏了",
    "{r}家的车是{car}",
    "{r}天天开着{car}上下班",
]
T_PET = [
    "{r}养了只{pet}叫{pn}",
    "{r}家的{pet}{pn}可爱死了",
    "{pn}是{r}养的{pet}",
    "{r}的{pet}{pn}生病了，{p}急得不行",
    "{r}发了一堆{pn}的照片，是只{pet}",
    "{r}领养了一只{pet}，取名{pn}",
    "{r}家那只{pet}叫{pn}，特别粘人",
    "{r}出差，让我帮忙喂{pn}（{p}的{pet}）",
    "{r}说{pn}这只{pet}又胖了",
    "{r}给{pet}起名叫{pn}",
]
T_FOOD = [
    "{r}最爱吃{food}",
    "{r}无{food}不欢",
    "跟{r}吃饭必点{food}",
    "{r}说{p}这辈子最离不开的就是{food}",
    "{r}一周能吃三回{food}",
    "{r}喜欢{food}，每次聚餐都要",
    "{r}馋{food}了，拉我去吃",
    "{r}的最爱是{food}",
    "{r}过生日也要吃{food}",
    "问{r}想吃啥，{p}说{food}",
]
T_SPOUSE = [
    "{r}的{sprel}叫{sp}",
    "{r}和{sp}结婚好几年了",
    "{r}{sprel}{sp}人很好",
    "{r}带{sprel}{sp}来家里吃饭",
    "{sp}是{r}的{sprel}",
    "{r}说{sprel}{sp}最近很忙",
    "{r}的{sprel}是{sp}，他们是大学认识的",
    "{r}和{sprel}{sp}吵架了",
    "见到了{r}的{sprel}，叫{sp}",
    "{r}{sprel}叫{sp}，挺漂亮/帅的",
]

T_BUY = [
    "今天入了{brand}{item}，{price}块",
    "{item}到了，{brand}的，花了{price}",
    "剁手了，{brand}{item} {price}元",
    "双十一抢了个{item}，{price}，{brand}的",
    "新买的{brand}{item}，{price}块，用着还行",
    "咬咬牙买了{item}，{brand}，{price}大洋",
    "给自己买了个{item}，{brand}家的，{price}",
    "{brand}{item}打折，{price}就拿下了",
    "终于把{item}买了，{price}块，牌子是{brand}",
    "在京东下单了{brand}的{item}，{price}元",
    "逛商场顺手买了{item}，{brand}，刷了{price}",
    "{item}换新了，{brand}的，{price}块钱",
]
T_HOSP = [
    "今天去{h}拔了颗智齿，疼死",
    "上午请假去{h}挂了个皮肤科的号",
    "陪我妈去{h}复查，排队两小时",
    "嗓子疼得不行，去{h}看了，说是扁桃体发炎",
    "去{h}做了个体检，等报告",
    "腰又疼了，跑了趟{h}拍片子",
    "今天在{h}打了一针，屁股还疼",
    "下午去{h}看眼睛，医生说用眼过度",
    "又去了趟{h}，开了一堆药",
    "发烧39度，半夜去{h}挂急诊",
    "胃不舒服，去{h}做了个胃镜",
    "带娃去{h}打疫苗，哭了一路",
]
T_TRIP = [
    "周末去{t}玩了两天，人山人海",
    "刚从{t}回来，吃了好多好吃的",
    "这次{t}之旅太值了",
    "说走就走，今天到{t}了",
    "在{t}拍了好多照片",
    "{t}两日游结束，腿都走断了",
    "趁假期去了趟{t}，风景绝了",
    "和朋友自驾去了{t}",
    "{t}比想象中好玩",
    "去{t}了，酒店一般但是景色好",
]
T_GYM = [
    "今天去健身房练腿，走路打颤",
    "撸铁一小时，打卡",
    "下班去健身房跑了五公里",
    "健身房今天人好多，器械都抢不到",
    "晚上又去练了背",
    "去健身房上了节私教课",
    "在健身房碰到个大哥，卧推100公斤",
    "练完胸累瘫了，健身房空调还坏了",
    "今天健身房练了肩，明天估计抬不起手",
    "下班直奔健身房，出了一身汗",
]
T_WED = [
    "今天去喝了{x}的喜酒，随了{m}块",
    "{x}结婚，份子钱给了{m}",
    "参加{x}的婚礼，新娘超美，我随了{m}",
    "{x}今天办酒，我包了个{m}的红包",
    "从{x}婚礼回来，随礼{m}元",
    "{x}婚礼上哭成狗，红包{m}",
    "{x}结婚我去了，份子钱{m}块",
    "参加完{x}的婚宴，花了{m}份子钱",
]

CHATTER = [
    "今天天气好闷，感觉要下雨",
    "晚饭吃啥好纠结",
    "又失眠了，三点才睡着",
    "楼下装修一大早就开始钻墙",
    "地铁上被挤成照片",
    "奶茶喝多了，晚上又睡不着",
    "今天周一，不想上班",
    "终于周五了！！",
    "外卖等了一个小时还没到",
    "被蚊子咬了好几个包",
    "刚刷了个视频笑死我了",
    "我妈又在家族群里发养生文章",
    "今天超市鸡蛋打折，买了两板",
    "快递丢了，客服说帮我查",
    "今天走了两万步",
    "空调遥控器又找不到了",
    "下了一整天雨，衣服都没干",
    "追的剧更新了，熬夜看完",
    "头发掉得厉害，有点慌",
    "楼道灯坏了三天了还没人修",
    "早上起晚了，差点迟到",
    "今天心情莫名很好",
    "手机内存又满了",
    "网购的衣服色差好大",
    "小区门口新开了家面馆",
    "今天做了个噩梦，梦到考试没带笔",
    "好久没看电影了",
    "天冷了，要翻出厚被子",
    "又胖了两斤，哭",
    "今天吃了顿好的，犒劳自己",
    "电动车没电了，推了一路",
    "理发师又给我剪短了",
    "公交晚点了二十分钟",
    "隔壁小孩练钢琴一个下午",
    "今天的晚霞好好看",
    "最近老是犯困",
    "冰箱里的菜都放坏了",
    "网上看到有人说今年冬天特别冷",
    "收到一个陌生电话，说我中奖了，骗子吧",
    "今天没什么事，躺了一天",
    "emmm 不知道说啥，就想聊聊",
    "今天效率好低",
    "买的绿植又死了一盆",
    "下周要降温了",
    "今天中午吃的盒饭，难吃",
    "刷朋友圈看大家都在旅游，只有我在家",
    "晚上下楼散了会步",
    "水费单来了，比上个月多了",
    "物业又涨价了",
    "今天洗了一大堆衣服",
    "好想放假啊",
    "眼睛干得很",
    "这周过得好快",
    "楼下的猫又在叫",
    "今天忘带伞，淋成落汤鸡",
    "刚才差点把钥匙锁屋里",
    "路上堵车堵了一个小时",
    "周末打算宅家",
    "家里网又断了",
    "今天阳光很好，晒了被子",
    "又到月底了，钱包空空",
    "明天要早起，早点睡",
    "微信步数又被我妈超了",
    "今天被老板夸了一句，开心",
    "wifi信号好差",
    "Ok 今天就这样吧",
    "哈哈哈哈我也不知道我在笑啥",
    "好无聊啊",
    "今天有点emo",
    "想吃点甜的",
    "晚上煮了个泡面凑合了",
    "今天打了个喷嚏闪到腰",
    "小区里桂花开了，好香",
    "家里的灯泡坏了，换了个新的",
    "今天去银行办事，排了好久队",
    "刚刚看了个纪录片，讲深海鱼的",
    "抖音刷了两个小时，罪过",
    "今天被雨困在公司",
    "午觉睡过头了",
    "好久没给爸妈打电话了，今晚打一个",
]
PERSONAS = [
    dict(
        user="老周",
        age=63,
        style="retiree",
        lines=[
            "早上去公园打了太极拳",
            "老伴今天包了饺子",
            "孙子周末要来，得去买点菜",
            "血压今天量了一下，还行",
            "老年大学今天上了书法课",
            "退休金到账了",
            "跟老哥们下了一下午棋",
            "菜市场的白菜又涨价了",
            "今天去社区领了体检通知",
            "晚上看新闻联播，国际形势复杂啊",
        ],
    ),
    dict(
        user="小鹿",
        age=20,
        style="student",
        lines=[
            "期中考试要挂了救命",
            "图书馆占座失败",
            "食堂今天的麻婆豆腐绝了",
            "社团招新累死我了",
            "论文DDL是明天！！！",
            "高数老师又点名了",
            "宿舍断电了，只能去自习室",
            "兼职发工资了，奶茶自由",
            "四六级报名了",
            "导员又在群里催材料",
        ],
    ),
    dict(
        user="琪琪妈",
        age=31,
        style="mother",
        lines=[
            "宝宝今天会叫妈妈了！！",
            "娃半夜又哭了三次，我快崩溃了",
            "幼儿园家长群消息太多了",
            "给娃买的奶粉又涨价了",
            "宝宝长了一颗新牙",
            "婆婆今天来帮忙带娃",
            "娃发烧退了，松口气",
            "今天带娃去了游乐场",
            "宝宝挑食，就吃面条",
            "早教课试听了一次",
        ],
    ),
    dict(
        user="阿强",
        age=42,
        style="shop",
        lines=[
            "今天店里生意一般",
            "进货的车又晚点了",
            "房东说下个月要涨租金",
            "今天来了个难缠的顾客",
            "美团上又多了两个差评",
            "店里新招的小工挺勤快",
            "月底盘账，头大",
            "隔壁店关门了，唉",
            "今天营业额破纪录了",
            "冷柜坏了，找人来修",
        ],
    ),
    dict(
        user="Kevin",
        age=29,
        style="coder",
        lines=[
            "今天上线又出bug了，回滚了",
            "code review 被挑了十几个问题",
            "deadline 提前了，疯了",
            "周会开了两个小时，纯浪费时间",
            "线上告警半夜把我叫醒",
            "新来的实习生问了一天问题",
            "需求又改了，PM能不能靠谱点",
            "今天摸鱼学了点Rust",
            "跑了一晚上的测试，全绿",
            "OKR又要写了",
        ],
    ),
    dict(
        user="小雯",
        age=27,
        style="nurse",
        lines=[
            "今天夜班，忙到没空喝水",
            "病房里来了个特别难伺候的家属",
            "连上三个班，腿都肿了",
            "护士长又排了我周末的班",
            "今天扎针一针见血，开心",
            "科室聚餐，吃了烤肉",
            "交班晚了半小时",
            "今天有个老爷爷出院了，送了我们锦旗",
            "轮休终于可以睡个懒觉",
            "规培考核下周就到了",
        ],
    ),
    dict(
        user="陈师傅",
        age=48,
        style="driver",
        lines=[
            "今天拉了二十多单",
            "早高峰堵在高架上一动不动",
            "油价又涨了",
            "今天拉了个外国乘客，比划了半天",
            "晚上跑夜车，困得不行",
            "车子该保养了",
            "今天被罚了200，违停",
            "机场排队排了两个小时",
            "今天有个乘客把手机落车上了，给送回去了",
            "腰不好，坐久了疼",
        ],
    ),
    dict(
        user="林老师",
        age=38,
        style="teacher",
        lines=[
            "今天批了八十份作业，眼睛花了",
            "班里两个孩子打架，叫了家长",
            "公开课终于讲完了",
            "期中考试成绩出来了，班级平均分还行",
            "教研组开会开到六点",
            "今天早读有个孩子睡着了",
            "运动会我们班拿了第二",
            "家长会准备PPT到半夜",
            "嗓子哑了，上课全靠麦",
            "学校要检查教案了",
        ],
    ),
    dict(
        user="大壮",
        age=25,
        style="rider",
        lines=[
            "今天跑了四十单，腿软",
            "下雨天单子多，但是路滑",
            "被顾客投诉送晚了，冤枉",
            "电瓶又没电了，换了一块",
            "中午在商场门口等单等了半小时",
            "今天超时了两单，扣钱了",
            "有个顾客给了五星好评还留言谢谢，暖",
            "站长说下个月冲单有奖励",
            "晚上吃了碗牛肉面，十八块",
            "小区不让电动车进，只能走进去",
        ],
    ),
    dict(
        user="王姐",
        age=45,
        style="clerk",
        lines=[
            "今天单位开了一天会",
            "材料改了第五版了",
            "科长让我周末加班",
            "食堂今天有红烧肉，抢到了",
            "年底考核要开始了",
            "今天办公室空调坏了",
            "女儿期中考得不错，奖励她吃顿好的",
            "单位体检安排在下周",
            "老公又出差了",
            "公文格式又被退回来了",
        ],
    ),
]
STYLE = {
    "retiree": dict(
        pre=["", "", "唉，", "今天", ""], post=["。", "。", "", "啊。", "。"], typo=0.06, eng=0.0
    ),
    "student": dict(
        pre=["", "家人们，", "救命，", "", "笑死，"],
        post=["", "哈哈哈", "！！", "😂", "绝了", " yyds"],
        typo=0.12,
        eng=0.05,
    ),
    "mother": dict(
        pre=["", "", "唉", "跟你说，", ""], post=["", "。", "～", "，累", "！"], typo=0.1, eng=0.02
    ),
    "shop": dict(pre=["", "", "", "说个事，"], post=["", "。", "，就这样", ""], typo=0.12, eng=0.0),
    "coder": dict(
        pre=["", "btw ", "", "", "fyi ", ""],
        post=["", "。", " lol", "", "", " 2333", ""],
        typo=0.05,
        eng=0.15,
    ),
    "nurse": dict(pre=["", "", "下班了，", ""], post=["", "～", "。", "", "hh"], typo=0.08, eng=0.03),
    "driver": dict(pre=["", "", "跟你讲，", ""], post=["", "。", "", "啊"], typo=0.15, eng=0.0),
    "teacher": dict(pre=["", "", "", "记一下，"], post=["。", "。", "", "～"], typo=0.03, eng=0.02),
    "rider": dict(pre=["", "", "害，", ""], post=["", "", "哈", "！"], typo=0.18, eng=0.0),
    "clerk": dict(pre=["", "", "", "对了，"], post=["。", "", "。", ""], typo=0.05, eng=0.01),
}
TYPOS = [
    ("已经", "以经"),
    ("因为", "应为"),
    ("觉得", "觉的"),
    ("什么", "神马"),
    ("这样", "酱紫"),
    ("不知道", "不造"),
    ("现在", "现再"),
    ("喜欢", "稀饭"),
    ("特别", "特别特别"),
    ("非常", "灰常"),
    ("时候", "时侯"),
    ("一起", "一齐"),
]
ENG = [
    ("开会", "开meeting"),
    ("工作", "工作（work）"),
    ("好的", "ok的"),
    ("加班", "加班 overtime"),
    ("朋友", "friend"),
    ("周末", "weekend"),
    ("手机", "手机 phone"),
    ("买了", "入手了（buy了）"),
]

# noisy wrappers: filled from the haystack's own vocabulary so they share words with other facts
NOISE = [
    "今天又加班到十点，领导还在群里@所有人，烦死了",
    "刚才刷到个帖子说{job}是最累的职业，深有同感",
    "{oref}{orel}又在朋友圈晒{p2}的{car}",
    "最近老想吃{food}，但是要减肥",
    "听说{city}的房价又涨了，离谱",
    "{oref}{orel}也养了只{pet}，天天发照片",
    "我妈让我去{hosp}再查查，我懒得去",
    "上次去{trip}的照片还没修完",
    "{oref}{orel}刚换了{phone}，问我好不好用",
    "今天下雨堵车，迟到被说了",
    "唉，这周真是诸事不顺",
    "周末本来想去{hobby}，结果下雨了",
    "刚看了个{item}的测评，有点心动",
    "同事都在讨论{company}裁员的事",
    "我最近记性好差，什么都忘",
    "{oref}{orel}说{p2}要去{city}发展",
    "这两天睡眠质量极差，做梦都是工作",
    "早上出门忘带钥匙了，又跑回去一趟",
    "嗯……先不说这个了",
    "你说人为啥总是这么累呢",
    "{oref}{orel}今年{age}岁，居然还在读书",
    "哎呀刚才想问你啥来着",
    "算了不想了，反正也没人管",
]
NOISE_JOIN = [
    "。对了，",
    "。话说，",
    "……哦对，",
    "，唉，问你个事：",
    "。突然想起来，",
    "。先问一下，",
    "！对了对了，",
]
NOISE_TAIL = [
    "好了不说了，去做饭了",
    "反正就这样吧，累了",
    "哎不管了，明天再说",
    "说完我要去洗澡了",
    "你慢慢想，不急",
    "顺便说一下今天的外卖超难吃",
    "我还得去回消息，先这样",
    "明天还得早起，烦",
    "然后我妈又打电话催我了",
    "今天就这么多吧",
]


class Gen:
    def __init__(self, rng, persona, uid, start):
        self.rng, self.P, self.uid, self.start = rng, persona, uid, start
        self.days = rng.randint(45, 68)
        self.msgs = []  # dict(text, day, kind, key)
        self.people = []
        self.style = STYLE[persona["style"]]

    # ------------------------------------------------------------- helpers
    def add(self, text, day, **kw):
        m = dict(text=text, day=day, **kw)
        self.msgs.append(m)
        return m

    def name(self, g, used):
        while True:
            n = self.rng.choice(SURN) + self.rng.choice(GIVEN_M if g == "m" else GIVEN_F)
            if n not in used:
                used.add(n)
                return n

    def fill(self, tpl, **kw):
        return tpl.format(**kw)

    # ------------------------------------------------------------- build
    def build(self):
        r = self.rng
        D = self.days
        rels = [k for k in RELS if k != "领导" or self.P["style"] in ("coder", "clerk", "nurse", "teacher")]
        kin = [k for k in rels if RELS[k][1]]
        non = [k for k in rels if not RELS[k][1]]
        n = r.randint(9, 12)
        nk = max(n - len(non), r.randint(4, 6))
        chosen = r.sample(kin, nk) + r.sample(non, n - nk)
        r.shuffle(chosen)
        used = set()
        popular = r.sample(list(JOBS), 2)
        jobs_plan = popular * 3 + [r.choice(list(JOBS)) for _ in range(n)]
        jobs_plan = jobs_plan[:n]
        r.shuffle(jobs_plan)
        cities_pop = r.sample(CITIES, 2)
        ages_used = {self.P["age"]}
        for rel, job in zip(chosen, jobs_plan):
            g = RELS[rel][0] or r.choice("mf")
            nm = self.name(g, used)
            peer = rel in ("大学同学", "高中同学", "室友", "发小")
            lo, hi = AGE_RANGE.get(
                rel, (max(18, self.P["age"] - (2 if peer else 12)), self.P["age"] + (3 if peer else 12))
            )
            age = r.randint(lo, hi)
            while age in ages_used:
                age = r.randint(lo, hi + 3)
            ages_used.add(age)
            p = dict(rel=rel, g=g, name=nm, pro="他" if g == "m" else "她", msgs={}, kin=RELS[rel][1])
            p["vals"] = dict(
                job=(job, r.choice(JOBS[job])),
                age=age,
                city=r.choice(cities_pop) if r.random() < 0.5 else r.choice(CITIES),
            )
            extra = r.sample(["hobby", "phone", "car", "pet", "food", "spouse"], r.randint(2, 4))
            for e in extra:
                if e == "hobby":
                    p["vals"][e] = r.choice(HOBBIES)
                if e == "phone":
                    p["vals"][e] = r.choice(PHONES)
                if e == "car":
                    p["vals"][e] = r.choice(CARS)
                if e == "pet":
                    p["vals"][e] = (r.choice(PETS[:2] if r.random() < 0.7 else PETS), r.choice(PETNAMES))
                if e == "food":
                    p["vals"][e] = r.choice(FOODS)
                if e == "spouse":
                    sg = "f" if g == "m" else "m"
                    p["vals"][e] = ("老婆" if g == "m" else "老公", self.name(sg, used))
            self.people.append(p)
        # introductions and attribute messages
        for p in self.people:
            iday = r.randint(0, int(D * 0.4))
            ti = [t for t in T_INTRO if "从小" not in t or p["kin"] or p["rel"] == "发小"]
            p["intro"] = self.add(
                self.fill(r.choice(ti), rel=p["rel"], name=p["name"], p=p["pro"], last=p["name"][1:]),
                iday,
                kind="intro",
                person=p,
                mode="both",
            )
            for attr, v in list(p["vals"].items()):
                day = r.randint(iday + 1, D - 1) if r.random() < 0.8 else r.randint(0, D - 1)
                self.attr_msg(p, attr, v, day)
        # updates: 2-3 job changes, 1 city move
        for p in r.sample(self.people, 3):
            old = p["vals"]["job"]
            nj = r.choice([old[0]] + [j for j in JOBS if j != old[0]]) if r.random() < 0.5 else old[0]
            nc = r.choice([c for c in JOBS[nj] if c != old[1]] or ["一家创业公司"])
            p["vals"]["job"] = (nj, nc)
            day = (
                r.randint(p["msgs"]["job"]["day"] + 3, D + 2)
                if p["msgs"]["job"]["day"] + 3 <= D + 2
                else D + 2
            )
            day = min(day, D - 1) if day < D else D - 1
            if day <= p["msgs"]["job"]["day"]:
                p["vals"]["job"] = old
                continue
            p["old_job"] = p["msgs"]["job"]
            self.attr_msg(p, "job", (nj, nc), day, tpls=T_JOBUP)
        for p in r.sample(self.people, 1):
            old = p["msgs"]["city"]
            if old["day"] < D - 3:
                nc = r.choice([c for c in CITIES if c != p["vals"]["city"]])
                p["vals"]["city"] = nc
                p["old_city"] = old
                self.attr_msg(p, "city", nc, r.randint(old["day"] + 2, D - 1), tpls=T_CITYUP)
        # the user's own age
        self.me_age = self.add(
            r.choice(
                [
                    "我今年{a}岁了",
                    "我都{a}了，唉",
                    "我今年{a}周岁了，奔{b}了都",
                    "本人{a}岁，属{z}",
                    "{a}岁的我还是一事无成哈哈",
                ]
            ).format(
                a=self.P["age"],
                b=(self.P["age"] // 10 + 1) * 10,
                z=ZODIAC[(2026 - self.P["age"] - 2020) % 12],
            ),
            r.randint(0, D - 1),
            kind="me",
        )
        # purchases
        self.buys = []
        for cat, pool, k in (
            ("elec", ELEC, r.randint(4, 6)),
            ("cloth", CLOTHES, r.randint(3, 4)),
            ("home", HOME, r.randint(3, 4)),
        ):
            for item, brands, (lo, hi) in r.sample(pool, k):
                price = r.randrange(lo, hi + 1, 10) - r.choice([0, 1, 0])
                b = r.choice(brands)
                m = self.add(
                    self.fill(r.choice(T_BUY), brand=b, item=item, price=price),
                    r.randint(0, D - 1),
                    kind="buy",
                    cat=cat,
                    item=item,
                    brand=b,
                    price=price,
                )
                self.buys.append(m)
        # hospital, trips, gym, weddings
        th = [t for t in T_HOSP if "娃" not in t or self.P["style"] == "mother"]
        self.hosp = [
            self.add(t.format(h=r.choice(HOSPITALS)), d, kind="hosp")
            for t, d in zip(r.sample(th, r.randint(3, 5)), r.sample(range(D), 5))
        ]
        self.trips = [
            self.add(t.format(t=pl), d, kind="trip", place=pl)
            for t, pl, d in zip(
                r.sample(T_TRIP, r.randint(3, 4)), r.sample(TRIPS, 4), sorted(r.sample(range(0, D, 5), 4))
            )
        ]
        self.gym = [
            self.add(t, d, kind="gym")
            for t, d in zip(r.sample(T_GYM, r.randint(3, 6)), r.sample(range(D), 6))
        ]
        elders = ("舅舅", "姑姑", "小姨", "大伯", "领导")
        cand = [
            p
            for p in self.people
            if "spouse" not in p["vals"] and p["vals"]["age"] <= 40 and p["rel"] not in elders
        ]
        cand = (
            cand
            if len(cand) >= 2
            else [p for p in self.people if "spouse" not in p["vals"] and p["rel"] not in elders]
        )
        wed_people = r.sample(cand, min(len(cand), r.randint(2, 3)))
        self.weds = []
        for p in wed_people:
            ref, mode = self.ref(p)
            m = self.add(
                r.choice(T_WED).format(x=ref, m=r.choice([200, 500, 600, 800, 1000, 1200, 888, 666])),
                r.randint(p["intro"]["day"] + 1, D - 1) if p["intro"]["day"] < D - 1 else D - 1,
                kind="wed",
                person=p,
                mode=mode,
            )
            m["money"] = int(m["text"].split("随了")[-1].split("块")[0]) if False else None
            self.weds.append(m)
        for m in self.weds:  # parse the amount back from the value used
            for v in (200, 500, 600, 800, 1000, 1200, 888, 666):
                if str(v) in m["text"]:
                    m["money"] = v
        # look-alikes: other people's relatives with the same kinds of facts
        for _ in range(r.randint(85, 120)):
            orel = r.choice(OTHER_RELS)
            oref = r.choice(OTHER_REFS) + orel
            g = (
                "m"
                if orel in ("表哥", "堂弟", "老公", "儿子", "舅舅")
                else ("f" if orel in ("表姐", "老婆", "女儿", "姑姑", "小姨") else r.choice("mf"))
            )
            attr = r.choice(
                ["job", "job", "age", "city", "hobby", "phone", "car", "pet", "food", "buy", "hosp", "trip"]
            )
            pro = "他" if g == "m" else "她"
            if attr == "buy":
                item, brands, (lo, hi) = r.choice(ELEC + CLOTHES + HOME)
                t = r.choice(
                    [
                        "{o}买了{b}{i}，花了{pr}",
                        "{o}刚入手{i}，{b}的，{pr}块",
                        "{o}也买了个{i}，说{b}的好用",
                        "{o}推荐我买{b}的{i}，{p}那个{pr}",
                    ]
                )
                self.add(
                    t.format(o=oref, b=r.choice(brands), i=item, pr=r.randrange(lo, hi, 10), p=pro),
                    r.randint(0, D - 1),
                    kind="other",
                )
                continue
            if attr == "hosp":
                t = r.choice(
                    ["{o}住院了，在{h}", "{o}去{h}做了个手术", "{o}去{h}看病了", "{o}在{h}查出来胆结石"]
                )
                self.add(t.format(o=oref, h=r.choice(HOSPITALS)), r.randint(0, D - 1), kind="other")
                continue
            if attr == "trip":
                t = r.choice(
                    [
                        "{o}去{t}旅游了，发了九宫格",
                        "{o}说{t}不好玩，人太多",
                        "{o}刚从{t}回来，给我带了特产",
                        "{o}办了张健身卡，说要练出腹肌",
                        "{o}在健身房拉伤了腰",
                    ]
                )
                self.add(t.format(o=oref, t=r.choice(TRIPS)), r.randint(0, D - 1), kind="other")
                continue
            fake = dict(name=oref, rel=None, pro=pro, g=g, msgs={})
            v = dict(
                job=lambda: (lambda j: (j, r.choice(JOBS[j])))(r.choice(list(JOBS))),
                age=lambda: r.randint(18, 66),
                city=lambda: r.choice(CITIES),
                hobby=lambda: r.choice(HOBBIES),
                phone=lambda: r.choice(PHONES),
                car=lambda: r.choice(CARS),
                pet=lambda: (r.choice(PETS), r.choice(PETNAMES)),
                food=lambda: r.choice(FOODS),
            )[attr]()
            txt = self.attr_text(fake, attr, v, oref, None)
            if r.random() < 0.3:
                txt = txt.replace("是", "也是", 1) if "是" in txt else txt
            self.add(txt, r.randint(0, D - 1), kind="other")
        # chatter
        pool = CHATTER + self.P["lines"] * 2
        for _ in range(r.randint(95, 140)):
            self.add(r.choice(pool), r.randint(0, D - 1), kind="chat")

    def ref(self, p, mode=None):
        r = self.rng
        if mode is None:
            x = r.random()
            mode = "name" if x < 0.55 else ("rel" if x < 0.88 else "both")
        if mode == "name":
            return p["name"], mode
        if mode == "rel":
            return r.choice(["我" + p["rel"], "我" + p["rel"], p["rel"], "我那个" + p["rel"]]), mode
        return "我" + p["rel"] + p["name"], mode

    def attr_text(self, p, attr, v, ref, tpls):
        r = self.rng
        kw = dict(r=ref, p=p["pro"])
        if attr == "job":
            kw.update(job=v[0], company=v[1])
            T = tpls or T_JOB
        elif attr == "age":
            kw.update(age=v, zod=ZODIAC[(2026 - v - 2020) % 12])
            T = T_AGE
        elif attr == "city":
            kw.update(city=v)
            T = tpls or T_CITY
        elif attr == "hobby":
            kw.update(hobby=v)
            T = T_HOBBY
        elif attr == "phone":
            kw.update(phone=v)
            T = T_PHONE
        elif attr == "car":
            kw.update(car=v[0], price=v[1])
            T = T_CAR
        elif attr == "pet":
            kw.update(pet=v[0], pn=v[1])
            T = T_PET
        elif attr == "food":
            kw.update(food=v)
            T = T_FOOD
        elif attr == "spouse":
            kw.update(sprel=v[0], sp=v[1])
            T = [t for t in T_SPOUSE if "/" not in t] + [
                "{r}{sprel}叫{sp}，挺" + ("漂亮" if v[0] == "老婆" else "帅") + "的"
            ]
        t = r.choice(T)
        if attr == "age" and "spouse" in p.get("vals", {}):
            t = t.replace("还没结婚家里急死了", "孩子都上小学了")
        if attr == "age" and v < 25:
            t = t.replace("还没结婚家里急死了", "还在读书呢")
        return t.format(**kw)

    def attr_msg(self, p, attr, v, day, tpls=None):
        ref, mode = self.ref(p)
        if day < p["intro"]["day"] and mode != "rel":
            day = min(p["intro"]["day"] + self.rng.randint(1, 5), self.days - 1)
        m = self.add(self.attr_text(p, attr, v, ref, tpls), day, kind="attr", person=p, attr=attr, mode=mode)
        p["msgs"][attr] = m
        return m

    # ------------------------------------------------------------- voice + time
    def finish(self):
        r = self.rng
        st = self.style
        for m in self.msgs:
            t = m["text"]
            if m["kind"] != "other" or r.random() < 0.5:
                t = r.choice(st["pre"]) + t
                post = r.choice(st["post"])
                if t.endswith(("。", "！", "～")) and post in ("。", "！", "～"):
                    post = ""
                t = t + post
            if r.random() < st["typo"]:
                for a, b in r.sample(TYPOS, len(TYPOS)):
                    if a in t:
                        t = t.replace(a, b, 1)
                        break
            if r.random() < st["eng"]:
                for a, b in r.sample(ENG, len(ENG)):
                    if a in t:
                        t = t.replace(a, b, 1)
                        break
            m["text"] = t
        # long messages: glue a few chatter items onto some facts' neighbours
        for m in self.msgs:
            if m["kind"] == "chat" and r.random() < 0.25:
                m["text"] = m["text"].rstrip("。！～") + "，" + r.choice(CHATTER + self.P["lines"])
        # times
        for m in self.msgs:
            m["minute"] = r.randint(7 * 60, 23 * 60 + 30)
        # keep order constraints: intros before same-day name mentions
        self.msgs.sort(key=lambda m: (m["day"], 0 if m["kind"] == "intro" else 1, m["minute"]))
        items = []
        last_min = {}
        for i, m in enumerate(self.msgs):
            d = m["day"]
            mn = max(m["minute"], last_min.get(d, -1) + 1)
            last_min[d] = mn
            m["minute"] = mn
        self.msgs.sort(key=lambda m: (m["day"], m["minute"]))
        for i, m in enumerate(self.msgs):
            m["id"] = f"m{i:03d}"
            ts = self.start + dt.timedelta(days=m["day"], minutes=m["minute"])
            m["time"] = ts.strftime("%Y-%m-%dT%H:%M:00")
            items.append(
                dict(id=m["id"], text=m["text"], speaker="user", time=m["time"], session=f"d{m['day']:02d}")
            )
        self.items = items
        self.qtime = (self.start + dt.timedelta(days=self.days - 1 + r.randint(2, 5))).strftime(
            "%Y-%m-%dT20:%M:00".replace("%M", f"{r.randint(0, 59):02d}")
        )


# ---------------------------------------------------------------- questions
Q_ATTR = {
    "job": [
        "我{R}现在在哪上班？",
        "{R}现在是做什么工作的？",
        "我{R}现在在哪个单位？干啥的？",
        "{R}目前在什么公司？",
        "你还记得我{R}现在做什么的吗",
    ],
    "age": ["我{R}今年多大了？", "{R}几岁了来着？", "我{R}多大年纪？", "{R}今年几岁？"],
    "city": ["我{R}现在住在哪个城市？", "{R}现在人在哪？", "我{R}家在哪个城市来着？", "{R}现在在哪生活？"],
    "hobby": ["我{R}平时喜欢干什么？", "{R}有什么爱好？", "我{R}业余时间爱干嘛？"],
    "phone": ["我{R}用的什么手机？", "{R}的手机是什么牌子型号？", "{R}拿的啥手机来着"],
    "car": ["我{R}开什么车？", "{R}的车是啥？", "我{R}家买的什么车来着？"],
    "pet": ["我{R}养的宠物叫什么名字？", "{R}家那只宠物叫啥？是什么动物？", "我{R}养了什么宠物？"],
    "food": ["我{R}最喜欢吃什么？", "{R}爱吃啥来着？", "请{R}吃饭的话点什么好？"],
    "spouse": ["我{R}的爱人叫什么名字？", "{R}的另一半叫啥？", "我{R}{sprel}叫什么来着？"],
}
Q_VIA = {  # two-fact: identify by attribute A
    "job": "在{company}上班的那个{grp}",
    "car": "开{car}的那个{grp}",
    "pet": "养了只{pet}叫{pn}的那个{grp}",
    "city": "住在{city}的那个{grp}",
    "phone": "用{phone}的那个{grp}",
    "hobby": "喜欢{hobby}的那个{grp}",
    "spouse": "{sprel}叫{sp}的那个{grp}",
}
Q_ASK = {
    "job": "{pro}现在做什么工作？",
    "age": "{pro}今年多大？",
    "city": "{pro}现在住哪个城市？",
    "hobby": "{pro}有什么爱好？",
    "phone": "{pro}用什么手机？",
    "car": "{pro}开什么车？",
    "pet": "{pro}养了什么宠物？",
    "food": "{pro}最爱吃什么？",
    "spouse": "{pro}的另一半叫什么？",
}


def vtext(attr, v):
    if attr == "job":
        return f"{v[1]}的{v[0]}"
    if attr in ("car",):
        return v[0]
    if attr == "pet":
        return f"{v[0]}，叫{v[1]}"
    if attr == "spouse":
        return v[1]
    return str(v)


class Questions:
    def __init__(self, g):
        self.g, self.r = g, g.rng
        self.qs = []
        self.seen = set()

    def push(self, cat, q, ans, ev):
        if q in self.seen:
            return False
        self.seen.add(q)
        self.qs.append(
            dict(question=q, answer=str(ans), evidence=sorted({m["id"] for m in ev}), category=cat)
        )
        return True

    def R(self, p):
        return p["rel"]

    def ev_rel(self, p, m):  # evidence for a fact about p asked by relation
        return [m] if m["mode"] != "name" else [m, p["intro"]]

    def unique(self, attr, p):
        key = lambda v: (
            v[1]
            if attr == "job"
            else (v[0] if attr in ("car",) else (v[1] if attr in ("pet", "spouse") else v))
        )
        return (
            sum(
                1 for q in self.g.people if attr in q["vals"] and key(q["vals"][attr]) == key(p["vals"][attr])
            )
            == 1
        )

    def simple_cands(self):
        out = []
        for p in self.g.people:
            for attr, m in p["msgs"].items():
                T = Q_ATTR[attr]
                v = p["vals"][attr]
                q = self.r.choice(T).format(R=p["rel"], sprel=v[0] if attr == "spouse" else "")
                out.append((q, vtext(attr, v), self.ev_rel(p, m)))
        for b in self.g.buys:
            q = self.r.choice(
                [
                    "我买的{i}多少钱？",
                    "我那个{i}是什么牌子的、花了多少？",
                    "{i}我是花多少钱买的来着？",
                    "我买的{i}是哪个牌子？",
                ]
            ).format(i=b["item"])
            out.append((q, f"{b['brand']}，{b['price']}元", [b]))
        return out

    def make(self):
        r, g = self.r, self.g
        # simple 7 + noisy 6 (drawn from the same pool, disjoint)
        sc = self.simple_cands()
        r.shuffle(sc)
        upd = [
            c
            for c in sc
            if any(p.get("old_job") or p.get("old_city") for p in g.people)
            and (
                "上班" in c[0]
                or "单位" in c[0]
                or "工作" in c[0]
                or "公司" in c[0]
                or "住" in c[0]
                or "在哪" in c[0]
            )
        ]
        picked = []
        for c in upd[:2] + sc:
            if c not in picked:
                picked.append(c)
        n = 0
        for q, a, ev in picked:
            if n >= 7:
                break
            if self.push("simple", q, a, ev):
                n += 1
        rest = [c for c in picked if c[0] not in self.seen]
        n = 0
        for q, a, ev in rest:
            if n >= 6:
                break
            if self.push("noisy", self.noisy(q), a, ev):
                n += 1
        self.two_fact(7)
        self.comparison(7)
        self.aggregation(7)
        self.computation(6)

    def noisy(self, q):
        r, g = self.r, self.g
        ps = g.people
        other = lambda: r.choice(OTHER_REFS)

        def fill(t):
            j = r.choice(list(JOBS))
            orel = r.choice(OTHER_RELS)
            p2 = (
                "他"
                if orel in ("表哥", "堂弟", "老公", "儿子", "舅舅")
                else ("她" if orel in ("表姐", "老婆", "女儿", "姑姑", "小姨") else r.choice("他她"))
            )
            return t.format(
                job=j,
                oref=other(),
                orel=orel,
                p2=p2,
                car=r.choice(CARS)[0],
                food=r.choice(FOODS),
                city=r.choice(CITIES),
                pet=r.choice(PETS),
                hosp=r.choice(HOSPITALS),
                trip=r.choice(TRIPS),
                phone=r.choice(PHONES),
                hobby=r.choice(HOBBIES),
                item=r.choice(ELEC)[0],
                company=r.choice(JOBS[j]),
                age=r.randint(20, 60),
            )

        pre = [fill(t) for t in r.sample(NOISE, r.randint(1, 3))]
        post = [fill(t) for t in r.sample(NOISE, r.randint(0, 2))] + (
            [r.choice(NOISE_TAIL)] if r.random() < 0.6 else []
        )
        if not post and len(pre) < 2:
            pre.append(fill(r.choice(NOISE)))
        q = q.replace("我", "我", 1)
        s = "，".join(pre) + r.choice(NOISE_JOIN) + q
        if post:
            s += " " + "。".join(post) + r.choice(["", "。", "……"])
        return s

    def two_fact(self, k):
        r, g = self.r, self.g
        c = []
        for p in g.people:
            for a in Q_VIA:
                if (
                    a not in p["vals"]
                    or a not in p["msgs"]
                    or not self.unique(a, p)
                    or (
                        a in ("job", "city")
                        and any(
                            (
                                q.get("old_job")
                                and a == "job"
                                and q["old_job"]["text"].find(p["vals"]["job"][1]) >= 0
                            )
                            or (
                                q.get("old_city")
                                and a == "city"
                                and p["vals"]["city"] in q["old_city"]["text"]
                            )
                            for q in g.people
                        )
                    )
                ):
                    continue
                for b in p["msgs"]:
                    if b == a or b not in Q_ASK:
                        continue
                    c.append((p, a, b))
        r.shuffle(c)
        usedp = {}
        n = 0
        for p, a, b in c:
            if n >= k:
                break
            if usedp.get(p["name"], 0) >= 1 and len(c) > 3 * k:
                continue
            va = p["vals"][a]
            kw = dict(
                grp="亲戚" if p["kin"] else r.choice(["朋友", "人"]),
                company=va[1] if a == "job" else "",
                car=va[0] if a == "car" else "",
                pet=va[0] if a == "pet" else "",
                pn=va[1] if a == "pet" else "",
                city=va if a == "city" else "",
                phone=va if a == "phone" else "",
                hobby=va if a == "hobby" else "",
                sprel=va[0] if a == "spouse" else "",
                sp=va[1] if a == "spouse" else "",
            )
            # a must pick out one person: reject hobby/city/phone if not unique (checked); ask
            lead = r.choice(["我认识的人里，", "", "我记得", "问一下，"]) + Q_VIA[a].format(**kw)
            ask = Q_ASK[b].format(pro=p["pro"])
            q = lead + "，" + ask if r.random() < 0.6 else lead + "是谁？" + ask
            ma, mb = p["msgs"][a], p["msgs"][b]
            ev = [ma, mb]
            if {ma["mode"], mb["mode"]} == {"name", "rel"}:
                ev.append(p["intro"])
            if self.push("two-fact", q, f"{p['rel']}{p['name']}；{vtext(b, p['vals'][b])}", ev):
                n += 1
                usedp[p["name"]] = usedp.get(p["name"], 0) + 1

    def comparison(self, k):
        r, g = self.r, self.g
        c = []
        ps = g.people
        for i, a in enumerate(ps):
            for b in ps[i + 1 :]:
                c.append(("age", a, b))
                if (
                    "car" in a["vals"]
                    and "car" in b["vals"]
                    and a["vals"]["car"][1] != b["vals"]["car"][1]
                    and "落地" in a["msgs"]["car"]["text"] + b["msgs"]["car"]["text"]
                ):
                    pass
        bs = g.buys
        for i, a in enumerate(bs):
            for b in bs[i + 1 :]:
                if a["price"] != b["price"] and a["item"] != b["item"]:
                    c.append(("price", a, b))
        ts = g.trips
        for i, a in enumerate(ts):
            for b in ts[i + 1 :]:
                if a["day"] != b["day"]:
                    c.append(("trip", a, b))
        r.shuffle(c)
        want = {"age": 3, "price": 2, "trip": 2}
        n = 0
        for kind, a, b in c:
            if n >= k:
                break
            if want[kind] <= 0 and sum(want.values()) > 0:
                continue
            if kind == "age":
                q = r.choice(
                    [
                        "我{a}和{b}谁年纪大？",
                        "{a}跟{b}，哪个岁数大一点？",
                        "我{a}和我{b}谁更年轻？",
                        "{a}和{b}谁大？",
                    ]
                ).format(a=a["rel"], b=b["rel"])
                older = a if a["vals"]["age"] > b["vals"]["age"] else b
                young = b if older is a else a
                ans = young if "年轻" in q else older
                ev = self.ev_rel(a, a["msgs"]["age"]) + self.ev_rel(b, b["msgs"]["age"])
                ok = self.push(
                    "comparison",
                    q,
                    f"{ans['rel']}（{a['rel']}{a['vals']['age']}，{b['rel']}{b['vals']['age']}）",
                    ev,
                )
            elif kind == "price":
                q = r.choice(
                    ["我买的{a}和{b}哪个更贵？", "{a}跟{b}，哪个花钱多？", "我那{a}和{b}谁便宜？"]
                ).format(a=a["item"], b=b["item"])
                hi = a if a["price"] > b["price"] else b
                lo = b if hi is a else a
                ans = lo if "便宜" in q else hi
                ok = self.push(
                    "comparison",
                    q,
                    f"{ans['item']}（{a['item']}{a['price']}，{b['item']}{b['price']}）",
                    [a, b],
                )
            else:
                q = r.choice(
                    ["我是先去的{a}还是先去的{b}？", "{a}和{b}，我哪个先去的？", "去{a}和去{b}哪个在前？"]
                ).format(a=a["place"], b=b["place"])
                first = a if a["day"] < b["day"] else b
                ok = self.push("comparison", q, first["place"], [a, b])
            if ok:
                n += 1
                want[kind] -= 1

    def aggregation(self, k):
        r, g = self.r, self.g
        c = []
        bycur = {}
        for p in g.people:
            bycur.setdefault(p["vals"]["job"][0], []).append(p)
        for job, ps in bycur.items():
            if len(ps) >= 2:
                q = r.choice(
                    [
                        "我身边有哪些人是做{j}的？",
                        "我认识的人里谁现在是{j}？",
                        "我亲戚朋友中当{j}的有谁？",
                        "哪几个人是{j}来着？",
                    ]
                ).format(j=job)
                c.append((q, "、".join(p["rel"] + p["name"] for p in ps), [p["msgs"]["job"] for p in ps]))
        bycity = {}
        for p in g.people:
            bycity.setdefault(p["vals"]["city"], []).append(p)
        for city, ps in bycity.items():
            if len(ps) >= 2:
                q = r.choice(
                    ["我有哪些亲戚朋友现在在{c}？", "谁住在{c}？我认识的", "在{c}的熟人有几个？都是谁？"]
                ).format(c=city)
                c.append((q, "、".join(p["rel"] + p["name"] for p in ps), [p["msgs"]["city"] for p in ps]))
        pets = [p for p in g.people if "pet" in p["vals"]]
        if len(pets) >= 3:
            c.append(
                (
                    r.choice(["我身边谁养了宠物？都养的啥？", "我认识的人里有几个养宠物的？"]),
                    "、".join(p["rel"] + ":" + vtext("pet", p["vals"]["pet"]) for p in pets),
                    [p["msgs"]["pet"] for p in pets],
                )
            )
        cars = [p for p in g.people if "car" in p["vals"]]
        if len(cars) >= 3:
            c.append(
                (
                    r.choice(["我亲戚朋友里谁有车？", "我说过谁开什么车，列一下"]),
                    "、".join(p["rel"] + ":" + p["vals"]["car"][0] for p in cars),
                    [p["msgs"]["car"] for p in cars],
                )
            )
        el = [b for b in g.buys if b["cat"] == "elec"]
        c.append(
            (
                r.choice(
                    ["我这两个月买过哪些电子产品？", "最近我都入手了什么数码产品？", "我买的电子设备有哪些？"]
                ),
                "、".join(b["item"] for b in el),
                el,
            )
        )
        cl = [b for b in g.buys if b["cat"] == "cloth"]
        c.append(
            (
                r.choice(["我最近买了哪些衣服鞋子？", "这段时间我都添了什么衣服？"]),
                "、".join(b["item"] for b in cl),
                cl,
            )
        )
        hm = [b for b in g.buys if b["cat"] == "home"]
        c.append(
            (
                r.choice(["我家最近添置了哪些家电家具？", "这两个月我给家里买了啥大件？"]),
                "、".join(b["item"] for b in hm),
                hm,
            )
        )
        c.append(
            (
                r.choice(["我这两个月一共去了几次医院？", "最近我跑了几趟医院？", "这段时间我看了几回病？"]),
                f"{len(g.hosp)}次",
                g.hosp,
            )
        )
        c.append(
            (
                r.choice(["我最近出去玩都去了哪些地方？", "这两个月我旅游去过哪？"]),
                "、".join(t["place"] for t in g.trips),
                g.trips,
            )
        )
        c.append(
            (r.choice(["我这段时间去了几次健身房？", "最近我健身打卡了几次？"]), f"{len(g.gym)}次", g.gym)
        )
        c.append(
            (
                r.choice(["我最近参加了谁的婚礼？", "这两个月我喝了几次喜酒？"]),
                "、".join(w["person"]["rel"] for w in g.weds),
                g.weds,
            )
        )
        for p in g.people:
            ms = [p["intro"]] + [m for m in g.msgs if m.get("person") is p and m["kind"] in ("attr", "wed")]
            if 4 <= len(ms) <= 8:
                c.append(
                    (
                        r.choice(
                            [
                                "关于我{R}，我都跟你说过什么？",
                                "把我{R}的情况总结一下",
                                "我{R}是个什么样的人？工作、年龄这些你知道多少？",
                            ]
                        ).format(R=p["rel"]),
                        "；".join(m["text"] for m in ms),
                        ms,
                    )
                )
        c = [x for x in c if 3 <= len(x[2]) <= 8]
        summ = [
            x
            for x in c
            if x[0].startswith(("关于", "把我", "我"))
            and ("说过什么" in x[0] or "总结" in x[0] or "什么样的人" in x[0])
        ]
        rest = [x for x in c if x not in summ]
        first = [
            x
            for x in rest
            if "做" in x[0]
            or ("是" in x[0] and "谁现在" in x[0])
            or "当" in x[0]
            or "医院" in x[0]
            or "看了几回病" in x[0]
            or "数码" in x[0]
            or "电子" in x[0]
        ]
        others = [x for x in rest if x not in first]
        r.shuffle(first)
        r.shuffle(others)
        r.shuffle(summ)
        order = first[:3] + summ[: r.choice([1, 2])] + others + first[3:] + summ[2:]
        n = 0
        for q, a, ev in order:
            if n >= k:
                break
            if self.push("aggregation", q, a, ev):
                n += 1

    def computation(self, k):
        r, g = self.r, self.g
        c = []
        ps = g.people
        for _ in range(6):
            a, b = r.sample(ps, 2)
            if a["vals"]["age"] < b["vals"]["age"]:
                a, b = b, a
            q = r.choice(["我{a}比{b}大几岁？", "{a}和{b}差几岁？", "{a}比{b}年长多少岁？"]).format(
                a=a["rel"], b=b["rel"]
            )
            c.append(
                (
                    q,
                    a["vals"]["age"] - b["vals"]["age"],
                    self.ev_rel(a, a["msgs"]["age"]) + self.ev_rel(b, b["msgs"]["age"]),
                )
            )
        for _ in range(2):
            a = r.choice(ps)
            d = a["vals"]["age"] - g.P["age"]
            q = (
                r.choice(["我{a}比我大/小几岁？", "我跟{a}差几岁？"])
                .format(a=a["rel"])
                .replace("大/小", "大" if d > 0 else "小")
            )
            c.append((q, abs(d), self.ev_rel(a, a["msgs"]["age"]) + [g.me_age]))
        for _ in range(4):
            xs = r.sample(g.buys, r.choice([2, 2, 3]))
            q = r.choice(["我买{l}一共花了多少钱？", "{l}加起来多少钱？", "算一下{l}总共花了多少"]).format(
                l="和".join(x["item"] for x in xs)
            )
            c.append((q, sum(x["price"] for x in xs), xs))
        for _ in range(2):
            a, b = r.sample(g.buys, 2)
            if a["price"] < b["price"]:
                a, b = b, a
            c.append((f"我买的{a['item']}比{b['item']}贵多少？", a["price"] - b["price"], [a, b]))
        if len(g.weds) >= 2:
            c.append(
                (
                    r.choice(["这两个月我随份子一共随了多少钱？", "最近喝喜酒一共花了多少份子钱？"]),
                    sum(w["money"] for w in g.weds),
                    g.weds,
                )
            )
        a, b = sorted(r.sample(g.trips, 2), key=lambda t: t["day"])
        if a["day"] != b["day"]:
            c.append((f"我去{a['place']}和去{b['place']}中间隔了几天？", b["day"] - a["day"], [a, b]))
        r.shuffle(c)
        n = 0
        for q, a, ev in c:
            if n >= k:
                break
            if self.push("computation", q, a, ev):
                n += 1


def main():
    rng = random.Random(GEN_SEED)
    hays = []
    for i, P in enumerate(PERSONAS):
        start = dt.datetime(2026, rng.choice([3, 4, 5, 9]), rng.randint(1, 10))
        g = Gen(random.Random(GEN_SEED * 100 + i), P, f"zh-pf2-u{i}", start)
        g.build()
        g.finish()
        Q = Questions(g)
        Q.make()
        qs = []
        for j, q in enumerate(Q.qs):
            qs.append(
                dict(
                    id=f"{g.uid}-q{j}",
                    question=q["question"],
                    time=g.qtime,
                    answer=q["answer"],
                    evidence=q["evidence"],
                    category=q["category"],
                )
            )
        hays.append(dict(id=g.uid, lang="zh", user=P["user"], items=g.items, questions=qs))
    ids = [h["id"] for h in hays]
    split = random.Random(SPLIT_SEED)
    tune = set(split.sample(ids, 5))
    for part in ("tune", "test"):
        with open(OUT / f"zh-personal2-{part}.jsonl", "w", encoding="utf-8") as f:
            for h in hays:
                if (h["id"] in tune) == (part == "tune"):
                    f.write(json.dumps(h, ensure_ascii=False) + "\n")
    for h in hays:
        print(h["id"], "tune" if h["id"] in tune else "test", len(h["items"]), len(h["questions"]))


if __name__ == "__main__":
    main()
