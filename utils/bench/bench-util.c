/* cns — what the benchmark programs share: clocks, heap size, errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "utils/bench/bench-util.h"

#include "internet/cns-ipv4-interface-container.h"

#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>

/* Wall-clock seconds, for durations. */
gdouble
bench_now_s (void)
{
  return (gdouble) g_get_monotonic_time () / 1e6;
}

/* Heap bytes in use, from glibc's allocator. */
gsize
bench_heap_bytes (void)
{
  struct mallinfo2 mi = mallinfo2 ();

  return mi.uordblks + mi.hblkhd;
}

/* Exits with @error's message, prefixed with @program, unless @ok: set-up
 * that fails makes a benchmark meaningless. */
void
bench_check (const gchar *program, gboolean ok, GError *error)
{
  if (ok)
    return;
  fprintf (stderr, "%s: %s\n", program, error ? error->message : "failed");
  exit (1);
}

/* cns_ipv4_interface_container_unref() as a GDestroyNotify. */
void
bench_unref_interfaces (gpointer interfaces)
{
  cns_ipv4_interface_container_unref (interfaces);
}
