#!/usr/bin/env bash
# bench/jobs_ratio.sh BUILD_DIR FILE [RUNS]: `--jobs 2` against `--jobs 1` by wall-clock time, the
# best of RUNS (default 7) runs each, the two alternating, so that a machine whose speed moves
# during the series slows both alike. The harness's arguments (bench/run.sh).
# Prints a Markdown table: task, one thread ms, two threads ms, ratio.
set -euo pipefail
planilla=$(realpath "${1:?usage: bench/jobs_ratio.sh BUILD_DIR FILE [RUNS]}")/planilla
file=${2:?usage: bench/jobs_ratio.sh BUILD_DIR FILE [RUNS]}
runs=${3:-7}
wall_ms() {  # wall_ms CMD...: elapsed ms (planilla exits non-zero on faulty games)
  local start end
  start=$(date +%s%N)
  "$@" > /dev/null 2>&1 || true
  end=$(date +%s%N)
  echo $(((end - start) / 1000000))
}
echo "| task | --jobs 1 ms | --jobs 2 ms | ratio |"
echo "|---|---|---|---|"
tasks=(
  "check --format json|check $file -q --format json -o /dev/null"
  "convert --to en|convert $file --to en -q -o /dev/null"
  "normalize|normalize $file -q -o /dev/null --rejects /dev/null"
)
for entry in "${tasks[@]}"; do
  IFS='|' read -r name args <<< "$entry"
  best1='' best2=''
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    t1=$(wall_ms "$planilla" $args --jobs 1)
    # shellcheck disable=SC2086
    t2=$(wall_ms "$planilla" $args --jobs 2)
    if [ -z "$best1" ] || [ "$t1" -lt "$best1" ]; then best1=$t1; fi
    if [ -z "$best2" ] || [ "$t2" -lt "$best2" ]; then best2=$t2; fi
  done
  echo "| $name | $best1 | $best2 | $(awk -v a="$best1" -v b="$best2" 'BEGIN { printf "%.2f×", a / b }') |"
done
