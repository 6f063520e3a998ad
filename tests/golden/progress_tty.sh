#!/usr/bin/env bash
# The progress bar and the report on one terminal (issue: "… ETA 0:06games/big.pgn:…"): under a
# pseudo-terminal (script -qc), every diagnostic line starts on a line of its own, never after the
# bar's text. Skips (77) without util-linux's script.
#   progress_tty.sh PLANILLA SAMPLES_DIR
set -euo pipefail
planilla=$1 samples=$2
command -v script >/dev/null || { echo "skipped: script(1) not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check_output() {  # check_output NAME COMMAND: the raw terminal bytes of COMMAND in $work/NAME
  (cd "$work" && PLANILLA_PROGRESS_DELAY_MS=0 script -qec "$2" /dev/null > "$1" 2>&1) || true
  python3 - "$work/$1" <<'PY'
import re, sys
raw = open(sys.argv[1], 'rb').read().decode('utf-8', 'replace')
bars = raw.count('ETA ')
bad, diags = 0, 0
for line in raw.split('\n'):
    if 'error[' not in line:
        continue
    diags += 1
    shown = line.rstrip('\r').split('\r')[-1]  # what the terminal shows once the line is done
    shown = re.sub(r'\x1b\[[0-9;]*[A-Za-z]', '', shown)  # clears and colours
    if not shown.startswith('big.pgn:'):
        bad += 1
        if bad <= 3:
            print('diagnostic shares a line with the bar:', repr(line[:160]))
print(f'{diags} diagnostic lines, {bars} bars drawn, {bad} sharing a line')
sys.exit(1 if bad or not diags else 3 if not bars else 0)
PY
}
# The bar is redrawn every 100 ms: the input grows until a run lasts long enough to draw it.
for copies in 300 1200 4800; do
  for _ in $(seq $copies); do cat "$samples/errors.pgn"; echo; done > "$work/big.pgn"
  rc=0
  check_output check.txt "$planilla check big.pgn --color never --jobs 1" || rc=$?
  [[ $rc -eq 3 ]] && continue
  [[ $rc -eq 0 ]] || exit 1
  check_output convert.txt "$planilla convert big.pgn --to en --jobs 1 -o out.pgn" || rc=$?
  [[ $rc -eq 3 ]] && continue
  exit $rc
done
echo "no progress bar was drawn, even on $copies copies"; exit 1
