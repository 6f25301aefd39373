/* cns — logging per component, and fatal errors.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each .c file declares a component ("cns-ipv4") with a mask of enabled
 * levels. A disabled log statement costs one load and one branch: the mask
 * starts with every bit set plus CNS_LOG_MASK_UNRESOLVED, so the first check
 * takes the slow path once, reads the CNS_LOG rules and stores the real
 * mask.
 *
 * CNS_LOG="cns-ipv4=debug:cns-tcp=all" enables components; a level enables
 * itself and every more severe level, "a|b" combines levels, a name alone
 * means all, and "*" matches every component. Lines are prefixed with the
 * simulation time and the context (node id), as ns-3's prefix_time and
 * prefix_node do:
 *
 *   +1.500000000000s 3 cns-ipv4:ipv4_send(): [DEBUG] text
 */
#include "core/cns-log.h"

#include "core/cns-core-error.h"
#include "core/cns-simulator.h"

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

static CnsLogComponent *components; /* resolved components */
static GArray *rules;               /* LogRule */
static gboolean environment_read;
static CnsLogWriterFunc writer;
static gpointer writer_data;
static CnsFatalHook fatal_hook;

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

static void
log_add_rule (const gchar *pattern, guint set, guint clear)
{
  LogRule rule = { g_strdup (pattern), set & CNS_LOG_LEVEL_ALL,
                   clear & CNS_LOG_LEVEL_ALL };

  g_array_append_val (log_rules (), rule);
  log_refresh_components ();
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
      log_read_environment ();
      component->mask = log_mask_for (component->name);
      component->next = components;
      components = component;
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

/**
 * cns_log_write:
 *
 * Formats one log line with its time, context, component, function and
 * level prefix and hands it to the writer. Called by the CNS_LOG_*()
 * macros once they know the level is enabled.
 */
void
cns_log_write (CnsLogComponent *component, guint level, const gchar *function,
               const gchar *format, ...)
{
  gchar now[CNS_TIME_STRING_SIZE];
  gchar node[16] = "-";
  guint32 context = cns_simulator_get_context ();
  g_autofree gchar *message = NULL;
  g_autofree gchar *line = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  cns_time_format_seconds (cns_simulator_now (), now);
  if (context != CNS_CONTEXT_NONE)
    g_snprintf (node, sizeof node, "%u", context);
  line = g_strdup_printf ("%s %s %s:%s(): [%s] %s", now, node, component->name,
                          function, level_label (level), message);
  if (writer != NULL)
    writer (line, writer_data);
  else
    {
      fputs (line, stderr);
      fputc ('\n', stderr);
    }
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

/**
 * cns_log_parse:
 * @spec: rules such as "cns-ipv4=debug:cns-tcp=all" or "*=info"
 * @error: a #CNS_CORE_ERROR naming the bad rule
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

/**
 * cns_log_enable:
 * @component: a component name, or "*" for all
 * @levels: #CnsLogLevel bits to turn on (exactly these)
 */
void
cns_log_enable (const gchar *component, guint levels)
{
  g_return_if_fail (component != NULL);
  log_read_environment ();
  log_add_rule (component, levels, 0);
}

/**
 * cns_log_disable:
 * @component: a component name, or "*" for all
 * @levels: #CnsLogLevel bits to turn off
 */
void
cns_log_disable (const gchar *component, guint levels)
{
  g_return_if_fail (component != NULL);
  log_read_environment ();
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
 * cns_log_set_writer:
 * @writer: (nullable): receives each line; %NULL restores stderr
 */
void
cns_log_set_writer (CnsLogWriterFunc func, gpointer user_data)
{
  writer = func;
  writer_data = user_data;
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
  g_autofree gchar *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "cns: fatal error: %s\n", message);
  fflush (stderr);
  if (fatal_hook != NULL)
    fatal_hook (1);
  exit (1);
}

/**
 * cns_fatal_set_hook:
 * @hook: (nullable): called by cns_fatal() before exiting
 */
void
cns_fatal_set_hook (CnsFatalHook hook)
{
  fatal_hook = hook;
}
