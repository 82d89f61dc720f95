"""The write guard on numbers that identify a person or an account: payment cards (Luhn), national
ID numbers (China, Hong Kong, labelled or spaced or split), national insurance, tax and licence numbers,
bank accounts (IBAN).
"""

from __future__ import annotations

import re
from datetime import date

from hindsight import prefilter
from hindsight.write import patterns


def _luhn_valid(digits: str) -> bool:
    total = 0
    for index, char in enumerate(reversed(digits)):
        value = int(char)
        if index % 2 == 1:
            value = value * 2 - 9 if value > 4 else value * 2
        total += value
    return total % 10 == 0


def _card_digits(run: str) -> str | None:
    """The card number in a run of digit groups, if any: the whole run, or the run without its last
    groups (the greedy run takes an expiry's month along: "4024 0071 5839 2125 12/26")."""
    groups = re.split(r"[ -]", run)
    for end in range(len(groups), 0, -1):
        digits = "".join(groups[:end])
        if len(digits) < 13:
            break
        if len(digits) <= 19 and patterns.CARD_PREFIX.match(digits) and _luhn_valid(digits):
            return digits
    return None


def has_card_number(text: str) -> bool:
    """A 13-19 digit run (spaces or dashes allowed) with a card issuer's prefix that passes the Luhn
    check — unless the text labels it as an order, tracking or ticket number."""
    for match in patterns.CARD_NUMBER.finditer(text):
        digits = _card_digits(match.group(0))
        if digits is None:
            continue
        if len(set(digits)) == 1:
            continue
        label = text[max(0, match.start() - 16) : match.start()]
        # "card" a few words earlier outweighs "booking" right before it ("Put this card on file for my
        # booking: 4532 …")
        sentence = text[max(0, match.start() - 60) : match.start()]
        if patterns.NOT_A_CARD_LABEL.search(label) and not re.search(r"卡|\bcard\b", sentence, re.IGNORECASE):
            continue
        return True
    return False


_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_ID_CHECK = "10X98765432"


def _has_birth_date(number: str) -> bool:
    try:
        date(int(number[6:10]), int(number[10:12]), int(number[12:14]))
    except ValueError:
        return False
    return True


def _id_check_matches(number: str) -> bool:
    """GB 11643: the 18th character is a weighted checksum of the first 17."""
    total = sum(int(char) * weight for char, weight in zip(number[:17], _ID_WEIGHTS, strict=True))
    return _ID_CHECK[total % 11] == number[17].upper()


def has_cn_id_number(text: str) -> bool:
    """An 18-character resident ID number with a real birth date and either a matching check
    character or an "身份证"/"ID number" label in front (a mistyped ID is still an ID). An 18-digit
    order number is neither."""
    for match in patterns.CN_ID_NUMBER.finditer(text):
        number = match.group(0)
        if not _has_birth_date(number):
            continue
        label = text[max(0, match.start() - 12) : match.start()]
        if _id_check_matches(number) or patterns.CN_ID_LABEL.search(label):
            return True
    return False


def has_labelled_card_number(text: str) -> bool:
    """A 13-19 digit run right after a card label ("card", "卡号", "信用卡"): a card number even
    when its check digit is off — a mistyped card number is as sensitive as a right one."""
    for match in patterns.CARD_NUMBER.finditer(text):
        digits = re.sub(r"[^0-9]", "", match.group(0))
        if not 13 <= len(digits) <= 19 or len(set(digits)) == 1:
            continue
        label = text[max(0, match.start() - 16) : match.start()]
        if patterns.CARD_LABEL.search(label) and not patterns.NOT_A_CARD_LABEL.search(label):
            return True
    return False


def has_split_card_number(text: str) -> bool:
    """A card number given in two halves after a card label (patterns.SPLIT_CARD), Luhn-valid joined."""
    for match in patterns.SPLIT_CARD.finditer(text):
        digits = re.sub(r"[^0-9]", "", match["first"] + match["second"])
        label = text[max(0, match.start() - 16) : match.start()]
        if 13 <= len(digits) <= 19 and patterns.CARD_LABEL.search(label) and _luhn_valid(digits):
            return True
    return False


