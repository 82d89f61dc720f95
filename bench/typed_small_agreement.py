"""Names found in text as written against the same text typed in lower case:
`python bench/typed_small_agreement.py FILE.jsonl [...]` (a bench file of the shared format).

Each English item is read twice by the rules that find people, organisations and places
(`entities.find_named`): as written, and lowered then given its capitals back (`capitals.with_capitals`,
as the extractor reads it). Counted, values compared without case: the names found as written that
are found again (under the same kind), and the names found only in the lowered text (what the capitals
step invents). The text as written is the reference; no label is read, so any English text will do.
Without the capitals step (`--without`), the lowered text is read as it is: the loss it mends."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from hindsight.text import has_cjk
from hindsight.write.capitals import with_capitals
from hindsight.write.entities import find_named


def _named(text: str) -> set[tuple[str, str]]:
    return {(kind.rstrip("_0123456789"), value.lower()) for kind, value in find_named(text)}


def agreement(path: Path, restore: bool) -> tuple[int, int, int, int]:
    """(English items, names as written, found again when lowered, found only when lowered)."""
    items = written_n = again = invented = 0
    for line in path.open(encoding="utf-8"):
        for item in json.loads(line)["items"]:
            text = item["text"]
            if has_cjk(text):
                continue
            items += 1
            lowered = text.lower()
            written = _named(text)
            small = _named(with_capitals(lowered) if restore else lowered)
            written_n += len(written)
            again += len(written & small)
            invented += len(small - written)
    return items, written_n, again, invented


if __name__ == "__main__":
    restore = "--without" not in sys.argv
    for name in [arg for arg in sys.argv[1:] if not arg.startswith("--")]:
        items, written_n, again, invented = agreement(Path(name), restore)
        print(
            f"{Path(name).name}: {items} English items; names as written {written_n}; "
            f"found again typed small {again} ({again / max(written_n, 1):.3f}); "
            f"found only typed small {invented}" + ("" if restore else " (without the capitals step)")
        )
