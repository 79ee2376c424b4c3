#!/usr/bin/env bash
# How long the test suite takes, fast lane and slow lane apart, on the built tests (`make
# bench-tests` builds them and the release binary the slow lane runs first); the result goes to
# Benchmarks/results/test-times-DATE.json with the machine's load average at the start.
# Usage: Benchmarks/test-times.sh 'SLOW|TEST|PATTERN'
set -euo pipefail
cd "$(dirname "$0")/.."
slow=$1
load=$(cut -d' ' -f1 /proc/loadavg)
start=$(date +%s.%N)
fast_status=0
swift test --skip-build --skip "$slow" >/dev/null 2>&1 || fast_status=$?
middle=$(date +%s.%N)
slow_status=0
swift test --skip-build --filter "$slow" >/dev/null 2>&1 || slow_status=$?
end=$(date +%s.%N)
fast=$(python3 -c "print(round($middle - $start, 1))")
slow_seconds=$(python3 -c "print(round($end - $middle, 1))")
echo "fast lane: $fast s (exit $fast_status); slow lane: $slow_seconds s (exit $slow_status); load average $load at the start"
python3 Benchmarks/results.py test-times --command "make bench-tests" --set "fast_lane_seconds=$fast" \
    --set "slow_lane_seconds=$slow_seconds" --set "fast_lane_exit=$fast_status" --set "slow_lane_exit=$slow_status" \
    --set "load_average_at_start=$load"
