/* cns — tests of logging: CNS_LOG rules, levels, known components, the
 * line format, reading CNS_LOG from the environment, and fatal criticals.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"

#include <string.h>
#include "core/suites.h"
#include "lib/cns-test.h"

CNS_LOG_COMPONENT_DEFINE ("cns-test");

/* Two more components, as other files would define them; they are
 * registered when the suite is made. */
static CnsLogComponent component_x = { "cns-x", CNS_LOG_MASK_UNRESOLVED, NULL };
static CnsLogComponent component_y = { "cns-y", CNS_LOG_MASK_UNRESOLVED, NULL };

#define UP_TO_DEBUG \
  (CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN | CNS_LOG_LEVEL_DEBUG)
#define UP_TO_INFO (UP_TO_DEBUG | CNS_LOG_LEVEL_INFO)

/* The levels enabled for @component, asked one at a time. */
static guint
enabled_levels (CnsLogComponent *component)
{
  guint mask = 0;

  for (guint level = CNS_LOG_LEVEL_ERROR; level <= CNS_LOG_LEVEL_LOGIC;
       level <<= 1)
    if (cns_log_component_enabled (component, level))
      mask |= level;
  return mask;
}

static void
parse_ok (const gchar *spec)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (cns_log_parse (spec, &error), "'%s': %s", spec,
                 error ? error->message : "");
}

static void
parse_fails (const gchar *spec, const gchar *message)
{
  g_autoptr (GError) error = NULL;

  ck_assert_msg (!cns_log_parse (spec, &error), "'%s' was accepted", spec);
  ck_assert_ptr_nonnull (error);
  ck_assert_int_eq (error->code, CNS_CORE_ERROR_PARSE);
  ck_assert (error->domain == CNS_CORE_ERROR);
  ck_assert_str_eq (error->message, message);
}

START_TEST (test_log_off_by_default)
{
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
  ck_assert_uint_eq (enabled_levels (&cns_log_component_), 0);
  ck_assert (!CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_ERROR));
}
END_TEST

START_TEST (test_log_parse_components)
{
  parse_ok ("cns-x=debug:cns-y=all");
  ck_assert_uint_eq (enabled_levels (&component_x), UP_TO_DEBUG);
  ck_assert_uint_eq (enabled_levels (&component_y), CNS_LOG_LEVEL_ALL);
  ck_assert_uint_eq (enabled_levels (&cns_log_component_), 0);
}
END_TEST

START_TEST (test_log_levels_are_cumulative)
{
  static const struct
  {
    const gchar *spec;
    guint mask;
  } cases[] = {
    { "cns-x=error", CNS_LOG_LEVEL_ERROR },
    { "cns-x=warn", CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN },
    { "cns-x=debug", UP_TO_DEBUG },
    { "cns-x=info", UP_TO_INFO },
    { "cns-x=function", UP_TO_INFO | CNS_LOG_LEVEL_FUNCTION },
    { "cns-x=logic", CNS_LOG_LEVEL_ALL },
    { "cns-x=all", CNS_LOG_LEVEL_ALL },
    /* ns-3's spelling */
    { "cns-x=level_debug", UP_TO_DEBUG },
    { "cns-x=level_all", CNS_LOG_LEVEL_ALL },
    /* combinations take the union */
    { "cns-x=error|info", UP_TO_INFO },
    { "cns-x=level_warn|error", CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN },
    /* a name alone means every level */
    { "cns-x", CNS_LOG_LEVEL_ALL },
    /* ns-3's prefix options are accepted; cns always prefixes */
    { "cns-x=debug|prefix_time|prefix_node", UP_TO_DEBUG },
    { "cns-x=prefix_all|level_info|prefix_func", UP_TO_INFO },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      cns_log_reset ();
      parse_ok (cases[i].spec);
      ck_assert_msg (enabled_levels (&component_x) == cases[i].mask,
                     "%s: 0x%x, expected 0x%x", cases[i].spec,
                     enabled_levels (&component_x), cases[i].mask);
      ck_assert_uint_eq (enabled_levels (&component_y), 0);
    }
}
END_TEST

START_TEST (test_log_parse_wildcard)
{
  parse_ok ("*=info");
  ck_assert_uint_eq (enabled_levels (&component_x), UP_TO_INFO);
  ck_assert_uint_eq (enabled_levels (&component_y), UP_TO_INFO);
  ck_assert_uint_eq (enabled_levels (&cns_log_component_), UP_TO_INFO);
  /* rules add up: one component gets more */
  parse_ok ("cns-y=all");
  ck_assert_uint_eq (enabled_levels (&component_x), UP_TO_INFO);
  ck_assert_uint_eq (enabled_levels (&component_y), CNS_LOG_LEVEL_ALL);
}
END_TEST

