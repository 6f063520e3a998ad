#!/usr/bin/env bash
# bench/comments.sh BUILD_DIR [PGN]: what an annotated archive in a code page costs against the
# same archive in UTF-8. PGN (default BUILD_DIR/bench-data/m4.pgn, made by bench/run.sh) gets a
# comment of 4 to 14 words after one move in five (seeded: the same comments every run), in
# Russian, Greek and French words; the Russian copy is also written in Windows-1251 (LF and CRLF)
# and KOI8-R, the Greek one in Windows-1253 and the French one in Latin-1 (`iconv -c`: the few
# characters of players' names a code page lacks are dropped). Each copy is
# read by `check`, `convert --to en` and `normalize` (`--jobs 1`, the encoding and the letters
# detected, as by default). Prints CPU time (user+sys, best of RUNS, default 3), MB/s and the
# ratio to the UTF-8 copy of the same words.
set -euo pipefail
build=${1:?usage: bench/comments.sh BUILD_DIR [PGN]}
planilla=$(realpath "$build/planilla")
src=$(realpath "${2:-$build/bench-data/m4.pgn}")
runs=${RUNS:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cpu_ms() {  # cpu_ms ARGS...: best user+sys in milliseconds over $runs runs (in $tmp: normalize's rejects)
  local best=
  for _ in $(seq "$runs"); do
    local t
    t=$( { TIMEFORMAT='%3U %3S'; (cd "$tmp" && time "$planilla" "$@" > /dev/null 2>&1) || true; } 2>&1 |
      awk '{printf "%d", ($1 + $2) * 1000}')
    if [ -z "$best" ] || [ "$t" -lt "$best" ]; then best=$t; fi
  done
  echo "$best"
}
rate() { awk -v b="$1" -v t="$2" 'BEGIN{if (t < 1) t = 1; printf "%.1f", b / t / 1e3}'; }

# annotate WORDS OUT: the source with a comment after one move token in five, outside the
# source's own comments (a line-based count of braces) and tag lines.
annotate() {
  LC_ALL=C awk -v words="$1" '
    BEGIN { n = split(words, w, " "); seed = 2026 }
    function next_int(m) { seed = (seed * 1103515245 + 12345) % 2147483648; return int(seed / 65536) % m }
    /^\[/ || /^[ \t\r]*$/ { if (!open) { print; next } }
    {
      if (open || index($0, "{") || index($0, "}")) {
        line = $0
        while (line != "") {
          o = index(line, "{"); c = index(line, "}")
          if (open && c) { open = 0; line = substr(line, c + 1) }
          else if (!open && o) { open = 1; line = substr(line, o + 1) }
          else break
        }
        print; next
      }
      out = ""
      k = split($0, t, " ")
      for (i = 1; i <= k; i++) {
        out = out (i > 1 ? " " : "") t[i]
        if (t[i] ~ /^[A-Za-z]/ && next_int(5) == 0) {
          m = 4 + next_int(11); comment = ""
          for (j = 0; j < m; j++) comment = comment (j ? " " : "") w[1 + next_int(n)]
          out = out " {" comment "}"
        }
      }
      print out
    }' "$src" > "$2"
}
annotate "белые черные ход слон конь ферзь ладья пешка король атака защита жертва позиция лучше ошибка выигрывает" "$tmp/ru.pgn"
annotate "λευκά μαύρα κίνηση αξιωματικός ίππος βασίλισσα πύργος πιόνι βασιλιάς επίθεση άμυνα θυσία θέση καλύτερο λάθος" "$tmp/el.pgn"
annotate "blancs noirs coup fou cavalier dame tour pion roi attaque défense sacrifice position meilleur erreur gagne" "$tmp/fr.pgn"
iconv -c -f UTF-8 -t WINDOWS-1251 "$tmp/ru.pgn" > "$tmp/ru-windows-1251.pgn"
sed 's/$/\r/' "$tmp/ru-windows-1251.pgn" > "$tmp/ru-windows-1251-crlf.pgn"
iconv -c -f UTF-8 -t KOI8-R "$tmp/ru.pgn" > "$tmp/ru-koi8-r.pgn"
iconv -c -f UTF-8 -t WINDOWS-1253 "$tmp/el.pgn" > "$tmp/el-windows-1253.pgn"
iconv -c -f UTF-8 -t ISO-8859-1 "$tmp/fr.pgn" > "$tmp/fr-latin-1.pgn"

echo "source: $src ($(stat -c %s "$src") bytes), best of $runs"
echo
echo "| copy | bytes | check ms | MB/s | ÷ UTF-8 | convert ms | ÷ UTF-8 | normalize ms | ÷ UTF-8 |"
echo "|---|---|---|---|---|---|---|---|---|"
declare -A base
for copy in ru ru-windows-1251 ru-windows-1251-crlf ru-koi8-r el el-windows-1253 fr fr-latin-1; do
  f=$tmp/$copy.pgn
  size=$(stat -c %s "$f")
  check=$(cpu_ms check "$f" --jobs 1 -q -o /dev/null)
  convert=$(cpu_ms convert "$f" --to en --jobs 1 -q -o /dev/null)
  normalize=$(cpu_ms normalize "$f" --jobs 1 -q -o /dev/null --rejects rejects.pgn)
  lang=${copy%%-*}
  if [ "$copy" = "$lang" ]; then base[$lang.check]=$check base[$lang.convert]=$convert base[$lang.normalize]=$normalize; fi
  ratio() { awk -v a="$1" -v b="$2" 'BEGIN{printf "%.2f", a / (b < 1 ? 1 : b)}'; }
  label=$copy
  [ "$copy" = "$lang" ] && label="$copy, UTF-8"
  echo "| $label | $size | $check | $(rate "$size" "$check") | $(ratio "$check" "${base[$lang.check]}") | $convert | $(ratio "$convert" "${base[$lang.convert]}") | $normalize | $(ratio "$normalize" "${base[$lang.normalize]}") |"
done
