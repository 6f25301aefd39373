/* cns — tests of CnsCommandLine: scenario options, global values,
 * attribute defaults, errors, and the exiting options (--help, --Print*)
 * through a child program.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "core/cns-core.h"

#include <string.h>
#include "core/suites.h"
#include "lib/cns-test.h"

/* A type with attributes for --Type::Attribute=value. */
#define CMDLINE_TYPE_GADGET (cmdline_gadget_get_type ())
G_DECLARE_FINAL_TYPE (CmdlineGadget, cmdline_gadget, CMDLINE, GADGET, CnsObject)

struct _CmdlineGadget
{
  CnsObject parent_instance;
  guint size;
  gboolean enabled;
};

enum
{
  PROP_0,
  PROP_SIZE,
  PROP_ENABLED,
  PROP_SERIAL,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (CmdlineGadget, cmdline_gadget, CNS_TYPE_OBJECT)

static void
cmdline_gadget_set_property (GObject *object, guint prop_id,
                             const GValue *value, GParamSpec *pspec)
{
  CmdlineGadget *self = CMDLINE_GADGET (object);

  switch (prop_id)
    {
    case PROP_SIZE:
      self->size = g_value_get_uint (value);
      break;
    case PROP_ENABLED:
      self->enabled = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cmdline_gadget_get_property (GObject *object, guint prop_id, GValue *value,
                             GParamSpec *pspec)
{
  CmdlineGadget *self = CMDLINE_GADGET (object);

  switch (prop_id)
    {
    case PROP_SIZE:
      g_value_set_uint (value, self->size);
      break;
    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;
    case PROP_SERIAL:
      g_value_set_uint (value, 7);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
cmdline_gadget_class_init (CmdlineGadgetClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->set_property = cmdline_gadget_set_property;
  object_class->get_property = cmdline_gadget_get_property;
  g_object_class_install_property (
      object_class, PROP_SIZE,
      g_param_spec_uint ("size", "Size", "Slots in the gadget", 1, 64, 8,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, PROP_ENABLED,
      g_param_spec_boolean ("enabled", "Enabled", "Whether it works", TRUE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
  g_object_class_install_property (
      object_class, PROP_SERIAL,
      g_param_spec_uint ("serial", "Serial", "Its serial number", 0, 100, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

static void
cmdline_gadget_init (CmdlineGadget *self)
{
}

/* The variables of the scenario options every test declares. */
typedef struct
{
  gint count;
  guint packets;
  gint64 offset;
  guint64 total;
  gdouble ratio;
  gboolean verbose;
  gchar *label;
  CnsTime end_time;
  CnsDataRate rate;
  gchar *mode;
} Values;

static gboolean
parse_mode (const gchar *name, const gchar *text, gpointer user_data,
            GError **error)
{
  Values *v = user_data;

  ck_assert_str_eq (name, "mode");
  if (strcmp (text, "silent") == 0)
    return FALSE; /* refused without saying why */
  if (strcmp (text, "fast") != 0 && strcmp (text, "slow") != 0)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "'%s' is not a mode (accepted: fast or slow)", text);
      return FALSE;
    }
  g_free (v->mode);
  v->mode = g_strdup (text);
  return TRUE;
}

static CnsCommandLine *
command_line_new (Values *v)
{
  CnsCommandLine *cmd = cns_command_line_new ("A test scenario");

  *v = (Values){ .count = -3,
                 .packets = 100,
                 .offset = -1,
                 .total = 1000,
                 .ratio = 0.5,
                 .label = "default",
                 .end_time = 10 * CNS_TIME_PS_PER_S,
                 .rate = 5000000 };
  cns_command_line_add_int (cmd, "count", "A signed count", &v->count);
  cns_command_line_add_uint (cmd, "packets", "Packets", &v->packets);
  cns_command_line_add_int64 (cmd, "offset", "An offset", &v->offset);
  cns_command_line_add_uint64 (cmd, "total", "A total", &v->total);
  cns_command_line_add_double (cmd, "ratio", "A ratio", &v->ratio);
  cns_command_line_add_boolean (cmd, "verbose", "Say more", &v->verbose);
  cns_command_line_add_string (cmd, "label", "A name", &v->label);
  cns_command_line_add_time (cmd, "endTime", "Stop time", &v->end_time);
  cns_command_line_add_data_rate (cmd, "rate", "A rate", &v->rate);
  cns_command_line_add_callback (cmd, "mode", "A mode", "MODE", parse_mode, v);
  cns_command_line_set_takes_arguments (cmd, TRUE);
  return cmd;
}

static void
values_clear (Values *v)
{
  if (strcmp (v->label, "default") != 0)
    g_free (v->label);
  g_free (v->mode);
}

/* Parses "prog" followed by @args with a fresh command line. Returns the
 * arguments left in argv after the program name, joined by spaces. */
static gchar *
parse_args (Values *v, GError **error, const gchar *const *args)
{
  g_autoptr (CnsCommandLine) cmd = command_line_new (v);
  g_autoptr (GPtrArray) strings = g_ptr_array_new_with_free_func (g_free);
  g_autofree gchar **argv = NULL;
  gint argc;

  g_ptr_array_add (strings, g_strdup ("prog"));
  for (const gchar *const *a = args; *a != NULL; a++)
    g_ptr_array_add (strings, g_strdup (*a));
  /* argv is a copy of the pointers, so that those it drops are still
   * freed with @strings. */
  argc = (gint) strings->len;
  argv = g_new0 (gchar *, strings->len + 1);
  memcpy (argv, strings->pdata, strings->len * sizeof (gchar *));
  if (!cns_command_line_try_parse (cmd, &argc, &argv, error))
    return NULL;
  ck_assert_ptr_null (argv[argc]);
  ck_assert_str_eq (argv[0], "prog");
  return g_strjoinv (" ", argv + 1);
}

#define PARSE_OK(v, ...) \
  parse_ok ((v), (const gchar *const[]){ __VA_ARGS__, NULL })

static gchar *
parse_ok (Values *v, const gchar *const *args)
{
  g_autoptr (GError) error = NULL;
  gchar *left = parse_args (v, &error, args);

  ck_assert_msg (left != NULL, "%s: %s", args[0], error ? error->message : "");
  return left;
}

#define PARSE_FAILS(code, message, ...) \
  parse_fails ((code), (message), (const gchar *const[]){ __VA_ARGS__, NULL })

/* Checks that parsing @args fails with exactly @message. */
static void
parse_fails (gint code, const gchar *message, const gchar *const *args)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = parse_args (&v, &error, args);

  ck_assert_msg (left == NULL, "%s was accepted", args[0]);
  ck_assert_ptr_nonnull (error);
  ck_assert_int_eq (error->code, code);
  ck_assert (error->domain == CNS_CORE_ERROR);
  ck_assert_str_eq (error->message, message);
  values_clear (&v);
}

START_TEST (test_cmdline_defaults_untouched)
{
  Values v;
  g_autofree gchar *left = PARSE_OK (&v, "input.txt");

  ck_assert_str_eq (left, "input.txt");
  ck_assert_int_eq (v.count, -3);
  ck_assert_uint_eq (v.packets, 100);
  ck_assert_int_eq (v.offset, -1);
  ck_assert_uint_eq (v.total, 1000);
  ck_assert_double_eq (v.ratio, 0.5);
  ck_assert (!v.verbose);
  ck_assert_str_eq (v.label, "default");
  ck_assert_int_eq (v.end_time, 10 * CNS_TIME_PS_PER_S);
  ck_assert_uint_eq (v.rate, 5000000);
  ck_assert_ptr_null (v.mode);
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_integers)
{
  Values v;
  g_autofree gchar *a = PARSE_OK (&v, "--count=-2147483648", "--packets=0",
                                  "--offset=-9223372036854775808", "--total=0");
  g_autofree gchar *b = NULL;

  ck_assert_str_eq (a, "");
  ck_assert_int_eq (v.count, G_MININT);
  ck_assert_uint_eq (v.packets, 0);
  ck_assert_int_eq (v.offset, G_MININT64);
  ck_assert_uint_eq (v.total, 0);
  values_clear (&v);

  /* the other end of each range, and values as separate arguments */
  b = PARSE_OK (&v, "--count", "2147483647", "--packets", "4294967295",
                "--offset=9223372036854775807", "--total=18446744073709551615");
  ck_assert_str_eq (b, "");
  ck_assert_int_eq (v.count, G_MAXINT);
  ck_assert_uint_eq (v.packets, G_MAXUINT);
  ck_assert_int_eq (v.offset, G_MAXINT64);
  ck_assert_uint_eq (v.total, G_MAXUINT64);
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_integer_errors)
{
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --packets: 'abc' is not an unsigned integer "
               "(accepted: 0 to 4294967295)",
               "--packets=abc");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --packets: '-1' is not an unsigned integer "
               "(accepted: 0 to 4294967295)",
               "--packets=-1");
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --packets: '4294967296' is out of range "
               "(accepted: 0 to 4294967295)",
               "--packets=4294967296");
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --count: '2147483648' is out of range "
               "(accepted: -2147483648 to 2147483647)",
               "--count=2147483648");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --count: '1.5' is not an integer "
               "(accepted: -2147483648 to 2147483647)",
               "--count", "1.5");
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --offset: '9223372036854775808' is not an integer "
               "(accepted: -9223372036854775808 to 9223372036854775807)",
               "--offset=9223372036854775808");
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --total: '18446744073709551616' is not an unsigned "
               "integer (accepted: 0 to 18446744073709551615)",
               "--total=18446744073709551616");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --count: '' is not an integer "
               "(accepted: -2147483648 to 2147483647)",
               "--count=");
}
END_TEST

