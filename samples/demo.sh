#!/usr/bin/env bash
# The README's main job on samples/: check every sample, translate the Spanish scoresheet.
# Usage: samples/demo.sh PATH/TO/planilla
set -uo pipefail
planilla=${1:?usage: samples/demo.sh PATH/TO/planilla}
here=$(cd "$(dirname "$0")" && pwd)

section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# Exit 1 means "problems found" (errors.pgn has them on purpose); anything above is a failure.
run() {
  "$planilla" "$@"
  local code=$?
  if ((code > 1)); then
    echo "planilla $* failed with exit code $code" >&2
    exit "$code"
  fi
}

section "planilla check samples/ (errors.pgn has three broken games on purpose)"
run check "$here"
section "Spanish scoresheet → English (PGN export format)"
run convert "$here/es-ruy-lopez.txt" --from es --to en
section "A club scoresheet typed with its header (Torneo, Ronda, Blancas, Negras, Fecha) → English with tags"
run convert "$here/es-planilla-gijon.txt" --to en
section "Spanish scoresheet → German"
run convert "$here/es-ruy-lopez.txt" --from es --to de
section "Spanish scoresheet → UCI"
run convert "$here/es-ruy-lopez.txt" --from es --to uci
section "English descriptive scoresheet → Spanish descriptive"
run convert "$here/en-descriptive-opera.txt" --to es:descriptive
exit 0
