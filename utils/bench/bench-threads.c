/* cns — benchmark of runs on threads against sequential runs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Runs the examples as child processes, each case --repeat times with the
 * thread counts interleaved (1, 2, 1, 2, ...), so that a shared machine's
 * ups and downs fall on every count alike, and prints one JSON line per
 * case with the medians:
 *
 *   campus   campus-ring --nCampus=N (10 packets of 512 bytes per flow)
 *   phold    phold, 2^20 LPs x 16 events
 *   payload  phold, 1024 LPs x 4 events, every event carrying a body of
 *            --payloads bytes, on threads and on 2 MPI ranks
 *
 * Each line: bench, case, its size, threads, ranks, wall_s (the child's
 * whole life), run_s (the program's own time for cns_simulator_run()),
 * cpu_s (user + system of the child and its children),
 * max_rss_kb, events, cpu_per_event_ns, speedup and rss_ratio against the
 * sequential run of the case (null for that run), and same_results:
 * whether the fingerprint equals the sequential run's.
 *
 *   bench-threads [--quick] [--cases=campus,phold,payload]
 *                 [--campuses=64,1000] [--threads=1,2] [--repeat=3]
 *                 [--payloads=500,5000,50000] [--routing=nix|global]
 *
 * --quick: 2 campuses, a small PHOLD and payloads of 500 and 5000 bytes,
 * once each (for the test suite).
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef EXAMPLES_DIR
#define EXAMPLES_DIR "examples"
#endif

typedef struct
{
  gdouble wall_s;
  gdouble cpu_s;
  glong max_rss_kb;
  guint64 events;
  gchar *fingerprint;
} Sample;

static gchar *
json_value (const gchar *line, const gchar *key)
{
  g_autofree gchar *needle = g_strdup_printf ("\"%s\":", key);
  const gchar *p = strstr (line, needle), *end;

  if (p == NULL)
    return NULL;
  p += strlen (needle);
  if (*p == '"')
    {
      end = strchr (p + 1, '"');
      return end != NULL ? g_strndup (p + 1, end - p - 1) : NULL;
    }
  end = p + strcspn (p, ",}");
  return g_strndup (p, end - p);
}

/* Runs @argv, its stdout read into @out; fills the sample's wall time,
 * CPU time and peak RSS from wait4(). */
static gboolean
run_child (gchar **argv, gchar **out, Sample *sample)
{
  gint pipe_fds[2];
  struct rusage usage;
  GString *text = g_string_new (NULL);
  gint64 start = g_get_monotonic_time ();
  gchar buffer[4096];
  gssize n;
  gint status;
  pid_t pid;

  if (pipe (pipe_fds) != 0)
    return FALSE;
  pid = fork ();
  if (pid == 0)
    {
      dup2 (pipe_fds[1], STDOUT_FILENO);
      close (pipe_fds[0]);
      close (pipe_fds[1]);
      execvp (argv[0], argv);
      fprintf (stderr, "bench-threads: cannot run %s\n", argv[0]);
      _exit (127);
    }
  close (pipe_fds[1]);
  while ((n = read (pipe_fds[0], buffer, sizeof buffer)) > 0)
    g_string_append_len (text, buffer, n);
  close (pipe_fds[0]);
  if (pid < 0 || wait4 (pid, &status, 0, &usage) != pid)
    {
      g_string_free (text, TRUE);
      return FALSE;
    }
  sample->wall_s = (g_get_monotonic_time () - start) / 1e6;
  sample->cpu_s = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
                  + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
  sample->max_rss_kb = usage.ru_maxrss;
  *out = g_string_free (text, FALSE);
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "bench-threads: %s failed (status %d):\n%s\n", argv[0],
               status, *out);
      return FALSE;
    }
  return TRUE;
}

static int
compare_double (const void *a, const void *b)
{
  gdouble x = *(const gdouble *) a, y = *(const gdouble *) b;

  return x < y ? -1 : x > y;
}

