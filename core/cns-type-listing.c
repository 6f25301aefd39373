/* cns — listings of object types, attributes, trace sources and global
 * values.
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The text of --PrintTypeNames, --PrintAttributes, --PrintTraceSources,
 * --PrintGlobals and of the global-value and attribute sections of --help,
 * for CnsCommandLine and for tools that document attributes.
 *
 * Everything shown is read from where the behaviour comes from, so that a
 * listing cannot promise what the program refuses: an attribute's default
 * from cns_config_get_default() or cns_attribute_get_default() (which also
 * give new objects their values), a global value's choices from its
 * registry through cns_global_value_get_choices().
 */
#include "core/cns-type-listing.h"

#include "core/cns-attribute.h"
#include "core/cns-config.h"
#include "core/cns-data-rate.h"
#include "core/cns-global-value.h"
#include "core/cns-object.h"
#include "core/cns-time.h"
#include "core/cns-trace-source.h"
#include "core/cns-type-listing-private.h"

#include <string.h>

/* Column at which --help starts the description of each option, and the
 * width it wraps descriptions to. */
#define HELP_COLUMN 30
#define HELP_WIDTH  79

/* The word used for a value type in listings, and the placeholder for its
 * value in --help. */
static void
describe_value_type (GType type, const gchar **label, const gchar **metavar)
{
  static const struct
  {
    GType type;
    const gchar *label;
    const gchar *metavar;
  } fundamentals[] = {
    { G_TYPE_BOOLEAN, "boolean", "BOOL" }, { G_TYPE_INT, "int", "INT" },
    { G_TYPE_UINT, "uint", "UINT" },       { G_TYPE_LONG, "long", "INT" },
    { G_TYPE_ULONG, "ulong", "UINT" },     { G_TYPE_INT64, "int64", "INT" },
    { G_TYPE_UINT64, "uint64", "UINT" },   { G_TYPE_FLOAT, "float", "NUMBER" },
    { G_TYPE_DOUBLE, "double", "NUMBER" }, { G_TYPE_STRING, "string", "TEXT" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (fundamentals); i++)
    if (type == fundamentals[i].type)
      {
        *label = fundamentals[i].label;
        *metavar = fundamentals[i].metavar;
        return;
      }
  *label = g_type_name (type);
  if (type == CNS_TYPE_TIME)
    *metavar = "TIME";
  else if (type == CNS_TYPE_DATA_RATE)
    *metavar = "RATE";
  else
    *metavar = "VALUE";
}

/* The placeholder for a value of @value_type in --help: "UINT", "TIME". */
const gchar *
cns_type_listing_metavar (GType value_type)
{
  const gchar *label;
  const gchar *metavar;

  describe_value_type (value_type, &label, &metavar);
  return metavar;
}

/* The current value of a global value, as text. */
gchar *
cns_type_listing_global_value_text (GParamSpec *pspec)
{
  g_auto (GValue) value = G_VALUE_INIT;

  cns_global_value_get (pspec->name, &value);
  return cns_attribute_format (&value);
}

/* Writes one "  --name=VALUE     help [shown]" entry of --help, with the
 * help wrapped to fit in HELP_WIDTH columns. */
void
cns_type_listing_append_help_line (GString *out, const gchar *left,
                                   const gchar *help, const gchar *shown)
{
  g_autofree gchar *text = shown != NULL && *shown != '\0'
                               ? g_strdup_printf ("%s [%s]", help, shown)
                               : g_strdup (help);
  g_auto (GStrv) words = g_strsplit (text, " ", -1);
  gsize start = out->len;
  gsize column;

  g_string_append_printf (out, "  %s", left);
  if (out->len - start + 2 > HELP_COLUMN)
    {
      g_string_append_c (out, '\n');
      start = out->len;
    }
  for (column = out->len - start; column < HELP_COLUMN; column++)
    g_string_append_c (out, ' ');
  for (gchar **w = words; *w != NULL; w++)
    {
      gsize len = strlen (*w);

      if (column > HELP_COLUMN && column + 1 + len > HELP_WIDTH)
        {
          g_string_append_printf (out, "\n%*s", HELP_COLUMN, "");
          column = HELP_COLUMN;
        }
      else if (column > HELP_COLUMN)
        {
          g_string_append_c (out, ' ');
          column++;
        }
      g_string_append (out, *w);
      column += len;
    }
  g_string_append_c (out, '\n');
}

/* The help text of a global value, with its choices when it has some. */
static gchar *
global_value_help (GParamSpec *pspec)
{
  const gchar *blurb = g_param_spec_get_blurb (pspec);
  g_autofree gchar *choices = cns_global_value_get_choices (pspec->name);

  if (blurb == NULL)
    blurb = "";
  if (choices == NULL)
    return g_strdup (blurb);
  return g_strdup_printf ("%s (one of: %s)", blurb, choices);
}

/* Writes the "Global values" and "Attribute defaults" sections of --help;
 * @shown holds the text of each global value in cns_global_value_list()
 * order, as --help shows them (before the command line changed them). */
void
cns_type_listing_append_help_sections (GString *out, GPtrArray *shown)
{
  g_autoptr (GList) globals = cns_global_value_list ();
  guint i = 0;

  g_string_append (out, "\nGlobal values:\n");
  for (GList *it = globals; it != NULL; it = it->next, i++)
    {
      GParamSpec *pspec = it->data;
      g_autofree gchar *help = global_value_help (pspec);
      g_autofree gchar *synopsis
          = G_IS_PARAM_SPEC_BOOLEAN (pspec)
                ? g_strdup_printf ("--%s[=BOOL]", pspec->name)
                : g_strdup_printf (
                    "--%s=%s", pspec->name,
                    cns_type_listing_metavar (pspec->value_type));

      cns_type_listing_append_help_line (
          out, synopsis, help, i < shown->len ? shown->pdata[i] : NULL);
    }

  g_string_append (out, "\nAttribute defaults:\n");
  cns_type_listing_append_help_line (
      out, "--TypeName::Attribute=VALUE",
      "Set the default of an attribute for every object made afterwards, "
      "for example --CnsQueue::MaxSize=100p; list types with "
      "--PrintTypeNames and their attributes with --PrintAttributes=TYPE",
      NULL);
}

static void
collect_type_names (GType type, GPtrArray *names)
{
  guint n = 0;
  g_autofree GType *children = g_type_children (type, &n);

  g_ptr_array_add (names, (gpointer) g_type_name (type));
  for (guint i = 0; i < n; i++)
    collect_type_names (children[i], names);
}

static gint
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const gchar *const *) a, *(const gchar *const *) b);
}