START_TEST (test_cmdline_bad_value_leaves_variable)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = NULL;

  left = parse_args (&v, &error, (const gchar *const[]){ "--packets=x", NULL });
  ck_assert_ptr_null (left);
  ck_assert_uint_eq (v.packets, 100);
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_double)
{
  Values v;
  g_autofree gchar *a = PARSE_OK (&v, "--ratio=2.5");

  ck_assert_double_eq (v.ratio, 2.5);
  values_clear (&v);
  g_free (PARSE_OK (&v, "--ratio", "-1e3"));
  ck_assert_double_eq (v.ratio, -1000.0);
  values_clear (&v);
  g_free (PARSE_OK (&v, "--ratio=1.7976931348623157e308"));
  ck_assert_double_eq (v.ratio, G_MAXDOUBLE);
  values_clear (&v);

  PARSE_FAILS (
      CNS_CORE_ERROR_PARSE,
      "option --ratio: 'abc' is not a finite number (expected a decimal number "
      "such as 0.25 or 1e-3)",
      "--ratio=abc");
  PARSE_FAILS (
      CNS_CORE_ERROR_PARSE,
      "option --ratio: 'inf' is not a finite number (expected a decimal number "
      "such as 0.25 or 1e-3)",
      "--ratio=inf");
  PARSE_FAILS (
      CNS_CORE_ERROR_PARSE,
      "option --ratio: 'nan' is not a finite number (expected a decimal number "
      "such as 0.25 or 1e-3)",
      "--ratio=nan");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --ratio: '1e999' is not a finite number (expected a "
               "decimal number "
               "such as 0.25 or 1e-3)",
               "--ratio=1e999");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --ratio: '2.5x' is not a finite number (expected a "
               "decimal number "
               "such as 0.25 or 1e-3)",
               "--ratio=2.5x");
}
END_TEST

START_TEST (test_cmdline_boolean)
{
  static const gchar *const yes[]
      = { "true", "yes", "on", "1", "TRUE", "Yes", "ON" };
  static const gchar *const no[]
      = { "false", "no", "off", "0", "False", "NO", "Off" };
  Values v;

  g_free (PARSE_OK (&v, "--verbose"));
  ck_assert (v.verbose);
  values_clear (&v);
  for (gsize i = 0; i < G_N_ELEMENTS (yes); i++)
    {
      g_autofree gchar *opt = g_strdup_printf ("--verbose=%s", yes[i]);

      g_free (PARSE_OK (&v, opt));
      ck_assert_msg (v.verbose, "%s", opt);
      values_clear (&v);
    }
  for (gsize i = 0; i < G_N_ELEMENTS (no); i++)
    {
      g_autofree gchar *opt = g_strdup_printf ("--verbose=%s", no[i]);

      v.verbose = TRUE;
      g_free (PARSE_OK (&v, "--verbose", opt));
      ck_assert_msg (!v.verbose, "%s", opt);
      values_clear (&v);
    }
}
END_TEST

