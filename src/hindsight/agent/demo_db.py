"""The demo business database behind `hindsight tools`: orders with their shipping and refund
progress, support tickets, and a business calendar (holidays, working days), in one SQLite file.

It is created, with a few sample orders dated around the day it is made, the first time the tools
server starts (never at import). It stands in for a shop's real systems.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS orders (
    order_id TEXT PRIMARY KEY, item TEXT NOT NULL, amount REAL NOT NULL, paid_with TEXT NOT NULL,
    carrier TEXT NOT NULL, tracking_no TEXT, status TEXT NOT NULL, ordered_on TEXT NOT NULL,
    expected_on TEXT
);
CREATE TABLE IF NOT EXISTS refunds (
    refund_id TEXT PRIMARY KEY, order_id TEXT NOT NULL REFERENCES orders(order_id), account TEXT NOT NULL,
    amount REAL NOT NULL, status TEXT NOT NULL, requested_at TEXT NOT NULL, expected_by TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tickets (
    ticket_id TEXT PRIMARY KEY, summary TEXT NOT NULL, priority TEXT NOT NULL, status TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS holidays (day TEXT PRIMARY KEY, name TEXT NOT NULL);
"""

HOLIDAYS = {
    "2026-01-01": "元旦 New Year's Day",
    "2026-10-01": "国庆节 National Day",
    "2026-10-02": "国庆节 National Day",
    "2026-10-05": "国庆节 National Day",
    "2027-01-01": "元旦 New Year's Day",
    "2027-02-08": "春节 Spring Festival",
    "2027-02-09": "春节 Spring Festival",
    "2027-02-10": "春节 Spring Festival",
    "2027-02-11": "春节 Spring Festival",
    "2027-02-12": "春节 Spring Festival",
}

ACCOUNTS = {"original": "原支付账户 (the original payment method)", "balance": "账户余额 (store balance)"}
REFUND_WORKING_DAYS = 3


def _sample_orders(today: date) -> list[tuple[Any, ...]]:
    def day(offset: int) -> str:
        return (today + timedelta(days=offset)).isoformat()

    return [
        (
            "SF123456",
            "蓝牙耳机 Bluetooth earphones",
            399.0,
            "招商银行信用卡 尾号 8821",
            "顺丰速运 SF Express",
            "SF1300456789012",
            "运输中：滞留在上海转运中心 (in transit, held at the Shanghai hub)",
            day(-8),
            day(-3),
        ),
        (
            "SF654321",
            "电热水壶 electric kettle",
            159.0,
            "微信支付 WeChat Pay",
            "顺丰速运 SF Express",
            "SF1300987654321",
            "已签收 (delivered)",
            day(-20),
            day(-16),
        ),
        (
            "JD778899",
            "登山背包 hiking backpack",
            589.0,
            "支付宝 Alipay",
            "京东物流 JD Logistics",
            "JDVA00011223344",
            "待发货 (waiting to ship)",
            day(-1),
            day(3),
        ),
        (
            "YT135790",
            "咖啡豆 1kg coffee beans",
            128.0,
            "账户余额 store balance",
            "圆通速递 YTO Express",
            "YT8800135790246",
            "派送中 (out for delivery)",
            day(-3),
            day(0),
        ),
    ]


def create(path: Path, today: date | None = None) -> None:
    """Creates the demo database at `path` with its sample data, unless it exists."""
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with connect(path) as db:
        db.executescript(SCHEMA)
        db.executemany(
            "INSERT OR IGNORE INTO orders VALUES (?,?,?,?,?,?,?,?,?)", _sample_orders(today or date.today())
        )
        db.executemany("INSERT OR IGNORE INTO holidays VALUES (?,?)", sorted(HOLIDAYS.items()))


@contextmanager
def connect(path: Path) -> Iterator[sqlite3.Connection]:
    db = sqlite3.connect(path, timeout=10)
    db.row_factory = sqlite3.Row
    try:
        with db:
            yield db
    finally:
        db.close()


def is_working_day(db: sqlite3.Connection, day: date) -> tuple[bool, str | None]:
    row = db.execute("SELECT name FROM holidays WHERE day = ?", (day.isoformat(),)).fetchone()
    if row is not None:
        return False, str(row["name"])
    return day.weekday() < 5, None


def add_working_days(db: sqlite3.Connection, start: date, days: int) -> date:
    current = start
    while days > 0:
        current += timedelta(days=1)
        if is_working_day(db, current)[0]:
            days -= 1
    return current


def order(db: sqlite3.Connection, order_id: str) -> dict[str, Any] | None:
    row = db.execute("SELECT * FROM orders WHERE order_id = ?", (order_id,)).fetchone()
    if row is None:
        return None
    found = dict(row)
    refund = db.execute(
        "SELECT * FROM refunds WHERE order_id = ? ORDER BY requested_at DESC LIMIT 1", (order_id,)
    ).fetchone()
    found["refund"] = dict(refund) if refund is not None else None
    return found


def request_refund(
    db: sqlite3.Connection, order_id: str, account: str, now: datetime
) -> tuple[dict[str, Any], bool]:
    """The refund of the order: the existing one, or a new one. Returns (refund, created)."""
    existing = db.execute("SELECT * FROM refunds WHERE order_id = ?", (order_id,)).fetchone()
    if existing is not None:
        return dict(existing), False
    amount = db.execute("SELECT amount FROM orders WHERE order_id = ?", (order_id,)).fetchone()["amount"]
    number = db.execute("SELECT COUNT(*) FROM refunds").fetchone()[0] + 1
    refund = {
        "refund_id": f"RF{number:06d}",
        "order_id": order_id,
        "account": ACCOUNTS[account],
        "amount": amount,
        "status": "已受理，审核中 (received, under review)",
        "requested_at": now.isoformat(timespec="seconds"),
        "expected_by": add_working_days(db, now.date(), REFUND_WORKING_DAYS).isoformat(),
    }
    db.execute(
        "INSERT INTO refunds VALUES"
        " (:refund_id, :order_id, :account, :amount, :status, :requested_at, :expected_by)",
        refund,
    )
    return refund, True


def create_ticket(db: sqlite3.Connection, summary: str, priority: str, now: datetime) -> dict[str, Any]:
    number = db.execute("SELECT COUNT(*) FROM tickets").fetchone()[0] + 1
    ticket = {
        "ticket_id": f"TK-{number:06d}",
        "summary": summary,
        "priority": priority,
        "status": "open",
        "created_at": now.isoformat(timespec="seconds"),
    }
    db.execute("INSERT INTO tickets VALUES (:ticket_id,:summary,:priority,:status,:created_at)", ticket)
    return ticket
