"""The fiftieth round's time words (`parse_range(query, now, region)`), from the region authors' tuning
parts: holidays kept by the moon or a calendar of their own on a country's own day (Eid by each country's
sighting, Deepavali by the Tamil calendar in Singapore and Malaysia, Vesak by Malaysia's gazette:
`hindsight.recall.holiday_tables`). Examples are written here, not copied from the corpus; each with a
near miss that must stay as before."""

from __future__ import annotations

import pytest

from hindsight.recall import holiday_tables, holidays

from .time_ranges import days_at

Case = tuple[str, str, str | None, tuple[str, str] | None]


@pytest.mark.parametrize(
    "case",
    [
        # Eid al-Fitr 2027: 10 March where Malaysia, Singapore, India and Pakistan sight the moon, 9 March in
        # the Gulf (the default) and where no region is given
        ("what did we cook for hari raya", "2027-04-19", "MY", ("2027-03-10", "2027-03-11")),
        ("开斋节那天去谁家拜年", "2027-04-19", "SG", ("2027-03-10", "2027-03-11")),
        ("the eid dinner guest list", "2027-04-19", "PK", ("2027-03-10", "2027-03-11")),
        ("the eid dinner guest list", "2027-04-19", "AE", ("2027-03-09", "2027-03-10")),
        ("the eid dinner guest list", "2027-04-19", None, ("2027-03-09", "2027-03-10")),
        # a user in the US keeps the default (no table of the country's own)
        ("the eid dinner guest list", "2027-04-19", "US", ("2027-03-09", "2027-03-10")),
        # Eid al-Adha 2026: Bangladesh's 28 May, the Gulf's 27 May
        ("qurbani meat we gave out on eid ul adha", "2026-07-01", "BD", ("2026-05-28", "2026-05-29")),
        ("qurbani meat we gave out on eid ul adha", "2026-07-01", "SA", ("2026-05-27", "2026-05-28")),
        # Deepavali 2027: 28 October in Singapore and Malaysia, 29 October in India
        ("屠妖节那天的 open house", "2027-11-15", "SG", ("2027-10-28", "2027-10-29")),
        ("what sweets did we buy for deepavali", "2027-11-15", "MY", ("2027-10-28", "2027-10-29")),
        ("what sweets did we buy for diwali", "2027-11-15", "IN", ("2027-10-29", "2027-10-30")),
    ],
)
def test_moon_and_calendar_holidays_by_country(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected


def test_every_country_table_has_a_day_each_year() -> None:
    """Each series of `holiday_tables` names one valid day a year, and the parser reads it as that day."""
    years = range(holiday_tables.FIRST_YEAR, holiday_tables.LAST_YEAR + 1)
    for holiday, countries in holiday_tables.FIRST_DAYS.items():
        for country, series in countries.items():
            days = series.split()
            assert len(days) == len(years), (holiday, country)
            for year, said in zip(years, days, strict=True):
                start, end = holidays.HOLIDAYS[holidays.by_country(holiday, country)](year)
                assert start.strftime("%m%d") == said and (end - start).days == 1


def test_a_year_past_the_country_table_names_no_day() -> None:
    with pytest.raises(KeyError):
        holidays.HOLIDAYS[holidays.by_country("eid al-fitr", "MY")](holiday_tables.LAST_YEAR + 1)


@pytest.mark.parametrize(
    "case",
    [
        # a date with its year written with dashes, in the region's order
        ("the lab report of 05-01-2027, any sugar value?", "2027-02-13", "IN", ("2027-01-05", "2027-01-06")),
        ("the lab report of 05-01-2027, any sugar value?", "2027-02-13", "US", ("2027-05-01", "2027-05-02")),
        # a seller's ship-by date after "a"
        ("which listings had a 3/7 ship by date", "2026-03-20", "US", ("2026-03-07", "2026-03-08")),
        ("the 4/2 due date for the GST filing", "2026-03-20", "AU", ("2026-02-04", "2026-02-05")),
        # "on the 1/2," ending its clause; what a card has written on it
        ("the form went in on the 1/2, any reply since?", "2027-02-07", "IE", ("2027-02-01", "2027-02-02")),
        ("the clinic card wrote 12/10, what did she say", "2027-10-20", "MY", ("2027-10-12", "2027-10-13")),
        # near misses: a phone number, a fraction, a price tag
        ("call 555-01-2027 for the depot", "2027-02-13", "US", None),
        ("the shirts on the 1/2 price rack", "2027-02-13", "US", None),
        ("he wrote 1/2 of the essay", "2027-02-13", "GB", None),
    ],
)
def test_dates_in_digits(case: Case) -> None:
    query, now, region, expected = case
    assert days_at(query, now, region) == expected
