/* cns — command-line options for scenario programs.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A scenario declares its own options ("--lps=1024", "--endTime=10s",
 * "--verbose") and gets, without declaring them, one option per global
 * value ("--RngRun=3"), one per attribute default
 * ("--CnsQueue::MaxSize=100p") and the informational options
 * --PrintTypeNames, --PrintAttributes=TYPE, --PrintTraceSources=TYPE,
 * --PrintGlobals and --help, as ns-3's CommandLine gives.
 *
 * Every value goes through the attribute parsers (cns_attribute_parse()),
 * so "5Mbps", "10ms" or "yes" mean the same here as in
 * cns_config_set_default(), and errors name the accepted form the same way.
 *
 * GOptionContext does the parsing. Two things it cannot do are done by a
 * scan of argv before it runs: attribute defaults, because there are too
 * many "Type::Attribute" names to give each an entry (and types registered
 * by the program must work too), and rejecting "--PrintGlobals=x", which
 * GOption accepts and ignores. Unknown options are reported after GOption
 * has run, so that the error is ours, in the core error domain. --help is
 * written here rather than by GOption so that it can show current values,
 * every section at once, and the attribute-default syntax; its global-value
 * and attribute sections, and the Print listings, come from
 * cns-type-listing.c.
 *
 * The informational options run only once the whole command line has
 * parsed, so "--RngRun=3 --PrintGlobals" shows 3, and a bad option is
 * reported rather than hidden by --help.
 */
#include "core/cns-command-line.h"

#include "core/cns-attribute.h"
#include "core/cns-config.h"
#include "core/cns-core-error.h"
#include "core/cns-core-private.h"
#include "core/cns-global-value.h"
#include "core/cns-log-private.h"
#include "core/cns-log.h"
#include "core/cns-object.h"
#include "core/cns-type-listing-private.h"
#include "core/cns-type-listing.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exit status for a bad command line, as GNU tools use. */
#define EXIT_USAGE 2

typedef enum
{
  ARITY_NONE,     /* --PrintGlobals */
  ARITY_OPTIONAL, /* --verbose, --verbose=false or --verbose false */
  ARITY_REQUIRED, /* --lps=1024 or --lps 1024 */
} Arity;

typedef enum
{
  INFO_TYPE_NAMES,
  INFO_ATTRIBUTES,
  INFO_TRACE_SOURCES,
  INFO_GLOBALS,
  INFO_HELP,
} InfoKind;

static const struct
{
  const gchar *name;
  const gchar *metavar; /* NULL when the option takes no value */
  const gchar *help;
} info_options[] = {
  [INFO_TYPE_NAMES]
  = { "PrintTypeNames", NULL, "Print the name of every object type and exit" },
  [INFO_ATTRIBUTES] = { "PrintAttributes", "TYPE",
                        "Print the attributes of TYPE and its ancestors "
                        "and exit" },
  [INFO_TRACE_SOURCES]
  = { "PrintTraceSources", "TYPE", "Print the trace sources of TYPE and exit" },
  [INFO_GLOBALS] = { "PrintGlobals", NULL, "Print the global values and exit" },
  [INFO_HELP] = { "help", NULL, "Show this help and exit" },
};

typedef struct
{
  gchar *name;
  gchar *help;
  gchar *metavar;
  gpointer value;    /* the caller's variable; NULL for callbacks */
  GParamSpec *pspec; /* the variable's type and range; NULL for callbacks */
  gpointer owned;    /* the variable cns_command_line_add_value() made */
  CnsCommandLineParseFunc func;
  gpointer user_data;
} Option;

struct _CnsCommandLine
{
  gint ref_count;
  gchar *description;
  GPtrArray *options;       /* Option, in the order they were added */
  gboolean takes_arguments; /* arguments other than options are allowed */
};

typedef struct
{
  InfoKind kind;
  GType type; /* for INFO_ATTRIBUTES and INFO_TRACE_SOURCES */
} InfoRequest;

/* The state of one parse, handed to the GOption callback. */
typedef struct
{
  CnsCommandLine *self;
  GArray *requests;    /* InfoRequest, in command-line order */
  GPtrArray *shown;    /* each option's value before parsing, for --help */
  GPtrArray *globals;  /* each global value's text before parsing */
  GHashTable *strings; /* strings this parse gave string options */
} Parse;

static void
option_free (gpointer data)
{
  Option *opt = data;

  g_free (opt->name);
  g_free (opt->help);
  g_free (opt->metavar);
  if (opt->pspec != NULL)
    g_param_spec_unref (opt->pspec);
  if (opt->owned != NULL && opt->pspec != NULL
      && opt->pspec->value_type == G_TYPE_STRING)
    g_free (*(gchar **) opt->owned);
  g_free (opt->owned);
  g_free (opt);
}

static gint
info_option_lookup (const gchar *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (info_options); i++)
    if (strcmp (name, info_options[i].name) == 0)
      return (gint) i;
  return -1;
}

