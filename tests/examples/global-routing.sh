#!/bin/sh
# The global-routing example: by default datagrams take the upper path
# n0 n1 n2 n5 n6 (cost 4) both ways; with the upper links at metric 5 the
# lower path n0 n1 n3 n4 n5 n6 (cost 5) instead; when n1's link to n2 goes
# down at 2.5 s and routes are recomputed, the later datagrams go the
# lower way. Times by hand: 512 + 8 + 20 + 2 bytes at 5 Mbps take
# 0.8672 ms, plus 2 ms of delay, per link: 11.4688 ms over four links,
# 14.336 ms over five. Reports TAP.
set -u
example=${top_builddir:-..}/examples/global-routing

echo "1..4"
n=0
check () {
  n=$((n + 1))
  name=$1
  expected=$2
  shift 2
  out=$("$example" "$@" 2>&1)
  status=$?
  if [ $status -eq 0 ] && [ "$out" = "$expected" ]; then
    echo "ok $n - $name"
  else
    echo "not ok $n - $name (status $status), printed:"
    printf '%s\n' "$out" | sed 's/^/#   /'
  fi
}

check "upper path by default" "At time 0s global routing takes node 0 to node 6 by 0 1 2 5 6 (cost 4)
At time 0s global routing takes node 6 to node 0 by 6 5 2 1 0 (cost 4)
At time 1.0114688s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 2 5 6
At time 1.0229376s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 2 1 0
At time 2.0114688s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 2 5 6
At time 2.0229376s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 2 1 0" \
  --packets=2

check "lower path when the upper one costs more" "At time 0s global routing takes node 0 to node 6 by 0 1 3 4 5 6 (cost 5)
At time 0s global routing takes node 6 to node 0 by 6 5 4 3 1 0 (cost 5)
At time 1.014336s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 3 4 5 6
At time 1.028672s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 4 3 1 0" \
  --upperMetric=5 --packets=1

check "routes around a link that goes down" "At time 0s global routing takes node 0 to node 6 by 0 1 2 5 6 (cost 4)
At time 0s global routing takes node 6 to node 0 by 6 5 2 1 0 (cost 4)
At time 1.0114688s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 2 5 6
At time 1.0229376s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 2 1 0
At time 2.0114688s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 2 5 6
At time 2.0229376s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 2 1 0
At time 2.5s node 1 takes interface 2 (to node 2) down
At time 2.5s global routing takes node 0 to node 6 by 0 1 3 4 5 6 (cost 5)
At time 3.014336s node 6 received a datagram of 520 bytes (with its UDP header) by 0 1 3 4 5 6
At time 3.028672s node 0 received a datagram of 520 bytes (with its UDP header) by 6 5 4 3 1 0" \
  --packets=3 --failAt=2.5

out=$("$example" --upperMetric=0 2>&1)
status=$?
if [ $status -eq 2 ] && printf '%s\n' "$out" | grep -q -- '--upperMetric'; then
  echo "ok 4 - a metric of 0 is refused"
else
  echo "not ok 4 - --upperMetric=0: status $status: $out"
fi
