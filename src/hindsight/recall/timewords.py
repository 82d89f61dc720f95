"""A query's words put in the form the time rules read (timeparse.py), before any rule runs:
Traditional characters as Simplified ones ("上個禮拜", "這週"; hindsight.traditional, one for one),
words a dictation app hears wrong ("fry day", "last weak", "上周武", "大钱天"), ordinals and years
said in words ("the twenty second", "march the third", "twenty twenty six"). Each change keeps the
text's meaning; none adds a time word that was not said."""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Sequence

from hindsight import traditional

_Replacement = str | Callable[[re.Match[str]], str]


_ZH_SOUNDALIKES = (
    (re.compile(r"(?<![工叫])做天"), "昨天"),
    (re.compile(r"大钱天"), "大前天"),
    (re.compile(r"(?<![赚挣花存借还有没值省交付找零大])钱天(?!天)"), "前天"),
    (re.compile(r"(?<=[上下这本])(个)?里拜"), r"\1礼拜"),
    (re.compile(r"(?<=[上下这本]周|星期|礼拜)武"), "五"),
    (re.compile(r"(?<=[上下这本]周|星期|礼拜)留"), "六"),
    (re.compile(r"(?<=月)出(?=\s|$|[，。,.?？!！的那])"), "初"),
    (re.compile(r"(?<=[上这下本]个月)出(?=[我你他她俺咱])|(?<=[上下本]月)出(?=[我你他她俺咱])"), "初"),
    (re.compile(r"中询"), "中旬"),
    (re.compile(r"(?<=[昨今明前后])[添填]"), "天"),
    (re.compile(r"(?<=[上下这本])各(?=月|礼拜|星期)"), "个"),
    (re.compile(r"(?<![工创合操动写耕劳制])作天"), "昨天"),
    (re.compile(r"(?<![黄现奖基资美白千])金天"), "今天"),
    (re.compile(r"(?<![有出命题报署点])名天"), "明天"),
    (re.compile(r"星其"), "星期"),
    (re.compile(r"(?<=月)低(?=\s|$|[，。,.?？!！的那护来前我你房扣交付还时])"), "底"),
)
"""Time words a dictation app writes with a character of the same sound (昨 as 做, 前 as 钱,
礼 as 里, 五 as 武, 六 as 留, 初 as 出, 旬 as 询, 底 as 低) — only where the wrong character
makes no sense there."""

_ZH_REGIONAL = (
    (re.compile(r"(?<![礼做])拜六拜[日天]"), "礼拜六礼拜日"),
    (re.compile(r"(?<![礼做])拜(?=[一二三四五六日天](?![拜年地公]))"), "礼拜"),
    (re.compile(r"(?:今|呢)个(?=月|礼拜|星期|周|季度|时候|\s?[A-Za-z])"), "这个"),
    (re.compile(r"(?<![一])上年(?![级纪龄度轻])"), "去年"),
    (re.compile(r"(?<=年)年终(?![奖总])"), "年底"),
    (re.compile(r"廿"), "二十"),
    (re.compile(r"上前天"), "大前天"),
    (re.compile(r"(?i)(?<![A-Za-z])last ?个?(?=礼拜|星期|周|月)"), "上个"),
    (re.compile(r"(?i)(?<=[上这下本]个)\s?month\s?"), "月"),
    (re.compile(r"(?i)(?<=[上这下本]个)\s?mo(?![a-z])\s?"), "月"),
    (re.compile(r"(?i)(?<=[上这下本]个)\s?weekend\s?"), "周末"),
    (re.compile(r"(?i)(?<=[上这下本]个)\s?week(?!end)\s?"), "礼拜"),
    (re.compile(r"(?i)(?<=[上这下本]个)\s?semester\s?"), "学期"),
    (re.compile(r"(?i)(?<=过去|最近)\s?(?:two|2) weeks\s?"), "两周"),
    (re.compile(r"(?i)(?<![A-Za-z])this ?个?(?=礼拜|星期|周|月)"), "这个"),
    (re.compile(r"(?i)(?<![A-Za-z])next ?个?(?=礼拜|星期|周|月)"), "下个"),
    (re.compile(r"今仔日"), "今天"),
    (re.compile(r"明仔[载再]"), "明天"),
    (re.compile(r"(?<=[上这下])(?:个)?(?:礼拜|星期)末"), "周末"),
    (re.compile(r"(?<=年)首(?=[一二三四五六两俩仨1-6]个?月)"), "头"),
    (re.compile(r"年尾"), "年底"),
    (re.compile(r"(?<=[前这呢早头])几日"), "几天"),
    (re.compile(r"(?<=个)号头"), "月"),
    (re.compile(r"前一歇"), "前阵子"),
    (re.compile(r"(?<=[去今前]年)子(?![女孙弟])"), ""),
    (re.compile(r"[这前]一?向(?![日葵前后上下左右东西南北着阳导])"), "最近"),
    (re.compile(r"后晚(?![辈生期])"), "后天晚上"),
    (re.compile(r"旧年(?=今[日天])"), "去年"),
    (re.compile(r"(?i)(?<![A-Za-z])Q([1-4])(?=[末底尾初头])"), r"第\1季度"),
    (re.compile(r"外后天"), "大后天"),
    (re.compile(r"(?<![过新拜那当每])年时个?(?![候间节])"), "去年"),
    (re.compile(r"(?<![一半整])夜(?:儿个?|个)(?!人)"), "昨天"),
    (re.compile(r"(?P<p>[月年])根儿(?!底)"), r"\g<p>底"),
    (re.compile(r"昨暝|昨晡|昨日子"), "昨天"),
    (re.compile(r"顶(?=个月|个?礼拜|个?星期)"), "上"),
    (re.compile(r"(?<=[十二三四五六七八九])来(?=(?:天|个月|个礼拜|个星期|年)[以之]?[前后])"), ""),
    (re.compile(r"(?<=[一两俩三]个)来(?=月)"), ""),
    (re.compile(r"呢(?=[几两][天日])"), "这"),
    (re.compile(r"[呢今]季(?![度节])"), "本季度"),
    (re.compile(r"听朝"), "明早"),
    (re.compile(r"听晚"), "明晚"),
    (re.compile(r"(?<=前)两日"), "两天"),
    (re.compile(r"(?<![这那哪])(?P<d>[今昨明前后])儿(?:个)?"), r"\g<d>天"),
    (re.compile(r"半拉(?=月)"), "半个"),
    (re.compile(r"(?P<p>[月年])根儿?底下"), r"\g<p>底"),
    (re.compile(r"(?<=[上这本下个])自然(?=周|月|季度|年)"), ""),
    (re.compile(r"再下(?:个)?(?=周|礼拜|星期)"), "下下"),
    (re.compile(r"(?:交易|营业)(?=日)"), "工作"),
    (
        re.compile(
            r"((?:上上|上|这|本|下下|下)(?:一)?(?:个)?(?:周|星期|礼拜))的(?:周|星期|礼拜)(?=[一二三四五六日天])"
        ),
        r"\1",
    ),
)
"""Regional words for days and weeks, as the rules read them: Malaysian and Singapore 拜一 (礼拜一),
Cantonese 今个月 / 呢个礼拜 (this month / week), 听朝 (tomorrow morning), 前几日; northern 今儿 / 昨儿个 /
前儿 (今天 / 昨天 / 前天), 半拉月 (半个月)."""
_ZH_OLDER: tuple[tuple[tuple[str, ...], re.Pattern[str], _Replacement], ...] = (
    (("半拉",), re.compile(r"(?<=[上下前后])半拉(?=年)"), "半"),
    (("个把",), re.compile(r"个把(?=月|礼拜|星期|周|年)"), "一个"),
    # "一个多月前", "两年多以前" (a little more than): as 一个月前, 两年前, as 十来天前 is 十天前
    (("个多",), re.compile(r"(?<=[一二两三四五六七八九十]个)多(?=(?:月|礼拜|星期)[以之]?[前后])"), ""),
    (("年多", "天多", "周多"), re.compile(r"(?<=[一二两三四五六七八九十][年天周])多(?=[以之]?[前后])"), ""),
    # northern: 头些天, 早些天 (as 前些天); 昨黑 (last night); 夜里个 (Shandong: yesterday);
    # 二月初二 (as 二月二)
    (("头些", "早些"), re.compile(r"(?:头|早)些(?=天|日子)"), "前些"),
    # 这程子, 这一阵 (northern), 近些天: as 这阵子, 这些天 (recently)
    (("这程子", "这一阵"), re.compile(r"这(?:程子|一阵子?)(?![风雨])"), "这阵子"),
    (("近些",), re.compile(r"近些(?=天|日子)"), "这些"),
    (("昨黑",), re.compile(r"昨黑(?![色板白心])"), "昨晚"),
    (("夜里个",), re.compile(r"夜里个"), "昨天"),
    (("二月初二",), re.compile(r"二月初二(?![十])"), "二月二"),
    # the festivals older users name by their lunar date ("八月十五", "五月初五"); with 号 / 日, a solar date
    (("八月十五", "八月半"), re.compile(r"八月(?:十五|半)(?![号日\d一二三四五六七八九十])"), "中秋"),
    (("五月初五",), re.compile(r"五月初五(?![号日])"), "端午"),
    (("七月初七",), re.compile(r"七月初七(?![号日])"), "七夕"),
    (("九月初九",), re.compile(r"九月初九(?![号日])"), "重阳"),
    (("七月十五",), re.compile(r"七月十五(?![号日\d一二三四五六七八九十])"), "中元"),
    # learners' measure words and 的: 三个天前, 两个年前 (as 三天前, 两年前); 十二月的二十五号
    # (as 十二月二十五号)
    (("个天", "个年"), re.compile(r"(?<=[一二两三四五六七八九十\d])个(?=天|年[以之]?[前后])"), ""),
    (
        ("月的",),
        re.compile(
            r"(?<=[一二三四五六七八九十\d]月)的(?=(?:[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九]|[12]?\d|3[01])[号日])"
        ),
        "",
    ),
    # an English count before 前 ("3 days前", "two weeks以前"): as "3 days ago"
    (
        ("ay", "eek", "onth", "ear"),
        re.compile(
            r"(?i)\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a)\s?(days?|weeks?|months?|years?)"
            r"\s?(?:以|之)?前"
        ),
        r"\1 \2 ago ",
    ),
    # 昨天的昨天, 明天的明天 (learners): the day before yesterday, the day after tomorrow
    (("昨天的昨天",), re.compile(r"昨天的昨天"), "前天"),
    (("明天的明天",), re.compile(r"明天的明天"), "后天"),
    # 前一个礼拜, 后一个月 said first (learners): last week, next month ("考试前一个月" is not this)
    (("前一个",), re.compile(r"(?:^|(?<=[\s，,。.!?！？]))前一个(?=星期|礼拜|周|月)"), "上个"),
    (("后一个",), re.compile(r"(?:^|(?<=[\s，,。.!?！？]))后一个(?=星期|礼拜|周|月)"), "下个"),
)
"""The twenty-sixth round's words of older users (northern, Shandong, Henan) and of learners of Chinese, as
the rules read them; each rewrite with the words one of which the query holds when it can apply."""


_ZH_OLDER_HINT = re.compile("|".join(re.escape(word) for needs, _, _ in _ZH_OLDER for word in needs))


def _where_words(
    query: str,
    rows: Iterable[tuple[_Hint, re.Pattern[str], _Replacement]],
    hints: tuple[frozenset[str], re.Pattern[str]] | None = None,
) -> str:
    """`query` with each row's pattern replaced, in order, where the lowered query holds the row's hint (one
    of its words, or a match of its pattern): the one way the round's rewrite tables are applied (most queries
    hold no hint of most rows). `hints`, the table's `_any_hint`, lets a query that holds none of them
    skip the whole table at once."""
    lowered = query.lower()
    if hints is not None and not any(word in lowered for word in hints[0]) and not hints[1].search(lowered):
        return query
    for hint, pattern, replacement in rows:
        if hint.search(lowered) if isinstance(hint, re.Pattern) else any(word in lowered for word in hint):
            changed = pattern.sub(replacement, query)
            if changed != query:
                query, lowered = changed, changed.lower()
    return query


def _zh_older(query: str) -> str:
    """`query` with the rewrites of _ZH_OLDER that may apply to it applied, in order."""
    return _where_words(query, _ZH_OLDER) if _ZH_OLDER_HINT.search(query) else query


_ZH_FOR_EN = {
    "the day before yesterday": "前天", "the day after tomorrow": "后天", "yesterday": "昨天",
    "today": "今天", "tomorrow": "明天", "tmrw": "明天", "tmr": "明天", "last weekend": "上周末",
    "this weekend": "这周末", "next weekend": "下周末", "last week": "上周", "this week": "这周",
    "next week": "下周", "last month": "上个月", "this month": "这个月", "next month": "下个月",
    "last year": "去年", "this year": "今年", "next year": "明年",
}  # fmt: skip
_EN_IN_ZH = re.compile(
    r"(?P<pre>[\u4e00-\u9fff]\s?)?(?<![A-Za-z])"
    r"(?P<w>" + "|".join(sorted(_ZH_FOR_EN, key=len, reverse=True)) + r")"
    r"(?![A-Za-z])(?=(?P<zh>\s?(?:[\u4e00-\u9fff]|\d{1,2}[号日]))|\s*(?:$|[，。？！,.?!]))",
    re.IGNORECASE,
)
"""An English time word said inside Chinese ("last month二十几号", "今天和yesterday", "tmr的后一天"), as the
Chinese one: the Chinese rules then read what follows it ("上个月二十几号"). Only where Chinese text is
beside it, so an English sentence naming a Chinese name keeps its English."""


def _zh_for_en(match: re.Match[str]) -> str:
    word = _ZH_FOR_EN[match["w"].lower()] if match["zh"] or match["pre"] else match["w"]
    return (match["pre"] or "") + word


