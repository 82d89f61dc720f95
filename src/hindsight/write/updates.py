"""Updates by meaning: a user's new statement that reads as a change of something they said before
closes that earlier statement, whatever the words — the second path beside the regex slots
(slots.py finds 19 attributes by their words; "My pharmacy is the Boots on High Street." →
"Prescriptions should go to the Lloyds inside the big Tesco now" names none of them).

Three steps, each explainable:

1. **A cue.** The new turn says it is a change ("now", "instead", "switched to", "no longer",
   "from now on", "改成", "换了", "不再", "推迟", "升职" …) or a correction ("actually", "写反了").
   Without one nothing happens: ordinary conversation rarely says so of what the user said before.
2. **The nearest earlier statements in meaning.** The user's still-open turns (their own, not the
   agent's; the newest `CANDIDATES`) are compared with it by the multilingual USE encoder — the
   guard's encoder, shipped with Hindsight, so the decision does not depend on the configured
   embedder and is made before anything is embedded.
3. **The same slot?** A logistic regression over a few pair features (`FEATURES`: cosine, the kind
   of cue, shared words, a value the earlier statement did not have, another person named in only
   one of them; since the third round also whether both are about the same kind of fact — topics.py,
   because an update rarely repeats its words and USE puts "I work at Acme" and "Started a new job
   at Globex" far apart — whether an earlier value named again is said to have ended ("Sold the
   Corolla") or carries on ("Took the Yaris in for new tyres"), and whether the statement adds
   ("…too", "又") or tells a past event ("去年", "last year")) says whether the nearest statement
   holds the same slot. It was trained by
   `python bench/train_updates.py` on the tuning part of the issue-16 conflict corpus, with
   negatives made from pairs of different cases; its threshold was chosen there by
   cross-validation so that the "keep" cases stay kept (at most 1 % of them, out of fold) and at
   most one ordinary chat statement in two thousand closes anything (chat pairs that are themselves
   updates — a named person's new job or city — are left out of the negatives). The weights ship as
   `update_slots.npz`.

One statement is closed without the model: a new one that names the earlier one's value as the one
it replaces, and gives another ("oops, I meant the 14th not the 12th", "是86号，不是88", "DHL instead of
Royal Mail": `names_replaced_value`). That says which statement it updates however far apart the two
are in meaning, and it is written to the log as such.

Closing is the slot conflicts' own: the earlier turn gets `valid_until` (nothing is deleted), the
summaries that repeat it and the slot facts it stated are closed with it, and a long-term fact is
not closed on one unverified mention (the new turn must be explicit or a correction, not hedged).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import IO, Protocol

import numpy as np
import numpy.typing as npt

from hindsight import prefilter
from hindsight.text import STOPWORDS
from hindsight.write import entities, intent, patterns, slots, topics

MODEL_FILE = "update_slots.npz"
CANDIDATES = 200
"""How many of the user's newest open turns are compared with an update."""

CHANGE_CUE = prefilter.compile(
    r"\b(?:now|instead|anymore|any more|no longer|from now on|going forward|these days|nowadays|"
    r"switch(?:ed|ing)?|swapp?(?:ed|ing)?|chang(?:ed|ing|e)|mov(?:ed|ing)|"
    r"moved? (?:it |him |her |them |me )?to|"
    r"renamed|replac(?:ed|ing)|upgrad(?:ed|ing)|downgrad(?:ed|ing)|upped|raised|lowered|bumped|cut|"
    r"pushed (?:back|forward)|postponed|brought forward|reschedul(?:ed|ing)|cancell?ed|quit|sold|"
    r"promoted|new|started|relocat(?:ed|ing)|transferred|registered with|dropped|stopped|gone|shut|closed|"
    r"update[ds]?|not any ?more|rather than|except|lower|go back to|after all|"
    r"(?:go |stretch )?up to|stretch to|"
    r"scrap|ported|next|plenty|enough|grew|got (?:bigger|smaller|worse|better)|"
    r"left|retired|broke up|split up|traded in|as of|lately|make (?:it|that)|can go to|go with|"
    r"go(?:ing)? by|call me|again|assigned|joined|joining|handed in|got the keys|qualified)\b|"
    r"改|换|变|调到|调成|调整|挪到|转到|转成|转去|推迟|延后|延期|提前|不再|不用了|不要了|不去了|不请|以后|今后|从现在|现在|"
    r"目前|开始|升职|跳槽|离职|辞职|搬|卖了|退了|退休|关门|倒闭|取消|放弃|放宽|压到|提到|加到|减到|降到|涨到|升到|"
    r"达成|下一个|目标|没订上|新买|新开|新公司|还是.{0,6}吧|"
    r"处理掉|提了|转网|不管用|进了|叫我|入职|分手|可以到|最多|就行|就好|停机|新号",
    re.IGNORECASE,
)
"""Words that say a statement changes something (a broad net: the decision is the model's)."""

