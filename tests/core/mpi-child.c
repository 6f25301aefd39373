/* cns — a program for tests/core/mpi.sh to run under mpirun: the MPI
 * interface's collectives, and what happens when one rank fails.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 *   mpi-child collectives   every rank checks the reductions and gathers
 *                           against what it can compute alone; exit 0
 *   mpi-child fatal         the last rank calls cns_fatal() while the
 *                           others wait for it in a barrier
 *   mpi-child crash         the last rank dies of SIGKILL while the others
 *                           wait for it in a barrier
 */
#include "core/cns-core.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static int
check (gboolean ok, const gchar *what)
{
  if (!ok)
    fprintf (stderr, "mpi-child: rank %u: %s is wrong\n", cns_mpi_get_rank (),
             what);
  return ok ? 0 : 1;
}

static int
collectives (void)
{
  guint32 rank = cns_mpi_get_rank (), size = cns_mpi_get_size ();
  guint64 sum[2] = { rank, 1 }, max[1] = { rank }, min[1] = { rank + 5 };
  g_autofree guint64 *gathered = g_new0 (guint64, 2 * size);
  guint64 mine[2] = { rank, rank * rank };
  g_autofree gchar *text = g_strdup_printf ("rank %u", rank);
  g_autoptr (GPtrArray) bytes = NULL;
  int failed = 0;

  cns_mpi_sum (sum, 2);
  cns_mpi_max (max, 1);
  cns_mpi_min (min, 1);
  failed |= check (sum[0] == (guint64) size * (size - 1) / 2, "sum");
  failed |= check (sum[1] == size, "sum of ones");
  failed |= check (max[0] == size - 1, "max");
  failed |= check (min[0] == 5, "min");
  cns_mpi_gather (mine, 2, rank == 0 ? gathered : NULL);
  bytes = cns_mpi_gather_bytes ((const guint8 *) text, strlen (text));
  if (rank == 0)
    {
      failed |= check (bytes != NULL && bytes->len == size, "gathered bytes");
      for (guint32 r = 0; r < size && failed == 0; r++)
        {
          g_autofree gchar *want = g_strdup_printf ("rank %u", r);
          gsize n;
          const gchar *got = g_bytes_get_data (bytes->pdata[r], &n);

          failed |= check (gathered[2 * r] == r && gathered[2 * r + 1] == r * r,
                           "gather");
          failed |= check (n == strlen (want) && memcmp (got, want, n) == 0,
                           "gathered bytes");
        }
      if (failed == 0)
        printf ("collectives on %u ranks: ok\n", size);
    }
  else
    failed |= check (bytes == NULL, "gathered bytes off rank 0");
  return failed;
}

int
main (int argc, char **argv)
{
  const gchar *mode = argc > 1 ? argv[1] : "";
  gboolean last;
  int status;

  if (!cns_mpi_enable (&argc, &argv))
    {
      fprintf (stderr, "mpi-child: not started by mpirun\n");
      return 2;
    }
  last = cns_mpi_get_rank () == cns_mpi_get_size () - 1;
  if (strcmp (mode, "collectives") == 0)
    status = collectives ();
  else if (strcmp (mode, "fatal") == 0 || strcmp (mode, "crash") == 0)
    {
      if (last && mode[0] == 'f')
        cns_fatal ("rank %u gives up", cns_mpi_get_rank ());
      if (last)
        raise (SIGKILL);
      cns_mpi_barrier ();
      fprintf (stderr,
               "mpi-child: rank %u passed a barrier the last rank "
               "never reached\n",
               cns_mpi_get_rank ());
      status = 0;
    }
  else
    {
      fprintf (stderr, "mpi-child: unknown mode '%s'\n", mode);
      status = 2;
    }
  cns_mpi_disable ();
  return status;
}
