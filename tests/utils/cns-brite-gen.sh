#!/bin/sh
# cns-brite-gen: summaries of generated and imported topologies, the
# .brite file it writes read back to the same summary, seed files in and
# out (the seeds after one topology make the next), and bad command
# lines (exit 2) and files (exit 1) named in one line. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
gen=$build/utils/cns-brite-gen
conf=$(cd "$(dirname "$0")/../../brite/conf" && pwd)
data=$(cd "$(dirname "$0")/../brite/data" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
line () { printf '%s\n' "$1" | sed -n "s/^$2: //p"; }

echo "1..12"

out=$("$gen" "$conf/router-waxman-1000.conf" -o "$tmp/w.brite" 2>&1)
status=$?
check "router Waxman 1000: 1000 nodes, 1997 edges (1 + 2 x 998), 1 AS, connected" "$out" \
  test $status -eq 0 -a "$(line "$out" model)" = "1 (RTWaxman)" \
  -a "$(line "$out" nodes)" = 1000 -a "$(line "$out" edges)" = 1997 \
  -a "$(line "$out" ASes)" = 1 -a "$(line "$out" connected)" = yes
check "the degrees: at least m = 2, mean 2 x 1997 / 1000" "$out" \
  test -n "$(printf '%s\n' "$out" | grep '^degree: min 2, mean 3.994, max [0-9]*$')"
back=$("$gen" --import "$tmp/w.brite" 2>&1)
check "the written file imports to the same summary" "$back" test "$back" = "$out"
check "the file has BRITE's sections" "$(head -n 5 "$tmp/w.brite")" \
  test "$(head -n 1 "$tmp/w.brite")" = "Topology: ( 1000 Nodes, 1997 Edges )" \
  -a "$(grep -c -e '^Nodes: ( 1000 )$' -e '^Edges: ( 1997 ):$' "$tmp/w.brite")" -eq 2

out=$("$gen" "$conf/top-down.conf" 2>&1)
check "top-down: 2 ASes of 20 routers, 39 edges, connected" "$out" \
  test "$(line "$out" model)" = "5 (TopDownHier)" -a "$(line "$out" nodes)" = 40 \
  -a "$(line "$out" edges)" = 39 -a "$(line "$out" ASes)" = 2 \
  -a "$(line "$out" connected)" = yes
a=$("$gen" "$conf/router-ba-100.conf" --seed=7 -o "$tmp/a.brite" 2>&1)
b=$("$gen" "$conf/router-ba-100.conf" --seed=7 -o "$tmp/b.brite" 2>&1)
c=$("$gen" "$conf/router-ba-100.conf" --seed=8 -o "$tmp/c.brite" 2>&1)
check "the same --seed gives the same file, another seed another" "$a" \
  cmp -s "$tmp/a.brite" "$tmp/b.brite"
check "... (seed 8 differs)" "$c" test -n "$(cmp "$tmp/a.brite" "$tmp/c.brite")"

out=$("$gen" --import "$data/cloudsim-topology.brite" 2>&1)
check "the CloudSim file: 10 nodes, 20 edges, connected" "$out" \
  test "$(line "$out" nodes)" = 10 -a "$(line "$out" edges)" = 20 \
  -a "$(line "$out" connected)" = yes

printf 'PLACES 1 2 3\nCONNECT 4 5 6\nEDGE_CONN 7 8 9\nGROUPING 10 11 12\nASSIGNMENT 13 14 15\nBANDWIDTH 16 17 18\n' > "$tmp/seed"
"$gen" "$conf/router-waxman-100.conf" --seedFile="$tmp/seed" \
  --newSeedFile="$tmp/seed2" -o "$tmp/s1.brite" > /dev/null 2>&1
"$gen" "$conf/router-waxman-100.conf" --seedFile="$tmp/seed2" \
  -o "$tmp/s2.brite" > /dev/null 2>&1
"$gen" "$conf/router-waxman-100.conf" --seedFile="$tmp/seed" \
  -o "$tmp/s3.brite" > /dev/null 2>&1
check "a seed file gives the same topology again; its successor another" \
  "$(cat "$tmp/seed2" 2>&1)" \
  test -s "$tmp/s2.brite" -a -n "$(cmp "$tmp/s1.brite" "$tmp/s2.brite")" \
  -a -z "$(cmp "$tmp/s1.brite" "$tmp/s3.brite")" \
  -a "$(grep -c '^[A-Z_]* [0-9]* [0-9]* [0-9]*$' "$tmp/seed2")" -eq 6

out=$("$gen" 2>&1)
status=$?
check "no configuration file: exit 2" "$out" test $status -eq 2
out=$("$gen" "$conf/top-down.conf" --seed=0 2>&1)
status=$?
check "--seed=0: exit 2 naming --seed" "$out" \
  test $status -eq 2 -a -n "$(printf '%s\n' "$out" | grep -e '--seed')"
printf 'BriteConfig\nBeginModel\n Name = 12\n' > "$tmp/bad.conf"
out=$("$gen" "$tmp/bad.conf" 2>&1)
status=$?
check "an unknown model: exit 1, one line naming file and line" "$out" \
  test $status -eq 1 -a "$(printf '%s\n' "$out" | wc -l)" -eq 1 \
  -a -n "$(printf '%s\n' "$out" | grep 'bad.conf:3: ')"