/**
 * cns_type_listing_type_names:
 *
 * Returns: (transfer full): the name of every #CnsObject type registered by
 * now, sorted, one a line: the text of --PrintTypeNames.
 */
gchar *
cns_type_listing_type_names (void)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  collect_type_names (CNS_TYPE_OBJECT, names);
  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf (out, "%s\n", (const gchar *) names->pdata[i]);
  return g_string_free (out, FALSE);
}

/* "      Type: uint, accepted: 1 to 64" under an attribute or global;
 * @choices, when given, are what is accepted. */
static void
append_value_details (GString *out, GParamSpec *pspec, const gchar *choices)
{
  const gchar *blurb = g_param_spec_get_blurb (pspec);
  const gchar *label;
  const gchar *metavar;

  describe_value_type (pspec->value_type, &label, &metavar);
  if (blurb != NULL && *blurb != '\0')
    g_string_append_printf (out, "      %s\n", blurb);
  g_string_append_printf (out, "      Type: %s", label);
  if (choices != NULL)
    g_string_append_printf (out, ", accepted: one of: %s", choices);
  /* Every string is accepted, so a string has no range to show. */
  else if (!G_IS_PARAM_SPEC_STRING (pspec))
    {
      g_autofree gchar *range = cns_attribute_describe_range (pspec);

      g_string_append_printf (out, ", accepted: %s", range);
    }
  if (!(pspec->flags & G_PARAM_WRITABLE))
    g_string_append (out, ", read-only");
  g_string_append_c (out, '\n');
}

/**
 * cns_type_listing_attributes:
 * @type: a #GObject type
 *
 * Lists the attributes of @type, its own first and then each ancestor's,
 * each with the default a new object gets (including those set with
 * cns_config_set_default()), help text, type and accepted values: the
 * text of --PrintAttributes=TYPE.
 *
 * Returns: (transfer full): the listing.
 */
