#!/usr/bin/env bash
# bench/languages.sh BUILD_DIR [PGN]: what reading an archive written in other piece letters
# costs. PGN (default BUILD_DIR/bench-data/m4.pgn, made by bench/run.sh) is converted into each
# letter set below (and into code pages: Windows-1251 and KOI8-R, Windows-1253); `check --jobs 1` reads each copy with
# `--from auto` and with its letters named. Prints CPU time (user+sys, best of RUNS, default 3),
# MB/s and the ratio to the English original read with --from auto: a Spanish or Russian archive
# should not cost many times an English one.
set -euo pipefail
build=${1:?usage: bench/languages.sh BUILD_DIR [PGN]}
planilla=$(realpath "$build/planilla")
src=$(realpath "${2:-$build/bench-data/m4.pgn}")
runs=${RUNS:-3}
langs=${LANGS:-"en es de fr et ru el tr"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu_ms() {  # cpu_ms ARGS...: best user+sys in milliseconds over $runs runs
  local best=
  for _ in $(seq "$runs"); do
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time "$planilla" "$@" > /dev/null 2>&1 || true; } 2>&1 |
      awk '{printf "%d", ($1 + $2) * 1000}')
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
rate() { awk -v b="$1" -v t="$2" 'BEGIN{if (t < 1) t = 1; printf "%.1f", b / t / 1e3}'; }

echo "source: $src ($(stat -c %s "$src") bytes), best of $runs"
echo
echo "| letters | bytes | --from auto, ms | MB/s | letters named, ms | MB/s | auto / English auto |"
echo "|---|---|---|---|---|---|---|"
base=
for l in $langs; do
  f=$tmp/$l.pgn
  "$planilla" convert "$src" --to "$l" -q -o "$f" 2>/dev/null || true
  size=$(stat -c %s "$f")
  auto=$(cpu_ms check "$f" --jobs 1 -q -o /dev/null)
  named=$(cpu_ms check "$f" --from "$l" --jobs 1 -q -o /dev/null)
  [ -n "$base" ] || base=$auto
  echo "| $l | $size | $auto | $(rate "$size" "$auto") | $named | $(rate "$size" "$named") | $(awk -v a="$auto" -v b="$base" 'BEGIN{printf "%.2f", a / (b < 1 ? 1 : b)}') |"
done
# The same games in single-byte code pages, the encoding detected (`--from auto`) and named
# (with the letters): Russian in Windows-1251 and KOI8-R, Greek in Windows-1253. Their only
# non-ASCII bytes may be the piece letters; characters a code page lacks (in a few players'
# names) are dropped.
for row in "ru CP1251 windows-1251" "ru KOI8-R koi8-r" "el CP1253 windows-1253"; do
  set -- $row
  [ -f "$tmp/$1.pgn" ] && iconv -c -f UTF-8 -t "$2" "$tmp/$1.pgn" > "$tmp/$1-$3.pgn" 2>/dev/null || continue
  f=$tmp/$1-$3.pgn
  size=$(stat -c %s "$f")
  auto=$(cpu_ms check "$f" --jobs 1 -q -o /dev/null)
  named=$(cpu_ms check "$f" --encoding "$3" --from "$1" --jobs 1 -q -o /dev/null)
  echo "| $1, $3 | $size | $auto | $(rate "$size" "$auto") | $named | $(rate "$size" "$named") | $(awk -v a="$auto" -v b="$base" 'BEGIN{printf "%.2f", a / (b < 1 ? 1 : b)}') |"
done
