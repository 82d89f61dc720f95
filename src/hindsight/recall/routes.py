"""Recall routes: each returns scored candidates (record id, score), best first.

A route is a small function over one storage seam; the recall engine decides which routes run and
fuse weighs them. Scores are each route's own scale (cosine, BM25): fuse normalises them.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import datetime

import numpy as np
import numpy.typing as npt

from hindsight.recall import people
from hindsight.recall.people import Person
from hindsight.recall.timeparse import parse_range
from hindsight.stores.base import (
    KeywordIndex,
    RecordFilter,
    RecordSearch,
    RecordStore,
    Scored,
    VectorIndex,
)
from hindsight.text import query_terms
from hindsight.write.entities import DATE_KINDS, find_entities


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
    values = [value for kind, value in find_entities(query, now) if kind not in DATE_KINDS]
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


PEOPLE_LOOKUP = 40
"""How many memories are read for the names the user gave a question's people (those matching the
question's words and those naming its relations)."""
PEOPLE_CANDIDATES = 100
"""How many memories mentioning one of the people are ranked by meaning (people route)."""


def people_candidates(
    index: KeywordIndex,
    records: RecordStore,
    where: RecordFilter,
    query: str,
    found_by_words: Scored,
    skip: Collection[str] = (),
) -> tuple[Person | None, list[str]]:
    """The question's people (recall/people.py) and the memories that mention any of them by
    relation or by name, unranked; (None, []) when the question names nobody the user named."""
    relations = people.relations_in(query)
    if not relations and not [name for name in people.names_in(query) if name.lower() not in skip]:
        return None, []  # nobody named: nothing to read (most questions)
    ids = [rid for rid, _ in found_by_words[:PEOPLE_LOOKUP]]
    if relations:
        ids += [rid for rid, _ in index.search_keyword(where, relations, PEOPLE_LOOKUP)]
    texts = [record.text for record in records.get_many(list(dict.fromkeys(ids))).values()]
    names_in_query = {
        name for text in texts for _, name in people.namings(text) if people.named_in(name, query)
    }
    person = people.resolve(relations, names_in_query, texts)
    if person is None or not person.names:
        return None, []
    found = index.search_keyword(where, person.words, PEOPLE_CANDIDATES)
    read = records.get_many([rid for rid, _ in found])
    return person, [rid for rid, _ in found if rid in read and people.mentions(read[rid].text, person)]


BRIDGE_FROM = 3
"""A two-step question's person is looked for in the best this many memories of the first ranking."""
BRIDGE_NAMES = 2


def bridge_candidates(
    index: KeywordIndex,
    records: RecordStore,
    where: RecordFilter,
    first: list[str],
    question: str,
    skip: Collection[str] = (),
) -> list[tuple[str, list[str]]]:
    """For a question that reaches a person through a fact ("开宝马3系的那个亲戚是谁？他住哪？"):
    the people the user introduced ("我堂弟叫毛超") named in the best memories of the first ranking
    (`first`), each with the memories that mention them, unranked."""
    out: list[tuple[str, list[str]]] = []
    texts = [record.text for record in records.get_many(first[:BRIDGE_FROM]).values()]
    words = [name for text in texts for name in people.names_in(text)]
    for word in dict.fromkeys(words):
        if len(out) == BRIDGE_NAMES:
            break
        if people.named_in(word, question) or word.lower() in skip:
            continue
        found = index.search_keyword(where, [word], PEOPLE_CANDIDATES)
        read = records.get_many([rid for rid, _ in found])
        introduced = {
            name
            for record in read.values()
            for _, name in people.namings(record.text)
            if name.startswith(word)
        }
        if not introduced:
            continue  # not one of the user's people: a brand, a place, somebody else's relative
        name = max(sorted(introduced), key=len)  # sorted: the same name in every process
        out.append((name, [rid for rid, _ in found if rid in read and people.named_in(word, read[rid].text)]))
    return out


def mentioned_nearby(
    index: VectorIndex,
    records: RecordStore,
    where: RecordFilter,
    vectors: Sequence[npt.NDArray[np.float32]],
    person: Person,
    k: int = PEOPLE_CANDIDATES,
) -> list[str]:
    """The memories nearest in meaning to `vectors` that mention the person. The keyword index
    cannot always find a name: a Chinese name is not a dictionary word, and the segmenter
    cuts "唉毛超住在郑州" as 唉 / 毛 / 超住 / 在 / 郑州."""
    near = [rid for vector in vectors for rid, _ in index.search_vector(where, vector, k)]
    read = records.get_many(list(dict.fromkeys(near)))
    return [rid for rid, record in read.items() if people.mentions(record.text, person)]
