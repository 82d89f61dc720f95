"""A query's words put in the form the time rules read, before any rule runs: Traditional characters
as Simplified ones ("上個禮拜", "這週"; hindsight.traditional, one for one), words a dictation app hears
wrong ("fry day", "last weak", "上周武", "大钱天"), ordinals and years said in words ("the twenty second",
"march the third", "twenty twenty six"), and the words of each register of writing the rules have met.
Each change keeps the text's meaning; none adds a time word that was not said.

One module a register (Chinese as typed, regional Chinese, English learned abroad, office shorthand, ...);
each holds its tables of rewrites and the steps that apply them. `normalise.py` runs the steps in order.
"""
