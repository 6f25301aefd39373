# cns — sourced by the shell tests that run programs on MPI ranks.
# SPDX-License-Identifier: LGPL-2.1-or-later

# mpi_missing BUILDDIR: why MPI runs cannot happen here (cns was built
# without MPI, or there is no mpirun); nothing when they can.
mpi_missing () {
  if ! grep -q '^#define CNS_HAVE_MPI 1' "$1/cns-build-config.h" 2>/dev/null
  then
    echo "cns was built without MPI"
  elif ! command -v mpirun >/dev/null 2>&1; then
    echo "mpirun is not installed"
  fi
}

# mpi_run NP PROGRAM ARGS...: PROGRAM on NP ranks under a timeout of its
# own, with Check not forking (forked test cases and MPI do not mix).
mpi_run () {
  mpi_np=$1
  shift
  CK_FORK=no timeout 120 mpirun --oversubscribe --allow-run-as-root \
    -np "$mpi_np" "$@"
}
