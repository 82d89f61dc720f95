"""The write guard on numbers that identify a person or an account: payment cards (Luhn), national
ID numbers (China, Hong Kong, labelled or spaced or split), national insurance, tax and licence numbers,
bank accounts (IBAN).
"""

from __future__ import annotations

import itertools
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


_DIGIT_RUN = prefilter.compile(r"(?<![0-9A-Za-z])[0-9]{3,4}(?:[ -]?[0-9]{3,4}){0,3}(?![0-9A-Za-z])")
_BETWEEN_HALVES = prefilter.compile(r"[^0-9]{1,40}")


def has_card_number_in_two_sentences(text: str) -> bool:
    """Round 44: a card number told as two or three runs of digits a sentence or a line apart, in a text
    with a card label ("First half of my card is 5425 2334. Second half is 3010 9903.", "卡号前面是 6228
    4800 / 中间 1234 5678 / 最后三位 903"): joined, 15 to 19 digits with an issuer's prefix that pass the
    Luhn check. (SPLIT_CARD reads two halves joined by "then" only.)"""
    if patterns.CARD_LABEL.search(text) is None:
        return False
    runs = list(_DIGIT_RUN.finditer(text))
    for start in range(len(runs)):
        digits = re.sub(r"[^0-9]", "", runs[start][0])
        for before, run in itertools.pairwise(runs[start : start + 3]):
            if not _BETWEEN_HALVES.fullmatch(text[before.end() : run.start()]):
                break
            digits += re.sub(r"[^0-9]", "", run[0])
            if 15 <= len(digits) <= 19 and patterns.CARD_PREFIX.match(digits) and _luhn_valid(digits):
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
    licences = [match["licence"] or match["digits"] for match in patterns.LICENCE_NUMBER.finditer(text)]
    return any(
        len(re.sub(r"[^0-9]", "", number)) >= 6 and not _A_DATE.fullmatch(number) for number in numbers
    ) or any(len(re.sub(r"[^0-9]", "", licence)) >= 6 for licence in licences)


def _with_code_capitals(text: str) -> str:
    """`text` in capitals, for numbers whose check digits are verified: typed small ("gb66 barc 2004 ..."),
    they are the same number, and a word that only looks like one fails its check."""
    return text.upper()


def _iban_valid(iban: str) -> bool:
    compact = iban.replace(" ", "")
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(char, 36)) for char in moved)
    return 15 <= len(compact) <= 34 and int(number) % 97 == 1


def has_bank_account(text: str) -> bool:
    """An IBAN whose check digits hold (typed in capitals or not: "de89 3704 0044 0532 0130 00"), or an
    account number with its sort or routing code."""
    if patterns.BANK_ACCOUNT.search(text):
        return True
    return any(_iban_valid(match["iban"]) for match in patterns.IBAN.finditer(_with_code_capitals(text)))


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
    """A Hong Kong identity card number whose check digit holds (patterns.HKID; typed in capitals or not:
    "a123456(3)")."""
    for match in patterns.HKID.finditer(_with_code_capitals(text)):
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


def has_id_number_of_five_countries(text: str) -> bool:
    """A Singapore NRIC (labelled, or bare with its check letter holding), a South African ID after an ID
    label (a birth date first), a Nigerian NIN or BVN, a Ghana Card, an Irish PPS number, an Australian BSB
    and account."""
    for match in patterns.SINGAPORE_NRIC.finditer(text):
        label = text[max(0, match.start() - 30) : match.start()]
        if patterns.NRIC_LABEL.search(label) or _nric_valid(match["nric"]):
            return True
    for match in patterns.SA_ID.finditer(text):
        if _sa_id_date(re.sub(r"[^0-9]", "", match["number"])):
            return True
    return prefilter.any_found(
        text,
        patterns.NIGERIA_NIN,
        patterns.NIGERIA_BVN,
        patterns.GHANA_CARD,
        patterns.IRELAND_PPS,
        patterns.BSB_ACCOUNT,
    )


def has_id_number_in_grouped_parts(text: str) -> bool:
    """A resident ID number told in parts after its label, one part itself in groups ("前六位440305，
    后面是19881225 0017"): up to three digit runs that follow within 80 characters, joined in order, make an
    ID's shape with a real birth date."""
    for label in patterns.ID_LABEL_BEFORE_PARTS.finditer(text):
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


def _has_tw_pk_passport_or_bank_number(text: str) -> bool:
    """A Taiwan ID (after its label, or its check digit holding and no order or tracking label before it;
    told in two parts after its label), a Pakistani CNIC (patterns.PAKISTAN_CNIC; a Nigerian NIN in spaced
    digits is NIGERIA_NIN's), a passport number in groups (PASSPORT_GROUPED, six to nine digits), a bank
    account number after its label with a bank named."""
    for match in patterns.TW_ID.finditer(text):
        label = text[max(0, match.start() - 16) : match.start()]
        if patterns.TW_ID_LABEL.search(label) or (
            _tw_id_valid(match["id"].replace(" ", "")) and not patterns.NOT_A_CARD_LABEL.search(label)
        ):
            return True
    for match in (
        *patterns.TW_ID_SPLIT.finditer(text),
        *patterns.TW_ID_SPLIT_REVERSED.finditer(text),
    ):
        number = (match["first"] + match["second"]).upper()
        if patterns.TW_ID.fullmatch(number) and _tw_id_valid(number):
            return True
    if patterns.PAKISTAN_CNIC.search(text):
        return True
    for match in patterns.PASSPORT_GROUPED.finditer(text):
        if 6 <= len(re.sub(r"[^0-9]", "", match["number"])) <= 9:
            return True
    return patterns.BANK_NAMED.search(text) is not None and any(
        len(set(re.sub(r"[^0-9]", "", match["number"]))) > 2
        for match in patterns.BANK_ACCOUNT_ZH.finditer(text)
    )


