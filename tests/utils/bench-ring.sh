#!/bin/sh
# The ring benchmark runs in its quick mode (100 nodes, 1 s): each OnOff
# source sends a 1000-byte packet every 8 ms from 8 ms on, 124 before the
# stop at 1 s, so 12,400 transmissions; the JSON line carries the keys the
# project reports. Reports TAP; wall-clock numbers are not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-ring

echo "1..2"
out=$("$bench" --quick 2>&1)
status=$?
if [ $status -eq 0 ] && printf '%s\n' "$out" | grep -q '"n":100,.*"tx":12400,'; then
  echo "ok 1 - bench-ring --quick: 100 nodes made 12400 transmissions"
else
  echo "not ok 1 - status $status: $out"
fi
missing=""
for key in n tx run_s tx_per_s bytes_per_node bytes_per_node_apps \
    bytes_per_node_sockets; do
  printf '%s\n' "$out" | grep -q "\"$key\":[0-9]" || missing="$missing $key"
done
if [ -z "$missing" ]; then
  echo "ok 2 - the line carries n, tx, run_s, tx_per_s and the memory keys"
else
  echo "not ok 2 - missing:$missing"
fi