static Option *
option_lookup (CnsCommandLine *self, const gchar *name)
{
  for (guint i = 0; i < self->options->len; i++)
    {
      Option *opt = g_ptr_array_index (self->options, i);

      if (strcmp (opt->name, name) == 0)
        return opt;
    }
  return NULL;
}

/* Finds how @name takes its value. Returns FALSE when no option is called
 * @name. */
static gboolean
option_shape (CnsCommandLine *self, const gchar *name, Arity *arity,
              const gchar **metavar)
{
  Option *opt;
  GParamSpec *pspec;
  gint info;

  if ((opt = option_lookup (self, name)) != NULL)
    {
      *arity = opt->pspec != NULL && G_IS_PARAM_SPEC_BOOLEAN (opt->pspec)
                   ? ARITY_OPTIONAL
                   : ARITY_REQUIRED;
      *metavar = opt->metavar;
      return TRUE;
    }
  if ((info = info_option_lookup (name)) >= 0)
    {
      *metavar = info_options[info].metavar;
      *arity = *metavar != NULL ? ARITY_REQUIRED : ARITY_NONE;
      return TRUE;
    }
  if ((pspec = cns_global_value_find (name)) != NULL)
    {
      *arity
          = G_IS_PARAM_SPEC_BOOLEAN (pspec) ? ARITY_OPTIONAL : ARITY_REQUIRED;
      *metavar = cns_type_listing_metavar (pspec->value_type);
      return TRUE;
    }
  return FALSE;
}

/* Copies the caller's variable into @value, initialised here. */
static void
option_get_value (const Option *opt, GValue *value)
{
  GType type = opt->pspec->value_type;

  g_value_init (value, type);
  if (type == G_TYPE_INT)
    g_value_set_int (value, *(gint *) opt->value);
  else if (type == G_TYPE_UINT)
    g_value_set_uint (value, *(guint *) opt->value);
  else if (type == G_TYPE_INT64)
    g_value_set_int64 (value, *(gint64 *) opt->value);
  else if (type == G_TYPE_UINT64)
    g_value_set_uint64 (value, *(guint64 *) opt->value);
  else if (type == G_TYPE_DOUBLE)
    g_value_set_double (value, *(gdouble *) opt->value);
  else if (type == G_TYPE_BOOLEAN)
    g_value_set_boolean (value, *(gboolean *) opt->value);
  else if (type == G_TYPE_STRING)
    g_value_set_string (value, *(gchar **) opt->value);
  else if (type == CNS_TYPE_TIME)
    cns_value_set_time (value, *(CnsTime *) opt->value);
  else
    cns_value_set_data_rate (value, *(CnsDataRate *) opt->value);
}

static void
option_set_value (const Option *opt, const GValue *value, Parse *parse)
{
  GType type = opt->pspec->value_type;

  if (type == G_TYPE_INT)
    *(gint *) opt->value = g_value_get_int (value);
  else if (type == G_TYPE_UINT)
    *(guint *) opt->value = g_value_get_uint (value);
  else if (type == G_TYPE_INT64)
    *(gint64 *) opt->value = g_value_get_int64 (value);
  else if (type == G_TYPE_UINT64)
    *(guint64 *) opt->value = g_value_get_uint64 (value);
  else if (type == G_TYPE_DOUBLE)
    *(gdouble *) opt->value = g_value_get_double (value);
  else if (type == G_TYPE_BOOLEAN)
    *(gboolean *) opt->value = g_value_get_boolean (value);
  else if (type == G_TYPE_STRING)
    {
      gchar **text = opt->value;

      /* The command line's own variable holds its own copy; for the
       * caller's, an option given twice: the first copy never reached
       * the caller. */
      if (opt->owned != NULL || g_hash_table_remove (parse->strings, *text))
        g_free (*text);
      *text = g_value_dup_string (value);
      if (opt->owned == NULL)
        g_hash_table_add (parse->strings, *text);
    }
  else if (type == CNS_TYPE_TIME)
    *(CnsTime *) opt->value = cns_value_get_time (value);
  else
    *(CnsDataRate *) opt->value = cns_value_get_data_rate (value);
}

static gchar *
option_format_value (const Option *opt)
{
  g_auto (GValue) value = G_VALUE_INIT;

  if (opt->pspec == NULL)
    return g_strdup ("");
  option_get_value (opt, &value);
  return cns_attribute_format (&value);
}

static gboolean
option_apply (const Option *opt, const gchar *text, Parse *parse,
              GError **error)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_autoptr (GError) local = NULL;

  if (opt->func != NULL)
    {
      if (opt->func (opt->name, text, opt->user_data, &local))
        return TRUE;
      if (local == NULL)
        g_set_error (&local, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                     "'%s' is not accepted (expected %s)", text, opt->metavar);
    }
  else if (cns_attribute_parse (opt->pspec, text, &value, &local))
    {
      option_set_value (opt, &value, parse);
      return TRUE;
    }
  g_propagate_prefixed_error (error, g_steal_pointer (&local),
                              "option --%s: ", opt->name);
  return FALSE;
}

