/* cns — benchmark of the ATM ABR/EPRCA validation.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs examples/atm-validation for the three link-delay cases of the
 * study, (A, B) = (5, 20), (15, 15) and (20, 5) ms, each for --simTime
 * (50 s, the study's) in a child process, and prints one JSON line per
 * case: the example's own line (utilisations, throughputs, delays, queue,
 * events) behind "bench":"atm","case":"validation", the child's wall time
 * as this process saw it (child_wall_s, start-up and exit included) and
 * events per second of it. The target: 50 s simulated in under
 * 2 s of wall time.
 *
 *   bench-atm [--quick] [--simTime=50s] [--program=PATH]
 *
 * --quick simulates 5 s (for the test suite).
 */
#include <glib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ATM_VALIDATION_PROGRAM
#define ATM_VALIDATION_PROGRAM "atm-validation"
#endif

/* The number after "@key": in the one-line JSON object @json, or -1. */
static gdouble
json_number (const gchar *json, const gchar *key)
{
  g_autofree gchar *pattern = g_strdup_printf ("\"%s\":", key);
  const gchar *at = strstr (json, pattern);

  return at != NULL ? g_ascii_strtod (at + strlen (pattern), NULL) : -1;
}

static gboolean
run_case (const gchar *program, guint delay_a, guint delay_b,
          const gchar *sim_time)
{
  g_autofree gchar *a_arg = g_strdup_printf ("--delayA=%u", delay_a);
  g_autofree gchar *b_arg = g_strdup_printf ("--delayB=%u", delay_b);
  g_autofree gchar *t_arg = g_strdup_printf ("--simTime=%s", sim_time);
  const gchar *argv[] = { program, a_arg, b_arg, t_arg, "--json", NULL };
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
  printf ("{\"bench\":\"atm\",\"case\":\"validation\",\"child_wall_s\":%.3f,"
          "\"events_per_s\":%.0f,%s\n",
          wall, json_number (out, "events") / wall, out + 1);
  fflush (stdout);
  return TRUE;
}

int
main (int argc, char **argv)
{
  static const guint delays[][2] = { { 5, 20 }, { 15, 15 }, { 20, 5 } };
  g_autofree gchar *program = NULL;
  g_autofree gchar *sim_time = NULL;
  gboolean quick = FALSE;
  GOptionEntry entries[]
      = { { "quick", 0, 0, G_OPTION_ARG_NONE, &quick, "Simulate 5 s", NULL },
          { "simTime", 0, 0, G_OPTION_ARG_STRING, &sim_time,
            "Simulated time of each case (50s)", "TIME" },
          { "program", 0, 0, G_OPTION_ARG_FILENAME, &program,
            "The atm-validation program to run", "PATH" },
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
  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    if (!run_case (program != NULL ? program : ATM_VALIDATION_PROGRAM,
                   delays[i][0], delays[i][1],
                   sim_time != NULL ? sim_time
                   : quick          ? "5s"
                                    : "50s"))
      return 1;
  return 0;
}