STRONG_CUE = prefilter.compile(
    r"\b(?:now|instead|anymore|any more|no longer|from now on|going forward|these days|nowadays|"
    r"switch(?:ed|ing)?|chang(?:ed|ing|e)|moved? (?:it |him |her |them |me )?to|renamed|replac(?:ed|ing)|"
    r"pushed (?:back|forward)|postponed|reschedul(?:ed|ing)|update[ds]?|rather than|go back to|scrap)\b|"
    r"改成|改为|改到|改订|改约|改用|改在|改喝|改学|换成|换了|换到|调到|调成|挪到|推迟|延后|提前到|不再|以后|今后|"
    r"从现在|现在|还是.{0,6}吧",
    re.IGNORECASE,
)
"""The cues that say so plainly ("switched to", "改成"), against those that often do not ("new",
"started", "取消": a new classmate, a trip cancelled by the rain)."""

CORRECTION_CUE = prefilter.compile(
    r"\b(?:actually|oops|sorry|my bad|i meant|correction|typo|mistake|wrong|swapped|mixed up)\b|"
    r"写反了|写错|打错|说错|记错|看错|搞错|弄错|不好意思|其实是|应该是|更正|纠正|不是.{0,8}而是|是.{0,8}不是",
    re.IGNORECASE,
)

_CUE_WORDS = prefilter.compile(rf"{CHANGE_CUE.pattern}|{CORRECTION_CUE.pattern}", re.IGNORECASE)
"""Cue words are left out of the word features: "now" shared is not a shared topic."""
_RELATION = prefilter.compile(
    rf"\b(?i:{slots._HOUSEHOLD_EN})(?:'s)?\b|{slots._HOUSEHOLD_ZH}|\b[A-Z][a-z]+'s\b(?<!\bIt's)(?<!\bThat's)"
)
"""A person other than the user: a relative ("my wife", "我老婆") or a name's possessive ("Lily's")."""
_TOKEN = prefilter.compile(r"[a-z0-9][a-z0-9'+.-]*|[\u4e00-\u9fff]+", re.IGNORECASE)
_NUMBER = prefilter.compile(r"\d+(?:[.:]\d+)?")
_VALUE = prefilter.compile(
    r"\d+(?:[.:]\d+)?|\b[A-Z][\w+-]*|[A-Za-z][\w+-]*(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])[A-Za-z][\w+-]*"
)

FEATURES = (
    "cosine",
    "plain change cue",
    "other change cue only",
    "correction cue",
    "shared words",
    "new value",
    "another person named in the new only",
    "new words",
    "old words gone",
    "same topic",
    "other topics only",
    "old value named again",
    "additive cue",
    "past-event cue",
    "ending cue",
    "old value named again, not ended",
)


_FILLER = prefilter.compile(
    r"\b(?:btw|fyi|lol|lmao|haha+|omg|tbh|imo|hey|ok|okay|oh|um+|hmm+)\b|\d{3,}(?=\s*$)|2333+|"
    r"跟你说|跟你讲|对了|哈+|啊|呀|吧|呢|嘛|害|唉|嗯|哎|emm+|～|~",
    re.IGNORECASE,
)
"""Fillers ("btw", "lol", "跟你说") say nothing: a statement repeated with another filler is a repeat."""


