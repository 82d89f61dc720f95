"""Where a user is: the time zone their clock keeps and the region (country) they live in.

Every datetime inside Hindsight is naive UTC (timeutil.py), but a user's words are in their own time:
"昨天" asked at 07:00 in Shanghai is the Shanghai day before, which ran from 16:00 UTC two days back to
16:00 UTC yesterday — read in UTC, the question would be about the wrong day for the first eight hours
of every Shanghai morning. So a time expression is read against the user's wall clock and its range
turned back into UTC before the store is searched. The region decides what only a place does ("12/3",
"winter", "Thanksgiving": recall/time/region.py).

A locality comes, per call, from `time_zone` and `region`; else from the offset `now` was given with
("2026-12-06T07:00:00+08:00" says where its clock is); else from what is stored for the user
(`Memory.set_locality`: set once, read from the store by every process on every call, so a change made
through one replica holds at once in all); else from the `time_zone` and `region` settings. A zone of
one country names the region when none is given ("Australia/Sydney": AU)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from importlib import resources
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from hindsight.errors import InvalidInput
from hindsight.models import UserLocality
from hindsight.recall.time.region import check_region

_NOT_PLACES = frozenset({"localtime", "posixrules", "factory"})
"""Files of a zoneinfo folder that name no place: "localtime" is whatever zone the machine reading it
is set to (two processes on two machines would read one user's clock differently), "posixrules" a
default for POSIX strings, "Factory" a placeholder."""

_OFFSET = re.compile(r"(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?")
"""A fixed offset: "+08:00", "-0530", "UTC+8", "GMT-3"."""


@dataclass(frozen=True, slots=True)
class Locality:
    """A user's time zone (its name as given: an IANA name or a fixed offset) and region."""

    zone: tzinfo
    zone_name: str = "UTC"
    region: str | None = None

    def wall_time(self, moment: datetime) -> datetime:
        """The user's wall-clock time (naive) at `moment` (naive UTC)."""
        if self.zone is UTC:
            return moment
        return moment.replace(tzinfo=UTC).astimezone(self.zone).replace(tzinfo=None)

    def utc(self, wall: datetime) -> datetime:
        """The naive UTC moment at which the user's clock shows `wall` (naive). A time a clock change
        skips or repeats is read as the clock before the change would (PEP 495, fold 0)."""
        if self.zone is UTC:
            return wall
        return wall.replace(tzinfo=self.zone).astimezone(UTC).replace(tzinfo=None)

    def describe(self) -> str:
        """The locality as `explain` says it: "Asia/Shanghai", "UTC, region AU"."""
        return self.zone_name + (f", region {self.region}" if self.region else "")


EVERYWHERE = Locality(UTC)
"""UTC and no region: how Hindsight read every query before localities existed."""


def configured(zone_name: str, region: str | None) -> Locality:
    """The locality the settings name (`time_zone`, `region`), already checked by them; without a
    region, the zone's country."""
    return Locality(*time_zone(zone_name), region or country_of(zone_name))


def time_zone(name: str) -> tuple[tzinfo, str]:
    """The zone an IANA name ("Asia/Shanghai"), "UTC" or a fixed offset ("+08:00", "UTC-5") names,
    with its name as `explain` shows it; InvalidInput if it names none."""
    text = name.strip()
    if text.upper() in ("UTC", "Z", "GMT", "ETC/UTC"):
        return UTC, "UTC"
    offset = _OFFSET.fullmatch(text)
    if offset:
        sign, hours, minutes = offset.group(1), int(offset.group(2)), int(offset.group(3) or 0)
        if hours > 14 or minutes > 59:
            raise InvalidInput(f"time_zone {name!r} is not an offset from UTC (-14:00 to +14:00)")
        delta = timedelta(hours=hours, minutes=minutes) * (-1 if sign == "-" else 1)
        return timezone(delta), f"UTC{sign}{hours:02d}:{minutes:02d}"
    try:
        if text.lower() in _NOT_PLACES:
            raise ValueError(text)
        return ZoneInfo(text), text
    except (ZoneInfoNotFoundError, ValueError):
        raise InvalidInput(
            f"time_zone {name!r} is no IANA time zone (e.g. Asia/Shanghai, Europe/London) nor an offset "
            "like +08:00"
        ) from None


def country_of(zone_name: str) -> str | None:
    """The country an IANA zone keeps the clock of ("Australia/Sydney": AU; "Asia/Chongqing", a link,
    as the zone it names: CN); None for UTC, an offset, or a zone of no country ("Etc/GMT-8")."""
    countries, links = _zone_countries()
    return countries.get(zone_name) or countries.get(links.get(zone_name, ""))


def zones_of(region: str) -> list[str]:
    """The IANA zones zone.tab lists for a country ("NZ": Pacific/Auckland, Pacific/Chatham), in its order
    (for most countries the capital's first; not for the widest: Canada's runs east to west)."""
    countries, _ = _zone_countries()
    return [zone for zone, country in countries.items() if country == region]


@lru_cache(maxsize=1)
def _zone_countries() -> tuple[dict[str, str], dict[str, str]]:
    """zone.tab's zone -> country, and tzdata.zi's links (old name -> zone), from the tzdata package
    (a dependency), else the system's zoneinfo."""
    texts = []
    for name in ("zone.tab", "tzdata.zi"):
        try:
            texts.append(resources.files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8"))
        except (ModuleNotFoundError, OSError):
            try:
                with open(f"/usr/share/zoneinfo/{name}", encoding="utf-8") as file:
                    texts.append(file.read())
            except OSError:
                texts.append("")
    countries = {
        fields[2]: fields[0]
        for line in texts[0].splitlines()
        if not line.startswith("#") and len(fields := line.split("\t")) >= 3
    }
    links = {
        fields[2]: fields[1]
        for line in texts[1].splitlines()
        if line.startswith("L ") and len(fields := line.split()) == 3
    }
    return countries, links


def region_code(code: str) -> str:
    """`code` checked as an ISO 3166-1 alpha-2 country code (upper-cased; "UK" is GB)."""
    try:
        return check_region(code)
    except ValueError as exc:
        raise InvalidInput(str(exc)) from None


def locality(
    time_zone_name: str | None,
    region: str | None,
    now: datetime | str | None,
    default: Locality = EVERYWHERE,
) -> Locality:
    """The locality of one call: `time_zone_name` and `region` if given, else the offset `now` was
    given with (for the zone), else `default` (the settings')."""
    if time_zone_name is not None:
        zone, zone_name = time_zone(_text(time_zone_name, "time_zone"))
    elif (given := _offset_of(now)) is not None:
        zone, zone_name = given
    else:
        zone, zone_name = default.zone, default.zone_name
    if region is not None:
        code: str | None = region_code(_text(region, "region"))
    elif zone_name != default.zone_name:  # the call's own zone says where the user is
        code = country_of(zone_name) or default.region
    else:
        code = default.region
    return Locality(zone, zone_name, code)


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{name} must be a string, not {type(value).__name__}")
    return value


def _offset_of(now: datetime | str | None) -> tuple[tzinfo, str] | None:
    """The fixed offset an aware `now` carries ("…T07:00:00+08:00"); None for a naive one, a "Z"
    (UTC said of the moment, not of where the user is) or one that does not parse (the caller's
    check of `now` says why)."""
    if isinstance(now, str):
        text = now.strip()
        if text.endswith("Z"):
            return None
        try:
            now = datetime.fromisoformat(text)
        except ValueError:
            return None
    if not isinstance(now, datetime) or now.tzinfo is None:
        return None
    if isinstance(now.tzinfo, ZoneInfo):  # a zone, not only an offset: its clock changes are known
        return now.tzinfo, now.tzinfo.key
    offset = now.utcoffset()
    if offset is None or offset == timedelta(0):
        return None
    minutes = int(offset.total_seconds()) // 60
    sign = "-" if minutes < 0 else "+"
    return timezone(offset), f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def checked_user_locality(stored: UserLocality) -> UserLocality:
    """`stored` with its zone and region checked and named as Hindsight names them ("+8" is
    "UTC+08:00", "uk" is "GB"); InvalidInput if either names nothing, or if neither is given."""
    if stored.time_zone is None and stored.region is None:
        raise InvalidInput("a user's locality needs a time_zone, a region, or both")
    zone_name = None if stored.time_zone is None else time_zone(_text(stored.time_zone, "time_zone"))[1]
    region = None if stored.region is None else region_code(_text(stored.region, "region"))
    return UserLocality(stored.tenant, stored.user_id, zone_name, region, stored.updated_at)


def for_user(stored: UserLocality | None, settings: Locality) -> Locality:
    """The locality a user's calls default to: what is stored for them, a part not stored taken from
    the settings. A stored zone of one country names the region when no region is stored
    ("Europe/London": GB, even if the settings say CN)."""
    if stored is None:
        return settings
    try:
        zone, zone_name = time_zone(stored.time_zone) if stored.time_zone else (settings.zone, "")
    except InvalidInput:  # checked when stored; a zone a later tz database dropped reads as unset
        zone, zone_name = settings.zone, ""
    if not zone_name:
        return Locality(settings.zone, settings.zone_name, stored.region or settings.region)
    return Locality(zone, zone_name, stored.region or country_of(zone_name) or settings.region)


def said_by_write(
    time_zone_name: str | None, region: str | None, time: datetime | str | None
) -> dict[str, str]:
    """Where a write says its user is, for its queued payload: the zone and region the call gave (checked,
    named as Hindsight names them), else the offset `time` was given with; empty when it says nothing
    (then the user's stored locality, else the settings', is read when the write is applied)."""
    said: dict[str, str] = {}
    if time_zone_name is not None:
        said["time_zone"] = time_zone(_text(time_zone_name, "time_zone"))[1]
    elif (given := _offset_of(time)) is not None:
        said["time_zone"] = given[1]
    if region is not None:
        said["region"] = region_code(_text(region, "region"))
    return said


def of_write(said: object, users: Locality) -> Locality:
    """The locality a write is applied with: what it said (`said_by_write`, read back from its payload),
    the rest from `users` (the user's stored locality, else the settings'), as a recall's call would."""
    if not isinstance(said, dict) or not said:
        return users
    zone, region = said.get("time_zone"), said.get("region")
    return locality(
        zone if isinstance(zone, str) else None, region if isinstance(region, str) else None, None, users
    )
