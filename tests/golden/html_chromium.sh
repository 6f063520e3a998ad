#!/usr/bin/env bash
# Renders `planilla check --format html` headless in Chromium and checks what a person would see:
# the games with problems first, the games without behind a filter, an SVG board per move error
# and none for warnings. Keeps the screenshot as a test artifact (html_report_samples.png in the
# working directory). Skips (exit 77) when Chromium is not installed.
set -euo pipefail
planilla=${1:?planilla binary}
samples=${2:?samples dir}
artifact_dir=${3:-$PWD}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $chromium ]]; then
  echo "chromium not installed: HTML rendering test skipped"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$planilla" check "$samples" --format html -o "$work/report.html" -q || [[ $? -eq 1 ]]
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$work/profile")
# The DOM after rendering: proves the page parses and the SVG boards are live elements.
timeout 90 "$chromium" "${flags[@]}" --dump-dom "file://$work/report.html" > "$work/dom.html" 2>/dev/null
timeout 90 "$chromium" "${flags[@]}" --screenshot="$work/report.png" --window-size=1000,1400 \
  "file://$work/report.html" >/dev/null 2>&1
fail() { echo "FAIL: $*"; exit 1; }
grep -q '<table id="games">' "$work/dom.html" || fail "games table missing"
rows=$(grep -o '<tr><td>' "$work/dom.html" | wc -l)
[[ $rows -eq 3 ]] || fail "expected 3 rows (the games with problems of errors.pgn), got $rows"
grep -q 'id="show-clean"' "$work/dom.html" || fail "no filter for the games without problems"
grep -q 'name="viewport"' "$work/dom.html" || fail "no viewport tag"
grep -q '@media print' "$work/dom.html" || fail "no print stylesheet"
boards=$(grep -o '<use href="#board-' "$work/dom.html" | wc -l)
[[ $boards -eq 3 ]] || fail "expected 3 boards (the illegal, the ambiguous and the malformed move), got $boards"
symbols=$(grep -o '<symbol id="pc-' "$work/dom.html" | wc -l)
[[ $symbols -eq 12 ]] || fail "expected the 12 piece drawings once, got $symbols"
grep -q 'E-ILLEGAL' "$work/dom.html" || fail "E-ILLEGAL not shown"
grep -q 'E-AMBIGUOUS' "$work/dom.html" || fail "E-AMBIGUOUS not shown"
grep -q 'data-rendered-ms=' "$work/dom.html" || fail "the page did not finish rendering"
[[ -s $work/report.png ]] || fail "no screenshot rendered"
size=$(stat -c %s "$work/report.png")
[[ $size -gt 10000 ]] || fail "screenshot suspiciously small ($size bytes)"
cp "$work/report.png" "$artifact_dir/html_report_samples.png"
echo "HTML report rendered in Chromium: $rows games with problems, $boards boards, screenshot $size bytes"
