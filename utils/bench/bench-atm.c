/* cns — benchmark of the ATM ABR/EPRCA validation.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs examples/atm-validation for the three link-delay cases of the
 * study, (A, B) = (5, 20), (15, 15) and (20, 5) ms, each for --simTime
 * (50 s, the study's), then examples/atm-scenario-a for --scenarioTime
 * (10 s) under the study's two extreme loads, one way with greedy ABR
 * (uni-abr) and both ways with TCP over ABR (bi-tcp), each sequentially
 * and then on --ranks MPI ranks (2) under `mpirun --oversubscribe
 * --allow-run-as-root -np N` with each distributed simulator, gtw and
 * null-message, each in a child process, and prints one JSON line per
 * case: the example's own line (scenario A's ends with its "ranks" and
 * "simulator") behind "bench":"atm","case": "validation",
 * "scenario-a-LOAD" or "scenario-a-LOAD-mpi", the child's wall time as
 * this process saw it (child_wall_s, start-up and exit included, mpirun's
 * too) and events per second of it. The targets: the validation's
 * 50 s simulated in under 2 s of wall time; scenario A uni-ABR's 10 s in
 * under 60 s on one core.
 *
 *   bench-atm [--quick] [--simTime=50s] [--scenarioTime=10s] [--ranks=2]
 *             [--program=PATH] [--scenarioProgram=PATH] [--mpirun=PATH]
 *
 * --quick simulates 5 s of the validation and 0.5 s of scenario A (for
 * the test suite). --ranks=1 runs no MPI case (for a cns without MPI).
 */
#include <glib.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ATM_VALIDATION_PROGRAM
#define ATM_VALIDATION_PROGRAM "atm-validation"
#endif
#ifndef ATM_SCENARIO_A_PROGRAM
#define ATM_SCENARIO_A_PROGRAM "atm-scenario-a"
#endif

/* The number after "@key": in the one-line JSON object @json, or -1. */
static gdouble
json_number (const gchar *json, const gchar *key)
{
  g_autofree gchar *pattern = g_strdup_printf ("\"%s\":", key);
  const gchar *at = strstr (json, pattern);

  return at != NULL ? g_ascii_strtod (at + strlen (pattern), NULL) : -1;
}

/* Whether @text is a time after 0 s as the examples read it: a number
 * and a unit, checked here so that a bad --simTime is a usage error of
 * the benchmark's own rather than a failed case. */
static gboolean
is_time (const gchar *text)
{
  static const gchar *const units[]
      = { "s", "ms", "us", "ns", "ps", "min", "h", "d" };
  gchar *end = NULL;
  gdouble value;

  if (!g_ascii_isdigit (text[0]) && text[0] != '.')
    return FALSE;
  value = g_ascii_strtod (text, &end);
  if (end == text || !(value > 0) || !isfinite (value))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_str_equal (end, units[i]))
      return TRUE;
  return FALSE;
}

/* Runs @argv, whose program prints one JSON line, and prints that line
 * behind the benchmark's fields for @name. */
