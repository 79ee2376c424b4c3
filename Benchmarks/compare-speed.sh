#!/usr/bin/env bash
# Indexing speed of several notebook-index binaries on the same pages, in one run: each round
# builds a fresh index with every binary in turn (so a slower stretch of the machine falls on all
# of them), and prints pages per second (pages over wall time) and the CPU seconds of `build`.
#
#   Benchmarks/compare-speed.sh PAGES ROUNDS BINARY...
#
# PAGES is a folder of notebooks (`make eval` makes /tmp/dev-pages); each BINARY is an executable
# beside its resources (a `.build/release` of any commit, e.g. built in a `git worktree`). The
# result (Benchmarks/results/bench-speed-DATE.json) has each binary's rounds, and the first and
# last binary's ranges as baseline and new (`make bench-speed` passes the baseline first).
# NBI_RESULT_NAME names the result file when the pair is not the README's (default bench-speed).
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 PAGES ROUNDS BINARY..." >&2; exit 2; }
command="Benchmarks/compare-speed.sh $*"
pages=$1 rounds=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
: > "$work/rounds"
printf '%-60s %6s %9s %8s %8s\n' binary round pages/s wall_s cpu_s
for round in $(seq 1 "$rounds"); do
    for binary in "$@"; do
        rm -f "$work"/index*
        /usr/bin/time -f '%e %U %S' -o "$work/time" "$binary" build "$pages" --index "$work/index" > /dev/null
        count=$("$binary" status --index "$work/index" --json | python3 -c 'import json, sys; print(json.load(sys.stdin)["pages"])')
        read -r wall user system < "$work/time"
        python3 - "$binary" "$round" "$count" "$wall" "$user" "$system" "$work/rounds" <<'PY'
import json, sys
binary, round_, pages, wall, user, system, rounds = sys.argv[1:]
print(f"{binary:<60} {round_:>6} {int(pages) / float(wall):9.2f} {float(wall):8.2f} {float(user) + float(system):8.2f}")
with open(rounds, "a") as f:
    print(json.dumps({"binary": binary, "round": int(round_), "pages": int(pages),
                      "pages_per_second": round(int(pages) / float(wall), 2), "wall_seconds": float(wall),
                      "cpu_seconds": round(float(user) + float(system), 2)}), file=f)
PY
    done
done
python3 - "$work/rounds" "$work/figures.json" <<'PY'
import json, sys
rounds = [json.loads(line) for line in open(sys.argv[1])]
binaries = list(dict.fromkeys(r["binary"] for r in rounds))
def span(binary, key):
    values = [r[key] for r in rounds if r["binary"] == binary]
    return [min(values), max(values)]
figures = {"rounds": rounds,
           "pages_per_second": span(binaries[-1], "pages_per_second"), "cpu_seconds": span(binaries[-1], "cpu_seconds"),
           "baseline_pages_per_second": span(binaries[0], "pages_per_second"),
           "baseline_cpu_seconds": span(binaries[0], "cpu_seconds")}
mean = lambda b: sum(r["pages_per_second"] for r in rounds if r["binary"] == b) / len([r for r in rounds if r["binary"] == b])
figures["speedup"] = round(mean(binaries[-1]) / mean(binaries[0]), 2)
json.dump(figures, open(sys.argv[2], "w"))
PY
python3 "$(dirname "$0")/results.py" "${NBI_RESULT_NAME:-bench-speed}" --command "$command" --json "$work/figures.json"
