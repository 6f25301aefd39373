#!/bin/sh
# make install into a staging directory (DESTDIR): the headers under
# include/cns/, libcns, cns.pc, the examples' sources under
# share/cns/examples and the tools in bin/; then, as a user of the
# installed tree would, every installed header and example compiled with
# nothing but pkg-config's flags, and the first example built with
# `cc $(pkg-config --cflags --libs cns) scenario.c` and run against the
# installed libcns. Reports TAP.
#
# cns.pc holds the configured prefix, and a staged tree lives under
# DESTDIR: pkgconf's --define-prefix and --define-variable=prefix would
# move glib's prefix too, and PKG_CONFIG_SYSROOT_DIR glib's paths, so
# the test reads a copy of the installed cns.pc with its prefix line
# pointing into the stage.
#
# make check builds everything before it runs the tests, so the install
# only copies files; the libtool programs are installed from .libs
# without relinking.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=$(cd "${top_builddir:-..}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
stage=$tmp/stage

echo "1..10"

# The test's own make must not take make check's command-line variables
# (TESTS=...) or job server.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
  make -s -C "$build" install DESTDIR="$stage" > "$tmp/install.log" 2>&1
status=$?
check "make install DESTDIR=... succeeds" "$(tail -n 20 "$tmp/install.log")" \
  test $status -eq 0

prefix=$(sed -n 's/^prefix=//p' "$build/cns.pc")
root=$stage$prefix
pc=$root/lib/pkgconfig/cns.pc
mkdir "$tmp/pkgconfig"
sed "s|^prefix=.*|prefix=$root|" "$pc" > "$tmp/pkgconfig/cns.pc" 2> /dev/null
PKG_CONFIG_PATH=$tmp/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export PKG_CONFIG_PATH
libdir=$(pkg-config --variable=libdir cns)
includedir=$(pkg-config --variable=includedir cns)
datadir=$(pkg-config --variable=pkgdatadir cns)
missing=
for f in "$pc" "$libdir/libcns.so" "$includedir/cns/core/cns-core.h" \
  "$includedir/cns/network/cns-network.h" \
  "$includedir/cns/internet/cns-internet.h" \
  "$includedir/cns/routing/cns-routing.h" "$includedir/cns/atm/cns-atm.h" \
  "$includedir/cns/brite/cns-brite.h" "$datadir/examples/first.c" \
  "$datadir/brite/top-down.conf" "$root/bin/cns-print-attributes" \
  "$root/bin/cns-brite-gen"; do
  [ -f "$f" ] || missing="$missing ${f#"$stage"}"
done
check "the files land under $prefix: headers, libcns, cns.pc, examples, tools" \
  "missing:$missing" test -z "$missing"
check "cns.pc's directories are under its prefix" \
  "$(cat "$tmp/pkgconfig/cns.pc")" \
  test "${libdir#"$root"/}" != "$libdir" -a "${includedir#"$root"/}" != "$includedir"

private=$(find "$includedir/cns" -name '*-private.h')
check "no -private.h header is installed" "$private" test -z "$private"

# Every installed header, together: each one's includes are installed too.
(cd "$includedir/cns" && find . -name '*.h' | sort | sed 's|^\./\(.*\)|#include "\1"|') \
  > "$tmp/all-headers.c"
out=$(cd "$tmp" && cc -std=gnu11 -fsyntax-only $(pkg-config --cflags cns) \
  all-headers.c 2>&1)
status=$?
check "all $(wc -l < "$tmp/all-headers.c") installed headers compile with pkg-config's flags alone" \
  "$out" test $status -eq 0

# The installed examples, as a user copies them; the BRITE ones name the
# directory of BRITE's configuration files.
failed=
for src in "$datadir"/examples/*.c; do
  cc -std=gnu11 -c -o "$tmp/example.o" $(pkg-config --cflags cns) \
    -DCNS_BRITE_CONF_DIR="\"$datadir/brite\"" "$src" > "$tmp/cc.log" 2>&1 \
    || failed="$failed $(basename "$src"): $(head -n 3 "$tmp/cc.log")"
done
check "every installed example compiles out of tree" "$failed" test -z "$failed"

# Flags before the source too, which --as-needed linkers (Debian's)
# accept only because cns.pc asks for --no-as-needed.
cp "$datadir/examples/first.c" "$tmp/scenario.c"
out=$(cd "$tmp" && cc $(pkg-config --cflags --libs cns) scenario.c -o scenario 2>&1 \
  && cc scenario.c $(pkg-config --cflags --libs cns) -o scenario-flags-last 2>&1)
status=$?
check "cc \$(pkg-config --cflags --libs cns) scenario.c links, flags first or last" \
  "$out" test $status -eq 0 -a -x "$tmp/scenario" -a -x "$tmp/scenario-flags-last"

out=$(cd "$tmp" && LD_LIBRARY_PATH=$libdir ./scenario 2>&1)
status=$?
expected="At time +2s client sent 1024 bytes to 10.1.1.2 port 9
At time +2.00369s server received 1024 bytes from 10.1.1.1 port 49153
At time +2.00369s server sent 1024 bytes to 10.1.1.1 port 49153
At time +2.00737s client received 1024 bytes from 10.1.1.2 port 9"
lib=$(LD_LIBRARY_PATH=$libdir ldd "$tmp/scenario" | sed -n 's/.*libcns[^ ]* => \([^ ]*\).*/\1/p')
check "the scenario runs on the installed libcns and prints first's four lines" \
  "$out ($lib)" \
  test $status -eq 0 -a "$out" = "$expected" -a "$lib" = "$libdir/libcns.so.0"

out=$(LD_LIBRARY_PATH=$libdir "$root/bin/cns-print-attributes" --type=CnsNode 2>&1)
status=$?
check "the installed cns-print-attributes runs" "$out" \
  test $status -eq 0 -a "$(printf '%s\n' "$out" | sed -n 2p)" = "  Parent: CnsObject"

# With introspection built: the typelib and GIR land where cns.pc's prefix
# says, and the installed first.py imports Cns through them and prints
# first's four lines. GI_TYPELIB_PATH names the staged directory, which
# libgirepository would not search by default.
python=$(sed -n 's/^CNS_PYTHON = //p' "$build/Makefile")
if [ -f "$build/Cns-1.0.typelib" ] && [ -n "$python" ]; then
  typelibdir=$(sed -n 's/^CNS_TYPELIBDIR = //p' "$build/Makefile" \
    | sed "s|\${libdir}|$libdir|")
  # ${libdir}/girepository-1.0 is staged now; GI's own directory is not
  case "$typelibdir" in "$stage"*) ;; *) typelibdir=$stage$typelibdir ;; esac
  out=$(GI_TYPELIB_PATH=$typelibdir LD_LIBRARY_PATH=$libdir \
    "$python" "$datadir/examples/python/first.py" 2>&1)
  status=$?
  check "the installed typelib: first.py prints first's four lines" \
    "$out ($typelibdir)" \
    test $status -eq 0 -a "$out" = "$expected" -a -f "$typelibdir/Cns-1.0.typelib"
else
  echo "ok 10 # SKIP built without introspection or PyGObject"
fi