START_TEST (test_log_parse_spacing_and_empty_items)
{
  parse_ok (" cns-x = warn : : cns-y=error| info ");
  ck_assert_uint_eq (enabled_levels (&component_x),
                     CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN);
  ck_assert_uint_eq (enabled_levels (&component_y), UP_TO_INFO);
  parse_ok ("");
}
END_TEST

START_TEST (test_log_parse_errors)
{
  parse_fails ("cns-x=debug:cns-y=loud",
               "unknown log level 'loud' for component 'cns-y' (accepted: "
               "error, warn, debug, info, function, logic or all)");
  parse_fails ("cns-x=Debug",
               "unknown log level 'Debug' for component 'cns-x' (accepted: "
               "error, warn, debug, info, function, logic or all)");
  parse_fails ("cns-x=debug|",
               "unknown log level '' for component 'cns-x' (accepted: "
               "error, warn, debug, info, function, logic or all)");
  parse_fails ("cns-x=", "no log level given for component 'cns-x' (accepted: "
                         "error, warn, debug, info, function, logic or all)");
  parse_fails ("cns-y=all:=debug", "'=debug' names no component");
  parse_fails ("cns-x=debug:cns-y=loud:cns-nope",
               "unknown log level 'loud' for component 'cns-y' (accepted: "
               "error, warn, debug, info, function, logic or all)");
  /* nothing of a refused spec is applied, not even its good rules */
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
  ck_assert_uint_eq (enabled_levels (&component_y), 0);
}
END_TEST

/* A typo in a component name is an error listing every component, those
 * of the library included although none of them has logged yet. */
START_TEST (test_log_parse_unknown_component)
{
  g_autoptr (GError) error = NULL;
  static const gchar *const known[] = {
    "cns-x",
    "cns-y",
    "cns-test",
    "cns-simulator",
    "cns-packet",
    "cns-udp-echo-client",
    "cns-ipv4-l3-protocol",
    "cns-on-off-application",
  };
  const gchar *list;

  ck_assert (!cns_log_parse ("cns-x=all:cns-simulater=debug", &error));
  ck_assert (error->domain == CNS_CORE_ERROR);
  ck_assert_int_eq (error->code, CNS_CORE_ERROR_NOT_FOUND);
  ck_assert_msg (g_str_has_prefix (error->message,
                                   "unknown log component 'cns-simulater' "
                                   "(known: "),
                 "%s", error->message);
  ck_assert (g_str_has_suffix (error->message, ")"));
  list = strstr (error->message, "(known: ") + strlen ("(known: ");
  for (gsize i = 0; i < G_N_ELEMENTS (known); i++)
    {
      g_autofree gchar *item = g_strdup_printf ("%s, ", known[i]);
      g_autofree gchar *last = g_strdup_printf ("%s)", known[i]);

      ck_assert_msg (strstr (list, item) != NULL
                         || g_str_has_suffix (list, last),
                     "%s is not listed: %s", known[i], error->message);
    }
  /* sorted, each name once */
  ck_assert_ptr_nonnull (strstr (list, "cns-packet, cns-packet-sink, "));
  ck_assert_ptr_null (strstr (list, "cns-x, cns-x"));
  /* the good rule before the typo is not applied */
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
  /* the old names are gone */
  g_clear_error (&error);
  ck_assert (!cns_log_parse ("UdpEchoClientApplication", &error));
  ck_assert_int_eq (error->code, CNS_CORE_ERROR_NOT_FOUND);
  g_clear_error (&error);
  parse_ok ("*=error:cns-udp-echo-client=info");
}
END_TEST

START_TEST (test_log_enable_unknown_component)
{
  CNS_TEST_EXPECT_CRITICAL (
      "cns_log_enable: unknown log component 'cns-nope' (known: *cns-x, "
      "cns-y)",
      cns_log_enable ("cns-nope", CNS_LOG_LEVEL_ALL));
  CNS_TEST_EXPECT_CRITICAL (
      "cns_log_disable: unknown log component 'cns-nope' (known: *)",
      cns_log_disable ("cns-nope", CNS_LOG_LEVEL_ALL));
  /* a g_return_if_fail reaches the tests' handler, and is not fatal here */
  CNS_TEST_EXPECT_CRITICAL ("cns_log_enable: assertion 'component != NULL' "
                            "failed",
                            cns_log_enable (NULL, CNS_LOG_LEVEL_ALL));
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
}
END_TEST

