#!/usr/bin/env bash
# bench/scale.sh BUILD_DIR [PGN]: issue 21's scale figures on one file (default master.pgn from
# the shared corpus, unpacked into BUILD_DIR/bench-data once).
#  - shards: CPU time (user+sys, best 3 of RUNS) of `check --shard I/16 --jobs 1` for I = 1..16,
#    slowest / fastest; and whether the 16 outputs concatenate to one run's (byte-identical): check
#    JSON and text, convert, normalize (output and rejects); then the same with a split index
#    (`planilla index`);
#  - compressed input: `check` on PGN.zst (zstd -3) against the plain file and against
#    `zstd -dc | planilla check -` (wall time, best of RUNS; same diagnostics checked);
#  - pgn-extract -s -r on the plain file in the same run, when installed, for the ratio.
set -euo pipefail
build=${1:?usage: bench/scale.sh BUILD_DIR [PGN]}
planilla=$(realpath "$build/planilla")
runs=${RUNS:-5}
data=$(realpath "$build")/bench-data
mkdir -p "$data"
pgn=${2:-$data/master.pgn}
if [ ! -s "$pgn" ]; then
  src=$(dirname "$0")/../../shared/corpus/bench/master.pgn.xz
  [ -f "$src" ] || src=/work/shared/corpus/bench/master.pgn.xz
  xz -dc "$src" > "$pgn"
fi
pgn=$(realpath "$pgn")  # normalize runs in the temporary directory (its rejects file is written there)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu() {  # best (smallest) user+sys over $runs runs of the command
  local best=
  for _ in $(seq "$runs"); do
    # bash's `time` gives milliseconds (GNU time's %U and %S, hundredths: a shard takes ~0.1 s).
    local t
    t=$( { TIMEFORMAT='%3U %3S'; time "$@" > /dev/null 2>&1 || true; } 2>&1 | awk '{printf "%.3f", $1 + $2}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
  done
  echo "$best"
}
wall() {  # best wall time over $runs runs of a shell pipeline
  local best=
  for _ in $(seq "$runs"); do
    local s e t
    s=$(date +%s.%N); bash -c "$1" > /dev/null 2>&1 || true; e=$(date +%s.%N)
    t=$(awk -v s="$s" -v e="$e" 'BEGIN{printf "%.3f", e - s}')
    if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN{exit !(a < b)}'; then best=$t; fi
  done
  echo "$best"
}

echo "file: $pgn ($(stat -c %s "$pgn") bytes), best of $runs"
shard_series() {  # shard_series FILE: CPU of check --shard I/16 for each I, and slowest/fastest
  local min='' max='' t
  for i in $(seq 16); do
    t=$(cpu "$planilla" check "$1" --shard "$i/16" --jobs 1 -q)
    printf "shard %2d/16: %s\n" "$i" "$t"
    if [ -z "$min" ] || awk -v a="$t" -v b="$min" 'BEGIN{exit !(a < b)}'; then min=$t; fi
    if [ -z "$max" ] || awk -v a="$t" -v b="$max" 'BEGIN{exit !(a > b)}'; then max=$t; fi
  done
  awk -v a="$max" -v b="$min" 'BEGIN{printf "slowest/fastest: %.2fx\n", a / b}'
}
# The 16 shards' outputs against one run's: check JSON and text (without their summary lines),
# convert, and normalize's output and rejects.
outputs() {  # outputs FILE PREFIX [--shard I/16]
  local f=$1 p=$2; shift 2
  "$planilla" check "$f" --format json --jobs 1 -q "$@" | grep -v '"type":"summary"' >> "$tmp/$p.json" || true
  "$planilla" check "$f" --jobs 1 --warnings all "$@" 2>&1 | grep -v '^summary:' >> "$tmp/$p.txt" || true
  "$planilla" convert "$f" --to de --jobs 1 -q "$@" >> "$tmp/$p.cv" 2>/dev/null || true
  rm -f "$tmp/part.pgn" "$tmp/part.rej"
  (cd "$tmp" && "$planilla" normalize "$f" --jobs 1 -q -o part.pgn --rejects part.rej "$@" > /dev/null 2>&1 || true)
  cat "$tmp/part.pgn" >> "$tmp/$p.norm" 2>/dev/null || true
  cat "$tmp/part.rej" >> "$tmp/$p.rej" 2>/dev/null || true
}
concatenation() {  # concatenation FILE LABEL: the 16 shards' outputs against one run's
  outputs "$1" "one$2"
  for i in $(seq 16); do outputs "$1" "cat$2" --shard "$i/16"; done
  for k in json txt cv norm rej; do
    cmp -s "$tmp/one$2.$k" "$tmp/cat$2.$k" && echo "16 shards concatenated ($k$2): byte-identical to one run" \
      || echo "16 shards concatenated ($k$2): DIFFERENT from one run"
  done
}

echo "file: $pgn ($(stat -c %s "$pgn") bytes), best of $runs"
echo "## shards: check --shard I/16 --jobs 1, CPU s (user+sys)"
shard_series "$pgn"
concatenation "$pgn" ""
# With a split index (planilla index), written beside a link to the file in the temporary
# directory: each shard walks from the index's last start before its range.
ln -s "$pgn" "$tmp/indexed.pgn"
"$planilla" index "$tmp/indexed.pgn" -q
echo "## shards with a split index (planilla index, $(($(wc -l < "$tmp/indexed.pgn.planilla-index") - 4)) starts)"
shard_series "$tmp/indexed.pgn"
concatenation "$tmp/indexed.pgn" "-indexed"

echo "## compressed input: check --jobs 1, wall s"
zstd -q -3 -f "$pgn" -o "$tmp/in.pgn.zst"
plain=$(wall "'$planilla' check '$pgn' --jobs 1 -q")
zst=$(wall "'$planilla' check '$tmp/in.pgn.zst' --jobs 1 -q")
pipe=$(wall "zstd -dc '$tmp/in.pgn.zst' | '$planilla' check - --jobs 1 -q")
echo "plain: $plain  .zst: $zst  zstd -dc | check -: $pipe"
echo "CPU s (user+sys, both processes of the pipe): plain $(cpu "$planilla" check "$pgn" --jobs 1 -q)  .zst $(cpu "$planilla" check "$tmp/in.pgn.zst" --jobs 1 -q)  pipe $(cpu bash -c "zstd -dc '$tmp/in.pgn.zst' | '$planilla' check - --jobs 1 -q")"
awk -v z="$zst" -v p="$plain" -v q="$pipe" 'BEGIN{printf ".zst / plain: %.2fx; .zst / pipe: %.2fx\n", z / p, z / q}'
"$planilla" check "$pgn" --format json --jobs 1 -q > "$tmp/a.json" || true
"$planilla" check "$tmp/in.pgn.zst" --format json --jobs 1 -q > "$tmp/b.json" || true
sed -i "s|$tmp/in.pgn.zst|$pgn|g" "$tmp/b.json"  # the file name is the only difference allowed
cmp -s "$tmp/a.json" "$tmp/b.json" && echo "diagnostics of .zst and plain: identical" || echo "diagnostics of .zst and plain: DIFFERENT"
PATH=$PATH:/usr/games  # Debian installs pgn-extract there
if command -v pgn-extract > /dev/null; then
  pe=$(wall "pgn-extract -s -r '$pgn'")
  echo "pgn-extract -s -r (plain): $pe; planilla check plain: ${plain} ($(awk -v a="$pe" -v b="$plain" 'BEGIN{printf "%.2fx", a / b}'))"
fi
