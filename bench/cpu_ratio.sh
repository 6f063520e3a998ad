#!/usr/bin/env bash
# bench/cpu_ratio.sh BUILD_DIR FILE [RUNS]: planilla against pgn-extract by CPU time (user+sys),
# the best of RUNS (default 5) runs each, the two tools alternating, so that a machine whose speed
# moves during the series slows both alike. One thread; the harness's arguments (bench/run.sh).
# Prints a Markdown table: task, planilla ms, pgn-extract ms, ratio.
set -euo pipefail
planilla=$(realpath "${1:?usage: bench/cpu_ratio.sh BUILD_DIR FILE [RUNS]}")/planilla
file=${2:?usage: bench/cpu_ratio.sh BUILD_DIR FILE [RUNS]}
runs=${3:-5}
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
cpu_ms() {  # cpu_ms CMD...: user+sys in ms (both tools exit non-zero on faulty games)
  { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null 2>&1 || true; } 2>&1 | awk '{printf "%d", ($1 + $2) * 1000}'
}
echo "| task | planilla ms | pgn-extract ms | ratio |"
echo "|---|---|---|---|"
tasks=(
  "check --format json|check $file -q --format json -o /dev/null --jobs 1|-s -r $file"
  "convert --to en|convert $file --to en -q -o /dev/null --jobs 1|-s -o /dev/null $file"
  "normalize|normalize $file -q -o /dev/null --rejects /dev/null --jobs 1|-s -o /dev/null $file"
)
for task in "${tasks[@]}"; do
  IFS='|' read -r name pargs xargs <<<"$task"
  best_p=
  best_x=
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    x=$(cpu_ms "$pgnx" $xargs)
    # shellcheck disable=SC2086
    p=$(cpu_ms "$planilla" $pargs)
    if [ -z "$best_x" ] || [ "$x" -lt "$best_x" ]; then best_x=$x; fi
    if [ -z "$best_p" ] || [ "$p" -lt "$best_p" ]; then best_p=$p; fi
  done
  printf '| %s | %s | %s | %.2f× |\n' "$name" "$best_p" "$best_x" "$(echo "$best_x / $best_p" | bc -l)"
done
