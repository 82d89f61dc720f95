"""Codes, postcodes, a state before its ZIP, a currency's letters and streets, typed small: given their
capitals ("sf7720193846", "nw1 6xe", "ca 94105", "ca$189", "48 oak avenue", "apt 4b")."""

from __future__ import annotations

from hindsight import prefilter
from hindsight.write.capitals.words import is_common_word, replace_spans, title_case

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


def give_codes_capitals(text: str) -> str:
    """Order numbers, postcodes, states before a ZIP code and a currency's letters in capitals; a street
    and the town before a postcode with their first letters. Each holds a digit: text with none is passed."""
    if not _DIGIT.search(text):
        return text
    text = _UPPER_CODES.sub(lambda m: m.group(0).upper(), text)
    spans = []
    for match in _STREET.finditer(text):
        name = "name" if match.group("name") else "prefix"
        spans.append((match.start(name), title_case(match.group(name))))
    text = replace_spans(text, spans)
    spans = [
        (m.start("town"), title_case(m.group("town")))
        for m in _TOWN_BEFORE_CODE.finditer(text)
        if not all(is_common_word(word) for word in m.group("town").split()) or " " not in m.group("town")
    ]
    return replace_spans(text, spans)
