/* cns — the MPI transport of a build without MPI.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * There is none: cns_mpi_enable() then leaves the program alone, as rank 0
 * of 1, and every function of cns-mpi.h acts as on a single rank.
 */
#include "core/cns-transport-private.h"

CnsTransport *
cns_mpi_transport_open (int *argc, char ***argv, gconstpointer comm,
                        gboolean launched)
{
  if (launched)
    g_printerr ("cns: MPI is not available: this build of cns has no MPI "
                "support, so the program runs alone as rank 0 of 1\n");
  return NULL;
}

gboolean
cns_mpi_transport_is_available (void)
{
  return FALSE;
}
