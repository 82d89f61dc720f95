"""`normalise`: the query as the time rules read it, one register's rewrites after another. The steps run in
the order listed: a later step reads what an earlier one wrote (the English second wave's rewrites come before
the older English tables, which read what they write)."""

from __future__ import annotations

from collections.abc import Callable

from hindsight import traditional
from hindsight.recall.time.words import (
    chinese,
    chinese_regional,
    english_abroad,
    english_in_chinese,
    english_learned,
    english_with_loanwords,
    fiscal,
    more_regions,
    national_days_and_mixed,
    number_words,
    office,
    spoken,
    typed,
    where_the_user_lives,
)

Step = Callable[[str], str]

_CHINESE_STEPS: tuple[Step, ...] = (
    chinese.full_width_narrowed,
    traditional.fold,
    more_regions.more_regions_chinese,
    chinese.minguo_years,
    chinese.digit_years,
    chinese.capital_numerals,
    chinese.dictation_fixed,
    chinese.written_forms,
    chinese_regional.regional_words,
    chinese_regional.regional_and_mixed_words,
    chinese_regional.new_year_by_its_customs,
    chinese.older_words,
    english_in_chinese.english_words_as_chinese,
)
"""The steps a query with a character beyond ASCII takes first (an ASCII query holds none of their words)."""

_STEPS: tuple[Step, ...] = (
    typed.single_spaces,
    more_regions.more_regions_english,
    typed.typing_fixed,
    typed.short_days_spelt_out,
    where_the_user_lives.region_words,
    fiscal.part_next_to_its_year,
    fiscal.fiscal_by_region,
    fiscal.fiscal_as_calendar,
    spoken.fillers_left_out,
    typed.unstretched,
    typed.mo_as_month,
    chinese.pinyin_words,
    chinese.pinyin_initials,
    english_with_loanwords.english_with_loanwords,
    spoken.homophones_fixed,
    spoken.spoken_words,
    number_words.counts_in_digits,
    number_words.ordinals_and_years,
    english_abroad.calques_read,
    spoken.days_after_a_day,
    english_learned.learned_word_orders,
    office.office_shorthand,
    chinese_regional.shanghai_and_beijing_words,
    office.back_office_shorthand,
    national_days_and_mixed.national_days_and_mixed,
)
"""The steps every query takes, in order."""


def normalise(query: str) -> str:
    """The query as the time rules read it (the same length where only characters change)."""
    if not query.isascii():
        for step in _CHINESE_STEPS:
            query = step(query)
    for step in _STEPS:
        query = step(query)
    return query
