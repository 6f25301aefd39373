#!/bin/sh
# The scheduler benchmark runs in its quick mode and prints one JSON line
# per case with events_per_s and ratio_to_bare. Reports TAP; timings are
# not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-scheduler

echo "1..3"
out=$("$bench" --quick 2>&1)
status=$?
lines=$(printf '%s\n' "$out" | grep -c '^{"bench":"scheduler"')
if [ $status -eq 0 ] && [ "$lines" -eq 4 ]; then
  echo "ok 1 - bench-scheduler --quick prints a JSON line per case"
else
  echo "not ok 1 - status $status, $lines JSON lines: $out"
fi
missing=$(printf '%s\n' "$out" | grep '^{' | grep -v '"events_per_s":[0-9]' | grep -v skipped)
if [ -z "$missing" ] && printf '%s\n' "$out" | grep -q '"ratio_to_bare":[0-9]'; then
  echo "ok 2 - every case reports events_per_s and ratio_to_bare"
else
  echo "not ok 2 - lines without events_per_s: $missing"
fi
out=$("$bench" --case=phold --maxLps=10 2>&1)
status=$?
if [ $status -eq 2 ] && printf '%s\n' "$out" | grep -q -- '--maxLps must be at least 1024, got 10'; then
  echo "ok 3 - a PHOLD size below 1024 LPs is refused, naming --maxLps"
else
  echo "not ok 3 - status $status: $out"
fi
