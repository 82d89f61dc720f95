"""The regex prefilter (hindsight.prefilter): a search it skips is one the plain regex would not have
matched. Checked on constructed cases, on random patterns and texts, on every pattern of the guard over
its corpus, and on every pattern of the time parser over the time corpus's tuning halves."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import re
from pathlib import Path

import pytest

import hindsight.recall.time
from hindsight import prefilter
from hindsight.recall.time.prepare import _prepared
from hindsight.write import (
    entities,
    extract,
    guard,
    layer_drop_own_records,
    near_miss_own_business,
    patterns,
    slots,
    updates,
)

CORPUS = Path(__file__).parent / "corpora" / "guard" / "tune.jsonl"
TIME_CORPORA = Path(__file__).parent / "corpora" / "time"


def _same_everywhere(source: str, flags: int, text: str) -> None:
    quick, plain = prefilter.compile(source, flags), re.compile(source, flags)
    found, expected = quick.search(text), plain.search(text)
    assert (found and found.span()) == (expected and expected.span()), (source, text)
    for name in ("match", "fullmatch"):
        found, expected = getattr(quick, name)(text), getattr(plain, name)(text)
        assert (found and found.span()) == (expected and expected.span()), (name, source, text)
    assert quick.findall(text) == plain.findall(text)
    assert [match.span() for match in quick.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert quick.sub("#", text) == plain.sub("#", text)
    assert quick.subn("#", text) == plain.subn("#", text)
    assert quick.split(text) == plain.split(text)


@pytest.mark.parametrize(
    ("source", "flags", "needed"),
    [
        (r"\b(?:tell|say)\s+(?:him|her)\b", re.IGNORECASE, {"tell", "say"}),  # the first of two alike
        (r"hello|world", 0, {"hello", "world"}),
        (r"ab?c", 0, {"a"}),  # an optional piece breaks the join, both sides stay needed
        (r"(?:abc)+x", 0, {"abc"}),
        (r"x*", 0, None),  # can match the empty string: needs nothing
        (r"[ab]cd", 0, {"acd", "bcd"}),
        (r"\d+元", 0, {"元"}),
        (r"(?=foo)foobar", 0, {"foobar"}),
        (r"(?i:Admin) rights", 0, {"admin rights"}),
        (
            r"café",
            re.IGNORECASE,
            {"caf"},
        ),  # a cased letter beyond ASCII (folded otherwise by re) needs nothing
        (r"\b(?:from now|from |until)\b", 0, {"from ", "until"}),  # "from now" holds "from ": one test less
    ],
)
def test_what_a_pattern_needs(source: str, flags: int, needed: set[str] | None) -> None:
    found = prefilter.needed_strings(re.compile(source, flags))
    assert (found[0] if found else None) == (frozenset(needed) if needed is not None else None)


@pytest.mark.parametrize(
    ("source", "flags", "text"),
    [
        ("s", re.IGNORECASE, "\u017f"),  # the long s matches "s" under IGNORECASE
        ("i", re.IGNORECASE, "\u0131"),  # so does the dotless i match "i"
        ("k", re.IGNORECASE, "\u212a"),  # and the Kelvin sign "k"
        ("\u0130", re.IGNORECASE, "i"),  # the dotted capital I matches "i"; its lower case is two characters
        ("i", re.IGNORECASE, "\u0130"),
        ("ik", re.IGNORECASE, "A\u0130K"),
        ("\u03c3", re.IGNORECASE, "\u0391\u03a3"),  # a final sigma
        ("ask", re.IGNORECASE, "A\u017fK"),
        ("password", re.IGNORECASE, "PASSWORD"),
        ("(?i:pass)word", 0, "PASSword"),
        ("(?-i:Pass)word", re.IGNORECASE, "passWORD"),
        ("Pass", 0, "pass"),
        ("密码", re.IGNORECASE, "我的密码是"),
        ("a(?!b)", 0, "ab ac"),
    ],
)
def test_folds_and_flags_match_as_re_does(source: str, flags: int, text: str) -> None:
    _same_everywhere(source, flags, text)


_PIECES = [
    "a",
    "b",
    "A",
    "k",
    "s",
    "i",
    "\u0130",
    "\u03c3",
    "中",
    "文",
    " ",
    "ab",
    "[ab]",
    "[^a]",
    ".",
    r"\w",
    r"\b",
]
_PIECES += [r"\s", "[a-c]", "[i\u0130]"]
_TEXT = ["a", "b", "A", "B", "k", "K", "s", "S", "\u017f", "\u212a", "\u0131", "中", "文", " ", "c", "x"]
_TEXT += ["i", "I", "\u0130", "\u03a3", "\u03c3", "\u03c2"]


def _random_pattern(rng: random.Random, depth: int = 0) -> str:
    parts = []
    for _ in range(rng.randint(1, 4)):
        roll = rng.random()
        if roll < 0.15 and depth < 2:
            inner = "|".join(_random_pattern(rng, depth + 1) for _ in range(rng.randint(1, 3)))
            opening = rng.choice(["(?:", "(", "(?i:", "(?-i:", "(?=", "(?!", "(?>"])
            piece = f"{opening}{inner})"
        else:
            piece = rng.choice(_PIECES)
        if rng.random() < 0.3 and not piece.startswith(("(?=", "(?!", r"\b")):
            piece += rng.choice(["?", "*", "+", "{2}", "{1,3}", "*?", "++"])
        parts.append(piece)
    return "".join(parts)


def test_random_patterns_find_what_re_finds() -> None:
    rng = random.Random(20261205)
    skipped = 0
    for _ in range(1500):
        source = _random_pattern(rng)
        flags = rng.choice([0, re.IGNORECASE])
        quick = prefilter.compile(source, flags)
        for _ in range(12):
            text = "".join(rng.choice(_TEXT) for _ in range(rng.randint(0, 12)))
            skipped += not quick.may_match(text)
            _same_everywhere(source, flags, text)
    assert skipped > 1000  # the prefilter did skip searches, and none of them had a match


def _guard_patterns() -> list[prefilter.Pattern]:
    found: dict[int, prefilter.Pattern] = {}

    def collect(value: object) -> None:
        if isinstance(value, prefilter.Pattern):
            found[id(value)] = value
        elif isinstance(value, tuple | list):
            for item in value:
                collect(item)

    for module in (patterns, guard, near_miss_own_business, layer_drop_own_records):
        for value in vars(module).values():
            collect(value)
    return list(found.values())


def test_a_pattern_is_compiled_as_re_compiles_it() -> None:
    """The regex is built from the tree parsed for the prefilter, by re's own steps: the same program."""
    compiled = [
        value
        for module in (patterns, guard, entities, slots, extract, updates)
        for value in vars(module).values()
        if isinstance(value, prefilter.Pattern)
    ]
    assert len(compiled) > 400
    for pattern in compiled:
        plain = re.compile(pattern.pattern, pattern.flags)
        ours = pattern.compiled
        assert (ours.pattern, ours.flags, ours.groups, ours.groupindex) == (
            plain.pattern,
            plain.flags,
            plain.groups,
            plain.groupindex,
        )
    probe = prefilter.compile(r"(?P<year>[0-9]{4})-(?P<month>[0-9]{2})", re.ASCII)
    found = probe.search("due 2026-12")
    assert found is not None and found.groupdict() == {"year": "2026", "month": "12"}
    with pytest.raises(re.error):
        prefilter.compile(r"(unclosed")


