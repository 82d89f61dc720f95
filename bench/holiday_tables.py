"""Write `src/hindsight/recall/holiday_tables.py`: the first days of holidays kept by the moon or by a
calendar of their own (Eid al-Fitr, Eid al-Adha, Diwali / Deepavali, Vesak) in each country that keeps
them on a day of its own, as the `holidays` package (python-holidays) gives them, 2020-2035.

Not a dependency: run it with the package on the path when the package's tables should be taken again, e.g.

    pip install --target /tmp/holidays-lib 'holidays==0.109'
    PYTHONPATH=/tmp/holidays-lib:src python bench/holiday_tables.py

A country is written only where its days differ from the parser's default (`holidays._MOVABLE_ABROAD`, the
Gulf's reading of the moon) in some year; then its whole series is written, so one table answers for it.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path

import holidays as python_holidays  # type: ignore[import-not-found]

from hindsight.recall import holidays as ours

YEARS = range(2020, 2036)
NAMES = {
    # the parser's holiday: the names python-holidays gives its first day (the "(estimated)" note removed)
    "eid al-fitr": {"eid al-fitr", "eid-ul-fitr", "eid ul-fitr"},
    "eid al-adha": {"eid al-adha", "eid-ul-adha", "eid ul-adha"},
    "diwali": {"diwali", "deepavali"},
    "vesak day": {"vesak day", "vesak full moon poya day", "vesak"},
    "thaipusam": {"thaipusam"},
    # India's festivals on its optional list, Israel's holy days (the parser knows them only from here:
    # `holidays.BY_TABLE_ONLY`)
    "raksha bandhan": {"raksha bandhan"},
    "ganesh chaturthi": {"ganesh chaturthi / vinayak chaturthi", "ganesh chaturthi"},
    "pongal": {"pongal"},
    "janmashtami": {"janmashtami (vaishnava)", "janmashtami"},
    "onam": {"onam"},
    "dussehra": {"dussehra"},
    "islamic new year": {"islamic new year"},
    "nuzul al-quran": {"nuzul al-quran day"},
    "passover": {"pesach"},
    "rosh hashanah": {"rosh hashanah"},
}
CATEGORIES = {"IN": ("public", "optional")}
"""Countries whose holidays are read with more than the public ones (India's optional list)."""
SPANS = {
    # the parser's holiday: what python-holidays names any of its days off (first day, second day, "holiday",
    # observed, additional)
    "eid al-fitr": ("eid al-fitr", "eid-ul-fitr", "eid ul-fitr"),
    "eid al-adha": ("eid al-adha", "eid-ul-adha", "eid ul-adha"),
    "lunar new year": ("chinese new year", "lunar new year"),
    "national day": ("national day",),
    "christmas": ("christmas", "boxing day", "saint stephen", "day of goodwill"),
}
SPAN_COUNTRIES = (
    *("SG", "MY", "HK", "MO", "TW", "ID", "BN", "PH", "NG", "GH", "KE", "TZ"),
    *("UG", "AE", "SA", "QA", "KW", "OM", "BH", "EG", "JO", "PK", "BD"),
    *("GB", "IE", "AU", "NZ", "CA", "ZA", "JM"),
)
"""Where a holiday said as its days off ("the sallah break", "eid holidays", "CNY 的 PH", "年假嗰幾日") is
read as the public holidays the country gives for it (`DAYS_OFF_SPANS`)."""
DAYS_OFF_COUNTRIES = ("TW",)
"""Where every public holiday (made-up days included) is written too (`DAYS_OFF`), for the days off in a row
a holiday gives (Taiwan's 連假)."""
SUBDIVISIONS = {"MY": "KUL"}
"""Countries whose holidays are kept by state, read in one: Malaysia's Federal Territory of Kuala Lumpur."""
OUT = Path(__file__).resolve().parent.parent / "src" / "hindsight" / "recall" / "holiday_tables.py"


def first_days(country: str) -> dict[str, dict[int, date]]:
    """Each holiday of `NAMES` the country keeps: its first day in each year of `YEARS` it is given."""
    found: dict[str, dict[int, date]] = {}
    calendar = python_holidays.country_holidays(
        country,
        subdiv=SUBDIVISIONS.get(country),
        years=YEARS,
        categories=CATEGORIES.get(country, ("public",)),
    )
    for day, names in sorted(calendar.items()):
        for name in names.split("; "):
            plain = name.replace(" (estimated)", "").strip().lower()
            for holiday, said in NAMES.items():
                if plain in said:
                    found.setdefault(holiday, {}).setdefault(day.year, day)
    return found


def days_off_spans(country: str, said: tuple[str, ...]) -> list[str]:
    """Each year's days off named after a holiday (`said`) in `country`: "MMDD-MMDD" (first and last, the
    first block of such days in the year, days within a week of each other), "-" where none."""
    calendar = python_holidays.country_holidays(country, subdiv=SUBDIVISIONS.get(country), years=YEARS)
    spans = []
    for year in YEARS:
        days = sorted(
            day
            for day, names in calendar.items()
            if day.year == year and any(name in names.lower() for name in said)
        )
        block = days[:1]
        for day in days[1:]:
            if (day - block[-1]).days > 7:
                break
            block.append(day)
        spans.append(f"{block[0]:%m%d}-{block[-1]:%m%d}" if block else "-")
    return spans


def default_day(holiday: str, year: int) -> date | None:
    try:
        return None if holiday in ours.BY_TABLE_ONLY else ours.HOLIDAYS[holiday](year)[0].date()
    except KeyError:
        return None


def main() -> int:
    tables: dict[str, dict[str, str]] = {}
    for country in sorted(python_holidays.list_supported_countries()):
        if len(country) != 2:
            continue
        for holiday, days in first_days(country).items():
            if len(days) < len(YEARS):
                continue  # a series with gaps: kept only from some year, or not every year
            known = [year for year in YEARS if default_day(holiday, year) is not None]
            if known and all(days[year] == default_day(holiday, year) for year in known):
                continue  # the default's days where it has any (a year past its table names no day)
            tables.setdefault(holiday, {})[country] = " ".join(days[year].strftime("%m%d") for year in YEARS)
    lines = [
        '"""The first days of holidays kept by the moon or by a calendar of their own, by country:',
        f"written by `bench/holiday_tables.py` from python-holidays {python_holidays.__version__} (not a",
        "dependency), for the countries whose days differ from the parser's default in some year",
        "(`holidays._MOVABLE_ABROAD`).",
        "",
        "Each series is the month and day (MMDD) of the holiday's first day in each year from `FIRST_YEAR`.",
        '"""',
        "",
        f"FIRST_YEAR = {YEARS.start}",
        f"LAST_YEAR = {YEARS.stop - 1}",
        "",
        "FIRST_DAYS: dict[str, dict[str, str]] = {",
    ]
    for holiday, by_country in sorted(tables.items()):
        lines.append(f'    "{holiday}": {{')
        for country, series in sorted(by_country.items()):
            lines.append(f'        "{country}": "{series}",')
        lines.append("    },")
    lines += ["}  # fmt: skip", ""]
    lines += [
        "DAYS_OFF_SPANS: dict[str, dict[str, str]] = {",
        "    # the public holidays a holiday gives, first and last day (MMDD-MMDD), one a year from",
        "    # FIRST_YEAR",
        "    # (- where the country keeps none that year)",
    ]
    for holiday, said in SPANS.items():
        lines.append(f'    "{holiday}": {{')
        for country in SPAN_COUNTRIES:
            spans = days_off_spans(country, said)
            if any("-" in span and span != "-" for span in spans) and any(
                span != "-" and span[:4] != span[5:] for span in spans
            ):
                first, rest = " ".join(spans[:8]), " ".join(spans[8:])
                lines.append(f'        "{country}": "{first} "\n        "{rest}",')
        lines.append("    },")
    lines += ["}  # fmt: skip", ""]
    lines += [
        "DAYS_OFF: dict[str, dict[int, str]] = {",
        "    # every public holiday (MMDD), made-up days included, by country and year",
    ]
    for country in DAYS_OFF_COUNTRIES:
        lines.append(f'    "{country}": {{')
        calendar = python_holidays.country_holidays(country, years=YEARS)
        for year in YEARS:
            days = sorted(day for day in calendar if day.year == year)
            said = [day.strftime("%m%d") for day in days]
            first, rest = " ".join(said[:16]), "".join(f" {day}" for day in said[16:])
            lines.append(f'        {year}: "{first}"' + (f'\n        "{rest}",' if rest else ","))
        lines.append("    },")
    lines += ["}  # fmt: skip", ""]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    for holiday, by_country in sorted(tables.items()):
        print(holiday, len(by_country), "countries:", " ".join(sorted(by_country)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