static gboolean
option_name_is_free (CnsCommandLine *self, const gchar *name)
{
  return name[0] != '\0' && name[0] != '-' && strchr (name, '=') == NULL
         && strstr (name, "::") == NULL && strpbrk (name, " \t\n") == NULL
         && option_lookup (self, name) == NULL && info_option_lookup (name) < 0
         && cns_global_value_find (name) == NULL;
}

/* Returns a new option named @name, added to @self, or NULL when the name
 * cannot be used. */
static Option *
option_new (CnsCommandLine *self, const gchar *name, const gchar *help)
{
  Option *opt;

  if (!option_name_is_free (self, name))
    {
      g_critical ("option name '%s' is not usable: it is empty, contains "
                  "'=', '::' or spaces, starts with '-', or is already "
                  "taken",
                  name);
      return NULL;
    }
  opt = g_new0 (Option, 1);
  opt->name = g_strdup (name);
  opt->help = g_strdup (help != NULL ? help : "");
  g_ptr_array_add (self->options, opt);
  return opt;
}

static void
command_line_add (CnsCommandLine *self, const gchar *name, const gchar *help,
                  gpointer value, GParamSpec *pspec)
{
  Option *opt = option_new (self, name, help);

  g_param_spec_ref_sink (pspec);
  if (opt == NULL)
    {
      g_param_spec_unref (pspec);
      return;
    }
  opt->metavar = g_strdup (cns_type_listing_metavar (pspec->value_type));
  opt->value = value;
  opt->pspec = pspec;
}

/**
 * cns_command_line_new:
 * @description: (nullable): what the scenario does, shown by --help
 *
 * Returns: (transfer full): a command line with no scenario options yet;
 * the global values, attribute defaults and informational options are
 * always there.
 */
CnsCommandLine *
cns_command_line_new (const gchar *description)
{
  CnsCommandLine *self = g_new0 (CnsCommandLine, 1);

  self->ref_count = 1;
  self->description = g_strdup (description);
  self->options = g_ptr_array_new_with_free_func (option_free);
  return self;
}

/**
 * cns_command_line_set_takes_arguments:
 * @takes_arguments: whether the program reads arguments that are not
 *   options (default %FALSE)
 *
 * By default an argument that is not an option, such as a mistyped
 * "-nCampus=4" or a stray word, makes the parse fail and names it. A
 * program that reads such arguments itself sets this: the parse then
 * leaves them in argv, in order.
 */
void
cns_command_line_set_takes_arguments (CnsCommandLine *self,
                                      gboolean takes_arguments)
{
  g_return_if_fail (self != NULL);
  self->takes_arguments = takes_arguments;
}

G_DEFINE_BOXED_TYPE (CnsCommandLine, cns_command_line, cns_command_line_ref,
                     cns_command_line_unref)

/**
 * cns_command_line_ref:
 *
 * Returns: (transfer full): @self, with one more reference.
 */
