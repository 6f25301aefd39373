#!/bin/sh
# The packet benchmark runs in its quick mode and prints its three JSON
# lines with the keys the project reports. Reports TAP; numbers are not
# checked here (the memory bounds are asserted by the network tests).
set -u
bench=${top_builddir:-..}/utils/bench/bench-packet

echo "1..2"
out=$("$bench" --quick 2>&1)
status=$?
lines=$(printf '%s\n' "$out" | grep -c '^{"bench":"packet"')
if [ $status -eq 0 ] && [ "$lines" -eq 3 ]; then
  echo "ok 1 - bench-packet --quick prints three JSON lines"
else
  echo "not ok 1 - status $status, $lines JSON lines: $out"
fi
missing=""
for key in ops_per_s events_per_s bytes_per_node_with_2_p2p_devices \
           bytes_per_inflight_packet; do
  printf '%s\n' "$out" | grep -q "\"$key\":[0-9]" || missing="$missing $key"
done
if [ -z "$missing" ]; then
  echo "ok 2 - the lines carry ops_per_s, events_per_s and the memory keys"
else
  echo "not ok 2 - missing:$missing"
fi