ADDITIVE_CUE = prefilter.compile(
    r"\b(?:also|too|as well|another|a second|second one|extra|in addition|besides|plus|both)\b|"
    r"也|又|另外|还有|还报|还养|还要|第二|再加",
    re.IGNORECASE,
)
"""Words that add to what the user has rather than replace it ("we got a kitten too", "又领养了")."""

PAST_CUE = prefilter.compile(
    r"\b(?:last (?:year|summer|winter|spring|week|month|time)|years ago|when i was|as a kid|"
    r"yesterday|today|tonight|this morning|earlier|once|went|was (?:amazing|great|lovely|nice))\b|"
    r"去年|前年|以前|小时候|昨天|今天|今晚|上次|那次|当年",
    re.IGNORECASE,
)
"""Words that tell an event rather than a standing fact ("went to York for the weekend", "去年")."""


ENDING_CUE = prefilter.compile(
    r"\b(?:sold|cancell?ed|left|retired|quit|closed|shut|gone|finished|dropped|gave up|broke up|"
    r"split up|passed away|moved away|traded in|not \w+ any ?more|lost|stopped|scrapped|died|ended)\b|"
    r"卖了|退了|退休|离职|跳槽|撤了|不续|放弃|处理掉|走了|没订上|停机|停了|不用了|关门|倒闭|不支持|不搞了|"
    r"看完了|达成|回老家|调走|不请|戒了|不管用|分手",
    re.IGNORECASE,
)
"""Words that say the earlier value ended ("Sold the Corolla", "乐刻的卡退了"): an earlier value
named again *with* one is replaced; named again without one it usually carries on ("Took the Yaris
in for new tyres", "阳光幼儿园换了新园长")."""


def _content(text: str) -> frozenset[str]:
    """Content words; Chinese as character pairs (no segmenter needed for an overlap)."""
    out: set[str] = set()
    for token in _TOKEN.findall(_FILLER.sub(" ", text).lower()):
        if "\u4e00" <= token[0] <= "\u9fff":
            out.update(token[i : i + 2] for i in range(max(1, len(token) - 1)))
        elif token not in STOPWORDS and len(token) > 1:
            out.add(re.sub(r"(?<=[a-z]{3})(?:es|s)$", "", token))
    return frozenset(out)


def _values(text: str) -> frozenset[str]:
    return frozenset(value.lower() for value in _VALUE.findall(text) if value not in {"I", "My", "We", "The"})


def _names(text: str) -> frozenset[str]:
    """The names an earlier statement gives its value ("Boots", "Netflix", "Dr Park"): capitalised
    words not at the start of the sentence, and not the user's own words ("I", "My")."""
    body = re.sub(r"^\W*\w+", "", text.strip())
    return frozenset(
        value.lower()
        for value in re.findall(r"\b[A-Z][\w+-]+", body)
        if value.lower() not in STOPWORDS and value not in {"I", "I'm", "My", "We"}
    )


_ZH_SUBJECT_NAMED_AGAIN = prefilter.compile(
    r"^[\u4e00-\u9fffA-Za-z]{2,5}(?:的|又|换|改|搬|卖|退|撤|关|不|已经|现在)"
)
"""A Chinese statement that opens on a noun and goes on with what happened to it ("阳光幼儿园换了…",
"朗逸卖了"): with words shared with the earlier statement, the earlier value is named again."""

_ZH_PERSON_SUBJECT = prefilter.compile(
    rf"^(?:{_FILLER.pattern}|\s|[,，])*(?P<name>[{entities.SURNAMES}][\u4e00-\u9fff]{{1,2}}?)"
    r"(?=又|从|搬|辞职|离职|入职|跳槽|退休|现在|去了|换了|结婚|考上|住在|常住|一直|干)"
)
"""A statement about a named person ("孔萌又换工作了", "张海燕搬到厦门去了"): that person's slot is
theirs; if the earlier statement does not name them, it is not about them."""