CnsCommandLine *
cns_command_line_ref (CnsCommandLine *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

/**
 * cns_command_line_unref:
 *
 * Drops a reference to @self, freeing it with the last. The variables it
 * set stay as they are.
 */
void
cns_command_line_unref (CnsCommandLine *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_free (self->description);
  g_ptr_array_unref (self->options);
  g_free (self);
}

/**
 * cns_command_line_free:
 *
 * The same as cns_command_line_unref(): a program that made @self and
 * shared it with nobody frees it.
 */
void
cns_command_line_free (CnsCommandLine *self)
{
  cns_command_line_unref (self);
}

/**
 * cns_command_line_add_int:
 * @self: a #CnsCommandLine
 * @name: the option name without dashes, "nNodes"; it must not be taken
 *   by another option, a global value or an informational option
 * @help: what the option sets, for --help
 * @value: the variable to set; its value before parsing is the default
 *   that --help shows, and it is left alone unless the option is given
 *
 * Adds "--@name=INT". The same rules apply to the other
 * cns_command_line_add_*() functions, each for its type.
 */
void
cns_command_line_add_int (CnsCommandLine *self, const gchar *name,
                          const gchar *help, gint *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT,
                                      0, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_uint:
 *
 * Adds "--@name=UINT", 0 to 4294967295.
 */
void
cns_command_line_add_uint (CnsCommandLine *self, const gchar *name,
                           const gchar *help, guint *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0,
                                       G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_int64:
 *
 * Adds "--@name=INT", a 64-bit integer.
 */
void
cns_command_line_add_int64 (CnsCommandLine *self, const gchar *name,
                            const gchar *help, gint64 *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    g_param_spec_int64 ("value", NULL, NULL, G_MININT64,
                                        G_MAXINT64, 0, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_uint64:
 *
 * Adds "--@name=UINT", 64 bits unsigned.
 */
void
cns_command_line_add_uint64 (CnsCommandLine *self, const gchar *name,
                             const gchar *help, guint64 *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    g_param_spec_uint64 ("value", NULL, NULL, 0, G_MAXUINT64, 0,
                                         G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_double:
 *
 * Adds "--@name=NUMBER", any finite one.
 */
void
cns_command_line_add_double (CnsCommandLine *self, const gchar *name,
                             const gchar *help, gdouble *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE,
                                         G_MAXDOUBLE, 0, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_boolean:
 *
 * Adds "--@name", which sets *@value to %TRUE, and "--@name=BOOL" (or
 * "--@name BOOL") with true/false, yes/no, on/off or 1/0.
 */
void
cns_command_line_add_boolean (CnsCommandLine *self, const gchar *name,
                              const gchar *help, gboolean *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (
      self, name, help, value,
      g_param_spec_boolean ("value", NULL, NULL, FALSE, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_string:
 * @value: (inout) (nullable): a string or %NULL
 *
 * Adds "--@name=TEXT". When the option is given, *@value is replaced by a
 * newly allocated copy that the caller owns and frees with g_free(). The
 * value it had before parsing is not freed, so it may be a string literal;
 * the caller frees it, if it needs to, when *@value has changed.
 */
void
cns_command_line_add_string (CnsCommandLine *self, const gchar *name,
                             const gchar *help, gchar **value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (
      self, name, help, value,
      g_param_spec_string ("value", NULL, NULL, NULL, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_time:
 *
 * Adds "--@name=TIME": "10s", "1.5ms".
 */
void
cns_command_line_add_time (CnsCommandLine *self, const gchar *name,
                           const gchar *help, CnsTime *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    cns_param_spec_time ("value", NULL, NULL, CNS_TIME_MIN,
                                         CNS_TIME_MAX, 0, G_PARAM_READWRITE));
}

/**
 * cns_command_line_add_data_rate:
 *
 * Adds "--@name=RATE": "5Mbps".
 */
void
cns_command_line_add_data_rate (CnsCommandLine *self, const gchar *name,
                                const gchar *help, CnsDataRate *value)
{
  g_return_if_fail (self != NULL && name != NULL && value != NULL);
  command_line_add (self, name, help, value,
                    cns_param_spec_data_rate ("value", NULL, NULL, 0,
                                              G_MAXUINT64, 0,
                                              G_PARAM_READWRITE));
}

/* The kinds cns_command_line_add_value() takes: an option type each. */
static GParamSpec *
value_kind_pspec (const gchar *kind)
{
  static const GParamFlags rw = G_PARAM_READWRITE;

  if (g_str_equal (kind, "int"))
    return g_param_spec_int ("value", NULL, NULL, G_MININT, G_MAXINT, 0, rw);
  if (g_str_equal (kind, "uint"))
    return g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0, rw);
  if (g_str_equal (kind, "int64"))
    return g_param_spec_int64 ("value", NULL, NULL, G_MININT64, G_MAXINT64, 0,
                               rw);
  if (g_str_equal (kind, "uint64"))
    return g_param_spec_uint64 ("value", NULL, NULL, 0, G_MAXUINT64, 0, rw);
  if (g_str_equal (kind, "double"))
    return g_param_spec_double ("value", NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE,
                                0, rw);
  if (g_str_equal (kind, "boolean"))
    return g_param_spec_boolean ("value", NULL, NULL, FALSE, rw);
  if (g_str_equal (kind, "string"))
    return g_param_spec_string ("value", NULL, NULL, NULL, rw);
  if (g_str_equal (kind, "time"))
    return cns_param_spec_time ("value", NULL, NULL, CNS_TIME_MIN, CNS_TIME_MAX,
                                0, rw);
  if (g_str_equal (kind, "data-rate"))
    return cns_param_spec_data_rate ("value", NULL, NULL, 0, G_MAXUINT64, 0,
                                     rw);
  return NULL;
}

/**
 * cns_command_line_add_value:
 * @name: the option name, without dashes
 * @help: (nullable): what the option sets
 * @kind: the value's type: "int", "uint", "int64", "uint64", "double",
 *   "boolean", "string", "time" or "data-rate"
 * @default_text: (nullable): its default, written as on the command line;
 *   %NULL for 0, false or no string
 * @error: a #CNS_CORE_ERROR naming the kind or the default at fault
 *
 * Adds "--@name=VALUE" with a variable the command line keeps, read back
 * with cns_command_line_get_value() after the parse: the form for
 * bindings, which cannot hand over the address of a variable, as
 * ns-3's Python CommandLine.AddValue().
 *
 * Returns: %TRUE when the option was added.
 */
gboolean
cns_command_line_add_value (CnsCommandLine *self, const gchar *name,
                            const gchar *help, const gchar *kind,
                            const gchar *default_text, GError **error)
{
  GParamSpec *pspec;
  g_auto (GValue) value = G_VALUE_INIT;
  Option *opt;

  g_return_val_if_fail (self != NULL && name != NULL && kind != NULL, FALSE);
  if ((pspec = value_kind_pspec (kind)) == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "option --%s: '%s' is not a kind of value (accepted: int, "
                   "uint, int64, uint64, double, boolean, string, time, "
                   "data-rate)",
                   name, kind);
      return FALSE;
    }
  g_param_spec_ref_sink (pspec);
  if (default_text != NULL
      && !cns_attribute_parse (pspec, default_text, &value, error))
    {
      g_prefix_error (error, "option --%s: default: ", name);
      g_param_spec_unref (pspec);
      return FALSE;
    }
  if (!option_name_is_free (self, name))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "option name '%s' is not usable: it is empty, contains "
                   "'=', '::' or spaces, starts with '-', or is already taken",
                   name);
      g_param_spec_unref (pspec);
      return FALSE;
    }
  opt = option_new (self, name, help);
  opt->metavar = g_strdup (cns_type_listing_metavar (pspec->value_type));
  opt->pspec = pspec;
  /* eight bytes hold any of the kinds, a string pointer included */
  opt->owned = opt->value = g_new0 (guint64, 1);
  if (G_IS_VALUE (&value))
    option_set_value (opt, &value, NULL);
  return TRUE;
}

/**
 * cns_command_line_get_value:
 * @self: a command line
 * @name: an option added with cns_command_line_add_value()
 * @value: (out caller-allocates): its value: times as gint64 picoseconds,
 *   data rates as guint64 bits per second
 * @error: a #CNS_CORE_ERROR naming @name when it is no such option
 *
 * Returns: (skip): %TRUE when @value was set; bindings return the value.
 */
gboolean
cns_command_line_get_value (CnsCommandLine *self, const gchar *name,
                            GValue *value, GError **error)
{
  g_return_val_if_fail (self != NULL && name != NULL && value != NULL, FALSE);
  for (guint i = 0; i < self->options->len; i++)
    {
      const Option *opt = g_ptr_array_index (self->options, i);
      GType type;

      if (opt->owned == NULL || !g_str_equal (opt->name, name))
        continue;
      type = opt->pspec->value_type;
      if (type == CNS_TYPE_TIME)
        g_value_set_int64 (g_value_init (value, G_TYPE_INT64),
                           *(CnsTime *) opt->value);
      else if (type == CNS_TYPE_DATA_RATE)
        g_value_set_uint64 (g_value_init (value, G_TYPE_UINT64),
                            *(CnsDataRate *) opt->value);
      else
        option_get_value (opt, value);
      return TRUE;
    }
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
               "no option --%s was added with cns_command_line_add_value()",
               name);
  return FALSE;
}

/**
 * cns_command_line_add_callback: (skip)
 * @arg_help: (nullable): a placeholder for the value in --help, "MODE"
 * @func: called with the text of each occurrence of the option
 *
 * Adds "--@name=@arg_help" for values no other function covers. When
 * @func refuses a value, its error is reported prefixed with the option.
 */
void
cns_command_line_add_callback (CnsCommandLine *self, const gchar *name,
                               const gchar *help, const gchar *arg_help,
                               CnsCommandLineParseFunc func, gpointer user_data)
{
  Option *opt;

  g_return_if_fail (self != NULL && name != NULL && func != NULL);
  if ((opt = option_new (self, name, help)) == NULL)
    return;
  opt->metavar = g_strdup (arg_help != NULL ? arg_help : "VALUE");
  opt->func = func;
  opt->user_data = user_data;
}

static GType
resolve_object_type (const gchar *name, GError **error)
{
  GType type = g_type_from_name (name);

  /* As in cns_config_set_default(), the Cns prefix may be left out. */
  if (type == G_TYPE_INVALID)
    {
      g_autofree gchar *prefixed = g_strconcat ("Cns", name, NULL);

      type = g_type_from_name (prefixed);
    }
  if (type == G_TYPE_INVALID || !g_type_is_a (type, G_TYPE_OBJECT))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                   "unknown object type '%s' (see --PrintTypeNames)", name);
      return G_TYPE_INVALID;
    }
  return type;
}

/* --sync=gtw|null, short for --SimulatorImplementationType: the
 * distributed simulator. */
static gboolean
parse_sync (const gchar *text, GError **error)
{
  const gchar *impl = NULL;

  if (g_strcmp0 (text, "gtw") == 0)
    impl = "gtw";
  else if (g_strcmp0 (text, "null") == 0
           || g_strcmp0 (text, "null-message") == 0)
    impl = "null-message";
  if (impl == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "option --sync: expected gtw or null, got '%s'",
                   text != NULL ? text : "");
      return FALSE;
    }
  return cns_global_value_set ("SimulatorImplementationType", impl, error);
}

/* The GOption callback of every option: dispatches on the name. */
static gboolean
parse_option (const gchar *option_name, const gchar *text, gpointer data,
              GError **error)
{
  Parse *parse = data;
  const gchar *name = option_name + (option_name[1] == '-' ? 2 : 1);
  InfoRequest request = { INFO_HELP, G_TYPE_INVALID };
  Option *opt;
  gint info;

  /* GOption calls back even when it could not convert an optional value
   * to UTF-8, with its error already set: keep that error */
  if (error != NULL && *error != NULL)
    return FALSE;
  /* -h is the only short option. */
  if (option_name[1] != '-')
    info = INFO_HELP;
  else if ((opt = option_lookup (parse->self, name)) != NULL)
    return option_apply (opt, text != NULL ? text : "true", parse, error);
  else if (strcmp (name, "sync") == 0)
    return parse_sync (text, error);
  else if (strcmp (name, "threads") == 0)
    {
      /* --threads=N, short for --Threads=N */
      if (cns_global_value_set ("Threads", text != NULL ? text : "", error))
        return TRUE;
      g_prefix_error (error, "option --threads: ");
      return FALSE;
    }
  else if ((info = info_option_lookup (name)) < 0)
    {
      /* Errors of cns_global_value_set() start with the value's name. */
      if (cns_global_value_set (name, text != NULL ? text : "true", error))
        return TRUE;
      g_prefix_error (error, "option --");
      return FALSE;
    }
  request.kind = (InfoKind) info;
  if (info == INFO_ATTRIBUTES || info == INFO_TRACE_SOURCES)
    {
      request.type = resolve_object_type (text, error);
      if (request.type == G_TYPE_INVALID)
        {
          g_prefix_error (error, "option --%s: ", name);
          return FALSE;
        }
    }
  g_array_append_val (parse->requests, request);
  return TRUE;
}

static void
remove_arg (gint *argc, gchar **argv, gint index)
{
  memmove (&argv[index], &argv[index + 1],
           (gsize) (*argc - index - 1) * sizeof (gchar *));
  (*argc)--;
  argv[*argc] = NULL;
}

/* Applies "--Type::Attribute=value" and removes it from argv; checks that
 * options taking no value have none and that the others have one. */
static gboolean
prescan (CnsCommandLine *self, gint *argc, gchar **argv, GError **error)
{
  gint i = 1;

  while (i < *argc)
    {
      const gchar *arg = argv[i];
      const gchar *eq = strchr (arg, '=');
      g_autofree gchar *name = NULL;
      const gchar *metavar = NULL;
      Arity arity;

      if (strcmp (arg, "--") == 0)
        break;
      if (!g_str_has_prefix (arg, "--"))
        {
          i++;
          continue;
        }
      name = eq != NULL ? g_strndup (arg + 2, (gsize) (eq - arg - 2))
                        : g_strdup (arg + 2);
      if (strstr (name, "::") != NULL)
        {
          if (eq == NULL)
            {
              g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                           "option --%s needs a value (--%s=VALUE)", name,
                           name);
              return FALSE;
            }
          if (!cns_config_set_default (name, eq + 1, error))
            {
              g_prefix_error (error, "option --");
              return FALSE;
            }
          remove_arg (argc, argv, i);
          continue;
        }
      i++;
      /* Unknown options are reported once GOption has run. */
      if (!option_shape (self, name, &arity, &metavar))
        continue;
      if (eq != NULL)
        {
          if (arity == ARITY_NONE)
            {
              g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                           "option --%s takes no value", name);
              return FALSE;
            }
          continue;
        }
      /* GOption takes the next argument as the value; skip it. */
      if (arity == ARITY_REQUIRED)
        {
          if (i == *argc)
            {
              g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                           "option --%s needs a value (--%s=%s)", name, name,
                           metavar);
              return FALSE;
            }
          i++;
        }
      else if (arity == ARITY_OPTIONAL && i < *argc && argv[i][0] != '-')
        i++;
    }
  return TRUE;
}

/* Options GOption did not know are left in argv before any "--". */
static gboolean
check_unknown (gint argc, gchar **argv, GError **error)
{
  for (gint i = 1; i < argc; i++)
    {
      const gchar *arg = argv[i];

      if (strcmp (arg, "--") == 0)
        break;
      if (arg[0] == '-' && arg[1] != '\0')
        {
          g_autofree gchar *name = g_strndup (arg, strcspn (arg, "="));

          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                       "unknown option %s", name);
          return FALSE;
        }
    }
  return TRUE;
}

static void
add_entry (GArray *entries, const gchar *name, gchar short_name, Arity arity)
{
  GOptionEntry entry
      = { name, short_name, 0, G_OPTION_ARG_CALLBACK, (gpointer) parse_option,
          NULL, NULL };

  if (arity == ARITY_NONE)
    entry.flags = G_OPTION_FLAG_NO_ARG;
  else if (arity == ARITY_OPTIONAL)
    entry.flags = G_OPTION_FLAG_OPTIONAL_ARG;
  g_array_append_val (entries, entry);
}

static GOptionContext *
build_context (CnsCommandLine *self, Parse *parse)
{
  GOptionContext *context = g_option_context_new (NULL);
  GOptionGroup *group = g_option_group_new ("cns", "", "", parse, NULL);
  g_autoptr (GArray) entries = g_array_new (TRUE, TRUE, sizeof (GOptionEntry));
  g_autoptr (GList) globals = cns_global_value_list ();

  for (guint i = 0; i < self->options->len; i++)
    {
      Option *opt = g_ptr_array_index (self->options, i);
      Arity arity;
      const gchar *metavar;

      option_shape (self, opt->name, &arity, &metavar);
      add_entry (entries, opt->name, 0, arity);
    }
  for (GList *it = globals; it != NULL; it = it->next)
    {
      GParamSpec *pspec = it->data;

      add_entry (entries, pspec->name, 0,
                 G_IS_PARAM_SPEC_BOOLEAN (pspec) ? ARITY_OPTIONAL
                                                 : ARITY_REQUIRED);
    }
  add_entry (entries, "sync", 0, ARITY_REQUIRED);
  add_entry (entries, "threads", 0, ARITY_REQUIRED);
  for (gsize i = 0; i < G_N_ELEMENTS (info_options); i++)
    add_entry (entries, info_options[i].name, i == INFO_HELP ? 'h' : 0,
               info_options[i].metavar ? ARITY_REQUIRED : ARITY_NONE);
  g_option_group_add_entries (group, (GOptionEntry *) entries->data);
  g_option_context_set_main_group (context, group);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_ignore_unknown_options (context, TRUE);
  return context;
}

/* Remembers the values that --help shows as defaults, before any option
 * changes them. */
static void
parse_init (Parse *parse, CnsCommandLine *self)
{
  g_autoptr (GList) globals = cns_global_value_list ();

  parse->self = self;
  parse->requests = g_array_new (FALSE, FALSE, sizeof (InfoRequest));
  parse->shown = g_ptr_array_new_with_free_func (g_free);
  parse->globals = g_ptr_array_new_with_free_func (g_free);
  parse->strings = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < self->options->len; i++)
    g_ptr_array_add (parse->shown,
                     option_format_value (self->options->pdata[i]));
  for (GList *it = globals; it != NULL; it = it->next)
    g_ptr_array_add (parse->globals,
                     cns_type_listing_global_value_text (it->data));
}