START_TEST (test_cmdline_boolean_forms)
{
  Values v;
  g_autofree gchar *a = NULL;
  g_autofree gchar *b = NULL;

  /* a value as the next argument, as GOption reads optional values */
  a = PARSE_OK (&v, "--verbose", "yes", "rest");
  ck_assert (v.verbose);
  ck_assert_str_eq (a, "rest");
  values_clear (&v);
  /* a following option is not a value */
  b = PARSE_OK (&v, "--verbose", "--count=3");
  ck_assert (v.verbose);
  ck_assert_int_eq (v.count, 3);
  values_clear (&v);

  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --verbose: 'maybe' is not a boolean (expected "
               "true/false, yes/no, on/off or 1/0)",
               "--verbose=maybe");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --verbose: 'file.txt' is not a boolean (expected "
               "true/false, yes/no, on/off or 1/0)",
               "--verbose", "file.txt");
}
END_TEST

START_TEST (test_cmdline_string)
{
  Values v;
  g_autofree gchar *a = PARSE_OK (&v, "--label=hello world");

  ck_assert_str_eq (v.label, "hello world");
  values_clear (&v);
  g_free (PARSE_OK (&v, "--label", "--not-an-option"));
  ck_assert_str_eq (v.label, "--not-an-option");
  values_clear (&v);
  g_free (PARSE_OK (&v, "--label="));
  ck_assert_str_eq (v.label, "");
  values_clear (&v);
  /* given twice: the last one counts, and the first copy is not leaked */
  g_free (PARSE_OK (&v, "--label=one", "--label=two"));
  ck_assert_str_eq (v.label, "two");
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_time_and_rate)
{
  Values v;
  g_autofree gchar *a = PARSE_OK (&v, "--endTime=1.5s", "--rate=1.5Gbps");

  ck_assert_int_eq (v.end_time, 1500 * CNS_TIME_PS_PER_MS);
  ck_assert_uint_eq (v.rate, 1500000000);
  values_clear (&v);
  g_free (PARSE_OK (&v, "--endTime", "-10ms", "--rate", "0bps"));
  ck_assert_int_eq (v.end_time, -10 * CNS_TIME_PS_PER_MS);
  ck_assert_uint_eq (v.rate, 0);
  values_clear (&v);

  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --endTime: '10 parsecs' has an unknown time unit "
               "'parsecs' (accepted: s, ms, us, ns, ps, min, h or d)",
               "--endTime=10 parsecs");
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --endTime: '107d' is out of range (times are "
               "limited to about ±106 days)",
               "--endTime=107d");
}
END_TEST

START_TEST (test_cmdline_rate_errors)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = NULL;

  left = parse_args (&v, &error, (const gchar *const[]){ "--rate=fast", NULL });
  ck_assert_ptr_null (left);
  ck_assert_ptr_nonnull (error);
  ck_assert_int_eq (error->code, CNS_CORE_ERROR_PARSE);
  ck_assert_msg (g_str_has_prefix (error->message,
                                   "option --rate: 'fast' is not a "
                                   "data rate (expected "),
                 "%s", error->message);
  ck_assert_uint_eq (v.rate, 5000000);
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_callback)
{
  Values v;
  g_autofree gchar *a = PARSE_OK (&v, "--mode=slow");

  ck_assert_str_eq (v.mode, "slow");
  values_clear (&v);
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --mode: 'warp' is not a mode (accepted: fast or slow)",
               "--mode=warp");
  /* a callback that refuses without an error gets a generic one */
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --mode: 'silent' is not accepted (expected MODE)",
               "--mode", "silent");
}
END_TEST

START_TEST (test_cmdline_unknown_and_malformed)
{
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND, "unknown option --nope", "--nope");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND, "unknown option --nope", "a",
               "--nope=3", "b");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND, "unknown option -x", "-x");
  /* option names are case-sensitive, as in ns-3 */
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND, "unknown option --Count", "--Count=1");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --count needs a value (--count=INT)", "--count");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --endTime needs a value (--endTime=TIME)", "a",
               "--endTime");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE, "option --PrintGlobals takes no value",
               "--PrintGlobals=yes");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE, "option --help takes no value",
               "--help=1");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND,
               "option --PrintAttributes: unknown object type 'Bogus' (see "
               "--PrintTypeNames)",
               "--PrintAttributes=Bogus");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND,
               "option --PrintTraceSources: unknown object type 'gint' (see "
               "--PrintTypeNames)",
               "--PrintTraceSources", "gint");
}
END_TEST

START_TEST (test_cmdline_positional_arguments)
{
  Values v;
  g_autofree gchar *a = NULL;
  g_autofree gchar *b = NULL;
  g_autofree gchar *c = NULL;

  a = PARSE_OK (&v, "one", "--count=3", "two", "-", "--packets", "4");
  ck_assert_str_eq (a, "one two -");
  ck_assert_int_eq (v.count, 3);
  ck_assert_uint_eq (v.packets, 4);
  values_clear (&v);
  /* after "--" nothing is an option, not even an attribute default */
  b = PARSE_OK (&v, "--count=1", "--", "--count=2", "--X::Y=1", "-z");
  ck_assert_str_eq (b, "-- --count=2 --X::Y=1 -z");
  ck_assert_int_eq (v.count, 1);
  values_clear (&v);
  c = PARSE_OK (&v, "--", "file");
  ck_assert_str_eq (c, "file");
  values_clear (&v);
}
END_TEST

/* A boolean's optional value that is not UTF-8: GOption cannot convert
 * it and calls back with its error set; the parse fails with that error
 * rather than going on (found by tests/fuzz/fuzz-command-line.c). */
