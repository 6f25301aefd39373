/* cns — logging per component, and fatal errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each .c file declares a component ("cns-ipv4-l3-protocol") with a mask
 * of enabled levels. A disabled log statement costs one load and one
 * branch: the mask starts with every bit set plus CNS_LOG_MASK_UNRESOLVED,
 * so the first check takes the slow path once, reads the CNS_LOG rules and
 * stores the real mask. Components register themselves when their library
 * or program is loaded, so CNS_LOG is checked against every name before
 * the first line is logged.
 *
 * CNS_LOG="cns-ipv4-l3-protocol=debug:cns-udp-socket=all" enables
 * components; a level enables itself and every more severe level, "a|b"
 * combines levels, a name alone means all, and "*" matches every
 * component. An unknown name is an error that lists the known ones.
 *
 * Lines go through GLib's structured logging, one log domain per
 * component, with the simulation time and node as fields. cns's GLib
 * writer prints them as ns-3 does with prefix_time and prefix_node:
 *
 *   +1.500000000000s 3 cns-ipv4-l3-protocol:ipv4_send(): [DEBUG] text
 *
 * and hands every other message to GLib's default writer, so that
 * G_MESSAGES_DEBUG and the journal work as in any GLib program.
 *
 * API misuse (a g_critical from a cns log domain, such as a failed
 * g_return_if_fail) ends the program with status 1 through cns_fatal(),
 * so that a scenario cannot misuse the API and still end with status 0.
 */
#include "core/cns-log.h"

#include "core/cns-core-error.h"
#include "core/cns-log-private.h"
#include "core/cns-time.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  gchar *pattern; /* a component name or "*" */
  guint set;
  guint clear;
} LogRule;

static const struct
{
  const gchar *name;
  guint mask; /* the level and every more severe one */
} level_names[] = {
  { "error", CNS_LOG_LEVEL_ERROR },
  { "warn", CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN },
  { "debug", (CNS_LOG_LEVEL_DEBUG << 1) - 1 },
  { "info", (CNS_LOG_LEVEL_INFO << 1) - 1 },
  { "function", (CNS_LOG_LEVEL_FUNCTION << 1) - 1 },
  { "logic", (CNS_LOG_LEVEL_LOGIC << 1) - 1 },
  { "all", CNS_LOG_LEVEL_ALL },
};

#define LEVELS_HELP "error, warn, debug, info, function, logic or all"

static const gchar *const prefix_names[] = {
  "prefix_func",  "prefix_time", "prefix_node",
  "prefix_level", "prefix_all",  NULL,
};

static CnsLogComponent *components; /* every registered component */
static GArray *rules;               /* LogRule */
static gboolean environment_read;
static gboolean install_writer = TRUE;
static gboolean writer_installed;
static gboolean fatal_criticals = TRUE;
static GLogFunc next_handler;
static CnsFatalHook fatal_hook;
static CnsLogPrinter time_printer;
static CnsLogPrinter node_printer;
static void (*collective_leave) (void);
static gboolean (*collective_reporter) (void);

static void
log_rule_clear (gpointer data)
{
  g_free (((LogRule *) data)->pattern);
}

static GArray *
log_rules (void)
{
  if (rules == NULL)
    {
      rules = g_array_new (FALSE, FALSE, sizeof (LogRule));
      g_array_set_clear_func (rules, log_rule_clear);
    }
  return rules;
}

static guint
log_mask_for (const gchar *name)
{
  guint mask = 0;

  for (guint i = 0; rules != NULL && i < rules->len; i++)
    {
      LogRule *r = &g_array_index (rules, LogRule, i);

      if (strcmp (r->pattern, "*") == 0 || strcmp (r->pattern, name) == 0)
        mask = (mask | r->set) & ~r->clear;
    }
  return mask;
}

static void
log_refresh_components (void)
{
  for (CnsLogComponent *c = components; c != NULL; c = c->next)
    c->mask = log_mask_for (c->name);
}

void
cns_log_resolve_components (void)
{
  log_refresh_components ();
}

static void
log_add_rule (const gchar *pattern, guint set, guint clear)
{
  LogRule rule = { g_strdup (pattern), set & CNS_LOG_LEVEL_ALL,
                   clear & CNS_LOG_LEVEL_ALL };

  g_array_append_val (log_rules (), rule);
  log_refresh_components ();
}

static gboolean
log_component_known (const gchar *name)
{
  for (CnsLogComponent *c = components; c != NULL; c = c->next)
    if (strcmp (c->name, name) == 0)
      return TRUE;
  return FALSE;
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const gchar *const *) a, *(const gchar *const *) b);
}

