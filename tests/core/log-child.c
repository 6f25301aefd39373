/* cns — a program for the logging tests that only a separate process can
 * run: fatal criticals end it, and GLib's writer is set once per process.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * log-child MODE, where MODE is
 *   critical           misuse a public function, then print "survived"
 *   critical-allowed   the same after cns_log_set_fatal_criticals (FALSE)
 *   other-critical     a critical from a domain that is not cns's
 *   own-writer         install a GLib writer of its own, log a line in an
 *                      event and print the record's fields on stdout
 *   run                run an empty simulation, then print "ran"
 */
#include "core/cns-core.h"

#include <stdio.h>
#include <string.h>

CNS_LOG_COMPONENT_DEFINE ("cns-log-child");

static GLogWriterOutput
print_fields (GLogLevelFlags level, const GLogField *fields, gsize n_fields,
              gpointer user_data)
{
  printf ("level=%s", level == G_LOG_LEVEL_INFO ? "info" : "other");
  for (gsize i = 0; i < n_fields; i++)
    printf (" %s=%s", fields[i].key, (const gchar *) fields[i].value);
  printf ("\n");
  return G_LOG_WRITER_HANDLED;
}

static void
log_in_event (gpointer obj, gpointer data)
{
  CNS_LOG_INFO ("hello %d", 7);
}

int
main (int argc, char **argv)
{
  const gchar *mode = argc > 1 ? argv[1] : "";

  if (strcmp (mode, "critical-allowed") == 0)
    cns_log_set_fatal_criticals (FALSE);
  if (g_str_has_prefix (mode, "critical"))
    cns_log_enable (NULL, CNS_LOG_LEVEL_ALL);
  else if (strcmp (mode, "other-critical") == 0)
    g_log ("other", G_LOG_LEVEL_CRITICAL, "not from cns");
  else if (strcmp (mode, "own-writer") == 0)
    {
      cns_log_set_install_writer (FALSE);
      g_log_set_writer_func (print_fields, NULL, NULL);
      cns_log_enable ("cns-log-child", CNS_LOG_LEVEL_INFO);
      cns_simulator_schedule_with_context (3, cns_seconds (1.5), log_in_event,
                                           NULL, NULL);
      cns_simulator_run ();
    }
  else if (strcmp (mode, "run") == 0)
    {
      cns_simulator_run ();
      printf ("ran\n");
    }
  printf ("survived\n");
  return 0;
}
