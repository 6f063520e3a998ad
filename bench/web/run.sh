#!/usr/bin/env bash
# The browser page's budgets (issue 22): page ready ≤ 1 s, one 60-move game converted ≤ 50 ms, in
# headless Chromium. Usage: bench/web/run.sh [build-web/planilla.html] (build it: scripts/dev web)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
page=$(realpath "${1:-$here/../../build-web/planilla.html}")
chromium=$(command -v chromium || command -v chromium-browser)
flag=()
node -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' || flag=(--experimental-websocket)
node "${flag[@]}" "$here/page_timing.mjs" "$chromium" "$page" "$here/sixty-moves-es.txt" es en "${LOADS:-5}" "${REPEATS:-20}"
