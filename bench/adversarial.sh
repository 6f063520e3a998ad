#!/usr/bin/env bash
# bench/adversarial.sh BUILD_DIR: the worst-case rates of issue 21. Every input of
# bench_adversarial_inputs (the adversarial tier's cases, the issue's named worst cases, more
# shapes) is read by `check --format json`, `convert --to de` and `normalize`; the CPU time
# (user+sys in ms, best of RUNS, default 1) gives a rate in MB/s, and the net rate subtracts the
# process's start (the same task on an empty input). Prints a Markdown table, slowest net rate
# first, then how many net rates are below MIN_RATE (default 5 MB/s) and the slowest.
# Peak memory is the max RSS of one more run. Inputs go to BUILD_DIR/adversarial-data (about 400 MB).
# JOBS=N passes --jobs N (default: none, the tool's own choice, two threads here): the CPU time
# counts every thread, so JOBS=1 gives the rate of one thread without the handing-over between them.
set -euo pipefail
build=${1:?usage: bench/adversarial.sh BUILD_DIR}
planilla=$(realpath "$build/planilla")
runs=${RUNS:-1}
min_rate=${MIN_RATE:-5}
tasks=${TASKS:-"check convert normalize"}
jobs=(${JOBS:+--jobs "$JOBS"})
data=$(realpath "$build")/adversarial-data
if [ ! -f "$data/.done" ]; then
  mkdir -p "$data"
  "$build/bench/bench_adversarial_inputs" "$data"
  touch "$data/.done"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"  # normalize writes its rejects beside its output

set_args() {  # set_args TASK FILE: the task's command line on the file, in `args`
  case $1 in
    check) args=(check "$2" --format json -q -o /dev/null) ;;
    convert) args=(convert "$2" --to de -q -o /dev/null) ;;
    normalize) args=(normalize "$2" -q -o "$tmp/out.pgn" --rejects "$tmp/rejects.pgn") ;;
  esac
  args+=("${jobs[@]}")
}
cpu_ms() {  # cpu_ms ARGS...: best user+sys in milliseconds over $runs runs (bash's time: ms)
  local best=
  for _ in $(seq "$runs"); do
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time timeout 600 "$planilla" "$@" > /dev/null 2>&1 || true; } 2>&1 |
      awk '{printf "%d", ($1 + $2) * 1000}')
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}

# The process's start (loading ICU and the other libraries, building the tables) is not reading:
# it is measured on an empty input per task and subtracted for the net rate, the one judged.
: > "$tmp/empty.pgn"
declare -A startup
for task in $tasks; do
  set_args "$task" "$tmp/empty.pgn"
  startup[$task]=$(runs=$((runs < 5 ? 5 : runs)) cpu_ms "${args[@]}")
done

rows=()
for f in "$data"/*.pgn; do
  name=$(basename "$f" .pgn)
  size=$(stat -c %s "$f")
  for task in $tasks; do
    set_args "$task" "$f"
    ms=$(cpu_ms "${args[@]}")
    /usr/bin/time -f "%M" -o "$tmp/t" timeout 600 "$planilla" "${args[@]}" > /dev/null 2>&1 || true
    mem=$(tail -1 "$tmp/t")
    net=$((ms - startup[$task]))
    rate=$(awk -v b="$size" -v t="$ms" 'BEGIN{if (t < 1) t = 1; printf "%.1f", b / t / 1e3}')
    net_rate=$(awk -v b="$size" -v t="$net" 'BEGIN{if (t < 1) t = 1; printf "%.1f", b / t / 1e3}')
    rows+=("$net_rate|$name|$task|$size|$ms|$rate|$((mem / 1024))")
  done
done

echo "threads: ${JOBS:-default}"
echo "startup (empty input, CPU ms, best of 5):$(for t in $tasks; do printf ' %s %s' "$t" "${startup[$t]}"; done)"
echo
echo "| input | task | bytes | CPU ms | MB/s | net MB/s | peak MiB |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}" | sort -t'|' -k1,1 -g | while IFS='|' read -r net_rate name task size ms rate mem; do
  echo "| $name | $task | $size | $ms | $rate | $net_rate | $mem |"
done
below=$(printf '%s\n' "${rows[@]}" | awk -F'|' -v m="$min_rate" '$1 < m' | wc -l)
slowest=$(printf '%s\n' "${rows[@]}" | sort -t'|' -k1,1 -g | head -1)
IFS='|' read -r net_rate name task _ <<< "$slowest"
echo
echo "net rates below $min_rate MB/s: $below of ${#rows[@]}"
if awk -v r="$net_rate" -v m="$min_rate" 'BEGIN{exit !(r >= m)}'; then verdict="every net rate ≥ $min_rate MB/s"; else verdict="below $min_rate MB/s"; fi
echo "slowest: $name ($task) $net_rate MB/s net: $verdict"
