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
 *
 *   bench-campus --long [--base=20] [--sizes=4] [--quick]
 *
 * measures whether a longer run needs more memory: every flow sends until
 * the stop time (--bytesPerFlow=0), so the load is the same all along once
 * the last source has started (at 10 s), and each size runs with a stop
 * time of --base seconds and of ten times that. Besides the two runs'
 * lines ("bench":"campus-long") it prints one line per size
 * ("bench":"campus-long-growth") with both peak RSS figures and the
 * growth in percent.
 */
#include <glib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CAMPUS_RING_PROGRAM
#define CAMPUS_RING_PROGRAM "campus-ring"
#endif

/* Runs one campus-ring and prints its JSON line behind @label; 0 stop
 * seconds: campus-ring's default. Returns its peak RSS in KiB, 0 when it
 * failed. */
static glong
run_size (const gchar *program, const gchar *label, guint campuses,
          guint clients, guint packets, guint stop_s, const gchar *routing)
{
  g_autofree gchar *campus_arg = g_strdup_printf ("--nCampus=%u", campuses);
  g_autofree gchar *clients_arg = g_strdup_printf ("--nLANClients=%u", clients);
  g_autofree gchar *bytes_arg
      = g_strdup_printf ("--bytesPerFlow=%u", packets * 512);
  g_autofree gchar *routing_arg = g_strdup_printf ("--routing=%s", routing);
  g_autofree gchar *stop_arg
      = stop_s > 0 ? g_strdup_printf ("--stopTime=%us", stop_s) : NULL;
  const gchar *argv[] = { program,     campus_arg, clients_arg, bytes_arg,
                          routing_arg, "--json",   stop_arg,    NULL };
  const gchar *rss;
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
      return 0;
    }
  child_wall = (g_get_monotonic_time () - start) / 1e6;
  g_strstrip (out);
  if (!g_str_has_prefix (out, "{") || !g_str_has_suffix (out, "}")
      || strchr (out, '\n') != NULL)
    {
      fprintf (stderr, "bench-campus: %s printed no JSON line: %s\n", program,
               out);
      return 0;
    }
  rss = strstr (out, "\"max_rss_kb\":");
  if (rss == NULL || atol (rss + strlen ("\"max_rss_kb\":")) <= 0)
    {
      fprintf (stderr, "bench-campus: %s printed no max_rss_kb: %s\n", program,
               out);
      return 0;
    }
  printf ("{\"bench\":\"%s\",\"packets_per_flow\":%u,\"child_wall_s\":%.3f,"
          "%s\n",
          label, packets, child_wall, out + 1);
  fflush (stdout);
  return atol (rss + strlen ("\"max_rss_kb\":"));
}

/* The steady load for @base_s and for ten times as long. */
static gboolean
run_long (const gchar *program, guint campuses, guint clients, guint base_s,
          const gchar *routing)
{
  glong rss_1x = run_size (program, "campus-long", campuses, clients, 0, base_s,
                           routing);
  glong rss_10x = rss_1x > 0 ? run_size (program, "campus-long", campuses,
                                         clients, 0, 10 * base_s, routing)
                             : 0;

  if (rss_10x <= 0)
    return FALSE;
  printf ("{\"bench\":\"campus-long-growth\",\"campuses\":%u,"
          "\"clients_per_lan\":%u,\"stop_1x_s\":%u,\"stop_10x_s\":%u,"
          "\"max_rss_1x_kb\":%ld,\"max_rss_10x_kb\":%ld,"
          "\"rss_growth_pct\":%.2f}\n",
          campuses, clients, base_s, 10 * base_s, rss_1x, rss_10x,
          100.0 * (rss_10x - rss_1x) / rss_1x);
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
  gboolean long_runs = FALSE;
  gint packets = 10;
  gint base = 20;
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
          { "long", 0, 0, G_OPTION_ARG_NONE, &long_runs,
            "Endless flows for --base seconds and ten times as long: peak "
            "RSS growth (sizes: 4)",
            NULL },
          { "base", 0, 0, G_OPTION_ARG_INT, &base,
            "With --long: the shorter run's stop time in seconds, at least "
            "10, when the last flow starts (20)",
            "S" },
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
  if (base < 10 || base > 100000)
    {
      fprintf (stderr,
               "bench-campus: --base=%d: expected 10 to 100000 seconds\n",
               base);
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
  list = g_strsplit (sizes != NULL ? sizes
                     : long_runs   ? "4"
                     : quick       ? "2"
                                   : "2,8,24",
                     ",", -1);
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
  if (program == NULL)
    program = g_strdup (CAMPUS_RING_PROGRAM);
  if (routing == NULL)
    routing = g_strdup ("nix");
  for (guint i = 0; list[i] != NULL; i++)
    if (long_runs ? !run_long (program, campuses[i], quick ? 4 : 42,
                               (guint) base, routing)
                  : run_size (program, "campus", campuses[i], quick ? 4 : 42,
                              (guint) packets, 0, routing)
                        == 0)
      return 1;
  return 0;
}
