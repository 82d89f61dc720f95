"""The words the guard's rules turn on, typed in a hurry: "passord", "pasword", "passwoord", "Passort",
"tokken", "recovry", "addmin", "cnfiguration", "numer" — read as the word they are.

A secret is told with its label ("my wifi passwoord is sunflower-4471"), and an instruction names what it
overrides ("disregard your previous cnfiguration"): the rules read the label and the words, so one typo in
one of them stored what the same text spelled right refuses. Measured on the guard's tuning lines it
refuses (BENCHMARKS.md, "Issue 16, thirty-seventh round"), one typo in one long word of each (a letter
left out, doubled, or two swapped): 28 of 848 were stored.

Only these key words (`KEY_WORDS`) are read so, each from any string one edit away (a letter left out,
added, changed, or two neighbours swapped) that is no English word in its own right: the strings one edit
from a key word were looked up once in a spelling dictionary of 160,000 English words (pyspellchecker's; no
dependency of the project) and those found are kept as typed (`REAL_WORDS`: "admit", "taken", "logic",
"precious", "recover"), and so are the key words' own inflections ("admins", "usernames").
"""

from __future__ import annotations

import re
from functools import lru_cache

from hindsight import slips

KEY_WORDS = (
    "password", "passwords", "passcode", "passphrase", "passport", "secret", "secrets", "token", "tokens",
    "recovery", "admin", "administrator", "instructions", "instruction", "previous", "ignore", "disregard",
    "configuration", "licence", "license", "credentials", "verification", "override", "developer",
    "confirmation", "confirmations", "guidelines", "privacy", "restrictions", "authorization", "username",
    "webhook", "number", "login", "account", "accounts", "security", "system", "prompt", "backup", "address",
    "access",
)  # fmt: skip
"""The labels of secrets and numbers and the words of instructions the rules read."""

REAL_WORDS = frozenset(
    {
        "adman", "admen", "administrators", "admit", "admix", "aerification", "amin", "authorizations",
        "backups", "backus", "configurations", "conformation", "conformations", "credential", "cumber",
        "developed", "developers", "disregards", "dumber", "guideline", "humber", "ignored", "ignorer",
        "ignores", "licenced", "licences", "licensed", "licensee", "licenser", "licenses", "licente", "logan",
        "logia", "logic", "logion", "logon", "loin", "lumber", "numbed", "numbers", "overrides", "overripe",
        "overrode", "overside", "passports", "pervious", "precious", "primacy", "prompts", "recover",
        "recovers", "restriction", "secrete", "secretes", "signore", "sucrets", "systems", "taken", "toke",
        "toked", "tokes", "umber", "verifications", "versification", "woken", "yogin",
    }
)  # fmt: skip
"""The English words one edit from a key word: kept as typed."""

_WORD = re.compile(r"[A-Za-z]{4,}")


@lru_cache(maxsize=1)
def _typed() -> dict[str, str]:
    """Each string one slip from a key word, with the word (built on first use, ~20k strings)."""
    return slips.slips_of(KEY_WORDS, REAL_WORDS, ("s", "es", "d", "ed", "er", "ing"))


def respelled(text: str) -> str | None:
    """`text` with each key word typed one edit off written as the word (its first capital kept); None when
    it has none."""
    typed = _typed()

    def spelled(match: re.Match[str]) -> str:
        word = match.group(0)
        right = typed.get(word.lower())
        if right is None:
            return word
        return right[0].upper() + right[1:] if word[0].isupper() else right

    read = _WORD.sub(spelled, text)
    return read if read != text else None