_EN_IN_ZH_HINT = re.compile(r"(?i)(?:yesterday|today|tomorrow|tmrw?|week|month|year)")
_ZH_WRITTEN = (
    (re.compile(r"(?<=[去前今]年)(的)?[本这]月"), r"\1这个月"),
    (re.compile(r"(?<![每某当大])(?P<d>[昨今明前])日(?![子头之香方报本])"), r"\g<d>天"),
    (re.compile(r"(?P<w>[上下])一个?(?=月|星期|礼拜|周(?!年)|季度)"), r"\g<w>个"),
    (re.compile(r"上一年(?![级纪龄度轻])"), "去年"),
    (re.compile(r"下一年(?![级纪龄度轻])"), "明年"),
    (
        re.compile(
            r"(?<![\d一二三四五六七八九十月年号第几个.#])(?P<d>[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九])日"
            r"(?=那天|那日|当天|左右|前后)"
        ),
        r"\g<d>号",
    ),
)
"""Written Chinese: 去年本月, 去年这月 (this month of last year, as 去年这个月); 昨日 / 今日 /
明日 / 前日 (as 昨天 / 今天 / 明天 / 前天, which the longer phrases read: "明日的后一天",
"一个礼拜以前的今日"); 上一个月, 上一年 (as 上个月, 去年; not 上一年级, first grade); 十二日那天
(a day of the month in words before 日, as 十二号)."""
_ZH_WRITTEN_HINT = re.compile(r"年的?[本这]月|[昨今明前]日|[上下]一|[一二三四五六七八九十]日")
_ZH_REGIONAL_HINT = re.compile(
    r"拜|今个|呢|今季|听朝|听晚|几日|两日|儿|半拉|再下|交易日|营业日|的(?:周|星期|礼拜)|根底下|自然|廿|上前天|昨暝|昨晡|昨日子|顶个|顶礼拜|顶星期|[十二三四五六七八九]来|外后天|年时|夜儿|夜个|根儿|年首|年尾|号头|一歇|仔|(?:礼拜|星期)末|上年|年年终|年子|[这前]一?向|后晚|旧年今|[Qq][1-4][末底尾初头]"
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
_Hint = Sequence[str] | re.Pattern[str]
"""What a row of a rewrite table needs in the lowered query to be tried: one of its words, or a match."""


def _any_hint(
    table: tuple[tuple[_Hint, re.Pattern[str], _Replacement], ...],
) -> tuple[frozenset[str], re.Pattern[str]]:
    """The table's hint words, and one pattern that finds any of its hint patterns: a query that holds
    none of either skips the whole table."""
    words = frozenset(word for hint, _, _ in table if not isinstance(hint, re.Pattern) for word in hint)
    patterns = [hint.pattern for hint, _, _ in table if isinstance(hint, re.Pattern)]
    return words, re.compile("|".join(patterns) or "(?!)")


_RUN = "一二三四五六日"


def _weekday_run(match: re.Match[str]) -> str:
    """ "三四五" after 周 / 星期 / 礼拜: "三到五" when the days follow each other, else as written."""
    days = (match[1] + match[2]).replace("天", "日")
    return f"{days[0]}到{days[-1]}" if days in _RUN else match.group(0)


_ZH_TWENTY_SIXTH = (
    # Cantonese: 大後日 (大后天), 大前晚 (the night three days back), 琴朝 / 尋朝 (yesterday morning),
    # 嚟緊個月 / 嚟緊個禮拜 (next month / week; 嚟 folds to 来)
    (("大后日",), re.compile(r"大后日"), "大后天"),
    (("大前晚",), re.compile(r"大前晚(?![会宴])"), "大前天晚上"),
    (("琴朝", "寻朝"), re.compile(r"[琴寻]朝(?![代廷鲜阳气霞])"), "昨天早上"),
    (("来紧",), re.compile(r"来紧(?:个|嘅)(?=礼拜|星期|月)"), "下个"),
    # Cantonese 舊年 / 出年 (去年 / 明年) wherever the rules read 去年 / 明年; 呢一季 (这一季)
    (("旧年",), re.compile(r"(?<![辞送新迎])旧年(?![代货])"), "去年"),
    (("出年",), re.compile(r"(?<![今去明前本这每后])出年(?![报货终会假鉴糕纪级份度轻底末初中])"), "明年"),
    (("呢一季",), re.compile(r"呢一季(?![度节])"), "这一季"),
    # Cantonese 年廿八 (廿 already 二十: the 28th of the twelfth lunar month), 年初四 (大年初四), 聖誕前一日 /
    # 中秋前一晚 (前一天)
    (
        ("年二十",),
        re.compile(
            r"(?<![0-9一二三四五六七八九十今去明前旧出])年(?=二十[一二三四五六七八九](?![万千百岁元块个号日天年次人]))"
        ),
        "腊月",
    ),
    (("年初",), re.compile(r"(?<![大今去明前旧出])年初(?=[四五六七](?![月个号日十]))"), "大年初"),
    (("一日", "一晚"), re.compile(r"(?<=[前后]一)(?:日|晚)(?![子本游])"), "天"),
    # Malaysian and Singapore 拜一拜二 (the first before another 拜 is left as it was), 上个拜 (上个礼拜)
    (("礼拜",), re.compile(r"(?<![礼做])拜(?=[一二三四五六日天]礼拜)"), "礼拜"),
    (("个拜",), re.compile(r"(?<=[上下这本]个)拜(?![一二三四五六日天年拜托])"), "礼拜"),
    # CNY前 (春节前: the weeks before the new year)
    (
        ("cny", "new year"),
        re.compile(r"(?i)\b(?:cny|chinese new year|lunar new year)\s?(?=前|之前|以前)"),
        "春节",
    ),
    # dictation: 出 for 初 before what is done at a month's start ("上个月出交的房租"), 作晚 for 昨晚
    (
        ("月出",),
        re.compile(
            r"(?:(?<=[上这下本]个月)|(?<=[上下本]月))出(?=交|缴|付|还|转账|收到|续|订|买|搬|左右|前后|时候|那会|那阵)"
        ),
        "初",
    ),
    (("作晚",), re.compile(r"(?<![工创合操动写耕劳制])作晚(?![饭餐宴会])"), "昨晚"),
    (("金晚",), re.compile(r"(?<![黄现奖基资美白千])金晚(?![会宴餐])"), "今晚"),
    (("名晚",), re.compile(r"(?<![有出命题报署点])名晚(?![会宴餐])"), "明晚"),
    (("钱晚",), re.compile(r"(?<![赚挣花存借还有没值省交付找零大])钱晚(?![会宴餐])"), "前晚"),
    # Cantonese 早兩日, 頭兩日 (as 早两天, 头两天)
    (("两日",), re.compile(r"(?<=[早头])两日"), "两天"),
    # Cantonese 三日後, 兩日後 (三天后): 日 as the unit after a count in Chinese numerals
    (
        ("日后", "日以后", "日之后"),
        re.compile(r"(?<![月\d一二三四五六七八九十])([两几一二三四五六七八九十]+)日(?=[以之]?后)"),
        r"\1天",
    ),
    # 上个月 the 3rd, 下个月1st: the day as 号
    (
        ("个月",),
        re.compile(r"(?i)(?<=[上这下]个月)\s?(?:the\s)?(\d{1,2})(?:st|nd|rd|th)(?![A-Za-z])"),
        r"\1号",
    ),
    # 上個禮拜三四五, 周一二三: three or more weekdays in a row, as the span 礼拜三到五
    (
        re.compile(r"[周期拜][一二三四五六][二三四五六日天]{2}"),
        re.compile(
            r"(?<=周|期|拜)([一二三四五六])([二三四五六日天]{2,5})(?![一二三四五六七八九十个月号日天年点])"
        ),
        _weekday_run,
    ),
    # 上周星期三, 下周礼拜天: the weekday of that week (as 上周三)
    (
        ("周周", "周星期", "周礼拜"),
        re.compile(
            r"(?<=[上这下本]周)(?:周|星期|礼拜)(?=[一二三四五六日天](?![一二三四五六七八九十个月号日天年]))"
        ),
        "",
    ),
    # dictation: 理拜 (礼拜), 上询 / 下询 (旬), 钱年 (前年)
    (("理",), re.compile(r"(?<=[上下这本])(个)?理礼?拜"), r"\1礼拜"),
    (("询",), re.compile(r"(?<=[上下])询"), "旬"),
    (("钱年",), re.compile(r"(?<![赚挣花存借还有没值省交付找零大的])钱年(?![底末初终度年轻])"), "前年"),
    # 下周的Tuesday, 上个礼拜的 Fri: the week's day in English after 的
    (
        re.compile(r"的\s?[a-z]"),
        re.compile(
            r"(?:(?<=[上这下本]周)|(?<=星期)|(?<=礼拜))的\s?(?=(?i:mon|tue|wed|thu|fri|sat|sun)[a-z]*(?![A-Za-z]))"
        ),
        "",
    ),
    # Chinese and English in one phrase: last个quarter, 这个quarter, 3 days前, two weeks前, 三天ago,
    # 去年March (the English word read as the Chinese one)
    (
        re.compile(r"(?:last|this|next) ?个"),
        re.compile(r"(?i)(?<![A-Za-z])(last|this|next) ?个\s?(?=quarter|季度|semester|学期)"),
        lambda m: {"last": "上个", "this": "这个", "next": "下个"}[m[1].lower()],
    ),
    (("quarter",), re.compile(r"(?i)(?<=[上这下本]个)\s?quarter\b\s?"), "季度"),
    (
        re.compile(r"(?:last|this|next) ?季度"),
        re.compile(r"(?i)(?<![A-Za-z])(last|this|next) ?(?=季度)"),
        lambda m: {"last": "上", "this": "这", "next": "下"}[m[1].lower()],
    ),
    # last last个月 (the rule above made it "last 上个月"), next next礼拜: 上上个月, 下下个礼拜
    (
        re.compile(r"last ?上"),
        re.compile(r"(?i)(?<![A-Za-z])last ?(?=上个?(?:月|礼拜|星期|周|季度|学期))"),
        "上",
    ),
    (re.compile(r"next ?下"), re.compile(r"(?i)(?<![A-Za-z])next ?(?=下个?(?:月|礼拜|星期|周|季度))"), "下"),
    # 上个year, 这个year, 下个year, last年: the year
    (
        re.compile(r"(?:last|this|next) ?个?\s?年|[上这今呢本下]个?\s?year"),
        re.compile(
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
        re.compile(r"(?:day|week|month|year)s?\s?[以之]?[前后]"),
        re.compile(
            r"(?i)(?<![A-Za-z0-9])(?P<n>\d{1,3}|[一二两三四五六七八九十几]+|a|one|two|three|four|five|six|seven|eight"
            r"|nine|ten)\s?个?\s?(?P<u>day|week|month|year)s?\s?(?=[以之]?[前后])"
        ),
        lambda m: _EN_COUNT_WORDS.get(m["n"].lower(), m["n"]) + _ZH_COUNT_UNITS[m["u"].lower()],
    ),
    (
        re.compile(r"[天日期拜周月年]\s?(?:ago|back|before|later|after)"),
        re.compile(
            r"(?i)(?P<x>(?:\d{1,3}|[一二两三四五六七八九十几]+)(?:天|日|个?星期|个?礼拜|周|个月|年))\s?"
            r"(?P<w>ago|back|before|later|after)(?![A-Za-z])"
        ),
        lambda m: m["x"] + ("后" if m["w"].lower() in ("later", "after") else "前"),
    ),
    (
        re.compile(r"年的?\s?[a-z]"),
        re.compile(
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
_ZH_TWENTY_SIXTH_HINTS = _any_hint(_ZH_TWENTY_SIXTH)
_ZH_JOINED = re.compile(
    r"(?<=上个月|这个月|下个月)\s(?=\d{1,2}[号日]|[一二三四五六七八九十]+[号日]|[初底末中尾头])"
    r"|(?<=[上这下]周)\s(?=[一二三四五六日天末])"
    r"|(?<=[上这下]周)\s?的?\s?(?:(?:周|星期|礼拜)(?=[一二三四五六日天])|(?=(?i:mon|tue|wed|thu|fri|sat|sun)))"
)
_ZH_MONTH_ORDINAL = re.compile(r"(?i)(?<=[上这下]个月)\s?(?:the\s)?(\d{1,2})(?:st|nd|rd|th)(?![A-Za-z])")
"""上个月 the 3rd, 下个月1st: the day as 号 ("上个月3号")."""
"""The space an English time word translated inside Chinese leaves ("last month 15号" → "上个月 15号"): taken
out, so the Chinese rule reads the whole ("上个月15号")."""

_EN_SOUNDALIKES = (
    (re.compile(r"\b(mon|tues|wednes|thurs|satur|sun) day\b", re.IGNORECASE), r"\1day"),
    (re.compile(r"\bfry ?day\b", re.IGNORECASE), "friday"),
    (re.compile(r"\byester day\b", re.IGNORECASE), "yesterday"),
    (re.compile(r"\bto morrow\b", re.IGNORECASE), "tomorrow"),
    (re.compile(r"\bfort night", re.IGNORECASE), "fortnight"),
    (re.compile(r"\b(last|this|next|a|one|that) weak\b", re.IGNORECASE), r"\1 week"),
    (re.compile(r"\btoo (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "two "),
    (re.compile(r"\bfor (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "four "),
    (re.compile(r"\bate (?=(?:days?|weeks?|months?|years?) (?:ago|back)\b)", re.IGNORECASE), "eight "),
)

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_MONTH_OF = {name[:3]: name for name in _MONTHS.split("|")}
_PERIOD = r"(?:week|month|year|semester|term|quarter)"
_QUARTER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4"}
_FULL_DAY = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "thu": "thursday",
    "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday", "sun": "sunday",
}  # fmt: skip
_EN_LEARNED = (
    (re.compile(r"\b(the day (?:before|after)) of\b", re.IGNORECASE), r"\1"),
    (re.compile(r"\btomorrow'?s? day after\b", re.IGNORECASE), "the day after tomorrow"),
    (re.compile(r"\byesterday'?s? day before\b", re.IGNORECASE), "the day before yesterday"),
    (
        re.compile(
            rf"\bthe ({_PERIOD}) (?:that |which )?"
            r"(?:passed|went by|has passed|(?:just )?(?:finish(?:ed)?|ended|gone|passed)|just past)\b"
            r"(?! (?:so|too|very|quickly|fast|slowly|by)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    (re.compile(r"\bthe previous to previous (\w+)", re.IGNORECASE), r"the \1 before last"),
    (
        re.compile(rf"\bthe ({_PERIOD}) before the last(?: one)?\b(?! (?:day|time)\b)", re.IGNORECASE),
        r"the \1 before last",
    ),
    (re.compile(r"\b(?:in |on )?(?:the )?mid of\b", re.IGNORECASE), "in the middle of"),
    (
        re.compile(r"\b(?:on )?(mon|tues|wednes|thurs|fri|satur|sun)day coming\b", re.IGNORECASE),
        r"the coming \1day",
    ),
    (re.compile(r"\bthe weekend coming\b", re.IGNORECASE), "the coming weekend"),
    (re.compile(r"\b(?:this )?coming month[- ]?end\b", re.IGNORECASE), "the end of this month"),
    (
        re.compile(r"\bthese (\d+|two|three|four|five|six|seven|ten) days\b", re.IGNORECASE),
        r"the last \1 days",
    ),
    (re.compile(r"\bhalf (?:a )?month (?:ago|back|before)\b", re.IGNORECASE), "2 weeks ago"),
    (re.compile(r"\b(?:the )?last one (month|week)\b", re.IGNORECASE), r"the past \1"),
    (re.compile(r"\b(?:the )?(week|month) before this (?:week|month)\b", re.IGNORECASE), r"last \1"),
    (re.compile(r"\bnext tomorrow\b", re.IGNORECASE), "the day after tomorrow"),
    (re.compile(r"\bthis aft\b", re.IGNORECASE), "this afternoon"),
    (re.compile(r"\bon new year\b(?!'s| eve| resolution| party)", re.IGNORECASE), "on new year's day"),
    (
        re.compile(r"\b(last|this|next) month,? (?:in )?the (?:starting|beginning|start)\b", re.IGNORECASE),
        r"the start of \1 month",
    ),
    (re.compile(rf"\b((?:{_MONTHS})) month\b", re.IGNORECASE), r"in \1"),
    (
        re.compile(
            r"\bfrom (?:the )?(\d{1,2}(?:st|nd|rd|th)) (?:till|until|to|thru|through) (?:today|now)\b",
            re.IGNORECASE,
        ),
        r"since the \1",
    ),
    (re.compile(r"\bthe same (?:day|date) (?:of )?last month\b", re.IGNORECASE), "this day last month"),
    (re.compile(r"\b(?:the )?yesterday'?s yesterday\b", re.IGNORECASE), "the day before yesterday"),
    (re.compile(r"\b(after|before) the (tomorrow|yesterday)\b", re.IGNORECASE), r"\1 \2"),
    (
        re.compile(r"\b(?:in )?this year'?s?,? (?:the )?(spring|summer|fall|autumn|winter)\b", re.IGNORECASE),
        r"this \1",
    ),
    (
        re.compile(
            r"\b(?:in )?(this|last) year,? (?:the |in the )?"
            r"(first|second|third|fourth|1st|2nd|3rd|4th) quarter\b",
            re.IGNORECASE,
        ),
        r"the \2 quarter of \1 year",
    ),
    (
        re.compile(
            r"\b(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (days?|weeks?|months?|years?) before"
            r"(?=\s+(?:i|we|you|he|she|they|my)\b|\s*[,?.!]|\s*$)",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    (re.compile(r"\bnot (?:so|that|too) long (?:time )?ago\b", re.IGNORECASE), "recently"),
    (re.compile(r"\bdated (?=\d{1,2}/\d{1,2}\b)", re.IGNORECASE), "on "),
    (re.compile(r"\bat (?:the )?year[- ]end\b", re.IGNORECASE), "at the end of the year"),
    (
        re.compile(r"\btrailing (\d{1,3}|seven|fourteen|thirty|sixty|ninety) days\b", re.IGNORECASE),
        r"the last \1 days",
    ),
    (re.compile(r"\bL(\d{1,3})D\b"), r"the last \1 days"),
    (
        re.compile(
            rf"\b({_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|q[1-4]|h[12])"
            r"\.? ?['’](\d{2})\b",
            re.IGNORECASE,
        ),
        r"\1 20\2",
    ),
    (
        re.compile(
            rf"\b((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))'s"
            r" (?:final|last) (?:wk|week)\b",
            re.IGNORECASE,
        ),
        r"the last week of \1",
    ),
    (re.compile(r"\b(?:the )?tomorrow'?s tomorrow\b", re.IGNORECASE), "the day after tomorrow"),
    (
        re.compile(
            r"\bthe (\d{1,2}|two|three|four|five|six|seven|eight|nine|ten) (last|first) (days|weeks)\b",
            re.IGNORECASE,
        ),
        r"the \2 \1 \3",
    ),
    (
        re.compile(
            r"\b(a|one|\d{1,2}|two|three|four|five|six) ((?:day|week|month|year)s?) before today\b",
            re.IGNORECASE,
        ),
        r"\1 \2 ago today",
    ),
    (re.compile(r"\bthe (?:coming|following) (?:two|2) weeks\b", re.IGNORECASE), "the next two weeks"),
    (re.compile(r"\bthe (?:last|previous) year,? in\b", re.IGNORECASE), "last year in"),
    (
        re.compile(
            r"\b(?:this|the) week,? (?=since (?:mon|tues|wednes|thurs|fri|satur|sun)day\b)", re.IGNORECASE
        ),
        "",
    ),
    (
        re.compile(
            r"\b(last|this|next) month,? in (?:its|the) (middle|beginning|start|end)\b", re.IGNORECASE
        ),
        r"in the \2 of \1 month",
    ),
    (
        re.compile(
            r"\bthe weekend (?:that |which )?(?:has |had )?(?:just )?"
            r"(?:passed|went by|finish(?:ed)?|ended|gone)\b"
            r"(?! (?:so|too|very|quickly|fast|slowly|by)\b)",
            re.IGNORECASE,
        ),
        "last weekend",
    ),
    (re.compile(r"\b(?:the )?(?:\w+ )?weekend just gone\b", re.IGNORECASE), "the weekend just gone"),
    (
        re.compile(
            r"\b(?:the )?year[- ]end(?= (?:freeze|shutdown|break|holidays?|rush|sales?|party|dinner)\b)",
            re.IGNORECASE,
        ),
        "the end of the year",
    ),
    (
        re.compile(r"\bbetween (?:xmas|christmas) and (?:nye|new year'?s eve)\b", re.IGNORECASE),
        "from christmas to new year's eve",
    ),
    (re.compile(r"\ba year ago this week\b", re.IGNORECASE), "the same week last year"),
    (re.compile(r"\bthese (\d+|two|three|four) weeks\b", re.IGNORECASE), r"the past \1 weeks"),
    (re.compile(r"\b(?:at |in )?((?:19|20)\d{2}) (?:ending|end)\b", re.IGNORECASE), r"the end of \1"),
    (
        re.compile(r"\b(tomorrow|tmrw|tmr|yesterday) or the day (after|before)\b(?! \w+day)", re.IGNORECASE),
        r"\1 or the day \2 \1",
    ),
    (
        re.compile(
            rf"\ball of ((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec))\b", re.IGNORECASE
        ),
        r"in \1",
    ),
    (
        re.compile(
            r"\blast (week|month|year),? (?:(?:no|sorry|wait|i mean|actually|no wait)[, ]+)+"
            r"the \1 before(?: that)?\b",
            re.IGNORECASE,
        ),
        r"the \1 before last",
    ),
    (re.compile(r"\bthe day before the day before yesterday\b", re.IGNORECASE), "3 days ago"),
    (re.compile(r"\bin a couple (?:of )?weeks\b", re.IGNORECASE), "in 2 weeks"),
    (re.compile(r"\b(last|this|next) calendar (month|year|week|quarter)\b", re.IGNORECASE), r"\1 \2"),
    (
        re.compile(
            r"\b(last|this|next) month'?s? (?:final|last) ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
            re.IGNORECASE,
        ),
        r"the last \2 of \1 month",
    ),
    (re.compile(r"\bthe back half of (last|this) year'?s?\b", re.IGNORECASE), r"the second half of \1 year"),
    (re.compile(r"\b(?:in )?this whole week\b", re.IGNORECASE), "this week"),
    (re.compile(r"\blast week end\b", re.IGNORECASE), "last weekend"),
    (re.compile(r"\buntil now,? from (the \d{1,2}(?:st|nd|rd|th))\b", re.IGNORECASE), r"since \1"),
    (
        re.compile(r"(?<!\bday )(?<!\bdays )\bafter (?:tmrw|tmr|tomorow|tomorrow)\b", re.IGNORECASE),
        "the day after tomorrow",
    ),
    (re.compile(r"\b(?:the )?(?:last|past) half(?: a)? year\b", re.IGNORECASE), "the past 6 months"),
    (
        re.compile(r"\bthe (\d{1,2}(?:st|nd|rd|th)),? (last|this|next) month\b", re.IGNORECASE),
        r"the \1 of \2 month",
    ),
    (
        re.compile(r"\b(?:the )?(?:night|nite|morning|evening) before last\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (re.compile(r"\bthe last year (?:on|in|at) (?=\w)", re.IGNORECASE), "last year's "),
    (re.compile(r"\bthe last week,? on (\w+day)\b", re.IGNORECASE), r"last week \1"),
    (
        re.compile(
            r"\bthe last ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b(?! (?:of|in|before)\b)", re.IGNORECASE
        ),
        r"this past \1",
    ),
    (
        re.compile(r"(?<!\bday )(?<!\bdays )(?<!\bthe )\bbefore[- ]yesterday\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (
        re.compile(
            r"\btrimester(?= of (?:this|last|next) year\b| of (?:19|20)\d{2}\b)"
            r"|(?<=\blast |this |next )trimester\b",
            re.IGNORECASE,
        ),
        "quarter",
    ),
    (
        re.compile(
            rf"\b((?:{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec))'s (?:final|last) day\b",
            re.IGNORECASE,
        ),
        r"the last day of \1",
    ),
    (re.compile(r"\b(?:on )?this (?:date|very day) last year\b", re.IGNORECASE), "this day last year"),
    (re.compile(r"\bthe last days\b(?! of\b)", re.IGNORECASE), "the past few days"),
    (re.compile(r"\b(?:on )?the day (\d{1,2})\b(?! of\b)", re.IGNORECASE), r"on the \1th"),
    (re.compile(r"\bthe (\d{1,2}) of the month\b", re.IGNORECASE), r"the \1th"),
    (re.compile(r"\b(?:the )?passed weekend\b", re.IGNORECASE), "the past weekend"),
    (re.compile(r"\bthe weekend that comes\b", re.IGNORECASE), "the coming weekend"),
    (
        re.compile(r"\b(?:the )?((?:mon|tues|wednes|thurs|fri|satur|sun)day) that comes\b", re.IGNORECASE),
        r"the coming \1",
    ),
    (re.compile(r"\bthe (\d|two|three|four) first (days|weeks|months)\b", re.IGNORECASE), r"the first \1 \2"),
    (re.compile(r"\bin a couple (?:of )?days\b", re.IGNORECASE), "in 2 days"),
    (
        re.compile(r"\bquarter (one|two|three|four)\b", re.IGNORECASE),
        lambda m: "Q" + _QUARTER_WORDS[m[1].lower()],
    ),
    (re.compile(r"\ba week ago yesterday\b", re.IGNORECASE), "8 days ago"),
    (
        re.compile(
            r"\b(yesterday|today) (or|and|n) the day before\b(?! (?:yesterday|that|it)\b)", re.IGNORECASE
        ),
        r"\1 \2 the day before yesterday",
    ),
    (
        re.compile(r"\b(last|this|next) month,? on the (\d{1,2}(?:st|nd|rd|th))\b", re.IGNORECASE),
        r"the \2 of \1 month",
    ),
    (re.compile(r"\bearlier (?:on )?in the week\b", re.IGNORECASE), "earlier this week"),
    (re.compile(r"\bthe day before last\b", re.IGNORECASE), "the day before yesterday"),
    (
        re.compile(
            r"\b(\d|two|three|four) ((?:mon|tues|wednes|thurs|fri|satur|sun)days) before\b", re.IGNORECASE
        ),
        r"\1 \2 ago",
    ),
    (
        re.compile(
            r"(?<!\bthe )(?<!\bthis )\bcoming (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"the coming \1day",
    ),
    (
        re.compile(r"(?<!\bthe )(?<!\bthis )\bcoming (sat|sun|mon|tue|wed|thu|fri)\b", re.IGNORECASE),
        lambda m: f"the coming {_FULL_DAY[m[1].lower()]}",
    ),
    (
        re.compile(
            r"\bnext to next (week|month|year|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE
        ),
        r"the \1 after next",
    ),
    (re.compile(r"\bthe fortnight (?:just gone|just passed)\b", re.IGNORECASE), "the past fortnight"),
    (
        re.compile(
            r"\bfrom (the \d{1,2}(?:st|nd|rd|th)) (?=till now|until now|to now|to date|to today)",
            re.IGNORECASE,
        ),
        r"since \1 ",
    ),
    (
        re.compile(
            r"\b(this|last|next) week (?:in|on) the (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"\1 week \2day",
    ),
    (
        re.compile(
            r"\b(?:on )?the (last|this|next) week (mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE
        ),
        r"\1 week \2day",
    ),
    (
        re.compile(
            r"\blast year(?:,)? (?:this|the) same month\b|\b(?:the )?same month (?:of )?last year\b",
            re.IGNORECASE,
        ),
        "this month last year",
    ),
    (
        re.compile(
            r"\bthe same day (?:of )?last year\b|\blast year(?:,)? (?:this|the) same day\b", re.IGNORECASE
        ),
        "this day last year",
    ),
    (re.compile(r"\b(?:in )?(?:the )?last year (?:in )?the end\b", re.IGNORECASE), "the end of last year"),
    (
        re.compile(rf"\b(?:in )?(?:the )?previous year ((?:{_MONTHS})(?: \d{{1,2}})?)\b", re.IGNORECASE),
        r"\1 last year",
    ),
    (
        re.compile(
            rf"\b(?:in )?(?:the )?(last|this) year,? (?:in )?"
            rf"(?!(?:{_MONTHS}) (?:\d{{1,2}}(?:st|nd|rd|th)?|first|second|third|fourth|last) (?:week|half)\b)"
            rf"((?:{_MONTHS})(?: \d{{1,2}}(?:st|nd|rd|th)?)?)\b",
            re.IGNORECASE,
        ),
        r"\2 \1 year",
    ),
    (
        re.compile(
            r"\b(?:in )?(last|this|next) month(?:'s)? (?:the )?(first|last) (day|week|half)\b", re.IGNORECASE
        ),
        r"the \2 \3 of \1 month",
    ),
    (
        re.compile(
            r"\b(?:in )?(?:the )?(last|this|next) month(?:'s)? (first|last|second) (day|week|half)\b",
            re.IGNORECASE,
        ),
        r"the \2 \3 of \1 month",
    ),
    (
        re.compile(
            r"\b(?:in )?(this|last) year(?:'s)? first (\d+|two|three|four|five|six) months\b", re.IGNORECASE
        ),
        r"the first \2 months of \1 year",
    ),
    (re.compile(r"\bthe (\d{1,2}) of (this|last|next) month\b", re.IGNORECASE), r"the \1th of \2 month"),
    (
        re.compile(
            r"\bafter (\d+|a|one|two|three|four|five|six) (weeks?|months?)\b"
            r"(?! (?:of|from|in|at|before|after|the)\b)",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    (re.compile(r"\b(\d+|a|one|two|three) (week|day)s? before today\b", re.IGNORECASE), r"\1 \2s ago today"),
    (
        re.compile(
            r"\bfrom (\d+|a|one|two|three|four|five|six|seven|ten) (days?|weeks?)\b"
            r"(?! (?:ago|back|before|after|later|from|to|of|in)\b)",
            re.IGNORECASE,
        ),
        r"since \1 \2",
    ),
    (
        re.compile(r"\b(\d+|one|two|three|four) (weeks?) before,? on (\w+day)\b", re.IGNORECASE),
        r"\1 \2 ago \3",
    ),
    (re.compile(r"\b(?:in|on) (?:the )?valentine\b(?!'?s)", re.IGNORECASE), "on valentine's day"),
    (
        re.compile(
            r"\bthe (prior|preceding|previous) (\d+|two|three|four|five|six|seven|ten|fortnight)\b"
            r"(?! (?:years?)\b)",
            re.IGNORECASE,
        ),
        r"the past \2",
    ),
    (
        re.compile(r"\bthe (\d+|two|three|four|five|six) (days|weeks|months) prior\b", re.IGNORECASE),
        r"the past \1 \2",
    ),
    (
        re.compile(
            r"\b(?:this past|the previous) quarter\b|\bthe quarter (?:that )?just (?:ended|gone|finished)\b",
            re.IGNORECASE,
        ),
        "last quarter",
    ),
    (
        re.compile(rf"\bthe (\d{{1,2}}(?:st|nd|rd|th)) day of (?=(?:{_MONTHS})\b)", re.IGNORECASE),
        r"the \1 of ",
    ),
    (
        re.compile(r"\b(last|this|next) (?:year|yr)'?s? (q[1-4]|h[12])\b(?! close)", re.IGNORECASE),
        r"\2 \1 year",
    ),
    (
        re.compile(r"\b(last|this|next) (?:year|yr)'?s? (q[1-4]) close\b", re.IGNORECASE),
        r"the \2 close \1 year",
    ),
    (
        re.compile(
            r"\bbetween ((?:\w+ ){1,3}?\w+) and (?=(?:the )?\d{1,2}(?:st|nd|rd|th)\b"
            r"|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b(?!,? ?(?:19|20)\d{2}))",
            re.IGNORECASE,
        ),
        r"from \1 to ",
    ),
    (
        re.compile(
            r"\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) (or|and|n|&) "
            r"(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\b",
            re.IGNORECASE,
        ),
        lambda m: f"{_FULL_DAY[m[1].lower()]} {m[2]} {_FULL_DAY[m[3].lower()]}",
    ),
    (
        re.compile(
            r"\bin (?=(?:[12]\d|3[01])/(?:0?[1-9]|1[0-2])\b(?!/)"
            r"|(?:0?[1-9]|1[0-2])/(?:1[3-9]|2\d|3[01])\b(?!/))",
            re.IGNORECASE,
        ),
        "on ",
    ),
    (
        re.compile(
            rf"\bin ((?:{_MONTHS}) \d{{1,2}}(?:st|nd|rd|th)?)\b"
            r"(?! ?(?:am|pm|:|\d)| (?:weeks?|half|fortnight|weekend)\b)",
            re.IGNORECASE,
        ),
        r"on \1",
    ),
)
"""Word orders of English as people who learned it write it, as the rules read them: "the day before
of yesterday", "tomorrow's day after", "the month passed", "the previous to previous sunday", "the mid
of", "sunday coming", "this week in the saturday", "last year this same month", "last year in the
end", "last year december 31", "last month last day", "this year first 3 months", "the 3 of this month", "the
3 last days of March", "one month before today", "the yesterday's yesterday", "the weekend which just
finish", "last month in its middle"."""
_EN_LEARNED_HINT = re.compile(
    # One word boundary in front of every branch: at most positions the search fails at once. It
    # reads the lowercased query (a case-blind search of this many branches costs three times as much).
    r"\b(?:"
    + "|".join(
        (
            r"before (?:of|today|the last one)\b",
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)?day (?:after|before|coming|of)\b",
            "passed",
            "went by",
            "previous",
            r"mid of\b",
            "weekend coming",
            r"month[- ]?end\b",
            r"these \w+ days\b",
            r"half (?:a )?month\b",
            r"last one\b",
            r"(?:week|month) before this\b",
            "next tomorrow",
            r"this aft\b",
            r"on new year\b",
            r"month,? (?:in )?the (?:starting|beginning|start)\b",
            r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* month\b",
            r"from (?:the )?\d{1,2}(?:st|nd|rd|th) (?:till|until|to|thru|through) (?:today|now)\b",
            r"the same (?:day|date) (?:of )?last month\b",
            r"(?:yesterday|tomorrow)'?s (?:yesterday|tomorrow)\b",
            r"the \w+ (?:last|first) (?:days|weeks)\b",
            r"(?:day|week|month|year)s? before today\b",
            r"week,? since\b",
            r"(?:after|before) the (?:tomorrow|yesterday)\b",
            r"before the last\b",
            r"this year'?s?,? (?:the )?(?:spring|summer|fall|autumn|winter)\b",
            r"(?:this|last) year,? (?:the |in the )?(?:first|second|third|fourth|1st|2nd|3rd|4th) quarter\b",
            r"(?:days?|weeks?|months?|years?) before\b",
            r"long (?:time )?ago\b",
            r"just past\b",
            r"dated \d",
            r"(?:at|the) year[- ]end\b",
            r"trailing \w+ days\b",
            r"l\d{1,3}d\b",
            r"[a-z]{1,3}\d?\.? ?['’]\d{2}\b",
            r"[a-z]{3,9}'s (?:final|last) (?:wk|week)\b",
            r"month,? in (?:its|the)\b",
            r"weekend (?:that |which )?(?:has |had )?(?:just )?(?:passed|went|finish|ended|gone)",
            r"weekend just gone\b",
            r"year[- ]end\b",
            r"between (?:xmas|christmas)\b",
            r"a year ago this week\b",
            r"these \w+ weeks\b",
            r"(?:19|20)\d{2} (?:ending|end)\b",
            r"or the day (?:after|before)\b",
            r"all of\b",
            r"the (?:week|month|year) before(?: that)?\b",
            r"the day before the day before\b",
            r"in a couple\b",
            r"calendar (?:month|year|week|quarter)\b",
            r"month'?s? (?:final|last)\b",
            r"back half of\b",
            r"this whole week\b",
            r"last week end\b",
            r"until now\b",
            r"after (?:tmrw|tmr|tomorow|tomorrow)\b",
            r"(?:last|past) half\b",
            r"(?:in|on) valentine\b",
            r"the \d{1,2}(?:st|nd|rd|th),? (?:last|this|next) month\b",
            r"(?:night|nite|morning|evening) before last\b",
            r"the last (?:year|week|days|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b",
            r"before[- ]yesterday\b",
            r"trimester\b",
            r"'s (?:final|last) day\b",
            r"this (?:date|very day) last\b",
            r"the day \d",
            r"the \d{1,2} of the month\b",
            r"passed weekend\b",
            r"\w+ that comes\b",
            r"the \w+ first (?:days|weeks|months)\b",
            r"(?:last|this) year,? in\b",
            r"in a couple\b",
            r"quarter (?:one|two|three|four)\b",
            r"a week ago yesterday\b",
            r"(?:yesterday|today) (?:or|and|n) the day before\b",
            r"(?:last|this|next) month,? on the\b",
            r"earlier (?:on )?in the week\b",
            r"the day before last\b",
            r"just (?:finish|ended|gone)",
            r"(?:\d|two|three|four) \w+days before\b",
            r"previous year\b",
            r"coming\b",
            "next to next",
            "fortnight",
            r"from (?:the \d|\w+ (?:days?|weeks?)\b)",
            r"weeks? (?:in the|on the|(?:mon|tues|wednes|thurs|fri|satur|sun)day|before,? on)\b",
            r"same (?:month|day)\b",
            r"the (?:end\b|\d{1,2} of\b|valentine\b)",
            r"(?:last|this) year [a-z]{3,9}\b",
            r"month(?:'s)? (?:the )?(?:first|last|second)\b",
            r"year(?:'s)? first\b",
            r"after \w+ (?:weeks?|months?)\b",
            r"in (?:\d{1,2}/\d|[a-z]{3,9} \d)",
            r"(?:year|yr)'?s? [qh]\d",
            r"between\b",
            r"prior\b",
            r"preceding\b",
            "quarter",
            r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun) (?:or|and|n|&) ",
        )
    )
    + ")"
)

_COUNT = (
    r"(\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
)
_MANY = r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
"""A count that is more than one ("there is a day I will never forget" counts nothing back)."""
_UNIT = r"((?:day|week|month|year)s?)"
_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_CLAUSE_GOES_ON = (
    r"(?=\s*(?:[,.;!?]|$|(?:i|we|you|u|he|she|they|my|our|did|do|was|were|is|are|will"
    r"|what|when|where|how|who)\b))"
)
"""What follows a time phrase that ends its clause ("the week last, I went", "the friday next we meet")."""


def _nth(number: int | str) -> str:
    """1 or "1" → "1st", 2 → "2nd", 11 → "11th", 23 → "23rd"."""
    day = int(number)
    suffix = "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


_CLAUSE_START = r"(?:^|(?<=[,;!?] )|(?<=[,;!?]))"
"""The start of the query or of a clause in it."""
_SINCE_WHAT = (
    rf"(?:(?:last|this) )?{_WEEKDAY}|yesterday|last (?:night|week|month|year)|(?:this )?morning"
    r"|(?:the )?\d{1,2}(?:st|nd|rd|th)"
)
"""What "from … onwards" starts from."""
_COUNTED_BACK = r"(?=\s*(?:[,.;!?]|$|(?:that|since|i|we|you|u|he|she|they|my|our|me|did)\b))"
"""What follows "there is 10 days" when it counts back from today (not "there is 10 days left")."""
_WORDS_ABROAD = {
    # Indonesian, Tagalog and Hindi time words in English text (the longer first)
    "kemarin lusa": "the day before yesterday", "kemarin": "yesterday", "kemaren": "yesterday",
    "besok": "tomorrow", "minggu lalu": "last week", "bulan lalu": "last month", "tahun lalu": "last year",
    "minggu depan": "next week", "bulan depan": "next month", "tahun depan": "next year", "hari ini": "today",
    "kamakalawa": "the day before yesterday", "noong isang linggo": "last week",
    "noong isang buwan": "last month", "noong isang taon": "last year", "pichle hafte": "last week",
    "pichhle hafte": "last week", "agle hafte": "next week", "pichle mahine": "last month",
    "pichhle mahine": "last month", "agle mahine": "next month", "pichle saal": "last year",
    "pichhle saal": "last year",
    # and the misspellings of learners' typing
    "comming": "coming", "upcomming": "upcoming", "frist": "first", "secound": "second", "wek": "week",
    "befor": "before", "sinse": "since", "ther": "there",
}  # fmt: skip
"""Words of other languages and learners' misspellings, as the English the rules read."""
_WORD_ABROAD = re.compile(r"(?<![A-Za-z])(?:" + "|".join(_WORDS_ABROAD) + r")(?![A-Za-z])", re.IGNORECASE)
_EN_ABROAD: tuple[tuple[re.Pattern[str], _Replacement], ...] = (
    (_WORD_ABROAD, lambda m: _WORDS_ABROAD[m.group(0).lower()]),
    # French "il y a 10 jours", Spanish "hace", Portuguese "faz": "there is 10 days", "it makes 2 weeks" — a
    # count back from today, as "10 days ago" ("there are 3 days left", "there are 7 days in a week" are not)
    (
        re.compile(
            rf"\b(?:there is|there'?s|theres) {_MANY} {_UNIT}" + _COUNTED_BACK,
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    (
        re.compile(rf"\b(?:(?:it )?makes?|it has) {_COUNT} {_UNIT}" + _COUNTED_BACK, re.IGNORECASE),
        r"\1 \2 ago",
    ),
    (re.compile(rf"\bthere are {_MANY} {_UNIT}(?=\s*(?:[,.;!?]|$))", re.IGNORECASE), r"\1 \2 ago"),
    # "it's been 3 days since I called", "2 weeks have passed since the surgery": that many back
    (
        re.compile(
            rf"\b(?:it'?s|it is|it has been|it'?s been|its been) {_COUNT} {_UNIT} since\b"
            rf"|\b{_COUNT} {_UNIT} (?:have |has )?(?:passed|gone by|went by) since\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1] or m[3]} {m[2] or m[4]} ago, since",
    ),
    # Hindi "aaj se 7 din pehle", and "one week before from today": the day that many back
    (
        re.compile(rf"\b{_COUNT} {_UNIT},? (?:before|back|ago),? from (?:today|now)\b", re.IGNORECASE),
        r"\1 \2 ago today",
    ),
    (
        re.compile(rf"\bfrom (?:today|now),? {_COUNT} {_UNIT} (?:before|back|ago)\b", re.IGNORECASE),
        r"\1 \2 ago today",
    ),
    # "till yesterday from monday", "up to now from the 5th": the span said end first
    (
        re.compile(
            r"\b(?:till|until|til|upto|up to|up till|up until) (today|now|yesterday|date),? "
            rf"(?:starting )?from ((?:(?:last|this|the) )?{_WEEKDAY}"
            r"|(?:the )?\d{1,2}(?:st|nd|rd|th)(?: of (?:this|last) month)?)\b",
            re.IGNORECASE,
        ),
        r"from \2 till \1",
    ),
    (
        re.compile(r"\b(?:upto|up to|up till|up until) (?=(?:today|now|yesterday|date)\b)", re.IGNORECASE),
        "till ",
    ),
    (re.compile(r"\b(till|until|til) date\b", re.IGNORECASE), r"\1 today"),
    # "from 3 months", "since 2 years" (Hindi "3 mahine se", German "seit"): the last 3 months to today
    (
        re.compile(
            rf"\bfrom {_COUNT} ((?:month|year)s?)\b"
            r"(?! (?:ago|back|before|after|later|from|to|of|in|now|old|age)\b)",
            re.IGNORECASE,
        ),
        r"since \1 \2",
    ),
    # "the upcoming friday", "the friday which is coming", "the next friday that will come": the coming one
    (re.compile(rf"\b(?:the |this )?upcoming (?=(?:{_WEEKDAY}|weekend)\b)", re.IGNORECASE), "the coming "),
    (
        re.compile(
            rf"\b(?:the )?(?:next )?({_WEEKDAY}|weekend) (?:that|which) (?:is coming|will come|comes)\b",
            re.IGNORECASE,
        ),
        r"the coming \1",
    ),
    # "this friday that passed", Nigerian Pidgin "the friday wey pass": the latest such day before today
    (
        re.compile(
            rf"(?<!\band )(?<!\bor )(?<!& )\b(?:this |the )?({_WEEKDAY}) (?:that|which|wey) "
            r"(?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            re.IGNORECASE,
        ),
        r"this past \1",
    ),
    (
        re.compile(
            r"\b(?:this |the )?weekend (?:that|which|wey) "
            r"(?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            re.IGNORECASE,
        ),
        "last weekend",
    ),
    # "the last week's saturday" (Japanese 先週の土曜日, Russian "на прошлой неделе в субботу"): of last week
    (
        re.compile(rf"\bthe (?:last|past|previous) week'?s ({_WEEKDAY})\b", re.IGNORECASE),
        r"last week's \1",
    ),
    # "2 days after" said alone (Korean 2일 후, Japanese 2日後): that day ahead, as "2 days later"
    (
        re.compile(
            rf"\b{_COUNT} (days?) after(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our|will)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 later",
    ),
    # "before few days", "before some days": as "a few days ago" (the 5 days before today)
    (re.compile(r"\bbefore (?:a )?(?:few|some|several) days\b", re.IGNORECASE), "a few days ago"),
    # "last-last week", "next-next friday": as "last last", "next next"; "last-to-last": as "last to last"
    (re.compile(r"\b(last|next)-(?:last|next)\b", re.IGNORECASE), r"\1 \1"),
    (re.compile(r"\b(last|next)-to-(?:last|next)\b", re.IGNORECASE), r"\1 to \1"),
    # "last to last weekend", "last last quarter", "next to next weekend": the one before last / after next
    (
        re.compile(r"\b(?:last to last|last last|previous to previous) (weekend|quarter)\b", re.IGNORECASE),
        r"the \1 before last",
    ),
    (re.compile(r"\b(?:next to next|next next) (weekend|quarter)\b", re.IGNORECASE), r"the \1 after next"),
    # "the month that comes", "the 15th that comes": as "the coming month", "the coming 15th"
    (
        re.compile(
            r"\bthe (week|month|year|\d{1,2}(?:st|nd|rd|th)) (?:that|which) (?:comes|is coming)\b", re.I
        ),
        r"the coming \1",
    ),
    # Italian "l'altro ieri": "the other yesterday", the day before yesterday
    (re.compile(r"\bthe other yesterday\b", re.IGNORECASE), "the day before yesterday"),
    # "for 3 days now", "for 2 months now": the last 3 days / 2 months to today, as "since 3 days"
    (re.compile(rf"\bfor {_COUNT} {_UNIT} now\b", re.IGNORECASE), r"since \1 \2"),
    # "3 days earlier" said alone: as "3 days ago"
    (
        re.compile(
            rf"\b{_COUNT} {_UNIT} earlier(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "the week which went", "the month that went": last week, last month
    (
        re.compile(
            r"\bthe (week|month|year) (?:that|which) went\b"
            r"(?! (?:well|badly|by|to|on|fast|slowly|so|wrong|ok)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    # "previous of previous week", "last of last month": the one before last
    (
        re.compile(
            r"\b(?:the )?(?:previous|last) (?:of|before) (?:the )?(?:previous|last) (week|month|year)\b", re.I
        ),
        r"the \1 before last",
    ),
    # "at weekend", "on weekend" (no article): as "at the weekend"
    (re.compile(r"\b(at|on|in|over|during) weekend\b(?!s)", re.IGNORECASE), r"\1 the weekend"),
    # "between monday and now": from Monday to today
    (
        re.compile(
            rf"\bbetween ((?:(?:last|this) )?{_WEEKDAY}|the \d{{1,2}}(?:st|nd|rd|th)) and (now|today)\b",
            re.IGNORECASE,
        ),
        r"from \1 till \2",
    ),
    # "on march" (Spanish "en marzo", Russian "в марте"): as "in march" (not "on march 5")
    (
        re.compile(
            r"\bon ((?:january|february|march|april|june|july|august|september|october|november|december))\b"
            r"(?!'| ?\d| the \d)",
            re.IGNORECASE,
        ),
        r"in \1",
    ),
    # "this year starting", "the starting of this month": its start
    (
        re.compile(
            r"\b(this|last|next) year,? (?:in the )?(?:starting|beginning|start)\b"
            r"(?! (?:from|in|on|with|salary)\b)",
            re.IGNORECASE,
        ),
        r"the start of \1 year",
    ),
    (re.compile(r"\b(?:the )?starting of\b", re.IGNORECASE), "the start of"),
    (
        re.compile(r"\b(?:in )?(?:this|the) whole (?:of (?:the |this )?)?quarter\b", re.IGNORECASE),
        "this quarter",
    ),
    # "2 days hence": that day ahead
    (re.compile(rf"\b{_COUNT} {_UNIT} hence\b", re.IGNORECASE), r"\1 \2 from now"),
    # "the weekend past" (Spanish "el fin de semana pasado"): the latest weekend begun
    (re.compile(r"\bthe weekend past\b", re.IGNORECASE), "the past weekend"),
    # "the weekend of the last week": last week's weekend
    (
        re.compile(r"\bthe weekend of (?:the )?(?:last|previous|past) week\b", re.IGNORECASE),
        "last week's weekend",
    ),
    (re.compile(r"\bthe weekend of (?:the )?(this|next) week\b", re.IGNORECASE), r"\1 week's weekend"),
    # "last month the 15", "this month 3" (a day with no "th"): that day of that month
    (
        re.compile(
            r"\b(last|this|next) month,? (?:the |on the |on )?([12]?\d|3[01])\b"
            r"(?! ?(?:st|nd|rd|th|days?|weeks?|months?|times?|hours?|hrs?)\b| ?%)",
            re.I,
        ),
        lambda m: f"the {_nth(m[2])} of {m[1]} month",
    ),
    # "from the beginning of the year, …" said first (no end said): since then ("my a1c from the beginning of
    # the month" is a reading of those days)
    (
        re.compile(
            _CLAUSE_START + r"from the (?:beginning|start|starting) of (the|this) (year|month|week|quarter)\b"
            r"(?! (?:to|till|until|through|thru|up)\b)",
            re.IGNORECASE,
        ),
        r"since the start of \1 \2",
    ),
    # "this week's weekend", "next week weekend" (Japanese 今週の週末, Korean 이번 주 주말): that weekend
    (re.compile(r"\b(this|last|next) week'?s? weekend\b", re.IGNORECASE), r"\1 weekend"),
    # "2 weeks after" said alone (Korean 2주 후): as "in 2 weeks"
    (
        re.compile(
            rf"\b{_COUNT} ((?:week|month)s?) "
            r"(?:after(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our|will)\b))"
            r"|later(?=\s*(?:[,.?!]|$|(?:i|we) will\b)))",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    # French word order: "the week last" (la semaine dernière), "the month next", "the friday next"
    (
        re.compile(r"\bthe (week|month|year) (last|next)\b" + _CLAUSE_GOES_ON, re.IGNORECASE),
        r"\2 \1",
    ),
    (
        re.compile(rf"\b(?:the )?({_WEEKDAY}) next\b" + _CLAUSE_GOES_ON, re.IGNORECASE),
        r"next \1",
    ),
    # "yesterday's previous day", "tomorrow's next day"; "2 days before of today"
    (re.compile(r"\byesterday'?s? (?:previous|prior) day\b", re.IGNORECASE), "the day before yesterday"),
    (re.compile(r"\btomorrow'?s? (?:next|following) day\b", re.IGNORECASE), "the day after tomorrow"),
    (re.compile(r"\b(before|after) of (today|yesterday|tomorrow)\b", re.IGNORECASE), r"\1 \2"),
    # "this night" (Spanish "esta noche"): tonight
    (re.compile(r"\b(?:in |on )?this night\b", re.IGNORECASE), "tonight"),
    # "these last days", "few days before" said alone: as "the past few days", "a few days ago"
    (re.compile(r"\bthese last (?:few )?days\b", re.IGNORECASE), "the past few days"),
    (
        re.compile(
            r"\b(?:a )?(?:few|some|several) days before"
            r"(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        "a few days ago",
    ),
    # "before 2 hours", "3 hours back": as "2 hours ago"
    (
        re.compile(r"\bbefore (\d{1,2}|an|one|two|three|four|five|six) (hours?|hrs?)\b", re.IGNORECASE),
        r"\1 \2 ago",
    ),
    (
        re.compile(
            r"\b(\d{1,2}|an|one|two|three|four|five|six) (hours?|hrs?) (?:back|before)"
            r"(?=\s*(?:[,.?!]|$|(?:i|we|you|u|he|she|they|my|our)\b))",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "from monday onwards"; said first, "from yesterday I have fever", "from morning …" (Hindi "kal se"):
    # since then ("the photos from yesterday, I want them" is not this)
    (
        re.compile(
            rf"\bfrom ({_SINCE_WHAT}) ?onwards?\b|{_CLAUSE_START}from ({_SINCE_WHAT})"
            r"(?=,? (?:i|we|my|he|she|they|it|there)\b)",
            re.IGNORECASE,
        ),
        lambda m: f"since {m[1] or m[2]}",
    ),
    (re.compile(r"\bsince morning\b", re.IGNORECASE), "since this morning"),
    # "2days ago", "before2 days", "las week": a lost space, a lost letter
    (re.compile(r"\b(\d{1,3})(days?|weeks?|months?|years?|hrs?|hours?|wks?)\b", re.IGNORECASE), r"\1 \2"),
    (re.compile(r"\b(before|after|since|in|past|next)(\d{1,3}) ", re.IGNORECASE), r"\1 \2 "),
    (re.compile(rf"\blas (week|month|year|night|weekend|{_WEEKDAY})\b", re.IGNORECASE), r"last \1"),
    # "at the end of the last week" (a part of it): as "of last week" ("over the course of the last week"
    # is the last 7 days)
    (re.compile(r"(?<!\bcourse )\bof the (?:last|previous|past) week\b", re.IGNORECASE), "of last week"),
    # "last year at this time", "this time of last month": as "this time last year"
    (
        re.compile(
            r"\b(?:at )?this (?:same )?time of (?:the )?last (week|month|year)\b"
            r"|\blast (week|month|year),? (?:at |in )?this (?:same )?time\b",
            re.IGNORECASE,
        ),
        lambda m: f"this time last {m[1] or m[2]}",
    ),
    # "the previous day of yesterday", "the next day of tomorrow"
    (
        re.compile(r"\bthe (?:previous|prior) day (?:of|to|from) (yesterday|tomorrow)\b", re.IGNORECASE),
        r"the day before \1",
    ),
    (
        re.compile(r"\bthe (?:next|following) day (?:of|to|from) (yesterday|tomorrow)\b", re.IGNORECASE),
        r"the day after \1",
    ),
)
"""Calques of English as people who learned it write it (the twenty-sixth round): "there is 10 days", "one
week before from today", "till yesterday from monday", "from 3 months", "the friday which is coming"."""
_EN_ABROAD_NEEDS = (
    (
        "kemar",
        "besok",
        "minggu",
        "bulan",
        "tahun",
        "hari ini",
        "kamakalawa",
        "noong",
        "pich",
        "agle",
        "comming",
        "frist",
        "secound",
        "wek",
        "befor",
        "sinse",
        "ther",
    ),
    ("there",),
    ("make", "it has"),
    ("there are",),
    ("since",),
    ("from today", "from now"),
    ("from today", "from now"),
    ("from",),
    ("upto", "up to", "up till", "up until"),
    ("date",),
    ("from",),
    ("upcoming",),
    ("come", "coming"),
    ("pass", "went by", "gone"),
    ("pass", "went by", "gone"),
    ("week",),
    ("after",),
    ("before",),
    ("-",),
    ("-to-",),
    ("weekend", "quarter"),
    ("weekend", "quarter"),
    ("come", "coming"),
    ("other yesterday",),
    (" now",),
    ("earlier",),
    ("went",),
    ("previous", "last"),
    ("weekend",),
    ("between",),
    ("on ",),
    ("start", "beginning"),
    ("starting of",),
    ("whole",),
    ("hence",),
    ("weekend past",),
    ("weekend of",),
    ("weekend of",),
    ("month",),
    ("from the",),
    ("weekend",),
    ("after", "later"),
    ("the week", "the month", "the year"),
    ("day next",),
    ("yesterday",),
    ("tomorrow",),
    ("before of", "after of"),
    ("this night",),
    ("these last",),
    ("days before",),
    ("hour", "hr"),
    ("hour", "hr"),
    ("from",),
    ("since morning",),
    ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
    ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
    ("las ",),
    ("of the last week", "of the previous week", "of the past week"),
    ("this time", "this same time"),
    ("previous day", "prior day"),
    ("next day", "following day"),
)
"""For each rewrite of _EN_ABROAD, in order, words one of which the lowercased query holds when it can apply
(a rewrite is tried only then: the table is long and most of it is idle on any one query)."""
assert len(_EN_ABROAD_NEEDS) == len(_EN_ABROAD)


def _abroad(query: str) -> str:
    """`query` with the rewrites of _EN_ABROAD that may apply to it applied, in order."""
    rows = zip(_EN_ABROAD_NEEDS, _EN_ABROAD, strict=True)
    return _where_words(query, ((needs, pattern, replacement) for needs, (pattern, replacement) in rows))


_EN_ABROAD_HINT = re.compile(
    # As _EN_LEARNED_HINT: one word boundary in front of every branch, read on the lowercased query.
    r"\b(?:"
    + "|".join(
        (
            r"(?:there(?: is| are|'?s)|theres|makes?|it has) \w+ (?:day|week|month|year)",
            r"from (?:today|now)\b",
            r"(?:day|week|month|year)s? (?:(?:have |has )?(?:passed|gone by|went by) )?since\b",
            r"from \w+ (?:month|year)",
            r"(?:till|until|til|upto|up to|up till|up until) (?:today|now|yesterday|date)\b",
            r"upcoming\b",
            r"(?:that|which) (?:is coming|will come|comes|went)\b",
            r"(?:previous|prior|next|following) day (?:of|to|from)\b",
            r"(?:that|which|wey) (?:has |don |is )?(?:just )?(?:passed|pass|went by|gone)\b",
            r"week'?s? (?:\w+day|weekend)\b",
            r"days? after\b",
            r"before (?:a )?(?:few|some|several) days",
            r"(?:last|next)-",
            r"other yesterday",
            r"(?:day|week|month|year)s? (?:now|earlier|hence)\b",
            r"(?:last|next|previous) (?:to )?(?:last|next|previous) (?:weekend|quarter)\b",
            r"(?:previous|last) (?:of|before) ",
            r"(?:at|on|in|over|during) weekend\b",
            r"between (?:\w+ ){1,2}and (?:now|today)\b",
            r"on (?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)",
            r"year,? (?:in the )?(?:starting|beginning|start)\b",
            r"starting of\b",
            r"whole (?:of (?:the |this )?)?quarter\b",
            r"weekend (?:past|of)\b",
            r"(?:week|month)s? (?:after|later)\b",
            r"the (?:week|month|year) (?:last|next)\b",
            r"(?:mon|tues|wednes|thurs|fri|satur|sun)day next\b",
            r"(?:yesterday|tomorrow)'?s? \w+ day\b",
            r"(?:before|after) of\b",
            r"this night\b",
            r"these last\b",
            r"(?:few|some|several) days before\b",
            r"before \w+ h(?:ou)?rs?\b",
            r"\w+ h(?:ou)?rs? (?:back|before)\b",
            r"since morning\b",
            r"month,? (?:the |on the |on )?\d",
            r"from the (?:beginning|start|starting) of\b",
            r"from \w+(?: \w+)? ?onward",
            r"from (?:\w+ ){0,2}\w+,? (?:i|we|my|he|she|they|it|there)\b",
            r"\d{1,3}(?:day|week|month|year|hr|hour|wk)",
            r"(?:before|after|since|in|past|next)\d",
            r"las ",
            r"(?:kemar[ie]n|besok|minggu|bulan|tahun|hari ini|kamakalawa|noong|pichh?le|agle|(?:up)?comming"
            r"|frist|secound|wek|befor|sinse|ther)\b",
            r"of the (?:last|previous|past) week\b",
            r"this (?:same )?time\b",
        )
    )
    + ")"
)

_UNITS = ("", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth")
_TEENS = (
    "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth",
)  # fmt: skip
_ORDINALS = {word: day for day, word in enumerate(_UNITS) if word} | {
    word: 10 + i for i, word in enumerate(_TEENS)
}
_ORDINALS |= {"twentieth": 20, "thirtieth": 30}
_ORDINALS |= {
    f"{tens}{sep}{unit}": base + day
    for tens, base in (("twenty", 20), ("thirty", 30))
    for day, unit in enumerate(_UNITS)
    if unit and base + day <= 31
    for sep in (" ", "-")
}
_SUFFIX = {1: "st", 2: "nd", 3: "rd", 21: "st", 22: "nd", 23: "rd", 31: "st"}
_ORDINAL_WORDS = "|".join(sorted(_ORDINALS, key=len, reverse=True))
_DAY_ORDINAL = re.compile(
    rf"(?<=\bthe )(?P<o>{_ORDINAL_WORDS})\b"
    # "the first" / "the second" name a day only before "of …", a span word, a correction or the end
    r"(?=\s+of\b|\s+(?:to|till|until|through|thru|and|or|no)\b|\s*(?:[,.?!;:]|$)|\s*[-–]\s*\d"
    # from the fifth on, any "the fifth" names a day unless a noun of order follows
    r"|(?<!\bthe first)(?<!\bthe second)(?<!\bthe third)(?<!\bthe fourth)"
    r"(?!\s+(?:time|floor|grade|row|place|one|ones|half|quarter|week|month|year|day|night|item|step|round|page|chapter|amendment|person|option|attempt)\b))",
    re.IGNORECASE,
)
_MONTH_ORDINAL = re.compile(
    rf"\b(?P<m>{_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec) "
    rf"(?:the )?(?P<o>{_ORDINAL_WORDS})\b",
    re.IGNORECASE,
)
_YEAR_WORDS = {
    "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
    "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "twenty one": 21, "twenty two": 22,
    "twenty three": 23, "twenty four": 24, "twenty five": 25, "twenty six": 26, "twenty seven": 27,
    "twenty eight": 28, "twenty nine": 29, "thirty": 30,
}  # fmt: skip
_YEAR = re.compile(
    r"\b(?:twenty|two thousand(?: and)?) (?P<y>"
    + "|".join(sorted((w.replace(" ", "[ -]") for w in _YEAR_WORDS), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)


_ON_THE_ORDINAL = re.compile(
    r"(?:(?<=\bon the )|(?<=\bsince the )|(?<=\bfrom the )|(?<=\buntil the )|(?<=\btill the ))"
    r"(?P<o>first|second|third|fourth)\b(?=\s+(?:who|what|when|where|which|how|did|do|does|was|were|is|i|we|you|he"
    r"|she|they|it|re|about|at|for|with|my|our)\b)",
    re.IGNORECASE,
)
""""On the third who said …", "since the first what refills …": the first four ordinals after on / since
name a day when a clause goes on after them (not "on the second floor", "the first time")."""
_WEEK_OF_ORDINAL = re.compile(rf"(?<=\bweek of the )(?P<o>{_ORDINAL_WORDS})\b", re.IGNORECASE)
"""An ordinal after "the week of the" names a day whatever follows ("the week of the fourth what did …")."""


def _ordinal(match: re.Match[str]) -> str:
    day = _ORDINALS[re.sub(r"\s+", " ", match["o"].lower())]
    return f"{day}{_SUFFIX.get(day, 'th')}"


def _month_ordinal(match: re.Match[str]) -> str:
    return f"{match['m']} {_ordinal(match)}"


def _year(match: re.Match[str]) -> str:
    return str(2000 + _YEAR_WORDS[re.sub(r"[ -]", " ", match["y"].lower())])


_ZH_HEARD_WRONG = frozenset("做钱里武留出询低添其填各作金名")
_EN_HEARD_WRONG = re.compile(
    r" day\b|\byester |\bto morrow|\bfort night|\bweak\b"
    r"|\b(?:too|for|ate) (?:days?|weeks?|months?|years?) (?:ago|back)",
    re.IGNORECASE,
)
_NUMBER_WORDS = re.compile(
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|teenth|tieth)\b|twenty|thousand",
    re.IGNORECASE,
)
"""Cheap tests that tell whether a query holds anything the substitutions below would change (most
queries hold nothing: each substitution is then skipped)."""


_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}  # fmt: skip
_ONES = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_COUNT_IN_WORDS = re.compile(
    rf"\b(?P<t>{'|'.join(_TENS)})[- ](?P<o>{'|'.join(_ONES)})\b(?= (?:hours?|days?|weeks?|months?|years?)\b)",
    re.IGNORECASE,
)
"""A count in two words before a unit ("twenty-three days ago", "thirty one days"): in digits, as the
rules count it (they read "twenty" or "three", not both)."""


def _count(match: re.Match[str]) -> str:
    return str(_TENS[match["t"].lower()] + _ONES[match["o"].lower()])


_CARDINALS = {
    word: number
    for number, word in enumerate(
        (
            "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
            "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        ),
        start=1,
    )
} | _TENS  # fmt: skip
_CARDINAL = (
    rf"(?:(?:{'|'.join(_TENS)})(?:[- ](?:{'|'.join(_ONES)}))?|"
    + "|".join(sorted((w for w in _CARDINALS if w not in _TENS), key=len, reverse=True))
    + ")"
)


_CARDINAL_FIRST = (
    "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen"
    "|eighteen|nineteen|twenty|thirty"
)
"""The first word of a day's number in words: a cheap hint that a month or "week" is followed by one."""
_MONTH_SHORT = "jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec"


def _cardinal(words: str) -> int:
    """ "twenty eight", "forty-four", "nine": the number."""
    parts = re.split(r"[- ]", words.lower())
    return sum(_CARDINALS[part] for part in parts)


_MONTH_WORDS = (
    r"(?:january|february|march|april|june|july|august|september|october|november|december|(?-i:May)"
    r"|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
)
_NOT_COUNTED = (
    r"(?![- ](?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)\b)(?!-)"
    r"(?! (?:thousand|hundred)\b)"
    r"(?! (?:days?|weeks?|months?|years?|hours?|minutes?|mins?|times|of|am|pm|o'?clock|people|miles?|km"
    r"|kilomet(?:er|re)s?|met(?:er|re)s?|steps|laps|feet)\b)"
)
_FULL_MONTH = {name[:3]: name for name in _MONTHS.split("|")}


def _month_day_words(match: re.Match[str]) -> str:
    """ "dec twenty eight", "june five": the month's whole name and the day in digits (None past 31)."""
    day = _cardinal(match["d"])
    month = match["m"]
    name = _kept_case(month, _FULL_MONTH.get(month.lower()[:3], month))
    if day > 31 or (
        _A_YEAR_GOES_ON.match(match.string, match.end("d")) and match["d"].lower() in ("twenty", "nineteen")
    ):
        return match.group(0)  # "march twenty twenty six" is March 2026
    last = _cardinal(match["e"]) if match["e"] else 0
    if match["j"] and match["j"].lower() == "and":
        # "between october five and twelve": both ends of that month; "october five and six people": the first
        if 0 < last <= 31 and match.string[: match.start()].lower().endswith("between "):
            return f"{name} {day} and {name} {last}"
        last = 0
    tail = f" {match['j']} {last}" if 0 < last <= 31 else (match.group(0)[match.end("d") - match.start() :])
    return f"{name} {day}{tail}"


_A_YEAR_GOES_ON = re.compile(rf"[- ](?:{_CARDINAL})\b", re.IGNORECASE)


def _week_words(match: re.Match[str]) -> str:
    number = _cardinal(match["n"])
    return f"{match['w']} {number}" if number <= 53 else match.group(0)


_MALAY = {"depan": "next", "ini": "this", "ni": "this", "lepas": "last", "lalu": "last", "minggu": "week",
          "bulan": "month", "tahun": "year"}  # fmt: skip
_HABIT_WORDS = re.compile(r"\b(?:always|usually|normally|typically|generally|every|each)\b", re.IGNORECASE)
_EN_TWENTY_SIXTH = (
    # a recogniser's homophones of a count before "ago" ("to days ago", "won week back")
    (
        ("to day", "to week", "to month", "to year", "too day", "too week", "too month", "too year"),
        re.compile(
            r"\b(?:to|too) (?=(?:days?|weeks?|months?|years?) (?:ago|back|later|from now|earlier)\b)", re.I
        ),
        "two ",
    ),
    # "the forth of July", "march forth": the ordinal
    (("forth",), re.compile(r"(?<=\bthe )forth\b", re.IGNORECASE), "fourth"),
    (("forth",), re.compile(rf"\b({_MONTH_WORDS}\.? )forth\b", re.IGNORECASE), r"\1fourth"),
    (("won ",), re.compile(r"\bwon (?=(?:day|week|month|year) (?:ago|back)\b)", re.IGNORECASE), "a "),
    # a web address said aloud ("monday dot com")
    ((" dot ",), re.compile(r"\b([\w-]+) dot (com|io|net|org)\b", re.IGNORECASE), r"\1.\2"),
    # an age said in words ("my daughter is eight this year", "he turns forty-one this year")
    (
        ("this year",),
        re.compile(
            rf"(?:(?<=\bis )|(?<=\bbe )|(?<=\bam )|(?<=\bare )|(?<=\bwas )|(?<='s )|(?<=\bturns )"
            rf"|(?<=\bturning )|(?<=\bturned ))(?P<n>{_CARDINAL})(?= (?:years? old )?this year\b)",
            re.IGNORECASE,
        ),
        lambda m: str(_cardinal(m["n"])),
    ),
    ((" old this year",), re.compile(r"(?<=\d) years? old(?= this year\b)", re.IGNORECASE), ""),
    # a filler set off by commas ("last, uh, Tuesday", "two, um, weeks ago"), once the filler is left out
    ((", ,", ",,"), re.compile(r"\s*,\s*,\s*"), " "),
    # "two or three days ago", "two days ago or three": either count, both read ("a day or two ago")
    (
        (" or ",),
        re.compile(
            r"\b(?P<a>\d{1,2}|two|three|four|five|six|seven|eight|nine) or "
            r"(?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back)\b",
            re.IGNORECASE,
        ),
        r"\g<a> \g<u> \g<w> or \g<b> \g<u> \g<w>",
    ),
    (
        (" or ",),
        re.compile(
            r"\b(?P<a>(?:\d{1,2}|two|three|four|five|six|seven|eight|nine) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back)) or (?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten)\b(?! \w)",
            re.IGNORECASE,
        ),
        r"\g<a> or \g<b> \g<u> \g<w>",
    ),
    # Singapore and Malaysian English: next next Friday, last last Friday
    (
        ("next next",),
        re.compile(r"\bnext next ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE),
        r"the \1 after next",
    ),
    (
        ("last last",),
        re.compile(r"\blast last ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b", re.IGNORECASE),
        r"the \1 before last",
    ),
    # a habit on "the last Friday" ("we always close the books on the last Friday"): of each month
    (
        ("on the last ", "on the final "),
        re.compile(
            r"\bon the (?:last|final) (?:mon|tues|wednes|thurs|fri|satur|sun)day\b(?! of\b| in\b| before\b)",
            re.IGNORECASE,
        ),
        lambda m: m.group(0) + " of the month" if _HABIT_WORDS.search(m.string) else m.group(0),
    ),
    # Malay time words said in English (as "semalam", "minggu lepas" are)
    (
        ("minggu", "bulan", "tahun"),
        re.compile(r"\b(minggu|bulan|tahun) (depan|ini|ni|lepas|lalu)(?![A-Za-z])", re.IGNORECASE),
        lambda m: _MALAY[m[2].lower()] + " " + _MALAY[m[1].lower()],
    ),
    (("hari ini",), re.compile(r"\bhari ini(?![A-Za-z])", re.IGNORECASE), "today"),
    (("kelmarin",), re.compile(r"\bkelmarin(?![A-Za-z])", re.IGNORECASE), "yesterday"),
    (("lusa",), re.compile(r"\blusa(?![A-Za-z])", re.IGNORECASE), "the day after tomorrow"),
    # "ytd" is year to date, but not before a part of the day or after "the day before" (yesterday, as chat
    # in Singapore and Malaysia writes it)
    (("ytd",), re.compile(r"\b(?:the )?day before ytd\b", re.IGNORECASE), "the day before yesterday"),
    (
        ("ytd",),
        re.compile(r"\bytd(?= (?:night|nite|morning|afternoon|evening)\b)", re.IGNORECASE),
        "yesterday",
    ),
    (("tadi",), re.compile(r"\btadi(?![A-Za-z])", re.IGNORECASE), "just now"),
    (("last last",), re.compile(r"\blast last (year|weekend)\b", re.IGNORECASE), r"the \1 before last"),
    (("next next",), re.compile(r"\bnext next weekend\b", re.IGNORECASE), "the weekend after next"),
    # a day of the month in cardinal words after its month ("dec twenty eight", "june five")
    (
        re.compile(rf"\b(?:{_MONTH_SHORT})[a-z]*\.? (?:the )?(?:{_CARDINAL_FIRST})\b"),
        re.compile(
            rf"\b(?P<m>{_MONTH_WORDS})\.? (?:the )?(?P<d>{_CARDINAL})\b{_NOT_COUNTED}"
            rf"(?: ?(?P<j>to|through|thru|till|until|-|–|and) (?:the )?(?P<e>{_CARDINAL})\b{_NOT_COUNTED})?",
            re.IGNORECASE,
        ),
        _month_day_words,
    ),
    # a quarter or a half in words ("q three", "h two")
    (
        ("q one", "q two", "q three", "q four", "h one", "h two"),
        re.compile(
            r"\b([qh]) (one|two|three|four)\b(?! (?:days?|weeks?|months?|years?|hours?|times|of|b|o)\b)", re.I
        ),
        lambda m: (
            m[1].upper() + _QUARTER_WORDS[m[2].lower()]
            if m[1].lower() == "q" or m[2].lower() in ("one", "two")
            else m.group(0)
        ),
    ),
    # an ISO week in words ("week forty four")
    (
        re.compile(rf"\b(?:week|wk) (?:number )?(?:{_CARDINAL_FIRST}|forty|fifty)\b"),
        re.compile(rf"\b(?P<w>week|wk) (?:number )?(?P<n>{_CARDINAL})\b{_NOT_COUNTED}", re.IGNORECASE),
        _week_words,
    ),
    # an ordinal before "of" and a month ("third of march"; not "a third of")
    (
        re.compile(r"(?:first|second|third|th) of (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)"),
        re.compile(
            rf"(?<!\ba )(?<!\bone )(?<!\btwo )(?<!\bthe )(?<!\btwenty )(?<!\bthirty )(?<![a-z]-)"
            rf"\b(?P<o>{_ORDINAL_WORDS}) (?=of (?:{_MONTH_WORDS})\b)",
            re.IGNORECASE,
        ),
        lambda m: _ordinal(m) + " ",
    ),
)
_EN_TWENTY_SIXTH_HINTS = _any_hint(_EN_TWENTY_SIXTH)
_AFTER_A_DAY = (
    # the second end of a span of days in words ("the 1st and seventh", "june 5th to seventh")
    (
        re.compile(
            rf"(?<=\d(?:st|nd|rd|th) )(?P<j>(?:and|to|through|thru|till|until|or|-|–) (?:the )?)"
            rf"(?P<o>{_ORDINAL_WORDS})\b"
            r"(?!\s+(?:time|times|floor|grade|row|place|one|ones|half|quarter|week|month|year|day|night|item|step"
            r"|round|page|chapter|person|option|attempt)\b)",
            re.IGNORECASE,
        ),
        lambda m: m["j"] + _ordinal(m),
    ),
    # a month's day and a later day ("December 28 to 30", "june 5th - 7th"): both of that month
    (
        re.compile(
            r"\b(?P<m>january|february|march|april|may|june|july|august|september|october|november|december)"
            r" (?P<a>\d{1,2}(?:st|nd|rd|th)?) ?(?P<j>to|through|thru|till|until|-|–) ?"
            r"(?P<b>\d{1,2}(?:st|nd|rd|th)?)\b"
            r"(?!\s*(?:am|pm|:|[.,]\d|%|\d)| (?:days?|weeks?|months?|years?|hours?|people|of)\b)",
            re.IGNORECASE,
        ),
        r"\g<m> \g<a> \g<j> \g<m> \g<b>",
    ),
)
_AFTER_A_DAY_HINT = re.compile(
    r"\d(?:st|nd|rd|th)? ?(?:and|to|through|thru|till|until|or|-|–) ", re.IGNORECASE
)
"""The twenty-sixth round's spoken English: a recogniser's "to days ago", "monday dot com"; an age in
words before "this year"; "next next Friday"; Malay "minggu depan"; days and ISO weeks in cardinal words
("dec twenty eight to thirty", "week forty four"); "between the first and seventh"."""


_FILLER = re.compile(r"(?<![A-Za-z'])(?:u+m+|u+h+|e+r+m+|h+m+)(?![A-Za-z'])|嗯+", re.IGNORECASE)
"""Fillers of speech ("um", "uh", "erm", 嗯) between the words of a time expression: left out."""
_STRETCHED = re.compile(r"([a-z])\1{2,}", re.IGNORECASE)
"""A letter held in chat ("friii", "yesterdayyyy", "halloweeen"): one letter, two for e and o ("week",
"tomorrow")."""
_THIS_MO = re.compile(r"\b(this |last |next |mid-?)mo\b", re.IGNORECASE)
_PINYIN = {
    "zuotian": "昨天", "jintian": "今天", "mingtian": "明天", "qiantian": "前天", "houtian": "后天",
    "shangzhou": "上周", "xiazhou": "下周", "zhezhou": "这周", "shanggeyue": "上个月", "zhegeyue": "这个月",
}  # fmt: skip
_PINYIN_WORD = re.compile(r"(?<![A-Za-z])(?:" + "|".join(_PINYIN) + r")(?![A-Za-z])", re.IGNORECASE)
_PINYIN_INITIALS = {"zt": "昨天", "jt": "今天", "mt": "明天"}
_PINYIN_INITIAL = re.compile(r"(?<![A-Za-z])(?:zt|jt|mt)(?![A-Za-z])", re.IGNORECASE)
"""Pinyin for a day or week ("zuotian"), and in Chinese text its initials ("zt跟你说的", "mt要带啥")."""


def _unstretch(match: re.Match[str]) -> str:
    return match.group(1) * (2 if match.group(1).lower() in "eo" else 1)


_FISCAL = (
    (re.compile(r"\bfiscal (?P<k>q[1-4]|h[12]) '?(?P<y>\d{2})\b", re.IGNORECASE), r"\g<k> 20\g<y>"),
    (
        re.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?'?(?P<y>\d{2}(?!\d))\b", re.IGNORECASE
        ),
        r"\g<k> 20\g<y>",
    ),
    (
        re.compile(
            r"\b(?P<k>q[1-4]|h[12])\s*(?:fy|fiscal(?: year)?)\s?(?P<y>(?:19|20)\d{2})\b", re.IGNORECASE
        ),
        r"\g<k> \g<y>",
    ),
    (re.compile(r"\b(?P<n>[12])h'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"H\g<n> 20\g<y>"),
    (re.compile(r"\b(?P<n>[1-4])q'?(?P<y>\d{2})(?![0-9A-Za-z])", re.IGNORECASE), r"Q\g<n> 20\g<y>"),
    (re.compile(r"(?P<y>(?:19|20)\d{2})\s*(?:年度|财年)"), r"\g<y>年"),
    (
        re.compile(r"(?<![A-Za-z])fy ?'?(?P<y>\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE),
        r"20\g<y>年",
    ),
    (
        re.compile(r"(?<![A-Za-z])fy ?(?P<y>(?:19|20)\d{2})(?![0-9])(?=\s*[\u4e00-\u9fff])", re.IGNORECASE),
        r"\g<y>年",
    ),
    (re.compile(r"上一?个?财年"), "去年"),
    (re.compile(r"(?:本|这一?个?|今)财年"), "今年"),
    (re.compile(r"财季"), "季度"),
    (re.compile(r"\b(?:the )?(last|this|next) fiscal year\b", re.IGNORECASE), r"\1 year"),
    (re.compile(r"\bthe fiscal year\b", re.IGNORECASE), "the year"),
    (re.compile(r"\bfy ?'?(\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 20\1"),
    (re.compile(r"\bfy ?((?:19|20)\d{2}) (q[1-4]|h[12])(?![0-9A-Za-z])", re.IGNORECASE), r"\2 \1"),
    (
        re.compile(
            r"\b(?P<p>on|dated|of|from) (?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])\b"
        ),
        r"\g<p> \g<y>-\g<m>-\g<d>",
    ),
    (
        re.compile(r"(?<=时间|日期)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"),
        r"\g<y>-\g<m>-\g<d>",
    ),
    (
        re.compile(
            r"(?<!\d)(?P<y>20\d{2})(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?=那天|当天|这天|那日|那一天)"
        ),
        r"\g<y>-\g<m>-\g<d>",
    ),
)
"""Fiscal notations as the calendar periods they name (fiscal years are calendar years): "Q3 FY26"
as "Q3 2026", "1H26" as "H1 2026", "3Q26" as "Q3 2026", "2025财年" / "2025年度" as "2025年", 上一财年 as
去年; a date of eight digits after "on" ("the call on 20260304") as 2026-03-04."""
_FISCAL_HINT = re.compile(
    r"fy|fiscal|\d[hq]'?\d|财|年度|\b(?:on|dated|of|from) 20\d{6}\b|(?:时间|日期)20\d{6}|20\d{6}(?:那|当|这)",
    re.IGNORECASE,
)


_FULL_WIDTH = str.maketrans(
    {chr(0xFF01 + ord(c) - ord("!")): c for c in string.digits + string.ascii_letters} | {"\u3000": " "}
)
_FULL_WIDTH_HINT = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\u3000]")
_FULL_WIDTH_MARK = re.compile(r"(?<=\d)[／．－](?=\d)")
"""Digits and letters a Chinese keyboard types full width ("３月５号", "Ｑ４", "１２／２５"), as the ASCII
ones the rules read; a slash, dot or dash between two digits too. The Chinese comma and question mark
stay: the rules read those as they are."""


def _narrowed(query: str) -> str:
    query = query.translate(_FULL_WIDTH)
    return _FULL_WIDTH_MARK.sub(lambda m: chr(ord(m.group(0)) - 0xFEE0), query)


def _kept_case(said: str, word: str) -> str:
    """`word` capitalised as the short form `said` was ("Aug" → "August", "fri" → "friday")."""
    return word.capitalize() if said[:1].isupper() else word


_ABBREVIATED_DAY = re.compile(r"\b(?:mon|tue|tues|wed|weds|thu|thur|thurs|fri|sat|sun)\b", re.IGNORECASE)
_OFFICE_HINT = re.compile(
    # read on the lowered query; the lookahead lets a search skip most characters at once
    r"(?=[cyfb财滚wkem.\-\dqh])(?:current|year[- ]?end|ye |fy|back half|财|滚动|week (?:next|last) week|w/e"
    r"|(?:wk|week|cw|kw|ww)(?:\.|-| ?#| no| number)|e\.o\.|c\.o\.b|[-.]t[-.]d|\d(?:[hq] | ?h\b|年|-[a-z]{3})"
    r"|[qh]\d(?: '?\d\d|[-/]\d))"
)


def _undotted(m: re.Match[str]) -> str:
    """ "E.O.W.", "c.o.b.", "y-t-d": the shorthand without its dots or hyphens."""
    if m[1]:
        return f"eo{m[1].lower()}"
    return "cob" if m[2] is None else f"{m[2].lower()}td"


_OFFICE = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\b(?:the )?current (?:fiscal|financial) year\b", "this year"),
        (r"\bnext fy\b(?!-)", "next year"),
        (r"\b(?:the )?current (year|quarter|month|week)\b", r"this \1"),
        (r"\bfy-(?=(?:19|20)?\d{2}\b)", "FY"),
        (r"\b([12])([hq]) (?:fy ?)?'?((?:19|20)\d{2})\b", lambda m: f"{m[2].upper()}{m[1]} {m[3]}"),
        (
            r"\b(q[1-4]|h[12]) '?(1[5-9]|[23]\d)\b(?![\d%/:.]| ?(?:days?|weeks?|months?|years?|hours?|hrs?"
            r"|mins?|minutes?|people|staff|items?|units?|orders?|tickets?|deals?|customers?|accounts?|stores?|x)\b)",
            r"\1 20\2",
        ),
        (r"\bthe back half of the year\b", "the second half of the year"),
        (r"\b(last|past|previous|prior|next|within(?: the)?(?: last| past)?) (\d{1,3}) ?h\b", r"\1 \2 hours"),
        (r"\bend of the week (next|last) week\b", r"end of \1 week"),
        (r"\b(wk|week|cw|kw|ww)(?:\.|-| ?#| no\.?| number) ?(?=\d)", r"\1 "),
        (r"\b([0-3]?\d)-(jan|feb|mar|apr|may|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\b(?![-/]\d)", r"\1 \2"),
        (r"\b(?:e\.o\.([wdmqy])|c\.o\.b|([ymqwh])[-.]t[-.]d)\b\.?", _undotted),
        (r"\b(q[1-4]|h[12])[-/]'?(1[5-9]|[23]\d)\b(?![-/]\d)", r"\1 20\2"),
        (
            r"\b(this|last|next|over the|at the|on the|during the|the) w/e(?:nd)?\b"
            r"(?! *(?:\d|mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))",
            r"\1 weekend",
        ),
        (r"\bw/end\b", "weekend"),
        (r"下一?个?财年", "明年"),
        (r"上半财年|财年上半年", "上半年"),
        (r"下半财年|财年下半年", "下半年"),
        (
            r"(?<![\d])([12]\d)年(?=\s?(?:q[1-4]|h[12]|第?[一二三四1-4]季|上半年|下半年|全年|年底|年初|年中|年末))",
            r"20\1年",
        ),
        (r"(?<![\d])([1-3]\d)(?:财年|财政年度)", r"20\1年"),
        (r"滚动(?:的)?(?=[0-9一二两三四五六七八九十]+个?(?:天|周|星期|礼拜|月))", "近"),
        (r"\b(?:the )?(?:fiscal|financial) year[- ]end\b|\b(?:the )?fy[- ]?end\b", "the end of the year"),
        (r"\bby (?:the )?year[- ]end\b", "by the end of the year"),
        (
            r"\b(?:the )?(?:year[- ]end|ye) (?=(?:close|closing|audit|review|count|stocktake|inventory"
            r"|accounts|reporting|books|numbers|results|crunch|deadline|push|adjustments|accruals)\b)",
            "the end of the year ",
        ),
    )
)
"""Office shorthand (the twenty-sixth round): "the current quarter", "FY-26", "next FY", "2H 2026", "Q1 26",
"the year-end close", "the fiscal year end"."""

_BACK_OFFICE_HINT = re.compile(
    r"\b(?:back|front|latter|former)[- ]half|\b[12]h (?:last|this|next) year"
    r"|week of (?:the|last|this|next) quarter|\b(?:last|this|next|prior|previous) q\b"
    r"|\b(?:wd|bd)[- ]?\d|\bp\d|(?:this|last|next) fiscal\b|(?:early|late) (?:last|this|next) q"
    r"|(?:prior|preceding|previous) \w+ (?:days|weeks|months)|\d ?[dw] (?:ago|back)|\d ?mo\b"
    r"|fortnight (?:of|in)|(?:first|last) (?:two|2|three|3) weeks"
    r"|(?:business|working) day (?:next|last|this) month|\d(?:st|nd|rd|th) (?:wd|bd)\b"
    r"|[\d一二三四]\s*[-~～至到—–]\s*第?[\d一二三四]{1,2}\s*(?:月|季度)|年度|q[1-4]\s*季"
)
_BACK_OFFICE = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # "back half of last year" (no "the"), "the front half of this year": the second / first half
        (
            r"\b(?:the )?(back|front|latter|former)[- ]half of (last|this) year\b",
            lambda m: (
                f"the {'second' if m[1].lower() in ('back', 'latter') else 'first'} half of {m[2]} year"
            ),
        ),
        # "2H last year", "1H this year": as "H2 last year"
        (r"\b([12])h (last|this|next) year\b", r"H\1 \2 year"),
        # "first week of the quarter", "last week of last quarter" ("the" left out): that week of this / that
        # quarter
        (
            r"\b(?:the )?(first|last|final) week of (?:the|(last|this|next)) quarter\b",
            lambda m: f"the {m[1]} week of {m[2] or 'this'} quarter",
        ),
        # "contracts signed this fiscal", "last fiscal's audit": the fiscal year, read as the calendar one
        (
            r"\b(this|last|next) fiscal\b"
            r"(?!-| (?:year|yr|quarter|qtr|q[1-4]?|month|period|week|half|h[12]|calendar)\b)",
            r"\1 year",
        ),
        # "last fiscal quarter", "this fiscal month": that quarter, that month
        (r"\b(this|last|next) fiscal (quarter|qtr|month)\b", r"\1 \2"),
        # "early next quarter", "late last quarter": its first / last month, as "the beginning / end of" it
        (
            r"\b(early|late) (last|this|next) (quarter|qtr)\b",
            lambda m: f"the {'beginning' if m[1].lower() == 'early' else 'end'} of {m[2]} quarter",
        ),
        # "prior 30 days", "previous 4 weeks" ("the" left out): as "the past 30 days"
        (
            r"(?<!\bthe )\b(?:prior|preceding|previous) "
            r"(\d{1,3}|two|three|four|five|six|seven|eight|nine|ten|twelve) (days|weeks|months)\b",
            r"the past \1 \2",
        ),
        # "3d ago", "2w back", "past 3mo", "last 12 mo": days, weeks, months
        (r"\b(\d{1,3}) ?d (ago|back)\b", r"\1 days \2"),
        (r"\b(\d{1,2}) ?w (ago|back)\b", r"\1 weeks \2"),
        (r"\b(last|past|previous|prior|next) (\d{1,2}) ?mo\b(?!['.]?\w)", r"\1 \2 months"),
        (r"\b(\d{1,2}) ?mo (ago|back)\b", r"\1 months \2"),
        # "the first fortnight of December", "final fortnight in September", "first two weeks of next month"
        # ("the" left out): as "the first 2 weeks of December"
        (
            r"\b(?:the )?(first|last|final) fortnight (?:of|in) ",
            lambda m: f"the {'last' if m[1].lower() == 'final' else m[1]} 2 weeks of ",
        ),
        (r"(?<!\bthe )\b(first|last) (two|2|three|3) weeks (?:of|in) ", r"the \1 \2 weeks of "),
        # "last Q", "this Q's", "next Q": the quarter ("next Q&A", "this q-tip" are not)
        # ("the last Q on the form", "my next Q" are a question)
        (r"(?<!\bthe )(?<!\bmy )(?<!\byour )\b(last|this|next|prior|previous) q\b(?![&-])", r"\1 quarter"),
        # "WD3 of next month", "BD2 last month", "next month's WD5": that working day of that month
        (
            r"\b(?:wd|bd)[- ]?([1-9]|1\d|2[0-3])\b(?: of| in)? (?:the )?(last|this|next) month(?:'s)?\b",
            lambda m: f"the {_nth(int(m[1]))} working day of {m[2]} month",
        ),
        # "3rd WD of next month", "the 2nd BD in March": the working day
        (r"\b(?:the )?(\d{1,2})(st|nd|rd|th) (?:wd|bd)\b", r"the \1\2 working day"),
        # "first business day next month", "the 3rd working day last month" ("of" left out)
        (
            r"\b((?:first|last|second|third|fourth|fifth|\d{1,2}(?:st|nd|rd|th)) (?:business|working) day)"
            r" (next|last|this) month\b",
            r"\1 of \2 month",
        ),
        (
            rf"\b(?:wd|bd)[- ]?([1-9]|1\d|2[0-3]) (?:of|in) ({_MONTHS})\b",
            lambda m: f"the {_nth(int(m[1]))} working day of {m[2]}",
        ),
        (
            r"\b(last|this|next) month'?s (?:close (?:calendar |schedule )?)?"
            r"(?:wd|bd)[- ]?([1-9]|1\d|2[0-3])\b",
            lambda m: f"the {_nth(int(m[2]))} working day of {m[1]} month",
        ),
        # "booked in P3", "posted to P11": an accounting period, read as "period 3" (a ticket's P3 is not)
        (
            r"\b(booked|posted|accrued|recorded|recogni[sz]ed|expensed|reversed|capitali[sz]ed|reclassed"
            r"|reclassified|journaled|journalled) (in|to|into|during|for) p(1[0-2]|0?[1-9])\b",
            r"\1 \2 period \3",
        ),
        # "3-5月", "1至9月", "去年1-6月": those months, as "3月到5月" reads them ("3-5个月" counts months)
        (
            r"(?<![\d/.\-])(1[0-2]|0?[1-9])\s*(?:-|~|～|至|到|—|–)\s*(1[0-2]|0?[1-9])\s*月",
            r"\1月到\2月",
        ),
        # "1-3季度", "二至四季度", "第一到第三季度": those quarters
        (
            r"(?<![\d/.\-])第?([1-4一二三四])\s*(?:-|~|～|至|到|—|–)\s*第?([1-4一二三四])\s*季度",
            r"\1季度到\2季度",
        ),
        # "Q3季末", "Q1季初", "q4季度末": as "第3季度末"
        (r"\bq([1-4])\s*季度?(末|初|底|尾|头)", r"第\1季度\2"),
        # "本年度", "上年度", "下一年度": this, last, next year
        (r"(?:本|今)年度", "今年"),
        (r"上一?年度", "去年"),
        (r"下一?年度", "明年"),
    )
)
"""Back-office shorthand (the twenty-sixth round, second wave): "back half of last year", "last Q", "WD3 of
next month", "booked in P3"."""


_TYPED = (
    # "lastweek", "thismonth", "nextweekend": a phone keyboard's lost space
    (
        re.compile(
            r"\b(last|this|next)(week|weekend|month|year|quarter|fortnight|night|morning)\b", re.IGNORECASE
        ),
        r"\1 \2",
    ),
    # "the week end", "next week-end": one word ("the week ending 8 March" is not this)
    (re.compile(r"\bweek[ -]end\b(?!-)", re.IGNORECASE), "weekend"),
    # "last weeks review", "next Fridays call", "last nights shift": the apostrophe left out of a possessive
    # ("the last weeks of term", "the past weeks", "last weeks ago" are plural: left)
    (
        re.compile(
            r"(?<!\bthe )(?<!\bfew )\b((?:last|this|next) "
            r"(?:week|weekend|month|year|quarter|night|(?:mon|tues|wednes|thurs|fri|satur|sun)day)|"
            r"tonight|today|tomorrow|yesterday)s\b(?! (?:ago|back|before|after|of|in)\b)",
            re.IGNORECASE,
        ),
        r"\1's",
    ),
    # "4-days ago": the count and its unit hyphenated
    (re.compile(r"\b(\d+)-(days?|weeks?|months?|years?) (ago|back)\b", re.IGNORECASE), r"\1 \2 \3"),
    # "this am" (no dots): this morning, unless a time of day is asked ("is this am or pm")
    (re.compile(r"\bthis am\b(?! or\b|/)", re.IGNORECASE), "this morning"),
    # "the previous month", "the preceding week": last month, last week, whatever is said of them ("mid the
    # previous month", "the 28th of the previous month", "the previous week Thursday")
    (
        re.compile(
            r"\b(?:the )?(?:previous|preceding|prior) (week|month|quarter|year)\b(?!s)", re.IGNORECASE
        ),
        r"last \1",
    ),
    # "on 15th", "on 1st of the month": the day as "on the 15th" (not "on 5th street")
    (
        re.compile(
            r"\bon (\d{1,2}(?:st|nd|rd|th))\b(?! (?:street|st|avenue|ave|floor|fl|road|rd|grade|place)\b)",
            re.I,
        ),
        r"on the \1",
    ),
    # "aug 15", "dec. 31": a month's short name before a day, as its whole name, which every rule reads
    # ("dec 3 weeks ago" is no date)
    (
        re.compile(
            r"\b(jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
            r"(?= \d{1,2}(?:st|nd|rd|th)?\b(?! (?:weeks?|days?|months?|years?|hours?|mins?|times)\b))",
            re.IGNORECASE,
        ),
        lambda m: _kept_case(m[1], _MONTH_OF[m[1].lower()[:3]]),
    ),
    # "1 week ago yesterday", "one year ago this week": a count of one as the rules read it ("a week ago")
    (re.compile(r"\b(?:1|one) (day|week|fortnight|month|year) ago\b", re.IGNORECASE), r"a \1 ago"),
)
"""What typing on a phone does to a time phrase the rules read: a space lost or added, an apostrophe
left out."""
_TYPED_HINT = re.compile(
    r"(?:last|this|next)(?:week|month|year|quarter|fortnight|night|morning)|week[ -]end\b"
    r"|(?:week|weekend|month|year|quarter|night|day)s\b|\b(?:1|one) \w+ ago"
    r"|\d-\w+ (?:ago|back)|this am\b|(?:previous|preceding|prior) (?:week|month|quarter|year)\b"
    r"|\bon \d|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|oct|nov|dec)[a-z]?\.? \d",
    re.IGNORECASE,
)
_FULL_DAYS = {
    "mon": "monday", "tue": "tuesday", "tues": "tuesday", "wed": "wednesday", "weds": "wednesday",
    "thu": "thursday", "thur": "thursday", "thurs": "thursday", "fri": "friday", "sat": "saturday",
    "sun": "sunday",
}  # fmt: skip
NOT_A_SHORT_DAY = (
    r"(?! (?:cream|screen|block|lotion|hat|glasses|bed|lounger|burn|set|rise|light|shine|dress|roof|tan"
    r"|damage|exposure|protection|rays?|navs?|phones?|dish|dishes|tv|test|exam|scores?)\b)"
)
"""What follows "sun" or "sat" when it is the sun or a satellite ("put on sun cream", "on sat nav"), not a
day."""
_DAY_FOLLOWS = (
    "last", "this", "next", "past", "each", "on", "every", "since", "until", "till", "final", "previous",
    "coming", "a week", "cyber", "easter", "palm", "mothering", "remembrance", "day or", "day and",
    "day to", "day n", "day &", "day -", "day thru", "day through", "day till", "day until",
)  # fmt: skip
"""Words after which "mon", "wed", "sat", "sun" name a day ("day or" is "saturday or", once spelt out); an
ordinal only before "of" or "in" ("the first sat of the month", not "when I first sat the exam"), "from"
only before a span's "to" ("from mon until today", not "shade from sun")."""
_SHORT_DAY = re.compile(
    # "tues", "thurs", "fri" name nothing but a day; "mon", "wed", "sat", "sun" are words too ("the sun",
    # "they sat", "wed in June", "put on sun cream"): those only after a word that says a day follows ("last
    # sat", "on mon", "the 3rd sun of", "Mothering sun") or before one that says a day went before ("mon
    # coming", "sat's match", "sun morning"), not after a pronoun ("we sat")
    r"\b(?P<d>tues|tue|thurs|thur|thu|weds|fri)\b"
    r"|(?:"
    + "|".join(rf"(?<=\b{words} )" for words in _DAY_FOLLOWS)
    + r")(?P<d2>mon|wed|sat|sun)\b"
    + NOT_A_SHORT_DAY
    + r"|(?:(?<=\bfirst )|(?<=\bsecond )|(?<=\bthird )|(?<=\bfourth )|(?<=\bfifth )|(?<=\d(?:st|nd|rd|th) ))"
    r"(?P<d4>mon|wed|sat|sun)\b(?= (?:of|in)\b)"
    r"|(?<=\bfrom )(?P<d5>mon|wed|sat|sun)\b(?= (?:to|till|until|thru|through|-) )"
    + r"|(?<!\bi )(?<!\bwe )(?<!\bhe )(?<!\bshe )(?<!\bthey )(?<!\byou )\b(?P<d3>mon|wed|sat|sun)"
    r"(?=(?<!\bthe sun)'s\b| (?:coming|past|gone|just gone|after next|before last|that (?:just )?passed"
    r"|morning|afternoon|evening|night|week|last(?! (?:week|month|year|time|night|few|couple|\d)))\b"
    r"| (?:or|and|n|&|to|thru|through|till|until|-) (?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b)",
    re.IGNORECASE,
)
"""A weekday's short name ("tues", "last sat", "mon coming") as the whole name, which every rule reads."""


def _day_spelt_out(match: re.Match[str]) -> str:
    short = next(group for group in match.groups() if group)
    return _kept_case(short, _FULL_DAYS[short.lower()])


_MINGUO = re.compile(r"民国(?P<y>\d{2,3})年")
"""A year of the Republic of China as Taiwan writes it (民國115年 = 2026)."""
_ZH_YEAR = re.compile(r"(?P<y>[〇零一二三四五六七八九]{4})(?=年)")
_ZH_DIGIT = str.maketrans("〇零一二三四五六七八九", "00123456789")
_ZH_CAPITAL = re.compile(r"[壹贰叁肆伍陆柒捌玖拾]+(?=个?(?:天|周|星期|礼拜|月|年|日|号|季度))")
_ZH_CAPITAL_DIGIT = str.maketrans("壹贰叁肆伍陆柒捌玖拾", "一二三四五六七八九十")
"""The numerals of cheques and receipts (叁天前, 贰月拾号) as the plain ones, before a unit of time only:
伍 and 陆 are also names, 拾 is in 收拾."""
"""A year in Chinese digits ("二〇二七年三月", "二零二六年") as Arabic ones."""


_HINDI_PAST = re.compile(
    r"\b(?:did|was|were|had|went|ate|paid|bought|sent|got|told|said|gave|came|took|made|saw|met|left|lost|spent"
    r"|wrote|forgot|kept|put|brought|sold|heard|felt|slept|(?!planned|scheduled|needed)\w{3,}ed)\b",
    re.IGNORECASE,
)
_HINDI_AHEAD = re.compile(
    r"\b(?:will|going to|gonna|have to|has to|need to|needs to|must|shall|should|plan|planned|remind"
    r"|scheduled|upcoming|tomorrow's)\b|'ll\b",
    re.IGNORECASE,
)
_HINDI_DAY = {
    ("kal", False): "yesterday", ("kal", True): "tomorrow", ("parso", False): "the day before yesterday",
    ("parso", True): "the day after tomorrow",
}  # fmt: skip
_HINDI_PART = {" raat": "night", " subah": "morning", " shaam": "evening"}


def _hindi_day(match: re.Match[str]) -> str:
    """Hindi kal / parso by the tense of the query's English ("kal I paid …", "what's planned for kal"); the
    word left as it is when the query tells neither tense or both ("parson" is a word of English, read only
    with a time of day)."""
    word, part = match[1].lower(), (match[2] or "").lower()
    if word == "parson" and not part:
        return match.group(0)
    past, ahead = _HINDI_PAST.search(match.string), _HINDI_AHEAD.search(match.string)
    if bool(past) == bool(ahead):
        return match.group(0)
    day = _HINDI_DAY[("kal" if word == "kal" else "parso", bool(ahead))]
    if not part:
        return day
    if day == "yesterday" and part == " raat":
        return "last night"
    return f"{day} {_HINDI_PART[part]}" if day in ("yesterday", "tomorrow") else day


_SWAHILI_UNIT = {"wiki": "week", "mwezi": "month", "mwaka": "year"}
_SWAHILI_WHICH = {
    "iliyopita": "last", "uliopita": "last", "jana": "last", "ijayo": "next", "ujao": "next", "hii": "this",
    "huu": "this",
}  # fmt: skip


def _swahili(match: re.Match[str]) -> str:
    """Swahili "wiki iliyopita", "mwezi ujao", "mwaka jana": last week, next month, last year."""
    return f"{_SWAHILI_WHICH[match[2].lower()]} {_SWAHILI_UNIT[match[1].lower()]}"


_HALF_COUNT = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4}


def _and_a_half(match: re.Match[str]) -> str:
    """ "a month and a half", "1.5 years": 6 weeks, 18 months (a half said as the next smaller unit)."""
    word = (match[1] or match[2] or match[4]).lower()
    count = _HALF_COUNT.get(word) or int(word)
    if (match[3] or match[5]).lower().startswith("month"):
        return f"{count * 4 + 2} weeks"
    return f"{count * 12 + 6} months"


_SECOND_WAVE_COUNT = (
    r"(?:\d{1,3}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a few|few|some|several)"
)
_SECOND_WAVE_SUBJECT = r"(?:i|we|you|u|he|she|they|my|our|his|her|their|it|there|the)"
_EN_SECOND_WAVE: tuple[tuple[re.Pattern[str], _Replacement], ...] = (
    # "in beginning of month", "at end of week", "middle of month" (no article: Slavic, Hindi, Chinese
    # speakers): of this month / week / year
    (
        re.compile(
            r"\b(beginning|begining|starting|start|end|ending|middle) of (month|week|year)\b"
            r"(?! (?:routine|payments?|bills?|reports?|close|closing|process|checklist|tasks?|sale)\b)",
            re.IGNORECASE,
        ),
        r"\1 of this \2",
    ),
    # "3 days more I fly to Hanoi" (Vietnamese "3 ngày nữa", Spanish "en 3 días más"), said first: in 3 days
    (
        re.compile(
            rf"(?:^|(?<=[,.!?;:] ))(?:only |just )?({_SECOND_WAVE_COUNT}) (days?|weeks?|months?) more"
            rf"(?=,? {_SECOND_WAVE_SUBJECT}\b)",
            re.IGNORECASE,
        ),
        r"in \1 \2",
    ),
    # "in the last period I feel tired", "in last time" (Russian "в последнее время"): lately
    (
        re.compile(
            r"\b(?:in|during|over) (?:the )?last (?:period|time)"
            r"(?=,? (?:i|we|my|he|she|they|you|u|it|there)\b)",
            re.IGNORECASE,
        ),
        "lately",
    ),
    # "from 10 to 20 of this month", "between 3 and 7 of last month": those days of that month
    (
        re.compile(
            r"\b(from|between) (?:the )?(\d{1,2})(?:st|nd|rd|th)?( (?:to|till|until|and|-) | ?[-–] ?)"
            r"(?:the )?(\d{1,2})(?:st|nd|rd|th)? (?:of )?"
            r"(this|last|next|previous|coming) month\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} the {_nth(m[2])} {m[3].strip(' -–') or 'to'} the {_nth(m[4])} of {m[5]} month",
    ),
    # "on 25 of last month", "the 3 of next month": that day of that month
    (
        re.compile(
            r"\b(on|the|since|from|till|until|by) (\d{1,2}) of (this|last|next|previous|coming) month\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} {'' if m[1].lower() == 'the' else 'the '}{_nth(m[2])} of {m[3]} month",
    ),
    # "last month on 25", "this month on the 3rd": that day of that month
    (
        re.compile(
            r"\b(last|this|next|previous) month,? on (?:the )?(\d{1,2})(?:st|nd|rd|th)?\b"
            r"(?! ?(?:am|pm|%|hours?|hrs?|days?|kg|o'clock|:))",
            re.IGNORECASE,
        ),
        lambda m: f"on the {_nth(m[2])} of {m[1]} month",
    ),
    # Spanish and Portuguese day words in English text: antier / anteayer / anteontem, pasado mañana /
    # depois de amanhã, ayer / ontem
    (
        re.compile(r"\b(?:antier|anteayer|anteontem|antes de ayer|antes de ontem)\b", re.IGNORECASE),
        "the day before yesterday",
    ),
    (
        re.compile(r"\b(?:pasado ma[ñn]ana|depois de amanh[ãa])(?![a-z])", re.IGNORECASE),
        "the day after tomorrow",
    ),
    (re.compile(r"\b(?:ayer|ontem)\b", re.IGNORECASE), "yesterday"),
    # Hindi kal (yesterday or tomorrow), parso (two days either way) and aaj (today) in English text: kal and
    # parso by the tense of the query's English, none when it tells neither or both
    (re.compile(r"\baaj raat\b", re.IGNORECASE), "tonight"),
    (re.compile(r"\baaj\b", re.IGNORECASE), "today"),
    (re.compile(r"\b(kal|parso|parson)( raat| subah| shaam)?\b", re.IGNORECASE), _hindi_day),
    # "has two weeks that I ordered", "it's three weeks since I gave" (Portuguese "faz", Spanish "hace"): ago
    (
        re.compile(
            r"\b(?:it's been|it has been|it's|its|it is|it has|has been|have been|has|have|it makes|makes) "
            rf"({_SECOND_WAVE_COUNT}) (days?|weeks?|months?|years?) (?:that|since)"
            rf"(?= {_SECOND_WAVE_SUBJECT}\b)",
            re.IGNORECASE,
        ),
        r"\1 \2 ago",
    ),
    # "anything I need to get done by friday", "the report is due by thursday": a deadline, today to
    # the coming such day ("by next friday", "by EOD Friday" keep their own reading)
    (
        re.compile(
            r"\b((?:need|needs|needed|have to|has to|must|should|due|deadline|supposed to|got to|gotta|finish"
            r"|submit|complete|ready|to-?do|to do)\b[^.?!]{0,50}?) by (?:this )?"
            rf"({_WEEKDAY})\b(?! (?:last|before|next|after|morning|night|evening|afternoon)\b)",
            re.IGNORECASE,
        ),
        r"\1 from today till the coming \2",
    ),
    # "a month and a half ago", "1.5 years back", "two and a half months ago": in weeks or months (6 weeks,
    # 18 months, 10 weeks)
    (
        re.compile(
            r"\b(?:(a|one|two|three|four|[1-9]) and (?:a )?half|([1-9])\.5) (months?|years?)"
            r"(?= (?:ago|back|before|later|after|from now)\b)"
            r"|\b(a|one|two|three|four|[1-9]) (months?|years?) and a half"
            r"(?= (?:ago|back|before|later|from now)\b)",
            re.IGNORECASE,
        ),
        _and_a_half,
    ),
    # "on day 15 I paid", "day 5 of this month" (Portuguese "dia 15", Spanish "el día 15"): the 15th
    (
        re.compile(
            r"\b(on|until|till|by|before|after) day (\d{1,2})\b(?! of\b)(?!\s*[-–/:.]\s*\d)"
            r"|\bday (\d{1,2}) (?=of (?:this|last|next|previous|the) month\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} the {_nth(m[2])}" if m[1] else f"the {_nth(m[3])} ",
    ),
    # "a fortnight from now", "a fortnight later": as "two weeks from now", "two weeks later"
    (
        re.compile(r"\b(?:a|one) fortnight (from now|from today|later|hence)\b", re.IGNORECASE),
        r"two weeks \1",
    ),
    # "in this days" (a learner's "these"): these days; "the week coming", "the month coming": as "the
    # coming week"
    (re.compile(r"\b(?:in )?this days\b", re.IGNORECASE), "these days"),
    (
        re.compile(
            r"\bthe (week|month|year|weekend) coming\b(?! (?:up|back|home|to|in|out)\b)", re.IGNORECASE
        ),
        r"the coming \1",
    ),
    # British and Irish: "this day week" (a week today), "yesterday week" (a week before yesterday), "this
    # Sunday past" (as "Sunday past"); Scottish "the morra" (tomorrow); letters' "the 10th ult." / "inst." /
    # "prox." (of last / this / next month)
    (re.compile(r"\bthis day (?:next )?week\b", re.IGNORECASE), "a week today"),
    (re.compile(r"\bthis day last week\b", re.IGNORECASE), "this time last week"),
    (re.compile(r"\byesterday week\b", re.IGNORECASE), "8 days ago"),
    (re.compile(rf"\bthis ({_WEEKDAY}) (past|gone|just gone)\b", re.IGNORECASE), r"\1 \2"),
    (re.compile(r"\bthe morra\b", re.IGNORECASE), "tomorrow"),
    (
        re.compile(
            r"\b(?:the )?([123]?\d)(?:st|nd|rd|th)? (ult|inst|prox)(?:\.|imo\b|ant\b|\b)", re.IGNORECASE
        ),
        lambda m: (
            f"the {_nth(m[1])} of {({'ult': 'last', 'inst': 'this', 'prox': 'next'})[m[2].lower()]} month"
        ),
    ),
    # "3 days before now": 3 days ago; "10th this month": the 10th of this month; "last year's December":
    # December last year; "last week from Monday to Wednesday": those days of last week
    (
        re.compile(rf"\b({_SECOND_WAVE_COUNT}) (days?|weeks?|months?|years?) before now\b", re.IGNORECASE),
        r"\1 \2 ago",
    ),
    (
        re.compile(
            r"(?<!\bthe )(?<!\bon the )\b(\d{1,2})(st|nd|rd|th) (this|last|next) month\b", re.IGNORECASE
        ),
        r"the \1\2 of \3 month",
    ),
    (
        re.compile(
            rf"\b(last|this|next) year'?s ({_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b",
            re.IGNORECASE,
        ),
        r"\2 \1 year",
    ),
    (
        re.compile(
            rf"\b(last|this|next) week,? (from|between) ({_WEEKDAY}) (to|till|until|and|-) ({_WEEKDAY})\b",
            re.IGNORECASE,
        ),
        r"\2 \3 \4 \5 \1 week",
    ),
    # "recent 3 days", "in recent week", "the recent month", "recent days" (Chinese 最近三天): the past …
    (
        re.compile(
            rf"\b(?:in )?(?:the )?recent ({_SECOND_WAVE_COUNT}) (days|weeks|months|years)\b", re.IGNORECASE
        ),
        r"the past \1 \2",
    ),
    (
        re.compile(
            r"\b(?:in )?(?:the )?recent (week|month|year)\b(?!'| (?:of|when|where|that)\b)", re.IGNORECASE
        ),
        r"the past \1",
    ),
    (re.compile(r"\b(?:in )?(?:the )?recent (days|weeks|months)\b", re.IGNORECASE), r"the past few \1"),
    # phone shorthand: "a cpl days ago", "2mrw", "tmw", "tomoz", "sun am"
    (re.compile(r"\bcpl\b", re.IGNORECASE), "couple"),
    (re.compile(r"\b(?:2mrw|2mro|2morrow|2moz|tmw|tmrow|tomoz|tomoro|tomorow)\b", re.IGNORECASE), "tomorrow"),
    (
        re.compile(r"(?<!\bthe )\bsun (am|pm|morning|night|nite|evening|arvo)\b(?! i\b)", re.IGNORECASE),
        r"sunday \1",
    ),
    # "the week past", "the month past": last week, last month (as "the weekend past")
    (re.compile(r"\bthe (week|month|year) past\b", re.IGNORECASE), r"last \1"),
    # "Week before I go to the hospital" (Vietnamese "tuần trước", Chinese 上周), said first without
    # "the": last week
    (
        re.compile(
            r"(?:^|(?<=[,.!?;:] ))(week|month|year) before(?=,? (?:i|we|you|u|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        r"last \1",
    ),
    # "Week after I start school" (Vietnamese "tuần sau"), said first without "the": next week
    (
        re.compile(
            r"(?:^|(?<=[,.!?;:] ))(week|month|year) after(?=,? (?:i|we|you|u|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        r"next \1",
    ),
    # Swahili and Arabic day words in English text
    (re.compile(r"\bkeshokutwa\b", re.IGNORECASE), "the day after tomorrow"),
    (re.compile(r"\b(?:kesho|bukra|bokra|bukara)\b", re.IGNORECASE), "tomorrow"),
    (re.compile(r"\bjuzi\b", re.IGNORECASE), "the day before yesterday"),
    (
        re.compile(r"\b(wiki|mwezi|mwaka) (iliyopita|uliopita|jana|ijayo|ujao|hii|huu)\b", re.IGNORECASE),
        _swahili,
    ),
    # "I'll sort the account just now" (South African "just now": in a while): no time of a memory
    (
        re.compile(
            r"\b((?:i'll|i will|we'll|we will|i'm going to|i am going to|gonna|i'm gonna)\b[^.?!]{0,60}?)"
            r" just now\b",
            re.IGNORECASE,
        ),
        r"\1",
    ),
    # "Chrissy lunch", "chrissie pressies" (Australian): Christmas — not "for Chrissy" (a name)
    (
        re.compile(
            r"\bchriss(?:y|ie)(?= (?:lunch|dinner|party|parties|eve|pressies|presents|break|holidays?|hols"
            r"|arvo|morning|brekkie|breakfast|drinks|do|shopping|day)\b)",
            re.IGNORECASE,
        ),
        "christmas",
    ),
)
"""English of the twenty-sixth round's second wave (learned abroad, everyday, Commonwealth): "in beginning
of month", "3 days more I fly", "in the last period", "from 10 to 20 of this month", "last month on 25",
antier, pasado mañana, "has two weeks that", "the week past", "week before I went", South African
"I'll do it just now", "Chrissy lunch"."""
_EN_SECOND_WAVE_HINT = re.compile(
    r"\b(?:beginning|begining|starting|start|end|ending|middle) of (?:month|week|year)\b|\bmore\b"
    r"|\blast (?:period|time)\b|\d(?:st|nd|rd|th)?(?: (?:to|till|until|and|-) | ?[-–] ?)(?:the )?\d"
    r"|\bmonth,? on\b|\d of (?:this|last|next|previous|coming) month\b"
    r"|\bant(?:e|ier)|\bpasado ma|\bdepois de|\bayer\b|\bontem\b"
    r"|\b(?:days?|weeks?|months?|years?) (?:that|since)\b"
    r"|\b(?:week|month|year) (?:past|before)\b|\bjust now\b|\bchriss"
    r"|\bby (?:this )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\b(?:kal|parso|parson|aaj)\b|half|\.5 "
    r"|\bday \d|\b(?:week|month|year) after\b|\bfortnight (?:from|later|hence)\b"
    r"|\b(?:kesho|bukra|bokra|bukara|juzi|wiki|mwezi|mwaka)\b|\bthis days\b"
    r"|\b(?:week|month|year|weekend) coming\b|\bthis day\b|\byesterday week\b"
    r"|\bthis \w+day (?:past|gone|just)|\bthe morra\b|\bbefore now\b"
    r"|\d(?:st|nd|rd|th) (?:this|last|next) month|\byear'?s [a-z]|\bweek,? (?:from|between) "
    r"|\brecent (?:\w+ )?(?:day|week|month|year)|\bcpl\b|\b(?:2m|tmw|tmrow|tomo)"
    r"|\bsun (?:am|pm|mor|ni|ev|ar)|\d(?:st|nd|rd|th)? (?:ult|inst|prox)",
    re.IGNORECASE,
)
_ZH_SECOND_WAVE: tuple[tuple[re.Pattern[str], _Replacement], ...] = (
    # Shanghainese 号头 (a month): 搿个号头 / 迭个号头 / 这个号头, 上个号头, 下个号头
    (re.compile(r"(?:搿|迭|格|这|该)个号头"), "这个月"),
    # Shanghainese 搿个 / 迭个 (this) before a unit: 搿个礼拜, 迭个月
    (re.compile(r"(?:搿|迭)(?:个|只)?(?=月|礼拜|星期|号头|周)"), "这个"),
    (re.compile(r"([上下])(?:个|只)号头"), r"\1个月"),
    (re.compile(r"(?<![上下这个])号头(?=底|初|头|里|末)"), "月"),
    # Shanghainese 上半日 / 下半日, 上昼 / 下昼, Sichuan 晚黑, said first: today's morning, afternoon, evening
    (re.compile(r"^(?:上半日|下半日|上昼|下昼)(?!\d)"), "今天"),
    (re.compile(r"^晚黑(?![\d上下])"), "今天晚上"),
    # 这一个月来, 近两个月以来, 这三个礼拜来, 这半个月里 (the last N, as 最近一个月; not 他一个月来一次)
    (
        re.compile(
            r"(?:这|近)(一|两|三|四|五|六|半|[1-6])个(月|礼拜|星期)(?:来|以来|里)(?![一两三几]?[次回趟])"
        ),
        r"最近\1个\2",
    ),
    # Beijing 这程子 / 前程子, 前些程子 (these days, a while ago): as 这阵子, 前阵子
    (re.compile(r"这程子"), "这阵子"),
    (re.compile(r"前(?:些|一)?程子"), "前阵子"),
    # 这半年来, 近半年来, 这半年里 (the last six months, as 最近这半年)
    (re.compile(r"(?<!上)(?<!下)(?:这|近)半年(?:来|以来|里|当中|多来)"), "最近这半年"),
)
"""Chinese of the twenty-sixth round's second wave: Shanghainese 号头 (a month), 这半年来."""
_ZH_SECOND_WAVE_HINT = re.compile(
    r"号头|半年|搿|迭|程子|[这近].个(?:月|礼拜|星期)|^(?:上半日|下半日|上昼|下昼|晚黑)"
)
_SINGAPORE = re.compile(
    r"(?i)singapore|s'pore|\bspore\b|\bsg\b|\bndp\b|\bmarina\b|\bpadang\b|\bhdb\b|新加坡|狮城|星洲|滨海湾"
)
_MALAYSIA = re.compile(
    r"(?i)malaysia|\bmsia\b|kuala lumpur|\bkl\b|penang|johor|sabah|sarawak|马来西亚|大马|吉隆坡|槟城|新山"
)
_TAIWAN = re.compile(r"(?i)taiwan|taipei|kaohsiung|台湾|台北|高雄|台中|台南")
_BOUGHT = re.compile(
    r"(?i)\b(?:buy|bought|order(?:ed)?|shop(?:ping|ped)?|spen[dt]|purchased?|cart|sale)\b|[买购抢]"
)


def _national_day(match: re.Match[str]) -> str:
    """ "National Day" / 国庆 where the query names the country: Singapore's (9 August), Malaysia's
    (31 August), Taiwan's (10 October); else as said (1-7 October)."""
    query = match.string
    if _SINGAPORE.search(query):
        return "singapore national day "
    if _MALAYSIA.search(query):
        return "merdeka day "
    if _TAIWAN.search(query):
        return "taiwan national day " if match.group(0).isascii() else "双十节"
    if match.group(0).lower().endswith("parade"):
        return "singapore national day "  # the National Day Parade is Singapore's
    return match.group(0)


def _same_month_span(match: re.Match[str]) -> str:
    """ "3/4 to 10/4": two dates in digits sharing their second number, a span within one month, day first."""
    first, month, last = int(match["a"]), int(match["m"]), int(match["b"])
    if first == last or first > 31 or last > 31:
        return match.group(0)
    if not match.string.isascii():
        return f"{month}月{first}号到{month}月{last}号"
    name = _MONTHS.split("|")[month - 1]
    return f"{first} {name} to {last} {name}"


_UNIT_ZH = {"day": "天", "week": "周", "month": "个月", "year": "年"}


_WEEK_ORDINAL_ZH = {
    "first": "第一周", "1st": "第一周", "second": "第二周", "2nd": "第二周", "third": "第三周",
    "3rd": "第三周", "fourth": "第四周", "4th": "第四周", "last": "最后一周", "final": "最后一周",
}  # fmt: skip


def _part_zh(part: str, unit: str) -> str:
    """ "early", "mid", "the end of" … before a year or a week as 初, 中, 底 / 尾."""
    if "mid" in part or "middle" in part:
        return "年中" if unit.endswith("年") else "中"
    if part == "late" or "end" in part:
        return "底" if unit.endswith("年") else "尾"
    return "初"


def _month_part_zh(part: str) -> str:
    """ "early", "mid", "late", "the end of" … before a month as the Chinese 初, 中, 底."""
    return "中" if part == "mid" else "底" if part == "late" or "end" in part else "初"


_SECOND_WAVE: tuple[tuple[re.Pattern[str], _Replacement], ...] = (
    # "first week next month", "the 2nd week this month": the week of that month ("of" left out)
    (
        re.compile(
            r"\b(?P<o>(?:the )?(?:first|1st|second|2nd|third|3rd|fourth|4th)|the (?:last|final)) "
            r"(?P<u>week|weekend) (?=(?:next|last|this) month\b)",
            re.IGNORECASE,
        ),
        r"\g<o> \g<u> of ",
    ),
    # dictation: "earlier to day", "what did i do to day", "to night" (today, tonight); "choose day" (Tuesday)
    (
        re.compile(
            r"(?:(?<=\bearlier )|(?<=\blater )|(?<=\bfrom )|(?<=\buntil )|(?<=\btill )|(?<=\bsince )"
            r"|(?<=\bfor )|(?<=\bdid )|(?<=\bdo )|(?<=\bi )|(?<=\bwe ))to (day|night)\b"
            r"(?!-| (?:care|trip|trips|off|pass|job|shift|market|school|class|classes|one|\d))"
            r"|(?<!\bday )(?<!\bhow )\bto (day|night)(?=\s*(?:[?.!,]|$))"
            r"|^to (day|night)(?= (?:i|we|you|he|she|they|my|our)\b)",
            re.IGNORECASE,
        ),
        lambda m: "to" + (m[1] or m[2] or m[3]),
    ),
    (re.compile(r"\b(?:choose|chews|twos) ?day\b", re.IGNORECASE), "tuesday"),
    (re.compile(r"\b(?:wens|whens) ?day\b", re.IGNORECASE), "wednesday"),
    # a year after "ends in", "starts with" is part of a password, a number ("the one that ends in 2025")
    (
        re.compile(
            r"\b(?:ends?|ending|ended|starts?|starting|started|begins?|beginning) (?:in|with)"
            r" (?:19|20)\d{2}\b",
            re.IGNORECASE,
        ),
        "#",
    ),
    # a National Day named with its country; NDP, Singapore's parade; Hari Kebangsaan, Malaysia's
    (
        re.compile(r"\bnational day(?: parade)?\b|(?<!新加坡)国庆(?:节|日)?(?!双十)", re.IGNORECASE),
        _national_day,
    ),
    (re.compile(r"\bndp\b", re.IGNORECASE), "singapore national day"),
    (re.compile(r"\bhari kebangsaan\b", re.IGNORECASE), "merdeka day"),
    # "labour day" in English: 1 May (Singapore, Malaysia, Hong Kong and most of the world); Canada's is the
    # first Monday of September, as the US Labor Day
    (
        re.compile(r"\blabour day\b", re.IGNORECASE),
        lambda m: "labor day" if re.search(r"(?i)canad|加拿大", m.string) else "may day",
    ),
    # "mid-autumn" said alone: the festival
    (re.compile(r"\bmid[- ]autumn\b(?! (?:festival|fest|of)\b)", re.IGNORECASE), "mid-autumn festival"),
    # "on 618" in a query about buying: the shopping festival
    (
        re.compile(
            r"\b(?:on|at|for) 618\b"
            r"(?![\d/.:]|\s*(?:km|m|st|street|road|rd|ave|avenue|floor|page|route|bus|to|-)\b)"
        ),
        lambda m: "during 618" if _BOUGHT.search(m.string) else m.group(0),
    ),
    # "3/4 to 10/4", "3/4-10/4", "3/4到10/4": the same month, day first
    (
        re.compile(
            r"(?<![\d/.])(?P<a>\d{1,2})/(?P<m>1[0-2]|0?[1-9])(?P<j>\s*(?:-|–|~|to|till|until|thru|through|到|至)\s*)"
            r"(?P<b>\d{1,2})/(?P=m)(?![\d/.])",
            re.IGNORECASE,
        ),
        _same_month_span,
    ),
    # a title in quotation marks beside "song", "playlist", "movie" … or in 《》 names no time ("the 'Monday
    # Blues' playlist", "「明天过后」这部电影", 《明天过后》)
    (re.compile(r"《[^》]{1,40}》"), "#"),
    (
        re.compile(
            r"(?:“[^”]{1,40}”|「[^」]{1,40}」|『[^』]{1,40}』|\"[^\"]{1,40}\"|(?<![A-Za-z])'[^']{1,40}'(?![A-Za-z]))"
            r"(?=\s*(?:(?:这|那|呢|嗰)?(?:部|首|本|张|套|出)?(?:电影|戏|歌|书|剧|专辑|节目|歌单|影片|小说)"
            r"|(?:playlist|song|album|movie|film|book|show|series|episode|track|podcast|drama|novel|single)s?\b))",
            re.IGNORECASE,
        ),
        "#",
    ),
    # mixed: "early 下个月" (early next month), "day before 昨天" (the day before yesterday), once the English
    # month or day word is read as Chinese
    (
        re.compile(
            r"(?i)\b(?P<p>early|late|mid|the end of|end of|the beginning of|beginning of"
            r"|the start of|start of)"
            r"\s?(?P<m>上个月|这个月|下个月)"
        ),
        lambda m: m["m"] + _month_part_zh(m["p"].lower()),
    ),
    (
        re.compile(
            r"(?i)\b(?P<p>early|late|mid|the end of|end of|the beginning of|beginning of"
            r"|the start of|start of|the middle of|middle of)\s?(?P<y>去年|今年|明年|上周|这周|下周)"
        ),
        lambda m: m["y"] + _part_zh(m["p"].lower(), m["y"]),
    ),
    # "上个月 first week", "3月 the last week", "last month 第一个礼拜": the week of that month
    (
        re.compile(
            r"(?i)(?P<m>上个月|这个月|下个月|(?:1[0-2]|[1-9])月)\s?的?\s?(?:the\s)?(?P<o>first|1st|second|2nd|third|3rd"
            r"|fourth|4th|last|final)\sweek\b"
        ),
        lambda m: m["m"] + _WEEK_ORDINAL_ZH[m["o"].lower()],
    ),
    # "3月 the last week" once "last week" is read as 上周 beside Chinese
    (re.compile(r"(?i)(?P<m>上个月|这个月|下个月|(?:1[0-2]|[1-9])月)\s?the\s上周"), r"\g<m>最后一周"),
    (
        re.compile(r"(?P<m>上个月|这个月|下个月)\s+(?=第[一二三四1-4]个?(?:周|礼拜|星期)|头一个|最后一)"),
        r"\g<m>",
    ),
    # "the 8th 的 meeting", "15th 那天": the day as 号
    (
        re.compile(
            r"(?i)(?:\bthe\s)?(?<![\d/])\b(?P<d>[12]?\d|3[01])(?:st|nd|rd|th)\s?(?=的|那天|那日|当天|嗰日)"
        ),
        r"\g<d>号",
    ),
    # "valentine 那天", "on valentine": the day ("my valentine" is a person)
    (
        re.compile(
            r"(?i)(?:(?<=\bon )|(?<=\bduring )|(?<=\blast )|(?<=\bthis )|(?<=\bnext )|(?<=\bfor ))"
            r"valentine\b(?!'|s\b)"
            r"|\bvalentine(?=\s?(?:那天|当天|的时候|嗰日|期间))"
        ),
        "valentine's day",
    ),
    (re.compile(r"(?i)\b(?:the )?day before\s?昨天"), "前天"),
    (re.compile(r"(?i)\b(?:the )?day after\s?明天"), "后天"),
    # mixed: "过去 30 days", "最近 2 weeks": the last N days; "上个月 的 2 号": the day of that month
    (
        re.compile(r"(?i)(?P<w>过去|最近|近)\s?(?P<n>\d{1,3})\s?(?P<u>day|week|month|year)s?(?![A-Za-z])"),
        lambda m: m["w"] + m["n"] + _UNIT_ZH[m["u"].lower()],
    ),
    (re.compile(r"(?P<w>过去|最近|近)\s+(?P<n>\d{1,3})\s*(?=天|周|个?星期|个?礼拜|个?月|年)"), r"\g<w>\g<n>"),
    (re.compile(r"(?<=上个月|这个月|下个月)\s?的\s?(?P<d>\d{1,2})\s?(?=[号日])"), r"的\g<d>"),
    # Cantonese 礼拜尾 / 星期尾 said alone: the weekend (上个礼拜尾 stays the end of last week)
    (re.compile(r"(?<![上下这个本呢前])(?:礼拜|星期)尾(?!牙)"), "周末"),
    # Singapore and Malaysian English "recent 3 months", "the recent few days": the past ones
    (
        re.compile(
            r"\brecent (?=(?:\d{1,3}|few|couple(?: of)?|two|three|four|five|six|seven|eight|nine|ten|twelve)"
            r" (?:days?|weeks?|months?|years?)\b)",
            re.IGNORECASE,
        ),
        "past ",
    ),
    # "上个月 end", "下个月 beginning": that part of the month; "去年 的 Christmas": the year's
    (
        re.compile(r"(?i)(?P<m>上个月|这个月|下个月)\s?(?P<p>end|ending|start|starting|beginning)\b"),
        lambda m: m["m"] + ("底" if m["p"].lower().startswith("end") else "初"),
    ),
    (re.compile(r"(?P<w>去年|今年|前年|明年|上个月|下个月|这个月)\s+的\s*(?=[A-Za-z]|这|今)"), r"\g<w>的"),
    # mixed: "上个礼拜 的 Friday" (that weekday of that week), "this time 去年" (this time last year),
    # "半个月 ago", "weekend 去了哪" (the weekend)
    (
        re.compile(r"(?P<w>[上下这])个?(?:礼拜|星期)\s*的?\s*(?=(?i:mon|tue|wed|thu|fri|sat|sun))"),
        r"\g<w>周",
    ),
    (re.compile(r"(?i)\bthis time\s?(?P<w>去年|上个月|上周)"), lambda m: m["w"] + "的今天"),
    (re.compile(r"(?i)(?P<h>半个月|半年)\s?(?:ago|back|before)\b"), r"\g<h>前"),
    (re.compile(r"(?i)(?<![A-Za-z])(?<!long )(?:the\s)?weekend\s?(?=[\u4e00-\u9fff])"), "周末"),
    # "two days ago or was it three", "3 weeks back, or maybe 4": either count, both read
    (
        re.compile(
            r"\b(?P<a>\d{1,2}|two|three|four|five|six|seven|eight|nine) (?P<u>days|weeks|months|years)"
            r" (?P<w>ago|back),? or (?:was it|maybe|is it|perhaps|possibly) "
            r"(?P<b>\d{1,2}|three|four|five|six|seven|eight|nine|ten)\b(?! (?:days|weeks|months|years)\b)",
            re.IGNORECASE,
        ),
        r"\g<a> \g<u> \g<w> or \g<b> \g<u> \g<w>",
    ),
    # "the June holidays", "march hols": that month
    (
        re.compile(
            rf"\b(?:the )?(?P<m>{_MONTH_WORDS})\.? (?:school )?(?:holidays|hols|vacation|break)\b",
            re.IGNORECASE,
        ),
        lambda m: "the month of " + _MONTH_OF[m["m"].lower()[:3]],
    ),
    # Taiwan's year of the Republic without 民國, before a month or a part of the year ("115年3月的發票",
    # "114年度"; not "成立115年", a count of years); 農曆年 (the lunar new year; 农历年前 stays 腊月)
    (
        re.compile(
            r"(?<![\d.])(?P<y>1[01]\d|12\d)(?=年\s?(?:(?:1[0-2]|0?[1-9]|[一二三四五六七八九十]{1,2})月|度|第|[上下]半年"
            r"|底|初|年底|年初|全年|[Qq][1-4]))"
        ),
        lambda m: str(int(m["y"]) + 1911),
    ),
    (re.compile(r"农历年(?![前后底初尾])"), "农历新年"),
    # "past 1 week", "the past one month", "past year": the rolling span ("the past week")
    (
        re.compile(
            r"\b(?:the )?(?:past|last|previous|recent) (?:1|one) (week|month|year)\b(?!s|'s| ago| back)"
            r"|(?<!\bthe )(?<!\bthis )(?<!\ba )\bpast (week|month|year)\b(?!s|'s| ago| back)",
            re.IGNORECASE,
        ),
        lambda m: "the past " + (m[1] or m[2]),
    ),
    # Singapore English "end month", "early month": as "month end", "early in the month"
    (re.compile(r"(?<!\bthe )(?<!\bof )\bend[- ]month\b", re.IGNORECASE), "month end"),
    (re.compile(r"(?<!\bthe )\bearly[- ]month\b", re.IGNORECASE), "early in the month"),
    # dictation: "three days a go", "last thirsday", "this after noon", "last knight"
    (re.compile(r"\b(days?|weeks?|months?|years?) a go\b", re.IGNORECASE), r"\1 ago"),
    (re.compile(r"\b(?:thirsday|thirstday|thurday|thursdy)\b", re.IGNORECASE), "thursday"),
    (
        re.compile(r"\b(this|yesterday|tomorrow|friday|monday|saturday|sunday) after noon\b", re.IGNORECASE),
        r"\1 afternoon",
    ),
    (re.compile(r"(?<!\bthe )\blast knight\b", re.IGNORECASE), "last night"),
    # a correction to "the one before / after" ("last month no the one before"): the unit said again
    (
        re.compile(
            r"\b(?P<w>last|next|this) (?P<u>weekend|week|month|year"
            r"|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
            r"(?P<c>\W+(?:no|sorry|wait|actually|i mean)\W+(?:(?:no|wait|sorry)\W+)?)"
            r"the one (?P<r>before|after)\b",
            re.IGNORECASE,
        ),
        r"\g<w> \g<u>\g<c>the \g<u> \g<r>",
    ),
    # Cantonese: 前排 (a while ago, as 前阵子; not a front row), 过两日, 下年 (next year), 最尾嗰个礼拜;
    # 上两个礼拜 / 上两周 (the two calendar weeks before this one)
    (re.compile(r"(?<![坐最在第])前排(?![座位坐])"), "前阵子"),
    (re.compile(r"过两日"), "过两天"),
    (re.compile(r"(?<![上这今去前明])下年(?![级纪龄])"), "明年"),
    (re.compile(r"最尾(?:那|嗰)?一?个?(?=礼拜|星期|周)"), "最后一个"),
    (re.compile(r"上两个?(?:礼拜|星期|周)(?![一二三四五六日天末])"), "上上周到上周"),
    # "last weekend no the weekend before", "next weekend sorry the weekend after": the weekend before last /
    # after next
    (
        re.compile(
            r"\b(?P<w>last|next) weekend\W+(?:no|sorry|wait|actually|i mean)\W+(?:(?:no|wait|sorry)\W+)?"
            r"the weekend (?P<r>before|after)\b",
            re.IGNORECASE,
        ),
        lambda m: (
            "the weekend before last"
            if (m["w"].lower(), m["r"].lower()) == ("last", "before")
            else "the weekend after next"
            if (m["w"].lower(), m["r"].lower()) == ("next", "after")
            else m.group(0)
        ),
    ),
    # "2026年第四季": the quarter (第四季 alone already is)
    (re.compile(r"(?<=年)(?P<q>第?[一二三四1-4])季(?![度节])"), r"\g<q>季度"),
)
"""The twenty-sixth round, second wave (Hong Kong, Taiwan, Singapore, Malaysia; dictation; Chinese and English
in one phrase): the week of a month without "of", a recogniser's "to day" and "choose day", a year that ends a
number, a National Day with its country, "labour day", "mid-autumn", "on 618", a span of dates in one month, a
quoted title, English parts of a month beside Chinese, 2026年第四季."""
_SECOND_WAVE_NEEDS: tuple[tuple[str, ...], ...] = (
    ("next month", "this month", "last month"),
    ("to day", "to night"),
    ("choose", "chews", "twos"),
    ("wens", "whens"),
    (" in 19", " in 20", " with 19", " with 20"),
    ("national day", "国庆"),
    ("ndp",),
    ("kebangsaan",),
    ("labour day",),
    ("mid-autumn", "mid autumn"),
    ("618",),
    ("/",),
    ("《",),
    ("“", "「", "『", '"', "'"),
    ("上个月", "这个月", "下个月"),
    ("去年", "今年", "明年", "上周", "这周", "下周"),
    ("月",),
    ("上周",),
    ("上个月 ", "这个月 ", "下个月 "),
    ("的", "那天", "那日", "当天", "嗰日"),
    ("valentine",),
    ("昨天",),
    ("明天",),
    ("过去", "近"),
    ("过去", "近"),
    ("上个月", "这个月", "下个月"),
    ("尾",),
    ("recent",),
    ("上个月", "这个月", "下个月"),
    (" 的",),
    ("礼拜", "星期"),
    ("this time",),
    ("半",),
    ("weekend",),
    (" or ",),
    ("holiday", "hols", "vacation", "break"),
    ("年",),
    ("农历年",),
    ("past", "last 1", "last one", "previous 1", "previous one", "recent 1", "recent one"),
    ("end month", "end-month"),
    ("early month", "early-month"),
    (" a go",),
    ("thirs", "thurday", "thursdy"),
    ("after noon",),
    ("knight",),
    ("the one",),
    ("前排",),
    ("过两日",),
    ("下年",),
    ("最尾",),
    ("上两",),
    ("the weekend before", "the weekend after"),
    ("季",),
)
"""What must be in the lowered query for each rewrite of `_SECOND_WAVE` to be tried (any one of them): a
rewrite whose words are absent costs a substring test, not a regular-expression search."""


_SECOND_WAVE_ALL = tuple(
    (pattern, replacement, needs)
    for (pattern, replacement), needs in zip(_SECOND_WAVE, _SECOND_WAVE_NEEDS, strict=True)
)
_SECOND_WAVE_LATIN = tuple(
    (pattern, replacement, tuple(need for need in needs if need.isascii()))
    for pattern, replacement, needs in _SECOND_WAVE_ALL
    if any(need.isascii() for need in needs)
)
"""The rewrites with their words; those an ASCII query can need, with their ASCII words only."""


def _second_wave(query: str) -> str:
    """`query` with the rewrites of `_SECOND_WAVE` whose words it holds."""
    table = _SECOND_WAVE_LATIN if query.isascii() else _SECOND_WAVE_ALL
    return _where_words(query, ((needs, pattern, replacement) for pattern, replacement, needs in table))


def _substituted(query: str, table: tuple[tuple[re.Pattern[str], _Replacement], ...]) -> str:
    """`query` with each of the table's patterns replaced, in order."""
    for pattern, replacement in table:
        query = pattern.sub(replacement, query)
    return query


_CASED_BEYOND_ASCII = re.compile(
    "[^\x00-\x7f\u2000-\u206f\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff20\uff3b-\uff40\uff5b-\uff65]"
)
"""A character that may have a case beyond ASCII (the ranges left out are punctuation, kana and Chinese, which
have none, and no case-blind match of an ASCII letter)."""


def _found(hint: re.Pattern[str], lowered_hint: re.Pattern[str], query: str) -> bool:
    """Whether case-blind `hint` finds something in `query`: `lowered_hint`, its pattern without the flag, on
    the lowered query where that is the same (its letters ASCII), which is faster to search."""
    if query.isascii() or not _CASED_BEYOND_ASCII.search(query):
        return lowered_hint.search(query.lower()) is not None
    return hint.search(query) is not None


def _case_kept(pattern: re.Pattern[str]) -> re.Pattern[str]:
    """`pattern` without re.IGNORECASE, for a lowered query (its letters written lowercase)."""
    return re.compile(pattern.pattern, pattern.flags & ~re.IGNORECASE)


_LOWERED_HINTS = {
    hint: _case_kept(hint)
    for hint in (_EN_SECOND_WAVE_HINT, _TYPED_HINT, _NUMBER_WORDS, _ABBREVIATED_DAY, _PINYIN_WORD)
}


def normalise(query: str) -> str:
    """The query as the time rules read it (the same length where only characters change)."""
    if not query.isascii():
        if _FULL_WIDTH_HINT.search(query):
            query = _narrowed(query)
        query = traditional.fold(query)
        if "民国" in query:
            query = _MINGUO.sub(lambda m: f"{int(m['y']) + 1911}年", query)
        query = _ZH_YEAR.sub(lambda m: m["y"].translate(_ZH_DIGIT), query)
        if _ZH_CAPITAL.search(query):
            query = _ZH_CAPITAL.sub(lambda m: m.group(0).translate(_ZH_CAPITAL_DIGIT), query)
        if not _ZH_HEARD_WRONG.isdisjoint(query):
            query = _substituted(query, _ZH_SOUNDALIKES)
        if _ZH_WRITTEN_HINT.search(query):
            query = _substituted(query, _ZH_WRITTEN)
        if _ZH_REGIONAL_HINT.search(query):
            query = _substituted(query, _ZH_REGIONAL)
        query = _where_words(query, _ZH_TWENTY_SIXTH, _ZH_TWENTY_SIXTH_HINTS)
        query = _zh_older(query)
        if _EN_IN_ZH_HINT.search(query):
            query = _EN_IN_ZH.sub(_zh_for_en, query)
            query = _ZH_MONTH_ORDINAL.sub(r"\1号", _ZH_JOINED.sub("", query))
    if "  " in query or "\t" in query:
        query = re.sub(r"[ \t]{2,}", " ", query)  # spaces doubled by a phone keyboard
    if _found(_TYPED_HINT, _LOWERED_HINTS[_TYPED_HINT], query):
        query = _substituted(query, _TYPED)
    if _found(_ABBREVIATED_DAY, _LOWERED_HINTS[_ABBREVIATED_DAY], query):
        # twice: the second of two days ("sat or sun") is read as one once the first is spelt out
        query = _SHORT_DAY.sub(_day_spelt_out, _SHORT_DAY.sub(_day_spelt_out, query))
    if _FISCAL_HINT.search(query):
        query = _substituted(query, _FISCAL)
    if _FILLER.search(query):
        query = re.sub(r"[ \t]{2,}", " ", _FILLER.sub(" ", query))
    if _STRETCHED.search(query):
        query = _STRETCHED.sub(_unstretch, query)
    query = _THIS_MO.sub(r"\1month", query)
    if _found(_PINYIN_WORD, _LOWERED_HINTS[_PINYIN_WORD], query):
        query = _PINYIN_WORD.sub(lambda m: _PINYIN[m.group(0).lower()], query)
    if not query.isascii() and _PINYIN_INITIAL.search(query):
        query = _PINYIN_INITIAL.sub(lambda m: _PINYIN_INITIALS[m.group(0).lower()], query)
    if _found(_EN_SECOND_WAVE_HINT, _LOWERED_HINTS[_EN_SECOND_WAVE_HINT], query):
        query = _substituted(query, _EN_SECOND_WAVE)  # before the older tables, which read what it writes
    if _EN_HEARD_WRONG.search(query):
        query = _substituted(query, _EN_SOUNDALIKES)
    query = _where_words(query, _EN_TWENTY_SIXTH, _EN_TWENTY_SIXTH_HINTS)
    if "ty" in query.lower():
        query = _COUNT_IN_WORDS.sub(_count, query)
    if _found(_NUMBER_WORDS, _LOWERED_HINTS[_NUMBER_WORDS], query):
        query = _YEAR.sub(_year, query)
        query = _MONTH_ORDINAL.sub(_month_ordinal, query)
        query = _WEEK_OF_ORDINAL.sub(_ordinal, query)
        query = _DAY_ORDINAL.sub(_ordinal, query)
        query = _ON_THE_ORDINAL.sub(_ordinal, query)
    if _EN_ABROAD_HINT.search(query.lower()):
        query = _abroad(query)
    if _AFTER_A_DAY_HINT.search(query):
        query = _substituted(query, _AFTER_A_DAY)
    if _EN_LEARNED_HINT.search(query.lower()):
        query = _substituted(query, _EN_LEARNED)
    if _OFFICE_HINT.search(query.lower()):
        query = _substituted(query, _OFFICE)
    if not query.isascii() and _ZH_SECOND_WAVE_HINT.search(query):
        query = _substituted(query, _ZH_SECOND_WAVE)
    if _BACK_OFFICE_HINT.search(query.lower()):
        query = _substituted(query, _BACK_OFFICE)
    query = _second_wave(query)
    return query
