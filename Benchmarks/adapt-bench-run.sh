# Sourced by adapt-harness.sh and adapt-parts.sh (issue 47): runs adapt-bench on the UNIPEN dev
# writers, each in its labels' language (writer_languages.py), with the arguments given to
# `adapt_bench`. Expects $shared (the shared folder) and $tmp (a scratch folder the caller removes).
data="$shared/data/unipen"
[ -f "$data/dev-words.jsonl.gz" ] || { echo "$(basename "$0"): $data/dev-words.jsonl.gz not found" >&2; exit 2; }

adapt_bench() {
    gzip -dc "$data/dev-words.jsonl.gz" > "$tmp/words.jsonl"
    gzip -dc "$data/dev-lines.jsonl.gz" > "$tmp/lines.jsonl"
    python3 Benchmarks/writer_languages.py --shared "$shared" --json "$tmp/languages.json" >/dev/null
    swift build -c release --static-swift-stdlib --product adapt-bench >/dev/null
    "$(swift build -c release --show-bin-path)/adapt-bench" "$tmp/words.jsonl" "$tmp/lines.jsonl" \
        --languages "$tmp/languages.json" "$@"
}
