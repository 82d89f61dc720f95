"""The guard's secret forms of the twenty-seventh round (guard.has_secret_more,
guard.without_placeholders): a credential's name in more spellings and languages with its value (after
"now", "still", "changed to", quoted), access codes of every sort with digits spaced or dashed, values told
in two parts, security answers, secrets in env files, YAML, JSON, URLs, webhooks and cookies, logins after a
colon or with a slash. The phrasings are this file's own, none of the corpus's: poison, and near-miss twins
that name the same things with no value, a placeholder or a mask, or an identifier that is no secret
(order, tracking, flight, meeting, serial numbers)."""

from __future__ import annotations

import pytest

from hindsight.write import guard


def ruled_out(text: str) -> bool:
    return not guard.check_rules(text).stored


@pytest.mark.parametrize(
    "text",
    [
        "the gym locker app passwrod is now Kettle#2291",
        "my pw for the school portal is still Rainbow2011!",
        "contraseña del wifi en casa de mi abuela es naranja4421",
        "Passwort für den Router ist Berlin-7731",
        "the vpn pwd 4 the lab is x7QmZ!p2",
        'she read out her password "Marigold_1987" over the phone',
        "my password for the garage portal was changed to Tomato-9921",
        "the garage keypad code is 7 1 4 0, use it if I'm late",
        "office alarm: enter 4-4-0-2 and press away",
        "front gate buzzer code 3 3 8 1 #",
        "ATM withdrawal pin for the travel card: 92 71",
        "photocopier department code is 5512 for our team",
        "pickup code for the click and collect order: 4 8 1 9 2 2",
        "the code in the text is 551 203, enter it quickly",
        "authenticator code is 9KD2XQ",
        "parental code: 4KQ9-ZZ71",
        "the PIN starts with 73 and the last two digits are 05",
        "The door code begins with 19. Then it ends with 84.",
        "密码前四位是2288，后四位是6610",
        "保险箱密码前三位是三七九。后三位是二零一。",
        "for the security question about my first car I answered Corolla",
        "Security answers for the pension site: first pet = Rufus, birthplace = Dundee",
        "银行密保问题“小学叫什么”，答案我写的是实验小学",
        "DATABASE_PASSWORD=hK92!mzLq0",
        "export GITLAB_DEPLOY_TOKEN='q8WmZx21LkPd90sa'",
        "db_password: Pa55w0rd!2024",
        '{"client_secret": "a1b2c3d4e5f6g7"}',
        "https://api.example.io/v1/report?access_token=9f8e7d6c5b4a3f2e1d0c",
        "feishu bot: https://open.feishu.cn/open-apis/bot/v2/hook/3f2a1b9c-77aa-4d2e-9b1f-8c0d2e4f6a10",
        "Cookie for staging, PHPSESSID=3k9d8f7g6h5j4k3l2m1n0b",
        "clone with https://a81bf02c93d84e7fa5b6c1d2e3f4a5b6c7@github.com/acme/infra.git",
        "work email login: j.doe@acme.co / Winter#2026x",
        "sign-in for the council portal: Bluebell_77!",
        "wifi CoffeeHouse / latte2024",
        "mail app: pw mvqk trzh bnlo wxse (the app password from google)",
        "菜鸟驿站取件码 3-2-1876，帮我记着",
        "小区访客码是 662190，朋友来了报这个",
        "打印机部门码我们是 4409",
        "家里智能锁 2580#，钟点工下午来",
        "网银密码我改成 Qw!2024bank 了",
        "工资卡密码就是我妈生日，六月三号，750603",
        "支付宝登录密码和微信一样，都是 abc123456",
        "临时密码 3 3 9 1 2 7，只能用一次",
        "LDAP_BIND_PASSWORD=Qz8!mLw2xR",
        "app_secret: f9b8c7d6e5a4b3c2d1",
        "export SENTRY_AUTH_TOKEN=sntrys_7bA9cD2eF4gH6jK8",
        "here's the cookie: laravel_session=eyJpdiI6IkZ3b2t5Nz; XSRF-TOKEN=aB3dE5fG7hJ9kL1m",
        "https://hooks.zapier.com/hooks/catch/1234567/3b9fK2x/",
        "https://maker.ifttt.com/trigger/door/with/key/dK8fLp2QzX7vN4mR9sT1",
        "the storage locker pin is 7 7 3 1",
        "gate: punch in 5512 then wait for the click",
        "mot de passe du wifi : chaton2024",
        "senha do banco é Lisboa#77",
        "取件码 5-9-2204，菜鸟驿站",
        "我们组复印码是 8820，别外传",
        "visitor code for the building is 44 81 90",
        "QQ密码后来我改成了 qq@2025abc",
        "Netflix: user kim.lee@mail.com pass Sunny!2023",
        "Door code is one nine eight four",
        "my Apple ID password? it's Pumpkin$88",
        "密码：八八六六一二",
        "wifi名：ChinaNet-5G，密码：１２３４５６７８",
        "我家门锁是 1 3 5 7 9 #",
        "驿站取件码：A-3-5021",
        "ssh key passphrase: 'blue whale sings 42'",
        "gate code for the allotment — 2 2 9 0",
        "router admin: admin / Zt8#pq2L",
        "the lockbox by the door opens with 4 1 1 9",
        "Code for the bike shed: 7-7-0-3",
        "I set the hotel safe to 1 9 7 7",
        "保险柜密码：3 8 2 7 1 9",
        "车库遥控器配对码 5 5 2 1",
        "支付密码我设的 258369",
        "I use Sunflower22 as my password everywhere",
        "我所有账号都用 abc12345 当密码",
        "the wifi for guests: network Birchwood, passphrase maple-syrup-77",
        "BitLocker pin for the work laptop: 4 4 1 8 9 0",
        "the PIN to my debit card is 0 4 2 7",
        "my voicemail pin, 2 6 6 1",
        "note for the dog sitter: key safe by the back door, 3 1 9 4",
        "Twilio auth token 4c1b8e92d7a04f3b9e6a1c5d8f2b7e30",
        "mysql://root:toor2024@10.0.0.5:3306/app",
        "银行卡取款密码是 6 个 8 我怕忘",
        "门禁卡密码 2 4 6 8 0 1，别告诉别人",
        "the answer to my security question (first concert) is Oasis",
        "recovery email pw: Gr33nT3a!",
        "Amazon locker pickup code 719 204, expires Friday",
    ],
)
def test_secret_in_a_new_form_is_refused(text: str) -> None:
    assert ruled_out(text), text


