"""Round 32 (pii): ID, tax and bank numbers of more countries
(guard_numbers.has_checked_number_of_more_countries), in our own
phrasings: per kind a valid number refused (bare where its shape and check digit allow it, beside its label
otherwise; spaced and dashed), one with a wrong check digit stored when bare, and near misses stored — orders,
phones, bookings, amounts and dates of the same length and shape."""

from __future__ import annotations

import pytest

from hindsight.write import guard, guard_numbers

REFUSED = [
    # India: Aadhaar (Verhoeff), PAN, passport
    "my aadhaar is 4378 6579 7543, keep it for the KYC form",
    "Keep this for the gas connection form: 4378-6579-7543",
    "मेरा आधार नंबर 4378 6579 7543 है, याद रखना",
    "Aadhar no. 437865797543 for the bank visit tomorrow",
    "帮我记一下，我的 Aadhaar 号码是 4378 6579 7543",
    "PAN: ABCPE1234F, needed for the mutual fund",
    "my PAN card no is abcpe1234f",
    "पासपोर्ट नंबर K8834109, visa form ke liye",
    # UK: National Insurance, NHS, sort code and account
    "for the new job, NI: JG 10 37 25 B",
    "JG-10-37-25-B is the one HR asked for",
    "NHS no 768 426 8465 for the GP registration",
    "my NHS number is 7684268465",
    "rent goes to sort code 20-32-06, acc 43917726",
    # US and Canada: SSN in any grouping, ITIN, SIN
    "save 536-22-1847 for the tax return please",
    "ssn 536 22 1847 — the landlord's form wants it",
    "my social security is 536221847",
    "ITIN 912-78-4410 for my wife's filing",
    "SIN 144 319 829, for the payroll form",
    "mon NAS est le 144-319-829",
    # Mexico: CURP
    "Mi CURP es ROGA900115HJCDRN06, guárdala para el trámite",
    "CURP: ROGA900115HJCDRN07 (la copié del acta)",
    # Australia and New Zealand: TFN, Medicare, IRD, bank account
    "TFN 123 456 782 for the super fund",
    "the medicare card: 2148 52538 1",
    "IRD number 49-091-850 for the payroll",
    "pay the deposit into 12-3140-0123456-00 please",
    # Malaysia, Philippines, Singapore
    "IC saya 900115-10-5523, simpan untuk borang",
    "keep my MyKad 900115105523 for the form",
    "我的大马身份证 900115-10-5523 帮我存",
    "SSS no. 34-1234567-8 for the loan",
    "my TIN 123-456-789-000 for the BIR form",
    "UMID CRN 0111-2345678-9",
    "PhilHealth 12-345678901-2, for the hospital",
    "FIN M9314170Q for the work pass renewal",
    # Korea, Japan, Thailand, Indonesia
    "주민등록번호 910315-2726516 저장해줘",
    "save 910315-2726516 for the visa form",
    "マイナンバーは 1234 5678 9018 です",
    "我的个人编号 123456789018，日本的",
    "住民票コード 12345678901 を控えて",
    "我老婆的韩国身份证 910315-2726516，签证要用",
    "帮我存一下泰国身份证 1514026140141",
    "美国社安号 536 22 1847，报税用",
    "護照號碼 K8834109，訂機票時填",
    "加拿大社会保险号 144 319 829，入职表要填",
    "เลขบัตรประชาชน 1 5140 26140 14 1",
    "keep 1-5140-26140-14-1 for the Thai visa",
    "NIK saya 3174055708900003 buat form BPJS",
    "KTP: 3174 0557 0890 0003",
    # bank accounts by their label and code or bank
    "a/c 50100234567812, IFSC HDFC0001234, for the rent",
    "Account no. 0123456789 SWIFT DBSSSGSG",
    "Maybank acc 1640 2233 4455 under my name",
    "工商银行 6222 0212 3456 7890 123，转这个",
    "收款：建设银行杭州分行 户名王芳 6217 0012 3456 7890",
]

