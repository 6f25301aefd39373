#!/bin/sh
# The first tutorial scenario prints what ns-3's first.cc prints: the echo
# client and server lines with their simulated times (computed by hand:
# 1024 + 8 + 20 + 2 bytes at 5 Mbps take 1.6864 ms, plus 2 ms of delay,
# each way). Reports TAP.
set -u
first=${top_builddir:-..}/examples/first

echo "1..2"
out=$("$first" 2>&1)
status=$?
expected="At time +2s client sent 1024 bytes to 10.1.1.2 port 9
At time +2.00369s server received 1024 bytes from 10.1.1.1 port 49153
At time +2.00369s server sent 1024 bytes to 10.1.1.1 port 49153
At time +2.00737s client received 1024 bytes from 10.1.1.2 port 9"
if [ $status -eq 0 ]; then
  echo "ok 1 - first runs"
else
  echo "not ok 1 - first exited with status $status"
fi
if [ "$out" = "$expected" ]; then
  echo "ok 2 - first prints ns-3's four lines and times"
else
  echo "not ok 2 - first printed:"
  printf '%s\n' "$out" | sed 's/^/#   /'
fi
