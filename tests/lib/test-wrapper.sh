#!/bin/sh
# Runs one test program; under valgrind when CNS_TEST_VALGRIND=yes
# (./waf check --valgrind), in Check's no-fork mode so that valgrind sees
# every test in one process. Leaks count as failures.
if [ "${CNS_TEST_VALGRIND:-}" = yes ]; then
  valgrind=${VALGRIND:-valgrind}
  if ! command -v "$valgrind" >/dev/null 2>&1; then
    echo "CNS_TEST_VALGRIND=yes but valgrind is not installed" >&2
    exit 99
  fi
  CK_FORK=no
  export CK_FORK
  exec ${LIBTOOL:-libtool} --mode=execute "$valgrind" --quiet \
    --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=1 \
    --log-fd=2 "$@"
fi
exec "$@"
