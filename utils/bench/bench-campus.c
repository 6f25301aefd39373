/* cns — benchmark of the campus-ring experiment.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs examples/campus-ring for 2, 8 and 24 campuses of 42 clients per
 * LAN, UDP flows of 10 packets (5,120 bytes) and nix-vector routing, each
 * in its own child process so that each size's peak memory is its own,
 * and prints one JSON line per size: campus-ring's own line (nodes,
 * flows, packets, setup_s, run_s, wall_s, events, events_per_s,
 * max_rss_kb, ...) behind "bench":"campus" and the child's wall time as
 * this process saw it, start-up and exit included (child_wall_s).
 *
 *   bench-campus [--quick] [--sizes=2,8,24] [--packets=10]
 *                [--routing=nix|global] [--program=PATH]
 *
 * --quick runs 2 campuses of 4 clients per LAN (for the test suite).
 * --program names the campus-ring to run; by default the one built next
 * to this benchmark.
 */
#include <glib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CAMPUS_RING_PROGRAM
#define CAMPUS_RING_PROGRAM "campus-ring"
#endif

static gboolean
run_size (const gchar *program, guint campuses, guint clients, guint packets,
          const gchar *routing)
{
  g_autofree gchar *campus_arg = g_strdup_printf ("--nCampus=%u", campuses);
  g_autofree gchar *clients_arg = g_strdup_printf ("--nLANClients=%u", clients);
  g_autofree gchar *bytes_arg
      = g_strdup_printf ("--bytesPerFlow=%u", packets * 512);
  g_autofree gchar *routing_arg = g_strdup_printf ("--routing=%s", routing);
  const gchar *argv[] = { program,     campus_arg, clients_arg, bytes_arg,
                          routing_arg, "--json",   NULL };
  g_autofree gchar *out = NULL;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gdouble child_wall;
  gint status;

  if (!g_spawn_sync (NULL, (gchar **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr, "bench-campus: %s: %s\n", program, error->message);
      return FALSE;
    }
  child_wall = (g_get_monotonic_time () - start) / 1e6;
  g_strstrip (out);
  if (!g_str_has_prefix (out, "{") || !g_str_has_suffix (out, "}")
      || strchr (out, '\n') != NULL)
    {
      fprintf (stderr, "bench-campus: %s printed no JSON line: %s\n", program,
               out);
      return FALSE;
    }
  printf ("{\"bench\":\"campus\",\"packets_per_flow\":%u,\"child_wall_s\":%.3f,"
          "%s\n",
          packets, child_wall, out + 1);
  fflush (stdout);
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree gchar *sizes = NULL;
  g_autofree gchar *program = NULL;
  g_autofree gchar *routing = NULL;
  gboolean quick = FALSE;
  gint packets = 10;
  GOptionEntry entries[]
      = { { "quick", 0, 0, G_OPTION_ARG_NONE, &quick,
            "2 campuses of 4 clients per LAN", NULL },
          { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes,
            "Campus counts, comma-separated (2,8,24)", "N,N,..." },
          { "packets", 0, 0, G_OPTION_ARG_INT, &packets,
            "Packets of 512 bytes per flow (10)", "N" },
          { "routing", 0, 0, G_OPTION_ARG_STRING, &routing,
            "nix or global (nix)", "ROUTING" },
          { "program", 0, 0, G_OPTION_ARG_FILENAME, &program,
            "The campus-ring program to run", "PATH" },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- campus-ring at several sizes");
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) list = NULL;
  g_autofree guint *campuses = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-campus: %s\n", error->message);
      return 2;
    }
  if (packets < 1)
    {
      fprintf (stderr, "bench-campus: --packets=%d: expected at least 1\n",
               packets);
      return 2;
    }
  if (routing != NULL && !g_str_equal (routing, "nix")
      && !g_str_equal (routing, "global"))
    {
      fprintf (stderr, "bench-campus: --routing=%s: expected nix or global\n",
               routing);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr, "bench-campus: unexpected argument '%s'\n", argv[1]);
      return 2;
    }
  /* every size is checked before the first run */
  list = g_strsplit (sizes != NULL ? sizes : quick ? "2" : "2,8,24", ",", -1);
  campuses = g_new (guint, g_strv_length (list));
  for (guint i = 0; list[i] != NULL; i++)
    {
      guint64 n;

      if (!g_ascii_string_to_unsigned (list[i], 10, 2, 100000, &n, NULL))
        {
          fprintf (stderr,
                   "bench-campus: --sizes: '%s' is not a campus count of "
                   "at least 2\n",
                   list[i]);
          return 2;
        }
      campuses[i] = (guint) n;
    }
  for (guint i = 0; list[i] != NULL; i++)
    if (!run_size (program != NULL ? program : CAMPUS_RING_PROGRAM, campuses[i],
                   quick ? 4 : 42, (guint) packets,
                   routing != NULL ? routing : "nix"))
      return 1;
  return 0;
}
