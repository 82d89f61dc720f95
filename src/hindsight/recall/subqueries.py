"""Sub-queries for a question about two things: "我表哥和表姐谁年纪大？", "女儿和儿子各住在哪里？",
"降噪耳机和吹风机哪个更贵？". Each thing was said in its own message, and one embedding of the whole
question lands between them, nearer the one that is said more like the question. The question is
also asked once for each of the two ("我表哥谁年纪大？", "表姐谁年纪大？") and the semantic route keeps
each memory's best score over the three.
"""

from __future__ import annotations

import re

from hindsight.stores.base import Scored

_ZH_PAIR = re.compile(
    r"(?P<a>[\w\u4e00-\u9fff]{1,8}?)(?:和|跟|与|还是)(?P<b>[\w\u4e00-\u9fff]{1,8}?)"
    r"(?=[，,]?(?:谁|哪个|哪一个|哪|各|分别|都|比|一共|总共|加起来|的|是|有|在|多|几|差))"
)
_ZH_CUE = re.compile(r"谁|哪个|哪一个|各|分别|比|差|一共|总共|加起来|都")
_ZH_LEAD = re.compile(r"^(?:对了|话说|那|那么|请问|你说|我想知道)")


def sub_queries(query: str) -> list[str]:
    """The question once for each of the two things it compares, lists or adds up; [] when it
    names no such pair."""
    if not _ZH_CUE.search(query):
        return []
    match = _ZH_PAIR.search(query)
    if match is None:
        return []
    head = _ZH_LEAD.sub("", match["a"])
    tail = match["b"]
    if not head or not tail or head == tail:
        return []
    before, after = query[: match.start("a")], query[match.end("b") :]
    return [f"{before}{head}{after}", f"{before}{tail}{after}"]


def merge(*routes: Scored) -> Scored:
    """One semantic route from several: each record at its best score, best first."""
    best: dict[str, float] = {}
    for scored in routes:
        for rid, score in scored:
            best[rid] = max(score, best.get(rid, score))
    return sorted(best.items(), key=lambda pair: -pair[1])