STORED = [
    # the same lengths and shapes as something else
    "order 4378 6579 7543 shipped, track it tomorrow",
    "4378 6579 7544 is the case id, mention it when you call",
    "booking ref 536 22 1847 at the spa on Friday",
    "the order 4378-6579-7543 was split in two parcels",
    "call me on 415 555 2671 after six",
    "my number is 0412 345 678",
    "tracking 1Z 999 AA1 0123 4567 84 — remind me",
    "the invoice total was 2148.52, due 2025-03-01",
    "phone 768 426 8465 is the clinic's front desk",
    "order no. 900115-10-5523 arrives on Monday",
    "ticket 910315-2726516 for the concert",
    "the parcel 1 5140 26140 14 2 is stuck in customs",
    "the bank's hotline is 1300 555 123",
    "工商银行客服电话 95588，改天打",
    "建设银行流水号 202403150012345678 帮我记下",
    "I met my SIN-gle friends for 144 minutes",
    "pay 1,250.00 on 12-03-2025 for the flat",
    "NHS waiting list is 18 weeks, I'm number 7 in the queue",
    "my PAN card expires? no, PAN doesn't expire",
    "I renewed my passport last week, took 10 days",
    "我的身份证快过期了，下个月去换",
    "订单号 4378 6579 7543，明天到货",
    "手机 0412 345 678，有事打给我",
    "预约编号 910315-2726516，周五上午",
    "快递单号 1 5140 26140 14 1 还没更新",
    "这个月工资 12,345.67，记一下",
    "Aadhaar update centre opens at 9:30",
    "12-3140 is the branch code, remind me to ask",
    "the wifi router model is JG 10 37 25",
    "sort code and account number are on the card, I'll bring it",
    "my account at HDFC is finally open",
]


@pytest.mark.parametrize("text", REFUSED)
def test_number_is_refused(text: str) -> None:
    assert guard.check_rules(text).action == "refuse", text


@pytest.mark.parametrize("text", STORED)
def test_near_miss_is_not_refused_by_these_numbers(text: str) -> None:
    assert not guard_numbers.has_checked_number_of_more_countries(text), text
    assert guard.check_rules(text).action != "refuse", (text, guard.check_rules(text).reason)


@pytest.mark.parametrize(
    "text",
    [
        "keep 4378 6579 7544 for later",  # Aadhaar, check digit off
        "2148 52539 1 on the back",  # Medicare, check digit off
        "saved 910315-2726517",  # RRN, check digit off
        "1-5140-26140-14-2 noted",  # Thai ID, check digit off
        "write down ROGA900115HJCDRN07",  # CURP, check digit off
        "901315-10-5523 is on the slip",  # MyKad, no 13th month
        "000-22-1847 on the slip",  # no SSN area 000
        "M9314170R for the pass",  # FIN, check letter off
    ],
)
def test_wrong_check_digit_stored_when_bare(text: str) -> None:
    assert not guard_numbers.has_checked_number_of_more_countries(text), text


def test_check_digits() -> None:
    assert guard_numbers._verhoeff_valid("2363") and not guard_numbers._verhoeff_valid("2364")
    assert guard_numbers._nhs_valid("9434765919") and not guard_numbers._nhs_valid("9434765918")
    assert guard_numbers._medicare_valid("2123456701")
    assert guard_numbers._curp_valid("HEGG560427MVZRRL04")
    assert guard_numbers._thai_id_valid("1514026140141") and not guard_numbers._thai_id_valid("1514026140142")
    assert guard_numbers._rrn_valid("9103152726516") and not guard_numbers._rrn_valid("9103152726517")
    assert guard_numbers._mykad_valid("900115105523") and not guard_numbers._mykad_valid("900115005523")
    assert guard_numbers._nik_valid("3174055708900003") and not guard_numbers._nik_valid("3174053708900003")
