"""A secret or a passport number told under its label in a language the rules were not written in: Spanish,
French, German, Portuguese, Italian, Japanese, Korean, Russian ("mi contraseña: Sunbird!2291", "Номер паспорта
EJ4820193", "Alipay の支払いパスワードは 135790", "el código de la puerta es 4 8 1 9 #").

The rules read secrets by their English and Chinese labels. The same tuning lines translated faithfully into
Spanish, Japanese and Russian (`tests/corpora/guard-translated/`, BENCHMARKS.md "Issue 16, thirty-seventh
round") kept 8-10 of 75 secrets and passport numbers a language the guard refuses in English or Chinese. A
label here is a specific one (a password, a PIN, a passport, a social security number, a door, pick-up,
access or verification code — never a bare "number" or "code", which an order or a postcode has too), and
what follows it within a clause must be a value: four digits or more (spaced or not; not a year or a date),
a passport's letters and digits, or a password's letters with a digit and a sign. An access token or an API
key under its label ("auth token de Twilio es 8f3a…", "API キーは sk_live_…") is one when twenty letters and
digits or more follow within its clause.
"""

from __future__ import annotations

import re

from hindsight import prefilter

_LABEL = prefilter.compile(
    r"(?i:contraseña|\bclave\b|\bmot de passe\b|\bmdp\b|passwort|kennwort|\bsenha\b|parola d'ordine|"
    r"pin-?код|пин-?код|\bпин\b|пароль|"
    r"pasaporte|passeport|reisepass|passaporte|passaporto|паспорт|"
    r"seguridad social|sécurité sociale|sozialversicherungsnummer|segurança social|previdenza sociale|"
    r"соцстрах\w*|снилс|"
    r"c[oó]digo (?:de (?:la |)(?:puerta|acceso|verificación|verificação|acesso|seguridad|recogida|desbloqueo)"
    r"|da porta|secreto)|"
    r"code (?:de (?:la porte|vérification|sécurité|déverrouillage)|d'accès|confidentiel)|"
    r"(?:tür|zugangs|bestätigungs|sicherheits|abhol)code|"
    r"codice (?:di (?:accesso|verifica|sicurezza)|segreto)|"
    r"\bкод(?:\s+[^\s:：—–]+){0,2}?\s*[:：—–]|"
    r"\bкод (?:от|на|получения|доступа|подтверждения|домофона|двери|замка)\b)"
    r"|パスワード|暗証番号|パスコード|PINコード|旅券番号?|パスポート(?:番号)?|社会保障番号|マイナンバー|"
    r"(?:入口|ドア|玄関|受取|認証|確認|セキュリティ|ロッカー|解錠)(?:の)?コード|"
    r"비밀번호|패스워드|여권(?:\s*번호)?|주민등록번호|인증\s*(?:번호|코드)|출입\s*(?:번호|코드)"
)
"""Labels of a secret or a passport in eight languages (a code only with what it opens or checks)."""

_VALUE_AFTER = prefilter.compile(
    r"^[^.!?。！？\n]{0,40}?(?<![\w-])(?P<value>"
    r"(?:\d[ -]?){3,}\d"  # four digits or more, spaced or not ("4 8 1 9", "57 30 92")
    r"|[A-Z]{1,2}\d{6,9}"  # a passport ("E83715290", "EJ4820193")
    r"|(?=[^\s,，。、]*[A-Za-z])(?=[^\s,，。、]*\d)(?=[^\s,，。、]*[!@#$%^&*_+=?~])[^\s,，。、「」\"'“”«»]{6,}"
    r")(?![\w/.:-]*\d)"
)
"""A value within the label's clause: digits, a passport number, a password with a letter, a digit and a
sign. Not what a date or a price looks like (checked by `_NOT_A_VALUE`)."""

_KEY_LABEL = prefilter.compile(
    r"(?i:\btoken\b|токен|トークン|토큰|"
    r"\bclave (?:de (?:la )?)?API\b|\bclave secreta\b|\bcl[ée] (?:d'|de l')?API\b|\bcl[ée] secr[èe]te\b|"
    r"API-?Schl[üu]ssel|geheimer Schl[üu]ssel|\bchave (?:de |da )?API\b|\bchave secreta\b|"
    r"\bchiave (?:(?:di |dell')?API|segreta)\b|ключ(?:а)? (?:API|доступа)|API-?ключ|"
    r"API\s*キー|アクセスキー|シークレットキー|API\s*키|액세스\s*키|비밀\s*키)"
)
"""An access token's or an API key's label, in the same languages (English and Chinese: the rules')."""

_KEY_VALUE = prefilter.compile(
    r"^[^.!?。！？\n]{0,40}?(?<![\w-])(?=[\w-]*[A-Za-z])(?=[\w-]*\d)[A-Za-z0-9_-]{20,}(?![\w-])"
)
"""A key's value within the label's clause: twenty letters and digits or more, both in it."""

_NOT_A_VALUE = re.compile(r"(?:19|20)\d\d|\d{1,2}[ -]\d{1,2}")
"""A year ("caduca en 2031") or a day and a month is no secret; nor is an amount (a currency after it)."""


_CLAUSE = 200
"""How far after a label its value is looked for (40 characters before it, the value itself)."""


def has_secret_labelled_abroad(text: str) -> bool:
    """Whether `text` tells a secret or a passport number under its label in one of the languages above."""
    for label in _LABEL.finditer(text):
        # the clause after the label, no further: a text of many labels is read in one pass
        clause = text[label.end() : label.end() + _CLAUSE]
        found = _VALUE_AFTER.search(clause)
        if found is None:
            continue
        value = found.group("value").strip()
        after = clause[found.end() : found.end() + 4]
        if _NOT_A_VALUE.fullmatch(value) or re.match(r"\s*(?:€|\$|руб|円|원|年|月|日)", after):
            continue
        return True
    keys = _KEY_LABEL.finditer(text)
    return any(_KEY_VALUE.search(text[label.end() : label.end() + _CLAUSE]) for label in keys)
