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
 *
 *   bench-campus --python [--pairs=5] [--sizes=4] [--quick]
 *
 * runs examples/python/campus-ring.py (with the build tree's typelib, by
 * the Python configure found) and the C program by turns, --pairs times
 * each per size, and prints each run's line ("bench":"campus-python",
 * "impl":"c" or "python") and then one line per size
 * ("bench":"campus-python-ratio") with the medians of events/s and of
 * the set-up time, and the median of the per-pair ratio of events/s
 * (interleaved, so that a busy machine weighs on both alike).
 */
#include <glib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CAMPUS_RING_PROGRAM
#define CAMPUS_RING_PROGRAM "campus-ring"
#endif
/* With --python: the script, the build tree and configure's Python
 * (empty when it found none). */
#ifndef CAMPUS_RING_SCRIPT
#define CAMPUS_RING_SCRIPT "campus-ring.py"
#endif
#ifndef CNS_BUILD_DIR
#define CNS_BUILD_DIR "."
#endif
#ifndef CNS_PYTHON
#define CNS_PYTHON ""
#endif

/* What a run printed that the summaries use. */
typedef struct
{
  glong max_rss_kb; /* 0 when the run failed */
  gdouble events_per_s;
  gdouble setup_s;
} Run;

/* The number after "@key": in @json, or -1. */
static gdouble
json_number (const gchar *json, const gchar *key)
{
  g_autofree gchar *pattern = g_strdup_printf ("\"%s\":", key);
  const gchar *at = strstr (json, pattern);

  return at != NULL ? g_ascii_strtod (at + strlen (pattern), NULL) : -1;
}

/* The environment of a Python run: the build tree's typelib and libcns. */
static gchar **
python_environment (void)
{
  gchar **env = g_get_environ ();

  env = g_environ_setenv (env, "GI_TYPELIB_PATH", CNS_BUILD_DIR, TRUE);
  return g_environ_setenv (env, "LD_LIBRARY_PATH", CNS_BUILD_DIR "/.libs",
                           TRUE);
}

/* Runs one campus-ring, @command (the program, or Python and the
 * script), and prints its JSON line behind @label and @impl; 0 stop
 * seconds: campus-ring's default. */
static Run
run_size (const gchar *const *command, const gchar *label, const gchar *impl,
          guint campuses, guint clients, guint packets, guint stop_s,
          const gchar *routing)
{
  static const Run failed = { 0 };
  const gchar *program = command[1] != NULL ? command[1] : command[0];
  g_autofree gchar *campus_arg = g_strdup_printf ("--nCampus=%u", campuses);
  g_autofree gchar *clients_arg = g_strdup_printf ("--nLANClients=%u", clients);
  g_autofree gchar *bytes_arg
      = g_strdup_printf ("--bytesPerFlow=%u", packets * 512);
  g_autofree gchar *routing_arg = g_strdup_printf ("--routing=%s", routing);
  g_autofree gchar *stop_arg
      = stop_s > 0 ? g_strdup_printf ("--stopTime=%us", stop_s) : NULL;
  g_auto (GStrv) env = command[1] != NULL ? python_environment () : NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) argv = NULL;
  g_autofree gchar *out = NULL;
  g_autofree gchar *impl_field = NULL;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gdouble child_wall;
  gint status;
  Run run;

  g_strv_builder_addv (builder, (const gchar **) command);
  g_strv_builder_add_many (builder, campus_arg, clients_arg, bytes_arg,
                           routing_arg, "--json", NULL);
  if (stop_arg != NULL)
    g_strv_builder_add (builder, stop_arg);
  argv = g_strv_builder_end (builder);
  if (!g_spawn_sync (NULL, argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL,
                     &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr, "bench-campus: %s: %s\n", program, error->message);
      return failed;
    }
  child_wall = (g_get_monotonic_time () - start) / 1e6;
  g_strstrip (out);
  if (!g_str_has_prefix (out, "{") || !g_str_has_suffix (out, "}")
      || strchr (out, '\n') != NULL)
    {
      fprintf (stderr, "bench-campus: %s printed no JSON line: %s\n", program,
               out);
      return failed;
    }
  run = (Run){ (glong) json_number (out, "max_rss_kb"),
               json_number (out, "events_per_s"),
               json_number (out, "setup_s") };
  if (run.max_rss_kb <= 0)
    {
      fprintf (stderr, "bench-campus: %s printed no max_rss_kb: %s\n", program,
               out);
      return failed;
    }
  if (impl != NULL)
    impl_field = g_strdup_printf ("\"impl\":\"%s\",", impl);
  printf ("{\"bench\":\"%s\",%s\"packets_per_flow\":%u,"
          "\"child_wall_s\":%.3f,%s\n",
          label, impl_field != NULL ? impl_field : "", packets, child_wall,
          out + 1);
  fflush (stdout);
  return run;
}

