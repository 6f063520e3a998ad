#!/usr/bin/env bash
# Faults (issue 23): an interrupted or failing run never costs a user their file.
#   faults.sh PLANILLA SAMPLES_DIR WORK_DIR
# - normalize and convert interrupted by SIGINT and SIGTERM after 0.1, 0.5 and 1 s on a large
#   input (made here from the samples; bench/master.pgn.xz is not needed): exit 130 / 143, the
#   previous -o and --rejects files byte-identical, no temporary left;
# - -o /dev/full and a full stdout: exit 2 and the system's reason; a read error: exit 2;
# - a run that succeeds writes to -o exactly what it writes to stdout, and publishes -o and
#   --rejects together; -o or --rejects onto an input (also through a symlink or a hard link):
#   refused with exit 2, the input unchanged.
set -u
planilla=$(realpath "$1")
samples=$(realpath "$2")
work=$(realpath "$3")/faults
rm -rf "$work"
mkdir -p "$work"
cd "$work" || exit 1
failures=0
fail() {
  echo "FAIL: $*"
  failures=$((failures + 1))
}
no_temporaries() {  # $1: what was run
  local left
  left=$(find . -name '*.planilla-tmp-*' | head -3)
  [ -z "$left" ] || fail "$1: temporaries left: $left"
}

