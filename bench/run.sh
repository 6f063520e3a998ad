#!/usr/bin/env bash
# Benchmark harness: planilla against pgn-extract on the same files, in the same run.
#   bench/run.sh BUILD_DIR [FILE...]     (default files: master.pgn and frc.pgn from the corpus)
# Environment: RUNS (default 5) runs per task, median reported; JOBS (default "1 $(nproc)") the
# --jobs values tried for planilla. Peak memory is the maximum resident set of one extra run
# (/usr/bin/time). Prints one Markdown table per file; paste it into bench/RESULTS.md
# (and the master.pgn figures into the README's table).
set -euo pipefail
build=$(cd "${1:?usage: bench/run.sh BUILD_DIR [FILE...]}" && pwd)
shift
planilla=$build/planilla
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
runs=${RUNS:-5}
jobs_list=${JOBS:-"1 $(nproc)"}
corpus=$(cd "$(dirname "$0")/.." && pwd)/../shared/corpus/bench
data=$build/bench-data
mkdir -p "$data"

files=("$@")
if ((${#files[@]} == 0)); then
  for name in master frc; do
    [[ -f $data/$name.pgn ]] || xz -dc "$corpus/$name.pgn.xz" > "$data/$name.pgn"
    files+=("$data/$name.pgn")
  done
fi

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# time_cmd CMD... → median seconds over $runs runs (output discarded)
time_cmd() {
  for ((i = 0; i < runs; i++)); do
    local t0 t1
    t0=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    t1=$(date +%s.%N)
    echo "$t1 - $t0" | bc -l
  done | median
}
# Both tools exit non-zero when they find problems (planilla 1, pgn-extract on rejected games):
# under `set -e -o pipefail` that must not end the run.
# (/usr/bin/time writes to its own file: pgn-extract's messages on stderr would hide the figure.)
peak_mib() {
  local out
  out=$(mktemp)
  /usr/bin/time -o "$out" -f %M "$@" >/dev/null 2>&1 || true
  tail -1 "$out" | awk '{printf "%.1f", $1/1024}'
  rm -f "$out"
}

for file in "${files[@]}"; do
  size=$(stat -L -c %s "$file")  # -L: a symlinked corpus file counts by its target
  mb=$(echo "$size / 1000000" | bc -l)
  echo
  echo "### $(basename "$file") ($(printf '%.1f' "$mb") MB), median of $runs runs, $(nproc) cores"
  echo
  echo "| task | planilla --jobs | planilla s | MB/s | pgn-extract s | MB/s | speed ratio | planilla peak MiB | pgn-extract peak MiB |"
  echo "|---|---|---|---|---|---|---|---|---|"
  tasks=(
    "check|check $file -q --format json -o /dev/null|-s -r $file"
    "convert --to en|convert $file --to en -q -o /dev/null|-s -o /dev/null $file"
    "convert --to de|convert $file --to de -q -o /dev/null|-s -WsanBSLTDK -o /dev/null $file"
    "convert --to uci|convert $file --to uci -q -o /dev/null|-s -Wuci -o /dev/null $file"
    "normalize|normalize $file -q -o /dev/null --rejects /dev/null|-s -o /dev/null $file"
  )
  for task in "${tasks[@]}"; do
    IFS='|' read -r name pargs xargs <<<"$task"
    # shellcheck disable=SC2086
    tx=$(time_cmd "$pgnx" $xargs)
    # shellcheck disable=SC2086
    mx=$(peak_mib "$pgnx" $xargs)
    for j in $jobs_list; do
      # shellcheck disable=SC2086
      tp=$(time_cmd "$planilla" $pargs --jobs "$j")
      # shellcheck disable=SC2086
      mp=$(peak_mib "$planilla" $pargs --jobs "$j")
      printf '| %s | %s | %.2f | %.1f | %.2f | %.1f | %.2f× | %s | %s |\n' "$name" "$j" "$tp" \
        "$(echo "$mb / $tp" | bc -l)" "$tx" "$(echo "$mb / $tx" | bc -l)" "$(echo "$tx / $tp" | bc -l)" "$mp" "$mx"
    done
  done
done
