#!/usr/bin/env bash
# Read-back tier (issue 18): every PGN output style planilla writes reads back to the same moves,
# comments and NAGs, in planilla and in an independent reader (chessops, tests/readback).
#   readback.sh PLANILLA CORPUS_DIR WORK_DIR
# A fixed seeded sample of corpus games (standard, Chess960 with engine comments, annotated games
# with NAGs and variations) is converted to English SAN: the reference, as chessops reads it.
# Then for every style that writes PGN:
#   - chessops reads directly what it can: English SAN, LAN (Ng1-f3) and long (Ng1f3), and the
#     SAN of the letter sets that are English's (zh, ja); UCI moves (e2e4, 960 castling as king
#     takes rook) through its UCI parser. It cannot read SAN with other letters, figurine (♘f3),
#     ICCF digits or descriptive notation.
#   - planilla reads every style back (--from STYLE) and writes English SAN, which chessops reads.
# Each must equal the reference game for game. Exit 77 (skipped) without node or chessops.
# The descriptive styles (en:descriptive, en:descriptive-classic, es:descriptive) are read back
# by planilla only (chessops has no descriptive reader), on the sample's standard-chess games:
# descriptive notation has no way to write a Chess960 castling.
# The spoken style is not PGN (a header line and one move a line): not here.
# Seven single-byte code pages (Windows-1251, CP866, KOI8-R/U, Windows-1253, ISO-8859-7, Windows-1254)
# are read back with their encoding and letters detected.
set -uo pipefail
planilla=$1 corpus=$2 work=$3
here=$(cd "$(dirname "$0")" && pwd)
if ! command -v node >/dev/null 2>&1; then
  echo "readback tier skipped: node not found (scripts/dev setup installs nodejs and npm)"; exit 77
fi
if [[ ! -d "$here/node_modules/chessops" ]]; then
  echo "readback tier skipped: chessops not installed in $here (scripts/dev setup runs npm ci there)"; exit 77
fi
if [[ ! -d "$corpus/standard" ]]; then
  echo "readback tier skipped: corpus not found at $corpus"; exit 77
fi
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 2
files=(standard/world_matches.pgn standard/twic1599_1000k.pgn standard/lichess_db_1000k.pgn
       standard/smallmaster-10k.pgn standard/cheesse-lichess-2017-5553.pgn chess960/smallmaster-fen-games.pgn
       chess960/TCEC_Season_22_-_Frc5_Final.pgn tricky/chess-library/variations.pgn tricky/chessx/game1.pgn)
inputs=()
for f in "${files[@]}"; do [[ -f "$corpus/$f" ]] && inputs+=("$corpus/$f"); done
node "$here/readback.mjs" sample 18 8 sample.pgn "${inputs[@]}" || exit 1
# A draw offer, a NAG and a comment of our own: the draw offer is written as a comment.
printf '[Event "draw offer"]\n\n1. e4 e5 2. Nf3 (=) Nc6 $1 {a comment} 3. Bb5 (3. Bc4 Bc5) a6 1/2-1/2\n\n' >> sample.pgn
"$planilla" convert sample.pgn --to en -q -o ref.pgn
rc=$?
if ((rc > 1)); then echo "planilla convert failed ($rc)"; exit 1; fi
grep -q '{(=)}' ref.pgn || { echo "draw offer not written as a comment {(=)}"; exit 1; }

targets=()
convert() {  # convert NAME TO [FROM]: ref.pgn written as TO, then read back by planilla as TO
  local name=$1 to=$2
  "$planilla" convert ref.pgn -j 1 --from en --to "$to" -q -o "$name.pgn" || { echo "convert --to $to failed"; exit 1; }
  "$planilla" convert "$name.pgn" -j 1 --from "$to" --to en -q -o "$name.back.pgn" ||
    { echo "planilla cannot read back its --to $to output"; exit 1; }
  targets+=("san:$name.back.pgn")
}
langs=$("$planilla" languages | awk 'NR > 1 {print $1}')
for lang in $langs; do
  for style in san lan long; do convert "$lang-$style" "$lang:$style"; done
done
for style in figurine uci iccf; do convert "$style" "$style"; done
# Descriptive: the standard-chess games of the reference (no FEN tag), written and read back.
awk 'function flush() { if (game != "" && !skip) printf "%s", game; game = ""; skip = 0 }
     /^\[Event / { flush() } /^\[(FEN|Variant) / { skip = 1 } { game = game $0 "\n" } END { flush() }' ref.pgn > ref-standard.pgn
n_std=$(grep -c '^\[Event ' ref-standard.pgn)
descriptive_targets=()
for spec in en:descriptive en:descriptive-classic es:descriptive; do
  name=${spec/:/-}
  "$planilla" convert ref-standard.pgn -j 1 --from en --to "$spec" -q -o "$name.pgn" || { echo "convert --to $spec failed"; exit 1; }
  grep -q '\$[0-9]' "$name.pgn" && grep -q '(' "$name.pgn" || { echo "$spec output has no NAG or no variation"; exit 1; }
  "$planilla" convert "$name.pgn" -j 1 --from "$spec" --to en -q -o "$name.back.pgn" ||
    { echo "planilla cannot read back its --to $spec output"; exit 1; }
  descriptive_targets+=("san:$name.back.pgn")
done
# Code pages: the reference with its non-ASCII characters made '?', written in letter sets whose
# piece letters are not ASCII, put into a single-byte code page by iconv, and read back with the
# encoding and the letters detected (no --encoding, no --from): their only non-ASCII bytes are the
# piece letters, which is how such archives misread before (bench/RESULTS.md, 2026-11-27).
LC_ALL=C sed 's/[\x80-\xff]/?/g' ref.pgn > ref-ascii.pgn
codepage_targets=()
for row in "ru CP1251" "ru CP866" "ru KOI8-R" "uk KOI8-U" "bg CP1251" "el CP1253" "el ISO-8859-7" "tr CP1254"; do
  read -r lang page <<<"$row"
  name=$lang-$page
  "$planilla" convert ref-ascii.pgn -j 1 --from en --to "$lang" -q -o "$name.utf8.pgn" || { echo "convert --to $lang failed"; exit 1; }
  iconv -f UTF-8 -t "$page" "$name.utf8.pgn" > "$name.pgn" || { echo "iconv to $page failed"; exit 1; }
  "$planilla" convert "$name.pgn" -j 1 --to en -q -o "$name.back.pgn" ||
    { echo "planilla cannot read back $lang letters in $page"; exit 1; }
  codepage_targets+=("san:$name.back.pgn")
done
# chessops reading planilla's output directly.
for lang in en zh ja; do
  for style in san lan long; do targets+=("san:$lang-$style.pgn"); done
done
targets+=("uci:uci.pgn")
echo "sample: $(grep -c '^\[Event ' ref.pgn) games; ${#targets[@]} outputs compared with chessops"
node "$here/readback.mjs" compare ref.pgn "${targets[@]}" > compare.txt
rc=$?
echo "descriptive: $n_std standard games, ${#descriptive_targets[@]} outputs compared with chessops"
node "$here/readback.mjs" compare ref-standard.pgn "${descriptive_targets[@]}" >> compare.txt
rc2=$?
echo "code pages: ${#codepage_targets[@]} outputs, encoding and letters detected, compared with chessops"
node "$here/readback.mjs" compare ref-ascii.pgn "${codepage_targets[@]}" >> compare.txt
rc3=$?
grep -c '^same' compare.txt | sed 's/^/outputs read back the same: /'
grep -A5 '^DIFFERS' compare.txt | head -60
((rc == 0 && rc2 == 0 && rc3 == 0))
