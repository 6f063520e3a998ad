#!/usr/bin/env bash
# The browser page (build-web/planilla.html, scripts/dev web) against the command line: for each
# scoresheet of cases.txt, opens planilla.html#from=…&to=…&text=… in headless Chromium and checks
# that <pre id="output"> holds exactly the PGN of `planilla convert --from … --to …` and that
# <ol id="diagnostics"> lists exactly the codes that command reports, in its order. Also checks
# the page's lists come from the library (every language of `planilla languages` in "to"), the
# board, the check report's summary (&report=1) and the size budget (4 MB). Keeps a screenshot of the
# German case (web_page.png in the artifact directory).
set -euo pipefail
planilla=${1:?planilla binary}
page=${2:?planilla.html}
cases_dir=${3:?folder of cases.txt}
artifact_dir=${4:-$PWD}
chromium=$(command -v chromium || command -v chromium-browser || true)
[[ -n $chromium ]] || { echo "FAIL: chromium not installed (scripts/dev test installs it)"; exit 1; }
[[ -f $page ]] || { echo "FAIL: $page missing: build it with scripts/dev web"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
       --disable-component-update --disable-sync --user-data-dir="$work/profile" --virtual-time-budget=20000)
fail() { echo "FAIL: $*"; failed=1; }
failed=0

size=$(stat -c %s "$page")
echo "page size: $size bytes"
(( size <= 4 * 1024 * 1024 )) || fail "page is $size bytes (budget 4 MB)"

# Pulls the output, the diagnostics' codes, the "to" options and the dataset out of a dumped DOM.
extract() {  # dom.html prefix
  python3 - "$1" "$2" <<'PY'
import html, re, sys
dom = open(sys.argv[1], encoding="utf-8").read()
prefix = sys.argv[2]
body = re.search(r"<body([^>]*)>", dom).group(1)
open(prefix + ".state", "w").write(" ".join(re.findall(r'data-[a-z-]+="[^"]*"', body)) + "\n")
m = re.search(r'<pre id="output"[^>]*>(.*?)</pre>', dom, re.S)
open(prefix + ".out", "w", encoding="utf-8").write(html.unescape(m.group(1)) if m else "<no #output>")
ol = re.search(r'<ol id="diagnostics"[^>]*>(.*?)</ol>', dom, re.S)
codes = re.findall(r'<li data-code="([^"]*)"', ol.group(1)) if ol else ["<no #diagnostics>"]
open(prefix + ".codes", "w").write("".join(c + "\n" for c in codes))
to = re.search(r'<select id="to"[^>]*>(.*?)</select>', dom, re.S)
opts = re.findall(r'<option value="([^"]*)"', to.group(1)) if to else []
open(prefix + ".to", "w").write("".join(o + "\n" for o in opts))
open(prefix + ".boards", "w").write(str(len(re.findall(r'<div id="board"[^>]*><svg', dom))) + "\n")
report = re.search(r'<iframe id="report"[^>]*srcdoc="([^"]*)"', dom)
open(prefix + ".report", "w", encoding="utf-8").write(html.unescape(report.group(1)) if report else "")
PY
}
urlencode() { python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(open(sys.argv[1], encoding="utf-8").read(), safe=""))' "$1"; }

n=0
while read -r file from to; do
  [[ -z $file || $file == \#* ]] && continue
  n=$((n + 1))
  name=${file%.txt}
  "$planilla" convert --from "$from" --to "$to" "$cases_dir/$file" > "$work/$name.cli.out" 2> "$work/$name.cli.err" || true
  grep -o '\[[EWN]-[A-Z0-9-]*\]' "$work/$name.cli.err" | tr -d '[]' > "$work/$name.cli.codes" || true
  url="file://$page#from=$from&to=$to&report=1&text=$(urlencode "$cases_dir/$file")"
  timeout 120 "$chromium" "${flags[@]}" --dump-dom "$url" > "$work/$name.dom.html" 2>/dev/null || true
  extract "$work/$name.dom.html" "$work/$name.page"
  grep -q 'data-state="done"' "$work/$name.page.state" || fail "$name: page did not finish ($(cat "$work/$name.page.state"))"
  if ! cmp -s "$work/$name.cli.out" "$work/$name.page.out"; then
    fail "$name: #output differs from planilla convert --from $from --to $to"
    diff "$work/$name.cli.out" "$work/$name.page.out" | head -20 || true
  fi
  if ! cmp -s "$work/$name.cli.codes" "$work/$name.page.codes"; then
    fail "$name: #diagnostics codes differ: CLI [$(tr '\n' ' ' < "$work/$name.cli.codes")] page [$(tr '\n' ' ' < "$work/$name.page.codes")]"
  fi
  [[ $(cat "$work/$name.page.boards") == 1 ]] || fail "$name: no SVG board"
  # The check report (&report=1) says what `planilla check --format html` says.
  cli_summary=$("$planilla" check --format html --from "$from" -q "$cases_dir/$file" | grep -o '<p id="summary">[^<]*' || true)
  page_summary=$(grep -o '<p id="summary">[^<]*' "$work/$name.page.report" || true)
  [[ -n $cli_summary && $cli_summary == "$page_summary" ]] ||
    fail "$name: check report summary '$page_summary', the CLI's '$cli_summary'"
  while read -r code; do
    grep -q "$code" "$work/$name.page.report" || fail "$name: $code missing from the check report"
  done < "$work/$name.cli.codes"
  echo "$name ($from -> $to): $(wc -l < "$work/$name.cli.codes") diagnostics, $(wc -c < "$work/$name.cli.out") bytes of output; $(cat "$work/$name.page.state")"
  if [[ $name == de-immortal ]]; then
    timeout 120 "$chromium" "${flags[@]}" --hide-scrollbars --screenshot="$artifact_dir/web_page.png" --window-size=1280,1000 \
      "${url/&report=1/}" >/dev/null 2>&1 || true
    [[ -s $artifact_dir/web_page.png ]] || fail "no screenshot"
  fi
done < "$cases_dir/cases.txt"
(( n >= 4 )) || fail "only $n cases read"

# "to" offers every language of `planilla languages`, and the language-free styles.
last=$(ls "$work"/*.page.to | tail -1)
"$planilla" languages | awk 'NR > 1 { print $1 }' | while read -r code; do
  grep -qx "$code" "$last" || { echo "FAIL: language $code missing from the \"to\" list"; exit 1; }
done || failed=1
for spec in en:spoken es:descriptive en:descriptive-classic figurine uci iccf de:lan; do
  grep -qx "$spec" "$last" || fail "\"to\" lacks $spec"
done
(( failed == 0 )) || exit 1
echo "web page: $n scoresheets read as the command line reads them"