/* "a, b, c": the registered names, sorted, each once. */
static gchar *
log_known_components (void)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  for (CnsLogComponent *c = components; c != NULL; c = c->next)
    g_ptr_array_add (names, (gpointer) c->name);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    if (i == 0 || strcmp (names->pdata[i], names->pdata[i - 1]) != 0)
      g_string_append_printf (text, "%s%s", text->len > 0 ? ", " : "",
                              (const gchar *) names->pdata[i]);
  return g_string_free (text, FALSE);
}

static void
log_read_environment (void)
{
  g_autoptr (GError) error = NULL;
  const gchar *env;

  if (environment_read)
    return;
  environment_read = TRUE;
  env = g_getenv ("CNS_LOG");
  if (env != NULL && !cns_log_parse (env, &error))
    cns_fatal ("CNS_LOG: %s", error->message);
}

/* Whether @level from @domain is API misuse that ends the program. */
static gboolean
log_critical_is_fatal (const gchar *domain, GLogLevelFlags level)
{
  return fatal_criticals && (level & G_LOG_LEVEL_CRITICAL) && domain != NULL
         && g_str_has_prefix (domain, "cns");
}

/* GLib's writer can be set once per process only, so cns sets it as late
 * as it can, and not at all when the program says it has its own. */
static void
log_install_writer (void)
{
  if (!install_writer || writer_installed)
    return;
  writer_installed = TRUE;
  g_log_set_writer_func (cns_log_writer, NULL, NULL);
}

/* The default handler of g_log() messages, set when libcns starts: unlike
 * the writer it can be replaced, by tests that expect criticals, so it can
 * be in place before anything can go wrong. */
static void
log_default_handler (const gchar *domain, GLogLevelFlags level,
                     const gchar *message, gpointer user_data)
{
  if (log_critical_is_fatal (domain, level))
    cns_fatal ("%s", message);
  next_handler (domain, level, message, NULL);
}

/* Makes criticals from cns log domains fatal from start-up on; called
 * once by the core module's initialisation. */
void
cns_log_init (void)
{
  if (next_handler == NULL)
    next_handler = g_log_set_default_handler (log_default_handler, NULL);
}

/* Checks CNS_LOG, fatally, and installs cns's writer; the command line and
 * the simulator call it so that a bad CNS_LOG stops a program before it
 * runs, whether or not anything logs. */
void
cns_log_start (void)
{
  log_read_environment ();
  log_install_writer ();
}

/**
 * cns_log_component_register:
 * @component: a component not yet registered, or one that is (nothing
 *   happens)
 *
 * Makes @component's name known to CNS_LOG. CNS_LOG_COMPONENT_DEFINE()
 * calls this when its file is loaded.
 */
void
cns_log_component_register (CnsLogComponent *component)
{
  g_return_if_fail (component != NULL && component->name != NULL);
  for (CnsLogComponent *c = components; c != NULL; c = c->next)
    if (c == component)
      return;
  component->next = components;
  components = component;
}

/**
 * cns_log_component_enabled:
 *
 * The slow path of CNS_LOG_IS_ENABLED(): resolves @component's mask on its
 * first use.
 *
 * Returns: whether any of @level is enabled for @component.
 */
gboolean
cns_log_component_enabled (CnsLogComponent *component, guint level)
{
  if (G_UNLIKELY (component->mask & ~CNS_LOG_LEVEL_ALL))
    {
      cns_log_start ();
      cns_log_component_register (component);
      component->mask = log_mask_for (component->name);
    }
  return (component->mask & level) != 0;
}

static const gchar *
level_label (guint level)
{
  switch (level)
    {
    case CNS_LOG_LEVEL_ERROR:
      return "ERROR";
    case CNS_LOG_LEVEL_WARN:
      return "WARN";
    case CNS_LOG_LEVEL_DEBUG:
      return "DEBUG";
    case CNS_LOG_LEVEL_INFO:
      return "INFO";
    case CNS_LOG_LEVEL_FUNCTION:
      return "FUNCT";
    default:
      return "LOGIC";
    }
}

/* GLib levels: ns-3's error and warn are warnings (GLib's error and
 * critical levels are for aborts and API misuse); info is info; the
 * debugging levels are debug. */
static GLogLevelFlags
level_to_glib (guint level, const gchar **priority)
{
  if (level & (CNS_LOG_LEVEL_ERROR | CNS_LOG_LEVEL_WARN))
    {
      *priority = "4";
      return G_LOG_LEVEL_WARNING;
    }
  if (level & CNS_LOG_LEVEL_INFO)
    {
      *priority = "6";
      return G_LOG_LEVEL_INFO;
    }
  *priority = "7";
  return G_LOG_LEVEL_DEBUG;
}