START_TEST (test_log_enable_disable)
{
  cns_log_enable ("cns-x", CNS_LOG_LEVEL_DEBUG);
  /* exactly the levels given, not the more severe ones */
  ck_assert_uint_eq (enabled_levels (&component_x), CNS_LOG_LEVEL_DEBUG);
  cns_log_enable ("*", CNS_LOG_LEVEL_ERROR);
  ck_assert_uint_eq (enabled_levels (&component_x),
                     CNS_LOG_LEVEL_DEBUG | CNS_LOG_LEVEL_ERROR);
  ck_assert_uint_eq (enabled_levels (&component_y), CNS_LOG_LEVEL_ERROR);
  cns_log_disable ("cns-x", CNS_LOG_LEVEL_DEBUG);
  ck_assert_uint_eq (enabled_levels (&component_x), CNS_LOG_LEVEL_ERROR);
  cns_log_disable ("*", CNS_LOG_LEVEL_ALL);
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
  ck_assert_uint_eq (enabled_levels (&component_y), 0);
  /* a later rule turns levels back on */
  cns_log_enable ("cns-y", CNS_LOG_LEVEL_ALL);
  ck_assert_uint_eq (enabled_levels (&component_y), CNS_LOG_LEVEL_ALL);
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
}
END_TEST

START_TEST (test_log_reset)
{
  parse_ok ("*=all");
  ck_assert_uint_eq (enabled_levels (&component_x), CNS_LOG_LEVEL_ALL);
  cns_log_reset ();
  ck_assert_uint_eq (enabled_levels (&component_x), 0);
  ck_assert_uint_eq (enabled_levels (&component_y), 0);
  ck_assert (!CNS_LOG_IS_ENABLED (CNS_LOG_LEVEL_ERROR));
}
END_TEST

static void
capture_line (const gchar *line, gpointer user_data)
{
  g_ptr_array_add (user_data, g_strdup (line));
}

static void
log_in_event (gpointer obj, gpointer data)
{
  CNS_LOG_DEBUG ("text %d", GPOINTER_TO_INT (data));
}

START_TEST (test_log_line_in_event)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);

  cns_test_capture_log (capture_line, lines);
  cns_log_enable ("cns-test", CNS_LOG_LEVEL_DEBUG);
  cns_simulator_schedule_with_context (3, cns_seconds (1.5), log_in_event, NULL,
                                       GINT_TO_POINTER (42));
  cns_simulator_run ();
  ck_assert_uint_eq (lines->len, 1);
  ck_assert_str_eq (lines->pdata[0],
                    "+1.500000000000s 3 cns-test:log_in_event(): [DEBUG] "
                    "text 42");
}
END_TEST

static void
log_every_level (void)
{
  CNS_LOG_ERROR ("e");
  CNS_LOG_WARN ("w");
  CNS_LOG_DEBUG ("d");
  CNS_LOG_INFO ("i");
  CNS_LOG_FUNCTION ("f");
  CNS_LOG_LOGIC ("l");
}

START_TEST (test_log_line_outside_events)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  static const gchar *const expected[] = {
    "+0.000000000000s - cns-test:log_every_level(): [ERROR] e",
    "+0.000000000000s - cns-test:log_every_level(): [WARN] w",
    "+0.000000000000s - cns-test:log_every_level(): [DEBUG] d",
    "+0.000000000000s - cns-test:log_every_level(): [INFO] i",
    "+0.000000000000s - cns-test:log_every_level(): [FUNCT] f",
    "+0.000000000000s - cns-test:log_every_level(): [LOGIC] l",
  };

  cns_test_capture_log (capture_line, lines);
  parse_ok ("cns-test");
  log_every_level ();
  ck_assert_uint_eq (lines->len, G_N_ELEMENTS (expected));
  for (guint i = 0; i < lines->len; i++)
    ck_assert_str_eq (lines->pdata[i], expected[i]);
}
END_TEST

/* A line is a GLib structured record; cns_log_format_fields() makes the
 * line of a record with cns's fields, whatever their lengths, and of no
 * other record. */