# A large input: the sample games (some with errors, so --rejects gets games too), about 8 MB.
cat "$samples"/*.pgn > unit.pgn
[ -s unit.pgn ] || { echo "no sample games in $samples"; exit 1; }
cp unit.pgn big.pgn
while [ "$(stat -c %s big.pgn)" -lt 8000000 ]; do cat big.pgn big.pgn > twice.pgn && mv twice.pgn big.pgn; done

# ---- interrupted runs leave the previous files as they were ----
printf 'yesterday\xe2\x80\x99s complete clean.pgn\n' > prev-out
printf 'yesterday\xe2\x80\x99s rejects\n' > prev-rejects
for command in normalize convert; do
  for signal in INT TERM; do
    for delay in 0.1 0.5 1; do
      what="$command interrupted by SIG$signal after $delay s"
      cp prev-out out.pgn
      cp prev-rejects out.rejects.pgn
      # env restores the default action: a background job of a script starts with SIGINT ignored.
      env --default-signal=INT,TERM "$planilla" "$command" big.pgn -o out.pgn -q 2>/dev/null &
      pid=$!
      sleep "$delay"
      kill -s "$signal" "$pid"
      wait "$pid"
      code=$?
      expected=$([ "$signal" = INT ] && echo 130 || echo 143)
      [ "$code" = "$expected" ] || fail "$what: exit $code, expected $expected (input too small for the delay?)"
      cmp -s prev-out out.pgn || fail "$what: out.pgn changed"
      cmp -s prev-rejects out.rejects.pgn || fail "$what: out.rejects.pgn changed"
      no_temporaries "$what"
    done
  done
done

# ---- a run that succeeds: -o holds what stdout gets; -o and --rejects both published ----
for command in normalize convert; do
  "$planilla" "$command" unit.pgn -q > stdout.pgn 2>/dev/null
  cp prev-out out.pgn
  cp prev-rejects out.rejects.pgn
  chmod 640 out.pgn
  "$planilla" "$command" unit.pgn -o out.pgn -q 2>/dev/null
  code=$?
  [ "$code" = 1 ] || fail "$command unit.pgn -o: exit $code, expected 1 (the samples hold errors)"
  cmp -s stdout.pgn out.pgn || fail "$command: -o out.pgn differs from stdout"
  [ "$(stat -c %a out.pgn)" = 640 ] || fail "$command: the replaced file lost its mode ($(stat -c %a out.pgn))"
  if [ "$command" = normalize ]; then
    cmp -s prev-rejects out.rejects.pgn && fail "normalize: out.rejects.pgn not replaced"
    grep -q '^; ' out.rejects.pgn || fail "normalize: out.rejects.pgn holds no rejected game"
  fi
  no_temporaries "$command unit.pgn -o out.pgn"
done
# Through a symbolic link: the link stays, the file it names is replaced.
cp prev-out target.pgn
ln -sf target.pgn link.pgn
"$planilla" convert unit.pgn -o link.pgn -q 2>/dev/null
[ -L link.pgn ] || fail "convert -o link.pgn: the link was replaced by a file"
"$planilla" convert unit.pgn -q 2>/dev/null | cmp -s - target.pgn || fail "convert -o link.pgn: target.pgn not written"

# ---- write and read errors: exit 2, one line with the file and the reason ----
for command in normalize convert check; do
  cp prev-out out.pgn
  "$planilla" "$command" unit.pgn -o /dev/full > /dev/null 2> err.txt
  code=$?
  [ "$code" = 2 ] || fail "$command -o /dev/full: exit $code, expected 2"
  grep -q '^planilla: cannot write /dev/full: No space left on device$' err.txt ||
    fail "$command -o /dev/full: no reason line: $(head -c 300 err.txt)"
  "$planilla" "$command" unit.pgn > /dev/full 2> err.txt
  code=$?
  [ "$code" = 2 ] || fail "$command > /dev/full: exit $code, expected 2"
  grep -q '^planilla: cannot write standard output: No space left on device$' err.txt ||
    fail "$command > /dev/full: no reason line: $(head -c 300 err.txt)"
done
grep -q 'stopped by the error above' err.txt || fail "the counts line does not say the run stopped"
for args in "languages" "perft startpos 2" "show startpos"; do
  # shellcheck disable=SC2086
  "$planilla" $args > /dev/full 2> err.txt
  code=$?
  [ "$code" = 2 ] || fail "$args > /dev/full: exit $code, expected 2"
  grep -q '^planilla: cannot write standard output: No space left on device$' err.txt || fail "$args > /dev/full"
done
# A failed run publishes nothing: the previous -o stays.
"$planilla" normalize unit.pgn -o out.pgn --rejects /dev/full > /dev/null 2> err.txt
code=$?
[ "$code" = 2 ] || fail "normalize --rejects /dev/full: exit $code, expected 2"
cmp -s prev-out out.pgn || fail "normalize --rejects /dev/full: out.pgn replaced although the rejects failed"
no_temporaries "normalize --rejects /dev/full"
# A read error (reading /proc/self/mem at offset 0 fails with EIO).
if [ -r /proc/self/mem ]; then
  "$planilla" check /proc/self/mem > /dev/null 2> err.txt
  code=$?
  [ "$code" = 2 ] || fail "check /proc/self/mem: exit $code, expected 2"
  grep -q '^planilla: cannot read /proc/self/mem: ' err.txt || fail "check /proc/self/mem: $(head -c 300 err.txt)"
fi
# `| head` stays quiet: no message, killed by SIGPIPE as before.
"$planilla" convert big.pgn -q 2> err.txt | head -c 100 > /dev/null
code=${PIPESTATUS[0]}
[ "$code" = 141 ] || fail "convert | head: exit $code, expected 141 (SIGPIPE, as before)"
grep -q 'cannot write' err.txt && fail "| head: $(head -c 300 err.txt)"

# ---- an output onto an input is refused; the input stays as it was ----
cp unit.pgn in.pgn
ln -sf in.pgn in-link.pgn
ln -f in.pgn in-hard.pgn
for args in "normalize in.pgn -o in.pgn" "convert in.pgn -o in.pgn" "check in.pgn -o in.pgn" \
            "normalize in.pgn -o in-link.pgn" "convert in-link.pgn -o in-hard.pgn" \
            "normalize in.pgn -o x.pgn --rejects in-hard.pgn" "book in.pgn -o in.pgn"; do
  # shellcheck disable=SC2086
  "$planilla" $args > /dev/null 2> err.txt
  code=$?
  [ "$code" = 2 ] || fail "$args: exit $code, expected 2"
  grep -q 'refusing to write over it' err.txt || fail "$args: $(head -c 300 err.txt)"
  cmp -s unit.pgn in.pgn || fail "$args: the input changed"
done
rm -f x.pgn
"$planilla" normalize unit.pgn -o same.pgn --rejects same.pgn > /dev/null 2> err.txt
[ $? = 2 ] || fail "normalize -o same.pgn --rejects same.pgn: not refused"
[ -e same.pgn ] && fail "normalize -o same.pgn --rejects same.pgn: wrote same.pgn"
no_temporaries "the whole test"

cd / && rm -rf "$work"
if [ "$failures" -gt 0 ]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "faults: all checks passed"
