#!/usr/bin/env bash
# Runs libFuzzer targets built by `scripts/dev fuzz` (PLANILLA_FUZZ=ON) one after the other.
#   tests/fuzz/run.sh BUILD_DIR CPU_SECONDS [TARGET...]   (default: every target in targets.def)
# Each target runs until it has used CPU_SECONDS of CPU time (not wall time: the acceptance
# criterion counts CPU-minutes, and on a shared machine wall time says little), then is stopped
# with SIGINT, on which libFuzzer prints its final stats. It grows its corpus in
# BUILD_DIR/fuzz-corpus/<target> from tests/fuzz/seeds/<target>; a crash, leak, sanitizer report,
# timeout or out-of-memory input is written to BUILD_DIR/fuzz-findings/<target>/ (copy it to
# tests/fuzz/regressions/<target>/ with the fix). One summary line per target.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$1
budget=$2
shift 2
targets=("$@")
if ((${#targets[@]} == 0)); then
  mapfile -t targets < <(sed -n 's/^PLANILLA_FUZZ_TARGET(\(.*\))$/\1/p' "$here/targets.def")
fi
tick=$(getconf CLK_TCK)
cpu_seconds() {  # utime + stime of a live process, in whole seconds
  awk -v t="$tick" '{ sub(/.*\) /, ""); printf "%d", ($12 + $13) / t }' "/proc/$1/stat" 2>/dev/null
}
status=0
for t in "${targets[@]}"; do
  corpus="$build/fuzz-corpus/$t"
  findings="$build/fuzz-findings/$t"
  log="$build/fuzz-logs/$t.log"
  mkdir -p "$corpus" "$findings" "$(dirname "$log")"
  start=$(date +%s)
  # -timeout 60: an input slower than a minute is a hang (the first input also pays for the
  # start-up tables, slow under ASan). -report_slow_units keeps that start-up from being written
  # out as a slow input.
  "$build/tests/fuzz/fuzz_$t" -timeout=60 -report_slow_units=60 -max_len=16384 -print_final_stats=1 \
    -artifact_prefix="$findings/" "$corpus" "$here/seeds/$t" >"$log" 2>&1 &
  pid=$!
  cpu=0
  while kill -0 "$pid" 2>/dev/null; do
    sleep 5
    c=$(cpu_seconds "$pid")
    [[ -n $c ]] && cpu=$c
    if ((cpu >= budget)); then
      kill -INT "$pid" 2>/dev/null
      break
    fi
  done
  wait "$pid"
  rc=$?
  # 72 is libFuzzer's exit code after SIGINT: the budget was used up without a finding.
  ((rc == 72)) && rc=0
  wall=$(($(date +%s) - start))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  echo "fuzz_$t: ${cpu} CPU-s, ${wall} s wall, ${runs:-?} executions, ${eps:-?} exec/s, exit $rc$( ((rc)) && echo " (finding in $findings, log $log)")"
  ((rc == 0)) || status=1
done
exit $status
