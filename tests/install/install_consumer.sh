#!/usr/bin/env bash
# `cmake --install` puts the binary, headers and the CMake package in place: a consumer project
# outside the tree finds it with find_package(planilla), builds, and translates moves.
set -euo pipefail
build=${1:?build dir}
source_dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
[[ -x $work/prefix/bin/planilla ]] || { echo "FAIL: binary not installed"; exit 1; }
cmake -S "$source_dir/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" >/dev/null
# The consumer is the README's library example (tests/golden/readme_examples.sh holds the two
# equal): a Spanish line played to its illegal last move, the legal moves written in German.
set +e
out=$("$work/consumer/consumer")
code=$?
set -e
expected="e4 e5 Sf3 Sc6 Lb5 | Qh5: no queen can reach h5"
[[ $out == "$expected" && $code == 1 ]] ||
  { echo "FAIL: consumer printed '$out' (exit $code), expected '$expected' (exit 1)"; exit 1; }
echo "installed package found and used: $out"