def _relations(text: str) -> frozenset[str]:
    found = {found.lower().removesuffix("'s") for found in _RELATION.findall(text)}
    person = _ZH_PERSON_SUBJECT.search(text)
    if person:
        found.add(person["name"])
    return frozenset(found)


def content_words(text: str) -> frozenset[str]:
    """A statement's content words as the pair features read them: no cue word, no filler; Chinese
    as character pairs."""
    return _read(text).content


def has_cue(text: str) -> bool:
    """Whether a statement says it changes or corrects something."""
    return bool(CHANGE_CUE.search(text) or CORRECTION_CUE.search(text) or patterns.CORRECTION.search(text))


@dataclass(frozen=True, slots=True)
class _Reading:
    """What the pair features read off one statement, computed once per text (a new turn is paired
    with every candidate, and an earlier statement with every later turn)."""

    lower: str
    content: frozenset[str]
    values: frozenset[str]
    numbers: frozenset[str]
    relations: frozenset[str]
    names: frozenset[str]
    topics: frozenset[str]
    chinese: bool
    plain: bool
    change: bool
    correction: bool
    subject_opens: bool
    additive: bool
    past: bool
    ended: bool


@lru_cache(maxsize=8192)
def _read(text: str) -> _Reading:
    return _Reading(
        lower=text.lower(),
        content=_content(_CUE_WORDS.sub(" ", text)),
        values=_values(text),
        numbers=frozenset(_NUMBER.findall(text)),
        relations=_relations(text),
        names=_names(text),
        topics=topics.of(text),
        chinese=re.search(r"[\u4e00-\u9fff]", text) is not None,
        plain=bool(STRONG_CUE.search(text) or patterns.CORRECTION.search(text)),
        change=bool(CHANGE_CUE.search(text)),
        correction=bool(CORRECTION_CUE.search(text)),
        subject_opens=bool(_ZH_SUBJECT_NAMED_AGAIN.search(text)),
        additive=bool(ADDITIVE_CUE.search(text)),
        past=bool(PAST_CUE.search(text)),
        ended=bool(ENDING_CUE.search(text)),
    )


def features(new: str, old: str, cosine: float) -> npt.NDArray[np.float64]:
    """The pair features, in the order of `FEATURES`."""
    n, o = _read(new), _read(old)
    a, b = n.content, o.content
    shared = len(a & b) / max(1, min(len(a), len(b)))
    same_topic, other_topics = topics.compared(n.topics, o.topics)
    named_again = any(value in n.lower for value in o.names) or bool(
        o.chinese and (b & a) and n.subject_opens
    )
    return np.array(
        [
            cosine,
            float(n.plain),
            float(not n.plain and n.change),
            float(n.correction),
            shared,
            float(bool(n.values - o.values)),
            float(any(person not in o.lower for person in n.relations - o.relations)),
            len(a - b) / max(1, len(a)),
            len(b - a) / max(1, len(b)),
            same_topic,
            other_topics,
            float(named_again),
            float(n.additive),
            float(n.past),
            float(n.ended),
            float(named_again and not n.ended),
        ]
    )


def replaces_a_number(new: str, old: str) -> bool:
    """The new statement gives a number the earlier one did not, in place of one the earlier one
    gave ("My flight to Rome is on 12 March." / "Moved the Rome flight to the 19th."; "酒店预算4000" /
    "酒店预算压到3000"): a changed value, however few the words around it."""
    said_now, said_before = _read(new).numbers, _read(old).numbers
    return bool(said_now - said_before) and bool(said_before - said_now)


_THINGS = frozenset({"person", "org", "place"})
_DIGITS = prefilter.compile(r"[\d.:]+")


