"""What the relational stores share: the SQL that reads and writes the same tables the same way on
either engine, written once for "the dialect" (`dialect.py`).

What an engine does its own way (locking, RETURNING, its indexes, its unit of work) stays in that
engine's modules; the classes here are the shared part of theirs, and the functions the shared part
of their helpers. One module per idea: the dialect and the driver (`dialect`), records (`records`),
open events (`events`), the write queue (`queue`), the write log (`log`), snapshots (`snapshots`),
working memory and locks (`sessions`); `dialect` imports none of the others.
"""