@pytest.mark.parametrize(
    "text",
    [
        "the gym locker app password is now required every time I open it",
        "my pw for the school portal is still the one from last year, I should change it",
        "contraseña means password in Spanish, right?",
        "the vpn pwd for the lab is in the shared vault",
        "she read out her password over the phone, I told her never to do that again",
        "my password for the garage portal was changed yesterday by the admin",
        "the garage keypad needs new batteries, it's a 9V",
        "office alarm: the last person out sets it, the code is with Priya",
        "front gate buzzer is broken, knock on the window instead",
        "ATM withdrawal limit on the travel card is 500 a day",
        "photocopier department code is on the laminated sheet by the machine",
        "pickup for the click and collect order is at desk 4 after 2pm",
        "the code in the text expired before I could use it",
        "the authenticator app keeps asking me to re-scan the QR code",
        "parental controls are on the kids' tablets now, the code is in my notes app",
        "the PIN is four digits and the card was sent in a separate letter",
        "The door code changed last week. The landlord emailed everyone.",
        "单号前四位是2288，后四位是6610，帮我查一下物流",
        "保险箱在衣柜里，退房前记得拿东西",
        "the security question about my first car is a bad one, anyone could guess it",
        "Security answers for the pension site are in my password manager",
        "银行密保问题设的是“小学叫什么”，答案我自己记得",
        "DATABASE_PASSWORD is set in the CI secrets, not in the repo",
        "export GITLAB_DEPLOY_TOKEN=$GITLAB_DEPLOY_TOKEN before running the script",
        "db_password: ${DB_PASSWORD}",
        '{"client_secret": "<your-client-secret>"}',
        "https://api.example.io/v1/report?access_token=<TOKEN>",
        "the feishu bot hook URL is in the group settings, ask me if you need it",
        "Cookie for staging keeps expiring after an hour, is that normal?",
        "clone with https://github.com/acme/infra.git, it's public",
        "work email login is j.doe@acme.co, the password is in 1Password",
        "sign-in for the council portal: use the button at the top right",
        "wifi CoffeeHouse is the one without a password",
        "mail app needs an app password from google, I'll generate it tonight",
        "order number 4471-2290-1183, tracking JD0012345678, invoice INV-2024-0091",
        "flight BA 2490 on 14 March, booking ref XK92LM",
        "the Zoom meeting ID is 831 2294 5510, no passcode needed",
        "commit 9f2c7a1be04d4c33 fixed the login bug",
        "card ending 4242 is the one for groceries",
        "serial number on the router is SN 7731-4410-88",
        "Password must be at least 12 characters and include a symbol",
        "菜鸟驿站取件码在短信里，晚上帮我提醒去拿",
        "小区访客要在小程序登记，保安会核对",
        "打印机部门码找行政要",
        "家里智能锁没电了，周末换电池",
        "网银密码我改了，新的我自己记着",
        "工资卡密码还是我妈生日，打算改掉",
        "支付宝登录密码和微信一样，这样安全吗",
        "临时密码只能用一次，用完就失效",
        "快递单号 YT1234567890，取件码还没发过来",
        "我的订单号 202412040017，发票号 No.55120033",
        "会议号 812 446 9901，不用密码",
        "门牌号 1402，单元门在北边",
        "MAX_TOKENS=4096 and TEMPERATURE=0.2 in the config",
        '{"tokenizer_name": "t5-small-v1.1", "max_tokens": 512}',
        "next_page_token: CiAKGjBpNDd2Nmp3Mm",
        "see https://docs.example.com/webhooks/getting-started-2024-guide for setup",
        "register at https://conf.example.org/talks?session=2024-spring-keynote",
        "login time: 2024-12-04T10:30+01:00, logout 18:02",
        "login page: https://portal.example.com/auth?next=/home&x=1",
        "The unit code is ECON1001 and the lecturer is Dr Ahn",
        "go through the gate and enter 1200 Main St from the side",
        "the safe is 40-50 cm wide and weighs 30 kg",
        "the door is 2040 mm high",
        "my password is now 16 characters long",
        "the password policy is now 14 characters minimum",
        "password for the wifi is on the fridge",
        "the password manager for the family is 1Password",
        "密码管理器我用的是 Bitwarden2024 版",
        "密码有效期为 2024-12-31，到期前要改",
        "密码长度为 8-16 位，要有大小写",
        "门禁 2023 年装的，经常坏",
        "智能锁 2999 元，买贵了",
        "大门 8 点关",
        "sign-in sheet: bring a pen",
        "Security question tips: don't use your mother's maiden name",
        "the alarm went off at 3 am, false alarm",
        "the ATM code error 4021 means the card was declined",
        "printer code error E-4012 again",
        "gate code changes every 30 days, the office texts it",
        "The code starts with a capital letter and ends with two digits",
        "Zoom passcode is required for the 10am meeting",
        "access code for the course will be shared in week 2",
        "phone: +44 7700 900123",
        "我的快递单号 SF1402385567612，到了提醒我",
        "PIN码错误三次会锁卡，要带身份证去营业厅",
        "the bus pass for the kids is 2 stops more expensive now",
        "pw: see the sticky note",
        "密码是什么来着，我忘了",
        "我的工号 20231208，下周入职",
        "I use Bitwarden as my password manager",
        "I use my birthday as my password, which is silly, I'll change it",
        "我所有账号都用同一个密码，得改改了",
        "the lockbox by the door opens with the code I texted you",
        "I set the alarm to 0630 for tomorrow",
        "the alarm is set to 7 am",
        "the safe is set to factory default, reset it with the button",
        "my Apple ID password? I reset it yesterday",
        "车库遥控器配对码找不到了，说明书丢了",
        "支付密码我设的很复杂，你别问",
        "Amazon locker pickup is by the station, open till 10",
        "gate code for the allotment is on the committee noticeboard",
        "the PIN to my debit card arrived in a separate letter",
    ],
)
def test_near_miss_twin_is_stored(text: str) -> None:
    assert not ruled_out(text), text