START_TEST (test_cmdline_optional_value_not_utf8)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = parse_args (
      &v, &error,
      (const gchar *const[]){ "--verbose", "\xd2", "--verbose", NULL });

  ck_assert_ptr_null (left);
  ck_assert_ptr_nonnull (error);
  ck_assert (error->domain == CNS_CORE_ERROR);
  values_clear (&v);
}
END_TEST

/* A program that reads no arguments refuses them, naming the first, and
 * so catches a mistyped option such as "n=3". */
START_TEST (test_cmdline_arguments_refused_by_default)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (NULL);
  g_autoptr (GError) error = NULL;
  const gchar *const refused_args[] = { "prog", "--n=2", "n=3", "other", NULL };
  const gchar *const kept_args[] = { "prog", "--n=2", "stray", "other", NULL };
  /* the parse may write into the strings and drops pointers from argv */
  g_auto (GStrv) refused = g_strdupv ((gchar **) refused_args);
  g_auto (GStrv) kept = g_strdupv ((gchar **) kept_args);
  g_autofree gchar **argv = g_memdup2 (refused, sizeof refused_args);
  gint argc = 4, n = 0;

  cns_command_line_add_int (cmd, "n", "A number", &n);
  ck_assert (!cns_command_line_try_parse (cmd, &argc, &argv, &error));
  ck_assert_int_eq (n, 2);
  ck_assert (g_error_matches (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE));
  ck_assert_str_eq (error->message, "unexpected argument 'n=3'");
  g_clear_error (&error);

  cns_command_line_set_takes_arguments (cmd, TRUE);
  g_free (argv);
  argv = g_memdup2 (kept, sizeof kept_args);
  argc = 4;
  ck_assert (cns_command_line_try_parse (cmd, &argc, &argv, &error));
  ck_assert_int_eq (argc, 3);
  ck_assert_str_eq (argv[1], "stray");
  ck_assert_str_eq (argv[2], "other");
}
END_TEST

static void
assert_default_uint (GType type, const gchar *attr, guint expected)
{
  g_auto (GValue) value = G_VALUE_INIT;
  GParamSpec *pspec = cns_attribute_find (type, attr);

  ck_assert_ptr_nonnull (pspec);
  ck_assert_msg (cns_config_get_default (type, pspec, &value),
                 "no default for %s", attr);
  ck_assert_uint_eq (g_value_get_uint (&value), expected);
}

START_TEST (test_cmdline_attribute_defaults)
{
  g_auto (GValue) enabled = G_VALUE_INIT;
  g_autoptr (CmdlineGadget) gadget = NULL;
  Values v;
  g_autofree gchar *a = NULL;

  a = PARSE_OK (&v, "x", "--CmdlineGadget::Size=12", "y",
                "--CmdlineGadget::enabled=no", "--count=2");
  /* removed from argv, and the other options still parsed */
  ck_assert_str_eq (a, "x y");
  ck_assert_int_eq (v.count, 2);
  values_clear (&v);
  assert_default_uint (CMDLINE_TYPE_GADGET, "Size", 12);
  ck_assert (cns_config_get_default (
      CMDLINE_TYPE_GADGET, cns_attribute_find (CMDLINE_TYPE_GADGET, "Enabled"),
      &enabled));
  ck_assert (!g_value_get_boolean (&enabled));
  gadget = cns_object_new_with_properties (CMDLINE_TYPE_GADGET, 0, NULL, NULL);
  ck_assert_uint_eq (gadget->size, 12);
  ck_assert (!gadget->enabled);

  /* the last setting wins */
  g_free (PARSE_OK (&v, "--CmdlineGadget::Size=1", "--CmdlineGadget::Size=64"));
  values_clear (&v);
  assert_default_uint (CMDLINE_TYPE_GADGET, "Size", 64);
}
END_TEST

START_TEST (test_cmdline_attribute_default_errors)
{
  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --CmdlineGadget::Size: '65' is out of range "
               "(accepted: 1 to 64)",
               "--CmdlineGadget::Size=65");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --CmdlineGadget::Size: 'big' is not an unsigned integer "
               "(accepted: 1 to 64)",
               "--CmdlineGadget::Size=big");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND,
               "option --CmdlineGadget::Colour: CmdlineGadget has no attribute "
               "'Colour' (see --PrintAttributes=CmdlineGadget)",
               "--CmdlineGadget::Colour=red");
  PARSE_FAILS (CNS_CORE_ERROR_NOT_FOUND,
               "option --NoSuchType::Size: unknown type 'NoSuchType' (see "
               "--PrintTypeNames)",
               "--NoSuchType::Size=1");
  PARSE_FAILS (CNS_CORE_ERROR_INVALID,
               "option --CmdlineGadget::Serial is read-only",
               "--CmdlineGadget::Serial=3");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --CmdlineGadget::Size needs a value "
               "(--CmdlineGadget::Size=VALUE)",
               "--CmdlineGadget::Size", "3");
}
END_TEST

START_TEST (test_cmdline_global_values)
{
  Values v;
  g_autofree gchar *a = NULL;

  a = PARSE_OK (&v, "--RngRun=3", "--RngSeed", "7", "--SchedulerType=ladder",
                "left");
  ck_assert_str_eq (a, "left");
  values_clear (&v);
  ck_assert_uint_eq (cns_global_value_get_uint64 ("RngRun"), 3);
  ck_assert_uint_eq (cns_global_value_get_uint64 ("RngSeed"), 7);
  ck_assert_str_eq (cns_global_value_get_string ("SchedulerType"), "ladder");

  PARSE_FAILS (CNS_CORE_ERROR_RANGE,
               "option --RngSeed: '0' is out of range "
               "(accepted: 1 to 4294944442)",
               "--RngSeed=0");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --RngRun: 'first' is not an unsigned integer "
               "(accepted: 0 to 2251799813685247)",
               "--RngRun=first");
  PARSE_FAILS (CNS_CORE_ERROR_PARSE,
               "option --RngRun needs a value (--RngRun=UINT)", "--RngRun");
  /* a failed setting leaves the value as it was */
  ck_assert_uint_eq (cns_global_value_get_uint64 ("RngSeed"), 7);
}
END_TEST