def of_another_thing(new: str, old: str) -> bool:
    """The new statement gives another named thing's number in the earlier statement's words ("The
    Paris trip budget is 5000." / "The Rome trip budget is now 4000."; "去杭州的预算是5000" /
    "去成都的预算改成4000"): each names a person, organisation or place the other does not, a number
    is replaced, and the words besides the names and numbers say little new. Two things' values,
    not one value changed. An update that changes the thing with its number says more around it
    ("包裹寄青岛市市南区香港中路10号" / "不对不对，包裹寄青岛市崂山区海尔路1号，我搬新家了"), and a
    correction is never this."""
    # the number first: it is read with the pair's other features, the names only for the few
    # pairs that replace a number
    if not replaces_a_number(new, old) or _read(new).correction or _MOVED.search(new):
        return False
    said_now, said_before = _named_things(new), _named_things(old)
    if not (said_now - said_before and said_before - said_now):
        return False
    names = said_now | said_before
    a, b = _unnamed(_read(new).content, names), _unnamed(_read(old).content, names)
    return len(a - b) / max(1, len(a)) < REPEAT_NEW_WORDS


_MOVED = prefilter.compile(
    r"搬到|搬去|搬家|搬了|\b(?:moved|moving|relocated|relocating) (?:to|in)\b", re.IGNORECASE
)
"""A move said: where one lives changed, with its district and number ("搬到上海了，现在住浦东5号楼"); never
two places' values side by side."""


_REPLACED_VALUE = prefilter.compile(
    r"\b(?:not|instead of|rather than)\s+(?:the |a |an |on |at |in |my )?"
    r"(?P<en>[\w'.:-]+(?: (?-i:[A-Z])[\w'.:-]*)*)|"
    r"(?<!是)不是(?P<zh>[^\s,.!?，。！？；;、]{1,8})",
    re.IGNORECASE,
)
"""A value the new statement says it replaces: "the 14th not the 12th", "DHL instead of Royal Mail",
"是14号，不是12号"; a name of several words is one value ("Royal Mail" is not "Royal Canin")."""


def names_replaced_value(new: str, old: str) -> bool:
    """The new statement says which of the earlier statement's values it replaces, and gives another
    ("oops, I meant the 14th not the 12th" after "My flight to Denver is on March 12th"; "打错了，是梧桐路
    86号，不是88" after "邀请函上的地址写：梧桐路88号"; "Please use DHL instead of Royal Mail" after "I
    usually get things by Royal Mail"). However far apart the two are in meaning, the earlier statement
    is the one replaced. The value must be distinctive (a number, a word of three letters or more that
    is no stopword, two Chinese characters or more) and said in the earlier statement; the new statement
    must say it is a change or a correction (a cue) and give a value the earlier one does not have."""
    n, o = _read(new), _read(old)
    if not (n.change or n.correction or n.plain) or not (n.numbers - o.numbers or n.content - o.content):
        return False
    for found in _REPLACED_VALUE.finditer(new):
        if found["en"] is not None:
            said = found["en"].strip("'.:-")
            number = any(char.isdigit() for char in said)
            if (number or (len(said) > 2 and said.lower() not in STOPWORDS)) and _said_in(said, old):
                return True
        else:
            said = found["zh"]
            # "不是12号吧" names "12号", never a bare "12" (a phone number's, a count's)
            digits = len(said) - len(said.lstrip("0123456789"))
            shortest = min(len(said), digits + 1) if digits else 2
            if any(_said_in(said[:end], old) for end in range(len(said), shortest - 1, -1)):
                return True
    return False


def _said_in(value: str, text: str) -> bool:
    """`value` is in `text` as a whole: not inside a longer word or number ("12th" is not in "12 Elm
    Street", "88" not in "888号")."""
    before = r"(?<![\w@])" if value[0].isascii() and value[0].isalnum() else ""
    after = r"(?![\w@])" if value[-1].isascii() and value[-1].isalnum() else ""
    if value[0].isdigit():
        before = r"(?<!\d)"
    if value[-1].isdigit():
        after = r"(?!\d)"
    return re.search(before + re.escape(value) + after, text, re.IGNORECASE) is not None


def _named_things(text: str) -> frozenset[str]:
    return frozenset(value.lower() for kind, value in entities.find_named(text) if kind in _THINGS)