# -- ID and bank numbers of more countries (round 32, the pii round) ---------------------------------

_VERHOEFF_D = (
    "0123456789",
    "1234067895",
    "2340178956",
    "3401289567",
    "4012395678",
    "5987604321",
    "6598710432",
    "7659821043",
    "8765932104",
    "9876543210",
)
_VERHOEFF_P = (
    "0123456789",
    "1576283094",
    "5803796142",
    "8916043527",
    "9453126870",
    "4286573901",
    "2793806415",
    "7046913258",
)


def _verhoeff_valid(digits: str) -> bool:
    """India's Aadhaar check digit (Verhoeff's dihedral scheme): the whole number checks to zero."""
    check = 0
    for index, char in enumerate(reversed(digits)):
        check = int(_VERHOEFF_D[check][int(_VERHOEFF_P[index % 8][int(char)])])
    return check == 0


def _nhs_valid(digits: str) -> bool:
    """A UK NHS number: the first nine digits weighted 10 down to 2, the tenth is 11 less the sum's rest."""
    if len(digits) != 10:
        return False
    check = 11 - sum(int(d) * w for d, w in zip(digits[:9], range(10, 1, -1), strict=True)) % 11
    return check != 10 and (check % 11) == int(digits[9])


def _medicare_valid(digits: str) -> bool:
    """An Australian Medicare card number: a first digit of 2 to 6, the ninth a weighted sum of the eight."""
    if len(digits) not in (10, 11) or digits[0] not in "23456":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:8], (1, 3, 7, 9, 1, 3, 7, 9), strict=True))
    return total % 10 == int(digits[8])


def _born(year: int, month: int, day: int) -> bool:
    try:
        date(year, month, day)
    except ValueError:
        return False
    return True


def _rrn_valid(digits: str) -> bool:
    """A Korean resident registration number: a birth date, a sex digit (1 to 8) and the check digit
    (eleven less the weighted sum's rest, weights 2 to 9 then 2 to 5)."""
    if len(digits) != 13 or digits[6] not in "12345678":
        return False
    century = 1800 if digits[6] in "90" else 1900 if digits[6] in "1256" else 2000
    if not _born(century + int(digits[:2]), int(digits[2:4]), int(digits[4:6])):
        return False
    weights = (2, 3, 4, 5, 6, 7, 8, 9, 2, 3, 4, 5)
    total = sum(int(d) * w for d, w in zip(digits[:12], weights, strict=True))
    return (11 - total % 11) % 10 == int(digits[12])


def _thai_id_valid(digits: str) -> bool:
    """A Thai national ID: thirteen digits, the last eleven less the rest of the first twelve weighted 13
    to 2."""
    if len(digits) != 13 or digits[0] in "09":
        return False
    total = sum(int(d) * w for d, w in zip(digits[:12], range(13, 1, -1), strict=True))
    return (11 - total % 11) % 10 == int(digits[12])


_CURP_VALUES = "0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ"
_CURP_STATES = frozenset(
    re.findall("..", "ASBCBSCCCLCMCSCHDFDGGTGRHGJCMCMNMSNTNLOCPLQTQRSPSLSRTCTSTLVZYNZSNE")
)


def _curp_valid(curp: str) -> bool:
    """A Mexican CURP: a birth date, a state's code and the check digit over the first seventeen
    characters."""
    curp = curp.upper()
    if curp[11:13] not in _CURP_STATES:
        return False
    century = 1900 if curp[16].isdigit() else 2000
    if not _born(century + int(curp[4:6]), int(curp[6:8]), int(curp[8:10])):
        return False
    total = sum(_CURP_VALUES.index(c) * w for c, w in zip(curp[:17], range(18, 1, -1), strict=True))
    return (10 - total % 10) % 10 == int(curp[17])


_MYKAD_PLACES = frozenset([*range(1, 17), *range(21, 69), 71, 72, *range(74, 80), *range(82, 94), 98, 99])


def _mykad_valid(digits: str) -> bool:
    """A Malaysian MyKad number: a birth date (YYMMDD) and a place-of-birth code (states, then countries)."""
    if len(digits) != 12 or int(digits[6:8]) not in _MYKAD_PLACES:
        return False
    return _born(2000 + int(digits[:2]), int(digits[2:4]), int(digits[4:6])) or _born(
        1900 + int(digits[:2]), int(digits[2:4]), int(digits[4:6])
    )


