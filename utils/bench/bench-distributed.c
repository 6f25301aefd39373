/* cns — benchmark of distributed runs of the campus-ring experiment.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs examples/campus-ring for 8 and 24 campuses of 42 clients per LAN
 * (UDP flows of 10 packets, nix-vector routing) at --remotePct 0, 50 and
 * 100: sequentially (simulator "default", one process, the baseline), and
 * under `mpirun --oversubscribe --allow-run-as-root -np N` for N = 1, 2
 * and 4 with each distributed simulator cns has (gtw, and null-message
 * once registered). It prints one JSON line per case:
 *
 *   campuses, lan_clients, ranks, simulator, remote_pct,
 *   wall_s         campus-ring's own set-up and run (the slowest rank's)
 *   run_s          its run alone
 *   child_wall_s   the whole child as this process saw it, mpirun included
 *   events, events_per_s
 *   messages       MPI messages sent, summed over ranks
 *   null_messages  null messages sent, summed over ranks
 *   windows        time windows granted (every rank takes part in each)
 *   matches_sequential
 *                  whether the packets received and the per-flow delays
 *                  (rx_packets, delay_checksum) equal the sequential run's
 *                  of the same size and remotePct; null without that run,
 *                  and for that run itself
 *
 * The MPI figures are taken from campus-ring's --json: a total when it
 * prints one ("messages_sent", "null_messages", "windows"), else the sum
 * (for windows the largest) of its per-rank arrays ("rank_messages_sent",
 * ...); null when it prints neither.
 *
 *   bench-distributed [--quick] [--sizes=8,24] [--ranks=1,2,4]
 *                     [--simulators=default,gtw,null-message]
 *                     [--remote=0,50,100] [--clients=42] [--packets=10]
 *                     [--program=PATH] [--mpirun=PATH]
 *
 * --quick runs the smallest cases (for the test suite): 2 campuses of 4
 * clients per LAN at remotePct 0 and 100, sequentially and on 2 ranks.
 * --program names the campus-ring to run; by default the one built next to
 * this benchmark. A case that fails stops the benchmark with status 1.
 */
#include "core/cns-core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef CAMPUS_RING_PROGRAM
#define CAMPUS_RING_PROGRAM "campus-ring"
#endif

typedef struct
{
  const gchar *program;
  const gchar *mpirun; /* NULL when no case needs it */
  guint clients;
  guint packets;
} Setup;

/* What the sequential run of a size and remotePct received. */
typedef struct
{
  gboolean have;
  gchar *rx_packets;
  gchar *delay_checksum;
} Baseline;

/* The text of the value of @key in the flat JSON object @line: a number,
 * a string without its quotes, or an array without its brackets; NULL
 * when the key is absent. */
static gchar *
json_value (const gchar *line, const gchar *key)
{
  g_autofree gchar *needle = g_strdup_printf ("\"%s\":", key);
  const gchar *p = strstr (line, needle), *end;

  if (p == NULL)
    return NULL;
  p += strlen (needle);
  if (*p == '"' || *p == '[')
    {
      end = strchr (p + 1, *p == '"' ? '"' : ']');
      return end != NULL ? g_strndup (p + 1, end - p - 1) : NULL;
    }
  end = p + strcspn (p, ",}");
  return g_strndup (p, end - p);
}

/* @key's number, or else the sum (@largest: the largest) of the array
 * "rank_" @key, written to @out as JSON: null when neither is there. */
static void
append_mpi_figure (GString *out, const gchar *name, const gchar *line,
                   const gchar *key, gboolean largest)
{
  g_autofree gchar *total = json_value (line, key);
  g_autofree gchar *rank_key = g_strdup_printf ("rank_%s", key);
  g_autofree gchar *array = NULL;
  g_auto (GStrv) values = NULL;
  guint64 result = 0;

  g_string_append_printf (out, ",\"%s\":", name);
  if (total != NULL)
    {
      g_string_append (out, total);
      return;
    }
  array = json_value (line, rank_key);
  if (array == NULL)
    {
      g_string_append (out, "null");
      return;
    }
  values = g_strsplit (array, ",", -1);
  for (guint i = 0; values[i] != NULL; i++)
    {
      guint64 v = g_ascii_strtoull (values[i], NULL, 10);

      result = largest ? MAX (result, v) : result + v;
    }
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, result);
}

/* Appends @key's value from @line as a JSON value, null when absent. */
static void
append_number (GString *out, const gchar *line, const gchar *key)
{
  g_autofree gchar *value = json_value (line, key);

  g_string_append_printf (out, ",\"%s\":%s", key,
                          value != NULL ? value : "null");
}

