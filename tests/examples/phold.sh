#!/bin/sh
# PHOLD runs with small parameters under each scheduler, gives the same
# events and checksum under all of them, prints valid JSON, and rejects bad
# options with status 2; on 2 and 4 MPI ranks under gtw and null-message it
# gives the sequential events, checksum and fingerprint (skipped when cns
# has no MPI or mpirun is missing). Reports TAP.
set -u
phold=${top_builddir:-..}/examples/phold
args="--lps=64 --eventsPerLp=4 --endTime=50us"
n=0
failed=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  failed=1
  echo "not ok $n - $1"
}

field () {
  # the value of a numeric or string field in a JSON line
  printf '%s\n' "$1" | sed -n "s/.*\"$2\":\"\{0,1\}\([^,\"}]*\).*/\1/p"
}

echo "1..14"

reference=""
for scheduler in heap ladder list; do
  out=$("$phold" $args --json --SchedulerType=$scheduler 2>&1)
  events=$(field "$out" events)
  checksum=$(field "$out" checksum)
  if [ "$(field "$out" scheduler)" != "$scheduler" ] || [ -z "$events" ] \
     || [ "$events" -lt 1000 ]; then
    not_ok "phold runs with the $scheduler scheduler: $out"
    continue
  fi
  if [ -z "$reference" ]; then
    reference="$events $checksum"
    ok "phold runs with the heap scheduler ($events events)"
  elif [ "$events $checksum" = "$reference" ]; then
    ok "the $scheduler scheduler gives the heap's events and checksum"
  else
    not_ok "$scheduler gives '$events $checksum', heap gave '$reference'"
  fi
done

out=$("$phold" $args --json 2>&1)
for key in lps events wall_s events_per_s; do
  [ -n "$(field "$out" $key)" ] || { not_ok "JSON lacks $key: $out"; continue 2; }
done
ok "the JSON line has lps, events, wall_s and events_per_s"

# A different seed changes the run; the same seed repeats it exactly.
a=$("$phold" $args --json --seed=7 2>&1)
b=$("$phold" $args --json --seed=7 2>&1)
if [ "$(field "$a" checksum)" = "$(field "$b" checksum)" ] \
   && [ "$(field "$a" checksum)" != "$(field "$out" checksum)" ]; then
  ok "the seed decides the run"
else
  not_ok "seeds: '$a' '$b' '$out'"
fi

text=$("$phold" $args 2>&1)
case "$text" in
  *"events processed: "*"events/s: "*) ok "the text output reports events and events/s" ;;
  *) not_ok "text output: $text" ;;
esac

err=$("$phold" --lps=abc 2>&1)
status=$?
case "$err" in
  *"--lps"*"'abc'"*) [ $status -eq 2 ] && ok "a bad --lps exits 2 naming it" \
                       || not_ok "status $status for --lps=abc" ;;
  *) not_ok "message for --lps=abc: $err" ;;
esac

err=$("$phold" --remote=1.5 2>&1)
status=$?
if [ $status -eq 2 ] && printf '%s' "$err" | grep -q -- "--remote"; then
  ok "--remote outside 0..1 exits 2 naming it"
else
  not_ok "--remote=1.5: status $status, '$err'"
fi

# ---- on MPI ranks ----
build=${top_builddir:-..}
seq=$("$phold" $args --json --fingerprint 2>&1)
digest=$(field "$seq" fingerprint)
if [ ${#digest} -eq 64 ]; then
  ok "--fingerprint: a SHA-256 in the JSON"
else
  not_ok "--fingerprint: $seq"
fi
err=$("$phold" $args --sync=gtw 2>&1)
status=$?
if [ $status -eq 1 ] && printf '%s' "$err" \
   | grep -q "simulator implementation 'gtw': it needs MPI"; then
  ok "--sync=gtw without mpirun exits 1 saying it needs MPI"
else
  not_ok "--sync=gtw without mpirun: status $status, '$err'"
fi
. "$(dirname "$0")/../lib/mpi.sh"
reason=$(mpi_missing "$build")
if [ -n "$reason" ]; then
  for i in 1 2 3 4; do
    n=$((n + 1)); echo "ok $n # SKIP $reason"
  done
  exit $failed
fi
for run in 2:gtw 4:gtw 2:null-message 4:null-message; do
  np=${run%%:*}
  sync=${run#*:}
  out=$(mpi_run $np "$phold" $args --json --fingerprint \
        --SimulatorImplementationType=$sync 2>&1)
  if [ "$(field "$out" ranks)" = $np ] \
     && [ "$(field "$out" simulator)" = $sync ] \
     && [ "$(field "$out" events) $(field "$out" checksum) $(field "$out" fingerprint)" \
          = "$(field "$seq" events) $(field "$seq" checksum) $digest" ]; then
    ok "$np ranks, $sync: the sequential events, checksum and fingerprint"
  else
    not_ok "$np ranks, $sync: $out"
  fi
done

exit $failed
