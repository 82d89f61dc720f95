"""`hindsight` with every PostgreSQL memory searched as a large one: the keyword route reads each
query term's best postings (keywords._TOP_SEARCH) whatever the memory's size, with an optional
budget. The bench files' memories are far below TOP_POSTINGS_FROM_DOCS; this shows what the
large-memory search does to their ranking (BENCHMARKS.md, issue 13 scale):

    mkdir -p /tmp/large && printf '#!/bin/sh\nexec python %s "$@"\n' "$PWD/bench/every_memory_large.py" \
        > /tmp/large/hindsight && chmod +x /tmp/large/hindsight
    PATH=/tmp/large:$PATH POSTINGS_READ=50 ONLY=postgresql OUT=DIR bash bench/engines.sh
"""

from __future__ import annotations

import os
import sys

from hindsight.cli import main
from hindsight.stores.postgres import keywords

keywords.TOP_POSTINGS_FROM_DOCS = 0
if os.environ.get("POSTINGS_READ"):
    keywords.POSTINGS_READ = int(os.environ["POSTINGS_READ"])

if __name__ == "__main__":
    sys.argv[0] = "hindsight"
    main()
