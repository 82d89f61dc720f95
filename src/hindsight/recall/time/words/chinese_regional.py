"""Regional Chinese as the rules read it: Malaysian and Singapore 拜一, Cantonese 今个月 /
嚟緊個禮拜 / 大後日, northern 今儿 / 昨儿个, Shanghainese 号头, Beijing 这程子; and (the twenty-sixth
round) a Chinese modifier with an English unit and the reverse (last个quarter, 3 days前, 去年March)."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.words.rewrite import _any_hint, _Replacement, _substituted, _where_words

_ZH_REGIONAL = (
    (prefilter.compile(r"(?<![礼做])拜六拜[日天]"), "礼拜六礼拜日"),
    (prefilter.compile(r"(?<![礼做])拜(?=[一二三四五六日天](?![拜年地公]))"), "礼拜"),
    (prefilter.compile(r"(?:今|呢)个(?=月|礼拜|星期|周|季度|时候|\s?[A-Za-z])"), "这个"),
    (prefilter.compile(r"(?<![一])上年(?![级纪龄度轻])"), "去年"),
    (prefilter.compile(r"(?<=年)年终(?![奖总])"), "年底"),
    (prefilter.compile(r"廿"), "二十"),
    (prefilter.compile(r"上前天"), "大前天"),
    (prefilter.compile(r"(?i)(?<![A-Za-z])last ?个?(?=礼拜|星期|周|月)"), "上个"),
    (prefilter.compile(r"(?i)(?<=[上这下本]个)\s?month\s?"), "月"),
    (prefilter.compile(r"(?i)(?<=[上这下本]个)\s?mo(?![a-z])\s?"), "月"),
    (prefilter.compile(r"(?i)(?<=[上这下本]个)\s?weekend\s?"), "周末"),
    (prefilter.compile(r"(?i)(?<=[上这下本]个)\s?week(?!end)\s?"), "礼拜"),
    (prefilter.compile(r"(?i)(?<=[上这下本]个)\s?semester\s?"), "学期"),
    (prefilter.compile(r"(?i)(?<=过去|最近)\s?(?:two|2) weeks\s?"), "两周"),
    (prefilter.compile(r"(?i)(?<![A-Za-z])this ?个?(?=礼拜|星期|周|月)"), "这个"),
    (prefilter.compile(r"(?i)(?<![A-Za-z])next ?个?(?=礼拜|星期|周|月)"), "下个"),
    (prefilter.compile(r"今仔日"), "今天"),
    (prefilter.compile(r"明仔[载再]"), "明天"),
    (prefilter.compile(r"(?<=[上这下])(?:个)?(?:礼拜|星期)末"), "周末"),
    # N日 as a count of days after a course or a length ("一个疗程14日", "为期3日", "连续五日", the forty-first round):
    # Cantonese says days so; no day of the month
    (
        prefilter.compile(
            r"(?<=疗程|为期|连续|一共|总共)(系|是|有)?\s*([0-9]{1,3}|[一二两三四五六七八九十]{1,3})日"
        ),
        r"\1\2天",
    ),
    # 双休 / 双休日: the two days off, the weekend ("双休那两天打的排位", the forty-first round)
    (prefilter.compile(r"双休日?(?!制)"), "周末"),
    (prefilter.compile(r"(?<=年)首(?=[一二三四五六两俩仨1-6]个?月)"), "头"),
    (prefilter.compile(r"年尾"), "年底"),
    (prefilter.compile(r"(?<=[前这呢早头])几日"), "几天"),
    (prefilter.compile(r"(?<=个)号头"), "月"),
    (prefilter.compile(r"前一歇"), "前阵子"),
    (prefilter.compile(r"(?<=[去今前]年)子(?![女孙弟])"), ""),
    (prefilter.compile(r"[这前]一?向(?![日葵前后上下左右东西南北着阳导])"), "最近"),
    (prefilter.compile(r"后晚(?![辈生期])"), "后天晚上"),
    (prefilter.compile(r"旧年(?=今[日天])"), "去年"),
    (prefilter.compile(r"(?i)(?<![A-Za-z])Q([1-4])(?=[末底尾初头])"), r"第\1季度"),
    (prefilter.compile(r"外后天"), "大后天"),
    (prefilter.compile(r"(?<![过新拜那当每])年时个?(?![候间节])"), "去年"),
    (prefilter.compile(r"(?<![一半整])夜(?:儿个?|个)(?!人)"), "昨天"),
    (prefilter.compile(r"(?P<p>[月年])根儿(?!底)"), r"\g<p>底"),
    (prefilter.compile(r"昨暝|昨晡日?|昨日子"), "昨天"),
    # Hakka and Gan (the forty-first round): 今晡日 today, 前晡日 the day before yesterday, 天光日 tomorrow; 只 as
    # the classifier of a month or a week ("上只月", "上上只礼拜", "最近一只礼拜"), 该只 (that) before a week
    (prefilter.compile(r"今晡日?"), "今天"),
    # 月半 (Wu: the middle of the month), 开年 (the start of the year: "今年开年到现在"), 前个 / 后个 (northern and
    # Xinjiang: the day before yesterday / after tomorrow, not 前个月), 初八开工 (the eighth of the first lunar month,
    # when work starts again after the new year)
    (prefilter.compile(r"(?<![每上下这个])月半(?!年|个)"), "月中"),
    (prefilter.compile(r"(?<=[今去明]年)开年(?![饭会酒红利大])"), "年初"),
    (prefilter.compile(r"(?<![上下这那每一两几])前个(?=[在去来我你他她开跟和到回吃买说打见])"), "前天"),
    (prefilter.compile(r"(?<![上下这那每一两几])后个(?=[在去来我你他她开跟和到回吃买说打见])"), "后天"),
    (
        prefilter.compile(r"(?<![年月腊])初(?=[一二三四五六七八九十]{1,2}(?:开工|复工|上班|开市|开年|开业))"),
        "大年初",
    ),
    (prefilter.compile(r"前晡日?"), "前天"),
    (prefilter.compile(r"天光日"), "明天"),
    (prefilter.compile(r"该只(?=礼拜|星期|周)"), "那个"),
    (prefilter.compile(r"(?<=[上下这一两二三])只(?=月|礼拜|星期|周(?!末))"), "个"),
    (prefilter.compile(r"顶(?=个月|个?礼拜|个?星期)"), "上"),
    (prefilter.compile(r"(?<=[十二三四五六七八九])来(?=(?:天|个月|个礼拜|个星期|年)[以之]?[前后])"), ""),
    (prefilter.compile(r"(?<=[一两俩三]个)来(?=月)"), ""),
    (prefilter.compile(r"呢(?=[几两][天日])"), "这"),
    (prefilter.compile(r"[呢今]季(?![度节])"), "本季度"),
    (prefilter.compile(r"听朝"), "明早"),
    (prefilter.compile(r"听晚"), "明晚"),
    (prefilter.compile(r"(?<=前)两日"), "两天"),
    (prefilter.compile(r"(?<![这那哪])(?P<d>[今昨明前后])儿(?:个)?"), r"\g<d>天"),
    (prefilter.compile(r"半拉(?=月)"), "半个"),
    (prefilter.compile(r"(?P<p>[月年])根儿?底下"), r"\g<p>底"),
    (prefilter.compile(r"(?<=[上这本下个])自然(?=周|月|季度|年)"), ""),
    (prefilter.compile(r"再下(?:个)?(?=周|礼拜|星期)"), "下下"),
    (prefilter.compile(r"(?:交易|营业)(?=日)"), "工作"),
    (
        prefilter.compile(
            r"((?:上上|上|这|本|下下|下)(?:一)?(?:个)?(?:周|星期|礼拜))的(?:周|星期|礼拜)(?=[一二三四五六日天])"
        ),
        r"\1",
    ),
)
"""Regional words for days and weeks, as the rules read them: Malaysian and Singapore 拜一 (礼拜一),
Cantonese 今个月 / 呢个礼拜 (this month / week), 听朝 (tomorrow morning), 前几日; northern 今儿 / 昨儿个 /
前儿 (今天 / 昨天 / 前天), 半拉月 (半个月)."""
_ZH_REGIONAL_HINT = prefilter.compile(
    r"拜|今个|呢|今季|听朝|听晚|几日|两日|儿|半拉|再下|交易日|营业日|的(?:周|星期|礼拜)|根底下|自然|廿|上前天|昨暝|昨晡|昨日子|今晡|前晡|天光日|月半|开年|前个|后个|开工|复工|开市|开业|只月|只礼拜|只星期|只周|顶个|顶礼拜|顶星期|[十二三四五六七八九]来|外后天|年时|夜儿|夜个|根儿|年首|年尾|号头|一歇|仔|(?:礼拜|星期)末|双休|疗程|为期|连续|一共|总共|上年|年年终|年子|[这前]一?向|后晚|旧年今|[Qq][1-4][末底尾初头]"
    r"|[A-Za-z]\s?个?(?:礼拜|星期|周|月)|个\s?(?:month|week|semester|mo)|个来月"
    r"|(?:过去|最近)\s?(?:two|2) weeks"
)
_ZH_COUNT_UNITS = {"day": "天", "week": "个星期", "month": "个月", "year": "年"}
_EN_COUNT_WORDS = {
    "a": "一", "one": "一", "two": "两", "three": "三", "four": "四", "five": "五", "six": "六",
    "seven": "七", "eight": "八", "nine": "九", "ten": "十",
}  # fmt: skip
_EN_MONTH_NUMBERS = {
    name: str(number)
    for number, names in enumerate(
        (
            ("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",),
            ("june", "jun"), ("july", "jul"), ("august", "aug"), ("september", "sept", "sep"),
            ("october", "oct"), ("november", "nov"), ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}  # fmt: skip


_RUN = "一二三四五六日"


def _weekday_run(match: re.Match[str]) -> str:
    """ "三四五" after 周 / 星期 / 礼拜: "三到五" when the days follow each other, else as written."""
    days = (match[1] + match[2]).replace("天", "日")
    return f"{days[0]}到{days[-1]}" if days in _RUN else match.group(0)


_ZH_CANTONESE_DICTATION_MIXED = (
    # Cantonese: 大後日 (大后天), 大前晚 (the night three days back), 琴朝 / 尋朝 (yesterday morning),
    # 嚟緊個月 / 嚟緊個禮拜 (next month / week; 嚟 folds to 来)
    (("大后日",), prefilter.compile(r"大后日"), "大后天"),
    (("大前晚",), prefilter.compile(r"大前晚(?![会宴])"), "大前天晚上"),
    (("琴朝", "寻朝"), prefilter.compile(r"[琴寻]朝(?![代廷鲜阳气霞])"), "昨天早上"),
    (("来紧",), prefilter.compile(r"来紧(?:个|嘅)(?=礼拜|星期|月)"), "下个"),
    # Cantonese 舊年 / 出年 (去年 / 明年) wherever the rules read 去年 / 明年; 呢一季 (这一季)
    (("旧年",), prefilter.compile(r"(?<![辞送新迎])旧年(?![代货])"), "去年"),
    (
        ("出年",),
        prefilter.compile(r"(?<![今去明前本这每后])出年(?![报货终会假鉴糕纪级份度轻底末初中])"),
        "明年",
    ),
    (("呢一季",), prefilter.compile(r"呢一季(?![度节])"), "这一季"),
    # Cantonese 年廿八 (廿 already 二十: the 28th of the twelfth lunar month), 年初四 (大年初四), 聖誕前一日 /
    # 中秋前一晚 (前一天)
    (
        ("年二十",),
        prefilter.compile(
            r"(?<![0-9一二三四五六七八九十今去明前旧出])年(?=二十[一二三四五六七八九](?![万千百岁元块个号日天年次人]))"
        ),
        "腊月",
    ),
    (("年初",), prefilter.compile(r"(?<![大今去明前旧出])年初(?=[四五六七](?![月个号日十]))"), "大年初"),
    (("一日", "一晚"), prefilter.compile(r"(?<=[前后]一)(?:日|晚)(?![子本游])"), "天"),
    # Malaysian and Singapore 拜一拜二 (the first before another 拜 is left as it was), 上个拜 (上个礼拜)
    (("礼拜",), prefilter.compile(r"(?<![礼做])拜(?=[一二三四五六日天]礼拜)"), "礼拜"),
    (("个拜",), prefilter.compile(r"(?<=[上下这本]个)拜(?![一二三四五六日天年拜托])"), "礼拜"),
    # CNY前 (春节前: the weeks before the new year)
    (
        ("cny", "new year"),
        prefilter.compile(r"(?i)\b(?:cny|chinese new year|lunar new year)\s?(?=前|之前|以前)"),
        "春节",
    ),
    # dictation: 出 for 初 before what is done at a month's start ("上个月出交的房租"), 作晚 for 昨晚
    (
        ("月出",),
        prefilter.compile(
            r"(?:(?<=[上这下本]个月)|(?<=[上下本]月))出(?=交|缴|付|还|转账|收到|续|订|买|搬|左右|前后|时候|那会|那阵"
            # the thirtieth round: the same with whom it was done for between ("上个月出给闺女交的学费")
            r"|(?:给|帮|替|为)[^，。,.？?！!\s]{1,4}?(?:交|缴|付|还|转账|续|订|买|搬))"
        ),
        "初",
    ),
    (("作晚",), prefilter.compile(r"(?<![工创合操动写耕劳制])作晚(?![饭餐宴会])"), "昨晚"),
    (("金晚",), prefilter.compile(r"(?<![黄现奖基资美白千])金晚(?![会宴餐])"), "今晚"),
    (("名晚",), prefilter.compile(r"(?<![有出命题报署点])名晚(?![会宴餐])"), "明晚"),
    (("钱晚",), prefilter.compile(r"(?<![赚挣花存借还有没值省交付找零大])钱晚(?![会宴餐])"), "前晚"),
    # Cantonese 早兩日, 頭兩日 (as 早两天, 头两天)
    (("两日",), prefilter.compile(r"(?<=[早头])两日"), "两天"),
    # Cantonese 三日後, 兩日後 (三天后): 日 as the unit after a count in Chinese numerals
    (
        ("日后", "日以后", "日之后"),
        prefilter.compile(r"(?<![月\d一二三四五六七八九十])([两几一二三四五六七八九十]+)日(?=[以之]?后)"),
        r"\1天",
    ),
    # 上个月 the 3rd, 下个月1st: the day as 号
    (
        ("个月",),
        prefilter.compile(r"(?i)(?<=[上这下]个月)\s?(?:the\s)?(\d{1,2})(?:st|nd|rd|th)(?![A-Za-z])"),
        r"\1号",
    ),
    # 上個禮拜三四五, 周一二三: three or more weekdays in a row, as the span 礼拜三到五
    (
        prefilter.compile(r"[周期拜][一二三四五六][二三四五六日天]{2}"),
        prefilter.compile(
            r"(?<=周|期|拜)([一二三四五六])([二三四五六日天]{2,5})(?![一二三四五六七八九十个月号日天年点])"
        ),
        _weekday_run,
    ),
    # 上周星期三, 下周礼拜天: the weekday of that week (as 上周三)
    (
        ("周周", "周星期", "周礼拜"),
        prefilter.compile(
            r"(?<=[上这下本]周)(?:周|星期|礼拜)(?=[一二三四五六日天](?![一二三四五六七八九十个月号日天年]))"
        ),
        "",
    ),
    # dictation: 理拜 (礼拜), 上询 / 下询 (旬), 钱年 (前年)
    (("理",), prefilter.compile(r"(?<=[上下这本])(个)?理礼?拜"), r"\1礼拜"),
    (("询",), prefilter.compile(r"(?<=[上下])询"), "旬"),
    (
        ("钱年",),
        prefilter.compile(r"(?<![赚挣花存借还有没值省交付找零大的])钱年(?![底末初终度年轻])"),
        "前年",
    ),
    # 下周的Tuesday, 上个礼拜的 Fri: the week's day in English after 的
    (
        prefilter.compile(r"的\s?[a-z]"),
        prefilter.compile(
            r"(?:(?<=[上这下本]周)|(?<=星期)|(?<=礼拜))的\s?(?=(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*(?![A-Za-z]))"
        ),
        "",
    ),
    # Chinese and English in one phrase: last个quarter, 这个quarter, 3 days前, two weeks前, 三天ago,
    # 去年March (the English word read as the Chinese one)
    (
        prefilter.compile(r"(?:last|this|next) ?个"),
        prefilter.compile(r"(?i)(?<![A-Za-z])(last|this|next) ?个\s?(?=quarter|季度|semester|学期)"),
        lambda m: {"last": "上个", "this": "这个", "next": "下个"}[m[1].lower()],
    ),
    (("quarter",), prefilter.compile(r"(?i)(?<=[上这下本]个)\s?quarter\b\s?"), "季度"),
    (
        prefilter.compile(r"(?:last|this|next) ?季度"),
        prefilter.compile(r"(?i)(?<![A-Za-z])(last|this|next) ?(?=季度)"),
        lambda m: {"last": "上", "this": "这", "next": "下"}[m[1].lower()],
    ),
    # last last个月 (the rule above made it "last 上个月"), next next礼拜: 上上个月, 下下个礼拜
    (
        prefilter.compile(r"last ?上"),
        prefilter.compile(r"(?i)(?<![A-Za-z])last ?(?=上个?(?:月|礼拜|星期|周|季度|学期))"),
        "上",
    ),
    (
        prefilter.compile(r"next ?下"),
        prefilter.compile(r"(?i)(?<![A-Za-z])next ?(?=下个?(?:月|礼拜|星期|周|季度))"),
        "下",
    ),
    # 上个year, 这个year, 下个year, last年: the year
    (
        prefilter.compile(r"(?:last|this|next) ?个?\s?年|[上这今呢本下]个?\s?year"),
        prefilter.compile(
            r"(?i)(?:(?<![A-Za-z])(?P<e>last|this|next) ?个?\s?(?=年(?![级纪龄度轻]))年"
            r"|(?P<z>上|这|今|呢|本|下)个?\s?year(?![A-Za-z]))"
        ),
        lambda m: {
            "last": "去年",
            "this": "今年",
            "next": "明年",
            "上": "去年",
            "这": "今年",
            "今": "今年",
            "呢": "今年",
            "本": "今年",
            "下": "明年",
        }[(m["e"] or m["z"]).lower()],
    ),
    (
        prefilter.compile(r"(?:day|week|month|year)s?\s?[以之]?[前后]"),
        prefilter.compile(
            r"(?i)(?<![A-Za-z0-9])(?P<n>\d{1,3}|[一二两三四五六七八九十几]+|a|one|two|three|four|five|six|seven|eight"
            r"|nine|ten)\s?个?\s?(?P<u>day|week|month|year)s?\s?(?=[以之]?[前后])"
        ),
        lambda m: _EN_COUNT_WORDS.get(m["n"].lower(), m["n"]) + _ZH_COUNT_UNITS[m["u"].lower()],
    ),
    (
        prefilter.compile(r"[天日期拜周月年]\s?(?:ago|back|before|later|after)"),
        prefilter.compile(
            r"(?i)(?P<x>(?:\d{1,3}|[一二两三四五六七八九十几]+)(?:天|日|个?星期|个?礼拜|周|个月|年))\s?"
            r"(?P<w>ago|back|before|later|after)(?![A-Za-z])"
        ),
        lambda m: m["x"] + ("后" if m["w"].lower() in ("later", "after") else "前"),
    ),
    (
        prefilter.compile(r"年的?\s?[a-z]"),
        prefilter.compile(
            r"(?i)(?P<y>去年|今年|前年|明年|旧年|出年)(?:的)?\s?(?P<m>"
            + "|".join(_EN_MONTH_NUMBERS)
            + r")(?![A-Za-z])"
        ),
        lambda m: m["y"] + _EN_MONTH_NUMBERS[m["m"].lower()] + "月",
    ),
)
"""The twenty-sixth round's Chinese: Cantonese 大後日, 大前晚, 琴朝 / 尋朝, 嚟緊個月; dictation's 出 (初)
and 作晚 (昨晚) in more places; a Chinese modifier with an English unit and the reverse (last个quarter,
3 days前, 三天ago, 去年March). Each pattern runs where the query holds its hint."""
_ZH_CANTONESE_DICTATION_MIXED_HINTS = _any_hint(_ZH_CANTONESE_DICTATION_MIXED)
_ZH_NORTHERN_AND_WU: tuple[tuple[prefilter.Pattern, _Replacement], ...] = (
    # Shanghainese 号头 (a month): 搿个号头 / 迭个号头 / 这个号头, 上个号头, 下个号头
    (prefilter.compile(r"(?:搿|迭|格|这|该)个号头"), "这个月"),
    # Shanghainese 搿个 / 迭个 (this) before a unit: 搿个礼拜, 迭个月
    (prefilter.compile(r"(?:搿|迭)(?:个|只)?(?=月|礼拜|星期|号头|周)"), "这个"),
    (prefilter.compile(r"([上下])(?:个|只)号头"), r"\1个月"),
    (prefilter.compile(r"(?<![上下这个])号头(?=底|初|头|里|末)"), "月"),
    # Shanghainese 上半日 / 下半日, 上昼 / 下昼, Sichuan 晚黑, said first: today's morning, afternoon, evening
    (prefilter.compile(r"^(?:上半日|下半日|上昼|下昼)(?!\d)"), "今天"),
    (prefilter.compile(r"^晚黑(?![\d上下])"), "今天晚上"),
    # 这一个月来, 近两个月以来, 这三个礼拜来, 这半个月里 (the last N, as 最近一个月; not 他一个月来一次)
    (
        prefilter.compile(
            r"(?:这|近)(一|两|三|四|五|六|半|[1-6])个(月|礼拜|星期)(?:来|以来|里)(?![一两三几]?[次回趟])"
        ),
        r"最近\1个\2",
    ),
    # Beijing 这程子 / 前程子, 前些程子 (these days, a while ago): as 这阵子, 前阵子
    (prefilter.compile(r"这程子"), "这阵子"),
    (prefilter.compile(r"前(?:些|一)?程子"), "前阵子"),
    # 这半年来, 近半年来, 这半年里 (the last six months, as 最近这半年)
    (prefilter.compile(r"(?<!上)(?<!下)(?:这|近)半年(?:来|以来|里|当中|多来)"), "最近这半年"),
)
"""Chinese of the twenty-sixth round's second wave: Shanghainese 号头 (a month), 这半年来."""
_ZH_NORTHERN_AND_WU_HINT = prefilter.compile(
    r"号头|半年|搿|迭|程子|[这近].个(?:月|礼拜|星期)|^(?:上半日|下半日|上昼|下昼|晚黑)"
)


