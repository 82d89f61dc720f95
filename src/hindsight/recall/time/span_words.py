"""Words around an expression that make a span of it: what joins two ends ("上周一到周五", "tues or wed",
"between ... and"), a week ending or beginning on a day ("w/e", "w/c"), a date run to today ("since", "以来",
"onwards"), the day beside an event's date."""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.vocabulary import _ANY_WEEKDAY, _MONTH_NAMES

_DAY_BESIDE = prefilter.compile(
    r"\bthe day (?P<r>before|after)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:on\s+)?$", re.IGNORECASE
)
"""The day before or after an event named with its date, the event's words between ("the day after the
3/3/2027 board meeting", "the day before the launch on 12 May")."""


_BARE_MONTH_OR_QUARTER = prefilter.compile(
    rf"(?:十[一二]?|[一二三四五六七八九]|1[0-2]|0?[1-9])月份?|(?:{_MONTH_NAMES})|q[1-4]|第?[一二三四1-4]季度",
    re.IGNORECASE,
)
"""A month or a quarter named with no year, as the second end of a span (the twenty-sixth round, second wave)."""


_SPAN = prefilter.compile(
    r"\s*(?:到|至|~|～|–|—|-|\bto\b|\bthrough\b|\bthru\b|\btill\b|\buntil\b|还是|或者|要不就是|要不然就是|要么是|要么|或是|定系|定|"
    r"\bor\b(?:\s+(?:was it|is it|maybe|perhaps)\b)?)\s*",
    re.IGNORECASE,
)
"""What joins the two ends of a span of days, both included ("上周一到周五", "tues or wed")."""
_EITHER = prefilter.compile(
    r"还是|或者|要不就是|要不然就是|要么是|要么|或是|或|定系|定|\bor\b(?:\s+(?:was it|is it|maybe|perhaps)\b)?",
    re.IGNORECASE,
)
_NEXT_DAY = prefilter.compile(
    rf"(?:和|跟|与|同|及|、)?(?=(?:周|星期|礼拜)?[一二三四五六日天](?![一二三四五六七八九十个月号日天年点]))|\s*(?:and|n|&)\s*(?=(?:{_ANY_WEEKDAY})\b)"
    r"|(?:和|跟|与|、)(?=\d{1,2}[号日])|\s*(?:and|n|&)\s*(?=(?:the )?\d{1,2}(?:st|nd|rd|th)\b)"
    # "next Sat Sun", "this Saturday, Sunday": the next day said without "and"
    rf"|\s*,?\s+(?=(?:{_ANY_WEEKDAY})\b)",
    re.IGNORECASE,
)
"""Two weekdays or days of a month side by side ("上个礼拜六礼拜天", "上周六和周日", "the 3rd and 4th",
"3号和4号"): the second joins when it is the next day."""
_BARE_MONTH_DAY = prefilter.compile(
    rf"(?:the )?(?P<dd>\d{{1,2}})(?:st|nd|rd|th)\b(?! (?:of )?(?:{_MONTH_NAMES})\b)|(?P<zh>\d{{1,2}})[号日]",
    re.IGNORECASE,
)
"""A day of the month said after another ("the 3rd and 4th"): of the first one's month — not one with a
month of its own after it (the thirty-third round: "between the 1st of March and the 15th of April")."""
_BARE_WEEKDAY = prefilter.compile(
    rf"(?:(?:周|星期|礼拜)(?P<zh>[一二三四五六日天]))|(?:on )?(?P<en>{_ANY_WEEKDAY})\.?", re.IGNORECASE
)
_ZH_WEEKDAY_END = prefilter.compile(r"(?:周|星期|礼拜)[一二三四五六日天]$")
_ZH_WEEKDAY_NUMERAL = prefilter.compile(
    r"(?P<zh>[一二三四五六日天])(?![一二三四五六七八九十个月号日天年点])(?P<en>)"
)
_WEEK_AFTER = prefilter.compile(r"\s*(?:of\s+)?(?:the\s+)?(?P<w>last|this|next)\s+week\b", re.IGNORECASE)
_BETWEEN = prefilter.compile(r"\bbetween\s+$", re.IGNORECASE)
_BETWEEN_AND = prefilter.compile(r"\s*(?:and|&)\s*", re.IGNORECASE)
"""The "and" of "between tues and thurs last week": the two ends of a span, as "to" joins them."""
_WEEK_ENDING = prefilter.compile(
    r"\b(?:the )?(?:week (?:ending|ended)|w/e|w\.e\.|(?P<c>week commencing|week beginning|week starting|week beg\.?|w/c|w\.c\.|wc|w/b))"
    r"\s+(?:on\s+)?"
    r"(?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+)?$",
    re.IGNORECASE,
)
_WEEKS_ENDING = prefilter.compile(
    rf"\b(?:the )?(?:fortnight|(?P<n>two|three|four|2|3|4) weeks) (?:ending|ended|to|(?P<c>commencing|beginning|starting))"
    rf"\s+(?:on\s+)?(?:(?:{_ANY_WEEKDAY})\.?,?\s+)?$",
    re.IGNORECASE,
)
"""A fortnight or a few weeks ending or beginning on a day ("the fortnight ending 14 March")."""
_JOINED = prefilter.compile(r"到|至|[~～–—]|\b(?:to|through|thru|till|until)\b", re.IGNORECASE)
"""An expression that is a span already ("从3月1号到10号"): it names its own end, whatever "从" says."""
_TO_NOW = prefilter.compile(
    r"\s*(?:until|till|til|to|through|thru|up to|到|至)\s*(?:today|now|现在|今天)", re.IGNORECASE
)
"""A span that ends today ("from Monday until today, I told you each day"): a range, whatever habit words
follow."""
_SINCE_BEFORE = prefilter.compile(
    # 自打 / 打从: northern colloquial "since" (the forty-first round: "自打五一开始戒糖")
    r"(?:\bsince(?:,? like,?)?(?: the)?|\bon or after|自从|自打|打从|从|自)\s*$",
    re.IGNORECASE,
)
_SINCE_AFTER = prefilter.compile(
    r"\s*(?:开始(?=我|就|到现在|一直|都|，|,)|(?:开始)?(?:以来|至今|到现在|到今天|到而家|到而今|到如今|到目前为止|截至目前|截止目前|截至今天|截止到现在|以后|之后|起(?!床|飞|来)|\btill now\b|\buntil now\b|\bto date\b|\bso far\b))",
    re.IGNORECASE,
)
_SINCE_EVENT = prefilter.compile(
    r"\bsince\s+(?!(?:we|i|you|they|he|she|it|that|this|there|then|when)\b)(?:the\s+|our\s+|my\s+|their\s+)?"
    r"[\w'-]+(?:\s+(?!(?:is|are|was|were|will|be|has|have|had|on|in)\b)[\w'-]+){0,2}\s+(?P<on>(?:on|in)\s+)?$",
    re.IGNORECASE,
)


