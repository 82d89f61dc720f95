"""English typed without capitals — "my cousin jamal is an intern at nasa", "ship it to 55 market st, san
francisco, ca 94105" — read with the capitals a careful writer would have given it.

The rule extractor finds English names, organisations, places, addresses and codes by their capitals, as a
reader does. Many people type chat in lower case; measured on the extraction tuning parts with every turn
lowered, the entities found fell from 851 to 515 of 938 (BENCHMARKS.md, "Issue 16, thirty-eighth round").

A text is read so only when it is typed without capitals (`typed_without_capitals`): Latin words, no
Chinese, and no capital but a sentence's first letter, "I" and the letters of a code. Each word then
gets the capitals its spelling has elsewhere, in this order:
  * codes: an order number, a postcode, a state before its ZIP code, a currency's letters, a street
    ("sf7720193846", "nw1 6xe", "ca 94105", "ca$189", "48 oak avenue", "apt 4b");
  * a known organisation, city or given name (the gazetteers of `entities`): several words, or one that is
    no English word written small ("fedex" -> "FedEx", "new york" -> "New York"; not "target", "grant");
  * a word the spelling dictionary knows only with a capital ("seattle", "pfizer", "nasa" -> "NASA");
  * where a person is announced ("my cousin jamal", "kenji sato and i", "i'm priya", "named grace"), a
    word the dictionary does not know, or knows with a capital as well as without ("grace").
Only the case of letters changes, so the text keeps its length and a value found in it is the same span of
what the user typed (`traditional.in_original`).

The spelling dictionary is SCOWL's size-50 American English list (Debian's `wamerican`), shipped gzipped in
`english_words.txt.gz` (its notice: `english_words.NOTICE`). It is read on first use, never at import."""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable
from functools import lru_cache
from importlib import resources

from hindsight import prefilter, relations
from hindsight.write.entities import CITIES_EN, EN_GIVEN_NAMES, ORGS_EN, OWNED_EN_WORDS


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_WORD = prefilter.compile(r"(?<![A-Za-z\u00c0-\u00ff])[a-z\u00e0-\u00ff]+(?![A-Za-z\u00c0-\u00ff])")
_CAPITAL = prefilter.compile(r"[A-Z\u00c0-\u00de]")
_SENTENCE_START = prefilter.compile(r"(?:^|[.!?\n]\s*|[\"“(]\s*)$")
_NOT_LATIN = prefilter.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]")
_LATIN_WORDS = prefilter.compile(r"[A-Za-z]{2,}")
_I_FORMS = prefilter.compile(r"(?<![A-Za-z'’])I(?:['’](?:m|ll|ve|d))?(?![A-Za-z])")
_WITH_DIGIT = prefilter.compile(r"[A-Za-z]*\d[A-Za-z0-9]*")


def typed_without_capitals(text: str) -> bool:
    """Latin words with no capital but a sentence's first letter, "I" ("I'm") and the letters of a
    code ("AB12345"): a text typed in lower case. Text with Chinese or Japanese is left to its own rules."""
    if _NOT_LATIN.search(text) or not _LATIN_WORDS.search(text):
        return False
    allowed = {m.start() for m in _I_FORMS.finditer(text)}
    for code in _WITH_DIGIT.finditer(text):
        allowed.update(range(code.start(), code.end()))
    for capital in _CAPITAL.finditer(text):
        at = capital.start()
        if at not in allowed and not _SENTENCE_START.search(text[max(0, at - 3) : at]):
            return False
    return True


def with_capitals(text: str) -> str:
    """`text` with capitals given back where it is typed without them; any other text as it is."""
    if typed_without_capitals(text):
        restored = _restore(text, _STEPS)
    elif _NOT_LATIN.search(text) and typed_without_capitals(_NOT_LATIN.sub(" ", text)):
        # Chinese with English words typed small ("单号jd88120033221", "我朋友jessica"): codes and known names
        restored = _restore(text, _STEPS_AMONG_CHINESE)
    else:
        return text
    return restored if len(restored) == len(text) else text


