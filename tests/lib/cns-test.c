/* cns — shared helpers for the Check suites.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every suite binary calls cns_test_init() first. Any g_warning or
 * g_critical a test does not announce with cns_test_expect_message() fails
 * it, so tests cannot print warnings and still pass: that handler, not
 * cns's, receives criticals, so in tests they are not fatal.
 * cns_test_reset(), the usual checked fixture, returns the library to its
 * start-up state. cns_test_capture_log() hands cns's log lines to a test
 * instead of stderr, through the GLib writer the suites install.
 */
#include "lib/cns-test.h"

#include "core/cns-core.h"

#include <stdio.h>
#include <stdlib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/wait.h>

static GLogLevelFlags expected_level;
static gchar *expected_pattern;
static guint expected_count;
static CnsTestLogFunc capture_func;
static gpointer capture_data;

static void
test_log_handler (const gchar *domain, GLogLevelFlags level,
                  const gchar *message, gpointer user_data)
{
  GLogLevelFlags severity = level & G_LOG_LEVEL_MASK;

  if (severity & (G_LOG_LEVEL_DEBUG | G_LOG_LEVEL_INFO | G_LOG_LEVEL_MESSAGE))
    return;
  if (expected_pattern != NULL && (severity & expected_level)
      && g_pattern_match_simple (expected_pattern, message))
    {
      expected_count++;
      return;
    }
  fprintf (stderr, "unexpected %s from %s: %s\n",
           severity & G_LOG_LEVEL_CRITICAL  ? "critical"
           : severity & G_LOG_LEVEL_WARNING ? "warning"
                                            : "error",
           domain ? domain : "(none)", message);
  ck_abort_msg ("unexpected log message: %s", message);
}

static GLogWriterOutput
test_log_writer (GLogLevelFlags log_level, const GLogField *fields,
                 gsize n_fields, gpointer user_data)
{
  g_autofree gchar *line = NULL;

  if (capture_func != NULL
      && (line = cns_log_format_fields (fields, n_fields)) != NULL)
    {
      capture_func (line, capture_data);
      return G_LOG_WRITER_HANDLED;
    }
  return cns_log_writer (log_level, fields, n_fields, NULL);
}

void
cns_test_init (void)
{
  g_log_set_default_handler (test_log_handler, NULL);
  cns_log_set_install_writer (FALSE);
  g_log_set_writer_func (test_log_writer, NULL, NULL);
}

/* Hands each line cns logs to @func, until it is called with %NULL or
 * the next cns_test_reset(). */
void
cns_test_capture_log (CnsTestLogFunc func, gpointer user_data)
{
  capture_func = func;
  capture_data = user_data;
}

/* Returns the library to its start-up state between tests. */
void
cns_test_reset (void)
{
  GList *values = cns_global_value_list ();

  cns_simulator_destroy ();
  cns_config_reset_defaults ();
  cns_log_reset ();
  cns_test_capture_log (NULL, NULL);
  for (GList *it = values; it != NULL; it = it->next)
    cns_global_value_reset (((GParamSpec *) it->data)->name);
  g_list_free (values);
}

void
cns_test_expect_message (GLogLevelFlags level, const gchar *pattern)
{
  g_free (expected_pattern);
  expected_pattern = g_strdup (pattern);
  expected_level = level;
  expected_count = 0;
}

guint
cns_test_expect_end (void)
{
  g_clear_pointer (&expected_pattern, g_free);
  return expected_count;
}

/* Heavy tests shrink their workload under valgrind, which runs about 50
 * times slower; they still check the same properties. */
gboolean
cns_test_under_valgrind (void)
{
  const gchar *v = g_getenv ("CNS_TEST_VALGRIND");

  return v != NULL && strcmp (v, "yes") == 0;
}

/* Returns: (transfer full): a new directory for a test's files, named
 * after @name ("cns-@name-XXXXXX" in the temporary directory). */
gchar *
cns_test_make_tmp_dir (const gchar *name)
{
  g_autofree gchar *tmpl = g_strdup_printf ("cns-%s-XXXXXX", name);
  g_autoptr (GError) error = NULL;
  gchar *dir = g_dir_make_tmp (tmpl, &error);

  ck_assert_msg (dir != NULL, "%s", error != NULL ? error->message : "");
  return dir;
}

/* Removes the files in *@dir, then the directory, and frees and clears
 * the name; nothing when *@dir is NULL. */
void
cns_test_remove_tmp_dir (gchar **dir)
{
  GDir *d;
  const gchar *name;

  if (*dir == NULL)
    return;
  d = g_dir_open (*dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree gchar *path = g_build_filename (*dir, name, NULL);

      g_unlink (path);
    }
  if (d != NULL)
    g_dir_close (d);
  g_rmdir (*dir);
  g_clear_pointer (dir, g_free);
}

/* Runs @argv to completion in a clean environment: the CNS_* variables of
 * the caller are removed, so that a developer's CNS_LOG does not change
 * what a test sees, and messages are in English. @env adds "NAME=value"
 * settings on top. Returns the exit status, or 128 + the signal number
 * when the program was killed. */
gint
cns_test_spawn (const gchar *const *argv, const gchar *const *env,
                gchar **standard_output, gchar **standard_error)
{
  g_auto (GStrv) envp = g_get_environ ();
  g_autoptr (GError) error = NULL;
  gint status = 0;

  envp = g_environ_unsetenv (envp, "CNS_ATTRIBUTE_DEFAULT");
  envp = g_environ_unsetenv (envp, "CNS_GLOBAL_VALUE");
  envp = g_environ_unsetenv (envp, "CNS_LOG");
  envp = g_environ_setenv (envp, "LC_ALL", "C", TRUE);
  for (const gchar *const *e = env; e != NULL && *e != NULL; e++)
    {
      g_autofree gchar *name = g_strndup (*e, strcspn (*e, "="));

      ck_assert_msg (strchr (*e, '=') != NULL, "'%s' is not NAME=value", *e);
      envp = g_environ_setenv (envp, name, strchr (*e, '=') + 1, TRUE);
    }
  ck_assert_msg (g_spawn_sync (NULL, (gchar **) argv, envp, G_SPAWN_DEFAULT,
                               NULL, NULL, standard_output, standard_error,
                               &status, &error),
                 "cannot run %s: %s", argv[0], error ? error->message : "");
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return 128 + WTERMSIG (status);
}

/* Runs @suites, reporting TAP on stdout. Returns the exit status. */
int
cns_test_run (Suite *suites[], guint n_suites)
{
  SRunner *runner = srunner_create (suites[0]);
  int failed;

  for (guint i = 1; i < n_suites; i++)
    srunner_add_suite (runner, suites[i]);
  srunner_set_tap (runner, "-");
  srunner_run_all (runner, CK_SILENT);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