static void
parse_clear (Parse *parse)
{
  g_array_unref (parse->requests);
  g_ptr_array_unref (parse->shown);
  g_ptr_array_unref (parse->globals);
  g_hash_table_unref (parse->strings);
}

static gchar *
option_synopsis (const gchar *name, Arity arity, const gchar *metavar)
{
  switch (arity)
    {
    case ARITY_NONE:
      return g_strdup_printf ("--%s", name);
    case ARITY_OPTIONAL:
      return g_strdup_printf ("--%s[=%s]", name, metavar);
    default:
      return g_strdup_printf ("--%s=%s", name, metavar);
    }
}

static void
print_help (Parse *parse, GString *out)
{
  CnsCommandLine *self = parse->self;
  guint i;

  g_string_append_printf (out, "Usage: %s [OPTION...]\n",
                          g_get_prgname () ? g_get_prgname () : "program");
  if (self->description != NULL && *self->description != '\0')
    g_string_append_printf (out, "\n%s\n", self->description);

  if (self->options->len > 0)
    g_string_append (out, "\nProgram options:\n");
  for (i = 0; i < self->options->len; i++)
    {
      Option *opt = g_ptr_array_index (self->options, i);
      g_autofree gchar *synopsis = NULL;
      const gchar *metavar;
      Arity arity;

      option_shape (self, opt->name, &arity, &metavar);
      synopsis = option_synopsis (opt->name, arity, metavar);
      cns_type_listing_append_help_line (out, synopsis, opt->help,
                                         parse->shown->pdata[i]);
    }

  cns_type_listing_append_help_sections (out, parse->globals);
  g_string_append (out, "\nShort forms:\n");
  cns_type_listing_append_help_line (
      out, "--sync=gtw|null",
      "--SimulatorImplementationType=gtw or null-message: the distributed "
      "simulator under mpirun",
      NULL);
  cns_type_listing_append_help_line (
      out, "--threads=N",
      "--Threads=N: run on N threads (0: one per core), the nodes split "
      "into logical processes",
      NULL);

  g_string_append (out, "\nInformational options:\n");
  for (i = 0; i < G_N_ELEMENTS (info_options); i++)
    {
      g_autofree gchar *synopsis
          = i == INFO_HELP
                ? g_strdup ("-h, --help")
                : option_synopsis (info_options[i].name,
                                   info_options[i].metavar ? ARITY_REQUIRED
                                                           : ARITY_NONE,
                                   info_options[i].metavar);

      cns_type_listing_append_help_line (out, synopsis, info_options[i].help,
                                         NULL);
    }
}

