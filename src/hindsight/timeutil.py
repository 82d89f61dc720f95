"""Time conventions: every datetime inside Hindsight is naive UTC; the store keeps epoch seconds."""

from __future__ import annotations

from datetime import UTC, datetime

from hindsight.errors import InvalidInput

EARLIEST = datetime(1900, 1, 1)
LATEST = datetime(2999, 12, 31, 23, 59, 59)
"""The times Hindsight keeps: a memory's dates, `now` and `as_of` fall in this range, so that every
date the lifecycle computes from them (a lifetime of months, a review of 90 days) stays a date."""


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


def normalize(moment: datetime | str | None, *, default: datetime | None = None) -> datetime:
    """Accept a datetime or an ISO 8601 string; return naive UTC. None gives `default` or now."""
    if moment is None:
        return default if default is not None else utcnow()
    if isinstance(moment, str):
        text = moment.strip()
        if text.endswith("Z"):
            text = text[:-1] + "+00:00"
        try:
            moment = datetime.fromisoformat(text)
        except ValueError:
            raise InvalidInput(
                f"time {moment!r} is not an ISO 8601 date or datetime (e.g. 2024-05-08T13:56:00)"
            ) from None
    if not isinstance(moment, datetime):
        raise InvalidInput(f"time must be a datetime or an ISO 8601 string, not {type(moment).__name__}")
    if moment.tzinfo is not None:
        try:
            moment = moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:  # "0001-01-01T00:00+14:00" is a moment before the first day a date can hold
            raise _outside(moment) from None
    if not EARLIEST <= moment <= LATEST:
        raise _outside(moment)
    return moment


def _outside(moment: datetime) -> InvalidInput:
    return InvalidInput(
        f"time {moment.isoformat()} is outside the range Hindsight keeps "
        f"({EARLIEST.date().isoformat()} to {LATEST.date().isoformat()})"
    )


def to_epoch(moment: datetime) -> float:
    return moment.replace(tzinfo=UTC).timestamp()


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC).replace(tzinfo=None)