/**
 * cns_log_write:
 *
 * Logs one message through g_log_structured_array() in @component's log
 * domain, with the fields CODE_FUNC, CNS_TIME (the simulation time,
 * "+1.500000000000s"), CNS_NODE (the context's node id, or "-") and
 * CNS_LEVEL ("DEBUG"). Called by the CNS_LOG_*() macros once they know the
 * level is enabled.
 */
void
cns_log_write (CnsLogComponent *component, guint level, const gchar *function,
               const gchar *format, ...)
{
  gchar now[CNS_TIME_STRING_SIZE];
  gchar node[16] = "-";
  g_autofree gchar *message = NULL;
  const gchar *priority;
  GLogLevelFlags glib_level = level_to_glib (level, &priority);
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (time_printer != NULL)
    time_printer (now, sizeof now);
  else
    cns_time_format_seconds (0, now);
  if (node_printer != NULL)
    node_printer (node, sizeof node);
  {
    const GLogField fields[] = {
      { "GLIB_DOMAIN", component->name, -1 },
      { "MESSAGE", message, -1 },
      { "PRIORITY", priority, -1 },
      { "CODE_FUNC", function, -1 },
      { "CNS_TIME", now, -1 },
      { "CNS_NODE", node, -1 },
      { "CNS_LEVEL", level_label (level), -1 },
    };

    g_log_structured_array (glib_level, fields, G_N_ELEMENTS (fields));
  }
}

static const gchar *
field_value (const GLogField *fields, gsize n_fields, const gchar *key,
             gsize *length)
{
  for (gsize i = 0; i < n_fields; i++)
    if (strcmp (fields[i].key, key) == 0)
      {
        *length = fields[i].length < 0 ? strlen (fields[i].value)
                                       : (gsize) fields[i].length;
        return fields[i].value;
      }
  *length = 0;
  return "";
}

/**
 * cns_log_format_fields:
 * @fields: (array length=n_fields): a log record's fields
 *
 * Formats a record of cns_log_write() as cns prints it, for a program's
 * own GLib writer.
 *
 * Returns: (transfer full) (nullable): the line, without a newline, or
 * %NULL when the record does not come from cns_log_write().
 */
gchar *
cns_log_format_fields (const GLogField *fields, gsize n_fields)
{
  static const gchar *const keys[] = { "CNS_TIME",  "CNS_NODE",  "GLIB_DOMAIN",
                                       "CODE_FUNC", "CNS_LEVEL", "MESSAGE" };
  const gchar *value[G_N_ELEMENTS (keys)];
  gsize length[G_N_ELEMENTS (keys)];

  g_return_val_if_fail (fields != NULL || n_fields == 0, NULL);
  for (gsize k = 0; k < G_N_ELEMENTS (keys); k++)
    value[k] = field_value (fields, n_fields, keys[k], &length[k]);
  if (length[0] == 0)
    return NULL;
  return g_strdup_printf ("%.*s %.*s %.*s:%.*s(): [%.*s] %.*s", (int) length[0],
                          value[0], (int) length[1], value[1], (int) length[2],
                          value[2], (int) length[3], value[3], (int) length[4],
                          value[4], (int) length[5], value[5]);
}

/**
 * cns_log_writer:
 *
 * cns's GLib writer (see g_log_set_writer_func()). It prints the records
 * of cns_log_write() on stderr with cns's prefix (to the journal, with
 * their fields, when stderr is the journal), ends the program on a
 * critical from a cns log domain (see cns_log_set_fatal_criticals()), and
 * hands every other record to g_log_writer_default(). A program with a
 * writer of its own can hand records to this one.
 *
 * Returns: whether the record was written.
 */
