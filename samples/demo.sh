#!/usr/bin/env bash
# The README's main job on samples/: check every sample, translate the Spanish scoresheet.
# Usage: samples/demo.sh PATH/TO/planilla
set -uo pipefail
planilla=${1:?usage: samples/demo.sh PATH/TO/planilla}
here=$(cd "$(dirname "$0")" && pwd)

section() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

section "planilla check samples/ (errors.pgn has four broken games on purpose)"
"$planilla" check "$here"
section "Spanish scoresheet → English (PGN export format)"
"$planilla" convert "$here/es-ruy-lopez.txt" --from es --to en
section "Spanish scoresheet → German"
"$planilla" convert "$here/es-ruy-lopez.txt" --from es --to de
section "Spanish scoresheet → UCI"
"$planilla" convert "$here/es-ruy-lopez.txt" --from es --to uci
exit 0
