/* cns — global values: simulation-wide settings such as RngSeed.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * A global value is a named GParamSpec with a current value, like ns-3's
 * GlobalValue: RngSeed, RngRun, SchedulerType, SimulatorImplementationType.
 * Each can be set from the command line (--RngRun=3), from code, or from
 * the environment: CNS_GLOBAL_VALUE="RngRun=3;SchedulerType=ladder" is read
 * the first time any global value is read.
 */
#include "core/cns-global-value.h"

#include "core/cns-attribute.h"
#include "core/cns-core-error.h"
#include "core/cns-log.h"

#include <string.h>

typedef struct
{
  GParamSpec *pspec;
  GValue value;
  CnsGlobalValueCheckFunc check;
  CnsGlobalValueChoicesFunc choices;
} GlobalValue;

static GHashTable *globals; /* name -> GlobalValue */
static GList *order;        /* GParamSpec, in installation order */
static gboolean environment_read;

static void
global_value_free (gpointer data)
{
  GlobalValue *gv = data;

  g_value_unset (&gv->value);
  g_param_spec_unref (gv->pspec);
  g_free (gv);
}

static GlobalValue *
global_value_lookup (const gchar *name, GError **error)
{
  GlobalValue *gv = globals ? g_hash_table_lookup (globals, name) : NULL;

  if (gv == NULL)
    g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_NOT_FOUND,
                 "unknown global value '%s' (see --PrintGlobals)", name);
  return gv;
}

static void
global_values_read_environment (void)
{
  g_autoptr (GError) error = NULL;

  if (environment_read)
    return;
  environment_read = TRUE;
  if (!cns_global_value_apply_environment (&error))
    cns_fatal ("%s", error->message);
}

/**
 * cns_global_value_install: (skip)
 * @pspec: (transfer full): names the value (CamelCase, "RngSeed") and gives
 *   its type, range, default and help text
 * @check: (nullable): extra validation
 *
 * Adds a global value, set to its default.
 */
void
cns_global_value_install (GParamSpec *pspec, CnsGlobalValueCheckFunc check)
{
  cns_global_value_install_with_choices (pspec, check, NULL);
}

/**
 * cns_global_value_install_with_choices: (skip)
 * @pspec: (transfer full): as for cns_global_value_install(); its help text
 *   should not list the choices, which listings add from @choices
 * @check: (nullable): extra validation; it should accept exactly what
 *   @choices lists
 * @choices: (nullable): lists the accepted values
 *
 * Adds a global value whose accepted values come from a registry.
 */
void
cns_global_value_install_with_choices (GParamSpec *pspec,
                                       CnsGlobalValueCheckFunc check,
                                       CnsGlobalValueChoicesFunc choices)
{
  GlobalValue *gv;

  g_return_if_fail (G_IS_PARAM_SPEC (pspec));
  if (globals == NULL)
    globals = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                     global_value_free);
  g_param_spec_ref_sink (pspec);
  if (g_hash_table_contains (globals, pspec->name))
    {
      g_critical ("global value '%s' is already installed", pspec->name);
      g_param_spec_unref (pspec);
      return;
    }
  gv = g_new0 (GlobalValue, 1);
  gv->pspec = pspec;
  gv->check = check;
  gv->choices = choices;
  g_value_init (&gv->value, pspec->value_type);
  g_param_value_set_default (pspec, &gv->value);
  g_hash_table_insert (globals, (gpointer) pspec->name, gv);
  order = g_list_append (order, pspec);
}

/**
 * cns_global_value_set:
 * @name: a global value's name
 * @text: the new value as text
 * @error: a #CNS_CORE_ERROR naming the value and @text when refused
 *
 * Returns: %TRUE when the value was set.
 */
