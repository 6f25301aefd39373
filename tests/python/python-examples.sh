#!/bin/sh
# The Python examples print what their C programs print: first.py's
# stdout is examples/first's byte for byte, run directly and through
# ./waf --pyrun (which builds first), and an unknown option exits 2
# naming it on stderr, as in C; campus-ring.py gives the C program's
# --json line (wall-clock fields aside) and table, and refuses the same
# options. Skipped whole when configure found no
# Python that imports gi or the build made no typelib. Reports TAP.
set -u
top_builddir=${top_builddir:-$(cd "$(dirname "$0")/../../build" && pwd)}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
python=${CNS_PYTHON:-}
examples=$top_builddir/examples
scripts=$top_srcdir/examples/python
tmp=${TMPDIR:-/tmp}/cns-python-examples.$$
trap 'rm -rf "$tmp"' EXIT INT TERM

if [ -z "$python" ] || [ ! -f "$top_builddir/Cns-1.0.typelib" ]; then
  # the TAP plan skips the script; 77 says the same to a plain runner
  echo "1..0 # SKIP no PyGObject or no introspection"
  exit 77
fi
mkdir -p "$tmp" || exit 1

# py SCRIPT ARGS...: runs the Python example with the build tree's typelib
# and library.
py () {
  script=$1
  shift
  GI_TYPELIB_PATH="$top_builddir${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}" \
  LD_LIBRARY_PATH="$top_builddir/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    "$python" "$scripts/$script" "$@"
}

# same NAME EXPECTED-FILE GOT-FILE: ok when the files are equal byte for
# byte, otherwise not ok with the differences.
same () {
  if cmp -s "$2" "$3"; then
    ok "$1"
  else
    not_ok "$1" "$(diff "$2" "$3" 2>&1 | head -40)"
  fi
}

. "$top_srcdir/tests/lib/tap.sh"

# ---- first.py ----

"$examples/first" >"$tmp/first.c.out" 2>"$tmp/first.c.err"
c_status=$?
py first.py >"$tmp/first.py.out" 2>"$tmp/first.py.err"
py_status=$?
if [ $c_status -eq 0 ] && [ $py_status -eq 0 ] && [ -s "$tmp/first.c.out" ]; then
  ok "first and first.py run"
else
  not_ok "first and first.py run" "first: status $c_status, first.py: status $py_status
$(cat "$tmp/first.c.err" "$tmp/first.py.err")"
fi
same "first.py prints what first prints, byte for byte" \
  "$tmp/first.c.out" "$tmp/first.py.out"

"$examples/first" --bogus >/dev/null 2>"$tmp/bogus.c.err"
c_status=$?
py first.py --bogus >"$tmp/bogus.py.out" 2>"$tmp/bogus.py.err"
py_status=$?
if [ $c_status -eq 2 ] && [ $py_status -eq 2 ] \
    && grep -q -- '--bogus' "$tmp/bogus.c.err" \
    && grep -q -- '--bogus' "$tmp/bogus.py.err" \
    && [ ! -s "$tmp/bogus.py.out" ]; then
  ok "first.py --bogus exits 2 naming --bogus on stderr, as first does"
else
  not_ok "first.py --bogus exits 2 naming --bogus on stderr, as first does" \
    "first: status $c_status: $(cat "$tmp/bogus.c.err")
first.py: status $py_status: $(cat "$tmp/bogus.py.err" "$tmp/bogus.py.out")"
fi

# ./waf --pyrun runs from the source tree with waf's build directory,
# $top_srcdir/build: only that build tree is the one under test here.
if [ "$(cd "$top_srcdir/build" 2>/dev/null && pwd -P)" = "$(cd "$top_builddir" && pwd -P)" ]; then
  # waf builds first; its make prints on stderr, so stdout is the
  # script's alone
  (cd "$top_srcdir" && ./waf --pyrun examples/python/first.py) \
    >"$tmp/waf.out" 2>"$tmp/waf.err"
  status=$?
  if [ $status -eq 0 ]; then
    same "./waf --pyrun examples/python/first.py prints what first prints" \
      "$tmp/first.c.out" "$tmp/waf.out"
  else
    not_ok "./waf --pyrun examples/python/first.py prints what first prints" \
      "status $status: $(tail -20 "$tmp/waf.err")"
  fi
else
  ok "./waf --pyrun examples/python/first.py # SKIP the build tree is not $top_srcdir/build"
fi

# ---- campus-ring.py ----
# The same --json line as the C program for the same options, but for
# the wall-clock fields and the peak RSS; the same table; the same
# refusals.

deterministic () {
  sed -e 's/"setup_s":[^,]*,//' -e 's/"run_s":[^,]*,//' \
    -e 's/"wall_s":[^,]*,//' -e 's/"events_per_s":[^,]*,//' \
    -e 's/"max_rss_kb":[0-9]*,//' "$1"
}

for args in "--nCampus=2 --nLANClients=2" \
  "--nCampus=3 --nLANClients=2 --protocol=tcp --fingerprint" \
  "--nCampus=4 --nLANClients=1 --routing=global --remotePct=50 --nConCon=2 --run=3" \
  "--nCampus=2 --nLANClients=1 --bytesPerFlow=0 --stopTime=12s --seed=5"; do
  # shellcheck disable=SC2086
  "$examples/campus-ring" $args --json >"$tmp/ring.c.json" 2>"$tmp/ring.err"
  # shellcheck disable=SC2086
  py campus-ring.py $args --json >"$tmp/ring.py.json" 2>>"$tmp/ring.err"
  deterministic "$tmp/ring.c.json" >"$tmp/ring.c"
  deterministic "$tmp/ring.py.json" >"$tmp/ring.py"
  if [ -s "$tmp/ring.c" ] && grep -q '"delay_checksum":"[0-9a-f]\{16\}"' "$tmp/ring.c"; then
    same "campus-ring.py $args --json: the C program's line" \
      "$tmp/ring.c" "$tmp/ring.py"
  else
    not_ok "campus-ring.py $args --json: the C program's line" \
      "$(cat "$tmp/ring.c.json" "$tmp/ring.err")"
  fi
done

"$examples/campus-ring" --nCampus=2 --nLANClients=1 \
  | grep -v 'wall time\|events  \|peak RSS' >"$tmp/table.c"
py campus-ring.py --nCampus=2 --nLANClients=1 \
  | grep -v 'wall time\|events  \|peak RSS' >"$tmp/table.py"
same "campus-ring.py prints the C program's table (wall-clock lines aside)" \
  "$tmp/table.c" "$tmp/table.py"

for bad in "--nCampus=1:nCampus" "--routing=ospf:routing" \
  "--bytesPerFlow=0 --stopTime=0s:bytesPerFlow" "--nCampus=abc:nCampus" \
  "--nLANClients=100000000:nLANClients"; do
  args=${bad%:*}
  word=${bad##*:}
  # shellcheck disable=SC2086
  py campus-ring.py $args >/dev/null 2>"$tmp/bad.err"
  status=$?
  if [ $status -eq 2 ] && grep -q -- "--$word" "$tmp/bad.err"; then
    ok "campus-ring.py $args exits 2 naming --$word"
  else
    not_ok "campus-ring.py $args exits 2 naming --$word" \
      "status $status: $(cat "$tmp/bad.err")"
  fi
done

# ---- end of the examples ----

echo "1..$n"
