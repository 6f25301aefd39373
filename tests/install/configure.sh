#!/bin/sh
# What configure leaves: its summary (in config.log too) names the
# versions of GLib, libxml2 and Check that pkg-config reports, not the
# commands that ask; and neither its compile tests nor its exit trap
# try to remove core dumps named 'core' (the build tree's core/ made rm
# fail, and the failing trap left confdefs.h behind). Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=$(cd "${top_builddir:-..}" && pwd)
src=$(cd "${top_srcdir:-../..}" && pwd)
log=$build/config.log

echo "1..5"

for pair in "GLib glib-2.0" "libxml2 libxml-2.0" "Check check"; do
  set -- $pair
  want=$(pkg-config --modversion "$2")
  got=$(sed -n "s/^ *$1: *//p" "$log" | tail -n 1)
  check "the summary's $1 version is $want" "summary: '$got'" \
    test "$got" = "$want"
done
check "configure removes no file named core" \
  "$(grep -n 'rm -f core' "$src/configure")" \
  test -z "$(grep -n 'rm -f core' "$src/configure")"
check "configure's exit trap cleaned up (no confdefs.h in the build tree)" \
  "$(ls "$build"/confdefs.h 2>&1)" test ! -e "$build/confdefs.h"