def has_spaced_id_number(text: str) -> bool:
    """A resident ID number written in groups ("110105 19491231 002X")."""
    for match in patterns.SPACED_ID_NUMBER.finditer(text):
        joined = re.sub(r"[ -]", "", match.group(0))
        if joined != match.group(0):
            prefix = text[max(0, match.start() - 12) : match.start()]
            if has_cn_id_number(prefix + joined):
                return True
    return False


_A_WORD = prefilter.compile(r"(?<![A-Za-z0-9])(?=[A-Za-z]*[a-z])[A-Za-z]{2,}(?![A-Za-z0-9])\s*")
_A_DATE = prefilter.compile(r"[0-9]{4}[-/.][0-9]{1,2}[-/.][0-9]{1,2}|[0-9]{1,2}[-/.][0-9]{1,2}[-/.][0-9]{4}")


def _words_out(number: str) -> str:
    """What follows an ID label without its words in lower case ("which is WHITL704158DJ9A" is
    "WHITL704158DJ9A", "expires on 2026-08-14" a date, no number); a surname in capitals belongs to a
    British licence number ("SMITH 801120 JA9QX")."""
    return _A_WORD.sub("", number).strip()


def has_labelled_id(text: str) -> bool:
    """A number of six digits or more after a national insurance, tax, licence or health label."""
    numbers = [_words_out(match["number"]) for match in patterns.LABELLED_ID.finditer(text)]
    licences = [match["licence"] for match in patterns.LICENCE_NUMBER.finditer(text)]
    return any(
        len(re.sub(r"[^0-9]", "", number)) >= 6 and not _A_DATE.fullmatch(number) for number in numbers
    ) or any(len(re.sub(r"[^0-9]", "", licence)) >= 6 for licence in licences)


def _iban_valid(iban: str) -> bool:
    compact = iban.replace(" ", "")
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(char, 36)) for char in moved)
    return 15 <= len(compact) <= 34 and int(number) % 97 == 1


def has_bank_account(text: str) -> bool:
    """An IBAN whose check digits hold, or an account number with its sort or routing code."""
    if patterns.BANK_ACCOUNT.search(text):
        return True
    return any(_iban_valid(match["iban"]) for match in patterns.IBAN.finditer(text))


def has_split_id_number(text: str) -> bool:
    """A resident ID number told in two parts after its label, in either order ("身份证后面是199003074512，
    前面是440304"): two digit runs that follow within 80 characters, joined, make an ID's shape with a real
    birth date (labelled, a mistyped check digit still counts, as in has_cn_id_number)."""
    for label in patterns.SPLIT_ID_LABEL.finditer(text):
        runs = re.findall(r"(?<![0-9])[0-9]{4,14}[0-9Xx]?(?![0-9])", text[label.end() : label.end() + 80])
        for i in range(len(runs) - 1):
            for number in (runs[i] + runs[i + 1], runs[i + 1] + runs[i]):
                if patterns.CN_ID_NUMBER.fullmatch(number) and _has_birth_date(number):
                    return True
    return False


def has_hkid(text: str) -> bool:
    """A Hong Kong identity card number whose check digit holds (patterns.HKID)."""
    for match in patterns.HKID.finditer(text):
        letters = match["letters"].rjust(2)
        values = [36 if char == " " else ord(char) - 55 for char in letters] + [
            int(d) for d in match["digits"]
        ]
        rest = sum(value * weight for value, weight in zip(values, range(9, 1, -1), strict=True)) % 11
        check = "0" if rest == 0 else "A" if rest == 1 else str(11 - rest)
        if check == match["check"]:
            return True
    return False


# -- ID and bank numbers in more countries' forms (round 31) -----------------------------------------

_NRIC_LETTERS = {"S": "JZIHGFEDCBA", "T": "JZIHGFEDCBA", "F": "XWUTRQPNMLK", "G": "XWUTRQPNMLK"}


