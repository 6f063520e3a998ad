#!/usr/bin/env bash
# bench/ab.sh REF NEW FILE [RUNS] [JOBS]: two planilla binaries against each other on FILE, the
# harness's three tasks (bench/cpu_ratio.sh's arguments), RUNS runs each (default 7) alternating
# REF and NEW, so that a machine whose speed drifts during the series slows both alike. JOBS
# (default 1) is passed as --jobs; with more than one, wall-clock time is compared, else CPU time
# (user+sys). Prints a Markdown table: the best and the median of each, and NEW's median over REF's.
#
# On this project's 2-core VM, one binary's CPU time moves by ±3 % from run to run and by more
# between series minutes apart, and instruction counts (callgrind) do not predict time: a change
# with 2.5 % fewer instructions took 2-3 % more time (bench/RESULTS.md, 2026-11-27 night). A change
# is kept when its medians here say so, not a single timing.
set -euo pipefail
usage="usage: bench/ab.sh REF NEW FILE [RUNS] [JOBS]"
ref=$(realpath "${1:?$usage}")
new=$(realpath "${2:?$usage}")
file=${3:?$usage}
runs=${4:-7}
jobs=${5:-1}
if [ ! -x "$ref" ] || [ ! -x "$new" ]; then
  echo "bench/ab.sh: REF and NEW must be planilla binaries" >&2
  exit 2
fi
measure() {  # measure CMD...: ms of wall-clock time (JOBS > 1) or user+sys (JOBS = 1)
  { TIMEFORMAT='%3R %3U %3S'; time "$@" > /dev/null 2>&1 || true; } 2>&1 |
    awk -v wall="$([ "$jobs" -gt 1 ] && echo 1 || echo 0)" '{printf "%d", (wall ? $1 : $2 + $3) * 1000}'
}
stats() {  # stats MS...: "best median"
  printf '%s\n' "$@" | sort -n | awk '{a[NR] = $1} END {printf "%d %d", a[1], a[int((NR + 1) / 2)]}'
}
tasks=(
  "check --format json|check $file -q --format json -o /dev/null --jobs $jobs"
  "convert --to en|convert $file --to en -q -o /dev/null --jobs $jobs"
  "normalize|normalize $file -q -o /dev/null --rejects /dev/null --jobs $jobs"
)
kind=$([ "$jobs" -gt 1 ] && echo "wall ms, --jobs $jobs" || echo "CPU ms")
echo "| task ($kind) | REF best | REF median | NEW best | NEW median | NEW / REF (median) |"
echo "|---|---|---|---|---|---|"
for task in "${tasks[@]}"; do
  IFS='|' read -r name args <<<"$task"
  r=() n=()
  for _ in $(seq "$runs"); do
    # shellcheck disable=SC2086
    r+=("$(measure "$ref" $args)")
    # shellcheck disable=SC2086
    n+=("$(measure "$new" $args)")
  done
  read -r rb rm <<<"$(stats "${r[@]}")"
  read -r nb nm <<<"$(stats "${n[@]}")"
  printf '| %s | %s | %s | %s | %s | %.3f |\n' "$name" "$rb" "$rm" "$nb" "$nm" "$(echo "$nm / $rm" | bc -l)"
done
