"""Recall routes: each returns scored candidates (record id, score), best first.

A route is a small function over one storage seam; the recall engine decides which routes run and
fuse weighs them. Scores are each route's own scale (cosine, BM25): fuse normalises them.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime

import numpy as np
import numpy.typing as npt

from hindsight.recall.timeparse import parse_range
from hindsight.stores.base import KeywordIndex, RecordFilter, RecordSearch, Scored, VectorIndex
from hindsight.text import query_terms
from hindsight.write.entities import find_entities


def semantic(
    index: VectorIndex, where: RecordFilter, query_vector: npt.NDArray[np.float32], k: int
) -> Scored:
    return index.search_vector(where, query_vector, k)


def keyword(
    index: KeywordIndex, where: RecordFilter, query: str, k: int, skip: Collection[str] = ()
) -> Scored:
    """BM25 over the query's terms, less those in `skip` (lower-cased) unless nothing else is left."""
    terms = query_terms(query)
    kept = [term for term in terms if term.lower() not in skip]
    return index.search_keyword(where, kept or terms, k)


_TOKEN = re.compile(r"[A-Za-z0-9][A-Za-z0-9-]*")


def query_entities(query: str, now: datetime) -> list[str]:
    """The entity values a query may name: what the entity rules find, its content words (a product,
    a place), and id-like tokens however typed — "sf-123 456" is SF123456. The lookup is exact, so a
    word that is no record's entity costs nothing."""
    values = [value for kind, value in find_entities(query, now) if kind != "date"]
    values += query_terms(query)
    tokens = _TOKEN.findall(query)
    for size in (1, 2, 3):
        for start in range(len(tokens) - size + 1):
            joined = "".join(tokens[start : start + size])
            if (any(c.isdigit() for c in joined) and any(c.isalpha() for c in joined)) or joined.isdigit():
                values.append(joined)
    return list(dict.fromkeys(values))


def entity(
    store: RecordSearch, where: RecordFilter, query: str, now: datetime, k: int, skip: Collection[str] = ()
) -> Scored:
    """Exact match on the entities the query names: "SF123456 这个订单" finds what holds SF123456.
    Values in `skip` (lower-cased: the conversation's participants) are not looked up: a
    participant is a person entity of every event summary that names them, as they are a word of
    every turn they spoke (the keyword route leaves them out for that reason too)."""
    values = [value for value in query_entities(query, now) if value.lower() not in skip]
    return store.search_entities(where, values, k)


def temporal(store: RecordSearch, where: RecordFilter, query: str, now: datetime, k: int) -> Scored:
    """Records inside the range the query's time expression names ("上周五", "last month"), most
    recent first; nothing when the query names no time."""
    found = parse_range(query, now)
    if found is None:
        return []
    return store.search_time(where, found.start, found.end, k)