static gboolean
run_case (const Setup *setup, guint campuses, guint ranks,
          const gchar *simulator, guint remote_pct, Baseline *baseline)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) line = g_string_new (NULL);
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;
  g_autofree gchar *rx = NULL;
  g_autofree gchar *checksum = NULL;
  g_autoptr (GError) error = NULL;
  gboolean sequential = g_str_equal (simulator, "default");
  gint64 start = g_get_monotonic_time ();
  gdouble child_wall;
  gint status;

  if (!sequential)
    {
      g_ptr_array_add (argv, g_strdup (setup->mpirun));
      g_ptr_array_add (argv, g_strdup ("--oversubscribe"));
      g_ptr_array_add (argv, g_strdup ("--allow-run-as-root"));
      g_ptr_array_add (argv, g_strdup ("-np"));
      g_ptr_array_add (argv, g_strdup_printf ("%u", ranks));
    }
  g_ptr_array_add (argv, g_strdup (setup->program));
  g_ptr_array_add (argv, g_strdup_printf ("--nCampus=%u", campuses));
  g_ptr_array_add (argv, g_strdup_printf ("--nLANClients=%u", setup->clients));
  g_ptr_array_add (argv,
                   g_strdup_printf ("--bytesPerFlow=%u", setup->packets * 512));
  g_ptr_array_add (argv, g_strdup_printf ("--remotePct=%u", remote_pct));
  g_ptr_array_add (
      argv, g_strdup_printf ("--SimulatorImplementationType=%s", simulator));
  g_ptr_array_add (argv, g_strdup ("--json"));
  g_ptr_array_add (argv, NULL);

  if (!g_spawn_sync (NULL, (gchar **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL,
                     NULL, &out, &err, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr,
               "bench-distributed: %u campuses, %u ranks, %s, remotePct %u: "
               "%s\n%s",
               campuses, ranks, simulator, remote_pct, error->message,
               err != NULL ? err : "");
      return FALSE;
    }
  child_wall = (g_get_monotonic_time () - start) / 1e6;
  g_strstrip (out);
  if (!g_str_has_prefix (out, "{") || !g_str_has_suffix (out, "}")
      || strchr (out, '\n') != NULL)
    {
      fprintf (stderr,
               "bench-distributed: %u campuses, %u ranks, %s: campus-ring "
               "printed not one JSON line: %s\n",
               campuses, ranks, simulator, out);
      return FALSE;
    }

  g_string_append_printf (
      line,
      "{\"bench\":\"distributed\",\"campuses\":%u,"
      "\"lan_clients\":%u,\"ranks\":%u,\"simulator\":\"%s\","
      "\"remote_pct\":%u",
      campuses, setup->clients, ranks, simulator, remote_pct);
  append_number (line, out, "wall_s");
  append_number (line, out, "run_s");
  g_string_append_printf (line, ",\"child_wall_s\":%.3f", child_wall);
  append_number (line, out, "events");
  append_number (line, out, "events_per_s");
  append_mpi_figure (line, "messages", out, "messages_sent", FALSE);
  append_mpi_figure (line, "null_messages", out, "null_messages", FALSE);
  append_mpi_figure (line, "windows", out, "windows", TRUE);

  rx = json_value (out, "rx_packets");
  checksum = json_value (out, "delay_checksum");
  if (sequential)
    {
      g_free (baseline->rx_packets);
      g_free (baseline->delay_checksum);
      baseline->have = TRUE;
      baseline->rx_packets = g_strdup (rx);
      baseline->delay_checksum = g_strdup (checksum);
    }
  g_string_append (line, ",\"matches_sequential\":");
  if (sequential || !baseline->have)
    g_string_append (line, "null");
  else
    g_string_append (
        line, g_strcmp0 (rx, baseline->rx_packets) == 0
                      && g_strcmp0 (checksum, baseline->delay_checksum) == 0
                      && rx != NULL && checksum != NULL
                  ? "true"
                  : "false");
  g_string_append (line, "}");
  printf ("%s\n", line->str);
  fflush (stdout);
  return TRUE;
}

/* Parses the comma-separated @text of option @name into numbers from @min
 * to @max; FALSE after naming the bad one. */
