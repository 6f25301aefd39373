/* cns — libFuzzer harness: arbitrary bytes as an ATM VBR frame-size trace.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The input is written to a scratch file and read with
 * cns_atm_vbr_trace_source_new_from_file() (one frame size per line, '#'
 * comments, blank lines). For every input:
 *
 *  - the reader never crashes, leaks or logs a warning, and returns a
 *    source exactly when it sets no error; a refusal is a
 *    CNS_ATM_ERROR_PARSE naming the file (or a GFileError);
 *  - an accepted trace has frames, its cells per loop are the sum of its
 *    frame sizes, and the same sizes give the same source through
 *    cns_atm_vbr_trace_source_new();
 *  - at 25 frames/s and at the extreme rates (0.001 and 10^9 frames/s)
 *    the cell times are non-decreasing, next() of a cell's time is that
 *    time, and count() agrees with cell_time(): cell k is counted in
 *    [0, t_k + 1) and not in [0, t_k).
 */
#include "fuzz-common.h"
#include "atm/cns-atm-cell.h"
#include "atm/cns-atm-traffic.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static gchar *path;

static void
remove_scratch (void)
{
  unlink (path);
}

static void
fail (const gchar *what, guint64 k, CnsTime t)
{
  g_printerr ("vbr trace: %s (cell %" G_GUINT64_FORMAT
              ", time %" G_GINT64_FORMAT ")\n",
              what, k, (gint64) t);
  abort ();
}

/* Checks the timing of @src's cells 0 to 2 loops + a few, bounded. */
static void
check_timing (const CnsAtmVbrTraceSource *src)
{
  guint64 per_loop = cns_atm_vbr_trace_source_get_cells_per_loop (src);
  guint64 n = MIN (per_loop * 2 + 3, 200);
  CnsTime previous = 0;

  cns_atm_vbr_trace_source_mean_rate (src);
  for (guint64 k = 0; k < n; k++)
    {
      CnsTime t = cns_atm_vbr_trace_source_cell_time (src, k);

      if (per_loop == 0)
        {
          if (t != CNS_TIME_MAX)
            fail ("a trace without cells has a cell", k, t);
          return;
        }
      if (t < previous)
        fail ("cell times go backwards", k, t);
      previous = t;
      if (t == CNS_TIME_MAX)
        return;
      if (t < 0)
        fail ("a cell before the start", k, t);
      if (cns_atm_vbr_trace_source_next (src, t) != t)
        fail ("next() of a cell's time is not that time", k, t);
      if (cns_atm_vbr_trace_source_count (src, 0, t) > k)
        fail ("count() before a cell's time includes it", k, t);
      if (t < CNS_TIME_MAX
          && cns_atm_vbr_trace_source_count (src, 0, t + 1) <= k)
        fail ("count() to just after a cell's time misses it", k, t);
    }
}

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_autoptr (GError) error = NULL;
  gint fd;

  g_log_set_default_handler (fuzz_abort_on_warning, NULL);
  /* In memory where there is such a file system: a disk-backed /tmp
   * makes the writes the bulk of the time. */
  path = g_strdup ("/dev/shm/cns-fuzz-vbr-XXXXXX.trace");
  fd = g_mkstemp (path);
  if (fd < 0)
    {
      g_clear_pointer (&path, g_free);
      fd = g_file_open_tmp ("cns-fuzz-vbr-XXXXXX.trace", &path, &error);
    }
  if (fd < 0)
    {
      g_printerr ("%s\n", error->message);
      abort ();
    }
  close (fd);
  atexit (remove_scratch);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  static const gdouble rates[] = { 0.001, 1e9 };
  g_autoptr (GError) error = NULL;
  g_autoptr (CnsAtmVbrTraceSource) src = NULL;
  g_autofree guint *sizes = NULL;
  guint n_frames;
  guint64 sum = 0;
  FILE *file;

  /* Not g_file_set_contents(): its fsync and rename cost far more than
   * the parse. */
  file = fopen (path, "wb");
  if (file == NULL || fwrite (data, 1, size, file) != size
      || fclose (file) != 0)
    abort ();
  src = cns_atm_vbr_trace_source_new_from_file (path, 25.0, &error);
  if ((src == NULL) == (error == NULL))
    abort ();
  if (src == NULL)
    {
      if (error->domain != CNS_ATM_ERROR && error->domain != G_FILE_ERROR)
        abort ();
      if (error->domain == CNS_ATM_ERROR
          && (error->code != CNS_ATM_ERROR_PARSE
              || !g_str_has_prefix (error->message, path)))
        abort ();
      return 0;
    }

  n_frames = cns_atm_vbr_trace_source_get_n_frames (src);
  if (n_frames == 0)
    abort ();
  sizes = g_new (guint, n_frames);
  for (guint i = 0; i < n_frames; i++)
    {
      sizes[i] = cns_atm_vbr_trace_source_get_frame_size (src, i);
      sum += sizes[i];
    }
  if (sum != cns_atm_vbr_trace_source_get_cells_per_loop (src))
    abort ();
  check_timing (src);

  for (gsize r = 0; r < G_N_ELEMENTS (rates); r++)
    {
      g_autoptr (CnsAtmVbrTraceSource) other
          = cns_atm_vbr_trace_source_new (sizes, n_frames, rates[r]);

      if (cns_atm_vbr_trace_source_get_cells_per_loop (other) != sum)
        abort ();
      check_timing (other);
      /* A late start must not overflow. */
      cns_atm_vbr_trace_source_set_start (other, CNS_TIME_MAX - 1000);
      check_timing (other);
    }
  return 0;
}
