"""Rules that read a day by its name: yesterday, today, tomorrow and the days beside them in Chinese and
English and their regional words ("前天", "琴日", "the night before last", "overmorrow"), two of them said
together, a part of today said first."""

from __future__ import annotations

from datetime import timedelta

from hindsight.recall.time.periods.days import _day, _day_pair, _days, _en_day_after
from hindsight.recall.time.periods.months import _latest_leap_day
from hindsight.recall.time.rules.pieces import RuleRow, gated
from hindsight.recall.time.vocabulary import (
    _EN_DAY_OFFSETS,
    _EN_DAY_WORDS,
    _EN_NUM,
    _ZH_DAY_OFFSETS,
    _ZH_DAY_WORDS,
    en_number,
)

_SMALL_HOURS_END = 5
"""Before this hour "tonight" / 今晚 is the night under way, which began the evening before."""

ZH: list[RuleRow] = [
    (
        rf"(?P<a>{_ZH_DAY_WORDS})(?:和|跟|与|同|、|或|还有)(?P<b>{_ZH_DAY_WORDS})",
        lambda m, n: _day_pair(n, _ZH_DAY_OFFSETS[m["a"]], _ZH_DAY_OFFSETS[m["b"]]),
    ),
    (
        r"(?P<a>昨天|今天|明天)的(?P<r>前|后)一天",
        lambda m, n: _days(n + timedelta(days=_ZH_DAY_OFFSETS[m["a"]] + (1 if m["r"] == "后" else -1))),
    ),
    (r"前天的前一天", lambda m, n: _days(n - timedelta(days=3))),
    (r"昨天的前一天", lambda m, n: _days(n - timedelta(days=2))),
    (r"明朝(?=要|去|几|早|我|你|有|来|再|还)", lambda m, n: _days(n + timedelta(days=1))),
    (
        # the thirtieth round: Wu 明朝 (tomorrow) before anything, where the query asks in Wu (…好了伐, 侬, 阿拉,
        # 辰光); not the dynasty (明朝的皇帝, 明朝末年)
        r"明朝(?!的?(?:皇帝|末|初年|中期|时期|时候|历史|人|朝|那些|年间|灭亡|建立|开国|官|服饰|小说|故事))"
        r"(?=.*(?:伐|侬|阿拉|伊拉|辰光|晓得|搿|哪能))",
        lambda m, n: _days(n + timedelta(days=1)),
    ),
    (
        # the thirtieth round: a northern day with a part of it (今头晌, 明后晌, 昨前晌, 今儿下晌): that day
        r"(?P<d>今|明|昨)(?:儿|个|儿个)?(?:头晌|前晌|后晌|上晌|下晌|晌午|[前后上下]半晌)",
        lambda m, n: _days(n + timedelta(days={"今": 0, "明": 1, "昨": -1}[m["d"]])),
    ),
    (
        r"(?:这|呢)一?两(?:天|日)(?!后)",
        lambda m, n: (_day(n) - timedelta(days=1), _day(n) + timedelta(days=1)),
    ),
    (r"今明两?天", lambda m, n: _days(n, 2)),
    (r"明后(?:两)?天", lambda m, n: _days(n + timedelta(days=1), 2)),
    (r"后儿个|后儿(?!子)", lambda m, n: _days(n + timedelta(days=2))),
    (r"^早上(?=我|你|跟|说|的|那|俺|咱|他|她)", lambda m, n: _days(n)),
    (
        # another part of the day said first, of something said then ("晌午我跟你讲的菜谱"): today
        r"^(?:早晨|清早|上午|晌午|中午|下午|傍晚|头晌|前晌|后晌|[上下前后]半晌|傍黑|擦黑|头午|过晌|前晌午|晌午头)(?=(?:我|你|俺|咱)(?:跟|和|给|对)?(?:你|我|俺|咱)?(?:讲|说|提|聊|发|问))",
        lambda m, n: _days(n),
    ),
    (r"大大前天", lambda m, n: _days(n - timedelta(days=4))),
    (r"(?:等下|等一下|等会儿?|待会儿?)(?=要|去|就|再|我|你|他|她|得|还)", lambda m, n: _days(n)),
    (r"大前天|大前儿(?:个)?|大前日", lambda m, n: _days(n - timedelta(days=3))),
    (
        r"前天|(?<![这那哪])前儿个|(?<![这那哪])前儿(?!子)|(?<![日以之提])前日(?!本)",
        lambda m, n: _days(n - timedelta(days=2)),
    ),
    (
        r"昨天|昨日|昨晚|昨夜|昨儿|昨个|夜来(?!香|风雨)|夜儿个|夜个儿?|[琴寻]日|[琴寻]晚|昨末子|昨昏",
        lambda m, n: _days(n - timedelta(days=1)),
    ),
    (
        # 今晚 is today's night; the thirtieth round: said in the small hours (before 5:00), the night under way,
        # begun the evening before
        r"今晚|今夜",
        lambda m, n: _days(n - timedelta(days=1) if n.hour < _SMALL_HOURS_END else n),
    ),
    (
        r"今天|今日|今早|刚才|刚刚|今儿|今们儿|今个儿?(?![月礼星季时])|头先|今朝|今末(?!尾)|啱啱|啱先",
        lambda m, n: _days(n),
    ),
    (r"前晚", lambda m, n: _days(n - timedelta(days=2))),
    (r"明天|明儿|明个儿?|听日|明早|明晚|明日(?![之香方报])", lambda m, n: _days(n + timedelta(days=1))),
    (r"(?<![以之今])后日", lambda m, n: _days(n + timedelta(days=2))),
    (r"大后天", lambda m, n: _days(n + timedelta(days=3))),
    (r"后天", lambda m, n: _days(n + timedelta(days=2))),
]