START_TEST (test_log_format_fields)
{
  const GLogField fields[] = {
    { "GLIB_DOMAIN", "cns-x", -1 },
    { "MESSAGE", "hello world", 5 },
    { "PRIORITY", "7", -1 },
    { "CODE_FUNC", "send", -1 },
    { "CNS_TIME", "+2.000000000000s", -1 },
    { "CNS_NODE", "12", -1 },
    { "CNS_LEVEL", "LOGIC", -1 },
  };
  const GLogField glib_only[] = {
    { "GLIB_DOMAIN", "cns-x", -1 },
    { "MESSAGE", "hello", -1 },
  };
  g_autofree gchar *line = cns_log_format_fields (fields, 7);

  ck_assert_str_eq (line, "+2.000000000000s 12 cns-x:send(): [LOGIC] hello");
  ck_assert_ptr_null (cns_log_format_fields (glib_only, 2));
  ck_assert_ptr_null (cns_log_format_fields (NULL, 0));
}
END_TEST

START_TEST (test_log_disabled_costs_nothing)
{
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  gint evaluated = 0;

  cns_test_capture_log (capture_line, lines);
  parse_ok ("cns-test=warn:cns-x=all");
  /* the arguments of a disabled statement are not even evaluated */
  CNS_LOG_DEBUG ("%d", ++evaluated);
  CNS_LOG_LOGIC ("%d", ++evaluated);
  ck_assert_int_eq (evaluated, 0);
  ck_assert_uint_eq (lines->len, 0);
  CNS_LOG_WARN ("%d", ++evaluated);
  ck_assert_int_eq (evaluated, 1);
  ck_assert_uint_eq (lines->len, 1);
  /* a disabled component's mask is 0: one test and one branch */
  cns_log_disable ("cns-test", CNS_LOG_LEVEL_ALL);
  ck_assert_uint_eq (cns_log_component_.mask, 0);
}
END_TEST

/* CNS_LOG is read from the environment, once: see it in a child. */

static void
run_child (const gchar *cns_log, gint *status, gchar **err)
{
  g_autofree gchar *setting = g_strdup_printf ("CNS_LOG=%s", cns_log);
  const gchar *const env[] = { setting, NULL };
  const gchar *const argv[] = { CNS_CMDLINE_CHILD, "a", NULL };
  g_autofree gchar *out = NULL;

  *status = cns_test_spawn (argv, env, &out, err);
}

START_TEST (test_log_environment)
{
  static const gchar *const line
      = "+0.000000000000s - cns-cmdline-child:main(): [DEBUG] parsed 2 "
        "arguments\n";
  gchar *err = NULL;
  gint status;

  run_child ("cns-cmdline-child=debug", &status, &err);
  ck_assert_int_eq (status, 0);
  ck_assert_str_eq (err, line);
  g_free (err);

  run_child ("cns-udp-socket=all:*=level_info", &status, &err);
  ck_assert_int_eq (status, 0);
  ck_assert_str_eq (err, line);
  g_free (err);

  run_child ("cns-cmdline-child=warn", &status, &err);
  ck_assert_int_eq (status, 0);
  ck_assert_str_eq (err, "");
  g_free (err);

  /* a bad CNS_LOG is fatal, when the first component reads it */
  run_child ("cns-cmdline-child=loud", &status, &err);
  ck_assert_int_eq (status, 1);
  ck_assert_str_eq (err, "cns: fatal error: CNS_LOG: unknown log level "
                         "'loud' for component 'cns-cmdline-child' "
                         "(accepted: error, warn, debug, info, function, "
                         "logic or all)\n");
  g_free (err);

  /* a typo in a name is fatal when the command line is parsed, before the
   * program prints or logs anything */
  run_child ("cns-cmdline-chld=debug", &status, &err);
  ck_assert_int_eq (status, 1);
  ck_assert_msg (g_str_has_prefix (err, "cns: fatal error: CNS_LOG: unknown "
                                        "log component 'cns-cmdline-chld' "
                                        "(known: "),
                 "%s", err);
  ck_assert_ptr_nonnull (strstr (err, " cns-cmdline-child, "));
  ck_assert_ptr_nonnull (strstr (err, " cns-udp-echo-server, "));
  ck_assert (g_str_has_suffix (err, ")\n"));
  g_free (err);
}
END_TEST

