"""The region a user lives in, as the time parser reads it: an ISO 3166-1 alpha-2 country code ("US",
"GB", "AU", "CN"). Where a query does not say, the region decides what only a place can: whether "12/3" is
the 12th of March or the 3rd of December, which months "winter" names, and which day "Thanksgiving",
"Mother's Day" or "National Day" is. Without a region the parser keeps its defaults (month first, the
northern seasons, the United States' and China's holidays), and a place the query names always wins."""

from __future__ import annotations

_CODES = """
    AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS
    BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE
    EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM
    HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC
    LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA
    NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW
    SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO
    TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW
"""
REGION_CODES = frozenset(_CODES.split())
"""Every ISO 3166-1 alpha-2 code (from the IANA time zone database's iso3166.tab)."""


_ALIASES = {"UK": "GB"}
"""Names users write for a code ("UK" is GB in ISO 3166)."""


def check_region(code: str) -> str:
    """`code` as the parser takes it (upper case); ValueError if it is no ISO 3166-1 alpha-2 code."""
    region = _ALIASES.get(code.strip().upper(), code.strip().upper())
    if region not in REGION_CODES:
        raise ValueError(f"region {code!r} is not an ISO 3166-1 alpha-2 country code (e.g. US, GB, AU, CN)")
    return region
