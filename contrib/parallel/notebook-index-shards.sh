#!/usr/bin/env bash
# An archive indexed in N shards side by side with GNU parallel, then merged: what
# contrib/slurm's array job does on a cluster, on one machine (or, with parallel's --sshlogin,
# on several that share ARCHIVE and OUTDIR at the same paths).
#   contrib/parallel/notebook-index-shards.sh ARCHIVE OUTDIR [N]
# N (default: the number of cores) shard builds run at once, one core each (--jobs 1), into
# OUTDIR/shard-K-of-N.sqlite; `merge` folds them into OUTDIR/index.sqlite. Run again after a
# kill, it finishes the work: `build` reads only what is new or changed, `merge` copies only what
# the index lacks. NOTEBOOK_INDEX_BIN names the binary (default: notebook-index on PATH).
set -euo pipefail
archive=${1:?usage: notebook-index-shards.sh ARCHIVE OUTDIR [N]}
outdir=${2:?usage: notebook-index-shards.sh ARCHIVE OUTDIR [N]}
count=${3:-$(nproc)}
bin=${NOTEBOOK_INDEX_BIN:-notebook-index}
command -v parallel >/dev/null || { echo "notebook-index-shards: GNU parallel is missing (apt-get install parallel)" >&2; exit 2; }
mkdir -p "$outdir"
# exit status 1: some notebooks could not be read (they are in the shard as failures), still done
seq 1 "$count" | parallel --will-cite --halt now,fail=1 -j "$count" \
    "'$bin' build '$archive' --shard {}/$count --jobs 1 --index '$outdir/shard-{}-of-$count.sqlite' || [ \$? -le 1 ]"
shards=()
for k in $(seq 1 "$count"); do shards+=("$outdir/shard-$k-of-$count.sqlite"); done
exec "$bin" merge "$outdir/index.sqlite" "${shards[@]}"
