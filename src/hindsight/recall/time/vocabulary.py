"""The words of numbers, weekdays, months and days counted from today, in Chinese and English; the
pattern pieces built from them (`_ZH_NUM`, `_EN_NUM`, `_MONTH_NAMES`, ...) and the numbers they name
(`zh_number`, `en_number`)."""

from __future__ import annotations

_ZH_DIGITS = {
    "零": 0,
    "〇": 0,
    "一": 1,
    "二": 2,
    "两": 2,
    "三": 3,
    "四": 4,
    "五": 5,
    "六": 6,
    "七": 7,
    "八": 8,
    "九": 9,
    "俩": 2,
    "仨": 3,
}
_EN_NUMBERS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple of": 2, "couple": 2, "few": 3,
    "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
}  # fmt: skip
_EN_WEEKDAY_ABBREVIATIONS = {
    "mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3, "fri": 4, "sat": 5, "sun": 6,
}  # fmt: skip
_ZH_WEEKDAYS = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
_EN_WEEKDAYS = {
    d: i for i, d in enumerate(("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"))
}
_EN_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
         "november", "december")
    )
}  # fmt: skip
_EN_MONTHS.update({name[:3]: number for name, number in list(_EN_MONTHS.items())} | {"sept": 9})

_ZH_NUM = r"[0-9]+|[零〇一二两俩仨三四五六七八九十百]+"
_ZH_YEARS_BACK = r"(?<![0-9])(?P<n>[0-9]{1,2}|[一二两三四五六七八九十]+)年(?:之|以)?前"
"""三年前, 2年以前: years counted back (a four-digit year before 年前 is a year, "2025年前")."""
_EN_NUM = (
    r"\d+|a|an|one|two|thirteen|three|fourteen|four|fifteen|five|sixteen|six|seventeen|seven|eighteen|eight"
    r"|nineteen|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|ninety|couple of|couple|few"
)
_MONTH_NAMES = "|".join(sorted(_EN_MONTHS, key=len, reverse=True))
_WEEKDAY_NAMES = "|".join(_EN_WEEKDAYS)
_ANY_WEEKDAY = "|".join(sorted([*_EN_WEEKDAYS, *_EN_WEEKDAY_ABBREVIATIONS], key=len, reverse=True))
"""Full names and "Tues", "Thurs", "Sat": only after last / this / next / past, where "sat" is no verb."""


def _weekday(name: str) -> int:
    name = name.lower()
    return _EN_WEEKDAYS[name] if name in _EN_WEEKDAYS else _EN_WEEKDAY_ABBREVIATIONS[name]


LARGEST_COUNT = 10_000
"""The most days, weeks, months or years a phrase may count ("3000000000 months ago" names no time:
a bigger number is refused at once, not computed step by step)."""


def _bounded(count: int) -> int:
    if count > LARGEST_COUNT:
        raise ValueError(f"{count} is more than a time phrase counts")
    return count


def zh_number(text: str) -> int:
    """Chinese or Arabic numerals up to the hundreds: "三" 3, "十二" 12, "二十" 20, "两" 2."""
    if text.isdigit():
        return _bounded(int(text))  # a 5,000-digit number is a ValueError already
    total, current = 0, 0
    for char in text:
        if char == "百":
            total += (current or 1) * 100
            current = 0
        elif char == "十":
            total += (current or 1) * 10
            current = 0
        else:
            current = _ZH_DIGITS.get(char, 0)
    return total + current


def en_number(text: str) -> int:
    if text.isdigit():
        return _bounded(int(text))  # a 5,000-digit number is a ValueError already
    return _EN_NUMBERS.get(text.lower(), 1)


_YEAR_OFFSET = {
    "去年": -1,
    "今年": 0,
    "前年": -2,
    "明年": 1,
    "旧年": -1,
    "出年": 1,
    "last year": -1,
    "this year": 0,
    "next year": 1,
}
_WORKING_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5}
_WEEK_ORDINALS = {"一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                  "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip


_ZH_WEEKS = {"上上": -2, "大上": -2, "前": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}
_QUARTER_NUMBERS = {"首": 1, "一": 1, "二": 2, "三": 3, "四": 4, "1": 1, "2": 2, "3": 3, "4": 4, "first": 1, "second": 2,
                    "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4}  # fmt: skip
_QUARTER_OFFSETS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "last": -1, "lst": -1, "previous": -1, "prior": -1,
                    "this": 0, "next": 1}  # fmt: skip


_UNIT_DAYS = {
    "周": 7,
    "星期": 7,
    "礼拜": 7,
    "月": 30,
    "年": 365,
    "季度": 90,
    "week": 7,
    "weeks": 7,
    "month": 30,
    "months": 30,
}


_ORDINAL_WEEKS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
                  "5th": 5}  # fmt: skip


_ZH_UNIT_NAMES = {"周": "week", "期": "week", "拜": "week", "月": "month", "年": "year"}


_ZH_DAY = "[一二三四五六七八九]|十[一二三四五六七八九]?|二十[一二三四五六七八九]?|三十一?"
"""A day of the month in Chinese numerals (一 … 三十一)."""


_EN_DAY_COUNTS = {"fourteen": 14, "thirty": 30, "sixty": 60, "ninety": 90}


_ZH_DAY_OFFSETS = {"大前天": -3, "前天": -2, "昨天": -1, "今天": 0, "明天": 1, "后天": 2, "大后天": 3,
                   "前日": -2, "昨日": -1, "琴日": -1, "寻日": -1, "今日": 0, "明日": 1, "听日": 1, "后日": 2}  # fmt: skip
"""The day words, with the 日 of Cantonese and of written Chinese ("昨日和前日")."""
_ZH_DAY_WORDS = "|".join(sorted(_ZH_DAY_OFFSETS, key=len, reverse=True))
_EN_DAY_OFFSETS = {"the day before yesterday": -2, "yesterday": -1, "today": 0, "tomorrow": 1,
                   "the day after tomorrow": 2}  # fmt: skip
_EN_DAY_WORDS = "|".join(sorted(_EN_DAY_OFFSETS, key=len, reverse=True))
