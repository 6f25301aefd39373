/* cns — a program for the parallel-run tests whose runs end the process.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * parallel-child MODE, on 2 threads, 8 contexts in two clusters of 4
 * (1 ms links inside, one 100 ms link between contexts 0 and 4, the one
 * cut), where
 * MODE is
 *   ok     every context runs 8 events of its own; prints "events N"
 *   late   context 0 sends an event to context 4 after 1 ms: an error
 *   fatal  every context calls cns_fatal() at 5 ms, on both threads
 */
#include "core/cns-core.h"

#include <stdio.h>
#include <string.h>

static void
describe (CnsPartition *partition, gpointer user_data)
{
  cns_partition_set_n_contexts (partition, 8);
  for (guint32 c = 0; c < 8; c++)
    if (c % 4 != 3)
      cns_partition_add_link (partition, c, c + 1, cns_milli_seconds (1));
  cns_partition_add_link (partition, 0, 4, cns_milli_seconds (100));
}

static void
nothing (gpointer obj, gpointer data)
{
}

static void
send_late (gpointer obj, gpointer data)
{
  cns_simulator_schedule_with_context (4, cns_milli_seconds (1), nothing, NULL,
                                       NULL);
}

static void
fail (gpointer obj, gpointer data)
{
  cns_fatal ("failing in a worker");
}

int
main (int argc, char **argv)
{
  const gchar *mode = argc > 1 ? argv[1] : "";
  CnsEventFn fn = strcmp (mode, "fatal") == 0 ? fail : nothing;

  cns_partition_add_provider (describe, NULL);
  if (!cns_global_value_set ("Threads", "2", NULL)
      || !cns_global_value_set ("PartitionThreshold", "100ms", NULL))
    return 2;
  for (guint32 c = 0; c < 8; c++)
    for (guint e = 0; e < 8; e++)
      cns_simulator_schedule_with_context (c, cns_milli_seconds (5), fn, NULL,
                                           NULL);
  if (strcmp (mode, "late") == 0)
    cns_simulator_schedule_with_context (0, 0, send_late, NULL, NULL);
  cns_simulator_run ();
  printf ("events %" G_GUINT64_FORMAT "\n", cns_simulator_get_event_count ());
  cns_simulator_destroy ();
  return 0;
}
