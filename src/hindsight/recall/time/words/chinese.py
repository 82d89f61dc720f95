"""Chinese as it is typed and dictated: full-width digits and letters ("３月５号"), a dictation
app's characters of the same sound ("做天" for 昨天), written forms (昨日, 上一个月), older users' and
learners' words (头些天, 三个天前), numerals of other kinds (民国115年, 二〇二七年, 叁天前) and pinyin
("zuotian", "zt")."""

from __future__ import annotations

import re
import string

from hindsight import prefilter
from hindsight.recall.time.words.rewrite import _case_kept, _found, _Replacement, _substituted, _where_words

_ZH_SOUNDALIKES = (
    (prefilter.compile(r"(?<![工叫])做天"), "昨天"),
    (prefilter.compile(r"大钱天"), "大前天"),
    (prefilter.compile(r"(?<![赚挣花存借还有没值省交付找零大])钱天(?!天)"), "前天"),
    (prefilter.compile(r"(?<=[上下这本])(个)?里拜"), r"\1礼拜"),
    (prefilter.compile(r"(?<=[上下这本]周|星期|礼拜)武"), "五"),
    (prefilter.compile(r"(?<=[上下这本]周|星期|礼拜)留"), "六"),
    (prefilter.compile(r"(?<=月)出(?=\s|$|[，。,.?？!！的那])"), "初"),
    (prefilter.compile(r"(?<=[上这下本]个月)出(?=[我你他她俺咱])|(?<=[上下本]月)出(?=[我你他她俺咱])"), "初"),
    (prefilter.compile(r"中询"), "中旬"),
    (prefilter.compile(r"(?<=[昨今明前后])[添填]"), "天"),
    (prefilter.compile(r"(?<=[上下这本])各(?=月|礼拜|星期)"), "个"),
    (prefilter.compile(r"(?<![工创合操动写耕劳制])作天"), "昨天"),
    (prefilter.compile(r"(?<![黄现奖基资美白千])金天"), "今天"),
    (prefilter.compile(r"(?<![有出命题报署点])名天"), "明天"),
    (prefilter.compile(r"星其"), "星期"),
    (prefilter.compile(r"(?<=月)低(?=\s|$|[，。,.?？!！的那护来前我你房扣交付还时])"), "底"),
)
"""Time words a dictation app writes with a character of the same sound (昨 as 做, 前 as 钱,
礼 as 里, 五 as 武, 六 as 留, 初 as 出, 旬 as 询, 底 as 低) — only where the wrong character
makes no sense there."""
_ZH_OLDER: tuple[tuple[tuple[str, ...], prefilter.Pattern, _Replacement], ...] = (
    (("半拉",), prefilter.compile(r"(?<=[上下前后])半拉(?=年)"), "半"),
    (("个把",), prefilter.compile(r"个把(?=月|礼拜|星期|周|年)"), "一个"),
    # "一个多月前", "两年多以前" (a little more than): as 一个月前, 两年前, as 十来天前 is 十天前
    (("个多",), prefilter.compile(r"(?<=[一二两三四五六七八九十]个)多(?=(?:月|礼拜|星期)[以之]?[前后])"), ""),
    (
        ("年多", "天多", "周多"),
        prefilter.compile(r"(?<=[一二两三四五六七八九十][年天周])多(?=[以之]?[前后])"),
        "",
    ),
    # northern: 头些天, 早些天 (as 前些天); 昨黑 (last night); 夜里个 (Shandong: yesterday);
    # 二月初二 (as 二月二)
    (("头些", "早些"), prefilter.compile(r"(?:头|早)些(?=天|日子)"), "前些"),
    # 这程子, 这一阵 (northern), 近些天: as 这阵子, 这些天 (recently)
    (("这程子", "这一阵"), prefilter.compile(r"这(?:程子|一阵子?)(?![风雨])"), "这阵子"),
    (("近些",), prefilter.compile(r"近些(?=天|日子)"), "这些"),
    (("昨黑",), prefilter.compile(r"昨黑(?![色板白心])"), "昨晚"),
    (("夜里个",), prefilter.compile(r"夜里个"), "昨天"),
    (("二月初二",), prefilter.compile(r"二月初二(?![十])"), "二月二"),
    # the festivals older users name by their lunar date ("八月十五", "五月初五"); with 号 / 日, a solar date
    (("八月十五", "八月半"), prefilter.compile(r"八月(?:十五|半)(?![号日\d一二三四五六七八九十])"), "中秋"),
    (("五月初五",), prefilter.compile(r"五月初五(?![号日])"), "端午"),
    (("七月初七",), prefilter.compile(r"七月初七(?![号日])"), "七夕"),
    (("九月初九",), prefilter.compile(r"九月初九(?![号日])"), "重阳"),
    (("七月十五",), prefilter.compile(r"七月十五(?![号日\d一二三四五六七八九十])"), "中元"),
    # learners' measure words and 的: 三个天前, 两个年前 (as 三天前, 两年前); 十二月的二十五号
    # (as 十二月二十五号)
    (("个天", "个年"), prefilter.compile(r"(?<=[一二两三四五六七八九十\d])个(?=天|年[以之]?[前后])"), ""),
    (
        ("月的",),
        prefilter.compile(
            r"(?<=[一二三四五六七八九十\d]月)的(?=(?:[一二三]?十[一二三四五六七八九]?|[一二三四五六七八九]|[12]?\d|3[01])[号日])"
        ),
        "",
    ),
    # an English count before 前 ("3 days前", "two weeks以前"): as "3 days ago"
    (
        ("ay", "eek", "onth", "ear"),
        prefilter.compile(
            r"(?i)\b(\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|a)\s?(days?|weeks?|months?|years?)"
            r"\s?(?:以|之)?前"
        ),
        r"\1 \2 ago ",
    ),
    # 昨天的昨天, 明天的明天 (learners): the day before yesterday, the day after tomorrow
    (("昨天的昨天",), prefilter.compile(r"昨天的昨天"), "前天"),
    (("明天的明天",), prefilter.compile(r"明天的明天"), "后天"),
    # 前一个礼拜, 后一个月 said first (learners): last week, next month ("考试前一个月" is not this)
    (("前一个",), prefilter.compile(r"(?:^|(?<=[\s，,。.!?！？]))前一个(?=星期|礼拜|周|月)"), "上个"),
    (("后一个",), prefilter.compile(r"(?:^|(?<=[\s，,。.!?！？]))后一个(?=星期|礼拜|周|月)"), "下个"),
)
"""The twenty-sixth round's words of older users (northern, Shandong, Henan) and of learners of Chinese, as
the rules read them; each rewrite with the words one of which the query holds when it can apply."""


