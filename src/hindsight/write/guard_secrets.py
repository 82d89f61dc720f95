"""The write guard on secrets: passwords, login pairs, keys and tokens, one-time codes, in the forms
the rules know (has_secret) and the forms later rounds found (has_secret_more, has_secret_in_other_forms).
"""

from __future__ import annotations

import re

from hindsight import prefilter
from hindsight.write import patterns

_NOT_A_VALUE = frozenset(patterns._PASSWORD_NOT_A_VALUE.split("|"))
_STRONG_PASSWORD_LABELS = frozenset({"password", "passwd", "passphrase", "passcode", "密码", "口令"})


def _looks_like_credential(value: str, quoted: bool, stated: bool, strong: bool) -> bool:
    value = value.rstrip(".!?;:)")
    if quoted and stated and len(value) >= 3:
        return True  # 'the passphrase is "correct horse battery staple"'
    if len(value) < 3 or value.lower() in _NOT_A_VALUE:
        return False
    cjk = re.search(r"[\u4e00-\u9fff]", value) is not None
    if (re.search(r"[0-9]", value) and (stated or not cjk)) or re.search(r"[!@#$%^&*_+=~]", value):
        return True
    # A plain word counts only when a strong label states it ("my password is sunshine").
    return strong and stated and not cjk and value.isalpha()


_A_TIMESTAMP = prefilter.compile(r"^\[?(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}:\d{2})(?:[:\]T ]|$)")
"""Round 42: what follows a label with no verb or in a colon's place may be the next line's timestamp in a
pasted log ("重置了用户 u_1192 的密码⏎[2024-10-08 14:03:11] INFO …"; a time's own colon, ":02:40]"): no
password is a date or a clock time given so."""


def _untimed_credential(value: str, quoted: bool, stated: bool, strong: bool) -> bool:
    return not _A_TIMESTAMP.match(value) and _looks_like_credential(value, quoted, stated, strong)


def has_password(text: str) -> bool:
    """A password, passphrase or login secret stated with its value, however it is introduced:
    "password: x", "the password for the shop account is x", "the wifi's pass is 'x'", "密码 x";
    "my password is not working" or "密码忘了" state none."""
    for label in patterns.PASSWORD_LABEL.finditer(text):
        rest = text[label.end() : label.end() + 60]
        strong = label.group(0).lower() in _STRONG_PASSWORD_LABELS
        stated = patterns.PASSWORD_VALUE.match(rest)
        if stated and _looks_like_credential(stated.group("value"), bool(stated.group("sep")), True, strong):
            return True
        bare = patterns.PASSWORD_BARE_VALUE.match(rest)
        if bare and _untimed_credential(bare.group("value"), False, False, strong):
            return True
        later = patterns.PASSWORD_LATER_VALUE.search(rest[:50])
        if later and _untimed_credential(later.group("value"), False, True, False):
            return True
    return False


def _has_one_time_code(text: str) -> bool:
    return any(
        len(re.sub(r"[^0-9]", "", match["code"] or match["later"] or match["pin"] or match["used"])) >= 4
        for match in patterns.ONE_TIME_CODE.finditer(text)
    )


_DOMAIN = prefilter.compile(
    r"\.(?:com|net|org|cn|io|co|uk|de|fr|jp|me|app|dev|info|html?|php)$", re.IGNORECASE
)


def has_login_pair(text: str) -> bool:
    """A login written as user / password after a login label (patterns.LOGIN_PAIR), unless the "user"
    is a domain and the "password" a path ("account page: example.com/settings2")."""
    for match in patterns.LOGIN_PAIR.finditer(text):
        if "@" in match["user"] or not _DOMAIN.search(match["user"]):
            return True
    return False


# -- secrets in forms the rules did not know (twenty-seventh round) ---------------------------------


def without_placeholders(text: str) -> str:
    """The text with what stands where a value would be ("<token>", "${PG_PASSWORD}", "YOUR_SECRET_KEY",
    "******", an error's name: patterns.NOT_A_SECRET_VALUE) written " no ", which no secret pattern reads as
    a value: a template or a log states no secret."""
    return patterns.NOT_A_SECRET_VALUE.sub(" no ", text)


