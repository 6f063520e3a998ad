#!/usr/bin/env bash
# The tree is formatted by the checked-in .clang-format: every C++ file of the project (not the
# fuzz corpora or generated files) passes `clang-format --dry-run --Werror`. Exit 77 (skipped)
# without clang-format; `scripts/dev test` installs it. To format: scripts/dev format.
set -euo pipefail
src=${1:?source dir}
cd "$src"
fmt=$(command -v clang-format-14 || command -v clang-format || true)
if [[ -z $fmt ]]; then
  echo "format check skipped: clang-format not installed (apt-get install clang-format)"
  exit 77
fi
mapfile -t files < <(find board notation grammar converters cli tests bench web -type f \( -name '*.cpp' -o -name '*.hpp' \) \
  -not -path '*/node_modules/*' -not -path 'tests/fuzz/corpus/*' 2>/dev/null | sort)
if ! out=$("$fmt" --dry-run --Werror "${files[@]}" 2>&1); then
  echo "$out" | grep -E '^[^ ].*: error:' | cut -d: -f1 | sort | uniq -c | sed 's/^/not formatted: /'
  echo "run: scripts/dev format   (clang-format -i on the files above, $("$fmt" --version | head -1))"
  exit 1
fi
echo "format check: ${#files[@]} files formatted as .clang-format says"