START_TEST (test_cmdline_global_value_check)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = NULL;

  left = parse_args (&v, &error,
                     (const gchar *const[]){ "--SchedulerType=bogus", NULL });
  ck_assert_ptr_null (left);
  ck_assert (error->domain == CNS_CORE_ERROR);
  ck_assert_msg (g_str_has_prefix (error->message, "option --SchedulerType: "),
                 "%s", error->message);
  ck_assert_msg (strstr (error->message, "bogus") != NULL, "%s",
                 error->message);
  ck_assert_str_eq (cns_global_value_get_string ("SchedulerType"), "heap");
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_environment)
{
  g_autoptr (GError) error = NULL;
  Values v;
  g_autofree gchar *left = NULL;

  /* the command line overrides CNS_ATTRIBUTE_DEFAULT */
  g_setenv ("CNS_ATTRIBUTE_DEFAULT",
            "CmdlineGadget::Size=20;CmdlineGadget::Enabled=false", TRUE);
  g_free (PARSE_OK (&v, "--CmdlineGadget::Size=30"));
  values_clear (&v);
  assert_default_uint (CMDLINE_TYPE_GADGET, "Size", 30);

  g_setenv ("CNS_ATTRIBUTE_DEFAULT", "CmdlineGadget::Size=99", TRUE);
  left = parse_args (&v, &error, (const gchar *const[]){ "--count=5", NULL });
  g_unsetenv ("CNS_ATTRIBUTE_DEFAULT");
  ck_assert_ptr_null (left);
  ck_assert_ptr_nonnull (error);
  ck_assert_int_eq (error->code, CNS_CORE_ERROR_RANGE);
  ck_assert_str_eq (
      error->message,
      "CNS_ATTRIBUTE_DEFAULT: CmdlineGadget::Size: '99' is out of "
      "range (accepted: 1 to 64)");
  ck_assert_int_eq (v.count, -3);
  values_clear (&v);
}
END_TEST

