"""Time expressions in a query, as a date range resolved against the query's "now": the parser behind
`hindsight.recall.timeparse` (whose docstring says what is read and how).

A query passes through, in order:
- `as_typed.py`: the query made plain of what keyboards and apps type (no-break and zero-width spaces, line
  breaks, spaces between a number and its Chinese unit, English marks typed full width, a message in capitals),
  and `spelled.py`: time words as people type them (misspellings, text-speak, ordinals without their suffix,
  possessives without their apostrophe, short month and weekday names) written out;
- `prepare.py`: the query as the rules read it, its words put in their form by `words/` (one module a register
  of writing; `words/normalise.py` lists its steps in the order they run);
- `parse.py`: `parse_range`, which searches the rules of `rules/` (one module a topic; `rules/table.py` joins
  them in the order that breaks ties) and reads the words around the match: `span_words.py` (a span, "since"),
  `corrections.py` ("no wait", "i mean"), `no_range.py` (a habit, a question about words: no range).

What the rules build their ranges with: `time_range.py` (the range), `vocabulary.py` (numbers, weekdays,
months), `periods/` (calendar arithmetic: days, months, years, quarters, seasons, working days, holidays,
dates in digits, periods counted from today), `no_time.py` (a match that names no time).

Where the user lives: `region.py` holds the region of the call (`parse_range(..., region=)`, a ContextVar set for
the call) and every convention a region changes — the order of a date in digits (`periods/digits.py` asks it),
the hemisphere's seasons (`periods/seasons.py`), the holidays kept on other days, by country and by Australian
state, and the long weekends named by their month (`periods/holiday_days.py`, `words/national_days_and_mixed.py`),
the financial, tax and assessment years (`words/fiscal.py`, `periods/years.py`), the days the clocks change, the
Friday-Saturday weekends (`parse.py`) — and the places a query may name, which win over the region where they
are tied to the time words. `words/where_the_user_lives.py` writes the words only a region reads (Taiwan's years
of the Republic in digits, "YA2027", "the Fourth") as the rules read them.

Another place's clock: `clock.py` finds the clock a query says its time words on ("today Manila time", 国内明天
from abroad); recall (`timefilter.scope`) reads the query on that clock's wall time, the parser is not asked.

The names inside the package keep their leading underscore: they are the package's own, not an interface.
"""
