#!/bin/sh
# The routing benchmark on a small Waxman graph (N = 300, m = 2, so 600
# edges) and on a small edge-list file: one flat JSON line per case with
# the fields the issue asks for, tables of routers squared bytes, and
# every nix flow's datagram received, every search pair found with its
# time and nodes settled per lookup. Bad options exit with status 2 and
# say what is wrong. Reports TAP; wall-clock numbers are not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-routing
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..12"
n=0
ok () { n=$((n + 1)); echo "ok $n - $1"; }
not_ok () {
  n=$((n + 1))
  echo "not ok $n - $1"
  printf '%s\n' "$2" | sed 's/^/#   /'
}
# The value of field $1 in line $2 (numbers and strings).
field () {
  printf '%s\n' "$2" | sed -n "s/.*\"$1\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

out=$("$bench" --waxman=300 --m=2 --seed=7 --backend=spf --flows=10,100 2>&1)
status=$?
lines=$(printf '%s\n' "$out" | wc -l)
if [ $status -eq 0 ] && [ "$lines" -eq 6 ]; then
  ok "six lines: table, populate, nix and search for 10 and 100 flows"
else
  not_ok "status $status, $lines lines" "$out"
fi

# A flat object of "key":number and "key":"string" members.
json='^{\("[a-z_A-Z]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\),\)*"[a-z_A-Z]*":\(-\{0,1\}[0-9][0-9.e+-]*\|"[^"]*"\)}$'
if [ -z "$(printf '%s\n' "$out" | grep -v "$json")" ]; then
  ok "every line is a JSON object"
else
  not_ok "lines that are not JSON objects" "$(printf '%s\n' "$out" | grep -v "$json")"
fi

missing=
printf '%s\n' "$out" > "$tmp/out"
while read -r line; do
  for f in N edges backend flows time_s max_rss_kb table_bytes; do
    [ -n "$(field $f "$line")" ] || missing="$missing $f"
  done
  [ "$(field N "$line")" = 300 ] && [ "$(field edges "$line")" = 600 ] \
    || missing="$missing N=300/edges=600"
done < "$tmp/out"
if [ -z "$missing" ]; then
  ok "every line has N, edges, backend, flows, time_s, max_rss_kb, table_bytes"
else
  not_ok "missing or wrong:$missing" "$out"
fi

table=$(printf '%s\n' "$out" | grep '"case":"table"')
populate=$(printf '%s\n' "$out" | grep '"case":"populate"')
routers=$(field routers "$table")
if [ "$(field backend "$table")" = spf ] && [ -n "$routers" ] \
   && [ "$(field table_bytes "$table")" = $((routers * ((routers + 63) / 64 * 64))) ] \
   && [ "$(field table_bytes "$populate")" = $((routers * ((routers + 63) / 64 * 64))) ] \
   && [ "$(field routers "$populate")" = "$routers" ] \
   && [ "$(field flows "$table")" = 0 ]; then
  ok "table and populate: $routers routers, one byte per entry"
else
  not_ok "table and populate lines disagree" "$out"
fi

bad=
for k in 10 100; do
  line=$(printf '%s\n' "$out" | grep "\"case\":\"nix\".*\"flows\":$k,")
  [ "$(field rx "$line")" = "$k" ] && [ "$(field backend "$line")" = nix ] \
    && [ "$(field table_bytes "$line")" = 0 ] || bad="$bad $k"
done
if [ -z "$bad" ]; then
  ok "nix: every flow's datagram received"
else
  not_ok "nix flows not all received:$bad" "$out"
fi

# The graph is connected: every pair has a path, found settling at least
# its two ends and at most the whole graph.
bad=
for k in 10 100; do
  line=$(printf '%s\n' "$out" | grep "\"case\":\"search\".*\"flows\":$k,")
  settled=$(field settled_per_lookup "$line")
  [ "$(field rx "$line")" = "$k" ] && [ "$(field backend "$line")" = search ] \
    && [ "$(field table_bytes "$line")" = 0 ] \
    && [ -n "$(field us_per_lookup "$line")" ] \
    && awk -v s="$settled" 'BEGIN { exit !(s >= 2 && s <= 300) }' \
    || bad="$bad $k"
done
if [ -z "$bad" ]; then
  ok "search: every pair found, us_per_lookup and settled_per_lookup given"
else
  not_ok "search lines wrong:$bad" "$out"
fi

# A triangle with hosts 3 (off 2) and 4 (off 0): 3 routers, rows padded
# to 64 entries.
printf '5 5\n0 1\n1 2 3\n2 0\n2 3\n4 0\n' > "$tmp/graph.txt"
out=$("$bench" --graph="$tmp/graph.txt" --case=table --backend=spf 2>&1)
if [ "$(field N "$out")" = 5 ] && [ "$(field edges "$out")" = 5 ] \
   && [ "$(field routers "$out")" = 3 ] \
   && [ "$(field table_bytes "$out")" = 192 ]; then
  ok "--graph reads an edge list"
else
  not_ok "--graph" "$out"
fi

printf '3 1\n0 3\n' > "$tmp/bad.txt"
out=$("$bench" --graph="$tmp/bad.txt" 2>&1)
status=$?
if [ $status -ne 0 ] && printf '%s\n' "$out" | grep -q "bad.txt:2: node v"; then
  ok "a bad graph file is named with its line"
else
  not_ok "bad graph: status $status" "$out"
fi

out=$("$bench" --waxman=50 --backend=nope 2>&1)
status=$?
if [ $status -eq 2 ] \
   && printf '%s\n' "$out" | grep -q 'no routing backend is called "nope" (there are: spf'; then
  ok "an unknown backend is refused, naming the backends"
else
  not_ok "--backend=nope: status $status" "$out"
fi

# a BRITE topology: router-waxman-100.conf, 100 nodes, 197 edges
out=$("$bench" --brite="$(dirname "$0")/../../brite/conf/router-waxman-100.conf" \
  --case=table --backend=spf 2>&1)
if [ "$(field N "$out")" = 100 ] && [ "$(field edges "$out")" = 197 ] \
   && [ "$(field routers "$out")" = 100 ] \
   && printf '%s\n' "$out" | grep -q '"graph":"brite:'; then
  ok "--brite: the table of a generated BRITE topology (100 nodes, 197 edges)"
else
  not_ok "--brite" "$out"
fi

# a dense graph: 300 nodes of average degree about 30, unequal metrics;
# spf, fw-cpu and auto fill tables of the same size
out=$("$bench" --dense=300 --maxMetric=1000 --case=table \
  --backend=spf,fw-cpu,auto 2>&1)
edges=$(field edges "$(printf '%s\n' "$out" | head -n 1)")
if [ "$(printf '%s\n' "$out" | grep -c '"graph":"dense:300:maxMetric=1000:seed=1"')" -eq 3 ] \
   && [ "$edges" -gt 4000 ] && [ "$edges" -lt 5000 ] \
   && [ "$(printf '%s\n' "$out" | grep -o '"table_bytes":[0-9]*' | sort -u | wc -l)" -eq 1 ]; then
  ok "--dense: spf, fw-cpu and auto on 300 nodes of degree about 30 ($edges edges)"
else
  not_ok "--dense" "$out"
fi

fails=
for args in "--case=all" "--waxman=50 --case=bogus" "--waxman=50 --flows=0" \
            "--waxman=1" "--waxman=50 --graph=$tmp/graph.txt" \
            "--waxman=50 --brite=$tmp/graph.txt" "--dense=1" \
            "--dense=50 --maxMetric=0"; do
  # shellcheck disable=SC2086
  "$bench" $args > /dev/null 2>&1
  [ $? -eq 2 ] || fails="$fails [$args]"
done
if [ -z "$fails" ]; then
  ok "bad options exit with status 2"
else
  not_ok "accepted:$fails" ""
fi
