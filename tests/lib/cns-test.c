/* cns — shared helpers for the Check suites.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Every suite binary calls cns_test_init() first. Any g_warning or
 * g_critical a test does not announce with cns_test_expect_message() fails
 * it, so tests cannot print warnings and still pass. cns_test_reset(), the
 * usual checked fixture, returns the library to its start-up state.
 */
#include "lib/cns-test.h"

#include "core/cns-core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GLogLevelFlags expected_level;
static gchar *expected_pattern;
static guint expected_count;

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

void
cns_test_init (void)
{
  g_log_set_default_handler (test_log_handler, NULL);
}

/* Returns the library to its start-up state between tests. */
void
cns_test_reset (void)
{
  GList *values = cns_global_value_list ();

  cns_simulator_destroy ();
  cns_config_reset_defaults ();
  cns_log_reset ();
  cns_log_set_writer (NULL, NULL);
  for (GList *it = values; it != NULL; it = it->next)
    cns_global_value_reset (((GParamSpec *)it->data)->name);
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
