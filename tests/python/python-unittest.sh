#!/bin/sh
# The Python unittest module test_cns.py, run with the build tree's
# typelib and library through PyGObject: one TAP line per test case, the
# failure's traceback as comment lines, expected failures (gaps in the
# bindings) as TODO. Skipped whole when configure found no Python that
# imports gi or the build made no typelib. Reports TAP.
set -u
top_builddir=${top_builddir:-$(cd "$(dirname "$0")/../../build" && pwd)}
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
python=${CNS_PYTHON:-}
tests=$top_srcdir/tests/python/test_cns.py

if [ -z "$python" ] || [ ! -f "$top_builddir/Cns-1.0.typelib" ]; then
  # the TAP plan skips the script; 77 says the same to a plain runner
  echo "1..0 # SKIP no PyGObject or no introspection"
  exit 77
fi

GI_TYPELIB_PATH="$top_builddir${GI_TYPELIB_PATH:+:$GI_TYPELIB_PATH}"
LD_LIBRARY_PATH="$top_builddir/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export GI_TYPELIB_PATH LD_LIBRARY_PATH

# test_cns.py --tap prints "ok N - Class.test" lines and "#" comments, no
# plan; unittest's summary goes to stderr, which the log keeps.
out=$("$python" "$tests" --tap)
status=$?
printf '%s\n' "$out"
count=$(printf '%s\n' "$out" | grep -c '^\(not \)\{0,1\}ok [0-9]')
# A crash or an error before the tests ran leaves no line to fail: say so.
case $status in
  0|1) ;;
  *) count=$((count + 1))
     echo "not ok $count - test_cns.py exited with status $status (crashed?)" ;;
esac
if [ "$count" -eq 0 ]; then
  count=1
  echo "not ok 1 - test_cns.py ran no test (status $status)"
fi
echo "1..$count"
