#!/usr/bin/env bash
# The README's examples cannot drift from the code:
#  * a fenced block after `<!-- golden: COMMAND -->` is what COMMAND prints (stdout and stderr as
#    a terminal shows them), run with bash from the source directory with `planilla` the built
#    binary; only the binary's path is normalised back to `planilla` in the output;
#  * a fenced block after `<!-- file: PATH -->` is the file PATH of the source tree byte for byte
#    (the library example is tests/install/consumer/main.cpp, which install_consumer compiles).
# Usage: readme_examples.sh PLANILLA_BINARY SOURCE_DIR
# PLANILLA_UPDATE_GOLDEN=1 rewrites the blocks of README.md with today's output and files instead
# (review the diff before committing it).
set -uo pipefail
binary=$(realpath "${1:?usage: readme_examples.sh PLANILLA_BINARY SOURCE_DIR}")
source_dir=$(realpath "${2:?usage: readme_examples.sh PLANILLA_BINARY SOURCE_DIR}")
readme=$source_dir/README.md
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/bin"
ln -s "$binary" "$work/bin/planilla"

failures=0
checked=0
updated=$work/README.updated
: >"$updated"
mapfile -t lines <"$readme"
n=${#lines[@]}
i=0
while ((i < n)); do
  line=${lines[i]}
  printf '%s\n' "$line" >>"$updated"
  ((i++))
  kind=""
  if [[ $line =~ ^\<!--\ golden:\ (.*)\ --\>$ ]]; then
    kind=golden
  elif [[ $line =~ ^\<!--\ file:\ (.*)\ --\>$ ]]; then
    kind=file
  else
    continue
  fi
  arg=${BASH_REMATCH[1]}
  if ((i >= n)) || [[ ! ${lines[i]} =~ ^\`\`\` ]]; then
    echo "README.md:$i: a '$kind' marker must be followed by a fenced block"
    ((failures++))
    continue
  fi
  printf '%s\n' "${lines[i]}" >>"$updated"
  ((i++))
  : >"$work/block"
  while ((i < n)) && [[ ${lines[i]} != '```' ]]; do
    printf '%s\n' "${lines[i]}" >>"$work/block"
    ((i++))
  done
  if ((i >= n)); then
    echo "README.md: the block after '$arg' is not closed"
    ((failures++))
    break
  fi
  if [[ $kind == golden ]]; then
    (cd "$source_dir" && PATH="$work/bin:$PATH" bash -c "$arg" 2>&1) |
      sed -e "s#$work/bin/planilla#planilla#g" -e "s#$binary#planilla#g" >"$work/actual"
  else
    if [[ ! -f $source_dir/$arg ]]; then
      echo "README.md: '$arg' is not a file of the source tree"
      ((failures++))
      cp "$work/block" "$work/actual"
    else
      cp "$source_dir/$arg" "$work/actual"
    fi
  fi
  ((checked++))
  if [[ ${PLANILLA_UPDATE_GOLDEN:-} ]]; then
    cat "$work/actual" >>"$updated"
  else
    cat "$work/block" >>"$updated"
    if ! diff -u --label "README.md (block after: $arg)" --label "actual" "$work/block" "$work/actual"; then
      ((failures++))
    fi
  fi
  # the closing fence
  printf '%s\n' "${lines[i]}" >>"$updated"
  ((i++))
done

if ((checked == 0)); then
  echo "FAIL: no golden or file markers found in $readme"
  exit 1
fi
if [[ ${PLANILLA_UPDATE_GOLDEN:-} ]]; then
  cp "$updated" "$readme"
  echo "rewrote the marked blocks of $readme ($checked blocks)"
  exit 0
fi
if ((failures)); then
  echo "FAIL: $failures of $checked README blocks differ (PLANILLA_UPDATE_GOLDEN=1 rewrites them)"
  exit 1
fi
echo "$checked README blocks match"
