#!/usr/bin/env bash
# bench/archives.sh BUILD_DIR [CORPUS]: planilla against pgn-extract on archives of other kinds
# than master.pgn's bare SAN: lichess games with a clock comment on every move, TCEC games with an
# engine's line after every move, world-championship matches with variations and NAGs, a Latin-1
# tournament with annotations and CRLF line ends, a Chess960 engine final, and TWIC. Each file of CORPUS
# (default ../shared/corpus) is read eight times over (a copy in a temporary directory), so that
# the start of a process (about 5 M instructions) does not weigh on a file of 1 MB. CPU time
# (user+sys), best of RUNS (default 3), the two tools alternating; one thread; the harness's
# arguments (bench/run.sh, bench/cpu_ratio.sh). Prints a Markdown table of the three ratios.
set -euo pipefail
planilla=$(realpath "${1:?usage: bench/archives.sh BUILD_DIR [CORPUS]}")/planilla
corpus=${2:-$(dirname "$0")/../../shared/corpus}
runs=${RUNS:-3}
pgnx=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$pgnx" ] || { echo "bench/archives.sh: pgn-extract not found (apt-get install pgn-extract)" >&2; exit 1; }
files=(
  standard/lichess_db_1000k.pgn
  standard/cheesse-lichess-2017-5553.pgn
  standard/TCEC_Season_10_-_Superfinal.pgn
  chess960/TCEC_Season_24_-_Dfrc_2_Final.pgn
  standard/world_matches.pgn
  encodings/pychess-dortmund.pgn
  standard/twic1599_1000k.pgn
)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cpu_ms() {  # cpu_ms CMD...: user+sys in ms (both tools exit non-zero on faulty games)
  { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null 2>&1 || true; } 2>&1 | awk '{printf "%d", ($1 + $2) * 1000}'
}
best() {  # best VAR MS: keep the smaller
  if [ -z "${!1}" ] || [ "$2" -lt "${!1}" ]; then printf -v "$1" '%s' "$2"; fi
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b < 1) b = 1; printf "%.2f×", a / b }'; }
echo "| archive | MB | check ms | pgn-extract -s -r ms | ratio | convert --to en ms | normalize ms | pgn-extract -s ms | ratios |"
echo "|---|---|---|---|---|---|---|---|---|"
for rel in "${files[@]}"; do
  src=$corpus/$rel
  if [ ! -f "$src" ]; then
    echo "| $rel | (not in the corpus: skipped) | | | | | | | |"
    continue
  fi
  f=$tmp/$(basename "$rel")
  for _ in 1 2 3 4 5 6 7 8; do cat "$src"; done > "$f"
  c='' v='' n='' x='' xs=''
  for _ in $(seq "$runs"); do
    best x "$(cpu_ms "$pgnx" -s -r "$f")"
    best c "$(cpu_ms "$planilla" check "$f" -q --format json -o /dev/null --jobs 1)"
    best xs "$(cpu_ms "$pgnx" -s -o /dev/null "$f")"
    best v "$(cpu_ms "$planilla" convert "$f" --to en -q -o /dev/null --jobs 1)"
    best n "$(cpu_ms "$planilla" normalize "$f" -q -o /dev/null --rejects /dev/null --jobs 1)"
  done
  mb=$(awk -v s="$(stat -c %s "$f")" 'BEGIN { printf "%.1f", s / 1e6 }')
  echo "| $(basename "$rel") ×8 | $mb | $c | $x | $(ratio "$x" "$c") | $v | $n | $xs | $(ratio "$xs" "$v"), $(ratio "$xs" "$n") |"
  rm -f "$f"
done
