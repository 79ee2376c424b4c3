#!/usr/bin/env bash
# `make check-slurm` / `make check-parallel`: an archive indexed in shards by a real scheduler,
# merged, and checked against one build of it.
#   Benchmarks/check-shards.sh slurm|parallel [--cli PATH] [--shards N] [FOLDER]
# FOLDER (default: SampleNotebooks/) is copied into a temporary folder and built once (--jobs =
# cores). Then
# - slurm: Debian's Slurm and MUNGE (installed with apt-get when missing) run as a one-node
#   cluster on this machine: munged (unless one runs already), slurmctld and slurmd with a
#   throwaway slurm.conf in the temporary folder. contrib/slurm's array job builds the N shards
#   (sbatch --array=1-N --wait, one core each), its MERGE=1 job merges them; the daemons this
#   script started are stopped at the end, whatever happens.
# - parallel: contrib/parallel/notebook-index-shards.sh with GNU parallel (installed when missing).
# The merged index must answer a set of queries (every reading kept, --min-score 0) exactly as the
# one build: the same hits, stroke IDs, bounds and scores. Exits 1 when they differ, 2 when the
# scheduler could not run. Writes Benchmarks/results/check-<mode>-<date>.json.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: check-shards.sh slurm|parallel [--cli PATH] [--shards N] [FOLDER]}
shift
cli=$root/.build/release/notebook-index
shards=4
folder=$root/SampleNotebooks
while [ $# -gt 0 ]; do
    case $1 in
        --cli) cli=$2; shift 2 ;;
        --shards) shards=$2; shift 2 ;;
        *) folder=$1; shift ;;
    esac
done
cli=$(cd "$(dirname "$cli")" && pwd)/$(basename "$cli")
[ -x "$cli" ] || { echo "check-shards: $cli: not built (run 'make build')" >&2; exit 2; }
tmp=$(mktemp -d /tmp/notebook-index-shards.XXXXXX)
chmod 755 "$tmp"
pids=()
cleanup() {
    if [ "$mode" = slurm ] && [ -n "${SLURM_CONF:-}" ]; then scancel --quiet --full "--user=$(id -un)" 2>/dev/null; fi
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null; done
    for pid in "${pids[@]}"; do while kill -0 "$pid" 2>/dev/null; do sleep 0.2; done; done
    rm -rf "$tmp"
}
trap cleanup EXIT
install() { # install Debian packages when a command is missing
    command -v "$1" >/dev/null && return 0
    echo "check-shards: installing ${*:2}" >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${@:2}" >/dev/null || exit 2
}
cp -R "$folder" "$tmp/notes"
"$cli" build "$tmp/notes" --index "$tmp/one.sqlite" --jobs "$(nproc)" >/dev/null 2>&1
start=$(date +%s.%N)
case $mode in
parallel)
    install parallel parallel
    NOTEBOOK_INDEX_BIN=$cli "$root/contrib/parallel/notebook-index-shards.sh" "$tmp/notes" "$tmp/out" "$shards" \
        >/dev/null || { echo "check-shards: the shards or their merge failed" >&2; exit 1; }
    how="GNU parallel $(parallel --version | head -1 | awk '{print $3}'), $shards jobs at once"
    ;;
slurm)
    install slurmctld slurm-wlm munge
    if ! pgrep -x munged >/dev/null; then
        mkdir -p /run/munge /var/log/munge /var/lib/munge && chown munge:munge /run/munge /var/log/munge /var/lib/munge
        [ -f /etc/munge/munge.key ] || { mungekey --create 2>/dev/null || create-munge-key; }
        runuser -u munge -- munged || exit 2
        pids+=("$(cat /run/munge/munged.pid)")
    fi
    host=$(hostname -s)
    mkdir -p "$tmp/slurm/state" "$tmp/slurm/spool"
    export SLURM_CONF=$tmp/slurm/slurm.conf
    cat >"$SLURM_CONF" <<CONF
ClusterName=notebook-index-check
SlurmctldHost=$host(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$tmp/slurm/state
SlurmdSpoolDir=$tmp/slurm/spool
SlurmctldPidFile=$tmp/slurm/slurmctld.pid
SlurmdPidFile=$tmp/slurm/slurmd.pid
SlurmctldLogFile=$tmp/slurm/slurmctld.log
SlurmdLogFile=$tmp/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) RealMemory=$(($(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512)) State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
    slurmctld -f "$SLURM_CONF" || { echo "check-shards: slurmctld did not start" >&2; exit 2; }
    sleep 1
    pids+=("$(cat "$tmp/slurm/slurmctld.pid")")
    slurmd -f "$SLURM_CONF" || { echo "check-shards: slurmd did not start" >&2; exit 2; }
    sleep 1
    pids+=("$(cat "$tmp/slurm/slurmd.pid")")
    for _ in $(seq 60); do [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break; sleep 1; done
    [ "$(sinfo -h -o %t)" = idle ] || { echo "check-shards: the node is not idle: $(sinfo -h)" >&2; cat "$tmp/slurm/slurmd.log" >&2; exit 2; }
    job=$root/contrib/slurm/notebook-index-shards.sbatch
    # one core and a little memory a task: the job file asks for 4 cores, more than this node has
    sbatch --wait --quiet --array=1-"$shards" --cpus-per-task=1 --mem=512M --output="$tmp/shard-%A_%a.log" \
        --export=ALL,NOTEBOOK_INDEX_BIN="$cli" "$job" "$tmp/notes" "$tmp/out" \
        || { echo "check-shards: the array job failed" >&2; cat "$tmp"/shard-*.log >&2; exit 1; }
    sbatch --wait --quiet --cpus-per-task=1 --mem=512M --output="$tmp/merge.log" \
        --export=ALL,NOTEBOOK_INDEX_BIN="$cli",MERGE=1,SHARDS="$shards" "$job" "$tmp/notes" "$tmp/out" \
        || { echo "check-shards: the merge job failed" >&2; cat "$tmp/merge.log" >&2; exit 1; }
    how="Slurm $(sinfo --version | awk '{print $2}'), one node ($host), an array of $shards tasks and a merge job"
    ;;
*) echo "check-shards: unknown mode $mode (slurm or parallel)" >&2; exit 2 ;;
esac
seconds=$(python3 -c "print(f'{$(date +%s.%N) - $start:.1f}')")
status=0
python3 "$root/Benchmarks/same_answers.py" "$cli" "$tmp/one.sqlite" "$tmp/out/index.sqlite" --json "$tmp/queries.json" || status=1
files=$("$cli" status --json --index "$tmp/out/index.sqlite" | python3 -c 'import json,sys; s=json.load(sys.stdin); print(s["files"], s["pages"])')
echo "$how: $shards shards merged in $seconds s; $files (files, pages); answers $([ $status = 0 ] && echo the same as one build || echo DIFFERENT)"
mkdir -p "$root/Benchmarks/results"
cat >"$root/Benchmarks/results/check-$mode-$(date +%F).json" <<JSON
{"benchmark": "check-$mode", "commit": "$(git -C "$root" rev-parse --short HEAD)", "machine": "$(hostname) ($(nproc) cores)",
 "date": "$(date -u +%FT%TZ)", "command": "Benchmarks/check-shards.sh $mode --shards $shards",
 "figures": {"scheduler": "$how", "shards": $shards, "seconds": $seconds, "files_pages": "$files",
             "queries": $(cat "$tmp/queries.json"), "same_as_one_build": $([ $status = 0 ] && echo true || echo false)}}
JSON
exit $status
