#!/usr/bin/env bash
# Renders `planilla check --format html` headless in Chromium and checks what a person would see:
# the games table, one section per faulty game, and an SVG board per move error. Skips (exit 77)
# when Chromium is not installed.
set -euo pipefail
planilla=${1:?planilla binary}
samples=${2:?samples dir}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
  echo "chromium not installed: HTML rendering test skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$planilla" check "$samples/errors.pgn" --format html -o "$work/report.html" -q || [[ $? -eq 1 ]]
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$work/profile")
# The DOM after rendering: proves the page parses and the SVG boards are live elements.
timeout 60 "$chromium" "${flags[@]}" --dump-dom "file://$work/report.html" > "$work/dom.html" 2>/dev/null
timeout 60 "$chromium" "${flags[@]}" --screenshot="$work/report.png" --window-size=1000,1400 \
  "file://$work/report.html" >/dev/null 2>&1
fail() { echo "FAIL: $*"; exit 1; }
grep -q '<table id="games">' "$work/dom.html" || fail "games table missing"
rows=$(grep -o '<tr><td>' "$work/dom.html" | wc -l)
[[ $rows -eq 5 ]] || fail "expected 5 game rows, got $rows"
svgs=$(grep -o '<svg ' "$work/dom.html" | wc -l)
[[ $svgs -ge 2 ]] || fail "expected at least 2 SVG boards (illegal and ambiguous move), got $svgs"
grep -q 'E-ILLEGAL' "$work/dom.html" || fail "E-ILLEGAL not shown"
grep -q 'E-AMBIGUOUS' "$work/dom.html" || fail "E-AMBIGUOUS not shown"
[[ -s $work/report.png ]] || fail "no screenshot rendered"
size=$(stat -c %s "$work/report.png")
[[ $size -gt 10000 ]] || fail "screenshot suspiciously small ($size bytes)"
echo "HTML report rendered in Chromium: $rows games, $svgs boards, screenshot $size bytes"