GLogWriterOutput
cns_log_writer (GLogLevelFlags log_level, const GLogField *fields,
                gsize n_fields, gpointer user_data)
{
  g_autofree gchar *line = cns_log_format_fields (fields, n_fields);
  gsize length;

  if (line != NULL && g_log_writer_is_journald (fileno (stderr)))
    return g_log_writer_journald (log_level, fields, n_fields, user_data);
  if (line != NULL)
    {
      fputs (line, stderr);
      fputc ('\n', stderr);
      return G_LOG_WRITER_HANDLED;
    }
  if (log_critical_is_fatal (
          field_value (fields, n_fields, "GLIB_DOMAIN", &length), log_level))
    cns_fatal ("%s", field_value (fields, n_fields, "MESSAGE", &length));
  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

/**
 * cns_log_set_install_writer:
 * @install: %FALSE when the program installs its own GLib writer
 *
 * GLib takes one writer per process (g_log_set_writer_func()). cns
 * installs cns_log_writer() when it first needs it: when the command line
 * is parsed, a simulation starts, or logging is first checked or
 * configured. A program that installs its own writer says so with
 * %FALSE before that, and may hand cns's records to cns_log_writer().
 */
void
cns_log_set_install_writer (gboolean install)
{
  g_return_if_fail (install || !writer_installed);
  install_writer = install;
}

/**
 * cns_log_set_fatal_criticals:
 * @fatal: whether a critical from a cns log domain ends the program
 *
 * A g_critical from cns is API misuse (a failed g_return_if_fail names
 * the public function misused); by default it ends the program with
 * status 1 through cns_fatal(). With %FALSE it is printed and the program
 * goes on. A handler set with g_log_set_default_handler() replaces cns's
 * and decides for itself.
 */
void
cns_log_set_fatal_criticals (gboolean fatal)
{
  fatal_criticals = fatal;
}

static gboolean
log_parse_levels (const gchar *component, const gchar *text, guint *mask,
                  GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, "|", -1);

  /* "cns-x=" would otherwise be a rule that enables nothing, silently. */
  if (parts[0] == NULL)
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                   "no log level given for component '%s' "
                   "(accepted: " LEVELS_HELP ")",
                   component);
      return FALSE;
    }
  *mask = 0;
  for (gchar **p = parts; *p != NULL; p++)
    {
      const gchar *name;
      gsize i;

      g_strstrip (*p);
      /* ns-3's prefix options: cns always prefixes the time, node,
       * function and level, so they are accepted and change nothing. */
      if (g_strv_contains (prefix_names, *p))
        continue;
      name = g_str_has_prefix (*p, "level_") ? *p + 6 : *p;

      for (i = 0; i < G_N_ELEMENTS (level_names); i++)
        if (strcmp (name, level_names[i].name) == 0)
          break;
      if (i == G_N_ELEMENTS (level_names))
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "unknown log level '%s' for component '%s' "
                       "(accepted: " LEVELS_HELP ")",
                       *p, component);
          return FALSE;
        }
      *mask |= level_names[i].mask;
    }
  return TRUE;
}

static gboolean
log_check_component (const gchar *name, GError **error)
{
  g_autofree gchar *known = NULL;

  if (strcmp (name, "*") == 0 || log_component_known (name))
    return TRUE;
  known = log_known_components ();
  g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
               "unknown log component '%s' (known: %s)", name, known);
  return FALSE;
}

/**
 * cns_log_parse:
 * @spec: rules such as "cns-ipv4-l3-protocol=debug:cns-udp-socket=all" or
 *   "*=info"
 * @error: a #CNS_CORE_ERROR naming the bad rule, or the unknown component
 *   and the known ones
 *
 * Enables logging as CNS_LOG does. Nothing is applied unless every rule is
 * valid.
 *
 * Returns: %TRUE on success.
 */
gboolean
cns_log_parse (const gchar *spec, GError **error)
{
  g_auto (GStrv) items = NULL;
  g_autoptr (GArray) parsed = g_array_new (FALSE, FALSE, sizeof (LogRule));

  g_return_val_if_fail (spec != NULL, FALSE);
  /* CNS_LOG's rules come first, so that these add to them. */
  cns_log_start ();
  g_array_set_clear_func (parsed, log_rule_clear);
  items = g_strsplit (spec, ":", -1);
  for (gchar **item = items; *item != NULL; item++)
    {
      g_auto (GStrv) kv = NULL;
      LogRule rule = { NULL, CNS_LOG_LEVEL_ALL, 0 };

      g_strstrip (*item);
      if (**item == '\0')
        continue;
      kv = g_strsplit (*item, "=", 2);
      g_strstrip (kv[0]);
      if (*kv[0] == '\0')
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "'%s' names no component", *item);
          return FALSE;
        }
      if (!log_check_component (kv[0], error))
        return FALSE;
      if (kv[1] != NULL
          && !log_parse_levels (kv[0], g_strstrip (kv[1]), &rule.set, error))
        return FALSE;
      rule.pattern = g_strdup (kv[0]);
      g_array_append_val (parsed, rule);
    }
  for (guint i = 0; i < parsed->len; i++)
    {
      LogRule *r = &g_array_index (parsed, LogRule, i);

      log_add_rule (r->pattern, r->set, r->clear);
    }
  return TRUE;
}