START_TEST (test_cmdline_bad_names)
{
  g_autoptr (CnsCommandLine) cmd = cns_command_line_new (NULL);
  gint a = 0;
  gint b = 0;
  gchar *args[] = { "prog", "--a=1", NULL };
  gchar **argv = args;
  gint argc = 2;

  cns_command_line_add_int (cmd, "a", "first", &a);
  CNS_TEST_EXPECT_CRITICAL ("*'a'*already taken*",
                            cns_command_line_add_int (cmd, "a", "again", &b));
  CNS_TEST_EXPECT_CRITICAL ("*'RngRun'*",
                            cns_command_line_add_int (cmd, "RngRun", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*'help'*",
                            cns_command_line_add_int (cmd, "help", "", &b));
  CNS_TEST_EXPECT_CRITICAL (
      "*'PrintGlobals'*",
      cns_command_line_add_int (cmd, "PrintGlobals", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*'--b'*",
                            cns_command_line_add_int (cmd, "--b", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*'b=1'*",
                            cns_command_line_add_int (cmd, "b=1", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*'T::b'*",
                            cns_command_line_add_int (cmd, "T::b", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*''*", cns_command_line_add_int (cmd, "", "", &b));
  CNS_TEST_EXPECT_CRITICAL ("*value != NULL*",
                            cns_command_line_add_int (cmd, "c", "", NULL));
  /* the first option still works, and only it */
  ck_assert (cns_command_line_try_parse (cmd, &argc, &argv, NULL));
  ck_assert_int_eq (a, 1);
  ck_assert_int_eq (b, 0);
}
END_TEST

/* The exiting options and cns_command_line_parse(), in a child. */

typedef struct
{
  gint status;
  gchar *out;
  gchar *err;
} Child;

#define RUN_CHILD(child, env, ...) \
  run_child ((child), (env), (const gchar *const[]){ __VA_ARGS__, NULL })

static void
run_child (Child *child, const gchar *const *env, const gchar *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, CNS_CMDLINE_CHILD);
  for (const gchar *const *a = args; *a != NULL; a++)
    g_ptr_array_add (argv, (gpointer) *a);
  g_ptr_array_add (argv, NULL);
  child->status = cns_test_spawn ((const gchar *const *) argv->pdata, env,
                                  &child->out, &child->err);
}

static void
child_clear (Child *child)
{
  g_free (child->out);
  g_free (child->err);
}

#define ASSERT_HAS(text, fragment)                    \
  ck_assert_msg (strstr ((text), (fragment)) != NULL, \
                 "'%s' not found in:\n%s", (fragment), (text))

START_TEST (test_cmdline_child_values)
{
  Child c;

  RUN_CHILD (&c, NULL, "first", "--count=-7", "--packets", "9", "--offset=-5",
             "--total=18446744073709551615", "--ratio=0.25", "--verbose",
             "--label=two words", "--endTime=250ms", "--rate=10Gbps",
             "--mode=slow", "--CnsChildWidget::Size=3",
             "--ChildWidget::Label=w2", "--RngRun=12", "last");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_str_eq (c.err, "");
  ck_assert_str_eq (c.out, "count=-7\n"
                           "packets=9\n"
                           "offset=-5\n"
                           "total=18446744073709551615\n"
                           "ratio=0.25\n"
                           "verbose=true\n"
                           "label=two words\n"
                           "endTime=250ms\n"
                           "rate=10Gbps\n"
                           "mode=slow\n"
                           "widget.size=3\n"
                           "widget.label=w2\n"
                           "RngRun=12\n"
                           "widget.capacity=100p\n"
                           "widget.kind=CnsExponentialRandomVariable\n"
                           "arg=first\n"
                           "arg=last\n");
  child_clear (&c);
}
END_TEST

/* A config store Save creates its file once the command line has parsed,
 * so that a path it cannot write fails before the set-up; when the write
 * at the run fails all the same, the program says so and ends with status
 * 1, keeping what it printed. */
START_TEST (test_cmdline_child_config_store_save)
{
  g_autofree gchar *dir = g_dir_make_tmp ("cns-save-XXXXXX", NULL);
  g_autofree gchar *path = g_build_filename (dir, "run.xml", NULL);
  g_autofree gchar *missing = g_build_filename (dir, "no", "run.xml", NULL);
  g_autofree gchar *file = g_strconcat ("--ConfigStore::Filename=", path, NULL);
  g_autofree gchar *bad
      = g_strconcat ("--ConfigStore::Filename=", missing, NULL);
  g_autofree gchar *remove = g_strconcat ("remove=", path, NULL);
  g_autofree gchar *message = NULL;
  Child c;

  RUN_CHILD (&c, NULL, "--ConfigStore::Mode=Save", bad, "run");
  ck_assert_int_eq (c.status, 1);
  ck_assert_str_eq (c.out, "");
  message = g_strdup_printf ("cmdline-child: ConfigStore: Cannot write "
                             "“%s”: No such file or directory\n",
                             missing);
  ck_assert_str_eq (c.err, message);
  child_clear (&c);

  /* created by the parse, written by the run */
  RUN_CHILD (&c, NULL, "--ConfigStore::Mode=Save", file);
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  child_clear (&c);
  RUN_CHILD (&c, NULL, "--ConfigStore::Mode=Save", file, "run");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "arg=run\n");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--ConfigStore::Mode=Save", file, remove, "run");
  ck_assert_int_eq (c.status, 1);
  ASSERT_HAS (c.out, "count=-3\n");
  ASSERT_HAS (c.out, "arg=run\n");
  g_free (message);
  message = g_strdup_printf ("cns: fatal error: ConfigStore: Cannot write "
                             "“%s”: No such file or directory\n",
                             path);
  ck_assert_str_eq (c.err, message);
  child_clear (&c);
  ck_assert (!g_file_test (dir, G_FILE_TEST_EXISTS));
}
END_TEST

START_TEST (test_cmdline_child_errors)
{
  Child c;

  RUN_CHILD (&c, NULL, "--packets=abc");
  ck_assert_int_eq (c.status, 2);
  ck_assert_str_eq (c.out, "");
  ASSERT_HAS (c.err, "cmdline-child: option --packets: 'abc' is not an "
                     "unsigned integer (accepted: 0 to 4294967295)\n");
  ASSERT_HAS (c.err, "cmdline-child --help' for more information.\n");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--frobnicate");
  ck_assert_int_eq (c.status, 2);
  ASSERT_HAS (c.err, "cmdline-child: unknown option --frobnicate\n");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--CnsChildWidget::Size=0");
  ck_assert_int_eq (c.status, 2);
  ASSERT_HAS (c.err, "option --CnsChildWidget::Size: '0' is out of range "
                     "(accepted: 1 to 64)\n");
  child_clear (&c);

  /* a bad option is reported even when --help is asked for */
  RUN_CHILD (&c, NULL, "--help", "--mode=warp");
  ck_assert_int_eq (c.status, 2);
  ck_assert_str_eq (c.out, "");
  ASSERT_HAS (c.err, "option --mode: 'warp' is not a mode");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--PrintAttributes=NoSuchThing");
  ck_assert_int_eq (c.status, 2);
  ck_assert_str_eq (c.out, "");
  ASSERT_HAS (c.err, "option --PrintAttributes: unknown object type "
                     "'NoSuchThing'");
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_environment)
{
  static const gchar *const env[]
      = { "CNS_ATTRIBUTE_DEFAULT=CnsChildWidget::Size=20;"
          "CnsChildWidget::Label=env",
          "CNS_GLOBAL_VALUE=RngRun=4", NULL };
  static const gchar *const bad_env[]
      = { "CNS_ATTRIBUTE_DEFAULT=CnsChildWidget::Size=many", NULL };
  Child c;

  RUN_CHILD (&c, env, "--CnsChildWidget::Size=30");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "widget.size=30\nwidget.label=env\nRngRun=4\n");
  child_clear (&c);

  RUN_CHILD (&c, env, "--RngRun=5");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "widget.size=20\nwidget.label=env\nRngRun=5\n");
  child_clear (&c);

  RUN_CHILD (&c, bad_env, "--count=1");
  ck_assert_int_eq (c.status, 2);
  ASSERT_HAS (c.err, "cmdline-child: CNS_ATTRIBUTE_DEFAULT: "
                     "CnsChildWidget::Size: 'many' is not an unsigned "
                     "integer (accepted: 1 to 64)\n");
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_help)
{
  g_auto (GStrv) lines = NULL;
  Child c;

  /* the defaults shown are those before the command line's changes */
  RUN_CHILD (&c, NULL, "--packets=5", "--RngRun=9", "--help");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_str_eq (c.err, "");
  ck_assert_msg (g_str_has_prefix (c.out, "Usage: "), "%s", c.out);
  ASSERT_HAS (c.out, "cmdline-child [OPTION...]\n\n"
                     "Runs nothing; prints the values it was given.\n");
  ASSERT_HAS (c.out, "\nProgram options:\n"
                     "  --count=INT                 A signed count [-3]\n"
                     "  --packets=UINT              Packets to send [100]\n");
  ASSERT_HAS (c.out, "  --verbose[=BOOL]            Say more [false]\n");
  ASSERT_HAS (c.out, "  --label=TEXT                A name [none]\n");
  ASSERT_HAS (c.out, "  --endTime=TIME              When to stop [10s]\n");
  ASSERT_HAS (c.out, "  --rate=RATE                 Sending rate [5Mbps]\n");
  ASSERT_HAS (c.out, "  --mode=MODE                 How to run\n");
  ASSERT_HAS (c.out, "\nGlobal values:\n");
  ASSERT_HAS (c.out, "  --RngRun=UINT               The run number");
  ASSERT_HAS (c.out, "replications [1]\n");
  ASSERT_HAS (c.out, "  --SchedulerType=TEXT ");
  ASSERT_HAS (c.out, "\nAttribute defaults:\n"
                     "  --TypeName::Attribute=VALUE\n");
  ASSERT_HAS (c.out, "--PrintAttributes=TYPE");
  ASSERT_HAS (c.out, "\nInformational options:\n");
  ASSERT_HAS (c.out, "  --PrintTypeNames  ");
  ASSERT_HAS (c.out, "  --PrintAttributes=TYPE  ");
  ASSERT_HAS (c.out, "  --PrintTraceSources=TYPE  ");
  ASSERT_HAS (c.out, "  --PrintGlobals  ");
  ASSERT_HAS (c.out, "  -h, --help  ");
  /* wrapped to 79 columns */
  lines = g_strsplit (c.out, "\n", -1);
  for (gchar **l = lines; *l != NULL; l++)
    ck_assert_msg (strlen (*l) <= 79, "too long: '%s'", *l);
  child_clear (&c);

  RUN_CHILD (&c, NULL, "-h");
  ck_assert_int_eq (c.status, 0);
  ASSERT_HAS (c.out, "\nProgram options:\n");
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_print_attributes)
{
  Child c;

  RUN_CHILD (&c, NULL, "--CnsChildWidget::Delay=2ms",
             "--PrintAttributes=CnsChildWidget");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_str_eq (c.err, "");
  ck_assert_str_eq (c.out,
                    "Attributes of CnsChildWidget:\n"
                    "  --CnsChildWidget::Size=[8]\n"
                    "      How many slots the widget has\n"
                    "      Type: uint, accepted: 1 to 64\n"
                    "  --CnsChildWidget::Label=[widget]\n"
                    "      The name shown for the widget\n"
                    "      Type: string\n"
                    "  --CnsChildWidget::Delay=[2ms]\n"
                    "      How long the widget takes to answer\n"
                    "      Type: CnsTime, accepted: 0s to 1s\n"
                    "  --CnsChildWidget::Capacity=[100p]\n"
                    "      How much the widget holds\n"
                    "      Type: CnsQueueSize, accepted: a queue size "
                    "such as 100p or 64KB\n"
                    "  --CnsChildWidget::Kind=[CnsExponentialRandomVariable]\n"
                    "      The random variable the widget draws from\n"
                    "      Type: GType, accepted: the name of a type "
                    "derived from CnsRandomVariable\n"
                    "  --CnsChildWidget::Serial=[0]\n"
                    "      The widget's serial number\n"
                    "      Type: uint, accepted: 0 to 1000, "
                    "read-only\n");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--PrintAttributes", "CnsObject");
  ck_assert_int_eq (c.status, 0);
  ck_assert_str_eq (c.out, "CnsObject has no attributes\n");
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_print_trace_sources)
{
  Child c;

  RUN_CHILD (&c, NULL, "--PrintTraceSources=ChildWidget");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_msg (g_str_has_prefix (c.out, "Trace sources of CnsChildWidget:\n"
                                          "  Poked: CnsChildWidgetPokedFn\n"
                                          "      Fired each time the widget is "
                                          "poked\n"),
                 "%s", c.out);
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_print_globals)
{
  Child c;

  RUN_CHILD (&c, NULL, "--PrintGlobals", "--RngRun=5");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_msg (g_str_has_prefix (c.out, "Global values:\n"), "%s", c.out);
  ASSERT_HAS (c.out, "  --RngRun=[5]\n"
                     "      The run number: selects the substream of every "
                     "random stream, for independent replications\n"
                     "      Type: uint64, accepted: 0 to 2251799813685247\n");
  ASSERT_HAS (c.out, "  --RngSeed=[1]\n");
  ASSERT_HAS (c.out, "  --SchedulerType=[heap]\n");
  child_clear (&c);
}
END_TEST

/* Defaults declared with cns_attribute_install_default(), as CnsQueue's
 * MaxSize is: new objects get them, configured defaults override them, and
 * the listing shows what an object gets. */
START_TEST (test_cmdline_child_declared_defaults)
{
  Child c;

  RUN_CHILD (&c, NULL, "--CnsChildWidget::Capacity=64KB",
             "--CnsChildWidget::Kind=CnsUniformRandomVariable");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "widget.capacity=64KB\n"
                     "widget.kind=CnsUniformRandomVariable\n");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--CnsChildWidget::Capacity=7p",
             "--PrintAttributes=CnsChildWidget");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "  --CnsChildWidget::Capacity=[7p]\n");
  ASSERT_HAS (c.out,
              "  --CnsChildWidget::Kind=[CnsExponentialRandomVariable]\n");
  child_clear (&c);
}
END_TEST