def _since_event(before: str, expression: str) -> bool:
    """ "since go-live on 3/1", "since the migration in February": an event named with its date, from
    that date to today."""
    since = _SINCE_EVENT.search(before)
    if _SINCE_EVENT_VERB.search(before):
        return True
    did = _SINCE_WE_DID.search(before)
    if did is not None and (did["on"] is not None or expression.lower().startswith(("on ", "in "))):
        return True
    return since is not None and (since["on"] is not None or expression.lower().startswith(("on ", "in ")))


_SINCE_EVENT_VERB = prefilter.compile(
    r"\bsince\s+(?:the\s+|our\s+|my\s+|their\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?\s+(?:started|began|kicked off"
    r"|went live|launched|opened|rolled out|took effect|came into effect|closed|was signed|was filed)\s+$",
    re.IGNORECASE,
)
_SINCE_WE_DID = prefilter.compile(
    r"\bsince\s+(?:we|i|they|he|she|you)\s+(?:\w+\s+)?(?:moved(?: in| here| house)?|arrived|started|joined"
    r"|began|switched|signed up|got (?:here|back|married|the keys)|came back|changed|renewed|upgraded)"
    r"(?:\s+(?!on\b|in\b)[\w'-]+){0,3}?\s+(?:(?P<on>on|in)\s+(?:the\s+)?)?$",
    re.IGNORECASE,
)
"""The forty-first round: what the user (or someone) did on the day said next ("since we moved in on the 2nd of
april", "since I started the new meds on Monday"): from that day to today ("since we …" is no "because" when
the event's day follows)."""
"""The twenty-sixth round, second wave: the event's verb before its date ("since open enrollment kicked off
Nov 1", "since the policy took effect July 1st"): from the date to today."""


_SINCE_EVENT_ZH = prefilter.compile(
    r"\s*(?:的)?(?:上线|开业|开张|入职|开工|复工|启用|投产|改版|切换|迁移|发布|成立|开通|接手|生效|实施|搬迁|交付|签约|立项)"
    r"(?:以来|至今|到现在|到今天|后到现在)"
)
"""An event named after its date, then 以来 ("3月1号上线以来"): from the date to today."""
_ONWARDS = prefilter.compile(r"\s*(?:onwards?|and (?:after|later|since)|or later)\b", re.IGNORECASE)
"""A date then "onwards" ("Nov 1 onwards", "from 1 Nov onwards", "the 3rd and after"): the date to today (the
twenty-sixth round, second wave)."""
_SINCE_EVENT_ZH_ANY = prefilter.compile(r"\s*(?:的)?(?:开始|启动)?[\u4e00-\u9fff]{1,6}?(?<![前后到至])以来")
"""Any short event's words between the date and 以来 ("11月1号开放登记以来", "3月5日新系统切换以来"): from the date to
today (the twenty-sixth round, second wave)."""