static gint
compare_doubles (gconstpointer a, gconstpointer b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return (x > y) - (x < y);
}

/* The median of @n values, which it sorts. */
static gdouble
median (gdouble *values, guint n)
{
  qsort (values, n, sizeof *values, compare_doubles);
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* The C program and the Python script by turns, @pairs times. */
static gboolean
run_python (const gchar *program, guint campuses, guint clients, guint pairs,
            const gchar *routing)
{
  const gchar *c_command[] = { program, NULL };
  const gchar *py_command[] = { CNS_PYTHON, CAMPUS_RING_SCRIPT, NULL };
  g_autofree gdouble *c_rate = g_new (gdouble, pairs);
  g_autofree gdouble *py_rate = g_new (gdouble, pairs);
  g_autofree gdouble *ratio = g_new (gdouble, pairs);
  g_autofree gdouble *c_setup = g_new (gdouble, pairs);
  g_autofree gdouble *py_setup = g_new (gdouble, pairs);

  if (CNS_PYTHON[0] == '\0')
    {
      fprintf (stderr, "bench-campus: --python: configure found no Python "
                       "that imports gi (install python3-gi)\n");
      return FALSE;
    }
  for (guint i = 0; i < pairs; i++)
    {
      Run c = run_size (c_command, "campus-python", "c", campuses, clients, 100,
                        0, routing);
      Run py = c.max_rss_kb > 0
                   ? run_size (py_command, "campus-python", "python", campuses,
                               clients, 100, 0, routing)
                   : c;

      if (c.max_rss_kb <= 0 || py.max_rss_kb <= 0)
        return FALSE;
      c_rate[i] = c.events_per_s;
      py_rate[i] = py.events_per_s;
      ratio[i] = py.events_per_s / c.events_per_s;
      c_setup[i] = c.setup_s;
      py_setup[i] = py.setup_s;
    }
  printf ("{\"bench\":\"campus-python-ratio\",\"campuses\":%u,"
          "\"clients_per_lan\":%u,\"pairs\":%u,"
          "\"c_events_per_s_median\":%.0f,\"python_events_per_s_median\":%.0f,"
          "\"pair_ratio_median\":%.4f,\"c_setup_s_median\":%.3f,"
          "\"python_setup_s_median\":%.3f}\n",
          campuses, clients, pairs, median (c_rate, pairs),
          median (py_rate, pairs), median (ratio, pairs),
          median (c_setup, pairs), median (py_setup, pairs));
  fflush (stdout);
  return TRUE;
}

/* The steady load for @base_s and for ten times as long. */
static gboolean
run_long (const gchar *program, guint campuses, guint clients, guint base_s,
          const gchar *routing)
{
  const gchar *command[] = { program, NULL };
  glong rss_1x = run_size (command, "campus-long", NULL, campuses, clients, 0,
                           base_s, routing)
                     .max_rss_kb;
  glong rss_10x = rss_1x > 0 ? run_size (command, "campus-long", NULL, campuses,
                                         clients, 0, 10 * base_s, routing)
                                   .max_rss_kb
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
  gboolean python = FALSE;
  gint packets = 10;
  gint base = 20;
  gint pairs = 5;
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
          { "python", 0, 0, G_OPTION_ARG_NONE, &python,
            "The C program and examples/python/campus-ring.py by turns: "
            "events/s and set-up time (sizes: 4)",
            NULL },
          { "pairs", 0, 0, G_OPTION_ARG_INT, &pairs,
            "With --python: runs of each (5)", "N" },
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
  if (pairs < 1 || pairs > 1000)
    {
      fprintf (stderr, "bench-campus: --pairs=%d: expected 1 to 1000\n", pairs);
      return 2;
    }
  if (long_runs && python)
    {
      fprintf (stderr, "bench-campus: --long and --python are separate "
                       "benchmarks: give one\n");
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
  list = g_strsplit (sizes != NULL         ? sizes
                     : long_runs || python ? "4"
                     : quick               ? "2"
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
    {
      const gchar *command[] = { program, NULL };
      guint clients = quick ? 4 : 42;
      gboolean ok = long_runs ? run_long (program, campuses[i], clients,
                                          (guint) base, routing)
                    : python  ? run_python (program, campuses[i], clients,
                                            (guint) pairs, routing)
                              : run_size (command, "campus", NULL, campuses[i],
                                          clients, (guint) packets, 0, routing)
                                       .max_rss_kb
                                   > 0;

      if (!ok)
        return 1;
    }
  return 0;
}
