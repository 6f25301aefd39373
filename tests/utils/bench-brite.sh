#!/bin/sh
# The BRITE benchmark at small sizes: one flat JSON line per case with
# the fields the issue asks for, the node and edge counts of an
# incremental Waxman graph (1 + 2 (N - 2) edges), and bad options exiting
# with status 2. Reports TAP; wall-clock numbers are not checked.
set -u
. "$(dirname "$0")/../lib/tap.sh"
bench=${top_builddir:-..}/utils/bench/bench-brite
conf=$(cd "$(dirname "$0")/../../brite/conf" && pwd)

echo "1..5"
out=$("$bench" --nodes=500,2000 --buildNodes=300 2>&1)
status=$?
json='^{\("[a-z_A-Z]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\),\)*"[a-z_A-Z]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\)}$'
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] \
   && [ -z "$(printf '%s\n' "$out" | grep -v "$json")" ]; then
  ok "three JSON lines: generate 500 and 2000, build 300"
else
  not_ok "status $status" "$out"
fi
bad=
for k in 1 2 3; do
  l=$(printf '%s\n' "$out" | sed -n "${k}p")
  nodes=$(field nodes "$l")
  [ "$(field edges "$l")" = $((1 + 2 * (nodes - 2))) ] || bad="$bad edges@$k"
  for f in case model nodes time_s max_rss_kb heap_bytes; do
    [ -n "$(field $f "$l")" ] || bad="$bad $f@$k"
  done
done
if [ -z "$bad" ]; then ok "every line has its counts and fields"; else not_ok "wrong:$bad" "$out"; fi
l=$(printf '%s\n' "$out" | sed -n 3p)
if [ "$(field case "$l")" = build ] && [ "$(field nodes "$l")" = 300 ] \
   && [ -n "$(field assign_s "$l")" ]; then
  ok "the build line: 300 nodes, with assign_s"
else
  not_ok "the build line" "$l"
fi
out=$("$bench" --conf="$conf/top-down.conf" --buildNodes= 2>&1)
if [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] \
   && [ "$(field nodes "$out")" = 40 ] && [ "$(field model "$out")" != "" ]; then
  ok "--conf: one generate line of the file's 40 nodes"
else
  not_ok "--conf" "$out"
fi
out=$("$bench" --nodes=ten 2>&1)
status=$?
if [ $status -eq 2 ] && printf '%s\n' "$out" | grep -q -e '--nodes'; then
  ok "--nodes=ten exits 2 naming --nodes"
else
  not_ok "--nodes=ten (exit $status)" "$out"
fi