/* The output of --help, or of the Print options in the order given. */
static gchar *
informational_text (Parse *parse)
{
  GString *out = g_string_new (NULL);
  gboolean help = FALSE;

  for (guint i = 0; i < parse->requests->len; i++)
    help |= g_array_index (parse->requests, InfoRequest, i).kind == INFO_HELP;
  if (help)
    print_help (parse, out);
  else
    for (guint i = 0; i < parse->requests->len; i++)
      {
        InfoRequest *request = &g_array_index (parse->requests, InfoRequest, i);

        g_autofree gchar *text = NULL;

        if (i > 0)
          g_string_append_c (out, '\n');
        switch (request->kind)
          {
          case INFO_TYPE_NAMES:
            text = cns_type_listing_type_names ();
            break;
          case INFO_ATTRIBUTES:
            text = cns_type_listing_attributes (request->type);
            break;
          case INFO_TRACE_SOURCES:
            text = cns_type_listing_trace_sources (request->type);
            break;
          default:
            text = cns_type_listing_global_values ();
            break;
          }
        g_string_append (out, text);
      }
  return g_string_free (out, FALSE);
}

/* cns_command_line_try_parse() without the config store's step, which
 * cns_command_line_parse() reports apart. */
static gboolean
command_line_parse (CnsCommandLine *self, gint *argc, gchar ***argv,
                    GError **error)
{
  g_autofree gchar *listing = NULL;
  Parse parse;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (argc != NULL && argv != NULL, FALSE);

  if (g_get_prgname () == NULL && *argc > 0)
    {
      g_autofree gchar *base = g_path_get_basename ((*argv)[0]);

      g_set_prgname (base);
    }
  if (!cns_config_apply_environment (error))
    return FALSE;
  cns_log_start ();
  parse_init (&parse, self);
  ok = prescan (self, argc, *argv, error);
  if (ok)
    {
      GOptionContext *context = build_context (self, &parse);
      g_autoptr (GError) local = NULL;

      ok = g_option_context_parse (context, argc, argv, &local);
      g_option_context_free (context);
      /* Our callback's errors are already in the core domain. */
      if (!ok && local->domain != CNS_CORE_ERROR)
        g_set_error_literal (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                             local->message);
      else if (!ok)
        g_propagate_error (error, g_steal_pointer (&local));
    }
  if (ok)
    ok = check_unknown (*argc, *argv, error);
  if (ok && !self->takes_arguments && *argc > 1)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "unexpected argument '%s'", (*argv)[1]);
      ok = FALSE;
    }
  if (ok && parse.requests->len > 0)
    listing = informational_text (&parse);
  parse_clear (&parse);
  if (listing != NULL)
    {
      /* every rank parses the same command line: one prints */
      if (cns_log_is_reporter ())
        fputs (listing, stdout);
      g_clear_pointer (&listing, g_free);
      cns_exit_collective (EXIT_SUCCESS);
    }
  return ok;
}