def _unnamed(words: frozenset[str], names: frozenset[str]) -> set[str]:
    """The words that are neither a number nor part of a name. Chinese words are character pairs
    here (`_content`), so a pair with any character of a name is part of it ("去杭" of "去杭州")."""
    letters = "".join(names)
    return {
        word
        for word in words
        if not _DIGITS.fullmatch(word)
        and not (
            any(char in letters for char in word)
            if "\u4e00" <= word[0] <= "\u9fff"
            else any(word in name or name in word for name in names)
        )
    }


def is_repeat(row: npt.NDArray[np.float64], replaces_number: bool = False) -> bool:
    """The new statement says little the earlier one did not, or keeps nearly all of its words (the
    old value is still there: nothing was replaced). Neither holds when a number of the new one
    replaces the earlier one's (`replaces_a_number`): the old value is gone, and that is all an
    update of a date, an amount or a phone number may say ("my cell is 07911 123456" / "new cell
    07911 654321" keeps every word but the number)."""
    if replaces_number:
        return False
    new_words, old_gone = row[7], row[8]
    return bool(new_words < REPEAT_NEW_WORDS or old_gone < REPEAT_OLD_GONE)


def ruled_out(
    row: npt.NDArray[np.float64], replaces_number: bool = False, another_thing: bool = False
) -> bool:
    """Pairs the decision never closes, whatever the model says: a new statement about someone the
    earlier one did not name (the user's slot is not their wife's, as in conflicts.py; one that
    names nobody may be about the earlier one's person, as a slot without a subject is), another
    named thing's number (`of_another_thing`) and a repeat."""
    return bool(row[6]) or another_thing or is_repeat(row, replaces_number)


REPEAT_NEW_WORDS = 0.34
REPEAT_OLD_GONE = 0.2


