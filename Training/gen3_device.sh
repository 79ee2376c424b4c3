#!/usr/bin/env bash
# Continues the generation-3 run (sepconv192, checkpoints/gen3) on a lent GPU machine, from the
# repository root, as the device tool runs a command:
#
#     run(command="bash Training/gen3_device.sh 8", carry=["Training/packed", "Training/checkpoints/prepared-25000-0.pkl"], timeout_s=600)
#
# The committed state travels with the working tree; the packed data and the alignment cache
# travel as carried paths (58 MB of the 64 MiB). The same schedule (learning rate, mix with 15 %
# mixed lines as in `make gen3`, seed stream) continues on larger batches fed by several data
# processes for WALL_MINUTES (default 8), then the state, the log and the curve come back under
# $OUT/gen3: copy them over
# Training/checkpoints/gen3 and commit. SYNTH_SHARE=0.3 gives that share of the samples to the
# synthetic writers (packed/latin-glyphs.pkl travels with Training/packed). Smoke test on the CPU first:
#
#     DEVICE=cpu LIMIT=40 WORKERS=2 PYTHON=Training/.venv/bin/python bash Training/gen3_device.sh 0.5
set -euo pipefail
cd "$(dirname "$0")"
minutes=${1:-8}
device=${DEVICE:-cuda}
out=${OUT:-/tmp/gen3-device-out}
[ -f packed/unipen.npz ] || { echo "gen3_device: Training/packed/unipen.npz was not carried" >&2; exit 2; }
[ "${SYNTH_SHARE:-0}" = 0 ] || [ -f packed/latin-glyphs.pkl ] || { echo "gen3_device: Training/packed/latin-glyphs.pkl was not carried" >&2; exit 2; }
run=checkpoints/gen3
if [ -n "${LIMIT:-}" ]; then  # a smoke test works on a copy
    run=/tmp/gen3-smoke/gen3
    rm -rf /tmp/gen3-smoke && mkdir -p /tmp/gen3-smoke && cp -r checkpoints/gen3 "$run"
fi
${PYTHON:-python3} -c "import torch; print('torch', torch.__version__, 'cuda', torch.cuda.is_available())"
${PYTHON:-python3} bakeoff.py --out "$run" --candidates sepconv192 --cpu-minutes 100000 --eval-every 10 \
    --device "$device" --workers "${WORKERS:-12}" --batch-points "${BATCH_POINTS:-65536}" \
    --wall-minutes "$minutes" --save-every 240 --mixed-share 0.15 --synth-share "${SYNTH_SHARE:-0}" ${LIMIT:+--limit "$LIMIT"}
mkdir -p "$out/gen3"
cp "$run"/sepconv192.pt "$run"/bakeoff-log.txt "$run"/curves.json "$out/gen3/"
ls -la "$out/gen3"
