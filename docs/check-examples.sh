#!/bin/sh
# cns manual: every ```c block marked <!-- file: examples/NAME.c --> in
# the chapters must be, byte for byte, the file it names (which make
# check compiles and runs). Reports TAP, one test per marked block.
# SPDX-License-Identifier: LGPL-2.1-or-later
set -u
srcdir=${srcdir:-.}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# Writes each marked block of $1 to $tmp/block-N and its file name to
# $tmp/name-N, numbering on from $2; prints the next number.
extract () {
  awk -v dir="$tmp" -v n="$2" '
    /^<!-- file: .* -->$/ { name = $3; want = 1; next }
    want && /^```c$/ { inblock = 1; want = 0; out = dir "/block-" n;
                       printf "" > out; print name > (dir "/name-" n); next }
    inblock && /^```$/ { inblock = 0; close (out); n++; next }
    inblock { print > out; next }
    want && !/^$/ { print "marker not followed by a c block: " name > "/dev/stderr"; want = 0 }
    END { print n }' "$1"
}

n=0
for md in "$srcdir"/*.md; do
  n=$(extract "$md" "$n")
done
echo "1..$((n + 1))"
echo "ok 1 - the chapters mark $n compiled example blocks"
i=0
while [ "$i" -lt "$n" ]; do
  name=$(cat "$tmp/name-$i")
  if cmp -s "$tmp/block-$i" "$srcdir/$name"; then
    echo "ok $((i + 2)) - the block marked $name is the file"
  else
    echo "not ok $((i + 2)) - the block marked $name differs from the file"
    diff "$srcdir/$name" "$tmp/block-$i" 2>&1 | head -20 | sed 's/^/#   /'
  fi
  i=$((i + 1))
done
