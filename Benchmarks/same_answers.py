#!/usr/bin/env python3
"""Whether two indexes of the same notebooks answer alike: a set of queries, every reading kept
(--min-score 0, no limit), must give the same hits with the same stroke IDs, bounds and scores
(in any order: indexes built in shards may list equal scores in another order).

    Benchmarks/same_answers.py CLI INDEX_A INDEX_B [--json OUT]

Prints a line a query and exits 1 when any answer differs. --json writes the queries as a list of
{"query", "hits", "same"} for the caller's results file. Shared by bench-shards.sh and
check-shards.sh, which compare a merged index against one build of the same folder.
"""
import argparse
import json
import subprocess
import sys

QUERIES = ["the", "and", "notes", "meeting", "week", "of the", "ing"]


def answer(cli, query, index):
    run = subprocess.run([cli, "query", query, "--json", "--min-score", "0", "--limit", "100000", "--index", index],
                         capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 1: no hits, as grep says
        sys.exit(f"same_answers: query '{query}' on {index} failed: {run.stderr.strip()}")
    return sorted(json.dumps(r, sort_keys=True) for r in json.loads(run.stdout)["results"])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("index_a")
    ap.add_argument("index_b")
    ap.add_argument("--json")
    args = ap.parse_args()
    rows = []
    for query in QUERIES:
        a, b = answer(args.cli, query, args.index_a), answer(args.cli, query, args.index_b)
        rows.append({"query": query, "hits": len(a), "same": a == b})
        print(f"'{query}': {len(a)} hits, {'the same' if a == b else 'DIFFERENT'}")
    same = sum(r["same"] for r in rows)
    print(f"answers the same for {same} of {len(rows)} queries")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f)
    sys.exit(0 if same == len(rows) else 1)


if __name__ == "__main__":
    main()