static gboolean
run_case (const gchar *name, const gchar *const *argv)
{
  const gchar *program = argv[0];
  g_autofree gchar *out = NULL;
  g_autoptr (GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  gdouble wall;
  gint status;

  if (!g_spawn_sync (NULL, (gchar **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &out, NULL, &status, &error)
      || !g_spawn_check_wait_status (status, &error))
    {
      fprintf (stderr, "bench-atm: %s: %s\n", program, error->message);
      return FALSE;
    }
  wall = (g_get_monotonic_time () - start) / 1e6;
  g_strstrip (out);
  if (!g_str_has_prefix (out, "{") || !g_str_has_suffix (out, "}")
      || strchr (out, '\n') != NULL)
    {
      fprintf (stderr, "bench-atm: %s printed no JSON line: %s\n", program,
               out);
      return FALSE;
    }
  printf ("{\"bench\":\"atm\",\"case\":\"%s\",\"child_wall_s\":%.3f,"
          "\"events_per_s\":%.0f,%s\n",
          name, wall, json_number (out, "events") / wall, out + 1);
  fflush (stdout);
  return TRUE;
}

int
main (int argc, char **argv)
{
  static const guint delays[][2] = { { 5, 20 }, { 15, 15 }, { 20, 5 } };
  static const gchar *const simulators[] = { "gtw", "null-message" };
  /* scenario A's loads: name, then its options (NULL ends the list) */
  static const gchar *const loads[][3] = {
    { "uni-abr", NULL, NULL },
    { "bi-tcp", "--bidirectional", "--tcp" },
  };
  g_autofree gchar *program = NULL;
  g_autofree gchar *scenario_program = NULL;
  g_autofree gchar *sim_time = NULL;
  g_autofree gchar *scenario_time = NULL;
  g_autofree gchar *scenario_arg = NULL;
  g_autofree gchar *mpirun = NULL;
  gint ranks = 2;
  gboolean quick = FALSE;
  GOptionEntry entries[]
      = { { "quick", 0, 0, G_OPTION_ARG_NONE, &quick, "Simulate 5 s", NULL },
          { "simTime", 0, 0, G_OPTION_ARG_STRING, &sim_time,
            "Simulated time of each case (50s)", "TIME" },
          { "scenarioTime", 0, 0, G_OPTION_ARG_STRING, &scenario_time,
            "Simulated time of scenario A (10s)", "TIME" },
          { "program", 0, 0, G_OPTION_ARG_FILENAME, &program,
            "The atm-validation program to run", "PATH" },
          { "scenarioProgram", 0, 0, G_OPTION_ARG_FILENAME, &scenario_program,
            "The atm-scenario-a program to run", "PATH" },
          { "ranks", 0, 0, G_OPTION_ARG_INT, &ranks,
            "MPI ranks of scenario A's distributed cases (2; 1: none)", "N" },
          { "mpirun", 0, 0, G_OPTION_ARG_FILENAME, &mpirun,
            "The mpirun to start ranks with (the one in PATH)", "PATH" },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- the ATM validation's three cases");
  g_autoptr (GError) error = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-atm: %s\n", error->message);
      return 2;
    }
  if (argc > 1)
    {
      fprintf (stderr, "bench-atm: unexpected argument '%s'\n", argv[1]);
      return 2;
    }
  if (sim_time != NULL && !is_time (sim_time))
    {
      fprintf (stderr,
               "bench-atm: --simTime=%s: expected a time after 0 s, a number "
               "and a unit (s, ms, us, ns, ps, min, h or d)\n",
               sim_time);
      return 2;
    }
  if (scenario_time != NULL && !is_time (scenario_time))
    {
      fprintf (stderr,
               "bench-atm: --scenarioTime=%s: expected a time after 0 s, a "
               "number and a unit (s, ms, us, ns, ps, min, h or d)\n",
               scenario_time);
      return 2;
    }
  if (ranks < 1 || ranks > 1024)
    {
      fprintf (stderr, "bench-atm: --ranks=%d: expected 1 to 1024\n", ranks);
      return 2;
    }
  if (ranks > 1 && mpirun == NULL
      && (mpirun = g_find_program_in_path ("mpirun")) == NULL)
    {
      fprintf (stderr, "bench-atm: mpirun is not in PATH: install OpenMPI, "
                       "name it with --mpirun, or run --ranks=1\n");
      return 2;
    }
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      g_autofree gchar *a_arg = g_strdup_printf ("--delayA=%u", delays[i][0]);
      g_autofree gchar *b_arg = g_strdup_printf ("--delayB=%u", delays[i][1]);
      g_autofree gchar *t_arg
          = g_strdup_printf ("--simTime=%s", sim_time != NULL ? sim_time
                                             : quick          ? "5s"
                                                              : "50s");
      const gchar *run[] = { program != NULL ? program : ATM_VALIDATION_PROGRAM,
                             a_arg,
                             b_arg,
                             t_arg,
                             "--json",
                             NULL };

      if (!run_case ("validation", run))
        return 1;
    }
  scenario_arg
      = g_strdup_printf ("--simTime=%s", scenario_time != NULL ? scenario_time
                                         : quick               ? "0.5s"
                                                               : "10s");
  if (scenario_program == NULL)
    scenario_program = g_strdup (ATM_SCENARIO_A_PROGRAM);
  for (guint l = 0; l < G_N_ELEMENTS (loads); l++)
    {
      g_autofree gchar *seq_case
          = g_strdup_printf ("scenario-a-%s", loads[l][0]);
      g_autofree gchar *mpi_case
          = g_strdup_printf ("scenario-a-%s-mpi", loads[l][0]);
      const gchar *run[] = { scenario_program, scenario_arg, "--json",
                             loads[l][1],      loads[l][2],  NULL };

      if (!run_case (seq_case, run))
        return 1;
      for (guint i = 0; ranks > 1 && i < G_N_ELEMENTS (simulators); i++)
        {
          g_autofree gchar *np = g_strdup_printf ("%d", ranks);
          g_autofree gchar *sim_arg = g_strdup_printf (
              "--SimulatorImplementationType=%s", simulators[i]);
          const gchar *mpi_run[]
              = { mpirun,   "--oversubscribe", "--allow-run-as-root", "-np",
                  np,       scenario_program,  scenario_arg,          sim_arg,
                  "--json", loads[l][1],       loads[l][2],           NULL };

          if (!run_case (mpi_case, mpi_run))
            return 1;
        }
    }
  return 0;
}