gboolean
cns_global_value_set (const gchar *name, const gchar *text, GError **error)
{
  g_auto (GValue) value = G_VALUE_INIT;
  GlobalValue *gv;

  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  if ((gv = global_value_lookup (name, error)) == NULL)
    return FALSE;
  if (!cns_attribute_parse (gv->pspec, text, &value, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  return cns_global_value_set_value (name, &value, error);
}

/**
 * cns_global_value_set_value:
 * @value: a value of the global value's type
 *
 * Returns: %TRUE when the value was set; %FALSE with @error when it is out
 * of range or refused by the value's check.
 */
gboolean
cns_global_value_set_value (const gchar *name, const GValue *value,
                            GError **error)
{
  g_auto (GValue) v = G_VALUE_INIT;
  GlobalValue *gv;

  g_return_val_if_fail (name != NULL && G_IS_VALUE (value), FALSE);
  /* The environment gives initial values, so that settings made in code or
   * on the command line override it. */
  global_values_read_environment ();
  if ((gv = global_value_lookup (name, error)) == NULL)
    return FALSE;
  g_value_init (&v, gv->pspec->value_type);
  if (!g_value_transform (value, &v))
    {
      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_INVALID,
                   "%s: a %s value cannot be set from a %s", name,
                   g_type_name (gv->pspec->value_type),
                   G_VALUE_TYPE_NAME (value));
      return FALSE;
    }
  if (g_param_value_validate (gv->pspec, &v))
    {
      g_autofree gchar *range = cns_attribute_describe_range (gv->pspec);

      g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_RANGE,
                   "%s: value out of range (accepted: %s)", name, range);
      return FALSE;
    }
  if (gv->check != NULL && !gv->check (&v, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  g_value_copy (&v, &gv->value);
  return TRUE;
}

/**
 * cns_global_value_get:
 * @value: (out caller-allocates): an unset #GValue
 *
 * Copies the current value of @name into @value.
 */
void
cns_global_value_get (const gchar *name, GValue *value)
{
  GlobalValue *gv;

  global_values_read_environment ();
  gv = global_value_lookup (name, NULL);
  g_return_if_fail (gv != NULL);
  g_value_init (value, gv->pspec->value_type);
  g_value_copy (&gv->value, value);
}

/**
 * cns_global_value_get_uint64:
 *
 * Returns: the value of an unsigned integer global value.
 */
guint64
cns_global_value_get_uint64 (const gchar *name)
{
  g_auto (GValue) value = G_VALUE_INIT;
  g_auto (GValue) u64 = G_VALUE_INIT;

  cns_global_value_get (name, &value);
  g_value_init (&u64, G_TYPE_UINT64);
  g_return_val_if_fail (g_value_transform (&value, &u64), 0);
  return g_value_get_uint64 (&u64);
}

/**
 * cns_global_value_get_string:
 *
 * Returns: (transfer none): the value of a string global value, valid until
 * it is next set.
 */
const gchar *
cns_global_value_get_string (const gchar *name)
{
  GlobalValue *gv;

  global_values_read_environment ();
  gv = global_value_lookup (name, NULL);
  g_return_val_if_fail (gv != NULL, NULL);
  g_return_val_if_fail (G_VALUE_HOLDS_STRING (&gv->value), NULL);
  return g_value_get_string (&gv->value);
}

/**
 * cns_global_value_find:
 *
 * Returns: (transfer none) (nullable): the param spec of @name.
 */
GParamSpec *
cns_global_value_find (const gchar *name)
{
  GlobalValue *gv = global_value_lookup (name, NULL);

  return gv ? gv->pspec : NULL;
}

/**
 * cns_global_value_get_choices:
 *
 * Returns: (transfer full) (nullable): the values @name accepts, separated
 * by ", ", when it was installed with a #CnsGlobalValueChoicesFunc.
 */
gchar *
cns_global_value_get_choices (const gchar *name)
{
  GlobalValue *gv;

  g_return_val_if_fail (name != NULL, NULL);
  gv = global_value_lookup (name, NULL);
  g_return_val_if_fail (gv != NULL, NULL);
  return gv->choices != NULL ? gv->choices () : NULL;
}

/**
 * cns_global_value_list:
 *
 * Returns: (transfer container) (element-type GParamSpec): every global
 * value, in the order they were installed.
 */
GList *
cns_global_value_list (void)
{
  return g_list_copy (order);
}

/**
 * cns_global_value_reset:
 *
 * Sets @name back to its default.
 */
void
cns_global_value_reset (const gchar *name)
{
  GlobalValue *gv = global_value_lookup (name, NULL);

  g_return_if_fail (gv != NULL);
  g_param_value_set_default (gv->pspec, &gv->value);
}

/**
 * cns_global_value_apply_environment:
 * @error: a #CNS_CORE_ERROR naming the variable and the bad setting
 *
 * Applies CNS_GLOBAL_VALUE, a list of name=value separated by ';'. Called
 * automatically before any global value is first read.
 *
 * Returns: %TRUE when every setting was applied.
 */
gboolean
cns_global_value_apply_environment (GError **error)
{
  const gchar *env = g_getenv ("CNS_GLOBAL_VALUE");
  g_auto (GStrv) items = NULL;

  environment_read = TRUE;
  if (env == NULL || *env == '\0')
    return TRUE;
  items = g_strsplit (env, ";", -1);
  for (gchar **item = items; *item != NULL; item++)
    {
      gchar *eq;

      if (**item == '\0')
        continue;
      if ((eq = strchr (*item, '=')) == NULL)
        {
          g_set_error (error, CNS_CORE_ERROR, CNS_CORE_ERROR_PARSE,
                       "CNS_GLOBAL_VALUE: '%s' is not name=value", *item);
          return FALSE;
        }
      *eq = '\0';
      if (!cns_global_value_set (*item, eq + 1, error))
        {
          g_prefix_error (error, "CNS_GLOBAL_VALUE: ");
          return FALSE;
        }
    }
  return TRUE;
}