/**
 * cns_command_line_try_parse:
 * @self: a #CnsCommandLine
 * @argc: (inout): the number of arguments
 * @argv: (inout) (array length=argc): the arguments; argv[0] is the
 *   program
 * @error: a #CNS_CORE_ERROR naming the option at fault and the accepted
 *   form, or the config store's error
 *
 * Applies CNS_ATTRIBUTE_DEFAULT, then the options in @argv: scenario
 * options set their variables, "--Name=value" sets a global value and
 * "--TypeName::Attribute=value" an attribute default (for any object type
 * registered by now). Recognised options are removed from @argv, as
 * g_option_context_parse() does. Unknown options are errors, and so are
 * other arguments unless cns_command_line_set_takes_arguments() allows
 * them: they then stay in @argv, in order. When an option is refused, others
 * may already have been applied: attribute defaults are applied first, the
 * other options in the order given. Then, with --ConfigStore::Mode=Load,
 * the defaults and global values of the config store's file are applied;
 * with --ConfigStore::Mode=Save, its file is created, or the error names
 * it (see #CnsConfigStore). With MPI, every rank calls it.
 *
 * If the command line is good and asks for --help or a Print option, the
 * listing is written to stdout and the process exits with status 0.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_command_line_try_parse (CnsCommandLine *self, gint *argc, gchar ***argv,
                            GError **error)
{
  return command_line_parse (self, argc, argv, error)
         && cns_config_store_apply_command_line (error);
}

/**
 * cns_command_line_parse:
 * @self: a #CnsCommandLine
 * @argc: (inout): the number of arguments
 * @argv: (inout) (array length=argc): the arguments; argv[0] is the
 *   program
 *
 * Like cns_command_line_try_parse(), but a bad command line is reported on
 * stderr, "PROGRAM: message" and a pointer to --help, and the process exits
 * with status 2; a config store file that cannot be loaded is reported as
 * "PROGRAM: message", with status 1. On MPI ranks, which all parse the
 * same command line, rank 0 prints and every rank ends alike through
 * cns_exit_collective(), as after a listing.
 */
void
cns_command_line_parse (CnsCommandLine *self, gint *argc, gchar ***argv)
{
  g_autoptr (GError) error = NULL;
  const gchar *program;

  if (!command_line_parse (self, argc, argv, &error))
    {
      program = g_get_prgname () ? g_get_prgname () : "program";
      if (cns_log_is_reporter ())
        fprintf (stderr, "%s: %s\nTry '%s --help' for more information.\n",
                 program, error->message, program);
      cns_exit_collective (EXIT_USAGE);
    }
  /* A bad config store file is not a usage error: one line, status 1. */
  if (!cns_config_store_apply_command_line (&error))
    {
      program = g_get_prgname () ? g_get_prgname () : "program";
      if (cns_log_is_reporter ())
        fprintf (stderr, "%s: %s\n", program, error->message);
      cns_exit_collective (EXIT_FAILURE);
    }
}
