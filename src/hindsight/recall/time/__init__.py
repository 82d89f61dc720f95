"""Time expressions in a query, as a date range resolved against the query's "now": the implementation behind
`hindsight.recall.timeparse` (whose docstring says what is read and how).

- `words/`: the normaliser, a query's words put in the form the rules read (one module a register of writing;
  `words/normalise.py` lists the steps in the order they run).
"""
