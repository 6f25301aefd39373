#!/bin/sh
# cns manual: runs the compiled examples. Every output block marked
# <!-- output: PROGRAM [ARGS] --> in the chapters must be exactly what
# PROGRAM ARGS prints on stdout, and the program must exit 0. PROGRAM is
# a path in the build tree: docs/examples/tutorial-first, examples/first.
# Reports TAP, two tests per marked block.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -u
srcdir=${srcdir:-.}
top_builddir=${top_builddir:-$(cd .. && pwd)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

n=0
for md in "$srcdir"/*.md; do
  n=$(awk -v dir="$tmp" -v n="$n" '
    /^<!-- output: .* -->$/ { sub (/^<!-- output: /, ""); sub (/ -->$/, "");
                              cmd = $0; want = 1; next }
    want && /^```/ { inblock = 1; want = 0; out = dir "/expected-" n;
                     printf "" > out; print cmd > (dir "/command-" n); next }
    inblock && /^```$/ { inblock = 0; close (out); n++; next }
    inblock { print > out; next }
    END { print n }' "$md")
done

echo "1..$((2 * n + 1))"
if [ "$n" -gt 0 ]; then
  echo "ok 1 - the chapters mark $n example outputs"
else
  echo "not ok 1 - no output blocks marked"
fi
t=1
i=0
while [ "$i" -lt "$n" ]; do
  # the first word names a program in the build tree, the rest are
  # arguments; programs run in a scratch directory
  set -- $(cat "$tmp/command-$i")
  program=$1
  shift
  name="$program${*:+ $*}"
  (cd "$tmp" && "$top_builddir/$program" "$@") >"$tmp/actual" 2>"$tmp/stderr"
  status=$?
  t=$((t + 1))
  if [ $status -eq 0 ]; then
    echo "ok $t - $name exits 0"
  else
    echo "not ok $t - $name exited with status $status"
    sed 's/^/#   /' "$tmp/stderr"
  fi
  t=$((t + 1))
  if cmp -s "$tmp/expected-$i" "$tmp/actual"; then
    echo "ok $t - $name prints what the manual shows"
  else
    echo "not ok $t - $name prints something else than the manual:"
    diff "$tmp/expected-$i" "$tmp/actual" | sed 's/^/#   /'
  fi
  i=$((i + 1))
done
