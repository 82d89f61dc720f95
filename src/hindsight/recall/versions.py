"""Versions of one slot in one answer: the newest goes first.

A value replaced by a newer one is closed and not recalled (conflicts.py), but two still-valid
statements of one slot can meet in an answer (an `as_of` in the past, a change the write path could
not tell was one): then the newest version ranks above the older one, at the better of the two
places, whatever their words scored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hindsight.models import Hit


def newest_first(hits: Sequence[Hit]) -> list[Hit]:
    """`hits` (best first) with the versions of each slot reordered newest first, in the places
    (and with the scores) the versions held."""
    out = list(hits)
    places: dict[str, list[int]] = {}
    for index, hit in enumerate(out):
        if hit.record.slot:
            places.setdefault(hit.record.slot, []).append(index)
    for indexes in places.values():
        if len(indexes) < 2:
            continue
        versions = sorted((out[i] for i in indexes), key=lambda h: (h.record.valid_from, h.record.created_at))
        versions.reverse()
        for index, version in zip(indexes, versions, strict=True):
            out[index] = replace(version, score=hits[index].score)
    return out