/* The text after "accepted: one of: " on the line under --NAME=[...]. */
static gchar *
listed_choices (const gchar *listing, const gchar *name)
{
  g_autofree gchar *head = g_strdup_printf ("  --%s=[", name);
  const gchar *at = strstr (listing, head);
  const gchar *from;

  ck_assert_msg (at != NULL, "%s not listed in:\n%s", name, listing);
  from = strstr (at, "accepted: one of: ");
  ck_assert_msg (from != NULL, "no choices for %s in:\n%s", name, listing);
  from += strlen ("accepted: one of: ");
  return g_strndup (from, strcspn (from, "\n"));
}

/* Collapses the line breaks and indentation of --help's wrapping. */
static gchar *
unwrap (const gchar *text)
{
  g_autoptr (GRegex) space = g_regex_new ("\\s+", 0, 0, NULL);

  return g_regex_replace_literal (space, text, -1, 0, " ", 0, NULL);
}

/* The choices listed are the registries', the child's own registrations
 * included, and nothing else. */
START_TEST (test_cmdline_child_global_choices)
{
  g_autofree gchar *schedulers = cns_scheduler_list_names ();
  g_autofree gchar *impls = cns_simulator_impl_list_names ();
  g_autofree gchar *want_schedulers
      = g_strconcat (schedulers, ", child-list", NULL);
  g_autofree gchar *want_impls = g_strconcat (impls, ", child-impl", NULL);
  g_autofree gchar *flat = NULL;
  g_autofree gchar *want = NULL;
  gchar *got;
  Child c;

  RUN_CHILD (&c, NULL, "--PrintGlobals");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  got = listed_choices (c.out, "SchedulerType");
  ck_assert_str_eq (got, want_schedulers);
  g_free (got);
  got = listed_choices (c.out, "SimulatorImplementationType");
  ck_assert_str_eq (got, want_impls);
  g_free (got);
  ASSERT_HAS (c.out, "  --SimulatorImplementationType=[default]\n"
                     "      How events are run\n");
  ck_assert_ptr_nonnull (strstr (impls, "gtw"));
  ck_assert_ptr_nonnull (strstr (impls, "null-message"));
  ck_assert_ptr_null (strstr (c.out, "bogus-sync"));
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--help");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  flat = unwrap (c.out);
  want = g_strdup_printf ("--SimulatorImplementationType=TEXT How events are "
                          "run (one of: %s) [default]",
                          want_impls);
  ASSERT_HAS (flat, want);
  g_free (want);
  want = g_strdup_printf ("--SchedulerType=TEXT The event scheduler (one of: "
                          "%s) [heap]",
                          want_schedulers);
  ASSERT_HAS (flat, want);
  ck_assert_ptr_nonnull (strstr (impls, "gtw"));
  ck_assert_ptr_nonnull (strstr (impls, "null-message"));
  ck_assert_ptr_null (strstr (c.out, "bogus-sync"));
  child_clear (&c);

  /* what is listed is accepted; what is not, refused */
  RUN_CHILD (&c, NULL, "--SimulatorImplementationType=child-impl",
             "--SchedulerType=child-list", "--PrintGlobals");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "  --SimulatorImplementationType=[child-impl]\n");
  ASSERT_HAS (c.out, "  --SchedulerType=[child-list]\n");
  child_clear (&c);

  /* --sync, the short form */
  RUN_CHILD (&c, NULL, "--sync=null", "--PrintGlobals");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ASSERT_HAS (c.out, "  --SimulatorImplementationType=[null-message]\n");
  child_clear (&c);
  RUN_CHILD (&c, NULL, "--sync=gtw", "--PrintGlobals");
  ASSERT_HAS (c.out, "  --SimulatorImplementationType=[gtw]\n");
  child_clear (&c);
  RUN_CHILD (&c, NULL, "--sync=fast");
  ck_assert_int_eq (c.status, 2);
  ASSERT_HAS (c.err, "option --sync: expected gtw or null, got 'fast'");
  child_clear (&c);
  RUN_CHILD (&c, NULL, "--help");
  ASSERT_HAS (c.out, "Short forms:\n  --sync=gtw|null");
  child_clear (&c);

  RUN_CHILD (&c, NULL, "--SimulatorImplementationType=bogus-sync");
  ck_assert_int_eq (c.status, 2);
  g_free (want);
  want = g_strdup_printf ("unknown simulator implementation 'bogus-sync' "
                          "(available: %s)",
                          want_impls);
  ASSERT_HAS (c.err, want);
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_print_type_names)
{
  g_auto (GStrv) lines = NULL;
  gboolean widget = FALSE;
  gboolean object = FALSE;
  Child c;

  RUN_CHILD (&c, NULL, "--PrintTypeNames");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  lines = g_strsplit (c.out, "\n", -1);
  for (guint i = 0; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      widget |= strcmp (lines[i], "CnsChildWidget") == 0;
      object |= strcmp (lines[i], "CnsObject") == 0;
      if (i > 0)
        ck_assert_msg (strcmp (lines[i - 1], lines[i]) < 0, "%s before %s",
                       lines[i - 1], lines[i]);
    }
  ck_assert (widget && object);
  child_clear (&c);
}
END_TEST

