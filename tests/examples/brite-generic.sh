#!/bin/sh
# brite-generic: the default top-down topology under global and
# nix-vector routing, another configuration, an imported .brite file,
# the topology written and read back, and bad options and files, each
# exiting with its status and a message naming what is wrong. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
prog=$build/examples/brite-generic
conf=$(cd "$(dirname "$0")/../../brite/conf" && pwd)
data=$(cd "$(dirname "$0")/../brite/data" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..11"

out=$("$prog" 2>&1)
status=$?
check "the default run exits 0 with every echo back" "$out" \
  test $status -eq 0 -a "$(printf '%s\n' "$out" | tail -n 1)" = "Echoes: 1 sent, 1 returned"
check "it prints the topology: 40 nodes in 2 ASes of 20" "$out" \
  test "$(printf '%s\n' "$out" | grep -c -e '^BRITE topology: 40 nodes, 39 edges, 2 ASes$' \
    -e '^  AS [01]: 20 nodes, [0-9]* leaves$')" -eq 3
global=$(printf '%s\n' "$out" | grep '^At time')
out=$("$prog" --routing=nix 2>&1)
check "nix-vector routing: the same datagrams at the same times" "$out" \
  test "$(printf '%s\n' "$out" | grep '^At time')" = "$global"
out=$("$prog" --nPackets=3 --confFile="$conf/bottom-up.conf" 2>&1)
check "bottom-up.conf, 3 echoes: 100 nodes in 5 ASes, all back" "$out" \
  test "$(printf '%s\n' "$out" | head -n 1)" = "BRITE topology: 100 nodes, 197 edges, 5 ASes" \
  -a "$(printf '%s\n' "$out" | tail -n 1)" = "Echoes: 3 sent, 3 returned"
again=$("$prog" --nPackets=3 --confFile="$conf/bottom-up.conf" 2>&1)
check "the same run twice prints the same" "$again" test "$again" = "$out"

out=$("$prog" --writeBrite="$tmp/t.brite" 2>&1)
back=$("$prog" --briteFile="$tmp/t.brite" 2>&1)
check "the topology written with --writeBrite and read with --briteFile runs the same" \
  "$back" test -s "$tmp/t.brite" -a "$back" = "$out"

out=$("$prog" --briteFile="$data/cloudsim-topology.brite" 2>&1)
status=$?
check "a one-AS file is refused: exit 1 naming the AS count" "$out" \
  test $status -eq 1 -a -n "$(printf '%s\n' "$out" | grep 'has 1 AS')"
out=$("$prog" --routing=ospf 2>&1)
status=$?
check "--routing=ospf exits 2 naming --routing" "$out" \
  test $status -eq 2 -a -n "$(printf '%s\n' "$out" | grep -e '--routing=ospf')"
out=$("$prog" --confFile="$tmp/missing.conf" 2>&1)
status=$?
check "a missing configuration file exits 1 naming it" "$out" \
  test $status -eq 1 -a -n "$(printf '%s\n' "$out" | grep "$tmp/missing.conf")"
printf 'BriteConfig\nBeginModel\n Name = 1\n N = many\n' > "$tmp/bad.conf"
out=$("$prog" --confFile="$tmp/bad.conf" 2>&1)
status=$?
check "a malformed configuration exits 1 naming the file, line and field" "$out" \
  test $status -eq 1 -a -n "$(printf '%s\n' "$out" | grep 'bad.conf:4: .*"N"')"
printf 'Topology: ( 2 Nodes, 1 Edges )\n' > "$tmp/bad.brite"
out=$("$prog" --briteFile="$tmp/bad.brite" 2>&1)
status=$?
check "a truncated .brite file exits 1 naming it" "$out" \
  test $status -eq 1 -a -n "$(printf '%s\n' "$out" | grep 'bad.brite')"