EN: list[RuleRow] = [
    (
        # "yesterday and today", "today & tomorrow", "yesterday and the day before": both days
        gated(
            rf"\b(?P<a>{_EN_DAY_WORDS})\s*(?:and|&|\+)\s*(?P<b>{_EN_DAY_WORDS}|the day (?:before|after))\b",
            "yesterday",
            "today",
            "tomorrow",
        ),
        lambda m, n: _day_pair(n, _EN_DAY_OFFSETS[m["a"].lower()], _en_day_after(m["a"], m["b"])),
    ),
    (r"\bthe day after next\b", lambda m, n: _days(n + timedelta(days=2))),
    (r"\bthe night before last\b", lambda m, n: _days(n - timedelta(days=2))),
    (r"\bleap day\b", lambda m, n: _latest_leap_day(n)),
    (
        r"\b(?:the )?day after (?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b",
        lambda m, n: _days(n + timedelta(days=2)),
    ),
    (gated(r"\bovermorrow\b", "overmorrow"), lambda m, n: _days(n + timedelta(days=2))),
    (
        # "what did I tell you earlier?": earlier today
        gated(
            r"\b(?:told|tell|said|say|asked|ask|sent|send|mentioned|mention|gave|give|showed|show|shared|wrote"
            r"|talked|discussed|texted|noted|saved)\b"
            r"[^,.?!;]{0,40}?\bearlier(?= ?(?:today|on)?\s*(?:[,.?!;]|$))",
            "earlier",
        ),
        lambda m, n: _days(n),
    ),
    (
        gated(
            rf"\b(?P<n>{_EN_NUM}) days? (?P<r>after tomorrow|before yesterday)\b",
            "after tomorrow",
            "before yesterday",
        ),
        lambda m, n: _days(
            n + timedelta(days=(1 + en_number(m["n"])) * (1 if m["r"].lower().startswith("after") else -1))
        ),
    ),
    (
        gated(r"\bthe day (?:before tomorrow|after yesterday)\b", "before tomorrow", "after yesterday"),
        lambda m, n: _days(n),
    ),
    (
        r"\b(?:the )?(?:day|evening|morning|afternoon|night) before yesterday\b",
        lambda m, n: _days(n - timedelta(days=2)),
    ),
    (
        r"\b(?:yesterday|yday|yesterdy|yesturday|ystday|yest|kahapon|gister|ddoe)\b|\blast (?:night|evening)\b",
        lambda m, n: _days(n - timedelta(days=1)),
    ),
    (
        # "tonight" is today's night; the thirtieth round: said in the small hours (before 5:00), the night under way
        r"\btonight\b",
        lambda m, n: _days(n - timedelta(days=1) if n.hour < _SMALL_HOURS_END else n),
    ),
    (
        r"\btoday\b|\bthis (?:morning|afternoon|evening|avo)\b|\bearlier today\b|\bjust now\b",
        lambda m, n: _days(n),
    ),
    (r"\b(?:tomorrow|tmrw|tmr|tomorow|tommorow|tommorrow)\b", lambda m, n: _days(n + timedelta(days=1))),
]