static gboolean
parse_list (const gchar *name, const gchar *text, guint64 min, guint64 max,
            GArray *out)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      guint64 n;
      guint value;

      if (!g_ascii_string_to_unsigned (items[i], 10, min, max, &n, NULL))
        {
          fprintf (stderr,
                   "bench-distributed: --%s: '%s' is not a number from "
                   "%" G_GUINT64_FORMAT " to %" G_GUINT64_FORMAT "\n",
                   name, items[i], min, max);
          return FALSE;
        }
      value = (guint) n;
      g_array_append_val (out, value);
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  g_autofree gchar *sizes = NULL;
  g_autofree gchar *ranks = NULL;
  g_autofree gchar *simulators = NULL;
  g_autofree gchar *remote = NULL;
  g_autofree gchar *program = NULL;
  g_autofree gchar *mpirun = NULL;
  gboolean quick = FALSE;
  gint clients = 0, packets = 10;
  GOptionEntry entries[]
      = { { "quick", 0, 0, G_OPTION_ARG_NONE, &quick,
            "2 campuses of 4 clients per LAN, remotePct 0 and 100, "
            "sequentially and on 2 ranks",
            NULL },
          { "sizes", 0, 0, G_OPTION_ARG_STRING, &sizes,
            "Campus counts, comma-separated (8,24)", "N,N,..." },
          { "ranks", 0, 0, G_OPTION_ARG_STRING, &ranks,
            "MPI rank counts for the distributed simulators (1,2,4)",
            "N,N,..." },
          { "simulators", 0, 0, G_OPTION_ARG_STRING, &simulators,
            "default (sequential, no mpirun), gtw, null-message "
            "(all that are registered)",
            "NAME,..." },
          { "remote", 0, 0, G_OPTION_ARG_STRING, &remote,
            "remotePct values (0,50,100)", "N,N,..." },
          { "clients", 0, 0, G_OPTION_ARG_INT, &clients,
            "Clients per LAN (42; 4 with --quick)", "N" },
          { "packets", 0, 0, G_OPTION_ARG_INT, &packets,
            "Packets of 512 bytes per flow (10)", "N" },
          { "program", 0, 0, G_OPTION_ARG_FILENAME, &program,
            "The campus-ring program to run", "PATH" },
          { "mpirun", 0, 0, G_OPTION_ARG_FILENAME, &mpirun,
            "The mpirun to start ranks with (the one in PATH)", "PATH" },
          { NULL } };
  g_autoptr (GOptionContext) context = g_option_context_new (
      "- campus-ring on several MPI ranks under each simulator");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) campus_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) rank_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) remote_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GPtrArray) sim_list = g_ptr_array_new_with_free_func (g_free);
  gboolean needs_mpirun = FALSE;
  Setup setup;

  /* large runs want malloc tuned; the library leaves it alone unless asked */
  cns_memory_tune_heap ();

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-distributed: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr,
               "bench-distributed: unexpected argument '%s'; see --help\n",
               argv[1]);
      return 2;
    }
  if (packets < 1 || clients < 0)
    {
      fprintf (stderr, "bench-distributed: --%s: expected at least 1\n",
               packets < 1 ? "packets" : "clients");
      return 2;
    }
  /* every list is checked before the first run */
  if (!parse_list ("sizes",
                   sizes != NULL ? sizes
                   : quick       ? "2"
                                 : "8,24",
                   2, 100000, campus_list)
      || !parse_list ("ranks",
                      ranks != NULL ? ranks
                      : quick       ? "2"
                                    : "1,2,4",
                      1, 1024, rank_list)
      || !parse_list ("remote",
                      remote != NULL ? remote
                      : quick        ? "0,100"
                                     : "0,50,100",
                      0, 100, remote_list))
    return 2;
  if (simulators != NULL)
    {
      g_auto (GStrv) names = g_strsplit (simulators, ",", -1);

      for (guint i = 0; names[i] != NULL; i++)
        {
          if (cns_simulator_impl_lookup (names[i], &error) == NULL)
            {
              fprintf (stderr, "bench-distributed: --simulators: %s\n",
                       error->message);
              return 2;
            }
          g_ptr_array_add (sim_list, g_strdup (names[i]));
        }
    }
  else
    {
      const gchar *const known[] = { "default", "gtw", "null-message" };

      for (guint i = 0; i < G_N_ELEMENTS (known); i++)
        if (cns_simulator_impl_lookup (known[i], NULL) != NULL)
          g_ptr_array_add (sim_list, g_strdup (known[i]));
    }
  for (guint i = 0; i < sim_list->len; i++)
    needs_mpirun |= !g_str_equal (g_ptr_array_index (sim_list, i), "default");

  setup.program = program != NULL ? program : CAMPUS_RING_PROGRAM;
  setup.clients = clients != 0 ? (guint) clients : quick ? 4 : 42;
  setup.packets = (guint) packets;
  setup.mpirun = NULL;
  if (needs_mpirun)
    {
      if (mpirun == NULL)
        mpirun = g_find_program_in_path ("mpirun");
      if (mpirun == NULL)
        {
          fprintf (stderr, "bench-distributed: mpirun is not in PATH: install "
                           "OpenMPI, name it with --mpirun, or run "
                           "--simulators=default\n");
          return 2;
        }
      setup.mpirun = mpirun;
    }

  for (guint c = 0; c < campus_list->len; c++)
    for (guint p = 0; p < remote_list->len; p++)
      {
        guint campuses = g_array_index (campus_list, guint, c);
        guint pct = g_array_index (remote_list, guint, p);
        Baseline baseline = { FALSE, NULL, NULL };
        gboolean ok = TRUE;

        /* the sequential run first: the others are compared with it */
        for (guint s = 0; s < sim_list->len && ok; s++)
          if (g_str_equal (g_ptr_array_index (sim_list, s), "default"))
            ok = run_case (&setup, campuses, 1, "default", pct, &baseline);
        for (guint r = 0; r < rank_list->len && ok; r++)
          for (guint s = 0; s < sim_list->len && ok; s++)
            {
              const gchar *sim = g_ptr_array_index (sim_list, s);

              if (!g_str_equal (sim, "default"))
                ok = run_case (&setup, campuses,
                               g_array_index (rank_list, guint, r), sim, pct,
                               &baseline);
            }
        g_free (baseline.rx_packets);
        g_free (baseline.delay_checksum);
        if (!ok)
          return 1;
      }
  return 0;
}