START_TEST (test_cmdline_child_several_listings)
{
  Child c;

  RUN_CHILD (&c, NULL, "--PrintAttributes=CnsObject", "--PrintGlobals");
  ck_assert_msg (c.status == 0, "status %d: %s", c.status, c.err);
  ck_assert_msg (g_str_has_prefix (c.out, "CnsObject has no attributes\n\n"
                                          "Global values:\n"),
                 "%s", c.out);
  child_clear (&c);
}
END_TEST

Suite *
test_command_line_suite (void)
{
  Suite *s = suite_create ("command-line");
  TCase *tc = tcase_create ("parse");
  TCase *child = tcase_create ("child");

  g_type_ensure (CMDLINE_TYPE_GADGET);
  tcase_add_checked_fixture (tc, cns_test_reset, cns_test_reset);
  tcase_add_test (tc, test_cmdline_defaults_untouched);
  tcase_add_test (tc, test_cmdline_integers);
  tcase_add_test (tc, test_cmdline_integer_errors);
  tcase_add_test (tc, test_cmdline_bad_value_leaves_variable);
  tcase_add_test (tc, test_cmdline_double);
  tcase_add_test (tc, test_cmdline_boolean);
  tcase_add_test (tc, test_cmdline_boolean_forms);
  tcase_add_test (tc, test_cmdline_string);
  tcase_add_test (tc, test_cmdline_time_and_rate);
  tcase_add_test (tc, test_cmdline_rate_errors);
  tcase_add_test (tc, test_cmdline_callback);
  tcase_add_test (tc, test_cmdline_unknown_and_malformed);
  tcase_add_test (tc, test_cmdline_positional_arguments);
  tcase_add_test (tc, test_cmdline_arguments_refused_by_default);
  tcase_add_test (tc, test_cmdline_optional_value_not_utf8);
  tcase_add_test (tc, test_cmdline_attribute_defaults);
  tcase_add_test (tc, test_cmdline_attribute_default_errors);
  tcase_add_test (tc, test_cmdline_global_values);
  tcase_add_test (tc, test_cmdline_global_value_check);
  tcase_add_test (tc, test_cmdline_environment);
  tcase_add_test (tc, test_cmdline_bad_names);
  suite_add_tcase (s, tc);

  /* Spawning is slow under valgrind. */
  tcase_set_timeout (child, 60);
  tcase_add_checked_fixture (child, cns_test_reset, cns_test_reset);
  tcase_add_test (child, test_cmdline_child_values);
  tcase_add_test (child, test_cmdline_child_errors);
  tcase_add_test (child, test_cmdline_child_environment);
  tcase_add_test (child, test_cmdline_child_help);
  tcase_add_test (child, test_cmdline_child_print_attributes);
  tcase_add_test (child, test_cmdline_child_print_trace_sources);
  tcase_add_test (child, test_cmdline_child_print_globals);
  tcase_add_test (child, test_cmdline_child_declared_defaults);
  tcase_add_test (child, test_cmdline_child_global_choices);
  tcase_add_test (child, test_cmdline_child_print_type_names);
  tcase_add_test (child, test_cmdline_child_several_listings);
  tcase_add_test (child, test_cmdline_child_config_store_save);
  suite_add_tcase (s, child);
  return s;
}
