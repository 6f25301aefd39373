#!/bin/sh
# The forwarding benchmark runs in its quick mode (10 ms): every datagram
# the sink received was forwarded by all 64 routers, so forwarded is at
# least 64 times delivered, and at most that plus what was still in the
# chain at the stop. Reports TAP; wall-clock numbers are not checked.
set -u
bench=${top_builddir:-..}/utils/bench/bench-forward

echo "1..2"
out=$("$bench" --quick 2>&1)
status=$?
field () {
  printf '%s\n' "$out" | sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"
}
delivered=$(field delivered)
forwarded=$(field forwarded)
if [ $status -eq 0 ] && [ -n "$delivered" ] && [ "$delivered" -gt 0 ] \
   && [ "$forwarded" -ge $((64 * delivered)) ] \
   && [ "$forwarded" -le $((64 * (delivered + 128))) ]; then
  echo "ok 1 - $delivered datagrams delivered, $forwarded forwarding decisions"
else
  echo "not ok 1 - status $status: $out"
fi
if printf '%s\n' "$out" | grep -q '"forwarded_per_s":[0-9]'; then
  echo "ok 2 - the line carries forwarded_per_s"
else
  echo "not ok 2 - no forwarded_per_s: $out"
fi