_ZH_OLDER_HINT = prefilter.compile("|".join(re.escape(word) for needs, _, _ in _ZH_OLDER for word in needs))


def older_words(query: str) -> str:
    """`query` with the rewrites of _ZH_OLDER that may apply to it applied, in order."""
    return _where_words(query, _ZH_OLDER) if _ZH_OLDER_HINT.search(query) else query


_ZH_WRITTEN = (
    (prefilter.compile(r"(?<=[去前今]年)(的)?[本这]月"), r"\1这个月"),
    (prefilter.compile(r"(?<![每某当大])(?P<d>[昨今明前])日(?![子头之香方报本])"), r"\g<d>天"),
    (prefilter.compile(r"(?P<w>[上下])一个?(?=月|星期|礼拜|周(?!年)|季度)"), r"\g<w>个"),
    (prefilter.compile(r"上一年(?![级纪龄度轻])"), "去年"),
    (prefilter.compile(r"下一年(?![级纪龄度轻])"), "明年"),
    (
        prefilter.compile(
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
_ZH_WRITTEN_HINT = prefilter.compile(r"年的?[本这]月|[昨今明前]日|[上下]一|[一二三四五六七八九十]日")


_ZH_HEARD_WRONG = frozenset("做钱里武留出询低添其填各作金名")
_PINYIN = {
    "zuotian": "昨天", "jintian": "今天", "mingtian": "明天", "qiantian": "前天", "houtian": "后天",
    "shangzhou": "上周", "xiazhou": "下周", "zhezhou": "这周", "shanggeyue": "上个月", "zhegeyue": "这个月",
}  # fmt: skip
_PINYIN_WORD = prefilter.compile(r"(?<![A-Za-z])(?:" + "|".join(_PINYIN) + r")(?![A-Za-z])", re.IGNORECASE)
_PINYIN_INITIALS = {"zt": "昨天", "jt": "今天", "mt": "明天"}
_PINYIN_INITIAL = prefilter.compile(r"(?<![A-Za-z])(?:zt|jt|mt)(?![A-Za-z])", re.IGNORECASE)
"""Pinyin for a day or week ("zuotian"), and in Chinese text its initials ("zt跟你说的", "mt要带啥")."""


_FULL_WIDTH = str.maketrans(
    {chr(0xFF01 + ord(c) - ord("!")): c for c in string.digits + string.ascii_letters} | {"\u3000": " "}
)
_FULL_WIDTH_HINT = prefilter.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\u3000]")
_FULL_WIDTH_MARK = prefilter.compile(r"(?<=\d)[／．－](?=\d)")
"""Digits and letters a Chinese keyboard types full width ("３月５号", "Ｑ４", "１２／２５"), as the ASCII
ones the rules read; a slash, dot or dash between two digits too. The Chinese comma and question mark
stay: the rules read those as they are."""


def _narrowed(query: str) -> str:
    query = query.translate(_FULL_WIDTH)
    return _FULL_WIDTH_MARK.sub(lambda m: chr(ord(m.group(0)) - 0xFEE0), query)


_MINGUO = prefilter.compile(r"民国(?P<y>\d{2,3})年")
"""A year of the Republic of China as Taiwan writes it (民國115年 = 2026)."""
_ZH_YEAR = prefilter.compile(r"(?P<y>[〇零一二三四五六七八九]{4})(?=年)")
_ZH_DIGIT = str.maketrans("〇零一二三四五六七八九", "00123456789")
"""A year in Chinese digits ("二〇二七年三月", "二零二六年") as Arabic ones."""
_ZH_CAPITAL = prefilter.compile(r"[壹贰叁肆伍陆柒捌玖拾]+(?=个?(?:天|周|星期|礼拜|月|年|日|号|季度))")
_ZH_CAPITAL_DIGIT = str.maketrans("壹贰叁肆伍陆柒捌玖拾", "一二三四五六七八九十")
"""The numerals of cheques and receipts (叁天前, 贰月拾号) as the plain ones, before a unit of time only:
伍 and 陆 are also names, 拾 is in 收拾."""


_PINYIN_WORD_LOWERED = _case_kept(_PINYIN_WORD)


def full_width_narrowed(query: str) -> str:
    """Full-width digits and letters as the ASCII ones ("３月５号", "Ｑ４")."""
    return _narrowed(query) if _FULL_WIDTH_HINT.search(query) else query


def minguo_years(query: str) -> str:
    """A year of the Republic of China as the Gregorian one (民国115年: 2026年)."""
    return _MINGUO.sub(lambda m: f"{int(m['y']) + 1911}年", query) if "民国" in query else query


def digit_years(query: str) -> str:
    """A year in Chinese digits as Arabic ones (二〇二七年: 2027年)."""
    return _ZH_YEAR.sub(lambda m: m["y"].translate(_ZH_DIGIT), query)


def capital_numerals(query: str) -> str:
    """The numerals of cheques and receipts before a unit of time as the plain ones (叁天前: 三天前)."""
    if _ZH_CAPITAL.search(query):
        return _ZH_CAPITAL.sub(lambda m: m.group(0).translate(_ZH_CAPITAL_DIGIT), query)
    return query


def dictation_fixed(query: str) -> str:
    """A dictation app's characters of the same sound as the time words meant (做天: 昨天)."""
    return query if _ZH_HEARD_WRONG.isdisjoint(query) else _substituted(query, _ZH_SOUNDALIKES)


def written_forms(query: str) -> str:
    """Written Chinese (昨日, 上一个月, 去年本月) as the spoken words the rules read."""
    return _substituted(query, _ZH_WRITTEN) if _ZH_WRITTEN_HINT.search(query) else query


def pinyin_words(query: str) -> str:
    """Pinyin for a day or week ("zuotian") as the Chinese word."""
    if _found(_PINYIN_WORD, _PINYIN_WORD_LOWERED, query):
        return _PINYIN_WORD.sub(lambda m: _PINYIN[m.group(0).lower()], query)
    return query


def pinyin_initials(query: str) -> str:
    """Pinyin initials in Chinese text ("zt跟你说的") as the day."""
    if not query.isascii() and _PINYIN_INITIAL.search(query):
        return _PINYIN_INITIAL.sub(lambda m: _PINYIN_INITIALS[m.group(0).lower()], query)
    return query