@dataclass(frozen=True, slots=True)
class UpdateModel:
    weights: npt.NDArray[np.float64]  # [features]
    bias: float
    mean: npt.NDArray[np.float64]  # the features are standardised with these
    scale: npt.NDArray[np.float64]
    threshold: float
    """Close when p(same slot) reaches this (chosen on the tuning part)."""

    def probability(self, rows: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        logits = ((np.atleast_2d(rows) - self.mean) / self.scale) @ self.weights + self.bias
        return np.asarray(1.0 / (1.0 + np.exp(-logits)))


def save(path: str, model: UpdateModel) -> None:
    np.savez_compressed(
        path,
        weights=model.weights,
        bias=np.array(model.bias),
        mean=model.mean,
        scale=model.scale,
        threshold=np.array(model.threshold),
        features=np.array(FEATURES),
    )


def read(source: str | IO[bytes]) -> UpdateModel:
    with np.load(source, allow_pickle=False) as data:
        if tuple(str(name) for name in data["features"]) != FEATURES:
            raise ValueError("the update model was trained on other features; run bench/train_updates.py")
        return UpdateModel(
            weights=data["weights"].astype(np.float64),
            bias=float(data["bias"]),
            mean=data["mean"].astype(np.float64),
            scale=data["scale"].astype(np.float64),
            threshold=float(data["threshold"]),
        )


@lru_cache(maxsize=1)
def model() -> UpdateModel:
    """The shipped model, read on first use."""
    with resources.files("hindsight.write").joinpath(MODEL_FILE).open("rb") as handle:
        return read(handle)


def vectors(texts: Sequence[str]) -> npt.NDArray[np.float32]:
    """Unit-length USE vectors of `texts`, one row each (the guard's cache: intent.vectors)."""
    return intent.vectors(texts)


@dataclass(frozen=True, slots=True)
class Match:
    index: int
    """Which of the earlier statements it updates."""
    probability: float
    cosine: float
    named: bool = False
    """Chosen because `new` names its value as the one replaced (`names_replaced_value`), whatever
    the model's probability."""


@dataclass(frozen=True, slots=True)
class Scored:
    """Each earlier statement's pair features, the model's probability and the cosine; whether `new`
    replaces one of its numbers (`replaces_a_number`, for the repeat test), and whether that number
    is another named thing's (`of_another_thing`)."""

    rows: npt.NDArray[np.float64]
    probabilities: npt.NDArray[np.float64]
    cosines: npt.NDArray[np.float32]
    replaced: list[bool]
    another_thing: list[bool]


def _scored(new: str, earlier: Sequence[str], chosen: UpdateModel) -> Scored:
    matrix = vectors([new, *earlier])
    cosines = matrix[1:] @ matrix[0]
    rows = np.stack([features(new, old, float(cos)) for old, cos in zip(earlier, cosines, strict=True)])
    return Scored(
        rows,
        chosen.probability(rows),
        cosines,
        [replaces_a_number(new, old) for old in earlier],
        [of_another_thing(new, old) for old in earlier],
    )


def scored(new: str, earlier: Sequence[str]) -> Scored:
    """Each earlier statement's pair features, the shipped model's probability and the cosine."""
    return _scored(new, earlier, model())


def ranked(
    new: str, earlier: Sequence[str], most: int, update_model: UpdateModel | None = None
) -> list[Match]:
    """The earlier statements most likely to be the one `new` updates, best first, by the model's
    probability, whatever the threshold and whether or not `new` has a cue (a judge that reads them
    decides); only repeats are left out."""
    if not earlier:
        return []
    scored = _scored(new, earlier, update_model or model())
    order = [
        int(i)
        for i in np.argsort(-scored.probabilities, kind="stable")
        if not is_repeat(scored.rows[i], scored.replaced[i])
    ]
    return [Match(i, float(scored.probabilities[i]), float(scored.cosines[i])) for i in order[:most]]


def best_match(new: str, earlier: Sequence[str], update_model: UpdateModel | None = None) -> Match | None:
    """The earlier statement `new` updates, if the model says one is the same slot; None otherwise
    (also when `new` has no cue)."""
    if not earlier or not has_cue(new):
        return None
    chosen = update_model or model()
    scored = _scored(new, earlier, chosen)
    kept = [
        not ruled_out(row, number, thing)
        for row, number, thing in zip(scored.rows, scored.replaced, scored.another_thing, strict=True)
    ]
    if _REPLACED_VALUE.search(new):
        named = [i for i, old in enumerate(earlier) if kept[i] and names_replaced_value(new, old)]
        if named:
            # the value may be in more than one ("12号" a birthday's and a flight's): the likeliest
            best = max(named, key=lambda i: float(scored.probabilities[i]))
            return Match(best, float(scored.probabilities[best]), float(scored.cosines[best]), named=True)
    probabilities = scored.probabilities * np.array(kept)
    best = int(np.argmax(probabilities))
    if probabilities[best] < chosen.threshold:
        return None
    return Match(best, float(probabilities[best]), float(scored.cosines[best]))


@dataclass(frozen=True, slots=True)
class Judgement:
    """Which earlier statements a new one updates, and how that was decided (for the write log)."""

    matches: tuple[Match, ...] = ()
    how: str = ""
    note: str = ""
    """Set when a judge could not decide and another one did (written to the log as a fallback)."""


class UpdateJudge(Protocol):
    def considers(self, text: str) -> bool:
        """Whether `text` may update anything (cheap: the earlier statements are read only if so)."""
        ...

    def judge(self, new: str, earlier: Sequence[str]) -> Judgement: ...


class ModelJudge:
    """The shipped decision: a cue, then the pair model over the nearest statements."""

    def considers(self, text: str) -> bool:
        return has_cue(text)

    def judge(self, new: str, earlier: Sequence[str]) -> Judgement:
        match = best_match(new, earlier)
        if match is None:
            return Judgement()
        scores = f"p={match.probability:.2f}, cosine {match.cosine:.2f}"
        how = f"updated by meaning ({scores})"
        if match.named:
            how = f"updated: names the earlier value it replaces ({scores})"
        return Judgement((match,), how)