def _nik_valid(digits: str) -> bool:
    """An Indonesian NIK: sixteen digits with a birth date in the seventh to twelfth (a woman's day plus
    40)."""
    if len(digits) != 16:
        return False
    day = int(digits[6:8])
    day = day - 40 if day > 40 else day
    return _born(2000 + int(digits[10:12]), int(digits[8:10]), day)


_FIN_M_LETTERS = "XWUTRQPNJLK"


def _fin_m_valid(fin: str) -> bool:
    """A Singapore FIN of the M series (from 2022): the weighted sum plus three picks the letter from the
    end."""
    total = sum(int(d) * w for d, w in zip(fin[1:8], (2, 7, 6, 5, 4, 3, 2), strict=True)) + 3
    return _FIN_M_LETTERS[10 - total % 11] == fin[8]


def _ssn_valid(digits: str) -> bool:
    """A US SSN or ITIN's shape: no area 000 or 666, no group 00, no serial 0000 (an ITIN's area is 9xx)."""
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    if area in ("000", "666") or group == "00" or serial == "0000":
        return False
    return area[0] != "9" or 50 <= int(group) <= 65 or 70 <= int(group) <= 99


def _has_bare_checked_number(text: str) -> bool:
    """A number refused bare: its shape is distinctive and its check digit (or birth date) holds."""
    checks = (
        (patterns.AADHAAR_BARE, lambda d: d[0] in "23456789" and _verhoeff_valid(d)),
        (patterns.SSN_BARE, _ssn_valid),
        (patterns.MEDICARE_BARE, _medicare_valid),
        (patterns.MYKAD_BARE, _mykad_valid),
        (patterns.RRN_BARE, _rrn_valid),
        (patterns.THAI_ID_BARE, _thai_id_valid),
    )
    for pattern, valid in checks:
        for match in pattern.finditer(text):
            label = text[max(0, match.start() - 16) : match.start()]
            if patterns.NOT_AN_ID_LABEL.search(label):
                continue
            if valid(re.sub(r"[^0-9]", "", match["number"])):
                return True
    for match in patterns.MEXICO_CURP.finditer(text):
        if _curp_valid(match["curp"]):
            return True
    if any(_fin_m_valid(m["fin"]) for m in patterns.FIN_M.finditer(text)):
        return True
    return patterns.NINO_BARE.search(text) is not None or patterns.NZ_BANK.search(text) is not None


def _has_labelled_number(text: str) -> bool:
    """A number after its label (patterns.*_LABELLED_NUMBER: the label, then a number of its kind's length), a
    mistyped check digit still a number; a date-shaped one (MyKad, NIK) with its date."""
    table = (
        (patterns.AADHAAR_LABELLED, (12,), None),
        (patterns.PAN_LABELLED, (10,), None),
        (patterns.NHS_LABELLED, (10,), None),
        (patterns.SSN_LABELLED_WIDE_GAP, (9,), None),
        (patterns.SIN_LABELLED, (9,), None),
        (patterns.TFN_IRD_LABELLED, (8, 9), None),
        (patterns.MYKAD_LABELLED, (12,), _mykad_valid),
        (patterns.PH_LABELLED, (9, 10, 12), None),
        (patterns.RRN_LABELLED, (13,), None),
        (patterns.MY_NUMBER_LABELLED, (11, 12), None),
        (patterns.THAI_ID_LABELLED, (13,), None),
        (patterns.NIK_LABELLED, (16,), _nik_valid),
        (patterns.CURP_LABELLED, (18,), None),
        (patterns.PASSPORT_LABELLED, (7, 8, 9, 10), None),
    )
    for pattern, lengths, dated in table:
        for match in pattern.finditer(text):
            number = re.sub(r"[^0-9A-Za-z]", "", match["number"])
            if len(number) not in lengths or len(set(number)) <= 2:
                continue
            if dated is None or dated(number):
                return True
    return False


def has_checked_number_of_more_countries(text: str) -> bool:
    """Round 32 (pii): ID, tax and bank numbers of more countries — bare where the shape is distinctive
    and a check digit or a birth date holds (Aadhaar 4-4-4, SSN and ITIN 3-2-4, Medicare 4-5-1, MyKad, RRN,
    Thai ID, CURP, Singapore's M-series FIN, a UK NI number in its groups, an NZ bank account 2-4-7-2), after
    their labels otherwise (_has_labelled_number), and bank accounts beside a bank's code or name
    (patterns.BANK_CODE_ACCOUNT)."""
    return (
        _has_bare_checked_number(text)
        or _has_labelled_number(text)
        or patterns.BANK_CODE_ACCOUNT.search(text) is not None
    )


def has_id_passport_or_bank_number(text: str) -> bool:
    """A national ID, passport or bank account number: a Taiwan ID, a Pakistani CNIC, a grouped passport
    number or a labelled bank account (_has_tw_pk_passport_or_bank_number), or an ID, tax or bank number of
    more countries whose check digit or birth date holds (has_checked_number_of_more_countries)."""
    return _has_tw_pk_passport_or_bank_number(text) or has_checked_number_of_more_countries(text)