/* Refuses an unknown component as API misuse: a name in the program's
 * own code is not user input. */
static gboolean
log_check_enable (const gchar *function, const gchar *component)
{
  g_autoptr (GError) error = NULL;

  if (log_check_component (component, &error))
    return TRUE;
  g_critical ("%s: %s", function, error->message);
  return FALSE;
}

/**
 * cns_log_enable:
 * @component: a registered component name, or "*" for all
 * @levels: #CnsLogLevel bits to turn on (exactly these)
 */
void
cns_log_enable (const gchar *component, guint levels)
{
  g_return_if_fail (component != NULL);
  cns_log_start ();
  if (log_check_enable (G_STRFUNC, component))
    log_add_rule (component, levels, 0);
}

/**
 * cns_log_disable:
 * @component: a registered component name, or "*" for all
 * @levels: #CnsLogLevel bits to turn off
 */
void
cns_log_disable (const gchar *component, guint levels)
{
  g_return_if_fail (component != NULL);
  cns_log_start ();
  if (log_check_enable (G_STRFUNC, component))
    log_add_rule (component, 0, levels);
}

/**
 * cns_log_reset:
 *
 * Turns every component off and forgets all rules, CNS_LOG's included.
 */
void
cns_log_reset (void)
{
  environment_read = TRUE;
  if (rules != NULL)
    g_array_set_size (rules, 0);
  log_refresh_components ();
}

/**
 * cns_fatal:
 *
 * Reports an unrecoverable error and ends the process with status 1. With
 * MPI, the hook set by the distributed simulators takes every rank down.
 */
void
cns_fatal (const gchar *format, ...)
{
  static gint fatal_started;
  gchar *message;
  va_list args;

  /* one message: a second thread that fails meanwhile waits for the
   * first one's exit() to end the process */
  if (!g_atomic_int_compare_and_exchange (&fatal_started, 0, 1))
    for (;;)
      g_usleep (G_USEC_PER_SEC);
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* what the program printed stays, even when the hook aborts MPI */
  fflush (stdout);
  fprintf (stderr, "cns: fatal error: %s\n", message);
  fflush (stderr);
  g_free (message); /* exit() does not unwind: a leak checker would see it */
  if (fatal_hook != NULL)
    fatal_hook (1);
  exit (1);
}

/**
 * cns_fatal_set_hook: (skip)
 * @hook: (nullable): called by cns_fatal() before exiting
 */
void
cns_fatal_set_hook (CnsFatalHook hook)
{
  fatal_hook = hook;
}

void
cns_log_set_time_printer (CnsLogPrinter printer)
{
  time_printer = printer;
}

void
cns_log_set_node_printer (CnsLogPrinter printer)
{
  node_printer = printer;
}

void
cns_log_set_collective_exit (void (*leave) (void), gboolean (*reporter) (void))
{
  collective_leave = leave;
  collective_reporter = reporter;
}

/**
 * cns_log_is_reporter:
 *
 * Whether this process prints the messages of errors every process meets
 * alike: %TRUE alone, on rank 0 of an MPI run.
 *
 * Returns: whether this process reports.
 */
gboolean
cns_log_is_reporter (void)
{
  return collective_reporter == NULL || collective_reporter ();
}

/**
 * cns_exit_collective:
 * @status: the exit status, the same on every process
 *
 * Ends the process with @status after an error that every MPI rank meets
 * alike (a bad option, a missing input file): every rank leaves the run
 * cleanly (MPI_Finalize) instead of aborting it, so that they all end with
 * @status. A rank that calls it alone would wait for the others: use
 * cns_fatal() for errors one rank meets by itself.
 */
void
cns_exit_collective (gint status)
{
  fflush (stdout);
  fflush (stderr);
  if (collective_leave != NULL)
    collective_leave ();
  exit (status);
}

/**
 * cns_fatal_collective:
 * @format: the message, printf-style
 * @...: its arguments
 *
 * Like cns_fatal() for an error that every MPI rank meets alike: one rank
 * prints the message and every rank ends with status 1 through
 * cns_exit_collective().
 */
void
cns_fatal_collective (const gchar *format, ...)
{
  va_list args;

  if (cns_log_is_reporter ())
    {
      g_autofree gchar *message = NULL;

      va_start (args, format);
      message = g_strdup_vprintf (format, args);
      va_end (args);
      fprintf (stderr, "cns: fatal error: %s\n", message);
    }
  cns_exit_collective (1);
}
