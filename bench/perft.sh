#!/usr/bin/env bash
# Perft speed of planilla next to Stockfish's `go perft`, on the same positions in the same run.
#
#   bench/perft.sh [BUILD_DIR]      (default: build; needs BUILD_DIR/bench/bench_perft)
#
# Both count with bulk counting at the last ply, single-threaded. Stockfish runs as one process
# (its start-up and network loading are not timed): each position is timed from sending
# `go perft` to reading `Nodes searched`. The last line is the ratio planilla / Stockfish.
set -euo pipefail

build_dir=${1:-build}
bench="$build_dir/bench/bench_perft"
if [[ ! -x "$bench" ]]; then
  echo "perft.sh: $bench not found; build the bench_perft target first" >&2
  exit 2
fi
stockfish=$(command -v stockfish || true)
[[ -z "$stockfish" && -x /usr/games/stockfish ]] && stockfish=/usr/games/stockfish
if [[ -z "$stockfish" ]]; then
  echo "perft.sh: stockfish not found (PATH or /usr/games/stockfish)" >&2
  exit 2
fi

now() { date +%s.%N; }

echo "== planilla ($bench --bulk)"
planilla_out=$("$bench" --bulk)
echo "$planilla_out"
read -r planilla_nodes planilla_secs < <(awk '$1 == "total" { print $2, $4 }' <<<"$planilla_out")

echo "== stockfish ($stockfish, go perft)"
coproc SF { "$stockfish"; }
sf_in=${SF[1]}
sf_out=${SF[0]}
echo "uci" >&"$sf_in"
echo "isready" >&"$sf_in"
while read -r line <&"$sf_out"; do [[ "$line" == readyok ]] && break; done

sf_nodes=0
sf_secs=0
while IFS='|' read -r fen depth chess960 name; do
  if [[ "$chess960" == 1 ]]; then echo "setoption name UCI_Chess960 value true" >&"$sf_in"
  else echo "setoption name UCI_Chess960 value false" >&"$sf_in"; fi
  echo "position fen $fen" >&"$sf_in"
  echo "isready" >&"$sf_in"
  while read -r line <&"$sf_out"; do [[ "$line" == readyok ]] && break; done
  start=$(now)
  echo "go perft $depth" >&"$sf_in"
  nodes=
  while read -r line <&"$sf_out"; do
    if [[ "$line" == "Nodes searched:"* ]]; then nodes=${line#Nodes searched: }; break; fi
  done
  end=$(now)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
  printf '  %-16s depth %d  %12d nodes  %7.3f s  %8.1f Mnps\n' "$name" "$depth" "$nodes" "$secs" \
    "$(awk -v n="$nodes" -v s="$secs" 'BEGIN { printf "%.1f", n / s / 1e6 }')"
  sf_nodes=$((sf_nodes + nodes))
  sf_secs=$(awk -v a="$sf_secs" -v b="$secs" 'BEGIN { printf "%.3f", a + b }')
done < <("$bench" --list)
echo "quit" >&"$sf_in"
wait "$SF_PID" 2>/dev/null || true

printf '  %-16s          %12d nodes  %7.3f s  %8.1f Mnps\n' total "$sf_nodes" "$sf_secs" \
  "$(awk -v n="$sf_nodes" -v s="$sf_secs" 'BEGIN { printf "%.1f", n / s / 1e6 }')"
if [[ "$sf_nodes" != "$planilla_nodes" ]]; then
  echo "perft.sh: node counts differ (planilla $planilla_nodes, stockfish $sf_nodes)" >&2
  exit 1
fi
awk -v pn="$planilla_nodes" -v ps="$planilla_secs" -v sn="$sf_nodes" -v ss="$sf_secs" 'BEGIN {
  p = pn / ps / 1e6; s = sn / ss / 1e6;
  printf "planilla %.1f Mnps, stockfish %.1f Mnps: ratio %.2f\n", p, s, p / s }'
