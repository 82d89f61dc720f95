"""The rule table: the rules of every topic module, compiled, in one order; the rules of each script and
their gates.

The order breaks ties: when two rules match at the same place and length, the earlier one's reading is taken.
Only two rules that can match one and the same text can tie, and the modules are joined in an order that
keeps every such pair as it was when the rules were one list (`_TABLES`). A rule added to a module can tie
only with rules that can match its text: put it where its reading should win.
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.recall.time.rules import (
    counts,
    days,
    digit_dates,
    holiday_names,
    months,
    office,
    quarters,
    spans,
    weekdays,
    weeks,
    working_days,
    years,
)
from hindsight.recall.time.rules.pieces import Build, RuleRow, gate_of

_Rule = tuple[prefilter.Pattern, Build, tuple[str, ...], str]
"""A pattern, what its match means, the words one of which the query must hold (none: no such
condition), and the script the query must hold: "zh" (any non-ASCII character), "en" (a Latin
letter) or "" (either)."""


_TABLES = (
    holiday_names,
    days,
    counts,
    weekdays,
    weeks,
    working_days,
    quarters,
    years,
    office,
    spans,
    months,
    digit_dates,
)
"""The topic modules in the order their rules are joined. Two rules tie only when both can match one and the
same text; these modules hold such pairs, and the earlier module's reading is the one taken (the texts are
tests/test_time_rule_order.py's): holiday_names before months ("二月二" is 龙抬头) and digit_dates ("11.11买的" is
Singles' Day); weekdays before weeks ("sat-sun"); working_days before quarters ("the last working day of last
quarter"); quarters before years and months ("去年最后一周", "上月头二周"); years before office and months
("during 2027", "the month after next", "the first few days of this year"); office before spans ("quarter to
date"); spans before months ("earlier in the month")."""
_ZH: list[RuleRow] = [row for table in _TABLES for row in table.ZH]
_EN: list[RuleRow] = [row for table in _TABLES for row in table.EN]
_LAST = re.compile(r"(?:(?<=\\b)|(?<![A-Za-z]))last(?![a-z])")
""" "lst week", "lst month": the one misspelling of "last" that chat keeps (each English pattern reads
"l(?:a)?st" for it)."""

_RULES: list[_Rule] = (
    [(prefilter.compile(str(p)), f, gate_of(p), "zh") for p, f in _ZH]
    + [(prefilter.compile(_LAST.sub("l(?:a)?st", p), re.IGNORECASE), f, gate_of(p), "en") for p, f in _EN]
    + [(prefilter.compile(str(p)), f, (), "") for p, f in digit_dates.EITHER]
)
_BY_SCRIPT = {
    script: [
        (order, pattern, build, frozenset(gate))
        for order, (pattern, build, gate, rule_script) in enumerate(_RULES)
        if rule_script == script
    ]
    for script in ("zh", "en", "")
}
"""The rules of each script, with their place in `_RULES` (which breaks ties) and their gate as a set."""
_GATE_WORDS = frozenset(word for _, _, gate, _ in _RULES for word in gate)
_GATE_BY_PAIR: dict[str, tuple[str, ...]] = {}
for _word in sorted(_GATE_WORDS):
    _GATE_BY_PAIR[_word[:2]] = (*_GATE_BY_PAIR.get(_word[:2], ()), _word)
"""The gate words by their first two characters (one character for a word of one): a query is tested
only for the words whose first two characters it holds side by side."""
_CLASSES = (
    ("@month", prefilter.compile(r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)")),
    ("@weekday", prefilter.compile(r"\b(?:mon|tue|wed|thu|fri|sat|sun)")),
    ("@ordinal", prefilter.compile(r"\d(?:st|nd|rd|th)\b")),
    ("@isoweek", prefilter.compile(r"\b(?:cw|kw|ww|w|wk|week) ?\d")),
    (
        "@digitword",
        prefilter.compile(
            r"[a-z.]\d|\d(?!(?:st|nd|rd|th|am|pm|s|h|hrs?|k|m|x|pcs?|kg|g|ml|l|mins?)\b)[a-z.]"
        ),
    ),
)
"""Classes of words a gate may name: a month or a weekday (full or abbreviated), a day's ordinal."""