def test_any_found_is_true_when_one_pattern_is_found() -> None:
    """`any_found` over prefiltered and plain patterns alike; nothing found without a pattern."""
    number, word = prefilter.compile(r"\d{3}"), re.compile(r"\bkey\b", re.IGNORECASE)
    assert prefilter.any_found("the KEY is here", number, word)
    assert prefilter.any_found("call 555", word, number)
    assert not prefilter.any_found("no digits, no k-e-y", number, word)
    assert not prefilter.any_found("555 key")


def test_every_guard_pattern_finds_on_its_corpus_what_re_finds() -> None:
    lines = CORPUS.read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["text"] for line in lines[::10] if line.strip()]
    views = list(dict.fromkeys(view for text in texts for view in guard.views(text)))
    compiled = _guard_patterns()
    assert len(compiled) > 300
    skipped = searched = 0
    for pattern in compiled:
        for view in views:
            if pattern.may_match(view):
                continue
            skipped += 1
            searched += pattern.compiled.search(view) is not None
    assert searched == 0  # no skipped search would have matched
    assert skipped > len(compiled) * len(views) // 2  # and most searches were skipped


def _time_patterns() -> list[prefilter.Pattern]:
    """Every prefilter pattern of the time parser: a module's own, and those in its tables."""
    found: dict[int, prefilter.Pattern] = {}

    def collect(value: object, depth: int = 0) -> None:
        if isinstance(value, prefilter.Pattern):
            found[id(value)] = value
        elif isinstance(value, tuple | list) and depth < 4:
            for item in value:
                collect(item, depth + 1)
        elif isinstance(value, dict) and depth < 4:
            for item in value.values():
                collect(item, depth + 1)

    for module in pkgutil.walk_packages(hindsight.recall.time.__path__, "hindsight.recall.time."):
        for value in vars(importlib.import_module(module.name)).values():
            collect(value)
    return list(found.values())


def test_every_time_pattern_finds_on_its_corpus_what_re_finds() -> None:
    """The time parser's patterns, on queries of the tuning halves as the parser reads them (as written,
    lowered, prepared): no search the prefilter skips would have matched, and each is the regex re builds."""
    queries = [
        json.loads(line)["query"]
        for path in sorted(TIME_CORPORA.glob("tune*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()[::40]
        if line.strip()
    ]
    views = list(
        dict.fromkeys(view for query in queries for view in (query, query.lower(), _prepared(query)))
    )
    compiled = _time_patterns()
    assert len(compiled) > 1000
    skipped = searched = 0
    for pattern in compiled:
        plain = re.compile(pattern.pattern, pattern.flags)
        assert (plain.pattern, plain.flags, plain.groupindex) == (
            pattern.compiled.pattern,
            pattern.compiled.flags,
            pattern.compiled.groupindex,
        )
        for view in views:
            if pattern.may_match(view):
                continue
            skipped += 1
            searched += pattern.compiled.search(view) is not None
    assert searched == 0  # no skipped search would have matched
    assert skipped > len(compiled) * len(views) * 3 // 4  # and most searches were skipped