def _nric_valid(nric: str) -> bool:
    """A Singapore NRIC or FIN whose check letter holds (S and T, F and G series)."""
    letters = _NRIC_LETTERS.get(nric[0])
    if letters is None:
        return False
    total = sum(int(d) * w for d, w in zip(nric[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True))
    total += 4 if nric[0] in "TG" else 0
    return letters[total % 11] == nric[8]


def _sa_id_date(number: str) -> bool:
    """A South African ID's first six digits are a birth date (YYMMDD)."""
    month, day = int(number[2:4]), int(number[4:6])
    return 1 <= month <= 12 and 1 <= day <= 31


def has_id_number_r31(text: str) -> bool:
    """A Singapore NRIC (labelled, or bare with its check letter holding), a South African ID after an ID
    label (a birth date first), a Nigerian NIN, an Irish PPS number, an Australian BSB and account."""
    for match in patterns.NRIC_R31.finditer(text):
        label = text[max(0, match.start() - 30) : match.start()]
        if patterns.NRIC_LABEL_R31.search(label) or _nric_valid(match["nric"]):
            return True
    for match in patterns.SA_ID_R31.finditer(text):
        if _sa_id_date(re.sub(r"[^0-9]", "", match["number"])):
            return True
    return any(
        pattern.search(text) is not None
        for pattern in (patterns.NIN_R31, patterns.PPS_R31, patterns.BSB_ACCOUNT_R31)
    )


def has_split_id_number_r31(text: str) -> bool:
    """A resident ID number told in parts after its label, one part itself in groups ("前六位440305，
    后面是19881225 0017"): up to three digit runs that follow within 80 characters, joined in order, make an
    ID's shape with a real birth date."""
    for label in patterns.SPLIT_ID_LABEL_R31.finditer(text):
        runs = re.findall(r"(?<![0-9])[0-9]{3,14}[0-9Xx]?(?![0-9])", text[label.end() : label.end() + 80])
        for i in range(len(runs)):
            for end in (i + 2, i + 3, i + 4):
                number = "".join(runs[i:end])
                if end <= len(runs) and patterns.CN_ID_NUMBER.fullmatch(number) and _has_birth_date(number):
                    return True
    return False


# -- ID, passport and bank numbers by new authors (round 32) -----------------------------------------

_TW_LETTERS = "ABCDEFGHJKLMNPQRSTUVXYWZIO"
"""Taiwan's ID letters in the order of their values 10, 11, ... 35."""


def _tw_id_valid(number: str) -> bool:
    """A Taiwan national ID (a letter, nine digits) whose check digit holds: the letter's value's two digits
    weighted 1 and 9, then the digits 8 down to 1 and the check digit 1, sum to a multiple of ten."""
    value = _TW_LETTERS.find(number[0].upper()) + 10
    if value < 10 or not number[1:].isdigit() or len(number) != 10:
        return False
    total = value // 10 + (value % 10) * 9
    total += sum(int(d) * w for d, w in zip(number[1:9], range(8, 0, -1), strict=True)) + int(number[9])
    return total % 10 == 0


def has_id_number_r32(text: str) -> bool:
    """A Taiwan ID (after its label, or its check digit holding and no order or tracking label before it;
    told in two parts after its label), a Pakistani CNIC (patterns.CNIC_R32), a Nigerian NIN in spaced digits
    (NIN_SPACED_R32), a passport number in groups (PASSPORT_GROUPED_R32, six to nine digits), a bank account
    number after its label with a bank named."""
    for match in patterns.TW_ID_R32.finditer(text):
        label = text[max(0, match.start() - 16) : match.start()]
        if patterns.TW_ID_LABEL_R32.search(label) or (
            _tw_id_valid(match["id"].replace(" ", "")) and not patterns.NOT_A_CARD_LABEL.search(label)
        ):
            return True
    for match in (
        *patterns.TW_ID_SPLIT_R32.finditer(text),
        *patterns.TW_ID_SPLIT_REVERSED_R32.finditer(text),
    ):
        number = (match["first"] + match["second"]).upper()
        if patterns.TW_ID_R32.fullmatch(number) and _tw_id_valid(number):
            return True
    if patterns.CNIC_R32.search(text) or patterns.NIN_SPACED_R32.search(text):
        return True
    for match in patterns.PASSPORT_GROUPED_R32.finditer(text):
        if 6 <= len(re.sub(r"[^0-9]", "", match["number"])) <= 9:
            return True
    return patterns.BANK_NAMED_R32.search(text) is not None and any(
        len(set(re.sub(r"[^0-9]", "", match["number"]))) > 2
        for match in patterns.BANK_ACCOUNT_ZH_R32.finditer(text)
    )