def regional_words(query: str) -> str:
    """Malaysian and Singapore, Cantonese and northern words for days and weeks (`_ZH_REGIONAL`)."""
    return _substituted(query, _ZH_REGIONAL) if _ZH_REGIONAL_HINT.search(query) else query


def regional_and_mixed_words(query: str) -> str:
    """The twenty-sixth round's Chinese (`_ZH_CANTONESE_DICTATION_MIXED`): Cantonese, dictation, Chinese beside English."""
    return _where_words(query, _ZH_CANTONESE_DICTATION_MIXED, _ZH_CANTONESE_DICTATION_MIXED_HINTS)


def shanghai_and_beijing_words(query: str) -> str:
    """Shanghainese 号头, Beijing 这程子, 这半年来 (`_ZH_NORTHERN_AND_WU`)."""
    if not query.isascii() and _ZH_NORTHERN_AND_WU_HINT.search(query):
        return _substituted(query, _ZH_NORTHERN_AND_WU)
    return query


_NEW_YEAR = prefilter.compile(r"(?<![农阴旧过])新年(?![第快好初])")
_LUNAR_NEW_YEAR_CUSTOMS = prefilter.compile(
    r"红包|年货|拜年|团圆饭|年夜饭|利是|利市|压岁钱|舞狮|春联|除夕|守岁|年糕|捞生|鱼生|年饼|开年饭|新年饼"
)
"""What is done at the lunar new year (red packets, new-year shopping, the reunion dinner, 捞生 in Malaysia and
Singapore): with them, a bare 新年 is that new year, not the first of January ("新年那天收了多少红包")."""


def new_year_by_its_customs(query: str) -> str:
    """A bare 新年 as 春节 where the query names a custom of the lunar new year; else `query` as it is (a bare 新年
    names no day the parser reads)."""
    if "新年" not in query or _LUNAR_NEW_YEAR_CUSTOMS.search(query) is None:
        return query
    return _NEW_YEAR.sub("春节", query)
