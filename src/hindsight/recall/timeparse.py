"""Time expressions in a query, as a date range resolved against the query's "now".

Rules, Chinese and English, no dependencies: "昨天", "前天", "三天前", "上周", "上周五", "上个月",
"五月", "去年", "最近", "yesterday", "last week", "two days ago", "last Friday", "in May",
"May 3rd", "in 2023", "recently" — and (issue 16) parts of months and years ("上个月初", "月底",
"中旬", "early last month", "the first week of July", "年底", "上半年"), weekends, "上上周三",
"下周三", "this / next Tuesday", rolling windows ("最近一周", "近一个月", "the past two weeks"),
"前几天", "a few days ago", "in two days". README.md has the table of phrasings and what each
means. Ranges are half-open [start, end) in naive UTC; a day is midnight to midnight. When several
expressions match, the earliest in the text wins, then the longest ("上个月初" over "上个月").
A weekday or weekend said of a habit ("我周末一般…", "what do I usually do on Sundays") names no
range. dateparser handles only part of this (not Chinese numerals nor "上周五"), and a rule table
is easier to read and test than a general parser's guesses.

`parse_range(query, now, region)` reads, for a user in `region` (an ISO 3166-1 code, `check_region`), what
only a place decides: "12/3" day first in the UK, the southern seasons in Australia, Canada's Thanksgiving,
India's financial year (README.md, "Where the user lives"); without a region, the defaults as before.

This module is the public face of the parser; the code is in the package hindsight.recall.time (its
docstring maps it).
"""

from hindsight.recall.time.parse import parse_range
from hindsight.recall.time.region import REGION_CODES, check_region
from hindsight.recall.time.time_range import TimeRange
from hindsight.recall.time.vocabulary import LARGEST_COUNT, en_number, zh_number

__all__ = [
    "LARGEST_COUNT",
    "REGION_CODES",
    "TimeRange",
    "check_region",
    "en_number",
    "parse_range",
    "zh_number",
]