static gdouble
median (gdouble *values, guint n)
{
  qsort (values, n, sizeof (gdouble), compare_double);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

typedef struct
{
  const gchar *name;  /* campus, phold, payload */
  guint size;         /* campuses, LPs, payload bytes */
  guint threads;
  guint ranks;
  GPtrArray *argv;    /* gchar *, without the NULL */
  gdouble wall[16], run[16], cpu[16], rss[16];
  guint n;
  guint64 events;
  gchar *fingerprint;
  gboolean same;
} Case;

static Case *
case_new (const gchar *name, guint size, guint threads, guint ranks)
{
  Case *c = g_new0 (Case, 1);

  c->name = name;
  c->size = size;
  c->threads = threads;
  c->ranks = ranks;
  c->same = TRUE;
  c->argv = g_ptr_array_new_with_free_func (g_free);
  if (ranks > 1)
    {
      g_ptr_array_add (c->argv, g_strdup ("mpirun"));
      g_ptr_array_add (c->argv, g_strdup ("--oversubscribe"));
      g_ptr_array_add (c->argv, g_strdup ("--allow-run-as-root"));
      g_ptr_array_add (c->argv, g_strdup ("-np"));
      g_ptr_array_add (c->argv, g_strdup_printf ("%u", ranks));
    }
  return c;
}

static void
case_add (Case *c, const gchar *arg)
{
  g_ptr_array_add (c->argv, g_strdup (arg));
}

static gboolean
case_run (Case *c)
{
  g_autofree gchar *out = NULL;
  g_autofree gchar *events = NULL;
  g_autofree gchar *fingerprint = NULL;
  g_autofree gchar *run = NULL;
  Sample sample = { 0 };

  g_ptr_array_add (c->argv, NULL);
  if (!run_child ((gchar **) c->argv->pdata, &out, &sample))
    return FALSE;
  g_ptr_array_set_size (c->argv, c->argv->len - 1);
  events = json_value (out, "events");
  fingerprint = json_value (out, "fingerprint");
  /* campus-ring's run alone, phold's only time */
  run = json_value (out, "run_s");
  if (run == NULL)
    run = json_value (out, "wall_s");
  if (events == NULL || fingerprint == NULL)
    {
      fprintf (stderr, "bench-threads: %s: no events or fingerprint in %s\n",
               c->name, out);
      return FALSE;
    }
  c->events = g_ascii_strtoull (events, NULL, 10);
  if (c->fingerprint != NULL && strcmp (c->fingerprint, fingerprint) != 0)
    c->same = FALSE;
  if (c->fingerprint == NULL)
    c->fingerprint = g_steal_pointer (&fingerprint);
  c->wall[c->n] = sample.wall_s;
  c->run[c->n] = run != NULL ? g_ascii_strtod (run, NULL) : 0.0;
  c->cpu[c->n] = sample.cpu_s;
  c->rss[c->n] = sample.max_rss_kb;
  c->n++;
  return TRUE;
}

static void
case_free (gpointer data)
{
  Case *c = data;

  g_ptr_array_unref (c->argv);
  g_free (c->fingerprint);
  g_free (c);
}

/* Prints the cases of one size, the first of which is the sequential
 * run. */
static void
print_group (GPtrArray *group)
{
  Case *base = group->pdata[0];
  gdouble base_wall = median (base->wall, base->n);
  gdouble base_rss = median (base->rss, base->n);

  for (guint i = 0; i < group->len; i++)
    {
      Case *c = group->pdata[i];
      gdouble wall = median (c->wall, c->n), cpu = median (c->cpu, c->n);
      gdouble run = median (c->run, c->n);
      gdouble rss = median (c->rss, c->n);

      printf ("{\"bench\":\"threads\",\"case\":\"%s\",\"size\":%u,"
              "\"threads\":%u,\"ranks\":%u,\"repeat\":%u,\"wall_s\":%.3f,"
              "\"run_s\":%.3f,\"cpu_s\":%.3f,\"max_rss_kb\":%.0f,\"events\":%" G_GUINT64_FORMAT
              ",\"cpu_per_event_ns\":%.1f",
              c->name, c->size, c->threads, c->ranks, c->n, wall, run, cpu, rss,
              c->events, c->events > 0 ? cpu * 1e9 / c->events : 0.0);
      if (i == 0)
        printf (",\"speedup\":null,\"rss_ratio\":null,\"same_results\":null}\n");
      else
        printf (",\"speedup\":%.3f,\"rss_ratio\":%.3f,\"same_results\":%s}\n",
                base_wall / wall, rss / base_rss,
                c->same && g_strcmp0 (c->fingerprint, base->fingerprint) == 0
                    ? "true"
                    : "false");
    }
  fflush (stdout);
}

/* Runs each case of @group @repeat times, interleaved. */
static gboolean
run_group (GPtrArray *group, guint repeat)
{
  for (guint r = 0; r < repeat; r++)
    for (guint i = 0; i < group->len; i++)
      if (!case_run (group->pdata[i]))
        return FALSE;
  print_group (group);
  return TRUE;
}

static gboolean
parse_list (const gchar *name, const gchar *text, GArray *out)
{
  g_auto (GStrv) items = g_strsplit (text, ",", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      guint64 n;
      guint value;

      if (!g_ascii_string_to_unsigned (items[i], 10, 1, 1u << 30, &n, NULL))
        {
          fprintf (stderr, "bench-threads: --%s: '%s' is not a positive "
                           "number\n",
                   name, items[i]);
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
  g_autofree gchar *cases = NULL, *campuses = NULL, *threads = NULL;
  g_autofree gchar *payloads = NULL, *routing = NULL;
  gboolean quick = FALSE;
  gint repeat = 0;
  GOptionEntry entries[]
      = { { "quick", 0, 0, G_OPTION_ARG_NONE, &quick,
            "Small cases, once each (for the tests)", NULL },
          { "cases", 0, 0, G_OPTION_ARG_STRING, &cases,
            "campus, phold, payload (all)", "NAME,..." },
          { "campuses", 0, 0, G_OPTION_ARG_STRING, &campuses,
            "Campus counts (64,1000)", "N,..." },
          { "threads", 0, 0, G_OPTION_ARG_STRING, &threads,
            "Thread counts, the first the baseline (1,2)", "N,..." },
          { "payloads", 0, 0, G_OPTION_ARG_STRING, &payloads,
            "Payload sizes in bytes (500,5000,50000)", "N,..." },
          { "routing", 0, 0, G_OPTION_ARG_STRING, &routing,
            "campus-ring's routing (nix)", "nix|global" },
          { "repeat", 0, 0, G_OPTION_ARG_INT, &repeat,
            "Runs of each case (3; 1 with --quick)", "N" },
          { NULL } };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- runs on threads against sequential runs");
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) campus_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) thread_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) payload_list = g_array_new (FALSE, FALSE, sizeof (guint));
  g_auto (GStrv) case_names = NULL;
  g_autofree gchar *campus_ring
      = g_build_filename (EXAMPLES_DIR, "campus-ring", NULL);
  g_autofree gchar *phold = g_build_filename (EXAMPLES_DIR, "phold", NULL);

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "bench-threads: %s\n", error->message);
      return 2;
    }
  if (argc > 1 || repeat < 0 || repeat > 16)
    {
      fprintf (stderr, "bench-threads: bad arguments (--repeat is 1 to 16); "
                       "see --help\n");
      return 2;
    }
  if (repeat == 0)
    repeat = quick ? 1 : 3;
  if (!parse_list ("campuses",
                   campuses != NULL ? campuses : quick ? "2" : "64,1000",
                   campus_list)
      || !parse_list ("threads", threads != NULL ? threads : "1,2",
                      thread_list)
      || !parse_list ("payloads",
                      payloads != NULL ? payloads
                      : quick          ? "500,5000"
                                       : "500,5000,50000",
                      payload_list))
    return 2;
  case_names = g_strsplit (cases != NULL ? cases : "campus,phold,payload", ",",
                           -1);
  for (guint k = 0; case_names[k] != NULL; k++)
    {
      const gchar *name = case_names[k];
      GArray *sizes = g_str_equal (name, "campus")    ? campus_list
                      : g_str_equal (name, "payload") ? payload_list
                                                      : NULL;
      guint n_sizes = sizes != NULL ? sizes->len : 1;

      if (!g_str_equal (name, "campus") && !g_str_equal (name, "phold")
          && !g_str_equal (name, "payload"))
        {
          fprintf (stderr, "bench-threads: unknown case '%s'\n", name);
          return 2;
        }
      for (guint s = 0; s < n_sizes; s++)
        {
          g_autoptr (GPtrArray) group = g_ptr_array_new_with_free_func (case_free);
          guint size = sizes != NULL ? g_array_index (sizes, guint, s)
                                     : quick ? 16384 : 1u << 20;
          guint n_runs = thread_list->len + g_str_equal (name, "payload");

          for (guint i = 0; i < n_runs; i++)
            {
              /* the payload case ends with 2 ranks of one thread each */
              gboolean ranks = i == thread_list->len;
              guint t = ranks ? 1 : g_array_index (thread_list, guint, i);
              Case *c = case_new (name, size, t, ranks ? 2 : 1);
              g_autofree gchar *threads_arg = g_strdup_printf ("--threads=%u", t);

              if (g_str_equal (name, "campus"))
                {
                  g_autofree gchar *n = g_strdup_printf ("--nCampus=%u", size);
                  g_autofree gchar *r = g_strdup_printf (
                      "--routing=%s", routing != NULL ? routing : "nix");

                  case_add (c, campus_ring);
                  case_add (c, n);
                  case_add (c, "--bytesPerFlow=5120");
                  case_add (c, r);
                }
              else if (g_str_equal (name, "phold"))
                {
                  g_autofree gchar *n = g_strdup_printf ("--lps=%u", size);

                  case_add (c, phold);
                  case_add (c, n);
                  case_add (c, "--eventsPerLp=16");
                  case_add (c, quick ? "--endTime=20us" : "--endTime=6us");
                }
              else
                {
                  g_autofree gchar *p = g_strdup_printf ("--payload=%u", size);

                  case_add (c, phold);
                  case_add (c, "--lps=1024");
                  case_add (c, "--eventsPerLp=4");
                  case_add (c, quick ? "--endTime=200us" : "--endTime=5ms");
                  case_add (c, p);
                }
              case_add (c, threads_arg);
              case_add (c, "--json");
              case_add (c, "--fingerprint");
              g_ptr_array_add (group, c);
            }
          if (!run_group (group, (guint) repeat))
            return 1;
        }
    }
  return 0;
}