gchar *
cns_type_listing_attributes (GType type)
{
  g_autoptr (GTypeClass) klass = NULL;
  g_autofree GParamSpec **specs = NULL;
  GString *out;
  gboolean any = FALSE;
  guint n = 0;

  g_return_val_if_fail (g_type_is_a (type, G_TYPE_OBJECT), NULL);
  klass = g_type_class_ref (type);
  specs = g_object_class_list_properties (G_OBJECT_CLASS (klass), &n);
  out = g_string_new (NULL);
  /* The defaults belong to the class that declares them. */
  for (GType t = type; t != G_TYPE_OBJECT; t = g_type_parent (t))
    {
      gboolean heading = FALSE;

      for (guint i = 0; i < n; i++)
        {
          GParamSpec *pspec = specs[i];
          GParamSpec *target = g_param_spec_get_redirect_target (pspec);
          g_auto (GValue) value = G_VALUE_INIT;
          g_autofree gchar *attr = NULL;
          g_autofree gchar *text = NULL;

          if (pspec->owner_type != t)
            continue;
          if (target != NULL)
            pspec = target;
          if (!heading)
            g_string_append_printf (out, "%sAttributes of %s:\n",
                                    any ? "\n" : "", g_type_name (t));
          heading = any = TRUE;
          if (!cns_config_get_default (t, pspec, &value))
            cns_attribute_get_default (pspec, &value);
          attr = cns_attribute_name_from_property (pspec->name);
          text = cns_attribute_format (&value);
          g_string_append_printf (out, "  --%s::%s=[%s]\n", g_type_name (t),
                                  attr, text);
          append_value_details (out, pspec, NULL);
        }
    }
  if (!any)
    g_string_append_printf (out, "%s has no attributes\n", g_type_name (type));
  return g_string_free (out, FALSE);
}

/**
 * cns_type_listing_trace_sources:
 * @type: a #GObject type
 *
 * Returns: (transfer full): the trace sources of @type and its ancestors,
 * with their callback signatures and help: the text of
 * --PrintTraceSources=TYPE.
 */
gchar *
cns_type_listing_trace_sources (GType type)
{
  g_autoptr (GTypeClass) klass = NULL;
  g_autoptr (GPtrArray) list = NULL;
  GType owner = G_TYPE_INVALID;
  GString *out;

  g_return_val_if_fail (g_type_is_a (type, G_TYPE_OBJECT), NULL);
  /* Trace sources are installed by class_init, which may not have run. */
  klass = g_type_class_ref (type);
  list = cns_trace_source_list (type);
  out = g_string_new (NULL);
  for (guint i = 0; i < list->len; i++)
    {
      const CnsTraceSourceInfo *info = g_ptr_array_index (list, i);

      if (info->owner != owner)
        g_string_append_printf (out, "%sTrace sources of %s:\n",
                                owner != G_TYPE_INVALID ? "\n" : "",
                                g_type_name (info->owner));
      owner = info->owner;
      g_string_append_printf (out, "  %s: %s\n", info->name, info->signature);
      if (info->blurb != NULL && *info->blurb != '\0')
        g_string_append_printf (out, "      %s\n", info->blurb);
    }
  if (list->len == 0)
    g_string_append_printf (out, "%s has no trace sources\n",
                            g_type_name (type));
  return g_string_free (out, FALSE);
}

/**
 * cns_type_listing_global_values:
 *
 * Returns: (transfer full): every global value with its current value,
 * help, type and accepted values, registered choices included: the text
 * of --PrintGlobals.
 */
gchar *
cns_type_listing_global_values (void)
{
  g_autoptr (GList) globals = cns_global_value_list ();
  GString *out = g_string_new ("Global values:\n");

  for (GList *it = globals; it != NULL; it = it->next)
    {
      GParamSpec *pspec = it->data;
      g_autofree gchar *text = cns_type_listing_global_value_text (pspec);
      g_autofree gchar *choices = cns_global_value_get_choices (pspec->name);

      g_string_append_printf (out, "  --%s=[%s]\n", pspec->name, text);
      append_value_details (out, pspec, choices);
    }
  return g_string_free (out, FALSE);
}
