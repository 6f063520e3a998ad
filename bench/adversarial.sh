#!/usr/bin/env bash
# bench/adversarial.sh BUILD_DIR: the worst-case rates of issue 21. Every input of
# bench_adversarial_inputs (the adversarial tier's cases, the issue's named worst cases, more
# shapes) is read by `check --format json`, `convert --to de` and `normalize`; the CPU time
# (user+sys, best of RUNS, default 1) gives a rate in MB/s. Prints a Markdown table, slowest
# first, then the slowest line and whether every rate reaches MIN_RATE (default 5 MB/s).
# Peak memory is each run's max RSS. Inputs go to BUILD_DIR/adversarial-data (about 400 MB).
set -euo pipefail
build=${1:?usage: bench/adversarial.sh BUILD_DIR}
planilla=$(realpath "$build/planilla")
runs=${RUNS:-1}
min_rate=${MIN_RATE:-5}
tasks=${TASKS:-"check convert normalize"}
data=$(realpath "$build")/adversarial-data
if [ ! -f "$data/.done" ]; then
  mkdir -p "$data"
  "$build/bench/bench_adversarial_inputs" "$data"
  touch "$data/.done"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"  # normalize writes its rejects beside its output

rows=()
for f in "$data"/*.pgn; do
  name=$(basename "$f" .pgn)
  size=$(stat -c %s "$f")
  for task in $tasks; do
    case $task in
      check) args=(check "$f" --format json -q -o /dev/null) ;;
      convert) args=(convert "$f" --to de -q -o /dev/null) ;;
      normalize) args=(normalize "$f" -q -o "$tmp/out.pgn" --rejects "$tmp/rejects.pgn") ;;
    esac
    best= mem=
    for _ in $(seq "$runs"); do
      /usr/bin/time -f "%U %S %M" -o "$tmp/t" timeout 600 "$planilla" "${args[@]}" > /dev/null 2>&1 || true
      read -r u s m < <(tail -1 "$tmp/t")
      t=$(awk -v u="$u" -v s="$s" 'BEGIN{printf "%.2f", u + s}')
      if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; mem=$m; fi
    done
    rate=$(awk -v b="$size" -v t="$best" 'BEGIN{if (t < 0.01) t = 0.01; printf "%.1f", b / t / 1e6}')
    rows+=("$rate|$name|$task|$size|$best|$((mem / 1024))")
  done
done

echo "| input | task | bytes | CPU s | MB/s | peak MiB |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}" | sort -t'|' -k1,1 -g | while IFS='|' read -r rate name task size t mem; do
  echo "| $name | $task | $size | $t | $rate | $mem |"
done
slowest=$(printf '%s\n' "${rows[@]}" | sort -t'|' -k1,1 -g | head -1)
IFS='|' read -r rate name task _ <<< "$slowest"
echo
if awk -v r="$rate" -v m="$min_rate" 'BEGIN{exit !(r >= m)}'; then verdict="every rate ≥ $min_rate MB/s"; else verdict="below $min_rate MB/s"; fi
echo "slowest: $name ($task) $rate MB/s: $verdict"
