#!/bin/sh
# file-cycles: utils/file-cycles.py finds the loops of a module's
# file-level call graph (from nm of its convenience library), and core/,
# applications/ and stats/ have none: a file of the core that calls a file which, through others,
# calls it back fails here, naming the files and the calls. Reports TAP.
set -u
. "$(dirname "$0")/../lib/tap.sh"
build=${top_builddir:-..}
src=${top_srcdir:-$(dirname "$0")/../..}
tool=$src/utils/file-cycles.py
python=${CNS_PYTHON:-python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "1..6"
if ! command -v "$python" >/dev/null 2>&1 || ! command -v nm >/dev/null 2>&1
then
  for t in 1 2 3 4 5 6; do ok "file-cycles # SKIP no python3 or nm"; done
  exit 0
fi

# three files: a and b call each other, c calls a
cd "$tmp" || exit 1
printf 'void b (void);\nvoid a (void) { b (); }\n' > libx_la-a.c
printf 'void a (void);\nvoid b (void) { a (); }\n' > libx_la-b.c
printf 'void a (void);\nvoid c (void) { a (); }\n' > libx_la-c.c
${CC:-cc} -c libx_la-a.c libx_la-b.c libx_la-c.c && ar rc loop.a libx_la-*.o
"$python" "$tool" loop.a > out 2>&1
status=$?
printf '%s\n' 'cycle: a b' '  a -> b (b)' '  b -> a (a)' > want
if [ $status -eq 1 ] && cmp -s want out; then
  ok "a loop of two files: status 1, the files and their calls"
else
  not_ok "a loop of two files: status 1, the files and their calls" \
    "status $status: $(cat out)"
fi
ar rc noloop.a libx_la-a.o libx_la-c.o
"$python" "$tool" noloop.a > out 2>&1
status=$?
check "no loop: status 0, nothing printed" "status $status: $(cat out)" \
  test $status -eq 0 -a ! -s out
"$python" "$tool" "$tmp/missing.a" > out 2>&1
status=$?
check "a missing archive: status 2" "status $status" test $status -eq 2

for module in core applications stats; do
  "$python" "$tool" "$build/$module/.libs/libcns-$module.a" > out 2>&1
  status=$?
  check "$module/ has no cycle of files" "status $status: $(head -n 20 out)" \
    test $status -eq 0 -a ! -s out
done
