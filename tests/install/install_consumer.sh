#!/usr/bin/env bash
# `cmake --install` puts the binary, headers and the CMake package in place: a consumer project
# outside the tree finds it with find_package(planilla), builds, and translates a move.
set -euo pipefail
build=${1:?build dir}
source_dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake --install "$build" --prefix "$work/prefix" >/dev/null
[[ -x $work/prefix/bin/planilla ]] || { echo "FAIL: binary not installed"; exit 1; }
cmake -S "$source_dir/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" >/dev/null
out=$("$work/consumer/consumer")
[[ $out == "Sf3" ]] || { echo "FAIL: consumer printed '$out', expected Sf3"; exit 1; }
echo "installed package found and used: Cf3 (es) -> $out (de)"
