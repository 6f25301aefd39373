#!/bin/sh
# nix-simple prints the nix path n0 -> n3 and the echo exchanges, with
# times computed by hand: 1024 + 8 + 20 + 2 bytes at 5 Mbps take 1.6864
# ms, plus 2 ms of delay, per hop; two hops each way, four once n0's link
# to n2 is down. The path bits: n0 takes link 1 of [n1, n2] in 1 bit, n2
# link 1 of [n0, n3, n4] in 2 bits; round the failure, n0 has one link
# (0 bits), then n1 -> n4 (1 of 2), n4 -> n2 (1 of 2), n2 -> n3 (0 of
# [n3, n4]). Reports TAP.
set -u
nix=${top_builddir:-..}/examples/nix-simple

echo "1..4"
out=$("$nix" 2>&1)
status=$?
expected="Time: 1s, Nix routing
Route path from Node 0 to Node 3, Nix Vector: 101 (3 bits left)
10.1.2.1         (Node 0)   ----> 10.1.2.2         (Node 2)
10.1.4.1         (Node 2)   ----> 10.1.4.2         (Node 3)
At time +2s client sent 1024 bytes to 10.1.4.2 port 9
At time +2.00737s server received 1024 bytes from 10.1.2.1 port 49153
At time +2.00737s server sent 1024 bytes to 10.1.2.1 port 49153
At time +2.01475s client received 1024 bytes from 10.1.4.2 port 9
At time +3s client sent 1024 bytes to 10.1.4.2 port 9
At time +3.00737s server received 1024 bytes from 10.1.2.1 port 49153
At time +3.00737s server sent 1024 bytes to 10.1.2.1 port 49153
At time +3.01475s client received 1024 bytes from 10.1.4.2 port 9"
if [ $status -eq 0 ] && [ "$out" = "$expected" ]; then
  echo "ok 1 - nix-simple prints the path and two echoes"
else
  echo "not ok 1 - nix-simple exited with $status and printed:"
  printf '%s\n' "$out" | sed 's/^/#   /'
fi

out=$("$nix" --linkDown=1 --nPackets=2 2>&1)
status=$?
expected="Time: 1s, Nix routing
Route path from Node 0 to Node 3, Nix Vector: 101 (3 bits left)
10.1.2.1         (Node 0)   ----> 10.1.2.2         (Node 2)
10.1.4.1         (Node 2)   ----> 10.1.4.2         (Node 3)
At time +2s client sent 1024 bytes to 10.1.4.2 port 9
At time +2.00737s server received 1024 bytes from 10.1.2.1 port 49153
At time +2.00737s server sent 1024 bytes to 10.1.2.1 port 49153
At time +2.01475s client received 1024 bytes from 10.1.4.2 port 9
At time +2.5s n0's link to n2 goes down
Time: 2.6s, Nix routing
Route path from Node 0 to Node 3, Nix Vector: 110 (3 bits left)
10.1.1.1         (Node 0)   ----> 10.1.1.2         (Node 1)
10.1.3.1         (Node 1)   ----> 10.1.3.2         (Node 4)
10.1.5.2         (Node 4)   ----> 10.1.5.1         (Node 2)
10.1.4.1         (Node 2)   ----> 10.1.4.2         (Node 3)
At time +3s client sent 1024 bytes to 10.1.4.2 port 9
At time +3.01475s server received 1024 bytes from 10.1.1.1 port 49153
At time +3.01475s server sent 1024 bytes to 10.1.1.1 port 49153
At time +3.02949s client received 1024 bytes from 10.1.4.2 port 9"
if [ $status -eq 0 ] && [ "$out" = "$expected" ]; then
  echo "ok 2 - with the link down, the path and the echoes go round"
else
  echo "not ok 2 - nix-simple --linkDown exited with $status and printed:"
  printf '%s\n' "$out" | sed 's/^/#   /'
fi

# A bad option value is refused with status 2, naming the option.
out=$("$nix" --nPackets=many 2>&1)
status=$?
if [ $status -eq 2 ]; then
  echo "ok 3 - a bad --nPackets exits with status 2"
else
  echo "not ok 3 - a bad --nPackets exited with status $status"
fi
case "$out" in
  *nPackets*) echo "ok 4 - the message names --nPackets" ;;
  *) echo "not ok 4 - the message was: $out" ;;
esac
