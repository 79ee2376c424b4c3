#!/usr/bin/env bash
# Counts the `public` declarations of the package's Swift sources, per module and in all, and
# fails when there are more than the limit: everything is `package` but the façade a library
# user needs (StrokeRecognizer, HandwritingRecognizer, the drawing model's values and what
# their public signatures name). `make lint` runs it.
#
#   tools/count_public.sh [--max N] [SOURCES]     (default: --max 150 Sources)
#
# A declaration is a line where `public` stands before any `//` or string quote, so doc
# comments and strings that say "public" are not counted; `public var a: T, b: T` is one.
set -euo pipefail
max=150
if [ "${1:-}" = "--max" ]; then
    max=$2
    shift 2
fi
sources=${1:-Sources}

count() { { grep -rhE --include='*.swift' '^[^/"]*(^|[^[:alnum:]_])public([^[:alnum:]_]|$)' "$@" || true; } | wc -l; }

for module in "$sources"/*/; do
    n=$(count "$module")
    if [ "$n" -gt 0 ]; then printf '%5d %s\n' "$n" "${module%/}"; fi
done
total=$(count "$sources")
printf '%5d public declarations in %s (at most %d)\n' "$total" "$sources" "$max"
if [ "$total" -gt "$max" ]; then
    echo "error: $total public declarations, more than $max: make what a library user does not need \`package\`" >&2
    exit 1
fi
