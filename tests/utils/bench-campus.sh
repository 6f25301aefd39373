#!/bin/sh
# The campus benchmark in its quick mode: 2 campuses of 4 clients per LAN,
# 2 x (34 + 48) = 164 nodes, 96 flows of 10 packets, all delivered; the
# JSON line carries the keys the project reports, and a bad size is
# refused with status 2. Reports TAP; wall-clock numbers are not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-campus

echo "1..3"
out=$("$bench" --quick 2>&1)
status=$?
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] \
    && printf '%s\n' "$out" | grep -q '"bench":"campus",.*"campuses":2,.*"nodes":164,.*"flows":96,.*"rx_packets":960,'; then
  echo "ok 1 - bench-campus --quick: one line, 164 nodes, 960 packets received"
else
  echo "not ok 1 - status $status: $out"
fi
missing=""
for key in child_wall_s wall_s setup_s run_s events events_per_s max_rss_kb; do
  printf '%s\n' "$out" | grep -q "\"$key\":[0-9]" || missing="$missing $key"
done
if [ -z "$missing" ]; then
  echo "ok 2 - the line carries the wall times, events, events/s and peak RSS"
else
  echo "not ok 2 - missing:$missing"
fi
out=$("$bench" --sizes=8,1 2>&1)
status=$?
case "$status:$out" in
  2:*--sizes*) echo "ok 3 - a campus count of 1 exits 2 naming --sizes" ;;
  *) echo "not ok 3 - --sizes=8,1: status $status: $out" ;;
esac
