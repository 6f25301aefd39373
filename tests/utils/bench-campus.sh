#!/bin/sh
# The campus benchmark in its quick mode: 2 campuses of 4 clients per LAN,
# 2 x (34 + 48) = 164 nodes, 96 flows of 10 packets, all delivered; the
# JSON line carries the keys the project reports, and a bad size is
# refused with status 2; --long runs endless flows for 10 s and 100 s and
# reports both peak RSS figures; --python runs the C program and
# campus-ring.py by turns and reports the medians (skipped without
# PyGObject). Reports TAP; wall-clock numbers and the
# RSS growth are not checked (campus-ring.sh checks the growth).
set -u
bench=${top_builddir:-..}/utils/bench/bench-campus

echo "1..6"
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
out=$("$bench" --long --quick --sizes=2 --base=10 2>&1)
status=$?
if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] \
    && [ "$(printf '%s\n' "$out" | grep -c '"bench":"campus-long",.*"bytes_per_flow":0,')" -eq 2 ] \
    && printf '%s\n' "$out" | sed -n 2p | grep -q '"sim_time_s":100,' \
    && printf '%s\n' "$out" | sed -n 3p | grep -q '^{"bench":"campus-long-growth","campuses":2,"clients_per_lan":4,"stop_1x_s":10,"stop_10x_s":100,"max_rss_1x_kb":[1-9][0-9]*,"max_rss_10x_kb":[1-9][0-9]*,"rss_growth_pct":-\{0,1\}[0-9.]*}$'; then
  echo "ok 4 - --long: endless flows for 10 s and 100 s, then the RSS growth"
else
  echo "not ok 4 - --long: status $status: $out"
fi
out=$("$bench" --long --base=5 2>&1)
status=$?
case "$status:$out" in
  2:*--base*) echo "ok 5 - --base under 10 s exits 2 naming --base" ;;
  *) echo "not ok 5 - --base=5: status $status: $out" ;;
esac
if [ -n "${CNS_PYTHON:-}" ] && [ -f "${top_builddir:-..}/Cns-1.0.typelib" ]; then
  out=$("$bench" --python --quick --sizes=2 --pairs=1 2>&1)
  status=$?
  if [ $status -eq 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] \
      && printf '%s\n' "$out" | sed -n 1p | grep -q '^{"bench":"campus-python","impl":"c",.*"rx_packets":9600,' \
      && printf '%s\n' "$out" | sed -n 2p | grep -q '^{"bench":"campus-python","impl":"python",.*"rx_packets":9600,' \
      && printf '%s\n' "$out" | sed -n 3p | grep -q '^{"bench":"campus-python-ratio","campuses":2,"clients_per_lan":4,"pairs":1,"c_events_per_s_median":[1-9][0-9]*,"python_events_per_s_median":[1-9][0-9]*,"pair_ratio_median":[0-9.]*,"c_setup_s_median":[0-9.]*,"python_setup_s_median":[0-9.]*}$'; then
    echo "ok 6 - --python: the C and the Python run, then the medians"
  else
    echo "not ok 6 - --python: status $status: $out"
  fi
else
  echo "ok 6 # SKIP --python: no PyGObject or no introspection"
fi