/* Runs log-child @mode with @cns_log (or none); returns its status. */
static gint
run_log_child (const gchar *mode, const gchar *cns_log, gchar **out,
               gchar **err)
{
  g_autofree gchar *setting
      = cns_log ? g_strdup_printf ("CNS_LOG=%s", cns_log) : NULL;
  const gchar *const env[] = { setting, NULL };
  const gchar *const argv[] = { CNS_LOG_CHILD, mode, NULL };

  return cns_test_spawn (argv, env, out, err);
}

/* Misuse of a public function ends the program with status 1, naming the
 * function, unless the program allows it. */
START_TEST (test_log_fatal_criticals)
{
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (run_log_child ("critical", NULL, &out, &err), 1);
  ck_assert_str_eq (out, "");
  ck_assert_str_eq (err, "cns: fatal error: cns_log_enable: assertion "
                         "'component != NULL' failed\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  ck_assert_int_eq (run_log_child ("critical-allowed", NULL, &out, &err), 0);
  ck_assert_str_eq (out, "survived\n");
  ck_assert_msg (strstr (err, "cns-core-CRITICAL **") != NULL
                     && g_str_has_suffix (err, "cns_log_enable: assertion "
                                               "'component != NULL' failed\n"),
                 "%s", err);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  /* only cns's domains */
  ck_assert_int_eq (run_log_child ("other-critical", NULL, &out, &err), 0);
  ck_assert_str_eq (out, "survived\n");
  ck_assert_ptr_nonnull (strstr (err, "other-CRITICAL **"));
}
END_TEST

/* A program's own GLib writer stays (GLib would abort if cns set another)
 * and gets cns's lines as structured records. */
START_TEST (test_log_program_writer)
{
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (run_log_child ("own-writer", NULL, &out, &err), 0);
  ck_assert_str_eq (err, "");
  ck_assert_str_eq (out, "level=info GLIB_DOMAIN=cns-log-child MESSAGE=hello "
                         "7 PRIORITY=6 CODE_FUNC=log_in_event "
                         "CNS_TIME=+1.500000000000s CNS_NODE=3 "
                         "CNS_LEVEL=INFO\n"
                         "survived\n");
}
END_TEST

/* CNS_LOG is checked when a simulation starts, even if nothing logs. */
START_TEST (test_log_environment_checked_at_run)
{
  g_autofree gchar *out = NULL;
  g_autofree gchar *err = NULL;

  ck_assert_int_eq (run_log_child ("run", "cns-log-child=info", &out, &err), 0);
  ck_assert_str_eq (out, "ran\nsurvived\n");
  ck_assert_str_eq (err, "");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  ck_assert_int_eq (run_log_child ("run", "cns-log-chld=info", &out, &err), 1);
  ck_assert_str_eq (out, "");
  ck_assert (g_str_has_prefix (err, "cns: fatal error: CNS_LOG: unknown log "
                                    "component 'cns-log-chld' (known: "));
  ck_assert_ptr_nonnull (strstr (err, " cns-log-child, "));
}
END_TEST

Suite *
test_log_suite (void)
{
  Suite *s = suite_create ("log");
  TCase *tc = tcase_create ("log");

  cns_log_component_register (&component_x);
  cns_log_component_register (&component_y);

  /* The reset before each test also keeps a CNS_LOG set by whoever runs
   * the tests from being read. */
  tcase_add_checked_fixture (tc, cns_test_reset, cns_test_reset);
  tcase_set_timeout (tc, 60);
  tcase_add_test (tc, test_log_off_by_default);
  tcase_add_test (tc, test_log_parse_components);
  tcase_add_test (tc, test_log_levels_are_cumulative);
  tcase_add_test (tc, test_log_parse_wildcard);
  tcase_add_test (tc, test_log_parse_spacing_and_empty_items);
  tcase_add_test (tc, test_log_parse_errors);
  tcase_add_test (tc, test_log_parse_unknown_component);
  tcase_add_test (tc, test_log_enable_unknown_component);
  tcase_add_test (tc, test_log_enable_disable);
  tcase_add_test (tc, test_log_reset);
  tcase_add_test (tc, test_log_line_in_event);
  tcase_add_test (tc, test_log_line_outside_events);
  tcase_add_test (tc, test_log_format_fields);
  tcase_add_test (tc, test_log_disabled_costs_nothing);
  tcase_add_test (tc, test_log_environment);
  tcase_add_test (tc, test_log_fatal_criticals);
  tcase_add_test (tc, test_log_program_writer);
  tcase_add_test (tc, test_log_environment_checked_at_run);
  suite_add_tcase (s, tc);
  return s;
}