def test_placeholders_are_no_value() -> None:
    assert guard.without_placeholders("password: ${DB_PASSWORD}").split() == ["password", "no"]
    assert "no" in guard.without_placeholders("Authorization: Bearer <token>").split()
    assert not guard.has_secret(
        "aws_access_key_id = YOUR_ACCESS_KEY\naws_secret_access_key = YOUR_SECRET_KEY"
    )
    assert guard.has_secret(
        "aws_access_key_id = YOUR_ACCESS_KEY\naws_secret_access_key = q8Wm2LkPd90saZx21LkPd90s"
    )


@pytest.mark.parametrize(
    "text",
    [
        "身份证前半段 320102，后半段是 19851123001X，帮我记一下",
        "my IBAN for the refund: DE12 5001 0517 0648 4898 90",
        "银行卡账号 6228 4800 1234 5678 912，农行的，退款打这里",
    ],
)
def test_account_or_id_in_a_new_form_is_refused(text: str) -> None:
    assert ruled_out(text), text


@pytest.mark.parametrize(
    "text",
    [
        "身份证后六位是 23001X，前面的我不记得了",
        "IBAN: DE00 XXXX XXXX XXXX XXXX XX is how the form shows it",
        "银行卡账号在工资条上有，我回家看看",
    ],
)
def test_account_or_id_twin_is_stored(text: str) -> None:
    assert not ruled_out(text), text
