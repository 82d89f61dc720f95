"""Validates bench-format JSONL files (../../shared/bench/FORMAT.md) and prints counts.

    python3 bench/data/check_format.py bench/data/zh-personal2-tune.jsonl bench/data/zh-personal2-test.jsonl

Checks: required fields; item and question ids unique within a haystack; every evidence id is an
item of that haystack; item times parse and are in order; each question's time is not before the
last item; categories in the allowed set (--cats, default the six personal-facts categories).
Exit status 1 on any error.
"""

import argparse
import collections
import datetime as dt
import json
import sys

CATS = ["simple", "two-fact", "comparison", "aggregation", "computation", "noisy"]


def check(path, cats):
    errs = []
    per_cat = collections.Counter()
    n_items = n_q = 0
    hay_ids = set()
    with open(path, encoding="utf-8") as f:
        for ln, line in enumerate(f, 1):
            if not line.strip():
                continue
            h = json.loads(line)
            where = f"{path}:{ln}"
            for k in ("id", "lang", "items", "questions"):
                if k not in h:
                    errs.append(f"{where}: missing {k}")
            if h["id"] in hay_ids:
                errs.append(f"{where}: duplicate haystack id {h['id']}")
            hay_ids.add(h["id"])
            ids, prev = set(), None
            for it in h["items"]:
                if not it.get("id") or not isinstance(it.get("text"), str) or not it["text"].strip():
                    errs.append(f"{where}: bad item {it}")
                if it["id"] in ids:
                    errs.append(f"{where}: duplicate item id {it['id']}")
                ids.add(it["id"])
                if "time" in it:
                    t = dt.datetime.fromisoformat(it["time"])
                    if t.tzinfo is not None:
                        errs.append(f"{where}: item {it['id']} time has a zone")
                    if prev and t < prev:
                        errs.append(f"{where}: item {it['id']} out of time order")
                    prev = t
            n_items += len(h["items"])
            qids = set()
            for q in h["questions"]:
                n_q += 1
                if q["id"] in qids or q["id"] in ids:
                    errs.append(f"{where}: duplicate question id {q['id']}")
                qids.add(q["id"])
                if q.get("category") not in cats:
                    errs.append(f"{where}: {q['id']} bad category {q.get('category')}")
                per_cat[q.get("category")] += 1
                if not q.get("evidence"):
                    errs.append(f"{where}: {q['id']} no evidence")
                for e in q.get("evidence", []):
                    if e not in ids:
                        errs.append(f"{where}: {q['id']} evidence {e} not an item")
                if len(set(q.get("evidence", []))) != len(q.get("evidence", [])):
                    errs.append(f"{where}: {q['id']} repeated evidence id")
                if "time" in q and prev and dt.datetime.fromisoformat(q["time"]) < prev:
                    errs.append(f"{where}: {q['id']} asked before the last item")
                if not q.get("question", "").strip():
                    errs.append(f"{where}: {q['id']} empty question")
    return errs, len(hay_ids), n_items, n_q, per_cat


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--cats", default=",".join(CATS))
    a = ap.parse_args()
    cats = a.cats.split(",")
    bad = False
    for p in a.files:
        errs, nh, ni, nq, pc = check(p, cats)
        print(f"{p}: {nh} haystacks, {ni} items, {nq} questions; " + ", ".join(f"{c} {pc[c]}" for c in cats))
        for e in errs[:50]:
            print("  ERROR", e)
        bad |= bool(errs)
    print("FAILED" if bad else "OK")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