_KEPT_AS_TYPED = prefilter.compile(
    r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\b(?:https?://|www\.)\S+|(?<![A-Za-z0-9])@\w+"
)
"""An e-mail address, a link or a handle: spelled as typed ("mia.r@inbox.com" names no Mia)."""


@lru_cache(maxsize=4096)
def _restore(text: str, steps: tuple[Callable[[str], str], ...]) -> str:
    restored = text
    for step in steps:
        restored = step(restored)
    for kept in _KEPT_AS_TYPED.finditer(text):
        restored = restored[: kept.start()] + kept.group(0) + restored[kept.end() :]
    return restored


# -- the spelling dictionary ------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _dictionary() -> tuple[frozenset[str], dict[str, str], frozenset[str]]:
    """(words written small, {lower: the only spelling} of words written only with capitals, lower forms
    of words the dictionary has both ways: "grace" / "Grace")."""
    data = resources.files("hindsight.write").joinpath("english_words.txt.gz").read_bytes()
    words = gzip.decompress(data).decode("utf-8").split()
    small = frozenset(word for word in words if word.islower())
    proper: dict[str, str] = {}
    both: set[str] = set()
    for word in words:
        lowered = word.lower()
        if word == lowered:
            continue
        if lowered in small:
            if word == word.capitalize():  # "Grace", not the acronym "NOW" nor the element "At"
                both.add(lowered)
        else:
            proper.setdefault(lowered, word)
    return small, proper, frozenset(both)


def is_common_word(word: str) -> bool:
    """An English word written small ("target", "grant", "bought")."""
    return word.lower() in _dictionary()[0]


def is_known_spelling(word: str) -> bool:
    """A word the dictionary has either way, a name the project knows, chat shorthand or a day's or a month's
    short name: a word typed as meant ("colour" is not: the dictionary is American)."""
    lowered = word.lower()
    small, proper, _ = _dictionary()
    return (
        lowered in small
        or lowered in proper
        or lowered in _known_names()[1]
        or lowered in _SHORTHAND
        or lowered in _DAYS_AND_MONTHS
    )


def _capitalised(text: str, pattern: prefilter.Pattern, group: str, is_a_name: Callable[[str], bool]) -> str:
    """`text` with the word that `group` of each match of `pattern` holds capitalised, if `is_a_name`."""
    spans = [
        (match.start(group), match.group(group).capitalize())
        for match in pattern.finditer(text)
        if is_a_name(match.group(group))
    ]
    return _replace_spans(text, spans)


def _replace_spans(text: str, spans: list[tuple[int, str]]) -> str:
    out = text
    for at, spelt in spans:
        if out[at : at + len(spelt)].lower() == spelt.lower():
            out = out[:at] + spelt + out[at + len(spelt) :]
    return out


# -- codes, streets, postcodes ------------------------------------------------------------------------

_STATES = (
    "al|ak|az|ar|ca|co|ct|de|fl|ga|hi|id|il|in|ia|ks|ky|la|me|md|ma|mi|mn|ms|mo|mt|ne|nv|nh|nj|nm|ny|nc|nd|oh|ok|"
    "or|pa|ri|sc|sd|tn|tx|ut|vt|va|wa|wv|wi|wy|dc|on|bc|ab|qc|mb|sk|ns|nb|nl|pe|nsw|vic|qld|wa|sa|tas|act"
)
_UPPER_CODES = prefilter.compile(
    # an order or parcel number ("sf7720193846", "#hb-55102", "w2289017")
    r"(?<![A-Za-z0-9])[a-z]{1,4}-?\d{4,16}(?![A-Za-z0-9])"
    # a booking reference of six letters and digits that starts with a letter ("qk7tzp"); a flat ("apt 4b")
    r"|(?<![A-Za-z0-9])[a-z](?=[a-z]{0,4}\d)(?=[a-z\d]*[a-z]\d*[a-z])[a-z\d]{5}(?![A-Za-z0-9])"
    r"|(?<=\bapt )\d+[a-z](?![A-Za-z])|(?<=\bunit )\d+[a-z](?![A-Za-z])"
    # a British or Irish postcode ("nw1 6xe", "ox11 7ht", "sw1a 2aa", "v94 e2k5"), a Canadian one ("m5h 2n2")
    r"|(?<![A-Za-z0-9])[a-z]{1,2}\d[a-z\d]? \d[a-z]{2}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])[a-z]\d\d [a-z\d]{4}(?![A-Za-z0-9])"
    r"|(?<![A-Za-z0-9])[a-z]\d[a-z] ?\d[a-z]\d(?![A-Za-z0-9])"
    # a state or province before its code ("ca 94105", "on m5h 2n2", "qc h2s 1t5", "ri 02906")
    rf"|(?<![A-Za-z])(?:{_STATES})(?= \d{{4,5}}(?![\d])| [a-z]\d[a-z] ?\d[a-z]\d)"
    # a currency's letters before an amount ("ca$189", "s$35", "usd 40", "rm 120")
    r"|(?<![A-Za-z])[a-z]{1,3}(?=\$\s?\d)|(?<![A-Za-z])(?:usd|eur|gbp|sgd|hkd|aud|cad|myr|rmb|inr|ntd|rm)(?=\s?\d)"
)
_DIGIT = prefilter.compile(r"\d")
_STREET = prefilter.compile(
    r"(?<![A-Za-z0-9])(?:\d+[a-z]?,?\s+)(?P<name>(?:[a-z\u00e0-\u00ff]+\s+){1,3}?"
    r"(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|close|crescent|cres|terrace|way|boulevard|blvd|place|pl|"
    r"court|ct|loop|grove|gardens|square|sq|parkway|pkwy|highway|hwy|row|walk|mews|hill|park)"
    r"(?:\s+(?:west|east|north|south|nw|ne|sw|se))?)(?![A-Za-z])"
    # a street its kind before its name, after the number ("1190 rue beaubien"; not "via email")
    r"|(?<![A-Za-z0-9])\d+[a-z]?,?\s+(?P<prefix>(?:rue|via|calle|avenida|strada|chemin)(?:\s+(?:de|del|della|des|du|la)){0,2}"
    r"\s+[a-z\u00e0-\u00ff]+)"
)
_TOWN_BEFORE_CODE = prefilter.compile(
    r"(?<=, )(?P<town>[a-z\u00e0-\u00ff]+(?: [a-z\u00e0-\u00ff]+)?)(?=,? (?:[A-Z]{2,3} )?"
    r"(?:\d{4,5}|[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}|[A-Z]\d\d [A-Z\d]{4}|[A-Z]\d[A-Z] ?\d[A-Z]\d)\b)"
)
_LOWER_PARTICLES = frozenset({"de", "del", "della", "des", "du", "la", "von", "van", "der"})


def _title(words: str) -> str:
    return re.sub(
        r"(?<![A-Za-z\u00c0-\u00ff])[a-z\u00e0-\u00ff]+",
        lambda m: m.group(0) if m.group(0) in _LOWER_PARTICLES else m.group(0).capitalize(),
        words,
    )


def give_codes_capitals(text: str) -> str:
    """Order numbers, postcodes, states before a ZIP code and a currency's letters in capitals; a street
    and the town before a postcode with their first letters. Each holds a digit: text with none is passed."""
    if not _DIGIT.search(text):
        return text
    text = _UPPER_CODES.sub(lambda m: m.group(0).upper(), text)
    spans = []
    for match in _STREET.finditer(text):
        name = "name" if match.group("name") else "prefix"
        spans.append((match.start(name), _title(match.group(name))))
    text = _replace_spans(text, spans)
    spans = [
        (m.start("town"), _title(m.group("town")))
        for m in _TOWN_BEFORE_CODE.finditer(text)
        if not all(is_common_word(word) for word in m.group("town").split()) or " " not in m.group("town")
    ]
    return _replace_spans(text, spans)


# -- gazetteers ------------------------------------------------------------------------------------------

_READ_AS_WORDS = frozenset({"best buy", "just eat", "now tv", "prime video", "home depot"})
"""Known names whose words, typed small, say something else more often ("the best buy is ...")."""
_NAMES_SELDOM_WORDS = frozenset({"john", "maria", "harry", "martin", "tony", "peter", "josh", "matt"})
"""Given names the dictionary also writes small whose other sense is rare in chat (a toilet, the seas of the
moon, to harass, a bird); the rest ("grant", "jack", "nick", "mike", "min", "tom", "carol", "heather") are
names only where a person is said ("my son jack", "with tom")."""


@lru_cache(maxsize=1)
def _known_names() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    spellings: dict[str, str] = {}
    for name in [*ORGS_EN.split("|"), *CITIES_EN.split("|"), *EN_GIVEN_NAMES]:
        name = name.replace("\\+", "+")
        lowered = name.lower()
        if lowered in _READ_AS_WORDS:
            continue
        if " " not in lowered and is_common_word(lowered) and lowered not in _NAMES_SELDOM_WORDS:
            continue
        spellings.setdefault(lowered, name)
    by_first: dict[str, list[str]] = {}
    for name in sorted(spellings, key=len, reverse=True):  # the longest first: "new york" before "york"
        by_first.setdefault(re.split(r"[^a-z]", name, maxsplit=1)[0], []).append(name)
    return {first: tuple(names) for first, names in by_first.items()}, spellings


_NAME_START = prefilter.compile(r"(?<![A-Za-z])[a-z]+")


def give_known_names_capitals(text: str) -> str:
    """A known organisation, city or given name spelled as it is known ("fedex" -> "FedEx", "new york")."""
    by_first, spellings = _known_names()
    spans: list[tuple[int, str]] = []
    for word in _NAME_START.finditer(text):
        for name in by_first.get(word.group(0), ()):
            end = word.start() + len(name)
            if text.startswith(name, word.start()) and not text[end : end + 1].isalpha():
                spans.append((word.start(), spellings[name]))
                break
    return _replace_spans(text, spans)


_DAYS_AND_MONTHS = _words(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed weds thu thur thurs fri sat
    sun january february march april may june july august september october november december jan feb mar apr
    jun jul aug sep sept oct nov dec"""
)
"""Left as typed: the date rules read them in any case, and "to thurs" is no place."""


def give_proper_words_capitals(text: str) -> str:
    """A word the dictionary knows only with a capital, spelled so ("seattle", "nasa" -> "NASA")."""
    small, proper, _ = _dictionary()

    def spelt(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in small or len(word) < 3 or word in _DAYS_AND_MONTHS or word in _SHORTHAND:
            return word
        return proper.get(word, word)

    return _WORD.sub(spelt, text)


# -- people announced -------------------------------------------------------------------------------------

_SHORTHAND = _words(
    """appt appts pls plz thx thanks tmrw tmr btw fyi asap lol omg idk imo tbh ur rn bc cuz coz gonna wanna
    gotta dont cant wont didnt doesnt isnt wasnt arent havent im ive id ill its thats whats hes shes theyre
    youre yall ok okay hmm umm uh um pm am hrs mins yr yrs mo mos wk wks msg txt ty np irl bday hq max min
    approx incl excl est qty pcs nos ppl"""
)
"""Chat shorthand: no name although no dictionary has it ("my dentist appt")."""
_NOT_A_NAME = _SHORTHAND | _words(
    """will may can could would should might must shall did does do is was are were has had have got gets
    and or but so just also never always still really said says told tells who which that what when where
    the a an his her their our my your its this these those there here then than not no yes too very at in
    on of to by for from with about as into"""
)
_RELATIONS_EN = relations.alternation(relations.ENGLISH)
_NOT_CONTRACTED = r"(?![A-Za-z]|['’](?:t|re|ve|ll|d|m)\b)"
"""A word's end that is not inside a contraction ("don't" is no "Don"); a possessive "'s" may follow."""
_ANNOUNCED = prefilter.compile(
    rf"\b(?:my|our|his|her)\s+(?:(?:old|oldest|closest|new|best|little|older|younger|big|baby|eldest|youngest)\s+)?"
    rf"(?:{_RELATIONS_EN})(?:,|\s+is)?\s+(?P<a>[A-Za-z\u00e0-\u00ff]+){_NOT_CONTRACTED}"
    rf"(?:\s+(?P<a2>[A-Za-z\u00e0-\u00ff]+){_NOT_CONTRACTED})?"
)
_BEFORE_AND_I = prefilter.compile(
    r"(?:^|(?<=[.!?,]\s))(?P<b>[A-Za-z\u00e0-\u00ff]+)(?:\s+(?P<b2>[A-Za-z\u00e0-\u00ff]+))?(?=\s+and\s+I\b)"
)
_INTRODUCED = prefilter.compile(
    r"\b(?:I['’]?m|I am|this is|my name is|name is|named|called|name's|it['’]?s for|ask for|"
    r"under the name)\s+"
    rf"(?P<c>[A-Za-z\u00e0-\u00ff]+){_NOT_CONTRACTED}(?:\s+(?P<c2>[A-Za-z\u00e0-\u00ff]+){_NOT_CONTRACTED})?"
)


def _could_be_a_name(word: str) -> bool:
    """Not a function word nor a day; a word the dictionary does not know, or knows with a capital
    ("grace"); a word of three letters or more (the dictionary's "At", "In" are chemical elements)."""
    small, _, both = _dictionary()
    if word in _NOT_A_NAME or word in _DAYS_AND_MONTHS or len(word) < 2:
        return False
    return word not in small or (word in both and len(word) >= 3)


def _looks_like_a_name(word: str) -> bool:
    """A word the dictionary does not know, shaped like a name: a vowel, no letter three times running."""
    return bool(re.search(r"[aeiouy\u00e0-\u00ff]", word)) and not re.search(r"(.)\1\1", word)


def give_announced_people_capitals(text: str) -> str:
    """A name after "my cousin", before "and I", after "I'm" or "named": capitalised where the word could
    be a name (the dictionary does not know it, or knows it with a capital too: "grace")."""
    spans: list[tuple[int, str]] = []
    matches = [*_ANNOUNCED.finditer(text), *_BEFORE_AND_I.finditer(text), *_INTRODUCED.finditer(text)]
    for match in matches:
        first = next(
            group for group in ("a", "b", "c") if match.re.groupindex.get(group) and match.group(group)
        )
        word = match.group(first).lower()
        if not _could_be_a_name(word) or not _looks_like_a_name(word):
            continue
        if first == "c" and word in _dictionary()[0]:
            continue  # "I'm reading", "I'm good": after "I'm" only a word no dictionary writes small
        spans.append((match.start(first), word.capitalize()))
        last = (match.group(first + "2") or "").lower()
        if last and last not in _dictionary()[0] and last not in _NOT_A_NAME and _looks_like_a_name(last):
            spans.append((match.start(first + "2"), last.capitalize()))
    return _replace_spans(text, spans)


def give_i_its_capital(text: str) -> str:
    """ "i" -> "I" ("grace and i", "i'm kenji")."""
    return re.sub(r"(?<![A-Za-z'’])i(?=['’](?:m|ll|ve|d)\b|(?![A-Za-z'’]))", "I", text)


_TITLED = prefilter.compile(
    r"(?<![A-Za-z])(?P<title>aunt|auntie|uncle|grandma|grandpa|granny|nana|cousin|dr|mr|mrs|ms|miss|prof|coach|"
    r"officer|agent|nurse|sister|father|pastor|rabbi|imam|captain|judge)(?P<dot>\.?)\s+(?P<name>[A-Za-z\u00e0-\u00ff]+)"
)


def give_titled_people_capitals(text: str) -> str:
    """A title and the name after it ("dr. patel", "grandma rose" -> "Dr. Patel", "Grandma Rose")."""
    spans: list[tuple[int, str]] = []
    for match in _TITLED.finditer(text):
        name = match.group("name").lower()
        if not _could_be_a_name(name) or not _looks_like_a_name(name):
            continue
        title = match.group("title")
        if (
            title in {"sister", "father", "miss", "nurse", "agent", "officer", "judge", "captain"}
            and not match.group("dot")
            and name in _dictionary()[0]
        ):
            continue  # "my sister rose early": a relation's word, a common word after it
        spans += [(match.start("title"), title.capitalize()), (match.start("name"), name.capitalize())]
    return _replace_spans(text, spans)


_NAMED_THEN_LOWER = prefilter.compile(
    r"(?<![A-Za-z'’])(?P<given>[A-Z][a-z\u00e0-\u00ff]+)\s+(?P<last>[a-z\u00e0-\u00ff]+(?:-[a-z\u00e0-\u00ff]+)*)"
    r"(?![A-Za-z'’])"
)


def give_surnames_capitals(text: str) -> str:
    """The family name after a person's given name ("Kenji sato", "Priya nair" -> "Kenji Sato"): a word no
    dictionary has, after a known given name or a name no dictionary has either; hyphenated parts each
    ("Ms. Okonkwo-harris")."""
    small, proper, _ = _dictionary()
    spans: list[tuple[int, str]] = []
    for match in _NAMED_THEN_LOWER.finditer(text):
        given, last = match.group("given"), match.group("last")
        given_lower = given.lower()
        opens_a_sentence = _SENTENCE_START.search(text[max(0, match.start() - 3) : match.start()])
        is_person = given in EN_GIVEN_NAMES or (
            not opens_a_sentence and given_lower not in small and given_lower not in proper
        )
        parts = last.split("-")
        if not is_person or last in _NOT_A_NAME or last in _DAYS_AND_MONTHS:
            continue
        if any(part in small or not _looks_like_a_name(part) for part in parts):
            continue
        spans.append((match.start("last"), "-".join(part.capitalize() for part in parts)))
    return _replace_spans(text, spans)


def give_hyphenated_names_capitals(text: str) -> str:
    """The lower parts of a hyphenated name after a capital ("Delacroix-yu" -> "Delacroix-Yu"); not a word
    the dictionary writes small ("Well-known", "Co-worker" at a sentence's start)."""
    small = _dictionary()[0]

    def spelt(match: re.Match[str]) -> str:
        if match.group(1).lower() in small:
            return match.group(0)
        return match.group(1) + match.group(2).title()

    return re.sub(r"(?<![A-Za-z])([A-Z][a-z]+)((?:-[a-z]+)+)(?![A-Za-z])", spelt, text)


_INSTITUTION_WORDS = (
    r"hospital|university|college|school|elementary|academy|clinic|dental|medical cent(?:er|re)|"
    r"health cent(?:er|re)|practice|surgery|physio|physiotherapy|pharmacy|institute|bank|savings bank|group|"
    r"labs?|foundation|primary|kindergarten|nursery|montessori|railways?|airlines|airways|telecom|insurance|"
    r"energy|council|credit union|water|power|electric|utilities|robotics|inn|hotel|club|tennis club|"
    r"golf club|"
    r"cafe|café|coffee|restaurant|bar|"
    r"grill|bistro|museum|theatre|theater|stadium|arena|gym|mall|airport|station|lodge|resort|suites|hostel|"
    r"chambers|high school|middle school|primary school|medical centre|medical center"
)
_INSTITUTION = prefilter.compile(
    r"(?<![A-Za-z])(?:at|from|to|with|for|in|into|near|by|attends?|joins?|joined)\s+(?:the\s+)?"
    r"(?P<name>(?:(?:st\.?|saint)\s+)?(?:[A-Za-z\u00e0-\u00ff'’]+\s+){1,3}?"
    rf"(?:{_INSTITUTION_WORDS}))(?![A-Za-z])"
)
_NOT_INSTITUTION_NAME = _words(
    """my your our his her their a an this that the local new old nearest closest same other next last first
    big     small main best usual favourite favorite public private primary high middle some any every each"""
)


def give_institutions_capitals(text: str) -> str:
    """A school, a hospital, a company, a venue named before the word for what it is, where something
    happens at it ("at westbrook middle school", "from severnvale water", "at the hilton garden inn"):
    the name in capitals when one of its words is no common English word or a name ("Lincoln High
    School"); "at the local hospital" stays."""
    small, _, _ = _dictionary()
    spans: list[tuple[int, str]] = []
    for match in _INSTITUTION.finditer(text):
        name = match.group("name")
        words = re.findall(r"[A-Za-z\u00e0-\u00ff]+", name)
        head = re.sub(r"^(?:st\.?|saint)\s+", "", name)
        head_words = re.findall(r"[A-Za-z\u00e0-\u00ff]+", head)
        if not words or head_words[0].lower() in _NOT_INSTITUTION_NAME:
            continue
        if any(w.lower() in _NOT_A_NAME for w in head_words[:-1]):
            continue
        if all(w.lower() in small and not w[0].isupper() for w in head_words):
            continue
        spans.append((match.start("name"), _title(name)))
    return _replace_spans(text, spans)


_BOOKED_AT = prefilter.compile(
    r"\b(?:tables?|seats?|rooms?|courts?|spots?|reserve|reservation|book|booking|haircut|appointment|dinner|"
    r"lunch|brunch|breakfast|drinks|coffee)\b[^.?!]{0,30}?\bat\s+(?:the\s+)?"
    r"(?P<venue>[A-Za-z\u00e0-\u00ff'’]+(?:\s+[A-Za-z\u00e0-\u00ff'’]+){0,2})"
)


_VENUE_HEADS = _words(
    """kitchen house bar grill cafe café bistro diner eatery tavern pub inn hotel club lounge garden gardens
    room     sushi pizza pizzeria trattoria brasserie steakhouse bakery noodle noodles canteen dining"""
)


def give_booked_venues_capitals(text: str) -> str:
    """A venue booked at, named by words no dictionary has ("a table for 4 at nopa", "at nonna pia's",
    "at dishoom shoreditch"): each such word from the first, up to the first common word."""
    small, _, _ = _dictionary()
    spans: list[tuple[int, str]] = []
    for match in _BOOKED_AT.finditer(text):
        at = match.start("venue")
        for word in re.finditer(r"[A-Za-z\u00e0-\u00ff]+(?:['’]s)?", match.group("venue")):
            bare = re.sub(r"['’]s$", "", word.group(0)).lower()
            if spans and spans[-1][0] >= match.start("venue") and bare in _VENUE_HEADS:
                spans.append((at + word.start(), word.group(0).capitalize()))
                continue  # "at saltbush kitchen": the kind of place is part of its name
            if (
                bare in small
                or bare in _NOT_A_NAME
                or bare in _DAYS_AND_MONTHS
                or not _looks_like_a_name(bare)
            ):
                break
            spans.append((at + word.start(), word.group(0).capitalize()))
    return _replace_spans(text, spans)


_ORG_TYPED_AS_A_WORD = prefilter.compile(
    r"target|stripe|delta|meta|oracle|adobe|chase|grab|ups|scoot|southwest|telus|rogers|google|amazon|apple"
)
_ORG_WORDS_TYPED_SMALL = prefilter.compile(
    r"(?<![A-Za-z])(?:(?:works?|working|job|intern(?:ing)?|employed)\s+(?:at|for|with)|at|from|via|with|by|leaving|"
    r"left|joined|joining|quit|(?:[A-Z][A-Za-z]+)\s+(?:or|and))\s+(?P<org>target|stripe|delta|meta|oracle|adobe|"
    r"chase|grab|ups|scoot|southwest|telus|rogers|google|amazon|apple)(?![A-Za-z])"
)


def give_orgs_typed_as_words_capitals(text: str) -> str:
    """A known organisation whose name is a word ("target", "stripe", "ups") where an organisation is
    said: "works at stripe", "from target", "fedex or ups"."""
    if not _ORG_TYPED_AS_A_WORD.search(text):
        return text
    spelling = {name.lower(): name for name in ORGS_EN.split("|")}
    return _ORG_WORDS_TYPED_SMALL.sub(
        lambda m: m.group(0)[: m.start("org") - m.start()] + spelling.get(m.group("org"), m.group("org")),
        text,
    )


_CUED_GIVEN = prefilter.compile(
    r"(?<![A-Za-z])(?:with|w/|met|meet|meeting|call|called|text|texted|ask|asked|tell|told|email|emailed|"
    r"technician|driver|courier|agent|rep|recruiter|manager|nurse|doctor|tutor|teacher|coach)\s+(?P<name>[a-z]+)"
    r"(?![A-Za-z])"
)


def give_cued_given_names_capitals(text: str) -> str:
    """A common given name that is also a word ("tom", "mike", "grant") where a person is met, called or
    named by a role: "1:1 with tom", "the technician mike"."""
    return _capitalised(text, _CUED_GIVEN, "name", lambda word: word.capitalize() in EN_GIVEN_NAMES)


_SITE = prefilter.compile(
    r"\b(?:the|your|our|my)\s+(?P<name>[a-z\u00e0-\u00ff]+)\s+"
    r"(?:hotel|office|branch|outlet|store|shop|clinic|site|campus|depot|warehouse|showroom|location)\b"
)
"""A business's site said by its place ("your bencoolen hotel", "the novena office")."""
_PLACE_GONE_TO = prefilter.compile(
    r"\b(?:lives?|living|based|settled|grew up|born|stuck|stranded|raining|snowing|staying|stay|office is|"
    r"home is)"
    r"(?:\s+\w+){0,3}?\s+in\s+(?P<a>[a-z\u00e0-\u00ff]+)"
    r"|\b(?:moved|moving|move|relocated|relocating|flying|fly|flight|trip|drive|driving|travel(?:l?ing)?|"
    r"back|going|heading|head|return(?:ing)?|balik kampung)(?:\s+\w+){0,2}?\s+to\s+(?P<b>[a-z\u00e0-\u00ff]+)"
    r"|\bfrom\s+(?P<c>[a-z\u00e0-\u00ff]+)\s+to\s+(?P<d>[a-z\u00e0-\u00ff]+)"
)
"""Where one lives, moves or goes ("moving back to kraków", "from kapitolyo to naia"). Not any "in" before a
stop: "how are you doing in shcool?" is a typo, not a town."""


def give_sites_and_places_capitals(text: str) -> str:
    """A place no dictionary has where a place is said: a business's site ("your bencoolen hotel"), where one
    lives, moves or goes ("back to kraków")."""
    spans: list[tuple[int, str]] = []
    for match in _SITE.finditer(text):
        word = match.group("name")
        if word not in _dictionary()[0] and word not in _NOT_A_NAME and _looks_like_a_name(word):
            spans.append((match.start("name"), word.capitalize()))
    for match in _PLACE_GONE_TO.finditer(text):
        for group in "abcd":
            word = match.group(group)
            if not word or word in _dictionary()[0] or word in _NOT_A_NAME or word in _DAYS_AND_MONTHS:
                continue
            if _looks_like_a_name(word) and len(word) >= 3:
                spans.append((match.start(group), word.capitalize()))
    return _replace_spans(text, spans)


_AFTER_A_PLACE_WORD = prefilter.compile(
    r"(?<![A-Za-z])(?:at|from|in|to|near|around|via)\s+(?P<name>[a-z\u00e0-\u00ff]{5,})"
    rf"(?P<more>\s+[a-z\u00e0-\u00ff]{{4,}})?{_NOT_CONTRACTED}"
)


def _is_a_typo(word: str) -> bool:
    """One slip from an English word ("shcool", "recieve"): a word mistyped, not a name."""
    from hindsight import slips

    small = _dictionary()[0]
    return any(near in small for near in slips.one_slip(word))


def _unknown_name(word: str) -> bool:
    small, proper, _ = _dictionary()
    return (
        word not in small
        and word not in proper
        and word not in _NOT_A_NAME
        and _looks_like_a_name(word)
        and not _is_a_typo(word)
    )


def give_unknown_places_capitals(text: str) -> str:
    """A word of five letters or more that no dictionary has and that is no typo of one, after "at", "from",
    "in", "to" ("works at infosys", "moved over from sembcorp", "wedding in enugu"): a place or an
    organisation, as a careful writer would capitalise it; the word after it too when it is such a word."""
    spans: list[tuple[int, str]] = []
    for match in _AFTER_A_PLACE_WORD.finditer(text):
        name = match.group("name")
        if not _unknown_name(name):
            continue
        spans.append((match.start("name"), name.capitalize()))
        more = (match.group("more") or "").strip()
        if more and _unknown_name(more):
            spans.append((match.start("more") + 1 + match.group("more")[1:].find(more), more.capitalize()))
    return _replace_spans(text, spans)


_GIVEN_THEN_SURNAME = prefilter.compile(r"(?<![A-Za-z])(?P<given>[a-z]+)\s+(?=[A-Z][a-z]+(?![A-Za-z]))")


def give_given_names_before_surnames_capitals(text: str) -> str:
    """A given name that is also a word ("maria", "grant") before a family name already capitalised
    ("maria Lopez" -> "Maria Lopez")."""
    return _GIVEN_THEN_SURNAME.sub(
        lambda m: m.group(0).capitalize() if m.group("given").capitalize() in EN_GIVEN_NAMES else m.group(0),
        text,
    )


_OWNED = prefilter.compile(
    r"(?<![A-Za-z])(?P<name>[a-z\u00e0-\u00ff]+)['’]s\s+(?:[a-z]+\s+)?"
    rf"(?:{OWNED_EN_WORDS}|funeral|anniversary|surgery|exams?|visit)\b"
)


def give_owners_capitals(text: str) -> str:
    """Someone whose lessons, birthday or appointment a message is about ("cancel hamish's swimming
    lessons"), where the word could be a name."""
    return _capitalised(
        text, _OWNED, "name", lambda word: _could_be_a_name(word) and _looks_like_a_name(word)
    )


_STEPS: tuple[Callable[[str], str], ...] = (
    give_i_its_capital,
    give_codes_capitals,
    give_known_names_capitals,
    give_orgs_typed_as_words_capitals,
    give_titled_people_capitals,
    give_announced_people_capitals,
    give_cued_given_names_capitals,
    give_institutions_capitals,
    give_booked_venues_capitals,
    give_sites_and_places_capitals,
    give_owners_capitals,
    give_unknown_places_capitals,
    give_proper_words_capitals,
    give_given_names_before_surnames_capitals,
    give_surnames_capitals,
    give_hyphenated_names_capitals,
)
_STEPS_AMONG_CHINESE: tuple[Callable[[str], str], ...] = (give_codes_capitals, give_known_names_capitals)