def _credential_value(value: str) -> bool:
    """A value that reads as a credential, not a word: letters and digits, a symbol with either, or digits
    alone ("bluecanoe!1995", "1234admin", "4471"); "the old one", "whatever", "12" are none."""
    value = value.rstrip(".!?;:)")
    if len(value) < 4 or value.lower() in _NOT_A_VALUE or "://" in value or value.lower().startswith("www."):
        return False
    if re.fullmatch(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", value):
        return False  # an e-mail address: the account, not its password
    digit = re.search(r"[0-9]", value) is not None
    letter = re.search(r"[A-Za-z]", value) is not None
    symbol = re.search(r"[!@#$%^&*_+=~]", value) is not None
    if letter and (digit or symbol):
        return len(value) >= 5
    return digit and not letter and (symbol or len(value) <= 12)


def has_password_more(text: str) -> bool:
    """A password in forms has_password misses: its name misspelt or in another language ("pasword 4 teh
    office printer is 1234admin", "the wifi mot de passe at the gîte is soleil2023"), its value after "now"
    or "still" ("mongo pw for prod is still Mongo!Prod2023"), quoted with no verb ("their password
    'purplehippo7'"), named after its value ("I use Sunflower22 as my password"). The value must read as a
    credential (_credential_value)."""
    for label in patterns.PASSWORD_MORE_LABEL.finditer(text):
        stated = patterns.PASSWORD_MORE_VALUE.match(text[label.end() : label.end() + 80])
        if stated and stated["what"] and not stated["verb"]:
            continue  # "the password for the account jsmith2": the account, not its password
        if stated and (stated["spaced"] or _credential_value(stated["value"])):
            return True
    return any(_credential_value(match["value"]) for match in patterns.PASSWORD_QUOTED.finditer(text)) or any(
        _credential_value(match["value"] or match["value_zh"])
        for match in patterns.PASSWORD_BEFORE.finditer(text)
    )


def has_split_secret(text: str) -> bool:
    """A code or password told in two parts (patterns.SPLIT_SECRET), when a part has a digit."""
    for match in patterns.SPLIT_SECRET.finditer(text):
        parts = [part for part in match.group("first", "second", "first_zh", "second_zh") if part]
        if any(re.search(r"[0-9]", part) for part in parts):
            return True
    return False


def has_login_more(text: str) -> bool:
    """A login in a form LOGIN_PAIR misses (patterns.LOGIN_MORE), unless its "password" is a domain."""
    return any(
        not (match["password"] and _DOMAIN.search(match["password"]))
        for match in patterns.LOGIN_MORE.finditer(text)
    )


_IDENTIFIER = prefilter.compile(
    r"[a-z]+(?:_[a-z]+)+|(?:[A-Z][a-z]+)+(?:\.(?:[A-Z][a-z]+)+)*"
    r"|[A-Z]+(?:_[A-Z]+)+"  # round 27b: an env template's next SCREAMING_SNAKE name ("STRIPE_WEBHOOK_SECRET")
)


_SETTING = prefilter.compile(r"[A-Za-z][A-Za-z0-9_]*=")
"""Round 31: a line that sets another name ("TIMEZONE=Africa/Johannesburg" under "API_KEY=YOUR_API_KEY",
whose placeholder ends in a label): no value of the label before it. A key on the line after its label still
is one."""


def has_labelled_key(text: str) -> bool:
    """A key after its label (patterns.LABELLED_KEY), unless the "value" is a name, not a key: the next
    line's snake_case or SCREAMING_SNAKE setting of a template ("aws_secret_access_key"), an error's
    CamelCase name, the next line's setting (_SETTING). Matches may overlap (a label's next label is tried
    too)."""
    start = 0
    while (match := patterns.LABELLED_KEY.search(text, start)) is not None:
        group = "value" if match["value"] else "later"
        value = match[group]
        next_setting = "\n" in text[match.start() : match.start(group)] and _SETTING.match(value)
        if not _IDENTIFIER.fullmatch(value) and not next_setting:
            return True
        start = match.start() + 1
    return False


SECRET_MORE_SHAPES = (
    patterns.PASSWORD_MORE_ZH, patterns.ACCESS_CODE, patterns.ACCESS_CODE_ZH, patterns.SECURITY_ANSWER_MORE,
    patterns.CONFIG_SECRET, patterns.URL_TOKEN, patterns.WIFI_KEY_MORE, patterns.COMMAND_SECRET_MORE,
)  # fmt: skip
"""The twenty-seventh round's secret forms (each documented in patterns.py)."""


def has_secret_more(text: str) -> bool:
    """A secret in a form of the twenty-seventh round: a pattern of SECRET_MORE_SHAPES, a password in more
    spellings, a value split in two, a login in more forms."""
    return (
        prefilter.any_found(text, *SECRET_MORE_SHAPES)
        or has_password_more(text)
        or has_split_secret(text)
        or has_login_more(text)
    )


SECRET_SHAPES = (
    # keys, tokens and credentials by their shape or label
    patterns.SECRET, patterns.CREDENTIAL_URL, patterns.CREDENTIAL_PARAM, patterns.CLOUD_SECRET,
    patterns.TOKEN_SHAPES, patterns.MORE_TOKEN_SHAPES, patterns.AUTH_HEADER,
    patterns.COMMAND_SECRET, patterns.APP_PASSWORD, patterns.WALLET_KEY, patterns.SEED_PHRASE,
    patterns.TOTP_SEED, patterns.RECOVERY_KEY,
    # codes that open something: locks, keypads, dials, devices, Wi-Fi
    patterns.COMBINATION, patterns.LOCK_CODE, patterns.DIAL_CODE, patterns.DEVICE_CODE, patterns.WIFI_KEY,
    # what a person answers or says to get in
    patterns.SECURITY_ANSWER, patterns.MORE_SECURITY_ANSWER, patterns.UNLOCK_PHRASE, patterns.PASSWORD_BUILT,
)  # fmt: skip
"""Every secret form the rules know by a pattern of patterns.py (each documented there)."""


def has_secret(text: str) -> bool:
    """A key, token, password or code with its value: a pattern of SECRET_SHAPES, a password stated
    (has_password), a one-time code, or a login written as user / password; or a form of
    has_secret_more. What stands in for a value is none (without_placeholders)."""
    text = without_placeholders(text)
    return (
        prefilter.any_found(text, *SECRET_SHAPES)
        or has_password(text)
        or _has_one_time_code(text)
        or has_login_pair(text)
        or has_labelled_key(text)
        or has_secret_more(text)
    )


# -- secrets in more forms (round 27b) ---------------------------------------------------------------


def has_secret_in_other_forms(text: str) -> bool:
    """A secret in a form of round 27b (patterns.SECRET_OTHER_FORMS, RANDOM_TOKEN); what stands in for a value
    is none (without_placeholders)."""
    text = without_placeholders(text)
    return any(
        pattern.search(text) is not None for pattern in (patterns.SECRET_OTHER_FORMS, patterns.RANDOM_TOKEN)
    )


# -- secrets in parts, by new authors (round 31) -----------------------------------------------------


def has_secret_told_in_parts(text: str) -> bool:
    """A code or password told in parts across sentences (patterns.SPLIT_SECRET_EN,
    SPLIT_SECRET_ZH), when a part has a digit; a key box or lock code in spaced digits
    (patterns.SPACED_LOCK_CODE). What stands in for a value is none (without_placeholders)."""
    text = without_placeholders(text)
    for pattern in (patterns.SPLIT_SECRET_EN, patterns.SPLIT_SECRET_ZH):
        for match in pattern.finditer(text):
            if any(re.search(r"[0-9]", part) for part in match.group("first", "second")):
                return True
    return patterns.SPACED_LOCK_CODE.search(text) is not None


def has_seed_or_code_in_two_parts(text: str) -> bool:
    """Round 32: a seed phrase told in two parts (patterns.SEED_IN_TWO_PARTS, nine words or more together), a
    code told in two parts (SPLIT_CODE_EN: "The OTP starts 683. And the last three are 174";
    SPLIT_CODE_ZH: "前三码…后三码"). What stands in for a value is none."""
    text = without_placeholders(text)
    for match in patterns.SEED_IN_TWO_PARTS.finditer(text):
        if len(re.findall(r"[A-Za-z]+", match["first"] + " " + match["second"])) >= 9:
            return True
    return patterns.SPLIT_CODE_EN.search(text) is not None or any(
        re.search(r"[0-9]", match["first"] + match["second"])
        for match in patterns.SPLIT_CODE_ZH.finditer(text)
    )
